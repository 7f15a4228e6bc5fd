//! Several noise samples at once, in lanes.
//!
//! A lane function evaluates `N` independent samples with the scalar formula of
//! [`value_noise`] or [`value_noise_d`], written as a plain loop over arrays. The compiler keeps
//! the lanes side by side in SIMD registers, doing per lane exactly the IEEE operations of the
//! scalar code (no fused multiply-add, no reassociation),
//! so every lane is bit-identical to the scalar call on every platform; platforms without SIMD run
//! the loop one lane at a time.
//!
//! [`with_wide_lanes`] runs a computation compiled for AVX2 when the processor has it: twice as many
//! lanes per register, the same operations, the same bits.

use super::{value_noise, value_noise_d, GAIN};

#[cfg(target_arch = "x86_64")]
mod avx2;

/// Lanes per AVX2 register.
#[cfg(target_arch = "x86_64")]
const WIDE: usize = 8;

/// Runs `kernel` on the lanes in groups of [`WIDE`] (the last group padded with copies of lane 0).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn in_groups<const N: usize, const P: usize>(
    x: [f32; N],
    z: [f32; N],
    seed: [u32; N],
    kernel: impl Fn(&[f32; WIDE], &[f32; WIDE], &[u32; WIDE]) -> [[f32; WIDE]; P],
) -> [[f32; N]; P] {
    let mut out = [[0.0; N]; P];
    for g in (0..N).step_by(WIDE) {
        let lane = |k: usize| if g + k < N { g + k } else { 0 };
        let gx = std::array::from_fn(|k| x[lane(k)]);
        let gz = std::array::from_fn(|k| z[lane(k)]);
        let gs = std::array::from_fn(|k| seed[lane(k)]);
        let n = WIDE.min(N - g);
        for (plane, values) in out.iter_mut().zip(kernel(&gx, &gz, &gs)) {
            plane[g..g + n].copy_from_slice(&values[..n]);
        }
    }
    out
}

/// Whether the AVX2 kernels may run (detected once, then cached by the standard library).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// `out[i] = value_noise(x[i], z[i], seed[i])` for every lane, bit for bit.
#[inline(always)]
pub fn value_noise_lanes<const N: usize>(x: [f32; N], z: [f32; N], seed: [u32; N]) -> [f32; N] {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the kernel needs AVX2, which the processor was just checked to have.
        let [v] = in_groups(x, z, seed, |x, z, s| unsafe { avx2::value_noise(x, z, s) });
        return v;
    }
    std::array::from_fn(|i| value_noise(x[i], z[i], seed[i]))
}

/// `out[i] = value_noise_d(x[i], z[i], seed[i])` for every lane, bit for bit, as three planes:
/// values, `∂/∂x` and `∂/∂z`.
#[inline(always)]
pub fn value_noise_d_lanes<const N: usize>(
    x: [f32; N],
    z: [f32; N],
    seed: [u32; N],
) -> [[f32; N]; 3] {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the kernel needs AVX2, which the processor was just checked to have.
        return in_groups(x, z, seed, |x, z, s| unsafe {
            avx2::value_noise_d(x, z, s)
        });
    }
    let mut out = [[0.0; N]; 3];
    for i in 0..N {
        let [v, dx, dz] = value_noise_d(x[i], z[i], seed[i]);
        out[0][i] = v;
        out[1][i] = dx;
        out[2][i] = dz;
    }
    out
}

/// [`value_noise_lanes`] and [`value_noise_d_lanes`] of the same samples, sharing their lattice
/// hashes: `[value_noise, value_noise_d value, ∂/∂x, ∂/∂z]`, bit for bit. For batches that mix
/// both kinds of noise: each lane's caller reads the plane it needs.
#[inline(always)]
pub fn value_noise_both_lanes<const N: usize>(
    x: [f32; N],
    z: [f32; N],
    seed: [u32; N],
) -> [[f32; N]; 4] {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the kernel needs AVX2, which the processor was just checked to have.
        return in_groups(x, z, seed, |x, z, s| unsafe {
            avx2::value_noise_both(x, z, s)
        });
    }
    let [v, dx, dz] = value_noise_d_lanes(x, z, seed);
    [value_noise_lanes(x, z, seed), v, dx, dz]
}

