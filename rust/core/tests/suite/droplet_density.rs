//! `erosion_droplets_per_cell`: the droplet count follows the pool's size, so a larger map is
//! eroded like a larger piece of the same land; at 0 the fixed `erosion_droplets` count stays.

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
fn the_count_is_the_density_times_the_pool_cells() {
    let t = params(64).terrain;
    let per = donjourno::params::TerrainParams {
        droplets_per_cell: 2.5,
        ..t
    };
    assert_eq!(per.droplet_count(1000, 1.0), 2500);
    assert_eq!(per.droplet_count(0, 1.0), 0);
    assert_eq!(
        t.droplet_count(1000, 1.0),
        t.droplets,
        "0 keeps the fixed count"
    );
    let huge = donjourno::params::TerrainParams {
        droplets_per_cell: 1000.0,
        ..t
    };
    assert_eq!(
        huge.droplet_count(usize::MAX / 2, 1.0),
        donjourno::params::MAX_DROPLETS,
        "never more than the most droplets accepted"
    );
}

#[test]
fn a_density_matching_the_fixed_count_gives_the_same_map() {
    let fixed = params(96);
    let cells = pool_cells(&fixed);
    assert!(cells > 1000, "a pool to erode ({cells} cells)");
    let mut dense = fixed;
    dense.terrain.droplets = 1;
    dense.terrain.droplets_per_cell = fixed.terrain.droplets as f32 / cells as f32;
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
    one.terrain.droplets_per_cell = 1.0;
    let mut two = one;
    two.terrain.droplets_per_cell = 2.0;
    let (_, a) = generate(&one, Default::default()).expect("valid");
    let (_, b) = generate(&two, Default::default()).expect("valid");
    let ratio = b.erosion_steps as f64 / a.erosion_steps as f64;
    assert!(
        (1.6..2.4).contains(&ratio),
        "the density sets the droplets: {ratio:.2}"
    );
}
