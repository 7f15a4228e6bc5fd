//! Chunks with levels of detail: a map wider or deeper than [`MeshParams::chunk_size`] cells is
//! drawn as square chunks, each with [`MeshParams::lod_levels`] meshes.
//!
//! Level `L` samples the mesh's sub-vertex lattice every `2^L` lattice steps (level 0 is the full
//! mesh of that part of the map, vertex for vertex), always keeping the chunk's first and last
//! lattice lines, so neighbours put their border vertices on the same positions whatever their
//! levels. A quad's colour is the colour of the cell under its centre, or on a quad wider than a
//! cell the mean of the cells it covers; with the blended ground style each vertex takes its blend
//! of the cells around it ([`blend::vertex_colour`]), as at full detail.
//!
//! Two neighbours at different levels disagree along their shared border by at most the sum of
//! the two levels' deviations from the full-resolution border line. Each chunk therefore hangs a
//! vertical *skirt* under each border it shares with another chunk (never under the map's outer
//! edge), as deep as twice the largest deviation any level shows on that border plus
//! [`SKIRT_MARGIN`] cells: the higher side's skirt always reaches the lower side's surface, so
//! no crack opens at any pair of levels. A skirt is shaded like the ground above it. Both chunks compute a border's depth from the border
//! alone, so they agree on it.
//!
//! Level `L` is meant to be drawn from [`lod_range`]`(L)`: level 0 up to `lod_distance`, each
//! following level up to twice the previous distance, the last one without an end.

pub use super::chunk_layout::{lod_range, Chunk, ChunkLayout};
use super::heights::{Corners, HeightSource};
use super::{blend, face_normal, Mesh, MeshError, Shore};
use crate::data::grid::Grid;
use crate::params::mesh::MAX_LOD_LEVELS;
use crate::params::MeshParams;
use glam::Vec3;
use rayon::prelude::*;
use std::sync::Arc;

/// Depth added to every skirt beyond what the levels need, in cells (times the cell size), so a
/// skirt is never degenerate and covers rounding.
pub const SKIRT_MARGIN: f32 = 0.05;

/// The lattice lines a level keeps between lattice lines `start` and `end`: every `step`-th,
/// and `end`.
pub(crate) fn lattice_lines(start: usize, end: usize, step: usize) -> Vec<usize> {
    let mut lines: Vec<usize> = (start..end).step_by(step).collect();
    lines.push(end);
    lines
}

/// One border of a chunk: a run of lattice points along x (`along_x`) or z at a fixed lattice
/// line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Border {
    along_x: bool,
    fixed: usize,
    start: usize,
    end: usize,
    /// Whether the chunk lies towards higher lattice lines from the border.
    inward_up: bool,
}

impl Border {
    /// The lattice point at position `t` along the border.
    fn point(&self, t: usize) -> (usize, usize) {
        if self.along_x {
            (t, self.fixed)
        } else {
            (self.fixed, t)
        }
    }
}

/// The meshes of every chunk of a map, built from one grid.
pub struct ChunkBuilder<'a> {
    grid: &'a Grid,
    params: MeshParams,
    ground: HeightSource<'a>,
    shore: Option<Shore>,
    /// Whether the map's outer edge gets skirts too: a tile of an endless world borders other
    /// tiles, which may show other levels.
    outer_skirts: bool,
    /// The layout the meshes follow.
    pub layout: ChunkLayout,
}

impl<'a> ChunkBuilder<'a> {
    /// Checks the parameters and the grid (the vertex budget of
    /// [`MeshParams::check_drawn_budget`] applies to the whole map at level 0) and prepares the
    /// corner planes.
    pub fn new(grid: &'a Grid, params: &MeshParams) -> Result<Self, MeshError> {
        Self::on(
            grid,
            params,
            HeightSource::Planes(Arc::new(Corners::new(grid))),
        )
    }

    /// [`ChunkBuilder::new`] reading every height from the grid's cells instead of corner
    /// planes: slower meshes, but nothing held beside the grid except the shore's water levels.
    /// For a builder that lives long and builds a chunk at a time.
    pub fn lean(grid: &'a Grid, params: &MeshParams) -> Result<Self, MeshError> {
        Self::on(grid, params, HeightSource::Cells(grid))
    }

