//! Baking: the mesh shown saved as a resource with the collision heights, the tree transforms and
//! the scatter's instances as metadata ([method DonjournoTerrain.bake_mesh]), and a baked mesh shown instead of
//! generating ([member DonjournoTerrain.baked_mesh]).

pub mod towns;

use crate::terrain::components::collision::chunks::ChunkHeights;
use crate::terrain::components::collision::HeightMap;
use crate::terrain::{components::chunks, components::water_view, show::upload, DonjournoTerrain};
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::params::MeshParams;
use godot::classes::mesh::PrimitiveType;
use godot::classes::resource_saver::SaverFlags;
use godot::classes::{ArrayMesh, Mesh, ResourceSaver};
use godot::global::Error;
use godot::prelude::*;
use std::sync::Arc;

/// Metadata of a baked mesh: the map size in cells (`Vector2i`).
const META_MAP_SIZE: &str = "donjourno_map_size";
/// Metadata of a baked mesh: the cell size in world units.
const META_CELL_SIZE: &str = "donjourno_cell_size";
/// Metadata of a baked mesh: the corner heights (`PackedFloat32Array`, world units).
const META_CORNER_HEIGHTS: &str = "donjourno_corner_heights";
/// Metadata of a baked mesh: the tree transforms (`PackedFloat32Array`, 12 floats each).
const META_TREES: &str = "donjourno_trees";

/// Metadata of a baked mesh: the scatter's instance buffers, one `PackedFloat32Array` per species
/// in id order (see [`crate::terrain::components::scatter::buffers`]).
const META_SCATTER: &str = "donjourno_scatter";

/// Metadata of a baked map drawn in chunks: every level of every chunk, an `Array` of
/// `Dictionary` `{ "name": String, "mesh": Mesh, "begin": float, "end": float }` (the
/// instance's name and visibility range).
const META_CHUNKS: &str = "donjourno_chunks";
/// Metadata of a baked map drawn in chunks: its chunk size in cells.
const META_CHUNK_SIZE: &str = "donjourno_chunk_size";
/// Metadata of a baked map drawn in chunks: the `lod_distance` its levels were drawn with, which
/// its scatter's chunks thin out and end by.
const META_LOD_DISTANCE: &str = "donjourno_lod_distance";
/// Metadata of a baked map drawn in chunks: its water, an `Array` of `Dictionary`
/// `{ "name": String, "mesh": Mesh, "begin": float, "end": float }`, one per level of each chunk
/// with water (without the range, shown at every distance).
const META_WATER_PIECES: &str = "donjourno_water_pieces";

