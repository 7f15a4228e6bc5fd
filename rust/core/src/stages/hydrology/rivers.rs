//! Rivers: the channels where the runoff gathers past the threshold, carved, joined across
//! diagonal steps and widened with their catchment, their length, and the rendered water planes.

use super::Drainage;
use crate::algorithms::hydrology::{river_depth, river_surface, SurfaceRole, NO_RECEIVER};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// The rivers' settings on the map's lattice.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rivers {
    /// Runoff cells above which a cell carries a river ([`WaterParams::river_threshold`]): its
    /// depth and width grow from there.
    pub(super) river_threshold: u32,
    /// Carving depth at the threshold, height units.
    pub(super) river_depth: f32,
    /// Metres between neighbouring cells.
    pub(super) cell_size: f32,
    /// The lowest a river bed is carved: the sea level where there is a sea (a river meets the
    /// sea at its level), else no limit.
    pub(super) floor: f32,
}

impl Rivers {
    /// `height` carved down by `depth`, never below [`Rivers::floor`] (nor raised by it).
    fn bed(&self, height: f32, depth: f32) -> f32 {
        (height - depth).max(self.floor.min(height))
    }

    /// Whether a cell with accumulation `acc` holds a river the lattice resolves: above the
    /// threshold and at least half a cell wide ([`river_width_metres`]). A narrower river is
    /// not drawn: its water stays within the cell it runs through.
    fn resolved(&self, acc: u32) -> bool {
        acc > self.river_threshold
            && 2.0 * river_width_metres(acc, self.cell_size) >= self.cell_size
    }

    /// How deep the bed of a channel cell with accumulation `acc` is carved: the
    /// [`river_depth`] of its bed, averaged over the cell where the river is narrower than the
    /// cell, so that a cell sinks by the mean depth of the ground it holds at every cell size.
    fn carve(&self, acc: u32) -> f32 {
        let depth = river_depth(acc, self.river_threshold, self.river_depth);
        let width = river_width_metres(acc, self.cell_size);
        if width >= self.cell_size {
            depth
        } else {
            depth * (width / self.cell_size)
        }
    }
}

/// Rivers: dry cells whose accumulation exceeds the threshold, water at the ground (through a dry
/// depression too), the bed carved by [`Rivers::carve`].
pub(super) fn mark_rivers(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    for (i, &acc) in drainage.accumulation.iter().enumerate() {
        if params.resolved(acc) && grid.water[i] == WaterKind::Dry {
            grid.water[i] = WaterKind::River;
            grid.water_level[i] = grid.height[i];
            grid.height[i] = params.bed(grid.height[i], params.carve(acc));
        }
    }
}

/// Rivers, continuity: where a river steps diagonally into water, the lower of the two cells
/// beside the step (the first on a tie) joins the river, so channels connect along their sides.
/// Its water lies between the levels of the step's ends and its bed is carved below that.
pub(super) fn connect_diagonals(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let w = grid.width();
    for i in 0..grid.len() {
        let r = drainage.receivers[i];
        if grid.water[i] != WaterKind::River || r == NO_RECEIVER {
            continue;
        }
        let r = r as usize;
        let (x, z, rx, rz) = (i % w, i / w, r % w, r / w);
        if x == rx || z == rz || grid.water[r] == WaterKind::Dry {
            continue;
        }
        let (a, b) = (z * w + rx, rz * w + x);
        if grid.water[a] != WaterKind::Dry || grid.water[b] != WaterKind::Dry {
            continue;
        }
        let c = if grid.height[b] < grid.height[a] {
            b
        } else {
            a
        };
        let (lo, hi) = (grid.water_level[r], grid.water_level[i]);
        let level = grid.height[c].clamp(lo.min(hi), lo.max(hi));
        let acc = drainage.accumulation[i];
        grid.water[c] = WaterKind::River;
        grid.water_level[c] = level;
        grid.height[c] = params.bed(grid.height[c].min(level), params.carve(acc));
    }
}

/// Rivers: the length of the rivers' channels, metres: from each river cell the lattice resolves
/// as a channel, the step to the cell it drains into (a cell or a diagonal).
pub(super) fn river_length(grid: &Grid, drainage: &Drainage, params: &Rivers) -> f64 {
    let w = grid.width();
    let cell = f64::from(params.cell_size);
    (0..grid.len())
        .filter(|&i| grid.water[i] == WaterKind::River && params.resolved(drainage.accumulation[i]))
        .map(|i| {
            let r = drainage.receivers[i];
            let diagonal = r != NO_RECEIVER && {
                let r = r as usize;
                i % w != r % w && i / w != r / w
            };
            if diagonal {
                cell * std::f64::consts::SQRT_2
            } else {
                cell
            }
        })
        .sum()
}

/// Rivers: the width of a river draining [`RIVER_REFERENCE_CATCHMENT`], metres. A river's width
/// grows with the square root of its catchment, as rivers' widths grow with the square root of
/// their discharge.
pub const RIVER_REFERENCE_WIDTH: f32 = 1.0;
/// Rivers: see [`RIVER_REFERENCE_WIDTH`], square metres.
pub const RIVER_REFERENCE_CATCHMENT: f32 = 200.0;

