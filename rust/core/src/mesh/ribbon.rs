//! Ribbons: flat strips of a given width laid along a polyline over the terrain surface, the
//! meshes of roads and their bridges.
//!
//! The polyline is resampled every `step` (the mesh's micro-quad size, so the ribbon follows the
//! surface as closely as the terrain's own triangles do). At each sample the ribbon lies level
//! across its width at the highest of the surface heights under its centre and its two edges, plus
//! [`RibbonStyle::lift`], so it never dips under the ground it crosses. A run of samples marked as
//! a bridge is a straight deck from the last sample before it to the first sample after it, kept at
//! least [`RibbonStyle::clearance`] above the surface, with side walls [`RibbonStyle::deck`] deep.
//!
//! Coordinates are the mesh's own space (x along the width, z along the depth, y up); triangles
//! are wound clockwise seen from above, like the terrain's, and the deck's normals point up.

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

/// One sample of a resampled polyline: its position and whether it lies on a bridge span.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    at: [f32; 2],
    bridge: bool,
}

/// The samples of `points`, at most `step` apart. `bridge[i]` marks segment `i` (from point `i`
/// to point `i + 1`) as a bridge; a sample strictly inside a bridge segment, or at a point
/// between two bridge segments, is on the bridge.
fn resample(points: &[[f32; 2]], bridge: &[bool], step: f32) -> Vec<Sample> {
    let on_bridge = |i: usize| bridge.get(i).copied().unwrap_or(false);
    let mut out = Vec::new();
    for (i, pair) in points.windows(2).enumerate() {
        let [a, b] = [pair[0], pair[1]];
        let length = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let pieces = ((length / step).ceil() as usize).max(1);
        let start_on_bridge = i > 0 && on_bridge(i - 1) && on_bridge(i);
        for k in 0..pieces {
            let t = k as f32 / pieces as f32;
            out.push(Sample {
                at: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
                bridge: if k == 0 {
                    start_on_bridge
                } else {
                    on_bridge(i)
                },
            });
        }
    }
    if let Some(&last) = points.last() {
        out.push(Sample {
            at: last,
            bridge: false,
        });
    }
    out.dedup_by(|b, a| a.at == b.at);
    out
}

/// Unit vectors across the ribbon at each sample (pointing to its left), from the direction of
/// the polyline through the neighbouring samples.
fn across(samples: &[Sample]) -> Vec<[f32; 2]> {
    (0..samples.len())
        .map(|i| {
            let prev = samples[i.saturating_sub(1)].at;
            let next = samples[(i + 1).min(samples.len() - 1)].at;
            let (dx, dz) = (next[0] - prev[0], next[1] - prev[1]);
            let len = (dx * dx + dz * dz).sqrt().max(f32::EPSILON);
            [-dz / len, dx / len]
        })
        .collect()
}

/// The deck height at each sample: level with the highest surface point across the ribbon on
/// the ground; on a bridge span, the straight line between the span's two ends, never closer to
/// the surface than the clearance.
fn deck_heights(
    samples: &[Sample],
    sides: &[[f32; 2]],
    style: &RibbonStyle,
    surface: &impl Fn(f32, f32) -> f32,
) -> (Vec<f32>, Vec<f32>) {
    let half = style.width * 0.5;
    let ground: Vec<f32> = samples
        .iter()
        .zip(sides)
        .map(|(s, side)| {
            let [x, z] = s.at;
            let edge = |sign: f32| surface(x + side[0] * half * sign, z + side[1] * half * sign);
            surface(x, z).max(edge(1.0)).max(edge(-1.0))
        })
        .collect();
    let mut deck: Vec<f32> = ground.iter().map(|g| g + style.lift).collect();
    let mut i = 0;
    while i < samples.len() {
        if !samples[i].bridge {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(1);
        let mut end = i;
        while end < samples.len() && samples[end].bridge {
            end += 1;
        }
        let end = end.min(samples.len() - 1);
        let (y0, y1) = (deck[start], deck[end]);
        for k in start + 1..end {
            let t = (k - start) as f32 / (end - start) as f32;
            deck[k] = (y0 + (y1 - y0) * t).max(ground[k] + style.clearance);
        }
        i = end + 1;
    }
    (deck, ground)
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
    let step = if step > 0.0 {
        step
    } else {
        style.width.max(1.0)
    };
    let samples = resample(points, bridge, step);
    if samples.len() < 2 {
        return;
    }
    let sides = across(&samples);
    let (deck, _) = deck_heights(&samples, &sides, style, &surface);
    let half = style.width * 0.5;
    let edge = |i: usize, sign: f32, y: f32| {
        let [x, z] = samples[i].at;
        Vec3::new(
            x + sides[i][0] * half * sign,
            y,
            z + sides[i][1] * half * sign,
        )
    };
    for i in 0..samples.len() - 1 {
        let span = samples[i].bridge || samples[i + 1].bridge;
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
