//! `DonjournoGenerator`: every generation parameter as an editable, saveable `Resource`.

use crate::convert;
use crate::map::DonjournoMap;
use donjourno::mesh::MeshParams;
use donjourno::params::PRESETS;
use donjourno::params::{MAX_DROPLETS, MAX_SIDE};
use donjourno::{ErosionParams, ForestParams, GeneratorParams, TerrainParams, WaterParams};
use godot::classes::{IResource, Resource};
use godot::prelude::*;

/// Procedural terrain parameters: the map size and seed, the mountains, droplet erosion, water
/// (lakes, rivers, sea) and forests, grouped in the order the pipeline uses them.
///
/// Assign it to a [DonjournoTerrain]'s [member DonjournoTerrain.generator] to see the terrain,
/// or call [method generate] to get a [DonjournoMap] without a mesh. Editing any property emits
/// [signal Resource.changed], so terrains using this generator rebuild themselves. The result is a
/// pure function of these values: the same generator always gives the same terrain. Save it as
/// a `.tres` file to share one terrain between scenes.
///
/// Units: the map is [member width] × [member depth] cells of [member cell_size] world units;
/// heights are in height units (0 at sea level, at most about [member peak_height]), which a
/// terrain converts to world units with its [member DonjournoTerrain.height_scale].
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DonjournoGenerator {
    /// Master seed, 0 or more: every random stream (mountain mask, heights, erosion, trees)
    /// derives from it.
    #[export_group(name = "Map")]
    #[export(range = (0.0, 2147483647.0, 1.0, or_greater))]
    #[var(set)]
    seed: i64,

    /// Cells along the x axis, 1–4096.
    #[export(range = (1.0, 4096.0, 1.0, suffix = "cells"))]
    #[var(set)]
    width: i32,

    /// Cells along the z axis, 1–4096.
    #[export(range = (1.0, 4096.0, 1.0, suffix = "cells"))]
    #[var(set)]
    depth: i32,

    /// World size of one cell in metres (world units), above 0 (0.01–100 in the slider).
    /// Changing it only rebuilds the mesh.
    #[export(range = (0.01, 100.0, 0.01, or_greater, suffix = "m"))]
    #[var(set)]
    cell_size: f32,

    /// Fraction of the map covered by mountains, 0–1: the mountain pool holds exactly
    /// `round(width × depth × coverage)` cells.
    #[export_group(name = "Coverage")]
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set)]
    coverage: f32,

    /// Height of the highest possible summit in height units (0 is sea level), 0.01–1000.
    #[export(range = (0.01, 1000.0, 0.01, exp))]
    #[var(set)]
    peak_height: f32,

    /// Number of erosion droplets, 0–20 000 000. More droplets carve deeper valleys and take
    /// longer.
    #[export_group(name = "Erosion", prefix = "erosion_")]
    #[export(range = (0.0, 1000000.0, 1.0, or_greater))]
    #[var(set)]
    erosion_droplets: i32,

    /// Integration time step of a droplet, in droplet time units, above 0 up to 10.
    #[export(range = (0.01, 10.0, 0.01))]
    #[var(set)]
    erosion_dt: f32,

    /// Fraction of a droplet's speed lost per unit time, 0–1 (with `dt × friction` below 1).
    #[export(range = (0.0, 1.0, 0.001))]
    #[var(set)]
    erosion_friction: f32,

    /// Droplet density (mass per unit volume), above 0 up to 100: its mass is volume × density.
    #[export(range = (0.01, 100.0, 0.01))]
    #[var(set)]
    erosion_density: f32,

    /// Rate at which carried sediment approaches the droplet's capacity, per unit time, 0–1.
    #[export(range = (0.0, 1.0, 0.001))]
    #[var(set)]
    erosion_deposition_rate: f32,

    /// Fraction of a droplet's volume lost per unit time, above 0 up to 1.
    #[export(range = (0.0001, 1.0, 0.0001))]
    #[var(set)]
    erosion_evaporation_rate: f32,

    /// Volume (in unit droplet volumes) below which a droplet dies, above 0 up to 1.
    #[export(range = (0.0001, 1.0, 0.0001))]
    #[var(set)]
    erosion_min_volume: f32,

    /// Fill depressions with lakes (on or off).
    #[export_group(name = "Water", prefix = "water_")]
    #[export]
    #[var(set)]
    water_lakes_enabled: bool,

    /// Fewest cells a lake may have, 1 or more: smaller depressions stay dry.
    #[export(range = (1.0, 1000.0, 1.0, or_greater, suffix = "cells"))]
    #[var(set)]
    water_min_lake_cells: i32,

    /// Smallest depth a lake may have (its level minus its deepest bed), in height units, 0–1000.
    #[export(range = (0.0, 1.0, 0.001, or_greater))]
    #[var(set)]
    water_min_lake_depth: f32,

    /// Erosion droplets that reach a lake continue from its outflow (on or off; needs lakes).
    #[export]
    #[var(set)]
    water_lake_erosion: bool,

    /// Mark and carve rivers (on or off).
    #[export]
    #[var(set)]
    water_rivers_enabled: bool,

    /// Flow accumulation, in mountain cells draining through a cell, above which the cell is a
    /// river; 1 or more.
    #[export(range = (1.0, 10000.0, 1.0, or_greater, suffix = "cells"))]
    #[var(set)]
    water_river_threshold: i32,

    /// Carving depth of a river at the threshold, in height units, 0–1; it grows with the square
    /// root of the accumulation, up to four times this.
    #[export(range = (0.0, 1.0, 0.001))]
    #[var(set)]
    water_river_depth: f32,

    /// Sea level in height units, 0–1000: cells whose filled level lies below it are sea
    /// (0: no sea).
    #[export(range = (0.0, 1.0, 0.001, or_greater))]
    #[var(set)]
    water_sea_level: f32,

    /// Height, in height units, at which forest fertility falls to zero; above 0 up to 1000.
    #[export_group(name = "Forest", prefix = "forest_")]
    #[export(range = (0.01, 1000.0, 0.01, exp))]
    #[var(set)]
    forest_height_limit: f32,

    /// Exponent of the fertility fall-off with height, above 0 up to 16 (no unit): higher
    /// values keep forests dense further up.
    #[export(range = (0.01, 16.0, 0.01))]
    #[var(set)]
    forest_steepness: f32,

    /// Probability of a tree on fully fertile grass, 0–1.
    #[export(range = (0.0, 1.0, 0.01))]
    #[var(set)]
    forest_density: f32,

    base: Base<Resource>,
}

