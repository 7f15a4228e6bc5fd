//! The water surface: lakes, sea, rivers and wetland pools over the terrain mesh, with smooth
//! shorelines and the water depth at every vertex.
//!
//! The water continues one cell beyond every wet cell (see [`levels`]), at levels interpolated
//! bilinearly from the cell corners on the terrain mesh's own lattice (`subdivisions` micro-quads
//! per cell, split along the same `p00–p11` diagonal). Over each terrain triangle the depth
//! `water − ground` is therefore linear, and each water triangle is cut where it reaches 0
//! ([`clip`]): the shoreline lies exactly where the terrain meets the water, at sub-cell
//! precision, and every vertex carries a depth ≥ 0 (0 on the shore).
//!
//! Lakes and the sea are flat; rivers follow [`Grid::water_level`], which never rises
//! downstream; with biomes on, wetlands hold shallow pools ([`levels::pool_level`]).
//!
//! Per vertex: the position (`x = cell · cell_size`, `y = level · height_scale`, wound clockwise
//! seen from above like the terrain mesh), the face normal, a colour tinted by depth
//! ([`clip::water_color`], its alpha the opacity) and `uv2 = (depth in world units, river width in
//! metres)`, so a shader tints the water and draws shore foam without a depth texture.

pub mod clip;
pub mod far_rivers;
pub mod levels;
mod lod;
#[cfg(test)]
mod lod_tests;
mod region;

pub use lod::WaterLevels;

use crate::data::grid::Grid;
use crate::outputs::mesh::{
    sub_vertex_cell, vertex_height_direct, Corners, HeightSource, Mesh, MeshError, MAX_VERTICES,
};
use crate::params::MeshParams;
use clip::{Part, WetVertex};
use glam::Vec3;
use levels::{corner_level, first_wet_neighbour, is_ring, Body, CellSource, OnDemand, Planes};
use rayon::prelude::*;

/// The water surface: a triangle mesh and the per-vertex water data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WaterMesh {
    /// Positions, normals and depth-tinted colours (alpha: opacity).
    pub mesh: Mesh,
    /// Per vertex: `[depth, river width]`, the water depth in world units (0 on the shore) and the
    /// river width in metres (0 for still water and pools).
    pub uv2: Vec<[f32; 2]>,
}

impl WaterMesh {
    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.mesh.vertex_count()
    }

    /// A 64-bit fingerprint of every buffer, `uv2` included (xxh3 over little-endian bits).
    pub fn hash(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(&self.mesh.hash().to_le_bytes());
        for v in self.uv2.iter().flatten() {
            h.update(&v.to_bits().to_le_bytes());
        }
        h.digest()
    }
}

/// `a + (b − a)·t`, exactly `a` at `t = 0` (without reading `b`, which may be undefined there).
#[inline]
fn lerp_from(a: f32, b: impl FnOnce() -> f32, t: f32) -> f32 {
    if t == 0.0 {
        a
    } else {
        a + (b() - a) * t
    }
}

/// Water level at lattice vertex `(gx, gz)`: bilinear in the corner levels of the cell holding it
/// (the same cell and weights as the terrain's heights), reading only the corners it needs.
fn lattice_level(
    corner: &impl Fn(usize, usize) -> f32,
    gx: usize,
    gz: usize,
    n: usize,
    w: usize,
    d: usize,
) -> f32 {
    let (cx, cz, tx, tz) = sub_vertex_cell(gx, gz, n, w, d);
    let top = lerp_from(corner(cx, cz), || corner(cx + 1, cz), tx);
    lerp_from(
        top,
        || lerp_from(corner(cx, cz + 1), || corner(cx + 1, cz + 1), tx),
        tz,
    )
}

/// Body and river width that cell `(x, z)` of the water mesh shows, or `None` outside it.
fn cell_body(src: &impl CellSource, x: usize, z: usize) -> Option<(Body, f32)> {
    match src.water(x, z) {
        Some((_, body, width)) => Some((body, width)),
        None => first_wet_neighbour(src, x, z).map(|(_, body, width)| (body, width)),
    }
}

