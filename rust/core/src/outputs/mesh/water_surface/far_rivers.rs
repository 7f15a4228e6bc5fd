//! Far rivers: from level [`FAR_RIVER_LEVEL`] on, a river is drawn as one straight strip per
//! coarse quad instead of its cells' full detail, so a far river costs what far ground costs and
//! keeps its width and course.
//!
//! Within a coarse quad, each river cell (a river's surface cell or a ring cell beside it) weighs
//! its wet area: the part of its full-detail water that lies above the ground, as level 0 draws
//! it. The strip is the rectangle that
//! - runs along the principal axis of those cells (the eigenvector of their area-weighted
//!   covariance, found with square roots only, so the same bits everywhere),
//! - spans the cells along that axis, end to end,
//! - is as wide as their wet area divided by that length, so the strip covers as much water as
//!   the full detail shows,
//! - slopes with a least-squares fit of the cells' water levels along the axis,
//! - and has the depth whose tint is the cells' mean tint, so it shows their mean colour,
//!
//! clipped to the chunk. Where the level's coarse ground rises above the strip (a narrow valley
//! the coarse lattice steps over), the strip lies [`FAR_RIVER_LIFT`] above the coarse ground, so a
//! far river stays in view instead of running under the hill.

use super::clip::{Part, WetVertex, TINT_DEPTH};
use super::levels::Body;
use super::WaterLevels;
use crate::outputs::mesh::chunks::Chunk;
use glam::Vec3;

/// The first level of detail that draws rivers as strips; finer levels keep the full detail.
pub const FAR_RIVER_LEVEL: u32 = 2;
/// Height of a strip above coarse ground that rises over the river, as a share of the coarse
/// quad's side.
pub const FAR_RIVER_LIFT: f32 = 0.05;

/// One river cell of a coarse quad: its centre (cells), wet area (cells²), mean water level
/// (height units) and the mean depth tint of its wet corners (`depth / (depth + TINT_DEPTH)`,
/// see [`water_color`](super::clip::water_color)).
#[derive(Clone, Copy, Debug)]
struct WetCell {
    x: f32,
    z: f32,
    area: f32,
    level: f32,
    tint: f32,
}

/// Area of the part of a triangle of area `whole` where the linearly interpolated depth, `d` at
/// its corners, is positive.
pub(super) fn wet_share(d: [f32; 3], whole: f32) -> f32 {
    let wet = d.iter().filter(|&&x| x > 0.0).count();
    match wet {
        0 => 0.0,
        3 => whole,
        _ => {
            // The lone vertex on one side cuts a similar triangle off the other two edges.
            let lone = (0..3).find(|&k| (d[k] > 0.0) == (wet == 1)).unwrap_or(0);
            let (a, b, c) = (d[lone], d[(lone + 1) % 3], d[(lone + 2) % 3]);
            let corner = whole * (a / (a - b)) * (a / (a - c));
            if wet == 1 {
                corner
            } else {
                whole - corner
            }
        }
    }
}

/// The principal axis of a 2 × 2 covariance `[[xx, xz], [xz, zz]]`: the unit eigenvector of its
/// largest eigenvalue (x when the cells spread equally every way).
fn principal_axis(xx: f32, zz: f32, xz: f32) -> (f32, f32) {
    let half = (xx - zz) / 2.0;
    let root = (half * half + xz * xz).sqrt();
    if root <= 1e-6 * (xx + zz) {
        return (1.0, 0.0);
    }
    let (ux, uz) = if half >= 0.0 {
        (half + root, xz)
    } else {
        (xz, root - half)
    };
    let len = (ux * ux + uz * uz).sqrt();
    (ux / len, uz / len)
}

/// Clips the polygon `poly` (x, z) to `lo ≤ coordinate k ≤ hi`.
fn clip_axis(poly: &[(f32, f32)], k: usize, lo: f32, hi: f32) -> Vec<(f32, f32)> {
    let get = |p: (f32, f32)| if k == 0 { p.0 } else { p.1 };
    let mut out = poly.to_vec();
    for (bound, keep_above) in [(lo, true), (hi, false)] {
        let inside = |p: (f32, f32)| (get(p) >= bound) == keep_above || get(p) == bound;
        let input = std::mem::take(&mut out);
        for (i, &a) in input.iter().enumerate() {
            let b = input[(i + 1) % input.len()];
            if inside(a) {
                out.push(a);
            }
            if inside(a) != inside(b) {
                let t = (bound - get(a)) / (get(b) - get(a));
                let mut p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                if k == 0 {
                    p.0 = bound;
                } else {
                    p.1 = bound;
                }
                out.push(p);
            }
        }
    }
    out
}

