//! Properties of grown towns on the benchmark grounds, a few more sites and random sites.

use super::bench::BenchCase;
use super::tests_ascii::ascii_map;
use super::tests_checks::{self as check, ring, Verdict};
use super::*;
use proptest::prelude::*;

/// Metres per cell of the test grounds: a site of radius 22 cells is a village 176 m across
/// its radius.
const TEST_CELL: f32 = bench::BENCH_CELL;

/// A named site on a ground.
type Case = (String, TownSite, Box<dyn Ground + Send + Sync>);

/// The towns the properties are checked on: both benchmark cities, a hillside village and a
/// coastal town.
fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = BenchCase::ALL
        .iter()
        .map(|c| (c.name().to_string(), c.site(), c.ground()))
        .collect();
    let hill = Plane {
        size: [100.0, 100.0],
        height: 0.0,
        tilt: [0.015, 0.006],
    };
    let village = TownSite::new([50.0, 50.0], 22.0, 0.15, 5).with_cell_size(TEST_CELL);
    out.push(("village".into(), village, Box::new(hill)));
    let coast = SlopedCoast {
        size: [90.0, 90.0],
        shore: 30.0,
        slope: 0.004,
        wave: 4.0,
    };
    let town = TownSite::new([45.0, 45.0], 28.0, 0.55, 99).with_cell_size(TEST_CELL);
    out.push(("town".into(), town, Box::new(coast)));
    out
}

/// Runs `check` on every case's town; a failure shows the town as a text map.
fn on_every_case(check: impl Fn(&TownSite, &dyn Ground, &Town) -> Verdict) {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        if let Err(why) = check(&site, ground.as_ref(), &town) {
            panic!(
                "{name}: {why}\n{}",
                ascii_map(&site, ground.as_ref(), &town, 1.0)
            );
        }
    }
}

#[test]
fn towns_have_streets_blocks_lots_and_buildings() {
    on_every_case(|_, _, town| {
        let count = |major: bool| town.streets.iter().filter(|s| s.major == major).count();
        let built = town.buildings.len() as f32 / town.lots.len().max(1) as f32;
        match () {
            _ if count(true) == 0 || count(false) == 0 => Err("a street kind is missing".into()),
            _ if town.blocks.len() < 4 => Err(format!("{} blocks", town.blocks.len())),
            _ if town.lots.len() < town.blocks.len() => Err(format!("{} lots", town.lots.len())),
            _ if built < 0.9 => Err(format!("buildings on {built} of the lots")),
            _ => Ok(()),
        }
    });
}

#[test]
fn streets_stay_on_dry_land_inside_the_radius() {
    on_every_case(check::streets_on_land);
}

#[test]
fn the_street_graph_is_planar() {
    on_every_case(|_, _, town| check::planar(town));
}

#[test]
fn blocks_are_simple_dry_polygons() {
    on_every_case(|_, ground, town| check::blocks_simple(ground, town));
}

#[test]
fn lots_partition_their_blocks_and_front_streets() {
    on_every_case(|site, _, town| check::lots_partition(town, site.cell_size));
}

#[test]
fn buildings_stand_inside_their_lots() {
    on_every_case(|_, ground, town| check::buildings_inside(ground, town));
}

#[test]
fn lots_do_not_overlap() {
    let (site, ground) = (BenchCase::Flat.site(), BenchCase::Flat.ground());
    let town = grow_town(&site, ground.as_ref());
    for (i, a) in town.lots.iter().enumerate() {
        let pa = ring(&a.polygon);
        let inner = geom::centroid(&pa);
        if !geom::contains(&pa, inner) {
            continue;
        }
        for (j, b) in town.lots.iter().enumerate() {
            assert!(
                i == j || !geom::contains(&ring(&b.polygon), inner),
                "lots {i} and {j} overlap"
            );
        }
    }
}

#[test]
fn downtown_is_taller_than_residential_and_cities_have_industry() {
    let (site, ground) = (BenchCase::Flat.site(), BenchCase::Flat.ground());
    let town = grow_town(&site, ground.as_ref());
    let mean = |style: Style| {
        let hs: Vec<f32> = town
            .buildings
            .iter()
            .filter(|b| b.style == style)
            .map(|b| b.height + b.roof)
            .collect();
        (hs.iter().sum::<f32>() / hs.len().max(1) as f32, hs.len())
    };
    let ((tower, nt), (house, nh)) = (mean(Style::Tower), mean(Style::House));
    let m = ascii_map(&site, ground.as_ref(), &town, 1.0);
    assert!(nt > 5 && nh > 5, "towers {nt}, houses {nh}\n{m}");
    assert!(tower > 1.5 * house, "towers {tower} vs houses {house}");
    assert!(
        town.buildings.iter().any(|b| b.style == Style::Shed),
        "no industrial quarter\n{m}"
    );
}

