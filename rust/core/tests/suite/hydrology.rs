//! Hydrology: depression filling, lakes, flow, rivers, sea, lake-aware erosion and the `Hydrology`
//! layer, each property checked on generated terrains and on harsh synthetic heightfields.

// Cells are compared across several planes, so index loops read best here.
#![allow(clippy::needless_range_loop)]

use donjourno::algorithms::erosion::Erosion;
use donjourno::algorithms::hydrology::{
    accumulate, find_lakes, flow_directions, priority_flood, Flood, FloodOptions, NEIGHBOURS,
    NO_RECEIVER,
};
use donjourno::params::{ErosionParams, LakeFilter, TerrainParams};
use donjourno::stages::hydrology::{meander_weights, Hydrology};
use donjourno::stages::landform::pool::HybridTerrain;
use donjourno::stages::pipeline::Layer;
use donjourno::{
    generate, Context, GenerateError, GeneratorParams, Grid, Terrain, WaterKind, WaterParams,
};

/// A grid after `HybridTerrain` (lake-aware erosion on), before any water.
fn eroded(size: u32, coverage: f32, seed: u64) -> Grid {
    let terrain = TerrainParams {
        coverage,
        // 6,000 droplets on the map.
        droplet_density: 6000.0 / (size * size) as f32,
        ..Default::default()
    };
    let layer = HybridTerrain {
        lakes: WaterParams::default().erosion_lakes(1.0),
        ..HybridTerrain::new(seed, terrain)
    };
    let mut grid = Grid::new(size as usize, size as usize);
    layer.apply(&mut grid, &mut Context::default()).unwrap();
    grid
}

/// Hash noise quantised to eight levels: plateaus, flats and pits everywhere.
fn terraced(width: usize, depth: usize, seed: u32) -> Vec<f32> {
    (0..width * depth)
        .map(|i| {
            let v =
                donjourno::algorithms::noise::hash01((i % width) as i32, (i / width) as i32, seed);
            (v * 8.0).floor() / 8.0
        })
        .collect()
}

/// Heightfields to test the flood on: `(height, width, depth)`.
fn fields() -> Vec<(Vec<f32>, usize, usize)> {
    let a = eroded(64, 0.6, 3);
    let b = eroded(80, 1.0, 8);
    vec![
        (a.height, 64, 64),
        (b.height, 80, 80),
        (terraced(97, 53, 1), 97, 53),
        (terraced(1, 9, 2), 1, 9),
        (terraced(23, 2, 3), 23, 2),
        (vec![0.5; 40 * 30], 40, 30),
    ]
}

fn floods(h: &[f32], w: usize, d: usize) -> Vec<Flood> {
    let weight = meander_weights(w, d, 1.0, 10.0, 5);
    vec![
        priority_flood(h, w, d, FloodOptions::default()).unwrap(),
        priority_flood(
            h,
            w,
            d,
            FloodOptions {
                flat_weight: Some(&weight),
                ..Default::default()
            },
        )
        .unwrap(),
    ]
}

fn on_border(i: usize, w: usize, d: usize) -> bool {
    let (x, z) = (i % w, i / w);
    x == 0 || z == 0 || x + 1 == w || z + 1 == d
}

fn neighbours(i: usize, w: usize, d: usize) -> impl Iterator<Item = usize> {
    let (x, z) = ((i % w) as i64, (i / w) as i64);
    NEIGHBOURS.iter().filter_map(move |(dx, dz)| {
        let (nx, nz) = (x + i64::from(*dx), z + i64::from(*dz));
        (nx >= 0 && nz >= 0 && nx < w as i64 && nz < d as i64)
            .then(|| (nz * w as i64 + nx) as usize)
    })
}

#[test]
fn filled_surface_is_the_lowest_pit_free_surface_above_the_ground() {
    for (h, w, d) in fields() {
        for flood in floods(&h, w, d) {
            for i in 0..w * d {
                assert!(flood.filled[i] >= h[i], "filled below ground at {i}");
                if on_border(i, w, d) {
                    assert_eq!(flood.filled[i], h[i], "border cell {i} raised");
                } else {
                    // Exactly as high as the ground or the lowest way out, whichever is higher.
                    let way_out = neighbours(i, w, d)
                        .map(|n| flood.filled[n])
                        .fold(f32::INFINITY, f32::min);
                    assert_eq!(flood.filled[i], h[i].max(way_out), "cell {i}");
                }
            }
            let mut seen = vec![false; w * d];
            for &c in &flood.order {
                assert!(!std::mem::replace(&mut seen[c as usize], true), "{c} twice");
            }
            assert!(seen.iter().all(|&s| s), "a cell was never flooded");
        }
    }
}