/// Rivers: the width in metres of a river draining `acc` runoff cells of `cell_size` metres:
/// `w = w₀·√(A/A₀)` with `A = acc·c²` (1 m for 200 m², 2 m for 800 m², 40 m for 32 ha).
pub fn river_width_metres(acc: u32, cell_size: f32) -> f32 {
    let area = acc as f32 * cell_size * cell_size;
    RIVER_REFERENCE_WIDTH * (area / RIVER_REFERENCE_CATCHMENT).sqrt()
}

/// Rivers, width: the radius in cells of `cell_size` metres (0, 1 or 2) of the water around a
/// channel cell whose river is `width` metres wide: the cells whose centres lie within the
/// river's half width of the channel's edge.
fn river_radius(width: f32, cell_size: f32) -> i64 {
    ((width / (2.0 * cell_size)).floor() as i64).clamp(0, 2)
}

/// Rivers, width: the cells around a channel cell, nearest first (the disc of radius 2).
const WIDEN_OFFSETS: [(i64, i64); 12] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
    (0, -2),
    (-2, 0),
    (2, 0),
    (0, 2),
];

/// Rivers, width: around a large river's channel, the dry cells within its radius whose ground is
/// not above its water and that touch the river along a side join it, at its level, their beds
/// carved like the channel's. Channels are widened in cell order, nearest cells first; a cell
/// joins the first channel that claims it.
pub(super) fn widen_rivers(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    let at = |x: i64, z: i64| (x >= 0 && z >= 0 && x < w && z < d).then(|| (z * w + x) as usize);
    for i in 0..grid.len() {
        let acc = drainage.accumulation[i];
        if grid.water[i] != WaterKind::River || !params.resolved(acc) {
            continue;
        }
        let r = river_radius(river_width_metres(acc, params.cell_size), params.cell_size);
        let (x, z) = ((i as i64) % w, (i as i64) / w);
        let level = grid.water_level[i];
        let depth = river_depth(acc, params.river_threshold, params.river_depth);
        for (dx, dz) in WIDEN_OFFSETS {
            let Some(n) = at(x + dx, z + dz).filter(|_| dx * dx + dz * dz <= r * r) else {
                continue;
            };
            let beside_river = [(0, -1), (-1, 0), (1, 0), (0, 1)].iter().any(|(ox, oz)| {
                at(x + dx + ox, z + dz + oz).is_some_and(|m| grid.water[m] == WaterKind::River)
            });
            if grid.water[n] == WaterKind::Dry && grid.height[n] <= level && beside_river {
                grid.water[n] = WaterKind::River;
                grid.water_level[n] = level;
                grid.height[n] = params.bed(grid.height[n], depth);
            }
        }
    }
}

/// Whether cell `i` is a river channel: a river cell whose own accumulation is above the threshold
/// (the cells joined to widen or connect a channel are not).
fn is_channel(grid: &Grid, drainage: &Drainage, rivers: &Rivers, i: usize) -> bool {
    grid.water[i] == WaterKind::River && rivers.resolved(drainage.accumulation[i])
}

/// Rendered surface and width: lakes and sea at their level; channels on the monotone
/// [`river_surface`] with their width in metres ([`river_width_metres`]); the other river cells
/// (widened banks and diagonal joins) take their water level clamped between the lowest and
/// highest channel surface within two cells, and the widest of those channels' widths.
pub(super) fn surface_planes(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let width_of = |i: usize| river_width_metres(drainage.accumulation[i], params.cell_size);
    let roles: Vec<SurfaceRole> = (0..grid.len())
        .map(|i| match grid.water[i] {
            WaterKind::Lake | WaterKind::Sea => SurfaceRole::Still(grid.water_level[i]),
            WaterKind::River if is_channel(grid, drainage, params, i) => {
                SurfaceRole::Channel(grid.water_level[i])
            }
            _ => SurfaceRole::Other,
        })
        .collect();
    let channels = river_surface(&roles, &drainage.receivers, &drainage.flood.order);
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    for i in 0..grid.len() {
        let (surface, width) = match (grid.water[i], channels[i]) {
            (WaterKind::Dry, _) => (0.0, 0.0),
            (WaterKind::River, Some(s)) => (s, width_of(i)),
            (WaterKind::River, None) => {
                let (x, z) = (i as i64 % w, i as i64 / w);
                let (mut lo, mut hi, mut wide) = (f32::INFINITY, f32::NEG_INFINITY, 0.0f32);
                for (nx, nz) in (-2..=2).flat_map(|dz| (-2..=2).map(move |dx| (x + dx, z + dz))) {
                    if nx < 0 || nz < 0 || nx >= w || nz >= d {
                        continue;
                    }
                    let n = (nz * w + nx) as usize;
                    if let Some(s) = channels[n] {
                        (lo, hi) = (lo.min(s), hi.max(s));
                        wide = wide.max(width_of(n));
                    }
                }
                let level = grid.water_level[i];
                let s = if lo <= hi { level.clamp(lo, hi) } else { level };
                (s, wide)
            }
            _ => (grid.water_level[i], 0.0),
        };
        grid.water_surface[i] = surface;
        grid.river_width[i] = width;
    }
}
