//! The settings of the outputs, none of which shapes the grid: [`MeshParams`], which shape the
//! terrain and water meshes, the [`CollisionParams`] of a chunked map's collision, the
//! [`NavigationParams`] of the navigation meshes, and their limits; [`MeshSettings`] holds the
//! three. Their declarations (defaults, ranges, JSON names) are in
//! [`MESH_TABLE`](super::MESH_TABLE).

/// Largest accepted subdivision level.
pub const MAX_SUBDIVISIONS: u32 = 64;
/// Largest accepted diorama depth ([`MeshParams::diorama_depth`]), in height units.
pub const MAX_DIORAMA_DEPTH: f32 = 1000.0;
/// Largest accepted [`MeshParams::lod_levels`].
pub const MAX_LOD_LEVELS: u32 = 6;
/// Smallest and largest accepted [`MeshParams::chunk_size`], in cells.
pub const CHUNK_SIZE_RANGE: (u32, u32) = (8, 4096);

/// Smallest and largest accepted agent radius, in world units.
pub const AGENT_RADIUS_RANGE: (f32, f32) = (0.0, 100.0);
/// Smallest and largest accepted agent height, in world units.
pub const AGENT_HEIGHT_RANGE: (f32, f32) = (0.01, 100.0);
/// Largest accepted agent slope, in degrees.
pub const MAX_AGENT_SLOPE: f32 = 90.0;
/// Smallest and largest accepted navigation cell size, in world units.
pub const CELL_SIZE_RANGE: (f32, f32) = (0.01, 100.0);

/// The mesh settings as [`params::MESH_TABLE`](crate::params::MESH_TABLE) declares them: every
/// setting of the outputs of a finished grid. Changing one never re-runs generation. Defaults,
/// ranges and the JSON form (`{"subdivisions": 2, "navigation": {"enabled": true}}`) come from the
/// table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshSettings {
    /// What shapes the terrain and water meshes.
    pub mesh: MeshParams,
    /// Which chunks of a chunked map have collision.
    pub collision: CollisionParams,
    /// The navigation meshes.
    pub navigation: NavigationParams,
}

impl Default for MeshSettings {
    /// The declared defaults, built from the table once: the parts' `validate` embed themselves in
    /// them on every call (height queries validate their settings per point).
    fn default() -> Self {
        static DEFAULTS: std::sync::OnceLock<MeshSettings> = std::sync::OnceLock::new();
        *DEFAULTS.get_or_init(crate::params::mesh_defaults)
    }
}

impl MeshSettings {
    /// Checks every field against its declared range.
    pub fn validate(&self) -> Result<(), crate::params::ParamError> {
        crate::params::validate_mesh(self)
    }
}

/// Default and validation of a part of [`MeshSettings`] stored at `$field`: validation embeds it
/// in the default settings, so that only its own fields can fail.
macro_rules! mesh_part {
    ($ty:ty: $field:ident, $what:literal) => {
        impl Default for $ty {
            fn default() -> Self {
                MeshSettings::default().$field
            }
        }

        impl $ty {
            #[doc = concat!("Checks ", $what, " against their declarations.")]
            pub fn validate(&self) -> Result<(), crate::params::ParamError> {
                MeshSettings {
                    $field: *self,
                    ..MeshSettings::default()
                }
                .validate()
            }
        }
    };
}

mesh_part!(MeshParams: mesh, "the settings that shape the mesh, the world scale included,");
mesh_part!(CollisionParams: collision, "the collision settings");
mesh_part!(NavigationParams: navigation, "the navigation settings");

/// Settings that shape the mesh but not the grid: changing them never re-runs generation.
///
/// Declared in [`params::MESH_TABLE`](crate::params::MESH_TABLE), as the `mesh` of
/// [`MeshSettings`]: defaults, ranges and the JSON form (`{"subdivisions": 2}`) come from there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshParams {
    /// Micro-quads per cell side, `1..=64`.
    pub subdivisions: u32,
    /// Multiplier of the roughness jitter, `0..=4` (0 disables it).
    pub roughness_strength: f32,
    /// World size of one cell.
    pub cell_size: f32,
    /// World height of one height unit.
    pub height_scale: f32,
    /// Adds the diorama base: side walls in soil and rock strata down to a base level, and a
    /// bottom face (see [`base`](crate::outputs::mesh::base)).
    pub diorama_base: bool,
    /// Height units from the lowest surface vertex down to the base level of the diorama base.
    pub diorama_depth: f32,
    /// Draws the terrain of a water cell rising above the water surface in its bank colour (see
    /// the mesh's shore colours).
    pub shore_colors: bool,
    /// Side of a chunk, in cells: a wider or deeper map is drawn in chunks with levels of detail
    /// (see [`chunks`](crate::outputs::mesh::chunks)).
    pub chunk_size: u32,
    /// Levels of detail per chunk, `1..=`[`MAX_LOD_LEVELS`].
    pub lod_levels: u32,
    /// Camera distance, in world units, beyond which a chunk switches to its second level; each
    /// further level starts at twice the previous distance.
    pub lod_distance: f32,
}

/// The collision settings of a terrain, declared in
/// [`params::MESH_TABLE`](crate::params::MESH_TABLE) (group *Mesh*, as `collision_radius`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollisionParams {
    /// On a chunked map, the distance from the stream target within which chunks have collision
    /// (see [`streaming`](crate::outputs::mesh::streaming)).
    pub radius: f32,
}

/// The navigation settings of a terrain (see [`crate::outputs::navigation`]), declared in
/// [`params::MESH_TABLE`](crate::params::MESH_TABLE) (group *Navigation*).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NavigationParams {
    /// Whether the terrain has a navigation mesh.
    pub enabled: bool,
    /// Radius of the agents, in world units: the walkable area keeps this far from water, cliffs
    /// and the map's edge.
    pub agent_radius: f32,
    /// Height of the agents, in world units.
    pub agent_height: f32,
    /// Steepest walkable slope, in degrees.
    pub agent_max_slope: f32,
    /// The navigation map's cell size and height, in world units (the `navigation_cell_size`
    /// setting): the lattice's quads are at least this wide ([`Lattice`](crate::outputs::navigation::Lattice)) and polygons follow
    /// the surface within this height ([`surface_tolerance`](crate::outputs::navigation::surface_tolerance)).
    pub voxel_size: f32,
    /// Travel cost of road cells as a share of open ground's (`0 < road_cost <= 1`); at 1 the
    /// roads are no region of their own.
    pub road_cost: f32,
}

impl NavigationParams {
    /// Whether road cells form regions of their own: they cost less than open ground.
    pub fn splits_roads(&self) -> bool {
        self.road_cost < 1.0
    }
}