#[godot_api]
impl IResource for DonjournoGenerator {
    fn init(base: Base<Resource>) -> Self {
        let mut this = DonjournoGenerator {
            seed: 0,
            width: 0,
            depth: 0,
            cell_size: MeshParams::default().cell_size,
            peak_height: 0.0,
            coverage: 0.0,
            erosion_droplets: 0,
            erosion_dt: 0.0,
            erosion_friction: 0.0,
            erosion_density: 0.0,
            erosion_deposition_rate: 0.0,
            erosion_evaporation_rate: 0.0,
            erosion_min_volume: 0.0,
            water_lakes_enabled: false,
            water_min_lake_cells: 0,
            water_min_lake_depth: 0.0,
            water_lake_erosion: false,
            water_rivers_enabled: false,
            water_river_threshold: 0,
            water_river_depth: 0.0,
            water_sea_level: 0.0,
            forest_height_limit: 0.0,
            forest_steepness: 0.0,
            forest_density: 0.0,
            base,
        };
        this.store(&GeneratorParams::default());
        this
    }
}

#[godot_api]
impl DonjournoGenerator {
    /// Sets [member seed].
    #[func]
    pub fn set_seed(&mut self, value: i64) {
        self.update(|s| &mut s.seed, value);
    }

    /// Sets [member width].
    #[func]
    pub fn set_width(&mut self, value: i32) {
        self.update(|s| &mut s.width, value);
    }

