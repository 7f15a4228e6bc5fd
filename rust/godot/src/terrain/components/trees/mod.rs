//! The terrain's trees: their settings (`trees_enabled`, `tree_mesh`) and their internal child,
//! one [MultiMeshInstance3D] with an instance per tree cell (one draw call for every tree; one
//! per chunk on a map drawn in chunks, so Godot culls the chunks out of view).
//!
//! On a map whose chunks hold one level each (too large for every level), every chunk holds its
//! far trees, and only the chunks near the camera hold their full trees ([`NearTrees`]).

pub mod near;

use crate::terrain::components::trees::near::NearTrees;
use crate::terrain::show::surface_queue::FrameBudget;
use crate::terrain::{show::children, show::ranges};
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::outputs::placement::{self, TreeInstance};
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    ArrayMesh, Mesh, MultiMesh, MultiMeshInstance3D, Node, Node3D, StandardMaterial3D,
};
use godot::prelude::*;
use std::borrow::Cow;
use std::sync::Arc;

/// Height of the built-in tree, in cells.
pub const BUILT_IN_TREE_CELLS: f32 = 1.6;

/// The per-instance buffer of a `MultiMesh` of 3D transforms: 12 floats per instance, the rows of
/// the basis each followed by a component of the origin.
pub fn tree_floats(trees: &[TreeInstance]) -> Vec<f32> {
    let mut out = Vec::with_capacity(trees.len() * 12);
    for t in trees {
        let [c0, c1, c2] = t.basis_columns();
        for row in 0..3 {
            out.extend([c0[row], c1[row], c2[row], t.position[row]]);
        }
    }
    out
}

/// The tree cells' trees of a generated grid as [`tree_floats`] buffers, built on the worker with
/// the rest of a rebuild: one per chunk on a map drawn in chunks, else one. No tree with biomes,
/// whose scatter stands in for them.
pub fn grid_tree_pieces(grid: &Grid, params: &MeshParams) -> Vec<Vec<f32>> {
    if !grid.biome().is_empty() {
        return vec![Vec::new()];
    }
    let layout = ChunkLayout::new(grid.width(), grid.depth(), params);
    match layout.is_chunked() {
        // Chunk by chunk: the map's trees are never held whole beside their pieces.
        true => placement::chunk_trees(grid, params, &layout, tree_floats).unwrap_or_default(),
        false => vec![tree_floats(
            &placement::tree_instances(grid, params).unwrap_or_default(),
        )],
    }
}

/// The transforms of a [`tree_floats`] buffer, in order.
pub fn transforms(buffer: &[f32]) -> Array<Transform3D> {
    crate::convert::transforms(buffer, 12)
}

/// Tree instances turned into multimeshes per frame, at most, on a map drawn in chunks (one chunk
/// always goes; the next ones while [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]
/// lasts): [`TREE_BYTES`] each, about 3.7 MiB a frame.
pub const TREE_INSTANCES_PER_FRAME: usize = 80_000;

/// Bytes of a tree instance in a multimesh buffer: a 3 × 4 transform of `f32`.
pub const TREE_BYTES: usize = 12 * 4;

/// One buffer of trees per chunk, shared with [`crate::terrain::show::shown::ShownMap`].
pub type Pieces = Arc<Vec<Vec<f32>>>;

/// Far away, a chunk draws one tree in this many (every chunk's trees keep their density up to
/// [`FAR_TREES_LOD_DISTANCES`] × `lod_distance`), each as the built-in far tree
/// ([`placement::far_tree`], 4 triangles instead of 24, its crown wider to cover the same
/// ground) unless `tree_mesh` replaces both.
pub const FAR_TREE_STRIDE: usize = placement::FAR_TREE_COVER;

/// Distance, in multiples of `lod_distance`, from which a chunk's trees thin out: where the
/// terrain's chunks switch to their third level of detail.
pub const FAR_TREES_LOD_DISTANCES: f32 = 2.0;

