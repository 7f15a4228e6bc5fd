//! The declarations of the mesh settings, and which parameters each front-end object holds.

use super::declare::{MESH, NAVIGATION, NONE};
use super::entry::Declared;
use super::mesh::{
    CollisionParams, MeshParams, MeshSettings, NavigationParams, AGENT_HEIGHT_RANGE,
    AGENT_RADIUS_RANGE, CELL_SIZE_RANGE, CHUNK_SIZE_RANGE, MAX_AGENT_SLOPE, MAX_DIORAMA_DEPTH,
    MAX_LOD_LEVELS, MAX_SUBDIVISIONS,
};
use super::table::{Access, Alias, Param, Range, Slider, Value};
use super::{json, table, JsonError, ParamError, GENERATOR, GROUPS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Every mesh setting of [`MeshSettings`]: what shapes the mesh ([`MeshParams`]), the collision
/// radius ([`CollisionParams`]) and the navigation settings ([`NavigationParams`]); none shapes the
/// grid. The world scale a mesh also needs (`cell_size`, `height_scale`) belongs to the map: it is
/// declared in [`GENERATOR`] and copied in by
/// [`GeneratorParams::mesh_params`](super::GeneratorParams::mesh_params).
pub static MESH_TABLE: &[Param<MeshSettings>] = &[
    Param {
        name: "subdivisions",
        group: &MESH,
        access: field!(U32: mesh.subdivisions),
        default: Value::U32(1),
        range: Some(Range::closed(1.0, MAX_SUBDIVISIONS as f64)),
        slider: Some(Slider::new(1.0, MAX_SUBDIVISIONS as f64, 1.0)),
        unit: NONE,
        doc: "Micro-quads per cell side: each cell becomes subdivisions² × 2 triangles.",
        aliases: &[Alias::Flag("subdiv")],
    },
    Param {
        name: "roughness_strength",
        group: &MESH,
        access: field!(F32: mesh.roughness_strength),
        default: Value::F32(0.15),
        range: Some(Range::closed(0.0, 4.0)),
        slider: Some(Slider::new(0.0, 4.0, 0.01)),
        unit: NONE,
        doc: "Strength of the erosion-driven surface jitter (0 gives smooth slopes).",
        aliases: &[],
    },
    Param {
        name: "diorama_base",
        group: &MESH,
        access: field!(Bool: mesh.diorama_base),
        default: Value::Bool(false),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Close the map as a tabletop diorama: side walls in soil and rock strata from the surface edge down to a base level, and a bottom face.",
        aliases: &[],
    },
    Param {
        name: "diorama_depth",
        group: &MESH,
        access: field!(F32: mesh.diorama_depth),
        default: Value::F32(0.5),
        range: Some(Range::open_closed(0.0, MAX_DIORAMA_DEPTH as f64)),
        slider: Some(Slider::exp(0.01, 10.0, 0.01)),
        unit: super::table::Unit::new("height units", ""),
        doc: "Depth of the diorama base: its bottom lies this far below the lowest point of the surface.",
        aliases: &[],
    },
    Param {
        name: "shore_colors",
        group: &MESH,
        access: field!(Bool: mesh.shore_colors),
        default: Value::Bool(false),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Draw the terrain of a water cell that rises above the water surface in the colour of the dry ground around it, so the shoreline the water surface traces shows no blue teeth. For terrains shown with their water surface.",
        aliases: &[],
    },
    Param {
        name: "chunk_size",
        group: &MESH,
        access: field!(U32: mesh.chunk_size),
        default: Value::U32(256),
        range: Some(Range::closed(
            CHUNK_SIZE_RANGE.0 as f64,
            CHUNK_SIZE_RANGE.1 as f64,
        )),
        slider: Some(Slider::new(
            CHUNK_SIZE_RANGE.0 as f64,
            CHUNK_SIZE_RANGE.1 as f64,
            1.0,
        )),
        unit: super::table::Unit::new("cells", "cells"),
        doc: "Side of a chunk: a map wider or deeper than this is drawn as chunks with levels of detail; a smaller map is one mesh.",
        aliases: &[],
    },
    Param {
        name: "lod_levels",
        group: &MESH,
        access: field!(U32: mesh.lod_levels),
        default: Value::U32(4),
        range: Some(Range::closed(1.0, MAX_LOD_LEVELS as f64)),
        slider: Some(Slider::new(1.0, MAX_LOD_LEVELS as f64, 1.0)),
        unit: NONE,
        doc: "Levels of detail of each chunk: level L keeps every 2^L-th vertex of the full mesh.",
        aliases: &[],
    },
    Param {
        name: "lod_distance",
        group: &MESH,
        access: field!(F32: mesh.lod_distance),
        default: Value::F32(150.0),
        range: Some(Range::open_closed(0.0, 1.0e6)),
        slider: Some(Slider::exp(1.0, 10_000.0, 1.0)),
        unit: super::table::Unit::new("m (world units)", "m"),
        doc: "Camera distance at which a chunk switches to its second level of detail; each further level starts at twice the previous distance.",
        aliases: &[],
    },
    Param {
        name: "collision_radius",
        group: &MESH,
        access: field!(F32: collision.radius),
        default: Value::F32(192.0),
        range: Some(Range::open_closed(0.0, 1.0e6)),
        slider: Some(Slider::exp(1.0, 10_000.0, 1.0)),
        unit: super::table::Unit::new("m (world units)", "m"),
        doc: "On a map drawn in chunks, the chunks within this distance of the stream target have collision shapes; farther chunks have none (a map in one chunk always has its whole collision).",
        aliases: &[],
    },
    Param {
        name: "navigation_enabled",
        group: &NAVIGATION,
        access: field!(Bool: navigation.enabled),
        default: Value::Bool(false),
        range: None,
        slider: None,
        unit: NONE,
        doc: "Give the terrain a navigation mesh (NavigationRegion3D children, one per chunk), built off the main thread from the walkable ground: dry land without buildings no steeper than navigation_agent_max_slope.",
        aliases: &[],
    },
    Param {
        name: "navigation_agent_radius",
        group: &NAVIGATION,
        access: field!(F32: navigation.agent_radius),
        default: Value::F32(0.5),
        range: Some(Range::closed(
            AGENT_RADIUS_RANGE.0 as f64,
            AGENT_RADIUS_RANGE.1 as f64,
        )),
        slider: Some(Slider::new(0.0, 10.0, 0.05)),
        unit: super::table::Unit::new("m (world units)", "m"),
        doc: "Radius of the agents: the navigation mesh keeps this far from water, steep ground and the map's edge.",
        aliases: &[],
    },
    Param {
        name: "navigation_agent_height",
        group: &NAVIGATION,
        access: field!(F32: navigation.agent_height),
        default: Value::F32(1.5),
        range: Some(Range::closed(
            AGENT_HEIGHT_RANGE.0 as f64,
            AGENT_HEIGHT_RANGE.1 as f64,
        )),
        slider: Some(Slider::new(0.1, 20.0, 0.05)),
        unit: super::table::Unit::new("m (world units)", "m"),
        doc: "Height of the agents.",
        aliases: &[],
    },
    Param {
        name: "navigation_agent_max_slope",
        group: &NAVIGATION,
        access: field!(F32: navigation.agent_max_slope),
        default: Value::F32(35.0),
        range: Some(Range::closed(0.0, MAX_AGENT_SLOPE as f64)),
        slider: Some(Slider::new(0.0, MAX_AGENT_SLOPE as f64, 0.5)),
        unit: super::table::Unit::new("degrees", "°"),
        doc: "Steepest slope the agents walk on.",
        aliases: &[],
    },
    Param {
        name: "navigation_cell_size",
        group: &NAVIGATION,
        access: field!(F32: navigation.voxel_size),
        default: Value::F32(0.25),
        range: Some(Range::closed(
            CELL_SIZE_RANGE.0 as f64,
            CELL_SIZE_RANGE.1 as f64,
        )),
        slider: Some(Slider::exp(0.05, 10.0, 0.01)),
        unit: super::table::Unit::new("m (world units)", "m"),
        doc: "Cell size and cell height of the navigation meshes; keep it equal to the navigation map's cell size (Godot's default is 0.25). The walkable outline is traced on a lattice of cells split into squares at least this wide, and polygons follow the rendered surface within this height. Larger builds faster and follows water edges and slopes more coarsely.",
        aliases: &[],
    },
    Param {
        name: "navigation_road_cost",
        group: &NAVIGATION,
        access: field!(F32: navigation.road_cost),
        default: Value::F32(0.5),
        range: Some(Range::open_closed(0.0, 1.0)),
        slider: Some(Slider::new(0.05, 1.0, 0.05)),
        unit: super::table::Unit::new("× open ground", "×"),
        doc: "Travel cost of the road cells (where is_road_at is true) as a share of open ground's: each chunk's road cells get a NavigationRegion3D of their own with this travel_cost, so agents keep to the roads where that is cheaper. 1 leaves the roads in the ground's regions.",
        aliases: &[],
    },
];

/// The parameters a generator holds, in inspector order: every [`GENERATOR`] entry and the mesh
/// settings outside the terrain's groups (the cell size, in [`MAP`](super::declare::MAP)).
pub fn generator_entries() -> Vec<&'static dyn Declared> {
    let mut entries: Vec<&'static dyn Declared> = Vec::new();
    for group in GROUPS {
        entries.extend(
            GENERATOR
                .iter()
                .filter(|p| p.group == *group)
                .map(|p| p as &dyn Declared),
        );
        entries.extend(
            MESH_TABLE
                .iter()
                .filter(|p| p.group == *group && !is_terrain_group(p.group))
                .map(|p| p as &dyn Declared),
        );
    }
    entries
}

