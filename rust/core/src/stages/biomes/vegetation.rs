//! What grows in each biome (the world design's table, "Vegetation and features"): per biome, the density
//! of each species (the share of a closed stand of the species: expected instances per candidate
//! point of its own, which lie its crown width apart, before the slope, moisture and clustering
//! limits) and how strongly its plants clump into patches.

use super::Biome;
use crate::stages::scatter::Species;
use crate::stages::scatter::Species::*;

/// One biome's vegetation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vegetation {
    /// `(species, density)`: each density is the share, 0–1, of a closed stand of the species
    /// (instances per candidate point of the species).
    pub species: &'static [(Species, f32)],
    /// 0: plants stand where they fall (savanna trees alone); 1: they grow only in the patches of
    /// the clustering noise (forests with clearings).
    pub clumping: f32,
}

const fn veg(species: &'static [(Species, f32)], clumping: f32) -> Vegetation {
    Vegetation { species, clumping }
}

/// The vegetation of every biome, in the biome table's order.
pub const VEGETATION: [Vegetation; 20] = [
    // Deep ocean: none.
    veg(&[], 0.0),
    // Beach and coast: palms if hot, dune shrubs, the odd boulder.
    veg(&[(Palm, 0.06), (Shrub, 0.05), (Boulder, 0.01)], 0.3),
    // Temperate grassland: lone oaks, shrubs.
    veg(&[(Broadleaf, 0.035), (Shrub, 0.07), (Boulder, 0.01)], 0.4),
    // Temperate deciduous forest: oak, beech, maple, some birch, undergrowth.
    veg(
        &[
            (Broadleaf, 0.7),
            (Birch, 0.12),
            (Shrub, 0.1),
            (Boulder, 0.01),
        ],
        0.75,
    ),
    // Temperate rainforest: huge conifers, mossy boulders.
    veg(
        &[
            (Conifer, 0.75),
            (Broadleaf, 0.1),
            (Shrub, 0.1),
            (Boulder, 0.03),
        ],
        0.6,
    ),
    // Boreal forest: dense stands of spruce, pine and birch.
    veg(
        &[
            (Conifer, 0.72),
            (Birch, 0.16),
            (Shrub, 0.05),
            (Boulder, 0.02),
        ],
        0.7,
    ),
    // Tundra: dwarf shrubs, no trees.
    veg(&[(Shrub, 0.12), (Boulder, 0.03)], 0.5),
    // Glacier: none.
    veg(&[], 0.0),
    // Alpine meadow: scattered boulders, a few shrubs.
    veg(&[(Shrub, 0.05), (Boulder, 0.06)], 0.3),
    // Mountain peaks: boulders only.
    veg(&[(Boulder, 0.05)], 0.2),
    // Hot desert: the odd cactus and dead bush.
    veg(&[(Cactus, 0.025), (Shrub, 0.01)], 0.0),
    // Badlands: cacti, sparse shrubs, rocks.
    veg(&[(Cactus, 0.06), (Shrub, 0.05), (Boulder, 0.03)], 0.2),
    // Savanna: lone acacias in dry grass.
    veg(&[(Acacia, 0.2), (Shrub, 0.04)], 0.0),
    // Tropical rainforest: tall trees and palms.
    veg(&[(Broadleaf, 0.6), (Palm, 0.25), (Shrub, 0.1)], 0.5),
    // Tropical dry forest: deciduous trees, thorny shrubs.
    veg(&[(Broadleaf, 0.4), (Acacia, 0.08), (Shrub, 0.15)], 0.6),
    // Mediterranean shrubland: olive-like trees, dense low shrubs.
    veg(&[(Broadleaf, 0.08), (Shrub, 0.35), (Boulder, 0.02)], 0.5),
    // Cold steppe: almost no trees.
    veg(&[(Shrub, 0.06), (Birch, 0.005), (Boulder, 0.01)], 0.3),
    // Wetland: cypress, dead snags, reeds and bushes.
    veg(&[(Broadleaf, 0.08), (DeadSnag, 0.03), (Shrub, 0.1)], 0.5),
    // Mangrove: dense low trees along hot coasts.
    veg(&[(Broadleaf, 0.25), (Palm, 0.05)], 0.4),
    // Volcanic: dead trees at the edges, rocks.
    veg(&[(DeadSnag, 0.06), (Boulder, 0.04)], 0.3),
];

impl Biome {
    /// Its row of [`VEGETATION`].
    pub fn vegetation(self) -> &'static Vegetation {
        &VEGETATION[self as usize]
    }

    /// Whether any tree grows in it: where the heaviest biome grows none (sea, glacier, desert,
    /// tundra, peaks), no tree stands, whatever its neighbours grow.
    pub fn grows_trees(self) -> bool {
        self.vegetation().species.iter().any(|(s, _)| s.is_tree())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn densities_are_shares_and_barren_biomes_grow_no_trees() {
        for (i, v) in VEGETATION.iter().enumerate() {
            let shares = v.species.iter().all(|(_, d)| (0.0..=1.0).contains(d));
            assert!(shares && (0.0..=1.0).contains(&v.clumping), "biome {i}");
        }
        for b in [
            Biome::DeepOcean,
            Biome::Glacier,
            Biome::HotDesert,
            Biome::Tundra,
        ] {
            assert!(!b.grows_trees(), "{b:?}");
        }
        for b in [
            Biome::BorealForest,
            Biome::Savanna,
            Biome::TropicalRainforest,
        ] {
            assert!(b.grows_trees(), "{b:?}");
        }
        let desert = Biome::HotDesert.vegetation().species;
        assert!(desert.iter().any(|(s, _)| *s == Species::Cactus));
    }
}
