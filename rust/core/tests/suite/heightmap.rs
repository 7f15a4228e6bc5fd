//! Heightmap import and export: the formats round-trip within their quantisation, and the image
//! height model raises the heights a file holds.

use donjourno::data::heightmap::{
    self, decode, encode, image_heights, Format, Heightmap, HeightmapError,
};
use donjourno::{generate, ExternalInputs, GenerateOptions, GeneratorParams, HeightModel};
use std::sync::Arc;

/// A subdivision map without erosion or water, whose heights are the model's own.
fn source() -> (GeneratorParams, donjourno::Grid) {
    let mut p = GeneratorParams {
        height_model: HeightModel::Subdivision,
        width: 72,
        depth: 72,
        seed: 11,
        ..GeneratorParams::default()
    };
    p.set_droplet_count(0);
    (p, generate(&p, Default::default()).unwrap().0)
}

/// The image model's parameters for a map of `p`'s size and peak, without erosion or water.
fn image_params(p: &GeneratorParams) -> GeneratorParams {
    let mut q = GeneratorParams {
        height_model: HeightModel::Image,
        width: p.width,
        depth: p.depth,
        height_scale: p.height_scale,
        ..GeneratorParams::default()
    };
    q.terrain.peak_height = p.terrain.peak_height;
    q.set_droplet_count(0);
    (q.water.lakes_enabled, q.water.rivers_enabled) = (false, false);
    q
}

/// The map of `q` generated with `map` as its heightmap input.
fn generate_from(q: &GeneratorParams, map: Heightmap) -> donjourno::Grid {
    let options = GenerateOptions {
        inputs: ExternalInputs {
            heightmap: Some(Arc::new(map)),
            ..Default::default()
        },
        ..Default::default()
    };
    generate(q, options).unwrap().0
}

fn round_trip(format: Format, tolerance: f32) {
    let (p, grid) = source();
    let (map, range) = heightmap::export(&grid, format, p.terrain.peak_height, p.height_scale);
    let bytes = encode(&map, format).unwrap();
    let back = decode(&bytes, format).unwrap();
    assert_eq!((back.width, back.depth), (72, 72));
    let q = image_params(&p);
    let imported = generate_from(&q, back);
    let peak = p.terrain.peak_height;
    let mut worst = 0.0f32;
    for (a, b) in grid.height.iter().zip(&imported.height) {
        worst = worst.max((a.clamp(0.0, peak) - b).abs());
    }
    assert!(
        worst <= tolerance,
        "{format:?}: worst difference {worst} > {tolerance}"
    );
    assert!(range.max_m > range.min_m, "{format:?}: a height range");
}

#[test]
fn png16_round_trips_within_one_step() {
    let (p, _) = source();
    round_trip(Format::Png16, p.terrain.peak_height / 65535.0 * 0.51 + 1e-6);
}

#[test]
fn r16_round_trips_within_one_step() {
    let (p, _) = source();
    round_trip(Format::R16, p.terrain.peak_height / 65535.0 * 0.51 + 1e-6);
}

#[test]
fn exr_round_trips_in_metres() {
    let (p, _) = source();
    round_trip(Format::Exr, p.terrain.peak_height * 1e-6);
}

#[test]
fn formats_follow_the_extension_and_bad_files_are_errors() {
    assert_eq!(Format::from_path("a/B.PNG").unwrap(), Format::Png16);
    assert_eq!(Format::from_path("x.r16").unwrap(), Format::R16);
    assert_eq!(Format::from_path("x.raw").unwrap(), Format::R16);
    assert_eq!(Format::from_path("x.exr").unwrap(), Format::Exr);
    assert!(matches!(
        Format::from_path("x.jpg"),
        Err(HeightmapError::UnknownFormat(_))
    ));
    let err = decode(&[1, 2, 3], Format::R16).unwrap_err().to_string();
    assert!(err.contains("R16") && err.contains("square"), "{err}");
    let err = decode(b"not a png", Format::Png16).unwrap_err().to_string();
    assert!(err.contains("PNG"), "{err}");
    let err = decode(b"not an exr", Format::Exr).unwrap_err().to_string();
    assert!(err.contains("EXR"), "{err}");
    let wide = Heightmap {
        width: 3,
        depth: 2,
        values: vec![0.0; 6],
        metres: false,
    };
    let err = encode(&wide, Format::R16).unwrap_err().to_string();
    assert!(err.contains("square"), "{err}");
}

