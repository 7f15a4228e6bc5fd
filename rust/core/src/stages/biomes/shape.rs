//! Biome height shaping (the world design's height, "Biome shaping"), blended by biome weight, before erosion:
//! warped sine dunes in the hot desert, terraces in the badlands, soft hummocks in the tundra,
//! flattened floors in wetlands, and the volcano's cone and crater.
//!
//! The land is classified once on its raw heights (the climate and the biomes as the pipeline
//! computes them later, with every cell below the sea level counted as sea), then shaped; the
//! final biomes are classified again on the finished terrain.

use super::classify::BiomeWeights;
use super::{Biome, Biomes};
use crate::algorithms::noise::{fbm_signed, value_noise};
use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::climate::Climate;
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};

/// Dunes: metres between crests (at feature scale 1).
pub const DUNE_WAVELENGTH: f64 = 90.0;
/// Dunes: crest height, metres.
pub const DUNE_HEIGHT: f32 = 9.0;
/// Dunes: metres per period of the noise that bends the crests.
pub const DUNE_WARP_SCALE: f64 = 400.0;
/// Dunes: how far the crests bend, in wavelengths.
pub const DUNE_WARP: f32 = 1.6;
/// Terraces: metres between mesa steps.
pub const TERRACE_STEP: f32 = 30.0;
/// Terraces: share of each step that is cliff (the rest is flat shelf).
pub const TERRACE_RISE: f32 = 0.3;
/// Hummocks: height, metres, and metres per noise period.
pub const HUMMOCK: (f32, f64) = (2.5, 25.0);
/// Wetland floors: share of the height above the water line removed at full weight.
pub const WETLAND_FLATTEN: f32 = 0.85;
/// Volcano: metres per period of the rare mask noise (at feature scale 1).
pub const VOLCANO_SCALE: f64 = 5000.0;
/// Volcano: the mask from which the Volcanic biome and the cone start, to where they are full
/// (about 1 % of the land lies above the middle of the band).
pub const VOLCANO_MASK: (f32, f32) = (0.66, 0.76);
/// Volcano: cone height at the full mask, metres.
pub const VOLCANO_HEIGHT: f32 = 500.0;
/// Volcano: the crater opens from this mask (above the cone's full height) to its rim…
pub const CRATER_MASK: (f32, f32) = (0.79, 0.85);
/// …and is this many metres deep.
pub const CRATER_DEPTH: f32 = 160.0;

/// The rare volcanic mask at a world position: a 2-octave fBm in about `[−1, 1]` whose rare
/// highs are the volcanoes.
pub fn volcano_mask(seed: u32, feature_scale: f32, x: f64, z: f64) -> f32 {
    let inv = 1.0 / (VOLCANO_SCALE * f64::from(feature_scale));
    fbm_signed((x * inv) as f32, (z * inv) as f32, VOLCANO_OCTAVES, seed)
}

/// Octaves of the volcanic mask's fBm.
const VOLCANO_OCTAVES: u32 = 2;

/// [`volcano_mask`] of every cell of row `z` of a map laid out by `frame`, bit for bit, eight
/// cells at a time through the noise lanes.
pub fn volcano_mask_row(
    seed: u32,
    feature_scale: f32,
    frame: &MapFrame,
    z: usize,
    out: &mut [f32],
) {
    const LANES: usize = 8;
    let inv = 1.0 / (VOLCANO_SCALE * f64::from(feature_scale));
    let seeds: [u32; VOLCANO_OCTAVES as usize] =
        std::array::from_fn(|o| crate::algorithms::noise::octave_seed(seed, o as u32));
    let frequencies: [f32; VOLCANO_OCTAVES as usize] =
        std::array::from_fn(|o| crate::algorithms::noise::octave_frequency(o as u32));
    for (start, chunk) in (0..out.len()).step_by(LANES).zip(out.chunks_mut(LANES)) {
        let mut xs = [0.0f32; LANES];
        let mut zs = [0.0f32; LANES];
        for k in 0..LANES {
            let (wx, wz) = frame.world((start + k) as f64, z as f64);
            (xs[k], zs[k]) = ((wx * inv) as f32, (wz * inv) as f32);
        }
        let octaves: [[f32; LANES]; VOLCANO_OCTAVES as usize] = std::array::from_fn(|o| {
            let f = frequencies[o];
            crate::algorithms::noise::lanes::value_noise_lanes(
                xs.map(|x| x * f),
                zs.map(|z| z * f),
                [seeds[o]; LANES],
            )
        });
        for (k, m) in chunk.iter_mut().enumerate() {
            let values: [f32; VOLCANO_OCTAVES as usize] = std::array::from_fn(|o| octaves[o][k]);
            *m = 2.0 * crate::algorithms::noise::lanes::fbm_sum(&values) - 1.0;
        }
    }
}

