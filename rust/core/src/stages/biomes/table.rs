//! The world design's biome table: the 20 biomes in table order, each with its place in climate space
//! (for the climate biomes), its tree cover and its ground.

use crate::data::grid::Rgb;

/// A biome, numbered in the order of the world design's table (0 deep ocean … 19 volcanic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Biome {
    /// Continentalness very low: sea more than 50 m deep.
    DeepOcean = 0,
    /// Beach and coast: the shallow sea and the land just above it.
    Coast = 1,
    /// Temperate grassland (prairie).
    TemperateGrassland = 2,
    /// Temperate deciduous forest.
    DeciduousForest = 3,
    /// Temperate rainforest.
    TemperateRainforest = 4,
    /// Boreal forest (taiga).
    BorealForest = 5,
    /// Tundra.
    Tundra = 6,
    /// Glacier and ice sheet.
    Glacier = 7,
    /// Alpine meadow, above the treeline.
    AlpineMeadow = 8,
    /// Mountain peaks.
    MountainPeaks = 9,
    /// Hot desert (erg).
    HotDesert = 10,
    /// Rocky desert and badlands (mesa).
    Badlands = 11,
    /// Savanna.
    Savanna = 12,
    /// Tropical rainforest (jungle).
    TropicalRainforest = 13,
    /// Tropical dry forest.
    TropicalDryForest = 14,
    /// Mediterranean shrubland (chaparral).
    Mediterranean = 15,
    /// Cold steppe.
    ColdSteppe = 16,
    /// Wetland (marsh and swamp).
    Wetland = 17,
    /// Mangrove.
    Mangrove = 18,
    /// Volcanic.
    Volcanic = 19,
}

/// How a biome's ground is made, as weights of the world design's materials.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundMix {
    /// Grass, dry grass, dirt, sand, rock, snow, mud (any scale; normalised when mixed).
    pub splat: [f32; 7],
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BiomeInfo {
    /// The biome.
    pub biome: Biome,
    /// Its name, as scripts and legends show it.
    pub name: &'static str,
    /// Its centre in climate space, `(°C, moisture)`, for the climate biomes; `None` for those
    /// only an override gives (water, coast, altitude, wetland, volcanic).
    pub centre: Option<(f32, f32)>,
    /// Share of fertile ground under forest, relative to the forest cover.
    pub tree_cover: f32,
    /// Its ground.
    pub ground: GroundMix,
}

const fn ground(
    grass: f32,
    dry: f32,
    dirt: f32,
    sand: f32,
    rock: f32,
    snow: f32,
    mud: f32,
) -> GroundMix {
    GroundMix {
        splat: [grass, dry, dirt, sand, rock, snow, mud],
    }
}

/// The materials' colours: grass, dry grass, dirt, sand, rock, snow, mud.
pub const MATERIALS: [Rgb; 7] = [
    [72, 138, 58],
    [176, 160, 92],
    [124, 98, 70],
    [222, 204, 150],
    [120, 116, 110],
    [240, 242, 250],
    [86, 74, 58],
];
/// The materials' names, in the order of [`MATERIALS`] (the ground textures' property names).
pub const MATERIAL_NAMES: [&str; 7] = ["grass", "dry_grass", "dirt", "sand", "rock", "snow", "mud"];
/// Material index of rock, which takes over on steep ground.
pub const ROCK: usize = 4;
/// Material index of snow, which lies above the snowline.
pub const SNOW: usize = 5;
/// Material index of sand (wet sand along the water line is this, darkened).
pub const SAND: usize = 3;

