//! The terrain's script API beyond its lifecycle: its properties, queries, the rebuild API,
//! baking, the heightmap export and the configuration warnings.

pub mod bake;
pub mod endless;
pub mod heightmap;
pub mod nodes;
pub mod properties;
pub mod queries;
pub mod rebuild_api;
pub mod settlement_queries;
pub mod stamps;
pub mod warnings;
