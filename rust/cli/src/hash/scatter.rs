//! The scatter cases of the hash suite: the instances, the species meshes and the grid they
//! stand on, in the columns of a terrain line.

use super::worlds::Worlds;
use super::Case;
use donjourno::params::MeshParams;
use donjourno::stages::scatter;
use donjourno::{ExternalInputs, GeneratorParams, HeightModel};
use serde_json::{json, Value};

/// Generates one scatter case and returns its fingerprint line, in the columns of a terrain line:
/// the instances' hash as `grid_hash`, the species meshes' hash as `mesh_hash`, the instance
/// count as `vertices` and the grid's hash as `climate_hash`.
pub(super) fn hash_scatter(case: &Case, worlds: &Worlds) -> Result<Value, String> {
    let (grid, stats) = worlds.generate(case)?;
    let counts: serde_json::Map<String, Value> = scatter::Species::ALL
        .iter()
        .map(|s| {
            (
                s.name().to_string(),
                json!(stats.species_counts[*s as usize]),
            )
        })
        .collect();
    Ok(json!({
        "case": format!("scatter:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "subdivisions": case.mesh.subdivisions,
        "grid_hash": format!("{:016x}", scatter::hash(grid.scatter())),
        "mesh_hash": format!("{:016x}", scatter::meshes::hash()),
        "vertices": grid.scatter().len(),
        "climate_hash": format!("{:016x}", grid.hash()),
        "species_counts": counts,
    }))
}

/// The scatter cases: biomes on with the pool and continents models, a moved origin and the
/// continent preset.
pub(super) fn scatter_suite() -> Vec<Case> {
    let mesh = MeshParams::default();
    let case = |name: &str, edit: &dyn Fn(&mut GeneratorParams)| {
        let mut params = GeneratorParams::default();
        params.biomes.enabled = true;
        edit(&mut params);
        Case {
            name: name.into(),
            params,
            mesh,
            inputs: ExternalInputs::default(),
            water: false,
        }
    };
    let continents = |p: &mut GeneratorParams| {
        p.height_model = HeightModel::Continents;
        (p.width, p.depth, p.cell_size, p.climate.feature_scale) = (96, 80, 25.0, 0.5);
    };
    vec![
        case("biomes=on", &|_| {}),
        case("model=continents,biomes=on", &|p| continents(p)),
        case("model=continents,biomes=on,origin=-1000x500", &|p| {
            continents(p);
            (p.origin_x, p.origin_z) = (-1000.0, 500.0);
        }),
        case("preset=continent,size=128x128,biomes=on", &|p| {
            *p = GeneratorParams::preset("continent").unwrap_or(*p);
            p.biomes.enabled = true;
            (p.width, p.depth) = (128, 128);
        }),
    ]
}
