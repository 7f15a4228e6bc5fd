//! `DonjournoGenerator`: every generation parameter as an editable, saveable `Resource`.
//!
//! Its properties are generated from the core's parameter table by `codegen.rs` into
//! `generated/`: one per parameter, with the group, range hint and documentation declared there.
//! They read and write one [`ParamStore`].

#[cfg(test)]
#[path = "../codegen.rs"]
mod codegen;
mod heightmap_file;
mod store;

pub use heightmap_file::{inputs_of, HeightmapFile};
pub use store::ParamStore;

use crate::map::DonjournoMap;
use donjourno::params::PRESETS;
use donjourno::stages::climate::Climate;
use donjourno::{GeneratorParams, HeightModel};
use godot::classes::{IResource, Resource};
use godot::prelude::*;
use godot::register::info::{PropertyInfo, PropertyUsageFlags};
use std::sync::Arc;

include!("generated/generator_properties.rs");

generator_properties! {
    /// Procedural terrain parameters: the map size and seed, the mountains, droplet erosion, water
    /// (lakes, rivers, sea) and forests, grouped in the order the pipeline uses them.
    ///
    /// Assign it to a [DonjournoTerrain]'s [member DonjournoTerrain.generator] to see the terrain,
    /// or call [method generate] to get a [DonjournoMap] without a mesh. Editing any property
    /// emits [signal Resource.changed], so terrains using this generator rebuild themselves. The
    /// result is a pure function of these values: the same generator always gives the same
    /// terrain. Save it as a `.tres` file to share one terrain between scenes.
    ///
    /// Units: the map is [member width] × [member depth] cells of [member cell_size] world units;
    /// heights are in height units (0 at the lowest ground, at most about [member peak_height]),
    /// and one height unit is [member height_scale] world units.
    ///
    /// [member height_model] picks how the land rises: [constant HEIGHT_MODEL_POOL] (mountains
    /// in a coverage mask on flat land), [constant HEIGHT_MODEL_SUBDIVISION] (fractal land around a
    /// sea), [constant HEIGHT_MODEL_CONTINENTS] (continents, ranges and river valleys following
    /// the climate fields) or [constant HEIGHT_MODEL_IMAGE] (the heightmap file [member image_file]).
    /// The inspector shows only the active model's group.
    #[derive(GodotClass)]
    #[class(tool, init, base = Resource)]
    pub struct DonjournoGenerator {} {
        /// The path of [member image_file] and what reading it gave.
        heightmap: Option<(String, Result<Arc<HeightmapFile>, String>)>,
        store: ParamStore,
        /// The height model the inspector's property list was last built for.
        listed_model: HeightModel,
        base: Base<Resource>,
    }
}

