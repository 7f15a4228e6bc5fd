use super::*;
use crate::mesh::tests::grid;
use crate::{generate, GeneratorParams};

/// A small map with water (lakes and rivers), and the mesh settings to walk on it.
fn wet() -> (Grid, MeshParams) {
    let grid = generate(&GeneratorParams {
        width: 72,
        depth: 56,
        seed: 11,
        terrain: crate::TerrainParams {
            droplets: 8_000,
            ..Default::default()
        },
        ..Default::default()
    })
    .unwrap()
    .0;
    let mut mesh = MeshParams {
        cell_size: 2.0,
        height_scale: 12.0,
        ..Default::default()
    };
    mesh.navigation.agent_max_slope = 30.0;
    (grid, mesh)
}

/// The cell under the centroid of a triangle.
fn cell_of(tri: &[Vec3; 3], cell_size: f32) -> (usize, usize) {
    let c = (tri[0] + tri[1] + tri[2]) / 3.0;
    ((c.x / cell_size) as usize, (c.z / cell_size) as usize)
}

/// Every walkable triangle of a geometry, as sortable bit patterns.
fn triangle_bits(geometry: &NavGeometry) -> Vec<[u32; 9]> {
    (0..geometry.triangle_count())
        .map(|t| {
            let [a, b, c] = geometry.triangle(t);
            [a, b, c]
                .iter()
                .flat_map(|v| v.to_array())
                .map(f32::to_bits)
                .collect::<Vec<_>>()
                .try_into()
                .unwrap()
        })
        .collect()
}

/// The walkable geometry of the whole map in one piece.
fn whole(grid: &Grid, mesh: &MeshParams) -> NavGeometry {
    let heights = crate::placement::corner_heights(grid, mesh).unwrap();
    let rect = CellRect {
        x0: 0,
        x1: grid.width(),
        z0: 0,
        z1: grid.depth(),
    };
    walkable_geometry(grid, mesh, &heights, &[], rect)
}

#[test]
fn no_walkable_triangle_lies_over_water() {
    let (grid, mesh) = wet();
    let water = grid.water_counts().iter().sum::<usize>();
    assert!(water > 0, "the test map needs water");
    let geometry = whole(&grid, &mesh);
    assert!(geometry.triangle_count() > 0);
    for t in 0..geometry.triangle_count() {
        let (x, z) = cell_of(&geometry.triangle(t), mesh.cell_size);
        assert!(!grid.is_water(x, z), "triangle {t} over water at {x},{z}");
    }
    // Every dry, gentle cell keeps both its triangles: only water and slopes are cut.
    let dry_cells = (0..grid.depth())
        .flat_map(|z| (0..grid.width()).map(move |x| (x, z)))
        .filter(|&(x, z)| !grid.is_water(x, z))
        .count();
    assert!(geometry.triangle_count() <= 2 * dry_cells);
}

#[test]
fn no_walkable_triangle_is_steeper_than_the_limit() {
    let (grid, mut mesh) = wet();
    for limit in [5.0, 20.0, 45.0] {
        mesh.navigation.agent_max_slope = limit;
        let geometry = whole(&grid, &mesh);
        for t in 0..geometry.triangle_count() {
            let [a, b, c] = geometry.triangle(t);
            let n = (c - a).cross(b - a).normalize();
            let degrees = n.y.acos().to_degrees();
            assert!(degrees <= limit + 1e-3, "{degrees}° above {limit}°");
        }
    }
    // A gentler limit walks on fewer triangles, and the steep test map has some above 5°.
    mesh.navigation.agent_max_slope = 5.0;
    let gentle_only = whole(&grid, &mesh).triangle_count();
    mesh.navigation.agent_max_slope = MAX_AGENT_SLOPE;
    let all = whole(&grid, &mesh).triangle_count();
    assert!(gentle_only < all, "{gentle_only} vs {all}");
}

#[test]
fn triangles_face_up_and_lie_on_the_mesh_corners() {
    let (grid, mesh) = wet();
    let geometry = whole(&grid, &mesh);
    for t in (0..geometry.triangle_count()).step_by(13) {
        let tri = geometry.triangle(t);
        let n = (tri[2] - tri[0]).cross(tri[1] - tri[0]);
        assert!(n.y > 0.0, "clockwise seen from above");
        for v in tri {
            let y = crate::mesh::surface_height(&grid, &mesh, v.x, v.z).unwrap();
            assert!((y - v.y).abs() < 1e-3, "{v:?} vs {y}");
        }
    }
}

