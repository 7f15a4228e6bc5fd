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
    /// Intersection over union of the standing water (lakes and sea; a fine block holds it when
    /// half of it does), or `None` when neither map has any.
    still: Option<f64>,
    /// Standing-water cells of the coarse map and of the fine map brought down.
    still_cells: (usize, usize),
    /// Intersection over union of the rivers buffered by one coarse cell (a fine block holds
    /// river when any of its cells does: a river narrower than a coarse cell still marks the
    /// line it runs along), or `None` when neither map has any.
    rivers: Option<f64>,
    /// River cells of the coarse map and of the fine map brought down, before the buffer.
    river_cells: (usize, usize),
    /// Water cells of any kind of the coarse map and of the fine map brought down.
    water_cells: (usize, usize),
}

/// Intersection over union of two planes of the coarse lattice; `None` when both are empty.
fn iou(a: &[bool], b: &[bool]) -> Option<f64> {
    let both = a.iter().zip(b).filter(|(x, y)| **x && **y).count();
    let either = a.iter().zip(b).filter(|(x, y)| **x || **y).count();
    (either > 0).then(|| both as f64 / either as f64)
}

/// `plane` (`w` × `d`) grown by one cell in the eight directions.
fn buffered(plane: &[bool], w: usize, d: usize) -> Vec<bool> {
    let mut out = vec![false; plane.len()];
    for z in 0..d {
        for x in 0..w {
            out[z * w + x] = (z.saturating_sub(1)..(z + 2).min(d))
                .any(|nz| (x.saturating_sub(1)..(x + 2).min(w)).any(|nx| plane[nz * w + nx]));
        }
    }
    out
}

