//! The road network as a graph: the way between two points along the roads, and distances over
//! the road cells while the network grows.

use super::ground::{step_length, RoadGround};
use super::Road;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Length in cells of the shortest way from cell `from` to cell `to` over the cells marked in
/// `road` (eight neighbours); `None` when the road cells do not join them.
pub fn grid_distance(ground: &RoadGround, road: &[bool], from: usize, to: usize) -> Option<f32> {
    if !road[from] || !road[to] {
        return None;
    }
    let mut best: BTreeMap<usize, f32> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    best.insert(from, 0.0);
    heap.push((Reverse(0f32.to_bits()), Reverse(from)));
    while let Some((Reverse(bits), Reverse(a))) = heap.pop() {
        let d = f32::from_bits(bits);
        if a == to {
            return Some(d);
        }
        if best.get(&a).is_some_and(|&b| b < d) {
            continue;
        }
        for dir in 0..8 {
            let Some(b) = ground.neighbour(a, dir) else {
                continue;
            };
            if !road[b] {
                continue;
            }
            let nd = d + step_length(dir);
            if best.get(&b).is_none_or(|&old| nd < old) {
                best.insert(b, nd);
                heap.push((Reverse(nd.to_bits()), Reverse(b)));
            }
        }
    }
    None
}

/// The roads as a graph: one node per road point (roads that share a cell share the node), an
/// edge between consecutive points of a road.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoadNetwork {
    /// Each node's position, in the roads' cell units.
    pub nodes: Vec<[f32; 2]>,
    /// Each node's neighbours and the length of the edge to them, cells.
    pub edges: Vec<Vec<(u32, f32)>>,
}

impl RoadNetwork {
    /// The graph of `roads`; points of different roads on the same cell become one node.
    pub fn new(roads: &[Road]) -> Self {
        let mut ids: BTreeMap<u32, u32> = BTreeMap::new();
        let mut net = RoadNetwork::default();
        for road in roads {
            let mut previous: Option<u32> = None;
            for (&cell, &p) in road.cells.iter().zip(&road.points) {
                let id = *ids.entry(cell).or_insert_with(|| {
                    net.nodes.push(p);
                    net.edges.push(Vec::new());
                    (net.nodes.len() - 1) as u32
                });
                if let Some(prev) = previous.filter(|&q| q != id) {
                    let q = net.nodes[prev as usize];
                    let len = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                    net.edges[prev as usize].push((id, len));
                    net.edges[id as usize].push((prev, len));
                }
                previous = Some(id);
            }
        }
        net
    }

    /// The node nearest to `p` (ties: the lower node), or `None` for an empty network and for a
    /// point that is not finite (a NaN or infinite coordinate is nearest to no node: its
    /// distances would all be NaN or infinite, and the tie would pick node 0).
    pub fn nearest(&self, p: [f32; 2]) -> Option<u32> {
        if !p.iter().all(|v| v.is_finite()) {
            return None;
        }
        self.nodes
            .iter()
            .enumerate()
            .map(|(k, n)| ((n[0] - p[0]).powi(2) + (n[1] - p[1]).powi(2), k))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
            .map(|(_, k)| k as u32)
    }

