//! The relief ground style: the subdivision article's look (its `viewof terrain` cell), each
//! cell one shade of a warm palette by its slope towards the sun, with the shadows the sun casts.
//!
//! Per row `i` (a row of cells along x, at one z) and column `j` (x):
//!
//! - **Terrain**: `T = max(0, h − sea_level) / peak_height`, where `sea_level` is
//!   [`Grid::sea_level`]. The notebook's heights span about one unit (the subdivision's raw range,
//!   its sea raised to the mean); dividing by the peak height puts every model on that scale.
//! - **Slope shading**: `d = N·(T[i][j+1] − T[i][j]) − p2`, `colour = p3 / (1 + d²/p1)`, with
//!   `p1 = 10`, `p2 = 4`, `p3 = 80`. `N` is the notebook's `nb`, the side of its map in cells, so
//!   `N·ΔT` is the slope with the map's side as unit length. Here too, up to a side of
//!   [`MAX_UNIT_OVER_RELIEF`] peak heights: a wider map is a bigger piece of the same land, so
//!   its unit stays that length in metres and `N` is the cells along it ([`cells_per_unit`]).
//!   Without the bound, a map eight times as wide shaded every slope eight times as steep, and
//!   its mountains went black. Every preset's map lies within it. The last column reuses the difference before it, as the notebook
//!   does. A flat cell gets `p3 / (1 + p2²/p1)`; a slope rising along +x by `p2/N` per cell
//!   (facing the sun) gets the full `p3`.
//! - **Shadows**: the sun stands low in the west (towards −x) and light travels along +x. Along
//!   each row, a running horizon starts at 0 and sinks by `shadow / N` per cell (`max -= shadow /
//!   nb`); a cell below it is darkened ×0.3, a cell above it raises it to its own height. The
//!   `shadow` slider's meaning is kept: 0 casts shadows over the whole row behind any rise, 2 only
//!   short ones. The ground style sets it for the notebook's sun, 15° high, in metres
//!   ([`sun_shadow`]); the command line's preview keeps the slider.
//! - **Palette**: `colorShades([253, 205, 159], 256)` is read as 256 shades from black to that warm
//!   sand colour, shade `k` being the colour × `k/255`. The notebook keeps `⌊colour⌋` (0..=p3)
//!   as the shade to draw; here that value is stretched over the ramp (shade `⌊colour⌋ · 255/p3`),
//!   so a slope facing the sun squarely shows the palette colour itself and flat land about 38% of
//!   it, instead of a picture that never gets brighter than a third of the ramp.
//! - **Water**: sea cells (below the sea level, or marked [`WaterKind::Sea`]) take the flat
//!   [`SEA`] colour; lakes and rivers the flat [`FRESH_WATER`] colour.

use crate::algorithms::threads;
use crate::data::grid::{Grid, Rgb};
use crate::data::water::WaterKind;
use rayon::prelude::*;

/// The shading curve's width: `colour = p3 / (1 + d²/p1)`.
pub const P1: f32 = 10.0;
/// The slope (in map-side units) that takes the brightest shade.
pub const P2: f32 = 4.0;
/// The brightest shading value.
pub const P3: f32 = 80.0;
/// The palette's colour: `colorShades([253, 205, 159], 256)`.
pub const PALETTE_BASE: Rgb = [253, 205, 159];
/// Shades in the palette.
pub const SHADES: usize = 256;
/// Factor of a cell in shadow.
pub const SHADOW_DARKEN: f32 = 0.3;
/// The notebook's shadow slider at its default: the horizon sinks one map side's worth of
/// height over the map's side.
pub const DEFAULT_SHADOW: f32 = 1.0;
/// The sun's elevation of the relief ground style, degrees: the notebook's sun (its shading cell
/// sets it at 15°).
pub const SUN_ELEVATION: f32 = 15.0;
/// Flat colour of the sea.
pub const SEA: Rgb = [38, 62, 92];
/// Flat colour of lakes and rivers.
pub const FRESH_WATER: Rgb = [62, 98, 132];

/// The longest unit length of the slope shading, in peak heights: twice the default world's
/// side (128 m) over its relief (a peak of 10 m). The presets' maps span 5 to 21 peak heights.
pub const MAX_UNIT_OVER_RELIEF: f32 = 25.6;

/// The notebook's `nb` on a map: the cells along the slope shading's unit length, the map's
/// longer side up to [`MAX_UNIT_OVER_RELIEF`] peak heights (`peak` height units of
/// `height_scale` metres) on cells of `cell_size` metres.
pub fn cells_per_unit(grid: &Grid, cell_size: f32, peak: f32, height_scale: f32) -> f32 {
    let side = grid.width().max(grid.depth()).max(1) as f32;
    let bound = MAX_UNIT_OVER_RELIEF * peak * height_scale;
    if bound > 0.0 && cell_size > 0.0 {
        side.min(bound / cell_size)
    } else {
        side
    }
}

/// The notebook's shading of one cell: `d = n·rise − p2`, `p3 / (1 + d²/p1)`, where `rise` is
/// `T[i][j+1] − T[i][j]` and `n` the map's side in cells.
#[inline]
pub fn shade(n: f32, rise: f32) -> f32 {
    let d = n * rise - P2;
    P3 / (1.0 + d * d / P1)
}

