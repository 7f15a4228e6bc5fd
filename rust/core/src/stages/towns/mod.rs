//! The inside of a town (the world design's settlements): streets, blocks, lots and buildings grown on the ground
//! around one settlement centre.
//!
//! 1. A tensor field ([`field`]) blends a grid pattern at the centre, a radial pattern, the
//!    height contours and the coast; streets trace its eigenvectors.
//! 2. Major streets grow from the centre by a queue of proposals with local constraints
//!    ([`grow`]): they stop at water, at the town's radius and on steep ground, snap to nearby
//!    crossings and streets, and keep a minimum spacing. Minor streets fill in between. The result
//!    is a planar graph ([`StreetGraph`]): edges meet only at shared nodes.
//! 3. Blocks are the faces of that graph ([`blocks`]), shrunk by half the street widths.
//! 4. Lots split each block by recursive oriented-bounding-box subdivision down to the block's
//!    district's lot size ([`lots`]).
//! 5. A building stands on each lot ([`buildings`]); [`buildings_mesh`] turns them into
//!    triangles.
//!
//! Everything is a pure function of the [`TownSite`] and the [`Ground`]: same inputs, same bits.
//! The site, the ground and the town are in cell coordinates (`x` along the map's width, `z` along
//! its depth); the town grows in metres (the site's coordinates times its
//! [`cell_size`](TownSite::cell_size)), so streets, blocks, lots and buildings have the same sizes
//! in metres on every lattice. (It grows around its centre, in metres from it, so that the
//! coordinates keep their precision far from the map's origin.) Steps that sample the ground (the tensor field's lattice, the
//! water checks along a street and inside a block) keep to the lattice: a fraction of a cell.
//!
//! ```
//! use donjourno::stages::towns::{grow_town, Plane, TownSite};
//! let ground = Plane { size: [400.0, 400.0], height: 0.0, tilt: [0.0, 0.0] };
//! let town = grow_town(&TownSite::new([200.0, 200.0], 150.0, 0.8, 7), &ground);
//! assert!(!town.streets.is_empty() && !town.lots.is_empty());
//! assert!(town.buildings.len() <= town.lots.len());
//! ```

pub mod bench;
pub mod blocks;
pub mod buildings;
pub mod field;
pub mod geom;
pub mod graph;
mod ground;
pub mod grow;
pub mod index;
pub mod lots;
pub mod mesh;
mod spacing;
pub mod split;

use crate::data::grid::Grid;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ascii;
#[cfg(test)]
mod tests_checks;

pub use buildings::Style;
pub use graph::{StreetEdge, StreetGraph};
pub use ground::{Ground, Plane, SlopedCoast};
pub use lots::District;
pub use mesh::buildings_mesh;

/// Where a town grows and how dense it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TownSite {
    /// Centre `[x, z]` in cell coordinates.
    pub centre: [f32; 2],
    /// Radius in cells: no street leaves this disc.
    pub radius: f32,
    /// `0..=1`: a village is low (sparse streets, houses), a city high (tight blocks, towers).
    pub density: f32,
    /// Seed of every random choice (pattern, branching, heights).
    pub seed: u64,
    /// Cell lengths per ground height unit (`height_scale / cell_size` for a generated map):
    /// converts height differences into the horizontal unit for grades and building heights.
    pub vertical_scale: f32,
    /// Steepest street grade, rise over run (0.2: 20 %).
    pub max_grade: f32,
    /// Height of one storey, in cells.
    pub storey: f32,
    /// Metres per cell: the town's streets, lots and buildings have their sizes in metres.
    pub cell_size: f32,
}

impl TownSite {
    /// A site on 1 m cells with the default vertical scale (10, the generator's default), grade
    /// limit and storey height (3 m).
    pub fn new(centre: [f32; 2], radius: f32, density: f32, seed: u64) -> Self {
        TownSite {
            centre,
            radius,
            density,
            seed,
            vertical_scale: 10.0,
            max_grade: 0.2,
            storey: 3.0,
            cell_size: 1.0,
        }
    }
}

impl TownSite {
    /// The same site on cells of `cell_size` metres: the same centre, radius and grades in
    /// cells, the storey kept at its height in metres.
    pub fn with_cell_size(self, cell_size: f32) -> Self {
        TownSite {
            storey: self.storey * self.cell_size / cell_size,
            cell_size,
            ..self
        }
    }
}

impl Default for TownSite {
    fn default() -> Self {
        TownSite::new([0.0, 0.0], 150.0, 0.5, 0)
    }
}

/// A street as a polyline in cell coordinates: a chain of graph edges between two crossings or
/// ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Street {
    /// Points along the street.
    pub points: Vec<[f32; 2]>,
    /// Whether this is a major street (wider, grown first).
    pub major: bool,
}

/// A block: a face of the street graph shrunk by half the street widths.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Counter-clockwise outline in cell coordinates.
    pub polygon: Vec<[f32; 2]>,
    /// The street-graph nodes around the face, counter-clockwise.
    pub nodes: Vec<u32>,
    /// The block's district.
    pub district: District,
}

