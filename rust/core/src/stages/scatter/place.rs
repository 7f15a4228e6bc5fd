//! Where the species stand: blue-noise candidates per world tile, then each candidate's biome,
//! species, limits and clustering.

use super::poisson::{self, PATTERNS};
use super::species::ramp;
use super::{Scatter, ScatterInstance, Species, VARIANTS};
use crate::algorithms::seed::mix64;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::biomes::Biome;
use rayon::prelude::*;

/// Side of a world tile, in cells.
pub const TILE: f64 = 16.0;
/// Smallest distance between two candidates of a tile, in cells.
pub const RADIUS: f32 = 1.0;
/// Wavelength of the clustering noise's first octave, in cells.
pub const CLUSTER_SCALE: f32 = 14.0;
/// Octaves of the clustering noise.
pub const CLUSTER_OCTAVES: u32 = 3;
/// The clustering noise's values that fade from clearing (below) to patch (above).
pub const CLUSTER_EDGE: (f32, f32) = (0.42, 0.56);
/// Slope (m/m) of a cliff: scree gathers within [`SCREE_REACH`] cells of one.
pub const CLIFF_SLOPE: f32 = 1.1;
/// How far from a cliff scree lies, in cells.
pub const SCREE_REACH: usize = 2;
/// Share of the candidates below a cliff that become scree.
pub const SCREE_DENSITY: f32 = 0.3;
/// Scale of a scree boulder against a boulder on open ground.
pub const SCREE_SCALE: f32 = 0.55;
/// Smallest and largest instance scale.
pub const SCALE_RANGE: (f32, f32) = (0.8, 1.25);

/// A blue-noise candidate point on the map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Its position in cell units of the map.
    pub position: [f32; 2],
    /// Its position in world cells (the map's origin over its cell size, plus the position).
    pub world: [f64; 2],
    /// Its key: a hash of the seed, its tile and its index there, from which its random numbers
    /// derive. Equal keys are the same point, whatever the map.
    pub key: u64,
}

