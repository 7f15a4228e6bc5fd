//! What is made of a finished grid: the terrain [`mesh`], the [`water_mesh`], the [`placement`]
//! of objects on the surface, the [`navigation`] meshes, and [`godot_surface`], the vertex layout
//! Godot's arrays take.

pub mod godot_surface;
pub mod mesh;
pub mod navigation;
pub mod placement;
pub mod scatter_mesh;
pub mod water_mesh;
