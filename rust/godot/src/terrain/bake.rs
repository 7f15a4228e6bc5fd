//! Baking: the mesh shown saved as a resource with the collision heights, the tree transforms and
//! the scatter's instances as metadata ([method DonjournoTerrain.bake_mesh]), and a baked mesh shown instead of
//! generating ([member DonjournoTerrain.baked_mesh]).

use super::collision::HeightMap;
use super::DonjournoTerrain;
use godot::classes::mesh::PrimitiveType;
use godot::classes::resource_saver::SaverFlags;
use godot::classes::{ArrayMesh, Mesh, ResourceSaver};
use godot::global::Error;
use godot::prelude::*;

/// Metadata of a baked mesh: the map size in cells (`Vector2i`).
const META_MAP_SIZE: &str = "donjourno_map_size";
/// Metadata of a baked mesh: the cell size in world units.
const META_CELL_SIZE: &str = "donjourno_cell_size";
/// Metadata of a baked mesh: the corner heights (`PackedFloat32Array`, world units).
const META_CORNER_HEIGHTS: &str = "donjourno_corner_heights";
/// Metadata of a baked mesh: the tree transforms (`PackedFloat32Array`, 12 floats each).
const META_TREES: &str = "donjourno_trees";

/// Metadata of a baked mesh: the scatter's instance buffers, one `PackedFloat32Array` per species
/// in id order (see [`super::scatter::buffers`]).
const META_SCATTER: &str = "donjourno_scatter";

/// A metadata entry of a mesh, nil when absent (without the error `get_meta` reports).
fn meta(mesh: &Gd<Mesh>, name: &str) -> Variant {
    mesh.get_meta_ex(name).default(&Variant::nil()).done()
}

/// The corner heights baked into a mesh, if any.
pub fn baked_height_map(mesh: &Gd<Mesh>) -> Option<HeightMap> {
    let size = meta(mesh, META_MAP_SIZE).try_to::<Vector2i>().ok()?;
    Some(HeightMap {
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
pub fn baked_trees(mesh: &Gd<Mesh>) -> Option<(PackedFloat32Array, f32)> {
    let buffer = meta(mesh, META_TREES).try_to::<PackedFloat32Array>().ok()?;
    let cell = meta(mesh, META_CELL_SIZE).try_to::<f32>().ok()?;
    Some((buffer, cell))
}

/// The scatter's instance buffers baked into a mesh, one per species (empty when none were).
pub fn baked_scatter(mesh: &Gd<Mesh>) -> Vec<Vec<f32>> {
    if !mesh.has_meta(META_SCATTER) {
        return Vec::new();
    }
    let Ok(species) = meta(mesh, META_SCATTER).try_to::<VarArray>() else {
        return Vec::new();
    };
    species
        .iter_shared()
        .map(|b| {
            b.try_to::<PackedFloat32Array>()
                .map(|b| b.to_vec())
                .unwrap_or_default()
        })
        .collect()
}

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Saves the mesh shown as a resource file (`.res` or `.tres`), with the collision heights,
    /// the tree transforms and the scatter's instances as metadata, for [member baked_mesh]. The water surface, if any,
    /// is its second surface. Returns `OK`, or the error
    /// of [method ResourceSaver.save]; `ERR_UNCONFIGURED` when there is no mesh to save, and
    /// `ERR_UNAVAILABLE` for a map drawn in chunks (raise [member chunk_size] to the map's size to
    /// bake it as one mesh).
    #[func]
    pub fn bake_mesh(&mut self, path: GString) -> Error {
        if self.chunks.count() > 0 {
            godot_error!(
                "DonjournoTerrain.bake_mesh(): this map is drawn in {} chunks, which a bake does \
                 not store; set chunk_size to at least the map's width and depth to bake it as \
                 one mesh",
                self.chunks.count()
            );
            return Error::ERR_UNAVAILABLE;
        }
        let Some(mesh) = self.baked_copy() else {
            godot_error!("DonjournoTerrain.bake_mesh(): no terrain to bake; regenerate first");
            return Error::ERR_UNCONFIGURED;
        };
        let error = ResourceSaver::singleton()
            .save_ex(&mesh)
            .path(&path)
            .flags(SaverFlags::COMPRESS)
            .done();
        if error != Error::OK {
            godot_error!("DonjournoTerrain.bake_mesh(): cannot save \"{path}\": {error:?}");
        }
        error
    }
}

impl DonjournoTerrain {
    /// Follows a new [member baked_mesh]: shows it, or generates again when it was cleared.
    pub(super) fn baked_mesh_changed(&mut self) {
        self.base_mut().update_configuration_warnings();
        if self.baked_mesh.is_some() {
            self.rebuilds.scheduled = false;
            self.show_baked();
        } else {
            self.base_mut().set_mesh(Gd::null_arg());
            self.shown = None;
            self.scatter.set_buffers(Vec::new());
            self.update_collision();
            self.update_trees();
            self.water.remove();
            self.schedule_rebuild();
        }
    }

    /// Shows [member baked_mesh] and the collision, trees and scatter baked with it.
    pub(super) fn show_baked(&mut self) {
        self.cancel_job();
        let Some(baked) = self.baked_mesh.clone() else {
            return;
        };
        if self.base().get_mesh().as_ref() != Some(&baked) {
            self.base_mut().set_mesh(&baked);
        }
        self.shown = None;
        self.scatter.set_buffers(baked_scatter(&baked));
        self.update_collision();
        self.update_trees();
        self.update_navigation();
        // The baked mesh carries its water as a surface of its own.
        self.water.remove();
    }

    /// A copy of the mesh shown, with the collision heights, the tree transforms (seed 000's
    /// trees, without biomes) and the scatter's instances as metadata.
    fn baked_copy(&self) -> Option<Gd<ArrayMesh>> {
        if let Some(baked) = &self.baked_mesh {
            return baked.clone().try_cast::<ArrayMesh>().ok();
        }
        let shown = self.shown.as_ref()?;
        let mut copy = self.surface.mesh()?.duplicate_resource();
        if let Some(water) = self.water.mesh().filter(|w| w.get_surface_count() > 0) {
            copy.add_surface_from_arrays(PrimitiveType::TRIANGLES, &water.surface_get_arrays(0));
            if let Some(material) = water.surface_get_material(0) {
                copy.surface_set_material(1, &material);
            }
        }
        let heights = shown.heights.clone().ok()?;
        let size = Vector2i::new(heights.width as i32, heights.depth as i32);
        copy.set_meta(META_MAP_SIZE, &size.to_variant());
        copy.set_meta(META_CELL_SIZE, &heights.cell_size.to_variant());
        let corners = PackedFloat32Array::from(heights.heights.as_slice());
        copy.set_meta(META_CORNER_HEIGHTS, &corners.to_variant());
        let trees = PackedFloat32Array::from(shown.trees.concat().as_slice());
        copy.set_meta(META_TREES, &trees.to_variant());
        let scatter: VarArray = self
            .scatter
            .buffers()
            .iter()
            .map(|b| PackedFloat32Array::from(b.as_slice()).to_variant())
            .collect();
        if self.scatter.buffers().iter().any(|b| !b.is_empty()) {
            copy.set_meta(META_SCATTER, &scatter.to_variant());
        }
        Some(copy)
    }
}
