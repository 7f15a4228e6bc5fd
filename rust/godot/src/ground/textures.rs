//! `DonjournoGroundTextures`: the textures of the seven ground materials, and the texture
//! arrays the terrain shader samples, built from them.

use super::layer::{DonjournoGroundLayer, Map};
use godot::classes::image::{Format, Interpolation};
use godot::classes::{Image, Resource, Texture2D, Texture2DArray};
use godot::prelude::*;

/// The textures of the ground materials in the textured ground style
/// ([member DonjournoGenerator.ground_style] `textured`): a [DonjournoGroundLayer] (albedo,
/// normal and roughness maps and a tiling in metres) for each of grass, dry grass, dirt, sand,
/// rock, snow and mud. Assign it to [member DonjournoTerrain.ground_textures].
///
/// The terrain shader mixes the layers by the material weights every vertex of the terrain
/// carries, sharpened by the textures' brightness, and keeps a material's own colour where it
/// has no albedo. The addon ships a set made by the project's own script
/// (`addons/donjourno/ground/ground_textures.tres`), which the textured style uses when no set is
/// assigned. Editing a layer, or assigning one, emits `changed`.
#[derive(GodotClass)]
#[class(tool, init, base = Resource)]
pub struct DonjournoGroundTextures {
    /// The textures of grass.
    #[export]
    #[var(get, set)]
    grass: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of dry grass.
    #[export]
    #[var(get, set)]
    dry_grass: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of dirt.
    #[export]
    #[var(get, set)]
    dirt: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of sand (wet sand along the water line is this, darkened).
    #[export]
    #[var(get, set)]
    sand: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of rock, mapped on three axes so that cliffs don't stretch.
    #[export]
    #[var(get, set)]
    rock: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of snow.
    #[export]
    #[var(get, set)]
    snow: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,
    /// The textures of mud.
    #[export]
    #[var(get, set)]
    mud: PhantomVar<Option<Gd<DonjournoGroundLayer>>>,

    layers: [Option<Gd<DonjournoGroundLayer>>; 7],
    base: Base<Resource>,
}

/// The largest side of the texture arrays, pixels: larger maps are scaled down to it.
pub const MAX_LAYER_SIZE: i32 = 2048;

#[godot_api]
impl DonjournoGroundTextures {
    /// The textures of grass ([member grass]).
    #[func]
    pub fn get_grass(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[0].clone()
    }

    /// Sets [member grass].
    #[func]
    pub fn set_grass(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(0, value);
    }

    /// The textures of dry grass ([member dry_grass]).
    #[func]
    pub fn get_dry_grass(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[1].clone()
    }

    /// Sets [member dry_grass].
    #[func]
    pub fn set_dry_grass(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(1, value);
    }

    /// The textures of dirt ([member dirt]).
    #[func]
    pub fn get_dirt(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[2].clone()
    }

    /// Sets [member dirt].
    #[func]
    pub fn set_dirt(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(2, value);
    }

    /// The textures of sand ([member sand]).
    #[func]
    pub fn get_sand(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[3].clone()
    }

    /// Sets [member sand].
    #[func]
    pub fn set_sand(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(3, value);
    }

    /// The textures of rock ([member rock]).
    #[func]
    pub fn get_rock(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[4].clone()
    }

    /// Sets [member rock].
    #[func]
    pub fn set_rock(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(4, value);
    }

    /// The textures of snow ([member snow]).
    #[func]
    pub fn get_snow(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[5].clone()
    }

    /// Sets [member snow].
    #[func]
    pub fn set_snow(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(5, value);
    }

    /// The textures of mud ([member mud]).
    #[func]
    pub fn get_mud(&self) -> Option<Gd<DonjournoGroundLayer>> {
        self.layers[6].clone()
    }

    /// Sets [member mud].
    #[func]
    pub fn set_mud(&mut self, value: Option<Gd<DonjournoGroundLayer>>) {
        self.set_layer(6, value);
    }

    /// The side in pixels of the square texture arrays built from the layers: the largest side
    /// of any assigned map, at most 2048 (4 without maps).
    #[func]
    pub fn get_layer_size(&self) -> i32 {
        self.maps()
            .map(|(_, _, t)| t.get_width().max(t.get_height()))
            .max()
            .unwrap_or(4)
            .clamp(4, MAX_LAYER_SIZE)
    }
}

