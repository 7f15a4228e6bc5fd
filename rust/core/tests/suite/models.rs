//! The height models: every model generates, carries a climate, and the continents are a pure
//! function of world position, so a map at an origin is that window of a larger map.

use donjourno::stages::climate::{lay_climate, ClimateFields, Field};
use donjourno::stages::landform::continents_of;
use donjourno::{
    generate, ExternalInputs, GenerateOptions, GeneratorParams, Grid, HeightModel, Terrain,
    WaterKind,
};

fn continents(width: u32, depth: u32, origin: (f32, f32)) -> GeneratorParams {
    let mut p = GeneratorParams {
        seed: 12,
        width,
        depth,
        height_model: HeightModel::Continents,
        cell_size: 25.0,
        height_scale: 800.0,
        origin_x: origin.0,
        origin_z: origin.1,
        ..Default::default()
    };
    // Only the pure stages: no droplets, no carving.
    p.set_droplet_count(0);
    p.water.lakes_enabled = false;
    p.water.rivers_enabled = false;
    p
}

/// The cells of `small` are the cells of `large` offset by `(dx, dz)`, plane by plane.
fn assert_window(large: &Grid, small: &Grid, dx: usize, dz: usize, plane: fn(&Grid) -> &[f32]) {
    for z in 0..small.depth() {
        for x in 0..small.width() {
            let a = plane(large)[large.index(x + dx, z + dz)];
            let b = plane(small)[small.index(x, z)];
            assert_eq!(a.to_bits(), b.to_bits(), "cell ({x}, {z}): {a} vs {b}");
        }
    }
}

#[test]
fn a_continents_map_at_an_origin_is_the_window_of_a_larger_map() {
    let large_params = continents(120, 100, (-500.0, 250.0));
    let (mut large, _) = generate(&large_params, Default::default()).unwrap();
    // 30 and 44 cells in: the origin moves by 30 × 25 m and 44 × 25 m.
    let small_params = continents(50, 40, (250.0, 1350.0));
    let (mut small, _) = generate(&small_params, Default::default()).unwrap();
    // Nothing read the climate (no biomes, no settlements): laid now, on each map.
    assert!(!large.has_climate() && !small.has_climate());
    lay_climate(&large_params, &mut large);
    lay_climate(&small_params, &mut small);
    assert_window(&large, &small, 30, 44, |g| &g.height);
    assert_window(&large, &small, 30, 44, |g| &g.temperature);
    assert_window(&large, &small, 30, 44, |g| &g.moisture);
    // And each field is the pure function of the world position.
    let p = continents(50, 40, (250.0, 1350.0));
    let model = continents_of(&p);
    let fields = ClimateFields::new(p.seed, p.climate.feature_scale);
    for (x, z) in [(0usize, 0usize), (49, 39), (17, 23)] {
        let (wx, wz) = (250.0 + 25.0 * x as f64, 1350.0 + 25.0 * z as f64);
        assert_eq!(small.height[small.index(x, z)], model.height(wx, wz));
        let t = fields.field(Field::Temperature, wx, wz);
        assert_eq!(fields.sample(wx, wz).temperature, t);
    }
}