#[test]
fn exr_samples_that_are_not_finite_are_an_error() {
    for (bad, shown) in [
        (f32::INFINITY, "inf"),
        (f32::NEG_INFINITY, "-inf"),
        (f32::NAN, "NaN"),
    ] {
        let mut values = vec![12.5; 6];
        values[4] = bad;
        let map = Heightmap {
            width: 3,
            depth: 2,
            values,
            metres: true,
        };
        let bytes = encode(&map, Format::Exr).unwrap();
        let err = decode(&bytes, Format::Exr).unwrap_err();
        assert!(matches!(err, HeightmapError::Decode { .. }), "{err:?}");
        let err = err.to_string();
        assert!(
            err.contains("EXR")
                && err.contains("(1, 1)")
                && err.contains(&format!(" is {shown}:"))
                && err.contains("finite"),
            "{err}"
        );
    }
}

#[test]
fn eight_bit_png_reads_as_normalised_samples() {
    let mut bytes = Vec::new();
    {
        let mut e = png::Encoder::new(&mut bytes, 2, 1);
        e.set_color(png::ColorType::Grayscale);
        e.set_depth(png::BitDepth::Eight);
        let mut w = e.write_header().unwrap();
        w.write_image_data(&[0, 255]).unwrap();
    }
    let map = decode(&bytes, Format::Png16).unwrap();
    assert_eq!(map.values, vec![0.0, 1.0]);
}

#[test]
fn resampling_is_bilinear_corner_to_corner() {
    let map = Heightmap {
        width: 2,
        depth: 2,
        values: vec![0.0, 1.0, 2.0, 3.0],
        metres: false,
    };
    assert_eq!(
        map.resampled(3, 3),
        vec![0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.5, 3.0]
    );
    assert_eq!(map.resampled(2, 2), map.values);
}

#[test]
fn scales_normalised_metres_and_stretched() {
    let norm = Heightmap {
        width: 2,
        depth: 1,
        values: vec![0.25, 0.75],
        metres: false,
    };
    assert_eq!(image_heights(&norm, 2, 1, 8.0, 3.0, false), vec![2.0, 6.0]);
    assert_eq!(image_heights(&norm, 2, 1, 8.0, 3.0, true), vec![0.0, 8.0]);
    let metres = Heightmap {
        values: vec![30.0, 60.0],
        metres: true,
        ..norm
    };
    assert_eq!(
        image_heights(&metres, 2, 1, 8.0, 3.0, false),
        vec![10.0, 20.0]
    );
}

#[test]
fn the_image_model_needs_a_heightmap_and_places_its_sea() {
    let (p, grid) = source();
    let mut q = image_params(&p);
    let err = generate(&q, Default::default()).unwrap_err().to_string();
    assert!(err.contains("height_model is `image`"), "{err}");
    q.image.sea_level = 0.5;
    let (map, _) = heightmap::export(&grid, Format::Exr, p.terrain.peak_height, p.height_scale);
    let imported = generate_from(&q, map);
    let sea = 0.5 * p.terrain.peak_height;
    assert_eq!(imported.sea_level, sea);
    for (i, &h) in imported.height.iter().enumerate() {
        assert_eq!(imported.pool[i], h > sea, "land is the part above the sea");
    }
    assert!(imported.pool.iter().any(|&l| l) && imported.pool.iter().any(|&l| !l));
}
