//! `DonjournoTerrain`: the node that turns a generator into a vertex-coloured mesh.

use crate::convert;
use crate::extras;
use crate::generator::DonjournoGenerator;
use crate::map::DonjournoMap;
use crate::worker::{CachedGrid, Job, Output, Poll};
use donjourno::mesh::{self, MeshError, MeshParams, MAX_SUBDIVISIONS, MAX_VERTICES};
use donjourno::water_mesh;
use donjourno::{GenerationStats, GeneratorParams, Grid, ParamError, Terrain};
use godot::classes::mesh::{ArrayFormat, PrimitiveType};
use godot::classes::rendering_server::ArrayFormat as RsArrayFormat;
use godot::classes::resource_saver::SaverFlags;
use godot::classes::{
    ArrayMesh, IMeshInstance3D, Mesh, MeshInstance3D, MultiMeshInstance3D, ResourceSaver,
    StandardMaterial3D, StaticBody3D,
};
use godot::obj::EngineBitfield;
use godot::obj::EngineEnum;
use godot::prelude::*;
use godot::register::info::{PropertyInfo, PropertyUsageFlags};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Name of the deferred method that carries out a scheduled rebuild.
const FLUSH_METHOD: &str = "_flush_scheduled_rebuild";
/// Name of the method connected to the generator's `changed` signal.
const CHANGED_METHOD: &str = "_on_generator_changed";

/// Bytes of a finished background rebuild copied into Godot's arrays per frame.
const STAGING_BYTES_PER_FRAME: usize = 24 << 20;

/// A finished background rebuild whose streams are being copied into Godot's arrays, a part per
/// frame.
struct Staging {
    output: Box<Output>,
    vertex: PackedByteArray,
    attributes: PackedByteArray,
    /// Main-thread time spent copying so far.
    time: Duration,
}

impl Staging {
    /// Copies up to `budget` more bytes; returns whether everything is copied.
    fn copy(&mut self, mut budget: usize) -> bool {
        let start = Instant::now();
        let mut done = true;
        for (dst, src) in [
            (&mut self.vertex, &self.output.vertex),
            (&mut self.attributes, &self.output.attributes),
        ] {
            let from = dst.len();
            let n = (src.len() - from).min(budget);
            if n > 0 {
                dst.resize(from + n);
                dst.as_mut_slice()[from..].copy_from_slice(&src[from..from + n]);
                budget -= n;
            }
            done &= dst.len() == src.len();
        }
        self.time += start.elapsed();
        done
    }
}

/// A validated rebuild: what the inputs require.
struct Plan {
    params: GeneratorParams,
    mesh_params: MeshParams,
    vertex_count: usize,
}

/// What the mesh currently shows; queries answer from it so that they agree with the picture.
struct Shown {
    params: GeneratorParams,
    mesh_params: MeshParams,
    grid: Arc<Grid>,
    stats: GenerationStats,
    time: Duration,
}

/// A procedural terrain: a mesh generated from a [DonjournoGenerator].
///
/// Assign a [member generator] and the terrain appears, in the editor as in the game. Whenever
/// the generator emits [signal Resource.changed] or a mesh setting changes, one rebuild is
/// scheduled for the end of the frame (many edits in one frame give one rebuild). Automatic
/// rebuilds run on a worker thread and never block the main thread: the mesh shown is replaced
/// when the work is done ([signal generation_progress] on the way, [signal generation_finished]
/// at the end), a newer edit supersedes a rebuild still running, and freeing the node cancels
/// it. Call [method regenerate] to rebuild synchronously instead, or [method regenerate_async].
///
/// With [member collision_enabled], the terrain has a [StaticBody3D] with a [HeightMapShape3D]
/// through the mesh's heights at the cell corners; with [member trees_enabled], a
/// [MultiMeshInstance3D] shows a tree on every tree cell; where the map has water (lakes, rivers,
/// sea), a translucent [MeshInstance3D] shows the water surface ([member water_visible]). All are
/// internal children, rebuilt with the terrain and never saved into the scene. [method bake_mesh] freezes the result into a
/// resource file for [member baked_mesh], which is then shown without generating.
///
/// Rebuilds are cached: the generation pipeline (mountains, erosion, forests, colours) only runs
/// again when a generation parameter changed; a change of [member subdivisions],
/// [member roughness_strength], [member height_scale] or the generator's
/// [member DonjournoGenerator.cell_size] only re-tessellates; an unchanged input rebuilds nothing.
///
/// The mesh is one [ArrayMesh] surface (a flat-shaded triangle list with vertex colours) spanning
/// `[0, width × cell_size] × [0, depth × cell_size]` on the node's local x and z axes, with
/// `y = height × height_scale`: its top is about the map's highest point times
/// [member height_scale]. It carries a [StandardMaterial3D] that uses the vertex colours as albedo;
/// set [member GeometryInstance3D.material_override] to use your own. The mesh is never saved
/// into the scene: a saved scene holds only the settings and regenerates the identical mesh when
/// loaded.
///
/// Bad settings (a zero-sized map, a coverage of 2, a mesh above the vertex budget, ...) are
/// reported with an error naming the property and the accepted range, and the previous mesh
/// stays in place.
///
/// Queries ([method get_height_at], [method get_terrain_at], [method get_water_level_at],
/// [method is_water_at], [method world_to_cell], [method cell_to_world]) take and return global positions and describe the mesh currently
/// shown. They assume the node is not tilted (rotation about the y axis, translation and scale
/// are fine).
#[derive(GodotClass)]
#[class(tool, base = MeshInstance3D)]
pub struct DonjournoTerrain {
    /// The generation parameters. Without a generator the terrain shows nothing.
    #[export]
    #[var(set)]
    generator: Option<Gd<DonjournoGenerator>>,

    /// Micro-quads per cell side, 1–64: each cell becomes `subdivisions² × 2` triangles.
    /// Changing it only re-tessellates.
    #[export_group(name = "Mesh")]
    #[export(range = (1.0, 64.0, 1.0))]
    #[var(set)]
    subdivisions: i32,

