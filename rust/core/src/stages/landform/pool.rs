//! `HybridTerrain`: coverage mask, heightmap inside the pool, droplet erosion, classification.

use crate::algorithms::erosion::{Erosion, ErosionError, ErosionReport, MergeGuard};
use crate::algorithms::noise::fbm_row;
use crate::data::grid::{Grid, Terrain};
use crate::params::LakeFilter;
use crate::params::TerrainParams;
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

/// Phase 1: frequency of the coverage-mask noise, per cell.
pub const MASK_SCALE: f32 = 0.015;
/// Phase 1: octaves of the coverage-mask noise.
pub const MASK_OCTAVES: u32 = 4;

/// Phase 2: octaves of the height noise.
pub const HEIGHT_OCTAVES: u32 = 6;
/// Phase 2: the fBm value is shaped as `clamp(fbm·HEIGHT_GAIN + HEIGHT_OFFSET, 0, 1)`.
pub const HEIGHT_GAIN: f32 = 1.3;
/// Phase 2: see [`HEIGHT_GAIN`].
pub const HEIGHT_OFFSET: f32 = -0.15;
/// Phase 2: width of the edge blend `β = clamp((m − τ)/Δ, 0, 1)` in mask-noise units.
pub const EDGE_BLEND: f32 = 0.05;
/// Phase 2: noise periods across the pool's effective radius; the height noise scale is
/// `s = HEIGHT_FEATURES / r_eff` with `r_eff = sqrt(N_target/π)`.
pub const HEIGHT_FEATURES: f32 = 1.5;

/// Phase 4: cells in the pool above this height are `Mountain`.
pub const MOUNTAIN_MIN_HEIGHT: f32 = 0.1;

/// The mountain pool chosen by phase 1.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverageMask {
    /// The mask noise `m(x, z)` of every cell.
    pub noise: Vec<f32>,
    /// The threshold `τ`: the smallest mask value in the pool (`+∞` for an empty pool).
    pub threshold: f32,
    /// `N_target = round(N·coverage)`: the number of pool cells.
    pub target: usize,
    /// Pool membership per cell.
    pub pool: Vec<bool>,
}

/// Phase 1: 4-octave fBm at scale 0.015, and the pool of exactly `round(N·coverage)` cells with
/// the highest mask values (ties broken by cell index, so the count is exact).
pub fn coverage_mask(width: usize, depth: usize, coverage: f32, seed: u64) -> CoverageMask {
    crate::algorithms::threads::ensure_pool();
    let n = width * depth;
    let noise_seed = crate::algorithms::seed::derive32(seed, "mask");
    let mut noise = vec![0.0f32; n];
    noise
        .par_chunks_mut(width.max(1))
        .enumerate()
        .for_each(|(z, row)| fbm_row(z, MASK_SCALE, MASK_OCTAVES, noise_seed, row));
    select_pool(noise, coverage)
}

/// Phase 1, selection: the `round(N·coverage)` cells with the highest mask values form the pool,
/// ties broken towards the higher cell index, so the count is exact whatever the noise. Mask values
/// must be non-negative (as fBm values are).
pub fn select_pool(noise: Vec<f32>, coverage: f32) -> CoverageMask {
    let n = noise.len();
    let target = ((n as f64) * f64::from(coverage))
        .round()
        .clamp(0.0, n as f64) as usize;
    let mut pool = vec![false; n];
    if target == 0 {
        return CoverageMask {
            noise,
            threshold: f32::INFINITY,
            target,
            pool,
        };
    }
    let key = |i: u32| (noise[i as usize].to_bits(), i);
    let mut order: Vec<u32> = (0..n as u32).collect();
    let (_, &mut pivot, _) = order.select_nth_unstable_by_key(n - target, |&i| key(i));
    let threshold = noise[pivot as usize];
    let pivot_key = key(pivot);
    for (i, p) in pool.iter_mut().enumerate() {
        *p = key(i as u32) >= pivot_key;
    }
    CoverageMask {
        noise,
        threshold,
        target,
        pool,
    }
}

/// Phase 2: noise scale from the effective pool radius.
pub fn height_noise_scale(target: usize) -> f32 {
    let r_eff = (target as f32 / std::f32::consts::PI).sqrt().max(1.0);
    HEIGHT_FEATURES / r_eff
}

/// Phase 2: `h = H_peak · clamp(fbm6(x·s, z·s)·1.3 − 0.15, 0, 1) · β` inside the pool, 0 outside.
pub fn pool_heights(mask: &CoverageMask, width: usize, peak_height: f32, seed: u64) -> Vec<f32> {
    crate::algorithms::threads::ensure_pool();
    let scale = height_noise_scale(mask.target);
    let noise_seed = crate::algorithms::seed::derive32(seed, "height");
    let mut height = vec![0.0f32; mask.pool.len()];
    height
        .par_chunks_mut(width.max(1))
        .enumerate()
        .for_each(|(z, row)| {
            fbm_row(z, scale, HEIGHT_OCTAVES, noise_seed, row);
            for (x, h) in row.iter_mut().enumerate() {
                let i = z * width + x;
                *h = if mask.pool[i] {
                    let shaped = (*h * HEIGHT_GAIN + HEIGHT_OFFSET).clamp(0.0, 1.0);
                    let beta = ((mask.noise[i] - mask.threshold) / EDGE_BLEND).clamp(0.0, 1.0);
                    peak_height * shaped * beta
                } else {
                    0.0
                };
            }
        });
    height
}

