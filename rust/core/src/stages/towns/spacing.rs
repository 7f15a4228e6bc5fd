//! Street spacing by density.

/// Spacing rules that follow from a site's density.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Distance between major cross streets along a major street, in cells.
    pub major: f32,
    /// Distance between minor cross streets, in cells.
    pub minor: f32,
    /// Snap radius and smallest distance between crossings, in cells.
    pub snap: f32,
}

impl Spacing {
    /// Spacing for a density in `0..=1`: villages are sparse, cities tight.
    pub fn for_density(density: f32) -> Self {
        let d = density.clamp(0.0, 1.0);
        let minor = 9.0 - 4.0 * d;
        Spacing {
            major: 20.0 - 8.0 * d,
            minor,
            snap: 0.4 * minor,
        }
    }
}
