//! `Hydrology`: lakes, rivers and sea on the eroded terrain (the world design, "Rivers, bounded maps").
//!
//! Phases: the flat-routing weights, the Priority-Flood of the whole map, flow directions and
//! accumulation of the mountain runoff, then the water itself — sea below `sea_level`, lakes in
//! the depressions of the mountain pool that pass the filters, rivers where the accumulation
//! exceeds the threshold (carved by [`river_depth`], joined across diagonal steps, wider where
//! they gather much water) — the `Water` class for every wet cell, and finally the rendered water
//! surface (rivers never rising downstream) and the river widths.

use crate::algorithms::hydrology::queue::MAX_WEIGHT;
use crate::algorithms::hydrology::{
    accumulate, find_lakes, flow_directions, priority_flood, river_depth, river_surface,
    river_width, Flood, FloodOptions, HydrologyError, LakeMap, SurfaceRole, NO_RECEIVER,
};
use crate::algorithms::noise::fbm_row_resolved;
use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;
use crate::params::LakeFilter;
use crate::params::WaterParams;
use crate::stages::context::Context;
use crate::stages::landform::pool::MOUNTAIN_MIN_HEIGHT;
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

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

/// Drainage of a grid: the flood, every cell's receiver and accumulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Drainage {
    /// The filled surface and the flood order.
    pub flood: Flood,
    /// Downstream neighbour of every cell ([`NO_RECEIVER`](crate::algorithms::hydrology::NO_RECEIVER) at the
    /// border).
    pub receivers: Vec<u32>,
    /// Runoff cells upstream of every cell, itself included.
    pub accumulation: Vec<u32>,
}

/// Runoff: rain counts on mountain ground (above [`MOUNTAIN_MIN_HEIGHT`]); on the low ground it
/// soaks in, so rivers rise in the mountains.
pub fn runoff(grid: &Grid) -> Vec<bool> {
    grid.height
        .iter()
        .map(|&h| h > MOUNTAIN_MIN_HEIGHT)
        .collect()
}

/// Floods the grid's heights with meandering flats, routes the flow and accumulates the
/// [`runoff`], on cells of `cell_size` metres, the meanders `meander` metres long.
pub fn drainage(
    grid: &Grid,
    cell_size: f32,
    meander: f32,
    seed: u64,
) -> Result<Drainage, HydrologyError> {
    let (w, d) = (grid.width(), grid.depth());
    let weight = meander_weights(w, d, cell_size, meander, seed);
    let options = FloodOptions {
        flat_weight: Some(&weight),
        ..Default::default()
    };
    let flood = priority_flood(&grid.height, w, d, options)?;
    let receivers = flow_directions(&flood);
    let accumulation = accumulate(&flood, &receivers, &runoff(grid))?;
    Ok(Drainage {
        flood,
        receivers,
        accumulation,
    })
}

/// Sea: every cell whose filled level lies strictly below the sea level (the sea reaches it from
/// the border without rising above that level).
fn mark_sea(grid: &mut Grid, filled: &[f32], sea_level: f32) {
    for (i, &f) in filled.iter().enumerate() {
        if f < sea_level {
            grid.water[i] = WaterKind::Sea;
            grid.water_level[i] = sea_level;
        }
    }
}

/// Lakes: the depressions of the mountain pool that pass the filters, at their spill level. A
/// depression reaching the flat ground outside the pool stays dry: that ground is kept walkable,
/// its water soaks in.
fn mark_lakes(grid: &mut Grid, lakes: LakeMap) {
    for (i, &id) in lakes.id.iter().enumerate() {
        if id != 0 && grid.water[i] == WaterKind::Dry {
            grid.water[i] = WaterKind::Lake;
            grid.water_level[i] = lakes.lakes[id as usize - 1].level;
            grid.lake[i] = id;
        }
    }
    grid.lakes = lakes.lakes;
}

