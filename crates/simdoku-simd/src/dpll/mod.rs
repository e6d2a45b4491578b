//! The search the `avx2` and `avx512` engines share: Sudoku as 0-1 sum equations over box
//! variables, solved by DPLL specialised to sums. Written once over the [`Vector`] trait
//! (`vector.rs`); its instantiations live with their instruction sets: `crate::avx2` (AVX2) and
//! `crate::avx512` (AVX-512 F/BW/VL/BITALG, on the same 256-bit vectors: three-input logic in
//! one instruction, rotations instead of shuffles, one-instruction lane counts). The [`dpll_engine`]
//! macro makes each one an engine.
//!
//! # Model
//! For each 3x3 box, 135 variables:
//! * `a[y][x][d]`: box cell `(y, x)` holds digit `d` (81);
//! * `h[y][d]`: the box's mini-row `y` does NOT hold `d` (27);
//! * `v[x][d]`: the box's mini-column `x` does NOT hold `d` (27).
//!
//! The puzzle is a set of equations: each cell holds one digit; per digit, a mini-row's three
//! cells plus its `h` sum to 1 (likewise a mini-column and its `v`); per digit and box the three
//! `h` sum to 2 (likewise `v`); per digit, the three `h` of one row across a band sum to 2
//! (likewise the `v` of one column down a stack). Together they say exactly the rules of Sudoku.
//! One redundant family is added because it prunes a great deal: a mini-row holds three digits,
//! so its nine `h` sum to 6 (likewise `v`). Without it the search thrashes on open grids.
//!
//! # Representation
//! One box is one 256-bit vector of 16 lanes of 16 bits, bit `d` of a lane for digit `d`, the
//! lanes a 4x4 matrix (lane `4 * row + column`):
//!
//! ```text
//!   a00 a01 a02 h0
//!   a10 a11 a12 h1
//!   a20 a21 a22 h2
//!   w0  w1  w2  F
//! ```
//!
//! where `w[x][d] = 1 - v[x][d]` (the mini-column DOES hold `d`) and `F` is a constant false
//! variable, so that every equation inside a box is a row or a column of the matrix, and every
//! row is "exactly one of four": three cells and their `h`, or the three `w` (they sum to 1)
//! and `F`. The columns are "exactly one of four" too once the `h` and `w` lanes are read
//! negated (three cells and their `v`; the three "mini-row holds `d`" and `F`). Rows are
//! reached by rotating lanes inside 64-bit quads, columns by rotating the quads. (Storing `v`
//! and a true `X` instead makes row 3 and column 3 "three of four": each of the two rules then
//! needs its lanes complemented before and after, four more operations per box than reading
//! the columns through two byte blends, as here.)
//!
//! Each variable has two bits, in two vectors per box: `p` ("may be 1") and `n` ("may be 0").
//! A variable is true when only `p` is left, false when only `n` is, and a contradiction when
//! neither is. For "exactly one" over a group, a member may be 1 only if every other member may
//! be 0, and may be 0 only if some other member may be 1:
//! `p &= AND(others' n)`, `n &= OR(others' p)`; reading a variable negated swaps its `p` and
//! `n`. The equations across boxes (`h` along a band: two of three; `w` down a stack: one of
//! three, the same rule with `p` and `n` swapped) are lane-wise operations between the three
//! boxes' vectors. The equations inside a lane (a cell's nine `a` sum to 1, a mini-row's nine
//! `h` to 6, a mini-column's nine `w` to 3) compare per-lane popcounts of `p` and `n` with the
//! totals. Propagation applies all rules to a fixed point, sweeping only the boxes that changed
//! (a pass applies the box rules more than once while the box is in registers, as
//! [`Vector::BOX_PRE_RULES`] says) and then the bands (stacks) whose `h` (`v`) lanes changed;
//! the first one, from the givens, sweeps everything until few boxes still change, then hands
//! over to the tracked passes. The givens are loaded with what they say at once (an empty cell
//! loses the digits given in its row, column and box; the mini-rows and mini-columns they
//! decide), so that first propagation starts a sweep or two further on.
//!
//! # Search
//! Depth first, branching only on `h` and `v` variables: the band (three boxes in a row, their
//! `h`) or stack (three in a column, their `v`) with fewest undecided variables, in it the digit
//! with fewest, and the first undecided variable of that digit; value 0 first of an `h` or `v`
//! (so 1 first of a `w`) when looking for solutions, 1 first of an `h` or `v` when counting
//! (each measured faster for its use). A search stalled without a solution ([`STALL`]
//! guesses) prunes a node where a unit cannot take its missing digits ([`stalled_dead_end`]:
//! the lines cannot see a group of cells short of digits, nor of digits short of cells across
//! boxes) and branches first on a cell's digit, where [`stalled_choice`] finds one. When every
//! `h` and `v` is decided and propagation found no contradiction, every cell is decided: a
//! solution. Counting to two, the first solution ends the count when two of its digits lie
//! crosswise in four cells without a given, in two rows of a band or two columns of a stack:
//! swapping them is a second solution.
//!
//! The idea of the representation is Tom Dillon's (tdoku's `dpll_triad` solvers and write-up);
//! this code is our own.

#[cfg(test)]
pub(crate) mod tests;
mod vector;

use simdoku_core::Grid;
use simdoku_core::engine::{self, STALL};
use simdoku_core::stall;
use simdoku_core::tables::UNITS;

pub(crate) use vector::{PreRules, Vector};

