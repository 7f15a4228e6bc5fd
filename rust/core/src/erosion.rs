//! Newtonian droplet erosion (the droplet model of SimpleErosion), run in deterministic batches.
//!
//! Droplets are spawned on random pool cells and integrated with the seed's rules:
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
//! **Lakes** (seed 001, optional). A droplet that moves into a lake cell leaves its load there (the
//! lake traps sediment), tags the lake and continues, at rest and without sediment, from the cell
//! the lake's outflow drains into; a lake it has already tagged does not catch it again, so it
//! cannot loop. The lake map comes from a Priority-Flood of the pool (cells next to the outside
//! drain out of it, as droplets die there) and is rebuilt between batches, once enough droplets
//! have run since the last rebuild.
//!
//! **Batches.** Droplets run in batches of [`BATCH`], each batch in groups of [`LANES`] consecutive
//! droplets that advance together, one step per droplet in turn. Every group sees the heightmap as
//! it was when the batch started plus its own changes; the changes of all groups are then added to
//! the map in droplet order. A group's result does not depend on which thread runs it, so the
//! erosion is bit-identical for every thread count.

use crate::hydrology::{find_lakes, priority_flood, FloodOptions, LakeFilter, NO_RECEIVER};
use crate::params::ErosionParams;
use rand::Rng;
use rayon::prelude::*;

/// Droplets per batch.
pub const BATCH: usize = 1024;
/// Droplets simulated together on one thread, interleaved step by step so that their independent
/// dependency chains overlap in the processor.
pub const LANES: usize = 16;
/// Upper bound on a droplet's steps (with the default evaporation a droplet lives at most ~380).
pub const MAX_STEPS: u32 = 4096;
/// Fixed-point scale of the erosion-activity accumulator (integer sums merge in any order).
const ACTIVITY_SCALE: f32 = 16_777_216.0;
/// No log entry yet.
const NONE: usize = usize::MAX;
/// Most lakes one droplet passes through (each one once).
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

/// The lakes as erosion sees them: the lake of every cell and where each lake's outflow drains.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LakeIndex {
    /// Lake id per cell (0: none).
    pub id: Vec<u32>,
    /// Per lake id (index 0 unused): the cell below the outflow, or `NO_RECEIVER`.
    pub drain: Vec<u32>,
}

impl LakeIndex {
    /// The lakes of the pool part of `height` that pass `filter`; cells next to the outside of the
    /// pool (or the map border) drain out of it. `None` when the planes do not fit the size.
    pub fn build(
        height: &[f32],
        pool: &[bool],
        width: usize,
        depth: usize,
        filter: &LakeFilter,
    ) -> Option<Self> {
        let options = FloodOptions {
            domain: Some(pool),
            ..Default::default()
        };
        let flood = priority_flood(height, width, depth, options).ok()?;
        let map = find_lakes(height, &flood, filter, None).ok()?;
        let drain = std::iter::once(NO_RECEIVER)
            .chain(map.lakes.iter().map(|l| l.drain.unwrap_or(NO_RECEIVER)))
            .collect();
        Some(LakeIndex { id: map.id, drain })
    }
}

/// One height change: the cell, its value before, and the change.
#[derive(Clone, Copy, Debug)]
struct Change {
    index: u32,
    before: f32,
    delta: f32,
    /// A dying droplet's load: added only up to the height of the cell's highest neighbour as the
    /// map stands when the change is merged, so batched deposits never stack into a spike.
    settle: bool,
}

/// The map being eroded: pool membership, size and the lakes (when droplets pass them).
struct Terrain<'a> {
    pool: &'a [bool],
    width: usize,
    depth: usize,
    lakes: Option<&'a LakeIndex>,
}

