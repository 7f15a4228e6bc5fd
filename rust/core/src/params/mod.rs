//! Generation parameters: one struct per layer, the top-level [`GeneratorParams`], presets and
//! validation, all driven by one table of declarations ([`declare`]).
//!
//! Each parameter is declared once, with its one name (`erosion_dt`: the Godot property, the JSON
//! key `erosion.dt` and the command-line flag `--erosion-dt`), its group, type, default, accepted
//! range, editor slider, unit and documentation. Defaults, [`GeneratorParams::validate`] and its
//! error messages, the JSON format ([`json`]), the command-line flags, the Godot properties and
//! the README tables ([`markdown`]) all come from the table.

/// Reader and writer of a field, for a declaration: `field!(F32: terrain.erosion.dt)`.
macro_rules! field {
    ($kind:ident: $($f:ident).+) => {
        Access::$kind(|p| &p.$($f).+, |p| &mut p.$($f).+)
    };
}

pub mod declare;
pub mod entry;
pub mod json;
pub mod markdown;
pub mod mesh_settings;
pub mod table;

pub use declare::{GENERATOR, GENERATOR_PRODUCTS, GROUPS, MODEL_GROUPS};
pub use entry::Declared;
pub use json::JsonError;
pub use mesh_settings::{
    generator_entries, mesh_defaults, mesh_from_json, terrain_entries, validate_mesh, MESH_TABLE,
};
pub use table::{Alias, Group, Kind, Param, Range, Slider, Unit, Value};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
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
    /// The parameter's name (`erosion_dt`, `width`), or for a product of two, both names
    /// (`erosion_dt × erosion_friction`).
    pub field: &'static str,
    /// The accepted range, in words.
    pub expected: String,
    /// The rejected value, formatted.
    pub got: String,
}

/// Droplet erosion constants (seed defaults, tuned from SimpleErosion).
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// Parameters of the [`HybridTerrain`](crate::layers::HybridTerrain) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// Parameters of the [`ForestMask`](crate::layers::ForestMask) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestMaskParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
}

/// Parameters of the [`ForestPlacement`](crate::layers::ForestPlacement) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestPlacementParams {
    /// Probability of a tree on a fully fertile cell, `0..=1`.
    pub density: f32,
}

/// Forest parameters as presented to users: the mask and the placement together.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
    /// Probability of a tree on a fully fertile cell.
    pub density: f32,
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
#[derive(Clone, Copy, Debug, PartialEq)]
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

impl WaterParams {
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

/// How the land rises: the first stage of the pipeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeightModel {
    /// Seed 000: mountains inside a coverage mask, flat land around them.
    #[default]
    Pool = 0,
    /// Seed 004: spatial subdivision of a random 2×2 array, a sea at the mean height.
    Subdivision = 1,
    /// Seed 003 §1–2: continents, ranges and river valleys from the climate fields.
    Continents = 2,
}

impl HeightModel {
    /// Every model, in the order of their numeric values.
    pub const ALL: [HeightModel; 3] = [
        HeightModel::Pool,
        HeightModel::Subdivision,
        HeightModel::Continents,
    ];
    /// Their names, as the JSON value, the command-line value and the Godot enum hint.
    pub const NAMES: [&'static str; 3] = ["pool", "subdivision", "continents"];

    /// The model's name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Parameters of the subdivision model (seed 004).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubdivisionParams {
    /// `p1`: the first iteration's random offsets lie in `[−p1, p1]`.
    pub amplitude: f32,
    /// `p2`: the amplitude is divided by `2^p2` at each iteration.
    pub decay: f32,
    /// Sea level above the mean height, as a fraction of the peak height.
    pub sea_offset: f32,
}

/// Parameters of the continents model (seed 003 §1–2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContinentsParams {
    /// Added to the continentalness before its spline.
    pub land_bias: f32,
    /// Height of the mountain ranges relative to the peak height.
    pub mountains: f32,
    /// Band of the river noise around 0 that carves valleys (0: none).
    pub river_width: f32,
}

/// Parameters of the climate fields (temperature and moisture), for every model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClimateParams {
    /// Multiplier of every field's scale.
    pub feature_scale: f32,
    /// Mean temperature at sea level, °C.
    pub sea_temperature: f32,
    /// Largest departure of the temperature field from the mean, °C.
    pub temperature_range: f32,
    /// Direction the wind blows towards, degrees clockwise from +z seen from above.
    pub wind_direction: f32,
    /// Moisture lost in the lee of high ground, `0..=1`.
    pub rain_shadow: f32,
}

