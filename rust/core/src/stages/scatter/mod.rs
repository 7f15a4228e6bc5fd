//! Scatter (the world design's scatter): trees, shrubs, cacti and boulders on blue-noise points, when biomes are
//! on. The [`Scatter`] layer writes the grid's `scatter` list; [`meshes`] builds each species'
//! low-poly variants.
//!
//! Candidate points come from Poisson-disk patterns seeded per world tile ([`poisson`]), so they
//! stay put when the map grows or streams. A candidate becomes an instance with probability
//! biome weight × species density ([`crate::stages::biomes::vegetation`]) × the species' slope, moisture
//! and temperature limits × a clustering noise; its species comes from comparing a per-instance
//! random number with the cell's biome weights, so forest edges thin out instead of stopping.
//! With biomes off the list stays empty and the original design's forests are untouched.

pub mod meshes;
pub mod place;
pub mod poisson;
pub mod species;

pub use place::{candidates, Candidate, RADIUS, TILE};
pub use species::{Species, SpeciesInfo, SPECIES, SPECIES_COUNT};

use crate::data::grid::Grid;
use crate::params::GeneratorParams;
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};

/// Mesh variants per species.
pub const VARIANTS: u8 = 3;

/// One placed plant or rock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScatterInstance {
    /// The species.
    pub species: Species,
    /// Where it stands, in cell units: `x` along the width, `z` along the depth (cell `(i, j)`
    /// covers `[i, i + 1) × [j, j + 1)`).
    pub position: [f32; 2],
    /// Rotation about the vertical axis, radians in `[0, 2π)`.
    pub yaw: f32,
    /// Uniform scale of the species' mesh (1: the species' nominal height).
    pub scale: f32,
    /// Which of the species' [`VARIANTS`] meshes it shows.
    pub variant: u8,
}

impl ScatterInstance {
    /// The columns of its basis for cells of `cell` world units (rotation about y by the yaw, then
    /// the scale times the cell size), with `libm` trigonometry, equal on every platform.
    pub fn basis_columns(&self, cell: f32) -> [[f32; 3]; 3] {
        let (s, c) = (libm::sinf(self.yaw), libm::cosf(self.yaw));
        let k = self.scale * cell;
        [[c * k, 0.0, -s * k], [0.0, k, 0.0], [s * k, 0.0, c * k]]
    }
}

/// Instances per species, in id order.
pub fn counts(instances: &[ScatterInstance]) -> [usize; SPECIES_COUNT] {
    let mut out = [0; SPECIES_COUNT];
    for i in instances {
        out[i.species as usize] += 1;
    }
    out
}

/// A 64-bit fingerprint of a scatter list (little-endian bytes, xxh3).
pub fn hash(instances: &[ScatterInstance]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&(instances.len() as u64).to_le_bytes());
    for i in instances {
        h.update(&[i.species as u8, i.variant]);
        for v in [i.position[0], i.position[1], i.yaw, i.scale] {
            h.update(&v.to_bits().to_le_bytes());
        }
    }
    h.digest()
}

/// The scatter layer: places the species of the biomes when biomes are on.
#[derive(Clone, Copy, Debug)]
pub struct Scatter {
    /// Master seed.
    pub seed: u64,
    /// Whether biomes (and so the scatter) are on.
    pub enabled: bool,
    /// World x and z of cell 0, in cells (the map's origin over its cell size).
    pub origin: [f64; 2],
    /// Metres per cell.
    pub cell_size: f32,
    /// Metres per height unit.
    pub height_scale: f32,
}

impl Scatter {
    /// The layer of a parameter set.
    pub fn new(params: &GeneratorParams) -> Self {
        Self::framed(params, &crate::data::frame::MapFrame::of(params))
    }

    /// The layer of a parameter set laid out in `frame`.
    pub fn framed(params: &GeneratorParams, frame: &crate::data::frame::MapFrame) -> Self {
        let cell = f64::from(params.cell_size);
        let at = |origin: f32, offset: i64| match offset {
            0 => f64::from(origin) / cell,
            _ => f64::from(origin) / cell + offset as f64,
        };
        Scatter {
            seed: params.seed,
            enabled: params.biomes.enabled,
            origin: [
                at(params.origin_x, frame.offset_x),
                at(params.origin_z, frame.offset_z),
            ],
            cell_size: params.cell_size,
            height_scale: params.height_scale,
        }
    }
}

impl Layer for Scatter {
    fn name(&self) -> &str {
        "Scatter"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        grid.scatter_mut().clear();
        if !self.enabled || grid.biome_weights().len() != grid.len() || grid.is_empty() {
            return Ok(());
        }
        *grid.scatter_mut() = place::place(self, grid);
        Ok(())
    }
}

/// The plants and rocks on the grid, which this stage writes.
impl Grid {
    /// The plants and rocks placed on the terrain; empty when biomes are off.
    pub fn scatter(&self) -> &[ScatterInstance] {
        self.products
            .get::<Vec<ScatterInstance>>()
            .map_or(&[], Vec::as_slice)
    }

    /// The plants and rocks, for writing.
    pub fn scatter_mut(&mut self) -> &mut Vec<ScatterInstance> {
        self.products.get_or_default::<Vec<ScatterInstance>>()
    }
}
