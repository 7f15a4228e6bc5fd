//! The distance from every cell to the sea: a two-pass chamfer transform with steps of 1 and √2
//! cells.

use crate::grid::Grid;
use crate::water::WaterKind;
use rayon::prelude::*;

/// Step to a diagonal neighbour, in cells.
const DIAGONAL: f32 = std::f32::consts::SQRT_2;

/// Metres from every cell to the nearest sea cell: a two-pass chamfer distance transform (steps
/// of 1 and √2 cells) times the cell size; `f32::INFINITY` on a map without sea.
///
/// Each pass takes a row at a time: first the three neighbours in the row already done, which
/// every cell reads alike, then the neighbour before it along the row. Each cell ends at the
/// least of the same sums as with one cell at a time, so the distances are the same.
pub fn sea_distance(grid: &Grid, cell_size: f32) -> Vec<f32> {
    let (w, rows) = (grid.width(), grid.depth());
    if w == 0 || rows == 0 {
        return Vec::new();
    }
    let mut dist: Vec<f32> = grid
        .water
        .par_iter()
        .map(|k| {
            if *k == WaterKind::Sea {
                0.0
            } else {
                f32::INFINITY
            }
        })
        .collect();
    along_row(dist[..w].iter_mut());
    for z in 1..rows {
        let (done, row) = dist[(z - 1) * w..(z + 1) * w].split_at_mut(w);
        from_row(row, done);
        along_row(row.iter_mut());
    }
    along_row(dist[(rows - 1) * w..].iter_mut().rev());
    for z in (0..rows - 1).rev() {
        let (row, done) = dist[z * w..(z + 2) * w].split_at_mut(w);
        from_row(row, done);
        along_row(row.iter_mut().rev());
    }
    dist.par_iter_mut().for_each(|v| *v *= cell_size);
    dist
}

/// Lowers each cell of `row` to its neighbour straight across in the finished row `done` plus 1,
/// or to one of the two diagonal ones there plus √2.
///
/// The distances are never NaN, so the minimum of the candidates does not depend on the order it
/// takes them in: the inner cells go in one loop without branches, which the compiler vectorises.
#[inline]
fn from_row(row: &mut [f32], done: &[f32]) {
    let w = row.len();
    let edge = |row: &mut [f32], x: usize| {
        let mut v = row[x].min(done[x] + 1.0);
        if x > 0 {
            v = v.min(done[x - 1] + DIAGONAL);
        }
        if x + 1 < w {
            v = v.min(done[x + 1] + DIAGONAL);
        }
        row[x] = v;
    };
    edge(row, 0);
    if w < 3 {
        if w == 2 {
            edge(row, 1);
        }
        return;
    }
    let inner = &mut row[1..w - 1];
    for (k, v) in inner.iter_mut().enumerate() {
        let straight = done[k + 1] + 1.0;
        let diagonal = (done[k] + DIAGONAL).min(done[k + 2] + DIAGONAL);
        *v = v.min(straight).min(diagonal);
    }
    edge(row, w - 1);
}

/// Lowers each cell, in the order given, to the cell before it plus 1.
#[inline]
fn along_row<'a>(cells: impl Iterator<Item = &'a mut f32>) {
    let mut before = f32::INFINITY;
    for v in cells {
        if before + 1.0 < *v {
            *v = before + 1.0;
        }
        before = *v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One cell at a time, as the transform is defined.
    fn cell_by_cell(grid: &Grid, cell_size: f32) -> Vec<f32> {
        let (w, d) = (grid.width(), grid.depth());
        let mut dist: Vec<f32> = grid
            .water
            .iter()
            .map(|k| {
                if *k == WaterKind::Sea {
                    0.0
                } else {
                    f32::INFINITY
                }
            })
            .collect();
        let relax = |dist: &mut [f32], i: usize, j: usize, step: f32| {
            let v = dist[j] + step;
            if v < dist[i] {
                dist[i] = v;
            }
        };
        for z in 0..d {
            for x in 0..w {
                let i = z * w + x;
                if x > 0 {
                    relax(&mut dist, i, i - 1, 1.0);
                }
                if z > 0 {
                    relax(&mut dist, i, i - w, 1.0);
                    if x > 0 {
                        relax(&mut dist, i, i - w - 1, DIAGONAL);
                    }
                    if x + 1 < w {
                        relax(&mut dist, i, i - w + 1, DIAGONAL);
                    }
                }
            }
        }
        for z in (0..d).rev() {
            for x in (0..w).rev() {
                let i = z * w + x;
                if x + 1 < w {
                    relax(&mut dist, i, i + 1, 1.0);
                }
                if z + 1 < d {
                    relax(&mut dist, i, i + w, 1.0);
                    if x + 1 < w {
                        relax(&mut dist, i, i + w + 1, DIAGONAL);
                    }
                    if x > 0 {
                        relax(&mut dist, i, i + w - 1, DIAGONAL);
                    }
                }
            }
        }
        dist.iter_mut().for_each(|v| *v *= cell_size);
        dist
    }

    #[test]
    fn rows_at_a_time_give_the_distances_of_cell_by_cell_bit_for_bit() {
        let mut state = 0x2545_f491u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for (w, d, sea_in) in [
            (37, 23, 40),
            (1, 9, 3),
            (9, 1, 3),
            (64, 48, 500),
            (16, 16, 0),
        ] {
            let mut grid = Grid::new(w, d);
            for k in grid.water.iter_mut() {
                if sea_in > 0 && next() % sea_in == 0 {
                    *k = WaterKind::Sea;
                }
            }
            let fast = sea_distance(&grid, 7.5);
            let slow = cell_by_cell(&grid, 7.5);
            assert_eq!(fast.len(), slow.len());
            for (a, b) in fast.iter().zip(&slow) {
                assert_eq!(a.to_bits(), b.to_bits(), "{w}×{d}");
            }
            if sea_in == 0 {
                assert!(fast.iter().all(|v| v.is_infinite()));
            } else {
                assert!(fast.iter().any(|v| *v > 0.0 && v.is_finite()));
            }
        }
    }
}
