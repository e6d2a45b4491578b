//! The `bands` engine: Sudoku as an exact cover of digit placements built from band patterns.
//!
//! One digit's placement inside a band (three rows) is a *band pattern*: one cell in each of the
//! band's rows and boxes. There are 162 of them ([`tables`]); a full placement of a digit is three
//! patterns, one per band, with pairwise disjoint columns (46,656 in all), and a solution is nine
//! placements that share no cell.
//!
//! The state is the per-digit candidate fields shared with `scalar` (the `candidates` module).
//! Propagation runs to a fixed point: naked singles; then every unplaced digit whose field
//! changed is *fitted*: in each band, the patterns lying wholly inside its candidate cells are
//! found by table lookups (one 27-bit word of column choices per box order); the column choices
//! that extend to a full placement with the other two bands are kept, which gives the exact
//! number of the digit's full placements, the union of their cells and the cells common to all.
//! A digit with no placement is a contradiction; a candidate cell outside every placement is
//! removed (every single-digit inference, fish included, in one step); a cell in every placement
//! is placed (so every hidden single is). Digits are fitted most constrained first (the order of
//! the parent node), so that a dead end is found after as few fits as possible.
//!
//! Then the digit with the fewest placements is chosen and each of its placements is tried in
//! turn (one guess each): the nine cells go to the digit and leave every other digit's field, so
//! each remaining digit's pattern sets narrow to the patterns disjoint from the ones placed (the
//! [`tables::DISJOINT`] relation, applied through the cells). On a grid still wide open (every
//! digit with dozens of placements) a cell of two to four candidates is tried instead: the
//! digit fits see nothing of a group of cells short of digits (three cells of a row left with
//! the same two), which a whole-digit search otherwise meets only after placing digit after
//! digit: 1.5 million guesses on a grid of nine givens with no solution, six this way. A stalled
//! search ([`crate::stall`]: restarted once from the root if it has no solution yet) prunes a
//! node where a unit cannot take its missing digits, and takes a cell of two candidates, else a
//! digit with two places left in a unit, before anything else.
//!
//! No allocation: the state (160 bytes) is copied at each branch, the fit lives on the stack, the
//! tables are `const`.

pub mod tables;

use std::ops::ControlFlow;

use crate::candidates::{self, Candidates, Searcher, Sink};
use crate::engine::{Engine, Search};
use crate::grid::Grid;
use crate::stall::{Next, Stall};
use crate::tables::{Cells, PEERS};
use tables::{
    BAND, BOX_ORDERS, CHOICE_COMPATIBLE, FOLDED_OFFSETS, ORDERS_AT, PATTERNS, PatternSet,
    ROW_CHOICES, reverse27,
};

/// The band-pattern exact-cover engine.
#[derive(Debug, Default, Clone)]
pub struct Bands {
    guesses: u64,
    /// Where the search stands against [`STALL`](crate::engine::STALL) (see [`crate::stall`]).
    stall: Stall,
}

impl Bands {
    /// The engine (it keeps no state between puzzles; the same as `Bands::default()`).
    pub fn new() -> Bands {
        Bands::default()
    }
}

/// The 27 cells of band `b` in a cell field.
#[inline(always)]
fn band_cells(field: u128, b: usize) -> u32 {
    (field >> (27 * b)) as u32 & BAND
}

/// The patterns lying wholly inside a band's candidate cells `m` (27 bits).
#[inline(always)]
pub(crate) fn band_patterns(m: u32) -> PatternSet {
    let a = [
        &ROW_CHOICES[(m & 0x1FF) as usize],
        &ROW_CHOICES[(m >> 9 & 0x1FF) as usize],
        &ROW_CHOICES[(m >> 18) as usize],
    ];
    let mut w = [0u32; 6];
    for (s, o) in BOX_ORDERS.iter().enumerate() {
        w[s] = a[0][o[0]] & a[1][o[1]] & a[2][o[2]];
    }
    w
}

/// How many box orders hold each column choice, as three bit planes (counts 0..=6).
#[inline(always)]
fn planes(w: &PatternSet) -> [u32; 3] {
    let (s1, c1) = (w[0] ^ w[1] ^ w[2], (w[0] & w[1]) | (w[2] & (w[0] ^ w[1])));
    let (s2, c2) = (w[3] ^ w[4] ^ w[5], (w[3] & w[4]) | (w[5] & (w[3] ^ w[4])));
    let c0 = s1 & s2;
    [s1 ^ s2, c1 ^ c2 ^ c0, (c1 & c2) | (c0 & (c1 ^ c2))]
}

