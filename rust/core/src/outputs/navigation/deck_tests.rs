//! Bridges in the navigation mesh, on the default map with settlements (whose roads cross
//! rivers): the decks are walkable at the drawn deck's height, above the water, and lead from one
//! bank to the other.

use super::decks::Decks;
use super::road_tests::{quads_of, towns};
use super::tests::{bounds, sets};
use super::*;
use crate::stages::settlements::LandUse;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// The bridge cells of a map, `(x, z)`.
fn bridge_cells(grid: &Grid) -> Vec<(usize, usize)> {
    (0..grid.len())
        .filter(|&i| grid.land_use()[i] == LandUse::Bridge)
        .map(|i| grid.xz(i))
        .collect()
}

/// The mesh and navigation settings of the bridge tests: in one region and in 48-cell chunks,
/// with roads split off and not.
fn settings(mesh: MeshParams, chunked: MeshParams) -> Vec<(MeshParams, NavigationParams)> {
    let split = NavigationParams::default();
    let joined = NavigationParams {
        road_cost: 1.0,
        ..split
    };
    [split, joined]
        .into_iter()
        .flat_map(|nav| [(mesh, nav), (chunked, nav)])
        .collect()
}

#[test]
fn every_bridge_cell_is_walkable_at_the_decks_height_above_the_water() {
    let (grid, mesh, chunked) = towns();
    let cells = bridge_cells(&grid);
    assert!(
        cells.len() >= 3,
        "the map has bridges ({} cells)",
        cells.len()
    );
    let decks = Decks::of(&grid, &mesh);
    assert!(!decks.is_empty());
    for (m, nav) in settings(mesh, chunked) {
        let lat = Lattice::new(grid.width(), grid.depth(), &m, &nav);
        let regions = regions(&grid, &m, &nav).unwrap();
        let deck_set = |r: &NavRegion| r.road.clone().unwrap_or_else(|| r.ground.clone());
        let covered: BTreeSet<(i64, i64)> = (regions.iter())
            .flat_map(|r| quads_of(&deck_set(r), lat.step))
            .collect();
        let k = lat.per_cell as i64;
        for &(cx, cz) in &cells {
            for (qx, qz) in (0..k * k).map(|q| (cx as i64 * k + q % k, cz as i64 * k + q / k)) {
                assert!(
                    covered.contains(&(qx, qz)),
                    "quad ({qx}, {qz}) of bridge cell ({cx}, {cz}) is walkable ({:?})",
                    nav
                );
                let centre = [(qx as f32 + 0.5) * lat.step, (qz as f32 + 0.5) * lat.step];
                let deck = decks.nearest(centre).unwrap().1;
                let water = crate::outputs::mesh::water_surface::water_height(
                    &grid, &m, centre[0], centre[1],
                );
                assert!(
                    water.is_none_or(|w| deck > w),
                    "the deck ({deck}) stands above the water ({water:?}) at {centre:?}"
                );
            }
        }
        let cs = m.cell_size;
        let on_bridge = |v: &[f32; 3]| {
            let (x, z) = (v[0] / cs, v[2] / cs);
            cells.iter().any(|&(cx, cz)| {
                (cx as f32..=cx as f32 + 1.0).contains(&x)
                    && (cz as f32..=cz as f32 + 1.0).contains(&z)
            })
        };
        let mut raised = 0;
        for v in sets(&regions)
            .flat_map(|s| &s.vertices)
            .filter(|v| on_bridge(v))
        {
            let deck = decks.nearest([v[0], v[2]]).unwrap().1;
            assert_eq!(
                v[1], deck,
                "a vertex on a bridge cell lies on the deck: {v:?}"
            );
            raised += 1;
        }
        assert!(raised >= cells.len(), "{raised} vertices on bridges");
    }
}

#[test]
fn over_a_river_every_point_of_a_deck_is_above_the_water() {
    // The default map's river runs on flat ground, its bed carved below it, so the drawn ground
    // at the roads' ends beside it dips under the water: the decks' ends stay on the water, so the
    // deck across its whole width (at the height of the nearest point of its line, as the
    // navigation mesh lays it) is above the water over every point of a river cell.
    let (grid, mesh, _) = towns();
    let decks = Decks::of(&grid, &mesh);
    assert!(!decks.is_empty());
    let cs = mesh.cell_size;
    let mut over = 0;
    for seg in &decks.segments {
        let r = seg.half_width;
        let (x0, x1) = (seg.a[0].min(seg.b[0]) - r, seg.a[0].max(seg.b[0]) + r);
        let (z0, z1) = (seg.a[1].min(seg.b[1]) - r, seg.a[1].max(seg.b[1]) + r);
        let n = 16;
        for (a, b) in (0..=n).flat_map(|a| (0..=n).map(move |b| (a, b))) {
            let p = [
                x0 + (x1 - x0) * a as f32 / n as f32,
                z0 + (z1 - z0) * b as f32 / n as f32,
            ];
            let (x, z) = ((p[0] / cs).floor(), (p[1] / cs).floor());
            if x < 0.0 || z < 0.0 || x as usize >= grid.width() || z as usize >= grid.depth() {
                continue;
            }
            let i = grid.index(x as usize, z as usize);
            let Some((distance, deck)) = decks.nearest(p) else {
                continue;
            };
            if grid.water[i] == crate::data::water::WaterKind::Dry || distance > seg.half_width {
                continue;
            }
            let water = crate::outputs::mesh::water_surface::water_height(&grid, &mesh, p[0], p[1]);
            assert!(
                water.is_none_or(|w| deck > w + 0.01),
                "the deck ({deck}) over the river at {p:?} is above the water ({water:?})"
            );
            over += 1;
        }
    }
    assert!(over > 10, "{over} deck points over rivers");
}