    /// Strength of the erosion-driven surface jitter, a factor of 0–4 (0 gives smooth slopes).
    /// Changing it only re-tessellates.
    #[export(range = (0.0, 4.0, 0.01))]
    #[var(set)]
    roughness_strength: f32,

    /// World units (metres) per height unit, 0.01–1000 or more: the mesh's y is the terrain
    /// height times this.
    /// Changing it only re-tessellates.
    #[export(range = (0.01, 1000.0, 0.01, or_greater, suffix = "m"))]
    #[var(set)]
    height_scale: f32,

    /// Give the terrain a collision body (on or off, default on): a [StaticBody3D] with a [HeightMapShape3D] through the
    /// mesh's heights at the cell corners, rebuilt with the terrain, never saved into the scene.
    #[export_group(name = "Collision", prefix = "collision_")]
    #[export]
    #[var(set)]
    collision_enabled: bool,

    /// Physics layers the terrain's collision body is in (bit mask of layers 1–32; default 1).
    #[export(flags_3d_physics)]
    #[var(set)]
    collision_layer: u32,

    /// Physics layers the terrain's collision body scans (bit mask of layers 1–32; default 1).
    #[export(flags_3d_physics)]
    #[var(set)]
    collision_mask: u32,

    /// Show a tree on every tree cell (on or off, default on): one [MultiMeshInstance3D] (one draw call), each tree
    /// moved off its cell centre by up to 0.3 cells, turned and scaled (0.75–1.25) by a hash of
    /// its cell, its foot on the surface. Never saved into the scene.
    #[export_group(name = "Trees")]
    #[export]
    #[var(set)]
    trees_enabled: bool,

    /// The mesh shown for each tree, foot at its origin. Empty: a built-in low-poly tree about
    /// 1.6 cells tall.
    #[export]
    #[var(set)]
    tree_mesh: Option<Gd<Mesh>>,

    /// Show the water surface (on or off, default on): a translucent [MeshInstance3D] with one
    /// quad per water cell (lake, river or sea) at its water level, rebuilt with the terrain,
    /// never saved into the scene. Without water cells there is no water surface.
    #[export_group(name = "Water", prefix = "water_")]
    #[export]
    #[var(set)]
    water_visible: bool,

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

    grid_cache: Option<CachedGrid>,
    /// The rebuild running on a worker thread, if any; replacing or dropping it cancels it.
    job: Option<Job>,
    /// The job's finished result while it is copied into Godot's arrays.
    staging: Option<Staging>,
    shown: Option<Shown>,
    array_mesh: Option<Gd<ArrayMesh>>,
    /// The byte streams of the surface shown (shared with Godot), reused by the next rebuild of
    /// the same size.
    streams: Option<(PackedByteArray, PackedByteArray)>,
    material: Option<Gd<StandardMaterial3D>>,
    body: Option<Gd<StaticBody3D>>,
    trees: Option<Gd<MultiMeshInstance3D>>,
    water: Option<Gd<MeshInstance3D>>,
    water_material: Option<Gd<StandardMaterial3D>>,
    /// The built-in tree and the cell size it was built for.
    built_in_tree: Option<(f32, Gd<ArrayMesh>)>,
    rebuild_scheduled: bool,
    pipeline_runs: u64,
    mesh_runs: u64,
    last_stats: VarDictionary,
    last_error: String,

    base: Base<MeshInstance3D>,
}

#[godot_api]
impl IMeshInstance3D for DonjournoTerrain {
    fn init(base: Base<MeshInstance3D>) -> Self {
        let defaults = MeshParams::default();
        DonjournoTerrain {
            generator: None,
            subdivisions: defaults.subdivisions as i32,
            roughness_strength: defaults.roughness_strength,
            height_scale: defaults.height_scale,
            collision_enabled: true,
            collision_layer: 1,
            collision_mask: 1,
            trees_enabled: true,
            tree_mesh: None,
            water_visible: true,
            baked_mesh: None,
            auto_regenerate: true,
            regenerate_button: PhantomVar::default(),
            grid_cache: None,
            job: None,
            staging: None,
            shown: None,
            array_mesh: None,
            streams: None,
            material: None,
            body: None,
            trees: None,
            water: None,
            water_material: None,
            built_in_tree: None,
            rebuild_scheduled: false,
            pipeline_runs: 0,
            mesh_runs: 0,
            last_stats: VarDictionary::new(),
            last_error: String::new(),
            base,
        }
    }

    fn ready(&mut self) {
        if self.baked_mesh.is_some() {
            self.show_baked();
        } else if self.auto_regenerate && self.shown.is_none() && self.job.is_none() {
            self.rebuild_async();
        }
    }

    fn process(&mut self, _delta: f64) {
        self.poll_job();
    }

    fn get_configuration_warnings(&self) -> PackedStringArray {
        let mut warnings = PackedStringArray::new();
        if self.generator.is_none() && self.baked_mesh.is_none() {
            warnings.push("Assign a DonjournoGenerator to \"generator\" to see a terrain.");
        }
        if !self.last_error.is_empty() {
            warnings.push(&format!("The last rebuild failed: {}", self.last_error));
        }
        warnings
    }

    fn on_validate_property(&self, property: &mut PropertyInfo) {
        // The mesh is generated: shown in the inspector, never written to the scene file.
        if property.property_name == "mesh" {
            let usage = property.usage.ord() & !PropertyUsageFlags::STORAGE.ord();
            property.usage = PropertyUsageFlags::from_ord(usage) | PropertyUsageFlags::READ_ONLY;
        }
    }
}

#[godot_api]
impl DonjournoTerrain {
    /// Emitted after every rebuild that changed the mesh. `stats` holds: `pipeline_ms`
    /// (generation time of this rebuild, 0 when the cached grid was reused), `mesh_ms`
    /// (tessellation), `upload_ms` (handing the buffers to the [ArrayMesh]), `total_ms`,
    /// `vertex_count`, `pipeline_runs` and `mesh_runs` (counts since the node was created),
    /// `pipeline_cached` (whether the grid was reused), `grid_hash`, `max_height`, `width`,
    /// `depth` and `subdivisions`.
    #[signal]
    pub fn generation_finished(stats: VarDictionary);

