//! The `sse` engine: one 128-bit vector per digit, three 27-bit band words in it.
//!
//! # Representation
//! A cell field is an `__m128i` whose 32-bit lanes 0, 1 and 2 hold the bands (rows 0-2, 3-5,
//! 6-8); lane 3 stays zero. Inside a lane, bit `9 * row_in_band + column` is a cell, so a row is
//! a 9-bit group, a column is the same bit in the three groups of the three lanes, and a box is
//! a 3x3 sub-mask of one lane. A cell's *position* is `32 * band + 9 * row_in_band + column`;
//! the tables are indexed by position.
//!
//! The state is nine such fields (`cand[d]`: where digit `d` may still go; a placed cell keeps
//! the bit of its own digit only), the field of unsolved cells, and a copy of each digit field
//! as it was when its hidden singles were last looked for (a digit whose field has not changed
//! since is skipped): 304 bytes, copied at each branch but the last, no allocation anywhere.
//!
//! # Reasoning
//! * Naked singles for all cells at once: bit-sliced "at least one / at least two" counters over
//!   the nine digit fields.
//! * Hidden singles per digit with a few dozen vector operations and no loop over units: fold
//!   each group of three bits into a mini-row flag ("one" and "two or more"), fold three mini-rows
//!   into a row flag (shifts by 3 and 6) or into a box flag (shifts by 9 and 18). A row or box
//!   with "one but not two" holds a hidden single; a box with none is a contradiction. Columns
//!   fold the three rows of a band (shifts by 9 and 18), then the three bands (lane rotations).
//! * Locked candidates per band and per stack: the mini-rows of a band that hold the digit form
//!   a 3x3 matrix (row x box) in which the digit's placement is a permutation; a mini-row that
//!   lies on no permutation inside the matrix is removed (this is pointing and claiming in one
//!   step). Mini-columns of a stack (band x column) are treated the same way.
//! * The locked candidates and hidden singles are `simdoku_core::bandwords::digit_rules`, the
//!   band-word rules written once: this engine instantiates them on its vectors (`Bands`, SSE2
//!   operations only), core's `scalar` on three `u32` words. The same instructions as the
//!   hand-written version they replace (callgrind: equal counts on the top95, magictour and
//!   serg sets).
//! * Naked singles to a fixed point first (cheap: about 40 vector operations for all cells),
//!   then locked candidates and hidden singles for the digits that changed, until one of them
//!   places a digit; then round again, until nothing changes.
//! * Then a branch on the two-candidate cell with the most unsolved peers (or, without one, a
//!   cell with fewest candidates), digits in increasing order; a stalled search
//!   (`simdoku_core::stall`: restarted once from the root if it has no solution yet) prunes a
//!   node where a unit cannot take its missing digits, and takes a digit with two places left
//!   in a unit before a cell of three or more candidates.
//!
//! Branches that depend on the data are kept out of the hot loops where it was cheap to do so:
//! the digits to work on are gathered into a bit mask without a branch per digit, then walked.
//!
//! Only SSE2, SSSE3, SSE4.1 and POPCNT instructions ([`FEATURES`]); the constructor checks the
//! CPU for them.

use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpeq_epi32, _mm_cvtsi128_si64,
    _mm_extract_epi32, _mm_extract_epi64, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x,
    _mm_set1_epi8, _mm_set1_epi32, _mm_setr_epi8, _mm_setr_epi32, _mm_setzero_si128,
    _mm_shuffle_epi8, _mm_shuffle_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_sub_epi32,
    _mm_testc_si128, _mm_testz_si128, _mm_xor_si128,
};
use std::ops::ControlFlow;

use simdoku_core::bandwords::{self, BandWords};
use simdoku_core::engine::{self, Solved, Visitor};
use simdoku_core::stall::{self, Branch, Next, Stall};
use simdoku_core::{Engine, Grid, Search, Tally};

type V = __m128i;

features!($ with_sse = ["sse2", "ssse3", "sse4.1", "popcnt"]);

