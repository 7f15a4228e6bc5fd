//! The exponentials of the climate weights, four a cell: [`expf4`] gives `libm::expf` of four
//! arguments bit for bit, with the operations of libm's `expf` (FreeBSD's `e_expf.c`) in the
//! same order, but without its branches, so the four run side by side. Arguments of magnitude
//! 87.33 and more (overflow, results near the subnormals, NaN) take libm's own function.

/// `libm::expf` of each argument, bit for bit.
#[inline]
pub fn expf4(x: [f32; 4]) -> [f32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        let mut out = sse::primary(x);
        for (o, &v) in out.iter_mut().zip(&x) {
            if v.to_bits() & 0x7fff_ffff >= sse::SPECIAL {
                *o = libm::expf(v);
            }
        }
        out
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        x.map(libm::expf)
    }
}

/// The four lanes in SSE2 (every x86-64 has it; its arithmetic rounds as scalar `f32` does).
#[cfg(target_arch = "x86_64")]
mod sse {
    use std::arch::x86_64::*;

    /// Bits of `|x|` from which libm's special cases start (`|x| ≥ 87.33`): those lanes call it.
    pub(super) const SPECIAL: u32 = 0x42ae_ac50;
    /// Bits of `|x|` above which the argument is reduced by `k = round(x / ln 2)` (`1.5 ln 2`)…
    pub(super) const ROUNDED: u32 = 0x3f85_1592;
    /// …and above which, up to the former, by `k = ±1` (`0.5 ln 2`).
    pub(super) const UNIT: u32 = 0x3eb1_7218;
    /// Bits of `|x|` at or below which `e^x` is `1 + x` (`2^-14`).
    pub(super) const TINY: u32 = 0x3900_0000;
    /// `ln 2`, high part (`k · LN2_HI` is exact).
    pub(super) const LN2_HI: f32 = f32::from_bits(0x3f31_7200);
    /// `ln 2`, low part.
    pub(super) const LN2_LO: f32 = f32::from_bits(0x35bf_be8e);
    /// `1 / ln 2`.
    pub(super) const INV_LN2: f32 = f32::from_bits(0x3fb8_aa3b);
    /// Remez coefficients of the primary range's rational approximation.
    pub(super) const P1: f32 = f32::from_bits(0x3e2a_aa8f);
    /// Second coefficient.
    pub(super) const P2: f32 = f32::from_bits(0xbb35_5215);

    /// `libm::expf` of lanes with `|x| < 87.33` (the others hold anything), as one straight run
    /// of operations: the reduction by `k ln 2` (`k = 0` reduces by nothing, exactly as libm's
    /// unreduced case), the approximation, the scaling by `2^k` (a normal power of two for
    /// these `k`, so one multiplication, as libm's `scalbnf`), and `1 + x` for tiny `x` chosen
    /// at the end.
    #[inline]
    pub(super) fn primary(x: [f32; 4]) -> [f32; 4] {
        // SAFETY: SSE2 is part of the x86-64 baseline; the loads and stores are unaligned ones
        // of four-float arrays.
        unsafe {
            let x = _mm_loadu_ps(x.as_ptr());
            let bits = _mm_castps_si128(x);
            let magnitude = _mm_and_si128(bits, _mm_set1_epi32(0x7fff_ffff));
            let sign = _mm_and_si128(bits, _mm_set1_epi32(i32::MIN));
            let negative = _mm_srai_epi32(bits, 31);
            // ±0.5 with the sign of x, and ±1.
            let half = _mm_castsi128_ps(_mm_or_si128(_mm_set1_epi32(0x3f00_0000), sign));
            let unit = _mm_or_si128(negative, _mm_set1_epi32(1));
            let rounded = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(INV_LN2), x), half));
            let is_rounded = _mm_cmpgt_epi32(magnitude, _mm_set1_epi32(ROUNDED as i32));
            let is_unit = _mm_cmpgt_epi32(magnitude, _mm_set1_epi32(UNIT as i32));
            let k = _mm_or_si128(
                _mm_and_si128(is_rounded, rounded),
                _mm_andnot_si128(is_rounded, _mm_and_si128(is_unit, unit)),
            );
            let kf = _mm_cvtepi32_ps(k);
            let hi = _mm_sub_ps(x, _mm_mul_ps(kf, _mm_set1_ps(LN2_HI)));
            let lo = _mm_mul_ps(kf, _mm_set1_ps(LN2_LO));
            let r = _mm_sub_ps(hi, lo);
            let rr = _mm_mul_ps(r, r);
            let p = _mm_add_ps(_mm_set1_ps(P1), _mm_mul_ps(rr, _mm_set1_ps(P2)));
            let c = _mm_sub_ps(r, _mm_mul_ps(rr, p));
            let q = _mm_div_ps(_mm_mul_ps(r, c), _mm_sub_ps(_mm_set1_ps(2.0), c));
            let y = _mm_add_ps(_mm_set1_ps(1.0), _mm_add_ps(_mm_sub_ps(q, lo), hi));
            let scale = _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(k, _mm_set1_epi32(127)), 23));
            let scaled = _mm_mul_ps(y, scale);
            let above_tiny =
                _mm_castsi128_ps(_mm_cmpgt_epi32(magnitude, _mm_set1_epi32(TINY as i32)));
            let tiny = _mm_add_ps(_mm_set1_ps(1.0), x);
            let result = _mm_or_ps(
                _mm_and_ps(above_tiny, scaled),
                _mm_andnot_ps(above_tiny, tiny),
            );
            let mut out = [0.0f32; 4];
            _mm_storeu_ps(out.as_mut_ptr(), result);
            out
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::sse::*;
    use super::*;

    /// Compares with libm over `bits`, lane by lane in groups of four.
    fn compare(bits: impl Iterator<Item = u32>) -> usize {
        let values: Vec<f32> = bits.map(f32::from_bits).collect();
        for group in values.chunks(4) {
            let mut x = [0.0f32; 4];
            x[..group.len()].copy_from_slice(group);
            let fast = expf4(x);
            for (v, f) in x.iter().zip(fast) {
                let slow = libm::expf(*v);
                assert!(
                    f.to_bits() == slow.to_bits() || (f.is_nan() && slow.is_nan()),
                    "expf({v:e}) = {slow:e} by libm, {f:e} four at a time"
                );
            }
        }
        values.len()
    }

    #[test]
    fn four_at_a_time_matches_libm_bit_for_bit() {
        // Every 251st bit pattern of both signs: all the ranges, subnormals, infinities, NaNs.
        let n = compare((0..=u32::MAX / 251).map(|i| i * 251));
        assert!(n > 17_000_000);
        // Densely around every threshold and a few ordinary arguments, both signs.
        let marks = [
            SPECIAL,
            ROUNDED,
            UNIT,
            TINY,
            0x42b1_7218,
            0x42cf_f1b5,
            0,
            0x3f80_0000,
        ];
        for mark in marks {
            for sign in [0, 0x8000_0000] {
                let around = mark.saturating_sub(20_000)..=mark.saturating_add(20_000);
                compare(around.map(|b| b | sign));
            }
        }
        // The arguments of the climate weights: minus a squared distance times 1 / (2 blend²).
        compare((0..2_000_000u32).map(|i| (-(i as f32) * 5e-5 * 1.388_889).to_bits()));
    }
}