    /// Emitted while a background rebuild ([method regenerate_async], automatic rebuilds) runs,
    /// with the fraction done, 0–1 (rising).
    #[signal]
    pub fn generation_progress(fraction: f32);

    /// Off the terrain.
    #[constant]
    pub const TERRAIN_NONE: i32 = -1;
    /// Flat, walkable land.
    #[constant]
    pub const TERRAIN_GRASS: i32 = Terrain::Grass as i32;
    /// Elevated ground in the mountain pool.
    #[constant]
    pub const TERRAIN_MOUNTAIN: i32 = Terrain::Mountain as i32;
    /// Grass planted with a tree.
    #[constant]
    pub const TERRAIN_TREE: i32 = Terrain::Tree as i32;
    /// Lake, river or sea.
    #[constant]
    pub const TERRAIN_WATER: i32 = Terrain::Water as i32;

    /// Sets [member generator] and schedules a rebuild.
    #[func]
    pub fn set_generator(&mut self, generator: Option<Gd<DonjournoGenerator>>) {
        if self.generator == generator {
            return;
        }
        let callable = Callable::from_object_method(&self.to_gd(), CHANGED_METHOD);
        if let Some(mut old) = self.generator.take() {
            if old.is_connected("changed", &callable) {
                old.disconnect("changed", &callable);
            }
        }
        if let Some(new) = &generator {
            new.clone().connect("changed", &callable);
        }
        self.generator = generator;
        self.base_mut().update_configuration_warnings();
        self.schedule_rebuild();
    }

    /// Sets [member subdivisions] and schedules a rebuild.
    #[func]
    pub fn set_subdivisions(&mut self, value: i32) {
        if self.subdivisions != value {
            self.subdivisions = value;
            self.schedule_rebuild();
        }
    }

    /// Sets [member roughness_strength] and schedules a rebuild.
    #[func]
    pub fn set_roughness_strength(&mut self, value: f32) {
        if self.roughness_strength != value {
            self.roughness_strength = value;
            self.schedule_rebuild();
        }
    }

    /// Sets [member height_scale] and schedules a rebuild.
    #[func]
    pub fn set_height_scale(&mut self, value: f32) {
        if self.height_scale != value {
            self.height_scale = value;
            self.schedule_rebuild();
        }
    }

    /// Sets [member collision_enabled] and builds or removes the collision body.
    #[func]
    pub fn set_collision_enabled(&mut self, value: bool) {
        if self.collision_enabled != value {
            self.collision_enabled = value;
            self.update_collision();
        }
    }

    /// Sets [member collision_layer].
    #[func]
    pub fn set_collision_layer(&mut self, value: u32) {
        self.collision_layer = value;
        if let Some(body) = &mut self.body {
            body.set_collision_layer(value);
        }
    }

    /// Sets [member collision_mask].
    #[func]
    pub fn set_collision_mask(&mut self, value: u32) {
        self.collision_mask = value;
        if let Some(body) = &mut self.body {
            body.set_collision_mask(value);
        }
    }

    /// Sets [member trees_enabled] and builds or removes the trees.
    #[func]
    pub fn set_trees_enabled(&mut self, value: bool) {
        if self.trees_enabled != value {
            self.trees_enabled = value;
            self.update_trees();
        }
    }

    /// Sets [member tree_mesh] and rebuilds the trees.
    #[func]
    pub fn set_tree_mesh(&mut self, value: Option<Gd<Mesh>>) {
        if self.tree_mesh != value {
            self.tree_mesh = value;
            self.update_trees();
        }
    }

    /// Sets [member water_visible] and shows or hides the water surface.
    #[func]
    pub fn set_water_visible(&mut self, value: bool) {
        self.water_visible = value;
        if let Some(water) = &mut self.water {
            water.set_visible(value);
        }
    }

    /// Sets [member baked_mesh]: shows it at once, or schedules a rebuild when cleared.
    #[func]
    pub fn set_baked_mesh(&mut self, value: Option<Gd<Mesh>>) {
        if self.baked_mesh == value {
            return;
        }
        self.baked_mesh = value;
        self.base_mut().update_configuration_warnings();
        if self.baked_mesh.is_some() {
            self.rebuild_scheduled = false;
            self.show_baked();
        } else {
            self.base_mut().set_mesh(Gd::null_arg());
            self.shown = None;
            self.update_collision();
            self.update_trees();
            extras::remove(&mut self.water);
            self.schedule_rebuild();
        }
    }

    /// Saves the mesh shown as a resource file (`.res` or `.tres`), with the collision heights
    /// and the tree transforms as metadata, for [member baked_mesh]. The water surface, if any,
    /// is its second surface. Returns `OK`, or the error
    /// of [method ResourceSaver.save]; `ERR_UNCONFIGURED` when there is no mesh to save.
    #[func]
    pub fn bake_mesh(&mut self, path: GString) -> godot::global::Error {
        let Some(mesh) = self.baked_copy() else {
            godot_error!("DonjournoTerrain.bake_mesh(): no terrain to bake; regenerate first");
            return godot::global::Error::ERR_UNCONFIGURED;
        };
        let error = ResourceSaver::singleton()
            .save_ex(&mesh)
            .path(&path)
            .flags(SaverFlags::COMPRESS)
            .done();
        if error != godot::global::Error::OK {
            godot_error!("DonjournoTerrain.bake_mesh(): cannot save \"{path}\": {error:?}");
        }
        error
    }

    /// The collision body (an internal child), or `null` when there is none.
    #[func]
    pub fn get_collision_body(&self) -> Option<Gd<StaticBody3D>> {
        self.body.clone()
    }

    /// The trees' [MultiMeshInstance3D] (an internal child), or `null` when there is none.
    #[func]
    pub fn get_trees_instance(&self) -> Option<Gd<MultiMeshInstance3D>> {
        self.trees.clone()
    }