    /// The shortest way along the roads from the road point nearest `from` to the road point
    /// nearest `to`, as the points it passes (both ends included); empty when there are no
    /// roads, when no road joins the two points and when either point is not finite.
    pub fn path(&self, from: [f32; 2], to: [f32; 2]) -> Vec<[f32; 2]> {
        let (Some(a), Some(b)) = (self.nearest(from), self.nearest(to)) else {
            return Vec::new();
        };
        let n = self.nodes.len();
        let mut dist = vec![f32::INFINITY; n];
        let mut parent = vec![u32::MAX; n];
        let mut heap = BinaryHeap::new();
        dist[a as usize] = 0.0;
        heap.push((Reverse(0f32.to_bits()), Reverse(a)));
        while let Some((Reverse(bits), Reverse(u))) = heap.pop() {
            let d = f32::from_bits(bits);
            if d > dist[u as usize] {
                continue;
            }
            if u == b {
                break;
            }
            for &(v, len) in &self.edges[u as usize] {
                let nd = d + len;
                if nd < dist[v as usize] {
                    dist[v as usize] = nd;
                    parent[v as usize] = u;
                    heap.push((Reverse(nd.to_bits()), Reverse(v)));
                }
            }
        }
        if dist[b as usize].is_infinite() {
            return Vec::new();
        }
        let mut out = vec![self.nodes[b as usize]];
        let mut k = b;
        while k != a {
            k = parent[k as usize];
            out.push(self.nodes[k as usize]);
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A road through the cells `(x, z)` of a map 10 cells wide.
    fn road(cells: &[(u32, u32)]) -> Road {
        Road {
            points: cells
                .iter()
                .map(|&(x, z)| [x as f32 + 0.5, z as f32 + 0.5])
                .collect(),
            cells: cells.iter().map(|&(x, z)| z * 10 + x).collect(),
            heights: vec![0.0; cells.len()],
            bridge: vec![false; cells.len()],
            width: 1.0,
        }
    }

    #[test]
    fn paths_follow_the_roads_through_shared_cells() {
        // An L: (0,0)→(4,0) and (4,0)→(4,4); a separate road far away.
        let roads = [
            road(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
            road(&[(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)]),
            road(&[(8, 8), (9, 8)]),
        ];
        let net = RoadNetwork::new(&roads);
        assert_eq!(net.nodes.len(), 11);
        let p = net.path([0.2, 0.1], [4.9, 4.6]);
        assert_eq!(p.len(), 9);
        assert_eq!(p[0], [0.5, 0.5]);
        assert_eq!(p[4], [4.5, 0.5]);
        assert_eq!(p[8], [4.5, 4.5]);
        // Consecutive points are neighbours.
        assert!(p
            .windows(2)
            .all(|w| (w[0][0] - w[1][0]).abs() <= 1.0 && (w[0][1] - w[1][1]).abs() <= 1.0));
        // Not joined: nothing.
        assert!(net.path([0.0, 0.0], [9.0, 9.0]).is_empty());
        assert!(RoadNetwork::new(&[])
            .path([0.0, 0.0], [1.0, 1.0])
            .is_empty());
        // The same point: a path of one point.
        assert_eq!(net.path([2.5, 0.5], [2.4, 0.6]), vec![[2.5, 0.5]]);
    }

    #[test]
    fn a_point_that_is_not_finite_has_no_path() {
        let net = RoadNetwork::new(&[road(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])]);
        let bad = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
        for v in bad {
            assert_eq!(net.nearest([v, 0.5]), None, "{v}");
            assert_eq!(net.nearest([0.5, v]), None, "{v}");
            assert!(net.path([v, 0.5], [4.5, 0.5]).is_empty(), "from {v}");
            assert!(net.path([0.5, 0.5], [4.5, v]).is_empty(), "to {v}");
        }
        // A finite point far away still finds its nearest node, on either side.
        assert_eq!(net.nearest([-1e6, 0.5]), Some(0));
        assert_eq!(net.nearest([1e6, 0.5]), Some(4));
        assert_eq!(net.path([-1e6, 0.0], [1e6, 0.0]).len(), 5);
    }

    #[test]
    fn the_shorter_branch_wins() {
        // Two ways from (0,0) to (4,0): straight, or a detour through row 3.
        let roads = [
            road(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
            road(&[
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 3),
                (2, 3),
                (3, 3),
                (4, 2),
                (4, 1),
                (4, 0),
            ]),
        ];
        let p = RoadNetwork::new(&roads).path([0.5, 0.5], [4.5, 0.5]);
        assert_eq!(p.len(), 5);
    }
}
