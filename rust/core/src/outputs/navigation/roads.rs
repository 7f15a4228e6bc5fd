//! Roads in the navigation mesh: a navigation mesh has no cost per polygon, so the road cells of
//! a region form a polygon set of their own ([`NavRegion::road`](super::NavRegion::road)), whose
//! travel cost is [`NavigationParams::road_cost`](super::NavigationParams::road_cost).
//!
//! Both sets come from the same lattice and the same erosion by the agent radius (the road is
//! ground like any other), split afterwards by cell, the quads of bridge decks
//! ([`super::decks`]) going with the road: every kept quad lands in exactly one of the two, and
//! their outlines run along the same lattice edges with the same vertices, which the navigation
//! map joins.

use super::NavRegion;
use crate::data::grid::Grid;

/// Whether each cell takes the road cost: the cells where a road runs (bed or bridge, as
/// [`crate::stages::settlements::is_road`] says), row by row; empty when the map has no road.
pub fn road_cells(grid: &Grid) -> Vec<bool> {
    if !grid.land_use().iter().any(|u| u.is_road()) {
        return Vec::new();
    }
    grid.land_use().iter().map(|u| u.is_road()).collect()
}

/// A 64-bit fingerprint of the road polygons of `regions` (xxh3 over each one's index and
/// polygons, little-endian bits), for the hash suite.
pub fn road_regions_hash(regions: &[NavRegion]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for (i, region) in regions.iter().enumerate() {
        let Some(road) = &region.road else { continue };
        h.update(&(i as u64).to_le_bytes());
        super::hash_polygons(&mut h, road);
    }
    h.digest()
}
