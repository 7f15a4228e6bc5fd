//! Navigation that stays dry and queries that agree, searched over many worlds: seeds, sizes from
//! 128² to 512², coverages, the three height models, settlements on, in one region and in
//! chunks. On each world, on the navigation mesh an engine gets (the terrain's default mesh and
//! navigation settings, the lattice four quads to a cell), the path between every pair of
//! settlements the roads join crosses water only on bridge decks, above the water; so does every
//! polygon of the mesh at its corners and centre, and every polygon of the paths' corridors at a
//! dense sample of its points. On a dense sample of points of each world (the whole map, the
//! water's cells and shores, points off the terrain and not numbers at all), the point queries
//! agree with each other, with the ground and water meshes and with the road cells.
//!
//! It prints how many worlds, paths and points it tried, and asserts floors on them.

use donjourno::outputs::mesh::deck::Decks;
use donjourno::outputs::mesh::surface_height;
use donjourno::outputs::mesh::water_surface::{build_water_mesh, water_height, WaterMesh};
use donjourno::outputs::navigation::path::{NavGraph, NavPolygon};
use donjourno::outputs::navigation::{regions, surface_tolerance};
use donjourno::outputs::point::{Point, Probe, WET_DEPTH};
use donjourno::params::NavigationParams;
use donjourno::stages::settlements::{is_road, RoadNetwork};
use donjourno::{generate, GeneratorParams, Grid, HeightModel, MeshParams, Terrain};
use std::collections::{BTreeSet, HashMap};

/// Least number of worlds searched.
const MIN_WORLDS: usize = 40;
/// Least number of paths walked between joined settlements, over all worlds.
const MIN_PATHS: usize = 1200;
/// Least share of the pairs of settlements the roads join that the navigation mesh joins too.
///
/// The search finds 1679 of 2051 pairs joined (82 %). Every pair left unjoined is on the coarse
/// cells of the subdivision (10 m) and continents (40 m) worlds; on the pool worlds' 1 m cells
/// the mesh joins them all. Walking each unjoined pair's road to where it leaves the mesh
/// reached from the first settlement: 324 of the 372 leave it on a road cell that a building
/// reaches into (the mesh leaves out a cell with a building whole, and on coarse cells a town's
/// buildings reach into the cells of the roads through it); 31 where the road runs over water
/// on a deck narrower than a quad of the lattice (a 2 m road on 10 m cells, quads of 2.5 m: a
/// quad is deck only when all of it lies on the deck, and off a bridge's cells none does, so the
/// deck over a ford is cut with the water under it); 17 on steep or otherwise cut ground. Neither
/// the buildings nor the lattice's resolution is the water's cut: on six of these worlds the mesh
/// that left out every quad of a water cell joined 88 of 208 pairs, the cut one 101.
const MIN_JOINED_SHARE: f64 = 0.8;
/// Least number of points of the paths and their corridors checked for water, over all worlds.
const MIN_PATH_POINTS: usize = 200_000;
/// Least number of points the queries were asked at, over all worlds.
const MIN_QUERY_POINTS: usize = 400_000;
/// Spacing of the samples along a path, world units per cell unit (a tenth of a quad).
const PATH_STEP_SHARE: f32 = 0.025;
/// How far the water mesh's triangle over a point may lie from the level the queries give, world
/// units per height unit (interpolation rounding).
const LEVEL_TOLERANCE: f32 = 1e-5;

/// One world of the search: its parameters and the terrain node's chunk size.
struct World {
    params: GeneratorParams,
    chunk_size: u32,
}

/// A pool world (the default model: 1 m cells) of `size` cells with `coverage`.
fn pool(seed: u64, size: (u32, u32), coverage: f32) -> GeneratorParams {
    let mut p = GeneratorParams {
        seed,
        width: size.0,
        depth: size.1,
        ..Default::default()
    };
    p.terrain.coverage = coverage;
    p.settlements.enabled = true;
    p
}