    /// The water surface's [MeshInstance3D] (an internal child), or `null` when the terrain
    /// shown has no water.
    #[func]
    pub fn get_water_instance(&self) -> Option<Gd<MeshInstance3D>> {
        self.water.clone()
    }

    /// The local transforms of the trees shown (the instances of [method get_trees_instance]'s
    /// multimesh, in order); empty when [member trees_enabled] is off or nothing is shown.
    #[func]
    pub fn get_tree_transforms(&self) -> Array<Transform3D> {
        let Some(shown) = self.shown.as_ref().filter(|_| self.trees_enabled) else {
            return Array::new();
        };
        donjourno::placement::tree_instances(&shown.grid, &shown.mesh_params)
            .unwrap_or_default()
            .iter()
            .map(extras::tree_transform)
            .collect()
    }

    /// Sets [member auto_regenerate]; turning it on schedules a rebuild.
    #[func]
    pub fn set_auto_regenerate(&mut self, value: bool) {
        self.auto_regenerate = value;
        self.schedule_rebuild();
    }

    /// Rebuilds now what the inputs require (nothing, the mesh, or the grid and the mesh) and
    /// cancels a scheduled rebuild. Returns `false` after reporting an error, in which case the
    /// previous mesh stays in place. Emits [signal generation_finished] when the mesh changed.
    ///
    /// Blocks until done; a background rebuild still running is cancelled.
    #[func]
    pub fn regenerate(&mut self) -> bool {
        self.rebuild_scheduled = false;
        self.rebuild()
    }

    /// Starts a rebuild on a worker thread and returns at once; cancels a scheduled rebuild and
    /// supersedes a background rebuild still running (its result is never shown). The mesh is
    /// replaced when the work is done, with [signal generation_progress] on the way and
    /// [signal generation_finished] at the end. Returns `false` after reporting an error in the
    /// settings (the previous mesh stays); an unchanged input starts nothing. Where no thread can
    /// start (a Web build without threads), rebuilds synchronously.
    #[func]
    pub fn regenerate_async(&mut self) -> bool {
        self.rebuild_scheduled = false;
        self.rebuild_async()
    }

    /// Whether a background rebuild is running.
    #[func]
    pub fn is_generating(&self) -> bool {
        self.job.is_some()
    }

    /// Forgets the cached grid and mesh settings, so that the next rebuild runs the whole
    /// pipeline again (the mesh shown is kept until then).
    #[func]
    pub fn clear_cache(&mut self) {
        self.grid_cache = None;
        if let Some(shown) = &mut self.shown {
            // Make the next rebuild differ from what is shown.
            shown.mesh_params.subdivisions = 0;
        }
    }

    /// Whether a rebuild is scheduled for the end of the frame.
    #[func]
    pub fn is_rebuild_scheduled(&self) -> bool {
        self.rebuild_scheduled
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

    /// The grid the mesh shows, or `null` before the first successful rebuild.
    #[func]
    pub fn get_map(&self) -> Option<Gd<DonjournoMap>> {
        let shown = self.shown.as_ref()?;
        Some(DonjournoMap::create(
            shown.grid.clone(),
            &shown.stats,
            shown.mesh_params.cell_size,
            shown.time,
        ))
    }

    /// Whether the vertical line through the global point `(x, z)` meets the terrain.
    #[func]
    pub fn has_point(&self, x: f32, z: f32) -> bool {
        let (lx, lz) = self.local_xz(x, z);
        self.surface_local(lx, lz).is_some()
    }

    /// Global y of the terrain surface above the global point `(x, z)`: exactly on the mesh's
    /// triangles. Off the terrain (or before the first rebuild), the y of the node's own
    /// ground plane (local y = 0).
    #[func]
    pub fn get_height_at(&self, x: f32, z: f32) -> f32 {
        let (lx, lz) = self.local_xz(x, z);
        let ly = self.surface_local(lx, lz).unwrap_or(0.0);
        (self.node_transform() * Vector3::new(lx, ly, lz)).y
    }

    /// Terrain class of the cell under the global point `(x, z)`: one of the `TERRAIN_*`
    /// constants, [constant TERRAIN_NONE] off the terrain.
    #[func]
    pub fn get_terrain_at(&self, x: f32, z: f32) -> i32 {
        let cell = self.world_to_cell(Vector3::new(x, 0.0, z));
        self.shown
            .as_ref()
            .and_then(|s| {
                s.grid
                    .contains(i64::from(cell.x), i64::from(cell.y))
                    .then(|| s.grid.terrain[s.grid.index(cell.x as usize, cell.y as usize)] as i32)
            })
            .unwrap_or(Self::TERRAIN_NONE)
    }

    /// Global y of the water surface above the global point `(x, z)`: exactly on the water
    /// surface's triangles. `NAN` where the cell under the point is not water, off the terrain,
    /// before the first rebuild and on a baked terrain (test with `is_nan()`).
    #[func]
    pub fn get_water_level_at(&self, x: f32, z: f32) -> f32 {
        let (lx, lz) = self.local_xz(x, z);
        self.shown
            .as_ref()
            .and_then(|s| water_mesh::water_height(&s.grid, &s.mesh_params, lx, lz))
            .map_or(f32::NAN, |ly| {
                (self.node_transform() * Vector3::new(lx, ly, lz)).y
            })
    }

    /// Whether the cell under the global point `(x, z)` is water (lake, river or sea): the same
    /// as [method get_terrain_at] giving [constant TERRAIN_WATER].
    #[func]
    pub fn is_water_at(&self, x: f32, z: f32) -> bool {
        self.get_terrain_at(x, z) == Self::TERRAIN_WATER
    }

    /// The cell `(x, z)` under a global position (its y is ignored). The result may lie off
    /// the grid: check it with [method DonjournoMap.has_cell].
    #[func]
    pub fn world_to_cell(&self, position: Vector3) -> Vector2i {
        let (lx, lz) = self.local_xz(position.x, position.z);
        let cell = self.cell_size();
        Vector2i::new(
            (lx / cell).floor().clamp(i32::MIN as f32, i32::MAX as f32) as i32,
            (lz / cell).floor().clamp(i32::MIN as f32, i32::MAX as f32) as i32,
        )
    }

    /// The global position of the centre of cell `(x, z)` on the terrain surface.
    #[func]
    pub fn cell_to_world(&self, cell: Vector2i) -> Vector3 {
        let size = self.cell_size();
        let (lx, lz) = ((cell.x as f32 + 0.5) * size, (cell.y as f32 + 0.5) * size);
        let ly = self.surface_local(lx, lz).unwrap_or(0.0);
        self.node_transform() * Vector3::new(lx, ly, lz)
    }

    /// Receives the generator's `changed` signal.
    #[func]
    fn _on_generator_changed(&mut self) {
        self.schedule_rebuild();
    }

    /// Carries out the rebuild scheduled by [method schedule_rebuild], once per frame.
    #[func]
    fn _flush_scheduled_rebuild(&mut self) {
        if std::mem::take(&mut self.rebuild_scheduled) {
            self.rebuild_async();
        }
    }
}

impl DonjournoTerrain {
    fn regenerate_from_inspector(&mut self) {
        self.clear_cache();
        self.regenerate_async();
    }

