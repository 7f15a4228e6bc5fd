//! `erosion_droplet_density`: the droplet count follows the map's cells, so a larger map is eroded
//! like a larger piece of the same land, and a square metre is eroded alike at every cell size
//! (each droplet stands for its cell's square metres); the old `erosion_droplets` count reads as
//! the density that runs as many droplets.

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

#[test]
fn the_count_is_the_density_times_the_cells() {
    let t = TerrainParams {
        droplet_density: 2.5,
        ..params(64).terrain
    };
    assert_eq!(t.droplet_count(1000), 2500);
    assert_eq!(t.droplet_count(0), 0);
    let none = TerrainParams {
        droplet_density: 0.0,
        ..t
    };
    assert_eq!(none.droplet_count(1000), 0, "0: no erosion");
    let huge = TerrainParams {
        droplet_density: 1000.0,
        ..t
    };
    assert_eq!(
        huge.droplet_count(usize::MAX / 2),
        params::MAX_DROPLETS,
        "never more than the most droplets accepted"
    );
}

#[test]
fn a_count_set_as_a_density_runs_that_many_droplets() {
    for (side, cell, count) in [(96, 1.0, 12_000), (50, 4.0, 7_777), (1, 1.0, 3)] {
        let mut p = params(side);
        p.cell_size = cell;
        p.set_droplet_count(count);
        let cells = (side * side) as usize;
        assert_eq!(p.terrain.droplet_count(cells), count, "{side}² × {cell} m");
    }
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
fn old_counts_read_as_densities() {
    let json = r#"{"cell_size": 2.0, "erosion": {"droplets_per_cell": 3.0}}"#;
    let p = GeneratorParams::from_json(json).unwrap();
    assert_eq!(
        p.terrain.droplet_density, 3.0,
        "a droplet a cell stands for a cell's area"
    );
    let json = r#"{"width": 50, "depth": 40, "cell_size": 2.0, "erosion": {"droplets": 16000}}"#;
    let p = GeneratorParams::from_json(json).unwrap();
    assert_eq!(
        p.terrain.droplet_density, 8.0,
        "16,000 droplets on 2,000 cells"
    );
    let both = r#"{"erosion": {"droplets_per_cell": 3.0, "droplet_density": 1.0}}"#;
    assert!(
        GeneratorParams::from_json(both).is_err(),
        "one value, twice"
    );
}
