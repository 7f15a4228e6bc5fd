//! The one entry to generation: [`generate`] runs the default pipeline, built by
//! [`default_pipeline`] in the order [`crate::stages`] lists, with [`GenerateOptions`].

use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::data::heightmap::Heightmap;
use crate::data::stats::{GenerationStats, LayerTiming};
use crate::params::limits::LimitError;
use crate::params::paths::{Path, PathError, PathKind};
use crate::params::sites::{Site, SiteError};
use crate::params::stamps::{Stamp, StampError};
use crate::params::{GeneratorParams, ParamError, WorldMode};
use crate::stages::biomes::Biomes;
use crate::stages::climate::Climate;
use crate::stages::context::Context;
use crate::stages::forest::{ForestMask, ForestPlacement};
use crate::stages::hydrology::Hydrology;
use crate::stages::landform::pool::HybridTerrain;
use crate::stages::landform::stamps::Stamping;
use crate::stages::landform::LandTerrain;
use crate::stages::pipeline::{Layer, LayerError, Pipeline, PipelineError};
use crate::stages::progress::Progress;
use crate::stages::scatter::Scatter;
use crate::stages::settlements::plan::{plan_params, Plan};
use crate::stages::settlements::Settlements;
use crate::stages::texture::TerrainTexture;
use std::sync::Arc;
use thiserror::Error;

