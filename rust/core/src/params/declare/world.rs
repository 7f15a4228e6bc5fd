//! The map and the height models: seed, size, world scale, the model and its own parameters.

use super::*;

/// `seed`.
pub(super) const SEED: Param<GeneratorParams> = Param {
    name: "seed",
    group: &MAP,
    access: field!(U64: seed),
    default: Value::U64(1),
    range: None,
    slider: Some(Slider::new(0.0, 2147483647.0, 1.0)),
    unit: NONE,
    doc: "Master seed: every random stream (mountain mask, heights, erosion, water, trees) derives from it.",
    aliases: &[],
};

/// `width`.
pub(super) const WIDTH: Param<GeneratorParams> = Param {
    name: "width",
    group: &MAP,
    access: field!(U32: width),
    default: Value::U32(128),
    range: Some(Range::closed(1.0, SIDE)),
    slider: Some(Slider::new(1.0, SIDE, 1.0)),
    unit: CELLS,
    doc: "Cells along the x axis.",
    aliases: &[],
};

/// `depth`.
pub(super) const DEPTH: Param<GeneratorParams> = Param {
    name: "depth",
    group: &MAP,
    access: field!(U32: depth),
    default: Value::U32(128),
    range: Some(Range::closed(1.0, SIDE)),
    slider: Some(Slider::new(1.0, SIDE, 1.0)),
    unit: CELLS,
    doc: "Cells along the z axis.",
    aliases: &[],
};

/// `cell_size`.
pub(super) const CELL_SIZE: Param<GeneratorParams> = Param {
    name: "cell_size",
    group: &MAP,
    access: field!(F32: cell_size),
    default: Value::F32(1.0),
    range: Some(Range::open_closed(0.0, 1000.0)),
    slider: Some(Slider::new(0.01, 100.0, 0.01)),
    unit: METRES,
    doc: "World size of one cell, metres: how finely the world is sampled. Every length, area and density is in metres, so the same world comes out at every cell size, at more or less detail.",
    aliases: &[],
};

/// `height_scale`.
pub(super) const HEIGHT_SCALE: Param<GeneratorParams> = Param {
    name: "height_scale",
    group: &MAP,
    access: field!(F32: height_scale),
    default: Value::F32(10.0),
    range: Some(Range::open_closed(0.0, 10000.0)),
    slider: Some(Slider::new(0.01, 1000.0, 0.01)),
    unit: METRES_PER_HEIGHT,
    doc: "World units per height unit: the mesh's y is the terrain height times this, and the climate's lapse rate counts these metres.",
    aliases: &[],
};

/// `height_model`.
pub(super) const HEIGHT_MODEL: Param<GeneratorParams> = Param {
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
    doc: "How the land rises: pool (the original design, mountains inside a coverage mask on flat land), subdivision (the subdivision article, fractal land around a sea at mean height), continents (the world design, climate-driven continents, ranges and river valleys) or image (a heightmap file: image_file in Godot, --heightmap-in on the command line).",
    aliases: &[],
};

/// `peak_height`.
pub(super) const PEAK_HEIGHT: Param<GeneratorParams> = Param {
    name: "peak_height",
    group: &MAP,
    access: field!(F32: terrain.peak_height),
    default: Value::F32(1.0),
    range: Some(Range::open_closed(0.0, PEAK)),
    slider: Some(Slider::exp(0.01, PEAK, 0.01)),
    unit: HEIGHT,
    doc: "Height of the highest possible summit (0 is the lowest ground).",
    aliases: &[Alias::Json("terrain.peak_height")],
};

/// `edge_falloff_width`.
pub(super) const EDGE_FALLOFF_WIDTH: Param<GeneratorParams> = Param {
    name: "edge_falloff_width",
    group: &MAP,
    access: field!(F32: edge_falloff_width),
    default: Value::F32(0.0),
    range: Some(Range::closed(0.0, 1.0e7)),
    slider: Some(Slider::exp(1.0, 100_000.0, 0.1)),
    unit: METRES,
    doc: "Width of the border over which land fades to the flat ground (pool) or into the sea (subdivision, continents), so no mountain is cut at the map edge; 0 turns it off.",
    aliases: &[Alias::Cells {
        name: "edge_falloff",
        flags: &[],
        power: 1,
    }],
};

/// `origin_x`.
pub(super) const ORIGIN_X: Param<GeneratorParams> = Param {
    name: "origin_x",
    group: &MAP,
    access: field!(F32: origin_x),
    default: Value::F32(0.0),
    range: Some(Range::closed(-MAX_ORIGIN, MAX_ORIGIN)),
    slider: Some(Slider::new(-10000.0, 10000.0, 1.0)),
    unit: METRES,
    doc: "World x of the map's first cell: the continents and the climate fields are functions of world position, so a map at an origin is that window of a larger map.",
    aliases: &[],
};

