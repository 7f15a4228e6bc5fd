//! The water surface: one quad per water cell at the water level, for rendering lakes, rivers and
//! sea over the terrain mesh.
//!
//! A quad corner takes the mean water level of the water cells sharing it, so a lake is flat, a
//! river slopes smoothly down its course, and a lake's shore keeps the lake's level. Quads are
//! split along their `p00–p11` diagonal and wound like the terrain mesh (clockwise seen from
//! above), in the terrain mesh's coordinates (`x = cell · cell_size`, `y = level · height_scale`).
//! Subdivisions and roughness do not apply to water.

use crate::grid::{Grid, Terrain};
use crate::mesh::{Mesh, MeshError, MeshParams, MAX_VERTICES};
use glam::Vec3;

/// Opacity of the water vertex colours.
pub const WATER_ALPHA: f32 = 0.8;

/// Mean water level of the water cells sharing corner `(cx, cz)`, or `None` when none does.
fn corner_level(grid: &Grid, cx: usize, cz: usize) -> Option<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let (mut sum, mut n) = (0.0f32, 0.0f32);
    for z in cz.saturating_sub(1)..(cz + 1).min(d) {
        for x in cx.saturating_sub(1)..(cx + 1).min(w) {
            let i = grid.index(x, z);
            if grid.terrain[i] == Terrain::Water {
                sum += grid.water_level[i];
                n += 1.0;
            }
        }
    }
    (n > 0.0).then(|| sum / n)
}

/// Water levels at the four corners `[(0,0), (1,0), (0,1), (1,1)]` of water cell `(x, z)`.
fn cell_corners(grid: &Grid, x: usize, z: usize) -> [f32; 4] {
    let own = grid.water_level[grid.index(x, z)];
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .map(|(dx, dz)| corner_level(grid, x + dx, z + dz).unwrap_or(own))
}

/// Unit normal of a clockwise (seen from above) triangle.
fn face_normal(a: Vec3, b: Vec3, c: Vec3) -> [f32; 3] {
    (c - a).cross(b - a).normalize_or(Vec3::Y).to_array()
}

/// Builds the water surface of a grid (empty when the grid has no water).
pub fn build_water_mesh(grid: &Grid, params: &MeshParams) -> Result<Mesh, MeshError> {
    params.validate()?;
    let (w, d) = (grid.width(), grid.depth());
    if w == 0 || d == 0 {
        return Err(MeshError::EmptyGrid);
    }
    let cells = grid
        .terrain
        .iter()
        .filter(|t| **t == Terrain::Water)
        .count() as u64;
    if cells * 6 > MAX_VERTICES {
        return Err(MeshError::OverBudget {
            vertices: cells * 6,
            base: 0,
            width: w,
            depth: d,
            subdivisions: 1,
        });
    }
    let mut mesh = Mesh::default();
    let (s, ys) = (params.cell_size, params.height_scale);
    for z in 0..d {
        for x in 0..w {
            let i = grid.index(x, z);
            if grid.terrain[i] != Terrain::Water {
                continue;
            }
            let [l00, l10, l01, l11] = cell_corners(grid, x, z);
            let (x0, x1, z0, z1) = (
                x as f32 * s,
                (x + 1) as f32 * s,
                z as f32 * s,
                (z + 1) as f32 * s,
            );
            let p00 = Vec3::new(x0, l00 * ys, z0);
            let p10 = Vec3::new(x1, l10 * ys, z0);
            let p01 = Vec3::new(x0, l01 * ys, z1);
            let p11 = Vec3::new(x1, l11 * ys, z1);
            let [r, g, b] = grid.color[i];
            let rgba = [r, g, b].map(|c| f32::from(c) / 255.0);
            let rgba = [rgba[0], rgba[1], rgba[2], WATER_ALPHA];
            for tri in [[p00, p10, p11], [p00, p11, p01]] {
                let normal = face_normal(tri[0], tri[1], tri[2]);
                for p in tri {
                    mesh.positions.push(p.to_array());
                    mesh.normals.push(normal);
                    mesh.colors.push(rgba);
                }
            }
        }
    }
    Ok(mesh)
}