/// The rivers' settings on the map's lattice.
#[derive(Clone, Copy, Debug)]
struct Rivers {
    /// Runoff cells above which a cell carries a river ([`WaterParams::river_threshold`]): its
    /// depth and width grow from there.
    river_threshold: u32,
    /// Carving depth at the threshold, height units.
    river_depth: f32,
    /// Metres between neighbouring cells.
    cell_size: f32,
    /// The lowest a river bed is carved: the sea level where there is a sea (a river meets the
    /// sea at its level), else no limit.
    floor: f32,
}

impl Rivers {
    /// `height` carved down by `depth`, never below [`Rivers::floor`] (nor raised by it).
    fn bed(&self, height: f32, depth: f32) -> f32 {
        (height - depth).max(self.floor.min(height))
    }

    /// Whether a cell with accumulation `acc` holds a river the lattice resolves: above the
    /// threshold and at least half a cell wide ([`river_width_metres`]). A narrower river is
    /// not drawn: its water stays within the cell it runs through.
    fn resolved(&self, acc: u32) -> bool {
        acc > self.river_threshold
            && 2.0 * river_width_metres(acc, self.cell_size) >= self.cell_size
    }

    /// How deep the bed of a channel cell with accumulation `acc` is carved: the
    /// [`river_depth`] of its bed, averaged over the cell where the river is narrower than the
    /// cell, so that a cell sinks by the mean depth of the ground it holds at every cell size.
    fn carve(&self, acc: u32) -> f32 {
        let depth = river_depth(acc, self.river_threshold, self.river_depth);
        let width = river_width_metres(acc, self.cell_size);
        if width >= self.cell_size {
            depth
        } else {
            depth * (width / self.cell_size)
        }
    }
}

/// Rivers: dry cells whose accumulation exceeds the threshold, water at the ground (through a dry
/// depression too), the bed carved by [`Rivers::carve`].
fn mark_rivers(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    for (i, &acc) in drainage.accumulation.iter().enumerate() {
        if params.resolved(acc) && grid.water[i] == WaterKind::Dry {
            grid.water[i] = WaterKind::River;
            grid.water_level[i] = grid.height[i];
            grid.height[i] = params.bed(grid.height[i], params.carve(acc));
        }
    }
}

/// Rivers, continuity: where a river steps diagonally into water, the lower of the two cells
/// beside the step (the first on a tie) joins the river, so channels connect along their sides.
/// Its water lies between the levels of the step's ends and its bed is carved below that.
fn connect_diagonals(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let w = grid.width();
    for i in 0..grid.len() {
        let r = drainage.receivers[i];
        if grid.water[i] != WaterKind::River || r == NO_RECEIVER {
            continue;
        }
        let r = r as usize;
        let (x, z, rx, rz) = (i % w, i / w, r % w, r / w);
        if x == rx || z == rz || grid.water[r] == WaterKind::Dry {
            continue;
        }
        let (a, b) = (z * w + rx, rz * w + x);
        if grid.water[a] != WaterKind::Dry || grid.water[b] != WaterKind::Dry {
            continue;
        }
        let c = if grid.height[b] < grid.height[a] {
            b
        } else {
            a
        };
        let (lo, hi) = (grid.water_level[r], grid.water_level[i]);
        let level = grid.height[c].clamp(lo.min(hi), lo.max(hi));
        let acc = drainage.accumulation[i];
        grid.water[c] = WaterKind::River;
        grid.water_level[c] = level;
        grid.height[c] = params.bed(grid.height[c].min(level), params.carve(acc));
    }
}

/// Rivers: the length of the rivers' channels, metres: from each river cell the lattice resolves
/// as a channel, the step to the cell it drains into (a cell or a diagonal).
fn river_length(grid: &Grid, drainage: &Drainage, params: &Rivers) -> f64 {
    let w = grid.width();
    let cell = f64::from(params.cell_size);
    (0..grid.len())
        .filter(|&i| grid.water[i] == WaterKind::River && params.resolved(drainage.accumulation[i]))
        .map(|i| {
            let r = drainage.receivers[i];
            let diagonal = r != NO_RECEIVER && {
                let r = r as usize;
                i % w != r % w && i / w != r / w
            };
            if diagonal {
                cell * std::f64::consts::SQRT_2
            } else {
                cell
            }
        })
        .sum()
}