/// `origin_z`.
pub(super) const ORIGIN_Z: Param<GeneratorParams> = Param {
    name: "origin_z",
    group: &MAP,
    access: field!(F32: origin_z),
    default: Value::F32(0.0),
    range: Some(Range::closed(-MAX_ORIGIN, MAX_ORIGIN)),
    slider: Some(Slider::new(-10000.0, 10000.0, 1.0)),
    unit: METRES,
    doc: "World z of the map's first cell (see origin_x).",
    aliases: &[],
};

/// `world_mode`.
pub(super) const WORLD_MODE: Param<GeneratorParams> = Param {
    name: "world_mode",
    group: &MAP,
    access: Access::Choice(
        &WorldMode::NAMES,
        |p| p.world_mode as usize,
        |p, i| p.world_mode = WorldMode::ALL[i],
    ),
    default: Value::Choice(0),
    range: None,
    slider: None,
    unit: NONE,
    doc: "bounded (one map of width × depth cells) or infinite (an endless world streamed in tiles of tile_size cells; continents model only): infinite turns off droplet erosion, Priority-Flood lakes and rivers and the edge falloff, marks as sea every cell below the sea level, and keeps the model's carved river valleys as its rivers.",
    aliases: &[],
};

/// `tile_size`.
pub(super) const TILE_SIZE: Param<GeneratorParams> = Param {
    name: "tile_size",
    group: &MAP,
    access: field!(U32: tile_size),
    default: Value::U32(256),
    range: Some(Range::closed(8.0, 2048.0)),
    slider: Some(Slider::new(8.0, 1024.0, 1.0)),
    unit: CELLS,
    doc: "Infinite worlds: side of a streamed tile. Each tile is generated with an apron of neighbouring cells (see the README's Infinite worlds), so its edges match its neighbours'.",
    aliases: &[],
};

/// `stream_radius`.
pub(super) const STREAM_RADIUS: Param<GeneratorParams> = Param {
    name: "stream_radius",
    group: &MAP,
    access: field!(U32: stream_radius),
    default: Value::U32(2),
    range: Some(Range::closed(0.0, 16.0)),
    slider: Some(Slider::new(0.0, 16.0, 1.0)),
    unit: TILES,
    doc: "Infinite worlds: tiles within this many tiles of the stream target's tile (along x and z) are loaded, nearest first; tiles more than one tile beyond it are evicted, so at most (2·radius + 3)² tiles are held.",
    aliases: &[],
};

/// `coverage`.
pub(super) const COVERAGE: Param<GeneratorParams> = Param {
    name: "coverage",
    group: &POOL,
    access: field!(F32: terrain.coverage),
    default: Value::F32(0.45),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: NONE,
    doc: "Pool model: fraction of the map covered by mountains; the mountain pool holds exactly round(width × depth × coverage) cells.",
    aliases: &[Alias::Json("terrain.coverage")],
};

/// `pool_patch_size`.
pub(super) const POOL_PATCH_SIZE: Param<GeneratorParams> = Param {
    name: "pool_patch_size",
    group: &POOL,
    access: field!(F32: terrain.patch_size),
    default: Value::F32(66.7),
    range: Some(Range::closed(1.0, 100_000.0)),
    slider: Some(Slider::exp(4.0, 10_000.0, 0.1)),
    unit: METRES,
    doc: "Pool model: the period of the noise that chooses the mountain patches: a patch and the gap beside it span about this much.",
    aliases: &[],
};

/// `pool_feature_size`.
pub(super) const POOL_FEATURE_SIZE: Param<GeneratorParams> = Param {
    name: "pool_feature_size",
    group: &POOL,
    access: field!(F32: terrain.feature_size),
    default: Value::F32(32.0),
    range: Some(Range::closed(1.0, 100_000.0)),
    slider: Some(Slider::exp(2.0, 10_000.0, 0.1)),
    unit: METRES,
    doc: "Pool model: the period of the height noise's broadest octave: the size of one mountain.",
    aliases: &[],
};

/// `pool_edge_width`.
pub(super) const POOL_EDGE_WIDTH: Param<GeneratorParams> = Param {
    name: "pool_edge_width",
    group: &POOL,
    access: field!(F32: terrain.edge_width),
    default: Value::F32(25.0),
    range: Some(Range::closed(0.01, 100_000.0)),
    slider: Some(Slider::exp(0.1, 1_000.0, 0.1)),
    unit: METRES,
    doc: "Pool model: the distance over which a patch's edge may rise from the flat ground to the peak height: its ramp is no steeper than peak_height over this width, and lower mountains meet it sooner.",
    aliases: &[],
};

/// `subdivision_amplitude`.
pub(super) const SUBDIVISION_AMPLITUDE: Param<GeneratorParams> = Param {
    name: "subdivision_amplitude",
    group: &SUBDIVISION,
    access: field!(F32: subdivision.amplitude),
    default: Value::F32(0.5),
    range: Some(Range::closed(0.1, 2.0)),
    slider: Some(Slider::new(0.1, 2.0, 0.01)),
    unit: NONE,
    doc: "The subdivision article's p1: the random offset of the first iteration's new cells lies in [−p1, p1].",
    aliases: &[],
};

