//! Mesh building: a vertex-coloured, flat-shaded triangle list from a grid.
//!
//! Each cell becomes `N × N` micro-quads (`N` = [`MeshParams::subdivisions`]), each quad two
//! triangles with their own three vertices, so a mesh has `width · depth · N² · 6` vertices.
//! Corner heights are the mean of the cells around a corner; sub-vertex heights interpolate the
//! four corners of their cell bilinearly, then receive the roughness jitter of the original design,
//! `h' = h + (hash(x, z) − 0.5) · clamp(h·1.5, 0, 1) · roughness · roughness_strength`, where
//! `(x, z)` are the sub-vertex's global lattice coordinates (so shared vertices agree and the
//! surface has no cracks). Roughness is interpolated like the heights.
//!
//! Coordinates: x along the width, z along the depth, y up; the mesh spans
//! `[0, width·cell_size] × [0, depth·cell_size]` with `y = h' · height_scale`. Triangles are wound
//! clockwise seen from above (Godot's front-face convention) and their normals point up.
//!
//! With [`MeshParams::diorama_base`] on, the side walls and the bottom face of the diorama base
//! ([`base`]) follow the surface's vertices.

use crate::data::grid::Grid;
use crate::params::MeshParams;
use glam::Vec3;
use rayon::prelude::*;

pub mod base;
pub mod blend;
pub mod chunk_changes;
mod chunk_layout;
pub mod chunks;
pub mod deck;
mod error;
mod heights;
pub mod lod_select;
pub mod ribbon;
pub mod settlement;
mod shore;
pub mod streaming;
mod surface;
pub mod water_surface;
pub use crate::data::mesh::Mesh;
use crate::stages::texture::splat::Splat;

/// The colours of a triangle's three vertices (sRGB).
pub type VertexColours = [[u8; 3]; 3];

/// Whether a mesh of `grid` carries each vertex's ground splat: the blended and textured ground
/// styles, once the texture stage stored the cells' splat.
pub fn carries_splat(grid: &Grid) -> bool {
    grid.blends_ground() && !grid.ground_splat().is_empty()
}

pub use error::MeshError;
pub(crate) use heights::{
    sub_vertex_cell, vertex_height_direct, CornerView, Corners, HeightSource,
};
pub(crate) use shore::Shore;
pub use surface::{cell_at, ground_point, surface_height};
pub(crate) use surface::{chunk_corner_surface, surface_height_valid};

/// Largest accepted vertex count of one mesh (2²⁴ vertices, about 640 MiB of buffers).
pub const MAX_VERTICES: u64 = 1 << 24;
/// Largest vertex count, at full detail, of a map drawn in chunks that holds every level of every
/// chunk (2²³: a 1024² map at one subdivision; the levels of detail add about a third, and the
/// Godot addon keeps 24 bytes a vertex, about 270 MiB). Above it each chunk holds the one level
/// the camera's distance asks for ([`MeshParams::streams_levels`]).
pub const MAX_HELD_VERTICES: u64 = 1 << 23;
/// Largest vertex count, at full detail, of a map drawn in chunks whose bake stores every level of
/// every chunk (2²⁶: a 2048² map at one subdivision, about 2 GiB of levels;
/// [`MeshParams::bakes_levels`]).
pub const MAX_BAKED_VERTICES: u64 = 1 << 26;
/// Largest accepted vertex count of a map drawn in chunks, counted at full detail (2²⁸: a 4096²
/// map at one subdivision, or a 2048² map at two); its chunks hold one level each.
pub const MAX_STREAMED_VERTICES: u64 = 1 << 28;
/// Seed of the roughness-jitter hash.
pub const JITTER_SEED: u32 = 0x6a09_e667;

impl MeshParams {
    /// Vertices a `width × depth` grid needs with these settings: the surface's and, with
    /// [`diorama_base`](Self::diorama_base), the base's.
    pub fn vertex_count(&self, width: usize, depth: usize) -> u64 {
        self.surface_vertex_count(width, depth)
            .saturating_add(self.base_vertex_count(width, depth))
    }

    /// Vertices of the surface alone: `width · depth · subdivisions² · 6`.
    pub fn surface_vertex_count(&self, width: usize, depth: usize) -> u64 {
        let n = u64::from(self.subdivisions);
        (width as u64)
            .saturating_mul(depth as u64)
            .saturating_mul(n * n * 6)
    }

    /// The chunks a `width × depth` map is drawn in with these settings.
    pub fn chunk_layout(&self, width: usize, depth: usize) -> chunks::ChunkLayout {
        chunks::ChunkLayout::new(width, depth, self)
    }

    /// Vertices of the diorama base (0 when it is off):
    /// `2 · (width + depth) · subdivisions · (1 + ROCK_BANDS) · 6 + 6`.
    pub fn base_vertex_count(&self, width: usize, depth: usize) -> u64 {
        if self.diorama_base {
            base::base_vertex_count(width, depth, self.subdivisions)
        } else {
            0
        }
    }

