//! The navigation mesh keeps out of the water the water mesh draws, rivers of any width
//! included, and crosses it only on bridge decks.

use super::road_tests::{quads_of, towns};
use super::tests::{sets, wet};
use super::*;
use crate::outputs::mesh::surface_height;
use crate::outputs::mesh::water_surface::water_height;
use crate::params::GeneratorParams;
use crate::stages::generate::generate;
use crate::stages::settlements::LandUse;

/// The points of a quad checked for water: its corners and its centre (over a triangle of the
/// exact lattice the depth is linear, so these bound it).
fn probes(qx: i64, qz: i64, step: f32) -> [[f32; 2]; 5] {
    let (x, z) = (qx as f32 * step, qz as f32 * step);
    [
        [x, z],
        [x + step, z],
        [x, z + step],
        [x + step, z + step],
        [x + 0.5 * step, z + 0.5 * step],
    ]
}

/// How many walkable quads of `grid`'s navigation mesh lie over water (deeper than
/// [`lattice::WET_DEPTH`]) off the bridges, and how many walkable quads were checked.
fn quads_over_water(grid: &Grid, mesh: &MeshParams, nav: &NavigationParams) -> (usize, usize) {
    let lat = Lattice::new(grid.width(), grid.depth(), mesh, nav);
    let regions = regions(grid, mesh, nav).unwrap();
    let walkable: std::collections::BTreeSet<(i64, i64)> =
        sets(&regions).flat_map(|s| quads_of(s, lat.step)).collect();
    let k = lat.per_cell as i64;
    let decks = decks::Decks::of(grid, mesh);
    // A bridge: its cells and its deck as drawn (all of the quad within half the road's width of
    // one deck segment's line). The road at its ends, which the navigation mesh keeps whole within
    // the agent radius, must be dry like any other ground.
    let on_bridge = |qx: i64, qz: i64| {
        let (cx, cz) = ((qx / k) as usize, (qz / k) as usize);
        let corner = |dx: i64, dz: i64| [(qx + dx) as f32 * lat.step, (qz + dz) as f32 * lat.step];
        let corners = [corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1)];
        let on_deck = (decks.segments.iter())
            .any(|s| corners.iter().all(|&c| s.nearest(c).0 <= s.half_width));
        on_deck
            || cx < grid.width()
                && cz < grid.depth()
                && grid.land_use().get(grid.index(cx, cz)) == Some(&LandUse::Bridge)
    };
    let wet_point = |[x, z]: [f32; 2]| {
        let ground = surface_height(grid, mesh, x, z).unwrap_or(f32::NEG_INFINITY);
        water_height(grid, mesh, x, z).is_some_and(|w| w - ground > lattice::WET_DEPTH)
    };
    let over = walkable
        .iter()
        .filter(|&&(qx, qz)| !on_bridge(qx, qz))
        .filter(|&&(qx, qz)| probes(qx, qz, lat.step).into_iter().any(wet_point))
        .count();
    (over, walkable.len())
}

#[test]
fn no_walkable_quad_lies_over_water_on_a_map_of_lakes_and_rivers() {
    let (grid, mesh, nav) = wet();
    let rivers = grid
        .water
        .iter()
        .filter(|w| **w == crate::data::water::WaterKind::River);
    assert!(rivers.count() > 20, "the map has rivers");
    let (over, all) = quads_over_water(&grid, &mesh, &nav);
    assert!(all > 1000, "the map has walkable ground ({all} quads)");
    assert_eq!(over, 0, "walkable quads over water, of {all}");
}

#[test]
fn roads_between_towns_cross_water_only_on_bridges() {
    let (grid, mesh, chunked) = towns();
    assert!(
        grid.land_use().contains(&LandUse::Bridge),
        "the map's roads cross rivers on bridges"
    );
    for m in [mesh, chunked] {
        for road_cost in [NavigationParams::default().road_cost, 1.0] {
            let nav = NavigationParams {
                road_cost,
                ..Default::default()
            };
            let (over, all) = quads_over_water(&grid, &m, &nav);
            assert_eq!(
                over, 0,
                "walkable quads over water off the bridges, of {all}"
            );
        }
    }
}

#[test]
fn the_walkable_area_keeps_out_of_narrow_rivers_on_coarse_cells() {
    // The same world sampled with cells of 4 m: rivers narrower than a cell still cut the mesh.
    let params = GeneratorParams {
        width: 96,
        depth: 96,
        cell_size: 4.0,
        seed: 12,
        ..Default::default()
    };
    let grid = generate(&params, Default::default()).unwrap().0;
    let mesh = params.mesh_params(MeshParams::default());
    let nav = NavigationParams::default();
    let (over, all) = quads_over_water(&grid, &mesh, &nav);
    assert!(all > 1000, "the map has walkable ground ({all} quads)");
    assert_eq!(over, 0, "walkable quads over water, of {all}");
}

#[test]
fn the_mesh_is_cut_at_the_waters_edge_inside_the_cells() {
    // Without the agent radius the walkable area reaches the water's edge: the dry shores of
    // water cells are walkable, and no quad holds water.
    let (grid, mesh, nav) = wet();
    // 8 subdivisions: the quads span several micro-quads (an inexact lattice).
    for subdivisions in [1, 2, 3, 8] {
        let mesh = MeshParams {
            subdivisions,
            ..mesh
        };
        let nav = NavigationParams {
            agent_radius: 0.0,
            ..nav
        };
        let lat = Lattice::new(grid.width(), grid.depth(), &mesh, &nav);
        let k = lat.per_cell as i64;
        let regions = regions(&grid, &mesh, &nav).unwrap();
        let on_water_cells = sets(&regions)
            .flat_map(|s| quads_of(s, lat.step))
            .filter(|&(qx, qz)| grid.is_water((qx / k) as usize, (qz / k) as usize))
            .count();
        assert!(
            on_water_cells > 50,
            "walkable quads on the dry shores of water cells ({on_water_cells}, {subdivisions} subdivisions)"
        );
        let (over, all) = quads_over_water(&grid, &mesh, &nav);
        assert_eq!(over, 0, "walkable quads over water, of {all}");
    }
}
