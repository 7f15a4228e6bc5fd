//! Rivers, water: the level, rendered surface, width and catchment of every cell a centre-line
//! covers.

use super::network::Stream;
use super::RiverLine;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// What a covered cell is to its river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cover {
    /// A cell of a drainage path: point `point` of line `line`.
    Path {
        /// The line.
        line: u32,
        /// Its point.
        point: u32,
    },
    /// The side cell of a diagonal step of a drainage path, from cell `from` to cell `to`.
    Joint {
        /// The upstream cell of the step.
        from: u32,
        /// The cell it steps into: a path cell, a lake or the sea.
        to: u32,
    },
    /// A cell beside the path within the river's width.
    Bank,
}

/// The water of a covered cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Water {
    /// The cell's own water level ([`Grid::water_level`]); its bed is carved below it.
    pub(super) level: f32,
    /// The rendered surface ([`Grid::water_surface`]).
    pub(super) surface: f32,
    /// The river's width, metres.
    pub(super) width: f32,
    /// The catchment its bed is carved for.
    pub(super) accumulation: u32,
}

/// Joints and banks: how far around, in cells, they look for the path cells they border.
pub const BORDER_REACH: i64 = 2;

/// The line and point of every drainage path cell.
pub(super) struct Paths(Vec<Option<(u32, u32)>>);

impl Paths {
    /// The path cells of `streams` on a grid of `cells` cells.
    pub(super) fn new(streams: &[Stream], cells: usize) -> Self {
        let mut at = vec![None; cells];
        for (li, stream) in streams.iter().enumerate() {
            for (k, &c) in stream.cells.iter().enumerate() {
                at[c as usize] = Some((li as u32, k as u32));
            }
        }
        Paths(at)
    }

    /// The rendered level of cell `c` where it is a path cell or still water.
    fn surface(&self, grid: &Grid, lines: &[RiverLine], c: usize) -> f32 {
        match self.0[c] {
            Some((l, k)) => lines[l as usize].levels[k as usize],
            None => grid.water_level[c],
        }
    }

    /// The own level of cell `c`: its ground on a dry path cell, the water's level on still water.
    fn own(grid: &Grid, c: usize) -> f32 {
        if grid.water[c] == WaterKind::Dry {
            grid.height[c]
        } else {
            grid.water_level[c]
        }
    }
}

/// The path cells within [`BORDER_REACH`] of cell `i`: the lowest and highest rendered level,
/// and the width and catchment of the widest river among them.
fn bordering(grid: &Grid, lines: &[RiverLine], paths: &Paths, i: usize) -> (f32, f32, f32, u32) {
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    let (x, z) = (i as i64 % w, i as i64 / w);
    let (mut lo, mut hi, mut width, mut acc) = (f32::INFINITY, f32::NEG_INFINITY, 0.0f32, 0);
    let r = BORDER_REACH;
    for nz in (z - r).max(0)..=(z + r).min(d - 1) {
        for nx in (x - r).max(0)..=(x + r).min(w - 1) {
            let Some((l, k)) = paths.0[(nz * w + nx) as usize] else {
                continue;
            };
            let (line, k) = (&lines[l as usize], k as usize);
            (lo, hi) = (lo.min(line.levels[k]), hi.max(line.levels[k]));
            if line.widths[k] > width {
                (width, acc) = (line.widths[k], line.accumulation[k]);
            }
        }
    }
    (lo, hi, width, acc)
}

/// The water of covered cell `i`, read before any bed is carved; `near` is the line's water where
/// it passes nearest to the cell, if within reach.
///
/// A path cell has its own point's surface, width and catchment, and its ground as its own level.
/// A joint's surface is the line's level held between the surfaces of the step's ends, its own
/// level its ground held between theirs. A bank's surface and level are the line's level held
/// between the surfaces of the path cells around it. Joints and banks are as wide as the widest
/// river they border; a bank beyond [`BORDER_REACH`] of every path cell (on a river many cells
/// wide) takes the line's water where it passes nearest.
pub(super) fn water_of(
    grid: &Grid,
    lines: &[RiverLine],
    paths: &Paths,
    i: usize,
    cover: Cover,
    near: Option<Water>,
) -> Water {
    if let Cover::Path { line, point } = cover {
        let (line, k) = (&lines[line as usize], point as usize);
        return Water {
            level: grid.height[i],
            surface: line.levels[k],
            width: line.widths[k],
            accumulation: line.accumulation[k],
        };
    }
    let (lo, hi, width, widest_acc) = bordering(grid, lines, paths, i);
    match cover {
        Cover::Joint { from, to } => {
            let (from, to) = (from as usize, to as usize);
            let (a, b) = (
                paths.surface(grid, lines, from),
                paths.surface(grid, lines, to),
            );
            let (oa, ob) = (Paths::own(grid, from), Paths::own(grid, to));
            let surface = near.map_or(a, |n| n.surface).clamp(a.min(b), a.max(b));
            Water {
                level: grid.height[i].clamp(oa.min(ob), oa.max(ob)),
                surface,
                width,
                accumulation: paths.0[from].map_or(widest_acc, |(l, k)| {
                    lines[l as usize].accumulation[k as usize]
                }),
            }
        }
        _ => match near {
            Some(n) if lo > hi => Water {
                level: n.surface,
                ..n
            },
            _ => {
                let surface = near.map_or(lo, |n| n.surface).clamp(lo, hi);
                Water {
                    level: surface,
                    surface,
                    width,
                    accumulation: widest_acc,
                }
            }
        },
    }
}
