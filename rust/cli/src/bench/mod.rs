//! `donjourno bench`: the figures docs/performance.md quotes.

use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Figures that could not be measured in this run (a generation, a mesh or a layer failed):
/// [`run`] fails when there is any, so that a smoke run of the bench fails with them.
static FAILED_FIGURES: AtomicUsize = AtomicUsize::new(0);

/// Says that a figure could not be measured, in the words of `println!`, and counts it in
/// [`FAILED_FIGURES`].
macro_rules! figure_failed {
    ($($arg:tt)*) => {{
        println!($($arg)*);
        $crate::bench::FAILED_FIGURES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }};
}

mod baseline;
mod chunks;
mod kernels;
mod landscape;
mod models;
mod navigation;
mod scatter;
mod settlements;
mod stamps;
mod targets;
mod tiles;

use kernels::{erosion, fbm, hydrology, lake_erosion};
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
            figure_failed!("{name} {side}²: the generation failed: {e}");
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

/// The figures `donjourno bench` prints, by name (for `--only`).
pub const FIGURES: [&str; 16] = [
    "hydrology",
    "erosion",
    "landscape",
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
    "stamps",
];

/// Prints every figure, or only those whose name (one of [`FIGURES`]) contains `only`; with
/// `grid_out`, the landscape figure writes the lattice its step runs on there (for
/// `make bench-fastscape`).
pub fn run(
    quick: bool,
    only: Option<&str>,
    grid_out: Option<&std::path::Path>,
) -> Result<(), String> {
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
        let flood = hydrology(sizes, times(3));
        let side = sizes[sizes.len() - 1];
        goals.at_least(
            format!("Priority-Flood, {side}², one thread"),
            flood.kernel,
            "Mcells/s",
            30.0,
            "≥ 30 Mcells/s",
        );
        goals.at_least(
            format!(
                "Priority-Flood, {side}², against its baseline ({:.1} Mcells/s)",
                flood.baseline
            ),
            flood.ratio,
            "×",
            2.0,
            "≥ 2×",
        );
    }
    if on("erosion") {
        let (mut drops, mut side) = (erosion(256, reps), 256);
        lake_erosion(256, reps);
        if !quick {
            (drops, side) = (erosion(512, 3), 512);
            lake_erosion(512, 3);
        }
        goals.at_most(
            format!("droplet erosion, {side}²"),
            drops.kernel,
            "ns/step",
            8.0,
            "≤ 8 ns/step",
        );
        goals.at_least(
            format!(
                "droplet erosion, {side}², against its baseline ({:.2} ns/step)",
                drops.baseline
            ),
            drops.ratio,
            "×",
            3.7,
            "≥ 3.7×",
        );
    }
    if on("landscape") {
        let step = landscape::step(if quick { 1 } else { 5 }, grid_out)?;
        goals.at_least(
            format!(
                "landscape step's rivers, {0}² lattice",
                landscape::STEP_SIDE
            ),
            step.rivers_mcells(),
            "Mcells/s",
            12.0,
            "≥ 12 Mcells/s (10× fastscapelib's step here)",
        );
        let side = if quick { 128 } else { 1024 };
        if let Some(secs) = landscape::stage(side, if quick { 1 } else { 3 }) {
            goals.at_most(
                format!("landscape stage, default world {side}²"),
                secs,
                "s",
                1.0,
                "≤ 1 s",
            );
        }
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
    if on("stamps") {
        if let Some(ms) = stamps::stamps(if quick { 1 } else { 5 }) {
            goals.at_most(
                "one stamp moved, 256² default world with erosion, generation and mesh".into(),
                ms,
                "ms",
                150.0,
                "≤ 150 ms",
            );
        }
        stamps::stamps_chunks(if quick { 1 } else { 5 });
    }
    goals.print(quick);
    outcome()
}

/// The run's result: an error naming how many figures could not be measured, if any.
fn outcome() -> Result<(), String> {
    match FAILED_FIGURES.load(Ordering::Relaxed) {
        0 => Ok(()),
        n => Err(format!(
            "{n} figure(s) could not be measured (see the lines above)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_that_failed_fails_the_run() {
        assert_eq!(outcome(), Ok(()));
        figure_failed!("a figure: the generation failed");
        let err = outcome().expect_err("a failed figure must fail the run");
        assert!(err.contains("1 figure(s)"), "{err}");
        FAILED_FIGURES.store(0, Ordering::Relaxed);
    }
}
