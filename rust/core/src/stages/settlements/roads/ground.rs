//! What the roads are routed over: which cells a road may use, the height a road has on each,
//! and which steps between neighbours stay under the steepest grade.

use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// The eight neighbour steps `(dx, dz)`, in a fixed order: a direction is its index here.
pub const STEPS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Length of step `dir` in cells: 1 along an axis, √2 on a diagonal.
#[inline]
pub fn step_length(dir: usize) -> f32 {
    if dir % 2 == 0 {
        1.0
    } else {
        std::f32::consts::SQRT_2
    }
}

/// How a road may use a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Footing {
    /// No road: a lake or the sea.
    Closed,
    /// Dry land.
    Land,
    /// A river, crossed on a bridge.
    River,
}

/// The cells of a map as the router sees them.
pub struct RoadGround {
    /// Cells along x.
    pub width: usize,
    /// Cells along z.
    pub depth: usize,
    /// How each cell may be used.
    pub footing: Vec<Footing>,
    /// The road's height on each cell, height units: the smoothed ground on land ([`smoothed`]),
    /// the bridge deck on a river ([`decks`]).
    pub height: Vec<f32>,
    /// Cells of town lots: a road may cross them, at [`LOT_COST`](super::astar::LOT_COST) a cell.
    pub lot: Vec<bool>,
    /// Largest height difference of an axis step (height units); a diagonal allows √2 times
    /// this.
    pub max_rise: f32,
    /// Metres per cell: the router's costs are per metre.
    pub cell_size: f32,
}

/// Radius of the box filter that smooths the land under a road, metres (one cell each way on
/// 4 m cells, four on 1 m cells): roads are routed over,
/// and their centre cells levelled to, the mean ground of the window (dry cells only), so a road
/// cuts through bumps and fills dips instead of climbing each of them.
pub const SMOOTH_RADIUS: f32 = 4.0;

/// The radius in cells of a window [`SMOOTH_RADIUS`] metres wide on cells of `cell_size` metres:
/// the nearest whole number of cells, at least one (a coarse lattice's own steps are rough).
pub fn smooth_cells(cell_size: f32) -> usize {
    ((SMOOTH_RADIUS / cell_size).round() as usize).max(1)
}

/// The mean height of the dry cells in the window of `r` cells around every dry cell
/// (separable running sums, row order); water cells keep their height.
pub fn smoothed(grid: &Grid, r: usize) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let dry: Vec<bool> = grid.water.iter().map(|k| *k == WaterKind::Dry).collect();
    let mut rows = vec![(0.0f64, 0u32); w * d];
    for z in 0..d {
        for x in 0..w {
            let (mut s, mut n) = (0.0f64, 0u32);
            for xx in x.saturating_sub(r)..(x + r + 1).min(w) {
                let j = z * w + xx;
                if dry[j] {
                    s += f64::from(grid.height[j]);
                    n += 1;
                }
            }
            rows[z * w + x] = (s, n);
        }
    }
    let mut out = grid.height.clone();
    for z in 0..d {
        for x in 0..w {
            let i = z * w + x;
            if !dry[i] {
                continue;
            }
            let (mut s, mut n) = (0.0f64, 0u32);
            for zz in z.saturating_sub(r)..(z + r + 1).min(d) {
                let (rs, rn) = rows[zz * w + x];
                s += rs;
                n += rn;
            }
            out[i] = (s / f64::from(n)) as f32;
        }
    }
    out
}

/// Half the widest river a deck spans from bank to bank, metres; at least one cell.
pub const DECK_REACH: f32 = 8.0;

/// Passes of [`decks`] on cells of `cell_size` metres: [`DECK_REACH`] in cells, at least one.
pub fn deck_passes(cell_size: f32) -> usize {
    ((DECK_REACH / cell_size).ceil() as usize).max(1)
}

/// Height of a bridge deck above the river's surface where the banks lie no higher, metres: at
/// most half the rise the steepest grade allows over a cell, so a road steps onto the deck.
pub const DECK_CLEARANCE: f32 = 0.25;

