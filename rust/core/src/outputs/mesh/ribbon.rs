//! Ribbons: flat strips of a given width laid along a polyline over the terrain surface, the
//! meshes of roads and their bridges.
//!
//! The polyline is resampled every `step` (the mesh's micro-quad size, so the ribbon follows the
//! surface as closely as the terrain's own triangles do), and each sample's height comes from the
//! deck rule of [`super::deck`]: level across the ribbon's width at the highest surface point
//! under it plus [`RibbonStyle::lift`], so it never dips under the ground it crosses, and on a
//! run of samples marked as a bridge a straight deck between the banks kept at least
//! [`RibbonStyle::clearance`] above the surface, with side walls [`RibbonStyle::deck`] deep.
//!
//! Coordinates are the mesh's own space (x along the width, z along the depth, y up); triangles
//! are wound clockwise seen from above, like the terrain's, and the deck's normals point up.

use super::deck::{profile, Profile};
use super::{face_normal, Mesh};
use glam::Vec3;

/// How a ribbon looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RibbonStyle {
    /// Width across, world units.
    pub width: f32,
    /// Height above the highest surface point under the ribbon, world units (keeps the ribbon
    /// off the ground it lies on).
    pub lift: f32,
    /// Smallest gap between a bridge deck and the surface under it, world units.
    pub clearance: f32,
    /// Depth of a bridge deck's side walls, world units.
    pub deck: f32,
    /// Colour of the ribbon on the ground (sRGB with alpha, `0..=1`).
    pub color: [f32; 4],
    /// Colour of a bridge.
    pub bridge_color: [f32; 4],
}

impl Default for RibbonStyle {
    fn default() -> Self {
        RibbonStyle {
            width: 3.0,
            lift: 0.04,
            clearance: 0.6,
            deck: 0.35,
            color: [0.42, 0.37, 0.31, 1.0],
            bridge_color: [0.48, 0.40, 0.30, 1.0],
        }
    }
}

/// Appends the ribbon along `points` to `out`. `bridge[i]` marks segment `i` as a bridge;
/// `surface(x, z)` is the terrain height under a point; `step` is the longest distance between
/// two cross-sections. Polylines of fewer than two distinct points add nothing.
pub fn ribbon(
    points: &[[f32; 2]],
    bridge: &[bool],
    style: &RibbonStyle,
    step: f32,
    surface: impl Fn(f32, f32) -> f32,
    out: &mut Mesh,
) {
    draw(&profile(points, bridge, style, step, surface), style, out);
}

/// Appends the ribbon of `profile` (drawn with `style`) to `out`: one level cross-section per
/// sample, side walls under the bridge segments. Profiles of fewer than two samples add nothing.
pub fn draw(profile: &Profile, style: &RibbonStyle, out: &mut Mesh) {
    if profile.len() < 2 {
        return;
    }
    let (at, sides, deck) = (&profile.at, &profile.across, &profile.height);
    let half = style.width * 0.5;
    let edge = |i: usize, sign: f32, y: f32| {
        let [x, z] = at[i];
        Vec3::new(
            x + sides[i][0] * half * sign,
            y,
            z + sides[i][1] * half * sign,
        )
    };
    for i in 0..profile.len() - 1 {
        let span = profile.is_span(i);
        let color = if span {
            style.bridge_color
        } else {
            style.color
        };
        let (l0, r0) = (edge(i, 1.0, deck[i]), edge(i, -1.0, deck[i]));
        let (l1, r1) = (
            edge(i + 1, 1.0, deck[i + 1]),
            edge(i + 1, -1.0, deck[i + 1]),
        );
        push_quad(out, [l0, l1, r1, r0], color, Vec3::Y);
        if span {
            let down = Vec3::new(0.0, style.deck, 0.0);
            let outward = |a: Vec3, b: Vec3| a - b;
            push_quad(out, [l0, l1, l1 - down, l0 - down], color, outward(l0, r0));
            push_quad(out, [r1, r0, r0 - down, r1 - down], color, outward(r0, l0));
        }
    }
}

