//! Cancellation through the progress sink: erosion stops after the batch in which the sink says
//! stop, the run ends with a cancelled error naming the layer, and no later layer runs.

use donjourno::algorithms::erosion::{Erosion, ErosionError, BATCH};
use donjourno::stages::landform::pool::{coverage_mask, pool_heights, PoolShape};
use donjourno::stages::pipeline::Layer;
use donjourno::{
    generate, stages::generate::default_pipeline, Context, GenerateOptions, GeneratorParams, Grid,
    LayerError, Progress,
};
use std::sync::{Arc, Mutex};

fn params() -> GeneratorParams {
    let mut p = GeneratorParams {
        width: 64,
        depth: 64,
        ..Default::default()
    };
    p.set_droplet_count(8 * BATCH as u32);
    p
}

/// A sink that records every fraction and asks to stop at the first one.
fn stop_at_first() -> (Progress, Arc<Mutex<Vec<f32>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let progress = Progress::new(move |f| {
        log.lock().unwrap().push(f);
        false
    });
    (progress, seen)
}

#[test]
fn generate_cancelled_after_the_first_batch_is_a_cancelled_error() {
    let (progress, seen) = stop_at_first();
    let err = generate(&params(), GenerateOptions::with_progress(progress)).unwrap_err();
    assert!(err.is_cancelled(), "{err}");
    assert_eq!(
        err.to_string(),
        "layer HybridTerrain failed: cancelled",
        "the erosion layer reports the cancellation"
    );
    // One batch ran: the sink heard of it and of nothing after.
    assert_eq!(*seen.lock().unwrap(), [1.0 / 8.0]);
    // A sink that always continues hears every batch and the run succeeds.
    let count = Arc::new(Mutex::new(0));
    let c = count.clone();
    let full = generate(
        &params(),
        GenerateOptions::with_progress(Progress::new(move |_| {
            *c.lock().unwrap() += 1;
            true
        })),
    );
    assert!(full.is_ok());
    assert_eq!(*count.lock().unwrap(), 8);
}

#[test]
fn the_erosion_layer_stops_with_fewer_steps_and_records_them() {
    let p = params();
    // The erosion layer exactly as `generate` runs it (droplets continue through lakes).
    let pipeline = default_pipeline(&p, &Default::default());
    let layer = &pipeline.0 .0;
    assert_eq!(layer.name(), "HybridTerrain");
    assert!(p.water.erosion_lakes(p.cell_size).is_some());
    let (w, d) = (p.width as usize, p.depth as usize);

    let mut full_grid = Grid::new(w, d);
    let mut full = Context::default();
    layer.apply(&mut full_grid, &mut full).unwrap();
    let full_steps = full.stats().erosion_steps;

    let (progress, _) = stop_at_first();
    let mut grid = Grid::new(w, d);
    let mut ctx = Context::new(progress);
    assert_eq!(layer.apply(&mut grid, &mut ctx), Err(LayerError::Cancelled));
    assert!(ctx.is_cancelled());
    let steps = ctx.stats().erosion_steps;
    assert!(steps > 0, "the first batch ran");
    assert!(
        steps * 4 < full_steps,
        "one batch in eight: {steps} steps of {full_steps}"
    );
    assert_eq!(
        full_steps,
        generate(&p, Default::default()).unwrap().1.erosion_steps
    );
}

#[test]
fn cancelled_erosion_returns_the_finished_batches() {
    let p = params();
    let (w, d) = (p.width as usize, p.depth as usize);
    let mask = coverage_mask(
        w,
        d,
        p.terrain.coverage,
        &PoolShape::new(&p.terrain, p.cell_size),
        p.seed,
    );
    let start = pool_heights(
        &mask,
        w,
        p.terrain.peak_height,
        &PoolShape::new(&p.terrain, p.cell_size),
        p.seed,
    );
    let erosion = Erosion {
        pool: &mask.pool,
        width: w,
        depth: d,
        droplets: p.terrain.droplet_count(p.width as usize * p.depth as usize),
        params: p.terrain.erosion,
        cell_size: p.cell_size,
        seed: 3,
        lakes: None,
        guard: Default::default(),
    };
    let mut calls = 0;
    let mut height = start.clone();
    let err = erosion
        .run(&mut height, &mut |_| {
            calls += 1;
            calls < 2
        })
        .unwrap_err();
    let ErosionError::Cancelled(partial) = err else {
        panic!("expected a cancellation, got {err}");
    };
    assert_eq!(partial.droplets, 2 * BATCH as u32);
    // The plane holds exactly those two batches: the same as a run of that many droplets.
    let mut two = start.clone();
    let report = Erosion {
        droplets: 2 * BATCH as u32,
        ..erosion
    }
    .run(&mut two, &mut |_| true)
    .unwrap();
    assert_eq!(height, two);
    assert_eq!(report.steps, partial.steps);
    assert_ne!(height, start);
}

#[test]
fn planes_of_the_wrong_size_are_errors() {
    let pool = vec![true; 12];
    let erosion = Erosion {
        pool: &pool,
        width: 4,
        depth: 3,
        droplets: 10,
        params: Default::default(),
        cell_size: 1.0,
        seed: 1,
        lakes: None,
        guard: Default::default(),
    };
    let err = erosion.run(&mut [0.0; 11], &mut |_| true).unwrap_err();
    assert!(matches!(
        err,
        ErosionError::PlaneSize {
            expected: 12,
            height: 11,
            pool: 12
        }
    ));
}
