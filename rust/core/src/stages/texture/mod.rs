//! `TerrainTexture`: the colour table of the original design.
//!
//! Everything is measured relative to the grid's actual maximum `h_max`, so the colouring adapts
//! to any terrain and a terrain scaled in height keeps its colours: heights as `h_rel = h / h_max`,
//! steepness as the length of the central-difference gradient divided by `h_max` (per cell), and
//! water depth as `depth / h_max`. The steepness thresholds are calibrated so that the default
//! terrain at peak height 1, whose maximum is about 0.89, looks as with the original design's absolute 0.08.

pub mod relief;
pub mod splat;

use crate::algorithms::threads;
use crate::data::grid::{Grid, Rgb, Terrain};
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};
use rayon::prelude::*;

/// Snow on flat mountain ground above this relative height.
pub const SNOW_MIN_REL: f32 = 0.75;
/// Brown rock on flat mountain ground above this relative height.
pub const BROWN_ROCK_MIN_REL: f32 = 0.4;
/// Mountain ground steeper than this (relative steepness: height change per cell over `h_max`) is
/// grey rock. The original design's absolute 0.08 at the typical maximum 0.89 of a peak-1 terrain.
pub const MOUNTAIN_STEEP: f32 = 0.09;
/// Grass steeper than this (relative steepness) is dirt.
pub const GRASS_STEEP: f32 = 0.09;
/// Water cells steeper than this (relative steepness: rapids, and banks rising out of the water,
/// whose ground shows above the water surface) take the grey rock colour.
pub const WATER_STEEP: f32 = 0.09;
/// Grey rock brightness at the lowest and the highest relative height.
pub const GREY_ROCK_RANGE: (f32, f32) = (80.0, 130.0);
/// Water depth, relative to `h_max`, at which the blue reaches its darkest (0.25 height units at
/// the typical maximum 0.89 of a peak-1 terrain).
pub const WATER_FULL_DEPTH: f32 = 0.28;

/// Snow.
pub const SNOW: Rgb = [240, 240, 250];
/// Brown rock.
pub const BROWN_ROCK: Rgb = [110, 95, 75];
/// Highland grass.
pub const HIGHLAND_GRASS: Rgb = [90, 130, 80];
/// Tree.
pub const TREE: Rgb = [30, 100, 30];
/// Dirt on steep grass.
pub const DIRT: Rgb = [139, 115, 85];
/// Flat grass.
pub const GRASS: Rgb = [60, 140, 60];
/// A road bed.
pub const ROAD: Rgb = [150, 128, 96];
/// A bridge deck.
pub const BRIDGE: Rgb = [112, 72, 40];
/// A town street.
pub const STREET: Rgb = [128, 120, 112];
/// A town lot.
pub const LOT: Rgb = [168, 92, 72];
/// A settlement's levelled ground.
pub const SITE: Rgb = [178, 160, 132];
/// Shallow water.
pub const WATER_SHALLOW: Rgb = [70, 140, 190];
/// Deep water.
pub const WATER_DEEP: Rgb = [20, 50, 120];

/// Grey rock, darker low down and lighter near the peaks.
pub fn grey_rock(h_rel: f32) -> Rgb {
    let (lo, hi) = GREY_ROCK_RANGE;
    let v = (lo + (hi - lo) * h_rel.clamp(0.0, 1.0) + 0.5) as u8;
    [v, v, v]
}

/// Blue tinted by the relative water depth: shallow water is lighter.
pub fn water(depth: f32) -> Rgb {
    let t = (depth / WATER_FULL_DEPTH).clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t + 0.5) as u8;
    [
        mix(WATER_SHALLOW[0], WATER_DEEP[0]),
        mix(WATER_SHALLOW[1], WATER_DEEP[1]),
        mix(WATER_SHALLOW[2], WATER_DEEP[2]),
    ]
}

/// The colour of one cell from its class, relative height, relative steepness and relative water
/// depth (each relative to the grid's maximum height).
pub fn colour(terrain: Terrain, h_rel: f32, steepness: f32, water_depth: f32) -> Rgb {
    match terrain {
        Terrain::Mountain if steepness > MOUNTAIN_STEEP => grey_rock(h_rel),
        Terrain::Mountain if h_rel > SNOW_MIN_REL => SNOW,
        Terrain::Mountain if h_rel > BROWN_ROCK_MIN_REL => BROWN_ROCK,
        Terrain::Mountain => HIGHLAND_GRASS,
        Terrain::Tree => TREE,
        Terrain::Grass if steepness > GRASS_STEEP => DIRT,
        Terrain::Grass => GRASS,
        Terrain::Water if steepness > WATER_STEEP => grey_rock(h_rel),
        Terrain::Water => water(water_depth),
    }
}

/// What the biome ground colours need besides the grid: the world scale and the snowline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundScale {
    /// Metres per cell.
    pub cell_size: f32,
    /// Metres per height unit.
    pub height_scale: f32,
    /// Temperature (°C) below which snow lies.
    pub snowline: f32,
}

