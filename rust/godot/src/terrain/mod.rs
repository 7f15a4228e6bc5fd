//! `DonjournoTerrain`: the node that turns a generator into a vertex-coloured mesh. Each concern
//! has a module (properties, planner, rebuild, worker, upload, collision, trees, water, bake,
//! queries); this one holds the class, its lifecycle and its rebuild API.

mod bake;
mod children;
mod chunk_levels;
mod chunks;
mod collision;
mod collision_chunks;
mod endless;
mod endless_nodes;
mod features;
mod heightmap;
pub mod job;
mod navigation;
mod navigation_bake;
pub mod planner;
mod present;
mod queries;
mod rebuild;
mod scatter;
mod settlement_queries;
mod settlements;
mod shown;
mod stream_target;
mod tiles;
mod trees;
mod upload;
mod warnings;
mod water;
mod worker;

use crate::generator::{DonjournoGenerator, ParamStore};
use godot::classes::{IMeshInstance3D, Material, Mesh, MeshInstance3D};
use godot::obj::EngineBitfield;
use godot::prelude::*;
use godot::register::info::{PropertyInfo, PropertyUsageFlags};
use godot::signal::ConnectHandle;
use planner::Request;
use shown::Shown;

// `terrain_mesh_properties!` and `terrain_mesh_accessors!`: the mesh settings of the parameter
// table as properties, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/terrain_properties.rs"));

