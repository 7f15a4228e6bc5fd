//! The navigation figure: the navigation meshes of a 512² map, in its default 256-cell regions
//! (handing them to the engine is timed by the Godot bench, tests/run_godot_bench.sh).

use super::median;
use donjourno::outputs::navigation::regions;
use donjourno::params::{MeshParams, NavigationParams};

/// Times the navigation regions of a generated 512² map and prints their polygon and vertex
/// counts.
pub(super) fn navigation(reps: usize) {
    let side = 512u32;
    let Some((params, grid)) = super::default_map("navigation", side) else {
        return;
    };
    let mesh = params.mesh_params(MeshParams::default());
    let nav = NavigationParams {
        enabled: true,
        ..NavigationParams::default()
    };
    let Ok(built) = regions(&grid, &mesh, &nav) else {
        figure_failed!("navigation {side}²: the settings were refused");
        return;
    };
    let sets = || {
        built
            .iter()
            .flat_map(|r| std::iter::once(&r.ground).chain(&r.road))
    };
    let polygons: usize = sets().map(|p| p.polygons.len()).sum();
    let vertices: usize = sets().map(|p| p.vertices.len()).sum();
    let time = median(reps, || drop(regions(&grid, &mesh, &nav)));
    println!(
        "navigation {side}²: navigation meshes of {} regions ({:.1} k polygons, {:.1} k \
         vertices) in {:.1} ms",
        built.len(),
        polygons as f64 / 1e3,
        vertices as f64 / 1e3,
        time.as_secs_f64() * 1e3,
    );
}
