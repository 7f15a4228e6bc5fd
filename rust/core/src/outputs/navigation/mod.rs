//! Navigation meshes built directly from the walkable ground: per region, the vertices and convex
//! polygons an engine's navigation mesh takes (Godot's `NavigationMesh`), with no voxel bake.
//!
//! 1. **Lattice.** Every map cell is split into `k × k` square quads ([`lattice`]): as fine as
//!    [`NavigationParams::voxel_size`] allows and aligned with the mesh's micro-quads, so the
//!    quads' corners and triangles lie on the rendered surface.
//! 2. **Ground.** A quad is ground when its cell has no building, no water shows anywhere over
//!    it and both its triangles slope by at most [`NavigationParams::agent_max_slope`], or when
//!    it lies on a bridge deck (raised to the deck, [`decks`]). Water shows where the point
//!    queries say so ([`Probe::water`](crate::outputs::point::Probe::water), one decision for
//!    both): the sea, lakes, rivers of any width and wetland pools, over the water cells and the
//!    dry cells the water reaches over, up to the line where the ground rises out of it, so the
//!    mesh is cut at the water's edge to within one quad ([`lattice::wet_quads`]) and the dry
//!    shore of a water cell is ground like any other.
//! 3. **Agent radius.** A ground quad is kept when no point of it comes closer than
//!    [`NavigationParams::agent_radius`] to a quad that is not ground or to the map's edge
//!    ([`lattice::erode`], an exact Euclidean distance transform on the lattice): the walkable
//!    area keeps the radius from water, steep ground, buildings and the edge, to within one quad.
//! 4. **Polygons.** The kept quads are merged into rectangles over which the surface is flat
//!    within [`plane_tolerance`] ([`polygons`]); every polygon point lies within
//!    [`surface_tolerance`] (the voxel size) of the rendered surface, and every polygon vertex on
//!    it.
//!
//! A map wider or deeper than [`MeshParams::chunk_size`] is split into the same chunks as its
//! mesh ([`chunks`](crate::outputs::mesh::chunks)), one [`NavRegion`] per chunk, built in parallel. Each
//! region looks [`margin_cells`] beyond its chunk for what limits the walkable area, so
//! neighbouring regions meet edge to edge along the chunk line with the same vertices.
//!
//! Bridge decks are walkable at the deck's height though the river under them is not, and join
//! the road on both banks ([`decks`]).
//!
//! [`path`] joins the regions' polygons into one mesh and finds paths on it as an engine's
//! navigation map does, for tests and tools that walk the mesh without an engine.
//!
//! With roads on the map and [`NavigationParams::road_cost`] under 1, a region's road cells and
//! bridge decks form a polygon set of their own ([`NavRegion::road`], see [`roads`]) that the
//! engine gives that travel cost.

use crate::data::grid::Grid;
use crate::outputs::mesh::chunks::{Chunk, ChunkLayout};
use crate::outputs::mesh::MeshError;
use crate::params::{MeshParams, NavigationParams};
use rayon::prelude::*;

#[cfg(test)]
mod deck_tests;
pub mod decks;
pub mod lattice;
pub mod path;
pub mod polygons;
#[cfg(test)]
mod road_tests;
pub mod roads;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod topology_tests;
#[cfg(test)]
mod water_tests;

pub use lattice::{gentle, Lattice};

/// Cells a region looks beyond its chunk in addition to the agent radius.
const MARGIN_EXTRA_CELLS: usize = 1;
/// Share of the voxel size a polygon's corners may lie off its plane ([`plane_tolerance`]).
const PLANE_TOLERANCE_SHARE: f32 = 0.5;

/// How far a polygon's lattice corners may lie from its plane, world units: half the voxel size.
pub fn plane_tolerance(nav: &NavigationParams) -> f32 {
    nav.voxel_size * PLANE_TOLERANCE_SHARE
}

/// How far any point of a polygon may lie above or below the rendered surface, world units:
/// twice [`plane_tolerance`], the voxel size (Godot's navigation cell height).
pub fn surface_tolerance(nav: &NavigationParams) -> f32 {
    2.0 * plane_tolerance(nav)
}

/// Convex polygons over shared vertices, in the terrain mesh's coordinates: the data of one
/// navigation mesh.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NavPolygons {
    /// Vertex positions `[x, y, z]`.
    pub vertices: Vec<[f32; 3]>,
    /// Each polygon's vertex indices, clockwise seen from above.
    pub polygons: Vec<Vec<u32>>,
}

