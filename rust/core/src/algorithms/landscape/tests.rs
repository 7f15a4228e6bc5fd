//! Tests of the landscape evolution: the solver against its analytic steady state, the sanity of
//! the evolved heights, drainage, determinism across thread counts, the same world at two
//! samplings, and the drainage figures of a fractal world.

use super::incision::{incise, AreaPower};
use super::*;
use crate::algorithms::landforms::Drainage;
use crate::algorithms::noise::fbm;

/// A fractal world of `n × n` cells of `cell_m` metres: six octaves of value noise with features
/// 600 m across, up to `peak` height units, sampled at the cells' positions in metres.
fn world(n: usize, cell_m: f32, peak: f32) -> Vec<f32> {
    (0..n * n)
        .map(|i| {
            let (x, z) = ((i % n) as f32 * cell_m, (i / n) as f32 * cell_m);
            peak * fbm(x / 600.0, z / 600.0, 6, 58)
        })
        .collect()
}

/// Ten metres per height unit.
fn scale(cell_m: f32) -> Scale {
    Scale {
        cell_m,
        height_m: 10.0,
    }
}

#[test]
fn the_implicit_solver_meets_the_analytic_steady_state_on_a_channel() {
    // A channel of 200 nodes 10 m apart draining to node 0, each node draining 50 m² more than
    // the one above it; at steady state S = (U/K)·A^−m with K = 1.
    let (n, spacing, uplift) = (200usize, 10.0f32, 2.0f32);
    let area = |i: usize| (n - i) as f32 * 50.0;
    let order: Vec<u32> = (0..n as u32).collect();
    let envelope = vec![f32::INFINITY; n];
    let mut h = vec![0.0f32; n];
    let drain = |c: usize| (c > 0).then(|| (c - 1, spacing, libm::powf(area(c), M)));
    // Large steps: the implicit solver is stable at any step and exact at steady state.
    for _ in 0..400 {
        incise(&mut h, &envelope, &order, uplift, 50.0, drain);
    }
    for i in 1..n {
        let slope = (h[i] - h[i - 1]) / spacing;
        let expected = uplift * libm::powf(area(i), -M);
        assert!(
            (slope / expected - 1.0).abs() < 1e-3,
            "node {i}: slope {slope}, expected {expected}"
        );
    }
    // The area powers of the table and of the formula agree.
    let p = AreaPower::new(3.0);
    for cells in [1u32, 2, 17, 4095, 4096, 100_000] {
        let exact = libm::powf(cells as f32 * 9.0, M);
        assert!((p.of(cells) / exact - 1.0).abs() < 1e-5, "{cells}");
    }
}

#[test]
fn the_land_stays_under_its_envelope_keeps_its_peaks_and_carves_its_valleys() {
    let n = 128;
    let input = world(n, 5.0, 30.0);
    let mut fixed = vec![false; n * n];
    for f in fixed.iter_mut().take(3 * n) {
        *f = true;
    }
    let settings = LandscapeSettings {
        valley_width: 20.0,
        strength: 0.9,
        ..Default::default()
    };
    let out = evolve(&input, n, n, scale(5.0), &settings, Some(&fixed));
    let filled = Drainage::new(&input, n, n).filled;
    for i in 0..n * n {
        if fixed[i] {
            assert_eq!(out[i], input[i], "fixed cells keep their heights");
        }
        assert!(
            out[i] <= filled[i] + 1e-4,
            "cell {i} rose above the envelope"
        );
    }
    let max = |v: &[f32]| v.iter().fold(f32::MIN, |a, &b| a.max(b));
    let min = |v: &[f32]| v.iter().fold(f32::MAX, |a, &b| a.min(b));
    let (lo, hi) = (min(&input), max(&input));
    assert!(
        min(&out) >= lo - 1e-4,
        "nothing sinks below the lowest outlet"
    );
    assert!(
        max(&out) >= hi - 0.05 * (hi - lo),
        "peaks keep their height"
    );
    let mean = |v: &[f32]| v.iter().map(|&h| f64::from(h)).sum::<f64>() / v.len() as f64;
    println!(
        "mean {} -> {}, relief {}",
        mean(&input),
        mean(&out),
        hi - lo
    );
    assert!(
        mean(&out) < mean(&input) - 0.05 * f64::from(hi - lo),
        "the valleys are carved"
    );
    let unchanged = LandscapeSettings {
        age: 0.0,
        ..settings
    };
    let same = evolve(&input, n, n, scale(5.0), &unchanged, Some(&fixed));
    for i in 0..n * n {
        assert!(
            (same[i] - filled[i]).abs() < 1e-4,
            "age 0 only fills the pits"
        );
    }
}

