//! Glue between the core and Godot: running the core with panics contained, tessellating into
//! Godot's surface layout, and error messages phrased with the Godot property names.

use donjourno::outputs::godot_surface::{build_surface, SurfaceStreams};
use donjourno::params::MeshParams;
use donjourno::{Grid, ParamError};
use godot::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Godot property name of a core parameter path (`erosion.dt` → `erosion_dt`).
fn property_name(field: &str) -> String {
    match field {
        "droplets" => "erosion_droplets".to_owned(),
        other => other.replace('.', "_"),
    }
}

/// A parameter error phrased with the Godot property names.
pub fn property_message(e: &ParamError) -> String {
    let field = e
        .field
        .split(" × ")
        .map(property_name)
        .collect::<Vec<_>>()
        .join(" × ");
    format!("{field} must be {} (got {})", e.expected, e.got)
}

/// Text of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_owned())
}

/// Runs `f`, turning a panic into an error message so that none reaches Godot.
pub fn contained<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(format!("internal error in {what}: {}", panic_message(&*p))))
}

/// Tessellates a grid straight into Godot's surface streams
/// ([`donjourno::outputs::godot_surface::build_surface`]): `vertex` holds `vertex_count ×
/// VERTEX_STREAM_BYTES` bytes and `attributes` `vertex_count × ATTRIBUTE_STREAM_BYTES`. Returns
/// the bounds and the wall time.
pub fn run_surface(
    grid: &Grid,
    params: &MeshParams,
    vertex: &mut [u8],
    attributes: &mut [u8],
) -> Result<(Aabb, Duration), String> {
    contained("mesh building", || {
        let start = Instant::now();
        let streams = SurfaceStreams {
            vertex,
            attribute: attributes,
        };
        let (lo, hi) = build_surface(grid, params, streams).map_err(|e| match e {
            donjourno::outputs::mesh::MeshError::Param(p) => property_message(&p),
            other => other.to_string(),
        })?;
        let (lo, hi) = (Vector3::from_array(lo), Vector3::from_array(hi));
        Ok((Aabb::new(lo, hi - lo), start.elapsed()))
    })
}

/// Builds the water surface of a grid ([`donjourno::outputs::mesh::water_surface::build_water_mesh`]), empty when
/// the grid has no water.
pub fn run_water_mesh(
    grid: &Grid,
    params: &MeshParams,
) -> Result<donjourno::outputs::mesh::water_surface::WaterMesh, String> {
    contained("water mesh building", || {
        donjourno::outputs::mesh::water_surface::build_water_mesh(grid, params).map_err(|e| match e
        {
            donjourno::outputs::mesh::MeshError::Param(p) => property_message(&p),
            other => other.to_string(),
        })
    })
}

/// The water levels of `grid`'s chunks ([`donjourno::outputs::mesh::water_surface::WaterLevels`]), with errors as
/// messages and panics contained.
pub fn run_water_levels<'a>(
    grid: &'a Grid,
    params: &MeshParams,
) -> Result<donjourno::outputs::mesh::water_surface::WaterLevels<'a>, String> {
    contained("water mesh building", || {
        donjourno::outputs::mesh::water_surface::WaterLevels::new(grid, params).map_err(|e| match e
        {
            donjourno::outputs::mesh::MeshError::Param(p) => property_message(&p),
            other => other.to_string(),
        })
    })
}

/// The 3D transforms of a multimesh-style buffer with `stride` floats per instance, in order:
/// each starts with the three rows of the basis, each row followed by a component of the origin.
pub fn transforms(buffer: &[f32], stride: usize) -> Array<Transform3D> {
    buffer
        .chunks_exact(stride)
        .map(|f| {
            let col = |c: usize| Vector3::new(f[c], f[4 + c], f[8 + c]);
            Transform3D::new(
                Basis::from_cols(col(0), col(1), col(2)),
                Vector3::new(f[3], f[7], f[11]),
            )
        })
        .collect()
}

/// Milliseconds of a duration, as Godot floats.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A 64-bit hash as a Godot integer (same bits).
pub fn hash_int(h: u64) -> i64 {
    h as i64
}

/// Sets `dict[key] = value`.
pub fn put(dict: &mut VarDictionary, key: &str, value: impl ToGodot) {
    dict.set(&key.to_variant(), &value.to_variant());
}

/// A JSON value as a Godot value: objects become dictionaries (keys in order), arrays become
/// arrays, whole numbers that fit an `int` become `int`, other numbers `float`.
pub fn json_to_variant(value: &serde_json::Value) -> Variant {
    use serde_json::Value;
    match value {
        Value::Null => Variant::nil(),
        Value::Bool(b) => b.to_variant(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_variant(),
            None => n.as_f64().unwrap_or(f64::NAN).to_variant(),
        },
        Value::String(s) => s.to_variant(),
        Value::Array(items) => items
            .iter()
            .map(json_to_variant)
            .collect::<VarArray>()
            .to_variant(),
        Value::Object(map) => {
            let mut d = VarDictionary::new();
            for (k, v) in map {
                d.set(k.as_str(), &json_to_variant(v));
            }
            d.to_variant()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::GeneratorParams;

    #[test]
    fn messages_use_the_godot_property_names() {
        let mut params = GeneratorParams::default();
        params.terrain.droplet_density = -1.0;
        let message = property_message(&params.validate().unwrap_err());
        assert!(
            message.starts_with("erosion_droplet_density must be"),
            "{message}"
        );
        let mut params = GeneratorParams::default();
        params.terrain.erosion.dt = 5.0;
        params.terrain.erosion.friction = 0.5;
        let message = property_message(&params.validate().unwrap_err());
        assert!(
            message.starts_with("erosion_dt × erosion_friction must be"),
            "{message}"
        );
        let mut params = GeneratorParams::default();
        params.forest.height_limit = -1.0;
        let message = property_message(&params.validate().unwrap_err());
        assert!(
            message.starts_with("forest_height_limit must be"),
            "{message}"
        );
    }

    #[test]
    fn panics_become_errors() {
        let result: Result<(), String> = contained("a test", || panic!("boom"));
        assert_eq!(result.unwrap_err(), "internal error in a test: boom");
    }
}
