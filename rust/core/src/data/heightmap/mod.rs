//! Heightmaps in and out: the samples of a 16-bit PNG, a raw R16 or an EXR file, the image
//! height model's heights made from them, and the export of a grid's heights in those formats.
//!
//! ## Scales
//! - **16-bit PNG and R16** hold normalised samples: 0..65535 is 0..1, which the image model
//!   multiplies by `peak_height`. Export writes heights from 0 to `peak_height` (clamped), so
//!   exporting and importing with the same `peak_height` reproduces the heights within
//!   `peak_height / 65535`.
//! - **EXR** holds one 32-bit float channel in metres (height units × `height_scale`), so an
//!   export imports into Terrain3D with a scale of 1 and an offset of 0, and back into the image
//!   model (which divides by `height_scale`) without quantisation.
//! - With `image_stretch`, the image model instead stretches the file's own lowest and highest
//!   samples to 0 and `peak_height`, whatever the format.
//!
//! [`ExportRange`] tells the height range in metres that a normalised export spans: Terrain3D's
//! importer takes it as its *scale* (`max − min`) and *offset* (`min`).

pub mod codec;

pub use codec::{decode, encode, Format};

use crate::data::grid::Grid;
use thiserror::Error;

/// Most samples a heightmap file may hold (8192² ≈ 67 million; 268 MB as floats): a larger one
/// is refused before its pixels are read, so that a file whose header claims a vast image cannot
/// exhaust the memory (the image model resamples to the map, at most 4096² cells).
pub const MAX_SAMPLES: usize = 8192 * 8192;

/// Why a heightmap could not be read or written.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum HeightmapError {
    /// The file name has no extension this module reads or writes.
    #[error("unknown heightmap format `{0}`: use .png (16-bit greyscale), .exr or .r16")]
    UnknownFormat(String),
    /// The bytes are not a valid file of the format.
    #[error("cannot read the {format} heightmap: {message}")]
    Decode {
        /// The format tried.
        format: &'static str,
        /// What went wrong.
        message: String,
    },
    /// The heightmap could not be encoded.
    #[error("cannot write the {format} heightmap: {message}")]
    Encode {
        /// The format tried.
        format: &'static str,
        /// What went wrong.
        message: String,
    },
    /// The height model is `image` but no heightmap was given.
    #[error("height_model is `image` but no heightmap was given")]
    Missing,
}

/// A rectangle of height samples, row by row (`index = z · width + x`).
#[derive(Clone, Debug, PartialEq)]
pub struct Heightmap {
    /// Samples along x.
    pub width: usize,
    /// Samples along z.
    pub depth: usize,
    /// The samples: normalised 0–1 for PNG and R16, metres for EXR.
    pub values: Vec<f32>,
    /// Whether [`Self::values`] are metres (EXR) rather than normalised (PNG, R16).
    pub metres: bool,
}

impl Heightmap {
    /// The bilinear sample at fractional sample coordinates, clamped to the edges.
    pub fn sample(&self, x: f32, z: f32) -> f32 {
        let (w, d) = (self.width, self.depth);
        if w == 0 || d == 0 {
            return 0.0;
        }
        let x = x.clamp(0.0, (w - 1) as f32);
        let z = z.clamp(0.0, (d - 1) as f32);
        let (x0, z0) = (x.floor() as usize, z.floor() as usize);
        let (x1, z1) = ((x0 + 1).min(w - 1), (z0 + 1).min(d - 1));
        let (fx, fz) = (x - x0 as f32, z - z0 as f32);
        let at = |x: usize, z: usize| self.values[z * w + x];
        let top = at(x0, z0) + (at(x1, z0) - at(x0, z0)) * fx;
        let bottom = at(x0, z1) + (at(x1, z1) - at(x0, z1)) * fx;
        top + (bottom - top) * fz
    }

