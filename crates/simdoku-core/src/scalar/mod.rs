//! The `scalar` engine: one 81-bit candidate field (`u128`) per digit; naked singles, then per
//! digit locked candidates and hidden singles (rows, columns, boxes) to a fixed point; then a
//! branch on a cell with the fewest candidates (of the two-candidate cells, the one that sees
//! the most unsolved cells). A stalled search ([`crate::stall`]: restarted once from the root if
//! it has no solution yet) prunes a node where a unit cannot take its missing digits, and takes
//! a digit with two places left in a unit before a cell of three or more candidates.
//!
//! The per-digit rules work on the field's three 27-bit band slices with shifts and masks, the
//! same reasoning as the `sse` engine's (which does it in 128-bit vectors): a few dozen integer
//! operations per digit instead of a loop over 27 units. Measured against the unit loop:
//! `17_clue` 119k -> 322k puzzles/s, `forum_hardest_1106` 4.7k -> 12.8k (first solution).
//!
//! The state, its propagation and the solution sinks live in the `candidates` module (shared with
//! the `bands` engine); this module adds the cell choice and the search.

use std::ops::ControlFlow;

use crate::candidates::{self, Candidates, Searcher, Sink};
use crate::engine::{Engine, Search};
use crate::grid::Grid;
use crate::stall::{Branch, Next, Stall};
use crate::tables::{Cells, PEERS};

/// The portable bitboard engine.
#[derive(Debug, Default, Clone)]
pub struct Scalar {
    guesses: u64,
    /// Where the search stands against [`STALL`](crate::engine::STALL) (see [`crate::stall`]).
    stall: Stall,
}

impl Scalar {
    /// The engine (it keeps no state between puzzles; the same as `Scalar::default()`).
    pub fn new() -> Scalar {
        Scalar::default()
    }
}

impl Candidates {
    /// The branch: a two-candidate cell if any, else a cell with fewest candidates; `widened`
    /// (a stalled search, [`crate::stall`]), a digit with two places left in a unit before a
    /// cell of three or more candidates.
    fn branch(&self, widened: bool) -> Branch {
        let (_, two, three) = self.counts();
        let pairs = two & !three;
        if pairs != 0 {
            // The two-candidate cell that sees the most unsolved cells: its guess settles most.
            let mut best = (0, 0);
            for c in Cells(pairs) {
                let seen = (PEERS[c] & self.unsolved).count_ones();
                if seen > best.0 {
                    best = (seen, c);
                }
            }
            return Branch::Cell(best.1);
        }
        if widened && let Some((d, cells)) = self.place_pair() {
            return Branch::Places(d, cells);
        }
        let mut best = (10, 0);
        for c in Cells(self.unsolved) {
            let n = self.cand.iter().filter(|&&f| f >> c & 1 != 0).count();
            if n < best.0 {
                best = (n, c);
            }
        }
        Branch::Cell(best.1)
    }
}

impl Scalar {
    fn search<S: Sink>(&mut self, s: &Candidates, sink: &mut S) -> ControlFlow<()> {
        if s.unsolved == 0 {
            self.stall.found(self.guesses);
            return sink.found(s);
        }
        let widened = match self.stall.check(self.guesses) {
            Next::Usual => false,
            Next::Widened if s.dead_end() => return ControlFlow::Continue(()),
            Next::Widened => true,
            Next::Restart => return ControlFlow::Break(()),
        };
        match s.branch(widened) {
            Branch::Cell(c) => {
                let bit = 1u128 << c;
                for d in 0..9 {
                    if s.cand[d] & bit != 0 {
                        self.try_place(s, c, d, sink)?;
                    }
                }
            }
            Branch::Places(d, cells) => {
                for c in Cells(cells) {
                    self.try_place(s, c, d, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// One guess: `d` in `c` on a copy of `s`, then the search below it.
    fn try_place<S: Sink>(
        &mut self,
        s: &Candidates,
        c: usize,
        d: usize,
        sink: &mut S,
    ) -> ControlFlow<()> {
        self.guesses += 1;
        let mut t = *s;
        if t.place(c, d) && t.propagate() {
            self.search(&t, sink)?;
        }
        ControlFlow::Continue(())
    }
}

impl Searcher for Scalar {
    fn run<S: Sink>(&mut self, grid: &Grid, sink: &mut S) {
        self.guesses = 0;
        self.stall = Stall::default();
        if let Some(mut s) = Candidates::new(grid)
            && s.propagate()
        {
            let _ = self.search(&s, sink);
            if self.stall.restart() {
                let _ = self.search(&s, sink);
            }
        }
    }

    fn guesses(&self) -> u64 {
        self.guesses
    }
}

impl Engine for Scalar {
    fn name(&self) -> &'static str {
        "scalar"
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        candidates::count(self, grid, limit)
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        candidates::visit(self, grid, visitor)
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
