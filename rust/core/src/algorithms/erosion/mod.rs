//! Newtonian droplet erosion (the droplet model of SimpleErosion), run in deterministic batches.
//!
//! Droplets are spawned on random pool cells and integrated with the original design's rules:
//! acceleration by the horizontal surface normal `s += dt·n_xz/(V·ρ)`, friction `s *= 1 − dt·f`,
//! the unified erosion/deposition step towards the capacity `C = V·|s|·max(h_old − h_new, 0)`
//! (`S += dt·D·(C − S)`, `h −= dt·V·D·(C − S)`), and evaporation `V *= 1 − dt·e`. One guard keeps
//! the integration stable for every valid parameter set: a step never erodes a cell below the cell
//! the droplet moves to (`V·ΔS ≤ h_old − h_new`); and heights never sink below sea level (0). A droplet dies
//! when its volume drops below the minimum or when it leaves the pool (or the map). The sediment it
//! still carries then stays in the map: its load `V·S` — the same exchange rate between carried
//! sediment and height as the unified step — is deposited on the last pool cell it stood on, up to
//! the height of that cell's highest edge neighbour (checked again when the batch is merged, so
//! deposits of one batch never stack into a spike); load above that washes away.
//!
//! **Lakes** (the lake-erosion article, optional). A droplet that moves into a lake cell leaves its load there (the
//! lake traps sediment), tags the lake and continues, at rest and without sediment, from the cell
//! the lake's outflow drains into. A droplet that reaches a lake it has already tagged ends there,
//! as in the lake-erosion article, which breaks erosion loops; so does one that reaches a lake after passing
//! [`MAX_LAKE_JUMPS`] lakes, or whose lake drains off the pool. The lake map comes from a Priority-Flood of the pool (cells next to the outside
//! drain out of it, as droplets die there) and is rebuilt between batches, once enough droplets
//! have run since the last rebuild.
//!
//! **Batches.** Droplets run in batches of [`BATCH`], each batch in groups of [`LANES`] consecutive
//! droplets that advance together, one step per droplet in turn. Every group sees the heightmap as
//! it was when the batch started plus its own changes; the changes of all groups are then added to
//! the map in droplet order. A group's result does not depend on which thread runs it, so the
//! erosion is bit-identical for every thread count.
//!
//! An [`Erosion`] describes one run (the map's pool, the droplets, their constants, the lakes);
//! [`Erosion::run`] erodes a height plane with it.

mod droplet;
mod lakes;

use crate::params::ErosionParams;
use crate::params::LakeFilter;
pub use droplet::Steps;
use droplet::{simulate_group, undo, Change, Surface};
pub use lakes::LakeIndex;
use rand::Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use thiserror::Error;

/// Droplets per batch.
pub const BATCH: usize = 1024;
/// Droplets simulated together on one thread, interleaved step by step so that their independent
/// dependency chains overlap in the processor.
pub const LANES: usize = 16;
/// Upper bound on a droplet's steps (with the default evaporation a droplet lives at most ~380).
pub const MAX_STEPS: u32 = 4096;
/// Fixed-point scale of the erosion-activity accumulator (integer sums merge in any order).
const ACTIVITY_SCALE: f32 = 16_777_216.0;
/// Most lakes one droplet passes through (each one once); the next lake it reaches ends it.
pub const MAX_LAKE_JUMPS: usize = 8;
/// Lakes: the lake map is rebuilt before a batch once at least `pool cells / LAKE_REBUILD_CELLS`
/// droplets have run since the last rebuild (so a rebuild costs a fixed share of the erosion,
/// and the map moves by a fraction of a droplet per cell between rebuilds).
pub const LAKE_REBUILD_CELLS: u64 = 4;

/// What an erosion run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErosionReport {
    /// Total droplet steps simulated.
    pub steps: u64,
    /// Droplets simulated.
    pub droplets: u32,
    /// Accumulated |Δh| per cell (erosion plus deposition), in height units.
    pub activity: Vec<f32>,
    /// Times a droplet reached a lake and continued from its outflow.
    pub lake_jumps: u64,
    /// Times the lake map was built.
    pub lake_rebuilds: u32,
}

