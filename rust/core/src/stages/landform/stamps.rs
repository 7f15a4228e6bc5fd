//! Stamps on the heights: each stamp's shape laid on the ground of the height model, before
//! erosion, so erosion, water and every later stage see it.
//!
//! A stamp's shape is a relief `R` (height units) over its footprint: `height · weight` for a
//! raise, its negative for a lower, a bowl in a rim for a crater, noise for rough ground; its
//! absolute form is `reference + R`, where the reference is the ground at the stamp's centre
//! before it. A flatten's shape is the level itself. The blend mode then sets each cell:
//! add `h + s·R`; max, min and replace move `h` towards `max(h, shape)`, `min(h, shape)` or the
//! shape by `s · weight`, where `s` is the stamp's strength.
//!
//! The ridge, valley and river paths ([`super::paths`]) are laid after the stamps, in order.

use crate::algorithms::noise::fbm_signed;
use crate::algorithms::seed::derive32;
use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::params::paths::Path;
use crate::params::stamps::{Stamp, StampBlend, StampKind};

/// A crater's bowl reaches this share of the radius; its rim rises beyond it.
pub const CRATER_BOWL: f32 = 0.7;
/// A crater's rim height, as a share of its depth.
pub const CRATER_RIM: f32 = 0.3;
/// Rough ground: bumps per radius (the noise's period is the radius over this).
pub const ROUGH_BUMPS: f32 = 4.0;
/// Rough ground: octaves of its noise.
pub const ROUGH_OCTAVES: u32 = 4;

/// The stamps and paths of one map and where the map lies in the world.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stamping {
    /// The stamps, laid in order.
    pub stamps: Vec<Stamp>,
    /// The paths, laid in order after the stamps (roads are left to the settlements).
    pub paths: Vec<Path>,
    /// Where the map's cells lie, metres.
    pub frame: Option<MapFrame>,
    /// The world's seed (rough ground's noise).
    pub seed: u64,
}

/// A crater's relief at `t` (distance over radius), as a share of its depth: −1 at the centre,
/// rising through the bowl to the rim's [`CRATER_RIM`], then falling with the falloff `weight`
/// of the rim's own width.
fn crater(t: f32, rim_weight: impl Fn(f32) -> f32) -> f32 {
    if t < CRATER_BOWL {
        -1.0 + (1.0 + CRATER_RIM) * (t / CRATER_BOWL).powi(2)
    } else {
        CRATER_RIM * rim_weight((t - CRATER_BOWL) / (1.0 - CRATER_BOWL))
    }
}

impl Stamping {
    /// Whether there is nothing to lay.
    pub fn is_empty(&self) -> bool {
        self.stamps.is_empty() && !self.paths.iter().any(|p| p.kind.shapes_ground())
    }

    /// Lays every stamp, then every path, on `grid.height` in order; returns, per cell, whether
    /// one moved it (such ground erodes and holds lakes as the height model's mountains do).
    pub fn apply(&self, grid: &mut Grid) -> Vec<bool> {
        let mut shaped = vec![false; grid.len()];
        let Some(frame) = self.frame else {
            return shaped;
        };
        for (k, stamp) in self.stamps.iter().enumerate() {
            self.lay(k, stamp, &frame, grid, &mut shaped);
        }
        super::paths::lay(&self.paths, grid, &frame, &mut shaped);
        shaped
    }

    /// The ground at the world point `(x, z)`: the nearest cell's height, clamped to the map.
    fn ground_at(grid: &Grid, frame: &MapFrame, x: f32, z: f32) -> f32 {
        let (w, d) = (grid.width(), grid.depth());
        let (ox, oz) = frame.world(0.0, 0.0);
        let cell = frame.cell_size as f32;
        let i = ((x - ox as f32) / cell).round().clamp(0.0, (w - 1) as f32) as usize;
        let j = ((z - oz as f32) / cell).round().clamp(0.0, (d - 1) as f32) as usize;
        grid.height[j * w + i]
    }

