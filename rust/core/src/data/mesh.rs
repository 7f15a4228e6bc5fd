//! [`Mesh`]: a triangle list in flat buffers, what the terrain, water, scatter and building meshes
//! are made of.

/// A triangle list in flat buffers, ready to copy into an engine in one go.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// Vertex positions, three per triangle.
    pub positions: Vec<[f32; 3]>,
    /// Unit normals, the same for the three vertices of a triangle.
    pub normals: Vec<[f32; 3]>,
    /// sRGB colours with alpha, `0..=1`.
    pub colors: Vec<[f32; 4]>,
    /// The ground splat of every vertex (seven material weights and the wetness, see
    /// [`crate::stages::texture::splat`]) in the blended and textured ground styles; empty
    /// otherwise.
    pub splat: Vec<[u8; 8]>,
}

impl Mesh {
    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }

    /// Number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.positions.len() / 3
    }

    /// Axis-aligned bounds `(min, max)`, or `None` for an empty mesh.
    pub fn bounds(&self) -> Option<([f32; 3], [f32; 3])> {
        let first = *self.positions.first()?;
        Some(self.positions.iter().fold((first, first), |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1]), lo[2].min(p[2])],
                [hi[0].max(p[0]), hi[1].max(p[1]), hi[2].max(p[2])],
            )
        }))
    }

    /// A 64-bit fingerprint of every buffer (xxh3 over little-endian bits).
    pub fn hash(&self) -> u64 {
        let mut d = crate::data::digest::Digest::new();
        d.f32s(self.positions.iter().chain(&self.normals).flatten());
        d.f32s(self.colors.iter().flatten());
        for s in &self.splat {
            d.bytes(s);
        }
        d.finish()
    }
}
