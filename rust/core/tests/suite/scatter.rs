//! Scatter on generated terrains: no tree in water, on glacier or in hot desert (cacti aside),
//! the same instances on every thread count, and candidates that stay put when the map grows.

use donjourno::stages::biomes::Biome;
use donjourno::stages::scatter::{self, candidates, Species};
use donjourno::{generate, Grid, WaterKind};
use std::collections::BTreeMap;

use crate::common::continent;

fn cell_of(g: &Grid, s: &scatter::ScatterInstance) -> usize {
    g.index(s.position[0] as usize, s.position[1] as usize)
}

#[test]
fn no_tree_in_water_on_glacier_or_in_hot_desert() {
    let mut species_seen = [0usize; scatter::SPECIES_COUNT];
    let mut barren_cells = 0;
    for seed in [3, 11] {
        let (g, stats) = generate(&continent(seed), Default::default()).unwrap();
        assert!(!g.scatter().is_empty());
        assert_eq!(stats.species_counts, scatter::counts(g.scatter()));
        for s in g.scatter() {
            let [x, z] = s.position;
            assert!(x >= 0.0 && z >= 0.0 && x < g.width() as f32 && z < g.depth() as f32);
            let i = cell_of(&g, s);
            assert_eq!(g.water[i], WaterKind::Dry, "{s:?} stands in water");
            let biome = Biome::from_id(g.biome()[i]).unwrap();
            if s.species.is_tree() {
                assert!(
                    !matches!(biome, Biome::Glacier | Biome::HotDesert | Biome::DeepOcean),
                    "{:?} on {biome:?}",
                    s.species
                );
                assert!(biome.grows_trees(), "{:?} on {biome:?}", s.species);
            }
            if biome == Biome::HotDesert {
                assert!(matches!(
                    s.species,
                    Species::Cactus | Species::Shrub | Species::Boulder
                ));
            }
            assert!(s.variant < scatter::VARIANTS);
            let info = s.species.info();
            assert!((info.height.0..=info.height.1).contains(&s.height), "{s:?}");
            assert!((info.crown.0..=info.crown.1).contains(&s.crown), "{s:?}");
            species_seen[s.species as usize] += 1;
        }
        barren_cells += g
            .biome()
            .iter()
            .filter(|b| matches!(Biome::from_id(**b), Some(Biome::Glacier | Biome::HotDesert)))
            .count();
    }
    assert!(barren_cells > 100, "the terrains hold glacier or desert");
    let kinds = species_seen.iter().filter(|n| **n > 0).count();
    assert!(kinds >= 5, "many species grow: {species_seen:?}");
}

#[test]
fn biomes_off_scatter_nothing() {
    let mut p = continent(3);
    p.biomes.enabled = false;
    let (g, stats) = generate(&p, Default::default()).unwrap();
    assert!(g.scatter().is_empty());
    assert_eq!(stats.species_counts, [0; scatter::SPECIES_COUNT]);
}

#[test]
fn scatter_is_identical_on_1_and_2_threads() {
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            generate(&continent(5), Default::default())
                .unwrap()
                .0
                .scatter()
                .to_vec()
        })
    };
    let (one, two) = (run(1), run(2));
    assert!(!one.is_empty());
    assert_eq!(scatter::hash(&one), scatter::hash(&two));
    assert_eq!(one, two);
}

#[test]
fn candidates_stay_put_when_the_map_grows_or_moves() {
    // Cells of 2 m: a 40 × 30 map at world (20 m, −14 m) inside a 100 × 90 map at (−50 m, −80 m).
    let cell = 2.0;
    let species = Species::Shrub;
    let small = candidates(9, species, [20.0, -14.0], cell, 40, 30);
    let large = candidates(9, species, [-50.0, -80.0], cell, 100, 90);
    let by_key: BTreeMap<u64, [f64; 2]> = large.iter().map(|c| (c.key, c.world)).collect();
    // A closed stand of shrubs: about 0.7 / spacing² per m².
    let spacing = f64::from(species.info().spacing());
    let expected = 0.7 / (spacing * spacing) * 80.0 * 60.0;
    let n = small.len() as f64;
    assert!(
        n > 0.6 * expected && n < 1.4 * expected,
        "{n} candidates, {expected:.0} expected"
    );
    for c in &small {
        let world = by_key.get(&c.key).expect("the point is in the larger map");
        assert_eq!(*world, c.world);
        assert!((f64::from(c.position[0]) * cell + 20.0 - world[0]).abs() < 1e-3);
        assert!((f64::from(c.position[1]) * cell - 14.0 - world[1]).abs() < 1e-3);
    }
    // Points of the larger map inside the smaller map's rectangle are all in the smaller map.
    let inside = large
        .iter()
        .filter(|c| (20.0..100.0).contains(&c.world[0]) && (-14.0..46.0).contains(&c.world[1]))
        .count();
    assert_eq!(inside, small.len());
    // The same points on cells of 1 m: the same ground holds the same candidates.
    let fine = candidates(9, species, [20.0, -14.0], 1.0, 80, 60);
    assert_eq!(
        fine.iter().map(|c| c.key).collect::<Vec<_>>(),
        small.iter().map(|c| c.key).collect::<Vec<_>>()
    );
    // Another seed or another species, other points.
    for other in [
        candidates(10, species, [20.0, -14.0], cell, 40, 30),
        candidates(9, Species::Conifer, [20.0, -14.0], cell, 40, 30),
    ] {
        assert_ne!(
            other.iter().map(|c| c.key).collect::<Vec<_>>(),
            small.iter().map(|c| c.key).collect::<Vec<_>>()
        );
    }
}

#[test]
fn trees_grow_in_patches_and_clearings() {
    // Trees of one forest biome cluster: their nearest tree is closer than in a uniform layout
    // of the same density.
    let (g, _) = generate(&continent(3), Default::default()).unwrap();
    let trees: Vec<[f32; 2]> = g
        .scatter()
        .iter()
        .filter(|s| s.species.is_tree())
        .map(|s| s.position)
        .collect();
    assert!(trees.len() > 100, "{} trees", trees.len());
    let density = trees.len() as f32 / g.len() as f32;
    let mut nearest_sum = 0.0;
    for (i, a) in trees.iter().enumerate() {
        let mut best = f32::MAX;
        for (j, b) in trees.iter().enumerate() {
            if i != j {
                let d = (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2);
                best = best.min(d);
            }
        }
        nearest_sum += best.sqrt();
    }
    let mean = nearest_sum / trees.len() as f32;
    // Mean nearest-neighbour distance of a uniform (Poisson) layout: 0.5 / sqrt(density).
    let uniform = 0.5 / density.sqrt();
    assert!(
        mean < 0.8 * uniform,
        "mean nearest {mean}, uniform {uniform}"
    );
}
