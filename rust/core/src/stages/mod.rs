//! The stages of generation, each a [`Layer`](pipeline::Layer) that transforms the grid, listed
//! here in the order the default pipeline ([`generate::default_pipeline`]) runs them:
//!
//! 1. the height model, one of [`landform`]'s: the pool model ([`landform::pool`]), subdivision,
//!    continents or an imported image, each with droplet erosion
//!    ([`crate::algorithms::erosion`]);
//! 2. [`hydrology`]: lakes, rivers and sea;
//! 3. [`climate`]: temperature and moisture;
//! 4. [`biomes`]: the biome weights of each cell;
//! 5. [`settlements`]: places, roads and the [`towns`] inside them;
//! 6. [`forest`]: the forest mask and the trees;
//! 7. [`scatter`]: plants and rocks;
//! 8. [`texture`]: the colour of each cell.
//!
//! [`generate`] is the one entry that runs them; [`pipeline`], [`context`] and [`progress`] are
//! the machinery every stage shares, and [`stats`] measures what the stages made.

pub mod context;
pub mod generate;
pub mod pipeline;
pub mod progress;
pub mod stats;

pub mod biomes;
pub mod climate;
pub mod forest;
pub mod hydrology;
pub mod landform;
pub mod scatter;
pub mod settlements;
pub mod texture;
pub mod towns;
