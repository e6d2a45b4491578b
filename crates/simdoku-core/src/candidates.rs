//! Candidate bitboards shared by the engines: one 81-bit field (`u128`) per digit, naked and
//! hidden singles to a fixed point, and the sinks a search reports solutions to.
//!
//! State: `cand[d]` holds the cells where digit `d` may still go (a placed cell keeps the bit of
//! its own digit only), `unsolved` the cells not yet placed. Placing digit `d` in cell `c` clears
//! `c` from the other digits and `c`'s peers from `d`. The state is 160 bytes and copied at each
//! branch: no allocation anywhere in a search.

use std::ops::ControlFlow;

use crate::engine::Search;
use crate::grid::Grid;
use crate::tables::{ALL, Cells, PEERS, UNITS};

/// Per-digit candidate fields and the unsolved cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidates {
    pub(crate) cand: [u128; 9],
    pub(crate) unsolved: u128,
}

/// Where solutions go: a counter or a visitor.
pub(crate) trait Sink {
    fn found(&mut self, s: &Candidates) -> ControlFlow<()>;
}

/// Counts solutions, stopping at `limit`.
pub(crate) struct Counter {
    pub(crate) n: u64,
    pub(crate) limit: u64,
}

impl Sink for Counter {
    #[inline]
    fn found(&mut self, _: &Candidates) -> ControlFlow<()> {
        self.n += 1;
        if self.n >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Hands each solution to a caller's visitor, as a [`Grid`].
pub(crate) struct Visitor<'a> {
    pub(crate) n: u64,
    pub(crate) f: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

impl Sink for Visitor<'_> {
    fn found(&mut self, s: &Candidates) -> ControlFlow<()> {
        self.n += 1;
        (self.f)(&s.grid())
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
    let mut sink = Counter { n: 0, limit };
    if limit > 0 {
        e.run(grid, &mut sink);
    }
    Search {
        solutions: sink.n,
        guesses: e.guesses(),
    }
}

/// `Engine::visit` for a [`Searcher`].
pub(crate) fn visit<E: Searcher>(
    e: &mut E,
    grid: &Grid,
    visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Search {
    let mut sink = Visitor { n: 0, f: visitor };
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
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &f in &self.cand {
            let f = f & self.unsolved;
            three |= two & f;
            two |= one & f;
            one |= f;
        }
        (one, two, three)
    }

    /// Naked and hidden singles to a fixed point; false on a contradiction.
    pub(crate) fn propagate(&mut self) -> bool {
        // Each digit's field as its last hidden-singles scan saw it: a digit whose field has
        // not changed since cannot have a new hidden single, so its scan is skipped.
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
                if self.cand[d] == scanned[d] || self.cand[d] & self.unsolved == 0 {
                    continue; // unchanged since its last scan, or all nine placed
                }
                let before = self.cand[d];
                for unit in &UNITS {
                    let x = self.cand[d] & unit;
                    if x & x.wrapping_sub(1) == 0 {
                        if x == 0 {
                            return false; // the digit has no place in this unit
                        }
                        if x & self.unsolved != 0 {
                            self.place(x.trailing_zeros() as usize, d);
                            progress = true;
                        }
                    }
                }
                // A single placed during the scan may have made one in a unit scanned before it:
                // only a scan that changed nothing counts as done.
                if self.cand[d] == before {
                    scanned[d] = before;
                }
            }
            if !progress {
                return true;
            }
        }
    }
}