/// `0` at `lo`, `1` at `hi`, smooth between.
fn ramp(lo: f32, hi: f32, v: f32) -> f32 {
    let t = ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The volcano's shape in metres at a mask value: a cone rising over the mask band, with a crater.
pub fn volcano(mask: f32) -> f32 {
    VOLCANO_HEIGHT * ramp(VOLCANO_MASK.0, VOLCANO_MASK.1, mask)
        - CRATER_DEPTH * ramp(CRATER_MASK.0, CRATER_MASK.1, mask)
}

/// Dunes in metres at a world position: sine crests across the wind, bent by noise.
pub fn dunes(seed: u32, feature_scale: f32, wind: (f64, f64), x: f64, z: f64) -> f32 {
    let along = (x * wind.0 + z * wind.1) / (DUNE_WAVELENGTH * f64::from(feature_scale));
    let inv = 1.0 / (DUNE_WARP_SCALE * f64::from(feature_scale));
    let bend = value_noise((x * inv) as f32, (z * inv) as f32, seed) * DUNE_WARP;
    let phase = (along.rem_euclid(1.0) as f32 + bend) * std::f32::consts::TAU;
    DUNE_HEIGHT * 0.5 * (1.0 - libm::cosf(phase))
}

/// A height in metres above the sea, stepped into mesa terraces.
pub fn terrace(metres: f32) -> f32 {
    if metres <= 0.0 {
        return metres;
    }
    let steps = metres / TERRACE_STEP;
    let k = steps.floor();
    let f = steps - k;
    (k + ramp(1.0 - TERRACE_RISE, 1.0, f)) * TERRACE_STEP
}

/// Soft tundra hummocks in metres at a world position.
pub fn hummocks(seed: u32, x: f64, z: f64) -> f32 {
    let inv = 1.0 / HUMMOCK.1;
    (value_noise((x * inv) as f32, (z * inv) as f32, seed) - 0.5) * 2.0 * HUMMOCK.0
}

/// Shapes a grid's raw heights by their biomes (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Shaping {
    /// The climate as the pipeline computes it.
    pub climate: Climate,
    /// The biome classification.
    pub biomes: Biomes,
    /// Where the map lies.
    pub frame: MapFrame,
    /// The pool model's sea level parameter (0 for the others, whose sea is the grid's).
    pub sea_level: f32,
    /// Seeds of the dune bends and the hummocks.
    pub seeds: [u32; 2],
}

impl Shaping {
    /// The shaping of a parameter set, or `None` when biomes are off.
    pub fn new(params: &crate::params::GeneratorParams) -> Option<Self> {
        Self::framed(params, MapFrame::of(params))
    }

    /// [`Self::new`] for a map laid out in `frame`.
    pub fn framed(params: &crate::params::GeneratorParams, frame: MapFrame) -> Option<Self> {
        params.biomes.enabled.then(|| Shaping {
            climate: Climate::framed(params, frame),
            biomes: Biomes::framed(params, frame),
            frame,
            sea_level: params.water.sea_level,
            seeds: [
                crate::algorithms::seed::derive32(params.seed, "dunes"),
                crate::algorithms::seed::derive32(params.seed, "hummocks"),
            ],
        })
    }

    /// The biome weights of the raw terrain (cells below the sea count as sea).
    fn raw_weights(&self, grid: &Grid) -> Result<Vec<BiomeWeights>, LayerError> {
        let mut raw = Grid::new(grid.width(), grid.depth());
        raw.height = grid.height.clone();
        raw.sea_level = grid.sea_level;
        let sea = self.sea_level.max(grid.sea_level);
        for (i, &h) in grid.height.iter().enumerate() {
            if h < sea {
                raw.water[i] = WaterKind::Sea;
                raw.water_level[i] = sea;
            }
        }
        let mut ctx = Context::default();
        self.climate.apply(&mut raw, &mut ctx)?;
        self.biomes.apply(&mut raw, &mut ctx)?;
        Ok(std::mem::take(raw.biome_weights_mut()))
    }

    /// Stores the erosion's activity (height units per cell) on the grid in metres, as the
    /// [`super::ErodedDepth`] the badlands read.
    pub fn keep_eroded(&self, grid: &mut Grid, activity: &[f32]) {
        let hs = self.frame.height_scale;
        let depth = activity.iter().map(|&a| a * hs).collect();
        *grid.products.get_or_default::<super::ErodedDepth>() = super::ErodedDepth(depth);
    }