#[test]
fn every_cell_drains_to_the_border_without_climbing() {
    for (h, w, d) in fields() {
        for flood in floods(&h, w, d) {
            let receivers = flow_directions(&flood);
            let mut rank = vec![0usize; w * d];
            for (k, &c) in flood.order.iter().enumerate() {
                rank[c as usize] = k;
            }
            for start in 0..w * d {
                let mut c = start;
                for _ in 0..=w * d {
                    let r = receivers.get(c);
                    if r == NO_RECEIVER {
                        break;
                    }
                    let r = r as usize;
                    assert!(
                        neighbours(c, w, d).any(|n| n == r),
                        "receiver is a neighbour"
                    );
                    assert!(flood.filled[r] <= flood.filled[c], "flow climbs at {c}");
                    assert!(rank[r] < rank[c], "receiver flooded after its donor");
                    c = r;
                }
                assert!(
                    on_border(c, w, d),
                    "cell {start} drains to interior cell {c}"
                );
            }
        }
    }
}

#[test]
fn lakes_hold_their_cells_and_spill_over_the_rim() {
    // How many lakes each branch below saw, over every field.
    let (mut checked, mut drained, mut to_border, mut kept_total, mut dropped) = (0, 0, 0, 0, 0);
    for (h, w, d) in fields() {
        let flood = &floods(&h, w, d)[0];
        let all = find_lakes(&h, flood, &LakeFilter::default(), None).unwrap();
        let raised = (0..w * d).filter(|&i| flood.filled[i] > h[i]).count();
        assert_eq!(
            all.lakes.iter().map(|l| l.cells as usize).sum::<usize>(),
            raised
        );
        for lake in &all.lakes {
            checked += 1;
            let cells: Vec<usize> = (0..w * d).filter(|&i| all.id[i] == lake.id).collect();
            assert_eq!(cells.len(), lake.cells as usize);
            let mut deepest = 0.0f32;
            for &i in &cells {
                assert_eq!(flood.filled[i], lake.level);
                assert!(h[i] < lake.level);
                deepest = deepest.max(lake.level - h[i]);
            }
            assert_eq!(lake.max_depth, deepest);
            assert_eq!(lake.level - h[lake.lowest as usize], deepest);
            let out = lake.outflow as usize;
            assert_eq!(all.id[out], 0, "outflow inside its lake");
            assert!(
                neighbours(out, w, d).any(|n| all.id[n] == lake.id),
                "outflow off the rim"
            );
            assert!(h[out] <= lake.level, "outflow above the lake level");
            if let Some(drain) = lake.drain {
                drained += 1;
                assert!(flood.filled[drain as usize] <= lake.level);
            } else {
                to_border += 1;
                assert!(on_border(out, w, d));
            }
        }
        let filter = LakeFilter {
            min_cells: 3,
            min_depth: 0.05,
            ..Default::default()
        };
        let kept = find_lakes(&h, flood, &filter, None).unwrap();
        let passing = all
            .lakes
            .iter()
            .filter(|l| l.cells >= 3 && l.max_depth >= 0.05)
            .count();
        assert_eq!(kept.lakes.len(), passing);
        kept_total += kept.lakes.len();
        dropped += all.lakes.len() - kept.lakes.len();
        for (k, lake) in kept.lakes.iter().enumerate() {
            assert_eq!(lake.id as usize, k + 1);
            assert!(lake.cells >= 3 && lake.max_depth >= 0.05);
        }
    }
    println!(
        "lakes checked {checked}: {drained} drain into another basin, {to_border} spill off the \
         border; the filter kept {kept_total} and dropped {dropped}"
    );
    assert!(
        checked >= 10 && drained >= 1 && to_border >= 1 && kept_total >= 1 && dropped >= 1,
        "every branch must see lakes"
    );
}

#[test]
fn accumulation_is_own_runoff_plus_inflows() {
    for (h, w, d) in fields() {
        for flood in floods(&h, w, d) {
            let receivers = flow_directions(&flood);
            let source: Vec<bool> = h.iter().map(|&v| v > 0.25).collect();
            let acc = accumulate(&flood, &receivers, &source).unwrap();
            let mut inflow = vec![0u64; w * d];
            let mut leaving = 0u64;
            for i in 0..w * d {
                match receivers.get(i) {
                    NO_RECEIVER => leaving += u64::from(acc[i]),
                    r => inflow[r as usize] += u64::from(acc[i]),
                }
            }
            for i in 0..w * d {
                assert_eq!(
                    u64::from(acc[i]),
                    u64::from(source[i]) + inflow[i],
                    "cell {i}"
                );
            }
            let total = source.iter().filter(|&&s| s).count() as u64;
            assert_eq!(leaving, total, "all runoff leaves the map");
        }
    }
}