impl Terrain<'_> {
    /// Horizontal part `(n_x, n_z)` of the unit surface normal at a cell (central differences).
    #[inline]
    fn normal_xz(&self, h: &[f32], x: usize, z: usize) -> (f32, f32) {
        let (gx, gz) = crate::grid::central_gradient(h, self.width, self.depth, x, z);
        let inv_len = 1.0 / (gx * gx + 1.0 + gz * gz).sqrt();
        (-gx * inv_len, -gz * inv_len)
    }

    /// The highest of the (up to four) edge neighbours of cell `(x, z)`.
    #[inline]
    fn highest_neighbour(&self, h: &[f32], x: usize, z: usize) -> f32 {
        let i = z * self.width + x;
        let mut top = f32::NEG_INFINITY;
        if x > 0 {
            top = top.max(h[i - 1]);
        }
        if x + 1 < self.width {
            top = top.max(h[i + 1]);
        }
        if z > 0 {
            top = top.max(h[i - self.width]);
        }
        if z + 1 < self.depth {
            top = top.max(h[i + self.width]);
        }
        top
    }

    /// How far cell `i = (x, z)` can rise before it tops its highest edge neighbour.
    #[inline]
    fn room(&self, h: &[f32], i: usize, x: usize, z: usize) -> f32 {
        (self.highest_neighbour(h, x, z) - h[i]).max(0.0)
    }

    /// The pool cell `(x, z)` under a position, or `None` off the map or outside the pool.
    #[inline]
    fn pool_cell(&self, px: f32, pz: f32) -> Option<(usize, usize)> {
        if !(px >= 0.0 && pz >= 0.0 && px < self.width as f32 && pz < self.depth as f32) {
            return None;
        }
        let (x, z) = (px as usize, pz as usize);
        self.pool[z * self.width + x].then_some((x, z))
    }
}

/// The state of one droplet in flight.
#[derive(Clone, Copy, Debug)]
struct Droplet {
    px: f32,
    pz: f32,
    sx: f32,
    sz: f32,
    volume: f32,
    sediment: f32,
    /// The pool cell under the droplet (the last pool cell it stood on): column, row, index.
    x: usize,
    z: usize,
    cell: usize,
    steps: u32,
    /// Log index of this droplet's latest change.
    last: usize,
    /// Lakes passed so far.
    jumps: u8,
    /// Ids of the lakes passed.
    tags: [u32; MAX_LAKE_JUMPS],
}

impl Droplet {
    /// A droplet at rest at the centre of cell `start`, full volume, no sediment.
    fn spawn(start: usize, width: usize) -> Self {
        Droplet {
            px: (start % width) as f32 + 0.5,
            pz: (start / width) as f32 + 0.5,
            sx: 0.0,
            sz: 0.0,
            volume: 1.0,
            sediment: 0.0,
            x: start % width,
            z: start / width,
            cell: start,
            steps: 0,
            last: NONE,
            jumps: 0,
            tags: [0; MAX_LAKE_JUMPS],
        }
    }

    /// Changes the height of `index` by `delta` and logs it; consecutive changes of the same cell by
    /// this droplet share one log entry.
    #[inline]
    fn change(&mut self, h: &mut [f32], log: &mut Vec<Change>, index: usize, delta: f32) {
        match log.get_mut(self.last) {
            Some(entry) if entry.index == index as u32 => entry.delta += delta,
            _ => {
                self.last = log.len();
                log.push(Change {
                    index: index as u32,
                    before: h[index],
                    delta,
                    settle: false,
                });
            }
        }
        h[index] += delta;
    }

    /// Advances one time step; returns `false` when the droplet dies (too little volume, off the
    /// pool or the map, or out of steps).
    #[inline]
    fn step(
        &mut self,
        t: &Terrain,
        h: &mut [f32],
        p: &ErosionParams,
        log: &mut Vec<Change>,
    ) -> bool {
        if self.steps >= MAX_STEPS || self.volume < p.min_volume {
            return false;
        }
        self.steps += 1;
        let (nx, nz) = t.normal_xz(h, self.x, self.z);
        let accel = p.dt / (self.volume * p.density);
        self.sx += accel * nx;
        self.sz += accel * nz;
        self.px += p.dt * self.sx;
        self.pz += p.dt * self.sz;
        let damping = 1.0 - p.dt * p.friction;
        self.sx *= damping;
        self.sz *= damping;
        let Some((x, z)) = t.pool_cell(self.px, self.pz) else {
            return false;
        };
        let next = z * t.width + x;
        let speed = (self.sx * self.sx + self.sz * self.sz).sqrt();
        let drop = (h[self.cell] - h[next]).max(0.0);
        let capacity = self.volume * speed * drop;
        // Sediment exchanged this step (positive: erosion). Erosion never digs the cell below
        // the cell the droplet moves to, which keeps every valid parameter set stable.
        let mut exchange = p.dt * p.deposition_rate * (capacity - self.sediment);
        if exchange * self.volume > drop {
            exchange = drop / self.volume;
        }
        self.sediment += exchange;
        self.change(h, log, self.cell, -self.volume * exchange);
        self.volume *= 1.0 - p.dt * p.evaporation_rate;
        (self.x, self.z, self.cell) = (x, z, next);
        match t.lakes {
            Some(lakes) => self.pass_lakes(t, lakes, h, log),
            None => true,
        }
    }

