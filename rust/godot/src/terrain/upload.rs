//! The terrain's surface: byte streams in Godot's surface layout (see
//! [`donjourno::godot_surface`]) handed to an [ArrayMesh] without a per-vertex conversion; the
//! staging that copies a background rebuild's streams into Godot's arrays a part per frame; and
//! the streams of replaced surfaces, kept for the next rebuild or released a part per frame.

use super::children;
use super::surface_queue::FrameBudget;
use super::worker::Output;
use crate::convert;
use donjourno::godot_surface::{SurfaceData, ATTRIBUTE_STREAM_BYTES, VERTEX_STREAM_BYTES};
use godot::classes::mesh::{ArrayFormat, PrimitiveType};
use godot::classes::rendering_server::ArrayFormat as RsArrayFormat;
use godot::classes::{ArrayMesh, Material, Mesh, StandardMaterial3D};
use godot::obj::{EngineBitfield, EngineEnum};
use godot::prelude::*;
use std::time::{Duration, Instant};

/// Bytes of a finished background rebuild copied into Godot's arrays per frame, at most (and at
/// most [`FILL_TIME_PER_FRAME`](super::surface_queue::FILL_TIME_PER_FRAME)): memory the process
/// already uses takes about 0.15 ms a MiB to copy into, fresh memory 0.5 ms a MiB and, on a
/// loaded machine, up to 10 ms to map and clear, so the copy looks at the clock between slices.
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

impl Streams {
    /// Copies a core-built surface into Godot's arrays; `None` when it has no vertices.
    pub fn copied(surface: &SurfaceData) -> Option<Streams> {
        if surface.vertex_count == 0 {
            return None;
        }
        Some(Streams {
            vertex_count: surface.vertex_count,
            vertex: PackedByteArray::from(surface.vertex.as_slice()),
            attributes: PackedByteArray::from(surface.attribute.as_slice()),
            aabb: bounds(surface),
        })
    }
}

/// The streams of replaced surfaces, handed back to the system a part per frame
/// ([`Retired::release`]) instead of unmapped at once in the frame that shows their successor.
#[derive(Default)]
pub struct Retired(Vec<PackedByteArray>);

impl Retired {
    /// Retires the streams of the surface just replaced; streams retired before go at once (at
    /// most one surface's wait).
    pub fn replace(&mut self, old: Option<(PackedByteArray, PackedByteArray)>) {
        self.0.clear();
        self.0.extend(old.into_iter().flat_map(|(v, a)| [v, a]));
    }

    /// Whether streams still wait to be released.
    pub fn is_waiting(&self) -> bool {
        !self.0.is_empty()
    }

    /// Releases up to `budget` bytes (about half of it when a shrink crosses a power of two, as
    /// Godot's arrays allocate); returns the budget left.
    pub fn release(&mut self, mut budget: usize) -> usize {
        while budget > 0 {
            let Some(last) = self.0.last_mut() else {
                break;
            };
            let len = last.len();
            if len <= budget {
                self.0.pop();
                budget -= len;
            } else {
                last.resize(len - budget);
                budget = 0;
            }
        }
        budget
    }

    /// Releases every stream at once.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// How a surface reached Godot's arrays (see [`UPLOAD_BYTES_PER_FRAME`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Handover {
    /// Bytes of the streams (the surface's, and the water's when it is one mesh).
    pub bytes: usize,
    /// Frames the copy took; 0 when the mesh was built straight into Godot's arrays.
    pub parts: usize,
    /// The most bytes copied in one frame.
    pub largest_part: usize,
    /// Main-thread time spent copying.
    pub time: Duration,
    /// Whether the surface went into streams of the same size the terrain already held (memory
    /// in use, rather than fresh memory the system must map and clear).
    pub reused: bool,
}

