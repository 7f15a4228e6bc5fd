//! Generation parameters: one `serde` struct per layer, the top-level [`GeneratorParams`], presets
//! and validation.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Largest accepted width or depth, in cells.
pub const MAX_SIDE: u32 = 4096;
/// Largest accepted droplet count.
pub const MAX_DROPLETS: u32 = 20_000_000;
/// Largest accepted peak height, in height units.
pub const MAX_PEAK_HEIGHT: f32 = 1000.0;

/// A parameter outside its accepted range.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{field} must be {expected} (got {got})")]
pub struct ParamError {
    /// The parameter's name as it appears in presets (`erosion.dt`, `width`, …).
    pub field: &'static str,
    /// The accepted range, in words.
    pub expected: String,
    /// The rejected value, formatted.
    pub got: String,
}

fn check_f32(
    field: &'static str,
    v: f32,
    lo: f32,
    hi: f32,
    lo_open: bool,
) -> Result<(), ParamError> {
    let ok = v.is_finite() && if lo_open { v > lo } else { v >= lo } && v <= hi;
    if ok {
        Ok(())
    } else {
        let open = if lo_open { "(" } else { "[" };
        Err(ParamError {
            field,
            expected: format!("a number in {open}{lo}, {hi}]"),
            got: v.to_string(),
        })
    }
}

fn check_u32(field: &'static str, v: u32, lo: u32, hi: u32) -> Result<(), ParamError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(ParamError {
            field,
            expected: format!("a whole number in [{lo}, {hi}]"),
            got: v.to_string(),
        })
    }
}

/// Droplet erosion constants (seed defaults, tuned from SimpleErosion).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ErosionParams {
    /// Integration time step.
    pub dt: f32,
    /// Fraction of speed lost per unit time.
    pub friction: f32,
    /// Droplet density (mass = volume × density).
    pub density: f32,
    /// Rate at which carried sediment approaches its capacity.
    pub deposition_rate: f32,
    /// Fraction of volume lost per unit time.
    pub evaporation_rate: f32,
    /// Volume below which a droplet dies.
    pub min_volume: f32,
}

impl Default for ErosionParams {
    fn default() -> Self {
        ErosionParams {
            dt: 1.2,
            friction: 0.05,
            density: 1.0,
            deposition_rate: 0.1,
            evaporation_rate: 0.01,
            min_volume: 0.01,
        }
    }
}

impl ErosionParams {
    /// Checks every constant, including the products with `dt` that keep the integration stable.
    pub fn validate(&self) -> Result<(), ParamError> {
        check_f32("erosion.dt", self.dt, 0.0, 10.0, true)?;
        check_f32("erosion.friction", self.friction, 0.0, 1.0, false)?;
        check_f32("erosion.density", self.density, 0.0, 100.0, true)?;
        check_f32(
            "erosion.deposition_rate",
            self.deposition_rate,
            0.0,
            1.0,
            false,
        )?;
        check_f32(
            "erosion.evaporation_rate",
            self.evaporation_rate,
            0.0,
            1.0,
            true,
        )?;
        check_f32("erosion.min_volume", self.min_volume, 0.0, 1.0, true)?;
        for (field, rate) in [
            ("erosion.dt × erosion.friction", self.friction),
            ("erosion.dt × erosion.deposition_rate", self.deposition_rate),
            (
                "erosion.dt × erosion.evaporation_rate",
                self.evaporation_rate,
            ),
        ] {
            check_f32(field, self.dt * rate, 0.0, 1.0, false)?;
        }
        Ok(())
    }
}

/// Parameters of the [`HybridTerrain`](crate::layers::HybridTerrain) layer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TerrainParams {
    /// Fraction of cells that form the mountain pool, `0..=1`.
    pub coverage: f32,
    /// Height of the highest possible summit, in height units.
    pub peak_height: f32,
    /// Number of erosion droplets.
    pub droplets: u32,
    /// Droplet physics.
    pub erosion: ErosionParams,
}

impl Default for TerrainParams {
    fn default() -> Self {
        TerrainParams {
            coverage: 0.45,
            peak_height: 1.0,
            droplets: 16_000,
            erosion: ErosionParams::default(),
        }
    }
}

impl TerrainParams {
    /// Checks coverage, peak height, droplet count and the erosion constants.
    pub fn validate(&self) -> Result<(), ParamError> {
        check_f32("coverage", self.coverage, 0.0, 1.0, false)?;
        check_f32("peak_height", self.peak_height, 0.0, MAX_PEAK_HEIGHT, true)?;
        check_u32("droplets", self.droplets, 0, MAX_DROPLETS)?;
        self.erosion.validate()
    }
}

