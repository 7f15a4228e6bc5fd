use super::*;
use crate::outputs::mesh::build_mesh;
use crate::outputs::mesh::tests::grid;
use std::collections::BTreeMap;

/// Mesh settings that split the shared 64 × 48 test map into 20-cell chunks (the last column
/// and row are partial).
fn params(subdivisions: u32, levels: u32) -> MeshParams {
    MeshParams {
        subdivisions,
        roughness_strength: 1.0,
        cell_size: 2.0,
        height_scale: 30.0,
        chunk_size: 20,
        lod_levels: levels,
        ..Default::default()
    }
}

/// Every triangle of a mesh as sortable bits: positions, normal and colour.
fn triangles(positions: &[[f32; 3]], normals: &[[f32; 3]], colors: &[[f32; 4]]) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = (0..positions.len() / 3)
        .map(|t| {
            let r = 3 * t..3 * t + 3;
            let mut bits: Vec<u32> = positions[r.clone()]
                .iter()
                .flatten()
                .map(|v| v.to_bits())
                .collect();
            bits.extend(normals[3 * t].iter().map(|v| v.to_bits()));
            bits.extend(colors[3 * t].iter().map(|v| v.to_bits()));
            bits
        })
        .collect();
    out.sort();
    out
}

#[test]
fn chunks_tile_the_map_once() {
    let layout = ChunkLayout::new(64, 48, &params(1, 4));
    assert!(layout.is_chunked());
    assert_eq!(layout.grid_size(), (4, 3));
    let mut covered = vec![0u8; 64 * 48];
    for c in layout.chunks() {
        assert!(c.x0 < c.x1 && c.z0 < c.z1 && c.x1 - c.x0 <= 20 && c.z1 - c.z0 <= 20);
        for z in c.z0..c.z1 {
            for x in c.x0..c.x1 {
                covered[z * 64 + x] += 1;
            }
        }
    }
    assert!(covered.iter().all(|&k| k == 1));
    assert!(!ChunkLayout::new(20, 20, &params(1, 4)).is_chunked());
    assert_eq!(layout.chunk(4, 0), None);
}

#[test]
fn levels_keep_a_quad_every_half_chunk() {
    // 8 cells × 1 sub-vertex: steps 1, 2, 4 leave at least two quads per side; 8 would not.
    let p = MeshParams {
        chunk_size: 8,
        subdivisions: 1,
        lod_levels: 6,
        ..Default::default()
    };
    assert_eq!(ChunkLayout::new(64, 64, &p).levels, 3);
    assert_eq!(
        ChunkLayout::new(
            64,
            64,
            &MeshParams {
                subdivisions: 4,
                ..p
            }
        )
        .levels,
        5
    );
}

#[test]
fn level_zero_is_the_full_mesh_triangle_for_triangle() {
    let flat = grid();
    assert!(flat.terrain.contains(&crate::data::grid::Terrain::Water));
    let mut blended = grid();
    *blended
        .products
        .get_or_default::<crate::stages::texture::BlendedGround>() =
        crate::stages::texture::BlendedGround(true);
    for (subdivisions, shore_colors, grid) in [
        (1, false, &flat),
        (2, false, &flat),
        (1, true, &flat),
        (2, true, &flat),
        (1, true, &blended),
        (3, true, &blended),
    ] {
        let p = MeshParams {
            shore_colors,
            ..params(subdivisions, 3)
        };
        let full = build_mesh(grid, &p).unwrap();
        let builder = ChunkBuilder::new(grid, &p).unwrap();
        let (mut pos, mut nor, mut col) = (Vec::new(), Vec::new(), Vec::new());
        for (_, levels) in builder.build_all() {
            let m = &levels[0];
            // Skirt triangles are vertical: their normal is +y but their vertices share x or z.
            for t in 0..m.triangle_count() {
                let tri = &m.positions[3 * t..3 * t + 3];
                let vertical = (tri[0][0] == tri[1][0] && tri[1][0] == tri[2][0])
                    || (tri[0][2] == tri[1][2] && tri[1][2] == tri[2][2]);
                if !vertical {
                    pos.extend_from_slice(tri);
                    nor.extend_from_slice(&m.normals[3 * t..3 * t + 3]);
                    col.extend_from_slice(&m.colors[3 * t..3 * t + 3]);
                }
            }
        }
        assert_eq!(pos.len(), full.vertex_count());
        assert!(
            triangles(&pos, &nor, &col) == triangles(&full.positions, &full.normals, &full.colors),
            "level 0 differs from the full mesh at subdivisions {subdivisions}, shore colours {shore_colors}, blended {}",
            grid.blends_ground()
        );
    }
}

