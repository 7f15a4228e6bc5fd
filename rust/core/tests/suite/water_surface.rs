//! The water surface on generated terrains: shorelines on the terrain, depths never negative and 0
//! on the shore, rivers that never rise downstream and widen with their flow, wetland pools when
//! biomes are on, and the same bits on every thread count.

use donjourno::outputs::mesh::surface_height;
use donjourno::outputs::mesh::water_surface::levels::{
    pool_depth, pool_level, standing_water_weight, POOL_MIN_WEIGHT,
};
use donjourno::outputs::mesh::water_surface::{build_water_mesh, water_height, WaterMesh};
use donjourno::params::MeshParams;
use donjourno::params::TerrainParams;
use donjourno::stages::hydrology::{river_width_metres, ChannelEnd, Hydrology};
use donjourno::stages::landform::pool::HybridTerrain;
use donjourno::stages::pipeline::Layer;
use donjourno::{generate, Context, GeneratorParams, Grid, Terrain, WaterKind, WaterParams};

/// An eroded mountain pool with lakes and rivers, and its drainage.
fn watered(
    size: usize,
    seed: u64,
    water: WaterParams,
) -> (Grid, donjourno::stages::hydrology::Drainage) {
    watered_on(size, seed, water, 1.0, TerrainParams::default().edge_width)
}

/// As [`watered`], the water stage on cells of `cell_size` metres, the patches' edges rising to
/// the peak over `edge_width` metres.
fn watered_on(
    size: usize,
    seed: u64,
    water: WaterParams,
    cell_size: f32,
    edge_width: f32,
) -> (Grid, donjourno::stages::hydrology::Drainage) {
    let terrain = TerrainParams {
        coverage: 0.55,
        edge_width,
        // 8,000 droplets on the map.
        droplet_density: 8000.0 / (size * size) as f32,
        ..Default::default()
    };
    let layer = HybridTerrain {
        lakes: water.erosion_lakes(1.0),
        ..HybridTerrain::new(seed, terrain)
    };
    let mut grid = Grid::new(size, size);
    layer.apply(&mut grid, &mut Context::default()).unwrap();
    let drainage = Hydrology {
        cell_size,
        ..Hydrology::new(seed, water)
    }
    .run(&mut grid, &mut Context::default())
    .unwrap()
    .unwrap();
    (grid, drainage)
}

/// Rivers from 50 m² of catchment: half a metre wide, as narrow as a 1 m cell draws.
fn river_water() -> WaterParams {
    WaterParams {
        river_catchment: 50.0,
        ..Default::default()
    }
}

/// Every vertex: depth ≥ 0 and equal to the water above the rendered ground; returns the number
/// of shoreline vertices (depth 0).
fn check_depths(grid: &Grid, params: &MeshParams, water: &WaterMesh) -> usize {
    let mut shore = 0;
    for (p, uv) in water.mesh.positions.iter().zip(&water.uv2) {
        assert!(uv[0] >= 0.0, "negative depth {uv:?} at {p:?}");
        let ground = surface_height(grid, params, p[0], p[2]).unwrap();
        let tolerance = 2e-3 * params.height_scale;
        assert!(
            (p[1] - ground - uv[0]).abs() <= tolerance,
            "{p:?}: depth {} but ground {ground}",
            uv[0]
        );
        shore += usize::from(uv[0] == 0.0);
    }
    shore
}

#[test]
fn shorelines_lie_on_the_terrain_and_depths_are_never_negative() {
    let (grid, _) = watered(96, 5, river_water());
    assert!(!grid.lakes.is_empty(), "the map has lakes");
    for (subdivisions, roughness_strength) in [(1, 0.0), (2, 1.0), (3, 0.5)] {
        let params = MeshParams {
            subdivisions,
            roughness_strength,
            ..Default::default()
        };
        let water = build_water_mesh(&grid, &params).unwrap();
        assert_eq!(water.uv2.len(), water.vertex_count());
        let shore = check_depths(&grid, &params, &water);
        assert!(shore > 50, "{shore} shoreline vertices");
        // Every lake shows water over its deepest cell, and exactly at its level where the lake
        // surrounds the cell.
        let mut inner = 0;
        for lake in &grid.lakes {
            let (x, z) = grid.xz(lake.lowest as usize);
            let (cx, cz) = (
                (x as f32 + 0.5) * params.cell_size,
                (z as f32 + 0.5) * params.cell_size,
            );
            assert!(
                water_height(&grid, &params, cx, cz).is_some(),
                "lake {} is dry",
                lake.id
            );
            for i in 0..grid.len() {
                let (x, z) = grid.xz(i);
                let surrounded = (x > 0 && z > 0 && x + 1 < grid.width() && z + 1 < grid.depth())
                    && (z - 1..=z + 1).all(|nz| {
                        (x - 1..=x + 1).all(|nx| grid.lake[grid.index(nx, nz)] == lake.id)
                    });
                if surrounded {
                    let (cx, cz) = (
                        (x as f32 + 0.5) * params.cell_size,
                        (z as f32 + 0.5) * params.cell_size,
                    );
                    let y = water_height(&grid, &params, cx, cz).unwrap();
                    assert_eq!(
                        y,
                        lake.level * params.height_scale,
                        "lake {} at {x}, {z}",
                        lake.id
                    );
                    inner += 1;
                }
            }
        }
        assert!(inner > 0, "no lake cell inside a lake");
    }
}

