//! Stamps: shapes a designer places on the map (a mountain, a basin, a plateau, a crater, rough
//! ground), their checks and their JSON form.
//!
//! A stamp acts on the heights after the height model and before erosion, so every later stage
//! (erosion, water, climate, biomes, settlements, scatter) reacts to it. Its position, radius and
//! height are in metres; its footprint is an ellipse: the radius times `scale` along each of the
//! stamp's axes, turned by `rotation_degrees` about the vertical.
//!
//! Their JSON form is part of the designer's layout ([`super::layout`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a stamp does to the ground.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StampKind {
    /// A mountain: the ground rises by `height` at the centre, less towards the rim.
    #[default]
    Raise,
    /// A basin: the ground sinks by `height` at the centre; water fills it as a lake.
    Lower,
    /// A plateau: the ground moves to the level `height` (metres, the terrain's own y).
    Flatten,
    /// A crater: a bowl `height` deep inside a raised rim.
    Crater,
    /// Rough ground: noise `height` metres high, its bumps a quarter of the radius across.
    Roughen,
}

impl StampKind {
    /// Every kind, in the order of the Godot enum.
    pub const ALL: [StampKind; 5] = [
        StampKind::Raise,
        StampKind::Lower,
        StampKind::Flatten,
        StampKind::Crater,
        StampKind::Roughen,
    ];
}

/// How a stamp's shape meets the ground under it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StampBlend {
    /// The shape's relief is added to the ground.
    #[default]
    Add,
    /// The higher of the ground and the shape (a stamp that only fills).
    Max,
    /// The lower of the ground and the shape (a stamp that only cuts).
    Min,
    /// The shape replaces the ground.
    Replace,
}

impl StampBlend {
    /// Every blend mode, in the order of the Godot enum.
    pub const ALL: [StampBlend; 4] = [
        StampBlend::Add,
        StampBlend::Max,
        StampBlend::Min,
        StampBlend::Replace,
    ];
}

/// How a stamp's weight falls from its centre (1) to its rim (0), over `t` = the distance from
/// the centre over the radius.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StampFalloff {
    /// `1 − smoothstep(t)`: a rounded hill with a soft foot.
    #[default]
    Smooth,
    /// `1 − t`: a cone.
    Linear,
    /// `√(1 − t²)`: a dome, steep at the rim.
    Dome,
    /// Full weight to `t = 0.6`, then smooth to the rim: a flat top with soft shoulders.
    Plateau,
}

impl StampFalloff {
    /// Every falloff, in the order of the Godot enum.
    pub const ALL: [StampFalloff; 4] = [
        StampFalloff::Smooth,
        StampFalloff::Linear,
        StampFalloff::Dome,
        StampFalloff::Plateau,
    ];

    /// Where a plateau's shoulder starts, as a share of the radius.
    pub const PLATEAU_TOP: f32 = 0.6;

    /// The weight at `t` (distance over radius): 1 at the centre, 0 at and beyond the rim.
    pub fn weight(self, t: f32) -> f32 {
        if t >= 1.0 {
            return 0.0;
        }
        let t = t.max(0.0);
        let smooth = |s: f32| 1.0 - s * s * (3.0 - 2.0 * s);
        match self {
            StampFalloff::Smooth => smooth(t),
            StampFalloff::Linear => 1.0 - t,
            StampFalloff::Dome => (1.0 - t * t).sqrt(),
            StampFalloff::Plateau => {
                smooth(((t - Self::PLATEAU_TOP) / (1.0 - Self::PLATEAU_TOP)).max(0.0))
            }
        }
    }
}

/// Largest stamp radius, metres.
pub const MAX_RADIUS: f32 = 100_000.0;
/// Largest stamp height, metres.
pub const MAX_HEIGHT: f32 = 10_000.0;
/// Smallest and largest scale of a stamp's axis.
pub const SCALE_RANGE: (f32, f32) = (0.01, 100.0);

/// One stamp: a shape placed on the map in metres.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Stamp {
    /// What it does.
    pub kind: StampKind,
    /// World position of its centre `[x, z]`, metres (the map's first cell lies at its origin).
    pub position: [f32; 2],
    /// Radius, metres (times `scale` along each axis).
    pub radius: f32,
    /// Height at the centre (raise, lower, crater, roughen) or the plateau's level (flatten),
    /// metres.
    pub height: f32,
    /// How its weight falls towards the rim.
    pub falloff: StampFalloff,
    /// How it meets the ground.
    pub blend: StampBlend,
    /// How far it moves the ground towards its shape, 0 to 1.
    pub strength: f32,
    /// Scale of the radius along the stamp's own x and z axes: an ellipse.
    pub scale: [f32; 2],
    /// Turn about the vertical, degrees (Godot's `rotation_degrees.y`: counter-clockwise seen
    /// from above, x towards −z).
    pub rotation_degrees: f32,
}

