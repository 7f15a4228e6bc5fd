//! The terrain's water surface: its settings (`water_visible`, `water_material`) and its internal
//! child, a [MeshInstance3D] showing the core's water mesh (lakes, sea, rivers, wetland pools) with
//! the water depth in `UV2`, drawn by the built-in water shader unless a material replaces it.

use super::children;
use donjourno::water_mesh::WaterMesh;
use godot::classes::mesh::{ArrayType, PrimitiveType};
use godot::classes::{ArrayMesh, Material, Mesh, MeshInstance3D, Node, Shader, ShaderMaterial};
use godot::obj::EngineEnum;
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

/// The water mesh as an [ArrayMesh] of one surface (positions, normals, colours and `UV2`) with
/// `material`; `None` when it has no vertices.
fn array_mesh(water: &WaterMesh, material: &Gd<Material>) -> Option<Gd<ArrayMesh>> {
    let mesh = &water.mesh;
    if mesh.vertex_count() == 0 {
        return None;
    }
    let v3 = |p: &[[f32; 3]]| -> PackedVector3Array {
        p.iter().map(|p| Vector3::from_array(*p)).collect()
    };
    let colors: PackedColorArray = mesh
        .colors
        .iter()
        .map(|[r, g, b, a]| Color::from_rgba(*r, *g, *b, *a))
        .collect();
    let uv2: PackedVector2Array = water
        .uv2
        .iter()
        .map(|[u, v]| Vector2::new(*u, *v))
        .collect();
    let mut arrays = VarArray::new();
    arrays.resize(ArrayType::MAX.ord() as usize, &Variant::nil());
    arrays.set(
        ArrayType::VERTEX.ord() as usize,
        &v3(&mesh.positions).to_variant(),
    );
    arrays.set(
        ArrayType::NORMAL.ord() as usize,
        &v3(&mesh.normals).to_variant(),
    );
    arrays.set(ArrayType::COLOR.ord() as usize, &colors.to_variant());
    arrays.set(ArrayType::TEX_UV2.ord() as usize, &uv2.to_variant());
    let mut out = ArrayMesh::new_gd();
    out.add_surface_from_arrays(PrimitiveType::TRIANGLES, &arrays);
    out.surface_set_material(0, material);
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
    pub fn update(&mut self, parent: &mut Gd<Node>, water: Option<&WaterMesh>) {
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