/// A metadata entry of a mesh, nil when absent (without the error `get_meta` reports).
pub(in crate::terrain) fn meta(mesh: &Gd<Mesh>, name: &str) -> Variant {
    if !mesh.has_meta(name) {
        return Variant::nil();
    }
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

/// The chunks' collision heights of a baked map drawn in chunks, if it is one.
pub fn baked_chunk_heights(mesh: &Gd<Mesh>) -> Option<Arc<ChunkHeights>> {
    let size = meta(mesh, META_CHUNK_SIZE).try_to::<u32>().ok()?;
    let map = baked_height_map(mesh)?;
    ChunkHeights::from_corners((map.width, map.depth), size, map.cell_size, &map.heights)
}

/// The chunk layout of a baked map drawn in chunks and the mesh settings its instances are cut
/// with: its chunk size and cell size, and the `lod_distance` it was baked with (the default for
/// a bake that did not store one); `None` for a map baked as one mesh.
pub fn baked_chunking(mesh: &Gd<Mesh>) -> Option<(ChunkLayout, MeshParams)> {
    let chunk_size = meta(mesh, META_CHUNK_SIZE).try_to::<u32>().ok()?;
    let map = baked_height_map(mesh)?;
    let mut params = MeshParams {
        chunk_size,
        cell_size: map.cell_size,
        ..MeshParams::default()
    };
    if let Ok(distance) = meta(mesh, META_LOD_DISTANCE).try_to::<f32>() {
        params.lod_distance = distance;
    }
    let layout = ChunkLayout::new(map.width, map.depth, &params);
    layout.is_chunked().then_some((layout, params))
}

/// The scatter `buffers` of a baked map drawn in chunks, cut along its chunks
/// ([`baked_chunking`]); `None` for a map baked as one mesh.
fn baked_scatter_chunks(
    mesh: &Gd<Mesh>,
    buffers: &[Vec<f32>],
) -> Option<crate::terrain::components::scatter::Chunking> {
    let (layout, params) = baked_chunking(mesh)?;
    Some(crate::terrain::components::scatter::Chunking::cut(
        &layout, &params, buffers,
    ))
}

/// The chunk levels baked into a mesh: `(name, mesh, visibility range)`; empty for a map baked
/// as one mesh.
fn baked_levels(mesh: &Gd<Mesh>) -> Vec<(String, Gd<Mesh>, (f32, f32))> {
    let entries = meta(mesh, META_CHUNKS)
        .try_to::<VarArray>()
        .unwrap_or_default();
    (entries.iter_shared())
        .filter_map(|e| {
            let d = e.try_to::<VarDictionary>().ok()?;
            let name = d.get("name")?.try_to::<GString>().ok()?.to_string();
            let mesh = d.get("mesh")?.try_to::<Gd<Mesh>>().ok()?;
            let begin = d.get("begin")?.try_to::<f32>().ok()?;
            let end = d.get("end")?.try_to::<f32>().ok()?;
            Some((name, mesh, (begin, end)))
        })
        .collect()
}

/// The water pieces baked into a map drawn in chunks: `(name, mesh, visibility range)`.
fn baked_water_pieces(mesh: &Gd<Mesh>) -> Vec<(String, Gd<Mesh>, (f32, f32))> {
    let entries = (meta(mesh, META_WATER_PIECES).try_to::<VarArray>()).unwrap_or_default();
    let distance = |d: &VarDictionary, key: &str| {
        d.get(key)
            .and_then(|v| v.try_to::<f32>().ok())
            .unwrap_or(0.0)
    };
    (entries.iter_shared())
        .filter_map(|e| {
            let d = e.try_to::<VarDictionary>().ok()?;
            let name = d.get("name")?.try_to::<GString>().ok()?.to_string();
            let range = (distance(&d, "begin"), distance(&d, "end"));
            Some((name, d.get("mesh")?.try_to::<Gd<Mesh>>().ok()?, range))
        })
        .collect()
}

/// A mesh shown by a chunk level or water piece: `(name, mesh, visibility range)`.
type Level = (String, Gd<Mesh>, (f32, f32));

/// The dictionaries a bake stores for `levels` (`name`, `mesh`, `begin`, `end`).
fn level_array(levels: Vec<Level>) -> VarArray {
    (levels.into_iter())
        .map(|(name, mesh, (begin, end))| {
            let mut d = VarDictionary::new();
            d.set("name", name);
            d.set("mesh", &mesh.to_variant());
            d.set("begin", begin);
            d.set("end", end);
            d.to_variant()
        })
        .collect()
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
    /// the tree transforms, the scatter's instances, the roads' and buildings' meshes and the
    /// navigation meshes (when [member navigation_enabled]) as metadata, for
    /// [member baked_mesh]. The water surface, if any, is its second surface. A map drawn in chunks bakes as a mesh without surfaces whose
    /// metadata hold every level of every chunk and the water of each chunk, shown again as
    /// chunks. Returns `OK`, or the error
    /// of [method ResourceSaver.save]; `ERR_UNCONFIGURED` when there is no mesh to save, and
    /// `ERR_BUSY` while the chunks of a rebuild are still being made ([method is_filling_chunks])
    /// or the navigation mesh baked ([method is_baking_navigation]),
    /// `ERR_UNAVAILABLE` for a map too large to store with every level (above 2²⁶ vertices at
    /// full detail, such as 4096²). On a map whose chunks hold one level each
    /// ([method get_chunk_levels], 2048² for example), the bake builds the other levels first,
    /// which takes seconds.
    #[func]
    pub fn bake_mesh(&mut self, path: GString) -> Error {
        if let Some(shown) = self.shown.as_ref().filter(|s| {
            let (width, depth) = (s.grid.width(), s.grid.depth());
            !s.inputs.mesh_params.bakes_levels(width, depth)
        }) {
            let vertices =
                (shown.inputs.mesh_params).vertex_count(shown.grid.width(), shown.grid.depth());
            godot_error!(
                "DonjournoTerrain.bake_mesh(): this map has {vertices} vertices at full detail, \
                 more than a bake can store with every level of every chunk ({}); lower its size \
                 or subdivisions to bake it",
                donjourno::outputs::mesh::MAX_BAKED_VERTICES
            );
            return Error::ERR_UNAVAILABLE;
        }
        if self.is_filling() {
            godot_error!(
                "DonjournoTerrain.bake_mesh(): the chunks of the last rebuild are still being \
                 made; bake once is_filling_chunks() is false"
            );
            return Error::ERR_BUSY;
        }
        if self.navigation.is_baking() {
            godot_error!(
                "DonjournoTerrain.bake_mesh(): the navigation mesh is still being baked; bake \
                 once navigation_baked was emitted"
            );
            return Error::ERR_BUSY;
        }
        let copy = match self.chunks.count() {
            0 => self.baked_copy(),
            _ => self.baked_chunks(),
        };
        let Some(mesh) = copy else {
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

    /// Follows a new [member baked_mesh]: shows it, or generates again when it was cleared.
    pub(in crate::terrain) fn baked_mesh_changed(&mut self) {
        self.base_mut().update_configuration_warnings();
        if self.baked_mesh.is_some() {
            self.rebuilds.scheduled = false;
            self.show_baked();
        } else {
            self.base_mut().set_mesh(Gd::null_arg());
            self.shown = None;
            self.chunks.remove();
            self.scatter.set_buffers(Vec::new(), None);
            self.settlements.remove();
            self.update_collision();
            self.update_trees();
            self.water.remove();
            self.schedule_rebuild();
        }
    }

    /// Shows [member baked_mesh] and the collision, trees, scatter, roads, buildings and
    /// navigation baked with it.
    pub(in crate::terrain) fn show_baked(&mut self) {
        self.cancel_job();
        let Some(baked) = self.baked_mesh.clone() else {
            return;
        };
        if self.base().get_mesh().as_ref() != Some(&baked) {
            self.base_mut().set_mesh(&baked);
        }
        self.shown = None;
        let scatter = baked_scatter(&baked);
        let chunking = baked_scatter_chunks(&baked, &scatter);
        self.scatter.set_buffers(scatter, chunking);
        self.update_collision();
        self.update_trees();
        self.show_baked_towns(&baked);
        self.update_navigation();
        // A mesh in one piece carries its water as a surface of its own; a map drawn in chunks
        // has its chunks and their water in the metadata.
        let (levels, water) = (baked_levels(&baked), baked_water_pieces(&baked));
        self.with_parent(
            |t| &mut t.chunks,
            |c, parent| match levels.is_empty() {
                true => c.remove(),
                false => c.show_meshes(parent, levels),
            },
        );
        self.with_parent(|t| &mut t.water, |w, parent| w.show_meshes(parent, water));
    }

    /// A mesh without surfaces holding the map drawn in chunks shown: its chunks' levels, its
    /// water pieces and, as for one mesh, the collision heights, trees and scatter. On a map
    /// whose chunks hold one level each, every level is built here, on the thread pool.
    fn baked_chunks(&mut self) -> Option<Gd<ArrayMesh>> {
        let (levels, water) = match self.chunks.streams_levels() {
            true => self.every_level()?,
            false => (self.chunks.levels(), self.water_levels()),
        };
        let shown = self.shown.as_ref()?;
        let params = &shown.inputs.mesh_params;
        let heights = HeightMap::of(&shown.grid, params).ok()?;
        let mut copy = ArrayMesh::new_gd();
        self.put_features(&mut copy, &heights, &shown.trees.concat());
        copy.set_meta(META_CHUNK_SIZE, &params.chunk_size.to_variant());
        copy.set_meta(META_LOD_DISTANCE, &params.lod_distance.to_variant());
        copy.set_meta(META_CHUNKS, &level_array(levels).to_variant());
        copy.set_meta(META_WATER_PIECES, &level_array(water).to_variant());
        Some(copy)
    }

    /// The water pieces shown: `(name, mesh, visibility range)` of each.
    fn water_levels(&self) -> Vec<Level> {
        (self.water.instances().into_iter())
            .filter_map(|i| crate::terrain::show::ranges::shown_level(&i))
            .collect()
    }

    /// Every level of every chunk of the map shown and of its water, built from its grid: what
    /// a bake of a map whose chunks hold one level each stores.
    fn every_level(&mut self) -> Option<(Vec<Level>, Vec<Level>)> {
        let shown = self.shown.as_ref()?;
        let params = shown.inputs.mesh_params;
        let grid = shown.grid.clone();
        let built = chunks::every_level(&grid, &params)
            .and_then(|g| Ok((g, water_view::every_water_level(&grid, &params)?)));
        let (ground, wet) = match built {
            Ok(built) => built,
            Err(e) => {
                godot_error!("DonjournoTerrain.bake_mesh(): cannot build the chunks' levels: {e}");
                return None;
            }
        };
        let material = self.chunks.material();
        let water_material = self.water.active_material();
        let levels = (ground.into_iter())
            .filter_map(|(name, range, surface)| {
                let format = upload::ground_format_of(&surface);
                let mesh = upload::surface_mesh(&surface, format, &material);
                Some((name, mesh?.upcast(), range))
            })
            .collect();
        let water = (wet.into_iter())
            .filter_map(|piece| {
                let format = upload::surface_format(true);
                let mesh = upload::surface_mesh(&piece.surface, format, &water_material);
                Some((piece.name, mesh?.upcast(), piece.range))
            })
            .collect();
        Some((levels, water))
    }

    /// A copy of the mesh shown, with the collision heights, the tree transforms (the tree
    /// cells' trees, without biomes) and the scatter's instances as metadata.
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
        let heights = shown.heights.clone()?.ok()?;
        self.put_features(&mut copy, &heights, &shown.trees.concat());
        Some(copy)
    }

    /// Writes the collision heights, the tree transforms, the scatter's instances, the roads,
    /// buildings and navigation meshes into the metadata of `copy`.
    fn put_features(&self, copy: &mut Gd<ArrayMesh>, heights: &HeightMap, trees: &[f32]) {
        self.put_towns(copy);
        let size = Vector2i::new(heights.width as i32, heights.depth as i32);
        copy.set_meta(META_MAP_SIZE, &size.to_variant());
        copy.set_meta(META_CELL_SIZE, &heights.cell_size.to_variant());
        let corners = PackedFloat32Array::from(heights.heights.as_slice());
        copy.set_meta(META_CORNER_HEIGHTS, &corners.to_variant());
        let trees = PackedFloat32Array::from(trees);
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
    }
}