/// Parameters of the [`ForestMask`](crate::layers::ForestMask) layer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ForestMaskParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
}

impl Default for ForestMaskParams {
    fn default() -> Self {
        ForestMaskParams {
            height_limit: 0.6,
            steepness: 2.0,
        }
    }
}

impl ForestMaskParams {
    /// Checks the height limit and the exponent.
    pub fn validate(&self) -> Result<(), ParamError> {
        check_f32(
            "forest.height_limit",
            self.height_limit,
            0.0,
            MAX_PEAK_HEIGHT,
            true,
        )?;
        check_f32("forest.steepness", self.steepness, 0.0, 16.0, true)
    }
}

/// Parameters of the [`ForestPlacement`](crate::layers::ForestPlacement) layer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ForestPlacementParams {
    /// Probability of a tree on a fully fertile cell, `0..=1`.
    pub density: f32,
}

impl Default for ForestPlacementParams {
    fn default() -> Self {
        ForestPlacementParams { density: 0.4 }
    }
}

impl ForestPlacementParams {
    /// Checks the density.
    pub fn validate(&self) -> Result<(), ParamError> {
        check_f32("forest.density", self.density, 0.0, 1.0, false)
    }
}

/// Forest parameters as presented to users: the mask and the placement together.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ForestParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
    /// Probability of a tree on a fully fertile cell.
    pub density: f32,
}

impl Default for ForestParams {
    fn default() -> Self {
        let mask = ForestMaskParams::default();
        ForestParams {
            height_limit: mask.height_limit,
            steepness: mask.steepness,
            density: ForestPlacementParams::default().density,
        }
    }
}

impl ForestParams {
    /// The mask layer's share.
    pub fn mask(&self) -> ForestMaskParams {
        ForestMaskParams {
            height_limit: self.height_limit,
            steepness: self.steepness,
        }
    }

    /// The placement layer's share.
    pub fn placement(&self) -> ForestPlacementParams {
        ForestPlacementParams {
            density: self.density,
        }
    }
}

/// Parameters of the [`Hydrology`](crate::layers::Hydrology) layer and of the lake-aware erosion.
///
/// Heights are in height units (the flat ground outside the mountains lies at 0). Accumulation
/// counts the mountain cells (above the mountain threshold) upstream of a cell, itself included:
/// rain on low ground soaks in, so rivers rise in the mountains and cross the flat ground to the
/// map border, a lake or the sea.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WaterParams {
    /// Fill depressions with lakes.
    pub lakes_enabled: bool,
    /// Fewest cells a lake may have; smaller depressions stay dry.
    pub min_lake_cells: u32,
    /// Smallest depth (level minus the deepest bed) a lake may have, in height units.
    pub min_lake_depth: f32,
    /// Erosion droplets that reach a lake continue from its outflow (seed 001); needs lakes.
    pub lake_erosion: bool,
    /// Mark and carve rivers.
    pub rivers_enabled: bool,
    /// A cell whose accumulation exceeds this many mountain cells is a river.
    pub river_threshold: u32,
    /// Carving depth of a river at the threshold, in height units; it grows with the square root
    /// of the accumulation, up to four times this.
    pub river_depth: f32,
    /// Cells whose filled level lies strictly below this are sea (0: no sea).
    pub sea_level: f32,
}

impl Default for WaterParams {
    fn default() -> Self {
        WaterParams {
            lakes_enabled: true,
            min_lake_cells: 6,
            min_lake_depth: 0.01,
            lake_erosion: true,
            rivers_enabled: true,
            river_threshold: 200,
            river_depth: 0.01,
            sea_level: 0.0,
        }
    }
}

impl WaterParams {
    /// Checks the lake filters, the river threshold and depth, and the sea level.
    pub fn validate(&self) -> Result<(), ParamError> {
        let max_cells = MAX_SIDE * MAX_SIDE;
        check_u32("water.min_lake_cells", self.min_lake_cells, 1, max_cells)?;
        check_f32(
            "water.min_lake_depth",
            self.min_lake_depth,
            0.0,
            MAX_PEAK_HEIGHT,
            false,
        )?;
        check_u32("water.river_threshold", self.river_threshold, 1, max_cells)?;
        check_f32("water.river_depth", self.river_depth, 0.0, 1.0, false)?;
        check_f32(
            "water.sea_level",
            self.sea_level,
            0.0,
            MAX_PEAK_HEIGHT,
            false,
        )
    }

    /// The lakes to mark: at least `min_lake_cells` cells, `min_lake_depth` deep, not below the
    /// sea.
    pub fn lake_filter(&self) -> crate::hydrology::LakeFilter {
        crate::hydrology::LakeFilter {
            min_cells: self.min_lake_cells,
            min_depth: self.min_lake_depth,
            sea_level: self.sea_level,
        }
    }

