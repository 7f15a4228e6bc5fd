//! Heights never sink below sea level (0): erosion keeps every cell at or above 0 for any valid
//! parameter set, and in the finished grid only river beds, carved below their water, lie lower
//! (at most the capped carving depth below 0). The sets vary what shapes the heights: the three
//! generated height models, the cell size (0.25–8 m), the map's origin, the mountains' coverage
//! and peak, the droplets and the erosion and water constants. A designer's basin, crater or
//! valley sinks the ground below 0 on purpose (water fills it, see `stamps.rs` and `paths.rs`):
//! the claim is for the generated heights, without stamps or paths.

use donjourno::algorithms::hydrology::RIVER_DEPTH_CAP;
use donjourno::stages::landform::pool::HybridTerrain;
use donjourno::stages::pipeline::Layer;
use donjourno::{generate, Context, GeneratorParams, Grid, HeightModel, WaterKind};
use proptest::prelude::*;

prop_compose! {
    /// Valid parameter sets on small maps, spread over the whole accepted ranges.
    fn valid_params()(
        seed in any::<u64>(),
        width in 1u32..40,
        depth in 1u32..40,
        coverage in 0.0f32..=1.0,
        peak in prop_oneof![0.01f32..2.0, 2.0f32..50.0, Just(1000.0f32)],
        droplets in 0u32..3000,
        dt in 0.05f32..3.0,
        friction in 0.0f32..=1.0,
        density in 0.05f32..20.0,
        deposition in 0.0f32..=1.0,
        evaporation in 0.001f32..=1.0,
        min_volume in 0.001f32..=1.0,
        lakes in any::<[bool; 3]>(),
        river_catchment in 1.0f32..100.0,
        river_depth in 0.0f32..=1.0,
        sea_level in prop_oneof![Just(0.0f32), 0.0f32..0.5],
        model in 0usize..3,
        cell_size in prop_oneof![Just(1.0f32), 0.25f32..8.0],
        origin in (-1e4f32..1e4, -1e4f32..1e4),
    ) -> GeneratorParams {
        let height_model = [HeightModel::Pool, HeightModel::Subdivision, HeightModel::Continents][model];
        let mut p = GeneratorParams { seed, width, depth, height_model, cell_size, ..Default::default() };
        (p.origin_x, p.origin_z) = origin;
        p.terrain.coverage = coverage;
        p.terrain.peak_height = peak;
        p.set_droplet_count(droplets);
        let e = &mut p.terrain.erosion;
        e.dt = dt;
        // Rates scaled into the accepted `dt · rate ≤ 1`.
        e.friction = friction.min(1.0 / dt);
        e.density = density;
        e.deposition_rate = deposition.min(1.0 / dt);
        e.evaporation_rate = evaporation.min(1.0 / dt);
        e.min_volume = min_volume;
        let w = &mut p.water;
        (w.lakes_enabled, w.lake_erosion, w.rivers_enabled) = (lakes[0], lakes[1], lakes[2]);
        w.river_catchment = river_catchment;
        w.river_depth = river_depth;
        w.sea_level = sea_level;
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn heights_never_sink_below_zero(p in valid_params()) {
        prop_assert_eq!(p.validate(), Ok(()));
        let (w, d) = (p.width as usize, p.depth as usize);

        // Erosion of the pool model: every cell stays at or above 0.
        if p.height_model == HeightModel::Pool {
            let layer = HybridTerrain {
                lakes: p.water.erosion_lakes(p.cell_size),
                ..HybridTerrain::new(p.seed, p.terrain)
            };
            let mut eroded = Grid::new(w, d);
            layer.apply(&mut eroded, &mut Context::default()).unwrap();
            for (i, &h) in eroded.height.iter().enumerate() {
                prop_assert!(h.is_finite() && h >= 0.0, "cell {} eroded to {}", i, h);
            }
        }

        // The finished grid: dry ground, lakes and sea at or above 0; river beds at most the
        // capped carving depth below it.
        let (grid, _) = generate(&p, Default::default()).unwrap();
        let deepest_bed = -p.water.river_depth * RIVER_DEPTH_CAP;
        for i in 0..grid.len() {
            let h = grid.height[i];
            prop_assert!(h.is_finite(), "cell {} is {}", i, h);
            if grid.water[i] == WaterKind::River {
                prop_assert!(h >= deepest_bed, "river bed {} at {}", i, h);
            } else {
                prop_assert!(h >= 0.0, "{:?} cell {} at {}", grid.water[i], i, h);
            }
        }
    }
}
