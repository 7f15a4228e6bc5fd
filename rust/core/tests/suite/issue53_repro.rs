//! The report of issue 53 in the core, with the functions the Godot queries answered from: on
//! seed 12, 256² cells, coverage 0.35 with settlements, `is_water_at` (the cell's class) and
//! `get_water_level_at` (the water mesh) disagree at (160.24, 150.0), and the navigation mesh
//! Godot gets lays polygons over water that is no road.

use donjourno::outputs::mesh::water_surface::water_height;
use donjourno::outputs::navigation::regions;
use donjourno::params::NavigationParams;
use donjourno::stages::settlements::is_road;
use donjourno::{generate, GeneratorParams, MeshParams};

#[test]
fn the_reported_world_keeps_its_navigation_dry_and_its_queries_agreeing() {
    let mut p = GeneratorParams {
        seed: 12,
        width: 256,
        depth: 256,
        ..Default::default()
    };
    p.terrain.coverage = 0.35;
    p.settlements.enabled = true;
    let grid = generate(&p, Default::default()).unwrap().0;
    let mesh = p.mesh_params(MeshParams::default());
    let cs = mesh.cell_size;
    let cell_water = |x: f32, z: f32| grid.is_water((x / cs) as usize, (z / cs) as usize);
    let (x, z) = (160.24, 150.0);
    let level = water_height(&grid, &mesh, x, z);
    println!("reported point: cell water {}, level {level:?}", cell_water(x, z));
    let regions = regions(&grid, &mesh, &NavigationParams::default()).unwrap();
    let (mut wet, mut all) = (0, 0);
    for r in &regions {
        for set in std::iter::once(&r.ground).chain(&r.road) {
            for v in &set.vertices {
                all += 1;
                let on_water = cell_water(v[0], v[2]) || water_height(&grid, &mesh, v[0], v[2]).is_some();
                if on_water && !is_road(&grid, v[0] / cs, v[2] / cs) {
                    wet += 1;
                }
            }
        }
    }
    println!("{wet} of {all} navigation vertices over water that is no road");
    assert!(
        !cell_water(x, z) || level.is_some(),
        "is_water_at is true at the reported point, get_water_level_at NaN"
    );
    assert_eq!(wet, 0, "navigation vertices over water that is no road, of {all}");
}
