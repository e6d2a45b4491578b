//! The band-word rules, written once: locked candidates and hidden singles of one digit, on its
//! field held as three 27-bit band words.
//!
//! [`digit_rules`] is generic over [`BandWords`], the eleven lane-wise operations it needs.
//! `[u32; 3]` implements them here (the `scalar` engine's propagation, on any target), and the
//! `sse` engine of `simdoku-simd` implements them on one 128-bit vector whose 32-bit lanes 0-2
//! are the three words (lane 3 zero): one algorithm, two instruction sets, and a fix to the rules
//! is a fix for both.
//!
//! One of the workspace's two vector traits, each with one home: `BandWords` lives here because
//! a portable engine (`scalar`) instantiates it; the other, `Vector` (16 lanes of 16 bits, for
//! the box-variable DPLL search), lives in `simdoku-simd`'s `dpll` module beside the search
//! written over it, and only SIMD engines (`avx2`, `avx512`) instantiate it.
//!
//! Layout: word `i` is band `i` (rows `3i..3i+2`); inside a word, bit `9 * row_in_band + column`
//! is a cell. A row is a 9-bit group, a box a 3x3 sub-mask of one word, a column the same bit in
//! the three groups of the three words. Only bits 0-26 of a word are cells: the operations may
//! leave garbage above them, which the rules mask off before it reaches a result.

/// A digit field as three band words, with the operations [`digit_rules`] applies to all three
/// at once.
pub trait BandWords: Copy {
    /// `m` in each word.
    #[must_use]
    fn splat(m: u32) -> Self;
    /// Bitwise and, word by word.
    #[must_use]
    fn and(self, o: Self) -> Self;
    /// Bitwise or.
    #[must_use]
    fn or(self, o: Self) -> Self;
    /// `self & !o`.
    #[must_use]
    fn andn(self, o: Self) -> Self;
    /// Wrapping subtraction, word by word.
    #[must_use]
    fn sub(self, o: Self) -> Self;
    /// Each word shifted left by `N` (0 < `N` < 32).
    #[must_use]
    fn shl<const N: i32>(self) -> Self;
    /// Each word shifted right by `N` (0 < `N` < 32), zeros shifted in.
    #[must_use]
    fn shr<const N: i32>(self) -> Self;
    /// Word `i` takes word `i + 1` (mod 3): the bands rotated by one.
    #[must_use]
    fn next_band(self) -> Self;
    /// Word `i` takes word `i + 2` (mod 3).
    #[must_use]
    fn band_after_next(self) -> Self;
    /// Whether every word equals `o`'s.
    fn same(self, o: Self) -> bool;

    /// Per bit, whether the three words together have it at least once and at least twice,
    /// given each word's own "at least once" (`self`) and "at least twice" (`two`); the answers
    /// in every word. The default folds by band rotations, free across the lanes of a vector;
    /// the portable words override it with a loop that does the work once instead of three times.
    #[must_use]
    #[inline(always)]
    fn across_bands(self, two: Self) -> (Self, Self) {
        let (o1, o2) = (self.next_band(), self.band_after_next());
        let one = self.or(o1).or(o2);
        let two = two
            .or(two.next_band())
            .or(two.band_after_next())
            .or(self.and(o1.or(o2)))
            .or(o1.and(o2));
        (one, two)
    }
}

/// The portable instance: one `u32` a band.
impl BandWords for [u32; 3] {
    #[inline(always)]
    fn splat(m: u32) -> Self {
        [m; 3]
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        [self[0] & o[0], self[1] & o[1], self[2] & o[2]]
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        [self[0] | o[0], self[1] | o[1], self[2] | o[2]]
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        [self[0] & !o[0], self[1] & !o[1], self[2] & !o[2]]
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        [
            self[0].wrapping_sub(o[0]),
            self[1].wrapping_sub(o[1]),
            self[2].wrapping_sub(o[2]),
        ]
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        self.map(|w| w << N)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        self.map(|w| w >> N)
    }
    #[inline(always)]
    fn next_band(self) -> Self {
        [self[1], self[2], self[0]]
    }
    #[inline(always)]
    fn band_after_next(self) -> Self {
        [self[2], self[0], self[1]]
    }
    #[inline(always)]
    fn same(self, o: Self) -> bool {
        self == o
    }
    #[inline(always)]
    fn across_bands(self, two: Self) -> (Self, Self) {
        let (mut one, mut at_two) = (0, 0);
        for (o, t) in self.into_iter().zip(two) {
            at_two |= t | (one & o);
            one |= o;
        }
        ([one; 3], [at_two; 3])
    }
}

/// Mini-row bases of a band word (`9 * row + 3 * box`).
const MINI_ROWS: u32 = 0x124_9249;
/// Row bases (`9 * row`).
const ROW_BASES: u32 = 0x4_0201;
/// Box bases in row 0 (`3 * box`).
const BOX_BASES: u32 = 0x49;
/// The nine columns of row 0.
const COLUMNS: u32 = 0x1ff;

/// Rows of a band rotated: row `r` takes row `r + 1` (mod 3). Bits pushed past bit 26 are
/// garbage for the caller to mask off.
#[inline(always)]
fn rows_next<W: BandWords>(v: W) -> W {
    v.shr::<9>().or(v.shl::<18>())
}

/// Rows rotated by two: row `r` takes row `r + 2` (mod 3).
#[inline(always)]
fn rows_after_next<W: BandWords>(v: W) -> W {
    v.shr::<18>().or(v.shl::<9>())
}

/// `v | v << 9 | v << 18`: a row-0 mask copied to the band's three rows.
#[inline(always)]
fn three_rows<W: BandWords>(v: W) -> W {
    v.or(v.shl::<9>()).or(v.shl::<18>())
}