#[test]
fn chunks_cover_the_walkable_set_exactly_once() {
    let (grid, mut mesh) = wet();
    mesh.chunk_size = 16;
    mesh.navigation.agent_radius = 3.0;
    let regions = regions(&grid, &mesh).unwrap();
    let (columns, rows) = ChunkLayout::new(grid.width(), grid.depth(), &mesh).grid_size();
    assert_eq!(regions.len(), columns * rows);
    let mut owned = Vec::new();
    for region in &regions {
        // The source holds the region's cells and a margin wider than the agent radius.
        let m = margin_cells(&mesh);
        assert!(m as f32 * mesh.cell_size > mesh.navigation.agent_radius);
        assert_eq!(
            region.source,
            region.own.grown(m, grid.width(), grid.depth())
        );
        assert_eq!(region.border, m as f32 * mesh.cell_size);
        for t in 0..region.geometry.triangle_count() {
            let tri = region.geometry.triangle(t);
            let (x, z) = cell_of(&tri, mesh.cell_size);
            assert!(region.source.contains(x, z));
            if region.own.contains(x, z) {
                owned.push(
                    triangle_bits(&NavGeometry {
                        vertices: tri.iter().map(|v| v.to_array()).collect(),
                        indices: vec![0, 1, 2],
                    })[0],
                );
            }
        }
    }
    let mut expected = triangle_bits(&whole(&grid, &mesh));
    owned.sort_unstable();
    expected.sort_unstable();
    let count = owned.len();
    owned.dedup();
    assert_eq!(owned.len(), count, "a triangle owned twice");
    assert_eq!(owned, expected);
}

#[test]
fn a_map_in_one_chunk_is_one_region_without_margin() {
    let grid = grid();
    let mesh = MeshParams::default();
    let regions = regions(&grid, &mesh).unwrap();
    assert_eq!(regions.len(), 1);
    assert_eq!(regions[0].own, regions[0].source);
    assert_eq!(regions[0].border, 0.0);
    assert_eq!(regions[0].geometry, whole(&grid, &mesh));
    assert_eq!(
        regions[0].geometry.vertices.len(),
        (grid.width() + 1) * (grid.depth() + 1)
    );
}

#[test]
fn regions_are_deterministic_across_thread_counts() {
    let (grid, mut mesh) = wet();
    mesh.chunk_size = 24;
    let first = regions(&grid, &mesh).unwrap();
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| regions(&grid, &mesh).unwrap());
    assert_eq!(first, single);
    let again = regions(&grid, &mesh).unwrap();
    assert_eq!(first, again);
}

#[test]
fn bad_settings_and_empty_grids_are_errors() {
    let (grid, mut mesh) = wet();
    assert_eq!(regions(&Grid::new(0, 0), &mesh), Err(MeshError::EmptyGrid));
    mesh.navigation.agent_max_slope = 120.0;
    let err = regions(&grid, &mesh).unwrap_err();
    assert!(
        err.to_string().contains("navigation_agent_max_slope"),
        "{err}"
    );
}

#[test]
fn no_walkable_triangle_stands_on_a_building() {
    let mut params = GeneratorParams {
        width: 96,
        depth: 96,
        seed: 3,
        ..Default::default()
    };
    params.settlements.enabled = true;
    let grid = generate(&params).unwrap().0;
    let built = crate::settlements::towns::building_cells(&grid);
    let buildings: usize = grid.towns.iter().map(|t| t.buildings.len()).sum();
    assert!(buildings > 0, "the map has buildings");
    assert!(built.iter().filter(|b| **b).count() >= buildings.min(4));
    // Every building's centroid cell is marked.
    for b in grid.towns.iter().flat_map(|t| &t.buildings) {
        let n = b.footprint.len() as f32;
        let (cx, cz) = b
            .footprint
            .iter()
            .fold((0.0, 0.0), |(x, z), p| (x + p[0] / n, z + p[1] / n));
        assert!(
            built[grid.index(cx as usize, cz as usize)],
            "building at ({cx}, {cz})"
        );
    }
    let mesh = params.mesh_params(MeshParams::default());
    let regions = regions(&grid, &mesh).unwrap();
    for r in &regions {
        for t in 0..r.geometry.triangle_count() {
            let (x, z) = cell_of(&r.geometry.triangle(t), mesh.cell_size);
            assert!(
                !built[grid.index(x, z)],
                "a walkable triangle on a building at ({x}, {z})"
            );
        }
    }
    // Without buildings the mask is empty and nothing changes.
    let plain = generate(&GeneratorParams {
        settlements: Default::default(),
        ..params
    })
    .unwrap()
    .0;
    assert!(crate::settlements::towns::building_cells(&plain).is_empty());
}
