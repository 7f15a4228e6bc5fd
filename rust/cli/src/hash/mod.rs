//! `donjourno hash`: fingerprints of a generated grid and its mesh, to compare platforms.
//!
//! One terrain: `donjourno hash [generation flags] [mesh flags]` prints one JSON object with
//! `grid_hash` ([`donjourno::Grid::hash`]) and `mesh_hash` ([`donjourno::outputs::mesh::Mesh::hash`]).
//!
//! The suite: `donjourno hash --suite` prints one JSON object per line for a fixed list of cases
//! (every built-in preset, each with every optional feature switched on as well, and variations
//! of the default in seed, size, coverage, water and mesh settings). The same binary built for another
//! platform must print the same hashes; `tests/web/compare-hashes.mjs` compares them.
//!
//! Cases named `water:…` fingerprint the water surface instead of the terrain mesh: their
//! `mesh_hash` is [`donjourno::outputs::mesh::water_surface::WaterMesh::hash`], `vertices` the water mesh's vertex
//! count and `climate_hash` [`donjourno::Grid::water_hash`] (the rendered water planes).
//!
//! Cases named `navigation:…` fingerprint the navigation meshes of the navigation regions
//! ([`donjourno::outputs::navigation::regions_hash`]); cases named `navigation-roads:…` that of their road
//! regions ([`donjourno::outputs::navigation::roads::road_regions_hash`]). Cases named `levels:…`
//! fingerprint every chunk of a map at every level of detail, ground and water.
//!
//! The golden file: `donjourno hash --suite --golden` prints the suite as the committed
//! `tests/golden/hashes.txt` holds it (see [`golden_line`]); `cargo test` and the WASI and Web
//! checks compare against that file.

mod cases;
mod layout;
mod levels;
mod navigation;
mod scatter;
mod settlements;
mod tiles;
mod town;
mod worlds;

use crate::args::{MeshArgs, ParamArgs, GENERATION_GROUP, MESH_GROUP};
use clap::Args;
use donjourno::outputs::mesh::build_mesh;
use donjourno::outputs::mesh::water_surface::build_water_mesh;
use donjourno::params::MeshParams;
use donjourno::stages::climate::lay_climate;

use donjourno::{
    generate, ExternalInputs, GenerateOptions, GenerationStats, GeneratorParams, Grid,
};
use serde_json::{json, Value};
use std::time::Instant;

/// Flags of `donjourno hash`.
#[derive(Args)]
pub struct HashArgs {
    #[command(flatten)]
    params: ParamArgs,
    #[command(flatten)]
    mesh: MeshArgs,
    /// Hash the fixed cross-platform suite instead, one JSON object per line.
    #[arg(long, conflicts_with_all = [GENERATION_GROUP, MESH_GROUP])]
    suite: bool,
    /// Print the lines of the golden file (`tests/golden/hashes.txt`) instead of JSON.
    #[arg(long, requires = "suite")]
    golden: bool,
}

/// The header of the golden file, printed by `--golden` before the cases.
pub const GOLDEN_HEADER: &str = "\
# Golden hashes of `donjourno hash --suite`: case, grid hash, mesh hash, vertex count, climate hash.
# Lines `scatter:CASE`: scatter instance hash, species mesh hash, instance count, grid hash.
# Lines `settlements:CASE`: settlements and roads hash, towns hash, road count, grid hash.
# Lines `tiles:CASE`: one tile of an endless world: its grid hash, mesh hash, vertex count, climate hash.
# Lines `town:CASE`: the inside of one town: town hash, buildings mesh hash, its vertex count, street polylines hash.
# Lines `navigation:CASE`: navigation regions hash, grid hash, ground polygon count, water hash.
# Lines `navigation-roads:CASE`: road regions hash, navigation regions hash, road polygon count, grid hash.
# Lines `levels:CASE`: every chunk at every level of detail: ground hash, water hash, their vertex count, grid hash.
# Regenerate: cargo run --release -p donjourno-cli -- hash --suite --golden > tests/golden/hashes.txt
# Change it only on purpose, in a commit that says which cases changed and why (docs/design/determinism.md).";

