//! Old names in cells: parameters that used to be measured in cells of the map, or counted over
//! the whole map, and are now in metres or per square metre keep their old names, whose values
//! are converted with the map's cell size and area. A length in cells is multiplied by the cell
//! size, an area in cells by its square, a count per cell divided by it, and a count over the map
//! divided by the map's area. Every front end converts them the same way: JSON (presets, saved
//! settings), the command line and the Godot properties of saved scenes.

use super::entry::Declared;
use super::table::{find, Alias, Kind, Param, Value};
use super::ParamError;

/// How an old name's value becomes the parameter's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Old {
    /// A measure in cells: times `cell_size^power`.
    Cells(i32),
    /// A count over the whole map: divided by the map's cells (a density whose droplets each
    /// stand for a cell's square metres).
    Count,
}

/// The parameter of `table` that the old name `old` stands for, and how its value converts.
pub fn find_old<S>(table: &'static [Param<S>], old: &str) -> Option<(&'static Param<S>, Old)> {
    table.iter().find_map(|p| {
        p.aliases.iter().find_map(|a| match *a {
            Alias::Cells { name, power, .. } if name == old => Some((p, Old::Cells(power))),
            Alias::Count { name, .. } if name == old => Some((p, Old::Count)),
            _ => None,
        })
    })
}

/// The JSON path of `param`'s old name `old`: its group's prefix, then the old name without it.
pub fn old_path<S>(param: &Param<S>, old: &str) -> String {
    match param.group.prefix {
        "" => old.to_owned(),
        prefix => {
            let key = old
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_prefix('_'))
                .unwrap_or(old);
            format!("{prefix}.{key}")
        }
    }
}

/// The parameter of `table` that an old name with the JSON path `path` stands for, and how its
/// value converts.
pub fn find_old_path<S>(
    table: &'static [Param<S>],
    path: &str,
) -> Option<(&'static Param<S>, Old)> {
    table.iter().find_map(|p| {
        p.aliases.iter().find_map(|a| match *a {
            Alias::Cells { name, power, .. } if old_path(p, name) == path => {
                Some((p, Old::Cells(power)))
            }
            Alias::Count { name, json, .. }
                if old_path(p, name) == path || json.contains(&path) =>
            {
                Some((p, Old::Count))
            }
            _ => None,
        })
    })
}

/// The old names of `param` (as Godot properties and, in kebab-case, flags) with their older
/// flags, and how their values convert.
pub fn old_names<S>(
    param: &Param<S>,
) -> impl Iterator<Item = (&'static str, &'static [&'static str], Old)> + '_ {
    param.aliases.iter().filter_map(|a| match *a {
        Alias::Cells { name, flags, power } => Some((name, flags, Old::Cells(power))),
        Alias::Count { name, flags, .. } => Some((name, flags, Old::Count)),
        _ => None,
    })
}

/// The lattice a parameter set is sampled on: what old values in cells convert with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    /// Metres between neighbouring cells.
    pub cell_size: f64,
    /// Cells of the map.
    pub cells: f64,
}

/// The lattice of `s`: the values of `table`'s `cell_size`, `width` and `depth` (1 m and one cell
/// where the table has none).
pub fn lattice<S>(table: &'static [Param<S>], s: &S) -> Lattice {
    let number = |name| match find(table, name).map(|p| p.get(s)) {
        Some(Value::F32(v)) => Some(f64::from(v)),
        Some(Value::U32(v)) => Some(f64::from(v)),
        _ => None,
    };
    Lattice {
        cell_size: number("cell_size").unwrap_or(1.0),
        cells: number("width").unwrap_or(1.0) * number("depth").unwrap_or(1.0),
    }
}

/// `value`, given under an old name of `param`, in `param`'s own unit and type (rounded for whole
/// numbers; not range-checked).
pub fn from_old<S>(
    param: &Param<S>,
    value: f64,
    old: Old,
    lattice: Lattice,
) -> Result<Value, ParamError> {
    let c = lattice.cell_size;
    let v = match old {
        Old::Cells(power) => {
            let scale = (0..power.unsigned_abs()).fold(1.0, |f, _| f * c);
            if power < 0 {
                value / scale
            } else {
                value * scale
            }
        }
        Old::Count => value / lattice.cells,
    };
    let bad = || ParamError {
        field: param.name,
        expected: "a finite number".to_owned(),
        got: value.to_string(),
    };
    if !v.is_finite() {
        return Err(bad());
    }
    match param.kind() {
        Kind::F32 => Ok(Value::F32(v as f32)),
        Kind::U32 if (0.0..=f64::from(u32::MAX)).contains(&v) => Ok(Value::U32(v.round() as u32)),
        _ => Err(bad()),
    }
}
