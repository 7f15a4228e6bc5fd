//! The terrain's settlements: their roads (one [MeshInstance3D] of ribbons, bridges included) and
//! their buildings (one [MeshInstance3D] of two surfaces, walls drawn by the built-in facade shader
//! and roofs in their vertex colours): three draw calls for every settlement of the map. The
//! meshes are built on the worker with the terrain.

use crate::terrain::show::children;
use crate::terrain::DonjournoTerrain;
use donjourno::outputs::mesh::settlement::{grid_settlement_meshes, SettlementMeshes};
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::mesh::{ArrayType, PrimitiveType};
use godot::classes::{ArrayMesh, Material, Mesh, MeshInstance3D, Node, Shader, ShaderMaterial};
use godot::obj::EngineEnum;
use godot::prelude::*;

/// The built-in facade shader (also shipped as `addons/donjourno/settlements/buildings.gdshader`,
/// to copy).
pub const BUILDINGS_SHADER: &str =
    include_str!("../../../../../addons/donjourno/settlements/buildings.gdshader");

/// The settlements' meshes of a grid (built on the worker with the terrain).
pub fn meshes(grid: &Grid, mesh_params: &MeshParams) -> SettlementMeshes {
    grid_settlement_meshes(grid, mesh_params)
}

impl DonjournoTerrain {
    /// A storey's height in world units (the towns build theirs in metres, one world unit each).
    pub(in crate::terrain) fn storey_height(&self) -> f32 {
        donjourno::stages::settlements::towns::STOREY_METRES
    }

    /// Shows the settlements' meshes of a finished rebuild (or removes them).
    pub(in crate::terrain) fn show_settlements(&mut self, meshes: &SettlementMeshes) {
        let storey = self.storey_height();
        self.with_parent(
            |t| &mut t.settlements,
            |v, parent| v.update(parent, Some(meshes), storey),
        );
    }
}

/// The settlements component: the designer's wall material and the nodes.
#[derive(Default)]
pub struct SettlementView {
    /// The material replacing the built-in facade shader on the walls (`None`: the built-in one).
    pub material: Option<Gd<Material>>,
    roads: Option<Gd<MeshInstance3D>>,
    buildings: Option<Gd<MeshInstance3D>>,
    builtin: Option<Gd<ShaderMaterial>>,
    flat: Option<Gd<Material>>,
}

/// The name of the buildings' walls surface.
const WALLS: &str = "walls";
/// The name of the buildings' roofs surface.
const ROOFS: &str = "roofs";

impl SettlementView {
    /// The roads' node, if the terrain shown has roads.
    pub fn roads_node(&self) -> Option<Gd<MeshInstance3D>> {
        self.roads.clone()
    }

    /// The buildings' node, if the terrain shown has buildings.
    pub fn buildings_node(&self) -> Option<Gd<MeshInstance3D>> {
        self.buildings.clone()
    }

    /// The walls' material: the designer's, else the built-in facade shader with storeys
    /// `storey` world units high.
    fn wall_material(&mut self, storey: f32) -> Gd<Material> {
        if let Some(m) = &self.material {
            return m.clone();
        }
        let m = self.builtin.get_or_insert_with(|| {
            let mut shader = Shader::new_gd();
            shader.set_code(BUILDINGS_SHADER);
            let mut m = ShaderMaterial::new_gd();
            m.set_shader(&shader);
            m
        });
        m.set_shader_parameter("storey_height", &storey.to_variant());
        m.set_shader_parameter("bay_width", &(storey * 0.8).to_variant());
        m.clone().upcast()
    }