#[test]
fn rivers_never_rise_downstream() {
    for seed in [4, 9] {
        let water = river_water();
        // Steep patch edges: rivers run down the mountains more than across the flat ground.
        let (grid, drainage) = watered_on(96, seed, water, 1.0, 6.0);
        let (mut steps, mut falling) = (0, 0);
        for line in &drainage.rivers {
            for pair in line.cells.windows(2) {
                let (a, b) = (pair[0] as usize, pair[1] as usize);
                let (here, below) = (grid.water_level[a], grid.water_level[b]);
                assert!(
                    here >= below,
                    "seed {seed}: cell {a} at {here} drains up to {b} at {below}"
                );
                steps += 1;
                falling += usize::from(here > below);
            }
            for &c in &line.cells {
                let c = c as usize;
                assert!(
                    grid.water_level[c] >= grid.height[c],
                    "the channel's water lies above its bed"
                );
            }
            assert!(line.surface.windows(2).all(|s| s[0] >= s[1]));
        }
        assert!(steps > 100, "seed {seed}: {steps} river steps");
        assert!(
            falling > steps / 4,
            "seed {seed}: the rivers slope ({falling} of {steps})"
        );
    }
}

/// The unit tangents of a line every half cell along it.
fn tangents(points: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut out = Vec::new();
    for pair in points.windows(2) {
        let (dx, dz) = (pair[1][0] - pair[0][0], pair[1][1] - pair[0][1]);
        let len = (dx * dx + dz * dz).sqrt();
        if len == 0.0 {
            continue;
        }
        for _ in 0..((len / 0.5).round() as usize).max(1) {
            out.push([dx / len, dz / len]);
        }
    }
    out
}

/// Cells of arc within which a river may not turn by a right angle.
const SHORTEST_RIGHT_ANGLE: usize = 3;

#[test]
fn rivers_curve_along_smoothed_centre_lines() {
    let (mut stretches, mut sharp) = (0usize, Vec::new());
    for seed in [4, 9] {
        let (_, drainage) = watered(96, seed, river_water());
        for (k, line) in drainage.rivers.iter().enumerate() {
            let t = tangents(&line.points[line.own.0..]);
            let span = 2 * SHORTEST_RIGHT_ANGLE;
            for a in 0..t.len() {
                for b in a + 1..t.len().min(a + span + 1) {
                    stretches += 1;
                    if t[a][0] * t[b][0] + t[a][1] * t[b][1] <= 0.0 {
                        sharp.push((seed, k, a, b));
                    }
                }
            }
        }
    }
    assert!(stretches > 1000, "{stretches} stretches");
    assert!(
        sharp.is_empty(),
        "right-angle turns within {SHORTEST_RIGHT_ANGLE} cells: {} of {stretches}, first {:?}",
        sharp.len(),
        &sharp[..sharp.len().min(5)]
    );
}

#[test]
fn tributaries_meet_their_river_on_its_line_without_a_step() {
    let mut joins = 0;
    for seed in [4, 9] {
        let (grid, drainage) = watered(96, seed, river_water());
        for line in &drainage.rivers {
            let ChannelEnd::Joins(parent) = line.end else {
                continue;
            };
            let parent = &drainage.rivers[parent];
            let (end, level) = (*line.points.last().unwrap(), *line.surface.last().unwrap());
            let k = parent.points.iter().position(|&p| p == end);
            let k = k.expect("a tributary ends on a point of its river's line");
            assert_eq!(
                level, parent.surface[k],
                "the tributary ends at its river's surface"
            );
            // The water of the tributary's last own cell is not below its river's at the joint.
            if let Some(&last) = line.cells.last() {
                let here = grid.water_level[last as usize];
                assert!(
                    here >= level,
                    "a tributary at {here} steps up into its river at {level}"
                );
            }
            joins += 1;
        }
    }
    assert!(joins > 10, "{joins} confluences");
}

