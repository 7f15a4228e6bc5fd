//! Link settings of the CLI on the Web (wasm32-unknown-emscripten), where it runs under Node.js
//! and in browsers for the cross-platform hash tests.
//!
//! They live here rather than in a build script's command line so that the CLI and the addon of
//! one thread mode build in a single cargo invocation (tests/tools/web-build.sh), which compiles
//! the core and the standard library once for both.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("emscripten") {
        return;
    }
    // Terrains of any size: the heap grows; the process exits when `main` returns.
    println!("cargo:rustc-link-arg-bins=-sALLOW_MEMORY_GROWTH=1");
    println!("cargo:rustc-link-arg-bins=-sEXIT_RUNTIME=1");
    // The code is optimised by rustc's LLVM; the release profile's `-O3` would also run
    // binaryen's optimiser over the linked module, which took 42 s of each Web build for no
    // measurable gain in the hash and generation timings under Node (a 384² world in 0.82 s
    // either way). `-O1` links without it. The addon keeps `-O3`: it ships, and binaryen makes
    // it a fifth smaller.
    println!("cargo:rustc-link-arg-bins=-O1");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if features.split(',').any(|f| f == "atomics") {
        // With threads: workers for rayon's pool, and a page that is not cross-origin isolated
        // is told so before Emscripten fails on the missing SharedArrayBuffer.
        let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        let pre_js = Path::new(&manifest).join("../../tests/web/require-isolation.js");
        let pre_js = pre_js.canonicalize().unwrap_or(pre_js);
        println!("cargo:rerun-if-changed={}", pre_js.display());
        println!("cargo:rustc-link-arg-bins=-sPTHREAD_POOL_SIZE=8");
        println!("cargo:rustc-link-arg-bins=--pre-js={}", pre_js.display());
    }
}
