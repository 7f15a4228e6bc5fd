//! How the terrain shows its water surface: the settings (`water_visible`, `water_material`) and
//! the internal children: a [MeshInstance3D] showing the core's water mesh (lakes, sea, rivers,
//! wetland pools; one per chunk on a map drawn in chunks) with the water depth in `UV2`, drawn by
//! the built-in water shader unless a material replaces it.

use crate::convert;
use crate::terrain::show::surface_queue::{FrameBudget, SurfaceQueue};
use crate::terrain::show::upload::{self, Retired, Streams};
use crate::terrain::{show::children, show::ranges};
use donjourno::outputs::godot_surface::{
    encode_water, water_surfaces, SurfaceData, VERTEX_STREAM_BYTES, WATER_ATTRIBUTE_STREAM_BYTES,
};
use donjourno::outputs::mesh::chunks::{lod_range, ChunkLayout};
use donjourno::params::MeshParams;
use donjourno::Grid;
use godot::classes::{
    ArrayMesh, Material, Mesh, MeshInstance3D, Node, Node3D, Shader, ShaderMaterial,
};
use godot::prelude::*;
use std::collections::HashMap;

/// The built-in water shader (also shipped as `addons/donjourno/water/water.gdshader`, to copy).
pub const WATER_SHADER: &str = include_str!("../../../../../addons/donjourno/water/water.gdshader");

/// The built-in water material: [constant WATER_SHADER] with its default uniforms.
fn builtin_material() -> Gd<Material> {
    let mut shader = Shader::new_gd();
    shader.set_code(WATER_SHADER);
    let mut m = ShaderMaterial::new_gd();
    m.set_shader(&shader);
    m.upcast()
}

/// One piece of the water surface, built on the worker: the whole surface of a map in one mesh,
/// or one level of one chunk's water.
pub struct WaterPiece {
    /// The node's name: `Water`, `Water_<chunk>_L<level>`, or `Water_<chunk>` for a chunk whose
    /// level follows the camera.
    pub name: String,
    /// The chunk it covers, in chunk order (`None`: the whole map).
    pub chunk: Option<usize>,
    /// The camera distances it is drawn between (see [`lod_range`]); `(0, 0)` at every
    /// distance.
    pub range: (f32, f32),
    /// Whether its chunk's level follows the camera: the chunk keeps one node, whose mesh each
    /// new level replaces.
    pub follows_camera: bool,
    /// The surface in Godot's layout.
    pub surface: SurfaceData,
}

/// The water surface of a grid in Godot's layout, built on the worker: one piece for a map in
/// one mesh; on a map drawn in chunks, every level of each chunk's water
/// ([`donjourno::outputs::mesh::water_surface::WaterLevels`]), or on a map whose chunks hold one level each
/// ([`MeshParams::streams_levels`]) the coarsest of each chunk. Other chunks without water at a
/// level have no piece.
pub fn water_pieces(grid: &Grid, params: &MeshParams) -> Result<Vec<WaterPiece>, String> {
    water_pieces_at(
        grid,
        params,
        params.streams_levels(grid.width(), grid.depth()),
    )
}

/// The water pieces of every level of every chunk of a map drawn in chunks, as a bake stores
/// them, whether or not its chunks hold one level each.
pub fn every_water_level(grid: &Grid, params: &MeshParams) -> Result<Vec<WaterPiece>, String> {
    water_pieces_at(grid, params, false)
}

/// [`water_pieces`], with the coarsest level of each chunk alone when `streamed`.
fn water_pieces_at(
    grid: &Grid,
    params: &MeshParams,
    streamed: bool,
) -> Result<Vec<WaterPiece>, String> {
    let layout = ChunkLayout::new(grid.width(), grid.depth(), params);
    if !layout.is_chunked() {
        let water = convert::run_water_mesh(grid, params)?;
        return Ok(vec![WaterPiece {
            name: "Water".into(),
            chunk: None,
            range: (0.0, 0.0),
            follows_camera: false,
            surface: encode_water(&water),
        }]);
    }
    let lod = convert::run_water_levels(grid, params)?;
    let levels = lod.layout.levels;
    let wanted: Vec<u32> = match streamed {
        true => vec![levels.max(1) - 1],
        false => (0..levels).collect(),
    };
    let pieces = water_surfaces(&lod, &wanted)
        .into_iter()
        // A chunk whose level follows the camera keeps its piece, empty or not: finer levels
        // replace it.
        .filter(|(_, _, surface)| streamed || surface.vertex_count > 0)
        .map(|(index, level, surface)| {
            let (name, range) = match streamed {
                true => (format!("Water_{index}"), (0.0, 0.0)),
                false => (
                    format!("Water_{index}_L{level}"),
                    lod_range(level, levels, params.lod_distance),
                ),
            };
            WaterPiece {
                name,
                chunk: Some(index),
                range,
                follows_camera: streamed,
                surface,
            }
        })
        .collect();
    Ok(pieces)
}