/// The polygons of every set of `regions` as `(set, polygon)` keys, and for each the polygons
/// that share one of its edges (the same two vertex positions, in either direction).
fn adjacency(regions: &[NavRegion]) -> BTreeMap<(usize, usize), Vec<(usize, usize)>> {
    let key = |v: [f32; 3]| v.map(f32::to_bits);
    let mut edges: BTreeMap<_, Vec<(usize, usize)>> = BTreeMap::new();
    for (s, set) in sets(regions).enumerate() {
        for (p, polygon) in set.polygons.iter().enumerate() {
            for i in 0..polygon.len() {
                let a = key(set.vertices[polygon[i] as usize]);
                let b = key(set.vertices[polygon[(i + 1) % polygon.len()] as usize]);
                edges.entry((a.min(b), a.max(b))).or_default().push((s, p));
            }
        }
    }
    let mut out: BTreeMap<(usize, usize), Vec<(usize, usize)>> = BTreeMap::new();
    for owners in edges.values() {
        for &a in owners {
            let next = out.entry(a).or_default();
            next.extend(owners.iter().filter(|&&b| b != a));
        }
    }
    out
}

/// Whether the point `p` (`[x, z]`) lies in polygon `p` of `set` seen from above (clockwise,
/// convex), its edges included.
fn contains(set: &NavPolygons, polygon: usize, p: [f32; 2]) -> bool {
    let c: Vec<[f32; 3]> = set.corners(polygon).collect();
    (0..c.len()).all(|i| {
        let (a, b) = (c[i], c[(i + 1) % c.len()]);
        (b[0] - a[0]) * (p[1] - a[2]) - (b[2] - a[2]) * (p[0] - a[0]) >= -1e-4
    })
}

/// The first polygon of any set of `regions` under the point `p`, as a `(set, polygon)` key.
fn polygon_at(regions: &[NavRegion], p: [f32; 2]) -> Option<(usize, usize)> {
    sets(regions)
        .enumerate()
        .flat_map(|(s, set)| (0..set.polygons.len()).map(move |q| (s, set, q)))
        .find(|&(_, set, q)| contains(set, q, p))
        .map(|(s, _, q)| (s, q))
}

/// The road points `[x, z]` (world units) a few cells before and after each bridge of `grid`
/// (its run of bridge points), on walkable polygons, with the road's points between them.
fn crossings(grid: &Grid, mesh: &MeshParams, regions: &[NavRegion]) -> Vec<Vec<[f32; 2]>> {
    const BANK: usize = 3;
    let cs = mesh.cell_size;
    let mut out = Vec::new();
    for road in grid.roads() {
        let n = road.bridge.len();
        let mut k = 0;
        while k < n {
            if !road.bridge[k] {
                k += 1;
                continue;
            }
            let start = k;
            while k < n && road.bridge[k] {
                k += 1;
            }
            let world = |i: usize| road.points[i].map(|v| v * cs);
            let on_mesh = |i: &usize| polygon_at(regions, world(*i)).is_some();
            let before = (start.saturating_sub(BANK)..start).find(on_mesh);
            let after = (k..(k + BANK).min(n)).rev().find(on_mesh);
            if let (Some(a), Some(b)) = (before, after) {
                out.push((a..=b).map(world).collect());
            }
        }
    }
    out
}

#[test]
fn a_way_over_the_polygons_crosses_every_bridge_from_bank_to_bank() {
    let (grid, mesh, chunked) = towns();
    let cells = bridge_cells(&grid);
    for (m, nav) in settings(mesh, chunked) {
        let regions = regions(&grid, &m, &nav).unwrap();
        let next = adjacency(&regions);
        let all: Vec<&NavPolygons> = sets(&regions).collect();
        let ways = crossings(&grid, &m, &regions);
        assert!(!ways.is_empty(), "bridges with road on both banks");
        let cs = m.cell_size;
        // Polygons coming within this many world units of the road's points between the banks:
        // the way cannot go round the river.
        let corridor = 2.0 * cs;
        for way in &ways {
            let near = |(s, p): (usize, usize)| {
                let [x0, z0, x1, z1] = bounds(all[s], p);
                way.iter().any(|w| {
                    let dx = (x0 - w[0]).max(w[0] - x1).max(0.0);
                    let dz = (z0 - w[1]).max(w[1] - z1).max(0.0);
                    dx.hypot(dz) <= corridor
                })
            };
            let from = polygon_at(&regions, way[0]).unwrap();
            let to = polygon_at(&regions, *way.last().unwrap()).unwrap();
            let mut seen = BTreeSet::from([from]);
            let mut todo = VecDeque::from([from]);
            while let Some(a) = todo.pop_front() {
                for &b in next.get(&a).into_iter().flatten() {
                    if near(b) && seen.insert(b) {
                        todo.push_back(b);
                    }
                }
            }
            assert!(
                seen.contains(&to),
                "a way along the road from {:?} to {:?} ({:?})",
                way[0],
                way.last(),
                nav
            );
            let on_bridge =
                |w: &&[f32; 2]| cells.contains(&((w[0] / cs) as usize, (w[1] / cs) as usize));
            let bridge: Vec<&[f32; 2]> = way.iter().filter(on_bridge).collect();
            let over_bridge = !bridge.is_empty()
                && bridge
                    .iter()
                    .all(|w| seen.iter().any(|&(s, p)| contains(all[s], p, **w)));
            assert!(over_bridge, "the way runs over the bridge: {bridge:?}");
        }
    }
}
