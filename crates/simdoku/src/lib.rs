//! simdoku: fast Sudoku solving with runtime SIMD dispatch, and the tools around it.
//!
//! The one crate to add: it re-exports a small API over the workspace's internal crates
//! (`simdoku-core`, `-dispatch`, `-tools`, `-large`, `-game`, `-logic`). The CPU is examined once; every
//! solving call uses the fastest engine it runs (AVX-512, AVX2 or SSE on x86-64, a portable
//! bitboard engine anywhere else; see [`engines::best`] for how it is ranked), cached per thread.
//!
//! # Parse
//!
//! One 81-character line (`0`, `.` or `_` empty; anything after the 81st cell is ignored), a
//! 9-line block with or without `|`, `-`, `+` separators, or a `[u8; 81]` (0 empty). Errors
//! say what and where (column, line and column, or cell).
//!
//! ```
//! use simdoku::Grid;
//! let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! assert_eq!(Grid::parse_block(&g.pretty())?, g);
//! assert_eq!(Grid::try_from(*g.cells())?, g);
//! let e = "12x".parse::<Grid>().unwrap_err();
//! assert_eq!(e.to_string(), "column 3: unexpected 'x' (cells are 1-9, or 0, . or _ for empty)");
//! let e = Grid::parse_block("123456789\n12345678\n").unwrap_err();
//! assert_eq!(e.to_string(), "line 2: a row needs 9 cells, found 8");
//! # Ok::<(), simdoku::ParseError>(())
//! ```
//!
//! # Solve, count, enumerate
//!
//! ```
//! use simdoku::{Grid, GridExt, Solution};
//! use std::ops::ControlFlow;
//! let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()
//!     .unwrap();
//! let s = simdoku::solve(&g).unwrap();                  // fastest engine, cached
//! assert!(simdoku::rules::check_solution(&g, &s).is_ok());
//! assert_eq!(g.solution(), Solution::Unique(s));        // only if unique
//! assert!(g.is_uniquely_solvable());
//! let mut open = g;
//! open.set(0, 0);                                       // drop a clue: several solutions
//! assert_eq!(simdoku::solve_unique(&open), Solution::Multiple);
//! let n = simdoku::count(&open, 100_000);               // exact below the limit
//! assert!(n > 1 && n < 100_000);
//! let lazily: Vec<Grid> = simdoku::solutions(&open).take(2).collect(); // a real Iterator
//! assert_eq!(lazily.len(), 2);
//! assert_eq!(simdoku::solutions(&open).count() as u64, n);
//! let mut seen = 0;
//! simdoku::for_each_solution(&open, |_| { seen += 1; ControlFlow::Continue(()) });
//! assert_eq!(seen, n);
//! ```
//!
//! # Batches on all cores
//!
//! Results keep input order; each item is a `Result`, so one bad line (or an engine bug)
//! never sinks the batch. [`pipeline::Pipeline`] streams inputs of any length.
//!
//! ```
//! let lines = ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!              "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4....x."];
//! let out = simdoku::batch::count_lines(&lines, 2);
//! assert_eq!(out[0], Ok(1));
//! assert!(out[1].is_err());
//! ```
//!
//! # Generate, minimize, rate, shuffle, canonical forms
//!
//! ```
//! use simdoku::{ClueSymmetry, Generator, Singles};
//! let mut maker = Generator::seeded(42).symmetry(ClueSymmetry::Rot180);
//! let g = maker.generate();                                  // unique
//! assert!(simdoku::is_unique(&g.puzzle));
//! let solved = maker.generate_solved();
//! let from = maker.generate_from(&solved).unwrap();          // cut from a given grid
//! assert_eq!(from.solution, solved);
//! let m = maker.minimize(&g.puzzle).unwrap();                // every clue needed
//! assert!(simdoku::is_minimal(&m));
//! let minimal = Generator::seeded(1).minimal(true).generate();
//! assert!(simdoku::is_minimal(&minimal.puzzle));
//! let easy = Generator::seeded(3).clues(36).generate_graded(Singles::Naked, 50);
//! assert!(easy.is_some());
//! // Sudoku Explainer's difficulty: an ER band (at most 9.4) or a level (see `Level`).
//! let hard = Generator::seeded(5).generate_rated(simdoku::Level::Hard, 1000).unwrap();
//! assert!((30..=44).contains(&hard.rating.unwrap().er));           // ER 3.0 to 4.4
//! let band: simdoku::SeTarget = "4.0..6.0".parse().unwrap();
//! assert!(Generator::seeded(5).generate_rated(band, 1000).is_some());
//! let r = maker.rate(&g.puzzle);                             // guesses and singles grade
//! assert_eq!(r.solutions, 1);
//! let shuffled = maker.shuffle(&g.puzzle);                   // equivalent puzzle
//! let c = simdoku::canonical(&g.puzzle);                   // our canonical form
//! assert_eq!(simdoku::canonical(&shuffled), c);
//! assert_eq!(simdoku::minlex(&shuffled), simdoku::minlex(&g.puzzle)); // the usual minlex
//! let (canon, autos) = simdoku::canonical_with_automorphisms(&g.puzzle);
//! assert_eq!((canon, autos >= 1), (c, true));              // the identity counts
//! // Any rand_core generator can seed one.
//! let mut seeder = simdoku::Rng::new(9);
//! let _ = Generator::from_rng(&mut seeder).generate();
//! ```
//!
//! Canonical form convention: [`canonical`] is the least 81-character string over all
//! 3,359,232 row/column arrangements with digits relabelled by first appearance, where an
//! **empty cell ranks after every digit** (givens gather at the top left). The usual minlex
//! form ranks empty cells *first* (`0`); on solved grids the two agree, on puzzles they differ,
//! so [`minlex`] is offered too (`simdoku canon --minlex`). [`automorphisms`] counts the arrangements that map a
//! grid onto itself up to the relabelling they force.
//!
//! # Explain, hint, rate as a person solves
//!
//! The [`logic`] module finds the steps a person would take, in Sudoku Explainer's order, and
//! rates with Explainer's ER/EP/ED (or says why not: [`logic::Unrated`], no solution, several,
//! or beyond the techniques).
//!
//! ```
//! use simdoku::logic::{Board, explain, next_step, rate};
//! let b = Board::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
//!     .unwrap();
//! assert_eq!(next_step(&b).unwrap().to_string(), "r6c2=4 hidden single in box 4");
//! assert!(explain(&b).solved());
//! assert_eq!(rate(&b).unwrap().to_string(), "2.6/1.2/1.2");
//! let out = simdoku::batch::rate_se_lines(&[b.pencilmarks()]); // pencilmark lines too
//! assert_eq!(out[0].as_ref().unwrap().unwrap().to_string(), "2.6/1.2/1.2");
//! ```
//!
//! # Pencilmarks, large grids, Sudoku-X, the game
//!
//! ```
//! use simdoku::Pencilmarks;
//! let g: simdoku::Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()
//!         .unwrap();
//! let mut marks = Pencilmarks::from_grid(&g);
//! marks.set_candidates(1, marks.candidates(1) & !(1 << 1)); // rule out a 2 (bit d-1: digit d)
//! let text = marks.to_string();                             // 729 characters
//! assert_eq!(text.parse::<Pencilmarks>().unwrap(), marks);
//! assert!(marks.count(2).solutions <= 1);
//!
//! use simdoku::large::{Config, LargeGrid, Solver, Status, check_solution};
//! let empty = LargeGrid::empty(4);                         // 16x16; box sizes 2..=20
//! let mut solver = Solver::new(4, true, Config::default()); // true: Sudoku-X
//! let (status, solution, _stats) = solver.count(&empty, 1, None);
//! assert_eq!(status, Status::Solved);
//! assert!(check_solution(&empty, &solution.unwrap(), true).is_ok());
//! // One grid on two threads: two searches race, sharing short learned clauses; counts exact.
//! let two = Config { threads: 2, ..Config::default() };
//! let (status, _, stats) = Solver::new(4, false, two).count(&empty, 2, None);
//! assert_eq!((status, stats.solutions), (Status::Multiple, 2));
//!
//! use simdoku::game::{Action, Move};
//! let a = Action::parse("Dg7").unwrap();                   // the CodeCup protocol
//! assert_eq!(a.placed().unwrap().to_string(), "Dg7");
//! ```
//!
//! # Engines by name
//!
//! ```
//! let mut scalar = simdoku::Solver::by_name("scalar").unwrap();     // portable reference
//! let mut auto = simdoku::Solver::new();                            // fastest here
//! let g = simdoku::Grid::EMPTY;
//! assert_eq!(scalar.count(&g, 100), auto.count(&g, 100));
//! for spec in simdoku::engines::ENGINES {
//!     println!("{} available: {}", spec.name, spec.available());
//! }
//! assert!(simdoku::Solver::by_name("nope").is_err());
//! ```
//!
//! # Features
//!
//! `serde`: a [`Grid`] (and [`Pencilmarks`]) serialize as their text line. The generator is
//! [`Rng`] (xorshift64*), which implements `rand_core::RngCore` and `SeedableRng`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
mod generate;
mod iter;
mod rated;
mod solve;

