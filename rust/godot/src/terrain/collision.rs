//! The terrain's collision body: its settings (`collision_*`) and its internal child, a
//! [StaticBody3D] with a [HeightMapShape3D] through the mesh's heights at the cell corners.

use super::children;
use donjourno::mesh::MeshParams;
use donjourno::{placement, Grid};
use godot::classes::{CollisionShape3D, HeightMapShape3D, Node, StaticBody3D};
use godot::prelude::*;

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

/// The collision component: whether there is a body, its physics layers, and the body.
pub struct Collision {
    /// Whether the terrain has a collision body.
    pub enabled: bool,
    /// Physics layers the body is in.
    pub layer: u32,
    /// Physics layers the body scans.
    pub mask: u32,
    body: Option<Gd<StaticBody3D>>,
}

impl Default for Collision {
    fn default() -> Self {
        Collision {
            enabled: true,
            layer: 1,
            mask: 1,
            body: None,
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

    /// Builds or rebuilds the body under `parent` through `heights`, or removes it when
    /// collision is off or there are no heights. Reports heights that cannot be used.
    pub fn update(&mut self, parent: &mut Gd<Node>, heights: Option<Result<HeightMap, String>>) {
        let heights = match heights.filter(|_| self.enabled) {
            Some(Ok(h)) => h,
            Some(Err(e)) => {
                godot_error!("DonjournoTerrain: collision not built: {e}");
                return;
            }
            None => {
                children::remove(&mut self.body);
                return;
            }
        };
        if let Err(e) = self.build(parent, &heights) {
            godot_error!("DonjournoTerrain: collision not built: {e}");
        }
    }

    /// A `StaticBody3D` named `Collision` with one `CollisionShape3D` holding a
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
        let body = self.body.get_or_insert_with(|| {
            let mut b = StaticBody3D::new_alloc();
            b.set_name("Collision");
            let mut cs = CollisionShape3D::new_alloc();
            cs.set_name("Shape");
            b.add_child(&cs);
            children::add_internal(parent, &b);
            b
        });
        body.set_collision_layer(self.layer);
        body.set_collision_mask(self.mask);
        let mut cs = body
            .get_child(0)
            .and_then(|c| c.try_cast::<CollisionShape3D>().ok())
            .ok_or("the collision body lost its shape")?;
        cs.set_shape(&shape);
        cs.set_transform(Transform3D::new(
            Basis::from_scale(Vector3::splat(cell)),
            Vector3::new(w as f32 * cell / 2.0, 0.0, d as f32 * cell / 2.0),
        ));
        Ok(())
    }
}
