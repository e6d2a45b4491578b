//! Compile-time tables of the 162 band patterns.
//!
//! A band is three rows of the grid (rows 0-2, 3-5 or 6-8); its 27 cells are numbered
//! `9 * row + column` with `row` in 0..3, so a band's cells are the 27-bit slice
//! `(field >> (27 * band)) & BAND` of an 81-bit cell field.
//!
//! A *band pattern* is where one digit goes inside a band: one cell in each of the three rows and
//! in each of the three boxes. It is named by two things:
//! * its box order `s` in 0..6, [`BOX_ORDERS`]`[s][row]` being the box (stack) of each row;
//! * its column choice `k` in 0..27, the column offset `o[j]` (0..3) inside each stack `j`, read
//!   as the base-3 number `k = 9 * o[0] + 3 * o[1] + o[2]`; the digit's cell in stack `j` is in
//!   column `3 * j + o[j]`.
//!
//! That makes 6 x 27 = 162 patterns, pattern `p = 27 * s + k`. A [`PatternSet`] of them is six
//! 27-bit words, one per box order, bit `k` of word `s` standing for pattern `27 * s + k`.
//!
//! Two patterns of one band can belong to two different digits only if they share no cell
//! ([`DISJOINT`]). Three patterns, one per band, make a full placement of one digit exactly when
//! their column sets are pairwise disjoint ([`COMPATIBLE`]): rows and boxes are settled inside
//! each band, and the three bands meet only in the columns. Column sets depend on the column
//! choice alone, so compatibility is a relation on the 27 column choices ([`CHOICE_COMPATIBLE`]):
//! `k` and `k'` are compatible when their offsets differ in every stack. Given two compatible
//! choices the third band's is forced, offset `3 - o[j] - o'[j]` in each stack, which as a
//! number is `39 - k - k'` (the three offsets of a stack sum to 3 = 0 + 1 + 2, no carries).

/// The 27 cells of a band.
pub const BAND: u32 = (1 << 27) - 1;

/// A set of band patterns: bit `k` of word `s` is pattern `27 * s + k` (162 bits in all).
pub type PatternSet = [u32; 6];

/// The six box orders: `BOX_ORDERS[s][row]` is the box (0..3, left to right) that row holds.
pub const BOX_ORDERS: [[usize; 3]; 6] = crate::tables::ORDERS3;

/// The column offset (0..3) in stack `j` of column choice `k`.
pub const fn offset(k: usize, j: usize) -> usize {
    match j {
        0 => k / 9,
        1 => k / 3 % 3,
        _ => k % 3,
    }
}

/// The 27-bit band mask of each pattern (three cells: one per row, one per box).
pub const PATTERNS: [u32; 162] = {
    let mut t = [0u32; 162];
    let mut p = 0;
    while p < 162 {
        let (s, k) = (p / 27, p % 27);
        let mut row = 0;
        while row < 3 {
            let j = BOX_ORDERS[s][row];
            t[p] |= 1 << (9 * row + 3 * j + offset(k, j));
            row += 1;
        }
        p += 1;
    }
    t
};

/// The 9-bit column set (bit = column) of each column choice.
pub const CHOICE_COLUMNS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        let mut j = 0;
        while j < 3 {
            t[k] |= 1 << (3 * j + offset(k, j));
            j += 1;
        }
        k += 1;
    }
    t
};

/// For each column choice, the column choices with no column in common (8 of them: two offsets
/// left in each of three stacks).
pub const CHOICE_COMPATIBLE: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        let mut q = 0;
        while q < 27 {
            if CHOICE_COLUMNS[k] & CHOICE_COLUMNS[q] == 0 {
                t[k] |= 1 << q;
            }
            q += 1;
        }
        k += 1;
    }
    t
};

/// For each pattern, the patterns that can hold the same digit in another band (no column in
/// common). The relation ignores box orders: every word is [`CHOICE_COMPATIBLE`] of `p % 27`.
pub const COMPATIBLE: [PatternSet; 162] = {
    let mut t = [[0u32; 6]; 162];
    let mut p = 0;
    while p < 162 {
        t[p] = [CHOICE_COMPATIBLE[p % 27]; 6];
        p += 1;
    }
    t
};

