//! The scatter as one mesh: every instance's variant mesh moved onto the terrain surface, for
//! previews and exports.

use crate::data::grid::Grid;
use crate::outputs::mesh::{surface_height, Mesh, MeshError};
use crate::params::MeshParams;
use crate::stages::scatter::meshes::species_mesh;
use crate::stages::scatter::{ScatterInstance, Species, SPECIES_COUNT, VARIANTS};

/// Every instance of `instances` as one mesh over the terrain of `grid` built with `params`, whose
/// world units are metres (`params.cell_size` is the generator's cell size): each instance's
/// variant stretched to its height and crown width, turned by its yaw, its foot on the surface.
pub fn scatter_mesh(
    grid: &Grid,
    instances: &[ScatterInstance],
    params: &MeshParams,
) -> Result<Mesh, MeshError> {
    scatter_mesh_squashed(grid, instances, params, 1.0, 1.0)
}

/// [`scatter_mesh`] for a mesh of `metre` world units per metre (`params.cell_size` over the
/// generator's cell size), with every instance's height multiplied by `vertical` (for projections
/// that stretch heights, such as the CLI's isometric preview).
pub fn scatter_mesh_squashed(
    grid: &Grid,
    instances: &[ScatterInstance],
    params: &MeshParams,
    metre: f32,
    vertical: f32,
) -> Result<Mesh, MeshError> {
    params.validate()?;
    let variants: Vec<Vec<Mesh>> = Species::ALL
        .iter()
        .map(|s| (0..VARIANTS).map(|v| species_mesh(*s, v)).collect())
        .collect();
    debug_assert_eq!(variants.len(), SPECIES_COUNT);
    let mut out = Mesh::default();
    for inst in instances {
        let source = &variants[inst.species as usize][usize::from(inst.variant % VARIANTS)];
        let [c0, mut c1, c2] = inst.basis_columns().map(|c| c.map(|v| v * metre));
        c1[1] *= vertical;
        let foot = inst.foot(grid, params);
        let apply = |p: [f32; 3], basis: bool| {
            let v = [0, 1, 2].map(|r| c0[r] * p[0] + c1[r] * p[1] + c2[r] * p[2]);
            if basis {
                [v[0] + foot[0], v[1] + foot[1], v[2] + foot[2]]
            } else {
                // Normals take the inverse transpose: the vertical squash divides their y.
                let v = [v[0], v[1] / vertical, v[2]];
                let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt().max(1e-12);
                [v[0] / l, v[1] / l, v[2] / l]
            }
        };
        out.positions
            .extend(source.positions.iter().map(|p| apply(*p, true)));
        out.normals
            .extend(source.normals.iter().map(|n| apply(*n, false)));
        out.colors.extend_from_slice(&source.colors);
    }
    Ok(out)
}

/// Where scatter instances stand on the terrain mesh.
impl ScatterInstance {
    /// Its foot on the mesh surface of `grid` built with `params`, in the mesh's coordinates.
    pub fn foot(&self, grid: &Grid, params: &MeshParams) -> [f32; 3] {
        let (x, z) = (
            self.position[0] * params.cell_size,
            self.position[1] * params.cell_size,
        );
        [x, surface_height(grid, params, x, z).unwrap_or(0.0), z]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_stand_on_the_surface_at_their_size() {
        let grid = Grid::new(8, 8);
        let params = MeshParams {
            cell_size: 2.0,
            ..MeshParams::default()
        };
        let inst = ScatterInstance {
            species: Species::Conifer,
            position: [3.5, 4.25],
            yaw: 1.0,
            height: 12.0,
            crown: 4.0,
            variant: 2,
        };
        let m = scatter_mesh(&grid, &[inst], &params).unwrap();
        assert_eq!(
            m.vertex_count(),
            species_mesh(Species::Conifer, 2).vertex_count()
        );
        let top = m.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        let nominal = species_mesh(Species::Conifer, 2)
            .positions
            .iter()
            .map(|p| p[1])
            .fold(f32::MIN, f32::max);
        // Its height in metres, whatever the cell size.
        assert!((top - nominal * 12.0).abs() < 1e-3, "top {top}");
        let reach = (m.positions.iter())
            .map(|p| ((p[0] - 7.0).powi(2) + (p[2] - 8.5).powi(2)).sqrt())
            .fold(0.0f32, f32::max);
        assert!((reach - 2.0).abs() < 1e-3, "crown radius {reach}");
        // Half the size on a mesh of half a world unit per metre.
        let half = scatter_mesh_squashed(&grid, &[inst], &params, 0.5, 1.0).unwrap();
        let top_half = half.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert!((top_half - nominal * 6.0).abs() < 1e-3, "top {top_half}");
        let lowest = m.positions.iter().map(|p| p[1]).fold(f32::MAX, f32::min);
        assert!(lowest.abs() < 1e-4, "the foot is on the flat ground");
        let (mx, mz) = m
            .positions
            .iter()
            .fold((0.0, 0.0), |(x, z), p| (x + p[0], z + p[2]));
        let n = m.vertex_count() as f32;
        assert!((mx / n - 7.0).abs() < 1.0 && (mz / n - 8.5).abs() < 1.0);
    }
}
