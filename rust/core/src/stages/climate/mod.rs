//! Climate (the world design's climate fields): the five fields, and the [`Climate`] layer that lays temperature and
//! moisture on the grid for every height model.
//!
//! - Temperature: `sea_temperature + temperature_range · T(x, z) − 6.5 °C per 1000 m` of height
//!   above the model's sea level (metres from `height_scale`).
//! - Moisture: `0.5 + 0.5 · M(x, z)` minus the rain shadow, clamped to `[0, 1]`. The shadow looks
//!   [`SHADOW_STEPS`] steps upwind, against the wind direction: the more the ground there rises
//!   above this cell (nearer rises count more), the drier the cell, up to `rain_shadow` at
//!   [`SHADOW_RELIEF`] metres of relief.
//!
//! Positions are world metres, `origin + (offset + cell) · cell_size`, computed in `f64` (see
//! [`MapFrame`]), so a map whose origin lies on a larger map's cell lattice reproduces that map's
//! window bit for bit, and so does a tile of an endless world ([`crate::world`]).
//! Upwind samples that fall off the map read the height model there when it is a function of
//! position (continents), else the nearest edge cell.

pub mod fields;

pub use fields::{ClimateFields, Field, FieldSample};

use crate::algorithms::threads;
use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::params::{ClimateParams, GeneratorParams, HeightModel, WorldMode};
use crate::stages::context::Context;
use crate::stages::landform::continents::{continents_of, Continents};
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

/// The lapse rate: °C lost per metre of height.
pub const LAPSE_RATE: f32 = 6.5 / 1000.0;
/// Rain shadow: upwind samples per cell.
pub const SHADOW_STEPS: u32 = 8;
/// Rain shadow: metres between upwind samples (at feature scale 1).
pub const SHADOW_STEP: f64 = 200.0;
/// Rain shadow: metres of upwind relief that take the full `rain_shadow`.
pub const SHADOW_RELIEF: f32 = 600.0;

/// Temperature in °C from the temperature field and the height above sea level in metres.
pub fn temperature(params: &ClimateParams, field: f32, metres_above_sea: f32) -> f32 {
    params.sea_temperature + params.temperature_range * field
        - LAPSE_RATE * metres_above_sea.max(0.0)
}

/// Moisture in `[0, 1]` from the moisture field and the rain shadow in `[0, 1]`.
pub fn moisture(params: &ClimateParams, field: f32, shadow: f32) -> f32 {
    (0.5 + 0.5 * field - params.rain_shadow * shadow).clamp(0.0, 1.0)
}

/// The unit vector the wind blows along, `(x, z)`: 0° is +z, 90° is +x.
pub fn wind(params: &ClimateParams) -> (f64, f64) {
    let a = f64::from(params.wind_direction).to_radians();
    (libm::sin(a), libm::cos(a))
}

/// The shadow in `[0, 1]` of a cell at `here` metres, given the metres of ground at each upwind
/// step (nearest first): the largest rise above `here`, each weighted down linearly with its
/// distance, over [`SHADOW_RELIEF`].
pub fn shadow(here: f32, upwind: impl IntoIterator<Item = f32>) -> f32 {
    let mut rise = 0.0f32;
    for (k, h) in upwind.into_iter().enumerate() {
        let weight = 1.0 - k as f32 / SHADOW_STEPS as f32;
        rise = rise.max((h - here) * weight);
    }
    (rise / SHADOW_RELIEF).clamp(0.0, 1.0)
}

/// Temperature (°C) and moisture of flat ground at the sea level at a map position, metres from
/// the map's first cell: the climate fields alone, without height or rain shadow. This is what
/// the climate is off the map, where there is no terrain.
pub fn sea_level_climate(params: &GeneratorParams, x: f64, z: f64) -> (f32, f32) {
    let fields = ClimateFields::new(params.seed, params.climate.feature_scale);
    let frame = MapFrame::of(params);
    let s = fields.sample(frame.origin_x + x, frame.origin_z + z);
    (
        temperature(&params.climate, s.temperature, 0.0),
        moisture(&params.climate, s.moisture, 0.0),
    )
}

/// The climate layer: writes `temperature` and `moisture` on the finished terrain when a later
/// stage reads them ([`Climate::lays_planes`]); otherwise it leaves them empty, and
/// [`Climate::at`] or [`lay_climate`] compute the same values when asked.
#[derive(Clone, Copy, Debug)]
pub struct Climate {
    /// Whether the layer lays the planes: when biomes or settlements, which read them, are on,
    /// and on the tiles of an endless world (a tile's rain shadow reads the apron around it,
    /// which the tile alone does not hold). A bounded map without them skips the work (1.4 s of
    /// a 4096² default world's 6.2 s).
    pub lays_planes: bool,
    /// The fields.
    pub fields: ClimateFields,
    /// The parameters.
    pub params: ClimateParams,
    /// Where the map lies.
    pub frame: MapFrame,
    /// The height off the map, when the model is a function of position.
    pub continents: Option<Continents>,
}

