//! `Hydrology`: lakes, rivers and sea on the eroded terrain (the world design, "Rivers, bounded maps").
//!
//! Phases: the flat-routing weights, the Priority-Flood of the whole map, flow directions and
//! accumulation of the mountain runoff, then the water itself — sea below `sea_level`, lakes in
//! the depressions of the mountain pool that pass the filters, rivers where the accumulation
//! exceeds the threshold, laid along smoothed centre-lines through their cells (the `centrelines`
//! module: carved by [`river_depth`](crate::algorithms::hydrology::river_depth), as wide in metres
//! as their catchment makes them, their surface never rising downstream) — the `Water` class for
//! every wet cell, and finally the rendered water surface and the river widths.

use crate::algorithms::hydrology::queue::MAX_WEIGHT;
use crate::algorithms::hydrology::NO_RECEIVER;
use crate::algorithms::hydrology::{
    accumulate, find_lakes, flow_directions, priority_flood, Flood, FloodOptions, HydrologyError,
    LakeMap, Receivers,
};
use crate::algorithms::noise::fbm_row_resolved;
use crate::data::frame::MapFrame;
use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;
use crate::params::paths::Path;
use crate::params::LakeFilter;
use crate::params::WaterParams;
use crate::stages::context::Context;
use crate::stages::landform::pool::MOUNTAIN_MIN_HEIGHT;
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

mod centrelines;
mod rivers;

pub use crate::algorithms::hydrology::ChannelEnd;
use crate::algorithms::threads;
pub use centrelines::{Centreline, MAX_RADIUS_CELLS, SAMPLE_STEP};
use rivers::{keep_river_widths, Rivers};
pub use rivers::{
    river_catchment_cells, river_width_metres, RIVER_REFERENCE_CATCHMENT, RIVER_REFERENCE_WIDTH,
};

/// Flat routing: the period of the weight noise's first octave, in widths of a river at the
/// threshold catchment ([`river_width_metres`]): rivers meander over about ten of their widths
/// (10 m on the default map, whose rivers start 1 m wide; half a kilometre on a continent's).
pub const MEANDER_WIDTHS: f32 = 10.0;
/// Flat routing: octaves of the weight noise.
pub const MEANDER_OCTAVES: u32 = 4;
/// Flat routing: noise values from `MEANDER_LOW` to `MEANDER_HIGH` map linearly onto the weights
/// `1..=MAX_WEIGHT`, so flats drain along the low valleys of the noise.
pub const MEANDER_LOW: f32 = 0.3;
/// Flat routing: see [`MEANDER_LOW`].
pub const MEANDER_HIGH: f32 = 0.7;

/// Flat routing: the per-cell weights of the cost that drains flats (the flat ground, valley
/// floors, lake beds) along winding corridors instead of straight lines to the nearest outlet.
/// The noise has a period of `period` metres and is sampled every `cell_size` metres.
pub fn meander_weights(
    width: usize,
    depth: usize,
    cell_size: f32,
    period: f32,
    seed: u64,
) -> Vec<u8> {
    crate::algorithms::threads::ensure_pool();
    let noise_seed = crate::algorithms::seed::derive32(seed, "meander");
    let scale = cell_size / period;
    let mut weight = vec![1u8; width * depth];
    weight
        .par_chunks_mut(width.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(width.max(1)))
        .for_each(|(z, row)| {
            let mut noise = vec![0.0f32; row.len()];
            fbm_row_resolved(z, scale, MEANDER_OCTAVES, noise_seed, &mut noise);
            for (w, &f) in row.iter_mut().zip(&noise) {
                let t = ((f - MEANDER_LOW) / (MEANDER_HIGH - MEANDER_LOW)).clamp(0.0, 1.0);
                *w = 1 + (t * f32::from(MAX_WEIGHT - 1) + 0.5) as u8;
            }
        });
    weight
}

/// Drainage of a grid: every cell's receiver and accumulation, and the rivers drawn along them.
/// The [`flood`] they were routed on is kept apart: the sea and the lakes read it, the rivers do
/// not, so [`route`] lets it go before the rivers are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Drainage {
    /// Downstream neighbour of every cell ([`NO_RECEIVER`] at the
    /// border).
    pub receivers: Receivers,
    /// Runoff cells upstream of every cell, itself included.
    pub accumulation: Vec<u32>,
    /// The rivers' centre-lines, parents before their tributaries (empty until the rivers are
    /// drawn).
    pub rivers: Vec<Centreline>,
}

