use super::*;
use crate::params::GeneratorParams;
use crate::stages::generate::generate;

/// A small eroded map shared by the mesh tests.
pub(crate) fn grid() -> Grid {
    generate(
        &GeneratorParams {
            width: 64,
            depth: 48,
            seed: 7,
            terrain: crate::params::TerrainParams {
                // 8,000 droplets on 64 × 48 cells of 1 m.
                droplet_density: 8_000.0 / 3072.0,
                ..Default::default()
            },
            ..Default::default()
        },
        Default::default(),
    )
    .unwrap()
    .0
}

#[test]
fn chunked_maps_hold_every_level_then_stream_them_and_bake_up_to_their_limits() {
    let params = MeshParams::default();
    // One mesh: never streamed, always baked.
    assert!(!params.streams_levels(256, 256));
    assert!(params.bakes_levels(256, 256));
    // 1024² at one subdivision: 6.3 M vertices, every level held.
    assert!(!params.streams_levels(1024, 1024));
    assert!(params.bakes_levels(1024, 1024));
    // 2048²: 25 M vertices, one level a chunk, but a bake can still store every level.
    assert!(params.streams_levels(2048, 2048));
    assert!(params.bakes_levels(2048, 2048));
    assert!(params.check_drawn_budget(2048, 2048).is_ok());
    // 4096²: 100 M vertices, streamed and too large to bake.
    assert!(params.streams_levels(4096, 4096));
    assert!(!params.bakes_levels(4096, 4096));
    assert!(params.check_drawn_budget(4096, 4096).is_ok());
    // The limits follow the vertex count, subdivisions included.
    let fine = MeshParams {
        subdivisions: 2,
        ..params
    };
    assert!(fine.streams_levels(1024, 1024));
    assert!(!fine.bakes_levels(2048, 2048));
    assert!(fine.vertex_count(1024, 1024) > MAX_HELD_VERTICES);
    assert!(params.vertex_count(1024, 1024) <= MAX_HELD_VERTICES);
}

#[test]
fn surface_height_matches_every_mesh_vertex() {
    let grid = grid();
    for subdivisions in [1, 3] {
        let params = MeshParams {
            subdivisions,
            roughness_strength: 1.5,
            cell_size: 2.0,
            height_scale: 10.0,
            ..Default::default()
        };
        let mesh = build_mesh(&grid, &params).unwrap();
        for p in mesh.positions.iter().step_by(7) {
            let y = surface_height(&grid, &params, p[0], p[2]).unwrap();
            assert!(
                (y - p[1]).abs() <= 1e-4 * params.height_scale,
                "{p:?} vs {y}"
            );
        }
    }
}

#[test]
fn surface_height_lies_on_the_emitted_triangles() {
    let grid = grid();
    let params = MeshParams {
        subdivisions: 2,
        ..Default::default()
    };
    let mesh = build_mesh(&grid, &params).unwrap();
    for tri in mesh.positions.chunks(3).step_by(5) {
        let [a, b, c] = [tri[0], tri[1], tri[2]].map(Vec3::from_array);
        // The centroid and a point near each edge midpoint lie inside the triangle.
        for (wa, wb, wc) in [(1.0, 1.0, 1.0), (0.45, 0.45, 0.1), (0.1, 0.45, 0.45)] {
            let sum = wa + wb + wc;
            let p = (a * wa + b * wb + c * wc) / sum;
            let y = surface_height(&grid, &params, p.x, p.z).unwrap();
            assert!((y - p.y).abs() < 1e-3, "{p:?} vs {y}");
        }
    }
}

#[test]
fn surface_height_outside_or_invalid_is_none() {
    let grid = grid();
    let params = MeshParams::default();
    let (w, d) = (grid.width() as f32, grid.depth() as f32);
    assert!(surface_height(&grid, &params, w, d).is_some());
    assert_eq!(surface_height(&grid, &params, w + 0.01, 0.0), None);
    assert_eq!(surface_height(&grid, &params, 0.0, -0.01), None);
    assert_eq!(surface_height(&grid, &params, f32::NAN, 0.0), None);
    let bad = MeshParams {
        subdivisions: 0,
        ..params
    };
    assert_eq!(surface_height(&grid, &bad, 1.0, 1.0), None);
    assert_eq!(surface_height(&Grid::new(0, 0), &params, 0.0, 0.0), None);
}
