//! A bucket grid over the street graph's nodes and edges, so that growth queries look at the
//! streets nearby instead of all of them. Candidates come back sorted by id, so every query
//! visits them in the same order as a scan of the whole graph would.

use glam::Vec2;

/// Side of one bucket, metres: about a block's minor street spacing.
pub const BUCKET: f32 = 32.0;

/// Node and edge ids per square bucket over a fixed extent; positions outside it fall into the
/// border buckets.
#[derive(Clone, Debug, Default)]
pub struct Index {
    origin: Vec2,
    nx: usize,
    nz: usize,
    nodes: Vec<Vec<u32>>,
    edges: Vec<Vec<u32>>,
}

impl Index {
    /// An empty index over the square `lo..hi`.
    pub fn new(lo: Vec2, hi: Vec2) -> Self {
        let span = (hi - lo).max(Vec2::splat(BUCKET));
        let nx = (span.x / BUCKET).ceil() as usize + 1;
        let nz = (span.y / BUCKET).ceil() as usize + 1;
        Index {
            origin: lo,
            nx,
            nz,
            nodes: vec![Vec::new(); nx * nz],
            edges: vec![Vec::new(); nx * nz],
        }
    }

    /// Bucket coordinates of `p`, clamped to the grid.
    fn cell(&self, p: Vec2) -> (usize, usize) {
        let f = ((p - self.origin) / BUCKET).floor();
        let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
        (clamp(f.x, self.nx), clamp(f.y, self.nz))
    }

    /// Bucket indices covering the box `lo..hi`.
    fn cells(&self, lo: Vec2, hi: Vec2) -> impl Iterator<Item = usize> + '_ {
        let ((x0, z0), (x1, z1)) = (self.cell(lo), self.cell(hi));
        (z0..=z1).flat_map(move |z| (x0..=x1).map(move |x| z * self.nx + x))
    }

    /// Records node `id` at `p`.
    pub fn add_node(&mut self, id: u32, p: Vec2) {
        let (x, z) = self.cell(p);
        self.nodes[z * self.nx + x].push(id);
    }

    /// Records edge `id` from `a` to `b` in every bucket its bounding box touches.
    pub fn add_edge(&mut self, id: u32, a: Vec2, b: Vec2) {
        let cells: Vec<usize> = self.cells(a.min(b), a.max(b)).collect();
        for c in cells {
            self.edges[c].push(id);
        }
    }

    /// Ids of the nodes in the buckets the box `lo..hi` touches, sorted.
    pub fn nodes_in(&self, lo: Vec2, hi: Vec2) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .cells(lo, hi)
            .flat_map(|c| self.nodes[c].iter().copied())
            .collect();
        out.sort_unstable();
        out
    }

    /// Ids of the edges in the buckets the box `lo..hi` touches, sorted and without repeats.
    pub fn edges_in(&self, lo: Vec2, hi: Vec2) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .cells(lo, hi)
            .flat_map(|c| self.edges[c].iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
