//! The settlements figure: the Settlements layer (its plan, placement, towns, roads, levelling)
//! alone on a generated 512² continent with biomes.

use donjourno::stages::generate::settlement_plan;
use donjourno::stages::settlements::Settlements;
use donjourno::{generate, Context, Layer, SettlementCounts};
use std::time::{Duration, Instant};

/// Times the Settlements layer `reps` times on one generated 512² continent (settlements on)
/// and prints the median with what it built, and the time its settlement plan took once.
pub(super) fn settlements(reps: usize) {
    let side = 512u32;
    let mut params = super::models::continent_with_biomes(side);
    params.settlements.enabled = true;
    params.settlements.count = 24;
    let Ok((base, _)) = generate(
        &donjourno::GeneratorParams {
            settlements: donjourno::SettlementParams {
                enabled: false,
                ..params.settlements
            },
            ..params
        },
        Default::default(),
    ) else {
        figure_failed!("settlements {side}²: the generation failed");
        return;
    };
    let start = Instant::now();
    let plan = settlement_plan(&params, &Default::default()).ok().flatten();
    let plan_ms = start.elapsed().as_secs_f64() * 1e3;
    let layer = Settlements {
        plan,
        ..Settlements::new(&params)
    };
    let mut grid = base.clone();
    let mut times: Vec<Duration> = (0..reps.max(1))
        .filter_map(|_| {
            grid = base.clone();
            let start = Instant::now();
            layer.apply(&mut grid, &mut Context::default()).ok()?;
            Some(start.elapsed())
        })
        .collect();
    if times.is_empty() {
        figure_failed!("settlements {side}²: the layer failed");
        return;
    }
    times.sort();
    let c = SettlementCounts::of(&grid);
    println!(
        "settlements {side}²: {:.1} ms and its plan {plan_ms:.1} ms, {} settlements ({} cities, {} towns, {} villages), {} roads over {} cells, {} bridge cells, {} lots, {} buildings (target ≤ 300 ms)",
        times[times.len() / 2].as_secs_f64() * 1e3,
        c.settlements, c.cities, c.towns, c.villages, c.roads, c.road_cells, c.bridge_cells, c.lots, c.buildings
    );
}
