//! Godot's vertex format: a terrain mesh tessellated straight into the byte streams of a Godot 4
//! surface, so that the Godot addon hands them to the engine without converting a vertex.
//!
//! This is the one engine-specific layout in the crate; the rest ([`crate::outputs::mesh`]) knows no
//! engine. It lives here rather than in the addon because the addon's debug build (the one the
//! Godot editor loads) is not optimised, while this crate always is.
//!
//! A Godot 4.2+ surface with positions, normals, tangents and colours (format version 2, no
//! compression) keeps two streams:
//!
//! - the vertex stream: every position (`x, y, z` as little-endian `f32`, [`POSITION_BYTES`]
//!   each), then every normal-and-tangent ([`NORMAL_TANGENT_BYTES`] each: the normal by
//!   [`octahedral_encode`], then the tangent Godot derives from it ([`default_tangent`]) by
//!   [`octahedral_tangent_encode`] with sign +1, as four little-endian `u16`);
//! - the attribute stream: the sRGB colour and alpha (255) as four bytes ([`COLOR_BYTES`]),
//!   then, in the blended and textured ground styles, the vertex's ground splat as two RGBA8
//!   custom attributes ([`SPLAT_BYTES`]: `CUSTOM0` = grass, dry grass, dirt, sand; `CUSTOM1` =
//!   rock, snow, mud, wetness; see [`crate::stages::texture::splat`]).
//!
//! The addon's Godot tests hold these bytes against what Godot's own `add_surface_from_arrays`
//! produces.

use crate::data::grid::Grid;
use crate::outputs::mesh::base::tessellate_base;
use crate::outputs::mesh::chunks::ChunkLayout;
use crate::outputs::mesh::water_surface::WaterMesh;
use crate::outputs::mesh::{
    carries_splat, check_mesh, tessellate_row, Corners, Mesh, MeshError, Shore,
};
use crate::params::MeshParams;
use glam::Vec3;
use rayon::prelude::*;

/// Bytes per vertex of a position in the vertex stream.
pub const POSITION_BYTES: usize = 12;
/// Bytes per vertex of a normal and tangent in the vertex stream.
pub const NORMAL_TANGENT_BYTES: usize = 8;
/// Bytes per vertex of a colour in the attribute stream.
pub const COLOR_BYTES: usize = 4;
/// Bytes per vertex of the vertex stream: the position, then the normal and tangent.
pub const VERTEX_STREAM_BYTES: usize = POSITION_BYTES + NORMAL_TANGENT_BYTES;
/// Bytes per vertex of the attribute stream without a ground splat: the colour.
pub const ATTRIBUTE_STREAM_BYTES: usize = COLOR_BYTES;
/// Bytes per vertex of the ground splat (two RGBA8 custom attributes) in the attribute stream.
pub const SPLAT_BYTES: usize = 8;

/// Bytes per vertex of the attribute stream: the colour, then the ground splat when the mesh
/// carries one (`splat`, see [`carries_splat`]).
pub fn attribute_stream_bytes(splat: bool) -> usize {
    if splat {
        COLOR_BYTES + SPLAT_BYTES
    } else {
        ATTRIBUTE_STREAM_BYTES
    }
}

/// The size of a terrain surface's streams: its vertices, and whether its attribute stream
/// carries the ground splat ([`carries_splat`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SurfaceSize {
    /// Vertices in the streams.
    pub vertices: usize,
    /// Whether each vertex carries its ground splat after its colour.
    pub splat: bool,
}

impl SurfaceSize {
    /// The size of the surface of `grid` with `vertices` vertices.
    pub fn of(grid: &Grid, vertices: usize) -> SurfaceSize {
        SurfaceSize {
            vertices,
            splat: carries_splat(grid),
        }
    }

    /// Bytes of the vertex stream and of the attribute stream.
    pub fn bytes(self) -> (usize, usize) {
        (
            self.vertices * VERTEX_STREAM_BYTES,
            self.vertices * attribute_stream_bytes(self.splat),
        )
    }
}

