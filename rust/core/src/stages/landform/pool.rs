//! `HybridTerrain`: coverage mask, heightmap inside the pool, the landscape evolution, droplet
//! erosion, classification.

use crate::algorithms::erosion::{Erosion, ErosionError, ErosionReport, MergeGuard};
use crate::algorithms::landscape::Scale;
use crate::algorithms::noise::fbm_row_resolved;
use crate::data::grid::{Grid, Terrain};
use crate::params::LakeFilter;
use crate::params::{LandscapeParams, TerrainParams};
use crate::stages::context::Context;
use crate::stages::landform::erosion_lattice::Lattice;
use crate::stages::landform::landscape::{carve_pool, drain_pits, drained};
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

use super::pool_shape::mask_seed;
pub use super::pool_shape::{
    smooth_min, PoolShape, EDGE_SOFTNESS, MASK_MAX_SLOPE, MASK_MEAN_SLOPE, MASK_OCTAVES,
};
use crate::algorithms::threads;

/// Phase 2: octaves of the height noise.
pub const HEIGHT_OCTAVES: u32 = 6;
/// Phase 2: the fBm value is shaped as `clamp(fbm·HEIGHT_GAIN + HEIGHT_OFFSET, 0, 1)`.
pub const HEIGHT_GAIN: f32 = 1.3;
/// Phase 2: see [`HEIGHT_GAIN`].
pub const HEIGHT_OFFSET: f32 = -0.15;

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

