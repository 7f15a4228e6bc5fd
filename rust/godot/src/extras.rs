//! The nodes a `DonjournoTerrain` builds next to its mesh: the collision body, the trees and the
//! water surface. All are internal children without an owner, so they are never saved into a
//! scene.

use donjourno::mesh::{Mesh as CoreMesh, MeshParams};
use donjourno::placement::{self, TreeInstance};
use donjourno::Grid;
use godot::classes::base_material_3d::{Flags, ShadingMode, Transparency};
use godot::classes::mesh::{ArrayType, PrimitiveType};
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::node::InternalMode;
use godot::classes::{
    ArrayMesh, CollisionShape3D, HeightMapShape3D, Mesh, MeshInstance3D, MultiMesh,
    MultiMeshInstance3D, Node, StandardMaterial3D, StaticBody3D,
};
use godot::obj::EngineEnum;
use godot::prelude::*;

/// Height of the built-in tree, in cells.
pub const BUILT_IN_TREE_CELLS: f32 = 1.6;

/// Adds `child` to `parent` as an internal child (not listed, not saved).
fn add_internal(parent: &mut Gd<Node>, child: &Gd<impl Inherits<Node>>) {
    parent
        .add_child_ex(&child.clone().upcast::<Node>())
        .internal(InternalMode::FRONT)
        .done();
}

/// Heights at the cell corners of a map (see [`placement::corner_heights`]).
pub struct HeightMap {
    /// Cells along x.
    pub width: usize,
    /// Cells along z.
    pub depth: usize,
    /// World size of a cell.
    pub cell_size: f32,
    /// `(width + 1) × (depth + 1)` heights in world units, row by row.
    pub heights: Vec<f32>,
}

impl HeightMap {
    /// The corner heights of the mesh of `grid` with `params`.
    pub fn of(grid: &Grid, params: &MeshParams) -> Result<HeightMap, String> {
        Ok(HeightMap {
            width: grid.width(),
            depth: grid.depth(),
            cell_size: params.cell_size,
            heights: placement::corner_heights(grid, params).map_err(|e| e.to_string())?,
        })
    }
}

/// A `StaticBody3D` named `Collision` with one `CollisionShape3D` holding a `HeightMapShape3D`
/// that spans the mesh: the heights at the cell corners, the shape scaled uniformly by the cell
/// size (a height map is spaced one unit and centred on its origin) and moved to the centre of
/// `[0, width·cell_size] × [0, depth·cell_size]`.
pub fn build_collision(
    parent: &mut Gd<Node>,
    body: &mut Option<Gd<StaticBody3D>>,
    heights: &HeightMap,
    layer: u32,
    mask: u32,
) -> Result<(), String> {
    let (w, d, cell) = (heights.width, heights.depth, heights.cell_size);
    if w == 0
        || d == 0
        || heights.heights.len() != (w + 1) * (d + 1)
        || cell.is_nan()
        || cell <= 0.0
    {
        return Err(format!(
            "{} corner heights do not fit a {w} × {d} map with cells of {cell}",
            heights.heights.len()
        ));
    }
    let heights = &heights.heights;
    let mut shape = HeightMapShape3D::new_gd();
    shape.set_map_width((w + 1) as i32);
    shape.set_map_depth((d + 1) as i32);
    let data: PackedFloat32Array = heights.iter().map(|h| h / cell).collect();
    shape.set_map_data(&data);
    let body = body.get_or_insert_with(|| {
        let mut b = StaticBody3D::new_alloc();
        b.set_name("Collision");
        let mut cs = CollisionShape3D::new_alloc();
        cs.set_name("Shape");
        b.add_child(&cs);
        add_internal(parent, &b);
        b
    });
    body.set_collision_layer(layer);
    body.set_collision_mask(mask);
    let mut cs = body
        .get_child(0)
        .expect("built above")
        .cast::<CollisionShape3D>();
    cs.set_shape(&shape);
    cs.set_transform(Transform3D::new(
        Basis::from_scale(Vector3::splat(cell)),
        Vector3::new(w as f32 * cell / 2.0, 0.0, d as f32 * cell / 2.0),
    ));
    Ok(())
}

/// The per-instance buffer of a `MultiMesh` of 3D transforms: 12 floats per instance, the rows of
/// the basis each followed by a component of the origin.
pub fn tree_buffer(trees: &[TreeInstance]) -> PackedFloat32Array {
    let mut out = Vec::with_capacity(trees.len() * 12);
    for t in trees {
        let [c0, c1, c2] = t.basis_columns();
        for row in 0..3 {
            out.extend([c0[row], c1[row], c2[row], t.position[row]]);
        }
    }
    PackedFloat32Array::from(out.as_slice())
}

