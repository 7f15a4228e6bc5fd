//! Bad parameters give errors, never panics: property tests over random parameter sets. The
//! parameter tables of the reference pages (docs/reference/) agree with the declarations.

use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
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

/// The 14 float parameters the tests vary, in a fixed order.
fn floats(p: &mut GeneratorParams) -> [&mut f32; 14] {
    let (t, f, w) = (&mut p.terrain, &mut p.forest, &mut p.water);
    let e = &mut t.erosion;
    [
        &mut t.coverage,
        &mut t.peak_height,
        &mut e.dt,
        &mut e.friction,
        &mut e.density,
        &mut e.deposition_rate,
        &mut e.evaporation_rate,
        &mut e.min_volume,
        &mut f.height_limit,
        &mut f.steepness,
        &mut f.cover,
        &mut w.min_lake_depth,
        &mut w.river_depth,
        &mut w.sea_level,
    ]
}

prop_compose! {
    /// A valid parameter set: a small map, few droplets, every float its default scaled by a
    /// factor in [0.5, 1] (inside its range, and the erosion products stay inside theirs).
    fn valid_params()(
        seed in any::<u64>(),
        width in 1u32..40,
        depth in 1u32..40,
        droplets in 0u32..300,
        scales in proptest::array::uniform14(0.5f32..=1.0),
        flags in proptest::array::uniform3(any::<bool>()),
        min_lake_area in 1.0f32..400.0,
        river_catchment in 1.0f32..400.0,
        sea_level in prop_oneof![Just(0.0f32), 0.0f32..0.2],
    ) -> GeneratorParams {
        let mut p = GeneratorParams { seed, width, depth, ..Default::default() };
        p.set_droplet_count(droplets);
        for (v, s) in floats(&mut p).into_iter().zip(scales) {
            *v *= s;
        }
        p.water.lakes_enabled = flags[0];
        p.water.lake_erosion = flags[1];
        p.water.rivers_enabled = flags[2];
        p.water.min_lake_area = min_lake_area;
        p.water.river_catchment = river_catchment;
        p.water.sea_level = sea_level;
        p
    }
}

prop_compose! {
    /// A valid parameter set with one field set to any value: NaN, ±∞, 1e30, out of range, or
    /// valid again.
    fn perturbed_params()(
        p in valid_params(),
        field in 0usize..19,
        x in any_f32(),
        side in prop_oneof![0u32..40, Just(5000), Just(4097), Just(u32::MAX)],
        droplets in prop_oneof![0u32..300, Just(u32::MAX)],
    ) -> GeneratorParams {
        let mut p = p;
        match field {
            0..=13 => *floats(&mut p)[field] = x,
            14 => p.width = side,
            15 => p.depth = side,
            16 => p.set_droplet_count(droplets),
            17 => p.water.min_lake_area = x,
            _ => p.water.river_catchment = x,
        }
        p
    }
}

prop_compose! {
    /// Any value in every field at once: almost never a valid set.
    fn wild_params()(
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
        p.set_droplet_count(droplets);
        let er = &mut p.terrain.erosion;
        (er.dt, er.friction, er.density, er.deposition_rate, er.evaporation_rate, er.min_volume) =
            (e[0], e[1], e[2], e[3], e[4], e[5]);
        (p.forest.height_limit, p.forest.steepness, p.forest.cover) = (f[0], f[1], f[2]);
        p.water = water;
        p
    }
}

/// Parameter sets of every kind: valid ones, valid ones with one field perturbed, and wild ones.
fn any_params() -> impl Strategy<Value = GeneratorParams> {
    prop_oneof![
        1 => valid_params(),
        3 => perturbed_params(),
        1 => wild_params(),
    ]
}

prop_compose! {
    fn any_water()(
        flags in proptest::array::uniform4(any::<bool>()),
        min_lake_area in any_f32(),
        river_catchment in any_f32(),
        min_lake_depth in any_f32(),
        river_depth in any_f32(),
        sea_level in prop_oneof![any_f32(), Just(0.05f32), Just(0.0)],
    ) -> WaterParams {
        WaterParams {
            lakes_enabled: flags[0],
            lake_erosion: flags[1],
            rivers_enabled: flags[2],
            min_lake_area,
            min_lake_depth,
            river_catchment,
            river_depth,
            sea_level: if flags[3] { sea_level } else { 0.0 },
        }
    }
}

/// Both answers happen: with 300 cases, a few dozen valid sets and a few dozen invalid ones at
/// least, so neither branch of the match goes untested.
#[test]
fn generate_returns_an_error_exactly_when_validation_fails() {
    use proptest::test_runner::{TestCaseError, TestRunner};
    use std::cell::Cell;
    let (valid, invalid) = (Cell::new(0usize), Cell::new(0usize));
    let mut runner = TestRunner::new(ProptestConfig {
        cases: 300,
        ..ProptestConfig::default()
    });
    let check = |p: GeneratorParams| -> Result<(), TestCaseError> {
        match (p.validate(), generate(&p, Default::default())) {
            (Ok(()), Ok((grid, stats))) => {
                valid.set(valid.get() + 1);
                prop_assert_eq!(grid.len(), (p.width * p.depth) as usize);
                prop_assert!(grid.height.iter().all(|h| h.is_finite()));
                prop_assert!(grid.water_level.iter().all(|h| h.is_finite()));
                let water = stats.count(Terrain::Water);
                prop_assert_eq!(
                    water,
                    grid.len() - stats.water_count(donjourno::WaterKind::Dry)
                );
            }
            (Err(e), Err(GenerateError::Param(g))) => {
                invalid.set(invalid.get() + 1);
                prop_assert_eq!(&e, &g);
                prop_assert!(!e.to_string().is_empty());
            }
            (v, g) => prop_assert!(false, "validate {:?} but generate {:?}", v, g.map(|_| ())),
        }
        Ok(())
    };
    if let Err(e) = runner.run(&any_params(), check) {
        panic!("{e}");
    }
    let (valid, invalid) = (valid.get(), invalid.get());
    assert!(
        valid >= 30 && invalid >= 30,
        "both branches must run: {valid} valid and {invalid} invalid parameter sets of 300"
    );
}

