//! The distance from every cell to the sea: a two-pass chamfer transform with steps of 1 and √2
//! cells.

use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use rayon::prelude::*;

/// Metres from every cell to the nearest sea cell: a two-pass chamfer distance transform (steps
/// of 1 and √2 cells, [`crate::algorithms::chamfer::distance`]) times the cell size; `f32::INFINITY` on a
/// map without sea.
pub fn sea_distance(grid: &Grid, cell_size: f32) -> Vec<f32> {
    let sea = |i: usize| grid.water[i] == WaterKind::Sea;
    let mut dist =
        crate::algorithms::chamfer::distance(grid.width(), grid.depth() * grid.width(), sea);
    (dist
        .par_iter_mut()
        .with_min_len(crate::algorithms::threads::min_cells()))
    .for_each(|v| *v *= cell_size);
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::chamfer::DIAGONAL;

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
