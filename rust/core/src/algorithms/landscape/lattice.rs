//! The model's lattice: nodes a fixed number of metres apart over the map's extent, whatever the
//! map's cell size, so the same world evolves at every resolution. A map finer than the lattice
//! is brought down by averaging the cells nearest each node and the evolved change comes back by
//! bilinear interpolation (as the erosion lattice does); a map as coarse as the lattice or
//! coarser is the lattice itself.

use crate::algorithms::threads;
use rayon::prelude::*;

/// A lattice over a map, and the map's cells on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Lattice {
    /// Nodes along x.
    pub width: usize,
    /// Nodes along z.
    pub depth: usize,
    /// Metres between nodes.
    pub spacing: f32,
    /// Cells of the map along x.
    map_width: usize,
    /// Cells of the map along z.
    map_depth: usize,
    /// Lattice spacings per map cell (1 when the map is the lattice).
    ratio: f32,
}

impl Lattice {
    /// The lattice of nodes `spacing` metres apart over a `map_width × map_depth` map of cells
    /// `cell_m` metres wide; the map itself when `spacing ≤ cell_m`. The first and last nodes
    /// lie on the first and last cells' centres (to within half a spacing).
    pub fn new(map_width: usize, map_depth: usize, cell_m: f32, spacing: f32) -> Self {
        let ratio = if spacing > cell_m {
            cell_m / spacing
        } else {
            1.0
        };
        let nodes = |cells: usize| ((cells.saturating_sub(1)) as f32 * ratio).round() as usize + 1;
        Self {
            width: nodes(map_width).min(map_width.max(1)),
            depth: nodes(map_depth).min(map_depth.max(1)),
            spacing: cell_m / ratio,
            map_width,
            map_depth,
            ratio,
        }
    }

    /// Whether the lattice is the map's own cells.
    pub fn is_map(&self) -> bool {
        self.ratio == 1.0
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.width * self.depth
    }

    /// Whether the lattice has no nodes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The nodes nearest map cell coordinate `p` along an axis of `nodes` nodes, with their
    /// weights: the nearest node, or the two a cell lies halfway between, half each (so a
    /// node's cells are centred on it).
    #[inline]
    fn shares(&self, p: usize, nodes: usize) -> [(usize, f64); 2] {
        let u = f64::from(p as f32 * self.ratio) + 0.5;
        let lo = (u.floor() as usize).min(nodes - 1);
        if u == u.floor() && lo > 0 {
            [(lo - 1, 0.5), (lo, 0.5)]
        } else {
            [(lo, 1.0), (lo, 0.0)]
        }
    }

    /// The mean of `plane` (one value per map cell) over the cells nearest each node.
    pub fn down(&self, plane: &[f32]) -> Vec<f32> {
        let (sum, count) = self.gather(|i| f64::from(plane[i]));
        sum.iter()
            .zip(&count)
            .map(|(s, &n)| (s / n.max(1e-9)) as f32)
            .collect()
    }

    /// Whether more than half the (weighted) cells nearest each node are set in `mask`.
    pub fn down_mask(&self, mask: &[bool]) -> Vec<bool> {
        let (sum, count) = self.gather(|i| f64::from(u8::from(mask[i])));
        sum.iter().zip(&count).map(|(s, &n)| 2.0 * s > n).collect()
    }

    /// The weighted sum of `value(cell)` over the map cells nearest each node, and their
    /// weight: one row of nodes per task, each adding its cells row by row, in the same order on
    /// every thread count.
    fn gather(&self, value: impl Fn(usize) -> f64 + Sync) -> (Vec<f64>, Vec<f64>) {
        threads::ensure_pool();
        let (w, mw) = (self.width, self.map_width);
        let columns: Vec<[(usize, f64); 2]> = (0..mw).map(|x| self.shares(x, w)).collect();
        let mut sum = vec![0.0f64; self.len()];
        let mut weight = vec![0.0f64; self.len()];
        sum.par_chunks_mut(w)
            .zip(weight.par_chunks_mut(w))
            .enumerate()
            .with_min_len(threads::min_rows(w))
            .for_each(|(bz, (sum, weight))| {
                for z in 0..self.map_depth {
                    for (node, wz) in self.shares(z, self.depth) {
                        if node != bz || wz == 0.0 {
                            continue;
                        }
                        for (x, shares) in columns.iter().enumerate() {
                            let v = value(z * mw + x);
                            for &(b, wx) in shares {
                                sum[b] += wz * wx * v;
                                weight[b] += wz * wx;
                            }
                        }
                    }
                }
            });
        (sum, weight)
    }

    /// `plane` (one value per node) at map cell `(x, z)`, interpolated bilinearly.
    pub fn sample(&self, plane: &[f32], x: usize, z: usize) -> f32 {
        let axis = |p: usize, n: usize| {
            let u = (p as f32 * self.ratio).clamp(0.0, (n - 1) as f32);
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

    /// `plane` (one value per node) on every map cell, interpolated.
    pub fn up(&self, plane: &[f32]) -> Vec<f32> {
        if self.is_map() {
            return plane.to_vec();
        }
        threads::ensure_pool();
        let mw = self.map_width.max(1);
        let mut out = vec![0.0f32; self.map_width * self.map_depth];
        out.par_chunks_mut(mw)
            .enumerate()
            .with_min_len(threads::min_rows(mw))
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
    fn a_fine_map_comes_down_to_nodes_in_metres() {
        // 9 cells of 1 m: nodes 4 m apart at 0, 4 and 8 m.
        let l = Lattice::new(9, 9, 1.0, 4.0);
        assert_eq!((l.width, l.depth, l.spacing), (3, 3, 4.0));
        let ramp: Vec<f32> = (0..81).map(|i| (i % 9) as f32).collect();
        let down = l.down(&ramp);
        // Cells halfway between two nodes count half to each: an inner node is its cells' mean.
        assert_eq!(down[1], 4.0);
        assert!((down[0] - 0.8).abs() < 1e-6 && (down[2] - 7.2).abs() < 1e-6);
        let up = l.up(&[0.0, 4.0, 8.0, 0.0, 4.0, 8.0, 0.0, 4.0, 8.0]);
        assert_eq!(up, ramp, "a linear plane comes back exactly");
        let coarse = Lattice::new(5, 5, 8.0, 4.0);
        assert!(coarse.is_map() && coarse.width == 5 && coarse.spacing == 8.0);
    }

    #[test]
    fn masks_vote() {
        let l = Lattice::new(4, 1, 1.0, 2.0);
        assert_eq!(l.width, 3);
        // Nodes at cells 0, 2 and 4: cell 1 is half node 0's, half node 1's.
        let m = l.down_mask(&[true, true, false, false]);
        assert_eq!(m.len(), 3);
        assert!(m[0] && !m[2]);
    }
}