/// Lane masks (16-bit lanes, lane `4 * row + column` of the box matrix).
macro_rules! lanes {
    (|$l:ident| $e:expr) => {{
        let mut a = [0u16; 16];
        let mut $l = 0;
        while $l < 16 {
            a[$l] = $e;
            $l += 1;
        }
        a
    }};
}
const fn is_cell(l: usize) -> bool {
    l < 12 && l % 4 != 3
}
const ALL9: u16 = 0x1FF;
/// The byte shuffle swapping the two 16-bit lanes of each 32-bit word.
const SWAP_PAIRS: [u16; 16] = lanes!(|l| {
    let b = (2 * (l ^ 1)) as u16 % 16;
    b | (b + 1) << 8
});
/// The byte shuffle swapping the two quads of each 128-bit half.
const SWAP_QUADS: [u16; 16] = lanes!(|l| {
    let b = (2 * (l ^ 4)) as u16 % 16;
    b | (b + 1) << 8
});
/// The `h` and `w` lanes.
const HV_LANES: [u16; 16] = lanes!(|l| if l % 4 == 3 && l < 15 || l >= 12 && l < 15 {
    0xFFFF
} else {
    0
});
/// The bytes of the `h` lanes and of the `v` lanes, as bits of a byte mask.
const H_BYTES: u32 = 0x00C0_C0C0;
const V_BYTES: u32 = 0x3F00_0000;
/// Per box, its band's and its stack's number as lines (bands 0-2, stacks 3-5); padded to 16
/// so that an index masked to four bits needs no bounds check.
const LINES_OF: [[u32; 2]; 16] = {
    let mut t = [[0; 2]; 16];
    let mut b = 0;
    while b < 9 {
        t[b] = [(b / 3) as u32, (3 + b % 3) as u32];
        b += 1;
    }
    t
};
/// Per line (bands 0-2, stacks 3-5), the lanes its equations leave alone: all but the `h`
/// lanes for a band, all but the `v` lanes for a stack; padded to 8 so that an index masked to
/// three bits needs no bounds check.
const NOT_LINE: [[u16; 16]; 8] = [NOT_H, NOT_H, NOT_H, NOT_V, NOT_V, NOT_V, NOT_H, NOT_H];
/// Everything but the `h` lanes.
const NOT_H: [u16; 16] = lanes!(|l| if l % 4 == 3 && l < 15 { 0 } else { 0xFFFF });
/// Everything but the `v` lanes.
const NOT_V: [u16; 16] = lanes!(|l| if l >= 12 && l < 15 { 0 } else { 0xFFFF });
/// The byte shuffle gathering the `h` and `v` lanes within each 128-bit half: h0 h1 to the low
/// half's first 32-bit word; h2 to the high half's first, v0 v1 to its second and v2 to its
/// third (bytes `0x80` give zero).
const GATHER_HV: [u16; 16] = [
    0x0706, 0x0F0E, 0x8080, 0x8080, 0x8080, 0x8080, 0x8080, 0x8080, //
    0x0706, 0x8080, 0x0908, 0x0B0A, 0x0D0C, 0x8080, 0x8080, 0x8080,
];
/// Then the 32-bit words so gathered into quads: quad 0 = h0 h1 h2, quad 1 = v0 v1 v2 (16 bits
/// each, the top 16 zero): word 0, 4 | 5, 6 (the rest from word 1, zero).
const GATHER_QUADS: [u16; 16] = [0, 0, 4, 0, 5, 0, 6, 0, 1, 0, 1, 0, 1, 0, 1, 0];
/// Per lane, how many of its nine variables are 1, and how many 0 (none asked of F).
const ONES: [u16; 16] = lanes!(|l| if is_cell(l) {
    1
} else if l % 4 == 3 && l < 15 {
    6
} else if l < 15 {
    3
} else {
    0
});
const ZEROS: [u16; 16] = lanes!(|l| if is_cell(l) {
    8
} else if l < 15 {
    9 - ONES[l]
} else {
    0
});
/// The digit bits of every lane.
const VALID: [u16; 16] = [ALL9; 16];
/// Initial "may be 1": everything but F; initial "may be 0": everything.
const INIT_P: [u16; 16] = lanes!(|l| if l == 15 { 0 } else { ALL9 });
const INIT_N: [u16; 16] = [ALL9; 16];

/// The constants, loaded once per search.
#[derive(Clone, Copy)]
struct Consts<V> {
    swap_quads: V,
    gather_hv: V,
    gather_quads: V,
    swap: V,
    hv: V,
    not_h: V,
    not_v: V,
    ones: V,
    zeros: V,
    valid: V,
}

impl<V: Vector> Consts<V> {
    #[inline(always)]
    unsafe fn new() -> Self {
        // SAFETY: the caller runs with V's features.
        unsafe {
            Consts {
                // Opaque to the compiler, which would otherwise split the one byte shuffle into
                // two word shuffles.
                swap: V::load(&std::hint::black_box(SWAP_PAIRS)),
                swap_quads: V::load(&std::hint::black_box(SWAP_QUADS)),
                hv: V::load(&HV_LANES),
                gather_hv: V::load(&GATHER_HV),
                gather_quads: V::load(&GATHER_QUADS),
                not_h: V::load(&NOT_H),
                not_v: V::load(&NOT_V),
                ones: V::load(&ONES),
                zeros: V::load(&ZEROS),
                valid: V::load(&VALID),
            }
        }
    }
}

/// The search state: per box, "may be 1" and "may be 0" (`repr(C)`: `n` right after `p`, so
/// that both are one array of 18 vectors, see [`State::get_sides`]).
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct State<V> {
    p: [V; 9],
    n: [V; 9],
}

impl<V: Copy> State<V> {
    /// Box `b`'s "may be 1" and "may be 0", without a bounds check.
    ///
    /// # Safety
    /// `b < 9`.
    #[inline(always)]
    unsafe fn get(&self, b: usize) -> (V, V) {
        debug_assert!(b < 9);
        // SAFETY: `b < 9` per the caller.
        unsafe { (*self.p.get_unchecked(b), *self.n.get_unchecked(b)) }
    }

    /// Box `b`'s vectors at offsets `x` and `y` (each 0 for "may be 1" or 9 for "may be 0") of
    /// the 18 vectors, without a bounds check.
    ///
    /// # Safety
    /// `b < 9`, `x <= 9`, `y <= 9`.
    #[inline(always)]
    unsafe fn get_sides(&self, b: usize, x: usize, y: usize) -> (V, V) {
        debug_assert!(b < 9 && x <= 9 && y <= 9);
        let v = std::ptr::from_ref(self).cast::<V>();
        // SAFETY: `repr(C)` lays out `p` then `n`, 18 vectors without padding; the indices are
        // below 18 per the caller.
        unsafe { (*v.add(x + b), *v.add(y + b)) }
    }

    /// Sets box `b`'s vectors at offsets `x` and `y` as in [`State::get_sides`].
    ///
    /// # Safety
    /// As [`State::get_sides`].
    #[inline(always)]
    unsafe fn put_sides(&mut self, b: usize, x: usize, y: usize, p: V, n: V) {
        debug_assert!(b < 9 && x <= 9 && y <= 9);
        let v = std::ptr::from_mut(self).cast::<V>();
        // SAFETY: as in `get_sides`.
        unsafe {
            *v.add(x + b) = p;
            *v.add(y + b) = n;
        }
    }

    /// Sets box `b`'s two vectors, without a bounds check.
    ///
    /// # Safety
    /// `b < 9`.
    #[inline(always)]
    unsafe fn put(&mut self, b: usize, p: V, n: V) {
        debug_assert!(b < 9);
        // SAFETY: `b < 9` per the caller.
        unsafe {
            *self.p.get_unchecked_mut(b) = p;
            *self.n.get_unchecked_mut(b) = n;
        }
    }
}

/// Rows of the box matrix, each "exactly one of four" as stored (rows 0-2: three cells and
/// their `h`; row 3: the three `w` and F): a member may be 1 only if all others may be 0, and
/// may be 0 only if some other may be 1.
#[inline(always)]
unsafe fn rows<V: Vector>(p: V, n: V, k: &Consts<V>) -> (V, V) {
    // SAFETY: the caller runs with V's features.
    unsafe {
        (
            p.and_with_others_in_quad(n, k.swap),
            n.and_with_any_other_in_quad(p, k.swap),
        )
    }
}

