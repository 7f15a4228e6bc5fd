//! The height a road has on each cell: the ground smoothed under it, never below the water drawn
//! beside its bed, and on a river a bridge deck from bank to bank.

use super::ground::{Footing, STEPS};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;

/// Radius of the box filter that smooths the land under a road, metres (one cell each way on
/// 4 m cells, four on 1 m cells): roads are routed over,
/// and their centre cells levelled to, the mean ground of the window (dry cells only), so a road
/// cuts through bumps and fills dips instead of climbing each of them.
pub const SMOOTH_RADIUS: f32 = 4.0;

/// The smoothing radius, cells, on a lattice coarser than [`SMOOTH_RADIUS`]: a road cannot wind
/// within a cell there, and the lattice's own steps are rough, so its ground is smoothed over two
/// cells each way (on the Continent preset's 40 m cells, a window of 200 m; one cell each way
/// leaves its settlements on islands of land that no road under the steepest grade joins).
pub const COARSE_SMOOTH_CELLS: usize = 2;

/// The radius in cells of a window [`SMOOTH_RADIUS`] metres wide on cells of `cell_size` metres:
/// the nearest whole number of cells, or [`COARSE_SMOOTH_CELLS`] on cells wider than the radius.
pub fn smooth_cells(cell_size: f32) -> usize {
    if cell_size > SMOOTH_RADIUS {
        COARSE_SMOOTH_CELLS
    } else {
        ((SMOOTH_RADIUS / cell_size).round() as usize).max(1)
    }
}

/// The mean height of the dry cells in the window of `r` cells around every dry cell
/// (separable running sums, row order); water cells keep their height.
pub fn smoothed(grid: &Grid, r: usize) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let dry: Vec<bool> = grid.water.iter().map(|k| *k == WaterKind::Dry).collect();
    let mut rows = vec![(0.0f64, 0u32); w * d];
    for z in 0..d {
        for x in 0..w {
            let (mut s, mut n) = (0.0f64, 0u32);
            for xx in x.saturating_sub(r)..(x + r + 1).min(w) {
                let j = z * w + xx;
                if dry[j] {
                    s += f64::from(grid.height[j]);
                    n += 1;
                }
            }
            rows[z * w + x] = (s, n);
        }
    }
    let mut out = grid.height.clone();
    for z in 0..d {
        for x in 0..w {
            let i = z * w + x;
            if !dry[i] {
                continue;
            }
            let (mut s, mut n) = (0.0f64, 0u32);
            for zz in z.saturating_sub(r)..(z + r + 1).min(d) {
                let (rs, rn) = rows[zz * w + x];
                s += rs;
                n += rn;
            }
            out[i] = (s / f64::from(n)) as f32;
        }
    }
    out
}

/// The largest of `values` within `r` places each way of every place (a running maximum over a
/// monotonic queue: linear in the length whatever `r`).
fn running_max(values: &[f32], r: usize) -> Vec<f32> {
    let n = values.len();
    let mut out = vec![f32::NEG_INFINITY; n];
    let mut queue = std::collections::VecDeque::<usize>::new();
    let mut next = 0;
    for (i, o) in out.iter_mut().enumerate() {
        while next < n && next <= i + r {
            while queue.back().is_some_and(|&b| values[b] <= values[next]) {
                queue.pop_back();
            }
            queue.push_back(next);
            next += 1;
        }
        while queue.front().is_some_and(|&f| f + r < i) {
            queue.pop_front();
        }
        *o = queue.front().map_or(f32::NEG_INFINITY, |&f| values[f]);
    }
    out
}

