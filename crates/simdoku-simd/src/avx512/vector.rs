//! The AVX-512 instantiation of the DPLL engine's [`Vector`] (AVX-512F/BW/VL/BITALG on the same
//! 256-bit vectors as AVX2): `vpternlogq` for three-input logic and byte blends, `vprolq` for
//! the in-quad rotations, `vpopcntw` for the lane counts and a mask register for the nonzero
//! bytes; the AVX2 instantiation's instructions everywhere else.

#![allow(clippy::missing_safety_doc)]

use std::arch::x86_64::{
    __m256i, _mm256_popcnt_epi16, _mm256_rol_epi64, _mm256_ternarylogic_epi64,
    _mm256_test_epi8_mask,
};

use crate::avx2::V2;
use crate::dpll::{PreRules, Vector};

/// The AVX-512 instantiation (AVX-512F/BW/VL/BITALG on 256-bit vectors): the AVX2 one where
/// AVX-512 adds nothing, three-input logic in one `vpternlogq`, lane rotations by `vprolq`,
/// lane counts by `vpopcntw`.
#[derive(Clone, Copy)]
pub(crate) struct V5(__m256i);

/// `vpternlogq` truth tables, for operands read as `A` = 0xF0, `B` = 0xCC, `C` = 0xAA.
mod tl {
    /// `A | B | C`.
    pub const OR3: i32 = 0xFE;
    /// `A & B & C`.
    pub const AND3: i32 = 0x80;
    /// `A & !(B & C)`.
    pub const ANDNOT_AND: i32 = 0x70;
    /// `(A & B) | C`.
    pub const AND_OR: i32 = 0xEA;
    /// `A & (B | C)`.
    pub const AND_ANY: i32 = 0xE0;
    /// `A ? B : C`, bit by bit.
    pub const SELECT: i32 = 0xCA;
}

impl V5 {
    #[inline(always)]
    fn v2(self) -> V2 {
        V2(self.0)
    }
    #[inline(always)]
    unsafe fn tern<const T: i32>(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        V5(unsafe { _mm256_ternarylogic_epi64::<T>(a.0, b.0, c.0) })
    }
}

impl Vector for V5 {
    // The box rules twice: one application leaves 62% of the boxes it changes short of their
    // own fixed point (serg_benchmark), and each of those took another round of the
    // propagation to finish; the second application, on values still in registers, finishes
    // three in five of them. Measured 7-15% faster on every bundled set (Granite Rapids class
    // Xeon, first solutions and counts); three times, up to 12% slower than twice; the rows'
    // and columns' rules alone first, up to 6% slower (docs/notes/2026-11-29-box-passes.md).
    const BOX_PRE_RULES: PreRules = PreRules::All;

