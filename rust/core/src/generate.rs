//! The default pipeline, assembled from [`GeneratorParams`], and the entry points that run it.

use crate::biomes::Biomes;
use crate::climate::{Climate, MapFrame};
use crate::context::Context;
use crate::grid::Grid;
use crate::heightmap::Heightmap;
use crate::landform::LandTerrain;
use crate::layers::{ForestMask, ForestPlacement, HybridTerrain, Hydrology, TerrainTexture};
use crate::params::{GeneratorParams, ParamError, WorldMode};
use crate::pipeline::Layer;
use crate::pipeline::{LayerError, Pipeline, PipelineError};
use crate::progress::Progress;
use crate::scatter::Scatter;
use crate::settlements::Settlements;
use crate::stats::GenerationStats;
use std::sync::Arc;
use thiserror::Error;

/// Why a generation failed.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum GenerateError {
    /// A parameter is out of range; nothing ran.
    #[error("invalid parameters: {0}")]
    Param(#[from] ParamError),
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

/// The default pipeline type: the height model's layer (`HybridTerrain` for pool,
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
pub struct Inputs {
    /// The heightmap of the `image` height model.
    pub heightmap: Option<Arc<Heightmap>>,
}

/// The first layer: the chosen height model.
pub fn height_layer(params: &GeneratorParams) -> Box<dyn Layer> {
    height_layer_with(params, &Inputs::default())
}

/// [`height_layer`] with the inputs the image model reads.
pub fn height_layer_with(params: &GeneratorParams, inputs: &Inputs) -> Box<dyn Layer> {
    height_layer_in(params, inputs, MapFrame::of(params))
}

/// [`height_layer_with`] for a map laid out in `frame`.
pub fn height_layer_in(
    params: &GeneratorParams,
    inputs: &Inputs,
    frame: MapFrame,
) -> Box<dyn Layer> {
    match LandTerrain::framed(params, inputs.heightmap.clone(), frame) {
        Some(land) => Box::new(land),
        None => Box::new(HybridTerrain {
            lakes: params.water.erosion_lakes(),
            edge_falloff: params.edge_falloff,
            shaping: crate::biomes::shape::Shaping::new(params),
            ..HybridTerrain::new(params.seed, params.terrain)
        }),
    }
}

/// Builds the default pipeline for a parameter set.
pub fn default_pipeline(params: &GeneratorParams) -> DefaultPipeline {
    default_pipeline_with(params, &Inputs::default())
}

/// [`default_pipeline`] with the inputs the image model reads.
pub fn default_pipeline_with(params: &GeneratorParams, inputs: &Inputs) -> DefaultPipeline {
    default_pipeline_in(params, inputs, MapFrame::of(params))
}

/// [`default_pipeline_with`] for a map laid out in `frame` (a tile of an endless world lies at a
/// whole-cell offset from the world's origin, see [`crate::world`]). In
/// [`WorldMode::Infinite`] the stages that need a bounded map are off
/// ([`crate::world::infinite_rules`]), the sea is every cell below the sea level, trees draw
/// from a hash of their world cell and colours are relative to `peak_height`.
pub fn default_pipeline_in(
    params: &GeneratorParams,
    inputs: &Inputs,
    frame: MapFrame,
) -> DefaultPipeline {
    let infinite = params.world_mode == WorldMode::Infinite;
    let params = &crate::world::infinite_rules(params);
    Pipeline::new((
        height_layer_in(params, inputs, frame),
        Hydrology {
            local_sea: infinite,
            ..Hydrology::new(params.seed, params.water)
        },
        Climate::framed(params, frame),
        Biomes::framed(params, frame),
        Settlements::new(params),
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
            ground: Some(crate::layers::texture::GroundScale {
                cell_size: params.cell_size,
                height_scale: params.height_scale,
                snowline: params.biomes.snowline,
            }),
            height_max: infinite.then_some(params.terrain.peak_height),
        },
    ))
}

/// Validates `params`, runs the default pipeline on a fresh grid and gathers statistics.
pub fn generate(params: &GeneratorParams) -> Result<(Grid, GenerationStats), GenerateError> {
    generate_with_progress(params, Progress::default())
}

/// [`generate`] with a progress sink that may cancel.
pub fn generate_with_progress(
    params: &GeneratorParams,
    progress: Progress,
) -> Result<(Grid, GenerationStats), GenerateError> {
    generate_with_inputs(params, &Inputs::default(), progress)
}

/// [`generate_with_progress`] with the inputs the image model reads (its heightmap).
pub fn generate_with_inputs(
    params: &GeneratorParams,
    inputs: &Inputs,
    progress: Progress,
) -> Result<(Grid, GenerationStats), GenerateError> {
    generate_in(params, inputs, MapFrame::of(params), progress)
}

/// [`generate_with_inputs`] for a map laid out in `frame` (see [`default_pipeline_in`]).
pub fn generate_in(
    params: &GeneratorParams,
    inputs: &Inputs,
    frame: MapFrame,
    progress: Progress,
) -> Result<(Grid, GenerationStats), GenerateError> {
    params.validate()?;
    let pipeline = default_pipeline_in(params, inputs, frame);
    let mut grid = Grid::new(params.width as usize, params.depth as usize);
    let mut ctx = Context::new(progress);
    pipeline.execute(&mut grid, &mut ctx)?;
    let mut stats = ctx.into_stats();
    stats.measure(&grid);
    Ok((grid, stats))
}
