//! The small vector trait the DPLL engine is written against: 16 lanes of 16 bits in 256 bits.
//! Its instantiations live with their instruction sets: `crate::avx2::V2` (AVX2) and
//! `crate::avx512::V5` (AVX-512 VL/BW/BITALG on the same 256-bit width: `vpternlogq` for
//! three-input logic and byte blends, `vprolq` for the in-quad rotations, `vpopcntw` for the
//! lane counts and a mask register for the nonzero bytes).
//!
//! Every method is `unsafe`: the caller must be running on a CPU with the instantiation's
//! features (the engine constructors check them once), and the methods are `#[inline(always)]`
//! so that they compile into the `#[target_feature]` search functions that call them.

#![allow(clippy::missing_safety_doc)]

/// The rules a tracked box pass applies before the box rules (see [`Vector::BOX_PRE_RULES`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PreRules {
    /// Nothing: the box rules once a pass (both engines before 2026-11-29).
    None,
    /// The rows' and the columns' rules (not the counts').
    RowsCols,
    /// All the box rules.
    All,
}

/// 16 lanes of 16 bits.
pub(crate) trait Vector: Copy {
    /// What a tracked box pass applies before the box rules (`dpll::propagate`): more settles
    /// more of a box while it is in registers, less costs less a pass; measured per
    /// instantiation, as the rules cost it.
    const BOX_PRE_RULES: PreRules = PreRules::None;
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
    /// 32-bit words picked across the whole vector: word `i` of the result is word `idx[i] % 8`
    /// of `self` (`idx` as eight 32-bit words; `vpermd`).
    unsafe fn permute_words32(self, idx: Self) -> Self;
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
    /// `self & x.and_others_in_quad(swap)` (one operation fewer where three inputs combine).
    unsafe fn and_with_others_in_quad(self, x: Self, swap: Self) -> Self {
        // SAFETY: as the trait.
        unsafe { self.and(x.and_others_in_quad(swap)) }
    }
    /// `self & x.or_others_in_quad(swap)` (likewise).
    unsafe fn and_with_any_other_in_quad(self, x: Self, swap: Self) -> Self {
        // SAFETY: as the trait.
        unsafe { self.and(x.or_others_in_quad(swap)) }
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
    /// Bit `i` set where byte `i` of `self` differs from `o`'s or `c`'s from `d`'s.
    unsafe fn differing_bytes(self, o: Self, c: Self, d: Self) -> u32 {
        // SAFETY: as the trait.
        unsafe { self.xor(o).or(c.xor(d)).nonzero_bytes() }
    }
    /// The number of set bits of each lane, for lanes below `0x1000` (the engine's lanes use
    /// nine bits).
    unsafe fn popcnt16(self) -> Self;
    /// All ones in the lanes where `self > o` (signed), zero elsewhere.
    unsafe fn gt16(self, o: Self) -> Self;
    /// All ones in the lanes where `self == o`, zero elsewhere.
    unsafe fn eq16(self, o: Self) -> Self;
}
