//! Bad parameters give errors, never panics: property tests over random parameter sets. The
//! README tables agree with the declarations.

use donjourno::outputs::mesh::{build_mesh, MeshParams};
use donjourno::{generate, GenerateError, GeneratorParams, Terrain, WaterParams};
use proptest::prelude::*;

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        -2.0f32..3.0,
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(1e30),
    ]
}

prop_compose! {
    fn any_params()(
        seed in any::<u64>(),
        width in prop_oneof![0u32..40, Just(5000), Just(u32::MAX)],
        depth in prop_oneof![0u32..40, Just(4097)],
        coverage in any_f32(),
        peak in any_f32(),
        droplets in prop_oneof![0u32..300, Just(u32::MAX)],
        e in proptest::array::uniform6(any_f32()),
        f in proptest::array::uniform3(any_f32()),
        water in any_water(),
    ) -> GeneratorParams {
        let mut p = GeneratorParams { seed, width, depth, ..Default::default() };
        p.terrain.coverage = coverage;
        p.terrain.peak_height = peak;
        p.terrain.droplets = droplets;
        let er = &mut p.terrain.erosion;
        (er.dt, er.friction, er.density, er.deposition_rate, er.evaporation_rate, er.min_volume) =
            (e[0], e[1], e[2], e[3], e[4], e[5]);
        (p.forest.height_limit, p.forest.steepness, p.forest.density) = (f[0], f[1], f[2]);
        p.water = water;
        p
    }
}

fn any_count() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0u32), 1u32..400, Just(u32::MAX), Just(4096 * 4096 + 1)]
}

prop_compose! {
    fn any_water()(
        flags in proptest::array::uniform4(any::<bool>()),
        min_lake_cells in any_count(),
        river_threshold in any_count(),
        min_lake_depth in any_f32(),
        river_depth in any_f32(),
        sea_level in prop_oneof![any_f32(), Just(0.05f32), Just(0.0)],
    ) -> WaterParams {
        WaterParams {
            lakes_enabled: flags[0],
            lake_erosion: flags[1],
            rivers_enabled: flags[2],
            min_lake_cells,
            min_lake_depth,
            river_threshold,
            river_depth,
            sea_level: if flags[3] { sea_level } else { 0.0 },
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn generate_returns_an_error_exactly_when_validation_fails(p in any_params()) {
        match (p.validate(), generate(&p, Default::default())) {
            (Ok(()), Ok((grid, stats))) => {
                prop_assert_eq!(grid.len(), (p.width * p.depth) as usize);
                prop_assert!(grid.height.iter().all(|h| h.is_finite()));
                prop_assert!(grid.water_level.iter().all(|h| h.is_finite()));
                let water = stats.count(Terrain::Water);
                prop_assert_eq!(water, grid.len() - stats.water_count(donjourno::WaterKind::Dry));
            }
            (Err(e), Err(GenerateError::Param(g))) => {
                prop_assert_eq!(&e, &g);
                prop_assert!(!e.to_string().is_empty());
            }
            (v, g) => prop_assert!(false, "validate {:?} but generate {:?}", v, g.map(|_| ())),
        }
    }

    #[test]
    fn mesh_settings_never_panic(n in 0u32..70, r in any_f32(), c in any_f32(), h in any_f32(), b in any::<bool>(), dd in any_f32()) {
        let grid = donjourno::Grid::new(4, 3);
        let p = MeshParams { subdivisions: n, roughness_strength: r, cell_size: c, height_scale: h, diorama_base: b, diorama_depth: dd, ..MeshParams::default() };
        prop_assert_eq!(build_mesh(&grid, &p).is_ok(), p.validate().is_ok());
    }
}

/// The parameter tables marked in the READMEs are the ones the declarations give. Set
/// `DONJOURNO_REFRESH_TABLES=1` to rewrite them instead (or run `donjourno params --refresh`).
#[test]
fn readme_tables_match_the_declarations() {
    use donjourno::params::markdown;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files: [(&str, &[&str]); 2] = [
        ("README.md", &["generation", "mesh"]),
        (
            "addons/donjourno/README.md",
            &["godot-generator", "godot-terrain"],
        ),
    ];
    for (file, tables) in files {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(markdown::marked(&text), tables, "{file}: marked tables");
        let fresh = markdown::refresh(&text).unwrap();
        if std::env::var_os("DONJOURNO_REFRESH_TABLES").is_some() {
            std::fs::write(&path, &fresh).unwrap();
            continue;
        }
        assert!(
            fresh == text,
            "{file}: a parameter table differs from the declarations in rust/core/src/params; \
             run `cargo run -p donjourno-cli -- params --refresh {file}` \
             (or this test with DONJOURNO_REFRESH_TABLES=1)"
        );
    }
}
