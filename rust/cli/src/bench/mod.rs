//! `donjourno bench`: the figures docs/performance.md quotes.

use donjourno::algorithms::erosion::Erosion;
use donjourno::algorithms::hydrology::{accumulate, flow_directions, priority_flood, FloodOptions};
use donjourno::outputs::mesh::build_mesh;
use donjourno::params::LakeFilter;
use donjourno::params::MeshParams;
use donjourno::stages::landform::pool::{coverage_mask, pool_heights, PoolShape};
use donjourno::{generate, GeneratorParams};
use std::time::{Duration, Instant};

mod chunks;
mod models;
mod navigation;
mod scatter;
mod settlements;
mod targets;
mod tiles;

use models::{biomes, continents, field_sample, subdivision};

/// A `side`² map of the default parameters with 20 000 droplets, for the figure `name`; `None`
/// (after saying so) when it cannot be generated.
fn default_map(name: &str, side: u32) -> Option<(GeneratorParams, donjourno::Grid)> {
    let mut params = GeneratorParams {
        width: side,
        depth: side,
        ..Default::default()
    };
    params.set_droplet_count(20_000);
    match generate(&params, Default::default()) {
        Ok((grid, _)) => Some((params, grid)),
        Err(e) => {
            println!("{name} {side}²: the generation failed: {e}");
            None
        }
    }
}

