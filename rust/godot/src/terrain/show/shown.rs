//! What the terrain shows (a generated grid's mesh, a baked mesh, or nothing), and the
//! components that follow it: the collision body and the trees (their nodes are handed to
//! scripts in [`crate::terrain::api::nodes`]).

use crate::terrain::api::bake;
use crate::terrain::components::collision::chunks::ChunkHeights;
use crate::terrain::components::collision::{HeightMap, Source};
use crate::terrain::components::trees::TreeBuffers;
use crate::terrain::planner::Settings;
use crate::terrain::DonjournoTerrain;
use donjourno::outputs::godot_surface::split_instances;
use donjourno::outputs::mesh::deck::Decks;
use donjourno::{GenerationStats, Grid};
use godot::classes::{Mesh, Node};
use godot::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The generated mesh shown; queries answer from it so that they agree with the picture.
pub struct ShownMap {
    /// The settings it was built from.
    pub inputs: Settings,
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
    pub heights: Option<Result<Arc<HeightMap>, String>>,
    /// The tree cells' trees, [`trees::tree_floats`] buffers built on the worker, one per chunk on a
    /// map drawn in chunks (empty with biomes).
    pub trees: Arc<Vec<Vec<f32>>>,
    /// The bridge decks of its roads as they are drawn (built on the worker), which the point
    /// queries count as road ([`donjourno::outputs::point`]).
    pub decks: Arc<Decks>,
}

/// What the node shows.
pub enum Display<'a> {
    /// Nothing (no generator, or before the first rebuild).
    Nothing,
    /// A generated mesh.
    Generated(&'a ShownMap),
    /// [member DonjournoTerrain.baked_mesh], with the data baked into it.
    Baked(&'a Gd<Mesh>),
}

impl Display<'_> {
    /// What the collision body is built from; `None` when there is nothing to collide with (or
    /// a baked mesh carries no heights).
    pub fn collision_source(&self) -> Option<Source> {
        match self {
            Display::Nothing => None,
            Display::Generated(s) => match &s.chunk_heights {
                Some(chunks) => Some(Source::Chunks(chunks.clone())),
                None => s.heights.clone().map(Source::One),
            },
            Display::Baked(mesh) => match bake::baked_chunk_heights(mesh) {
                Some(chunks) => Some(Source::Chunks(chunks)),
                None => bake::baked_height_map(mesh).map(|h| Source::One(Ok(Arc::new(h)))),
            },
        }
    }

    /// The tree transforms (a [`trees::tree_floats`] buffer) and the cell size.
    pub fn trees(&self) -> Option<(TreeBuffers, f32)> {
        match self {
            Display::Nothing => None,
            // With biomes, the scatter stands in for the tree cells' trees.
            Display::Generated(s) if !s.grid.biome().is_empty() => None,
            Display::Generated(s) => {
                let mesh = &s.inputs.mesh_params;
                Some((
                    TreeBuffers::Pieces(s.trees.clone(), mesh.lod_distance),
                    mesh.cell_size,
                ))
            }
            // A map drawn in chunks shows its trees chunk by chunk, as it did when generated.
            Display::Baked(mesh) => {
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

impl DonjournoTerrain {
    /// What the node shows: the baked mesh while there is one, else the generated mesh.
    pub(in crate::terrain) fn display(&self) -> Display<'_> {
        match (&self.baked_mesh, &self.shown) {
            (Some(baked), _) => Display::Baked(baked),
            (None, Some(shown)) => Display::Generated(shown),
            (None, None) => Display::Nothing,
        }
    }

    /// Calls `f` with a component (taken out of the node meanwhile) and the node as the parent
    /// of the component's children. The node stays re-entrant: adding a child calls back into
    /// the engine.
    pub(in crate::terrain) fn with_parent<C: Default, R>(
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
    pub(in crate::terrain) fn update_collision(&mut self) {
        let source = (self.collision.enabled)
            .then(|| self.display().collision_source())
            .flatten();
        self.with_parent(|t| &mut t.collision, |c, parent| c.update(parent, source));
        self.stream_collision();
        self.update_process();
    }

    /// Builds, rebuilds or removes the trees for what is shown.
    pub(in crate::terrain) fn update_trees(&mut self) {
        let trees = (self.trees.enabled)
            .then(|| self.display().trees())
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
        let scatter = self.trees.enabled && !matches!(self.display(), Display::Nothing);
        self.with_parent(|t| &mut t.scatter, |c, parent| c.show(parent, scatter));
    }
}
