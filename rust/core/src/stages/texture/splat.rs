//! The ground splat: per cell, the weights of the seven ground materials (grass, dry grass, dirt,
//! sand, rock, snow, mud, in the order of [`MATERIALS`]) and how wet the ground is. The blended
//! and textured ground styles carry it to every mesh vertex, blended across cells like the
//! colours ([`crate::outputs::mesh::blend`]), where the terrain shader reads it: two RGBA8
//! attributes, `CUSTOM0` = grass, dry grass, dirt, sand and `CUSTOM1` = rock, snow, mud, wetness.
//!
//! A biome map's dry land takes its biomes' splat ([`crate::stages::biomes::ground::splat`]);
//! the colour table of the original design maps each of its colours onto the materials it shows;
//! water holds sand in the shallows and mud in the deep; roads, streets and lots their surface.

use crate::data::grid::{Grid, Terrain};
use crate::stages::biomes::table::{MATERIALS, ROCK, SAND, SNOW};
use crate::stages::settlements::LandUse;

/// One vertex's (or cell's) ground: seven material weights, then the wetness, each `0..=255`.
pub type Splat = [u8; 8];
/// Index of the wetness in a [`Splat`] (0 dry, 255 soaked: wet sand, a bed under water).
pub const WETNESS: usize = 7;
/// Material index of grass.
pub const GRASS: usize = 0;
/// Material index of dirt.
pub const DIRT: usize = 2;
/// Material index of mud.
pub const MUD: usize = 6;

/// Every cell's [`Splat`], stored by the texture stage in the blended and textured ground styles.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GroundSplat(pub Vec<Splat>);

impl Grid {
    /// The cells' ground splat ([`GroundSplat`]); empty unless the ground style carries it.
    pub fn ground_splat(&self) -> &[Splat] {
        self.products
            .get::<GroundSplat>()
            .map_or(&[][..], |s| s.0.as_slice())
    }
}

/// `weights` (summing to about 1) and `wetness` (0–1) as bytes.
pub fn quantise(weights: &[f32; 7], wetness: f32) -> Splat {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    let mut s = [0u8; 8];
    for (dst, &w) in s.iter_mut().zip(weights) {
        *dst = byte(w);
    }
    s[WETNESS] = byte(wetness);
    s
}

/// A splat of one material.
pub fn only(material: usize) -> [f32; 7] {
    let mut w = [0.0f32; 7];
    w[material] = 1.0;
    w
}

/// The materials of a colour of the original design's table ([`super::colour`]): the same
/// decisions, by class, relative height, relative steepness and relative water depth; the
/// wetness is 1 under water.
pub fn table_splat(terrain: Terrain, h_rel: f32, steepness: f32, water_depth: f32) -> Splat {
    use super::{BROWN_ROCK_MIN_REL, GRASS_STEEP, MOUNTAIN_STEEP, SNOW_MIN_REL, WATER_STEEP};
    let weights = match terrain {
        Terrain::Mountain if steepness > MOUNTAIN_STEEP => only(ROCK),
        Terrain::Mountain if h_rel > SNOW_MIN_REL => only(SNOW),
        // Brown rock: bare stone weathered to earth.
        Terrain::Mountain if h_rel > BROWN_ROCK_MIN_REL => mix(ROCK, DIRT, 0.5),
        Terrain::Mountain | Terrain::Tree => only(GRASS),
        Terrain::Grass if steepness > GRASS_STEEP => only(DIRT),
        Terrain::Grass => only(GRASS),
        Terrain::Water if steepness > WATER_STEEP => only(ROCK),
        Terrain::Water => bed(water_depth),
    };
    let wet = if terrain == Terrain::Water { 1.0 } else { 0.0 };
    quantise(&weights, wet)
}

/// Relative water depth (see [`super::WATER_FULL_DEPTH`]) at which a bed is all mud.
pub const MUD_DEPTH: f32 = 0.1;