impl NavPolygons {
    /// Whether there is no polygon.
    pub fn is_empty(&self) -> bool {
        self.polygons.is_empty()
    }

    /// The corners of polygon `p`.
    pub fn corners(&self, p: usize) -> impl Iterator<Item = [f32; 3]> + '_ {
        self.polygons[p].iter().map(|&i| self.vertices[i as usize])
    }
}

/// A rectangle of cells: `x0..x1` × `z0..z1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRect {
    /// First cell along x.
    pub x0: usize,
    /// One past the last cell along x.
    pub x1: usize,
    /// First cell along z.
    pub z0: usize,
    /// One past the last cell along z.
    pub z1: usize,
}

impl CellRect {
    /// The rectangle of a chunk.
    pub fn of(chunk: &Chunk) -> Self {
        CellRect {
            x0: chunk.x0,
            x1: chunk.x1,
            z0: chunk.z0,
            z1: chunk.z1,
        }
    }

    /// This rectangle grown by `margin` cells on every side, within a `width × depth` map.
    pub fn grown(&self, margin: usize, width: usize, depth: usize) -> Self {
        CellRect {
            x0: self.x0.saturating_sub(margin),
            x1: (self.x1 + margin).min(width),
            z0: self.z0.saturating_sub(margin),
            z1: (self.z1 + margin).min(depth),
        }
    }

    /// Whether cell `(x, z)` lies inside.
    pub fn contains(&self, x: usize, z: usize) -> bool {
        (self.x0..self.x1).contains(&x) && (self.z0..self.z1).contains(&z)
    }
}

/// One navigation region: a chunk of the map and its navigation meshes.
#[derive(Clone, Debug, PartialEq)]
pub struct NavRegion {
    /// The cells the region covers.
    pub own: CellRect,
    /// The walkable ground of its cells (without its road cells when [`road`](Self::road) is
    /// split off).
    pub ground: NavPolygons,
    /// Its walkable road cells and bridge decks, when roads cost less than open ground and some
    /// lie here.
    pub road: Option<NavPolygons>,
}

/// Cells a region looks beyond its chunk for what limits its walkable area: enough to hold the
/// agent radius of `nav` in cells of `mesh`, plus one cell.
pub fn margin_cells(mesh: &MeshParams, nav: &NavigationParams) -> usize {
    let radius = nav.agent_radius.max(0.0);
    (radius / mesh.cell_size).ceil() as usize + MARGIN_EXTRA_CELLS
}

/// What every region of a map reads: the lattice, the per-cell masks and the bridge decks.
struct MapMasks {
    lattice: Lattice,
    built: Vec<bool>,
    road: Vec<bool>,
    decks: decks::Decks,
}

/// The regions of a map's navigation mesh on the mesh `mesh` draws, for the navigation settings
/// `nav`: one for a map that fits in one chunk, else one per chunk of [`ChunkLayout`], row by
/// row.
pub fn regions(
    grid: &Grid,
    mesh: &MeshParams,
    nav: &NavigationParams,
) -> Result<Vec<NavRegion>, MeshError> {
    crate::algorithms::threads::ensure_pool();
    mesh.validate()?;
    nav.validate()?;
    let (w, d) = (grid.width(), grid.depth());
    if w == 0 || d == 0 {
        return Err(MeshError::EmptyGrid);
    }
    let masks = MapMasks {
        lattice: Lattice::new(w, d, mesh, nav),
        built: crate::stages::settlements::towns::building_cells(grid),
        road: if nav.splits_roads() {
            roads::road_cells(grid)
        } else {
            Vec::new()
        },
        decks: decks::Decks::of(grid, mesh),
    };
    let layout = ChunkLayout::new(w, d, mesh);
    let rects: Vec<CellRect> = if layout.is_chunked() {
        layout.chunks().iter().map(CellRect::of).collect()
    } else {
        vec![CellRect {
            x0: 0,
            x1: w,
            z0: 0,
            z1: d,
        }]
    };
    Ok(rects
        .into_par_iter()
        .map(|own| region(grid, mesh, nav, &masks, own))
        .collect())
}

