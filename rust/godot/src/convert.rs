//! Glue between the core's types and Godot's: bulk buffer conversion, panic containment and
//! error messages phrased with the Godot property names.

use donjourno::mesh::{build_mesh, Mesh, MeshParams};
use donjourno::{generate, GenerationStats, GeneratorParams, Grid, ParamError};
use godot::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

// The core's vertex buffers have exactly the memory layout of Godot's vectors and colours (Godot
// built with single-precision floats), so they are handed over as slices without per-element
// work.
const _: () = {
    assert!(std::mem::size_of::<Vector3>() == std::mem::size_of::<[f32; 3]>());
    assert!(std::mem::align_of::<Vector3>() == std::mem::align_of::<[f32; 3]>());
    assert!(std::mem::size_of::<Color>() == std::mem::size_of::<[f32; 4]>());
    assert!(std::mem::align_of::<Color>() == std::mem::align_of::<[f32; 4]>());
};

/// Views `[x, y, z]` triples as Godot vectors.
pub fn as_vector3s(v: &[[f32; 3]]) -> &[Vector3] {
    // SAFETY: `Vector3` is `#[repr(C)]` with three `f32` fields (`real` is `f32` without the
    // `double-precision` feature); size and alignment are checked above.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<Vector3>(), v.len()) }
}

/// Views `[r, g, b, a]` quadruples as Godot colours.
pub fn as_colors(v: &[[f32; 4]]) -> &[Color] {
    // SAFETY: `Color` is `#[repr(C)]` with four `f32` fields; size and alignment are checked above.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<Color>(), v.len()) }
}

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
fn contained<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(format!("internal error in {what}: {}", panic_message(&*p))))
}

/// Runs the default pipeline: the grid, its statistics and the wall time.
pub fn run_pipeline(params: &GeneratorParams) -> Result<(Grid, GenerationStats, Duration), String> {
    contained("the generation pipeline", || {
        let start = Instant::now();
        let (grid, stats) = generate(params).map_err(|e| match e {
            donjourno::GenerateError::Param(p) => property_message(&p),
            other => other.to_string(),
        })?;
        Ok((grid, stats, start.elapsed()))
    })
}

/// Tessellates a grid: the mesh buffers and the wall time.
pub fn run_mesh(grid: &Grid, params: &MeshParams) -> Result<(Mesh, Duration), String> {
    contained("mesh building", || {
        let start = Instant::now();
        let mesh = build_mesh(grid, params).map_err(|e| match e {
            donjourno::mesh::MeshError::Param(p) => property_message(&p),
            other => other.to_string(),
        })?;
        Ok((mesh, start.elapsed()))
    })
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
