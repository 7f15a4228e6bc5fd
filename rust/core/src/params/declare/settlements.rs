//! Settlements and the roads between them (the world design's settlements).

use super::*;

/// `settlements_enabled`.
pub(super) const SETTLEMENTS_ENABLED: Param<GeneratorParams> = Param {
    name: "settlements_enabled",
    group: &SETTLEMENTS,
    access: field!(Bool: settlements.enabled),
    default: Value::Bool(false),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Place villages, towns and cities on the most habitable land, join them with roads, and flatten the ground under both.",
    aliases: &[],
};

/// `settlements_count`.
pub(super) const SETTLEMENTS_COUNT: Param<GeneratorParams> = Param {
    name: "settlements_count",
    group: &SETTLEMENTS,
    access: field!(U32: settlements.count),
    default: Value::U32(12),
    range: Some(Range::closed(1.0, 256.0)),
    slider: Some(Slider::new(1.0, 256.0, 1.0)),
    unit: NONE,
    doc: "Most settlements on the map, cities and towns included; fewer when the land has fewer habitable central places.",
    aliases: &[],
};

/// `settlements_cities`.
pub(super) const SETTLEMENTS_CITIES: Param<GeneratorParams> = Param {
    name: "settlements_cities",
    group: &SETTLEMENTS,
    access: field!(U32: settlements.cities),
    default: Value::U32(1),
    range: Some(Range::closed(0.0, 64.0)),
    slider: Some(Slider::new(0.0, 64.0, 1.0)),
    unit: NONE,
    doc: "Most cities: the best central places four hexes around, taken first.",
    aliases: &[],
};

/// `settlements_towns`.
pub(super) const SETTLEMENTS_TOWNS: Param<GeneratorParams> = Param {
    name: "settlements_towns",
    group: &SETTLEMENTS,
    access: field!(U32: settlements.towns),
    default: Value::U32(3),
    range: Some(Range::closed(0.0, 128.0)),
    slider: Some(Slider::new(0.0, 128.0, 1.0)),
    unit: NONE,
    doc: "Most towns: the best remaining central places two hexes around; villages fill the rest of the count.",
    aliases: &[],
};

/// `settlements_largest_population`.
pub(super) const SETTLEMENTS_LARGEST_POPULATION: Param<GeneratorParams> = Param {
    name: "settlements_largest_population",
    group: &SETTLEMENTS,
    access: field!(U32: settlements.largest_population),
    default: Value::U32(20_000),
    range: Some(Range::closed(10.0, 10_000_000.0)),
    slider: Some(Slider::exp(10.0, 10_000_000.0, 1.0)),
    unit: NONE,
    doc: "Population of the first-ranked settlement; the settlement of rank r has this over r (Zipf's law).",
    aliases: &[],
};

/// `settlements_hex_radius`: the hexagon size in metres (it was `settlements_hex_size`, in
/// cells).
pub(super) const SETTLEMENTS_HEX_RADIUS: Param<GeneratorParams> = Param {
    name: "settlements_hex_radius",
    group: &SETTLEMENTS,
    access: field!(F32: settlements.hex_radius),
    default: Value::F32(12.0),
    range: Some(Range::closed(1.0, 1.0e6)),
    slider: Some(Slider::exp(3.0, 100_000.0, 0.5)),
    unit: METRES,
    doc: "Radius (centre to corner) of the hexagons the habitability is gathered on: at most one settlement per hexagon, and neighbouring settlements at least two hexagons apart. Never less than three cells of the map.",
    aliases: &[Alias::Cells {
        name: "settlements_hex_size",
        flags: &[],
        power: 1,
    }],
};

/// `settlements_max_slope`.
pub(super) const SETTLEMENTS_MAX_SLOPE: Param<GeneratorParams> = Param {
    name: "settlements_max_slope",
    group: &SETTLEMENTS,
    access: field!(F32: settlements.max_slope),
    default: Value::F32(0.25),
    range: Some(Range::open_closed(0.0, 2.0)),
    slider: Some(Slider::new(0.01, 2.0, 0.01)),
    unit: RISE_PER_RUN,
    doc: "Steepest ground (metres of rise per metre) a settlement may stand on; gentler ground is more habitable.",
    aliases: &[],
};

/// `settlements_water_reach`: in metres (it was `settlements_water_distance`, in cells).
pub(super) const SETTLEMENTS_WATER_REACH: Param<GeneratorParams> = Param {
    name: "settlements_water_reach",
    group: &SETTLEMENTS,
    access: field!(F32: settlements.water_reach),
    default: Value::F32(10.0),
    range: Some(Range::open_closed(0.0, 1.0e6)),
    slider: Some(Slider::exp(0.5, 100_000.0, 0.5)),
    unit: METRES,
    doc: "Distance within which a lake, a river or the sea makes land habitable: nearer is better, farther counts a fifth.",
    aliases: &[Alias::Cells {
        name: "settlements_water_distance",
        flags: &[],
        power: 1,
    }],
};

/// `settlements_max_road_grade`.
pub(super) const SETTLEMENTS_MAX_ROAD_GRADE: Param<GeneratorParams> = Param {
    name: "settlements_max_road_grade",
    group: &SETTLEMENTS,
    access: field!(F32: settlements.max_road_grade),
    default: Value::F32(0.15),
    range: Some(Range::open_closed(0.0, 2.0)),
    slider: Some(Slider::new(0.01, 2.0, 0.01)),
    unit: RISE_PER_RUN,
    doc: "Steepest grade (metres of rise per metre) of any road step: roads wind across slopes to stay under it and leave out what they cannot reach.",
    aliases: &[],
};

/// `settlements_road_bed_width`: in metres (it was `settlements_road_width`, in cells).
pub(super) const SETTLEMENTS_ROAD_BED_WIDTH: Param<GeneratorParams> = Param {
    name: "settlements_road_bed_width",
    group: &SETTLEMENTS,
    access: field!(F32: settlements.road_bed_width),
    default: Value::F32(2.0),
    range: Some(Range::closed(0.5, 10_000.0)),
    slider: Some(Slider::exp(0.5, 200.0, 0.5)),
    unit: METRES,
    doc: "Width of the road bed flattened across each road, centred on its line; the ground blends back over as much again on each side. The cells a road runs through are always part of its bed.",
    aliases: &[Alias::Cells {
        name: "settlements_road_width",
        flags: &[],
        power: 1,
    }],
};

/// `settlements_extra_roads`.
pub(super) const SETTLEMENTS_EXTRA_ROADS: Param<GeneratorParams> = Param {
    name: "settlements_extra_roads",
    group: &SETTLEMENTS,
    access: field!(U32: settlements.extra_roads),
    default: Value::U32(3),
    range: Some(Range::closed(0.0, 64.0)),
    slider: Some(Slider::new(0.0, 64.0, 1.0)),
    unit: NONE,
    doc: "Shortest links added to the minimum spanning tree of roads, each only where the network's way is over half as long again as the straight line.",
    aliases: &[],
};