    /// Schedules one rebuild at the end of the frame, if automatic rebuilds are on.
    fn schedule_rebuild(&mut self) {
        if !self.auto_regenerate || self.rebuild_scheduled {
            return;
        }
        self.rebuild_scheduled = true;
        self.base_mut().call_deferred(FLUSH_METHOD, &[]);
    }

    /// Rebuilds what the inputs require, now; reports failures. Returns whether it succeeded.
    fn rebuild(&mut self) -> bool {
        self.cancel_job();
        let result = self.prepare().and_then(|plan| match plan {
            Some(plan) => self.execute(plan).map(Some),
            None => Ok(None),
        });
        self.finish(result)
    }

    /// Starts a background rebuild of what the inputs require (synchronous where no thread can
    /// start); reports invalid settings at once. Returns whether nothing failed so far.
    fn rebuild_async(&mut self) -> bool {
        self.cancel_job();
        let plan = match self.prepare() {
            Ok(Some(plan)) => plan,
            other => return self.finish(other.map(|_| None)),
        };
        let cached = self.grid_cache.clone();
        match Job::start(plan.params, plan.mesh_params, plan.vertex_count, cached) {
            Some(job) => {
                self.job = Some(job);
                self.base_mut().set_process(true);
                true
            }
            None => {
                let result = self.execute(plan).map(Some);
                self.finish(result)
            }
        }
    }

    /// Drops the background rebuild, if any (its worker stops at the next progress report).
    fn cancel_job(&mut self) {
        self.staging = None;
        if self.job.take().is_some() {
            self.base_mut().set_process(false);
        }
    }

    /// Forwards the background rebuild's progress and applies its result.
    fn poll_job(&mut self) {
        if self.staging.is_some() {
            self.stage_next_chunk();
            return;
        }
        let Some(job) = &mut self.job else {
            return;
        };
        match job.poll() {
            Poll::Running => {}
            Poll::Progress(fraction) => {
                self.signals().generation_progress().emit(fraction);
            }
            Poll::Done(Ok(output)) => {
                self.staging = Some(Staging {
                    output,
                    vertex: PackedByteArray::new(),
                    attributes: PackedByteArray::new(),
                    time: Duration::ZERO,
                });
                self.stage_next_chunk();
            }
            Poll::Done(Err(e)) => {
                self.job = None;
                self.base_mut().set_process(false);
                self.finish(Err(e));
            }
        }
    }

    /// Copies the next part of the finished streams into Godot's arrays (at most
    /// [`STAGING_BYTES_PER_FRAME`] per frame, so that a large mesh never stalls a frame), and
    /// shows the result once all is copied.
    fn stage_next_chunk(&mut self) {
        let Some(staging) = &mut self.staging else {
            return;
        };
        if !staging.copy(STAGING_BYTES_PER_FRAME) {
            return;
        }
        let staging = self.staging.take().expect("checked above");
        let job = self.job.take().expect("a staged result belongs to a job");
        self.base_mut().set_process(false);
        let stats = self.apply(&job, staging);
        self.finish(Ok(Some(stats)));
    }

    /// Shows a background rebuild's result; returns its statistics.
    fn apply(&mut self, job: &Job, staging: Staging) -> VarDictionary {
        let Staging {
            output,
            vertex,
            attributes,
            time: staging_time,
        } = staging;
        let output = *output;
        if output.pipeline_ran {
            self.pipeline_runs += 1;
        }
        self.mesh_runs += 1;
        let upload_start = Instant::now();
        drop(output.vertex);
        drop(output.attributes);
        self.upload(output.vertex_count, vertex, attributes, output.aabb);
        self.update_water(&output.water);
        let upload_time = upload_start.elapsed() + staging_time;
        let stats = output.grid.stats.clone();
        self.shown = Some(Shown {
            params: job.params,
            mesh_params: job.mesh_params,
            grid: output.grid.grid.clone(),
            stats: stats.clone(),
            time: output.grid.time,
        });
        self.grid_cache = Some(output.grid);
        self.update_collision();
        self.update_trees();
        self.stats_dictionary(
            &job.params,
            &job.mesh_params,
            &stats,
            [
                output.pipeline_time,
                output.mesh_time,
                upload_time,
                job.started.elapsed(),
            ],
            output.vertex_count,
            !output.pipeline_ran,
        )
    }

    /// Records the outcome of a rebuild: emits [signal generation_finished] after a new mesh,
    /// reports an error (the previous mesh stays). Returns whether it succeeded.
    fn finish(&mut self, result: Result<Option<VarDictionary>, String>) -> bool {
        let had_error = !self.last_error.is_empty();
        let ok = match result {
            Ok(Some(stats)) => {
                self.last_error.clear();
                self.last_stats = stats.clone();
                self.signals().generation_finished().emit(&stats);
                true
            }
            Ok(None) => {
                self.last_error.clear();
                true
            }
            Err(message) => {
                let name = self.base().get_name();
                godot_error!("DonjournoTerrain \"{name}\": {message}; the previous mesh is kept");
                self.last_error = message;
                false
            }
        };
        let has_error = !self.last_error.is_empty();
        if had_error != has_error {
            self.base_mut().update_configuration_warnings();
        }
        ok
    }

