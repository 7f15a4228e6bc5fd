//! Old names in cells: parameters that used to be measured in cells of the map and are now in
//! metres keep their old names, whose values are converted with the map's cell size. A length in
//! cells is multiplied by the cell size, an area in cells by its square, and a count per cell
//! divided by it. Every front end converts them the same way: JSON (presets, saved settings), the
//! command line and the Godot properties of saved scenes.

use super::entry::Declared;
use super::table::{find, Alias, Kind, Param, Value};
use super::ParamError;

/// The parameter of `table` that the old name `old` stands for, with the power of the cell size
/// that converts its value.
pub fn find_old<S>(table: &'static [Param<S>], old: &str) -> Option<(&'static Param<S>, i32)> {
    table.iter().find_map(|p| {
        p.aliases.iter().find_map(|a| match *a {
            Alias::Cells { name, power, .. } if name == old => Some((p, power)),
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

/// The parameter of `table` whose old name has the JSON path `path`, with its old name and power.
pub fn find_old_path<S>(
    table: &'static [Param<S>],
    path: &str,
) -> Option<(&'static Param<S>, &'static str, i32)> {
    table.iter().find_map(|p| {
        p.aliases.iter().find_map(|a| match *a {
            Alias::Cells { name, power, .. } if old_path(p, name) == path => Some((p, name, power)),
            _ => None,
        })
    })
}

/// The cell size held in `s`: the value of `table`'s `cell_size`, 1 when the table has none.
pub fn cell_size<S>(table: &'static [Param<S>], s: &S) -> f64 {
    match find(table, "cell_size").map(|p| p.get(s)) {
        Some(Value::F32(c)) => f64::from(c),
        _ => 1.0,
    }
}

/// `value`, given in cells under an old name of `param`, in `param`'s own unit and type:
/// `value · cell_size^power`, rounded for whole numbers. Not range-checked.
pub fn from_cells<S>(
    param: &Param<S>,
    value: f64,
    power: i32,
    cell_size: f64,
) -> Result<Value, ParamError> {
    let scale = (0..power.unsigned_abs()).fold(1.0, |f, _| f * cell_size);
    let v = if power < 0 {
        value / scale
    } else {
        value * scale
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
        Kind::U32 if v >= 0.0 && v <= f64::from(u32::MAX) => Ok(Value::U32(v.round() as u32)),
        _ => Err(bad()),
    }
}