prop_compose! {
    /// Valid mesh settings: few subdivisions, every float its default scaled by a factor in
    /// [0.5, 1], either base.
    fn valid_mesh()(
        subdivisions in 0u32..4,
        scales in proptest::array::uniform4(0.5f32..=1.0),
        diorama_base in any::<bool>(),
    ) -> MeshParams {
        let d = MeshParams::default();
        MeshParams {
            subdivisions,
            roughness_strength: d.roughness_strength * scales[0],
            cell_size: d.cell_size * scales[1],
            height_scale: d.height_scale * scales[2],
            diorama_base,
            diorama_depth: d.diorama_depth * scales[3],
            ..d
        }
    }
}

prop_compose! {
    /// Valid mesh settings with one field set to any value (NaN, ±∞, 1e30, out of range, or
    /// valid again), or every field at once.
    fn any_mesh()(
        p in valid_mesh(),
        field in 0usize..6,
        n in 0u32..70,
        x in any_f32(),
        wild in proptest::array::uniform4(any_f32()),
    ) -> MeshParams {
        let mut p = p;
        match field {
            0 => p.subdivisions = n,
            1 => p.roughness_strength = x,
            2 => p.cell_size = x,
            3 => p.height_scale = x,
            4 => p.diorama_depth = x,
            _ => {
                (p.roughness_strength, p.cell_size, p.height_scale, p.diorama_depth) =
                    (wild[0], wild[1], wild[2], wild[3]);
                p.subdivisions = n;
            }
        }
        p
    }
}

/// A mesh is built exactly when its settings validate, on a map with relief, and both answers
/// happen: at least 80 valid and 80 invalid settings of 300 (a third are valid settings, two
/// thirds have a field or all of them set to anything).
#[test]
fn mesh_settings_never_panic() {
    use proptest::test_runner::{TestCaseError, TestRunner};
    use std::cell::Cell;
    let mut grid = donjourno::Grid::new(6, 5);
    for (i, h) in grid.height.iter_mut().enumerate() {
        *h = (i % 7) as f32 * 0.3;
    }
    let (valid, invalid) = (Cell::new(0usize), Cell::new(0usize));
    let mut runner = TestRunner::new(ProptestConfig {
        cases: 300,
        ..ProptestConfig::default()
    });
    let check = |p: MeshParams| -> Result<(), TestCaseError> {
        let built = build_mesh(&grid, &p);
        match p.validate() {
            Ok(()) => {
                valid.set(valid.get() + 1);
                let mesh = built.map_err(|e| TestCaseError::fail(format!("{p:?}: {e}")))?;
                prop_assert!(mesh.vertex_count() > 0);
            }
            Err(_) => {
                invalid.set(invalid.get() + 1);
                prop_assert!(built.is_err(), "{:?} refused by validation but built", p);
            }
        }
        Ok(())
    };
    let settings = prop_oneof![1 => valid_mesh(), 2 => any_mesh()];
    if let Err(e) = runner.run(&settings, check) {
        panic!("{e}");
    }
    let (valid, invalid) = (valid.get(), invalid.get());
    assert!(
        valid >= 80 && invalid >= 80,
        "both branches must run: {valid} valid and {invalid} invalid mesh settings of 300"
    );
}

/// The parameter tables marked in the reference pages are the ones the declarations give. Set
/// `DONJOURNO_REFRESH_TABLES=1` to rewrite them instead (or run `donjourno params --refresh`).
#[test]
fn reference_tables_match_the_declarations() {
    use donjourno::params::markdown;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let refresh = std::env::var_os("DONJOURNO_REFRESH_TABLES").is_some();
    assert!(
        !(refresh && std::env::var_os("CI").is_some()),
        "DONJOURNO_REFRESH_TABLES is set under CI: it would rewrite the reference tables instead \
         of checking them; refresh locally and commit the pages"
    );
    for (file, tables) in TABLE_PAGES {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(markdown::marked(&text), tables, "{file}: marked tables");
        let fresh = markdown::refresh(&text).unwrap();
        if refresh {
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

/// The pages that hold the generated parameter tables, and the tables each holds.
const TABLE_PAGES: [(&str, &[&str]); 2] = [
    (
        "docs/reference/parameters.md",
        &["old-names", "generation", "mesh"],
    ),
    (
        "docs/reference/classes.md",
        &["godot-generator", "godot-terrain"],
    ),
];

/// No other Markdown page of the repository carries a generated table, which the test above would
/// not keep current.
#[test]
fn only_the_reference_pages_carry_parameter_tables() {
    use donjourno::params::markdown;
    fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), "target" | "node_modules" | ".godot" | ".git") {
                    walk(&path, found);
                }
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = Vec::new();
    walk(&root, &mut pages);
    for page in pages {
        let relative = page
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if TABLE_PAGES.iter().any(|(file, _)| *file == relative) {
            continue;
        }
        let text = std::fs::read_to_string(&page).unwrap();
        assert!(
            markdown::marked(&text).is_empty(),
            "{relative}: holds a generated parameter table; generated tables belong in {:?}",
            TABLE_PAGES.map(|(file, _)| file)
        );
    }
}