/// Rivers: the width of a river draining [`RIVER_REFERENCE_CATCHMENT`], metres. A river's width
/// grows with the square root of its catchment, as rivers' widths grow with the square root of
/// their discharge.
pub const RIVER_REFERENCE_WIDTH: f32 = 1.0;
/// Rivers: see [`RIVER_REFERENCE_WIDTH`], square metres.
pub const RIVER_REFERENCE_CATCHMENT: f32 = 200.0;

/// Rivers: the width in metres of a river draining `acc` runoff cells of `cell_size` metres:
/// `w = w₀·√(A/A₀)` with `A = acc·c²` (1 m for 200 m², 2 m for 800 m², 40 m for 32 ha).
pub fn river_width_metres(acc: u32, cell_size: f32) -> f32 {
    let area = acc as f32 * cell_size * cell_size;
    RIVER_REFERENCE_WIDTH * (area / RIVER_REFERENCE_CATCHMENT).sqrt()
}

/// Rivers, width: the radius in cells of `cell_size` metres (0, 1 or 2) of the water around a
/// channel cell whose river is `width` metres wide: the cells whose centres lie within the
/// river's half width of the channel's edge.
fn river_radius(width: f32, cell_size: f32) -> i64 {
    ((width / (2.0 * cell_size)).floor() as i64).clamp(0, 2)
}

/// Rivers, width: the cells around a channel cell, nearest first (the disc of radius 2).
const WIDEN_OFFSETS: [(i64, i64); 12] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
    (0, -2),
    (-2, 0),
    (2, 0),
    (0, 2),
];

/// Rivers, width: around a large river's channel, the dry cells within its radius whose ground is
/// not above its water and that touch the river along a side join it, at its level, their beds
/// carved like the channel's. Channels are widened in cell order, nearest cells first; a cell
/// joins the first channel that claims it.
fn widen_rivers(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    let at = |x: i64, z: i64| (x >= 0 && z >= 0 && x < w && z < d).then(|| (z * w + x) as usize);
    for i in 0..grid.len() {
        let acc = drainage.accumulation[i];
        if grid.water[i] != WaterKind::River || !params.resolved(acc) {
            continue;
        }
        let r = river_radius(river_width_metres(acc, params.cell_size), params.cell_size);
        let (x, z) = ((i as i64) % w, (i as i64) / w);
        let level = grid.water_level[i];
        let depth = river_depth(acc, params.river_threshold, params.river_depth);
        for (dx, dz) in WIDEN_OFFSETS {
            let Some(n) = at(x + dx, z + dz).filter(|_| dx * dx + dz * dz <= r * r) else {
                continue;
            };
            let beside_river = [(0, -1), (-1, 0), (1, 0), (0, 1)].iter().any(|(ox, oz)| {
                at(x + dx + ox, z + dz + oz).is_some_and(|m| grid.water[m] == WaterKind::River)
            });
            if grid.water[n] == WaterKind::Dry && grid.height[n] <= level && beside_river {
                grid.water[n] = WaterKind::River;
                grid.water_level[n] = level;
                grid.height[n] = params.bed(grid.height[n], depth);
            }
        }
    }
}

/// Water cells become `Water` with a smooth surface (roughness 0).
fn classify_water(grid: &mut Grid) {
    let Grid {
        terrain,
        roughness,
        water,
        ..
    } = grid;
    for ((t, r), w) in terrain
        .iter_mut()
        .zip(roughness.iter_mut())
        .zip(water.iter())
    {
        if *w != WaterKind::Dry {
            *t = Terrain::Water;
            *r = 0.0;
        }
    }
}

/// Whether cell `i` is a river channel: a river cell whose own accumulation is above the threshold
/// (the cells joined to widen or connect a channel are not).
fn is_channel(grid: &Grid, drainage: &Drainage, rivers: &Rivers, i: usize) -> bool {
    grid.water[i] == WaterKind::River && rivers.resolved(drainage.accumulation[i])
}

