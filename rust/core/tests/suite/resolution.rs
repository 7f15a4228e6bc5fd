//! One world at every resolution: the same extent sampled with cells four times smaller is the same
//! world at more detail. A coarse map of 64² cells of 4 m is compared with a fine map of 256² cells
//! of 1 m (160 m against 40 m for the continents, whose features span kilometres), the fine map
//! brought down onto the coarse lattice (each coarse sample against the fine block of 4 × 4 cells
//! centred on it).

use donjourno::data::grid::Terrain;
use donjourno::{generate, GeneratorParams, Grid, HeightModel};

/// Cells per side of the coarse map.
const COARSE: u32 = 64;
/// Fine cells per coarse cell along each axis.
const RATIO: u32 = 4;
/// The coarse cell, metres (see [`coarse_cell`]).
const COARSE_CELL: f32 = 4.0;

/// The parameters of one world at `side`² cells of `cell` metres: the defaults, and the Continent
/// preset's for the continents (the defaults' rivers and lakes are sized for a map of 128 m).
fn params(model: HeightModel, side: u32, cell: f32) -> GeneratorParams {
    params_of(model, side, cell, 11)
}

/// [`params`] of the world `seed`.
fn params_of(model: HeightModel, side: u32, cell: f32, seed: u64) -> GeneratorParams {
    let base = match model {
        HeightModel::Continents => GeneratorParams::preset("continent").unwrap(),
        _ => GeneratorParams::default(),
    };
    GeneratorParams {
        height_model: model,
        width: side,
        depth: side,
        cell_size: cell,
        seed,
        ..base
    }
}

/// The coarse cell of a model's test, metres: 4 m (a 256 m world) for the pool and subdivision
/// models, 160 m (a 10 km world, a piece of a continent) for the continents.
fn coarse_cell(model: HeightModel) -> f32 {
    match model {
        HeightModel::Continents => 40.0 * COARSE_CELL,
        _ => COARSE_CELL,
    }
}

/// The coarse and the fine map of the world `seed`.
fn pair(model: HeightModel, seed: u64) -> (Grid, Grid) {
    let cell = coarse_cell(model);
    let coarse = params_of(model, COARSE, cell, seed);
    let fine = params_of(model, COARSE * RATIO, cell / RATIO as f32, seed);
    let run = |p: &GeneratorParams| generate(p, Default::default()).unwrap().0;
    (run(&coarse), run(&fine))
}

/// The fine cells of the block centred on coarse cell `(x, z)`, clipped to the map.
fn block(fine: &Grid, x: usize, z: usize) -> impl Iterator<Item = usize> + '_ {
    let r = RATIO as i64;
    let (cx, cz) = (x as i64 * r, z as i64 * r);
    (cz - r / 2..cz + r / 2).flat_map(move |fz| {
        (cx - r / 2..cx + r / 2)
            .filter(move |&fx| fine.contains(fx, fz))
            .map(move |fx| fine.index(fx as usize, fz as usize))
    })
}

/// Pearson correlation of two equally long series.
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += (x - ma) * (y - mb);
        aa += (x - ma) * (x - ma);
        bb += (y - mb) * (y - mb);
    }
    ab / (aa * bb).sqrt().max(f64::MIN_POSITIVE)
}

/// What the coarse map and the fine map brought down to it share.
#[derive(Debug)]
struct Agreement {
    /// Correlation of the heights.
    heights: f64,
    /// Intersection over union of the water cells (a fine block is water when half of it is).
    water: f64,
    /// Water cells of the coarse map and of the fine map brought down.
    water_cells: (usize, usize),
    /// The share of the water cells of both maps that have water of the other map within one
    /// coarse cell (a river on the next lattice line of the other map counts).
    water_near: f64,
}