/// What the terrain shader samples: the three texture arrays (a layer per material), which
/// maps each material has, and its tiling.
pub struct GroundArrays {
    /// The albedo maps, sRGB.
    pub albedo: Gd<Texture2DArray>,
    /// The normal maps.
    pub normal: Gd<Texture2DArray>,
    /// The roughness maps.
    pub roughness: Gd<Texture2DArray>,
    /// Per material, 1 where a map is assigned (albedo, normal, roughness), else 0.
    pub has: PackedVector3Array,
    /// Per material, metres one repeat covers.
    pub tiling: PackedFloat32Array,
}

impl DonjournoGroundTextures {
    /// Sets layer `index`, forwarding its `changed`, and emits `changed`. The forwarding
    /// connection names this resource by its id, so that a layer never keeps it alive.
    fn set_layer(&mut self, index: usize, value: Option<Gd<DonjournoGroundLayer>>) {
        if self.layers[index] == value {
            return;
        }
        let forward = Callable::from_object_method(&self.to_gd(), "emit_changed");
        if let Some(mut old) = self.layers[index].take() {
            if old.is_connected("changed", &forward) {
                old.disconnect("changed", &forward);
            }
        }
        if let Some(layer) = &value {
            let mut layer = layer.clone();
            if !layer.is_connected("changed", &forward) {
                layer.connect("changed", &forward);
            }
        }
        self.layers[index] = value;
        self.base_mut().emit_changed();
    }

    /// Every assigned map: `(material, which, texture)`.
    fn maps(&self) -> impl Iterator<Item = (usize, Map, Gd<Texture2D>)> + '_ {
        self.layers.iter().enumerate().flat_map(|(k, layer)| {
            [Map::Albedo, Map::Normal, Map::Roughness]
                .into_iter()
                .filter_map(move |m| layer.as_ref()?.bind().map(m).map(|t| (k, m, t)))
        })
    }

    /// Builds the texture arrays: every assigned map decompressed, converted to RGBA8 and
    /// resized to [`get_layer_size`](Self::get_layer_size), with mipmaps; a material without a
    /// map gets a neutral layer (white albedo, flat normal, mid roughness) the shader does not
    /// read.
    pub fn arrays(&self) -> GroundArrays {
        let size = self.get_layer_size();
        let mut has = [[0.0f32; 3]; 7];
        let mut tiling = [super::layer::DEFAULT_TILING; 7];
        for (k, layer) in self.layers.iter().enumerate() {
            if let Some(layer) = layer {
                tiling[k] = layer.bind().get_tiling();
            }
        }
        let mut build = |which: Map, neutral: Color| {
            let mut images: Array<Gd<Image>> = Array::new();
            for (k, layer) in self.layers.iter().enumerate() {
                let texture = layer.as_ref().and_then(|l| l.bind().map(which));
                let image = texture.and_then(|t| layer_image(&t, size));
                has[k][which as usize] = if image.is_some() { 1.0 } else { 0.0 };
                images.push(&image.unwrap_or_else(|| plain_image(size, neutral)));
            }
            let mut array = Texture2DArray::new_gd();
            array.create_from_images(&images);
            array
        };
        let albedo = build(Map::Albedo, Color::WHITE);
        let normal = build(Map::Normal, Color::from_rgb(0.5, 0.5, 1.0));
        let roughness = build(Map::Roughness, Color::from_rgb(0.9, 0.9, 0.9));
        GroundArrays {
            albedo,
            normal,
            roughness,
            has: has.iter().map(|h| Vector3::new(h[0], h[1], h[2])).collect(),
            tiling: tiling.into_iter().collect(),
        }
    }
}

/// `texture`'s pixels as a `size²` RGBA8 image with mipmaps; `None` when it has none.
fn layer_image(texture: &Gd<Texture2D>, size: i32) -> Option<Gd<Image>> {
    let source = texture.get_image()?;
    if source.is_empty() {
        return None;
    }
    // A copy: the texture's own image stays as it is.
    let mut image = Image::new_gd();
    image.copy_from(&source);
    if image.is_compressed() {
        image.decompress();
    }
    image.clear_mipmaps();
    image.convert(Format::RGBA8);
    if image.get_width() != size || image.get_height() != size {
        image
            .resize_ex(size, size)
            .interpolation(Interpolation::LANCZOS)
            .done();
    }
    image.generate_mipmaps();
    Some(image)
}

/// A `size²` RGBA8 image of one colour, with mipmaps.
fn plain_image(size: i32, colour: Color) -> Gd<Image> {
    let mut image = Image::create_empty(size, size, true, Format::RGBA8).expect("a valid size");
    image.fill(colour);
    image
}
