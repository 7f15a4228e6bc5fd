//! What the ground looks like to a growing town, for the terrain grid and for two analytic
//! grounds used by tests and benchmarks.

use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;

/// What the ground looks like to a growing town. Positions are cell coordinates.
pub trait Ground {
    /// Ground height at `(x, z)`, in ground height units.
    fn height(&self, x: f32, z: f32) -> f32;
    /// Whether `(x, z)` is water (lake, river or sea).
    fn is_water(&self, x: f32, z: f32) -> bool;
    /// Whether `(x, z)` lies on the map.
    fn in_bounds(&self, x: f32, z: f32) -> bool;
}

/// The grid's cell `(i, j)` covers `i..i + 1` along x and `j..j + 1` along z; its height sits at
/// the cell's centre `(i + 0.5, j + 0.5)` and blends bilinearly to the neighbours' (clamped at the
/// map's edge). A position is water when its cell is a water cell or carries a water kind.
impl Ground for Grid {
    fn height(&self, x: f32, z: f32) -> f32 {
        let (fx, fz) = (x - 0.5, z - 0.5);
        let (x0, z0) = (fx.floor(), fz.floor());
        let (tx, tz) = (fx - x0, fz - z0);
        let (i, j) = (x0 as i64, z0 as i64);
        let h = |di: i64, dj: i64| self.height_clamped(i + di, j + dj);
        let top = h(0, 0) + (h(1, 0) - h(0, 0)) * tx;
        let bottom = h(0, 1) + (h(1, 1) - h(0, 1)) * tx;
        top + (bottom - top) * tz
    }

    fn is_water(&self, x: f32, z: f32) -> bool {
        if !Ground::in_bounds(self, x, z) {
            return false;
        }
        let i = self.index(x as usize, z as usize);
        self.terrain[i] == Terrain::Water || self.water[i] != WaterKind::Dry
    }

    fn in_bounds(&self, x: f32, z: f32) -> bool {
        x >= 0.0 && z >= 0.0 && x < self.width() as f32 && z < self.depth() as f32
    }
}

/// A tilted plane without water over `0..size[0] × 0..size[1]`:
/// `height + tilt[0]·x + tilt[1]·z`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Extent `[width, depth]` in cells.
    pub size: [f32; 2],
    /// Height at the origin.
    pub height: f32,
    /// Rise per cell along x and z.
    pub tilt: [f32; 2],
}

impl Ground for Plane {
    fn height(&self, x: f32, z: f32) -> f32 {
        self.height + self.tilt[0] * x + self.tilt[1] * z
    }

    fn is_water(&self, _x: f32, _z: f32) -> bool {
        false
    }

    fn in_bounds(&self, x: f32, z: f32) -> bool {
        x >= 0.0 && z >= 0.0 && x < self.size[0] && z < self.size[1]
    }
}

/// A coast: land rising along +x from a wavy shoreline near `shore`, sea below it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlopedCoast {
    /// Extent `[width, depth]` in cells.
    pub size: [f32; 2],
    /// Mean x of the shoreline.
    pub shore: f32,
    /// Rise per cell away from the shore.
    pub slope: f32,
    /// Amplitude of the shoreline's wave along z, in cells.
    pub wave: f32,
}

impl SlopedCoast {
    /// The shoreline's x at depth `z`.
    pub fn shore_at(&self, z: f32) -> f32 {
        self.shore + self.wave * libm::sinf(z * 0.09) + 0.4 * self.wave * libm::sinf(z * 0.23 + 1.0)
    }
}

impl Ground for SlopedCoast {
    fn height(&self, x: f32, z: f32) -> f32 {
        (x - self.shore_at(z)) * self.slope
    }

    fn is_water(&self, x: f32, z: f32) -> bool {
        x < self.shore_at(z)
    }

    fn in_bounds(&self, x: f32, z: f32) -> bool {
        x >= 0.0 && z >= 0.0 && x < self.size[0] && z < self.size[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_ground_blends_cell_heights_and_reads_water() {
        let mut g = Grid::new(4, 4);
        let (i, j) = (g.index(1, 1), g.index(2, 2));
        g.height[i] = 2.0;
        g.terrain[j] = Terrain::Water;
        assert_eq!(Ground::height(&g, 1.5, 1.5), 2.0);
        assert_eq!(Ground::height(&g, 2.0, 1.5), 1.0);
        assert_eq!(Ground::height(&g, 3.5, 3.5), 0.0);
        assert!(Ground::is_water(&g, 2.9, 2.1));
        assert!(!Ground::is_water(&g, 1.9, 2.1));
        assert!(!Ground::in_bounds(&g, 4.0, 0.0) && Ground::in_bounds(&g, 3.99, 0.0));
    }
}
