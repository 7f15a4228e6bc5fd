//! Where the species stand: blue-noise candidates per species and world tile, then each
//! candidate's biome, limits and clustering. Everything is measured in metres, so a hectare holds
//! the same plants at every cell size.

use super::poisson::{self, PATTERNS};
use super::species::ramp;
use super::{Scatter, ScatterInstance, Species, SPECIES_COUNT, VARIANTS};
use crate::algorithms::seed::{mix64, unit};
use crate::algorithms::threads;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::stages::biomes::Biome;
use rayon::prelude::*;

/// Side of a world tile, metres (more than twice the widest species' spacing).
pub const TILE: f64 = 64.0;
/// Most candidates of one species per cell: on cells so coarse that a closed stand of the species
/// would hold more, its candidates thin out to this many per cell (a level of detail that keeps
/// the work and the instances in proportion to the cells; each instance then stands for several).
pub const CANDIDATE_BUDGET: f64 = 8.0;
/// Wavelength of the clustering noise's first octave, metres.
pub const CLUSTER_SCALE: f32 = 80.0;
/// Octaves of the clustering noise.
pub const CLUSTER_OCTAVES: u32 = 3;
/// The clustering noise's values that fade from clearing (below) to patch (above).
pub const CLUSTER_EDGE: (f32, f32) = (0.42, 0.56);
/// Span over which the scatter measures slopes, metres (at least two cells): the ground a plant
/// or a rock stands on, the same at every cell size.
pub const SLOPE_SPAN: f32 = 8.0;
/// Slope (m/m) over [`SLOPE_SPAN`] of a cliff, where no scree stays.
pub const CLIFF_SLOPE: f32 = 1.1;
/// How far from steep ground scree lies, metres.
pub const SCREE_REACH: f32 = 10.0;
/// Slope (m/m) over twice [`SCREE_REACH`] of ground steep enough to shed scree.
pub const SCREE_SLOPE: f32 = 0.8;
/// Share of the boulder candidates below a cliff that become scree.
pub const SCREE_DENSITY: f32 = 0.3;
/// Size of the largest scree boulder, as a share of the way from the smallest boulder to the
/// largest.
pub const SCREE_SIZE: f32 = 0.5;
/// How far an instance's crown strays from its height's share of the species' crown range, as a
/// share of that range, either way.
pub const CROWN_JITTER: f32 = 0.15;

/// A blue-noise candidate point on the map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Its position in cell units of the map.
    pub position: [f32; 2],
    /// Its world position, metres.
    pub world: [f64; 2],
    /// Its key: a hash of the seed, the species, its tile and its index there, from which its
    /// random numbers derive. Equal keys are the same point, whatever the map.
    pub key: u64,
}

/// One species' candidate points: its pattern bank, the seed of its tiles and the share of its
/// candidates kept on the map's cells (below 1 past [`CANDIDATE_BUDGET`]).
struct Layer {
    species: Species,
    bank: Vec<Vec<[f32; 2]>>,
    seed: u64,
    keep: f32,
}

impl Layer {
    /// The layer of `species` for `seed` on cells of `cell` metres.
    fn new(seed: u64, species: Species, cell: f64) -> Layer {
        let seed = crate::algorithms::seed::derive(seed, species.name());
        let radius = f64::from(species.info().spacing()) / TILE;
        let bank = poisson::bank(seed, radius as f32);
        let points = bank.iter().map(Vec::len).sum::<usize>() as f64 / bank.len() as f64;
        let per_cell = points * cell * cell / (TILE * TILE);
        let keep = (CANDIDATE_BUDGET / per_cell.max(f64::MIN_POSITIVE)).min(1.0) as f32;
        Layer {
            species,
            bank,
            seed,
            keep,
        }
    }
}

/// Where the map lies: its origin (the world position of cell 0's corner), its cell and its size.
#[derive(Clone, Copy, Debug)]
struct Frame {
    origin: [f64; 2],
    cell: f64,
    size: [usize; 2],
}

impl Frame {
    /// The map's extent along axis `a`, metres from its origin.
    fn extent(&self, a: usize) -> f64 {
        self.size[a] as f64 * self.cell
    }
}

