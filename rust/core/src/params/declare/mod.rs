//! The declarations: every parameter once, with its name, group, type, default, range, editor
//! slider, unit, documentation and old names.
//!
//! To add a parameter, add its field to the struct, declare it once in the submodule of its
//! group (`world`, `climate`, `layers`, `settlements`; a mesh setting in
//! [`mesh_settings`](super::mesh_settings)) and list it in [`GENERATOR`]; validation, JSON, the
//! command line, the Godot properties and the reference tables follow.

mod climate;
mod layers;
mod settlements;
mod world;

use super::table::{Access, Alias, Group, Param, Product, Range, Slider, Unit, Value};
use super::{GeneratorParams, GroundStyle, HeightModel, WorldMode, MAX_PEAK_HEIGHT, MAX_SIDE};
use climate::*;
use layers::*;
use settlements::*;
use world::*;

/// The map: seed, size and cell size.
pub static MAP: Group = Group::new("Map", "");
/// The pool model's mountain mask.
pub static POOL: Group = Group::new("Pool", "");
/// The subdivision model (the subdivision article).
pub static SUBDIVISION: Group = Group::new("Subdivision", "subdivision");
/// The continents model (the world design's climate fields and height).
pub static CONTINENTS: Group = Group::new("Continents", "continents");
/// The image model's own parameters (an imported heightmap).
pub static IMAGE: Group = Group::new("Image", "image");
/// The climate fields: temperature and moisture.
pub static CLIMATE: Group = Group::new("Climate", "climate");
/// Biomes, their trees and their ground.
pub static BIOMES: Group = Group::new("Biomes", "biomes");
/// The landscape evolution: the land grown against its rivers and slopes until it drains.
pub static LANDSCAPE: Group = Group::new("Landscape", "landscape");
/// Droplet erosion.
pub static EROSION: Group = Group::new("Erosion", "erosion");
/// How the ground looks.
pub static GROUND: Group = Group::new("Ground", "");
/// Lakes, rivers and sea.
pub static WATER: Group = Group::new("Water", "water");
/// Forests.
pub static FOREST: Group = Group::new("Forest", "forest");
/// Settlements and roads (the world design's settlements).
pub static SETTLEMENTS: Group = Group::new("Settlements", "settlements");
/// The terrain mesh.
pub static MESH: Group = Group::new("Mesh", "");
/// The terrain's navigation mesh.
pub static NAVIGATION: Group = Group::new("Navigation", "navigation");

/// The groups in the order the inspector and the tables show them.
pub static GROUPS: &[&Group] = &[
    &MAP,
    &POOL,
    &SUBDIVISION,
    &CONTINENTS,
    &IMAGE,
    &CLIMATE,
    &BIOMES,
    &GROUND,
    &LANDSCAPE,
    &EROSION,
    &WATER,
    &FOREST,
    &SETTLEMENTS,
    &MESH,
    &NAVIGATION,
];

/// The group of each height model's own parameters, in the order of [`HeightModel::NAMES`]: the
/// inspector shows only the active model's group.
pub static MODEL_GROUPS: [&Group; 4] = [&POOL, &SUBDIVISION, &CONTINENTS, &IMAGE];

/// A file the generation reads, shown with its group's parameters in the Godot inspector. It is
/// not a value of [`GeneratorParams`]: the bytes reach the pipeline as [`crate::ExternalInputs`], and the
/// CLI takes the file as a flag of its own.
pub struct FileInput {
    /// Property name (`image_file`).
    pub name: &'static str,
    /// The group it is shown in.
    pub group: &'static Group,
    /// The file extensions it accepts, without dots.
    pub extensions: &'static [&'static str],
    /// What it is, for the inspector's tooltip and the docs.
    pub doc: &'static str,
    /// The command-line flag that gives it.
    pub flag: &'static str,
}

/// Every file input, in the order the inspector shows them.
pub static FILE_INPUTS: &[FileInput] = &[FileInput {
    name: "image_file",
    group: &IMAGE,
    extensions: &["png", "exr", "r16", "raw"],
    doc: "The heightmap the image model raises: a 16-bit greyscale .png, an .exr in metres or a square raw .r16. It is read when set and decoded with the generation; a changed file regenerates.",
    flag: "--heightmap-in",
}];

