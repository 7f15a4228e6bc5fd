//! `erosion_droplet_density`: the droplet count follows the area of the pool, so a larger map is
//! eroded like a larger piece of the same land, and a square metre sees as many droplets at every
//! cell size; a fixed `erosion_droplets` count above 0 replaces it.

use donjourno::params::{self, TerrainParams};
use donjourno::{generate, GeneratorParams};

fn params(side: u32) -> GeneratorParams {
    GeneratorParams {
        seed: 9,
        width: side,
        depth: side,
        ..Default::default()
    }
}

fn pool_cells(p: &GeneratorParams) -> usize {
    let (grid, _) = generate(p, Default::default()).expect("valid");
    grid.pool.iter().filter(|&&c| c).count()
}

#[test]
fn the_count_is_the_density_times_the_pool_area() {
    let t = TerrainParams {
        droplets: 0,
        droplet_density: 2.5,
        ..params(64).terrain
    };
    assert_eq!(t.droplet_count(1000, 1.0), 2500);
    assert_eq!(t.droplet_count(1000, 2.0), 10_000, "cells of 4 m²");
    assert_eq!(t.droplet_count(0, 1.0), 0);
    let fixed = TerrainParams { droplets: 700, ..t };
    assert_eq!(fixed.droplet_count(1000, 3.0), 700, "a fixed count wins");
    let huge = TerrainParams {
        droplet_density: 1000.0,
        ..t
    };
    assert_eq!(
        huge.droplet_count(usize::MAX / 2, 1.0),
        params::MAX_DROPLETS,
        "never more than the most droplets accepted"
    );
}

#[test]
fn a_density_matching_a_fixed_count_gives_the_same_map() {
    let mut fixed = params(96);
    fixed.terrain.droplets = 12_000;
    let cells = pool_cells(&fixed);
    assert!(cells > 1000, "a pool to erode ({cells} cells)");
    let mut dense = fixed;
    dense.terrain.droplets = 0;
    dense.terrain.droplet_density = fixed.terrain.droplets as f32 / cells as f32;
    assert_eq!(
        dense.terrain.droplet_count(cells, 1.0),
        fixed.terrain.droplets,
        "the density names the same count"
    );
    let (a, _) = generate(&fixed, Default::default()).expect("valid");
    let (b, stats) = generate(&dense, Default::default()).expect("valid");
    assert!(stats.erosion_steps > 0);
    assert!(
        a.height
            .iter()
            .zip(&b.height)
            .all(|(x, y)| x.to_bits() == y.to_bits()),
        "same droplets, same map"
    );
}

#[test]
fn twice_the_density_runs_about_twice_the_droplet_steps() {
    let mut one = params(128);
    one.terrain.droplet_density = 1.0;
    let mut two = one;
    two.terrain.droplet_density = 2.0;
    let (_, a) = generate(&one, Default::default()).expect("valid");
    let (_, b) = generate(&two, Default::default()).expect("valid");
    let ratio = b.erosion_steps as f64 / a.erosion_steps as f64;
    assert!(
        (1.6..2.4).contains(&ratio),
        "the density sets the droplets: {ratio:.2}"
    );
}

#[test]
fn the_old_count_per_cell_reads_as_a_density_per_square_metre() {
    let json = r#"{"cell_size": 2.0, "erosion": {"droplets_per_cell": 3.0}}"#;
    let p = GeneratorParams::from_json(json).unwrap();
    assert_eq!(p.terrain.droplet_density, 0.75, "3 droplets per 4 m²");
    let both = r#"{"erosion": {"droplets_per_cell": 3.0, "droplet_density": 1.0}}"#;
    assert!(
        GeneratorParams::from_json(both).is_err(),
        "one value, twice"
    );
}
