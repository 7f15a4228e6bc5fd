//! Navigation source geometry: the walkable part of the terrain surface as triangles, in the
//! coordinates of the terrain mesh, for a navigation-mesh baker (Godot's `NavigationServer3D`,
//! Recast or any other).
//!
//! Each cell is split into the two triangles of its corner quad, with the mesh's corner heights
//! ([`placement::corner_heights`](crate::placement::corner_heights): exactly the mesh's heights
//! at the cell corners) and the mesh's split and winding: `[p00, p10, p11]` and
//! `[p00, p11, p01]`, clockwise seen from above. A triangle is walkable when its cell is dry land
//! without a building on it ([`walkable_cell`]) and its slope is at most [`NavigationParams::agent_max_slope`].
//!
//! A map wider or deeper than [`MeshParams::chunk_size`] is split into the same chunks as its
//! mesh ([`chunks`](crate::mesh::chunks)), one [`NavRegion`] per chunk. A region owns the walkable
//! triangles of its chunk's cells ([`NavRegion::own`]) and its source geometry adds a margin of
//! [`margin_cells`] cells around them, so that a baker that erodes the walkable area by the agent
//! radius along the edges of its input (and cuts the result back to the chunk) leaves no gap
//! between neighbouring regions.
//!
//! With roads on the map and [`NavigationParams::road_cost`] under 1, a region's road cells are
//! baked as a region of their own ([`NavRegion::road`], see [`roads`]) that the baker's user gives
//! that travel cost.

use crate::grid::Grid;
use crate::mesh::chunks::{Chunk, ChunkLayout};
use crate::mesh::{MeshError, MeshParams};
use glam::Vec3;
use rayon::prelude::*;

#[cfg(test)]
mod road_tests;
pub mod roads;
#[cfg(test)]
mod tests;

pub use roads::RoadRegion;

/// Smallest and largest accepted agent radius, in world units.
pub const AGENT_RADIUS_RANGE: (f32, f32) = (0.0, 100.0);
/// Smallest and largest accepted agent height, in world units.
pub const AGENT_HEIGHT_RANGE: (f32, f32) = (0.01, 100.0);
/// Largest accepted agent slope, in degrees.
pub const MAX_AGENT_SLOPE: f32 = 90.0;
/// Smallest and largest accepted navigation cell size, in world units.
pub const CELL_SIZE_RANGE: (f32, f32) = (0.01, 100.0);
/// Cells added to a region's margin beyond the agent radius, so the margin always covers it.
const MARGIN_EXTRA_CELLS: usize = 1;
/// Height added above and below a region's ground in its baking box, in world units.
pub const BOUNDS_HEADROOM: f32 = 1.0;

/// The navigation settings of a terrain, declared in
/// [`params::MESH_TABLE`](crate::params::MESH_TABLE) (group *Navigation*).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NavigationParams {
    /// Whether the terrain has a navigation mesh.
    pub enabled: bool,
    /// Radius of the agents, in world units: the walkable area keeps this far from water, cliffs
    /// and the map's edge.
    pub agent_radius: f32,
    /// Height of the agents, in world units.
    pub agent_height: f32,
    /// Steepest walkable slope, in degrees.
    pub agent_max_slope: f32,
    /// Horizontal size of the baker's voxels, in world units (also their height): the
    /// `navigation_cell_size` setting.
    pub voxel_size: f32,
    /// Travel cost of road cells as a share of open ground's (`0 < road_cost <= 1`); at 1 the
    /// roads are no region of their own.
    pub road_cost: f32,
}

impl NavigationParams {
    /// Whether road cells are baked as regions of their own: they cost less than open ground.
    pub fn splits_roads(&self) -> bool {
        self.road_cost < 1.0
    }
}

/// Triangles in world coordinates: `vertices` as `[x, y, z]` and three indices per triangle,
/// wound clockwise seen from above (the terrain mesh's winding).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NavGeometry {
    /// Vertex positions.
    pub vertices: Vec<[f32; 3]>,
    /// Three vertex indices per triangle.
    pub indices: Vec<u32>,
}

impl NavGeometry {
    /// Number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }

    /// The corners of triangle `t`.
    pub fn triangle(&self, t: usize) -> [Vec3; 3] {
        let corner = |k: usize| Vec3::from_array(self.vertices[self.indices[3 * t + k] as usize]);
        [corner(0), corner(1), corner(2)]
    }

