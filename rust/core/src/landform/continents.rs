//! The continents model (seed 003 §2): `height = spline(continentalness) + mountains + detail −
//! rivers`, a pure function of the seed and a world position, so any window of the world can be
//! generated on its own and tiles of an endless world agree where they meet.
//!
//! Elevations are computed relative to sea level in units of the peak height, then laid on the
//! grid as `h = peak · (SEA_LEVEL + e)`, clamped at 0: the sea lies at `SEA_LEVEL · peak`.

use crate::climate::{ClimateFields, FieldSample};
use crate::noise::lanes::{value_noise_d_lanes, value_noise_lanes, with_wide_lanes};
use crate::noise::{octave_seed, value_noise_d};
use crate::params::ContinentsParams;

/// The sea level as a fraction of the peak height: the ocean floor may sink this far below it.
pub const SEA_LEVEL: f32 = 0.3;

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

/// Mountains: metres per period of the ridged multifractal's first octave (feature scale 1).
pub const MOUNTAIN_SCALE: f64 = 1200.0;
/// Mountains: octaves of the ridged multifractal.
pub const MOUNTAIN_OCTAVES: u32 = 4;
/// Mountains: how strongly an octave's signal weights the next (Musgrave's gain).
pub const MOUNTAIN_WEIGHT_GAIN: f32 = 2.0;
/// Mountains: height of a full ridge at `continents_mountains = 1`, in units of the peak height.
pub const MOUNTAIN_HEIGHT: f32 = 0.75;
/// Mountains: the ridges field from which ranges rise, to where they reach full height.
pub const RIDGE_MASK: (f32, f32) = (-0.1, 0.45);
/// Mountains: the erosion field from which ranges flatten, to where they are gone.
pub const EROSION_FLATTENS: (f32, f32) = (-0.4, 0.7);
/// Mountains and detail rise inland over this continentalness band (after the land bias).
pub const INLAND: (f32, f32) = (-0.1, 0.25);

/// Detail: metres per period of the eroded fBm's first octave.
pub const DETAIL_SCALE: f64 = 400.0;
/// Detail: octaves of the eroded fBm.
pub const DETAIL_OCTAVES: u32 = 4;
/// Detail: amplitude in units of the peak height.
pub const DETAIL_HEIGHT: f32 = 0.05;

/// Rivers: metres per period of the river noise.
pub const RIVER_SCALE: f64 = 1800.0;
/// Rivers: octaves of the river noise.
pub const RIVER_OCTAVES: u32 = 2;
/// Rivers: deepest cut, in units of the peak height.
pub const RIVER_DEPTH: f32 = 0.12;
/// Rivers: the cut never takes more than this share of the land's elevation, so a channel falls
/// with the land toward the sea and never below it.
pub const RIVER_MAX_SHARE: f32 = 0.85;

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
fn ridged_sum(octaves: &[f32]) -> f32 {
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
    eroded_sum(&n.map(|n| n[0]), &n.map(|n| n[1]), &n.map(|n| n[2]))
}

/// [`eroded_fbm`] from its octaves' values and partial derivatives.
#[inline(always)]
fn eroded_sum(n: &[f32], nx: &[f32], nz: &[f32]) -> f32 {
    let (mut sum, mut norm) = (0.0, 0.0);
    let (mut amp, mut freq) = (1.0f32, 1.0f32);
    let (mut dx, mut dz) = (0.0f32, 0.0f32);
    for o in 0..n.len() {
        dx += nx[o] * amp * freq;
        dz += nz[o] * amp * freq;
        sum += amp * n[o] / (1.0 + dx * dx + dz * dz);
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    sum / norm
}

/// The continents of one seed: a pure height function of world position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Continents {
    /// The climate fields the land follows.
    pub fields: ClimateFields,
    /// The model's parameters.
    pub params: ContinentsParams,
    /// Peak height, height units.
    pub peak: f32,
    /// Multiplier of every length scale.
    pub feature_scale: f32,
    mountain_seed: u32,
    detail_seed: u32,
    river_seed: u32,
    /// `1 / (scale · feature_scale)` of the detail, mountain and river noises.
    inv: Inverses,
    /// Per lane of the detail-and-mountain batch (detail octaves, then mountain octaves): the
    /// octave's frequency and seed.
    relief_freq: [f32; RELIEF_LANES],
    relief_seed: [u32; RELIEF_LANES],
    /// The river noise's octave seeds.
    river_seeds: [u32; RIVER_OCTAVES as usize],
}

/// Lanes of the detail-and-mountain batch.
const RELIEF_LANES: usize = (DETAIL_OCTAVES + MOUNTAIN_OCTAVES) as usize;

