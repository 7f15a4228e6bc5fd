//! Things placed on the terrain surface: collision heights at the cell corners, tree instances
//! with a deterministic per-cell jitter, and a built-in low-poly tree mesh.
//!
//! Everything here is a pure function of the grid and the mesh parameters: the jitter comes from
//! a hash of the cell (no random state), and the trigonometry from `libm`, so the same inputs give
//! bit-identical results everywhere.

use crate::algorithms::noise::hash01;
use crate::data::grid::{Grid, Terrain};
use crate::outputs::mesh::chunks::{Chunk, ChunkLayout};
use crate::outputs::mesh::{chunk_corner_surface, surface_height_valid, Mesh, MeshError};
use crate::params::MeshParams;
use rayon::prelude::*;

/// Seed of the tree jitter hashes (independent of the generation seed, like the mesh jitter).
pub const TREE_SEED: u32 = 0x3c6e_f372;
/// Largest horizontal offset of a tree from its cell centre, as a fraction of the cell size.
pub const TREE_JITTER: f32 = 0.3;
/// Smallest and largest tree scale.
pub const TREE_SCALE_RANGE: (f32, f32) = (0.75, 1.25);

/// Heights of the mesh surface at the cell corners, in world units (grid height × the mesh's
/// height scale, roughness jitter included), row by row: `(width + 1) × (depth + 1)` values,
/// index `z · (width + 1) + x` for the corner at `(x · cell_size, z · cell_size)`. This is the
/// layout of a height-map collision shape spanning the mesh.
///
/// ```
/// use donjourno::outputs::mesh::surface_height;
/// use donjourno::{generate, GeneratorParams, MeshParams};
/// use donjourno::outputs::placement::corner_heights;
/// let mut gen = GeneratorParams { width: 24, depth: 16, ..Default::default() };
/// gen.set_droplet_count(1_000);
/// let (grid, _) = generate(&gen, Default::default()).unwrap();
/// let params = MeshParams::default();
/// let heights = corner_heights(&grid, &params).unwrap();
/// assert_eq!(heights.len(), 25 * 17);
/// let at = surface_height(&grid, &params, 3.0 * params.cell_size, 2.0 * params.cell_size);
/// assert_eq!(Some(heights[2 * 25 + 3]), at);
/// ```
pub fn corner_heights(grid: &Grid, params: &MeshParams) -> Result<Vec<f32>, MeshError> {
    params.validate()?;
    let (w, d) = (grid.width(), grid.depth());
    if w == 0 || d == 0 {
        return Ok(Vec::new());
    }
    crate::algorithms::threads::ensure_pool();
    let mut out = vec![0.0; (w + 1) * (d + 1)];
    let rows = out.par_chunks_mut(w + 1).enumerate();
    rows.with_min_len(crate::algorithms::threads::min_rows(w + 1))
        .for_each(|(z, row)| {
            for (x, h) in row.iter_mut().enumerate() {
                let (px, pz) = (x as f32 * params.cell_size, z as f32 * params.cell_size);
                *h = surface_height_valid(grid, params, px, pz).unwrap_or(0.0);
            }
        });
    Ok(out)
}

/// [`corner_heights`] of each chunk of `chunks`, row by row over the chunk's corners
/// (`(x1 − x0 + 1) × (z1 − z0 + 1)`), computed chunk by chunk in parallel without the map's
/// whole plane: neighbours share their border row, with equal values.
pub fn chunk_corner_heights(
    grid: &Grid,
    params: &MeshParams,
    chunks: &[Chunk],
) -> Result<Vec<Vec<f32>>, MeshError> {
    params.validate()?;
    crate::algorithms::threads::ensure_pool();
    Ok(chunks
        .par_iter()
        .map(|c| chunk_corner_surface(grid, params, c))
        .collect())
}

/// One tree: where it stands, how it is turned and how big it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeInstance {
    /// The cell it grows in.
    pub cell: (usize, usize),
    /// Its foot, in the mesh's coordinates (on the surface).
    pub position: [f32; 3],
    /// Rotation about the vertical axis, radians in `[0, 2π)`.
    pub yaw: f32,
    /// Uniform scale in [`TREE_SCALE_RANGE`].
    pub scale: f32,
}

impl TreeInstance {
    /// The columns of its basis (rotation about y by [`Self::yaw`], then scale), computed with
    /// `libm` so that they are the same on every platform.
    pub fn basis_columns(&self) -> [[f32; 3]; 3] {
        let (s, c) = (libm::sinf(self.yaw), libm::cosf(self.yaw));
        let k = self.scale;
        [[c * k, 0.0, -s * k], [0.0, k, 0.0], [s * k, 0.0, c * k]]
    }
}

