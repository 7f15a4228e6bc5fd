//! Biomes (the world design's biomes): each cell's weights over the 20 biomes of the design's table, from the
//! climate planes and the terrain, written into the grid's `biome` and `biome_weights` planes;
//! the tree cover they allow; and the ground colours they give (the world design's ground).
//!
//! Biomes are off by default (`biomes_enabled`): then the planes stay empty and the original design's forests
//! and colour table are untouched.

pub mod banks;
pub mod classify;
mod distance;
mod gauss;
pub mod ground;
pub mod shape;
pub mod sparse;
pub mod table;
pub mod vegetation;

pub use classify::{BiomeWeights, CellClimate};
pub use distance::sea_distance;
pub use table::{Biome, BiomeInfo, BIOMES};

use crate::algorithms::threads;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::params::{BiomeParams, GeneratorParams};
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

/// The biome layer: classifies every cell when biomes are on, else leaves the planes empty.
#[derive(Clone, Copy, Debug)]
pub struct Biomes {
    /// The biome parameters.
    pub params: BiomeParams,
    /// Metres per cell.
    pub cell_size: f32,
    /// Metres per height unit.
    pub height_scale: f32,
    /// Where the map lies (for the volcanic mask).
    pub frame: crate::data::frame::MapFrame,
    /// Seed of the volcanic mask.
    pub volcano_seed: u32,
    /// Multiplier of the volcanic mask's scale (the climate's feature scale).
    pub feature_scale: f32,
}

impl Biomes {
    /// The layer of a parameter set.
    pub fn new(params: &GeneratorParams) -> Self {
        Self::framed(params, crate::data::frame::MapFrame::of(params))
    }

    /// The layer of a parameter set laid out in `frame`.
    pub fn framed(params: &GeneratorParams, frame: crate::data::frame::MapFrame) -> Self {
        Biomes {
            params: params.biomes,
            cell_size: params.cell_size,
            height_scale: params.height_scale,
            frame,
            volcano_seed: crate::algorithms::seed::derive32(params.seed, "volcano"),
            feature_scale: params.climate.feature_scale,
        }
    }

    /// What the classification reads of cell `(x, z)`, whose volcanic mask is `mask`: the
    /// climate's moisture with the banks' bonus ([`banks`]), the erosion's depth
    /// ([`ErodedDepth`], 0 when the grid holds none).
    fn cell(&self, grid: &Grid, near: &Near<'_>, x: usize, z: usize, mask: f32) -> CellClimate {
        let i = grid.index(x, z);
        let metres = |h: f32| (h - grid.sea_level) * self.height_scale;
        let (gx, gz) = grid.gradient(x, z);
        let slope = (gx * gx + gz * gz).sqrt() * self.height_scale / self.cell_size;
        let sea_depth = (grid.water[i] == WaterKind::Sea)
            .then(|| (grid.water_level[i] - grid.height[i]) * self.height_scale);
        CellClimate {
            temperature: grid.temperature[i],
            moisture: grid.moisture[i] + near.bank[i],
            above_sea: metres(grid.height[i]),
            slope,
            sea_distance: near.sea[i],
            sea_depth,
            volcanic: shape::volcanic_share(mask),
            eroded: near.eroded.get(i).copied().unwrap_or(0.0),
        }
    }
}

impl Layer for Biomes {
    fn name(&self) -> &str {
        "Biomes"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        self.params.validate()?;
        if !self.params.enabled {
            grid.biome_mut().clear();
            grid.biome_weights_mut().clear();
            grid.products.get_or_default::<BankMoisture>().0.clear();
            return Ok(());
        }
        let width = grid.width().max(1);
        // Filled in parallel: a serial fill of the 32 bytes a cell would be a pass of its own.
        let mut weights: Vec<BiomeWeights> = (0..grid.len())
            .into_par_iter()
            .map(|_| BiomeWeights::default())
            .collect();
        let bank = banks::bank_moisture(grid, self.cell_size);
        {
            let grid = &*grid;
            let near = Near {
                sea: sea_distance(grid, self.cell_size),
                bank: &bank,
                eroded: grid.eroded_depth(),
            };
            weights
                .par_chunks_mut(width)
                .enumerate()
                .with_min_len(threads::min_rows(width))
                .for_each_init(Vec::new, |masks, (z, row)| {
                    masks.resize(row.len(), 0.0);
                    let mut hint = sparse::NearestHint::default();
                    let (seed, scale) = (self.volcano_seed, self.feature_scale);
                    shape::volcano_mask_row(seed, scale, &self.frame, z, masks);
                    for (x, w) in row.iter_mut().enumerate() {
                        let c = self.cell(grid, &near, x, z, masks[x]);
                        *w = sparse::cell_weights_near(&c, self.params.blend, &mut hint);
                    }
                });
        }
        *grid.biome_mut() = (weights.par_iter().with_min_len(threads::min_cells()))
            .map(BiomeWeights::dominant)
            .collect();
        *grid.biome_weights_mut() = weights;
        *grid.products.get_or_default::<BankMoisture>() = BankMoisture(bank);
        Ok(())
    }
}