/// World height of the water surface above the point `(x, z)` of the mesh's coordinate space, or
/// `None` where the cell under the point is dry, outside the grid, or `params` are invalid. The
/// value lies on the triangle [`build_water_mesh`] emits over the point.
pub fn water_height(grid: &Grid, params: &MeshParams, x: f32, z: f32) -> Option<f32> {
    params.validate().ok()?;
    let (w, d) = (grid.width(), grid.depth());
    let (fx, fz) = (x / params.cell_size, z / params.cell_size);
    if w == 0 || d == 0 || !(0.0..=w as f32).contains(&fx) || !(0.0..=d as f32).contains(&fz) {
        return None;
    }
    let (cx, cz) = ((fx as usize).min(w - 1), (fz as usize).min(d - 1));
    if !grid.is_water(cx, cz) {
        return None;
    }
    let (u, v) = (
        (fx - cx as f32).clamp(0.0, 1.0),
        (fz - cz as f32).clamp(0.0, 1.0),
    );
    let [h00, h10, h01, h11] = cell_corners(grid, cx, cz);
    let level = if u >= v {
        h00 + (h10 - h00) * u + (h11 - h10) * v
    } else {
        h00 + (h11 - h01) * u + (h01 - h00) * v
    };
    Some(level * params.height_scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lake_grid() -> Grid {
        let mut g = Grid::new(4, 3);
        for (x, z, level) in [(1, 1, 0.5), (2, 1, 0.5), (3, 1, 0.3)] {
            let i = g.index(x, z);
            g.terrain[i] = Terrain::Water;
            g.water_level[i] = level;
            g.color[i] = [10, 20, 200];
        }
        g
    }

    #[test]
    fn one_quad_per_water_cell_at_its_level() {
        let g = lake_grid();
        let p = MeshParams::default();
        let m = build_water_mesh(&g, &p).unwrap();
        assert_eq!(m.vertex_count(), 3 * 6);
        // The first quad's outer corners keep the lake level; the shared corner with the lower
        // cell takes the mean.
        assert_eq!(m.positions[0], [1.0, 0.5 * p.height_scale, 1.0]);
        assert!(m.normals.iter().all(|n| n[1] > 0.0), "normals point up");
        assert_eq!(m.colors[0][3], WATER_ALPHA);
        let at = water_height(&g, &p, 1.5, 1.5).unwrap();
        assert!((at - 0.5 * p.height_scale).abs() < 1e-5);
        assert_eq!(water_height(&g, &p, 0.5, 0.5), None);
        assert_eq!(water_height(&g, &p, -1.0, 1.5), None);
        let dry = Grid::new(2, 2);
        assert_eq!(build_water_mesh(&dry, &p).unwrap().vertex_count(), 0);
    }

    #[test]
    fn water_height_lies_on_the_mesh_vertices() {
        let g = lake_grid();
        let p = MeshParams {
            cell_size: 2.0,
            ..Default::default()
        };
        let m = build_water_mesh(&g, &p).unwrap();
        for tri in m.positions.chunks(3) {
            let c = [0, 1, 2].map(|k| (tri[0][k] + tri[1][k] + tri[2][k]) / 3.0);
            let y = water_height(&g, &p, c[0], c[2]).unwrap();
            assert!((y - c[1]).abs() < 1e-4, "{c:?} vs {y}");
        }
    }

    /// A grid whose water cells alone are over the vertex budget is refused before any vertex is
    /// built, naming the vertex count; the same grid with a few water cells builds. The
    /// terrain's own budget check (6 vertices per cell at subdivision 1, at least the water's)
    /// runs first in the pipeline, so this refusal is only reachable by a direct call.
    #[test]
    fn water_over_the_vertex_budget_is_refused() {
        // The smallest square whose cells × 6 exceed the budget.
        let side = (1..)
            .find(|s: &usize| (s * s * 6) as u64 > MAX_VERTICES)
            .unwrap();
        let mut g = Grid::new(side, side);
        g.terrain.fill(Terrain::Water);
        g.water_level.fill(0.25);
        let p = MeshParams::default();
        let cells = (side * side) as u64;
        match build_water_mesh(&g, &p) {
            Err(MeshError::OverBudget {
                vertices,
                width,
                depth,
                subdivisions,
                ..
            }) => {
                assert_eq!(vertices, cells * 6);
                assert_eq!((width, depth, subdivisions), (side, side, 1));
            }
            other => panic!(
                "expected an over-budget refusal, got {:?}",
                other.map(|m| m.vertex_count())
            ),
        }
        // The same grid with three water cells builds: the check counts water cells only.
        g.terrain.fill(Terrain::Grass);
        for x in 0..3 {
            let i = g.index(x, side / 2);
            g.terrain[i] = Terrain::Water;
        }
        assert_eq!(build_water_mesh(&g, &p).unwrap().vertex_count(), 3 * 6);
    }
}
