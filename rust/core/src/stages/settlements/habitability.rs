//! How habitable each cell is: fertile ground, a gentle slope, a comfortable temperature and
//! water within reach, each a factor in `0..=1`, multiplied.

use crate::algorithms::threads;
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
/// Nearest water a settlement's centre may have, metres (out of reach of a flood), and never
/// nearer than [`SHORE_GAP_CELLS`].
pub const SHORE_GAP: f32 = 6.0;
/// Nearest water a settlement's centre may have, in cells of the map: none of its eight
/// neighbours is water, so its levelled site is level around it.
pub const SHORE_GAP_CELLS: f32 = 1.5;
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

/// Half the span over which the slope of a settlement's ground is measured, metres: the lie of
/// the land over a few house lots, not the roughness of each metre, so a finer map finds the
/// same gentle ground as a coarser one.
pub const SLOPE_HALF_SPAN: f32 = 4.0;

impl Scale {
    /// Slope of cell `(x, z)` in metres of rise per metre: central differences over
    /// [`SLOPE_HALF_SPAN`] each way (at least one cell; clamped at the map's edge).
    pub fn slope(&self, grid: &Grid, x: usize, z: usize) -> f32 {
        let k = ((SLOPE_HALF_SPAN / self.cell_size).round() as usize).max(1);
        let (w, d) = (grid.width(), grid.depth());
        let h = |x: usize, z: usize| grid.height[z * w + x];
        let along = |lo: usize, hi: usize, at: &dyn Fn(usize) -> f32| {
            if hi > lo {
                (at(hi) - at(lo)) / (hi - lo) as f32
            } else {
                0.0
            }
        };
        let gx = along(x.saturating_sub(k), (x + k).min(w - 1), &|i| h(i, z));
        let gz = along(z.saturating_sub(k), (z + k).min(d - 1), &|j| h(x, j));
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

/// Narrowest river that makes land habitable, metres: a brook narrower than this does not count
/// as water within reach. A map draws rivers down to half its cell wide, so a map of 4 m cells
/// draws every river this wide and a finer map finds no water that the coarser one lacks. With
/// the default catchment, a river is this wide where it drains 4 times the river catchment.
pub const MIN_RIVER_WIDTH: f32 = 2.0;

/// Distance in cells from every cell to the nearest water's edge (a lake, the sea, or a river
/// at least [`MIN_RIVER_WIDTH`] metres wide): a two-pass chamfer transform with steps of 1 and
/// √2 from the water cells, less how far the water reaches beyond each cell's centre (half the
/// cell, or half the river where it is narrower than the cell). A coarse map's river cell holds
/// its river along its centre, so the edge lies nearer than the cell's centre; measured so, land
/// is as far from water on every cell size. `f32::INFINITY` on a map without water.
pub fn water_distance(grid: &Grid, cell_size: f32) -> Vec<f32> {
    let reach = |i: usize| match grid.water[i] {
        WaterKind::Dry => None,
        WaterKind::River => {
            let w = grid.river_width.get(i).copied().unwrap_or(cell_size);
            (w >= MIN_RIVER_WIDTH).then(|| 0.5 * w.min(cell_size) / cell_size)
        }
        WaterKind::Lake | WaterKind::Sea => Some(0.5),
    };
    let width = grid.width();
    if width == 0 {
        return Vec::new();
    }
    let start = (0..grid.len())
        .map(|i| reach(i).map_or(f32::INFINITY, |r| -r))
        .collect();
    crate::algorithms::chamfer::relax(width, start)
        .into_iter()
        .map(|d| d.max(0.0))
        .collect()
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

/// The water factor of a cell `distance` metres from water, within reach `reach` metres: 1 on the shore,
/// falling to a half at the reach, [`FAR_FROM_WATER`] beyond.
fn water_factor(distance: f32, reach: f32) -> f32 {
    if distance <= reach {
        1.0 - 0.5 * distance / reach
    } else {
        FAR_FROM_WATER
    }
}

/// Habitability of every cell, `0..=1`: 0 on water, next to water ([`SHORE_GAP`],
/// [`SHORE_GAP_CELLS`]) and on ground steeper than the settlements' steepest slope; else
/// fertility × (1 − slope / max slope) × comfort × water factor, the water measured in metres.
pub fn scores(grid: &Grid, params: &SettlementParams, scale: Scale) -> Vec<f32> {
    let cell = scale.cell_size;
    let water = water_distance(grid, cell);
    let gap = SHORE_GAP.max(SHORE_GAP_CELLS * cell);
    let width = grid.width().max(1);
    let mut out = vec![0.0f32; grid.len()];
    out.par_chunks_mut(width)
        .enumerate()
        .with_min_len(threads::min_rows(width))
        .for_each(|(z, row)| {
            for (x, s) in row.iter_mut().enumerate() {
                let i = z * width + x;
                if grid.water[i] != WaterKind::Dry || water[i] * cell < gap {
                    continue;
                }
                let slope = scale.slope(grid, x, z);
                if slope > params.max_slope {
                    continue;
                }
                *s = fertility(grid, i)
                    * (1.0 - slope / params.max_slope)
                    * comfort(grid.temperature[i])
                    * water_factor(water[i] * cell, params.water_reach);
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
    fn water_distance_is_measured_to_the_waters_edge() {
        // A lake cell at x = 0 on 1 m cells: its edge lies half a cell beyond its centre.
        let mut g = Grid::new(5, 3);
        g.water[0] = WaterKind::Lake;
        let d = water_distance(&g, 1.0);
        assert_eq!(d[0], 0.0);
        assert_eq!(d[4], 3.5);
        assert!((d[2 * 5 + 2] - (2.0 * std::f32::consts::SQRT_2 - 0.5)).abs() < 1e-6);
        assert!(water_distance(&Grid::new(2, 2), 1.0)
            .iter()
            .all(|v| v.is_infinite()));
        // A river 2 m wide on 4 m cells runs along its cell's centre (2 m), its bank at 3 m: the
        // next cell's centre (6 m) stands 3 m from the water. On 1 m cells the same width fills
        // two cells, its bank at 2 m: the centre of cell 5 (5.5 m) stands 3.5 m from it.
        g.water[0] = WaterKind::River;
        g.river_width[0] = MIN_RIVER_WIDTH;
        assert_eq!(water_distance(&g, 4.0)[1] * 4.0, 3.0);
        let mut fine = Grid::new(8, 1);
        for i in 0..2 {
            fine.water[i] = WaterKind::River;
            fine.river_width[i] = MIN_RIVER_WIDTH;
        }
        assert_eq!(water_distance(&fine, 1.0)[5], 3.5);
        // A brook narrower than the narrowest river in metres is no water within reach.
        g.river_width[0] = 0.99 * MIN_RIVER_WIDTH;
        assert!(water_distance(&g, 4.0).iter().all(|v| v.is_infinite()));
    }

    #[test]
    fn water_and_steep_cells_score_nothing() {
        // A lake at x = 0, a cliff at x = 19; slopes over 4 m each way, water reach 20 m.
        let mut g = Grid::new(20, 1);
        g.temperature.fill(15.0);
        g.water[0] = WaterKind::Lake;
        g.terrain[0] = Terrain::Water;
        g.height[19] = 5.0;
        let params = SettlementParams {
            water_reach: 20.0,
            ..Default::default()
        };
        let s = scores(
            &g,
            &params,
            Scale {
                cell_size: 1.0,
                height_scale: 1.0,
            },
        );
        assert_eq!(s[0], 0.0, "water");
        assert_eq!(s[19], 0.0, "a cliff");
        assert_eq!(s[15], 0.0, "four metres from a cliff");
        // Cell 6's centre stands 5.5 m from the lake's edge (at x = 1 m), within the gap of 6 m.
        assert_eq!(s[6], 0.0, "within the shore gap");
        assert!(s[7] > s[10] && s[10] > 0.0, "nearer water is better: {s:?}");
    }
}
