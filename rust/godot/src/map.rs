//! `DonjournoMap`: a generated grid handed to scripts.

use crate::convert;
use donjourno::stages::biomes::Biome;
use donjourno::stages::climate::Climate;
use donjourno::{GenerationStats, Grid, Terrain};
use godot::classes::image::Format;
use godot::classes::{IRefCounted, Image, RefCounted};
use godot::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// A generated terrain grid: per-cell heights, terrain classes and colours.
///
/// Returned by [method DonjournoGenerator.generate] and [method DonjournoTerrain.get_map].
/// Cells are addressed by integer coordinates `x` in `[0, get_width())` and `z` in
/// `[0, get_depth())`; queries outside the grid return `0` (heights) or [constant TERRAIN_NONE].
/// Heights are in height units (0 at sea level). The map is read-only and cheap to pass around:
/// maps of the same terrain share one grid.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub struct DonjournoMap {
    grid: Arc<Grid>,
    stats: GenerationStats,
    /// The climate of the grid's generation: it answers for the cells of a grid without climate
    /// planes (nothing in its generation read them).
    climate: Climate,
    cell_size: f32,
    pipeline_time: Duration,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for DonjournoMap {
    fn to_string(&self) -> GString {
        GString::from(&format!(
            "<DonjournoMap {}×{} hash={:016x}>",
            self.grid.width(),
            self.grid.depth(),
            self.stats.grid_hash
        ))
    }
}

#[godot_api]
impl DonjournoMap {
    /// Off the grid.
    #[constant]
    pub const TERRAIN_NONE: i32 = -1;
    /// Flat, walkable land.
    #[constant]
    pub const TERRAIN_GRASS: i32 = Terrain::Grass as i32;
    /// Elevated ground in the mountain pool.
    #[constant]
    pub const TERRAIN_MOUNTAIN: i32 = Terrain::Mountain as i32;
    /// Grass planted with a tree.
    #[constant]
    pub const TERRAIN_TREE: i32 = Terrain::Tree as i32;
    /// Lake, river or sea.
    #[constant]
    pub const TERRAIN_WATER: i32 = Terrain::Water as i32;

    /// Cells along x.
    #[func]
    pub fn get_width(&self) -> i32 {
        self.grid.width() as i32
    }

    /// Cells along z.
    #[func]
    pub fn get_depth(&self) -> i32 {
        self.grid.depth() as i32
    }

    /// World size of one cell, from the generator's [member DonjournoGenerator.cell_size].
    #[func]
    pub fn get_cell_size(&self) -> f32 {
        self.cell_size
    }

    /// Whether `(x, z)` is a cell of the grid.
    #[func]
    pub fn has_cell(&self, x: i32, z: i32) -> bool {
        self.grid.contains(i64::from(x), i64::from(z))
    }

    /// Height of cell `(x, z)` in height units, or `0` off the grid.
    #[func]
    pub fn get_height(&self, x: i32, z: i32) -> f32 {
        self.index(x, z).map_or(0.0, |i| self.grid.height[i])
    }

    /// Terrain class of cell `(x, z)`: one of the `TERRAIN_*` constants.
    #[func]
    pub fn get_terrain(&self, x: i32, z: i32) -> i32 {
        self.index(x, z)
            .map_or(Self::TERRAIN_NONE, |i| self.grid.terrain[i] as i32)
    }

    /// Water level of cell `(x, z)` in height units (lake, river or sea surface), or `NAN` where
    /// the cell is not water or off the grid.
    #[func]
    pub fn get_water_level(&self, x: i32, z: i32) -> f32 {
        self.index(x, z)
            .filter(|&i| self.grid.terrain[i] == Terrain::Water)
            .map_or(f32::NAN, |i| self.grid.water_level[i])
    }

    /// Surface colour of cell `(x, z)` (sRGB), or black off the grid.
    #[func]
    pub fn get_color(&self, x: i32, z: i32) -> Color {
        self.index(x, z).map_or(Color::BLACK, |i| {
            let [r, g, b] = self.grid.color[i];
            Color::from_rgba8(r, g, b, 255)
        })
    }

    /// Surface roughness of cell `(x, z)`, 0–1.
    #[func]
    pub fn get_roughness(&self, x: i32, z: i32) -> f32 {
        self.index(x, z).map_or(0.0, |i| self.grid.roughness[i])
    }

    /// Forest fertility of cell `(x, z)`, 0–1.
    #[func]
    pub fn get_forest_mask(&self, x: i32, z: i32) -> f32 {
        self.index(x, z).map_or(0.0, |i| self.grid.forest_mask[i])
    }

    /// Air temperature of cell `(x, z)` in °C (`NAN` off the grid).
    #[func]
    pub fn get_temperature(&self, x: i32, z: i32) -> f32 {
        self.climate_of(x, z).0
    }

    /// Moisture of cell `(x, z)`, 0–1 (`NAN` off the grid).
    #[func]
    pub fn get_moisture(&self, x: i32, z: i32) -> f32 {
        self.climate_of(x, z).1
    }