#[test]
fn no_closed_depression_remains() {
    let n = 96;
    let input = world(n, 5.0, 30.0);
    for valley_width in [20.0, 60.0] {
        let settings = LandscapeSettings {
            valley_width,
            ..Default::default()
        };
        let out = evolve(&input, n, n, scale(5.0), &settings, None);
        let d = Drainage::new(&out, n, n);
        assert_eq!(
            d.depression_fraction(None),
            0.0,
            "valley width {valley_width}: every cell drains downhill or level to the border"
        );
    }
}

#[test]
fn the_same_bits_on_one_and_two_threads() {
    let n = 96;
    let input = world(n, 5.0, 30.0);
    let run = |threads: usize, valley_width: f32| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        let settings = LandscapeSettings {
            valley_width,
            ..Default::default()
        };
        pool.install(|| evolve(&input, n, n, scale(5.0), &settings, None))
    };
    for width in [20.0, 50.0] {
        let one: Vec<u32> = run(1, width).iter().map(|h| h.to_bits()).collect();
        let two: Vec<u32> = run(2, width).iter().map(|h| h.to_bits()).collect();
        assert_eq!(one, two, "valley width {width}");
    }
}

#[test]
fn the_same_world_at_two_samplings() {
    // The same 1,024 m square at 4 m and 8 m cells, on the same 16 m lattice.
    let settings = LandscapeSettings {
        valley_width: 64.0,
        ..Default::default()
    };
    let fine = evolve(
        &world(256, 4.0, 30.0),
        256,
        256,
        scale(4.0),
        &settings,
        None,
    );
    let coarse = evolve(
        &world(128, 8.0, 30.0),
        128,
        128,
        scale(8.0),
        &settings,
        None,
    );
    let input = world(128, 8.0, 30.0);
    let (mut sum, mut carved) = (0.0f64, 0.0f64);
    for z in 0..128 {
        for x in 0..128 {
            let (a, b) = (fine[2 * z * 256 + 2 * x], coarse[z * 128 + x]);
            sum += f64::from((a - b) * 10.0).powi(2);
            carved += f64::from((input[z * 128 + x] - b) * 10.0).powi(2);
        }
    }
    let (rms, carved) = ((sum / 16384.0).sqrt(), (carved / 16384.0).sqrt());
    println!("same world: {rms:.2} m RMS apart, carved {carved:.2} m RMS");
    assert!(rms < 0.25 * carved, "{rms} m apart, {carved} m carved");
}

#[test]
fn a_fractal_world_drains_like_land() {
    let n = 256;
    let input = world(n, 5.0, 30.0);
    let settings = LandscapeSettings {
        valley_width: 20.0,
        ..Default::default()
    };
    let out = evolve(&input, n, n, scale(5.0), &settings, None);
    let d = Drainage::new(&out, n, n);
    let pits = d.depression_fraction(None);
    let flint = d.flint(200).expect("channels");
    let hack = d.hack(200).expect("channels");
    let before = Drainage::new(&input, n, n).depression_fraction(None);
    let max = |v: &[f32]| v.iter().fold(f32::MIN, |a, &b| a.max(b));
    let carved: f64 = input
        .iter()
        .zip(&out)
        .map(|(a, b)| f64::from(a - b) * 10.0)
        .sum::<f64>()
        / (n * n) as f64;
    println!(
        "max {} -> {}, mean carved {carved:.2} m",
        max(&input),
        max(&out)
    );
    println!(
        "depressions {:.2} % (input {:.2} %), Flint θ {:.3} r² {:.3} ({} bins), \
         Hack h {:.3} r² {:.3} ({} cells)",
        100.0 * pits,
        100.0 * before,
        flint.exponent,
        flint.r2,
        flint.points,
        hack.exponent,
        hack.r2,
        hack.points
    );
    assert!(pits <= 0.01, "{pits}");
    assert!(
        (0.3..=0.65).contains(&flint.exponent) && flint.r2 >= 0.8,
        "{flint:?}"
    );
    assert!(
        (0.45..=0.65).contains(&hack.exponent) && hack.r2 >= 0.6,
        "{hack:?}"
    );
}
