//! The terrain's water surface: its setting (`water_visible`) and its internal child, a
//! translucent [MeshInstance3D] with one quad per water cell at its water level.

use super::children;
use donjourno::mesh::Mesh as CoreMesh;
use godot::classes::base_material_3d::{Flags, ShadingMode, Transparency};
use godot::classes::{Mesh, MeshInstance3D, Node, StandardMaterial3D};
use godot::prelude::*;

/// A glossy, translucent material for the water surface: the vertex colours (sRGB) as albedo,
/// their alpha as opacity.
fn water_material() -> Gd<StandardMaterial3D> {
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

/// The water component: whether the surface is visible, and the surface's node.
pub struct Water {
    /// Whether the water surface is visible.
    pub visible: bool,
    node: Option<Gd<MeshInstance3D>>,
    material: Option<Gd<StandardMaterial3D>>,
}

impl Default for Water {
    fn default() -> Self {
        Water {
            visible: true,
            node: None,
            material: None,
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

    /// Shows `water` on the `MeshInstance3D` named `Water` (created under `parent` on first
    /// use), or removes the node when there is no water (`None` or an empty mesh).
    pub fn update(&mut self, parent: &mut Gd<Node>, water: Option<&CoreMesh>) {
        let material = self.material.get_or_insert_with(water_material).clone();
        let Some(mesh) = water.and_then(|w| children::array_mesh(w, &material)) else {
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
