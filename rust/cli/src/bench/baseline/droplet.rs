//! A plain droplet erosion: the core's droplet model written for clarity, one droplet after
//! another on one thread, every change made to the map at once.
//!
//! The model (the core's `algorithms::erosion`, after SimpleErosion), on cells of `c` metres,
//! each step lasting `dt·c`:
//!
//! - acceleration by the horizontal part of the surface normal: `s += a·n_xz/(V·ρ)`;
//! - the move: `p += dt·s`, then friction: `s *= (1 − dt·f)^c`;
//! - the capacity: `C = V·|s|·max(h_old − h_new, 0)/c`;
//! - the unified exchange towards it: `ΔS = k·(C − S)`, `S += ΔS`, `h_old −= V·ΔS`, with
//!   `k = 1 − (1 − dt·D)^c`, and `V·ΔS ≤ h_old − h_new` (a step never digs a cell below the cell
//!   the droplet moves to);
//! - evaporation: `V *= (1 − dt·e)^c`.
//!
//! A droplet dies below the minimum volume, off the pool or the map, or after
//! [`MAX_STEPS`] steps, and leaves its load `V·S` on the last pool cell it stood on. No deposit
//! raises a cell above its highest edge neighbour and no erosion digs one below 0: the guards
//! the kernel applies when it merges a batch, applied here at every change.

use donjourno::algorithms::erosion::MAX_STEPS;
use donjourno::params::ErosionParams;

/// What a run did: the steps simulated and the material moved, in height units summed over the
/// cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// Droplet steps simulated.
    pub steps: u64,
    /// Height taken from the cells.
    pub eroded: f64,
    /// Height added to the cells.
    pub deposited: f64,
}

/// The map being eroded: heights, pool membership and size.
pub struct Map<'a> {
    /// Heights, row by row (`z · width + x`).
    pub height: &'a mut [f32],
    /// Pool membership: droplets spawn on pool cells and die off them.
    pub pool: &'a [bool],
    /// Cells along x.
    pub width: usize,
    /// Cells along z.
    pub depth: usize,
}

/// The model's constants for one step on cells of `c` metres.
#[derive(Clone, Copy, Debug)]
struct Constants {
    /// `dt`: a step moves a droplet `dt·s` cells.
    dt: f32,
    /// `a`: speed gained a step per unit of `n_xz/(V·ρ)`; `dt·c`, or with friction the speed
    /// gained over `dt·c` under it, `(1 − (1 − dt·f)^c)/f`.
    accel: f32,
    /// `(1 − dt·f)^c`: share of its speed a droplet keeps a step.
    friction: f32,
    /// `(1 − dt·f)/(1 − dt·f)^c`: the speed after friction, scaled to the speed the 1 m model
    /// takes into the capacity.
    capacity_speed: f32,
    /// `k = 1 − (1 − dt·D)^c`: share of the gap to capacity closed a step.
    exchange: f32,
    /// `(1 − dt·e)^c`: share of its volume a droplet keeps a step.
    evaporation: f32,
    /// `1/c`: per metre to per cell.
    inv_cell: f32,
    /// Volume below which a droplet dies.
    min_volume: f32,
    /// `ρ`.
    density: f32,
}

impl Constants {
    /// The constants of `p` on cells of `cell_size` metres.
    fn new(p: &ErosionParams, cell_size: f32) -> Self {
        let c = cell_size;
        // The share `(1 − dt·k)^c` of a quantity left after a step of `dt·c`.
        let left = |k: f32| libm::powf((1.0 - p.dt * k).max(0.0), c);
        let friction = left(p.friction);
        Constants {
            dt: p.dt,
            accel: if p.friction > 0.0 {
                (1.0 - friction) / p.friction
            } else {
                p.dt * c
            },
            friction,
            capacity_speed: (1.0 - p.dt * p.friction) / friction.max(f32::MIN_POSITIVE),
            exchange: 1.0 - left(p.deposition_rate),
            evaporation: left(p.evaporation_rate),
            inv_cell: 1.0 / c,
            min_volume: p.min_volume,
            density: p.density,
        }
    }
}

/// One droplet: position and speed in cells, volume, carried sediment and the pool cell under it.
#[derive(Clone, Copy, Debug)]
struct Droplet {
    x: f32,
    z: f32,
    sx: f32,
    sz: f32,
    volume: f32,
    sediment: f32,
    cell: usize,
}

