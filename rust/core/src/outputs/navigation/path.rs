//! Paths on a map's navigation mesh, found the way an engine's navigation map finds them on the
//! same regions: the polygons of every region (ground and roads) are joined where two of them
//! share an edge (the same two vertex positions seen from above, as neighbouring regions meet
//! edge to edge), the ends of a path snap to the closest point of the mesh, and a search weighs
//! each step by the travel cost of the polygon it crosses ([`NavigationParams::road_cost`] on the
//! road polygons, 1 elsewhere).
//!
//! A path runs from its start through the middle of each edge between consecutive polygons of
//! its corridor to its end: each of its segments lies inside one convex polygon, so the whole
//! path lies on the navigation mesh, as any path an engine finds through the same corridor does.
//! Tests walk these paths and their corridors to check what the engine's agents would cross.

use super::{NavPolygons, NavRegion};
use crate::params::NavigationParams;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

/// One polygon of the joined mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct NavPolygon {
    /// Its corners `[x, y, z]`, clockwise seen from above.
    pub corners: Vec<[f32; 3]>,
    /// The travel cost of crossing it, per world unit.
    pub cost: f32,
    /// Whether it belongs to a region's road polygons ([`NavRegion::road`]).
    pub road: bool,
}

impl NavPolygon {
    /// The mean of its corners.
    pub fn centre(&self) -> [f32; 3] {
        let n = self.corners.len().max(1) as f32;
        let mut c = [0.0f32; 3];
        for p in &self.corners {
            for (s, v) in c.iter_mut().zip(p) {
                *s += v;
            }
        }
        c.map(|s| s / n)
    }

    /// The point of the polygon closest to `p` (in three dimensions, over the fan of triangles
    /// from its first corner).
    pub fn closest(&self, p: [f32; 3]) -> [f32; 3] {
        let c = &self.corners;
        let mut best = c[0];
        let mut best_d = f32::INFINITY;
        for i in 1..c.len().saturating_sub(1) {
            let q = closest_on_triangle(p, c[0], c[i], c[i + 1]);
            let d = distance2(p, q);
            if d < best_d {
                (best, best_d) = (q, d);
            }
        }
        best
    }
}

/// A path on the navigation mesh: its points and the corridor of polygons it crosses.
#[derive(Clone, Debug, PartialEq)]
pub struct NavPath {
    /// The points, from the start (snapped onto the mesh) to the end (snapped likewise).
    pub points: Vec<[f32; 3]>,
    /// The polygons crossed, in order (indices into [`NavGraph::polygons`]).
    pub corridor: Vec<usize>,
}

/// The polygons of a map's navigation regions joined into one searchable mesh.
#[derive(Clone, Debug, Default)]
pub struct NavGraph {
    polygons: Vec<NavPolygon>,
    /// Per polygon: its neighbours and the shared edge's two ends.
    links: Vec<Vec<Link>>,
    least_cost: f32,
}

/// A neighbour of a polygon: its index and the two ends of the edge they share.
type Link = (usize, [f32; 3], [f32; 3]);

/// The key of a directed edge seen from above: the bits of its ends' `x` and `z`.
type EdgeKey = [u32; 4];

fn key(a: [f32; 3], b: [f32; 3]) -> EdgeKey {
    [
        a[0].to_bits(),
        a[2].to_bits(),
        b[0].to_bits(),
        b[2].to_bits(),
    ]
}