    /// The lowest and highest vertex height, or `None` without vertices.
    pub fn height_range(&self) -> Option<(f32, f32)> {
        let first = self.vertices.first()?[1];
        Some(
            self.vertices
                .iter()
                .fold((first, first), |(lo, hi), v| (lo.min(v[1]), hi.max(v[1]))),
        )
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

/// One navigation region: a chunk of the map and the geometry a baker needs for it.
#[derive(Clone, Debug, PartialEq)]
pub struct NavRegion {
    /// The cells the region's navigation mesh covers.
    pub own: CellRect,
    /// The cells its source geometry covers: [`own`](Self::own) and a margin.
    pub source: CellRect,
    /// The margin between the two, in world units (0 for a map in one region).
    pub border: f32,
    /// The walkable triangles of [`source`](Self::source).
    pub geometry: NavGeometry,
    /// The road cells of [`own`](Self::own) as a region of their own, when roads cost less than
    /// open ground and some lie here.
    pub road: Option<RoadRegion>,
}

/// The box a navigation mesh is baked in (Godot's `NavigationMesh.filter_baking_aabb`) and the
/// border the baker cuts off its sides (`border_size`), in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BakeBox {
    /// The lowest corner.
    pub position: [f32; 3],
    /// The size along x, y and z.
    pub size: [f32; 3],
    /// The border cut off every side along x and z.
    pub border: f32,
}

impl NavRegion {
    /// The box the region's navigation meshes are baked in, ground and road alike: its own cells
    /// grown by its border along x and z (the baker cuts the border off again, leaving the own
    /// cells edge to edge with the neighbours'), its ground's height range with
    /// [`BOUNDS_HEADROOM`] along y. `None` for a map in one region without road region: the
    /// baker takes the bounds of the geometry.
    pub fn bake_box(&self, cell_size: f32) -> Option<BakeBox> {
        if self.border <= 0.0 && self.road.is_none() {
            return None;
        }
        let (lo, hi) = self.geometry.height_range().unwrap_or((0.0, 0.0));
        let (own, border) = (self.own, self.border);
        Some(BakeBox {
            position: [
                own.x0 as f32 * cell_size - border,
                lo - BOUNDS_HEADROOM,
                own.z0 as f32 * cell_size - border,
            ],
            size: [
                (own.x1 - own.x0) as f32 * cell_size + 2.0 * border,
                hi - lo + 2.0 * BOUNDS_HEADROOM,
                (own.z1 - own.z0) as f32 * cell_size + 2.0 * border,
            ],
            border,
        })
    }
}

impl CellRect {
    /// The outline of the rectangle in world units, `[x, z]` corners clockwise seen from above.
    pub fn outline(&self, cell_size: f32) -> [[f32; 2]; 4] {
        let (x0, x1) = (self.x0 as f32 * cell_size, self.x1 as f32 * cell_size);
        let (z0, z1) = (self.z0 as f32 * cell_size, self.z1 as f32 * cell_size);
        [[x0, z0], [x1, z0], [x1, z1], [x0, z1]]
    }
}

/// Whether cell `(x, z)` may carry walkable triangles: dry land with no building on it (`built`:
/// [`crate::settlements::towns::building_cells`], empty without buildings).
pub fn walkable_cell(grid: &Grid, built: &[bool], x: usize, z: usize) -> bool {
    !grid.is_water(x, z) && !built.get(grid.index(x, z)).copied().unwrap_or(false)
}

/// Whether a triangle (clockwise seen from above) slopes by at most `max_slope_degrees`.
pub fn gentle(tri: &[Vec3; 3], max_slope_degrees: f32) -> bool {
    let normal = (tri[2] - tri[0]).cross(tri[1] - tri[0]).normalize_or_zero();
    normal.y > 0.0 && normal.y.clamp(-1.0, 1.0).acos().to_degrees() <= max_slope_degrees
}

/// Cells of margin a region's source geometry adds around its chunk: enough to hold the agent
/// radius, plus [`MARGIN_EXTRA_CELLS`].
pub fn margin_cells(mesh: &MeshParams) -> usize {
    let radius = mesh.navigation.agent_radius.max(0.0);
    (radius / mesh.cell_size).ceil() as usize + MARGIN_EXTRA_CELLS
}

/// The walkable triangles of the cells in `rect`, given the map's corner heights (world units,
/// `(width + 1) × (depth + 1)`, row by row) and the cells buildings stand on (`built`, see
/// [`walkable_cell`]).
pub fn walkable_geometry(
    grid: &Grid,
    mesh: &MeshParams,
    heights: &[f32],
    built: &[bool],
    rect: CellRect,
) -> NavGeometry {
    walkable_geometry_where(grid, mesh, heights, built, rect, |_, _| true)
}

/// [`walkable_geometry`] of the cells of `rect` for which `keep(x, z)` holds (the vertices still
/// cover the whole rectangle).
pub fn walkable_geometry_where(
    grid: &Grid,
    mesh: &MeshParams,
    heights: &[f32],
    built: &[bool],
    rect: CellRect,
    keep: impl Fn(usize, usize) -> bool,
) -> NavGeometry {
    let stride = grid.width() + 1;
    let columns = rect.x1 - rect.x0 + 1;
    let cell = mesh.cell_size;
    let mut geometry = NavGeometry::default();
    for z in rect.z0..=rect.z1 {
        for x in rect.x0..=rect.x1 {
            let y = heights[z * stride + x];
            geometry
                .vertices
                .push([x as f32 * cell, y, z as f32 * cell]);
        }
    }
    let at = |x: usize, z: usize| ((z - rect.z0) * columns + (x - rect.x0)) as u32;
    for z in rect.z0..rect.z1 {
        for x in rect.x0..rect.x1 {
            if !walkable_cell(grid, built, x, z) || !keep(x, z) {
                continue;
            }
            let (p00, p10, p01, p11) = (at(x, z), at(x + 1, z), at(x, z + 1), at(x + 1, z + 1));
            for tri in [[p00, p10, p11], [p00, p11, p01]] {
                let corners = tri.map(|i| Vec3::from_array(geometry.vertices[i as usize]));
                if gentle(&corners, mesh.navigation.agent_max_slope) {
                    geometry.indices.extend_from_slice(&tri);
                }
            }
        }
    }
    geometry
}

/// A 64-bit fingerprint of regions (xxh3 over their rectangles, margins, vertices and indices,
/// little-endian bits), for the hash suite.
pub fn regions_hash(regions: &[NavRegion]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for r in regions {
        for rect in [r.own, r.source] {
            for v in [rect.x0, rect.x1, rect.z0, rect.z1] {
                h.update(&(v as u64).to_le_bytes());
            }
        }
        h.update(&r.border.to_bits().to_le_bytes());
        for c in r.geometry.vertices.iter().flatten() {
            h.update(&c.to_bits().to_le_bytes());
        }
        for i in &r.geometry.indices {
            h.update(&i.to_le_bytes());
        }
    }
    h.digest()
}

/// The regions a map's navigation mesh is baked in: one for a map that fits in one chunk, else
/// one per chunk of [`ChunkLayout`], row by row.
pub fn regions(grid: &Grid, mesh: &MeshParams) -> Result<Vec<NavRegion>, MeshError> {
    crate::threads::ensure_pool();
    mesh.validate()?;
    let (w, d) = (grid.width(), grid.depth());
    if w == 0 || d == 0 {
        return Err(MeshError::EmptyGrid);
    }
    let heights = crate::placement::corner_heights(grid, mesh)?;
    let built = crate::settlements::towns::building_cells(grid);
    let road = if mesh.navigation.splits_roads() {
        roads::road_cells(grid)
    } else {
        Vec::new()
    };
    let layout = ChunkLayout::new(w, d, mesh);
    let whole = CellRect {
        x0: 0,
        x1: w,
        z0: 0,
        z1: d,
    };
    let (rects, margin) = if layout.is_chunked() {
        let rects = layout.chunks().iter().map(CellRect::of).collect();
        (rects, margin_cells(mesh))
    } else {
        (vec![whole], 0)
    };
    Ok(rects
        .into_par_iter()
        .map(|own| {
            let source = own.grown(margin, w, d);
            NavRegion {
                own,
                source,
                border: margin as f32 * mesh.cell_size,
                geometry: walkable_geometry(grid, mesh, &heights, &built, source),
                road: roads::road_region(grid, mesh, &heights, &built, &road, own),
            }
        })
        .collect())
}
