//! The terrain's water surface: its settings (`water_visible`, `water_material`) and its internal
//! children: a [MeshInstance3D] showing the core's water mesh (lakes, sea, rivers, wetland pools;
//! one per chunk on a map drawn in chunks) with the water depth in `UV2`, drawn by the built-in
//! water shader unless a material replaces it.

use super::children;
use super::upload;
use crate::convert;
use donjourno::godot_surface::{encode_water, SurfaceData};
use donjourno::mesh::chunks::ChunkLayout;
use donjourno::mesh::MeshParams;
use donjourno::Grid;
use godot::classes::{
    ArrayMesh, Material, Mesh, MeshInstance3D, Node, Node3D, Shader, ShaderMaterial,
};
use godot::prelude::*;
use std::collections::VecDeque;

/// The built-in water shader (also shipped as `addons/donjourno/water/water.gdshader`, to copy).
pub const WATER_SHADER: &str = include_str!("../../../../addons/donjourno/water/water.gdshader");

/// The built-in water material: [constant WATER_SHADER] with its default uniforms.
fn builtin_material() -> Gd<Material> {
    let mut shader = Shader::new_gd();
    shader.set_code(WATER_SHADER);
    let mut m = ShaderMaterial::new_gd();
    m.set_shader(&shader);
    m.upcast()
}

/// The water surface of a grid in Godot's layout, built on the worker: one piece per chunk on a
/// map drawn in chunks, else one.
pub fn water_pieces(grid: &Grid, params: &MeshParams) -> Result<Vec<SurfaceData>, String> {
    let water = convert::run_water_mesh(grid, params)?;
    let layout = ChunkLayout::new(grid.width(), grid.depth(), params);
    Ok(match layout.is_chunked() {
        true => water
            .split(&layout, params.cell_size)
            .iter()
            .map(encode_water)
            .collect(),
        false => vec![encode_water(&water)],
    })
}

/// Water vertices turned into meshes per frame, at most, on a map drawn in chunks (one piece
/// always goes): 32 bytes each, about 6 MiB a frame.
pub const WATER_VERTICES_PER_FRAME: usize = 200_000;

/// The water component: whether the surface is visible, the designer's material, and the nodes:
/// one `Water` [MeshInstance3D] for a map in one mesh, or a `Water` [Node3D] holding one
/// [MeshInstance3D] per chunk with water, filled in a share per frame ([`Water::pump`]).
pub struct Water {
    /// Whether the water surface is visible.
    pub visible: bool,
    /// The material replacing the built-in water shader (`None`: the built-in one).
    pub material: Option<Gd<Material>>,
    node: Option<Gd<MeshInstance3D>>,
    holder: Option<Gd<Node3D>>,
    pieces: Vec<Gd<MeshInstance3D>>,
    pending: VecDeque<(usize, SurfaceData)>,
    builtin: Option<Gd<Material>>,
}

impl Default for Water {
    fn default() -> Self {
        Water {
            visible: true,
            material: None,
            node: None,
            holder: None,
            pieces: Vec::new(),
            pending: VecDeque::new(),
            builtin: None,
        }
    }
}

impl Water {
    /// The surface's node, if the terrain shown has water and is one mesh.
    pub fn node(&self) -> Option<Gd<MeshInstance3D>> {
        self.node.clone()
    }

    /// Every water node shown: the one surface, or the chunks' pieces made so far.
    pub fn instances(&self) -> Vec<Gd<MeshInstance3D>> {
        self.node.iter().chain(&self.pieces).cloned().collect()
    }

    /// The surface's mesh, if the terrain shown has water and is one mesh.
    pub fn mesh(&self) -> Option<Gd<Mesh>> {
        self.node.as_ref().and_then(|n| n.get_mesh())
    }

    /// Shows or hides the water.
    pub fn set_visible(&mut self, visible: bool) {
        self.visible = visible;
        if let Some(node) = &mut self.node {
            node.set_visible(visible);
        }
        if let Some(holder) = &mut self.holder {
            holder.set_visible(visible);
        }
    }

    /// The material the surface is drawn with: the designer's, else the built-in shader.
    pub fn active_material(&mut self) -> Gd<Material> {
        match &self.material {
            Some(m) => m.clone(),
            None => self.builtin.get_or_insert_with(builtin_material).clone(),
        }
    }

