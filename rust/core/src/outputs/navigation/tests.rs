use super::*;
use crate::outputs::mesh::surface_height;
use crate::outputs::mesh::water_surface::water_height;
use crate::outputs::point::WET_DEPTH;
use crate::params::GeneratorParams;
use crate::stages::generate::generate;
use glam::Vec3;
use std::collections::BTreeMap;

/// A small map with water (lakes and rivers), its mesh settings, and the navigation settings to
/// walk on it.
pub(super) fn wet() -> (Grid, MeshParams, NavigationParams) {
    let grid = generate(
        &GeneratorParams {
            width: 72,
            depth: 56,
            seed: 11,
            terrain: crate::params::TerrainParams {
                // 8,000 droplets on 72 × 56 cells of 1 m.
                droplet_density: 8_000.0 / 4032.0,
                ..Default::default()
            },
            ..Default::default()
        },
        Default::default(),
    )
    .unwrap()
    .0;
    let mesh = MeshParams {
        cell_size: 2.0,
        height_scale: 12.0,
        ..Default::default()
    };
    let nav = NavigationParams {
        agent_max_slope: 30.0,
        agent_radius: 0.8,
        voxel_size: 0.5,
        ..Default::default()
    };
    (grid, mesh, nav)
}

/// Every polygon set of the regions: ground, then roads.
pub(super) fn sets(regions: &[NavRegion]) -> impl Iterator<Item = &NavPolygons> {
    regions
        .iter()
        .flat_map(|r| std::iter::once(&r.ground).chain(&r.road))
}

/// The smallest rectangle `[x0, z0, x1, z1]` (world units) around a polygon seen from above.
pub(super) fn bounds(p: &NavPolygons, i: usize) -> [f32; 4] {
    p.corners(i).fold(
        [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
        |[a, b, c, d], v| [a.min(v[0]), b.min(v[2]), c.max(v[0]), d.max(v[2])],
    )
}

/// Gap between two rectangles `[x0, z0, x1, z1]` seen from above (0 when they touch).
fn gap(a: [f32; 4], b: [f32; 4]) -> f32 {
    let dx = (b[0] - a[2]).max(a[0] - b[2]).max(0.0);
    let dz = (b[1] - a[3]).max(a[1] - b[3]).max(0.0);
    (dx * dx + dz * dz).sqrt()
}

#[test]
fn polygons_are_convex_clockwise_and_on_the_lattice() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    let regions = regions(&grid, &mesh, &nav).unwrap();
    let step = Lattice::new(grid.width(), grid.depth(), &mesh, &nav).step;
    let mut count = 0;
    for set in sets(&regions) {
        for (p, polygon) in set.polygons.iter().enumerate() {
            count += 1;
            assert!(polygon.len() >= 3);
            let c: Vec<[f32; 3]> = set.corners(p).collect();
            for i in 0..c.len() {
                let (a, b, e) = (c[i], c[(i + 1) % c.len()], c[(i + 2) % c.len()]);
                // Seen from above, x right and z down: clockwise turns have a cross ≥ 0.
                let cross = (b[0] - a[0]) * (e[2] - b[2]) - (b[2] - a[2]) * (e[0] - b[0]);
                assert!(cross >= -1e-4, "polygon {p} turns the wrong way at {i}");
                let (dx, dz) = ((b[0] - a[0]).abs() / step, (b[2] - a[2]).abs() / step);
                let whole = |v: f32| v >= 1.0 - 1e-4 && (v - v.round()).abs() < 1e-3;
                let side = whole(dx) && dz < 1e-4
                    || whole(dz) && dx < 1e-4
                    || (dx - 1.0).abs() < 1e-4 && (dz - 1.0).abs() < 1e-4;
                assert!(
                    side,
                    "edge {i} of polygon {p} is no lattice line: {a:?} {b:?}"
                );
            }
        }
    }
    assert!(count > 100, "the map has polygons ({count})");
}

