//! Biome weights of one cell: the climate biomes from their distance in climate space, then the
//! overrides in the world design's order (water → coast → altitude; cliffs and scree are materials of the
//! ground, not biomes). Each override is a soft membership in `[0, 1]` that takes its share from
//! the weights below it, so borders blend instead of cutting.

use super::table::{Biome, BIOMES};

/// Climate space: °C that count as one unit of distance.
pub const TEMPERATURE_SPAN: f32 = 10.0;
/// Climate space: moisture that counts as one unit of distance.
pub const MOISTURE_SPAN: f32 = 0.22;
/// Climate biomes that share a cell: the nearest this many.
pub const NEAREST: usize = 4;
/// Sea deeper than this many metres is deep ocean; shallower sea is coast.
pub const DEEP_SEA: f32 = 50.0;
/// Coast: land closer to the sea than this many metres (fading out from half of it)…
pub const COAST_WIDTH: f32 = 90.0;
/// …and lower than this many metres above it (fading out from a third of it).
pub const COAST_HEIGHT: f32 = 12.0;
/// Hot, wet coasts are mangrove: warmer than this (°C)…
pub const MANGROVE_TEMPERATURE: f32 = 22.0;
/// …and wetter than this.
pub const MANGROVE_MOISTURE: f32 = 0.6;
/// Wetland: moisture from which it starts, to where it is full.
pub const WETLAND_MOISTURE: (f32, f32) = (0.72, 0.88);
/// Wetland: °C from which it starts (frozen ground is tundra), to where it is full.
pub const WETLAND_TEMPERATURE: (f32, f32) = (2.0, 8.0);
/// Wetland: metres above the sea within which it lies, fading out over the second value.
pub const WETLAND_HEIGHT: (f32, f32) = (15.0, 40.0);
/// Wetland: slope (rise per run) from which it fades, to where it is gone.
pub const WETLAND_SLOPE: (f32, f32) = (0.02, 0.06);
/// Alpine meadow: metres above the sea from which it starts, to where it is full…
pub const ALPINE_HEIGHT: (f32, f32) = (350.0, 600.0);
/// …where colder than the treeline (°C, full below the first value).
pub const TREELINE: (f32, f32) = (3.0, 7.0);
/// Peaks: metres above the sea from which they start, to where they are full…
pub const PEAK_HEIGHT: (f32, f32) = (700.0, 1100.0);
/// …where colder than this (°C, full below the first value).
pub const PEAK_TEMPERATURE: (f32, f32) = (-4.0, 1.0);
/// Glacier: °C below which the ground is ice, fading out by the second value.
pub const GLACIER_TEMPERATURE: (f32, f32) = (-14.0, -9.0);
/// Badlands (hot, dry, high erosion): metres of ground the erosion moved on a cell from which
/// hot, dry land turns to badlands, to where it is all badlands…
pub const BADLANDS_EROSION: (f32, f32) = (0.02, 0.2);
/// …on land warmer than this (°C, from the first value to the second)…
pub const BADLANDS_TEMPERATURE: (f32, f32) = (16.0, 21.0);
/// …and drier than this (moisture, full below the second value).
pub const BADLANDS_MOISTURE: (f32, f32) = (0.35, 0.2);

/// What the classification reads of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CellClimate {
    /// Air temperature, °C.
    pub temperature: f32,
    /// Moisture, 0–1.
    pub moisture: f32,
    /// Metres above the sea (negative under it).
    pub above_sea: f32,
    /// Slope, rise per run.
    pub slope: f32,
    /// Metres to the nearest sea cell (0 on the sea; large without sea).
    pub sea_distance: f32,
    /// Sea depth in metres on sea cells, `None` elsewhere.
    pub sea_depth: Option<f32>,
    /// Share of the rare volcanic mask, 0–1 (see [`super::shape::volcanic_share`]).
    pub volcanic: f32,
    /// Metres of ground the erosion moved on the cell (eroded and deposited; see
    /// [`super::ErodedDepth`]); 0 where nothing eroded it.
    pub eroded: f32,
}