/// One terrain and mesh setting to fingerprint.
struct Case {
    name: String,
    params: GeneratorParams,
    mesh: MeshParams,
    inputs: ExternalInputs,
    /// Fingerprint the water surface and the water planes instead of the terrain mesh and the
    /// climate.
    water: bool,
}

impl Case {
    /// Generates the case's grid, with its statistics; an error names the case.
    fn generate(&self) -> Result<(Grid, GenerationStats), String> {
        generate(
            &self.params,
            GenerateOptions {
                inputs: self.inputs.clone(),
                ..Default::default()
            },
        )
        .map_err(|e| format!("{}: {e}", self.name))
    }
}

/// Runs `donjourno hash`.
pub fn run(args: HashArgs) -> Result<(), String> {
    let cases = if args.suite {
        cases::suite()?
    } else {
        let inputs = args.params.inputs()?;
        let params = args.params.resolve()?;
        let mesh = params.mesh_params(args.mesh.resolve(MeshParams::default())?);
        vec![Case {
            name: "custom".into(),
            params,
            mesh,
            inputs,
            water: false,
        }]
    };
    if args.golden {
        println!("{GOLDEN_HEADER}");
    }
    let pool_ms = start_pool();
    let (scatter, tiles, towns, navigation, roads) = if args.suite {
        (
            scatter::scatter_suite(),
            tiles::tile_suite()?,
            town::town_suite()?,
            navigation::navigation_suite(),
            navigation::road_suite(),
        )
    } else {
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new())
    };
    let (settled, levels) = if args.suite {
        (settlements::settlements_suite(), levels::levels_suite())
    } else {
        (Vec::new(), Vec::new())
    };
    let worlds = worlds::Worlds::new(
        cases
            .iter()
            .chain(&scatter)
            .chain(navigation.iter().map(|n| &n.case))
            .chain(roads.iter().map(|n| &n.case))
            .chain(&settled)
            .chain(&levels),
    );
    let lines = cases
        .iter()
        .map(|c| hash_case(c, &worlds))
        .chain(scatter.iter().map(|c| scatter::hash_scatter(c, &worlds)))
        .chain(tiles.iter().map(tiles::hash_tile))
        .chain(towns.iter().map(town::hash_town))
        .chain(
            navigation
                .iter()
                .map(|c| navigation::hash_navigation(c, &worlds)),
        )
        .chain(
            roads
                .iter()
                .map(|c| navigation::hash_navigation_roads(c, &worlds)),
        )
        .chain(
            settled
                .iter()
                .map(|c| settlements::hash_settlements(c, &worlds)),
        )
        .chain(levels.iter().map(|c| levels::hash_levels(c, &worlds)));
    for line in lines {
        let mut line = line?;
        line["pool_ms"] = json!(pool_ms);
        if args.golden {
            println!("{}", golden_line(&line)?);
        } else {
            println!("{line}");
        }
    }
    Ok(())
}

/// Starts rayon's pool and each of its threads, and returns how long that took, milliseconds:
/// a game starts the pool once, so each case's `generate_ms` times the generation alone. (On the
/// Web with threads, each of the pool's threads is a Web Worker to start.)
fn start_pool() -> f64 {
    let start = Instant::now();
    donjourno::algorithms::threads::ensure_pool();
    rayon::broadcast(|_| ());
    start.elapsed().as_secs_f64() * 1e3
}

/// One case as a line of the golden file: `case grid_hash mesh_hash vertices`, separated by
/// single spaces (case names hold no spaces).
fn golden_line(line: &Value) -> Result<String, String> {
    let field = |key: &str| match &line[key] {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        other => Err(format!("hash line has no {key}: {other}")),
    };
    Ok(format!(
        "{} {} {} {} {}",
        field("case")?,
        field("grid_hash")?,
        field("mesh_hash")?,
        field("vertices")?,
        field("climate_hash")?
    ))
}

