//! The declarations: every parameter once, with its name, group, type, default, range, editor
//! slider, unit, documentation and old names.
//!
//! To add a parameter, add its field to the struct and one entry here (or, for a mesh setting,
//! in [`mesh_settings`](super::mesh_settings)); validation, JSON, the command line, the Godot
//! properties and the README tables follow.

use super::table::{Access, Alias, Group, Param, Product, Range, Slider, Unit, Value};
use super::{GeneratorParams, HeightModel, MAX_DROPLETS, MAX_PEAK_HEIGHT, MAX_SIDE};

/// The map: seed, size and cell size.
pub static MAP: Group = Group::new("Map", "");
/// The pool model's mountain mask.
pub static COVERAGE: Group = Group::new("Pool", "");
/// The subdivision model (seed 004).
pub static SUBDIVISION: Group = Group::new("Subdivision", "subdivision");
/// The continents model (seed 003 §1–2).
pub static CONTINENTS: Group = Group::new("Continents", "continents");
/// The climate fields: temperature and moisture.
pub static CLIMATE: Group = Group::new("Climate", "climate");
/// Droplet erosion.
pub static EROSION: Group = Group::new("Erosion", "erosion");
/// Lakes, rivers and sea.
pub static WATER: Group = Group::new("Water", "water");
/// Forests.
pub static FOREST: Group = Group::new("Forest", "forest");
/// The terrain mesh.
pub static MESH: Group = Group::new("Mesh", "");

/// The groups in the order the inspector and the tables show them.
pub static GROUPS: &[&Group] = &[
    &MAP,
    &COVERAGE,
    &SUBDIVISION,
    &CONTINENTS,
    &CLIMATE,
    &EROSION,
    &WATER,
    &FOREST,
    &MESH,
];

/// The group of each height model's own parameters, in the order of [`HeightModel::NAMES`]: the
/// inspector shows only the active model's group.
pub static MODEL_GROUPS: [&Group; 3] = [&COVERAGE, &SUBDIVISION, &CONTINENTS];

pub(super) const NONE: Unit = Unit::new("", "");
const CELLS: Unit = Unit::new("cells", "cells");
const MOUNTAIN_CELLS: Unit = Unit::new("mountain cells", "cells");
const HEIGHT: Unit = Unit::new("height units", "");
const DROPLETS: Unit = Unit::new("droplets", "");
const TIME: Unit = Unit::new("droplet time units", "");
const PER_TIME: Unit = Unit::new("per droplet time unit", "");
const VOLUME: Unit = Unit::new("droplet volumes", "");
const METRES: Unit = Unit::new("m (world units)", "m");
const METRES_PER_HEIGHT: Unit = Unit::new("m per height unit", "m");
const CELSIUS: Unit = Unit::new("°C", "°C");
const DEGREES: Unit = Unit::new("degrees", "°");
/// Largest accepted map origin coordinate, in metres (f32 keeps centimetres there).
const MAX_ORIGIN: f64 = 100_000.0;

const SIDE: f64 = MAX_SIDE as f64;
const PEAK: f64 = MAX_PEAK_HEIGHT as f64;
/// Fewest/most cells of a map, for cell counts.
const ANY_CELLS: Range = Range::closed(1.0, SIDE * SIDE);

