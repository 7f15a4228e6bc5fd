//! The terrain drawn in chunks: above [member DonjournoTerrain.chunk_size] cells a side, the
//! surface is an internal `Chunks` node holding one [MeshInstance3D] per chunk and level of
//! detail (see [`donjourno::outputs::mesh::chunks`]). Godot switches the levels by camera distance through
//! each instance's visibility range and leaves chunks outside the view undrawn.
//!
//! The meshes are built on the worker, straight into the byte streams of Godot's surface layout
//! ([`donjourno::outputs::godot_surface::chunk_surfaces`]); the main thread only copies them into
//! [ArrayMesh]es, a share per frame ([`CHUNK_VERTICES_PER_FRAME`],
//! [`crate::terrain::show::surface_queue`]), so a large map never holds a frame for long.

pub mod levels;

use crate::terrain::components::chunks::levels::LevelStream;
use crate::terrain::components::collision::chunks::ChunkHeights;
use crate::terrain::components::water_view::WaterView;
use crate::terrain::show::surface_queue::{FrameBudget, SurfaceQueue, SURFACE_VERTEX_BYTES};
use crate::terrain::show::upload;
use crate::terrain::{show::children, show::ranges};
use donjourno::outputs::godot_surface::{
    chunk_surfaces, chunk_surfaces_at, chunk_surfaces_of, SurfaceData,
};
use donjourno::outputs::mesh::chunk_changes::changed_chunks;
use donjourno::outputs::mesh::chunks::{lod_range, Chunk, ChunkBuilder};
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::{ArrayMesh, Material, Mesh, MeshInstance3D, Node, Node3D};
use godot::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Vertices of chunk meshes copied into Godot's arrays per frame, at most (and at most
/// [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]): 24 bytes each, about 4.6 MiB a
/// frame; a mesh larger than that takes several frames.
pub const CHUNK_VERTICES_PER_FRAME: usize = 200_000;

/// Every level of every chunk of a map in Godot's surface layout, as the worker hands them back.
pub type ChunkMeshes = Vec<(Chunk, Vec<SurfaceData>)>;

/// What a rebuild builds for a map drawn in chunks (empty for a map in one chunk).
#[derive(Default)]
pub struct ChunkBuild {
    /// Every level of every chunk, or on a map whose chunks hold one level each
    /// ([`MeshParams::streams_levels`]) the coarsest level of every chunk.
    pub meshes: ChunkMeshes,
    /// The chunks' collision heights.
    pub heights: Option<Arc<ChunkHeights>>,
    /// The grid, when its chunks hold one level each: the finer levels are built from it as
    /// the camera needs them ([`crate::terrain::components::chunks::levels`]).
    pub streamed: Option<Arc<Grid>>,
    /// When the meshes hold only the chunks that differ from those of the grid shown: that
    /// grid and the map's chunk count.
    pub patch: Option<(Arc<Grid>, usize)>,
}

/// Builds every level of every chunk of `grid` (on the calling thread's pool; only the
/// coarsest on a map too large for all of them) and the chunks' collision heights, with the
/// meshes' wall time. With `shown`, the grid whose chunks are shown with the same mesh settings,
/// only the chunks whose cells differ from it are built ([`changed_chunks`]): a patch.
pub fn build(
    grid: &Arc<Grid>,
    params: &MeshParams,
    shown: Option<&Arc<Grid>>,
) -> Result<(ChunkBuild, Duration), String> {
    let start = Instant::now();
    let streamed = params.streams_levels(grid.width(), grid.depth());
    if let (Some(shown), false) = (shown, streamed) {
        let builder = ChunkBuilder::new(grid, params).map_err(|e| e.to_string())?;
        let changed = changed_chunks(&builder.layout, shown, grid);
        let meshes = chunk_surfaces_of(&builder, &changed);
        let time = start.elapsed();
        let build = ChunkBuild {
            meshes,
            heights: ChunkHeights::prepare(grid, params)?,
            streamed: None,
            patch: Some((shown.clone(), changed.len())),
        };
        return Ok((build, time));
    }
    // The coarsest levels alone read few heights: no corner planes for them.
    let builder = match streamed {
        true => ChunkBuilder::lean(grid, params),
        false => ChunkBuilder::new(grid, params),
    }
    .map_err(|e| e.to_string())?;
    let meshes = match streamed {
        true => {
            let coarsest = builder.layout.levels.max(1) - 1;
            (chunk_surfaces_at(&builder, coarsest).into_iter())
                .map(|(c, s)| (c, vec![s]))
                .collect()
        }
        false => chunk_surfaces(&builder),
    };
    let time = start.elapsed();
    let heights = ChunkHeights::prepare(grid, params)?;
    let streamed = streamed.then(|| grid.clone());
    Ok((
        ChunkBuild {
            meshes,
            heights,
            streamed,
            patch: None,
        },
        time,
    ))
}