/// Columns of the box matrix: also "exactly one of four" once the `h` and `w` lanes are read
/// negated (columns 0-2: three cells and their `v` = not `w`; column 3: the three "mini-row
/// holds the digit" = not `h`, and F), and negating a variable swaps its two vectors: the
/// rule runs on `p` and `n` with those lanes swapped, and its results go back swapped.
#[inline(always)]
unsafe fn cols<V: Vector>(p: V, n: V, k: &Consts<V>) -> (V, V) {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let pc = p.blend_bytes(n, k.hv);
        let nc = n.blend_bytes(p, k.hv);
        let keep_pc = nc.and_other_quads_with(k.swap_quads);
        let keep_nc = pc.or_other_quads(k.swap_quads);
        (
            p.and(keep_pc.blend_bytes(keep_nc, k.hv)),
            n.and(keep_nc.blend_bytes(keep_pc, k.hv)),
        )
    }
}

/// Inside a lane: a cell holds exactly one digit (one of its nine `a` is 1, eight are 0); a
/// mini-row holds three digits, so six of its nine `h` are 1 and three are 0 (likewise `v`: three of its nine `w`).
/// When only that many may be 1 (or 0), they are; fewer is a contradiction. The constant F lane
/// asks nothing.
#[inline(always)]
unsafe fn counts<V: Vector>(p: V, n: V, k: &Consts<V>, bad: &mut V) -> (V, V) {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let (cp, cn) = (p.popcnt16(), n.popcnt16());
        *bad = bad.or3(k.ones.gt16(cp), k.zeros.gt16(cn));
        (
            p.andnot_and(cn.eq16(k.zeros), n),
            n.andnot_and(cp.eq16(k.ones), p),
        )
    }
}

/// The rules inside one box, once each; the count rule's contradictions go into `bad` (the
/// compiler drops that test where `bad` is not read after).
#[inline(always)]
unsafe fn box_rules<V: Vector>(p: &mut V, n: &mut V, k: &Consts<V>, bad: &mut V) {
    // SAFETY: the caller runs with V's features.
    unsafe {
        // Counts first: they see at once what the bands and stacks changed (measured a little
        // faster than rows, columns, counts).
        let (q, m) = counts(*p, *n, k, bad);
        let (q, m) = rows(q, m, k);
        let (q, m) = cols(q, m, k);
        *p = q;
        *n = m;
    }
}

/// All rules to a fixed point, starting from the boxes in `boxes` (not empty) and the bands and
/// stacks in `lines` (the only ones that may not be at a fixed point); false on a
/// contradiction.
#[inline(always)]
unsafe fn propagate<V: Vector>(
    s: &mut State<V>,
    k: &Consts<V>,
    mut boxes: u32,
    mut lines: u32,
) -> bool {
    // SAFETY: the caller runs with V's features.
    unsafe {
        debug_assert!(boxes != 0, "the boxes go first: some must be given");
        // The boxes go first: a branch's box settles more of its h (v) before its band (stack)
        // looks (measured 1-3% faster than the lines first); the lines wait a round.
        loop {
            let mut changed = 0;
            let mut todo = boxes;
            let mut bad = V::load(&[0; 16]);
            while todo != 0 {
                let b = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                // SAFETY: `boxes` holds box numbers, below 9.
                let (p, n) = s.get(b);
                let (mut q, mut m) = (p, n);
                // `BOX_PRE_RULES`, then the box rules, whose contradictions alone are looked
                // at (the counts only fall, so they see the earlier ones' too), and whose
                // changes alone say that the box is not yet at its own fixed point.
                match V::BOX_PRE_RULES {
                    PreRules::None => {}
                    PreRules::RowsCols => {
                        let (x, y) = rows(q, m, k);
                        (q, m) = cols(x, y, k);
                    }
                    PreRules::All => box_rules(&mut q, &mut m, k, &mut bad.clone()),
                }
                let (q1, m1) = (q, m);
                box_rules(&mut q, &mut m, k, &mut bad);
                // A variable that may be neither 0 nor 1 fails the node now, not after the
                // fixed point (checking once at the end, in the boxes the call changed, let
                // failing nodes propagate on: measured 2-8% slower on the hard sets).
                bad = bad.or(q.or(m).andnot(k.valid));
                // SAFETY: as above.
                s.put(b, q, m);
                // Changed by the last application: run again; changed in h (v) lanes at all:
                // its band (stack) too. (Shifts by the box's lines, not a table indexed by the
                // change: that load would sit between this pass and the next round's choice of
                // lines.)
                let diff = q.differing_bytes(p, m, n);
                changed |= u32::from(q.differing_bytes(q1, m, m1) != 0) << b;
                let hc = u32::from(diff & H_BYTES != 0);
                let vc = u32::from(diff & V_BYTES != 0);
                lines |= (hc << LINES_OF[b & 15][0]) | (vc << LINES_OF[b & 15][1]);
            }
            if !bad.is_zero() {
                return false;
            }
            boxes = changed;
            let mut todo = lines;
            lines = 0;
            while todo != 0 {
                let l = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                // (From a table: a select here compiles into an unpredictable branch.)
                let not = V::load(&NOT_LINE[l & 7]);
                // The boxes and sides by arithmetic, not from tables: a table load would sit
                // between the choice of the line and the loads of its boxes.
                // (Without a branch: whether the next line is a band or a stack is
                // unpredictable.)
                let stack = usize::from(l >= 3);
                let m = 0usize.wrapping_sub(stack);
                let a = (3 * l) & !m | l.wrapping_sub(3) & m;
                let step = 1 + 2 * stack;
                let (b, c) = (a + step, a + 2 * step);
                // A band's h: two of three, as the rule below says; a stack's w: one of three,
                // the same rule on the negated variables, so with "may be 1" and "may be 0"
                // swapped (`p`, `n` below are the stack's `n`, `p`).
                let (x, y) = (9 * stack, 9 - 9 * stack);
                // All three from the old values: one pass reaches this line's fixed point.
                // SAFETY: `l < 6`, so the boxes are below 9; the sides are 0 or 9.
                let ((pa, na), (pb, nb), (pc, nc)) = (
                    s.get_sides(a, x, y),
                    s.get_sides(b, x, y),
                    s.get_sides(c, x, y),
                );
                let (ka, kb, kc) = (nb.or3(nc, not), na.or3(nc, not), na.or3(nb, not));
                let (ja, jb, jc) = (pb.and_or(pc, not), pa.and_or(pc, not), pa.and_or(pb, not));
                let (qa, qb, qc) = (pa.and(ka), pb.and(kb), pc.and(kc));
                let (ma, mb, mc) = (na.and(ja), nb.and(jb), nc.and(jc));
                // Only the boxes that changed need their rules again (a branch's value 1 often
                // settles nothing in the other two boxes); a box changed unless what it keeps
                // covers what it had.
                let da = u32::from(!(ka.covers(pa) & ja.covers(na)));
                let db = u32::from(!(kb.covers(pb) & jb.covers(nb)));
                let dc = u32::from(!(kc.covers(pc) & jc.covers(nc)));
                // SAFETY: as above.
                s.put_sides(a, x, y, qa, ma);
                s.put_sides(b, x, y, qb, mb);
                s.put_sides(c, x, y, qc, mc);
                boxes |= (da << a) | (db << b) | (dc << c);
            }
            if boxes == 0 {
                // Every box a pass changed was checked by its box pass since.
                return true;
            }
        }
    }
}

