//! Software isometric renderer: the original design's projection `s_x = (x − z)·32k, s_y = (x + z)·16k − h·80k`,
//! painter's order (triangles drawn far to near) and the lighting
//! `I = clamp(0.35 + 0.8·max(n·L, 0), 0, 1)`. A depth buffer settles what painter's order cannot:
//! water laid over the terrain it shares an edge with.
//!
//! Nearness to the viewer is `x + z + 0.4·y` (the direction along which the projection does not
//! move a point), interpolated over each triangle.

use donjourno::outputs::mesh::Mesh;

/// Background colour of previews.
pub const BACKGROUND: [u8; 3] = [24, 28, 36];
/// Ambient term of the lighting.
pub const AMBIENT: f32 = 0.35;
/// Diffuse term of the lighting.
pub const DIFFUSE: f32 = 0.8;
/// Pixels per cell along the projection's x axis at scale 1.
pub const CELL_X: f32 = 32.0;
/// Pixels per cell along the projection's y axis at scale 1.
pub const CELL_Y: f32 = 16.0;
/// Pixels per height unit at scale 1.
pub const HEIGHT_PX: f32 = 80.0;
/// Nearness gained per unit of height: `CELL_Y · 2 / HEIGHT_PX`.
const NEAR_PER_HEIGHT: f32 = 2.0 * CELL_Y / HEIGHT_PX;
/// A later layer wins depth ties up to this nearness (water drawn level with its banks).
const LAYER_TOLERANCE: f32 = 0.02;
/// Water is drawn this much lighter than its colour, blended towards white.
pub const WATER_LIGHTEN: f32 = 0.15;

/// Unit direction towards the sun at `hour` (6:00 sunrise in the east, 12:00 high in the south,
/// 18:00 sunset in the west).
pub fn sun_direction(hour: f32) -> [f32; 3] {
    let angle = (hour.clamp(6.0, 18.0) - 6.0) / 12.0 * std::f32::consts::PI;
    let (elevation, azimuth) = (libm::sinf(angle), libm::cosf(angle));
    let v = [azimuth, elevation.max(0.05), 0.35];
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / len, v[1] / len, v[2] / len]
}

/// An RGB image.
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major RGB bytes.
    pub pixels: Vec<u8>,
}

/// Multiplier of a plant's or rock's height in the preview, whose heights stand taller than its
/// cells are wide: makes a scatter mesh stand as tall on screen as it is wide.
pub const SCATTER_HEIGHT: f32 = CELL_X / HEIGHT_PX;

/// Renders meshes built with `cell_size = 1` (positions in cells; heights in world units, i.e.
/// height × `height_scale`) at the given scale and hour: the first `solid` meshes are the terrain
/// and what stands on it, the later ones layers over them (water, drawn slightly lighter).
pub fn render(
    meshes: &[&Mesh],
    solid: usize,
    width: usize,
    depth: usize,
    scale: f32,
    hour: f32,
) -> Image {
    let (cx, cy, hp) = (CELL_X * scale, CELL_Y * scale, HEIGHT_PX * scale);
    let (min_h, max_h) = meshes
        .iter()
        .filter_map(|m| m.bounds())
        .fold((0.0f32, 0.0f32), |(lo, hi), (l, h)| {
            (lo.min(l[1]), hi.max(h[1]))
        });
    let margin = 8.0;
    let origin_x = depth as f32 * cx + margin;
    let origin_y = max_h * hp + margin;
    let img_w = ((width + depth) as f32 * cx + 2.0 * margin).ceil() as u32;
    let img_h = ((width + depth) as f32 * cy + (max_h - min_h) * hp + 2.0 * margin).ceil() as u32;
    let mut target = Target {
        width: img_w,
        height: img_h,
        pixels: BACKGROUND.repeat((img_w * img_h) as usize),
        near: vec![f32::NEG_INFINITY; (img_w * img_h) as usize],
    };
    let project = |p: [f32; 3]| {
        (
            origin_x + (p[0] - p[2]) * cx,
            origin_y + (p[0] + p[2]) * cy - p[1] * hp,
            p[0] + p[2] + NEAR_PER_HEIGHT * p[1],
        )
    };
    let sun = sun_direction(hour);
    // Painter's order: every triangle of every layer, far to near by its centroid.
    let mut order: Vec<(f32, usize, usize)> = meshes
        .iter()
        .enumerate()
        .flat_map(|(layer, mesh)| {
            (0..mesh.vertex_count()).step_by(3).map(move |i| {
                let near = mesh.positions[i..i + 3]
                    .iter()
                    .map(|p| p[0] + p[2] + NEAR_PER_HEIGHT * p[1])
                    .sum::<f32>();
                (near, layer, i)
            })
        })
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    for (_, layer, i) in order {
        let mesh = meshes[layer];
        let (tolerance, lighten) = if layer < solid.max(1) {
            (0.0, 0.0)
        } else {
            (LAYER_TOLERANCE, WATER_LIGHTEN)
        };
        let n = mesh.normals[i];
        let lambert = (n[0] * sun[0] + n[1] * sun[1] + n[2] * sun[2]).max(0.0);
        let light = (AMBIENT + DIFFUSE * lambert).clamp(0.0, 1.0);
        let c = mesh.colors[i];
        let rgb = [0, 1, 2].map(|k| {
            let v = c[k] + (1.0 - c[k]) * lighten;
            (v * 255.0 * light + 0.5).clamp(0.0, 255.0) as u8
        });
        let tri = [
            project(mesh.positions[i]),
            project(mesh.positions[i + 1]),
            project(mesh.positions[i + 2]),
        ];
        target.fill_triangle(tri, rgb, tolerance);
    }
    Image {
        width: img_w,
        height: img_h,
        pixels: target.pixels,
    }
}

/// The picture being drawn and its depth buffer (nearness per pixel).
struct Target {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    near: Vec<f32>,
}

impl Target {
    /// Fills a triangle `(screen x, screen y, nearness)` with edge functions over its bounding box
    /// (pixel centres, inclusive edges), keeping the nearest surface per pixel; `tolerance` lets
    /// this triangle win against slightly nearer pixels already drawn.
    fn fill_triangle(&mut self, [a, b, c]: [(f32, f32, f32); 3], rgb: [u8; 3], tolerance: f32) {
        let edge = |p: (f32, f32, f32), q: (f32, f32, f32), x: f32, y: f32| {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        };
        let area = edge(a, b, c.0, c.1);
        if area == 0.0 {
            return;
        }
        let (w, h) = (self.width, self.height);
        let x0 = a.0.min(b.0).min(c.0).floor().max(0.0) as u32;
        let x1 = (a.0.max(b.0).max(c.0).ceil() as u32).min(w.saturating_sub(1));
        let y0 = a.1.min(b.1).min(c.1).floor().max(0.0) as u32;
        let y1 = (a.1.max(b.1).max(c.1).ceil() as u32).min(h.saturating_sub(1));
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
                let (e0, e1, e2) = (edge(b, c, fx, fy), edge(c, a, fx, fy), edge(a, b, fx, fy));
                let inside = if area > 0.0 {
                    e0 >= 0.0 && e1 >= 0.0 && e2 >= 0.0
                } else {
                    e0 <= 0.0 && e1 <= 0.0 && e2 <= 0.0
                };
                if !inside {
                    continue;
                }
                let near = (e0 * a.2 + e1 * b.2 + e2 * c.2) / area;
                let p = (y * w + x) as usize;
                if near + tolerance >= self.near[p] {
                    self.near[p] = near;
                    self.pixels[p * 3..p * 3 + 3].copy_from_slice(&rgb);
                }
            }
        }
    }
}
