use super::*;
use crate::data::grid::Terrain;
use crate::data::water::WaterKind;
use crate::outputs::mesh::surface_height;

/// Level of the lake in [`bowl`].
const LEVEL: f32 = 0.3;

/// A 10×9 bowl (heights rising with the distance from its middle) holding a lake at `LEVEL`.
fn bowl() -> Grid {
    lake_bowl((10, 9), (4.5, 4.0), 0.02, LEVEL)
}

/// A `size` bowl whose heights rise as `0.1 + curve · r²` with the distance `r` (cells) from
/// `middle`, holding a lake at `level`.
pub(super) fn lake_bowl(size: (usize, usize), middle: (f32, f32), curve: f32, level: f32) -> Grid {
    let mut g = Grid::new(size.0, size.1);
    for z in 0..size.1 {
        for x in 0..size.0 {
            let (dx, dz) = (x as f32 - middle.0, z as f32 - middle.1);
            let i = g.index(x, z);
            g.height[i] = 0.1 + curve * (dx * dx + dz * dz);
            if g.height[i] < level {
                g.terrain[i] = Terrain::Water;
                g.water[i] = WaterKind::Lake;
                g.water_level[i] = level;
            }
        }
    }
    g
}

fn params(subdivisions: u32) -> MeshParams {
    MeshParams {
        subdivisions,
        cell_size: 2.0,
        ..Default::default()
    }
}

#[test]
fn the_lake_is_flat_and_its_shore_lies_on_the_terrain() {
    let g = bowl();
    for sub in [1, 3] {
        let p = params(sub);
        let m = build_water_mesh(&g, &p).unwrap();
        assert!(m.vertex_count() > 0 && m.vertex_count() % 3 == 0);
        assert_eq!(m.uv2.len(), m.vertex_count());
        let mut shore = 0;
        for (pos, uv) in m.mesh.positions.iter().zip(&m.uv2) {
            assert!(
                (pos[1] - LEVEL * p.height_scale).abs() < 1e-5,
                "flat: {pos:?}"
            );
            assert!(uv[0] >= 0.0, "depth below 0: {uv:?}");
            assert_eq!(uv[1], 0.0, "a lake has no river width");
            let ground = surface_height(&g, &p, pos[0], pos[2]).unwrap();
            // The depth is the water above the rendered ground (0 on the shore, where they meet).
            assert!(
                (pos[1] - ground - uv[0]).abs() < 1e-3,
                "{pos:?} {uv:?} {ground}"
            );
            if uv[0] == 0.0 {
                shore += 1;
            }
        }
        assert!(shore > 0, "the shoreline has vertices");
        let tilted: Vec<_> = m
            .mesh
            .normals
            .iter()
            .zip(&m.mesh.positions)
            .filter(|(n, _)| **n != [0.0, 1.0, 0.0])
            .take(3)
            .collect();
        assert!(tilted.is_empty(), "{tilted:?}");
    }
}

#[test]
fn the_shoreline_is_traced_between_the_cell_borders() {
    let g = bowl();
    let p = params(1);
    let m = build_water_mesh(&g, &p).unwrap();
    let off_lattice = m
        .mesh
        .positions
        .iter()
        .zip(&m.uv2)
        .filter(|(pos, uv)| {
            let (fx, fz) = (pos[0] / p.cell_size, pos[2] / p.cell_size);
            uv[0] == 0.0 && (fx.fract().abs() > 1e-3 || fz.fract().abs() > 1e-3)
        })
        .count();
    assert!(off_lattice > 8, "{off_lattice} shore vertices inside cells");
    // The water reaches beyond its cells' squares, over the dry cells of the shore.
    let beyond = m.mesh.positions.chunks(3).any(|t| {
        let c = [0, 2].map(|k| (t[0][k] + t[1][k] + t[2][k]) / 3.0 / p.cell_size);
        !g.is_water(c[0] as usize, c[1] as usize)
    });
    assert!(beyond, "no water over the shore cells");
    assert!(is_shore_cell(&g, &p, 4, 0) || is_shore_cell(&g, &p, 4, 1));
}

#[test]
fn water_height_lies_on_the_mesh_and_is_none_on_dry_ground() {
    let g = bowl();
    let p = params(2);
    let m = build_water_mesh(&g, &p).unwrap();
    for tri in m.mesh.positions.chunks(3) {
        let c = [0, 1, 2].map(|k| (tri[0][k] + tri[1][k] + tri[2][k]) / 3.0);
        let y = water_height(&g, &p, c[0], c[2]).unwrap();
        assert!((y - c[1]).abs() < 1e-4, "{c:?} vs {y}");
    }
    assert_eq!(
        water_height(&g, &p, 0.1, 0.1),
        None,
        "the bowl's corner is dry"
    );
    assert_eq!(water_height(&g, &p, -1.0, 1.5), None);
    let dry = Grid::new(2, 2);
    assert_eq!(build_water_mesh(&dry, &p).unwrap().vertex_count(), 0);
}

/// A grid whose water cells alone are over the vertex budget is refused before any vertex is
/// built, naming the vertex count; the same grid with a few water cells builds.
#[test]
fn water_over_the_vertex_budget_is_refused() {
    let side = (1..)
        .find(|s: &usize| (s * s * 6) as u64 > MAX_VERTICES)
        .unwrap();
    let mut g = Grid::new(side, side);
    g.terrain.fill(Terrain::Water);
    g.water.fill(WaterKind::Lake);
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
    g.terrain.fill(Terrain::Grass);
    g.water.fill(WaterKind::Dry);
    for x in 0..3 {
        let i = g.index(x + 5, side / 2);
        g.terrain[i] = Terrain::Water;
        g.water[i] = WaterKind::Lake;
    }
    // Three wet cells over flat ground: two triangles each, and the water thinning out to the
    // ground over their twelve shore cells (at most two triangles per half-quad there).
    let m = build_water_mesh(&g, &p).unwrap();
    assert!(m.vertex_count() > 3 * 6 && m.vertex_count() <= 3 * 6 + 12 * 12);
}
