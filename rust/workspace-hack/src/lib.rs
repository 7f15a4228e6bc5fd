//! Holds no code. Depending on this crate turns on, in every build of the workspace, the
//! dependency features that the test-only dependencies turn on in test builds, so that the tests
//! and the addon share one build of the core (see `Cargo.toml`).
