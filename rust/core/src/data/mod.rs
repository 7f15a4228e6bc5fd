//! The data every stage reads and writes: the [`grid`] of cells, its [`water`] kinds and lakes,
//! the [`frame`] a map lies in, the [`digest`] that fingerprints them, the [`products`] later stages store on it, the [`heightmap`] a designer brings, the triangle lists of a [`mesh`], and the [`stats`] a run
//! records. Nothing here knows a stage.

pub mod digest;
pub mod frame;
pub mod grid;
pub mod heightmap;
pub mod mesh;
pub mod products;
pub mod stats;
pub mod water;