/// Water vertices copied into Godot's arrays per frame, at most, on a map drawn in chunks (and at
/// most [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]): 32 bytes each, about 4.3 MiB
/// a frame; a piece larger than that takes several frames.
pub const WATER_VERTICES_PER_FRAME: usize = 140_000;

/// Bytes of a water vertex, both streams.
const WATER_VERTEX_BYTES: usize = VERTEX_STREAM_BYTES + WATER_ATTRIBUTE_STREAM_BYTES;

/// Where a chunk piece of water goes once copied: [`WaterPiece`] without its surface.
struct PieceTag {
    name: String,
    chunk: Option<usize>,
    range: (f32, f32),
    follows_camera: bool,
}

impl WaterPiece {
    fn split(self) -> (PieceTag, SurfaceData) {
        let tag = PieceTag {
            name: self.name,
            chunk: self.chunk,
            range: self.range,
            follows_camera: self.follows_camera,
        };
        (tag, self.surface)
    }
}

/// The water surface's view: whether it is visible, the designer's material, and the nodes:
/// one `Water` [MeshInstance3D] for a map in one mesh, or a `Water` [Node3D] holding one
/// [MeshInstance3D] per chunk with water, filled in a share per frame ([`WaterView::pump`]).
pub struct WaterView {
    /// Whether the water surface is visible.
    pub visible: bool,
    /// The material replacing the built-in water shader (`None`: the built-in one).
    pub material: Option<Gd<Material>>,
    node: Option<Gd<MeshInstance3D>>,
    holder: Option<Gd<Node3D>>,
    pieces: Vec<Gd<MeshInstance3D>>,
    by_chunk: HashMap<usize, Gd<MeshInstance3D>>,
    pending: SurfaceQueue<PieceTag>,
    builtin: Option<Gd<Material>>,
    /// The streams of the one surface shown (shared with Godot).
    streams: Option<(PackedByteArray, PackedByteArray)>,
    /// The streams of the one surface replaced last, released a part per frame.
    retired: Retired,
}

impl Default for WaterView {
    fn default() -> Self {
        WaterView {
            visible: true,
            material: None,
            node: None,
            holder: None,
            pieces: Vec::new(),
            by_chunk: HashMap::new(),
            pending: SurfaceQueue::default(),
            builtin: None,
            streams: None,
            retired: Retired::default(),
        }
    }
}

impl WaterView {
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

    /// Shows the water `pieces` (built on the worker): the whole map's piece on the
    /// `MeshInstance3D` named `Water` (created under `parent` on first use), or the chunks'
    /// pieces under a `Water` node that fills in over the next frames. `staged` is the whole
    /// map's water already in Godot's arrays (its piece then is not among `pieces`). Without
    /// water, the nodes go.
    pub fn update(
        &mut self,
        parent: &mut Gd<Node>,
        pieces: Vec<WaterPiece>,
        staged: Option<Streams>,
    ) {
        if pieces.iter().any(|p| p.chunk.is_some()) {
            self.remove();
            let mut holder = Node3D::new_alloc();
            holder.set_name("Water");
            holder.set_visible(self.visible);
            children::add_internal(parent, &holder);
            self.holder = Some(holder);
            for piece in pieces {
                let (tag, surface) = piece.split();
                self.pending.push(tag, surface);
            }
            return;
        }
        let streams = staged.or_else(|| Streams::copied(&pieces.first()?.surface));
        let Some(streams) = streams else {
            self.remove();
            return;
        };
        let material = self.active_material();
        let mut mesh = ArrayMesh::new_gd();
        upload::set_surface(&mut mesh, upload::surface_format(true), &streams, &material);
        self.remove_pieces();
        let node = self.node.get_or_insert_with(|| {
            let mut n = MeshInstance3D::new_alloc();
            n.set_name("Water");
            children::add_internal(parent, &n);
            n
        });
        node.set_mesh(&mesh);
        node.set_visible(self.visible);
        // The replaced surface's streams go a part per frame from the next frame on.
        let old = self.streams.replace((streams.vertex, streams.attributes));
        self.retired.replace(old);
    }