impl NavGraph {
    /// The mesh of `regions` (as [`super::regions`] builds them with the settings `nav`): every
    /// ground and road polygon, road polygons at [`NavigationParams::road_cost`].
    pub fn new(regions: &[NavRegion], nav: &NavigationParams) -> Self {
        let mut polygons = Vec::new();
        let mut add = |set: &NavPolygons, cost: f32, road: bool| {
            for p in 0..set.polygons.len() {
                polygons.push(NavPolygon {
                    corners: set.corners(p).collect(),
                    cost,
                    road,
                });
            }
        };
        for r in regions {
            add(&r.ground, 1.0, false);
            if let Some(road) = &r.road {
                add(road, nav.road_cost, true);
            }
        }
        let mut edges: HashMap<EdgeKey, usize> = HashMap::new();
        for (i, p) in polygons.iter().enumerate() {
            let c = &p.corners;
            for j in 0..c.len() {
                edges.insert(key(c[j], c[(j + 1) % c.len()]), i);
            }
        }
        let links = polygons
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let c = &p.corners;
                (0..c.len())
                    .filter_map(|j| {
                        let (a, b) = (c[j], c[(j + 1) % c.len()]);
                        let other = *edges.get(&key(b, a))?;
                        (other != i).then_some((other, a, b))
                    })
                    .collect()
            })
            .collect();
        let least_cost = polygons
            .iter()
            .map(|p| p.cost)
            .fold(1.0f32, f32::min)
            .max(0.0);
        NavGraph {
            polygons,
            links,
            least_cost,
        }
    }

    /// Every polygon, regions in order, each region's ground before its roads.
    pub fn polygons(&self) -> &[NavPolygon] {
        &self.polygons
    }

    /// The polygons that share an edge with polygon `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.links[i].iter().map(|&(j, _, _)| j)
    }

    /// The polygon closest to `p` and its point closest to `p` (the lowest index of equally
    /// close polygons); `None` on an empty mesh.
    pub fn closest(&self, p: [f32; 3]) -> Option<(usize, [f32; 3])> {
        let mut best: Option<(usize, [f32; 3], f32)> = None;
        for (i, polygon) in self.polygons.iter().enumerate() {
            if let Some((_, _, d)) = best {
                if bounds_distance2(&polygon.corners, p) >= d {
                    continue;
                }
            }
            let q = polygon.closest(p);
            let d = distance2(p, q);
            if best.is_none_or(|(_, _, bd)| d < bd) {
                best = Some((i, q, d));
            }
        }
        best.map(|(i, q, _)| (i, q))
    }

    /// The path from the mesh's point closest to `from` to its point closest to `to`, or `None`
    /// when the mesh is empty or no chain of joined polygons leads from one to the other.
    pub fn path(&self, from: [f32; 3], to: [f32; 3]) -> Option<NavPath> {
        self.paths(from, &[to]).pop().flatten()
    }

    /// The paths from the mesh's point closest to `from` to its points closest to each of `to`,
    /// in order (each as [`NavGraph::path`] finds it, `None` where none leads there), found in
    /// one search.
    pub fn paths(&self, from: [f32; 3], to: &[[f32; 3]]) -> Vec<Option<NavPath>> {
        let Some((start, a)) = self.closest(from) else {
            return vec![None; to.len()];
        };
        let ends: Vec<Option<(usize, [f32; 3])>> = to.iter().map(|&p| self.closest(p)).collect();
        let goals: Vec<usize> = ends.iter().flatten().map(|&(g, _)| g).collect();
        // Towards one end the search is led by the distance left; towards several, by none.
        let target = match ends.as_slice() {
            [Some((_, b))] => Some(*b),
            _ => None,
        };
        let from = self.search(start, &goals, target);
        ends.iter()
            .map(|end| {
                let (goal, b) = (*end)?;
                let mut corridor = vec![goal];
                while *corridor.last()? != start {
                    let before = from[*corridor.last()?];
                    if before == usize::MAX {
                        return None;
                    }
                    corridor.push(before);
                }
                corridor.reverse();
                let mut points = vec![a];
                for w in corridor.windows(2) {
                    let (_, p, q) = self.links[w[0]].iter().find(|&&(j, _, _)| j == w[1])?;
                    points.push(midpoint(*p, *q));
                }
                points.push(b);
                Some(NavPath { points, corridor })
            })
            .collect()
    }

    /// The polygon each polygon is best reached from on the way from polygon `start`
    /// (`usize::MAX` for `start` and those not reached), of least travel cost between the middles
    /// of the edges crossed, searched until every one of `goals` is reached: by A* towards the
    /// point `target` when there is one, else by Dijkstra's search.
    fn search(&self, start: usize, goals: &[usize], target: Option<[f32; 3]>) -> Vec<usize> {
        #[derive(PartialEq)]
        struct Open(f32, usize);
        impl Eq for Open {}
        impl Ord for Open {
            fn cmp(&self, other: &Self) -> Ordering {
                other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
            }
        }
        impl PartialOrd for Open {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        let n = self.polygons.len();
        let mut cost = vec![f32::INFINITY; n];
        let mut at = vec![[0.0f32; 3]; n];
        let mut from = vec![usize::MAX; n];
        let mut done = vec![false; n];
        let mut left: Vec<usize> = goals.to_vec();
        left.sort_unstable();
        left.dedup();
        let mut open = BinaryHeap::new();
        cost[start] = 0.0;
        at[start] = self.polygons[start].centre();
        open.push(Open(0.0, start));
        while let Some(Open(_, i)) = open.pop() {
            if done[i] {
                continue;
            }
            done[i] = true;
            if let Ok(k) = left.binary_search(&i) {
                left.remove(k);
                if left.is_empty() {
                    break;
                }
            }
            for &(j, p, q) in &self.links[i] {
                if done[j] {
                    continue;
                }
                let m = midpoint(p, q);
                let step = distance2(at[i], m).sqrt() * self.polygons[i].cost;
                let c = cost[i] + step;
                if c < cost[j] {
                    cost[j] = c;
                    at[j] = m;
                    from[j] = i;
                    let rest = target.map_or(0.0, |t| distance2(m, t).sqrt() * self.least_cost);
                    open.push(Open(c + rest, j));
                }
            }
        }
        from
    }
}