/// Runoff: rain counts on mountain ground (above [`MOUNTAIN_MIN_HEIGHT`]); on the low ground it
/// soaks in, so rivers rise in the mountains.
pub fn runoff(grid: &Grid) -> Vec<bool> {
    grid.height
        .par_iter()
        .map(|&h| h > MOUNTAIN_MIN_HEIGHT)
        .collect()
}

/// Floods the grid's heights with meandering flats, on cells of `cell_size` metres, the meanders
/// `meander` metres long: the filled levels and the flood order the sea, the lakes and the
/// drainage ([`route`]) are found on.
pub fn flood(
    grid: &Grid,
    cell_size: f32,
    meander: f32,
    seed: u64,
) -> Result<Flood, HydrologyError> {
    let (w, d) = (grid.width(), grid.depth());
    let weight = meander_weights(w, d, cell_size, meander, seed);
    let options = FloodOptions {
        flat_weight: Some(&weight),
        ..Default::default()
    };
    priority_flood(&grid.height, w, d, options)
}

/// Routes the flow over a `flood` of the grid and accumulates the [`runoff`]. The accumulation
/// follows the flood's order alone, so the filled levels and the parents are let go once the
/// receivers are found: on a big map each is a plane of its own.
pub fn route(grid: &Grid, mut flood: Flood) -> Result<Drainage, HydrologyError> {
    let receivers = flow_directions(&flood);
    drop(std::mem::take(&mut flood.filled));
    drop(std::mem::take(&mut flood.parent));
    let accumulation = accumulate(&flood, &receivers, &runoff(grid))?;
    Ok(Drainage {
        receivers,
        accumulation,
        rivers: Vec::new(),
    })
}

/// A hydrology error as the layer's.
fn grid_error(e: HydrologyError) -> LayerError {
    LayerError::Grid(e.to_string())
}

/// Sea: every cell whose filled level lies strictly below the sea level (the sea reaches it from
/// the border without rising above that level).
fn mark_sea(grid: &mut Grid, filled: &[f32], sea_level: f32) {
    (grid.water.par_iter_mut().zip(&mut grid.water_level))
        .zip(filled)
        .filter(|(_, &f)| f < sea_level)
        .for_each(|((water, level), _)| {
            *water = WaterKind::Sea;
            *level = sea_level;
        });
}

/// Lakes: the depressions of the mountain pool that pass the filters, at their spill level. A
/// depression reaching the flat ground outside the pool stays dry: that ground is kept walkable,
/// its water soaks in. The lake map's id plane becomes the grid's, without the cells the sea took.
fn mark_lakes(grid: &mut Grid, lakes: LakeMap) {
    grid.lake = lakes.id;
    let list = &lakes.lakes;
    (grid.lake.par_iter_mut().zip(&mut grid.water))
        .zip(&mut grid.water_level)
        .filter(|((id, _), _)| **id != 0)
        .for_each(|((id, water), level)| {
            if *water == WaterKind::Dry {
                *water = WaterKind::Lake;
                *level = list[*id as usize - 1].level;
            } else {
                *id = 0;
            }
        });
    grid.lakes = lakes.lakes;
}

/// Water cells become `Water` with a smooth surface (roughness 0).
fn classify_water(grid: &mut Grid) {
    let Grid {
        terrain,
        roughness,
        water,
        ..
    } = grid;
    (terrain.par_iter_mut().zip(roughness))
        .zip(&*water)
        .filter(|(_, w)| **w != WaterKind::Dry)
        .for_each(|((t, r), _)| {
            *t = Terrain::Water;
            *r = 0.0;
        });
}

/// The water layer: sea, lakes and rivers from the terrain's drainage. It writes
/// `max_accumulation` into the context's statistics.
#[derive(Clone, Debug)]
pub struct Hydrology {
    /// Master seed (fixes the meander noise).
    pub seed: u64,
    /// Lakes, rivers and sea.
    pub params: WaterParams,
    /// The endless world's rule: every cell below the sea level is sea, without a flood from the
    /// map border, and there are no lakes or accumulation rivers (they need a bounded map).
    pub local_sea: bool,
    /// Metres between neighbouring cells: areas become counts of cells with it.
    pub cell_size: f32,
    /// The designer's river paths: a river as wide as each one rises at its higher end and runs
    /// down the channel cut along it ([`crate::stages::landform::paths`]).
    pub rivers: Vec<Path>,
    /// Where the map's cells lie, to find the river paths' cells.
    pub frame: Option<MapFrame>,
}

impl Hydrology {
    /// The layer for a seed and its parameters.
    pub fn new(seed: u64, params: WaterParams) -> Self {
        Hydrology {
            seed,
            params,
            local_sea: false,
            cell_size: 1.0,
            rivers: Vec::new(),
            frame: None,
        }
    }

