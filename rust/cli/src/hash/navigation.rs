//! The navigation cases of the hash suite: the navigation meshes of every navigation region, in
//! the columns of a terrain line.

use super::worlds::Worlds;
use super::Case;
use donjourno::outputs::navigation::roads::road_regions_hash;
use donjourno::outputs::navigation::{regions, regions_hash};
use donjourno::params::{MeshParams, NavigationParams};
use donjourno::{ExternalInputs, GeneratorParams};
use serde_json::{json, Value};

/// A navigation case: a [`Case`], and the navigation settings its map is walked with.
pub(super) struct NavCase {
    pub(super) case: Case,
    navigation: NavigationParams,
}

/// Generates one navigation case and returns its fingerprint line, in the columns of a terrain
/// line: the regions' hash as `grid_hash`, the grid's hash as `mesh_hash`, the ground polygon
/// count as `vertices` and the grid's water hash as `climate_hash`.
pub(super) fn hash_navigation(
    NavCase { case, navigation }: &NavCase,
    worlds: &Worlds,
) -> Result<Value, String> {
    let (grid, _) = worlds.generate(case)?;
    let mesh = case.params.mesh_params(case.mesh);
    let regions = regions(&grid, &mesh, navigation).map_err(|e| format!("{}: {e}", case.name))?;
    let polygons: usize = regions.iter().map(|r| r.ground.polygons.len()).sum();
    Ok(json!({
        "case": format!("navigation:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "regions": regions.len(),
        "grid_hash": format!("{:016x}", regions_hash(&regions)),
        "mesh_hash": format!("{:016x}", grid.hash()),
        "vertices": polygons,
        "climate_hash": format!("{:016x}", grid.water_hash()),
    }))
}

/// The navigation cases: the default map in one region, and a map with water in 24-cell chunks
/// with a wide agent and a gentle slope limit.
pub(super) fn navigation_suite() -> Vec<NavCase> {
    let chunked = MeshParams {
        chunk_size: 24,
        ..Default::default()
    };
    let wide = NavigationParams {
        agent_radius: 2.5,
        agent_max_slope: 20.0,
        ..Default::default()
    };
    let wet = GeneratorParams {
        width: 80,
        depth: 64,
        seed: 7,
        ..Default::default()
    };
    vec![
        NavCase {
            case: Case {
                name: "preset=default".into(),
                params: GeneratorParams::default(),
                mesh: MeshParams::default(),
                inputs: ExternalInputs::default(),
                water: false,
            },
            navigation: NavigationParams::default(),
        },
        NavCase {
            case: Case {
                name: "size=80x64,seed=7,chunk=24,radius=2.5,slope=20".into(),
                params: wet,
                mesh: chunked,
                inputs: ExternalInputs::default(),
                water: false,
            },
            navigation: wide,
        },
    ]
}

/// Generates one case with roads and returns the fingerprint line of its road regions, in the
/// columns of a terrain line: the road regions' hash as `grid_hash`, the ground regions' hash as
/// `mesh_hash`, the road regions' polygon count as `vertices` and the grid's hash as
/// `climate_hash`.
pub(super) fn hash_navigation_roads(
    NavCase { case, navigation }: &NavCase,
    worlds: &Worlds,
) -> Result<Value, String> {
    let (grid, _) = worlds.generate(case)?;
    let mesh = case.params.mesh_params(case.mesh);
    let regions = regions(&grid, &mesh, navigation).map_err(|e| format!("{}: {e}", case.name))?;
    let polygons: usize = (regions.iter().filter_map(|r| r.road.as_ref()))
        .map(|r| r.polygons.len())
        .sum();
    Ok(json!({
        "case": format!("navigation-roads:{}", case.name),
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "regions": regions.len(),
        "grid_hash": format!("{:016x}", road_regions_hash(&regions)),
        "mesh_hash": format!("{:016x}", regions_hash(&regions)),
        "vertices": polygons,
        "climate_hash": format!("{:016x}", grid.hash()),
    }))
}

/// The road cases: the default map with settlements, in 48-cell chunks.
pub(super) fn road_suite() -> Vec<NavCase> {
    let mut params = GeneratorParams::default();
    params.settlements.enabled = true;
    vec![NavCase {
        case: Case {
            name: "preset=default,settlements=on,chunk=48".into(),
            params,
            mesh: MeshParams {
                chunk_size: 48,
                ..Default::default()
            },
            inputs: ExternalInputs::default(),
            water: false,
        },
        navigation: NavigationParams::default(),
    }]
}
