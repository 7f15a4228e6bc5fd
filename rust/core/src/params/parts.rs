//! The per-layer parameter structs' defaults and validation, each through the whole
//! [`GeneratorParams`]: one default and one set of checks for every layer.

use super::{
    BiomeParams, ClimateParams, ContinentsParams, ErosionParams, ForestParams, GeneratorParams,
    ImageParams, LandscapeParams, ParamError, SettlementParams, SubdivisionParams, TerrainParams,
    WaterParams,
};

/// Default and validation of a per-layer struct stored at `$($field).+` of [`GeneratorParams`]:
/// validation embeds it in the default parameters, so that only its own fields can fail.
macro_rules! part {
    ($ty:ty: $($field:ident).+, $what:literal) => {
        impl Default for $ty {
            fn default() -> Self {
                GeneratorParams::default().$($field).+
            }
        }

        impl $ty {
            #[doc = concat!("Checks ", $what, "; errors name the parameters as declared.")]
            pub fn validate(&self) -> Result<(), ParamError> {
                let mut params = GeneratorParams::default();
                params.$($field).+ = *self;
                params.validate()
            }
        }
    };
}

part!(ErosionParams: terrain.erosion, "the erosion constants and their products with `erosion_dt`");
part!(TerrainParams: terrain, "coverage, peak height, droplet count and the erosion constants");
part!(ForestParams: forest, "the forest parameters");
part!(LandscapeParams: landscape, "the landscape evolution's parameters");
part!(SubdivisionParams: subdivision, "the subdivision model's parameters");
part!(ContinentsParams: continents, "the continents model's parameters");
part!(ImageParams: image, "the image model's parameters");
part!(ClimateParams: climate, "the climate parameters");
part!(BiomeParams: biomes, "the biome parameters");
part!(SettlementParams: settlements, "the settlement and road parameters");
part!(WaterParams: water, "the lake filters, the river threshold and depth, and the sea level");