/// Distance, in multiples of `lod_distance`, beyond which a chunk draws no tree: a tree there is
/// below a pixel at usual fields of view, and the ground's forest colour stands in for it.
pub const NO_TREES_LOD_DISTANCES: f32 = 8.0;

/// Every [`FAR_TREE_STRIDE`]-th tree of a [`tree_floats`] buffer, in order.
pub fn far_trees(buffer: &[f32]) -> Vec<f32> {
    buffer
        .chunks_exact(12)
        .step_by(FAR_TREE_STRIDE)
        .flatten()
        .copied()
        .collect()
}

/// Where the trees shown come from.
#[derive(Clone)]
pub enum TreeBuffers {
    /// One [`tree_floats`] buffer per chunk of a generated map (one for a map in one mesh), and
    /// the `lod_distance` that sets where a chunk's trees thin out and end.
    Pieces(Pieces, f32),
    /// The buffer stored in a baked mesh.
    Baked(PackedFloat32Array),
}

/// The chunks of trees still to turn into nodes.
struct Pending {
    pieces: Pieces,
    next: usize,
    meshes: [Gd<Mesh>; 2],
    lod_distance: f32,
    /// Whether only the far trees are made (the full ones follow the camera: [`NearTrees`]).
    far_only: bool,
}

/// The trees component: whether trees are shown, the mesh of a tree, and the instances: one
/// `Trees` [MultiMeshInstance3D], or on a map drawn in chunks a `Trees` [Node3D] holding one
/// per chunk, filled in a share per frame ([`Trees::pump`]).
pub struct Trees {
    /// Whether trees are shown.
    pub enabled: bool,
    /// The mesh shown for each tree; `None` for the built-in tree.
    pub mesh: Option<Gd<Mesh>>,
    node: Option<Gd<MultiMeshInstance3D>>,
    holder: Option<Gd<Node3D>>,
    pieces: Vec<Gd<MultiMeshInstance3D>>,
    /// The chunks' buffers and the next chunk to turn into a node.
    pending: Option<Pending>,
    /// The full trees that follow the camera, when they do.
    near: Option<NearTrees>,
    /// The built-in tree and the cell size it was built for.
    built_in: Option<(f32, [Gd<Mesh>; 2])>,
    material: Option<Gd<StandardMaterial3D>>,
}

impl Default for Trees {
    fn default() -> Self {
        Trees {
            enabled: true,
            mesh: None,
            node: None,
            holder: None,
            pieces: Vec::new(),
            pending: None,
            near: None,
            built_in: None,
            material: None,
        }
    }
}

impl Trees {
    /// The instances' node, if there is one (a map in one mesh, or a baked one).
    pub fn node(&self) -> Option<Gd<MultiMeshInstance3D>> {
        self.node.clone()
    }

    /// Every multimesh node shown: the one node, or the chunks' made so far.
    pub fn instances(&self) -> Vec<Gd<MultiMeshInstance3D>> {
        let near = self.near.iter().flat_map(NearTrees::instances);
        self.node
            .iter()
            .chain(&self.pieces)
            .chain(near)
            .cloned()
            .collect()
    }