/// Every level of every chunk of `grid`, named and with the visibility ranges they are shown
/// with when a map holds them all (`Chunk_<column>_<row>_L<level>`), whether or not this map's
/// chunks hold one level each: what a bake stores. Built on the calling thread's pool.
pub fn every_level(grid: &Grid, params: &MeshParams) -> Result<Vec<NamedLevel>, String> {
    let builder = ChunkBuilder::new(grid, params).map_err(|e| e.to_string())?;
    let levels = builder.layout.levels;
    Ok((chunk_surfaces(&builder).into_iter())
        .flat_map(|(chunk, lods)| {
            lods.into_iter().enumerate().map(move |(level, surface)| {
                let level = level as u32;
                let name = level_name(&chunk, level);
                (name, lod_range(level, levels, params.lod_distance), surface)
            })
        })
        .collect())
}

/// The node name of one level of a chunk, on a map that holds every level.
fn level_name(chunk: &Chunk, level: u32) -> String {
    format!("Chunk_{}_{}_L{level}", chunk.column, chunk.row)
}

/// One level of one chunk: its node name, visibility range and surface.
pub type NamedLevel = (String, (f32, f32), SurfaceData);

/// One chunk level waiting to become a node.
struct Pending {
    name: String,
    range: (f32, f32),
    /// The chunk's index when its level is chosen by the camera.
    streamed: Option<usize>,
}

/// The chunk component: the `Chunks` node and the meshes still to turn into nodes.
#[derive(Default)]
pub struct Chunks {
    node: Option<Gd<Node3D>>,
    pending: SurfaceQueue<Pending>,
    material: Option<Gd<Material>>,
    count: usize,
    levels: Option<LevelStream>,
}

impl Chunks {
    /// Replaces the chunks shown by `meshes`: the old `Chunks` node goes at once, the new one
    /// fills in over the next frames ([`Chunks::pump`]). With `streamed` (the grid of a map
    /// whose chunks hold one level each), each chunk is one instance named `Chunk_<column>_<row>`
    /// whose level follows the camera ([`Chunks::stream_levels`]).
    pub fn show(
        &mut self,
        parent: &mut Gd<Node>,
        meshes: ChunkMeshes,
        params: &MeshParams,
        streamed: Option<Arc<Grid>>,
    ) {
        self.remove();
        let levels = meshes.first().map_or(0, |(_, l)| l.len()) as u32;
        let mut node = Node3D::new_alloc();
        node.set_name("Chunks");
        children::add_internal(parent, &node);
        self.node = Some(node);
        self.count = meshes.len();
        if let Some(grid) = streamed {
            let bounds: Vec<_> = (meshes.iter())
                .filter_map(|(c, l)| Some((*c, l.first()?.bounds)))
                .collect();
            self.levels = LevelStream::start(grid, *params, &bounds);
            for (index, (chunk, mut lods)) in meshes.into_iter().enumerate() {
                let Some(surface) = lods.pop() else { continue };
                let name = format!("Chunk_{}_{}", chunk.column, chunk.row);
                let tag = Pending {
                    name,
                    range: (0.0, 0.0),
                    streamed: Some(index),
                };
                self.pending.push(tag, surface);
            }
            return;
        }
        for (chunk, lods) in meshes {
            for (level, surface) in lods.into_iter().enumerate() {
                let level = level as u32;
                let tag = Pending {
                    name: level_name(&chunk, level),
                    range: lod_range(level, levels, params.lod_distance),
                    streamed: None,
                };
                self.pending.push(tag, surface);
            }
        }
    }

    /// Whether the chunks shown can take a patch: every level of every chunk made (none waiting,
    /// none following the camera).
    pub fn can_patch(&self) -> bool {
        self.node.is_some() && self.pending.is_empty() && self.levels.is_none()
    }

    /// Replaces every level of the chunks of `meshes` among those shown (see
    /// [`Chunks::can_patch`]): their old instances go at once, the new ones fill in over the next
    /// frames; the other chunks stay as they are.
    pub fn patch(&mut self, meshes: ChunkMeshes, params: &MeshParams) {
        let Some(node) = self.node.as_mut() else {
            return;
        };
        let levels = meshes.first().map_or(0, |(_, l)| l.len()) as u32;
        for (chunk, lods) in meshes {
            for (level, surface) in lods.into_iter().enumerate() {
                let level = level as u32;
                let name = level_name(&chunk, level);
                if let Some(mut old) = node.get_node_or_null(&name) {
                    node.remove_child(&old);
                    old.queue_free();
                }
                let tag = Pending {
                    name,
                    range: lod_range(level, levels, params.lod_distance),
                    streamed: None,
                };
                self.pending.push(tag, surface);
            }
        }
    }