/// The reciprocal length scales of the continents' own noises, computed once.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Inverses {
    detail: f64,
    mountain: f64,
    river: f64,
}

/// Frequency multiplier of octave `o` (`2^o`, exact).
fn octave_frequency(o: u32) -> f32 {
    (0..o).fold(1.0, |f, _| f * 2.0)
}

impl Continents {
    /// The continents of `seed`, on the climate fields at `feature_scale`.
    pub fn new(seed: u64, params: ContinentsParams, feature_scale: f32, peak: f32) -> Self {
        let inv = |scale: f64| 1.0 / (scale * f64::from(feature_scale));
        let (mountain_seed, detail_seed, river_seed) = (
            crate::seed::derive32(seed, "mountains"),
            crate::seed::derive32(seed, "detail"),
            crate::seed::derive32(seed, "rivers"),
        );
        let d = DETAIL_OCTAVES as usize;
        let relief = |l: usize| match l < d {
            true => (detail_seed, l as u32),
            false => (mountain_seed, (l - d) as u32),
        };
        Continents {
            fields: ClimateFields::new(seed, feature_scale),
            feature_scale,
            params,
            peak,
            mountain_seed,
            detail_seed,
            river_seed,
            inv: Inverses {
                detail: inv(DETAIL_SCALE),
                mountain: inv(MOUNTAIN_SCALE),
                river: inv(RIVER_SCALE),
            },
            relief_freq: std::array::from_fn(|l| octave_frequency(relief(l).1)),
            relief_seed: std::array::from_fn(|l| octave_seed(relief(l).0, relief(l).1)),
            river_seeds: std::array::from_fn(|o| octave_seed(river_seed, o as u32)),
        }
    }

    /// The sea level, height units.
    pub fn sea_level(&self) -> f32 {
        SEA_LEVEL * self.peak
    }

    /// Noise coordinates of a world position for a reciprocal length scale.
    #[inline(always)]
    fn at(x: f64, z: f64, inv: f64) -> (f32, f32) {
        ((x * inv) as f32, (z * inv) as f32)
    }

    /// Elevation relative to sea level, in units of the peak height.
    pub fn elevation(&self, x: f64, z: f64) -> f32 {
        with_wide_lanes(
            #[inline(always)]
            || self.elevation_lanes(x, z, &self.fields.sample_lanes(x, z)),
        )
    }

    /// The height and all five climate fields at a world position, sharing the warp and the three
    /// fields the height reads (the streaming path: one call per vertex of a tile).
    pub fn sample(&self, x: f64, z: f64) -> (f32, FieldSample) {
        with_wide_lanes(
            #[inline(always)]
            || {
                let fields = self.fields.sample_lanes(x, z);
                (
                    self.grid_height(self.elevation_lanes(x, z, &fields)),
                    fields,
                )
            },
        )
    }

    /// The grid height (height units) at a world position: `peak · (SEA_LEVEL + e)`, at least 0.
    pub fn height(&self, x: f64, z: f64) -> f32 {
        self.grid_height(self.elevation(x, z))
    }

    /// `peak · (SEA_LEVEL + e)`, at least 0.
    #[inline(always)]
    fn grid_height(&self, e: f32) -> f32 {
        (self.peak * (SEA_LEVEL + e)).max(0.0)
    }

    /// Elevation from the climate fields: the spline of the continentalness, mountains where
    /// they may rise (inland, on the ridges, where `continents_mountains > 0`), detail, rivers.
    ///
    /// The detail's and the mountains' octaves are one batch of lanes; offshore, or where the
    /// ridges mask the mountains out, only the detail's lanes are evaluated, and the mountains
    /// are +0 as their product would be.
    #[inline(always)]
    fn elevation_lanes(&self, x: f64, z: f64, fields: &FieldSample) -> f32 {
        let c = fields.continentalness + self.params.land_bias;
        let base = spline(c);
        let inland = smoothstep(INLAND.0, INLAND.1, c);
        let amount = self.params.mountains * MOUNTAIN_HEIGHT;
        let mask = smoothstep(RIDGE_MASK.0, RIDGE_MASK.1, fields.ridges);
        let (du, dv) = Self::at(x, z, self.inv.detail);
        let (mountains, eroded) = if inland != 0.0 && amount != 0.0 && mask != 0.0 {
            let (mu, mv) = Self::at(x, z, self.inv.mountain);
            let d = DETAIL_OCTAVES as usize;
            let f = self.relief_freq;
            let u: [f32; RELIEF_LANES] =
                std::array::from_fn(|l| (if l < d { du } else { mu }) * f[l]);
            let v: [f32; RELIEF_LANES] =
                std::array::from_fn(|l| (if l < d { dv } else { mv }) * f[l]);
            let n = value_noise_d_lanes(u, v, self.relief_seed);
            let rugged = 1.0 - smoothstep(EROSION_FLATTENS.0, EROSION_FLATTENS.1, fields.erosion);
            let ridged = ridged_sum(&n[0][d..]);
            let m = amount * ridged * mask * rugged;
            (m * inland, eroded_sum(&n[0][..d], &n[1][..d], &n[2][..d]))
        } else {
            const D: usize = DETAIL_OCTAVES as usize;
            let f: [f32; D] = std::array::from_fn(|l| self.relief_freq[l]);
            let seeds = std::array::from_fn(|l| self.relief_seed[l]);
            let n = value_noise_d_lanes(f.map(|f| du * f), f.map(|f| dv * f), seeds);
            // Mountains are never negative, so their product with `inland` is +0 here.
            (0.0, eroded_sum(&n[0], &n[1], &n[2]))
        };
        let detail = eroded * DETAIL_HEIGHT * (0.3 + 0.7 * inland);
        let land = base + mountains + detail;
        land - self.river_cut(x, z, land)
    }

