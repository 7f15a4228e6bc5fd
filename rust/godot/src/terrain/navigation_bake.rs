//! The navigation meshes a terrain bakes, in Godot's layout: one per region of
//! [`donjourno::navigation::regions`] for the ground, and one per region with roads for its road
//! cells ([`donjourno::navigation::roads`]), each started on Godot's worker pool with
//! `NavigationServer3D.bake_from_source_geometry_data_async`.

use donjourno::mesh::MeshParams;
use donjourno::navigation::{self, BakeBox, CellRect, NavGeometry};
use donjourno::Grid;
use godot::classes::{NavigationMesh, NavigationMeshSourceGeometryData3D, NavigationServer3D};
use godot::prelude::*;

/// What a navigation mesh covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A region's ground, its road cells carved out.
    Ground,
    /// A region's road cells.
    Road,
}

/// One navigation mesh to bake: its source geometry in Godot's layout (flat `x, y, z` and the
/// indices wound as the baker stores them, counter-clockwise seen from above), its box and the
/// rectangles carved out of it after the agent radius erosion.
pub struct Source {
    /// What it covers.
    pub kind: Kind,
    vertices: Vec<f32>,
    indices: Vec<i32>,
    bake_box: Option<BakeBox>,
    carve: Vec<CellRect>,
}

impl Source {
    /// The source of `geometry`.
    fn new(
        kind: Kind,
        geometry: &NavGeometry,
        bake_box: Option<BakeBox>,
        carve: &[CellRect],
    ) -> Self {
        Source {
            kind,
            vertices: geometry.vertices.iter().flatten().copied().collect(),
            // Clockwise seen from above → the baker's order: swap the last two corners.
            indices: geometry
                .indices
                .chunks_exact(3)
                .flat_map(|t| [t[0] as i32, t[2] as i32, t[1] as i32])
                .collect(),
            bake_box,
            carve: carve.to_vec(),
        }
    }
}

/// The navigation meshes of `grid`, region by region: the ground, then its roads when it has
/// any (regions without a walkable triangle are left out).
pub fn sources(grid: &Grid, mesh: &MeshParams) -> Result<Vec<Source>, String> {
    let regions = navigation::regions(grid, mesh).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for region in regions {
        if region.geometry.triangle_count() == 0 {
            continue;
        }
        let bake_box = region.bake_box(mesh.cell_size);
        let road = region.road.as_ref();
        let carved = road.map(|r| r.road_runs.as_slice()).unwrap_or(&[]);
        out.push(Source::new(
            Kind::Ground,
            &region.geometry,
            bake_box,
            carved,
        ));
        if let Some(road) = road.filter(|r| r.geometry.triangle_count() > 0) {
            out.push(Source::new(
                Kind::Road,
                &road.geometry,
                bake_box,
                &road.other_runs,
            ));
        }
    }
    Ok(out)
}

/// A navigation mesh with the agent settings of `mesh`, baked from `source` on Godot's worker
/// pool: within its box and cut back by its border when it has one, its carved rectangles
/// removed after the erosion by the agent radius.
pub fn start_bake(source: &Source, mesh: &MeshParams) -> Gd<NavigationMesh> {
    let nav = &mesh.navigation;
    let mut navmesh = NavigationMesh::new_gd();
    navmesh.set_cell_size(nav.voxel_size);
    navmesh.set_cell_height(nav.voxel_size);
    navmesh.set_agent_radius(nav.agent_radius);
    navmesh.set_agent_height(nav.agent_height);
    navmesh.set_agent_max_slope(nav.agent_max_slope);
    if let Some(b) = source.bake_box {
        let position = Vector3::from_array(b.position);
        navmesh.set_filter_baking_aabb(Aabb::new(position, Vector3::from_array(b.size)));
        if b.border > 0.0 {
            navmesh.set_border_size(b.border);
        }
    }
    let mut data = NavigationMeshSourceGeometryData3D::new_gd();
    // `append_arrays`, as `set_indices` refuses more indices than vertex coordinates (a grid
    // shares each vertex among six triangles).
    data.append_arrays(
        &PackedFloat32Array::from(source.vertices.as_slice()),
        &PackedInt32Array::from(source.indices.as_slice()),
    );
    if let Some(b) = source.bake_box {
        for rect in &source.carve {
            let outline: PackedVector3Array = (rect.outline(mesh.cell_size).iter())
                .map(|&[x, z]| Vector3::new(x, b.position[1], z))
                .collect();
            data.add_projected_obstruction(&outline, b.position[1], b.size[1], true);
        }
    }
    NavigationServer3D::singleton().bake_from_source_geometry_data_async(&navmesh, &data);
    navmesh
}
