//! Rivers drawn along their centre-lines: the chains of channel cells the drainage gives
//! ([`channels`]), their lines smoothed ([`smooth`]) so that they curve, the water surface along
//! each line never rising downstream ([`surface_levels`]), and the river's cells, bed and width
//! laid along the line in metres.

use super::rivers::{river_width_metres, Rivers};
use super::Drainage;
use crate::algorithms::hydrology::{
    channels, river_depth, smooth, surface_levels, ChannelEnd, SMOOTHING_PASSES,
};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use rayon::prelude::*;

/// Centre-lines are walked in steps of this many cells: every cell the line crosses is met.
pub const SAMPLE_STEP: f32 = 0.25;
/// A river's banks reach at most this many cells from its centre-line.
pub const MAX_RADIUS_CELLS: f32 = 2.0;

/// One river's centre-line, downstream, in cell coordinates (`x`, `z`; a cell's centre at whole
/// numbers).
#[derive(Clone, Debug, PartialEq)]
pub struct Centreline {
    /// The smoothed points, one for each cell of the chain: in the lake the river leaves (when it
    /// does), through its own cells, to the point where it joins its parent river or enters still
    /// water (unless it leaves the map).
    pub points: Vec<[f32; 2]>,
    /// The water surface at each point, height units: never rising downstream.
    pub surface: Vec<f32>,
    /// The river's width at each point, metres.
    pub width: Vec<f32>,
    /// The river's own points: `points[own.0..own.1]`.
    pub own: (usize, usize),
    /// How it ends: joining the river of this index in the list (on that river's line, at its
    /// surface there), in still water or at the border.
    pub end: ChannelEnd,
    /// The cells the line turned into its channel, in the order it crossed them (downstream);
    /// their water never rises from one to the next.
    pub cells: Vec<u32>,
}

impl Centreline {
    /// The length of the river's own stretch, from its first own point to its end, in cells.
    pub fn length_cells(&self) -> f32 {
        let end = (self.own.1 + 1).min(self.points.len());
        self.points[self.own.0..end]
            .windows(2)
            .map(|p| distance(p[0], p[1]))
            .sum()
    }
}

fn distance(a: [f32; 2], b: [f32; 2]) -> f32 {
    let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
    (dx * dx + dz * dz).sqrt()
}

/// Lays every river along its centre-line: dry cells whose accumulation makes a river the lattice
/// resolves become chains, parents first; each is smoothed (a tributary drawn into its parent's
/// line), its surface follows the line, and the cells it crosses, with the cells within half its
/// width whose ground is not above its water, become river cells carved below the surface.
pub(super) fn draw_rivers(
    grid: &mut Grid,
    drainage: &Drainage,
    params: &Rivers,
) -> Vec<Centreline> {
    let w = grid.width();
    let river: Vec<bool> = (grid.water.par_iter().zip(&drainage.accumulation))
        .map(|(&k, &acc)| k == WaterKind::Dry && params.resolved(acc))
        .collect();
    let still: Vec<bool> = grid
        .water
        .par_iter()
        .map(|&k| k != WaterKind::Dry)
        .collect();
    let chains = channels(&drainage.receivers, &drainage.accumulation, &river, &still);
    // Own levels before any carving: the ground, or the still water's level.
    let levels: Vec<Vec<f32>> = chains
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|&i| match grid.water[i as usize] {
                    WaterKind::Dry => grid.height[i as usize],
                    _ => grid.water_level[i as usize],
                })
                .collect()
        })
        .collect();
    let mut lines: Vec<Centreline> = Vec::with_capacity(chains.len());
    for (chain, own_levels) in chains.iter().zip(levels) {
        let mut points: Vec<[f32; 2]> = chain
            .cells
            .iter()
            .map(|&i| [(i as usize % w) as f32, (i as usize / w) as f32])
            .collect();
        let end = match chain.end {
            // The parent comes first (it drains more) and owns the joint.
            ChannelEnd::Joins(parent) => lines.get(parent).and_then(|line| {
                let joint = chain.cells.last()?;
                let k = chains[parent].cells.iter().position(|c| c == joint)?;
                if let Some(p) = points.last_mut() {
                    *p = line.points[k];
                }
                Some(line.surface[k])
            }),
            ChannelEnd::Still => own_levels.last().copied(),
            ChannelEnd::Border => None,
        };
        smooth(&mut points, SMOOTHING_PASSES);
        // The points outside the river's own stretch (in the lake it leaves, where it ends) take
        // the width of the nearest own point.
        let acc: Vec<u32> = (0..chain.cells.len())
            .map(|k| chain.cells[k.clamp(chain.owned.0, chain.owned.1 - 1)])
            .map(|i| drainage.accumulation[i as usize])
            .collect();
        let width = acc
            .iter()
            .map(|&a| river_width_metres(a, params.cell_size))
            .collect();
        let mut line = Centreline {
            points,
            surface: surface_levels(&own_levels, end),
            width,
            own: chain.owned,
            end: chain.end,
            cells: Vec::new(),
        };
        line.cells = Painter::new(grid, params).paint(&line, &acc);
        lines.push(line);
    }
    lines
}

/// Lays one centre-line onto the grid: its channel first, then its banks.
struct Painter<'a> {
    grid: &'a mut Grid,
    params: &'a Rivers,
    /// The lowest water the line has laid so far: no cell further down lies above it.
    running: f32,
    /// The cell of the previous sample.
    previous: Option<(i64, i64)>,
    /// The channel cells laid, downstream.
    laid: Vec<u32>,
    /// The banks to lay once the channel is: cell, water level, width, depth.
    banks: Vec<(usize, f32, f32, f32)>,
}

