//! The street tensor field, after the idea of Chen et al. 2008: at every point a symmetric,
//! trace-free 2×2 tensor `[[a, b], [b, −a]]` whose major eigenvector is the direction major streets
//! follow, the minor eigenvector (perpendicular) the one their cross streets follow.
//!
//! Four basis fields are summed with weights:
//! - **grid**: one seeded direction everywhere, strongest at the centre;
//! - **radial**: along the line to the centre, taking over away from it;
//! - **contours**: along the height contours (perpendicular to the ground's gradient), weighted
//!   by how steep the ground is against the grade limit;
//! - **coast**: along the shoreline (perpendicular to the gradient of the distance to water),
//!   fading with that distance.
//!
//! The sum is sampled once on a one-cell lattice over the town's square and read bilinearly.

use super::{Ground, TownSite};
use crate::algorithms::seed;
use glam::Vec2;
use rand::Rng;

/// Lattice spacing, in cells of the map: the field follows the ground cell by cell.
const STEP_CELLS: f32 = 1.0;
/// Lattice margin beyond the radius, in cells of the map.
const MARGIN_CELLS: f32 = 3.0;
/// The grid field never fades below this weight, so the field is never zero.
const GRID_FLOOR: f32 = 0.1;
/// Weight of the contour field on ground at the grade limit.
const CONTOUR_WEIGHT: f32 = 3.0;
/// Weight of the coast field at the shoreline.
const COAST_WEIGHT: f32 = 2.5;
/// Distance from the water over which the coast field fades by 1/e, metres: about the depth of
/// the first block along a waterfront.
const COAST_REACH: f32 = 40.0;

/// The sampled tensor field of one town.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorField {
    origin: Vec2,
    /// Lattice spacing, metres: [`STEP_CELLS`] of the map's cells.
    step: f32,
    nx: usize,
    nz: usize,
    /// `a` and `b` per lattice point, row by row.
    ab: Vec<Vec2>,
}

