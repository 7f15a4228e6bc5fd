//! The pool model's shape: where it samples its noises, in metres, and the ramp along which a
//! patch's edge rises from the flat ground.

use crate::params::TerrainParams;

/// Phase 1: octaves of the coverage-mask noise.
pub const MASK_OCTAVES: u32 = 4;
/// Phase 2: the mean slope of the coverage-mask noise, in mask units per period of its first
/// octave (measured by the tests), where patch edges lie. The distance from a cell to its patch's
/// edge is measured, to first order, as how far its mask exceeds the threshold divided by the
/// mask's slope there, never taken below this mean.
pub const MASK_MEAN_SLOPE: f32 = 0.51;
/// Phase 2: an upper bound of the coverage-mask noise's slope, in mask units per period of its
/// first octave (each octave's smoothstep slope is at most 1.5 times its unit range, and the
/// octaves' amplitudes times frequencies sum to `MASK_OCTAVES / 1.875`): it bounds the cells a
/// patch's edge can reach without measuring the slope.
pub const MASK_MAX_SLOPE: f32 = 4.6;
/// Phase 2: how softly the mountains meet the ramp of a patch's edge, as a share of the peak
/// height (the width of the smooth minimum between them).
pub const EDGE_SOFTNESS: f32 = 0.1;

/// Where the pool model samples its noises: the lattice's cell size and the model's sizes, all in
/// metres, so that one world keeps its patches and mountains at every cell size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoolShape {
    /// Metres between neighbouring samples.
    pub cell_size: f32,
    /// Period of the coverage-mask noise, metres.
    pub patch_size: f32,
    /// Period of the height noise's first octave, metres.
    pub feature_size: f32,
    /// The distance over which a patch's edge may rise from the flat ground to the peak
    /// height, metres.
    pub edge_width: f32,
}

impl PoolShape {
    /// The shape of `params` sampled every `cell_size` metres.
    pub fn new(params: &TerrainParams, cell_size: f32) -> Self {
        PoolShape {
            cell_size,
            patch_size: params.patch_size,
            feature_size: params.feature_size,
            edge_width: params.edge_width,
        }
    }

    /// Phase 1: the mask noise's frequency per cell.
    pub fn mask_scale(&self) -> f32 {
        self.cell_size / self.patch_size
    }

    /// Phase 2: the height noise's frequency per cell.
    pub fn height_scale(&self) -> f32 {
        self.cell_size / self.feature_size
    }

    /// Phase 2: the smallest slope a patch's edge distance is measured with, mask units per
    /// metre (the mask's mean slope).
    pub fn edge_slope_floor(&self) -> f32 {
        MASK_MEAN_SLOPE / self.patch_size
    }

    /// Phase 2: how far the mask exceeds the threshold at most where a patch's edge ramp can
    /// still touch a mountain of `height` (a share of the peak height): where the ramp may be
    /// below `height + EDGE_SOFTNESS`.
    pub fn edge_reach(&self, height: f32) -> f32 {
        MASK_MAX_SLOPE * self.edge_width * (height + EDGE_SOFTNESS) / self.patch_size
    }

    /// Phase 2: the ramp of a patch's edge at the cell `(x, z)` whose mask exceeds the threshold
    /// by `over`, as a share of the peak height: `d / edge_width`, with `d` the distance to the
    /// edge in metres, `over / max(g, ḡ)` for the mask's slope `g` there in mask units per metre
    /// and its mean [`edge_slope_floor`](Self::edge_slope_floor) `ḡ`. Infinite beyond
    /// [`edge_reach`](Self::edge_reach) of the mountain's `height` there, where the ramp cannot
    /// touch it, so its slope is not measured.
    pub fn edge_ramp(&self, x: usize, z: usize, over: f32, height: f32, mask_seed: u32) -> f32 {
        if over >= self.edge_reach(height) {
            return f32::INFINITY;
        }
        let scale = self.mask_scale();
        let [gx, gz] = crate::algorithms::noise::fbm_gradient_resolved(
            x as f32 * scale,
            z as f32 * scale,
            scale,
            MASK_OCTAVES,
            mask_seed,
        );
        let slope = ((gx * gx + gz * gz).sqrt() / self.patch_size).max(self.edge_slope_floor());
        over.max(0.0) / (slope * self.edge_width)
    }
}

/// The smooth minimum of `a` and `b` over a width `k`: `min(a, b)` where they differ by `k` or
/// more, and below both, with a continuous slope, where they come closer (the polynomial smooth
/// minimum). `b` may be infinite.
pub fn smooth_min(a: f32, b: f32, k: f32) -> f32 {
    let t = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - t * t * k * 0.25
}

/// The seed of the coverage-mask noise.
pub(crate) fn mask_seed(seed: u64) -> u32 {
    crate::algorithms::seed::derive32(seed, "mask")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::noise::fbm;

    /// [`MASK_MEAN_SLOPE`] is the mask noise's mean slope, per period of its first octave, where
    /// patch edges lie (mask values near the coverage's quantile): measured by finite differences
    /// over many periods.
    #[test]
    fn the_mask_mean_slope_is_measured() {
        let (step, samples) = (1.0 / 64.0f32, 256usize);
        let seed = crate::algorithms::seed::derive32(7, "mask");
        let (mut sum, mut count) = (0.0f64, 0usize);
        for z in 0..samples {
            for x in 0..samples {
                let (px, pz) = (x as f32 * step * 7.0, z as f32 * step * 7.0);
                let m = fbm(px, pz, MASK_OCTAVES, seed);
                if !(0.45..0.6).contains(&m) {
                    continue;
                }
                let gx = (fbm(px + step, pz, MASK_OCTAVES, seed) - m) / step;
                let gz = (fbm(px, pz + step, MASK_OCTAVES, seed) - m) / step;
                sum += f64::from((gx * gx + gz * gz).sqrt());
                count += 1;
            }
        }
        let mean = sum / count as f64;
        println!("mask mean slope near the edges: {mean:.3} per period ({count} samples)");
        assert!(
            (mean - f64::from(MASK_MEAN_SLOPE)).abs() < 0.1 * mean,
            "measured {mean:.3}, declared {MASK_MEAN_SLOPE}"
        );
    }
}
