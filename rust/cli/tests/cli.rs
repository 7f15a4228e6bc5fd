//! The `donjourno` binary end to end: outputs, statistics and error handling.

use std::path::PathBuf;
use std::process::{Command, Output};

fn donjourno(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_donjourno"))
        .args(args)
        .output()
        .expect("binary runs")
}

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
            "ForestMask",
            "ForestPlacement",
            "HybridTerrain",
            "Hydrology",
            "TerrainTexture"
        ]
    );
    let ms: Vec<f64> = timings.values().map(|v| v.as_f64().unwrap()).collect();
    assert!(ms.iter().all(|t| t.is_finite() && *t >= 0.0), "{ms:?}");
    let total = stats["total_ms"].as_f64().unwrap();
    assert!((total - ms.iter().sum::<f64>()).abs() <= 1e-9 * total.max(1.0));
    assert_eq!(stats["grid_hash"].as_str().unwrap().len(), 16);
    assert_eq!(stats["params"]["terrain"]["coverage"], 0.5);
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
    for (args, needle) in [
        (vec!["generate", "--coverage", "2"], "coverage must be"),
        (vec!["generate", "--width", "0"], "width must be"),
        (
            vec!["generate", "--preset", "/nonexistent/p.json"],
            "not a built-in preset",
        ),
        (
            vec!["preview", "--subdiv", "65", "--width", "8", "--depth", "8"],
            "subdivisions must be",
        ),
        (vec!["preview", "--time-of-day", "20"], "between 6 and 18"),
    ] {
        let out = donjourno(&args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let out = donjourno(&["generate", "--coverage", "2"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim().lines().count(),
        1
    );
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
    let wet = stats(&["--sea-level", "0.05", "--river-threshold", "40"]);
    let water = &wet["water"];
    assert!(water["sea_cells"].as_u64().unwrap() > 64 * 64 / 4);
    assert!(water["max_accumulation"].as_u64().unwrap() > 40);
    let cells: u64 = ["lake_cells", "river_cells", "sea_cells"]
        .iter()
        .map(|k| water[k].as_u64().unwrap())
        .sum();
    assert_eq!(cells, wet["class_counts"]["water"].as_u64().unwrap());
    assert_eq!(wet["params"]["water"]["sea_level"], 0.05);
    let dry = stats(&["--no-lakes", "--no-rivers"]);
    assert_eq!(dry["class_counts"]["water"], 0);
    assert_eq!(dry["water"]["lakes"], 0);
    assert_eq!(dry["water"]["erosion_lake_jumps"], 0);
    let out = donjourno(&["generate", "--sea-level", "5000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("water.sea_level must be"));
}
