//! Properties of the default pipeline: coverage exactness, the pool invariants, classification,
//! forests and colours, each checked on real generated terrains.

// Cells are compared across several planes, so index loops read best here.
#![allow(clippy::needless_range_loop)]

use donjourno::params::ForestMaskParams;
use donjourno::stages::forest::ForestMask;
use donjourno::stages::landform::pool::{
    coverage_mask, pool_heights, select_pool, PoolShape, MOUNTAIN_MIN_HEIGHT,
};
use donjourno::stages::texture::colour;
use donjourno::{generate, GeneratorParams, Grid, Terrain};

fn params(size: u32, coverage: f32, seed: u64) -> GeneratorParams {
    let mut p = GeneratorParams {
        seed,
        width: size,
        depth: size,
        ..Default::default()
    };
    p.terrain.coverage = coverage;
    p.set_droplet_count(4000);
    p
}

fn terrains() -> Vec<(GeneratorParams, Grid)> {
    [(64, 0.45, 1), (96, 0.8, 2), (80, 0.2, 3)]
        .into_iter()
        .map(|(s, c, seed)| {
            let p = params(s, c, seed);
            (p, generate(&p, Default::default()).unwrap().0)
        })
        .collect()
}

#[test]
fn pool_holds_exactly_round_n_coverage_cells() {
    for (w, d) in [(1, 1), (7, 3), (64, 64), (100, 37), (256, 128)] {
        for coverage in [0.0, 0.001, 0.1, 0.25, 0.333, 0.5, 0.9, 0.999, 1.0] {
            let n = w * d;
            let mask = coverage_mask(
                w,
                d,
                coverage,
                &PoolShape::new(&GeneratorParams::default().terrain, 1.0),
                42,
            );
            let expected = (n as f64 * f64::from(coverage)).round() as usize;
            assert_eq!(mask.target, expected);
            assert_eq!(
                mask.pool.iter().filter(|&&p| p).count(),
                expected,
                "{w}×{d} at {coverage}"
            );
            for (i, &in_pool) in mask.pool.iter().enumerate() {
                if mask.noise[i] > mask.threshold {
                    assert!(in_pool, "cell above the threshold left out");
                }
                if in_pool {
                    assert!(mask.noise[i] >= mask.threshold);
                }
            }
        }
    }
}

#[test]
fn pool_selection_is_exact_even_when_every_value_ties() {
    for (n, coverage, expected) in [(100, 0.5, 50), (7, 0.3, 2), (10, 1.0, 10), (10, 0.04, 0)] {
        let mask = select_pool(vec![0.5; n], coverage);
        assert_eq!(mask.pool.iter().filter(|&&p| p).count(), expected);
        // Ties go to the higher indices.
        assert!(mask.pool[n - expected..].iter().all(|&p| p));
    }
    let mask = select_pool(vec![0.1, 0.9, 0.5, 0.9, 0.2], 0.4);
    assert_eq!(mask.pool, [false, true, false, true, false]);
    assert_eq!(mask.threshold, 0.9);
}

#[test]
fn heights_and_roughness_are_zero_outside_the_pool_and_finite_everywhere() {
    for (p, g) in terrains() {
        let mut in_pool_nonzero = 0;
        for i in 0..g.len() {
            for v in [g.height[i], g.roughness[i], g.forest_mask[i]] {
                assert!(v.is_finite(), "non-finite value at {i}");
            }
            assert!((0.0..=1.0).contains(&g.roughness[i]));
            assert!((0.0..=1.0).contains(&g.forest_mask[i]));
            if g.pool[i] {
                in_pool_nonzero += usize::from(g.height[i] > 0.0);
            } else if g.terrain[i] == Terrain::Water {
                // A river carved into the flat ground.
                assert!(g.height[i] <= 0.0);
                assert_eq!(g.roughness[i], 0.0);
            } else {
                assert_eq!(g.height[i], 0.0);
                assert_eq!(g.roughness[i], 0.0);
            }
        }
        assert!(in_pool_nonzero > 0);
        assert!(
            g.max_height() <= p.terrain.peak_height * 1.5,
            "erosion deposits stay near the peak"
        );
    }
}