/// Erodes `map` with `droplets` droplets of the model `params` on cells of `cell_size` metres,
/// spawned on pool cells drawn from `seed`.
pub fn erode(
    map: &mut Map,
    droplets: u32,
    params: &ErosionParams,
    cell_size: f32,
    seed: u64,
) -> Report {
    let k = Constants::new(params, cell_size);
    let pool_cells: Vec<usize> = (0..map.pool.len()).filter(|&i| map.pool[i]).collect();
    let mut report = Report::default();
    if pool_cells.is_empty() {
        return report;
    }
    let mut spawns = SplitMix64(seed);
    for _ in 0..droplets {
        let start = pool_cells[spawns.below(pool_cells.len())];
        run_droplet(map, &k, start, &mut report);
    }
    report
}

/// Runs one droplet from the centre of cell `start` until it dies, then leaves its load.
fn run_droplet(map: &mut Map, k: &Constants, start: usize, report: &mut Report) {
    let mut d = Droplet {
        x: (start % map.width) as f32 + 0.5,
        z: (start / map.width) as f32 + 0.5,
        sx: 0.0,
        sz: 0.0,
        volume: 1.0,
        sediment: 0.0,
        cell: start,
    };
    for _ in 0..MAX_STEPS {
        if d.volume < k.min_volume {
            break;
        }
        report.steps += 1;
        if !step(map, k, &mut d, report) {
            break;
        }
    }
    let load = d.volume * d.sediment;
    report.deposited += f64::from(raise(map, d.cell, load));
}

/// One step: accelerate, move, and (when the droplet lands on a pool cell) exchange sediment
/// with the cell it left and evaporate. Returns `false` when the droplet left the pool.
fn step(map: &mut Map, k: &Constants, d: &mut Droplet, report: &mut Report) -> bool {
    let (nx, nz) = normal_xz(map, d.cell, k.inv_cell);
    let gain = k.accel / (d.volume * k.density);
    d.sx += gain * nx;
    d.sz += gain * nz;
    d.x += k.dt * d.sx;
    d.z += k.dt * d.sz;
    d.sx *= k.friction;
    d.sz *= k.friction;
    let Some(next) = pool_cell(map, d.x, d.z) else {
        return false;
    };
    let drop = (map.height[d.cell] - map.height[next]).max(0.0);
    let speed = (d.sx * d.sx + d.sz * d.sz).sqrt() * k.capacity_speed;
    let capacity = d.volume * speed * drop * k.inv_cell;
    let mut exchange = k.exchange * (capacity - d.sediment);
    if exchange * d.volume > drop {
        exchange = drop / d.volume;
    }
    d.sediment += exchange;
    let delta = -d.volume * exchange;
    if delta < 0.0 {
        report.eroded += f64::from(lower(map, d.cell, -delta));
    } else {
        report.deposited += f64::from(raise(map, d.cell, delta));
    }
    d.volume *= k.evaporation;
    d.cell = next;
    true
}

/// Horizontal part `(n_x, n_z)` of the unit surface normal at `cell`: `(−g_x, −g_z)/|(g_x, 1,
/// g_z)|` of the gradient per metre, by central differences (one-sided on the border).
fn normal_xz(map: &Map, cell: usize, inv_cell: f32) -> (f32, f32) {
    let (x, z) = (cell % map.width, cell / map.width);
    let h = |x: usize, z: usize| map.height[z * map.width + x];
    let difference = |p: usize, len: usize, at: &dyn Fn(usize) -> f32| {
        if len < 2 {
            0.0
        } else if p == 0 {
            at(1) - at(0)
        } else if p + 1 == len {
            at(p) - at(p - 1)
        } else {
            (at(p + 1) - at(p - 1)) * 0.5
        }
    };
    let gx = difference(x, map.width, &|x| h(x, z)) * inv_cell;
    let gz = difference(z, map.depth, &|z| h(x, z)) * inv_cell;
    let len = (gx * gx + 1.0 + gz * gz).sqrt();
    (-gx / len, -gz / len)
}

/// The pool cell under the position `(x, z)`, or `None` off the map or the pool.
fn pool_cell(map: &Map, x: f32, z: f32) -> Option<usize> {
    let inside = x >= 0.0 && z >= 0.0 && x < map.width as f32 && z < map.depth as f32;
    if !inside {
        return None;
    }
    let cell = z as usize * map.width + x as usize;
    map.pool[cell].then_some(cell)
}

/// Takes up to `amount` from `cell`, never below 0 (nothing from a cell already below 0);
/// returns what was taken.
fn lower(map: &mut Map, cell: usize, amount: f32) -> f32 {
    let before = map.height[cell];
    let after = (before - amount).max(before.min(0.0));
    map.height[cell] = after;
    before - after
}

/// Adds up to `amount` to `cell`, never above its highest edge neighbour; returns what was added.
fn raise(map: &mut Map, cell: usize, amount: f32) -> f32 {
    let room = (highest_neighbour(map, cell) - map.height[cell]).max(0.0);
    let added = amount.clamp(0.0, room);
    map.height[cell] += added;
    added
}

