use super::stream::TileSet;
use super::streamer::Streamer;
use super::TileCoord;

/// Tiles of 10 m from the origin.
fn set() -> TileSet {
    TileSet {
        origin_x: 0.0,
        origin_z: 0.0,
        tile_metres: 10.0,
    }
}

/// Steps until the streamer is settled at `target`, every requested tile arriving at once;
/// returns the tiles evicted on the way.
fn settle(s: &mut Streamer, target: (f64, f64)) -> Vec<TileCoord> {
    let mut evicted = Vec::new();
    for _ in 0..1000 {
        let plan = s.step(target);
        evicted.extend(plan.evict);
        if plan.load.is_empty() && s.in_flight().is_empty() {
            return evicted;
        }
        for c in plan.load {
            assert!(s.arrived(c, target), "a tile asked for here is kept");
        }
    }
    panic!("the streamer never settled");
}

#[test]
fn asks_for_no_more_than_the_free_slots_nearest_first() {
    let mut s = Streamer::new(set(), 1, 2);
    let plan = s.step((5.0, 5.0));
    assert_eq!(plan.load, vec![TileCoord::new(0, 0), TileCoord::new(0, -1)]);
    assert_eq!(s.in_flight().len(), 2);
    let again = s.step((5.0, 5.0));
    assert!(
        again.load.is_empty(),
        "no free slot, and nothing asked twice"
    );
    assert!(s.arrived(TileCoord::new(0, 0), (5.0, 5.0)));
    let next = s.step((5.0, 5.0));
    assert_eq!(next.load.len(), 1);
    assert!(
        !next.load.contains(&TileCoord::new(0, -1)),
        "still in flight"
    );
    assert!(!next.load.contains(&TileCoord::new(0, 0)), "loaded");
}

#[test]
fn settles_with_every_tile_of_the_radius() {
    let mut s = Streamer::new(set(), 2, 3);
    settle(&mut s, (5.0, 5.0));
    assert_eq!(s.loaded().len(), 25);
    assert!(s.is_settled((5.0, 5.0)));
    assert!(
        !s.is_settled((45.0, 5.0)),
        "a move of two tiles needs new ones"
    );
}

#[test]
fn a_long_walk_holds_a_bounded_set() {
    let mut s = Streamer::new(set(), 1, 2);
    let mut dropped = 0;
    for step in 0..200 {
        let target = (step as f64 * 3.7, (step as f64 * 0.4).sin() * 25.0);
        dropped += settle(&mut s, target).len();
        assert!(
            s.loaded().len() <= TileSet::bound(1),
            "at most (2r + 3)² tiles"
        );
        let here = set().tile_at(target.0, target.1);
        for c in s.loaded() {
            assert!(c.chebyshev(here) <= 2, "{c:?} too far from {here:?}");
        }
    }
    assert!(dropped > 100, "the tiles behind are dropped ({dropped})");
}

#[test]
fn a_late_tile_far_behind_is_refused() {
    let mut s = Streamer::new(set(), 1, 1);
    let plan = s.step((5.0, 5.0));
    let first = plan.load[0];
    assert!(
        !s.arrived(first, (500.0, 5.0)),
        "the target went 50 tiles on"
    );
    assert!(s.loaded().is_empty() && s.in_flight().is_empty());
    assert!(!s.arrived(first, (5.0, 5.0)), "not in flight any more");
}

#[test]
fn a_failed_tile_is_asked_for_again_and_reset_forgets_all() {
    let mut s = Streamer::new(set(), 0, 1);
    let plan = s.step((5.0, 5.0));
    assert_eq!(plan.load, vec![TileCoord::new(0, 0)]);
    s.failed(TileCoord::new(0, 0));
    assert_eq!(s.step((5.0, 5.0)).load, vec![TileCoord::new(0, 0)]);
    assert!(s.arrived(TileCoord::new(0, 0), (5.0, 5.0)));
    s.reset();
    assert!(s.loaded().is_empty() && s.in_flight().is_empty());
    assert_eq!(s.step((5.0, 5.0)).load, vec![TileCoord::new(0, 0)]);
}

#[test]
fn tiles_behind_are_evicted_only_beyond_the_band() {
    let mut s = Streamer::new(set(), 1, 9);
    settle(&mut s, (5.0, 5.0));
    // One tile on: the column behind is two tiles away, inside the band.
    assert!(settle(&mut s, (15.0, 5.0)).is_empty());
    // Another: the first column is three tiles away now.
    let evicted = settle(&mut s, (25.0, 5.0));
    let mut expected: Vec<TileCoord> = (-1..=1).map(|z| TileCoord::new(-1, z)).collect();
    expected.sort();
    assert_eq!(evicted, expected);
}
