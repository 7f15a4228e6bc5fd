//! Stamps on whole generations: the ground they shape, and the water and climate that react.

use donjourno::params::stamps::{Stamp, StampKind};
use donjourno::{generate, GenerateOptions, GeneratorParams, Grid};

/// The default world on `side`² cells of 1 m, erosion `on` or off.
fn params(side: u32, erosion: bool) -> GeneratorParams {
    let mut p = GeneratorParams {
        width: side,
        depth: side,
        ..Default::default()
    };
    if !erosion {
        p.set_droplet_count(0);
    }
    p
}

fn run(p: &GeneratorParams, stamps: &[Stamp]) -> Grid {
    let mut options = GenerateOptions::default();
    options.inputs.stamps = stamps.to_vec();
    generate(p, options).unwrap().0
}

/// The heights of the height model and the stamps, before any later stage.
fn heights(p: &GeneratorParams, stamps: &[Stamp]) -> Vec<f32> {
    let mut options = GenerateOptions {
        height_only: true,
        ..Default::default()
    };
    options.inputs.stamps = stamps.to_vec();
    generate(p, options).unwrap().0.height
}

#[test]
fn a_raise_lifts_the_ground_within_its_radius_and_nowhere_else() {
    let p = params(96, false);
    let stamp = Stamp {
        position: [48.0, 40.0],
        radius: 25.0,
        height: 30.0,
        ..Default::default()
    };
    let (plain, stamped) = (heights(&p, &[]), heights(&p, &[stamp]));
    let scale = p.height_scale;
    let mut inside = 0;
    for z in 0..96 {
        for x in 0..96 {
            let i = z * 96 + x;
            let d = (x as f32 - 48.0).hypot(z as f32 - 40.0);
            let rise = (stamped[i] - plain[i]) * scale;
            if d >= 25.0 {
                assert_eq!(rise, 0.0, "({x}, {z}) lies outside the stamp");
            } else if d < 20.0 {
                assert!(rise > 0.0, "({x}, {z}) lies inside the stamp");
                inside += 1;
            }
        }
    }
    assert!(inside > 1000);
    let centre = 40 * 96 + 48;
    let rise = (stamped[centre] - plain[centre]) * scale;
    assert!((rise - 30.0).abs() < 1e-3, "30 m at the centre: {rise}");
}

#[test]
fn no_stamps_change_nothing_and_stamps_give_the_same_bits_twice() {
    let p = params(64, true);
    let default = generate(&p, GenerateOptions::default()).unwrap().0;
    assert_eq!(run(&p, &[]).height, default.height);
    let stamps = [
        Stamp {
            position: [20.0, 30.0],
            radius: 15.0,
            ..Default::default()
        },
        Stamp {
            kind: StampKind::Roughen,
            position: [40.0, 40.0],
            radius: 20.0,
            height: 3.0,
            ..Default::default()
        },
    ];
    let (a, b) = (run(&p, &stamps), run(&p, &stamps));
    assert_eq!(a.height, b.height);
    assert_eq!(a.water, b.water);
    assert_ne!(a.height, default.height);
}

#[test]
fn a_basin_on_flat_ground_fills_as_a_lake() {
    let mut p = params(96, true);
    p.terrain.coverage = 0.0;
    let basin = Stamp {
        kind: StampKind::Lower,
        position: [48.0, 48.0],
        radius: 20.0,
        height: 6.0,
        ..Default::default()
    };
    assert!(run(&p, &[]).lakes.is_empty(), "flat ground holds no lake");
    let grid = run(&p, &[basin]);
    let lake = grid.lake_at(48, 48).expect("a lake at the basin's centre");
    let cells = (0..grid.len())
        .filter(|&i| {
            let (x, z) = grid.xz(i);
            grid.lake_at(x, z).is_some_and(|l| l.id == lake.id)
        })
        .count();
    assert!(cells > 300, "the lake fills the basin: {cells} cells");
}

#[test]
fn a_stamped_range_casts_a_rain_shadow_on_its_lee_side() {
    // The Continent preset on 128² cells of 40 m, the wind blowing towards +x.
    let mut p = GeneratorParams::preset("continent").unwrap();
    (p.width, p.depth) = (128, 128);
    p.set_droplet_count(0);
    p.climate.wind_direction = 90.0;
    // A range 900 m high across the wind (along z) at x = 1.6 km.
    let range = Stamp {
        position: [1600.0, 2560.0],
        radius: 500.0,
        height: 900.0,
        scale: [1.0, 5.0],
        ..Default::default()
    };
    let (mut plain, mut stamped) = (run(&p, &[]), run(&p, &[range]));
    // Without biomes or settlements nothing read the climate: laid now.
    donjourno::stages::climate::lay_climate(&p, &mut plain);
    donjourno::stages::climate::lay_climate(&p, &mut stamped);
    // Mean moisture over the columns `x0..x1` (cells) of the middle rows.
    let mean = |g: &Grid, x0: usize, x1: usize| {
        let cells: Vec<usize> = (40..88)
            .flat_map(|z| (x0..x1).map(move |x| z * 128 + x))
            .collect();
        cells.iter().map(|&i| g.moisture[i]).sum::<f32>() / cells.len() as f32
    };
    // Lee: 2.4 to 3.6 km; upwind: 0 to 0.8 km.
    let (lee_plain, lee) = (mean(&plain, 60, 90), mean(&stamped, 60, 90));
    let (up_plain, up) = (mean(&plain, 0, 20), mean(&stamped, 0, 20));
    println!("moisture upwind {up_plain:.3} → {up:.3}, lee {lee_plain:.3} → {lee:.3}");
    assert!(lee < lee_plain - 0.05, "the lee side dries");
    assert!((up - up_plain).abs() < (lee - lee_plain).abs() / 4.0);
}