/// HybridTerrain then Hydrology by hand, keeping the drainage.
fn watered(
    size: u32,
    seed: u64,
    water: WaterParams,
) -> (Grid, donjourno::stages::hydrology::Drainage) {
    let mut grid = eroded(size, 0.5, seed);
    let drainage = Hydrology::new(seed, water)
        .run(&mut grid, &mut Context::default())
        .unwrap()
        .unwrap();
    (grid, drainage)
}

/// The cell under a point of a centre-line, if it lies on the map.
fn cell_under(p: [f32; 2], w: usize, d: usize) -> Option<usize> {
    let (x, z) = ((p[0] + 0.5).floor() as i64, (p[1] + 0.5).floor() as i64);
    (x >= 0 && z >= 0 && x < w as i64 && z < d as i64).then(|| z as usize * w + x as usize)
}

/// Points every `step` cells along a line.
fn along(points: &[[f32; 2]], step: f32) -> Vec<[f32; 2]> {
    let mut out = vec![points[0]];
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
        let len = (dx * dx + dz * dz).sqrt();
        let n = (len / step).ceil().max(1.0) as usize;
        for t in 1..=n {
            let f = t as f32 / n as f32;
            out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]);
        }
    }
    out
}

#[test]
fn rivers_run_along_their_lines_into_a_lake_the_sea_or_off_the_map() {
    for (seed, sea_level) in [(1, 0.0), (2, 0.0), (3, 0.05)] {
        let water = WaterParams {
            river_catchment: 60.0,
            sea_level,
            ..Default::default()
        };
        let (grid, dr) = watered(96, seed, water);
        let (w, d) = (grid.width(), grid.depth());
        assert!(
            dr.rivers.len() > 3,
            "seed {seed}: {} rivers",
            dr.rivers.len()
        );
        for (k, line) in dr.rivers.iter().enumerate() {
            // Water under the whole line, from the river's first own point to its end.
            for p in along(&line.points[line.own.0..], 0.25) {
                let c = cell_under(p, w, d).expect("a centre-line stays on the map");
                assert_ne!(grid.water[c], WaterKind::Dry, "river {k} runs dry at {p:?}");
            }
            // It ends in still water, in a river, or on the border.
            let last = cell_under(*line.points.last().unwrap(), w, d).unwrap();
            if line.own.1 == line.points.len() {
                assert!(on_border(last, w, d), "river {k} stops inside the map");
            } else {
                assert_ne!(grid.water[last], WaterKind::Dry);
            }
        }
        let laid: usize = dr.rivers.iter().map(|l| l.cells.len()).sum();
        assert!(laid > 20, "only {laid} channel cells (seed {seed})");
        // Every river cell belongs to a channel: joined to a channel cell along cell sides
        // through river cells (the banks of large rivers).
        let mut joined = vec![false; grid.len()];
        let mut stack: Vec<usize> = dr
            .rivers
            .iter()
            .flat_map(|l| l.cells.iter().map(|&c| c as usize))
            .collect();
        stack.iter().for_each(|&c| joined[c] = true);
        while let Some(c) = stack.pop() {
            let (x, z) = (c % w, c / w);
            let sides = [
                (x > 0).then(|| c - 1),
                (x + 1 < w).then(|| c + 1),
                (z > 0).then(|| c - w),
                (z + 1 < d).then(|| c + w),
            ];
            for n in sides.into_iter().flatten() {
                if grid.water[n] == WaterKind::River && !joined[n] {
                    joined[n] = true;
                    stack.push(n);
                }
            }
        }
        for i in 0..grid.len() {
            assert!(
                grid.water[i] != WaterKind::River || joined[i],
                "stray river cell {i}"
            );
        }
    }
}