#[test]
fn erosion_changes_heights_only_inside_the_pool() {
    for lake_erosion in [false, true] {
        let mut p = params(96, 0.5, 11);
        // Rivers carve their beds; without them only erosion changes heights.
        p.water.rivers_enabled = false;
        p.water.lake_erosion = lake_erosion;
        let mask = coverage_mask(
            96,
            96,
            0.5,
            &PoolShape::new(&p.terrain, p.cell_size),
            p.seed,
        );
        let before = pool_heights(
            &mask,
            96,
            p.terrain.peak_height,
            &PoolShape::new(&p.terrain, p.cell_size),
            p.seed,
        );
        let (grid, stats) = generate(&p, Default::default()).unwrap();
        assert!(stats.erosion_steps > 0);
        let mut changed = 0;
        for i in 0..grid.len() {
            if grid.height[i] != before[i] {
                assert!(grid.pool[i], "erosion changed cell {i} outside the pool");
                changed += 1;
            }
        }
        assert!(changed > 500, "erosion changed only {changed} cells");
    }
}

#[test]
fn mountain_iff_pool_and_above_threshold() {
    for (_, g) in terrains() {
        for i in 0..g.len() {
            if g.terrain[i] == Terrain::Water {
                continue;
            }
            let mountain = g.pool[i] && g.height[i] > MOUNTAIN_MIN_HEIGHT;
            assert_eq!(g.terrain[i] == Terrain::Mountain, mountain, "cell {i}");
        }
        assert!(g.class_counts()[Terrain::Mountain as usize] > 0);
    }
}

#[test]
fn forest_mask_follows_its_formula_and_is_zero_on_mountains() {
    for (p, g) in terrains() {
        let layer = ForestMask {
            params: ForestMaskParams {
                height_limit: 0.6,
                steepness: 2.0,
            },
        };
        for i in 0..g.len() {
            match g.terrain[i] {
                Terrain::Mountain | Terrain::Water => assert_eq!(g.forest_mask[i], 0.0),
                Terrain::Grass | Terrain::Tree => {
                    let h = g.height[i].max(0.0);
                    let expected = (1.0 - (h / p.forest.height_limit).powi(2)).clamp(0.0, 1.0);
                    assert!((g.forest_mask[i] - expected).abs() < 1e-5);
                    assert_eq!(g.forest_mask[i], layer.fertility(g.height[i]));
                }
            }
        }
    }
}

#[test]
fn trees_grow_only_on_fertile_grass_at_the_requested_density() {
    for (p, g) in terrains() {
        let mut fertile = 0.0f64;
        let mut trees = 0usize;
        for i in 0..g.len() {
            if g.terrain[i] == Terrain::Tree {
                trees += 1;
                assert!(
                    !(g.pool[i] && g.height[i] > MOUNTAIN_MIN_HEIGHT),
                    "tree on mountain ground"
                );
                assert!(g.forest_mask[i] > 0.0);
            }
            fertile += f64::from(g.forest_mask[i] * p.forest.cover);
        }
        // Trees are Bernoulli draws with probability mask × cover: the count is near its mean.
        let sd = fertile.sqrt();
        assert!(
            (trees as f64 - fertile).abs() < 5.0 * sd + 5.0,
            "{trees} trees, expected ≈ {fertile:.0}"
        );
    }
    let mut none = params(64, 0.3, 4);
    none.forest.cover = 0.0;
    let g = generate(&none, Default::default()).unwrap().0;
    assert_eq!(g.class_counts()[Terrain::Tree as usize], 0);
}