    /// The endless world's water: sea on every cell whose ground lies strictly below the sea
    /// level, at that level; nothing else.
    fn run_local(&self, grid: &mut Grid) {
        let sea_level = self.sea_level(grid);
        if sea_level > 0.0 {
            let ground = grid.height.clone();
            mark_sea(grid, &ground, sea_level);
        }
        classify_water(grid);
    }

    /// The river paths' water: each path's source (the cell of its higher end, or of the first
    /// point on the map from that end) gains the runoff of a catchment that makes a river as wide
    /// as the path ([`river_width_metres`]), and so does every cell downstream of it.
    /// `threshold` is the river threshold in runoff cells.
    fn feed_rivers(&self, grid: &Grid, frame: &MapFrame, threshold: u32, drainage: &mut Drainage) {
        let (w, d) = (grid.width(), grid.depth());
        let on_map = |p: &[f32]| frame.cell_at(f64::from(p[0]), f64::from(p[1]), w, d);
        for path in &self.rivers {
            let mut points = path.points.iter().map(|p| &p[..]);
            let found = match crate::stages::landform::paths::runs_backwards(path, grid, frame) {
                true => points.rev().find_map(on_map),
                false => points.find_map(on_map),
            };
            let Some((i, j)) = found else {
                continue;
            };
            let extra =
                river_catchment_cells(path.width, self.cell_size).max(threshold.saturating_add(1));
            let mut at = grid.index(i, j);
            for _ in 0..grid.len() {
                drainage.accumulation[at] = drainage.accumulation[at].saturating_add(extra);
                match drainage.receivers.get(at) {
                    r if r == NO_RECEIVER || r as usize == at => break,
                    r => at = r as usize,
                }
            }
        }
    }

    /// The sea level: the `water_sea_level` parameter or the height model's, whichever is higher.
    pub fn sea_level(&self, grid: &Grid) -> f32 {
        self.params.sea_level.max(grid.sea_level)
    }

    /// Runs every phase and returns the drainage (`None` when no water is enabled).
    pub fn run(&self, grid: &mut Grid, ctx: &mut Context) -> Result<Option<Drainage>, LayerError> {
        crate::algorithms::threads::ensure_pool();
        self.params.validate()?;
        grid.clear_water();
        ctx.stats_mut().max_accumulation = 0;
        ctx.stats_mut().river_length = 0.0;
        if !(self.params.any_water() || grid.sea_level > 0.0) || grid.is_empty() {
            return Ok(None);
        }
        if self.local_sea {
            self.run_local(grid);
            return Ok(None);
        }
        let threshold = self.params.river_threshold(self.cell_size);
        let meander = MEANDER_WIDTHS * river_width_metres(threshold, self.cell_size);
        let flood = flood(grid, self.cell_size, meander, self.seed).map_err(grid_error)?;
        let sea_level = self.sea_level(grid);
        if sea_level > 0.0 {
            mark_sea(grid, &flood.filled, sea_level);
        }
        if self.params.lakes_enabled {
            // Without a sea, a lake may lie below level 0 (in a basin stamped into flat ground).
            let filter = LakeFilter {
                sea_level: if sea_level > 0.0 {
                    sea_level
                } else {
                    f32::NEG_INFINITY
                },
                ..self.params.lake_filter(self.cell_size)
            };
            let lakes =
                find_lakes(&grid.height, &flood, &filter, Some(&grid.pool)).map_err(grid_error)?;
            mark_lakes(grid, lakes);
        }
        // The rivers need the flood no more: the drainage takes it and lets it go.
        let mut drainage = route(grid, flood).map_err(grid_error)?;
        if let Some(frame) = &self.frame {
            self.feed_rivers(grid, frame, threshold, &mut drainage);
        }
        ctx.stats_mut().max_accumulation = drainage.accumulation.iter().copied().max().unwrap_or(0);
        let rivers = Rivers {
            river_threshold: threshold,
            river_depth: self.params.river_depth,
            cell_size: self.cell_size,
            floor: if sea_level > 0.0 {
                sea_level
            } else {
                f32::NEG_INFINITY
            },
        };
        if self.params.rivers_enabled {
            drainage.rivers = centrelines::draw_rivers(grid, &drainage, &rivers);
            let length: f32 = drainage.rivers.iter().map(Centreline::length_cells).sum();
            ctx.stats_mut().river_length = f64::from(length) * f64::from(self.cell_size);
        }
        classify_water(grid);
        keep_river_widths(grid);
        Ok(Some(drainage))
    }
}

impl Layer for Hydrology {
    fn name(&self) -> &str {
        "Hydrology"
    }

    fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
        self.run(grid, ctx).map(|_| ())
    }
}
