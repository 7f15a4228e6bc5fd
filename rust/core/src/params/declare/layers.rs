//! The landscape evolution, droplet erosion, water and forests.

use super::*;

/// `landscape_strength`.
pub(super) const LANDSCAPE_STRENGTH: Param<GeneratorParams> = Param {
    name: "landscape_strength",
    group: &LANDSCAPE,
    access: field!(F32: landscape.strength),
    default: Value::F32(0.6),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: NONE,
    doc: "How hard the rivers wear the land: a stream draining one valley width squared runs at (1 − strength) times the slope of repose, and streams grow gentler downstream. 0 leaves the land as the height model made it, 1 wears every valley down to the level of its outlet.",
    aliases: &[],
};

/// `landscape_valley_width`.
pub(super) const LANDSCAPE_VALLEY_WIDTH: Param<GeneratorParams> = Param {
    name: "landscape_valley_width",
    group: &LANDSCAPE,
    access: field!(F32: landscape.valley_width),
    default: Value::F32(LANDSCAPE_VALLEY_WIDTH_DEFAULT),
    range: Some(Range::open_closed(0.0, 100_000.0)),
    slider: Some(Slider::exp(1.0, 10_000.0, 0.1)),
    unit: METRES,
    doc: "Width of the narrowest valleys: the spacing of the ridges and gullies the rivers carve, where the slopes' creep balances the rivers. The evolution runs on a lattice of a quarter of this (or on the map's cells, when they are coarser), so the same land comes out at every cell size.",
    aliases: &[],
};

/// The default valley width, metres.
const LANDSCAPE_VALLEY_WIDTH_DEFAULT: f32 = 4.0;

/// `landscape_repose_angle`.
pub(super) const LANDSCAPE_REPOSE_ANGLE: Param<GeneratorParams> = Param {
    name: "landscape_repose_angle",
    group: &LANDSCAPE,
    access: field!(F32: landscape.repose_angle),
    default: Value::F32(35.0),
    range: Some(Range::closed(1.0, 89.0)),
    slider: Some(Slider::new(1.0, 89.0, 0.5)),
    unit: DEGREES,
    doc: "Angle of repose: no slope of the evolved land stands steeper, and the rivers' heads run below it.",
    aliases: &[],
};

/// `landscape_age`.
pub(super) const LANDSCAPE_AGE: Param<GeneratorParams> = Param {
    name: "landscape_age",
    group: &LANDSCAPE,
    access: field!(F32: landscape.age),
    default: Value::F32(0.0),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: RESPONSE_TIMES,
    doc: "How long the land has evolved, as a share of the time the rivers take to carve their valleys back to the divides: 1 is the steady state where every valley drains, a smaller age leaves younger valleys near the outlets. 0: the stage does not run (the default). Endless worlds skip it.",
    aliases: &[],
};

/// `erosion_droplet_density`.
pub(super) const EROSION_DROPLET_DENSITY: Param<GeneratorParams> = Param {
    name: "erosion_droplet_density",
    group: &EROSION,
    access: field!(F32: terrain.droplet_density),
    default: Value::F32(0.977),
    range: Some(Range::closed(0.0, 1_000_000.0)),
    slider: Some(Slider::exp(0.0001, 100.0, 0.00001)),
    unit: DROPLETS_PER_SQUARE_METRE,
    doc: "Erosion droplets per square metre of the map; they spawn on the mountains of the pool model and on the land of the others. One droplet runs per cell for each droplet per square metre, standing for all those of its cell, so a square metre is eroded alike at every map size and cell size while the work grows with the cells. More droplets carve deeper valleys and take longer; 0: no erosion.",
    aliases: &[
        Alias::Cells {
            name: "erosion_droplets_per_cell",
            flags: &[],
            power: 0,
        },
        Alias::Count {
            name: "erosion_droplets",
            json: &["terrain.droplets"],
            flags: &["droplets"],
        },
    ],
};

/// `erosion_max_cells`.
pub(super) const EROSION_MAX_CELLS: Param<GeneratorParams> = Param {
    name: "erosion_max_cells",
    group: &EROSION,
    access: field!(U32: terrain.erosion_max_cells),
    default: Value::U32(262_144),
    range: Some(Range::closed(0.0, 16_777_216.0)),
    slider: Some(Slider::exp(4096.0, 16_777_216.0, 1.0)),
    unit: CELLS,
    doc: "Most cells droplets run on: a map with more cells is eroded on a lattice coarser by a whole factor (2 m cells for a 1024² map of 1 m cells with the default), and the change is interpolated back onto its cells, so erosion costs the same on big maps while keeping its valleys and ridges. 0: every map is eroded on its own cells.",
    aliases: &[],
};

