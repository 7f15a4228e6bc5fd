use super::roads::{road_cells, road_regions_hash, runs};
use super::*;
use crate::{generate, GeneratorParams};

/// The default map with settlements (roads and towns), its mesh settings, and the mesh settings
/// in 48-cell chunks.
fn towns() -> (Grid, MeshParams, MeshParams) {
    let mut params = GeneratorParams::default();
    params.settlements.enabled = true;
    let grid = generate(&params).unwrap().0;
    let mesh = params.mesh_params(crate::params::mesh_defaults());
    let chunked = MeshParams {
        chunk_size: 48,
        ..mesh
    };
    (grid, mesh, chunked)
}

/// The cells of a list of rectangles, each once per rectangle holding it.
fn cells_of(rects: &[CellRect]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = rects
        .iter()
        .flat_map(|r| (r.z0..r.z1).flat_map(move |z| (r.x0..r.x1).map(move |x| (x, z))))
        .collect();
    out.sort_unstable();
    out
}

/// The cell a triangle of the walkable geometry lies in.
fn cell_of(tri: &[Vec3; 3], cell_size: f32) -> (usize, usize) {
    let c = (tri[0] + tri[1] + tri[2]) / 3.0;
    ((c.x / cell_size) as usize, (c.z / cell_size) as usize)
}

#[test]
fn road_cells_are_where_a_road_runs() {
    let (grid, _, _) = towns();
    let road = road_cells(&grid);
    assert_eq!(road.len(), grid.len());
    let count = road.iter().filter(|r| **r).count();
    assert!(count > 50, "the map has roads ({count} cells)");
    for z in 0..grid.depth() {
        for x in 0..grid.width() {
            let centre = (x as f32 + 0.5, z as f32 + 0.5);
            assert_eq!(
                road[grid.index(x, z)],
                crate::settlements::is_road(&grid, centre.0, centre.1),
                "cell ({x}, {z})"
            );
        }
    }
    let plain = generate(&GeneratorParams::default()).unwrap().0;
    assert!(road_cells(&plain).is_empty(), "no road, no road cell");
}

#[test]
fn runs_cover_exactly_the_kept_cells_once() {
    let rect = CellRect {
        x0: 3,
        x1: 20,
        z0: 5,
        z1: 12,
    };
    let keep = |x: usize, z: usize| (x * 7 + z * 3) % 5 < 2 || x == 19;
    let found = runs(rect, keep);
    for r in &found {
        assert_eq!(r.z1, r.z0 + 1, "one row each");
        assert!(r.x0 < r.x1 && rect.x0 <= r.x0 && r.x1 <= rect.x1);
    }
    let mut expected: Vec<(usize, usize)> = (rect.z0..rect.z1)
        .flat_map(|z| (rect.x0..rect.x1).map(move |x| (x, z)))
        .filter(|&(x, z)| keep(x, z))
        .collect();
    expected.sort_unstable();
    assert_eq!(cells_of(&found), expected);
    // Runs are maximal: two runs of one row never touch.
    for w in found.windows(2) {
        assert!(w[0].z0 != w[1].z0 || w[0].x1 < w[1].x0);
    }
}

