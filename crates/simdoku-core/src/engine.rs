//! The one contract every engine implements.
//!
//! An engine is a solver with scratch space of its own (`&mut self`), so batch code makes one per
//! worker thread. Every engine accepts any [`Grid`], contradictory givens included (such a grid
//! has no solution).

use std::ops::ControlFlow;

use crate::grid::Grid;

/// Guesses since a search last found a solution (or since it began) after which it counts as
/// stalled and widens to the view its usual choice leaves out ([`crate::stall`]: it prunes a
/// node where a unit cannot take its missing digits and branches first on the other view's
/// pairs; a cell engine with no solution yet restarts once from the root so).
///
/// Each view alone can be led astray on a sparse grid with no solution: three digits left with
/// the same two cells of a row (no cell has fewer than three candidates, so a cell search
/// fills the rest of the grid first), or three cells of a row left with the same two digits
/// (each digit keeps six places in the row, so a search over digits' places does). Such grids
/// (the fuzzer's, and hill climbs on one engine's guesses) took an engine 0.04 to 6 s and up
/// to 8M guesses; once stalled, every engine refutes them within a few dozen more. The bound is about seven times the most
/// guesses any engine makes on a puzzle of `forum_hardest_1106` counting to two (1,397), so
/// no search of a real puzzle meets it; a barren stretch of a long enumeration may, and only
/// changes which branch comes next there.
pub const STALL: u64 = 10_000;

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// Solutions found (for `count`, capped at the limit).
    pub solutions: u64,
    /// Guesses: tentative placements made at branch points (0 when singles alone decide).
    pub guesses: u64,
}

/// Where a search reports solutions: the one shape behind every engine's `count` ([`Tally`])
/// and `visit` ([`Visitor`]). `S` is the engine's solved state (its candidate fields, or a
/// [`Grid`]); engines that build grids only on demand read [`Sink::COUNTS_ONLY`].
pub trait Sink<S: ?Sized> {
    /// True when the sink only counts: it never reads the solution, so an engine may skip
    /// building it and may order its branches to find a second solution sooner.
    const COUNTS_ONLY: bool;
    /// One solution; [`ControlFlow::Break`] stops the search.
    fn found(&mut self, solved: &S) -> ControlFlow<()>;
}

/// A solved search state, read as a grid.
pub trait Solved {
    /// The solution.
    fn grid(&self) -> Grid;
}

impl Solved for Grid {
    #[inline(always)]
    fn grid(&self) -> Grid {
        *self
    }
}

/// The counting step of every engine's `count`: solutions found so far, and a stop at `limit`.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// Solutions found so far.
    pub solutions: u64,
    limit: u64,
}

impl Tally {
    /// A tally that stops the search at `limit` solutions.
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

impl<S: ?Sized> Sink<S> for Tally {
    const COUNTS_ONLY: bool = true;
    #[inline(always)]
    fn found(&mut self, _: &S) -> ControlFlow<()> {
        self.add()
    }
}

/// Hands each solution to a caller's function, as a [`Grid`], and counts them.
pub struct Visitor<'a> {
    /// Solutions handed over so far.
    pub n: u64,
    /// The caller's function.
    pub f: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
}

impl std::fmt::Debug for Visitor<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Visitor")
            .field("n", &self.n)
            .finish_non_exhaustive()
    }
}

impl<'a> Visitor<'a> {
    /// A visitor calling `f`.
    pub fn new(f: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Visitor<'a> {
        Visitor { n: 0, f }
    }
}

impl<S: Solved + ?Sized> Sink<S> for Visitor<'_> {
    const COUNTS_ONLY: bool = false;
    #[inline]
    fn found(&mut self, solved: &S) -> ControlFlow<()> {
        self.n += 1;
        (self.f)(&solved.grid())
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