    /// Sets the designer's material (`None`: the built-in shader) and applies it to the surface.
    pub fn set_material(&mut self, material: Option<Gd<Material>>) {
        self.material = material;
        let active = self.active_material();
        for node in self.instances() {
            let mesh = node.get_mesh().and_then(|m| m.try_cast::<ArrayMesh>().ok());
            if let Some(mut mesh) = mesh.filter(|m| m.get_surface_count() > 0) {
                mesh.surface_set_material(0, &active);
            }
        }
    }

    /// Shows the water `pieces` (built on the worker): one piece on the `MeshInstance3D` named
    /// `Water` (created under `parent` on first use), several, one per chunk, under a `Water`
    /// node that fills in over the next frames. Without water, the nodes go.
    pub fn update(&mut self, parent: &mut Gd<Node>, pieces: Vec<SurfaceData>) {
        if pieces.len() > 1 && pieces.iter().any(|p| p.vertex_count > 0) {
            self.remove();
            let mut holder = Node3D::new_alloc();
            holder.set_name("Water");
            holder.set_visible(self.visible);
            children::add_internal(parent, &holder);
            self.holder = Some(holder);
            let wet = pieces
                .into_iter()
                .enumerate()
                .filter(|(_, p)| p.vertex_count > 0);
            self.pending = wet.collect();
            return;
        }
        let material = self.active_material();
        let Some(mesh) = pieces
            .first()
            .and_then(|w| upload::surface_mesh(w, upload::surface_format(true), &material))
        else {
            self.remove();
            return;
        };
        self.remove_pieces();
        let node = self.node.get_or_insert_with(|| {
            let mut n = MeshInstance3D::new_alloc();
            n.set_name("Water");
            children::add_internal(parent, &n);
            n
        });
        node.set_mesh(&mesh);
        node.set_visible(self.visible);
    }

    /// Shows baked water meshes, one a chunk with water, under a `Water` node (each keeps the
    /// material baked with it until [`Water::set_material`] replaces it).
    pub fn show_meshes(&mut self, parent: &mut Gd<Node>, meshes: Vec<(String, Gd<Mesh>)>) {
        self.remove();
        if meshes.is_empty() {
            return;
        }
        let mut holder = Node3D::new_alloc();
        holder.set_name("Water");
        holder.set_visible(self.visible);
        children::add_internal(parent, &holder);
        for (name, mesh) in meshes {
            let mut instance = MeshInstance3D::new_alloc();
            instance.set_name(&name);
            instance.set_mesh(&mesh);
            holder.add_child(&instance);
            self.pieces.push(instance);
        }
        self.holder = Some(holder);
    }

    /// Turns waiting chunk pieces into nodes, about [`WATER_VERTICES_PER_FRAME`] vertices'
    /// worth; returns whether some are still waiting.
    pub fn pump(&mut self) -> bool {
        let Some(holder) = self.holder.clone() else {
            self.pending.clear();
            return false;
        };
        let material = self.active_material();
        let mut budget = WATER_VERTICES_PER_FRAME;
        while let Some((index, piece)) = self.pending.pop_front() {
            budget = budget.saturating_sub(piece.vertex_count);
            if let Some(mesh) =
                upload::surface_mesh(&piece, upload::surface_format(true), &material)
            {
                let mut instance = MeshInstance3D::new_alloc();
                instance.set_name(&format!("Water_{index}"));
                instance.set_mesh(&mesh);
                holder.clone().add_child(&instance);
                self.pieces.push(instance);
            }
            let next = self.pending.front().map_or(0, |(_, p)| p.vertex_count);
            if next > budget {
                break;
            }
        }
        !self.pending.is_empty()
    }

    /// Whether chunk pieces are still waiting to become nodes.
    pub fn is_filling(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Removes the chunk pieces and their holder.
    fn remove_pieces(&mut self) {
        self.pending.clear();
        self.pieces.clear();
        children::remove(&mut self.holder);
    }

    /// Removes every water node.
    pub fn remove(&mut self) {
        self.remove_pieces();
        children::remove(&mut self.node);
    }
}
