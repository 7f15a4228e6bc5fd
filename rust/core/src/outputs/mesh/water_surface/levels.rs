//! Water levels of the water mesh: which cells carry water, at what level, and the level of every
//! cell corner.
//!
//! - A *surface cell* holds water: a `Water` cell at its rendered surface level
//!   ([`Grid::water_level`]), or, when biomes are on, a pool of standing water in a wetland or
//!   mangrove (see [`pool_level`]).
//! - A *ring cell* is a dry cell beside a surface cell (8-neighbourhood). The water continues over
//!   it so that the terrain, not the cell border, draws the shoreline.
//! - A corner touching surface cells takes the mean of their levels. A corner touching only ring
//!   cells takes the lowest level of those ring cells (each the lowest of its wet corners), held at
//!   or below the ground at that corner, so the water never ends above the ground.

use crate::algorithms::noise::fbm;
use crate::data::grid::{Grid, Terrain};
use crate::data::water::WaterKind;
use crate::params::MeshParams;
use crate::stages::biomes::Biome;

/// What kind of water a cell of the water mesh shows (it picks the colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// A lake or the sea: still, clear water.
    Still,
    /// A river.
    River,
    /// A shallow wetland pool: murky standing water.
    Pool,
}

/// Wetland pools: the least weight of the wetland and mangrove biomes together for a cell to hold
/// pools (their blends into neighbouring biomes hold some too).
pub const POOL_MIN_WEIGHT: f32 = 0.3;
/// Wetland pools: frequency of the pool mask noise, per cell (pools a few cells across).
pub const POOL_SCALE: f32 = 0.11;
/// Wetland pools: octaves of the pool mask noise.
pub const POOL_OCTAVES: u32 = 3;
/// Wetland pools: seed of the pool mask noise.
pub const POOL_SEED: u32 = 0x5a17_0b0d;
/// Wetland pools: mask values above this hold water; the rest of the wetland is wet ground.
pub const POOL_THRESHOLD: f32 = 0.47;
/// Wetland pools: the mask value at which a pool reaches [`POOL_DEPTH_M`] above its floor.
pub const POOL_FULL: f32 = 0.62;
/// Wetland pools: the deepest pool on the smallest cells, in world units (metres) above the mean
/// ground around it.
pub const POOL_DEPTH_M: f32 = 0.6;
/// Wetland pools: extra depth per world unit of cell size (wetland ground rises up to a few
/// hundredths per unit, so larger cells need deeper pools to fill their hollows).
pub const POOL_DEPTH_PER_SIZE: f32 = 0.02;

/// Depth in world units of the deepest pool above the mean ground around it, for cells of
/// `cell_size` world units.
pub fn pool_depth(cell_size: f32) -> f32 {
    POOL_DEPTH_M + POOL_DEPTH_PER_SIZE * cell_size
}

/// Weight of the standing-water biomes (wetland and mangrove) in cell `i`; 0 when biomes are off.
pub fn standing_water_weight(grid: &Grid, i: usize) -> f32 {
    grid.biome_weights().get(i).map_or(0.0, |w| {
        w.ids
            .iter()
            .zip(&w.weights)
            .filter(|(id, _)| [Biome::Wetland as u8, Biome::Mangrove as u8].contains(id))
            .map(|(_, w)| *w)
            .sum()
    })
}

/// The level of the wetland pool on dry cell `(x, z)`, in height units, or `None` when the
/// wetland and mangrove weigh less than [`POOL_MIN_WEIGHT`] there (always with biomes off) or
/// the pool mask is below [`POOL_THRESHOLD`]. The pool lies up to [`pool_depth`] above the mean
/// height of the nine cells around it, deeper where the mask is higher, so the terrain's relief
/// leaves hummocks and banks between the pools.
pub fn pool_level(grid: &Grid, params: &MeshParams, x: usize, z: usize) -> Option<f32> {
    let i = grid.index(x, z);
    if grid.terrain[i] == Terrain::Water || standing_water_weight(grid, i) < POOL_MIN_WEIGHT {
        return None;
    }
    let mask = fbm(
        x as f32 * POOL_SCALE,
        z as f32 * POOL_SCALE,
        POOL_OCTAVES,
        POOL_SEED,
    );
    if mask <= POOL_THRESHOLD {
        return None;
    }
    let (w, d) = (grid.width(), grid.depth());
    let (mut sum, mut n) = (0.0f32, 0.0f32);
    for nz in z.saturating_sub(1)..(z + 2).min(d) {
        for nx in x.saturating_sub(1)..(x + 2).min(w) {
            sum += grid.height[grid.index(nx, nz)];
            n += 1.0;
        }
    }
    let share = ((mask - POOL_THRESHOLD) / (POOL_FULL - POOL_THRESHOLD)).min(1.0);
    Some(sum / n + share * pool_depth(params.cell_size) / params.height_scale)
}

/// The water of cell `(x, z)`: its level (height units), body and river width in metres, or `None`
/// for a dry cell without a pool.
pub fn cell_water(
    grid: &Grid,
    params: &MeshParams,
    x: usize,
    z: usize,
) -> Option<(f32, Body, f32)> {
    surface_water(grid, grid.index(x, z))
        .or_else(|| pool_level(grid, params, x, z).map(|l| (l, Body::Pool, 0.0)))
}

/// The water of grid cell `i` if it is a `Water` cell: its rendered surface, body and river width.
fn surface_water(grid: &Grid, i: usize) -> Option<(f32, Body, f32)> {
    if grid.terrain[i] != Terrain::Water {
        return None;
    }
    let body = match grid.water[i] {
        WaterKind::River => Body::River,
        _ => Body::Still,
    };
    Some((grid.water_level[i], body, grid.river_width[i]))
}