    /// Whether the chunks' levels follow the camera (a map too large for every level).
    pub fn streams_levels(&self) -> bool {
        self.levels.is_some()
    }

    /// The level each chunk holds, in chunk order, when the levels follow the camera.
    pub fn held_levels(&self) -> Vec<u32> {
        self.levels
            .as_ref()
            .map_or_else(Vec::new, LevelStream::levels)
    }

    /// Moves the chunks' levels, and their water in `water`, towards what a camera at `camera`
    /// (map coordinates) needs.
    pub fn stream_levels(&mut self, camera: Option<[f32; 3]>, water: &mut WaterView) {
        let material = self.material();
        if let Some(levels) = &mut self.levels {
            levels.step(camera, &material, water);
        }
    }

    /// Shows baked chunk meshes at once: `(name, mesh, visibility range)` for every level of
    /// every chunk, named `Chunk_<column>_<row>_L<level>`.
    pub fn show_meshes(
        &mut self,
        parent: &mut Gd<Node>,
        levels: Vec<(String, Gd<Mesh>, (f32, f32))>,
    ) {
        self.remove();
        let mut node = Node3D::new_alloc();
        node.set_name("Chunks");
        children::add_internal(parent, &node);
        self.count = levels.iter().filter(|(n, _, _)| n.ends_with("_L0")).count();
        for (name, mesh, range) in levels {
            ranges::add_ranged(&mut node, &children::mesh_instance(&name, &mesh, range));
        }
        self.node = Some(node);
    }

    /// Every level shown: `(name, mesh, visibility range)` of each chunk instance made so far,
    /// with the range it was given (before any orthographic camera moved it out).
    pub fn levels(&self) -> Vec<(String, Gd<Mesh>, (f32, f32))> {
        let Some(node) = &self.node else {
            return Vec::new();
        };
        node.get_children()
            .iter_shared()
            .filter_map(|c| c.try_cast::<MeshInstance3D>().ok())
            .filter_map(|i| ranges::shown_level(&i))
            .collect()
    }

    /// Copies waiting meshes into Godot's arrays, about [`CHUNK_VERTICES_PER_FRAME`] vertices'
    /// worth, and turns those complete into nodes; returns whether some are still waiting.
    pub fn pump(&mut self) -> bool {
        let material = self.material();
        let Some(node) = self.node.as_mut() else {
            self.pending.clear();
            return false;
        };
        let mut budget = FrameBudget::new(CHUNK_VERTICES_PER_FRAME * SURFACE_VERTEX_BYTES);
        for (p, streams) in self.pending.step(&mut budget) {
            let Some(streams) = streams else { continue };
            let mut mesh = ArrayMesh::new_gd();
            let format = upload::ground_format(streams.carries_splat());
            upload::set_surface(&mut mesh, format, &streams, &material);
            let instance = children::mesh_instance(&p.name, &mesh, p.range);
            ranges::add_ranged(node, &instance);
            if let (Some(index), Some(levels)) = (p.streamed, self.levels.as_mut()) {
                levels.set_instance(index, instance);
            }
        }
        !self.pending.is_empty()
    }

    /// The material of the chunks (the ground's,
    /// [`crate::terrain::components::ground_view`]).
    pub fn material(&mut self) -> Gd<Material> {
        (self.material)
            .get_or_insert_with(|| children::vertex_color_material().upcast())
            .clone()
    }

    /// Sets the chunks' material, on the chunks shown too.
    pub fn set_material(&mut self, material: Gd<Material>) {
        if self.material.as_ref() == Some(&material) {
            return;
        }
        self.material = Some(material.clone());
        let Some(node) = &self.node else { return };
        for child in node.get_children().iter_shared() {
            let Ok(instance) = child.try_cast::<MeshInstance3D>() else {
                continue;
            };
            if let Some(mut mesh) = instance.get_mesh().filter(|m| m.get_surface_count() > 0) {
                mesh.surface_set_material(0, &material);
            }
        }
    }

    /// Whether meshes are still waiting to become nodes.
    pub fn is_filling(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Chunks of the map shown (0 when it is one mesh).
    pub fn count(&self) -> usize {
        if self.node.is_some() {
            self.count
        } else {
            0
        }
    }

    /// Removes the chunks.
    pub fn remove(&mut self) {
        self.levels = None;
        self.pending.clear();
        self.count = 0;
        children::remove(&mut self.node);
    }
}