    /// Sets [member depth].
    #[func]
    pub fn set_depth(&mut self, value: i32) {
        self.update(|s| &mut s.depth, value);
    }

    /// Sets [member cell_size].
    #[func]
    pub fn set_cell_size(&mut self, value: f32) {
        self.update(|s| &mut s.cell_size, value);
    }

    /// Sets [member peak_height].
    #[func]
    pub fn set_peak_height(&mut self, value: f32) {
        self.update(|s| &mut s.peak_height, value);
    }

    /// Sets [member coverage].
    #[func]
    pub fn set_coverage(&mut self, value: f32) {
        self.update(|s| &mut s.coverage, value);
    }

    /// Sets [member erosion_droplets].
    #[func]
    pub fn set_erosion_droplets(&mut self, value: i32) {
        self.update(|s| &mut s.erosion_droplets, value);
    }

    /// Sets [member erosion_dt].
    #[func]
    pub fn set_erosion_dt(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_dt, value);
    }

    /// Sets [member erosion_friction].
    #[func]
    pub fn set_erosion_friction(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_friction, value);
    }

    /// Sets [member erosion_density].
    #[func]
    pub fn set_erosion_density(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_density, value);
    }

    /// Sets [member erosion_deposition_rate].
    #[func]
    pub fn set_erosion_deposition_rate(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_deposition_rate, value);
    }

    /// Sets [member erosion_evaporation_rate].
    #[func]
    pub fn set_erosion_evaporation_rate(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_evaporation_rate, value);
    }

    /// Sets [member erosion_min_volume].
    #[func]
    pub fn set_erosion_min_volume(&mut self, value: f32) {
        self.update(|s| &mut s.erosion_min_volume, value);
    }

    /// Sets [member water_lakes_enabled].
    #[func]
    pub fn set_water_lakes_enabled(&mut self, value: bool) {
        self.update(|s| &mut s.water_lakes_enabled, value);
    }

    /// Sets [member water_min_lake_cells].
    #[func]
    pub fn set_water_min_lake_cells(&mut self, value: i32) {
        self.update(|s| &mut s.water_min_lake_cells, value);
    }

    /// Sets [member water_min_lake_depth].
    #[func]
    pub fn set_water_min_lake_depth(&mut self, value: f32) {
        self.update(|s| &mut s.water_min_lake_depth, value);
    }

    /// Sets [member water_lake_erosion].
    #[func]
    pub fn set_water_lake_erosion(&mut self, value: bool) {
        self.update(|s| &mut s.water_lake_erosion, value);
    }

    /// Sets [member water_rivers_enabled].
    #[func]
    pub fn set_water_rivers_enabled(&mut self, value: bool) {
        self.update(|s| &mut s.water_rivers_enabled, value);
    }

    /// Sets [member water_river_threshold].
    #[func]
    pub fn set_water_river_threshold(&mut self, value: i32) {
        self.update(|s| &mut s.water_river_threshold, value);
    }

    /// Sets [member water_river_depth].
    #[func]
    pub fn set_water_river_depth(&mut self, value: f32) {
        self.update(|s| &mut s.water_river_depth, value);
    }

    /// Sets [member water_sea_level].
    #[func]
    pub fn set_water_sea_level(&mut self, value: f32) {
        self.update(|s| &mut s.water_sea_level, value);
    }

    /// Sets [member forest_height_limit].
    #[func]
    pub fn set_forest_height_limit(&mut self, value: f32) {
        self.update(|s| &mut s.forest_height_limit, value);
    }

    /// Sets [member forest_steepness].
    #[func]
    pub fn set_forest_steepness(&mut self, value: f32) {
        self.update(|s| &mut s.forest_steepness, value);
    }

    /// Sets [member forest_density].
    #[func]
    pub fn set_forest_density(&mut self, value: f32) {
        self.update(|s| &mut s.forest_density, value);
    }

    /// Runs the generation pipeline and returns the resulting map, or `null` after reporting an
    /// error (invalid parameters). Blocks until done: at 256 × 256 cells this takes a fraction
    /// of a second.
    #[func]
    pub fn generate(&self) -> Option<Gd<DonjournoMap>> {
        let params = match self.checked_params() {
            Ok(p) => p,
            Err(message) => {
                godot_error!("DonjournoGenerator.generate(): {message}");
                return None;
            }
        };
        match convert::run_pipeline(&params) {
            Ok((grid, stats, elapsed)) => Some(DonjournoMap::create(
                grid.into(),
                &stats,
                self.cell_size,
                elapsed,
            )),
            Err(message) => {
                godot_error!("DonjournoGenerator.generate(): {message}");
                None
            }
        }
    }

    /// Returns an empty string when every parameter is in range, else the reason the first
    /// offending one is not (for example `coverage must be a number in [0, 1] (got 2)`).
    #[func]
    pub fn get_validation_error(&self) -> GString {
        match self.checked_params() {
            Ok(_) => GString::new(),
            Err(message) => GString::from(&message),
        }
    }

    /// Names of the built-in presets, for [method apply_preset].
    #[func]
    pub fn get_preset_names() -> PackedStringArray {
        PRESETS
            .iter()
            .map(|(name, _)| GString::from(*name))
            .collect()
    }

    /// Replaces every generation parameter (all but [member cell_size]) by the named built-in
    /// preset and emits [signal Resource.changed] once. Returns `false` and reports an error for
    /// an unknown name.
    #[func]
    pub fn apply_preset(&mut self, name: GString) -> bool {
        let Some(params) = GeneratorParams::preset(&name.to_string()) else {
            godot_error!(
                "DonjournoGenerator.apply_preset(): unknown preset \"{name}\"; known presets: {}",
                PRESETS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            return false;
        };
        self.set_params(&params);
        true
    }

    /// The parameters as JSON, in the format of the `donjourno` command-line tool's presets.
    #[func]
    pub fn to_json(&self) -> GString {
        match self.checked_params() {
            Ok(p) => GString::from(&p.to_json()),
            Err(message) => {
                godot_error!("DonjournoGenerator.to_json(): {message}");
                GString::new()
            }
        }
    }

    /// Reads parameters from JSON in the format of [method to_json] (missing fields take their
    /// defaults) and emits [signal Resource.changed] once. Returns `false` and reports an error
    /// when the text does not parse or a value is out of range; the generator is then unchanged.
    #[func]
    pub fn from_json(&mut self, json: GString) -> bool {
        let parsed = GeneratorParams::from_json(&json.to_string())
            .map_err(|e| e.to_string())
            .and_then(|p| p.validate().map(|()| p).map_err(|e| e.to_string()));
        match parsed {
            Ok(params) => {
                self.set_params(&params);
                true
            }
            Err(message) => {
                godot_error!("DonjournoGenerator.from_json(): {message}");
                false
            }
        }
    }
}