terrain_mesh_properties! {
/// A procedural terrain: a mesh generated from a [DonjournoGenerator].
///
/// Assign a [member generator] and the terrain appears, in the editor as in the game. Whenever
/// the generator emits [signal Resource.changed] or a mesh setting changes, one rebuild is
/// scheduled for the end of the frame (many edits in one frame give one rebuild). Automatic
/// rebuilds run on a worker thread and never block the main thread: the mesh shown is replaced
/// when the work is done ([signal generation_progress] on the way, [signal generation_finished]
/// at the end; a large mesh is copied into Godot's arrays over several frames, at most
/// [constant UPLOAD_BYTES_PER_FRAME] bytes each), a newer edit supersedes a rebuild still
/// running, and freeing the node cancels it ([method get_rebuild_job] observes that). Call
/// [method regenerate] to rebuild synchronously instead, or [method regenerate_async].
///
/// With [member collision_enabled], the terrain has a [StaticBody3D] with a [HeightMapShape3D]
/// through the mesh's heights at the cell corners (on a map drawn in chunks, one shape per chunk
/// within [member collision_radius] of [member stream_target], following it); with
/// [member trees_enabled], a
/// [MultiMeshInstance3D] shows a tree on every tree cell; where the map has water (lakes, rivers,
/// sea), a translucent [MeshInstance3D] shows the water surface ([member water_visible]). All are
/// internal children, rebuilt with the terrain and never saved into the scene.
/// [method bake_mesh] freezes the result into a resource file for [member baked_mesh], which is
/// then shown without generating.
///
/// Rebuilds are cached: the generation pipeline (mountains, erosion, forests, colours) only runs
/// again when a generation parameter changed; a change of [member subdivisions],
/// [member roughness_strength], [member height_scale], [member diorama_base],
/// [member diorama_depth] or the generator's [member DonjournoGenerator.cell_size] only
/// re-tessellates; an unchanged input rebuilds nothing.
///
/// A map wider or deeper than [member chunk_size] cells is drawn in chunks instead: an internal
/// `Chunks` node with one [MeshInstance3D] per chunk and level of detail (each level keeps every
/// 2^L-th vertex, with skirts under the borders between chunks so no crack shows), switched by
/// camera distance through visibility ranges from [member lod_distance]; then [member
/// MeshInstance3D.mesh] is empty. [method get_chunk_count] tells how many chunks are shown; a map
/// too large to hold every level keeps one per chunk, chosen by the camera ([method get_chunk_levels]).
///
/// With [member DonjournoGenerator.world_mode] `infinite`, the terrain streams an endless world in
/// tiles around [member stream_target], built on a worker ([method get_loaded_tiles]).
///
/// The mesh is one [ArrayMesh] surface (a flat-shaded triangle list with vertex colours) spanning
/// `[0, width × cell_size] × [0, depth × cell_size]` on the node's local x and z axes, with
/// `y = height × height_scale`: its top is about the map's highest point times
/// [member height_scale]. With [member diorama_base], side walls in soil and rock strata close the
/// map down to a base level [member diorama_depth] height units below its lowest point, like a
/// tabletop piece (collision and queries follow the surface alone). It carries a [StandardMaterial3D] that uses the vertex colours as albedo;
/// set [member GeometryInstance3D.material_override] to use your own. The mesh is never saved
/// into the scene: a saved scene holds only the settings and regenerates the identical mesh when
/// loaded.
///
/// Bad settings (a zero-sized map, a coverage of 2, a mesh above the vertex budget, ...) are
/// reported with an error naming the property and the accepted range, and the previous mesh
/// stays in place.
///
/// With [member navigation_enabled], the terrain gets [NavigationRegion3D]s (one per chunk) on the
/// world's default navigation map, baked off the main thread from the walkable ground (dry land no
/// steeper than [member navigation_agent_max_slope]) and rebaked when the terrain changes: a
/// [NavigationAgent3D] finds paths on it with no set-up ([signal navigation_baked] tells when a
/// bake is in place).
///
/// Queries ([method get_height_at], [method get_terrain_at], [method get_water_level_at],
/// [method is_water_at], [method world_to_cell], [method cell_to_world]) take and return global
/// positions and describe the mesh currently shown. They assume the node is not tilted (rotation
/// about the y axis, translation and scale are fine).
#[derive(GodotClass)]
#[class(tool, base = MeshInstance3D)]
pub struct DonjournoTerrain {
    /// The generation parameters. Without a generator the terrain shows nothing.
    #[export]
    #[var(set)]
    generator: Option<Gd<DonjournoGenerator>>,

} {
    /// Give the terrain a collision body (on or off, default on): a [StaticBody3D] with a
    /// [HeightMapShape3D] through the mesh's heights at the cell corners, rebuilt with the
    /// terrain, never saved into the scene.
    #[export_group(name = "Collision", prefix = "collision_")]
    #[export]
    #[var(get, set)]
    collision_enabled: PhantomVar<bool>,

    /// Physics layers the terrain's collision body is in (bit mask of layers 1–32; default 1).
    #[export(flags_3d_physics)]
    #[var(get, set)]
    collision_layer: PhantomVar<u32>,

    /// Physics layers the terrain's collision body scans (bit mask of layers 1–32; default 1).
    #[export(flags_3d_physics)]
    #[var(get, set)]
    collision_mask: PhantomVar<u32>,

    /// On a map drawn in chunks, the node whose position decides which chunks have collision:
    /// those within [member collision_radius] of it (a chunk keeps its shape until the target is
    /// a quarter of the radius, and at least two cells, farther). Empty: the viewport's current camera; with neither,
    /// no chunk has collision. A map in one chunk always has its whole collision.
    ///
    /// Declared here rather than in the core's parameter table: the table holds numbers,
    /// switches and choices shared by every front end, and a node path means something only
    /// inside a Godot scene tree.
    #[export]
    #[var]
    stream_target: NodePath,

    /// Show a tree on every tree cell (on or off, default on): one [MultiMeshInstance3D] (one
    /// draw call), each tree moved off its cell centre by up to 0.3 cells, turned and scaled
    /// (0.75–1.25) by a hash of its cell, its foot on the surface. Never saved into the scene.
    #[export_group(name = "Trees")]
    #[export]
    #[var(get, set)]
    trees_enabled: PhantomVar<bool>,

    /// The mesh shown for each tree, foot at its origin. Empty: a built-in low-poly tree about
    /// 1.6 cells tall.
    #[export]
    #[var(get, set)]
    tree_mesh: PhantomVar<Option<Gd<Mesh>>>,

    /// With biomes, the meshes shown instead of the built-in species: a dictionary from a
    /// `SPECIES_*` constant to a [Mesh] in cell units (one unit is one cell; foot at its origin;
    /// the built-in meshes are about 0.5–1.8 cells tall). Species missing from it keep their
    /// built-in low-poly variants. Each species is one [MultiMeshInstance3D], shown while
    /// [member trees_enabled] is on.
    #[export]
    #[var(get, set)]
    scatter_meshes: PhantomVar<VarDictionary>,

    /// Show the water surface (on or off, default on): a translucent [MeshInstance3D] over the
    /// lakes, rivers, sea and (with biomes) wetland pools, its shoreline traced where the terrain
    /// meets the water, rebuilt with the terrain, never saved into the scene. Without water there
    /// is no water surface.
    #[export_group(name = "Water", prefix = "water_")]
    #[export]
    #[var(get, set)]
    water_visible: PhantomVar<bool>,

    /// The material of the water surface. Empty: the built-in water shader
    /// (`addons/donjourno/water/water.gdshader`: depth tint, shore foam and waves). The water mesh
    /// carries a depth-tinted colour with its opacity in alpha in `COLOR`, and in `UV2` the water
    /// depth in world units (0 on the shoreline, `UV2.x`) and the river width in cells (`UV2.y`),
    /// so a material needs no depth texture.
    #[export]
    #[var(get, set)]
    water_material: PhantomVar<Option<Gd<Material>>>,

    /// The material of the buildings' walls, with
    /// [member DonjournoGenerator.settlements_enabled]. Empty: the built-in facade shader
    /// (`addons/donjourno/settlements/buildings.gdshader`: a grid of windows, some lit, drawn on
    /// the walls). The walls carry their colour in `COLOR` and, in `UV2`, the position along the
    /// facade and the height above the building's foot in world units. Roofs keep their vertex
    /// colours.
    #[export_group(name = "Settlements", prefix = "buildings_")]
    #[export]
    #[var(get, set)]
    buildings_material: PhantomVar<Option<Gd<Material>>>,

    /// A mesh saved by [method bake_mesh] (or any mesh) shown instead of generating: while set,
    /// the pipeline never runs, and the collision body and trees come from the data baked with
    /// it. Clear it to generate again.
    #[export_group(name = "Baking")]
    #[export]
    #[var(set)]
    baked_mesh: Option<Gd<Mesh>>,

    /// Rebuild automatically, on a worker thread, when the generator or a mesh setting changes
    /// and when the node becomes ready (on or off, default on; edits within one frame give one
    /// rebuild, and a newer edit supersedes a rebuild still running). When off, only
    /// [method regenerate] and [method regenerate_async] rebuild.
    #[export_group(name = "")]
    #[export]
    #[var(set)]
    auto_regenerate: bool,

    /// Rebuilds the terrain now.
    #[export_tool_button(fn = Self::regenerate_from_inspector, icon = "Reload", name = "Regenerate")]
    regenerate_button: PhantomVar<Callable>,

    /// The connection to the generator's `changed` signal.
    generator_link: Option<ConnectHandle>,
    rebuilds: rebuild::Rebuilds,
    shown: Option<Shown>,
    surface: upload::Surface,
    collision: collision::Collision,
    trees: trees::Trees,
    scatter: scatter::ScatterView,
    water: water::Water,
    settlements: settlements::SettlementView,
    chunks: chunks::Chunks,
    navigation: navigation::Navigation,
    endless: endless::Endless,
    last_stats: VarDictionary,
    last_error: String,

    /// The mesh settings' values.
    store: ParamStore,

    base: Base<MeshInstance3D>,
}
}

