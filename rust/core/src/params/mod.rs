//! Generation parameters: one struct per layer, the top-level [`GeneratorParams`], presets and
//! validation, all driven by one table of declarations ([`declare`]).
//!
//! Each parameter is declared once, with its one name (`erosion_dt`: the Godot property, the JSON
//! key `erosion.dt` and the command-line flag `--erosion-dt`), its group, type, default, accepted
//! range, editor slider, unit and documentation. Defaults, [`GeneratorParams::validate`] and its
//! error messages, the JSON format ([`json`]), the command-line flags, the Godot properties and
//! the reference tables ([`markdown`]) all come from the table.

/// Reader and writer of a field, for a declaration: `field!(F32: terrain.erosion.dt)`.
macro_rules! field {
    ($kind:ident: $($f:ident).+) => {
        Access::$kind(|p| &p.$($f).+, |p| &mut p.$($f).+)
    };
}

pub mod cells;
mod choices;
pub mod declare;
pub mod entry;
pub mod json;
mod layers;
pub mod layout;
pub mod limits;
pub mod markdown;
pub mod mesh;
pub mod mesh_settings;
mod parts;
pub mod paths;
pub mod sites;
pub mod stamps;
pub mod table;

pub use choices::{GroundStyle, HeightModel, WorldMode};
pub use declare::{FileInput, FILE_INPUTS, GENERATOR, GENERATOR_PRODUCTS, GROUPS, MODEL_GROUPS};
pub use entry::Declared;
pub use json::JsonError;
pub use layers::{
    BiomeParams, ClimateParams, ContinentsParams, ErosionParams, ForestMaskParams, ForestParams,
    ForestPlacementParams, ImageParams, LakeFilter, LandscapeParams, SettlementParams,
    SubdivisionParams, TerrainParams, WaterParams,
};
pub use mesh::{CollisionParams, MeshParams, MeshSettings, NavigationParams};
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
/// Most cells a subdivision square spans (`subdivision_square_size ÷ cell_size`) under the
/// subdivision model: the model subdivides a whole square down to the cell, so its lattice has
/// `(2^k + 1)²` points for a square `2^k` cells across (8193² points, 537 MB, at this limit; a
/// square a million cells across, which the two ranges alone allow, would need terabytes).
pub const MAX_SQUARE_CELLS: f32 = 8192.0;

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
    /// Border width, metres, over which land fades out (0: off).
    pub edge_falloff_width: f32,
    /// World x of the first cell, metres.
    pub origin_x: f32,
    /// World z of the first cell, metres.
    pub origin_z: f32,
    /// One bounded map, or a window of an endless world.
    pub world_mode: WorldMode,
    /// Side of a streamed tile of an endless world, in cells.
    pub tile_size: u32,
    /// Tiles loaded around the stream target of an endless world, in tiles from its tile.
    pub stream_radius: u32,
    /// The subdivision model.
    pub subdivision: SubdivisionParams,
    /// The continents model.
    pub continents: ContinentsParams,
    /// The image model.
    pub image: ImageParams,
    /// Temperature and moisture.
    pub climate: ClimateParams,
    /// Biomes.
    pub biomes: BiomeParams,
    /// Mountains: coverage, peak height, erosion.
    pub terrain: TerrainParams,
    /// The landscape evolution between the height model and droplet erosion.
    pub landscape: LandscapeParams,
    /// Forest mask and placement.
    pub forest: ForestParams,
    /// Lakes, rivers, sea and the lake-aware erosion.
    pub water: WaterParams,
    /// Settlements and roads.
    pub settlements: SettlementParams,
    /// How the ground is coloured.
    pub ground_style: GroundStyle,
}

impl GeneratorParams {
    /// Sets the droplet density that runs `droplets` erosion droplets on this map (its size set
    /// before).
    pub fn set_droplet_count(&mut self, droplets: u32) {
        let cells = f64::from(self.width) * f64::from(self.depth);
        self.terrain.droplet_density = if cells > 0.0 {
            (f64::from(droplets) / cells) as f32
        } else {
            0.0
        };
    }

    /// The parameters with the stages that need a bounded map off, in infinite mode: no erosion
    /// droplets, no landscape evolution (not yet supported on endless tiles), no lakes (nor
    /// lake-aware erosion), no accumulation rivers, no edge falloff, no settlements (their places
    /// and roads are chosen over the whole map). Bounded parameters come back unchanged.
    pub fn infinite_rules(&self) -> GeneratorParams {
        let mut p = *self;
        if p.world_mode == WorldMode::Infinite {
            p.terrain.droplet_density = 0.0;
            p.landscape.age = 0.0;
            p.water.lakes_enabled = false;
            p.water.lake_erosion = false;
            p.water.rivers_enabled = false;
            p.edge_falloff_width = 0.0;
            p.settlements.enabled = false;
        }
        p
    }

