//! # Donjourno
//!
//! Engine-agnostic procedural terrain: a coverage-controlled mountain pool with value-noise
//! heights and Newtonian droplet erosion that continues through lakes, water (lakes, rivers, sea),
//! forests, a colour table, and vertex-coloured, flat-shaded triangle meshes of the ground and the
//! water surface. Every result is a pure function of the parameters: the same inputs give
//! bit-identical grids and meshes on every thread count and platform.
//!
//! ```
//! use donjourno::{generate, GeneratorParams, mesh::{build_mesh, MeshParams}};
//! let mut params = GeneratorParams { width: 32, depth: 32, ..Default::default() };
//! params.terrain.droplets = 2_000;
//! let (grid, stats) = generate(&params, Default::default()).unwrap();
//! let mesh = build_mesh(&grid, &MeshParams::default()).unwrap();
//! assert_eq!(mesh.vertex_count(), 32 * 32 * 6);
//! assert!(stats.max_height <= params.terrain.peak_height * 1.5);
//! // Water: a plane of levels, the lakes, and per-cell queries.
//! for lake in &grid.lakes {
//!     let (x, z) = grid.xz(lake.outflow as usize);
//!     assert!(!grid.is_water(x, z) || grid.lake_at(x, z).is_none_or(|l| l.id != lake.id));
//! }
//! ```

#![warn(missing_docs)]

pub mod algorithms;
pub mod data;
pub mod outputs;
pub mod params;
pub mod stages;
pub mod world;

pub use data::grid::{Cell, Grid, Terrain};
pub use data::stats::{GenerationStats, LayerTiming, SettlementCounts};
pub use data::water::{Lake, WaterKind};
pub use params::{
    BiomeParams, ClimateParams, ContinentsParams, ErosionParams, ForestParams, GeneratorParams,
    HeightModel, JsonError, ParamError, SettlementParams, SubdivisionParams, TerrainParams,
    WaterParams, WorldMode,
};
pub use stages::context::Context;
pub use stages::generate::{generate, ExternalInputs, GenerateError, GenerateOptions};
pub use stages::pipeline::{Layer, LayerError, Pipeline, PipelineError};
pub use stages::progress::Progress;
