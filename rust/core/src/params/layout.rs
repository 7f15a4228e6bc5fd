//! The designer's layout: the stamps ([`super::stamps`]), the drawn paths ([`super::paths`]) and
//! the pinned settlements ([`super::sites`]) of one map, and their JSON form, read by the command line's `--stamps` and
//! written and read by the Godot terrain (`get_stamps_json()`, `add_stamps_json()`):
//!
//! ```json
//! {"stamps": [{"kind": "raise", "position": [64, 40], "radius": 30, "height": 25,
//!              "falloff": "smooth", "blend": "add", "strength": 1,
//!              "scale": [1, 1], "rotation_degrees": 0}],
//!  "paths": [{"kind": "river", "points": [[10, 20], [60, 50], [120, 60]],
//!             "width": 6, "height": 3}],
//!  "sites": [{"position": [90, 70], "tier": "town", "name": "Oakford"}]}
//! ```
//!
//! Every field but a stamp's or site's `position` and a path's `points` may be left out (its
//! default is used), and so may any of the lists.

use super::limits::{self, LimitError};
use super::paths::{self, Path, PathError};
use super::sites::{self, Site, SiteError};
use super::stamps::{self, Stamp, StampError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The stamps, paths and sites of one map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Layout {
    /// The stamps, laid in order.
    pub stamps: Vec<Stamp>,
    /// The drawn paths: ridges and valleys laid after the stamps, rivers and roads.
    pub paths: Vec<Path>,
    /// The pinned settlements.
    pub sites: Vec<Site>,
}

/// Why a layout cannot be used.
#[derive(Debug, Error)]
pub enum LayoutError {
    /// Not a layout document.
    #[error("stamps JSON: {0}")]
    Syntax(#[from] serde_json::Error),
    /// A stamp out of range.
    #[error(transparent)]
    Stamp(#[from] StampError),
    /// A path out of range.
    #[error(transparent)]
    Path(#[from] PathError),
    /// A site out of range.
    #[error(transparent)]
    Site(#[from] SiteError),
    /// More stamps, paths or sites than [`limits`] allows.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl Layout {
    /// Checks the lengths of the lists ([`limits`]), then every stamp, path and site.
    pub fn validate(&self) -> Result<(), LayoutError> {
        limits::check(&self.stamps, &self.paths, &self.sites)?;
        stamps::validate(&self.stamps)?;
        paths::validate(&self.paths)?;
        sites::validate(&self.sites)?;
        Ok(())
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.stamps.is_empty() && self.paths.is_empty() && self.sites.is_empty()
    }
}

/// Reads and checks a layout document.
pub fn from_json(text: &str) -> Result<Layout, LayoutError> {
    let layout: Layout = serde_json::from_str(text)?;
    layout.validate()?;
    Ok(layout)
}

/// Writes a layout document that [`from_json`] reads back to the same layout.
pub fn to_json(layout: &Layout) -> String {
    serde_json::to_string_pretty(layout).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::sites::SiteTier;
    use crate::params::stamps::{StampBlend, StampFalloff, StampKind};

    #[test]
    fn json_round_trips_and_fills_defaults() {
        let layout = Layout {
            stamps: vec![
                Stamp {
                    kind: StampKind::Crater,
                    position: [10.5, -3.0],
                    radius: 12.0,
                    height: 4.0,
                    falloff: StampFalloff::Dome,
                    blend: StampBlend::Max,
                    strength: 0.5,
                    scale: [2.0, 0.5],
                    rotation_degrees: 30.0,
                },
                Stamp::default(),
            ],
            paths: vec![Path {
                kind: crate::params::paths::PathKind::River,
                points: vec![[1.0, 2.0], [30.0, 40.5]],
                width: 4.0,
                height: 2.0,
            }],
            sites: vec![Site {
                position: [4.0, 5.0],
                tier: SiteTier::City,
                name: "Oakford".into(),
            }],
        };
        assert_eq!(from_json(&to_json(&layout)).unwrap(), layout);
        let read = from_json(r#"{"stamps": [{"kind": "lower", "position": [1, 2], "radius": 5}]}"#)
            .unwrap();
        assert_eq!(read.stamps[0].kind, StampKind::Lower);
        assert_eq!(read.stamps[0].height, Stamp::default().height);
        assert_eq!(read.stamps[0].blend, StampBlend::Add);
        assert!(read.sites.is_empty() && read.paths.is_empty());
        let read =
            from_json(r#"{"paths": [{"kind": "road", "points": [[0, 0], [5, 5]]}]}"#).unwrap();
        assert_eq!(read.paths[0].width, Path::default().width);
        let read = from_json(r#"{"sites": [{"position": [1, 2]}]}"#).unwrap();
        assert_eq!(read.sites[0].tier, SiteTier::Town);
        assert!(read.sites[0].name.is_empty() && read.stamps.is_empty());
        assert!(from_json("{}").unwrap().is_empty());
    }

    #[test]
    fn bad_stamps_and_sites_are_named_errors() {
        let e = from_json(r#"{"stamps": [{}, {"radius": -1}]}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "stamp 1: radius must be over 0 and at most 100000 m (got -1)"
        );
        let e = from_json(r#"{"stamps": [{"kind": "volcano"}]}"#).unwrap_err();
        assert!(e.to_string().contains("volcano"), "{e}");
        let e = from_json(r#"{"stamps": [{"radius": 3, "colour": 1}]}"#).unwrap_err();
        assert!(e.to_string().contains("colour"), "{e}");
        let e = from_json(r#"{"paths": [{"points": [[0, 0], [1, 1]], "width": -2}]}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "path 0: width must be over 0 and at most 100000 m (got -2)"
        );
        let e = from_json(r#"{"sites": [{"tier": "metropolis"}]}"#).unwrap_err();
        assert!(e.to_string().contains("metropolis"), "{e}");
        let long = "x".repeat(65);
        let e = from_json(&format!(r#"{{"sites": [{{"name": "{long}"}}]}}"#)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "site 0: name must be at most 64 characters (got 65 characters)"
        );
        let many = format!(r#"{{"sites": [{}]}}"#, vec!["{}"; 257].join(","));
        let e = from_json(&many).unwrap_err();
        assert_eq!(
            e.to_string(),
            "257 sites is more than the limit of 256 (MAX_SITES)"
        );
        let bad = Stamp {
            strength: 1.5,
            ..Default::default()
        };
        assert_eq!(bad.validate(0).unwrap_err().field, "strength");
    }
}
