//! The blended ground style: every vertex of the mesh takes its own colour, the mean of the
//! colours of the (up to) four cells around it weighted bilinearly by how near their centres lie,
//! so the ground reads as one surface instead of a board of cells.
//!
//! Land blends with land and water with water: a vertex beside any dry cell takes the weighted
//! mean of the dry cells alone, so a bank never turns blue, and the ground under the water keeps
//! the water's colours. A vertex at a cell's centre takes that cell's colour.
//!
//! The ground splat (the material weights and wetness of
//! [`crate::stages::texture::splat`]) is blended the same way, so the blended colour of a
//! vertex is the colour of its blended materials.

use crate::data::grid::{Grid, Rgb, Terrain};
use crate::stages::texture::splat::Splat;

/// The blended colour of sub-vertex lattice point `(gx, gz)` of a mesh with `n` subdivisions per
/// cell.
pub fn vertex_colour(grid: &Grid, gx: usize, gz: usize, n: usize) -> Rgb {
    vertex_mix(grid, gx, gz, n, |i| grid.color[i])
}

/// The blended ground splat of sub-vertex lattice point `(gx, gz)` (as [`vertex_colour`]) from
/// the cells' `splat` ([`Grid::ground_splat`]): the material weights and the wetness, land with
/// land and water with water.
pub fn vertex_splat(grid: &Grid, splat: &[Splat], gx: usize, gz: usize, n: usize) -> Splat {
    vertex_mix(grid, gx, gz, n, |i| splat[i])
}