/// `erosion_dt`.
pub(super) const EROSION_DT: Param<GeneratorParams> = Param {
    name: "erosion_dt",
    group: &EROSION,
    access: field!(F32: terrain.erosion.dt),
    default: Value::F32(1.2),
    range: Some(Range::open_closed(0.0, 10.0)),
    slider: Some(Slider::new(0.01, 10.0, 0.01)),
    unit: TIME,
    doc: "Integration time step of a droplet.",
    aliases: &[Alias::Json("terrain.erosion.dt")],
};

/// `erosion_friction`.
pub(super) const EROSION_FRICTION: Param<GeneratorParams> = Param {
    name: "erosion_friction",
    group: &EROSION,
    access: field!(F32: terrain.erosion.friction),
    default: Value::F32(0.05),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.001)),
    unit: PER_TIME,
    doc: "Fraction of a droplet's speed lost per unit time.",
    aliases: &[Alias::Json("terrain.erosion.friction")],
};

/// `erosion_density`.
pub(super) const EROSION_DENSITY: Param<GeneratorParams> = Param {
    name: "erosion_density",
    group: &EROSION,
    access: field!(F32: terrain.erosion.density),
    default: Value::F32(1.0),
    range: Some(Range::open_closed(0.0, 100.0)),
    slider: Some(Slider::new(0.01, 100.0, 0.01)),
    unit: NONE,
    doc: "Droplet density (mass per unit volume): a droplet's mass is its volume times this.",
    aliases: &[Alias::Json("terrain.erosion.density")],
};

/// `erosion_deposition_rate`.
pub(super) const EROSION_DEPOSITION_RATE: Param<GeneratorParams> = Param {
    name: "erosion_deposition_rate",
    group: &EROSION,
    access: field!(F32: terrain.erosion.deposition_rate),
    default: Value::F32(0.1),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.001)),
    unit: PER_TIME,
    doc: "Rate at which carried sediment approaches the droplet's capacity.",
    aliases: &[Alias::Json("terrain.erosion.deposition_rate")],
};

/// `erosion_evaporation_rate`.
pub(super) const EROSION_EVAPORATION_RATE: Param<GeneratorParams> = Param {
    name: "erosion_evaporation_rate",
    group: &EROSION,
    access: field!(F32: terrain.erosion.evaporation_rate),
    default: Value::F32(0.01),
    range: Some(Range::open_closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0001, 1.0, 0.0001)),
    unit: PER_TIME,
    doc: "Fraction of a droplet's volume lost per unit time.",
    aliases: &[Alias::Json("terrain.erosion.evaporation_rate")],
};

/// `erosion_min_volume`.
pub(super) const EROSION_MIN_VOLUME: Param<GeneratorParams> = Param {
    name: "erosion_min_volume",
    group: &EROSION,
    access: field!(F32: terrain.erosion.min_volume),
    default: Value::F32(0.01),
    range: Some(Range::open_closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0001, 1.0, 0.0001)),
    unit: VOLUME,
    doc: "Volume below which a droplet dies.",
    aliases: &[Alias::Json("terrain.erosion.min_volume")],
};

/// `water_lakes_enabled`.
pub(super) const WATER_LAKES_ENABLED: Param<GeneratorParams> = Param {
    name: "water_lakes_enabled",
    group: &WATER,
    access: field!(Bool: water.lakes_enabled),
    default: Value::Bool(true),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Fill depressions with lakes.",
    aliases: &[Alias::OffFlag("no-lakes")],
};

/// `water_min_lake_area`.
pub(super) const WATER_MIN_LAKE_AREA: Param<GeneratorParams> = Param {
    name: "water_min_lake_area",
    group: &WATER,
    access: field!(F32: water.min_lake_area),
    default: Value::F32(6.0),
    range: Some(Range::closed(0.0, 1.0e12)),
    slider: Some(Slider::exp(1.0, 1_000_000.0, 1.0)),
    unit: SQUARE_METRES,
    doc: "Smallest area a lake may cover: smaller depressions stay dry. A lake covers at least one cell.",
    aliases: &[Alias::Cells {
        name: "water_min_lake_cells",
        flags: &["min-lake-cells"],
        power: 2,
    }],
};