/// The original design's colouring table, written out from the design itself (not from the implementation's
/// constants): relative heights against the actual maximum, steepness from central differences.
/// The steepness is made scale-free like the heights (divided by the actual maximum); its
/// threshold is the original design's 0.08 at the typical maximum (0.89) of a peak-1 terrain.
mod original_design {
    pub const SNOW: [u8; 3] = [240, 240, 250];
    pub const BROWN_ROCK: [u8; 3] = [110, 95, 75];
    pub const HIGHLAND_GRASS: [u8; 3] = [90, 130, 80];
    pub const TREE: [u8; 3] = [30, 100, 30];
    pub const DIRT: [u8; 3] = [139, 115, 85];
    pub const GRASS: [u8; 3] = [60, 140, 60];
    /// Snow above this relative height (flat mountain ground).
    pub const SNOW_ABOVE: f32 = 0.75;
    /// Brown rock above this relative height (flat mountain ground).
    pub const BROWN_ABOVE: f32 = 0.4;
    /// Steeper than this (relative to the maximum) is grey rock on mountains, dirt on grass:
    /// 0.08 / 0.89, rounded.
    pub const STEEP: f32 = 0.09;
    /// Grey rock: 80 at the lowest relative height to 130 at the peak.
    pub const GREY: (f32, f32) = (80.0, 130.0);

    /// The steepness of cell `(x, z)`: the length of the gradient, from central differences and,
    /// on the border, from the one neighbour there is.
    pub fn steepness(h: &[f32], w: usize, d: usize, x: usize, z: usize) -> f32 {
        let at = |x: usize, z: usize| h[z * w + x];
        let slope = |lo: f32, hi: f32, span: usize| (hi - lo) / span as f32;
        let (xl, xr) = (x.saturating_sub(1), (x + 1).min(w - 1));
        let (zu, zd) = (z.saturating_sub(1), (z + 1).min(d - 1));
        let dx = slope(at(xl, z), at(xr, z), (xr - xl).max(1));
        let dz = slope(at(x, zu), at(x, zd), (zd - zu).max(1));
        (dx * dx + dz * dz).sqrt()
    }
}

/// What a cell's colour must be by the original design's table: an exact colour, grey rock at an exact
/// (unrounded) level, or water, which the design's table does not have (some shade of blue).
enum Expected {
    Exact([u8; 3]),
    Grey(f32),
    Water,
}

fn expected(t: Terrain, h_rel: f32, steep: f32) -> Expected {
    use original_design::*;
    // River beds carved below 0 take the darkest grey: the range is 80–130.
    let grey = || Expected::Grey(GREY.0 + (GREY.1 - GREY.0) * h_rel.clamp(0.0, 1.0));
    match t {
        Terrain::Mountain if steep > STEEP => grey(),
        Terrain::Mountain if h_rel > SNOW_ABOVE => Expected::Exact(SNOW),
        Terrain::Mountain if h_rel > BROWN_ABOVE => Expected::Exact(BROWN_ROCK),
        Terrain::Mountain => Expected::Exact(HIGHLAND_GRASS),
        Terrain::Tree => Expected::Exact(TREE),
        Terrain::Grass if steep > STEEP => Expected::Exact(DIRT),
        Terrain::Grass => Expected::Exact(GRASS),
        Terrain::Water if steep > STEEP => grey(),
        Terrain::Water => Expected::Water,
    }
}

#[test]
fn every_colour_follows_the_table_of_the_original_design() {
    let mut seen = std::collections::HashSet::new();
    let (mut checked, mut borderline) = (0usize, 0usize);
    for (_, g) in terrains() {
        let (w, d) = (g.width(), g.depth());
        let h_max = g.max_height();
        for z in 0..d {
            for x in 0..w {
                let i = g.index(x, z);
                let h_rel = g.height[i] / h_max;
                let steep = original_design::steepness(&g.height, w, d, x, z) / h_max;
                // A value within rounding of a threshold may fall either way.
                let near = |v: f32, t: f32| (v - t).abs() < 1e-4;
                if near(steep, original_design::STEEP)
                    || near(h_rel, original_design::SNOW_ABOVE)
                    || near(h_rel, original_design::BROWN_ABOVE)
                {
                    borderline += 1;
                    continue;
                }
                checked += 1;
                let c = g.color[i];
                let at = format!("{:?} cell ({x}, {z}) coloured {c:?}", g.terrain[i]);
                match expected(g.terrain[i], h_rel, steep) {
                    Expected::Exact(rgb) => {
                        assert_eq!(c, rgb, "{at}");
                        seen.insert(rgb);
                    }
                    Expected::Grey(level) => {
                        assert!(c[0] == c[1] && c[1] == c[2], "{at}: not grey");
                        assert!(
                            (f32::from(c[0]) - level).abs() <= 0.501,
                            "{at}: grey {level}"
                        );
                        seen.insert([0, 0, 0]);
                    }
                    Expected::Water => {
                        assert!(c[2] > c[1] && c[1] > c[0], "{at}: not blue");
                    }
                }
            }
        }
    }
    assert!(
        borderline * 1000 < checked,
        "{borderline} borderline cells of {checked}"
    );
    use original_design::*;
    for (rgb, name) in [
        (SNOW, "snow"),
        (BROWN_ROCK, "brown rock"),
        (HIGHLAND_GRASS, "highland grass"),
        (TREE, "tree"),
        (DIRT, "dirt"),
        (GRASS, "grass"),
        ([0, 0, 0], "grey rock"),
    ] {
        assert!(seen.contains(&rgb), "no {name} cell in the test terrains");
    }
}

