//! Blocks: the bounded faces of the street graph, found by walking half-edges, then shrunk by
//! half the width of the streets around them.
//!
//! Dead ends are pruned first (they bound no face). Each half-edge `u→v` continues at `v` along
//! the edge next clockwise from `v→u`, which walks every face with the face on its left: bounded
//! faces come out counter-clockwise (positive area), the outer face clockwise. A face is dropped
//! when it is the outer face, when it visits a node twice (it wraps around a bridge or a
//! dangling part), when its shrunk outline is not simple, smaller than [`MIN_BLOCK_AREA`] or
//! larger than [`MAX_BLOCK_AREA`], or when any of it is water.

use super::geom::{inset, is_simple, signed_area};
use super::graph::StreetGraph;
use super::lots::district_of;
use super::{Block, Ground, TownSite};
use glam::Vec2;

/// Half the width of a major street, metres: a 12 m street, two lanes each way or one with
/// parking and pavements.
pub const MAJOR_HALF_WIDTH: f32 = 6.0;
/// Half the width of a minor street, metres: a 7 m residential street, two lanes with pavements.
pub const MINOR_HALF_WIDTH: f32 = 3.5;
/// Smallest block, square metres: about one small lot.
pub const MIN_BLOCK_AREA: f32 = 120.0;
/// Largest block, square metres (4 ha): a bigger face is open land between streets.
pub const MAX_BLOCK_AREA: f32 = 40_000.0;
/// Spacing of the water samples inside a block, in cells of the map (the water comes in cells).
const WATER_SAMPLE_CELLS: f32 = 0.5;

/// The blocks of a street graph, in the order of their faces' first half-edges.
pub fn find_blocks(site: &TownSite, ground: &dyn Ground, graph: &StreetGraph) -> Vec<Block> {
    let alive = prune_dead_ends(graph);
    let order = sorted_neighbours(graph, &alive);
    let mut seen = vec![false; graph.edges.len() * 2];
    let mut blocks = Vec::new();
    for h in 0..seen.len() {
        if seen[h] || !alive[h / 2] {
            continue;
        }
        let face = walk_face(graph, &order, h as u32, &mut seen);
        if let Some(block) = face.and_then(|f| shape_block(site, ground, graph, f)) {
            blocks.push(block);
        }
    }
    blocks
}

/// Per edge: whether it survives removing dead ends repeatedly.
fn prune_dead_ends(graph: &StreetGraph) -> Vec<bool> {
    let mut alive = vec![true; graph.edges.len()];
    let mut degree: Vec<usize> = (0..graph.nodes.len() as u32)
        .map(|n| graph.incident(n).len())
        .collect();
    let mut stack: Vec<u32> = (0..graph.nodes.len() as u32)
        .filter(|&n| degree[n as usize] == 1)
        .collect();
    while let Some(n) = stack.pop() {
        for &e in graph.incident(n) {
            if alive[e as usize] {
                alive[e as usize] = false;
                let other = graph.edges[e as usize].other(n);
                degree[n as usize] -= 1;
                degree[other as usize] -= 1;
                if degree[other as usize] == 1 {
                    stack.push(other);
                }
            }
        }
    }
    alive
}

/// Per node: the living half-edges leaving it (`2e` for `a→b`, `2e + 1` for `b→a`), sorted
/// counter-clockwise by angle.
fn sorted_neighbours(graph: &StreetGraph, alive: &[bool]) -> Vec<Vec<u32>> {
    (0..graph.nodes.len() as u32)
        .map(|n| {
            let at = graph.pos(n);
            let mut out: Vec<(f32, u32)> = graph
                .incident(n)
                .iter()
                .filter(|&&e| alive[e as usize])
                .map(|&e| {
                    let edge = graph.edges[e as usize];
                    let h = if edge.a == n { 2 * e } else { 2 * e + 1 };
                    let d = graph.pos(edge.other(n)) - at;
                    (libm::atan2f(d.y, d.x), h)
                })
                .collect();
            out.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            out.into_iter().map(|(_, h)| h).collect()
        })
        .collect()
}

/// Origin and target nodes of half-edge `h`.
fn ends(graph: &StreetGraph, h: u32) -> (u32, u32) {
    let edge = graph.edges[(h / 2) as usize];
    if h % 2 == 0 {
        (edge.a, edge.b)
    } else {
        (edge.b, edge.a)
    }
}

/// Walks the face left of half-edge `start`; returns its half-edges, or `None` when the walk
/// does not close (it cannot, in a planar graph; kept as a guard).
fn walk_face(
    graph: &StreetGraph,
    order: &[Vec<u32>],
    start: u32,
    seen: &mut [bool],
) -> Option<Vec<u32>> {
    let mut face = Vec::new();
    let mut h = start;
    loop {
        if seen[h as usize] {
            return (h == start).then_some(face);
        }
        seen[h as usize] = true;
        face.push(h);
        let (_, v) = ends(graph, h);
        let around = &order[v as usize];
        let twin = h ^ 1;
        let k = around.iter().position(|&x| x == twin)?;
        h = around[(k + around.len() - 1) % around.len()];
    }
}

/// The block of a face, or `None` when the face is dropped (see the module's rules).
fn shape_block(
    site: &TownSite,
    ground: &dyn Ground,
    graph: &StreetGraph,
    face: Vec<u32>,
) -> Option<Block> {
    let nodes: Vec<u32> = face.iter().map(|&h| ends(graph, h).0).collect();
    let mut sorted = nodes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != nodes.len() {
        return None;
    }
    let ring: Vec<Vec2> = nodes.iter().map(|&n| graph.pos(n)).collect();
    if signed_area(&ring) <= 0.0 || !is_simple(&ring) {
        return None;
    }
    let widths: Vec<f32> = face
        .iter()
        .map(|&h| match graph.edges[(h / 2) as usize].major {
            true => MAJOR_HALF_WIDTH,
            false => MINOR_HALF_WIDTH,
        })
        .collect();
    let shrunk = inset(&ring, &widths)?;
    let area = signed_area(&shrunk);
    if !(MIN_BLOCK_AREA..=MAX_BLOCK_AREA).contains(&area)
        || touches_water(ground, &ring, site.cell_size)
    {
        return None;
    }
    let district = district_of(site, &shrunk);
    Some(Block {
        polygon: shrunk.iter().map(|p| p.to_array()).collect(),
        nodes,
        district,
    })
}

/// Whether any sample on the ring's edges or inside it is water or off the map.
fn touches_water(ground: &dyn Ground, ring: &[Vec2], cell_size: f32) -> bool {
    let sample = WATER_SAMPLE_CELLS * cell_size;
    let wet = |p: Vec2| !ground.in_bounds(p.x, p.y) || ground.is_water(p.x, p.y);
    let n = ring.len();
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        let k = (a.distance(b) / sample).ceil().max(1.0) as usize;
        if (0..k).any(|s| wet(a.lerp(b, s as f32 / k as f32))) {
            return true;
        }
    }
    let (lo, hi) = ring
        .iter()
        .fold((ring[0], ring[0]), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let (nx, nz) = (
        ((hi.x - lo.x) / sample) as usize,
        ((hi.y - lo.y) / sample) as usize,
    );
    (0..=nz).any(|j| {
        (0..=nx).any(|i| {
            let p = lo + Vec2::new(i as f32, j as f32) * sample;
            super::geom::contains(ring, p) && wet(p)
        })
    })
}
