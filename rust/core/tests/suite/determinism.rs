//! The same parameters give bit-identical grids and meshes on every thread count, and the core's
//! arithmetic is the same on every platform.

use donjourno::outputs::mesh::build_mesh;
use donjourno::params::MeshParams;
use donjourno::{generate, GeneratorParams, HeightModel};

fn run_on(threads: usize, p: &GeneratorParams, m: &MeshParams) -> (u64, u64, u64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let (grid, stats) = generate(p, Default::default()).unwrap();
        assert_eq!(stats.grid_hash, grid.hash());
        let mesh = build_mesh(&grid, &p.mesh_params(*m)).unwrap();
        (grid.hash(), mesh.hash(), grid.climate_hash())
    })
}

#[test]
fn grid_and_mesh_are_identical_on_1_2_3_and_8_threads() {
    let cases = [
        (
            GeneratorParams {
                seed: 1,
                width: 96,
                depth: 80,
                ..Default::default()
            },
            2,
        ),
        (
            GeneratorParams {
                seed: 77,
                width: 130,
                depth: 61,
                ..Default::default()
            },
            3,
        ),
    ];
    let model = |height_model, seed| GeneratorParams {
        seed,
        width: 90,
        depth: 70,
        height_model,
        cell_size: 30.0,
        height_scale: 500.0,
        edge_falloff_width: 10.0,
        ..Default::default()
    };
    // Eroded on a lattice three times coarser, with partial blocks at two edges.
    let mut lattice = GeneratorParams {
        seed: 12,
        width: 100,
        depth: 77,
        ..Default::default()
    };
    lattice.terrain.erosion_max_cells = 1000;
    let cases = cases.into_iter().chain([
        (model(HeightModel::Subdivision, 5), 2),
        (model(HeightModel::Continents, 6), 2),
        (lattice, 1),
    ]);
    for (mut p, subdivisions) in cases {
        p.set_droplet_count(9000);
        let m = MeshParams {
            subdivisions,
            roughness_strength: 0.5,
            ..Default::default()
        };
        let reference = run_on(1, &p, &m);
        for threads in [2, 3, 8] {
            assert_eq!(
                run_on(threads, &p, &m),
                reference,
                "{threads} threads differ"
            );
        }
    }
}

/// Float functions whose last bit depends on the platform's maths library (glibc, the Windows
/// runtime, WebAssembly's port of musl): the core computes results with `+ − × ÷`, `sqrt` and
/// `floor`, which are correctly rounded everywhere, or with the `libm` crate, the same code on
/// every target.
const PLATFORM_MATHS: &[&str] = &[
    "hypot", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sin_cos", "sinh", "cosh",
    "tanh", "exp", "exp2", "exp_m1", "ln", "ln_1p", "log", "log2", "log10", "powf", "cbrt",
];

/// Files of the core that may call [`PLATFORM_MATHS`], and why: none of them computes a result
/// that is hashed or saved.
const PLATFORM_MATHS_ALLOWED: &[(&str, &str)] = &[
    (
        "outputs/mesh/streaming.rs",
        "the distance from the camera to a chunk decides what streams in, not what a chunk holds",
    ),
    (
        "outputs/mesh/lod_select.rs",
        "the camera's view decides which level shows, not what a level holds",
    ),
    ("stages/towns/bench.rs", "the benchmark towns"),
];

/// The code of a source file without its tests and comments.
fn code_of(text: &str) -> String {
    let body = text.split("#[cfg(test)]").next().unwrap_or("");
    body.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Calls of [`PLATFORM_MATHS`] in `code`, as `.name(`.
fn platform_maths(code: &str) -> Vec<&'static str> {
    PLATFORM_MATHS
        .iter()
        .copied()
        .filter(|f| code.contains(&format!(".{f}(")))
        .collect()
}

#[test]
fn the_core_calls_no_platform_maths() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src.clone()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let name = path.file_name().unwrap().to_string_lossy();
            if !rel.ends_with(".rs") || name == "tests.rs" || name.ends_with("_tests.rs") {
                continue;
            }
            if PLATFORM_MATHS_ALLOWED.iter().any(|(file, _)| *file == rel) {
                continue;
            }
            let calls = platform_maths(&code_of(&std::fs::read_to_string(&path).unwrap()));
            if !calls.is_empty() {
                found.push(format!("{rel}: {calls:?}"));
            }
        }
    }
    assert!(found.is_empty(), "platform maths in the core: {found:#?}");
}

#[test]
fn platform_maths_is_found_outside_tests_and_comments() {
    assert_eq!(platform_maths(&code_of("let d = a.hypot(b);")), ["hypot"]);
    assert_eq!(
        platform_maths(&code_of("let d = (a * a + b * b).sqrt();")),
        [""; 0]
    );
    assert!(platform_maths(&code_of("// a.cos() in words")).is_empty());
    assert!(platform_maths(&code_of("fn f() {}\n#[cfg(test)]\nmod tests { x.sin(); }")).is_empty());
    assert!(platform_maths(&code_of("w.log.clear();")).is_empty());
}