/// One instance per [`Terrain::Tree`] cell, in cell order (row by row): the cell centre moved by
/// a hashed offset of up to [`TREE_JITTER`] cells on each axis, with a hashed yaw and scale, its
/// foot on the jittered mesh surface ([`surface_height`](crate::outputs::mesh::surface_height)).
///
/// ```
/// use donjourno::outputs::mesh::surface_height;
/// use donjourno::{generate, GeneratorParams, MeshParams, Terrain};
/// use donjourno::outputs::placement::tree_instances;
/// let mut gen = GeneratorParams { width: 48, depth: 48, ..Default::default() };
/// gen.set_droplet_count(2_000);
/// let (grid, _) = generate(&gen, Default::default()).unwrap();
/// let params = MeshParams::default();
/// let trees = tree_instances(&grid, &params).unwrap();
/// assert_eq!(trees.len(), grid.terrain.iter().filter(|t| **t == Terrain::Tree).count());
/// for t in &trees {
///     let [x, y, z] = t.position;
///     assert_eq!(surface_height(&grid, &params, x, z), Some(y));
/// }
/// ```
pub fn tree_instances(grid: &Grid, params: &MeshParams) -> Result<Vec<TreeInstance>, MeshError> {
    params.validate()?;
    let whole = Chunk {
        column: 0,
        row: 0,
        x0: 0,
        x1: grid.width(),
        z0: 0,
        z1: grid.depth(),
    };
    Ok(trees_in(grid, params, &whole))
}

/// The trees of each chunk of `layout` in [`ChunkLayout::chunks`] order, each chunk's in the
/// order of [`tree_instances`] and passed through `f` as soon as they are placed, in parallel;
/// a tree stands in its cell, so each chunk holds the trees of its cells.
pub fn chunk_trees<T: Send>(
    grid: &Grid,
    params: &MeshParams,
    layout: &ChunkLayout,
    f: impl Fn(&[TreeInstance]) -> T + Sync,
) -> Result<Vec<T>, MeshError> {
    params.validate()?;
    crate::algorithms::threads::ensure_pool();
    Ok(layout
        .chunks()
        .par_iter()
        .map(|c| f(&trees_in(grid, params, c)))
        .collect())
}

/// The trees of the cells of `chunk`, row by row.
fn trees_in(grid: &Grid, params: &MeshParams, chunk: &Chunk) -> Vec<TreeInstance> {
    let w = grid.width();
    let size = params.cell_size;
    let (lo, hi) = TREE_SCALE_RANGE;
    let mut out = Vec::new();
    let cells = (chunk.z0..chunk.z1).flat_map(|z| (chunk.x0..chunk.x1).map(move |x| (x, z)));
    for (x, z) in cells {
        if grid.terrain[z * w + x] != Terrain::Tree {
            continue;
        }
        let (hx, hz) = (x as i32, z as i32);
        let jitter = |k: u32| (hash01(hx, hz, TREE_SEED.wrapping_add(k)) * 2.0 - 1.0) * TREE_JITTER;
        let px = (x as f32 + 0.5 + jitter(0)) * size;
        let pz = (z as f32 + 0.5 + jitter(1)) * size;
        let py = surface_height_valid(grid, params, px, pz).unwrap_or(0.0);
        let yaw = hash01(hx, hz, TREE_SEED.wrapping_add(2)) * core::f32::consts::TAU;
        let scale = lo + (hi - lo) * hash01(hx, hz, TREE_SEED.wrapping_add(3));
        out.push(TreeInstance {
            cell: (x, z),
            position: [px, py, pz],
            yaw,
            scale,
        });
    }
    out
}

/// A low-poly tree about `height` world units tall with its foot at the origin: a six-sided
/// trunk and a six-sided cone of foliage, flat-shaded with vertex colours (brown, dark green).
pub fn low_poly_tree(height: f32) -> Mesh {
    tree_mesh(height, 6, true, 1.0)
}

/// The far version of [`low_poly_tree`], for trees seen from afar where one stands for
/// [`FAR_TREE_COVER`] of them: the foliage cone alone, four sides and no underside (4 triangles
/// instead of 24), its crown wide enough to cover the ground they would (the square root of
/// [`FAR_TREE_COVER`] times as wide).
pub fn far_tree(height: f32) -> Mesh {
    tree_mesh(height, 4, false, libm::sqrtf(FAR_TREE_COVER as f32))
}

/// How many trees one far tree ([`far_tree`]) stands for.
pub const FAR_TREE_COVER: usize = 4;