fn agreement(coarse: &Grid, fine: &Grid) -> Agreement {
    let (mut hc, mut hf) = (Vec::new(), Vec::new());
    let (mut both, mut either, mut wc, mut wf) = (0, 0, 0, 0);
    let (w, d) = (coarse.width(), coarse.depth());
    let mut wet_c = vec![false; w * d];
    let mut wet_f = vec![false; w * d];
    for z in 0..coarse.depth() {
        for x in 0..coarse.width() {
            let cells: Vec<usize> = block(fine, x, z).collect();
            let mean = cells
                .iter()
                .map(|&i| f64::from(fine.height[i]))
                .sum::<f64>()
                / cells.len() as f64;
            hc.push(f64::from(coarse.height[coarse.index(x, z)]));
            hf.push(mean);
            // Wet where water covers half the block: where a coarse cell resolves water (a
            // river at least half a coarse cell wide, a lake or sea over most of it).
            let wet = cells
                .iter()
                .filter(|&&i| fine.terrain[i] == Terrain::Water)
                .count();
            let wet_fine = 2 * wet >= cells.len();
            let wet_coarse = coarse.is_water(x, z);
            wet_c[z * w + x] = wet_coarse;
            wet_f[z * w + x] = wet_fine;
            wc += usize::from(wet_coarse);
            wf += usize::from(wet_fine);
            both += usize::from(wet_coarse && wet_fine);
            either += usize::from(wet_coarse || wet_fine);
        }
    }
    let near = |plane: &[bool], x: usize, z: usize| {
        (z.saturating_sub(1)..(z + 2).min(d))
            .any(|nz| (x.saturating_sub(1)..(x + 2).min(w)).any(|nx| plane[nz * w + nx]))
    };
    let (mut matched, mut total) = (0usize, 0usize);
    for z in 0..d {
        for x in 0..w {
            for (mine, other) in [(&wet_c, &wet_f), (&wet_f, &wet_c)] {
                if mine[z * w + x] {
                    total += 1;
                    matched += usize::from(near(other, x, z));
                }
            }
        }
    }
    Agreement {
        water_near: if total == 0 {
            1.0
        } else {
            matched as f64 / total as f64
        },
        heights: correlation(&hc, &hf),
        water: if either == 0 {
            1.0
        } else {
            both as f64 / either as f64
        },
        water_cells: (wc, wf),
    }
}

/// Rivers as wide in metres: over the coarse map's river cells that have river on the fine map
/// within one coarse cell, the share whose width in metres is within one coarse cell of the
/// widest fine river there, and how many such cells there are.
fn river_widths(coarse: &Grid, fine: &Grid, cell: f32) -> (f64, usize) {
    use donjourno::data::water::WaterKind;
    let (mut within, mut compared) = (0usize, 0usize);
    for z in 0..coarse.depth() {
        for x in 0..coarse.width() {
            let i = coarse.index(x, z);
            if coarse.water[i] != WaterKind::River {
                continue;
            }
            let mut widest = 0.0f32;
            for (nx, nz) in (-1i64..=1).flat_map(|dz| (-1i64..=1).map(move |dx| (dx, dz))) {
                let (cx, cz) = (x as i64 + nx, z as i64 + nz);
                if !coarse.contains(cx, cz) {
                    continue;
                }
                for f in block(fine, cx as usize, cz as usize) {
                    if fine.water[f] == WaterKind::River {
                        widest = widest.max(fine.river_width[f]);
                    }
                }
            }
            if widest > 0.0 {
                compared += 1;
                within += usize::from((coarse.river_width[i] - widest).abs() <= cell);
            }
        }
    }
    (within as f64 / compared.max(1) as f64, compared)
}

/// The worlds each model is compared on. The pool model's rivers cross the flat ground between the
/// patches, where two corridors of almost the same cost can swap with the sampling and move a
/// river by more than a cell: its water is judged over eight worlds, the others' over one.
fn seeds(model: HeightModel) -> Vec<u64> {
    match model {
        HeightModel::Pool => (1..=8).collect(),
        _ => vec![11],
    }
}

