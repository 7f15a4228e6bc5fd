//! The `donjourno` binary end to end: outputs, statistics and error handling.

mod common;

use common::donjourno;
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("donjourno-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn png_size(path: &PathBuf) -> (u32, u32, png::BitDepth) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    (info.width, info.height, info.bit_depth)
}

#[test]
fn generate_writes_maps_and_statistics() {
    let dir = temp_dir("generate");
    let (png, height, json) = (dir.join("c.png"), dir.join("h.png"), dir.join("s.json"));
    let out = donjourno(&[
        "generate",
        "--width",
        "48",
        "--depth",
        "40",
        "--coverage",
        "0.5",
        "--droplets",
        "2000",
        "--png",
        png.to_str().unwrap(),
        "--heightmap",
        height.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(png_size(&png), (48, 40, png::BitDepth::Eight));
    assert_eq!(png_size(&height), (48, 40, png::BitDepth::Sixteen));
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(stats["pool_fraction"], 0.5);
    let counts = &stats["class_counts"];
    let total: u64 = ["grass", "mountain", "tree", "water"]
        .iter()
        .map(|k| counts[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 48 * 40);
    // One wall time per layer of the pipeline, and the total is their sum.
    let timings = stats["timings_ms"].as_object().unwrap();
    let layers: Vec<&str> = timings.keys().map(String::as_str).collect();
    assert_eq!(
        layers,
        [
            "Biomes",
            "Climate",
            "ForestMask",
            "ForestPlacement",
            "HybridTerrain",
            "Hydrology",
            "Scatter",
            "Settlements",
            "TerrainTexture"
        ]
    );
    let ms: Vec<f64> = timings.values().map(|v| v.as_f64().unwrap()).collect();
    assert!(ms.iter().all(|t| t.is_finite() && *t >= 0.0), "{ms:?}");
    let total = stats["total_ms"].as_f64().unwrap();
    assert!((total - ms.iter().sum::<f64>()).abs() <= 1e-9 * total.max(1.0));
    assert_eq!(stats["grid_hash"].as_str().unwrap().len(), 16);
    assert_eq!(stats["params"]["coverage"], 0.5);
    // Same parameters, same hash.
    let again = donjourno(&[
        "generate",
        "--width",
        "48",
        "--depth",
        "40",
        "--coverage",
        "0.5",
        "--droplets",
        "2000",
    ]);
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(again["grid_hash"], stats["grid_hash"]);
}

#[test]
fn preview_renders_a_picture_with_terrain_colours() {
    let dir = temp_dir("preview");
    let out_path = dir.join("iso.png");
    let out = donjourno(&[
        "preview",
        "--width",
        "40",
        "--depth",
        "40",
        "--droplets",
        "1000",
        "--time-of-day",
        "9",
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let decoder = png::Decoder::new(std::fs::File::open(&out_path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixels = &buf[..info.buffer_size()];
    let greenish = pixels
        .chunks(3)
        .filter(|p| {
            u16::from(p[1]) > u16::from(p[0]) + 30 && u16::from(p[1]) > u16::from(p[2]) + 30
        })
        .count();
    assert!(
        greenish > pixels.len() / 3 / 10,
        "too little grass in the preview: {greenish}"
    );
}

#[test]
fn bad_input_is_one_clear_line_and_a_failure_exit() {
    let dir = temp_dir("bad-input");
    // An EXR heightmap with an infinite sample.
    let infinite = dir.join("infinite.exr");
    let mut values = vec![10.0f32; 16];
    values[5] = f32::INFINITY;
    let map = donjourno::data::heightmap::Heightmap {
        width: 4,
        depth: 4,
        values,
        metres: true,
    };
    let bytes =
        donjourno::data::heightmap::encode(&map, donjourno::data::heightmap::Format::Exr).unwrap();
    std::fs::write(&infinite, bytes).unwrap();
    let infinite = infinite.to_str().unwrap();
    let missing = dir.join("missing.png");
    let missing = missing.to_str().unwrap();
    let geojson = dir.join("s.geojson");
    let geojson = geojson.to_str().unwrap();
    for (args, needle) in [
        (vec!["generate", "--coverage", "2"], "coverage must be"),
        (vec!["generate", "--width", "0"], "width must be"),
        (
            vec!["generate", "--preset", "/nonexistent/p.json"],
            "not a built-in preset",
        ),
        (
            vec![
                "preview",
                "--subdivisions",
                "65",
                "--width",
                "8",
                "--depth",
                "8",
            ],
            "subdivisions must be",
        ),
        (
            vec!["generate", "--erosion-dt", "12"],
            "erosion_dt must be a number in (0, 10] (got 12)",
        ),
        (
            vec!["generate", "--erosion-dt", "5", "--erosion-friction", "0.5"],
            "erosion_dt × erosion_friction must be",
        ),
        (
            vec!["generate", "--width", "abc"],
            "width must be a whole number",
        ),
        (
            vec!["generate", "--water-lakes-enabled", "maybe"],
            "water_lakes_enabled must be true or false",
        ),
        (vec!["preview", "--time-of-day", "20"], "between 6 and 18"),
        (vec!["generate", "--no-such-flag", "1"], "--no-such-flag"),
        (
            vec![
                "generate",
                "--height-model",
                "image",
                "--heightmap-in",
                missing,
            ],
            "missing.png",
        ),
        (
            vec![
                "generate",
                "--height-model",
                "image",
                "--heightmap-in",
                infinite,
            ],
            "heights must be finite numbers",
        ),
        (
            vec!["generate", "--width", "8", "--settlements-json", geojson],
            "--settlements-json needs settlements",
        ),
    ] {
        let out = donjourno(&args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err.trim().lines().collect();
        assert!(
            lines.len() == 1 && lines[0].contains(needle),
            "{args:?}: one line naming the problem ({needle:?}) expected, got:\n{err}"
        );
    }
}

/// `generate --settlements-json`: GeoJSON that parses, with a Point per settlement and a
/// LineString per road of the same generation, in map coordinates (metres).
#[test]
fn generate_writes_settlements_as_geojson() {
    let dir = temp_dir("settlements");
    let (path, json) = (dir.join("s.geojson"), dir.join("stats.json"));
    let out = donjourno(&[
        "generate",
        "--seed",
        "3",
        "--width",
        "120",
        "--depth",
        "100",
        "--cell-size",
        "4",
        "--settlements-enabled",
        "true",
        "--settlements-hex-size",
        "8",
        "--settlements-json",
        path.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let geo: serde_json::Value = serde_json::from_str(&text).expect("the GeoJSON parses");
    assert_eq!(geo["type"], "FeatureCollection");
    let features = geo["features"].as_array().unwrap();
    let of = |kind: &str| -> Vec<&serde_json::Value> {
        features
            .iter()
            .filter(|f| f["type"] == "Feature" && f["geometry"]["type"] == kind)
            .collect()
    };
    let (points, lines) = (of("Point"), of("LineString"));
    assert_eq!(
        points.len() + lines.len(),
        features.len(),
        "only points and lines"
    );
    // The same generation in the library: one Point per settlement, one LineString per road.
    let mut p = donjourno::GeneratorParams {
        seed: 3,
        width: 120,
        depth: 100,
        cell_size: 4.0,
        ..Default::default()
    };
    p.settlements.enabled = true;
    // The old flag in cells: 8 cells of 4 m.
    p.settlements.hex_radius = 32.0;
    let (grid, _) = donjourno::generate(&p, Default::default()).unwrap();
    assert!(grid.settlements().len() >= 3, "a map with settlements");
    assert!(!grid.roads().is_empty(), "a map with roads");
    assert_eq!(points.len(), grid.settlements().len());
    assert_eq!(lines.len(), grid.roads().len());
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        stats["settlements"]["settlements"].as_u64(),
        Some(points.len() as u64)
    );
    let metres =
        |c: &serde_json::Value| -> [f64; 2] { [c[0].as_f64().unwrap(), c[1].as_f64().unwrap()] };
    let inside = |[x, z]: [f64; 2]| (0.0..=480.0).contains(&x) && (0.0..=400.0).contains(&z);
    for (f, s) in points.iter().zip(grid.settlements()) {
        let props = &f["properties"];
        assert_eq!(props["name"], s.name.as_str());
        assert_eq!(props["id"], s.id);
        assert!(props["population"].as_u64().unwrap() > 0, "{props}");
        let at = metres(&f["geometry"]["coordinates"]);
        assert!(inside(at), "{at:?} outside the 480 m × 400 m map");
        let want = [
            f64::from(s.position[0] * 4.0),
            f64::from(s.position[1] * 4.0),
        ];
        assert!(
            (at[0] - want[0]).abs() < 1e-3 && (at[1] - want[1]).abs() < 1e-3,
            "{} at {at:?}, the library says {want:?}",
            s.name
        );
    }
    for (f, road) in lines.iter().zip(grid.roads()) {
        let coordinates = f["geometry"]["coordinates"].as_array().unwrap();
        assert!(
            coordinates.len() >= 2,
            "a road of {} points",
            coordinates.len()
        );
        assert_eq!(coordinates.len(), road.points.len());
        assert!(coordinates.iter().all(|c| inside(metres(c))));
        assert_eq!(
            f["properties"]["bridge"].as_bool(),
            Some(road.bridge.iter().any(|b| *b))
        );
    }
}

/// The heights of a heightmap file, in its own scale (metres for EXR, 0–1 for PNG).
fn heightmap_values(path: &std::path::Path) -> (usize, usize, Vec<f32>) {
    use donjourno::data::heightmap::{decode, Format};
    let format = Format::from_path(&path.to_string_lossy()).unwrap();
    let map = decode(&std::fs::read(path).unwrap(), format).unwrap();
    (map.width, map.depth, map.values)
}

/// `generate --heightmap-in`: the image model raises the heights of a heightmap the CLI wrote,
/// and writing them out again gives the same heights back (EXR exactly, PNG within one step).
#[test]
fn a_heightmap_round_trips_through_heightmap_in() {
    let dir = temp_dir("heightmap-in");
    let dry = [
        "--droplets",
        "0",
        "--water-lakes-enabled",
        "false",
        "--water-rivers-enabled",
        "false",
        "--width",
        "56",
        "--depth",
        "48",
    ];
    for (ext, tolerance) in [("exr", 1e-3f32), ("png", 1.5 / 65535.0)] {
        let (first, second) = (
            dir.join(format!("first.{ext}")),
            dir.join(format!("second.{ext}")),
        );
        let mut args = vec![
            "generate",
            "--seed",
            "11",
            "--height-model",
            "subdivision",
            "--heightmap",
            first.to_str().unwrap(),
        ];
        args.extend(dry);
        let out = donjourno(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut args = vec![
            "generate",
            "--height-model",
            "image",
            "--heightmap-in",
            first.to_str().unwrap(),
            "--heightmap",
            second.to_str().unwrap(),
        ];
        args.extend(dry);
        let out = donjourno(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (w, d, a) = heightmap_values(&first);
        let (w2, d2, b) = heightmap_values(&second);
        assert_eq!((w, d), (56, 48));
        assert_eq!((w2, d2), (56, 48));
        let (lo, hi) = a
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
        assert!(hi > lo, "{ext}: the source is not flat");
        let worst = a
            .iter()
            .zip(&b)
            .map(|(x, y)| (x.max(0.0) - y).abs())
            .fold(0.0f32, f32::max);
        assert!(
            worst <= tolerance,
            "{ext}: heights differ by up to {worst} after the round trip (tolerance {tolerance})"
        );
    }
}

#[test]
fn presets_and_export() {
    let dir = temp_dir("export");
    let obj = dir.join("t.obj");
    let out = donjourno(&[
        "export",
        "--preset",
        "tabletop_plains",
        "--width",
        "16",
        "--depth",
        "16",
        "--obj",
        obj.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&obj).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("v ")).count(),
        16 * 16 * 6
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("f ")).count(),
        16 * 16 * 2
    );
}

#[test]
fn generate_reports_water_and_water_flags_apply() {
    let stats = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "generate",
            "--width",
            "64",
            "--depth",
            "64",
            "--droplets",
            "3000",
        ];
        args.extend_from_slice(extra);
        let out = donjourno(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let wet = stats(&["--water-sea-level", "0.05", "--water-river-threshold", "40"]);
    let water = &wet["water"];
    assert!(water["sea_cells"].as_u64().unwrap() > 64 * 64 / 4);
    assert!(water["max_accumulation"].as_u64().unwrap() > 40);
    let cells: u64 = ["lake_cells", "river_cells", "sea_cells"]
        .iter()
        .map(|k| water[k].as_u64().unwrap())
        .sum();
    assert_eq!(cells, wet["class_counts"]["water"].as_u64().unwrap());
    assert_eq!(wet["params"]["water"]["sea_level"], 0.05);
    let dry = stats(&[
        "--water-lakes-enabled",
        "false",
        "--water-rivers-enabled",
        "false",
    ]);
    assert_eq!(dry["class_counts"]["water"], 0);
    assert_eq!(dry["water"]["lakes"], 0);
    assert_eq!(dry["water"]["erosion_lake_jumps"], 0);
    let out = donjourno(&["generate", "--water-sea-level", "5000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("water_sea_level must be"));
}

/// The grid and mesh hashes printed by `donjourno hash` for these flags.
fn hashes(args: &[&str]) -> (String, String) {
    let mut all = vec!["hash", "--width", "40", "--depth", "32"];
    all.extend_from_slice(args);
    let out = donjourno(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        line["grid_hash"].as_str().unwrap().to_owned(),
        line["mesh_hash"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn old_flags_are_aliases_of_the_new_ones() {
    let pairs: [(&[&str], &[&str]); 7] = [
        // 900 droplets on the 40 × 32 cells of `hashes`.
        (
            &["--droplets", "900"],
            &["--erosion-droplet-density", "0.703125"],
        ),
        (&["--subdiv", "2"], &["--subdivisions", "2"]),
        (&["--sea-level", "0.04"], &["--water-sea-level", "0.04"]),
        (
            &["--river-threshold", "30", "--min-lake-cells", "3"],
            &[
                "--water-river-catchment",
                "30",
                "--water-min-lake-area",
                "3",
            ],
        ),
        (
            &["--cell-size", "2", "--water-river-threshold", "30"],
            &["--cell-size", "2", "--water-river-catchment", "120"],
        ),
        (
            &["--no-lakes", "--no-rivers"],
            &[
                "--water-lakes-enabled",
                "false",
                "--water-rivers-enabled",
                "false",
            ],
        ),
        (
            &["--no-lake-erosion", "--min-lake-depth", "0.02"],
            &[
                "--water-lake-erosion",
                "false",
                "--water-min-lake-depth",
                "0.02",
            ],
        ),
    ];
    let base = hashes(&["--erosion-droplet-density", "0.703125"]);
    for (old, new) in pairs {
        let (old_hashes, new_hashes) = (hashes(old), hashes(new));
        assert_eq!(old_hashes, new_hashes, "{old:?} vs {new:?}");
        if old != ["--droplets", "900"] && old[0] != "--cell-size" {
            assert_ne!(new_hashes, base, "{new:?} changes nothing");
        }
    }
    // Aliases stay out of the help; the new flags are listed under their groups.
    let help = String::from_utf8_lossy(&donjourno(&["generate", "--help"]).stdout).into_owned();
    for hidden in [
        "--droplets",
        "--sea-level",
        "--no-lakes",
        "--min-lake-cells",
        "--erosion-droplets",
        "--water-river-threshold",
    ] {
        assert!(!help.contains(&format!("{hidden} ")), "{hidden} in help");
    }
    for shown in [
        "--erosion-droplet-density <X>",
        "--water-lakes-enabled <BOOL>",
        "Erosion:",
    ] {
        assert!(help.contains(shown), "{shown} missing from help");
    }
    let out = donjourno(&["generate", "--no-lakes", "--water-lakes-enabled", "true"]);
    assert!(!out.status.success(), "an alias and its flag together");
}

#[test]
fn flags_override_a_preset_file_in_either_format() {
    let dir = temp_dir("preset-file");
    let new = dir.join("new.json");
    // 700 droplets on the 40 × 32 cells of `hashes`.
    let map = r#""seed": 5, "width": 40, "depth": 32"#;
    std::fs::write(
        &new,
        format!(r#"{{{map}, "erosion": {{"droplet_density": 0.546875}}}}"#),
    )
    .unwrap();
    let old = dir.join("old.json");
    std::fs::write(
        &old,
        format!(r#"{{{map}, "terrain": {{"droplets": 700}}}}"#),
    )
    .unwrap();
    let reference = hashes(&["--seed", "5", "--erosion-droplets", "700"]);
    assert_eq!(hashes(&["--preset", new.to_str().unwrap()]), reference);
    assert_eq!(hashes(&["--preset", old.to_str().unwrap()]), reference);
    let overridden = hashes(&["--preset", new.to_str().unwrap(), "--seed", "6"]);
    assert_eq!(
        overridden,
        hashes(&["--seed", "6", "--erosion-droplet-density", "0.546875"])
    );
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"erosion": {"droplet": 700}}"#).unwrap();
    let out = donjourno(&["generate", "--preset", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown parameter \"erosion.droplet\""),
        "{err}"
    );
}

#[test]
fn export_reads_a_mesh_file_and_mesh_flags_override_it() {
    let dir = temp_dir("export-mesh");
    let mesh = dir.join("mesh.json");
    std::fs::write(&mesh, r#"{"subdivisions": 2}"#).unwrap();
    let obj = dir.join("t.obj");
    let export = |extra: &[&str]| {
        let mut args = vec![
            "export",
            "--width",
            "8",
            "--depth",
            "8",
            "--erosion-droplets",
            "100",
            "--mesh",
            mesh.to_str().unwrap(),
            "--obj",
            obj.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = donjourno(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&obj).unwrap();
        let vertices: Vec<f32> = text
            .lines()
            .filter(|l| l.starts_with("v "))
            .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
            .collect();
        let max_x = vertices.iter().cloned().fold(0.0, f32::max);
        (vertices.len(), max_x)
    };
    assert_eq!(export(&[]), (8 * 8 * 4 * 6, 8.0));
    assert_eq!(export(&["--subdivisions", "3"]), (8 * 8 * 9 * 6, 8.0));
    // The cell size is the map's, a generation flag.
    assert_eq!(export(&["--cell-size", "0.5"]), (8 * 8 * 4 * 6, 4.0));
}

#[test]
fn params_lists_prints_and_refreshes_the_tables() {
    let list = String::from_utf8_lossy(&donjourno(&["params"]).stdout).into_owned();
    assert!(list.contains("--erosion-dt") && list.contains("erosion.dt"));
    assert!(list.contains("--subdivisions"));
    let markdown = donjourno(&["params", "--markdown"]);
    let markdown = String::from_utf8_lossy(&markdown.stdout).into_owned();
    assert!(markdown.contains("<!-- params:generation -->"));
    assert!(markdown.contains("| `water_sea_level` | `water.sea_level` |"));
    let dir = temp_dir("params-refresh");
    let file = dir.join("doc.md");
    std::fs::write(
        &file,
        "# Doc\n<!-- params:mesh -->\nstale\n<!-- /params:mesh -->\n",
    )
    .unwrap();
    let out = donjourno(&["params", "--refresh", file.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("refreshed"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("stale") && text.contains("| `roughness_strength` |"));
    let out = donjourno(&["params", "--refresh", file.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("up to date"));
}

/// RGB pixels of an 8-bit PNG, with its size.
fn png_pixels(path: &PathBuf) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let pixels = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, pixels)
}

/// Mean red minus mean blue of a picture.
fn redness(pixels: &[[u8; 3]]) -> f64 {
    pixels
        .iter()
        .map(|p| f64::from(p[0]) - f64::from(p[2]))
        .sum::<f64>()
        / pixels.len() as f64
}

#[test]
fn generate_writes_temperature_and_moisture_maps() {
    let dir = temp_dir("climate");
    let run = |sea_temperature: &str, tag: &str| {
        let (t, m) = (
            dir.join(format!("t{tag}.png")),
            dir.join(format!("m{tag}.png")),
        );
        let out = donjourno(&[
            "generate",
            "--preset",
            "continent",
            "--width",
            "64",
            "--depth",
            "48",
            "--droplets",
            "500",
            "--climate-sea-temperature",
            sea_temperature,
            "--temperature-png",
            t.to_str().unwrap(),
            "--moisture-png",
            m.to_str().unwrap(),
            "--json",
            dir.join("s.json").to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(png_size(&t), (64, 48, png::BitDepth::Eight));
        assert_eq!(png_size(&m), (64, 48, png::BitDepth::Eight));
        (png_pixels(&t).2, png_pixels(&m).2)
    };
    let (temperature, moisture) = run("14", "mild");
    let distinct = |p: &[[u8; 3]]| p.iter().collect::<std::collections::HashSet<_>>().len();
    assert!(distinct(&temperature) > 1, "one temperature colour");
    assert!(distinct(&moisture) > 1, "one moisture colour");
    let (hot, _) = run("35", "hot");
    let (cold, _) = run("-10", "cold");
    assert!(
        redness(&hot) > redness(&cold) + 50.0,
        "hot {} cold {}",
        redness(&hot),
        redness(&cold)
    );
}

#[test]
fn preview_relief_draws_cells_and_checks_the_shadow() {
    let dir = temp_dir("relief");
    let out_png = dir.join("relief.png");
    let out = donjourno(&[
        "preview",
        "--style",
        "relief",
        "--preset",
        "archipelago",
        "--width",
        "40",
        "--depth",
        "30",
        "--droplets",
        "300",
        "--scale",
        "2",
        "--shadow",
        "1.5",
        "--out",
        out_png.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, pixels) = png_pixels(&out_png);
    assert_eq!((w, h), (80, 60));
    assert!(
        pixels
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
            > 2
    );
    let bad = donjourno(&["preview", "--style", "relief", "--shadow", "3"]);
    assert!(!bad.status.success());
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.contains("--shadow"), "{message}");
}

#[test]
fn the_biome_map_has_a_legend_and_needs_biomes() {
    let dir = temp_dir("biome-png");
    let png = dir.join("biomes.png");
    let json = dir.join("stats.json");
    let base = [
        "generate",
        "--preset",
        "continent",
        "--width",
        "96",
        "--depth",
        "64",
        "--erosion-droplets",
        "1000",
        "--climate-temperature-range",
        "22",
        "--biome-png",
        png.to_str().unwrap(),
    ];
    let refused = donjourno(&base);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--biomes-enabled true"));
    let mut args = base.to_vec();
    args.extend(["--biomes-enabled", "true", "--json", json.to_str().unwrap()]);
    let out = donjourno(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, _) = png_size(&png);
    assert!(w > 96, "a legend column beside the 96-cell map: {w}");
    assert!(h >= 64);
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let counts = stats["biome_counts"].as_object().unwrap();
    assert!(counts.len() >= 3, "{counts:?}");
    let total: u64 = counts.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total, 96 * 64);
    // The names listed on standard error are the biomes counted.
    let listed = String::from_utf8_lossy(&out.stderr);
    assert!(
        counts.keys().all(|name| listed.contains(name.as_str())),
        "{listed}"
    );
}
