//! Properties of grown towns on the benchmark grounds, a few more sites and random sites.

use super::bench::BenchCase;
use super::tests_ascii::ascii_map;
use super::tests_checks::{self as check, ring, Verdict};
use super::*;
use proptest::prelude::*;

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
    let village = TownSite::new([50.0, 50.0], 22.0, 0.15, 5);
    out.push(("village".into(), village, Box::new(hill)));
    let coast = SlopedCoast {
        size: [90.0, 90.0],
        shore: 30.0,
        slope: 0.004,
        wave: 4.0,
    };
    let town = TownSite::new([45.0, 45.0], 28.0, 0.55, 99);
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
    on_every_case(|_, _, town| check::lots_partition(town));
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
    let ok = TownSite::new([25.0, 25.0], 10.0, 0.5, 1);
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

/// A 96² map of preset `name` and a site of `radius` cells on its flattest dry spot.
fn generated_site(name: &str, radius: f32) -> (crate::data::grid::Grid, TownSite) {
    let mut params = crate::params::GeneratorParams::preset(name).unwrap();
    (params.width, params.depth, params.seed) = (96, 96, 2);
    params.set_droplet_count(4000);
    let (grid, _) = crate::stages::generate::generate(&params, Default::default()).unwrap();
    let vertical = params.height_scale / params.cell_size;
    let site = bench::flattest_site(&grid, vertical, radius, 0.7, 4).unwrap();
    (grid, site)
}

#[test]
fn towns_on_generated_maps_keep_every_invariant() {
    for (preset, radius) in [("default", 30.0), ("continent", 20.0)] {
        let (grid, site) = generated_site(preset, radius);
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
        let site = TownSite::new([50.0, 50.0], radius, density, seed);
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
        let (grid, site) = generated_site(preset, 30.0);
        let town = grow_town(&site, &grid);
        let m = ascii_map(&site, &grid, &town, 1.0);
        println!(
            "{preset} at {:?}: {} lots\n{m}",
            site.centre,
            town.lots.len()
        );
    }
}
