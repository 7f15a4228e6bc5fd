//! The subdivision model (the subdivision article, "Heightmap generation using spatial subdivision algorithm").
//!
//! From a random 2×2 array, each iteration doubles the resolution: every cell of the new
//! `(2k + 1)²` array is the mean of the (up to four) parents around it, and every new cell gains
//! `prng()·2f − f`. The amplitude `f` starts at `p1` ([`SubdivisionParams::amplitude`]) and is
//! divided by `2^p2` ([`SubdivisionParams::decay`]) after each iteration. Draws come from
//! [`MinStdRand0`] in the notebook's order (the four corners row by row, then the new cells of each
//! iteration row by row), in `f64` as the notebook's JavaScript computes.
//!
//! The square spans [`SubdivisionParams::square_size`] metres. A map no wider takes the top-left
//! corner of one square; a wider map starts from a lattice of `k × k` squares, `(k + 1)²` draws
//! row by row instead of four, and subdivides that lattice the same way, so a bigger map is a
//! bigger piece of the same kind of land. Each iteration halves the spacing in metres: the map is
//! sampled from the finest iteration whose points lie at least one cell apart (bilinearly between
//! them when the square is not a power of two cells across), so the same extent at another cell
//! size draws the same numbers for the same iterations and is the same land at another detail.
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
    raw_lattice(seed, 1, iterations, params)
}

/// The raw lattice of `squares × squares` squares after `iterations` iterations (side
/// `squares · 2^iterations + 1`): the `(squares + 1)²` start values drawn row by row, then each
/// iteration's new cells row by row, as [`raw_square`] draws one square's.
pub fn raw_lattice(
    seed: u64,
    squares: usize,
    iterations: u32,
    params: &SubdivisionParams,
) -> (Vec<f64>, usize) {
    let mut prng = MinStdRand0::new(seed);
    let mut n = squares + 1;
    let mut h: Vec<f64> = (0..n * n).map(|_| prng.next_f64()).collect();
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

/// How a map samples the subdivision: the squares across it, the iterations, and the metres
/// between the lattice's points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// Squares along each side of the lattice.
    pub squares: usize,
    /// Iterations of subdivision.
    pub iterations: u32,
    /// Metres between neighbouring points of the final lattice.
    pub spacing: f64,
}

/// Most iterations a map samples: a square a million times wider than a cell is sampled at its
/// 2²⁰th, never finer.
pub const MAX_ITERATIONS: u32 = 20;

impl Sampling {
    /// The sampling of a map `side` cells across (its longer side) of `cell` metres, with squares
    /// of `square` metres (at least a cell): enough squares to cover the map's `side − 1` cell
    /// spans, and the iterations whose spacing is the smallest of at least one cell.
    pub fn of(side: usize, cell: f64, square: f64) -> Self {
        let square = square.max(cell);
        let span = side.saturating_sub(1) as f64 * cell;
        let squares = ((span / square).ceil() as usize).max(1);
        let mut iterations = 0;
        while iterations < MAX_ITERATIONS && square / f64::from(1u32 << (iterations + 1)) >= cell {
            iterations += 1;
        }
        Sampling {
            squares,
            iterations,
            spacing: square / f64::from(1u32 << iterations),
        }
    }
}

/// The value of a row-major lattice of side `n` at `(u, v)` in lattice points: the point itself
/// where both lie on it, bilinear between the four around it otherwise.
fn sample(lattice: &[f64], n: usize, u: f64, v: f64) -> f64 {
    let (i, j) = (u.floor(), v.floor());
    let (tu, tv) = (u - i, v - j);
    let (i, j) = ((i as usize).min(n - 1), (j as usize).min(n - 1));
    let (i1, j1) = ((i + 1).min(n - 1), (j + 1).min(n - 1));
    let at = |x: usize, z: usize| lattice[z * n + x];
    if tu == 0.0 && tv == 0.0 {
        return at(i, j);
    }
    let top = at(i, j) + (at(i1, j) - at(i, j)) * tu;
    let bottom = at(i, j1) + (at(i1, j1) - at(i, j1)) * tu;
    top + (bottom - top) * tv
}