/// The level of the water drawn over dry cell `(x, z)` when water lies beside it: the water mesh
/// reaches one cell beyond its water, at each corner the mean drawn surface
/// ([`Grid::water_level`]) of the water cells sharing it, over the cell the lowest of those
/// corners; `None` without water among its eight neighbours.
pub fn drawn_level_beside(grid: &Grid, x: usize, z: usize) -> Option<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let corner = |cx: usize, cz: usize| {
        let (mut sum, mut n, mut lo, mut hi) = (0.0f32, 0u32, f32::INFINITY, f32::NEG_INFINITY);
        for zz in cz.saturating_sub(1)..(cz + 1).min(d) {
            for xx in cx.saturating_sub(1)..(cx + 1).min(w) {
                let j = zz * w + xx;
                if grid.water[j] != WaterKind::Dry {
                    let s = grid.water_level[j];
                    (sum, n, lo, hi) = (sum + s, n + 1, lo.min(s), hi.max(s));
                }
            }
        }
        (n > 0).then(|| if lo == hi { lo } else { sum / n as f32 })
    };
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .iter()
        .filter_map(|&(dx, dz)| corner(x + dx, z + dz))
        .reduce(f32::min)
}

/// The lowest a road may lie on every cell, height units: the highest water drawn beside a dry
/// cell ([`drawn_level_beside`]) within `reach` cells each way (a square window), `−∞` where
/// there is none. A river carved below the land lowers its dry banks with it, and a road bed
/// there would be drawn under the water.
pub fn water_floor(grid: &Grid, reach: usize) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    if grid.water.iter().all(|k| *k == WaterKind::Dry) {
        return vec![f32::NEG_INFINITY; w * d];
    }
    let beside: Vec<f32> = (0..w * d)
        .map(|i| match grid.water[i] {
            WaterKind::Dry => drawn_level_beside(grid, i % w, i / w).unwrap_or(f32::NEG_INFINITY),
            _ => f32::NEG_INFINITY,
        })
        .collect();
    let mut rows = Vec::with_capacity(w * d);
    for z in 0..d {
        rows.extend(running_max(&beside[z * w..(z + 1) * w], reach));
    }
    let mut out = vec![f32::NEG_INFINITY; w * d];
    for x in 0..w {
        let column: Vec<f32> = (0..d).map(|z| rows[z * w + x]).collect();
        for (z, v) in running_max(&column, reach).into_iter().enumerate() {
            out[z * w + x] = v;
        }
    }
    out
}

/// The reach of [`water_floor`] for a road bed `bed_width` cells wide: every cell of the bed lies
/// within half the width of its centre cell.
pub fn floor_reach(bed_width: f32) -> usize {
    (bed_width.max(0.0) * 0.5).floor() as usize
}

/// Half the widest river a deck spans from bank to bank, metres; at least one cell.
pub const DECK_REACH: f32 = 8.0;

/// Passes of [`decks`] on cells of `cell_size` metres: [`DECK_REACH`] in cells, at least one.
pub fn deck_passes(cell_size: f32) -> usize {
    ((DECK_REACH / cell_size).ceil() as usize).max(1)
}

/// Height of a bridge deck above the river's surface where the banks lie no higher, metres: at
/// most half the rise the steepest grade allows over a cell, so a road steps onto the deck.
pub const DECK_CLEARANCE: f32 = 0.25;