/// What a cell's classification reads of the water around it.
struct Near<'a> {
    /// Metres to the sea.
    sea: Vec<f32>,
    /// The banks' moisture bonus.
    bank: &'a [f32],
    /// Metres of ground the erosion moved ([`ErodedDepth`]; empty when there is none).
    eroded: &'a [f32],
}

/// The moisture bonus of every cell along the rivers ([`banks::bank_moisture`]), which the
/// biomes add to the climate's moisture and store for the scatter; empty when biomes are off.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BankMoisture(pub Vec<f32>);

/// Metres of ground the erosion moved on each cell (its activity: the height eroded and
/// deposited, in metres), which the badlands read ("hot, dry, high erosion"). The height
/// model's layer stores it when biomes are on; empty otherwise.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErodedDepth(pub Vec<f32>);

/// The heaviest biome id of each cell, as the grid stores it (see [`Grid::biome`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BiomeIds(pub Vec<u8>);

/// The grid's biome planes, which this stage writes.
impl Grid {
    /// The heaviest biome id per cell (in the order of [`BIOMES`]); empty when biomes are off.
    pub fn biome(&self) -> &[u8] {
        self.products
            .get::<BiomeIds>()
            .map_or(&[], |b| b.0.as_slice())
    }

    /// Metres of ground the erosion moved per cell ([`ErodedDepth`]); empty when biomes are off
    /// or the height model does not erode.
    pub fn eroded_depth(&self) -> &[f32] {
        self.products
            .get::<ErodedDepth>()
            .map_or(&[], |e| e.0.as_slice())
    }

    /// The banks' moisture bonus per cell ([`BankMoisture`]); empty when biomes are off.
    pub fn bank_moisture(&self) -> &[f32] {
        self.products
            .get::<BankMoisture>()
            .map_or(&[], |b| b.0.as_slice())
    }

    /// The biome ids, for writing.
    pub fn biome_mut(&mut self) -> &mut Vec<u8> {
        &mut self.products.get_or_default::<BiomeIds>().0
    }

    /// The (up to) four heaviest biomes of each cell and their weights; empty when biomes are off.
    pub fn biome_weights(&self) -> &[BiomeWeights] {
        self.products
            .get::<Vec<BiomeWeights>>()
            .map_or(&[], Vec::as_slice)
    }

    /// The biome weights, for writing.
    pub fn biome_weights_mut(&mut self) -> &mut Vec<BiomeWeights> {
        self.products.get_or_default::<Vec<BiomeWeights>>()
    }

    /// A 64-bit fingerprint of the climate: the temperature and moisture planes, the model's sea
    /// level and the biome planes (little-endian bytes, xxh3; empty biome planes add nothing). Kept apart from [`Grid::hash`], which fingerprints
    /// the terrain as it was before the climate layer existed.
    pub fn climate_hash(&self) -> u64 {
        let mut d = crate::data::digest::Digest::new();
        d.bytes(&(self.width() as u64).to_le_bytes());
        d.bytes(&(self.depth() as u64).to_le_bytes());
        d.f32s([&self.sea_level]);
        for plane in [&self.temperature, &self.moisture] {
            d.f32s(plane);
        }
        d.bytes(self.biome());
        for w in self.biome_weights() {
            d.bytes(&w.ids);
            d.f32s(&w.weights);
        }
        d.finish()
    }
}
