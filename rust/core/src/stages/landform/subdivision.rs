//! The subdivision model (the subdivision article, "Heightmap generation using spatial subdivision algorithm").
//!
//! From a random 2×2 array, each iteration doubles the resolution: every cell of the new
//! `(2k + 1)²` array is the mean of the (up to four) parents around it, and every new cell gains
//! `prng()·2f − f`. The amplitude `f` starts at `p1` ([`SubdivisionParams::amplitude`]) and is
//! divided by `2^p2` ([`SubdivisionParams::decay`]) after each iteration. Draws come from
//! [`MinStdRand0`] in the notebook's order (the four corners row by row, then the new cells of each
//! iteration row by row), in `f64` as the notebook's JavaScript computes.
//!
//! A map of `width × depth` cells takes the top-left corner of the smallest square (side `2ⁿ + 1`)
//! that covers `max(width, depth)`: cell `(x, z)` is the square's row `z`, column `x`, so a
//! non-square map is a window of the square, never a stretched one, and features keep their shape.
//! The window's minimum is subtracted and its heights scaled to `[0, peak_height]`. The sea rises
//! to the window's mean height plus [`SubdivisionParams::sea_offset`] × `peak_height`.

use super::minstd::MinStdRand0;
use crate::params::SubdivisionParams;

/// One iteration: the `(2k + 1)²` array from a `(k + 1)²` one (row-major, side `n`).
pub fn subdivide(h: &[f64], n: usize, mut rnd: impl FnMut() -> f64) -> Vec<f64> {
    let nb = 2 * (n - 1) + 1;
    let mut out = vec![0.0; nb * nb];
    for i in 0..nb {
        let (top, bottom) = (i >> 1, (i >> 1) + (i & 1));
        for j in 0..nb {
            let (left, right) = (j >> 1, (j >> 1) + (j & 1));
            let mut v = (h[top * n + left]
                + h[bottom * n + left]
                + h[top * n + right]
                + h[bottom * n + right])
                / 4.0;
            if i & 1 == 1 || j & 1 == 1 {
                v += rnd();
            }
            out[i * nb + j] = v;
        }
    }
    out
}

/// The raw square after `iterations` iterations (side `2^iterations + 1`), as the notebook's
/// `generateHeightmap` builds it before subtracting its minimum.
pub fn raw_square(seed: u64, iterations: u32, params: &SubdivisionParams) -> (Vec<f64>, usize) {
    let mut prng = MinStdRand0::new(seed);
    let mut h: Vec<f64> = (0..4).map(|_| prng.next_f64()).collect();
    let mut n = 2;
    let mut f = f64::from(params.amplitude);
    let divisor = libm::pow(2.0, f64::from(params.decay));
    for _ in 0..iterations {
        let f2 = 2.0 * f;
        h = subdivide(&h, n, || prng.next_f64() * f2 - f);
        n = 2 * (n - 1) + 1;
        f /= divisor;
    }
    (h, n)
}

/// Iterations needed for the square's side `2ⁿ + 1` to cover `side` cells.
pub fn iterations_for(side: usize) -> u32 {
    let mut n = 0;
    while (1usize << n) + 1 < side {
        n += 1;
    }
    n
}

/// Heights of a `width × depth` map in `[0, peak]`, and the sea level.
pub fn subdivision_heights(
    width: usize,
    depth: usize,
    seed: u64,
    params: &SubdivisionParams,
    peak: f32,
) -> (Vec<f32>, f32) {
    let (square, n) = raw_square(seed, iterations_for(width.max(depth)), params);
    let window: Vec<f64> = (0..depth)
        .flat_map(|z| square[z * n..z * n + width].iter().copied())
        .collect();
    let (lo, hi) = window
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    let scale = if hi > lo {
        f64::from(peak) / (hi - lo)
    } else {
        0.0
    };
    let heights: Vec<f32> = window.iter().map(|&v| ((v - lo) * scale) as f32).collect();
    let mean = heights.iter().map(|&h| f64::from(h)).sum::<f64>() / heights.len().max(1) as f64;
    let sea = mean as f32 + params.sea_offset * peak;
    (heights, sea)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two iterations from seed 42 with p1 = 0.5, p2 = 1.1: the 5×5 values computed by hand (an
    /// independent Python transcription of the notebook's `generateHeightmap`, in doubles, with p2
    /// as the `f32` parameter holds it: 1.100000023841858).
    #[test]
    fn two_iterations_match_the_notebook_values() {
        let params = SubdivisionParams {
            amplitude: 0.5,
            decay: 1.1,
            sea_offset: 0.0,
        };
        let (h, n) = raw_square(42, 2, &params);
        assert_eq!(n, 5);
        let expected: [f64; 25] = EXPECTED_5X5;
        for (i, (&got, &want)) in h.iter().zip(&expected).enumerate() {
            assert!((got - want).abs() < 1e-12, "cell {i}: {got} vs {want}");
        }
    }

    #[rustfmt::skip]
    const EXPECTED_5X5: [f64; 25] = [
        0.0003287070433876543, -0.04381080367460301, 0.1386818754381332, 0.14833421431126187, 0.5245871017916008,
        0.1794255056682469, 0.45185003775391214, 0.4753540588767261, 0.36279924419744924, 0.34758748867788813,
        0.06416194496132616, 0.3150482654419987, 0.8567851013334329, 0.5491024145870053, 0.40626442935901186,
        0.21479904534182337, 0.6899410675437614, 0.7093526060738071, 0.6747355956989605, 0.4453582563203466,
        0.7354235320681926, 0.43590384514919167, 0.529813581174066, 0.41475808963157157, 0.26330554044182,
    ];

    #[test]
    fn iterations_cover_the_side() {
        assert_eq!(iterations_for(1), 0);
        assert_eq!(iterations_for(2), 0);
        assert_eq!(iterations_for(3), 1);
        assert_eq!(iterations_for(5), 2);
        assert_eq!(iterations_for(6), 3);
        assert_eq!(iterations_for(1025), 10);
        assert_eq!(iterations_for(1026), 11);
    }

    #[test]
    fn a_map_is_the_top_left_window_scaled_to_the_peak() {
        let params = SubdivisionParams::default();
        let (h, sea) = subdivision_heights(40, 24, 9, &params, 3.0);
        assert_eq!(h.len(), 40 * 24);
        let max = h.iter().copied().fold(0.0f32, f32::max);
        let min = h.iter().copied().fold(f32::INFINITY, f32::min);
        assert_eq!(min, 0.0);
        assert!((max - 3.0).abs() < 1e-5, "{max}");
        let mean = h.iter().sum::<f32>() / h.len() as f32;
        assert!((sea - mean).abs() < 1e-4, "{sea} {mean}");
        // The same square: a wider map's window holds the narrower map's raw order.
        let (square, n) = raw_square(9, iterations_for(40), &params);
        let above = |a: usize, b: usize| square[a] > square[b];
        assert_eq!(above(0, 1), h[0] > h[1]);
        assert_eq!(above(3 * n + 5, 7 * n + 30), h[3 * 40 + 5] > h[7 * 40 + 30]);
    }
}