#[test]
fn road_regions_split_the_road_cells_off_each_chunk() {
    let (grid, _, mesh) = towns();
    let road = road_cells(&grid);
    let regions = regions(&grid, &mesh).unwrap();
    let margin = margin_cells(&mesh);
    let mut carved = Vec::new();
    for region in &regions {
        let in_own = |x: usize, z: usize| region.own.contains(x, z) && road[grid.index(x, z)];
        let Some(r) = &region.road else {
            let any = (region.own.z0..region.own.z1)
                .any(|z| (region.own.x0..region.own.x1).any(|x| in_own(x, z)));
            assert!(!any, "a region with road cells has a road region");
            continue;
        };
        // The rectangle is the road cells' bounds; the source adds the margin.
        assert!(region.own.contains(r.cells.x0, r.cells.z0));
        assert!(region.own.contains(r.cells.x1 - 1, r.cells.z1 - 1));
        assert_eq!(r.source, r.cells.grown(margin, grid.width(), grid.depth()));
        // The road runs are the region's road cells, the other runs none of them.
        let road_runs = cells_of(&r.road_runs);
        assert!(road_runs.iter().all(|&(x, z)| in_own(x, z)));
        for &(x, z) in &cells_of(&r.other_runs) {
            assert!(region.own.contains(x, z) && !road[grid.index(x, z)]);
        }
        let column = |x: usize| (r.cells.z0..r.cells.z1).any(|z| in_own(x, z));
        let row = |z: usize| (r.cells.x0..r.cells.x1).any(|x| in_own(x, z));
        assert!(
            column(r.cells.x0) && column(r.cells.x1 - 1),
            "tight along x"
        );
        assert!(row(r.cells.z0) && row(r.cells.z1 - 1), "tight along z");
        carved.extend(road_runs);
        // The geometry: walkable triangles near a road cell, every road cell's among them.
        let near = |x: usize, z: usize| {
            (z.saturating_sub(margin)..=z + margin).any(|z2| {
                (x.saturating_sub(margin)..=x + margin)
                    .any(|x2| r.cells.contains(x2, z2) && road[grid.index(x2, z2)])
            })
        };
        let mut road_triangles = 0;
        for t in 0..r.geometry.triangle_count() {
            let (x, z) = cell_of(&r.geometry.triangle(t), mesh.cell_size);
            assert!(near(x, z), "triangle in ({x}, {z}) far from the road");
            road_triangles += in_own(x, z) as usize;
        }
        let ground_on_road = (0..region.geometry.triangle_count())
            .filter(|&t| {
                let (x, z) = cell_of(&region.geometry.triangle(t), mesh.cell_size);
                in_own(x, z)
            })
            .count();
        assert_eq!(
            road_triangles, ground_on_road,
            "the road's walkable triangles"
        );
        // Every cell of the geometry within the region's own cells is road or carved off.
        let mut covered = cells_of(&r.other_runs);
        covered.extend(cells_of(&r.road_runs));
        covered.sort_unstable();
        for t in 0..r.geometry.triangle_count() {
            let (x, z) = cell_of(&r.geometry.triangle(t), mesh.cell_size);
            if region.own.contains(x, z) {
                assert!(covered.binary_search(&(x, z)).is_ok(), "({x}, {z}) left in");
            }
        }
    }
    // Each road cell of the map is carved once, by the region owning it.
    let mut expected: Vec<(usize, usize)> = (0..grid.depth())
        .flat_map(|z| (0..grid.width()).map(move |x| (x, z)))
        .filter(|&(x, z)| road[grid.index(x, z)])
        .collect();
    expected.sort_unstable();
    carved.sort_unstable();
    assert_eq!(carved, expected);
}

#[test]
fn roads_leave_the_ground_geometry_alone_and_cost_one_splits_nothing() {
    let (grid, mut mesh, _) = towns();
    let split = regions(&grid, &mesh).unwrap();
    assert!(split.iter().any(|r| r.road.is_some()));
    mesh.navigation.road_cost = 1.0;
    assert!(!mesh.navigation.splits_roads());
    let whole = regions(&grid, &mesh).unwrap();
    assert!(whole.iter().all(|r| r.road.is_none()));
    assert_eq!(split.len(), whole.len());
    for (a, b) in split.iter().zip(&whole) {
        assert_eq!(
            (a.own, a.source, &a.geometry),
            (b.own, b.source, &b.geometry)
        );
    }
    assert_eq!(regions_hash(&split), regions_hash(&whole));
    // A map in one region without roads bakes in the geometry's bounds; with roads in a box.
    assert_eq!(whole[0].bake_box(mesh.cell_size), None);
    assert!(split[0].bake_box(mesh.cell_size).is_some());
}

#[test]
fn the_bake_box_holds_the_ground_and_its_border() {
    let (grid, _, mesh) = towns();
    for region in regions(&grid, &mesh).unwrap() {
        let b = region
            .bake_box(mesh.cell_size)
            .expect("chunks bake in boxes");
        assert_eq!(b.border, region.border);
        let cell = mesh.cell_size;
        assert_eq!(b.position[0] + b.border, region.own.x0 as f32 * cell);
        assert_eq!(b.position[2] + b.border, region.own.z0 as f32 * cell);
        assert_eq!(
            b.size[0] - 2.0 * b.border,
            (region.own.x1 - region.own.x0) as f32 * cell
        );
        let (lo, hi) = region.geometry.height_range().unwrap();
        assert!(b.position[1] < lo && b.position[1] + b.size[1] > hi);
        // The road's source lies within the region's: its heights within the box.
        if let Some(road) = &region.road {
            let inside = |a: CellRect, b: CellRect| {
                b.x0 <= a.x0 && a.x1 <= b.x1 && b.z0 <= a.z0 && a.z1 <= b.z1
            };
            assert!(inside(road.source, region.source));
        }
    }
}

#[test]
fn road_regions_are_deterministic_across_thread_counts() {
    let (grid, _, mesh) = towns();
    let first = regions(&grid, &mesh).unwrap();
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| regions(&grid, &mesh).unwrap());
    assert_eq!(first, single);
    assert_eq!(road_regions_hash(&first), road_regions_hash(&single));
    assert_ne!(road_regions_hash(&first), road_regions_hash(&[]));
}

#[test]
fn outlines_follow_cell_edges() {
    let r = CellRect {
        x0: 2,
        x1: 5,
        z0: 7,
        z1: 8,
    };
    assert_eq!(
        r.outline(0.5),
        [[1.0, 3.5], [2.5, 3.5], [2.5, 4.0], [1.0, 4.0]]
    );
}
