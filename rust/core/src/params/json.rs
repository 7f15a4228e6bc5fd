//! The JSON form of a parameter table: one key per parameter, nested in one object per group
//! prefix (`{"seed": 1, "erosion": {"dt": 1.2}}`). Reading accepts the declared old paths, takes
//! defaults for missing keys and refuses unknown keys and values of the wrong type.

use super::entry::Declared;
use super::table::{Alias, Kind, Param, Value};
use super::ParamError;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value as Json;
use thiserror::Error;

/// Why a JSON text does not describe parameters.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum JsonError {
    /// The text is not JSON.
    #[error("not valid JSON: {0}")]
    Syntax(String),
    /// The text is JSON but not an object.
    #[error("the parameters must be a JSON object")]
    NotAnObject,
    /// A key that names no parameter.
    #[error("unknown parameter \"{key}\"{hint}")]
    Unknown {
        /// The key's full path (`terrain.sede`).
        key: String,
        /// A suggestion (`; did you mean "erosion.droplets"?`) or nothing.
        hint: String,
    },
    /// One parameter given under two paths (its path and an old one).
    #[error("{name} is given twice, as \"{first}\" and as \"{second}\"")]
    Twice {
        /// The parameter.
        name: &'static str,
        /// The first path.
        first: String,
        /// The second path.
        second: String,
    },
    /// A value of the wrong type, or one that does not fit the type.
    #[error(transparent)]
    Value(#[from] ParamError),
}

/// A table and a struct, serialised as the table's JSON object.
pub struct Ser<'a, S: 'static> {
    /// The table.
    pub table: &'static [Param<S>],
    /// The values.
    pub values: &'a S,
    /// Only the entries of the group with this prefix (`None`: the whole object).
    pub group: Option<&'static str>,
}

impl<S> Serialize for Ser<'_, S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut map = serializer.serialize_map(None)?;
        let mut groups_done: Vec<&str> = Vec::new();
        for p in self.table {
            let prefix = p.group.prefix;
            match self.group {
                Some(g) if g != prefix => continue,
                Some(_) => map.serialize_entry(p.key(), &Leaf(p, p.get(self.values)))?,
                None if prefix.is_empty() => {
                    map.serialize_entry(p.key(), &Leaf(p, p.get(self.values)))?
                }
                None if groups_done.contains(&prefix) => {}
                None => {
                    groups_done.push(prefix);
                    let inner = Ser {
                        group: Some(prefix),
                        ..*self
                    };
                    map.serialize_entry(prefix, &inner)?;
                }
            }
        }
        map.end()
    }
}

/// One value (f32 values are written in their shortest f32 form: `0.45`, not `0.449999988`).
struct Leaf<'a, S: 'static>(&'a Param<S>, Value);

impl<S> Serialize for Leaf<'_, S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self.1 {
            Value::Bool(v) => serializer.serialize_bool(v),
            Value::U32(v) => serializer.serialize_u32(v),
            Value::U64(v) => serializer.serialize_u64(v),
            Value::F32(v) => serializer.serialize_f32(v),
            Value::Choice(_) => serializer.serialize_str(&self.0.show(self.1)),
        }
    }
}

/// The table's values as pretty-printed JSON.
pub fn write<S>(table: &'static [Param<S>], values: &S) -> String {
    let ser = Ser {
        table,
        values,
        group: None,
    };
    serde_json::to_string_pretty(&ser).expect("parameter values always serialise")
}

/// Reads JSON text into `values`: given keys replace their values, the others stay as they are.
pub fn read<S>(table: &'static [Param<S>], values: &mut S, text: &str) -> Result<(), JsonError> {
    let json: Json = serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))?;
    read_value(table, values, &json)
}

/// [`read`] from a parsed JSON value.
pub fn read_value<S>(
    table: &'static [Param<S>],
    values: &mut S,
    json: &Json,
) -> Result<(), JsonError> {
    let Json::Object(_) = json else {
        return Err(JsonError::NotAnObject);
    };
    let mut leaves = Vec::new();
    flatten(json, String::new(), &mut leaves);
    let mut seen: Vec<(&'static str, String)> = Vec::new();
    let mut in_cells = Vec::new();
    for (path, value) in leaves {
        let (param, old) = match lookup(table, &path) {
            Some(param) => (param, None),
            None => match super::cells::find_old_path(table, &path) {
                Some((param, old)) => (param, Some(old)),
                None => return Err(unknown(table, &path)),
            },
        };
        if let Some((_, first)) = seen.iter().find(|(name, _)| *name == param.name) {
            return Err(JsonError::Twice {
                name: param.name,
                first: first.clone(),
                second: path,
            });
        }
        match old {
            None => param.set(values, convert(param, value)?)?,
            Some(old) => {
                let number = value.as_f64().ok_or_else(|| param.error(value))?;
                in_cells.push((param, number, old));
            }
        }
        seen.push((param.name, path));
    }
    // Old names in cells, converted with the lattice the text gives (or the one in `values`).
    let lattice = super::cells::lattice(table, values);
    for (param, number, old) in in_cells {
        let v = super::cells::from_old(param, number, old, lattice)?;
        param.set(values, v)?;
    }
    Ok(())
}

/// Every non-object value under `json` with its dotted path.
fn flatten<'a>(json: &'a Json, path: String, out: &mut Vec<(String, &'a Json)>) {
    match json {
        Json::Object(map) => {
            for (key, value) in map {
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                flatten(value, inner, out);
            }
        }
        leaf => out.push((path, leaf)),
    }
}

/// The entry whose path, or one of whose old JSON paths, is `path`.
fn lookup<S>(table: &'static [Param<S>], path: &str) -> Option<&'static Param<S>> {
    table.iter().find(|p| {
        p.path() == path
            || p.aliases
                .iter()
                .any(|a| matches!(a, Alias::Json(old) if *old == path))
    })
}

/// The error for an unknown path, suggesting a parameter with the same last key.
fn unknown<S>(table: &'static [Param<S>], path: &str) -> JsonError {
    let last = path.rsplit('.').next().unwrap_or(path);
    let hint = table
        .iter()
        .find(|p| p.key() == last || p.name == last)
        .map(|p| format!("; did you mean \"{}\"?", p.path()))
        .unwrap_or_default();
    JsonError::Unknown {
        key: path.to_owned(),
        hint,
    }
}

/// A JSON value in the entry's type (no range check).
fn convert<S>(p: &Param<S>, json: &Json) -> Result<Value, ParamError> {
    let v = match (p.kind(), json) {
        (Kind::Bool, Json::Bool(b)) => Some(Value::Bool(*b)),
        (Kind::U32, Json::Number(n)) => n
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .map(Value::U32),
        (Kind::U64, Json::Number(n)) => n.as_u64().map(Value::U64),
        (Kind::F32, Json::Number(n)) => n.as_f64().map(|v| Value::F32(v as f32)),
        (Kind::Choice(names), Json::String(s)) => names
            .iter()
            .position(|n| *n == s.as_str())
            .map(Value::Choice),
        _ => None,
    };
    v.ok_or_else(|| p.error(json))
}
