//! Properties of the default pipeline: coverage exactness, the pool invariants, classification,
//! forests and colours, each checked on real generated terrains.

// Cells are compared across several planes, so index loops read best here.
#![allow(clippy::needless_range_loop)]

use donjourno::layers::texture::{self, colour};
use donjourno::layers::{
    coverage_mask, pool_heights, select_pool, ForestMask, MOUNTAIN_MIN_HEIGHT,
};
use donjourno::params::ForestMaskParams;
use donjourno::{generate, GeneratorParams, Grid, Terrain};

fn params(size: u32, coverage: f32, seed: u64) -> GeneratorParams {
    let mut p = GeneratorParams {
        seed,
        width: size,
        depth: size,
        ..Default::default()
    };
    p.terrain.coverage = coverage;
    p.terrain.droplets = 4000;
    p
}

fn terrains() -> Vec<(GeneratorParams, Grid)> {
    [(64, 0.45, 1), (96, 0.8, 2), (80, 0.2, 3)]
        .into_iter()
        .map(|(s, c, seed)| {
            let p = params(s, c, seed);
            (p, generate(&p).unwrap().0)
        })
        .collect()
}

#[test]
fn pool_holds_exactly_round_n_coverage_cells() {
    for (w, d) in [(1, 1), (7, 3), (64, 64), (100, 37), (256, 128)] {
        for coverage in [0.0, 0.001, 0.1, 0.25, 0.333, 0.5, 0.9, 0.999, 1.0] {
            let n = w * d;
            let mask = coverage_mask(w, d, coverage, 42);
            let expected = (n as f64 * f64::from(coverage)).round() as usize;
            assert_eq!(mask.target, expected);
            assert_eq!(
                mask.pool.iter().filter(|&&p| p).count(),
                expected,
                "{w}×{d} at {coverage}"
            );
            for (i, &in_pool) in mask.pool.iter().enumerate() {
                if mask.noise[i] > mask.threshold {
                    assert!(in_pool, "cell above the threshold left out");
                }
                if in_pool {
                    assert!(mask.noise[i] >= mask.threshold);
                }
            }
        }
    }
}

#[test]
fn pool_selection_is_exact_even_when_every_value_ties() {
    for (n, coverage, expected) in [(100, 0.5, 50), (7, 0.3, 2), (10, 1.0, 10), (10, 0.04, 0)] {
        let mask = select_pool(vec![0.5; n], coverage);
        assert_eq!(mask.pool.iter().filter(|&&p| p).count(), expected);
        // Ties go to the higher indices.
        assert!(mask.pool[n - expected..].iter().all(|&p| p));
    }
    let mask = select_pool(vec![0.1, 0.9, 0.5, 0.9, 0.2], 0.4);
    assert_eq!(mask.pool, [false, true, false, true, false]);
    assert_eq!(mask.threshold, 0.9);
}

#[test]
fn heights_and_roughness_are_zero_outside_the_pool_and_finite_everywhere() {
    for (p, g) in terrains() {
        let mut in_pool_nonzero = 0;
        for i in 0..g.len() {
            for v in [g.height[i], g.roughness[i], g.forest_mask[i]] {
                assert!(v.is_finite(), "non-finite value at {i}");
            }
            assert!((0.0..=1.0).contains(&g.roughness[i]));
            assert!((0.0..=1.0).contains(&g.forest_mask[i]));
            if g.pool[i] {
                in_pool_nonzero += usize::from(g.height[i] > 0.0);
            } else if g.terrain[i] == Terrain::Water {
                // A river carved into the flat ground.
                assert!(g.height[i] <= 0.0);
                assert_eq!(g.roughness[i], 0.0);
            } else {
                assert_eq!(g.height[i], 0.0);
                assert_eq!(g.roughness[i], 0.0);
            }
        }
        assert!(in_pool_nonzero > 0);
        assert!(
            g.max_height() <= p.terrain.peak_height * 1.5,
            "erosion deposits stay near the peak"
        );
    }
}

