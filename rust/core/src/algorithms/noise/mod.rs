//! Hash-based value noise and fractal Brownian motion.
//!
//! Everything here uses only `+ − × ÷`, `floor` and integer hashing, so the same inputs give the same
//! bits on every platform. [`lanes`] evaluates several samples at once with the same bits.

pub mod lanes;

/// Lacunarity: frequency multiplier from one octave to the next.
pub const LACUNARITY: f32 = 2.0;
/// Gain: amplitude multiplier from one octave to the next.
pub const GAIN: f32 = 0.5;

/// Multiplier that spreads lattice x coordinates.
pub(crate) const HASH_X: u32 = 0x8da6_b343;
/// Multiplier that spreads lattice z coordinates.
pub(crate) const HASH_Z: u32 = 0xd816_3841;

/// Final avalanche of a lattice hash: one xorshift-multiply-xorshift round.
#[inline(always)]
fn avalanche(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^ (h >> 15)
}

/// Mixes two lattice coordinates and a seed into 32 well-distributed bits.
#[inline]
pub fn hash2(x: i32, z: i32, seed: u32) -> u32 {
    avalanche(seed ^ (x as u32).wrapping_mul(HASH_X) ^ (z as u32).wrapping_mul(HASH_Z))
}

/// Upper 24 bits of a hash mapped to `0.0..1.0`.
#[inline(always)]
fn unit(h: u32) -> f32 {
    (h >> 8) as f32 * (1.0 / 16_777_216.0)
}

/// A lattice hash mapped to `0.0..1.0` (24 bits of precision).
#[inline]
pub fn hash01(x: i32, z: i32, seed: u32) -> f32 {
    unit(hash2(x, z, seed))
}

/// `floor` for values well inside the `i32` range, as a lattice index. Exact, and inlined everywhere
/// (the library `floorf` is a call on targets without SSE4.1).
#[inline(always)]
pub fn floor_i32(v: f32) -> i32 {
    let t = v as i32;
    t - i32::from((t as f32) > v)
}

/// Value noise in `0.0..1.0`: lattice hashes blended with a smoothstep-weighted bilinear filter.
#[inline(always)]
pub fn value_noise(x: f32, z: f32, seed: u32) -> f32 {
    let (ix, iz) = (floor_i32(x), floor_i32(z));
    let tx = x - ix as f32;
    let tz = z - iz as f32;
    let sx = tx * tx * (3.0 - 2.0 * tx);
    let sz = tz * tz * (3.0 - 2.0 * tz);
    let [a, b, c, d] = corner_hashes(ix, iz, seed).map(unit);
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sz
}

