//! Rivers, centre-lines: each stream drawn as a smoothed line through its cells, in metres, with
//! its water level, width and catchment at every point.
//!
//! The line starts at the cell centres and is smoothed by repeated binomial averaging of
//! neighbouring points, each point held within [`MAX_SHIFT`] cells of the drainage path it
//! started on: it cuts the lattice's corners and the drainage's tight zigzags but never leaves
//! its valley. The end is
//! pinned: a tributary ends on its trunk's line, a river at the centre of the lake or sea cell it
//! flows into, at the map's border on its last cell.

use super::network::{Outlet, Stream};
use super::{river_width_metres, RiverEnd, RiverLine, NO_CELL};
use crate::algorithms::hydrology::{river_surface, SurfaceRole};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::hydrology::Drainage;

/// Smoothing passes of the `¼, ½, ¼` average over neighbouring points: together a Gaussian of
/// about √(passes / 2) cells, enough to turn the lattice's steps into bends.
pub const SMOOTHING_PASSES: usize = 32;
/// The farthest a point moves from the drainage path it started on, in cells: the line stays in
/// its valley.
pub const MAX_SHIFT: f32 = 1.0;

/// The water level of every channel cell: the monotone [`river_surface`] of the channels' own
/// levels (their ground) down to the still water they flow into.
pub(super) fn channel_levels(grid: &Grid, drainage: &Drainage, channel: &[bool]) -> Vec<f32> {
    let roles: Vec<SurfaceRole> = (0..grid.len())
        .map(|i| match grid.water[i] {
            WaterKind::Lake | WaterKind::Sea => SurfaceRole::Still(grid.water_level[i]),
            _ if channel[i] => SurfaceRole::Channel(grid.height[i]),
            _ => SurfaceRole::Other,
        })
        .collect();
    river_surface(&roles, &drainage.receivers, &drainage.flood.order)
        .into_iter()
        .map(|s| s.unwrap_or(0.0))
        .collect()
}

/// The centre of cell `i`, metres.
fn centre(i: u32, width: usize, cell_size: f32) -> [f32; 2] {
    let i = i as usize;
    [
        (i % width) as f32 * cell_size,
        (i / width) as f32 * cell_size,
    ]
}

/// `points` smoothed in place, the last fixed, each other point kept within `max_shift` metres of
/// the path they started on (its segments within [`PATH_WINDOW`] points). The head, where nothing
/// joins, is averaged with the point after it, so a river's source may slide along its path, up
/// to [`HEAD_SHIFT`] times `max_shift` from where it started.
fn smooth(points: &mut [[f32; 2]], max_shift: f32) {
    let n = points.len();
    if n < 3 {
        return;
    }
    let origin = points.to_vec();
    let mut previous = points.to_vec();
    for _ in 0..SMOOTHING_PASSES {
        previous.copy_from_slice(points);
        for k in 0..n - 1 {
            let [a, b, c] = [previous[k.max(1) - 1], previous[k], previous[k + 1]];
            let p = [
                0.25 * a[0] + 0.5 * b[0] + 0.25 * c[0],
                0.25 * a[1] + 0.5 * b[1] + 0.25 * c[1],
            ];
            let path = &origin[k.saturating_sub(PATH_WINDOW)..(k + PATH_WINDOW + 1).min(n)];
            let p = clamp_to_path(p, path, max_shift);
            points[k] = match k {
                0 => clamp_to_path(p, &origin[..1], HEAD_SHIFT * max_shift),
                _ => p,
            };
        }
    }
}

/// How far a river's source may slide along its path, in [`MAX_SHIFT`]s.
pub const HEAD_SHIFT: f32 = 2.0;

/// The points of the path on either side of a point whose segments bound how far it moves: a
/// tight bend of the drainage within this many cells may be cut.
pub const PATH_WINDOW: usize = 4;

/// `p` moved towards the nearest point of the polyline `path` (or the point, for a path of one)
/// until it lies within `r` of it.
fn clamp_to_path(p: [f32; 2], path: &[[f32; 2]], r: f32) -> [f32; 2] {
    let d2 = |q: [f32; 2]| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2);
    let mut nearest = (d2(path[0]), path[0]);
    for s in path.windows(2) {
        let q = nearest_on_segment(p, s[0], s[1]);
        if d2(q) < nearest.0 {
            nearest = (d2(q), q);
        }
    }
    let (d2, q) = nearest;
    if d2 <= r * r {
        p
    } else {
        let d = d2.sqrt();
        [
            q[0] + (p[0] - q[0]) * (r / d),
            q[1] + (p[1] - q[1]) * (r / d),
        ]
    }
}

