//! The terrain's own properties and its signals (gdext registers both, and the accessors named
//! by `#[var(get, set)]`, from the class's one primary `#[godot_api]` block).
//!
//! Mesh settings schedule a rebuild; the collision, trees and water settings belong to their
//! components and update only their child node.

use crate::generator::DonjournoGenerator;
use crate::ground::textures::DonjournoGroundTextures;
use crate::terrain::planner::Request;
use crate::terrain::{__godot_DonjournoTerrain_Funcs, DonjournoTerrain};
use donjourno::params::terrain_entries;
use donjourno::params::MeshParams;
use donjourno::GeneratorParams;
use godot::classes::{Material, Mesh};
use godot::prelude::*;

terrain_mesh_accessors! {
#[godot_api]
impl DonjournoTerrain {
    /// Emitted after every rebuild that changed the mesh. `stats` holds: `pipeline_ms`
    /// (generation time of this rebuild, 0 when the cached grid was reused), `mesh_ms`
    /// (tessellation), `features_ms` (the core building the water, trees, scatter and settlement
    /// meshes), `upload_ms` (handing the buffers to the [ArrayMesh]), `total_ms`,
    /// `vertex_count`, `chunk_count` (chunks of a map drawn in chunks, 0 for one mesh),
    /// `chunks_built` (chunks whose meshes this rebuild made: when a map in chunks is generated
    /// again with the same mesh settings, only the chunks whose cells changed, as after moving a
    /// stamp on a map without erosion), `pipeline_runs` and `mesh_runs` (counts since the node was created),
    /// `pipeline_cached` (whether the grid was reused), `grid_hash`, `max_height`, `width`,
    /// `depth` and `subdivisions`; and how the surface reached the mesh: `upload_bytes` (bytes of
    /// its streams, and of the water's when a background rebuild copied a map's one water mesh
    /// too), `upload_parts` (frames a background rebuild took to copy them, at most
    /// [constant UPLOAD_BYTES_PER_FRAME] bytes and 4 ms each; 0 when the rebuild ran synchronously and
    /// wrote them in place), `upload_largest_part_bytes` (the most bytes copied in one frame) and
    /// `upload_reused` (whether the surface went into streams of its size the terrain already
    /// held, rather than fresh memory);
    /// `show_ms`, the main-thread time of showing the result, and `show_parts_ms`, the same time by
    /// part (`surface`, `water`, `settlements`, `collision`, `trees`, `navigation`).
    #[signal]
    pub fn generation_finished(stats: VarDictionary);

    /// Emitted when a navigation bake is in place (see [member navigation_enabled]): the
    /// terrain's [NavigationRegion3D]s hold the navigation mesh of the terrain shown.
    #[signal]
    pub fn navigation_baked();

    /// Emitted in an endless world when a tile arrives from its worker and starts to show (its
    /// meshes fill in over the next frames), with its `(x, z)` tile coordinates.
    #[signal]
    pub fn tile_loaded(tile: Vector2i);

    /// Emitted in an endless world when a tile beyond the stream radius is dropped.
    #[signal]
    pub fn tile_unloaded(tile: Vector2i);

    /// Emitted while a background rebuild ([method regenerate_async], automatic rebuilds) runs,
    /// with the fraction done, 0–1 (rising).
    #[signal]
    pub fn generation_progress(fraction: f32);

    /// Sets [member generator] and schedules a rebuild.
    #[func]
    pub fn set_generator(&mut self, generator: Option<Gd<DonjournoGenerator>>) {
        if self.generator == generator {
            return;
        }
        if let Some(link) = self.generator_link.take() {
            if link.is_connected() {
                link.disconnect();
            }
        }
        self.generator_link = generator.as_ref().map(|g| {
            g.signals()
                .changed()
                .connect_other(&*self, Self::schedule_rebuild)
        });
        self.generator = generator;
        self.base_mut().update_configuration_warnings();
        self.schedule_rebuild();
    }

    /// Whether the terrain has a collision body ([member collision_enabled]).
    #[func]
    pub fn get_collision_enabled(&self) -> bool {
        self.collision.enabled
    }

    /// Sets [member collision_enabled] and builds or removes the collision body.
    #[func]
    pub fn set_collision_enabled(&mut self, value: bool) {
        if self.collision.enabled != value {
            self.collision.enabled = value;
            self.update_collision();
        }
    }

    /// The physics layers of the collision body ([member collision_layer]).
    #[func]
    pub fn get_collision_layer(&self) -> u32 {
        self.collision.layer
    }

    /// Sets [member collision_layer].
    #[func]
    pub fn set_collision_layer(&mut self, value: u32) {
        self.collision.set_layer(value);
    }

    /// The physics layers the collision body scans ([member collision_mask]).
    #[func]
    pub fn get_collision_mask(&self) -> u32 {
        self.collision.mask
    }

    /// Sets [member collision_mask].
    #[func]
    pub fn set_collision_mask(&mut self, value: u32) {
        self.collision.set_mask(value);
    }

    /// Whether trees are shown ([member trees_enabled]).
    #[func]
    pub fn get_trees_enabled(&self) -> bool {
        self.trees.enabled
    }

    /// Sets [member trees_enabled] and builds or removes the trees.
    #[func]
    pub fn set_trees_enabled(&mut self, value: bool) {
        if self.trees.enabled != value {
            self.trees.enabled = value;
            self.update_trees();
            self.restyle_tile_plants();
        }
    }

    /// The species' mesh overrides ([member scatter_meshes]).
    #[func]
    pub fn get_scatter_meshes(&self) -> VarDictionary {
        self.scatter.overrides.clone()
    }

    /// Sets [member scatter_meshes] and rebuilds the species shown.
    #[func]
    pub fn set_scatter_meshes(&mut self, value: VarDictionary) {
        self.scatter.overrides = value;
        self.update_trees();
        self.restyle_tile_plants();
    }

    /// The mesh shown for each tree ([member tree_mesh]).
    #[func]
    pub fn get_tree_mesh(&self) -> Option<Gd<Mesh>> {
        self.trees.mesh.clone()
    }

    /// Sets [member tree_mesh] and rebuilds the trees.
    #[func]
    pub fn set_tree_mesh(&mut self, value: Option<Gd<Mesh>>) {
        if self.trees.mesh != value {
            self.trees.mesh = value;
            self.update_trees();
            self.restyle_tile_plants();
        }
    }

    /// Whether the water surface is shown ([member water_visible]).
    #[func]
    pub fn get_water_visible(&self) -> bool {
        self.water.visible
    }

    /// Sets [member water_visible] and shows or hides the water surface.
    #[func]
    pub fn set_water_visible(&mut self, value: bool) {
        self.water.set_visible(value);
        self.restyle_tile_water();
    }

    /// The material replacing the built-in ground materials ([member ground_material]).
    #[func]
    pub fn get_ground_material(&self) -> Option<Gd<Material>> {
        self.ground.material.clone()
    }

    /// Sets [member ground_material] and applies it to the ground shown.
    #[func]
    pub fn set_ground_material(&mut self, value: Option<Gd<Material>>) {
        if self.ground.material != value {
            self.ground.material = value;
            self.restyle_ground();
        }
    }

    /// The textures of the textured ground style ([member ground_textures]).
    #[func]
    pub fn get_ground_textures(&self) -> Option<Gd<DonjournoGroundTextures>> {
        self.ground.textures.clone()
    }

    /// Sets [member ground_textures] and applies them to the ground shown; editing them later
    /// applies the edit too.
    #[func]
    pub fn set_ground_textures(&mut self, value: Option<Gd<DonjournoGroundTextures>>) {
        if self.ground.textures == value {
            return;
        }
        if let Some(link) = self.ground_textures_link.take() {
            if link.is_connected() {
                link.disconnect();
            }
        }
        self.ground_textures_link = value.as_ref().map(|t| {
            t.signals()
                .changed()
                .connect_other(&*self, Self::on_ground_textures_changed)
        });
        self.ground.textures = value;
        self.on_ground_textures_changed();
    }

    /// The material replacing the built-in water shader ([member water_material]).
    #[func]
    pub fn get_water_material(&self) -> Option<Gd<Material>> {
        self.water.material.clone()
    }

    /// Sets [member water_material] and applies it to the water surface.
    #[func]
    pub fn set_water_material(&mut self, value: Option<Gd<Material>>) {
        if self.water.material != value {
            self.water.set_material(value);
            self.restyle_tile_water();
        }
    }

    /// The material replacing the built-in facade shader ([member buildings_material]).
    #[func]
    pub fn get_buildings_material(&self) -> Option<Gd<Material>> {
        self.settlements.material.clone()
    }

    /// Sets [member buildings_material] and applies it to the walls.
    #[func]
    pub fn set_buildings_material(&mut self, value: Option<Gd<Material>>) {
        if self.settlements.material != value {
            let storey = self.storey_height();
            self.settlements.set_material(value, storey);
        }
    }

    /// Sets [member baked_mesh]: shows it at once, or schedules a rebuild when cleared.
    #[func]
    pub fn set_baked_mesh(&mut self, value: Option<Gd<Mesh>>) {
        if self.baked_mesh != value {
            self.baked_mesh = value;
            self.baked_mesh_changed();
        }
    }

    /// Sets [member auto_regenerate]; turning it on schedules a rebuild.
    #[func]
    pub fn set_auto_regenerate(&mut self, value: bool) {
        self.auto_regenerate = value;
        self.schedule_rebuild();
    }
}
}

