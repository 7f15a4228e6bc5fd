//! Collision of a map drawn in chunks: one [CollisionShape3D] with a [HeightMapShape3D] per
//! chunk near the stream target, under the terrain's collision body, added and removed as the
//! target moves (which chunks: [`donjourno::outputs::mesh::streaming`]).
//!
//! The worker prepares every chunk's heights in the layout a height-map shape takes; the main
//! thread only copies a chunk's heights into its shape, at most [`SHAPES_PER_FRAME`] a frame.

use donjourno::outputs::mesh::chunks::{Chunk, ChunkLayout};
use donjourno::outputs::mesh::streaming::{chunk_corners, collision_change, ChunkKey};
use donjourno::params::MeshParams;
use donjourno::{outputs::placement, Grid};
use godot::classes::{CollisionShape3D, HeightMapShape3D, StaticBody3D};
use godot::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Chunk shapes built per frame, at most (the nearest first).
pub const SHAPES_PER_FRAME: usize = 4;

/// Every chunk's corner heights, in cell units (a shape is scaled by the cell size).
pub struct ChunkHeights {
    /// How the map splits into chunks.
    pub layout: ChunkLayout,
    /// World size of a cell.
    pub cell_size: f32,
    /// For each chunk of `layout.chunks()`, in that order, its corner heights divided by the cell
    /// size, row by row.
    pub heights: Vec<Vec<f32>>,
}

impl ChunkHeights {
    /// The heights of the chunks of `grid` meshed with `params`; `None` when the map is one
    /// chunk (its collision is one shape). Meant for a worker thread.
    pub fn prepare(grid: &Grid, params: &MeshParams) -> Result<Option<Arc<Self>>, String> {
        let layout = params.chunk_layout(grid.width(), grid.depth());
        if !layout.is_chunked() {
            return Ok(None);
        }
        let cell = params.cell_size;
        let mut heights = placement::chunk_corner_heights(grid, params, &layout.chunks())
            .map_err(|e| e.to_string())?;
        (heights.iter_mut().flatten()).for_each(|v| *v /= cell);
        Ok(Some(Arc::new(ChunkHeights {
            layout,
            cell_size: cell,
            heights,
        })))
    }

    /// The chunks of a `width × depth` map in chunks of `chunk_size` cells, from its
    /// `(width + 1) × (depth + 1)` corner heights in world units (a baked map's); `None` when the
    /// map is one chunk or the heights do not fit.
    pub fn from_corners(
        (width, depth): (usize, usize),
        chunk_size: u32,
        cell: f32,
        corners: &[f32],
    ) -> Option<Arc<Self>> {
        let params = MeshParams {
            chunk_size,
            ..MeshParams::default()
        };
        let layout = params.chunk_layout(width, depth);
        if !layout.is_chunked() || corners.len() != (width + 1) * (depth + 1) || cell <= 0.0 {
            return None;
        }
        let heights = (layout.chunks().iter())
            .map(|c| {
                let mut h = chunk_corners(corners, width, c);
                h.iter_mut().for_each(|v| *v /= cell);
                h
            })
            .collect();
        Some(Arc::new(ChunkHeights {
            layout,
            cell_size: cell,
            heights,
        }))
    }

    /// The heights of `chunk`.
    fn of(&self, chunk: &Chunk) -> &[f32] {
        let (columns, _) = self.layout.grid_size();
        &self.heights[chunk.row * columns + chunk.column]
    }
}

/// The chunk shapes under the collision body: which heights they come from and the shapes
/// built.
#[derive(Default)]
pub struct ChunkShapes {
    source: Option<Arc<ChunkHeights>>,
    shapes: BTreeMap<ChunkKey, Gd<CollisionShape3D>>,
}

impl ChunkShapes {
    /// Whether shapes follow a target (the map shown is chunked).
    pub fn is_streaming(&self) -> bool {
        self.source.is_some()
    }

    /// Chunk shapes built.
    pub fn count(&self) -> usize {
        self.shapes.len()
    }

    /// Takes the heights of a new map (`None`: not chunked); the shapes of another map go.
    pub fn set_source(&mut self, source: Option<Arc<ChunkHeights>>) {
        let same = match (&self.source, &source) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.clear();
            self.source = source;
        }
    }

    /// Removes every shape.
    pub fn clear(&mut self) {
        for (_, mut shape) in std::mem::take(&mut self.shapes) {
            if let Some(mut parent) = shape.get_parent() {
                parent.remove_child(&shape);
            }
            shape.queue_free();
        }
    }

    /// Brings the shapes under `body` closer to what a target at `target` (map coordinates;
    /// `None` without a target) needs with collision radius `radius`: removes far shapes, adds
    /// at most [`SHAPES_PER_FRAME`] near ones. Returns how many shapes there are.
    pub fn step(
        &mut self,
        body: &mut Gd<StaticBody3D>,
        target: Option<(f32, f32)>,
        radius: f32,
    ) -> usize {
        let Some(source) = self.source.clone() else {
            return 0;
        };
        let has: BTreeSet<ChunkKey> = self.shapes.keys().copied().collect();
        let change = collision_change(&source.layout, source.cell_size, target, radius, &has);
        for key in change.remove {
            if let Some(mut shape) = self.shapes.remove(&key) {
                body.remove_child(&shape);
                shape.queue_free();
            }
        }
        for chunk in change.add.iter().take(SHAPES_PER_FRAME) {
            let shape = chunk_shape(&source, chunk);
            body.add_child(&shape);
            self.shapes.insert((chunk.column, chunk.row), shape);
        }
        self.shapes.len()
    }
}

/// The shape of `chunk`: its corner heights in a [HeightMapShape3D] scaled by the cell size and
/// centred on the chunk's area (a height map is spaced one unit and centred on its origin).
fn chunk_shape(source: &ChunkHeights, chunk: &Chunk) -> Gd<CollisionShape3D> {
    let cell = source.cell_size;
    let (w, d) = (chunk.x1 - chunk.x0, chunk.z1 - chunk.z0);
    let mut shape = HeightMapShape3D::new_gd();
    shape.set_map_width((w + 1) as i32);
    shape.set_map_depth((d + 1) as i32);
    shape.set_map_data(&PackedFloat32Array::from(source.of(chunk)));
    let mut node = CollisionShape3D::new_alloc();
    node.set_name(&format!("Chunk_{}_{}", chunk.column, chunk.row));
    node.set_shape(&shape);
    node.set_transform(Transform3D::new(
        Basis::from_scale(Vector3::splat(cell)),
        Vector3::new(
            (chunk.x0 + chunk.x1) as f32 * cell / 2.0,
            0.0,
            (chunk.z0 + chunk.z1) as f32 * cell / 2.0,
        ),
    ));
    node
}
