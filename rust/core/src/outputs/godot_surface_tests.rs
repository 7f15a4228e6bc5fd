use super::*;
use crate::outputs::mesh::build_mesh;
use crate::outputs::mesh::chunks::ChunkBuilder;
use crate::outputs::mesh::tests::grid;

/// The default test grid in the textured ground style: it carries a ground splat.
fn splat_grid() -> Grid {
    use crate::params::{GeneratorParams, GroundStyle};
    let grid = crate::stages::generate::generate(
        &GeneratorParams {
            width: 40,
            depth: 32,
            seed: 7,
            ground_style: GroundStyle::Textured,
            biomes: crate::params::BiomeParams {
                enabled: true,
                ..Default::default()
            },
            ..Default::default()
        },
        Default::default(),
    )
    .unwrap()
    .0;
    assert!(crate::outputs::mesh::carries_splat(&grid));
    grid
}

#[test]
fn surface_streams_match_the_mesh() {
    for grid in [grid(), splat_grid()] {
        for diorama_base in [false, true] {
            streams_match_the_mesh(
                &grid,
                &MeshParams {
                    subdivisions: 2,
                    roughness_strength: 0.8,
                    diorama_base,
                    ..Default::default()
                },
            );
        }
    }
}

/// The streams of `params` hold the mesh of `params`, vertex by vertex.
fn streams_match_the_mesh(grid: &Grid, params: &MeshParams) {
    let mesh = build_mesh(grid, params).unwrap();
    let n = mesh.vertex_count();
    let splat = crate::outputs::mesh::carries_splat(grid);
    assert_eq!(mesh.splat.len(), if splat { n } else { 0 });
    let stride = attribute_stream_bytes(splat);
    let (mut vertex, mut col) = (vec![0u8; n * VERTEX_STREAM_BYTES], vec![0u8; n * stride]);
    let (lo, hi) = build_surface(
        grid,
        params,
        SurfaceStreams {
            vertex: &mut vertex,
            attribute: &mut col,
        },
    )
    .unwrap();
    let (pos, nor) = vertex.split_at(n * POSITION_BYTES);
    assert_eq!(Some((lo, hi)), mesh.bounds());
    for i in 0..n {
        let p = &pos[i * 12..i * 12 + 12];
        let xyz: Vec<f32> = p
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(xyz, mesh.positions[i]);
        let nt: Vec<u16> = nor[i * 8..i * 8 + 8]
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes(b.try_into().unwrap()))
            .collect();
        let normal = Vec3::from_array(mesh.normals[i]);
        assert_eq!(nt[..2], octahedral_encode(normal));
        let c = &col[i * stride..i * stride + 4];
        let expected = mesh.colors[i].map(|v| (v * 255.0).round() as u8);
        assert_eq!(c, expected);
        if splat {
            assert_eq!(&col[i * stride + 4..(i + 1) * stride], mesh.splat[i]);
        }
    }
    if splat {
        // The surface's vertices carry material weights, the base's none.
        let sub = params.subdivisions as usize;
        let surface = grid.width() * grid.depth() * sub * sub * 6;
        let weighted = |i: usize| mesh.splat[i][..7].iter().any(|&w| w > 0);
        assert!((0..surface).all(weighted));
        assert!((surface..n).all(|i| !weighted(i)));
    }
    let short = build_surface(
        grid,
        params,
        SurfaceStreams {
            vertex: &mut vertex[1..],
            attribute: &mut col,
        },
    );
    assert!(matches!(
        short,
        Err(MeshError::StreamSize {
            stream: "vertex",
            ..
        })
    ));
}

#[test]
fn an_encoded_mesh_has_the_bytes_of_the_surface_streams() {
    for grid in [grid(), splat_grid()] {
        let params = MeshParams {
            subdivisions: 2,
            roughness_strength: 0.8,
            ..Default::default()
        };
        let encoded = encode_mesh(&build_mesh(&grid, &params).unwrap());
        let n = encoded.vertex_count;
        let stride = attribute_stream_bytes(crate::outputs::mesh::carries_splat(&grid));
        let (mut vertex, mut attribute) =
            (vec![0u8; n * VERTEX_STREAM_BYTES], vec![0u8; n * stride]);
        let streams = SurfaceStreams {
            vertex: &mut vertex,
            attribute: &mut attribute,
        };
        let bounds = build_surface(&grid, &params, streams).unwrap();
        assert!(encoded.vertex == vertex && encoded.attribute == attribute);
        assert_eq!(encoded.bounds, bounds);
    }
    assert_eq!(encode_mesh(&Mesh::default()), SurfaceData::default());
}

#[test]
fn chunk_surfaces_encode_every_level_of_every_chunk() {
    for grid in [grid(), splat_grid()] {
        let params = MeshParams {
            chunk_size: 24,
            lod_levels: 3,
            ..Default::default()
        };
        let builder = ChunkBuilder::new(&grid, &params).unwrap();
        let surfaces = chunk_surfaces(&builder);
        assert_eq!(surfaces.len(), builder.layout.chunks().len());
        let stride = attribute_stream_bytes(crate::outputs::mesh::carries_splat(&grid));
        for (chunk, levels) in &surfaces {
            assert_eq!(levels.len(), 3);
            for (level, surface) in levels.iter().enumerate() {
                let mesh = builder.build(chunk, level as u32);
                // Every vertex of every level, skirts included, carries its splat.
                if stride > ATTRIBUTE_STREAM_BYTES {
                    assert_eq!(mesh.splat.len(), mesh.vertex_count());
                }
                assert_eq!(surface.attribute.len(), surface.vertex_count * stride);
                assert_eq!(*surface, encode_mesh(&mesh));
            }
        }
    }
}

