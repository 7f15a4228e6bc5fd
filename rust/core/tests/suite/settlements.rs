//! Settlements and roads on generated maps: where they stand, where roads may go, how steep they
//! climb, that they join every settlement land joins, that their beds are level, and that the
//! result is the same on every thread count.

use donjourno::stages::settlements::roads::RoadGround;
use donjourno::stages::settlements::{habitability::Scale, LandUse, RoadNetwork};
use donjourno::{generate, GeneratorParams, Grid, WaterKind};

/// Maps with settlements on: the continent with biomes, the pool model, and a subdivision map
/// with a sea.
fn maps() -> Vec<GeneratorParams> {
    let mut continent = GeneratorParams::preset("continent").unwrap();
    (continent.width, continent.depth) = (128, 128);
    continent.set_droplet_count(8000);
    continent.biomes.enabled = true;
    continent.settlements.enabled = true;
    continent.settlements.count = 16;
    continent.settlements.hex_radius = 8.0 * continent.cell_size;
    let mut pool = GeneratorParams {
        seed: 3,
        width: 120,
        depth: 100,
        ..Default::default()
    };
    pool.settlements.enabled = true;
    pool.settlements.hex_radius = 8.0;
    let mut subdivision = GeneratorParams {
        seed: 9,
        width: 128,
        depth: 128,
        height_model: donjourno::HeightModel::Subdivision,
        cell_size: 10.0,
        height_scale: 200.0,
        ..Default::default()
    };
    // One square over the map: one island of 1280 m.
    subdivision.subdivision.square_size = 1280.0;
    subdivision.settlements.enabled = true;
    subdivision.settlements.max_road_grade = 0.3;
    subdivision.settlements.hex_radius = 120.0;
    vec![continent, pool, subdivision]
}

fn generated() -> Vec<(GeneratorParams, Grid)> {
    maps()
        .into_iter()
        .map(|p| {
            let (grid, _) = generate(&p, Default::default()).unwrap();
            assert!(
                grid.settlements().len() >= 3,
                "too few settlements: {} on {:?}",
                grid.settlements().len(),
                p.height_model
            );
            assert!(!grid.roads().is_empty(), "no roads");
            (p, grid)
        })
        .collect()
}

#[test]
fn settlements_stand_on_gentle_land() {
    for (p, grid) in generated() {
        let scale = Scale {
            cell_size: p.cell_size,
            height_scale: p.height_scale,
        };
        for s in grid.settlements() {
            let (x, z) = grid.xz(s.cell as usize);
            assert_eq!(grid.water[s.cell as usize], WaterKind::Dry, "{}", s.name);
            let slope = scale.slope(&grid, x, z);
            assert!(
                slope <= p.settlements.max_slope,
                "{} on slope {slope}",
                s.name
            );
            assert_eq!(s.height, grid.height[s.cell as usize]);
        }
    }
}

/// The grade of the step between two consecutive road points, metres per metre.
fn grade(p: &GeneratorParams, a: ([f32; 2], f32), b: ([f32; 2], f32)) -> f32 {
    let run = ((b.0[0] - a.0[0]).powi(2) + (b.0[1] - a.0[1]).powi(2)).sqrt() * p.cell_size;
    (b.1 - a.1).abs() * p.height_scale / run
}

#[test]
fn roads_keep_off_lakes_and_sea_stay_under_the_grade_and_bridge_only_rivers() {
    let mut bridges = 0;
    for (p, grid) in generated() {
        for road in grid.roads() {
            for (k, &c) in road.cells.iter().enumerate() {
                let water = grid.water[c as usize];
                assert!(
                    !matches!(water, WaterKind::Lake | WaterKind::Sea),
                    "a road on {water:?}"
                );
                assert_eq!(road.bridge[k], water == WaterKind::River, "bridge flag");
                bridges += road.bridge[k] as usize;
                if k > 0 {
                    let g = grade(
                        &p,
                        (road.points[k - 1], road.heights[k - 1]),
                        (road.points[k], road.heights[k]),
                    );
                    assert!(g <= p.settlements.max_road_grade * 1.0001, "grade {g}");
                    let [a, b] = [road.points[k - 1], road.points[k]];
                    assert!(
                        (a[0] - b[0]).abs() <= 1.0 && (a[1] - b[1]).abs() <= 1.0,
                        "a gap"
                    );
                }
                if !road.bridge[k] {
                    assert_eq!(
                        road.heights[k], grid.height[c as usize],
                        "the road is on the ground"
                    );
                }
            }
        }
        for (i, u) in grid.land_use().iter().enumerate() {
            match u {
                LandUse::Bridge => assert_eq!(grid.water[i], WaterKind::River),
                LandUse::Road | LandUse::Site | LandUse::Street | LandUse::Lot => {
                    assert_eq!(grid.water[i], WaterKind::Dry)
                }
                LandUse::Open => {}
            }
        }
    }
    // The bridge checks above ran: some road of these worlds crosses a river.
    assert!(bridges > 0, "no road of these worlds crosses a river");
}