/// Caller-provided buffers for [`build_surface`], in Godot's layout (see the module docs).
#[derive(Debug)]
pub struct SurfaceStreams<'a> {
    /// `vertex_count × VERTEX_STREAM_BYTES` bytes: every position, then every normal and tangent.
    pub vertex: &'a mut [u8],
    /// `vertex_count ×` [`attribute_stream_bytes`] bytes: the colours (and the ground splat).
    pub attribute: &'a mut [u8],
}

/// Octahedral map of a unit vector onto the unit square (`[0, 1]²`).
fn octahedron(v: Vec3) -> [f32; 2] {
    let n = v / (v.x.abs() + v.y.abs() + v.z.abs());
    let (x, y) = if n.z >= 0.0 {
        (n.x, n.y)
    } else {
        (
            (1.0 - n.y.abs()) * if n.x >= 0.0 { 1.0 } else { -1.0 },
            (1.0 - n.x.abs()) * if n.y >= 0.0 { 1.0 } else { -1.0 },
        )
    };
    [x * 0.5 + 0.5, y * 0.5 + 0.5]
}

/// Quantises a `[0, 1]` value to 16 bits, truncating.
fn unorm16(v: f32) -> u16 {
    (v * 65535.0).clamp(0.0, 65535.0) as u16
}

/// Octahedral encoding of a unit vector as two 16-bit unsigned normalised values, the compact
/// normal format GPUs decode with a few instructions (and Godot's vertex format for normals).
pub fn octahedral_encode(v: Vec3) -> [u16; 2] {
    let [x, y] = octahedron(v);
    [unorm16(x), unorm16(y)]
}

/// Octahedral encoding of a unit tangent with the bitangent's sign folded into the second value
/// (Godot's vertex format for tangents).
pub fn octahedral_tangent_encode(v: Vec3, sign: f32) -> [u16; 2] {
    let [x, y] = octahedron(v);
    let y = y.max(1.0 / 32767.0) * 0.5 + 0.5;
    [unorm16(x), unorm16(if sign >= 0.0 { y } else { 1.0 - y })]
}

/// A tangent perpendicular to `normal`, for meshes without texture coordinates (the one Godot
/// derives when a surface has normals but no tangents).
pub fn default_tangent(normal: Vec3) -> Vec3 {
    Vec3::new(normal.z, -normal.x, normal.y)
        .cross(normal.normalize_or_zero())
        .normalize_or_zero()
}