/// `subdivision_decay`.
pub(super) const SUBDIVISION_DECAY: Param<GeneratorParams> = Param {
    name: "subdivision_decay",
    group: &SUBDIVISION,
    access: field!(F32: subdivision.decay),
    default: Value::F32(1.1),
    range: Some(Range::closed(0.5, 2.0)),
    slider: Some(Slider::new(0.5, 2.0, 0.01)),
    unit: NONE,
    doc: "The subdivision article's p2: the offset's amplitude is divided by 2^p2 at each iteration; higher values give smoother land.",
    aliases: &[],
};

/// `subdivision_sea_offset`.
pub(super) const SUBDIVISION_SEA_OFFSET: Param<GeneratorParams> = Param {
    name: "subdivision_sea_offset",
    group: &SUBDIVISION,
    access: field!(F32: subdivision.sea_offset),
    default: Value::F32(0.0),
    range: Some(Range::closed(-1.0, 1.0)),
    slider: Some(Slider::new(-1.0, 1.0, 0.01)),
    unit: NONE,
    doc: "Sea level above the mean height, as a fraction of peak_height: 0 raises the sea to the mean height as the subdivision article does, negative values drain it.",
    aliases: &[],
};

/// `subdivision_square_size`.
pub(super) const SUBDIVISION_SQUARE_SIZE: Param<GeneratorParams> = Param {
    name: "subdivision_square_size",
    group: &SUBDIVISION,
    access: field!(F32: subdivision.square_size),
    default: Value::F32(128.0),
    range: Some(Range::closed(1.0, 1_000_000.0)),
    slider: Some(Slider::exp(8.0, 100_000.0, 1.0)),
    unit: METRES,
    doc: "The span of the subdivision article's square, metres: its 2×2 start covers this much land, and a map wider than it starts from a lattice of such squares, each corner a draw of its own, so a bigger map is a bigger piece of the same kind of land. The map samples the finest iteration whose points lie at least one cell apart.",
    aliases: &[],
};

/// `continents_land_bias`.
pub(super) const CONTINENTS_LAND_BIAS: Param<GeneratorParams> = Param {
    name: "continents_land_bias",
    group: &CONTINENTS,
    access: field!(F32: continents.land_bias),
    default: Value::F32(0.1),
    range: Some(Range::closed(-1.0, 1.0)),
    slider: Some(Slider::new(-1.0, 1.0, 0.01)),
    unit: NONE,
    doc: "Added to the continentalness before its spline: higher values raise more land out of the ocean.",
    aliases: &[],
};

/// `continents_mountains`.
pub(super) const CONTINENTS_MOUNTAINS: Param<GeneratorParams> = Param {
    name: "continents_mountains",
    group: &CONTINENTS,
    access: field!(F32: continents.mountains),
    default: Value::F32(1.0),
    range: Some(Range::closed(0.0, 4.0)),
    slider: Some(Slider::new(0.0, 4.0, 0.01)),
    unit: NONE,
    doc: "Height of the ridged mountain ranges relative to peak_height (0: no ranges).",
    aliases: &[],
};

/// `continents_river_width`.
pub(super) const CONTINENTS_RIVER_WIDTH: Param<GeneratorParams> = Param {
    name: "continents_river_width",
    group: &CONTINENTS,
    access: field!(F32: continents.river_width),
    default: Value::F32(0.04),
    range: Some(Range::closed(0.0, 0.25)),
    slider: Some(Slider::new(0.0, 0.25, 0.001)),
    unit: NONE,
    doc: "Width of the carved river valleys, as the band of the river noise around 0 (0: no carved rivers).",
    aliases: &[],
};

/// `image_sea_level`.
pub(super) const IMAGE_SEA_LEVEL: Param<GeneratorParams> = Param {
    name: "image_sea_level",
    group: &IMAGE,
    access: field!(F32: image.sea_level),
    default: Value::F32(0.0),
    range: Some(Range::closed(0.0, 1.0)),
    slider: Some(Slider::new(0.0, 1.0, 0.01)),
    unit: NONE,
    doc: "Sea level of the imported heightmap, as a fraction of peak_height: cells below it are sea, the land above it erodes. 0: no sea.",
    aliases: &[],
};

/// `image_stretch`.
pub(super) const IMAGE_STRETCH: Param<GeneratorParams> = Param {
    name: "image_stretch",
    group: &IMAGE,
    access: field!(Bool: image.stretch),
    default: Value::Bool(false),
    range: None,
    slider: None,
    unit: NONE,
    doc: "Stretch the heightmap's own lowest and highest samples to 0 and peak_height. Off: 16-bit PNG and R16 samples map 0..65535 to 0..peak_height, and EXR samples are metres (divided by height_scale).",
    aliases: &[],
};
