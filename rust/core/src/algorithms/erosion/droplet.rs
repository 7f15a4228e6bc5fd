//! One droplet's life: the Newtonian step, the lakes it passes, the load it leaves when it dies,
//! and the groups of droplets that advance together.

use super::lakes::LakeIndex;
use super::{LANES, MAX_LAKE_JUMPS, MAX_STEPS};
use crate::algorithms::hydrology::NO_RECEIVER;
use crate::params::ErosionParams;

/// No log entry yet.
const NONE: usize = usize::MAX;

/// The droplet model's constants on a lattice of `c`-metre cells.
///
/// The model is written for cells of 1 m: a step lasts `dt` and moves a droplet about one cell.
/// On other lattices a step still moves it about one cell, so it lasts `dt·c`: friction,
/// sediment exchange and evaporation act for that long (`(1 − dt·k)^c` of a quantity is left),
/// and gradients and drops are taken per metre. A droplet then covers the same distance in
/// metres per unit of time at every cell size. A droplet stands for the `c²` droplets of a square
/// metre each that fall on its cell (erosion runs a droplet density per cell): a cell's height
/// moves by the ground one of them exchanges on a square metre, times `c²` droplets, over the
/// cell's `c²` square metres, and a square metre of ground sees the same erosion at every cell
/// size while the work grows with the number of cells. With `c = 1` every constant is the
/// model's own, bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Steps {
    /// `dt`: a droplet moves `dt·s` cells a step at speed `s` (metres per time unit).
    pub(super) dt: f32,
    /// Speed gained a step per unit of `n_xz/(V·ρ)`.
    pub(super) accel: f32,
    /// Share of its speed a droplet keeps a step.
    pub(super) damping: f32,
    /// Speed taken into the capacity per unit of speed kept, so that the capacity sees the speed
    /// the 1 m model sees.
    pub(super) capacity_speed: f32,
    /// Share of the gap to capacity that carried sediment closes a step.
    pub(super) exchange: f32,
    /// Share of its volume a droplet keeps a step.
    pub(super) evaporation: f32,
    /// `1/c`: metres to cells.
    pub(super) inv_cell: f32,
    /// Volume below which a droplet dies.
    pub(super) min_volume: f32,
    /// Droplet density.
    pub(super) density: f32,
}

impl Steps {
    /// The constants of `p` on a lattice of `cell_size`-metre cells.
    pub fn new(p: &ErosionParams, cell_size: f32) -> Self {
        let c = cell_size;
        let unit = c == 1.0;
        // `(1 − dt·k)^c`, the share left after a step of `dt·c`.
        let left = |k: f32| {
            let one = 1.0 - p.dt * k;
            if unit {
                one
            } else {
                libm::powf(one.max(0.0), c)
            }
        };
        let damping = left(p.friction);
        let accel = if unit || p.friction <= 0.0 {
            p.dt * c
        } else {
            (1.0 - damping) / p.friction
        };
        Steps {
            dt: p.dt,
            accel,
            damping,
            capacity_speed: if unit {
                1.0
            } else {
                (1.0 - p.dt * p.friction) / damping.max(f32::MIN_POSITIVE)
            },
            exchange: if unit {
                p.dt * p.deposition_rate
            } else {
                1.0 - left(p.deposition_rate)
            },
            evaporation: left(p.evaporation_rate),
            inv_cell: 1.0 / c,
            min_volume: p.min_volume,
            density: p.density,
        }
    }
}

/// One height change: the cell, its value before, and the change.
#[derive(Clone, Copy, Debug)]
pub(super) struct Change {
    pub(super) index: u32,
    before: f32,
    pub(super) delta: f32,
    /// A dying droplet's load: added only up to the height of the cell's highest neighbour as the
    /// map stands when the change is merged, so batched deposits never stack into a spike.
    pub(super) settle: bool,
}