/// Colours every cell: by the table of the original design, or, when the grid carries biomes, dry land by
/// its biomes' ground ([`crate::stages::biomes::ground`]) and water by the table; or, in the relief
/// ground style, by the subdivision article's shading ([`relief`]). Roads, bridges and settlement
/// sites are painted over any of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerrainTexture {
    /// The scale of the biome ground colours (`None`: the original design's table everywhere).
    pub ground: Option<GroundScale>,
    /// The height the colours are relative to: `None`, the grid's highest cell (a bounded map);
    /// `Some(h)`, a fixed height, so every window of an endless world is coloured alike.
    pub height_max: Option<f32>,
    /// The relief ground style ([`relief`]); `None`: the colour table or the biomes' ground.
    pub relief: Option<ReliefScale>,
    /// The blended and textured ground styles: the mesh blends the cells' colours at every
    /// vertex ([`BlendedGround`]) and carries their ground splat ([`splat::GroundSplat`]).
    pub blended: bool,
}

/// Whether the mesh blends the cells' colours at its vertices (the blended ground style) or
/// gives each cell its own colour: the texture stage stores it with the colours it made, and the
/// mesh reads it ([`Grid::blends_ground`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BlendedGround(pub bool);

/// The ground style the texture stage stored, which the mesh reads.
impl Grid {
    /// Whether the mesh blends the cells' colours at its vertices ([`BlendedGround`]); `false`
    /// before the texture stage ran.
    pub fn blends_ground(&self) -> bool {
        self.products.get::<BlendedGround>().is_some_and(|b| b.0)
    }
}

/// What the relief ground style needs besides the grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReliefScale {
    /// The peak height, which normalises the terrain.
    pub peak_height: f32,
    /// Metres per cell.
    pub cell_size: f32,
    /// Metres per height unit.
    pub height_scale: f32,
}

impl Layer for TerrainTexture {
    fn name(&self) -> &str {
        "TerrainTexture"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        *grid.products.get_or_default::<BlendedGround>() = BlendedGround(self.blended);
        if let Some(r) = self.relief {
            let (unit, shadow) = relief::sun_on(grid, r.cell_size, r.peak_height, r.height_scale);
            grid.color = relief::relief_colours(grid, r.peak_height, unit, shadow);
            paint_land_use(grid);
            return Ok(());
        }
        let h_max = self.height_max.unwrap_or_else(|| highest(grid));
        let inv_max = if h_max > 0.0 { 1.0 / h_max } else { 0.0 };
        let ground = self.ground.filter(|_| !grid.biome_weights().is_empty());
        let width = grid.width().max(1);
        // The forest floor of a biome map lies under the scatter's trees, which Godot draws.
        let canopy = ground.map(|scale| {
            let (w, d) = (grid.width(), grid.depth());
            crate::stages::biomes::ground::canopy(grid.scatter(), w, d, scale.cell_size)
        });
        let mut colours = std::mem::take(&mut grid.color);
        {
            let g = &*grid;
            let ground = ground.as_ref().zip(canopy.as_deref());
            colours
                .par_chunks_mut(width)
                .enumerate()
                .with_min_len(threads::min_rows(width))
                .for_each(|(z, row)| {
                    for (x, c) in row.iter_mut().enumerate() {
                        *c = cell_colour(g, x, z, inv_max, ground);
                    }
                });
        }
        grid.color = colours;
        if self.blended {
            let splat = ground_splat(grid, inv_max, ground.as_ref().zip(canopy.as_deref()));
            *grid.products.get_or_default::<splat::GroundSplat>() = splat::GroundSplat(splat);
        }
        paint_land_use(grid);
        Ok(())
    }
}

/// Every cell's [`splat::Splat`] (see [`cell_colour`] for the arguments), the land uses' surface
/// laid over it.
fn ground_splat(
    g: &Grid,
    inv_max: f32,
    ground: Option<(&GroundScale, &[f32])>,
) -> Vec<splat::Splat> {
    use crate::stages::settlements::LandUse;
    let width = g.width().max(1);
    let land_use = g
        .products
        .get::<Vec<LandUse>>()
        .map_or(&[][..], Vec::as_slice);
    let mut out = vec![[0u8; 8]; g.len()];
    out.par_chunks_mut(width)
        .enumerate()
        .with_min_len(threads::min_rows(width))
        .for_each(|(z, row)| {
            for (x, s) in row.iter_mut().enumerate() {
                let i = g.index(x, z);
                let laid = land_use.get(i).and_then(|&u| splat::land_use_splat(u));
                *s = laid.unwrap_or_else(|| cell_splat(g, x, z, inv_max, ground));
            }
        });
    out
}