/// The level of the water drawn over dry cell `(x, z)` from the water cells beside it: at each
/// corner the mean surface of the water cells sharing it, over the cell the lowest such corner.
fn drawn_beside(grid: &Grid, x: usize, z: usize) -> Option<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let mut out: Option<f32> = None;
    for (cx, cz) in [(x, z), (x + 1, z), (x, z + 1), (x + 1, z + 1)] {
        let wet: Vec<f32> = (cz.saturating_sub(1)..(cz + 1).min(d))
            .flat_map(|zz| (cx.saturating_sub(1)..(cx + 1).min(w)).map(move |xx| (xx, zz)))
            .map(|(xx, zz)| grid.index(xx, zz))
            .filter(|&j| grid.water[j] != WaterKind::Dry)
            .map(|j| grid.water_level[j])
            .collect();
        if !wet.is_empty() {
            let level = wet.iter().sum::<f32>() / wet.len() as f32;
            let lo = wet.iter().copied().fold(f32::INFINITY, f32::min);
            let level = if wet.iter().all(|&v| v == lo) {
                lo
            } else {
                level
            };
            out = Some(out.map_or(level, |o: f32| o.min(level)));
        }
    }
    out
}

#[test]
fn road_beds_lie_at_or_above_the_water_drawn_beside_them() {
    let mut checked = 0;
    for (p, grid) in generated() {
        for i in (0..grid.len()).filter(|&i| grid.land_use()[i] == LandUse::Road) {
            let (x, z) = grid.xz(i);
            if let Some(level) = drawn_beside(&grid, x, z) {
                assert!(
                    grid.height[i] >= level - 1e-6,
                    "bed cell ({x}, {z}) at {} under the water beside it at {level} on {:?}",
                    grid.height[i],
                    p.height_model
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no road bed beside water");
}

#[test]
fn every_settlement_reaches_every_other_that_land_joins() {
    for (p, grid) in generated() {
        // Connectivity by the land a road may use, from the generated map before roads: redo
        // the layers up to the biomes... the roads' own ground gives the same components, as
        // levelling keeps the centre cells at their routed heights.
        let ground = RoadGround::of(
            &grid,
            p.settlements.max_road_grade,
            p.settlements.road_bed_width,
            p.cell_size,
            p.height_scale,
        );
        let component = ground.components();
        let net = RoadNetwork::new(grid.roads());
        let s = grid.settlements();
        for a in 0..s.len() {
            for b in a + 1..s.len() {
                let (ca, cb) = (component[s[a].cell as usize], component[s[b].cell as usize]);
                let path = net.path(s[a].position, s[b].position);
                if ca == cb && ca != u32::MAX {
                    assert!(
                        !path.is_empty(),
                        "{} and {} are not joined on {:?}",
                        s[a].name,
                        s[b].name,
                        p.height_model
                    );
                    assert_eq!(path[0], s[a].position);
                    assert_eq!(*path.last().unwrap(), s[b].position);
                }
            }
        }
    }
}

/// The nearest land road cell (centre) of every cell, by brute force: `(distance, cell)`, ties to
/// the lower cell.
fn nearest_centres(grid: &Grid) -> Vec<Option<(f32, u32)>> {
    let mut centres: Vec<u32> = grid
        .roads()
        .iter()
        .flat_map(|r| r.cells.iter().copied())
        .filter(|&c| grid.water[c as usize] == WaterKind::Dry)
        .collect();
    centres.sort_unstable();
    centres.dedup();
    (0..grid.len())
        .map(|i| {
            let (x, z) = grid.xz(i);
            centres
                .iter()
                .map(|&c| {
                    let (cx, cz) = grid.xz(c as usize);
                    let d =
                        ((cx as f32 - x as f32).powi(2) + (cz as f32 - z as f32).powi(2)).sqrt();
                    (d, c)
                })
                .filter(|(d, _)| *d <= 3.0)
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        })
        .collect()
}

#[test]
fn road_beds_are_level_across_within_the_documented_tolerance() {
    for (p, grid) in generated() {
        // The bed's width in cells.
        let width = p.settlements.road_bed_width / p.cell_size;
        let half = width * 0.5;
        // Height units of rise per cell of run at the steepest grade.
        let rise = p.settlements.max_road_grade * p.cell_size / p.height_scale;
        let near = nearest_centres(&grid);
        let (mut checked, mut straight) = (0, 0);
        for road in grid.roads() {
            let mut along = vec![0.0f32; road.points.len()];
            for k in 1..road.points.len() {
                let (a, b) = (road.points[k - 1], road.points[k]);
                along[k] = along[k - 1] + ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            }
            for k in (0..road.cells.len()).filter(|&k| !road.bridge[k]) {
                let (kx, kz) = grid.xz(road.cells[k] as usize);
                for (i, n) in near.iter().enumerate() {
                    let (x, z) = grid.xz(i);
                    let d =
                        ((x as f32 - kx as f32).powi(2) + (z as f32 - kz as f32).powi(2)).sqrt();
                    let Some((_, c)) = n else { continue };
                    if d > half || grid.land_use()[i] != LandUse::Road {
                        continue;
                    }
                    // Level with its nearest centre, exactly.
                    assert_eq!(
                        grid.height[i], grid.height[*c as usize],
                        "bed cell {i} of {:?}, centre {c}",
                        p.height_model
                    );
                    // Within the road's rise between that centre and this point, when both are
                    // on this road.
                    let Some(j) = road.cells.iter().position(|q| q == c) else {
                        continue;
                    };
                    let run = (along[j] - along[k]).abs();
                    let dh = (grid.height[i] - road.heights[k]).abs();
                    assert!(
                        dh <= rise * run * 1.0001 + 1e-6,
                        "bed {dh} off the road at ({x}, {z})"
                    );
                    checked += 1;
                    // Where the road runs straight across its width, the documented tolerance:
                    // the rise over the road width.
                    if run <= width {
                        assert!(dh <= rise * width * 1.0001 + 1e-6);
                        straight += 1;
                    }
                }
            }
        }
        assert!(
            checked > 100 && straight > 100,
            "only {checked} bed cells checked"
        );
    }
}

#[test]
fn settlements_and_roads_are_the_same_on_1_and_4_threads() {
    let run = |threads: usize, p: &GeneratorParams| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| generate(p, Default::default()).unwrap().0)
    };
    for p in maps().into_iter().take(2) {
        let (one, four) = (run(1, &p), run(4, &p));
        assert_eq!(one.settlements(), four.settlements());
        assert_eq!(one.roads(), four.roads());
        assert_eq!(one.land_use(), four.land_use());
        assert_eq!(one.hash(), four.hash());
    }
}

#[test]
fn off_by_default_and_nothing_grows_on_roads() {
    let (grid, _) = generate(&GeneratorParams::default(), Default::default()).unwrap();
    assert!(grid.settlements().is_empty() && grid.roads().is_empty() && grid.land_use().is_empty());
    let mut lots = 0;
    for (_, grid) in generated() {
        assert_eq!(
            grid.towns().len(),
            grid.settlements().len(),
            "one town per settlement"
        );
        lots += grid
            .land_use()
            .iter()
            .filter(|u| **u == LandUse::Lot)
            .count();
        for inst in grid.scatter() {
            let i = grid.index(inst.position[0] as usize, inst.position[1] as usize);
            assert_eq!(
                grid.land_use()[i],
                LandUse::Open,
                "a plant on a road or site"
            );
        }
        for (i, t) in grid.terrain.iter().enumerate() {
            if *t == donjourno::Terrain::Tree {
                assert_eq!(
                    grid.land_use()[i],
                    LandUse::Open,
                    "a tree on a road or site"
                );
            }
        }
    }
    assert!(lots > 0, "no town grew a lot");
}