#[test]
fn polygons_follow_the_rendered_surface() {
    let (grid, mut mesh, nav) = wet();
    mesh.subdivisions = 2;
    let regions = regions(&grid, &mesh, &nav).unwrap();
    let tolerance = surface_tolerance(&nav);
    for set in sets(&regions) {
        for v in &set.vertices {
            let h = surface_height(&grid, &mesh, v[0], v[2]).unwrap();
            assert!(
                (v[1] - h).abs() < 1e-3,
                "vertex {v:?} off the surface ({h})"
            );
        }
        for p in 0..set.polygons.len() {
            let c: Vec<Vec3> = set.corners(p).map(Vec3::from_array).collect();
            for i in 1..c.len() - 1 {
                for w in [
                    [1.0, 1.0, 1.0],
                    [4.0, 1.0, 1.0],
                    [1.0, 4.0, 1.0],
                    [1.0, 1.0, 4.0],
                ] {
                    let at = (c[0] * w[0] + c[i] * w[1] + c[i + 1] * w[2]) / (w[0] + w[1] + w[2]);
                    let h = surface_height(&grid, &mesh, at.x, at.z).unwrap();
                    assert!(
                        (at.y - h).abs() <= tolerance + 1e-3,
                        "polygon {p} lies {} off the surface at {at}",
                        at.y - h
                    );
                }
            }
        }
    }
}

#[test]
fn walkable_area_keeps_the_agent_radius_from_water_slopes_and_edge() {
    let (grid, mut mesh, nav) = wet();
    mesh.chunk_size = 24;
    let regions = regions(&grid, &mesh, &nav).unwrap();
    let (cell, r) = (mesh.cell_size, nav.agent_radius);
    let map = [
        0.0,
        0.0,
        grid.width() as f32 * cell,
        grid.depth() as f32 * cell,
    ];
    let lat = Lattice::new(grid.width(), grid.depth(), &mesh, &nav);
    let at = |x: f32, z: f32| {
        let h = surface_height(&grid, &mesh, x, z).unwrap();
        Vec3::new(x, h, z)
    };
    // Quads over which water shows (deeper than the threshold at a corner) and steep quads, as
    // rectangles.
    let wet = |p: Vec3| water_height(&grid, &mesh, p.x, p.z).is_some_and(|w| w - p.y > WET_DEPTH);
    let mut blocked = Vec::new();
    let s = lat.step;
    for z in 0..lat.depth {
        for x in 0..lat.width {
            let (x0, z0) = (x as f32 * s, z as f32 * s);
            let (p00, p10) = (at(x0, z0), at(x0 + s, z0));
            let (p01, p11) = (at(x0, z0 + s), at(x0 + s, z0 + s));
            let limit = nav.agent_max_slope;
            let steep = !gentle(&[p00, p10, p11], limit) || !gentle(&[p00, p11, p01], limit);
            if steep || [p00, p10, p01, p11].into_iter().any(wet) {
                blocked.push([x0, z0, x0 + s, z0 + s]);
            }
        }
    }
    assert!(blocked.len() > 10, "the map has water or slopes");
    let mut polygons = 0;
    for set in sets(&regions) {
        for p in 0..set.polygons.len() {
            polygons += 1;
            let b = bounds(set, p);
            let edge = (b[0] - map[0])
                .min(b[1] - map[1])
                .min(map[2] - b[2])
                .min(map[3] - b[3]);
            assert!(edge >= r - 1e-4, "polygon {p} is {edge} from the edge");
            for w in &blocked {
                assert!(gap(b, *w) >= r - 1e-4, "polygon {p} {b:?} near {w:?}");
            }
        }
    }
    assert!(polygons > 50);
}