    /// The lake filter for erosion when droplets continue through lakes, else `None`.
    pub fn erosion_lakes(&self) -> Option<crate::hydrology::LakeFilter> {
        (self.lakes_enabled && self.lake_erosion).then(|| self.lake_filter())
    }

    /// Whether the layer has anything to do.
    pub fn any_water(&self) -> bool {
        self.lakes_enabled || self.rivers_enabled || self.sea_level > 0.0
    }
}

/// Everything that determines a generated grid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GeneratorParams {
    /// Master seed; each layer derives its own stream from it.
    pub seed: u64,
    /// Cells along x, `1..=MAX_SIDE`.
    pub width: u32,
    /// Cells along z, `1..=MAX_SIDE`.
    pub depth: u32,
    /// Mountains: coverage, peak height, erosion.
    pub terrain: TerrainParams,
    /// Forest mask and placement.
    pub forest: ForestParams,
    /// Lakes, rivers, sea and the lake-aware erosion.
    pub water: WaterParams,
}

impl Default for GeneratorParams {
    fn default() -> Self {
        GeneratorParams {
            seed: 1,
            width: 128,
            depth: 128,
            terrain: TerrainParams::default(),
            forest: ForestParams::default(),
            water: WaterParams::default(),
        }
    }
}

impl GeneratorParams {
    /// Checks every field; the first value out of range is reported.
    pub fn validate(&self) -> Result<(), ParamError> {
        check_u32("width", self.width, 1, MAX_SIDE)?;
        check_u32("depth", self.depth, 1, MAX_SIDE)?;
        self.terrain.validate()?;
        self.forest.mask().validate()?;
        self.forest.placement().validate()?;
        self.water.validate()
    }

    /// Reads parameters from JSON; missing fields take their defaults, unknown fields are errors.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Writes the parameters as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("parameters always serialise")
    }

    /// A built-in preset by name (see [`PRESETS`]).
    pub fn preset(name: &str) -> Option<Self> {
        PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, json)| Self::from_json(json).expect("built-in presets parse"))
    }
}

/// Built-in presets as `(name, JSON)`.
pub const PRESETS: &[(&str, &str)] = &[
    ("default", include_str!("../presets/default.json")),
    ("island", include_str!("../presets/island.json")),
    ("highlands", include_str!("../presets/highlands.json")),
    (
        "tabletop_plains",
        include_str!("../presets/tabletop_plains.json"),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_presets_parse() {
        GeneratorParams::default().validate().unwrap();
        for (name, _) in PRESETS {
            GeneratorParams::preset(name).unwrap().validate().unwrap();
        }
        assert_eq!(
            GeneratorParams::preset("default").unwrap(),
            GeneratorParams::default()
        );
    }

    #[test]
    fn json_round_trip_and_unknown_fields() {
        let p = GeneratorParams {
            seed: 99,
            ..Default::default()
        };
        assert_eq!(GeneratorParams::from_json(&p.to_json()).unwrap(), p);
        assert!(GeneratorParams::from_json(r#"{"sede": 3}"#).is_err());
        let partial = GeneratorParams::from_json(r#"{"width": 64}"#).unwrap();
        assert_eq!(partial.width, 64);
        assert_eq!(partial.depth, 128);
    }

    #[test]
    fn out_of_range_values_name_their_field() {
        let bad = [
            (
                GeneratorParams {
                    width: 0,
                    ..Default::default()
                },
                "width",
            ),
            (
                GeneratorParams {
                    depth: MAX_SIDE + 1,
                    ..Default::default()
                },
                "depth",
            ),
        ];
        for (p, field) in bad {
            assert_eq!(p.validate().unwrap_err().field, field);
        }
        let mut p = GeneratorParams::default();
        p.terrain.coverage = f32::NAN;
        assert_eq!(p.validate().unwrap_err().field, "coverage");
        p.terrain.coverage = 1.5;
        assert!(p
            .validate()
            .unwrap_err()
            .to_string()
            .contains("coverage must be"));
        let mut p = GeneratorParams::default();
        p.terrain.erosion.deposition_rate = -0.1;
        assert_eq!(p.validate().unwrap_err().field, "erosion.deposition_rate");
        let mut p = GeneratorParams::default();
        p.terrain.droplets = MAX_DROPLETS + 1;
        assert_eq!(p.validate().unwrap_err().field, "droplets");
        let mut p = GeneratorParams::default();
        p.terrain.erosion.dt = 5.0;
        p.terrain.erosion.friction = 0.5;
        assert_eq!(
            p.validate().unwrap_err().field,
            "erosion.dt × erosion.friction"
        );
    }
}
