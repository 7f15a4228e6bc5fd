//! The scatter figure: the Scatter layer alone on a generated 1024² continent with biomes.

use donjourno::stages::scatter::{self, Scatter};
use donjourno::{generate, Context, Layer};
use std::time::{Duration, Instant};

/// Times the Scatter layer `reps` times on one generated 1024² continent and prints the median,
/// with the instances it placed.
pub(super) fn scatter(reps: usize) {
    let side = 1024u32;
    let params = super::models::continent_with_biomes(side);
    let Ok((mut grid, _)) = generate(&params, Default::default()) else {
        figure_failed!("scatter {side}²: the generation failed");
        return;
    };
    let layer = Scatter::new(&params);
    let mut times: Vec<Duration> = (0..reps.max(1))
        .filter_map(|_| {
            let start = Instant::now();
            layer.apply(&mut grid, &mut Context::default()).ok()?;
            Some(start.elapsed())
        })
        .collect();
    if times.is_empty() {
        figure_failed!("scatter {side}²: the layer failed");
        return;
    }
    times.sort();
    let counts = scatter::counts(grid.scatter());
    let per_species: Vec<String> = scatter::Species::ALL
        .iter()
        .map(|s| format!("{} {}", s.name(), counts[*s as usize]))
        .collect();
    println!(
        "scatter {side}²: {:.1} ms, {} instances ({}; target ≤ 150 ms)",
        times[times.len() / 2].as_secs_f64() * 1e3,
        grid.scatter().len(),
        per_species.join(", ")
    );
}
