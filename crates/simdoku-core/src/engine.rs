//! The one contract every engine implements.
//!
//! An engine is a solver with scratch space of its own (`&mut self`), so batch code makes one per
//! worker thread. Every engine accepts any [`Grid`], contradictory givens included (such a grid
//! has no solution).

use std::ops::ControlFlow;

use crate::grid::Grid;

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// Solutions found (for `count`, capped at the limit).
    pub solutions: u64,
    /// Guesses: tentative placements made at branch points (0 when singles alone decide).
    pub guesses: u64,
}

/// The counting step of every engine's `count`: solutions found so far, and a stop at `limit`.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// Solutions found so far.
    pub solutions: u64,
    limit: u64,
}

impl Tally {
    pub fn new(limit: u64) -> Tally {
        Tally {
            solutions: 0,
            limit,
        }
    }

    /// One more solution: [`ControlFlow::Break`] once `limit` are found.
    #[inline(always)]
    pub fn add(&mut self) -> ControlFlow<()> {
        self.solutions += 1;
        if self.solutions >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// A Sudoku engine.
pub trait Engine: Send {
    /// The name used on the command line (`scalar`, `bands`, `sse`, ...).
    fn name(&self) -> &'static str;

    /// The number of solutions, stopping as soon as `limit` are found. Exact below the limit:
    /// `count(g, 2).solutions` is 0 (none), 1 (unique) or 2 (more than one).
    fn count(&mut self, grid: &Grid, limit: u64) -> Search;

    /// Calls `visitor` with every solution, in the engine's order, until it returns
    /// [`ControlFlow::Break`]. `solutions` is the number of solutions visited.
    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search;

    /// The first solution found, if any.
    fn solve(&mut self, grid: &Grid) -> (Option<Grid>, Search) {
        let mut found = None;
        let search = self.visit(grid, &mut |s| {
            found = Some(*s);
            ControlFlow::Break(())
        });
        (found, search)
    }
}
