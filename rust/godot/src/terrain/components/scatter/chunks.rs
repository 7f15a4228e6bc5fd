//! The scatter of a map drawn in chunks (or of an endless world's tile), cut on the worker: per
//! chunk and species the instances up close and, like the chunk's trees, one in [`FAR_TREE_STRIDE`]
//! far away, each wider; shown by [`crate::terrain::components::scatter::ScatterView`].

use crate::terrain::components::scatter::INSTANCE_FLOATS;
use crate::terrain::components::trees::{
    FAR_TREES_LOD_DISTANCES, FAR_TREE_STRIDE, NO_TREES_LOD_DISTANCES,
};
use donjourno::outputs::godot_surface::split_instances;
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::params::MeshParams;
use donjourno::stages::scatter::SPECIES_COUNT;
use donjourno::Grid;
use std::sync::Arc;

/// The scatter of a map drawn in chunks, cut on the worker: per chunk, per species, its
/// [`buffers`] instances up close and far away ([`far_instances`]); the distance where a chunk's
/// scatter thins out and where it ends.
#[derive(Clone)]
pub struct Chunking {
    /// Per chunk, per species, the instances up close.
    pub(in crate::terrain) pieces: Arc<Vec<Vec<Vec<f32>>>>,
    /// Per chunk, per species, the instances far away.
    pub(in crate::terrain) far: Arc<Vec<Vec<Vec<f32>>>>,
    /// Distance from which a chunk draws its far instances.
    pub(in crate::terrain) thin: f32,
    /// Distance from which a chunk draws none.
    pub(in crate::terrain) end: f32,
}

/// Every [`FAR_TREE_STRIDE`]-th instance of a [`buffers`] buffer, widened across by the square
/// root of the stride so that it covers the ground the instances it stands for did: the
/// scatter a chunk draws from [`FAR_TREES_LOD_DISTANCES`] × `lod_distance` on, like its trees.
pub fn far_instances(buffer: &[f32]) -> Vec<f32> {
    let widen = (FAR_TREE_STRIDE as f32).sqrt();
    let mut out = Vec::with_capacity(buffer.len() / FAR_TREE_STRIDE + INSTANCE_FLOATS);
    for instance in buffer
        .chunks_exact(INSTANCE_FLOATS)
        .step_by(FAR_TREE_STRIDE)
    {
        let start = out.len();
        out.extend_from_slice(instance);
        // The basis' first and third columns (x and z) of each of its three rows.
        for k in [0, 2, 4, 6, 8, 10] {
            out[start + k] *= widen;
        }
    }
    out
}

impl Chunking {
    /// The scatter `buffers` (one per species) of a grid shown with `params`, cut along its
    /// chunks; `None` for a map in one mesh.
    pub fn of(grid: &Grid, params: &MeshParams, buffers: &[Vec<f32>]) -> Option<Self> {
        let layout = ChunkLayout::new(grid.width(), grid.depth(), params);
        layout
            .is_chunked()
            .then(|| Chunking::cut(&layout, params, buffers))
    }

    /// The scatter `buffers` (one per species) cut along the chunks of `layout` (one chunk for a
    /// grid that fits in one), with the distances of `params`.
    pub fn cut(layout: &ChunkLayout, params: &MeshParams, buffers: &[Vec<f32>]) -> Self {
        let mut pieces = vec![vec![Vec::new(); SPECIES_COUNT]; layout.chunks().len()];
        let mut far = pieces.clone();
        for (species, buffer) in buffers.iter().enumerate() {
            let cut = split_instances(buffer, INSTANCE_FLOATS, layout, params.cell_size);
            for (chunk, piece) in cut.into_iter().enumerate() {
                far[chunk][species] = far_instances(&piece);
                pieces[chunk][species] = piece;
            }
        }
        Chunking {
            pieces: Arc::new(pieces),
            far: Arc::new(far),
            thin: FAR_TREES_LOD_DISTANCES * params.lod_distance,
            end: NO_TREES_LOD_DISTANCES * params.lod_distance,
        }
    }

    /// How many chunks it holds.
    pub fn chunk_count(&self) -> usize {
        self.pieces.len()
    }

    /// The floats of chunk `index`'s instances up close, every species.
    pub fn floats(&self, index: usize) -> usize {
        self.pieces
            .get(index)
            .map_or(0, |c| c.iter().map(Vec::len).sum())
    }
}

/// Scatter instances turned into multimeshes per frame, at most, on a map drawn in chunks (one
/// chunk always goes): as many as the trees'.
pub const SCATTER_INSTANCES_PER_FRAME: usize =
    crate::terrain::components::trees::TREE_INSTANCES_PER_FRAME;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_instances_are_every_fourth_widened_across() {
        let buffer: Vec<f32> = (0..9 * INSTANCE_FLOATS).map(|k| k as f32).collect();
        let far = far_instances(&buffer);
        assert_eq!(far.len(), 3 * INSTANCE_FLOATS, "instances 0, 4 and 8");
        for (n, instance) in far.chunks_exact(INSTANCE_FLOATS).enumerate() {
            let source = &buffer[4 * n * INSTANCE_FLOATS..(4 * n + 1) * INSTANCE_FLOATS];
            for k in 0..INSTANCE_FLOATS {
                let widened = [0, 2, 4, 6, 8, 10].contains(&k);
                let expected = if widened { 2.0 * source[k] } else { source[k] };
                assert_eq!(instance[k], expected, "instance {n}, float {k}");
            }
        }
    }
}