/// A full sweep changing at most this many boxes hands over to the tracked sweeps.
const HANDOFF: u32 = 3;

/// One band or stack equation pass over boxes `a`, `b`, `c`.
#[inline(always)]
/// For a stack, `p` and `n` are the state's `n` and `p` (see `LINE_SIDES`).
unsafe fn line<V: Vector>(p: &mut [V; 9], n: &mut [V; 9], a: usize, b: usize, c: usize, not: V) {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let (pa, pb, pc) = (p[a], p[b], p[c]);
        let (na, nb, nc) = (n[a], n[b], n[c]);
        p[a] = pa.and(nb.or3(nc, not));
        p[b] = pb.and(na.or3(nc, not));
        p[c] = pc.and(na.or3(nb, not));
        n[a] = na.and(pb.and_or(pc, not));
        n[b] = nb.and(pa.and_or(pc, not));
        n[c] = nc.and(pa.and_or(pb, not));
    }
}

/// All rules to a fixed point by full sweeps: every band and stack, then every box, until a
/// sweep of the boxes changes nothing (the bands and stacks are then at their fixed point too:
/// one pass reaches it, and their inputs did not change). False on a contradiction. Used for
/// the propagation from the givens, where most boxes change in most sweeps: straight-line
/// sweeps beat the change tracking of [`propagate`] there (measured 12% faster on `17_clue`),
/// and lose to it after a branch, which touches one box. Once a sweep changes at most
/// [`HANDOFF`] boxes, the tracked sweeps finish the job (3-6% faster than sweeping on).
#[inline(always)]
unsafe fn propagate_full<V: Vector>(s: &mut State<V>, k: &Consts<V>) -> bool {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let mut bad = V::load(&[0; 16]);
        loop {
            for i in 0..3 {
                line(&mut s.p, &mut s.n, 3 * i, 3 * i + 1, 3 * i + 2, k.not_h);
            }
            for i in 0..3 {
                line(&mut s.n, &mut s.p, i, i + 3, i + 6, k.not_v);
            }
            let changed = sweep_boxes::<V, true>(s, k, &mut bad);
            if !bad.is_zero() {
                return false;
            }
            if changed == 0 {
                break;
            }
            if changed.count_ones() <= HANDOFF {
                // Few boxes still changing: the tracked sweeps take over, from those boxes and
                // their bands and stacks; the final check below covers the boxes they skip.
                let mut lines = 0;
                let mut m = changed;
                while m != 0 {
                    let [band, stack] = LINES_OF[m.trailing_zeros() as usize & 15];
                    lines |= 1 << band | 1 << stack;
                    m &= m - 1;
                }
                if !propagate(s, k, changed, lines) {
                    return false;
                }
                break;
            }
        }
        for b in 0..9 {
            bad = bad.or(s.p[b].or(s.n[b]).andnot(k.valid));
        }
        bad.is_zero()
    }
}

/// One pass of the box rules over every box (without the count rule unless `COUNTS`: the
/// first sweep, from the givens' planes, where it concludes nothing); the boxes it changed.
#[inline(always)]
unsafe fn sweep_boxes<V: Vector, const COUNTS: bool>(
    s: &mut State<V>,
    k: &Consts<V>,
    bad: &mut V,
) -> u32 {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let mut changed = 0u32;
        for b in 0..9 {
            let (p, n) = (s.p[b], s.n[b]);
            if COUNTS {
                box_rules(&mut s.p[b], &mut s.n[b], k, bad);
            } else {
                let (q, m) = rows(p, n, k);
                (s.p[b], s.n[b]) = cols(q, m, k);
            }
            changed |= u32::from(!s.p[b].xor(p).or(s.n[b].xor(n)).is_zero()) << b;
        }
        changed
    }
}