    /// The heaviest biome of cell `(x, z)` (a `DonjournoTerrain.BIOME_*` id), −1 off the grid or
    /// without biomes.
    #[func]
    pub fn get_biome(&self, x: i32, z: i32) -> i32 {
        self.index(x, z)
            .and_then(|i| self.grid.biome().get(i))
            .map_or(-1, |&b| i32::from(b))
    }

    /// The height model's sea level in height units (0 for the pool model, whose sea is the
    /// generator's [member DonjournoGenerator.water_sea_level]).
    #[func]
    pub fn get_sea_level(&self) -> f32 {
        self.grid.sea_level
    }

    /// Every height, row by row (`index = z × width + x`).
    #[func]
    pub fn get_heights(&self) -> PackedFloat32Array {
        PackedFloat32Array::from(self.grid.height.as_slice())
    }

    /// Every terrain class, row by row (`index = z × width + x`), as `TERRAIN_*` values.
    #[func]
    pub fn get_terrain_classes(&self) -> PackedByteArray {
        // `Terrain` is `repr(u8)`; one byte per cell.
        self.grid.terrain.iter().map(|&t| t as u8).collect()
    }

    /// The colour map as an RGB8 image of `width × depth` pixels (one pixel per cell).
    #[func]
    pub fn get_color_image(&self) -> Option<Gd<Image>> {
        let bytes = PackedByteArray::from(self.grid.color.as_flattened());
        Image::create_from_data(
            self.get_width(),
            self.get_depth(),
            false,
            Format::RGB8,
            &bytes,
        )
    }

    /// The biome map as an RGB8 image of `width × depth` pixels, one pixel per cell in the colour
    /// of its heaviest biome ([method DonjournoTerrain.get_biome_color]); `null` without biomes.
    #[func]
    pub fn get_biome_image(&self) -> Option<Gd<Image>> {
        if self.grid.biome().is_empty() {
            return None;
        }
        let bytes: Vec<u8> = self
            .grid
            .biome()
            .iter()
            .flat_map(|&b| Biome::from_id(b).map_or([0, 0, 0], Biome::map_colour))
            .collect();
        Image::create_from_data(
            self.get_width(),
            self.get_depth(),
            false,
            Format::RGB8,
            &PackedByteArray::from(bytes),
        )
    }

    /// The heightmap as a single-channel float image (`FORMAT_RF`) of `width × depth` pixels.
    #[func]
    pub fn get_height_image(&self) -> Option<Gd<Image>> {
        let bytes: Vec<u8> = self
            .grid
            .height
            .iter()
            .flat_map(|h| h.to_le_bytes())
            .collect();
        Image::create_from_data(
            self.get_width(),
            self.get_depth(),
            false,
            Format::RF,
            &PackedByteArray::from(bytes),
        )
    }

    /// Figures of the generation, with the keys of the CLI's `--json` statistics: `pool_fraction`,
    /// `max_height`, `class_counts` (cells per class: `grass`, `mountain`, `tree`, `water`),
    /// `erosion_steps`, `water` (`lakes`, `lake_cells`, `river_cells`, `sea_cells`,
    /// `max_accumulation`, `erosion_lake_jumps`, `river_length` in metres), `timings_ms` (per layer), `total_ms` (the layers'
    /// sum) and `grid_hash` (as an int, as [method get_grid_hash]); plus `pipeline_ms`, the
    /// generation's wall time.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        let mut d: VarDictionary = convert::json_to_variant(&self.stats.to_value()).to();
        convert::put(&mut d, "pipeline_ms", convert::ms(self.pipeline_time));
        convert::put(&mut d, "grid_hash", convert::hash_int(self.stats.grid_hash));
        d
    }

    /// A 64-bit fingerprint of the whole grid: equal maps have equal hashes.
    #[func]
    pub fn get_grid_hash(&self) -> i64 {
        convert::hash_int(self.stats.grid_hash)
    }
}

impl DonjournoMap {
    /// A map over a shared grid, generated with `climate`.
    pub fn create(
        grid: Arc<Grid>,
        stats: &GenerationStats,
        climate: Climate,
        cell_size: f32,
        pipeline_time: Duration,
    ) -> Gd<Self> {
        let stats = stats.clone();
        Gd::from_init_fn(|base| DonjournoMap {
            grid,
            stats,
            climate,
            cell_size,
            pipeline_time,
            base,
        })
    }

    /// Temperature and moisture of cell `(x, z)` ([`Climate::at`]); `NAN` off the grid.
    fn climate_of(&self, x: i32, z: i32) -> (f32, f32) {
        self.index(x, z).map_or((f32::NAN, f32::NAN), |_| {
            self.climate.at(&self.grid, x as usize, z as usize)
        })
    }

    fn index(&self, x: i32, z: i32) -> Option<usize> {
        self.grid
            .contains(i64::from(x), i64::from(z))
            .then(|| self.grid.index(x as usize, z as usize))
    }
}
