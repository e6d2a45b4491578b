//! The search engine: candidate bitsets, all-different propagation, dom/wdeg branching.
//!
//! # State
//! One candidate set per cell, bit `v - 1` for value `v` (up to 121 bits: a `D`).
//!
//! # Propagation (to a fixpoint, cheapest rules first)
//! 1. naked singles: a cell with one candidate removes it from its peers;
//! 2. hidden singles: a value with one place left in a house goes there (and a value with no
//!    place left is a contradiction);
//! 3. generalised arc consistency of every house's all-different constraint (Régin): a perfect
//!    matching of cells to values (augmenting paths), then the strongly connected components
//!    of the graph that joins the value matched to a cell to the other candidates of that cell
//!    (a bitset closure tests the usual case of one component; Tarjan otherwise). A candidate
//!    survives only when its value lies in the component of the cell's matched value. A house
//!    of N cells and N values needs a perfect matching, so there are no free values. This
//!    subsumes naked and hidden pairs, triples, ... of every size. Each house keeps its
//!    matching between calls (across backtracking too: it is only a hint), and only the pairs
//!    whose value was removed are repaired. Below 16x16 a house is first tested for a possible
//!    Hall set (counts, then the sets of 2 or 3), which rules out most calls
//!    (`Core::gac_may_prune`);
//! 4. box/line intersections (pointing and claiming): a value whose places in a box all lie in
//!    one row (column) leaves the rest of that row (column), and the converse; for Sudoku-X the
//!    same where a diagonal crosses a box.
//!
//! A rule runs only when the ones before it are at their fixpoint, and only on the houses
//! (bands, stacks) that changed since it last ran.
//!
//! # Search
//! Binary branching: `cell = value` (a guess), then `cell != value`. The cell is the one with the
//! fewest candidates per weighted degree (dom/wdeg: each house carries a weight, bumped each time
//! a contradiction is found in it; a cell's degree is the sum of its houses' weights). Changes
//! are logged (cell, old candidates) and undone on backtracking: a state copy per guess costs
//! too much memory on 121x121 grids (234 kB per open guess). Until the first solution the search
//! restarts after 64 x Luby(i) failures, keeping the weights and trying values in random order;
//! counting past the first solution is a complete search from the root that skips it.
//!
//! From box size 4 up (see [`Learn`]), the search after root propagation is instead the
//! clause-learning one of [`crate::cdcl`], over the cells left open.
//!
//! # Modules (arrows point one way: each imports only those below it)
//! * `solver` (this file): the public [`Solver`], which picks the candidate word for the side;
//! * `search`: root propagation, then the learning search or dom/wdeg with restarts;
//! * `branch`: which cell and which value (dom/wdeg weights, band by band, phases);
//! * `propagate`: the fixpoint loop, naked and hidden singles;
//! * `intersections`: box/line, per-band value permutations, diagonal/box;
//! * `gac`: all-different GAC of a house (the matching of `matching.rs` + SCC);
//! * `domains`: candidates, per-house value places, the undo trail;
//! * `core`: the state shared by all of the above (`Core`), its tables and queues;
//! * `queue`: the GAC house queue; settings and stats in `config.rs`.

use std::ops::ControlFlow;
use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

use self::core::Core;
pub use crate::config::{Branch, Config, Learn, MAX_THREADS, Stats, Status};
use crate::grid::LargeGrid;
use crate::portfolio::{Crew, Link, Running};
use crate::shape::Shape;
use crate::wide::Wide;

mod branch;
mod core;
mod domains;
mod gac;
mod intersections;
mod parallel;
mod propagate;
mod queue;
mod search;
#[cfg(test)]
mod tests;

/// The solver for one box size and variant: its tables and scratch space, reused across puzzles.
/// It works on the narrowest candidate word that holds the grid's side (see `dom.rs`).
#[derive(Clone, Debug)]
pub struct Solver(Words, Config);