impl Climate {
    /// The layer of a parameter set.
    pub fn new(params: &GeneratorParams) -> Self {
        Self::framed(params, MapFrame::of(params))
    }

    /// The layer of a parameter set laid out in `frame`.
    pub fn framed(params: &GeneratorParams, frame: MapFrame) -> Self {
        Climate {
            lays_planes: reads_climate(params) || params.world_mode == WorldMode::Infinite,
            fields: ClimateFields::new(params.seed, params.climate.feature_scale),
            params: params.climate,
            frame,
            continents: (params.height_model == HeightModel::Continents)
                .then(|| continents_of(params)),
        }
    }

    /// The height (height units) of integer cell `(x, z)`, on or off the map.
    fn height_at(&self, grid: &Grid, x: i64, z: i64) -> f32 {
        match self.continents {
            Some(c) if !grid.contains(x, z) => {
                let (wx, wz) = self.frame.world(x as f64, z as f64);
                c.height(wx, wz)
            }
            _ => grid.height_clamped(x, z),
        }
    }

    /// Bilinear height at fractional cell coordinates.
    fn height_bilinear(&self, grid: &Grid, x: f64, z: f64) -> f32 {
        let (fx, fz) = (x.floor(), z.floor());
        let (tx, tz) = ((x - fx) as f32, (z - fz) as f32);
        let (ix, iz) = (fx as i64, fz as i64);
        let h = |dx, dz| self.height_at(grid, ix + dx, iz + dz);
        let top = h(0, 0) + (h(1, 0) - h(0, 0)) * tx;
        let bottom = h(0, 1) + (h(1, 1) - h(0, 1)) * tx;
        top + (bottom - top) * tz
    }

    /// Temperature (°C) and moisture of cell `(x, z)` of a grid this climate's generation made:
    /// its planes' values where the grid holds them, else the values the layer lays on that cell,
    /// bit for bit.
    pub fn at(&self, grid: &Grid, x: usize, z: usize) -> (f32, f32) {
        if grid.has_climate() {
            let i = grid.index(x, z);
            return (grid.temperature[i], grid.moisture[i]);
        }
        self.cell(grid, x, z, wind(&self.params))
    }

    /// The temperature and moisture planes of a finished grid.
    pub fn planes(&self, grid: &Grid) -> (Vec<f32>, Vec<f32>) {
        crate::algorithms::threads::ensure_pool();
        let width = grid.width().max(1);
        let wind = wind(&self.params);
        let mut temperature = vec![0.0f32; grid.len()];
        let mut moisture = vec![0.0f32; grid.len()];
        temperature
            .par_chunks_mut(width)
            .zip(moisture.par_chunks_mut(width))
            .enumerate()
            .with_min_len(threads::min_rows(width))
            .for_each(|(z, (t_row, m_row))| {
                for (x, (t, m)) in t_row.iter_mut().zip(m_row.iter_mut()).enumerate() {
                    (*t, *m) = self.cell(grid, x, z, wind);
                }
            });
        (temperature, moisture)
    }

    /// Temperature and moisture of cell `(x, z)`.
    fn cell(&self, grid: &Grid, x: usize, z: usize, wind: (f64, f64)) -> (f32, f32) {
        let (wx, wz) = self.frame.world(x as f64, z as f64);
        let sample = self.fields.sample(wx, wz);
        let metres = |h: f32| (h - grid.sea_level) * self.frame.height_scale;
        let here = metres(grid.height[grid.index(x, z)]);
        let step = SHADOW_STEP * f64::from(self.params.feature_scale) / self.frame.cell_size;
        let upwind = (1..=SHADOW_STEPS).map(|k| {
            let d = f64::from(k) * step;
            metres(self.height_bilinear(grid, x as f64 - wind.0 * d, z as f64 - wind.1 * d))
        });
        let shade = if self.params.rain_shadow > 0.0 {
            shadow(here, upwind)
        } else {
            0.0
        };
        (
            temperature(&self.params, sample.temperature, here),
            moisture(&self.params, sample.moisture, shade),
        )
    }
}

