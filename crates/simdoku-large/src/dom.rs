//! Candidate sets as unsigned integers, bit `v - 1` for value `v`: the solver runs on the
//! narrowest word that holds a grid's side (`u16` up to 16x16, `u32` for 25x25, `u64` up to
//! 64x64, `u128` above), so 9x9 works on 16-bit sets and 121x121 on 128-bit ones.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of values (or of cell indices in a house), one bit each.
pub(crate) trait Dom:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    /// The set `{i}`.
    fn bit(i: usize) -> Self;
    /// The set `{i}` when `c`, else the empty set (without a branch).
    fn bit_if(i: usize, c: bool) -> Self;
    /// Whether `i` is in the set.
    fn has(self, i: usize) -> bool;
    fn count_ones(self) -> u32;
    /// `count_ones` for the hot paths: the default target has no population count
    /// instruction, so 16-bit sets add two table entries instead of the bit-twiddling sum.
    fn size(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn is_power_of_two(self) -> bool;
    fn wrapping_neg(self) -> Self;
    /// The same set in a `u128`.
    fn to_u128(self) -> u128;
    /// Members `8 k .. 8 k + 8`, shifted down to bits 0..8.
    fn byte(self, k: usize) -> usize;
    /// The set with byte `k` equal to `b` (below 256) and no other member.
    fn from_byte(b: usize, k: usize) -> Self;
    /// The set `{0, .., k - 1}` (`k` up to `BITS`).
    fn low(k: usize) -> Self {
        if k as u32 == Self::BITS {
            !Self::ZERO
        } else {
            Self::bit(k) - Self::ONE
        }
    }
    /// The set without its lowest member (the empty set stays empty: `x & (x - 1)` with a
    /// wrapping subtraction, so that one test `without_lowest() == ZERO` covers "one member or
    /// none").
    fn without_lowest(self) -> Self;
    /// The lowest member alone.
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }
}

macro_rules! dom {
    ($($t:ty => $size:expr),*) => {$(
        impl Dom for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn bit_if(i: usize, c: bool) -> Self {
                <$t>::from(c) << i
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn has(self, i: usize) -> bool {
                self >> i & 1 != 0
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn size(self) -> u32 {
                $size(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn is_power_of_two(self) -> bool {
                <$t>::is_power_of_two(self)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn byte(self, k: usize) -> usize {
                (self >> (8 * k)) as usize & 0xFF
            }
            #[inline(always)]
            fn from_byte(b: usize, k: usize) -> Self {
                (b as Self) << (8 * k)
            }
        }
    )*};
}

/// Members of each byte.
const BYTE_SIZE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    t
};

/// The size of a 16-bit set, from two table entries.
#[inline(always)]
pub(crate) fn size16(x: u16) -> u32 {
    u32::from(BYTE_SIZE[usize::from(x & 0xFF)] + BYTE_SIZE[usize::from(x >> 8)])
}

dom!(u16 => size16, u32 => u32::count_ones, u64 => u64::count_ones, u128 => u128::count_ones);
