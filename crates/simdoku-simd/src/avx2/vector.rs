//! The AVX2 instantiation of the DPLL engine's [`Vector`]: `__m256i` with AVX2 instructions.

#![allow(clippy::missing_safety_doc)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_blendv_epi8,
    _mm256_cmpeq_epi8, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16, _mm256_extract_epi64,
    _mm256_loadu_si256, _mm256_maddubs_epi16, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_packus_epi16, _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32, _mm256_set1_epi8,
    _mm256_set1_epi16, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_shuffle_epi32, _mm256_srli_epi16, _mm256_storeu_si256, _mm256_testc_si256,
    _mm256_testz_si256, _mm256_xor_si256,
};

use crate::dpll::{PreRules, Vector};

/// The AVX2 instantiation.
#[derive(Clone, Copy)]
pub(crate) struct V2(pub(crate) __m256i);

impl Vector for V2 {
    // The rows' and columns' rules before the box rules: one application leaves most boxes
    // it changes short of their own fixed point, and each took another round of the
    // propagation to finish. Measured on a Granite Rapids class Xeon, first solutions: 8-9%
    // faster on serg_benchmark, 1-5% on top95, forum_hardest_1106 and 17_clue. Against this,
    // the full rules twice (as avx512 does; here the counts cost six operations, not one)
    // 3-10% slower, the rows' rule alone 1-5%, the columns' alone 4-12%
    // (docs/notes/2026-11-29-box-passes.md).
    const BOX_PRE_RULES: PreRules = PreRules::RowsCols;

