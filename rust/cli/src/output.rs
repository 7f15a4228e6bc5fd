//! File outputs: PNG images, statistics JSON and OBJ meshes.

use crate::render::Image;
use donjourno::data::heightmap::{self, Format};
use donjourno::outputs::mesh::Mesh;
use donjourno::stages::biomes::table::MAP_COLOURS;
use donjourno::stages::biomes::Biome;
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

/// Writes one pixel per cell of `grid`: 8-bit RGB or 16-bit greyscale bytes, row by row.
fn write_grid_png(grid: &Grid, path: &Path, rgb: bool, data: &[u8]) -> Result<(), String> {
    let (colour, depth) = if rgb {
        (png::ColorType::Rgb, png::BitDepth::Eight)
    } else {
        (png::ColorType::Grayscale, png::BitDepth::Sixteen)
    };
    write_png(
        path,
        grid.width() as u32,
        grid.depth() as u32,
        colour,
        depth,
        data,
    )
}

/// Writes the colour plane, one pixel per cell.
pub fn write_colour_png(grid: &Grid, path: &Path) -> Result<(), String> {
    write_grid_png(grid, path, true, grid.color.as_flattened())
}

/// Writes the heights in the format of `path`'s extension (see [`donjourno::data::heightmap`]), and
/// beside it `path.json`: the size, the cell size and the height range in metres.
pub fn write_heightmap(grid: &Grid, params: &GeneratorParams, path: &Path) -> Result<(), String> {
    let shown = path.display();
    let format = Format::from_path(&path.to_string_lossy()).map_err(|e| e.to_string())?;
    let (map, range) = heightmap::export(
        grid,
        format,
        params.terrain.peak_height,
        params.height_scale,
    );
    let bytes = heightmap::encode(&map, format).map_err(|e| format!("{shown}: {e}"))?;
    std::fs::write(path, bytes).map_err(|e| format!("{shown}: {e}"))?;
    let meta_path = format!("{}.json", path.display());
    let text = heightmap::metadata_json(&map, format, range, params.cell_size);
    std::fs::write(&meta_path, text).map_err(|e| format!("{meta_path}: {e}"))
}

/// Coldest temperature of the temperature map's ramp, °C: drawn pure blue (and anything colder).
pub const TEMPERATURE_MIN: f32 = -20.0;
/// Hottest temperature of the temperature map's ramp, °C: drawn pure red (and anything hotter).
/// The middle of the range, 10 °C, is white.
pub const TEMPERATURE_MAX: f32 = 40.0;
/// The temperature ramp: cold, middle and hot colours.
pub const TEMPERATURE_RAMP: [[u8; 3]; 3] = [[40, 80, 210], [245, 245, 240], [205, 40, 30]];
/// The moisture ramp over 0..1: dry (brown), middle (green) and wet (blue) colours.
pub const MOISTURE_RAMP: [[u8; 3]; 3] = [[150, 105, 55], [70, 155, 70], [40, 90, 205]];

/// The colour at `t` (clamped to 0..1) on a three-stop ramp: `ramp[0]` at 0, `ramp[1]` at ½,
/// `ramp[2]` at 1, linear between the stops.
pub fn ramp3(ramp: &[[u8; 3]; 3], t: f32) -> [u8; 3] {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) } * 2.0;
    let (a, b, f) = if t <= 1.0 {
        (ramp[0], ramp[1], t)
    } else {
        (ramp[1], ramp[2], t - 1.0)
    };
    [0, 1, 2].map(|k| {
        let (a, b) = (f32::from(a[k]), f32::from(b[k]));
        (a + (b - a) * f + 0.5) as u8
    })
}

/// The colour of a temperature in °C: blue at [`TEMPERATURE_MIN`], white halfway, red at
/// [`TEMPERATURE_MAX`].
pub fn temperature_colour(celsius: f32) -> [u8; 3] {
    ramp3(
        &TEMPERATURE_RAMP,
        (celsius - TEMPERATURE_MIN) / (TEMPERATURE_MAX - TEMPERATURE_MIN),
    )
}

/// The colour of a moisture in 0..1: brown when dry, green halfway, blue when wet.
pub fn moisture_colour(moisture: f32) -> [u8; 3] {
    ramp3(&MOISTURE_RAMP, moisture)
}

/// Writes one scalar plane of the grid as an RGB map, one pixel per cell, through `colour`.
fn write_plane_png(
    grid: &Grid,
    plane: &[f32],
    colour: impl Fn(f32) -> [u8; 3],
    path: &Path,
) -> Result<(), String> {
    let data: Vec<u8> = plane.iter().flat_map(|&v| colour(v)).collect();
    write_grid_png(grid, path, true, &data)
}

/// Writes the temperature plane (°C) as a colour map, one pixel per cell: a blue → white → red
/// ramp over [`TEMPERATURE_MIN`]..[`TEMPERATURE_MAX`], clamped outside it.
pub fn write_temperature_png(grid: &Grid, path: &Path) -> Result<(), String> {
    write_plane_png(grid, &grid.temperature, temperature_colour, path)
}

