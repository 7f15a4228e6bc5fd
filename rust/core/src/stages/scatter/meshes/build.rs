//! The geometry the species' meshes are made of: flat-shaded triangles facing out, frusta,
//! lumpy balls and icospheres.

use crate::data::mesh::Mesh;
use rand::Rng;

/// A point or vector.
pub type V3 = [f32; 3];
/// An sRGB colour with alpha.
pub type Rgba = [f32; 4];

pub(super) fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub(super) fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub(super) fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub(super) fn normalize(a: V3) -> V3 {
    let l = dot(a, a).sqrt().max(1e-12);
    [a[0] / l, a[1] / l, a[2] / l]
}

/// Adds flat-shaded triangles to a mesh.
pub(super) struct Builder {
    /// The mesh built so far.
    pub mesh: Mesh,
}

impl Builder {
    /// A triangle facing away from `inside` (clockwise seen from the front, as the terrain mesh).
    pub(super) fn tri(&mut self, a: V3, b: V3, c: V3, color: Rgba, inside: V3) {
        let mut n = cross(sub(c, a), sub(b, a));
        let centroid = [
            (a[0] + b[0] + c[0]) / 3.0,
            (a[1] + b[1] + c[1]) / 3.0,
            (a[2] + b[2] + c[2]) / 3.0,
        ];
        let (b, c) = if dot(n, sub(centroid, inside)) < 0.0 {
            n = [-n[0], -n[1], -n[2]];
            (c, b)
        } else {
            (b, c)
        };
        let n = normalize(n);
        self.mesh.positions.extend([a, b, c]);
        self.mesh.normals.extend([n; 3]);
        self.mesh.colors.extend([color; 3]);
    }

    /// A triangle seen from both sides (leaves, fronds).
    pub(super) fn leaf(&mut self, a: V3, b: V3, c: V3, color: Rgba) {
        let n = normalize(cross(sub(c, a), sub(b, a)));
        let centroid = [
            (a[0] + b[0] + c[0]) / 3.0,
            (a[1] + b[1] + c[1]) / 3.0,
            (a[2] + b[2] + c[2]) / 3.0,
        ];
        self.tri(a, b, c, color, sub(centroid, n));
        self.tri(
            a,
            b,
            c,
            color,
            [centroid[0] + n[0], centroid[1] + n[1], centroid[2] + n[2]],
        );
    }

    /// A frustum from `base` (radius `r0`) to `top` (radius `r1`, 0 for a cone), `sides` sided,
    /// with its top capped.
    pub(super) fn frustum(
        &mut self,
        base: V3,
        top: V3,
        r0: f32,
        r1: f32,
        sides: usize,
        color: Rgba,
    ) {
        let axis = normalize(sub(top, base));
        let helper = if axis[1].abs() < 0.9 {
            [0.0, 1.0, 0.0]
        } else {
            [1.0, 0.0, 0.0]
        };
        let u = normalize(cross(axis, helper));
        let v = cross(axis, u);
        let ring = |c: V3, r: f32, i: usize| {
            let a = i as f32 * core::f32::consts::TAU / sides as f32;
            let (s, co) = (libm::sinf(a) * r, libm::cosf(a) * r);
            [
                c[0] + u[0] * co + v[0] * s,
                c[1] + u[1] * co + v[1] * s,
                c[2] + u[2] * co + v[2] * s,
            ]
        };
        let mid = [
            (base[0] + top[0]) / 2.0,
            (base[1] + top[1]) / 2.0,
            (base[2] + top[2]) / 2.0,
        ];
        for i in 0..sides {
            let j = (i + 1) % sides;
            let (a, b) = (ring(base, r0, i), ring(base, r0, j));
            if r1 > 0.0 {
                let (c, d) = (ring(top, r1, i), ring(top, r1, j));
                self.tri(a, b, c, color, mid);
                self.tri(b, d, c, color, mid);
                self.tri(c, d, top, color, base);
            } else {
                self.tri(a, b, top, color, mid);
            }
            self.tri(a, b, base, color, top);
        }
    }

    /// A lumpy ball: an icosahedron, each vertex pushed out or in by up to `lump` of its radius,
    /// scaled by `radii` about `centre`.
    pub(super) fn blob(
        &mut self,
        centre: V3,
        radii: V3,
        lump: f32,
        color: Rgba,
        rng: &mut impl Rng,
    ) {
        let (verts, faces) = icosahedron();
        let pushed: Vec<V3> = verts
            .iter()
            .map(|p| {
                let k = 1.0 + lump * (rng.random::<f32>() * 2.0 - 1.0);
                [
                    centre[0] + p[0] * radii[0] * k,
                    centre[1] + p[1] * radii[1] * k,
                    centre[2] + p[2] * radii[2] * k,
                ]
            })
            .collect();
        for [a, b, c] in faces {
            self.tri(pushed[a], pushed[b], pushed[c], color, centre);
        }
    }
}

/// The unit icosahedron: 12 vertices and 20 faces.
pub(super) fn icosahedron() -> (Vec<V3>, Vec<[usize; 3]>) {
    let t = (1.0 + 5f32.sqrt()) / 2.0;
    let raw = [
        [-1.0, t, 0.0],
        [1.0, t, 0.0],
        [-1.0, -t, 0.0],
        [1.0, -t, 0.0],
        [0.0, -1.0, t],
        [0.0, 1.0, t],
        [0.0, -1.0, -t],
        [0.0, 1.0, -t],
        [t, 0.0, -1.0],
        [t, 0.0, 1.0],
        [-t, 0.0, -1.0],
        [-t, 0.0, 1.0],
    ];
    let faces = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    (raw.iter().map(|p| normalize(*p)).collect(), faces)
}

/// The icosahedron subdivided once (80 faces), on the unit sphere.
pub(super) fn icosphere() -> (Vec<V3>, Vec<[usize; 3]>) {
    let (mut verts, faces) = icosahedron();
    let mut mids = std::collections::BTreeMap::new();
    let mut mid = |a: usize, b: usize, verts: &mut Vec<V3>| -> usize {
        *mids.entry((a.min(b), a.max(b))).or_insert_with(|| {
            let (p, q) = (verts[a], verts[b]);
            verts.push(normalize([p[0] + q[0], p[1] + q[1], p[2] + q[2]]));
            verts.len() - 1
        })
    };
    let mut out = Vec::with_capacity(80);
    for [a, b, c] in faces {
        let (ab, bc, ca) = (
            mid(a, b, &mut verts),
            mid(b, c, &mut verts),
            mid(c, a, &mut verts),
        );
        out.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
    }
    (verts, out)
}
