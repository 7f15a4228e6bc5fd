//! How habitable each cell is: fertile ground, a gentle slope, a comfortable temperature and
//! water within reach, each a factor in `0..=1`, multiplied.

use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;
use crate::params::SettlementParams;
use crate::stages::biomes::Biome;
use rayon::prelude::*;

/// Temperatures (°C) between which the climate is fully comfortable.
pub const COMFORT: (f32, f32) = (8.0, 24.0);
/// Degrees (°C) beyond [`COMFORT`] over which comfort falls to 0.
pub const COMFORT_FADE: f32 = 16.0;
/// The water factor of land farther from water than the water distance.
pub const FAR_FROM_WATER: f32 = 0.2;
/// Nearest water a settlement's centre may have, cells: none of its eight neighbours is water, so
/// its levelled site is level around it.
pub const SHORE_GAP: f32 = 1.5;
/// Fertility of grass when biomes are off.
pub const GRASS_FERTILITY: f32 = 1.0;
/// Fertility of mountain ground when biomes are off.
pub const MOUNTAIN_FERTILITY: f32 = 0.35;

/// The world scale the slopes are measured in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Metres per cell.
    pub cell_size: f32,
    /// Metres per height unit.
    pub height_scale: f32,
}

impl Scale {
    /// Slope of cell `(x, z)` in metres of rise per metre.
    pub fn slope(&self, grid: &Grid, x: usize, z: usize) -> f32 {
        let (gx, gz) = grid.gradient(x, z);
        (gx * gx + gz * gz).sqrt() * self.height_scale / self.cell_size
    }
}

/// How well a biome feeds a settlement, `0..=1`: grassland and forests best, deserts, ice and
/// rock worst, water none.
pub fn biome_fertility(biome: Biome) -> f32 {
    use Biome::*;
    match biome {
        DeepOcean | Glacier | MountainPeaks => 0.0,
        HotDesert => 0.05,
        Mangrove => 0.1,
        Tundra | Badlands => 0.15,
        Volcanic => 0.2,
        AlpineMeadow | Wetland => 0.3,
        BorealForest | TropicalRainforest => 0.5,
        ColdSteppe | TemperateRainforest => 0.6,
        Savanna | TropicalDryForest => 0.7,
        Coast | Mediterranean => 0.85,
        DeciduousForest => 0.9,
        TemperateGrassland => 1.0,
    }
}

/// Comfort of a temperature (°C), `0..=1`.
pub fn comfort(t: f32) -> f32 {
    let off = (COMFORT.0 - t).max(t - COMFORT.1).max(0.0);
    (1.0 - off / COMFORT_FADE).clamp(0.0, 1.0)
}

/// Distance in cells from every cell to the nearest water cell (lake, river or sea): a two-pass
/// chamfer transform with steps of 1 and √2; `f32::INFINITY` on a map without water.
pub fn water_distance(grid: &Grid) -> Vec<f32> {
    let wet = |i: usize| grid.water[i] != WaterKind::Dry;
    crate::algorithms::chamfer::distance(grid.width(), grid.len(), wet)
}

/// Fertility of cell `i`: its biomes' weighted fertility, or by its class when biomes are off.
fn fertility(grid: &Grid, i: usize) -> f32 {
    match grid.biome_weights().get(i) {
        Some(w) => w
            .iter()
            .map(|(id, weight)| weight * Biome::from_id(id).map_or(0.0, biome_fertility))
            .sum(),
        None => match grid.terrain[i] {
            Terrain::Grass | Terrain::Tree => GRASS_FERTILITY,
            Terrain::Mountain => MOUNTAIN_FERTILITY,
            Terrain::Water => 0.0,
        },
    }
}

/// The water factor of a cell `distance` cells from water, within reach `reach`: 1 on the shore,
/// falling to a half at the reach, [`FAR_FROM_WATER`] beyond.
fn water_factor(distance: f32, reach: f32) -> f32 {
    if distance <= reach {
        1.0 - 0.5 * distance / reach
    } else {
        FAR_FROM_WATER
    }
}

/// Habitability of every cell, `0..=1`: 0 on water, next to water ([`SHORE_GAP`]) and on ground
/// steeper than the settlements' steepest slope; else fertility × (1 − slope / max slope) × comfort × water factor.
pub fn scores(grid: &Grid, params: &SettlementParams, scale: Scale) -> Vec<f32> {
    let water = water_distance(grid);
    let width = grid.width().max(1);
    let mut out = vec![0.0f32; grid.len()];
    out.par_chunks_mut(width).enumerate().for_each(|(z, row)| {
        for (x, s) in row.iter_mut().enumerate() {
            let i = z * width + x;
            if grid.water[i] != WaterKind::Dry || water[i] < SHORE_GAP {
                continue;
            }
            let slope = scale.slope(grid, x, z);
            if slope > params.max_slope {
                continue;
            }
            *s = fertility(grid, i)
                * (1.0 - slope / params.max_slope)
                * comfort(grid.temperature[i])
                * water_factor(water[i], params.water_distance);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comfort_is_full_inside_and_fades_outside() {
        assert_eq!(comfort(15.0), 1.0);
        assert_eq!(comfort(COMFORT.0 - COMFORT_FADE * 0.5), 0.5);
        assert_eq!(comfort(COMFORT.1 + COMFORT_FADE * 2.0), 0.0);
    }

    #[test]
    fn water_distance_counts_chamfer_steps() {
        let mut g = Grid::new(5, 3);
        g.water[0] = WaterKind::River;
        let d = water_distance(&g);
        assert_eq!(d[0], 0.0);
        assert_eq!(d[4], 4.0);
        assert!((d[2 * 5 + 2] - 2.0 * std::f32::consts::SQRT_2).abs() < 1e-6);
        assert!(water_distance(&Grid::new(2, 2))
            .iter()
            .all(|v| v.is_infinite()));
    }

    #[test]
    fn water_and_steep_cells_score_nothing() {
        let mut g = Grid::new(8, 1);
        g.temperature.fill(15.0);
        g.water[0] = WaterKind::Lake;
        g.terrain[0] = Terrain::Water;
        g.height[7] = 5.0;
        let params = SettlementParams::default();
        let s = scores(
            &g,
            &params,
            Scale {
                cell_size: 1.0,
                height_scale: 1.0,
            },
        );
        assert_eq!(s[0], 0.0, "water");
        assert_eq!(s[7], 0.0, "a cliff");
        assert_eq!(s[1], 0.0, "the shore");
        assert!(s[2] > s[4] && s[4] > 0.0, "nearer water is better: {s:?}");
    }
}