#[test]
fn water_planes_agree_and_the_flat_ground_stays_dry() {
    let (grid, dr) = watered(96, 4, WaterParams::default());
    let mut ids = std::collections::BTreeSet::new();
    for z in 0..grid.depth() {
        for x in 0..grid.width() {
            let i = grid.index(x, z);
            let wet = grid.water[i] != WaterKind::Dry;
            assert_eq!(grid.terrain[i] == Terrain::Water, wet);
            assert_eq!(grid.is_water(x, z), wet);
            assert_eq!(grid.water_level_at(x, z).is_some(), wet);
            assert_eq!(grid.lake[i] != 0, grid.water[i] == WaterKind::Lake);
            if wet {
                assert!(grid.water_level[i] >= grid.height[i], "water below its bed");
                assert_eq!(grid.roughness[i], 0.0);
            } else {
                assert_eq!(grid.water_level[i], 0.0);
            }
            if let Some(lake) = grid.lake_at(x, z) {
                assert!(grid.pool[i], "a lake on the flat ground");
                assert_eq!(grid.water_level[i], lake.level);
                assert_eq!(lake.id, grid.lake[i]);
                ids.insert(lake.id);
                let [x0, z0, x1, z1] = lake.bounds;
                assert!((x0..=x1).contains(&(x as u32)) && (z0..=z1).contains(&(z as u32)));
            }
            assert_ne!(grid.water[i], WaterKind::Sea, "sea without a sea level");
        }
    }
    assert_eq!(ids.len(), grid.lakes.len(), "every lake has cells");
    assert!(!grid.lakes.is_empty());
    assert!(dr
        .accumulation
        .iter()
        .any(|&a| a > WaterParams::default().river_threshold(1.0)));
}

#[test]
fn the_sea_fills_exactly_the_ground_open_to_the_border_below_sea_level() {
    let sea_level = 0.12;
    let water = WaterParams {
        sea_level,
        ..Default::default()
    };
    // The filled surface of the ground before the water (flat weights route flats, they move
    // no filled level).
    let mut grid = eroded(80, 0.5, 6);
    let (w, d) = (grid.width(), grid.depth());
    let filled = priority_flood(&grid.height, w, d, FloodOptions::default())
        .unwrap()
        .filled;
    Hydrology::new(6, water)
        .run(&mut grid, &mut Context::default())
        .unwrap();
    let mut sea = 0;
    for i in 0..grid.len() {
        let below = filled[i] < sea_level;
        assert_eq!(grid.water[i] == WaterKind::Sea, below, "cell {i}");
        if below {
            sea += 1;
            assert_eq!(grid.water_level[i], sea_level);
        }
    }
    // Most of the flat ground at height 0 is open to the border.
    assert!(sea > grid.len() / 4, "{sea} sea cells");
    assert!(grid.lakes.iter().all(|l| l.level >= sea_level));
}

/// A 48 × 48 test terrain: a bowl around (24, 14) whose lowest rim is a saddle at z ≈ 22, where a
/// channel (x = 23..=25) leaves it and falls to the border at z = 47; a flat plateau elsewhere.
fn single_basin() -> (Vec<f32>, Vec<bool>) {
    let (w, d) = (48usize, 48usize);
    let mut h = vec![0.9f32; w * d];
    for z in 0..d {
        for x in 0..w {
            let (fx, fz) = (x as f32 - 24.0, z as f32 - 14.0);
            let r = (fx * fx + fz * fz).sqrt() / 12.0;
            let i = z * w + x;
            if r <= 1.0 {
                h[i] = 0.4 + 0.4 * r * r;
            }
            if (23..=25).contains(&x) && z >= 20 {
                h[i] = h[i].min(0.62 - 0.5 * (z as f32 - 20.0) / 27.0);
            }
        }
    }
    let pool = (0..w * d).map(|i| !on_border(i, w, d)).collect();
    (h, pool)
}

#[test]
fn droplets_reaching_the_lake_erode_below_its_outflow() {
    let (h, pool) = single_basin();
    let (w, d) = (48, 48);
    let filter = LakeFilter {
        min_cells: 6,
        min_depth: 0.01,
        ..Default::default()
    };
    let flood = priority_flood(&h, w, d, FloodOptions::default()).unwrap();
    let lakes = find_lakes(&h, &flood, &filter, None).unwrap();
    assert_eq!(lakes.lakes.len(), 1, "one basin, one lake");
    let lake = lakes.lakes[0];
    let (out_x, out_z) = (lake.outflow as usize % w, lake.outflow as usize / w);
    assert!(
        (23..=25).contains(&out_x) && out_z > 14,
        "the lake spills into the channel"
    );
    let below = out_z + 2;
    let params = ErosionParams::default();
    let erosion = Erosion {
        pool: &pool,
        width: w,
        depth: d,
        droplets: 20_000,
        params,
        cell_size: 1.0,
        seed: 5,
        lakes: None,
        guard: Default::default(),
    };
    let run = |lakes: Option<LakeFilter>| {
        let mut height = h.clone();
        let report = Erosion { lakes, ..erosion }
            .run(&mut height, &mut |_| true)
            .unwrap();
        let downstream: f32 = (below * w..(d - 1) * w)
            .filter(|i| (23..=25).contains(&(i % w)))
            .map(|i| report.activity[i])
            .sum();
        (report, downstream)
    };
    let (off, off_downstream) = run(None);
    let (on, on_downstream) = run(Some(filter));
    assert_eq!(off.lake_jumps, 0);
    assert!(on.lake_jumps > 1000, "{} jumps", on.lake_jumps);
    assert!(on.lake_rebuilds >= 2);
    // Droplets carry erosion on below the outflow: about 2.4 times the plain erosion there. (The
    // bound was 3 while droplets that fell back into the lake they had passed carried on: some
    // spilled over the outflow again and again and eroded the channel head each time. The lake-erosion article
    // ends them in the lake, which breaks those loops.)
    println!(
        "erosion below the outflow: {:.2} times the plain erosion there",
        on_downstream / off_downstream
    );
    assert!(
        on_downstream > 2.0 * off_downstream,
        "erosion below the outflow: {on_downstream} with lakes, {off_downstream} without"
    );
    // The same run twice gives the same report.
    assert_eq!(run(None).0, off);
}

