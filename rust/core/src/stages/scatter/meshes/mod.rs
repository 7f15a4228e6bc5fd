//! The species' low-poly meshes: a few seeded variants each, flat-shaded, vertex-coloured, of unit
//! size (about one unit tall, exactly one unit across: every vertex within half a unit of the
//! vertical axis, some on that circle) with the foot at the origin. An instance's transform
//! stretches a mesh to its height and crown width in metres
//! ([`crate::stages::scatter::ScatterInstance::basis_columns`]).

mod build;

use super::{Species, VARIANTS};
use crate::data::mesh::Mesh;
use build::{icosphere, Builder, Rgba, V3};
use rand::{Rng, SeedableRng};

/// Seed of the species meshes (independent of the generation seed: every map shares them).
pub const MESH_SEED: u64 = 0x5ca7_7e12_0000_0003;

/// A fingerprint of every variant of every species mesh ([`Mesh::hash`] of each, xxh3).
pub fn hash() -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for s in Species::ALL {
        for v in 0..VARIANTS {
            h.update(&species_mesh(s, v).hash().to_le_bytes());
        }
    }
    h.digest()
}

/// A colour varied by up to `amount` per channel.
fn tint(base: [f32; 3], amount: f32, rng: &mut impl Rng) -> Rgba {
    let mut jitter = |c: f32| (c + amount * (rng.random::<f32>() * 2.0 - 1.0)).clamp(0.0, 1.0);
    [jitter(base[0]), jitter(base[1]), jitter(base[2]), 1.0]
}

const BARK: [f32; 3] = [0.42, 0.29, 0.18];
const NEEDLES: [f32; 3] = [0.12, 0.34, 0.2];
const LEAVES: [f32; 3] = [0.24, 0.5, 0.2];