    /// The mesh settings of this node with the generator's cell size, validated, with errors
    /// naming the Godot properties.
    fn mesh_params(&self, cell_size: f32) -> Result<MeshParams, String> {
        let subdivisions = u32::try_from(self.subdivisions).map_err(|_| {
            ParamError {
                field: "subdivisions",
                expected: format!("a whole number in [1, {MAX_SUBDIVISIONS}]"),
                got: self.subdivisions.to_string(),
            }
            .to_string()
        })?;
        let params = MeshParams {
            subdivisions,
            roughness_strength: self.roughness_strength,
            cell_size,
            height_scale: self.height_scale,
        };
        params
            .validate()
            .map_err(|e| convert::property_message(&e))?;
        Ok(params)
    }

    /// Validates the inputs and says what to rebuild: `Ok(None)` when nothing has to change
    /// (or a baked mesh is shown instead).
    fn prepare(&mut self) -> Result<Option<Plan>, String> {
        if self.baked_mesh.is_some() {
            self.show_baked();
            return Ok(None);
        }
        let Some(generator) = self.generator.clone() else {
            self.clear_mesh();
            return Ok(None);
        };
        let (params, cell_size) = {
            let g = generator.bind();
            (g.checked_params()?, g.cell_size())
        };
        let mesh_params = self.mesh_params(cell_size)?;
        let vertices = mesh_params.vertex_count(params.width as usize, params.depth as usize);
        if vertices > MAX_VERTICES {
            // Refuse before spending time on the pipeline.
            return Err(MeshError::OverBudget {
                vertices,
                width: params.width as usize,
                depth: params.depth as usize,
                subdivisions: mesh_params.subdivisions,
            }
            .to_string());
        }
        if self
            .shown
            .as_ref()
            .is_some_and(|s| s.params == params && s.mesh_params == mesh_params)
            && self.mesh_is_attached()
        {
            return Ok(None);
        }
        Ok(Some(Plan {
            params,
            mesh_params,
            vertex_count: vertices as usize,
        }))
    }

    /// Rebuilds on the calling thread; returns the statistics.
    fn execute(&mut self, plan: Plan) -> Result<VarDictionary, String> {
        let Plan {
            params,
            mesh_params,
            vertex_count,
        } = plan;
        let start = Instant::now();
        let cached = self.grid_cache.as_ref().is_some_and(|c| c.params == params);
        let mut pipeline_time = Duration::ZERO;
        if !cached {
            let (grid, stats, time) = convert::run_pipeline(&params)?;
            self.pipeline_runs += 1;
            pipeline_time = time;
            self.grid_cache = Some(CachedGrid {
                params,
                grid: Arc::new(grid),
                stats,
                time,
            });
        }
        let cache = self.grid_cache.as_ref().expect("filled above");
        let (grid, stats, grid_time) = (cache.grid.clone(), cache.stats.clone(), cache.time);

        let upload_start = Instant::now();
        let (mut vertex_data, mut attribute_data) = self.stream_buffers(vertex_count);
        let (aabb, mesh_time) = convert::run_packed_mesh(
            &grid,
            &mesh_params,
            vertex_data.as_mut_slice(),
            attribute_data.as_mut_slice(),
        )
        .inspect_err(|_| {
            // Only an internal error gets here (inputs are validated above); if the surface was
            // released for reuse, nothing is shown any more.
            if self
                .array_mesh
                .as_ref()
                .is_some_and(|m| m.get_surface_count() == 0)
            {
                self.shown = None;
            }
        })?;
        let water = convert::run_water_mesh(&grid, &mesh_params)?;
        self.mesh_runs += 1;
        self.upload(vertex_count, vertex_data, attribute_data, aabb);
        self.update_water(&water);
        let upload_time = upload_start.elapsed().saturating_sub(mesh_time);

        self.shown = Some(Shown {
            params,
            mesh_params,
            grid,
            stats: stats.clone(),
            time: grid_time,
        });
        self.update_collision();
        self.update_trees();
        Ok(self.stats_dictionary(
            &params,
            &mesh_params,
            &stats,
            [pipeline_time, mesh_time, upload_time, start.elapsed()],
            vertex_count,
            cached,
        ))
    }

    /// The statistics of a rebuild (see [signal generation_finished]); `times` are the
    /// pipeline, mesh, upload and total times.
    fn stats_dictionary(
        &self,
        params: &GeneratorParams,
        mesh_params: &MeshParams,
        stats: &GenerationStats,
        times: [Duration; 4],
        vertex_count: usize,
        cached: bool,
    ) -> VarDictionary {
        let [pipeline_time, mesh_time, upload_time, total_time] = times;
        let mut d = VarDictionary::new();
        convert::put(&mut d, "pipeline_ms", convert::ms(pipeline_time));
        convert::put(&mut d, "mesh_ms", convert::ms(mesh_time));
        convert::put(&mut d, "upload_ms", convert::ms(upload_time));
        convert::put(&mut d, "total_ms", convert::ms(total_time));
        convert::put(&mut d, "vertex_count", vertex_count as i64);
        convert::put(&mut d, "pipeline_runs", self.pipeline_runs as i64);
        convert::put(&mut d, "mesh_runs", self.mesh_runs as i64);
        convert::put(&mut d, "pipeline_cached", cached);
        convert::put(&mut d, "grid_hash", convert::hash_int(stats.grid_hash));
        convert::put(&mut d, "max_height", stats.max_height);
        convert::put(&mut d, "width", params.width as i64);
        convert::put(&mut d, "depth", params.depth as i64);
        convert::put(&mut d, "subdivisions", mesh_params.subdivisions as i64);
        d
    }

    /// Whether the node displays this terrain's own mesh.
    fn mesh_is_attached(&self) -> bool {
        match (&self.array_mesh, self.base().get_mesh()) {
            (Some(ours), Some(current)) => current == ours.clone().upcast(),
            _ => false,
        }
    }

