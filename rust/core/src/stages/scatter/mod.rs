//! Scatter (the world design's scatter): trees, shrubs, cacti and boulders on blue-noise points, when biomes are
//! on. The [`Scatter`] layer writes the grid's `scatter` list; [`meshes`] builds each species'
//! low-poly variants.
//!
//! Each species has its own candidate points: Poisson-disk patterns seeded per world tile
//! ([`poisson`]) whose points lie the species' spacing apart (its crown width, metres), so they
//! stay put when the map grows or streams and a hectare holds the same candidates at every cell
//! size (up to [`place::CANDIDATE_BUDGET`] per cell). A candidate becomes an instance with
//! probability: the density of its species in a biome picked by the cell's biome weights
//! ([`crate::stages::biomes::vegetation`]) × the species' slope, moisture and temperature limits ×
//! a clustering noise, so forest edges thin out instead of stopping. Its height and crown width
//! are drawn in the species' ranges, metres.
//! With biomes off the list stays empty and the original design's forests are untouched.

pub mod meshes;
pub mod place;
pub mod poisson;
pub mod species;

pub use place::{candidates, Candidate, TILE};
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
    /// Its height, metres (within its species' [`SpeciesInfo::height`]).
    pub height: f32,
    /// The width of its crown (or of the rock), metres.
    pub crown: f32,
    /// Which of the species' [`VARIANTS`] meshes it shows.
    pub variant: u8,
}

impl ScatterInstance {
    /// The columns of its basis in metres: a unit mesh ([`meshes`]) stretched to its crown width
    /// across and its height up, then turned about y by the yaw, with `libm` trigonometry, equal
    /// on every platform. The same size at every cell size.
    pub fn basis_columns(&self) -> [[f32; 3]; 3] {
        let (s, c) = (libm::sinf(self.yaw), libm::cosf(self.yaw));
        let (k, h) = (self.crown, self.height);
        [[c * k, 0.0, -s * k], [0.0, h, 0.0], [s * k, 0.0, c * k]]
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
        for v in [i.position[0], i.position[1], i.yaw, i.height, i.crown] {
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
    /// World x and z of cell 0's corner, metres.
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
        let at = |origin: f32, offset: i64| f64::from(origin) + offset as f64 * cell;
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