    /// The builder over the heights of `ground`.
    fn on(
        grid: &'a Grid,
        params: &MeshParams,
        ground: HeightSource<'a>,
    ) -> Result<Self, MeshError> {
        params.validate()?;
        if grid.width() == 0 || grid.depth() == 0 {
            return Err(MeshError::EmptyGrid);
        }
        params.check_drawn_budget(grid.width(), grid.depth())?;
        Ok(ChunkBuilder {
            grid,
            params: *params,
            shore: Shore::new(grid, &ground, params),
            ground,
            outer_skirts: false,
            layout: ChunkLayout::new(grid.width(), grid.depth(), params),
        })
    }

    /// The builder of a window of a larger map (an endless world's tile): its cells, with the
    /// corner planes `corners` computed with the cells around the window, and skirts under every
    /// chunk border, the window's edge included.
    pub(crate) fn with_corners(
        grid: &'a Grid,
        corners: Corners,
        params: &MeshParams,
    ) -> Result<Self, MeshError> {
        let mut builder = ChunkBuilder::new(grid, params)?;
        builder.ground = HeightSource::Planes(Arc::new(corners));
        builder.outer_skirts = true;
        Ok(builder)
    }

    /// The water of the chunks this builder draws, at every level
    /// ([`WaterLevels`](crate::outputs::mesh::water_surface::WaterLevels)), sharing the builder's corner planes and
    /// shore levels instead of computing them again.
    pub fn water_levels(
        &self,
    ) -> Result<crate::outputs::mesh::water_surface::WaterLevels<'a>, MeshError> {
        // A tile's shore levels were computed before its corners took in the neighbours' cells.
        let levels = (self.shore.as_ref())
            .filter(|_| !self.outer_skirts)
            .map(Shore::levels);
        crate::outputs::mesh::water_surface::WaterLevels::sharing(
            self.grid,
            &self.params,
            self.ground.clone(),
            levels,
        )
    }

    /// Where the builder reads its heights.
    #[cfg(test)]
    pub(crate) fn ground(&self) -> &HeightSource<'a> {
        &self.ground
    }

    /// World position of lattice point `(gx, gz)`.
    fn vertex(&self, gx: usize, gz: usize) -> Vec3 {
        let (w, d, n) = (
            self.grid.width(),
            self.grid.depth(),
            self.layout.subdivisions,
        );
        let p = &self.params;
        let step = p.cell_size / n as f32;
        let h = self.ground.height(gx, gz, n, w, d, p.roughness_strength);
        Vec3::new(gx as f32 * step, h * p.height_scale, gz as f32 * step)
    }

    /// The chunk's borders shared with another chunk (every border, for a tile).
    fn inner_borders(&self, c: &Chunk) -> Vec<Border> {
        let n = self.layout.subdivisions;
        let (xs, xe, zs, ze) = (c.x0 * n, c.x1 * n, c.z0 * n, c.z1 * n);
        let mut borders = Vec::with_capacity(4);
        let along_x = |fixed, inward_up| Border {
            along_x: true,
            fixed,
            start: xs,
            end: xe,
            inward_up,
        };
        let along_z = |fixed, inward_up| Border {
            along_x: false,
            fixed,
            start: zs,
            end: ze,
            inward_up,
        };
        let all = self.outer_skirts;
        if all || c.z0 > 0 {
            borders.push(along_x(zs, true));
        }
        if all || c.z1 < self.layout.depth {
            borders.push(along_x(ze, false));
        }
        if all || c.x0 > 0 {
            borders.push(along_z(xs, true));
        }
        if all || c.x1 < self.layout.width {
            borders.push(along_z(xe, false));
        }
        borders
    }

    /// The mesh of `chunk` at `level`: its surface, then a skirt under each inner border.
    pub fn build(&self, chunk: &Chunk, level: u32) -> Mesh {
        let n = self.layout.subdivisions;
        let step = 1usize << level.min(MAX_LOD_LEVELS - 1);
        let xs = lattice_lines(chunk.x0 * n, chunk.x1 * n, step);
        let zs = lattice_lines(chunk.z0 * n, chunk.z1 * n, step);
        let row: Vec<Vec<Vec3>> = zs
            .iter()
            .map(|&gz| xs.iter().map(|&gx| self.vertex(gx, gz)).collect())
            .collect();
        let borders = self.inner_borders(chunk);
        let quads = (xs.len() - 1) * (zs.len() - 1);
        let skirt_segments: usize = borders
            .iter()
            .map(|b| (b.end - b.start).div_ceil(step))
            .sum();
        let vertices = quads * 6 + skirt_segments * 12;
        let mut mesh = Mesh {
            positions: Vec::with_capacity(vertices),
            normals: Vec::with_capacity(vertices),
            colors: Vec::with_capacity(vertices),
            splat: Vec::new(),
        };
        let (w, d) = (self.grid.width(), self.grid.depth());
        let blended = self.grid.blends_ground();
        let splat = self.grid.ground_splat();
        if super::carries_splat(self.grid) {
            mesh.splat.reserve_exact(vertices);
        }
        for j in 0..zs.len() - 1 {
            for i in 0..xs.len() - 1 {
                let rgb = self.area_color((xs[i], xs[i + 1]), (zs[j], zs[j + 1]));
                let (cx, cz) = (
                    ((xs[i] + xs[i + 1]) / 2 / n).min(w - 1),
                    ((zs[j] + zs[j + 1]) / 2 / n).min(d - 1),
                );
                let (p00, p10, p01, p11) =
                    (row[j][i], row[j][i + 1], row[j + 1][i], row[j + 1][i + 1]);
                let (g00, g10, g01, g11) = (
                    (xs[i], zs[j]),
                    (xs[i + 1], zs[j]),
                    (xs[i], zs[j + 1]),
                    (xs[i + 1], zs[j + 1]),
                );
                for (tri, at) in [
                    ([p00, p10, p11], [g00, g10, g11]),
                    ([p00, p11, p01], [g00, g11, g01]),
                ] {
                    let colours = if blended {
                        at.map(|(gx, gz)| blend::vertex_colour(self.grid, gx, gz, n))
                    } else {
                        [self.shore.as_ref().map_or(rgb, |s| {
                            let y_scale = self.params.height_scale;
                            s.color(self.grid, (cx, cz), rgb, at, tri.map(|p| p.y), y_scale)
                        }); 3]
                    };
                    let normal = face_normal(tri[0], tri[1], tri[2]);
                    push(&mut mesh, tri, normal, colours);
                    if super::carries_splat(self.grid) {
                        mesh.splat.extend(
                            at.map(|(gx, gz)| blend::vertex_splat(self.grid, splat, gx, gz, n)),
                        );
                    }
                }
            }
        }
        for border in borders {
            self.push_skirt(&mut mesh, &border, step);
        }
        mesh
    }

    /// The colour of the lattice area `x0..x1` × `z0..z1`: the colour of the cell under its
    /// centre when it lies within one cell (level 0, and levels finer than a cell), else the mean
    /// of the cells it covers, so a coarse level shows a forest or a shore as a blend instead of
    /// picking every `2^L`-th cell.
    fn area_color(&self, (x0, x1): (usize, usize), (z0, z1): (usize, usize)) -> [u8; 3] {
        let n = self.layout.subdivisions;
        let (w, d) = (self.grid.width(), self.grid.depth());
        if x1 - x0 <= n && z1 - z0 <= n {
            let (cx, cz) = (
                ((x0 + x1) / 2 / n).min(w - 1),
                ((z0 + z1) / 2 / n).min(d - 1),
            );
            return self.grid.color[self.grid.index(cx, cz)];
        }
        let cells = |a: usize, b: usize, max: usize| {
            let lo = (a / n).min(max - 1);
            lo..(b.div_ceil(n)).clamp(lo + 1, max)
        };
        let (mut sum, mut count) = ([0u32; 3], 0u32);
        for cz in cells(z0, z1, d) {
            for cx in cells(x0, x1, w) {
                let c = self.grid.color[self.grid.index(cx, cz)];
                (0..3).for_each(|k| sum[k] += u32::from(c[k]));
                count += 1;
            }
        }
        sum.map(|s| ((s + count / 2) / count) as u8)
    }

    /// Every level of every chunk, built in parallel: `result[i][level]` for chunk
    /// `layout.chunks()[i]`.
    pub fn build_all(&self) -> Vec<(Chunk, Vec<Mesh>)> {
        crate::algorithms::threads::ensure_pool();
        self.layout
            .chunks()
            .into_par_iter()
            .map(|c| {
                let levels = (0..self.layout.levels).map(|l| self.build(&c, l)).collect();
                (c, levels)
            })
            .collect()
    }
}

/// Appends one flat-shaded triangle, each vertex with its colour.
fn push(mesh: &mut Mesh, tri: [Vec3; 3], normal: Vec3, colours: [[u8; 3]; 3]) {
    for (p, rgb) in tri.into_iter().zip(colours) {
        let [r, g, b] = rgb.map(|c| f32::from(c) / 255.0);
        mesh.positions.push(p.to_array());
        mesh.normals.push(normal.to_array());
        mesh.colors.push([r, g, b, 1.0]);
    }
}

#[path = "chunk_skirts.rs"]
mod skirts;

#[cfg(test)]
#[path = "chunks_tests.rs"]
mod tests;
