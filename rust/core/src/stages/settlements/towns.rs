//! The inside of each settlement: a town grown by [`crate::stages::towns::grow_town`] on the levelled
//! site, its lots levelled, and the cells its streets and lots cover.

use super::habitability::Scale;
use super::Settlement;
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::params::SettlementParams;
use crate::stages::towns::{geom, grow_town, Town, TownSite};
use rayon::prelude::*;

/// Largest town radius of each tier (village, town, city) as a share of the hexagon radius, so
/// that a town keeps to its hexagon and its neighbours' (settlements are at least two hexagons
/// apart).
pub const TOWN_RADIUS_SHARE: [f32; 3] = [0.5, 0.8, 1.2];
/// Gross density of each tier (village, town, city), people per hectare of the town's disc,
/// streets and open ground included: a village of scattered houses, a town of houses and
/// terraces, a city of blocks (European towns and cities run from about 20 to over 100 people per
/// hectare).
pub const PEOPLE_PER_HECTARE: [f32; 3] = [15.0, 40.0, 90.0];
/// Square metres in a hectare.
const HECTARE: f32 = 10_000.0;
/// Density of each tier (village, town, city): sparse streets and houses to tight blocks and
/// towers.
pub const TOWN_DENSITY: [f32; 3] = [0.3, 0.6, 0.9];
/// Height of one storey, metres.
pub const STOREY_METRES: f32 = 3.0;

/// The radius in metres of a town of `population` people of tier `tier` (an index into
/// [`PEOPLE_PER_HECTARE`]): the disc that holds them at the tier's gross density, at most
/// [`TOWN_RADIUS_SHARE`] of `hex_radius` (metres).
pub fn town_radius(population: u32, tier: usize, hex_radius: f32) -> f32 {
    let area = population as f32 / PEOPLE_PER_HECTARE[tier] * HECTARE;
    (area / std::f32::consts::PI)
        .sqrt()
        .min(hex_radius * TOWN_RADIUS_SHARE[tier])
}

/// The town site of a settlement.
pub fn site(s: &Settlement, params: &SettlementParams, scale: Scale, seed: u64) -> TownSite {
    let tier = s.tier as usize;
    let hex_radius = super::places::hex_radius(params, scale.cell_size);
    TownSite {
        centre: s.position,
        radius: town_radius(s.population, tier, hex_radius) / scale.cell_size,
        density: TOWN_DENSITY[tier],
        seed: crate::algorithms::seed::mix64(
            crate::algorithms::seed::derive(seed, "town") ^ u64::from(s.id),
        ),
        vertical_scale: scale.height_scale / scale.cell_size,
        max_grade: params.max_road_grade,
        storey: STOREY_METRES / scale.cell_size,
        cell_size: scale.cell_size,
    }
}

/// The towns of `sites` on `grid`, one per settlement in order (grown in parallel, each a pure
/// function of its site and the ground).
pub fn grow(
    grid: &Grid,
    sites: &[Settlement],
    params: &SettlementParams,
    scale: Scale,
    seed: u64,
) -> Vec<Town> {
    sites
        .par_iter()
        .map(|s| grow_town(&site(s, params, scale, seed), grid))
        .collect()
}

/// The dry cells whose centres lie inside `poly`, in row order.
fn cells_in(grid: &Grid, poly: &[[f32; 2]]) -> Vec<usize> {
    let pts: Vec<glam::Vec2> = poly.iter().map(|p| glam::Vec2::from_array(*p)).collect();
    let (lo, hi) = poly
        .iter()
        .fold(([f32::MAX; 2], [f32::MIN; 2]), |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1])],
                [hi[0].max(p[0]), hi[1].max(p[1])],
            )
        });
    let x0 = (lo[0].floor().max(0.0)) as usize;
    let z0 = (lo[1].floor().max(0.0)) as usize;
    let x1 = (hi[0].ceil().max(0.0) as usize).min(grid.width());
    let z1 = (hi[1].ceil().max(0.0) as usize).min(grid.depth());
    let mut out = Vec::new();
    for z in z0..z1 {
        for x in x0..x1 {
            let i = grid.index(x, z);
            let c = glam::Vec2::new(x as f32 + 0.5, z as f32 + 0.5);
            if grid.water[i] == WaterKind::Dry && geom::contains(&pts, c) {
                out.push(i);
            }
        }
    }
    out
}

/// Levels every lot to the mean height of the cells under it and seats its buildings there;
/// returns the lot cells.
pub fn level_lots(grid: &mut Grid, towns: &mut [Town]) -> Vec<bool> {
    let mut lot_cells = vec![false; grid.len()];
    for town in towns.iter_mut() {
        let mut levels = vec![None; town.lots.len()];
        for (k, lot) in town.lots.iter().enumerate() {
            let cells = cells_in(grid, &lot.polygon);
            if cells.is_empty() {
                continue;
            }
            let sum: f64 = cells.iter().map(|&i| f64::from(grid.height[i])).sum();
            let level = (sum / cells.len() as f64) as f32;
            for &i in &cells {
                grid.height[i] = level;
                lot_cells[i] = true;
            }
            levels[k] = Some(level);
        }
        for b in &mut town.buildings {
            if let Some(level) = levels.get(b.lot as usize).copied().flatten() {
                b.base = level;
            }
        }
    }
    lot_cells
}

/// The cells the towns' streets pass through (sampled every half cell along each street).
pub fn street_cells(grid: &Grid, towns: &[Town]) -> Vec<bool> {
    let mut out = vec![false; grid.len()];
    for street in towns.iter().flat_map(|t| &t.streets) {
        for w in street.points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            let steps = (len * 2.0).ceil().max(1.0) as usize;
            for s in 0..=steps {
                let t = s as f32 / steps as f32;
                let (x, z) = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
                if x >= 0.0
                    && z >= 0.0
                    && (x as usize) < grid.width()
                    && (z as usize) < grid.depth()
                {
                    let i = grid.index(x as usize, z as usize);
                    if grid.water[i] == WaterKind::Dry {
                        out[i] = true;
                    }
                }
            }
        }
    }
    out
}

/// The cells a building stands on, `z * width + x`: those whose centre lies inside a footprint,
/// and those holding a corner of one (so that no building slips between cell centres). Empty
/// when the grid has no buildings.
pub fn building_cells(grid: &Grid) -> Vec<bool> {
    let buildings = || grid.towns().iter().flat_map(|t| &t.buildings);
    if buildings().next().is_none() {
        return Vec::new();
    }
    let (w, d) = (grid.width(), grid.depth());
    let mut out = vec![false; w * d];
    let cell = |v: f32, n: usize| (v.max(0.0) as usize).min(n.saturating_sub(1));
    for b in buildings() {
        let ring: Vec<glam::Vec2> = b
            .footprint
            .iter()
            .map(|p| glam::Vec2::from_array(*p))
            .collect();
        let (lo, hi) = ring.iter().fold(
            (
                glam::Vec2::splat(f32::INFINITY),
                glam::Vec2::splat(f32::NEG_INFINITY),
            ),
            |(lo, hi), p| (lo.min(*p), hi.max(*p)),
        );
        if !(lo.is_finite() && hi.is_finite()) {
            continue;
        }
        for z in cell(lo.y, d)..=cell(hi.y, d) {
            for x in cell(lo.x, w)..=cell(hi.x, w) {
                let centre = glam::Vec2::new(x as f32 + 0.5, z as f32 + 0.5);
                if geom::contains(&ring, centre) {
                    out[z * w + x] = true;
                }
            }
        }
        for p in &ring {
            out[cell(p.y, d) * w + cell(p.x, w)] = true;
        }
    }
    out
}
