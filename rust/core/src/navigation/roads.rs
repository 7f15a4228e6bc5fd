//! Roads in the navigation mesh: a navigation mesh has no cost per polygon, so the road cells of a
//! region are baked as a region of their own, whose travel cost is
//! [`NavigationParams::road_cost`](super::NavigationParams::road_cost).
//!
//! The two bakes of a region must meet edge to edge, with no gap for the agent radius between
//! them. Both keep the road's neighbourhood in their source geometry, so that the baker's erosion
//! by the agent radius never bites along the line between them, and each cuts the other's cells
//! out afterwards with rectangles the baker removes *after* that erosion (Godot's carving
//! projected obstructions):
//!
//! * the ground region keeps its source geometry and carves out the road cells of its chunk
//!   ([`RoadRegion::road_runs`]);
//! * the road region is baked from the walkable cells within the margin
//!   ([`margin_cells`](super::margin_cells)) of a road cell ([`RoadRegion::geometry`]) and carves
//!   out the other cells of the chunk ([`RoadRegion::other_runs`]).
//!
//! Both are baked in the region's box ([`NavRegion::bake_box`](super::NavRegion::bake_box)), so
//! the baker's voxel grid has one origin for both. The cuts follow cell edges: every voxel lands
//! in exactly one of the two regions, and their outlines run along the same cell edges, which the
//! navigation map joins (merging edges whose ends coincide, connecting the others within its
//! `edge_connection_margin`).

use super::{margin_cells, walkable_geometry_where, CellRect, NavGeometry};
use crate::grid::Grid;
use crate::mesh::MeshParams;

/// The road cells of one navigation region, baked as a region of their own in the same box as
/// the region ([`NavRegion::bake_box`](super::NavRegion::bake_box)).
#[derive(Clone, Debug, PartialEq)]
pub struct RoadRegion {
    /// The smallest rectangle holding the road cells of the parent region's own cells.
    pub cells: CellRect,
    /// [`cells`](Self::cells) grown by the margin (within the map): the rectangle its source
    /// geometry covers.
    pub source: CellRect,
    /// The walkable triangles of the cells of [`source`](Self::source) within the margin of a
    /// road cell of [`cells`](Self::cells) (a square of side `2 margin + 1` cells around it).
    pub geometry: NavGeometry,
    /// The road cells of the parent region's own cells, as runs along x (one row each): carved
    /// out of the parent (ground) region.
    pub road_runs: Vec<CellRect>,
    /// The other cells of the parent region's own cells that [`geometry`](Self::geometry)
    /// covers, as runs along x: carved out of the road region.
    pub other_runs: Vec<CellRect>,
}

/// Whether each cell takes the road cost: the cells where a road runs (bed or bridge, as
/// [`crate::settlements::is_road`] says), row by row; empty when the map has no road.
pub fn road_cells(grid: &Grid) -> Vec<bool> {
    if !grid.land_use.iter().any(|u| u.is_road()) {
        return Vec::new();
    }
    grid.land_use.iter().map(|u| u.is_road()).collect()
}

