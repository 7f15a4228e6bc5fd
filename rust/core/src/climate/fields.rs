//! The five climate fields of seed 003 §1, as pure functions of the seed and a world position in
//! metres: continentalness, erosion, ridges, temperature and moisture (before height and wind).
//!
//! Each field is a seeded fBm of [`FIELD_OCTAVES`] value-noise octaves at its own scale, sampled at
//! a domain-warped position so nothing lines up on the lattice, and spread onto about `[−1, 1]`.
//! Scales are the seed's (continents about 4 km, ranges 1 km) times a feature scale.

use crate::noise::{fbm_signed, octave_seed};

/// Continentalness: ocean ↔ coast ↔ inland, metres per noise period at feature scale 1.
pub const CONTINENTALNESS_SCALE: f64 = 4000.0;
/// Erosion: flat plains (high) ↔ rugged land (low).
pub const EROSION_SCALE: f64 = 2000.0;
/// Ridges ("weirdness"): where mountain ranges and valleys sit.
pub const RIDGES_SCALE: f64 = 1000.0;
/// Temperature at sea level.
pub const TEMPERATURE_SCALE: f64 = 3000.0;
/// Moisture before the rain shadow.
pub const MOISTURE_SCALE: f64 = 2500.0;
/// Octaves of every field (the third already varies over an eighth of the field's scale).
pub const FIELD_OCTAVES: u32 = 3;
/// The warp: metres per period of the two warp noises.
pub const WARP_SCALE: f64 = 2000.0;
/// The warp: largest displacement, metres (at feature scale 1).
pub const WARP_AMPLITUDE: f32 = 700.0;
/// Octaves of the warp noises: one smooth displacement per axis.
pub const WARP_OCTAVES: u32 = 1;
/// A normalised fBm mostly stays within `0.5 ± 0.3`: its signed value is multiplied by this to fill
/// about `[−1, 1]`, then clamped there.
pub const FIELD_SPREAD: f32 = 1.8;

/// One field's identity: its seed stream and scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Ocean ↔ inland.
    Continentalness,
    /// Plains ↔ rugged land.
    Erosion,
    /// Mountain ranges.
    Ridges,
    /// Temperature at sea level.
    Temperature,
    /// Moisture before the rain shadow.
    Moisture,
}

impl Field {
    /// Every field.
    pub const ALL: [Field; 5] = [
        Field::Continentalness,
        Field::Erosion,
        Field::Ridges,
        Field::Temperature,
        Field::Moisture,
    ];

    /// Metres per noise period at feature scale 1.
    pub fn scale(self) -> f64 {
        match self {
            Field::Continentalness => CONTINENTALNESS_SCALE,
            Field::Erosion => EROSION_SCALE,
            Field::Ridges => RIDGES_SCALE,
            Field::Temperature => TEMPERATURE_SCALE,
            Field::Moisture => MOISTURE_SCALE,
        }
    }

    /// The name of its seed stream.
    pub fn stream(self) -> &'static str {
        match self {
            Field::Continentalness => "continentalness",
            Field::Erosion => "erosion-field",
            Field::Ridges => "ridges",
            Field::Temperature => "temperature",
            Field::Moisture => "moisture",
        }
    }
}

/// All five fields at one position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FieldSample {
    /// Ocean (−1) ↔ inland (1).
    pub continentalness: f32,
    /// Rugged (−1) ↔ flat (1).
    pub erosion: f32,
    /// Valleys (−1) ↔ ranges (1).
    pub ridges: f32,
    /// Cold (−1) ↔ hot (1), at sea level.
    pub temperature: f32,
    /// Dry (−1) ↔ wet (1), before the rain shadow.
    pub moisture: f32,
}

/// The climate fields of one seed at one feature scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClimateFields {
    seeds: [u32; 5],
    warp_seeds: [u32; 2],
    /// `1 / (WARP_SCALE · feature_scale)`, computed once rather than per sample.
    warp_inv: f64,
    /// `WARP_AMPLITUDE · feature_scale`, metres.
    warp_amp: f64,
    /// `1 / (field scale · feature_scale)` per field, in [`Field::ALL`] order.
    field_inv: [f64; 5],
}