    /// The vertex count of a `width × depth` grid as one mesh, or [`MeshError::OverBudget`]
    /// above [`MAX_VERTICES`].
    pub fn check_budget(&self, width: usize, depth: usize) -> Result<u64, MeshError> {
        self.check_against(width, depth, MAX_VERTICES)
    }

    /// The vertex count of a `width × depth` grid drawn as its layout says: as one mesh
    /// ([`check_budget`](Self::check_budget)), or in chunks at full detail up to
    /// [`MAX_STREAMED_VERTICES`] (above [`MAX_HELD_VERTICES`] the chunks hold one level each:
    /// [`streams_levels`](Self::streams_levels)).
    pub fn check_drawn_budget(&self, width: usize, depth: usize) -> Result<u64, MeshError> {
        match self.chunk_layout(width, depth).is_chunked() {
            true => self.check_against(width, depth, MAX_STREAMED_VERTICES),
            false => self.check_budget(width, depth),
        }
    }

    /// Whether a `width × depth` map is too large to hold every level of every chunk (more than
    /// [`MAX_HELD_VERTICES`] at full detail): then each chunk holds the one level the camera's
    /// distance asks for ([`lod_select`]), built when needed.
    pub fn streams_levels(&self, width: usize, depth: usize) -> bool {
        self.chunk_layout(width, depth).is_chunked()
            && self.vertex_count(width, depth) > MAX_HELD_VERTICES
    }

    /// Whether a bake of a `width × depth` map can store it: a map in one mesh always, a map in
    /// chunks with every level of every chunk up to [`MAX_BAKED_VERTICES`] at full detail.
    pub fn bakes_levels(&self, width: usize, depth: usize) -> bool {
        !self.chunk_layout(width, depth).is_chunked()
            || self.vertex_count(width, depth) <= MAX_BAKED_VERTICES
    }

    /// The vertex count of a `width × depth` grid, or [`MeshError::OverBudget`] above `max`.
    fn check_against(&self, width: usize, depth: usize, max: u64) -> Result<u64, MeshError> {
        let vertices = self.vertex_count(width, depth);
        if vertices > max {
            return Err(MeshError::OverBudget {
                vertices,
                max,
                base: self.base_vertex_count(width, depth),
                width,
                depth,
                subdivisions: self.subdivisions,
            });
        }
        Ok(vertices)
    }
}

/// Unit normal of a clockwise (seen from above) triangle `a, b, c`.
#[inline]
fn face_normal(a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
    (c - a).cross(b - a).normalize_or(Vec3::Y)
}

/// Checks the parameters, the grid and the vertex budget; returns the vertex count.
pub(crate) fn check_mesh(grid: &Grid, params: &MeshParams) -> Result<usize, MeshError> {
    params.validate()?;
    let (w, d) = (grid.width(), grid.depth());
    if w == 0 || d == 0 {
        return Err(MeshError::EmptyGrid);
    }
    Ok(params.check_budget(w, d)? as usize)
}

/// Calls `emit(triangle, normal, colours)` for every triangle of grid row `z`, in mesh order:
/// cells along x, then the micro-quads of a cell row by row, two triangles per micro-quad. The
/// colours are the vertices': the cell's own for each (and the shore's, see [`Shore`]), or with
/// the blended ground style ([`Grid::blends_ground`]) each vertex's blend of the cells around it
/// ([`blend::vertex_colour`]), and then also each vertex's ground splat ([`blend::vertex_splat`]).
///
/// The `n + 1` lattice lines of the row are evaluated once up front (each lattice vertex is
/// shared by up to four micro-quads), so every jittered height is computed once per row.
#[inline]
pub(crate) fn tessellate_row(
    grid: &Grid,
    corners: &Corners,
    params: &MeshParams,
    shore: Option<&Shore>,
    z: usize,
    mut emit: impl FnMut([Vec3; 3], Vec3, VertexColours, Option<[Splat; 3]>),
) {
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let step = params.cell_size / n as f32;
    let (strength, y_scale) = (params.roughness_strength, params.height_scale);
    let blended = grid.blends_ground();
    let line = w * n + 1;
    let mut heights = vec![0.0f32; line * (n + 1)];
    for (sz, row) in heights.chunks_exact_mut(line).enumerate() {
        for (gx, h) in row.iter_mut().enumerate() {
            *h = corners
                .view()
                .vertex_height(gx, z * n + sz, n, w, d, strength)
                * y_scale;
        }
    }
    let vertex = |gx: usize, sz: usize| {
        let gz = z * n + sz;
        Vec3::new(gx as f32 * step, heights[sz * line + gx], gz as f32 * step)
    };
    // Blended: each lattice vertex's colour once, as its height (a vertex serves up to six
    // triangles).
    let blends: Vec<[u8; 3]> = match blended {
        true => (0..line * (n + 1))
            .map(|k| blend::vertex_colour(grid, k % line, z * n + k / line, n))
            .collect(),
        false => Vec::new(),
    };
    let splat = grid.ground_splat();
    let splats: Vec<Splat> = match blended && !splat.is_empty() {
        true => (0..line * (n + 1))
            .map(|k| blend::vertex_splat(grid, splat, k % line, z * n + k / line, n))
            .collect(),
        false => Vec::new(),
    };
    for x in 0..w {
        let rgb = grid.color[grid.index(x, z)];
        for sz in 0..n {
            for sx in 0..n {
                let (gx, gz) = (x * n + sx, z * n + sz);
                let (p00, p10, p01, p11) = (
                    vertex(gx, sz),
                    vertex(gx + 1, sz),
                    vertex(gx, sz + 1),
                    vertex(gx + 1, sz + 1),
                );
                let (g00, g10, g01, g11) = ((gx, gz), (gx + 1, gz), (gx, gz + 1), (gx + 1, gz + 1));
                for (tri, at) in [
                    ([p00, p10, p11], [g00, g10, g11]),
                    ([p00, p11, p01], [g00, g11, g01]),
                ] {
                    let colours = if blended {
                        at.map(|(gx, gz)| blends[(gz - z * n) * line + gx])
                    } else {
                        [shore.map_or(rgb, |s| {
                            s.color(grid, (x, z), rgb, at, tri.map(|p| p.y), y_scale)
                        }); 3]
                    };
                    let splat = (!splats.is_empty())
                        .then(|| at.map(|(gx, gz)| splats[(gz - z * n) * line + gx]));
                    emit(tri, face_normal(tri[0], tri[1], tri[2]), colours, splat);
                }
            }
        }
    }
}