#[test]
fn rivers_widen_with_their_flow() {
    let water = river_water();
    let (grid, drainage) = watered(96, 4, water);
    let mut widths: Vec<f32> = Vec::new();
    for line in &drainage.rivers {
        assert!(
            line.width.windows(2).all(|w| w[0] <= w[1]),
            "more flow, narrower"
        );
        let narrowest = line.width[line.own.0];
        for &c in &line.cells {
            let width = grid.river_width[c as usize];
            assert!(
                width >= narrowest,
                "{width} m under a river {narrowest} m wide"
            );
            widths.push(width);
        }
    }
    widths.sort_by(f32::total_cmp);
    assert!(widths.len() > 100);
    // Drawn rivers are at least half a cell (of 1 m) wide.
    let (narrow, wide) = (widths[0], widths[widths.len() - 1]);
    assert!(narrow >= 0.5 && wide > 2.0 * narrow, "{narrow} .. {wide}");
    // Dry cells carry no width; every river cell does.
    for i in 0..grid.len() {
        assert_eq!(
            grid.river_width[i] > 0.0,
            grid.water[i] == WaterKind::River,
            "cell {i}"
        );
    }
}

#[test]
fn river_widths_are_in_metres_at_every_cell_size() {
    let water = river_water();
    for cell in [0.5f32, 2.0, 4.0] {
        let (grid, drainage) = watered_on(96, 4, water, cell, TerrainParams::default().edge_width);
        let threshold = water.river_threshold(cell);
        let mut channels = 0;
        for line in &drainage.rivers {
            // A line's widths are its catchment's, in metres.
            let own = &line.width[line.own.0..line.own.1];
            assert!(
                own[0] >= river_width_metres(threshold, cell),
                "{cell} m cells"
            );
            assert!(
                2.0 * own[0] >= cell,
                "{cell} m cells: a river narrower than half a cell"
            );
            for &c in &line.cells {
                assert!(grid.river_width[c as usize] >= own[0], "{cell} m cells");
                channels += 1;
            }
        }
        assert!(channels > 20, "{cell} m cells: {channels} channel cells");
    }
}

fn wetland_map(biomes: bool) -> GeneratorParams {
    let mut p = GeneratorParams::preset("continent").unwrap();
    p.seed = 3;
    (p.width, p.depth) = (128, 128);
    p.set_droplet_count(8000);
    p.climate.temperature_range = 22.0;
    p.climate.feature_scale = 0.6;
    p.biomes.enabled = biomes;
    p
}

#[test]
fn wetlands_hold_shallow_pools_when_biomes_are_on() {
    let p = wetland_map(true);
    let (grid, _) = generate(&p, Default::default()).unwrap();
    let params = p.mesh_params(MeshParams::default());
    let wet: Vec<usize> = (0..grid.len())
        .filter(|&i| {
            standing_water_weight(&grid, i) >= POOL_MIN_WEIGHT && grid.terrain[i] != Terrain::Water
        })
        .collect();
    assert!(wet.len() > 20, "{} wetland and mangrove cells", wet.len());
    let pools: Vec<usize> = wet
        .iter()
        .copied()
        .filter(|&i| {
            let (x, z) = grid.xz(i);
            pool_level(&grid, &params, x, z).is_some()
        })
        .collect();
    assert!(
        !pools.is_empty() && pools.len() < wet.len(),
        "{} pools of {}",
        pools.len(),
        wet.len()
    );
    // Pool water shows on the surface, shallow, over dry (non-water) cells.
    let shown = pools
        .iter()
        .filter(|&&i| {
            let (x, z) = grid.xz(i);
            let s = params.cell_size;
            let (cx, cz) = ((x as f32 + 0.5) * s, (z as f32 + 0.5) * s);
            water_height(&grid, &params, cx, cz).is_some_and(|y| {
                let depth = y - surface_height(&grid, &params, cx, cz).unwrap();
                depth > 0.0 && depth <= 2.0 * pool_depth(params.cell_size)
            })
        })
        .count();
    assert!(shown > 0, "no pool shows water ({} pools)", pools.len());
    check_depths(&grid, &params, &build_water_mesh(&grid, &params).unwrap());
    // Without biomes there are no pools.
    let (plain, _) = generate(&wetland_map(false), Default::default()).unwrap();
    assert!((0..plain.len()).all(|i| {
        let (x, z) = plain.xz(i);
        pool_level(&plain, &params, x, z).is_none()
    }));
}

#[test]
fn the_water_mesh_is_identical_on_1_2_and_8_threads() {
    let (grid, _) = watered(80, 9, river_water());
    let params = MeshParams {
        subdivisions: 2,
        ..Default::default()
    };
    let build = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| build_water_mesh(&grid, &params).unwrap().hash())
    };
    let reference = build(1);
    for threads in [2, 8] {
        assert_eq!(build(threads), reference, "{threads} threads differ");
    }
}