/// The ground splat of cell `(x, z)`, as [`cell_colour`] decides its colour.
fn cell_splat(
    g: &Grid,
    x: usize,
    z: usize,
    inv_max: f32,
    ground: Option<(&GroundScale, &[f32])>,
) -> splat::Splat {
    use crate::stages::biomes::ground;
    let i = g.index(x, z);
    let (gx, gz) = crate::data::grid::central_gradient(&g.height, g.width(), g.depth(), x, z);
    let gradient = (gx * gx + gz * gz).sqrt();
    match ground {
        Some((scale, canopy)) if g.terrain[i] != Terrain::Water => {
            let cell = ground_cell(g, scale, canopy[i], x, z, gradient);
            splat::quantise(
                &ground::splat(&cell, scale.snowline),
                ground::wetness(&cell),
            )
        }
        _ => splat::table_splat(
            g.terrain[i],
            g.height[i] * inv_max,
            gradient * inv_max,
            (g.water_level[i] - g.height[i]) * inv_max,
        ),
    }
}

/// [`Grid::max_height`], row by row in parallel (the largest value does not depend on the order;
/// a zero's sign, which might, gives no colour scale either way).
fn highest(grid: &Grid) -> f32 {
    grid.height
        .par_chunks(grid.width().max(1))
        .map(|row| row.iter().copied().fold(0.0, f32::max))
        .reduce(|| 0.0, f32::max)
}

/// The colour of cell `(x, z)`: with `ground` (the scale and the canopy), dry land by its
/// biomes' ground ([`biome_ground`]); else, and on water, by the table of the original design
/// ([`colour`]).
#[inline]
fn cell_colour(
    g: &Grid,
    x: usize,
    z: usize,
    inv_max: f32,
    ground: Option<(&GroundScale, &[f32])>,
) -> Rgb {
    let i = g.index(x, z);
    let (gx, gz) = crate::data::grid::central_gradient(&g.height, g.width(), g.depth(), x, z);
    let gradient = (gx * gx + gz * gz).sqrt();
    match ground {
        Some((scale, canopy)) if g.terrain[i] != Terrain::Water => {
            biome_ground(g, scale, canopy[i], x, z, gradient)
        }
        _ => {
            let water_depth = (g.water_level[i] - g.height[i]) * inv_max;
            colour(
                g.terrain[i],
                g.height[i] * inv_max,
                gradient * inv_max,
                water_depth,
            )
        }
    }
}

/// Paints the roads, bridges and settlement sites of [`Grid::land_use`] over the ground (nothing
/// when settlements are off and the plane is empty).
fn paint_land_use(grid: &mut Grid) {
    use crate::stages::settlements::LandUse;
    let Grid {
        color, products, ..
    } = grid;
    let land_use = products
        .get::<Vec<LandUse>>()
        .map_or(&[][..], Vec::as_slice);
    for (c, u) in color.iter_mut().zip(land_use.iter()) {
        match u {
            LandUse::Open => {}
            LandUse::Road => *c = ROAD,
            LandUse::Bridge => *c = BRIDGE,
            LandUse::Site => *c = SITE,
            LandUse::Street => *c = STREET,
            LandUse::Lot => *c = LOT,
        }
    }
}

/// The biome ground colour of dry cell `(x, z)` whose height gradient (per cell) has length
/// `gradient` and whose share under tree crowns is `canopy`: slope in metres per metre,
/// temperature from the climate plane, height above the sea (or the water level of a wet cell
/// next to it) for the wet sand.
fn biome_ground(
    g: &Grid,
    scale: &GroundScale,
    canopy: f32,
    x: usize,
    z: usize,
    gradient: f32,
) -> Rgb {
    let cell = ground_cell(g, scale, canopy, x, z, gradient);
    crate::stages::biomes::ground::colour(&cell, scale.snowline)
}

/// What the biome ground reads of dry cell `(x, z)` (see [`biome_ground`]).
fn ground_cell(
    g: &Grid,
    scale: &GroundScale,
    canopy: f32,
    x: usize,
    z: usize,
    gradient: f32,
) -> crate::stages::biomes::ground::GroundCell {
    let i = g.index(x, z);
    crate::stages::biomes::ground::GroundCell {
        weights: g.biome_weights()[i],
        slope: gradient * scale.height_scale / scale.cell_size,
        temperature: g.temperature[i],
        above_water: (g.height[i] - water_near(g, x, z)) * scale.height_scale,
        canopy,
    }
}

/// The highest water level among the sea level and the wet cells beside `(x, z)`.
#[inline]
fn water_near(g: &Grid, x: usize, z: usize) -> f32 {
    let mut level = g.sea_level;
    for (dx, dz) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
        let (nx, nz) = (x as i64 + dx, z as i64 + dz);
        if g.contains(nx, nz) {
            let j = g.index(nx as usize, nz as usize);
            if g.terrain[j] == Terrain::Water {
                level = level.max(g.water_level[j]);
            }
        }
    }
    level
}
