//! Paths on the heights: each ridge, valley and river path's shape laid on the ground after the
//! stamps and before erosion.
//!
//! Every shape is a profile across the line: `d` is a cell's distance to the polyline and `s`
//! the distance along the line of its nearest point.
//! - A ridge adds `height · (1 − smoothstep(2d / width))`; a valley takes it away.
//! - A river cuts a channel `2 · width` wide, flat across its middle `width` (the water), its
//!   floor at `F(s) = min(ground within the channel upstream of s) − height`, falling a further
//!   [`RIVER_FALL`] per metre downstream. Cells only ever sink towards the floor, their weight
//!   falling smoothly from the flat middle to the channel's rim, so the channel falls all the way
//!   from the higher end of the line to the lower and every cell beside it stands at or above
//!   its floor: water routed down the lattice stays in it.

use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::params::paths::{Path, PathKind};
use std::collections::BTreeMap;

/// A river channel's least fall downstream, metres per metre: 1 ‰ keeps it falling where the
/// ground is flat, so the routing has no flats to wander in.
pub const RIVER_FALL: f32 = 0.001;
/// A river channel reaches at least this many cells from its line, so that every neighbour of a
/// cell on the line lies in the channel.
pub const RIVER_MIN_CELLS: f32 = 2.0;

/// `1 − smoothstep(t)` on `[0, 1]`, 0 beyond.
fn smooth_weight(t: f32) -> f32 {
    if t >= 1.0 {
        return 0.0;
    }
    let t = t.max(0.0);
    1.0 - t * t * (3.0 - 2.0 * t)
}

/// The cells within `reach` metres of a polyline: for each, its distance to the line and the
/// distance along the line of its nearest point, both metres.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Band {
    /// Cell index, distance to the line, distance along it.
    pub cells: Vec<(usize, f32, f32)>,
    /// The line's length, metres.
    pub length: f32,
}

