//! The water surface of one chunk at one level of detail, following the terrain's chunks
//! ([`crate::outputs::mesh::chunks`]): level `L` samples the lattice every `2^L` steps, as the terrain's
//! level `L` does, so far water costs what far ground costs.
//!
//! Level 0 is the full-detail surface of the chunk's cells: the triangles
//! [`build_water_mesh`](super::build_water_mesh) emits for them, bit for bit and in the same
//! order. A coarser level covers the chunk with quads `2^L` lattice steps wide, split along the
//! same diagonal as the terrain's coarse quads, where the water is open and still: a lake or the
//! sea filling the quad at one level. There the quad's depth is its level minus the ground at the
//! same coarse vertices, and each triangle is cut where the depth reaches 0
//! ([`clip`](super::clip)): over the terrain's coarse triangle of the same level the depth is
//! linear, so the coarse shoreline lies where the coarse ground meets the water. Pools and other
//! water that does not fill its quad keep their cells at full detail: they are small, so they cost
//! little. Rivers do too at level 1; from [`FAR_RIVER_LEVEL`] on, each coarse quad draws its
//! rivers as one strip as wide as their water ([`super::far_rivers`]). Quads finer than a cell
//! (and quads not aligned with the cells) are always coarse: their corners take the water level
//! there, or where no water touches a corner the lowest level among the quad's other corners
//! (else among the corners of the wet cells it covers).

use super::clip::{Part, WetVertex};
use super::far_rivers::FAR_RIVER_LEVEL;
use super::levels::{Body, Planes};
use super::region::Region;
use super::{cell_body, check, emit_cell, Levels, WaterMesh};
use crate::data::grid::Grid;
use crate::outputs::mesh::chunks::{lattice_lines, Chunk, ChunkLayout};
use crate::outputs::mesh::{Corners, HeightSource, MeshError};
use crate::params::mesh::MAX_LOD_LEVELS;
use crate::params::MeshParams;
use glam::Vec3;
use rayon::prelude::*;
use std::sync::Arc;

/// Builds the water of any chunk at any level, from one grid.
pub struct WaterLevels<'a> {
    pub(super) params: MeshParams,
    pub(super) terrain: HeightSource<'a>,
    pub(super) levels: Arc<Levels>,
    pub(super) region: Region,
    pub(super) width: usize,
    pub(super) depth: usize,
    /// The layout the pieces follow.
    pub layout: ChunkLayout,
}

impl<'a> WaterLevels<'a> {
    /// Checks the parameters and the grid (the drawn budget of
    /// [`MeshParams::check_drawn_budget`]) and reads the water of every cell.
    pub fn new(grid: &'a Grid, params: &MeshParams) -> Result<Self, MeshError> {
        Self::sharing(
            grid,
            params,
            HeightSource::Planes(Arc::new(Corners::new(grid))),
            None,
        )
    }

    /// [`WaterLevels::new`] over the heights `terrain` of `grid` and, when given, the water
    /// levels already computed over them.
    pub(crate) fn sharing(
        grid: &'a Grid,
        params: &MeshParams,
        terrain: HeightSource<'a>,
        levels: Option<Arc<Levels>>,
    ) -> Result<Self, MeshError> {
        crate::algorithms::threads::ensure_pool();
        check(grid, params)?;
        params.check_drawn_budget(grid.width(), grid.depth())?;
        let (w, d) = (grid.width(), grid.depth());
        let src = Planes::new(grid, params);
        let region = Region::new(&src, cell_body);
        let levels =
            levels.unwrap_or_else(|| Arc::new(Levels::with_planes(&src, &terrain, params)));
        Ok(WaterLevels {
            params: *params,
            terrain,
            levels,
            region,
            width: w,
            depth: d,
            layout: ChunkLayout::new(w, d, params),
        })
    }

    /// Ground height (height units) at lattice vertex `(gx, gz)`, as the terrain mesh has it.
    pub(super) fn ground(&self, gx: usize, gz: usize) -> f32 {
        let n = self.layout.subdivisions;
        let strength = self.params.roughness_strength;
        self.terrain
            .height(gx, gz, n, self.width, self.depth, strength)
    }

    /// The water of `chunk` at `level` (clamped to the layout's levels).
    pub fn build(&self, chunk: &Chunk, level: u32) -> WaterMesh {
        let level = level.min(self.layout.levels.max(1) - 1);
        let mut part = Part::default();
        match level {
            0 => self.full_detail(&mut part, chunk),
            l => self.coarse(&mut part, chunk, l.min(MAX_LOD_LEVELS - 1)),
        }
        let mut out = WaterMesh::default();
        out.mesh.positions = part.positions;
        out.mesh.normals = part.normals;
        out.mesh.colors = part.colors;
        out.uv2 = part.uv2;
        out
    }

    /// Every level of every chunk, built in parallel: `result[i][level]` for chunk
    /// `layout.chunks()[i]`.
    pub fn build_all(&self) -> Vec<Vec<WaterMesh>> {
        (self.layout.chunks().into_par_iter())
            .map(|c| (0..self.layout.levels).map(|l| self.build(&c, l)).collect())
            .collect()
    }

    /// Level 0: the full-detail micro-quads of the chunk's wet cells, row by row.
    fn full_detail(&self, part: &mut Part, chunk: &Chunk) {
        let at = |gx: usize, gz: usize| (self.levels.at(gx, gz), self.ground(gx, gz));
        for z in chunk.z0..chunk.z1 {
            for x in chunk.x0..chunk.x1 {
                if let Some((body, width)) = self.region.get(z * self.width + x) {
                    emit_cell(part, &self.params, (x, z), body, width, &at);
                }
            }
        }
    }

