//! Buildings as flat-shaded, vertex-coloured triangles (walls, gables and roofs), in the same
//! layout and winding as the terrain mesh, ready for an engine's array mesh.

use super::geom::{min_area_obb, triangulate};
use super::split::{split, Piece};
use super::{v2, Building, Style};
use crate::data::mesh::Mesh;
use glam::{Vec2, Vec3};

/// Wall and roof colours (sRGB) per style.
fn colours(style: Style) -> ([f32; 3], [f32; 3]) {
    match style {
        Style::Tower => ([0.62, 0.64, 0.68], [0.33, 0.34, 0.37]),
        Style::House => ([0.86, 0.79, 0.65], [0.62, 0.26, 0.18]),
        Style::Shed => ([0.56, 0.53, 0.49], [0.44, 0.47, 0.50]),
    }
}

/// Triangles of `buildings` in world units: `x` and `z` are cell coordinates times `cell_size`,
/// `y` is ground height units times `height_scale` (the terrain mesh's scales).
pub fn buildings_mesh(buildings: &[Building], cell_size: f32, height_scale: f32) -> Mesh {
    let mut out = Out {
        mesh: Mesh::default(),
        cell_size,
        height_scale,
        colour: [1.0; 4],
    };
    for b in buildings {
        building(&mut out, b);
    }
    out.mesh
}

/// The mesh being built and its scales.
struct Out {
    mesh: Mesh,
    cell_size: f32,
    height_scale: f32,
    colour: [f32; 4],
}

impl Out {
    /// Adds triangle `a, b, c` (plane `x`, height `y`, plane `z`) facing along `outward`;
    /// degenerate triangles are skipped.
    fn tri(&mut self, a: Vec3, b: Vec3, c: Vec3, outward: Vec3) {
        let s = Vec3::new(self.cell_size, self.height_scale, self.cell_size);
        let (a, mut b, mut c) = (a * s, b * s, c * s);
        let mut n = (c - a).cross(b - a);
        if n.length_squared() < 1e-14 {
            return;
        }
        if n.dot(outward * s.recip()) < 0.0 {
            std::mem::swap(&mut b, &mut c);
            n = -n;
        }
        let n = n.normalize();
        self.mesh
            .positions
            .extend([a.to_array(), b.to_array(), c.to_array()]);
        self.mesh.normals.extend([n.to_array(); 3]);
        self.mesh.colors.extend([self.colour; 3]);
    }

    /// Adds quad `a, b, c, d` (in order around it) facing along `outward`.
    fn quad(&mut self, [a, b, c, d]: [Vec3; 4], outward: Vec3) {
        self.tri(a, b, c, outward);
        self.tri(a, c, d, outward);
    }
}

/// The roof's shape over a footprint: height above the walls' top at a plane point.
struct Roof {
    centre: Vec2,
    across: Vec2,
    half: f32,
    rise: f32,
}

impl Roof {
    fn lift(&self, p: Vec2) -> f32 {
        if self.half <= 0.0 {
            return 0.0;
        }
        let d = ((p - self.centre).dot(self.across).abs() / self.half).min(1.0);
        self.rise * (1.0 - d)
    }
}

fn building(out: &mut Out, b: &Building) {
    let (wall, roof_colour) = colours(b.style);
    let ring: Vec<Vec2> = b.footprint.iter().map(|&p| v2(p)).collect();
    let obb = min_area_obb(&ring);
    let roof = Roof {
        centre: obb.centre,
        across: obb.axis.perp(),
        half: obb.half_short,
        rise: b.roof,
    };
    let (bottom, top) = (b.base, b.base + b.height);
    let at = |p: Vec2, y: f32| Vec3::new(p.x, y, p.y);
    out.colour = [wall[0], wall[1], wall[2], 1.0];
    let n = ring.len();
    for i in 0..n {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        let d = q - p;
        let outward = Vec3::new(d.y, 0.0, -d.x);
        out.quad(
            [at(p, bottom), at(q, bottom), at(q, top), at(p, top)],
            outward,
        );
        if b.roof > 0.0 {
            for (s, t) in gable_pieces(&roof, p, q) {
                let (ys, yt) = (top + roof.lift(s), top + roof.lift(t));
                out.quad([at(s, top), at(t, top), at(t, yt), at(s, ys)], outward);
            }
        }
    }
    out.colour = [roof_colour[0], roof_colour[1], roof_colour[2], 1.0];
    let halves = (b.roof > 0.0)
        .then(|| {
            let piece = Piece {
                ring: ring.clone(),
                front: vec![false; n],
            };
            split(&piece, obb.centre, obb.axis)
        })
        .flatten()
        .unwrap_or_else(|| {
            vec![Piece {
                ring: ring.clone(),
                front: vec![false; n],
            }]
        });
    let roof = if halves.len() > 1 {
        roof
    } else {
        Roof { rise: 0.0, ..roof }
    };
    for half in halves {
        for t in triangulate(&half.ring) {
            let v = t.map(|k| at(half.ring[k], top + roof.lift(half.ring[k])));
            out.tri(v[0], v[1], v[2], Vec3::Y);
        }
    }
}

/// Edge `p→q` split where it crosses the roof's ridge line.
fn gable_pieces(roof: &Roof, p: Vec2, q: Vec2) -> Vec<(Vec2, Vec2)> {
    let (sp, sq) = (
        (p - roof.centre).dot(roof.across),
        (q - roof.centre).dot(roof.across),
    );
    if (sp > 0.0) != (sq > 0.0) && (sp - sq).abs() > 1e-9 {
        let x = p.lerp(q, sp / (sp - sq));
        vec![(p, x), (x, q)]
    } else {
        vec![(p, q)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_house_is_closed_above_and_faces_out() {
        let b = Building {
            footprint: vec![[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [0.0, 2.0]],
            base: 1.0,
            height: 0.3,
            style: Style::House,
            roof: 0.1,
            lot: 0,
        };
        let m = buildings_mesh(&[b], 1.0, 10.0);
        assert_eq!(m.positions.len(), m.normals.len());
        assert_eq!(m.positions.len() % 3, 0);
        let top = m.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert!((top - 14.0).abs() < 1e-4, "ridge at {top}");
        // Every normal points away from the house's centre axis.
        for (k, n) in m.normals.iter().enumerate().step_by(3) {
            let c = m.positions[k..k + 3]
                .iter()
                .fold([0.0f32; 3], |a, p| [a[0] + p[0], a[1] + p[1], a[2] + p[2]]);
            let rel = Vec3::new(c[0] / 3.0 - 2.0, 0.0, c[2] / 3.0 - 1.0);
            let n = Vec3::from_array(*n);
            assert!(n.y > 0.0 || n.dot(rel) > 0.0, "triangle {k} faces inwards");
        }
        // Roof area from above equals the footprint.
        let roof_area: f32 = m
            .positions
            .chunks(3)
            .zip(m.normals.chunks(3))
            .filter(|(_, n)| n[0][1] > 0.1)
            .map(|(t, _)| {
                let (a, b, c) = (
                    Vec2::new(t[0][0], t[0][2]),
                    Vec2::new(t[1][0], t[1][2]),
                    Vec2::new(t[2][0], t[2][2]),
                );
                ((b - a).perp_dot(c - a) * 0.5).abs()
            })
            .sum();
        assert!((roof_area - 8.0).abs() < 1e-3, "roof covers {roof_area}");
    }
}