#[test]
fn erosion_changes_heights_only_inside_the_pool() {
    for lake_erosion in [false, true] {
        let mut p = params(96, 0.5, 11);
        // Rivers carve their beds; without them only erosion changes heights.
        p.water.rivers_enabled = false;
        p.water.lake_erosion = lake_erosion;
        let mask = coverage_mask(96, 96, 0.5, p.seed);
        let before = pool_heights(&mask, 96, p.terrain.peak_height, p.seed);
        let (grid, stats) = generate(&p).unwrap();
        assert!(stats.erosion_steps > 0);
        let mut changed = 0;
        for i in 0..grid.len() {
            if grid.height[i] != before[i] {
                assert!(grid.pool[i], "erosion changed cell {i} outside the pool");
                changed += 1;
            }
        }
        assert!(changed > 500, "erosion changed only {changed} cells");
    }
}

#[test]
fn mountain_iff_pool_and_above_threshold() {
    for (_, g) in terrains() {
        for i in 0..g.len() {
            if g.terrain[i] == Terrain::Water {
                continue;
            }
            let mountain = g.pool[i] && g.height[i] > MOUNTAIN_MIN_HEIGHT;
            assert_eq!(g.terrain[i] == Terrain::Mountain, mountain, "cell {i}");
        }
        assert!(g.class_counts()[Terrain::Mountain as usize] > 0);
    }
}

#[test]
fn forest_mask_follows_its_formula_and_is_zero_on_mountains() {
    for (p, g) in terrains() {
        let layer = ForestMask {
            params: ForestMaskParams {
                height_limit: 0.6,
                steepness: 2.0,
            },
        };
        for i in 0..g.len() {
            match g.terrain[i] {
                Terrain::Mountain | Terrain::Water => assert_eq!(g.forest_mask[i], 0.0),
                Terrain::Grass | Terrain::Tree => {
                    let h = g.height[i].max(0.0);
                    let expected = (1.0 - (h / p.forest.height_limit).powi(2)).clamp(0.0, 1.0);
                    assert!((g.forest_mask[i] - expected).abs() < 1e-5);
                    assert_eq!(g.forest_mask[i], layer.fertility(g.height[i]));
                }
            }
        }
    }
}

#[test]
fn trees_grow_only_on_fertile_grass_at_the_requested_density() {
    for (p, g) in terrains() {
        let mut fertile = 0.0f64;
        let mut trees = 0usize;
        for i in 0..g.len() {
            if g.terrain[i] == Terrain::Tree {
                trees += 1;
                assert!(
                    !(g.pool[i] && g.height[i] > MOUNTAIN_MIN_HEIGHT),
                    "tree on mountain ground"
                );
                assert!(g.forest_mask[i] > 0.0);
            }
            fertile += f64::from(g.forest_mask[i] * p.forest.density);
        }
        // Trees are Bernoulli draws with probability mask × density: the count is near its mean.
        let sd = fertile.sqrt();
        assert!(
            (trees as f64 - fertile).abs() < 5.0 * sd + 5.0,
            "{trees} trees, expected ≈ {fertile:.0}"
        );
    }
    let mut none = params(64, 0.3, 4);
    none.forest.density = 0.0;
    let g = generate(&none).unwrap().0;
    assert_eq!(g.class_counts()[Terrain::Tree as usize], 0);
}

#[test]
fn every_colour_comes_from_its_rule() {
    for (_, g) in terrains() {
        let h_max = g.max_height();
        let mut seen = std::collections::HashSet::new();
        for z in 0..g.depth() {
            for x in 0..g.width() {
                let i = g.index(x, z);
                let (gx, gz) = g.gradient(x, z);
                let steep = (gx * gx + gz * gz).sqrt();
                let h_rel = g.height[i] / h_max;
                let water_depth = g.water_level[i] - g.height[i];
                let expected = colour(g.terrain[i], h_rel, steep, water_depth);
                assert_eq!(g.color[i], expected, "cell ({x}, {z})");
                let t = g.terrain[i];
                let from_table = match t {
                    Terrain::Mountain => {
                        [texture::SNOW, texture::BROWN_ROCK, texture::HIGHLAND_GRASS]
                            .contains(&g.color[i])
                            || (g.color[i][0] == g.color[i][1]
                                && g.color[i][1] == g.color[i][2]
                                && (80..=130).contains(&g.color[i][0]))
                    }
                    Terrain::Tree => g.color[i] == texture::TREE,
                    Terrain::Grass => [texture::GRASS, texture::DIRT].contains(&g.color[i]),
                    Terrain::Water => true,
                };
                assert!(from_table, "{t:?} coloured {:?}", g.color[i]);
                seen.insert(g.color[i]);
            }
        }
        assert!(seen.contains(&texture::GRASS) && seen.contains(&texture::TREE));
    }
}