/// The candidates of one layer in row `tz` of world tiles, in tile order, then pattern order.
fn tile_row(layer: &Layer, frame: &Frame, tz: i64) -> Vec<Candidate> {
    let mut out = Vec::new();
    let tx0 = (frame.origin[0] / TILE).floor() as i64;
    let tx1 = ((frame.origin[0] + frame.extent(0)) / TILE).floor() as i64;
    let inv = 1.0 / frame.cell;
    for tx in tx0..=tx1 {
        let tile = poisson::tile_key(layer.seed, tx, tz);
        let pattern = &layer.bank[(tile % PATTERNS as u64) as usize];
        for (k, p) in pattern.iter().enumerate() {
            // Thinned first: past the budget most points are left out, and the test needs only
            // the point's key, not where it lies.
            let key = mix64(tile ^ (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            if layer.keep < 1.0 && unit(mix64(key ^ 0x3c6e_f372_fe94_f82b), 0) >= layer.keep {
                continue;
            }
            let [u, v] = poisson::symmetry(*p, tile >> 8);
            let world = [
                (tx as f64 + f64::from(u)) * TILE,
                (tz as f64 + f64::from(v)) * TILE,
            ];
            let x = ((world[0] - frame.origin[0]) * inv) as f32;
            let z = ((world[1] - frame.origin[1]) * inv) as f32;
            if x >= 0.0 && z >= 0.0 && x < frame.size[0] as f32 && z < frame.size[1] as f32 {
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
fn tile_rows(frame: &Frame) -> std::ops::RangeInclusive<i64> {
    let tz0 = (frame.origin[1] / TILE).floor() as i64;
    let tz1 = ((frame.origin[1] + frame.extent(1)) / TILE).floor() as i64;
    tz0..=tz1
}

/// Every candidate of `species` on a `width × depth` map of cells of `cell` metres whose cell 0
/// lies at world position `origin` (metres), for `seed`: tile row by tile row. A point of a map is
/// a point of every larger map of the same cell size covering it, and of every map of finer cells
/// up to [`CANDIDATE_BUDGET`].
pub fn candidates(
    seed: u64,
    species: Species,
    origin: [f64; 2],
    cell: f64,
    width: usize,
    depth: usize,
) -> Vec<Candidate> {
    let layer = Layer::new(seed, species, cell);
    let frame = Frame {
        origin,
        cell,
        size: [width, depth],
    };
    tile_rows(&frame)
        .flat_map(|tz| tile_row(&layer, &frame, tz))
        .collect()
}

/// What the placement reads of the map, per cell.
struct Planes {
    /// Slope, metres per metre.
    slope: Vec<f32>,
    /// Whether the ground within [`SCREE_REACH`] sheds scree (and the cell is no cliff itself).
    scree: Vec<bool>,
    /// The climate's moisture with the wetter banks of rivers the biomes stored
    /// ([`Grid::bank_moisture`]), as the biomes read it.
    moisture: Vec<f32>,
}

/// The slope (m/m) of every cell of `grid` over `span` metres (at least a cell either way): the
/// height difference between the cells half the span either way (clamped to the map).
fn slopes(layer: &Scatter, grid: &Grid, span: f32) -> Vec<f32> {
    let (w, d) = (grid.width(), grid.depth());
    let r = (0.5 * span / layer.cell_size).round().max(1.0) as usize;
    let mut slope = vec![0.0f32; grid.len()];
    slope
        .par_chunks_mut(w)
        .enumerate()
        .with_min_len(threads::min_rows(w))
        .for_each(|(z, row)| {
            let (z0, z1) = (z.saturating_sub(r), (z + r).min(d - 1));
            for (x, s) in row.iter_mut().enumerate() {
                let (x0, x1) = (x.saturating_sub(r), (x + r).min(w - 1));
                let along = |a: usize, b: usize, cells: usize| match cells {
                    0 => 0.0,
                    _ => (grid.height[b] - grid.height[a]) / cells as f32,
                };
                let gx = along(grid.index(x0, z), grid.index(x1, z), x1 - x0);
                let gz = along(grid.index(x, z0), grid.index(x, z1), z1 - z0);
                *s = (gx * gx + gz * gz).sqrt() * layer.height_scale / layer.cell_size;
            }
        });
    slope
}

/// The slope of every cell over [`SLOPE_SPAN`], where scree gathers (where the ground over
/// twice [`SCREE_REACH`] is as steep as a cliff, off the cliffs themselves) and the moisture.
/// Measured over spans of metres, the scree covers the same ground at every cell size.
fn planes(layer: &Scatter, grid: &Grid) -> Planes {
    let slope = slopes(layer, grid, SLOPE_SPAN);
    let wide = slopes(layer, grid, 2.0 * SCREE_REACH);
    let scree = (slope.par_iter().zip(&wide))
        .with_min_len(crate::algorithms::threads::min_cells())
        .map(|(s, w)| *s < CLIFF_SLOPE && *w >= SCREE_SLOPE)
        .collect();
    let bank = grid.bank_moisture();
    let moisture = grid
        .moisture
        .par_iter()
        .enumerate()
        .with_min_len(crate::algorithms::threads::min_cells())
        .map(|(i, m)| m + bank.get(i).copied().unwrap_or(0.0))
        .collect();
    Planes {
        slope,
        scree,
        moisture,
    }
}

/// The instance a candidate of `species` grows, if any.
fn grow(
    grid: &Grid,
    planes: &Planes,
    cluster_seed: u32,
    species: Species,
    c: &Candidate,
) -> Option<ScatterInstance> {
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
    let (r_biome, r_accept) = (unit(a, 0), unit(b, 0));
    let scree = species == Species::Boulder && planes.scree[i] && unit(b, 24) < SCREE_DENSITY;
    let (limit, largest) = if scree {
        (1.0, SCREE_SIZE)
    } else {
        let weights = grid.biome_weights()[i];
        let dominant = Biome::from_id(weights.dominant())?;
        if species.is_tree() && !dominant.grows_trees() {
            return None;
        }
        let biome = pick(weights.iter(), r_biome)?;
        let veg = Biome::from_id(biome)?.vegetation();
        let density = veg
            .species
            .iter()
            .find_map(|(s, d)| (*s == species).then_some(*d))?;
        let tolerance = species.tolerance(planes.slope[i], planes.moisture[i], grid.temperature[i]);
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
        (density * tolerance * cluster, 1.0)
    };
    if r_accept >= limit {
        return None;
    }
    let c2 = mix64(b ^ 0xbb67_ae85_84ca_a73b);
    let t = largest * unit(c2, 0);
    let info = species.info();
    let (height, _) = info.size_at(t);
    let (_, crown) = info.size_at(t + CROWN_JITTER * (2.0 * unit(c2, 24) - 1.0));
    Some(ScatterInstance {
        species,
        position: c.position,
        yaw: unit(mix64(c2), 0) * core::f32::consts::TAU,
        height,
        crown,
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

/// The instances of a grid with biome weights, tile row by tile row and species by species
/// within a row (the same list on every thread count).
pub fn place(layer: &Scatter, grid: &Grid) -> Vec<ScatterInstance> {
    let planes = planes(layer, grid);
    let cell = f64::from(layer.cell_size);
    let layers: Vec<Layer> = Species::ALL
        .par_iter()
        .map(|s| Layer::new(layer.seed, *s, cell))
        .collect();
    debug_assert_eq!(layers.len(), SPECIES_COUNT);
    let cluster_seed = crate::algorithms::seed::derive32(layer.seed, "scatter-cluster");
    let frame = Frame {
        origin: layer.origin,
        cell,
        size: [grid.width(), grid.depth()],
    };
    let rows: Vec<i64> = tile_rows(&frame).collect();
    let per_row: Vec<Vec<ScatterInstance>> = rows
        .par_iter()
        .map(|&tz| {
            (layers.iter())
                .flat_map(|l| {
                    tile_row(l, &frame, tz)
                        .into_iter()
                        .filter_map(|c| grow(grid, &planes, cluster_seed, l.species, &c))
                })
                .collect()
        })
        .collect();
    per_row.concat()
}
