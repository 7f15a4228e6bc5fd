//! Blue-noise candidate points: Poisson-disk patterns on a periodic unit tile (Bridson's
//! algorithm with wrap-around distances), and the world-space tiles that use them.
//!
//! A bank of [`PATTERNS`] patterns is drawn once per seed; each world tile picks one of them and
//! one of the square's eight symmetries from a hash of the seed and the tile's coordinates. A
//! tile's points depend on nothing but the seed and the tile, so the scatter stays put when the
//! map grows, moves or streams; inside a tile no two points are closer than the radius (across a
//! tile border two patterns meet unaligned and may come closer).

use rand::Rng;

/// Patterns in the bank.
pub const PATTERNS: usize = 8;
/// Attempts around each active point before it retires (Bridson's `k`).
pub const ATTEMPTS: usize = 24;

/// A Poisson-disk pattern on the periodic unit square with minimum distance `radius` (< 0.5).
pub fn pattern(rng: &mut impl Rng, radius: f32) -> Vec<[f32; 2]> {
    let n = (core::f32::consts::SQRT_2 / radius).ceil() as usize;
    let cell = 1.0 / n as f32;
    let mut slots: Vec<u32> = vec![u32::MAX; n * n];
    let mut points: Vec<[f32; 2]> = Vec::new();
    let mut active: Vec<usize> = Vec::new();
    let slot = |p: [f32; 2]| {
        let i = ((p[0] / cell) as usize).min(n - 1);
        let j = ((p[1] / cell) as usize).min(n - 1);
        j * n + i
    };
    let wrap = |v: f32| v - v.floor();
    let fits = |points: &[[f32; 2]], slots: &[u32], p: [f32; 2]| {
        let (i, j) = ((p[0] / cell) as isize, (p[1] / cell) as isize);
        for dj in -2..=2 {
            for di in -2..=2 {
                let si = (i + di).rem_euclid(n as isize) as usize;
                let sj = (j + dj).rem_euclid(n as isize) as usize;
                let k = slots[sj * n + si];
                if k == u32::MAX {
                    continue;
                }
                let q = points[k as usize];
                let d = |a: f32, b: f32| {
                    let t = (a - b).abs();
                    t.min(1.0 - t)
                };
                let (dx, dy) = (d(p[0], q[0]), d(p[1], q[1]));
                if dx * dx + dy * dy < radius * radius {
                    return false;
                }
            }
        }
        true
    };
    let first = [rng.random::<f32>(), rng.random::<f32>()];
    slots[slot(first)] = 0;
    points.push(first);
    active.push(0);
    while !active.is_empty() {
        let a = rng.random_range(0..active.len());
        let centre = points[active[a]];
        let mut placed = false;
        for _ in 0..ATTEMPTS {
            let angle = rng.random::<f32>() * core::f32::consts::TAU;
            let dist = radius * (1.0 + rng.random::<f32>());
            let p = [
                wrap(centre[0] + dist * libm::cosf(angle)),
                wrap(centre[1] + dist * libm::sinf(angle)),
            ];
            if fits(&points, &slots, p) {
                slots[slot(p)] = points.len() as u32;
                active.push(points.len());
                points.push(p);
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(a);
        }
    }
    points
}

/// The bank of patterns of one seed.
pub fn bank(seed: u64, radius: f32) -> Vec<Vec<[f32; 2]>> {
    (0..PATTERNS)
        .map(|k| {
            let key = crate::algorithms::seed::mix64(
                crate::algorithms::seed::derive(seed, "scatter-pattern") ^ k as u64,
            );
            let mut rng = rand_pcg::Pcg32::new(key, (k as u64) << 1 | 1);
            pattern(&mut rng, radius)
        })
        .collect()
}

/// A tile's key: a hash of the seed and the tile coordinates, from which the tile's pattern, its
/// symmetry and every per-instance random number derive.
#[inline]
pub fn tile_key(seed: u64, tx: i64, tz: i64) -> u64 {
    let s = crate::algorithms::seed::derive(seed, "scatter-tile");
    crate::algorithms::seed::mix64(
        s ^ crate::algorithms::seed::mix64(tx as u64 ^ crate::algorithms::seed::mix64(tz as u64)),
    )
}

/// Point `p` of a pattern under symmetry `sym` (0–7: the square's rotations and reflections).
#[inline]
pub fn symmetry(p: [f32; 2], sym: u64) -> [f32; 2] {
    let [mut u, mut v] = p;
    if sym & 1 != 0 {
        core::mem::swap(&mut u, &mut v);
    }
    if sym & 2 != 0 {
        u = 1.0 - u;
    }
    if sym & 4 != 0 {
        v = 1.0 - v;
    }
    // 1 − u is in (0, 1] for u in [0, 1): keep points inside the half-open tile.
    [u.min(0.999_999_9), v.min(0.999_999_9)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_keep_their_distance_and_fill_the_tile() {
        let radius = 0.08;
        for p in bank(7, radius) {
            // Maximal Poisson-disk sets of radius r hold roughly 0.6–0.9 / r² points.
            let fill = p.len() as f32 * radius * radius;
            assert!((0.5..0.95).contains(&fill), "{} points", p.len());
            for (i, a) in p.iter().enumerate() {
                assert!((0.0..1.0).contains(&a[0]) && (0.0..1.0).contains(&a[1]));
                for b in &p[i + 1..] {
                    let d = |x: f32, y: f32| (x - y).abs().min(1.0 - (x - y).abs());
                    let (dx, dy) = (d(a[0], b[0]), d(a[1], b[1]));
                    assert!(dx * dx + dy * dy >= radius * radius * 0.9999);
                }
            }
        }
    }

    #[test]
    fn seeds_and_tiles_differ() {
        assert_ne!(bank(1, 0.1), bank(2, 0.1));
        assert_eq!(bank(1, 0.1), bank(1, 0.1));
        assert_ne!(tile_key(1, 0, 1), tile_key(1, 1, 0));
        assert_ne!(tile_key(1, -1, 0), tile_key(1, 1, 0));
    }
}
