//! The cases of the cross-platform suite: every preset, each with every optional feature
//! switched on, variations of the default, an imported heightmap and the water surfaces.

use super::Case;
use donjourno::data::heightmap::{self, Format};
use donjourno::params::MeshParams;
use donjourno::params::{Declared, Value as ParamValue, GENERATOR, PRESETS};
use donjourno::{generate, ExternalInputs, GeneratorParams, HeightModel};
use std::sync::Arc;
/// The cross-platform suite.
pub(super) fn suite() -> Result<Vec<Case>, String> {
    let mesh = MeshParams::default();
    let mut cases = Vec::new();
    for (name, _) in PRESETS {
        let params = GeneratorParams::preset(name).ok_or(format!("preset {name} is missing"))?;
        for (layer, with_layer) in optional_layers_on(&params)? {
            cases.push(Case {
                name: format!("preset={name},{layer}=on"),
                params: with_layer,
                mesh,
                inputs: ExternalInputs::default(),
                water: false,
            });
        }
        cases.push(Case {
            name: format!("preset={name}"),
            params,
            mesh,
            inputs: ExternalInputs::default(),
            water: false,
        });
    }
    let base = GeneratorParams::default();
    let mut variant = |name: &str, edit: &dyn Fn(&mut GeneratorParams), mesh: MeshParams| {
        let mut params = base;
        edit(&mut params);
        cases.push(Case {
            name: name.into(),
            params,
            mesh,
            inputs: ExternalInputs::default(),
            water: false,
        });
    };
    variant("seed=2", &|p| p.seed = 2, mesh);
    variant(
        "size=192x160,droplet_density=2.5",
        &|p| {
            (p.width, p.depth) = (192, 160);
            p.terrain.droplet_density = 2.5;
        },
        mesh,
    );
    variant("seed=max", &|p| p.seed = u64::MAX, mesh);
    variant("size=1x1", &|p| (p.width, p.depth) = (1, 1), mesh);
    variant(
        "size=61x37,seed=9",
        &|p| (p.width, p.depth, p.seed) = (61, 37, 9),
        mesh,
    );
    variant(
        "size=200x90,seed=3",
        &|p| (p.width, p.depth, p.seed) = (200, 90, 3),
        mesh,
    );
    variant("coverage=1", &|p| p.terrain.coverage = 1.0, mesh);
    variant("coverage=0", &|p| p.terrain.coverage = 0.0, mesh);
    variant(
        "ground_style=blended",
        &|p| p.ground_style = donjourno::params::GroundStyle::Blended,
        mesh,
    );
    variant("droplets=0", &|p| p.terrain.droplet_density = 0.0, mesh);
    variant(
        "water=off",
        &|p| (p.water.lakes_enabled, p.water.rivers_enabled) = (false, false),
        mesh,
    );
    variant(
        "sea_level=0.08,seed=5",
        &|p| (p.water.sea_level, p.seed) = (0.08, 5),
        mesh,
    );
    for (model, name) in [
        (HeightModel::Subdivision, "subdivision"),
        (HeightModel::Continents, "continents"),
    ] {
        let on = move |p: &mut GeneratorParams| {
            p.height_model = model;
            (p.width, p.depth) = (96, 80);
            if model == HeightModel::Continents {
                (p.cell_size, p.climate.feature_scale) = (25.0, 0.5);
            }
        };
        variant(&format!("model={name}"), &|p| on(p), mesh);
        variant(
            &format!("model={name},seed=4,falloff=12"),
            &|p| {
                on(p);
                (p.seed, p.edge_falloff_width) = (4, 12.0 * p.cell_size);
            },
            mesh,
        );
        variant(
            &format!("model={name},water=off,droplets=0"),
            &|p| {
                on(p);
                (p.water.lakes_enabled, p.water.rivers_enabled) = (false, false);
                p.set_droplet_count(0);
            },
            mesh,
        );
    }
    variant(
        "model=continents,origin=-1000x500",
        &|p| {
            p.height_model = HeightModel::Continents;
            (p.width, p.depth, p.cell_size) = (64, 64, 20.0);
            (p.origin_x, p.origin_z) = (-1000.0, 500.0);
        },
        mesh,
    );
    variant("falloff=16", &|p| p.edge_falloff_width = 16.0, mesh);
    let fine = MeshParams {
        subdivisions: 3,
        roughness_strength: 0.6,
        ..mesh
    };
    variant(
        "size=48x48,subdiv=3",
        &|p| (p.width, p.depth) = (48, 48),
        fine,
    );
    let shore = MeshParams {
        shore_colors: true,
        ..fine
    };
    variant("shore_colors=on,subdiv=3", &|_| {}, shore);
    cases.push(image_case(mesh)?);
    cases.extend(water_cases(mesh, fine)?);
    cases.extend(super::layout::stamp_cases(mesh));
    cases.extend(super::layout::path_cases(mesh)?);
    Ok(cases)
}

