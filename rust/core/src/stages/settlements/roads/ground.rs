//! What the roads are routed over: which cells a road may use, the height a road has on each
//! ([`heights`](super::heights)), and which steps between neighbours stay under the steepest
//! grade.

use super::heights::decks;
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
    /// The road's height on each cell, height units: the smoothed ground on land
    /// ([`smoothed`](super::heights::smoothed)), the bridge deck on a river ([`decks`]).
    pub height: Vec<f32>,
    /// Cells of town lots: a road may cross them, at [`LOT_COST`](super::astar::LOT_COST) a cell.
    pub lot: Vec<bool>,
    /// The width of the river on each river cell, metres (0 off rivers): a road crossing the
    /// cell needs a bridge of this width or of the cell, whichever is less, so a river costs
    /// about its width in bridge whatever the cell size.
    pub river_width: Vec<f32>,
    /// Largest height difference of an axis step (height units); a diagonal allows √2 times
    /// this.
    pub max_rise: f32,
    /// Metres per cell: the router's costs are per metre.
    pub cell_size: f32,
}

impl RoadGround {
    /// The ground of `grid` for roads no steeper than `max_grade` (metres per metre), their beds
    /// `bed_width` metres wide, at the given world scale.
    pub fn of(
        grid: &Grid,
        max_grade: f32,
        bed_width: f32,
        cell_size: f32,
        height_scale: f32,
    ) -> Self {
        let footing = grid
            .water
            .iter()
            .map(|k| match k {
                WaterKind::Dry => Footing::Land,
                WaterKind::River => Footing::River,
                WaterKind::Lake | WaterKind::Sea => Footing::Closed,
            })
            .collect::<Vec<_>>();
        let height = decks(
            grid,
            &footing,
            cell_size,
            height_scale,
            max_grade,
            bed_width / cell_size,
        );
        let river_width = footing
            .iter()
            .zip(&grid.river_width)
            .map(|(f, &w)| match f {
                Footing::River if w > 0.0 => w,
                Footing::River => cell_size,
                _ => 0.0,
            })
            .collect();
        RoadGround {
            width: grid.width(),
            depth: grid.depth(),
            lot: vec![false; grid.len()],
            river_width,
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

    /// The length of bridge a road needs to cross cell `i`, metres: the river's width or the
    /// cell, whichever is less (0 off rivers).
    #[inline]
    pub fn bridge(&self, i: usize) -> f32 {
        self.river_width[i].min(self.cell_size)
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