/// The highest of the (up to four) edge neighbours of `cell`.
fn highest_neighbour(map: &Map, cell: usize) -> f32 {
    let (x, z) = (cell % map.width, cell / map.width);
    let mut top = f32::NEG_INFINITY;
    if x > 0 {
        top = top.max(map.height[cell - 1]);
    }
    if x + 1 < map.width {
        top = top.max(map.height[cell + 1]);
    }
    if z > 0 {
        top = top.max(map.height[cell - map.width]);
    }
    if z + 1 < map.depth {
        top = top.max(map.height[cell + map.width]);
    }
    top
}

/// SplitMix64 (Steele, Lea & Flood 2014): the spawn cells' random numbers.
struct SplitMix64(u64);

impl SplitMix64 {
    /// The next 64 random bits.
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (multiply-shift; its bias is below `n/2⁶⁴`).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::GeneratorParams;

    /// A valley falling along x (from 40 to 8 over the map), its floor along the middle row and
    /// its sides rising 0.5 a cell: a `side × side` map, every cell in the pool.
    fn valley(side: usize) -> Vec<f32> {
        (0..side * side)
            .map(|i| {
                let (x, z) = (i % side, i / side);
                40.0 - 32.0 * x as f32 / side as f32 + 0.5 * z.abs_diff(side / 2) as f32
            })
            .collect()
    }

    /// Erodes `height` (a `side²` map, all pool) with the default model and `droplets` droplets.
    fn run(height: &mut [f32], side: usize, droplets: u32) -> Report {
        let pool = vec![true; side * side];
        let mut map = Map {
            height,
            pool: &pool,
            width: side,
            depth: side,
        };
        erode(&mut map, droplets, &ErosionParams::default(), 1.0, 3)
    }

    #[test]
    fn erosion_moves_material_and_accounts_for_every_change() {
        let side = 64;
        let before = valley(side);
        let mut h = before.clone();
        let r = run(&mut h, side, 4000);
        assert!(r.steps > 4000 * 10, "{} steps", r.steps);
        assert!(r.eroded > 1.0 && r.deposited > 0.1, "{r:?}");
        // The model loses load (evaporation shrinks the load `V·S`) and never makes any.
        assert!(r.deposited < r.eroded, "{r:?}");
        let sum = |h: &[f32]| h.iter().map(|&v| f64::from(v)).sum::<f64>();
        let change = sum(&h) - sum(&before);
        let expected = r.deposited - r.eroded;
        assert!(
            (change - expected).abs() < 1e-3 * r.eroded,
            "net change {change}, reported {expected}"
        );
        let top = before.iter().copied().fold(f32::MIN, f32::max);
        assert!(h.iter().all(|&v| v.is_finite() && (0.0..=top).contains(&v)));
    }

    #[test]
    fn droplets_lower_the_valley_floor() {
        let side = 64;
        let before = valley(side);
        let mut h = before.clone();
        run(&mut h, side, 4000);
        // The floor's upper half, where droplets gather speed and load.
        let floor: Vec<usize> = (4..side / 2).map(|x| side / 2 * side + x).collect();
        let lowered: f32 = floor.iter().map(|&i| before[i] - h[i]).sum();
        assert!(
            lowered > 0.05 * floor.len() as f32,
            "floor lowered by {lowered} in all"
        );
    }

    #[test]
    fn the_baseline_erodes_like_the_kernel() {
        // The same map, droplet count and model: the kernel's batches see the map as each batch
        // started, so the bits differ, but steps and material moved agree closely.
        let side = 128;
        let (base, pool) = crate::bench::kernels::pool_terrain(side as u32);
        let params = GeneratorParams::default();
        let droplets = (side * side / 2) as u32;
        let mut h = base.clone();
        let mut map = Map {
            height: &mut h,
            pool: &pool,
            width: side,
            depth: side,
        };
        let plain = erode(
            &mut map,
            droplets,
            &params.terrain.erosion,
            params.cell_size,
            9,
        );
        let mut k = base.clone();
        let kernel = crate::bench::kernels::bench_erosion(&pool, side, droplets, &params, None)
            .run(&mut k, &mut |_| true)
            .expect("not cancelled");
        let moved = |h: &[f32]| {
            h.iter()
                .zip(&base)
                .map(|(a, b)| f64::from((a - b).abs()))
                .sum::<f64>()
        };
        let close = |a: f64, b: f64, tolerance: f64| (a / b - 1.0).abs() < tolerance;
        assert!(
            close(plain.steps as f64, kernel.steps as f64, 0.1),
            "steps: baseline {}, kernel {}",
            plain.steps,
            kernel.steps
        );
        assert!(
            close(moved(&h), moved(&k), 0.25),
            "|Δh|: baseline {}, kernel {}",
            moved(&h),
            moved(&k)
        );
    }
}