    #[inline(always)]
    unsafe fn load(a: &[u16; 16]) -> Self {
        // SAFETY: the array is 32 readable bytes; unaligned load; AVX available per the caller.
        V2(unsafe { _mm256_loadu_si256(a.as_ptr().cast()) })
    }
    #[inline(always)]
    unsafe fn load_bytes(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 32 readable bytes at `p`; unaligned load.
        V2(unsafe { _mm256_loadu_si256(p.cast()) })
    }
    #[inline(always)]
    unsafe fn store_bytes(self, p: *mut u8) {
        // SAFETY: the caller guarantees 32 writable bytes at `p`; unaligned store.
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn covers(self, o: Self) -> bool {
        // SAFETY: AVX per the caller.
        unsafe { _mm256_testc_si256(self.0, o.0) != 0 }
    }
    #[inline(always)]
    unsafe fn blend_bytes(self, o: Self, mask: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_blendv_epi8(self.0, o.0, mask.0) })
    }
    #[inline(always)]
    unsafe fn digit_of_bit(self) -> Self {
        // SAFETY: AVX2 per the caller.
        unsafe {
            // Per byte, the digit of its low nibble's bit, and of its high nibble's bit (bits
            // 0-3 give 1-4, bits 4-7 give 5-8); bit 8 is the high byte's bit 0, worth 1 there,
            // weighted by 9 in the final multiply-add.
            let low_t = _mm256_setr_epi8(
                0, 1, 2, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, //
                0, 1, 2, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
            );
            let high_t = _mm256_setr_epi8(
                0, 5, 6, 0, 7, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, //
                0, 5, 6, 0, 7, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0,
            );
            let nib = _mm256_set1_epi8(0x0F);
            let lo = _mm256_shuffle_epi8(low_t, _mm256_and_si256(self.0, nib));
            let hi = _mm256_shuffle_epi8(
                high_t,
                _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), nib),
            );
            V2(_mm256_maddubs_epi16(
                _mm256_add_epi8(lo, hi),
                _mm256_set1_epi16(0x0901),
            ))
        }
    }
    #[inline(always)]
    unsafe fn pack_bytes(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_packus_epi16(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: AVX per the caller.
        V2(unsafe { _mm256_set1_epi16(x as i16) })
    }
    #[inline(always)]
    unsafe fn quads(self) -> [u64; 4] {
        // SAFETY: AVX2 per the caller.
        unsafe {
            [
                _mm256_extract_epi64::<0>(self.0) as u64,
                _mm256_extract_epi64::<1>(self.0) as u64,
                _mm256_extract_epi64::<2>(self.0) as u64,
                _mm256_extract_epi64::<3>(self.0) as u64,
            ]
        }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_or_si256(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_andnot_si256(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn or3(self, b: Self, c: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        unsafe { self.or(b).or(c) }
    }
    #[inline(always)]
    unsafe fn shuffle_bytes(self, mask: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_shuffle_epi8(self.0, mask.0) })
    }
    #[inline(always)]
    unsafe fn permute_words32(self, idx: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_permutevar8x32_epi32(self.0, idx.0) })
    }
    #[inline(always)]
    unsafe fn rot_lane2(self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_shuffle_epi32::<0b10_11_00_01>(self.0) })
    }
    #[inline(always)]
    unsafe fn rot_lane1(self) -> Self {
        // SAFETY: AVX2 per the caller.
        unsafe {
            let m = _mm256_setr_epi8(
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, //
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
            );
            V2(_mm256_shuffle_epi8(self.0, m))
        }
    }
    #[inline(always)]
    unsafe fn rot_lane3(self) -> Self {
        // SAFETY: AVX2 per the caller.
        unsafe {
            let m = _mm256_setr_epi8(
                6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13, //
                6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13,
            );
            V2(_mm256_shuffle_epi8(self.0, m))
        }
    }
    #[inline(always)]
    unsafe fn and_other_quads(self) -> Self {
        // SAFETY: AVX2 per the caller. t = self & (quads two places on) has quads 0 = 2 and
        // 1 = 3, so t one quad on is t with the quads of each half swapped: in-lane.
        unsafe {
            let r2 = _mm256_permute4x64_epi64::<0b01_00_11_10>(self.0);
            let t = _mm256_and_si256(self.0, r2);
            V2(_mm256_and_si256(
                r2,
                _mm256_shuffle_epi32::<0b01_00_11_10>(t),
            ))
        }
    }
    #[inline(always)]
    unsafe fn rot_quad1(self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_permute4x64_epi64::<0b00_11_10_01>(self.0) })
    }
    #[inline(always)]
    unsafe fn rot_quad2(self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_permute4x64_epi64::<0b01_00_11_10>(self.0) })
    }
    #[inline(always)]
    unsafe fn rot_quad3(self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_permute4x64_epi64::<0b10_01_00_11>(self.0) })
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: AVX per the caller.
        unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
    }
    #[inline(always)]
    unsafe fn nonzero_bytes(self) -> u32 {
        // SAFETY: AVX2 per the caller.
        unsafe { !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(self.0, _mm256_setzero_si256())) as u32) }
    }
    #[inline(always)]
    unsafe fn differing_bytes(self, o: Self, c: Self, d: Self) -> u32 {
        // SAFETY: AVX2 per the caller. Two byte compares and an AND: two operations fewer than
        // XORs, an OR and a compare with zero.
        unsafe {
            let same =
                _mm256_and_si256(_mm256_cmpeq_epi8(self.0, o.0), _mm256_cmpeq_epi8(c.0, d.0));
            !(_mm256_movemask_epi8(same) as u32)
        }
    }
    #[inline(always)]
    unsafe fn popcnt16(self) -> Self {
        // SAFETY: AVX2 per the caller.
        unsafe {
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, //
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
            );
            let low = _mm256_set1_epi8(0x0F);
            let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(self.0, low));
            // Bits 4-7 in the low byte's low nibble; bit 8 lands in bit 4, which the shuffle
            // ignores, and bits 9-11 in bits 5-7, which are clear (a lane below 0x1000), so no
            // mask. The high byte is bits 12-15: zero.
            let hi = _mm256_shuffle_epi8(table, _mm256_srli_epi16::<4>(self.0));
            // Byte counts, then the two bytes of each lane summed by a multiply-add.
            V2(_mm256_maddubs_epi16(
                _mm256_add_epi8(lo, hi),
                _mm256_set1_epi8(1),
            ))
        }
    }
    #[inline(always)]
    unsafe fn gt16(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_cmpgt_epi16(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: AVX2 per the caller.
        V2(unsafe { _mm256_cmpeq_epi16(self.0, o.0) })
    }
}
