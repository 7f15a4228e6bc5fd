//! # Donjourno
//!
//! Engine-agnostic procedural terrain: a coverage-controlled mountain pool with value-noise
//! heights and Newtonian droplet erosion that continues through lakes, water (lakes, rivers, sea),
//! forests, a colour table, and vertex-coloured, flat-shaded triangle meshes of the ground and the
//! water surface. Every result is a pure function of the parameters: the same inputs give
//! bit-identical grids and meshes on every thread count and platform.
//!
//! ```
//! use donjourno::outputs::mesh::build_mesh;
//! use donjourno::{generate, GenerateOptions, GeneratorParams, MeshParams};
//! let mut params = GeneratorParams { width: 32, depth: 32, ..Default::default() };
//! params.set_droplet_count(2_000);
//! let (grid, stats) = generate(&params, GenerateOptions::default()).unwrap();
//! let mesh = build_mesh(&grid, &MeshParams::default()).unwrap();
//! assert_eq!(mesh.vertex_count(), 32 * 32 * 6);
//! assert!(stats.max_height <= params.terrain.peak_height * 1.5);
//! // Water: a plane of levels, the lakes, and per-cell queries.
//! for lake in &grid.lakes {
//!     let (x, z) = grid.xz(lake.outflow as usize);
//!     assert!(!grid.is_water(x, z) || grid.lake_at(x, z).is_none_or(|l| l.id != lake.id));
//! }
//! ```
//!
//! ## Layers
//!
//! The crate is built in layers, each a folder of `src/` that imports only from the layers
//! before it:
//!
//! 1. [`params`]: every settings struct and its limits (generation, meshes, navigation);
//! 2. [`data`]: the [`Grid`] and its cells, water kinds and lakes, the map's frame, meshes as
//!    data, the statistics record, and [`data::products::Products`], where later stages keep what
//!    they make without the grid naming their types;
//! 3. [`algorithms`]: noise, droplet erosion, hydrology, distance transforms, seeds and threads;
//! 4. [`stages`]: the pipeline and every stage, listed in pipeline order, and [`generate`], the
//!    one entry to generation ([`GenerateOptions`] carries the progress sink, external inputs,
//!    the map's frame, and whether to stop after the height model);
//! 5. [`outputs`]: what is made of a finished grid (terrain and water meshes, placement,
//!    navigation, Godot's vertex layout);
//! 6. [`world`]: endless worlds in tiles, built from all of the above.
//!
//! Inside the crate, paths name the module that defines an item (`crate::data::grid::Grid`), never
//! the re-exports below. No import circle spans two folders, except a module with its own
//! submodules (a `mod.rs` and the folders under it). `tests/suite/architecture.rs` checks both rules
//! from the source text and names the offending import or circle.

#![warn(missing_docs)]

pub mod algorithms;
pub mod data;
pub mod outputs;
pub mod params;
pub mod stages;
pub mod world;

/// The Rust example of `README.md`, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;

/// The Rust example of the user guide's scripting page, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/guide/scripting.md")]
pub struct ScriptingExample;

pub use data::grid::{Cell, Grid, Terrain};
pub use data::stats::{GenerationStats, LayerTiming, SettlementCounts};
pub use data::water::{Lake, WaterKind};
pub use params::{
    BiomeParams, ClimateParams, ContinentsParams, ErosionParams, ForestParams, GeneratorParams,
    HeightModel, JsonError, MeshParams, ParamError, SettlementParams, SubdivisionParams,
    TerrainParams, WaterParams, WorldMode,
};
pub use stages::context::Context;
pub use stages::generate::{generate, ExternalInputs, GenerateError, GenerateOptions};
pub use stages::pipeline::{Layer, LayerError, Pipeline, PipelineError};
pub use stages::progress::Progress;
