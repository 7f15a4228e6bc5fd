//! The navigation figure: the walkable source geometry of a 512² map, in its default 256-cell
//! regions (the engine's voxel bake is timed by the Godot bench, tests/run_godot_bench.sh).

use super::median;
use donjourno::mesh::MeshParams;
use donjourno::navigation::regions;

/// Times the navigation regions of a generated 512² map and prints their triangle count.
pub(super) fn navigation(reps: usize) {
    let side = 512u32;
    let Some((params, grid)) = super::default_map("navigation", side) else {
        return;
    };
    let mut mesh = params.mesh_params(MeshParams::default());
    mesh.navigation.enabled = true;
    let Ok(built) = regions(&grid, &mesh) else {
        println!("navigation {side}²: the settings were refused");
        return;
    };
    let triangles: usize = built.iter().map(|r| r.geometry.triangle_count()).sum();
    let time = median(reps, || drop(regions(&grid, &mesh)));
    println!(
        "navigation {side}²: source geometry of {} regions ({:.2} M walkable triangles, margins \
         included) in {:.1} ms",
        built.len(),
        triangles as f64 / 1e6,
        time.as_secs_f64() * 1e3,
    );
}