impl<'a> Painter<'a> {
    fn new(grid: &'a mut Grid, params: &'a Rivers) -> Self {
        Painter {
            grid,
            params,
            running: f32::INFINITY,
            previous: None,
            laid: Vec::new(),
            banks: Vec::new(),
        }
    }

    /// Walks the line in steps of [`SAMPLE_STEP`] cells; each segment carries the accumulation of
    /// its upstream point (`acc`, one per point).
    /// Returns the channel cells laid, downstream.
    fn paint(mut self, line: &Centreline, acc: &[u32]) -> Vec<u32> {
        let n = line.points.len();
        for (k, &seg_acc) in acc.iter().enumerate().take(n.saturating_sub(1)) {
            let (a, b) = (line.points[k], line.points[k + 1]);
            let steps = ((distance(a, b) / SAMPLE_STEP).ceil() as usize).max(1);
            let last = k + 2 == n;
            for t in 0..steps + usize::from(last) {
                let f = t as f32 / steps as f32;
                let p = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
                let s = line.surface[k] + (line.surface[k + 1] - line.surface[k]) * f;
                let width = line.width[k] + (line.width[k + 1] - line.width[k]) * f;
                self.sample(p, s, width, seg_acc);
            }
        }
        if n == 1 {
            self.sample(line.points[0], line.surface[0], line.width[0], acc[0]);
        }
        for (i, level, width, depth) in std::mem::take(&mut self.banks) {
            if self.grid.water[i] == WaterKind::Dry && self.grid.height[i] <= level {
                self.flood(i, level, width, depth);
            }
        }
        self.laid
    }

    /// One sample of the line: the cell under it (and, after a diagonal step, the side cell
    /// nearer the line, so the channel stays joined along cell sides), then its banks.
    fn sample(&mut self, p: [f32; 2], surface: f32, width: f32, acc: u32) {
        let cell = ((p[0] + 0.5).floor() as i64, (p[1] + 0.5).floor() as i64);
        if let Some(prev) = self.previous {
            let (dx, dz) = (cell.0 - prev.0, cell.1 - prev.1);
            if dx != 0 && dz != 0 {
                let a = (cell.0, prev.1);
                let b = (prev.0, cell.1);
                let da = (p[0] - a.0 as f32).abs() + (p[1] - a.1 as f32).abs();
                let db = (p[0] - b.0 as f32).abs() + (p[1] - b.1 as f32).abs();
                self.channel(if db < da { b } else { a }, surface, width, acc);
            }
        }
        self.previous = Some(cell);
        self.channel(cell, surface, width, acc);
        self.banks(p, surface, width, acc);
    }

    fn index(&self, (x, z): (i64, i64)) -> Option<usize> {
        let (w, d) = (self.grid.width() as i64, self.grid.depth() as i64);
        (x >= 0 && z >= 0 && x < w && z < d).then(|| (z * w + x) as usize)
    }

    /// A cell the line crosses: a dry cell becomes river at the line's surface (never above the
    /// water the line laid upstream), carved by [`Rivers::carve`]; a river cell laid before takes
    /// the wider of the two widths.
    fn channel(&mut self, cell: (i64, i64), surface: f32, width: f32, acc: u32) {
        let Some(i) = self.index(cell) else {
            return;
        };
        if self.grid.water[i] == WaterKind::Dry {
            let level = surface.min(self.running);
            self.flood(i, level, width, self.params.carve(acc));
            self.laid.push(i as u32);
        } else {
            if self.grid.water[i] == WaterKind::River {
                self.grid.river_width[i] = self.grid.river_width[i].max(width);
            }
        }
    }

    /// The river's banks: dry cells within half its width of the line (at most
    /// [`MAX_RADIUS_CELLS`]) whose ground is not above its water, laid after the channel.
    fn banks(&mut self, p: [f32; 2], surface: f32, width: f32, acc: u32) {
        let radius = (width / (2.0 * self.params.cell_size)).min(MAX_RADIUS_CELLS);
        if radius < 0.5 {
            return;
        }
        let level = surface.min(self.running);
        let depth = river_depth(acc, self.params.river_threshold, self.params.river_depth);
        let reach = radius.ceil() as i64;
        let (cx, cz) = ((p[0] + 0.5).floor() as i64, (p[1] + 0.5).floor() as i64);
        for z in cz - reach..=cz + reach {
            for x in cx - reach..=cx + reach {
                let Some(i) = self.index((x, z)) else {
                    continue;
                };
                let near = distance(p, [x as f32, z as f32]) <= radius;
                if near && self.grid.water[i] == WaterKind::Dry && self.grid.height[i] <= level {
                    self.banks.push((i, level, width, depth));
                }
            }
        }
    }

    /// Cell `i` becomes river water at `level`, `width` metres wide, its bed carved `depth` below
    /// the lower of its ground and the water.
    fn flood(&mut self, i: usize, level: f32, width: f32, depth: f32) {
        let g = &mut *self.grid;
        g.water[i] = WaterKind::River;
        g.water_level[i] = level;
        g.river_width[i] = width;
        g.height[i] = self.params.bed(g.height[i].min(level), depth);
        self.running = self.running.min(level);
    }
}
