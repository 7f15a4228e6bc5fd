//! The settlement cases of the hash suite: settlements and roads, in the columns of a terrain
//! line.

use super::worlds::Worlds;
use super::Case;
use donjourno::params::MeshParams;
use donjourno::{ExternalInputs, GeneratorParams};
use serde_json::{json, Value};

/// One settlement case's line: the settlements and roads hash as `grid_hash`, the towns' hash as
/// `mesh_hash`, the road count as `vertices` and the grid's hash as `climate_hash`.
pub(super) fn hash_settlements(case: &Case, worlds: &Worlds) -> Result<Value, String> {
    let (grid, _) = worlds.generate(case)?;
    let towns = grid.towns().iter().fold(0u64, |acc, t| {
        donjourno::algorithms::seed::mix64(acc ^ t.hash())
    });
    Ok(json!({
        "case": format!("settlements:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "subdivisions": case.mesh.subdivisions,
        "grid_hash": format!("{:016x}", donjourno::stages::settlements::hash(grid.settlements(), grid.roads())),
        "mesh_hash": format!("{towns:016x}"),
        "vertices": grid.roads().len(),
        "climate_hash": format!("{:016x}", grid.hash()),
    }))
}

/// The settlement cases: the default map, the continent preset with biomes, and the continent
/// with two pinned sites (a named city and a town named from the seed), settlements on.
pub(super) fn settlements_suite() -> Vec<Case> {
    use donjourno::params::sites::{Site, SiteTier};
    let case = |name: &str, mut params: GeneratorParams| {
        params.settlements.enabled = true;
        Case {
            name: name.into(),
            params,
            mesh: MeshParams::default(),
            inputs: ExternalInputs::default(),
            water: false,
        }
    };
    let mut continent = GeneratorParams::preset("continent").unwrap_or_default();
    continent.biomes.enabled = true;
    let mut pinned = case("preset=continent,biomes=on,sites=2", continent);
    pinned.inputs.sites = vec![
        Site {
            position: [5200.0, 3100.0],
            tier: SiteTier::City,
            name: "Pinford".into(),
        },
        Site {
            position: [1800.0, 8200.0],
            tier: SiteTier::Town,
            name: String::new(),
        },
    ];
    vec![
        case("preset=default", GeneratorParams::default()),
        case("preset=continent,biomes=on", continent),
        pinned,
    ]
}