    /// Shows one tree per transform of `source` (the buffers and the cell size) under `parent`,
    /// or removes the trees when they are off or there is no source. With `streamed` (the layout
    /// of a map whose chunks hold one level each), the chunks' full trees follow the camera
    /// ([`Trees::stream_near`]).
    pub fn update(
        &mut self,
        parent: &mut Gd<Node>,
        source: Option<(TreeBuffers, f32)>,
        streamed: Option<ChunkLayout>,
    ) {
        self.remove_pieces();
        let Some((buffers, cell)) = source.filter(|_| self.enabled) else {
            children::remove(&mut self.node);
            return;
        };
        let meshes = self.tree_meshes(cell);
        let buffer = match buffers {
            TreeBuffers::Pieces(pieces, lod_distance) if pieces.len() > 1 => {
                children::remove(&mut self.node);
                let mut holder = Node3D::new_alloc();
                holder.set_name("Trees");
                children::add_internal(parent, &holder);
                self.holder = Some(holder);
                if let Some(layout) = streamed {
                    self.near = Some(NearTrees::new(
                        pieces.clone(),
                        meshes[0].clone(),
                        layout,
                        cell,
                        lod_distance,
                    ));
                }
                self.pending = Some(Pending {
                    pieces,
                    next: 0,
                    meshes,
                    lod_distance,
                    far_only: streamed.is_some(),
                });
                return;
            }
            TreeBuffers::Pieces(pieces, _) => {
                PackedFloat32Array::from(pieces.first().map_or(&[][..], Vec::as_slice))
            }
            TreeBuffers::Baked(buffer) => buffer,
        };
        let result = multimesh(&buffer, &meshes[0]).map(|m| {
            let node = self.node.get_or_insert_with(|| {
                let mut n = MultiMeshInstance3D::new_alloc();
                n.set_name("Trees");
                children::add_internal(parent, &n);
                n
            });
            node.set_multimesh(&m);
        });
        if let Err(e) = result {
            godot_error!("DonjournoTerrain: trees not built: {e}");
        }
    }

    /// Turns waiting chunks into nodes, about [`TREE_INSTANCES_PER_FRAME`] trees' worth (and at
    /// most [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`] once one chunk went); each
    /// chunk gets its trees up to the thinning distance and one in [`FAR_TREE_STRIDE`] beyond.
    /// Returns whether some are still waiting.
    pub fn pump(&mut self) -> bool {
        let (Some(holder), Some(p)) = (&self.holder, &mut self.pending) else {
            self.pending = None;
            return false;
        };
        let mut budget = FrameBudget::new(TREE_INSTANCES_PER_FRAME * TREE_BYTES);
        while let Some(piece) = p.pieces.get(p.next) {
            // The trees this chunk's nodes hold, in floats.
            let cost = match p.far_only {
                true => piece.len() / FAR_TREE_STRIDE,
                false => piece.len() + piece.len() / FAR_TREE_STRIDE,
            };
            if !piece.is_empty() && !budget.admit(cost * 4) {
                break;
            }
            let index = p.next;
            p.next += 1;
            if piece.is_empty() {
                continue;
            }
            let nodes = match p.far_only {
                true => chunk_tree_node(index, piece, &p.meshes[1], p.lod_distance, true)
                    .into_iter()
                    .collect(),
                false => chunk_tree_nodes(index, piece, &p.meshes, p.lod_distance),
            };
            for node in nodes {
                ranges::add_ranged(&mut holder.clone(), &node);
                self.pieces.push(node);
            }
        }
        let filling = p.next < p.pieces.len();
        if !filling {
            self.pending = None;
        }
        filling
    }