#[test]
fn colour_rules_cover_the_table_of_the_original_design() {
    use original_design::*;
    assert_eq!(colour(Terrain::Mountain, 0.9, 0.0, 0.0), SNOW);
    assert_eq!(colour(Terrain::Mountain, 0.5, 0.0, 0.0), BROWN_ROCK);
    assert_eq!(colour(Terrain::Mountain, 0.2, 0.0, 0.0), HIGHLAND_GRASS);
    assert_eq!(colour(Terrain::Mountain, 0.0, 1.0, 0.0), [80, 80, 80]);
    assert_eq!(colour(Terrain::Mountain, 1.0, 1.0, 0.0), [130, 130, 130]);
    assert_eq!(colour(Terrain::Mountain, 0.5, 1.0, 0.0), [105, 105, 105]);
    assert_eq!(colour(Terrain::Grass, 0.0, 1.0, 0.0), DIRT);
    assert_eq!(colour(Terrain::Grass, 0.0, 0.0, 0.0), GRASS);
    assert_eq!(colour(Terrain::Tree, 0.3, 1.0, 0.0), TREE);
    let shallow = colour(Terrain::Water, 0.0, 0.0, 0.0);
    let deep = colour(Terrain::Water, 0.0, 0.0, 1.0);
    assert!(shallow[2] > shallow[1] && shallow[1] > shallow[0], "blue");
    assert!(deep[2] > deep[1] && deep[1] > deep[0], "blue");
    assert!(
        shallow.iter().zip(deep).all(|(s, d)| *s > d),
        "deeper water is darker"
    );
    assert_eq!(
        colour(Terrain::Water, 0.0, 1.0, 0.5),
        [80, 80, 80],
        "steep banks are rock"
    );
}

#[test]
fn full_and_empty_coverage() {
    let g = generate(&params(48, 1.0, 9), Default::default()).unwrap().0;
    assert!(g.pool.iter().all(|&p| p));
    let g = generate(&params(48, 0.0, 9), Default::default()).unwrap().0;
    assert!(g.pool.iter().all(|&p| !p));
    assert!(g.height.iter().all(|&h| h == 0.0));
    assert_eq!(g.class_counts()[Terrain::Mountain as usize], 0);
}

#[test]
fn seeds_change_the_terrain_and_parameters_are_respected() {
    let a = generate(&params(64, 0.5, 1), Default::default()).unwrap();
    let b = generate(&params(64, 0.5, 2), Default::default()).unwrap();
    assert_ne!(a.1.grid_hash, b.1.grid_hash);
    assert_eq!(
        a.1.grid_hash,
        generate(&params(64, 0.5, 1), Default::default())
            .unwrap()
            .1
            .grid_hash
    );
    assert!((a.1.pool_fraction - 0.5).abs() < 1e-9);
    let names: Vec<_> = a.1.timings.iter().map(|t| t.layer.as_str()).collect();
    assert_eq!(
        names,
        [
            "HybridTerrain",
            "Hydrology",
            "Climate",
            "Biomes",
            "Settlements",
            "ForestMask",
            "ForestPlacement",
            "Scatter",
            "TerrainTexture"
        ]
    );
}

