//! The staging of a finished background rebuild: its surface's streams (and the water's, when the
//! map is one mesh) copied into Godot's arrays a part per frame, within the fill's budget of bytes
//! and time ([`crate::terrain::show::surface_queue::FrameBudget`]), into the spare streams of the
//! surface replaced before when their size matches; the result is shown the frame after the last
//! part.

use crate::terrain::build::Built;
use crate::terrain::show::surface_queue::FrameBudget;
use crate::terrain::show::upload::{bounds, Streams};
use godot::prelude::*;
use std::time::{Duration, Instant};

/// Bytes of a finished background rebuild copied into Godot's arrays per frame, at most (and at
/// most [`FILL_TIME_PER_FRAME`](crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME)): memory
/// the process already uses takes about 0.15 ms a MiB to copy into, fresh memory 0.5 ms a MiB and,
/// on a loaded machine, up to 10 ms to map and clear, so the copy looks at the clock between
/// slices.
pub const UPLOAD_BYTES_PER_FRAME: usize = 8 << 20;

/// How a surface reached Godot's arrays (see [`UPLOAD_BYTES_PER_FRAME`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UploadStats {
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
    built: Box<Built>,
    /// The surface's vertex and attribute streams, then the whole water's.
    copies: Vec<StreamCopy>,
    /// The whole water's vertex count and bounds, when it is staged.
    water: Option<(usize, Aabb)>,
    upload: UploadStats,
}

/// A build delivered into Godot's arrays, ready to present: staged a part per frame after a
/// background build, or built straight into them by a synchronous one.
pub struct Delivered {
    /// The build, its staged streams taken out.
    pub built: Built,
    /// The terrain's surface.
    pub streams: Streams,
    /// The water when it is one mesh and was staged (its piece is then taken out of the build's
    /// features).
    pub water: Option<Streams>,
    /// How the streams got there.
    pub upload: UploadStats,
}

impl Staging {
    /// Starts copying `built`, the surface into `spare` streams when it has their size.
    pub fn new(mut built: Box<Built>, spare: Option<(PackedByteArray, PackedByteArray)>) -> Self {
        let (spare_vertex, spare_attributes) = spare.unzip();
        let reused = spare_vertex.as_ref().map(PackedByteArray::len)
            == Some(built.surface.vertex.len())
            && spare_attributes.as_ref().map(PackedByteArray::len)
                == Some(built.surface.attributes.len());
        let mut copies = vec![
            StreamCopy::new(std::mem::take(&mut built.surface.vertex), spare_vertex),
            StreamCopy::new(
                std::mem::take(&mut built.surface.attributes),
                spare_attributes,
            ),
        ];
        let whole_water = match built.features.water.as_slice() {
            [piece] => piece.chunk.is_none() && piece.surface.vertex_count > 0,
            _ => false,
        };
        let mut water = None;
        if let Some(piece) = whole_water.then(|| built.features.water.pop()).flatten() {
            let surface = piece.surface;
            water = Some((surface.vertex_count, bounds(&surface)));
            copies.push(StreamCopy::new(surface.vertex, None));
            copies.push(StreamCopy::new(surface.attribute, None));
        }
        let bytes = copies.iter().map(|c| c.from.len()).sum();
        Staging {
            built,
            copies,
            water,
            upload: UploadStats {
                bytes,
                reused,
                ..UploadStats::default()
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
        let upload = &mut self.upload;
        upload.parts += 1;
        upload.largest_part = upload.largest_part.max(copied);
        upload.time += start.elapsed();
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

    /// The build without its staged streams, the streams in Godot's arrays and how they got
    /// there.
    pub fn finish(self) -> Delivered {
        let Staging {
            built,
            copies,
            water,
            upload,
        } = self;
        let (sources, copied): (Vec<Vec<u8>>, Vec<PackedByteArray>) =
            copies.into_iter().map(|c| (c.from, c.into)).unzip();
        let mut copied = copied.into_iter();
        let mut take = || copied.next().unwrap_or_default();
        let streams = Streams {
            vertex_count: built.surface.vertex_count,
            vertex: take(),
            attributes: take(),
            aabb: built.surface.aabb,
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
        Delivered {
            built: *built,
            streams,
            water,
            upload,
        }
    }
}