// After the class: the primary `#[godot_api]` block uses the macros its derive defines here.
mod properties;

#[godot_api]
impl IMeshInstance3D for DonjournoTerrain {
    fn init(base: Base<MeshInstance3D>) -> Self {
        DonjournoTerrain {
            generator: None,
            subdivisions: PhantomVar::default(),
            roughness_strength: PhantomVar::default(),
            diorama_base: PhantomVar::default(),
            diorama_depth: PhantomVar::default(),
            shore_colors: PhantomVar::default(),
            chunk_size: PhantomVar::default(),
            lod_levels: PhantomVar::default(),
            lod_distance: PhantomVar::default(),
            collision_radius: PhantomVar::default(),
            navigation_enabled: PhantomVar::default(),
            navigation_agent_radius: PhantomVar::default(),
            navigation_agent_height: PhantomVar::default(),
            navigation_agent_max_slope: PhantomVar::default(),
            navigation_cell_size: PhantomVar::default(),
            navigation_road_cost: PhantomVar::default(),
            store: ParamStore::default(),
            collision_enabled: PhantomVar::default(),
            collision_layer: PhantomVar::default(),
            collision_mask: PhantomVar::default(),
            stream_target: NodePath::default(),
            trees_enabled: PhantomVar::default(),
            tree_mesh: PhantomVar::default(),
            scatter_meshes: PhantomVar::default(),
            water_visible: PhantomVar::default(),
            water_material: PhantomVar::default(),
            buildings_material: PhantomVar::default(),
            baked_mesh: None,
            auto_regenerate: true,
            regenerate_button: PhantomVar::default(),
            generator_link: None,
            rebuilds: rebuild::Rebuilds::default(),
            shown: None,
            surface: upload::Surface::default(),
            collision: collision::Collision::default(),
            trees: trees::Trees::default(),
            scatter: scatter::ScatterView::default(),
            water: water::Water::default(),
            settlements: settlements::SettlementView::default(),
            chunks: chunks::Chunks::default(),
            navigation: navigation::Navigation::default(),
            endless: endless::Endless::default(),
            last_stats: VarDictionary::new(),
            last_error: String::new(),
            base,
        }
    }