/// A subdivision world (10 m cells, a sea at the mean height) of `size` cells.
fn subdivision(seed: u64, size: (u32, u32), coverage: f32) -> GeneratorParams {
    let mut p = GeneratorParams {
        seed,
        width: size.0,
        depth: size.1,
        height_model: HeightModel::Subdivision,
        cell_size: 10.0,
        height_scale: 200.0,
        ..Default::default()
    };
    p.terrain.coverage = coverage;
    p.subdivision.square_size = 1280.0;
    p.settlements.enabled = true;
    p.settlements.max_road_grade = 0.3;
    p.settlements.hex_radius = 120.0;
    p
}

/// A continents world (the `continent` preset: 40 m cells, coasts, rivers and lakes) of `size`
/// cells.
fn continents(seed: u64, size: (u32, u32), coverage: f32) -> GeneratorParams {
    let mut p = GeneratorParams::preset("continent").expect("the continent preset");
    (p.seed, p.width, p.depth) = (seed, size.0, size.1);
    p.terrain.coverage = coverage;
    p.settlements.enabled = true;
    p.settlements.count = 16;
    p.settlements.hex_radius = 8.0 * p.cell_size;
    p
}

/// The worlds searched: 14 of each height model, sizes 128² to 512² (some not square),
/// coverages 0.2 to 0.6, every third in chunks of 64 cells (the maps above 256² are in chunks of
/// 256 anyway).
fn worlds() -> Vec<World> {
    let sizes = [
        (128, 128),
        (160, 128),
        (192, 192),
        (128, 224),
        (256, 256),
        (144, 144),
        (512, 512),
    ];
    let coverages = [0.2, 0.35, 0.5, 0.6, 0.3, 0.45, 0.25];
    let mut out = Vec::new();
    for i in 0..14usize {
        let size = sizes[i % sizes.len()];
        let coverage = coverages[(i * 3) % coverages.len()];
        let seed = 12 + 7 * i as u64;
        // The big maps only on the pool model, whose cells are fine and whose worlds are quick.
        let small = if size.0 > 256 { (192, 160) } else { size };
        for (k, params) in [
            pool(seed, size, coverage),
            subdivision(seed + 1, small, coverage),
            continents(seed + 2, small, coverage),
        ]
        .into_iter()
        .enumerate()
        {
            let chunk_size = if (i + k) % 3 == 0 { 64 } else { 256 };
            out.push(World { params, chunk_size });
        }
    }
    out
}

/// Counts of what was tried.
#[derive(Default)]
struct Tried {
    worlds: usize,
    pairs: usize,
    paths: usize,
    unjoined: usize,
    path_points: usize,
    polygons: usize,
    query_points: usize,
    wet_points: usize,
    deck_points: usize,
    problems: Vec<String>,
}

impl Tried {
    fn fail(&mut self, what: String) {
        if self.problems.len() < 40 {
            self.problems.push(what);
        }
    }
}

/// A small deterministic hash of `(a, b)` in `[0, 1)`.
fn unit(a: u64, b: u64) -> f32 {
    let mut h = a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^= h >> 31;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 29;
    (h >> 40) as f32 / (1u64 << 24) as f32
}

/// The mesh and navigation settings of a terrain node with its defaults on `world`: the lattice
/// at four quads a cell (`navigation_cell_size` a quarter of the cell, as the guide advises on
/// coarse cells).
fn settings(world: &World) -> (MeshParams, NavigationParams) {
    let mesh = world.params.mesh_params(MeshParams {
        chunk_size: world.chunk_size,
        ..MeshParams::default()
    });
    let nav = NavigationParams {
        voxel_size: world.params.cell_size / 4.0,
        ..NavigationParams::default()
    };
    (mesh, nav)
}

