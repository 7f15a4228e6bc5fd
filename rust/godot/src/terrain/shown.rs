//! What the terrain shows (a generated grid's mesh, a baked mesh, or nothing), and the
//! components that follow it: the collision body, the trees and the water surface (their nodes
//! are handed to scripts here).

use super::bake;
use super::collision::{HeightMap, Source};
use super::collision_chunks::ChunkHeights;
use super::planner::Inputs;
use super::trees::{self, TreeBuffers};
use super::DonjournoTerrain;
use donjourno::outputs::godot_surface::split_instances;
use donjourno::{GenerationStats, Grid};
use godot::classes::{Mesh, MeshInstance3D, MultiMeshInstance3D, Node, StaticBody3D};
use godot::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The generated mesh shown; queries answer from it so that they agree with the picture.
pub struct Shown {
    /// The settings it was built from.
    pub inputs: Inputs,
    /// Its grid.
    pub grid: Arc<Grid>,
    /// The grid's statistics.
    pub stats: GenerationStats,
    /// The time the grid's generation took.
    pub time: Duration,
    /// The chunks' collision heights, when the map is drawn in chunks.
    pub chunk_heights: Option<Arc<ChunkHeights>>,
    /// The corner heights of a map in one chunk, for its one collision shape (computed on the
    /// worker with the rest of the rebuild).
    pub heights: Result<Arc<HeightMap>, String>,
    /// Seed 000's trees, [`trees::tree_floats`] buffers built on the worker, one per chunk on a
    /// map drawn in chunks (empty with biomes).
    pub trees: Arc<Vec<Vec<f32>>>,
}

/// What the node shows.
pub enum Showing<'a> {
    /// Nothing (no generator, or before the first rebuild).
    Nothing,
    /// A generated mesh.
    Generated(&'a Shown),
    /// [member DonjournoTerrain.baked_mesh], with the data baked into it.
    Baked(&'a Gd<Mesh>),
}

impl Showing<'_> {
    /// What the collision body is built from; `None` when there is nothing to collide with (or
    /// a baked mesh carries no heights).
    pub fn collision_source(&self) -> Option<Source> {
        match self {
            Showing::Nothing => None,
            Showing::Generated(s) => Some(match &s.chunk_heights {
                Some(chunks) => Source::Chunks(chunks.clone()),
                None => Source::One(s.heights.clone()),
            }),
            Showing::Baked(mesh) => match bake::baked_chunk_heights(mesh) {
                Some(chunks) => Some(Source::Chunks(chunks)),
                None => bake::baked_height_map(mesh).map(|h| Source::One(Ok(Arc::new(h)))),
            },
        }
    }

    /// The tree transforms (a [`trees::tree_floats`] buffer) and the cell size.
    pub fn trees(&self) -> Option<(TreeBuffers, f32)> {
        match self {
            Showing::Nothing => None,
            // With biomes, the scatter stands in for seed 000's trees.
            Showing::Generated(s) if !s.grid.biome().is_empty() => None,
            Showing::Generated(s) => {
                let mesh = &s.inputs.mesh_params;
                Some((
                    TreeBuffers::Pieces(s.trees.clone(), mesh.lod_distance),
                    mesh.cell_size,
                ))
            }
            // A map drawn in chunks shows its trees chunk by chunk, as it did when generated.
            Showing::Baked(mesh) => {
                let (buffer, cell) = bake::baked_trees(mesh).filter(|(b, _)| !b.is_empty())?;
                Some(match bake::baked_chunking(mesh) {
                    Some((layout, params)) => {
                        let pieces = split_instances(buffer.as_slice(), 12, &layout, cell);
                        (
                            TreeBuffers::Pieces(Arc::new(pieces), params.lod_distance),
                            cell,
                        )
                    }
                    None => (TreeBuffers::Baked(buffer), cell),
                })
            }
        }
    }
}

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

    /// Every [MultiMeshInstance3D] of seed 000's trees: the one of [method get_trees_instance],
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
}

impl DonjournoTerrain {
    /// What the node shows: the baked mesh while there is one, else the generated mesh.
    pub(super) fn showing(&self) -> Showing<'_> {
        match (&self.baked_mesh, &self.shown) {
            (Some(baked), _) => Showing::Baked(baked),
            (None, Some(shown)) => Showing::Generated(shown),
            (None, None) => Showing::Nothing,
        }
    }

    /// Calls `f` with a component (taken out of the node meanwhile) and the node as the parent
    /// of the component's children. The node stays re-entrant: adding a child calls back into
    /// the engine.
    pub(super) fn with_parent<C: Default, R>(
        &mut self,
        component: fn(&mut Self) -> &mut C,
        f: impl FnOnce(&mut C, &mut Gd<Node>) -> R,
    ) -> R {
        let mut taken = std::mem::take(component(self));
        let result = {
            let guard = self.base_mut();
            let mut parent = guard.clone().upcast();
            f(&mut taken, &mut parent)
        };
        *component(self) = taken;
        result
    }

    /// Builds, rebuilds or removes the collision body for what is shown.
    pub(super) fn update_collision(&mut self) {
        let source = (self.collision.enabled)
            .then(|| self.showing().collision_source())
            .flatten();
        self.with_parent(|t| &mut t.collision, |c, parent| c.update(parent, source));
        self.stream_collision();
        self.update_process();
    }

    /// Builds, rebuilds or removes the trees for what is shown.
    pub(super) fn update_trees(&mut self) {
        let trees = (self.trees.enabled)
            .then(|| self.showing().trees())
            .flatten();
        // A map whose chunks hold one level each streams its chunks' full trees too.
        let streamed = (self.shown.as_ref())
            .filter(|_| self.chunks.streams_levels())
            .map(|s| {
                let mesh = &s.inputs.mesh_params;
                mesh.chunk_layout(s.grid.width(), s.grid.depth())
            });
        self.with_parent(
            |t| &mut t.trees,
            |c, parent| c.update(parent, trees, streamed),
        );
        let scatter = self.trees.enabled && !matches!(self.showing(), Showing::Nothing);
        self.with_parent(|t| &mut t.scatter, |c, parent| c.show(parent, scatter));
    }
}