impl ClimateFields {
    /// The fields of `seed`, with every scale multiplied by `feature_scale`.
    pub fn new(seed: u64, feature_scale: f32) -> Self {
        let stream = |name| crate::seed::derive32(seed, name);
        let feature_scale = f64::from(feature_scale);
        ClimateFields {
            seeds: Field::ALL.map(|f| stream(f.stream())),
            warp_seeds: [stream("warp-x"), stream("warp-z")],
            warp_inv: 1.0 / (WARP_SCALE * feature_scale),
            warp_amp: f64::from(WARP_AMPLITUDE) * feature_scale,
            field_inv: Field::ALL.map(|f| 1.0 / (f.scale() * feature_scale)),
        }
    }

    /// The warped position of a world position, metres.
    #[inline]
    pub fn warp(&self, x: f64, z: f64) -> (f64, f64) {
        let inv = self.warp_inv;
        let (u, v) = ((x * inv) as f32, (z * inv) as f32);
        let amp = self.warp_amp;
        let dx = fbm_signed(u, v, WARP_OCTAVES, self.warp_seeds[0]);
        let dz = fbm_signed(u, v, WARP_OCTAVES, octave_seed(self.warp_seeds[1], 17));
        (x + f64::from(dx) * amp, z + f64::from(dz) * amp)
    }

    /// One field at an already warped position.
    #[inline]
    pub fn field_at_warped(&self, field: Field, wx: f64, wz: f64) -> f32 {
        let inv = self.field_inv[field as usize];
        let v = fbm_signed(
            (wx * inv) as f32,
            (wz * inv) as f32,
            FIELD_OCTAVES,
            self.seeds[field as usize],
        );
        (v * FIELD_SPREAD).clamp(-1.0, 1.0)
    }

    /// One field at a world position (metres).
    #[inline]
    pub fn field(&self, field: Field, x: f64, z: f64) -> f32 {
        let (wx, wz) = self.warp(x, z);
        self.field_at_warped(field, wx, wz)
    }

    /// All five fields at a world position, sharing one warp.
    pub fn sample(&self, x: f64, z: f64) -> FieldSample {
        let (wx, wz) = self.warp(x, z);
        let f = |field| self.field_at_warped(field, wx, wz);
        FieldSample {
            continentalness: f(Field::Continentalness),
            erosion: f(Field::Erosion),
            ridges: f(Field::Ridges),
            temperature: f(Field::Temperature),
            moisture: f(Field::Moisture),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_pure_distinct_and_spread() {
        let a = ClimateFields::new(3, 1.0);
        let b = ClimateFields::new(3, 1.0);
        let mut lo = [1.0f32; 5];
        let mut hi = [-1.0f32; 5];
        for i in 0..4000 {
            let (x, z) = (f64::from(i) * 37.0 - 20000.0, f64::from(i % 97) * 211.0);
            let s = a.sample(x, z);
            assert_eq!(s, b.sample(x, z));
            let v = [
                s.continentalness,
                s.erosion,
                s.ridges,
                s.temperature,
                s.moisture,
            ];
            for k in 0..5 {
                assert_eq!(v[k], a.field(Field::ALL[k], x, z));
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
        }
        for k in 0..5 {
            assert!(
                lo[k] < -0.5 && hi[k] > 0.5,
                "field {k}: {} .. {}",
                lo[k],
                hi[k]
            );
        }
        assert_ne!(
            a.sample(100.0, 100.0),
            ClimateFields::new(4, 1.0).sample(100.0, 100.0)
        );
    }

    #[test]
    fn the_feature_scale_stretches_every_field() {
        let small = ClimateFields::new(8, 0.5);
        let large = ClimateFields::new(8, 1.0);
        for i in 0..50 {
            let (x, z) = (f64::from(i) * 91.0, f64::from(i) * 53.0);
            assert_eq!(small.sample(x, z), large.sample(2.0 * x, 2.0 * z));
        }
    }

    #[test]
    fn continentalness_changes_over_kilometres_not_metres() {
        let f = ClimateFields::new(5, 1.0);
        let c = |x| f.field(Field::Continentalness, x, 0.0);
        let near: f32 = (0..100)
            .map(|i| (c(f64::from(i) * 10.0) - c(0.0)).abs())
            .sum();
        let far: f32 = (0..100)
            .map(|i| (c(f64::from(i) * 10000.0) - c(0.0)).abs())
            .sum();
        assert!(near * 5.0 < far, "near {near} far {far}");
    }
}