/// Checks a point `p` of the navigation mesh: where water shows it must lie on a bridge deck,
/// the deck and the point above the water to within `tolerance` (the navigation mesh's distance
/// from the surface it follows, [`surface_tolerance`]).
fn check_walked(
    tried: &mut Tried,
    probe: &Probe,
    tolerance: f32,
    p: [f32; 3],
    what: &dyn Fn() -> String,
) {
    tried.path_points += 1;
    let Some(level) = probe.water(p[0], p[2]) else {
        return;
    };
    let at = probe.at(p[0], p[2]);
    tried.wet_points += 1;
    // On a deck, neither the point nor the deck below the water by more than the navigation mesh
    // may lie off the surface it follows (the deck is laid above the water at the lattice's
    // corners; between them the water's level and the deck's height each vary on their own).
    if at.deck.is_some_and(|d| d > level - tolerance) && p[1] > level - tolerance {
        tried.deck_points += 1;
        return;
    }
    tried.fail(format!(
        "{}: {p:?} over water at {level} (ground {:?}, deck {:?}, road {})",
        what(),
        at.ground,
        at.deck,
        at.road
    ));
}

/// Points of a polygon: its corners, points along its sides every `step`, and a grid of points
/// inside each triangle of its fan, with their heights on its triangles.
fn polygon_points(polygon: &NavPolygon, step: f32) -> Vec<[f32; 3]> {
    let c = &polygon.corners;
    let mut out = c.clone();
    for i in 0..c.len() {
        let (a, b) = (c[i], c[(i + 1) % c.len()]);
        let len = ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt();
        let n = (len / step).ceil().max(1.0) as usize;
        out.extend((1..n).map(|k| lerp(a, b, k as f32 / n as f32)));
    }
    for i in 1..c.len() - 1 {
        for (u, v) in [
            (0.2, 0.2),
            (0.6, 0.2),
            (0.2, 0.6),
            (0.33, 0.33),
            (0.45, 0.1),
        ] {
            out.push(
                [0, 1, 2].map(|k| c[0][k] + (c[i][k] - c[0][k]) * u + (c[i + 1][k] - c[0][k]) * v),
            );
        }
    }
    out
}

fn lerp(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|k| a[k] + (b[k] - a[k]) * t)
}

/// The paths between the settlements the roads join, walked: every point of each path every
/// [`PATH_STEP_SHARE`] of a cell and every point of its corridor's polygons keep off the water
/// but on decks.
#[allow(clippy::too_many_arguments)]
fn walk_paths(
    tried: &mut Tried,
    name: &str,
    grid: &Grid,
    graph: &NavGraph,
    probe: &Probe,
    mesh: &MeshParams,
    tolerance: f32,
) {
    let cs = mesh.cell_size;
    let network = RoadNetwork::new(grid.roads());
    let places = grid.settlements();
    let mut corridors = BTreeSet::new();
    let at = |p: [f32; 2]| {
        let (x, z) = (p[0] * cs, p[1] * cs);
        [x, surface_height(grid, mesh, x, z).unwrap_or(0.0), z]
    };
    for a in 0..places.len() {
        let pa = places[a].position;
        let joined: Vec<usize> = (a + 1..places.len())
            .filter(|&b| {
                let way = network.path(pa, places[b].position);
                way.first() == Some(&pa) && way.last() == Some(&places[b].position)
            })
            .collect();
        let ends: Vec<[f32; 3]> = joined.iter().map(|&b| at(places[b].position)).collect();
        let found = graph.paths(at(pa), &ends);
        for ((&b, to), path) in joined.iter().zip(ends).zip(found) {
            tried.pairs += 1;
            let Some(path) = path else {
                // Joined by road but not by the navigation mesh (a built-up or steep stretch of
                // the road, a deck narrower than the lattice's quads): counted, and held to a
                // share (see MIN_JOINED_SHARE).
                tried.unjoined += 1;
                continue;
            };
            tried.paths += 1;
            let end = path.points[path.points.len() - 1];
            let off = ((end[0] - to[0]).powi(2) + (end[2] - to[2]).powi(2)).sqrt();
            if off > places[b].radius * cs + 2.0 * cs {
                tried.fail(format!(
                    "{name}: the path from {} ends {off} m from {}",
                    places[a].name, places[b].name
                ));
            }
            let step = PATH_STEP_SHARE * cs;
            for w in path.points.windows(2) {
                let len = ((w[1][0] - w[0][0]).powi(2) + (w[1][2] - w[0][2]).powi(2)).sqrt();
                let n = (len / step).ceil().max(1.0) as usize;
                for k in 0..=n {
                    let p = lerp(w[0], w[1], k as f32 / n as f32);
                    let what = || format!("{name}: path {} → {}", places[a].name, places[b].name);
                    check_walked(tried, probe, tolerance, p, &what);
                }
            }
            corridors.extend(path.corridor);
        }
    }
    for i in corridors {
        for p in polygon_points(&graph.polygons()[i], 0.125 * cs) {
            check_walked(tried, probe, tolerance, p, &|| {
                format!("{name}: corridor polygon {i}")
            });
        }
    }
}

