//! Candidate bitboards shared by the engines: one 81-bit field (`u128`) per digit, naked and
//! hidden singles to a fixed point, and the sinks a search reports solutions to.
//!
//! State: `cand[d]` holds the cells where digit `d` may still go (a placed cell keeps the bit of
//! its own digit only), `unsolved` the cells not yet placed. Placing digit `d` in cell `c` clears
//! `c` from the other digits and `c`'s peers from `d`. The state is 160 bytes and copied at each
//! branch: no allocation anywhere in a search.

use std::ops::ControlFlow;

use crate::bandwords;
use crate::engine::{self, Search, Solved, Tally, Visitor};
use crate::grid::Grid;
use crate::stall;
use crate::tables::{ALL, Cells, PEERS, UNITS};

/// Per-digit candidate fields and the unsolved cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidates {
    pub(crate) cand: [u128; 9],
    pub(crate) unsolved: u128,
}

/// Where solutions go: the core [`engine::Sink`](crate::engine::Sink) over [`Candidates`]
/// (a [`Tally`] or a [`Visitor`]).
pub(crate) trait Sink: engine::Sink<Candidates> {}

impl<T: engine::Sink<Candidates>> Sink for T {}

impl Solved for Candidates {
    fn grid(&self) -> Grid {
        Candidates::grid(self)
    }
}

/// An engine built on [`Candidates`]: a search that reports solutions to a [`Sink`]. Its
/// `count` and `visit` are [`count`] and [`visit`] below.
pub(crate) trait Searcher {
    /// Searches `grid`, handing solutions to `sink` until it says stop.
    fn run<S: Sink>(&mut self, grid: &Grid, sink: &mut S);
    /// Guesses made by the last `run`.
    fn guesses(&self) -> u64;
}

/// `Engine::count` for a [`Searcher`].
pub(crate) fn count<E: Searcher>(e: &mut E, grid: &Grid, limit: u64) -> Search {
    let mut sink = Tally::new(limit);
    if limit > 0 {
        e.run(grid, &mut sink);
    }
    Search {
        solutions: sink.solutions,
        guesses: e.guesses(),
    }
}

/// `Engine::visit` for a [`Searcher`].
pub(crate) fn visit<E: Searcher>(
    e: &mut E,
    grid: &Grid,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    let mut sink = Visitor::new(visitor);
    e.run(grid, &mut sink);
    Search {
        solutions: sink.n,
        guesses: e.guesses(),
    }
}

