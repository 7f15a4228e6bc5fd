//! The terrain's scatter (with biomes): per species, one [MultiMeshInstance3D] per built-in
//! variant (or one for all its instances with a mesh from `scatter_meshes`), the instance buffers
//! built on the worker thread (the `SPECIES_*` constants and `get_scatter_instances` are in
//! [`crate::terrain::api::nodes`]).
//!
//! On a map drawn in chunks, each chunk has its own nodes, under an internal `Scatter` node, so
//! Godot culls the chunks out of view; like the chunk's trees, they thin out to one instance in
//! [`FAR_TREE_STRIDE`], each wider, from [`FAR_TREES_LOD_DISTANCES`] × `lod_distance`, and end at
//! [`NO_TREES_LOD_DISTANCES`] × `lod_distance`, where the ground's colours stand in for them.

pub mod chunks;

pub use crate::terrain::components::scatter::chunks::{Chunking, SCATTER_INSTANCES_PER_FRAME};
use crate::terrain::show::surface_queue::FrameBudget;
use crate::terrain::{show::children, show::ranges};
use donjourno::params::MeshParams;
use donjourno::stages::scatter::{meshes::species_mesh, Species, SPECIES_COUNT, VARIANTS};
use donjourno::Grid;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    ArrayMesh, Mesh, MultiMesh, MultiMeshInstance3D, Node, Node3D, StandardMaterial3D,
};
use godot::prelude::*;

/// Floats per instance in a species buffer: the 12 of a 3D transform, then its variant.
pub const INSTANCE_FLOATS: usize = 13;
/// Floats per instance of a `MultiMesh` of 3D transforms.
const TRANSFORM_FLOATS: usize = 12;

/// The instance buffers of a grid's scatter, one per species in id order: per instance the rows
/// of its basis (a unit mesh stretched to the instance's height and crown width in metres, the
/// terrain's world unit, whatever the cell size) each followed by a component of its foot, then
/// its variant.
pub fn buffers(grid: &Grid, params: &MeshParams) -> Vec<Vec<f32>> {
    let mut out = vec![Vec::new(); SPECIES_COUNT];
    for inst in grid.scatter() {
        let b: &mut Vec<f32> = &mut out[inst.species as usize];
        let [c0, c1, c2] = inst.basis_columns();
        let foot = inst.foot(grid, params);
        for row in 0..3 {
            b.extend([c0[row], c1[row], c2[row], foot[row]]);
        }
        b.push(f32::from(inst.variant % VARIANTS));
    }
    out
}

/// The transforms of one species' instances in a [`buffers`] buffer.
pub fn transforms(buffer: &[f32]) -> Array<Transform3D> {
    crate::convert::transforms(buffer, INSTANCE_FLOATS)
}

/// The scatter component: the mesh overrides, the buffers of the grid shown and the nodes.
pub struct ScatterView {
    /// Species id → the [Mesh] shown instead of the built-in variants.
    pub overrides: VarDictionary,
    buffers: Vec<Vec<f32>>,
    /// Per species, one node per variant (or one node, slot 0, for an override).
    nodes: Vec<Vec<Option<Gd<MultiMeshInstance3D>>>>,
    /// On a map drawn in chunks: how it is cut, the `Scatter` node, per species its chunks'
    /// nodes, and the next chunk to turn into nodes.
    chunking: Option<Chunking>,
    holder: Option<Gd<Node3D>>,
    chunked: Vec<Vec<Gd<MultiMeshInstance3D>>>,
    next: Option<usize>,
    built_in: Vec<Vec<Option<Gd<ArrayMesh>>>>,
    material: Option<Gd<StandardMaterial3D>>,
}

impl Default for ScatterView {
    fn default() -> Self {
        let variants = usize::from(VARIANTS);
        ScatterView {
            overrides: VarDictionary::new(),
            buffers: vec![Vec::new(); SPECIES_COUNT],
            nodes: vec![vec![None; variants]; SPECIES_COUNT],
            chunking: None,
            holder: None,
            chunked: vec![Vec::new(); SPECIES_COUNT],
            next: None,
            built_in: vec![vec![None; variants]; SPECIES_COUNT],
            material: None,
        }
    }
}

