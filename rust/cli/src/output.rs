//! File outputs: PNG images, statistics JSON and OBJ meshes.

use crate::render::Image;
use donjourno::mesh::Mesh;
use donjourno::{GenerationStats, GeneratorParams, Grid};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

fn create(path: &Path) -> Result<BufWriter<File>, String> {
    File::create(path)
        .map(BufWriter::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn write_png(
    path: &Path,
    w: u32,
    h: u32,
    colour: png::ColorType,
    depth: png::BitDepth,
    data: &[u8],
) -> Result<(), String> {
    let err = |e: png::EncodingError| format!("{}: {e}", path.display());
    let mut encoder = png::Encoder::new(create(path)?, w, h);
    encoder.set_color(colour);
    encoder.set_depth(depth);
    encoder
        .write_header()
        .map_err(err)?
        .write_image_data(data)
        .map_err(err)
}

/// Writes an RGB image.
pub fn write_rgb_png(image: &Image, path: &Path) -> Result<(), String> {
    write_png(
        path,
        image.width,
        image.height,
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        &image.pixels,
    )
}

/// Writes the colour plane, one pixel per cell.
pub fn write_colour_png(grid: &Grid, path: &Path) -> Result<(), String> {
    let data = grid.color.as_flattened();
    write_png(
        path,
        grid.width() as u32,
        grid.depth() as u32,
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        data,
    )
}

/// Writes heights as 16-bit greyscale: 0 at sea level (and below), 65535 at `peak`.
pub fn write_heightmap_png(grid: &Grid, peak: f32, path: &Path) -> Result<(), String> {
    let data: Vec<u8> = grid
        .height
        .iter()
        .flat_map(|&h| (((h / peak).clamp(0.0, 1.0) * 65535.0 + 0.5) as u16).to_be_bytes())
        .collect();
    write_png(
        path,
        grid.width() as u32,
        grid.depth() as u32,
        png::ColorType::Grayscale,
        png::BitDepth::Sixteen,
        &data,
    )
}

/// Statistics of one run as pretty JSON: the core's statistics record (see
/// [`donjourno::stats`]) with the parameters under `params`.
pub fn stats_json(params: &GeneratorParams, stats: &GenerationStats) -> String {
    let mut value = stats.to_value();
    value["params"] =
        serde_json::from_str(&params.to_json()).expect("parameters serialise to JSON");
    serde_json::to_string_pretty(&value).expect("statistics serialise")
}

/// Writes a Wavefront OBJ with per-vertex colours (`v x y z r g b`) and per-face normals.
pub fn write_obj(mesh: &Mesh, path: &Path) -> Result<(), String> {
    let err = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut out = create(path)?;
    writeln!(
        out,
        "# Donjourno terrain: {} triangles",
        mesh.triangle_count()
    )
    .map_err(err)?;
    for (p, c) in mesh.positions.iter().zip(&mesh.colors) {
        writeln!(
            out,
            "v {} {} {} {:.4} {:.4} {:.4}",
            p[0], p[1], p[2], c[0], c[1], c[2]
        )
        .map_err(err)?;
    }
    for n in mesh.normals.iter().step_by(3) {
        writeln!(out, "vn {} {} {}", n[0], n[1], n[2]).map_err(err)?;
    }
    for t in 0..mesh.triangle_count() {
        let (a, n) = (t * 3 + 1, t + 1);
        writeln!(out, "f {a}//{n} {}//{n} {}//{n}", a + 1, a + 2).map_err(err)?;
    }
    out.flush().map_err(err)
}
