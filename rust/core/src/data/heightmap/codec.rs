//! The file formats: 16-bit greyscale PNG, raw little-endian R16 (square) and single-channel
//! 32-bit float EXR.

use super::{Heightmap, HeightmapError, MAX_SAMPLES};
use std::io::Cursor;

/// A heightmap file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 16-bit greyscale PNG (8-bit and colour PNGs are read too: their first channel).
    Png16,
    /// Raw little-endian 16-bit samples of a square map, row by row, no header.
    R16,
    /// OpenEXR, one float channel (`Y`, else `R`, else the first) in metres.
    Exr,
}

impl Format {
    /// The format of a file name by its extension (`.png`, `.r16` or `.raw`, `.exr`; any case).
    pub fn from_path(path: &str) -> Result<Format, HeightmapError> {
        let ext = path
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        match ext.as_str() {
            "png" => Ok(Format::Png16),
            "r16" | "raw" => Ok(Format::R16),
            "exr" => Ok(Format::Exr),
            _ => Err(HeightmapError::UnknownFormat(path.to_string())),
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png16 => "PNG",
            Format::R16 => "R16",
            Format::Exr => "EXR",
        }
    }
}

/// Reads a heightmap file's bytes.
pub fn decode(bytes: &[u8], format: Format) -> Result<Heightmap, HeightmapError> {
    let fail = |message: String| HeightmapError::Decode {
        format: format.name(),
        message,
    };
    match format {
        Format::Png16 => decode_png(bytes).map_err(fail),
        Format::R16 => decode_r16(bytes).map_err(fail),
        Format::Exr => decode_exr(bytes).map_err(fail),
    }
}

/// Writes a heightmap as a file's bytes. PNG and R16 quantise the (normalised) samples to
/// 16 bits, clamped to 0–1; EXR keeps them as 32-bit floats. R16 needs a square map.
pub fn encode(map: &Heightmap, format: Format) -> Result<Vec<u8>, HeightmapError> {
    let fail = |message: String| HeightmapError::Encode {
        format: format.name(),
        message,
    };
    let quantised = || map.values.iter().map(|&v| quantise(v));
    match format {
        Format::Png16 => {
            let data: Vec<u8> = quantised().flat_map(u16::to_be_bytes).collect();
            encode_png(map.width, map.depth, &data).map_err(fail)
        }
        Format::R16 => {
            if map.width != map.depth {
                return Err(fail(format!(
                    "R16 files are square, the map is {} × {}",
                    map.width, map.depth
                )));
            }
            Ok(quantised().flat_map(u16::to_le_bytes).collect())
        }
        Format::Exr => encode_exr(map).map_err(fail),
    }
}

/// A 0–1 sample as 16 bits, rounded.
fn quantise(v: f32) -> u16 {
    (v.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16
}

fn decode_png(bytes: &[u8]) -> Result<Heightmap, String> {
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = reader.info().size();
    check_size(width as usize, height as usize)?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let (w, d) = (info.width as usize, info.height as usize);
    let channels = info.color_type.samples();
    let values: Vec<f32> = match info.bit_depth {
        png::BitDepth::Sixteen => buf[..info.buffer_size()]
            .chunks_exact(2 * channels)
            .map(|px| f32::from(u16::from_be_bytes([px[0], px[1]])) / 65535.0)
            .collect(),
        png::BitDepth::Eight => buf[..info.buffer_size()]
            .chunks_exact(channels)
            .map(|px| f32::from(px[0]) / 255.0)
            .collect(),
        other => return Err(format!("unsupported bit depth {other:?}")),
    };
    if values.len() != w * d {
        return Err(format!("{} samples for {w} × {d} pixels", values.len()));
    }
    Ok(Heightmap {
        width: w,
        depth: d,
        values,
        metres: false,
    })
}

/// Refuses an image of more than [`MAX_SAMPLES`] samples, by its size.
fn check_size(width: usize, height: usize) -> Result<(), String> {
    match width.checked_mul(height) {
        Some(n) if n <= MAX_SAMPLES => Ok(()),
        _ => Err(format!(
            "{width} × {height} samples are more than the limit of {MAX_SAMPLES} (MAX_SAMPLES)"
        )),
    }
}

fn encode_png(width: usize, depth: usize, data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let (w, d) = (
        u32::try_from(width).map_err(|e| e.to_string())?,
        u32::try_from(depth).map_err(|e| e.to_string())?,
    );
    let mut encoder = png::Encoder::new(&mut out, w, d);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(data).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

fn decode_r16(bytes: &[u8]) -> Result<Heightmap, String> {
    let samples = bytes.len() / 2;
    let side = (samples as f64).sqrt().round() as usize;
    if bytes.len() % 2 != 0 || side * side != samples || side == 0 {
        return Err(format!(
            "{} bytes are not a square of 16-bit samples",
            bytes.len()
        ));
    }
    let values = bytes
        .chunks_exact(2)
        .map(|b| f32::from(u16::from_le_bytes([b[0], b[1]])) / 65535.0)
        .collect();
    Ok(Heightmap {
        width: side,
        depth: side,
        values,
        metres: false,
    })
}

/// Names of the channel read from an EXR file, in order of preference.
const EXR_CHANNELS: [&str; 3] = ["Y", "R", "H"];

fn decode_exr(bytes: &[u8]) -> Result<Heightmap, String> {
    use exr::prelude::*;
    // The headers first: no layer's pixels are read when one is too large.
    let meta = exr::meta::MetaData::read_from_buffered(Cursor::new(bytes), false)
        .map_err(|e| e.to_string())?;
    for header in meta.headers.iter() {
        check_size(header.layer_size.width(), header.layer_size.height())?;
    }
    let image = read()
        .no_deep_data()
        .largest_resolution_level()
        .all_channels()
        .first_valid_layer()
        .all_attributes()
        .non_parallel()
        .from_buffered(Cursor::new(bytes))
        .map_err(|e| e.to_string())?;
    let layer = &image.layer_data;
    let list = &layer.channel_data.list;
    let channel = EXR_CHANNELS
        .iter()
        .find_map(|want| list.iter().find(|c| c.name.to_string() == *want))
        .or_else(|| list.first())
        .ok_or_else(|| "no channel".to_string())?;
    let values: Vec<f32> = match &channel.sample_data {
        FlatSamples::F16(v) => v.iter().map(|s| s.to_f32()).collect(),
        FlatSamples::F32(v) => v.clone(),
        FlatSamples::U32(v) => v.iter().map(|&s| s as f32).collect(),
    };
    let width = layer.size.width();
    if let Some(i) = values.iter().position(|v| !v.is_finite()) {
        let (x, z) = (i % width.max(1), i / width.max(1));
        return Err(format!(
            "the sample at ({x}, {z}) of channel {} is {}: heights must be finite numbers",
            channel.name, values[i]
        ));
    }
    Ok(Heightmap {
        width,
        depth: layer.size.height(),
        values,
        metres: true,
    })
}

fn encode_exr(map: &Heightmap) -> Result<Vec<u8>, String> {
    use exr::prelude::*;
    let channel = AnyChannel::new("Y", FlatSamples::F32(map.values.clone()));
    let layer = Layer::new(
        (map.width, map.depth),
        LayerAttributes::named("height"),
        Encoding::FAST_LOSSLESS,
        AnyChannels::sort(std::iter::once(channel).collect()),
    );
    let mut out = Cursor::new(Vec::new());
    Image::from_layer(layer)
        .write()
        .non_parallel()
        .to_buffered(&mut out)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}