/// The map being eroded: pool membership, size and the lakes (when droplets pass them).
pub(super) struct Surface<'a> {
    pub(super) pool: &'a [bool],
    pub(super) width: usize,
    pub(super) depth: usize,
    pub(super) lakes: Option<&'a LakeIndex>,
}

impl Surface<'_> {
    /// Horizontal part `(n_x, n_z)` of the unit surface normal at a cell (central differences,
    /// one-sided on the border).
    #[inline]
    fn normal_xz(&self, h: &[f32], x: usize, z: usize, inv_cell: f32) -> (f32, f32) {
        let (gx, gz) = crate::data::grid::central_gradient(h, self.width, self.depth, x, z);
        let (gx, gz) = (gx * inv_cell, gz * inv_cell);
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
    pub(super) fn room(&self, h: &[f32], i: usize, x: usize, z: usize) -> f32 {
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
    fn step(&mut self, t: &Surface, h: &mut [f32], p: &Steps, log: &mut Vec<Change>) -> bool {
        if self.steps >= MAX_STEPS || self.volume < p.min_volume {
            return false;
        }
        self.steps += 1;
        let (nx, nz) = t.normal_xz(h, self.x, self.z, p.inv_cell);
        let accel = p.accel / (self.volume * p.density);
        self.sx += accel * nx;
        self.sz += accel * nz;
        self.px += p.dt * self.sx;
        self.pz += p.dt * self.sz;
        self.sx *= p.damping;
        self.sz *= p.damping;
        let Some((x, z)) = t.pool_cell(self.px, self.pz) else {
            return false;
        };
        let next = z * t.width + x;
        let speed = (self.sx * self.sx + self.sz * self.sz).sqrt() * p.capacity_speed;
        let drop = (h[self.cell] - h[next]).max(0.0);
        let capacity = self.volume * speed * (drop * p.inv_cell);
        // Sediment exchanged this step (positive: erosion). Erosion never digs the cell below
        // the cell the droplet moves to, which keeps every valid parameter set stable.
        let mut exchange = p.exchange * (capacity - self.sediment);
        if exchange * self.volume > drop {
            exchange = drop / self.volume;
        }
        self.sediment += exchange;
        self.change(h, log, self.cell, -self.volume * exchange);
        self.volume *= p.evaporation;
        (self.x, self.z, self.cell) = (x, z, next);
        match t.lakes {
            Some(lakes) => self.pass_lakes(t, lakes, h, log),
            None => true,
        }
    }

    /// In an untagged lake: leaves the load on the lake cell, tags the lake and moves to the cell
    /// below its outflow, at rest; repeats while that cell lies in another untagged lake. Returns
    /// `false`, and the droplet ends there, when it reaches a lake it has already passed (seed
    /// 001 breaks the erosion cycle there), any lake once it has passed [`MAX_LAKE_JUMPS`], or an
    /// outflow leading off the pool.
    #[inline]
    fn pass_lakes(
        &mut self,
        t: &Surface,
        lakes: &LakeIndex,
        h: &mut [f32],
        log: &mut Vec<Change>,
    ) -> bool {
        loop {
            let id = lakes.id[self.cell];
            if id == 0 {
                return true;
            }
            let jumps = self.jumps as usize;
            if jumps == MAX_LAKE_JUMPS || self.tags[..jumps].contains(&id) {
                return false;
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
    fn settle(&mut self, t: &Surface, h: &mut [f32], log: &mut Vec<Change>) {
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
pub(super) fn simulate_group(
    t: &Surface,
    h: &mut [f32],
    starts: &[usize],
    p: &Steps,
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
pub(super) fn undo(h: &mut [f32], changes: &[Change]) {
    for c in changes.iter().rev() {
        h[c.index as usize] = c.before;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::LakeFilter;

    /// A plane of `width × depth` cells, all in the pool, no lakes.
    fn surface(pool: &[bool], width: usize, depth: usize) -> Surface<'_> {
        Surface {
            pool,
            width,
            depth,
            lakes: None,
        }
    }

    #[test]
    fn droplets_on_edge_cells_feel_the_full_slope() {
        // A ramp falling along x: a droplet starting on the border row z = 0 accelerates as one
        // starting inside (the slope across z is 0 everywhere, the border included).
        let (w, d) = (12, 5);
        let h: Vec<f32> = (0..w * d).map(|i| 4.0 - 0.125 * (i % w) as f32).collect();
        let pool = vec![true; w * d];
        let s = surface(&pool, w, d);
        let p = ErosionParams::default();
        let first_step = |start: usize| {
            let (mut map, mut log) = (h.clone(), Vec::new());
            let mut drop = Droplet::spawn(start, w);
            assert!(drop.step(&s, &mut map, &Steps::new(&p, 1.0), &mut log));
            (drop.sx, drop.sz)
        };
        let inside = first_step(2 * w + 5);
        assert!(inside.0 > 0.0 && inside.1 == 0.0);
        assert_eq!(first_step(5), inside, "border row");
        assert_eq!(first_step((d - 1) * w + 5), inside, "last row");
        // On the first column the slope comes from its one neighbour: as steep as inside.
        assert_eq!(first_step(2 * w), inside, "first column");
    }

    /// Steps a droplet from `start` until it ends (at most `MAX_STEPS`).
    fn run_to_end(s: &Surface, h: &mut [f32], start: usize) -> Droplet {
        let (p, mut log) = (ErosionParams::default(), Vec::new());
        let mut drop = Droplet::spawn(start, s.width);
        while drop.step(s, h, &Steps::new(&p, 1.0), &mut log) {}
        drop
    }

    /// A V-shaped valley along x, three rows deep, its floor at x = 10: a droplet started on its
    /// side rolls down into the floor.
    const VALLEY: (usize, usize) = (21, 3);
    fn valley() -> Vec<f32> {
        let (w, d) = VALLEY;
        (0..w * d)
            .map(|i| 0.1 + 0.25 * (i % w).abs_diff(10) as f32)
            .collect()
    }

    /// A lake index with lake `k + 1` on the cells of `cells[k]` (columns `x0..=x1` of every row)
    /// draining into `drain[k]`.
    fn lakes(cells: &[(usize, usize)], drain: &[u32]) -> LakeIndex {
        let (w, d) = VALLEY;
        let mut id = vec![0; w * d];
        for (k, &(x0, x1)) in cells.iter().enumerate() {
            for (i, v) in id.iter_mut().enumerate() {
                if (x0..=x1).contains(&(i % w)) {
                    *v = k as u32 + 1;
                }
            }
        }
        let drain = std::iter::once(NO_RECEIVER)
            .chain(drain.iter().copied())
            .collect();
        LakeIndex { id, drain }
    }

    /// Runs a droplet from the valley side `(14, 1)` over the lakes `index`.
    fn through(index: &LakeIndex, pool: &[bool]) -> Droplet {
        let (w, d) = VALLEY;
        let s = Surface {
            lakes: Some(index),
            ..surface(pool, w, d)
        };
        run_to_end(&s, &mut valley(), w + 14)
    }

    const CELL: fn(usize) -> u32 = |x| (VALLEY.0 + x) as u32;

    #[test]
    fn a_lake_draining_into_itself_ends_the_droplet() {
        let pool = vec![true; VALLEY.0 * VALLEY.1];
        // The lake's outflow leads back into the lake.
        let drop = through(&lakes(&[(9, 11)], &[CELL(10)]), &pool);
        assert_eq!((drop.jumps, drop.tags[0]), (1, 1));
        assert_eq!(drop.cell, CELL(10) as usize, "ends where the outflow led");
        // It ended on reaching the lake again, not after rolling about the valley floor.
        assert!(drop.steps < 10, "{} steps", drop.steps);
    }

    #[test]
    fn a_droplet_rolling_back_into_a_lake_it_passed_ends_there() {
        let pool = vec![true; VALLEY.0 * VALLEY.1];
        // The outflow drains onto the valley side, from where the droplet rolls back.
        let drop = through(&lakes(&[(9, 11)], &[CELL(13)]), &pool);
        assert_eq!(drop.jumps, 1);
        assert!(
            (9..=11).contains(&(drop.cell % VALLEY.0)),
            "ends in the lake"
        );
        assert!(drop.steps < 20, "{} steps", drop.steps);
    }

    #[test]
    fn two_lakes_draining_into_each_other_are_passed_once_each() {
        let pool = vec![true; VALLEY.0 * VALLEY.1];
        let index = lakes(&[(9, 11), (2, 3)], &[CELL(2), CELL(10)]);
        let drop = through(&index, &pool);
        assert_eq!((drop.jumps, &drop.tags[..2]), (2, &[1, 2][..]));
        assert_eq!(drop.cell, CELL(10) as usize);
        assert!(drop.steps < 10, "{} steps", drop.steps);
    }

    #[test]
    fn an_outflow_leading_off_the_pool_or_the_map_ends_the_droplet() {
        let mut pool = vec![true; VALLEY.0 * VALLEY.1];
        pool[CELL(0) as usize] = false;
        for drain in [CELL(0), NO_RECEIVER] {
            let drop = through(&lakes(&[(9, 11)], &[drain]), &pool);
            assert_eq!(drop.jumps, 1);
            assert_eq!(drop.cell % VALLEY.0, 11, "ends where it reached the lake");
        }
    }

    /// A channel along row 1 between walls, falling in ten basins to an exit at its right end:
    /// each basin is a three-cell pit behind a lip, spilling over the next lip into the next
    /// basin.
    fn staircase() -> (Vec<f32>, usize, usize) {
        let (basins, w, d) = (10, 43, 3);
        let lip = |k: usize| 2.0 - 0.15 * k as f32;
        let mut h = vec![5.0f32; w * d];
        for k in 0..basins {
            h[w + 1 + 4 * k] = lip(k);
            for x in 2 + 4 * k..5 + 4 * k {
                h[w + x] = lip(k + 1) - 0.05;
            }
        }
        h[w + 41] = lip(basins);
        h[w + 42] = 0.0;
        (h, w, d)
    }

    #[test]
    fn a_staircase_of_ten_lakes_is_passed_up_to_the_jump_limit() {
        let (mut h, w, d) = staircase();
        let pool = vec![true; w * d];
        let filter = LakeFilter::default();
        let index = LakeIndex::build(&h, &pool, w, d, &filter).unwrap();
        let lake_of_basin = |k: usize| index.id[w + 2 + 4 * k];
        // Ten lakes, each draining into the next basin's lake.
        assert_eq!(index.drain.len(), 11);
        for k in 0..9 {
            let drain = index.drain[lake_of_basin(k) as usize] as usize;
            assert_eq!(
                index.id[drain],
                lake_of_basin(k + 1),
                "basin {k} spills onward"
            );
        }
        const {
            assert!(
                MAX_LAKE_JUMPS < 10,
                "the staircase has more lakes than a droplet passes"
            )
        };
        let s = Surface {
            lakes: Some(&index),
            ..surface(&pool, w, d)
        };
        let drop = run_to_end(&s, &mut h, w + 2);
        // Eight lakes passed, each once; the ninth ends the droplet.
        assert_eq!(drop.jumps as usize, MAX_LAKE_JUMPS);
        let passed: Vec<u32> = (0..MAX_LAKE_JUMPS).map(lake_of_basin).collect();
        assert_eq!(drop.tags[..], passed[..]);
        assert_eq!(index.id[drop.cell], lake_of_basin(MAX_LAKE_JUMPS));
        assert!(drop.steps < 5, "{} steps", drop.steps);
    }
}
