//! `DonjournoGroundLayer`: the textures of one ground material.

use godot::classes::{Resource, Texture2D};
use godot::prelude::*;

/// The textures of one ground material (grass, dry grass, dirt, sand, rock, snow or mud) in the
/// textured ground style ([member DonjournoGenerator.ground_style] `textured`), held by a
/// [DonjournoGroundTextures].
///
/// Every map is optional: without an albedo the material keeps its own colour, without a normal
/// map its ground is flat, without a roughness map it takes the shader's roughness. The maps of
/// all materials are resized to one square size ([method DonjournoGroundTextures.get_layer_size])
/// when the terrain builds its texture arrays. Editing a layer emits `changed`.
#[derive(GodotClass)]
#[class(tool, init, base = Resource)]
pub struct DonjournoGroundLayer {
    /// The colour map (sRGB). Its colours are multiplied by the ground's tint (the biome
    /// shading, wet sand, the forest floor) and its brightness sharpens the transitions between
    /// materials. Empty: the material's own colour.
    #[export]
    #[var(get, set)]
    albedo: PhantomVar<Option<Gd<Texture2D>>>,
    /// The normal map, OpenGL convention (green up), as Godot's materials expect. Empty: flat.
    #[export]
    #[var(get, set)]
    normal: PhantomVar<Option<Gd<Texture2D>>>,
    /// The roughness map, greyscale (red channel). Empty: the terrain shader's roughness.
    #[export]
    #[var(get, set)]
    roughness: PhantomVar<Option<Gd<Texture2D>>>,
    /// Metres of ground one repeat of the maps covers (default 3 m).
    #[export(range = (0.1, 100.0, 0.1, or_greater, suffix = "m"))]
    #[var(get, set)]
    tiling: PhantomVar<f32>,

    maps: [Option<Gd<Texture2D>>; 3],
    #[init(val = DEFAULT_TILING)]
    tiling_metres: f32,
    base: Base<Resource>,
}

/// Metres of ground one repeat of a layer's maps covers, by default.
pub const DEFAULT_TILING: f32 = 3.0;
/// The smallest tiling accepted, metres.
pub const MIN_TILING: f32 = 0.1;

/// Which of a layer's maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Map {
    /// The colour map.
    Albedo = 0,
    /// The normal map.
    Normal = 1,
    /// The roughness map.
    Roughness = 2,
}

#[godot_api]
impl DonjournoGroundLayer {
    /// The colour map ([member albedo]).
    #[func]
    pub fn get_albedo(&self) -> Option<Gd<Texture2D>> {
        self.map(Map::Albedo)
    }

    /// Sets [member albedo].
    #[func]
    pub fn set_albedo(&mut self, value: Option<Gd<Texture2D>>) {
        self.set_map(Map::Albedo, value);
    }

    /// The normal map ([member normal]).
    #[func]
    pub fn get_normal(&self) -> Option<Gd<Texture2D>> {
        self.map(Map::Normal)
    }

    /// Sets [member normal].
    #[func]
    pub fn set_normal(&mut self, value: Option<Gd<Texture2D>>) {
        self.set_map(Map::Normal, value);
    }

    /// The roughness map ([member roughness]).
    #[func]
    pub fn get_roughness(&self) -> Option<Gd<Texture2D>> {
        self.map(Map::Roughness)
    }

    /// Sets [member roughness].
    #[func]
    pub fn set_roughness(&mut self, value: Option<Gd<Texture2D>>) {
        self.set_map(Map::Roughness, value);
    }

    /// Metres of ground one repeat covers ([member tiling]).
    #[func]
    pub fn get_tiling(&self) -> f32 {
        self.tiling_metres
    }

    /// Sets [member tiling] (at least 0.1 m; a value that is not a number is ignored).
    #[func]
    pub fn set_tiling(&mut self, value: f32) {
        if value.is_nan() {
            godot_warn!(
                "DonjournoGroundLayer.tiling must be a number of metres; kept {}",
                self.tiling_metres
            );
            return;
        }
        let value = value.max(MIN_TILING);
        if value != self.tiling_metres {
            self.tiling_metres = value;
            self.base_mut().emit_changed();
        }
    }
}

impl DonjournoGroundLayer {
    /// One of the maps.
    pub fn map(&self, which: Map) -> Option<Gd<Texture2D>> {
        self.maps[which as usize].clone()
    }

    /// Sets one of the maps, emitting `changed` when it is another.
    fn set_map(&mut self, which: Map, value: Option<Gd<Texture2D>>) {
        if self.maps[which as usize] != value {
            self.maps[which as usize] = value;
            self.base_mut().emit_changed();
        }
    }
}