    /// Whether chunks of trees are still waiting to become nodes.
    pub fn is_filling(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the chunks' full trees follow the camera.
    pub fn streams_near(&self) -> bool {
        self.near.is_some()
    }

    /// Moves the chunks' full trees towards a camera at `camera` ([`NearTrees::step`]).
    pub fn stream_near(&mut self, camera: Option<(f32, f32)>) {
        if let (Some(near), Some(holder)) = (&mut self.near, &self.holder) {
            near.step(holder, camera);
        }
    }

    /// Removes the chunks' nodes and their holder.
    fn remove_pieces(&mut self) {
        self.pending = None;
        self.near = None;
        self.pieces.clear();
        children::remove(&mut self.holder);
    }

    /// The meshes of a tree up close and far away: [`Trees::mesh`] for both, else the built-in
    /// low-poly tree ([`placement::low_poly_tree`]) and its far version
    /// ([`placement::far_tree`]) sized for cells of `cell`.
    pub fn tree_meshes(&mut self, cell: f32) -> [Gd<Mesh>; 2] {
        if let Some(mesh) = &self.mesh {
            return [mesh.clone(), mesh.clone()];
        }
        if let Some((_, meshes)) = self.built_in.as_ref().filter(|(c, _)| *c == cell) {
            return meshes.clone();
        }
        let material = self
            .material
            .get_or_insert_with(children::vertex_color_material);
        let height = BUILT_IN_TREE_CELLS * cell;
        let meshes = [
            placement::low_poly_tree(height),
            placement::far_tree(height),
        ]
        .map(|tree| {
            children::array_mesh(&tree, material)
                .unwrap_or_else(ArrayMesh::new_gd)
                .upcast::<Mesh>()
        });
        self.built_in = Some((cell, meshes.clone()));
        meshes
    }
}

/// The nodes of one chunk's trees (a [`tree_floats`] buffer), near and far
/// ([`chunk_tree_node`]); `meshes` are the near and far tree.
pub fn chunk_tree_nodes(
    index: usize,
    piece: &[f32],
    meshes: &[Gd<Mesh>; 2],
    lod_distance: f32,
) -> Vec<Gd<MultiMeshInstance3D>> {
    [
        chunk_tree_node(index, piece, &meshes[0], lod_distance, false),
        chunk_tree_node(index, piece, &meshes[1], lod_distance, true),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// One node of chunk `index`'s trees (a [`tree_floats`] buffer) drawn with `mesh`: `Trees_<index>`,
/// every tree up to the thinning distance ([`FAR_TREES_LOD_DISTANCES`] × `lod_distance`), or
/// with `far`, `Trees_<index>_far`, one tree in [`FAR_TREE_STRIDE`] from there up to
/// [`NO_TREES_LOD_DISTANCES`] × `lod_distance`.
pub fn chunk_tree_node(
    index: usize,
    piece: &[f32],
    mesh: &Gd<Mesh>,
    lod_distance: f32,
    far: bool,
) -> Option<Gd<MultiMeshInstance3D>> {
    let thin = FAR_TREES_LOD_DISTANCES * lod_distance;
    let (name, buffer, range) = match far {
        false => (format!("Trees_{index}"), Cow::Borrowed(piece), (0.0, thin)),
        true => (
            format!("Trees_{index}_far"),
            Cow::Owned(far_trees(piece)),
            (thin, NO_TREES_LOD_DISTANCES * lod_distance),
        ),
    };
    let m = multimesh(&PackedFloat32Array::from(&*buffer), mesh).ok()?;
    Some(children::multimesh_instance(&name, &m, range))
}

/// A multimesh with one instance of `mesh` per transform of `buffer`.
pub fn multimesh(buffer: &PackedFloat32Array, mesh: &Gd<Mesh>) -> Result<Gd<MultiMesh>, String> {
    if buffer.len() % 12 != 0 {
        return Err(format!(
            "{} floats are not whole 3D transforms",
            buffer.len()
        ));
    }
    let mut multimesh = MultiMesh::new_gd();
    multimesh.set_transform_format(TransformFormat::TRANSFORM_3D);
    multimesh.set_mesh(mesh);
    multimesh.set_instance_count((buffer.len() / 12) as i32);
    if !buffer.is_empty() {
        multimesh.set_buffer(buffer);
    }
    Ok(multimesh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_trees_keep_every_fourth_tree_in_order() {
        let buffer: Vec<f32> = (0..10).flat_map(|i| [i as f32; 12]).collect();
        let far = far_trees(&buffer);
        let kept: Vec<f32> = far.chunks_exact(12).map(|t| t[0]).collect();
        assert_eq!(kept, [0.0, 4.0, 8.0]);
        assert!(far.chunks_exact(12).all(|t| t.iter().all(|&v| v == t[0])));
        assert!(far_trees(&[]).is_empty());
    }
}
