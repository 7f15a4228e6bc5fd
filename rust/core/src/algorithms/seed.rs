//! Seed derivation: every layer and phase draws from its own stream of the master seed.

/// SplitMix64 finaliser: a bijective mix of 64 bits.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `0.0..1.0` from the 24 bits of `bits` starting at bit `shift`: exact in `f32`, the same on
/// every platform.
#[inline]
pub fn unit(bits: u64, shift: u32) -> f32 {
    ((bits >> shift) & 0xff_ffff) as f32 * (1.0 / 16_777_216.0)
}

/// The seed of one named stream (`"mask"`, `"erosion"`, …) of a master seed.
pub fn derive(master: u64, stream: &str) -> u64 {
    stream
        .bytes()
        .fold(mix64(master), |acc, b| mix64(acc ^ u64::from(b)))
}

/// A 32-bit noise seed of one named stream.
pub fn derive32(master: u64, stream: &str) -> u32 {
    (derive(master, stream) >> 32) as u32
}

/// A PCG generator for one named stream.
pub fn rng(master: u64, stream: &str) -> rand_pcg::Pcg32 {
    rand_pcg::Pcg32::new(derive(master, stream), derive(master ^ 0x5eed, stream) | 1)
}

/// A PCG generator for row `row` of one named stream: each row of each master seed has its own
/// generator, so rows can be drawn in parallel.
///
/// The stream's key [`derive`](fn@derive)`(master, stream)` is a bijection of the master seed, so
/// no two seeds share a key; the row picks the PCG stream (the increment) and, mixed into the key, the start
/// state. No two `(master, row)` pairs share a generator, and neighbouring seeds or rows give
/// unrelated numbers.
pub fn row_rng(master: u64, stream: &str, row: u64) -> rand_pcg::Pcg32 {
    let key = derive(master, stream);
    rand_pcg::Pcg32::new(mix64(key ^ mix64(row)), row)
}

#[cfg(test)]
mod tests {
    #[test]
    fn streams_differ() {
        assert_ne!(super::derive(1, "mask"), super::derive(1, "height"));
        assert_ne!(super::derive(1, "mask"), super::derive(2, "mask"));
        assert_eq!(super::derive(1, "mask"), super::derive(1, "mask"));
    }

    #[test]
    fn rows_of_seeds_get_distinct_generators() {
        use rand::RngCore;
        let first = |seed, row| super::row_rng(seed, "forest", row).next_u64();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..32u64 {
            for row in 0..32u64 {
                assert!(
                    seen.insert(first(seed, row)),
                    "seed {seed} row {row} repeats"
                );
            }
        }
    }
}
