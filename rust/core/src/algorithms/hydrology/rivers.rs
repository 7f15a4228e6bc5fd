//! River channels: how deep a river cell is carved.

/// A river is never carved deeper than this many times its depth at the threshold.
pub const RIVER_DEPTH_CAP: f32 = 4.0;

/// Carving depth of a river cell with accumulation `acc` above `threshold`:
/// `base · min(sqrt(acc / threshold), RIVER_DEPTH_CAP)`, so a river deepens as it gathers water
/// (four times the catchment, twice the depth). Only `sqrt` is used, which IEEE 754 rounds exactly,
/// so the depth is the same bits everywhere. 0 at or below the threshold.
pub fn river_depth(acc: u32, threshold: u32, base: f32) -> f32 {
    if acc <= threshold || threshold == 0 {
        return 0.0;
    }
    let ratio = (acc as f32 / threshold as f32).sqrt();
    base * ratio.min(RIVER_DEPTH_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_grows_with_accumulation_and_is_capped() {
        assert_eq!(river_depth(100, 100, 0.02), 0.0);
        assert_eq!(river_depth(400, 100, 0.02), 0.04);
        assert!(river_depth(150, 100, 0.02) > 0.02);
        assert_eq!(river_depth(u32::MAX, 100, 0.02), 0.02 * RIVER_DEPTH_CAP);
        assert_eq!(river_depth(5, 0, 0.02), 0.0);
    }
}