/// Every parameter of [`GeneratorParams`], in inspector order.
pub static GENERATOR: &[Param<GeneratorParams>] = &[
    Param {
        name: "seed",
        group: &MAP,
        access: field!(U64: seed),
        default: Value::U64(1),
        range: None,
        slider: Some(Slider::new(0.0, 2147483647.0, 1.0)),
        unit: NONE,
        doc: "Master seed: every random stream (mountain mask, heights, erosion, water, trees) derives from it.",
        aliases: &[],
    },
    Param {
        name: "width",
        group: &MAP,
        access: field!(U32: width),
        default: Value::U32(128),
        range: Some(Range::closed(1.0, SIDE)),
        slider: Some(Slider::new(1.0, SIDE, 1.0)),
        unit: CELLS,
        doc: "Cells along the x axis.",
        aliases: &[],
    },
    Param {
        name: "depth",
        group: &MAP,
        access: field!(U32: depth),
        default: Value::U32(128),
        range: Some(Range::closed(1.0, SIDE)),
        slider: Some(Slider::new(1.0, SIDE, 1.0)),
        unit: CELLS,
        doc: "Cells along the z axis.",
        aliases: &[],
    },
    Param {
        name: "cell_size",
        group: &MAP,
        access: field!(F32: cell_size),
        default: Value::F32(1.0),
        range: Some(Range::open_closed(0.0, 1000.0)),
        slider: Some(Slider::new(0.01, 100.0, 0.01)),
        unit: METRES,
        doc: "World size of one cell. The climate fields and the continents are laid out in metres, so with those it shapes the land; the pool and subdivision heights do not depend on it.",
        aliases: &[],
    },
    Param {
        name: "height_scale",
        group: &MAP,
        access: field!(F32: height_scale),
        default: Value::F32(10.0),
        range: Some(Range::open_closed(0.0, 10000.0)),
        slider: Some(Slider::new(0.01, 1000.0, 0.01)),
        unit: METRES_PER_HEIGHT,
        doc: "World units per height unit: the mesh's y is the terrain height times this, and the climate's lapse rate counts these metres.",
        aliases: &[],
    },
    Param {
        name: "height_model",
        group: &MAP,
        access: Access::Choice(
            &HeightModel::NAMES,
            |p| p.height_model as usize,
            |p, i| p.height_model = HeightModel::ALL[i],
        ),
        default: Value::Choice(0),
        range: None,
        slider: None,
        unit: NONE,
        doc: "How the land rises: pool (seed 000, mountains inside a coverage mask on flat land), subdivision (seed 004, fractal land around a sea at mean height) or continents (seed 003, climate-driven continents, ranges and river valleys).",
        aliases: &[],
    },
    Param {
        name: "peak_height",
        group: &MAP,
        access: field!(F32: terrain.peak_height),
        default: Value::F32(1.0),
        range: Some(Range::open_closed(0.0, PEAK)),
        slider: Some(Slider::exp(0.01, PEAK, 0.01)),
        unit: HEIGHT,
        doc: "Height of the highest possible summit (0 is the lowest ground).",
        aliases: &[Alias::Json("terrain.peak_height")],
    },
    Param {
        name: "edge_falloff",
        group: &MAP,
        access: field!(U32: edge_falloff),
        default: Value::U32(0),
        range: Some(Range::closed(0.0, SIDE / 2.0)),
        slider: Some(Slider::new(0.0, 256.0, 1.0)),
        unit: CELLS,
        doc: "Width of the border over which land fades to the flat ground (pool) or into the sea (subdivision, continents), so no mountain is cut at the map edge; 0 turns it off.",
        aliases: &[],
    },
    Param {
        name: "origin_x",
        group: &MAP,
        access: field!(F32: origin_x),
        default: Value::F32(0.0),
        range: Some(Range::closed(-MAX_ORIGIN, MAX_ORIGIN)),
        slider: Some(Slider::new(-10000.0, 10000.0, 1.0)),
        unit: METRES,
        doc: "World x of the map's first cell: the continents and the climate fields are functions of world position, so a map at an origin is that window of a larger map.",
        aliases: &[],
    },
    Param {
        name: "origin_z",
        group: &MAP,
        access: field!(F32: origin_z),
        default: Value::F32(0.0),
        range: Some(Range::closed(-MAX_ORIGIN, MAX_ORIGIN)),
        slider: Some(Slider::new(-10000.0, 10000.0, 1.0)),
        unit: METRES,
        doc: "World z of the map's first cell (see origin_x).",
        aliases: &[],
    },
    Param {
        name: "coverage",
        group: &COVERAGE,
        access: field!(F32: terrain.coverage),
        default: Value::F32(0.45),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.01)),
        unit: NONE,
        doc: "Pool model: fraction of the map covered by mountains; the mountain pool holds exactly round(width × depth × coverage) cells.",
        aliases: &[Alias::Json("terrain.coverage")],
    },
    Param {
        name: "subdivision_amplitude",
        group: &SUBDIVISION,
        access: field!(F32: subdivision.amplitude),
        default: Value::F32(0.5),
        range: Some(Range::closed(0.1, 2.0)),
        slider: Some(Slider::new(0.1, 2.0, 0.01)),
        unit: NONE,
        doc: "Seed 004's p1: the random offset of the first iteration's new cells lies in [−p1, p1].",
        aliases: &[],
    },
    Param {
        name: "subdivision_decay",
        group: &SUBDIVISION,
        access: field!(F32: subdivision.decay),
        default: Value::F32(1.1),
        range: Some(Range::closed(0.5, 2.0)),
        slider: Some(Slider::new(0.5, 2.0, 0.01)),
        unit: NONE,
        doc: "Seed 004's p2: the offset's amplitude is divided by 2^p2 at each iteration; higher values give smoother land.",
        aliases: &[],
    },
    Param {
        name: "subdivision_sea_offset",
        group: &SUBDIVISION,
        access: field!(F32: subdivision.sea_offset),
        default: Value::F32(0.0),
        range: Some(Range::closed(-1.0, 1.0)),
        slider: Some(Slider::new(-1.0, 1.0, 0.01)),
        unit: NONE,
        doc: "Sea level above the mean height, as a fraction of peak_height: 0 raises the sea to the mean height as seed 004 does, negative values drain it.",
        aliases: &[],
    },
    Param {
        name: "continents_land_bias",
        group: &CONTINENTS,
        access: field!(F32: continents.land_bias),
        default: Value::F32(0.1),
        range: Some(Range::closed(-1.0, 1.0)),
        slider: Some(Slider::new(-1.0, 1.0, 0.01)),
        unit: NONE,
        doc: "Added to the continentalness before its spline: higher values raise more land out of the ocean.",
        aliases: &[],
    },
    Param {
        name: "continents_mountains",
        group: &CONTINENTS,
        access: field!(F32: continents.mountains),
        default: Value::F32(1.0),
        range: Some(Range::closed(0.0, 4.0)),
        slider: Some(Slider::new(0.0, 4.0, 0.01)),
        unit: NONE,
        doc: "Height of the ridged mountain ranges relative to peak_height (0: no ranges).",
        aliases: &[],
    },
    Param {
        name: "continents_river_width",
        group: &CONTINENTS,
        access: field!(F32: continents.river_width),
        default: Value::F32(0.04),
        range: Some(Range::closed(0.0, 0.25)),
        slider: Some(Slider::new(0.0, 0.25, 0.001)),
        unit: NONE,
        doc: "Width of the carved river valleys, as the band of the river noise around 0 (0: no carved rivers).",
        aliases: &[],
    },
    Param {
        name: "climate_feature_scale",
        group: &CLIMATE,
        access: field!(F32: climate.feature_scale),
        default: Value::F32(1.0),
        range: Some(Range::closed(0.01, 100.0)),
        slider: Some(Slider::exp(0.01, 100.0, 0.01)),
        unit: NONE,
        doc: "Multiplier of every climate field's scale (continents about 4 km, ranges 1 km, temperature 3 km): below 1 fits whole continents and climate zones in a small map.",
        aliases: &[],
    },
    Param {
        name: "climate_sea_temperature",
        group: &CLIMATE,
        access: field!(F32: climate.sea_temperature),
        default: Value::F32(14.0),
        range: Some(Range::closed(-40.0, 50.0)),
        slider: Some(Slider::new(-40.0, 50.0, 0.1)),
        unit: CELSIUS,
        doc: "Mean temperature at sea level; the temperature field varies around it and falls 6.5 °C per 1000 m of height.",
        aliases: &[],
    },
    Param {
        name: "climate_temperature_range",
        group: &CLIMATE,
        access: field!(F32: climate.temperature_range),
        default: Value::F32(12.0),
        range: Some(Range::closed(0.0, 60.0)),
        slider: Some(Slider::new(0.0, 60.0, 0.1)),
        unit: CELSIUS,
        doc: "How far the temperature field strays from the mean at sea level, either way.",
        aliases: &[],
    },
    Param {
        name: "climate_wind_direction",
        group: &CLIMATE,
        access: field!(F32: climate.wind_direction),
        default: Value::F32(90.0),
        range: Some(Range::closed(0.0, 360.0)),
        slider: Some(Slider::new(0.0, 360.0, 1.0)),
        unit: DEGREES,
        doc: "Direction the prevailing wind blows towards, clockwise from +z seen from above (90: towards +x); the lee side of high ground is drier.",
        aliases: &[],
    },
    Param {
        name: "climate_rain_shadow",
        group: &CLIMATE,
        access: field!(F32: climate.rain_shadow),
        default: Value::F32(0.6),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.01)),
        unit: NONE,
        doc: "Strength of the rain shadow: the moisture lost behind high ground (0: none).",
        aliases: &[],
    },
    Param {
        name: "erosion_droplets",
        group: &EROSION,
        access: field!(U32: terrain.droplets),
        default: Value::U32(16_000),
        range: Some(Range::closed(0.0, MAX_DROPLETS as f64)),
        slider: Some(Slider::new(0.0, 1_000_000.0, 1.0)),
        unit: DROPLETS,
        doc: "Number of erosion droplets: more droplets carve deeper valleys and take longer.",
        aliases: &[Alias::Json("terrain.droplets"), Alias::Flag("droplets")],
    },
    Param {
        name: "erosion_dt",
        group: &EROSION,
        access: field!(F32: terrain.erosion.dt),
        default: Value::F32(1.2),
        range: Some(Range::open_closed(0.0, 10.0)),
        slider: Some(Slider::new(0.01, 10.0, 0.01)),
        unit: TIME,
        doc: "Integration time step of a droplet.",
        aliases: &[Alias::Json("terrain.erosion.dt")],
    },
    Param {
        name: "erosion_friction",
        group: &EROSION,
        access: field!(F32: terrain.erosion.friction),
        default: Value::F32(0.05),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.001)),
        unit: PER_TIME,
        doc: "Fraction of a droplet's speed lost per unit time.",
        aliases: &[Alias::Json("terrain.erosion.friction")],
    },
    Param {
        name: "erosion_density",
        group: &EROSION,
        access: field!(F32: terrain.erosion.density),
        default: Value::F32(1.0),
        range: Some(Range::open_closed(0.0, 100.0)),
        slider: Some(Slider::new(0.01, 100.0, 0.01)),
        unit: NONE,
        doc: "Droplet density (mass per unit volume): a droplet's mass is its volume times this.",
        aliases: &[Alias::Json("terrain.erosion.density")],
    },
    Param {
        name: "erosion_deposition_rate",
        group: &EROSION,
        access: field!(F32: terrain.erosion.deposition_rate),
        default: Value::F32(0.1),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.001)),
        unit: PER_TIME,
        doc: "Rate at which carried sediment approaches the droplet's capacity.",
        aliases: &[Alias::Json("terrain.erosion.deposition_rate")],
    },
    Param {
        name: "erosion_evaporation_rate",
        group: &EROSION,
        access: field!(F32: terrain.erosion.evaporation_rate),
        default: Value::F32(0.01),
        range: Some(Range::open_closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0001, 1.0, 0.0001)),
        unit: PER_TIME,
        doc: "Fraction of a droplet's volume lost per unit time.",
        aliases: &[Alias::Json("terrain.erosion.evaporation_rate")],
    },
    Param {
        name: "erosion_min_volume",
        group: &EROSION,
        access: field!(F32: terrain.erosion.min_volume),
        default: Value::F32(0.01),
        range: Some(Range::open_closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0001, 1.0, 0.0001)),
        unit: VOLUME,
        doc: "Volume below which a droplet dies.",
        aliases: &[Alias::Json("terrain.erosion.min_volume")],
    },
    Param {
        name: "water_lakes_enabled",
        group: &WATER,
        access: field!(Bool: water.lakes_enabled),
        default: Value::Bool(true),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Fill depressions with lakes.",
        aliases: &[Alias::OffFlag("no-lakes")],
    },
    Param {
        name: "water_min_lake_cells",
        group: &WATER,
        access: field!(U32: water.min_lake_cells),
        default: Value::U32(6),
        range: Some(ANY_CELLS),
        slider: Some(Slider::new(1.0, 1000.0, 1.0)),
        unit: CELLS,
        doc: "Fewest cells a lake may have: smaller depressions stay dry.",
        aliases: &[Alias::Flag("min-lake-cells")],
    },
    Param {
        name: "water_min_lake_depth",
        group: &WATER,
        access: field!(F32: water.min_lake_depth),
        default: Value::F32(0.01),
        range: Some(Range::closed(0.0, PEAK)),
        slider: Some(Slider::new(0.0, 1.0, 0.001)),
        unit: HEIGHT,
        doc: "Smallest depth a lake may have (its level minus its deepest bed).",
        aliases: &[Alias::Flag("min-lake-depth")],
    },
    Param {
        name: "water_lake_erosion",
        group: &WATER,
        access: field!(Bool: water.lake_erosion),
        default: Value::Bool(true),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Erosion droplets that reach a lake continue from its outflow (needs lakes).",
        aliases: &[Alias::OffFlag("no-lake-erosion")],
    },
    Param {
        name: "water_rivers_enabled",
        group: &WATER,
        access: field!(Bool: water.rivers_enabled),
        default: Value::Bool(true),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Mark and carve rivers.",
        aliases: &[Alias::OffFlag("no-rivers")],
    },
    Param {
        name: "water_river_threshold",
        group: &WATER,
        access: field!(U32: water.river_threshold),
        default: Value::U32(200),
        range: Some(ANY_CELLS),
        slider: Some(Slider::new(1.0, 10000.0, 1.0)),
        unit: MOUNTAIN_CELLS,
        doc: "Flow accumulation (mountain cells draining through a cell) above which the cell is a river.",
        aliases: &[Alias::Flag("river-threshold")],
    },
    Param {
        name: "water_river_depth",
        group: &WATER,
        access: field!(F32: water.river_depth),
        default: Value::F32(0.01),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.001)),
        unit: HEIGHT,
        doc: "Carving depth of a river at the threshold; it grows with the square root of the accumulation, up to four times this.",
        aliases: &[],
    },
    Param {
        name: "water_sea_level",
        group: &WATER,
        access: field!(F32: water.sea_level),
        default: Value::F32(0.0),
        range: Some(Range::closed(0.0, PEAK)),
        slider: Some(Slider::new(0.0, 1.0, 0.001)),
        unit: HEIGHT,
        doc: "Sea level: cells whose filled level lies below it are sea (0: no sea).",
        aliases: &[Alias::Flag("sea-level")],
    },
    Param {
        name: "forest_height_limit",
        group: &FOREST,
        access: field!(F32: forest.height_limit),
        default: Value::F32(0.6),
        range: Some(Range::open_closed(0.0, PEAK)),
        slider: Some(Slider::exp(0.01, PEAK, 0.01)),
        unit: HEIGHT,
        doc: "Height at which forest fertility falls to zero.",
        aliases: &[],
    },
    Param {
        name: "forest_steepness",
        group: &FOREST,
        access: field!(F32: forest.steepness),
        default: Value::F32(2.0),
        range: Some(Range::open_closed(0.0, 16.0)),
        slider: Some(Slider::new(0.01, 16.0, 0.01)),
        unit: NONE,
        doc: "Exponent of the fertility fall-off with height: higher values keep forests dense further up.",
        aliases: &[],
    },
    Param {
        name: "forest_density",
        group: &FOREST,
        access: field!(F32: forest.density),
        default: Value::F32(0.4),
        range: Some(Range::closed(0.0, 1.0)),
        slider: Some(Slider::new(0.0, 1.0, 0.01)),
        unit: NONE,
        doc: "Probability of a tree on fully fertile grass.",
        aliases: &[],
    },
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