fn agreement(coarse: &Grid, fine: &Grid) -> Agreement {
    use donjourno::data::water::WaterKind;
    let (mut hc, mut hf) = (Vec::new(), Vec::new());
    let (w, d) = (coarse.width(), coarse.depth());
    let mut still = [vec![false; w * d], vec![false; w * d]];
    let mut river = [vec![false; w * d], vec![false; w * d]];
    let (mut wc, mut wf) = (0, 0);
    let standing = |k: WaterKind| matches!(k, WaterKind::Lake | WaterKind::Sea);
    for z in 0..coarse.depth() {
        for x in 0..coarse.width() {
            let cells: Vec<usize> = block(fine, x, z).collect();
            let mean = cells
                .iter()
                .map(|&i| f64::from(fine.height[i]))
                .sum::<f64>()
                / cells.len() as f64;
            let i = coarse.index(x, z);
            hc.push(f64::from(coarse.height[i]));
            hf.push(mean);
            let k = z * w + x;
            // Standing water where it covers half the block: where a coarse cell resolves it.
            let held = cells.iter().filter(|&&f| standing(fine.water[f])).count();
            still[0][k] = standing(coarse.water[i]);
            still[1][k] = 2 * held >= cells.len();
            river[0][k] = coarse.water[i] == WaterKind::River;
            river[1][k] = cells.iter().any(|&f| fine.water[f] == WaterKind::River);
            wc += usize::from(coarse.is_water(x, z));
            let wet = cells
                .iter()
                .filter(|&&f| fine.terrain[f] == Terrain::Water)
                .count();
            wf += usize::from(2 * wet >= cells.len());
        }
    }
    let count = |p: &[bool]| p.iter().filter(|v| **v).count();
    Agreement {
        heights: correlation(&hc, &hf),
        still: iou(&still[0], &still[1]),
        still_cells: (count(&still[0]), count(&still[1])),
        rivers: iou(&buffered(&river[0], w, d), &buffered(&river[1], w, d)),
        river_cells: (count(&river[0]), count(&river[1])),
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
/// patches, where two corridors of almost the same cost can swap with the sampling: it is
/// compared on eight worlds, each of which must hold, the others on one.
fn seeds(model: HeightModel) -> Vec<u64> {
    match model {
        HeightModel::Pool => (1..=8).collect(),
        _ => vec![11],
    }
}

/// The least intersection over union of standing water (lakes and sea) in every world, and of
/// rivers buffered by one coarse cell.
const WATER_IOU: f64 = 0.8;

/// The worlds of every model, each as its coarse and its fine map.
fn worlds() -> Vec<(HeightModel, u64, Grid, Grid)> {
    let mut out = Vec::new();
    for model in [
        HeightModel::Pool,
        HeightModel::Subdivision,
        HeightModel::Continents,
    ] {
        for seed in seeds(model) {
            let (coarse, fine) = pair(model, seed);
            out.push((model, seed, coarse, fine));
        }
    }
    out
}

/// Heights, river widths, and water to compare in every world.
#[test]
fn each_height_model_gives_one_world_at_two_resolutions() {
    let mut failures = Vec::new();
    for (model, seed, coarse, fine) in worlds() {
        compare(model, seed, &coarse, &fine, &mut failures);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The water overlaps in every world, not on average: lakes and sea by their intersection over
/// union, rivers by the intersection over union of their courses buffered by one coarse cell,
/// each at least [`WATER_IOU`] where the world has some; and most worlds have both.
#[test]
fn water_overlaps_at_two_resolutions_in_every_world() {
    let mut failures = Vec::new();
    let (mut still, mut rivers) = (0, 0);
    for (model, seed, coarse, fine) in worlds() {
        let a = agreement(&coarse, &fine);
        let world = format!("{model:?}, seed {seed}");
        for (what, v) in [
            ("lakes and sea IoU", a.still),
            ("rivers buffered IoU", a.rivers),
        ] {
            if let Some(v) = v.filter(|v| *v < WATER_IOU) {
                failures.push(format!("{world}: {what} {v:.3}"));
            }
        }
        still += usize::from(a.still.is_some());
        rivers += usize::from(a.rivers.is_some());
    }
    // The overlaps were measured, not skipped.
    assert!(
        still >= 5 && rivers >= 5,
        "lakes or sea compared in {still} worlds, rivers in {rivers}, of 10"
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Prints how the coarse and the fine map of one world agree (the overlaps of its water too) and
/// records what does not: the heights, the river widths, and a world without water at either
/// resolution.
fn compare(model: HeightModel, seed: u64, coarse: &Grid, fine: &Grid, failures: &mut Vec<String>) {
    let a = agreement(coarse, fine);
    let show = |v: Option<f64>| v.map_or("none".to_owned(), |v| format!("{v:.3}"));
    println!(
        "{model:?}, seed {seed}: heights correlate at {:.3}; lakes and sea IoU {} ({} coarse, {} fine cells); rivers buffered IoU {} ({} coarse, {} fine cells)",
        a.heights,
        show(a.still),
        a.still_cells.0,
        a.still_cells.1,
        show(a.rivers),
        a.river_cells.0,
        a.river_cells.1,
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
    let world = format!("{model:?}, seed {seed}");
    // A world without water would compare nothing: each world of the test has some at both
    // resolutions.
    if a.water_cells.0 == 0 || a.water_cells.1 == 0 {
        failures.push(format!(
            "{world}: no water to compare ({} coarse, {} fine cells)",
            a.water_cells.0, a.water_cells.1
        ));
    }
    let (widths, compared) = river_widths(coarse, fine, coarse_cell(model));
    println!(
        "  river widths in metres within one coarse cell on {widths:.3} of {compared} river cells"
    );
    if compared > 0 && widths < 0.9 {
        failures.push(format!("{world}: river widths agree on {widths:.3}"));
    }
    if a.heights < 0.95 {
        failures.push(format!("{world}: heights correlate at {:.3}", a.heights));
    }
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

/// Worlds 1 to 10 have the same settlements (count, and one to one: each with a counterpart of
/// its tier within a hexagon radius) at both resolutions, and roads that overlap on at least 70 % of their length both ways: both maps
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

/// A one-to-one pairing of `n` items with `n` others over the allowed pairs (`cost` gives their
/// cost, `None` for a pair not allowed) whose greatest cost is the least of any perfect
/// pairing, as `(item, other)` pairs; `None` when there is no perfect pairing (or the sizes
/// differ).
fn bottleneck_matching(
    n: usize,
    m: usize,
    cost: impl Fn(usize, usize) -> Option<f32>,
) -> Option<Vec<(usize, usize)>> {
    if n != m {
        return None;
    }
    let mut costs: Vec<f32> = (0..n)
        .flat_map(|a| (0..m).map(move |b| (a, b)))
        .filter_map(|(a, b)| cost(a, b))
        .collect();
    costs.sort_by(f32::total_cmp);
    costs.dedup();
    // The pairing under a bound on the cost: augmenting paths (Kuhn's algorithm).
    let pairing = |bound: f32| -> Option<Vec<(usize, usize)>> {
        let allowed = |a: usize, b: usize| cost(a, b).is_some_and(|c| c <= bound);
        let mut owner: Vec<Option<usize>> = vec![None; m];
        fn augment(
            a: usize,
            m: usize,
            allowed: &dyn Fn(usize, usize) -> bool,
            seen: &mut [bool],
            owner: &mut [Option<usize>],
        ) -> bool {
            for b in 0..m {
                if allowed(a, b) && !seen[b] {
                    seen[b] = true;
                    if owner[b].is_none_or(|o| augment(o, m, allowed, seen, owner)) {
                        owner[b] = Some(a);
                        return true;
                    }
                }
            }
            false
        }
        for a in 0..n {
            if !augment(a, m, &allowed, &mut vec![false; m], &mut owner) {
                return None;
            }
        }
        Some((0..m).filter_map(|b| owner[b].map(|a| (a, b))).collect())
    };
    // The least bound with a perfect pairing.
    let (mut lo, mut hi) = (0usize, costs.len());
    if n == 0 {
        return Some(Vec::new());
    }
    pairing(*costs.last()?)?;
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if pairing(costs[mid - 1]).is_some() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let mut pairs = pairing(costs[hi - 1])?;
    pairs.sort();
    Some(pairs)
}

#[test]
fn bottleneck_matching_pairs_one_to_one() {
    // Nearest-neighbour pairing would give both items of the row the other at 1.0; one to one,
    // the second takes the farther one.
    let d = [[1.0, 2.0], [1.5, 9.0]];
    let pairs = bottleneck_matching(2, 2, |a, b| Some(d[a][b])).unwrap();
    assert_eq!(pairs, vec![(0, 1), (1, 0)]);
    // Pairs not allowed are never taken; no perfect pairing is `None`.
    assert_eq!(
        bottleneck_matching(2, 2, |a, b| (b == 0).then_some(d[a][b])),
        None
    );
    assert_eq!(bottleneck_matching(2, 3, |_, _| Some(1.0)), None);
    assert_eq!(bottleneck_matching(0, 0, |_, _| Some(1.0)), Some(vec![]));
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
    // One to one: each coarse settlement with its own fine one of the same tier, the pairs
    // chosen so that the farthest pair is as near as can be; every pair within one hexagon
    // radius (the same place on the plan: neighbouring hexagon centres lie √3 radii apart).
    let at = |p: [f32; 2], cell: f32| [p[0] * cell, p[1] * cell];
    let distance = |c: usize, f: usize| {
        let [cx, cz] = at(cs[c].position, COARSE_CELL);
        let [fx, fz] = at(fs[f].position, COARSE_CELL / RATIO as f32);
        (fx - cx).hypot(fz - cz)
    };
    let same_tier = |c: usize, f: usize| cs[c].tier == fs[f].tier;
    let pairs = bottleneck_matching(cs.len(), fs.len(), |c, f| {
        same_tier(c, f).then(|| distance(c, f))
    });
    let pairs = pairs
        .unwrap_or_else(|| panic!("no one-to-one matching of the settlements keeps every tier"));
    for &(c, f) in &pairs {
        let d = distance(c, f);
        println!(
            "  {} ({}): the fine {} ({}) {d:.1} m away",
            cs[c].name,
            cs[c].tier.name(),
            fs[f].name,
            fs[f].tier.name()
        );
        assert!(
            d <= SETTLEMENT_HEX,
            "{} and its counterpart {} lie {d:.1} m apart, more than a hexagon radius",
            cs[c].name,
            fs[f].name
        );
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
