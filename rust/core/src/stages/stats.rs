//! What the stages made, measured: the figures of [`GenerationStats`] that need a stage's types
//! (biomes, species, settlements), and the record the statistics serialise to (see
//! [`crate::data::stats`] for its keys).

use crate::data::grid::{Grid, Terrain};
use crate::data::stats::{GenerationStats, SettlementCounts};
use crate::data::water::WaterKind;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::time::Duration;

/// Sets every figure read from the finished grid: the grid's own
/// ([`GenerationStats::measure_grid`]) and the biome, species and settlement counts.
pub fn measure(stats: &mut GenerationStats, grid: &Grid) {
    stats.measure_grid(grid);
    stats.biome_counts = [0; 20];
    for &b in grid.biome() {
        if let Some(c) = stats.biome_counts.get_mut(usize::from(b)) {
            *c += 1;
        }
    }
    stats.species_counts = crate::stages::scatter::counts(grid.scatter()).to_vec();
    stats.settlements = SettlementCounts::of(grid);
}

impl SettlementCounts {
    /// The counts of a finished grid.
    pub fn of(grid: &Grid) -> Self {
        use crate::stages::settlements::{LandUse, Tier};
        let tier = |t| grid.settlements().iter().filter(|s| s.tier == t).count();
        let cells = |u| grid.land_use().iter().filter(|&&v| v == u).count();
        SettlementCounts {
            settlements: grid.settlements().len(),
            cities: tier(Tier::City),
            towns: tier(Tier::Town),
            villages: tier(Tier::Village),
            roads: grid.roads().len(),
            road_cells: cells(LandUse::Road),
            bridge_cells: cells(LandUse::Bridge),
            lots: grid.towns().iter().map(|t| t.lots.len()).sum(),
            buildings: grid.towns().iter().map(|t| t.buildings.len()).sum(),
        }
    }
}

impl GenerationStats {
    /// The serialised record as a JSON value: for front ends that turn it into their own
    /// dictionaries (numbers, strings and nested objects only).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("statistics serialise to JSON")
    }
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// `(key, value)` pairs serialised as a map, in order.
struct Pairs<I>(I);

impl<K: Serialize, V: Serialize, I: Clone + Iterator<Item = (K, V)>> Serialize for Pairs<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.clone())
    }
}

/// The `water` object of the record.
#[derive(Serialize)]
struct WaterRecord {
    lakes: usize,
    lake_cells: usize,
    river_cells: usize,
    sea_cells: usize,
    max_accumulation: u32,
    erosion_lake_jumps: u64,
    river_length: f64,
}

impl Serialize for GenerationStats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let classes = Terrain::ALL.iter().map(|&t| (t.name(), self.count(t)));
        let timings = self
            .timings
            .iter()
            .map(|t| (t.layer.as_str(), millis(t.elapsed)));
        let water = WaterRecord {
            lakes: self.lake_count,
            lake_cells: self.water_count(WaterKind::Lake),
            river_cells: self.water_count(WaterKind::River),
            sea_cells: self.water_count(WaterKind::Sea),
            max_accumulation: self.max_accumulation,
            erosion_lake_jumps: self.lake_jumps,
            river_length: self.river_length,
        };
        let mut out = s.serialize_struct("GenerationStats", 11)?;
        out.serialize_field("pool_fraction", &self.pool_fraction)?;
        out.serialize_field("max_height", &self.max_height)?;
        out.serialize_field("class_counts", &Pairs(classes))?;
        out.serialize_field("erosion_steps", &self.erosion_steps)?;
        out.serialize_field("water", &water)?;
        out.serialize_field("timings_ms", &Pairs(timings))?;
        out.serialize_field("total_ms", &millis(self.total_time()))?;
        out.serialize_field("grid_hash", &format!("{:016x}", self.grid_hash))?;
        let biomes = crate::stages::biomes::Biome::ALL
            .iter()
            .map(|&b| (b.name(), self.biome_counts[b as usize]))
            .filter(|(_, n)| *n > 0);
        out.serialize_field("biome_counts", &Pairs(biomes))?;
        let species = crate::stages::scatter::Species::ALL
            .iter()
            .map(|&s| {
                (
                    s.name(),
                    self.species_counts.get(s as usize).copied().unwrap_or(0),
                )
            })
            .filter(|(_, n)| *n > 0);
        out.serialize_field("species_counts", &Pairs(species))?;
        out.serialize_field("settlements", &self.settlements)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::stats::LayerTiming;

    #[test]
    fn the_record_has_stable_keys_and_values() {
        let stats = GenerationStats {
            timings: vec![
                LayerTiming {
                    layer: "A".into(),
                    elapsed: Duration::from_millis(3),
                },
                LayerTiming {
                    layer: "B".into(),
                    elapsed: Duration::from_millis(4),
                },
            ],
            erosion_steps: 10,
            lake_jumps: 2,
            max_accumulation: 7,
            river_length: 12.5,
            pool_fraction: 0.25,
            max_height: 0.5,
            class_counts: [1, 2, 3, 4],
            lake_count: 5,
            water_counts: [6, 7, 8, 9],
            grid_hash: 0xab,
            biome_counts: {
                let mut c = [0; 20];
                (c[5], c[10]) = (3, 4);
                c
            },
            species_counts: {
                let mut c = vec![0; crate::stages::scatter::SPECIES_COUNT];
                c[6] = 2;
                c
            },
            settlements: SettlementCounts {
                settlements: 4,
                roads: 3,
                ..Default::default()
            },
        };
        let v = stats.to_value();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        let mut expected = [
            "pool_fraction",
            "max_height",
            "class_counts",
            "erosion_steps",
            "water",
            "timings_ms",
            "total_ms",
            "grid_hash",
            "biome_counts",
            "species_counts",
            "settlements",
        ];
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(v["pool_fraction"], 0.25);
        assert_eq!(v["max_height"], 0.5);
        assert_eq!(
            v["class_counts"],
            serde_json::json!({"grass": 1, "mountain": 2, "tree": 3, "water": 4})
        );
        assert_eq!(v["erosion_steps"], 10);
        assert_eq!(
            v["biome_counts"],
            serde_json::json!({"boreal forest": 3, "hot desert": 4})
        );
        assert_eq!(v["species_counts"], serde_json::json!({"cactus": 2}));
        assert_eq!(
            v["water"],
            serde_json::json!({
                "lakes": 5, "lake_cells": 7, "river_cells": 8, "sea_cells": 9,
                "max_accumulation": 7, "erosion_lake_jumps": 2, "river_length": 12.5
            })
        );
        assert_eq!(v["timings_ms"], serde_json::json!({"A": 3.0, "B": 4.0}));
        assert_eq!(v["total_ms"], 7.0);
        assert_eq!(v["grid_hash"], "00000000000000ab");
        assert_eq!(v["settlements"]["settlements"], 4);
        assert_eq!(v["settlements"]["roads"], 3);
        assert_eq!(v["settlements"]["bridge_cells"], 0);
    }
}
