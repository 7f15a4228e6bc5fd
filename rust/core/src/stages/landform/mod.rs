//! The height models beside the original design's pool: subdivision (the subdivision article) and continents (the world design's height),
//! and the [`LandTerrain`] layer that raises, fades and erodes their land.
//!
//! Both models make land around a sea. The grid's `pool` plane (where droplets run in the original design)
//! becomes the land above the model's sea level, so droplet erosion, lakes and rivers work on the
//! land as they work on the mountain pool; the sea level is recorded in `Grid::sea_level`.

pub mod continents;
pub mod erosion_lattice;
pub mod falloff;
pub mod landscape;
pub mod minstd;
pub mod paths;
pub mod pool;
pub mod pool_shape;
pub mod relief;
pub mod stamps;
pub mod subdivision;

pub use continents::{continents_of, Continents};

use crate::algorithms::erosion::MergeGuard;
use crate::algorithms::landscape::Scale;
use crate::algorithms::threads;
use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::data::heightmap::{image_heights, Heightmap, HeightmapError};
use crate::params::LakeFilter;
use crate::params::{
    GeneratorParams, HeightModel, ImageParams, LandscapeParams, SubdivisionParams, TerrainParams,
};
use crate::stages::context::Context;
use crate::stages::landform::pool::{classify_above, erode};
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;
use std::sync::Arc;

/// Land more than this share of `peak_height` above the sea is `Mountain`; lower land is `Grass`.
pub const MOUNTAIN_ABOVE_SEA: f32 = 0.25;
/// The edge falloff's floor lies this share of `peak_height` below the sea, so the border is sea.
pub const EDGE_SEA_DEPTH: f32 = 0.05;

/// The model that shapes a [`LandTerrain`].
#[derive(Clone, Debug, PartialEq)]
pub enum LandModel {
    /// The subdivision article.
    Subdivision(SubdivisionParams),
    /// The world design's height, laid out in the map's frame (boxed: its noise constants are large).
    Continents(Box<Continents>, MapFrame),
    /// An imported heightmap (`None`: none was given, which the layer reports as an error).
    Image(Option<Arc<Heightmap>>, ImageModel),
}

/// How the image model scales its heightmap (see [`crate::data::heightmap`]'s *Scales*).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageModel {
    /// The image model's parameters.
    pub params: ImageParams,
    /// Metres per height unit, for EXR samples.
    pub height_scale: f32,
}

/// Continents heights of every cell of a `width × depth` map in `frame`.
pub fn continents_heights(
    c: &Continents,
    frame: &MapFrame,
    width: usize,
    depth: usize,
) -> Vec<f32> {
    crate::algorithms::threads::ensure_pool();
    let mut height = vec![0.0f32; width * depth];
    height
        .par_chunks_mut(width.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(width.max(1)))
        .for_each(|(z, row)| {
            for (x, h) in row.iter_mut().enumerate() {
                let (wx, wz) = frame.world(x as f64, z as f64);
                *h = c.height(wx, wz);
            }
        });
    height
}

/// `Mountain` on land more than [`MOUNTAIN_ABOVE_SEA`] above the sea, else `Grass`; roughness
/// `sqrt(a/a_max) · clamp((h − sea)/(peak − sea), 0, 1)` on land, 0 in the sea.
pub fn classify_land(grid: &mut Grid, activity: &[f32], peak: f32) {
    let sea = grid.sea_level;
    let relief = (peak - sea).max(f32::EPSILON);
    classify_above(grid, activity, sea, MOUNTAIN_ABOVE_SEA * peak, relief);
}

/// The land layer of the subdivision and continents models: heights and sea level, the edge
/// falloff into the sea, the landscape evolution, droplet erosion of the land, classification.
#[derive(Clone, Debug)]
pub struct LandTerrain {
    /// Master seed.
    pub seed: u64,
    /// The model.
    pub model: LandModel,
    /// Peak height, droplet count and the erosion constants (coverage is not used).
    pub params: TerrainParams,
    /// Lakes droplets continue through (the lake-erosion article); `None`: plain erosion.
    pub lakes: Option<LakeFilter>,
    /// Width in cells (not necessarily whole) of the border over which land sinks into the sea (0:
    /// none).
    pub edge_falloff: f32,
    /// Metres between neighbouring cells.
    pub cell_size: f32,
    /// Biome shaping of the raw heights, when biomes are on.
    pub shaping: Option<crate::stages::biomes::shape::Shaping>,
    /// The designer's stamps, laid before erosion.
    pub stamps: stamps::Stamping,
    /// The landscape evolution of the land before the stamps and droplet erosion (off at age 0).
    pub landscape: LandscapeParams,
    /// Metres per height unit, for the landscape evolution.
    pub height_scale: f32,
}

