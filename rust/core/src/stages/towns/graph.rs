//! The planar street graph: nodes at crossings, bends and ends, straight edges between them.

use super::geom::{crossing, to_segment};
use super::index::Index;
use super::Street;
use glam::Vec2;

/// One straight street segment between two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreetEdge {
    /// First node.
    pub a: u32,
    /// Second node.
    pub b: u32,
    /// Whether the segment belongs to a major street.
    pub major: bool,
}

impl StreetEdge {
    /// The node at the other end from `n`.
    pub fn other(&self, n: u32) -> u32 {
        if self.a == n {
            self.b
        } else {
            self.a
        }
    }
}

/// A planar graph of street segments: edges meet only at shared nodes.
#[derive(Clone, Debug, Default)]
pub struct StreetGraph {
    /// Node positions `[x, z]`: in metres while the town grows, in cell coordinates in a
    /// [`Town`](super::Town).
    pub nodes: Vec<[f32; 2]>,
    /// Segments.
    pub edges: Vec<StreetEdge>,
    /// Per node: its edges, in insertion order.
    incident: Vec<Vec<u32>>,
    /// Buckets of nearby nodes and edges, when the graph has an extent.
    index: Option<Index>,
}

/// Graphs are equal when their nodes and edges are (the bucket index is not compared).
impl PartialEq for StreetGraph {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes && self.edges == other.edges && self.incident == other.incident
    }
}

impl StreetGraph {
    /// An empty graph whose queries look only at buckets near the query: nodes and edges are
    /// expected within `lo..hi` (outside it they still work, only slower).
    pub fn with_extent(lo: Vec2, hi: Vec2) -> Self {
        StreetGraph {
            index: Some(Index::new(lo, hi)),
            ..Default::default()
        }
    }

    /// Ids of the edges that may come near the box `lo..hi`, ascending.
    pub fn edges_near(&self, lo: Vec2, hi: Vec2) -> Vec<u32> {
        match &self.index {
            Some(index) => index.edges_in(lo, hi),
            None => (0..self.edges.len() as u32).collect(),
        }
    }

    /// Ids of the nodes that may lie in the box `lo..hi`, ascending.
    pub fn nodes_near(&self, lo: Vec2, hi: Vec2) -> Vec<u32> {
        match &self.index {
            Some(index) => index.nodes_in(lo, hi),
            None => (0..self.nodes.len() as u32).collect(),
        }
    }

    /// Moves every node to `f` of its position; the bucket index is dropped (queries then scan
    /// the whole graph, with the same answers).
    pub fn map_nodes(&mut self, f: impl Fn([f32; 2]) -> [f32; 2]) {
        for p in &mut self.nodes {
            *p = f(*p);
        }
        self.index = None;
    }

    /// Position of node `n`.
    pub fn pos(&self, n: u32) -> Vec2 {
        Vec2::from_array(self.nodes[n as usize])
    }

    /// End points of edge `e`.
    pub fn segment(&self, e: u32) -> (Vec2, Vec2) {
        let edge = self.edges[e as usize];
        (self.pos(edge.a), self.pos(edge.b))
    }

    /// End points of an edge of this graph.
    pub fn segment_of(&self, edge: &StreetEdge) -> (Vec2, Vec2) {
        (self.pos(edge.a), self.pos(edge.b))
    }

    /// The edges at node `n`.
    pub fn incident(&self, n: u32) -> &[u32] {
        &self.incident[n as usize]
    }

