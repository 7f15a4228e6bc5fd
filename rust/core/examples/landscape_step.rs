//! The landscape evolution's speed: one step's rivers (routing, sinks, accumulation, implicit
//! incision) and hillslopes on a 1024² lattice, and the whole stage on 1024² maps at two valley
//! widths.
//!
//! `cargo run --release -p donjourno --example landscape_step`

use donjourno::algorithms::landscape::{evolve, Landscape, LandscapeSettings, Scale};
use donjourno::algorithms::noise::fbm;
use std::time::Instant;

/// A fractal map of `n × n` cells of `cell_m` metres, heights in units of 10 m up to 300 m.
fn world(n: usize, cell_m: f32) -> Vec<f32> {
    (0..n * n)
        .map(|i| {
            let (x, z) = ((i % n) as f32 * cell_m, (i / n) as f32 * cell_m);
            30.0 * fbm(x / 600.0, z / 600.0, 6, 58)
        })
        .collect()
}

fn main() {
    let n = 1024;
    let settings = LandscapeSettings::default();
    let spacing = settings.spacing();
    let metres: Vec<f32> = world(n, spacing).iter().map(|h| h * 10.0).collect();
    let mut land = Landscape::new(&metres, n, n, spacing, &settings, None);
    let steps = 5;
    let (mut rivers, mut hillslopes) = (0.0f64, 0.0f64);
    for _ in 0..steps {
        let t = Instant::now();
        land.rivers();
        rivers += t.elapsed().as_secs_f64();
        let t = Instant::now();
        land.hillslopes();
        hillslopes += t.elapsed().as_secs_f64();
    }
    let cells = (n * n) as f64 / 1e6;
    let (rivers, hillslopes) = (rivers / steps as f64, hillslopes / steps as f64);
    println!(
        "{n}² lattice, one step: rivers {:.1} ms ({:.1} Mcells/s), hillslopes {:.1} ms, \
         in all {:.1} Mcells/s",
        rivers * 1e3,
        cells / rivers,
        hillslopes * 1e3,
        cells / (rivers + hillslopes)
    );
    for (cell_m, valley_width) in [(1.0f32, 40.0f32), (2.5, 20.0)] {
        let settings = LandscapeSettings {
            valley_width,
            ..Default::default()
        };
        let map = world(n, cell_m);
        let scale = Scale {
            cell_m,
            height_m: 10.0,
        };
        let t = Instant::now();
        let out = evolve(&map, n, n, scale, &settings, None);
        let lattice = (((n - 1) as f32 * cell_m / settings.spacing()).round() as usize + 1).min(n);
        println!(
            "{n}² map of {cell_m} m cells, valleys {valley_width} m ({lattice}² lattice): \
             {:.0} ms (max {:.2} → {:.2})",
            t.elapsed().as_secs_f64() * 1e3,
            map.iter().fold(0.0f32, |a, &b| a.max(b)),
            out.iter().fold(0.0f32, |a, &b| a.max(b)),
        );
    }
}
