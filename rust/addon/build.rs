//! Link settings of the extension library.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
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
    // On the Web the library is a side module that Godot's main module loads with dlopen. Keeping
    // this here rather than in a script lets the addon and the CLI of one thread mode build in a
    // single cargo invocation, which compiles the core and the standard library once for both.
    if os == "emscripten" {
        println!("cargo:rustc-cdylib-link-arg=-sSIDE_MODULE=2");
        // binaryen's optimiser over the linked module at `-Os` rather than the release profile's
        // `-O3`: the code is already optimised by rustc's LLVM, and `-Os` leaves a library 11 KB
        // smaller (3.955 MB against 3.966) in 40 s of the optimiser instead of 46.
        println!("cargo:rustc-cdylib-link-arg=-Os");
    }
}
