//! The erosion lattice: where a map has more cells than droplets may run on
//! (`erosion_max_cells`), droplet erosion runs on a lattice coarser by a whole factor `k`, each
//! of its cells the mean of a block of `k × k` map cells, and the change it makes is interpolated
//! back onto the map's cells. Droplets, their steps and their weights are all in metres (see
//! [`crate::algorithms::erosion::Steps`]), so the coarse lattice carves the same valleys at a
//! `k`-times coarser sampling, at `1/k²` of the droplets and `1/k` of the steps each.

use crate::algorithms::erosion::MergeGuard;
use crate::algorithms::threads;
use crate::params::LakeFilter;
use rayon::prelude::*;

/// A map's planes brought down onto the erosion lattice.
#[derive(Clone, Debug, PartialEq)]
pub struct Lattice {
    /// Map cells per lattice cell along each axis.
    pub factor: usize,
    /// Lattice cells along x.
    pub width: usize,
    /// Lattice cells along z.
    pub depth: usize,
    /// The mean height of each block.
    pub height: Vec<f32>,
    /// Whether at least half of each block's cells are in the pool.
    pub pool: Vec<bool>,
}

impl Lattice {
    /// Brings a `width × depth` map down by `factor` (blocks at the far edges may be partial).
    pub fn down(height: &[f32], pool: &[bool], width: usize, depth: usize, factor: usize) -> Self {
        crate::algorithms::threads::ensure_pool();
        let (cw, cd) = (width.div_ceil(factor), depth.div_ceil(factor));
        let mut sum = vec![0.0f64; cw * cd];
        let mut in_pool = vec![0u32; cw * cd];
        let mut count = vec![0u32; cw * cd];
        // One row of blocks per task: each block adds its cells row by row, in the same order on
        // every thread count.
        sum.par_chunks_mut(cw.max(1))
            .zip(in_pool.par_chunks_mut(cw.max(1)))
            .zip(count.par_chunks_mut(cw.max(1)))
            .enumerate()
            .with_min_len(threads::min_rows(cw.max(1)))
            .for_each(|(bz, ((sum, in_pool), count))| {
                for z in bz * factor..((bz + 1) * factor).min(depth) {
                    for x in 0..width {
                        let (i, c) = (z * width + x, x / factor);
                        sum[c] += f64::from(height[i]);
                        in_pool[c] += u32::from(pool[i]);
                        count[c] += 1;
                    }
                }
            });
        Lattice {
            factor,
            width: cw,
            depth: cd,
            height: sum
                .iter()
                .zip(&count)
                .map(|(&s, &n)| (s / f64::from(n)) as f32)
                .collect(),
            pool: in_pool
                .iter()
                .zip(&count)
                .map(|(&p, &n)| 2 * p >= n)
                .collect(),
        }
    }

    /// A lake filter in map cells as the same area in lattice cells (rounded up, at least 1).
    pub fn lakes(&self, filter: LakeFilter) -> LakeFilter {
        let area = (self.factor * self.factor) as u32;
        LakeFilter {
            min_cells: filter.min_cells.div_ceil(area).max(1),
            ..filter
        }
    }

    /// `plane` (one value per lattice cell) at map cell `(x, z)`, interpolated bilinearly
    /// between the centres of the blocks around it.
    pub fn sample(&self, plane: &[f32], x: usize, z: usize) -> f32 {
        let k = self.factor as f32;
        let centre = (k - 1.0) * 0.5;
        let axis = |p: usize, n: usize| {
            let u = ((p as f32 - centre) / k).clamp(0.0, (n - 1) as f32);
            let lo = (u as usize).min(n.saturating_sub(2));
            let hi = (lo + 1).min(n - 1);
            (lo, hi, u - lo as f32)
        };
        let (x0, x1, tx) = axis(x, self.width);
        let (z0, z1, tz) = axis(z, self.depth);
        let at = |x: usize, z: usize| plane[z * self.width + x];
        let top = at(x0, z0) + (at(x1, z0) - at(x0, z0)) * tx;
        let bottom = at(x0, z1) + (at(x1, z1) - at(x0, z1)) * tx;
        top + (bottom - top) * tz
    }

    /// Adds the lattice's change (`eroded − self.height`) to the map's pool cells, interpolated,
    /// with the merge guard's floor: a cell lowered by erosion sinks no lower than the floor
    /// (or where it stood, if that was lower), and no height goes below 0, nor is ground already
    /// below 0 (a stamped basin, a drawn valley) lifted to it: the rule of the droplets' own
    /// merge on the map's lattice.
    pub fn apply(
        &self,
        eroded: &[f32],
        height: &mut [f32],
        pool: &[bool],
        width: usize,
        guard: MergeGuard,
    ) {
        let change: Vec<f32> = eroded
            .iter()
            .zip(&self.height)
            .map(|(e, h)| e - h)
            .collect();
        let floor = match guard {
            MergeGuard::Pool => 0.0,
            MergeGuard::Land { sea_level } => sea_level,
        };
        crate::algorithms::threads::ensure_pool();
        height
            .par_chunks_mut(width.max(1))
            .zip(pool.par_chunks(width.max(1)))
            .enumerate()
            .with_min_len(threads::min_rows(width.max(1)))
            .for_each(|(z, (row, in_pool))| {
                for (x, h) in row.iter_mut().enumerate() {
                    if !in_pool[x] {
                        continue;
                    }
                    let delta = self.sample(&change, x, z);
                    let new = *h + delta;
                    *h = if new < floor && delta < 0.0 {
                        floor.min(*h)
                    } else {
                        new.max(h.min(0.0))
                    };
                }
            });
    }