/// The quads each polygon covers, as `(x, z, half)` lattice keys (half 0: a whole quad; 1 and
/// 2: its triangles), counted.
fn coverage(regions: &[NavRegion], step: f32) -> BTreeMap<(i64, i64, u8), u32> {
    let mut out = BTreeMap::new();
    let q = |v: f32| (v / step).round() as i64;
    for set in sets(regions) {
        for p in 0..set.polygons.len() {
            let b = bounds(set, p);
            let half = match set.polygons[p].len() {
                3 => {
                    let c: Vec<[f32; 3]> = set.corners(p).collect();
                    if q(c[1][2]) == q(c[0][2]) {
                        1
                    } else {
                        2
                    }
                }
                _ => 0,
            };
            for z in q(b[1])..q(b[3]) {
                for x in q(b[0])..q(b[2]) {
                    *out.entry((x, z, half)).or_insert(0) += 1;
                }
            }
        }
    }
    out
}

#[test]
fn chunked_regions_meet_edge_to_edge_and_cover_what_one_region_covers() {
    let (grid, mesh, nav) = wet();
    let chunked = MeshParams {
        chunk_size: 24,
        ..mesh
    };
    let whole = regions(&grid, &mesh, &nav).unwrap();
    let parts = regions(&grid, &chunked, &nav).unwrap();
    assert_eq!(whole.len(), 1);
    assert_eq!(parts.len(), 9);
    let step = Lattice::new(grid.width(), grid.depth(), &mesh, &nav).step;
    let (a, b) = (coverage(&whole, step), coverage(&parts, step));
    assert!(a.values().all(|&n| n == 1) && b.values().all(|&n| n == 1));
    let quads = |c: &BTreeMap<(i64, i64, u8), u32>| {
        c.keys().map(|&(x, z, h)| (x, z, h > 0)).collect::<Vec<_>>()
    };
    let full = |c: &BTreeMap<(i64, i64, u8), u32>| {
        let mut v: Vec<(i64, i64)> = c.keys().map(|&(x, z, _)| (x, z)).collect();
        v.dedup();
        v
    };
    assert_eq!(full(&a), full(&b), "the same quads are walkable");
    assert!(!quads(&a).is_empty());
    // Along every chunk line, each edge of one region is an edge of its neighbour, same bits.
    let line = chunked.chunk_size as f32 * mesh.cell_size;
    let mut edges: BTreeMap<[u32; 6], Vec<usize>> = BTreeMap::new();
    for (r, region) in parts.iter().enumerate() {
        let set = &region.ground;
        for polygon in &set.polygons {
            for i in 0..polygon.len() {
                let (u, v) = (polygon[i], polygon[(i + 1) % polygon.len()]);
                let (p, q) = (set.vertices[u as usize], set.vertices[v as usize]);
                let on_line = |c: usize| p[c] == q[c] && p[c] > 0.0 && (p[c] / line).fract() == 0.0;
                if on_line(0) || on_line(2) {
                    let (lo, hi) = if (p[0], p[2]) <= (q[0], q[2]) {
                        (p, q)
                    } else {
                        (q, p)
                    };
                    let key = [lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]].map(f32::to_bits);
                    edges.entry(key).or_default().push(r);
                }
            }
        }
    }
    assert!(!edges.is_empty());
    let covered: std::collections::BTreeSet<(i64, i64)> = full(&b).into_iter().collect();
    let q = |bits: u32| (f32::from_bits(bits) / step).round() as i64;
    let mut shared = 0;
    for (key, owners) in &edges {
        let (x, z) = (q(key[0]), q(key[2]));
        let sides = if key[2] == key[5] {
            [(x, z - 1), (x, z)]
        } else {
            [(x - 1, z), (x, z)]
        };
        let both = sides.iter().all(|s| covered.contains(s));
        assert_eq!(owners.len(), if both { 2 } else { 1 }, "edge {key:?}");
        if both {
            assert_ne!(owners[0], owners[1]);
            shared += 1;
        }
    }
    assert!(shared > 20, "regions meet along {shared} edges");
}
