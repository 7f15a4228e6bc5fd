//! Rivers that flow like rivers: on generated maps, at 1 m and at 4 m cells, the rivers' centre-lines
//! bend without right-angle turns over a few cells, their water never rises downstream, and
//! tributaries meet their trunk on its line at its level.

use donjourno::stages::hydrology::RiverEnd;
use donjourno::{generate, GeneratorParams, Grid, WaterKind};

/// Cells between the points at which a line's direction is compared.
const SPAN_CELLS: f32 = 3.0;
/// The sharpest turn allowed between two successive spans of [`SPAN_CELLS`], degrees.
const MAX_TURN_DEGREES: f32 = 60.0;

/// How far from its centre-line a river cell of the drainage path may lie, in cells: the line
/// cuts the path's tight bends.
const PATH_REACH_CELLS: f32 = 3.0;

/// The default map at `side`² cells of `cell` metres, seed `seed`.
fn map(side: u32, cell: f32, seed: u64) -> Grid {
    let p = GeneratorParams {
        width: side,
        depth: side,
        cell_size: cell,
        seed,
        ..GeneratorParams::default()
    };
    generate(&p, Default::default()).unwrap().0
}

/// The maps of the test: the default map at 1 m cells and the same extent at 4 m.
fn maps() -> Vec<(String, Grid, f32)> {
    let mut out = Vec::new();
    for seed in [1, 3, 7] {
        out.push((format!("seed {seed}, 1 m"), map(128, 1.0, seed), 1.0));
        out.push((format!("seed {seed}, 4 m"), map(64, 4.0, seed), 4.0));
    }
    out
}

/// The points of `points` every `step` metres along the line, from its start.
fn resample(points: &[[f32; 2]], step: f32) -> Vec<[f32; 2]> {
    let mut out = vec![points[0]];
    let mut carried = 0.0f32;
    for p in points.windows(2) {
        let (a, b) = (p[0], p[1]);
        let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let mut s = step - carried;
        while s <= len {
            let t = s / len;
            out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
            s += step;
        }
        carried = (carried + len) % step;
    }
    out
}

/// The sharpest turn between successive spans of `step` metres along `points`, degrees.
fn sharpest_turn(points: &[[f32; 2]], step: f32) -> f32 {
    let p = resample(points, step);
    let heading = |a: [f32; 2], b: [f32; 2]| (b[1] - a[1]).atan2(b[0] - a[0]);
    p.windows(3)
        .map(|w| {
            let turn = (heading(w[1], w[2]) - heading(w[0], w[1])).to_degrees();
            let turn = (turn + 540.0) % 360.0 - 180.0;
            turn.abs()
        })
        .fold(0.0, f32::max)
}

#[test]
fn river_centre_lines_bend_without_right_angles() {
    let mut sharp = Vec::new();
    for (name, grid, cell) in maps() {
        let lines = grid.rivers();
        assert!(lines.len() >= 3, "{name}: only {} rivers", lines.len());
        let mut sharpest = 0.0f32;
        for line in lines {
            sharpest = sharpest.max(sharpest_turn(&line.points, SPAN_CELLS * cell));
        }
        println!(
            "{name}: {} rivers, sharpest turn over {SPAN_CELLS} cells {sharpest:.1}°",
            lines.len()
        );
        if sharpest >= MAX_TURN_DEGREES {
            sharp.push(format!(
                "{name}: a river turns by {sharpest:.1}° within {SPAN_CELLS} cells"
            ));
        }
    }
    assert!(sharp.is_empty(), "{sharp:#?}");
}

#[test]
fn river_water_never_rises_downstream_and_tributaries_join_without_a_step() {
    for (name, grid, cell) in maps() {
        let lines = grid.rivers();
        let mut joins = 0;
        for (li, line) in lines.iter().enumerate() {
            let n = line.points.len();
            assert!(n >= 2 && [line.levels.len(), line.widths.len()] == [n, n]);
            for k in 1..n {
                assert!(
                    line.levels[k] <= line.levels[k - 1],
                    "{name}: river {li} rises at point {k}: {} after {}",
                    line.levels[k],
                    line.levels[k - 1]
                );
            }
            if let RiverEnd::Joins { river, point } = line.end {
                joins += 1;
                assert!(
                    (river as usize) < li,
                    "{name}: a tributary before its trunk"
                );
                let trunk = &lines[river as usize];
                let (p, q) = (line.points[n - 1], trunk.points[point as usize]);
                assert_eq!(p, q, "{name}: river {li} ends off its trunk's line");
                let step = (line.levels[n - 1] - trunk.levels[point as usize]).abs();
                assert!(
                    step <= 1e-6,
                    "{name}: river {li} joins with a step of {step}"
                );
                // Upstream of the junction the trunk's water is no lower than at it.
                let mut above = trunk.levels[..point as usize].iter();
                assert!(above.all(|&l| l >= trunk.levels[point as usize]));
            }
        }
        assert!(joins > 0, "{name}: no confluence");
        // Every river cell lies beside a centre-line: within half its width, or within
        // PATH_REACH_CELLS of it where the line cuts a tight bend of the drainage path.
        for (x, z, c) in grid.cells() {
            if c.water != WaterKind::River {
                continue;
            }
            let p = [x as f32 * cell, z as f32 * cell];
            let near = lines.iter().any(|l| {
                (1..l.points.len()).any(|k| {
                    let w = l.widths[k].max(l.widths[k - 1]);
                    distance_to_segment(p, l.points[k - 1], l.points[k])
                        <= (0.5 * w).max(PATH_REACH_CELLS * cell) + 1e-3
                })
            });
            assert!(
                near,
                "{name}: river cell ({x}, {z}) away from every centre-line"
            );
        }
    }
}

/// The distance from `p` to the segment `a–b`.
fn distance_to_segment(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
    let len2 = ux * ux + uz * uz;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * ux + (p[1] - a[1]) * uz) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((a[0] + ux * t - p[0]).powi(2) + (a[1] + uz * t - p[1]).powi(2)).sqrt()
}
