//! The terrain's surface: byte streams in Godot's surface layout (see
//! [`donjourno::godot_surface`]) handed to an [ArrayMesh] without a per-vertex conversion, and
//! the staging that copies a background rebuild's streams into Godot's arrays a part per frame.

use super::children;
use super::worker::Output;
use crate::convert;
use donjourno::godot_surface::{SurfaceData, ATTRIBUTE_STREAM_BYTES, VERTEX_STREAM_BYTES};
use godot::classes::mesh::{ArrayFormat, PrimitiveType};
use godot::classes::rendering_server::ArrayFormat as RsArrayFormat;
use godot::classes::{ArrayMesh, Material, Mesh, StandardMaterial3D};
use godot::obj::{EngineBitfield, EngineEnum};
use godot::prelude::*;
use std::time::{Duration, Instant};

/// Bytes of a finished background rebuild copied into Godot's arrays per frame, at most: fresh
/// memory costs the system about 0.5–0.7 ms a MiB to map and clear, so a part stays well under a
/// 16 ms frame.
pub const UPLOAD_BYTES_PER_FRAME: usize = 8 << 20;

/// Bytes of the streams of a replaced surface handed back to the system per frame, at most
/// (about half of it when a shrink crosses a power of two, as Godot's arrays allocate).
pub const RELEASE_BYTES_PER_FRAME: usize = 32 << 20;

/// Format of the terrain's surface: positions, normals, tangents (derived from the normals, as
/// Godot derives them) and colours, in the surface layout of Godot 4.2 and later; with `uv2`, a
/// UV2 pair per vertex after the colour in the attribute stream (the water's).
pub fn surface_format(uv2: bool) -> i64 {
    let mut flags = ArrayFormat::VERTEX.ord()
        | ArrayFormat::NORMAL.ord()
        | ArrayFormat::TANGENT.ord()
        | ArrayFormat::COLOR.ord();
    if uv2 {
        flags |= ArrayFormat::TEX_UV2.ord();
    }
    (flags | RsArrayFormat::FLAG_FORMAT_VERSION_2.ord()) as i64
}

/// A surface's streams in Godot's arrays, ready to upload.
pub struct Streams {
    /// Vertices in the streams.
    pub vertex_count: usize,
    /// Vertex stream: every position, then every normal and tangent.
    pub vertex: PackedByteArray,
    /// Attribute stream: the colours.
    pub attributes: PackedByteArray,
    /// Bounds of the vertices.
    pub aabb: Aabb,
}

/// How a surface reached Godot's arrays (see [`UPLOAD_BYTES_PER_FRAME`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Handover {
    /// Bytes of the two streams.
    pub bytes: usize,
    /// Frames the copy took; 0 when the mesh was built straight into Godot's arrays.
    pub parts: usize,
    /// The most bytes copied in one frame.
    pub largest_part: usize,
    /// Main-thread time spent copying.
    pub time: Duration,
}

/// The terrain's own mesh: one surface whose streams are shared with Godot.
#[derive(Default)]
pub struct Surface {
    mesh: Option<Gd<ArrayMesh>>,
    /// The byte streams of the surface shown (shared with Godot), reused by the next rebuild of
    /// the same size.
    streams: Option<(PackedByteArray, PackedByteArray)>,
    /// The streams of the surface replaced last, shrunk a part per frame
    /// ([`Surface::release_part`]) instead of unmapped at once in the frame that shows the new
    /// one.
    retired: Vec<PackedByteArray>,
    material: Option<Gd<StandardMaterial3D>>,
}

impl Surface {
    /// The mesh, once a surface was uploaded.
    pub fn mesh(&self) -> Option<&Gd<ArrayMesh>> {
        self.mesh.as_ref()
    }

    /// Whether `shown` (the node's current mesh) is this surface's mesh.
    pub fn is_attached(&self, shown: Option<Gd<Mesh>>) -> bool {
        match (&self.mesh, shown) {
            (Some(ours), Some(current)) => current == ours.clone().upcast(),
            _ => false,
        }
    }

    /// Whether the mesh has lost its surface (released for reuse by [`Surface::buffers`]).
    pub fn is_empty(&self) -> bool {
        self.mesh
            .as_ref()
            .is_none_or(|m| m.get_surface_count() == 0)
    }

