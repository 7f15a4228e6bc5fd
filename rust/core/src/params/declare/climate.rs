//! The climate fields, the biomes and the ground.

use super::*;

/// `climate_feature_scale`.
pub(super) const CLIMATE_FEATURE_SCALE: Param<GeneratorParams> = Param {
    name: "climate_feature_scale",
    group: &CLIMATE,
    access: field!(F32: climate.feature_scale),
    default: Value::F32(1.0),
    range: Some(Range::closed(0.01, 100.0)),
    slider: Some(Slider::exp(0.01, 100.0, 0.01)),
    unit: NONE,
    doc: "Multiplier of every climate field's scale (continents about 4 km, ranges 1 km, temperature 3 km): below 1 fits whole continents and climate zones in a small map.",
    aliases: &[],
};

/// `climate_sea_temperature`.
pub(super) const CLIMATE_SEA_TEMPERATURE: Param<GeneratorParams> = Param {
    name: "climate_sea_temperature",
    group: &CLIMATE,
    access: field!(F32: climate.sea_temperature),
    default: Value::F32(14.0),
    range: Some(Range::closed(-40.0, 50.0)),
    slider: Some(Slider::new(-40.0, 50.0, 0.1)),
    unit: CELSIUS,
    doc: "Mean temperature at sea level; the temperature field varies around it and falls 6.5 °C per 1000 m of height.",
    aliases: &[],
};

/// `climate_temperature_range`.
pub(super) const CLIMATE_TEMPERATURE_RANGE: Param<GeneratorParams> = Param {
    name: "climate_temperature_range",
    group: &CLIMATE,
    access: field!(F32: climate.temperature_range),
    default: Value::F32(12.0),
    range: Some(Range::closed(0.0, 60.0)),
    slider: Some(Slider::new(0.0, 60.0, 0.1)),
    unit: CELSIUS,
    doc: "How far the temperature field strays from the mean at sea level, either way.",
    aliases: &[],
};

/// `climate_wind_direction`.
pub(super) const CLIMATE_WIND_DIRECTION: Param<GeneratorParams> = Param {
    name: "climate_wind_direction",
    group: &CLIMATE,
    access: field!(F32: climate.wind_direction),
    default: Value::F32(90.0),
    range: Some(Range::closed(0.0, 360.0)),
    slider: Some(Slider::new(0.0, 360.0, 1.0)),
    unit: DEGREES,
    doc: "Direction the prevailing wind blows towards, clockwise from +z seen from above (90: towards +x); the lee side of high ground is drier.",
    aliases: &[],
};

/// `climate_rain_shadow`.
pub(super) const CLIMATE_RAIN_SHADOW: Param<GeneratorParams> = Param {
    name: "climate_rain_shadow",
    group: &CLIMATE,
    access: field!(F32: climate.rain_shadow),
    default: Value::F32(0.6),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: NONE,
    doc: "Strength of the rain shadow: the moisture lost behind high ground (0: none).",
    aliases: &[],
};

/// `biomes_enabled`.
pub(super) const BIOMES_ENABLED: Param<GeneratorParams> = Param {
    name: "biomes_enabled",
    group: &BIOMES,
    access: field!(Bool: biomes.enabled),
    default: Value::Bool(false),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Classify the world design's 20 biomes from the climate and the terrain: their trees and ground colours replace the original design's forests and colour table.",
    aliases: &[],
};

/// `biomes_blend`.
pub(super) const BIOMES_BLEND: Param<GeneratorParams> = Param {
    name: "biomes_blend",
    group: &BIOMES,
    access: field!(F32: biomes.blend),
    default: Value::F32(0.6),
    range: Some(Range::closed(0.1, 3.0)),
    slider: Some(Slider::new(0.1, 3.0, 0.01)),
    unit: CLIMATE_UNITS,
    doc: "Width of the transitions between climate biomes (one unit is 10 °C or 0.22 of moisture): larger values blend neighbouring biomes over a wider band.",
    aliases: &[],
};

/// `biomes_snowline`.
pub(super) const BIOMES_SNOWLINE: Param<GeneratorParams> = Param {
    name: "biomes_snowline",
    group: &BIOMES,
    access: field!(F32: biomes.snowline),
    default: Value::F32(-1.0),
    range: Some(Range::closed(-30.0, 20.0)),
    slider: Some(Slider::new(-30.0, 20.0, 0.1)),
    unit: CELSIUS,
    doc: "Temperature below which snow lies on the ground (fully 3 °C below it), except on the steepest rock.",
    aliases: &[],
};

/// `ground_style`.
pub(super) const GROUND_STYLE: Param<GeneratorParams> = Param {
    name: "ground_style",
    group: &GROUND,
    access: Access::Choice(
        &GroundStyle::NAMES,
        |p| p.ground_style as usize,
        |p, i| p.ground_style = GroundStyle::ALL[i],
    ),
    default: Value::Choice(0),
    range: None,
    slider: None,
    unit: NONE,
    doc: "How the ground is coloured: flat (one colour per cell, from the colour table or the biomes' ground, lit by the scene), blended (the same colours blended across cells at every vertex, land with land and water with water) or relief (the subdivision article's look: one warm palette shaded by the slope towards a low western sun, with cast shadows, drawn unlit; water takes flat colours) or textured (blended, drawn by the terrain shader with the ground textures: an albedo, normal and roughness map per ground material, mixed by each vertex's material weights).",
    aliases: &[],
};
