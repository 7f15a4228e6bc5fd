//! Tests of the declarations and of what is derived from them.

use super::table::{Param, Value};
use super::*;
use crate::params::MeshParams;

/// A value of the same type that differs from `v`.
pub(super) fn other(v: Value) -> Value {
    match v {
        Value::Bool(b) => Value::Bool(!b),
        Value::U32(n) => Value::U32(n + 1),
        Value::U64(n) => Value::U64(n + 1),
        Value::F32(x) => Value::F32(x + 0.5),
        Value::Choice(i) => Value::Choice(i ^ 1),
    }
}

/// The leaf lines of a pretty `Debug` print (`seed: 1,`), one per struct field.
fn leaves(debug: &str) -> Vec<String> {
    debug
        .lines()
        .filter(|l| l.contains(": ") && !l.trim_end().ends_with('{'))
        .map(str::to_owned)
        .collect()
}

/// Every field of `S` is declared exactly once: the table has one entry per leaf field, and
/// setting each entry changes exactly one leaf, a different one each time.
/// `elsewhere` names fields declared in another table.
fn check_every_field_declared<S: std::fmt::Debug + Copy>(
    table: &'static [Param<S>],
    base: S,
    elsewhere: &[&str],
) {
    let own = |l: &String| {
        !elsewhere
            .iter()
            .any(|e| l.trim_start().starts_with(&format!("{e}:")))
    };
    let before: Vec<String> = leaves(&format!("{base:#?}"))
        .into_iter()
        .filter(own)
        .collect();
    assert_eq!(before.len(), table.len(), "fields vs entries: {before:?}");
    let mut touched = Vec::new();
    for p in table {
        let mut s = base;
        p.set(&mut s, other(p.get(&base))).unwrap();
        let after: Vec<String> = leaves(&format!("{s:#?}")).into_iter().filter(own).collect();
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        assert_eq!(changed.len(), 1, "{} changes {changed:?}", p.name);
        assert!(!touched.contains(&changed[0]), "{} shares a field", p.name);
        touched.push(changed[0]);
    }
}

#[test]
fn every_field_is_declared_once() {
    check_every_field_declared(GENERATOR, GeneratorParams::default(), &[]);
    // The mesh's world scale is the map's, declared in GENERATOR.
    check_every_field_declared(MESH_TABLE, mesh_defaults(), &["cell_size", "height_scale"]);
    for name in ["cell_size", "height_scale"] {
        assert!(table::find(GENERATOR, name).is_some(), "{name}");
    }
    let params = GeneratorParams {
        cell_size: 2.5,
        height_scale: 4.0,
        ..Default::default()
    };
    let mesh = params.mesh_params(mesh_defaults().mesh);
    assert_eq!((mesh.cell_size, mesh.height_scale), (2.5, 4.0));
}

#[test]
fn defaults_are_valid_and_of_their_type() {
    GeneratorParams::default().validate().unwrap();
    validate_mesh(&mesh_defaults()).unwrap();
    for p in GENERATOR {
        p.check_value(p.default).unwrap();
        assert_eq!(p.get(&GeneratorParams::default()), p.default, "{}", p.name);
    }
    for p in MESH_TABLE {
        assert_eq!(p.get(&mesh_defaults()), p.default, "{}", p.name);
    }
    // The parts of the mesh settings and the per-layer structs take their share of the same
    // defaults.
    let m = mesh_defaults();
    assert_eq!(MeshSettings::default(), m);
    assert_eq!(MeshParams::default(), m.mesh);
    assert_eq!(CollisionParams::default(), m.collision);
    assert_eq!(NavigationParams::default(), m.navigation);
    let d = GeneratorParams::default();
    assert_eq!(TerrainParams::default(), d.terrain);
    assert_eq!(ErosionParams::default(), d.terrain.erosion);
    assert_eq!(WaterParams::default(), d.water);
    assert_eq!(ForestMaskParams::default(), d.forest.mask());
    assert_eq!(ForestPlacementParams::default().cover, d.forest.cover);
}