/// The shading values (0..=p3, floored as the notebook's `Math.floor`) of one row of terrain `t`,
/// with shadows cast along the row: the notebook's inner loop.
pub fn shade_row(t: &[f32], n: f32, shadow: f32, out: &mut [f32]) {
    let len = t.len();
    let mut horizon = 0.0f32;
    for (j, (&h, c)) in t.iter().zip(out.iter_mut()).enumerate() {
        let mut colour = if len < 2 {
            shade(n, 0.0)
        } else {
            let a = if j == len - 1 { j - 1 } else { j };
            shade(n, t[a + 1] - t[a])
        };
        horizon -= shadow / n;
        if h < horizon {
            colour *= SHADOW_DARKEN;
        } else {
            horizon = h;
        }
        *c = colour.floor();
    }
}

/// The 256-shade ramp from black to [`PALETTE_BASE`]: shade `k` is the colour × `k/255`.
pub fn palette() -> [Rgb; SHADES] {
    let mut p = [[0u8; 3]; SHADES];
    for (k, shade) in p.iter_mut().enumerate() {
        *shade = PALETTE_BASE.map(|c| ((u32::from(c) * k as u32 + 127) / 255) as u8);
    }
    p
}

/// The palette shade of a shading value in 0..=p3: stretched over the whole ramp.
#[inline]
pub fn shade_index(colour: f32) -> usize {
    ((colour.max(0.0) * (SHADES - 1) as f32 / P3) as usize).min(SHADES - 1)
}

/// The shadow slider that casts the shadows of a sun [`SUN_ELEVATION`] degrees high when the
/// shading's unit length spans `unit` cells (the notebook's `nb`, [`cells_per_unit`]) of
/// `cell_size` metres and heights are normalised by `peak` height units of `height_scale`
/// metres: the horizon then sinks `tan(15°)` metres per metre, so the shadows are as long in
/// metres at every cell size and map size.
pub fn sun_shadow(unit: f32, cell_size: f32, peak: f32, height_scale: f32) -> f32 {
    let relief = peak * height_scale;
    if relief > 0.0 {
        let rise = libm::tanf(SUN_ELEVATION.to_radians());
        unit * cell_size * rise / relief
    } else {
        DEFAULT_SHADOW
    }
}

/// The notebook's `nb` and the sun's shadow slider on `grid` ([`cells_per_unit`],
/// [`sun_shadow`]).
pub fn sun_on(grid: &Grid, cell_size: f32, peak: f32, height_scale: f32) -> (f32, f32) {
    let unit = cells_per_unit(grid, cell_size, peak, height_scale);
    (unit, sun_shadow(unit, cell_size, peak, height_scale))
}

/// Whether a cell is drawn as sea: below the model's sea level or marked as sea water.
fn is_sea(grid: &Grid, i: usize) -> bool {
    grid.water[i] == WaterKind::Sea || grid.height[i] < grid.sea_level
}

