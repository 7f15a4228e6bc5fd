//! The shared library Godot loads (`donjourno.gdextension`): every class, and the entry point
//! `donjourno_library_init`, live in the `donjourno-godot` crate (rust/godot), a library of
//! Rust's own kind; this crate only links it into a shared library with the link settings of
//! `build.rs`.
//!
//! Why two crates: a crate that is linked (a shared library, as a binary) is compiled anew by
//! every build, as no compile cache can keep it, while a Rust library is kept. With the classes
//! in a library, a build whose Godot sources are unchanged compiles nothing of them: it links
//! them from the cache. The entry point and the classes' registrations are exported and run
//! from the linked library as from their own crate (symbols marked `no_mangle` and statics
//! marked `used` of every linked crate are kept).

extern crate classes;
