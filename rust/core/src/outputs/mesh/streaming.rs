//! Work near a moving target: which chunks of a chunked map carry a collision shape, and which
//! hold their full trees.
//!
//! A chunk gets collision once its area comes within the collision radius of the target (in the
//! map's xz plane; height is ignored) and keeps it until the target is more than
//! [`keep_radius`] away, a margin beyond the radius: a target pacing along the edge of the
//! radius never makes a shape come and go frame after frame. Without a target no chunk needs
//! collision.
//!
//! The shapes themselves are height maps through the mesh's corner heights; [`chunk_corners`]
//! cuts a chunk's share out of the map's corner heights, so neighbours share their border row.

use super::chunks::{Chunk, ChunkLayout};
use std::collections::BTreeSet;

/// Share of the radius a chunk with collision may be beyond the radius before it loses it.
pub const HYSTERESIS_SHARE: f32 = 0.25;
/// Cells a chunk with collision may be beyond the radius at least before it loses it.
pub const HYSTERESIS_CELLS: f32 = 2.0;

/// A chunk's column and row, the key of its collision shape.
pub type ChunkKey = (usize, usize);

/// Distance in the xz plane from `(x, z)` (map coordinates, world units) to the area of
/// `chunk`, 0 inside it.
pub fn chunk_distance(chunk: &Chunk, cell_size: f32, (x, z): (f32, f32)) -> f32 {
    let gap = |p: f32, lo: usize, hi: usize| {
        let (lo, hi) = (lo as f32 * cell_size, hi as f32 * cell_size);
        (lo - p).max(p - hi).max(0.0)
    };
    gap(x, chunk.x0, chunk.x1).hypot(gap(z, chunk.z0, chunk.z1))
}

/// The distance beyond which a chunk that has collision loses it: the radius plus
/// [`HYSTERESIS_SHARE`] of it, and at least [`HYSTERESIS_CELLS`] cells more.
pub fn keep_radius(radius: f32, cell_size: f32) -> f32 {
    radius + (radius * HYSTERESIS_SHARE).max(HYSTERESIS_CELLS * cell_size)
}

/// What to change so that the right chunks have collision (or full trees).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChunkChange {
    /// Chunks that need a shape, nearest to the target first.
    pub add: Vec<Chunk>,
    /// Chunks whose shape goes, in column-then-row order.
    pub remove: Vec<ChunkKey>,
}

impl ChunkChange {
    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.add.is_empty() && self.remove.is_empty()
    }
}

/// The change from the chunks that have collision (`has`) to those a target at `target` (map
/// coordinates, world units; `None` without a target) needs with collision radius `radius`:
/// chunks within the radius are added, chunks in `has` beyond [`keep_radius`] (or no longer in
/// the map) removed.
pub fn collision_change(
    layout: &ChunkLayout,
    cell_size: f32,
    target: Option<(f32, f32)>,
    radius: f32,
    has: &BTreeSet<ChunkKey>,
) -> ChunkChange {
    let Some(at) = target.filter(|(x, z)| x.is_finite() && z.is_finite()) else {
        return ChunkChange {
            add: Vec::new(),
            remove: has.iter().copied().collect(),
        };
    };
    let keep = keep_radius(radius, cell_size);
    let remove = has
        .iter()
        .filter(|&&(column, row)| {
            layout
                .chunk(column, row)
                .is_none_or(|c| chunk_distance(&c, cell_size, at) > keep)
        })
        .copied()
        .collect();
    let mut add: Vec<(f32, Chunk)> = window(layout, cell_size, at, radius)
        .filter(|c| !has.contains(&(c.column, c.row)))
        .map(|c| (chunk_distance(&c, cell_size, at), c))
        .filter(|(d, _)| *d <= radius)
        .collect();
    add.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then((a.1.row, a.1.column).cmp(&(b.1.row, b.1.column)))
    });
    ChunkChange {
        add: add.into_iter().map(|(_, c)| c).collect(),
        remove,
    }
}

/// How far ahead of the camera a chunk's full trees are made, as a share of the distance where
/// its trees thin out: a chunk gets them once the camera comes within `(1 + NEAR_TREES_LEAD)`
/// times that distance of its area, so they are there before they show.
pub const NEAR_TREES_LEAD: f32 = 0.5;

/// On a map whose chunks hold one level each, the change from the chunks holding their full
/// trees (`has`) to those a camera at `camera` (map coordinates, world units; `None` without a
/// camera) needs, when a chunk's trees thin out `thin` world units away: every chunk whose area
/// is within `(1 + NEAR_TREES_LEAD) × thin` in the xz plane gets them, and a chunk keeps them up
/// to [`keep_radius`] of that. The xz distance is never more than the camera's true distance, so
/// every chunk close enough to draw its full trees has them.
pub fn near_trees_change(
    layout: &ChunkLayout,
    cell_size: f32,
    camera: Option<(f32, f32)>,
    thin: f32,
    has: &BTreeSet<ChunkKey>,
) -> ChunkChange {
    let radius = thin * (1.0 + NEAR_TREES_LEAD);
    collision_change(layout, cell_size, camera, radius, has)
}

/// The chunks whose column and row ranges reach within `radius` of `at` (a square window; the
/// caller checks the true distance).
fn window(
    layout: &ChunkLayout,
    cell_size: f32,
    (x, z): (f32, f32),
    radius: f32,
) -> impl Iterator<Item = Chunk> + '_ {
    let side = layout.size as f32 * cell_size;
    let (columns, rows) = layout.grid_size();
    let span = |p: f32, count: usize| {
        let lo = ((p - radius) / side).floor().max(0.0);
        let hi = ((p + radius) / side).floor().min(count as f32 - 1.0);
        (lo as usize, hi as isize)
    };
    let ((c0, c1), (r0, r1)) = (span(x, columns), span(z, rows));
    (r0 as isize..=r1).flat_map(move |row| {
        (c0 as isize..=c1).filter_map(move |column| layout.chunk(column as usize, row as usize))
    })
}

/// The corner heights of `chunk`, row by row (`(x1 − x0 + 1) × (z1 − z0 + 1)`), cut out of the
/// corner heights of a map `width` cells wide (row by row, `width + 1` a row).
pub fn chunk_corners(corners: &[f32], width: usize, chunk: &Chunk) -> Vec<f32> {
    let line = width + 1;
    (chunk.z0..=chunk.z1)
        .flat_map(|z| {
            corners[z * line + chunk.x0..=z * line + chunk.x1]
                .iter()
                .copied()
        })
        .collect()
}

#[cfg(test)]
#[path = "streaming_tests.rs"]
mod tests;
