//! The terrain grid: one plane per field, laid out row by row (`index = z * width + x`).

use crate::data::digest::Digest;
use crate::data::products::Products;
use crate::data::water::{Lake, WaterKind};
use serde::{Deserialize, Serialize};

/// Terrain class of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Terrain {
    /// Flat, walkable land outside the mountains (and low ground inside the mountain pool).
    #[default]
    Grass = 0,
    /// Elevated ground inside the mountain pool.
    Mountain = 1,
    /// A grass cell planted with a tree.
    Tree = 2,
    /// A lake, river or sea cell.
    Water = 3,
}

impl Terrain {
    /// Every class, in the order of their numeric values.
    pub const ALL: [Terrain; 4] = [
        Terrain::Grass,
        Terrain::Mountain,
        Terrain::Tree,
        Terrain::Water,
    ];

    /// Lower-case name, as used in statistics and scripts.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Grass => "grass",
            Terrain::Mountain => "mountain",
            Terrain::Tree => "tree",
            Terrain::Water => "water",
        }
    }
}

/// An sRGB colour with 8 bits per channel.
pub type Rgb = [u8; 3];

/// A `width × depth` terrain, one plane per field so hot loops stream over contiguous memory.
///
/// `x` runs along the width (0..width) and `z` along the depth (0..depth).
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    width: usize,
    depth: usize,
    /// Elevation above sea level (0 at sea level), in height units.
    pub height: Vec<f32>,
    /// Surface roughness in 0..=1, from erosion activity scaled by elevation.
    pub roughness: Vec<f32>,
    /// Vegetation fertility in 0..=1.
    pub forest_mask: Vec<f32>,
    /// Terrain class.
    pub terrain: Vec<Terrain>,
    /// Surface colour.
    pub color: Vec<Rgb>,
    /// Whether the cell belongs to the mountain pool chosen by the coverage mask.
    pub pool: Vec<bool>,
    /// Water surface level for `Water` cells (0 elsewhere), in height units: the lake or sea
    /// level, and along rivers their centre-line's level, which never rises downstream (see
    /// [`surface_levels`](crate::algorithms::hydrology::surface_levels)). The water mesh is drawn
    /// at it.
    pub water_level: Vec<f32>,
    /// Kind of water per cell (`Dry` exactly where the terrain is not `Water`).
    pub water: Vec<WaterKind>,
    /// River width in metres per river cell, growing with the square root of its catchment (see
    /// [`river_width_metres`](crate::stages::hydrology::river_width_metres)), the widest of the
    /// centre-lines crossing or flanking it; 0 elsewhere. Not part of [`Grid::hash`].
    pub river_width: Vec<f32>,
    /// Lake id per cell: 0 for no lake, else the lake `lakes[id − 1]`.
    pub lake: Vec<u32>,
    /// The lakes, ordered by id.
    pub lakes: Vec<Lake>,
    /// Air temperature at the ground, °C (written by the climate layer). Empty when no stage of
    /// the generation read the climate ([`Grid::has_climate`]):
    /// [`lay_climate`](crate::stages::climate::lay_climate) lays it then.
    pub temperature: Vec<f32>,
    /// Moisture in 0..=1 (written by the climate layer; empty with the temperature).
    pub moisture: Vec<f32>,
    /// The height model's sea level, in height units: the land above it is the model's land. 0 for
    /// the pool model, whose sea is the `water_sea_level` parameter.
    pub sea_level: f32,
    /// What the later stages made (biomes, scatter, settlements, towns, …), keyed by type: the
    /// grid names none of their types; each stage gives the grid accessors to its own.
    pub products: Products,
}

/// A read-only view of one cell, gathered from the planes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// Elevation in height units.
    pub height: f32,
    /// Surface roughness in 0..=1.
    pub roughness: f32,
    /// Vegetation fertility in 0..=1.
    pub forest_mask: f32,
    /// Terrain class.
    pub terrain: Terrain,
    /// Surface colour.
    pub color: Rgb,
    /// Whether the cell lies in the mountain pool.
    pub pool: bool,
    /// Water surface level (0 where there is no water).
    pub water_level: f32,
    /// Kind of water.
    pub water: WaterKind,
    /// Lake id (0: no lake).
    pub lake: u32,
    /// Air temperature, °C (`NAN` on a grid without its climate planes).
    pub temperature: f32,
    /// Moisture in 0..=1 (`NAN` on a grid without its climate planes).
    pub moisture: f32,
}

impl Grid {
    /// A flat grass grid of `width × depth` cells with every field zeroed.
    pub fn new(width: usize, depth: usize) -> Self {
        let n = width * depth;
        Grid {
            width,
            depth,
            height: vec![0.0; n],
            roughness: vec![0.0; n],
            forest_mask: vec![0.0; n],
            terrain: vec![Terrain::Grass; n],
            color: vec![[0, 0, 0]; n],
            pool: vec![false; n],
            water_level: vec![0.0; n],
            water: vec![WaterKind::Dry; n],
            river_width: vec![0.0; n],
            lake: vec![0; n],
            lakes: Vec::new(),
            temperature: vec![0.0; n],
            moisture: vec![0.0; n],
            sea_level: 0.0,
            products: Products::default(),
        }
    }

