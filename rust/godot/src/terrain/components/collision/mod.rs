//! The terrain's collision body: its settings (`collision_*`) and its internal child, a
//! [StaticBody3D] with a [HeightMapShape3D] through the mesh's heights at the cell corners: one
//! shape for a map in one chunk, one shape per chunk near the stream target for a chunked map
//! ([`crate::terrain::components::collision::chunks`]).

pub mod chunks;

use crate::terrain::components::collision::chunks::{ChunkHeights, ChunkShapes};
use crate::terrain::show::children;
use donjourno::outputs::placement;
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::{CollisionShape3D, HeightMapShape3D, Node, StaticBody3D};
use godot::prelude::*;
use std::sync::Arc;

/// Heights at the cell corners of a map (see [`placement::corner_heights`]).
pub struct HeightMap {
    /// Cells along x.
    pub width: usize,
    /// Cells along z.
    pub depth: usize,
    /// World size of a cell.
    pub cell_size: f32,
    /// `(width + 1) × (depth + 1)` heights in world units, row by row.
    pub heights: Vec<f32>,
}

impl HeightMap {
    /// The corner heights of the mesh of `grid` with `params`.
    pub fn of(grid: &Grid, params: &MeshParams) -> Result<HeightMap, String> {
        Ok(HeightMap {
            width: grid.width(),
            depth: grid.depth(),
            cell_size: params.cell_size,
            heights: placement::corner_heights(grid, params).map_err(|e| e.to_string())?,
        })
    }
}

/// What a collision body is built from.
pub enum Source {
    /// One shape through these heights (or why there are none).
    One(Result<Arc<HeightMap>, String>),
    /// A shape per chunk near the stream target.
    Chunks(Arc<ChunkHeights>),
}

/// The collision component: whether there is a body, its physics layers, and the body.
pub struct Collision {
    /// Whether the terrain has a collision body.
    pub enabled: bool,
    /// Physics layers the body is in.
    pub layer: u32,
    /// Physics layers the body scans.
    pub mask: u32,
    body: Option<Gd<StaticBody3D>>,
    chunks: ChunkShapes,
}

impl Default for Collision {
    fn default() -> Self {
        Collision {
            enabled: true,
            layer: 1,
            mask: 1,
            body: None,
            chunks: ChunkShapes::default(),
        }
    }
}

impl Collision {
    /// The body, if there is one.
    pub fn body(&self) -> Option<Gd<StaticBody3D>> {
        self.body.clone()
    }

    /// Sets the physics layers the body is in.
    pub fn set_layer(&mut self, layer: u32) {
        self.layer = layer;
        if let Some(body) = &mut self.body {
            body.set_collision_layer(layer);
        }
    }

    /// Sets the physics layers the body scans.
    pub fn set_mask(&mut self, mask: u32) {
        self.mask = mask;
        if let Some(body) = &mut self.body {
            body.set_collision_mask(mask);
        }
    }

    /// Builds or rebuilds the body under `parent` from `source`, or removes it when collision
    /// is off or there is nothing to collide with. Reports heights that cannot be used.
    pub fn update(&mut self, parent: &mut Gd<Node>, source: Option<Source>) {
        let heights = match source.filter(|_| self.enabled) {
            Some(Source::One(Ok(h))) => h,
            Some(Source::One(Err(e))) => {
                godot_error!("DonjournoTerrain: collision not built: {e}");
                return;
            }
            Some(Source::Chunks(heights)) => {
                let body = self.body_under(parent);
                if let Some(mut shape) = body.get_node_or_null("Shape") {
                    body.remove_child(&shape);
                    shape.queue_free();
                }
                self.chunks.set_source(Some(heights));
                return;
            }
            None => {
                self.chunks.set_source(None);
                children::remove(&mut self.body);
                return;
            }
        };
        self.chunks.set_source(None);
        if let Err(e) = self.build(parent, &heights) {
            godot_error!("DonjournoTerrain: collision not built: {e}");
        }
    }

    /// Whether the body's shapes follow the stream target (a chunked map with collision).
    pub fn is_streaming(&self) -> bool {
        self.body.is_some() && self.chunks.is_streaming()
    }

    /// Chunk shapes under the body (0 for a map in one chunk).
    pub fn chunk_count(&self) -> usize {
        self.chunks.count()
    }

    /// Moves the chunk shapes towards what a target at `target` (map coordinates) needs within
    /// `radius`; returns how many chunk shapes there are.
    pub fn stream(&mut self, target: Option<(f32, f32)>, radius: f32) -> usize {
        match &mut self.body {
            Some(body) => self.chunks.step(body, target, radius),
            None => 0,
        }
    }

    /// The body, created under `parent` (with no shape) if there is none, with the physics
    /// layers applied.
    fn body_under(&mut self, parent: &mut Gd<Node>) -> &mut Gd<StaticBody3D> {
        let body = self.body.get_or_insert_with(|| {
            let mut b = StaticBody3D::new_alloc();
            b.set_name("Collision");
            children::add_internal(parent, &b);
            b
        });
        body.set_collision_layer(self.layer);
        body.set_collision_mask(self.mask);
        body
    }

    /// A `StaticBody3D` named `Collision` with one `CollisionShape3D` named `Shape` holding a
    /// `HeightMapShape3D` that spans the mesh: the heights at the cell corners, the shape scaled
    /// uniformly by the cell size (a height map is spaced one unit and centred on its origin)
    /// and moved to the centre of `[0, width·cell_size] × [0, depth·cell_size]`.
    fn build(&mut self, parent: &mut Gd<Node>, heights: &HeightMap) -> Result<(), String> {
        let (w, d, cell) = (heights.width, heights.depth, heights.cell_size);
        if w == 0
            || d == 0
            || heights.heights.len() != (w + 1) * (d + 1)
            || cell.is_nan()
            || cell <= 0.0
        {
            return Err(format!(
                "{} corner heights do not fit a {w} × {d} map with cells of {cell}",
                heights.heights.len()
            ));
        }
        let mut shape = HeightMapShape3D::new_gd();
        shape.set_map_width((w + 1) as i32);
        shape.set_map_depth((d + 1) as i32);
        let data: PackedFloat32Array = heights.heights.iter().map(|h| h / cell).collect();
        shape.set_map_data(&data);
        let body = self.body_under(parent);
        let mut cs = match body.get_node_or_null("Shape") {
            Some(node) => node
                .try_cast::<CollisionShape3D>()
                .map_err(|_| "the collision body's shape is not a CollisionShape3D")?,
            None => {
                let mut cs = CollisionShape3D::new_alloc();
                cs.set_name("Shape");
                body.add_child(&cs);
                cs
            }
        };
        cs.set_shape(&shape);
        cs.set_transform(Transform3D::new(
            Basis::from_scale(Vector3::splat(cell)),
            Vector3::new(w as f32 * cell / 2.0, 0.0, d as f32 * cell / 2.0),
        ));
        Ok(())
    }
}