/// A lot: a piece of a block that fronts a street.
#[derive(Clone, Debug, PartialEq)]
pub struct Lot {
    /// Counter-clockwise outline in cell coordinates.
    pub polygon: Vec<[f32; 2]>,
    /// Index of its block in [`Town::blocks`].
    pub block: u32,
    /// The block's district.
    pub district: District,
}

/// A building: an extruded footprint.
#[derive(Clone, Debug, PartialEq)]
pub struct Building {
    /// Counter-clockwise footprint in cell coordinates, inside its lot.
    pub footprint: Vec<[f32; 2]>,
    /// Ground height under the building (the lowest under its footprint), in ground height units.
    pub base: f32,
    /// Wall height above `base`, in ground height units.
    pub height: f32,
    /// The building's style.
    pub style: Style,
    /// Roof height above the walls' top (0 for flat roofs), in ground height units.
    pub roof: f32,
    /// Index of its lot in [`Town::lots`].
    pub lot: u32,
}

/// Everything inside one town.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Town {
    /// Streets as polylines.
    pub streets: Vec<Street>,
    /// Blocks (faces of the street graph).
    pub blocks: Vec<Block>,
    /// Lots (pieces of blocks).
    pub lots: Vec<Lot>,
    /// Buildings (at most one per lot).
    pub buildings: Vec<Building>,
    /// The street graph the streets are drawn from.
    pub graph: StreetGraph,
}

impl Town {
    /// A 64-bit fingerprint of every street node and edge, block, lot and building (counts,
    /// little-endian bits, xxh3), to compare runs and platforms.
    pub fn hash(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        let ring = |h: &mut xxhash_rust::xxh3::Xxh3, poly: &[[f32; 2]]| {
            h.update(&(poly.len() as u64).to_le_bytes());
            for v in poly.iter().flatten() {
                h.update(&v.to_bits().to_le_bytes());
            }
        };
        ring(&mut h, &self.graph.nodes);
        h.update(&(self.graph.edges.len() as u64).to_le_bytes());
        for e in &self.graph.edges {
            h.update(&e.a.to_le_bytes());
            h.update(&e.b.to_le_bytes());
            h.update(&[u8::from(e.major)]);
        }
        h.update(&(self.blocks.len() as u64).to_le_bytes());
        for b in &self.blocks {
            ring(&mut h, &b.polygon);
            h.update(&[b.district as u8]);
        }
        h.update(&(self.lots.len() as u64).to_le_bytes());
        for l in &self.lots {
            ring(&mut h, &l.polygon);
            h.update(&l.block.to_le_bytes());
        }
        h.update(&(self.buildings.len() as u64).to_le_bytes());
        for b in &self.buildings {
            ring(&mut h, &b.footprint);
            for v in [b.base, b.height, b.roof] {
                h.update(&v.to_bits().to_le_bytes());
            }
            h.update(&[b.style as u8]);
            h.update(&b.lot.to_le_bytes());
        }
        h.digest()
    }

    /// A 64-bit fingerprint of the street polylines (kind, point count, little-endian bits,
    /// xxh3).
    pub fn streets_hash(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(&(self.streets.len() as u64).to_le_bytes());
        for s in &self.streets {
            h.update(&[u8::from(s.major)]);
            h.update(&(s.points.len() as u64).to_le_bytes());
            for v in s.points.iter().flatten() {
                h.update(&v.to_bits().to_le_bytes());
            }
        }
        h.digest()
    }
}

/// Largest town radius, in cells: larger sites are grown at this radius (the tensor field samples
/// every cell of the town's square).
pub const MAX_RADIUS: f32 = 512.0;

impl TownSite {
    /// Whether the site can carry a town: a finite centre, a finite radius above zero, a finite
    /// density, a positive vertical scale, storey and cell size, a non-negative grade limit.
    pub fn is_valid(&self) -> bool {
        self.centre.iter().all(|v| v.is_finite())
            && self.radius > 0.0
            && self.radius.is_finite()
            && self.density.is_finite()
            && self.vertical_scale > 0.0
            && self.vertical_scale.is_finite()
            && self.max_grade >= 0.0
            && self.storey > 0.0
            && self.storey.is_finite()
            && self.cell_size > 0.0
            && self.cell_size.is_finite()
    }

    /// The site in metres from its centre: the centre at the origin, radius and storey times the
    /// cell size, and the vertical scale in metres per height unit (the radius capped at
    /// [`MAX_RADIUS`] cells, the density clamped to `0..=1`).
    fn in_metres(&self) -> TownSite {
        let c = self.cell_size;
        TownSite {
            centre: [0.0, 0.0],
            radius: self.radius.min(MAX_RADIUS) * c,
            density: self.density.clamp(0.0, 1.0),
            vertical_scale: self.vertical_scale * c,
            storey: self.storey * c,
            ..*self
        }
    }
}