/// The branch variable `(box, lane, digit bit)`, or `None` when every `h` and `v` is decided;
/// once the search has stalled ([`STALL`]), [`stalled_choice`]'s cell variable comes first.
#[inline(always)]
unsafe fn choose<V: Vector>(
    s: &State<V>,
    k: &Consts<V>,
    stalled: bool,
) -> Option<(usize, usize, u16)> {
    // SAFETY: the caller runs with V's features.
    unsafe {
        // Per box, its undecided variables.
        // (A loop, not `array::from_fn`: closures do not inherit the caller's target features.)
        let mut u = [s.p[0]; 9];
        for b in 0..9 {
            u[b] = s.p[b].and(s.n[b]);
        }
        // A solution (every h and v decided) is told by one test: a counting search meets one
        // per solution.
        let any = u[0]
            .or3(u[1], u[2])
            .or3(u[3].or3(u[4], u[5]), u[6].or3(u[7], u[8]));
        if any.and(V::load(&HV_LANES)).is_zero() {
            return None;
        }
        if stalled && let Some(var) = stalled_choice(s) {
            return Some(var);
        }
        // Per box, its undecided h (`.0`: h0 h1 h2) and v (`.1`: v0 v1 v2) as 16-bit fields of
        // two words: one population count each per box (a byte shuffle within the halves, then
        // a 32-bit word permutation across them; was a shuffle only, h2 sharing a word with the
        // v, three counts and the masks and shifts that split that word).
        let mut und = [(0u64, 0u64); 9];
        for b in 0..9 {
            let q = u[b]
                .shuffle_bytes(k.gather_hv)
                .permute_words32(k.gather_quads)
                .quads();
            und[b] = (q[0], q[1]);
        }
        // Bands (their h) and stacks (their v).
        let mut best = (u32::MAX, 0usize);
        for i in 0..3 {
            let mut h = 0;
            let mut v = 0;
            for j in 0..3 {
                h += und[3 * i + j].0.count_ones();
                v += und[i + 3 * j].1.count_ones();
            }
            if h != 0 && h < best.0 {
                best = (h, i);
            }
            if v != 0 && v < best.0 {
                best = (v, 3 + i);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        // The line's nine variables as three words (one per box) of three 16-bit fields: a
        // band's h0 h1 h2, a stack's v0 v1 v2.
        let g = best.1;
        // (By arithmetic, not from a table: see the tracked line pass.)
        let (first, step) = if g < 3 { (3 * g, 1) } else { (g - 3, 3) };
        let boxes = [first, first + step, first + 2 * step];
        let mut w = [0u64; 3];
        for j in 0..3 {
            let (h, v) = und[boxes[j]];
            w[j] = if g < 3 { h } else { v };
        }
        // Per digit, the number of its undecided variables in bit planes (count = c0 + 2 c1 +
        // 4 c2 + 8 c3): a carry-save adder over the three words, then over the three fields.
        let (s1, k1) = (w[0] ^ w[1] ^ w[2], maj(w[0], w[1], w[2]));
        let (s2, k2) = (s1 ^ s1 >> 16 ^ s1 >> 32, maj(s1, s1 >> 16, s1 >> 32));
        let (s3, k3) = (k1 ^ k1 >> 16 ^ k1 >> 32, maj(k1, k1 >> 16, k1 >> 32));
        // count = s2 + 2 (k2 + s3) + 4 k3.
        let c0 = s2;
        let c1 = k2 ^ s3;
        let carry = k2 & s3;
        let c2 = carry ^ k3;
        let c3 = carry & k3;
        // The minimum over the nonzero counts, plane by plane from the top: keep the digits
        // without the plane's bit whenever there are any.
        let mut fewest = (c0 | c1 | c2 | c3) & u64::from(ALL9);
        for plane in [c3, c2, c1, c0] {
            let without = fewest & !plane;
            if without != 0 {
                fewest = without;
            }
        }
        let bit = 1u16 << fewest.trailing_zeros();
        // The first of the line's variables with that digit, box by box (no branches: which
        // box is unpredictable).
        let mask = u64::from(bit) * 0x0001_0001_0001;
        let j = usize::from(w[0] & mask == 0) + usize::from((w[0] | w[1]) & mask == 0);
        let y = (w[j] & mask).trailing_zeros() as usize / 16;
        let lane = if g < 3 { 4 * y + 3 } else { 12 + y };
        Some((boxes[j], lane, bit))
    }
}

/// A state's cells in `simdoku_core::stall`'s form: per digit the cells that may hold it, and
/// the cells not yet decided.
fn stall_fields<V: Vector>(s: &State<V>) -> ([u128; 9], u128) {
    const { assert!(size_of::<V>() == size_of::<[u16; 16]>()) };
    let (mut fields, mut unsolved) = ([0u128; 9], 0u128);
    for b in 0..9 {
        // SAFETY: `V` is a plain vector of 16 lanes of 16 bits (its size checked above), and
        // every bit pattern is a valid `[u16; 16]`; read from memory, so no instruction of V's
        // features runs here.
        let lanes: [u16; 16] = unsafe { std::mem::transmute_copy(&s.p[b]) };
        for (lane, &p) in lanes.iter().enumerate() {
            if is_cell(lane) {
                let p = p & ALL9;
                let cell = 9 * (3 * (b / 3) + lane / 4) + 3 * (b % 3) + lane % 4;
                unsolved |= u128::from(p.count_ones() > 1) << cell;
                for (d, f) in fields.iter_mut().enumerate() {
                    *f |= u128::from(p >> d & 1) << cell;
                }
            }
        }
    }
    (fields, unsolved)
}

/// Whether a stalled search's node is a dead end: a row, column or box that cannot take its
/// missing digits ([`stall::dead_end`]). Three cells of a row left with the same two digits
/// (each digit keeping places elsewhere in the row), or four digits of a box left with three
/// cells in different rows and columns, is a contradiction no line's count shows, so the
/// search over lines fills the open rest of a sparse grid first (1.7M and 2.0M guesses on such
/// grids with no solution).
#[inline(never)]
#[cold]
fn stalled_dead_end<V: Vector>(s: &State<V>) -> bool {
    let (fields, unsolved) = stall_fields(s);
    stall::dead_end(&fields, unsolved, &UNITS)
}

/// The branch of a stalled search, as a cell's variable: a cell with two digits left (its
/// first digit), else a digit with two places left in a row, column or box (its first place):
/// the views the lines' choice leaves out; `None` without either.
#[inline(never)]
#[cold]
fn stalled_choice<V: Vector>(s: &State<V>) -> Option<(usize, usize, u16)> {
    let (fields, unsolved) = stall_fields(s);
    let (cell, d) = match stall::cell_pairs(&fields, unsolved) {
        0 => {
            let (d, places) = stall::place_pair(&fields, unsolved, &UNITS)?;
            (places.trailing_zeros() as usize, d)
        }
        cells => {
            let c = cells.trailing_zeros() as usize;
            (c, (0..9).find(|&d| fields[d] >> c & 1 != 0)?)
        }
    };
    let (row, col) = (cell / 9, cell % 9);
    Some((3 * (row / 3) + col / 3, 4 * (row % 3) + col % 3, 1 << d))
}

/// Per bit, whether at least two of `a`, `b`, `c` have it.
#[inline(always)]
fn maj(a: u64, b: u64, c: u64) -> u64 {
    (a & b) | (c & (a ^ b))
}

/// Where solutions go: the core [`engine::Sink`] over grids (a [`Tally`] or a [`Visitor`]).
pub(crate) trait Sink: engine::Sink<Grid> {
    /// Whether `found` wants the grid.
    const GRID: bool = !Self::COUNTS_ONLY;
    /// Which value of a branch variable is tried first. Measured: 0 first finds a first solution
    /// sooner on the hard sets; 1 first finds a second solution sooner (counting to 2 on
    /// puzzles with several is about 10% faster), and does no harm to counting unique ones.
    const ONE_FIRST: bool = Self::COUNTS_ONLY;
}

impl<T: engine::Sink<Grid>> Sink for T {}

/// The bytes `GATHER_CELLS` picks (per 128-bit half) from the 32 cells from a box's top-left
/// one, for each lane of the box matrix: a cell lane asks, in both its bytes, for its cell (rows
/// 0 and 1 of the box in the low half at 0 and 9, row 2 in the high half at 18 - 16); the other
/// lanes ask for nothing, which reads as an empty cell: all nine digits, their initial value.
const GATHER_CELLS: [u8; 32] = {
    let mut t = [0x80u8; 32];
    let mut l = 0;
    while l < 16 {
        if is_cell(l) {
            let (y, x) = (l / 4, l % 4);
            let at = [x, 9 + x, 2 + x][y] as u8;
            t[2 * l] = at;
            t[2 * l + 1] = at;
        }
        l += 1;
    }
    t
};
/// By digit (0 empty): the low byte of its "may be 1" bits (all for 0, bits 0-7 for 1-8) and
/// the high byte (bit 8: 0 and 9), as byte-shuffle tables.
const DIGIT_LOW: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut d = 0;
    while d < 32 {
        t[d] = match d % 16 {
            0 => 0xFF,
            k @ 1..=8 => 1 << (k - 1),
            _ => 0,
        };
        d += 1;
    }
    t
};
const DIGIT_HIGH: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut d = 0;
    while d < 32 {
        t[d] = (d % 16 == 0 || d % 16 == 9) as u8;
        d += 1;
    }
    t
};
/// The high byte of every lane, as a byte blend mask (whole bytes: see `Vector::blend_bytes`).
const HIGH_BYTES: [u16; 16] = [0xFF00; 16];

/// The cell lanes.
const CELL_LANES: [u16; 16] = lanes!(|l| if is_cell(l) { 0xFFFF } else { 0 });