/// The point of segment `a–b` nearest to `p`.
pub(super) fn nearest_on_segment(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
    let len2 = ux * ux + uz * uz;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * ux + (p[1] - a[1]) * uz) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    [a[0] + ux * t, a[1] + uz * t]
}

/// The point, line and vertex of every channel cell already drawn ([`NO_CELL`] elsewhere).
struct Drawn {
    line: Vec<u32>,
    vertex: Vec<u32>,
}

/// The centre-lines of the streams, in their order (a trunk before its tributaries), on cells of
/// `cell_size` metres.
pub(super) fn centrelines(
    grid: &Grid,
    drainage: &Drainage,
    streams: &[Stream],
    levels: &[f32],
    cell_size: f32,
) -> Vec<RiverLine> {
    let width = grid.width();
    let mut drawn = Drawn {
        line: vec![NO_CELL; grid.len()],
        vertex: vec![NO_CELL; grid.len()],
    };
    let mut lines: Vec<RiverLine> = Vec::with_capacity(streams.len());
    for stream in streams {
        let mut line = RiverLine::default();
        for &c in &stream.cells {
            let acc = drainage.accumulation[c as usize];
            line.points.push(centre(c, width, cell_size));
            line.levels.push(levels[c as usize]);
            line.widths.push(river_width_metres(acc, cell_size));
            line.accumulation.push(acc);
        }
        let (end, level) = match stream.outlet {
            Outlet::Joins(r) => {
                let (river, point) = (drawn.line[r as usize], drawn.vertex[r as usize]);
                let trunk = &lines[river as usize];
                line.end = RiverEnd::Joins { river, point };
                (
                    Some(trunk.points[point as usize]),
                    trunk.levels[point as usize],
                )
            }
            Outlet::Mouth(r) => {
                line.end = RiverEnd::Mouth;
                (
                    Some(centre(r, width, cell_size)),
                    grid.water_level[r as usize],
                )
            }
            Outlet::Border => (None, 0.0),
        };
        if let Some(p) = end {
            let last = line.points.len() - 1;
            line.points.push(p);
            line.levels.push(level);
            line.widths.push(line.widths[last]);
            line.accumulation.push(line.accumulation[last]);
        }
        if line.points.len() == 1 {
            line.points.push(line.points[0]);
            line.levels.push(line.levels[0]);
            line.widths.push(line.widths[0]);
            line.accumulation.push(line.accumulation[0]);
        }
        smooth(&mut line.points, MAX_SHIFT * cell_size);
        let index = lines.len() as u32;
        for (k, &c) in stream.cells.iter().enumerate() {
            drawn.line[c as usize] = index;
            drawn.vertex[c as usize] = k as u32;
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staircase_becomes_a_line_that_stays_beside_its_path() {
        // Steps east, south, east, south…: the staircase of a diagonal on the lattice.
        let mut points: Vec<[f32; 2]> = (0..12)
            .map(|k| [((k + 1) / 2) as f32, (k / 2) as f32])
            .collect();
        let origin = points.clone();
        smooth(&mut points, 0.5);
        assert_eq!(points[11], origin[11]);
        let head = ((points[0][0] - origin[0][0]).powi(2) + points[0][1].powi(2)).sqrt();
        assert!(
            head <= HEAD_SHIFT * 0.5 + 1e-6,
            "the head left its cell: {:?}",
            points[0]
        );
        for p in &points {
            let d = origin
                .windows(2)
                .map(|s| {
                    let q = nearest_on_segment(*p, s[0], s[1]);
                    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt()
                })
                .fold(f32::INFINITY, f32::min);
            assert!(d <= 0.5 + 1e-6, "{p:?} left its path");
        }
        // In the middle the segments run along the diagonal, within 20° of it.
        for k in 3..8 {
            let (a, b) = (points[k], points[k + 1]);
            let angle = (b[1] - a[1]).atan2(b[0] - a[0]).to_degrees();
            assert!((angle - 45.0).abs() < 20.0, "segment {k} at {angle}°");
        }
    }
}
