//! What a rebuild builds besides the terrain's surface: the water, seed 000's trees, the scatter,
//! the settlements' meshes and the collision heights. The core builds them, on the worker for a background rebuild,
//! in the shapes the main thread hands to Godot as they are.

use super::collision::HeightMap;
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::outputs::mesh::settlement::SettlementMeshes;
use donjourno::outputs::mesh::MeshParams;
use donjourno::Grid;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The features of a grid, ready to show.
pub struct Features {
    /// The water surface in Godot's layout: one piece, or on a map drawn in chunks a piece per
    /// level of each chunk with water.
    pub water: Vec<super::water::WaterPiece>,
    /// Seed 000's trees as multimesh buffers, one per chunk on a map drawn in chunks.
    pub trees: Vec<Vec<f32>>,
    /// The scatter's instance buffers, one per species.
    pub scatter: Vec<Vec<f32>>,
    /// On a map drawn in chunks, the scatter cut along them.
    pub scatter_chunks: Option<super::scatter::Chunking>,
    /// The settlements' roads and buildings.
    pub settlements: SettlementMeshes,
    /// The corner heights of a map in one chunk, for its one collision shape (a map drawn in
    /// chunks has a shape per chunk, from the chunks' own heights).
    pub heights: Result<Arc<HeightMap>, String>,
    /// The wall time of building them.
    pub time: Duration,
}

impl Features {
    /// Builds the features of `grid` for the mesh settings `mesh_params`.
    pub fn build(grid: &Grid, mesh_params: &MeshParams) -> Result<Features, String> {
        let start = Instant::now();
        let scatter = super::scatter::buffers(grid, mesh_params);
        Ok(Features {
            water: super::water::water_pieces(grid, mesh_params)?,
            trees: super::trees::grid_tree_pieces(grid, mesh_params),
            scatter_chunks: super::scatter::Chunking::of(grid, mesh_params, &scatter),
            scatter,
            settlements: super::settlements::meshes(grid, mesh_params),
            heights: match ChunkLayout::new(grid.width(), grid.depth(), mesh_params).is_chunked() {
                true => Err("a map drawn in chunks has a shape per chunk".into()),
                false => HeightMap::of(grid, mesh_params).map(Arc::new),
            },
            time: start.elapsed(),
        })
    }
}