/// Sums octave values as [`fbm`](super::fbm) does (amplitude 1, then times [`GAIN`] per octave,
/// added in octave order) and normalises by the sum of the amplitudes: `fbm` of the same octave
/// values, bit for bit.
#[inline(always)]
pub fn fbm_sum(octaves: &[f32]) -> f32 {
    let mut sum = 0.0;
    let mut norm = 0.0;
    let mut amplitude = 1.0;
    for &v in octaves {
        sum += amplitude * v;
        norm += amplitude;
        amplitude *= GAIN;
    }
    if norm > 0.0 {
        sum / norm
    } else {
        0.0
    }
}

/// One octave of value noise added along a row in AVX2 registers, where the processor has AVX2:
/// `out[x] += amplitude · value_noise((x · scale) · frequency, z, seed)` for the leading whole
/// groups of eight samples, the row's `z` given as its corner hashes' `z` parts (`seed ^ iz ·
/// HASH_Z`, and the same of `iz + 1`) and its smoothed fraction `sz`, bit for bit the scalar
/// values. Returns how many leading samples it did: 0 without AVX2.
#[inline]
pub(crate) fn add_row_octave(out: &mut [f32], row: (f32, f32, f32), z: (u32, u32, f32)) -> usize {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the kernel needs AVX2, which the processor was just checked to have.
        return unsafe { avx2::add_row_octave(out, row, z) };
    }
    let _ = (out, row, z);
    0
}

/// Runs `f`, compiled for AVX2 when the processor supports it (detected once, then cached by the
/// standard library), else as built. `f` and everything it inlines use the same operations
/// either way, so the result is the same; only the register width differs. Mark the closure
/// `#[inline(always)]` so its body is compiled inside the AVX2 function.
#[inline(always)]
pub fn with_wide_lanes<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `avx2` is only unsafe to call on a processor without AVX2, and the processor
        // was just checked to have it.
        return unsafe { avx2(f) };
    }
    f()
}

/// `f()` compiled with AVX2 enabled (AVX2 alone: no FMA, so no contraction of `a·b + c`).
///
/// # Safety
/// The processor must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::super::{fbm, octave_seed};
    use super::*;

    #[test]
    fn lanes_are_bit_identical_to_scalar_calls() {
        for i in 0..500 {
            let x: [f32; 7] = std::array::from_fn(|k| (i * 7 + k) as f32 * 0.377 - 600.0);
            let z: [f32; 7] = std::array::from_fn(|k| (i * 3 + k * 11) as f32 * -0.513 + 90.0);
            let seed: [u32; 7] =
                std::array::from_fn(|k| ((i * 31 + k) as u32).wrapping_mul(0x9e37_79b9));
            let plain = with_wide_lanes(|| value_noise_lanes(x, z, seed));
            let d = with_wide_lanes(|| value_noise_d_lanes(x, z, seed));
            let both = with_wide_lanes(|| value_noise_both_lanes(x, z, seed));
            assert_eq!(both[0], plain);
            assert_eq!(both[1..], d);
            for k in 0..7 {
                assert_eq!(
                    plain[k].to_bits(),
                    value_noise(x[k], z[k], seed[k]).to_bits()
                );
                let s = value_noise_d(x[k], z[k], seed[k]);
                for (plane, expected) in d.iter().zip(s) {
                    assert_eq!(plane[k].to_bits(), expected.to_bits(), "lane {k}");
                }
            }
        }
    }

    #[test]
    fn fbm_sum_of_octave_values_is_fbm() {
        for i in 0..300 {
            let (x, z) = (i as f32 * 0.731 - 100.0, i as f32 * 0.219);
            for octaves in 0..6u32 {
                let values: Vec<f32> = (0..octaves)
                    .map(|o| {
                        let f = (1u32 << o) as f32;
                        value_noise(x * f, z * f, octave_seed(5, o))
                    })
                    .collect();
                assert_eq!(fbm_sum(&values).to_bits(), fbm(x, z, octaves, 5).to_bits());
            }
        }
    }
}