/// Checks the parameters and the grid.
fn check(grid: &Grid, params: &MeshParams) -> Result<(), MeshError> {
    params.validate()?;
    if grid.width() == 0 || grid.depth() == 0 {
        return Err(MeshError::EmptyGrid);
    }
    Ok(())
}

/// The refusal of a water mesh of `vertices` vertices.
fn over_budget(grid: &Grid, params: &MeshParams, vertices: u64) -> MeshError {
    MeshError::OverBudget {
        vertices,
        max: MAX_VERTICES,
        base: 0,
        width: grid.width(),
        depth: grid.depth(),
        subdivisions: params.subdivisions,
    }
}

/// Builds the water surface of a grid (empty when the grid has no water).
///
/// Refuses, naming the count, a surface whose cells alone would need more than
/// [`MAX_VERTICES`] vertices.
pub fn build_water_mesh(grid: &Grid, params: &MeshParams) -> Result<WaterMesh, MeshError> {
    crate::algorithms::threads::ensure_pool();
    check(grid, params)?;
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let src = Planes::new(grid, params);
    let region: Vec<Option<(Body, f32)>> = (0..w * d)
        .into_par_iter()
        .map(|i| cell_body(&src, i % w, i / w))
        .collect();
    let cells = region.iter().filter(|r| r.is_some()).count() as u64;
    let budget = cells * (n * n * 6) as u64;
    if budget > MAX_VERTICES {
        return Err(over_budget(grid, params, budget));
    }
    let terrain = HeightSource::Planes(std::sync::Arc::new(Corners::new(grid)));
    let strength = params.roughness_strength;
    let ground = |gx: usize, gz: usize| terrain.height(gx, gz, n, w, d, strength);
    let levels = Levels::with_planes(&src, &terrain, params);
    let parts: Vec<Part> = (0..d)
        .into_par_iter()
        .map(|z| {
            let mut part = Part::default();
            for x in 0..w {
                if let Some((body, width)) = region[z * w + x] {
                    emit_cell(&mut part, params, (x, z), body, width, &|gx, gz| {
                        (levels.at(gx, gz), ground(gx, gz))
                    });
                }
            }
            part
        })
        .collect();
    let total: usize = parts.iter().map(|p| p.positions.len()).sum();
    if total as u64 > MAX_VERTICES {
        return Err(over_budget(grid, params, total as u64));
    }
    let mut out = WaterMesh::default();
    for part in parts {
        out.mesh.positions.extend(part.positions);
        out.mesh.normals.extend(part.normals);
        out.mesh.colors.extend(part.colors);
        out.uv2.extend(part.uv2);
    }
    Ok(out)
}

/// Whether any cell of the four by four around each corner `(cx, cz)` holds water (cells
/// `cx − 2 ..= cx + 1` by `cz − 2 ..= cz + 1`), row by row over the `(w + 1) × (d + 1)` corners.
/// [`corner_level`] reads no cell beyond those (the corner's cells and their neighbours), so a
/// corner with none has no level: most corners of a map are far from water, and skip the reads.
fn near_water(src: &Planes) -> Vec<bool> {
    let (w, d) = (src.width(), src.depth());
    // Per row of cells, whether each corner column has water among the cells `cx − 2 ..= cx + 1`.
    let rows: Vec<Vec<bool>> = (0..d)
        .into_par_iter()
        .map(|z| {
            let wet: Vec<bool> = (0..w).map(|x| src.water(x, z).is_some()).collect();
            (0..=w)
                .map(|cx| (cx.saturating_sub(2)..(cx + 2).min(w)).any(|x| wet[x]))
                .collect()
        })
        .collect();
    (0..(w + 1) * (d + 1))
        .into_par_iter()
        .map(|k| {
            let (cx, cz) = (k % (w + 1), k / (w + 1));
            (cz.saturating_sub(2)..(cz + 2).min(d)).any(|z| rows[z][cx])
        })
        .collect()
}