/// Appends the quad `q` (two triangles `q0 q1 q2` and `q0 q2 q3`), each wound so that its normal
/// points the way of `facing`.
fn push_quad(out: &mut Mesh, q: [Vec3; 4], color: [f32; 4], facing: Vec3) {
    for [a, b, c] in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
        if (b - a).cross(c - a).length_squared() <= f32::EPSILON * f32::EPSILON {
            continue;
        }
        let mut tri = [a, b, c];
        if face_normal(a, b, c).dot(facing) < 0.0 {
            tri.swap(1, 2);
        }
        let n = face_normal(tri[0], tri[1], tri[2]);
        for v in tri {
            out.positions.push(v.to_array());
            out.normals.push(n.to_array());
            out.colors.push(color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style() -> RibbonStyle {
        RibbonStyle {
            width: 2.0,
            ..RibbonStyle::default()
        }
    }

    /// A 20-long ribbon along x whose middle segment (x from 7 to 13) is a bridge.
    fn bridged(surface: impl Fn(f32, f32) -> f32) -> Mesh {
        let line = [[0.0, 0.0], [7.0, 0.0], [13.0, 0.0], [20.0, 0.0]];
        let mut mesh = Mesh::default();
        ribbon(
            &line,
            &[false, true, false],
            &style(),
            0.5,
            surface,
            &mut mesh,
        );
        mesh
    }

    #[test]
    fn a_straight_ribbon_on_flat_ground_lies_at_the_lift_with_its_width() {
        let mut mesh = Mesh::default();
        ribbon(
            &[[0.0, 0.0], [10.0, 0.0]],
            &[],
            &style(),
            1.0,
            |_, _| 5.0,
            &mut mesh,
        );
        assert_eq!(mesh.triangle_count(), 10 * 2);
        for p in &mesh.positions {
            assert!((p[1] - (5.0 + style().lift)).abs() < 1e-6, "{p:?}");
            assert!(
                (p[2].abs() - 1.0).abs() < 1e-6,
                "edges 1 from the centre: {p:?}"
            );
        }
        for n in &mesh.normals {
            assert!(n[1] > 0.999, "deck normals point up: {n:?}");
        }
    }

    #[test]
    fn on_slopes_every_vertex_stays_above_the_surface_under_it() {
        let surface = |x: f32, z: f32| 0.3 * x + 0.8 * (z * 0.7).sin();
        let mut mesh = Mesh::default();
        let line = [[0.0, 0.0], [6.0, 4.0], [12.0, 2.0], [15.0, 9.0]];
        ribbon(&line, &[], &style(), 0.5, surface, &mut mesh);
        assert!(mesh.triangle_count() > 40);
        for p in &mesh.positions {
            assert!(p[1] >= surface(p[0], p[2]) + style().lift - 1e-4, "{p:?}");
        }
    }

    #[test]
    fn a_bridge_is_a_straight_deck_between_its_banks_above_the_river() {
        // A 4-wide river bed 3 deep between x = 8 and x = 12 on ground at height 2.
        let surface = |x: f32, _: f32| if (8.0..=12.0).contains(&x) { -1.0 } else { 2.0 };
        let mesh = bridged(surface);
        let deck_y = 2.0 + style().lift;
        let top: Vec<_> = mesh
            .positions
            .iter()
            .zip(&mesh.normals)
            .filter(|(_, n)| n[1] > 0.99)
            .map(|(p, _)| *p)
            .collect();
        for p in &top {
            assert!(
                (p[1] - deck_y).abs() < 1e-5,
                "a level deck between level banks: {p:?}"
            );
        }
        let sides = mesh.normals.iter().filter(|n| n[1].abs() < 1e-3).count();
        assert!(sides > 0, "a bridge has side walls");
        assert!(mesh
            .colors
            .iter()
            .any(|c| *c == RibbonStyle::default().bridge_color));
    }

    #[test]
    fn a_bridge_keeps_its_clearance_over_a_rise() {
        let surface = |x: f32, _: f32| if (9.0..=11.0).contains(&x) { 2.5 } else { 2.0 };
        let mesh = bridged(surface);
        for (p, n) in mesh.positions.iter().zip(&mesh.normals) {
            if n[1] > 0.99 && (9.5..=10.5).contains(&p[0]) {
                assert!(p[1] >= 2.5 + style().clearance - 1e-4, "{p:?}");
            }
        }
    }

    #[test]
    fn degenerate_lines_add_nothing() {
        let mut mesh = Mesh::default();
        ribbon(&[[1.0, 1.0]], &[], &style(), 1.0, |_, _| 0.0, &mut mesh);
        ribbon(
            &[[1.0, 1.0], [1.0, 1.0]],
            &[],
            &style(),
            1.0,
            |_, _| 0.0,
            &mut mesh,
        );
        assert_eq!(mesh.vertex_count(), 0);
    }
}