    /// Whether [`Surface::buffers`] reuses the streams of the surface shown for a surface of
    /// `vertex_count` vertices (and so lets go of the mesh shown).
    pub fn can_reuse(&self, vertex_count: usize) -> bool {
        self.streams.as_ref().is_some_and(|(vertex, attributes)| {
            (vertex.len(), attributes.len()) == Self::sizes(vertex_count)
        })
    }

    /// Bytes of the vertex and attribute streams of `vertex_count` vertices.
    fn sizes(vertex_count: usize) -> (usize, usize) {
        (
            vertex_count * VERTEX_STREAM_BYTES,
            vertex_count * ATTRIBUTE_STREAM_BYTES,
        )
    }

    /// Byte streams for a surface of `vertex_count` vertices.
    ///
    /// A fresh buffer costs the system time to map and clear its memory (about 150 MB at the
    /// vertex budget's 40 %); a rebuild of the same size (erosion or roughness tuning) instead
    /// reuses the streams of the surface shown, after the mesh lets go of them. Every byte is
    /// overwritten by the mesh builder, which validates all inputs before this point.
    pub fn buffers(&mut self, vertex_count: usize) -> (PackedByteArray, PackedByteArray) {
        let sizes = Self::sizes(vertex_count);
        match self.streams.take() {
            Some((vertex, attributes)) if (vertex.len(), attributes.len()) == sizes => {
                // The surface holds the same streams: release it so that writing does not copy.
                if let Some(mesh) = &mut self.mesh {
                    mesh.clear_surfaces();
                }
                (vertex, attributes)
            }
            _ => {
                let (mut vertex, mut attributes) = (PackedByteArray::new(), PackedByteArray::new());
                vertex.resize(sizes.0);
                attributes.resize(sizes.1);
                (vertex, attributes)
            }
        }
    }

    /// Replaces the mesh's surface by `streams`; returns the mesh.
    ///
    /// The surface is handed over the way Godot loads a saved mesh (`ArrayMesh._surfaces`):
    /// the byte streams are shared with the engine as they are, with no per-vertex conversion.
    /// The Godot tests check that this gives the very bytes `add_surface_from_arrays` would.
    pub fn upload(&mut self, streams: Streams) -> Gd<ArrayMesh> {
        let material = self
            .material
            .get_or_insert_with(children::vertex_color_material)
            .clone();
        let mut mesh = self.mesh.get_or_insert_with(ArrayMesh::new_gd).clone();
        set_surface(&mut mesh, surface_format(false), &streams, &material);
        let old = self.streams.replace((streams.vertex, streams.attributes));
        // At most one surface's streams wait: older ones go at once.
        self.retired.clear();
        self.retired
            .extend(old.into_iter().flat_map(|(v, a)| [v, a]));
        mesh
    }

    /// Whether streams of a replaced surface still wait to be released.
    pub fn is_releasing(&self) -> bool {
        !self.retired.is_empty()
    }

    /// Releases the next part of the replaced surface's streams, about
    /// [`RELEASE_BYTES_PER_FRAME`]; returns whether some remain.
    pub fn release_part(&mut self) -> bool {
        let mut budget = RELEASE_BYTES_PER_FRAME;
        while budget > 0 {
            let Some(last) = self.retired.last_mut() else {
                break;
            };
            let len = last.len();
            if len <= budget {
                self.retired.pop();
                budget -= len;
            } else {
                last.resize(len - budget);
                budget = 0;
            }
        }
        self.is_releasing()
    }

    /// Removes the surface.
    pub fn clear(&mut self) {
        if let Some(mesh) = &mut self.mesh {
            mesh.clear_surfaces();
        }
        self.streams = None;
        self.retired.clear();
    }
}