/// The terrain's own mesh: one surface whose streams are shared with Godot.
#[derive(Default)]
pub struct Surface {
    mesh: Option<Gd<ArrayMesh>>,
    /// The byte streams of the surface shown (shared with Godot), reused by the next rebuild of
    /// the same size.
    streams: Option<(PackedByteArray, PackedByteArray)>,
    /// The streams of the surface replaced last, kept as the next rebuild's destination when it
    /// has their size ([`Surface::take_spare`], [`Surface::buffers`]).
    spare: Option<(PackedByteArray, PackedByteArray)>,
    /// Spare streams a rebuild of another size did not take, released a part per frame.
    retired: Retired,
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
        let fits = |(vertex, attributes): &(PackedByteArray, PackedByteArray)| {
            (vertex.len(), attributes.len()) == Self::sizes(vertex_count)
        };
        self.spare.as_ref().is_some_and(fits) || self.streams.as_ref().is_some_and(fits)
    }

    /// Keeps `spare` (streams a rebuild took and gave back unused) as the spare streams, unless
    /// some are kept already.
    pub fn give_back_spare(&mut self, spare: Option<(PackedByteArray, PackedByteArray)>) {
        if self.spare.is_none() && self.streams.is_some() {
            self.spare = spare;
        }
    }

    /// The spare streams (those of the surface replaced last) when they hold `vertex_count`
    /// vertices: their memory is in use already, so writing into them costs the system nothing
    /// more. Spare streams of another size are released a part per frame from now on.
    pub fn take_spare(
        &mut self,
        vertex_count: usize,
    ) -> Option<(PackedByteArray, PackedByteArray)> {
        let spare = self.spare.take()?;
        if (spare.0.len(), spare.1.len()) == Self::sizes(vertex_count) {
            return Some(spare);
        }
        self.retired.replace(Some(spare));
        None
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
    /// reuses the spare streams, else the streams of the surface shown, after the mesh lets go
    /// of them. Every byte is overwritten by the mesh builder, which validates all inputs before
    /// this point. Returns the streams and whether they were reused.
    pub fn buffers(&mut self, vertex_count: usize) -> ((PackedByteArray, PackedByteArray), bool) {
        if let Some(spare) = self.take_spare(vertex_count) {
            return (spare, true);
        }
        let sizes = Self::sizes(vertex_count);
        match self.streams.take() {
            Some((vertex, attributes)) if (vertex.len(), attributes.len()) == sizes => {
                // The surface holds the same streams: release it so that writing does not copy.
                if let Some(mesh) = &mut self.mesh {
                    mesh.clear_surfaces();
                }
                ((vertex, attributes), true)
            }
            _ => {
                let (mut vertex, mut attributes) = (PackedByteArray::new(), PackedByteArray::new());
                vertex.resize(sizes.0);
                attributes.resize(sizes.1);
                ((vertex, attributes), false)
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
        // The replaced streams are the next rebuild's spare; an older spare no rebuild took goes
        // a part per frame.
        if let Some(old) = self.streams.replace((streams.vertex, streams.attributes)) {
            let unused = self.spare.replace(old);
            if unused.is_some() {
                self.retired.replace(unused);
            }
        }
        mesh
    }

    /// Whether spare streams no rebuild took wait to be released.
    pub fn is_releasing(&self) -> bool {
        self.retired.is_waiting()
    }

    /// Releases up to `budget` bytes of the spare streams no rebuild took; returns the budget
    /// left.
    pub fn release(&mut self, budget: usize) -> usize {
        self.retired.release(budget)
    }

    /// Removes the surface.
    pub fn clear(&mut self) {
        if let Some(mesh) = &mut self.mesh {
            mesh.clear_surfaces();
        }
        self.streams = None;
        self.spare = None;
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
    let streams = Streams::copied(surface)?;
    let mut mesh = ArrayMesh::new_gd();
    set_surface(&mut mesh, format, &streams, material);
    Some(mesh)
}

/// A stream copied from a worker's buffer into a Godot array, a part at a time.
pub struct StreamCopy {
    from: Vec<u8>,
    into: PackedByteArray,
    done: usize,
}

impl StreamCopy {
    /// Copies `from` into `into`: an array of the same length whose memory is already in use
    /// (the surface's spare streams), else a fresh array that grows as the copy goes.
    pub fn new(from: Vec<u8>, into: Option<PackedByteArray>) -> Self {
        let into = into.filter(|a| a.len() == from.len()).unwrap_or_default();
        StreamCopy {
            from,
            into,
            done: 0,
        }
    }

    /// Whether every byte is copied.
    pub fn is_done(&self) -> bool {
        self.done == self.from.len()
    }

    /// Copies up to `budget` more bytes; returns how many it copied.
    pub fn step(&mut self, budget: usize) -> usize {
        let (from, n) = (self.done, (self.from.len() - self.done).min(budget));
        if n > 0 {
            if self.into.len() < from + n {
                self.into.resize(from + n);
            }
            self.into.as_mut_slice()[from..from + n].copy_from_slice(&self.from[from..from + n]);
            self.done += n;
        }
        n
    }

    /// The copy (complete once [`StreamCopy::is_done`]).
    pub fn into_array(self) -> PackedByteArray {
        self.into
    }
}

/// A finished background rebuild whose streams are being copied into Godot's arrays, a part per
/// frame: the terrain's surface (into the surface's spare streams when their size matches), and
/// the water's when it is one mesh.
pub struct Staging {
    output: Box<Output>,
    /// The surface's vertex and attribute streams, then the whole water's.
    copies: Vec<StreamCopy>,
    /// The whole water's vertex count and bounds, when it is staged.
    water: Option<(usize, Aabb)>,
    handover: Handover,
}

/// A staged rebuild, every stream in Godot's arrays.
pub struct Staged {
    /// The worker's output, its staged streams taken out.
    pub output: Output,
    /// The terrain's surface.
    pub streams: Streams,
    /// The water when it is one mesh (its piece is taken out of the output's features).
    pub water: Option<Streams>,
    /// How the streams got there.
    pub handover: Handover,
}

impl Staging {
    /// Starts copying `output`, the surface into `spare` streams when it has their size.
    pub fn new(mut output: Box<Output>, spare: Option<(PackedByteArray, PackedByteArray)>) -> Self {
        let (spare_vertex, spare_attributes) = spare.unzip();
        let reused = spare_vertex.as_ref().map(PackedByteArray::len) == Some(output.vertex.len())
            && spare_attributes.as_ref().map(PackedByteArray::len) == Some(output.attributes.len());
        let mut copies = vec![
            StreamCopy::new(std::mem::take(&mut output.vertex), spare_vertex),
            StreamCopy::new(std::mem::take(&mut output.attributes), spare_attributes),
        ];
        let whole_water = match output.features.water.as_slice() {
            [piece] => piece.chunk.is_none() && piece.surface.vertex_count > 0,
            _ => false,
        };
        let mut water = None;
        if let Some(piece) = whole_water.then(|| output.features.water.pop()).flatten() {
            let surface = piece.surface;
            water = Some((surface.vertex_count, bounds(&surface)));
            copies.push(StreamCopy::new(surface.vertex, None));
            copies.push(StreamCopy::new(surface.attribute, None));
        }
        let bytes = copies.iter().map(|c| c.from.len()).sum();
        Staging {
            output,
            copies,
            water,
            handover: Handover {
                bytes,
                reused,
                ..Handover::default()
            },
        }
    }

    /// Whether every byte is copied.
    pub fn is_copied(&self) -> bool {
        self.copies.iter().all(StreamCopy::is_done)
    }

    /// Copies the next part within `budget` (bytes and time, a slice at a time); returns
    /// whether everything is copied.
    pub fn copy(&mut self, budget: &mut FrameBudget) -> bool {
        let start = Instant::now();
        let mut copied = 0;
        'copies: for copy in &mut self.copies {
            while !copy.is_done() {
                if budget.is_spent() {
                    break 'copies;
                }
                let n = copy.step(budget.slice());
                budget.spend(n);
                copied += n;
            }
        }
        let handover = &mut self.handover;
        handover.parts += 1;
        handover.largest_part = handover.largest_part.max(copied);
        handover.time += start.elapsed();
        self.is_copied()
    }

    /// The surface's destination streams of an abandoned copy, when they have the surface's full
    /// size (they were the spare): the next rebuild's spare.
    pub fn into_spare(self) -> Option<(PackedByteArray, PackedByteArray)> {
        let mut copies = self.copies.into_iter();
        let (vertex, attributes) = (copies.next()?, copies.next()?);
        let full = |c: &StreamCopy| c.into.len() == c.from.len() && !c.from.is_empty();
        (full(&vertex) && full(&attributes)).then_some((vertex.into, attributes.into))
    }

    /// The worker's output without its staged streams, the streams in Godot's arrays and how
    /// they got there.
    pub fn finish(self) -> Staged {
        let Staging {
            output,
            copies,
            water,
            handover,
        } = self;
        let (sources, copied): (Vec<Vec<u8>>, Vec<PackedByteArray>) =
            copies.into_iter().map(|c| (c.from, c.into)).unzip();
        let mut copied = copied.into_iter();
        let mut take = || copied.next().unwrap_or_default();
        let streams = Streams {
            vertex_count: output.vertex_count,
            vertex: take(),
            attributes: take(),
            aabb: output.aabb,
        };
        let water = water.map(|(vertex_count, aabb)| Streams {
            vertex_count,
            vertex: take(),
            attributes: take(),
            aabb,
        });
        // The copies are in Godot's arrays now: the worker's streams go at once, handed back to
        // the system on a thread of their own (unmapping them takes milliseconds) except on the
        // Web, whose threads come from a fixed pool; where no thread starts, they go here.
        #[cfg(not(target_family = "wasm"))]
        let _ = std::thread::Builder::new()
            .name("donjourno-release".into())
            .spawn(move || {
                crate::background::lower_this_thread();
                drop(sources)
            });
        #[cfg(target_family = "wasm")]
        drop(sources);
        Staged {
            output: *output,
            streams,
            water,
            handover,
        }
    }
}

/// The bounds of a core-built surface.
pub fn bounds(surface: &SurfaceData) -> Aabb {
    let (lo, hi) = surface.bounds;
    let (lo, hi) = (Vector3::from_array(lo), Vector3::from_array(hi));
    Aabb::new(lo, hi - lo)
}