/// Whether a group of [`MESH_TABLE`] belongs to the terrain node ([`MESH`], [`NAVIGATION`]).
fn is_terrain_group(group: &super::table::Group) -> bool {
    *group == MESH || *group == NAVIGATION
}

/// The mesh settings a terrain node holds: the [`MESH`] and [`NAVIGATION`] groups of
/// [`MESH_TABLE`].
pub fn terrain_entries() -> Vec<&'static dyn Declared> {
    MESH_TABLE
        .iter()
        .filter(|p| is_terrain_group(p.group))
        .map(|p| p as &dyn Declared)
        .collect()
}

/// The mesh settings at their declared defaults, with the default map's world scale.
pub fn mesh_defaults() -> MeshSettings {
    let mut settings = MeshSettings {
        mesh: MeshParams {
            subdivisions: 0,
            roughness_strength: 0.0,
            cell_size: 0.0,
            height_scale: 0.0,
            diorama_base: false,
            diorama_depth: 0.0,
            shore_colors: false,
            chunk_size: 0,
            lod_levels: 0,
            lod_distance: 0.0,
        },
        collision: CollisionParams { radius: 0.0 },
        navigation: NavigationParams {
            enabled: false,
            agent_radius: 0.0,
            agent_height: 0.0,
            agent_max_slope: 0.0,
            voxel_size: 0.0,
            road_cost: 0.0,
        },
    };
    table::apply_defaults(MESH_TABLE, &mut settings);
    settings.mesh = super::GeneratorParams::default().mesh_params(settings.mesh);
    settings
}