/// Variant `variant` (taken modulo [`VARIANTS`]) of a species' mesh.
pub fn species_mesh(species: Species, variant: u8) -> Mesh {
    let variant = variant % VARIANTS;
    let key =
        crate::algorithms::seed::mix64(MESH_SEED ^ ((species as u64) << 8 | u64::from(variant)));
    let mut rng = rand_pcg::Pcg32::seed_from_u64(key);
    // Built one unit tall, then narrowed or widened to one unit across.
    let h = 1.0;
    let mut b = Builder {
        mesh: Mesh::default(),
    };
    let rng = &mut rng;
    match species {
        Species::Conifer => {
            let bark = tint(BARK, 0.04, rng);
            b.frustum([0.0; 3], [0.0, 0.3 * h, 0.0], 0.07 * h, 0.05 * h, 5, bark);
            let tiers = 2 + rng.random_range(0..2);
            let green = tint(NEEDLES, 0.05, rng);
            for t in 0..tiers {
                let f = t as f32 / tiers as f32;
                let base = (0.18 + 0.5 * f) * h;
                let r = (0.34 - 0.18 * f) * h * (0.9 + 0.2 * rng.random::<f32>());
                let top = (base + (0.55 - 0.15 * f) * h).min(h);
                b.frustum([0.0, base, 0.0], [0.0, top, 0.0], r, 0.0, 7, green);
            }
        }
        Species::Broadleaf | Species::Birch => {
            let birch = species == Species::Birch;
            let bark = if birch {
                tint([0.86, 0.85, 0.8], 0.03, rng)
            } else {
                tint(BARK, 0.04, rng)
            };
            let trunk = if birch { 0.55 } else { 0.45 } * h;
            let r = if birch { 0.035 } else { 0.07 } * h;
            b.frustum([0.0; 3], [0.0, trunk, 0.0], r, 0.7 * r, 5, bark);
            let leaves = if birch { [0.42, 0.62, 0.24] } else { LEAVES };
            let blobs = 1 + rng.random_range(0..3);
            for k in 0..blobs {
                let green = tint(leaves, 0.06, rng);
                let spread = if k == 0 { 0.0 } else { 0.14 * h };
                let a = rng.random::<f32>() * core::f32::consts::TAU;
                let c = [
                    spread * libm::cosf(a),
                    (0.62 + 0.1 * rng.random::<f32>()) * h,
                    spread * libm::sinf(a),
                ];
                let rad = if birch {
                    [0.17 * h, 0.3 * h, 0.17 * h]
                } else {
                    [0.3 * h, 0.26 * h, 0.3 * h]
                };
                b.blob(c, rad, 0.18, green, rng);
            }
        }
        Species::Palm => {
            let bark = tint([0.55, 0.45, 0.3], 0.04, rng);
            let lean = 0.12 * h * (0.5 + rng.random::<f32>());
            let mut prev = [0.0f32; 3];
            for s in 1..=4 {
                let t = s as f32 / 4.0;
                let next = [lean * t * t, 0.85 * h * t, 0.0];
                b.frustum(
                    prev,
                    next,
                    0.05 * h * (1.0 - 0.3 * t),
                    0.05 * h * (0.95 - 0.3 * t),
                    5,
                    bark,
                );
                prev = next;
            }
            let fronds = 5 + rng.random_range(0..3);
            for k in 0..fronds {
                let a =
                    (k as f32 + rng.random::<f32>() * 0.4) * core::f32::consts::TAU / fronds as f32;
                let (c, s) = (libm::cosf(a), libm::sinf(a));
                let len = (0.45 + 0.15 * rng.random::<f32>()) * h;
                let tip = [prev[0] + c * len, prev[1] - 0.25 * h, prev[2] + s * len];
                let mid = [
                    prev[0] + c * len * 0.5,
                    prev[1] + 0.05 * h,
                    prev[2] + s * len * 0.5,
                ];
                let side = [-s * 0.08 * h, 0.0, c * 0.08 * h];
                let green = tint(LEAVES, 0.06, rng);
                b.leaf(
                    prev,
                    [mid[0] + side[0], mid[1], mid[2] + side[2]],
                    tip,
                    green,
                );
                b.leaf(
                    prev,
                    tip,
                    [mid[0] - side[0], mid[1], mid[2] - side[2]],
                    green,
                );
            }
        }
        Species::Acacia => {
            let bark = tint([0.38, 0.28, 0.2], 0.04, rng);
            b.frustum([0.0; 3], [0.0, 0.4 * h, 0.0], 0.06 * h, 0.045 * h, 5, bark);
            let forks = 2 + rng.random_range(0..2);
            let crown = 0.82 * h;
            for k in 0..forks {
                let a =
                    (k as f32 + rng.random::<f32>() * 0.5) * core::f32::consts::TAU / forks as f32;
                let end = [0.3 * h * libm::cosf(a), crown, 0.3 * h * libm::sinf(a)];
                b.frustum([0.0, 0.38 * h, 0.0], end, 0.04 * h, 0.025 * h, 4, bark);
            }
            let green = tint([0.36, 0.48, 0.2], 0.05, rng);
            let r = (0.55 + 0.15 * rng.random::<f32>()) * h;
            b.frustum(
                [0.0, crown, 0.0],
                [0.0, crown + 0.16 * h, 0.0],
                r,
                0.8 * r,
                8,
                green,
            );
        }
        Species::DeadSnag => {
            let wood = tint([0.5, 0.47, 0.42], 0.04, rng);
            b.frustum([0.0; 3], [0.0, 0.95 * h, 0.0], 0.07 * h, 0.02 * h, 5, wood);
            for _ in 0..2 + rng.random_range(0..2) {
                let y = (0.35 + 0.45 * rng.random::<f32>()) * h;
                let a = rng.random::<f32>() * core::f32::consts::TAU;
                let len = (0.2 + 0.15 * rng.random::<f32>()) * h;
                let end = [len * libm::cosf(a), y + 0.6 * len, len * libm::sinf(a)];
                b.frustum([0.0, y, 0.0], end, 0.025 * h, 0.008 * h, 4, wood);
            }
        }
        Species::Cactus => {
            let green = tint([0.3, 0.5, 0.27], 0.05, rng);
            b.frustum([0.0; 3], [0.0, h, 0.0], 0.1 * h, 0.085 * h, 6, green);
            for k in 0..rng.random_range(1..3) {
                let y = (0.3 + 0.25 * rng.random::<f32>()) * h;
                let a =
                    rng.random::<f32>() * 0.6 + if k == 0 { 0.0 } else { core::f32::consts::PI };
                let (c, s) = (libm::cosf(a), libm::sinf(a));
                let elbow = [0.25 * h * c, y, 0.25 * h * s];
                b.frustum([0.0, y, 0.0], elbow, 0.06 * h, 0.06 * h, 5, green);
                let top = [
                    elbow[0],
                    y + (0.25 + 0.1 * rng.random::<f32>()) * h,
                    elbow[2],
                ];
                b.frustum(elbow, top, 0.06 * h, 0.05 * h, 5, green);
            }
        }
        Species::Shrub => {
            for _ in 0..2 + rng.random_range(0..2) {
                let green = tint([0.25, 0.42, 0.2], 0.07, rng);
                let a = rng.random::<f32>() * core::f32::consts::TAU;
                let d = 0.35 * h * rng.random::<f32>();
                let c = [d * libm::cosf(a), 0.4 * h, d * libm::sinf(a)];
                b.blob(c, [0.6 * h, 0.5 * h, 0.6 * h], 0.2, green, rng);
            }
        }
        Species::Boulder => boulder(&mut b, h, rng),
    }
    unit_width(b.mesh)
}