/// Why a generation failed.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum GenerateError {
    /// A parameter is out of range; nothing ran.
    #[error("invalid parameters: {0}")]
    Param(#[from] ParamError),
    /// A stamp is out of range; nothing ran.
    #[error("invalid stamps: {0}")]
    Stamp(#[from] StampError),
    /// A path is out of range; nothing ran.
    #[error("invalid paths: {0}")]
    Path(#[from] PathError),
    /// A site is out of range; nothing ran.
    #[error("invalid sites: {0}")]
    Site(#[from] SiteError),
    /// More stamps, paths or sites than their limits ([`crate::params::limits`]); nothing ran.
    #[error("too many inputs: {0}")]
    Limit(#[from] LimitError),
    /// A layer failed.
    #[error(transparent)]
    Pipeline(#[from] PipelineError),
}

impl GenerateError {
    /// Whether the run was cancelled through its progress sink.
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self,
            GenerateError::Pipeline(PipelineError {
                source: LayerError::Cancelled,
                ..
            })
        )
    }
}

/// The default pipeline type: the height model's layer ([`HybridTerrain`], the pool model,
/// [`LandTerrain`] for subdivision and continents) `→ Hydrology → Climate → Biomes → Settlements →
/// ForestMask → ForestPlacement → Scatter → TerrainTexture`.
pub type DefaultPipeline = Pipeline<(
    Box<dyn Layer>,
    Hydrology,
    Climate,
    Biomes,
    Settlements,
    ForestMask,
    ForestPlacement,
    Scatter,
    TerrainTexture,
)>;

/// What a generation reads besides its parameters: files a designer brings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExternalInputs {
    /// The heightmap of the `image` height model.
    pub heightmap: Option<Arc<Heightmap>>,
    /// The designer's stamps, laid on the heights before erosion (bounded maps only: an endless
    /// world's tiles ignore them).
    pub stamps: Vec<Stamp>,
    /// The designer's paths: ridges, valleys and river channels laid after the stamps, rivers
    /// run down their river paths, roads along their road paths (bounded maps only).
    pub paths: Vec<Path>,
    /// The designer's pinned settlements, placed first when settlements are on (bounded maps
    /// only).
    pub sites: Vec<Site>,
}

/// How one generation runs, besides its parameters. `GenerateOptions::default()` runs every
/// stage of a bounded map with no progress sink and no external inputs.
#[derive(Clone, Debug, Default)]
pub struct GenerateOptions {
    /// The progress sink, which may cancel the run.
    pub progress: Progress,
    /// The files the image height model reads (its heightmap).
    pub inputs: ExternalInputs,
    /// Where the map lies in the world; `None` for the frame of the parameters
    /// ([`MapFrame::of`]). A tile of an endless world lies at a whole-cell offset from the
    /// world's origin (see [`crate::world`]).
    pub frame: Option<MapFrame>,
    /// Stops after the height model's layer: the grid holds the heights and terrain classes,
    /// and no later stage runs.
    pub height_only: bool,
    /// Stops after the settlements layer: the grid holds the heights, water, climate, biomes,
    /// settlements and roads, and the forests, scatter and ground colours do not run (what a
    /// settlement plan reads, [`crate::stages::settlements::plan`]).
    pub through_settlements: bool,
}

impl GenerateOptions {
    /// The options with a progress sink.
    pub fn with_progress(progress: Progress) -> Self {
        GenerateOptions {
            progress,
            ..Default::default()
        }
    }

    /// The frame the map lies in.
    fn frame_for(&self, params: &GeneratorParams) -> MapFrame {
        self.frame.unwrap_or_else(|| MapFrame::of(params))
    }
}

/// The first layer: the chosen height model.
fn height_layer(
    params: &GeneratorParams,
    inputs: &ExternalInputs,
    frame: MapFrame,
) -> Box<dyn Layer> {
    let stamps = Stamping {
        stamps: inputs.stamps.clone(),
        paths: inputs.paths.clone(),
        frame: (params.world_mode == WorldMode::Bounded).then_some(frame),
        seed: params.seed,
    };
    match LandTerrain::framed(params, inputs.heightmap.clone(), frame) {
        Some(land) => Box::new(LandTerrain { stamps, ..land }),
        None => Box::new(HybridTerrain {
            stamps,
            lakes: params.water.erosion_lakes(params.cell_size),
            edge_falloff: params.edge_falloff_width / params.cell_size,
            cell_size: params.cell_size,
            shaping: crate::stages::biomes::shape::Shaping::new(params),
            landscape: params.landscape,
            height_scale: params.height_scale,
            ..HybridTerrain::new(params.seed, params.terrain)
        }),
    }
}

/// The paths of one kind.
fn drawn(paths: &[Path], kind: PathKind) -> Vec<Path> {
    paths.iter().filter(|p| p.kind == kind).cloned().collect()
}

/// Builds the default pipeline for a parameter set and the inputs and frame of `options`. In
/// [`WorldMode::Infinite`] the stages that need a bounded map are off
/// ([`GeneratorParams::infinite_rules`]), the sea is every cell below the sea level, trees draw
/// from a hash of their world cell and colours are relative to `peak_height`.
pub fn default_pipeline(params: &GeneratorParams, options: &GenerateOptions) -> DefaultPipeline {
    let frame = options.frame_for(params);
    let infinite = params.world_mode == WorldMode::Infinite;
    let params = &params.infinite_rules();
    Pipeline::new((
        height_layer(params, &options.inputs, frame),
        Hydrology {
            local_sea: infinite,
            cell_size: params.cell_size,
            rivers: if infinite {
                Vec::new()
            } else {
                drawn(&options.inputs.paths, PathKind::River)
            },
            frame: Some(frame),
            ..Hydrology::new(params.seed, params.water)
        },
        Climate::framed(params, frame),
        Biomes::framed(params, frame),
        Settlements {
            sites: if infinite {
                Vec::new()
            } else {
                options.inputs.sites.clone()
            },
            roads: if infinite {
                Vec::new()
            } else {
                drawn(&options.inputs.paths, PathKind::Road)
            },
            frame,
            ..Settlements::new(params)
        },
        ForestMask {
            params: params.forest.mask(),
        },
        ForestPlacement {
            seed: params.seed,
            params: params.forest.placement(),
            world: infinite.then_some(frame),
        },
        Scatter::framed(params, &frame),
        TerrainTexture {
            ground: Some(crate::stages::texture::GroundScale {
                cell_size: params.cell_size,
                height_scale: params.height_scale,
                snowline: params.biomes.snowline,
            }),
            height_max: infinite.then_some(params.terrain.peak_height),
            relief: (params.ground_style == crate::params::GroundStyle::Relief).then_some(
                crate::stages::texture::ReliefScale {
                    peak_height: params.terrain.peak_height,
                    cell_size: params.cell_size,
                    height_scale: params.height_scale,
                },
            ),
            blended: params.ground_style.carries_splat(),
        },
    ))
}

/// Validates `params` and the inputs (how many stamps, paths and sites there are, then each
/// one), runs the default pipeline (or only its height layer) on a fresh grid and gathers
/// statistics.
pub fn generate(
    params: &GeneratorParams,
    options: GenerateOptions,
) -> Result<(Grid, GenerationStats), GenerateError> {
    params.validate()?;
    let inputs = &options.inputs;
    crate::params::limits::check(&inputs.stamps, &inputs.paths, &inputs.sites)?;
    crate::params::stamps::validate(&options.inputs.stamps)?;
    crate::params::paths::validate(&options.inputs.paths)?;
    crate::params::sites::validate(&options.inputs.sites)?;
    crate::algorithms::threads::ensure_pool();
    crate::algorithms::threads::on_pool(|| run(params, options))
}

/// The name the settlement plan's time goes by among the layers' timings.
pub const PLAN_TIMING: &str = "SettlementPlan";

/// The settlement plan a map follows ([`crate::stages::settlements::plan`]): the world
/// generated once more on the plan's cells, up to its settlements, when the map is not its own
/// plan ([`plan_params`]); `None` when it is, for a map placed in a frame of its own (a tile or a
/// window of a larger world) and when the plan's map fails. The run reports no progress of its
/// own but stops when the sink of `options` cancels.
pub fn settlement_plan(
    params: &GeneratorParams,
    options: &GenerateOptions,
) -> Result<Option<Plan>, GenerateError> {
    if options.frame.is_some() || options.height_only {
        return Ok(None);
    }
    let Some(plan_params) = plan_params(params) else {
        return Ok(None);
    };
    let parent = options.progress.clone();
    let plan_options = GenerateOptions {
        progress: Progress::new(move |_| parent.report(0.0)),
        inputs: options.inputs.clone(),
        through_settlements: true,
        ..Default::default()
    };
    match run(&plan_params, plan_options) {
        Ok((grid, _)) => Ok(Some(Plan::of(
            &grid,
            plan_params.cell_size,
            plan_params.settlements.hex_radius,
        ))),
        Err(e) if e.is_cancelled() => Err(e),
        Err(_) => Ok(None),
    }
}

/// The pipeline of [`generate`], on validated inputs.
fn run(
    params: &GeneratorParams,
    options: GenerateOptions,
) -> Result<(Grid, GenerationStats), GenerateError> {
    let mut grid = Grid::new(params.width as usize, params.depth as usize);
    let mut ctx = Context::new(options.progress.clone());
    if options.height_only {
        let frame = options.frame_for(params);
        let params = &params.infinite_rules();
        Pipeline::new((height_layer(params, &options.inputs, frame),))
            .execute(&mut grid, &mut ctx)?;
    } else {
        let start = std::time::Instant::now();
        let plan = settlement_plan(params, &options)?;
        if plan.is_some() {
            ctx.stats_mut().timings.push(LayerTiming {
                layer: PLAN_TIMING.to_owned(),
                elapsed: start.elapsed(),
            });
        }
        let mut pipeline = default_pipeline(params, &options);
        pipeline.0 .4.plan = plan;
        if options.through_settlements {
            let Pipeline((height, water, climate, biomes, settlements, ..)) = pipeline;
            Pipeline::new((height, water, climate, biomes, settlements))
                .execute(&mut grid, &mut ctx)?;
        } else {
            pipeline.execute(&mut grid, &mut ctx)?;
        }
    }
    let mut stats = ctx.into_stats();
    crate::stages::stats::measure(&mut stats, &grid);
    Ok((grid, stats))
}
