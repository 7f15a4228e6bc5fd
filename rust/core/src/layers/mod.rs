//! The generation layers of the default pipeline.

mod forest;
pub(crate) mod hybrid;
pub mod texture;
mod water;

pub use forest::{ForestMask, ForestPlacement};
pub use hybrid::{
    classify, coverage_mask, height_noise_scale, pool_heights, select_pool, CoverageMask,
    HybridTerrain, EDGE_BLEND, HEIGHT_FEATURES, HEIGHT_GAIN, HEIGHT_OCTAVES, HEIGHT_OFFSET,
    MASK_OCTAVES, MASK_SCALE, MOUNTAIN_MIN_HEIGHT,
};
pub use texture::TerrainTexture;
pub use water::{
    drainage, meander_weights, runoff, Drainage, Hydrology, MEANDER_HIGH, MEANDER_LOW,
    MEANDER_OCTAVES, MEANDER_SCALE,
};
