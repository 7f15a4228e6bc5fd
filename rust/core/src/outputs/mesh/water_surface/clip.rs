//! Water triangles clipped at the shoreline, and their colours.
//!
//! Each water triangle lies over one triangle of the terrain mesh (same lattice, same diagonal), so
//! the depth `water − ground` is linear over it and its zero line is exactly where the terrain
//! meets the water. The triangle is cut there and only its wet part is kept: the shoreline follows
//! the terrain at sub-cell precision and every vertex has a depth ≥ 0, 0 on the shore.

use super::levels::Body;
use glam::Vec3;

/// A water vertex: its position and the water depth under it, in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct WetVertex {
    /// Position on the water surface.
    pub p: Vec3,
    /// Water surface minus ground, world units (negative where the ground is above the water).
    pub depth: f32,
}

/// Mesh buffers of one part (a row of cells) of the water mesh.
#[derive(Clone, Debug, Default)]
pub(super) struct Part {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub colors: Vec<[f32; 4]>,
    pub uv2: Vec<[f32; 2]>,
}

impl Part {
    /// Emits the wet part of triangle `tri` (clockwise seen from above) of water `body` and river
    /// width `width`: nothing when no vertex is under water, else one or two triangles.
    pub(super) fn push_clipped(&mut self, tri: [WetVertex; 3], body: Body, width: f32) {
        if tri.iter().all(|v| v.depth <= 0.0) {
            return;
        }
        let flat = tri[0].p.y == tri[1].p.y && tri[1].p.y == tri[2].p.y;
        let normal = if flat {
            [0.0, 1.0, 0.0]
        } else {
            (tri[2].p - tri[0].p)
                .cross(tri[1].p - tri[0].p)
                .normalize_or(Vec3::Y)
                .to_array()
        };
        let mut poly = [tri[0]; 4];
        let mut n = 0;
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            if a.depth >= 0.0 {
                poly[n] = a;
                n += 1;
            }
            if (a.depth >= 0.0) != (b.depth >= 0.0) {
                let t = a.depth / (a.depth - b.depth);
                poly[n] = WetVertex {
                    p: a.p + (b.p - a.p) * t,
                    depth: 0.0,
                };
                n += 1;
            }
        }
        for k in 1..n - 1 {
            for v in [poly[0], poly[k], poly[k + 1]] {
                let depth = v.depth.max(0.0);
                self.positions.push(v.p.to_array());
                self.normals.push(normal);
                self.colors.push(water_color(body, depth));
                self.uv2.push([depth, width]);
            }
        }
    }
}

/// Colours of a body of water: `(shallow, deep)`, linear RGB in `0..=1` read as sRGB.
pub fn body_colors(body: Body) -> ([f32; 3], [f32; 3]) {
    match body {
        Body::Still => ([0.36, 0.70, 0.72], [0.09, 0.33, 0.52]),
        Body::River => ([0.42, 0.70, 0.68], [0.13, 0.42, 0.53]),
        Body::Pool => ([0.42, 0.47, 0.30], [0.17, 0.25, 0.18]),
    }
}

/// Depth tint: the depth (world units) at which the colour is halfway from shallow to deep.
pub const TINT_DEPTH: f32 = 1.2;
/// Opacity at the shoreline.
pub const SHORE_ALPHA: f32 = 0.35;
/// Opacity of deep water.
pub const DEEP_ALPHA: f32 = 0.92;
/// Depth (world units) at which the opacity is halfway from [`SHORE_ALPHA`] to [`DEEP_ALPHA`].
pub const ALPHA_DEPTH: f32 = 0.5;

/// The vertex colour of `body` at `depth` world units: shallow to deep by `depth / (depth +
/// TINT_DEPTH)`, more opaque with depth (a rational curve: only exactly rounded operations, so the
/// colours are the same bits everywhere).
pub fn water_color(body: Body, depth: f32) -> [f32; 4] {
    let (shallow, deep) = body_colors(body);
    let d = depth.max(0.0);
    let t = d / (d + TINT_DEPTH);
    let a = SHORE_ALPHA + (DEEP_ALPHA - SHORE_ALPHA) * d / (d + ALPHA_DEPTH);
    let c = |k: usize| shallow[k] + (deep[k] - shallow[k]) * t;
    [c(0), c(1), c(2), a]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, z: f32, depth: f32) -> WetVertex {
        WetVertex {
            p: Vec3::new(x, 1.0, z),
            depth,
        }
    }

    #[test]
    fn triangles_are_cut_at_the_zero_depth_line() {
        let mut part = Part::default();
        // Two vertices dry: one triangle, cut halfway along both wet edges.
        part.push_clipped(
            [v(0.0, 0.0, 1.0), v(1.0, 0.0, -1.0), v(1.0, 1.0, -1.0)],
            Body::Still,
            0.0,
        );
        assert_eq!(part.positions.len(), 3);
        assert_eq!(part.positions[1], [0.5, 1.0, 0.0]);
        assert_eq!(part.positions[2], [0.5, 1.0, 0.5]);
        assert_eq!(part.uv2[1][0], 0.0);
        // One vertex dry: a quad, two triangles; all wet: one; all dry: none.
        part.push_clipped(
            [v(0.0, 0.0, 1.0), v(1.0, 0.0, 1.0), v(1.0, 1.0, -3.0)],
            Body::River,
            2.0,
        );
        assert_eq!(part.positions.len(), 9);
        part.push_clipped(
            [v(0.0, 0.0, 1.0), v(1.0, 0.0, 1.0), v(1.0, 1.0, 0.5)],
            Body::Pool,
            0.0,
        );
        assert_eq!(part.positions.len(), 12);
        part.push_clipped(
            [v(0.0, 0.0, 0.0), v(1.0, 0.0, -1.0), v(1.0, 1.0, -0.5)],
            Body::Pool,
            0.0,
        );
        assert_eq!(part.positions.len(), 12);
        assert!(part.uv2.iter().all(|u| u[0] >= 0.0));
        assert!(part.normals.iter().all(|n| *n == [0.0, 1.0, 0.0]));
    }

    #[test]
    fn colours_darken_and_thicken_with_depth() {
        let shore = water_color(Body::Still, 0.0);
        let deep = water_color(Body::Still, 10.0);
        assert_eq!(shore[3], SHORE_ALPHA);
        assert!(deep[3] > 0.85 && deep[3] < DEEP_ALPHA);
        assert!(deep[0] + deep[1] + deep[2] < shore[0] + shore[1] + shore[2]);
        assert_ne!(water_color(Body::Pool, 1.0), water_color(Body::Still, 1.0));
    }
}
