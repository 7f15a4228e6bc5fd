//! The terrain's scatter (with biomes): one [MultiMeshInstance3D] per species, its instance
//! buffer built on the worker thread, its mesh the species' built-in variants or a mesh from
//! `scatter_meshes`; the `SPECIES_*` constants and `get_scatter_instances`.

use super::children;
use super::DonjournoTerrain;
use donjourno::mesh::{Mesh as CoreMesh, MeshParams};
use donjourno::scatter::{meshes::species_mesh, Species, SPECIES_COUNT, VARIANTS};
use donjourno::Grid;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    ArrayMesh, Mesh, MultiMesh, MultiMeshInstance3D, Node, Shader, ShaderMaterial,
};
use godot::prelude::*;

/// Floats per instance in a species buffer: the 12 of a 3D transform, then 4 of custom data
/// (the variant's tag first).
pub const INSTANCE_FLOATS: usize = 16;

/// The built-in meshes' shader: each vertex keeps its place only in the variant its colour's
/// alpha tags, the one the instance's custom data names (all variants share one mesh, so one
/// multimesh draws a species); the sRGB vertex colour is the albedo.
const VARIANT_SHADER: &str = "shader_type spatial;
render_mode cull_back;
varying vec3 albedo;
void vertex() {
	if (abs(COLOR.a - INSTANCE_CUSTOM.r) > 0.1) {
		VERTEX = vec3(0.0);
	}
	vec3 c = COLOR.rgb;
	albedo = mix(pow((c + vec3(0.055)) / 1.055, vec3(2.4)), c / 12.92, lessThan(c, vec3(0.04045)));
}
void fragment() {
	ALBEDO = albedo;
	ROUGHNESS = 1.0;
	SPECULAR = 0.2;
}
";

/// The tag of a variant: the alpha of its vertices and the custom data of its instances.
pub fn variant_tag(variant: u8) -> f32 {
    (f32::from(variant % VARIANTS) + 0.5) / f32::from(VARIANTS)
}

/// Every variant of a species in one mesh, each vertex's alpha its variant's [`variant_tag`].
pub fn combined_mesh(species: Species) -> CoreMesh {
    let mut out = CoreMesh::default();
    for v in 0..VARIANTS {
        let m = species_mesh(species, v);
        out.positions.extend_from_slice(&m.positions);
        out.normals.extend_from_slice(&m.normals);
        let tag = variant_tag(v);
        out.colors
            .extend(m.colors.iter().map(|[r, g, b, _]| [*r, *g, *b, tag]));
    }
    out
}

/// The instance buffers of a grid's scatter, one per species in id order: per instance the rows
/// of its basis each followed by a component of its foot, then its variant's tag and three zeros.
pub fn buffers(grid: &Grid, params: &MeshParams) -> Vec<Vec<f32>> {
    let mut out = vec![Vec::new(); SPECIES_COUNT];
    for inst in &grid.scatter {
        let b: &mut Vec<f32> = &mut out[inst.species as usize];
        let [c0, c1, c2] = inst.basis_columns(params.cell_size);
        let foot = inst.foot(grid, params);
        for row in 0..3 {
            b.extend([c0[row], c1[row], c2[row], foot[row]]);
        }
        b.extend([variant_tag(inst.variant), 0.0, 0.0, 0.0]);
    }
    out
}

/// The transforms of one species' instances in a [`buffers`] buffer.
pub fn transforms(buffer: &[f32]) -> Array<Transform3D> {
    buffer
        .chunks_exact(INSTANCE_FLOATS)
        .map(|f| {
            let col = |c: usize| Vector3::new(f[c], f[4 + c], f[8 + c]);
            Transform3D::new(
                Basis::from_cols(col(0), col(1), col(2)),
                Vector3::new(f[3], f[7], f[11]),
            )
        })
        .collect()
}

/// The scatter component: the mesh overrides, the buffers of the grid shown and the nodes.
pub struct ScatterView {
    /// Species id → the [Mesh] shown instead of the built-in one.
    pub overrides: VarDictionary,
    buffers: Vec<Vec<f32>>,
    nodes: Vec<Option<Gd<MultiMeshInstance3D>>>,
    built_in: Vec<Option<Gd<ArrayMesh>>>,
    material: Option<Gd<ShaderMaterial>>,
}

impl Default for ScatterView {
    fn default() -> Self {
        ScatterView {
            overrides: VarDictionary::new(),
            buffers: vec![Vec::new(); SPECIES_COUNT],
            nodes: vec![None; SPECIES_COUNT],
            built_in: vec![None; SPECIES_COUNT],
            material: None,
        }
    }
}

impl ScatterView {
    /// Keeps the buffers of a new grid (shown by the next [`ScatterView::show`]).
    pub fn set_buffers(&mut self, buffers: Vec<Vec<f32>>) {
        self.buffers = buffers;
        self.buffers.resize(SPECIES_COUNT, Vec::new());
    }

    /// The buffer of one species.
    pub fn buffer(&self, species: Species) -> &[f32] {
        &self.buffers[species as usize]
    }

    /// The node of one species, if it has instances shown.
    pub fn node(&self, species: Species) -> Option<Gd<MultiMeshInstance3D>> {
        self.nodes[species as usize].clone()
    }