/// Checks every mesh setting in table order, then the world scale against the declarations of
/// `cell_size` and `height_scale`.
pub fn validate_mesh(settings: &MeshSettings) -> Result<(), ParamError> {
    table::validate(MESH_TABLE, &[], settings)?;
    let scale = super::GeneratorParams {
        cell_size: settings.mesh.cell_size,
        height_scale: settings.mesh.height_scale,
        ..Default::default()
    };
    for name in ["cell_size", "height_scale"] {
        if let Some(p) = table::find(GENERATOR, name) {
            p.check(&scale)?;
        }
    }
    Ok(())
}

/// Mesh settings from JSON (`{"subdivisions": 2}`): missing keys take their defaults.
pub fn mesh_from_json(text: &str) -> Result<MeshSettings, JsonError> {
    let mut settings = mesh_defaults();
    json::read(MESH_TABLE, &mut settings, text)?;
    Ok(settings)
}

/// Serialises the mesh settings as one object (the navigation settings in a `navigation` object).
impl Serialize for MeshSettings {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        json::Ser {
            table: MESH_TABLE,
            values: self,
            group: None,
        }
        .serialize(serializer)
    }
}

/// Deserialises mesh settings; missing keys take their defaults.
impl<'de> Deserialize<'de> for MeshSettings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let mut settings = mesh_defaults();
        json::read_value(MESH_TABLE, &mut settings, &value).map_err(serde::de::Error::custom)?;
        Ok(settings)
    }
}