/// Every polygon of the mesh at its corners and centre keeps off the water but on decks.
fn check_polygons(tried: &mut Tried, name: &str, graph: &NavGraph, probe: &Probe, tolerance: f32) {
    for (i, polygon) in graph.polygons().iter().enumerate() {
        tried.polygons += 1;
        let centre = polygon.centre();
        for &p in polygon.corners.iter().chain(std::iter::once(&centre)) {
            check_walked(tried, probe, tolerance, p, &|| {
                format!("{name}: polygon {i}")
            });
        }
    }
}

/// The water mesh's triangles by the micro-quad holding their middle.
struct WaterIndex<'a> {
    water: &'a WaterMesh,
    micro: f32,
    cells: HashMap<(i64, i64), Vec<usize>>,
}

impl<'a> WaterIndex<'a> {
    fn new(water: &'a WaterMesh, mesh: &MeshParams) -> Self {
        let micro = mesh.cell_size / mesh.subdivisions as f32;
        let mut cells: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
        for t in 0..water.mesh.positions.len() / 3 {
            let p = &water.mesh.positions[3 * t..3 * t + 3];
            let (x, z) = (
                (p[0][0] + p[1][0] + p[2][0]) / 3.0,
                (p[0][2] + p[1][2] + p[2][2]) / 3.0,
            );
            let key = ((x / micro).floor() as i64, (z / micro).floor() as i64);
            cells.entry(key).or_default().push(t);
        }
        WaterIndex {
            water,
            micro,
            cells,
        }
    }

    /// The water triangle over `(x, z)`: its height and depth there (interpolated), if any.
    fn over(&self, x: f32, z: f32) -> Option<(f32, f32)> {
        let (gx, gz) = (
            (x / self.micro).floor() as i64,
            (z / self.micro).floor() as i64,
        );
        let mut best: Option<(f32, f32, f32)> = None;
        for dz in -1..=1 {
            for dx in -1..=1 {
                for &t in self.cells.get(&(gx + dx, gz + dz)).into_iter().flatten() {
                    let p = &self.water.mesh.positions[3 * t..3 * t + 3];
                    let uv = &self.water.uv2[3 * t..3 * t + 3];
                    let (a, b, c) = (p[0], p[1], p[2]);
                    let det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
                    if det.abs() < 1e-12 {
                        continue;
                    }
                    let u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / det;
                    let v = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / det;
                    let outside = (-u).max(-v).max(u + v - 1.0);
                    if outside > 1e-4 || best.is_some_and(|(o, _, _)| o <= outside) {
                        continue;
                    }
                    let y = a[1] + (b[1] - a[1]) * u + (c[1] - a[1]) * v;
                    let depth = uv[0][0] + (uv[1][0] - uv[0][0]) * u + (uv[2][0] - uv[0][0]) * v;
                    best = Some((outside, y, depth));
                }
            }
        }
        best.map(|(_, y, d)| (y, d))
    }
}

