//! The full trees of the chunks near the camera, on a map whose chunks hold one level each: made
//! as the camera comes near ([`donjourno::outputs::mesh::streaming::near_trees_change`]) and freed as it
//! leaves, so the trees of the whole map never sit in Godot twice (every chunk holds its far
//! trees from the fill on, [`crate::terrain::components::trees::Trees`]).

use crate::terrain::components::trees::{
    chunk_tree_node, Pieces, FAR_TREES_LOD_DISTANCES, TREE_BYTES, TREE_INSTANCES_PER_FRAME,
};
use crate::terrain::show::ranges;
use crate::terrain::show::surface_queue::FrameBudget;
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::outputs::mesh::streaming::{near_trees_change, ChunkKey};
use godot::classes::{Mesh, MultiMeshInstance3D, Node3D};
use godot::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// The chunks' full trees that follow the camera.
pub struct NearTrees {
    pieces: Pieces,
    mesh: Gd<Mesh>,
    layout: ChunkLayout,
    cell: f32,
    lod_distance: f32,
    /// The chunks holding their full trees, and their node (`None` for a chunk without trees).
    nodes: BTreeMap<ChunkKey, Option<Gd<MultiMeshInstance3D>>>,
}

impl NearTrees {
    /// Full trees for the chunks of `layout` (cells of `cell`), one
    /// [`crate::terrain::components::trees::tree_floats`] buffer each in `pieces`, drawn with
    /// `mesh` up to where they thin out with `lod_distance`; no chunk holds them yet.
    pub fn new(
        pieces: Pieces,
        mesh: Gd<Mesh>,
        layout: ChunkLayout,
        cell: f32,
        lod_distance: f32,
    ) -> Self {
        NearTrees {
            pieces,
            mesh,
            layout,
            cell,
            lod_distance,
            nodes: BTreeMap::new(),
        }
    }

    /// The nodes of the chunks holding their full trees.
    pub fn instances(&self) -> impl Iterator<Item = &Gd<MultiMeshInstance3D>> {
        self.nodes.values().flatten()
    }

    /// Gives the chunks near a camera at `camera` (map coordinates, the xz plane) their full
    /// trees under `holder`, nearest first and about [`TREE_INSTANCES_PER_FRAME`] trees a frame
    /// (at most [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`] once one chunk went),
    /// and frees those of the chunks it has left.
    pub fn step(&mut self, holder: &Gd<Node3D>, camera: Option<(f32, f32)>) {
        let has: BTreeSet<ChunkKey> = self.nodes.keys().copied().collect();
        let thin = FAR_TREES_LOD_DISTANCES * self.lod_distance;
        let change = near_trees_change(&self.layout, self.cell, camera, thin, &has);
        for key in &change.remove {
            if let Some(Some(mut node)) = self.nodes.remove(key) {
                node.queue_free();
            }
        }
        let (columns, _) = self.layout.grid_size();
        let mut budget = FrameBudget::new(TREE_INSTANCES_PER_FRAME * TREE_BYTES);
        for chunk in change.add {
            let index = chunk.row * columns + chunk.column;
            let piece = self.pieces.get(index).map_or(&[][..], Vec::as_slice);
            if !budget.admit(piece.len() * 4) {
                break;
            }
            let node = (!piece.is_empty())
                .then(|| chunk_tree_node(index, piece, &self.mesh, self.lod_distance, false))
                .flatten();
            if let Some(node) = &node {
                ranges::add_ranged(&mut holder.clone(), node);
            }
            self.nodes.insert((chunk.column, chunk.row), node);
        }
    }
}
