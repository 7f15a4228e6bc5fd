//! [`cell_weights`]: the weights the grid stores for a cell, `top(&weights(c, blend))` bit for
//! bit, with less work. A cell that an override covers fully (the sea, full glaciers, full
//! coasts) skips the climate biomes, whose weights that override sets to 0; the climate biomes
//! measure only the 13 biomes with a centre; and the ranking of the heaviest four looks only at
//! the biomes that got a weight, the rest being `+0` and ranked by id.

use super::classify::{
    self, first_k_among, normalised, over, overrides, BiomeWeights, CellClimate, CENTRES,
    MOISTURE_SPAN, NEAREST, TEMPERATURE_SPAN,
};

/// How many biomes have a centre in climate space.
const CENTRED_COUNT: usize = {
    let mut n = 0;
    let mut id = 0;
    while id < 20 {
        if CENTRES.2[id] {
            n += 1;
        }
        id += 1;
    }
    n
};

/// The biomes with a centre, by ascending id: `(id, °C, moisture)`.
const CENTRED: [(usize, f32, f32); CENTRED_COUNT] = {
    let mut out = [(0, 0.0, 0.0); CENTRED_COUNT];
    let (mut id, mut k) = (0, 0);
    while id < 20 {
        if CENTRES.2[id] {
            out[k] = (id, CENTRES.0[id], CENTRES.1[id]);
            k += 1;
        }
        id += 1;
    }
    out
};

/// Temperatures and moistures below this in size keep every climate distance finite (NaN is not).
const CLIMATE_BOUND: f32 = 1e6;

/// The stored weights of a cell: bit for bit `top(&weights(c, blend))`.
pub fn cell_weights(c: &CellClimate, blend: f32) -> BiomeWeights {
    cell_weights_near(c, blend, &mut NearestHint::default())
}

/// The nearest centres of the last cell [`cell_weights_near`] measured, nearest first (indices
/// into the centred biomes): a neighbouring cell, whose climate differs little, most often has
/// the same ones in the same order, which takes a few comparisons to confirm.
#[derive(Clone, Copy, Debug, Default)]
pub struct NearestHint([usize; NEAREST + 1]);

/// [`cell_weights`], trying first the nearest centres of `hint` (and leaving there the ones of
/// this cell): the same bits whatever the hint.
pub fn cell_weights_near(c: &CellClimate, blend: f32, hint: &mut NearestHint) -> BiomeWeights {
    let inv = 1.0 / (2.0 * blend * blend);
    let sane = |v: f32| v.abs() < CLIMATE_BOUND;
    if !(sane(c.temperature) && sane(c.moisture) && inv.is_finite()) {
        // Non-finite climate weights would not vanish under a full override: the long way.
        return classify::top(&classify::weights(c, blend));
    }
    let list = overrides(c);
    let mut w = [0.0f32; 20];
    // Weights are finite and non-negative, so a share of exactly 1 turns them all to +0 before
    // its biome gets 1: start there.
    let (mut touched, rest) = match list.iter().rposition(|(_, o)| *o == 1.0) {
        Some(k) => {
            let id = list[k].0 as usize;
            w[id] = 1.0;
            (1u32 << id, &list[k + 1..])
        }
        None => (
            climate_into(&mut w, c.temperature, c.moisture, inv, hint),
            &list[..],
        ),
    };
    for &(biome, o) in rest {
        over(&mut w, biome, o);
        if o > 0.0 {
            touched |= 1 << biome as u32;
        }
    }
    top_of(&w, touched)
}

/// Writes [`classify::climate_weights`] into the zeroed `w` (`inv` = `1 / (2·blend²)`, finite)
/// and returns the set of biomes it wrote, one bit per id.
fn climate_into(
    w: &mut [f32; 20],
    temperature: f32,
    moisture: f32,
    inv: f32,
    hint: &mut NearestHint,
) -> u32 {
    let d2: [f32; CENTRED_COUNT] = std::array::from_fn(|k| {
        let (_, centre_t, centre_m) = CENTRED[k];
        let dt = (temperature - centre_t) / TEMPERATURE_SPAN;
        let dm = (moisture - centre_m) / MOISTURE_SPAN;
        dt * dt + dm * dm
    });
    // `k` runs in id order, so its ties break as the ids' do.
    let key = |k: usize| (u64::from(d2[k].to_bits()) << 8) | k as u64;
    let order = if is_nearest(&hint.0, key) {
        hint.0
    } else {
        first_k_among::<{ NEAREST + 1 }>(0..CENTRED_COUNT, |k| d2[k].to_bits())
            .map(|key| (key & 0xff) as usize)
    };
    hint.0 = order;
    let nearest = d2[order[0]];
    // The Gaussians of the next three centres and of the first one left out, together; the
    // nearest centre's is `expf(-0) = 1`.
    let gauss = super::gauss::expf4(std::array::from_fn(|r| -(d2[order[r + 1]] - nearest) * inv));
    let floor = gauss[NEAREST - 1];
    let mut v: [f32; NEAREST] =
        std::array::from_fn(|r| if r == 0 { 1.0 } else { gauss[r - 1] } - floor);
    if v[0] <= 0.0 {
        v[0] = 1.0;
    }
    let mut kept: [(usize, f32); NEAREST] = std::array::from_fn(|r| (order[r], v[r]));
    kept.sort_unstable_by_key(|&(k, _)| k);
    let sum: f32 = kept.iter().map(|&(_, v)| v).sum();
    let mut touched = 0;
    for (k, v) in kept {
        let id = CENTRED[k].0;
        w[id] = v / sum;
        touched |= 1 << id;
    }
    touched
}