/// Parameters of the biomes (seed 003 §3–4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BiomeParams {
    /// Classify biomes, grow their trees and colour their ground.
    pub enabled: bool,
    /// Width of the transitions between climate biomes, in climate-space units.
    pub blend: f32,
    /// Temperature (°C) below which snow lies.
    pub snowline: f32,
}

/// Everything that determines a generated grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GeneratorParams {
    /// Master seed; each layer derives its own stream from it.
    pub seed: u64,
    /// Cells along x, `1..=MAX_SIDE`.
    pub width: u32,
    /// Cells along z, `1..=MAX_SIDE`.
    pub depth: u32,
    /// World size of one cell, metres.
    pub cell_size: f32,
    /// World units per height unit.
    pub height_scale: f32,
    /// How the land rises.
    pub height_model: HeightModel,
    /// Border width, in cells, over which land fades out (0: off).
    pub edge_falloff: u32,
    /// World x of the first cell, metres.
    pub origin_x: f32,
    /// World z of the first cell, metres.
    pub origin_z: f32,
    /// The subdivision model.
    pub subdivision: SubdivisionParams,
    /// The continents model.
    pub continents: ContinentsParams,
    /// Temperature and moisture.
    pub climate: ClimateParams,
    /// Biomes.
    pub biomes: BiomeParams,
    /// Mountains: coverage, peak height, erosion.
    pub terrain: TerrainParams,
    /// Forest mask and placement.
    pub forest: ForestParams,
    /// Lakes, rivers, sea and the lake-aware erosion.
    pub water: WaterParams,
}

impl GeneratorParams {
    /// Every field zero or off; [`Default`] fills in the declared defaults.
    const BLANK: GeneratorParams = GeneratorParams {
        seed: 0,
        width: 0,
        depth: 0,
        cell_size: 0.0,
        height_scale: 0.0,
        height_model: HeightModel::Pool,
        edge_falloff: 0,
        origin_x: 0.0,
        origin_z: 0.0,
        subdivision: SubdivisionParams {
            amplitude: 0.0,
            decay: 0.0,
            sea_offset: 0.0,
        },
        continents: ContinentsParams {
            land_bias: 0.0,
            mountains: 0.0,
            river_width: 0.0,
        },
        biomes: BiomeParams {
            enabled: false,
            blend: 0.0,
            snowline: 0.0,
        },
        climate: ClimateParams {
            feature_scale: 0.0,
            sea_temperature: 0.0,
            temperature_range: 0.0,
            wind_direction: 0.0,
            rain_shadow: 0.0,
        },
        terrain: TerrainParams {
            coverage: 0.0,
            peak_height: 0.0,
            droplets: 0,
            erosion: ErosionParams {
                dt: 0.0,
                friction: 0.0,
                density: 0.0,
                deposition_rate: 0.0,
                evaporation_rate: 0.0,
                min_volume: 0.0,
            },
        },
        forest: ForestParams {
            height_limit: 0.0,
            steepness: 0.0,
            density: 0.0,
        },
        water: WaterParams {
            lakes_enabled: false,
            min_lake_cells: 0,
            min_lake_depth: 0.0,
            lake_erosion: false,
            rivers_enabled: false,
            river_threshold: 0,
            river_depth: 0.0,
            sea_level: 0.0,
        },
    };

    /// Checks every parameter in table order, then the products with `erosion_dt`; the first
    /// value out of range is reported, by its name.
    pub fn validate(&self) -> Result<(), ParamError> {
        table::validate(GENERATOR, GENERATOR_PRODUCTS, self)
    }

    /// Reads parameters from JSON; missing keys take their defaults, unknown keys are errors.
    /// Values are not range-checked here: see [`Self::validate`].
    pub fn from_json(text: &str) -> Result<Self, JsonError> {
        let mut params = Self::default();
        json::read(GENERATOR, &mut params, text)?;
        Ok(params)
    }

    /// Writes the parameters as pretty-printed JSON, one object per group.
    pub fn to_json(&self) -> String {
        json::write(GENERATOR, self)
    }