/// The hashes of the four lattice corners around cell `(ix, iz)`, in the order `(ix, iz)`,
/// `(ix + 1, iz)`, `(ix, iz + 1)`, `(ix + 1, iz + 1)`: what [`value_noise`] and
/// [`value_noise_d`] interpolate.
#[inline(always)]
fn corner_hashes(ix: i32, iz: i32, seed: u32) -> [u32; 4] {
    let x0 = (ix as u32).wrapping_mul(HASH_X);
    let x1 = x0.wrapping_add(HASH_X);
    let z0 = seed ^ (iz as u32).wrapping_mul(HASH_Z);
    let z1 = seed ^ (iz as u32).wrapping_add(1).wrapping_mul(HASH_Z);
    [x0 ^ z0, x1 ^ z0, x0 ^ z1, x1 ^ z1].map(avalanche)
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

/// Value noise in `-1.0..1.0` with its analytic partial derivatives `[v, ∂v/∂x, ∂v/∂z]`: the same
/// lattice hashes and smoothstep filter as [`value_noise`], written as
/// `v = a + (b − a)·sx + (c − a)·sz + (a − b − c + d)·sx·sz` so the derivatives are exact.
#[inline(always)]
pub fn value_noise_d(x: f32, z: f32, seed: u32) -> [f32; 3] {
    let (ix, iz) = (floor_i32(x), floor_i32(z));
    let tx = x - ix as f32;
    let tz = z - iz as f32;
    let sx = tx * tx * (3.0 - 2.0 * tx);
    let sz = tz * tz * (3.0 - 2.0 * tz);
    let dsx = 6.0 * tx * (1.0 - tx);
    let dsz = 6.0 * tz * (1.0 - tz);
    let signed = |h| 2.0 * unit(h) - 1.0;
    let [a, b, c, d] = corner_hashes(ix, iz, seed).map(signed);
    let k = a - b - c + d;
    [
        a + (b - a) * sx + (c - a) * sz + k * sx * sz,
        dsx * ((b - a) + k * sz),
        dsz * ((c - a) + k * sx),
    ]
}

/// [`fbm`] mapped to `-1.0..1.0` (`2·fbm − 1`).
#[inline]
pub fn fbm_signed(x: f32, z: f32, octaves: u32, seed: u32) -> f32 {
    2.0 * fbm(x, z, octaves, seed) - 1.0
}

/// The seed of octave `octave` of a fractal built on `seed` (as [`fbm`] derives them).
#[inline]
pub fn octave_seed(seed: u32, octave: u32) -> u32 {
    seed.wrapping_add(octave.wrapping_mul(0x9e37_79b9))
}

/// The frequency multiplier of octave `octave`: `LACUNARITY^octave`, multiplied up exactly as
/// [`fbm`] does.
#[inline]
pub fn octave_frequency(octave: u32) -> f32 {
    (0..octave).fold(1.0, |f, _| f * LACUNARITY)
}

/// The fBm of a row of samples, `out[x] = fbm(x·scale, z·scale, octaves, seed)`, bit-identical to
/// calling [`fbm`] per sample. Neighbouring samples in one lattice cell share its four hashes, so low
/// octaves cost a few multiplications per sample.
pub fn fbm_row(z: usize, scale: f32, octaves: u32, seed: u32, out: &mut [f32]) {
    fbm_row_octaves(z, scale, octaves, seed, out, false);
}

/// [`fbm_row`] without the octaves the row cannot resolve: an octave whose lattice is finer than
/// the samples (more than one period a sample) adds its mean, one half, instead of aliased noise.
/// A coarse lattice then samples the same field as a fine one, smoothed; where every octave is
/// resolved the result is [`fbm_row`]'s, bit for bit.
pub fn fbm_row_resolved(z: usize, scale: f32, octaves: u32, seed: u32, out: &mut [f32]) {
    fbm_row_octaves(z, scale, octaves, seed, out, true);
}

/// The gradient `[∂/∂x, ∂/∂z]` of the field [`fbm_row_resolved`] samples at `scale`, at the noise
/// coordinates `(x, z)` (a sample's index times `scale`): the analytic derivatives of the octaves
/// the samples resolve; the others add a constant and no slope.
pub fn fbm_gradient_resolved(x: f32, z: f32, scale: f32, octaves: u32, seed: u32) -> [f32; 2] {
    let (mut gx, mut gz) = (0.0f32, 0.0f32);
    let (mut norm, mut amplitude, mut frequency) = (0.0f32, 1.0f32, 1.0f32);
    for octave in 0..octaves {
        if scale * frequency <= 1.0 {
            let [_, dx, dz] =
                value_noise_d(x * frequency, z * frequency, octave_seed(seed, octave));
            // `value_noise_d` is the signed noise, twice the slope of the unit noise fBm sums.
            gx += amplitude * frequency * 0.5 * dx;
            gz += amplitude * frequency * 0.5 * dz;
        }
        norm += amplitude;
        amplitude *= GAIN;
        frequency *= LACUNARITY;
    }
    if norm > 0.0 {
        [gx / norm, gz / norm]
    } else {
        [0.0, 0.0]
    }
}

fn fbm_row_octaves(z: usize, scale: f32, octaves: u32, seed: u32, out: &mut [f32], resolved: bool) {
    out.fill(0.0);
    let zs = z as f32 * scale;
    let mut norm = 0.0;
    let mut amplitude = 1.0;
    let mut frequency = 1.0;
    for octave in 0..octaves {
        if resolved && scale * frequency > 1.0 {
            out.iter_mut().for_each(|o| *o += amplitude * 0.5);
        } else {
            add_octave(zs, scale, amplitude, frequency, seed, octave, out);
        }
        norm += amplitude;
        amplitude *= GAIN;
        frequency *= LACUNARITY;
    }
    if norm > 0.0 {
        out.iter_mut().for_each(|o| *o /= norm);
    }
}

/// Adds one octave of value noise, `amplitude · noise(x·scale·frequency, zs·frequency)`, to a row.
#[inline]
fn add_octave(
    zs: f32,
    scale: f32,
    amplitude: f32,
    frequency: f32,
    seed: u32,
    octave: u32,
    out: &mut [f32],
) {
    let octave_seed = seed.wrapping_add(octave.wrapping_mul(0x9e37_79b9));
    let zf = zs * frequency;
    let iz = floor_i32(zf);
    let tz = zf - iz as f32;
    let sz = tz * tz * (3.0 - 2.0 * tz);
    let z0 = octave_seed ^ (iz as u32).wrapping_mul(HASH_Z);
    let z1 = octave_seed ^ (iz as u32).wrapping_add(1).wrapping_mul(HASH_Z);
    // Eight samples at a time in AVX2 registers where the processor has them, the same bits.
    let done = lanes::add_row_octave(out, (scale, frequency, amplitude), (z0, z1, sz));
    let mut cell = None;
    let (mut a, mut b, mut c, mut d) = (0.0, 0.0, 0.0, 0.0);
    for (x, o) in out.iter_mut().enumerate().skip(done) {
        let xf = (x as f32 * scale) * frequency;
        let ix = floor_i32(xf);
        if cell != Some(ix) {
            let x0 = (ix as u32).wrapping_mul(HASH_X);
            let x1 = x0.wrapping_add(HASH_X);
            (a, b, c, d) = (
                unit(avalanche(x0 ^ z0)),
                unit(avalanche(x1 ^ z0)),
                unit(avalanche(x0 ^ z1)),
                unit(avalanche(x1 ^ z1)),
            );
            cell = Some(ix);
        }
        let tx = xf - ix as f32;
        let sx = tx * tx * (3.0 - 2.0 * tx);
        let top = a + (b - a) * sx;
        let bottom = c + (d - c) * sx;
        *o += amplitude * (top + (bottom - top) * sz);
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
    fn rows_of_every_length_match_the_points() {
        // Whole groups of eight in AVX2 registers (where the processor has them), the rest one by
        // one: every length gives the points' bits.
        for len in (0..=17).chain([64, 333]) {
            for (z, scale) in [(3usize, 0.07f32), (40_000, 0.9)] {
                let mut row = vec![0.0; len];
                fbm_row(z, scale, 5, 7, &mut row);
                for (x, v) in row.iter().enumerate() {
                    let expected = fbm(x as f32 * scale, z as f32 * scale, 5, 7);
                    assert_eq!(v.to_bits(), expected.to_bits(), "len {len} x {x} z {z}");
                }
            }
        }
    }

    #[test]
    fn fbm_row_is_bit_identical_to_fbm() {
        for (z, scale, octaves) in [(0, 0.015, 4), (17, 0.031, 6), (300, 0.5, 6), (5, 1.7, 1)] {
            let mut row = vec![0.0; 700];
            fbm_row(z, scale, octaves, 99, &mut row);
            for (x, v) in row.iter().enumerate() {
                let expected = fbm(x as f32 * scale, z as f32 * scale, octaves, 99);
                assert_eq!(v.to_bits(), expected.to_bits(), "x {x} z {z}");
            }
        }
    }

    #[test]
    fn value_noise_d_matches_value_noise_and_its_finite_differences() {
        for i in 0..400 {
            let (x, z) = (i as f32 * 0.173 - 30.0, i as f32 * 0.089 + 4.0);
            let [v, dx, dz] = value_noise_d(x, z, 7);
            assert!(
                (v - (2.0 * value_noise(x, z, 7) - 1.0)).abs() < 1e-5,
                "{x} {z}"
            );
            let e = 1e-3;
            let fx = (value_noise_d(x + e, z, 7)[0] - value_noise_d(x - e, z, 7)[0]) / (2.0 * e);
            let fz = (value_noise_d(x, z + e, 7)[0] - value_noise_d(x, z - e, 7)[0]) / (2.0 * e);
            assert!(
                (dx - fx).abs() < 2e-2 && (dz - fz).abs() < 2e-2,
                "{dx} {fx} {dz} {fz}"
            );
        }
    }

    /// The resolved gradient is the slope of the resolved field, by finite differences: at a
    /// scale that resolves every octave (the field is [`fbm`]) and at one that drops the finest.
    #[test]
    fn fbm_gradient_resolved_matches_the_resolved_field() {
        let seed = 41;
        // The field `fbm_row_resolved` samples at `scale`, at noise coordinates (x, z).
        let field = |x: f32, z: f32, scale: f32| {
            let (mut sum, mut norm, mut amplitude, mut frequency) = (0.0f32, 0.0f32, 1.0, 1.0);
            for octave in 0..4u32 {
                sum += amplitude
                    * if scale * frequency > 1.0 {
                        0.5
                    } else {
                        value_noise(x * frequency, z * frequency, octave_seed(seed, octave))
                    };
                norm += amplitude;
                amplitude *= GAIN;
                frequency *= LACUNARITY;
            }
            sum / norm
        };
        assert_eq!(field(1.3, 2.7, 0.01), fbm(1.3, 2.7, 4, seed));
        let e = 1e-3f32;
        for scale in [0.01f32, 0.2] {
            for i in 0..200 {
                let (x, z) = (i as f32 * 0.731 + 3.0, i as f32 * 0.377 + 9.0);
                let [gx, gz] = fbm_gradient_resolved(x, z, scale, 4, seed);
                let fx = (field(x + e, z, scale) - field(x - e, z, scale)) / (2.0 * e);
                let fz = (field(x, z + e, scale) - field(x, z - e, scale)) / (2.0 * e);
                assert!(
                    (gx - fx).abs() < 2e-2 && (gz - fz).abs() < 2e-2,
                    "scale {scale} at ({x}, {z}): {gx} {fx}, {gz} {fz}"
                );
            }
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
