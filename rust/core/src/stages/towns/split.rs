//! Cutting a simple polygon with a straight line into simple pieces, keeping track of which
//! edges lie on the original boundary (the street front of a lot).

use super::geom::{is_simple, signed_area, EPS};
use glam::Vec2;

/// A counter-clockwise ring with one flag per edge (edge `i` runs from vertex `i` to `i + 1`):
/// `true` where the edge lies on a street.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The ring's vertices.
    pub ring: Vec<Vec2>,
    /// Per edge: whether it fronts a street.
    pub front: Vec<bool>,
}

/// The least street frontage a lot keeps, metres: a piece that meets the street only at a
/// corner or along a sliver has no door to the street.
pub const MIN_FRONTAGE: f32 = 4.0;

impl Piece {
    /// Whether the piece's street edges add up to at least [`MIN_FRONTAGE`].
    pub fn touches_street(&self) -> bool {
        let n = self.ring.len();
        let frontage: f32 = (0..n)
            .filter(|&i| self.front[i])
            .map(|i| self.ring[i].distance(self.ring[(i + 1) % n]))
            .sum();
        frontage >= MIN_FRONTAGE
    }
}

/// One stop of the walk: a point, the flag of the edge leaving it along the ring, and the
/// crossing number when the point is where the line cuts the ring.
struct Stop {
    p: Vec2,
    front: bool,
    cut: Option<usize>,
}

/// The pieces of `piece` on both sides of the line through `origin` with unit direction `dir`.
/// The new edges along the cut are not street fronts. `None` when the cut misses the polygon or
/// the pieces do not add up to the polygon (a degenerate cut).
pub fn split(piece: &Piece, origin: Vec2, dir: Vec2) -> Option<Vec<Piece>> {
    let ring = &piece.ring;
    let n = ring.len();
    let normal = dir.perp();
    let side: Vec<f32> = ring.iter().map(|&p| (p - origin).dot(normal)).collect();
    let pos = |i: usize| side[i] >= 0.0;
    let mut stops = Vec::with_capacity(n + 4);
    let mut cuts: Vec<(f32, usize)> = Vec::new();
    for i in 0..n {
        let j = (i + 1) % n;
        stops.push(Stop {
            p: ring[i],
            front: piece.front[i],
            cut: None,
        });
        if pos(i) != pos(j) {
            let t = side[i] / (side[i] - side[j]);
            let x = ring[i] + (ring[j] - ring[i]) * t;
            cuts.push(((x - origin).dot(dir), stops.len()));
            stops.push(Stop {
                p: x,
                front: piece.front[i],
                cut: Some(cuts.len() - 1),
            });
        }
    }
    if cuts.len() < 2 || cuts.len() % 2 == 1 {
        return None;
    }
    let partner = pair_cuts(&cuts);
    let pieces = walk(&stops, &partner)?;
    let total: f32 = pieces.iter().map(|p| signed_area(&p.ring)).sum();
    let whole = signed_area(ring);
    let consistent = pieces.len() >= 2
        && (total - whole).abs() <= 1e-3 * whole.abs().max(1.0)
        && pieces
            .iter()
            .all(|p| signed_area(&p.ring) > EPS && is_simple(&p.ring));
    consistent.then_some(pieces)
}

/// The stop index each cut pairs with: cuts sorted along the line pair up first with second,
/// third with fourth, … (the chords inside a simple polygon).
fn pair_cuts(cuts: &[(f32, usize)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cuts.len()).collect();
    order.sort_by(|&a, &b| cuts[a].0.total_cmp(&cuts[b].0).then(a.cmp(&b)));
    let mut partner = vec![0; cuts.len()];
    for pair in order.chunks(2) {
        partner[pair[0]] = cuts[pair[1]].1;
        partner[pair[1]] = cuts[pair[0]].1;
    }
    partner
}

/// Walks the ring from every unvisited vertex, jumping along a chord at each cut reached along
/// the ring, and returns the closed walks as pieces.
fn walk(stops: &[Stop], partner: &[usize]) -> Option<Vec<Piece>> {
    let m = stops.len();
    let mut visited = vec![false; m];
    let mut pieces = Vec::new();
    for start in 0..m {
        if visited[start] || stops[start].cut.is_some() {
            continue;
        }
        let (mut ring, mut front) = (Vec::new(), Vec::new());
        let mut cur = start;
        let mut steps = 0;
        loop {
            steps += 1;
            if steps > 2 * m + 2 {
                return None;
            }
            visited[cur] = true;
            let stop = &stops[cur];
            ring.push(stop.p);
            let next = match stop.cut {
                Some(k) => {
                    // Arrived along the ring: cross the chord, then carry on along the ring.
                    front.push(false);
                    let other = partner[k];
                    ring.push(stops[other].p);
                    front.push(stops[other].front);
                    visited[other] = true;
                    (other + 1) % m
                }
                None => {
                    front.push(stop.front);
                    (cur + 1) % m
                }
            };
            if next == start {
                break;
            }
            cur = next;
        }
        pieces.push(clean(ring, front));
    }
    Some(pieces.into_iter().filter(|p| p.ring.len() >= 3).collect())
}

/// Drops repeated consecutive points (keeping the flag of the edge that leaves the last copy).
fn clean(ring: Vec<Vec2>, front: Vec<bool>) -> Piece {
    let mut out = Piece {
        ring: Vec::new(),
        front: Vec::new(),
    };
    for (p, f) in ring.into_iter().zip(front) {
        if out.ring.last().is_some_and(|q| q.distance(p) < EPS) {
            *out.front.last_mut().unwrap() = f;
        } else {
            out.ring.push(p);
            out.front.push(f);
        }
    }
    while out.ring.len() > 1 && out.ring[0].distance(*out.ring.last().unwrap()) < EPS {
        out.ring.pop();
        out.front.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_cut_in_half_keeps_its_fronts() {
        let sq = Piece {
            ring: vec![
                Vec2::ZERO,
                Vec2::new(2.0, 0.0),
                Vec2::new(2.0, 2.0),
                Vec2::new(0.0, 2.0),
            ],
            front: vec![true, false, true, false],
        };
        let parts = split(&sq, Vec2::new(1.0, 0.0), Vec2::Y).unwrap();
        assert_eq!(parts.len(), 2);
        for p in &parts {
            assert!((signed_area(&p.ring) - 2.0).abs() < 1e-5);
            assert_eq!(p.front.iter().filter(|&&f| f).count(), 2);
        }
    }

    #[test]
    fn a_u_shape_cut_across_both_arms_gives_three_pieces() {
        let u = Piece {
            ring: vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(3.0, 0.0),
                Vec2::new(3.0, 3.0),
                Vec2::new(2.0, 3.0),
                Vec2::new(2.0, 1.0),
                Vec2::new(1.0, 1.0),
                Vec2::new(1.0, 3.0),
                Vec2::new(0.0, 3.0),
            ],
            front: vec![true; 8],
        };
        let parts = split(&u, Vec2::new(0.0, 2.0), Vec2::X).unwrap();
        assert_eq!(parts.len(), 3);
        let total: f32 = parts.iter().map(|p| signed_area(&p.ring)).sum();
        assert!((total - 7.0).abs() < 1e-4);
        assert!(parts.iter().all(|p| p.front.iter().any(|&f| !f)));
    }
}