/// Rendered surface and width: lakes and sea at their level; channels on the monotone
/// [`river_surface`] with their [`river_width`]; the other river cells (widened banks and diagonal
/// joins) take their water level clamped between the lowest and highest channel surface within
/// two cells, and the widest of those channels' widths.
fn surface_planes(grid: &mut Grid, drainage: &Drainage, params: &Rivers) {
    let t = params.river_threshold;
    let roles: Vec<SurfaceRole> = (0..grid.len())
        .map(|i| match grid.water[i] {
            WaterKind::Lake | WaterKind::Sea => SurfaceRole::Still(grid.water_level[i]),
            WaterKind::River if is_channel(grid, drainage, params, i) => {
                SurfaceRole::Channel(grid.water_level[i])
            }
            _ => SurfaceRole::Other,
        })
        .collect();
    let channels = river_surface(&roles, &drainage.receivers, &drainage.flood.order);
    let (w, d) = (grid.width() as i64, grid.depth() as i64);
    for i in 0..grid.len() {
        let (surface, width) = match (grid.water[i], channels[i]) {
            (WaterKind::Dry, _) => (0.0, 0.0),
            (WaterKind::River, Some(s)) => (s, river_width(drainage.accumulation[i], t)),
            (WaterKind::River, None) => {
                let (x, z) = (i as i64 % w, i as i64 / w);
                let (mut lo, mut hi, mut wide) = (f32::INFINITY, f32::NEG_INFINITY, 0.0f32);
                for (nx, nz) in (-2..=2).flat_map(|dz| (-2..=2).map(move |dx| (x + dx, z + dz))) {
                    if nx < 0 || nz < 0 || nx >= w || nz >= d {
                        continue;
                    }
                    let n = (nz * w + nx) as usize;
                    if let Some(s) = channels[n] {
                        (lo, hi) = (lo.min(s), hi.max(s));
                        wide = wide.max(river_width(drainage.accumulation[n], t));
                    }
                }
                let level = grid.water_level[i];
                let s = if lo <= hi { level.clamp(lo, hi) } else { level };
                (s, wide)
            }
            _ => (grid.water_level[i], 0.0),
        };
        grid.water_surface[i] = surface;
        grid.river_width[i] = width;
    }
}

/// The water layer: sea, lakes and rivers from the terrain's drainage. It writes
/// `max_accumulation` into the context's statistics.
#[derive(Clone, Copy, Debug)]
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
}

impl Hydrology {
    /// The layer for a seed and its parameters.
    pub fn new(seed: u64, params: WaterParams) -> Self {
        Hydrology {
            seed,
            params,
            local_sea: false,
            cell_size: 1.0,
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
        for i in 0..grid.len() {
            grid.water_surface[i] = match grid.water[i] {
                WaterKind::Dry => 0.0,
                _ => grid.water_level[i],
            };
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
        let drainage = drainage(grid, self.cell_size, meander, self.seed)
            .map_err(|e| LayerError::Grid(e.to_string()))?;
        let max_acc = drainage.accumulation.iter().copied().max().unwrap_or(0);
        ctx.stats_mut().max_accumulation = max_acc;
        let sea_level = self.sea_level(grid);
        if sea_level > 0.0 {
            mark_sea(grid, &drainage.flood.filled, sea_level);
        }
        if self.params.lakes_enabled {
            let filter = LakeFilter {
                sea_level,
                ..self.params.lake_filter(self.cell_size)
            };
            let lakes = find_lakes(&grid.height, &drainage.flood, &filter, Some(&grid.pool))
                .map_err(|e| LayerError::Grid(e.to_string()))?;
            mark_lakes(grid, lakes);
        }
        let rivers = Rivers {
            river_threshold: self.params.river_threshold(self.cell_size),
            river_depth: self.params.river_depth,
            cell_size: self.cell_size,
            floor: if sea_level > 0.0 {
                sea_level
            } else {
                f32::NEG_INFINITY
            },
        };
        if self.params.rivers_enabled {
            mark_rivers(grid, &drainage, &rivers);
            connect_diagonals(grid, &drainage, &rivers);
            widen_rivers(grid, &drainage, &rivers);
            ctx.stats_mut().river_length = river_length(grid, &drainage, &rivers);
        }
        classify_water(grid);
        surface_planes(grid, &drainage, &rivers);
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