/// The world design's biome table, in id order.
pub const BIOMES: [BiomeInfo; 20] = [
    row(
        Biome::DeepOcean,
        "deep ocean",
        None,
        0.0,
        ground(0.0, 0.0, 0.0, 0.6, 0.4, 0.0, 0.0),
    ),
    row(
        Biome::Coast,
        "beach and coast",
        None,
        0.05,
        ground(0.05, 0.1, 0.0, 0.85, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::TemperateGrassland,
        "temperate grassland",
        Some((11.0, 0.35)),
        0.08,
        ground(0.75, 0.15, 0.1, 0.0, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::DeciduousForest,
        "temperate deciduous forest",
        Some((12.0, 0.62)),
        0.9,
        ground(0.6, 0.0, 0.3, 0.0, 0.0, 0.0, 0.1),
    ),
    row(
        Biome::TemperateRainforest,
        "temperate rainforest",
        Some((9.0, 0.9)),
        1.0,
        ground(0.6, 0.0, 0.1, 0.0, 0.0, 0.0, 0.3),
    ),
    row(
        Biome::BorealForest,
        "boreal forest",
        Some((1.0, 0.6)),
        0.85,
        ground(0.5, 0.1, 0.3, 0.0, 0.1, 0.0, 0.0),
    ),
    row(
        Biome::Tundra,
        "tundra",
        Some((-7.0, 0.35)),
        0.0,
        ground(0.25, 0.35, 0.0, 0.0, 0.3, 0.1, 0.0),
    ),
    row(
        Biome::Glacier,
        "glacier",
        Some((-18.0, 0.5)),
        0.0,
        ground(0.0, 0.0, 0.0, 0.0, 0.05, 0.95, 0.0),
    ),
    row(
        Biome::AlpineMeadow,
        "alpine meadow",
        None,
        0.02,
        ground(0.55, 0.2, 0.0, 0.0, 0.25, 0.0, 0.0),
    ),
    row(
        Biome::MountainPeaks,
        "mountain peaks",
        None,
        0.0,
        ground(0.0, 0.0, 0.0, 0.0, 0.85, 0.15, 0.0),
    ),
    row(
        Biome::HotDesert,
        "hot desert",
        Some((29.0, 0.05)),
        0.0,
        ground(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::Badlands,
        "badlands",
        Some((23.0, 0.14)),
        0.02,
        ground(0.0, 0.1, 0.35, 0.2, 0.35, 0.0, 0.0),
    ),
    row(
        Biome::Savanna,
        "savanna",
        Some((25.0, 0.38)),
        0.12,
        ground(0.1, 0.7, 0.2, 0.0, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::TropicalRainforest,
        "tropical rainforest",
        Some((26.0, 0.9)),
        1.0,
        ground(0.7, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3),
    ),
    row(
        Biome::TropicalDryForest,
        "tropical dry forest",
        Some((24.0, 0.62)),
        0.6,
        ground(0.35, 0.4, 0.25, 0.0, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::Mediterranean,
        "mediterranean shrubland",
        Some((17.0, 0.25)),
        0.25,
        ground(0.25, 0.45, 0.1, 0.0, 0.2, 0.0, 0.0),
    ),
    row(
        Biome::ColdSteppe,
        "cold steppe",
        Some((4.0, 0.2)),
        0.02,
        ground(0.2, 0.65, 0.15, 0.0, 0.0, 0.0, 0.0),
    ),
    row(
        Biome::Wetland,
        "wetland",
        None,
        0.3,
        ground(0.45, 0.0, 0.0, 0.0, 0.0, 0.0, 0.55),
    ),
    row(
        Biome::Mangrove,
        "mangrove",
        None,
        0.6,
        ground(0.2, 0.0, 0.0, 0.2, 0.0, 0.0, 0.6),
    ),
    row(
        Biome::Volcanic,
        "volcanic",
        None,
        0.0,
        ground(0.0, 0.0, 0.2, 0.0, 0.8, 0.0, 0.0),
    ),
];

const fn row(
    biome: Biome,
    name: &'static str,
    centre: Option<(f32, f32)>,
    tree_cover: f32,
    ground: GroundMix,
) -> BiomeInfo {
    BiomeInfo {
        biome,
        name,
        centre,
        tree_cover,
        ground,
    }
}

impl Biome {
    /// Every biome, in id order.
    pub const ALL: [Biome; 20] = {
        let mut all = [Biome::DeepOcean; 20];
        let mut i = 0;
        while i < 20 {
            all[i] = BIOMES[i].biome;
            i += 1;
        }
        all
    };

    /// The biome with id `id`.
    pub fn from_id(id: u8) -> Option<Biome> {
        Self::ALL.get(usize::from(id)).copied()
    }

    /// Its row of the table.
    pub fn info(self) -> &'static BiomeInfo {
        &BIOMES[self as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The constant's name in scripts: `DEEP_OCEAN`, `HOT_DESERT`…
    pub fn constant(self) -> &'static str {
        CONSTANTS[self as usize]
    }

    /// Its colour in the biome map (the CLI's `--biome-png`, the demo's debug view).
    pub fn map_colour(self) -> Rgb {
        MAP_COLOURS[self as usize]
    }
}

/// Script constant names, in id order.
pub const CONSTANTS: [&str; 20] = [
    "DEEP_OCEAN",
    "COAST",
    "TEMPERATE_GRASSLAND",
    "DECIDUOUS_FOREST",
    "TEMPERATE_RAINFOREST",
    "BOREAL_FOREST",
    "TUNDRA",
    "GLACIER",
    "ALPINE_MEADOW",
    "MOUNTAIN_PEAKS",
    "HOT_DESERT",
    "BADLANDS",
    "SAVANNA",
    "TROPICAL_RAINFOREST",
    "TROPICAL_DRY_FOREST",
    "MEDITERRANEAN",
    "COLD_STEPPE",
    "WETLAND",
    "MANGROVE",
    "VOLCANIC",
];

/// The biome map's (debug view's) colour of each biome, in id order (the world design's table): distinct hues grouped
/// by kind (water blues, cold whites and greys, forests greens, dry land yellows and reds).
pub const MAP_COLOURS: [Rgb; 20] = [
    [24, 52, 120],   // deep ocean
    [236, 218, 160], // beach and coast
    [170, 200, 90],  // temperate grassland
    [60, 140, 50],   // temperate deciduous forest
    [20, 100, 80],   // temperate rainforest
    [40, 90, 60],    // boreal forest
    [160, 170, 150], // tundra
    [240, 248, 255], // glacier
    [150, 190, 120], // alpine meadow
    [120, 110, 110], // mountain peaks
    [250, 210, 110], // hot desert
    [200, 110, 60],  // badlands
    [210, 180, 80],  // savanna
    [10, 120, 30],   // tropical rainforest
    [120, 150, 40],  // tropical dry forest
    [170, 160, 100], // mediterranean shrubland
    [190, 190, 140], // cold steppe
    [80, 130, 120],  // wetland
    [60, 110, 90],   // mangrove
    [90, 40, 40],    // volcanic
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_id_order() {
        for (i, row) in BIOMES.iter().enumerate() {
            assert_eq!(row.biome as usize, i, "{}", row.name);
            assert_eq!(Biome::from_id(i as u8), Some(row.biome));
            assert!(row.ground.splat.iter().sum::<f32>() > 0.0, "{}", row.name);
        }
        assert_eq!(Biome::from_id(20), None);
        assert_eq!(Biome::Volcanic as u8, 19);
        assert_eq!(Biome::HotDesert.constant(), "HOT_DESERT");
        // Thirteen climate biomes on the Whittaker diagram.
        assert_eq!(BIOMES.iter().filter(|b| b.centre.is_some()).count(), 13);
    }
}
