//! The value noise of eight samples in one AVX2 register: step for step the operations of
//! [`value_noise`](crate::algorithms::noise::value_noise) and [`value_noise_d`](crate::algorithms::noise::value_noise_d)
//! (the same IEEE additions, multiplications and conversions, in the same order, without fused
//! multiply-add), so each lane holds the scalar result's bits.

use super::WIDE;
use crate::algorithms::noise::{HASH_X, HASH_Z};
use std::arch::x86_64::*;

/// A sample's lattice cell in eight lanes: the fractional position and the four corner values in
/// `0.0..1.0` (`a` at the origin, `b` at +x, `c` at +z, `d` at +x+z).
struct Cells {
    tx: __m256,
    tz: __m256,
    a: __m256,
    b: __m256,
    c: __m256,
    d: __m256,
}

/// [`crate::algorithms::noise::floor_i32`]: a truncating conversion that saturates like Rust's `as i32`
/// (NaN to 0, at least 2³¹ to `i32::MAX`; below −2³¹ the instruction gives `i32::MIN` already),
/// minus one where the truncation rounded up.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn floor_i32(v: __m256) -> __m256i {
    let t = _mm256_cvttps_epi32(v);
    let big = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_GE_OQ>(
        v,
        _mm256_set1_ps(2_147_483_648.0),
    ));
    let t = _mm256_blendv_epi8(t, _mm256_set1_epi32(i32::MAX), big);
    let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(v, v));
    let t = _mm256_andnot_si256(nan, t);
    let above = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_GT_OQ>(_mm256_cvtepi32_ps(t), v));
    // `above` is −1 where the truncation is above `v`: adding it subtracts one (wrapping).
    _mm256_add_epi32(t, above)
}

/// [`crate::algorithms::noise`]'s avalanche: xorshift 16, multiply, xorshift 15.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avalanche(h: __m256i) -> __m256i {
    let h = _mm256_xor_si256(h, _mm256_srli_epi32::<16>(h));
    let h = _mm256_mullo_epi32(h, _mm256_set1_epi32(0x7feb_352d));
    _mm256_xor_si256(h, _mm256_srli_epi32::<15>(h))
}

/// The upper 24 bits of a hash as `0.0..1.0`: exact conversion (below 2²⁴), times 2⁻²⁴.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn unit(h: __m256i) -> __m256 {
    let v = _mm256_cvtepi32_ps(_mm256_srli_epi32::<8>(h));
    _mm256_mul_ps(v, _mm256_set1_ps(1.0 / 16_777_216.0))
}

/// The lattice cells of eight samples.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn cells(x: &[f32; WIDE], z: &[f32; WIDE], seed: &[u32; WIDE]) -> Cells {
    let (x, z) = (_mm256_loadu_ps(x.as_ptr()), _mm256_loadu_ps(z.as_ptr()));
    let seed = _mm256_loadu_si256(seed.as_ptr().cast());
    let (ix, iz) = (floor_i32(x), floor_i32(z));
    let tx = _mm256_sub_ps(x, _mm256_cvtepi32_ps(ix));
    let tz = _mm256_sub_ps(z, _mm256_cvtepi32_ps(iz));
    let (hx, hz) = (
        _mm256_set1_epi32(HASH_X as i32),
        _mm256_set1_epi32(HASH_Z as i32),
    );
    let x0 = _mm256_mullo_epi32(ix, hx);
    let x1 = _mm256_add_epi32(x0, hx);
    let z0 = _mm256_xor_si256(seed, _mm256_mullo_epi32(iz, hz));
    let iz1 = _mm256_add_epi32(iz, _mm256_set1_epi32(1));
    let z1 = _mm256_xor_si256(seed, _mm256_mullo_epi32(iz1, hz));
    let corner = |p, q| unit(avalanche(_mm256_xor_si256(p, q)));
    Cells {
        tx,
        tz,
        a: corner(x0, z0),
        b: corner(x1, z0),
        c: corner(x0, z1),
        d: corner(x1, z1),
    }
}

/// `t · t · (3 − 2t)`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn smooth(t: __m256) -> __m256 {
    let three_minus = _mm256_sub_ps(_mm256_set1_ps(3.0), _mm256_mul_ps(_mm256_set1_ps(2.0), t));
    _mm256_mul_ps(_mm256_mul_ps(t, t), three_minus)
}

/// `a + (b − a) · s`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn lerp(a: __m256, b: __m256, s: __m256) -> __m256 {
    _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), s))
}

/// Stores eight lanes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store(v: __m256) -> [f32; WIDE] {
    let mut out = [0.0; WIDE];
    _mm256_storeu_ps(out.as_mut_ptr(), v);
    out
}

/// [`crate::algorithms::noise::value_noise`] of eight samples.
///
/// # Safety
/// The processor must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn value_noise(
    x: &[f32; WIDE],
    z: &[f32; WIDE],
    seed: &[u32; WIDE],
) -> [[f32; WIDE]; 1] {
    let k = cells(x, z, seed);
    let (sx, sz) = (smooth(k.tx), smooth(k.tz));
    let top = lerp(k.a, k.b, sx);
    let bottom = lerp(k.c, k.d, sx);
    [store(lerp(top, bottom, sz))]
}

