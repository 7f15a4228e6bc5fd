//! The tile cases of the hash suite: tiles of the continent preset as an endless world, in the
//! columns of a terrain line (the tile's grid, its mesh, its vertex count and its climate).

use donjourno::params::MeshParams;
use donjourno::world::{generate_tile, TileCoord};
use donjourno::{GeneratorParams, WorldMode};
use serde_json::{json, Value};

/// One tile case: the world's parameters and the tile.
pub(super) struct TileCase {
    name: String,
    params: GeneratorParams,
    coord: TileCoord,
}

/// Generates one tile and returns its fingerprint line.
pub(super) fn hash_tile(case: &TileCase) -> Result<Value, String> {
    let tile =
        generate_tile(&case.params, case.coord).map_err(|e| format!("{}: {e}", case.name))?;
    let mesh_params = case.params.mesh_params(MeshParams::default());
    let mesh = tile
        .mesh(&mesh_params)
        .map_err(|e| format!("{}: {e}", case.name))?;
    Ok(json!({
        "case": format!("tiles:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": tile.grid.width(),
        "depth": tile.grid.depth(),
        "subdivisions": mesh_params.subdivisions,
        "grid_hash": format!("{:016x}", tile.grid.hash()),
        "mesh_hash": format!("{:016x}", mesh.hash()),
        "vertices": mesh.vertex_count(),
        "climate_hash": format!("{:016x}", tile.grid.climate_hash()),
    }))
}

/// The tile cases: two 64-cell tiles of the continent preset in infinite mode (one at negative
/// coordinates), and one with biomes on.
pub(super) fn tile_suite() -> Result<Vec<TileCase>, String> {
    let mut world = GeneratorParams::preset("continent").ok_or("preset continent is missing")?;
    world.world_mode = WorldMode::Infinite;
    world.tile_size = 64;
    let mut biomes = world;
    biomes.biomes.enabled = true;
    let case = |name: &str, params: GeneratorParams, x: i32, z: i32| TileCase {
        name: format!("preset=continent,{name}tile={x}x{z}"),
        params,
        coord: TileCoord::new(x, z),
    };
    Ok(vec![
        case("", world, 0, 0),
        case("", world, -1, 2),
        case("biomes=on,", biomes, 1, -1),
    ])
}
