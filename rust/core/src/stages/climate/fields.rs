//! The five climate fields of the world design's climate fields, as pure functions of the seed and a world position in
//! metres: continentalness, erosion, ridges, temperature and moisture (before height and wind).
//!
//! Each field is a seeded fBm of [`FIELD_OCTAVES`] value-noise octaves at its own scale, sampled at
//! a domain-warped position so nothing lines up on the lattice, and spread onto about `[−1, 1]`.
//! Scales are the world design's (continents about 4 km, ranges 1 km) times a feature scale.

use crate::algorithms::noise::lanes::{fbm_sum, value_noise_lanes, with_wide_lanes};
use crate::algorithms::noise::{octave_frequency, octave_seed};

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

/// Lanes of one field's octaves: [`FIELD_OCTAVES`] rounded up to a whole SIMD register.
const OCTAVE_LANES: usize = 4;
/// Lanes of all five fields' octaves, field by field, rounded up to a whole SIMD register.
const FIELD_LANES: usize = 16;
/// Lanes of the warp: each axis's octaves, x's first.
pub(crate) const WARP_LANES: usize = 2 * WARP_OCTAVES as usize;
const _: () = assert!(OCTAVE_LANES >= FIELD_OCTAVES as usize && FIELD_LANES >= 15);

/// The climate fields of one seed at one feature scale.
///
/// Every noise octave of a sample is one lane of a batch ([`crate::algorithms::noise::lanes`]): the warp's
/// octaves in one batch, then the octaves of the fields, each lane carrying its own scale,
/// frequency and seed. The lanes are summed in octave order exactly as [`crate::algorithms::noise::fbm`] sums
/// them, so the batch gives the bits of the octave-by-octave evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClimateFields {
    /// `1 / (WARP_SCALE · feature_scale)`, computed once rather than per sample.
    warp_inv: f64,
    /// `WARP_AMPLITUDE · feature_scale`, metres.
    warp_amp: f64,
    /// The seed of each warp lane: x's octaves, then z's.
    warp_seed: [u32; WARP_LANES],
    /// The frequency multiplier of each warp lane.
    warp_freq: [f32; WARP_LANES],
    /// `1 / (field scale · feature_scale)` per field, in [`Field::ALL`] order.
    field_inv: [f64; 5],
    /// Per lane of the five-field batch (lane `3k + o`: field `k`, octave `o`; the last lane
    /// repeats lane 0): the field's `1 / scale`, the octave's frequency and its seed.
    lane_inv: [f64; FIELD_LANES],
    lane_freq: [f32; FIELD_LANES],
    lane_seed: [u32; FIELD_LANES],
    /// Each field's octave seeds (padded lanes repeat octave 0).
    octave_seeds: [[u32; OCTAVE_LANES]; 5],
}

/// The field and octave of lane `l` of the five-field batch.
const fn lane_field_octave(l: usize) -> (usize, u32) {
    let l = if l < 5 * FIELD_OCTAVES as usize { l } else { 0 };
    (
        l / FIELD_OCTAVES as usize,
        (l % FIELD_OCTAVES as usize) as u32,
    )
}