/// The points the queries are asked at: a jittered lattice over the map (about `lattice`
/// points), four points in each of up to 4000 water cells and their neighbours, the map's edges
/// and corners, and points off the terrain.
fn query_points(grid: &Grid, mesh: &MeshParams, seed: u64, lattice: usize) -> Vec<(f32, f32)> {
    let cs = mesh.cell_size;
    let (w, d) = (grid.width(), grid.depth());
    let (ww, dd) = (w as f32 * cs, d as f32 * cs);
    let spacing = ((ww * dd) / lattice as f32).sqrt();
    let mut out = Vec::new();
    let (nx, nz) = ((ww / spacing) as usize, (dd / spacing) as usize);
    for j in 0..nz {
        for i in 0..nx {
            let k = (j * nx + i) as u64;
            out.push((
                (i as f32 + unit(seed, 2 * k)) * spacing,
                (j as f32 + unit(seed, 2 * k + 1)) * spacing,
            ));
        }
    }
    let near_water: Vec<usize> = (0..grid.len())
        .filter(|&i| {
            let (x, z) = grid.xz(i);
            (z.saturating_sub(1)..(z + 2).min(d))
                .any(|nz| (x.saturating_sub(1)..(x + 2).min(w)).any(|nx| grid.is_water(nx, nz)))
        })
        .collect();
    let every = (near_water.len() / 4000).max(1);
    for (n, &i) in near_water
        .iter()
        .enumerate()
        .filter(|(n, _)| n % every == 0)
    {
        let (x, z) = grid.xz(i);
        for k in 0..4u64 {
            let h = (n as u64) * 8 + 2 * k;
            out.push((
                (x as f32 + unit(seed ^ 0x55, h)) * cs,
                (z as f32 + unit(seed ^ 0x55, h + 1)) * cs,
            ));
        }
    }
    for t in [0.0, 0.25, 0.5, 1.0] {
        out.extend([(t * ww, 0.0), (t * ww, dd), (0.0, t * dd), (ww, t * dd)]);
    }
    out
}

/// The points off the terrain and not numbers, where every query answers as off the terrain.
fn off_points(grid: &Grid, mesh: &MeshParams) -> Vec<(f32, f32)> {
    let (ww, dd) = (
        grid.width() as f32 * mesh.cell_size,
        grid.depth() as f32 * mesh.cell_size,
    );
    let mut out = vec![
        (f32::NAN, 1.0),
        (1.0, f32::NAN),
        (f32::NAN, f32::NAN),
        (f32::INFINITY, 1.0),
        (1.0, f32::NEG_INFINITY),
        (f32::NEG_INFINITY, f32::INFINITY),
        (f32::MAX, f32::MIN),
    ];
    for t in [0.0, 0.3, 0.7, 1.0] {
        out.extend([
            (t * ww, -0.01 * mesh.cell_size),
            (t * ww, dd * 1.001 + 0.01),
            (-0.5, t * dd),
            (ww * 1.001 + 0.01, t * dd),
        ]);
    }
    out
}

/// The queries at the points of `query_points` agree with each other and with the meshes.
fn check_queries(
    tried: &mut Tried,
    name: &str,
    grid: &Grid,
    mesh: &MeshParams,
    probe: &Probe,
    seed: u64,
    lattice: usize,
) {
    let water = build_water_mesh(grid, mesh).expect("the water mesh builds");
    let index = WaterIndex::new(&water, mesh);
    let cs = mesh.cell_size;
    let tolerance = LEVEL_TOLERANCE * mesh.height_scale.max(1.0);
    for (x, z) in query_points(grid, mesh, seed, lattice) {
        tried.query_points += 1;
        let at = probe.at(x, z);
        let here = || format!("{name}: ({x}, {z})");
        let (Some((cx, cz)), Some(ground), Some(class)) = (at.cell, at.ground, at.terrain) else {
            tried.fail(format!("{}: on the terrain, yet {at:?}", here()));
            continue;
        };
        if Some(ground) != surface_height(grid, mesh, x, z) {
            tried.fail(format!("{}: ground {ground} is not the mesh's", here()));
        }
        if (class == Terrain::Water) != at.is_water() {
            tried.fail(format!(
                "{}: class {class:?} but water {:?}",
                here(),
                at.water
            ));
        }
        let own_road = is_road(grid, x / cs, z / cs)
            || (x / cs >= grid.width() as f32 || z / cs >= grid.depth() as f32)
                && grid
                    .land_use()
                    .get(grid.index(cx, cz))
                    .is_some_and(|u| u.is_road());
        if at.road != (own_road || at.deck.is_some()) {
            tried.fail(format!(
                "{}: road {} but road cell {own_road}, deck {:?}",
                here(),
                at.road,
                at.deck
            ));
        }
        let drawn = index.over(x, z);
        match at.water {
            Some(level) => {
                if !(level.is_finite() && level - ground > WET_DEPTH) {
                    tried.fail(format!("{}: water at {level} over ground {ground}", here()));
                }
                if water_height(grid, mesh, x, z) != Some(level) {
                    tried.fail(format!(
                        "{}: water level {level} is not the water mesh's",
                        here()
                    ));
                }
                match drawn {
                    Some((y, _)) if (y - level).abs() <= tolerance => {}
                    other => tried.fail(format!(
                        "{}: water at {level}, the water mesh draws {other:?}",
                        here()
                    )),
                }
            }
            None => {
                if class == Terrain::Water {
                    tried.fail(format!("{}: dry but classed as water", here()));
                }
                // The water mesh may draw a film no deeper than the threshold at the shoreline.
                if let Some((y, depth)) = drawn {
                    if depth > WET_DEPTH + tolerance && y - ground > WET_DEPTH + tolerance {
                        tried.fail(format!(
                            "{}: no water, the water mesh draws {y} ({depth} deep)",
                            here()
                        ));
                    }
                }
            }
        }
    }
    for (x, z) in off_points(grid, mesh) {
        tried.query_points += 1;
        if probe.at(x, z) != Point::OFF
            || probe.water(x, z).is_some()
            || probe.ground(x, z).is_some()
        {
            tried.fail(format!(
                "{name}: ({x}, {z}) off the terrain, yet {:?}",
                probe.at(x, z)
            ));
        }
    }
}

