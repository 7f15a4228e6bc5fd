//! Seed derivation: every layer and phase draws from its own stream of the master seed.

/// SplitMix64 finaliser: a bijective mix of 64 bits.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
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

#[cfg(test)]
mod tests {
    #[test]
    fn streams_differ() {
        assert_ne!(super::derive(1, "mask"), super::derive(1, "height"));
        assert_ne!(super::derive(1, "mask"), super::derive(2, "mask"));
        assert_eq!(super::derive(1, "mask"), super::derive(1, "mask"));
    }
}
