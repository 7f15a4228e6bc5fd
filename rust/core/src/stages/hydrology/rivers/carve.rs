//! Rivers, carving: the cells a centre-line covers become river, their water on the line's level,
//! their beds carved by [`Rivers::carve`].
//!
//! The cells of the drainage path are covered (the water the drainage routes stays wet, and a
//! river narrower than a cell keeps one cell along its course); each takes the level, width and
//! catchment of its own point of the line. Where the path steps diagonally, the side cell with
//! the lower ground joins it, so the channel stays connected along cell sides. Beside the path,
//! the cells whose centres lie within the river's radius of the line ([`on_bank`]) are covered,
//! joined to the path along cell sides, so a wide river's banks follow the line's bends instead
//! of a disc around every cell, and no stray river cell lies apart from its channel. Joints and
//! banks take the line's level where it passes nearest, held between the levels of the path
//! cells they join, so the water never steps.
//! Each segment looks only at the cells of its bounding box, so the work grows with the cells
//! near rivers.

use super::network::{Outlet, Stream};
use super::water::{water_of, Cover, Paths, Water};
use super::{river_radius, RiverLine, Rivers, NO_CELL};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// Where a line passes nearest to a cell: the squared distance in metres², the line, its
/// segment and the position along it (0 at its start, 1 at its end).
#[derive(Clone, Copy, Debug)]
struct Nearest {
    distance2: f32,
    line: u32,
    segment: u32,
    t: f32,
}

/// How far from a line, in cells, [`nearest`] looks beyond the river's half width: the drainage
/// path and its joints lie within about a cell of it.
const REACH_CELLS: f32 = 2.0;

/// Where the lines pass nearest to every cell within reach of them (the line is [`NO_CELL`]
/// elsewhere). Lines and segments are visited in order; the first of equally near ones wins.
fn nearest(grid: &Grid, lines: &[RiverLine], cell: f32) -> Vec<Nearest> {
    let far = Nearest {
        distance2: f32::INFINITY,
        line: NO_CELL,
        segment: 0,
        t: 0.0,
    };
    let mut best = vec![far; grid.len()];
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    for (li, line) in lines.iter().enumerate() {
        for k in 0..line.points.len().saturating_sub(1) {
            let (a, b) = (line.points[k], line.points[k + 1]);
            let reach = (REACH_CELLS * cell).max(0.5 * line.widths[k].max(line.widths[k + 1]));
            let lo = |u: f32, v: f32| (((u.min(v) - reach) / cell).floor() as i64).max(0);
            let hi =
                |u: f32, v: f32, n: i64| (((u.max(v) + reach) / cell).ceil() as i64).min(n - 1);
            for z in lo(a[1], b[1])..=hi(a[1], b[1], d) {
                for x in lo(a[0], b[0])..=hi(a[0], b[0], w) {
                    let (t, distance2) = project([x as f32 * cell, z as f32 * cell], a, b);
                    let i = (z * w + x) as usize;
                    if distance2 < best[i].distance2 {
                        best[i] = Nearest {
                            distance2,
                            line: li as u32,
                            segment: k as u32,
                            t,
                        };
                    }
                }
            }
        }
    }
    best
}

/// The position along segment `a–b` (0..=1) nearest to `p`, and the squared distance to it.
fn project(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> (f32, f32) {
    let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
    let len2 = ux * ux + uz * uz;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * ux + (p[1] - a[1]) * uz) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (dx, dz) = (a[0] + ux * t - p[0], a[1] + uz * t - p[1]);
    (t, dx * dx + dz * dz)
}

/// The cells of the drainage paths ([`Cover::Path`]), and wherever a path steps diagonally
/// between dry cells the side cell with the lower ground, the first on a tie ([`Cover::Joint`]).
/// Steps are joined in the order of their upstream cells; a step with a side cell already on a
/// river needs no joint.
fn path_cells(grid: &Grid, streams: &[Stream]) -> Vec<(usize, Cover)> {
    let w = grid.width();
    let mut taken = vec![false; grid.len()];
    let mut out = Vec::new();
    let mut steps = Vec::new();
    for (li, stream) in streams.iter().enumerate() {
        let next = match stream.outlet {
            Outlet::Joins(r) | Outlet::Mouth(r) => Some(r),
            Outlet::Border => None,
        };
        for (k, &c) in stream.cells.iter().enumerate() {
            taken[c as usize] = true;
            let (line, point) = (li as u32, k as u32);
            out.push((c as usize, Cover::Path { line, point }));
            let below = stream.cells.get(k + 1).copied().or(next);
            steps.extend(below.map(|b| (c as usize, b as usize)));
        }
    }
    steps.sort_unstable();
    for (a, b) in steps {
        if a % w == b % w || a / w == b / w {
            continue;
        }
        let [first, second] = [(a / w) * w + b % w, (b / w) * w + a % w];
        let free = |c: usize| grid.water[c] == WaterKind::Dry && !taken[c];
        if free(first) && free(second) {
            let lower = if grid.height[second] < grid.height[first] {
                second
            } else {
                first
            };
            taken[lower] = true;
            let (from, to) = (a as u32, b as u32);
            out.push((lower, Cover::Joint { from, to }));
        }
    }
    out
}

