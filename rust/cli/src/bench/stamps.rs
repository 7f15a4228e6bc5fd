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
            figure_failed!("stamps: the generation failed");
            return None;
        };
        generation.push(start.elapsed());
        if build_mesh(&grid, &MeshParams::default()).is_err() {
            figure_failed!("stamps: the mesh failed");
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

/// Times `reps` regenerations of the default world at 256² without erosion, drawn in chunks of
/// 32² with a mountain stamp moved a little each time, and prints how many chunks differ from
/// the previous map and the medians of building only those against building every chunk (the
/// meshes in Godot's layout, as the terrain builds them). Returns the patch's median,
/// milliseconds.
pub(super) fn stamps_chunks(reps: usize) -> Option<f64> {
    use donjourno::outputs::godot_surface::{chunk_surfaces, chunk_surfaces_of};
    use donjourno::outputs::mesh::chunk_changes::changed_chunks;
    use donjourno::outputs::mesh::chunks::ChunkBuilder;
    let mut params = GeneratorParams {
        width: SIDE,
        depth: SIDE,
        ..Default::default()
    };
    params.set_droplet_count(0);
    let mesh = MeshParams {
        chunk_size: 32,
        ..Default::default()
    };
    let run = |i: usize| {
        let mut options = GenerateOptions::default();
        options.inputs.stamps = vec![Stamp {
            position: [100.0 + 3.0 * i as f32, 120.0],
            radius: 20.0,
            height: 4.0,
            ..Default::default()
        }];
        generate(&params, options).ok().map(|(grid, _)| grid)
    };
    let Some(mut previous) = run(0) else {
        figure_failed!("stamps: the generation failed");
        return None;
    };
    let (mut patch, mut whole, mut generation) = (Vec::new(), Vec::new(), Vec::new());
    let (mut changed_count, mut total) = (0, 0);
    for i in 1..=reps.max(1) {
        let start = Instant::now();
        let grid = run(i)?;
        generation.push(start.elapsed());
        let builder = ChunkBuilder::new(&grid, &mesh).ok()?;
        let start = Instant::now();
        let changed = changed_chunks(&builder.layout, &previous, &grid);
        let built = chunk_surfaces_of(&builder, &changed);
        patch.push(start.elapsed());
        let start = Instant::now();
        let every = chunk_surfaces(&builder);
        whole.push(start.elapsed());
        (changed_count, total) = (built.len(), every.len());
        previous = grid;
    }
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1000.0
    };
    let (g, p, w) = (
        median(&mut generation),
        median(&mut patch),
        median(&mut whole),
    );
    println!(
        "stamps: {SIDE}² default world without erosion in chunks of 32², one stamp moved: {changed_count} of {total} chunks differ; their meshes {p:.1} ms (the comparison included) against {w:.1} ms for every chunk; generation {g:.1} ms (median of {})",
        reps.max(1)
    );
    Some(p)
}