/// The transforms of the instances of `buffer` whose variant `keep` accepts, as a `MultiMesh`
/// buffer.
fn transforms_where(buffer: &[f32], keep: impl Fn(u8) -> bool) -> PackedFloat32Array {
    let out: Vec<f32> = buffer
        .chunks_exact(INSTANCE_FLOATS)
        .filter(|f| keep(f[TRANSFORM_FLOATS] as u8))
        .flat_map(|f| f[..TRANSFORM_FLOATS].iter().copied())
        .collect();
    PackedFloat32Array::from(out.as_slice())
}

impl ScatterView {
    /// Keeps the buffers of a new grid and their cut along its chunks (`None`: one mesh), shown
    /// by the next [`ScatterView::show`].
    pub fn set_buffers(&mut self, buffers: Vec<Vec<f32>>, chunking: Option<Chunking>) {
        self.buffers = buffers;
        self.buffers.resize(SPECIES_COUNT, Vec::new());
        self.chunking = chunking;
    }

    /// Every species' buffer, in id order.
    pub fn buffers(&self) -> &[Vec<f32>] {
        &self.buffers
    }

    /// The buffer of one species.
    pub fn buffer(&self, species: Species) -> &[f32] {
        &self.buffers[species as usize]
    }

    /// The nodes of one species shown.
    pub fn nodes(&self, species: Species) -> Array<Gd<MultiMeshInstance3D>> {
        let i = species as usize;
        (self.nodes[i].iter().flatten())
            .chain(&self.chunked[i])
            .cloned()
            .collect()
    }

    /// Shows every species with instances under `parent` (or removes them all when `visible` is
    /// off): on a map drawn in chunks, under a `Scatter` node that [`ScatterView::pump`] fills
    /// chunk by chunk.
    pub fn show(&mut self, parent: &mut Gd<Node>, visible: bool) {
        self.chunked.iter_mut().for_each(Vec::clear);
        self.next = None;
        children::remove(&mut self.holder);
        let chunked = visible && self.chunking.is_some();
        for s in Species::ALL {
            let i = s as usize;
            let buffer = match visible && !chunked {
                true => self.buffers[i].clone(),
                false => Vec::new(),
            };
            let mut made = self.multimeshes(s, &buffer);
            for v in 0..VARIANTS {
                let slot = usize::from(v);
                let Some(at) = made.iter().position(|(w, _)| *w == v) else {
                    children::remove(&mut self.nodes[i][slot]);
                    continue;
                };
                let (_, multimesh) = made.swap_remove(at);
                let node = self.nodes[i][slot].get_or_insert_with(|| {
                    let mut n = MultiMeshInstance3D::new_alloc();
                    n.set_name(&format!("Scatter {} {v}", s.name()));
                    children::add_internal(parent, &n);
                    n
                });
                node.set_multimesh(&multimesh);
            }
        }
        if chunked {
            let mut holder = Node3D::new_alloc();
            holder.set_name("Scatter");
            children::add_internal(parent, &holder);
            self.holder = Some(holder);
            self.next = Some(0);
        }
    }

    /// Turns waiting chunks into nodes, about [`SCATTER_INSTANCES_PER_FRAME`] instances' worth
    /// (at most [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`] once one chunk went):
    /// per chunk, one node per species variant (`Scatter_<species>_<variant>_<chunk>`) up to the
    /// chunking's thinning distance, and one of its far instances (`…_far`) from there to its
    /// end distance. Returns whether some are still waiting.
    pub fn pump(&mut self) -> bool {
        let (Some(mut holder), Some(c), Some(mut next)) =
            (self.holder.clone(), self.chunking.clone(), self.next)
        else {
            self.next = None;
            return false;
        };
        let mut budget = FrameBudget::new(SCATTER_INSTANCES_PER_FRAME * INSTANCE_FLOATS * 4);
        while let Some(chunk) = c.pieces.get(next) {
            let floats: usize = chunk.iter().map(Vec::len).sum();
            if floats > 0 && !budget.admit(floats * 4) {
                break;
            }
            for s in Species::ALL {
                for node in self.chunk_nodes(&c, next, s) {
                    ranges::add_ranged(&mut holder, &node);
                    self.chunked[s as usize].push(node);
                }
            }
            next += 1;
        }
        let filling = next < c.pieces.len();
        self.next = filling.then_some(next);
        filling
    }