/// The candidates of one row `tz` of world tiles over a `width × depth` map whose cell 0 lies at
/// world cell `origin`, in tile order, then pattern order.
fn tile_row(
    bank: &[Vec<[f32; 2]>],
    seed: u64,
    origin: [f64; 2],
    size: [usize; 2],
    tz: i64,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let tx0 = (origin[0] / TILE).floor() as i64;
    let tx1 = ((origin[0] + size[0] as f64) / TILE).floor() as i64;
    for tx in tx0..=tx1 {
        let tile = poisson::tile_key(seed, tx, tz);
        let pattern = &bank[(tile % PATTERNS as u64) as usize];
        for (k, p) in pattern.iter().enumerate() {
            let [u, v] = poisson::symmetry(*p, tile >> 8);
            let world = [
                (tx as f64 + f64::from(u)) * TILE,
                (tz as f64 + f64::from(v)) * TILE,
            ];
            let x = (world[0] - origin[0]) as f32;
            let z = (world[1] - origin[1]) as f32;
            if x >= 0.0 && z >= 0.0 && x < size[0] as f32 && z < size[1] as f32 {
                let key = mix64(tile ^ (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                out.push(Candidate {
                    position: [x, z],
                    world,
                    key,
                });
            }
        }
    }
    out
}

/// Rows of world tiles over the map.
fn tile_rows(origin: [f64; 2], depth: usize) -> std::ops::RangeInclusive<i64> {
    let tz0 = (origin[1] / TILE).floor() as i64;
    let tz1 = ((origin[1] + depth as f64) / TILE).floor() as i64;
    tz0..=tz1
}

/// Every candidate of a `width × depth` map whose cell 0 lies at world cell `origin`, for
/// `seed`: tile row by tile row. A point of a map is a point of every larger map covering it.
pub fn candidates(seed: u64, origin: [f64; 2], width: usize, depth: usize) -> Vec<Candidate> {
    let bank = poisson::bank(seed, (f64::from(RADIUS) / TILE) as f32);
    tile_rows(origin, depth)
        .flat_map(|tz| tile_row(&bank, seed, origin, [width, depth], tz))
        .collect()
}

/// `0.0..1.0` from 24 bits of `bits` starting at bit `shift`.
#[inline]
fn unit(bits: u64, shift: u32) -> f32 {
    ((bits >> shift) & 0xff_ffff) as f32 * (1.0 / 16_777_216.0)
}

/// What the placement reads of the map, per cell.
struct Planes {
    /// Slope, metres per metre.
    slope: Vec<f32>,
    /// Whether a cliff lies within [`SCREE_REACH`] cells (and the cell is no cliff itself).
    scree: Vec<bool>,
}

/// The slope of every cell, and where scree gathers.
fn planes(layer: &Scatter, grid: &Grid) -> Planes {
    let (w, d) = (grid.width(), grid.depth());
    let k = layer.height_scale / layer.cell_size;
    let mut slope = vec![0.0f32; grid.len()];
    slope.par_chunks_mut(w).enumerate().for_each(|(z, row)| {
        for (x, s) in row.iter_mut().enumerate() {
            let (gx, gz) = grid.gradient(x, z);
            *s = (gx * gx + gz * gz).sqrt() * k;
        }
    });
    let cliff: Vec<bool> = slope.iter().map(|s| *s >= CLIFF_SLOPE).collect();
    // Dilate the cliffs by SCREE_REACH cells: along x, then along z.
    let mut near_x = vec![false; grid.len()];
    near_x.par_chunks_mut(w).enumerate().for_each(|(z, row)| {
        for (x, n) in row.iter_mut().enumerate() {
            let lo = x.saturating_sub(SCREE_REACH);
            let hi = (x + SCREE_REACH).min(w - 1);
            *n = (lo..=hi).any(|i| cliff[z * w + i]);
        }
    });
    let mut scree = vec![false; grid.len()];
    scree.par_chunks_mut(w).enumerate().for_each(|(z, row)| {
        let lo = z.saturating_sub(SCREE_REACH);
        let hi = (z + SCREE_REACH).min(d - 1);
        for (x, s) in row.iter_mut().enumerate() {
            *s = !cliff[z * w + x] && (lo..=hi).any(|j| near_x[j * w + x]);
        }
    });
    Planes { slope, scree }
}

/// The instance a candidate grows, if any.
fn grow(grid: &Grid, planes: &Planes, cluster_seed: u32, c: &Candidate) -> Option<ScatterInstance> {
    let (x, z) = (c.position[0] as usize, c.position[1] as usize);
    let i = grid.index(x.min(grid.width() - 1), z.min(grid.depth() - 1));
    if grid.water[i] != WaterKind::Dry {
        return None;
    }
    if grid
        .land_use()
        .get(i)
        .is_some_and(|u| *u != crate::stages::settlements::LandUse::Open)
    {
        return None;
    }
    let a = mix64(c.key);
    let b = mix64(a ^ 0x6a09_e667_f3bc_c908);
    let (r_biome, r_species, r_accept) = (unit(a, 0), unit(a, 24), unit(b, 0));
    let (species, mut scale, limit) = if planes.scree[i] && unit(b, 24) < SCREE_DENSITY {
        (Species::Boulder, SCREE_SCALE, 1.0)
    } else {
        let weights = grid.biome_weights()[i];
        let dominant = Biome::from_id(weights.dominant())?;
        let biome = pick(weights.iter(), r_biome)?;
        let veg = Biome::from_id(biome)?.vegetation();
        let species = pick(veg.species.iter().copied(), r_species)?;
        if species.is_tree() && !dominant.grows_trees() {
            return None;
        }
        let tolerance = species.tolerance(planes.slope[i], grid.moisture[i], grid.temperature[i]);
        let cluster = if veg.clumping > 0.0 {
            let n = crate::algorithms::noise::fbm(
                (c.world[0] as f32) / CLUSTER_SCALE,
                (c.world[1] as f32) / CLUSTER_SCALE,
                CLUSTER_OCTAVES,
                cluster_seed,
            );
            1.0 - veg.clumping + veg.clumping * ramp(CLUSTER_EDGE.0, CLUSTER_EDGE.1, n)
        } else {
            1.0
        };
        (species, 1.0, tolerance * cluster)
    };
    if r_accept >= limit {
        return None;
    }
    let c2 = mix64(b ^ 0xbb67_ae85_84ca_a73b);
    let (lo, hi) = SCALE_RANGE;
    scale *= lo + (hi - lo) * unit(c2, 0);
    Some(ScatterInstance {
        species,
        position: c.position,
        yaw: unit(c2, 24) * core::f32::consts::TAU,
        scale,
        variant: ((c2 >> 48) % u64::from(VARIANTS)) as u8,
    })
}

/// The item whose share of `0..1` (shares laid end to end, in order) holds `r`; `None` past the
/// last share.
fn pick<T>(items: impl Iterator<Item = (T, f32)>, r: f32) -> Option<T> {
    let mut end = 0.0;
    for (item, share) in items {
        end += share;
        if r < end {
            return Some(item);
        }
    }
    None
}

/// The instances of a grid with biome weights, tile row by tile row (the same list on every
/// thread count).
pub fn place(layer: &Scatter, grid: &Grid) -> Vec<ScatterInstance> {
    let planes = planes(layer, grid);
    let bank = poisson::bank(layer.seed, (f64::from(RADIUS) / TILE) as f32);
    let cluster_seed = crate::algorithms::seed::derive32(layer.seed, "scatter-cluster");
    let size = [grid.width(), grid.depth()];
    let rows: Vec<i64> = tile_rows(layer.origin, size[1]).collect();
    let per_row: Vec<Vec<ScatterInstance>> = rows
        .par_iter()
        .map(|&tz| {
            tile_row(&bank, layer.seed, layer.origin, size, tz)
                .iter()
                .filter_map(|c| grow(grid, &planes, cluster_seed, c))
                .collect()
        })
        .collect();
    per_row.concat()
}