#[inline(always)]
fn plane_count(p: &[u32; 3], k: usize) -> u32 {
    (p[0] >> k & 1) | (p[1] >> k & 1) << 1 | (p[2] >> k & 1) << 2
}

/// The box orders (6 bits) whose word holds column choice `k`.
#[inline(always)]
fn orders_with(w: &PatternSet, k: usize) -> u32 {
    let mut m = 0;
    for (s, &x) in w.iter().enumerate() {
        m |= (x >> k & 1) << s;
    }
    m
}

/// A node branches on a cell of two, three or four candidates (the fewest any cell has), not on
/// a digit, when every digit has more full placements than this (by the cell's candidates).
const OPEN: [u64; 3] = [20, 30, 40];

/// What a node branches on.
#[derive(Clone, Copy, Debug)]
enum Branch {
    /// Each full placement of this digit.
    Digit(usize),
    /// Each candidate of this cell.
    Cell(usize),
    /// The two places left to a digit in a unit: `(digit, cells)`.
    Places(usize, u128),
}

/// One digit fitted to its candidate cells.
#[derive(Clone, Copy, Debug)]
struct Fit {
    /// Per band, the patterns inside the digit's candidates.
    w: [PatternSet; 3],
    /// Per band, the column choices that extend to a full placement.
    valid: [u32; 3],
    /// The number of full placements.
    count: u32,
}

impl Fit {
    #[inline(always)]
    fn new(field: u128) -> Fit {
        let w = [
            band_patterns(band_cells(field, 0)),
            band_patterns(band_cells(field, 1)),
            band_patterns(band_cells(field, 2)),
        ];
        let u = w.map(|w| w[0] | w[1] | w[2] | w[3] | w[4] | w[5]);
        let mut valid = [0u32; 3];
        let mut count = 0;
        if u[0] != 0 && u[1] != 0 && u[2] != 0 {
            // Band 2's choices reversed: `k2 = 39 - k0 - k1` is bit `k1 + k0 - 13` of `r2`, so
            // for a given `k0` the second-band choices completed by band 2 are one shift away.
            let r2 = (reverse27(u[2]) as u64) << 13;
            let n = [planes(&w[0]), planes(&w[1]), planes(&w[2])];
            let mut rev_valid2 = 0u64;
            let mut x0 = u[0];
            while x0 != 0 {
                let k0 = x0.trailing_zeros() as usize;
                x0 &= x0 - 1;
                let pairs = u[1] & CHOICE_COMPATIBLE[k0] & (r2 >> k0) as u32;
                if pairs == 0 {
                    continue;
                }
                valid[0] |= 1 << k0;
                valid[1] |= pairs;
                rev_valid2 |= (pairs as u64) << k0;
                let n0 = plane_count(&n[0], k0);
                let mut x1 = pairs;
                while x1 != 0 {
                    let k1 = x1.trailing_zeros() as usize;
                    x1 &= x1 - 1;
                    count += n0 * plane_count(&n[1], k1) * plane_count(&n[2], 39 - k0 - k1);
                }
            }
            valid[2] = reverse27((rev_valid2 >> 13) as u32);
        }
        Fit { w, valid, count }
    }

    /// The cells of some full placement and the cells of every full placement (81-bit
    /// fields). The first is the union of the patterns whose column choice extends to a full
    /// placement (few, once the digit is constrained); the second, the cells alone in their
    /// row of the first (every placement has a cell in each row).
    #[inline(always)]
    fn cover(&self) -> (u128, u128) {
        let (mut some, mut every) = (0u128, 0u128);
        for b in 0..3 {
            let x = self.w[b].map(|w| w & self.valid[b]);
            let mut cells = 0u32;
            for (row, at) in ORDERS_AT.iter().enumerate() {
                // The row's cells in stack j: the stack-j offsets of the choices of the two box
                // orders that put the row there.
                let y0 = x[at[0][0]] | x[at[0][1]];
                let o0 = (y0 & 0x1FF != 0) as u32
                    | ((y0 >> 9 & 0x1FF != 0) as u32) << 1
                    | ((y0 >> 18 != 0) as u32) << 2;
                let y1 = x[at[1][0]] | x[at[1][1]];
                let o1 = FOLDED_OFFSETS[((y1 | y1 >> 9 | y1 >> 18) & 0x1FF) as usize] as u32 & 7;
                let y2 = x[at[2][0]] | x[at[2][1]];
                let o2 = FOLDED_OFFSETS[((y2 | y2 >> 9 | y2 >> 18) & 0x1FF) as usize] as u32 >> 3;
                let r = o0 | o1 << 3 | o2 << 6;
                cells |= r << (9 * row);
            }
            let mut alone = 0u32;
            for r in 0..3 {
                let x = cells >> (9 * r) & 0x1FF;
                if x & x.wrapping_sub(1) == 0 {
                    alone |= x << (9 * r);
                }
            }
            some |= (cells as u128) << (27 * b);
            every |= (alone as u128) << (27 * b);
        }
        (some, every)
    }
}

