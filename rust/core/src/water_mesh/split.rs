//! The water surface cut along the terrain's chunks, so that a map drawn in chunks draws (and
//! culls) its water a chunk at a time.

use super::WaterMesh;
use crate::mesh::chunks::ChunkLayout;

impl WaterMesh {
    /// The triangles of each chunk of `layout`, in the order of [`ChunkLayout::chunks`]: a
    /// triangle goes to the chunk holding its centroid (positions in world units of
    /// `cell_size`). The pieces keep the triangles' order, and together hold every triangle once.
    pub fn split(&self, layout: &ChunkLayout, cell_size: f32) -> Vec<WaterMesh> {
        let mut pieces = vec![WaterMesh::default(); layout.chunks().len()];
        let m = &self.mesh;
        for t in 0..m.vertex_count() / 3 {
            let [a, b, c] = [0, 1, 2].map(|k| m.positions[3 * t + k]);
            let x = (a[0] + b[0] + c[0]) / (3.0 * cell_size);
            let z = (a[2] + b[2] + c[2]) / (3.0 * cell_size);
            let piece = &mut pieces[layout.index_at(x, z)];
            for v in 3 * t..3 * t + 3 {
                piece.mesh.positions.push(m.positions[v]);
                piece.mesh.normals.push(m.normals[v]);
                piece.mesh.colors.push(m.colors[v]);
                piece.uv2.push(self.uv2[v]);
            }
        }
        pieces
    }
}

#[cfg(test)]
mod tests {
    use crate::mesh::chunks::ChunkLayout;
    use crate::mesh::MeshParams;

    #[test]
    fn pieces_hold_every_triangle_once_inside_their_chunk() {
        let mut params = crate::GeneratorParams::default();
        (params.width, params.depth) = (80, 64);
        let (grid, _) = crate::generate(&params).unwrap();
        let mesh_params = MeshParams {
            chunk_size: 24,
            cell_size: 1.5,
            ..Default::default()
        };
        let water = super::super::build_water_mesh(&grid, &mesh_params).unwrap();
        let layout = ChunkLayout::new(80, 64, &mesh_params);
        let pieces = water.split(&layout, mesh_params.cell_size);
        assert_eq!(pieces.len(), layout.chunks().len());
        let total: usize = pieces.iter().map(|p| p.vertex_count()).sum();
        assert_eq!(total, water.vertex_count());
        assert!(pieces.iter().filter(|p| p.vertex_count() > 0).count() > 1);
        let margin = 1.0 + 1e-3;
        for (piece, chunk) in pieces.iter().zip(layout.chunks()) {
            assert_eq!(piece.uv2.len(), piece.vertex_count());
            for p in &piece.mesh.positions {
                let (x, z) = (p[0] / mesh_params.cell_size, p[2] / mesh_params.cell_size);
                assert!(x >= chunk.x0 as f32 - margin && x <= chunk.x1 as f32 + margin);
                assert!(z >= chunk.z0 as f32 - margin && z <= chunk.z1 as f32 + margin);
            }
        }
        let mut joined: Vec<[f32; 3]> = pieces
            .iter()
            .flat_map(|p| p.mesh.positions.clone())
            .collect();
        let mut all = water.mesh.positions.clone();
        let key = |p: &[f32; 3]| p.map(f32::to_bits);
        joined.sort_by_key(key);
        all.sort_by_key(key);
        assert_eq!(joined, all);
    }
}