use std::ops::ControlFlow;

use simdoku_dispatch::Work;

pub use generate::{Generator, is_minimal, minimize, rate, shuffled};
pub use iter::Solutions;
pub use rated::{Level, Rated, SeTarget, SeTargetError};
pub use simdoku_core::rng::Rng;
pub use simdoku_core::rules;
pub use simdoku_core::{Conflict, Engine, Grid, ParseError, ParseErrorKind, Search, Unit};
pub use simdoku_tools::minlex::{automorphisms, minlex};
pub use simdoku_tools::{
    ClueSymmetry, Generated, MarksError, NotUnique, Pencilmarks, Rating, Singles, Symmetry,
    canonical,
};
pub use solve::{Solution, Solver};

/// Engine selection: every engine, the ranking, the CPU features, choice by name, and the
/// cross-check of engines against each other (for benchmarks and differential tests).
pub mod engines {
    pub use simdoku_core::bands::Bands;
    pub use simdoku_core::scalar::Scalar;
    pub use simdoku_dispatch::check::{Report, cross_check};
    pub use simdoku_dispatch::{
        DispatchError, ENGINES, EngineSpec, RANKING, Work, best, by_name, by_ranking, choose,
        cpu_features, engine_override,
    };
    pub use simdoku_dispatch::{bench, calibrate, check};
}

