//! Buildings: one per lot, its footprint the lot shrunk by the district's setback, its height
//! from a density field that peaks downtown plus seeded noise, its style from the district.
//!
//! The density field is `density · exp(−(d / 0.35·radius)²)` at distance `d` from the centre.
//! - **Tower** (downtown): `3 + ⌊14 · field · (0.6 + 0.8·u)⌋` storeys with `u` uniform in
//!   `0..1`, flat roof.
//! - **House** (residential): 1 storey, or 2 with probability `0.3 + 0.5 · field`; a pitched roof
//!   whose ridge runs along the footprint's long side, rising `0.7` (≈35°) per unit of half depth.
//! - **Shed** (industrial): `1.5 + u` storeys, wide, with a shallow pitched roof (`0.2`).
//!
//! Heights are converted from cells into ground height units with the site's vertical scale. A
//! lot whose outline (with near-collinear vertices and very short edges removed) cannot take
//! the setback (nor a half or a quarter of it) gets no building.

use super::geom::{centroid, inset, min_area_obb, nested, simplify};
use super::{v2, Building, District, Ground, Lot, TownSite};
use crate::algorithms::seed;
use glam::Vec2;
use rand::Rng;

/// A building's style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// A tall block with a flat roof.
    Tower,
    /// A small house with a pitched roof.
    House,
    /// A wide, low hall with a shallow roof.
    Shed,
}

impl Style {
    /// The style of a district's buildings.
    pub fn of(district: District) -> Style {
        match district {
            District::Downtown => Style::Tower,
            District::Residential => Style::House,
            District::Industrial => Style::Shed,
        }
    }

    /// Distance from the lot's edge to the walls, metres: towers stand at the pavement, houses
    /// behind a front garden.
    pub fn setback(self) -> f32 {
        match self {
            Style::Tower => 1.0,
            Style::House => 3.0,
            Style::Shed => 2.5,
        }
    }

    /// Roof rise per unit of half depth (0: flat).
    pub fn pitch(self) -> f32 {
        match self {
            Style::Tower => 0.0,
            Style::House => 0.7,
            Style::Shed => 0.2,
        }
    }
}

/// The density field at `p`: `density` at the centre, fading with distance.
pub fn density_at(site: &TownSite, p: Vec2) -> f32 {
    let d = p.distance(v2(site.centre)) / (0.35 * site.radius.max(1e-3));
    site.density.clamp(0.0, 1.0) * libm::expf(-d * d)
}

/// The buildings of every lot that can hold one, in lot order.
pub fn raise(site: &TownSite, ground: &dyn Ground, lots: &[Lot]) -> Vec<Building> {
    lots.iter()
        .enumerate()
        .filter_map(|(i, lot)| raise_one(site, ground, lot, i as u32))
        .collect()
}

/// Tolerance of the lot outline's simplification before the setback, metres.
const SIMPLIFY: f32 = 0.5;

/// The lot's outline, simplified, shrunk by `setback` (or a half or a quarter of it when the
/// shape cannot take it) and checked to lie inside the lot.
fn footprint_of(lot: &[Vec2], setback: f32) -> Option<Vec<Vec2>> {
    let simple = simplify(lot, SIMPLIFY);
    [1.0, 0.5, 0.25]
        .iter()
        .find_map(|f| inset(&simple, &vec![setback * f; simple.len()]).filter(|fp| nested(fp, lot)))
}

/// The ground a building on `footprint` stands on: the lowest of the ground under its corners and
/// its centroid.
pub(super) fn base_of(ground: &dyn Ground, footprint: &[Vec2]) -> f32 {
    let c = centroid(footprint);
    footprint
        .iter()
        .chain(std::iter::once(&c))
        .map(|p| ground.height(p.x, p.y))
        .fold(f32::INFINITY, f32::min)
}

/// The building of lot number `index`, if its shape can take the setback.
fn raise_one(site: &TownSite, ground: &dyn Ground, lot: &Lot, index: u32) -> Option<Building> {
    let style = Style::of(lot.district);
    let ring: Vec<Vec2> = lot.polygon.iter().map(|&p| v2(p)).collect();
    let footprint = footprint_of(&ring, style.setback())?;
    let mut rng = seed::row_rng(site.seed, "town-buildings", u64::from(index));
    let u: f32 = rng.random_range(0.0..1.0);
    let c = centroid(&footprint);
    let field = density_at(site, c);
    let storeys = match style {
        Style::Tower => 3.0 + (14.0 * field * (0.6 + 0.8 * u)).floor(),
        Style::House => 1.0 + f32::from(u8::from(u < 0.3 + 0.5 * field)),
        Style::Shed => 1.5 + u,
    };
    let to_height = 1.0 / site.vertical_scale.max(1e-6);
    let roof = style.pitch() * min_area_obb(&footprint).half_short * to_height;
    let base = base_of(ground, &footprint);
    Some(Building {
        footprint: footprint.iter().map(|p| p.to_array()).collect(),
        base,
        height: storeys * site.storey * to_height,
        style,
        roof,
        lot: index,
    })
}
