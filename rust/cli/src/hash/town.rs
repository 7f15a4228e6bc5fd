//! The town cases of the hash suite: the inside of a town (streets, blocks, lots, buildings) on
//! the two benchmark grounds and on a generated map, in the columns of a terrain line.

use donjourno::stages::towns::bench::{flattest_site, BenchCase};
use donjourno::stages::towns::{buildings_mesh, grow_town, Ground, TownSite};
use donjourno::{generate, GeneratorParams};
use serde_json::{json, Value};

/// One town case: a site on a ground.
pub(super) struct TownCase {
    name: String,
    site: TownSite,
    ground: Box<dyn Ground + Send + Sync>,
}

/// Grows one town and returns its fingerprint line: the town's hash as `grid_hash`, the hash of
/// its buildings' triangles (cell size 1, height scale 10) as `mesh_hash`, their vertex count
/// as `vertices`, and a hash of the street polylines as `climate_hash`.
pub(super) fn hash_town(case: &TownCase) -> Result<Value, String> {
    let town = grow_town(&case.site, case.ground.as_ref());
    if town.lots.is_empty() {
        return Err(format!("town:{}: the town has no lots", case.name));
    }
    let mesh = buildings_mesh(&town.buildings, 1.0, 10.0);
    Ok(json!({
        "case": format!("town:{}", case.name),
        "seed": case.site.seed.to_string(),
        "grid_hash": format!("{:016x}", town.hash()),
        "mesh_hash": format!("{:016x}", mesh.hash()),
        "vertices": mesh.vertex_count(),
        "climate_hash": format!("{:016x}", town.streets_hash()),
        "lots": town.lots.len(),
    }))
}

/// The town cases: the benchmark cities on flat ground and on a sloped coast, and a town of
/// radius 100 m on the flattest dry spot of the default preset's world sampled with 8 m cells
/// (1 km across: the 128 m of the default map hold no town of real lots and streets).
pub(super) fn town_suite() -> Result<Vec<TownCase>, String> {
    let mut cases: Vec<TownCase> = BenchCase::ALL
        .iter()
        .map(|c| TownCase {
            name: c.name().into(),
            site: c.site(),
            ground: c.ground(),
        })
        .collect();
    let params = GeneratorParams {
        cell_size: 8.0,
        ..GeneratorParams::preset("default").ok_or("preset default is missing")?
    };
    let (grid, _) =
        generate(&params, Default::default()).map_err(|e| format!("town:preset=default: {e}"))?;
    let vertical = params.height_scale / params.cell_size;
    let site = flattest_site(&grid, vertical, params.cell_size, 100.0, 0.7, params.seed)
        .ok_or("town:preset=default: no site")?;
    cases.push(TownCase {
        name: "preset=default,cell_size=8".into(),
        site,
        ground: Box::new(grid),
    });
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn town_lines_fingerprint_the_town() {
        let cases = town_suite().unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["flat", "coast", "preset=default,cell_size=8"]);
        let coast = &cases[1];
        let line = hash_town(coast).unwrap();
        let town = BenchCase::Coast.run();
        let mesh = buildings_mesh(&town.buildings, 1.0, 10.0);
        assert_eq!(line["case"], "town:coast");
        assert_eq!(line["grid_hash"], format!("{:016x}", town.hash()));
        assert_eq!(line["mesh_hash"], format!("{:016x}", mesh.hash()));
        assert_eq!(line["vertices"], mesh.vertex_count());
        assert_eq!(
            line["climate_hash"],
            format!("{:016x}", town.streets_hash())
        );
        assert!(hash_town(&cases[2]).unwrap()["lots"].as_u64().unwrap() > 20);
    }
}