impl ClimateFields {
    /// The fields of `seed`, with every scale multiplied by `feature_scale`.
    pub fn new(seed: u64, feature_scale: f32) -> Self {
        let stream = |name| crate::algorithms::seed::derive32(seed, name);
        let feature_scale = f64::from(feature_scale);
        let seeds = Field::ALL.map(|f| stream(f.stream()));
        let field_inv = Field::ALL.map(|f| 1.0 / (f.scale() * feature_scale));
        // The z warp draws from its stream's 17th octave seed, so x and z never share a lattice.
        let warp_seeds = [stream("warp-x"), octave_seed(stream("warp-z"), 17)];
        let warp_octave = |l: usize| (l % WARP_OCTAVES as usize) as u32;
        let octave_lane = |l: usize| {
            if l < FIELD_OCTAVES as usize {
                l as u32
            } else {
                0
            }
        };
        ClimateFields {
            warp_inv: 1.0 / (WARP_SCALE * feature_scale),
            warp_amp: f64::from(WARP_AMPLITUDE) * feature_scale,
            warp_seed: std::array::from_fn(|l| {
                octave_seed(warp_seeds[l / WARP_OCTAVES as usize], warp_octave(l))
            }),
            warp_freq: std::array::from_fn(|l| octave_frequency(warp_octave(l))),
            field_inv,
            lane_inv: std::array::from_fn(|l| field_inv[lane_field_octave(l).0]),
            lane_freq: std::array::from_fn(|l| octave_frequency(lane_field_octave(l).1)),
            lane_seed: std::array::from_fn(|l| {
                let (k, o) = lane_field_octave(l);
                octave_seed(seeds[k], o)
            }),
            octave_seeds: seeds.map(|s| std::array::from_fn(|l| octave_seed(s, octave_lane(l)))),
        }
    }

    /// The warped position of a world position, metres.
    #[inline]
    pub fn warp(&self, x: f64, z: f64) -> (f64, f64) {
        with_wide_lanes(
            #[inline(always)]
            || self.warp_lanes(x, z),
        )
    }

    /// [`Self::warp`], inlined into its caller's lanes.
    #[inline(always)]
    fn warp_lanes(&self, x: f64, z: f64) -> (f64, f64) {
        let (u, v, seed) = self.warp_inputs(x, z);
        self.warp_from(x, z, &value_noise_lanes(u, v, seed))
    }

    /// The warp's lanes at a world position: noise coordinates and seeds, for a caller that
    /// evaluates them in its own batch and hands the values to [`Self::warp_from`].
    #[inline(always)]
    pub(crate) fn warp_inputs(
        &self,
        x: f64,
        z: f64,
    ) -> ([f32; WARP_LANES], [f32; WARP_LANES], [u32; WARP_LANES]) {
        let inv = self.warp_inv;
        let (u, v) = ((x * inv) as f32, (z * inv) as f32);
        let f = self.warp_freq;
        (f.map(|f| u * f), f.map(|f| v * f), self.warp_seed)
    }

    /// The warped position from the value noise of the warp's lanes.
    #[inline(always)]
    pub(crate) fn warp_from(&self, x: f64, z: f64, n: &[f32]) -> (f64, f64) {
        let (nx, nz) = n[..WARP_LANES].split_at(WARP_OCTAVES as usize);
        let (dx, dz) = (2.0 * fbm_sum(nx) - 1.0, 2.0 * fbm_sum(nz) - 1.0);
        let amp = self.warp_amp;
        (x + f64::from(dx) * amp, z + f64::from(dz) * amp)
    }

    /// A field's normalised fBm spread onto `[−1, 1]`.
    #[inline(always)]
    fn spread(octaves: &[f32]) -> f32 {
        let v = 2.0 * fbm_sum(octaves) - 1.0;
        (v * FIELD_SPREAD).clamp(-1.0, 1.0)
    }

    /// One field at an already warped position.
    #[inline]
    pub fn field_at_warped(&self, field: Field, wx: f64, wz: f64) -> f32 {
        with_wide_lanes(
            #[inline(always)]
            || self.field_lanes(field, wx, wz),
        )
    }

    /// [`Self::field_at_warped`], inlined into its caller's lanes.
    #[inline(always)]
    fn field_lanes(&self, field: Field, wx: f64, wz: f64) -> f32 {
        let inv = self.field_inv[field as usize];
        let (u, v) = ((wx * inv) as f32, (wz * inv) as f32);
        let f: [f32; OCTAVE_LANES] = std::array::from_fn(|l| octave_frequency(l as u32));
        let seeds = self.octave_seeds[field as usize];
        let n = value_noise_lanes(f.map(|f| u * f), f.map(|f| v * f), seeds);
        Self::spread(&n[..FIELD_OCTAVES as usize])
    }