    /// Shows every species with instances under `parent` (or removes them all when `visible` is
    /// off).
    pub fn show(&mut self, parent: &mut Gd<Node>, visible: bool) {
        for s in Species::ALL {
            let i = s as usize;
            if !visible || self.buffers[i].is_empty() {
                children::remove(&mut self.nodes[i]);
                continue;
            }
            let mesh = self.mesh(s);
            let buffer = PackedFloat32Array::from(self.buffers[i].as_slice());
            let mut multimesh = MultiMesh::new_gd();
            multimesh.set_transform_format(TransformFormat::TRANSFORM_3D);
            multimesh.set_use_custom_data(true);
            multimesh.set_mesh(&mesh);
            multimesh.set_instance_count((buffer.len() / INSTANCE_FLOATS) as i32);
            multimesh.set_buffer(&buffer);
            let node = self.nodes[i].get_or_insert_with(|| {
                let mut n = MultiMeshInstance3D::new_alloc();
                n.set_name(&format!("Scatter {}", s.name()));
                children::add_internal(parent, &n);
                n
            });
            node.set_multimesh(&multimesh);
        }
    }

    /// The mesh of a species: its override, else its built-in variants.
    fn mesh(&mut self, species: Species) -> Gd<Mesh> {
        let key = (species as i64).to_variant();
        if let Some(mesh) = self
            .overrides
            .get(&key)
            .and_then(|v| v.try_to::<Gd<Mesh>>().ok())
        {
            return mesh;
        }
        if let Some(mesh) = &self.built_in[species as usize] {
            return mesh.clone().upcast();
        }
        let material = self.material.get_or_insert_with(|| {
            let mut shader = Shader::new_gd();
            shader.set_code(VARIANT_SHADER);
            let mut m = ShaderMaterial::new_gd();
            m.set_shader(&shader);
            m
        });
        let mesh = children::array_mesh_with(&combined_mesh(species), &material.clone().upcast())
            .unwrap_or_else(ArrayMesh::new_gd);
        self.built_in[species as usize] = Some(mesh.clone());
        mesh.upcast()
    }
}

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Species 0: conifer (spruce, pine).
    #[constant]
    pub const SPECIES_CONIFER: i32 = Species::Conifer as i32;
    /// Species 1: broadleaf (oak, beech, maple, cypress).
    #[constant]
    pub const SPECIES_BROADLEAF: i32 = Species::Broadleaf as i32;
    /// Species 2: birch.
    #[constant]
    pub const SPECIES_BIRCH: i32 = Species::Birch as i32;
    /// Species 3: palm.
    #[constant]
    pub const SPECIES_PALM: i32 = Species::Palm as i32;
    /// Species 4: acacia (flat crown).
    #[constant]
    pub const SPECIES_ACACIA: i32 = Species::Acacia as i32;
    /// Species 5: dead snag.
    #[constant]
    pub const SPECIES_DEAD_SNAG: i32 = Species::DeadSnag as i32;
    /// Species 6: cactus.
    #[constant]
    pub const SPECIES_CACTUS: i32 = Species::Cactus as i32;
    /// Species 7: shrub.
    #[constant]
    pub const SPECIES_SHRUB: i32 = Species::Shrub as i32;
    /// Species 8: boulder (on slopes, and scree below cliffs).
    #[constant]
    pub const SPECIES_BOULDER: i32 = Species::Boulder as i32;

    /// The local transforms of one species' instances (one of the `SPECIES_*` constants), in
    /// the order of its multimesh: for gameplay such as chopping trees or collision for
    /// boulders. Empty for an unknown species, without biomes, or when nothing is shown. The
    /// basis scales a mesh in cell units (see [member scatter_meshes]).
    #[func]
    pub fn get_scatter_instances(&self, species: i32) -> Array<Transform3D> {
        match u8::try_from(species).ok().and_then(Species::from_id) {
            Some(s) if self.shown.is_some() => transforms(self.scatter.buffer(s)),
            _ => Array::new(),
        }
    }

    /// The [MultiMeshInstance3D] of one species (an internal child), or `null` when it has no
    /// instance shown.
    #[func]
    pub fn get_scatter_node(&self, species: i32) -> Option<Gd<MultiMeshInstance3D>> {
        u8::try_from(species)
            .ok()
            .and_then(Species::from_id)
            .and_then(|s| self.scatter.node(s))
    }

    /// The name of a species (`"conifer"` …), or an empty string for an unknown id.
    #[func]
    pub fn get_species_name(species: i32) -> GString {
        let name = u8::try_from(species)
            .ok()
            .and_then(Species::from_id)
            .map_or("", Species::name);
        GString::from(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::scatter::ScatterInstance;

    #[test]
    fn buffers_hold_one_transform_and_tag_per_instance() {
        let mut grid = Grid::new(6, 6);
        let inst = |species, variant| ScatterInstance {
            species,
            position: [2.5, 3.5],
            yaw: 0.0,
            scale: 2.0,
            variant,
        };
        grid.scatter = vec![
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
        assert_eq!(palm[12], variant_tag(1));
        assert_eq!(palm[INSTANCE_FLOATS + 12], variant_tag(2));
        assert_eq!(palm[0], 2.0 * params.cell_size);
        assert_eq!(palm[3], 2.5 * params.cell_size);
        assert_eq!(palm[11], 3.5 * params.cell_size);
    }

    #[test]
    fn the_combined_mesh_tags_each_variant() {
        let m = combined_mesh(Species::Shrub);
        let total: usize = (0..VARIANTS)
            .map(|v| species_mesh(Species::Shrub, v).vertex_count())
            .sum();
        assert_eq!(m.vertex_count(), total);
        let tags: std::collections::BTreeSet<u32> =
            m.colors.iter().map(|c| c[3].to_bits()).collect();
        assert_eq!(tags.len(), VARIANTS as usize);
        for v in 0..VARIANTS {
            for w in 0..VARIANTS {
                let apart = (variant_tag(v) - variant_tag(w)).abs();
                assert!(
                    v == w || apart > 0.2,
                    "tags {v} and {w} stay apart after 8-bit rounding"
                );
            }
        }
    }
}