/// Why an erosion run did not finish.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ErosionError {
    /// The height or pool plane does not hold `width × depth` values.
    #[error("erosion planes must hold {expected} values (width × depth); height has {height}, pool {pool}")]
    PlaneSize {
        /// `width · depth`.
        expected: usize,
        /// Length of the height plane.
        height: usize,
        /// Length of the pool plane.
        pool: usize,
    },
    /// The progress callback cancelled the run; the report covers the batches finished, which
    /// the height plane holds.
    #[error("erosion cancelled after {} droplets", .0.droplets)]
    Cancelled(Box<ErosionReport>),
}

/// One erosion run: where droplets may go, how many, with which constants, and whether they
/// continue through lakes.
#[derive(Clone, Copy, Debug)]
pub struct Erosion<'a> {
    /// Pool membership per cell: droplets spawn on pool cells and die when they leave the pool.
    pub pool: &'a [bool],
    /// Cells along x.
    pub width: usize,
    /// Cells along z.
    pub depth: usize,
    /// Number of droplets.
    pub droplets: u32,
    /// The droplet model's constants.
    pub params: ErosionParams,
    /// Metres between neighbouring cells (see [`Steps`]).
    pub cell_size: f32,
    /// Fixes the spawn cells.
    pub seed: u64,
    /// Droplets continue through the lakes that pass this filter (the lake-erosion article); `None`: plain
    /// erosion.
    pub lakes: Option<LakeFilter>,
    /// How merges guard the map (see [`MergeGuard`]).
    pub guard: MergeGuard,
}

/// How a batch's changes are merged into the map.
///
/// Droplets that a lake sends on from the same outflow start at rest on the same cell and follow
/// the same path, so one batch can stack many equal changes on a few cells: both guards cap every
/// deposit at the cell's highest edge neighbour as the map stands (on lattices coarser than 1 m a
/// step exchanges more, and uncapped stacks grew into spikes). The pool model's heights never sink
/// below 0; land around a sea is never dug below the sea level.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum MergeGuard {
    /// Heights stay at or above 0; every deposit is capped.
    #[default]
    Pool,
    /// Heights stay at or above the sea level; every deposit is capped.
    Land {
        /// The sea level, height units.
        sea_level: f32,
    },
}

impl Erosion<'_> {
    /// Erodes `height` (a `width × depth` plane).
    ///
    /// `progress` is called after every batch with the fraction done and cancels the run by
    /// returning `false`: the plane then holds the batches finished so far and
    /// [`ErosionError::Cancelled`] their report.
    pub fn run(
        &self,
        height: &mut [f32],
        progress: &mut dyn FnMut(f32) -> bool,
    ) -> Result<ErosionReport, ErosionError> {
        crate::algorithms::threads::ensure_pool();
        let (width, depth, pool) = (self.width, self.depth, self.pool);
        let n = width * depth;
        if height.len() != n || pool.len() != n {
            return Err(ErosionError::PlaneSize {
                expected: n,
                height: height.len(),
                pool: pool.len(),
            });
        }
        let pool_cells: Vec<u32> = (0..n as u32).filter(|&i| pool[i as usize]).collect();
        if pool_cells.is_empty() || self.droplets == 0 {
            return Ok(ErosionReport {
                activity: vec![0.0; n],
                ..Default::default()
            });
        }
        let steps = Steps::new(&self.params, self.cell_size);
        let mut rng = crate::algorithms::seed::rng(self.seed, "erosion-spawn");
        let threads = rayon::current_num_threads().clamp(1, 64);
        let mut workers: Vec<Worker> = (0..threads)
            .map(|_| Worker {
                map: height.to_vec(),
                log: Vec::new(),
                steps: 0,
                jumps: 0,
            })
            .collect();
        let activity: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
        let rebuild_after = pool_cells.len() as u64 / LAKE_REBUILD_CELLS;
        let mut lake_index: Option<LakeIndex> = None;
        let mut since_rebuild = 0u64;
        let mut rebuilds = 0u32;
        let mut spawns = Vec::with_capacity(BATCH);
        let mut done = 0u32;
        while done < self.droplets {
            if let Some(filter) = &self.lakes {
                if lake_index.is_none() || since_rebuild >= rebuild_after {
                    lake_index = LakeIndex::build(height, pool, width, depth, filter);
                    since_rebuild = 0;
                    rebuilds += 1;
                }
            }
            let surface = Surface {
                pool,
                width,
                depth,
                lakes: lake_index.as_ref(),
            };
            let count = (self.droplets - done).min(BATCH as u32) as usize;
            spawns.clear();
            spawns.extend((0..count).map(|_| {
                pool_cells[rng.random_range(0..pool_cells.len() as u32) as usize] as usize
            }));
            run_batch(&mut workers, &activity, &surface, &spawns, &steps);
            merge(height, &workers, &surface, self.guard);
            catch_up(&mut workers, height);
            done += count as u32;
            since_rebuild += count as u64;
            if !progress(done as f32 / self.droplets as f32) {
                return Err(ErosionError::Cancelled(Box::new(report(
                    &workers, activity, done, rebuilds,
                ))));
            }
        }
        Ok(report(&workers, activity, self.droplets, rebuilds))
    }
}