/// The SSE4.1 engine. Made by [`Sse::new`], which checks the CPU.
#[derive(Debug, Clone)]
pub struct Sse {
    guesses: u64,
    /// Where the search stands against `STALL` (see `simdoku_core::stall`).
    stall: Stall,
}

impl Sse {
    /// The engine, or `None` when this CPU lacks one of [`FEATURES`] (SSE2, SSSE3, SSE4.1,
    /// POPCNT).
    pub fn new() -> Option<Sse> {
        detected().then_some(Sse {
            guesses: 0,
            stall: Stall::default(),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Tables (indexed by position, 0..96; the unused positions hold empty masks).

/// Position of each cell.
const POS: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = (32 * (c / 27) + c % 27) as u8;
        c += 1;
    }
    t
};

const fn lanes(cells: u128) -> [u32; 4] {
    let mut w = [0u32; 4];
    let mut c = 0;
    while c < 81 {
        if cells >> c & 1 != 0 {
            let p = POS[c] as usize;
            w[p / 32] |= 1 << (p % 32);
        }
        c += 1;
    }
    w
}

const fn peer_lanes() -> [[u32; 4]; 96] {
    let mut t = [[0u32; 4]; 96];
    let mut c = 0;
    while c < 81 {
        t[POS[c] as usize] = lanes(simdoku_core::tables::PEERS[c]);
        c += 1;
    }
    t
}

const fn bit_lanes() -> [[u32; 4]; 96] {
    let mut t = [[0u32; 4]; 96];
    let mut c = 0;
    while c < 81 {
        t[POS[c] as usize] = lanes(1 << c);
        c += 1;
    }
    t
}

/// The vector form of a table of lane words.
const fn vectors(t: &[[u32; 4]; 96]) -> [V; 96] {
    // SAFETY: `[u32; 4]` and `__m128i` have the same size (16 bytes) and every bit pattern is
    // a valid value of both; transmute of an array of them changes only the alignment, which
    // the destination type (`[__m128i; 96]`) provides.
    unsafe { std::mem::transmute::<[[u32; 4]; 96], [V; 96]>(*t) }
}

/// The 27 units (rows, columns, boxes) as position fields (bit = position, as [`bits`]).
const UNIT_POS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let w = lanes(simdoku_core::tables::UNITS[u]);
        t[u] = w[0] as u128 | (w[1] as u128) << 32 | (w[2] as u128) << 64;
        u += 1;
    }
    t
};

/// The 20 peers of the cell at each position.
static PEER: [V; 96] = vectors(&peer_lanes());
/// The bit of the cell at each position.
static BIT: [V; 96] = vectors(&bit_lanes());

// ---------------------------------------------------------------------------------------------
// Vector helpers. All carry the engine's features, so the intrinsics are safe to call here.

with_sse! {
    #[inline]
    fn and(a: V, b: V) -> V {
        _mm_and_si128(a, b)
    }
    #[inline]
    fn or(a: V, b: V) -> V {
        _mm_or_si128(a, b)
    }
    #[inline]
    /// `a & !b`.
    fn andn(a: V, b: V) -> V {
        _mm_andnot_si128(b, a)
    }
    #[inline]
    fn is_zero(a: V) -> bool {
        _mm_testz_si128(a, a) != 0
    }
    #[inline]
    /// `a & b == 0`.
    fn disjoint(a: V, b: V) -> bool {
        _mm_testz_si128(a, b) != 0
    }
    #[inline]
    /// The field as a 96-bit integer, bit = position.
    fn bits(a: V) -> u128 {
        let lo = _mm_cvtsi128_si64(a) as u64;
        let hi = _mm_extract_epi32::<2>(a) as u32;
        (u128::from(hi) << 64) | u128::from(lo)
    }
}

/// The 27 cells of a band (all 81 when splat over the three lanes).
const FULL: u32 = (1 << 27) - 1;

