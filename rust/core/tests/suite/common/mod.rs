//! What the integration tests share.

use donjourno::GeneratorParams;

/// A 128² map of the `continent` preset with biomes on, a wide temperature range and small
/// climate features, so that many biomes meet on it.
pub fn continent(seed: u64) -> GeneratorParams {
    let mut p = GeneratorParams::preset("continent").unwrap();
    p.seed = seed;
    (p.width, p.depth) = (128, 128);
    p.set_droplet_count(8000);
    p.climate.temperature_range = 22.0;
    p.climate.feature_scale = 0.6;
    p.biomes.enabled = true;
    p
}