/// The (up to) four heaviest biomes of a cell, heaviest first, weights summing to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BiomeWeights {
    /// Biome ids; unused slots have weight 0.
    pub ids: [u8; NEAREST],
    /// Their weights.
    pub weights: [f32; NEAREST],
}

impl BiomeWeights {
    /// The heaviest biome.
    pub fn dominant(&self) -> u8 {
        self.ids[0]
    }

    /// `(id, weight)` pairs with a weight above 0.
    pub fn iter(&self) -> impl Iterator<Item = (u8, f32)> + '_ {
        self.ids
            .iter()
            .copied()
            .zip(self.weights.iter().copied())
            .filter(|(_, w)| *w > 0.0)
    }
}

/// `0` at or below `lo`, `1` at or above `hi`, smooth between (reversed when `lo > hi`).
///
/// Outside `lo..hi` the answer is known without dividing: there `(v − lo) / (hi − lo)` rounds to
/// at most `+0`/`−0` or at least 1 (rounding is monotonic), which the clamp and the smoothstep
/// turn into exactly `+0` or 1. A NaN fails every comparison and takes the formula, as before.
#[inline]
pub(super) fn ramp(lo: f32, hi: f32, v: f32) -> f32 {
    let (below, above) = if lo < hi {
        (v <= lo, v >= hi)
    } else {
        (v >= lo && lo > hi, v <= hi && lo > hi)
    };
    if below {
        0.0
    } else if above {
        1.0
    } else {
        smooth_ramp(lo, hi, v)
    }
}