impl LandTerrain {
    /// The layer of a parameter set whose model is subdivision, continents or image (`None` for
    /// pool); the image model has no heightmap (see [`Self::with_heightmap`]).
    pub fn new(params: &GeneratorParams) -> Option<Self> {
        Self::with_heightmap(params, None)
    }

    /// [`Self::new`], with the heightmap the image model raises.
    pub fn with_heightmap(
        params: &GeneratorParams,
        heightmap: Option<Arc<Heightmap>>,
    ) -> Option<Self> {
        Self::framed(params, heightmap, MapFrame::of(params))
    }

    /// [`Self::with_heightmap`] for a map laid out in `frame`.
    pub fn framed(
        params: &GeneratorParams,
        heightmap: Option<Arc<Heightmap>>,
        frame: MapFrame,
    ) -> Option<Self> {
        let model = match params.height_model {
            HeightModel::Pool => return None,
            HeightModel::Subdivision => LandModel::Subdivision(params.subdivision),
            HeightModel::Continents => {
                LandModel::Continents(Box::new(continents_of(params)), frame)
            }
            HeightModel::Image => LandModel::Image(
                heightmap,
                ImageModel {
                    params: params.image,
                    height_scale: params.height_scale,
                },
            ),
        };
        Some(LandTerrain {
            seed: params.seed,
            model,
            params: params.terrain,
            lakes: params.water.erosion_lakes(params.cell_size),
            edge_falloff: params.edge_falloff_width / params.cell_size,
            cell_size: params.cell_size,
            shaping: crate::stages::biomes::shape::Shaping::framed(params, frame),
            stamps: Default::default(),
            landscape: params.landscape,
            height_scale: params.height_scale,
        })
    }

    /// The heights and the sea level of a `width × depth` map.
    pub fn heights(&self, width: usize, depth: usize) -> (Vec<f32>, f32) {
        let peak = self.params.peak_height;
        match &self.model {
            LandModel::Subdivision(p) => {
                subdivision::subdivision_heights(width, depth, self.cell_size, self.seed, p, peak)
            }
            LandModel::Continents(c, frame) => {
                (continents_heights(c, frame, width, depth), c.sea_level())
            }
            LandModel::Image(map, m) => {
                let sea = m.params.sea_level * peak;
                let height = map.as_ref().map_or_else(
                    || vec![0.0; width * depth],
                    |map| image_heights(map, width, depth, peak, m.height_scale, m.params.stretch),
                );
                (height, sea)
            }
        }
    }
}

impl Layer for LandTerrain {
    fn name(&self) -> &str {
        match self.model {
            LandModel::Subdivision(_) => "Subdivision",
            LandModel::Continents(..) => "Continents",
            LandModel::Image(..) => "Image",
        }
    }

    fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
        self.params.validate()?;
        if let LandModel::Image(None, _) = self.model {
            return Err(LayerError::Grid(HeightmapError::Missing.to_string()));
        }
        let (width, depth) = (grid.width(), grid.depth());
        let (mut height, sea) = self.heights(width, depth);
        let peak = self.params.peak_height;
        let floor = (sea - EDGE_SEA_DEPTH * peak).max(0.0);
        falloff::apply(&mut height, width, depth, self.edge_falloff, floor);
        grid.height = height;
        grid.sea_level = sea;
        if let Some(shaping) = &self.shaping {
            shaping.apply(grid)?;
        }
        let scale = Scale {
            cell_m: self.cell_size,
            height_m: self.height_scale,
        };
        let size = (width, depth);
        landscape::carve_land(&mut grid.height, size, sea, &self.landscape, scale, ctx)?;
        let mut shaped = Vec::new();
        if !self.stamps.is_empty() {
            shaped = self.stamps.apply(grid);
        }
        grid.pool = grid.height.iter().map(|&h| h > sea).collect();
        ctx.check()?;
        let lakes = self.lakes.map(|f| LakeFilter {
            sea_level: f.sea_level.max(sea),
            ..f
        });
        let guard = MergeGuard::Land { sea_level: sea };
        let report = erode(
            grid,
            ctx,
            self.seed,
            &self.params,
            self.cell_size,
            lakes,
            guard,
        )?;
        if self.landscape.is_on() {
            let domain = landscape::drained(&grid.pool, &shaped);
            landscape::drain_pits(&mut grid.height, size, &domain, &self.landscape);
        }
        classify_land(grid, &report.activity, peak);
        if let Some(shaping) = &self.shaping {
            shaping.keep_eroded(grid, &report.activity);
        }
        Ok(())
    }
}