/// The puzzle tools at engine level (`&mut dyn Engine` in, for callers that manage their own
/// engines, as the CLI does): generation options, the canonicalizer with its scratch space,
/// pencilmark grading, puzzles of a Sudoku Explainer band ([`generate_rated`](tools::generate_rated)).
/// [`Generator`] and the free functions wrap them with a cached engine.
pub mod tools {
    pub use crate::rated::generate_rated;
    pub use simdoku_tools::*;
}

/// The ordered batch pipeline: any iterator, a chunk at a time, on all cores, results in input
/// order, panics caught per item, progress after each chunk.
pub mod pipeline {
    pub use simdoku_dispatch::pipeline::*;
}

/// Human-style solving on Sudoku Explainer's scale: the `simdoku-logic` crate. A [`Board`](logic::Board)
/// (candidates, from a puzzle or a 729-character pencilmark line), the next step a person would
/// take ([`next_step`](logic::next_step); [`hint`](logic::hint) checks first that the puzzle
/// has one solution), every step to the solution ([`explain`](logic::explain)), and
/// Explainer's ratings ER/EP/ED ([`rate`](logic::rate)); a puzzle with no solution or several
/// gets no steps and a status saying which ([`Hint`](logic::Hint),
/// [`Explanation::solutions`](logic::Explanation::solutions), [`Unrated`](logic::Unrated)).
/// Batches of lines: [`batch::explain_lines`], [`batch::hint_lines`], [`batch::rate_se_lines`].
///
/// ```
/// use simdoku::logic::{Board, Hint, Solutions, Technique, explain, next_step, rate};
/// let b = Board::parse(
///     "4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........",
/// )
/// .unwrap();
///
/// // A hint: the next step, with its technique and difficulty (ER x 10).
/// let hint = next_step(&b).unwrap();
/// assert_eq!(hint.technique, Technique::HiddenSingleBox);
/// assert_eq!(format!("{hint} ({})", hint.rating()), "r2c3=2 hidden single in box 1 (1.2)");
///
/// // The whole explanation: each step readable, applied in turn until solved.
/// let e = explain(&b);
/// assert!(e.solved());
/// for step in &e.steps {
///     println!("{step}");
/// }
/// assert_eq!(e.end.grid(), simdoku::solve(&b.grid()).unwrap());
///
/// // ER/EP/ED as serate (Sudoku Explainer) prints them: 2.0/1.2/1.2 for this puzzle.
/// let r = rate(&b).unwrap();
/// assert_eq!((r.er, r.ep, r.ed), (20, 12, 12));
/// assert_eq!(r.to_string(), "2.0/1.2/1.2");
///
/// // Through the chains: serate rates this one 7.2/1.2/1.2 too.
/// let chains = Board::parse(
///     "..5.....7..9..3.....72.1..4..3...8.9.2.....1......9.7.3..5....6.18....9....3.82..",
/// )
/// .unwrap();
/// assert_eq!(rate(&chains).unwrap().to_string(), "7.2/1.2/1.2");
///
/// // Through the nested forcing chains: serate rates this hardest one 10.6/1.2/1.2 too.
/// let hard = Board::parse(
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
/// )
/// .unwrap();
/// assert_eq!(rate(&hard).unwrap().to_string(), "10.6/1.2/1.2");
///
/// // A puzzle with several solutions (or none) has no rating and gets no steps: `rate`,
/// // `explain` and `hint` count its solutions to two first, and say so.
/// let several = Board::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
/// )
/// .unwrap();
/// assert_eq!(rate(&several), Err(simdoku::logic::Unrated::Multiple));
/// let e = explain(&several);
/// assert!(!e.solved() && e.steps.is_empty());
/// assert_eq!(e.solutions, Solutions::Multiple);
/// assert_eq!(simdoku::logic::hint(&several), Hint::Multiple);
/// assert_eq!(simdoku::logic::hint(&b), Hint::Step(next_step(&b).unwrap()));
/// ```
pub mod logic {
    pub use simdoku_logic::*;
}