    /// Whether the parameter `name` shapes the terrain under the chosen height model: the
    /// parameters of another model's group ([`MODEL_GROUPS`]) do not. Unknown names are `true`.
    pub fn is_active(&self, name: &str) -> bool {
        match table::find(GENERATOR, name) {
            Some(p) => MODEL_GROUPS
                .iter()
                .position(|g| *g == p.group)
                .is_none_or(|model| model == self.height_model as usize),
            None => true,
        }
    }

    /// `mesh` with this map's world scale (`cell_size`, `height_scale`).
    pub fn mesh_params(&self, mesh: crate::mesh::MeshParams) -> crate::mesh::MeshParams {
        crate::mesh::MeshParams {
            cell_size: self.cell_size,
            height_scale: self.height_scale,
            ..mesh
        }
    }

    /// A built-in preset by name (see [`PRESETS`]).
    pub fn preset(name: &str) -> Option<Self> {
        PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, json)| Self::from_json(json).expect("built-in presets parse"))
    }
}

impl Default for GeneratorParams {
    fn default() -> Self {
        let mut params = Self::BLANK;
        table::apply_defaults(GENERATOR, &mut params);
        params
    }
}

/// Default and validation of a per-layer struct stored at `$($field).+` of [`GeneratorParams`]:
/// validation embeds it in the default parameters, so that only its own fields can fail.
macro_rules! part {
    ($ty:ty: $($field:ident).+, $what:literal) => {
        impl Default for $ty {
            fn default() -> Self {
                GeneratorParams::default().$($field).+
            }
        }

        impl $ty {
            #[doc = concat!("Checks ", $what, "; errors name the parameters as declared.")]
            pub fn validate(&self) -> Result<(), ParamError> {
                let mut params = GeneratorParams::default();
                params.$($field).+ = *self;
                params.validate()
            }
        }
    };
}

part!(ErosionParams: terrain.erosion, "the erosion constants and their products with `erosion_dt`");
part!(TerrainParams: terrain, "coverage, peak height, droplet count and the erosion constants");
part!(ForestParams: forest, "the forest parameters");
part!(SubdivisionParams: subdivision, "the subdivision model's parameters");
part!(ContinentsParams: continents, "the continents model's parameters");
part!(ClimateParams: climate, "the climate parameters");
part!(BiomeParams: biomes, "the biome parameters");
part!(WaterParams: water, "the lake filters, the river threshold and depth, and the sea level");

impl Default for ForestMaskParams {
    fn default() -> Self {
        ForestParams::default().mask()
    }
}

impl ForestMaskParams {
    /// Checks the height limit and the exponent.
    pub fn validate(&self) -> Result<(), ParamError> {
        let forest = ForestParams {
            height_limit: self.height_limit,
            steepness: self.steepness,
            ..ForestParams::default()
        };
        forest.validate()
    }
}

impl Default for ForestPlacementParams {
    fn default() -> Self {
        ForestParams::default().placement()
    }
}

impl ForestPlacementParams {
    /// Checks the density.
    pub fn validate(&self) -> Result<(), ParamError> {
        let forest = ForestParams {
            density: self.density,
            ..ForestParams::default()
        };
        forest.validate()
    }
}

/// Serialises as [`GeneratorParams::to_json`] writes.
impl Serialize for GeneratorParams {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        json::Ser {
            table: GENERATOR,
            values: self,
            group: None,
        }
        .serialize(serializer)
    }
}

/// Deserialises as [`GeneratorParams::from_json`] reads.
impl<'de> Deserialize<'de> for GeneratorParams {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let mut params = Self::default();
        json::read_value(GENERATOR, &mut params, &value).map_err(serde::de::Error::custom)?;
        Ok(params)
    }
}

/// Built-in presets as `(name, JSON)`.
pub const PRESETS: &[(&str, &str)] = &[
    ("default", include_str!("../../presets/default.json")),
    ("island", include_str!("../../presets/island.json")),
    ("highlands", include_str!("../../presets/highlands.json")),
    (
        "tabletop_plains",
        include_str!("../../presets/tabletop_plains.json"),
    ),
    (
        "archipelago",
        include_str!("../../presets/archipelago.json"),
    ),
    ("continent", include_str!("../../presets/continent.json")),
    (
        "fractal_highlands",
        include_str!("../../presets/fractal_highlands.json"),
    ),
];

#[cfg(test)]
mod json_tests;
#[cfg(test)]
mod tests;
