//! Software isometric renderer: the seed's projection `s_x = (x − z)·32k, s_y = (x + z)·16k − h·80k`,
//! painter's order and the lighting `I = clamp(0.35 + 0.8·max(n·L, 0), 0, 1)`.

use donjourno::mesh::Mesh;

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

/// Renders a mesh built with `cell_size = 1` (positions in cells; heights in world units, i.e.
/// height × `height_scale`) at the given scale and hour.
pub fn render(mesh: &Mesh, width: usize, depth: usize, scale: f32, hour: f32) -> Image {
    let (cx, cy, hp) = (CELL_X * scale, CELL_Y * scale, HEIGHT_PX * scale);
    let max_h = mesh.bounds().map_or(0.0, |(_, hi)| hi[1]);
    let margin = 8.0;
    let origin_x = depth as f32 * cx + margin;
    let origin_y = max_h * hp + margin;
    let img_w = ((width + depth) as f32 * cx + 2.0 * margin).ceil() as u32;
    let img_h = ((width + depth) as f32 * cy + max_h * hp + 2.0 * margin).ceil() as u32;
    let mut pixels = BACKGROUND.repeat((img_w * img_h) as usize);
    let project = |p: [f32; 3]| {
        (
            origin_x + (p[0] - p[2]) * cx,
            origin_y + (p[0] + p[2]) * cy - p[1] * hp,
        )
    };
    let sun = sun_direction(hour);
    let mut order: Vec<u32> = (0..mesh.triangle_count() as u32).collect();
    let depth_key = |t: u32| {
        let i = t as usize * 3;
        let p = &mesh.positions[i..i + 3];
        p.iter().map(|v| v[0] + v[2]).sum::<f32>()
    };
    order.sort_by(|&a, &b| depth_key(a).total_cmp(&depth_key(b)));
    for t in order {
        let i = t as usize * 3;
        let n = mesh.normals[i];
        let lambert = (n[0] * sun[0] + n[1] * sun[1] + n[2] * sun[2]).max(0.0);
        let light = (AMBIENT + DIFFUSE * lambert).clamp(0.0, 1.0);
        let c = mesh.colors[i];
        let rgb = [0, 1, 2].map(|k| (c[k] * 255.0 * light + 0.5).clamp(0.0, 255.0) as u8);
        let [a, b, d] = [
            project(mesh.positions[i]),
            project(mesh.positions[i + 1]),
            project(mesh.positions[i + 2]),
        ];
        fill_triangle(&mut pixels, img_w, img_h, a, b, d, rgb);
    }
    Image {
        width: img_w,
        height: img_h,
        pixels,
    }
}

/// Fills a triangle with edge functions over its bounding box (pixel centres, inclusive edges).
fn fill_triangle(
    px: &mut [u8],
    w: u32,
    h: u32,
    a: (f32, f32),
    b: (f32, f32),
    c: (f32, f32),
    rgb: [u8; 3],
) {
    let edge = |p: (f32, f32), q: (f32, f32), x: f32, y: f32| {
        (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
    };
    let area = edge(a, b, c.0, c.1);
    if area == 0.0 {
        return;
    }
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
            if inside {
                let o = ((y * w + x) * 3) as usize;
                px[o..o + 3].copy_from_slice(&rgb);
            }
        }
    }
}
