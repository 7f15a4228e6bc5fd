//! Link settings of the extension library, and the Godot property declarations generated from
//! the core's parameter table (see `codegen.rs`).

mod codegen;

use donjourno::params::{generator_entries, terrain_entries};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=codegen.rs");
    // The terrain pipeline runs on worker threads (rayon) that live as long as the process. When
    // Godot shuts down it closes the extension library; were its code unmapped then, a worker
    // still finishing its spin-wait would jump into freed memory. Marking the library
    // "nodelete" keeps it mapped until the process exits (ELF targets only).
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly"
    ) {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-z,nodelete");
    }

    // The parameter properties: `DonjournoGenerator` holds the generation parameters and the cell
    // size; the terrain's mesh settings are generated for `DonjournoTerrain` to include.
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let files = [
        (
            "generator_properties.rs",
            codegen::class_macros("generator", &generator_entries()),
        ),
        (
            "terrain_properties.rs",
            codegen::class_macros("terrain_mesh", &terrain_entries()),
        ),
    ];
    let biomes = codegen::biome_constants();
    let files = files.into_iter().chain([("biome_constants.rs", biomes)]);
    for (name, text) in files {
        std::fs::write(out.join(name), text).expect("OUT_DIR is writable");
    }
}