/// `mesh` stretched horizontally to one unit across: its farthest vertex from the vertical axis
/// half a unit from it (normals follow the inverse stretch).
fn unit_width(mut mesh: Mesh) -> Mesh {
    let reach = mesh
        .positions
        .iter()
        .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
        .fold(0.0f32, f32::max);
    if reach <= 0.0 {
        return mesh;
    }
    let k = 0.5 / reach;
    for p in &mut mesh.positions {
        (p[0], p[2]) = (p[0] * k, p[2] * k);
    }
    for n in &mut mesh.normals {
        *n = build::normalize([n[0] / k, n[1], n[2] / k]);
    }
    mesh
}

/// A displaced icosphere sunk a little into the ground, longer than it is tall.
fn boulder(b: &mut Builder, h: f32, rng: &mut impl Rng) {
    let (verts, faces) = icosphere();
    let phases: Vec<f32> = (0..6)
        .map(|_| rng.random::<f32>() * core::f32::consts::TAU)
        .collect();
    let grey = tint([0.5, 0.49, 0.46], 0.05, rng);
    let radii = [0.75 * h, 0.55 * h, 0.65 * h];
    let pushed: Vec<V3> = verts
        .iter()
        .map(|p| {
            // Smooth bumps: a function of the direction, so shared vertices move together.
            let bump =
                0.12 * libm::sinf(3.0 * p[0] + phases[0]) * libm::sinf(3.0 * p[1] + phases[1])
                    + 0.1 * libm::sinf(4.0 * p[2] + phases[2]) * libm::cosf(5.0 * p[0] + phases[3]);
            let k = 1.0 + bump;
            [
                p[0] * radii[0] * k,
                p[1] * radii[1] * k + 0.3 * h,
                p[2] * radii[2] * k,
            ]
        })
        .collect();
    for [a, c, d] in faces {
        b.tri(pushed[a], pushed[c], pushed[d], grey, [0.0, 0.3 * h, 0.0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use build::dot;

    #[test]
    fn every_species_has_distinct_variants_of_unit_size() {
        for s in Species::ALL {
            let meshes: Vec<Mesh> = (0..VARIANTS).map(|v| species_mesh(s, v)).collect();
            for m in &meshes {
                assert!(m.vertex_count() >= 12 && m.vertex_count() % 3 == 0, "{s:?}");
                assert_eq!(m.colors.len(), m.vertex_count());
                let top = m.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
                assert!(top > 0.5 && top < 1.5, "{s:?}: top {top}");
                let reach = (m.positions.iter())
                    .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
                    .fold(0.0f32, f32::max);
                assert!((reach - 0.5).abs() < 1e-4, "{s:?}: reach {reach}");
                for n in &m.normals {
                    assert!((dot(*n, *n) - 1.0).abs() < 1e-3);
                }
            }
            assert_ne!(meshes[0], meshes[1], "{s:?}");
            assert_eq!(meshes[0], species_mesh(s, 0));
        }
    }

    #[test]
    fn faces_point_away_from_the_boulder_centre() {
        let m = species_mesh(Species::Boulder, 1);
        let centre = [0.0, 0.3, 0.0];
        for (t, n) in m.positions.chunks(3).zip(m.normals.chunks(3)) {
            let c = [
                (t[0][0] + t[1][0] + t[2][0]) / 3.0 - centre[0],
                (t[0][1] + t[1][1] + t[2][1]) / 3.0 - centre[1],
                (t[0][2] + t[1][2] + t[2][2]) / 3.0 - centre[2],
            ];
            assert!(dot(c, n[0]) > 0.0);
        }
    }
}
