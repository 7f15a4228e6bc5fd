//! Street spacing by density.

/// Spacing rules that follow from a site's density.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Distance between major cross streets along a major street, metres.
    pub major: f32,
    /// Distance between minor cross streets, metres.
    pub minor: f32,
    /// Snap radius and smallest distance between crossings, metres.
    pub snap: f32,
}

impl Spacing {
    /// Spacing for a density in `0..=1`: villages are sparse (minor streets 72 m apart, major
    /// ones 160 m), cities tight (40 m and 96 m, blocks of a city centre).
    pub fn for_density(density: f32) -> Self {
        let d = density.clamp(0.0, 1.0);
        let minor = 72.0 - 32.0 * d;
        Spacing {
            major: 160.0 - 64.0 * d,
            minor,
            snap: 0.4 * minor,
        }
    }
}