pub(super) const NONE: Unit = Unit::new("", "");
const CELLS: Unit = Unit::new("cells", "cells");
const TILES: Unit = Unit::new("tiles", "tiles");
const HEIGHT: Unit = Unit::new("height units", "");
const DROPLETS_PER_SQUARE_METRE: Unit = Unit::new("droplets per m²", "/m²");
const TIME: Unit = Unit::new("droplet time units", "");
const PER_TIME: Unit = Unit::new("per droplet time unit", "");
const VOLUME: Unit = Unit::new("droplet volumes", "");
const SQUARE_METRES: Unit = Unit::new("m²", "m²");
const GROUND_SHARE: Unit = Unit::new("share of the ground", "");
pub(super) const METRES: Unit = Unit::new("m (world units)", "m");
const METRES_PER_HEIGHT: Unit = Unit::new("m per height unit", "m");
const CELSIUS: Unit = Unit::new("°C", "°C");
const DEGREES: Unit = Unit::new("degrees", "°");
const RESPONSE_TIMES: Unit = Unit::new("response times", "");
const RISE_PER_RUN: Unit = Unit::new("m of rise per m", "");
const CLIMATE_UNITS: Unit = Unit::new("climate-space units", "");
/// Largest accepted map origin coordinate, in metres (f32 keeps centimetres there).
const MAX_ORIGIN: f64 = 100_000.0;

const SIDE: f64 = MAX_SIDE as f64;
const PEAK: f64 = MAX_PEAK_HEIGHT as f64;

/// Every parameter of [`GeneratorParams`], in inspector order.
pub static GENERATOR: &[Param<GeneratorParams>] = &[
    SEED,
    WIDTH,
    DEPTH,
    CELL_SIZE,
    HEIGHT_SCALE,
    HEIGHT_MODEL,
    PEAK_HEIGHT,
    EDGE_FALLOFF_WIDTH,
    ORIGIN_X,
    ORIGIN_Z,
    WORLD_MODE,
    TILE_SIZE,
    STREAM_RADIUS,
    COVERAGE,
    POOL_PATCH_SIZE,
    POOL_FEATURE_SIZE,
    POOL_EDGE_WIDTH,
    SUBDIVISION_AMPLITUDE,
    SUBDIVISION_DECAY,
    SUBDIVISION_SEA_OFFSET,
    SUBDIVISION_SQUARE_SIZE,
    CONTINENTS_LAND_BIAS,
    CONTINENTS_MOUNTAINS,
    CONTINENTS_RIVER_WIDTH,
    IMAGE_SEA_LEVEL,
    IMAGE_STRETCH,
    CLIMATE_FEATURE_SCALE,
    CLIMATE_SEA_TEMPERATURE,
    CLIMATE_TEMPERATURE_RANGE,
    CLIMATE_WIND_DIRECTION,
    CLIMATE_RAIN_SHADOW,
    BIOMES_ENABLED,
    BIOMES_BLEND,
    BIOMES_SNOWLINE,
    GROUND_STYLE,
    LANDSCAPE_STRENGTH,
    LANDSCAPE_VALLEY_WIDTH,
    LANDSCAPE_REPOSE_ANGLE,
    LANDSCAPE_AGE,
    EROSION_DROPLET_DENSITY,
    EROSION_MAX_CELLS,
    EROSION_DT,
    EROSION_FRICTION,
    EROSION_DENSITY,
    EROSION_DEPOSITION_RATE,
    EROSION_EVAPORATION_RATE,
    EROSION_MIN_VOLUME,
    WATER_LAKES_ENABLED,
    WATER_MIN_LAKE_AREA,
    WATER_MIN_LAKE_DEPTH,
    WATER_LAKE_EROSION,
    WATER_RIVERS_ENABLED,
    WATER_RIVER_CATCHMENT,
    WATER_RIVER_DEPTH,
    WATER_SEA_LEVEL,
    FOREST_HEIGHT_LIMIT,
    FOREST_STEEPNESS,
    FOREST_COVER,
    SETTLEMENTS_ENABLED,
    SETTLEMENTS_COUNT,
    SETTLEMENTS_CITIES,
    SETTLEMENTS_TOWNS,
    SETTLEMENTS_LARGEST_POPULATION,
    SETTLEMENTS_HEX_RADIUS,
    SETTLEMENTS_MAX_SLOPE,
    SETTLEMENTS_WATER_REACH,
    SETTLEMENTS_MAX_ROAD_GRADE,
    SETTLEMENTS_ROAD_BED_WIDTH,
    SETTLEMENTS_EXTRA_ROADS,
];

/// Products of [`GENERATOR`] entries that must stay within `[0, 1]`.
pub static GENERATOR_PRODUCTS: &[Product] = &[
    Product {
        field: "erosion_dt × erosion_friction",
        a: "erosion_dt",
        b: "erosion_friction",
        range: Range::closed(0.0, 1.0),
    },
    Product {
        field: "erosion_dt × erosion_deposition_rate",
        a: "erosion_dt",
        b: "erosion_deposition_rate",
        range: Range::closed(0.0, 1.0),
    },
    Product {
        field: "erosion_dt × erosion_evaporation_rate",
        a: "erosion_dt",
        b: "erosion_evaporation_rate",
        range: Range::closed(0.0, 1.0),
    },
];