#[derive(Clone, Copy)]
struct State {
    cand: [V; 9],
    unsolved: V,
    /// Each digit field as it was when its hidden singles were last looked for (a field that
    /// has not changed since has none to offer).
    seen: [V; 9],
}

/// Where solutions go: the core [`engine::Sink`] over a solved [`State`] (a [`Tally`] or a
/// [`Visitor`]).
trait Sink: engine::Sink<State> {}

impl<T: engine::Sink<State>> Sink for T {}

impl Solved for State {
    fn grid(&self) -> Grid {
        // SAFETY: a `State` exists only inside a search started after `Sse::new` checked the
        // CPU for the features `solution_cells` needs.
        let cells = unsafe { solution_cells(self) };
        Grid::from_cells(cells).expect("digits are 1..=9")
    }
}

with_sse! {
/// The digits of a solved state, cell by cell, without a loop over cells: the digit numbers are
/// written as four bit planes (fields), and each plane's bits are spread to bytes 16 at a time
/// (broadcast, byte shuffle, compare with the bit).
fn solution_cells(s: &State) -> [u8; 81] {
    let mut planes = [0u128; 4];
    for (k, plane) in planes.iter_mut().enumerate() {
        let mut f = _mm_setzero_si128();
        for d in 0..9 {
            if (d + 1) >> k & 1 != 0 {
                f = or(f, s.cand[d]);
            }
        }
        *plane = bits(f);
    }
    let spread = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    let bit = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    let mut out = [0u8; 96];
    for band in 0..3 {
        for half in 0..2 {
            let mut acc = _mm_setzero_si128();
            for (k, plane) in planes.iter().enumerate() {
                let w = (plane >> (32 * band + 16 * half)) as u32 & 0xffff;
                let v = _mm_shuffle_epi8(_mm_set1_epi32(w as i32), spread);
                let set = _mm_cmpeq_epi8(_mm_and_si128(v, bit), bit);
                acc = or(acc, and(set, _mm_set1_epi8(1 << k)));
            }
            let o = 27 * band + 16 * half;
            out[o..o + 8].copy_from_slice(&(_mm_cvtsi128_si64(acc) as u64).to_le_bytes());
            out[o + 8..o + 16].copy_from_slice(&(_mm_extract_epi64::<1>(acc) as u64).to_le_bytes());
        }
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(&out[..81]);
    cells
}
}

with_sse! {
    #[inline]
    /// The state after placing the givens, or `None` if they contradict each other.
    fn initial(grid: &Grid) -> Option<State> {
        let zero = _mm_setzero_si128();
        let (mut given, mut peers, mut all) = ([zero; 9], [zero; 9], zero);
        // The givens as a cell mask, 16 cells per compare (a branch per cell would be
        // mispredicted on about one cell in four).
        let cells = grid.cells();
        let mut filled = 0u128;
        for i in 0..5 {
            let lo = u64::from_le_bytes(cells[16 * i..16 * i + 8].try_into().expect("8 bytes"));
            let hi = u64::from_le_bytes(cells[16 * i + 8..16 * i + 16].try_into().expect("8 bytes"));
            let v = _mm_set_epi64x(hi as i64, lo as i64);
            let empty = _mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) as u32;
            filled |= u128::from(!empty & 0xffff) << (16 * i);
        }
        filled |= u128::from(cells[80] != 0) << 80;
        while filled != 0 {
            let c = filled.trailing_zeros() as usize;
            filled &= filled - 1;
            let (p, d) = (POS[c] as usize, cells[c] as usize - 1);
            if !disjoint(peers[d], BIT[p]) {
                return None; // a peer holds the same given
            }
            given[d] = or(given[d], BIT[p]);
            peers[d] = or(peers[d], PEER[p]);
            all = or(all, BIT[p]);
        }
        let unsolved = andn(Bands::splat(FULL).0, all);
        let cand = std::array::from_fn(|d| or(andn(unsolved, peers[d]), given[d]));
        Some(State { cand, unsolved, seen: [zero; 9] })
    }

    #[inline]
    /// Places digit `d` at position `p`; false if `d` is no longer possible there.
    fn place(s: &mut State, p: usize, d: usize) -> bool {
        let bit = BIT[p];
        if disjoint(s.cand[d], bit) {
            return false;
        }
        for f in &mut s.cand {
            *f = andn(*f, bit);
        }
        s.cand[d] = or(andn(s.cand[d], PEER[p]), bit);
        s.unsolved = andn(s.unsolved, bit);
        true
    }

    #[inline]
    /// Unsolved cells with at least one, two and three candidates.
    fn counts(s: &State) -> (V, V, V) {
        // A placed cell holds one digit only, so it can be masked out at the end.
        let (mut one, mut two, mut three) = (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128());
        for &f in &s.cand {
            three = or(three, and(two, f));
            two = or(two, and(one, f));
            one = or(one, f);
        }
        let u = s.unsolved;
        (and(one, u), and(two, u), and(three, u))
    }
}