    /// Adds a node and returns its id.
    pub fn add_node(&mut self, p: Vec2) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(p.to_array());
        self.incident.push(Vec::new());
        if let Some(index) = &mut self.index {
            index.add_node(id, p);
        }
        id
    }

    /// Adds an edge between two nodes and returns its id.
    pub fn add_edge(&mut self, a: u32, b: u32, major: bool) -> u32 {
        let e = self.edges.len() as u32;
        self.edges.push(StreetEdge { a, b, major });
        self.incident[a as usize].push(e);
        self.incident[b as usize].push(e);
        let (pa, pb) = (self.pos(a), self.pos(b));
        if let Some(index) = &mut self.index {
            index.add_edge(e, pa, pb);
        }
        e
    }

    /// Splits edge `e` at `p` (a point on it) and returns the new node between its halves.
    pub fn split_edge(&mut self, e: u32, p: Vec2) -> u32 {
        let n = self.add_node(p);
        let StreetEdge { b, major, .. } = self.edges[e as usize];
        self.edges[e as usize].b = n;
        self.incident[b as usize].retain(|&x| x != e);
        self.incident[n as usize].push(e);
        self.add_edge(n, b, major);
        n
    }

    /// Whether nodes `a` and `b` share an edge.
    pub fn connected(&self, a: u32, b: u32) -> bool {
        self.incident(a)
            .iter()
            .any(|&e| self.edges[e as usize].other(a) == b)
    }

    /// The first edge (smallest parameter along `p→q`) that segment `p→q` crosses strictly
    /// inside both, skipping edges at the nodes in `skip`: `(edge, t)`.
    pub fn first_crossing(&self, p: Vec2, q: Vec2, skip: &[u32]) -> Option<(u32, f32)> {
        let mut best: Option<(u32, f32)> = None;
        for e in self.edges_near(p.min(q), p.max(q)) {
            let edge = self.edges[e as usize];
            if skip.contains(&edge.a) || skip.contains(&edge.b) {
                continue;
            }
            let (a, b) = self.segment(e);
            if let Some((t, _)) = crossing(p, q, a, b) {
                if best.is_none_or(|(_, bt)| t < bt) {
                    best = Some((e, t));
                }
            }
        }
        best
    }

    /// The nearest node within `radius` of `p`, skipping `skip`.
    pub fn nearest_node(&self, p: Vec2, radius: f32, skip: &[u32]) -> Option<u32> {
        let mut best: Option<(u32, f32)> = None;
        let r = Vec2::splat(radius);
        for n in self.nodes_near(p - r, p + r) {
            let d = self.pos(n).distance(p);
            if d <= radius && !skip.contains(&n) && best.is_none_or(|(_, bd)| d < bd) {
                best = Some((n, d));
            }
        }
        best.map(|(n, _)| n)
    }

    /// The nearest edge within `radius` of `p` whose nearest point lies strictly inside it,
    /// skipping edges at the nodes in `skip`: `(edge, parameter along it)`.
    pub fn nearest_edge(&self, p: Vec2, radius: f32, skip: &[u32]) -> Option<(u32, f32)> {
        let mut best: Option<(u32, f32, f32)> = None;
        let r = Vec2::splat(radius);
        for e in self.edges_near(p - r, p + r) {
            let edge = self.edges[e as usize];
            if skip.contains(&edge.a) || skip.contains(&edge.b) {
                continue;
            }
            let (a, b) = self.segment(e);
            let (d, t) = to_segment(p, a, b);
            if d <= radius && t > 0.0 && t < 1.0 && best.is_none_or(|(_, bd, _)| d < bd) {
                best = Some((e, d, t));
            }
        }
        best.map(|(e, _, t)| (e, t))
    }

    /// The streets: maximal chains of edges of one kind through nodes where exactly two edges
    /// meet, in the order of their first edge.
    pub fn streets(&self) -> Vec<Street> {
        let mut used = vec![false; self.edges.len()];
        let mut out = Vec::new();
        for e in 0..self.edges.len() {
            if used[e] {
                continue;
            }
            used[e] = true;
            let edge = self.edges[e];
            let forward = self.extend(edge.b, e as u32, edge.major, &mut used);
            let backward = self.extend(edge.a, e as u32, edge.major, &mut used);
            let mut nodes: Vec<u32> = backward.into_iter().rev().collect();
            nodes.push(edge.a);
            nodes.push(edge.b);
            nodes.extend(forward);
            let points = nodes.iter().map(|&n| self.nodes[n as usize]).collect();
            out.push(Street {
                points,
                major: edge.major,
            });
        }
        out
    }

    /// Follows a chain from `node` away from edge `from` while the node joins exactly two edges
    /// of the same kind; returns the nodes reached after `node`.
    fn extend(&self, mut node: u32, mut from: u32, major: bool, used: &mut [bool]) -> Vec<u32> {
        let mut out = Vec::new();
        loop {
            let inc = self.incident(node);
            if inc.len() != 2 {
                return out;
            }
            let next = if inc[0] == from { inc[1] } else { inc[0] };
            let edge = self.edges[next as usize];
            if used[next as usize] || edge.major != major {
                return out;
            }
            used[next as usize] = true;
            node = edge.other(node);
            from = next;
            out.push(node);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_keeps_the_chain_as_one_street() {
        let mut g = StreetGraph::default();
        let a = g.add_node(Vec2::ZERO);
        let b = g.add_node(Vec2::new(4.0, 0.0));
        let e = g.add_edge(a, b, true);
        let m = g.split_edge(e, Vec2::new(2.0, 0.0));
        assert!(g.connected(a, m) && g.connected(m, b) && !g.connected(a, b));
        let streets = g.streets();
        assert_eq!(streets.len(), 1);
        assert_eq!(streets[0].points.len(), 3);
        let c = g.add_node(Vec2::new(2.0, 3.0));
        g.add_edge(m, c, false);
        assert_eq!(g.streets().len(), 3);
        assert_eq!(
            g.first_crossing(Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), &[])
                .unwrap()
                .0,
            e
        );
    }
}
