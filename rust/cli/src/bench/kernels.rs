//! The figures of the core's kernels alone, on the default pool terrain: droplet erosion (plain
//! and lake-aware), value fBm, and Priority-Flood with flow directions and accumulation; erosion
//! and Priority-Flood beside their plain baselines.

use super::baseline::{droplet, flood, Beside};
use super::median;
use donjourno::algorithms::erosion::Erosion;
use donjourno::algorithms::hydrology::{accumulate, flow_directions, priority_flood, FloodOptions};
use donjourno::params::LakeFilter;
use donjourno::stages::landform::pool::{coverage_mask, pool_heights, PoolShape};
use donjourno::GeneratorParams;
use std::time::Duration;

/// Droplet erosion on the default pool terrain of `size`², the kernel beside the plain baseline
/// (same map, droplets and model); returns their nanoseconds per droplet step.
pub(super) fn erosion(size: u32, reps: usize) -> Beside {
    let params = GeneratorParams::default();
    let (base, pool) = pool_terrain(size);
    let droplets = size * size / 2;
    let mut steps = 0;
    let t = median(reps, || {
        let mut h = base.clone();
        let erosion = bench_erosion(&pool, size as usize, droplets, &params, None);
        let r = erosion.run(&mut h, &mut |_| true).expect("not cancelled");
        steps = r.steps;
    });
    let secs = t.as_secs_f64();
    let ns = secs * 1e9 / steps.max(1) as f64;
    println!(
        "erosion {size}²: {droplets} droplets, {steps} steps, {:.1} ms → {ns:.2} ns/droplet-step, {:.0} droplets/s",
        secs * 1e3,
        f64::from(droplets) / secs
    );
    let beside = Beside::times(ns, erosion_baseline(size, &base, &pool, reps));
    println!(
        "erosion {size}² against its baseline: {:.2}× (kernel {:.2} ns/droplet-step on {} threads, baseline {:.2} on one)",
        beside.ratio,
        beside.kernel,
        rayon::current_num_threads(),
        beside.baseline
    );
    beside
}

/// The droplet erosion the bench times: `droplets` droplets of `params`' model, seed 9, on a
/// `side`² map whose land is `pool`.
pub(super) fn bench_erosion<'a>(
    pool: &'a [bool],
    side: usize,
    droplets: u32,
    params: &GeneratorParams,
    lakes: Option<LakeFilter>,
) -> Erosion<'a> {
    Erosion {
        pool,
        width: side,
        depth: side,
        droplets,
        params: params.terrain.erosion,
        cell_size: params.cell_size,
        seed: 9,
        lakes,
        guard: Default::default(),
    }
}

/// The plain droplet erosion (one droplet after another, one thread) on `base` and `pool`, a
/// `size`² map, with the droplets and model of [`erosion`]; prints and returns its nanoseconds
/// per droplet step.
fn erosion_baseline(size: u32, base: &[f32], pool: &[bool], reps: usize) -> f64 {
    let params = GeneratorParams::default();
    let side = size as usize;
    let droplets = size * size / 2;
    let mut steps = 0;
    let t = median(reps, || {
        let mut height = base.to_vec();
        let mut map = droplet::Map {
            height: &mut height,
            pool,
            width: side,
            depth: side,
        };
        let r = droplet::erode(
            &mut map,
            droplets,
            &params.terrain.erosion,
            params.cell_size,
            9,
        );
        steps = r.steps;
    });
    let ns = t.as_secs_f64() * 1e9 / steps.max(1) as f64;
    println!(
        "erosion baseline {size}² (plain, one droplet after another, one thread): {droplets} droplets, {steps} steps, {:.1} ms → {ns:.2} ns/droplet-step",
        t.as_secs_f64() * 1e3
    );
    ns
}

/// Plain erosion against lake-aware erosion (default lake filter) for the same droplets.
pub(super) fn lake_erosion(size: u32, reps: usize) {
    let params = GeneratorParams::default();
    let side = size as usize;
    let (base, pool) = pool_terrain(size);
    let droplets = size * size / 2;
    let filter = params.water.lake_filter(params.cell_size);
    let run = |lakes: Option<LakeFilter>| {
        let mut report = None;
        let erosion = bench_erosion(&pool, side, droplets, &params, lakes);
        let t = median(reps, || {
            let mut h = base.clone();
            report = erosion.run(&mut h, &mut |_| true).ok();
        });
        if report.is_none() {
            figure_failed!("lake-aware erosion {size}²: the erosion failed");
        }
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
pub(super) fn fbm(reps: usize) -> f64 {
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
    let by_rows = samples / rows.as_secs_f64() / 1e6;
    println!(
        "fBm (6 octaves, one thread, scale 0.02): {:.1} Msamples/s per point, {by_rows:.1} Msamples/s by rows",
        samples / point.as_secs_f64() / 1e6,
    );
    by_rows
}

/// A terrain of the default pipeline before erosion: the pool heights and the pool mask.
pub(super) fn pool_terrain(size: u32) -> (Vec<f32>, Vec<bool>) {
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

/// Priority-Flood, flow directions and accumulation on one thread, and the plain binary-heap
/// Priority-Flood beside the core's; returns the last size's Priority-Flood rates of both,
/// million cells per second.
pub(super) fn hydrology(sizes: &[u32], reps: usize) -> Beside {
    let mut last = Beside::rates(0.0, 1.0);
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
            let plain = median(reps, || flood::fill(&height, side, side));
            if flood::fill(&height, side, side) != flood.filled {
                figure_failed!(
                    "Priority-Flood baseline {size}²: its filled surface differs from the core's"
                );
            }
            last = Beside::rates(rate(fill), rate(plain));
            println!(
                "Priority-Flood {size}² against its baseline (binary heap, Barnes et al. 2014): {:.2}× (core {:.1} Mcells/s, baseline {:.1} Mcells/s)",
                last.ratio, last.kernel, last.baseline
            );
        });
    }
    last
}