/// Banks: the tolerance, in cells, on a bank's distance from the line, so that a centre
/// exactly the river's radius away counts whatever the rounding.
const BANK_TOLERANCE: f32 = 1e-3;

/// Whether a cell beside the drainage path, whose nearest line point is `n`, lies on the river:
/// its centre lies within the river's radius ([`river_radius`]) of the line.
fn on_bank(lines: &[RiverLine], n: &Nearest, cell: f32) -> bool {
    if n.line == NO_CELL {
        return false;
    }
    let (line, k) = (&lines[n.line as usize], n.segment as usize);
    let width = line.widths[k] + (line.widths[k + 1] - line.widths[k]) * n.t;
    let radius = river_radius(width, cell) as f32;
    radius > 0.0 && n.distance2 <= ((radius + BANK_TOLERANCE) * cell).powi(2)
}

/// The cells that become river: the drainage paths with their joints, and the banks
/// ([`on_bank`]) joined to those along cell sides; dry cells only, each once, in cell order.
fn covered_cells(
    grid: &Grid,
    streams: &[Stream],
    lines: &[RiverLine],
    best: &[Nearest],
    cell: f32,
) -> Vec<(usize, Cover)> {
    let (w, d) = (grid.width(), grid.depth());
    let mut cover: Vec<Option<Cover>> = vec![None; grid.len()];
    let mut stack = Vec::new();
    for (i, c) in path_cells(grid, streams) {
        if cover[i].is_none() {
            cover[i] = Some(c);
            stack.push(i);
        }
    }
    while let Some(i) = stack.pop() {
        let (x, z) = (i % w, i / w);
        let sides = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (z > 0).then(|| i - w),
            (z + 1 < d).then(|| i + w),
        ];
        for n in sides.into_iter().flatten() {
            if cover[n].is_none() && on_bank(lines, &best[n], cell) {
                cover[n] = Some(Cover::Bank);
                stack.push(n);
            }
        }
    }
    (0..grid.len())
        .filter(|&i| grid.water[i] == WaterKind::Dry)
        .filter_map(|i| cover[i].map(|c| (i, c)))
        .collect()
}

/// The line's water where it passes nearest to a cell (its catchment at the nearer end of the
/// segment), or `None` out of the lines' reach.
fn line_water(lines: &[RiverLine], n: &Nearest) -> Option<Water> {
    (n.line != NO_CELL).then(|| {
        let (line, k) = (&lines[n.line as usize], n.segment as usize);
        let level = line.levels[k] + (line.levels[k + 1] - line.levels[k]) * n.t;
        Water {
            level,
            surface: level,
            width: line.widths[k] + (line.widths[k + 1] - line.widths[k]) * n.t,
            accumulation: line.accumulation[if n.t < 0.5 { k } else { k + 1 }],
        }
    })
}

/// Marks the cells the centre-lines of `streams` cover as river, with the water of
/// [`water_of`], the bed carved below both the ground and the cell's water level by
/// [`Rivers::carve`].
pub(super) fn carve_rivers(
    grid: &mut Grid,
    streams: &[Stream],
    lines: &[RiverLine],
    rivers: &Rivers,
) {
    let best = nearest(grid, lines, rivers.cell_size);
    let covered = covered_cells(grid, streams, lines, &best, rivers.cell_size);
    let paths = Paths::new(streams, grid.len());
    let water: Vec<Water> = covered
        .iter()
        .map(|&(i, cover)| water_of(grid, lines, &paths, i, cover, line_water(lines, &best[i])))
        .collect();
    for (&(i, _), water) in covered.iter().zip(water) {
        grid.water[i] = WaterKind::River;
        grid.water_level[i] = water.level;
        grid.water_surface[i] = water.surface;
        grid.river_width[i] = water.width;
        grid.height[i] = rivers.bed(
            grid.height[i].min(water.level),
            rivers.carve(water.accumulation),
        );
    }
}