fn run_on(threads: usize, p: &GeneratorParams) -> u64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| generate(p, Default::default()).unwrap().1.grid_hash)
}

#[test]
fn water_is_identical_on_1_2_and_8_threads() {
    let mut with_sea = GeneratorParams::preset("island").unwrap();
    (with_sea.width, with_sea.depth) = (90, 70);
    with_sea.set_droplet_count(9000);
    with_sea.water.sea_level = 0.05;
    let mut highlands = GeneratorParams::preset("highlands").unwrap();
    (highlands.width, highlands.depth) = (72, 100);
    highlands.set_droplet_count(12_000);
    highlands.water.river_catchment = 50.0 * highlands.cell_size * highlands.cell_size;
    for p in [with_sea, highlands] {
        let reference = run_on(1, &p);
        let (grid, stats) = generate(&p, Default::default()).unwrap();
        assert!(stats.lake_count > 0 || stats.water_count(WaterKind::Sea) > 0);
        assert!(grid.lakes.len() == stats.lake_count);
        for threads in [2, 8] {
            assert_eq!(run_on(threads, &p), reference, "{threads} threads differ");
        }
    }
}

#[test]
fn bad_water_parameters_are_errors_naming_their_field() {
    type Breaker = fn(&mut WaterParams);
    let cases: [(Breaker, &str); 7] = [
        (|w| w.min_lake_area = -1.0, "water_min_lake_area"),
        (|w| w.min_lake_depth = -0.1, "water_min_lake_depth"),
        (|w| w.min_lake_depth = f32::NAN, "water_min_lake_depth"),
        (|w| w.river_catchment = -1.0, "water_river_catchment"),
        (|w| w.river_depth = 2.0, "water_river_depth"),
        (|w| w.sea_level = -1.0, "water_sea_level"),
        (|w| w.sea_level = f32::INFINITY, "water_sea_level"),
    ];
    for (break_it, field) in cases {
        let mut p = GeneratorParams {
            width: 16,
            depth: 16,
            ..Default::default()
        };
        break_it(&mut p.water);
        match generate(&p, Default::default()) {
            Err(GenerateError::Param(e)) => assert_eq!(e.field, field),
            other => panic!("{field}: {:?}", other.map(|_| ())),
        }
        let mut grid = Grid::new(16, 16);
        let layer = Hydrology::new(1, p.water);
        assert!(
            layer.apply(&mut grid, &mut Context::default()).is_err(),
            "{field} accepted by the layer"
        );
    }
    assert!(GeneratorParams::from_json(r#"{"water": {"sea": 1}}"#).is_err());
}

#[test]
fn water_can_be_switched_off() {
    let mut p = GeneratorParams {
        width: 64,
        depth: 64,
        ..Default::default()
    };
    p.set_droplet_count(4000);
    p.water.lakes_enabled = false;
    p.water.rivers_enabled = false;
    let (grid, stats) = generate(&p, Default::default()).unwrap();
    assert_eq!(stats.count(Terrain::Water), 0);
    assert_eq!((stats.lake_count, stats.lake_jumps), (0, 0));
    assert!(grid.water.iter().all(|w| *w == WaterKind::Dry));
    p.water.rivers_enabled = true;
    p.water.river_catchment = 50.0 * p.cell_size * p.cell_size;
    let (_, stats) = generate(&p, Default::default()).unwrap();
    assert!(stats.water_count(WaterKind::River) > 0);
    assert_eq!(stats.water_count(WaterKind::Lake), 0);
}