/// A tree of `sides`-sided cones, the crown `widen` times the usual width: with `full`, the
/// trunk and the cone's underside too.
fn tree_mesh(height: f32, sides: usize, full: bool, widen: f32) -> Mesh {
    let mut mesh = Mesh::default();
    let trunk = [0.45, 0.30, 0.17, 1.0];
    let leaves = [0.16, 0.42, 0.18, 1.0];
    let ring = |r: f32, y: f32, i: usize| {
        let a = i as f32 * core::f32::consts::TAU / sides as f32;
        [r * libm::cosf(a), y, r * libm::sinf(a)]
    };
    let mut tri = |a: [f32; 3], b: [f32; 3], c: [f32; 3], color: [f32; 4]| {
        // Clockwise seen from the front, as the terrain mesh: n = (c − a) × (b − a).
        let n = cross(sub(c, a), sub(b, a));
        let len = libm::sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).max(1e-12);
        let n = [n[0] / len, n[1] / len, n[2] / len];
        mesh.positions.extend([a, b, c]);
        mesh.normals.extend([n; 3]);
        mesh.colors.extend([color; 3]);
    };
    let (trunk_r, trunk_h) = (0.08 * height, 0.3 * height);
    let (cone_r, cone_base) = (0.35 * widen * height, 0.2 * height);
    let apex = [0.0, height, 0.0];
    let base_centre = [0.0, cone_base, 0.0];
    for i in 0..sides {
        let j = (i + 1) % sides;
        let (p, q) = (ring(cone_r, cone_base, i), ring(cone_r, cone_base, j));
        if full {
            // Trunk side: two triangles facing out.
            let (a, b) = (ring(trunk_r, 0.0, i), ring(trunk_r, 0.0, j));
            let (c, e) = (ring(trunk_r, trunk_h, i), ring(trunk_r, trunk_h, j));
            tri(a, b, c, trunk);
            tri(b, e, c, trunk);
        }
        // Foliage cone side (facing out), and with the trunk its underside (facing down).
        tri(p, q, apex, leaves);
        if full {
            tri(p, base_centre, q, leaves);
        }
    }
    mesh
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::mesh::surface_height;
    use crate::params::GeneratorParams;
    use crate::stages::generate::generate;

    fn grid() -> Grid {
        let mut gen = GeneratorParams {
            width: 40,
            depth: 30,
            ..Default::default()
        };
        gen.set_droplet_count(2_000);
        gen.forest.cover = 0.5;
        generate(&gen, Default::default()).unwrap().0
    }

    #[test]
    fn corners_are_the_mesh_heights_scaled() {
        let grid = grid();
        let mut params = MeshParams {
            roughness_strength: 0.0,
            height_scale: 3.0,
            ..Default::default()
        };
        let h = corner_heights(&grid, &params).unwrap();
        params.height_scale = 1.0;
        let unit = corner_heights(&grid, &params).unwrap();
        assert_eq!(h.len(), 41 * 31);
        for (a, b) in h.iter().zip(&unit) {
            assert!((a - 3.0 * b).abs() <= 1e-4 * a.abs().max(1.0));
        }
        assert!(h.iter().any(|v| *v > 0.0));
        assert!(corner_heights(
            &grid,
            &MeshParams {
                subdivisions: 0,
                ..params
            }
        )
        .is_err());
    }

    #[test]
    fn trees_are_deterministic_jittered_and_on_the_surface() {
        let grid = grid();
        let params = MeshParams::default();
        let trees = tree_instances(&grid, &params).unwrap();
        let cells = grid.terrain.iter().filter(|t| **t == Terrain::Tree).count();
        assert!(cells > 10);
        assert_eq!(trees.len(), cells);
        assert_eq!(trees, tree_instances(&grid, &params).unwrap());
        let mut moved = 0;
        for t in &trees {
            let (x, z) = t.cell;
            let [px, py, pz] = t.position;
            let (cx, cz) = (
                (x as f32 + 0.5) * params.cell_size,
                (z as f32 + 0.5) * params.cell_size,
            );
            assert!((px - cx).abs() <= TREE_JITTER * params.cell_size + 1e-5);
            assert!((pz - cz).abs() <= TREE_JITTER * params.cell_size + 1e-5);
            moved += usize::from((px - cx).abs() > 1e-3);
            assert_eq!(surface_height(&grid, &params, px, pz), Some(py));
            assert!((0.0..core::f32::consts::TAU).contains(&t.yaw));
            assert!((TREE_SCALE_RANGE.0..=TREE_SCALE_RANGE.1).contains(&t.scale));
            let [c0, c1, _] = t.basis_columns();
            assert!((libm::sqrtf(c0[0] * c0[0] + c0[2] * c0[2]) - t.scale).abs() < 1e-5);
            assert_eq!(c1, [0.0, t.scale, 0.0]);
        }
        assert!(
            moved * 2 > trees.len(),
            "most trees are off their cell centre"
        );
    }

    #[test]
    fn chunks_hold_the_trees_and_corners_of_their_cells_as_the_whole_map_has_them() {
        let grid = grid();
        let params = MeshParams {
            chunk_size: 16,
            ..Default::default()
        };
        let layout = ChunkLayout::new(grid.width(), grid.depth(), &params);
        let chunks = layout.chunks();
        assert!(chunks.len() > 4);
        let all = tree_instances(&grid, &params).unwrap();
        assert!(!all.is_empty());
        let per_chunk = chunk_trees(&grid, &params, &layout, <[TreeInstance]>::to_vec).unwrap();
        for (c, trees) in chunks.iter().zip(&per_chunk) {
            let own: Vec<TreeInstance> = (all.iter())
                .filter(|t| (c.x0..c.x1).contains(&t.cell.0) && (c.z0..c.z1).contains(&t.cell.1))
                .copied()
                .collect();
            assert_eq!(trees, &own, "{c:?}");
            let cell = params.cell_size;
            for t in trees {
                let index = layout.index_at(t.position[0] / cell, t.position[2] / cell);
                assert_eq!(chunks[index], *c, "a tree stands in its own chunk");
            }
        }
        assert_eq!(per_chunk.iter().map(Vec::len).sum::<usize>(), all.len());
        let corners = corner_heights(&grid, &params).unwrap();
        let cut = chunk_corner_heights(&grid, &params, &chunks).unwrap();
        for (c, heights) in chunks.iter().zip(&cut) {
            let want = crate::outputs::mesh::streaming::chunk_corners(&corners, grid.width(), c);
            assert_eq!(heights.len(), want.len());
            assert!(
                heights
                    .iter()
                    .zip(&want)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{c:?}"
            );
        }
    }

    #[test]
    fn chunk_corners_are_the_surface_heights_at_every_cell_size_and_subdivision() {
        // Cell sizes whose multiples do not divide back exactly, and subdivided cells: a
        // corner's query can round to the vertex before its own.
        let grid = grid();
        for (cell_size, subdivisions) in [(0.3, 1), (0.7, 3), (1.0, 2), (2.9, 4)] {
            let params = MeshParams {
                chunk_size: 16,
                cell_size,
                subdivisions,
                roughness_strength: 0.8,
                ..Default::default()
            };
            let chunks = ChunkLayout::new(grid.width(), grid.depth(), &params).chunks();
            let cut = chunk_corner_heights(&grid, &params, &chunks).unwrap();
            for (c, heights) in chunks.iter().zip(&cut) {
                let want = (c.z0..=c.z1).flat_map(|z| (c.x0..=c.x1).map(move |x| (x, z)));
                for ((x, z), h) in want.zip(heights) {
                    let (px, pz) = (x as f32 * cell_size, z as f32 * cell_size);
                    let at = surface_height(&grid, &params, px, pz).unwrap();
                    assert_eq!(
                        h.to_bits(),
                        at.to_bits(),
                        "{cell_size} m, {subdivisions}: {x}, {z}"
                    );
                }
            }
        }
    }

    #[test]
    fn built_in_tree_is_a_trunk_and_a_cone() {
        let tree = low_poly_tree(2.0);
        assert_eq!(tree.vertex_count(), 6 * 4 * 3);
        assert_eq!(tree.normals.len(), tree.vertex_count());
        let top = tree.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert_eq!(top, 2.0);
        // Sides face away from the axis, the cone's underside faces down.
        let mut down = 0;
        for (p, n) in tree.positions.iter().zip(&tree.normals) {
            if n[1] < -0.99 {
                down += 1;
            } else if p[0] != 0.0 || p[2] != 0.0 {
                assert!(p[0] * n[0] + p[2] * n[2] > 0.0, "{p:?} {n:?}");
            }
        }
        assert_eq!(down, 6 * 3);
    }

    #[test]
    fn far_tree_is_the_cone_alone() {
        let (far, near) = (far_tree(2.0), low_poly_tree(2.0));
        assert_eq!(far.vertex_count(), 4 * 3);
        let top = |m: &Mesh| m.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        let bottom = |m: &Mesh| m.positions.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
        assert_eq!(top(&far), top(&near));
        assert_eq!(bottom(&far), 0.2 * 2.0, "no trunk");
        assert!(
            far.normals.iter().all(|n| n[1] > 0.0),
            "every side faces up and out"
        );
    }
}