#[test]
fn names_paths_and_flags_are_unique_and_follow_the_groups() {
    let all: Vec<&dyn Declared> = GENERATOR
        .iter()
        .map(|p| p as &dyn Declared)
        .chain(MESH_TABLE.iter().map(|p| p as &dyn Declared))
        .collect();
    let mut names = Vec::new();
    for p in &all {
        let prefix = p.group().prefix;
        if !prefix.is_empty() {
            assert!(p.name().starts_with(&format!("{prefix}_")), "{}", p.name());
            assert_eq!(p.path(), format!("{prefix}.{}", p.key()));
        }
        assert_eq!(p.flag(), p.name().replace('_', "-"));
        assert!(
            GROUPS.contains(&p.group()),
            "{} has an unlisted group",
            p.name()
        );
        names.extend([p.name().to_owned(), p.path(), p.flag()]);
    }
    let mut old = Vec::new();
    for p in &all {
        for alias in p.aliases() {
            let a = match *alias {
                Alias::Json(a) | Alias::Flag(a) | Alias::OffFlag(a) => a,
                Alias::Cells { name, power, .. } => {
                    assert!(
                        matches!(p.kind(), Kind::F32 | Kind::U32) && power.abs() <= 2,
                        "{name}: only numbers convert from cells"
                    );
                    name
                }
                Alias::Count { name, .. } => {
                    assert_eq!(p.kind(), Kind::F32, "{name}: a count becomes a density");
                    name
                }
            };
            assert!(
                !names.contains(&a.to_owned()),
                "alias {a} is a current name"
            );
            assert!(!old.contains(&a), "alias {a} is declared twice");
            old.push(a);
            if matches!(alias, Alias::OffFlag(_)) {
                assert_eq!(p.kind(), Kind::Bool, "{a} turns off a non-switch");
            }
        }
    }
    // Names, paths and flags are each unique.
    for column in [0, 1, 2] {
        let mut seen: Vec<&String> = names.iter().skip(column).step_by(3).collect();
        let count = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), count, "a duplicate in column {column}");
    }
}

#[test]
fn sliders_lie_in_the_accepted_range() {
    for p in GENERATOR
        .iter()
        .map(|p| p as &dyn Declared)
        .chain(MESH_TABLE.iter().map(|p| p as _))
    {
        match p.kind() {
            Kind::Bool | Kind::Choice(_) => assert!(p.slider().is_none(), "{}", p.name()),
            _ => {
                let s = p
                    .slider()
                    .unwrap_or_else(|| panic!("{} has no slider", p.name()));
                assert!(s.step > 0.0 && s.lo < s.hi, "{}", p.name());
                if let Some(r) = p.range() {
                    assert!(s.lo >= r.lo && s.hi <= r.hi, "{}: slider outside", p.name());
                    assert!(r.contains(s.lo) && r.contains(s.hi), "{}", p.name());
                }
            }
        }
    }
    let droplets = table::find(GENERATOR, "erosion_droplet_density").unwrap();
    assert!(
        droplets.or_greater(),
        "the droplet slider stops below the maximum"
    );
    assert!(!table::find(GENERATOR, "coverage").unwrap().or_greater());
}

#[test]
fn out_of_range_values_name_their_parameter() {
    let base = GeneratorParams::default();
    for p in GENERATOR {
        let bad = match (p.default, p.range) {
            (Value::F32(_), _) => Value::F32(f32::NAN),
            (Value::U32(_), Some(r)) if r.lo > 0.0 => Value::U32(r.lo as u32 - 1),
            (Value::U32(_), Some(r)) => Value::U32(r.hi as u32 + 1),
            _ => continue, // switches and the seed accept every value
        };
        let mut params = base;
        p.set(&mut params, bad).unwrap();
        let err = params.validate().unwrap_err();
        assert_eq!(err.field, p.name);
        assert!(
            err.to_string().starts_with(&format!("{} must be", p.name)),
            "{err}"
        );
    }
    let mut params = base;
    params.terrain.erosion.dt = 12.0;
    assert_eq!(
        params.validate().unwrap_err().to_string(),
        "erosion_dt must be a number in (0, 10] (got 12)"
    );
    params = base;
    params.width = 0;
    assert_eq!(
        params.validate().unwrap_err().to_string(),
        "width must be a whole number in [1, 4096] (got 0)"
    );
}

