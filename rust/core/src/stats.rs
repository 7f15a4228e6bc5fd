//! [`GenerationStats`]: the figures of one generation, filled by the layers through their
//! [`Context`](crate::Context) and by [`generate`](crate::generate()) from the finished grid.
//!
//! The statistics serialise (serde) to one record with stable keys, the same for every front end
//! (the CLI's JSON, Godot's `get_stats()`):
//!
//! | key | value |
//! |---|---|
//! | `pool_fraction` | fraction of cells in the mountain pool |
//! | `max_height` | highest elevation |
//! | `class_counts` | cells per class: `grass`, `mountain`, `tree`, `water` |
//! | `erosion_steps` | droplet steps simulated by erosion |
//! | `water` | `lakes`, `lake_cells`, `river_cells`, `sea_cells`, `max_accumulation`, `erosion_lake_jumps` |
//! | `timings_ms` | wall time of each layer, by layer name, in milliseconds |
//! | `total_ms` | sum of the layer times, in milliseconds |
//! | `grid_hash` | [`Grid::hash`] as 16 lower-case hex digits |
//! | `biome_counts` | cells per biome by name, the biomes present only (empty when biomes are off) |
//! | `settlements` | `settlements`, `cities`, `towns`, `villages`, `roads`, `road_cells`, `bridge_cells`, `lots`, `buildings` (all 0 when settlements are off) |

use crate::grid::{Grid, Terrain};
use crate::water::WaterKind;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::time::Duration;

/// Time spent in one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerTiming {
    /// The layer's name.
    pub layer: String,
    /// Wall time of its `apply`.
    pub elapsed: Duration,
}

/// Figures describing one generated grid (see the [module documentation](self) for the
/// serialised keys).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GenerationStats {
    /// Wall time of each layer, in pipeline order (written by the pipeline).
    pub timings: Vec<LayerTiming>,
    /// Droplet steps simulated by erosion (written by `HybridTerrain`).
    pub erosion_steps: u64,
    /// Erosion droplets that reached a lake and continued from its outflow (written by
    /// `HybridTerrain`).
    pub lake_jumps: u64,
    /// Largest flow accumulation: the most mountain cells draining through one cell, 0 when the
    /// water layer has nothing to do (written by `Hydrology`).
    pub max_accumulation: u32,
    /// Fraction of cells in the mountain pool.
    pub pool_fraction: f64,
    /// Highest elevation.
    pub max_height: f32,
    /// Cells per class, indexed by `Terrain as usize`.
    pub class_counts: [usize; 4],
    /// Number of lakes.
    pub lake_count: usize,
    /// Cells per water kind, indexed by `WaterKind as usize`.
    pub water_counts: [usize; 4],
    /// [`Grid::hash`] of the result.
    pub grid_hash: u64,
    /// Cells per biome, indexed by biome id (all 0 when biomes are off).
    pub biome_counts: [usize; 20],
    /// Scatter instances per species, indexed by species id (all 0 when biomes are off).
    pub species_counts: [usize; crate::scatter::SPECIES_COUNT],
    /// Settlements, roads and the cells they cover (all 0 when settlements are off).
    pub settlements: SettlementCounts,
}

/// How many settlements and roads a generation placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SettlementCounts {
    /// Settlements of every tier.
    pub settlements: usize,
    /// Cities.
    pub cities: usize,
    /// Towns.
    pub towns: usize,
    /// Villages.
    pub villages: usize,
    /// Road polylines.
    pub roads: usize,
    /// Cells of road bed (bridges not included).
    pub road_cells: usize,
    /// Cells of bridge.
    pub bridge_cells: usize,
    /// Town lots.
    pub lots: usize,
    /// Buildings.
    pub buildings: usize,
}