#[derive(Clone, Debug)]
enum Words {
    /// Plain 9x9, with the box size a constant (see [`Core`]).
    W9(Core<u16, 3>),
    W16(Core<u16, 0>),
    W32(Core<u32, 0>),
    W64(Core<u64, 0>),
    W128(Core<u128, 0>),
    /// Sides above 128: singles and depth-first search on wider sets ([`crate::wide`]).
    Wide(Box<Wide>),
}

/// Runs `$e` with `$c` bound to the solver's core, whatever its word; `$w` on the wide one.
macro_rules! with_core {
    ($s:expr, $c:ident => $e:expr, $wc:ident => $w:expr) => {
        match $s {
            Words::W9($c) => $e,
            Words::W16($c) => $e,
            Words::W32($c) => $e,
            Words::W64($c) => $e,
            Words::W128($c) => $e,
            Words::Wide($wc) => $w,
        }
    };
}

impl Solver {
    /// A solver for grids of box size `n` (2..=20), the X variant when `x`.
    pub fn new(n: usize, x: bool, cfg: Config) -> Solver {
        let shape = Shape::square(n).unwrap_or_else(|| panic!("box size {n} is not 2..=20"));
        Solver::for_shape(&shape, x, cfg)
    }

    /// A solver for grids of `shape`, the X variant when `x`. Box/line rules, the per-band
    /// matching and the pattern fit need square boxes; other shapes propagate singles and GAC.
    ///
    /// ```
    /// use simdoku_large::{Config, LargeGrid, Shape, Solver, Status};
    /// let six = Shape::boxes(2, 3).unwrap(); // 6x6, boxes of 2 rows and 3 columns
    /// let (status, solution, _) =
    ///     Solver::for_shape(&six, true, Config::default()).count(&LargeGrid::empty_of(six), 1, None);
    /// assert_eq!(status, Status::Solved); // a 6x6 Sudoku-X exists
    /// assert!(solution.unwrap().is_full());
    /// ```
    pub fn for_shape(shape: &Shape, x: bool, cfg: Config) -> Solver {
        Solver(
            match shape.side() {
                9 if !x && shape.box_size() == Some(3) => Words::W9(Core::new(shape, x, cfg)),
                0..=16 => Words::W16(Core::new(shape, x, cfg)),
                17..=32 => Words::W32(Core::new(shape, x, cfg)),
                33..=64 => Words::W64(Core::new(shape, x, cfg)),
                65..=128 => Words::W128(Core::new(shape, x, cfg)),
                _ => Words::Wide(Box::new(Wide::new(shape, x))),
            },
            cfg,
        )
    }

    /// The box size of square boxes, else `None`.
    pub fn box_size(&self) -> Option<usize> {
        self.shape().box_size()
    }

    /// The geometry this solver works on.
    pub fn shape(&self) -> &Shape {
        with_core!(&self.0, c => &c.geo.shape, w => w.shape())
    }

    /// Whether this solver enforces the diagonals.
    pub fn is_x(&self) -> bool {
        with_core!(&self.0, c => c.x(), w => w.x())
    }

