//! The landscape stage: between the height model and droplet erosion, the model's heights become
//! the envelope an uplift builds the land to, and the land is grown against its rivers and
//! slopes until it drains ([`crate::algorithms::landscape`]). Droplet erosion then runs on the
//! carved land as the detail pass, and the designer's stamps and paths are laid on it after the
//! stage, so a `lower` stamp or a crater keeps its closed basin on purpose.
//!
//! What drains the land: for the pool model, every cell outside the pool (the flat land stays
//! flat and walkable, and the mountains' rivers reach it); for the land models (subdivision,
//! continents, image), the sea (the cells whose level, filled from the map border, lies at or
//! below the sea level) and the map border. The land models see the sea as a flat at the sea
//! level, so no valley is carved below it, and the sea floor keeps its heights.
//!
//! At `landscape_age = 0` the stage does not run at all, not even its pit fill: every world
//! keeps the heights it had without the stage. Endless worlds skip it
//! ([`GeneratorParams::infinite_rules`](crate::params::GeneratorParams::infinite_rules)): their
//! tiles have no border to drain to that every tile agrees on.

use crate::algorithms::hydrology::{priority_flood, FloodOptions};
use crate::algorithms::landscape::{evolve_with, LandscapeSettings, Scale};
use crate::params::LandscapeParams;
use crate::stages::context::Context;
use crate::stages::pipeline::LayerError;

/// The progress the stage reports before each of its steps: none of the layer's own fraction,
/// which droplet erosion reports after it (the stage only polls the sink, so a cancel stops it
/// between two steps).
pub const STEP_PROGRESS: f32 = 0.0;

/// The evolution's settings of the parameters.
pub fn settings(params: &LandscapeParams) -> LandscapeSettings {
    LandscapeSettings {
        strength: params.strength,
        valley_width: params.valley_width,
        repose_angle: params.repose_angle,
        age: params.age,
    }
}

/// Evolves `height` (a `width × depth` map in height units, cells of `scale.cell_m` metres and
/// `scale.height_m` metres per height unit) with `params`; `fixed` cells keep their heights
/// and drain the land next to them. Nothing happens when the stage is off (age 0). Cancelled
/// through `ctx` between two steps, the heights are left as they were.
pub fn carve(
    height: &mut [f32],
    (width, depth): (usize, usize),
    params: &LandscapeParams,
    scale: Scale,
    fixed: &[bool],
    ctx: &mut Context,
) -> Result<(), LayerError> {
    if !params.is_on() || height.is_empty() {
        return Ok(());
    }
    let settings = settings(params);
    let evolved = evolve_with(height, width, depth, scale, &settings, Some(fixed), |_| {
        ctx.report(STEP_PROGRESS)
    })
    .ok_or(LayerError::Cancelled)?;
    height.copy_from_slice(&evolved);
    Ok(())
}

/// [`carve`] for the pool model: the flat land outside `pool` that drains to the map border
/// is the outlets ([`open_flats`]). Returns the land that evolved (every other cell; empty when
/// the stage is off), for [`drain_pits`].
pub fn carve_pool(
    height: &mut [f32],
    pool: &[bool],
    size: (usize, usize),
    params: &LandscapeParams,
    scale: Scale,
    ctx: &mut Context,
) -> Result<Vec<bool>, LayerError> {
    if !params.is_on() || height.is_empty() {
        return Ok(Vec::new());
    }
    let fixed = open_flats(height, pool, size);
    carve(height, size, params, scale, &fixed, ctx)?;
    Ok(fixed.iter().map(|&f| !f).collect())
}

/// The cells outside `pool` that lie in no closed depression (their level, filled from the map
/// border, is their own height): the flat land open to the border. A flat the mountains close
/// in all round is not among them: it evolves with the pool, and fills to its spill level as a
/// flat plain the mountains' rivers cross.
pub fn open_flats(height: &[f32], pool: &[bool], (width, depth): (usize, usize)) -> Vec<bool> {
    let options = FloodOptions {
        domain: None,
        flat_weight: None,
    };
    let flood = priority_flood(height, width, depth, options).expect("planes fit the map");
    (0..height.len())
        .map(|i| !pool[i] && flood.filled[i] <= height[i])
        .collect()
}

/// [`carve`] for the land models: the sea ([`sea_cells`]) and the map border are the outlets;
/// the land evolves on the sea's flat at `sea`, and the sea floor keeps its heights.
pub fn carve_land(
    height: &mut [f32],
    size: (usize, usize),
    sea: f32,
    params: &LandscapeParams,
    scale: Scale,
    ctx: &mut Context,
) -> Result<(), LayerError> {
    if !params.is_on() || height.is_empty() {
        return Ok(());
    }
    let fixed = sea_cells(height, size, sea);
    let mut land: Vec<f32> = height.iter().map(|&h| h.max(sea)).collect();
    carve(&mut land, size, params, scale, &fixed, ctx)?;
    for ((h, &l), &f) in height.iter_mut().zip(&land).zip(&fixed) {
        if !f {
            *h = l.max(sea);
        }
    }
    Ok(())
}

