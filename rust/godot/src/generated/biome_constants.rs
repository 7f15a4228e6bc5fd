// Generated from the core's parameter and biome tables by rust/godot/codegen.rs: do not edit.
// Refresh: DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files

#[godot_api(secondary)]
impl DonjournoTerrain {
    #[doc = "Biome 0: deep ocean."]
    #[constant]
    pub const BIOME_DEEP_OCEAN: i32 = 0;
    #[doc = "Biome 1: beach and coast."]
    #[constant]
    pub const BIOME_COAST: i32 = 1;
    #[doc = "Biome 2: temperate grassland."]
    #[constant]
    pub const BIOME_TEMPERATE_GRASSLAND: i32 = 2;
    #[doc = "Biome 3: temperate deciduous forest."]
    #[constant]
    pub const BIOME_DECIDUOUS_FOREST: i32 = 3;
    #[doc = "Biome 4: temperate rainforest."]
    #[constant]
    pub const BIOME_TEMPERATE_RAINFOREST: i32 = 4;
    #[doc = "Biome 5: boreal forest."]
    #[constant]
    pub const BIOME_BOREAL_FOREST: i32 = 5;
    #[doc = "Biome 6: tundra."]
    #[constant]
    pub const BIOME_TUNDRA: i32 = 6;
    #[doc = "Biome 7: glacier."]
    #[constant]
    pub const BIOME_GLACIER: i32 = 7;
    #[doc = "Biome 8: alpine meadow."]
    #[constant]
    pub const BIOME_ALPINE_MEADOW: i32 = 8;
    #[doc = "Biome 9: mountain peaks."]
    #[constant]
    pub const BIOME_MOUNTAIN_PEAKS: i32 = 9;
    #[doc = "Biome 10: hot desert."]
    #[constant]
    pub const BIOME_HOT_DESERT: i32 = 10;
    #[doc = "Biome 11: badlands."]
    #[constant]
    pub const BIOME_BADLANDS: i32 = 11;
    #[doc = "Biome 12: savanna."]
    #[constant]
    pub const BIOME_SAVANNA: i32 = 12;
    #[doc = "Biome 13: tropical rainforest."]
    #[constant]
    pub const BIOME_TROPICAL_RAINFOREST: i32 = 13;
    #[doc = "Biome 14: tropical dry forest."]
    #[constant]
    pub const BIOME_TROPICAL_DRY_FOREST: i32 = 14;
    #[doc = "Biome 15: mediterranean shrubland."]
    #[constant]
    pub const BIOME_MEDITERRANEAN: i32 = 15;
    #[doc = "Biome 16: cold steppe."]
    #[constant]
    pub const BIOME_COLD_STEPPE: i32 = 16;
    #[doc = "Biome 17: wetland."]
    #[constant]
    pub const BIOME_WETLAND: i32 = 17;
    #[doc = "Biome 18: mangrove."]
    #[constant]
    pub const BIOME_MANGROVE: i32 = 18;
    #[doc = "Biome 19: volcanic."]
    #[constant]
    pub const BIOME_VOLCANIC: i32 = 19;
}