    /// The nodes of chunk `index`'s instances of `species` in `c`: one per variant
    /// (`Scatter_<species>_<variant>_<index>`) up to the thinning distance, and one of its far
    /// instances (`…_far`) from there to the end distance.
    pub fn chunk_nodes(
        &mut self,
        c: &Chunking,
        index: usize,
        species: Species,
    ) -> Vec<Gd<MultiMeshInstance3D>> {
        let i = species as usize;
        let (Some(near), Some(far)) = (c.pieces.get(index), c.far.get(index)) else {
            return Vec::new();
        };
        let near = self.multimeshes(species, &near[i]);
        let far = self.multimeshes(species, &far[i]);
        let up_close = (near.into_iter()).map(|(v, m)| (format!("{v}_{index}"), m, (0.0, c.thin)));
        let far_away =
            (far.into_iter()).map(|(v, m)| (format!("{v}_{index}_far"), m, (c.thin, c.end)));
        (up_close.chain(far_away))
            .map(|(tail, multimesh, range)| {
                let name = format!("Scatter_{}_{tail}", species.name());
                children::multimesh_instance(&name, &multimesh, range)
            })
            .collect()
    }

    /// Whether chunks of scatter are still waiting to become nodes.
    pub fn is_filling(&self) -> bool {
        self.next.is_some()
    }

    /// The multimeshes of one species' instances in `buffer` (a [`buffers`] buffer): one per
    /// built-in variant with instances, or one for all of them with the species' mesh from
    /// [`ScatterView::overrides`], each with its variant (0 for an override).
    pub fn multimeshes(&mut self, species: Species, buffer: &[f32]) -> Vec<(u8, Gd<MultiMesh>)> {
        let key = (species as i64).to_variant();
        let custom = self
            .overrides
            .get(&key)
            .and_then(|v| v.try_to::<Gd<Mesh>>().ok());
        let mut out = Vec::new();
        for v in 0..VARIANTS {
            let data = match &custom {
                Some(_) if v == 0 => transforms_where(buffer, |_| true),
                Some(_) => PackedFloat32Array::new(),
                None => transforms_where(buffer, |w| w == v),
            };
            if data.is_empty() {
                continue;
            }
            let mesh = match &custom {
                Some(mesh) => mesh.clone(),
                None => self.built_in_mesh(species, v),
            };
            let mut multimesh = MultiMesh::new_gd();
            multimesh.set_transform_format(TransformFormat::TRANSFORM_3D);
            multimesh.set_mesh(&mesh);
            multimesh.set_instance_count((data.len() / TRANSFORM_FLOATS) as i32);
            multimesh.set_buffer(&data);
            out.push((v, multimesh));
        }
        out
    }

    /// The built-in mesh of one variant of a species.
    fn built_in_mesh(&mut self, species: Species, variant: u8) -> Gd<Mesh> {
        let slot = &mut self.built_in[species as usize][usize::from(variant)];
        if let Some(mesh) = slot {
            return mesh.clone().upcast();
        }
        let material = self
            .material
            .get_or_insert_with(children::vertex_color_material);
        let mesh = children::array_mesh(&species_mesh(species, variant), material)
            .unwrap_or_else(ArrayMesh::new_gd);
        *slot = Some(mesh.clone());
        mesh.upcast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::stages::scatter::ScatterInstance;

    #[test]
    fn buffers_hold_one_transform_and_tag_per_instance() {
        let mut grid = Grid::new(6, 6);
        let inst = |species, variant| ScatterInstance {
            species,
            position: [2.5, 3.5],
            yaw: 0.0,
            height: 9.0,
            crown: 2.0,
            variant,
        };
        *grid.scatter_mut() = vec![
            inst(Species::Palm, 1),
            inst(Species::Palm, 2),
            inst(Species::Boulder, 0),
        ];
        let params = MeshParams::default();
        let b = buffers(&grid, &params);
        assert_eq!(b.len(), SPECIES_COUNT);
        assert_eq!(b[Species::Palm as usize].len(), 2 * INSTANCE_FLOATS);
        assert_eq!(b[Species::Boulder as usize].len(), INSTANCE_FLOATS);
        let palm = &b[Species::Palm as usize];
        assert_eq!(palm[12], 1.0);
        assert_eq!(palm[INSTANCE_FLOATS + 12], 2.0);
        // Its size in metres, whatever the cell size.
        assert_eq!(palm[0], 2.0);
        assert_eq!(palm[5], 9.0);
        assert_eq!(palm[3], 2.5 * params.cell_size);
        assert_eq!(palm[11], 3.5 * params.cell_size);
    }
}
