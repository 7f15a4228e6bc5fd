use super::far_rivers::FAR_RIVER_LEVEL;
use super::*;

/// A generated 80 × 64 map with lakes and rivers, in 24-cell chunks of 3 levels.
fn map(subdivisions: u32) -> (Grid, MeshParams) {
    let mut params = crate::params::GeneratorParams::default();
    (params.width, params.depth) = (80, 64);
    params.water.river_catchment = 40.0;
    let (grid, _) = crate::stages::generate::generate(&params, Default::default()).unwrap();
    let mesh = MeshParams {
        chunk_size: 24,
        lod_levels: 3,
        subdivisions,
        cell_size: 1.5,
        ..Default::default()
    };
    (grid, mesh)
}

/// Area of the mesh's triangles seen from above.
fn area(m: &WaterMesh) -> f32 {
    let p = &m.mesh.positions;
    (0..p.len() / 3)
        .map(|t| {
            let [a, b, c] = [p[3 * t], p[3 * t + 1], p[3 * t + 2]];
            let (ux, uz, vx, vz) = (b[0] - a[0], b[2] - a[2], c[0] - a[0], c[2] - a[2]);
            (ux * vz - uz * vx).abs() / 2.0
        })
        .sum()
}

/// The triangles of a mesh as sortable bit patterns (positions, normal, colour, `uv2`).
fn triangles(m: &WaterMesh) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = (0..m.vertex_count() / 3)
        .map(|t| {
            (3 * t..3 * t + 3)
                .flat_map(|v| {
                    let mesh = &m.mesh;
                    (mesh.positions[v].iter().chain(&mesh.normals[v]))
                        .chain(&mesh.colors[v])
                        .chain(&m.uv2[v])
                        .map(|f| f.to_bits())
                        .collect::<Vec<_>>()
                })
                .collect()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn level_0_holds_the_full_surface_bit_for_bit() {
    for sub in [1, 2] {
        let (grid, params) = map(sub);
        let whole = build_water_mesh(&grid, &params).unwrap();
        let lod = WaterLevels::new(&grid, &params).unwrap();
        let built: Vec<WaterMesh> = (lod.layout.chunks().iter())
            .map(|c| lod.build(c, 0))
            .collect();
        assert!(built.iter().filter(|p| p.vertex_count() > 0).count() > 1);
        let mut joined = WaterMesh::default();
        for piece in &built {
            joined.mesh.positions.extend(&piece.mesh.positions);
            joined.mesh.normals.extend(&piece.mesh.normals);
            joined.mesh.colors.extend(&piece.mesh.colors);
            joined.uv2.extend(&piece.uv2);
        }
        assert_eq!(
            joined.vertex_count(),
            whole.vertex_count(),
            "subdivisions {sub}"
        );
        assert!(
            triangles(&joined) == triangles(&whole),
            "subdivisions {sub}"
        );
    }
}

/// Height of the terrain `mesh`'s surface triangles (skirts left out: they are vertical) over
/// `(x, z)`, if one covers it.
fn terrain_height(mesh: &crate::outputs::mesh::Mesh, x: f32, z: f32) -> Option<f32> {
    let p = &mesh.positions;
    (0..p.len() / 3).find_map(|t| {
        let [a, b, c] = [p[3 * t], p[3 * t + 1], p[3 * t + 2]];
        let det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
        if det.abs() < 1e-9 {
            return None;
        }
        let u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / det;
        let v = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / det;
        let eps = 1e-4;
        (u >= -eps && v >= -eps && u + v <= 1.0 + eps)
            .then(|| a[1] + (b[1] - a[1]) * u + (c[1] - a[1]) * v)
    })
}

#[test]
fn the_coarse_shoreline_lies_on_the_coarse_ground() {
    let (grid, params) = map(2);
    let lod = WaterLevels::new(&grid, &params).unwrap();
    let ground = crate::outputs::mesh::chunks::ChunkBuilder::new(&grid, &params).unwrap();
    let mut coarse_shore = 0;
    for chunk in lod.layout.chunks() {
        let fine = ground.build(&chunk, 0);
        for level in 1..lod.layout.levels {
            let (water, terrain) = (lod.build(&chunk, level), ground.build(&chunk, level));
            for (p, d) in water.mesh.positions.iter().zip(&water.uv2) {
                if d[1] > 0.0 && level >= FAR_RIVER_LEVEL {
                    continue; // A far river's strip: see `far_rivers_are_strips_...`.
                }
                // The depth is the water over the ground drawn at the same level (open water) or
                // at full detail (the cells kept whole).
                let off = |mesh| terrain_height(mesh, p[0], p[2]).map(|h| (p[1] - d[0] - h).abs());
                let coarse = off(&terrain).expect("coarse ground under the water");
                let full = off(&fine).expect("ground under the water");
                assert!(
                    coarse.min(full) < 1e-3,
                    "level {level}: {p:?} depth {}",
                    d[0]
                );
                coarse_shore += usize::from(d[0] == 0.0 && coarse < 1e-3 && full >= 1e-3);
            }
        }
    }
    assert!(
        coarse_shore > 20,
        "{coarse_shore} shores on the coarse ground only"
    );
}

/// The river triangles of a mesh (those with a river width), as a mesh of their own.
fn rivers_of(m: &WaterMesh) -> WaterMesh {
    let mut only = WaterMesh::default();
    for t in (0..m.vertex_count() / 3).filter(|t| m.uv2[3 * t][1] > 0.0) {
        for v in 3 * t..3 * t + 3 {
            only.mesh.positions.push(m.mesh.positions[v]);
            only.mesh.normals.push(m.mesh.normals[v]);
            only.mesh.colors.push(m.mesh.colors[v]);
            only.uv2.push(m.uv2[v]);
        }
    }
    only
}

#[test]
fn rivers_keep_their_full_detail_below_the_far_river_level() {
    let (grid, params) = map(1);
    let lod = WaterLevels::new(&grid, &params).unwrap();
    let mut checked = 0;
    for chunk in lod.layout.chunks() {
        let full = triangles(&rivers_of(&lod.build(&chunk, 0)));
        checked += full.len();
        for level in 1..FAR_RIVER_LEVEL {
            assert!(
                triangles(&rivers_of(&lod.build(&chunk, level))) == full,
                "level {level}"
            );
        }
    }
    assert!(checked > 50, "{checked} river triangles");
}

#[test]
fn far_rivers_are_strips_as_wide_as_the_river_over_the_coarse_ground() {
    for sub in [1, 2] {
        let (grid, params) = map(sub);
        let lod = WaterLevels::new(&grid, &params).unwrap();
        let ground = crate::outputs::mesh::chunks::ChunkBuilder::new(&grid, &params).unwrap();
        let level = FAR_RIVER_LEVEL;
        let step = 1usize << level;
        let (mut full_area, mut strip_area, mut full_tris, mut strip_tris) = (0.0, 0.0, 0, 0);
        for chunk in lod.layout.chunks() {
            let full = rivers_of(&lod.build(&chunk, 0));
            let strips = rivers_of(&lod.build(&chunk, level));
            (full_area, strip_area) = (full_area + area(&full), strip_area + area(&strips));
            full_tris += full.vertex_count() / 3;
            strip_tris += strips.vertex_count() / 3;
            // At most one strip per coarse quad, cut by the chunk's edges into six triangles.
            let quads = (chunk.x1 - chunk.x0) * (chunk.z1 - chunk.z0) * sub as usize * sub as usize
                / (step * step)
                + 1;
            assert!(strips.vertex_count() / 3 <= 6 * quads);
            let terrain = ground.build(&chunk, level);
            for p in &strips.mesh.positions {
                let h = terrain_height(&terrain, p[0], p[2]).expect("coarse ground");
                assert!(
                    p[1] >= h - 1e-3,
                    "a strip under the coarse ground: {p:?} over {h}"
                );
            }
        }
        assert!(full_tris > 100, "{full_tris} river triangles");
        assert!(
            strip_tris * 3 < full_tris,
            "subdivisions {sub}: {strip_tris} strip triangles against {full_tris}"
        );
        // The strips cover as much water as the rivers' full detail shows, up to their cut ends.
        assert!(
            (strip_area - full_area).abs() < 0.15 * full_area,
            "subdivisions {sub}: {strip_area} against {full_area}"
        );
    }
}

#[test]
fn coarse_levels_cost_less_and_cover_the_same_water() {
    let (grid, params) = map(2);
    let lod = WaterLevels::new(&grid, &params).unwrap();
    let all = lod.build_all();
    assert_eq!(lod.layout.levels, 3);
    let total = |level: usize| -> (usize, f32) {
        let v = all.iter().map(|l| l[level].vertex_count()).sum();
        (v, all.iter().map(|l| area(&l[level])).sum())
    };
    let (v0, a0) = total(0);
    assert!(a0 > 0.0);
    for level in 1..3 {
        let (v, a) = total(level);
        assert!(
            v < total(level - 1).0,
            "level {level}: {v} vertices against {}",
            total(level - 1).0
        );
        // The coarse shoreline follows the coarse ground, so the water's extent stays close.
        assert!(
            (a - a0).abs() < 0.25 * a0,
            "level {level}: area {a} against {a0}"
        );
        assert!(v < v0);
    }
}

#[test]
fn coarse_water_stays_in_its_chunk_with_depths_of_at_least_zero() {
    let (grid, params) = map(1);
    let lod = WaterLevels::new(&grid, &params).unwrap();
    for (chunk, levels) in lod.layout.chunks().iter().zip(lod.build_all()) {
        for (level, piece) in levels.iter().enumerate() {
            assert_eq!(piece.uv2.len(), piece.vertex_count());
            assert_eq!(piece.mesh.colors.len(), piece.vertex_count());
            assert!(piece.uv2.iter().all(|d| d[0] >= 0.0), "level {level}");
            let eps = 1e-3;
            for p in &piece.mesh.positions {
                let (x, z) = (p[0] / params.cell_size, p[2] / params.cell_size);
                assert!(x >= chunk.x0 as f32 - eps && x <= chunk.x1 as f32 + eps);
                assert!(z >= chunk.z0 as f32 - eps && z <= chunk.z1 as f32 + eps);
                assert!(p[1].is_finite());
            }
        }
    }
}

#[test]
fn a_flat_lake_stays_at_its_level_at_every_level() {
    let g = super::tests::lake_bowl((32, 32), (15.5, 15.5), 0.002, 0.4);
    let params = MeshParams {
        chunk_size: 16,
        lod_levels: 4,
        cell_size: 2.0,
        ..Default::default()
    };
    let lod = WaterLevels::new(&g, &params).unwrap();
    let all = lod.build_all();
    let level_area = |l: usize| all.iter().map(|c| area(&c[l])).sum::<f32>();
    for level in 0..lod.layout.levels as usize {
        for piece in all.iter().map(|c| &c[level]) {
            for p in &piece.mesh.positions {
                assert_eq!(p[1], 0.4 * params.height_scale, "level {level}");
            }
        }
        // The ground is convex, so the coarse ground lies above it and the lake shrinks a little.
        let a = level_area(level);
        assert!(
            a > 0.75 * level_area(0) && a <= level_area(0) * 1.001,
            "level {level}: {a}"
        );
    }
}

#[test]
fn the_chunk_builders_water_shares_its_heights_and_builds_the_same_levels() {
    use crate::outputs::mesh::chunks::ChunkBuilder;
    use crate::outputs::mesh::HeightSource;
    for sub in [1, 2] {
        let (grid, params) = map(sub);
        let own = WaterLevels::new(&grid, &params).unwrap();
        let builder = ChunkBuilder::new(&grid, &params).unwrap();
        let lean = ChunkBuilder::lean(&grid, &params).unwrap();
        let shared = builder.water_levels().unwrap();
        let shared_lean = lean.water_levels().unwrap();
        match (&shared.terrain, builder.ground()) {
            (HeightSource::Planes(a), HeightSource::Planes(b)) => {
                assert!(std::sync::Arc::ptr_eq(a, b))
            }
            _ => panic!("the builder's water reads other heights"),
        }
        assert!(matches!(shared_lean.terrain, HeightSource::Cells(_)));
        for chunk in own.layout.chunks() {
            for level in 0..own.layout.levels {
                let water = own.build(&chunk, level);
                assert!(water == shared.build(&chunk, level));
                assert!(water == shared_lean.build(&chunk, level));
                assert!(builder.build(&chunk, level) == lean.build(&chunk, level));
            }
        }
    }
}