/// The water surface and planes: the default map (lakes and rivers), a sea, a finer mesh, and the
/// continent with biomes (sea, rivers and wetland pools).
fn water_cases(mesh: MeshParams, fine: MeshParams) -> Result<Vec<Case>, String> {
    let base = GeneratorParams::default();
    let mut sea = base;
    (sea.water.sea_level, sea.seed) = (0.08, 5);
    let mut small = base;
    (small.width, small.depth) = (48, 48);
    let mut continent =
        GeneratorParams::preset("continent").ok_or("preset continent is missing")?;
    continent.biomes.enabled = true;
    let case = |name: &str, params: GeneratorParams, mesh: MeshParams| Case {
        name: format!("water:{name}"),
        params,
        mesh,
        inputs: ExternalInputs::default(),
        water: true,
    };
    Ok(vec![
        case("preset=default", base, mesh),
        case("sea_level=0.08,seed=5", sea, mesh),
        case("size=48x48,subdiv=3", small, fine),
        case("preset=continent,biomes.enabled=on", continent, mesh),
    ])
}

/// The image model on a heightmap made here: a subdivision map, written as a 16-bit PNG and read
/// back, raised with a sea and eroded.
fn image_case(mesh: MeshParams) -> Result<Case, String> {
    let mut source = GeneratorParams {
        height_model: HeightModel::Subdivision,
        width: 64,
        depth: 64,
        ..GeneratorParams::default()
    };
    // One square over the map, as the source heightmap has always been drawn.
    source.subdivision.square_size = 64.0;
    let (grid, _) =
        generate(&source, Default::default()).map_err(|e| format!("image case source: {e}"))?;
    let (map, _) = heightmap::export(
        &grid,
        Format::Png16,
        source.terrain.peak_height,
        source.height_scale,
    );
    let bytes = heightmap::encode(&map, Format::Png16).map_err(|e| e.to_string())?;
    let map = heightmap::decode(&bytes, Format::Png16).map_err(|e| e.to_string())?;
    let mut params = GeneratorParams {
        height_model: HeightModel::Image,
        width: 80,
        depth: 72,
        ..GeneratorParams::default()
    };
    params.image.sea_level = 0.4;
    Ok(Case {
        name: "model=image,from=png16,size=80x72".into(),
        params,
        mesh,
        inputs: ExternalInputs {
            heightmap: Some(Arc::new(map)),
            ..Default::default()
        },
        water: false,
    })
}

/// Every optional feature of `params` switched on, one at a time: for each switch of a
/// parameter group (a `bool` parameter named `enabled` or `…_enabled`, such as
/// `water.lakes_enabled`) that is off, the parameters with that switch on, named by its JSON path.
fn optional_layers_on(params: &GeneratorParams) -> Result<Vec<(String, GeneratorParams)>, String> {
    let mut out = Vec::new();
    for p in GENERATOR {
        let switch = p.key() == "enabled" || p.key().ends_with("_enabled");
        if switch && p.get(params) == ParamValue::Bool(false) {
            let mut on = *params;
            p.set(&mut on, ParamValue::Bool(true))
                .map_err(|e| format!("{} switched on: {e}", p.path()))?;
            out.push((p.path(), on));
        }
    }
    Ok(out)
}
