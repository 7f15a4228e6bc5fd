//! What the terrain's components share: internal children (never listed, never saved into a
//! scene), core meshes as [ArrayMesh]es, and the vertex-colour material.

use donjourno::mesh::Mesh as CoreMesh;
use godot::classes::base_material_3d::{Flags, ShadingMode};
use godot::classes::mesh::{ArrayType, PrimitiveType};
use godot::classes::node::InternalMode;
use godot::classes::{ArrayMesh, Material, Node, StandardMaterial3D};
use godot::obj::EngineEnum;
use godot::prelude::*;

/// Adds `child` to `parent` as an internal child (not listed, not saved).
pub fn add_internal(parent: &mut Gd<Node>, child: &Gd<impl Inherits<Node>>) {
    parent
        .add_child_ex(&child.clone().upcast::<Node>())
        .internal(InternalMode::FRONT)
        .done();
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
    array_mesh_with(mesh, &material.clone().upcast())
}

/// [`array_mesh`] with any material.
pub fn array_mesh_with(mesh: &CoreMesh, material: &Gd<Material>) -> Option<Gd<ArrayMesh>> {
    if mesh.vertex_count() == 0 {
        return None;
    }
    let mut out = ArrayMesh::new_gd();
    out.add_surface_from_arrays(PrimitiveType::TRIANGLES, &surface_arrays(mesh));
    out.surface_set_material(0, material);
    Some(out)
}

/// The surface arrays of a core mesh: positions, normals and colours.
pub fn surface_arrays(mesh: &CoreMesh) -> VarArray {
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
    arrays
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