/// The runs along x of the cells of `rect` for which `keep` holds: one rectangle one cell deep per
/// run, row by row.
pub fn runs(rect: CellRect, keep: impl Fn(usize, usize) -> bool) -> Vec<CellRect> {
    let mut out = Vec::new();
    for z in rect.z0..rect.z1 {
        let mut start = None;
        for x in rect.x0..=rect.x1 {
            let inside = x < rect.x1 && keep(x, z);
            match (inside, start) {
                (true, None) => start = Some(x),
                (false, Some(x0)) => {
                    out.push(CellRect {
                        x0,
                        x1: x,
                        z0: z,
                        z1: z + 1,
                    });
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// The smallest rectangle holding the cells of `rect` for which `keep` holds, or `None`.
fn bounds(rect: CellRect, keep: impl Fn(usize, usize) -> bool) -> Option<CellRect> {
    let mut out: Option<CellRect> = None;
    for z in rect.z0..rect.z1 {
        for x in (rect.x0..rect.x1).filter(|&x| keep(x, z)) {
            let b = out.get_or_insert(CellRect {
                x0: x,
                x1: x + 1,
                z0: z,
                z1: z + 1,
            });
            b.x0 = b.x0.min(x);
            b.x1 = b.x1.max(x + 1);
            b.z1 = z + 1;
        }
    }
    out
}

/// `mask` (over `rect`, row by row) dilated by `reach` cells along both axes (a square of side
/// `2 reach + 1` around each marked cell), by two running counts.
fn dilated(mask: &[bool], rect: CellRect, reach: usize) -> Vec<bool> {
    let (w, d) = (rect.x1 - rect.x0, rect.z1 - rect.z0);
    let pass = |src: &[bool], len: usize, lines: usize, at: &dyn Fn(usize, usize) -> usize| {
        let mut out = vec![false; src.len()];
        for line in 0..lines {
            let mut prefix = vec![0u32; len + 1];
            for k in 0..len {
                prefix[k + 1] = prefix[k] + src[at(line, k)] as u32;
            }
            for k in 0..len {
                let (lo, hi) = (k.saturating_sub(reach), (k + reach + 1).min(len));
                out[at(line, k)] = prefix[hi] > prefix[lo];
            }
        }
        out
    };
    let rows = pass(mask, w, d, &|z, x| z * w + x);
    pass(&rows, d, w, &|x, z| z * w + x)
}

/// The road region of the region owning the cells `own` (its source geometry built from the map's
/// corner heights `heights` and building mask `built`, as [`super::walkable_geometry`] takes them),
/// or `None` when no road cell (`road`, from [`road_cells`]) lies in `own`.
pub fn road_region(
    grid: &Grid,
    mesh: &MeshParams,
    heights: &[f32],
    built: &[bool],
    road: &[bool],
    own: CellRect,
) -> Option<RoadRegion> {
    if road.is_empty() {
        return None;
    }
    let is_road = |x: usize, z: usize| road[grid.index(x, z)];
    let cells = bounds(own, is_road)?;
    let margin = margin_cells(mesh);
    let source = cells.grown(margin, grid.width(), grid.depth());
    let mask: Vec<bool> = (source.z0..source.z1)
        .flat_map(|z| (source.x0..source.x1).map(move |x| (x, z)))
        .map(|(x, z)| cells.contains(x, z) && is_road(x, z))
        .collect();
    let near = dilated(&mask, source, margin);
    let columns = source.x1 - source.x0;
    let near_road = |x: usize, z: usize| near[(z - source.z0) * columns + (x - source.x0)];
    let geometry = walkable_geometry_where(grid, mesh, heights, built, source, near_road);
    Some(RoadRegion {
        cells,
        source,
        geometry,
        road_runs: runs(own, is_road),
        other_runs: runs(intersection(source, own), |x, z| {
            near_road(x, z) && !is_road(x, z)
        }),
    })
}

/// The cells two rectangles share (an empty rectangle when none).
fn intersection(a: CellRect, b: CellRect) -> CellRect {
    let (x0, z0) = (a.x0.max(b.x0), a.z0.max(b.z0));
    CellRect {
        x0,
        x1: a.x1.min(b.x1).max(x0),
        z0,
        z1: a.z1.min(b.z1).max(z0),
    }
}

/// A 64-bit fingerprint of the road regions of `regions` (xxh3 over each one's index, rectangles,
/// geometry and runs, little-endian bits), for the hash suite.
pub fn road_regions_hash(regions: &[super::NavRegion]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    let rect = |h: &mut xxhash_rust::xxh3::Xxh3, r: &CellRect| {
        for v in [r.x0, r.x1, r.z0, r.z1] {
            h.update(&(v as u64).to_le_bytes());
        }
    };
    for (i, road) in regions.iter().enumerate() {
        let Some(road) = &road.road else { continue };
        h.update(&(i as u64).to_le_bytes());
        rect(&mut h, &road.cells);
        rect(&mut h, &road.source);
        for c in road.geometry.vertices.iter().flatten() {
            h.update(&c.to_bits().to_le_bytes());
        }
        for i in &road.geometry.indices {
            h.update(&i.to_le_bytes());
        }
        for runs in [&road.road_runs, &road.other_runs] {
            h.update(&(runs.len() as u64).to_le_bytes());
            for r in runs {
                rect(&mut h, r);
            }
        }
    }
    h.digest()
}