generator_accessors! {
    #[godot_api]
    impl DonjournoGenerator {
        /// Runs the generation pipeline and returns the resulting map, or `null` after reporting
        /// an error (invalid parameters). Blocks until done: at 256 × 256 cells this takes a
        /// fraction of a second.
        #[func]
        pub fn generate(&self) -> Option<Gd<DonjournoMap>> {
            let result = self.checked_params().and_then(|params| {
                let file = self.heightmap()?;
                let inputs = inputs_of(file.as_deref())?;
                let (grid, stats, elapsed) =
                    crate::terrain::build::generate_grid(&params, &inputs, Default::default())?;
                Ok((grid, stats, elapsed, Climate::new(&params)))
            });
            match result {
                Ok((grid, stats, elapsed, climate)) => Some(DonjournoMap::create(
                    grid.into(),
                    &stats,
                    climate,
                    self.cell_size(),
                    elapsed,
                )),
                Err(message) => {
                    godot_error!("DonjournoGenerator.generate(): {message}");
                    None
                }
            }
        }

        /// Returns [member image_file].
        #[func]
        pub fn get_image_file(&self) -> GString {
            self.heightmap
                .as_ref()
                .map_or(GString::new(), |(path, _)| GString::from(path.as_str()))
        }

        /// Sets [member image_file] and reads the file (an error is reported when the image model
        /// generates); emits [signal Resource.changed] when the path or the file's content changed.
        #[func]
        pub fn set_image_file(&mut self, path: GString) {
            let path = path.to_string();
            let before = self
                .heightmap
                .as_ref()
                .map(|(p, r)| (p.clone(), r.as_ref().map(|f| f.key).ok()));
            self.heightmap = (!path.is_empty())
                .then(|| (path.clone(), HeightmapFile::read(&path).map(Arc::new)));
            let after = self
                .heightmap
                .as_ref()
                .map(|(p, r)| (p.clone(), r.as_ref().map(|f| f.key).ok()));
            if before != after {
                self.base_mut().emit_changed();
            }
        }

        /// Sets [member erosion_droplet_density] so that erosion runs [param count] droplets on
        /// this map, at its present [member width] and [member depth].
        #[func]
        pub fn set_droplet_count(&mut self, count: i64) {
            let mut params = self.store.params;
            params.set_droplet_count(count.clamp(0, i64::from(u32::MAX)) as u32);
            self.set_erosion_droplet_density(params.terrain.droplet_density);
        }

        /// The erosion droplets this map runs: [member erosion_droplet_density] times its cells.
        #[func]
        pub fn get_droplet_count(&self) -> i64 {
            let p = &self.store.params;
            let cells = p.width as usize * p.depth as usize;
            i64::from(p.terrain.droplet_count(cells))
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

        /// Replaces every parameter by the named built-in preset (the world scale and the height
        /// model included) and emits [signal Resource.changed] once. Returns `false` and reports
        /// an error for an unknown name.
        #[func]
        pub fn apply_preset(&mut self, name: GString) -> bool {
            let Some(params) = GeneratorParams::preset(&name.to_string()) else {
                let known: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
                godot_error!(
                    "DonjournoGenerator.apply_preset(): unknown preset \"{name}\"; known presets: {}",
                    known.join(", ")
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

        /// Reads parameters from JSON in the format of [method to_json] (missing keys take their
        /// defaults; the older preset paths such as `terrain.coverage` are read too) and emits
        /// [signal Resource.changed] once. Returns `false` and reports an error when the text
        /// does not parse, names an unknown parameter or holds a value out of range; the
        /// generator is then unchanged.
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
}

#[godot_api]
impl IResource for DonjournoGenerator {
    /// Hides the parameters of the height models not chosen (they are still saved).
    fn on_validate_property(&self, property: &mut PropertyInfo) {
        let name = property.property_name.to_string();
        let image_file =
            name == "image_file" && self.store.params.height_model != HeightModel::Image;
        if image_file || !self.store.params.is_active(&name) {
            property.usage = PropertyUsageFlags::NO_EDITOR;
        }
    }

    /// Reads the old names of parameters now in metres (a scene or resource saved before),
    /// converting their values in cells with the cell size read before them.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        let number = match value.get_type() {
            VariantType::INT => value.to::<i64>() as f64,
            VariantType::FLOAT => value.to::<f64>(),
            _ => return false,
        };
        match self.store.set_in_cells(&property.to_string(), number) {
            None => false,
            Some(Ok(changed)) => {
                if changed {
                    self.on_param_changed();
                }
                true
            }
            Some(Err(e)) => {
                godot_warn!("DonjournoGenerator: {property}: {e}");
                true
            }
        }
    }
}

impl DonjournoGenerator {
    /// Called by the generated setters when a property's value changed: emits `changed`, and
    /// rebuilds the inspector's list when the height model changed.
    fn on_param_changed(&mut self) {
        let model = self.store.params.height_model;
        if model != self.listed_model {
            self.listed_model = model;
            self.base_mut().notify_property_list_changed();
        }
        self.base_mut().emit_changed();
    }

    /// Replaces every generation parameter and emits `changed` once if anything differs.
    pub fn set_params(&mut self, params: &GeneratorParams) {
        if self.store.set_params(params) {
            self.on_param_changed();
        }
    }

    /// The heightmap file the generation reads: `None` unless the height model is
    /// [`HeightModel::Image`]; an error when that model has no readable file.
    pub fn heightmap(&self) -> Result<Option<Arc<HeightmapFile>>, String> {
        if self.store.params.height_model != HeightModel::Image {
            return Ok(None);
        }
        match &self.heightmap {
            None => Err("height_model is image: choose a heightmap file in image_file".into()),
            Some((_, read)) => read.clone().map(Some),
        }
    }

    /// World size of one cell.
    pub fn cell_size(&self) -> f32 {
        self.store.params.cell_size
    }

    /// The core parameters, or the reason they cannot be expressed (a negative count).
    ///
    /// Range checks beyond the integer conversions are left to [`Self::checked_params`].
    pub fn params(&self) -> Result<GeneratorParams, String> {
        self.store.params().map_err(|e| e.to_string())
    }

    /// The core parameters after full validation; errors name the property as the inspector
    /// shows it.
    pub fn checked_params(&self) -> Result<GeneratorParams, String> {
        self.store.checked(&[]).map_err(|e| e.to_string())
    }
}
