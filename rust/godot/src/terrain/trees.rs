//! The terrain's trees: their settings (`trees_enabled`, `tree_mesh`) and their internal child,
//! one [MultiMeshInstance3D] with an instance per tree cell (one draw call for every tree).

use super::children;
use donjourno::mesh::MeshParams;
use donjourno::placement::{self, TreeInstance};
use donjourno::Grid;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{ArrayMesh, Mesh, MultiMesh, MultiMeshInstance3D, Node, StandardMaterial3D};
use godot::prelude::*;

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

/// Seed 000's trees of a generated grid as a [`tree_floats`] buffer, built on the worker with
/// the rest of a rebuild; empty with biomes, whose scatter stands in for them.
pub fn grid_tree_floats(grid: &Grid, params: &MeshParams) -> Vec<f32> {
    if !grid.biome.is_empty() {
        return Vec::new();
    }
    tree_floats(&placement::tree_instances(grid, params).unwrap_or_default())
}

/// The transforms of a [`tree_floats`] buffer, in order.
pub fn transforms(buffer: &[f32]) -> Array<Transform3D> {
    crate::convert::transforms(buffer, 12)
}

/// The trees component: whether trees are shown, the mesh of a tree, and the instances.
pub struct Trees {
    /// Whether trees are shown.
    pub enabled: bool,
    /// The mesh shown for each tree; `None` for the built-in tree.
    pub mesh: Option<Gd<Mesh>>,
    node: Option<Gd<MultiMeshInstance3D>>,
    /// The built-in tree and the cell size it was built for.
    built_in: Option<(f32, Gd<ArrayMesh>)>,
    material: Option<Gd<StandardMaterial3D>>,
}

impl Default for Trees {
    fn default() -> Self {
        Trees {
            enabled: true,
            mesh: None,
            node: None,
            built_in: None,
            material: None,
        }
    }
}

impl Trees {
    /// The instances' node, if there is one.
    pub fn node(&self) -> Option<Gd<MultiMeshInstance3D>> {
        self.node.clone()
    }

    /// Shows one tree per transform of `source` (a [`tree_floats`] buffer and the cell size) under
    /// `parent`, or removes the trees when they are off or there is no source.
    pub fn update(&mut self, parent: &mut Gd<Node>, source: Option<(PackedFloat32Array, f32)>) {
        let Some((buffer, cell)) = source.filter(|_| self.enabled) else {
            children::remove(&mut self.node);
            return;
        };
        let mesh = self.tree_mesh(cell);
        if let Err(e) = self.build(parent, &buffer, &mesh) {
            godot_error!("DonjournoTerrain: trees not built: {e}");
        }
    }

    /// The mesh of a tree: [`Trees::mesh`], else the built-in low-poly tree
    /// ([`placement::low_poly_tree`]) sized for cells of `cell`.
    fn tree_mesh(&mut self, cell: f32) -> Gd<Mesh> {
        if let Some(mesh) = &self.mesh {
            return mesh.clone();
        }
        if let Some((_, mesh)) = self.built_in.as_ref().filter(|(c, _)| *c == cell) {
            return mesh.clone().upcast();
        }
        let material = self
            .material
            .get_or_insert_with(children::vertex_color_material);
        let tree = placement::low_poly_tree(BUILT_IN_TREE_CELLS * cell);
        let mesh = children::array_mesh(&tree, material).unwrap_or_else(ArrayMesh::new_gd);
        self.built_in = Some((cell, mesh.clone()));
        mesh.upcast()
    }

    /// A `MultiMeshInstance3D` named `Trees` with one instance of `mesh` per transform.
    fn build(
        &mut self,
        parent: &mut Gd<Node>,
        buffer: &PackedFloat32Array,
        mesh: &Gd<Mesh>,
    ) -> Result<(), String> {
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
        let node = self.node.get_or_insert_with(|| {
            let mut n = MultiMeshInstance3D::new_alloc();
            n.set_name("Trees");
            children::add_internal(parent, &n);
            n
        });
        node.set_multimesh(&multimesh);
        Ok(())
    }
}