/// The road height of every cell on cells of `cell_size` metres (heights `height_scale` metres
/// per unit, roads no steeper than `max_grade`, beds `bed_width` cells wide): the [`smoothed`]
/// ground on land, never below the [`water_floor`] of the bed, the ground on lakes; on a river, a bridge deck at the mean height of the neighbouring banks, carried inward
/// one cell per pass over [`deck_passes`] passes, and above the water (its filled level and its
/// drawn surface) by [`DECK_CLEARANCE`] or half a cell's rise at the steepest grade, whichever is
/// less, so a road crosses at bank level and never at the water's.
pub fn decks(
    grid: &Grid,
    footing: &[Footing],
    cell_size: f32,
    height_scale: f32,
    max_grade: f32,
    bed_width: f32,
) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let clearance = DECK_CLEARANCE.min(0.5 * max_grade * cell_size) / height_scale;
    let water = |i: usize| grid.water_level[i] + clearance;
    let mut height = smoothed(grid, smooth_cells(cell_size));
    let floor = water_floor(grid, floor_reach(bed_width));
    for (i, h) in height.iter_mut().enumerate() {
        if footing[i] == Footing::Land {
            *h = h.max(floor[i]);
        }
    }
    let mut known: Vec<bool> = footing.iter().map(|f| *f != Footing::River).collect();
    for _ in 0..deck_passes(cell_size) {
        let (before, had) = (height.clone(), known.clone());
        let mut changed = false;
        for i in (0..w * d).filter(|&i| !had[i]) {
            let (x, z) = ((i % w) as i64, (i / w) as i64);
            let (mut sum, mut n) = (0.0f32, 0u32);
            for (dx, dz) in STEPS {
                let (nx, nz) = (x + dx, z + dz);
                if nx >= 0 && nz >= 0 && (nx as usize) < w && (nz as usize) < d {
                    let j = nz as usize * w + nx as usize;
                    if had[j] && footing[j] != Footing::Closed {
                        sum += before[j];
                        n += 1;
                    }
                }
            }
            if n > 0 {
                height[i] = (sum / n as f32).max(water(i));
                known[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for i in 0..w * d {
        if !known[i] {
            height[i] = grid.height[i].max(water(i));
        }
    }
    height
}

#[cfg(test)]
mod tests {
    use super::super::ground::RoadGround;
    use super::*;

    #[test]
    fn lattices_coarser_than_the_smoothing_smooth_over_two_cells() {
        assert_eq!(smooth_cells(1.0), 4);
        assert_eq!(smooth_cells(2.0), 2);
        assert_eq!(smooth_cells(4.0), 1);
        assert_eq!(smooth_cells(8.0), COARSE_SMOOTH_CELLS);
        assert_eq!(smooth_cells(40.0), COARSE_SMOOTH_CELLS);
    }

    #[test]
    fn land_beside_a_river_carved_below_it_is_raised_to_its_surface() {
        // Flat ground at 0, a river along x = 4 drawn at 0 (at 0.5 on row 0), its banks at x = 3
        // and 5 carved to -0.1 and its bed to -0.3; roads 2 cells wide (one cell each way).
        let (w, d) = (10, 6);
        let mut grid = Grid::new(w, d);
        for z in 0..d {
            for x in 0..w {
                let i = z * w + x;
                grid.height[i] = match x {
                    4 => -0.3,
                    3 | 5 => -0.1,
                    _ => 0.0,
                };
                if x == 4 {
                    grid.water[i] = WaterKind::River;
                    grid.water_level[i] = if z == 0 { 0.5 } else { 0.0 };
                }
            }
        }
        // Beside the river, its lowest corner's level; the corner of rows 0 and 1 is their mean.
        assert_eq!(drawn_level_beside(&grid, 3, 3), Some(0.0));
        assert_eq!(drawn_level_beside(&grid, 3, 0), Some(0.25));
        assert_eq!(drawn_level_beside(&grid, 2, 3), None);
        assert_eq!(floor_reach(2.0), 1);
        let floor = water_floor(&grid, floor_reach(2.0));
        for z in 1..d {
            for x in 0..w {
                let near = (2..=6).contains(&x);
                assert_eq!(floor[z * w + x] >= 0.0, near, "({x}, {z})");
            }
        }
        let ground = RoadGround::of(&grid, 0.15, 2.0, 1.0, 1.0);
        for z in 1..d {
            for x in [2, 3, 5, 6] {
                assert!(
                    ground.height[z * w + x] >= 0.0,
                    "({x}, {z}) under the water"
                );
            }
        }
        // Without water, no floor.
        assert!(water_floor(&Grid::new(4, 4), 3)
            .iter()
            .all(|f| *f == f32::NEG_INFINITY));
    }

    #[test]
    fn a_running_maximum_spans_its_window() {
        let v = [1.0, 5.0, 2.0, 0.0, 0.0, 3.0, 0.0];
        assert_eq!(running_max(&v, 1), vec![5.0, 5.0, 5.0, 2.0, 3.0, 3.0, 3.0]);
        assert_eq!(running_max(&v, 0), v.to_vec());
        assert_eq!(running_max(&v, 10), vec![5.0; 7]);
    }
}
