//! The core's integration tests, one module per subject, in one test binary: a binary links the
//! whole core, so one binary builds once and runs every module's tests in one pool. `no_threads`
//! stays a binary of its own, as it owns the process's thread pool.

mod common;

mod architecture;
mod biomes;
mod cancel;
mod determinism;
mod droplet_density;
mod dry_paths;
mod extent;
mod forest;
mod fuzz;
mod heightmap;
mod heights;
mod hydrology;
mod landforms;
mod mesh;
mod models;
mod params;
mod paths;
mod pipeline;
mod resolution;
mod scatter;
mod settlements;
mod stamps;
mod water_queries;
mod water_surface;