    /// Byte streams for a surface of `vertex_count` vertices.
    ///
    /// A fresh buffer costs the system time to map and clear its memory (about 150 MB at the
    /// vertex budget's 40 %); a rebuild of the same size (erosion or roughness tuning) instead
    /// reuses the streams of the surface shown, after the mesh lets go of them. Every byte is
    /// overwritten by the mesh builder, which validates all inputs before this point.
    fn stream_buffers(&mut self, vertex_count: usize) -> (PackedByteArray, PackedByteArray) {
        let sizes = (
            vertex_count * convert::VERTEX_STREAM_BYTES,
            vertex_count * convert::ATTRIBUTE_STREAM_BYTES,
        );
        match self.streams.take() {
            Some((vertex, attributes)) if (vertex.len(), attributes.len()) == sizes => {
                // The surface holds the same streams: release it so that writing does not copy.
                if let Some(mesh) = &mut self.array_mesh {
                    mesh.clear_surfaces();
                }
                (vertex, attributes)
            }
            _ => {
                let (mut vertex, mut attributes) = (PackedByteArray::new(), PackedByteArray::new());
                vertex.resize(sizes.0);
                attributes.resize(sizes.1);
                (vertex, attributes)
            }
        }
    }

    /// Replaces the mesh's surface by streams already in Godot's surface format.
    ///
    /// The surface is handed over the way Godot loads a saved mesh (`ArrayMesh._surfaces`):
    /// the byte streams are shared with the engine as they are, with no per-vertex conversion.
    /// The Godot tests check that this gives the very bytes `add_surface_from_arrays` would.
    fn upload(
        &mut self,
        vertex_count: usize,
        vertex_data: PackedByteArray,
        attribute_data: PackedByteArray,
        aabb: Aabb,
    ) {
        let material = self
            .material
            .get_or_insert_with(extras::vertex_color_material)
            .clone();
        let mut surface = VarDictionary::new();
        convert::put(&mut surface, "format", surface_format());
        convert::put(&mut surface, "primitive", PrimitiveType::TRIANGLES.ord());
        convert::put(&mut surface, "vertex_data", vertex_data.clone());
        convert::put(&mut surface, "attribute_data", attribute_data.clone());
        convert::put(&mut surface, "vertex_count", vertex_count as i64);
        convert::put(&mut surface, "aabb", aabb);
        convert::put(&mut surface, "material", material);
        let mut surfaces = VarArray::new();
        surfaces.push(&surface.to_variant());
        let mut array_mesh = self
            .array_mesh
            .get_or_insert_with(ArrayMesh::new_gd)
            .clone();
        array_mesh.set("_surfaces", &surfaces.to_variant());
        self.streams = Some((vertex_data, attribute_data));
        if !self.mesh_is_attached() {
            self.base_mut().set_mesh(&array_mesh);
        }
    }

    /// Removes the terrain's surface (no generator).
    fn clear_mesh(&mut self) {
        if let Some(mesh) = &mut self.array_mesh {
            mesh.clear_surfaces();
        }
        self.streams = None;
        self.shown = None;
        self.update_collision();
        self.update_trees();
        extras::remove(&mut self.water);
    }

    /// Shows [member baked_mesh] and the collision and trees baked with it.
    fn show_baked(&mut self) {
        self.cancel_job();
        let Some(baked) = self.baked_mesh.clone() else {
            return;
        };
        if self.base().get_mesh().as_ref() != Some(&baked) {
            self.base_mut().set_mesh(&baked);
        }
        self.shown = None;
        self.update_collision();
        self.update_trees();
        // The baked mesh carries its water as a surface of its own.
        extras::remove(&mut self.water);
    }

    /// A copy of the mesh shown, with the collision heights and tree transforms as metadata.
    fn baked_copy(&self) -> Option<Gd<ArrayMesh>> {
        if let Some(baked) = &self.baked_mesh {
            return baked.clone().try_cast::<ArrayMesh>().ok();
        }
        let shown = self.shown.as_ref()?;
        let mesh = self.array_mesh.as_ref()?;
        let mut copy = mesh.duplicate_resource();
        if let Some(water) = self.water.as_ref().and_then(|w| w.get_mesh()) {
            if water.get_surface_count() > 0 {
                copy.add_surface_from_arrays(
                    PrimitiveType::TRIANGLES,
                    &water.surface_get_arrays(0),
                );
                if let Some(material) = water.surface_get_material(0) {
                    copy.surface_set_material(1, &material);
                }
            }
        }
        let heights = extras::HeightMap::of(&shown.grid, &shown.mesh_params).ok()?;
        let trees = donjourno::placement::tree_instances(&shown.grid, &shown.mesh_params).ok()?;
        copy.set_meta(
            META_MAP_SIZE,
            &Vector2i::new(heights.width as i32, heights.depth as i32).to_variant(),
        );
        copy.set_meta(META_CELL_SIZE, &heights.cell_size.to_variant());
        copy.set_meta(
            META_CORNER_HEIGHTS,
            &PackedFloat32Array::from(heights.heights.as_slice()).to_variant(),
        );
        copy.set_meta(META_TREES, &extras::tree_buffer(&trees).to_variant());
        Some(copy)
    }

    /// Builds, rebuilds or removes the collision body for the terrain shown.
    fn update_collision(&mut self) {
        let source = if !self.collision_enabled {
            None
        } else if let Some(baked) = &self.baked_mesh {
            baked_height_map(baked).map(Ok)
        } else {
            self.shown
                .as_ref()
                .map(|s| extras::HeightMap::of(&s.grid, &s.mesh_params))
        };
        let heights = match source {
            Some(Ok(h)) => h,
            Some(Err(e)) => {
                godot_error!("DonjournoTerrain: collision not built: {e}");
                return;
            }
            None => {
                extras::remove(&mut self.body);
                return;
            }
        };
        let (layer, mask) = (self.collision_layer, self.collision_mask);
        let mut body = self.body.take();
        let result = {
            // Adding a child calls back into the engine: let it re-enter this node.
            let guard = self.base_mut();
            let mut parent = guard.clone().upcast();
            extras::build_collision(&mut parent, &mut body, &heights, layer, mask)
        };
        self.body = body;
        if let Err(e) = result {
            godot_error!("DonjournoTerrain: collision not built: {e}");
        }
    }

