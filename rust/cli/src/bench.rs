//! `donjourno bench`: the figures the README quotes.

use donjourno::climate::{ClimateFields, Field, FieldSample, MapFrame};
use donjourno::erosion::Erosion;
use donjourno::hydrology::{accumulate, flow_directions, priority_flood, FloodOptions, LakeFilter};
use donjourno::landform::subdivision::subdivision_heights;
use donjourno::landform::{continents_heights, continents_of};
use donjourno::layers::{coverage_mask, pool_heights};
use donjourno::mesh::{build_mesh, MeshParams};
use donjourno::{generate, GeneratorParams};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Median wall time of `reps` runs of `f`.
fn median<T>(reps: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn erosion(size: u32, reps: usize) {
    let params = GeneratorParams {
        width: size,
        depth: size,
        ..Default::default()
    };
    let n = (size * size) as usize;
    let mask = coverage_mask(
        size as usize,
        size as usize,
        params.terrain.coverage,
        params.seed,
    );
    let base = pool_heights(
        &mask,
        size as usize,
        params.terrain.peak_height,
        params.seed,
    );
    let droplets = n as u32 / 2;
    let mut steps = 0;
    let t = median(reps, || {
        let mut h = base.clone();
        let erosion = Erosion {
            pool: &mask.pool,
            width: size as usize,
            depth: size as usize,
            droplets,
            params: params.terrain.erosion,
            seed: 9,
            lakes: None,
            guard: Default::default(),
        };
        let r = erosion.run(&mut h, &mut |_| true).expect("not cancelled");
        steps = r.steps;
    });
    let secs = t.as_secs_f64();
    println!(
        "erosion {size}²: {droplets} droplets, {steps} steps, {:.1} ms → {:.2} ns/droplet-step, {:.0} droplets/s",
        secs * 1e3,
        secs * 1e9 / steps as f64,
        f64::from(droplets) / secs
    );
}

/// Plain erosion against lake-aware erosion (default lake filter) for the same droplets.
fn lake_erosion(size: u32, reps: usize) {
    let params = GeneratorParams::default();
    let side = size as usize;
    let (base, pool) = pool_terrain(size);
    let droplets = size * size / 2;
    let filter = params.water.lake_filter();
    let run = |lakes: Option<LakeFilter>| {
        let mut report = None;
        let erosion = Erosion {
            pool: &pool,
            width: side,
            depth: side,
            droplets,
            params: params.terrain.erosion,
            seed: 9,
            lakes,
            guard: Default::default(),
        };
        let t = median(reps, || {
            let mut h = base.clone();
            report = erosion.run(&mut h, &mut |_| true).ok();
        });
        (t, report.unwrap_or_default())
    };
    let (plain, plain_report) = run(None);
    let plain_steps = plain_report.steps;
    let (lakes, r) = run(Some(filter));
    println!(
        "lake-aware erosion {size}²: {droplets} droplets, plain {:.1} ms ({plain_steps} steps), with lakes {:.1} ms ({} steps, {} lake jumps, {} lake-map builds) → {:.2}×",
        plain.as_secs_f64() * 1e3,
        lakes.as_secs_f64() * 1e3,
        r.steps,
        r.lake_jumps,
        r.lake_rebuilds,
        lakes.as_secs_f64() / plain.as_secs_f64()
    );
}

fn fbm(reps: usize) {
    let side = 512usize;
    let point = median(reps, || {
        let mut s = 0.0f32;
        for z in 0..side {
            for x in 0..side {
                s += donjourno::noise::fbm(x as f32 * 0.02, z as f32 * 0.02, 6, 7);
            }
        }
        s
    });
    let mut row = vec![0.0f32; side];
    let rows = median(reps, || {
        for z in 0..side {
            donjourno::noise::fbm_row(z, 0.02, 6, 7, &mut row);
        }
        row[0]
    });
    let samples = (side * side) as f64;
    println!(
        "fBm (6 octaves, one thread, scale 0.02): {:.1} Msamples/s per point, {:.1} Msamples/s by rows",
        samples / point.as_secs_f64() / 1e6,
        samples / rows.as_secs_f64() / 1e6
    );
}

fn tessellation(reps: usize) {
    let (grid, _) = generate(&GeneratorParams {
        width: 256,
        depth: 256,
        ..Default::default()
    })
    .expect("defaults");
    for subdivisions in [1, 4] {
        let p = MeshParams {
            subdivisions,
            ..Default::default()
        };
        let t = median(reps, || build_mesh(&grid, &p).expect("within budget"));
        let verts = p.vertex_count(256, 256) as f64;
        println!(
            "tessellation 256², subdivisions {subdivisions}: {:.0} k vertices in {:.1} ms → {:.1} Mvertices/s",
            verts / 1e3,
            t.as_secs_f64() * 1e3,
            verts / t.as_secs_f64() / 1e6
        );
    }
}

fn end_to_end(sizes: &[u32], reps: usize) {
    for &size in sizes {
        let params = GeneratorParams {
            width: size,
            depth: size,
            ..Default::default()
        };
        let mut steps = 0;
        let t = median(reps, || {
            let (_, stats) = generate(&params).expect("defaults");
            steps = stats.erosion_steps;
        });
        println!(
            "generate {size}² (defaults, {} droplets, {steps} steps): {:.1} ms",
            params.terrain.droplets,
            t.as_secs_f64() * 1e3
        );
    }
}

/// A terrain of the default pipeline before erosion: the coverage mask and the pool heights.
fn pool_terrain(size: u32) -> (Vec<f32>, Vec<bool>) {
    let params = GeneratorParams::default();
    let side = size as usize;
    let mask = coverage_mask(side, side, params.terrain.coverage, params.seed);
    let height = pool_heights(&mask, side, params.terrain.peak_height, params.seed);
    (height, mask.pool)
}

/// Priority-Flood, flow directions and accumulation on one thread.
fn hydrology(sizes: &[u32], reps: usize) {
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    for &size in sizes {
        let side = size as usize;
        let cells = (side * side) as f64;
        let (height, pool) = pool_terrain(size);
        let weight = donjourno::layers::meander_weights(side, side, 1);
        let rate = |t: Duration| cells / t.as_secs_f64() / 1e6;
        single.install(|| {
            let fill = median(reps, || {
                priority_flood(&height, side, side, FloodOptions::default()).expect("sizes match")
            });
            let routed = median(reps, || {
                priority_flood(
                    &height,
                    side,
                    side,
                    FloodOptions {
                        flat_weight: Some(&weight),
                        ..Default::default()
                    },
                )
                .expect("sizes match")
            });
            let flood = priority_flood(&height, side, side, FloodOptions::default())
                .expect("sizes match");
            let dirs = median(reps, || flow_directions(&flood));
            let receivers = flow_directions(&flood);
            let acc = median(reps, || accumulate(&flood, &receivers, &pool).expect("sizes match"));
            println!(
                "hydrology {size}² (default terrain before erosion, one thread): Priority-Flood {:.1} Mcells/s ({:.1} with meandering flats), flow directions {:.1} Mcells/s, accumulation {:.1} Mcells/s",
                rate(fill),
                rate(routed),
                rate(dirs),
                rate(acc)
            );
        });
    }
}

/// Subdivision (seed 004) to a 1025² map: every iteration, the window, its scaling and sea level.
/// Target 25 ms.
fn subdivision(reps: usize) {
    let params = GeneratorParams::preset("fractal_highlands").unwrap_or_default();
    let side = 1025;
    let t = median(reps, || {
        subdivision_heights(
            side,
            side,
            params.seed,
            &params.subdivision,
            params.terrain.peak_height,
        )
    });
    println!(
        "subdivision {side}² (10 iterations): {:.1} ms (target ≤ 25 ms)",
        t.as_secs_f64() * 1e3
    );
}

/// Continents heights plus all five climate fields at every cell of a 1024² map, in parallel
/// rows as the core lays them. Target 120 ms.
fn continents(reps: usize) {
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
fn field_sample(reps: usize) {
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
fn biomes(reps: usize) {
    let side = 1024u32;
    let mut params = GeneratorParams {
        width: side,
        depth: side,
        ..GeneratorParams::preset("continent").unwrap_or_default()
    };
    params.biomes.enabled = true;
    params.terrain.droplets = 1_000;
    let layer_time = |stats: &donjourno::GenerationStats, name: &str| {
        stats
            .timings
            .iter()
            .filter(|l| l.layer == name)
            .map(|l| l.elapsed)
            .sum::<Duration>()
    };
    let mut runs: Vec<(Duration, Duration)> = (0..reps)
        .filter_map(|_| generate(&params).ok())
        .map(|(_, s)| (layer_time(&s, "Biomes"), layer_time(&s, "TerrainTexture")))
        .collect();
    if runs.is_empty() {
        println!("biomes {side}²: the generation failed");
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

/// The figures `donjourno bench` prints, by name (for `--only`).
pub const FIGURES: [&str; 9] = [
    "hydrology",
    "erosion",
    "fbm",
    "tessellation",
    "generate",
    "subdivision",
    "continents",
    "field",
    "biomes",
];

/// Prints every figure, or only those whose name (one of [`FIGURES`]) contains `only`.
pub fn run(quick: bool, only: Option<&str>) -> Result<(), String> {
    if let Some(o) = only {
        if !FIGURES.iter().any(|f| f.contains(o)) {
            return Err(format!(
                "--only {o}: no such figure (one of {})",
                FIGURES.join(", ")
            ));
        }
    }
    let reps = if quick { 1 } else { 5 };
    let on = |name: &str| only.is_none_or(|o| name.contains(o));
    println!("donjourno bench — {} threads", rayon::current_num_threads());
    if on("hydrology") {
        hydrology(if quick { &[512] } else { &[512, 1024] }, reps * 3);
    }
    if on("erosion") {
        erosion(256, reps);
        lake_erosion(256, reps);
        if !quick {
            erosion(512, 3);
            lake_erosion(512, 3);
        }
    }
    if on("fbm") {
        fbm(reps);
    }
    if on("tessellation") {
        tessellation(reps);
    }
    if on("generate") {
        end_to_end(if quick { &[128] } else { &[128, 256, 512] }, reps);
    }
    if on("subdivision") {
        subdivision(reps * 2);
    }
    if on("continents") {
        continents(reps);
    }
    if on("field") {
        field_sample(reps);
    }
    if on("biomes") {
        biomes(if quick { 1 } else { 3 });
    }
    Ok(())
}
