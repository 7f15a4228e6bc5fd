//! Plane geometry on `(x, z)` points: areas, crossings, containment, hulls, oriented boxes and
//! insets. Polygons are vertex rings without a repeated last vertex; counter-clockwise rings
//! (positive [`signed_area`]) have their inside on the left of each edge.

use glam::Vec2;

/// Tolerance for "the same point" and for open-interval crossing tests, in cells.
pub const EPS: f32 = 1e-4;

/// Twice-halved shoelace area: positive for counter-clockwise rings. Measured from the first
/// vertex, so a small ring far from the origin keeps its precision.
pub fn signed_area(poly: &[Vec2]) -> f32 {
    let n = poly.len();
    let Some(&o) = poly.first() else {
        return 0.0;
    };
    (0..n)
        .map(|i| (poly[i] - o).perp_dot(poly[(i + 1) % n] - o))
        .sum::<f32>()
        * 0.5
}

/// Area centroid of a ring (the vertex mean for a degenerate ring).
pub fn centroid(poly: &[Vec2]) -> Vec2 {
    let n = poly.len();
    let a = signed_area(poly);
    if n == 0 {
        return Vec2::ZERO;
    }
    if a.abs() < 1e-9 {
        return poly.iter().copied().sum::<Vec2>() / n as f32;
    }
    let origin = poly[0];
    let mut c = Vec2::ZERO;
    for i in 0..n {
        let (p, q) = (poly[i] - origin, poly[(i + 1) % n] - origin);
        c += (p + q) * p.perp_dot(q);
    }
    origin + c / (6.0 * a)
}

/// Where segments `a→b` and `c→d` cross strictly inside both: the parameters `(t, u)` along
/// each, both in `EPS..1 − EPS` (touching ends and parallel segments do not count).
pub fn crossing(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<(f32, f32)> {
    let (r, s) = (b - a, d - c);
    let den = r.perp_dot(s);
    if den.abs() < 1e-12 {
        return None;
    }
    let t = (c - a).perp_dot(s) / den;
    let u = (c - a).perp_dot(r) / den;
    let open = EPS..1.0 - EPS;
    (open.contains(&t) && open.contains(&u)).then_some((t, u))
}

/// Distance from `p` to segment `a→b` and the clamped parameter of the nearest point.
pub fn to_segment(p: Vec2, a: Vec2, b: Vec2) -> (f32, f32) {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p.distance(a + ab * t), t)
}

/// Whether `p` lies inside the ring (even-odd rule; points on the boundary may go either way).
pub fn contains(poly: &[Vec2], p: Vec2) -> bool {
    let n = poly.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Distance from `p` to the ring's boundary.
pub fn boundary_distance(poly: &[Vec2], p: Vec2) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| to_segment(p, poly[i], poly[(i + 1) % n]).0)
        .fold(f32::INFINITY, f32::min)
}

/// Whether `p` lies inside the ring or within `tol` of its boundary.
pub fn covers(poly: &[Vec2], p: Vec2, tol: f32) -> bool {
    contains(poly, p) || boundary_distance(poly, p) <= tol
}

/// Whether the ring is simple: at least three vertices, no two vertices closer than [`EPS`], and
/// no two non-adjacent edges crossing or touching.
pub fn is_simple(poly: &[Vec2]) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    for i in 0..n {
        for j in i + 1..n {
            if poly[i].distance(poly[j]) < EPS {
                return false;
            }
        }
    }
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            let (c, d) = (poly[j], poly[(j + 1) % n]);
            if crossing(a, b, c, d).is_some()
                || to_segment(c, a, b).0 < EPS
                || to_segment(a, c, d).0 < EPS
            {
                return false;
            }
        }
    }
    true
}

/// Convex hull, counter-clockwise (Andrew's monotone chain; collinear points dropped).
pub fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if (b - a).perp_dot(p - a) <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// An oriented bounding box: centre, unit long axis and half extents `(long, short)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    /// Centre of the box.
    pub centre: Vec2,
    /// Unit direction of the long side.
    pub axis: Vec2,
    /// Half the long side.
    pub half_long: f32,
    /// Half the short side.
    pub half_short: f32,
}

/// The smallest-area box around a ring, aligned with one of its hull's edges.
pub fn min_area_obb(poly: &[Vec2]) -> Obb {
    let hull = convex_hull(poly);
    let mut best: Option<(f32, Obb)> = None;
    let n = hull.len();
    for i in 0..n {
        let e = hull[(i + 1) % n] - hull[i];
        if e.length_squared() < 1e-12 {
            continue;
        }
        let u = e.normalize();
        let v = u.perp();
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for &p in &hull {
            let q = Vec2::new(p.dot(u), p.dot(v));
            lo = lo.min(q);
            hi = hi.max(q);
        }
        let ext = hi - lo;
        let area = ext.x * ext.y;
        if best.as_ref().is_none_or(|(a, _)| area < *a - 1e-6) {
            let mid = (lo + hi) * 0.5;
            let centre = u * mid.x + v * mid.y;
            let obb = if ext.x >= ext.y {
                Obb {
                    centre,
                    axis: u,
                    half_long: ext.x * 0.5,
                    half_short: ext.y * 0.5,
                }
            } else {
                Obb {
                    centre,
                    axis: v,
                    half_long: ext.y * 0.5,
                    half_short: ext.x * 0.5,
                }
            };
            best = Some((area, obb));
        }
    }
    best.map(|(_, o)| o).unwrap_or(Obb {
        centre: centroid(poly),
        axis: Vec2::X,
        half_long: 0.0,
        half_short: 0.0,
    })
}