/// Whether `order` holds the first [`NEAREST`]` + 1` centres by ascending `key` (distinct keys):
/// its keys ascend, and exactly the others of them lie below its last.
#[inline]
fn is_nearest(order: &[usize; NEAREST + 1], key: impl Fn(usize) -> u64) -> bool {
    let keys = order.map(&key);
    if !keys.windows(2).all(|p| p[0] < p[1]) {
        return false;
    }
    let last = keys[NEAREST];
    let below = (0..CENTRED_COUNT)
        .map(|k| u32::from(key(k) < last))
        .sum::<u32>();
    below == NEAREST as u32
}

/// [`classify::top`] of `w`, whose weights outside `touched` are `+0`.
fn top_of(w: &[f32; 20], touched: u32) -> BiomeWeights {
    let mut heavy = 0u32;
    for id in ids(touched) {
        if w[id] > 0.0 {
            heavy |= 1 << id;
        }
    }
    let key = |id: usize| (u64::from(!w[id].to_bits()) << 8) | id as u64;
    let best = if heavy.count_ones() as usize <= NEAREST {
        sorted_four(ids(heavy), key)
    } else {
        first_k_among::<NEAREST>(ids(heavy), |id| !w[id].to_bits())
    };
    // Every other weight is +0: they follow by id.
    let mut zeros = !heavy & ((1 << 20) - 1);
    let order = best.map(|key| {
        if key == u64::MAX {
            let id = zeros.trailing_zeros() as usize;
            zeros &= zeros - 1;
            id
        } else {
            (key & 0xff) as usize
        }
    });
    normalised(w, order)
}

/// The keys of at most four `indices`, ascending, [`u64::MAX`] in the places of missing ones:
/// what [`first_k_among`] gives for them (the keys are distinct), by a sorting network of five
/// compare-exchanges instead of insertions.
#[inline]
fn sorted_four(indices: impl Iterator<Item = usize>, key: impl Fn(usize) -> u64) -> [u64; 4] {
    let mut k = [u64::MAX; 4];
    for (slot, i) in k.iter_mut().zip(indices) {
        *slot = key(i);
    }
    for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (lo, hi) = (k[a].min(k[b]), k[a].max(k[b]));
        (k[a], k[b]) = (lo, hi);
    }
    k
}

/// The ids of a set, ascending.
fn ids(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let id = set.trailing_zeros() as usize;
            set &= set - 1;
            id
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored weights agree with the definition bit for bit, without a hint and with the
    /// hint the cells before left.
    fn agree_near(c: &CellClimate, blend: f32, hint: &mut NearestHint) {
        let slow = classify::top(&classify::weights(c, blend));
        for fast in [cell_weights(c, blend), cell_weights_near(c, blend, hint)] {
            assert_eq!(fast.ids, slow.ids, "{c:?} at blend {blend}");
            assert_eq!(
                fast.weights.map(f32::to_bits),
                slow.weights.map(f32::to_bits),
                "{c:?} at blend {blend}"
            );
        }
    }

    fn agree(c: &CellClimate, blend: f32) {
        agree_near(c, blend, &mut NearestHint::default());
    }

    #[test]
    fn the_centred_biomes_are_the_thirteen_climate_biomes() {
        assert_eq!(CENTRED_COUNT, 13);
        assert!(CENTRED.windows(2).all(|p| p[0].0 < p[1].0));
        assert_eq!(libm::expf(-0.0), 1.0);
    }

    #[test]
    fn cell_weights_match_the_definition_bit_for_bit() {
        let sites = [
            (100.0, 0.1, 10_000.0, None, 0.0),
            (100.0, 0.3, 10_000.0, None, 0.0),
            (2.0, 0.0, 20.0, None, 0.0),
            (5.0, 0.01, 60.0, None, 0.3),
            (650.0, 0.2, 10_000.0, None, 0.0),
            (1300.0, 0.9, 10_000.0, None, 1.0),
            (-5.0, 0.0, 0.0, Some(10.0), 0.0),
            (-90.0, 0.0, 0.0, Some(120.0), 0.5),
        ];
        // One hint per blend, carried from cell to cell as along a row of the grid.
        let mut hints = [NearestHint::default(); 3];
        for (above_sea, slope, sea_distance, sea_depth, volcanic) in sites {
            for ti in 0..=140 {
                for mi in 0..=40 {
                    let c = CellClimate {
                        temperature: -30.0 + ti as f32 * 0.5,
                        moisture: mi as f32 * 0.025,
                        above_sea,
                        slope,
                        sea_distance,
                        sea_depth,
                        volcanic,
                        // Erosion that turns some of the hot, dry land to badlands.
                        eroded: slope * 8.0,
                    };
                    for (blend, hint) in [0.6, 0.15, 2.0].into_iter().zip(&mut hints) {
                        agree_near(&c, blend, hint);
                    }
                }
            }
        }
    }

    #[test]
    fn cell_weights_match_the_definition_off_the_finite_path() {
        let base = CellClimate {
            temperature: 10.0,
            moisture: 0.5,
            above_sea: 5.0,
            slope: 0.0,
            sea_distance: 30.0,
            sea_depth: None,
            volcanic: 0.0,
            eroded: 0.0,
        };
        for blend in [0.6, f32::INFINITY] {
            agree(&base, blend);
            let mut far = base;
            far.temperature = 5e6;
            agree(&far, blend);
        }
    }
}
