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
}
