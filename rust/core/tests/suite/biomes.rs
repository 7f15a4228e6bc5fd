//! Biomes on generated terrains: weights that sum to 1, overrides that obey their rules, trees only
//! where biomes allow them, and ground colours without hard borders.

use donjourno::stages::biomes::Biome;
use donjourno::{generate, GeneratorParams, Grid, HeightModel, Terrain, WaterKind};

use crate::common::continent;

fn biome(g: &Grid, i: usize) -> Biome {
    Biome::from_id(g.biome()[i]).unwrap()
}

#[test]
fn weights_sum_to_one_and_the_dominant_biome_is_the_heaviest() {
    let (g, _) = generate(&continent(3), Default::default()).unwrap();
    assert_eq!(g.biome().len(), g.len());
    for (i, w) in g.biome_weights().iter().enumerate() {
        let sum: f32 = w.weights.iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "cell {i}: {sum}");
        assert_eq!(g.biome()[i], w.ids[0]);
        assert!(
            w.weights.windows(2).all(|p| p[0] >= p[1]),
            "cell {i}: {w:?}"
        );
    }
    let kinds: std::collections::BTreeSet<u8> = g.biome().iter().copied().collect();
    assert!(kinds.len() >= 6, "a continent holds many biomes: {kinds:?}");
}

#[test]
fn overrides_obey_their_rules_and_trees_grow_only_where_biomes_allow() {
    // Two temperate worlds, and the first again with a cold sea: the temperate ones hold no
    // ground below −16 °C, so the glacier rule is judged on the cold one.
    let mut cold_world = continent(3);
    cold_world.climate.sea_temperature = -8.0;
    let mut colder = 0;
    for (k, p) in [continent(3), continent(8), cold_world]
        .into_iter()
        .enumerate()
    {
        let seed = p.seed;
        let temperate = k < 2;
        let (g, _) = generate(&p, Default::default()).unwrap();
        let (mut trees, mut sea, mut deep, mut cold, mut land) = (0, 0, 0, 0, 0);
        for i in 0..g.len() {
            let b = biome(&g, i);
            if g.water[i] == WaterKind::Sea {
                sea += 1;
                let depth = (g.water_level[i] - g.height[i]) * p.height_scale;
                let expect_deep = depth > 60.0;
                if expect_deep {
                    deep += 1;
                    assert_eq!(b, Biome::DeepOcean, "sea {depth} m deep at {i}");
                }
                assert!(matches!(
                    b,
                    Biome::DeepOcean | Biome::Coast | Biome::Mangrove
                ));
            } else {
                land += 1;
                assert_ne!(
                    b,
                    Biome::DeepOcean,
                    "dry or fresh-water cell {i} as deep ocean"
                );
            }
            // Ground colder than the glacier's full weight is ice, unless an override of higher
            // precedence takes it (the guide's order: water, coast, wetland, then altitude).
            if g.temperature[i] < -16.0 && g.water[i] != WaterKind::Sea {
                assert!(
                    matches!(
                        b,
                        Biome::Glacier | Biome::Coast | Biome::Mangrove | Biome::Wetland
                    ),
                    "{b:?} at {} °C at {i}",
                    g.temperature[i]
                );
                cold += usize::from(b == Biome::Glacier);
            }
            if g.terrain[i] == Terrain::Tree {
                trees += 1;
                assert!(
                    !matches!(
                        b,
                        Biome::Glacier | Biome::HotDesert | Biome::Tundra | Biome::DeepOcean
                    ),
                    "a tree in {b:?} at {i}"
                );
            }
        }
        // Every rule met cells it applies to.
        println!(
            "seed {seed} (sea at {} °C): {sea} sea ({deep} deep), {land} other, {cold} glacier below −16 °C, {trees} trees",
            p.climate.sea_temperature
        );
        assert!(
            sea >= 100 && deep >= 20 && land >= 100,
            "seed {seed}: {sea} sea cells ({deep} deeper than 60 m), {land} other cells"
        );
        if temperate {
            assert!(
                trees > 50,
                "seed {seed}: forests still grow ({trees} trees)"
            );
        }
        colder += cold;
    }
    assert!(
        colder >= 20,
        "{colder} glacier cells below −16 °C: the glacier rule was judged on too few"
    );
}