/// The bilinear blend of `value` over the (up to) four cells around lattice point `(gx, gz)`,
/// land with land and water with water (see the module docs).
fn vertex_mix<const K: usize>(
    grid: &Grid,
    gx: usize,
    gz: usize,
    n: usize,
    value: impl Fn(usize) -> [u8; K],
) -> [u8; K] {
    let (w, d) = (grid.width(), grid.depth());
    // The point in cell units, less half a cell: cell centres then lie on whole numbers.
    let axis = |g: usize, cells: usize| -> [(usize, f32); 2] {
        let p = (g as f32 + 0.5 * n as f32) / n as f32 - 1.0;
        let lo = p.floor();
        let t = p - lo;
        let clamp = |v: f32| (v.max(0.0) as usize).min(cells - 1);
        [(clamp(lo), 1.0 - t), (clamp(lo + 1.0), t)]
    };
    let (xs, zs) = (axis(gx, w), axis(gz, d));
    let mut land = ([0.0f32; K], 0.0f32);
    let mut water = ([0.0f32; K], 0.0f32);
    for &(z, wz) in &zs {
        for &(x, wx) in &xs {
            let weight = wx * wz;
            if weight <= 0.0 {
                continue;
            }
            let i = grid.index(x, z);
            let sum = match grid.terrain[i] {
                Terrain::Water => &mut water,
                _ => &mut land,
            };
            for (k, c) in value(i).iter().enumerate() {
                sum.0[k] += weight * f32::from(*c);
            }
            sum.1 += weight;
        }
    }
    let (mixed, total) = if land.1 > 0.0 { land } else { water };
    mixed.map(|v| (v / total.max(f32::MIN_POSITIVE) + 0.5).clamp(0.0, 255.0) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w × 1` grid of dry cells, cell `x` coloured `[10·x, 0, 0]`.
    fn ramp(w: usize) -> Grid {
        let mut g = Grid::new(w, 1);
        for x in 0..w {
            g.color[x] = [10 * x as u8, 0, 0];
            g.terrain[x] = Terrain::Grass;
        }
        g
    }

    #[test]
    fn vertices_blend_between_cell_centres() {
        let g = ramp(5);
        // Two subdivisions: lattice point 2x + 1 is the centre of cell x, 2x its corner.
        for x in 0..5 {
            assert_eq!(
                vertex_colour(&g, 2 * x + 1, 1, 2),
                g.color[x],
                "centre of {x}"
            );
        }
        assert_eq!(
            vertex_colour(&g, 4, 0, 2),
            [15, 0, 0],
            "between cells 1 and 2"
        );
        // The map's edge takes the edge cell's colour.
        assert_eq!(vertex_colour(&g, 0, 0, 2), [0, 0, 0]);
        assert_eq!(vertex_colour(&g, 10, 2, 2), [40, 0, 0]);
        // Along the lattice the colour changes by at most a step between centres.
        let mut last = vertex_colour(&g, 0, 0, 4);
        for gx in 1..=20 {
            let c = vertex_colour(&g, gx, 0, 4);
            assert!(
                c[0] >= last[0] && c[0] - last[0] <= 3,
                "{gx}: {last:?} → {c:?}"
            );
            last = c;
        }
    }

    #[test]
    fn land_blends_with_land_and_water_with_water() {
        let mut g = ramp(4);
        for x in 2..4 {
            g.terrain[x] = Terrain::Water;
            g.color[x] = [0, 0, 200];
        }
        // The corner between dry cell 1 and water cell 2 is land's.
        assert_eq!(vertex_colour(&g, 2, 0, 1), [10, 0, 0]);
        // Between two water cells: water's.
        assert_eq!(vertex_colour(&g, 3, 0, 1), [0, 0, 200]);
    }

    #[test]
    fn a_blended_mesh_has_no_cell_edges() {
        use crate::outputs::mesh::build_mesh;
        use crate::params::MeshParams;
        use crate::stages::texture::BlendedGround;
        // Two colours side by side: the flat mesh jumps between them at the cells' shared edge,
        // the blended one passes through their mean there, and its triangles are not one colour.
        let mut g = Grid::new(2, 1);
        g.color = vec![[0, 100, 0], [200, 100, 0]];
        let p = MeshParams {
            subdivisions: 4,
            roughness_strength: 0.0,
            ..MeshParams::default()
        };
        let red_at_edge = |m: &crate::outputs::mesh::Mesh| {
            let reds: Vec<u8> = (0..m.vertex_count())
                .filter(|&k| (m.positions[k][0] - p.cell_size).abs() < 1e-6)
                .map(|k| (m.colors[k][0] * 255.0).round() as u8)
                .collect();
            (reds.iter().min().copied(), reds.iter().max().copied())
        };
        let flat = build_mesh(&g, &p).unwrap();
        assert_eq!(
            red_at_edge(&flat),
            (Some(0), Some(200)),
            "flat: each cell its colour"
        );
        *g.products.get_or_default::<BlendedGround>() = BlendedGround(true);
        let blended = build_mesh(&g, &p).unwrap();
        assert_eq!(
            red_at_edge(&blended),
            (Some(100), Some(100)),
            "blended: the mean"
        );
        let mixed = (0..blended.triangle_count())
            .filter(|t| blended.colors[3 * t] != blended.colors[3 * t + 1])
            .count();
        assert!(mixed > 0, "vertices of a triangle differ");
    }

    #[test]
    fn splats_blend_like_colours() {
        let mut g = ramp(3);
        let splat: Vec<Splat> = (0..3)
            .map(|x| [100 * x as u8, 0, 0, 0, 0, 0, 0, 0])
            .collect();
        g.terrain[2] = Terrain::Water;
        // The centre of cell 1, the corner between cells 0 and 1, and the bank between the
        // dry cell 1 and the water cell 2, which keeps the land's splat.
        assert_eq!(vertex_splat(&g, &splat, 3, 1, 2)[0], 100);
        assert_eq!(vertex_splat(&g, &splat, 2, 0, 2)[0], 50);
        assert_eq!(vertex_splat(&g, &splat, 4, 0, 2)[0], 100);
        assert_eq!(
            vertex_splat(&g, &splat, 5, 1, 2)[0],
            200,
            "water with water"
        );
    }

    #[test]
    fn a_flat_mesh_carries_no_splat_and_a_textured_one_carries_one_per_vertex() {
        use crate::outputs::mesh::{build_mesh, carries_splat};
        use crate::params::{GeneratorParams, GroundStyle, MeshParams};
        let grid_of = |ground_style| {
            let params = GeneratorParams {
                width: 24,
                depth: 16,
                ground_style,
                ..Default::default()
            };
            crate::stages::generate::generate(&params, Default::default())
                .unwrap()
                .0
        };
        let p = MeshParams::default();
        let flat = grid_of(GroundStyle::Flat);
        assert!(!carries_splat(&flat));
        assert!(build_mesh(&flat, &p).unwrap().splat.is_empty());
        for style in [GroundStyle::Blended, GroundStyle::Textured] {
            let g = grid_of(style);
            assert_eq!(g.ground_splat().len(), g.len());
            let m = build_mesh(&g, &p).unwrap();
            assert_eq!(m.splat.len(), m.vertex_count());
            // Every surface vertex's weights add up to about one.
            for s in &m.splat {
                let total: u32 = s[..7].iter().map(|&w| u32::from(w)).sum();
                assert!((250..=260).contains(&total), "{s:?}");
            }
        }
    }
}
