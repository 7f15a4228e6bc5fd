//! Levels of detail chosen by the terrain itself, for maps too large to hold every level of
//! every chunk ([`MeshParams::streams_levels`](super::MeshParams::streams_levels)): each chunk
//! holds one level, the one its distance from the camera asks for, and a new level is built
//! when the camera moves far enough.
//!
//! The distances follow [`lod_range`](super::chunks::lod_range): level 0 up to `lod_distance`,
//! level `L ≥ 1` from `lod_distance · 2^(L−1)` to twice that, the last level without an end. A
//! chunk keeps its level until the camera is [`HYSTERESIS`] beyond that level's range, so a
//! camera hovering on a boundary does not rebuild the chunk back and forth.

/// Share of a level's range boundary the camera must pass before a chunk changes level.
pub const HYSTERESIS: f32 = 0.1;

/// Vertical field of view, in degrees, of the perspective camera an orthographic one stands for
/// (Godot's default).
pub const ORTHOGONAL_AS_FOV: f32 = 75.0;

/// Where to measure level distances from for an orthographic camera at `eye` looking along
/// `forward` (unit length) with a view `size` units high: an orthographic view shows the same
/// detail at every depth, so the eye is placed where a perspective camera of
/// [`ORTHOGONAL_AS_FOV`] would see `size` units at the point the view centre meets the ground
/// (`y = ground`). `eye` itself when the view does not look down at the ground.
pub fn orthogonal_eye(eye: [f32; 3], forward: [f32; 3], size: f32, ground: f32) -> [f32; 3] {
    if forward[1] >= -1e-3 {
        return eye;
    }
    let t = (ground - eye[1]) / forward[1];
    let back = orthogonal_depth(size);
    std::array::from_fn(|i| eye[i] + forward[i] * (t - back))
}

/// How far from the point it looks at a perspective camera of [`ORTHOGONAL_AS_FOV`] sees `size`
/// units high: the distance [`orthogonal_eye`] stands back from the ground.
pub fn orthogonal_depth(size: f32) -> f32 {
    size / (2.0 * (ORTHOGONAL_AS_FOV.to_radians() / 2.0).tan())
}

/// How far an orthographic camera stands behind the eye its levels are measured from
/// ([`orthogonal_eye`]): what an engine that measures visibility ranges from the camera itself
/// adds to every distance, so ranges moved out by it switch where a perspective view would.
/// 0 when the view does not look down at the ground.
pub fn orthogonal_shift(eye: [f32; 3], forward: [f32; 3], size: f32, ground: f32) -> f32 {
    let seen = orthogonal_eye(eye, forward, size, ground);
    let d: [f32; 3] = std::array::from_fn(|i| seen[i] - eye[i]);
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

/// A visibility range `(begin, end)` moved out by `shift` ([`orthogonal_shift`]); a begin or
/// end of 0 (from the camera, without end) stays 0.
pub fn shift_range(range: (f32, f32), shift: f32) -> (f32, f32) {
    let moved = |d: f32| if d > 0.0 { (d + shift).max(0.0) } else { d };
    (moved(range.0), moved(range.1))
}

/// Distance from `point` to the axis-aligned box `lo..hi` (0 inside).
pub fn box_distance(point: [f32; 3], lo: [f32; 3], hi: [f32; 3]) -> f32 {
    let gap = |i: usize| (lo[i] - point[i]).max(point[i] - hi[i]).max(0.0);
    (gap(0) * gap(0) + gap(1) * gap(1) + gap(2) * gap(2)).sqrt()
}

/// Where level `level` starts being drawn, in world units: 0 for level 0, then
/// `lod_distance · 2^(level − 1)`.
fn begin(level: u32, lod_distance: f32) -> f32 {
    match level {
        0 => 0.0,
        l => lod_distance * (1u64 << (l - 1).min(62)) as f32,
    }
}

/// The level of `levels` a chunk `distance` away asks for, with `current` the level it holds
/// (kept while the distance stays within [`HYSTERESIS`] of its range).
pub fn wanted_level(distance: f32, levels: u32, lod_distance: f32, current: Option<u32>) -> u32 {
    let last = levels.max(1) - 1;
    let mut level = 0;
    while level < last && distance >= begin(level + 1, lod_distance) {
        level += 1;
    }
    match current {
        Some(c) if c <= last && c != level => {
            let (lo, hi) = (begin(c, lod_distance), begin(c + 1, lod_distance));
            let inside_lo = distance >= lo * (1.0 - HYSTERESIS);
            let inside_hi = c == last || distance < hi * (1.0 + HYSTERESIS);
            if inside_lo && inside_hi {
                c
            } else {
                level
            }
        }
        _ => level,
    }
}

/// One chunk as the selection sees it: its bounds and the level it holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChunkView {
    /// Lowest corner of its bounds.
    pub lo: [f32; 3],
    /// Highest corner of its bounds.
    pub hi: [f32; 3],
    /// The level it holds.
    pub level: u32,
    /// Whether a new level is being built for it.
    pub busy: bool,
}

