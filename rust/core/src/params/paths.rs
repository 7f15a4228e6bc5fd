//! Paths: lines a designer draws on the map (a ridge, a valley, a river, a road), their checks
//! and their JSON form.
//!
//! A path is a polyline of world points `[x, z]` in metres with a width in metres. Ridges and
//! valleys act on the heights with the stamps, before erosion; a river path cuts a channel that
//! falls all the way from its higher end to its lower one, and the water stage makes a river run
//! down it; a road path becomes a road of the settlements' network, joined to it, its ground
//! levelled. Their JSON form is part of the designer's layout ([`super::layout`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a path does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PathKind {
    /// A ridge: the ground rises by `height` along the line, less towards its edges.
    #[default]
    Ridge,
    /// A valley: the ground sinks by `height` along the line.
    Valley,
    /// A river: a channel `height` deep falls from the path's higher end to its lower one, and a
    /// river `width` wide runs down it, on to the sea, a lake or the map's edge.
    River,
    /// A road: a road of the settlements' network runs along it, joined to the rest, on levelled
    /// ground (settlements on).
    Road,
}

impl PathKind {
    /// Every kind, in the order of the Godot enum.
    pub const ALL: [PathKind; 4] = [
        PathKind::Ridge,
        PathKind::Valley,
        PathKind::River,
        PathKind::Road,
    ];

    /// Whether it acts on the heights, with the stamps.
    pub fn shapes_ground(self) -> bool {
        !matches!(self, PathKind::Road)
    }
}

/// Largest path width, metres.
pub const MAX_WIDTH: f32 = 100_000.0;
/// Largest path height, metres.
pub const MAX_HEIGHT: f32 = 10_000.0;
/// Most points in one path.
pub const MAX_POINTS: usize = 65_536;

/// One path: a line drawn on the map in metres.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Path {
    /// What it does.
    pub kind: PathKind,
    /// The line's world points `[x, z]`, metres (the map's first cell lies at its origin), at
    /// least two.
    pub points: Vec<[f32; 2]>,
    /// Width across, metres: a ridge's or valley's foot, a river's water at its source (its
    /// channel is twice as wide), a road's levelled bed.
    pub width: f32,
    /// A ridge's height or a valley's depth along the line, a river channel's depth below the
    /// lowest ground upstream, metres; a road ignores it.
    pub height: f32,
}

impl Default for Path {
    fn default() -> Self {
        Path {
            kind: PathKind::Ridge,
            points: Vec::new(),
            width: 20.0,
            height: 10.0,
        }
    }
}

/// A path that cannot be used, and why.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("path {index}: {field} must be {expected} (got {got})")]
pub struct PathError {
    /// The path's place in the list, from 0.
    pub index: usize,
    /// The field at fault.
    pub field: &'static str,
    /// The accepted values, in words.
    pub expected: String,
    /// The rejected value.
    pub got: String,
}

impl Path {
    /// Checks every field; `index` names the path in the error.
    pub fn validate(&self, index: usize) -> Result<(), PathError> {
        let error = |field, expected: String, got: String| PathError {
            index,
            field,
            expected,
            got,
        };
        let n = self.points.len();
        if !(2..=MAX_POINTS).contains(&n) {
            return Err(error(
                "points",
                format!("a list of 2 to {MAX_POINTS} points"),
                format!("{n} points"),
            ));
        }
        if let Some(p) = self
            .points
            .iter()
            .find(|p| !p.iter().all(|v| v.is_finite()))
        {
            return Err(error(
                "points",
                "finite numbers".into(),
                format!("[{}, {}]", p[0], p[1]),
            ));
        }
        if !(self.width > 0.0 && self.width <= MAX_WIDTH) {
            return Err(error(
                "width",
                format!("over 0 and at most {MAX_WIDTH} m"),
                format!("{}", self.width),
            ));
        }
        if !(0.0..=MAX_HEIGHT).contains(&self.height) {
            return Err(error(
                "height",
                format!("from 0 to {MAX_HEIGHT} m"),
                format!("{}", self.height),
            ));
        }
        Ok(())
    }

    /// Its length along the line, metres.
    pub fn length(&self) -> f32 {
        self.points
            .windows(2)
            .map(|w| {
                let (dx, dz) = (w[1][0] - w[0][0], w[1][1] - w[0][1]);
                (dx * dx + dz * dz).sqrt()
            })
            .sum()
    }
}

/// Checks every path of a list.
pub fn validate(paths: &[Path]) -> Result<(), PathError> {
    paths
        .iter()
        .enumerate()
        .try_for_each(|(k, p)| p.validate(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_name_the_path_and_field() {
        let good = Path {
            points: vec![[0.0, 0.0], [10.0, 0.0], [10.0, 5.0]],
            ..Default::default()
        };
        assert!(good.validate(0).is_ok());
        assert_eq!(good.length(), 15.0);
        let short = Path {
            points: vec![[0.0, 0.0]],
            ..Default::default()
        };
        assert_eq!(
            validate(&[good.clone(), short]).unwrap_err().to_string(),
            "path 1: points must be a list of 2 to 65536 points (got 1 points)"
        );
        let wide = Path {
            width: 0.0,
            ..good.clone()
        };
        assert_eq!(wide.validate(3).unwrap_err().field, "width");
        let deep = Path {
            height: -1.0,
            ..good.clone()
        };
        assert_eq!(deep.validate(0).unwrap_err().field, "height");
        let nan = Path {
            points: vec![[0.0, f32::NAN], [1.0, 1.0]],
            ..good
        };
        assert_eq!(nan.validate(0).unwrap_err().field, "points");
    }
}