#[test]
fn erosion_never_builds_peaks_above_the_uneroded_terrain() {
    for (size, peak, droplets) in [
        (32u32, 1.0f32, 16_000u32),
        (128, 4.0, 16_000),
        (64, 1.0, 60_000),
    ] {
        let mut p = GeneratorParams {
            width: size,
            depth: size,
            ..Default::default()
        };
        p.terrain.peak_height = peak;
        p.set_droplet_count(droplets);
        let mask = coverage_mask(
            size as usize,
            size as usize,
            p.terrain.coverage,
            &PoolShape::new(&p.terrain, p.cell_size),
            p.seed,
        );
        let before = pool_heights(
            &mask,
            size as usize,
            peak,
            &PoolShape::new(&p.terrain, p.cell_size),
            p.seed,
        );
        let top = before.iter().copied().fold(0.0f32, f32::max);
        let (grid, _) = generate(&p, Default::default()).unwrap();
        assert!(
            grid.max_height() <= top * 1.02,
            "{size}² peak {peak}: eroded maximum {} above the uneroded {top}",
            grid.max_height()
        );
    }
}

/// Scales heights and water levels of a grid by `k` and colours it again.
fn recoloured(g: &Grid, k: f32) -> Vec<[u8; 3]> {
    use donjourno::stages::pipeline::Layer;
    use donjourno::stages::texture::TerrainTexture;
    let mut s = g.clone();
    s.height.iter_mut().for_each(|h| *h *= k);
    s.water_level.iter_mut().for_each(|h| *h *= k);
    TerrainTexture::default()
        .apply(&mut s, &mut donjourno::Context::default())
        .unwrap();
    s.color
}

#[test]
fn colours_do_not_depend_on_the_height_scale() {
    let mut p = params(96, 0.5, 5);
    p.water.sea_level = 0.03;
    let (g, _) = generate(&p, Default::default()).unwrap();
    assert!(g.terrain.contains(&Terrain::Water));
    // Powers of two scale every difference, length and ratio exactly.
    for k in [0.25, 4.0, 64.0] {
        assert!(
            recoloured(&g, k) == g.color,
            "colours change when heights are scaled by {k}"
        );
    }
}

#[test]
fn grey_rock_covers_a_similar_share_at_peaks_1_and_5_and_a_bounded_one_at_20() {
    let grey_share = |peak: f32| {
        let mut p = GeneratorParams::default();
        p.terrain.peak_height = peak;
        let (g, stats) = generate(&p, Default::default()).unwrap();
        let grey = (0..g.len())
            .filter(|&i| g.terrain[i] == Terrain::Mountain)
            .filter(|&i| {
                let c = g.color[i];
                c[0] == c[1] && c[1] == c[2] && (80..=130).contains(&c[0])
            })
            .count();
        grey as f64 / stats.count(Terrain::Mountain) as f64
    };
    let shares: Vec<f64> = [1.0, 5.0, 20.0].into_iter().map(grey_share).collect();
    println!("grey rock on {shares:?} of the mountain cells at peaks 1, 5, 20");
    for s in &shares {
        assert!(
            (0.05..0.25).contains(s),
            "grey rock on {shares:?} of the mountain cells at peaks 1, 5, 20"
        );
    }
    // Similar: at peaks 1 and 5 the larger share at most a fifth above the smaller (the band
    // above alone would let one peak height have five times the rock of another). At peak 20
    // the share is larger (0.181 against 0.122 and 0.127, measured): the colour rule is
    // relative to the peak, the droplets' erosion is not (on ground twenty times as steep they
    // run faster and cut more steep ground), so only the band holds there.
    let (lo, hi) = (shares[0].min(shares[1]), shares[0].max(shares[1]));
    assert!(
        hi <= 1.2 * lo,
        "grey rock on {shares:?} of the mountain cells at peaks 1, 5, 20: not a similar share at peaks 1 and 5"
    );
}