/// A digit field for the band-word rules of `simdoku_core::bandwords`, written once for this
/// engine and core's `scalar`: the three bands in 32-bit lanes 0-2, lane 3 zero. Only SSE2
/// instructions, which every x86-64 CPU has.
#[derive(Clone, Copy)]
struct Bands(V);

impl BandWords for Bands {
    /// `m` in lanes 0, 1 and 2; zero in lane 3 (also the engine's mask of all cells).
    #[inline(always)]
    fn splat(m: u32) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_setr_epi32(m as i32, m as i32, m as i32, 0)) }
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_and_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_or_si128(self.0, o.0)) }
    }
    #[inline(always)]
    fn andn(self, o: Self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_andnot_si128(o.0, self.0)) }
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_sub_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_slli_epi32::<N>(self.0)) }
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_srli_epi32::<N>(self.0)) }
    }
    #[inline(always)]
    fn next_band(self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_shuffle_epi32::<0b11_00_10_01>(self.0)) }
    }
    #[inline(always)]
    fn band_after_next(self) -> Self {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { Bands(_mm_shuffle_epi32::<0b11_01_00_10>(self.0)) }
    }
    #[inline(always)]
    fn same(self, o: Self) -> bool {
        // SAFETY: SSE2 is in x86-64's baseline: every CPU this code runs on has it.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi32(self.0, o.0)) == 0xffff }
    }
}