/// The givens into `s`: each box's cell lanes get their digit's bit, or all nine for an empty
/// cell, and a given cell's other digits are 0; then what the givens say at once: an empty
/// cell loses the digits given in its row, column and box; a mini-row (mini-column) holds the
/// digits given in it (`h` 0, `w` 1) and not those given elsewhere in its row (column) or box.
#[inline(always)]
unsafe fn givens<V: Vector>(s: &mut State<V>, grid: &Grid, k: &Consts<V>) -> [V; 9] {
    // Padded so that the 32 bytes from any box's top-left cell (at most 60) are readable.
    let mut cells = [0u8; 96];
    cells[..81].copy_from_slice(grid.cells());
    // SAFETY: the caller runs with V's features.
    unsafe {
        let gather = V::load_bytes(GATHER_CELLS.as_ptr());
        let low = V::load_bytes(DIGIT_LOW.as_ptr());
        let high = V::load_bytes(DIGIT_HIGH.as_ptr());
        let high_bytes = V::load(&HIGH_BYTES);
        let init_p = V::load(&INIT_P);
        let valid = k.valid;
        let cell_lanes = V::load(&CELL_LANES);
        // Per box: the digits given in each mini-row (in every lane of its quad), in each
        // mini-column (in every lane of its lane column), and in the box (every lane).
        let zero = V::load(&[0; 16]);
        let mut rm = [zero; 9];
        let mut cm = [zero; 9];
        let mut bm = [zero; 9];
        let mut open = [zero; 9];
        for b in 0..9 {
            let at = 27 * (b / 3) + 3 * (b % 3);
            // SAFETY: `at + 32 <= 60 + 32 <= 96`, inside `cells`.
            let window = V::load_bytes(cells.as_ptr().add(at));
            // Cells hold 0..=9, so the shuffles see only their own index bits.
            let digits = window.shuffle_bytes(gather);
            let p = low
                .shuffle_bytes(digits)
                .blend_bytes(high.shuffle_bytes(digits), high_bytes)
                .and(init_p);
            // The lanes holding all nine (empty cells, h, w), and the givens' bits.
            let all = p.eq16(valid);
            let g = all.andnot(p);
            // A given is not 0, the other digits of its cell are.
            s.put(b, p, g.xor(valid));
            let r = g.or(g.or_others_in_quad(k.swap));
            rm[b] = r;
            cm[b] = g.or(g.or_other_quads(k.swap_quads));
            bm[b] = r.or(r.or_other_quads(k.swap_quads));
            open[b] = all.and(cell_lanes);
        }
        for b in 0..9 {
            let (band, stack) = (3 * (b / 3), b % 3);
            let row = rm[band].or3(rm[band + 1], rm[band + 2]);
            let col = cm[stack].or3(cm[stack + 3], cm[stack + 6]);
            let (p, n) = s.get(b);
            // h lanes: 0 where given in the mini-row, 1 where given elsewhere in the row or
            // box; w lanes: 1 where given in the mini-column, 0 where given elsewhere in the
            // column or box (the lane masks: `not_h` is 0 on the h lanes, `not_v` on the w).
            // (`x.andnot(y)` is `!x & y`.)
            let clear_p = row
                .or3(col, bm[b])
                .and(open[b])
                .or(k.not_h.andnot(rm[b]))
                .or(k.not_v.andnot(cm[b].andnot(col.or(bm[b]))));
            let clear_n = k
                .not_h
                .andnot(rm[b].andnot(row.or(bm[b])))
                .or(k.not_v.andnot(cm[b]));
            s.put(b, clear_p.andnot(p), clear_n.andnot(n));
        }
        open
    }
}

/// Per box lane row `y` of box `b` (27 of them, in grid order): where its three digits lie in
/// the packed bytes of [`grid_of`], and where they go in the grid.
const ROWS_OUT: [(u8, u8); 27] = {
    let mut t = [(0u8, 0u8); 27];
    let mut r = 0;
    while r < 9 {
        let mut j = 0;
        while j < 3 {
            let b = 3 * (r / 3) + j;
            let y = r % 3;
            let from = 32 * (b / 2) + 8 * (b % 2) + [0, 4, 16][y];
            t[3 * r + j] = (from as u8, (9 * r + 3 * j) as u8);
            j += 1;
        }
        r += 1;
    }
    t
};

/// The grid of a solved state (a cell lane without exactly one digit bit reads 0).
#[inline(always)]
unsafe fn grid_of<V: Vector>(s: &State<V>) -> Grid {
    // Per pair of boxes, their digits as bytes (see `pack_bytes`; box 9 is nothing).
    let mut packed = [0u8; 160];
    // Four bytes are copied per row of a box, the fourth overwritten by the next row's (or
    // the padding).
    let mut cells = [0u8; 84];
    // SAFETY: the caller runs with V's features.
    unsafe {
        for k in 0..5 {
            let a = s.p[2 * k].digit_of_bit();
            let b = if 2 * k + 1 < 9 {
                s.p[2 * k + 1].digit_of_bit()
            } else {
                a
            };
            // SAFETY: `32 * k + 32 <= 160`.
            a.pack_bytes(b).store_bytes(packed.as_mut_ptr().add(32 * k));
        }
    }
    for &(from, to) in &ROWS_OUT {
        let (from, to) = (usize::from(from), usize::from(to));
        cells[to..to + 4].copy_from_slice(&packed[from..from + 4]);
    }
    let mut out = [0u8; 81];
    out.copy_from_slice(&cells[..81]);
    Grid::from_cells(out).expect("digits are 1..=9")
}

/// The grid of the cells a state has decided (one digit left; the givens among them), the
/// others empty.
#[inline(always)]
unsafe fn decided<V: Vector>(s: &State<V>) -> Grid {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let one = V::splat16(1);
        let mut t = *s;
        for b in 0..9 {
            let p = s.p[b];
            t.p[b] = p.and(p.popcnt16().eq16(one));
        }
        grid_of(&t)
    }
}

/// Per box, a value per lane that no solution's lane pair can take (bit 15, the box and the
/// lane): it stands for the pairs of cells that cannot be swapped.
const UNIQUE_LANES: [[u16; 16]; 9] = {
    let mut t = [[0u16; 16]; 9];
    let mut b = 0;
    while b < 9 {
        let mut l = 0;
        while l < 16 {
            t[b][l] = 0x8000 | (b as u16) << 4 | l as u16;
            l += 1;
        }
        b += 1;
    }
    t
};
/// The lanes of quad 2, and lane 2 of every quad.
const QUAD2: [u16; 16] = lanes!(|l| if l / 4 == 2 { 0xFFFF } else { 0 });
const LANE2: [u16; 16] = lanes!(|l| if l % 4 == 2 { 0xFFFF } else { 0 });