fn midpoint(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [0, 1, 2].map(|k| 0.5 * (a[k] + b[k]))
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn distance2(a: [f32; 3], b: [f32; 3]) -> f32 {
    let d = sub(a, b);
    dot(d, d)
}

/// The squared distance from `p` to the box around `corners` (a lower bound of its distance to
/// the polygon).
fn bounds_distance2(corners: &[[f32; 3]], p: [f32; 3]) -> f32 {
    (0..3)
        .map(|k| {
            let lo = corners.iter().map(|c| c[k]).fold(f32::INFINITY, f32::min);
            let hi = corners
                .iter()
                .map(|c| c[k])
                .fold(f32::NEG_INFINITY, f32::max);
            let d = (lo - p[k]).max(p[k] - hi).max(0.0);
            d * d
        })
        .sum()
}

/// The point of triangle `a b c` closest to `p` (Ericson, *Real-Time Collision Detection*, 5.1.5).
fn closest_on_triangle(p: [f32; 3], a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> [f32; 3] {
    let along =
        |o: [f32; 3], d: [f32; 3], t: f32| [o[0] + d[0] * t, o[1] + d[1] * t, o[2] + d[2] * t];
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let (d1, d2) = (dot(ab, ap), dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = sub(p, b);
    let (d3, d4) = (dot(ab, bp), dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return along(a, ab, d1 / (d1 - d3));
    }
    let cp = sub(p, c);
    let (d5, d6) = (dot(ab, cp), dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return along(a, ac, d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return along(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    let (v, w) = (vb * denom, vc * denom);
    [0, 1, 2].map(|k| a[k] + ab[k] * v + ac[k] * w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::navigation::CellRect;

    /// A region of unit squares at the given cells (one polygon each, clockwise seen from above
    /// with x right and z down), the road squares in its road set.
    fn region(ground: &[(i32, i32)], road: &[(i32, i32)]) -> NavRegion {
        let set = |cells: &[(i32, i32)]| {
            let mut out = NavPolygons::default();
            for &(x, z) in cells {
                let (x, z) = (x as f32, z as f32);
                let base = out.vertices.len() as u32;
                out.vertices.extend([
                    [x, 0.0, z],
                    [x + 1.0, 0.0, z],
                    [x + 1.0, 0.0, z + 1.0],
                    [x, 0.0, z + 1.0],
                ]);
                out.polygons.push(vec![base, base + 1, base + 2, base + 3]);
            }
            out
        };
        NavRegion {
            own: CellRect {
                x0: 0,
                x1: 8,
                z0: 0,
                z1: 8,
            },
            ground: set(ground),
            road: (!road.is_empty()).then(|| set(road)),
        }
    }

    #[test]
    fn polygons_join_where_they_share_an_edge() {
        let graph = NavGraph::new(
            &[region(&[(0, 0), (1, 0), (3, 0)], &[(1, 1)])],
            &NavigationParams::default(),
        );
        assert_eq!(graph.polygons().len(), 4);
        assert_eq!(graph.neighbours(0).collect::<Vec<_>>(), vec![1]);
        let mut beside: Vec<usize> = graph.neighbours(1).collect();
        beside.sort_unstable();
        assert_eq!(beside, vec![0, 3]);
        assert_eq!(
            graph.neighbours(2).count(),
            0,
            "a square apart has no neighbour"
        );
        assert!(graph.polygons()[3].road);
        assert_eq!(
            graph.polygons()[3].cost,
            NavigationParams::default().road_cost
        );
    }

    #[test]
    fn a_path_runs_through_its_corridor_from_end_to_end() {
        let cells: Vec<(i32, i32)> = (0..5).map(|x| (x, 0)).collect();
        let graph = NavGraph::new(&[region(&cells, &[])], &NavigationParams::default());
        let path = graph.path([0.5, 3.0, 0.5], [4.5, 0.0, 0.2]).unwrap();
        assert_eq!(path.corridor, vec![0, 1, 2, 3, 4]);
        assert_eq!(
            path.points.first(),
            Some(&[0.5, 0.0, 0.5]),
            "snapped onto the mesh"
        );
        let end = path.points[path.points.len() - 1];
        assert!((end[0] - 4.5).abs() < 1e-6 && end[1] == 0.0 && (end[2] - 0.2).abs() < 1e-6);
        assert_eq!(
            path.points[1],
            [1.0, 0.0, 0.5],
            "through the middle of the edge crossed"
        );
        assert_eq!(path.points.len(), 6);
    }

    #[test]
    fn no_path_between_pieces_that_do_not_join() {
        let graph = NavGraph::new(
            &[region(&[(0, 0), (2, 0)], &[])],
            &NavigationParams::default(),
        );
        assert!(graph.path([0.5, 0.0, 0.5], [2.5, 0.0, 0.5]).is_none());
        assert!(NavGraph::default().path([0.0; 3], [1.0; 3]).is_none());
    }

    #[test]
    fn a_cheaper_road_draws_the_path_onto_it() {
        // Two ways round from (0, 0) to (2, 0) over a missing middle: by the row z = 1 of road
        // (cost 0.5 each) or by the row z = -1 of ground, as long.
        let ground = [(0, 0), (2, 0), (0, -1), (1, -1), (2, -1)];
        let road = [(0, 1), (1, 1), (2, 1)];
        let graph = NavGraph::new(&[region(&ground, &road)], &NavigationParams::default());
        let path = graph.path([0.5, 0.0, 0.5], [2.5, 0.0, 0.5]).unwrap();
        let on_road = path
            .corridor
            .iter()
            .filter(|&&i| graph.polygons()[i].road)
            .count();
        assert_eq!(
            on_road, 3,
            "the path keeps to the road ({:?})",
            path.corridor
        );
    }

    #[test]
    fn the_closest_point_of_a_triangle() {
        let (a, b, c) = ([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 2.0]);
        assert_eq!(
            closest_on_triangle([0.5, 1.0, 0.5], a, b, c),
            [0.5, 0.0, 0.5]
        );
        assert_eq!(closest_on_triangle([-1.0, 0.0, -1.0], a, b, c), a);
        assert_eq!(closest_on_triangle([3.0, 0.0, 0.0], a, b, c), b);
        assert_eq!(
            closest_on_triangle([1.0, 0.0, -1.0], a, b, c),
            [1.0, 0.0, 0.0]
        );
        assert_eq!(
            closest_on_triangle([2.0, 0.0, 2.0], a, b, c),
            [1.0, 0.0, 1.0]
        );
    }
}