/// [`crate::algorithms::noise::value_noise_d`] of eight samples: values, `∂/∂x`, `∂/∂z`.
///
/// # Safety
/// The processor must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn value_noise_d(
    x: &[f32; WIDE],
    z: &[f32; WIDE],
    seed: &[u32; WIDE],
) -> [[f32; WIDE]; 3] {
    let k = cells(x, z, seed);
    let (sx, sz) = (smooth(k.tx), smooth(k.tz));
    signed_with_slopes(&k, sx, sz)
}

/// Both noises of eight samples from one set of lattice hashes: [`crate::algorithms::noise::value_noise`],
/// then [`crate::algorithms::noise::value_noise_d`]'s value, `∂/∂x` and `∂/∂z`.
///
/// # Safety
/// The processor must support AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn value_noise_both(
    x: &[f32; WIDE],
    z: &[f32; WIDE],
    seed: &[u32; WIDE],
) -> [[f32; WIDE]; 4] {
    let k = cells(x, z, seed);
    let (sx, sz) = (smooth(k.tx), smooth(k.tz));
    let top = lerp(k.a, k.b, sx);
    let bottom = lerp(k.c, k.d, sx);
    let [v, dx, dz] = signed_with_slopes(&k, sx, sz);
    [store(lerp(top, bottom, sz)), v, dx, dz]
}

/// The signed value and the slopes of [`crate::algorithms::noise::value_noise_d`] from a cell's smoothed
/// fractions.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn signed_with_slopes(k: &Cells, sx: __m256, sz: __m256) -> [[f32; WIDE]; 3] {
    let (one, six) = (_mm256_set1_ps(1.0), _mm256_set1_ps(6.0));
    // `6 · t · (1 − t)`.
    let slope = |t| _mm256_mul_ps(_mm256_mul_ps(six, t), _mm256_sub_ps(one, t));
    let (dsx, dsz) = (slope(k.tx), slope(k.tz));
    let signed = |u| _mm256_sub_ps(_mm256_mul_ps(_mm256_set1_ps(2.0), u), one);
    let (a, b, c, d) = (signed(k.a), signed(k.b), signed(k.c), signed(k.d));
    // `a − b − c + d`, left to right.
    let kk = _mm256_add_ps(_mm256_sub_ps(_mm256_sub_ps(a, b), c), d);
    let (ba, ca) = (_mm256_sub_ps(b, a), _mm256_sub_ps(c, a));
    // `a + (b − a)·sx + (c − a)·sz + k·sx·sz`, left to right.
    let v = _mm256_add_ps(a, _mm256_mul_ps(ba, sx));
    let v = _mm256_add_ps(v, _mm256_mul_ps(ca, sz));
    let v = _mm256_add_ps(v, _mm256_mul_ps(_mm256_mul_ps(kk, sx), sz));
    let dx = _mm256_mul_ps(dsx, _mm256_add_ps(ba, _mm256_mul_ps(kk, sz)));
    let dz = _mm256_mul_ps(dsz, _mm256_add_ps(ca, _mm256_mul_ps(kk, sx)));
    [store(v), store(dx), store(dz)]
}

/// One octave of value noise along a row, eight samples at a time: `out[x] += amplitude ·
/// value_noise((x · scale) · frequency, z, seed)` for every whole group of eight samples, the row's
/// `z` given by its corner hashes' `z` parts (`seed ^ iz · HASH_Z` and the next row's) and its
/// smoothed fraction `sz`. Returns how many samples it did (a multiple of eight); each holds the
/// scalar formula's bits.
///
/// # Safety
/// The processor must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn add_row_octave(
    out: &mut [f32],
    (scale, frequency, amplitude): (f32, f32, f32),
    (z0, z1, sz): (u32, u32, f32),
) -> usize {
    let whole = out.len() / WIDE * WIDE;
    let hx = _mm256_set1_epi32(HASH_X as i32);
    let (z0, z1) = (_mm256_set1_epi32(z0 as i32), _mm256_set1_epi32(z1 as i32));
    let (scale, frequency) = (_mm256_set1_ps(scale), _mm256_set1_ps(frequency));
    let (sz, amplitude) = (_mm256_set1_ps(sz), _mm256_set1_ps(amplitude));
    let step = _mm256_set1_epi32(WIDE as i32);
    let mut index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let corner = |p, q| unit(avalanche(_mm256_xor_si256(p, q)));
    for chunk in out[..whole].chunks_exact_mut(WIDE) {
        let x = _mm256_mul_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(index), scale), frequency);
        let ix = floor_i32(x);
        let sx = smooth(_mm256_sub_ps(x, _mm256_cvtepi32_ps(ix)));
        let x0 = _mm256_mullo_epi32(ix, hx);
        let x1 = _mm256_add_epi32(x0, hx);
        let top = lerp(corner(x0, z0), corner(x1, z0), sx);
        let bottom = lerp(corner(x0, z1), corner(x1, z1), sx);
        let v = lerp(top, bottom, sz);
        let o = _mm256_loadu_ps(chunk.as_ptr());
        _mm256_storeu_ps(
            chunk.as_mut_ptr(),
            _mm256_add_ps(o, _mm256_mul_ps(amplitude, v)),
        );
        index = _mm256_add_epi32(index, step);
    }
    whole
}
