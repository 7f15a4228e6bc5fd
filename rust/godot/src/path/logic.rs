//! The paths' plain logic: their configuration warnings.

use crate::stamp::StampFrame;
use donjourno::params::paths::{Path, PathKind};

/// Whether a path's line, widened by its width, reaches any part of the map in `frame`.
pub fn reaches(frame: &StampFrame, path: &Path) -> bool {
    let r = path.width;
    (0..2).all(|k| {
        let lo = frame.origin[k] - 0.5 * frame.cell_size;
        let hi = lo + frame.extent[k];
        let (min, max) = path
            .points
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), p| {
                (a.min(p[k]), b.max(p[k]))
            });
        max + r > lo && min - r < hi
    })
}

/// A path's configuration warnings, as plain Rust: `place` is `None` off a terrain, else the
/// path and its terrain's frame (`None` without a valid generator) and whether the terrain's
/// settlements are on.
pub fn warnings(name: &str, place: Option<(Option<(Path, StampFrame)>, bool)>) -> Vec<String> {
    let Some((path, settlements)) = place else {
        return vec![
            "A DonjournoPath shapes the ground of its parent: make it a child of a DonjournoTerrain."
                .to_owned(),
        ];
    };
    let mut out = Vec::new();
    if path.as_ref().is_some_and(|(p, _)| p.kind == PathKind::Road) && !settlements {
        out.push(format!(
            "Path \"{name}\" is a road: it makes nothing while the generator's settlements_enabled is off."
        ));
    }
    let Some((path, frame)) = path else {
        return out;
    };
    if path.points.len() < 2 {
        out.push(format!(
            "Path \"{name}\" needs at least two points: draw them with the curve tools of the 3D view's toolbar."
        ));
    } else if let Err(e) = path.validate(0) {
        out.push(format!(
            "Path \"{name}\": {} must be {} (got {}).",
            e.field, e.expected, e.got
        ));
    } else if !reaches(&frame, &path) {
        out.push(format!(
            "Path \"{name}\" lies off the terrain's map: it shapes nothing."
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_name_the_path_and_what_is_wrong() {
        let frame = StampFrame {
            origin: [0.0, 0.0],
            cell_size: 1.0,
            extent: [64.0, 64.0],
        };
        let river = Path {
            kind: PathKind::River,
            points: vec![[10.0, 10.0], [50.0, 40.0]],
            ..Default::default()
        };
        let place = |p: &Path, settlements| Some((Some((p.clone(), frame)), settlements));
        assert!(warnings("Brook", place(&river, false)).is_empty());
        assert!(warnings("Brook", None)[0].contains("child of a DonjournoTerrain"));
        let lone = Path {
            points: vec![[1.0, 1.0]],
            ..river.clone()
        };
        assert!(warnings("Brook", place(&lone, true))[0].contains("at least two points"));
        let wide = Path {
            width: -1.0,
            ..river.clone()
        };
        assert_eq!(
            warnings("Brook", place(&wide, true)),
            ["Path \"Brook\": width must be over 0 and at most 100000 m (got -1)."]
        );
        let far = Path {
            points: vec![[200.0, 10.0], [300.0, 40.0]],
            ..river.clone()
        };
        assert!(warnings("Brook", place(&far, true))[0].contains("off the terrain's map"));
        let near = Path {
            points: vec![[70.0, 10.0], [80.0, 40.0]],
            width: 10.0,
            ..river.clone()
        };
        assert!(
            warnings("Brook", place(&near, true)).is_empty(),
            "its width reaches the map"
        );
        let road = Path {
            kind: PathKind::Road,
            ..river
        };
        let w = warnings("Lane", place(&road, false));
        assert!(
            w.len() == 1 && w[0].contains("settlements_enabled"),
            "{w:?}"
        );
        assert!(warnings("Lane", place(&road, true)).is_empty());
    }
}