    /// Builds, rebuilds or removes the trees for the terrain shown.
    fn update_trees(&mut self) {
        let source = if !self.trees_enabled {
            None
        } else if let Some(baked) = &self.baked_mesh {
            baked_trees(baked)
        } else {
            self.shown.as_ref().map(|s| {
                let trees = donjourno::placement::tree_instances(&s.grid, &s.mesh_params)
                    .unwrap_or_default();
                (extras::tree_buffer(&trees), s.mesh_params.cell_size)
            })
        };
        let Some((buffer, cell)) = source else {
            extras::remove(&mut self.trees);
            return;
        };
        let mesh = match &self.tree_mesh {
            Some(m) => m.clone(),
            None => {
                if self.built_in_tree.as_ref().is_none_or(|(c, _)| *c != cell) {
                    let material = self
                        .material
                        .get_or_insert_with(extras::vertex_color_material);
                    let mesh = extras::built_in_tree(extras::BUILT_IN_TREE_CELLS * cell, material);
                    self.built_in_tree = Some((cell, mesh));
                }
                self.built_in_tree
                    .as_ref()
                    .expect("built above")
                    .1
                    .clone()
                    .upcast()
            }
        };
        let mut trees = self.trees.take();
        let result = {
            let guard = self.base_mut();
            let mut parent = guard.clone().upcast();
            extras::build_trees(&mut parent, &mut trees, &buffer, &mesh)
        };
        self.trees = trees;
        if let Err(e) = result {
            godot_error!("DonjournoTerrain: trees not built: {e}");
        }
    }

    /// Shows the water surface built with the terrain, or removes it when there is no water.
    fn update_water(&mut self, water: &donjourno::mesh::Mesh) {
        let material = self
            .water_material
            .get_or_insert_with(extras::water_material)
            .clone();
        let Some(mesh) = extras::array_mesh(water, &material) else {
            extras::remove(&mut self.water);
            return;
        };
        let visible = self.water_visible;
        let mut node = self.water.take();
        {
            let guard = self.base_mut();
            let mut parent = guard.clone().upcast();
            extras::build_water(&mut parent, &mut node, &mesh.upcast(), visible);
        }
        self.water = node;
    }

    /// World size of a cell in the mesh shown, else in the generator.
    fn cell_size(&self) -> f32 {
        self.shown
            .as_ref()
            .map(|s| s.mesh_params.cell_size)
            .or_else(|| self.generator.as_ref().map(|g| g.bind().cell_size()))
            .filter(|c| *c > 0.0)
            .unwrap_or(1.0)
    }

    /// The node's global transform in a tree, else its local one.
    fn node_transform(&self) -> Transform3D {
        if self.base().is_inside_tree() {
            self.base().get_global_transform()
        } else {
            self.base().get_transform()
        }
    }

    /// Local x and z of the global point `(x, ·, z)`.
    fn local_xz(&self, x: f32, z: f32) -> (f32, f32) {
        let local = self.node_transform().affine_inverse() * Vector3::new(x, 0.0, z);
        (local.x, local.z)
    }

    /// Local height of the shown surface at local `(x, z)`.
    fn surface_local(&self, x: f32, z: f32) -> Option<f32> {
        let shown = self.shown.as_ref()?;
        mesh::surface_height(&shown.grid, &shown.mesh_params, x, z)
    }
}

/// Metadata of a baked mesh: the map size in cells (`Vector2i`).
const META_MAP_SIZE: &str = "donjourno_map_size";
/// Metadata of a baked mesh: the cell size in world units.
const META_CELL_SIZE: &str = "donjourno_cell_size";
/// Metadata of a baked mesh: the corner heights (`PackedFloat32Array`, world units).
const META_CORNER_HEIGHTS: &str = "donjourno_corner_heights";
/// Metadata of a baked mesh: the tree transforms (`PackedFloat32Array`, 12 floats each).
const META_TREES: &str = "donjourno_trees";

/// A metadata entry of a mesh, nil when absent (without the error `get_meta` reports).
fn meta(mesh: &Gd<Mesh>, name: &str) -> Variant {
    mesh.get_meta_ex(name).default(&Variant::nil()).done()
}

/// The corner heights baked into a mesh, if any.
fn baked_height_map(mesh: &Gd<Mesh>) -> Option<extras::HeightMap> {
    let size = meta(mesh, META_MAP_SIZE).try_to::<Vector2i>().ok()?;
    Some(extras::HeightMap {
        width: usize::try_from(size.x).ok()?,
        depth: usize::try_from(size.y).ok()?,
        cell_size: meta(mesh, META_CELL_SIZE).try_to::<f32>().ok()?,
        heights: meta(mesh, META_CORNER_HEIGHTS)
            .try_to::<PackedFloat32Array>()
            .ok()?
            .to_vec(),
    })
}

/// The tree transforms baked into a mesh and its cell size, if any.
fn baked_trees(mesh: &Gd<Mesh>) -> Option<(PackedFloat32Array, f32)> {
    let buffer = meta(mesh, META_TREES).try_to::<PackedFloat32Array>().ok()?;
    let cell = meta(mesh, META_CELL_SIZE).try_to::<f32>().ok()?;
    Some((buffer, cell))
}

/// Format of the terrain's surface: positions, normals, tangents (derived from the normals, as
/// Godot derives them) and colours, in the surface layout of Godot 4.2 and later.
fn surface_format() -> i64 {
    let flags = ArrayFormat::VERTEX.ord()
        | ArrayFormat::NORMAL.ord()
        | ArrayFormat::TANGENT.ord()
        | ArrayFormat::COLOR.ord();
    (flags | RsArrayFormat::FLAG_FORMAT_VERSION_2.ord()) as i64
}
