//! Ground colours (the world design's ground): per cell, the biome-weighted splat of the seven materials, rock
//! taking over on steep ground, snow above the snowline, wet sand along the water line.
//!
//! Each input varies smoothly across cells (weights, slope, temperature, height above the water),
//! and every rule is a smoothstep, so neighbouring cells differ little except where the terrain
//! itself breaks: cliffs and shores.

use super::classify::BiomeWeights;
use super::table::{BIOMES, MATERIALS, ROCK, SAND, SNOW};
use crate::data::grid::Rgb;
use crate::stages::scatter::ScatterInstance;

/// Rock starts to show on slopes steeper than this (rise per run, about 35°)…
pub const ROCK_SLOPE: (f32, f32) = (0.7, 1.2);
/// Snow: how many °C below the snowline it is full, and above it gone.
pub const SNOW_BAND: (f32, f32) = (-3.0, 1.0);
/// Wet sand: metres above the water within which the ground is wet, fading out over the second.
pub const WET_BAND: (f32, f32) = (0.5, 2.5);
/// Wet sand is sand darkened to this share.
pub const WET_DARKEN: f32 = 0.72;
/// Forest floor: ground under tree crowns is darkened to this share (the trees themselves are
/// instanced).
pub const FOREST_FLOOR: f32 = 0.82;

/// What the ground colour reads of one cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundCell {
    /// The cell's biome weights.
    pub weights: BiomeWeights,
    /// Slope, rise per run.
    pub slope: f32,
    /// Air temperature, °C.
    pub temperature: f32,
    /// Metres above the nearest water surface level the cell knows (its own, or the sea level).
    pub above_water: f32,
    /// Share of the cell under tree crowns, 0–1 (see [`canopy`]).
    pub canopy: f32,
}

use super::classify::ramp;

/// Each biome's ground splat by id, with the sum of its seven shares (added first to last).
const SPLATS: [([f32; 7], f32); 20] = {
    let mut out = [([0.0f32; 7], 0.0f32); 20];
    let mut id = 0;
    while id < BIOMES.len() {
        let g = BIOMES[id].ground.splat;
        let mut sum = 0.0f32;
        let mut k = 0;
        while k < 7 {
            sum += g[k];
            k += 1;
        }
        out[BIOMES[id].biome as usize] = (g, sum);
        id += 1;
    }
    out
};

/// The material weights of a cell, summing to 1.
pub fn splat(c: &GroundCell, snowline: f32) -> [f32; 7] {
    let mut s = [0.0f32; 7];
    for (id, w) in c.weights.iter() {
        let Some((g, sum)) = SPLATS.get(usize::from(id)) else {
            continue;
        };
        for k in 0..7 {
            s[k] += w * g[k] / sum;
        }
    }
    let mut take = |material: usize, share: f32| {
        if share > 0.0 {
            s.iter_mut().for_each(|v| *v *= 1.0 - share);
            s[material] += share;
        }
    };
    take(SAND, ramp(WET_BAND.1, WET_BAND.0, c.above_water) * 0.8);
    take(ROCK, ramp(ROCK_SLOPE.0, ROCK_SLOPE.1, c.slope));
    // Full at `snowline + SNOW_BAND.0` °C and below, none from `snowline + SNOW_BAND.1`; the
    // steepest rock sheds it.
    let snow = ramp(
        snowline + SNOW_BAND.1,
        snowline + SNOW_BAND.0,
        c.temperature,
    );
    take(
        SNOW,
        snow * (1.0 - ramp(ROCK_SLOPE.0, ROCK_SLOPE.1 * 1.5, c.slope)),
    );
    s
}

/// How wet a cell's ground is, 0–1: full within [`WET_BAND`]`.0` metres of the water, none
/// from `WET_BAND.1`.
pub fn wetness(c: &GroundCell) -> f32 {
    ramp(WET_BAND.1, WET_BAND.0, c.above_water)
}

/// The colour of a cell: the splat of the material colours, wet sand darkened, the forest floor
/// shaded by its canopy.
pub fn colour(c: &GroundCell, snowline: f32) -> Rgb {
    let s = splat(c, snowline);
    let mut rgb = [0.0f32; 3];
    for (k, share) in s.iter().enumerate() {
        for ch in 0..3 {
            rgb[ch] += share * f32::from(MATERIALS[k][ch]);
        }
    }
    let wet = wetness(c);
    let shade = (1.0 - (1.0 - WET_DARKEN) * wet) * (1.0 - (1.0 - FOREST_FLOOR) * c.canopy);
    rgb.map(|v| (v * shade + 0.5).clamp(0.0, 255.0) as u8)
}

