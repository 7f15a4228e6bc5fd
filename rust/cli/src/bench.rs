//! `donjourno bench`: the figures the README quotes.

use donjourno::erosion::erode;
use donjourno::layers::{coverage_mask, pool_heights};
use donjourno::mesh::{build_mesh, MeshParams};
use donjourno::{generate, GeneratorParams};
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
        let r = erode(
            &mut h,
            &mask.pool,
            size as usize,
            size as usize,
            droplets,
            &params.terrain.erosion,
            9,
            &|_| true,
        )
        .expect("not cancelled");
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

/// Prints every figure.
pub fn run(quick: bool) {
    let reps = if quick { 1 } else { 5 };
    println!("donjourno bench — {} threads", rayon::current_num_threads());
    erosion(256, reps);
    if !quick {
        erosion(512, 3);
    }
    fbm(reps);
    tessellation(reps);
    end_to_end(if quick { &[128] } else { &[128, 256, 512] }, reps);
}
