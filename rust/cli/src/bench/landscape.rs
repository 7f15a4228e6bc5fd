//! The landscape evolution's figures: one step on a fractal lattice (the rivers' part, which
//! `make bench-fastscape` compares with fastscapelib's step on the same grid, and the
//! hillslopes'), and the whole stage in the default world, as its time on top of the same world
//! generated without it.

use super::median;
use donjourno::algorithms::landscape::{Landscape, LandscapeSettings};
use donjourno::algorithms::noise::fbm;
use donjourno::{generate, GeneratorParams};
use std::path::Path;
use std::time::Instant;

/// Side of the lattice the step is timed on, nodes.
pub(super) const STEP_SIDE: usize = 1024;

/// A fractal lattice of `n × n` nodes `spacing` metres apart: heights in metres, up to 300 m.
fn fractal(n: usize, spacing: f32) -> Vec<f32> {
    (0..n * n)
        .map(|i| {
            let (x, z) = ((i % n) as f32 * spacing, (i / n) as f32 * spacing);
            300.0 * fbm(x / 600.0, z / 600.0, 6, 58)
        })
        .collect()
}

/// One step's parts on a lattice, milliseconds.
pub(super) struct Step {
    /// Routing with the sinks filled, drainage areas, implicit incision.
    pub rivers_ms: f64,
    /// Implicit diffusion and the talus limit.
    pub hillslopes_ms: f64,
}

impl Step {
    /// The rivers' part in millions of lattice nodes a second.
    pub fn rivers_mcells(&self) -> f64 {
        (STEP_SIDE * STEP_SIDE) as f64 / 1e3 / self.rivers_ms
    }
}

/// The median of `reps` steps on the [`STEP_SIDE`]² fractal lattice of the default settings'
/// spacing; with `grid_out`, the lattice's starting heights are written there first (row by
/// row, little-endian `f32` metres) for a peer to step on the same grid.
pub(super) fn step(reps: usize, grid_out: Option<&Path>) -> Result<Step, String> {
    let n = STEP_SIDE;
    let settings = LandscapeSettings::default();
    let spacing = settings.spacing();
    let start = fractal(n, spacing);
    if let Some(path) = grid_out {
        let bytes: Vec<u8> = start.iter().flat_map(|h| h.to_le_bytes()).collect();
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut land = Landscape::new(&start, n, n, spacing, &settings, None);
    let (mut rivers, mut hillslopes) = (Vec::new(), Vec::new());
    for _ in 0..reps {
        let t = Instant::now();
        land.rivers();
        rivers.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        land.hillslopes();
        hillslopes.push(t.elapsed().as_secs_f64());
    }
    let mid = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2] * 1e3
    };
    let step = Step {
        rivers_ms: mid(rivers),
        hillslopes_ms: mid(hillslopes),
    };
    let cells = (n * n) as f64 / 1e3;
    println!(
        "landscape step, {n}² lattice of {spacing} m: rivers (routing, sinks, accumulation, \
         implicit incision) {:.1} ms, {:.1} Mcells/s; hillslopes {:.1} ms; in all {:.1} Mcells/s",
        step.rivers_ms,
        step.rivers_mcells(),
        step.hillslopes_ms,
        cells / (step.rivers_ms + step.hillslopes_ms)
    );
    if grid_out.is_some() {
        println!(
            "rivers_ms={:.3} hillslopes_ms={:.3} spacing_m={spacing} side={n}",
            step.rivers_ms, step.hillslopes_ms
        );
    }
    Ok(step)
}

/// The stage's time in the default world of `side`²: the median generation with the stage on
/// (age 1) less the median without it, seconds, with both printed.
pub(super) fn stage(side: u32, reps: usize) -> Option<f64> {
    let mut params = GeneratorParams {
        width: side,
        depth: side,
        ..Default::default()
    };
    let mut run = |age: f32| {
        params.landscape.age = age;
        let mut ok = true;
        let t = median(reps, || ok &= generate(&params, Default::default()).is_ok());
        ok.then_some(t.as_secs_f64())
    };
    let (Some(off), Some(on)) = (run(0.0), run(1.0)) else {
        figure_failed!("landscape stage, default world {side}²: the generation failed");
        return None;
    };
    println!(
        "landscape stage, default world {side}²: {:.0} ms without, {:.0} ms with the stage \
         (age 1): the stage {:.0} ms, {:.2}× the world without it",
        off * 1e3,
        on * 1e3,
        (on - off) * 1e3,
        on / off
    );
    Some(on - off)
}
