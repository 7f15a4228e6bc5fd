//! `--stamps`: the documented stamp files give the golden suite's stamp cases, and a bad file is a
//! clear error.

mod common;

use common::donjourno;
use std::path::PathBuf;

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// The grid hash of the golden file's case `name`.
fn golden(name: &str) -> String {
    let text = std::fs::read_to_string(repo("tests/golden/hashes.txt")).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{name} is in the golden file"))
        .to_owned()
}

/// The grid hash `donjourno hash ARGS --stamps FILE` prints for the repository's file `file`.
fn grid_hash(args: &[&str], file: &str) -> String {
    let path = repo(file);
    let mut all = vec!["hash"];
    all.extend_from_slice(args);
    all.extend(["--stamps", path.to_str().unwrap()]);
    let out = donjourno(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    json["grid_hash"].as_str().unwrap().to_owned()
}

#[test]
fn the_documented_stamp_files_give_the_golden_stamp_cases() {
    for (preset, file) in [
        ("default", "docs/figures/stamps_pool.json"),
        ("continent", "docs/figures/stamps_continent.json"),
    ] {
        assert_eq!(
            grid_hash(&["--preset", preset], file),
            golden(&format!("stamps:preset={preset}")),
            "{file} on the {preset} preset"
        );
    }
}

#[test]
fn the_documented_layout_gives_the_golden_layout_case() {
    let args = [
        "--seed",
        "42",
        "--height-scale",
        "24",
        "--settlements-enabled",
        "true",
    ];
    assert_eq!(
        grid_hash(&args, "docs/figures/layout_valley.json"),
        golden("layout:seed=42,height_scale=24,settlements=on")
    );
}

#[test]
fn a_bad_stamp_file_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("donjourno-stamps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"stamps": [{"position": [1, 2]}, {"position": [3, 4], "radius": -5}]}"#,
    )
    .unwrap();
    let out = donjourno(&["hash", "--stamps", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.json") && err.contains("stamp 1: radius must be"),
        "{err}"
    );
    std::fs::write(
        &bad,
        r#"{"paths": [{"kind": "river", "points": [[1, 2]]}]}"#,
    )
    .unwrap();
    let out = donjourno(&["hash", "--stamps", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("path 0: points must be a list of 2"),
        "{err}"
    );
    let missing = dir.join("missing.json");
    let out = donjourno(&["hash", "--stamps", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.json"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sites_in_the_stamp_file_pin_named_settlements() {
    let dir = std::env::temp_dir().join(format!("donjourno-sites-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let layout = dir.join("layout.json");
    std::fs::write(
        &layout,
        r#"{"sites": [{"position": [180, 200], "tier": "city", "name": "Pinford"}]}"#,
    )
    .unwrap();
    let geojson = dir.join("settlements.json");
    let out = donjourno(&[
        "generate",
        "--width",
        "256",
        "--depth",
        "256",
        "--settlements-enabled",
        "true",
        "--stamps",
        layout.to_str().unwrap(),
        "--settlements-json",
        geojson.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&geojson).unwrap()).unwrap();
    let pinned = doc["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["properties"]["name"] == "Pinford")
        .expect("the pinned city is in the GeoJSON");
    assert_eq!(pinned["properties"]["tier"], "city");
    std::fs::remove_dir_all(&dir).ok();
}
