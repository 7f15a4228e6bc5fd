//! The triangle sink of [`super::build_surface`] and [`super::encode_mesh`]: consecutive
//! vertices written into slices of Godot's surface streams.

use super::{encode_normal_tangent, COLOR_BYTES, NORMAL_TANGENT_BYTES, POSITION_BYTES};
use crate::stages::texture::splat::Splat;
use glam::Vec3;

/// Writes consecutive triangles into slices of the surface streams and tracks their bounds.
pub(super) struct StreamWriter<'a> {
    pos: std::slice::ChunksExactMut<'a, u8>,
    nor: std::slice::ChunksExactMut<'a, u8>,
    col: std::slice::ChunksExactMut<'a, u8>,
    /// The encoding of the up normal, computed once (flat ground is common).
    up: [u8; NORMAL_TANGENT_BYTES],
    /// Bounds `(min, max)` of the positions written so far.
    pub(super) bounds: (Vec3, Vec3),
}

impl<'a> StreamWriter<'a> {
    /// A writer at the start of the position, normal-and-tangent and attribute slices, the
    /// attributes `attribute_bytes` a vertex ([`attribute_stream_bytes`]).
    pub(super) fn new(
        pos: &'a mut [u8],
        nor: &'a mut [u8],
        col: &'a mut [u8],
        attribute_bytes: usize,
        up: [u8; NORMAL_TANGENT_BYTES],
    ) -> Self {
        StreamWriter {
            pos: pos.chunks_exact_mut(POSITION_BYTES),
            nor: nor.chunks_exact_mut(NORMAL_TANGENT_BYTES),
            col: col.chunks_exact_mut(attribute_bytes),
            up,
            bounds: (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        }
    }

    /// Writes the three vertices of a triangle, each with its colour and, where the stream has
    /// room for it, its ground splat (zero without one: the diorama base).
    pub(super) fn triangle(
        &mut self,
        tri: [Vec3; 3],
        normal: Vec3,
        rgb: [[u8; 3]; 3],
        splat: Option<[Splat; 3]>,
    ) {
        let nt = if normal == Vec3::Y {
            self.up
        } else {
            encode_normal_tangent(normal)
        };
        for (v, (p, [r, g, b])) in tri.into_iter().zip(rgb).enumerate() {
            self.bounds = (self.bounds.0.min(p), self.bounds.1.max(p));
            let out = self.pos.next().expect("stream sized by check_mesh");
            for (dst, c) in out.chunks_exact_mut(4).zip(p.to_array()) {
                dst.copy_from_slice(&c.to_le_bytes());
            }
            self.nor
                .next()
                .expect("stream sized by check_mesh")
                .copy_from_slice(&nt);
            let attributes = self.col.next().expect("stream sized by check_mesh");
            let (colour, ground) = attributes.split_at_mut(COLOR_BYTES);
            colour.copy_from_slice(&[r, g, b, 255]);
            if !ground.is_empty() {
                ground.copy_from_slice(&splat.map_or([0; 8], |s| s[v]));
            }
        }
    }
}