    /// Whether streams of the replaced surface wait to be released.
    pub fn is_releasing(&self) -> bool {
        self.retired.is_waiting()
    }

    /// Releases up to `budget` bytes of the replaced surface's streams; returns the budget left.
    pub fn release(&mut self, budget: usize) -> usize {
        self.retired.release(budget)
    }

    /// Shows baked water meshes under a `Water` node: `(name, mesh, visibility range)`, one per
    /// level of each chunk with water (each keeps the material baked with it until
    /// [`WaterView::set_material`] replaces it).
    pub fn show_meshes(
        &mut self,
        parent: &mut Gd<Node>,
        meshes: Vec<(String, Gd<Mesh>, (f32, f32))>,
    ) {
        self.remove();
        if meshes.is_empty() {
            return;
        }
        let mut holder = Node3D::new_alloc();
        holder.set_name("Water");
        holder.set_visible(self.visible);
        children::add_internal(parent, &holder);
        for (name, mesh, range) in meshes {
            let instance = children::mesh_instance(&name, &mesh, range);
            ranges::add_ranged(&mut holder, &instance);
            self.pieces.push(instance);
        }
        self.holder = Some(holder);
    }

    /// Copies waiting chunk pieces into Godot's arrays, about [`WATER_VERTICES_PER_FRAME`]
    /// vertices' worth, and turns those complete into nodes; returns whether some are still
    /// waiting.
    pub fn pump(&mut self) -> bool {
        if self.holder.is_none() {
            self.pending.clear();
            return false;
        }
        let mut budget = FrameBudget::new(WATER_VERTICES_PER_FRAME * WATER_VERTEX_BYTES);
        for (tag, streams) in self.pending.step(&mut budget) {
            self.place(tag, streams);
        }
        !self.pending.is_empty()
    }

    /// Makes a chunk piece a node under the holder; a chunk whose level follows the camera keeps
    /// one node, whose mesh a new level replaces (or removes, when it has no water).
    fn place(&mut self, tag: PieceTag, streams: Option<Streams>) {
        let Some(mut holder) = self.holder.clone() else {
            return;
        };
        let material = self.active_material();
        let mesh = streams.map(|streams| {
            let mut mesh = ArrayMesh::new_gd();
            upload::set_surface(&mut mesh, upload::surface_format(true), &streams, &material);
            mesh
        });
        let follows = tag.follows_camera;
        if let Some(index) = tag.chunk.filter(|_| follows) {
            if let Some(instance) = self.by_chunk.get_mut(&index) {
                match mesh {
                    Some(mesh) => instance.set_mesh(&mesh),
                    None => instance.set_mesh(Gd::<Mesh>::null_arg()),
                }
                return;
            }
        }
        let Some(mesh) = mesh else { return };
        let instance = children::mesh_instance(&tag.name, &mesh, tag.range);
        ranges::add_ranged(&mut holder, &instance);
        if let Some(index) = tag.chunk.filter(|_| follows) {
            self.by_chunk.insert(index, instance.clone());
        }
        self.pieces.push(instance);
    }

    /// Replaces the water of chunk `index`, whose level follows the camera, by `streams` (a level
    /// the level worker built, copied into Godot's arrays; `None` without water), dropping the
    /// chunk's pieces still waiting if any.
    pub fn replace(&mut self, index: usize, streams: Option<Streams>) {
        self.pending.retain(|tag| tag.chunk != Some(index));
        let tag = PieceTag {
            name: format!("Water_{index}"),
            chunk: Some(index),
            range: (0.0, 0.0),
            follows_camera: true,
        };
        self.place(tag, streams);
    }

    /// Whether chunk pieces are still waiting to become nodes.
    pub fn is_filling(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Removes the chunk pieces and their holder.
    fn remove_pieces(&mut self) {
        self.pending.clear();
        self.pieces.clear();
        self.by_chunk.clear();
        children::remove(&mut self.holder);
    }

    /// Removes every water node.
    pub fn remove(&mut self) {
        self.remove_pieces();
        children::remove(&mut self.node);
        self.streams = None;
        self.retired.clear();
    }
}