/// The top (surface) and bottom (skirt) heights a mesh has on the line where coordinate `axis`
/// equals `at`, keyed by the other coordinate's bits.
fn profile(mesh: &Mesh, axis: usize, at: f32) -> BTreeMap<u32, (f32, f32)> {
    let along = 2 - axis;
    let mut out: BTreeMap<u32, (f32, f32)> = BTreeMap::new();
    for p in &mesh.positions {
        if p[axis] == at {
            let e = out.entry(p[along].to_bits()).or_insert((p[1], p[1]));
            e.0 = e.0.max(p[1]);
            e.1 = e.1.min(p[1]);
        }
    }
    out
}

/// Linear interpolation of a profile (`top` or bottom) at `u`.
fn at(profile: &BTreeMap<u32, (f32, f32)>, u: f32, top: bool) -> f32 {
    let points: Vec<(f32, f32)> = profile
        .iter()
        .map(|(k, v)| (f32::from_bits(*k), if top { v.0 } else { v.1 }))
        .collect();
    let i = points
        .partition_point(|p| p.0 <= u)
        .clamp(1, points.len() - 1);
    let ((u0, y0), (u1, y1)) = (points[i - 1], points[i]);
    y0 + (y1 - y0) * ((u - u0) / (u1 - u0)).clamp(0.0, 1.0)
}