    /// Every field zero or off; [`Default`] fills in the declared defaults.
    const BLANK: GeneratorParams = GeneratorParams {
        seed: 0,
        width: 0,
        depth: 0,
        cell_size: 0.0,
        height_scale: 0.0,
        height_model: HeightModel::Pool,
        edge_falloff_width: 0.0,
        origin_x: 0.0,
        origin_z: 0.0,
        world_mode: WorldMode::Bounded,
        tile_size: 0,
        stream_radius: 0,
        subdivision: SubdivisionParams {
            amplitude: 0.0,
            decay: 0.0,
            sea_offset: 0.0,
            square_size: 0.0,
        },
        continents: ContinentsParams {
            land_bias: 0.0,
            mountains: 0.0,
            river_width: 0.0,
        },
        image: ImageParams {
            sea_level: 0.0,
            stretch: false,
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
            patch_size: 0.0,
            feature_size: 0.0,
            edge_width: 0.0,
            peak_height: 0.0,
            droplet_density: 0.0,
            erosion_max_cells: 0,
            erosion: ErosionParams {
                dt: 0.0,
                friction: 0.0,
                density: 0.0,
                deposition_rate: 0.0,
                evaporation_rate: 0.0,
                min_volume: 0.0,
            },
        },
        landscape: LandscapeParams {
            strength: 0.0,
            valley_width: 0.0,
            repose_angle: 0.0,
            age: 0.0,
        },
        forest: ForestParams {
            height_limit: 0.0,
            steepness: 0.0,
            cover: 0.0,
        },
        water: WaterParams {
            lakes_enabled: false,
            min_lake_area: 0.0,
            min_lake_depth: 0.0,
            lake_erosion: false,
            rivers_enabled: false,
            river_catchment: 0.0,
            river_depth: 0.0,
            sea_level: 0.0,
        },
        settlements: SettlementParams {
            enabled: false,
            count: 0,
            cities: 0,
            towns: 0,
            largest_population: 0,
            hex_radius: 0.0,
            max_slope: 0.0,
            water_reach: 0.0,
            max_road_grade: 0.0,
            road_bed_width: 0.0,
            extra_roads: 0,
        },
        ground_style: GroundStyle::Flat,
    };

    /// Checks every parameter in table order, then the products with `erosion_dt`, the world
    /// mode and, under the subdivision model, the cells a square spans ([`MAX_SQUARE_CELLS`]); the
    /// first value out of range is reported, by its name.
    pub fn validate(&self) -> Result<(), ParamError> {
        table::validate(GENERATOR, GENERATOR_PRODUCTS, self)?;
        self.check_world_mode()?;
        self.check_square_cells()
    }

    /// Under the subdivision model, a square spans at most [`MAX_SQUARE_CELLS`] cells.
    fn check_square_cells(&self) -> Result<(), ParamError> {
        let cells = f64::from(self.subdivision.square_size) / f64::from(self.cell_size);
        if self.height_model == HeightModel::Subdivision && cells > f64::from(MAX_SQUARE_CELLS) {
            return Err(ParamError {
                field: "subdivision_square_size ÷ cell_size",
                expected: format!(
                    "at most {MAX_SQUARE_CELLS} (MAX_SQUARE_CELLS) under the subdivision model: it subdivides a whole square down to the cell, and a wider square's lattice would not fit in memory"
                ),
                got: format!("{cells}"),
            });
        }
        Ok(())
    }

    /// An endless world needs a height that is a pure function of world position: the
    /// continents model. The others read the whole map (the pool's coverage, the subdivision's
    /// lattice, the image's size).
    fn check_world_mode(&self) -> Result<(), ParamError> {
        if self.world_mode == WorldMode::Infinite && self.height_model != HeightModel::Continents {
            return Err(ParamError {
                field: "world_mode",
                expected: "bounded unless height_model is continents (an infinite world needs a height that is a pure function of world position)".into(),
                got: format!("infinite with height_model {}", self.height_model.name()),
            });
        }
        Ok(())
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
    pub fn mesh_params(&self, mesh: MeshParams) -> MeshParams {
        MeshParams {
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
mod group_tests;
#[cfg(test)]
mod json_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod value_tests;