/// The water level (height units) at every lattice vertex of the water mesh, from the levels of
/// the cell corners ([`corner_level`]); NaN where no water touches.
pub(crate) struct Levels {
    corners: Vec<f32>,
    width: usize,
    depth: usize,
    n: usize,
}

impl Levels {
    /// The levels of `grid`'s water under the mesh settings `params`, over the terrain `terrain`.
    pub(crate) fn new(grid: &Grid, terrain: &HeightSource, params: &MeshParams) -> Self {
        Self::with_planes(&Planes::new(grid, params), terrain, params)
    }

    /// [`Levels::new`] from the cells' water already read.
    fn with_planes(src: &Planes, terrain: &HeightSource, params: &MeshParams) -> Self {
        let (w, d) = (src.width(), src.depth());
        let n = params.subdivisions as usize;
        let strength = params.roughness_strength;
        let near = near_water(src);
        let corners = (0..(w + 1) * (d + 1))
            .into_par_iter()
            .map(|k| {
                if !near[k] {
                    return f32::NAN;
                }
                let (cx, cz) = (k % (w + 1), k / (w + 1));
                corner_level(src, cx, cz, || {
                    terrain.height(cx * n, cz * n, n, w, d, strength)
                })
                .unwrap_or(f32::NAN)
            })
            .collect();
        Levels {
            corners,
            width: w,
            depth: d,
            n,
        }
    }

    /// The water level at lattice vertex `(gx, gz)`: the one of the water mesh's vertex there.
    pub(crate) fn at(&self, gx: usize, gz: usize) -> f32 {
        let stride = self.width + 1;
        let corner = |cx: usize, cz: usize| self.corners[cz * stride + cx];
        lattice_level(&corner, gx, gz, self.n, self.width, self.depth)
    }
}

/// Emits the micro-quads of cell `(x, z)`; `at(gx, gz)` gives the water level and the ground
/// height (height units) of a lattice vertex.
fn emit_cell(
    part: &mut Part,
    params: &MeshParams,
    (x, z): (usize, usize),
    body: Body,
    width: f32,
    at: &impl Fn(usize, usize) -> (f32, f32),
) {
    let n = params.subdivisions as usize;
    let step = params.cell_size / n as f32;
    let ys = params.height_scale;
    let vertex = |gx: usize, gz: usize| {
        let (level, ground) = at(gx, gz);
        WetVertex {
            p: Vec3::new(gx as f32 * step, level * ys, gz as f32 * step),
            depth: (level - ground) * ys,
        }
    };
    for sz in 0..n {
        for sx in 0..n {
            let (gx, gz) = (x * n + sx, z * n + sz);
            let (p00, p10, p01, p11) = (
                vertex(gx, gz),
                vertex(gx + 1, gz),
                vertex(gx, gz + 1),
                vertex(gx + 1, gz + 1),
            );
            part.push_clipped([p00, p10, p11], body, width);
            part.push_clipped([p00, p11, p01], body, width);
        }
    }
}

/// World height of the water surface above the point `(x, z)` of the mesh's coordinate space, or
/// `None` where no water shows there (dry ground, outside the grid, or invalid `params`). The value
/// lies on the water triangle [`build_water_mesh`] emits over the point.
///
/// Whether water *shows* at a point for the queries and the navigation mesh (deeper than a
/// millimetre) is decided once, by [`crate::outputs::point::Probe::water`], from the same level.
pub fn water_height(grid: &Grid, params: &MeshParams, x: f32, z: f32) -> Option<f32> {
    check(grid, params).ok()?;
    let n = params.subdivisions as usize;
    let src = OnDemand { grid, params };
    let strength = params.roughness_strength;
    let corner = |cx: usize, cz: usize| {
        corner_level(&src, cx, cz, || {
            vertex_height_direct(grid, cx * n, cz * n, n, strength)
        })
        .unwrap_or(f32::NAN)
    };
    let in_region = |cx: usize, cz: usize| cell_body(&src, cx, cz).is_some();
    let (level, ground) = level_and_ground(grid, params, x, z, in_region, &corner)?;
    // The mesh keeps the triangles' wet parts; inside them the depth is ≥ 0 up to rounding.
    (level >= ground - QUERY_TOLERANCE * params.height_scale).then_some(level)
}