/// Whether the solution in `s` (every cell decided) has a second one beside it: two rows of a
/// band (or two columns of a stack) whose cells in two columns (rows) hold the same two digits
/// crosswise, none of the four given. Swapping the two digits in those four cells keeps every
/// row, column and box, so it is another solution of the puzzle.
///
/// Per box, each pair of its mini-rows gives, per column, the OR of the two cells' digit bits
/// (quad 0: mini-rows 0 and 1, quad 1: 1 and 2, quad 2: 0 and 2); a pair with a given cell,
/// and every lane that is not a column, gets a value of its own. Two equal values in the same
/// quad of a band's boxes are such a rectangle; likewise per pair of mini-columns (lane 0:
/// columns 0 and 1, lane 1: 1 and 2, lane 2: 0 and 2) down a stack.
#[inline(always)]
unsafe fn swappable<V: Vector>(s: &State<V>, opens: &[V; 9]) -> bool {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let zero = V::load(&[0; 16]);
        let quad2 = V::load(&QUAD2);
        let lane2 = V::load(&LANE2);
        let mut rows = [zero; 9];
        let mut cols = [zero; 9];
        for b in 0..9 {
            // Empty cells: all ones; given cells and the other lanes: zero.
            let open = opens[b];
            let p = s.p[b];
            let unique = V::load(&UNIQUE_LANES[b]);
            let r2 = p.or(p.rot_quad2());
            let pairs = p.or(p.rot_quad1()).blend_bytes(r2, quad2);
            let free = open
                .and(open.rot_quad1())
                .blend_bytes(open.and(open.rot_quad2()), quad2);
            rows[b] = pairs.and(free).or(free.andnot(unique));
            let c2 = p.or(p.rot_lane2());
            let pairs = p.or(p.rot_lane1()).blend_bytes(c2, lane2);
            let free = open
                .and(open.rot_lane1())
                .blend_bytes(open.and(open.rot_lane2()), lane2);
            cols[b] = pairs.and(free).or(free.andnot(unique));
        }
        let mut hit = zero;
        for i in 0..3 {
            // A band's boxes: the same quad, any lanes (rotations within the quads).
            let w = [rows[3 * i], rows[3 * i + 1], rows[3 * i + 2]];
            for j in 0..3 {
                let x = w[j];
                hit = hit.or3(x.eq16(x.rot_lane1()), x.eq16(x.rot_lane2()));
                for y in &w[j + 1..] {
                    let y = *y;
                    hit = hit.or3(x.eq16(y), x.eq16(y.rot_lane1()));
                    hit = hit.or3(x.eq16(y.rot_lane2()), x.eq16(y.rot_lane3()));
                }
            }
            // A stack's boxes: the same lane, any quads.
            let w = [cols[i], cols[i + 3], cols[i + 6]];
            for j in 0..3 {
                let x = w[j];
                hit = hit.or3(x.eq16(x.rot_quad1()), x.eq16(x.rot_quad2()));
                for y in &w[j + 1..] {
                    let y = *y;
                    hit = hit.or3(x.eq16(y), x.eq16(y.rot_quad1()));
                    hit = hit.or3(x.eq16(y.rot_quad2()), x.eq16(y.rot_quad3()));
                }
            }
        }
        !hit.is_zero()
    }
}

/// Per lane, the mask of that lane alone.
const ONE_LANE: [[u16; 16]; 16] = {
    let mut t = [[0u16; 16]; 16];
    let mut l = 0;
    while l < 16 {
        t[l][l] = 0xFFFF;
        l += 1;
    }
    t
};

/// A single-bit vector: `bit` in lane `lane` (from a table and a broadcast: building it in
/// memory and loading it stalls on store forwarding).
#[inline(always)]
unsafe fn one_bit<V: Vector>(lane: usize, bit: u16) -> V {
    // SAFETY: the caller runs with V's features.
    unsafe { V::load(&ONE_LANE[lane & 15]).and(V::splat16(bit)) }
}

/// The whole search; returns the number of guesses, or, when it would make more than
/// `budget`, a grid to search afresh (see `count_within` in [`dpll_engine`]).
#[inline(always)]
pub(crate) unsafe fn search<V: Vector, S: Sink, const TWO: bool>(
    stack: &mut Vec<(State<V>, u8, u8)>,
    grid: &Grid,
    sink: &mut S,
    budget: u64,
) -> Result<u64, Grid> {
    // SAFETY: the caller runs with V's features.
    unsafe {
        let k = Consts::<V>::new();
        // One slot per depth, filled once per engine (the capacity is reserved at construction).
        // Slot `d` is the state at depth `d`; the slots below it hold the other values of the
        // branches on the way, each with its box and line. A branch copies the state one slot
        // up and goes on there, so backtracking copies nothing.
        if stack.len() < MAX_DEPTH {
            let s = State {
                p: [V::load(&INIT_P); 9],
                n: [V::load(&INIT_N); 9],
            };
            stack.resize(MAX_DEPTH, (s, 0, 0));
        }
        // The givens, straight into slot 0.
        let opens = givens(&mut stack[0].0, grid, &k);
        let states = &mut stack[..];
        let mut d = 0;
        let mut guesses = 0;
        let consistent = propagate_full(&mut states[0].0, &k);
        let (mut boxes, mut lines) = (0, 0);
        let mut first = true;
        // Whether a branch has failed yet (see the count to two below).
        let mut failed = false;
        // Whether the sink has had a solution, and the guess count at the last one.
        let mut found = false;
        let mut found_at = 0;
        // Whether a cell's digit has been branched on (only once stalled).
        let mut cell_branch = false;
        loop {
            let stalled = guesses - found_at > STALL;
            let consistent = if first {
                first = false;
                consistent
            } else {
                propagate(&mut states[d].0, &k, boxes, lines)
            } && !(stalled && stalled_dead_end(&states[d].0));
            failed |= !consistent;
            if consistent {
                match choose(&states[d].0, &k, stalled) {
                    None => {
                        let g = if S::GRID {
                            grid_of(&states[d].0)
                        } else {
                            Grid::EMPTY
                        };
                        found = true;
                        found_at = guesses;
                        if sink.found(&g).is_break() {
                            return Ok(guesses);
                        }
                        // Counting to two, at the first solution: while branches are open
                        // (otherwise the search ends here anyway), a swap of two digits in
                        // four free cells is the second solution. Looked for only when no
                        // branch has failed yet: puzzles with many solutions rarely meet a
                        // contradiction on the way to the first one, unique ones often do
                        // (the look costs about 1,000 instructions).
                        if TWO && d > 0 && !failed && swappable(&states[d].0, &opens) {
                            let _ = sink.found(&g);
                            return Ok(guesses);
                        }
                    }
                    Some((b, lane, bit)) => {
                        if guesses == budget {
                            // Slot 0 holds the root's propagation, or, once its first branch
                            // failed whole, its other branch's: while no solution has been
                            // found, every solution keeps the cells it has decided (unless
                            // the root's branch variable was a cell's, whose other value
                            // decides that cell before its first value failed).
                            return Err(if found || cell_branch {
                                *grid
                            } else {
                                decided(&states[0].0)
                            });
                        }
                        guesses += 1;
                        cell_branch |= is_cell(lane);
                        let x = one_bit::<V>(lane, bit);
                        // Only the band (an h) or the stack (a v) of the variable is touched
                        // (a cell's variable: its box, whose pass marks the lines it changes;
                        // the stack is swept too, needlessly but harmlessly).
                        let line = 1u8 << LINES_OF[b & 15][usize::from(lane % 4 != 3)];
                        let (below, above) = states.split_at_mut(d + 1);
                        let (alt, next) = (&mut below[d], &mut above[0].0);
                        copy_state(next, &alt.0);
                        (alt.1, alt.2) = (b as u8, line);
                        let alt = &mut alt.0;
                        // The value tried first: a `w` lane holds the negated `v`, so its order
                        // is flipped (without a branch: which one is unpredictable).
                        let one_first = S::ONE_FIRST != (lane >= 12);
                        let m = V::splat16(0u16.wrapping_sub(u16::from(one_first)));
                        let (x1, x0) = (x.and(m), m.andnot(x));
                        alt.p[b] = x1.andnot(alt.p[b]);
                        next.n[b] = x1.andnot(next.n[b]);
                        alt.n[b] = x0.andnot(alt.n[b]);
                        next.p[b] = x0.andnot(next.p[b]);
                        d += 1;
                        (boxes, lines) = (1 << b, u32::from(line));
                        continue;
                    }
                }
            }
            if d == 0 {
                return Ok(guesses);
            }
            d -= 1;
            (boxes, lines) = (1 << states[d].1, u32::from(states[d].2));
        }
    }
}