    /// A coarse level: quads `2^level` lattice steps wide over the chunk where the water is
    /// still and fills the quad, the other wet cells at full detail (see
    /// [`WaterLevels::is_open`]), except rivers from [`FAR_RIVER_LEVEL`] on, which become one
    /// strip per quad ([`super::far_rivers`]).
    fn coarse(&self, part: &mut Part, chunk: &Chunk, level: u32) {
        let step = 1usize << level;
        let strips = level >= FAR_RIVER_LEVEL;
        let n = self.layout.subdivisions;
        let xs = lattice_lines(chunk.x0 * n, chunk.x1 * n, step);
        let zs = lattice_lines(chunk.z0 * n, chunk.z1 * n, step);
        let aligned = step % n == 0;
        let at = |gx: usize, gz: usize| (self.levels.at(gx, gz), self.ground(gx, gz));
        for z in zs.windows(2) {
            for x in xs.windows(2) {
                let (xr, zr) = ((x[0], x[1]), (z[0], z[1]));
                if !aligned || self.is_open(xr, zr) {
                    self.coarse_quad(part, xr, zr);
                    continue;
                }
                for cz in self.cells(zr, self.depth) {
                    for cx in self.cells(xr, self.width) {
                        match self.region.get(cz * self.width + cx) {
                            Some((Body::River, _)) if strips => {}
                            Some((body, width)) => {
                                emit_cell(part, &self.params, (cx, cz), body, width, &at)
                            }
                            None => {}
                        }
                    }
                }
                if strips {
                    self.far_river(part, chunk, step, xr, zr);
                }
            }
        }
    }

    /// Whether the cell-aligned quad `x0..x1` × `z0..z1` is open still water: every cell it
    /// covers belongs to a lake, the sea or its shore ring, and its four corners share one
    /// level. Such a quad is drawn as one coarse quad; elsewhere (rivers, pools, narrow or
    /// stepped water) the cells keep their full detail, or their rivers become a strip
    /// ([`WaterLevels::coarse`]).
    fn is_open(&self, xs: (usize, usize), zs: (usize, usize)) -> bool {
        let still = self.cells(zs, self.depth).all(|cz| {
            (self.cells(xs, self.width)).all(|cx| {
                matches!(
                    self.region.get(cz * self.width + cx),
                    Some((Body::Still, _))
                )
            })
        });
        let level = self.levels.at(xs.0, zs.0);
        still
            && !level.is_nan()
            && [(xs.1, zs.0), (xs.0, zs.1), (xs.1, zs.1)]
                .iter()
                .all(|&(gx, gz)| self.levels.at(gx, gz) == level)
    }

    /// The cells a lattice span `a..b` covers, along an axis of `max` cells.
    pub(super) fn cells(&self, (a, b): (usize, usize), max: usize) -> std::ops::Range<usize> {
        let n = self.layout.subdivisions;
        let lo = (a / n).min(max - 1);
        lo..b.div_ceil(n).clamp(lo + 1, max)
    }

    /// The water of the cells the lattice quad `x0..x1` × `z0..z1` covers: the first wet cell's
    /// body, the widest river among them, and the lowest level at their corners; `None` when it
    /// covers no cell of the water region.
    fn covered(&self, xs: (usize, usize), zs: (usize, usize)) -> Option<(Body, f32, f32)> {
        let n = self.layout.subdivisions;
        let mut found: Option<(Body, f32, f32)> = None;
        for cz in self.cells(zs, self.depth) {
            for cx in self.cells(xs, self.width) {
                let Some((body, width)) = self.region.get(cz * self.width + cx) else {
                    continue;
                };
                let lowest = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .map(|(i, j)| self.levels.at((cx + i) * n, (cz + j) * n))
                    .into_iter()
                    .filter(|l| !l.is_nan())
                    .fold(f32::INFINITY, f32::min);
                let entry = found.get_or_insert((body, width, lowest));
                entry.1 = entry.1.max(width);
                entry.2 = entry.2.min(lowest);
            }
        }
        found
    }

    /// Emits the wet part of the coarse quad `x0..x1` × `z0..z1` (lattice lines).
    fn coarse_quad(&self, part: &mut Part, (x0, x1): (usize, usize), (z0, z1): (usize, usize)) {
        let Some((body, width, lowest)) = self.covered((x0, x1), (z0, z1)) else {
            return;
        };
        let corners = [(x0, z0), (x1, z0), (x0, z1), (x1, z1)];
        let levels = corners.map(|(gx, gz)| self.levels.at(gx, gz));
        let known = (levels.iter().copied())
            .filter(|l| !l.is_nan())
            .fold(f32::INFINITY, f32::min);
        let fill = if known.is_finite() { known } else { lowest };
        if !fill.is_finite() {
            return;
        }
        let n = self.layout.subdivisions;
        let lattice = self.params.cell_size / n as f32;
        let ys = self.params.height_scale;
        let [p00, p10, p01, p11] = std::array::from_fn(|k| {
            let (gx, gz) = corners[k];
            let level = if levels[k].is_nan() { fill } else { levels[k] };
            WetVertex {
                p: Vec3::new(gx as f32 * lattice, level * ys, gz as f32 * lattice),
                depth: (level - self.ground(gx, gz)) * ys,
            }
        });
        part.push_clipped([p00, p10, p11], body, width);
        part.push_clipped([p00, p11, p01], body, width);
    }
}