/// The water mesh's level and the rendered ground's height above the point `(x, z)` of the
/// mesh's coordinate space, both in world units, or `None` outside the grid or where the cell
/// holding the point is outside the water region (`in_region(cx, cz)` says whether cell `(cx, cz)`
/// belongs to it, [`in_water_region`]). `corner(cx, cz)` gives the level of cell corner
/// `(cx, cz)` in height units, NaN without one ([`corner_level`]); the level is NaN where one it
/// needs is. The level lies on the triangle [`build_water_mesh`] emits over the point (whether
/// or not the mesh keeps that part of it), the ground on the terrain mesh's. `params` valid.
pub(crate) fn level_and_ground(
    grid: &Grid,
    params: &MeshParams,
    x: f32,
    z: f32,
    in_region: impl FnOnce(usize, usize) -> bool,
    corner: &impl Fn(usize, usize) -> f32,
) -> Option<(f32, f32)> {
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let step = params.cell_size / n as f32;
    let (fx, fz) = (x / step, z / step);
    let gx = (fx.floor() as usize).min(w * n - 1);
    let gz = (fz.floor() as usize).min(d * n - 1);
    // The region first: most points of a map are far from water, and skip the ground.
    if !in_region(gx / n, gz / n) {
        return None;
    }
    let ground = crate::outputs::mesh::surface_height_valid(grid, params, x, z)?;
    let l = |dx: usize, dz: usize| lattice_level(corner, gx + dx, gz + dz, n, w, d);
    let (u, v) = (
        (fx - gx as f32).clamp(0.0, 1.0),
        (fz - gz as f32).clamp(0.0, 1.0),
    );
    let (l00, l10, l01, l11) = (l(0, 0), l(1, 0), l(0, 1), l(1, 1));
    let level = if u >= v {
        l00 + (l10 - l00) * u + (l11 - l10) * v
    } else {
        l00 + (l11 - l01) * u + (l01 - l00) * v
    } * params.height_scale;
    Some((level, ground))
}

/// The water mesh's depth at vertex `(gx, gz)` of the mesh's micro-quad lattice (`subdivisions`
/// per cell), world units: its water level there minus the ground's, negative where the ground is
/// above it, NaN where no water level reaches the vertex. Over every triangle of a cell of the water
/// region the depth is linear between its vertices' (see the module's notes). `params` valid.
pub fn vertex_depth(grid: &Grid, params: &MeshParams, gx: usize, gz: usize) -> f32 {
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions.max(1) as usize;
    let src = OnDemand { grid, params };
    let strength = params.roughness_strength;
    let corner = |cx: usize, cz: usize| {
        corner_level(&src, cx, cz, || {
            vertex_height_direct(grid, cx * n, cz * n, n, strength)
        })
        .unwrap_or(f32::NAN)
    };
    let level = lattice_level(&corner, gx, gz, n, w, d);
    (level - vertex_height_direct(grid, gx, gz, n, strength)) * params.height_scale
}

/// Rounding allowance of [`water_height`], in height units: a point of a kept triangle whose
/// water lies this little below the ground (the last bits of two interpolations) still has water.
pub const QUERY_TOLERANCE: f32 = 1e-5;

/// Whether cell `(x, z)` belongs to the water mesh's region: it holds water or lies beside water.
pub fn in_water_region(grid: &Grid, params: &MeshParams, x: usize, z: usize) -> bool {
    x < grid.width() && z < grid.depth() && cell_body(&OnDemand { grid, params }, x, z).is_some()
}

/// Whether dry cell `(x, z)` lies beside water (a ring cell of the water mesh).
pub fn is_shore_cell(grid: &Grid, params: &MeshParams, x: usize, z: usize) -> bool {
    x < grid.width() && z < grid.depth() && is_ring(&OnDemand { grid, params }, x, z)
}

#[cfg(test)]
mod tests;
