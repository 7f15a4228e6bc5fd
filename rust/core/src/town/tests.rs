//! Properties of grown towns on the benchmark grounds and a few more sites.

use super::bench::BenchCase;
use super::geom::{contains, covers, crossing, is_simple, signed_area, to_segment};
use super::tests_ascii::ascii_map;
use super::*;
use glam::Vec2;

/// The towns the properties are checked on: both benchmark cities, a village and a hillside town.
fn cases() -> Vec<(String, TownSite, Box<dyn Ground + Send + Sync>)> {
    let mut out: Vec<(String, TownSite, Box<dyn Ground + Send + Sync>)> = BenchCase::ALL
        .iter()
        .map(|c| (c.name().to_string(), c.site(), c.ground()))
        .collect();
    let hill = Plane {
        size: [100.0, 100.0],
        height: 0.0,
        tilt: [0.015, 0.006],
    };
    out.push((
        "village".into(),
        TownSite::new([50.0, 50.0], 22.0, 0.15, 5),
        Box::new(hill),
    ));
    let coast = SlopedCoast {
        size: [90.0, 90.0],
        shore: 30.0,
        slope: 0.004,
        wave: 4.0,
    };
    out.push((
        "town".into(),
        TownSite::new([45.0, 45.0], 28.0, 0.55, 99),
        Box::new(coast),
    ));
    out
}

fn ring(poly: &[[f32; 2]]) -> Vec<Vec2> {
    poly.iter().map(|&p| v2(p)).collect()
}

fn map(site: &TownSite, ground: &dyn Ground, town: &Town) -> String {
    ascii_map(site, ground, town, 1.0)
}

#[test]
fn towns_have_streets_blocks_lots_and_buildings() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        let m = map(&site, ground.as_ref(), &town);
        assert!(
            town.streets.iter().any(|s| s.major),
            "{name}: no major street\n{m}"
        );
        assert!(
            town.streets.iter().any(|s| !s.major),
            "{name}: no minor street\n{m}"
        );
        assert!(
            town.blocks.len() >= 4,
            "{name}: {} blocks\n{m}",
            town.blocks.len()
        );
        assert!(
            town.lots.len() >= town.blocks.len(),
            "{name}: {} lots\n{m}",
            town.lots.len()
        );
        let built = town.buildings.len() as f32 / town.lots.len() as f32;
        assert!(built > 0.9, "{name}: buildings on {built} of the lots\n{m}");
    }
}

#[test]
fn streets_stay_on_dry_land_inside_the_radius() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        for e in &town.graph.edges {
            let (a, b) = town.graph.segment_of(e);
            for k in 0..=40 {
                let p = a.lerp(b, k as f32 / 40.0);
                assert!(
                    ground.in_bounds(p.x, p.y) && !ground.is_water(p.x, p.y),
                    "{name}: street at {p} is wet\n{}",
                    map(&site, ground.as_ref(), &town)
                );
                assert!(
                    p.distance(v2(site.centre)) <= site.radius + 1e-3,
                    "{name}: {p} outside"
                );
            }
            let rise = (ground.height(a.x, a.y) - ground.height(b.x, b.y)).abs();
            let grade = rise * site.vertical_scale / a.distance(b);
            assert!(
                grade <= site.max_grade + 1e-4,
                "{name}: grade {grade} at {a}"
            );
        }
    }
}

#[test]
fn the_street_graph_is_planar() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        let g = &town.graph;
        for (i, e) in g.edges.iter().enumerate() {
            let (a, b) = g.segment_of(e);
            assert!(a.distance(b) > 0.1, "{name}: edge {i} is {}", a.distance(b));
            for (j, f) in g.edges.iter().enumerate().skip(i + 1) {
                let (c, d) = g.segment_of(f);
                let shared = [f.a, f.b].iter().filter(|n| [e.a, e.b].contains(n)).count();
                assert!(shared < 2, "{name}: edges {i} and {j} repeat");
                assert!(
                    crossing(a, b, c, d).is_none(),
                    "{name}: edges {i} and {j} cross\n{}",
                    map(&site, ground.as_ref(), &town)
                );
            }
            for n in 0..g.nodes.len() as u32 {
                if n != e.a && n != e.b {
                    assert!(
                        to_segment(g.pos(n), a, b).0 > 1e-3,
                        "{name}: node {n} on edge {i}"
                    );
                }
            }
        }
    }
}

#[test]
fn blocks_are_simple_dry_polygons() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        for (i, b) in town.blocks.iter().enumerate() {
            let poly = ring(&b.polygon);
            assert!(
                signed_area(&poly) > 0.0,
                "{name}: block {i} has area {}",
                signed_area(&poly)
            );
            assert!(
                is_simple(&poly),
                "{name}: block {i} is not simple: {poly:?}"
            );
            assert!(
                poly.iter().all(|p| !ground.is_water(p.x, p.y)),
                "{name}: block {i} is wet"
            );
        }
    }
}