#[test]
fn every_model_makes_land_water_and_a_climate() {
    for model in HeightModel::ALL {
        let mut p = GeneratorParams {
            seed: 3,
            width: 96,
            depth: 96,
            height_model: model,
            cell_size: 30.0,
            height_scale: 600.0,
            edge_falloff_width: 8.0 * 30.0,
            ..Default::default()
        };
        // Continents of a few kilometres, so the 2.9 km map holds coast and ranges.
        p.climate.feature_scale = 0.4;
        // The image model raises a subdivision map read back from a 16-bit PNG, its sea at 40 %.
        p.image.sea_level = 0.4;
        let inputs = image_inputs(&p);
        let (mut grid, stats) = generate(
            &p,
            GenerateOptions {
                inputs: inputs.clone(),
                ..Default::default()
            },
        )
        .unwrap();
        let name = model.name();
        assert_eq!(stats.grid_hash, grid.hash());
        lay_climate(&p, &mut grid);
        let t_min = grid
            .temperature
            .iter()
            .copied()
            .fold(f32::INFINITY, f32::min);
        let t_max = grid
            .temperature
            .iter()
            .copied()
            .fold(f32::NEG_INFINITY, f32::max);
        assert!(t_max > t_min, "{name}: flat temperature");
        assert!(t_max <= p.climate.sea_temperature + p.climate.temperature_range + 1e-3);
        assert!(
            grid.moisture.iter().all(|m| (0.0..=1.0).contains(m)),
            "{name}"
        );
        let counts = grid.class_counts();
        assert!(
            counts[Terrain::Mountain as usize] > 0,
            "{name}: no mountains"
        );
        assert!(
            counts[Terrain::Grass as usize] + counts[Terrain::Tree as usize] > 0,
            "{name}"
        );
        // Water: the cells classed as water are exactly those the water stage filled, and
        // every model has some.
        for i in 0..grid.len() {
            assert_eq!(
                grid.terrain[i] == Terrain::Water,
                grid.water[i] != WaterKind::Dry,
                "{name}: cell {i} is {:?} with {:?}",
                grid.terrain[i],
                grid.water[i]
            );
        }
        let [_, lakes, rivers, _] = grid.water_counts();
        println!("{name}: {lakes} lake and {rivers} river cells");
        if model == HeightModel::Pool {
            // No sea at the pool model's sea level 0: its water is its lakes and rivers.
            assert!(
                lakes > 0 && rivers > 0,
                "{name}: {lakes} lake and {rivers} river cells"
            );
        } else {
            let sea = grid.water.iter().filter(|w| **w == WaterKind::Sea).count();
            assert!(
                sea > 96 * 4,
                "{name}: the falloff border should be sea, {sea} sea cells"
            );
            assert!(grid.sea_level > 0.0);
            // The land, and only the land, is where droplets ran.
            for i in 0..grid.len() {
                if grid.pool[i] {
                    assert!(
                        grid.height[i] >= grid.sea_level,
                        "{name}: land below the sea"
                    );
                }
            }
            // The edge sinks into the sea.
            for x in 0..96 {
                assert_eq!(grid.water[x], WaterKind::Sea, "{name}: edge cell {x}");
            }
        }
    }
}

#[test]
fn the_pool_grid_does_not_see_the_climate_or_the_vertical_scale() {
    let base = GeneratorParams {
        width: 64,
        depth: 48,
        ..Default::default()
    };
    let scaled = GeneratorParams {
        height_scale: 900.0,
        origin_x: 300.0,
        ..base
    };
    let (mut a, _) = generate(&base, Default::default()).unwrap();
    let (mut b, _) = generate(&scaled, Default::default()).unwrap();
    assert_eq!(a.hash(), b.hash());
    lay_climate(&base, &mut a);
    lay_climate(&scaled, &mut b);
    assert_ne!(a.climate_hash(), b.climate_hash());
    // Its sizes are in metres: cells of another size sample another piece of the same land.
    let coarse = GeneratorParams {
        cell_size: 4.0,
        ..base
    };
    let (c, _) = generate(&coarse, Default::default()).unwrap();
    assert_ne!(a.hash(), c.hash());
}

#[test]
fn peaks_are_colder_by_the_lapse_rate() {
    let mut p = GeneratorParams {
        seed: 8,
        width: 80,
        depth: 80,
        height_model: HeightModel::Subdivision,
        cell_size: 10.0,
        height_scale: 1000.0,
        ..Default::default()
    };
    p.climate.temperature_range = 0.0;
    let (mut grid, _) = generate(&p, Default::default()).unwrap();
    lay_climate(&p, &mut grid);
    let (hi, _) = grid
        .height
        .iter()
        .enumerate()
        .fold((0, f32::MIN), |a, (i, &h)| if h > a.1 { (i, h) } else { a });
    let metres = (grid.height[hi] - grid.sea_level) * 1000.0;
    let expected = p.climate.sea_temperature - 6.5 * metres / 1000.0;
    assert!(
        (grid.temperature[hi] - expected).abs() < 1e-3,
        "{} vs {expected}",
        grid.temperature[hi]
    );
}

/// The image model's heightmap: a subdivision map of `p`'s size as a 16-bit PNG, decoded.
fn image_inputs(p: &GeneratorParams) -> ExternalInputs {
    let source = GeneratorParams {
        height_model: HeightModel::Subdivision,
        ..*p
    };
    let (grid, _) = generate(&source, Default::default()).unwrap();
    let format = donjourno::data::heightmap::Format::Png16;
    let (map, _) =
        donjourno::data::heightmap::export(&grid, format, p.terrain.peak_height, p.height_scale);
    let bytes = donjourno::data::heightmap::encode(&map, format).unwrap();
    let map = donjourno::data::heightmap::decode(&bytes, format).unwrap();
    ExternalInputs {
        heightmap: Some(std::sync::Arc::new(map)),
        ..Default::default()
    }
}
