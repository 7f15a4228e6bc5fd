use super::*;
use crate::data::grid::Grid;
use crate::outputs::mesh::{build_mesh, Mesh};
use crate::params::GeneratorParams;
use crate::params::HeightModel;
use crate::params::MeshParams;
use crate::stages::generate::generate;

/// The continent preset as an endless world of 32-cell tiles (cell size 40 m, so origins moved
/// by whole cells stay exact in `f32`).
fn world(biomes: bool) -> GeneratorParams {
    let mut p = GeneratorParams::preset("continent").expect("built in");
    p.world_mode = WorldMode::Infinite;
    p.tile_size = 32;
    p.origin_x = -2560.0;
    p.origin_z = -2560.0;
    p.biomes.enabled = biomes;
    p
}

/// First world cell and size of the bounded map the tiles are compared with.
const MAP: (i64, i64, u32, u32) = (-100, -100, 180, 180);
/// Tiles inside it, at least an apron (48 cells with biomes) from its borders.
const TILES: [TileCoord; 3] = [
    TileCoord::new(-1, -1),
    TileCoord::new(0, -1),
    TileCoord::new(0, 0),
];

/// The bounded map over world cells `MAP`: a plain map whose origin lies `MAP.0/1` cells from the
/// world's origin, generated with `generate` in infinite mode.
fn bounded(params: &GeneratorParams) -> Grid {
    let cs = f64::from(params.cell_size);
    let shift = |o: f32, cells: i64| {
        let v = f64::from(o) + cells as f64 * cs;
        assert_eq!(f64::from(v as f32), v, "the test's origins are exact");
        v as f32
    };
    let p = GeneratorParams {
        width: MAP.2,
        depth: MAP.3,
        origin_x: shift(params.origin_x, MAP.0),
        origin_z: shift(params.origin_z, MAP.1),
        ..*params
    };
    generate(&p, Default::default()).expect("valid").0
}

/// Where tile `c`'s first cell lies in the bounded map.
fn at(params: &GeneratorParams, c: TileCoord) -> (usize, usize) {
    let (x0, z0) = c.first_cell(params.tile_size);
    ((x0 - MAP.0) as usize, (z0 - MAP.1) as usize)
}

/// Every per-cell plane of the tile equals the bounded map's window, bit for bit.
fn assert_window(tile: &Tile, map: &Grid, (x0, z0): (usize, usize)) {
    let t = tile.size();
    let window = crop::window(map, x0, z0, t, t).expect("inside the map");
    let g = &tile.grid;
    let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&g.height), bits(&window.height), "heights");
    assert_eq!(g.water, window.water, "water kinds");
    assert_eq!(bits(&g.water_level), bits(&window.water_level));
    assert_eq!(
        bits(&g.temperature),
        bits(&window.temperature),
        "temperature"
    );
    assert_eq!(bits(&g.moisture), bits(&window.moisture), "moisture");
    assert_eq!(g.biome(), window.biome(), "biome ids");
    assert_eq!(g.biome_weights(), window.biome_weights(), "biome weights");
    assert_eq!(g.terrain, window.terrain, "terrain and trees");
    assert_eq!(g.color, window.color, "colours");
    assert!(
        g.roughness.iter().all(|&r| r == 0.0),
        "no erosion, no jitter"
    );
}

#[test]
fn a_tile_equals_the_window_of_a_bounded_map() {
    for biomes in [false, true] {
        let params = world(biomes);
        let map = bounded(&params);
        let (mut sea, mut land) = (0, 0);
        for c in TILES {
            let tile = generate_tile(&params, c).expect("valid");
            assert_eq!(tile.size(), 32);
            assert_window(&tile, &map, at(&params, c));
            sea += tile
                .grid
                .water
                .iter()
                .filter(|w| **w != crate::data::water::WaterKind::Dry)
                .count();
            land += tile
                .grid
                .water
                .iter()
                .filter(|w| **w == crate::data::water::WaterKind::Dry)
                .count();
        }
        assert!(
            sea > 50 && land > 50,
            "the tiles cross a coast: {sea} {land}"
        );
        if biomes {
            let kinds: std::collections::BTreeSet<u8> = map.biome().iter().copied().collect();
            assert!(kinds.len() >= 3, "{kinds:?}");
        }
    }
}

/// The vertices of `mesh` on the line `x = at` (`along_x` false) or `z = at`, keyed by their
/// other coordinate's bits, with their height's bits.
fn edge(mesh: &Mesh, along_x: bool, at: f32) -> std::collections::BTreeMap<u32, u32> {
    let (fixed, free) = if along_x { (2, 0) } else { (0, 2) };
    mesh.positions
        .iter()
        .filter(|p| p[fixed] == at)
        .map(|p| (p[free].to_bits(), p[1].to_bits()))
        .collect()
}

/// Every triangle of the tile's mesh has the height, normal and colour of the same triangle of
/// the bounded map's mesh.
fn assert_mesh_window(
    tile: &Mesh,
    map: &Mesh,
    t: usize,
    w: usize,
    (x0, z0): (usize, usize),
    n: usize,
) {
    let per_cell = n * n * 6;
    for z in 0..t {
        for x in 0..t {
            for k in 0..per_cell {
                let i = (z * t + x) * per_cell + k;
                let j = ((z + z0) * w + x + x0) * per_cell + k;
                assert_eq!(
                    tile.positions[i][1].to_bits(),
                    map.positions[j][1].to_bits()
                );
                assert_eq!(tile.normals[i], map.normals[j], "normal at cell {x},{z}");
                assert_eq!(tile.colors[i], map.colors[j]);
            }
        }
    }
}