with_sse! {
    #[inline]
    /// Locked candidates, then hidden singles of one digit field `x` (see
    /// `simdoku_core::bandwords::digit_rules`): the filtered field and its cells that are the
    /// only place for the digit in a row, a column or a box, or `None` on a contradiction.
    fn hidden(x: V) -> Option<(V, V)> {
        let (x, singles) = bandwords::digit_rules(Bands(x))?;
        Some((x.0, singles.0))
    }

    #[inline]
    /// The digits whose field changed since their hidden singles were last looked for.
    fn changed(s: &State) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= u32::from(!is_zero(_mm_xor_si128(s.cand[d], s.seen[d]))) << d;
        }
        m
    }

    #[inline]
    /// Naked and hidden singles to a fixed point; false on a contradiction.
    fn propagate(s: &mut State) -> bool {
        loop {
            // Naked singles, all cells at once.
            let (one, two, _) = counts(s);
            if _mm_testc_si128(one, s.unsolved) == 0 {
                return false; // an unsolved cell without candidates
            }
            let singles = andn(one, two);
            if !is_zero(singles) {
                // The digits with singles, found without a branch per digit.
                let mut digits = 0u32;
                for (d, f) in s.cand.iter().enumerate() {
                    digits |= u32::from(!disjoint(*f, singles)) << d;
                }
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut b = bits(and(s.cand[d], singles));
                    while b != 0 {
                        let p = b.trailing_zeros() as usize;
                        b &= b - 1;
                        if disjoint(s.cand[d], BIT[p]) {
                            return false; // taken by a peer single of the same digit
                        }
                        s.cand[d] = andn(s.cand[d], PEER[p]);
                    }
                }
                s.unsolved = andn(s.unsolved, singles);
                continue;
            }
            if is_zero(s.unsolved) {
                return true;
            }
            // Hidden singles, digit by digit, for the digits whose field changed since they were
            // last looked at (found without a branch per digit).
            let mut progress = false;
            let mut todo = changed(s);
            while todo != 0 {
                let d = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let x = s.cand[d];
                s.seen[d] = x;
                if disjoint(x, s.unsolved) {
                    continue; // all nine placed
                }
                let Some((y, h)) = hidden(x) else { return false };
                s.cand[d] = y;
                s.seen[d] = y;
                let mut b = bits(and(h, s.unsolved));
                progress |= b != 0 || !is_zero(_mm_xor_si128(x, y));
                if b != 0 {
                    while b != 0 {
                        let p = b.trailing_zeros() as usize;
                        b &= b - 1;
                        if !place(s, p, d) {
                            return false;
                        }
                    }
                    // Back to the cheap naked singles before the next digit (measured: fewer
                    // hidden-single passes in all).
                    break;
                }
            }
            if !progress {
                return true;
            }
        }
    }

    #[inline]
    /// The position to branch on: the two-candidate cell with the most unsolved peers (so
    /// that either placement reaches far; measured, this halves the guesses on the hardest
    /// sets against taking the first two-candidate cell), else a cell with fewest candidates.
    fn branch_pos(s: &State) -> usize {
        let (_, two, three) = counts(s);
        let mut pairs = bits(andn(two, three));
        if pairs != 0 {
            let mut best = (0, 0);
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let score = bits(and(s.unsolved, PEER[p])).count_ones();
                if score > best.0 {
                    best = (score, p);
                }
            }
            return best.1;
        }
        fewest(s)
    }

    #[inline(never)]
    #[cold]
    /// The branch of a stalled search ([`Next::Widened`]), or `None` at a dead end (a unit
    /// that cannot take its missing digits: [`stall::dead_end`]): a digit with two places
    /// left in a unit ([`stall::place_pair`]) before a cell of three or more candidates;
    /// else [`branch_pos`]'s cell.
    fn stalled_branch(s: &State) -> Option<Branch> {
        let fields: [u128; 9] = std::array::from_fn(|d| bits(s.cand[d]));
        let unsolved = bits(s.unsolved);
        if stall::dead_end(&fields, unsolved, &UNIT_POS) {
            return None;
        }
        if stall::cell_pairs(&fields, unsolved) == 0
            && let Some((d, places)) = stall::place_pair(&fields, unsolved, &UNIT_POS)
        {
            return Some(Branch::Places(d, places));
        }
        Some(Branch::Cell(branch_pos(s)))
    }

    #[inline]
    /// A cell with fewest candidates, when none has two.
    fn fewest(s: &State) -> usize {
        // The cells with three (else four) candidates, by bit-sliced
        // counters, and among them the one with the most unsolved peers.
        let mut at_least = [_mm_setzero_si128(); 5]; // at_least[k]: k + 1 candidates or more
        for &f in &s.cand {
            for k in (1..5).rev() {
                at_least[k] = or(at_least[k], and(at_least[k - 1], f));
            }
            at_least[0] = or(at_least[0], f);
        }
        for k in 2..4 {
            let mut cells = bits(and(andn(at_least[k], at_least[k + 1]), s.unsolved));
            if cells != 0 {
                let mut best = (0, cells.trailing_zeros() as usize);
                while cells != 0 {
                    let p = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let score = bits(and(s.unsolved, PEER[p])).count_ones();
                    if score > best.0 {
                        best = (score, p);
                    }
                }
                return best.1;
            }
        }
        let mut best = (10, 0);
        let mut b = bits(s.unsolved);
        while b != 0 {
            let p = b.trailing_zeros() as usize;
            b &= b - 1;
            let n = s.cand.iter().filter(|&&f| !disjoint(f, BIT[p])).count();
            if n < best.0 {
                best = (n, p);
            }
        }
        best.1
    }
}

