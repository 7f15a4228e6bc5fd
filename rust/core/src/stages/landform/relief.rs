//! The shapes the continents are made of: the continentalness spline, the ridged multifractal
//! of the mountains and the eroded fBm of the detail, each from its octaves' noise values (so
//! the octaves can be evaluated in lanes) or octave by octave at a point.

use super::continents::{DETAIL_OCTAVES, MOUNTAIN_OCTAVES, MOUNTAIN_WEIGHT_GAIN};
use crate::algorithms::noise::{octave_frequency, octave_seed, value_noise_d};

/// The continentalness spline: `(continentalness, elevation)` knots, elevation relative to sea
/// level in units of the peak height: deep ocean, shelf, coast, lowlands, inland plateaus.
pub const SPLINE: [(f32, f32); 8] = [
    (-1.0, -0.3),
    (-0.45, -0.22),
    (-0.2, -0.06),
    (-0.05, 0.0),
    (0.05, 0.02),
    (0.3, 0.08),
    (0.6, 0.16),
    (1.0, 0.22),
];

/// Linear interpolation through the [`SPLINE`] knots (clamped at both ends).
pub fn spline(c: f32) -> f32 {
    let c = c.clamp(SPLINE[0].0, SPLINE[SPLINE.len() - 1].0);
    for w in SPLINE.windows(2) {
        let ((c0, e0), (c1, e1)) = (w[0], w[1]);
        if c <= c1 {
            return e0 + (e1 - e0) * (c - c0) / (c1 - c0);
        }
    }
    SPLINE[SPLINE.len() - 1].1
}

/// `0` at `lo`, `1` at `hi`, smooth between.
#[inline]
pub fn smoothstep(lo: f32, hi: f32, v: f32) -> f32 {
    let t = ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Ridged multifractal (Musgrave): per octave `s = (1 − |n|)²`, weighted by the previous
/// octave's signal, normalised to about `[0, 1]`.
pub fn ridged(u: f32, v: f32, seed: u32) -> f32 {
    let n: [f32; MOUNTAIN_OCTAVES as usize] = std::array::from_fn(|o| {
        let f = octave_frequency(o as u32);
        value_noise_d(u * f, v * f, octave_seed(seed, o as u32))[0]
    });
    ridged_sum(&n)
}

/// [`ridged`] from its octaves' signed noise values.
#[inline(always)]
pub(super) fn ridged_sum(octaves: &[f32]) -> f32 {
    let (mut sum, mut norm) = (0.0, 0.0);
    let (mut amp, mut weight) = (1.0f32, 1.0f32);
    for &n in octaves {
        let mut s = 1.0 - n.abs();
        s *= s;
        s *= weight;
        weight = (s * MOUNTAIN_WEIGHT_GAIN).clamp(0.0, 1.0);
        sum += s * amp;
        norm += amp;
        amp *= 0.5;
    }
    sum / norm
}

/// Iñigo Quilez's eroded fBm: each octave is damped by `1/(1 + |∇|²)`, the gradient of the
/// octaves so far (analytic derivatives), so slopes stay smooth and gullies form. About `[−1, 1]`.
pub fn eroded_fbm(u: f32, v: f32, seed: u32) -> f32 {
    let n: [[f32; 3]; DETAIL_OCTAVES as usize] = std::array::from_fn(|o| {
        let f = octave_frequency(o as u32);
        value_noise_d(u * f, v * f, octave_seed(seed, o as u32))
    });
    eroded_sum(n.map(|[n, nx, nz]| (n, nx, nz)))
}

/// [`eroded_fbm`] from its octaves' values and partial derivatives `(n, ∂n/∂u, ∂n/∂v)`.
#[inline(always)]
pub(super) fn eroded_sum(octaves: impl IntoIterator<Item = (f32, f32, f32)>) -> f32 {
    let (mut sum, mut norm) = (0.0, 0.0);
    let (mut amp, mut freq) = (1.0f32, 1.0f32);
    let (mut dx, mut dz) = (0.0f32, 0.0f32);
    for (n, nx, nz) in octaves {
        dx += nx * amp * freq;
        dz += nz * amp * freq;
        sum += amp * n / (1.0 + dx * dx + dz * dz);
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    sum / norm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spline_rises_through_its_knots() {
        for (c, e) in SPLINE {
            assert!((spline(c) - e).abs() < 1e-6);
        }
        assert_eq!(spline(-5.0), SPLINE[0].1);
        assert_eq!(spline(5.0), SPLINE[7].1);
        let mut last = f32::NEG_INFINITY;
        for i in 0..=200 {
            let e = spline(i as f32 / 100.0 - 1.0);
            assert!(e >= last);
            last = e;
        }
    }

    #[test]
    fn ridged_noise_peaks_where_the_noise_crosses_zero() {
        let mut max: f32 = 0.0;
        for i in 0..5000 {
            let r = ridged(i as f32 * 0.013, i as f32 * 0.007, 3);
            assert!((0.0..=1.0).contains(&r), "{r}");
            max = max.max(r);
        }
        assert!(max > 0.6, "{max}");
    }

    #[test]
    fn eroded_fbm_is_smoother_than_plain_fbm_on_slopes() {
        let mut eroded = 0.0f32;
        let mut plain = 0.0f32;
        for i in 0..4000 {
            let (u, v) = (i as f32 * 0.01, 3.7);
            let e1 = eroded_fbm(u, v, 9) - eroded_fbm(u + 0.01, v, 9);
            eroded += e1.abs();
            let p = |u: f32| {
                let mut s = 0.0;
                let mut a = 1.0;
                let mut f = 1.0;
                for o in 0..DETAIL_OCTAVES {
                    s += a * value_noise_d(u * f, v * f, octave_seed(9, o))[0];
                    a *= 0.5;
                    f *= 2.0;
                }
                s / (0..DETAIL_OCTAVES)
                    .map(|o| 0.5f32.powi(o as i32))
                    .sum::<f32>()
            };
            plain += (p(u) - p(u + 0.01)).abs();
        }
        assert!(eroded < plain, "eroded {eroded} plain {plain}");
    }
}