/// The eight bytes of a vertex's normal and tangent in the vertex stream.
fn encode_normal_tangent(normal: Vec3) -> [u8; NORMAL_TANGENT_BYTES] {
    let [nx, ny] = octahedral_encode(normal);
    let [tx, ty] = octahedral_tangent_encode(default_tangent(normal), 1.0);
    let mut out = [0u8; NORMAL_TANGENT_BYTES];
    for (dst, v) in out.chunks_exact_mut(2).zip([nx, ny, tx, ty]) {
        dst.copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// Builds the mesh of a grid straight into Godot's surface streams: 24 bytes per vertex instead
/// of the 40 of a [`crate::outputs::mesh::Mesh`]. Vertices come in the same order as in
/// [`crate::outputs::mesh::build_mesh`] with the same positions. Returns the bounds `(min, max)` of the
/// positions. Fails like [`crate::outputs::mesh::build_mesh`], and with [`MeshError::StreamSize`] when a
/// stream does not have the size of the mesh.
pub fn build_surface(
    grid: &Grid,
    params: &MeshParams,
    streams: SurfaceStreams<'_>,
) -> Result<([f32; 3], [f32; 3]), MeshError> {
    crate::algorithms::threads::ensure_pool();
    let total = check_mesh(grid, params)?;
    let attribute_bytes = attribute_stream_bytes(carries_splat(grid));
    for (name, len, per_vertex) in [
        ("vertex", streams.vertex.len(), VERTEX_STREAM_BYTES),
        ("attribute", streams.attribute.len(), attribute_bytes),
    ] {
        if len != total * per_vertex {
            return Err(MeshError::StreamSize {
                stream: name,
                expected: total * per_vertex,
                got: len,
            });
        }
    }
    let corners = Corners::new(grid);
    let shore = Shore::new(
        grid,
        &crate::outputs::mesh::HeightSource::Borrowed(&corners),
        params,
    );
    let (w, d) = (grid.width(), grid.depth());
    let n = params.subdivisions as usize;
    let per_row = w * n * n * 6;
    let surface = per_row * d;
    let up = encode_normal_tangent(Vec3::Y);
    let (positions, normals) = streams.vertex.split_at_mut(total * POSITION_BYTES);
    let (positions, base_positions) = positions.split_at_mut(surface * POSITION_BYTES);
    let (normals, base_normals) = normals.split_at_mut(surface * NORMAL_TANGENT_BYTES);
    let (colours, base_colours) = streams.attribute.split_at_mut(surface * attribute_bytes);
    let bounds = positions
        .par_chunks_mut(per_row * POSITION_BYTES)
        .zip(normals.par_chunks_mut(per_row * NORMAL_TANGENT_BYTES))
        .zip(colours.par_chunks_mut(per_row * attribute_bytes))
        .enumerate()
        .with_min_len(crate::algorithms::threads::min_rows(per_row))
        .map(|(z, ((pos, nor), col))| {
            let mut writer = StreamWriter::new(pos, nor, col, attribute_bytes, up);
            tessellate_row(
                grid,
                &corners,
                params,
                shore.as_ref(),
                z,
                |tri, normal, rgb, splat| writer.triangle(tri, normal, rgb, splat),
            );
            writer.bounds
        })
        .reduce(
            || (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
            |(a_lo, a_hi), (b_lo, b_hi)| (a_lo.min(b_lo), a_hi.max(b_hi)),
        );
    let (mut lo, mut hi) = bounds;
    if params.diorama_base {
        let mut writer = StreamWriter::new(
            base_positions,
            base_normals,
            base_colours,
            attribute_bytes,
            up,
        );
        tessellate_base(&corners, params, w, d, |tri, normal, rgb| {
            writer.triangle(tri, normal, [rgb; 3], None)
        });
        lo = lo.min(writer.bounds.0);
        hi = hi.max(writer.bounds.1);
    }
    Ok((lo.to_array(), hi.to_array()))
}

/// A surface's streams in Godot's layout (see the module docs), owned.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SurfaceData {
    /// Vertices in the streams.
    pub vertex_count: usize,
    /// The vertex stream: every position, then every normal and tangent.
    pub vertex: Vec<u8>,
    /// The attribute stream: the colours (and, for the water, the UV2 pairs).
    pub attribute: Vec<u8>,
    /// Bounds `(min, max)` of the positions (zero for an empty mesh).
    pub bounds: ([f32; 3], [f32; 3]),
}

/// A flat-shaded mesh of the core (one normal per triangle, as every mesh of
/// [`crate::outputs::mesh`] has) in Godot's surface layout: the bytes [`build_surface`] writes for the
/// same vertices.
pub fn encode_mesh(mesh: &Mesh) -> SurfaceData {
    let n = mesh.vertex_count();
    let splat = mesh.splat.len() == n && n > 0;
    let attribute_bytes = attribute_stream_bytes(splat);
    let mut vertex = vec![0u8; n * VERTEX_STREAM_BYTES];
    let mut attribute = vec![0u8; n * attribute_bytes];
    let (pos, nor) = vertex.split_at_mut(n * POSITION_BYTES);
    let up = encode_normal_tangent(Vec3::Y);
    let mut writer = StreamWriter::new(pos, nor, &mut attribute, attribute_bytes, up);
    for t in 0..n / 3 {
        let tri = [0, 1, 2].map(|k| Vec3::from_array(mesh.positions[3 * t + k]));
        let rgb = [0, 1, 2].map(|k| {
            let [r, g, b, _] = mesh.colors[3 * t + k].map(|c| (c * 255.0).round() as u8);
            [r, g, b]
        });
        let ground = splat.then(|| [0, 1, 2].map(|k| mesh.splat[3 * t + k]));
        writer.triangle(tri, Vec3::from_array(mesh.normals[3 * t]), rgb, ground);
    }
    let bounds = match n {
        0 => ([0.0; 3], [0.0; 3]),
        _ => (writer.bounds.0.to_array(), writer.bounds.1.to_array()),
    };
    SurfaceData {
        vertex_count: n,
        vertex,
        attribute,
        bounds,
    }
}

/// Bytes per vertex of the water's attribute stream: the colour with its alpha, then the UV2
/// pair (two little-endian `f32`).
pub const WATER_ATTRIBUTE_STREAM_BYTES: usize = COLOR_BYTES + 8;

/// The water surface in Godot's layout: the vertex stream as for the terrain (positions, then
/// each vertex's own normal and tangent), and an attribute stream of
/// [`WATER_ATTRIBUTE_STREAM_BYTES`] per vertex (the colour, alpha included, and UV2). Built on a
/// worker, it reaches Godot with no per-vertex conversion on the main thread.
pub fn encode_water(water: &WaterMesh) -> SurfaceData {
    let mesh = &water.mesh;
    let n = mesh.vertex_count();
    let mut vertex = vec![0u8; n * VERTEX_STREAM_BYTES];
    let mut attribute = vec![0u8; n * WATER_ATTRIBUTE_STREAM_BYTES];
    let (pos, nor) = vertex.split_at_mut(n * POSITION_BYTES);
    let mut bounds = (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY));
    let vertices = pos
        .chunks_exact_mut(POSITION_BYTES)
        .zip(nor.chunks_exact_mut(NORMAL_TANGENT_BYTES))
        .zip(attribute.chunks_exact_mut(WATER_ATTRIBUTE_STREAM_BYTES));
    for (i, ((pos, nor), attr)) in vertices.enumerate() {
        let p = mesh.positions[i];
        bounds = (bounds.0.min(p.into()), bounds.1.max(p.into()));
        let uv2 = water.uv2.get(i).copied().unwrap_or_default();
        for (dst, c) in pos.chunks_exact_mut(4).zip(p) {
            dst.copy_from_slice(&c.to_le_bytes());
        }
        nor.copy_from_slice(&encode_normal_tangent(Vec3::from_array(mesh.normals[i])));
        let (colour, uv) = attr.split_at_mut(COLOR_BYTES);
        for (dst, c) in colour.iter_mut().zip(mesh.colors[i]) {
            *dst = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
        for (dst, c) in uv.chunks_exact_mut(4).zip(uv2) {
            dst.copy_from_slice(&c.to_le_bytes());
        }
    }
    SurfaceData {
        vertex_count: n,
        vertex,
        attribute,
        bounds: match n {
            0 => ([0.0; 3], [0.0; 3]),
            _ => (bounds.0.to_array(), bounds.1.to_array()),
        },
    }
}

/// A multimesh buffer of 3D transforms (`stride` floats an instance, the origin's x and z at
/// floats 3 and 11, in world units of `cell_size`) cut along the chunks of `layout`: `out[i]`
/// holds the instances of chunk `layout.chunks()[i]`, in their order.
pub fn split_instances(
    buffer: &[f32],
    stride: usize,
    layout: &ChunkLayout,
    cell_size: f32,
) -> Vec<Vec<f32>> {
    let mut out = vec![Vec::new(); layout.chunks().len()];
    for instance in buffer.chunks_exact(stride) {
        let (x, z) = (instance[3] / cell_size, instance[11] / cell_size);
        out[layout.index_at(x, z)].extend_from_slice(instance);
    }
    out
}

#[path = "godot_surface_chunked.rs"]
mod chunked;
pub use chunked::{chunk_surfaces, chunk_surfaces_at, chunk_surfaces_of, water_surfaces};

#[path = "godot_surface_writer.rs"]
mod writer;
use writer::StreamWriter;

#[cfg(test)]
#[path = "godot_surface_tests.rs"]
mod tests;