impl Candidates {
    /// The state after placing the givens, or `None` if they contradict each other.
    pub(crate) fn new(grid: &Grid) -> Option<Candidates> {
        // A digit at a time: its givens, and the cells they see.
        let mut given = [0u128; 9];
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                given[v as usize - 1] |= 1 << c;
            }
        }
        let all_given = given.iter().fold(0, |a, g| a | g);
        let mut s = Candidates {
            cand: [0; 9],
            unsolved: ALL & !all_given,
        };
        for (f, &g) in s.cand.iter_mut().zip(&given) {
            let mut seen = 0u128;
            for c in Cells(g) {
                seen |= PEERS[c];
            }
            if seen & g != 0 {
                return None; // the digit twice in a unit
            }
            *f = (ALL & !seen & !all_given) | g;
        }
        Some(s)
    }

    /// The grid of a solved state (cells of a digit's field hold that digit).
    pub(crate) fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (d, &field) in self.cand.iter().enumerate() {
            for c in Cells(field) {
                cells[c] = d as u8 + 1;
            }
        }
        Grid::from_cells(cells).expect("digits are 1..=9")
    }

    /// Places `d` in `c`; false if `d` is no longer possible there.
    #[inline(always)]
    pub(crate) fn place(&mut self, c: usize, d: usize) -> bool {
        let bit = 1u128 << c;
        if self.cand[d] & bit == 0 {
            return false;
        }
        // Read the digit's field before the stores below: reading it after them would stall
        // on store forwarding (two 64-bit stores, one 128-bit load).
        let own = (self.cand[d] & !PEERS[c]) | bit;
        for f in &mut self.cand {
            *f &= !bit;
        }
        self.cand[d] = own;
        self.unsolved &= !bit;
        true
    }

    /// Cells (among the unsolved) with at least one, two and three candidates.
    #[inline(always)]
    pub(crate) fn counts(&self) -> (u128, u128, u128) {
        let [one, two, three] = self.at_least();
        (one, two, three)
    }

    /// Cells (among the unsolved) with at least 1, 2, ... `N` candidates: bit planes of a
    /// count that stops at `N`.
    #[inline(always)]
    pub(crate) fn at_least<const N: usize>(&self) -> [u128; N] {
        let mut planes = [0u128; N];
        for &f in &self.cand {
            // A cell reaches k + 1 candidates where it had k and `f` holds it.
            let mut carry = f & self.unsolved;
            for p in &mut planes {
                let next = *p & carry;
                *p |= carry;
                carry = next;
            }
        }
        planes
    }

    /// Whether a unit can no longer take its missing digits ([`stall::dead_end`]): no
    /// solution below.
    pub(crate) fn dead_end(&self) -> bool {
        stall::dead_end(&self.cand, self.unsolved, &UNITS)
    }

    /// A digit with two places left in a unit ([`stall::place_pair`]).
    pub(crate) fn place_pair(&self) -> Option<(usize, u128)> {
        stall::place_pair(&self.cand, self.unsolved, &UNITS)
    }

    /// Naked singles, then locked candidates and hidden singles digit by digit, to a fixed
    /// point; false on a contradiction.
    pub(crate) fn propagate(&mut self) -> bool {
        // Each digit's field as its last scan left it: a digit whose field has not changed since
        // cannot yield anything new, so its scan is skipped.
        let mut scanned = [u128::MAX; 9];
        loop {
            let (one, two, _) = self.counts();
            if self.unsolved & !one != 0 {
                return false; // a cell without candidates
            }
            let singles = one & !two;
            if singles != 0 {
                for d in 0..9 {
                    for c in Cells(self.cand[d] & singles) {
                        if !self.place(c, d) {
                            return false;
                        }
                    }
                }
                continue;
            }
            if self.unsolved == 0 {
                return true;
            }
            let mut progress = false;
            for d in 0..9 {
                let f = self.cand[d];
                if f == scanned[d] || f & self.unsolved == 0 {
                    continue; // unchanged since its last scan, or all nine placed
                }
                let Some((g, hidden)) = digit_rules(f) else {
                    return false;
                };
                self.cand[d] = g;
                scanned[d] = g;
                let hidden = hidden & self.unsolved;
                progress |= g != f || hidden != 0;
                if hidden != 0 {
                    for c in Cells(hidden) {
                        if !self.place(c, d) {
                            return false;
                        }
                    }
                    break; // back to the cheap naked singles first
                }
            }
            if !progress {
                return true;
            }
        }
    }
}

/// 27 bits: one band of a digit field (bit `9 * row_in_band + column`).
const BAND: u128 = (1 << 27) - 1;

/// Locked candidates and hidden singles of one digit ([`bandwords::digit_rules`] on the field's
/// three band words).
///
/// Returns the filtered field and its cells that are the only place for the digit in a row,
/// column or box (placed cells included), or `None` when some unit has no place for it.
fn digit_rules(f: u128) -> Option<(u128, u128)> {
    let words = [
        (f & BAND) as u32,
        (f >> 27 & BAND) as u32,
        (f >> 54 & BAND) as u32,
    ];
    let (w, hidden) = bandwords::digit_rules(words)?;
    let join = |v: [u32; 3]| v[0] as u128 | (v[1] as u128) << 27 | (v[2] as u128) << 54;
    Some((join(w), join(hidden)))
}
