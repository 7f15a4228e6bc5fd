//! `minstd_rand0`, the Park–Miller generator the subdivision article draws from: `s ← 16807·s mod (2³¹ − 1)`.

/// The multiplier `a`.
pub const MULTIPLIER: u64 = 16_807;
/// The modulus `m = 2³¹ − 1`.
pub const MODULUS: u64 = 2_147_483_647;

/// The generator's state, always in `1..m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinStdRand0 {
    state: u64,
}

impl MinStdRand0 {
    /// A generator for a 64-bit seed. The valid states are `1..=m − 1`; the seed maps onto them as
    /// `((seed − 1) mod (m − 1)) + 1` with wrapping subtraction, so the seeds `1..=2³¹ − 2` that
    /// the subdivision article's slider offers start from themselves, and every other seed (0 included) lands on a
    /// valid state.
    pub fn new(seed: u64) -> Self {
        MinStdRand0 {
            state: seed.wrapping_sub(1) % (MODULUS - 1) + 1,
        }
    }

    /// The raw state, `1..m`.
    pub fn state(&self) -> u64 {
        self.state
    }

    /// Advances and returns the next raw value in `1..m`.
    pub fn next_state(&mut self) -> u64 {
        self.state = self.state * MULTIPLIER % MODULUS;
        self.state
    }

    /// Advances and returns `(s − 1)/(m − 1)`, uniform in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_state() - 1) as f64 / (MODULUS - 1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_10000th_value_from_1_is_the_published_check_value() {
        // Park and Miller's check: starting from 1, the 10 000th value is 1 043 618 065.
        let mut g = MinStdRand0::new(1);
        let mut last = 0;
        for _ in 0..10_000 {
            last = g.next_state();
        }
        assert_eq!(last, 1_043_618_065);
    }

    #[test]
    fn seeds_map_onto_valid_states() {
        assert_eq!(MinStdRand0::new(307_710_644).state(), 307_710_644);
        assert_eq!(MinStdRand0::new(MODULUS - 1).state(), MODULUS - 1);
        for seed in [0, MODULUS, MODULUS + 5, u64::MAX] {
            let s = MinStdRand0::new(seed).state();
            assert!((1..MODULUS).contains(&s), "{seed} → {s}");
        }
        let v = MinStdRand0::new(0).next_f64();
        assert!((0.0..1.0).contains(&v));
    }
}