    /// Number of cells along x.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of cells along z.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Total number of cells.
    pub fn len(&self) -> usize {
        self.width * self.depth
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Plane index of cell `(x, z)`.
    #[inline]
    pub fn index(&self, x: usize, z: usize) -> usize {
        z * self.width + x
    }

    /// Whether `(x, z)` lies on the grid.
    pub fn contains(&self, x: i64, z: i64) -> bool {
        x >= 0 && z >= 0 && (x as u64) < self.width as u64 && (z as u64) < self.depth as u64
    }

    /// The cell at `(x, z)`, or `None` off the grid.
    pub fn cell(&self, x: usize, z: usize) -> Option<Cell> {
        (x < self.width && z < self.depth).then(|| {
            let i = self.index(x, z);
            Cell {
                height: self.height[i],
                roughness: self.roughness[i],
                forest_mask: self.forest_mask[i],
                terrain: self.terrain[i],
                color: self.color[i],
                pool: self.pool[i],
                water_level: self.water_level[i],
                water: self.water[i],
                lake: self.lake[i],
                temperature: self.temperature.get(i).copied().unwrap_or(f32::NAN),
                moisture: self.moisture.get(i).copied().unwrap_or(f32::NAN),
            }
        })
    }

    /// Whether the grid holds its temperature and moisture planes: a generation lays them when
    /// one of its stages reads them (biomes, settlements).
    pub fn has_climate(&self) -> bool {
        self.temperature.len() == self.len() && self.moisture.len() == self.len()
    }

    /// Whether `(x, z)` is a water cell (lake, river or sea); `false` off the grid.
    pub fn is_water(&self, x: usize, z: usize) -> bool {
        x < self.width && z < self.depth && self.terrain[self.index(x, z)] == Terrain::Water
    }

    /// Water surface level of `(x, z)` in height units, or `None` for dry cells and off the grid.
    pub fn water_level_at(&self, x: usize, z: usize) -> Option<f32> {
        self.is_water(x, z)
            .then(|| self.water_level[self.index(x, z)])
    }

    /// The lake covering `(x, z)`, if any.
    pub fn lake_at(&self, x: usize, z: usize) -> Option<&Lake> {
        if x >= self.width || z >= self.depth {
            return None;
        }
        let id = self.lake[self.index(x, z)];
        id.checked_sub(1).and_then(|k| self.lakes.get(k as usize))
    }

    /// Cell coordinates `(x, z)` of a plane index.
    pub fn xz(&self, index: usize) -> (usize, usize) {
        (index % self.width.max(1), index / self.width.max(1))
    }

    /// Number of cells of each water kind, indexed by `WaterKind as usize`.
    pub fn water_counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for w in &self.water {
            counts[*w as usize] += 1;
        }
        counts
    }

    /// Clears every water plane and the lake list (all cells dry). The planes are allocated
    /// afresh, zeroed, rather than written: on a big map the system hands their pages over only
    /// where water is written, so mostly dry planes cost little memory.
    pub fn clear_water(&mut self) {
        let n = self.len();
        self.water_level = vec![0.0; n];
        self.water = vec![WaterKind::Dry; n];
        self.river_width = vec![0.0; n];
        self.lake = vec![0; n];
        self.lakes.clear();
    }

    /// Iterates over every cell as `(x, z, Cell)` in row order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, Cell)> + '_ {
        (0..self.depth)
            .flat_map(move |z| (0..self.width).map(move |x| (x, z)))
            .filter_map(move |(x, z)| self.cell(x, z).map(|c| (x, z, c)))
    }

    /// Highest elevation on the grid (0 for an empty or flat grid).
    pub fn max_height(&self) -> f32 {
        self.height.iter().copied().fold(0.0, f32::max)
    }

    /// Number of cells of each class, indexed by `Terrain as usize`.
    pub fn class_counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for t in &self.terrain {
            counts[*t as usize] += 1;
        }
        counts
    }

    /// Height at a clamped position: coordinates outside the grid read the nearest edge cell.
    #[inline]
    pub fn height_clamped(&self, x: i64, z: i64) -> f32 {
        let x = x.clamp(0, self.width as i64 - 1) as usize;
        let z = z.clamp(0, self.depth as i64 - 1) as usize;
        self.height[self.index(x, z)]
    }

    /// Gradient `(dh/dx, dh/dz)` of the height plane at cell `(x, z)`: central differences, and
    /// one-sided differences on the border (see [`central_gradient`]).
    pub fn gradient(&self, x: usize, z: usize) -> (f32, f32) {
        central_gradient(&self.height, self.width, self.depth, x, z)
    }

    /// A 64-bit fingerprint of the rendered water planes, [`Grid::water_level`] and
    /// [`Grid::river_width`] (little-endian bytes, xxh3), kept apart from [`Grid::hash`].
    pub fn water_hash(&self) -> u64 {
        let mut d = Digest::new();
        d.bytes(&(self.width as u64).to_le_bytes());
        d.bytes(&(self.depth as u64).to_le_bytes());
        d.f32s(self.water_level.iter().chain(&self.river_width));
        d.finish()
    }

    /// A 64-bit fingerprint of every terrain plane (little-endian bytes, xxh3): equal grids hash
    /// equal on every platform. The climate planes have their own [`Grid::climate_hash`].
    pub fn hash(&self) -> u64 {
        let mut d = Digest::new();
        d.bytes(&(self.width as u64).to_le_bytes());
        d.bytes(&(self.depth as u64).to_le_bytes());
        for plane in [
            &self.height,
            &self.roughness,
            &self.forest_mask,
            &self.water_level,
        ] {
            d.f32s(plane);
        }
        d.u8s(self.terrain.iter().map(|t| *t as u8));
        d.u8s(self.pool.iter().map(|p| *p as u8));
        d.u8s(self.water.iter().map(|w| *w as u8));
        d.u32s(&self.lake);
        d.bytes(self.color.as_flattened());
        d.finish()
    }
}