/// [`ramp`] by its formula alone.
#[inline]
pub(super) fn smooth_ramp(lo: f32, hi: f32, v: f32) -> f32 {
    let t = ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The weights of every biome for one cell; `blend` widens the climate transitions.
pub fn weights(c: &CellClimate, blend: f32) -> [f32; 20] {
    let mut w = climate_weights(c.temperature, c.moisture, blend);
    for (biome, o) in overrides(c) {
        over(&mut w, biome, o);
    }
    w
}

/// Gives `biome` the share `o` of a cell, taken from every weight alike (nothing when `o` is not
/// above 0).
#[inline]
pub(super) fn over(w: &mut [f32; 20], biome: Biome, o: f32) {
    if o > 0.0 {
        w.iter_mut().for_each(|x| *x *= 1.0 - o);
        w[biome as usize] += o;
    }
}

/// The overrides of a cell and their shares, in the order they apply: lowest precedence first
/// (badlands where erosion cut hot, dry land, then altitude, then wetland and coast), water last
/// of all; a share of 0 changes nothing.
pub(super) fn overrides(c: &CellClimate) -> [(Biome, f32); 8] {
    let badlands = ramp(BADLANDS_EROSION.0, BADLANDS_EROSION.1, c.eroded)
        * ramp(
            BADLANDS_TEMPERATURE.0,
            BADLANDS_TEMPERATURE.1,
            c.temperature,
        )
        * ramp(BADLANDS_MOISTURE.0, BADLANDS_MOISTURE.1, c.moisture);
    let alpine = ramp(ALPINE_HEIGHT.0, ALPINE_HEIGHT.1, c.above_sea)
        * ramp(TREELINE.1, TREELINE.0, c.temperature);
    let peaks = ramp(PEAK_HEIGHT.0, PEAK_HEIGHT.1, c.above_sea)
        * ramp(PEAK_TEMPERATURE.1, PEAK_TEMPERATURE.0, c.temperature);
    let glacier = ramp(GLACIER_TEMPERATURE.1, GLACIER_TEMPERATURE.0, c.temperature);
    let wetland = ramp(WETLAND_MOISTURE.0, WETLAND_MOISTURE.1, c.moisture)
        * ramp(WETLAND_TEMPERATURE.0, WETLAND_TEMPERATURE.1, c.temperature)
        * ramp(WETLAND_HEIGHT.1, WETLAND_HEIGHT.0, c.above_sea)
        * ramp(WETLAND_SLOPE.1, WETLAND_SLOPE.0, c.slope);
    let hot_wet = c.temperature > MANGROVE_TEMPERATURE && c.moisture > MANGROVE_MOISTURE;
    let shore = if hot_wet {
        Biome::Mangrove
    } else {
        Biome::Coast
    };
    let coast = ramp(COAST_WIDTH, COAST_WIDTH * 0.5, c.sea_distance)
        * ramp(COAST_HEIGHT, COAST_HEIGHT / 3.0, c.above_sea);
    let water = match c.sea_depth {
        Some(depth) if depth > DEEP_SEA => (Biome::DeepOcean, 1.0),
        Some(_) => (shore, 1.0),
        None => (shore, 0.0),
    };
    [
        (Biome::Badlands, badlands),
        (Biome::AlpineMeadow, alpine),
        (Biome::MountainPeaks, peaks),
        (Biome::Glacier, glacier),
        (Biome::Wetland, wetland),
        (shore, coast),
        (Biome::Volcanic, c.volcanic),
        water,
    ]
}

/// The climate biomes' weights: Gaussian in the distance to each centre, less the Gaussian of the
/// first centre left out, so the nearest [`NEAREST`] share the cell and a biome fades to 0 before
/// another takes its place; normalised.
pub fn climate_weights(temperature: f32, moisture: f32, blend: f32) -> [f32; 20] {
    let (centre_t, centre_m, has_centre) = &CENTRES;
    let mut d2: [f32; 20] = std::array::from_fn(|i| {
        let dt = (temperature - centre_t[i]) / TEMPERATURE_SPAN;
        let dm = (moisture - centre_m[i]) / MOISTURE_SPAN;
        dt * dt + dm * dm
    });
    for (d, has) in d2.iter_mut().zip(has_centre) {
        if !has {
            *d = f32::INFINITY;
        }
    }
    let order: [usize; NEAREST + 1] = first_k(&d2.map(ascending));
    let nearest = d2[order[0]];
    let mut w = [0.0f32; 20];
    let inv = 1.0 / (2.0 * blend * blend);
    // Relative to the nearest centre, so far-off cells still get weights.
    let gauss = |d: f32| libm::expf(-(d - nearest) * inv);
    let floor = gauss(d2[order[NEAREST]]);
    for &i in order.iter().take(NEAREST) {
        w[i] = gauss(d2[i]) - floor;
    }
    if w[order[0]] <= 0.0 {
        w[order[0]] = 1.0;
    }
    // The other weights are +0: leaving them out changes neither the sum (taken in id order)
    // nor their quotient.
    let mut kept: [usize; NEAREST] = std::array::from_fn(|k| order[k]);
    kept.sort_unstable();
    let sum: f32 = kept.iter().map(|&i| w[i]).sum();
    for &i in &kept {
        w[i] /= sum;
    }
    w
}

/// The climate biomes' centres by id, `(°C, moisture, has a centre)`; biomes without a centre
/// hold 0 and are left out by the flag.
pub(super) const CENTRES: ([f32; 20], [f32; 20], [bool; 20]) = {
    let (mut t, mut m, mut has) = ([0.0f32; 20], [0.0f32; 20], [false; 20]);
    let mut row = 0;
    while row < BIOMES.len() {
        if let Some((ct, cm)) = BIOMES[row].centre {
            let id = BIOMES[row].biome as usize;
            t[id] = ct;
            m[id] = cm;
            has[id] = true;
        }
        row += 1;
    }
    (t, m, has)
};

/// The heaviest [`NEAREST`] of a full weight vector, renormalised (ties go to the lower id).
pub fn top(w: &[f32; 20]) -> BiomeWeights {
    normalised(w, first_k(&w.map(|x| !ascending(x))))
}

/// The biomes `order` of a weight vector, heaviest first, with their weights over their sum.
#[inline]
pub(super) fn normalised(w: &[f32; 20], order: [usize; NEAREST]) -> BiomeWeights {
    let mut out = BiomeWeights::default();
    let sum: f32 = order.iter().take(NEAREST).map(|&i| w[i]).sum();
    for (k, &i) in order.iter().take(NEAREST).enumerate() {
        out.ids[k] = i as u8;
        out.weights[k] = if sum > 0.0 { w[i] / sum } else { 0.0 };
    }
    out
}

/// A sort key of a value that is `+0`, positive, `+∞` or a positive NaN: for those, the order of
/// the bit patterns is the order of `f32::total_cmp`.
#[inline]
fn ascending(v: f32) -> u32 {
    debug_assert!(
        v.is_sign_positive(),
        "sort keys of non-negative values only: {v}"
    );
    v.to_bits()
}

/// The first `K` of the 20 biome indices by ascending `keys[i]`, ties to the lower index, first
/// first: the head of the sorted order, found by insertion in `O(20·K)`.
fn first_k<const K: usize>(keys: &[u32; 20]) -> [usize; K] {
    first_k_among(0..20, |i| keys[i]).map(|k| (k & 0xff) as usize)
}

/// The first `K` of `indices` (each below 256) by ascending `key(i)`, ties to the lower index,
/// as `key(i) << 8 | i`, first first; [`u64::MAX`] fills the places of missing indices.
#[inline]
pub(super) fn first_k_among<const K: usize>(
    indices: impl Iterator<Item = usize>,
    key: impl Fn(usize) -> u32,
) -> [u64; K] {
    let mut best = [u64::MAX; K];
    for i in indices {
        // The index in the low bits breaks ties, so one integer comparison orders two biomes.
        let k = (u64::from(key(i)) << 8) | i as u64;
        if k >= best[K - 1] {
            continue;
        }
        let mut pos = K - 1;
        while pos > 0 && k < best[pos - 1] {
            best[pos] = best[pos - 1];
            pos -= 1;
        }
        best[pos] = k;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramp_saturates_with_the_bits_of_its_formula() {
        let ends: [(f32, f32); 5] = [
            (0.72, 0.88),
            (40.0, 15.0),
            (90.0, 45.0),
            (-9.0, -14.0),
            (3.0, 3.0),
        ];
        let mut values = vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0];
        for (lo, hi) in ends {
            for base in [lo, hi] {
                let mut v = base;
                for _ in 0..4 {
                    v = v.next_up();
                    values.push(v);
                }
                v = base;
                for _ in 0..4 {
                    v = v.next_down();
                    values.push(v);
                }
                values.push(base);
            }
            values.extend((0..=400).map(|k| lo + (hi - lo) * (k as f32 / 200.0 - 0.5)));
        }
        for (lo, hi) in ends {
            for &v in &values {
                let (fast, slow) = (ramp(lo, hi, v), smooth_ramp(lo, hi, v));
                assert_eq!(fast.to_bits(), slow.to_bits(), "ramp({lo}, {hi}, {v})");
            }
        }
    }

    fn land(temperature: f32, moisture: f32) -> CellClimate {
        CellClimate {
            temperature,
            moisture,
            above_sea: 100.0,
            slope: 0.1,
            sea_distance: 10_000.0,
            sea_depth: None,
            volcanic: 0.0,
            eroded: 0.0,
        }
    }

    fn dominant(c: &CellClimate) -> Biome {
        Biome::from_id(top(&weights(c, 0.6)).dominant()).unwrap()
    }

    #[test]
    fn first_k_is_the_head_of_the_sorted_order() {
        let keys: [f32; 20] = std::array::from_fn(|i| ((i * 7919) % 13) as f32);
        let mut sorted: Vec<usize> = (0..20).collect();
        sorted.sort_by(|&a, &b| keys[a].total_cmp(&keys[b]).then(a.cmp(&b)));
        let head: [usize; 5] = first_k(&keys.map(ascending));
        assert_eq!(head.to_vec(), sorted[..5].to_vec());
        // Descending, with zeros, ties and an infinity, as the weights and distances have.
        let mut w: [f32; 20] = std::array::from_fn(|i| ((i * 31) % 7) as f32 * 0.125);
        w[3] = f32::INFINITY;
        w[11] = 0.0;
        let mut desc: Vec<usize> = (0..20).collect();
        desc.sort_by(|&a, &b| w[b].total_cmp(&w[a]).then(a.cmp(&b)));
        let head: [usize; 4] = first_k(&w.map(|x| !ascending(x)));
        assert_eq!(head.to_vec(), desc[..4].to_vec());
        let asc: [usize; 5] = first_k(&w.map(ascending));
        let mut expected: Vec<usize> = (0..20).collect();
        expected.sort_by(|&a, &b| w[a].total_cmp(&w[b]).then(a.cmp(&b)));
        assert_eq!(asc.to_vec(), expected[..5].to_vec());
    }

    #[test]
    fn the_whittaker_diagram_places_the_climate_biomes() {
        assert_eq!(dominant(&land(30.0, 0.02)), Biome::HotDesert);
        assert_eq!(dominant(&land(26.0, 0.95)), Biome::TropicalRainforest);
        assert_eq!(dominant(&land(25.0, 0.38)), Biome::Savanna);
        assert_eq!(dominant(&land(12.0, 0.62)), Biome::DeciduousForest);
        assert_eq!(dominant(&land(1.0, 0.6)), Biome::BorealForest);
        assert_eq!(dominant(&land(-7.0, 0.35)), Biome::Tundra);
        assert_eq!(dominant(&land(4.0, 0.15)), Biome::ColdSteppe);
    }

    #[test]
    fn overrides_follow_water_coast_altitude() {
        let mut sea = land(15.0, 0.5);
        sea.sea_depth = Some(120.0);
        sea.sea_distance = 0.0;
        assert_eq!(dominant(&sea), Biome::DeepOcean);
        sea.sea_depth = Some(10.0);
        assert_eq!(dominant(&sea), Biome::Coast);
        let mut beach = land(15.0, 0.5);
        (beach.sea_distance, beach.above_sea) = (20.0, 2.0);
        assert_eq!(dominant(&beach), Biome::Coast);
        (beach.temperature, beach.moisture) = (27.0, 0.8);
        assert_eq!(dominant(&beach), Biome::Mangrove);
        let mut high = land(-1.0, 0.5);
        high.above_sea = 650.0;
        assert_eq!(dominant(&high), Biome::AlpineMeadow);
        (high.above_sea, high.temperature) = (1300.0, -6.0);
        assert_eq!(dominant(&high), Biome::MountainPeaks);
        high.temperature = -20.0;
        assert_eq!(dominant(&high), Biome::Glacier);
        let mut marsh = land(12.0, 0.95);
        (marsh.above_sea, marsh.slope) = (5.0, 0.0);
        assert_eq!(dominant(&marsh), Biome::Wetland);
        let mut volcano = land(12.0, 0.5);
        volcano.volcanic = 0.9;
        assert_eq!(dominant(&volcano), Biome::Volcanic);
        volcano.sea_depth = Some(100.0);
        assert_eq!(dominant(&volcano), Biome::DeepOcean, "water comes first");
    }

    #[test]
    fn erosion_cuts_hot_dry_land_into_badlands() {
        // Savanna on hot, dry land stays savanna where little ground moved, and turns to
        // badlands where the erosion cut deep.
        let mut dry = land(25.0, 0.3);
        assert_eq!(dominant(&dry), Biome::Savanna);
        dry.eroded = BADLANDS_EROSION.1;
        assert_eq!(dominant(&dry), Biome::Badlands);
        // The same erosion on cool or wet land changes nothing.
        for (t, m) in [(12.0, 0.62), (26.0, 0.95), (4.0, 0.15)] {
            let mut c = land(t, m);
            let before = weights(&c, 0.6);
            c.eroded = 10.0;
            assert_eq!(weights(&c, 0.6), before, "{t} °C, moisture {m}");
        }
    }

    #[test]
    fn weights_sum_to_one_and_change_smoothly() {
        let mut last: Option<[f32; 20]> = None;
        for i in 0..=400 {
            let t = -25.0 + i as f32 * 0.14;
            let w = weights(&land(t, 0.5), 0.6);
            assert!((w.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            let b = top(&w);
            assert!((b.weights.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            if let Some(prev) = last {
                let change: f32 = w.iter().zip(&prev).map(|(a, b)| (a - b).abs()).sum();
                assert!(change < 0.2, "at {t} °C the weights jump by {change}");
            }
            last = Some(w);
        }
    }
}
