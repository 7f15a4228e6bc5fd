//! Rivers: which cells carry a river the lattice resolves, how deep and wide it is in metres, and
//! the rendered water planes. The rivers themselves are laid along their centre-lines
//! (`centrelines`).

use crate::algorithms::hydrology::river_depth;
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
    pub(super) fn bed(&self, height: f32, depth: f32) -> f32 {
        (height - depth).max(self.floor.min(height))
    }

    /// Whether a cell with accumulation `acc` holds a river the lattice resolves: above the
    /// threshold and at least half a cell wide ([`river_width_metres`]). A narrower river is
    /// not drawn: its water stays within the cell it runs through.
    pub(super) fn resolved(&self, acc: u32) -> bool {
        acc > self.river_threshold
            && 2.0 * river_width_metres(acc, self.cell_size) >= self.cell_size
    }

    /// How deep the bed of a channel cell with accumulation `acc` is carved: the
    /// [`river_depth`] of its bed, averaged over the cell where the river is narrower than the
    /// cell, so that a cell sinks by the mean depth of the ground it holds at every cell size.
    pub(super) fn carve(&self, acc: u32) -> f32 {
        let depth = river_depth(acc, self.river_threshold, self.river_depth);
        let width = river_width_metres(acc, self.cell_size);
        if width >= self.cell_size {
            depth
        } else {
            depth * (width / self.cell_size)
        }
    }
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

/// Rivers: the runoff cells of `cell_size` metres a river `width` metres wide drains, the
/// inverse of [`river_width_metres`]: `A = A₀·(w/w₀)²` over `c²`, at least one.
pub fn river_catchment_cells(width: f32, cell_size: f32) -> u32 {
    let area = RIVER_REFERENCE_CATCHMENT * (width / RIVER_REFERENCE_WIDTH).powi(2);
    ((area / (cell_size * cell_size)).ceil() as u32).max(1)
}

/// River widths on river cells only: a centre-line's width stays where it made a river, not on
/// the cells a lake or the sea took. Cells already 0 are not written, so the plane's untouched
/// pages stay unallocated.
pub(super) fn keep_river_widths(grid: &mut Grid) {
    use rayon::prelude::*;
    (grid.river_width.par_iter_mut().zip(&grid.water))
        .filter(|(w, kind)| **kind != WaterKind::River && **w != 0.0)
        .for_each(|(w, _)| *w = 0.0);
}