/// N x N grids (4x4 to 400x400: square boxes of size 2..=20, rectangular boxes, jigsaw regions)
/// and Sudoku-X: the `simdoku-large` crate.
pub mod large {
    pub use simdoku_large::*;
}

/// The `CodeCup` 2024 Sudoku game player and referee: the `simdoku-game` crate.
pub mod game {
    pub use simdoku_game::*;
}

/// The canonical form and the automorphism count together (see the crate docs for the
/// convention).
///
/// ```
/// use simdoku::{Grid, Rng};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let (form, n) = simdoku::canonical_with_automorphisms(&g);
/// let other = simdoku::shuffled(&g, &mut Rng::new(7)); // an equivalent puzzle
/// assert_eq!(simdoku::canonical_with_automorphisms(&other), (form, n));
/// assert!(n >= 1); // the identity at least
/// ```
pub fn canonical_with_automorphisms(grid: &Grid) -> (Grid, u64) {
    (canonical(grid), automorphisms(grid))
}

/// A solution of `grid`, if any, from the fastest engine this CPU runs.
///
/// ```
/// use simdoku::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let s = simdoku::solve(&g).unwrap();
/// assert!(simdoku::rules::check_solution(&g, &s).is_ok());
/// assert!(simdoku::solve(&Grid::EMPTY).is_some()); // one of many
/// ```
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve::with_solver(Work::First, |s| s.solve(grid))
}