    /// The cells `(x0..x1, z0..z1)` the stamp can reach, empty when it misses the map.
    fn cells_within(
        stamp: &Stamp,
        frame: &MapFrame,
        grid: &Grid,
    ) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let (ox, oz) = frame.world(0.0, 0.0);
        let cell = frame.cell_size;
        let reach = f64::from(stamp.reach());
        let span = |centre: f32, origin: f64, n: usize| {
            let lo = ((f64::from(centre) - reach - origin) / cell)
                .floor()
                .max(0.0);
            let hi = ((f64::from(centre) + reach - origin) / cell + 1.0).ceil();
            let hi = hi.clamp(0.0, n as f64);
            (lo as usize).min(n)..(hi as usize).max(lo as usize).min(n)
        };
        (
            span(stamp.position[0], ox, grid.width()),
            span(stamp.position[1], oz, grid.depth()),
        )
    }

    /// Lays stamp number `k`.
    fn lay(&self, k: usize, stamp: &Stamp, frame: &MapFrame, grid: &mut Grid, shaped: &mut [bool]) {
        let scale = frame.height_scale;
        let height = stamp.height / scale;
        let reference = Self::ground_at(grid, frame, stamp.position[0], stamp.position[1]);
        let seed = derive32(self.seed, &format!("stamp {k}"));
        let bump = stamp.radius / ROUGH_BUMPS;
        let (xs, zs) = Self::cells_within(stamp, frame, grid);
        let w = grid.width();
        for z in zs {
            for x in xs.clone() {
                let (wx, wz) = frame.world(x as f64, z as f64);
                let (wx, wz) = (wx as f32, wz as f32);
                let t = stamp.footprint(wx, wz);
                if t >= 1.0 {
                    continue;
                }
                let weight = stamp.falloff.weight(t);
                let relief = match stamp.kind {
                    StampKind::Raise => height * weight,
                    StampKind::Lower => -height * weight,
                    StampKind::Crater => height * crater(t, |s| stamp.falloff.weight(s)),
                    StampKind::Roughen => {
                        let (u, v) = (wx / bump, wz / bump);
                        height * weight * fbm_signed(u, v, ROUGH_OCTAVES, seed)
                    }
                    StampKind::Flatten => 0.0,
                };
                let shape = match stamp.kind {
                    StampKind::Flatten => height,
                    _ => reference + relief,
                };
                let i = z * w + x;
                let h = grid.height[i];
                let s = stamp.strength;
                let toward = |target: f32| h + (target - h) * s * weight;
                grid.height[i] = match (stamp.kind, stamp.blend) {
                    // A level has no relief to add: flattening moves the ground to it.
                    (StampKind::Flatten, StampBlend::Add | StampBlend::Replace) => toward(shape),
                    (_, StampBlend::Add) => h + s * relief,
                    (_, StampBlend::Max) => toward(h.max(shape)),
                    (_, StampBlend::Min) => toward(h.min(shape)),
                    (_, StampBlend::Replace) => toward(shape),
                };
                if grid.height[i] != h {
                    shaped[i] = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::stamps::StampFalloff;

    fn flat(side: usize, cell: f64) -> (Grid, MapFrame) {
        let grid = Grid::new(side, side);
        let frame = MapFrame {
            origin_x: 0.0,
            origin_z: 0.0,
            offset_x: 0,
            offset_z: 0,
            cell_size: cell,
            height_scale: 2.0,
        };
        (grid, frame)
    }

    fn run(stamp: Stamp, grid: &mut Grid, frame: MapFrame) -> Vec<bool> {
        Stamping {
            stamps: vec![stamp],
            frame: Some(frame),
            seed: 1,
            ..Default::default()
        }
        .apply(grid)
    }

    #[test]
    fn a_raise_lifts_its_footprint_and_nothing_else() {
        let (mut grid, frame) = flat(64, 2.0);
        let stamp = Stamp {
            position: [64.0, 64.0],
            radius: 30.0,
            height: 20.0,
            ..Default::default()
        };
        let raised = run(stamp, &mut grid, frame);
        for z in 0..64 {
            for x in 0..64 {
                let (wx, wz) = frame.world(x as f64, z as f64);
                let d = (wx - 64.0).hypot(wz - 64.0);
                let h = grid.height[z * 64 + x];
                if d >= 30.0 {
                    assert_eq!(h, 0.0, "({x}, {z}) outside");
                } else if d < 29.0 {
                    assert!(h > 0.0 && raised[z * 64 + x], "({x}, {z}) inside");
                }
            }
        }
        // 20 m at the centre, in height units of 2 m.
        assert_eq!(grid.height[32 * 64 + 32], 10.0);
    }

    #[test]
    fn blends_fill_cut_and_replace() {
        let (mut grid, frame) = flat(32, 1.0);
        grid.height
            .iter_mut()
            .enumerate()
            .for_each(|(i, h)| *h = (i % 32) as f32 * 0.5);
        let before = grid.height.clone();
        let flatten = |blend| Stamp {
            kind: StampKind::Flatten,
            position: [16.0, 16.0],
            radius: 10.0,
            height: 16.0,
            falloff: StampFalloff::Plateau,
            blend,
            ..Default::default()
        };
        // The level is 8 height units: the ground at x = 16.
        let mut g = grid.clone();
        run(flatten(StampBlend::Replace), &mut g, frame);
        assert_eq!(g.height[16 * 32 + 12], 8.0);
        assert_eq!(g.height[16 * 32 + 20], 8.0);
        let mut g = grid.clone();
        run(flatten(StampBlend::Max), &mut g, frame);
        assert_eq!(g.height[16 * 32 + 12], 8.0, "filled up");
        assert_eq!(g.height[16 * 32 + 20], before[16 * 32 + 20], "left above");
        let mut g = grid.clone();
        run(flatten(StampBlend::Min), &mut g, frame);
        assert_eq!(g.height[16 * 32 + 12], before[16 * 32 + 12], "left below");
        assert_eq!(g.height[16 * 32 + 20], 8.0, "cut down");
        // Half strength goes half way.
        let mut g = grid.clone();
        run(
            Stamp {
                strength: 0.5,
                ..flatten(StampBlend::Replace)
            },
            &mut g,
            frame,
        );
        assert_eq!(g.height[16 * 32 + 12], 7.0);
        let _ = &mut grid;
    }

    #[test]
    fn craters_are_bowls_in_rims_and_rough_ground_is_rough() {
        let (mut grid, frame) = flat(64, 1.0);
        run(
            Stamp {
                kind: StampKind::Crater,
                position: [32.0, 32.0],
                radius: 20.0,
                height: 10.0,
                ..Default::default()
            },
            &mut grid,
            frame,
        );
        let at = |x: usize| grid.height[32 * 64 + x];
        assert_eq!(at(32), -5.0, "a bowl 10 m deep");
        assert!(at(32 + 15) > 0.0, "a rim");
        assert_eq!(at(32 + 20), 0.0, "nothing at the radius");
        let (mut rough, frame) = flat(64, 1.0);
        run(
            Stamp {
                kind: StampKind::Roughen,
                position: [32.0, 32.0],
                radius: 30.0,
                height: 4.0,
                ..Default::default()
            },
            &mut rough,
            frame,
        );
        // Bumps up and hollows down inside, nothing beyond the radius.
        let inner: Vec<f32> = (0..64 * 64)
            .filter(|i| ((i % 64) as f32 - 32.0).hypot((i / 64) as f32 - 32.0) < 20.0)
            .map(|i| rough.height[i])
            .collect();
        assert!(inner.iter().any(|&h| h > 0.05) && inner.iter().any(|&h| h < -0.05));
        assert_eq!(rough.height[0], 0.0);
    }

    #[test]
    fn a_stamp_off_the_map_or_no_stamp_changes_nothing() {
        let (mut grid, frame) = flat(16, 1.0);
        let raised = run(
            Stamp {
                position: [-100.0, 40.0],
                radius: 30.0,
                ..Default::default()
            },
            &mut grid,
            frame,
        );
        assert!(grid.height.iter().all(|&h| h == 0.0));
        assert!(!raised.contains(&true));
        let raised = Stamping::default().apply(&mut grid);
        assert!(!raised.contains(&true));
    }
}
