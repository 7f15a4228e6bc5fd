//! `preview --style relief`: the subdivision article's look as a top-down map (the notebook's `viewof terrain`
//! cell, drawn from above instead of through its iso floor-casting).
//!
//! The shading is the core's relief ground style
//! ([`donjourno::stages::texture::relief`]); this module draws it as a picture, each cell a square
//! of pixels.

use crate::render::Image;
use donjourno::stages::texture::relief::{relief_colours, sun_on};
use donjourno::{GeneratorParams, Grid};
use std::path::Path;

/// The default picture covers at most about this many pixels along its longer side (whole pixels
/// per cell, at least one).
pub const DEFAULT_SIDE_PX: usize = 1024;

/// How `donjourno preview` draws the terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// The isometric render of the terrain mesh, lit by the sun at `--time-of-day`.
    #[default]
    Iso,
    /// The subdivision article's top-down relief: slope shading, cast shadows and the warm palette.
    Relief,
}

/// Parses `--shadow`: a number in 0..=2, the notebook slider's range.
pub fn shadow_arg(s: &str) -> Result<f32, String> {
    let v: f32 = s.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=2.0).contains(&v) {
        Ok(v)
    } else {
        Err("must be between 0 and 2".into())
    }
}

/// Renders the relief of `grid` with `scale × scale` pixels per cell; `peak` is the peak height
/// that normalises the terrain, `unit` the cells along the shading's unit length and `shadow` the
/// notebook's shadow slider (0..=2) (see [`relief_colours`]).
pub fn render_relief(grid: &Grid, peak: f32, unit: f32, shadow: f32, scale: usize) -> Image {
    let (w, d) = (grid.width(), grid.depth());
    let scale = scale.max(1);
    let colours = relief_colours(grid, peak, unit, shadow);
    let (img_w, img_h) = (w * scale, d * scale);
    let mut pixels = vec![0u8; img_w * img_h * 3];
    for z in 0..d {
        let line: Vec<u8> = colours[z * w..(z + 1) * w]
            .iter()
            .flat_map(|c| std::iter::repeat_n(*c, scale))
            .flatten()
            .collect();
        for k in 0..scale {
            let y = z * scale + k;
            pixels[y * img_w * 3..(y + 1) * img_w * 3].copy_from_slice(&line);
        }
    }
    Image {
        width: img_w as u32,
        height: img_h as u32,
        pixels,
    }
}

/// Pixels per cell: `scale` rounded (at least 1), or by default the most whole pixels that keep
/// the longer side within [`DEFAULT_SIDE_PX`].
pub fn pixels_per_cell(scale: Option<f32>, width: usize, depth: usize) -> usize {
    match scale {
        Some(s) => (s.round() as usize).max(1),
        None => (DEFAULT_SIDE_PX / width.max(depth).max(1)).max(1),
    }
}

/// The relief ground style's shading unit on this map and its sun's shadow slider, the
/// preview's without `--shadow` (see [`sun_on`]).
pub fn preview_sun(grid: &Grid, params: &GeneratorParams) -> (f32, f32) {
    let peak = params.terrain.peak_height;
    sun_on(grid, params.cell_size, peak, params.height_scale)
}

/// Renders the relief of a generated terrain and writes it to `out` (`scale`: see
/// [`pixels_per_cell`]). `shadow` is the notebook's slider; `None` casts the shadows of the
/// relief ground style's sun ([`preview_sun`]), as long in metres on every map: the slider's
/// default sinks the shadow line by the map's side, so a map of a kilometre lay in the shadows
/// of its mountains.
pub fn write_preview(
    grid: &Grid,
    params: &GeneratorParams,
    shadow: Option<f32>,
    scale: Option<f32>,
    out: &Path,
) -> Result<(), String> {
    let (unit, sun) = preview_sun(grid, params);
    let shadow = shadow.unwrap_or(sun);
    let scale = pixels_per_cell(scale, grid.width(), grid.depth());
    let image = render_relief(grid, params.terrain.peak_height, unit, shadow, scale);
    crate::output::write_rgb_png(&image, out)?;
    eprintln!(
        "{}: {}×{} px relief, {scale} px per cell",
        out.display(),
        image.width,
        image.height
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_shadows_are_as_long_in_metres_on_a_bigger_map() {
        // A ridge across a flat map, its shadow cast towards +x: on a map four times as wide (same
        // cells) the shadow covers as many cells, not four times as many.
        let shadowed = |side: usize| {
            let params = GeneratorParams {
                width: side as u32,
                depth: 4,
                ..GeneratorParams::default()
            };
            let mut grid = Grid::new(side, 4);
            for z in 0..4 {
                grid.height[z * side + 10] = params.terrain.peak_height;
            }
            let (unit, shadow) = preview_sun(&grid, &params);
            let row =
                &relief_colours(&grid, params.terrain.peak_height, unit, shadow)[side..2 * side];
            let flat = row[side - 1];
            let dark = row[12..].iter().take_while(|c| **c != flat).count();
            assert!(dark > 0, "the ridge casts a shadow");
            dark
        };
        assert_eq!(shadowed(128), shadowed(512));
    }
    use donjourno::stages::texture::relief::SEA;

    #[test]
    fn sea_is_flat_and_each_cell_takes_scale_pixels() {
        let (w, d) = (6, 4);
        let mut grid = Grid::new(w, d);
        grid.sea_level = 0.5;
        for (i, h) in grid.height.iter_mut().enumerate() {
            *h = if i % w < 3 { 0.2 } else { 0.8 };
        }
        let image = render_relief(&grid, 1.0, 6.0, 1.0, 2);
        assert_eq!((image.width, image.height), (12, 8));
        let px = |x: usize, y: usize| {
            let p = (y * 12 + x) * 3;
            [image.pixels[p], image.pixels[p + 1], image.pixels[p + 2]]
        };
        assert_eq!(px(0, 0), SEA);
        assert_eq!(px(5, 7), SEA);
        assert_ne!(px(8, 0), SEA);
        assert_eq!(px(8, 0), px(9, 1));
    }
}