    /// Shapes `grid.height` in place.
    pub fn apply(&self, grid: &mut Grid) -> Result<(), LayerError> {
        let weights = self.raw_weights(grid)?;
        let hs = self.frame.height_scale;
        let fs = self.biomes.feature_scale;
        let wind = crate::stages::climate::wind(&self.climate.params);
        let sea = self.sea_level.max(grid.sea_level);
        let width = grid.width().max(1);
        for (i, w) in weights.iter().enumerate() {
            let (x, z) = (i % width, i / width);
            let (wx, wz) = self.frame.world(x as f64, z as f64);
            let h = grid.height[i];
            let above = (h - sea) * hs;
            let weight = |b: Biome| {
                w.iter()
                    .find(|(id, _)| *id == b as u8)
                    .map_or(0.0, |(_, v)| v)
            };
            let mut metres = above;
            if above > 0.0 {
                let desert = weight(Biome::HotDesert);
                if desert > 0.0 {
                    metres += desert * dunes(self.seeds[0], fs, wind, wx, wz);
                }
                let mesa = weight(Biome::Badlands);
                if mesa > 0.0 {
                    metres += mesa * (terrace(above) - above);
                }
                let tundra = weight(Biome::Tundra);
                if tundra > 0.0 {
                    metres += tundra * hummocks(self.seeds[1], wx, wz);
                }
                let wetland = weight(Biome::Wetland);
                if wetland > 0.0 {
                    metres -= wetland * WETLAND_FLATTEN * above;
                }
            }
            let volcanic = weight(Biome::Volcanic);
            if volcanic > 0.0 {
                let mask = volcano_mask(self.biomes.volcano_seed, fs, wx, wz);
                metres += volcano(mask);
            }
            if metres != above {
                grid.height[i] = (sea + metres / hs).max(0.0);
            }
        }
        Ok(())
    }
}

/// The volcanic share of a cell for the classification: the cone's band of the mask.
pub fn volcanic_share(mask: f32) -> f32 {
    ramp(VOLCANO_MASK.0, VOLCANO_MASK.1, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_volcano_mask_row_matches_the_mask_bit_for_bit() {
        for (origin, cell, scale) in [(0.0, 1.0, 1.0), (-7_321.5, 3.0, 0.4), (1.0e6, 25.0, 2.0)] {
            let frame = MapFrame {
                origin_x: origin,
                origin_z: origin * 0.5,
                offset_x: -3,
                offset_z: 12,
                cell_size: cell,
                height_scale: 1.0,
            };
            let mut row = vec![0.0f32; 37];
            for z in [0usize, 5, 400] {
                volcano_mask_row(77, scale, &frame, z, &mut row);
                for (x, m) in row.iter().enumerate() {
                    let (wx, wz) = frame.world(x as f64, z as f64);
                    assert_eq!(
                        m.to_bits(),
                        volcano_mask(77, scale, wx, wz).to_bits(),
                        "({x}, {z})"
                    );
                }
            }
        }
    }

    #[test]
    fn terraces_step_and_keep_the_ground_order() {
        assert_eq!(terrace(0.0), 0.0);
        assert_eq!(terrace(TERRACE_STEP), TERRACE_STEP);
        // A shelf: the lower part of each step is flat at the step's floor.
        assert_eq!(terrace(TERRACE_STEP * 1.2), TERRACE_STEP);
        assert_eq!(terrace(TERRACE_STEP * 1.6), TERRACE_STEP);
        let mut last = 0.0;
        for i in 0..1000 {
            let t = terrace(i as f32 * 0.37);
            assert!(t >= last);
            last = t;
        }
    }

    #[test]
    fn dunes_have_crests_at_their_wavelength() {
        let wind = (1.0, 0.0);
        let (mut lo, mut hi) = (f32::MAX, f32::MIN);
        for i in 0..400 {
            let d = dunes(3, 1.0, wind, f64::from(i) * 2.0, 50.0);
            assert!((0.0..=DUNE_HEIGHT + 1e-4).contains(&d));
            lo = lo.min(d);
            hi = hi.max(d);
        }
        assert!(lo < 1.0 && hi > DUNE_HEIGHT - 1.0, "{lo} {hi}");
    }

    #[test]
    fn the_volcano_is_a_cone_with_a_crater() {
        assert_eq!(volcano(0.0), 0.0);
        let rim = volcano(CRATER_MASK.0);
        assert!((rim - VOLCANO_HEIGHT).abs() < 1e-3, "{rim}");
        assert!(
            volcano(1.0) < rim - CRATER_DEPTH + 1.0,
            "the crater sinks the summit"
        );
        assert!(volcano(0.71) > 0.0 && volcano(0.71) < rim);
    }

    #[test]
    fn volcanoes_are_rare() {
        let mut hits = 0;
        let n = 200 * 200;
        for i in 0..200 {
            for j in 0..200 {
                let m = volcano_mask(9, 1.0, f64::from(i) * 500.0, f64::from(j) * 500.0);
                if volcanic_share(m) > 0.5 {
                    hits += 1;
                }
            }
        }
        let share = hits as f64 / n as f64;
        assert!(share > 0.0005 && share < 0.03, "{share}");
    }
}