    /// The river cut: where the river noise is near 0, a channel whose depth is a share of the
    /// land's elevation, so it falls toward the sea with the land and vanishes at the coast.
    #[inline(always)]
    fn river_cut(&self, x: f64, z: f64, land: f32) -> f32 {
        let width = self.params.river_width;
        if width == 0.0 || land <= 0.0 {
            return 0.0;
        }
        let (u, v) = Self::at(x, z, self.inv.river);
        let f: [f32; RIVER_OCTAVES as usize] = std::array::from_fn(|o| octave_frequency(o as u32));
        let octaves = value_noise_lanes(f.map(|f| u * f), f.map(|f| v * f), self.river_seeds);
        let n = (2.0 * crate::noise::lanes::fbm_sum(&octaves) - 1.0).abs();
        if n >= width {
            return 0.0;
        }
        let t = 1.0 - n / width;
        (t * t * RIVER_DEPTH).min(land * RIVER_MAX_SHARE)
    }
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

    #[test]
    fn heights_have_ocean_coast_and_mountains() {
        let params = ContinentsParams {
            land_bias: 0.1,
            mountains: 1.0,
            river_width: 0.04,
        };
        let c = Continents::new(11, params, 1.0, 1.0);
        let (mut sea, mut land, mut high) = (0, 0, 0);
        for i in 0..200 {
            for j in 0..200 {
                let h = c.height(f64::from(i) * 100.0, f64::from(j) * 100.0);
                assert!(h >= 0.0 && h.is_finite());
                if h < c.sea_level() {
                    sea += 1;
                } else {
                    land += 1;
                }
                if h > c.sea_level() + 0.3 {
                    high += 1;
                }
            }
        }
        assert!(
            sea > 2000 && land > 2000 && high > 100,
            "{sea} {land} {high}"
        );
        assert_eq!(c.height(1234.5, -987.0), c.height(1234.5, -987.0));
    }

    #[test]
    fn sample_gives_the_height_and_the_fields_of_the_separate_calls() {
        let c = Continents::new(4, ContinentsParams::default(), 1.0, 1.0);
        for i in 0..500 {
            let (x, z) = (f64::from(i) * 91.0 - 7000.0, f64::from(i % 37) * 233.0);
            let (h, f) = c.sample(x, z);
            assert_eq!(h.to_bits(), c.height(x, z).to_bits(), "{x} {z}");
            assert_eq!(f, c.fields.sample(x, z));
        }
    }

    #[test]
    fn rivers_cut_the_land_and_stay_above_the_sea() {
        let wet = ContinentsParams {
            land_bias: 0.4,
            mountains: 1.0,
            river_width: 0.08,
        };
        let dry = ContinentsParams {
            river_width: 0.0,
            ..wet
        };
        let (a, b) = (
            Continents::new(2, wet, 1.0, 1.0),
            Continents::new(2, dry, 1.0, 1.0),
        );
        let mut cut = 0;
        for i in 0..300 {
            for j in 0..100 {
                let (x, z) = (f64::from(i) * 50.0, f64::from(j) * 50.0);
                let (hw, hd) = (a.elevation(x, z), b.elevation(x, z));
                assert!(hw <= hd);
                if hw < hd {
                    cut += 1;
                    assert!(
                        hd <= 0.0 || hw > 0.0,
                        "a channel at {x},{z} sinks below the sea"
                    );
                }
            }
        }
        assert!(cut > 300, "{cut}");
    }
}