/// `water_min_lake_depth`.
pub(super) const WATER_MIN_LAKE_DEPTH: Param<GeneratorParams> = Param {
    name: "water_min_lake_depth",
    group: &WATER,
    access: field!(F32: water.min_lake_depth),
    default: Value::F32(0.01),
    range: Some(Range::closed(0.0, PEAK)),
    slider: Some(Slider::new(0.0, 1.0, 0.001)),
    unit: HEIGHT,
    doc: "Smallest depth a lake may have (its level minus its deepest bed).",
    aliases: &[Alias::Flag("min-lake-depth")],
};

/// `water_lake_erosion`.
pub(super) const WATER_LAKE_EROSION: Param<GeneratorParams> = Param {
    name: "water_lake_erosion",
    group: &WATER,
    access: field!(Bool: water.lake_erosion),
    default: Value::Bool(true),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Erosion droplets that reach a lake continue from its outflow (needs lakes).",
    aliases: &[Alias::OffFlag("no-lake-erosion")],
};

/// `water_rivers_enabled`.
pub(super) const WATER_RIVERS_ENABLED: Param<GeneratorParams> = Param {
    name: "water_rivers_enabled",
    group: &WATER,
    access: field!(Bool: water.rivers_enabled),
    default: Value::Bool(true),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Mark and carve rivers.",
    aliases: &[Alias::OffFlag("no-rivers")],
};

/// `water_river_catchment`.
pub(super) const WATER_RIVER_CATCHMENT: Param<GeneratorParams> = Param {
    name: "water_river_catchment",
    group: &WATER,
    access: field!(F32: water.river_catchment),
    default: Value::F32(200.0),
    range: Some(Range::closed(0.0, 1.0e12)),
    slider: Some(Slider::exp(1.0, 10_000_000.0, 1.0)),
    unit: SQUARE_METRES,
    doc: "Catchment above which ground carries a river: the area of mountain ground (the runoff) draining through a cell.",
    aliases: &[Alias::Cells {
        name: "water_river_threshold",
        flags: &["river-threshold"],
        power: 2,
    }],
};

/// `water_river_depth`.
pub(super) const WATER_RIVER_DEPTH: Param<GeneratorParams> = Param {
    name: "water_river_depth",
    group: &WATER,
    access: field!(F32: water.river_depth),
    default: Value::F32(0.01),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.001)),
    unit: HEIGHT,
    doc: "Carving depth of a river at the threshold; it grows with the square root of the accumulation, up to four times this.",
    aliases: &[],
};

/// `water_sea_level`.
pub(super) const WATER_SEA_LEVEL: Param<GeneratorParams> = Param {
    name: "water_sea_level",
    group: &WATER,
    access: field!(F32: water.sea_level),
    default: Value::F32(0.0),
    range: Some(Range::closed(0.0, PEAK)),
    slider: Some(Slider::new(0.0, 1.0, 0.001)),
    unit: HEIGHT,
    doc: "Sea level: cells whose filled level lies below it are sea (0: no sea).",
    aliases: &[Alias::Flag("sea-level")],
};

/// `forest_height_limit`.
pub(super) const FOREST_HEIGHT_LIMIT: Param<GeneratorParams> = Param {
    name: "forest_height_limit",
    group: &FOREST,
    access: field!(F32: forest.height_limit),
    default: Value::F32(0.6),
    range: Some(Range::open_closed(0.0, PEAK)),
    slider: Some(Slider::exp(0.01, PEAK, 0.01)),
    unit: HEIGHT,
    doc: "Height at which forest fertility falls to zero.",
    aliases: &[],
};

/// `forest_steepness`.
pub(super) const FOREST_STEEPNESS: Param<GeneratorParams> = Param {
    name: "forest_steepness",
    group: &FOREST,
    access: field!(F32: forest.steepness),
    default: Value::F32(2.0),
    range: Some(Range::open_closed(0.0, 16.0)),
    slider: Some(Slider::new(0.01, 16.0, 0.01)),
    unit: NONE,
    doc: "Exponent of the fertility fall-off with height: higher values keep forests dense further up.",
    aliases: &[],
};

/// `forest_cover`.
pub(super) const FOREST_COVER: Param<GeneratorParams> = Param {
    name: "forest_cover",
    group: &FOREST,
    access: field!(F32: forest.cover),
    default: Value::F32(0.4),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: GROUND_SHARE,
    doc: "Share of fully fertile grass covered by forest (the canopy cover, less where the ground is less fertile): the same share of the ground at every cell size. Each fully fertile cell is forest with this chance; with biomes, the scatter's trees stand at their own density per hectare.",
    aliases: &[Alias::Cells {
        name: "forest_density",
        flags: &[],
        power: 0,
    }],
};