impl Band {
    /// The band of `points` (world metres) within `reach` metres, on the map `grid` in `frame`,
    /// in cell order.
    pub fn of(points: &[[f32; 2]], reach: f32, grid: &Grid, frame: &MapFrame) -> Band {
        let (w, d) = (grid.width(), grid.depth());
        let (ox, oz) = frame.world(0.0, 0.0);
        let cell = frame.cell_size as f32;
        // Points in the map's cell units, measured from its first cell.
        let pts: Vec<[f32; 2]> = points
            .iter()
            .map(|p| {
                [
                    ((f64::from(p[0]) - ox) / frame.cell_size) as f32,
                    ((f64::from(p[1]) - oz) / frame.cell_size) as f32,
                ]
            })
            .collect();
        let reach_cells = reach / cell;
        let mut best: std::collections::BTreeMap<usize, (f32, f32)> = Default::default();
        let mut along = 0.0f32;
        for seg in pts.windows(2) {
            let ([ax, az], [bx, bz]) = (seg[0], seg[1]);
            let (dx, dz) = (bx - ax, bz - az);
            let len2 = dx * dx + dz * dz;
            if off_map(seg, reach_cells, w, d) {
                along += len2.sqrt();
                continue;
            }
            // Not wholly off the map, so each span holds at least one cell.
            let span = |a: f32, b: f32, n: usize| {
                let lo = (a.min(b) - reach_cells).floor().max(0.0) as usize;
                let hi = (a.max(b) + reach_cells).ceil().min(n as f32 - 1.0) as usize;
                lo..=hi
            };
            for z in span(az, bz, d) {
                for x in span(ax, bx, w) {
                    let (px, pz) = (x as f32 - ax, z as f32 - az);
                    let t = if len2 > 0.0 {
                        ((px * dx + pz * dz) / len2).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    // √ is exact on every platform; `hypot` is not.
                    let (ex, ez) = (px - t * dx, pz - t * dz);
                    let dist = (ex * ex + ez * ez).sqrt();
                    if dist >= reach_cells {
                        continue;
                    }
                    let s = along + t * len2.sqrt();
                    let entry = best.entry(z * w + x).or_insert((f32::INFINITY, 0.0));
                    if dist < entry.0 {
                        *entry = (dist, s);
                    }
                }
            }
            along += len2.sqrt();
        }
        Band {
            cells: best
                .into_iter()
                .map(|(i, (dist, s))| (i, dist * cell, s * cell))
                .collect(),
            length: along * cell,
        }
    }
}

/// Whether the segment `seg` (cells) lies wholly more than `reach` cells off a `w × d` map.
fn off_map(seg: &[[f32; 2]], reach: f32, w: usize, d: usize) -> bool {
    let ([ax, az], [bx, bz]) = (seg[0], seg[1]);
    ax.max(bx) < -reach
        || az.max(bz) < -reach
        || ax.min(bx) > w as f32 - 1.0 + reach
        || az.min(bz) > d as f32 - 1.0 + reach
}

/// Which way a river path runs: `true` when its water flows from the last point to the first
/// (the ground at the last point, the nearest cell clamped to the map, lies higher).
pub fn runs_backwards(path: &Path, grid: &Grid, frame: &MapFrame) -> bool {
    let (Some(first), Some(last)) = (path.points.first(), path.points.last()) else {
        return false;
    };
    ground_at(grid, frame, *last) > ground_at(grid, frame, *first)
}

/// The ground at a world point: the nearest cell's height, clamped to the map.
fn ground_at(grid: &Grid, frame: &MapFrame, p: [f32; 2]) -> f32 {
    grid.height[nearest_cell(grid, frame, p)]
}

/// The cell whose sample point lies nearest the world point `p`, clamped to the map.
pub fn nearest_cell(grid: &Grid, frame: &MapFrame, p: [f32; 2]) -> usize {
    let [x, z] = p.map(f64::from);
    let (i, j) = frame.cell_clamped(x, z, grid.width(), grid.depth());
    grid.index(i, j)
}

/// Lays a ridge or valley along the band: `sign · height · weight`, in height units.
fn lay_ridge(grid: &mut Grid, band: &Band, half: f32, relief: f32, shaped: &mut [bool]) {
    for &(i, dist, _) in &band.cells {
        let weight = smooth_weight(dist / half);
        if weight > 0.0 {
            grid.height[i] += relief * weight;
            shaped[i] = true;
        }
    }
}

/// Cuts a river channel `2 · half` metres wide along the band on cells of `cell` metres (see the
/// module documentation); `depth` and `fall` are in height units, `fall` per metre.
#[allow(clippy::too_many_arguments)]
fn lay_river(
    grid: &mut Grid,
    band: &Band,
    cell: f32,
    half: f32,
    depth: f32,
    fall: f32,
    backwards: bool,
    shaped: &mut [bool],
) {
    // Distance from the source, metres, in bins of half a cell.
    let bin = 0.5 * cell;
    let from_source = |s: f32| if backwards { band.length - s } else { s };
    // Only the bins that hold cells of the band, in order from the source: a path that runs far
    // off the map (a point a designer typed at 1e30 m) is longer than memory in bins, and the
    // empty bins between change no running minimum.
    let bins = ((band.length / bin) as usize).saturating_add(1);
    let bin_of = |s: f32| ((from_source(s) / bin) as usize).min(bins - 1);
    let mut lowest: BTreeMap<usize, f32> = BTreeMap::new();
    for &(i, _, s) in &band.cells {
        let low = lowest.entry(bin_of(s)).or_insert(f32::INFINITY);
        *low = low.min(grid.height[i]);
    }
    let mut floor: BTreeMap<usize, f32> = BTreeMap::new();
    let mut running = f32::INFINITY;
    for (&b, &low) in &lowest {
        running = running.min(low);
        floor.insert(b, running - depth - fall * bin * b as f32);
    }
    for &(i, dist, s) in &band.cells {
        let level = floor[&bin_of(s)];
        let weight = smooth_weight((2.0 * dist / half - 1.0).max(0.0));
        let h = grid.height[i];
        let target = h + (level - h) * weight;
        if target < h {
            grid.height[i] = target;
            shaped[i] = true;
        }
    }
}

/// Lays every path that shapes the ground on `grid` in order, marking in `shaped` the cells it
/// moved.
pub fn lay(paths: &[Path], grid: &mut Grid, frame: &MapFrame, shaped: &mut [bool]) {
    let units = 1.0 / frame.height_scale;
    let cell = frame.cell_size as f32;
    for path in paths {
        match path.kind {
            PathKind::Ridge | PathKind::Valley => {
                let half = 0.5 * path.width;
                let band = Band::of(&path.points, half, grid, frame);
                let sign = if path.kind == PathKind::Ridge {
                    1.0
                } else {
                    -1.0
                };
                lay_ridge(grid, &band, half, sign * path.height * units, shaped);
            }
            PathKind::River => {
                let half = path.width.max(RIVER_MIN_CELLS * cell);
                let band = Band::of(&path.points, half, grid, frame);
                let backwards = runs_backwards(path, grid, frame);
                let (depth, fall) = (path.height * units, RIVER_FALL * units);
                lay_river(grid, &band, cell, half, depth, fall, backwards, shaped);
            }
            PathKind::Road => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(side: usize) -> (Grid, MapFrame) {
        let frame = MapFrame {
            origin_x: 0.0,
            origin_z: 0.0,
            offset_x: 0,
            offset_z: 0,
            cell_size: 1.0,
            height_scale: 1.0,
        };
        (Grid::new(side, side), frame)
    }

    #[test]
    fn the_band_measures_distance_to_and_along_the_line() {
        let (grid, frame) = flat(32);
        let band = Band::of(
            &[[4.0, 10.0], [20.0, 10.0], [20.0, 26.0]],
            3.0,
            &grid,
            &frame,
        );
        assert_eq!(band.length, 32.0);
        let find = |x: usize, z: usize| band.cells.iter().find(|c| c.0 == z * 32 + x).copied();
        assert_eq!(find(10, 10), Some((330, 0.0, 6.0)));
        assert_eq!(find(10, 12), Some((394, 2.0, 6.0)));
        assert_eq!(find(22, 20).map(|c| (c.1, c.2)), Some((2.0, 26.0)));
        assert_eq!(find(10, 13), None, "3 m off is outside");
        assert_eq!(find(0, 0), None);
    }

    #[test]
    fn ridges_rise_and_valleys_sink_along_the_line_only() {
        let (mut grid, frame) = flat(32);
        let ridge = Path {
            points: vec![[0.0, 16.0], [31.0, 16.0]],
            width: 10.0,
            height: 4.0,
            ..Default::default()
        };
        let mut shaped = vec![false; grid.len()];
        lay(std::slice::from_ref(&ridge), &mut grid, &frame, &mut shaped);
        assert_eq!(grid.height[16 * 32 + 10], 4.0);
        assert!(grid.height[18 * 32 + 10] > 0.0 && grid.height[18 * 32 + 10] < 4.0);
        assert_eq!(grid.height[21 * 32 + 10], 0.0, "5 m off is the foot");
        let valley = Path {
            kind: PathKind::Valley,
            ..ridge
        };
        lay(&[valley], &mut grid, &frame, &mut shaped);
        assert!(grid.height.iter().all(|h| h.abs() < 1e-6));
    }

    #[test]
    fn a_river_channel_falls_from_the_higher_end_over_a_hill() {
        // Ground rising along x, with a hill across the line's middle; the path is drawn from
        // the low end to the high one.
        let (mut grid, frame) = flat(64);
        for z in 0..64 {
            for x in 0..64 {
                let hill = 6.0 * (-(((x as f32 - 30.0) / 5.0).powi(2))).exp();
                grid.height[z * 64 + x] = 0.2 * x as f32 + hill;
            }
        }
        let river = Path {
            kind: PathKind::River,
            points: vec![[2.0, 32.0], [60.0, 32.0]],
            width: 3.0,
            height: 1.0,
        };
        assert!(runs_backwards(&river, &grid, &frame));
        let before = grid.clone();
        let mut shaped = vec![false; grid.len()];
        lay(&[river], &mut grid, &frame, &mut shaped);
        let line: Vec<f32> = (2..=60).map(|x| grid.height[32 * 64 + x]).collect();
        assert!(
            line.windows(2).all(|w| w[0] < w[1]),
            "the channel falls all the way to its low end: {line:?}"
        );
        // Cut 1 m below the ground at its source, never raised.
        assert!((grid.height[32 * 64 + 60] - (before.height[32 * 64 + 60] - 1.0)).abs() < 0.01);
        assert!(grid.height.iter().zip(&before.height).all(|(a, b)| a <= b));
        // Every neighbour of a cell on the line stands at or above it, or further down the line.
        for x in 3..60 {
            let here = grid.height[32 * 64 + x];
            for z in [31, 33] {
                assert!(grid.height[z * 64 + x] >= here - 1e-4, "({x}, {z})");
            }
        }
        assert!(!shaped[10 * 64 + 30], "nothing far from the line moves");
    }
}