/// Generates one case (or takes its world from `worlds`) and returns its fingerprint line.
fn hash_case(case: &Case, worlds: &worlds::Worlds) -> Result<Value, String> {
    case.mesh
        .validate()
        .map_err(|e| format!("{}: invalid mesh settings: {e}", case.name))?;
    let start = Instant::now();
    let (mut grid, _) = worlds.generate(case)?;
    let generated = start.elapsed();
    let mesh_params = case.params.mesh_params(case.mesh);
    let (mesh_hash, vertices, climate_hash) = if case.water {
        let water =
            build_water_mesh(&grid, &mesh_params).map_err(|e| format!("{}: {e}", case.name))?;
        (water.hash(), water.vertex_count(), grid.water_hash())
    } else {
        let mesh = build_mesh(&grid, &mesh_params).map_err(|e| format!("{}: {e}", case.name))?;
        // The climate the generation laid, or the one it would lay had a stage read it.
        lay_climate(&case.params, &mut grid);
        (mesh.hash(), mesh.vertex_count(), grid.climate_hash())
    };
    let meshed = start.elapsed() - generated;
    Ok(json!({
        "case": case.name,
        "seed": case.params.seed.to_string(),
        "width": case.params.width,
        "depth": case.params.depth,
        "subdivisions": case.mesh.subdivisions,
        "grid_hash": format!("{:016x}", grid.hash()),
        "climate_hash": format!("{:016x}", climate_hash),
        "mesh_hash": format!("{:016x}", mesh_hash),
        "vertices": vertices,
        "generate_ms": generated.as_secs_f64() * 1e3,
        "mesh_ms": meshed.as_secs_f64() * 1e3,
        // Read after generating: the generator sets up rayon's pool for the platform first.
        "threads": rayon::current_num_threads(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::params::PRESETS;

    #[test]
    fn suite_names_are_unique_and_cover_every_preset() {
        let cases = cases::suite().unwrap();
        assert!(cases.iter().all(|c| !c.name.contains(char::is_whitespace)));
        let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), cases.len());
        for (preset, _) in PRESETS {
            assert!(names.contains(&format!("preset={preset}").as_str()));
        }
    }

    #[test]
    fn scatter_lines_fingerprint_the_instances() {
        let cases = scatter::scatter_suite();
        assert!(cases.iter().all(|c| c.params.biomes.enabled));
        let mut small = scatter::scatter_suite().remove(1);
        (small.params.width, small.params.depth) = (48, 40);
        let line = scatter::hash_scatter(&small, &worlds::Worlds::new([])).unwrap();
        let (grid, _) = generate(&small.params, Default::default()).unwrap();
        assert!(!grid.scatter().is_empty());
        assert_eq!(
            line["grid_hash"],
            format!("{:016x}", donjourno::stages::scatter::hash(grid.scatter()))
        );
        assert_eq!(line["vertices"], grid.scatter().len());
        assert_eq!(line["climate_hash"], format!("{:016x}", grid.hash()));
        assert!(golden_line(&line)
            .unwrap()
            .starts_with("scatter:model=continents,biomes=on "));
    }

    #[test]
    fn a_case_line_carries_every_hash() {
        let mut params = GeneratorParams {
            width: 16,
            depth: 12,
            ..Default::default()
        };
        params.set_droplet_count(500);
        let case = Case {
            name: "small".into(),
            params,
            mesh: MeshParams::default(),
            inputs: ExternalInputs::default(),
            water: false,
        };
        let line = hash_case(&case, &worlds::Worlds::new([])).unwrap();
        let (mut grid, _) = generate(&params, Default::default()).unwrap();
        lay_climate(&params, &mut grid);
        let mesh = build_mesh(&grid, &MeshParams::default()).unwrap();
        assert_eq!(line["grid_hash"], format!("{:016x}", grid.hash()));
        assert_eq!(line["mesh_hash"], format!("{:016x}", mesh.hash()));
        assert_eq!(line["vertices"], 16 * 12 * 6);
        assert_eq!(
            line["climate_hash"],
            format!("{:016x}", grid.climate_hash())
        );
        assert_eq!(
            golden_line(&line).unwrap(),
            format!(
                "small {:016x} {:016x} {} {:016x}",
                grid.hash(),
                mesh.hash(),
                16 * 12 * 6,
                grid.climate_hash()
            )
        );
    }
}