/// For each pattern, the patterns of the same band that can hold another digit (no cell in
/// common).
pub const DISJOINT: [PatternSet; 162] = {
    let mut t = [[0u32; 6]; 162];
    let mut p = 0;
    while p < 162 {
        let mut q = 0;
        while q < 162 {
            if PATTERNS[p] & PATTERNS[q] == 0 {
                t[p][q / 27] |= 1 << (q % 27);
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// `WITH_OFFSETS[j][a]`: the column choices whose offset in stack `j` lies in the 3-bit set `a`.
/// The patterns inside a band's candidate cells are, for each box order `s`, the intersection of
/// `WITH_OFFSETS[j][candidates of row r in box j]` over the rows `r` (with `j = BOX_ORDERS[s][r]`).
pub const WITH_OFFSETS: [[u32; 8]; 3] = {
    let mut t = [[0u32; 8]; 3];
    let mut j = 0;
    while j < 3 {
        let mut a = 0;
        while a < 8 {
            let mut k = 0;
            while k < 27 {
                if a >> offset(k, j) & 1 != 0 {
                    t[j][a] |= 1 << k;
                }
                k += 1;
            }
            a += 1;
        }
        j += 1;
    }
    t
};

/// `OFFSET_MASKS[j][o]`: the column choices whose offset in stack `j` is `o`.
pub const OFFSET_MASKS: [[u32; 3]; 3] = {
    let mut t = [[0u32; 3]; 3];
    let mut j = 0;
    while j < 3 {
        let mut o = 0;
        while o < 3 {
            t[j][o] = WITH_OFFSETS[j][1 << o];
            o += 1;
        }
        j += 1;
    }
    t
};

/// Whether a pattern set holds pattern `p`.
pub const fn contains(set: &PatternSet, p: usize) -> bool {
    set[p / 27] >> (p % 27) & 1 != 0
}

/// `ROW_CHOICES[r][j]`: for a row's candidate columns `r` (9 bits), the column choices whose
/// offset in stack `j` is a candidate, i.e. `WITH_OFFSETS[j][(r >> 3 * j) & 7]` (one lookup per
/// row instead of three).
pub const ROW_CHOICES: [[u32; 3]; 512] = {
    let mut t = [[0u32; 3]; 512];
    let mut r = 0;
    while r < 512 {
        let mut j = 0;
        while j < 3 {
            t[r][j] = WITH_OFFSETS[j][(r >> (3 * j)) & 7];
            j += 1;
        }
        r += 1;
    }
    t
};

/// The 27-bit reversal of a set of column choices: bit `k` goes to bit `26 - k`.
#[inline(always)]
pub const fn reverse27(x: u32) -> u32 {
    x.reverse_bits() >> 5
}

/// `ORDERS_AT[row][j]`: the two box orders that put `row` in stack `j`.
pub const ORDERS_AT: [[[usize; 2]; 3]; 3] = {
    let mut t = [[[0usize; 2]; 3]; 3];
    let mut filled = [[0usize; 3]; 3];
    let mut s = 0;
    while s < 6 {
        let mut row = 0;
        while row < 3 {
            let j = BOX_ORDERS[s][row];
            t[row][j][filled[row][j]] = s;
            filled[row][j] += 1;
            row += 1;
        }
        s += 1;
    }
    t
};

/// For a set of column choices folded to 9 bits (`3 * o[1] + o[2]`, any `o[0]`): the offsets
/// present in stack 1 (bits 0..3) and in stack 2 (bits 3..6).
pub const FOLDED_OFFSETS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut y = 0;
    while y < 512 {
        let mut i = 0;
        while i < 9 {
            if y >> i & 1 != 0 {
                t[y] |= 1 << (i / 3) | 8 << (i % 3);
            }
            i += 1;
        }
        y += 1;
    }
    t
};
