//! Districts and lots.
//!
//! **Districts** are chosen per block from the block centroid's distance to the centre, as a
//! fraction `d` of the radius, and its bearing:
//! - *downtown* when `d < 0.5·density − 0.1` (no downtown below density 0.2);
//! - *industrial* when `d > 0.55` and the bearing lies within a seeded sector of half-angle
//!   `1.2·(density − 0.25)` radians (no industry below density 0.25): one industrial quarter on
//!   the town's edge, bigger in cities;
//! - *residential* everywhere else.
//!
//! **Lots** come from recursive oriented-bounding-box subdivision: a piece larger than 1.5 times
//! its district's [`target_area`](District::target_area) is cut across the long side of its smallest bounding box,
//! near the middle (a seeded offset of up to 15 % of the long side). A cut is kept only when every
//! resulting piece still fronts a street (has an edge on the block's outline); otherwise the
//! cut across the short side is tried, and when that fails too the piece stays whole as one
//! larger lot. So the lots of a block partition it exactly and every lot fronts a street.

use super::geom::{centroid, min_area_obb};
use super::split::{split, Piece};
use super::{v2, Block, Lot, TownSite};
use crate::algorithms::seed;
use glam::Vec2;
use rand::Rng;

/// Deepest recursion of the subdivision.
const MAX_DEPTH: u32 = 24;
/// Largest offset of a cut from the box's middle, as a fraction of the half side.
const CUT_JITTER: f32 = 0.3;

/// A block's district.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum District {
    /// The dense core: small lots, towers.
    Downtown,
    /// Houses with pitched roofs on medium lots.
    Residential,
    /// Wide low sheds on large lots.
    Industrial,
}

impl District {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            District::Downtown => "downtown",
            District::Residential => "residential",
            District::Industrial => "industrial",
        }
    }

    /// The lot area the subdivision aims for, square metres: a town house's plot downtown, a
    /// detached house's plot in the residential districts, a workshop's yard in the industrial
    /// quarter. Lots come out between about half and one and a half times this.
    pub fn target_area(self) -> f32 {
        match self {
            District::Downtown => 300.0,
            District::Residential => 450.0,
            District::Industrial => 1_500.0,
        }
    }
}

/// The district of a block with outline `polygon` (see the module's rules).
pub fn district_of(site: &TownSite, polygon: &[Vec2]) -> District {
    let rel = centroid(polygon) - v2(site.centre);
    let d = rel.length() / site.radius.max(1e-3);
    if d < 0.5 * site.density - 0.1 {
        return District::Downtown;
    }
    let mut rng = seed::rng(site.seed, "town-districts");
    let bearing: f32 = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
    let half = 1.2 * (site.density - 0.25);
    let angle = libm::atan2f(rel.y, rel.x);
    let mut diff = (angle - bearing).abs();
    if diff > std::f32::consts::PI {
        diff = 2.0 * std::f32::consts::PI - diff;
    }
    if d > 0.55 && diff < half {
        District::Industrial
    } else {
        District::Residential
    }
}

/// The lots of every block, block by block.
pub fn subdivide(site: &TownSite, blocks: &[Block]) -> Vec<Lot> {
    let mut lots = Vec::new();
    for (b, block) in blocks.iter().enumerate() {
        let mut rng = seed::row_rng(site.seed, "town-lots", b as u64);
        let ring: Vec<Vec2> = block.polygon.iter().map(|&p| v2(p)).collect();
        let front = vec![true; ring.len()];
        let mut pieces = Vec::new();
        cut(
            Piece { ring, front },
            block.district.target_area(),
            0,
            &mut rng,
            &mut pieces,
        );
        lots.extend(pieces.into_iter().map(|p| Lot {
            polygon: p.ring.iter().map(|q| q.to_array()).collect(),
            block: b as u32,
            district: block.district,
        }));
    }
    lots
}

/// Cuts `piece` recursively into lots of about `target` square cells.
fn cut(piece: Piece, target: f32, depth: u32, rng: &mut rand_pcg::Pcg32, out: &mut Vec<Piece>) {
    let area = super::geom::signed_area(&piece.ring);
    if area <= 1.5 * target || depth >= MAX_DEPTH {
        out.push(piece);
        return;
    }
    let obb = min_area_obb(&piece.ring);
    let offset: f32 = rng.random_range(-CUT_JITTER..CUT_JITTER);
    let across_long = (
        obb.centre + obb.axis * (offset * obb.half_long),
        obb.axis.perp(),
    );
    let across_short = (
        obb.centre + obb.axis.perp() * (offset * obb.half_short),
        obb.axis,
    );
    for (origin, dir) in [across_long, across_short] {
        if let Some(parts) = split(&piece, origin, dir) {
            if parts.iter().all(Piece::touches_street) {
                for part in parts {
                    cut(part, target, depth + 1, rng, out);
                }
                return;
            }
        }
    }
    out.push(piece);
}
