//! A bigger map at the same cell size is a bigger piece of the same kind of land: the pool
//! model's mountains keep their heights and slopes from 128² to 2048² cells of 1 m (never
//! stretched into mesas), and every model keeps its rivers per square kilometre from 512² to
//! 4096².
//!
//! A pool's edge is no steeper than its mountains' flanks (the 90th percentiles of their slopes).

use donjourno::data::grid::Grid;
use donjourno::data::stats::GenerationStats;
use donjourno::{generate, GeneratorParams, HeightModel};

/// One default world of `side`² cells of 1 m.
fn world(model: HeightModel, side: u32, seed: u64) -> (Grid, GenerationStats) {
    generate(&params_of(model, side, seed), Default::default()).unwrap()
}

/// The `q`-quantile of `values` (sorted in place).
fn quantile(values: &mut [f32], q: f64) -> f32 {
    values.sort_unstable_by(f32::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

/// The slope (rise per run, height units per metre) of every inner cell, by central differences.
fn slopes(grid: &Grid) -> Vec<Option<f32>> {
    let (w, d) = (grid.width(), grid.depth());
    (0..grid.len())
        .map(|i| {
            let (x, z) = (i % w, i / w);
            if x == 0 || z == 0 || x + 1 == w || z + 1 == d {
                return None;
            }
            let h = &grid.height;
            let gx = (h[i + 1] - h[i - 1]) * 0.5;
            let gz = (h[i + w] - h[i - w]) * 0.5;
            Some(gx.hypot(gz))
        })
        .collect()
}

/// Figures of the pool model's mountains on one map.
#[derive(Debug)]
struct Mountains {
    /// Standard deviation of the heights of the pool cells.
    spread: f32,
    /// Median and 90th percentile of the pool cells' slopes.
    slope: [f32; 2],
    /// 90th percentile of the slopes of the pool cells within [`EDGE_FOOT`] of the flat ground
    /// (the foot of a patch's edge, where a wall would stand).
    edge: f32,
    /// 90th percentile of the slopes of the mountain cells farther from the flat ground (the
    /// flanks).
    flanks: f32,
}

/// Metres from the flat ground within which a pool cell is the foot of its patch's edge.
const EDGE_FOOT: f32 = 4.0;

/// Per cell: a pool cell within `reach` metres (cells of 1 m) of a cell outside the pool.
fn near_flat(grid: &Grid, reach: f32) -> Vec<bool> {
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    let r = reach.ceil() as i64;
    (0..grid.len())
        .map(|i| {
            let (x, z) = ((i as i64) % w, (i as i64) / w);
            grid.pool[i]
                && (-r..=r).any(|dz| {
                    (-r..=r).any(|dx| {
                        let (nx, nz) = (x + dx, z + dz);
                        ((dx * dx + dz * dz) as f32) <= reach * reach
                            && (0..w).contains(&nx)
                            && (0..d).contains(&nz)
                            && !grid.pool[(nz * w + nx) as usize]
                    })
                })
        })
        .collect()
}

fn mountains(grid: &Grid) -> Mountains {
    let pool: Vec<usize> = (0..grid.len()).filter(|&i| grid.pool[i]).collect();
    let mean = pool.iter().map(|&i| f64::from(grid.height[i])).sum::<f64>() / pool.len() as f64;
    let var = pool
        .iter()
        .map(|&i| (f64::from(grid.height[i]) - mean).powi(2))
        .sum::<f64>()
        / pool.len() as f64;
    let slope = slopes(grid);
    let near_flat = near_flat(grid, EDGE_FOOT);
    let (mut all, mut edge, mut flanks) = (Vec::new(), Vec::new(), Vec::new());
    for &i in &pool {
        let Some(s) = slope[i] else { continue };
        all.push(s);
        if near_flat[i] {
            edge.push(s);
        } else if grid.terrain[i] == donjourno::data::grid::Terrain::Mountain {
            flanks.push(s);
        }
    }
    Mountains {
        spread: var.sqrt() as f32,
        slope: [quantile(&mut all, 0.5), quantile(&mut all, 0.9)],
        edge: quantile(&mut edge, 0.9),
        flanks: quantile(&mut flanks, 0.9),
    }
}

/// `value` within `share` of `reference`.
fn within(value: f32, reference: f32, share: f32) -> bool {
    (value - reference).abs() <= share * reference.abs()
}

#[test]
fn pool_mountains_keep_their_heights_and_slopes_on_bigger_maps() {
    // The 128² reference over four seeds: one map holds a few patches only.
    let small: Vec<Mountains> = (11..15)
        .map(|seed| mountains(&world(HeightModel::Pool, 128, seed).0))
        .collect();
    let n = small.len() as f32;
    let reference = Mountains {
        spread: small.iter().map(|m| m.spread).sum::<f32>() / n,
        slope: [0, 1].map(|k| small.iter().map(|m| m.slope[k]).sum::<f32>() / n),
        edge: small.iter().map(|m| m.edge).sum::<f32>() / n,
        flanks: small.iter().map(|m| m.flanks).sum::<f32>() / n,
    };
    println!("128² (mean of 4 seeds): {reference:?}");
    let mut failures = Vec::new();
    for side in [512, 2048] {
        let m = mountains(&world(HeightModel::Pool, side, 11).0);
        println!("{side}²: {m:?}");
        if !within(m.spread, reference.spread, 0.25) {
            failures.push(format!(
                "{side}²: height spread {} against {}",
                m.spread, reference.spread
            ));
        }
        for k in 0..2 {
            if !within(m.slope[k], reference.slope[k], 0.25) {
                failures.push(format!(
                    "{side}²: slope quantile {k}: {} against {}",
                    m.slope[k], reference.slope[k]
                ));
            }
        }
        println!(
            "  {side}²: edge {:.3} against flanks {:.3} (90th percentile slopes)",
            m.edge, m.flanks
        );
        if m.edge > m.flanks {
            failures.push(format!(
                "{side}²: the edge is steeper than the flanks: {} against {}",
                m.edge, m.flanks
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// River channel and land of one map: (km of channel, km² of land).
fn rivers_and_land(params: &GeneratorParams) -> (f64, f64) {
    let (grid, stats) = generate(params, Default::default()).unwrap();
    let sea = grid.water_counts()[donjourno::data::water::WaterKind::Sea as usize];
    let cell_km2 = f64::from(params.cell_size).powi(2) * 1e-6;
    (
        stats.river_length * 1e-3,
        (grid.len() - sea) as f64 * cell_km2,
    )
}

/// The default world `seed` of the model on `side`² cells of 1 m.
fn params_of(model: HeightModel, side: u32, seed: u64) -> GeneratorParams {
    GeneratorParams {
        height_model: model,
        width: side,
        depth: side,
        seed,
        ..Default::default()
    }
}

/// Kilometres of river channel per square kilometre of land (the drainage density) over maps.
fn density(maps: impl Iterator<Item = GeneratorParams>) -> f64 {
    let (river, land) = maps
        .map(|p| rivers_and_land(&p))
        .fold((0.0, 0.0), |(r, l), (dr, dl)| (r + dr, l + dl));
    river / land.max(f64::MIN_POSITIVE)
}

/// The small maps each model's 4096² map is compared with. The pool and subdivision models are
/// the same kind of land everywhere, but a 512² map holds only a few of their features (sixteen
/// subdivision squares): four worlds of 512². The continents are one world whose places differ
/// (ocean, coast, plains and ranges several kilometres apart), so a window of 512 m is one place:
/// the sixteen windows of 512² every 1024 m over the 4096² map's land, each generated on its own.
fn small_maps(model: HeightModel) -> Vec<GeneratorParams> {
    match model {
        HeightModel::Continents => (0..16)
            .map(|k| GeneratorParams {
                origin_x: 1024.0 * (k % 4) as f32,
                origin_z: 1024.0 * (k / 4) as f32,
                ..params_of(model, 512, 11)
            })
            .collect(),
        _ => [1, 2, 3, 11]
            .into_iter()
            .map(|seed| params_of(model, 512, seed))
            .collect(),
    }
}

/// Asserts that `model` keeps its rivers per square kilometre from 512² to 4096² (within 25 %).
fn keeps_its_rivers(model: HeightModel) {
    let small = density(small_maps(model).into_iter());
    let big = density(std::iter::once(params_of(model, 4096, 11)));
    println!("{model:?}: {small:.2} km of river per km² of land at 512², {big:.2} at 4096²");
    assert!(small > 0.0, "{model:?}: the 512² maps have rivers");
    assert!(
        (big - small).abs() <= 0.25 * small,
        "{model:?}: {small:.2} km/km² at 512², {big:.2} at 4096²"
    );
}

#[test]
fn the_pool_model_keeps_its_rivers_per_square_kilometre_on_bigger_maps() {
    keeps_its_rivers(HeightModel::Pool);
}

#[test]
fn the_subdivision_model_keeps_its_rivers_per_square_kilometre_on_bigger_maps() {
    keeps_its_rivers(HeightModel::Subdivision);
}

#[test]
fn the_continents_keep_their_rivers_per_square_kilometre_on_bigger_maps() {
    keeps_its_rivers(HeightModel::Continents);
}
