//! The default pipeline, assembled from [`GeneratorParams`], and its statistics.

use crate::grid::{Grid, Terrain, WaterKind};
use crate::layers::{ForestMask, ForestPlacement, HybridTerrain, Hydrology, TerrainTexture};
use crate::params::{GeneratorParams, ParamError};
use crate::pipeline::{LayerTiming, Pipeline, PipelineError, Timings};
use crate::progress::Progress;
use std::sync::atomic::Ordering;
use std::time::Duration;
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
                source: crate::pipeline::LayerError::Cancelled,
                ..
            })
        )
    }
}

/// The default pipeline type:
/// `HybridTerrain → Hydrology → ForestMask → ForestPlacement → TerrainTexture`.
pub type DefaultPipeline = Pipeline<(
    HybridTerrain,
    Hydrology,
    ForestMask,
    ForestPlacement,
    TerrainTexture,
)>;

/// Builds the default pipeline for a parameter set.
pub fn default_pipeline(params: &GeneratorParams, progress: Progress) -> DefaultPipeline {
    Pipeline::new((
        HybridTerrain {
            progress,
            lakes: params.water.erosion_lakes(),
            ..HybridTerrain::new(params.seed, params.terrain)
        },
        Hydrology::new(params.seed, params.water),
        ForestMask {
            params: params.forest.mask(),
        },
        ForestPlacement {
            seed: params.seed,
            params: params.forest.placement(),
        },
        TerrainTexture,
    ))
}

/// Figures describing one generated grid.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerationStats {
    /// Wall time of each layer.
    pub timings: Vec<LayerTiming>,
    /// Droplet steps simulated by erosion.
    pub erosion_steps: u64,
    /// Fraction of cells in the mountain pool.
    pub pool_fraction: f64,
    /// Highest elevation.
    pub max_height: f32,
    /// Cells per class, indexed by `Terrain as usize`.
    pub class_counts: [usize; 4],
    /// Erosion droplets that reached a lake and continued from its outflow.
    pub lake_jumps: u64,
    /// Number of lakes.
    pub lake_count: usize,
    /// Cells per water kind, indexed by `WaterKind as usize`.
    pub water_counts: [usize; 4],
    /// Largest flow accumulation: the most mountain cells draining through one cell (0 when the
    /// water layer has nothing to do).
    pub max_accumulation: u32,
    /// [`Grid::hash`] of the result.
    pub grid_hash: u64,
}

impl GenerationStats {
    /// Total wall time of the pipeline.
    pub fn total_time(&self) -> Duration {
        self.timings.iter().map(|t| t.elapsed).sum()
    }

    /// Cells of one class.
    pub fn count(&self, terrain: Terrain) -> usize {
        self.class_counts[terrain as usize]
    }

    /// Cells of one water kind.
    pub fn water_count(&self, kind: WaterKind) -> usize {
        self.water_counts[kind as usize]
    }
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
    params.validate()?;
    let pipeline = default_pipeline(params, progress);
    let mut grid = Grid::new(params.width as usize, params.depth as usize);
    let mut timings = Timings::default();
    pipeline.execute_with(&mut grid, &mut timings)?;
    let pool = grid.pool.iter().filter(|&&p| p).count();
    let stats = GenerationStats {
        timings: timings.0,
        erosion_steps: pipeline.0 .0.last_steps.load(Ordering::Relaxed),
        pool_fraction: pool as f64 / grid.len() as f64,
        max_height: grid.max_height(),
        class_counts: grid.class_counts(),
        lake_jumps: pipeline.0 .0.last_lake_jumps.load(Ordering::Relaxed),
        lake_count: grid.lakes.len(),
        water_counts: grid.water_counts(),
        max_accumulation: pipeline.0 .1.last_max_accumulation.load(Ordering::Relaxed),
        grid_hash: grid.hash(),
    };
    Ok((grid, stats))
}
