use super::*;
use crate::params::MeshParams;

/// A 512 × 384 map in 128-cell chunks (4 × 3) with cells of 2 world units.
fn layout() -> ChunkLayout {
    let params = MeshParams {
        chunk_size: 128,
        ..Default::default()
    };
    ChunkLayout::new(512, 384, &params)
}

const CELL: f32 = 2.0;

/// Moves the target to `at`: applies the change to the set of chunks with collision.
fn walk(layout: &ChunkLayout, has: &mut BTreeSet<ChunkKey>, at: Option<(f32, f32)>, radius: f32) {
    let change = collision_change(layout, CELL, at, radius, has);
    apply(has, &change);
}

/// Applies a change to the set of chunks with collision.
fn apply(has: &mut BTreeSet<ChunkKey>, change: &ChunkChange) {
    for key in &change.remove {
        assert!(has.remove(key), "removes only what it has: {key:?}");
    }
    for c in &change.add {
        assert!(has.insert((c.column, c.row)), "adds only what it lacks");
    }
}

#[test]
fn distance_is_zero_inside_and_grows_outside() {
    let c = layout().chunk(1, 1).unwrap();
    // Chunk (1, 1) spans x 256..512 and z 256..512 in world units.
    assert_eq!(chunk_distance(&c, CELL, (300.0, 400.0)), 0.0);
    assert_eq!(chunk_distance(&c, CELL, (256.0, 512.0)), 0.0);
    assert_eq!(chunk_distance(&c, CELL, (200.0, 300.0)), 56.0);
    assert_eq!(chunk_distance(&c, CELL, (512.0 + 30.0, 512.0 + 40.0)), 50.0);
}

#[test]
fn the_chunks_within_the_radius_come_nearest_first() {
    let layout = layout();
    let change = collision_change(&layout, CELL, Some((300.0, 300.0)), 100.0, &BTreeSet::new());
    assert!(change.remove.is_empty());
    let keys: Vec<ChunkKey> = change.add.iter().map(|c| (c.column, c.row)).collect();
    // Within 100 of (300, 300): its own chunk, the chunks to the west (44 away), north (44)
    // and north-west (62); the east border is 212 away.
    assert_eq!(keys, vec![(1, 1), (1, 0), (0, 1), (0, 0)]);
    for c in layout.chunks() {
        let near = chunk_distance(&c, CELL, (300.0, 300.0)) <= 100.0;
        assert_eq!(near, keys.contains(&(c.column, c.row)), "{c:?}");
    }
}

#[test]
fn a_target_moving_away_drops_far_chunks_after_the_margin() {
    let layout = layout();
    let mut has = BTreeSet::new();
    let radius = 40.0;
    walk(&layout, &mut has, Some((250.0, 100.0)), radius);
    assert_eq!(has, BTreeSet::from([(0, 0), (1, 0)]));
    // 5 units beyond the radius of chunk (0, 0): inside the margin (keep radius 50), kept.
    let kept = collision_change(&layout, CELL, Some((256.0 + 45.0, 100.0)), radius, &has);
    assert!(kept.is_empty(), "{kept:?}");
    assert_eq!(keep_radius(radius, CELL), 50.0);
    // Beyond the margin it goes.
    let gone = collision_change(&layout, CELL, Some((256.0 + 51.0, 100.0)), radius, &has);
    assert_eq!(gone.remove, vec![(0, 0)]);
    assert!(gone.add.is_empty());
}

#[test]
fn pacing_across_a_border_and_the_radius_edge_changes_nothing_after_the_first_step() {
    let layout = layout();
    let mut has = BTreeSet::new();
    let radius = 30.0;
    // Walk back and forth across the x = 256 border and around x = 256 ± 30.
    let path = [
        230.0, 226.0, 286.0, 290.0, 250.0, 262.0, 224.0, 288.0, 256.0,
    ];
    walk(&layout, &mut has, Some((path[0], 60.0)), radius);
    walk(&layout, &mut has, Some((path[2], 60.0)), radius);
    let settled = has.clone();
    assert_eq!(settled, BTreeSet::from([(0, 0), (1, 0)]));
    for x in path {
        let change = collision_change(&layout, CELL, Some((x, 60.0)), radius, &has);
        assert!(change.is_empty(), "at x = {x}: {change:?}");
    }
}