impl DonjournoGenerator {
    /// Stores `value` in a field and emits `changed` if it differs from the current value.
    fn update<T: PartialEq>(&mut self, field: impl FnOnce(&mut Self) -> &mut T, value: T) {
        let slot = field(self);
        if *slot != value {
            *slot = value;
            self.base_mut().emit_changed();
        }
    }

    /// Copies core parameters into the exported fields (without emitting anything).
    fn store(&mut self, p: &GeneratorParams) {
        self.seed = p.seed as i64;
        self.width = p.width.min(i32::MAX as u32) as i32;
        self.depth = p.depth.min(i32::MAX as u32) as i32;
        self.peak_height = p.terrain.peak_height;
        self.coverage = p.terrain.coverage;
        self.erosion_droplets = p.terrain.droplets.min(i32::MAX as u32) as i32;
        let e = &p.terrain.erosion;
        self.erosion_dt = e.dt;
        self.erosion_friction = e.friction;
        self.erosion_density = e.density;
        self.erosion_deposition_rate = e.deposition_rate;
        self.erosion_evaporation_rate = e.evaporation_rate;
        self.erosion_min_volume = e.min_volume;
        let w = &p.water;
        self.water_lakes_enabled = w.lakes_enabled;
        self.water_min_lake_cells = w.min_lake_cells.min(i32::MAX as u32) as i32;
        self.water_min_lake_depth = w.min_lake_depth;
        self.water_lake_erosion = w.lake_erosion;
        self.water_rivers_enabled = w.rivers_enabled;
        self.water_river_threshold = w.river_threshold.min(i32::MAX as u32) as i32;
        self.water_river_depth = w.river_depth;
        self.water_sea_level = w.sea_level;
        self.forest_height_limit = p.forest.height_limit;
        self.forest_steepness = p.forest.steepness;
        self.forest_density = p.forest.density;
    }