/// `*dst = *src`, vector by vector (a plain copy of the 576 bytes becomes a `memcpy` call,
/// which costs more than the copy itself here).
#[inline(always)]
fn copy_state<V: Vector>(dst: &mut State<V>, src: &State<V>) {
    for b in 0..9 {
        // SAFETY: both pointers come from live references to initialised, aligned values;
        // volatile only keeps the compiler from merging the stores into a `memcpy` call.
        unsafe {
            std::ptr::write_volatile(&raw mut dst.p[b], src.p[b]);
            std::ptr::write_volatile(&raw mut dst.n[b], src.n[b]);
        }
    }
}

/// The deepest a search goes: one level per `h` and `v` variable, at most. (A stalled search's
/// branch on a cell's digit decides an `h` or `v` in either value too: the cell, or the other
/// place of a digit with two, gets a digit whose mini-row and mini-column were not both
/// decided, or propagation would have placed it already.)
pub(crate) const MAX_DEPTH: usize = 2 * 81 + 2;

/// Defines the engine `$name` over the instantiation `$vec`, in the engine's module, whose
/// `features!` declared `FEATURES`, `detected` and the attribute macro `$with`: the type, its
/// safe constructor (the CPU check), the search compiled with those features, and the
/// [`Engine`] implementation.
macro_rules! dpll_engine {
    ($(#[$doc:meta])* $name:ident, $vec:ty, $label:literal, $with:ident) => {
        $(#[$doc])*
        pub struct $name {
            stack: Vec<($crate::dpll::State<$vec>, u8, u8)>,
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        impl $name {
            /// The engine, or `None` when this CPU lacks one of [`FEATURES`].
            pub fn new() -> Option<$name> {
                if detected() {
                    Some($name { stack: Vec::with_capacity($crate::dpll::MAX_DEPTH) })
                } else {
                    None
                }
            }

            #[inline]
            fn run<S: $crate::dpll::Sink, const TWO: bool>(
                &mut self,
                grid: &::simdoku_core::Grid,
                sink: &mut S,
                budget: u64,
            ) -> Result<u64, ::simdoku_core::Grid> {
                // SAFETY: a value of this type exists only where `new` found the features.
                unsafe { search::<S, TWO>(&mut self.stack, grid, sink, budget) }
            }

            /// [`count`](::simdoku_core::Engine::count), or, as soon as the search needs
            /// more than `budget` guesses, `Err` with a grid of the same solutions to search
            /// afresh (for handing hard puzzles to another engine): `grid` with the cells the
            /// search had decided for every solution, or `grid` itself once it has found one.
            pub fn count_within(
                &mut self,
                grid: &::simdoku_core::Grid,
                limit: u64,
                budget: u64,
            ) -> Result<::simdoku_core::Search, ::simdoku_core::Grid> {
                if limit == 0 {
                    return Ok(::simdoku_core::Search::default());
                }
                let mut c = ::simdoku_core::Tally::new(limit);
                // Counting to two: the tally's first solution is the one `TWO` may double.
                let guesses = if limit == 2 {
                    self.run::<_, true>(grid, &mut c, budget)
                } else {
                    self.run::<_, false>(grid, &mut c, budget)
                }?;
                Ok(::simdoku_core::Search {
                    solutions: c.solutions,
                    guesses,
                })
            }

            /// [`solve`](::simdoku_core::Engine::solve), or, as soon as the search needs more
            /// than `budget` guesses, `Err` with a grid of the same solutions to search afresh
            /// (as [`count_within`](Self::count_within)).
            pub fn solve_within(
                &mut self,
                grid: &::simdoku_core::Grid,
                budget: u64,
            ) -> Result<(Option<::simdoku_core::Grid>, ::simdoku_core::Search), ::simdoku_core::Grid> {
                let mut found = None;
                let mut first = |s: &::simdoku_core::Grid| {
                    found = Some(*s);
                    ::std::ops::ControlFlow::Break(())
                };
                let mut v = ::simdoku_core::engine::Visitor::new(&mut first);
                let guesses = self.run::<_, false>(grid, &mut v, budget)?;
                let solutions = v.n;
                Ok((found, ::simdoku_core::Search { solutions, guesses }))
            }
        }

        $with! {
            unsafe fn search<S: $crate::dpll::Sink, const TWO: bool>(
                stack: &mut Vec<($crate::dpll::State<$vec>, u8, u8)>,
                grid: &::simdoku_core::Grid,
                sink: &mut S,
                budget: u64,
            ) -> Result<u64, ::simdoku_core::Grid> {
                // SAFETY: this function runs with the features `$vec` needs.
                unsafe { $crate::dpll::search::<$vec, S, TWO>(stack, grid, sink, budget) }
            }
        }

        impl ::simdoku_core::Engine for $name {
            fn name(&self) -> &'static str {
                $label
            }

            fn count(
                &mut self,
                grid: &::simdoku_core::Grid,
                limit: u64,
            ) -> ::simdoku_core::Search {
                self.count_within(grid, limit, u64::MAX)
                    .expect("no search makes u64::MAX guesses")
            }

            fn visit(
                &mut self,
                grid: &::simdoku_core::Grid,
                visitor: &mut dyn FnMut(&::simdoku_core::Grid) -> ::std::ops::ControlFlow<()>,
            ) -> ::simdoku_core::Search {
                let mut v = ::simdoku_core::engine::Visitor::new(visitor);
                let guesses = self
                    .run::<_, false>(grid, &mut v, u64::MAX)
                    .expect("no search makes u64::MAX guesses");
                ::simdoku_core::Search { solutions: v.n, guesses }
            }
        }
    };
}
pub(crate) use dpll_engine;
