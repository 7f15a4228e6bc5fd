//! The continents model (seed 003 §2): `height = spline(continentalness) + mountains + detail −
//! rivers`, a pure function of the seed and a world position, so any window of the world can be
//! generated on its own and tiles of an endless world agree where they meet.
//!
//! Elevations are computed relative to sea level in units of the peak height, then laid on the
//! grid as `h = peak · (SEA_LEVEL + e)`, clamped at 0: the sea lies at `SEA_LEVEL · peak`.

use crate::climate::{ClimateFields, Field, FieldSample};
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
    let (mut sum, mut norm) = (0.0, 0.0);
    let (mut amp, mut freq, mut weight) = (1.0f32, 1.0f32, 1.0f32);
    for o in 0..MOUNTAIN_OCTAVES {
        let n = value_noise_d(u * freq, v * freq, octave_seed(seed, o))[0];
        let mut s = 1.0 - n.abs();
        s *= s;
        s *= weight;
        weight = (s * MOUNTAIN_WEIGHT_GAIN).clamp(0.0, 1.0);
        sum += s * amp;
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    sum / norm
}

/// Iñigo Quilez's eroded fBm: each octave is damped by `1/(1 + |∇|²)`, the gradient of the
/// octaves so far (analytic derivatives), so slopes stay smooth and gullies form. About `[−1, 1]`.
pub fn eroded_fbm(u: f32, v: f32, seed: u32) -> f32 {
    let (mut sum, mut norm) = (0.0, 0.0);
    let (mut amp, mut freq) = (1.0f32, 1.0f32);
    let (mut dx, mut dz) = (0.0f32, 0.0f32);
    for o in 0..DETAIL_OCTAVES {
        let [n, nx, nz] = value_noise_d(u * freq, v * freq, octave_seed(seed, o));
        dx += nx * amp * freq;
        dz += nz * amp * freq;
        sum += amp * n / (1.0 + dx * dx + dz * dz);
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
}

impl Continents {
    /// The continents of `seed`, on the climate fields at `feature_scale`.
    pub fn new(seed: u64, params: ContinentsParams, feature_scale: f32, peak: f32) -> Self {
        Continents {
            fields: ClimateFields::new(seed, feature_scale),
            feature_scale,
            params,
            peak,
            mountain_seed: crate::seed::derive32(seed, "mountains"),
            detail_seed: crate::seed::derive32(seed, "detail"),
            river_seed: crate::seed::derive32(seed, "rivers"),
        }
    }

    /// The sea level, height units.
    pub fn sea_level(&self) -> f32 {
        SEA_LEVEL * self.peak
    }

    /// Noise coordinates of a world position at a length scale (feature scale applied).
    #[inline]
    fn at(&self, x: f64, z: f64, scale: f64) -> (f32, f32) {
        let inv = 1.0 / (scale * f64::from(self.feature_scale));
        ((x * inv) as f32, (z * inv) as f32)
    }

    /// Elevation relative to sea level, in units of the peak height.
    pub fn elevation(&self, x: f64, z: f64) -> f32 {
        let (wx, wz) = self.fields.warp(x, z);
        let field = |f| self.fields.field_at_warped(f, wx, wz);
        self.elevation_from(x, z, field(Field::Continentalness), || {
            (field(Field::Ridges), field(Field::Erosion))
        })
    }

    /// The height and all five climate fields at a world position, sharing the warp and the three
    /// fields the height reads (the streaming path: one call per vertex of a tile).
    pub fn sample(&self, x: f64, z: f64) -> (f32, FieldSample) {
        let fields = self.fields.sample(x, z);
        let e = self.elevation_from(x, z, fields.continentalness, || {
            (fields.ridges, fields.erosion)
        });
        ((self.peak * (SEA_LEVEL + e)).max(0.0), fields)
    }

    /// Elevation from the continentalness and, when mountains may rise there, the ridges and
    /// erosion fields (asked for lazily: offshore they are not needed).
    fn elevation_from(
        &self,
        x: f64,
        z: f64,
        continentalness: f32,
        ridges_erosion: impl FnOnce() -> (f32, f32),
    ) -> f32 {
        let c = continentalness + self.params.land_bias;
        let base = spline(c);
        let inland = smoothstep(INLAND.0, INLAND.1, c);
        // Mountains are never negative, so offshore (`inland == 0`) their product is +0 either
        // way: skipping them there saves the ridges, erosion and ridged noises, bit for bit.
        let mountains = if inland == 0.0 {
            0.0
        } else {
            self.mountains(x, z, ridges_erosion) * inland
        };
        let (u, v) = self.at(x, z, DETAIL_SCALE);
        let detail = eroded_fbm(u, v, self.detail_seed) * DETAIL_HEIGHT * (0.3 + 0.7 * inland);
        let land = base + mountains + detail;
        land - self.river_cut(x, z, land)
    }

    /// Ridged mountains masked by the ridges field and flattened by the erosion field.
    fn mountains(&self, x: f64, z: f64, ridges_erosion: impl FnOnce() -> (f32, f32)) -> f32 {
        let amount = self.params.mountains * MOUNTAIN_HEIGHT;
        if amount == 0.0 {
            return 0.0;
        }
        let (ridges, erosion) = ridges_erosion();
        let mask = smoothstep(RIDGE_MASK.0, RIDGE_MASK.1, ridges);
        if mask == 0.0 {
            return 0.0;
        }
        let rugged = 1.0 - smoothstep(EROSION_FLATTENS.0, EROSION_FLATTENS.1, erosion);
        let (u, v) = self.at(x, z, MOUNTAIN_SCALE);
        amount * ridged(u, v, self.mountain_seed) * mask * rugged
    }

    /// The river cut: where the river noise is near 0, a channel whose depth is a share of the
    /// land's elevation, so it falls toward the sea with the land and vanishes at the coast.
    fn river_cut(&self, x: f64, z: f64, land: f32) -> f32 {
        let width = self.params.river_width;
        if width == 0.0 || land <= 0.0 {
            return 0.0;
        }
        let (u, v) = self.at(x, z, RIVER_SCALE);
        let n = crate::noise::fbm_signed(u, v, RIVER_OCTAVES, self.river_seed).abs();
        if n >= width {
            return 0.0;
        }
        let t = 1.0 - n / width;
        (t * t * RIVER_DEPTH).min(land * RIVER_MAX_SHARE)
    }

    /// The grid height (height units) at a world position: `peak · (SEA_LEVEL + e)`, at least 0.
    pub fn height(&self, x: f64, z: f64) -> f32 {
        (self.peak * (SEA_LEVEL + self.elevation(x, z))).max(0.0)
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