/// The transform of a tree instance.
pub fn tree_transform(t: &TreeInstance) -> Transform3D {
    let [c0, c1, c2] = t.basis_columns().map(Vector3::from_array);
    Transform3D::new(
        Basis::from_cols(c0, c1, c2),
        Vector3::from_array(t.position),
    )
}

/// A `MultiMeshInstance3D` named `Trees` with one instance of `mesh` per tree cell: one draw
/// call for every tree.
pub fn build_trees(
    parent: &mut Gd<Node>,
    node: &mut Option<Gd<MultiMeshInstance3D>>,
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
    let node = node.get_or_insert_with(|| {
        let mut n = MultiMeshInstance3D::new_alloc();
        n.set_name("Trees");
        add_internal(parent, &n);
        n
    });
    node.set_multimesh(&multimesh);
    Ok(())
}

/// Frees an internal child and forgets it.
pub fn remove<T: Inherits<Node>>(node: &mut Option<Gd<T>>) {
    if let Some(n) = node.take() {
        let mut n = n.upcast::<Node>();
        if let Some(mut parent) = n.get_parent() {
            parent.remove_child(&n);
        }
        n.queue_free();
    }
}

/// A mesh of the core as an [ArrayMesh] of one surface with `material`; `None` when it has no
/// vertices.
pub fn array_mesh(mesh: &CoreMesh, material: &Gd<StandardMaterial3D>) -> Option<Gd<ArrayMesh>> {
    if mesh.vertex_count() == 0 {
        return None;
    }
    let vertices: PackedVector3Array = mesh
        .positions
        .iter()
        .map(|p| Vector3::from_array(*p))
        .collect();
    let normals: PackedVector3Array = mesh
        .normals
        .iter()
        .map(|n| Vector3::from_array(*n))
        .collect();
    let colors: PackedColorArray = mesh
        .colors
        .iter()
        .map(|[r, g, b, a]| Color::from_rgba(*r, *g, *b, *a))
        .collect();
    let mut arrays = VarArray::new();
    arrays.resize(ArrayType::MAX.ord() as usize, &Variant::nil());
    arrays.set(ArrayType::VERTEX.ord() as usize, &vertices.to_variant());
    arrays.set(ArrayType::NORMAL.ord() as usize, &normals.to_variant());
    arrays.set(ArrayType::COLOR.ord() as usize, &colors.to_variant());
    let mut out = ArrayMesh::new_gd();
    out.add_surface_from_arrays(PrimitiveType::TRIANGLES, &arrays);
    out.surface_set_material(0, material);
    Some(out)
}

/// Shows `mesh` on the `MeshInstance3D` named `Water` (created as an internal child of `parent`
/// on first use), visible or not.
pub fn build_water(
    parent: &mut Gd<Node>,
    node: &mut Option<Gd<MeshInstance3D>>,
    mesh: &Gd<Mesh>,
    visible: bool,
) {
    let node = node.get_or_insert_with(|| {
        let mut n = MeshInstance3D::new_alloc();
        n.set_name("Water");
        add_internal(parent, &n);
        n
    });
    node.set_mesh(mesh);
    node.set_visible(visible);
}

/// A glossy, translucent material for the water surface: the vertex colours (sRGB) as albedo,
/// their alpha as opacity.
pub fn water_material() -> Gd<StandardMaterial3D> {
    let mut m = StandardMaterial3D::new_gd();
    m.set_flag(Flags::ALBEDO_FROM_VERTEX_COLOR, true);
    m.set_flag(Flags::SRGB_VERTEX_COLOR, true);
    m.set_transparency(Transparency::ALPHA);
    m.set_shading_mode(ShadingMode::PER_PIXEL);
    m.set_roughness(0.12);
    m.set_metallic(0.1);
    m.set_specular(0.6);
    m
}

/// The built-in low-poly tree ([`placement::low_poly_tree`]) as an [ArrayMesh] with a
/// vertex-colour material, `height` world units tall.
pub fn built_in_tree(height: f32, material: &Gd<StandardMaterial3D>) -> Gd<ArrayMesh> {
    array_mesh(&placement::low_poly_tree(height), material).unwrap_or_else(ArrayMesh::new_gd)
}

/// A matte material showing the vertex colours (sRGB) as albedo.
pub fn vertex_color_material() -> Gd<StandardMaterial3D> {
    let mut m = StandardMaterial3D::new_gd();
    m.set_flag(Flags::ALBEDO_FROM_VERTEX_COLOR, true);
    m.set_flag(Flags::SRGB_VERTEX_COLOR, true);
    m.set_shading_mode(ShadingMode::PER_PIXEL);
    m.set_roughness(1.0);
    m.set_specular(0.2);
    m
}