    /// Shows `meshes` under `parent` (creating the nodes on first use), or removes the nodes
    /// when there is nothing to draw. `storey` is a storey's height in world units.
    pub fn update(
        &mut self,
        parent: &mut Gd<Node>,
        meshes: Option<&SettlementMeshes>,
        storey: f32,
    ) {
        let Some(m) = meshes.filter(|m| !m.is_empty()) else {
            self.remove();
            return;
        };
        let flat = self
            .flat
            .get_or_insert_with(|| children::vertex_color_material().upcast())
            .clone();
        match children::array_mesh_with(&m.roads, &flat) {
            Some(mesh) => node(&mut self.roads, parent, "Roads").set_mesh(&mesh),
            None => children::remove(&mut self.roads),
        }
        let walls = self.wall_material(storey);
        match buildings_mesh(m, &walls, &flat) {
            Some(mesh) => node(&mut self.buildings, parent, "Buildings").set_mesh(&mesh),
            None => children::remove(&mut self.buildings),
        }
    }

    /// Shows the roads' and buildings' meshes of a bake under `parent` (`None`: no such node),
    /// the designer's wall material, if any, on the walls.
    pub fn show_meshes(
        &mut self,
        parent: &mut Gd<Node>,
        roads: Option<Gd<Mesh>>,
        buildings: Option<Gd<Mesh>>,
        storey: f32,
    ) {
        match roads {
            Some(mesh) => node(&mut self.roads, parent, "Roads").set_mesh(&mesh),
            None => children::remove(&mut self.roads),
        }
        match buildings {
            Some(mesh) => node(&mut self.buildings, parent, "Buildings").set_mesh(&mesh),
            None => children::remove(&mut self.buildings),
        }
        if self.material.is_some() {
            self.set_material(self.material.clone(), storey);
        }
    }

    /// Sets the designer's wall material (`None`: the built-in shader) and applies it.
    pub fn set_material(&mut self, material: Option<Gd<Material>>, storey: f32) {
        self.material = material;
        let walls = self.wall_material(storey);
        let mesh = self.buildings.as_ref().and_then(|n| n.get_mesh());
        if let Some(mut mesh) = mesh.and_then(|m| m.try_cast::<ArrayMesh>().ok()) {
            let surface = mesh.surface_find_by_name(WALLS);
            if surface >= 0 {
                mesh.surface_set_material(surface, &walls);
            }
        }
    }

    /// Removes the nodes.
    pub fn remove(&mut self) {
        children::remove(&mut self.roads);
        children::remove(&mut self.buildings);
    }
}

/// The internal `MeshInstance3D` named `name` in `slot`, created under `parent` on first use.
fn node<'a>(
    slot: &'a mut Option<Gd<MeshInstance3D>>,
    parent: &mut Gd<Node>,
    name: &str,
) -> &'a mut Gd<MeshInstance3D> {
    slot.get_or_insert_with(|| {
        let mut n = MeshInstance3D::new_alloc();
        n.set_name(name);
        children::add_internal(parent, &n);
        n
    })
}

/// The buildings as one [ArrayMesh]: surface 0 the walls (named `walls`, with their facade
/// coordinates in `UV2`), surface 1 the roofs (`roofs`); `None` without buildings.
fn buildings_mesh(
    m: &SettlementMeshes,
    walls: &Gd<Material>,
    roofs: &Gd<Material>,
) -> Option<Gd<ArrayMesh>> {
    if m.walls.vertex_count() == 0 && m.roofs.vertex_count() == 0 {
        return None;
    }
    let mut out = ArrayMesh::new_gd();
    let mut surface = 0;
    if m.walls.vertex_count() > 0 {
        let mut arrays = children::surface_arrays(&m.walls);
        let facade: PackedVector2Array =
            m.facade.iter().map(|[u, v]| Vector2::new(*u, *v)).collect();
        arrays.set(ArrayType::TEX_UV2.ord() as usize, &facade.to_variant());
        out.add_surface_from_arrays(PrimitiveType::TRIANGLES, &arrays);
        out.surface_set_material(surface, walls);
        out.surface_set_name(surface, WALLS);
        surface += 1;
    }
    if m.roofs.vertex_count() > 0 {
        let arrays = children::surface_arrays(&m.roofs);
        out.add_surface_from_arrays(PrimitiveType::TRIANGLES, &arrays);
        out.surface_set_material(surface, roofs);
        out.surface_set_name(surface, ROOFS);
    }
    Some(out)
}