    /// Replaces every generation parameter and emits `changed` once if anything differs.
    pub fn set_params(&mut self, params: &GeneratorParams) {
        if self.params().ok() != Some(*params) {
            self.store(params);
            self.base_mut().emit_changed();
        }
    }

    /// World size of one cell.
    pub fn cell_size(&self) -> f32 {
        self.cell_size
    }

    /// The core parameters, or the reason they cannot be expressed (a negative count).
    ///
    /// Range checks beyond the integer conversions are left to [`Self::checked_params`].
    // The struct update keeps core parameters without a property here at their defaults, also
    // when every field happens to be listed.
    #[allow(clippy::needless_update)]
    pub fn params(&self) -> Result<GeneratorParams, String> {
        let count = |field: &str, v: i32, expected: &str| {
            u32::try_from(v).map_err(|_| format!("{field} must be {expected} (got {v})"))
        };
        let side = format!("a whole number in [1, {MAX_SIDE}]");
        Ok(GeneratorParams {
            seed: self.seed as u64,
            width: count("width", self.width, &side)?,
            depth: count("depth", self.depth, &side)?,
            terrain: TerrainParams {
                coverage: self.coverage,
                peak_height: self.peak_height,
                droplets: count(
                    "erosion_droplets",
                    self.erosion_droplets,
                    &format!("a whole number in [0, {MAX_DROPLETS}]"),
                )?,
                erosion: ErosionParams {
                    dt: self.erosion_dt,
                    friction: self.erosion_friction,
                    density: self.erosion_density,
                    deposition_rate: self.erosion_deposition_rate,
                    evaporation_rate: self.erosion_evaporation_rate,
                    min_volume: self.erosion_min_volume,
                },
            },
            forest: ForestParams {
                height_limit: self.forest_height_limit,
                steepness: self.forest_steepness,
                density: self.forest_density,
            },
            water: WaterParams {
                lakes_enabled: self.water_lakes_enabled,
                min_lake_cells: count(
                    "water_min_lake_cells",
                    self.water_min_lake_cells,
                    "a whole number of at least 1",
                )?,
                min_lake_depth: self.water_min_lake_depth,
                lake_erosion: self.water_lake_erosion,
                rivers_enabled: self.water_rivers_enabled,
                river_threshold: count(
                    "water_river_threshold",
                    self.water_river_threshold,
                    "a whole number of at least 1",
                )?,
                river_depth: self.water_river_depth,
                sea_level: self.water_sea_level,
            },
            // Parameters without a property here keep their defaults.
            ..GeneratorParams::default()
        })
    }

    /// The core parameters after full validation, including [member cell_size]; errors name the
    /// property as the inspector shows it.
    pub fn checked_params(&self) -> Result<GeneratorParams, String> {
        let params = self.params()?;
        params
            .validate()
            .map_err(|e| convert::property_message(&e))?;
        let mesh = MeshParams {
            cell_size: self.cell_size,
            ..MeshParams::default()
        };
        mesh.validate().map_err(|e| convert::property_message(&e))?;
        Ok(params)
    }
}
