//! The terrain's internal nodes as scripts see them: the collision body, the trees, the water,
//! the chunks, the scatter and the navigation regions, and whether they are still being filled.

use crate::terrain::components::{scatter, trees};
use crate::terrain::show::shown::Display;
use crate::terrain::DonjournoTerrain;
use donjourno::stages::scatter::Species;
use godot::classes::{MeshInstance3D, MultiMeshInstance3D, NavigationRegion3D, StaticBody3D};
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// The collision body (an internal child), or `null` when there is none.
    #[func]
    pub fn get_collision_body(&self) -> Option<Gd<StaticBody3D>> {
        self.collision.body()
    }

    /// The trees' [MultiMeshInstance3D] (an internal child), or `null` when there is none or
    /// the map is drawn in chunks (see [method get_trees_instances]).
    #[func]
    pub fn get_trees_instance(&self) -> Option<Gd<MultiMeshInstance3D>> {
        self.trees.node()
    }

    /// The water surface's [MeshInstance3D] (an internal child), or `null` when the terrain
    /// shown has no water or is drawn in chunks (see [method get_water_instances]).
    #[func]
    pub fn get_water_instance(&self) -> Option<Gd<MeshInstance3D>> {
        self.water.node()
    }

    /// Every [MeshInstance3D] of the water: the one of [method get_water_instance], or on a map
    /// drawn in chunks one per chunk with water (those made so far while
    /// [method is_filling_chunks]).
    #[func]
    pub fn get_water_instances(&self) -> Array<Gd<MeshInstance3D>> {
        self.water.instances().into_iter().collect()
    }

    /// Every [MultiMeshInstance3D] of the tree cells' trees (without biomes): the one of [method get_trees_instance],
    /// or on a map drawn in chunks one per chunk with trees (those made so far while
    /// [method is_filling_chunks]).
    #[func]
    pub fn get_trees_instances(&self) -> Array<Gd<MultiMeshInstance3D>> {
        self.trees.instances().into_iter().collect()
    }

    /// The local transforms of the trees shown (the instances of [method get_trees_instance]'s
    /// multimesh, in order); empty when [member trees_enabled] is off or nothing is shown.
    #[func]
    pub fn get_tree_transforms(&self) -> Array<Transform3D> {
        let shown = self.shown.as_ref().filter(|s| s.grid.biome().is_empty());
        let Some(shown) = shown.filter(|_| self.trees.enabled) else {
            return Array::new();
        };
        trees::transforms(&shown.trees.concat())
    }

    /// Chunks of the map shown: 0 when it is one mesh (see [member chunk_size]).
    #[func]
    pub fn get_chunk_count(&self) -> i64 {
        self.chunks.count() as i64
    }

    /// On a map too large to hold every level of every chunk (above `2²⁶` vertices at full
    /// detail), the level each chunk holds, in chunk order (row by row): the one the current
    /// camera's distance asks for once built. Empty on other maps, whose chunks hold every
    /// level and switch them by visibility range.
    #[func]
    pub fn get_chunk_levels(&self) -> PackedInt32Array {
        self.chunks
            .held_levels()
            .into_iter()
            .map(|l| l as i32)
            .collect()
    }

    /// Whether chunk meshes, water, trees or scatter of the last rebuild are still being turned
    /// into nodes (a share per frame).
    #[func]
    pub fn is_filling_chunks(&self) -> bool {
        self.is_filling()
    }

    /// Species 0: conifer (spruce, pine).
    #[constant]
    pub const SPECIES_CONIFER: i32 = Species::Conifer as i32;
    /// Species 1: broadleaf (oak, beech, maple, cypress).
    #[constant]
    pub const SPECIES_BROADLEAF: i32 = Species::Broadleaf as i32;
    /// Species 2: birch.
    #[constant]
    pub const SPECIES_BIRCH: i32 = Species::Birch as i32;
    /// Species 3: palm.
    #[constant]
    pub const SPECIES_PALM: i32 = Species::Palm as i32;
    /// Species 4: acacia (flat crown).
    #[constant]
    pub const SPECIES_ACACIA: i32 = Species::Acacia as i32;
    /// Species 5: dead snag.
    #[constant]
    pub const SPECIES_DEAD_SNAG: i32 = Species::DeadSnag as i32;
    /// Species 6: cactus.
    #[constant]
    pub const SPECIES_CACTUS: i32 = Species::Cactus as i32;
    /// Species 7: shrub.
    #[constant]
    pub const SPECIES_SHRUB: i32 = Species::Shrub as i32;
    /// Species 8: boulder (on slopes, and scree below cliffs).
    #[constant]
    pub const SPECIES_BOULDER: i32 = Species::Boulder as i32;

    /// The local transforms of one species' instances (one of the `SPECIES_*` constants), in
    /// the order of its multimesh: for gameplay such as chopping trees or collision for
    /// boulders. Empty for an unknown species, without biomes, or when nothing is shown. The
    /// basis stretches a mesh of unit size to the instance's height and crown width in metres
    /// (see [member scatter_meshes]).
    #[func]
    pub fn get_scatter_instances(&self, species: i32) -> Array<Transform3D> {
        match u8::try_from(species).ok().and_then(Species::from_id) {
            Some(s) if !matches!(self.display(), Display::Nothing) => {
                scatter::transforms(self.scatter.buffer(s))
            }
            _ => Array::new(),
        }
    }

    /// The [MultiMeshInstance3D]s of one species (internal children): one per built-in variant
    /// with instances, or one for all its instances when [member scatter_meshes] replaces its
    /// mesh (on a map drawn in chunks, those of every chunk: up close, and named `…_far` with one
    /// instance in four from twice [member lod_distance] to eight); empty when it has no instance
    /// shown.
    #[func]
    pub fn get_scatter_nodes(&self, species: i32) -> Array<Gd<MultiMeshInstance3D>> {
        u8::try_from(species)
            .ok()
            .and_then(Species::from_id)
            .map_or_else(Array::new, |s| self.scatter.nodes(s))
    }

    /// The name of a species (`"conifer"` …), or an empty string for an unknown id.
    #[func]
    pub fn get_species_name(species: i32) -> GString {
        let name = u8::try_from(species)
            .ok()
            .and_then(Species::from_id)
            .map_or("", Species::name);
        GString::from(name)
    }

    /// Whether the navigation mesh is being baked (see [member navigation_enabled]); await
    /// [signal navigation_baked] for the end.
    #[func]
    pub fn is_baking_navigation(&self) -> bool {
        self.navigation.is_baking()
    }

    /// The terrain's [NavigationRegion3D]s: one per chunk for the ground (one for a map in one
    /// chunk), then, on a map with roads and [member navigation_road_cost] under 1, one per chunk
    /// with roads for its road cells, whose [member NavigationRegion3D.travel_cost] is
    /// [member navigation_road_cost]. Empty while [member navigation_enabled] is off or before
    /// the first bake finished.
    #[func]
    pub fn get_navigation_regions(&self) -> Array<Gd<NavigationRegion3D>> {
        self.navigation.regions().cloned().collect()
    }

    /// Wall time of the last navigation bake, from its start until the regions show it (the
    /// polygons built on a worker, then handed to the regions across frames), in milliseconds;
    /// 0 before the first.
    #[func]
    pub fn get_navigation_bake_ms(&self) -> f64 {
        self.navigation.last_bake.as_secs_f64() * 1000.0
    }
}