    /// In an untagged lake: leaves the load on the lake cell, tags the lake and moves to the cell
    /// below its outflow, at rest; repeats while that cell lies in another untagged lake. Returns
    /// `false` when the outflow leads off the pool (the droplet ends there).
    #[inline]
    fn pass_lakes(
        &mut self,
        t: &Terrain,
        lakes: &LakeIndex,
        h: &mut [f32],
        log: &mut Vec<Change>,
    ) -> bool {
        loop {
            let id = lakes.id[self.cell];
            let jumps = self.jumps as usize;
            if id == 0 || jumps == MAX_LAKE_JUMPS || self.tags[..jumps].contains(&id) {
                return true;
            }
            self.settle(t, h, log);
            self.sediment = 0.0;
            self.tags[jumps] = id;
            self.jumps += 1;
            let drain = lakes.drain[id as usize];
            if drain == NO_RECEIVER || !t.pool[drain as usize] {
                return false;
            }
            let cell = drain as usize;
            (self.x, self.z, self.cell) = (cell % t.width, cell / t.width, cell);
            (self.px, self.pz) = (self.x as f32 + 0.5, self.z as f32 + 0.5);
            (self.sx, self.sz) = (0.0, 0.0);
        }
    }

    /// Leaves the carried load `V·S` on the last pool cell, up to the height of its highest
    /// neighbour: a dying droplet never raises a spike. Load above that height washes away.
    fn settle(&mut self, t: &Terrain, h: &mut [f32], log: &mut Vec<Change>) {
        let load = (self.volume * self.sediment).min(t.room(h, self.cell, self.x, self.z));
        if load > 0.0 {
            let index = self.cell;
            log.push(Change {
                index: index as u32,
                before: h[index],
                delta: load,
                settle: true,
            });
            h[index] += load;
            self.last = NONE;
        }
    }
}

/// Simulates up to [`LANES`] droplets interleaved step by step (lane order within a step) on the
/// private map `h`, logging every change. Returns the number of steps and of lake jumps.
fn simulate_group(
    t: &Terrain,
    h: &mut [f32],
    starts: &[usize],
    p: &ErosionParams,
    log: &mut Vec<Change>,
) -> (u64, u64) {
    let mut lanes = [Droplet::spawn(0, t.width); LANES];
    let mut alive = [false; LANES];
    for ((lane, live), &start) in lanes.iter_mut().zip(alive.iter_mut()).zip(starts) {
        *lane = Droplet::spawn(start, t.width);
        *live = true;
    }
    let mut remaining = starts.len().min(LANES);
    while remaining > 0 {
        for (d, live) in lanes.iter_mut().zip(alive.iter_mut()) {
            if *live && !d.step(t, h, p, log) {
                d.settle(t, h, log);
                *live = false;
                remaining -= 1;
            }
        }
    }
    let used = &lanes[..starts.len().min(LANES)];
    (
        used.iter().map(|d| u64::from(d.steps)).sum(),
        used.iter().map(|d| u64::from(d.jumps)).sum(),
    )
}

/// Restores the cells of a group's changes, newest change first.
fn undo(h: &mut [f32], changes: &[Change]) {
    for c in changes.iter().rev() {
        h[c.index as usize] = c.before;
    }
}

/// One worker's state: a private copy of the map, its change log and activity accumulator.
struct Worker {
    map: Vec<f32>,
    log: Vec<Change>,
    activity: Vec<u64>,
    steps: u64,
    jumps: u64,
}

/// Erodes `height` (a `width × depth` plane) with `droplets` droplets spawned on pool cells.
///
/// `seed` fixes the spawn cells. `progress` is called after every batch with the fraction done
/// and cancels the run by returning `false` (the map then holds the batches finished so far and
/// `None` is returned).
#[allow(clippy::too_many_arguments)]
pub fn erode(
    height: &mut [f32],
    pool: &[bool],
    width: usize,
    depth: usize,
    droplets: u32,
    params: &ErosionParams,
    seed: u64,
    progress: &dyn Fn(f32) -> bool,
) -> Option<ErosionReport> {
    erode_with_lakes(
        height, pool, width, depth, droplets, params, seed, None, progress,
    )
}

