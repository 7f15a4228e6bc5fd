//! Street growth after the idea of Parish & Müller 2001: a queue of road proposals, each checked
//! against local constraints before it becomes a segment of the street graph.
//!
//! - **Global goals.** A proposal traces the tensor field's eigenvector of its family for one
//!   segment length (two half steps). The town starts with four major streets leaving the centre
//!   along both eigenvectors. Every `major_spacing` along a major street, major cross streets
//!   branch off both sides; every `minor_spacing`, minor ones. Branches switch family (major ↔
//!   minor eigenvector), and minor streets wait in the queue until the majors have grown.
//! - **Local constraints.** A segment is cut short before water, the map's edge and the town's
//!   radius (and the street ends there); a segment steeper than the grade limit turns by up to
//!   50° to find a gentler way up (streets wind up hills), and is dropped when none is gentle
//!   enough;
//!   it ends on the first street it crosses (the crossing becomes a node), or snaps to a node or a
//!   street within the snap radius. Segments that would meet another street at an angle below
//!   `MIN_ANGLE_COS` (about 35°), pass too close to a node, or repeat an edge are dropped.
//!
//! Every segment is checked against the whole graph before it is added, so the graph stays
//! planar: edges meet only at shared nodes.

use super::field::TensorField;
use super::geom::{crossing, to_segment};
use super::graph::StreetGraph;
pub use super::spacing::Spacing;
use super::{Ground, TownSite};
use crate::algorithms::seed;
use glam::Vec2;
use rand::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Segment length of major streets, metres.
const MAJOR_SEGMENT: f32 = 24.0;
/// Segment length of minor streets, metres.
const MINOR_SEGMENT: f32 = 20.0;
/// Streets meeting at a node must differ in direction by more than ~35°.
const MIN_ANGLE_COS: f32 = 0.82;
/// Sample spacing of the ground checks along a segment, in cells of the map.
const SAMPLE_CELLS: f32 = 0.2;
/// Each sample also checks the eight points this far away (a 3×3 stencil), in cells of the map: with
/// samples at most 0.1 cells from any point of the segment, water that comes in whole cells
/// cannot hide between the checks, and streets keep about this distance from the water.
const WATER_MARGIN_CELLS: f32 = 0.25;
/// Queue delay of minor streets behind majors.
const MINOR_DELAY: u32 = 40;
/// Largest turn of a street per segment (cosine): sharper field turns keep the old heading.
const MAX_TURN_COS: f32 = 0.7;
/// Turns `(cos, sin)` tried, in order, on a segment too steep to build: ±25° then ±50°.
const EASE_TURNS: [(f32, f32); 4] = [
    (0.906_307_8, 0.422_618_26),
    (0.906_307_8, -0.422_618_26),
    (0.642_787_6, 0.766_044_4),
    (0.642_787_6, -0.766_044_4),
];
/// Cap on proposals processed, so growth always ends.
const MAX_PROPOSALS: usize = 200_000;

/// A road proposal: grow from `from` heading `dir`.
#[derive(Clone, Copy, Debug)]
struct Proposal {
    from: u32,
    dir: Vec2,
    /// Whether it traces the major eigenvector.
    family: bool,
    /// Whether it is a major street.
    major: bool,
    /// Length grown since the last major and minor branches.
    since: [f32; 2],
}

/// The end a constrained segment reaches.
#[derive(Clone, Copy, Debug)]
enum End {
    Free(Vec2),
    Node(u32),
    OnEdge(u32, Vec2),
}

struct Growth<'a> {
    site: &'a TownSite,
    ground: &'a dyn Ground,
    field: &'a TensorField,
    spacing: Spacing,
    graph: StreetGraph,
    queue: BinaryHeap<Reverse<(u32, u64)>>,
    proposals: Vec<Proposal>,
    rng: rand_pcg::Pcg32,
}

/// Grows the street graph of a town.
pub fn grow_streets(site: &TownSite, ground: &dyn Ground, field: &TensorField) -> StreetGraph {
    let centre = Vec2::from_array(site.centre);
    let mut g = Growth {
        site,
        ground,
        field,
        spacing: Spacing::for_density(site.density),
        graph: StreetGraph::with_extent(
            centre - Vec2::splat(site.radius),
            centre + Vec2::splat(site.radius),
        ),
        queue: BinaryHeap::new(),
        proposals: Vec::new(),
        rng: seed::rng(site.seed, "town-streets"),
    };
    if !g.usable(centre) {
        return g.graph;
    }
    let root = g.graph.add_node(centre);
    let e = field.major(centre).unwrap_or(Vec2::X);
    for (dir, family) in [(e, true), (-e, true), (e.perp(), false), (-e.perp(), false)] {
        g.push(
            0,
            Proposal {
                from: root,
                dir,
                family,
                major: true,
                since: [0.0; 2],
            },
        );
    }
    let mut processed = 0;
    while let Some(Reverse((delay, id))) = g.queue.pop() {
        processed += 1;
        if processed > MAX_PROPOSALS {
            break;
        }
        let prop = g.proposals[id as usize];
        g.step(delay, prop);
    }
    g.graph
}