/// A unit tensor whose major eigenvector points along `dir`.
fn tensor_along(dir: Vec2) -> Vec2 {
    let len2 = dir.length_squared();
    if len2 < 1e-20 {
        return Vec2::ZERO;
    }
    // cos 2θ and sin 2θ from the direction without trigonometry.
    Vec2::new(dir.x * dir.x - dir.y * dir.y, 2.0 * dir.x * dir.y) / len2
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

impl TensorField {
    /// Samples the blended field around `site` on `ground`.
    pub fn new(site: &TownSite, ground: &dyn Ground) -> Self {
        let mut rng = seed::rng(site.seed, "town-field");
        let angle: f32 = rng.random_range(0.0..std::f32::consts::PI);
        let grid_dir = Vec2::new(libm::cosf(angle), libm::sinf(angle));
        let grid_share: f32 = rng.random_range(0.35..1.0);
        let step = STEP_CELLS * site.cell_size;
        let margin = MARGIN_CELLS * site.cell_size;
        let r = site.radius.max(step);
        let origin = Vec2::from_array(site.centre) - Vec2::splat(r + margin);
        let n = ((2.0 * (r + margin)) / step).ceil() as usize + 1;
        let at = |i: usize, j: usize| origin + Vec2::new(i as f32, j as f32) * step;
        let water: Vec<bool> = (0..n * n)
            .map(|k| {
                let p = at(k % n, k / n);
                ground.in_bounds(p.x, p.y) && ground.is_water(p.x, p.y)
            })
            .collect();
        let dist = water_distance(&water, n);
        let centre = Vec2::from_array(site.centre);
        let mut ab = Vec::with_capacity(n * n);
        for j in 0..n {
            for i in 0..n {
                let p = at(i, j);
                let d = p.distance(centre);
                let w_grid = grid_share * (1.0 - smoothstep(0.25 * r, r, d)) + GRID_FLOOR;
                let w_radial = (1.0 - grid_share) * smoothstep(0.0, 0.3 * r, d);
                let mut t = tensor_along(grid_dir) * w_grid + tensor_along(p - centre) * w_radial;
                let g = height_gradient(ground, p, step);
                let steep = (g.length() * site.vertical_scale / site.max_grade.max(1e-6)).min(1.0);
                t += tensor_along(g.perp()) * CONTOUR_WEIGHT * steep * steep;
                let k = j * n + i;
                if dist[k].is_finite() {
                    let gd = distance_gradient(&dist, n, i, j);
                    let w = COAST_WEIGHT * libm::expf(-dist[k] * step / COAST_REACH);
                    t += tensor_along(gd.perp()) * w;
                }
                ab.push(t);
            }
        }
        TensorField {
            origin,
            step,
            nx: n,
            nz: n,
            ab,
        }
    }

    /// The tensor `(a, b)` at `p`, bilinear between lattice points (clamped to the lattice).
    pub fn tensor(&self, p: Vec2) -> Vec2 {
        let f = (p - self.origin) / self.step;
        let fx = f.x.clamp(0.0, (self.nx - 1) as f32);
        let fz = f.y.clamp(0.0, (self.nz - 1) as f32);
        let (i, j) = (
            (fx as usize).min(self.nx - 2),
            (fz as usize).min(self.nz - 2),
        );
        let (tx, tz) = (fx - i as f32, fz - j as f32);
        let s = |di: usize, dj: usize| self.ab[(j + dj) * self.nx + i + di];
        let top = s(0, 0).lerp(s(1, 0), tx);
        let bottom = s(0, 1).lerp(s(1, 1), tx);
        top.lerp(bottom, tz)
    }

    /// The unit major eigenvector at `p`, or `None` where the field vanishes.
    pub fn major(&self, p: Vec2) -> Option<Vec2> {
        let t = self.tensor(p);
        let r = t.length();
        if r < 1e-6 {
            return None;
        }
        // Half-angle of (a, b): the direction whose doubled angle is the tensor's.
        let c = t.x / r;
        let half = Vec2::new(
            ((1.0 + c) * 0.5).max(0.0).sqrt(),
            ((1.0 - c) * 0.5).max(0.0).sqrt(),
        );
        Some(if t.y < 0.0 {
            Vec2::new(half.x, -half.y)
        } else {
            half
        })
    }

    /// The unit eigenvector of `family` (major when `true`) at `p` pointing the same way as
    /// `prev`, or `None` where the field vanishes.
    pub fn direction(&self, p: Vec2, major: bool, prev: Vec2) -> Option<Vec2> {
        let e = self.major(p)?;
        let e = if major { e } else { e.perp() };
        Some(if e.dot(prev) < 0.0 { -e } else { e })
    }
}

/// Central-difference gradient of the ground height over the lattice spacing `step`, in height
/// units per metre.
fn height_gradient(ground: &dyn Ground, p: Vec2, step: f32) -> Vec2 {
    let h = 0.5 * step;
    Vec2::new(
        ground.height(p.x + h, p.y) - ground.height(p.x - h, p.y),
        ground.height(p.x, p.y + h) - ground.height(p.x, p.y - h),
    ) / (2.0 * h)
}

/// Chamfer distance (steps 1 and √2) to the nearest water lattice point, in lattice steps; infinite
/// everywhere when there is no water.
fn water_distance(water: &[bool], n: usize) -> Vec<f32> {
    crate::algorithms::chamfer::distance(n, n * n, |i| water[i])
}

/// Gradient of the distance field at lattice point `(i, j)` (one-sided at the edges).
fn distance_gradient(d: &[f32], n: usize, i: usize, j: usize) -> Vec2 {
    let at = |x: usize, z: usize| d[z * n + x];
    let (i0, i1) = (i.saturating_sub(1), (i + 1).min(n - 1));
    let (j0, j1) = (j.saturating_sub(1), (j + 1).min(n - 1));
    let gx = (at(i1, j) - at(i0, j)) / (i1 - i0).max(1) as f32;
    let gz = (at(i, j1) - at(i, j0)) / (j1 - j0).max(1) as f32;
    let g = Vec2::new(gx, gz);
    if g.is_finite() {
        g
    } else {
        Vec2::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::towns::{Plane, SlopedCoast};

    #[test]
    fn streets_follow_contours_on_a_steep_slope() {
        let ground = Plane {
            size: [100.0, 100.0],
            height: 0.0,
            tilt: [0.1, 0.0],
        };
        let site = TownSite::new([50.0, 50.0], 30.0, 0.5, 3);
        let f = TensorField::new(&site, &ground);
        // Rising along x: the contours run along z.
        let e = f.major(Vec2::new(70.0, 50.0)).unwrap();
        assert!(e.y.abs() > 0.95, "major {e}");
    }

    #[test]
    fn streets_follow_the_shore_near_the_coast() {
        let ground = SlopedCoast {
            size: [100.0, 100.0],
            shore: 30.0,
            slope: 0.0,
            wave: 0.0,
        };
        let site = TownSite::new([40.0, 50.0], 30.0, 0.5, 11);
        let f = TensorField::new(&site, &ground);
        let e = f.major(Vec2::new(31.5, 50.0)).unwrap();
        assert!(e.y.abs() > 0.9, "major {e}");
    }

    #[test]
    fn the_eigenvector_doubles_back_to_the_tensor() {
        for k in 0..16 {
            let a = k as f32 * 0.37;
            let d = Vec2::new(libm::cosf(a), libm::sinf(a));
            let t = tensor_along(d);
            let f = TensorField {
                origin: Vec2::ZERO,
                step: 1.0,
                nx: 2,
                nz: 2,
                ab: vec![t; 4],
            };
            let e = f.major(Vec2::new(0.5, 0.5)).unwrap();
            assert!(e.dot(d).abs() > 0.9999, "angle {a}: {e} vs {d}");
        }
    }
}