/// Median wall time of `reps` runs of `f` (at least one).
fn median<T>(reps: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Droplet erosion on the default pool terrain of `size`²; returns nanoseconds per droplet step.
fn erosion(size: u32, reps: usize) -> f64 {
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
        &PoolShape::new(&params.terrain, params.cell_size),
        params.seed,
    );
    let base = pool_heights(
        &mask,
        size as usize,
        params.terrain.peak_height,
        &PoolShape::new(&params.terrain, params.cell_size),
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
            cell_size: params.cell_size,
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
    secs * 1e9 / steps.max(1) as f64
}

/// Plain erosion against lake-aware erosion (default lake filter) for the same droplets.
fn lake_erosion(size: u32, reps: usize) {
    let params = GeneratorParams::default();
    let side = size as usize;
    let (base, pool) = pool_terrain(size);
    let droplets = size * size / 2;
    let filter = params.water.lake_filter(params.cell_size);
    let run = |lakes: Option<LakeFilter>| {
        let mut report = None;
        let erosion = Erosion {
            pool: &pool,
            width: side,
            depth: side,
            droplets,
            params: params.terrain.erosion,
            cell_size: params.cell_size,
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

/// Value fBm on one thread; returns the samples per second by rows, in millions.
fn fbm(reps: usize) -> f64 {
    let side = 512usize;
    let point = median(reps, || {
        let mut s = 0.0f32;
        for z in 0..side {
            for x in 0..side {
                s += donjourno::algorithms::noise::fbm(x as f32 * 0.02, z as f32 * 0.02, 6, 7);
            }
        }
        s
    });
    let mut row = vec![0.0f32; side];
    let rows = median(reps, || {
        for z in 0..side {
            donjourno::algorithms::noise::fbm_row(z, 0.02, 6, 7, &mut row);
        }
        row[0]
    });
    let samples = (side * side) as f64;
    println!(
        "fBm (6 octaves, one thread, scale 0.02): {:.1} Msamples/s per point, {:.1} Msamples/s by rows",
        samples / point.as_secs_f64() / 1e6,
        samples / rows.as_secs_f64() / 1e6
    );
    samples / rows.as_secs_f64() / 1e6
}

fn tessellation(reps: usize) {
    let (grid, _) = generate(
        &GeneratorParams {
            width: 256,
            depth: 256,
            ..Default::default()
        },
        Default::default(),
    )
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

/// The default world end to end at each of `sizes` (side, repetitions): the median time and the
/// time per million cells, which stays level when the work grows with the cells and no faster.
/// Returns the last size's median time, seconds.
fn end_to_end(sizes: &[(u32, usize)]) -> f64 {
    let mut last = 0.0;
    for &(size, reps) in sizes {
        let params = GeneratorParams {
            width: size,
            depth: size,
            ..Default::default()
        };
        let mut steps = 0;
        let t = median(reps, || {
            let (_, stats) = generate(&params, Default::default()).expect("defaults");
            steps = stats.erosion_steps;
        });
        let cells = f64::from(size) * f64::from(size);
        let ms = t.as_secs_f64() * 1e3;
        println!(
            "generate {size}² (defaults, erosion cells {}× the map's, {steps} droplet steps): {ms:.1} ms, {:.0} ms per million cells",
            params.terrain.erosion_factor(cells as usize),
            ms / (cells / 1e6)
        );
        last = t.as_secs_f64();
    }
    last
}

/// A terrain of the default pipeline before erosion: the coverage mask and the pool heights.
fn pool_terrain(size: u32) -> (Vec<f32>, Vec<bool>) {
    let params = GeneratorParams::default();
    let side = size as usize;
    let mask = coverage_mask(
        side,
        side,
        params.terrain.coverage,
        &PoolShape::new(&params.terrain, params.cell_size),
        params.seed,
    );
    let height = pool_heights(
        &mask,
        side,
        params.terrain.peak_height,
        &PoolShape::new(&params.terrain, params.cell_size),
        params.seed,
    );
    (height, mask.pool)
}

/// Priority-Flood, flow directions and accumulation on one thread.
/// Priority-Flood, flow directions and accumulation on one thread; returns the last size's
/// Priority-Flood rate, million cells per second.
fn hydrology(sizes: &[u32], reps: usize) -> f64 {
    let mut last = 0.0;
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    for &size in sizes {
        let side = size as usize;
        let cells = (side * side) as f64;
        let (height, pool) = pool_terrain(size);
        let weight = donjourno::stages::hydrology::meander_weights(side, side, 1.0, 10.0, 1);
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
            last = rate(fill);
        });
    }
    last
}

/// The figures `donjourno bench` prints, by name (for `--only`).
pub const FIGURES: [&str; 14] = [
    "hydrology",
    "erosion",
    "fbm",
    "tessellation",
    "generate",
    "subdivision",
    "continents",
    "field",
    "biomes",
    "scatter",
    "chunks",
    "navigation",
    "tiles",
    "settlements",
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
    // `--quick`: each figure once, at its smallest size (a smoke run: it runs, no timing).
    let reps = if quick { 1 } else { 5 };
    let times = |k: usize| if quick { 1 } else { reps * k };
    let on = |name: &str| only.is_none_or(|o| name.contains(o));
    println!("donjourno bench — {} threads", rayon::current_num_threads());
    let mut goals = targets::Targets::default();
    if on("hydrology") {
        let sizes: &[u32] = if quick { &[512] } else { &[512, 1024] };
        let rate = hydrology(sizes, times(3));
        goals.at_least(
            format!("Priority-Flood, {}², one thread", sizes[sizes.len() - 1]),
            rate,
            "Mcells/s",
            30.0,
            "≥ 30 Mcells/s",
        );
    }
    if on("erosion") {
        let (mut ns, mut side) = (erosion(256, reps), 256);
        lake_erosion(256, reps);
        if !quick {
            (ns, side) = (erosion(512, 3), 512);
            lake_erosion(512, 3);
        }
        goals.at_most(
            format!("droplet erosion, {side}²"),
            ns,
            "ns/step",
            8.0,
            "≤ 8 ns/step",
        );
    }
    if on("fbm") {
        let rows = fbm(reps);
        goals.at_least(
            "value fBm, 6 octaves, one thread, by rows".into(),
            rows,
            "Msamples/s",
            60.0,
            "≥ 60 Msamples/s",
        );
    }
    if on("tessellation") {
        tessellation(reps);
    }
    if on("generate") {
        let sizes: &[(u32, usize)] = if quick {
            &[(128, 1)]
        } else {
            &[(256, 5), (1024, 3), (4096, 1)]
        };
        let secs = end_to_end(sizes);
        let side = sizes[sizes.len() - 1].0;
        goals.at_most(format!("default world {side}²"), secs, "s", 3.0, "≤ 3 s");
        if let Some(mb) = targets::peak_memory_mb() {
            goals.at_most(
                format!("peak memory of the run so far ({side}² world)"),
                mb,
                "MB",
                600.0,
                "≤ 600 MB",
            );
        }
    }
    if on("subdivision") {
        subdivision(times(2));
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
    if on("scatter") {
        scatter::scatter(if quick { 1 } else { 5 });
    }
    if on("chunks") {
        if let Some(ratio) = chunks::chunks(if quick { 1 } else { 3 }) {
            goals.at_most(
                "chunks 1024², 4 levels, against the one mesh".into(),
                ratio,
                "×",
                1.3,
                "≤ 1.3×",
            );
        }
    }
    if on("navigation") {
        navigation::navigation(if quick { 1 } else { 5 });
    }
    if on("settlements") {
        settlements::settlements(if quick { 1 } else { 5 });
    }
    if on("tiles") {
        tiles::tiles(if quick { 1 } else { 3 });
    }
    goals.print(quick);
    Ok(())
}