/// Phase 4: `Mountain` where in the pool and above [`MOUNTAIN_MIN_HEIGHT`], else `Grass`; roughness
/// `sqrt(a/a_max) · clamp(h/H_peak, 0, 1)` from the erosion activity `a`, 0 outside the pool.
pub fn classify(grid: &mut Grid, activity: &[f32], peak_height: f32) {
    classify_above(grid, activity, 0.0, MOUNTAIN_MIN_HEIGHT, peak_height);
}

/// Phase 4 for any ground level `base`: `Mountain` where in the pool and more than
/// `mountain_above` above `base`, else `Grass`; roughness
/// `sqrt(a/a_max) · clamp((h − base)/relief, 0, 1)` in the pool, 0 outside it.
pub fn classify_above(
    grid: &mut Grid,
    activity: &[f32],
    base: f32,
    mountain_above: f32,
    relief: f32,
) {
    crate::algorithms::threads::ensure_pool();
    let max_activity = activity.iter().copied().fold(0.0f32, f32::max);
    let inv_activity = if max_activity > 0.0 {
        1.0 / max_activity
    } else {
        0.0
    };
    let Grid {
        height,
        roughness,
        terrain,
        pool,
        ..
    } = grid;
    (
        height.par_iter(),
        roughness.par_iter_mut(),
        terrain.par_iter_mut(),
        pool.par_iter(),
        activity.par_iter(),
    )
        .into_par_iter()
        .for_each(|(&h, r, t, &in_pool, &a)| {
            let above = h - base;
            *t = if in_pool && above > mountain_above {
                Terrain::Mountain
            } else {
                Terrain::Grass
            };
            *r = if in_pool {
                (a * inv_activity).sqrt() * (above / relief).clamp(0.0, 1.0)
            } else {
                0.0
            };
        });
}

/// The coverage-controlled mountain layer (the original design, "Hybrid Terrain Generation").
///
/// Erosion reports its progress through the context and may be cancelled there; the layer writes
/// `erosion_steps` and `lake_jumps` into the context's statistics (the batches finished so far
/// when cancelled).
#[derive(Clone, Debug, Default)]
pub struct HybridTerrain {
    /// Master seed.
    pub seed: u64,
    /// Coverage, peak height, droplets and erosion constants.
    pub params: TerrainParams,
    /// Droplets continue through the lakes that pass this filter (the lake-erosion article); `None`: plain
    /// erosion.
    pub lakes: Option<LakeFilter>,
    /// Width in cells of the border over which the mountains fade to the flat ground (0: none).
    pub edge_falloff: u32,
    /// Biome shaping of the raw heights, when biomes are on.
    pub shaping: Option<crate::stages::biomes::shape::Shaping>,
}

impl HybridTerrain {
    /// The layer for a seed and its parameters.
    pub fn new(seed: u64, params: TerrainParams) -> Self {
        HybridTerrain {
            seed,
            params,
            ..Default::default()
        }
    }

    /// Runs the four phases and returns the erosion report.
    pub fn run(&self, grid: &mut Grid, ctx: &mut Context) -> Result<ErosionReport, LayerError> {
        self.params.validate()?;
        let (width, depth) = (grid.width(), grid.depth());
        let mask = coverage_mask(width, depth, self.params.coverage, self.seed);
        grid.height = pool_heights(&mask, width, self.params.peak_height, self.seed);
        crate::stages::landform::falloff::apply(
            &mut grid.height,
            width,
            depth,
            self.edge_falloff,
            0.0,
        );
        grid.pool = mask.pool;
        if let Some(shaping) = &self.shaping {
            shaping.apply(grid)?;
        }
        let report = erode(
            grid,
            ctx,
            self.seed,
            &self.params,
            self.lakes,
            MergeGuard::Pool,
        )?;
        classify(grid, &report.activity, self.params.peak_height);
        Ok(report)
    }
}

/// Phase 3: droplet erosion of the grid's pool cells, its figures written into the context's
/// statistics (the batches finished so far when cancelled).
pub(crate) fn erode(
    grid: &mut Grid,
    ctx: &mut Context,
    seed: u64,
    params: &TerrainParams,
    lakes: Option<LakeFilter>,
    guard: MergeGuard,
) -> Result<ErosionReport, LayerError> {
    let pool_cells = grid.pool.iter().filter(|&&p| p).count();
    let erosion = Erosion {
        pool: &grid.pool,
        width: grid.width(),
        depth: grid.depth(),
        droplets: params.droplet_count(pool_cells),
        params: params.erosion,
        seed: crate::algorithms::seed::derive(seed, "erosion"),
        lakes,
        guard,
    };
    match erosion.run(&mut grid.height, &mut |f| ctx.report(f)) {
        Ok(report) => {
            record(ctx, &report);
            Ok(report)
        }
        Err(ErosionError::Cancelled(partial)) => {
            record(ctx, &partial);
            Err(LayerError::Cancelled)
        }
        Err(e @ ErosionError::PlaneSize { .. }) => Err(LayerError::Grid(e.to_string())),
    }
}

/// Writes the erosion figures into the context's statistics.
fn record(ctx: &mut Context, report: &ErosionReport) {
    let stats = ctx.stats_mut();
    stats.erosion_steps = report.steps;
    stats.lake_jumps = report.lake_jumps;
}

impl Layer for HybridTerrain {
    fn name(&self) -> &str {
        "HybridTerrain"
    }

    fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
        self.run(grid, ctx).map(|_| ())
    }
}
