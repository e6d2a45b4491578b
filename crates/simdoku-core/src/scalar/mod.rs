//! The `scalar` engine: one 81-bit candidate field (`u128`) per digit, naked and hidden singles
//! to a fixed point, then a branch on the cell with the fewest candidates.
//!
//! State: `cand[d]` holds the cells where digit `d` may still go (a placed cell keeps the bit of
//! its own digit only), `unsolved` the cells not yet placed. Placing digit `d` in cell `c` clears
//! `c` from the other digits and `c`'s peers from `d`. The state is 160 bytes and copied at each
//! branch: no allocation anywhere in the search.

use std::ops::ControlFlow;

use crate::engine::{Engine, Search};
use crate::grid::Grid;
use crate::tables::{ALL, Cells, PEERS, UNITS};

/// The portable bitboard engine.
#[derive(Debug, Default, Clone)]
pub struct Scalar {
    guesses: u64,
}

impl Scalar {
    pub fn new() -> Scalar {
        Scalar::default()
    }
}

#[derive(Clone, Copy)]
struct State {
    cand: [u128; 9],
    unsolved: u128,
}

/// Where solutions go: a counter or a visitor.
trait Sink {
    fn found(&mut self, s: &State) -> ControlFlow<()>;
}

struct Counter {
    n: u64,
    limit: u64,
}

impl Sink for Counter {
    #[inline]
    fn found(&mut self, _: &State) -> ControlFlow<()> {
        self.n += 1;
        if self.n >= self.limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

struct Visitor<'a> {
    n: u64,
    f: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

impl Sink for Visitor<'_> {
    fn found(&mut self, s: &State) -> ControlFlow<()> {
        self.n += 1;
        let mut cells = [0u8; 81];
        for (d, &field) in s.cand.iter().enumerate() {
            for c in Cells(field) {
                cells[c] = d as u8 + 1;
            }
        }
        (self.f)(&Grid::from_cells(cells).expect("digits are 1..=9"))
    }
}

impl State {
    /// The state after placing the givens, or `None` if they contradict each other.
    fn new(grid: &Grid) -> Option<State> {
        let mut s = State { cand: [ALL; 9], unsolved: ALL };
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 && !s.place(c, v as usize - 1) {
                return None;
            }
        }
        Some(s)
    }

    /// Places `d` in `c`; false if `d` is no longer possible there.
    #[inline(always)]
    fn place(&mut self, c: usize, d: usize) -> bool {
        let bit = 1u128 << c;
        if self.cand[d] & bit == 0 {
            return false;
        }
        for f in &mut self.cand {
            *f &= !bit;
        }
        self.cand[d] = (self.cand[d] & !PEERS[c]) | bit;
        self.unsolved &= !bit;
        true
    }

    /// Cells (among the unsolved) with at least one, two and three candidates.
    #[inline(always)]
    fn counts(&self) -> (u128, u128, u128) {
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
    fn propagate(&mut self) -> bool {
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
                if self.cand[d] & self.unsolved == 0 {
                    continue; // all nine placed
                }
                for unit in UNITS {
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
            }
            if !progress {
                return true;
            }
        }
    }

    /// The unsolved cell to branch on: a two-candidate cell if any, else one with fewest.
    fn branch_cell(&self) -> usize {
        let (_, two, three) = self.counts();
        let pairs = two & !three;
        if pairs != 0 {
            return pairs.trailing_zeros() as usize;
        }
        let mut best = (10, 0);
        for c in Cells(self.unsolved) {
            let n = self.cand.iter().filter(|&&f| f >> c & 1 != 0).count();
            if n < best.0 {
                best = (n, c);
            }
        }
        best.1
    }
}

impl Scalar {
    fn search<S: Sink>(&mut self, s: &State, sink: &mut S) -> ControlFlow<()> {
        if s.unsolved == 0 {
            return sink.found(s);
        }
        let c = s.branch_cell();
        let bit = 1u128 << c;
        for d in 0..9 {
            if s.cand[d] & bit != 0 {
                self.guesses += 1;
                let mut t = *s;
                if t.place(c, d) && t.propagate() {
                    self.search(&t, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn run<S: Sink>(&mut self, grid: &Grid, sink: &mut S) {
        self.guesses = 0;
        if let Some(mut s) = State::new(grid)
            && s.propagate()
        {
            let _ = self.search(&s, sink);
        }
    }
}

impl Engine for Scalar {
    fn name(&self) -> &'static str {
        "scalar"
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        let mut sink = Counter { n: 0, limit };
        if limit > 0 {
            self.run(grid, &mut sink);
        }
        Search { solutions: sink.n, guesses: self.guesses }
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        let mut sink = Visitor { n: 0, f: visitor };
        self.run(grid, &mut sink);
        Search { solutions: sink.n, guesses: self.guesses }
    }
}

#[cfg(test)]
mod tests {
    use super::Scalar;
    use crate::testkit;

    #[test]
    fn conformance() {
        testkit::conformance(Scalar::new);
    }
}