/// Locked candidates of one digit field `x`: in each band the mini-rows that may hold the digit
/// form a 3x3 matrix (row by box) in which the digit's three placements are a permutation, and
/// a mini-row on no permutation is removed; the mini-columns of each stack (band by column) are
/// filtered the same way. This is pointing and claiming in both directions, in one step.
#[must_use]
#[inline(always)]
pub fn locked<W: BandWords>(x: W) -> W {
    // Band matrices: a flag at `9 * row + 3 * box` for each mini-row that may hold the digit.
    let m = x.or(x.shr::<1>()).or(x.shr::<2>()).and(W::splat(MINI_ROWS));
    // Boxes rotated: box b takes the flag of box b + 1 (`b1`) or b + 2 (`b2`), mod 3.
    let b1 = m
        .shr::<3>()
        .and(W::splat(0x24_1209))
        .or(m.shl::<6>().and(W::splat(0x100_8040)));
    let b2 = m
        .shr::<6>()
        .and(W::splat(0x4_0201))
        .or(m.shl::<3>().and(W::splat(0x120_9048)));
    // A mini-row lies on a permutation when the other two rows and boxes can be matched.
    let keep = m.and(
        rows_next(b1)
            .and(rows_after_next(b2))
            .or(rows_next(b2).and(rows_after_next(b1))),
    );
    let x = x.and(keep.shl::<3>().sub(keep));

    // Stack matrices: a flag at column c of band i for each mini-column that may hold it;
    // columns rotate inside their stack (column k takes k + 1 or k + 2, mod 3), bands among
    // themselves.
    let m = x.or(x.shr::<9>()).or(x.shr::<18>()).and(W::splat(COLUMNS));
    let c1 = m
        .shr::<1>()
        .and(W::splat(0xdb))
        .or(m.shl::<2>().and(W::splat(0x124)));
    let c2 = m
        .shr::<2>()
        .and(W::splat(0x49))
        .or(m.shl::<1>().and(W::splat(0x1b6)));
    let keep = m.and(
        c1.next_band()
            .and(c2.band_after_next())
            .or(c2.next_band().and(c1.band_after_next())),
    );
    x.and(three_rows(keep))
}

/// Locked candidates, then hidden singles, of one digit field `x`.
///
/// Returns the filtered field and its cells that are the only place for the digit in a row, a
/// column or a box (placed cells included), or `None` when some unit has no place left for it.
///
/// ```
/// use simdoku_core::bandwords::digit_rules;
/// let all = (1 << 27) - 1;
/// // Band 0 may hold the digit in row 0, columns 0-2 (box 0), in row 1 only at column 4
/// // (box 1) and in row 2 only at column 8 (box 2); bands 1 and 2 anywhere.
/// let band0 = 0b111 | 1 << 13 | 1 << 26;
/// let (field, singles) = digit_rules([band0, all, all]).unwrap();
/// // Rows 1 and 2 of band 0 have one place each: hidden singles.
/// assert_eq!(singles[0] & (1 << 13 | 1 << 26), 1 << 13 | 1 << 26);
/// // Band 0 holds the digit in column 4 of stack 1, so band 1 loses that column.
/// assert_eq!(field[1] & (1 << 4 | 1 << 13 | 1 << 22), 0);
/// // No place at all in band 0: a contradiction.
/// assert!(digit_rules([0, all, all]).is_none());
/// ```
#[must_use]
#[inline(always)]
pub fn digit_rules<W: BandWords>(x: W) -> Option<(W, W)> {
    let x = locked(x);
    let m = W::splat(MINI_ROWS);
    let r = W::splat(ROW_BASES);
    let b = W::splat(BOX_BASES);

    // Mini-rows: at least one, at least two.
    let (a1, a2) = (x.shr::<1>(), x.shr::<2>());
    let mo = x.or(a1).or(a2).and(m);
    let mt = x.and(a1.or(a2)).or(a1.and(a2)).and(m);

    // Boxes: three mini-rows stacked. After `locked`, an empty row or column empties a whole
    // band or stack, so an empty box is the one contradiction left to look for.
    let (mo9, mo18) = (mo.shr::<9>(), mo.shr::<18>());
    let bo = mo.or(mo9).or(mo18).and(b);
    if !bo.same(b) {
        return None;
    }
    let mt_b = mt.or(mt.shr::<9>()).or(mt.shr::<18>());
    let bt = mt_b.or(mo.and(mo9.or(mo18))).or(mo9.and(mo18)).and(b);

    // Rows: three mini-rows side by side.
    let (mo3, mo6) = (mo.shr::<3>(), mo.shr::<6>());
    let ro = mo.or(mo3).or(mo6).and(r);
    let mt_r = mt.or(mt.shr::<3>()).or(mt.shr::<6>());
    let rt = mt_r.or(mo.and(mo3.or(mo6))).or(mo3.and(mo6)).and(r);

    // Columns: the three rows of a band folded onto row 0, then the three bands folded; every
    // word ends up with the counts of all nine columns.
    let c9 = W::splat(COLUMNS);
    let (x9, x18) = (x.shr::<9>(), x.shr::<18>());
    let co = x.or(x9).or(x18).and(c9);
    let ct = x.and(x9.or(x18)).or(x9.and(x18)).and(c9);
    let (c_one, c_two) = co.across_bands(ct);

    // Units with exactly one place, spread back over their cells.
    let rs = ro.andn(rt);
    let rows = rs.shl::<9>().sub(rs);
    let bs = bo.andn(bt);
    let boxes = three_rows(bs.shl::<3>().sub(bs));
    let cols = three_rows(c_one.andn(c_two));
    Some((x, x.and(rows.or(boxes).or(cols))))
}
