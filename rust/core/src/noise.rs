//! Hash-based value noise and fractal Brownian motion.
//!
//! Everything here uses only `+ − × ÷`, `floor` and integer hashing, so the same inputs give the same
//! bits on every platform.

/// Lacunarity: frequency multiplier from one octave to the next.
pub const LACUNARITY: f32 = 2.0;
/// Gain: amplitude multiplier from one octave to the next.
pub const GAIN: f32 = 0.5;

/// Mixes two lattice coordinates and a seed into 32 well-distributed bits.
#[inline]
pub fn hash2(x: i32, z: i32, seed: u32) -> u32 {
    let mut h = seed
        ^ (x as u32).wrapping_mul(0x27d4_eb2d)
        ^ (z as u32).wrapping_mul(0x1656_67b1).rotate_left(13);
    h = (h ^ (h >> 15)).wrapping_mul(0x2c1b_3c6d);
    h = (h ^ (h >> 12)).wrapping_mul(0x297a_2d39);
    h ^ (h >> 15)
}

/// A lattice hash mapped to `0.0..1.0` (24 bits of precision).
#[inline]
pub fn hash01(x: i32, z: i32, seed: u32) -> f32 {
    (hash2(x, z, seed) >> 8) as f32 * (1.0 / 16_777_216.0)
}

/// `floor` for values well inside the `i32` range, as a lattice index. Exact, and inlined everywhere
/// (the library `floorf` is a call on targets without SSE4.1).
#[inline]
pub fn floor_i32(v: f32) -> i32 {
    let t = v as i32;
    t - i32::from((t as f32) > v)
}

/// Value noise in `0.0..1.0`: lattice hashes blended with a smoothstep-weighted bilinear filter.
#[inline]
pub fn value_noise(x: f32, z: f32, seed: u32) -> f32 {
    let (ix, iz) = (floor_i32(x), floor_i32(z));
    let tx = x - ix as f32;
    let tz = z - iz as f32;
    let sx = tx * tx * (3.0 - 2.0 * tx);
    let sz = tz * tz * (3.0 - 2.0 * tz);
    let a = hash01(ix, iz, seed);
    let b = hash01(ix.wrapping_add(1), iz, seed);
    let c = hash01(ix, iz.wrapping_add(1), seed);
    let d = hash01(ix.wrapping_add(1), iz.wrapping_add(1), seed);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sz
}

/// Fractal Brownian motion of `octaves` value-noise layers, normalised to `0.0..1.0`.
///
/// Each octave doubles the frequency, halves the amplitude and draws its lattice from its own seed.
#[inline]
pub fn fbm(x: f32, z: f32, octaves: u32, seed: u32) -> f32 {
    let mut sum = 0.0;
    let mut norm = 0.0;
    let mut amplitude = 1.0;
    let mut frequency = 1.0;
    for octave in 0..octaves {
        let octave_seed = seed.wrapping_add(octave.wrapping_mul(0x9e37_79b9));
        sum += amplitude * value_noise(x * frequency, z * frequency, octave_seed);
        norm += amplitude;
        amplitude *= GAIN;
        frequency *= LACUNARITY;
    }
    if norm > 0.0 {
        sum / norm
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_noise_hits_lattice_values_and_stays_in_range() {
        assert_eq!(value_noise(3.0, 7.0, 11), hash01(3, 7, 11));
        for i in 0..2000 {
            let v = value_noise(i as f32 * 0.137 - 50.0, i as f32 * 0.071 - 20.0, 5);
            assert!((0.0..1.0).contains(&v), "{v}");
        }
    }

    #[test]
    fn floor_matches_std() {
        for v in [-2.5f32, -2.0, -0.0, 0.0, 0.3, 1.0, 7.99, -1e-7, 123456.7] {
            assert_eq!(floor_i32(v), v.floor() as i32, "{v}");
        }
    }

    #[test]
    fn fbm_is_normalised_and_seed_dependent() {
        let mut differ = 0;
        for i in 0..500 {
            let (x, z) = (i as f32 * 0.31, i as f32 * 0.17);
            let a = fbm(x, z, 6, 1);
            assert!((0.0..1.0).contains(&a));
            if a != fbm(x, z, 6, 2) {
                differ += 1;
            }
        }
        assert!(differ > 490);
    }
}