    #[inline(always)]
    unsafe fn load(a: &[u16; 16]) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { V2::load(a) }.0)
    }
    #[inline(always)]
    unsafe fn load_bytes(p: *const u8) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { V2::load_bytes(p) }.0)
    }
    #[inline(always)]
    unsafe fn store_bytes(self, p: *mut u8) {
        // SAFETY: as V2's.
        unsafe { self.v2().store_bytes(p) }
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { V2::splat16(x) }.0)
    }
    #[inline(always)]
    unsafe fn quads(self) -> [u64; 4] {
        // SAFETY: as V2's.
        unsafe { self.v2().quads() }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().and(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().or(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().xor(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn andnot(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().andnot(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn andnot_and(self, a: Self, b: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        unsafe { V5::tern::<{ tl::ANDNOT_AND }>(self, a, b) }
    }
    #[inline(always)]
    unsafe fn or3(self, b: Self, c: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        unsafe { V5::tern::<{ tl::OR3 }>(self, b, c) }
    }
    #[inline(always)]
    unsafe fn and_or(self, b: Self, c: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        unsafe { V5::tern::<{ tl::AND_OR }>(self, b, c) }
    }
    #[inline(always)]
    unsafe fn shuffle_bytes(self, mask: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().shuffle_bytes(mask.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn permute_words32(self, idx: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().permute_words32(idx.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn rot_lane2(self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        V5(unsafe { _mm256_rol_epi64::<32>(self.0) })
    }
    #[inline(always)]
    unsafe fn rot_lane1(self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        V5(unsafe { _mm256_rol_epi64::<16>(self.0) })
    }
    #[inline(always)]
    unsafe fn rot_lane3(self) -> Self {
        // SAFETY: AVX-512F/VL per the caller.
        V5(unsafe { _mm256_rol_epi64::<48>(self.0) })
    }
    #[inline(always)]
    unsafe fn and_others_in_quad(self, _swap: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller. The other three lanes of a quad are the quad
        // rotated by one, two and three lanes: three independent rotations and one AND.
        unsafe {
            let (r1, r2, r3) = (
                V5(_mm256_rol_epi64::<16>(self.0)),
                V5(_mm256_rol_epi64::<32>(self.0)),
                V5(_mm256_rol_epi64::<48>(self.0)),
            );
            V5::tern::<{ tl::AND3 }>(r1, r2, r3)
        }
    }
    #[inline(always)]
    unsafe fn and_with_others_in_quad(self, x: Self, _swap: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller. With r2 the lanes two places on, t = x & r2
        // pairs each lane with the one opposite, so t one lane on is the AND of the two
        // neighbours: two rotations, and the three ANDs in two operations.
        unsafe {
            let r2 = x.rot_lane2();
            V5::tern::<{ tl::AND3 }>(self, x.and(r2).rot_lane1(), r2)
        }
    }
    #[inline(always)]
    unsafe fn and_with_any_other_in_quad(self, x: Self, _swap: Self) -> Self {
        // SAFETY: as `and_with_others_in_quad`, with OR.
        unsafe {
            let r2 = x.rot_lane2();
            V5::tern::<{ tl::AND_ANY }>(self, x.or(r2).rot_lane1(), r2)
        }
    }
    #[inline(always)]
    unsafe fn or_others_in_quad(self, _swap: Self) -> Self {
        // SAFETY: as `and_others_in_quad`, with OR.
        unsafe {
            let (r1, r2, r3) = (
                V5(_mm256_rol_epi64::<16>(self.0)),
                V5(_mm256_rol_epi64::<32>(self.0)),
                V5(_mm256_rol_epi64::<48>(self.0)),
            );
            V5::tern::<{ tl::OR3 }>(r1, r2, r3)
        }
    }
    #[inline(always)]
    unsafe fn or_other_quads(self, swap: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller. The other quads of each one are the other quad
        // of its half (`swap`) and both quads of the other half (`r2` and it swapped).
        unsafe {
            let r2 = self.rot_quad2();
            V5::tern::<{ tl::OR3 }>(self.shuffle_bytes(swap), r2, r2.shuffle_bytes(swap))
        }
    }
    #[inline(always)]
    unsafe fn and_other_quads(self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().and_other_quads() }.0)
    }
    #[inline(always)]
    unsafe fn and_other_quads_with(self, swap: Self) -> Self {
        // SAFETY: as `or_other_quads`, with AND.
        unsafe {
            let r2 = self.rot_quad2();
            V5::tern::<{ tl::AND3 }>(self.shuffle_bytes(swap), r2, r2.shuffle_bytes(swap))
        }
    }
    #[inline(always)]
    unsafe fn rot_quad1(self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().rot_quad1() }.0)
    }
    #[inline(always)]
    unsafe fn rot_quad2(self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().rot_quad2() }.0)
    }
    #[inline(always)]
    unsafe fn rot_quad3(self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().rot_quad3() }.0)
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: as V2's.
        unsafe { self.v2().is_zero() }
    }
    #[inline(always)]
    unsafe fn covers(self, o: Self) -> bool {
        // SAFETY: as V2's.
        unsafe { self.v2().covers(o.v2()) }
    }
    #[inline(always)]
    unsafe fn blend_bytes(self, o: Self, mask: Self) -> Self {
        // SAFETY: AVX-512F/VL per the caller. The engine's blend masks are whole bytes (0 or
        // 0xFF), so a bitwise select is the byte blend.
        unsafe { V5::tern::<{ tl::SELECT }>(mask, o, self) }
    }
    #[inline(always)]
    unsafe fn digit_of_bit(self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().digit_of_bit() }.0)
    }
    #[inline(always)]
    unsafe fn pack_bytes(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().pack_bytes(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn nonzero_bytes(self) -> u32 {
        // SAFETY: AVX-512BW/VL per the caller.
        unsafe { _mm256_test_epi8_mask(self.0, self.0) }
    }
    #[inline(always)]
    unsafe fn popcnt16(self) -> Self {
        // SAFETY: AVX-512 BITALG/VL per the caller.
        V5(unsafe { _mm256_popcnt_epi16(self.0) })
    }
    #[inline(always)]
    unsafe fn gt16(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().gt16(o.v2()) }.0)
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: as V2's.
        V5(unsafe { self.v2().eq16(o.v2()) }.0)
    }
}

#[cfg(test)]
mod truth_tables {
    use super::tl;

    /// Each `vpternlogq` constant is its function applied to the operands' own tables (bit
    /// `4a + 2b + c` of the result is the function of bits `a`, `b`, `c`): checkable on any CPU.
    #[test]
    fn constants_are_their_functions() {
        let (a, b, c) = (0xF0, 0xCC, 0xAA);
        assert_eq!(tl::OR3, a | b | c);
        assert_eq!(tl::AND3, a & b & c);
        assert_eq!(tl::ANDNOT_AND, a & !(b & c) & 0xFF);
        assert_eq!(tl::AND_OR, (a & b) | c);
        assert_eq!(tl::AND_ANY, a & (b | c));
        assert_eq!(tl::SELECT, (a & b) | (!a & c & 0xFF));
    }
}
