//! Paths on whole generations: ridges and valleys on the ground, rivers down their channels and
//! roads along their lines.

use donjourno::data::water::WaterKind;
use donjourno::params::paths::{Path, PathKind};
use donjourno::stages::settlements::road_path;
use donjourno::{generate, GenerateOptions, GeneratorParams, Grid};

fn run(p: &GeneratorParams, paths: &[Path]) -> Grid {
    let mut options = GenerateOptions::default();
    options.inputs.paths = paths.to_vec();
    generate(p, options).unwrap().0
}

/// Points every metre along a polyline, with their distance from its start.
fn along(points: &[[f32; 2]]) -> Vec<([f32; 2], f32)> {
    let mut out = Vec::new();
    let mut s0 = 0.0;
    for w in points.windows(2) {
        let len = (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]);
        let n = len.ceil() as usize;
        for k in 0..n {
            let t = k as f32 / n as f32;
            let p = [
                w[0][0] + t * (w[1][0] - w[0][0]),
                w[0][1] + t * (w[1][1] - w[0][1]),
            ];
            out.push((p, s0 + t * len));
        }
        s0 += len;
    }
    out
}

/// The default map's cell nearest a world point, clamped to the map.
fn cell(grid: &Grid, q: [f32; 2]) -> (usize, usize) {
    let clamp = |v: f32, n: usize| v.round().clamp(0.0, (n - 1) as f32) as usize;
    (clamp(q[0], grid.width()), clamp(q[1], grid.depth()))
}

/// Whether `hit` holds on the cell `(x, z)` or one of its eight neighbours.
fn near(grid: &Grid, (x, z): (usize, usize), hit: impl Fn(usize) -> bool) -> bool {
    (z.saturating_sub(1)..=(z + 1).min(grid.depth() - 1)).any(|j| {
        (x.saturating_sub(1)..=(x + 1).min(grid.width() - 1)).any(|i| hit(j * grid.width() + i))
    })
}

#[test]
fn a_river_path_gives_a_river_along_the_curve_that_flows_downhill() {
    let p = GeneratorParams::default();
    // From the mountains' foot across the flat ground to the map's edge.
    let points = vec![
        [18.0, 72.0],
        [30.0, 90.0],
        [50.0, 100.0],
        [70.0, 118.0],
        [90.0, 127.0],
    ];
    let river = Path {
        kind: PathKind::River,
        points: points.clone(),
        width: 3.0,
        height: 2.0,
    };
    let plain = run(&p, &[]);
    let grid = run(&p, &[river]);
    let samples = along(&points);
    let on_river = |g: &Grid, q| near(g, cell(g, q), |i| g.water[i] == WaterKind::River);
    let before = samples.iter().filter(|(q, _)| on_river(&plain, *q)).count();
    let after = samples.iter().filter(|(q, _)| on_river(&grid, *q)).count();
    eprintln!(
        "samples on a river: {before} of {} before, {after} after",
        samples.len()
    );
    assert!(before * 4 < samples.len(), "no river ran there before");
    assert!(after * 20 >= samples.len() * 19, "a river along the path");
    // Where the channel holds no river, it holds a lake the river runs through (erosion may
    // leave a pond at its source).
    let wet = |q| near(&grid, cell(&grid, q), |i| grid.water[i] != WaterKind::Dry);
    assert!(
        samples.iter().all(|(q, _)| wet(*q)),
        "water all along the path"
    );
    // Its surface never rises downstream (a centimetre of play between neighbouring cells).
    let w = grid.width();
    let levels: Vec<f32> = samples
        .iter()
        .map(|(q, _)| {
            let (x, z) = cell(&grid, *q);
            grid.water_level[z * w + x]
        })
        .filter(|&l| l != 0.0)
        .collect();
    let rise = 0.01 / p.height_scale;
    assert!(levels.len() * 10 >= samples.len() * 8);
    assert!(levels.windows(2).all(|l| l[1] <= l[0] + rise), "{levels:?}");
    assert!(levels[levels.len() - 1] < levels[0] - 1.0 / p.height_scale);
}

#[test]
fn a_road_path_gives_a_road_along_it_joined_to_the_network() {
    let mut p = GeneratorParams::default();
    p.settlements.enabled = true;
    let points = vec![[4.0, 20.0], [30.0, 22.0], [60.0, 40.0], [80.0, 60.0]];
    let road = Path {
        kind: PathKind::Road,
        points: points.clone(),
        width: 4.0,
        height: 0.0,
    };
    let grid = run(&p, &[road]);
    let mut on_road = vec![false; grid.len()];
    for r in grid.roads() {
        for &c in &r.cells {
            on_road[c as usize] = true;
        }
    }
    let samples = along(&points);
    let cells: Vec<(usize, usize)> = samples.iter().map(|(q, _)| cell(&grid, *q)).collect();
    let w = grid.width();
    let covered = cells.iter().filter(|&&(x, z)| on_road[z * w + x]).count();
    assert_eq!(
        covered,
        cells.len(),
        "every cell of the line carries a road"
    );
    // The network leads from the line's start to a settlement.
    let start = [cells[0].0 as f32 + 0.5, cells[0].1 as f32 + 0.5];
    let joined = grid.settlements().iter().any(|s| {
        let way = road_path(&grid, start, s.position);
        way.len() >= 2 && way[0] == start && way[way.len() - 1] == s.position
    });
    assert!(joined, "a road joins the drawn road to a settlement");
    assert!(!grid.settlements().is_empty());
}

#[test]
fn ridges_rise_and_valleys_sink_along_their_lines() {
    let mut p = GeneratorParams {
        width: 64,
        depth: 64,
        ..Default::default()
    };
    p.set_droplet_count(0);
    let line = vec![[4.0, 50.0], [60.0, 54.0]];
    let heights = |paths: &[Path]| {
        let mut options = GenerateOptions {
            height_only: true,
            ..Default::default()
        };
        options.inputs.paths = paths.to_vec();
        generate(&p, options).unwrap().0.height
    };
    let ridge = Path {
        points: line.clone(),
        width: 12.0,
        height: 8.0,
        ..Default::default()
    };
    let valley = Path {
        kind: PathKind::Valley,
        ..ridge.clone()
    };
    let (plain, raised, sunk) = (heights(&[]), heights(&[ridge]), heights(&[valley]));
    let scale = p.height_scale;
    let (mut on, mut off) = (0usize, 0usize);
    for i in 0..plain.len() {
        let (x, z) = ((i % 64) as f32, (i / 64) as f32);
        // Distance to the line (which runs from x = 4 to 60 at a slope of 1/14).
        let t = ((x - 4.0) * 56.0 + (z - 50.0) * 4.0) / (56.0f32 * 56.0 + 16.0);
        let t = t.clamp(0.0, 1.0);
        let d = (x - 4.0 - 56.0 * t).hypot(z - 50.0 - 4.0 * t);
        let (up, down) = ((raised[i] - plain[i]) * scale, (plain[i] - sunk[i]) * scale);
        if d >= 6.0 {
            off += 1;
            assert_eq!((up, down), (0.0, 0.0), "({x}, {z}) lies off the line");
        } else if d < 0.5 {
            on += 1;
            assert!(
                (up - 8.0).abs() < 0.2 && (down - 8.0).abs() < 0.2,
                "({x}, {z}): {up}, {down}"
            );
        }
    }
    // Both rules ran: the line crosses 57 columns, about one cell of each within half a cell of
    // it, and most of the 4,096 cells lie off it.
    assert!(
        on >= 40 && off >= 3000,
        "{on} cells on the line, {off} off it"
    );
}