    /// Calls `visitor` with every solution (row-major values 1..=N) until it breaks, the search
    /// is exhausted or `timeout` passes.
    ///
    /// # Panics
    /// Unless `grid` has this solver's shape.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use simdoku_large::{Config, LargeGrid, Solver};
    /// let mut all = 0;
    /// let stats = Solver::new(2, false, Config::default()).visit(&LargeGrid::empty(2), None, &mut |s| {
    ///     assert_eq!(s.len(), 16);
    ///     all += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((all, stats.solutions), (288, 288)); // every 4x4 Sudoku
    /// ```
    pub fn visit(
        &mut self,
        grid: &LargeGrid,
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Stats {
        self.check_shape(grid);
        if let Words::Wide(w) = &mut self.0 {
            return w.visit(grid.cells(), timeout.map(|t| Instant::now() + t), visitor);
        }
        let cells = grid.bytes().expect("sides up to 128 hold bytes");
        let mut values = Vec::new();
        self.visit_cells(&cells, timeout, &mut |s| {
            values.clear();
            values.extend(s.iter().map(|&v| u16::from(v)));
            visitor(&values)
        })
    }

    /// [`Solver::visit`] on row-major byte cells (0 empty), solutions as bytes: the path of
    /// the 9x9 engine ([`crate::Gac9`]), which allocates nothing once the solver has run at
    /// this depth before. Sides up to 128 only.
    pub(crate) fn visit_cells(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        let threads = self.config().threads.min(MAX_THREADS);
        if threads > 1 {
            return self.visit_parallel(cells, timeout, threads, visitor);
        }
        self.visit_alone(cells, timeout, visitor)
    }

    /// [`Solver::visit_cells`] on the calling thread alone.
    fn visit_alone(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        with_core!(&mut self.0, c => c.visit_cells(cells, timeout, visitor),
            _w => unreachable!("byte cells are for sides up to 128"))
    }

    /// Whether propagation alone (singles, all-different GAC, box/line rules; singles above
    /// 128x128) solves `grid`, with no guess: the grid then has exactly one solution. Unlike a
    /// count, a grid that needs a guess costs one propagation, never a search (at any size); a
    /// grid with no solution answers false. This is the test of [`crate::mixed::minimize_with`]'s
    /// `no_guesses`.
    ///
    /// ```
    /// use simdoku_large::{Config, LargeGrid, Solver, text};
    /// let p = text::parse("1...\n..1.\n.3..\n...4\n").remove(0).unwrap();
    /// let mut solver = Solver::for_shape(p.grid.shape(), false, Config::default());
    /// assert!(solver.solved_by_propagation(&p.grid));
    /// assert!(!solver.solved_by_propagation(&LargeGrid::empty(2)));
    /// ```
    pub fn solved_by_propagation(&mut self, grid: &LargeGrid) -> bool {
        self.check_shape(grid);
        if let Words::Wide(w) = &mut self.0 {
            return w.solves_at_root(grid.cells());
        }
        let cells = grid.bytes().expect("sides up to 128 hold bytes");
        with_core!(&mut self.0, c => c.solves_at_root(&cells),
            _w => unreachable!("the wide solver answered above"))
    }

    /// The settings this solver was made with.
    pub fn config(&self) -> Config {
        self.1
    }

    /// Makes this search one of a portfolio ([`crate::portfolio`]), or alone again (`None`).
    fn set_link(&mut self, link: Option<Link>) {
        with_core!(&mut self.0, c => c.set_link(link), _w => {});
    }

    /// Counts solutions up to `limit`, within `timeout`; the first solution found is returned
    /// as well. A `limit` of 0 searches nothing: [`Status::NotSearched`], no solution and
    /// zero [`Stats`] (never [`Status::NoSolution`], which would say the grid has none).
    ///
    /// # Panics
    /// Unless `grid` has this solver's shape ([`Solver::for_shape`] makes one for a grid).
    ///
    /// ```
    /// use std::time::Duration;
    /// use simdoku_large::{Config, Solver, Status, check_solution, text};
    /// let p = text::parse("1...\n..1.\n.3..\n...4\n").remove(0).unwrap(); // a 4x4, one row a line
    /// let mut solver = Solver::for_shape(p.grid.shape(), false, Config::default());
    /// let (status, solution, stats) = solver.count(&p.grid, 2, Some(Duration::from_secs(10)));
    /// assert_eq!((status, stats.solutions), (Status::Unique, 1));
    /// check_solution(&p.grid, &solution.unwrap(), false).unwrap();
    ///
    /// let (status, solution, stats) = solver.count(&p.grid, 0, None); // limit 0
    /// assert_eq!((status, solution, stats.solutions), (Status::NotSearched, None, 0));
    /// ```
    pub fn count(
        &mut self,
        grid: &LargeGrid,
        limit: u64,
        timeout: Option<Duration>,
    ) -> (Status, Option<LargeGrid>, Stats) {
        let mut first = None;
        let mut tally = simdoku_core::Tally::new(limit);
        let stats = if limit == 0 {
            Stats::default()
        } else {
            self.visit(grid, timeout, &mut |s| {
                if first.is_none() {
                    first = Some(s.to_vec());
                }
                tally.add()
            })
        };
        let shape = self.shape().clone();
        let first = first.map(|c| LargeGrid::with_values(shape, c).expect("solution in range"));
        (status_of(limit, &stats), first, stats)
    }

    /// [`Solver::count`] with `grid` on `crew`'s board while it runs, so that threads calling
    /// [`Crew::help`] (those of a batch with no grid left to start) search it too; see
    /// [`Crew`]. Grids above 128x128, limits of 0 or above [`Crew::MAX_LIMIT`] and solvers
    /// with [`Config::threads`] above 1 are counted as by [`Solver::count`].
    pub fn count_in(
        &mut self,
        crew: &Crew,
        grid: &LargeGrid,
        limit: u64,
        timeout: Option<Duration>,
    ) -> (Status, Option<LargeGrid>, Stats) {
        if limit == 0
            || limit > Crew::MAX_LIMIT
            || self.config().threads > 1
            || matches!(self.0, Words::Wide(_))
        {
            return self.count(grid, limit, timeout);
        }
        self.check_shape(grid);
        let cells = grid.bytes().expect("sides up to 128 hold bytes");
        let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
        let shape = self.shape().clone();
        let on = crew.enter(&cells, &shape, self.is_x(), self.config(), limit, deadline);
        self.set_link(Some(Link::new(Arc::clone(&on.pool), 0)));
        let (mut stats, mut found) = self.collect(&cells, timeout, limit);
        self.set_link(None);
        crew.leave(&on);
        // Cut short (by a helper that ended complete, or by the time limit): a complete
        // helper's solutions, with those this search met, are the answer.
        let helped = on
            .result
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if stats.timed_out
            && let Some((theirs, their_stats)) = helped
        {
            for s in theirs {
                if (found.len() as u64) < limit && !found.contains(&s) {
                    found.push(s);
                }
            }
            stats = Stats {
                solutions: found.len() as u64,
                ..their_stats
            };
        }
        let first = found.into_iter().next().map(|c| {
            let values = c.into_iter().map(u16::from).collect();
            LargeGrid::with_values(shape, values).expect("solution in range")
        });
        (status_of(limit, &stats), first, stats)
    }

    /// [`Solver::visit_alone`] keeping the solutions, up to `limit`.
    fn collect(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        limit: u64,
    ) -> (Stats, Vec<Vec<u8>>) {
        let mut found: Vec<Vec<u8>> = Vec::new();
        let stats = self.visit_alone(cells, timeout, &mut |s| {
            found.push(s.to_vec());
            if found.len() as u64 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (stats, found)
    }

    /// Panics unless `grid` has this solver's shape.
    fn check_shape(&self, grid: &LargeGrid) {
        assert!(
            grid.shape() == self.shape(),
            "the grid's shape ({}) differs from the solver's ({})",
            grid.shape(),
            self.shape()
        );
    }

    /// One helper's search of a grid on a [`Crew`]'s board: search `index` of a portfolio,
    /// sharing no clause, its solutions kept to its end; the first helper to end complete
    /// leaves them on the board and stops the others.
    pub(crate) fn help_search(on: &Running, index: u32) {
        let timeout = match on.deadline {
            Some(end) => match end.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => return,
            },
            None => None,
        };
        let mut solver = Solver::for_shape(&on.shape, on.x, on.cfg);
        solver.set_link(Some(Link::new(Arc::clone(&on.pool), index)));
        let (stats, found) = solver.collect(&on.cells, timeout, on.limit);
        if !stats.timed_out {
            let mut result = on.result.lock().unwrap_or_else(PoisonError::into_inner);
            if result.is_none() {
                *result = Some((found, stats));
                on.pool.stop();
            }
        }
    }
}

/// The status of a count to `limit` that ended with `stats`.
fn status_of(limit: u64, stats: &Stats) -> Status {
    if limit == 0 {
        Status::NotSearched
    } else if stats.timed_out {
        Status::TimedOut
    } else if stats.solutions == 0 {
        Status::NoSolution
    } else if limit == 1 {
        Status::Solved
    } else if stats.solutions == 1 {
        Status::Unique
    } else {
        Status::Multiple
    }
}