impl Bands {
    /// Propagates to a fixed point: naked singles; then every digit whose field changed since
    /// its last fit is fitted again, loses the cells outside all its placements, and is placed
    /// in the cells common to all of them (after the cover, exactly the cells alone in their
    /// row: every hidden single ends up so). Returns what to branch on (the digit with the
    /// fewest placements, or on a wide-open grid a cell of two to four candidates: [`OPEN`];
    /// `widened` (a stalled search), [`Bands::stalled_branch`]'s answer first), or `Err(true)`
    /// when solved, `Err(false)` on a contradiction.
    #[inline(always)]
    fn settle(s: &mut Candidates, order: &mut [u8; 9], widened: bool) -> Result<Branch, bool> {
        let mut fitted = [u128::MAX; 9];
        let mut counts = [u32::MAX; 9];
        loop {
            loop {
                let (one, two, _) = s.counts();
                if s.unsolved & !one != 0 {
                    return Err(false); // a cell without candidates
                }
                let singles = one & !two;
                if singles == 0 {
                    break;
                }
                // Naked singles, a digit at a time: no other digit holds these cells.
                for f in &mut s.cand {
                    let x = *f & singles;
                    let mut peers = 0;
                    for c in Cells(x) {
                        peers |= PEERS[c];
                    }
                    if peers & x != 0 {
                        return Err(false); // the digit twice in a unit
                    }
                    *f &= !peers;
                }
                s.unsolved &= !singles;
            }
            if s.unsolved == 0 {
                return Err(true);
            }
            let mut fits = 0;
            for &d in order.iter() {
                let d = d as usize;
                let f = s.cand[d];
                if f == fitted[d] || f & s.unsolved == 0 {
                    continue;
                }
                fits += 1;
                let fit = Fit::new(f);
                if fit.count == 0 {
                    return Err(false);
                }
                let (some, every) = fit.cover();
                let g = f & some;
                // The cells in every placement: place them (their peers are already gone).
                let forced = every & s.unsolved;
                if forced != 0 {
                    for e in &mut s.cand {
                        *e &= !forced;
                    }
                    s.unsolved &= !forced;
                }
                s.cand[d] = g;
                fitted[d] = g;
                counts[d] = fit.count;
            }
            if fits == 0 {
                break;
            }
        }
        // Branch on the fewest placements (ties: the digit with the most cells still to place,
        // whose placement settles the most); next time, fit the most constrained digits first:
        // a dead end shows there soonest.
        let mut keys = [0u64; 9];
        for (d, key) in keys.iter_mut().enumerate() {
            let count = if s.cand[d] & s.unsolved != 0 {
                counts[d]
            } else {
                u32::MAX
            };
            let open = (s.cand[d] & s.unsolved).count_ones();
            *key = (count as u64) << 16 | ((81 - open) as u64) << 8 | d as u64;
        }
        keys.sort_unstable();
        *order = keys.map(|k| k as u8);
        if widened && let Some(next) = Bands::stalled_branch(s) {
            return next;
        }
        // A grid left this open can hide a group of cells short of digits, which no digit's fit
        // sees: try a cell of few candidates instead. Below these counts the cell branches
        // only add guesses (to enumeration above all).
        let count = keys[0] >> 16;
        if count > OPEN[0] {
            let [_, two, three, four, five] = s.at_least();
            for (n, x) in [two & !three, three & !four, four & !five]
                .into_iter()
                .enumerate()
            {
                if x != 0 {
                    if count > OPEN[n] {
                        return Ok(Branch::Cell(x.trailing_zeros() as usize));
                    }
                    break;
                }
            }
        }
        Ok(Branch::Digit(order[0] as usize))
    }

