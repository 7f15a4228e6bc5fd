//! Navigation polygons seen as a mesh: how they meet, how many there are, and what stays the
//! same whatever the thread count or the input.

use super::tests::{bounds, sets, wet};
use super::*;
use crate::params::GeneratorParams;
use crate::stages::generate::generate;
use std::collections::BTreeMap;

#[test]
fn no_vertex_lies_inside_another_polygons_edge() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    let step = Lattice::new(grid.width(), grid.depth(), &mesh, &nav).step;
    let regions = regions(&grid, &mesh, &nav).unwrap();
    let q = |v: f32| (v / step).round() as i64;
    let points: std::collections::BTreeSet<(i64, i64)> = sets(&regions)
        .flat_map(|s| s.vertices.iter().map(|v| (q(v[0]), q(v[2]))))
        .collect();
    let mut long = 0;
    for set in sets(&regions) {
        for polygon in &set.polygons {
            for i in 0..polygon.len() {
                let a = set.vertices[polygon[i] as usize];
                let b = set.vertices[polygon[(i + 1) % polygon.len()] as usize];
                let (a, b) = ((q(a[0]), q(a[2])), (q(b[0]), q(b[2])));
                let inside: Vec<(i64, i64)> = if a.0 == b.0 {
                    (a.1.min(b.1) + 1..a.1.max(b.1)).map(|z| (a.0, z)).collect()
                } else if a.1 == b.1 {
                    (a.0.min(b.0) + 1..a.0.max(b.0)).map(|x| (x, a.1)).collect()
                } else {
                    Vec::new()
                };
                long += usize::from(!inside.is_empty());
                for p in inside {
                    assert!(
                        !points.contains(&p),
                        "a vertex at {p:?} inside edge {a:?}–{b:?}"
                    );
                }
            }
        }
    }
    assert!(
        long > 10,
        "polygons leave out corners where nothing meets them ({long} edges)"
    );
}

/// Godot takes each polygon's plane from its first three vertices (the cross product of the
/// first two edges), and a polygon whose first three vertices lie in a row has no plane there:
/// its closest point and path queries pass it by.
#[test]
fn every_polygon_takes_its_plane_from_its_first_three_vertices() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    let mut polygons = 0;
    for set in sets(&regions(&grid, &mesh, &nav).unwrap()) {
        for polygon in &set.polygons {
            let [a, b, c] = [0, 1, 2].map(|i| set.vertices[polygon[i] as usize]);
            let (u, v) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
            let area = (u[0] * v[1] - u[1] * v[0]).abs();
            assert!(
                area > 1e-6,
                "{:?}",
                polygon
                    .iter()
                    .map(|&i| set.vertices[i as usize])
                    .collect::<Vec<_>>()
            );
            polygons += 1;
        }
    }
    assert!(polygons > 50, "{polygons} polygons");
}

#[test]
fn edges_are_shared_by_at_most_two_polygons_in_opposite_directions() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    for region in regions(&grid, &mesh, &nav).unwrap() {
        let mut seen: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        for polygon in &region.ground.polygons {
            for i in 0..polygon.len() {
                let (u, v) = (polygon[i], polygon[(i + 1) % polygon.len()]);
                *seen.entry((u, v)).or_insert(0) += 1;
            }
        }
        for (&(u, v), &n) in &seen {
            assert_eq!(n, 1, "edge {u}→{v} appears {n} times the same way");
        }
    }
}

#[test]
fn merging_keeps_the_polygon_count_low_on_flat_ground() {
    let mut grid = Grid::new(32, 32);
    grid.height.iter_mut().for_each(|h| *h = 0.5);
    let mesh = MeshParams {
        roughness_strength: 0.0,
        ..Default::default()
    };
    let nav = NavigationParams::default();
    let regions = regions(&grid, &mesh, &nav).unwrap();
    let quads = Lattice::new(32, 32, &mesh, &nav);
    let all = quads.width * quads.depth;
    let polygons = regions[0].ground.polygons.len();
    let side = polygons::MAX_SIDE;
    assert!(polygons > 0);
    assert!(
        polygons * side * side <= all * 2,
        "{polygons} polygons for {all} quads"
    );
}

#[test]
fn regions_are_deterministic_across_thread_counts() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    let first = regions(&grid, &mesh, &nav).unwrap();
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| regions(&grid, &mesh, &nav).unwrap());
    assert_eq!(regions_hash(&first), regions_hash(&single));
    assert_eq!(first, single);
    let again = regions(&grid, &mesh, &nav).unwrap();
    assert_eq!(first, again);
}

#[test]
fn bad_settings_and_empty_grids_are_errors() {
    let (grid, mesh, mut nav) = wet();
    assert_eq!(
        regions(&Grid::new(0, 0), &mesh, &nav),
        Err(MeshError::EmptyGrid)
    );
    nav.agent_max_slope = 120.0;
    let err = regions(&grid, &mesh, &nav).unwrap_err();
    assert!(
        err.to_string().contains("navigation_agent_max_slope"),
        "{err}"
    );
}

#[test]
fn distance_transform_is_exact() {
    let (w, d) = (9, 7);
    let mut marked = vec![false; w * d];
    marked[2 * w + 3] = true;
    marked[6 * w + 8] = true;
    let got = crate::algorithms::distance::squared_distances(&marked, w, d);
    for z in 0..d {
        for x in 0..w {
            let sq = |mx: usize, mz: usize| {
                let (dx, dz) = (x as f64 - mx as f64, z as f64 - mz as f64);
                dx * dx + dz * dz
            };
            assert_eq!(got[z * w + x], sq(3, 2).min(sq(8, 6)), "at {x},{z}");
        }
    }
}

#[test]
fn no_walkable_polygon_stands_on_a_building() {
    let mut params = GeneratorParams {
        width: 96,
        depth: 96,
        seed: 3,
        // Towns have real sizes: a map of 768 m, with hexagons of 12 cells.
        cell_size: 8.0,
        ..Default::default()
    };
    params.settlements.enabled = true;
    params.settlements.hex_radius = 96.0;
    let grid = generate(&params, Default::default()).unwrap().0;
    let built = crate::stages::settlements::towns::building_cells(&grid);
    assert!(built.iter().any(|b| *b), "the map has buildings");
    let mesh = params.mesh_params(MeshParams::default());
    let cell = mesh.cell_size;
    for r in regions(&grid, &mesh, &NavigationParams::default()).unwrap() {
        for set in std::iter::once(&r.ground).chain(&r.road) {
            for p in 0..set.polygons.len() {
                let b = bounds(set, p);
                let (x0, z0) = ((b[0] / cell) as usize, (b[1] / cell) as usize);
                let (x1, z1) = ((b[2] / cell).ceil() as usize, (b[3] / cell).ceil() as usize);
                for z in z0..z1 {
                    for x in x0..x1 {
                        assert!(!built[grid.index(x, z)], "polygon on a building at {x},{z}");
                    }
                }
            }
        }
    }
}
