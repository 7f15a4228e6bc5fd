//! Chunk skirts: the vertical strip each chunk hangs under a border it shares with another
//! chunk, deep enough to hide the crack between any two levels (see the parent module's docs).

use super::{lattice_lines, push, Border, ChunkBuilder, SKIRT_MARGIN};
use crate::outputs::mesh::{blend, face_normal, Mesh};
use glam::Vec3;

impl ChunkBuilder<'_> {
    /// Skirt depth of a border, in world units: twice the largest gap between any level's
    /// border line and the full-resolution one, plus [`SKIRT_MARGIN`] cells.
    pub(super) fn skirt_depth(&self, border: &Border) -> f32 {
        let full: Vec<f32> = (border.start..=border.end)
            .map(|t| {
                let (gx, gz) = border.point(t);
                self.vertex(gx, gz).y
            })
            .collect();
        let mut deviation = 0.0f32;
        for level in 1..self.layout.levels {
            let kept = lattice_lines(border.start, border.end, 1 << level);
            for pair in kept.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let (ya, yb) = (full[a - border.start], full[b - border.start]);
                for t in a + 1..b {
                    let s = (t - a) as f32 / (b - a) as f32;
                    let line = ya + (yb - ya) * s;
                    deviation = deviation.max((line - full[t - border.start]).abs());
                }
            }
        }
        2.0 * deviation + SKIRT_MARGIN * self.params.cell_size
    }

    /// The normal of the chunk's surface along a border segment from lattice point `a` (whose
    /// ends are `tops`): the face through the segment and the point `step` lattice lines inward,
    /// facing up.
    fn ground_normal(
        &self,
        border: &Border,
        a: (usize, usize),
        tops: (Vec3, Vec3),
        step: usize,
    ) -> Vec3 {
        let n = self.layout.subdivisions;
        let inward = |v: usize, max: usize| match border.inward_up {
            true => (v + step).min(max),
            false => v.saturating_sub(step),
        };
        let inner = match border.along_x {
            true => (a.0, inward(a.1, self.layout.depth * n)),
            false => (inward(a.0, self.layout.width * n), a.1),
        };
        let normal = face_normal(tops.0, tops.1, self.vertex(inner.0, inner.1));
        if normal.y < 0.0 {
            -normal
        } else {
            normal
        }
    }

    /// Appends the skirt under `border` at lattice step `step`.
    pub(super) fn push_skirt(&self, mesh: &mut Mesh, border: &Border, step: usize) {
        let depth = self.skirt_depth(border);
        let down = Vec3::new(0.0, depth, 0.0);
        let kept = lattice_lines(border.start, border.end, step);
        for pair in kept.windows(2) {
            let (a, b) = (border.point(pair[0]), border.point(pair[1]));
            let (top_a, top_b) = (self.vertex(a.0, a.1), self.vertex(b.0, b.1));
            let rgb = self.area_color((a.0, b.0.max(a.0 + 1)), (a.1, b.1.max(a.1 + 1)));
            // Shaded like the ground above it, so a skirt that shows reads as more ground.
            let normal = self.ground_normal(border, a, (top_a, top_b), step);
            let skirt_splat = crate::outputs::mesh::carries_splat(self.grid).then(|| {
                let (splat, n) = (self.grid.ground_splat(), self.layout.subdivisions);
                let ground = |(gx, gz)| blend::vertex_splat(self.grid, splat, gx, gz, n);
                (ground(a), ground(b))
            });
            // Two-sided: one chunk's skirt shows from whichever side the gap opens.
            for tri in [
                [top_a, top_b, top_b - down],
                [top_a, top_b - down, top_a - down],
                [top_a, top_b - down, top_b],
                [top_a, top_a - down, top_b - down],
            ] {
                push(mesh, tri, normal, [rgb; 3]);
                // Each skirt vertex takes the splat of the border point above it.
                if let Some((sa, sb)) = skirt_splat {
                    mesh.splat.extend(tri.map(|p| {
                        if p.x == top_a.x && p.z == top_a.z {
                            sa
                        } else {
                            sb
                        }
                    }));
                }
            }
        }
    }
}