/// Gradient `(dh/dx, dh/dz)` of a `width × depth` plane at `(x, z)`: central differences inside,
/// one-sided differences on the border (a slope at the edge is as steep as one cell in), 0 along
/// an axis only one cell long.
#[inline]
pub fn central_gradient(h: &[f32], width: usize, depth: usize, x: usize, z: usize) -> (f32, f32) {
    let at = |x: usize, z: usize| h[z * width + x];
    let dx = axis_difference(x, width, |x| at(x, z));
    let dz = axis_difference(z, depth, |z| at(x, z));
    (dx, dz)
}

/// The derivative along one axis of length `len` at position `p`, reading values with `at`.
#[inline]
fn axis_difference(p: usize, len: usize, at: impl Fn(usize) -> f32) -> f32 {
    if len < 2 {
        0.0
    } else if p == 0 {
        at(1) - at(0)
    } else if p + 1 == len {
        at(p) - at(p - 1)
    } else {
        (at(p + 1) - at(p - 1)) * 0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_view_reads_every_plane() {
        let mut g = Grid::new(3, 2);
        let i = g.index(2, 1);
        g.height[i] = 0.5;
        g.terrain[i] = Terrain::Mountain;
        g.color[i] = [1, 2, 3];
        let c = g.cell(2, 1).unwrap();
        assert_eq!(c.height, 0.5);
        assert_eq!(c.terrain, Terrain::Mountain);
        assert_eq!(c.color, [1, 2, 3]);
        assert!(g.cell(3, 0).is_none());
        assert_eq!(g.cells().count(), 6);
    }

    #[test]
    fn gradients_are_full_slopes_on_the_border_too() {
        let (w, d) = (5, 4);
        let mut g = Grid::new(w, d);
        for z in 0..d {
            for x in 0..w {
                let i = g.index(x, z);
                g.height[i] = 0.25 * x as f32 + 0.5 * z as f32;
            }
        }
        for z in 0..d {
            for x in 0..w {
                assert_eq!(g.gradient(x, z), (0.25, 0.5), "cell ({x}, {z})");
            }
        }
        // A bump: central inside, one-sided at the edges.
        let h = [0.0, 1.0, 3.0];
        assert_eq!(central_gradient(&h, 3, 1, 0, 0), (1.0, 0.0));
        assert_eq!(central_gradient(&h, 3, 1, 1, 0), (1.5, 0.0));
        assert_eq!(central_gradient(&h, 3, 1, 2, 0), (2.0, 0.0));
        assert_eq!(central_gradient(&[7.0], 1, 1, 0, 0), (0.0, 0.0));
    }

    /// One change to a grid, for the hash tests.
    type Change = fn(&mut Grid);

    #[test]
    fn hash_changes_with_each_terrain_plane() {
        let a = Grid::new(4, 4);
        assert_eq!(a.hash(), a.clone().hash());
        let changes: [(&str, Change); 10] = [
            ("height", |g| g.height[5] = 0.5),
            ("roughness", |g| g.roughness[5] = 0.5),
            ("forest_mask", |g| g.forest_mask[5] = 0.5),
            ("water_level", |g| g.water_level[5] = 0.5),
            ("terrain", |g| g.terrain[5] = Terrain::Mountain),
            ("pool", |g| g.pool[5] = true),
            ("water", |g| g.water[5] = WaterKind::Lake),
            ("lake", |g| g.lake[5] = 3),
            ("color", |g| g.color[5] = [0, 0, 1]),
            ("size", |g| *g = Grid::new(2, 8)),
        ];
        for (plane, change) in changes {
            let mut b = a.clone();
            change(&mut b);
            assert_ne!(
                a.hash(),
                b.hash(),
                "changing {plane} leaves the hash as it was"
            );
        }
    }

    #[test]
    fn river_widths_are_in_the_water_hash_not_the_grid_hash() {
        let a = Grid::new(4, 4);
        let mut b = a.clone();
        b.river_width[5] = 2.0;
        assert_eq!(a.hash(), b.hash());
        assert_ne!(a.water_hash(), b.water_hash());
        let mut c = a.clone();
        c.water_level[5] = 0.5;
        assert_ne!(a.water_hash(), c.water_hash());
    }
}
