//! Solving with the fastest engine this CPU runs: [`Solver`], the [`Solution`] of a uniqueness
//! question, and the free functions that use a per-thread cached solver.

use std::cell::RefCell;
use std::fmt;
use std::ops::ControlFlow;

use simdoku_core::{Engine, Grid};
use simdoku_dispatch::{DispatchError, EngineSpec, Work};

pub use simdoku_tools::generate::Solution;

/// A solver: one engine with its scratch space. Make one per thread and reuse it; the free
/// functions ([`solve`](crate::solve) and friends) keep one per thread for you.
///
/// ```
/// use simdoku::{Grid, Solver};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let mut fast = Solver::new(); // the fastest engine for first solutions on this CPU
/// let mut plain = Solver::by_name("scalar").unwrap(); // runs everywhere
/// assert_eq!(fast.solve(&g), plain.solve(&g)); // one solution: every engine finds it
/// assert_eq!(plain.count(&g, 2), 1);
/// assert!(Solver::by_name("no-such-engine").is_err());
/// ```
pub struct Solver {
    engine: Box<dyn Engine>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("engine", &self.engine.name())
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// The fastest engine this CPU runs for finding a solution (the CPU is examined once).
    pub fn new() -> Solver {
        Solver::for_work(Work::First)
    }

    /// The fastest engine this CPU runs for a kind of work (first solution, counting,
    /// enumerating).
    pub fn for_work(work: Work) -> Solver {
        Solver::from_spec(simdoku_dispatch::best(work))
    }

    /// The engine called `name` (`scalar`, `bands`, `sse`, `avx2`; see
    /// [`engines::ENGINES`](crate::engines::ENGINES)); an error when it is unknown or this CPU
    /// lacks its features. `auto` means the fastest (or `$SIMDOKU_ENGINE` when set).
    pub fn by_name(name: &str) -> Result<Solver, DispatchError> {
        simdoku_dispatch::choose(Some(name), Work::First).map(Solver::from_spec)
    }

    /// A solver on the engine of `spec`. Panics if this CPU cannot run it; specs from
    /// [`engines::by_name`](crate::engines::by_name) and [`engines::best`](crate::engines::best)
    /// always can.
    pub fn from_spec(spec: &EngineSpec) -> Solver {
        Solver {
            engine: spec.engine(),
        }
    }

    /// The engine's name.
    pub fn name(&self) -> &'static str {
        self.engine.name()
    }

    /// The engine itself, for the tools and the full [`Engine`] contract (guess counts).
    pub fn engine(&mut self) -> &mut dyn Engine {
        self.engine.as_mut()
    }

    /// A solution, if there is one (the first the engine finds).
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        self.engine.solve(grid).0
    }

    /// The solution only if it is unique; [`Solution`] tells none, unique and several apart.
    pub fn solve_unique(&mut self, grid: &Grid) -> Solution {
        unique(self.engine.as_mut(), grid)
    }

    /// The number of solutions, counting stops at `limit` (exact below it; `limit` means "at
    /// least `limit`"). `count(g, 2)` is 0, 1 or 2: none, unique, several; a `limit` of 0
    /// counts nothing and returns 0.
    pub fn count(&mut self, grid: &Grid, limit: u64) -> u64 {
        self.engine.count(grid, limit).solutions
    }

    /// True when the puzzle has exactly one solution.
    pub fn is_unique(&mut self, grid: &Grid) -> bool {
        self.count(grid, 2) == 1
    }

    /// Calls `visitor` with every solution until it returns [`ControlFlow::Break`]; returns
    /// the number visited. Engines visit in their own order.
    pub fn for_each_solution(
        &mut self,
        grid: &Grid,
        mut visitor: impl FnMut(&Grid) -> ControlFlow<()>,
    ) -> u64 {
        self.engine.visit(grid, &mut visitor).solutions
    }
}

thread_local! {
    /// One cached solver per kind of work and thread, taken out while in use (so a visitor
    /// that solves again gets a fresh one instead of a borrow panic).
    static CACHED: RefCell<[Option<Solver>; 3]> = const { RefCell::new([None, None, None]) };
}

/// Runs `f` on this thread's cached solver for `work`.
pub(crate) fn with_solver<R>(work: Work, f: impl FnOnce(&mut Solver) -> R) -> R {
    let slot = match work {
        Work::First => 0,
        Work::Count => 1,
        Work::Enumerate => 2,
    };
    let mut solver = CACHED
        .with(|c| c.borrow_mut()[slot].take())
        .unwrap_or_else(|| Solver::for_work(work));
    let r = f(&mut solver);
    CACHED.with(|c| c.borrow_mut()[slot] = Some(solver));
    r
}

/// Solve only if unique, on `e`: the tools crate's one uniqueness search.
pub(crate) fn unique(e: &mut dyn Engine, g: &Grid) -> Solution {
    simdoku_tools::generate::solve_unique(e, g).solution
}