/// Heights of a `width × depth` map of cells of `cell_size` metres in `[0, peak]`, and the sea
/// level.
pub fn subdivision_heights(
    width: usize,
    depth: usize,
    cell_size: f32,
    seed: u64,
    params: &SubdivisionParams,
    peak: f32,
) -> (Vec<f32>, f32) {
    let cell = f64::from(cell_size);
    let at = Sampling::of(width.max(depth), cell, f64::from(params.square_size));
    let (lattice, n) = raw_lattice(seed, at.squares, at.iterations, params);
    let step = cell / at.spacing;
    let window: Vec<f64> = (0..depth)
        .flat_map(|z| {
            let lattice = &lattice;
            (0..width).map(move |x| sample(lattice, n, x as f64 * step, z as f64 * step))
        })
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
            square_size: 128.0,
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
    fn a_map_samples_the_finest_iteration_at_least_a_cell_apart() {
        // The default map: one square of 128 m on 1 m cells, as the article draws it.
        assert_eq!(
            Sampling::of(128, 1.0, 128.0),
            Sampling {
                squares: 1,
                iterations: 7,
                spacing: 1.0
            }
        );
        // The same 256 m at 4 m and at 1 m: the same two squares, two iterations apart.
        let (coarse, fine) = (Sampling::of(64, 4.0, 128.0), Sampling::of(256, 1.0, 128.0));
        assert_eq!((coarse.squares, fine.squares), (2, 2));
        assert_eq!((coarse.iterations, fine.iterations), (5, 7));
        // Cells of 3 m: spacing 4 m, the finest at least a cell.
        let odd = Sampling::of(100, 3.0, 128.0);
        assert_eq!((odd.squares, odd.iterations, odd.spacing), (3, 5, 4.0));
        // A square smaller than a cell counts as one cell.
        assert_eq!(Sampling::of(10, 5.0, 1.0).spacing, 5.0);
    }

    #[test]
    fn the_same_extent_at_another_cell_size_is_the_same_land() {
        let params = SubdivisionParams::default();
        let (coarse, _) = subdivision_heights(64, 64, 4.0, 5, &params, 1.0);
        let (fine, _) = subdivision_heights(256, 256, 1.0, 5, &params, 1.0);
        let (square, n) = raw_lattice(5, 2, 7, &params);
        let (coarse_raw, m) = raw_lattice(5, 2, 5, &params);
        // Every coarse lattice point is a fine one: the same draws.
        for (z, x) in [(0, 0), (3, 17), (32, 32), (63, 40)] {
            assert_eq!(coarse_raw[z * m + x], square[4 * z * n + 4 * x]);
        }
        // After scaling, heights agree closely where both maps sample.
        let worst = (0..64)
            .flat_map(|z| (0..64).map(move |x| (x, z)))
            .map(|(x, z)| (coarse[z * 64 + x] - fine[4 * z * 256 + 4 * x]).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 0.25, "{worst}");
    }

    #[test]
    fn cells_between_lattice_points_are_interpolated() {
        let lattice = [0.0, 1.0, 2.0, 3.0];
        assert_eq!(sample(&lattice, 2, 0.0, 0.0), 0.0);
        assert_eq!(sample(&lattice, 2, 1.0, 1.0), 3.0);
        assert_eq!(sample(&lattice, 2, 0.5, 0.5), 1.5);
        assert_eq!(sample(&lattice, 2, 0.25, 0.0), 0.25);
    }

    #[test]
    fn a_map_is_the_top_left_window_scaled_to_the_peak() {
        let params = SubdivisionParams::default();
        let (h, sea) = subdivision_heights(40, 24, 1.0, 9, &params, 3.0);
        assert_eq!(h.len(), 40 * 24);
        let max = h.iter().copied().fold(0.0f32, f32::max);
        let min = h.iter().copied().fold(f32::INFINITY, f32::min);
        assert_eq!(min, 0.0);
        assert!((max - 3.0).abs() < 1e-5, "{max}");
        let mean = h.iter().sum::<f32>() / h.len() as f32;
        assert!((sea - mean).abs() < 1e-4, "{sea} {mean}");
        // The top-left window of the one square of 128 m.
        let (square, n) = raw_square(9, 7, &params);
        let above = |a: usize, b: usize| square[a] > square[b];
        assert_eq!(above(0, 1), h[0] > h[1]);
        assert_eq!(above(3 * n + 5, 7 * n + 30), h[3 * 40 + 5] > h[7 * 40 + 30]);
    }
}