#[test]
fn products_name_both_factors() {
    for c in GENERATOR_PRODUCTS {
        assert_eq!(c.field, format!("{} × {}", c.a, c.b));
        for factor in [c.a, c.b] {
            let p = table::find(GENERATOR, factor).unwrap();
            assert_eq!(p.kind(), Kind::F32, "{factor}");
        }
    }
    let mut params = GeneratorParams::default();
    params.terrain.erosion.dt = 5.0;
    params.terrain.erosion.friction = 0.5;
    let err = params.validate().unwrap_err();
    assert_eq!(err.field, "erosion_dt × erosion_friction");
    assert_eq!(
        err.to_string(),
        "erosion_dt × erosion_friction must be a number in [0, 1] (got 2.5)"
    );
    assert_eq!(params.terrain.erosion.validate(), Err(err.clone()));
    assert_eq!(params.terrain.validate(), Err(err));
}

#[test]
fn layer_structs_check_only_their_own_fields() {
    let mask = ForestMaskParams {
        height_limit: -1.0,
        steepness: 2.0,
    };
    assert_eq!(mask.validate().unwrap_err().field, "forest_height_limit");
    let placement = ForestPlacementParams { cover: 2.0 };
    assert_eq!(placement.validate().unwrap_err().field, "forest_cover");
    let water = WaterParams {
        river_catchment: -1.0,
        ..WaterParams::default()
    };
    assert_eq!(water.validate().unwrap_err().field, "water_river_catchment");
    assert!(ErosionParams::default().validate().is_ok());
}

#[test]
fn mesh_settings_are_checked_by_the_table() {
    let mesh = MeshParams {
        subdivisions: 65,
        ..MeshParams::default()
    };
    assert_eq!(
        mesh.validate().unwrap_err().to_string(),
        "subdivisions must be a whole number in [1, 64] (got 65)"
    );
    let mesh = MeshParams {
        cell_size: 0.0,
        ..MeshParams::default()
    };
    assert_eq!(mesh.validate().unwrap_err().field, "cell_size");
    let collision = CollisionParams { radius: -1.0 };
    assert_eq!(collision.validate().unwrap_err().field, "collision_radius");
    let navigation = NavigationParams {
        road_cost: 0.0,
        ..NavigationParams::default()
    };
    assert_eq!(
        navigation.validate().unwrap_err().field,
        "navigation_road_cost"
    );
    let read = mesh_from_json(
        r#"{"subdivisions": 3, "roughness_strength": 2.5, "collision_radius": 64,
            "navigation": {"enabled": true, "agent_radius": 1.5}}"#,
    )
    .unwrap();
    assert_eq!(
        (read.mesh.subdivisions, read.mesh.roughness_strength),
        (3, 2.5)
    );
    assert_eq!(read.mesh.cell_size, MeshParams::default().cell_size);
    assert_eq!(read.collision.radius, 64.0);
    assert!(read.navigation.enabled);
    assert_eq!(read.navigation.agent_radius, 1.5);
    let text = serde_json::to_string(&read).unwrap();
    assert_eq!(serde_json::from_str::<MeshSettings>(&text).unwrap(), read);
}

#[test]
fn a_subdivision_square_spans_at_most_max_square_cells() {
    let mut p = GeneratorParams {
        height_model: HeightModel::Subdivision,
        cell_size: 1.0,
        ..Default::default()
    };
    p.subdivision.square_size = MAX_SQUARE_CELLS;
    assert_eq!(p.validate(), Ok(()));
    // Both values inside their own ranges, the square too wide in cells.
    p.cell_size = 0.5;
    let e = p.validate().unwrap_err();
    assert_eq!(e.field, "subdivision_square_size ÷ cell_size");
    assert_eq!(e.got, "16384");
    assert!(e.to_string().contains("MAX_SQUARE_CELLS"), "{e}");
    // Another model does not subdivide: the same values are valid there.
    p.height_model = HeightModel::Pool;
    assert_eq!(p.validate(), Ok(()));
}