    /// The samples resampled to `width × depth` cells, corner to corner (bilinear), as they are
    /// when the sizes agree.
    pub fn resampled(&self, width: usize, depth: usize) -> Vec<f32> {
        if width == self.width && depth == self.depth {
            return self.values.clone();
        }
        let step = |n: usize, m: usize| {
            if n > 1 {
                (m.max(1) - 1) as f32 / (n - 1) as f32
            } else {
                0.0
            }
        };
        let (sx, sz) = (step(width, self.width), step(depth, self.depth));
        let mut out = Vec::with_capacity(width * depth);
        for z in 0..depth {
            for x in 0..width {
                out.push(self.sample(x as f32 * sx, z as f32 * sz));
            }
        }
        out
    }

    /// The lowest and highest sample (`(0, 0)` when empty).
    pub fn range(&self) -> (f32, f32) {
        if self.values.is_empty() {
            return (0.0, 0.0);
        }
        self.values
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            })
    }
}

/// The heights the image model makes of `map` on a `width × depth` grid: samples resampled,
/// then scaled to height units (see the module's *Scales*).
pub fn image_heights(
    map: &Heightmap,
    width: usize,
    depth: usize,
    peak_height: f32,
    height_scale: f32,
    stretch: bool,
) -> Vec<f32> {
    let mut h = map.resampled(width, depth);
    if stretch {
        let (lo, hi) = map.range();
        let span = (hi - lo).max(f32::MIN_POSITIVE);
        h.iter_mut()
            .for_each(|v| *v = ((*v - lo) / span).clamp(0.0, 1.0) * peak_height);
    } else if map.metres {
        let hs = height_scale.max(f32::MIN_POSITIVE);
        h.iter_mut().for_each(|v| *v = (*v / hs).max(0.0));
    } else {
        h.iter_mut()
            .for_each(|v| *v = v.clamp(0.0, 1.0) * peak_height);
    }
    h
}

/// The height range in metres that an export spans, for importers that take a scale and an
/// offset (Terrain3D: scale = `max_m − min_m`, offset = `min_m`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportRange {
    /// Metres at sample 0.
    pub min_m: f32,
    /// Metres at the highest sample (65535 for PNG and R16); for EXR the samples are metres.
    pub max_m: f32,
}

/// A grid's heights as a heightmap of `format`'s scale: normalised over `0..peak_height`
/// (clamped) for PNG and R16, metres for EXR; with the range the samples span.
pub fn export(
    grid: &Grid,
    format: Format,
    peak_height: f32,
    height_scale: f32,
) -> (Heightmap, ExportRange) {
    let metres = format == Format::Exr;
    let values = if metres {
        grid.height.iter().map(|&h| h * height_scale).collect()
    } else {
        let peak = peak_height.max(f32::MIN_POSITIVE);
        grid.height
            .iter()
            .map(|&h| (h / peak).clamp(0.0, 1.0))
            .collect()
    };
    let map = Heightmap {
        width: grid.width(),
        depth: grid.depth(),
        values,
        metres,
    };
    let range = if metres {
        let (lo, hi) = map.range();
        ExportRange {
            min_m: lo,
            max_m: hi,
        }
    } else {
        ExportRange {
            min_m: 0.0,
            max_m: peak_height * height_scale,
        }
    };
    (map, range)
}

/// The description written beside an export (`FILE.json`): format, size in samples, cell size
/// and the height range in metres, as pretty JSON.
pub fn metadata_json(
    map: &Heightmap,
    format: Format,
    range: ExportRange,
    cell_size: f32,
) -> String {
    let samples = if map.metres {
        "metres"
    } else {
        "0..65535 spans height_min_m..height_max_m"
    };
    let meta = serde_json::json!({
        "format": format.name(),
        "width": map.width,
        "depth": map.depth,
        "cell_size_m": cell_size,
        "height_min_m": range.min_m,
        "height_max_m": range.max_m,
        "samples": samples,
    });
    serde_json::to_string_pretty(&meta).unwrap_or_default()
}

/// A key of a file's bytes (XXH3), so that a changed file regenerates and an unchanged one
/// does not.
pub fn content_key(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}