/// One worker's state: a private copy of the map, its change log and its counters.
struct Worker {
    map: Vec<f32>,
    log: Vec<Change>,
    steps: u64,
    jumps: u64,
}

/// Adds the changes of a batch to the map in droplet order; a dying droplet's load only up to
/// the height of its cell's highest neighbour, and no height below 0 (or below itself, for a
/// cell already below 0).
fn merge(height: &mut [f32], workers: &[Worker], surface: &Surface, guard: MergeGuard) {
    let (floor, cap_all) = match guard {
        MergeGuard::Pool => (0.0, true),
        MergeGuard::Land { sea_level } => (sea_level, true),
    };
    for w in workers {
        for c in &w.log {
            let i = c.index as usize;
            let delta = if c.settle || (cap_all && c.delta > 0.0) {
                let (x, z) = (i % surface.width, i / surface.width);
                c.delta.min(surface.room(height, i, x, z))
            } else {
                c.delta
            };
            let h = height[i] + delta;
            // Nothing is dug below the floor or 0, and ground already below 0 (a stamped basin)
            // is never lifted to it.
            height[i] = if h < floor && delta < 0.0 {
                floor.min(height[i])
            } else {
                h.max(height[i].min(0.0))
            };
        }
    }
}

/// Brings every worker's map back to the merged map. A worker's map is the map as the batch
/// started (each group undoes its changes), so only the cells some droplet of the batch changed
/// differ: copying those, rather than the whole map, keeps a batch's cost proportional to its
/// droplets' steps on maps of any size.
fn catch_up(workers: &mut [Worker], height: &[f32]) {
    let logs: Vec<&[Change]> = workers.iter().map(|w| w.log.as_slice()).collect();
    let changed: Vec<u32> = logs
        .iter()
        .flat_map(|log| log.iter().map(|c| c.index))
        .collect();
    workers.par_iter_mut().for_each(|w| {
        for &i in &changed {
            w.map[i as usize] = height[i as usize];
        }
    });
}

/// Runs one batch: each worker simulates its share of the spawns in groups of [`LANES`] on its
/// private map (restored after every group) and adds the activity of its log to `activity`,
/// the one accumulator the workers share: integer sums, so the order of the additions never
/// shows.
fn run_batch(
    workers: &mut [Worker],
    activity: &[AtomicU64],
    surface: &Surface,
    spawns: &[usize],
    params: &Steps,
) {
    let count = spawns.len();
    let per_worker = count.div_ceil(workers.len()).next_multiple_of(LANES);
    workers.par_iter_mut().enumerate().for_each(|(k, w)| {
        w.log.clear();
        let lo = (k * per_worker).min(count);
        let hi = ((k + 1) * per_worker).min(count);
        for group in spawns[lo..hi].chunks(LANES) {
            let first = w.log.len();
            let (steps, jumps) = simulate_group(surface, &mut w.map, group, params, &mut w.log);
            w.steps += steps;
            w.jumps += jumps;
            undo(&mut w.map, &w.log[first..]);
        }
        for c in &w.log {
            if c.settle {
                continue;
            }
            let add = (c.delta.abs() * ACTIVITY_SCALE) as u64;
            // Never fails: the closure always gives a value.
            let _ = activity[c.index as usize].fetch_update(
                Ordering::Relaxed,
                Ordering::Relaxed,
                |a| Some(a.saturating_add(add)),
            );
        }
    });
}

/// Gathers the workers' counters and the activity into the report.
fn report(
    workers: &[Worker],
    activity: Vec<AtomicU64>,
    droplets: u32,
    rebuilds: u32,
) -> ErosionReport {
    ErosionReport {
        steps: workers.iter().map(|w| w.steps).sum(),
        droplets,
        activity: activity
            .into_iter()
            .map(|a| a.into_inner() as f32 / ACTIVITY_SCALE)
            .collect(),
        lake_jumps: workers.iter().map(|w| w.jumps).sum(),
        lake_rebuilds: rebuilds,
    }
}