    /// A per-lattice-cell plane (the erosion activity) on every map cell, interpolated.
    pub fn up(&self, plane: &[f32], width: usize, depth: usize) -> Vec<f32> {
        crate::algorithms::threads::ensure_pool();
        let mut out = vec![0.0f32; width * depth];
        out.par_chunks_mut(width.max(1))
            .enumerate()
            .with_min_len(threads::min_rows(width.max(1)))
            .for_each(|(z, row)| {
                for (x, o) in row.iter_mut().enumerate() {
                    *o = self.sample(plane, x, z);
                }
            });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_average_and_vote() {
        let height: Vec<f32> = (0..16).map(|i| i as f32).collect();
        let pool: Vec<bool> = (0..16).map(|i| i % 4 < 2 || i >= 12).collect();
        let l = Lattice::down(&height, &pool, 4, 4, 2);
        assert_eq!((l.width, l.depth), (2, 2));
        assert_eq!(l.height, vec![2.5, 4.5, 10.5, 12.5]);
        assert_eq!(l.pool, vec![true, false, true, true]);
    }

    #[test]
    fn partial_blocks_at_the_edge_average_what_they_hold() {
        let height = vec![1.0f32; 5 * 3];
        let pool = vec![true; 15];
        let l = Lattice::down(&height, &pool, 5, 3, 2);
        assert_eq!((l.width, l.depth), (3, 2));
        assert!(l.height.iter().all(|&h| h == 1.0));
    }

    #[test]
    fn a_uniform_change_comes_back_on_every_pool_cell_and_a_linear_one_stays_linear() {
        let (w, d, k) = (12, 8, 4);
        let height = vec![5.0f32; w * d];
        let mut pool = vec![true; w * d];
        pool[0] = false;
        let l = Lattice::down(&height, &pool, w, d, k);
        let eroded: Vec<f32> = l.height.iter().map(|h| h - 1.0).collect();
        let mut map = height.clone();
        l.apply(&eroded, &mut map, &pool, w, MergeGuard::Pool);
        assert_eq!(map[0], 5.0, "cells outside the pool keep their height");
        assert!(map[1..].iter().all(|&h| (h - 4.0).abs() < 1e-6));
        // A plane rising one unit per lattice cell along x comes back rising 1/k per map cell
        // between the first and the last block centres.
        let ramp: Vec<f32> = (0..l.width * l.depth)
            .map(|i| (i % l.width) as f32)
            .collect();
        let up = l.up(&ramp, w, d);
        for x in 2..9 {
            assert!((up[x + 1] - up[x] - 0.25).abs() < 1e-6, "at {x}: {up:?}");
        }
    }

    #[test]
    fn the_guard_keeps_land_above_the_sea() {
        let (w, d) = (4, 4);
        let height = vec![0.3f32; w * d];
        let pool = vec![true; w * d];
        let l = Lattice::down(&height, &pool, w, d, 2);
        let eroded = vec![0.0f32; 4];
        let mut map = height.clone();
        l.apply(
            &eroded,
            &mut map,
            &pool,
            w,
            MergeGuard::Land { sea_level: 0.2 },
        );
        assert!(map.iter().all(|&h| h == 0.2));
    }

    #[test]
    fn ground_below_0_is_never_lifted_to_it() {
        // A stamped basin: 2 units below 0 in a pool at 1, which the lattice raises by 0.5.
        let (w, d) = (4, 4);
        let mut height = vec![1.0f32; w * d];
        height[5] = -2.0;
        let pool = vec![true; w * d];
        let l = Lattice::down(&height, &pool, w, d, 4);
        let eroded: Vec<f32> = l.height.iter().map(|h| h + 0.5).collect();
        let mut map = height.clone();
        l.apply(&eroded, &mut map, &pool, w, MergeGuard::Pool);
        assert_eq!(map[5], -1.5, "the basin fills by the change, not to 0");
        assert_eq!(map[0], 1.5);
    }

    #[test]
    fn lakes_keep_their_area() {
        let l = Lattice::down(&[0.0; 16], &[true; 16], 4, 4, 2);
        let f = l.lakes(LakeFilter {
            min_cells: 9,
            ..Default::default()
        });
        assert_eq!(f.min_cells, 3);
    }
}
