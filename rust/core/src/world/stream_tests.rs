use super::*;
use std::collections::{BTreeMap, BTreeSet};

fn tiles() -> TileSet {
    TileSet {
        origin_x: 10.0,
        origin_z: -20.0,
        tile_metres: 100.0,
    }
}

/// Walks `path`, applying every plan; checks the bound at each step and that a tile is loaded
/// again only after it was evicted. Returns the number of loads per tile.
fn walk(path: impl Iterator<Item = (f64, f64)>, radius: u32) -> BTreeMap<TileCoord, u32> {
    let set = tiles();
    let mut loaded = BTreeSet::new();
    let mut loads = BTreeMap::new();
    for target in path {
        let plan = set.plan(target, &loaded, radius);
        let here = set.tile_at(target.0, target.1);
        for c in &plan.evict {
            assert!(c.chebyshev(here) > radius + 1, "{c:?} evicted too early");
            assert!(loaded.remove(c));
        }
        for c in &plan.load {
            assert!(c.chebyshev(here) <= radius);
            assert!(loaded.insert(*c), "{c:?} loaded twice");
            *loads.entry(*c).or_insert(0) += 1;
        }
        assert!(loaded.len() <= TileSet::bound(radius), "{}", loaded.len());
        // Everything wanted is loaded after the plan.
        for dz in -(radius as i32)..=radius as i32 {
            for dx in -(radius as i32)..=radius as i32 {
                assert!(loaded.contains(&TileCoord::new(here.x + dx, here.z + dz)));
            }
        }
    }
    loads
}

#[test]
fn tiles_hold_their_positions() {
    let set = tiles();
    assert_eq!(set.tile_at(10.0, -20.0), TileCoord::new(0, 0));
    assert_eq!(set.tile_at(9.99, 79.99), TileCoord::new(-1, 0));
    assert_eq!(set.tile_at(110.0, -120.0), TileCoord::new(1, -1));
    assert_eq!(set.centre(TileCoord::new(1, -1)), (160.0, -70.0));
}

#[test]
fn loads_come_nearest_first_and_far_tiles_go() {
    let set = tiles();
    let loaded: BTreeSet<_> = [TileCoord::new(0, 0), TileCoord::new(5, 0)].into();
    let plan = set.plan((20.0, 0.0), &loaded, 1);
    assert_eq!(plan.load.len(), 8);
    assert_eq!(
        plan.load[0],
        TileCoord::new(-1, 0),
        "nearest to the target first"
    );
    let d = |c: &TileCoord| {
        let (x, z) = set.centre(*c);
        (x - 20.0).powi(2) + z.powi(2)
    };
    assert!(plan.load.windows(2).all(|w| d(&w[0]) <= d(&w[1])));
    assert_eq!(plan.evict, [TileCoord::new(5, 0)]);
}

#[test]
fn a_long_line_loads_each_tile_once_and_stays_bounded() {
    let radius = 2;
    let path = (0..10_000).map(|i| (f64::from(i) * 7.3, f64::from(i) * 1.1 - 500.0));
    let loads = walk(path, radius);
    assert!(loads.values().all(|&n| n == 1), "a tile was reloaded");
    assert!(loads.len() > 700, "{}", loads.len());
}

#[test]
fn a_circle_stays_bounded_and_keeps_its_inner_tiles() {
    let radius = 3;
    let path = (0..10_000).map(|i| {
        let a = f64::from(i) * std::f64::consts::TAU / 2_500.0;
        (400.0 * a.cos(), 400.0 * a.sin())
    });
    let loads = walk(path, radius);
    // Four laps: tiles far from the circle come and go, but the ones the target never leaves
    // by more than radius + 1 tiles are loaded once.
    let set = tiles();
    let near_always = |c: &TileCoord| {
        (0..10_000).all(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 2_500.0;
            set.tile_at(400.0 * a.cos(), 400.0 * a.sin()).chebyshev(*c) <= radius + 1
        })
    };
    let mut kept = 0;
    for (c, n) in &loads {
        if near_always(c) {
            assert_eq!(*n, 1, "{c:?}");
            kept += 1;
        }
    }
    assert!(loads.values().any(|&n| n > 1), "laps reload the far side");
    assert!(kept > 0);
}

#[test]
fn wandering_over_a_border_loads_nothing_new() {
    let set = tiles();
    let mut loaded = BTreeSet::new();
    let first = set.plan((109.0, 30.0), &loaded, 2);
    loaded.extend(first.load);
    for i in 0..100 {
        let x = if i % 2 == 0 { 111.0 } else { 109.0 };
        let plan = set.plan((x, 30.0), &loaded, 2);
        assert!(plan.evict.is_empty(), "step {i}");
        loaded.extend(plan.load.iter().copied());
        if i > 0 {
            assert!(plan.load.is_empty(), "step {i}");
        }
    }
}

#[test]
fn plan_reads_the_tiles_of_the_parameters() {
    let params = crate::params::GeneratorParams {
        cell_size: 2.0,
        tile_size: 64,
        ..Default::default()
    };
    let set = TileSet::of(&params);
    assert_eq!(set.tile_metres, 128.0);
    let p = plan(&params, (-1.0, 300.0), &BTreeSet::new(), 0);
    assert_eq!(p.load, [TileCoord::new(-1, 2)]);
}
