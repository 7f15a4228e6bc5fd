//! Where a map lies in the world: the origin and the whole-cell offset of its first cell.

use crate::params::GeneratorParams;

/// Where a map lies in the world: the world position of each cell.
///
/// Cell `(x, z)` lies at `origin + (offset + x) · cell_size`. A bounded map has offset 0; a tile
/// of an endless world keeps the world's origin and counts its offset in whole cells, so its
/// cells land on exactly the positions (the same `f64` bits) of the same world cells in any
/// other window of the world, whatever the cell size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapFrame {
    /// World x of the lattice's cell 0, metres.
    pub origin_x: f64,
    /// World z of the lattice's cell 0, metres.
    pub origin_z: f64,
    /// World cell (along x) of the map's cell 0.
    pub offset_x: i64,
    /// World cell (along z) of the map's cell 0.
    pub offset_z: i64,
    /// Metres per cell.
    pub cell_size: f64,
    /// Metres per height unit.
    pub height_scale: f32,
}

impl MapFrame {
    /// The frame of a parameter set.
    pub fn of(params: &GeneratorParams) -> Self {
        MapFrame {
            origin_x: f64::from(params.origin_x),
            origin_z: f64::from(params.origin_z),
            offset_x: 0,
            offset_z: 0,
            cell_size: f64::from(params.cell_size),
            height_scale: params.height_scale,
        }
    }

    /// The frame of a parameter set whose cell 0 is world cell `(offset_x, offset_z)`.
    pub fn at_cell(params: &GeneratorParams, offset_x: i64, offset_z: i64) -> Self {
        MapFrame {
            offset_x,
            offset_z,
            ..Self::of(params)
        }
    }

    /// World position of (possibly fractional, possibly off-map) cell coordinates.
    #[inline]
    pub fn world(&self, x: f64, z: f64) -> (f64, f64) {
        (
            self.origin_x + (self.offset_x as f64 + x) * self.cell_size,
            self.origin_z + (self.offset_z as f64 + z) * self.cell_size,
        )
    }

    /// The cell coordinates, rounded to the nearest cell, of the world point `(x, z)`: the cell
    /// whose sample point lies nearest it, possibly off the map.
    #[inline]
    fn nearest(&self, x: f64, z: f64) -> (f64, f64) {
        let (ox, oz) = self.world(0.0, 0.0);
        (
            ((x - ox) / self.cell_size).round(),
            ((z - oz) / self.cell_size).round(),
        )
    }

    /// The cell `(x, z)` of a `width × depth` map whose sample point lies nearest the world point
    /// `(x, z)`; `None` when that cell is off the map.
    pub fn cell_at(&self, x: f64, z: f64, width: usize, depth: usize) -> Option<(usize, usize)> {
        let (i, j) = self.nearest(x, z);
        let inside = i >= 0.0 && j >= 0.0 && i < width as f64 && j < depth as f64;
        inside.then_some((i as usize, j as usize))
    }

    /// [`MapFrame::cell_at`] clamped to the map: the cell on the map nearest that cell.
    pub fn cell_clamped(&self, x: f64, z: f64, width: usize, depth: usize) -> (usize, usize) {
        let (i, j) = self.nearest(x, z);
        (
            i.clamp(0.0, width.saturating_sub(1) as f64) as usize,
            j.clamp(0.0, depth.saturating_sub(1) as f64) as usize,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_cell_of_a_world_point_on_and_off_the_map() {
        let frame = MapFrame {
            origin_x: 10.0,
            origin_z: -4.0,
            offset_x: 0,
            offset_z: 0,
            cell_size: 2.0,
            height_scale: 1.0,
        };
        // Cell (3, 1) is sampled at (16, -2); within a cell's half it is the nearest.
        assert_eq!(frame.cell_at(16.9, -2.9, 8, 4), Some((3, 1)));
        assert_eq!(
            frame.cell_at(8.9, 0.0, 8, 4),
            None,
            "half a cell before the first"
        );
        assert_eq!(
            frame.cell_at(25.1, 0.0, 8, 4),
            None,
            "half a cell past the last"
        );
        assert_eq!(frame.cell_clamped(8.9, 100.0, 8, 4), (0, 3));
        assert_eq!(frame.cell_clamped(16.9, -2.9, 8, 4), (3, 1));
    }
}