/// The bed under water `depth` deep (relative to the highest ground): sand in the shallows, mud
/// from [`MUD_DEPTH`] down.
pub fn bed(depth: f32) -> [f32; 7] {
    mix(SAND, MUD, (depth / MUD_DEPTH).clamp(0.0, 1.0))
}

/// `a` and `b`, `t` of the way to `b`.
fn mix(a: usize, b: usize, t: f32) -> [f32; 7] {
    let mut w = [0.0f32; 7];
    w[a] += 1.0 - t;
    w[b] += t;
    w
}

/// The surface a land use lays over the ground, if any: roads, bridges, sites and lots are dirt
/// and gravel, streets paved stone.
pub fn land_use_splat(u: LandUse) -> Option<Splat> {
    let weights = match u {
        LandUse::Open => return None,
        LandUse::Road | LandUse::Bridge | LandUse::Lot => only(DIRT),
        LandUse::Site => mix(DIRT, SAND, 0.5),
        LandUse::Street => only(ROCK),
    };
    Some(quantise(&weights, 0.0))
}

/// The colour of a splat's materials, without tints: what the terrain shader divides the vertex
/// colour by to find the ground's tint (wet sand, forest floor, biome shading).
pub fn material_colour(s: &Splat) -> [f32; 3] {
    let total: f32 = s[..7].iter().map(|&w| f32::from(w)).sum();
    let mut rgb = [0.0f32; 3];
    if total <= 0.0 {
        return rgb;
    }
    for (k, &w) in s[..7].iter().enumerate() {
        for (c, m) in rgb.iter_mut().zip(MATERIALS[k]) {
            *c += f32::from(w) / total * f32::from(m);
        }
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantised_weights_keep_their_shares() {
        let s = quantise(&[0.5, 0.25, 0.25, 0.0, 0.0, 0.0, 0.0], 1.0);
        assert_eq!(s, [128, 64, 64, 0, 0, 0, 0, 255]);
        // Out-of-range inputs clamp instead of wrapping.
        let s = quantise(&[2.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0], f32::NAN);
        assert_eq!(&s[..2], &[255, 0]);
    }

    #[test]
    fn the_table_maps_its_colours_onto_their_materials() {
        assert_eq!(
            table_splat(Terrain::Mountain, 0.9, 0.5, 0.0)[ROCK],
            255,
            "cliff"
        );
        assert_eq!(
            table_splat(Terrain::Mountain, 0.9, 0.0, 0.0)[SNOW],
            255,
            "peak"
        );
        assert_eq!(table_splat(Terrain::Grass, 0.1, 0.0, 0.0)[GRASS], 255);
        assert_eq!(table_splat(Terrain::Grass, 0.1, 0.5, 0.0)[DIRT], 255);
        let shallow = table_splat(Terrain::Water, 0.1, 0.0, 0.0);
        let deep = table_splat(Terrain::Water, 0.1, 0.0, 0.5);
        assert_eq!((shallow[SAND], shallow[WETNESS]), (255, 255));
        assert_eq!(deep[MUD], 255);
        assert_eq!(table_splat(Terrain::Grass, 0.1, 0.0, 0.0)[WETNESS], 0);
    }

    #[test]
    fn land_uses_lay_their_surface() {
        assert_eq!(land_use_splat(LandUse::Open), None);
        assert_eq!(land_use_splat(LandUse::Street).unwrap()[ROCK], 255);
        assert_eq!(land_use_splat(LandUse::Road).unwrap()[DIRT], 255);
    }

    #[test]
    fn the_material_colour_is_the_weighted_mean() {
        let s = quantise(&mix(GRASS, SNOW, 0.5), 0.0);
        let rgb = material_colour(&s);
        for k in 0..3 {
            let mean = 0.5 * (f32::from(MATERIALS[GRASS][k]) + f32::from(MATERIALS[SNOW][k]));
            assert!((rgb[k] - mean).abs() < 1.0, "{rgb:?}");
        }
        assert_eq!(material_colour(&[0; 8]), [0.0; 3]);
    }
}
