//! The stamps figure: the default world at 256² regenerated after one stamp moved, erosion on, as
//! the editor regenerates it while a designer drags a stamp.

use donjourno::outputs::mesh::build_mesh;
use donjourno::params::stamps::Stamp;
use donjourno::params::MeshParams;
use donjourno::{generate, GenerateOptions, GeneratorParams};
use std::time::{Duration, Instant};

/// Side of the map, cells of 1 m.
const SIDE: u32 = 256;

/// Times `reps` regenerations with a mountain stamp moved a little each time (nothing reused)
/// and prints the medians of the generation and the mesh; returns the median of the two
/// together, milliseconds.
pub(super) fn stamps(reps: usize) -> Option<f64> {
    let params = GeneratorParams {
        width: SIDE,
        depth: SIDE,
        ..Default::default()
    };
    let mut generation = Vec::new();
    let mut total = Vec::new();
    for i in 0..reps.max(1) {
        let mut options = GenerateOptions::default();
        options.inputs.stamps = vec![Stamp {
            position: [100.0 + 3.0 * i as f32, 120.0],
            radius: 40.0,
            height: 30.0,
            ..Default::default()
        }];
        let start = Instant::now();
        let Ok((grid, _)) = generate(&params, options) else {
            println!("stamps: the generation failed");
            return None;
        };
        generation.push(start.elapsed());
        if build_mesh(&grid, &MeshParams::default()).is_err() {
            println!("stamps: the mesh failed");
            return None;
        }
        total.push(start.elapsed());
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1000.0
    };
    let (g, t) = (median(&mut generation), median(&mut total));
    println!(
        "stamps: {SIDE}² default world with erosion, one stamp moved: generation {g:.1} ms, with the mesh {t:.1} ms (median of {})",
        reps.max(1)
    );
    Some(t)
}
