//! The water queries and the navigation mesh on a settled coast: on seed 12, 256² cells, coverage
//! 0.35 with settlements, `is_water_at` once answered true at (160.24, 150.0), a water cell's dry
//! shore, where `get_water_level_at` gave NaN (the cell's class against the water mesh), and the
//! navigation mesh Godot gets laid 181 of its 47 335 vertices over water that was no road. The
//! queries answer from one decision ([`Probe`]), the one the navigation mesh is cut by.

use donjourno::outputs::mesh::deck::Decks;
use donjourno::outputs::navigation::regions;
use donjourno::outputs::point::Probe;
use donjourno::params::NavigationParams;
use donjourno::{generate, GeneratorParams, MeshParams, Terrain};

#[test]
fn a_settled_coast_keeps_its_navigation_dry_and_its_queries_agreeing() {
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
    let decks = Decks::of(&grid, &mesh);
    let probe = Probe::new(&grid, &mesh).with_decks(&decks);
    let shore = probe.at(160.24, 150.0);
    println!("shore point: {shore:?}");
    assert_eq!(
        shore.terrain == Some(Terrain::Water),
        shore.water.is_some(),
        "the class and the water agree at the shore point"
    );
    assert!(shore.ground.is_some());
    let regions = regions(&grid, &mesh, &NavigationParams::default()).unwrap();
    let (mut wet, mut decked, mut all) = (0, 0, 0);
    for r in &regions {
        for set in std::iter::once(&r.ground).chain(&r.road) {
            for v in &set.vertices {
                all += 1;
                let Some(level) = probe.water(v[0], v[2]) else {
                    continue;
                };
                let at = probe.at(v[0], v[2]);
                if at.deck.is_some() && at.road && v[1] > level {
                    decked += 1;
                } else {
                    wet += 1;
                }
            }
        }
    }
    println!("{wet} of {all} navigation vertices over water off the decks, {decked} on decks");
    assert!(
        all > 10_000,
        "the map has a navigation mesh ({all} vertices)"
    );
    assert_eq!(
        wet, 0,
        "navigation vertices over water off the decks, of {all}"
    );
}