#[test]
fn the_same_site_gives_the_same_bits() {
    let (site, ground) = (BenchCase::Coast.site(), BenchCase::Coast.ground());
    let a = grow_town(&site, ground.as_ref());
    let b = grow_town(&site, ground.as_ref());
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
    let bits = |t: &Town| -> Vec<u32> {
        let values = t.buildings.iter().flat_map(|b| {
            b.footprint
                .iter()
                .flatten()
                .chain([&b.base, &b.height])
                .map(|v| v.to_bits())
        });
        values.collect()
    };
    assert_eq!(bits(&a), bits(&b));
    let other = grow_town(
        &TownSite {
            seed: site.seed + 1,
            ..site
        },
        ground.as_ref(),
    );
    assert_ne!(a.graph, other.graph, "the seed changes nothing");
    assert_ne!(a.hash(), other.hash());
}

#[test]
fn unusable_sites_give_empty_towns() {
    let ground = Plane {
        size: [50.0, 50.0],
        height: 0.0,
        tilt: [0.0, 0.0],
    };
    let coast = SlopedCoast {
        size: [50.0, 50.0],
        shore: 30.0,
        slope: 0.01,
        wave: 0.0,
    };
    let ok = TownSite::new([25.0, 25.0], 10.0, 0.5, 1).with_cell_size(TEST_CELL);
    let sites = [
        TownSite {
            centre: [f32::NAN, 25.0],
            ..ok
        },
        TownSite { radius: 0.0, ..ok },
        TownSite {
            radius: f32::INFINITY,
            ..ok
        },
        TownSite {
            density: f32::NAN,
            ..ok
        },
        TownSite {
            centre: [-40.0, 25.0],
            ..ok
        },
        TownSite {
            vertical_scale: -1.0,
            ..ok
        },
    ];
    for site in sites {
        assert!(grow_town(&site, &ground) == Town::default(), "{site:?}");
    }
    assert!(
        grow_town(
            &TownSite {
                centre: [10.0, 25.0],
                ..ok
            },
            &coast
        ) == Town::default()
    );
    assert!(!grow_town(&ok, &ground).lots.is_empty());
}

/// A 96² map of preset `name` (on cells of `cell_size` metres when given) and a site of `radius`
/// cells on its flattest dry spot.
fn generated_site(
    name: &str,
    cell_size: Option<f32>,
    radius: f32,
) -> (crate::data::grid::Grid, TownSite) {
    let mut params = crate::params::GeneratorParams::preset(name).unwrap();
    (params.width, params.depth, params.seed) = (96, 96, 2);
    params.cell_size = cell_size.unwrap_or(params.cell_size);
    params.set_droplet_count(4000);
    let (grid, _) = crate::stages::generate::generate(&params, Default::default()).unwrap();
    let vertical = params.height_scale / params.cell_size;
    let site = bench::flattest_site(&grid, vertical, params.cell_size, radius, 0.7, 4).unwrap();
    (grid, site)
}