#[test]
fn colour_rules_cover_the_table() {
    assert_eq!(colour(Terrain::Mountain, 0.9, 0.0, 0.0), texture::SNOW);
    assert_eq!(
        colour(Terrain::Mountain, 0.5, 0.0, 0.0),
        texture::BROWN_ROCK
    );
    assert_eq!(
        colour(Terrain::Mountain, 0.2, 0.0, 0.0),
        texture::HIGHLAND_GRASS
    );
    assert_eq!(colour(Terrain::Mountain, 0.0, 1.0, 0.0), [80, 80, 80]);
    assert_eq!(colour(Terrain::Mountain, 1.0, 1.0, 0.0), [130, 130, 130]);
    assert_eq!(colour(Terrain::Grass, 0.0, 0.1, 0.0), texture::DIRT);
    assert_eq!(colour(Terrain::Grass, 0.0, 0.01, 0.0), texture::GRASS);
    assert_eq!(colour(Terrain::Tree, 0.3, 0.5, 0.0), texture::TREE);
    let shallow = colour(Terrain::Water, 0.0, 0.0, 0.0);
    let deep = colour(Terrain::Water, 0.0, 0.0, 1.0);
    assert_eq!(
        (shallow, deep),
        (texture::WATER_SHALLOW, texture::WATER_DEEP)
    );
    assert!(shallow[2] > deep[2], "deeper water is darker");
}

#[test]
fn full_and_empty_coverage() {
    let g = generate(&params(48, 1.0, 9)).unwrap().0;
    assert!(g.pool.iter().all(|&p| p));
    let g = generate(&params(48, 0.0, 9)).unwrap().0;
    assert!(g.pool.iter().all(|&p| !p));
    assert!(g.height.iter().all(|&h| h == 0.0));
    assert_eq!(g.class_counts()[Terrain::Mountain as usize], 0);
}

#[test]
fn seeds_change_the_terrain_and_parameters_are_respected() {
    let a = generate(&params(64, 0.5, 1)).unwrap();
    let b = generate(&params(64, 0.5, 2)).unwrap();
    assert_ne!(a.1.grid_hash, b.1.grid_hash);
    assert_eq!(
        a.1.grid_hash,
        generate(&params(64, 0.5, 1)).unwrap().1.grid_hash
    );
    assert!((a.1.pool_fraction - 0.5).abs() < 1e-9);
    let names: Vec<_> = a.1.timings.iter().map(|t| t.layer.as_str()).collect();
    assert_eq!(
        names,
        [
            "HybridTerrain",
            "Hydrology",
            "ForestMask",
            "ForestPlacement",
            "TerrainTexture"
        ]
    );
}

#[test]
fn erosion_never_builds_peaks_above_the_uneroded_terrain() {
    for (size, peak, droplets) in [
        (32u32, 1.0f32, 16_000u32),
        (128, 4.0, 16_000),
        (64, 1.0, 60_000),
    ] {
        let mut p = GeneratorParams {
            width: size,
            depth: size,
            ..Default::default()
        };
        p.terrain.peak_height = peak;
        p.terrain.droplets = droplets;
        let mask = coverage_mask(size as usize, size as usize, p.terrain.coverage, p.seed);
        let before = pool_heights(&mask, size as usize, peak, p.seed);
        let top = before.iter().copied().fold(0.0f32, f32::max);
        let (grid, _) = generate(&p).unwrap();
        assert!(
            grid.max_height() <= top * 1.02,
            "{size}² peak {peak}: eroded maximum {} above the uneroded {top}",
            grid.max_height()
        );
    }
}
