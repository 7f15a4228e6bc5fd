//! The terrain's surface: byte streams in Godot's surface layout (see
//! [`donjourno::outputs::godot_surface`]) handed to an [ArrayMesh] without a per-vertex conversion, and
//! the streams of replaced surfaces, kept for the next rebuild or released a part per frame. A
//! background rebuild's streams reach it through [`crate::terrain::build::staging`].

use crate::convert;
use crate::terrain::show::children;
use donjourno::outputs::godot_surface::{SurfaceData, SurfaceSize, COLOR_BYTES, SPLAT_BYTES};
use godot::classes::mesh::{ArrayFormat, PrimitiveType};
use godot::classes::rendering_server::ArrayCustomFormat;
use godot::classes::rendering_server::ArrayFormat as RsArrayFormat;
use godot::classes::{ArrayMesh, Material, Mesh};
use godot::obj::{EngineBitfield, EngineEnum};
use godot::prelude::*;

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

/// Format of a ground surface: [`surface_format`] without UV2, and with `splat` the ground splat
/// after the colour as two RGBA8 custom attributes (`CUSTOM0`, `CUSTOM1`), which the terrain
/// shader reads.
pub fn ground_format(splat: bool) -> i64 {
    let mut format = surface_format(false);
    if splat {
        let rgba8 = i64::from(ArrayCustomFormat::RGBA8_UNORM.ord());
        format |= (RsArrayFormat::CUSTOM0.ord() | RsArrayFormat::CUSTOM1.ord()) as i64;
        format |= rgba8 << RsArrayFormat::CUSTOM0_SHIFT.ord();
        format |= rgba8 << RsArrayFormat::CUSTOM1_SHIFT.ord();
    }
    format
}

/// Whether `attribute_bytes` of attributes for `vertex_count` vertices carry the ground splat.
pub fn carries_splat(vertex_count: usize, attribute_bytes: usize) -> bool {
    vertex_count > 0 && attribute_bytes == vertex_count * (COLOR_BYTES + SPLAT_BYTES)
}

/// [`ground_format`] for a core-built ground surface.
pub fn ground_format_of(surface: &SurfaceData) -> i64 {
    ground_format(carries_splat(surface.vertex_count, surface.attribute.len()))
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
    /// Whether the attribute stream carries the ground splat.
    pub fn carries_splat(&self) -> bool {
        carries_splat(self.vertex_count, self.attributes.len())
    }

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
    material: Option<Gd<Material>>,
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
    pub fn can_reuse(&self, size: SurfaceSize) -> bool {
        let fits = |(vertex, attributes): &(PackedByteArray, PackedByteArray)| {
            (vertex.len(), attributes.len()) == size.bytes()
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

    /// The spare streams (those of the surface replaced last) when they have `size`: their
    /// memory is in use already, so writing into them costs the system nothing more. Spare
    /// streams of another size are released a part per frame from now on.
    pub fn take_spare(&mut self, size: SurfaceSize) -> Option<(PackedByteArray, PackedByteArray)> {
        let spare = self.spare.take()?;
        if (spare.0.len(), spare.1.len()) == size.bytes() {
            return Some(spare);
        }
        self.retired.replace(Some(spare));
        None
    }

    /// Byte streams for a surface of `size`.
    ///
    /// A fresh buffer costs the system time to map and clear its memory (about 150 MB at the
    /// vertex budget's 40 %); a rebuild of the same size (erosion or roughness tuning) instead
    /// reuses the spare streams, else the streams of the surface shown, after the mesh lets go
    /// of them. Every byte is overwritten by the mesh builder, which validates all inputs before
    /// this point. Returns the streams and whether they were reused.
    pub fn buffers(&mut self, size: SurfaceSize) -> ((PackedByteArray, PackedByteArray), bool) {
        if let Some(spare) = self.take_spare(size) {
            return (spare, true);
        }
        let sizes = size.bytes();
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

    /// Sets the surface's material (the ground's, [`crate::terrain::components::ground_view`]),
    /// on the mesh shown too.
    pub fn set_material(&mut self, material: Gd<Material>) {
        if self.material.as_ref() == Some(&material) {
            return;
        }
        if let Some(mesh) = self.mesh.as_mut().filter(|m| m.get_surface_count() > 0) {
            mesh.surface_set_material(0, &material);
        }
        self.material = Some(material);
    }

    /// Replaces the mesh's surface by `streams`; returns the mesh.
    ///
    /// The surface is handed over the way Godot loads a saved mesh (`ArrayMesh._surfaces`):
    /// the byte streams are shared with the engine as they are, with no per-vertex conversion.
    /// The Godot tests check that this gives the very bytes `add_surface_from_arrays` would.
    pub fn upload(&mut self, streams: Streams) -> Gd<ArrayMesh> {
        let material = self
            .material
            .get_or_insert_with(|| children::vertex_color_material().upcast())
            .clone();
        let mut mesh = self.mesh.get_or_insert_with(ArrayMesh::new_gd).clone();
        set_surface(
            &mut mesh,
            ground_format(streams.carries_splat()),
            &streams,
            &material,
        );
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

/// The bounds of a core-built surface.
pub fn bounds(surface: &SurfaceData) -> Aabb {
    let (lo, hi) = surface.bounds;
    let (lo, hi) = (Vector3::from_array(lo), Vector3::from_array(hi));
    Aabb::new(lo, hi - lo)
}