/// Phase 1: 4-octave fBm with a period of `patch_size` metres, and the pool of exactly
/// `round(N·coverage)` cells with the highest mask values (ties broken by cell index, so the count
/// is exact).
pub fn coverage_mask(
    width: usize,
    depth: usize,
    coverage: f32,
    shape: &PoolShape,
    seed: u64,
) -> CoverageMask {
    crate::algorithms::threads::ensure_pool();
    let n = width * depth;
    let noise_seed = mask_seed(seed);
    let scale = shape.mask_scale();
    let mut noise = vec![0.0f32; n];
    noise
        .par_chunks_mut(width.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(width.max(1)))
        .for_each(|(z, row)| fbm_row_resolved(z, scale, MASK_OCTAVES, noise_seed, row));
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

/// Phase 2: `h = H_peak · max(0, smin(clamp(fbm6(x·s, z·s)·1.3 − 0.15, 0, 1), ramp))` inside the
/// pool, 0 outside, with `s` one period per `feature_size` metres, `ramp` the edge's ramp
/// ([`PoolShape::edge_ramp`]: the distance to the patch's edge over `edge_width`) and `smin` the
/// [`smooth_min`] over [`EDGE_SOFTNESS`]. Mountains keep their own heights inside a patch and meet
/// the flat ground along a ramp no steeper than `H_peak / edge_width`.
pub fn pool_heights(
    mask: &CoverageMask,
    width: usize,
    peak_height: f32,
    shape: &PoolShape,
    seed: u64,
) -> Vec<f32> {
    crate::algorithms::threads::ensure_pool();
    let scale = shape.height_scale();
    let mask_seed = mask_seed(seed);
    let noise_seed = crate::algorithms::seed::derive32(seed, "height");
    let mut height = vec![0.0f32; mask.pool.len()];
    height
        .par_chunks_mut(width.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(width.max(1)))
        .for_each(|(z, row)| {
            fbm_row_resolved(z, scale, HEIGHT_OCTAVES, noise_seed, row);
            for (x, h) in row.iter_mut().enumerate() {
                let i = z * width + x;
                *h = if mask.pool[i] {
                    let shaped = (*h * HEIGHT_GAIN + HEIGHT_OFFSET).clamp(0.0, 1.0);
                    let over = mask.noise[i] - mask.threshold;
                    let ramp = shape.edge_ramp(x, z, over, shaped, mask_seed);
                    peak_height * smooth_min(shaped, ramp, EDGE_SOFTNESS).max(0.0)
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
        .with_min_len(threads::min_cells())
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
#[derive(Clone, Debug)]
pub struct HybridTerrain {
    /// Master seed.
    pub seed: u64,
    /// Coverage, peak height, droplets and erosion constants.
    pub params: TerrainParams,
    /// Droplets continue through the lakes that pass this filter (the lake-erosion article); `None`: plain
    /// erosion.
    pub lakes: Option<LakeFilter>,
    /// Width in cells (not necessarily whole) of the border over which the mountains fade to the flat
    /// ground (0: none).
    pub edge_falloff: f32,
    /// Metres between neighbouring cells.
    pub cell_size: f32,
    /// Biome shaping of the raw heights, when biomes are on.
    pub shaping: Option<crate::stages::biomes::shape::Shaping>,
    /// The designer's stamps, laid before erosion; the ground they move joins the pool, so it
    /// erodes and holds lakes as the mountains do.
    pub stamps: crate::stages::landform::stamps::Stamping,
    /// The landscape evolution of the pool before the stamps and droplet erosion (off at age 0).
    pub landscape: LandscapeParams,
    /// Metres per height unit, for the landscape evolution.
    pub height_scale: f32,
}

impl HybridTerrain {
    /// The layer for a seed and its parameters, on a lattice of 1 m cells.
    pub fn new(seed: u64, params: TerrainParams) -> Self {
        HybridTerrain {
            seed,
            params,
            lakes: None,
            edge_falloff: 0.0,
            cell_size: 1.0,
            shaping: None,
            stamps: Default::default(),
            landscape: LandscapeParams::default(),
            height_scale: crate::params::GeneratorParams::default().height_scale,
        }
    }

    /// Runs the four phases (with the landscape evolution between the heights and the stamps)
    /// and returns the erosion report.
    pub fn run(&self, grid: &mut Grid, ctx: &mut Context) -> Result<ErosionReport, LayerError> {
        self.params.validate()?;
        let (width, depth) = (grid.width(), grid.depth());
        let shape = PoolShape::new(&self.params, self.cell_size);
        let mask = coverage_mask(width, depth, self.params.coverage, &shape, self.seed);
        grid.height = pool_heights(&mask, width, self.params.peak_height, &shape, self.seed);
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
        let scale = Scale {
            cell_m: self.cell_size,
            height_m: self.height_scale,
        };
        let size = (width, depth);
        let evolved = carve_pool(
            &mut grid.height,
            &grid.pool,
            size,
            &self.landscape,
            scale,
            ctx,
        )?;
        let mut shaped = Vec::new();
        if !self.stamps.is_empty() {
            shaped = self.stamps.apply(grid);
            grid.pool
                .iter_mut()
                .zip(&shaped)
                .for_each(|(p, &s)| *p |= s);
        }
        let report = erode(
            grid,
            ctx,
            self.seed,
            &self.params,
            self.cell_size,
            self.lakes,
            MergeGuard::Pool,
        )?;
        if self.landscape.is_on() {
            let domain = drained(&evolved, &shaped);
            drain_pits(&mut grid.height, size, &domain, &self.landscape);
        }
        classify(grid, &report.activity, self.params.peak_height);
        if let Some(shaping) = &self.shaping {
            shaping.keep_eroded(grid, &report.activity);
        }
        Ok(report)
    }
}

/// Phase 3: droplet erosion of the grid's pool cells, its figures written into the context's
/// statistics (the batches finished so far when cancelled). A map with more cells than
/// `erosion_max_cells` is eroded on the coarser [`Lattice`] and takes its change back.
pub(crate) fn erode(
    grid: &mut Grid,
    ctx: &mut Context,
    seed: u64,
    params: &TerrainParams,
    cell_size: f32,
    lakes: Option<LakeFilter>,
    guard: MergeGuard,
) -> Result<ErosionReport, LayerError> {
    let (width, depth) = (grid.width(), grid.depth());
    let factor = params.erosion_factor(grid.len());
    if factor == 1 {
        return erode_lattice(
            &mut grid.height,
            &grid.pool,
            (width, depth),
            ctx,
            seed,
            params,
            cell_size,
            lakes,
            guard,
        );
    }
    let lattice = Lattice::down(&grid.height, &grid.pool, width, depth, factor);
    let mut eroded = lattice.height.clone();
    let mut report = erode_lattice(
        &mut eroded,
        &lattice.pool,
        (lattice.width, lattice.depth),
        ctx,
        seed,
        params,
        cell_size * factor as f32,
        lakes.map(|f| lattice.lakes(f)),
        guard,
    )?;
    lattice.apply(&eroded, &mut grid.height, &grid.pool, width, guard);
    report.activity = lattice.up(&report.activity, width, depth);
    Ok(report)
}

/// Droplet erosion of one lattice's `height` plane (`size` = width × depth cells of
/// `cell_size` metres).
#[allow(clippy::too_many_arguments)]
fn erode_lattice(
    height: &mut [f32],
    pool: &[bool],
    size: (usize, usize),
    ctx: &mut Context,
    seed: u64,
    params: &TerrainParams,
    cell_size: f32,
    lakes: Option<LakeFilter>,
    guard: MergeGuard,
) -> Result<ErosionReport, LayerError> {
    let erosion = Erosion {
        pool,
        width: size.0,
        depth: size.1,
        droplets: params.droplet_count(size.0 * size.1),
        params: params.erosion,
        cell_size,
        seed: crate::algorithms::seed::derive(seed, "erosion"),
        lakes,
        guard,
    };
    match erosion.run(height, &mut |f| ctx.report(f)) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The noises are sampled in metres: a map of 4 m cells samples the noise of a map of 1 m
    /// cells at every fourth cell, bit for bit.
    #[test]
    fn coarse_cells_sample_the_fine_noise() {
        let params = crate::params::GeneratorParams::default().terrain;
        let (fine, coarse) = (PoolShape::new(&params, 1.0), PoolShape::new(&params, 4.0));
        let a = coverage_mask(64, 64, 0.45, &fine, 3);
        let b = coverage_mask(16, 16, 0.45, &coarse, 3);
        for z in 0..16 {
            for x in 0..16 {
                let (m4, m1) = (b.noise[z * 16 + x], a.noise[4 * z * 64 + 4 * x]);
                assert!((m4 - m1).abs() < 1e-5, "({x}, {z}): {m4} against {m1}");
            }
        }
    }
}
