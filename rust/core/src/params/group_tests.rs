//! Tests of the groups: which parameters each height model uses, and the reference tables by group.

use super::*;

#[test]
fn only_the_chosen_models_parameters_are_active() {
    let mut p = GeneratorParams::default();
    assert!(p.is_active("coverage") && p.is_active("seed") && p.is_active("erosion_dt"));
    assert!(!p.is_active("subdivision_decay") && !p.is_active("continents_mountains"));
    p.height_model = HeightModel::Subdivision;
    assert!(!p.is_active("coverage") && p.is_active("subdivision_decay"));
    assert!(p.is_active("peak_height") && p.is_active("climate_wind_direction"));
    p.height_model = HeightModel::Continents;
    assert!(p.is_active("continents_land_bias") && !p.is_active("subdivision_amplitude"));
    assert!(p.is_active("subdivisions"), "not a generation parameter");
    // Each model's group holds at least one parameter.
    for group in MODEL_GROUPS {
        assert!(
            GENERATOR.iter().any(|q| q.group == group),
            "{}",
            group.title
        );
    }
}

#[test]
fn readme_tables_list_every_parameter() {
    let generation = markdown::generation_table();
    for p in GENERATOR {
        assert!(
            generation.contains(&format!("| `{}` | `{}` |", p.name, p.path())),
            "{}",
            p.name
        );
    }
    assert!(generation.contains("`erosion_dt × erosion_friction`"));
    let godot = markdown::godot_generator_table();
    assert!(godot.contains("| **Map** `seed` |") && godot.contains("| `cell_size` |"));
    assert!(markdown::godot_terrain_table().contains("| **Mesh** `subdivisions` |"));
    let text = "a\n<!-- params:mesh -->\nold\n<!-- /params:mesh -->\nb\n";
    let fresh = markdown::refresh(text).unwrap();
    assert!(fresh.contains("| `roughness_strength` |") && !fresh.contains("old"));
    assert_eq!(markdown::refresh(&fresh).unwrap(), fresh);
    assert_eq!(markdown::marked(&fresh), ["mesh"]);
    assert!(markdown::refresh("<!-- params:nope -->").is_err());
    assert!(markdown::refresh("<!-- params:mesh -->\n").is_err());
}
