//! `ForestMask` and `ForestPlacement`: where trees may grow, and where they do.

use crate::algorithms::threads;
use crate::data::grid::{Grid, Terrain};
use crate::params::{ForestMaskParams, ForestPlacementParams};
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};
use rand::Rng;
use rayon::prelude::*;

/// Fertility `clamp(1 − (h/h_limit)^steepness, 0, 1)` on grass, 0 on mountains and water, with
/// `h` measured from the height model's sea level (the ground itself for the pool model). With
/// biomes, times the cell's tree cover: the biome-weighted cover of the world design's table (0 where the
/// heaviest biome grows no trees), so deserts, glaciers and tundra grow none and forest edges thin
/// out.
///
/// The power is computed with `libm::powf`, the same code on every platform.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForestMask {
    /// Height limit and fall-off exponent.
    pub params: ForestMaskParams,
}

impl ForestMask {
    /// The fertility of a grass cell at height `h`.
    pub fn fertility(&self, h: f32) -> f32 {
        let ratio = h.max(0.0) / self.params.height_limit;
        (1.0 - libm::powf(ratio, self.params.steepness)).clamp(0.0, 1.0)
    }
}

impl Layer for ForestMask {
    fn name(&self) -> &str {
        "ForestMask"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        self.params.validate()?;
        let Grid {
            height,
            forest_mask,
            terrain,
            sea_level,
            products,
            ..
        } = grid;
        let biome_weights = products
            .get::<Vec<crate::stages::biomes::BiomeWeights>>()
            .map_or(&[][..], Vec::as_slice);
        let sea = *sea_level;
        // The weighted cover of the cell's biomes; none where the heaviest biome grows no trees
        // (glacier, desert, tundra, sea), so its neighbours' forests stop at its border.
        let cover = |i: usize| -> f32 {
            let of =
                |id| crate::stages::biomes::Biome::from_id(id).map_or(0.0, |b| b.info().tree_cover);
            biome_weights.get(i).map_or(1.0, |w| {
                if of(w.dominant()) == 0.0 {
                    0.0
                } else {
                    w.iter().map(|(id, weight)| weight * of(id)).sum()
                }
            })
        };
        (
            forest_mask.par_iter_mut(),
            height.par_iter(),
            terrain.par_iter(),
        )
            .into_par_iter()
            .enumerate()
            .with_min_len(threads::min_cells())
            .for_each(|(i, (m, &h, &t))| {
                *m = if t == Terrain::Grass {
                    self.fertility(h - sea) * cover(i)
                } else {
                    0.0
                };
            });
        Ok(())
    }
}

/// Turns a grass cell into a `Tree` where a seeded `random() < mask × cover`, except on the
/// roads and settlement sites of [`Grid::land_use`]: a cell of forest, whatever its size, so
/// forest covers the same share of the ground at every cell size.
///
/// Each row draws from its own PCG generator ([`row_rng`](crate::algorithms::seed::row_rng)), one number per
/// cell, so rows run in parallel and the result is the same on every thread count; no two seeds
/// share a row's numbers, so every seed has its own forest.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForestPlacement {
    /// Master seed.
    pub seed: u64,
    /// Forest cover.
    pub params: ForestPlacementParams,
    /// Where the grid lies, for a window of an endless world: each cell then draws from a hash
    /// of its world position ([`world_draw`]) instead of its row's generator, so every window of
    /// the world grows the same trees. `None`: the row generators.
    pub world: Option<crate::data::frame::MapFrame>,
}

/// The draw of the cell at world position `(x, z)` for the forest of `seed` (endless worlds): a
/// hash in `[0, 1)` of the position in whole cells (rounded), so any window whose cells land on
/// the same positions draws the same numbers.
pub fn world_draw(seed: u32, x: f64, z: f64, cell_size: f64) -> f32 {
    let cell = |v: f64| (v / cell_size).round() as i64 as i32;
    crate::algorithms::noise::hash01(cell(x), cell(z), seed)
}

impl Layer for ForestPlacement {
    fn name(&self) -> &str {
        "ForestPlacement"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        self.params.validate()?;
        let width = grid.width().max(1);
        let cover = self.params.cover;
        let seed = self.seed;
        let world = self
            .world
            .map(|frame| (frame, crate::algorithms::seed::derive32(seed, "forest")));
        let Grid {
            forest_mask,
            terrain,
            products,
            ..
        } = grid;
        // Nothing grows on a road or a settlement site (the plane is empty when settlements are
        // off: every cell is open).
        let land_use = products
            .get::<Vec<crate::stages::settlements::LandUse>>()
            .map_or(&[][..], Vec::as_slice);
        let open = |i: usize| {
            land_use
                .get(i)
                .is_none_or(|u| *u == crate::stages::settlements::LandUse::Open)
        };
        terrain
            .par_chunks_mut(width)
            .zip(forest_mask.par_chunks(width))
            .enumerate()
            .with_min_len(threads::min_rows(width))
            .for_each(|(z, (row, mask))| {
                let mut rng = crate::algorithms::seed::row_rng(seed, "forest", z as u64);
                for (x, (t, &m)) in row.iter_mut().zip(mask).enumerate() {
                    let draw: f32 = match world {
                        Some((frame, s)) => {
                            let (wx, wz) = frame.world(x as f64, z as f64);
                            world_draw(s, wx, wz, frame.cell_size)
                        }
                        None => rng.random(),
                    };
                    if *t == Terrain::Grass && draw < m * cover && open(z * width + x) {
                        *t = Terrain::Tree;
                    }
                }
            });
        Ok(())
    }
}
