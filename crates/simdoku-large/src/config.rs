//! The solver's settings ([`Config`], [`Learn`], [`Branch`]) and its report ([`Status`],
//! [`Stats`]): plain data, shared by the searches up to 128x128 ([`crate::solver`]) and above
//! it (`wide`). Re-exported from [`crate::solver`] and the crate root.

/// What propagation does and how the search branches (the defaults are the measured best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, for measurements
pub struct Config {
    /// Hidden singles.
    pub hidden_singles: bool,
    /// Box/line intersections (pointing, claiming).
    pub intersections: bool,
    /// All-different GAC (matching + SCC) on every house.
    pub gac: bool,
    /// Per band (stack) and value, all-different GAC between its lines and its boxes (the
    /// value's line-box placements form a permutation); subsumes pointing and claiming.
    pub band_matching: bool,
    /// How the branching cell is chosen.
    pub branch: Branch,
    /// Restart the search (keeping the learned weights, trying random values first) after a
    /// growing number of failures, until the first solution.
    pub restarts: bool,
    /// When to search with clause learning ([`crate::cdcl`]) after root propagation, instead
    /// of the dom/wdeg search.
    pub learn: Learn,
    /// From 16x16 up, fit the cells fixed by root propagation to a shuffled pattern grid
    /// ([`crate::pattern`]) and try its values first (a phase, not a fact: the search stays
    /// complete).
    pub pattern: bool,
    /// Searches run at once on one grid (sides up to 128; 0 and 1: one search, on the calling
    /// thread). From 2 up, a portfolio ([`crate::portfolio`]): the sequential search and
    /// `threads - 1` others with other seeds and restarts, sharing short learned clauses; the
    /// first to end wins and stops the others. Counts stay exact, and a search to the end
    /// reports the same set of solutions; which solutions a limit below the count keeps may
    /// differ from run to run. The calling thread keeps every solution met (side² bytes each)
    /// to pass each one once: meant for a hard grid, not for counting millions. A count above
    /// [`MAX_THREADS`] (even `usize::MAX`) runs [`MAX_THREADS`] searches.
    pub threads: usize,
}

/// The most searches [`Config::threads`] runs on one grid: each is an OS thread with its own
/// solver, so a count far above the cores (`usize::MAX`, a mistyped `100000`) is capped here
/// instead of failing to allocate or start that many threads.
pub const MAX_THREADS: usize = 1024;

/// When the search learns clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learn {
    /// Never: dom/wdeg search with GAC at every node.
    Off,
    /// On grids of box size 4 (16x16) and more, unless root propagation left the open cells
    /// with a third of the values or more on average (grids with few givens, which dom/wdeg
    /// fills band by band); 4x4 and 9x9 keep the dom/wdeg search.
    Large,
    /// At every size.
    Always,
}

/// Branching heuristics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// The fewest candidates.
    MinDom,
    /// Fewest candidates per weighted degree: each house's weight counts the contradictions found
    /// in it, a cell's degree sums its houses' weights.
    HouseWdeg,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hidden_singles: true,
            intersections: true,
            band_matching: true,
            gac: true,
            branch: Branch::HouseWdeg,
            restarts: true,
            learn: Learn::Large,
            pattern: true,
            threads: 1,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Stopped at the first solution (limit 1).
    Solved,
    /// Searched everything: exactly one solution.
    Unique,
    /// Two solutions or more (the count is in [`Stats::solutions`]; capped at the limit).
    Multiple,
    /// Searched everything: no solution.
    NoSolution,
    /// The time limit came first (solutions found so far are in [`Stats::solutions`]).
    TimedOut,
    /// Nothing was searched: a count up to a limit of 0 ([`crate::Solver::count`]), which
    /// says nothing of the grid (as the 9x9 engines' `count(grid, 0)`, which answers 0).
    NotSearched,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "no solution",
            Status::TimedOut => "timed out",
            Status::NotSearched => "not searched",
        })
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found (capped at the limit).
    pub solutions: u64,
    /// Guesses: tentative placements at branch points.
    pub guesses: u64,
    /// Contradictions met (failed branches).
    pub fails: u64,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
    /// Cells still open (two candidates or more) after propagating the givens.
    pub open_at_root: usize,
    /// Whether the search tried first the values of a pattern grid fitted to the givens.
    pub pattern: bool,
}