#[test]
fn no_crack_opens_at_any_pair_of_neighbouring_levels() {
    let grid = grid();
    for subdivisions in [1, 2] {
        let p = params(subdivisions, 4);
        let builder = ChunkBuilder::new(&grid, &p).unwrap();
        let layout = builder.layout;
        assert_eq!(layout.levels, 4);
        let all = builder.build_all();
        let find = |col: usize, row: usize| {
            &all.iter()
                .find(|(c, _)| c.column == col && c.row == row)
                .unwrap()
                .1
        };
        let step = p.cell_size / subdivisions as f32;
        let (columns, rows) = layout.grid_size();
        let mut checked = 0;
        for row in 0..rows {
            for col in 0..columns {
                let c = layout.chunk(col, row).unwrap();
                // The border with the right neighbour (x fixed) and the one below (z fixed).
                let mut pairs = Vec::new();
                if col + 1 < columns {
                    pairs.push((find(col + 1, row), 0, c.x1, c.z0..=c.z1));
                }
                if row + 1 < rows {
                    pairs.push((find(col, row + 1), 2, c.z1, c.x0..=c.x1));
                }
                for (other, axis, fixed, span) in pairs {
                    let line = (fixed * subdivisions as usize) as f32 * step;
                    assert_eq!(other.len(), layout.levels as usize);
                    for (a, mine) in find(col, row).iter().enumerate() {
                        for (b, theirs) in other.iter().enumerate() {
                            let pa = profile(mine, axis, line);
                            let pb = profile(theirs, axis, line);
                            let lattice = span.start() * subdivisions as usize
                                ..=span.end() * subdivisions as usize;
                            for t in lattice {
                                let u = t as f32 * step;
                                let (ta, tb) = (at(&pa, u, true), at(&pb, u, true));
                                let (ba, bb) = (at(&pa, u, false), at(&pb, u, false));
                                // The higher side's skirt reaches below the lower side's surface.
                                let covered = if ta >= tb {
                                    ba <= tb + 1e-4
                                } else {
                                    bb <= ta + 1e-4
                                };
                                assert!(covered, "crack at chunk ({col}, {row}) axis {axis} u {u}: levels {a}/{b}, tops {ta}/{tb}, bottoms {ba}/{bb}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}

#[test]
fn the_outer_edge_has_no_skirt() {
    let grid = grid();
    let p = params(1, 3);
    let builder = ChunkBuilder::new(&grid, &p).unwrap();
    let corner = builder.layout.chunk(0, 0).unwrap();
    let mesh = builder.build(&corner, 2);
    let inner_line = 20.0 * p.cell_size;
    for (axis, line) in [(0, 0.0), (2, 0.0)] {
        for (u, (top, bottom)) in profile(&mesh, axis, line) {
            // The inner border's skirt ends on the edge at the chunk's corner.
            if f32::from_bits(u) != inner_line {
                assert_eq!(top, bottom, "a skirt hangs under the map edge at {u}");
            }
        }
    }
    // The inner borders (x = 20 cells, z = 20 cells) do carry one.
    let inner = profile(&mesh, 0, 20.0 * p.cell_size);
    assert!(inner.values().all(|(top, bottom)| bottom < top));
}

#[test]
fn each_level_keeps_every_2_to_the_l_th_vertex() {
    let grid = grid();
    let builder = ChunkBuilder::new(&grid, &params(2, 4)).unwrap();
    let c = builder.layout.chunk(1, 1).unwrap();
    // 20 cells × 2 sub-vertices = 40 lattice steps a side; four inner borders.
    for level in 0..4u32 {
        let quads = 40usize.div_ceil(1 << level);
        let surface = quads * quads * 2;
        let skirts = 4 * quads * 4;
        assert_eq!(
            builder.build(&c, level).triangle_count(),
            surface + skirts,
            "level {level}"
        );
    }
}

#[test]
fn lod_ranges_follow_each_other() {
    let ranges: Vec<(f32, f32)> = (0..4).map(|l| lod_range(l, 4, 100.0)).collect();
    assert_eq!(
        ranges,
        vec![(0.0, 100.0), (100.0, 200.0), (200.0, 400.0), (400.0, 0.0)]
    );
    assert_eq!(lod_range(0, 1, 100.0), (0.0, 0.0));
}

#[test]
fn index_at_finds_the_chunk_holding_a_point() {
    let layout = ChunkLayout::new(64, 48, &params(1, 1));
    let chunks = layout.chunks();
    for (i, c) in chunks.iter().enumerate() {
        for (x, z) in [(c.x0, c.z0), (c.x1 - 1, c.z1 - 1)] {
            let (x, z) = (x as f32 + 0.5, z as f32 + 0.5);
            assert_eq!(layout.index_at(x, z), i, "({x}, {z}) in chunk {i}");
        }
    }
    assert_eq!(layout.index_at(-3.0, -1.0), 0);
    assert_eq!(layout.index_at(500.0, 500.0), chunks.len() - 1);
}

#[test]
fn a_quad_wider_than_a_cell_takes_the_mean_colour_of_its_cells() {
    let mut g = grid();
    // A checkerboard of two colours: a coarse quad over it is their mean, not one of them.
    for z in 0..g.depth() {
        for x in 0..g.width() {
            let i = g.index(x, z);
            g.color[i] = if (x + z) % 2 == 0 {
                [200, 40, 0]
            } else {
                [100, 0, 60]
            };
        }
    }
    let p = params(1, 3);
    let builder = ChunkBuilder::new(&g, &p).expect("valid");
    let chunk = builder.layout.chunk(0, 0).expect("a chunk");
    let coarse = builder.build(&chunk, 2);
    let quad = coarse.colors[0];
    assert_eq!(
        quad,
        [150.0 / 255.0, 20.0 / 255.0, 30.0 / 255.0, 1.0],
        "4 × 4 cells, half of each"
    );
    let fine = builder.build(&chunk, 0);
    let first = fine.colors[0];
    assert_eq!(
        first,
        [200.0 / 255.0, 40.0 / 255.0, 0.0, 1.0],
        "level 0 keeps its cell's colour"
    );
}

#[test]
fn skirts_are_shaded_like_the_ground_above_them() {
    let g = grid();
    let p = params(2, 3);
    let builder = ChunkBuilder::new(&g, &p).expect("valid");
    let chunk = builder.layout.chunk(1, 1).expect("an inner chunk");
    let mesh = builder.build(&chunk, 1);
    let surface = (chunk.x1 - chunk.x0) * (chunk.z1 - chunk.z0) * 4 / 4 * 6;
    let skirts = &mesh.normals[surface..];
    assert!(!skirts.is_empty());
    assert!(skirts.iter().all(|n| n[1] > 0.0), "facing up");
    assert!(
        skirts.iter().any(|n| n[1] < 0.999),
        "not all flat: they follow the slope of the ground"
    );
}