#[test]
fn lots_partition_their_blocks_and_front_streets() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        let mut area = vec![0.0f32; town.blocks.len()];
        for (i, lot) in town.lots.iter().enumerate() {
            let block = ring(&town.blocks[lot.block as usize].polygon);
            let poly = ring(&lot.polygon);
            assert!(
                is_simple(&poly) && signed_area(&poly) > 0.0,
                "{name}: lot {i} is degenerate"
            );
            assert!(
                poly.iter().all(|&p| covers(&block, p, 1e-3)),
                "{name}: lot {i} leaves its block"
            );
            let fronts = poly.iter().enumerate().any(|(k, &p)| {
                let q = poly[(k + 1) % poly.len()];
                let mid = (p + q) * 0.5;
                super::geom::boundary_distance(&block, mid) < 1e-3 && p.distance(q) > 1e-3
            });
            assert!(fronts, "{name}: lot {i} fronts no street");
            area[lot.block as usize] += signed_area(&poly);
        }
        for (b, block) in town.blocks.iter().enumerate() {
            let whole = signed_area(&ring(&block.polygon));
            assert!(
                (area[b] - whole).abs() <= 1e-3 * whole,
                "{name}: block {b}: lots {} of {whole}",
                area[b]
            );
        }
    }
}

#[test]
fn lots_do_not_overlap() {
    let (site, ground) = (BenchCase::Flat.site(), BenchCase::Flat.ground());
    let town = grow_town(&site, ground.as_ref());
    for (i, a) in town.lots.iter().enumerate() {
        let pa = ring(&a.polygon);
        let inner = super::geom::centroid(&pa);
        if !contains(&pa, inner) {
            continue;
        }
        for (j, b) in town.lots.iter().enumerate() {
            if i != j {
                assert!(
                    !contains(&ring(&b.polygon), inner),
                    "lots {i} and {j} overlap"
                );
            }
        }
    }
}

#[test]
fn buildings_stand_inside_their_lots() {
    for (name, site, ground) in cases() {
        let town = grow_town(&site, ground.as_ref());
        for (i, b) in town.buildings.iter().enumerate() {
            let lot = ring(&town.lots[b.lot as usize].polygon);
            let fp = ring(&b.footprint);
            assert!(
                is_simple(&fp) && signed_area(&fp) > 0.0,
                "{name}: building {i} is degenerate"
            );
            assert!(
                fp.iter().all(|&p| contains(&lot, p)),
                "{name}: building {i} leaves its lot"
            );
            for k in 0..fp.len() {
                for m in 0..lot.len() {
                    let hit = crossing(
                        fp[k],
                        fp[(k + 1) % fp.len()],
                        lot[m],
                        lot[(m + 1) % lot.len()],
                    );
                    assert!(hit.is_none(), "{name}: building {i} crosses its lot's edge");
                }
            }
            assert!(b.height > 0.0 && b.roof >= 0.0);
            let lowest = fp
                .iter()
                .map(|p| ground.height(p.x, p.y))
                .fold(f32::INFINITY, f32::min);
            assert!(b.base <= lowest + 1e-6, "{name}: building {i} floats");
        }
    }
}

#[test]
fn downtown_is_taller_than_residential() {
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
    assert!(
        nt > 5 && nh > 5,
        "towers {nt}, houses {nh}\n{}",
        map(&site, ground.as_ref(), &town)
    );
    assert!(tower > 1.5 * house, "towers {tower} vs houses {house}");
    assert!(
        town.buildings.iter().any(|b| b.style == Style::Shed),
        "no industrial quarter"
    );
}

#[test]
fn the_same_site_gives_the_same_bits() {
    let (site, ground) = (BenchCase::Coast.site(), BenchCase::Coast.ground());
    let a = grow_town(&site, ground.as_ref());
    let b = grow_town(&site, ground.as_ref());
    assert_eq!(a, b);
    let bits = |t: &Town| -> Vec<u32> {
        t.buildings
            .iter()
            .flat_map(|b| {
                b.footprint
                    .iter()
                    .flatten()
                    .chain([&b.base, &b.height])
                    .map(|v| v.to_bits())
            })
            .collect()
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
}

/// Prints the benchmark figures: `cargo test -p donjourno --release town_figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn town_figures() {
    for case in BenchCase::ALL {
        let start = std::time::Instant::now();
        let runs = 5;
        let mut town = Town::default();
        for _ in 0..runs {
            town = case.run();
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        let mesh = buildings_mesh(&town.buildings, 1.0, 10.0);
        println!(
            "{}: {ms:.1} ms, {} nodes, {} edges, {} streets, {} blocks, {} lots, {} buildings, {} triangles",
            case.name(),
            town.graph.nodes.len(),
            town.graph.edges.len(),
            town.streets.len(),
            town.blocks.len(),
            town.lots.len(),
            town.buildings.len(),
            mesh.triangle_count()
        );
        println!(
            "{}",
            ascii_map(&case.site(), case.ground().as_ref(), &town, 1.0)
        );
    }
}
