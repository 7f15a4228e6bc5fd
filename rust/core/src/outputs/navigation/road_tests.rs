use super::roads::{road_cells, road_regions_hash};
use super::*;
use crate::params::GeneratorParams;
use crate::stages::generate::generate;
use std::collections::BTreeSet;

/// The default map with settlements (roads and towns), its mesh settings, and the mesh settings
/// in 48-cell chunks.
pub(super) fn towns() -> (Grid, MeshParams, MeshParams) {
    let mut params = GeneratorParams::default();
    params.settlements.enabled = true;
    let grid = generate(&params, Default::default()).unwrap().0;
    let mesh = params.mesh_params(MeshParams::default());
    let chunked = MeshParams {
        chunk_size: 48,
        ..mesh
    };
    (grid, mesh, chunked)
}

/// The lattice quads a polygon set covers, as `(x, z)` keys of their first corner (a quad split
/// into triangles counted once).
pub(super) fn quads_of(set: &NavPolygons, step: f32) -> BTreeSet<(i64, i64)> {
    let q = |v: f32| (v / step).round() as i64;
    let mut out = BTreeSet::new();
    for p in 0..set.polygons.len() {
        let (mut lo, mut hi) = ((i64::MAX, i64::MAX), (i64::MIN, i64::MIN));
        for c in set.corners(p) {
            lo = (lo.0.min(q(c[0])), lo.1.min(q(c[2])));
            hi = (hi.0.max(q(c[0])), hi.1.max(q(c[2])));
        }
        for z in lo.1..hi.1 {
            for x in lo.0..hi.0 {
                out.insert((x, z));
            }
        }
    }
    out
}

#[test]
fn road_cells_are_where_a_road_runs() {
    let (grid, _, _) = towns();
    let road = road_cells(&grid);
    assert_eq!(road.len(), grid.len());
    let count = road.iter().filter(|r| **r).count();
    assert!(count > 50, "the map has roads ({count} cells)");
    for z in 0..grid.depth() {
        for x in 0..grid.width() {
            let centre = (x as f32 + 0.5, z as f32 + 0.5);
            assert_eq!(
                road[grid.index(x, z)],
                crate::stages::settlements::is_road(&grid, centre.0, centre.1),
                "cell ({x}, {z})"
            );
        }
    }
    let plain = generate(&GeneratorParams::default(), Default::default())
        .unwrap()
        .0;
    assert!(road_cells(&plain).is_empty(), "no road, no road cell");
}

#[test]
fn road_and_ground_split_the_walkable_quads_by_cell_and_deck() {
    let (grid, _, chunked) = towns();
    let nav = NavigationParams::default();
    assert!(nav.splits_roads());
    let lat = Lattice::new(grid.width(), grid.depth(), &chunked, &nav);
    let split = regions(&grid, &chunked, &nav).unwrap();
    let one = NavigationParams {
        road_cost: 1.0,
        ..nav
    };
    let joined = regions(&grid, &chunked, &one).unwrap();
    assert!(joined.iter().all(|r| r.road.is_none()));
    let road = road_cells(&grid);
    let decks = super::decks::Decks::of(&grid, &chunked);
    let (mut ground_quads, mut road_quads, mut all) = (0, 0, BTreeSet::new());
    for (s, j) in split.iter().zip(&joined) {
        let ground = quads_of(&s.ground, lat.step);
        let roads = s
            .road
            .as_ref()
            .map(|r| quads_of(r, lat.step))
            .unwrap_or_default();
        assert!(ground.is_disjoint(&roads));
        let k = lat.per_cell as i64;
        // On a deck: all of the quad within half the road's width of one deck segment's line.
        let on_deck = |x: i64, z: i64| {
            let corner = |v: i64| v as f32 * lat.step;
            decks.segments.iter().any(|s| {
                [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .iter()
                    .all(|&(dx, dz)| s.nearest([corner(x + dx), corner(z + dz)]).0 <= s.half_width)
            })
        };
        let on_road = |&(x, z): &(i64, i64)| {
            road[grid.index((x / k) as usize, (z / k) as usize)] || on_deck(x, z)
        };
        assert!(roads.iter().all(on_road));
        assert!(!ground.iter().any(on_road));
        ground_quads += ground.len();
        road_quads += roads.len();
        let union: BTreeSet<_> = ground.union(&roads).copied().collect();
        assert_eq!(union, quads_of(&j.ground, lat.step), "region {:?}", s.own);
        all.extend(union);
    }
    assert!(road_quads > 100, "roads are walkable ({road_quads} quads)");
    assert!(ground_quads > road_quads);
    assert_eq!(all.len(), ground_quads + road_quads);
}

#[test]
fn road_regions_are_deterministic_and_hashed() {
    let (grid, _, chunked) = towns();
    let nav = NavigationParams::default();
    let a = regions(&grid, &chunked, &nav).unwrap();
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| regions(&grid, &chunked, &nav).unwrap());
    assert_eq!(road_regions_hash(&a), road_regions_hash(&single));
    assert_eq!(a, single);
    let costly = NavigationParams {
        road_cost: 1.0,
        ..nav
    };
    let b = regions(&grid, &chunked, &costly).unwrap();
    assert_ne!(road_regions_hash(&a), road_regions_hash(&b));
}
