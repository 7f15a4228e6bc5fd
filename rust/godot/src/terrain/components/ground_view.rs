//! How the terrain draws its ground: the settings (`ground_material`, `ground_textures`) and the
//! material of each ground style — the vertex colours lit by the scene (flat) or unlit (relief),
//! the built-in terrain shader (blended, and textured with the ground textures' arrays) — unless
//! the user's material replaces them.

use crate::ground::textures::DonjournoGroundTextures;
use crate::terrain::show::children;
use donjourno::params::GroundStyle;
use donjourno::stages::biomes::table::MATERIALS;
use godot::classes::{Material, ResourceLoader, Shader, ShaderMaterial, StandardMaterial3D};
use godot::prelude::*;

/// The built-in terrain shader (also shipped as `addons/donjourno/ground/terrain.gdshader`, to
/// copy).
pub const TERRAIN_SHADER: &str =
    include_str!("../../../../../addons/donjourno/ground/terrain.gdshader");

/// The ground textures the addon ships, which the textured style uses when none are assigned.
pub const DEFAULT_TEXTURES: &str = "res://addons/donjourno/ground/ground_textures.tres";

/// The ground's settings and materials.
#[derive(Default)]
pub struct GroundView {
    /// The material replacing the built-in ones (`ground_material`).
    pub material: Option<Gd<Material>>,
    /// The textures of the textured style (`ground_textures`).
    pub textures: Option<Gd<DonjournoGroundTextures>>,
    vertex_colour: Option<Gd<StandardMaterial3D>>,
    shader: Option<Gd<ShaderMaterial>>,
    /// Whether the shader material holds the arrays of the current textures.
    textured: bool,
    /// The addon's own texture set, loaded on first use.
    shipped: Option<Gd<DonjournoGroundTextures>>,
}

impl GroundView {
    /// The material the ground of `style` is drawn with: the user's material, else the
    /// built-in one of the style.
    pub fn active(&mut self, style: GroundStyle) -> Gd<Material> {
        if let Some(m) = &self.material {
            return m.clone();
        }
        match style {
            GroundStyle::Flat | GroundStyle::Relief => {
                let m = self
                    .vertex_colour
                    .get_or_insert_with(children::vertex_color_material);
                children::apply_ground_style(m, style);
                m.clone().upcast()
            }
            GroundStyle::Blended | GroundStyle::Textured => {
                let textured = style == GroundStyle::Textured;
                let mut m = self.shader_material();
                m.set_shader_parameter("textured", &textured.to_variant());
                if textured && !self.textured {
                    self.apply_textures(&mut m);
                }
                m.upcast()
            }
        }
    }

    /// Forgets the texture arrays: the next textured material builds them again.
    pub fn textures_changed(&mut self) {
        self.textured = false;
    }

    /// The built-in terrain shader's material, its material colours set.
    fn shader_material(&mut self) -> Gd<ShaderMaterial> {
        self.shader
            .get_or_insert_with(|| {
                let mut shader = Shader::new_gd();
                shader.set_code(TERRAIN_SHADER);
                let mut m = ShaderMaterial::new_gd();
                m.set_shader(&shader);
                let colours: PackedVector3Array = MATERIALS
                    .iter()
                    .map(|c| Vector3::new(c[0] as f32, c[1] as f32, c[2] as f32) / 255.0)
                    .collect();
                m.set_shader_parameter("material_colors", &colours.to_variant());
                m
            })
            .clone()
    }

    /// The textures the textured style draws with: the assigned set, else the addon's own.
    fn texture_set(&mut self) -> Option<Gd<DonjournoGroundTextures>> {
        if let Some(t) = &self.textures {
            return Some(t.clone());
        }
        if self.shipped.is_none() {
            let mut loader = ResourceLoader::singleton();
            if loader.exists(DEFAULT_TEXTURES) {
                self.shipped = loader
                    .load(DEFAULT_TEXTURES)
                    .and_then(|r| r.try_cast::<DonjournoGroundTextures>().ok());
            }
        }
        self.shipped.clone()
    }

    /// Hands the texture arrays of [`GroundView::texture_set`] to `m`; without textures, every
    /// material keeps its colour.
    fn apply_textures(&mut self, m: &mut Gd<ShaderMaterial>) {
        let has = match self.texture_set() {
            Some(set) => {
                let arrays = set.bind().arrays();
                m.set_shader_parameter("albedo_textures", &arrays.albedo.to_variant());
                m.set_shader_parameter("normal_textures", &arrays.normal.to_variant());
                m.set_shader_parameter("roughness_textures", &arrays.roughness.to_variant());
                m.set_shader_parameter("tiling", &arrays.tiling.to_variant());
                arrays.has
            }
            None => (0..7).map(|_| Vector3::ZERO).collect(),
        };
        m.set_shader_parameter("has_texture", &has.to_variant());
        self.textured = true;
    }
}

impl crate::terrain::DonjournoTerrain {
    /// The ground style of what the terrain shows: the endless world's, else the map's (flat
    /// before anything was built).
    fn shown_ground_style(&self) -> GroundStyle {
        if self.endless.is_active() {
            return self.endless.ground_style();
        }
        self.shown
            .as_ref()
            .map_or(GroundStyle::Flat, |s| s.inputs.params.ground_style)
    }

    /// Applies the ground's material (after [member ground_material] or the textures changed)
    /// to the one mesh, the chunks and the endless world's tiles shown.
    pub(in crate::terrain) fn restyle_ground(&mut self) {
        let material = self.ground.active(self.shown_ground_style());
        self.surface.set_material(material.clone());
        self.chunks.set_material(material.clone());
        for shown in self.endless.tiles.values() {
            for child in shown.node.get_children().iter_shared() {
                let Ok(instance) = child.try_cast::<godot::classes::MeshInstance3D>() else {
                    continue;
                };
                if !instance.get_name().to_string().starts_with("Chunk") {
                    continue;
                }
                if let Some(mut mesh) = instance.get_mesh().filter(|m| m.get_surface_count() > 0) {
                    mesh.surface_set_material(0, &material);
                }
            }
        }
    }

    /// [member ground_textures] changed, or one of its layers: the texture arrays are built
    /// again for the ground shown.
    pub(in crate::terrain) fn on_ground_textures_changed(&mut self) {
        self.ground.textures_changed();
        self.restyle_ground();
    }
}