#[test]
fn a_long_walk_keeps_the_set_within_the_keep_radius() {
    let layout = layout();
    let mut has = BTreeSet::new();
    let radius = 60.0;
    for step in 0..=200 {
        let at = (step as f32 * 5.0, 20.0 + step as f32 * 3.5);
        walk(&layout, &mut has, Some(at), radius);
        for c in layout.chunks() {
            let d = chunk_distance(&c, CELL, at);
            let with = has.contains(&(c.column, c.row));
            assert!(
                d > radius || with,
                "step {step}: {c:?} within the radius has collision"
            );
            assert!(
                d <= keep_radius(radius, CELL) || !with,
                "step {step}: far {c:?} dropped"
            );
        }
    }
}

#[test]
fn without_a_target_or_off_the_map_nothing_has_collision() {
    let layout = layout();
    let has = BTreeSet::from([(0, 0), (3, 2)]);
    let change = collision_change(&layout, CELL, None, 100.0, &has);
    assert_eq!(change.remove, vec![(0, 0), (3, 2)]);
    assert!(change.add.is_empty());
    let far = collision_change(
        &layout,
        CELL,
        Some((-5000.0, 9000.0)),
        100.0,
        &BTreeSet::new(),
    );
    assert!(far.is_empty());
    let nan = collision_change(&layout, CELL, Some((f32::NAN, 0.0)), 100.0, &has);
    assert_eq!(nan.remove.len(), 2);
    // A chunk the layout no longer has goes too.
    let gone = collision_change(
        &layout,
        CELL,
        Some((0.0, 0.0)),
        1.0,
        &BTreeSet::from([(9, 9)]),
    );
    assert_eq!(gone.remove, vec![(9, 9)]);
}

#[test]
fn chunk_corners_share_their_border_rows() {
    let layout = layout();
    let (w, d) = (layout.width, layout.depth);
    let corners: Vec<f32> = (0..(w + 1) * (d + 1)).map(|i| i as f32).collect();
    let a = layout.chunk(0, 0).unwrap();
    let b = layout.chunk(1, 0).unwrap();
    let (ca, cb) = (
        chunk_corners(&corners, w, &a),
        chunk_corners(&corners, w, &b),
    );
    assert_eq!(ca.len(), 129 * 129);
    for z in 0..=128 {
        assert_eq!(ca[z * 129 + 128], cb[z * 129], "row {z}");
        assert_eq!(ca[z * 129], corners[z * (w + 1)]);
    }
    let last = layout.chunk(3, 2).unwrap();
    let cl = chunk_corners(&corners, w, &last);
    assert_eq!(*cl.last().unwrap(), corners[corners.len() - 1]);
}

#[test]
fn full_trees_are_made_ahead_of_the_camera_and_follow_it() {
    let layout = layout();
    let thin = 60.0;
    let mut has = BTreeSet::new();
    let camera = (200.0, 100.0);
    let change = near_trees_change(&layout, CELL, Some(camera), thin, &has);
    apply(&mut has, &change);
    for c in layout.chunks() {
        let d = chunk_distance(&c, CELL, camera);
        let key = (c.column, c.row);
        // Every chunk the camera could see within the thinning distance has its full trees,
        // and chunks up to half as far again beyond it.
        if d <= thin * (1.0 + NEAR_TREES_LEAD) {
            assert!(has.contains(&key), "{key:?}, {d} away");
        } else {
            assert!(!has.contains(&key), "{key:?}, {d} away");
        }
    }
    assert_eq!(has, BTreeSet::from([(0, 0), (1, 0)]));
    // The camera flies to the far corner: the first chunks lose their trees, the last gain them.
    let far = (1000.0, 760.0);
    let change = near_trees_change(&layout, CELL, Some(far), thin, &has);
    apply(&mut has, &change);
    assert_eq!(has, BTreeSet::from([(3, 2)]));
    // Without a camera no chunk holds its full trees.
    let none = near_trees_change(&layout, CELL, None, thin, &has);
    assert_eq!(none.remove, vec![(3, 2)]);
    assert!(none.add.is_empty());
}