impl Growth<'_> {
    fn push(&mut self, delay: u32, p: Proposal) {
        let id = self.proposals.len() as u64;
        self.proposals.push(p);
        self.queue.push(Reverse((delay, id)));
    }

    /// Whether a point may carry a street: on the map, inside the town's radius, and no water at
    /// it or at the stencil around it.
    fn usable(&self, p: Vec2) -> bool {
        let ground = self.ground;
        let wet = |q: Vec2| ground.in_bounds(q.x, q.y) && ground.is_water(q.x, q.y);
        let margin = WATER_MARGIN_CELLS * self.site.cell_size;
        let stencil = [-margin, 0.0, margin];
        ground.in_bounds(p.x, p.y)
            && p.distance(Vec2::from_array(self.site.centre)) <= self.site.radius
            && !stencil
                .iter()
                .any(|&dz| stencil.iter().any(|&dx| wet(p + Vec2::new(dx, dz))))
    }

    /// Handles one proposal: trace, constrain, add, and queue what follows.
    fn step(&mut self, delay: u32, prop: Proposal) {
        let p = self.graph.pos(prop.from);
        let len = if prop.major {
            MAJOR_SEGMENT
        } else {
            MINOR_SEGMENT
        };
        let Some(q) = self.trace(p, prop.dir, prop.family, len) else {
            return;
        };
        let q = self.ease(p, q);
        let Some((end, stop)) = self.constrain(prop.from, p, q) else {
            return;
        };
        let end_node = match end {
            End::Free(q) => self.graph.add_node(q),
            End::Node(n) => n,
            End::OnEdge(e, x) => self.graph.split_edge(e, x),
        };
        self.graph.add_edge(prop.from, end_node, prop.major);
        if stop {
            return;
        }
        let q = self.graph.pos(end_node);
        let step = q - p;
        let dir = step.normalize_or_zero();
        let mut since = prop.since.map(|s| s + step.length());
        let here = Proposal {
            from: end_node,
            dir,
            since,
            ..prop
        };
        self.branch(delay, here, &mut since);
        self.push(delay + 1, Proposal { since, ..here });
    }

    /// Queues cross streets off both sides of a street once it has grown far enough.
    fn branch(&mut self, delay: u32, street: Proposal, since: &mut [f32; 2]) {
        let jitter = self.rng.random_range(-0.15..0.15f32);
        let (major_due, minor_due) = (
            street.major && since[0] >= self.spacing.major * (1.0 + jitter),
            since[1] >= self.spacing.minor * (1.0 + jitter),
        );
        if !(major_due || minor_due) {
            return;
        }
        since[1] = 0.0;
        if major_due {
            since[0] = 0.0;
        }
        let major = major_due;
        let wait = if major { 1 } else { MINOR_DELAY };
        for side in [street.dir.perp(), -street.dir.perp()] {
            let prop = Proposal {
                from: street.from,
                dir: side,
                family: !street.family,
                major,
                since: [0.0; 2],
            };
            self.push(delay + wait, prop);
        }
    }

    /// Follows the field for `len` from `p` (a midpoint step), keeping the heading when the
    /// field turns sharply or vanishes.
    fn trace(&self, p: Vec2, dir: Vec2, family: bool, len: f32) -> Option<Vec2> {
        let steer = |at: Vec2, prev: Vec2| {
            let d = self.field.direction(at, family, prev).unwrap_or(prev);
            if d.dot(prev) < MAX_TURN_COS {
                prev
            } else {
                d
            }
        };
        let d1 = steer(p, dir);
        let d2 = steer(p + d1 * (0.5 * len), d1);
        let q = p + d2 * len;
        q.is_finite().then_some(q)
    }

    /// Whether segment `p→q` climbs more than the grade limit.
    fn too_steep(&self, p: Vec2, q: Vec2) -> bool {
        let rise = (self.ground.height(q.x, q.y) - self.ground.height(p.x, p.y)).abs();
        rise * self.site.vertical_scale > self.site.max_grade * p.distance(q)
    }

    /// A steep segment `p→q` turned by the first of [`EASE_TURNS`] that brings it under the
    /// grade limit (streets wind up hills), or unchanged.
    fn ease(&self, p: Vec2, q: Vec2) -> Vec2 {
        if !self.too_steep(p, q) {
            return q;
        }
        EASE_TURNS
            .iter()
            .map(|&(c, s)| p + Vec2::new(c, s).rotate(q - p))
            .find(|&r| !self.too_steep(p, r))
            .unwrap_or(q)
    }

    /// Applies the local constraints to segment `p→q` from node `from`: the end it reaches and
    /// whether the street stops there, or `None` to drop it.
    fn constrain(&self, from: u32, p: Vec2, q: Vec2) -> Option<(End, bool)> {
        let full = p.distance(q);
        let (q, mut stop) = self.clip_to_land(p, q);
        if p.distance(q) < 0.4 * full {
            return None;
        }
        let snap = self.spacing.snap;
        let end = if let Some((e, t)) = self.graph.first_crossing(p, q, &[from]) {
            stop = true;
            self.on_edge(e, p + (q - p) * t)
        } else if let Some(n) = self.graph.nearest_node(q, snap, &[from]) {
            stop = true;
            End::Node(n)
        } else if let Some((e, t)) = self.graph.nearest_edge(q, 0.6 * snap, &[from]) {
            stop = true;
            let (a, b) = self.graph.segment(e);
            self.on_edge(e, a + (b - a) * t)
        } else {
            End::Free(q)
        };
        self.acceptable(from, p, end).then_some((end, stop))
    }

    /// A point on edge `e`, moved onto the edge's end node when it lies within the snap radius.
    fn on_edge(&self, e: u32, x: Vec2) -> End {
        let edge = self.graph.edges[e as usize];
        let (a, b) = self.graph.segment(e);
        let snap = self.spacing.snap;
        let (da, db) = (x.distance(a), x.distance(b));
        if da.min(db) < snap {
            End::Node(if da <= db { edge.a } else { edge.b })
        } else {
            End::OnEdge(e, x)
        }
    }

    /// Cuts `p→q` before the first sample that leaves the usable land; `true` when cut.
    fn clip_to_land(&self, p: Vec2, q: Vec2) -> (Vec2, bool) {
        let n = (p.distance(q) / (SAMPLE_CELLS * self.site.cell_size))
            .ceil()
            .max(1.0) as usize;
        let mut last = p;
        for k in 1..=n {
            let x = p.lerp(q, k as f32 / n as f32);
            if !self.usable(x) {
                return (last, true);
            }
            last = x;
        }
        (q, false)
    }

    /// The final checks of a constrained segment from node `from` to `end`.
    fn acceptable(&self, from: u32, p: Vec2, end: End) -> bool {
        let (q, end_node, on_edge) = match end {
            End::Free(q) => (q, None, None),
            End::Node(n) => (self.graph.pos(n), Some(n), None),
            End::OnEdge(e, x) => (x, None, Some(e)),
        };
        let len = p.distance(q);
        if len < 0.3 * self.spacing.snap || end_node == Some(from) {
            return false;
        }
        if end_node.is_some_and(|n| self.graph.connected(from, n)) {
            return false;
        }
        let (q_clip, cut) = self.clip_to_land(p, q);
        if cut || q_clip != q {
            return false;
        }
        if self.too_steep(p, q) {
            return false;
        }
        let dir = (q - p) / len;
        if !self.angles_ok(from, dir) || end_node.is_some_and(|n| !self.angles_ok(n, -dir)) {
            return false;
        }
        if let Some(e) = on_edge {
            let (a, b) = self.graph.segment(e);
            let along = (b - a).normalize_or_zero();
            // The split halves of a street keep its grade limit too: the ground is not a plane.
            if dir.dot(along).abs() > MIN_ANGLE_COS || self.too_steep(a, q) || self.too_steep(q, b)
            {
                return false;
            }
        }
        self.clear_of_graph(from, end_node, on_edge, p, q)
    }

    /// Whether direction `dir` leaving node `n` keeps the minimum angle to its streets.
    fn angles_ok(&self, n: u32, dir: Vec2) -> bool {
        let at = self.graph.pos(n);
        self.graph.incident(n).iter().all(|&e| {
            let other = self.graph.pos(self.graph.edges[e as usize].other(n));
            (other - at).normalize_or_zero().dot(dir) < MIN_ANGLE_COS
        })
    }

    /// Whether `p→q` crosses no edge and passes no node (except its own ends) too closely.
    fn clear_of_graph(
        &self,
        from: u32,
        end_node: Option<u32>,
        on_edge: Option<u32>,
        p: Vec2,
        q: Vec2,
    ) -> bool {
        let ends = [Some(from), end_node];
        let clearance = 0.25 * self.spacing.snap;
        let (lo, hi) = (
            p.min(q) - Vec2::splat(clearance),
            p.max(q) + Vec2::splat(clearance),
        );
        for e in self.graph.edges_near(lo, hi) {
            let edge = self.graph.edges[e as usize];
            let touches = ends.contains(&Some(edge.a)) || ends.contains(&Some(edge.b));
            if touches || on_edge == Some(e) {
                continue;
            }
            let (a, b) = self.graph.segment(e);
            if crossing(p, q, a, b).is_some() {
                return false;
            }
        }
        self.graph
            .nodes_near(lo, hi)
            .into_iter()
            .filter(|n| !ends.contains(&Some(*n)))
            .all(|n| to_segment(self.graph.pos(n), p, q).0 > clearance)
    }
}