/// A triangle sink writing consecutive vertices, each with its colour (and its splat, when
/// `spl` is not empty), into mesh buffers from their start.
fn mesh_writer<'a>(
    pos: &'a mut [[f32; 3]],
    nor: &'a mut [[f32; 3]],
    col: &'a mut [[f32; 4]],
    spl: &'a mut [Splat],
) -> impl FnMut([Vec3; 3], Vec3, VertexColours, Option<[Splat; 3]>) + 'a {
    let mut k = 0;
    move |tri, normal, colours, splat| {
        for (v, (p, [r, g, b])) in tri.into_iter().zip(colours).enumerate() {
            if let Some(dst) = spl.get_mut(k) {
                *dst = splat.map_or([0; 8], |s| s[v]);
            }
            pos[k] = p.to_array();
            nor[k] = normal.to_array();
            col[k] = [
                f32::from(r) / 255.0,
                f32::from(g) / 255.0,
                f32::from(b) / 255.0,
                1.0,
            ];
            k += 1;
        }
    }
}

/// Builds the mesh of a grid, or explains why it cannot.
pub fn build_mesh(grid: &Grid, params: &MeshParams) -> Result<Mesh, MeshError> {
    build_mesh_with(grid, &Corners::new(grid), params)
}

/// [`build_mesh`] with given corner planes (a tile's, whose border corners see its neighbours'
/// cells, see [`crate::world::Tile::mesh`]).
pub(crate) fn build_mesh_with(
    grid: &Grid,
    corners: &Corners,
    params: &MeshParams,
) -> Result<Mesh, MeshError> {
    crate::algorithms::threads::ensure_pool();
    let total = check_mesh(grid, params)?;
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let per_row = w * n * n * 6;
    let surface = per_row * d;
    let splat_len = if carries_splat(grid) { total } else { 0 };
    let mut mesh = Mesh {
        positions: vec![[0.0; 3]; total],
        normals: vec![[0.0; 3]; total],
        colors: vec![[0.0; 4]; total],
        splat: vec![[0; 8]; splat_len],
    };
    let (pos, base_pos) = mesh.positions.split_at_mut(surface);
    let (nor, base_nor) = mesh.normals.split_at_mut(surface);
    let (col, base_col) = mesh.colors.split_at_mut(surface);
    let (spl, base_spl) = mesh.splat.split_at_mut(surface.min(splat_len));
    let shore = Shore::new(grid, &HeightSource::Borrowed(corners), params);
    // Rows of the splat: empty slices when the mesh carries none.
    let splat_rows = spl
        .chunks_mut(per_row)
        .chain(std::iter::repeat_with(|| &mut [][..]))
        .take(d);
    pos.par_chunks_mut(per_row)
        .zip(nor.par_chunks_mut(per_row))
        .zip(col.par_chunks_mut(per_row))
        .zip(splat_rows.collect::<Vec<_>>())
        .enumerate()
        .with_min_len(crate::algorithms::threads::min_rows(per_row))
        .for_each(|(z, (((pos, nor), col), spl))| {
            let writer = mesh_writer(pos, nor, col, spl);
            tessellate_row(grid, corners, params, shore.as_ref(), z, writer);
        });
    if params.diorama_base {
        let mut write = mesh_writer(base_pos, base_nor, base_col, base_spl);
        base::tessellate_base(corners, params, w, d, |tri, normal, rgb| {
            write(tri, normal, [rgb; 3], None)
        });
    }
    Ok(mesh)
}

#[cfg(test)]
pub(crate) mod tests;