    fn ready(&mut self) {
        if self.baked_mesh.is_some() {
            self.show_baked();
        } else if self.auto_regenerate && self.shown.is_none() && !self.is_generating() {
            self.rebuild(Request::Background);
        }
    }

    fn process(&mut self, _delta: f64) {
        self.poll_job();
        if self.is_filling() {
            self.pump_chunks();
        }
        self.stream_collision();
        if self.chunks.streams_levels() {
            let camera = self.camera_local();
            self.chunks.stream_levels(camera);
        }
        if self.endless.is_active() {
            self.stream_tiles();
        }
        if self.navigation.is_baking() {
            self.poll_navigation();
        }
    }

    fn get_configuration_warnings(&self) -> PackedStringArray {
        let warnings = warnings::configuration_warnings(
            self.generator.is_some(),
            self.baked_mesh.is_some(),
            &self.last_error,
        );
        warnings.iter().map(GString::from).collect()
    }

    fn on_validate_property(&self, property: &mut PropertyInfo) {
        // The mesh is generated: shown in the inspector, never written to the scene file.
        if property.property_name == "mesh" {
            let usage = property.usage.ord() & !PropertyUsageFlags::STORAGE.ord();
            property.usage = PropertyUsageFlags::from_ord(usage) | PropertyUsageFlags::READ_ONLY;
        }
    }

    /// Scenes saved before `height_scale` became the generator's still load (see
    /// `properties::moved_height_scale`).
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        property == "height_scale" && self.moved_height_scale(&value)
    }
}

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Rebuilds now what the inputs require (nothing, the mesh, or the grid and the mesh) and
    /// cancels a scheduled rebuild. Returns `false` after reporting an error, in which case the
    /// previous mesh stays in place. Emits [signal generation_finished] when the mesh changed.
    ///
    /// Blocks until done; a background rebuild still running is cancelled.
    #[func]
    pub fn regenerate(&mut self) -> bool {
        self.rebuilds.scheduled = false;
        self.rebuild(Request::Now)
    }

    /// Starts a rebuild on a worker thread and returns at once; cancels a scheduled rebuild and
    /// supersedes a background rebuild still running (its result is never shown). The mesh is
    /// replaced when the work is done, with [signal generation_progress] on the way and
    /// [signal generation_finished] at the end. Returns `false` after reporting an error in the
    /// settings (the previous mesh stays); an unchanged input starts nothing. Where no thread can
    /// start (a Web build without threads), rebuilds synchronously.
    #[func]
    pub fn regenerate_async(&mut self) -> bool {
        self.rebuilds.scheduled = false;
        self.rebuild(Request::Background)
    }

    /// Forgets the cached grid and mesh settings, so that the next rebuild runs the whole
    /// pipeline again (the mesh shown is kept until then).
    #[func]
    pub fn clear_cache(&mut self) {
        self.rebuilds.forget();
    }

    /// Whether a rebuild is scheduled for the end of the frame.
    #[func]
    pub fn is_rebuild_scheduled(&self) -> bool {
        self.rebuilds.scheduled
    }

    /// The statistics of the last rebuild that changed the mesh (see
    /// [signal generation_finished]); empty before the first.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        self.last_stats.clone()
    }

    /// The reason the last rebuild failed, or an empty string if it succeeded.
    #[func]
    pub fn get_last_error(&self) -> GString {
        GString::from(&self.last_error)
    }
}
