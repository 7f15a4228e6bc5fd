//! What a build makes besides the terrain's surface: the water, trees, scatter, settlements and
//! collision heights of a map or of an endless world's tile.

use crate::terrain::components::collision::HeightMap;
use crate::terrain::components::{scatter, settlements, trees, water_view};
use donjourno::outputs::mesh::chunks::ChunkLayout;
use donjourno::outputs::mesh::deck::Decks;
use donjourno::outputs::mesh::settlement::SettlementMeshes;
use donjourno::params::MeshParams;
use donjourno::world::Tile;
use donjourno::Grid;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Float of an instance buffer holding its foot's height (row 1, column 3 of its transform).
const FOOT_Y: usize = 7;

/// What a build builds besides the terrain's surface: the water, the trees of a map without
/// biomes, the scatter, the settlements' meshes and the collision heights, in the shapes the
/// main thread hands to Godot as they are.
pub struct Features {
    /// The water surface in Godot's layout: one piece, or on a map drawn in chunks a piece per
    /// level of each chunk with water.
    pub water: Vec<water_view::WaterPiece>,
    /// The trees of a map without biomes as multimesh buffers, one per chunk on a map drawn in
    /// chunks.
    pub trees: Vec<Vec<f32>>,
    /// The scatter's instance buffers, one per species.
    pub scatter: Vec<Vec<f32>>,
    /// On a map drawn in chunks (and for a tile), the scatter cut along the chunks.
    pub scatter_chunks: Option<scatter::Chunking>,
    /// The settlements' roads and buildings.
    pub settlements: SettlementMeshes,
    /// The bridge decks as they are drawn, for the point queries (empty without bridges).
    pub decks: Arc<Decks>,
    /// The corner heights for one collision shape over the whole map or tile, or why they
    /// could not be computed; `None` on a map drawn in chunks, which has a shape per chunk from
    /// the chunks' own heights ([`ChunkBuild::heights`]).
    pub heights: Option<Result<Arc<HeightMap>, String>>,
    /// The wall time of building them.
    pub time: Duration,
}

/// The features of a map's `grid` for the mesh settings `mesh_params`.
pub fn of_map(grid: &Grid, mesh_params: &MeshParams) -> Result<Features, String> {
    let start = Instant::now();
    let scatter = scatter::buffers(grid, mesh_params);
    let chunked = ChunkLayout::new(grid.width(), grid.depth(), mesh_params).is_chunked();
    Ok(Features {
        water: water_view::water_pieces(grid, mesh_params)?,
        trees: trees::grid_tree_pieces(grid, mesh_params),
        scatter_chunks: scatter::Chunking::of(grid, mesh_params, &scatter),
        scatter,
        settlements: settlements::meshes(grid, mesh_params),
        decks: Arc::new(Decks::of(grid, mesh_params)),
        heights: (!chunked).then(|| HeightMap::of(grid, mesh_params).map(Arc::new)),
        time: start.elapsed(),
    })
}

/// The features of an endless world's `tile`: its plants stand on the tile's surface, whose
/// border rows see the neighbouring tiles, and its scatter is cut along its chunks.
pub fn of_tile(tile: &Tile, mesh: &MeshParams) -> Result<Features, String> {
    let start = Instant::now();
    let water = water_view::water_pieces(&tile.grid, mesh)?;
    let mut trees = trees::grid_tree_pieces(&tile.grid, mesh);
    let mut scatter = scatter::buffers(&tile.grid, mesh);
    for buffer in trees.iter_mut() {
        settle_feet(buffer, 12, tile, mesh);
    }
    for buffer in scatter.iter_mut() {
        settle_feet(buffer, scatter::INSTANCE_FLOATS, tile, mesh);
    }
    let layout = ChunkLayout::new(tile.grid.width(), tile.grid.depth(), mesh);
    let scatter_chunks = scatter::Chunking::cut(&layout, mesh, &scatter);
    let heights = HeightMap {
        width: tile.grid.width(),
        depth: tile.grid.depth(),
        cell_size: mesh.cell_size,
        heights: tile
            .corner_surface_heights(mesh)
            .map_err(|e| e.to_string())?,
    };
    Ok(Features {
        water,
        trees,
        scatter: Vec::new(),
        scatter_chunks: Some(scatter_chunks),
        settlements: SettlementMeshes::default(),
        decks: Arc::default(),
        heights: Some(Ok(Arc::new(heights))),
        time: start.elapsed(),
    })
}

/// Puts the foot of every instance of `buffer` (`stride` floats each) on the tile's surface.
fn settle_feet(buffer: &mut [f32], stride: usize, tile: &Tile, mesh: &MeshParams) {
    let Some(surface) = tile.surface(mesh) else {
        return;
    };
    for inst in buffer.chunks_exact_mut(stride) {
        let (x, z) = (inst[3], inst[11]);
        if let Some(y) = surface(x, z) {
            inst[FOOT_Y] = y;
        }
    }
}