/// The share of every cell of a `width × depth` map of `cell_size`-metre cells that lies under
/// the crowns of the scatter's trees, 0–1: the forest floor is where the trees stand, never a
/// cell without one. A crown (a disc of the tree's crown width) covers the cells whose centres
/// it holds; a crown too small to hold its own cell's centre shades that cell by the share of
/// it that it covers. Shrubs, cacti and boulders cast none.
pub fn canopy(trees: &[ScatterInstance], width: usize, depth: usize, cell_size: f32) -> Vec<f32> {
    let mut cover = vec![0.0f32; width * depth];
    for t in trees.iter().filter(|t| t.species.is_tree()) {
        let r = 0.5 * t.crown / cell_size;
        let [cx, cz] = t.position;
        let (x0, x1) = ((cx - r - 0.5).ceil().max(0.0), (cx + r - 0.5).floor());
        let (z0, z1) = ((cz - r - 0.5).ceil().max(0.0), (cz + r - 0.5).floor());
        let mut held = false;
        let mut z = z0;
        while z <= z1 && (z as usize) < depth {
            let mut x = x0;
            while x <= x1 && (x as usize) < width {
                let (dx, dz) = (x + 0.5 - cx, z + 0.5 - cz);
                if dx * dx + dz * dz <= r * r {
                    cover[z as usize * width + x as usize] = 1.0;
                    held = true;
                }
                x += 1.0;
            }
            z += 1.0;
        }
        let (ix, iz) = (cx.floor(), cz.floor());
        if !held && ix >= 0.0 && iz >= 0.0 && (ix as usize) < width && (iz as usize) < depth {
            let i = iz as usize * width + ix as usize;
            cover[i] = (cover[i] + std::f32::consts::PI * r * r).min(1.0);
        }
    }
    cover
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::biomes::table::Biome;
    use crate::stages::scatter::Species;

    fn cell(biome: Biome) -> GroundCell {
        GroundCell {
            weights: BiomeWeights {
                ids: [biome as u8, 0, 0, 0],
                weights: [1.0, 0.0, 0.0, 0.0],
            },
            slope: 0.0,
            temperature: 15.0,
            above_water: 50.0,
            canopy: 0.0,
        }
    }

    #[test]
    fn the_splat_table_is_the_biome_table() {
        for biome in Biome::ALL {
            let g = biome.info().ground.splat;
            let (table, sum) = SPLATS[biome as usize];
            assert_eq!(table, g);
            assert_eq!(sum.to_bits(), g.iter().sum::<f32>().to_bits());
        }
    }

    #[test]
    fn materials_follow_the_biome_slope_snow_and_water() {
        let desert = splat(&cell(Biome::HotDesert), -1.0);
        assert!(desert[SAND] > 0.99);
        let mut steep = cell(Biome::TemperateGrassland);
        steep.slope = 2.0;
        assert!(splat(&steep, -1.0)[ROCK] > 0.99);
        let mut cold = cell(Biome::Tundra);
        cold.temperature = -8.0;
        assert!(splat(&cold, -1.0)[SNOW] > 0.9);
        cold.temperature = 5.0;
        assert!(splat(&cold, -1.0)[SNOW] < 0.2);
        let mut shore = cell(Biome::TemperateGrassland);
        shore.above_water = 0.2;
        assert!(splat(&shore, -1.0)[SAND] > 0.7);
        for s in [desert, splat(&steep, -1.0), splat(&shore, -1.0)] {
            assert!((s.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        }
    }

    fn tree(species: Species, position: [f32; 2], crown: f32) -> ScatterInstance {
        ScatterInstance {
            species,
            position,
            yaw: 0.0,
            height: 10.0,
            crown,
            variant: 0,
        }
    }

    #[test]
    fn the_forest_floor_lies_under_the_crowns_only() {
        // An 8 m crown on 1 m cells covers the cells whose centres lie within 4 m of its trunk.
        let cover = canopy(&[tree(Species::Conifer, [10.5, 10.5], 8.0)], 30, 30, 1.0);
        assert_eq!(cover[10 * 30 + 10], 1.0);
        assert_eq!(cover[10 * 30 + 14], 1.0);
        assert_eq!(cover[10 * 30 + 15], 0.0);
        assert_eq!(cover[2 * 30 + 2], 0.0);
        let under = cover.iter().filter(|&&c| c == 1.0).count();
        assert!((45..=53).contains(&under), "{under} cells: about π·4²");
        // On 40 m cells the same crown shades its cell by the share it covers.
        let coarse = canopy(&[tree(Species::Conifer, [3.2, 1.7], 8.0)], 6, 6, 40.0);
        let share = std::f32::consts::PI * 16.0 / 1600.0;
        assert!((coarse[6 + 3] - share).abs() < 1e-6, "{}", coarse[6 + 3]);
        assert_eq!(coarse.iter().filter(|&&c| c > 0.0).count(), 1);
        // Boulders and shrubs cast no forest floor.
        let rocks = [
            tree(Species::Boulder, [5.5, 5.5], 3.0),
            tree(Species::Shrub, [8.5, 8.5], 2.0),
        ];
        assert!(canopy(&rocks, 12, 12, 1.0).iter().all(|&c| c == 0.0));
        // Trees on the map's border, or past it, stay inside the planes.
        let edge = canopy(&[tree(Species::Broadleaf, [-0.5, 29.9], 6.0)], 30, 30, 1.0);
        assert!(edge[29 * 30] == 1.0 && edge.iter().all(|&c| (0.0..=1.0).contains(&c)));
    }

    #[test]
    fn the_canopy_darkens_the_ground() {
        let open = cell(Biome::DeciduousForest);
        let shaded = GroundCell {
            canopy: 1.0,
            ..open
        };
        let (a, b) = (colour(&open, -1.0), colour(&shaded, -1.0));
        for k in 0..3 {
            let expected = f32::from(a[k]) * FOREST_FLOOR;
            assert!((f32::from(b[k]) - expected).abs() <= 1.0, "{a:?} → {b:?}");
        }
    }

    #[test]
    fn colours_change_little_for_small_changes() {
        let mut a = cell(Biome::Savanna);
        let mut last = colour(&a, -1.0);
        for i in 0..200 {
            a.temperature = 15.0 - i as f32 * 0.1;
            a.slope = i as f32 * 0.01;
            let c = colour(&a, -1.0);
            let diff = (0..3)
                .map(|k| (i32::from(c[k]) - i32::from(last[k])).abs())
                .max()
                .unwrap();
            assert!(diff <= 12, "step {i}: {last:?} → {c:?}");
            last = c;
        }
    }
}