/// The solution only if it is unique: none, unique, or several.
///
/// ```
/// use simdoku::{Grid, Solution};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// assert!(matches!(simdoku::solve_unique(&g), Solution::Unique(_)));
/// assert_eq!(simdoku::solve_unique(&Grid::EMPTY), Solution::Multiple);
/// ```
pub fn solve_unique(grid: &Grid) -> Solution {
    solve::with_solver(Work::Count, |s| s.solve_unique(grid))
}

/// The number of solutions, counting stops at `limit` (exact below it; a `limit` of 0 counts
/// nothing and returns 0, whatever the grid).
///
/// ```
/// use simdoku::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// assert_eq!(simdoku::count(&g, 2), 1);
/// assert_eq!(simdoku::count(&Grid::EMPTY, 1000), 1000); // at least 1000
/// ```
pub fn count(grid: &Grid, limit: u64) -> u64 {
    solve::with_solver(Work::Count, |s| s.count(grid, limit))
}

/// True when `grid` has exactly one solution.
///
/// ```
/// use simdoku::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// assert!(simdoku::is_unique(&g));
/// assert!(!simdoku::is_unique(&Grid::EMPTY));
/// ```
pub fn is_unique(grid: &Grid) -> bool {
    count(grid, 2) == 1
}

/// Calls `visitor` with every solution until it breaks; returns the number visited.
///
/// ```
/// use std::ops::ControlFlow;
/// use simdoku::Grid;
/// let mut first = Vec::new();
/// let n = simdoku::for_each_solution(&Grid::EMPTY, |s| {
///     first.push(*s);
///     if first.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!((n, first.len()), (3, 3));
/// ```
pub fn for_each_solution(grid: &Grid, visitor: impl FnMut(&Grid) -> ControlFlow<()>) -> u64 {
    solve::with_solver(Work::Enumerate, |s| s.for_each_solution(grid, visitor))
}

/// Every solution of `grid`, lazily (see [`Solutions`]).
///
/// ```
/// use simdoku::Grid;
/// let ten: Vec<Grid> = simdoku::solutions(&Grid::EMPTY).take(10).collect();
/// assert_eq!(ten.len(), 10);
/// assert!(ten.iter().all(|s| simdoku::rules::check_solution(&Grid::EMPTY, s).is_ok()));
/// ```
pub fn solutions(grid: &Grid) -> Solutions {
    Solutions::new(grid)
}

/// The solving methods on [`Grid`] itself, the way the `sudoku` crate offers them.
///
/// ```
/// use simdoku::{Grid, GridExt};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// assert!(g.is_uniquely_solvable());
/// assert_eq!(g.solution().unique(), g.some_solution());
/// assert_eq!(g.solutions_count_up_to(10), 1);
/// ```
pub trait GridExt {
    /// A solution, if any ([`solve`]).
    fn some_solution(&self) -> Option<Grid>;
    /// The solution only if unique ([`solve_unique`]).
    fn solution(&self) -> Solution;
    /// Solutions counted up to `limit` ([`count`]).
    fn solutions_count_up_to(&self, limit: u64) -> u64;
    /// Exactly one solution ([`is_unique`]).
    fn is_uniquely_solvable(&self) -> bool;
    /// Every solution, lazily ([`solutions`]).
    fn solutions(&self) -> Solutions;
}

impl GridExt for Grid {
    fn some_solution(&self) -> Option<Grid> {
        solve(self)
    }
    fn solution(&self) -> Solution {
        solve_unique(self)
    }
    fn solutions_count_up_to(&self, limit: u64) -> u64 {
        count(self, limit)
    }
    fn is_uniquely_solvable(&self) -> bool {
        is_unique(self)
    }
    fn solutions(&self) -> Solutions {
        Solutions::new(self)
    }
}

/// The crate README's examples, run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
