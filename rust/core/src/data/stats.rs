//! [`GenerationStats`]: the figures of one generation, filled by the layers through their
//! [`Context`](crate::stages::context::Context) and by [`generate`](crate::stages::generate::generate()) from the finished grid.
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
//! | `water` | `lakes`, `lake_cells`, `river_cells`, `sea_cells`, `max_accumulation`, `erosion_lake_jumps`, `river_length` (metres of river channel) |
//! | `timings_ms` | wall time of each layer, by layer name, in milliseconds; `SettlementPlan` for the settlement plan's generation when the map follows one |
//! | `total_ms` | sum of the layer times, in milliseconds |
//! | `grid_hash` | [`Grid::hash`] as 16 lower-case hex digits |
//! | `biome_counts` | cells per biome by name, the biomes present only (empty when biomes are off) |
//! | `settlements` | `settlements`, `cities`, `towns`, `villages`, `roads`, `road_cells`, `bridge_cells`, `lots`, `buildings` (all 0 when settlements are off) |

use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;
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
    /// Length of the river channels, metres (written by `Hydrology`).
    pub river_length: f64,
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
    pub species_counts: Vec<usize>,
    /// Settlements, roads and the cells they cover (all 0 when settlements are off).
    pub settlements: SettlementCounts,
}

/// How many settlements and roads a generation placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
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

    /// Sets the figures read from the finished grid itself: pool fraction, maximum height, class
    /// and water counts, lakes and the grid hash ([`crate::stages::stats::measure`] adds what the
    /// stages made).
    pub fn measure_grid(&mut self, grid: &Grid) {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::water::WaterKind;

    #[test]
    fn measure_reads_the_grid() {
        let mut g = Grid::new(4, 2);
        g.pool[..2].fill(true);
        g.height[3] = 0.75;
        g.terrain[5] = Terrain::Tree;
        g.water[6] = WaterKind::River;
        let mut stats = GenerationStats::default();
        stats.measure_grid(&g);
        assert_eq!(stats.pool_fraction, 0.25);
        assert_eq!(stats.max_height, 0.75);
        assert_eq!(stats.count(Terrain::Tree), 1);
        assert_eq!(stats.count(Terrain::Grass), 7);
        assert_eq!(stats.water_count(WaterKind::River), 1);
        assert_eq!(stats.grid_hash, g.hash());
    }
}