#[test]
fn ground_colours_have_no_hard_borders_except_on_cliffs_and_shores() {
    // The bound: neighbouring dry, gentle, non-tree cells differ by at most 60 in any channel.
    const BOUND: i32 = 60;
    let p = continent(5);
    let (g, _) = generate(&p, Default::default()).unwrap();
    let (w, d) = (g.width(), g.depth());
    let gentle = |i: usize| {
        let (x, z) = g.xz(i);
        let (gx, gz) = g.gradient(x, z);
        (gx * gx + gz * gz).sqrt() * p.height_scale / p.cell_size < 0.5
    };
    let plain = |i: usize| g.terrain[i] == Terrain::Grass || g.terrain[i] == Terrain::Mountain;
    let mut pairs = 0;
    for z in 0..d {
        for x in 0..w - 1 {
            let (i, j) = (z * w + x, z * w + x + 1);
            if !(plain(i) && plain(j) && gentle(i) && gentle(j)) {
                continue;
            }
            // Shores: next to water the ground turns to wet sand on purpose.
            let near_water = [i, j].iter().any(|&k| {
                let (cx, cz) = g.xz(k);
                (-2i64..=2).any(|dz| {
                    (-2i64..=2).any(|dx| {
                        let (nx, nz) = (cx as i64 + dx, cz as i64 + dz);
                        g.contains(nx, nz)
                            && g.water[g.index(nx as usize, nz as usize)] != WaterKind::Dry
                    })
                })
            });
            if near_water {
                continue;
            }
            pairs += 1;
            let diff = (0..3)
                .map(|c| (i32::from(g.color[i][c]) - i32::from(g.color[j][c])).abs())
                .max()
                .unwrap();
            assert!(
                diff <= BOUND,
                "cells {i} and {j}: {:?} vs {:?}",
                g.color[i],
                g.color[j]
            );
        }
    }
    assert!(pairs > 500, "{pairs} pairs checked");
}

#[test]
fn biomes_off_leave_the_grid_as_it_was() {
    let mut p = GeneratorParams {
        width: 48,
        depth: 40,
        height_model: HeightModel::Subdivision,
        ..Default::default()
    };
    let (off, _) = generate(&p, Default::default()).unwrap();
    assert!(off.biome().is_empty() && off.biome_weights().is_empty());
    p.biomes.enabled = true;
    let (on, _) = generate(&p, Default::default()).unwrap();
    assert_ne!(on.color, off.color);
}

#[test]
fn biomes_shape_the_land_before_erosion() {
    let mut p = continent(3);
    p.set_droplet_count(0);
    p.water.lakes_enabled = false;
    p.water.rivers_enabled = false;
    let (shaped, _) = generate(&p, Default::default()).unwrap();
    p.biomes.enabled = false;
    let (raw, _) = generate(&p, Default::default()).unwrap();
    let moved = |b: Biome| {
        let cells: Vec<usize> = (0..shaped.len())
            .filter(|&i| biome(&shaped, i) == b && shaped.water[i] == WaterKind::Dry)
            .collect();
        let moved = cells
            .iter()
            .filter(|&&i| shaped.height[i] != raw.height[i])
            .count();
        (cells.len(), moved)
    };
    // Dunes in the desert, terraces in the badlands: nearly every such cell moves.
    for b in [Biome::HotDesert, Biome::Badlands] {
        let (n, m) = moved(b);
        assert!(n > 20 && m * 10 > n * 8, "{b:?}: {m} of {n} cells shaped");
    }
    // Terraces: the badlands' heights gather on the shelves, flat at whole steps above the sea.
    let mesa: Vec<usize> = (0..shaped.len())
        .filter(|&i| {
            let w = shaped.biome_weights()[i];
            w.ids[0] == Biome::Badlands as u8 && w.weights[0] > 0.95
        })
        .collect();
    let on_shelf = mesa
        .iter()
        .filter(|&&i| {
            let m = (shaped.height[i] - shaped.sea_level) * p.height_scale;
            (m / 30.0 - (m / 30.0).round()).abs() < 0.02
        })
        .count();
    assert!(
        mesa.len() < 20 || on_shelf * 2 > mesa.len(),
        "{on_shelf} of {} on shelves",
        mesa.len()
    );
    // Land with no weight of a shaping biome is untouched.
    let shaping = [
        Biome::HotDesert,
        Biome::Badlands,
        Biome::Tundra,
        Biome::Wetland,
        Biome::Volcanic,
    ];
    let plain: Vec<usize> = (0..shaped.len())
        .filter(|&i| {
            shaped.biome_weights()[i]
                .iter()
                .all(|(id, _)| shaping.iter().all(|b| *b as u8 != id))
        })
        .collect();
    assert!(plain.len() > 1000);
    assert!(plain.iter().all(|&i| shaped.height[i] == raw.height[i]));
}
