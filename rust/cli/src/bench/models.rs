//! The height models' and the world layers' figures: subdivision, continents and their climate
//! fields, a field at scattered positions, and biomes with their ground colours.

use super::median;
use donjourno::data::frame::MapFrame;
use donjourno::stages::climate::{ClimateFields, Field, FieldSample};
use donjourno::stages::landform::subdivision::subdivision_heights;
use donjourno::stages::landform::{continents_heights, continents_of};
use donjourno::{generate, GeneratorParams};
use rayon::prelude::*;
use std::time::Duration;

/// Subdivision (the subdivision article) to a 1025² map of the Fractal Highlands preset (4² squares
/// of 2560 m, 8 iterations): every iteration, the window, its scaling and sea level.
/// Target 25 ms.
pub(super) fn subdivision(reps: usize) {
    let params = GeneratorParams::preset("fractal_highlands").unwrap_or_default();
    let side = 1025;
    let t = median(reps, || {
        subdivision_heights(
            side,
            side,
            params.cell_size,
            params.seed,
            &params.subdivision,
            params.terrain.peak_height,
        )
    });
    println!(
        "subdivision {side}² (4² squares, 8 iterations): {:.1} ms (target ≤ 25 ms)",
        t.as_secs_f64() * 1e3
    );
}

/// Continents heights plus all five climate fields at every cell of a 1024² map, in parallel
/// rows as the core lays them. Target 120 ms.
pub(super) fn continents(reps: usize) {
    let side = 1024usize;
    let params = GeneratorParams {
        width: side as u32,
        depth: side as u32,
        ..GeneratorParams::preset("continent").unwrap_or_default()
    };
    let c = continents_of(&params);
    let frame = MapFrame::of(&params);
    let fields = ClimateFields::new(params.seed, params.climate.feature_scale);
    let sample_all = || {
        let mut samples = vec![FieldSample::default(); side * side];
        samples
            .par_chunks_mut(side)
            .enumerate()
            .for_each(|(z, row)| {
                for (x, s) in row.iter_mut().enumerate() {
                    let (wx, wz) = frame.world(x as f64, z as f64);
                    *s = fields.sample(wx, wz);
                }
            });
        samples
    };
    let height = median(reps, || continents_heights(&c, &frame, side, side));
    let climate = median(reps, sample_all);
    // Together, as a streamed tile asks for them: one `Continents::sample` per cell.
    let both = median(reps, || {
        let mut out = vec![(0.0f32, FieldSample::default()); side * side];
        out.par_chunks_mut(side).enumerate().for_each(|(z, row)| {
            for (x, s) in row.iter_mut().enumerate() {
                let (wx, wz) = frame.world(x as f64, z as f64);
                *s = c.sample(wx, wz);
            }
        });
        out
    });
    println!(
        "continents {side}² height + five fields: {:.1} ms (height {:.1} ms, fields {:.1} ms; target ≤ 120 ms)",
        both.as_secs_f64() * 1e3,
        height.as_secs_f64() * 1e3,
        climate.as_secs_f64() * 1e3
    );
}

/// One field (temperature) at scattered world positions on one thread: the cost of a streaming
/// query. Target 60 ns per sample.
pub(super) fn field_sample(reps: usize) {
    let fields = ClimateFields::new(11, 1.0);
    // Scattered positions over 200 km, from a fixed 64-bit LCG (no two in one lattice cell).
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64 * 200_000.0 - 100_000.0
    };
    let positions: Vec<(f64, f64)> = (0..1 << 20).map(|_| (next(), next())).collect();
    let t = median(reps, || {
        let mut sum = 0.0f32;
        for &(x, z) in &positions {
            sum += fields.field(Field::Temperature, std::hint::black_box(x), z);
        }
        sum
    });
    println!(
        "climate field at scattered positions (one thread): {:.1} ns/sample (target ≤ 60 ns)",
        t.as_secs_f64() * 1e9 / positions.len() as f64
    );
}

/// Biomes (classification, weights, shaping masks) and the ground colours they give, at 1024² on
/// the `continent` preset with biomes on: the `Biomes` and `TerrainTexture` layers' own times
/// in a full generation (erosion cut to a few droplets, which does not change their work).
pub(super) fn biomes(reps: usize) {
    let side = 1024u32;
    let params = continent_with_biomes(side);
    let layer_time = |stats: &donjourno::GenerationStats, name: &str| {
        stats
            .timings
            .iter()
            .filter(|l| l.layer == name)
            .map(|l| l.elapsed)
            .sum::<Duration>()
    };
    let mut runs: Vec<(Duration, Duration)> = (0..reps)
        .filter_map(|_| generate(&params, Default::default()).ok())
        .map(|(_, s)| (layer_time(&s, "Biomes"), layer_time(&s, "TerrainTexture")))
        .collect();
    if runs.is_empty() {
        figure_failed!("biomes {side}²: the generation failed");
        return;
    }
    runs.sort_by_key(|(b, t)| *b + *t);
    let (b, t) = runs[runs.len() / 2];
    println!(
        "biomes + ground {side}²: {:.1} ms (biomes {:.1} ms, ground colours {:.1} ms; target ≤ 100 ms)",
        (b + t).as_secs_f64() * 1e3,
        b.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e3
    );
}

/// The `continent` preset at `side`² with biomes on and erosion cut to a few droplets (which
/// changes no biome or scatter work): the map of the biome-driven figures.
pub(super) fn continent_with_biomes(side: u32) -> GeneratorParams {
    let mut params = GeneratorParams {
        width: side,
        depth: side,
        ..GeneratorParams::preset("continent").unwrap_or_default()
    };
    params.biomes.enabled = true;
    params.set_droplet_count(1_000);
    params
}