/// The chunks to give a new level for a camera at `camera`, nearest first, at most `free`:
/// `(index in chunks, level)`. Chunks being built are left alone.
pub fn plan_levels(
    chunks: &[ChunkView],
    camera: [f32; 3],
    levels: u32,
    lod_distance: f32,
    free: usize,
) -> Vec<(usize, u32)> {
    let mut wanted: Vec<(f32, usize, u32)> = chunks
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.busy)
        .filter_map(|(i, c)| {
            let d = box_distance(camera, c.lo, c.hi);
            let level = wanted_level(d, levels, lod_distance, Some(c.level));
            (level != c.level).then_some((d, i, level))
        })
        .collect();
    wanted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    wanted
        .into_iter()
        .take(free)
        .map(|(_, i, l)| (i, l))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::mesh::chunks::lod_range;

    #[test]
    fn levels_follow_the_visibility_ranges() {
        for levels in 1..=5 {
            for level in 0..levels {
                let (begin, end) = lod_range(level, levels, 100.0);
                let inside = if end == 0.0 {
                    begin + 1000.0
                } else {
                    (begin + end) / 2.0
                };
                assert_eq!(
                    wanted_level(inside, levels, 100.0, None),
                    level,
                    "{levels} levels"
                );
                assert_eq!(wanted_level(begin, levels, 100.0, None), level);
            }
        }
        assert_eq!(
            wanted_level(1e9, 3, 100.0, None),
            2,
            "the last level has no end"
        );
    }

    #[test]
    fn a_chunk_keeps_its_level_near_a_boundary() {
        // Level 1 spans 100..200.
        assert_eq!(
            wanted_level(205.0, 4, 100.0, Some(1)),
            1,
            "within 10 % past its end"
        );
        assert_eq!(wanted_level(225.0, 4, 100.0, Some(1)), 2, "beyond it");
        assert_eq!(
            wanted_level(95.0, 4, 100.0, Some(1)),
            1,
            "within 10 % before its start"
        );
        assert_eq!(wanted_level(85.0, 4, 100.0, Some(1)), 0);
        assert_eq!(wanted_level(195.0, 4, 100.0, Some(2)), 2);
        assert_eq!(
            wanted_level(50.0, 4, 100.0, Some(7)),
            0,
            "a level it cannot have"
        );
    }

    #[test]
    fn an_orthogonal_view_counts_from_where_a_perspective_one_sees_as_much() {
        let down = [0.0, -1.0, 0.0];
        let eye = orthogonal_eye([5.0, 1000.0, 7.0], down, 100.0, 0.0);
        let expected = 100.0 / (2.0 * (37.5f32).to_radians().tan());
        assert_eq!([eye[0], eye[2]], [5.0, 7.0]);
        assert!((eye[1] - expected).abs() < 1e-3, "{eye:?}");
        let level = |size: f32| {
            let e = orthogonal_eye([0.0, 5000.0, 0.0], down, size, 0.0);
            wanted_level(box_distance(e, [0.0; 3], [1.0, 0.0, 1.0]), 4, 100.0, None)
        };
        assert_eq!(
            level(50.0),
            0,
            "zoomed in: full detail however high the camera"
        );
        assert_eq!(level(5000.0), 3, "zoomed out: the coarsest");
        let level_ahead = orthogonal_eye([0.0, 10.0, 0.0], [1.0, 0.0, 0.0], 50.0, 0.0);
        assert_eq!(level_ahead, [0.0, 10.0, 0.0], "a level view keeps the eye");
    }

    #[test]
    fn an_orthogonal_camera_far_back_moves_the_ranges_out_by_its_distance() {
        let down = [0.0, -1.0, 0.0];
        let near = 100.0 / (2.0 * (37.5f32).to_radians().tan());
        let shift = orthogonal_shift([5.0, 1000.0, 7.0], down, 100.0, 0.0);
        assert!((shift - (1000.0 - near)).abs() < 1e-2, "{shift}");
        assert_eq!(
            orthogonal_shift([0.0, 10.0, 0.0], [1.0, 0.0, 0.0], 50.0, 0.0),
            0.0
        );
        // Levels from 0 keep their start, ranges without end keep none, the rest move out and
        // back again.
        assert_eq!(shift_range((0.0, 64.0), 500.0), (0.0, 564.0));
        assert_eq!(shift_range((128.0, 0.0), 500.0), (628.0, 0.0));
        assert_eq!(
            shift_range(shift_range((128.0, 256.0), 500.0), -500.0),
            (128.0, 256.0)
        );
    }

    #[test]
    fn distance_to_a_box() {
        let (lo, hi) = ([0.0, 0.0, 0.0], [10.0, 5.0, 10.0]);
        assert_eq!(box_distance([5.0, 2.0, 5.0], lo, hi), 0.0);
        assert_eq!(box_distance([13.0, 9.0, 5.0], lo, hi), 5.0);
        assert_eq!(box_distance([-3.0, 1.0, 14.0], lo, hi), 5.0);
    }

    #[test]
    fn the_nearest_chunks_change_first_and_busy_ones_wait() {
        let chunk = |x: f32, level: u32, busy: bool| ChunkView {
            lo: [x, 0.0, 0.0],
            hi: [x + 10.0, 1.0, 10.0],
            level,
            busy,
        };
        let chunks = [
            chunk(300.0, 3, false),
            chunk(0.0, 3, false),
            chunk(20.0, 3, true),
            chunk(120.0, 1, false),
            chunk(40.0, 0, false),
        ];
        let plan = plan_levels(&chunks, [5.0, 0.0, 5.0], 4, 100.0, 8);
        assert_eq!(
            plan,
            vec![(1, 0), (0, 2)],
            "the camera's chunk first; settled ones stay"
        );
        assert_eq!(
            plan_levels(&chunks, [5.0, 0.0, 5.0], 4, 100.0, 1),
            vec![(1, 0)]
        );
    }
}
