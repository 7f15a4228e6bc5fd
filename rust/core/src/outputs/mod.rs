//! What is made of a finished grid: the terrain [`mesh`] and its water surface
//! ([`mesh::water_surface`]), the [`placement`] of objects on the surface, the [`scatter_mesh`] of plants
//! and rocks, the [`navigation`] meshes, the answers of the [`point`] queries (ground, class, water, road) and [`godot_surface`], the vertex layout Godot's arrays
//! take.

pub mod godot_surface;
pub mod mesh;
pub mod navigation;
pub mod placement;
pub mod point;
pub mod scatter_mesh;