#[test]
fn paths_stay_dry_and_queries_agree_on_many_worlds() {
    let mut tried = Tried::default();
    for (w, world) in worlds().iter().enumerate() {
        let p = &world.params;
        let name = format!(
            "world {w} ({:?}, seed {}, {}×{}, coverage {}, chunks {})",
            p.height_model, p.seed, p.width, p.depth, p.terrain.coverage, world.chunk_size
        );
        let (grid, _) = generate(p, Default::default()).expect("the world generates");
        let (mesh, nav) = settings(world);
        let regions = regions(&grid, &mesh, &nav).expect("the navigation mesh builds");
        let graph = NavGraph::new(&regions, &nav);
        let decks = Decks::of(&grid, &mesh);
        let probe = Probe::new(&grid, &mesh).with_decks(&decks);
        tried.worlds += 1;
        let tolerance = surface_tolerance(&nav) + 1e-3 * mesh.height_scale;
        walk_paths(&mut tried, &name, &grid, &graph, &probe, &mesh, tolerance);
        check_polygons(&mut tried, &name, &graph, &probe, tolerance);
        check_queries(&mut tried, &name, &grid, &mesh, &probe, p.seed, 12_000);
    }
    println!(
        "dry paths: {} worlds, {} joined pairs, {} paths ({} pairs with none), {} path and \
         corridor points ({} over water, {} of them on decks), {} polygons, {} query points",
        tried.worlds,
        tried.pairs,
        tried.paths,
        tried.unjoined,
        tried.path_points,
        tried.wet_points,
        tried.deck_points,
        tried.polygons,
        tried.query_points
    );
    assert!(
        tried.problems.is_empty(),
        "{} problems, the first:\n{}",
        tried.problems.len(),
        tried.problems.join("\n")
    );
    assert!(tried.worlds >= MIN_WORLDS, "{} worlds", tried.worlds);
    assert!(tried.paths >= MIN_PATHS, "{} paths", tried.paths);
    assert!(
        tried.paths as f64 >= MIN_JOINED_SHARE * tried.pairs as f64,
        "{} paths for {} pairs joined by road",
        tried.paths,
        tried.pairs
    );
    assert!(
        tried.path_points >= MIN_PATH_POINTS,
        "{} path points",
        tried.path_points
    );
    assert!(
        tried.query_points >= MIN_QUERY_POINTS,
        "{} query points",
        tried.query_points
    );
    assert!(tried.deck_points > 0, "some paths cross rivers on decks");
}