/// Reads the water of cells; the mesh builder reads precomputed planes, point queries compute it.
pub trait CellSource {
    /// Grid width.
    fn width(&self) -> usize;
    /// Grid depth.
    fn depth(&self) -> usize;
    /// The water of cell `(x, z)` (see [`cell_water`]).
    fn water(&self, x: usize, z: usize) -> Option<(f32, Body, f32)>;
}

/// Whether dry cell `(x, z)` is a ring cell: a surface cell lies in its 8-neighbourhood.
pub fn is_ring(src: &impl CellSource, x: usize, z: usize) -> bool {
    src.water(x, z).is_none() && first_wet_neighbour(src, x, z).is_some()
}

/// The first surface cell around `(x, z)` in row order of its 8-neighbourhood.
pub fn first_wet_neighbour(src: &impl CellSource, x: usize, z: usize) -> Option<(f32, Body, f32)> {
    let (w, d) = (src.width(), src.depth());
    for nz in z.saturating_sub(1)..(z + 2).min(d) {
        for nx in x.saturating_sub(1)..(x + 2).min(w) {
            if (nx, nz) != (x, z) {
                if let Some(water) = src.water(nx, nz) {
                    return Some(water);
                }
            }
        }
    }
    None
}

/// The cells sharing corner `(cx, cz)`, in row order.
fn corner_cells(w: usize, d: usize, cx: usize, cz: usize) -> impl Iterator<Item = (usize, usize)> {
    (cz.saturating_sub(1)..(cz + 1).min(d))
        .flat_map(move |z| (cx.saturating_sub(1)..(cx + 1).min(w)).map(move |x| (x, z)))
}

/// Mean level of the surface cells sharing corner `(cx, cz)`, or `None` when none does; exactly
/// their level when they all have the same (so lakes are exactly flat).
pub fn wet_corner(src: &impl CellSource, cx: usize, cz: usize) -> Option<f32> {
    let (mut sum, mut n) = (0.0f32, 0.0f32);
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    for (x, z) in corner_cells(src.width(), src.depth(), cx, cz) {
        if let Some((level, _, _)) = src.water(x, z) {
            sum += level;
            n += 1.0;
            (lo, hi) = (lo.min(level), hi.max(level));
        }
    }
    (n > 0.0).then(|| if lo == hi { lo } else { sum / n })
}

/// Level of ring cell `(x, z)`: the lowest level of its wet corners.
fn ring_level(src: &impl CellSource, x: usize, z: usize) -> Option<f32> {
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .iter()
        .filter_map(|(dx, dz)| wet_corner(src, x + dx, z + dz))
        .reduce(f32::min)
}

/// Level of corner `(cx, cz)` in height units (see the module documentation), or `None` when no
/// surface or ring cell touches it. `ground` gives the ground height at the corner, read only for
/// corners touching ring cells alone.
pub fn corner_level(
    src: &impl CellSource,
    cx: usize,
    cz: usize,
    ground: impl FnOnce() -> f32,
) -> Option<f32> {
    if let Some(level) = wet_corner(src, cx, cz) {
        return Some(level);
    }
    let ring = corner_cells(src.width(), src.depth(), cx, cz)
        .filter(|&(x, z)| is_ring(src, x, z))
        .filter_map(|(x, z)| ring_level(src, x, z))
        .reduce(f32::min)?;
    Some(ring.min(ground()))
}

/// Cell water computed from the grid on demand (for point queries).
pub struct OnDemand<'a> {
    /// The grid.
    pub grid: &'a Grid,
    /// The mesh settings (cell size and height scale).
    pub params: &'a MeshParams,
}

impl CellSource for OnDemand<'_> {
    fn width(&self) -> usize {
        self.grid.width()
    }
    fn depth(&self) -> usize {
        self.grid.depth()
    }
    fn water(&self, x: usize, z: usize) -> Option<(f32, Body, f32)> {
        cell_water(self.grid, self.params, x, z)
    }
}

/// Cell water of a whole grid for the mesh builder: the grid's own water cells, and the wetland
/// pools computed once (their noise is the costly part); with biomes off no cell holds a pool and
/// nothing is stored.
pub struct Planes<'a> {
    grid: &'a Grid,
    /// The pool level of every cell (NaN: no pool); empty when no cell can hold a pool.
    pools: Vec<f32>,
}

impl<'a> Planes<'a> {
    /// The water of every cell of `grid`.
    pub fn new(grid: &'a Grid, params: &MeshParams) -> Self {
        use rayon::prelude::*;
        crate::algorithms::threads::ensure_pool();
        let w = grid.width();
        let pools = if grid.biome_weights().is_empty() {
            Vec::new()
        } else {
            (0..grid.len())
                .into_par_iter()
                .map(|i| pool_level(grid, params, i % w, i / w).unwrap_or(f32::NAN))
                .collect()
        };
        Planes { grid, pools }
    }
}

impl CellSource for Planes<'_> {
    fn width(&self) -> usize {
        self.grid.width()
    }
    fn depth(&self) -> usize {
        self.grid.depth()
    }
    fn water(&self, x: usize, z: usize) -> Option<(f32, Body, f32)> {
        let i = z * self.grid.width() + x;
        if let Some(water) = surface_water(self.grid, i) {
            return Some(water);
        }
        let pool = *self.pools.get(i)?;
        (!pool.is_nan()).then_some((pool, Body::Pool, 0.0))
    }
}