/// The quads of a rectangle of cells.
fn quads(rect: CellRect, k: usize) -> lattice::QuadRect {
    lattice::QuadRect {
        x0: rect.x0 * k,
        x1: rect.x1 * k,
        z0: rect.z0 * k,
        z1: rect.z1 * k,
    }
}

/// The region owning the cells `own`: the lattice of its cells and margin, its ground eroded by
/// the agent radius, then its polygons (ground and roads apart when roads are split off).
fn region(
    grid: &Grid,
    mesh: &MeshParams,
    nav: &NavigationParams,
    masks: &MapMasks,
    own: CellRect,
) -> NavRegion {
    let lat = &masks.lattice;
    let k = lat.per_cell;
    let window = quads(
        own.grown(margin_cells(mesh, nav), grid.width(), grid.depth()),
        k,
    );
    let mut heights = lattice::corner_heights(grid, mesh, lat, window);
    let radius = nav.agent_radius;
    let on_decks = decks::lay(
        &masks.decks,
        grid,
        &masks.built,
        lat,
        window,
        radius,
        &mut heights,
    );
    let ground = lattice::ground(
        grid,
        mesh,
        nav,
        lat,
        window,
        &heights,
        &masks.built,
        &on_decks.deck,
    );
    let radius = f64::from(radius) / f64::from(lat.step);
    let kept = lattice::erode(
        &ground,
        window.width(),
        window.depth(),
        radius,
        &on_decks.whole,
    );
    let inner = quads(own, k);
    let (ox, oz) = (inner.x0 - window.x0, inner.z0 - window.z0);
    let own_heights: Vec<f32> = (0..=inner.depth())
        .flat_map(|z| {
            let row = (oz + z) * (window.width() + 1) + ox;
            heights[row..=row + inner.width()].iter().copied()
        })
        .collect();
    let at = |x: usize, z: usize| (oz + z) * window.width() + ox + x;
    let is_road = |x: usize, z: usize| {
        let (cx, cz) = ((inner.x0 + x) / k, (inner.z0 + z) / k);
        let on_deck = || on_decks.deck.get(at(x, z)).copied().unwrap_or(false);
        !masks.road.is_empty() && (masks.road[grid.index(cx, cz)] || on_deck())
    };
    let mask = |road: bool| -> Vec<bool> {
        (0..inner.depth())
            .flat_map(|z| (0..inner.width()).map(move |x| (x, z)))
            .map(|(x, z)| kept[at(x, z)] && is_road(x, z) == road)
            .collect()
    };
    let patch = |mask| polygons::Patch {
        rect: inner,
        step: lat.step,
        heights: &own_heights,
        mask,
    };
    let tolerance = plane_tolerance(nav);
    let (ground_mask, road_mask) = (mask(false), mask(true));
    let ground = polygons::cover(&patch(&ground_mask), tolerance);
    let road = if masks.road.is_empty() {
        Vec::new()
    } else {
        polygons::cover(&patch(&road_mask), tolerance)
    };
    let corners = polygons::Corners::new(inner, [ground.as_slice(), road.as_slice()]);
    NavRegion {
        own,
        ground: polygons::polygons(&patch(&ground_mask), &ground, &corners),
        road: (!road.is_empty()).then(|| polygons::polygons(&patch(&road_mask), &road, &corners)),
    }
}

/// Feeds a polygon set to a hasher: its vertex and polygon counts, vertex bits and indices.
fn hash_polygons(h: &mut xxhash_rust::xxh3::Xxh3, p: &NavPolygons) {
    h.update(&(p.vertices.len() as u64).to_le_bytes());
    for c in p.vertices.iter().flatten() {
        h.update(&c.to_bits().to_le_bytes());
    }
    h.update(&(p.polygons.len() as u64).to_le_bytes());
    for polygon in &p.polygons {
        h.update(&(polygon.len() as u32).to_le_bytes());
        for i in polygon {
            h.update(&i.to_le_bytes());
        }
    }
}

/// A 64-bit fingerprint of the ground of `regions` (xxh3 over their rectangles and ground
/// polygons, little-endian bits), for the hash suite.
pub fn regions_hash(regions: &[NavRegion]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for r in regions {
        for v in [r.own.x0, r.own.x1, r.own.z0, r.own.z1] {
            h.update(&(v as u64).to_le_bytes());
        }
        hash_polygons(&mut h, &r.ground);
    }
    h.digest()
}