#[test]
fn each_height_model_gives_one_world_at_two_resolutions() {
    let mut failures = Vec::new();
    for model in [
        HeightModel::Pool,
        HeightModel::Subdivision,
        HeightModel::Continents,
    ] {
        let seeds = seeds(model);
        let mut near = 0.0;
        for &seed in &seeds {
            let (coarse, fine) = pair(model, seed);
            near += compare(model, seed, &coarse, &fine, &mut failures);
        }
        let near = near / seeds.len() as f64;
        println!(
            "{model:?}: water within a cell {near:.3} over {} worlds",
            seeds.len()
        );
        if near < 0.8 {
            failures.push(format!("{model:?}: water within a cell {near:.3}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Prints how the coarse and the fine map of one world agree, records the heights and river widths
/// that do not, and returns the share of water within a cell of the other map's.
fn compare(
    model: HeightModel,
    seed: u64,
    coarse: &Grid,
    fine: &Grid,
    failures: &mut Vec<String>,
) -> f64 {
    let a = agreement(coarse, fine);
    println!(
        "{model:?}, seed {seed}: heights correlate at {:.3}, water IoU {:.3}, within a cell {:.3} ({} coarse, {} fine cells)",
        a.heights, a.water, a.water_near, a.water_cells.0, a.water_cells.1
    );
    let kinds = |g: &Grid| {
        let area = f64::from(g.width() as u32 * g.depth() as u32);
        g.water_counts().map(|n| format!("{:.3}", n as f64 / area))
    };
    println!(
        "  water kinds (dry, lake, river, sea share): coarse {:?}, fine {:?}",
        kinds(coarse),
        kinds(fine)
    );
    if std::env::var_os("DONJOURNO_RESOLUTION_MAP").is_some() {
        print_map(coarse, fine);
    }
    let (widths, compared) = river_widths(coarse, fine, coarse_cell(model));
    println!(
        "  river widths in metres within one coarse cell on {widths:.3} of {compared} river cells"
    );
    if compared > 0 && widths < 0.9 {
        failures.push(format!(
            "{model:?}, seed {seed}: river widths agree on {widths:.3}"
        ));
    }
    if a.heights < 0.95 {
        failures.push(format!(
            "{model:?}, seed {seed}: heights correlate at {:.3}",
            a.heights
        ));
    }
    a.water_near
}

/// Prints the water of both maps on the coarse lattice: `#` both, `c` the coarse map's only, `f`
/// the fine map's only (where half of its block is water).
fn print_map(coarse: &Grid, fine: &Grid) {
    for z in 0..coarse.depth() {
        let row: String = (0..coarse.width())
            .map(|x| {
                let cells: Vec<usize> = block(fine, x, z).collect();
                let wet = cells
                    .iter()
                    .filter(|&&i| fine.terrain[i] == Terrain::Water)
                    .count();
                match (coarse.is_water(x, z), 2 * wet >= cells.len()) {
                    (true, true) => '#',
                    (true, false) => 'c',
                    (false, true) => 'f',
                    _ => '.',
                }
            })
            .collect();
        println!("  {row}");
    }
}

/// The default world with biomes on, at `side`² cells of `cell` metres: small climate features
/// a wide temperature range about a cool sea, so that conifers, birches and broadleaf trees,
/// grassland and warmer biomes share its 256 m.
fn biome_params(side: u32, cell: f32) -> GeneratorParams {
    let mut p = params(GeneratorParams::default().height_model, side, cell);
    p.biomes.enabled = true;
    p.climate.feature_scale = 0.08;
    p.climate.temperature_range = 22.0;
    p.climate.sea_temperature = 4.0;
    p
}

/// The coarse and the fine map of the biome world: 64² cells of 4 m and 256² cells of 1 m.
fn biome_pair() -> (Grid, Grid) {
    let coarse = biome_params(COARSE, COARSE_CELL);
    let fine = biome_params(COARSE * RATIO, COARSE_CELL / RATIO as f32);
    let run = |p: &GeneratorParams| generate(p, Default::default()).unwrap().0;
    (run(&coarse), run(&fine))
}

/// Hectares of a map of cells of `cell` metres.
fn hectares(g: &Grid, cell: f32) -> f64 {
    (g.width() * g.depth()) as f64 * f64::from(cell * cell) / 10_000.0
}

#[test]
fn biomes_and_scatter_are_one_world_at_two_resolutions() {
    use donjourno::stages::scatter::{counts, Species};
    let (coarse, fine) = biome_pair();
    // (a) The coarse cell's biome is the fine block's most common one.
    let (mut same, mut cells) = (0usize, 0usize);
    let mut kinds = std::collections::BTreeSet::new();
    for z in 0..coarse.depth() {
        for x in 0..coarse.width() {
            let mut votes = std::collections::BTreeMap::<u8, usize>::new();
            for i in block(&fine, x, z) {
                *votes.entry(fine.biome()[i]).or_default() += 1;
            }
            let majority = votes.iter().max_by_key(|(_, n)| **n).map(|(b, _)| *b);
            let here = coarse.biome()[coarse.index(x, z)];
            kinds.insert(here);
            same += usize::from(majority == Some(here));
            cells += 1;
        }
    }
    let agree = same as f64 / cells as f64;
    println!(
        "biomes: {:.3} of the coarse cells agree with the fine majority ({} biomes)",
        agree,
        kinds.len()
    );
    assert!(
        kinds.len() >= 3,
        "the world holds several biomes: {kinds:?}"
    );
    assert!(agree >= 0.9, "biomes agree on {agree:.3} of the cells");
    // (b) Each species with enough instances to count stands as densely per hectare.
    const FLOOR: usize = 30;
    let (ha_c, ha_f) = (
        hectares(&coarse, COARSE_CELL),
        hectares(&fine, COARSE_CELL / RATIO as f32),
    );
    let (nc, nf) = (counts(coarse.scatter()), counts(fine.scatter()));
    let mut counted = Vec::new();
    let mut failures = Vec::new();
    for s in Species::ALL {
        let (c, f) = (nc[s as usize], nf[s as usize]);
        let (dc, df) = (c as f64 / ha_c, f as f64 / ha_f);
        println!(
            "  {:>9}: {dc:7.1} /ha coarse ({c}), {df:7.1} /ha fine ({f})",
            s.name()
        );
        if c.max(f) >= FLOOR {
            counted.push(s);
            if (dc - df).abs() > 0.1 * df {
                failures.push(format!("{}: {dc:.1} against {df:.1} per ha", s.name()));
            }
        }
    }
    let trees = counted.iter().filter(|s| s.is_tree()).count();
    assert!(
        trees >= 3 && counted.len() >= 4,
        "several species to count: {counted:?}"
    );
    // The forest the terrain marks covers as much of the ground.
    let forest = |g: &Grid| {
        g.terrain.iter().filter(|t| **t == Terrain::Tree).count() as f64 / g.len() as f64
    };
    let (fc, ff) = (forest(&coarse), forest(&fine));
    println!("  forest cells: {fc:.3} of the coarse map, {ff:.3} of the fine map");
    assert!(ff > 0.01, "the fine map has forest: {ff:.3}");
    if (fc - ff).abs() > 0.1 * ff {
        failures.push(format!("forest cover {fc:.3} against {ff:.3}"));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The settlement hexagon radius of the settlements' test, metres: 8 coarse cells, about twenty
/// hexagons over the 256 m world.
const SETTLEMENT_HEX: f32 = 8.0 * COARSE_CELL;
/// The reach of water of the settlements' test, metres: 5 coarse cells.
const SETTLEMENT_WATER_REACH: f32 = 5.0 * COARSE_CELL;
/// The worlds of the settlements' test.
const SETTLEMENT_SEEDS: std::ops::RangeInclusive<u64> = 1..=10;

/// The coarse cells (of [`COARSE_CELL`] metres) the roads of `grid` (cells of `cell` metres) pass
/// through, sampled every quarter of a fine cell along each road, with the length of road in
/// each, metres.
fn road_cells(grid: &Grid, cell: f32) -> Vec<f64> {
    let mut out = vec![0.0; (COARSE * COARSE) as usize];
    let coarse = |v: f32| ((v * cell / COARSE_CELL) as usize).min(COARSE as usize - 1);
    for road in grid.roads() {
        for w in road.points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            let steps = (len * 4.0 * cell / COARSE_CELL.min(cell)).ceil().max(1.0) as usize;
            for s in 0..steps {
                let t = (s as f32 + 0.5) / steps as f32;
                let (x, z) = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
                out[coarse(z) * COARSE as usize + coarse(x)] +=
                    f64::from(len * cell) / steps as f64;
            }
        }
    }
    out
}

/// The share of the road length in `from` (per coarse cell) that lies within one coarse cell of
/// a coarse cell of `to` holding road.
fn road_overlap(from: &[f64], to: &[f64]) -> f64 {
    let n = COARSE as i64;
    let near = |x: i64, z: i64| {
        (-1..=1).any(|dz| {
            (-1..=1).any(|dx| {
                let (nx, nz) = (x + dx, z + dz);
                (0..n).contains(&nx) && (0..n).contains(&nz) && to[(nz * n + nx) as usize] > 0.0
            })
        })
    };
    let total: f64 = from.iter().sum();
    let kept: f64 = (0..n * n)
        .filter(|&i| from[i as usize] > 0.0 && near(i % n, i / n))
        .map(|i| from[i as usize])
        .sum();
    kept / total.max(f64::MIN_POSITIVE)
}

/// Worlds 1 to 10 have the same settlements (count, places within a hexagon, tiers) at both
/// resolutions, and roads that overlap on at least 70 % of their length both ways: both maps
/// follow one settlement plan, made on cells of a quarter of the hexagon radius
/// (`stages::settlements::plan`). `-- --nocapture settlements_and_roads` prints each world's
/// figures.
#[test]
fn settlements_and_roads_are_the_same_at_two_resolutions() {
    let failures: Vec<String> = SETTLEMENT_SEEDS
        .filter_map(|seed| {
            std::panic::catch_unwind(|| same_settlements(seed))
                .err()
                .map(|e| format!("seed {seed}: {}", panic_text(&e)))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The message of a caught panic.
fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

/// Panics unless the world `seed` has the same settlements and roads at both resolutions.
fn same_settlements(seed: u64) {
    let world = |side: u32, cell: f32| {
        let mut p = params(HeightModel::Pool, side, cell);
        p.seed = seed;
        p.settlements.enabled = true;
        p.settlements.hex_radius = SETTLEMENT_HEX;
        p.settlements.water_reach = SETTLEMENT_WATER_REACH;
        generate(&p, Default::default()).unwrap().0
    };
    let coarse = world(COARSE, COARSE_CELL);
    let fine = world(COARSE * RATIO, COARSE_CELL / RATIO as f32);
    let (cs, fs) = (coarse.settlements(), fine.settlements());
    println!(
        "settlements: {} coarse, {} fine; roads {:.0} m coarse, {:.0} m fine",
        cs.len(),
        fs.len(),
        coarse.roads().iter().map(|r| r.length()).sum::<f32>() * COARSE_CELL,
        fine.roads().iter().map(|r| r.length()).sum::<f32>() * COARSE_CELL / RATIO as f32,
    );
    for (label, list, cell) in [
        ("coarse", cs, COARSE_CELL),
        ("fine", fs, COARSE_CELL / RATIO as f32),
    ] {
        for s in list {
            println!(
                "  {label} {} ({}) at ({:.0}, {:.0}) m",
                s.name,
                s.tier.name(),
                s.position[0] * cell,
                s.position[1] * cell
            );
        }
    }
    assert!(
        cs.len() >= 3,
        "a world with a few settlements: {}",
        cs.len()
    );
    assert_eq!(
        cs.len(),
        fs.len(),
        "as many settlements at both resolutions"
    );
    // Neighbouring hexagon centres lie √3 hexagon radii apart.
    let one_hexagon = 3f32.sqrt() * SETTLEMENT_HEX;
    for c in cs {
        let at = |p: [f32; 2], cell: f32| [p[0] * cell, p[1] * cell];
        let [cx, cz] = at(c.position, COARSE_CELL);
        let (f, d) = fs
            .iter()
            .map(|f| {
                let [fx, fz] = at(f.position, COARSE_CELL / RATIO as f32);
                (f, (fx - cx).hypot(fz - cz))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        println!(
            "  {} ({}) at ({cx:.0}, {cz:.0}) m: the fine {} ({}) {d:.1} m away",
            c.name,
            c.tier.name(),
            f.name,
            f.tier.name()
        );
        assert!(
            d <= one_hexagon,
            "{} has no counterpart within a hexagon",
            c.name
        );
        assert_eq!(c.tier, f.tier, "{} keeps its tier", c.name);
    }
    let (rc, rf) = (
        road_cells(&coarse, COARSE_CELL),
        road_cells(&fine, COARSE_CELL / RATIO as f32),
    );
    let (fine_on_coarse, coarse_on_fine) = (road_overlap(&rf, &rc), road_overlap(&rc, &rf));
    println!(
        "roads: {:.1} % of the fine network within a coarse cell of the coarse one, {:.1} % the other way",
        100.0 * fine_on_coarse,
        100.0 * coarse_on_fine
    );
    assert!(
        fine_on_coarse >= 0.7 && coarse_on_fine >= 0.7,
        "the roads overlap"
    );
}