impl Sse {
    with_sse! {
        /// Searches below `s`, which it may use up: the last branch works in place.
        fn search<S: Sink>(&mut self, s: &mut State, sink: &mut S) -> ControlFlow<()> {
            if is_zero(s.unsolved) {
                self.stall.found(self.guesses);
                return sink.found(s);
            }
            let p = match self.stall.check(self.guesses) {
                Next::Usual => branch_pos(s),
                next => match self.stalled(s, next, sink) {
                    Ok(p) => p,
                    Err(flow) => return flow,
                },
            };
            let bit = BIT[p];
            let mut digits = 0u32;
            for (d, f) in s.cand.iter().enumerate() {
                digits |= u32::from(!disjoint(*f, bit)) << d;
            }
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                self.guesses += 1;
                if digits == 0 {
                    return if place(s, p, d) && propagate(s) {
                        self.search(s, sink)
                    } else {
                        ControlFlow::Continue(())
                    };
                }
                let mut t = *s;
                if place(&mut t, p, d) && propagate(&mut t) {
                    self.search(&mut t, sink)?;
                }
            }
            ControlFlow::Continue(())
        }

        #[inline(never)]
        #[cold]
        /// A stalled search's node (`next`: [`Next::Widened`] or [`Next::Restart`]): the
        /// position of a cell to branch on, or what the node returns (a restart, a dead end, or
        /// the branch on a digit's two places, taken here).
        fn stalled<S: Sink>(
            &mut self,
            s: &State,
            next: Next,
            sink: &mut S,
        ) -> Result<usize, ControlFlow<()>> {
            if next == Next::Restart {
                return Err(ControlFlow::Break(()));
            }
            match stalled_branch(s) {
                Some(Branch::Cell(p)) => Ok(p),
                Some(Branch::Places(d, places)) => Err(self.places(s, d, places, sink)),
                None => Err(ControlFlow::Continue(())),
            }
        }

        #[inline(never)]
        #[cold]
        /// A stalled search's branch on a digit's two places: each in turn, then the search
        /// below it.
        fn places<S: Sink>(
            &mut self,
            s: &State,
            d: usize,
            mut places: u128,
            sink: &mut S,
        ) -> ControlFlow<()> {
            while places != 0 {
                let p = places.trailing_zeros() as usize;
                places &= places - 1;
                self.guesses += 1;
                let mut t = *s;
                if place(&mut t, p, d) && propagate(&mut t) {
                    self.search(&mut t, sink)?;
                }
            }
            ControlFlow::Continue(())
        }

        fn run<S: Sink>(&mut self, grid: &Grid, sink: &mut S) {
            self.guesses = 0;
            self.stall = Stall::default();
            // A restart (rare) starts again from the givens: no copy of the root kept for it.
            loop {
                if let Some(mut s) = initial(grid)
                    && propagate(&mut s)
                {
                    let _ = self.search(&mut s, sink);
                }
                if !self.stall.restart() {
                    break;
                }
            }
        }
    }
}

impl Engine for Sse {
    fn name(&self) -> &'static str {
        "sse"
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        let mut sink = Tally::new(limit);
        if limit > 0 {
            // SAFETY: an `Sse` is only made by `Sse::new`, which checked the CPU for every
            // feature `run` enables.
            unsafe { self.run(grid, &mut sink) };
        }
        Search {
            solutions: sink.solutions,
            guesses: self.guesses,
        }
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        let mut sink = Visitor::new(visitor);
        // SAFETY: an `Sse` is only made by `Sse::new`, which checked the CPU for every feature
        // `run` enables.
        unsafe { self.run(grid, &mut sink) };
        Search {
            solutions: sink.n,
            guesses: self.guesses,
        }
    }
}

#[cfg(test)]
mod tests;
