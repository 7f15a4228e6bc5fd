//! Tests of the parameters' JSON: round trip, layout, defaults, old paths, presets and errors.

use super::tests::other;
use super::*;

/// The parameters with every entry moved off its default.
fn all_edited() -> GeneratorParams {
    let mut params = GeneratorParams::default();
    for p in GENERATOR {
        p.set(&mut params, other(p.default)).unwrap();
    }
    params
}

#[test]
fn json_round_trip_and_layout() {
    let params = all_edited();
    assert_ne!(params, GeneratorParams::default());
    assert_eq!(
        GeneratorParams::from_json(&params.to_json()).unwrap(),
        params
    );
    let text = serde_json::to_string(&params).unwrap();
    assert_eq!(
        serde_json::from_str::<GeneratorParams>(&text).unwrap(),
        params
    );
    let json: serde_json::Value = serde_json::from_str(&params.to_json()).unwrap();
    assert_eq!(json["erosion"]["dt"], 1.7);
    assert_eq!(json["water"]["sea_level"], 0.5);
    assert_eq!(json["coverage"], 0.95);
    // The default preset is the declared defaults, as written.
    let default = PRESETS.iter().find(|(n, _)| *n == "default").unwrap().1;
    assert_eq!(default.trim_end(), GeneratorParams::default().to_json());
}

#[test]
fn missing_keys_take_defaults() {
    let partial = GeneratorParams::from_json(r#"{"width": 64, "erosion": {"dt": 1.1}}"#).unwrap();
    assert_eq!((partial.width, partial.terrain.erosion.dt), (64, 1.1));
    let expected = GeneratorParams {
        width: 64,
        ..Default::default()
    };
    assert_eq!(partial.depth, expected.depth);
    assert_eq!(partial.water, expected.water);
    assert_eq!(
        GeneratorParams::from_json("{}").unwrap(),
        GeneratorParams::default()
    );
}

/// The presets as they were written before the table (paths under `terrain`).
const OLD_ISLAND: &str = r#"{"seed": 7, "width": 160, "depth": 160,
  "terrain": { "coverage": 0.3, "peak_height": 1.2, "droplets": 50000 },
  "forest": { "height_limit": 0.5, "steepness": 2.0, "density": 0.55 },
  "water": { "sea_level": 0.05, "river_threshold": 150 }}"#;

#[test]
fn old_json_paths_still_read() {
    // The old island's droplet count reads as the density that runs as many droplets on its
    // map; the preset gives that density with three figures.
    let mut island = GeneratorParams::preset("island").unwrap();
    island.set_droplet_count(50_000);
    assert_eq!(GeneratorParams::from_json(OLD_ISLAND).unwrap(), island);
    let old = r#"{"width": 10, "depth": 20, "cell_size": 2.0,
        "terrain": {"droplets": 7000, "erosion": {"dt": 1.1, "min_volume": 0.02}}}"#;
    let p = GeneratorParams::from_json(old).unwrap();
    assert_eq!(
        (
            p.terrain.droplet_density,
            p.terrain.erosion.dt,
            p.terrain.erosion.min_volume
        ),
        (35.0, 1.1, 0.02),
        "7000 droplets on 200 cells"
    );
    assert_eq!(p.terrain.droplet_count(200), 7000);
    let twice = GeneratorParams::from_json(r#"{"coverage": 0.3, "terrain": {"coverage": 0.4}}"#);
    assert!(
        matches!(
            twice,
            Err(JsonError::Twice {
                name: "coverage",
                ..
            })
        ),
        "{twice:?}"
    );
}

#[test]
fn presets_use_the_current_paths_and_are_valid() {
    let paths: Vec<String> = GENERATOR.iter().map(|p| p.path()).collect();
    for (name, text) in PRESETS {
        let json: serde_json::Value = serde_json::from_str(text).unwrap();
        for (group, value) in json.as_object().unwrap() {
            match value.as_object() {
                Some(inner) => inner.keys().for_each(|k| {
                    assert!(
                        paths.contains(&format!("{group}.{k}")),
                        "{name}: {group}.{k}"
                    )
                }),
                None => assert!(paths.contains(group), "{name}: {group}"),
            }
        }
        GeneratorParams::preset(name).unwrap().validate().unwrap();
    }
}

#[test]
fn bad_json_is_refused_with_the_key_named() {
    let err = |text: &str| GeneratorParams::from_json(text).unwrap_err().to_string();
    assert_eq!(err(r#"{"sede": 3}"#), "unknown parameter \"sede\"");
    assert!(err(r#"{"terrain": {"droplet": 5}}"#).contains("\"terrain.droplet\""));
    assert!(err(r#"{"friction": 5}"#).contains("did you mean \"erosion.friction\"?"));
    assert_eq!(
        err(r#"{"width": -3}"#),
        "width must be a whole number in [1, 4096] (got -3)"
    );
    assert!(err(r#"{"water": {"lakes_enabled": 1}}"#)
        .starts_with("water_lakes_enabled must be true or false"));
    assert!(err(r#"{"erosion": {"dt": "fast"}}"#).starts_with("erosion_dt must be a number"));
    assert!(err("[1, 2]").contains("JSON object"));
    assert!(err("{").starts_with("not valid JSON"));
}