/// Replaces the surfaces of `mesh` by one surface of `streams` in `format` (see
/// [`surface_format`]) with `material`, handed over the way Godot loads a saved mesh
/// (`ArrayMesh._surfaces`): the byte streams are shared with the engine as they are, with no
/// per-vertex conversion.
pub fn set_surface(
    mesh: &mut Gd<ArrayMesh>,
    format: i64,
    streams: &Streams,
    material: &Gd<impl Inherits<Material>>,
) {
    let mut surface = VarDictionary::new();
    convert::put(&mut surface, "format", format);
    convert::put(&mut surface, "primitive", PrimitiveType::TRIANGLES.ord());
    convert::put(&mut surface, "vertex_data", streams.vertex.clone());
    convert::put(&mut surface, "attribute_data", streams.attributes.clone());
    convert::put(&mut surface, "vertex_count", streams.vertex_count as i64);
    convert::put(&mut surface, "aabb", streams.aabb);
    convert::put(
        &mut surface,
        "material",
        material.clone().upcast::<Material>(),
    );
    let mut surfaces = VarArray::new();
    surfaces.push(&surface.to_variant());
    mesh.set("_surfaces", &surfaces.to_variant());
}

/// A mesh of one surface of a core-built [`SurfaceData`] in `format` with `material`, the streams
/// copied into Godot's arrays as they are; `None` when it has no vertices.
pub fn surface_mesh(
    surface: &SurfaceData,
    format: i64,
    material: &Gd<impl Inherits<Material>>,
) -> Option<Gd<ArrayMesh>> {
    if surface.vertex_count == 0 {
        return None;
    }
    let (lo, hi) = surface.bounds;
    let (lo, hi) = (Vector3::from_array(lo), Vector3::from_array(hi));
    let streams = Streams {
        vertex_count: surface.vertex_count,
        vertex: PackedByteArray::from(surface.vertex.as_slice()),
        attributes: PackedByteArray::from(surface.attribute.as_slice()),
        aabb: Aabb::new(lo, hi - lo),
    };
    let mut mesh = ArrayMesh::new_gd();
    set_surface(&mut mesh, format, &streams, material);
    Some(mesh)
}

/// A finished background rebuild whose streams are being copied into Godot's arrays, a part per
/// frame.
pub struct Staging {
    output: Box<Output>,
    vertex: PackedByteArray,
    attributes: PackedByteArray,
    handover: Handover,
}

impl Staging {
    /// Starts copying `output`.
    pub fn new(output: Box<Output>) -> Self {
        let bytes = output.vertex.len() + output.attributes.len();
        Staging {
            output,
            vertex: PackedByteArray::new(),
            attributes: PackedByteArray::new(),
            handover: Handover {
                bytes,
                ..Handover::default()
            },
        }
    }

    /// Whether every byte is copied.
    pub fn is_copied(&self) -> bool {
        self.vertex.len() == self.output.vertex.len()
            && self.attributes.len() == self.output.attributes.len()
    }

    /// Copies the next part, at most `budget` bytes; returns whether everything is copied.
    pub fn copy(&mut self, mut budget: usize) -> bool {
        let start = Instant::now();
        let mut copied = 0;
        let mut done = true;
        for (dst, src) in [
            (&mut self.vertex, &self.output.vertex),
            (&mut self.attributes, &self.output.attributes),
        ] {
            let from = dst.len();
            let n = (src.len() - from).min(budget);
            if n > 0 {
                dst.resize(from + n);
                dst.as_mut_slice()[from..].copy_from_slice(&src[from..from + n]);
                budget -= n;
                copied += n;
            }
            done &= dst.len() == src.len();
        }
        let handover = &mut self.handover;
        handover.parts += 1;
        handover.largest_part = handover.largest_part.max(copied);
        handover.time += start.elapsed();
        done
    }

    /// The worker's output without its copied streams, the streams in Godot's arrays and how
    /// they got there.
    pub fn finish(self) -> (Output, Streams, Handover) {
        let mut output = *self.output;
        let streams = Streams {
            vertex_count: output.vertex_count,
            vertex: self.vertex,
            attributes: self.attributes,
            aabb: output.aabb,
        };
        // The copies are in Godot's arrays now: the worker's streams go at once, handed back to
        // the system on a thread of their own (unmapping them takes milliseconds) except on the
        // Web, whose threads come from a fixed pool; where no thread starts, they go here.
        let copied = (
            std::mem::take(&mut output.vertex),
            std::mem::take(&mut output.attributes),
        );
        #[cfg(not(target_family = "wasm"))]
        let _ = std::thread::Builder::new()
            .name("donjourno-release".into())
            .spawn(move || drop(copied));
        #[cfg(target_family = "wasm")]
        drop(copied);
        (output, streams, self.handover)
    }
}