/// The road height of every cell on cells of `cell_size` metres (heights `height_scale` metres
/// per unit, roads no steeper than `max_grade`): the [`smoothed`] ground on land, the ground on
/// lakes; on a river, a bridge deck at the mean height of the neighbouring banks, carried inward
/// one cell per pass over [`deck_passes`] passes, and above the water (its filled level and its
/// drawn surface) by [`DECK_CLEARANCE`] or half a cell's rise at the steepest grade, whichever is
/// less, so a road crosses at bank level and never at the water's.
pub fn decks(
    grid: &Grid,
    footing: &[Footing],
    cell_size: f32,
    height_scale: f32,
    max_grade: f32,
) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let clearance = DECK_CLEARANCE.min(0.5 * max_grade * cell_size) / height_scale;
    let water = |i: usize| {
        let surface = grid.water_surface.get(i).copied().unwrap_or(0.0);
        grid.water_level[i].max(surface) + clearance
    };
    let mut height = smoothed(grid, smooth_cells(cell_size));
    let mut known: Vec<bool> = footing.iter().map(|f| *f != Footing::River).collect();
    for _ in 0..deck_passes(cell_size) {
        let (before, had) = (height.clone(), known.clone());
        let mut changed = false;
        for i in (0..w * d).filter(|&i| !had[i]) {
            let (x, z) = ((i % w) as i64, (i / w) as i64);
            let (mut sum, mut n) = (0.0f32, 0u32);
            for (dx, dz) in STEPS {
                let (nx, nz) = (x + dx, z + dz);
                if nx >= 0 && nz >= 0 && (nx as usize) < w && (nz as usize) < d {
                    let j = nz as usize * w + nx as usize;
                    if had[j] && footing[j] != Footing::Closed {
                        sum += before[j];
                        n += 1;
                    }
                }
            }
            if n > 0 {
                height[i] = (sum / n as f32).max(water(i));
                known[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for i in 0..w * d {
        if !known[i] {
            height[i] = grid.height[i].max(water(i));
        }
    }
    height
}

impl RoadGround {
    /// The ground of `grid` for roads no steeper than `max_grade` (metres per metre) at the given
    /// world scale.
    pub fn of(grid: &Grid, max_grade: f32, cell_size: f32, height_scale: f32) -> Self {
        let footing = grid
            .water
            .iter()
            .map(|k| match k {
                WaterKind::Dry => Footing::Land,
                WaterKind::River => Footing::River,
                WaterKind::Lake | WaterKind::Sea => Footing::Closed,
            })
            .collect::<Vec<_>>();
        let height = decks(grid, &footing, cell_size, height_scale, max_grade);
        RoadGround {
            width: grid.width(),
            depth: grid.depth(),
            lot: vec![false; grid.len()],
            footing,
            height,
            max_rise: max_grade * cell_size / height_scale,
            cell_size,
        }
    }

    /// The neighbour of cell `i` in direction `dir`, if on the map.
    #[inline]
    pub fn neighbour(&self, i: usize, dir: usize) -> Option<usize> {
        let (x, z) = ((i % self.width) as i64, (i / self.width) as i64);
        let (dx, dz) = STEPS[dir];
        let (nx, nz) = (x + dx, z + dz);
        (nx >= 0 && nz >= 0 && (nx as usize) < self.width && (nz as usize) < self.depth)
            .then(|| nz as usize * self.width + nx as usize)
    }

    /// Whether a road may step from `a` to its neighbour `b` in direction `dir`: both open and
    /// the rise under the steepest grade. The relation is symmetric.
    #[inline]
    pub fn can_step(&self, a: usize, b: usize, dir: usize) -> bool {
        self.footing[a] != Footing::Closed
            && self.footing[b] != Footing::Closed
            && (self.height[b] - self.height[a]).abs() <= self.max_rise * step_length(dir)
    }

    /// The grade of the step from `a` to `b` in direction `dir`, as a share of the steepest
    /// (0..=1 for an allowed step).
    #[inline]
    pub fn grade_share(&self, a: usize, b: usize, dir: usize) -> f32 {
        if self.max_rise > 0.0 {
            (self.height[b] - self.height[a]).abs() / (self.max_rise * step_length(dir))
        } else {
            0.0
        }
    }

    /// The component of every cell under [`RoadGround::can_step`] (`u32::MAX` for closed cells):
    /// two cells share a component exactly when a road can join them. Labels count up in row
    /// order of each component's first cell.
    pub fn components(&self) -> Vec<u32> {
        let n = self.width * self.depth;
        let mut label = vec![u32::MAX; n];
        let mut next = 0u32;
        let mut stack = Vec::new();
        for start in 0..n {
            if label[start] != u32::MAX || self.footing[start] == Footing::Closed {
                continue;
            }
            label[start] = next;
            stack.push(start);
            while let Some(a) = stack.pop() {
                for dir in 0..8 {
                    if let Some(b) = self.neighbour(a, dir) {
                        if label[b] == u32::MAX && self.can_step(a, b, dir) {
                            label[b] = next;
                            stack.push(b);
                        }
                    }
                }
            }
            next += 1;
        }
        label
    }
}
