//! The level cases of the hash suite: every chunk of a map at every level of detail, ground and
//! water, in the columns of a terrain line.

use super::worlds::Worlds;
use super::Case;
use donjourno::outputs::mesh::chunks::ChunkBuilder;
use donjourno::outputs::mesh::water_surface::WaterLevels;
use donjourno::params::{GroundStyle, MeshParams};
use donjourno::{ExternalInputs, GeneratorParams};
use serde_json::{json, Value};

/// Generates one level case and returns its fingerprint line, in the columns of a terrain line:
/// the hash of every chunk's ground meshes as `grid_hash`, that of their water meshes as
/// `mesh_hash`, the vertex count of both as `vertices` and the grid's hash as `climate_hash`.
pub(super) fn hash_levels(case: &Case, worlds: &Worlds) -> Result<Value, String> {
    let error = |e: &dyn std::fmt::Display| format!("{}: {e}", case.name);
    let (grid, _) = worlds.generate(case)?;
    let mesh = case.params.mesh_params(case.mesh);
    let ground = ChunkBuilder::new(&grid, &mesh).map_err(|e| error(&e))?;
    let water = WaterLevels::new(&grid, &mesh).map_err(|e| error(&e))?;
    let (mut ground_hash, mut water_hash) = (0, 0);
    let mut vertices = 0;
    for (_, levels) in ground.build_all() {
        for level in levels {
            vertices += level.vertex_count();
            ground_hash = mix(ground_hash, level.hash());
        }
    }
    for levels in water.build_all() {
        for level in levels {
            vertices += level.vertex_count();
            water_hash = mix(water_hash, level.hash());
        }
    }
    Ok(json!({
        "case": format!("levels:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "levels": ground.layout.levels,
        "grid_hash": format!("{ground_hash:016x}"),
        "mesh_hash": format!("{water_hash:016x}"),
        "vertices": vertices,
        "climate_hash": format!("{:016x}", grid.hash()),
    }))
}

/// Folds the 64-bit hash `value` into the running hash `hash`, in order (SplitMix64's
/// finaliser over their combination).
fn mix(hash: u64, value: u64) -> u64 {
    let mut z = hash.rotate_left(5) ^ value;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The level cases: a map with rivers and lakes in 32-cell chunks of four levels, at one and at
/// two subdivisions, and at one in the blended ground style.
pub(super) fn levels_suite() -> Vec<Case> {
    let params = GeneratorParams {
        width: 160,
        depth: 128,
        seed: 7,
        ..Default::default()
    };
    let blended = GeneratorParams {
        ground_style: GroundStyle::Blended,
        ..params
    };
    [
        (1, params, ""),
        (2, params, ""),
        (1, blended, ",ground_style=blended"),
    ]
    .map(|(subdivisions, params, style)| Case {
        name: format!("size=160x128,seed=7,chunk=32,levels=4,subdiv={subdivisions}{style}"),
        params,
        mesh: MeshParams {
            chunk_size: 32,
            lod_levels: 4,
            subdivisions,
            ..Default::default()
        },
        inputs: ExternalInputs::default(),
        water: false,
    })
    .into()
}