impl WaterLevels<'_> {
    /// The river cells of the coarse quad `xs` × `zs` (lattice lines) with water above their
    /// ground, and the widest river among them.
    fn wet_river_cells(&self, xs: (usize, usize), zs: (usize, usize)) -> (Vec<WetCell>, f32) {
        let n = self.layout.subdivisions;
        let micro = 1.0 / (n * n) as f32 / 2.0;
        let mut cells = Vec::new();
        let mut widest = 0.0f32;
        for cz in self.cells(zs, self.depth) {
            for cx in self.cells(xs, self.width) {
                let Some((Body::River, width)) = self.region.get(cz * self.width + cx) else {
                    continue;
                };
                let depth = |gx: usize, gz: usize| {
                    let d = self.levels.at(gx, gz) - self.ground(gx, gz);
                    if d.is_nan() {
                        -1.0
                    } else {
                        d
                    }
                };
                let mut area = 0.0f32;
                for sz in 0..n {
                    for sx in 0..n {
                        let (gx, gz) = (cx * n + sx, cz * n + sz);
                        let (d00, d10) = (depth(gx, gz), depth(gx + 1, gz));
                        let (d01, d11) = (depth(gx, gz + 1), depth(gx + 1, gz + 1));
                        area +=
                            wet_share([d00, d10, d11], micro) + wet_share([d00, d11, d01], micro);
                    }
                }
                if area <= 0.0 {
                    continue;
                }
                let corners =
                    [(0, 0), (n, 0), (0, n), (n, n)].map(|(i, j)| (cx * n + i, cz * n + j));
                let (mut level, mut tint, mut wet) = (0.0f32, 0.0f32, 0.0f32);
                for (gx, gz) in corners {
                    level += self.levels.at(gx, gz);
                    let d = depth(gx, gz) * self.params.height_scale;
                    if d > 0.0 {
                        (tint, wet) = (tint + d / (d + TINT_DEPTH), wet + 1.0);
                    }
                }
                widest = widest.max(width);
                cells.push(WetCell {
                    x: cx as f32 + 0.5,
                    z: cz as f32 + 0.5,
                    area,
                    level: level / 4.0,
                    tint: if wet > 0.0 { tint / wet } else { 0.0 },
                });
            }
        }
        (cells, widest)
    }

    /// The height (height units) of the level's coarse ground at lattice point `(gx, gz)` of
    /// `chunk`, drawn with quads `step` lattice steps wide split along their `p00–p11` diagonal.
    fn coarse_ground(&self, chunk: &Chunk, step: usize, gx: f32, gz: f32) -> f32 {
        let n = self.layout.subdivisions;
        let quad = |g: f32, start: usize, end: usize| {
            let k = ((g - start as f32) / step as f32).floor().max(0.0) as usize;
            let a = (start + k * step).min(end.saturating_sub(1).max(start));
            let b = (a + step).min(end);
            (
                a,
                b,
                ((g - a as f32) / (b - a).max(1) as f32).clamp(0.0, 1.0),
            )
        };
        let (x0, x1, u) = quad(gx, chunk.x0 * n, chunk.x1 * n);
        let (z0, z1, v) = quad(gz, chunk.z0 * n, chunk.z1 * n);
        let (h00, h10) = (self.ground(x0, z0), self.ground(x1, z0));
        let (h01, h11) = (self.ground(x0, z1), self.ground(x1, z1));
        if u >= v {
            h00 + (h10 - h00) * u + (h11 - h10) * v
        } else {
            h00 + (h11 - h01) * u + (h01 - h00) * v
        }
    }

    /// Emits the strip of the rivers in the coarse quad `xs` × `zs` (lattice lines) of `chunk`
    /// at a level drawing quads `step` lattice steps wide (see the module documentation).
    pub(super) fn far_river(
        &self,
        part: &mut Part,
        chunk: &Chunk,
        step: usize,
        xs: (usize, usize),
        zs: (usize, usize),
    ) {
        let (cells, width) = self.wet_river_cells(xs, zs);
        let area: f32 = cells.iter().map(|c| c.area).sum();
        if cells.is_empty() || area <= 0.0 {
            return;
        }
        let mean =
            |f: &dyn Fn(&WetCell) -> f32| cells.iter().map(|c| c.area * f(c)).sum::<f32>() / area;
        let (mx, mz) = (mean(&|c| c.x), mean(&|c| c.z));
        // A cell spreads 1/12 of a cell² along each axis about its centre.
        let xx = mean(&|c| (c.x - mx) * (c.x - mx)) + 1.0 / 12.0;
        let zz = mean(&|c| (c.z - mz) * (c.z - mz)) + 1.0 / 12.0;
        let xz = mean(&|c| (c.x - mx) * (c.z - mz));
        let (ux, uz) = principal_axis(xx, zz, xz);
        let along = |c: &WetCell| (c.x - mx) * ux + (c.z - mz) * uz;
        let half_cell = (ux.abs() + uz.abs()) / 2.0;
        let lo = cells.iter().map(along).fold(f32::INFINITY, f32::min) - half_cell;
        let hi = cells.iter().map(along).fold(f32::NEG_INFINITY, f32::max) + half_cell;
        let half_width = area / (hi - lo) / 2.0;
        // The water level along the axis: a least-squares line through the cells' levels, held
        // between the lowest and highest of them.
        let level = mean(&|c| c.level);
        let spread = mean(&|c| along(c) * along(c));
        let slope = if spread > 0.0 {
            mean(&|c| along(c) * (c.level - level)) / spread
        } else {
            0.0
        };
        let (low, high) = cells
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), c| {
                (a.min(c.level), b.max(c.level))
            });
        // The depth whose tint is the cells' mean tint, so the strip shows their mean colour.
        let tint = mean(&|c| c.tint).min(0.99);
        let depth = (TINT_DEPTH * tint / (1.0 - tint)).max(f32::MIN_POSITIVE);
        let (vx, vz) = (-uz, ux);
        let corner = |t: f32, s: f32| (mx + ux * t + vx * s, mz + uz * t + vz * s);
        // Clockwise seen from above, as the terrain's triangles.
        let rect = [
            corner(lo, half_width),
            corner(hi, half_width),
            corner(hi, -half_width),
            corner(lo, -half_width),
        ];
        let (x0, x1, z0, z1) = (
            chunk.x0 as f32,
            chunk.x1 as f32,
            chunk.z0 as f32,
            chunk.z1 as f32,
        );
        let poly = clip_axis(&clip_axis(&rect, 0, x0, x1), 1, z0, z1);
        if poly.len() < 3 {
            return;
        }
        let n = self.layout.subdivisions as f32;
        let lattice = self.params.cell_size / n;
        let ys = self.params.height_scale;
        let lift = FAR_RIVER_LIFT * step as f32 * lattice;
        let vertex = |(x, z): (f32, f32)| {
            let t = (x - mx) * ux + (z - mz) * uz;
            let water = (level + slope * t).clamp(low, high) * ys;
            let ground = self.coarse_ground(chunk, step, x * n, z * n) * ys;
            WetVertex {
                p: Vec3::new(x * n * lattice, water.max(ground + lift), z * n * lattice),
                depth,
            }
        };
        let first = vertex(poly[0]);
        for k in 1..poly.len() - 1 {
            let (b, c) = (vertex(poly[k]), vertex(poly[k + 1]));
            let cross = (b.p - first.p).cross(c.p - first.p).y;
            let tri = if cross <= 0.0 {
                [first, b, c]
            } else {
                [first, c, b]
            };
            part.push_clipped(tri, Body::River, width);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wet_share_of_a_triangle_follows_its_zero_line() {
        assert_eq!(wet_share([1.0, 2.0, 3.0], 0.5), 0.5);
        assert_eq!(wet_share([-1.0, -2.0, 0.0], 0.5), 0.0);
        // One wet corner, halfway to each dry one: a quarter of the triangle.
        assert_eq!(wet_share([1.0, -1.0, -1.0], 1.0), 0.25);
        assert_eq!(wet_share([-1.0, 1.0, 1.0], 1.0), 0.75);
        assert!((wet_share([1.0, 1.0, -3.0], 1.0) - (1.0 - 0.75 * 0.75)).abs() < 1e-6);
    }

    #[test]
    fn the_principal_axis_follows_the_spread() {
        assert_eq!(principal_axis(4.0, 1.0, 0.0), (1.0, 0.0));
        assert_eq!(principal_axis(1.0, 4.0, 0.0), (0.0, 1.0));
        let (x, z) = principal_axis(2.0, 2.0, 1.5);
        assert!((x - z).abs() < 1e-6 && x > 0.0);
        let (x, z) = principal_axis(2.0, 2.0, -1.5);
        assert!((x + z).abs() < 1e-6);
        assert_eq!(principal_axis(1.0, 1.0, 0.0), (1.0, 0.0));
    }

    #[test]
    fn polygons_are_clipped_to_the_chunk() {
        let square = [(-1.0, -1.0), (3.0, -1.0), (3.0, 3.0), (-1.0, 3.0)];
        let poly = clip_axis(&clip_axis(&square, 0, 0.0, 2.0), 1, 0.0, 2.0);
        assert_eq!(poly.len(), 4);
        assert!(poly
            .iter()
            .all(|&(x, z)| (0.0..=2.0).contains(&x) && (0.0..=2.0).contains(&z)));
        let outside = clip_axis(&square, 0, 5.0, 6.0);
        assert!(outside.is_empty());
    }
}