impl SettlementCounts {
    /// The counts of a finished grid.
    pub fn of(grid: &Grid) -> Self {
        use crate::settlements::{LandUse, Tier};
        let tier = |t| grid.settlements.iter().filter(|s| s.tier == t).count();
        let cells = |u| grid.land_use.iter().filter(|&&v| v == u).count();
        SettlementCounts {
            settlements: grid.settlements.len(),
            cities: tier(Tier::City),
            towns: tier(Tier::Town),
            villages: tier(Tier::Village),
            roads: grid.roads.len(),
            road_cells: cells(LandUse::Road),
            bridge_cells: cells(LandUse::Bridge),
            lots: grid.towns.iter().map(|t| t.lots.len()).sum(),
            buildings: grid.towns.iter().map(|t| t.buildings.len()).sum(),
        }
    }
}

impl GenerationStats {
    /// Total wall time of the layers.
    pub fn total_time(&self) -> Duration {
        self.timings.iter().map(|t| t.elapsed).sum()
    }

    /// Cells of one class.
    pub fn count(&self, terrain: Terrain) -> usize {
        self.class_counts[terrain as usize]
    }

    /// Cells of one water kind.
    pub fn water_count(&self, kind: WaterKind) -> usize {
        self.water_counts[kind as usize]
    }

    /// Sets the figures read from the finished grid: pool fraction, maximum height, class and
    /// water counts, lakes and the grid hash.
    pub fn measure(&mut self, grid: &Grid) {
        let pool = grid.pool.iter().filter(|&&p| p).count();
        self.pool_fraction = if grid.is_empty() {
            0.0
        } else {
            pool as f64 / grid.len() as f64
        };
        self.max_height = grid.max_height();
        self.class_counts = grid.class_counts();
        self.lake_count = grid.lakes.len();
        self.water_counts = grid.water_counts();
        self.grid_hash = grid.hash();
        self.biome_counts = [0; 20];
        for &b in &grid.biome {
            if let Some(c) = self.biome_counts.get_mut(usize::from(b)) {
                *c += 1;
            }
        }
        self.species_counts = crate::scatter::counts(&grid.scatter);
        self.settlements = SettlementCounts::of(grid);
    }

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
        let biomes = crate::biomes::Biome::ALL
            .iter()
            .map(|&b| (b.name(), self.biome_counts[b as usize]))
            .filter(|(_, n)| *n > 0);
        out.serialize_field("biome_counts", &Pairs(biomes))?;
        let species = crate::scatter::Species::ALL
            .iter()
            .map(|&s| (s.name(), self.species_counts[s as usize]))
            .filter(|(_, n)| *n > 0);
        out.serialize_field("species_counts", &Pairs(species))?;
        out.serialize_field("settlements", &self.settlements)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                let mut c = [0; crate::scatter::SPECIES_COUNT];
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
                "max_accumulation": 7, "erosion_lake_jumps": 2
            })
        );
        assert_eq!(v["timings_ms"], serde_json::json!({"A": 3.0, "B": 4.0}));
        assert_eq!(v["total_ms"], 7.0);
        assert_eq!(v["grid_hash"], "00000000000000ab");
        assert_eq!(v["settlements"]["settlements"], 4);
        assert_eq!(v["settlements"]["roads"], 3);
        assert_eq!(v["settlements"]["bridge_cells"], 0);
    }

    #[test]
    fn measure_reads_the_grid() {
        let mut g = Grid::new(4, 2);
        g.pool[..2].fill(true);
        g.height[3] = 0.75;
        g.terrain[5] = Terrain::Tree;
        g.water[6] = WaterKind::River;
        let mut stats = GenerationStats::default();
        stats.measure(&g);
        assert_eq!(stats.pool_fraction, 0.25);
        assert_eq!(stats.max_height, 0.75);
        assert_eq!(stats.count(Terrain::Tree), 1);
        assert_eq!(stats.count(Terrain::Grass), 7);
        assert_eq!(stats.water_count(WaterKind::River), 1);
        assert_eq!(stats.grid_hash, g.hash());
    }
}
