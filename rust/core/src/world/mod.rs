//! Endless worlds (`world_mode = infinite`): the world streamed in square tiles, each a pure
//! function of the parameters and its tile coordinates.
//!
//! # The lattice
//! World cell `(X, Z)` (whole numbers, any sign) lies at `origin + (X, Z) · cell_size` metres,
//! `origin` being the parameters' `origin_x`/`origin_z`. Tile `(x, z)` holds the world cells
//! `x·T ≤ X < (x + 1)·T` and `z·T ≤ Z < (z + 1)·T`, `T` = `tile_size`. A tile's frame keeps the
//! world's origin and counts its first cell as a whole-cell offset ([`MapFrame`]), computed in
//! `f64` from the tile coordinate: every cell lands on the same `f64` bits in every tile and in
//! every bounded map over the same lattice, whatever the cell size (an `f32` origin could not
//! represent most shifted origins).
//!
//! # What infinite mode turns off, and what it does instead
//! The stages that need a bounded map are off ([`GeneratorParams::infinite_rules`](crate::params::GeneratorParams::infinite_rules)): droplet erosion (its
//! droplets wander over the whole map), the landscape evolution (its rivers drain to the map
//! border: not yet supported on endless tiles, whatever `landscape_age`), Priority-Flood lakes and accumulation rivers (they
//! drain to the map border), and the edge falloff. Instead, the continents model's own carved
//! river valleys (the world design's noise rivers, `continents_river_width`) are the rivers, the sea is
//! every cell whose ground lies below the sea level, trees draw from a hash of their world
//! position, and colours are relative to `peak_height` rather than the map's highest cell.
//! `generate` with `world_mode = infinite` applies the same rules to a bounded window, which then
//! equals the same window of any tile.
//!
//! # The apron
//! A tile is generated with an apron of [`apron`] cells on every side and cropped: the stages
//! that read neighbours (the gradients, the coast's sea distance, the rain shadow upwind, the
//! biome shaping that reads all three) see the same cells as in a larger map, and the mesh's
//! border corners see the ring of cells beyond the tile. Each tile keeps its `(T + 1)²` corner
//! heights; the border row and column are shared with its neighbours, bit for bit.

pub mod crop;
mod stream;
mod streamer;
mod tile;

#[cfg(test)]
mod stream_tests;
#[cfg(test)]
mod streamer_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tile_tests;

pub use stream::{plan, Plan, TileSet};
pub use streamer::Streamer;
pub use tile::{generate_tile, height_at_world, Tile};

use crate::data::frame::MapFrame;
use crate::params::{GeneratorParams, WorldMode};
use crate::stages::biomes::classify::COAST_WIDTH;
use crate::stages::climate::{SHADOW_STEP, SHADOW_STEPS};

/// A tile of an endless world: tile `(x, z)` holds world cells `x·T..(x + 1)·T` along x and
/// `z·T..(z + 1)·T` along z (`T` = `tile_size`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileCoord {
    /// Tile column (along x).
    pub x: i32,
    /// Tile row (along z).
    pub z: i32,
}

impl TileCoord {
    /// The tile `(x, z)`.
    pub const fn new(x: i32, z: i32) -> Self {
        TileCoord { x, z }
    }

    /// The world cell of the tile's first cell, for tiles of `tile_size` cells.
    pub fn first_cell(self, tile_size: u32) -> (i64, i64) {
        let t = i64::from(tile_size);
        (i64::from(self.x) * t, i64::from(self.z) * t)
    }

    /// The larger of the column and row distances to `other`, in tiles.
    pub fn chebyshev(self, other: TileCoord) -> u32 {
        let dx = (i64::from(self.x) - i64::from(other.x)).unsigned_abs();
        let dz = (i64::from(self.z) - i64::from(other.z)).unsigned_abs();
        dx.max(dz).min(u64::from(u32::MAX)) as u32
    }
}

/// The parameters in infinite mode.
pub(crate) fn as_infinite(params: &GeneratorParams) -> GeneratorParams {
    GeneratorParams {
        world_mode: WorldMode::Infinite,
        ..*params
    }
}

/// Cells a path must cover to reach farther than the coast width: the depth at which the sea
/// distance that matters to the biomes (below [`COAST_WIDTH`]) no longer depends on where the
/// map ends (twice the width, plus one cell).
fn coast_reach(cell_size: f64) -> u32 {
    (2.0 * f64::from(COAST_WIDTH) / cell_size).ceil() as u32 + 1
}

/// Cells the rain shadow looks upwind, plus one for its bilinear sample (0 without a shadow).
fn shadow_reach(params: &GeneratorParams) -> u32 {
    if params.climate.rain_shadow <= 0.0 {
        return 0;
    }
    let metres = f64::from(SHADOW_STEPS) * SHADOW_STEP * f64::from(params.climate.feature_scale);
    (metres / f64::from(params.cell_size)).ceil() as u32 + 1
}

/// The apron, in cells, generated around a tile and cropped away: deep enough that every cell of
/// the tile and the ring of cells around it (for the mesh's border corners) comes out as in a
/// larger map.
///
/// Without biomes the heights are the continents function itself and only the gradients read a
/// neighbour: 2 cells. With biomes, the shaped heights are exact `s = coast reach` cells in (the
/// shaping reads the coast's sea distance and the gradient of the raw land), and the final
/// biomes read the sea distance, the gradient and the rain shadow of the shaped land from there:
/// `s + max(coast reach, shadow reach, 1) + 1`. The coast reach is `⌈2·90 m / cell_size⌉ + 1`,
/// the shadow reach `⌈8 · 200 m · climate_feature_scale / cell_size⌉ + 1` (0 without a rain
/// shadow).
pub fn apron(params: &GeneratorParams) -> u32 {
    if !params.biomes.enabled {
        return 2;
    }
    let coast = coast_reach(f64::from(params.cell_size));
    let shaped = coast.max(1);
    shaped + coast.max(shadow_reach(params)).max(1) + 1
}

/// The frame of the generated (apron-wrapped) map of tile `coord`: the world's origin, its first
/// cell `apron` cells before the tile's.
pub fn tile_frame(params: &GeneratorParams, coord: TileCoord) -> MapFrame {
    let a = i64::from(apron(params));
    let (x0, z0) = coord.first_cell(params.tile_size);
    MapFrame::at_cell(params, x0 - a, z0 - a)
}

/// The bounded parameter set of one tile: [`GeneratorParams::infinite_rules`](crate::params::GeneratorParams::infinite_rules) applied, `width = depth =
/// tile_size + 2·apron`, and `origin_x`/`origin_z` the world position of the generated map's
/// first cell rounded to `f32`.
///
/// The rounded origin is for showing where the tile lies; [`generate_tile`] lays the tile out
/// with the exact frame ([`tile_frame`]), whose cell positions are the world lattice's `f64`
/// bits. Where the shifted origin is an `f32` and the lattice sums are exact (a cell size and
/// origin in whole metres, say), `generate` of these parameters gives the same map.
pub fn tile_params(params: &GeneratorParams, coord: TileCoord) -> GeneratorParams {
    let side = params.tile_size + 2 * apron(params);
    let (ox, oz) = tile_frame(params, coord).world(0.0, 0.0);
    GeneratorParams {
        width: side,
        depth: side,
        origin_x: ox as f32,
        origin_z: oz as f32,
        ..as_infinite(params).infinite_rules()
    }
}