#[test]
fn octahedral_encoding_round_trips_and_matches_known_values() {
    assert_eq!(octahedral_encode(Vec3::Y), [32767, 65535]);
    assert_eq!(octahedral_encode(Vec3::new(0.6, 0.8, 0.0)), [46810, 51491]);
    assert_eq!(
        octahedral_tangent_encode(default_tangent(Vec3::Y), 1.0),
        [0, 49151]
    );
    for v in [Vec3::X, -Vec3::Z, Vec3::new(0.3, -0.5, -0.81).normalize()] {
        let [x, y] = octahedral_encode(v).map(|c| f32::from(c) / 65535.0 * 2.0 - 1.0);
        let mut n = Vec3::new(x, y, 1.0 - x.abs() - y.abs());
        if n.z < 0.0 {
            let (ox, oy) = (n.x, n.y);
            n.x = (1.0 - oy.abs()) * ox.signum();
            n.y = (1.0 - ox.abs()) * oy.signum();
        }
        assert!(n.normalize().distance(v) < 1e-3, "{v} -> {n}");
    }
    let t = default_tangent(Vec3::new(0.2, 0.9, 0.1).normalize());
    assert!(t.dot(Vec3::new(0.2, 0.9, 0.1)).abs() < 1e-5);
}

#[test]
fn water_streams_hold_every_vertex_with_its_colour_and_uv2() {
    let params = crate::params::GeneratorParams::default();
    let (grid, _) = crate::stages::generate::generate(&params, Default::default()).unwrap();
    let water =
        crate::outputs::mesh::water_surface::build_water_mesh(&grid, &MeshParams::default())
            .unwrap();
    let n = water.vertex_count();
    assert!(n > 100, "the default map has water ({n} vertices)");
    let data = encode_water(&water);
    assert_eq!(data.vertex_count, n);
    assert_eq!(data.vertex.len(), n * VERTEX_STREAM_BYTES);
    assert_eq!(data.attribute.len(), n * WATER_ATTRIBUTE_STREAM_BYTES);
    let f32_at =
        |bytes: &[u8], at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for i in 0..n {
        let p = water.mesh.positions[i];
        for (k, c) in p.iter().enumerate() {
            assert_eq!(f32_at(&data.vertex, i * POSITION_BYTES + 4 * k), *c);
            (lo[k], hi[k]) = (lo[k].min(*c), hi[k].max(*c));
        }
        let nt =
            &data.vertex[n * POSITION_BYTES + i * NORMAL_TANGENT_BYTES..][..NORMAL_TANGENT_BYTES];
        assert_eq!(
            nt,
            encode_normal_tangent(Vec3::from_array(water.mesh.normals[i]))
        );
        let attr =
            &data.attribute[i * WATER_ATTRIBUTE_STREAM_BYTES..][..WATER_ATTRIBUTE_STREAM_BYTES];
        for (k, c) in water.mesh.colors[i].iter().enumerate() {
            assert!(
                (f32::from(attr[k]) - c * 255.0).abs() <= 0.5,
                "colour {k} of vertex {i}"
            );
        }
        assert_eq!([f32_at(attr, 4), f32_at(attr, 8)], water.uv2[i]);
    }
    assert!(
        (0..n).any(|i| data.attribute[i * WATER_ATTRIBUTE_STREAM_BYTES + 3] < 255),
        "translucent water keeps its alpha"
    );
    assert_eq!(data.bounds, (lo, hi));
    assert_eq!(encode_water(&WaterMesh::default()).vertex_count, 0);
}

#[test]
fn instances_split_by_the_chunk_under_their_origin() {
    let params = MeshParams {
        chunk_size: 10,
        ..Default::default()
    };
    let layout = ChunkLayout::new(25, 12, &params);
    let cell = 2.0;
    let instance = |x: f32, z: f32, tag: f32| {
        let mut f = [0.0; 13];
        (f[3], f[11], f[12]) = (x * cell, z * cell, tag);
        f
    };
    let buffer: Vec<f32> = [
        instance(1.0, 1.0, 0.0),
        instance(24.0, 11.0, 1.0),
        instance(12.0, 2.0, 2.0),
        instance(3.0, 2.0, 3.0),
    ]
    .concat();
    let pieces = split_instances(&buffer, 13, &layout, cell);
    assert_eq!(pieces.len(), 6);
    let tags = |p: &Vec<f32>| p.chunks_exact(13).map(|f| f[12]).collect::<Vec<_>>();
    assert_eq!(tags(&pieces[0]), [0.0, 3.0]);
    assert_eq!(tags(&pieces[1]), [2.0]);
    assert_eq!(tags(&pieces[5]), [1.0]);
    assert_eq!(pieces.iter().map(Vec::len).sum::<usize>(), buffer.len());
}
