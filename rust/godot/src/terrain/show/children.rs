//! What the terrain's components share: internal children (never listed, never saved into a
//! scene), core meshes as [ArrayMesh]es, and the vertex-colour material.

use donjourno::outputs::mesh::Mesh as CoreMesh;
use donjourno::params::GroundStyle;
use godot::classes::base_material_3d::{Flags, ShadingMode};
use godot::classes::mesh::{ArrayType, PrimitiveType};
use godot::classes::node::InternalMode;
use godot::classes::{
    ArrayMesh, Material, Mesh, MeshInstance3D, MultiMesh, MultiMeshInstance3D, Node,
    StandardMaterial3D,
};
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

/// A [MeshInstance3D] named `name` showing `mesh` between the camera distances `range` (begin,
/// end; an end of 0 has no end).
pub fn mesh_instance(
    name: &str,
    mesh: &Gd<impl Inherits<Mesh>>,
    range: (f32, f32),
) -> Gd<MeshInstance3D> {
    let mut instance = MeshInstance3D::new_alloc();
    instance.set_name(name);
    instance.set_mesh(&mesh.clone().upcast::<Mesh>());
    instance.set_visibility_range_begin(range.0);
    instance.set_visibility_range_end(range.1);
    instance
}

/// A [MultiMeshInstance3D] named `name` showing `multimesh` between the camera distances `range`.
pub fn multimesh_instance(
    name: &str,
    multimesh: &Gd<MultiMesh>,
    range: (f32, f32),
) -> Gd<MultiMeshInstance3D> {
    let mut instance = MultiMeshInstance3D::new_alloc();
    instance.set_name(name);
    instance.set_multimesh(multimesh);
    instance.set_visibility_range_begin(range.0);
    instance.set_visibility_range_end(range.1);
    instance
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

/// Shades `material` (a [`vertex_color_material`]) for a ground style: unlit for `relief`,
/// whose colours carry their own shading and shadows; else lit by the scene (the blended and
/// textured styles draw with the terrain shader instead, see
/// [`crate::terrain::components::ground_view`]).
pub fn apply_ground_style(material: &mut Gd<StandardMaterial3D>, style: GroundStyle) {
    let mode = match style {
        GroundStyle::Relief => ShadingMode::UNSHADED,
        _ => ShadingMode::PER_PIXEL,
    };
    if material.get_shading_mode() != mode {
        material.set_shading_mode(mode);
    }
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
