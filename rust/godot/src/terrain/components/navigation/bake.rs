//! The navigation meshes of a terrain, in Godot's layout: one per region of
//! [`donjourno::outputs::navigation::regions`] for the ground, and one per region with roads for its road
//! cells ([`donjourno::outputs::navigation::roads`]).
//!
//! The core builds their vertices and polygons on a worker ([`meshes`], plain data); the main
//! thread fills `NavigationMesh` resources from them a few milliseconds per frame
//! ([`MeshFill::step`]), so that no frame waits for a big map.

use donjourno::outputs::navigation::{self, NavPolygons};
use donjourno::params::{MeshParams, NavigationParams};
use donjourno::Grid;
use godot::classes::NavigationMesh;
use godot::prelude::*;
use std::time::{Duration, Instant};

/// Longest time the main thread spends filling navigation meshes in one frame.
const FRAME_BUDGET: Duration = Duration::from_millis(3);
/// Polygons added between two looks at the clock.
const POLYGONS_PER_CHECK: usize = 256;

/// What a navigation mesh covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A region's ground, its road cells left out when roads are split off.
    Ground,
    /// A region's road cells.
    Road,
}

/// One navigation mesh's data, ready for Godot: vertices, and polygons as indices with the
/// start of each polygon.
pub struct MeshData {
    /// What it covers.
    pub kind: Kind,
    vertices: Vec<Vector3>,
    indices: Vec<i32>,
    starts: Vec<usize>,
}

impl MeshData {
    /// The data of `polygons`.
    fn new(kind: Kind, polygons: &NavPolygons) -> Self {
        let mut indices = Vec::new();
        let mut starts = Vec::with_capacity(polygons.polygons.len() + 1);
        for polygon in &polygons.polygons {
            starts.push(indices.len());
            indices.extend(polygon.iter().map(|&i| i as i32));
        }
        starts.push(indices.len());
        MeshData {
            kind,
            vertices: polygons
                .vertices
                .iter()
                .map(|&v| Vector3::from_array(v))
                .collect(),
            indices,
            starts,
        }
    }

    /// Number of polygons.
    fn polygon_count(&self) -> usize {
        self.starts.len() - 1
    }
}

/// The navigation meshes of `grid` shown with `mesh`, for the navigation settings `nav`, region
/// by region: the ground, then its roads when it has any (empty sets are left out).
pub fn meshes(
    grid: &Grid,
    mesh: &MeshParams,
    nav: &NavigationParams,
) -> Result<Vec<MeshData>, String> {
    let regions = navigation::regions(grid, mesh, nav).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for region in &regions {
        if !region.ground.is_empty() {
            out.push(MeshData::new(Kind::Ground, &region.ground));
        }
        if let Some(road) = &region.road {
            out.push(MeshData::new(Kind::Road, road));
        }
    }
    Ok(out)
}

/// Navigation meshes being filled from their data on the main thread, across frames.
pub struct MeshFill {
    data: Vec<MeshData>,
    done: Vec<(Kind, Gd<NavigationMesh>)>,
    current: Option<(Gd<NavigationMesh>, usize)>,
}

impl MeshFill {
    /// A handover of `data`, nothing filled yet.
    pub fn new(data: Vec<MeshData>) -> Self {
        MeshFill {
            data,
            done: Vec::new(),
            current: None,
        }
    }

    /// Fills meshes with the navigation settings `nav` for about [`FRAME_BUDGET`]; returns the
    /// finished meshes once all are.
    pub fn step(&mut self, nav: &NavigationParams) -> Option<Vec<(Kind, Gd<NavigationMesh>)>> {
        let start = Instant::now();
        while self.done.len() < self.data.len() {
            let data = &self.data[self.done.len()];
            let (navmesh, next) = self
                .current
                .get_or_insert_with(|| (empty_mesh(data, nav), 0));
            let end = (*next + POLYGONS_PER_CHECK).min(data.polygon_count());
            for p in *next..end {
                let polygon = &data.indices[data.starts[p]..data.starts[p + 1]];
                navmesh.add_polygon(&PackedInt32Array::from(polygon));
            }
            *next = end;
            if end == data.polygon_count() {
                let (navmesh, _) = self.current.take()?;
                self.done.push((data.kind, navmesh));
            }
            if start.elapsed() >= FRAME_BUDGET {
                return None;
            }
        }
        Some(std::mem::take(&mut self.done))
    }
}

/// A navigation mesh with the vertices of `data`, no polygon yet, and the cell size, cell height
/// and agent settings of `nav` (the cell size and height must be the navigation map's).
fn empty_mesh(data: &MeshData, nav: &NavigationParams) -> Gd<NavigationMesh> {
    let mut navmesh = NavigationMesh::new_gd();
    navmesh.set_cell_size(nav.voxel_size);
    navmesh.set_cell_height(nav.voxel_size);
    navmesh.set_agent_radius(nav.agent_radius);
    navmesh.set_agent_height(nav.agent_height);
    navmesh.set_agent_max_slope(nav.agent_max_slope);
    navmesh.set_vertices(&PackedVector3Array::from(data.vertices.as_slice()));
    navmesh
}
