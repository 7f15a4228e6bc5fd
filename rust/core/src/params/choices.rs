//! The parameters that pick one of a few choices: the height model, the world mode and the
//! ground style. Their names are the JSON values, the command-line values and the Godot enum
//! hints.

/// How the land rises: the first stage of the pipeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeightModel {
    /// The original design: mountains inside a coverage mask, flat land around them.
    #[default]
    Pool = 0,
    /// The subdivision article: spatial subdivision of a random 2×2 array, a sea at the mean height.
    Subdivision = 1,
    /// The world design's climate fields and height: continents, ranges and river valleys from the climate fields.
    Continents = 2,
    /// An imported heightmap (16-bit PNG, EXR or raw R16), see [`crate::data::heightmap`].
    Image = 3,
}

impl HeightModel {
    /// Every model, in the order of their numeric values.
    pub const ALL: [HeightModel; 4] = [
        HeightModel::Pool,
        HeightModel::Subdivision,
        HeightModel::Continents,
        HeightModel::Image,
    ];
    /// Their names, as the JSON value, the command-line value and the Godot enum hint.
    pub const NAMES: [&'static str; 4] = ["pool", "subdivision", "continents", "image"];

    /// The model's name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// Whether the map is one bounded window or a window of an endless world (see [`crate::world`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WorldMode {
    /// One map of `width × depth` cells: erosion, Priority-Flood lakes and rivers, edge falloff.
    #[default]
    Bounded = 0,
    /// A window of an endless world streamed in tiles: only the stages whose result at a cell
    /// does not depend on where the map ends run (see [`crate::world`]).
    Infinite = 1,
}

impl WorldMode {
    /// Every mode, in the order of their numeric values.
    pub const ALL: [WorldMode; 2] = [WorldMode::Bounded, WorldMode::Infinite];
    /// Their names, as the JSON value, the command-line value and the Godot enum hint.
    pub const NAMES: [&'static str; 2] = ["bounded", "infinite"];

    /// The mode's name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// How the ground is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GroundStyle {
    /// One colour per cell: the original design's colour table, or the biomes' ground when they
    /// are on, lit by the scene's lights.
    #[default]
    Flat = 0,
    /// The same colours blended across cells: every vertex of the mesh takes the mean of the
    /// cells around it, weighted by how near their centres lie, land with land and water with
    /// water (see [`crate::outputs::mesh::blend`]).
    Blended = 1,
    /// The subdivision article's look: each cell a shade of one warm palette by its slope towards
    /// a low western sun, with the shadows it casts (see
    /// [`crate::stages::texture::relief`]), drawn unlit.
    Relief = 2,
    /// The blended ground drawn with real textures: the built-in terrain shader samples an
    /// albedo, normal and roughness map per ground material by the splat weights each vertex
    /// carries (see [`crate::stages::texture::splat`]), and falls back to the material's colour
    /// where no texture is assigned.
    Textured = 3,
}

impl GroundStyle {
    /// Every style, in the order of their numeric values.
    pub const ALL: [GroundStyle; 4] = [
        GroundStyle::Flat,
        GroundStyle::Blended,
        GroundStyle::Relief,
        GroundStyle::Textured,
    ];
    /// Their names, as the JSON value, the command-line value and the Godot enum hint.
    pub const NAMES: [&'static str; 4] = ["flat", "blended", "relief", "textured"];

    /// Whether the mesh blends the ground across cells and carries each vertex's ground splat
    /// (the blended and textured styles).
    pub fn carries_splat(self) -> bool {
        matches!(self, GroundStyle::Blended | GroundStyle::Textured)
    }

    /// The style's name.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}