#[test]
fn shared_edges_give_equal_heights_normals_and_colours() {
    let params = world(true);
    let map = bounded(&params);
    let mesh = MeshParams {
        subdivisions: 2,
        ..params.mesh_params(MeshParams::default())
    };
    let map_mesh = build_mesh(&map, &mesh).expect("within budget");
    let tiles: Vec<(Tile, Mesh)> = TILES
        .iter()
        .map(|&c| {
            let tile = generate_tile(&params, c).expect("valid");
            let m = tile.mesh(&mesh).expect("within budget");
            assert_mesh_window(&m, &map_mesh, 32, MAP.2 as usize, at(&params, c), 2);
            (tile, m)
        })
        .collect();
    let side = 32.0 * params.cell_size;
    // (-1, -1) | (0, -1) along x, then (0, -1) / (0, 0) along z.
    for (a, b, along_x) in [(0, 1, false), (1, 2, true)] {
        let (ea, eb) = (
            edge(&tiles[a].1, along_x, side),
            edge(&tiles[b].1, along_x, 0.0),
        );
        assert_eq!(ea.len(), 32 * 2 + 1);
        assert_eq!(ea, eb, "tiles {a} and {b}");
    }
    let ta = &tiles[0].0;
    let tb = &tiles[1].0;
    for z in 0..=32 {
        assert_eq!(
            ta.corner_height[z * 33 + 32],
            tb.corner_height[z * 33],
            "corner row {z}"
        );
    }
}

#[test]
fn tiles_are_the_same_on_every_thread_count_and_in_any_order() {
    let params = world(true);
    let run = |threads: usize, order: [TileCoord; 2]| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let mut tiles: Vec<Tile> = pool.install(|| {
            order
                .iter()
                .map(|&c| generate_tile(&params, c).expect("valid"))
                .collect()
        });
        tiles.sort_by_key(|t| t.coord);
        tiles
            .into_iter()
            .map(|t| (t.grid, t.corner_height))
            .collect::<Vec<_>>()
    };
    let (a, b) = (TileCoord::new(3, -2), TileCoord::new(-5, 7));
    let one = run(1, [a, b]);
    assert_eq!(one, run(3, [b, a]));
    assert_eq!(one, run(2, [a, b]));
    assert_ne!(one[0].0.height, one[1].0.height);
}

#[test]
fn the_height_off_tiles_matches_the_tiles_cells() {
    for biomes in [false, true] {
        let params = world(biomes);
        let c = TileCoord::new(0, -1);
        let tile = generate_tile(&params, c).expect("valid");
        let (x0, z0) = c.first_cell(params.tile_size);
        let frame = crate::data::frame::MapFrame::at_cell(&params, x0, z0);
        for (x, z) in [(0, 0), (31, 0), (5, 17), (31, 31), (12, 30), (20, 8)] {
            let (wx, wz) = frame.world(x as f64, z as f64);
            let h = height_at_world(&params, wx, wz);
            let i = tile.grid.index(x, z);
            assert_eq!(
                h.to_bits(),
                tile.grid.height[i].to_bits(),
                "{biomes} {x},{z}"
            );
        }
        let between = height_at_world(&params, frame.world(3.5, 4.25).0, frame.world(3.5, 4.25).1);
        assert!(between.is_finite());
    }
}

#[test]
fn tile_params_turn_the_bounded_stages_off_and_cover_the_apron() {
    let mut params = world(true);
    params.world_mode = WorldMode::Bounded;
    params.landscape.age = 1.0;
    let a = apron(&params);
    assert_eq!(a, 48, "coast 6, shaped 6, shadow 41, ring 1");
    let p = tile_params(&params, TileCoord::new(2, -1));
    assert_eq!((p.width, p.depth), (32 + 2 * a, 32 + 2 * a));
    assert_eq!(p.world_mode, WorldMode::Infinite);
    assert_eq!(p.terrain.droplet_density, 0.0);
    assert!(
        !p.landscape.is_on(),
        "endless tiles skip the landscape evolution"
    );
    assert!(!p.water.lakes_enabled && !p.water.rivers_enabled && p.edge_falloff_width == 0.0);
    let cs = params.cell_size;
    assert_eq!(p.origin_x, params.origin_x + (64.0 - a as f32) * cs);
    assert_eq!(p.origin_z, params.origin_z + (-32.0 - a as f32) * cs);
    assert_eq!(apron(&world(false)), 2);
}

#[test]
fn infinite_worlds_need_a_height_function_of_position() {
    let mut params = world(false);
    params.height_model = HeightModel::Subdivision;
    let err = params.validate().unwrap_err();
    assert_eq!(err.field, "world_mode");
    assert!(
        err.to_string().contains("height_model subdivision"),
        "{err}"
    );
    assert!(generate_tile(&params, TileCoord::default()).is_err());
    params.world_mode = WorldMode::Bounded;
    assert!(params.validate().is_ok());
    // A bounded parameter set may still ask for tiles of its continents.
    params.height_model = HeightModel::Continents;
    assert!(generate_tile(&params, TileCoord::default()).is_ok());
}

#[test]
fn infinite_generation_runs_no_droplet_and_marks_the_sea_below_its_level() {
    let mut params = world(false);
    params.width = 64;
    params.depth = 64;
    let (grid, stats) = generate(&params, Default::default()).expect("valid");
    assert_eq!(stats.erosion_steps, 0);
    assert!(grid.lakes.is_empty());
    for i in 0..grid.len() {
        let sea = grid.height[i] < grid.sea_level;
        assert_eq!(grid.water[i] == crate::data::water::WaterKind::Sea, sea);
    }
}