#[test]
fn a_site_pins_a_named_settlement_that_the_roads_join() {
    use donjourno::params::sites::{Site, SiteTier};
    use donjourno::stages::settlements::hexgrid::HexGrid;
    use donjourno::stages::settlements::Tier;
    let mut p = params(256, true);
    p.settlements.enabled = true;
    p.settlements.hex_radius = 32.0;
    let site = Site {
        position: [200.0, 60.0],
        tier: SiteTier::Town,
        name: "Pinford".into(),
    };
    let mut options = GenerateOptions::default();
    options.inputs.sites = vec![site];
    let grid = generate(&p, options).unwrap().0;
    let all = grid.settlements();
    let pinned = all
        .iter()
        .find(|s| s.name == "Pinford")
        .expect("the pinned settlement, by its name");
    assert_eq!(pinned.tier, Tier::Town);
    assert_eq!(pinned.position, [200.5, 60.5], "on the site's cell");
    assert!(all.len() > 1 && all.len() <= p.settlements.count as usize);
    // The generated settlements keep their spacing: none in its hexagon or the next.
    let hexes = HexGrid { size: 32.0 };
    let here = hexes.hex_of(pinned.position[0], pinned.position[1]);
    for s in all.iter().filter(|s| s.name != "Pinford") {
        let d = hexes.hex_of(s.position[0], s.position[1]).distance(here);
        assert!(
            d >= 2,
            "{} stands {d} hexagon(s) from the pinned town",
            s.name
        );
    }
    // A road reaches the town and joins it to another settlement.
    let other = all.iter().find(|s| s.name != "Pinford").unwrap();
    let way = donjourno::stages::settlements::road_path(&grid, pinned.position, other.position);
    assert!(
        !way.is_empty(),
        "a road joins the pinned town to {}",
        other.name
    );
    let start = way[0];
    let gap = (start[0] - pinned.position[0]).hypot(start[1] - pinned.position[1]);
    assert!(
        gap <= pinned.radius + 2.0,
        "the road starts {gap} cells from the town"
    );
    // Without the site, the same parameters place no Pinford: the name comes from the site.
    let plain = generate(&p, GenerateOptions::default()).unwrap().0;
    assert!(plain.settlements().iter().all(|s| s.name != "Pinford"));
}

#[test]
fn a_site_pinned_on_water_stands_on_the_nearest_shore() {
    use donjourno::data::water::WaterKind;
    use donjourno::params::sites::Site;
    let mut p = params(256, true);
    p.settlements.enabled = true;
    p.settlements.hex_radius = 32.0;
    let plain = generate(&p, GenerateOptions::default()).unwrap().0;
    let lake = (0..plain.len())
        .find(|&i| plain.water[i] == WaterKind::Lake)
        .expect("the default world has a lake");
    let (x, z) = plain.xz(lake);
    let mut options = GenerateOptions::default();
    options.inputs.sites = vec![Site {
        position: [x as f32, z as f32],
        name: "Wetford".into(),
        ..Default::default()
    }];
    let grid = generate(&p, options).unwrap().0;
    let s = grid
        .settlements()
        .iter()
        .find(|s| s.name == "Wetford")
        .expect("the pinned town");
    assert_eq!(plain.water[s.cell as usize], WaterKind::Dry, "on dry land");
    let moved = (s.position[0] - (x as f32 + 0.5)).hypot(s.position[1] - (z as f32 + 0.5));
    assert!(
        moved <= 32.0 * std::f32::consts::SQRT_2,
        "moved {moved} cells"
    );
    // No dry cell lies nearer the lake cell than the one it took.
    for i in (0..plain.len()).filter(|&i| plain.water[i] == WaterKind::Dry) {
        let (cx, cz) = plain.xz(i);
        let d = (cx as f32 - x as f32).hypot(cz as f32 - z as f32);
        assert!(
            d >= moved - 1e-3,
            "dry cell ({cx}, {cz}) is nearer: {d} < {moved}"
        );
    }
}