/// The sea of a map: the cells whose level, filled from the map border, lies at or below `sea`
/// (a basin below the sea level that spills above it is land, and drains).
pub fn sea_cells(height: &[f32], (width, depth): (usize, usize), sea: f32) -> Vec<bool> {
    let flood = priority_flood(
        height,
        width,
        depth,
        FloodOptions {
            domain: None,
            flat_weight: None,
        },
    )
    .expect("planes fit the map");
    flood.filled.iter().map(|&f| f <= sea).collect()
}

/// After droplet erosion, with the stage on: fills the pits the droplets' deposits left among
/// the `domain` cells (the land, less the ground the designer's stamps and paths moved, whose
/// basins stay closed on purpose), so the carved land still drains. Nothing happens when the
/// stage is off.
pub fn drain_pits(
    height: &mut [f32],
    (width, depth): (usize, usize),
    domain: &[bool],
    params: &LandscapeParams,
) {
    if !params.is_on() || height.is_empty() {
        return;
    }
    let options = FloodOptions {
        domain: Some(domain),
        flat_weight: None,
    };
    let flood = priority_flood(height, width, depth, options).expect("planes fit the map");
    height.copy_from_slice(&flood.filled);
}

/// The cells [`drain_pits`] fills: the land that evolved (for the pool model every cell but the
/// open flats, for the others the land above the sea) less the ground the designer's stamps and
/// paths moved (`shaped`, empty when none did).
pub fn drained(land: &[bool], shaped: &[bool]) -> Vec<bool> {
    land.iter()
        .enumerate()
        .map(|(i, &l)| l && !shaped.get(i).copied().unwrap_or(false))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn age_0_leaves_every_bit() {
        let (w, d) = (16, 12);
        let h: Vec<f32> = (0..w * d)
            .map(|i| ((i * 7919) % 101) as f32 / 100.0)
            .collect();
        let mut out = h.clone();
        let params = LandscapeParams {
            age: 0.0,
            ..Default::default()
        };
        let scale = Scale {
            cell_m: 1.0,
            height_m: 10.0,
        };
        let mut ctx = Context::default();
        carve_land(&mut out, (w, d), 0.2, &params, scale, &mut ctx).unwrap();
        let pool = vec![true; w * d];
        carve_pool(&mut out, &pool, (w, d), &params, scale, &mut ctx).unwrap();
        assert_eq!(out, h, "not even the pits are filled");
    }

    #[test]
    fn a_cancel_stops_the_stage_and_leaves_the_heights() {
        let (w, d) = (24, 24);
        let h: Vec<f32> = (0..w * d)
            .map(|i| ((i * 7919) % 101) as f32 / 100.0)
            .collect();
        let mut out = h.clone();
        let params = LandscapeParams {
            age: 1.0,
            ..Default::default()
        };
        let scale = Scale {
            cell_m: 2.0,
            height_m: 10.0,
        };
        let progress = crate::stages::progress::Progress::new(|_| false);
        let mut ctx = Context::new(progress);
        let result = carve_land(&mut out, (w, d), 0.1, &params, scale, &mut ctx);
        assert_eq!(result, Err(LayerError::Cancelled));
        assert_eq!(out, h);
        let mut ctx = Context::default();
        carve_land(&mut out, (w, d), 0.1, &params, scale, &mut ctx).unwrap();
        assert_ne!(out, h, "the stage on carves");
        let sea = sea_cells(&h, (w, d), 0.1);
        for i in 0..w * d {
            if sea[i] {
                assert_eq!(out[i], h[i], "the sea floor keeps its height");
            } else {
                assert!(out[i] >= 0.1, "no land carved below the sea");
            }
        }
    }

    #[test]
    fn a_basin_below_the_sea_that_spills_above_it_is_land() {
        // A 5 × 5 map: a border at 0 (sea at 0.5), a rim at 1 and a hole at 0.2 in the middle.
        let mut h = vec![1.0f32; 25];
        for (i, v) in h.iter_mut().enumerate() {
            let (x, z) = (i % 5, i / 5);
            if x == 0 || z == 0 || x == 4 || z == 4 {
                *v = 0.0;
            }
        }
        h[12] = 0.2;
        let sea = sea_cells(&h, (5, 5), 0.5);
        assert!(sea[0] && sea[4] && !sea[6] && !sea[12]);
    }
}
