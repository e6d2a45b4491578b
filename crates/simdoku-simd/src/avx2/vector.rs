//! The small vector trait the DPLL engine is written against, and its two instantiations:
//! AVX2 ([`V2`], `__m256i`) and AVX-512 with VL/BW/BITALG ([`V5`]: the same 256-bit width, but
//! `vpternlogq` for three-input logic and byte blends, `vprolq` for the in-quad rotations,
//! `vpopcntw` for the lane counts and a mask register for the nonzero bytes).
//!
//! A vector is 16 lanes of 16 bits. Every method is `unsafe`: the caller must be running on a
//! CPU with the instantiation's features (the engine constructors check them once), and the
//! methods are `#[inline(always)]` so that they compile into the `#[target_feature]` search
//! functions that call them.

#![allow(clippy::missing_safety_doc)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_blendv_epi8,
    _mm256_cmpeq_epi8, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16, _mm256_extract_epi64,
    _mm256_loadu_si256, _mm256_maddubs_epi16, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_packus_epi16, _mm256_permute4x64_epi64, _mm256_set1_epi8, _mm256_set1_epi16,
    _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_shuffle_epi32,
    _mm256_srli_epi16, _mm256_storeu_si256, _mm256_testc_si256, _mm256_testz_si256,
    _mm256_xor_si256,
};
use std::arch::x86_64::{
    _mm256_popcnt_epi16, _mm256_rol_epi64, _mm256_ternarylogic_epi64, _mm256_test_epi8_mask,
};

/// 16 lanes of 16 bits.
pub(crate) trait Vector: Copy {
    unsafe fn load(a: &[u16; 16]) -> Self;
    /// The 32 bytes at `p` (unaligned).
    unsafe fn load_bytes(p: *const u8) -> Self;
    /// The 32 bytes, stored at `p` (unaligned).
    unsafe fn store_bytes(self, p: *mut u8);
    /// `x` in every lane.
    unsafe fn splat16(x: u16) -> Self;
    /// The four 64-bit quads (lanes 4q..4q+4 in quad q).
    unsafe fn quads(self) -> [u64; 4];
    unsafe fn and(self, o: Self) -> Self;
    unsafe fn or(self, o: Self) -> Self;
    unsafe fn xor(self, o: Self) -> Self;
    /// `!self & o`.
    unsafe fn andnot(self, o: Self) -> Self;
    /// `self & !(a & b)`.
    unsafe fn andnot_and(self, a: Self, b: Self) -> Self {
        // SAFETY: as the trait.
        unsafe { a.and(b).andnot(self) }
    }
    unsafe fn or3(self, b: Self, c: Self) -> Self;
    /// `(self & b) | c`.
    unsafe fn and_or(self, b: Self, c: Self) -> Self {
        // SAFETY: as the trait.
        unsafe { self.and(b).or(c) }
    }
    /// Bytes picked within each 128-bit half by `mask` (`vpshufb`).
    unsafe fn shuffle_bytes(self, mask: Self) -> Self;
    /// Lanes rotated by two places within each quad of four lanes.
    unsafe fn rot_lane2(self) -> Self;
    /// Lanes rotated by one place within each quad, one way and the other (each undoes the
    /// other).
    unsafe fn rot_lane1(self) -> Self;
    unsafe fn rot_lane3(self) -> Self;
    /// Per lane, the AND of the other three lanes of its quad.
    /// `swap` must be the byte shuffle that swaps the two lanes of each 32-bit half of a quad.
    unsafe fn and_others_in_quad(self, swap: Self) -> Self {
        // SAFETY: as the trait. With r2 the lanes two places on, t = self & r2 pairs each lane
        // with the one opposite, so t one place on is t with the lanes of each pair swapped: the
        // AND of the two neighbours.
        unsafe {
            let r2 = self.rot_lane2();
            r2.and(self.and(r2).shuffle_bytes(swap))
        }
    }
    /// Per lane, the OR of the other three lanes of its quad (`swap` as above).
    unsafe fn or_others_in_quad(self, swap: Self) -> Self {
        // SAFETY: as the trait; the same as `and_others_in_quad` with OR.
        unsafe {
            let r2 = self.rot_lane2();
            r2.or(self.or(r2).shuffle_bytes(swap))
        }
    }
    /// Per lane, the OR of the same lane in the other three quads. `swap` must be the byte
    /// shuffle that swaps the two quads of each 128-bit half, opaque to the compiler (which
    /// otherwise distributes the swap over the OR into a third quad rotation).
    unsafe fn or_other_quads(self, swap: Self) -> Self {
        // SAFETY: as the trait.
        unsafe {
            let r2 = self.rot_quad2();
            r2.or(self.or(r2).shuffle_bytes(swap))
        }
    }
    /// Per lane, the AND of the same lane in the other three quads.
    unsafe fn and_other_quads(self) -> Self {
        // SAFETY: as the trait.
        unsafe {
            let r2 = self.rot_quad2();
            r2.and(self.and(r2).rot_quad1())
        }
    }
    /// Per lane, the AND of the same lane in the other three quads, with `swap` as in
    /// [`Vector::or_other_quads`] (only some instantiations use it).
    unsafe fn and_other_quads_with(self, _swap: Self) -> Self {
        // SAFETY: as the trait.
        unsafe { self.and_other_quads() }
    }
    /// Quads rotated by one, two and three places.
    unsafe fn rot_quad1(self) -> Self;
    unsafe fn rot_quad2(self) -> Self;
    unsafe fn rot_quad3(self) -> Self;
    unsafe fn is_zero(self) -> bool;
    /// Whether every bit of `o` is in `self` (`o & !self` is zero).
    unsafe fn covers(self, o: Self) -> bool;
    /// Per byte, `o`'s where `mask`'s byte has its top bit set, else `self`'s.
    unsafe fn blend_bytes(self, o: Self, mask: Self) -> Self;
    /// Per lane, the digit `k + 1` of a lane holding only bit `k` (`k` < 9).
    unsafe fn digit_of_bit(self) -> Self;
    /// The lanes of `self` then of `o`, as bytes (each lane below 256), per 128-bit half:
    /// `self`'s lanes 0-7, `o`'s 0-7, `self`'s 8-15, `o`'s 8-15.
    unsafe fn pack_bytes(self, o: Self) -> Self;
    /// Bit `i` set where byte `i` is not zero.
    unsafe fn nonzero_bytes(self) -> u32;
    /// The number of set bits of each lane, for lanes below `0x1000` (the engine's lanes use
    /// nine bits).
    unsafe fn popcnt16(self) -> Self;
    /// All ones in the lanes where `self > o` (signed), zero elsewhere.
    unsafe fn gt16(self, o: Self) -> Self;
    /// All ones in the lanes where `self == o`, zero elsewhere.
    unsafe fn eq16(self, o: Self) -> Self;
}

/// The AVX2 instantiation.
#[derive(Clone, Copy)]
pub(crate) struct V2(__m256i);

impl Vector for V2 {
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
