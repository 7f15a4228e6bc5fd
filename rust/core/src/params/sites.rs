//! Sites: settlements a designer pins on the map, with a tier and a name. The settlements stage
//! places them first; the generated settlements keep their usual spacing from them, and the
//! roads join them to the network. Their JSON form is part of the designer's layout
//! ([`super::layout`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The size class a site asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiteTier {
    /// A village.
    Village,
    /// A town.
    #[default]
    Town,
    /// A city.
    City,
}

impl SiteTier {
    /// Every tier, in the order of the Godot enum.
    pub const ALL: [SiteTier; 3] = [SiteTier::Village, SiteTier::Town, SiteTier::City];
}

/// Longest site name, in characters.
pub const MAX_NAME: usize = 64;

/// A pinned settlement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Site {
    /// World position `[x, z]` of its centre, metres (the map's first cell lies at its origin).
    pub position: [f32; 2],
    /// Its size class.
    pub tier: SiteTier,
    /// Its name; empty for one drawn from the seed, as the generated settlements get.
    pub name: String,
}

/// A site that cannot be used, and why.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("site {index}: {field} must be {expected} (got {got})")]
pub struct SiteError {
    /// The site's place in the list, from 0.
    pub index: usize,
    /// The field at fault.
    pub field: &'static str,
    /// The accepted values, in words.
    pub expected: String,
    /// The rejected value.
    pub got: String,
}

impl Site {
    /// Checks every field; `index` names the site in the error.
    pub fn validate(&self, index: usize) -> Result<(), SiteError> {
        for (k, &v) in self.position.iter().enumerate() {
            if !v.is_finite() {
                return Err(SiteError {
                    index,
                    field: ["position x", "position z"][k],
                    expected: "a finite number".into(),
                    got: format!("{v}"),
                });
            }
        }
        let chars = self.name.chars().count();
        if chars > MAX_NAME {
            return Err(SiteError {
                index,
                field: "name",
                expected: format!("at most {MAX_NAME} characters"),
                got: format!("{chars} characters"),
            });
        }
        Ok(())
    }
}

/// Checks every site of a list.
pub fn validate(sites: &[Site]) -> Result<(), SiteError> {
    sites
        .iter()
        .enumerate()
        .try_for_each(|(k, s)| s.validate(k))
}