/// A ground in cell coordinates seen in metres from `origin` (cell coordinates).
struct Metric<'a> {
    ground: &'a dyn Ground,
    cell_size: f32,
    origin: [f32; 2],
}

impl Metric<'_> {
    /// The cell coordinates of the point `(x, z)` metres from the origin.
    fn cells(&self, x: f32, z: f32) -> (f32, f32) {
        (
            self.origin[0] + x / self.cell_size,
            self.origin[1] + z / self.cell_size,
        )
    }
}

impl Ground for Metric<'_> {
    fn height(&self, x: f32, z: f32) -> f32 {
        let (x, z) = self.cells(x, z);
        self.ground.height(x, z)
    }

    fn is_water(&self, x: f32, z: f32) -> bool {
        let (x, z) = self.cells(x, z);
        self.ground.is_water(x, z)
    }

    fn in_bounds(&self, x: f32, z: f32) -> bool {
        let (x, z) = self.cells(x, z);
        self.ground.in_bounds(x, z)
    }
}

impl Town {
    /// The town grown in metres from `origin` (cell coordinates) in the cell coordinates of
    /// `ground`: every coordinate divided by `cell_size` and moved to the origin, and the
    /// buildings seated again on the ground under their footprints there (the same heights but
    /// for rounding).
    fn in_cells(mut self, cell_size: f32, origin: [f32; 2], ground: &dyn Ground) -> Town {
        let to_cells = |p: [f32; 2]| [origin[0] + p[0] / cell_size, origin[1] + p[1] / cell_size];
        let scale = |poly: &mut Vec<[f32; 2]>| {
            for p in poly.iter_mut() {
                *p = to_cells(*p);
            }
        };
        self.graph.map_nodes(to_cells);
        // Outlines also lose the vertices that fall within [`geom::EPS`] of the one before once
        // scaled: the geometry's tolerance is absolute.
        let outline = |poly: &mut Vec<[f32; 2]>| {
            scale(poly);
            let close = |a: [f32; 2], b: [f32; 2]| v2(a).distance(v2(b)) < geom::EPS;
            let mut kept: Vec<[f32; 2]> = Vec::with_capacity(poly.len());
            for &p in poly.iter() {
                if kept.last().is_none_or(|&q| !close(p, q)) {
                    kept.push(p);
                }
            }
            while kept.len() > 3 && close(kept[0], kept[kept.len() - 1]) {
                kept.pop();
            }
            *poly = kept;
        };
        self.streets.iter_mut().for_each(|s| scale(&mut s.points));
        self.blocks.iter_mut().for_each(|b| outline(&mut b.polygon));
        self.lots.iter_mut().for_each(|l| outline(&mut l.polygon));
        for b in &mut self.buildings {
            outline(&mut b.footprint);
            let ring: Vec<glam::Vec2> = b.footprint.iter().map(|&p| v2(p)).collect();
            b.base = buildings::base_of(ground, &ring);
        }
        self
    }
}

/// Grows the streets, blocks, lots and buildings of one town: an empty town when the site is
/// not [valid](TownSite::is_valid) or its centre is water or off the map. The radius is capped at
/// [`MAX_RADIUS`] and the density clamped to `0..=1`. The town grows in metres and comes back in
/// the site's cell coordinates.
pub fn grow_town(site: &TownSite, ground: &dyn Ground) -> Town {
    if !site.is_valid() {
        return Town::default();
    }
    let metric = Metric {
        ground,
        cell_size: site.cell_size,
        origin: site.centre,
    };
    grow_in_metres(&site.in_metres(), &metric).in_cells(site.cell_size, site.centre, ground)
}

/// [`grow_town`] on a site and a ground in metres.
fn grow_in_metres(site: &TownSite, ground: &dyn Ground) -> Town {
    let field = field::TensorField::new(site, ground);
    let graph = grow::grow_streets(site, ground, &field);
    let streets = graph.streets();
    let blocks = blocks::find_blocks(site, ground, &graph);
    let lots = lots::subdivide(site, &blocks);
    let buildings = buildings::raise(site, ground, &lots);
    Town {
        streets,
        blocks,
        lots,
        buildings,
        graph,
    }
}

/// Converts an `[x, z]` pair into a plane vector.
pub(crate) fn v2(p: [f32; 2]) -> glam::Vec2 {
    glam::Vec2::from_array(p)
}

/// The towns on the grid, which the settlements stage writes.
impl Grid {
    /// The inside of each settlement, `towns()[k]` for `settlements()[k]`; empty when settlements are off.
    pub fn towns(&self) -> &[Town] {
        self.products.get::<Vec<Town>>().map_or(&[], Vec::as_slice)
    }

    /// The towns, for writing.
    pub fn towns_mut(&mut self) -> &mut Vec<Town> {
        self.products.get_or_default::<Vec<Town>>()
    }
}
