//! The continents model (the world design's height): `height = spline(continentalness) + mountains + detail −
//! rivers`, a pure function of the seed and a world position, so any window of the world can be
//! generated on its own and tiles of an endless world agree where they meet.
//!
//! Elevations are computed relative to sea level in units of the peak height, then laid on the
//! grid as `h = peak · (SEA_LEVEL + e)`, clamped at 0: the sea lies at `SEA_LEVEL · peak`.

use crate::algorithms::noise::lanes::{
    fbm_sum, value_noise_both_lanes, value_noise_d_lanes, with_wide_lanes,
};
use crate::algorithms::noise::{octave_frequency, octave_seed};
use crate::params::{ContinentsParams, GeneratorParams};
use crate::stages::climate::fields::WARP_LANES;
use crate::stages::climate::fields::{ClimateFields, FieldSample};

pub use super::relief::{eroded_fbm, ridged, smoothstep, spline, SPLINE};
use super::relief::{eroded_sum, ridged_sum};

/// The sea level as a fraction of the peak height: the ocean floor may sink this far below it.
pub const SEA_LEVEL: f32 = 0.3;

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
    /// The detail's octaves, then the mountains': each octave's frequency and seed.
    relief_freq: [f32; RELIEF_LANES],
    relief_seed: [u32; RELIEF_LANES],
    /// The river noise's octave seeds.
    river_seeds: [u32; RIVER_OCTAVES as usize],
}

/// Lanes of the detail's and the mountains' octave constants.
const RELIEF_LANES: usize = (DETAIL_OCTAVES + MOUNTAIN_OCTAVES) as usize;
/// Lanes of the first batch of a sample: the warp's, the detail's and the rivers' octaves.
const FIRST_LANES: usize = WARP_LANES + (DETAIL_OCTAVES + RIVER_OCTAVES) as usize;

/// The reciprocal length scales of the continents' own noises, computed once.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Inverses {
    detail: f64,
    mountain: f64,
    river: f64,
}

impl Continents {
    /// The continents of `seed`, on the climate fields at `feature_scale`.
    pub fn new(seed: u64, params: ContinentsParams, feature_scale: f32, peak: f32) -> Self {
        let inv = |scale: f64| 1.0 / (scale * f64::from(feature_scale));
        let (mountain_seed, detail_seed, river_seed) = (
            crate::algorithms::seed::derive32(seed, "mountains"),
            crate::algorithms::seed::derive32(seed, "detail"),
            crate::algorithms::seed::derive32(seed, "rivers"),
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
            || self.sample_lanes(x, z).0,
        )
    }

