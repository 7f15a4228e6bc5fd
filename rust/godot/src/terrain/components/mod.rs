//! The parts of a terrain besides its surface, each an object the node delegates to: the chunks
//! and their levels of detail, the ground's material, the collision body, the water, the trees, the scatter, the
//! navigation regions and the settlements.

pub mod chunks;
pub mod collision;
pub mod ground_view;
pub mod navigation;
pub mod scatter;
pub mod settlements;
pub mod trees;
pub mod water_view;
