//! The values behind the table-driven Godot properties: one [`GeneratorParams`] and one
//! [`MeshSettings`], read and written by parameter name with Godot's types.

use donjourno::params::MeshSettings;
use donjourno::params::{
    table, Declared, Kind, Param, ParamError, Value, GENERATOR, GENERATOR_PRODUCTS, MESH_TABLE,
};
use donjourno::GeneratorParams;

/// A declared parameter and the struct it lives in.
#[derive(Clone, Copy)]
enum Entry {
    Generator(&'static Param<GeneratorParams>),
    Mesh(&'static Param<MeshSettings>),
}

impl Entry {
    fn named(name: &str) -> Option<Entry> {
        table::find(GENERATOR, name)
            .map(Entry::Generator)
            .or_else(|| table::find(MESH_TABLE, name).map(Entry::Mesh))
    }

    fn declared(self) -> &'static dyn Declared {
        match self {
            Entry::Generator(p) => p,
            Entry::Mesh(p) => p,
        }
    }
}

/// Parameter values as Godot properties see them (the declared defaults at first).
#[derive(Clone, Debug, Default)]
pub struct ParamStore {
    /// The generation parameters.
    pub params: GeneratorParams,
    /// The mesh settings (a generator uses only the cell size).
    pub mesh: MeshSettings,
    /// Whole numbers set from Godot that do not fit their parameter (a negative width), by
    /// name: the property reads them back, and validation reports them.
    unfit: Vec<(&'static str, i64)>,
}

impl ParamStore {
    fn value(&self, entry: Entry) -> Value {
        match entry {
            Entry::Generator(p) => p.get(&self.params),
            Entry::Mesh(p) => p.get(&self.mesh),
        }
    }

    /// Stores `v`; returns whether the value seen by the property changed.
    fn store(&mut self, name: &str, v: Value) -> bool {
        let Some(entry) = Entry::named(name) else {
            return false;
        };
        let had_unfit = self.unfit.iter().any(|(n, _)| *n == name);
        self.unfit.retain(|(n, _)| *n != name);
        let before = self.value(entry);
        let stored = match entry {
            Entry::Generator(p) => p.set(&mut self.params, v),
            Entry::Mesh(p) => p.set(&mut self.mesh, v),
        };
        // A NaN differs from itself: setting it again is reported again, as for a plain field.
        stored.is_ok() && (had_unfit || !same(before, v))
    }

    /// A whole-number property (`u32`, `u64` as the same bits, or a choice's index).
    pub fn int(&self, name: &str) -> i64 {
        if let Some((_, v)) = self.unfit.iter().find(|(n, _)| *n == name) {
            return *v;
        }
        match Entry::named(name).map(|e| self.value(e)) {
            Some(Value::U32(v)) => i64::from(v),
            Some(Value::U64(v)) => v as i64,
            Some(Value::Choice(i)) => i as i64,
            _ => 0,
        }
    }

    /// Sets a whole-number property; one that does not fit is kept for validation to report.
    pub fn set_int(&mut self, name: &str, v: i64) -> bool {
        let Some(entry) = Entry::named(name) else {
            return false;
        };
        let p = entry.declared();
        match p.int_value(v) {
            Some(value) => self.store(name, value),
            None if matches!(p.kind(), Kind::U32 | Kind::Choice(_)) => {
                let before = self.int(name);
                self.unfit.retain(|(n, _)| *n != name);
                self.unfit.push((p.name(), v));
                before != v
            }
            None => false,
        }
    }

    /// A real-number property.
    pub fn float(&self, name: &str) -> f32 {
        match Entry::named(name).map(|e| self.value(e)) {
            Some(Value::F32(v)) => v,
            _ => 0.0,
        }
    }

    /// Sets a real-number property.
    pub fn set_float(&mut self, name: &str, v: f32) -> bool {
        self.store(name, Value::F32(v))
    }

    /// A switch property.
    pub fn flag(&self, name: &str) -> bool {
        matches!(
            Entry::named(name).map(|e| self.value(e)),
            Some(Value::Bool(true))
        )
    }

    /// Sets a switch property.
    pub fn set_flag(&mut self, name: &str, v: bool) -> bool {
        self.store(name, Value::Bool(v))
    }

    /// Sets the parameter that the old name `old` gave in cells or as a count over the map (a
    /// saved scene's), converted with the size and cell size set so far; `None` when `old` is no such name, else whether the value
    /// changed or the error that the conversion gives.
    pub fn set_in_cells(&mut self, old: &str, number: f64) -> Option<Result<bool, ParamError>> {
        let (param, how) = donjourno::params::cells::find_old(GENERATOR, old)?;
        let lattice = donjourno::params::cells::lattice(GENERATOR, &self.params);
        Some(
            donjourno::params::cells::from_old(param, number, how, lattice)
                .map(|v| self.store(param.name, v)),
        )
    }