    /// The height and all five climate fields at a world position, sharing the warp and the three
    /// fields the height reads (the streaming path: one call per vertex of a tile).
    pub fn sample(&self, x: f64, z: f64) -> (f32, FieldSample) {
        with_wide_lanes(
            #[inline(always)]
            || {
                let (e, fields) = self.sample_lanes(x, z);
                (self.grid_height(e), fields)
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

    /// The elevation and the climate fields at a world position, in three batches of lanes:
    /// the noises that read the position itself (the warp's, the detail's and the rivers'
    /// octaves, in [`FIRST_LANES`]), the five fields at the warped position, and the mountains'
    /// octaves where mountains may rise. The rivers' octaves are evaluated even where no river
    /// is cut, which changes nothing but the time.
    #[inline(always)]
    fn sample_lanes(&self, x: f64, z: f64) -> (f32, FieldSample) {
        let (wu, wv, ws) = self.fields.warp_inputs(x, z);
        let (du, dv) = Self::at(x, z, self.inv.detail);
        let (ru, rv) = Self::at(x, z, self.inv.river);
        let (w, d) = (WARP_LANES, DETAIL_OCTAVES as usize);
        let (mut u, mut v, mut seed) = ([0.0; FIRST_LANES], [0.0; FIRST_LANES], [0; FIRST_LANES]);
        for l in 0..FIRST_LANES {
            (u[l], v[l], seed[l]) = if l < w {
                (wu[l], wv[l], ws[l])
            } else if l < w + d {
                let f = self.relief_freq[l - w];
                (du * f, dv * f, self.relief_seed[l - w])
            } else {
                let o = l - w - d;
                let f = octave_frequency(o as u32);
                (ru * f, rv * f, self.river_seeds[o])
            };
        }
        let [plain, n, nx, nz] = value_noise_both_lanes(u, v, seed);
        let (wx, wz) = self.fields.warp_from(x, z, &plain[..w]);
        let fields = self.fields.sample_at_warped(wx, wz);
        let detail = (w..w + d).map(|l| (n[l], nx[l], nz[l]));
        let eroded = eroded_sum(detail);
        let e = self.elevation_from(x, z, &fields, eroded, &plain[w + d..]);
        (e, fields)
    }

    /// Elevation from the climate fields, the eroded fBm of the detail and the river octaves:
    /// the spline of the continentalness, mountains where they may rise (inland, on the ridges,
    /// where `continents_mountains > 0`), detail, rivers. Offshore, or where the ridges mask the
    /// mountains out, the mountains are +0, as their product would be.
    #[inline(always)]
    fn elevation_from(
        &self,
        x: f64,
        z: f64,
        fields: &FieldSample,
        eroded: f32,
        river_octaves: &[f32],
    ) -> f32 {
        let c = fields.continentalness + self.params.land_bias;
        let base = spline(c);
        let inland = smoothstep(INLAND.0, INLAND.1, c);
        let amount = self.params.mountains * MOUNTAIN_HEIGHT;
        let mask = smoothstep(RIDGE_MASK.0, RIDGE_MASK.1, fields.ridges);
        let mountains = if inland != 0.0 && amount != 0.0 && mask != 0.0 {
            const M: usize = MOUNTAIN_OCTAVES as usize;
            let (mu, mv) = Self::at(x, z, self.inv.mountain);
            let d = DETAIL_OCTAVES as usize;
            let f: [f32; M] = std::array::from_fn(|o| self.relief_freq[d + o]);
            let seeds = std::array::from_fn(|o| self.relief_seed[d + o]);
            let [n, _, _] = value_noise_d_lanes(f.map(|f| mu * f), f.map(|f| mv * f), seeds);
            let rugged = 1.0 - smoothstep(EROSION_FLATTENS.0, EROSION_FLATTENS.1, fields.erosion);
            amount * ridged_sum(&n) * mask * rugged * inland
        } else {
            0.0
        };
        let detail = eroded * DETAIL_HEIGHT * (0.3 + 0.7 * inland);
        let land = base + mountains + detail;
        land - self.river_cut(land, river_octaves)
    }

    /// The river cut: where the river noise is near 0, a channel whose depth is a share of the
    /// land's elevation, so it falls toward the sea with the land and vanishes at the coast.
    #[inline(always)]
    fn river_cut(&self, land: f32, octaves: &[f32]) -> f32 {
        let width = self.params.river_width;
        if width == 0.0 || land <= 0.0 {
            return 0.0;
        }
        let n = (2.0 * fbm_sum(octaves) - 1.0).abs();
        if n >= width {
            return 0.0;
        }
        let t = 1.0 - n / width;
        (t * t * RIVER_DEPTH).min(land * RIVER_MAX_SHARE)
    }
}

/// The continents of a parameter set.
pub fn continents_of(params: &GeneratorParams) -> Continents {
    Continents::new(
        params.seed,
        params.continents,
        params.climate.feature_scale,
        params.terrain.peak_height,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elevation point by point: each noise an octave-by-octave fractal, the mountains only
    /// where they are needed. The lanes must give its bits.
    fn reference(c: &Continents, x: f64, z: f64) -> f32 {
        use crate::stages::climate::fields::Field;
        let at = |scale: f64| {
            let inv = 1.0 / (scale * f64::from(c.feature_scale));
            ((x * inv) as f32, (z * inv) as f32)
        };
        let (wx, wz) = c.fields.warp(x, z);
        let field = |f| c.fields.field_at_warped(f, wx, wz);
        let cont = field(Field::Continentalness) + c.params.land_bias;
        let inland = smoothstep(INLAND.0, INLAND.1, cont);
        let amount = c.params.mountains * MOUNTAIN_HEIGHT;
        let mask = smoothstep(RIDGE_MASK.0, RIDGE_MASK.1, field(Field::Ridges));
        let mountains = if inland == 0.0 || amount == 0.0 || mask == 0.0 {
            0.0
        } else {
            let rugged = 1.0
                - smoothstep(
                    EROSION_FLATTENS.0,
                    EROSION_FLATTENS.1,
                    field(Field::Erosion),
                );
            let (u, v) = at(MOUNTAIN_SCALE);
            amount * ridged(u, v, c.mountain_seed) * mask * rugged * inland
        };
        let (u, v) = at(DETAIL_SCALE);
        let detail = eroded_fbm(u, v, c.detail_seed) * DETAIL_HEIGHT * (0.3 + 0.7 * inland);
        let land = spline(cont) + mountains + detail;
        let width = c.params.river_width;
        if width == 0.0 || land <= 0.0 {
            return land;
        }
        let (u, v) = at(RIVER_SCALE);
        let n = crate::algorithms::noise::fbm_signed(u, v, RIVER_OCTAVES, c.river_seed).abs();
        if n >= width {
            return land;
        }
        let t = 1.0 - n / width;
        land - (t * t * RIVER_DEPTH).min(land * RIVER_MAX_SHARE)
    }

    #[test]
    fn lanes_give_the_bits_of_the_point_by_point_elevation() {
        for (seed, land_bias, mountains, river_width, fs) in [
            (4u64, 0.0, 1.0, 0.04, 1.0f32),
            (9, 0.4, 0.0, 0.0, 0.5),
            (1 << 33, -0.2, 2.0, 0.25, 2.0),
        ] {
            let params = ContinentsParams {
                land_bias,
                mountains,
                river_width,
            };
            let c = Continents::new(seed, params, fs, 1.0);
            for i in 0..4000 {
                let (x, z) = (f64::from(i) * 53.7 - 90_000.0, f64::from(i % 71) * 411.3);
                let e = reference(&c, x, z);
                assert_eq!(c.elevation(x, z).to_bits(), e.to_bits(), "{x} {z}");
                assert_eq!(c.sample(x, z).0.to_bits(), c.grid_height(e).to_bits());
            }
        }
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