impl Layer for Climate {
    fn name(&self) -> &str {
        "Climate"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        self.params.validate()?;
        (grid.temperature, grid.moisture) = if self.lays_planes {
            self.planes(grid)
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(())
    }
}

/// Whether a generation with `params` reads the climate planes: biomes (their classes, ground and
/// scatter) and settlements (their comfort) do; nothing else does.
pub fn reads_climate(params: &GeneratorParams) -> bool {
    params.biomes.enabled || params.settlements.enabled
}

/// Lays the temperature and moisture planes on a grid generated with `params` (in the frame of
/// [`MapFrame::of`]) that has none ([`Grid::has_climate`]), the values the climate layer lays when a
/// stage reads them; a grid with its planes is left as it is.
pub fn lay_climate(params: &GeneratorParams, grid: &mut Grid) {
    if !grid.has_climate() {
        (grid.temperature, grid.moisture) = Climate::new(params).planes(grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temperature_falls_with_the_lapse_rate() {
        let p = ClimateParams::default();
        let sea = temperature(&p, 0.0, 0.0);
        assert_eq!(sea, p.sea_temperature);
        assert!((temperature(&p, 0.0, 1000.0) - (sea - 6.5)).abs() < 1e-4);
        assert!((temperature(&p, 0.0, 2000.0) - (sea - 13.0)).abs() < 1e-4);
        assert_eq!(
            temperature(&p, 0.0, -300.0),
            sea,
            "the sea floor is not warmer"
        );
        assert_eq!(temperature(&p, 1.0, 0.0), sea + p.temperature_range);
    }

    #[test]
    fn shadow_grows_with_upwind_relief_and_fades_with_distance() {
        assert_eq!(shadow(100.0, [50.0, 80.0]), 0.0);
        let near = shadow(0.0, [300.0]);
        let far = shadow(0.0, [0.0, 0.0, 0.0, 0.0, 300.0]);
        assert!((near - 0.5).abs() < 1e-6, "{near}");
        assert!(far > 0.0 && far < near, "{far}");
        assert_eq!(shadow(0.0, [5000.0]), 1.0);
    }

    #[test]
    fn wind_points_along_its_direction() {
        let mut p = ClimateParams {
            wind_direction: 90.0,
            ..Default::default()
        };
        let (x, z) = wind(&p);
        assert!((x - 1.0).abs() < 1e-12 && z.abs() < 1e-12);
        p.wind_direction = 0.0;
        assert_eq!(wind(&p), (0.0, 1.0));
    }

    #[test]
    fn the_planes_are_laid_only_for_a_stage_that_reads_them() {
        let mut params = GeneratorParams {
            width: 24,
            depth: 16,
            ..Default::default()
        };
        let mut grid = Grid::new(24, 16);
        for (i, h) in grid.height.iter_mut().enumerate() {
            *h = (i % 7) as f32 * 0.1;
        }
        let mut skipped = grid.clone();
        Climate::new(&params)
            .apply(&mut skipped, &mut Context::default())
            .unwrap();
        assert!(!skipped.has_climate() && skipped.temperature.is_empty());
        params.settlements.enabled = true;
        let layer = Climate::new(&params);
        layer.apply(&mut grid, &mut Context::default()).unwrap();
        assert!(grid.has_climate());
        // Laid afterwards, or asked cell by cell, the climate is the same bits.
        params.settlements.enabled = false;
        let (t, m) = Climate::new(&params).at(&skipped, 5, 9);
        lay_climate(&params, &mut skipped);
        assert_eq!(skipped.temperature, grid.temperature);
        assert_eq!(skipped.moisture, grid.moisture);
        let i = grid.index(5, 9);
        assert_eq!(
            (t.to_bits(), m.to_bits()),
            (grid.temperature[i].to_bits(), grid.moisture[i].to_bits())
        );
    }

    /// A ridge across the wind dries the land behind it, not the land before it.
    #[test]
    fn the_lee_of_a_ridge_is_drier_than_its_windward_side() {
        let (w, d) = (60, 8);
        let mut grid = Grid::new(w, d);
        for z in 0..d {
            for x in 0..w {
                let i = grid.index(x, z);
                grid.height[i] = if (28..32).contains(&x) { 100.0 } else { 0.0 };
            }
        }
        let params = GeneratorParams {
            width: w as u32,
            depth: d as u32,
            cell_size: 50.0,
            height_scale: 10.0,
            ..Default::default()
        };
        let mut layer = Climate::new(&params);
        layer.lays_planes = true;
        layer.params.wind_direction = 90.0;
        layer.params.rain_shadow = 1.0;
        layer.apply(&mut grid, &mut Context::default()).unwrap();
        let mut calm = Grid::new(w, d);
        calm.height = grid.height.clone();
        layer.params.rain_shadow = 0.0;
        layer.apply(&mut calm, &mut Context::default()).unwrap();
        assert!(calm.moisture[w + 34] > 0.0);
        assert_eq!(grid.moisture[w + 34], 0.0, "the lee is dry");
        assert_eq!(grid.moisture[w + 20], calm.moisture[w + 20], "windward");
        // The ridge is cold: 1000 m above sea level.
        layer.params.temperature_range = 0.0;
        layer.apply(&mut calm, &mut Context::default()).unwrap();
        assert!((calm.temperature[w + 30] - (calm.temperature[w + 10] - 6.5)).abs() < 1e-4);
    }
}