    /// One field at a world position (metres).
    #[inline]
    pub fn field(&self, field: Field, x: f64, z: f64) -> f32 {
        with_wide_lanes(
            #[inline(always)]
            || {
                let (wx, wz) = self.warp_lanes(x, z);
                self.field_lanes(field, wx, wz)
            },
        )
    }

    /// All five fields at a world position, sharing one warp.
    #[inline]
    pub fn sample(&self, x: f64, z: f64) -> FieldSample {
        with_wide_lanes(
            #[inline(always)]
            || self.sample_lanes(x, z),
        )
    }

    /// [`Self::sample`], inlined into its caller's lanes: the warp, then the octaves of the five
    /// fields in one batch.
    #[inline(always)]
    fn sample_lanes(&self, x: f64, z: f64) -> FieldSample {
        let (wx, wz) = self.warp_lanes(x, z);
        self.sample_at_warped(wx, wz)
    }

    /// All five fields at an already warped position, inlined into its caller's lanes.
    #[inline(always)]
    pub(crate) fn sample_at_warped(&self, wx: f64, wz: f64) -> FieldSample {
        let mut u = [0.0f32; FIELD_LANES];
        let mut v = [0.0f32; FIELD_LANES];
        for l in 0..FIELD_LANES {
            u[l] = (wx * self.lane_inv[l]) as f32 * self.lane_freq[l];
            v[l] = (wz * self.lane_inv[l]) as f32 * self.lane_freq[l];
        }
        let n = value_noise_lanes(u, v, self.lane_seed);
        let o = FIELD_OCTAVES as usize;
        let f = |k: usize| Self::spread(&n[k * o..(k + 1) * o]);
        FieldSample {
            continentalness: f(Field::Continentalness as usize),
            erosion: f(Field::Erosion as usize),
            ridges: f(Field::Ridges as usize),
            temperature: f(Field::Temperature as usize),
            moisture: f(Field::Moisture as usize),
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

    /// The fields as nested octave-by-octave fBm calls: the definition the lanes reproduce.
    fn reference(seed: u64, feature_scale: f32, field: Field, x: f64, z: f64) -> f32 {
        use crate::algorithms::noise::fbm_signed;
        let stream = |name| crate::algorithms::seed::derive32(seed, name);
        let fs = f64::from(feature_scale);
        let inv = 1.0 / (WARP_SCALE * fs);
        let (u, v) = ((x * inv) as f32, (z * inv) as f32);
        let amp = f64::from(WARP_AMPLITUDE) * fs;
        let dx = fbm_signed(u, v, WARP_OCTAVES, stream("warp-x"));
        let dz = fbm_signed(u, v, WARP_OCTAVES, octave_seed(stream("warp-z"), 17));
        let (wx, wz) = (x + f64::from(dx) * amp, z + f64::from(dz) * amp);
        let inv = 1.0 / (field.scale() * fs);
        let (u, v) = ((wx * inv) as f32, (wz * inv) as f32);
        let n = fbm_signed(u, v, FIELD_OCTAVES, stream(field.stream()));
        (n * FIELD_SPREAD).clamp(-1.0, 1.0)
    }

    #[test]
    fn lanes_give_the_bits_of_octave_by_octave_fbm() {
        for (seed, fs) in [(3u64, 1.0f32), (77, 0.37), (1 << 40, 2.5)] {
            let f = ClimateFields::new(seed, fs);
            for i in 0..3000 {
                let (x, z) = (
                    f64::from(i) * 97.31 - 150_000.0,
                    f64::from(i % 113) * -531.7,
                );
                let s = f.sample(x, z);
                let all = [
                    s.continentalness,
                    s.erosion,
                    s.ridges,
                    s.temperature,
                    s.moisture,
                ];
                for (k, field) in Field::ALL.into_iter().enumerate() {
                    let expected = reference(seed, fs, field, x, z).to_bits();
                    assert_eq!(all[k].to_bits(), expected, "{field:?} at {x} {z}");
                    assert_eq!(f.field(field, x, z).to_bits(), expected);
                }
            }
        }
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