/// [`erode`], with droplets that continue through the lakes passing `lakes` when it is given
/// (see the module documentation); without it, exactly [`erode`].
#[allow(clippy::too_many_arguments)]
pub fn erode_with_lakes(
    height: &mut [f32],
    pool: &[bool],
    width: usize,
    depth: usize,
    droplets: u32,
    params: &ErosionParams,
    seed: u64,
    lakes: Option<&LakeFilter>,
    progress: &dyn Fn(f32) -> bool,
) -> Option<ErosionReport> {
    crate::threads::ensure_pool();
    let n = width * depth;
    assert!(
        height.len() == n && pool.len() == n,
        "plane sizes must match width × depth"
    );
    let pool_cells: Vec<u32> = (0..n as u32).filter(|&i| pool[i as usize]).collect();
    if pool_cells.is_empty() || droplets == 0 {
        return Some(ErosionReport {
            steps: 0,
            droplets: 0,
            activity: vec![0.0; n],
            lake_jumps: 0,
            lake_rebuilds: 0,
        });
    }
    let mut rng = crate::seed::rng(seed, "erosion-spawn");
    let threads = rayon::current_num_threads().clamp(1, 64);
    let mut workers: Vec<Worker> = (0..threads)
        .map(|_| Worker {
            map: height.to_vec(),
            log: Vec::new(),
            activity: vec![0; n],
            steps: 0,
            jumps: 0,
        })
        .collect();
    let rebuild_after = pool_cells.len() as u64 / LAKE_REBUILD_CELLS;
    let mut lake_index: Option<LakeIndex> = None;
    let mut since_rebuild = 0u64;
    let mut rebuilds = 0u32;
    let mut spawns = Vec::with_capacity(BATCH);
    let mut done = 0u32;
    while done < droplets {
        if let Some(filter) = lakes {
            if lake_index.is_none() || since_rebuild >= rebuild_after {
                lake_index = LakeIndex::build(height, pool, width, depth, filter);
                since_rebuild = 0;
                rebuilds += 1;
            }
        }
        let terrain = Terrain {
            pool,
            width,
            depth,
            lakes: lake_index.as_ref(),
        };
        let count = (droplets - done).min(BATCH as u32) as usize;
        spawns.clear();
        spawns.extend(
            (0..count).map(|_| {
                pool_cells[rng.random_range(0..pool_cells.len() as u32) as usize] as usize
            }),
        );
        run_batch(&mut workers, &terrain, &spawns, params);
        for w in &workers {
            for c in &w.log {
                let i = c.index as usize;
                let delta = if c.settle {
                    let (x, z) = (i % width, i / width);
                    c.delta.min(terrain.room(height, i, x, z))
                } else {
                    c.delta
                };
                height[i] = (height[i] + delta).max(0.0);
            }
        }
        workers
            .par_iter_mut()
            .for_each(|w| w.map.copy_from_slice(height));
        done += count as u32;
        since_rebuild += count as u64;
        if !progress(done as f32 / droplets as f32) {
            return None;
        }
    }
    Some(report(&workers, n, droplets, rebuilds))
}

/// Runs one batch: each worker simulates its share of the spawns in groups of [`LANES`] on its
/// private map (restored after every group) and accumulates the activity of its log.
fn run_batch(workers: &mut [Worker], terrain: &Terrain, spawns: &[usize], params: &ErosionParams) {
    let count = spawns.len();
    let per_worker = count.div_ceil(workers.len()).next_multiple_of(LANES);
    workers.par_iter_mut().enumerate().for_each(|(k, w)| {
        w.log.clear();
        let lo = (k * per_worker).min(count);
        let hi = ((k + 1) * per_worker).min(count);
        for group in spawns[lo..hi].chunks(LANES) {
            let first = w.log.len();
            let (steps, jumps) = simulate_group(terrain, &mut w.map, group, params, &mut w.log);
            w.steps += steps;
            w.jumps += jumps;
            undo(&mut w.map, &w.log[first..]);
        }
        for c in &w.log {
            if c.settle {
                continue;
            }
            let a = &mut w.activity[c.index as usize];
            *a = a.saturating_add((c.delta.abs() * ACTIVITY_SCALE) as u64);
        }
    });
}

/// Gathers the workers' counters into the report.
fn report(workers: &[Worker], n: usize, droplets: u32, rebuilds: u32) -> ErosionReport {
    let mut activity = vec![0u64; n];
    for w in workers {
        activity
            .iter_mut()
            .zip(&w.activity)
            .for_each(|(a, b)| *a += b);
    }
    ErosionReport {
        steps: workers.iter().map(|w| w.steps).sum(),
        droplets,
        activity: activity
            .iter()
            .map(|&a| a as f32 / ACTIVITY_SCALE)
            .collect(),
        lake_jumps: workers.iter().map(|w| w.jumps).sum(),
        lake_rebuilds: rebuilds,
    }
}