impl DonjournoTerrain {
    /// The inspector's "Regenerate" button: the whole pipeline again, in the background.
    pub(in crate::terrain) fn regenerate_from_inspector(&mut self) {
        self.rebuilds.forget();
        self.rebuilds.scheduled = false;
        self.rebuild(Request::Background);
    }

    /// The mesh settings of this node with the generator's world scale (cell size and height
    /// scale), validated, with errors naming the Godot properties.
    pub(in crate::terrain) fn mesh_params(
        &self,
        params: &GeneratorParams,
    ) -> Result<MeshParams, String> {
        let names: Vec<&str> = terrain_entries().iter().map(|p| p.name()).collect();
        let settings = self.store.checked_mesh(&names).map_err(|e| e.to_string())?;
        Ok(params.mesh_params(settings.mesh))
    }

    /// A scene saved before `height_scale` became the generator's sets it on the terrain: the
    /// value goes to the generator, with a warning that says where the property lives now.
    /// Returns whether the value was taken.
    pub(in crate::terrain) fn moved_height_scale(&mut self, value: &Variant) -> bool {
        let Ok(scale) = value.try_to::<f32>() else {
            return false;
        };
        godot_warn!(
            "DonjournoTerrain.height_scale is now DonjournoGenerator.height_scale; {scale} was \
             moved to the generator (save the scene to keep it there)"
        );
        // Deferred: the generator's `changed` reaches this terrain, which is busy here.
        if let Some(generator) = self.generator.as_mut() {
            generator.call_deferred("set", &["height_scale".to_variant(), scale.to_variant()]);
        }
        true
    }

    /// A mesh setting changed: rebuild (the navigation settings rebuild only the navigation
    /// mesh).
    fn on_param_changed(&mut self) {
        self.schedule_rebuild();
        self.update_navigation();
    }
}
