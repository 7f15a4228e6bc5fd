//! The terrain's water surface: its settings (`water_visible`, `water_material`) and its internal
//! child, a [MeshInstance3D] showing the core's water mesh (lakes, sea, rivers, wetland pools) with
//! the water depth in `UV2`, drawn by the built-in water shader unless a material replaces it.

use super::children;
use crate::convert;
use donjourno::godot_surface::SurfaceData;
use godot::classes::mesh::{ArrayFormat, PrimitiveType};
use godot::classes::rendering_server::ArrayFormat as RsArrayFormat;
use godot::classes::{ArrayMesh, Material, Mesh, MeshInstance3D, Node, Shader, ShaderMaterial};
use godot::obj::{EngineBitfield, EngineEnum};
use godot::prelude::*;

/// The built-in water shader (also shipped as `addons/donjourno/water/water.gdshader`, to copy).
pub const WATER_SHADER: &str = include_str!("../../../../addons/donjourno/water/water.gdshader");

/// The built-in water material: [constant WATER_SHADER] with its default uniforms.
fn builtin_material() -> Gd<Material> {
    let mut shader = Shader::new_gd();
    shader.set_code(WATER_SHADER);
    let mut m = ShaderMaterial::new_gd();
    m.set_shader(&shader);
    m.upcast()
}

/// Format of the water surface: the terrain's (positions, normals, tangents, colours) plus UV2,
/// in the surface layout of Godot 4.2 and later.
fn water_format() -> i64 {
    let flags = ArrayFormat::VERTEX.ord()
        | ArrayFormat::NORMAL.ord()
        | ArrayFormat::TANGENT.ord()
        | ArrayFormat::COLOR.ord()
        | ArrayFormat::TEX_UV2.ord();
    (flags | RsArrayFormat::FLAG_FORMAT_VERSION_2.ord()) as i64
}

/// The water surface as a mesh with `material`, or `None` when it is empty. Its streams were
/// encoded on the worker ([`donjourno::godot_surface::encode_water`]) and are handed over the way Godot
/// loads a saved mesh, with no per-vertex conversion.
fn array_mesh(water: &SurfaceData, material: &Gd<Material>) -> Option<Gd<ArrayMesh>> {
    if water.vertex_count == 0 {
        return None;
    }
    let (lo, hi) = water.bounds;
    let (lo, hi) = (Vector3::from_array(lo), Vector3::from_array(hi));
    let mut surface = VarDictionary::new();
    convert::put(&mut surface, "format", water_format());
    convert::put(&mut surface, "primitive", PrimitiveType::TRIANGLES.ord());
    let bytes = |b: &[u8]| PackedByteArray::from(b);
    convert::put(&mut surface, "vertex_data", bytes(&water.vertex));
    convert::put(&mut surface, "attribute_data", bytes(&water.attribute));
    convert::put(&mut surface, "vertex_count", water.vertex_count as i64);
    convert::put(&mut surface, "aabb", Aabb::new(lo, hi - lo));
    convert::put(&mut surface, "material", material.clone());
    let mut surfaces = VarArray::new();
    surfaces.push(&surface.to_variant());
    let mut out = ArrayMesh::new_gd();
    out.set("_surfaces", &surfaces.to_variant());
    Some(out)
}

/// The water component: whether the surface is visible, the designer's material, and the node.
pub struct Water {
    /// Whether the water surface is visible.
    pub visible: bool,
    /// The material replacing the built-in water shader (`None`: the built-in one).
    pub material: Option<Gd<Material>>,
    node: Option<Gd<MeshInstance3D>>,
    builtin: Option<Gd<Material>>,
}

impl Default for Water {
    fn default() -> Self {
        Water {
            visible: true,
            material: None,
            node: None,
            builtin: None,
        }
    }
}

impl Water {
    /// The surface's node, if the terrain shown has water.
    pub fn node(&self) -> Option<Gd<MeshInstance3D>> {
        self.node.clone()
    }

    /// The surface's mesh, if the terrain shown has water.
    pub fn mesh(&self) -> Option<Gd<Mesh>> {
        self.node.as_ref().and_then(|n| n.get_mesh())
    }

    /// Shows or hides the surface.
    pub fn set_visible(&mut self, visible: bool) {
        self.visible = visible;
        if let Some(node) = &mut self.node {
            node.set_visible(visible);
        }
    }

    /// The material the surface is drawn with: the designer's, else the built-in shader.
    pub fn active_material(&mut self) -> Gd<Material> {
        match &self.material {
            Some(m) => m.clone(),
            None => self.builtin.get_or_insert_with(builtin_material).clone(),
        }
    }

    /// Sets the designer's material (`None`: the built-in shader) and applies it to the surface.
    pub fn set_material(&mut self, material: Option<Gd<Material>>) {
        self.material = material;
        let active = self.active_material();
        if let Some(mut mesh) = self.mesh().and_then(|m| m.try_cast::<ArrayMesh>().ok()) {
            if mesh.get_surface_count() > 0 {
                mesh.surface_set_material(0, &active);
            }
        }
    }

    /// Shows `water` on the `MeshInstance3D` named `Water` (created under `parent` on first
    /// use), or removes the node when there is no water (`None` or an empty mesh).
    pub fn update(&mut self, parent: &mut Gd<Node>, water: Option<&SurfaceData>) {
        let material = self.active_material();
        let Some(mesh) = water.and_then(|w| array_mesh(w, &material)) else {
            self.remove();
            return;
        };
        let node = self.node.get_or_insert_with(|| {
            let mut n = MeshInstance3D::new_alloc();
            n.set_name("Water");
            children::add_internal(parent, &n);
            n
        });
        node.set_mesh(&mesh);
        node.set_visible(self.visible);
    }

    /// Removes the surface's node.
    pub fn remove(&mut self) {
        children::remove(&mut self.node);
    }
}