#[test]
fn towns_on_generated_maps_keep_every_invariant() {
    // The default preset on 10 m cells (a town 300 m across its radius), the continent on its
    // 40 m cells (800 m).
    for (preset, cell, radius) in [("default", Some(10.0), 30.0), ("continent", None, 20.0)] {
        let (grid, site) = generated_site(preset, cell, radius);
        let town = grow_town(&site, &grid);
        let m = ascii_map(&site, &grid, &town, 1.0);
        assert!(
            town.lots.len() > 20,
            "{preset}: {} lots\n{m}",
            town.lots.len()
        );
        if let Err(why) = check::all(&site, &grid, &town) {
            panic!("{preset}: {why}\n{m}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Every invariant holds on random sites, densities and slopes, by a random coast.
    #[test]
    fn random_towns_keep_every_invariant(
        seed in any::<u64>(),
        density in 0.0f32..1.0,
        radius in 2.0f32..60.0,
        slope in 0.0f32..0.08,
        shore in 0.0f32..40.0,
        wave in 0.0f32..8.0,
    ) {
        let ground = SlopedCoast { size: [100.0, 100.0], shore, slope, wave };
        let site = TownSite::new([50.0, 50.0], radius, density, seed).with_cell_size(TEST_CELL);
        let town = grow_town(&site, &ground);
        if let Err(why) = check::all(&site, &ground, &town) {
            prop_assert!(false, "{why}\n{}", ascii_map(&site, &ground, &town, 1.0));
        }
    }
}

/// Prints the benchmark figures:
/// `cargo test -p donjourno --release --lib town_figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn town_figures() {
    for case in BenchCase::ALL {
        let (site, ground) = (case.site(), case.ground());
        let g = ground.as_ref();
        let runs = 10;
        let start = std::time::Instant::now();
        for _ in 0..runs {
            std::hint::black_box(case.run());
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        let t = std::time::Instant::now();
        let field = field::TensorField::new(&site, g);
        let t1 = t.elapsed();
        let graph = grow::grow_streets(&site, g, &field);
        let t2 = t.elapsed();
        let blocks = blocks::find_blocks(&site, g, &graph);
        let t3 = t.elapsed();
        let lots = lots::subdivide(&site, &blocks);
        let t4 = t.elapsed();
        let buildings = buildings::raise(&site, g, &lots);
        let t5 = t.elapsed();
        let mesh = buildings_mesh(&buildings, 1.0, 10.0);
        let t6 = t.elapsed();
        println!(
            "{}: {ms:.2} ms a town (field {t1:?}, streets {:?}, blocks {:?}, lots {:?}, buildings {:?}, mesh {:?}); \
             {} nodes, {} edges, {} blocks, {} lots, {} buildings, {} triangles",
            case.name(), t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5,
            graph.nodes.len(), graph.edges.len(), blocks.len(), lots.len(), buildings.len(),
            mesh.triangle_count()
        );
        println!("{}", ascii_map(&site, g, &case.run(), 1.0));
    }
    for preset in ["default", "continent"] {
        let (grid, site) = generated_site(preset, Some(10.0), 30.0);
        let town = grow_town(&site, &grid);
        let m = ascii_map(&site, &grid, &town, 1.0);
        println!(
            "{preset} at {:?}: {} lots\n{m}",
            site.centre,
            town.lots.len()
        );
    }
}

#[test]
fn lots_streets_and_storeys_have_real_sizes() {
    // House lots of 150 to 800 m², streets 6 to 12 m wide, storeys of 3 m.
    let (site, ground) = (BenchCase::Flat.site(), BenchCase::Flat.ground());
    let town = grow_town(&site, ground.as_ref());
    let c = site.cell_size;
    let mut areas: Vec<f32> = town
        .lots
        .iter()
        .filter(|l| l.district == District::Residential)
        .map(|l| geom::signed_area(&ring(&l.polygon)) * c * c)
        .collect();
    areas.sort_by(f32::total_cmp);
    assert!(areas.len() > 20, "{} house lots", areas.len());
    let inside = areas
        .iter()
        .filter(|a| (150.0..=800.0).contains(*a))
        .count();
    let median = areas[areas.len() / 2];
    println!(
        "house lots: {} from {:.0} to {:.0} m², median {median:.0} m², {inside} within 150..800 m²",
        areas.len(),
        areas[0],
        areas[areas.len() - 1]
    );
    assert!((150.0..=800.0).contains(&median), "median {median} m²");
    assert!(
        inside * 10 >= areas.len() * 8,
        "{inside} of {} lots",
        areas.len()
    );
    // Every block keeps at least half a street's width from every street's centreline.
    let street = |major: bool| {
        2.0 * if major {
            blocks::MAJOR_HALF_WIDTH
        } else {
            blocks::MINOR_HALF_WIDTH
        }
    };
    for major in [true, false] {
        assert!(
            (6.0..=12.0).contains(&street(major)),
            "a street {} m wide",
            street(major)
        );
    }
    let edges: Vec<(glam::Vec2, glam::Vec2)> = town
        .graph
        .edges
        .iter()
        .map(|e| (town.graph.pos(e.a), town.graph.pos(e.b)))
        .collect();
    let mut nearest = f32::INFINITY;
    for b in &town.blocks {
        for p in ring(&b.polygon) {
            for &(a, q) in &edges {
                let d = geom::to_segment(p, a, q).0 * c;
                nearest = nearest.min(d);
            }
        }
    }
    println!("blocks keep {nearest:.2} m from the nearest street centreline");
    assert!(
        nearest >= street(false) * 0.5 - 1e-2,
        "a block {nearest} m from a street"
    );
    // Houses have one or two storeys of 3 m (their walls' height in metres).
    // Metres per height unit: the vertical scale is in cells per height unit.
    let metres_per_unit = site.vertical_scale * c;
    for b in town.buildings.iter().filter(|b| b.style == Style::House) {
        let metres = b.height * metres_per_unit;
        assert!(
            (metres - 3.0).abs() < 1e-3 || (metres - 6.0).abs() < 1e-3,
            "a house {metres} m tall"
        );
    }
}
