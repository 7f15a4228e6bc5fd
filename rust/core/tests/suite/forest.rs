//! Forests of different seeds are independent: no seed reuses another seed's random rows.

use donjourno::params::ForestPlacementParams;
use donjourno::stages::forest::ForestPlacement;
use donjourno::stages::pipeline::Layer;
use donjourno::{Context, Grid, Terrain};

const SIDE: usize = 128;

/// Trees on an all-grass grid where every cell has a tree with probability ½.
fn forest(seed: u64) -> Vec<bool> {
    let mut grid = Grid::new(SIDE, SIDE);
    grid.forest_mask.fill(0.5);
    let layer = ForestPlacement {
        seed,
        params: ForestPlacementParams { cover: 1.0 },
        world: None,
    };
    layer.apply(&mut grid, &mut Context::default()).unwrap();
    grid.terrain.iter().map(|&t| t == Terrain::Tree).collect()
}

/// Fraction of cells on which row `za` of `a` and row `zb` of `b` agree, over all rows.
fn agreement(a: &[bool], b: &[bool], row_b: impl Fn(usize) -> usize) -> f64 {
    let mut same = 0usize;
    for z in 0..SIDE {
        let zb = row_b(z);
        let (ra, rb) = (&a[z * SIDE..][..SIDE], &b[zb * SIDE..][..SIDE]);
        same += ra.iter().zip(rb).filter(|(x, y)| x == y).count();
    }
    same as f64 / (SIDE * SIDE) as f64
}

#[test]
fn neighbouring_seeds_draw_independent_forests() {
    // Independent fair draws agree on half the cells; over 16 384 cells the standard deviation is
    // 0.4 %, so 3 % is far outside chance.
    let near_chance = |f: f64| (f - 0.5).abs() < 0.03;
    let forests: Vec<Vec<bool>> = (0..8).map(forest).collect();
    for t in &forests {
        let share = t.iter().filter(|&&x| x).count() as f64 / t.len() as f64;
        assert!(near_chance(share), "tree share {share}");
    }
    for s in 0..8usize {
        for k in 1..8usize {
            let s2 = s ^ k;
            let (a, b) = (&forests[s], &forests[s2]);
            // Seed s, row z against seed s ^ k, row z ^ k (the pairs that shared a stream when rows
            // were seeded with seed ^ row), and the same row.
            let shifted = agreement(a, b, |z| z ^ k);
            let same_row = agreement(a, b, |z| z);
            assert!(
                near_chance(shifted) && near_chance(same_row),
                "seeds {s} and {s2}: {shifted:.3} agreement on rows z / z^{k}, {same_row:.3} on the same rows"
            );
        }
        // Rows of one seed are independent of each other too.
        let next_row = agreement(&forests[s], &forests[s], |z| (z + 1) % SIDE);
        assert!(near_chance(next_row), "seed {s}: rows agree {next_row:.3}");
    }
}