    /// Replaces every generation parameter; returns whether anything changed.
    pub fn set_params(&mut self, params: &GeneratorParams) -> bool {
        let before = self.unfit.len();
        self.unfit
            .retain(|(n, _)| table::find(GENERATOR, n).is_none());
        let changed = before != self.unfit.len() || self.params != *params;
        self.params = *params;
        changed
    }

    /// The generation parameters, or the first whole number that does not fit its parameter.
    pub fn params(&self) -> Result<GeneratorParams, ParamError> {
        for p in GENERATOR {
            self.check_fit(p)?;
        }
        Ok(self.params)
    }

    /// The generation parameters after every check in table order (a value that does not fit,
    /// then the range), then the products; then the named mesh settings.
    pub fn checked(&self, mesh_settings: &[&str]) -> Result<GeneratorParams, ParamError> {
        for p in GENERATOR {
            self.check_fit(p)?;
            p.check(&self.params)?;
        }
        for c in GENERATOR_PRODUCTS {
            c.check(GENERATOR, &self.params)?;
        }
        self.checked_mesh(mesh_settings)?;
        Ok(self.params)
    }

    /// The mesh settings after checking the named ones.
    pub fn checked_mesh(&self, names: &[&str]) -> Result<MeshSettings, ParamError> {
        for p in MESH_TABLE.iter().filter(|p| names.contains(&p.name)) {
            self.check_fit(p)?;
            p.check(&self.mesh)?;
        }
        Ok(self.mesh)
    }

    fn check_fit(&self, p: &dyn Declared) -> Result<(), ParamError> {
        match self.unfit.iter().find(|(n, _)| *n == p.name()) {
            Some((_, v)) => Err(p.error(v)),
            None => Ok(()),
        }
    }
}

/// Whether two values are the same (bitwise for floats, so that `-0.0` differs from `0.0` and
/// NaN from everything).
fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x == y && x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_by_name() {
        let mut s = ParamStore::default();
        assert_eq!(s.int("width"), 128);
        assert!(s.set_int("width", 96));
        assert!(!s.set_int("width", 96), "same value");
        assert_eq!(s.params.width, 96);
        assert!(s.set_float("erosion_dt", 1.1));
        assert_eq!(s.params.terrain.erosion.dt, 1.1);
        assert!(s.set_flag("water_lakes_enabled", false));
        assert!(!s.flag("water_lakes_enabled"));
        assert!(s.set_float("cell_size", 2.5));
        assert_eq!(s.float("cell_size"), 2.5);
        assert!(s.set_int("seed", -1));
        assert_eq!((s.params.seed, s.int("seed")), (u64::MAX, -1));
    }

    #[test]
    fn unfit_numbers_read_back_and_are_reported_by_name() {
        let mut s = ParamStore::default();
        assert!(s.set_int("depth", -3));
        assert_eq!(s.int("depth"), -3);
        assert_eq!(s.params.depth, 128, "the stored value stays");
        assert_eq!(
            s.checked(&["cell_size"]).unwrap_err().to_string(),
            "depth must be a whole number in [1, 4096] (got -3)"
        );
        assert!(s.params().is_err());
        assert!(
            s.set_int("depth", 128),
            "back to a fitting value is a change"
        );
        assert!(s.checked(&["cell_size"]).is_ok());
        assert!(s.set_int("erosion_max_cells", i64::from(u32::MAX) + 1));
        assert_eq!(s.params().unwrap_err().field, "erosion_max_cells");
        assert!(s.set_params(&GeneratorParams::default()));
        assert!(s.params().is_ok());
    }

    #[test]
    fn checks_follow_the_table_then_the_mesh_settings() {
        let mut s = ParamStore::default();
        s.set_float("cell_size", 0.0);
        assert_eq!(s.checked(&[]).unwrap_err().field, "cell_size");
        s.set_float("cell_size", 1.0);
        s.set_int("subdivisions", 0);
        assert!(
            s.checked(&[]).is_ok(),
            "mesh settings are checked only when named"
        );
        assert_eq!(
            s.checked(&["subdivisions"]).unwrap_err().field,
            "subdivisions"
        );
        s.set_int("subdivisions", 1);
        s.set_float("coverage", 2.0);
        assert_eq!(s.checked(&["subdivisions"]).unwrap_err().field, "coverage");
        let mut s = ParamStore::default();
        s.set_float("erosion_dt", 5.0);
        s.set_float("erosion_friction", 0.5);
        assert_eq!(
            s.checked(&[]).unwrap_err().field,
            "erosion_dt × erosion_friction"
        );
        s.set_int("subdivisions", 0);
        assert_eq!(
            s.checked_mesh(&["subdivisions"]).unwrap_err().to_string(),
            "subdivisions must be a whole number in [1, 64] (got 0)"
        );
    }
}