/// Writes the moisture plane (0..1) as a colour map, one pixel per cell: a brown → green → blue
/// ramp from dry to wet.
pub fn write_moisture_png(grid: &Grid, path: &Path) -> Result<(), String> {
    write_plane_png(grid, &grid.moisture, moisture_colour, path)
}

/// Swatch side of the biome legend, pixels.
const SWATCH: usize = 12;
/// 3×5 digits for the legend's ids, one row of three bits per line, top first.
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// The biome map as an RGB image: one pixel per cell in [`MAP_COLOURS`], and on its right a
/// legend column with a swatch and the id of every biome present, in id order. Black where the
/// grid has no biomes.
pub fn biome_image(grid: &Grid) -> Image {
    let (w, d) = (grid.width(), grid.depth());
    let present: Vec<usize> = (0..20)
        .filter(|&id| grid.biome().iter().any(|&b| usize::from(b) == id))
        .collect();
    let legend_w = if present.is_empty() {
        0
    } else {
        4 + SWATCH + 4 + 7 + 4
    };
    let height = d.max(present.len() * (SWATCH + 2) + 2);
    let width = w + legend_w;
    let mut data = vec![24u8; width * height * 3];
    let mut put = |x: usize, y: usize, c: [u8; 3]| {
        let i = (y * width + x) * 3;
        data[i..i + 3].copy_from_slice(&c);
    };
    for z in 0..d {
        for x in 0..w {
            let c = grid
                .biome()
                .get(z * w + x)
                .and_then(|&b| Biome::from_id(b))
                .map_or([0, 0, 0], Biome::map_colour);
            put(x, z, c);
        }
    }
    for (row, &id) in present.iter().enumerate() {
        let (x0, y0) = (w + 4, 2 + row * (SWATCH + 2));
        for dy in 0..SWATCH {
            for dx in 0..SWATCH {
                put(x0 + dx, y0 + dy, MAP_COLOURS[id]);
            }
        }
        let text = format!("{id:02}");
        for (k, ch) in text.bytes().enumerate() {
            let glyph = DIGITS[usize::from(ch - b'0')];
            for (gy, bits) in glyph.iter().enumerate() {
                for gx in 0..3 {
                    if bits & (4 >> gx) != 0 {
                        put(x0 + SWATCH + 4 + k * 4 + gx, y0 + 3 + gy, [230, 230, 230]);
                    }
                }
            }
        }
    }
    Image {
        width: width as u32,
        height: height as u32,
        pixels: data,
    }
}

/// Statistics of one run as pretty JSON: the core's statistics record (see
/// [`donjourno::data::stats`]) with the parameters under `params`.
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

/// The settlements and roads as GeoJSON in map coordinates (metres: the map's origin plus cell
/// units times the cell size, `x` east and `z` as the second coordinate): a Point per settlement
/// with its name, tier, population and height (metres), a LineString per road with its bridge
/// flag (any point over a river) and per-point bridge flags.
pub fn settlements_geojson(grid: &donjourno::Grid, params: &donjourno::GeneratorParams) -> String {
    let at = |p: [f32; 2]| {
        serde_json::json!([
            params.origin_x + p[0] * params.cell_size,
            params.origin_z + p[1] * params.cell_size
        ])
    };
    let points = grid.settlements().iter().map(|s| {
        serde_json::json!({
            "type": "Feature",
            "geometry": {"type": "Point", "coordinates": at(s.position)},
            "properties": {
                "id": s.id, "name": s.name, "tier": s.tier.name(),
                "population": s.population, "height_m": s.height * params.height_scale,
            }
        })
    });
    let lines = grid.roads().iter().map(|r| {
        serde_json::json!({
            "type": "Feature",
            "geometry": {
                "type": "LineString",
                "coordinates": r.points.iter().map(|p| at(*p)).collect::<Vec<_>>(),
            },
            "properties": {"bridge": r.bridge.iter().any(|b| *b), "bridges": r.bridge}
        })
    });
    let features: Vec<serde_json::Value> = points.chain(lines).collect();
    serde_json::to_string_pretty(&serde_json::json!({
        "type": "FeatureCollection",
        "features": features,
    }))
    .expect("GeoJSON serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramps_hit_their_stops_and_clamp() {
        assert_eq!(temperature_colour(TEMPERATURE_MIN), TEMPERATURE_RAMP[0]);
        assert_eq!(temperature_colour(-60.0), TEMPERATURE_RAMP[0]);
        assert_eq!(temperature_colour(10.0), TEMPERATURE_RAMP[1]);
        assert_eq!(temperature_colour(TEMPERATURE_MAX), TEMPERATURE_RAMP[2]);
        assert_eq!(temperature_colour(90.0), TEMPERATURE_RAMP[2]);
        assert_eq!(moisture_colour(0.0), MOISTURE_RAMP[0]);
        assert_eq!(moisture_colour(0.5), MOISTURE_RAMP[1]);
        assert_eq!(moisture_colour(1.0), MOISTURE_RAMP[2]);
        let warm = temperature_colour(25.0);
        assert!(warm[0] > warm[2], "{warm:?}");
    }
}
