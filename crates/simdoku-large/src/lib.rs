//! Large grids (4x4 .. 400x400), rectangular boxes, jigsaw regions, and Sudoku-X on each.
//!
//! * [`Shape`]: the geometry of an N x N grid: square boxes (9x9, 16x16, ... 400x400),
//!   rectangular boxes R x C (6x6 with 2x3, 12x12 with 3x4, ...) or a jigsaw region map;
//! * [`LargeGrid`]: an N x N grid of a shape; [`check_solution`], the rules checker (rows,
//!   columns, regions, and both diagonals for Sudoku-X);
//! * [`text`]: reading files (one grid per line as characters, or N lines of N numbers) and
//!   writing grids back in the form they were read in;
//! * [`Solver`]: candidate bitsets, singles, box/line intersections and all-different GAC
//!   (Régin's matching + SCC filtering), dom/wdeg branching; solve, count up to a limit,
//!   stop at a time limit; above 128x128 singles and depth-first search on multi-word sets
//!   (`wide.rs`);
//! * [`cdcl`]: the clause-learning search that takes over after root propagation from 16x16 up;
//! * [`generate`]: a seeded generator of puzzles of any size;
//! * [`mixed`]: grids mixed by small swaps (not a pattern) and minimal puzzles cut from them;
//! * [`pattern`]: fitting the givens to a shuffled pattern grid, whose completion the search
//!   tries first;
//! * [`Gac9`]: the same engine behind the core 9x9 `Engine` trait;
//! * [`portfolio`]: one grid on several threads ([`Config::threads`]): searches that differ
//!   race on it, share short learned clauses, and the first to end stops the others; and
//!   the [`portfolio::Crew`] whose idle threads (the end of a batch) join grids still running.
//!
//! ```
//! use simdoku_large::{Config, LargeGrid, Solver, Status, check_solution};
//! let empty = LargeGrid::empty(5); // 25x25
//! let cfg = Config { threads: 2, ..Config::default() };
//! let (status, solution, stats) = Solver::new(5, false, cfg).count(&empty, 3, None);
//! assert_eq!((status, stats.solutions), (Status::Multiple, 3));
//! check_solution(&empty, &solution.unwrap(), false).unwrap();
//! ```
//!
//! See the crate README for the text forms and use.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Cell counts (at most 160000) and milliseconds as f64 for fractions and reports.
#![allow(clippy::cast_precision_loss)]

pub mod cdcl;
mod config;
mod dom;
pub mod engine9;
pub mod generate;
pub mod grid;
mod matching;
pub mod mixed;
pub mod pattern;
pub mod portfolio;
mod restart;
mod scc;
pub mod shape;
pub mod solver;
pub mod text;
mod wide;

pub use engine9::Gac9;
pub use grid::{House, LargeGrid, Violation, check_solution};
pub use shape::{Regions, Shape};
pub use solver::{Branch, Config, Learn, MAX_THREADS, Solver, Stats, Status};
pub use text::{Alphabet, Form, Puzzle, TextError};