/// The relief colour of every cell of `grid`, row by row: `peak` is the peak height that
/// normalises the terrain, `unit` the notebook's `nb` (the cells along the shading's unit length,
/// [`cells_per_unit`]) and `shadow` the notebook's shadow slider (0..=2).
pub fn relief_colours(grid: &Grid, peak: f32, unit: f32, shadow: f32) -> Vec<Rgb> {
    let (w, d) = (grid.width(), grid.depth());
    let n = unit.max(f32::MIN_POSITIVE);
    let inv_peak = if peak > 0.0 { 1.0 / peak } else { 0.0 };
    let palette = palette();
    let mut colours = vec![[0u8; 3]; w * d];
    colours
        .par_chunks_mut(w.max(1))
        .enumerate()
        .with_min_len(threads::min_rows(w.max(1)))
        .for_each_init(
            || (vec![0.0f32; w], vec![0.0f32; w]),
            |(t, shades), (z, row)| {
                let heights = &grid.height[z * w..(z + 1) * w];
                for (t, &h) in t.iter_mut().zip(heights) {
                    *t = (h - grid.sea_level).max(0.0) * inv_peak;
                }
                shade_row(t, n, shadow, shades);
                for (x, c) in row.iter_mut().enumerate() {
                    let i = z * w + x;
                    *c = if is_sea(grid, i) {
                        SEA
                    } else if grid.water[i] != WaterKind::Dry {
                        FRESH_WATER
                    } else {
                        palette[shade_index(shades[x])]
                    };
                }
            },
        );
    colours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_row_takes_the_flat_shade() {
        let flat = P3 / (1.0 + P2 * P2 / P1);
        assert!((shade(100.0, 0.0) - flat).abs() < 1e-6);
        let mut out = [0.0; 8];
        shade_row(&[0.2; 8], 64.0, 1.0, &mut out);
        assert!(out.iter().all(|&c| c == flat.floor()), "{out:?}");
        // A slope facing the sun at p2 per map side takes the brightest shade.
        assert_eq!(shade(50.0, P2 / 50.0), P3);
    }

    #[test]
    fn shadows_darken_behind_a_peak_not_in_front_of_it() {
        let n = 32.0;
        let mut t = vec![0.1f32; 32];
        t[10] = 0.6;
        let (mut lit, mut shadowed) = ([0.0; 32], [0.0; 32]);
        shade_row(&t, n, 0.0, &mut shadowed);
        shade_row(&[0.1f32; 32], n, 0.0, &mut lit);
        // In front of the peak (towards the sun): as on flat ground.
        assert_eq!(shadowed[5], lit[5]);
        // Behind it, along the light: darkened ×0.3, as far as the row goes with shadow 0.
        let dark = (shade(n, 0.0) * SHADOW_DARKEN).floor();
        assert_eq!(shadowed[14], dark);
        assert_eq!(shadowed[31], dark);
        assert!(shadowed[14] < lit[14]);
        // A larger shadow value shortens the shadow: with shadow 2 the horizon sinks 2/32 per
        // cell, from 0.6 to the ground's 0.1 in 8 cells (rounding decides the 8th),
        // and the cells past that are lit again.
        let mut short = [0.0; 32];
        shade_row(&t, n, 2.0, &mut short);
        assert_eq!(short[12], dark);
        assert_eq!(short[17], dark);
        assert_eq!(short[19], lit[19]);
        assert_eq!(short[22], lit[22]);
    }

    #[test]
    fn a_slope_in_metres_takes_one_shade_on_every_map() {
        // A ramp rising 1 m in 64 m towards +x, heights of 10 m a unit (peak 1), on maps of
        // 256 m and more (the longest unit): on 1 m cells across 256 m and 1024 m, and on 4 m
        // cells across 256 m.
        let ramp = |side: usize, cell: f32| {
            let mut grid = Grid::new(side, 2);
            grid.sea_level = -1.0;
            for (i, h) in grid.height.iter_mut().enumerate() {
                *h = (i % side) as f32 * cell / 640.0;
            }
            let (unit, shadow) = sun_on(&grid, cell, 1.0, 10.0);
            relief_colours(&grid, 1.0, unit, shadow)[side / 2]
        };
        let shade = ramp(256, 1.0);
        assert_eq!(ramp(1024, 1.0), shade, "a wider map");
        assert_eq!(ramp(64, 4.0), shade, "coarser cells");
        // A map within the bound keeps the notebook's unit, its side: the default world's 128
        // cells of 1 m under a peak of 10 m; and so does a map without relief.
        assert_eq!(cells_per_unit(&Grid::new(128, 128), 1.0, 1.0, 10.0), 128.0);
        assert_eq!(cells_per_unit(&Grid::new(40, 30), 1.0, 0.0, 10.0), 40.0);
        assert_eq!(cells_per_unit(&Grid::new(4096, 64), 1.0, 1.0, 10.0), 256.0);
    }

    #[test]
    fn the_palette_ramps_from_black_to_the_warm_colour() {
        let p = palette();
        assert_eq!(p[0], [0, 0, 0]);
        assert_eq!(p[255], PALETTE_BASE);
        assert_eq!(shade_index(P3), 255);
        assert_eq!(shade_index(0.0), 0);
    }

    #[test]
    fn the_sun_casts_shadows_as_long_in_metres_at_every_cell_size() {
        // 1 km of map at 1 m and at 4 m cells, 100 m of relief: the horizon sinks tan 15° metres
        // per metre, that is 0.268 of the relief per 100 m.
        let fine = sun_shadow(1000.0, 1.0, 1.0, 100.0);
        let coarse = sun_shadow(250.0, 4.0, 1.0, 100.0);
        assert_eq!(fine, coarse);
        let per_cell = fine / 1000.0 * 100.0;
        assert!(
            (per_cell - 15f32.to_radians().tan()).abs() < 1e-5,
            "{per_cell}"
        );
        assert_eq!(sun_shadow(64.0, 1.0, 0.0, 10.0), DEFAULT_SHADOW);
    }

    #[test]
    fn land_takes_palette_shades_and_water_its_flat_colours() {
        let (w, d) = (6, 4);
        let mut grid = Grid::new(w, d);
        grid.sea_level = 0.5;
        for (i, h) in grid.height.iter_mut().enumerate() {
            *h = if i % w < 3 {
                0.2
            } else {
                0.8 + 0.05 * (i % w) as f32
            };
        }
        let lake = grid.index(5, 3);
        grid.water[lake] = WaterKind::Lake;
        let colours = relief_colours(&grid, 1.0, 6.0, DEFAULT_SHADOW);
        let p = palette();
        for z in 0..d {
            for x in 0..w {
                let c = colours[grid.index(x, z)];
                match (x, z) {
                    (0..=2, _) => assert_eq!(c, SEA),
                    (5, 3) => assert_eq!(c, FRESH_WATER),
                    _ => assert!(p.contains(&c) && c != SEA, "({x}, {z}): {c:?}"),
                }
            }
        }
        // The same rows give the same shades: nothing but the row's heights counts.
        assert_eq!(colours[grid.index(4, 0)], colours[grid.index(4, 1)]);
    }
}