    /// For a stalled search: `Err(false)` at a dead end (a unit that cannot take its missing
    /// digits), else the pairs of both views before a digit's placements, a cell pair, then a
    /// digit pair; `None` without either.
    #[cold]
    #[inline(never)]
    fn stalled_branch(s: &Candidates) -> Option<Result<Branch, bool>> {
        if s.dead_end() {
            return Some(Err(false));
        }
        let (_, two, three) = s.counts();
        if two & !three != 0 {
            return Some(Ok(Branch::Cell((two & !three).trailing_zeros() as usize)));
        }
        s.place_pair()
            .map(|(d, cells)| Ok(Branch::Places(d, cells)))
    }

    fn search<S: Sink>(
        &mut self,
        mut s: Candidates,
        mut order: [u8; 9],
        sink: &mut S,
    ) -> ControlFlow<()> {
        let widened = match self.stall.check(self.guesses) {
            Next::Usual => false,
            Next::Widened => true,
            Next::Restart => return ControlFlow::Break(()),
        };
        let d = match Bands::settle(&mut s, &mut order, widened) {
            Ok(Branch::Digit(d)) => d,
            Ok(Branch::Cell(c)) => {
                for v in 0..9 {
                    self.try_place(s, order, c, v, sink)?;
                }
                return ControlFlow::Continue(());
            }
            Ok(Branch::Places(d, cells)) => {
                for c in Cells(cells) {
                    self.try_place(s, order, c, d, sink)?;
                }
                return ControlFlow::Continue(());
            }
            Err(true) => {
                self.stall.found(self.guesses);
                return sink.found(&s);
            }
            Err(false) => return ControlFlow::Continue(()),
        };
        let fit = Fit::new(s.cand[d]);
        let [v0, v1, v2] = fit.valid;
        let mut x0 = v0;
        while x0 != 0 {
            let k0 = x0.trailing_zeros() as usize;
            x0 &= x0 - 1;
            let mut x1 = v1 & CHOICE_COMPATIBLE[k0];
            while x1 != 0 {
                let k1 = x1.trailing_zeros() as usize;
                x1 &= x1 - 1;
                let k2 = 39 - k0 - k1;
                if v2 >> k2 & 1 == 0 {
                    continue;
                }
                let ks = [k0, k1, k2];
                let orders = [0, 1, 2].map(|b| orders_with(&fit.w[b], ks[b]));
                let mut o0 = orders[0];
                while o0 != 0 {
                    let s0 = o0.trailing_zeros() as usize;
                    o0 &= o0 - 1;
                    let c0 = PATTERNS[27 * s0 + k0] as u128;
                    let mut o1 = orders[1];
                    while o1 != 0 {
                        let s1 = o1.trailing_zeros() as usize;
                        o1 &= o1 - 1;
                        let c1 = c0 | (PATTERNS[27 * s1 + k1] as u128) << 27;
                        let mut o2 = orders[2];
                        while o2 != 0 {
                            let s2 = o2.trailing_zeros() as usize;
                            o2 &= o2 - 1;
                            let cells = c1 | (PATTERNS[27 * s2 + k2] as u128) << 54;
                            self.guesses += 1;
                            let mut t = s;
                            for f in &mut t.cand {
                                *f &= !cells;
                            }
                            t.cand[d] = cells;
                            t.unsolved &= !cells;
                            self.search(t, order, sink)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// One guess, where `d` may still go in `c`: `d` there on a copy of `s`, then the search
    /// below it. (Inlined: as a call it cost `serg_benchmark` 1-2%, measured on Zen 5.)
    #[inline(always)]
    fn try_place<S: Sink>(
        &mut self,
        s: Candidates,
        order: [u8; 9],
        c: usize,
        d: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        let mut t = s;
        if t.place(c, d) {
            self.guesses += 1;
            self.search(t, order, sink)?;
        }
        ControlFlow::Continue(())
    }
}

impl Searcher for Bands {
    fn run<S: Sink>(&mut self, grid: &Grid, sink: &mut S) {
        self.guesses = 0;
        self.stall = Stall::default();
        if let Some(s) = Candidates::new(grid) {
            let _ = self.search(s, [0, 1, 2, 3, 4, 5, 6, 7, 8], sink);
            if self.stall.restart() {
                let _ = self.search(s, [0, 1, 2, 3, 4, 5, 6, 7, 8], sink);
            }
        }
    }

    fn guesses(&self) -> u64 {
        self.guesses
    }
}

impl Engine for Bands {
    fn name(&self) -> &'static str {
        "bands"
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        candidates::count(self, grid, limit)
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        candidates::visit(self, grid, visitor)
    }
}

#[cfg(test)]
mod tests;