impl Default for Stamp {
    fn default() -> Self {
        Stamp {
            kind: StampKind::Raise,
            position: [0.0, 0.0],
            radius: 20.0,
            height: 10.0,
            falloff: StampFalloff::Smooth,
            blend: StampBlend::Add,
            strength: 1.0,
            scale: [1.0, 1.0],
            rotation_degrees: 0.0,
        }
    }
}

/// A stamp that cannot be used, and why.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("stamp {index}: {field} must be {expected} (got {got})")]
pub struct StampError {
    /// The stamp's place in the list, from 0.
    pub index: usize,
    /// The field at fault.
    pub field: &'static str,
    /// The accepted values, in words.
    pub expected: String,
    /// The rejected value.
    pub got: String,
}

impl Stamp {
    /// Checks every field; `index` names the stamp in the error.
    pub fn validate(&self, index: usize) -> Result<(), StampError> {
        let fail = |field, expected: &str, got: f32| StampError {
            index,
            field,
            expected: expected.to_owned(),
            got: format!("{got}"),
        };
        for (k, &v) in self.position.iter().enumerate() {
            if !v.is_finite() {
                return Err(fail(["position x", "position z"][k], "a finite number", v));
            }
        }
        if !(self.radius.is_finite() && self.radius > 0.0 && self.radius <= MAX_RADIUS) {
            let range = format!("over 0 and at most {MAX_RADIUS} m");
            return Err(fail("radius", &range, self.radius));
        }
        if !(self.height.is_finite() && self.height.abs() <= MAX_HEIGHT) {
            let range = format!("within ±{MAX_HEIGHT} m");
            return Err(fail("height", &range, self.height));
        }
        if !(0.0..=1.0).contains(&self.strength) {
            return Err(fail("strength", "from 0 to 1", self.strength));
        }
        for (k, &v) in self.scale.iter().enumerate() {
            if !(SCALE_RANGE.0..=SCALE_RANGE.1).contains(&v) {
                let range = format!("from {} to {}", SCALE_RANGE.0, SCALE_RANGE.1);
                return Err(fail(["scale x", "scale z"][k], &range, v));
            }
        }
        if !self.rotation_degrees.is_finite() {
            return Err(fail(
                "rotation_degrees",
                "a finite number",
                self.rotation_degrees,
            ));
        }
        Ok(())
    }

    /// The greatest distance from its centre it reaches, metres.
    pub fn reach(&self) -> f32 {
        self.radius * self.scale[0].max(self.scale[1])
    }

    /// Where the world point `(x, z)` lies in the stamp's footprint: 0 at the centre, 1 on the
    /// rim, more outside.
    pub fn footprint(&self, x: f32, z: f32) -> f32 {
        let (dx, dz) = (x - self.position[0], z - self.position[1]);
        let (sin, cos) = libm::sincosf(self.rotation_degrees.to_radians());
        // Into the stamp's own axes: Godot turns x towards −z for a positive angle.
        let (u, v) = (dx * cos - dz * sin, dx * sin + dz * cos);
        libm::hypotf(
            u / (self.radius * self.scale[0]),
            v / (self.radius * self.scale[1]),
        )
    }
}

/// Checks every stamp of a list.
pub fn validate(stamps: &[Stamp]) -> Result<(), StampError> {
    stamps
        .iter()
        .enumerate()
        .try_for_each(|(k, s)| s.validate(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falloffs_fall_from_one_to_zero() {
        for f in StampFalloff::ALL {
            assert_eq!(f.weight(0.0), 1.0, "{f:?}");
            assert_eq!(f.weight(1.0), 0.0, "{f:?}");
            assert_eq!(f.weight(1.5), 0.0, "{f:?}");
            let mut last = 1.0;
            for k in 1..=20 {
                let w = f.weight(k as f32 / 20.0);
                assert!(w <= last, "{f:?} rises at {k}");
                last = w;
            }
        }
        assert_eq!(StampFalloff::Plateau.weight(0.5), 1.0);
    }

    #[test]
    fn footprints_are_turned_and_scaled_ellipses() {
        let s = Stamp {
            position: [100.0, 50.0],
            radius: 10.0,
            scale: [2.0, 1.0],
            ..Default::default()
        };
        assert!((s.footprint(120.0, 50.0) - 1.0).abs() < 1e-6);
        assert!((s.footprint(100.0, 60.0) - 1.0).abs() < 1e-6);
        assert_eq!(s.reach(), 20.0);
        // Turned a quarter: the long axis lies along z.
        let turned = Stamp {
            rotation_degrees: 90.0,
            ..s
        };
        assert!((turned.footprint(100.0, 70.0) - 1.0).abs() < 1e-5);
        assert!((turned.footprint(110.0, 50.0) - 1.0).abs() < 1e-5);
    }
}
