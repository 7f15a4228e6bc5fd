//! Hillslope diffusion, `dz/dt = D·∇²z`, implicit in alternating directions: a step solves
//! `(1 − α·δxx)·z' = z` along every row, then `(1 − α·δzz)·z'' = z'` along every column, with
//! `α = D·Δt/Δx²` (the Thomas algorithm, one task per row; columns are solved as the rows of
//! the transposed plane). Each factor is unconditionally stable and conserves mass but for what
//! flows into the base cells, whose heights stay.

use crate::algorithms::threads;
use rayon::prelude::*;

/// The diffusion's fixed planes: the base cells in both layouts and a transposed scratch plane.
pub(super) struct Diffusion {
    width: usize,
    depth: usize,
    /// Cells whose height stays, row by row.
    base: Vec<bool>,
    /// The same, column by column.
    base_t: Vec<bool>,
    /// The heights column by column.
    scratch: Vec<f32>,
}

impl Diffusion {
    /// Diffusion on a `width × depth` lattice whose `base` cells keep their heights.
    pub fn new(width: usize, depth: usize, base: &[bool]) -> Self {
        Self {
            width,
            depth,
            base: base.to_vec(),
            base_t: transpose(base, width, depth),
            scratch: vec![0.0; width * depth],
        }
    }

    /// One implicit step with `alpha = D·Δt/Δx²`.
    pub fn step(&mut self, height: &mut [f32], alpha: f32) {
        if alpha <= 0.0 {
            return;
        }
        threads::ensure_pool();
        solve_rows(height, &self.base, self.width, alpha);
        transpose_into(height, &mut self.scratch, self.width, self.depth);
        solve_rows(&mut self.scratch, &self.base_t, self.depth, alpha);
        transpose_into(&self.scratch, height, self.depth, self.width);
    }
}

/// Solves every row of `plane` (`len` values each) in place, one task per row.
fn solve_rows(plane: &mut [f32], base: &[bool], len: usize, alpha: f32) {
    plane
        .par_chunks_mut(len)
        .zip(base.par_chunks(len))
        .with_min_len(threads::min_rows(len))
        .for_each_init(
            || vec![0.0f32; len],
            |upper, (row, fixed)| solve_row(row, fixed, alpha, upper),
        );
}

/// The Thomas algorithm on one row: `−α·z'ᵢ₋₁ + (1 + k·α)·z'ᵢ − α·z'ᵢ₊₁ = zᵢ` for a moving cell
/// with `k` neighbours in the row, `z'ᵢ = zᵢ` for a base cell. `upper` is scratch of the row's
/// length.
fn solve_row(row: &mut [f32], fixed: &[bool], alpha: f32, upper: &mut [f32]) {
    let n = row.len();
    let mut prev_upper = 0.0f32;
    let mut prev_rhs = 0.0f32;
    for i in 0..n {
        let (lower, diag, up) = if fixed[i] {
            (0.0, 1.0, 0.0)
        } else {
            let left = if i > 0 { alpha } else { 0.0 };
            let right = if i + 1 < n { alpha } else { 0.0 };
            (-left, 1.0 + left + right, -right)
        };
        let m = diag - lower * prev_upper;
        prev_upper = up / m;
        prev_rhs = (row[i] - lower * prev_rhs) / m;
        upper[i] = prev_upper;
        row[i] = prev_rhs;
    }
    for i in (0..n.saturating_sub(1)).rev() {
        row[i] -= upper[i] * row[i + 1];
    }
}

/// `plane` (`width × depth`, row by row) column by column.
fn transpose<T: Copy + Default + Send + Sync>(plane: &[T], width: usize, depth: usize) -> Vec<T> {
    let mut out = vec![T::default(); plane.len()];
    transpose_into(plane, &mut out, width, depth);
    out
}

/// Writes `plane` (`width × depth`, row by row) into `out` column by column, one task per
/// column.
fn transpose_into<T: Copy + Send + Sync>(plane: &[T], out: &mut [T], width: usize, depth: usize) {
    out.par_chunks_mut(depth.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(depth))
        .for_each(|(x, column)| {
            for (z, v) in column.iter_mut().enumerate() {
                *v = plane[z * width + x];
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bump_spreads_and_keeps_its_mass() {
        let (w, d) = (9, 9);
        let base: Vec<bool> = (0..w * d)
            .map(|i| i % w == 0 || i / w == 0 || i % w == w - 1 || i / w == d - 1)
            .collect();
        let mut h = vec![0.0f32; w * d];
        h[4 * w + 4] = 1.0;
        let mut diffusion = Diffusion::new(w, d, &base);
        diffusion.step(&mut h, 0.5);
        let total: f32 = h.iter().sum();
        assert!(h[4 * w + 4] < 1.0 && h[4 * w + 5] > 0.0 && h[5 * w + 5] > 0.0);
        // Little has reached the border yet: the mass stays within a few per cent.
        assert!((total - 1.0).abs() < 0.05, "{total}");
        assert!(h.iter().all(|&v| v >= 0.0));
    }

    #[test]
    fn a_plane_between_fixed_ends_is_a_steady_state() {
        let (w, d) = (6, 5);
        let base: Vec<bool> = (0..w * d).map(|i| i % w == 0 || i % w == w - 1).collect();
        let mut h: Vec<f32> = (0..w * d).map(|i| (i % w) as f32).collect();
        let before = h.clone();
        Diffusion::new(w, d, &base).step(&mut h, 3.0);
        for (a, b) in h.iter().zip(&before) {
            assert!((a - b).abs() < 1e-5);
        }
    }
}