/// The ring moved inwards by `dist[i]` along edge `i` (from vertex `i` to `i + 1`), for a
/// counter-clockwise ring. `None` when the result is not a simple ring inside the original with
/// the same orientation (the inset is too deep for the shape).
pub fn inset(poly: &[Vec2], dist: &[f32]) -> Option<Vec<Vec2>> {
    let n = poly.len();
    if n < 3 || dist.len() != n {
        return None;
    }
    let dir = |i: usize| (poly[(i + 1) % n] - poly[i]).normalize_or_zero();
    let max_d = dist.iter().copied().fold(0.0, f32::max);
    let mut out = Vec::with_capacity(n);
    for j in 0..n {
        let i = (j + n - 1) % n;
        let (ei, ej) = (dir(i), dir(j));
        let (pi, pj) = (poly[i] + ei.perp() * dist[i], poly[j] + ej.perp() * dist[j]);
        let den = ei.perp_dot(ej);
        let v = if den.abs() < 1e-4 {
            pj
        } else {
            pi + ei * ((pj - pi).perp_dot(ej) / den)
        };
        if v.distance(poly[j]) > 4.0 * max_d + EPS {
            return None;
        }
        out.push(v);
    }
    let same_way =
        (0..n).all(|i| (out[(i + 1) % n] - out[i]).dot(poly[(i + 1) % n] - poly[i]) > 0.0);
    let valid = same_way
        && signed_area(&out) > EPS
        && is_simple(&out)
        && out.iter().all(|&p| contains(poly, p));
    valid.then_some(out)
}

/// The ring without the vertices that stray less than `tol` from the line through their
/// neighbours (near-collinear vertices and the ends of very short edges), at least a triangle.
pub fn simplify(poly: &[Vec2], tol: f32) -> Vec<Vec2> {
    let mut out = poly.to_vec();
    loop {
        let n = out.len();
        if n <= 3 {
            return out;
        }
        let flat = (0..n).find(|&i| {
            let (a, b, c) = (out[(i + n - 1) % n], out[i], out[(i + 1) % n]);
            to_segment(b, a, c).0 < tol
        });
        match flat {
            Some(i) => {
                out.remove(i);
            }
            None => return out,
        }
    }
}

/// `inner` lies inside `outer`: every vertex inside and no edges crossing.
pub fn nested(inner: &[Vec2], outer: &[Vec2]) -> bool {
    let (n, m) = (inner.len(), outer.len());
    inner.iter().all(|&p| contains(outer, p))
        && (0..n).all(|i| {
            (0..m).all(|j| {
                crossing(inner[i], inner[(i + 1) % n], outer[j], outer[(j + 1) % m]).is_none()
            })
        })
}

/// Triangles of a simple counter-clockwise ring by ear clipping, as vertex index triples.
pub fn triangulate(poly: &[Vec2]) -> Vec<[usize; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut tris = Vec::with_capacity(poly.len().saturating_sub(2));
    let mut guard = 0;
    while idx.len() > 3 && guard < poly.len() * poly.len() {
        guard += 1;
        let m = idx.len();
        let ear = (0..m).find(|&k| {
            let (a, b, c) = (
                poly[idx[(k + m - 1) % m]],
                poly[idx[k]],
                poly[idx[(k + 1) % m]],
            );
            (b - a).perp_dot(c - b) > 1e-9
                && idx.iter().all(|&o| {
                    let p = poly[o];
                    p == a || p == b || p == c || !in_triangle(p, a, b, c)
                })
        });
        let k = ear.unwrap_or(0);
        tris.push([idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]]);
        idx.remove(k);
    }
    if idx.len() == 3 {
        tris.push([idx[0], idx[1], idx[2]]);
    }
    tris
}

fn in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    let d1 = (b - a).perp_dot(p - a);
    let d2 = (c - b).perp_dot(p - b);
    let d3 = (a - c).perp_dot(p - c);
    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(s: f32) -> Vec<Vec2> {
        vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(s, 0.0),
            Vec2::new(s, s),
            Vec2::new(0.0, s),
        ]
    }

    #[test]
    fn square_area_centroid_and_inset() {
        let sq = square(2.0);
        assert_eq!(signed_area(&sq), 4.0);
        assert_eq!(centroid(&sq), Vec2::new(1.0, 1.0));
        let ins = inset(&sq, &[0.5; 4]).unwrap();
        assert!((signed_area(&ins) - 1.0).abs() < 1e-5);
        assert!(inset(&sq, &[1.5; 4]).is_none());
    }

    #[test]
    fn crossing_needs_interior_points() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0));
        assert!(crossing(a, b, Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0)).is_some());
        assert!(crossing(a, b, Vec2::new(2.0, 0.0), Vec2::new(3.0, 1.0)).is_none());
        assert!(!is_simple(&[
            a,
            b,
            Vec2::new(0.0, 1.0),
            Vec2::new(2.0, 1.0)
        ]));
    }

    #[test]
    fn obb_of_a_rotated_rectangle() {
        let (u, v) = (Vec2::new(0.8, 0.6), Vec2::new(-0.6, 0.8));
        let rect = [Vec2::ZERO, u * 4.0, u * 4.0 + v, v];
        let obb = min_area_obb(&rect);
        assert!((obb.half_long - 2.0).abs() < 1e-4 && (obb.half_short - 0.5).abs() < 1e-4);
        assert!(obb.axis.dot(u).abs() > 0.999);
    }

    #[test]
    fn triangulation_covers_an_l_shape() {
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let tris = triangulate(&l);
        let area: f32 = tris
            .iter()
            .map(|t| signed_area(&[l[t[0]], l[t[1]], l[t[2]]]))
            .sum();
        assert_eq!(tris.len(), 4);
        assert!((area - 3.0).abs() < 1e-5);
    }
}
