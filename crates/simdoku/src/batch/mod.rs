//! The batch layer: the one line classifier ([`classify_line`], [`classify_text`],
//! [`parse_cells`]), the puzzles drawn over nine lines ([`GridLines`]), the records of a whole
//! file as the command line reads it ([`Reader`], [`read_text`]; large grids' files:
//! [`parse_large_each`]), the operations on each puzzle
//! ([`Op`], [`answer`], [`answer_marks`]), and
//! the one ordered [`Pipeline`](crate::pipeline::Pipeline) that runs them on all cores (chunks
//! of [`CHUNK`](crate::pipeline::CHUNK) items, input order kept, a panic caught per item,
//! progress after each chunk). The CLI and the Python package run every batch through it.
//! Human-style solving runs on the same pipeline without an engine: [`board_of`],
//! [`explain_lines`], [`hint_lines`], [`rate_se_lines`] (Sudoku Explainer's ER/EP/ED),
//! [`map_logic`].
//!
//! Results keep input order, one [`Result`] per item, so one bad line or one engine failure
//! never sinks the batch. For inputs that do not fit in memory, use the
//! [`Pipeline`](crate::pipeline::Pipeline), which reads any iterator a chunk at a time.
//!
//! ```
//! let lines = [
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     "1234",
//! ];
//! let out = simdoku::batch::solve_lines(&lines);
//! assert!(out[0].as_ref().unwrap().is_some());
//! assert_eq!(out[1].as_ref().unwrap_err().to_string(), "expected 81 cells, found 4");
//! ```

mod classify;
mod drawn;
mod json;
mod large;
mod logic;
mod ops;
mod read;

use std::fmt;

use simdoku_core::{Engine, Grid};
use simdoku_dispatch::pipeline::{Panicked, map_chunk};
use simdoku_dispatch::{EngineSpec, Work, best};

pub use classify::{
    Entry, MAX_LINE, classify_line, classify_text, is_header, parse_cells, starts_with_cells,
};
pub use drawn::{Drawn, Fed, GridLines, classify_drawn, drawn_row, is_rule, is_title};
pub use large::{parse_large, parse_large_each};
pub use logic::{board_of, explain_lines, hint_lines, map_logic, rate_se, rate_se_lines};
pub use ops::{Answer, Op, answer, answer_marks};
pub use read::{Line, LineReader, Reader, Record, decode_text, echo_field, read_text};

use crate::solve::{Solution, unique};

/// Why one item of a batch has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// The line is not a puzzle: the reason ([`classify_text`]).
    Invalid(String),
    /// The engine panicked on it (a bug; please report it).
    Panicked(Panicked),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Invalid(e) => e.fmt(f),
            BatchError::Panicked(p) => p.fmt(f),
        }
    }
}

impl std::error::Error for BatchError {}

/// Runs `work` on every item on the current rayon pool with one engine of `spec` per worker:
/// results in input order, a panic caught as that item's [`Panicked`] (the worker's engine
/// is then made anew). One chunk of the [`Pipeline`](crate::pipeline::Pipeline), for items
/// already in memory.
///
/// ```
/// use simdoku::batch::{Op, answer, map};
/// let spec = simdoku::engines::best(Op::Solve.work());
/// let out = map(spec, &[simdoku::Grid::EMPTY], |e, g| answer(e, g, Op::Solve).0);
/// assert!(matches!(out[0], Ok(simdoku::batch::Answer::Solved(_))));
/// ```
pub fn map<T: Sync, R: Send>(
    spec: &EngineSpec,
    items: &[T],
    work: impl Fn(&mut dyn Engine, &T) -> R + Sync,
) -> Vec<Result<R, Panicked>> {
    map_chunk(
        items,
        &|| spec.engine(),
        &|e: &mut Box<dyn Engine>, t: &T| work(e.as_mut(), t),
    )
}

fn run<T: Sync, R: Send>(
    spec: &EngineSpec,
    items: &[T],
    work: impl Fn(&mut dyn Engine, &T) -> Result<R, BatchError> + Sync,
) -> Vec<Result<R, BatchError>> {
    map(spec, items, work)
        .into_iter()
        .map(|r| r.map_err(BatchError::Panicked).and_then(|x| x))
        .collect()
}

/// A line's puzzle ([`classify_text`]); pencilmark lines are not read here.
fn puzzle_of(line: &str) -> Result<Grid, BatchError> {
    match classify_text(line.as_bytes()) {
        Entry::Puzzle(g) => Ok(g),
        Entry::Pencilmarks(_) => Err(BatchError::Invalid(
            "a 729-character pencilmark line (not read here)".to_string(),
        )),
        Entry::Invalid(reason) => Err(BatchError::Invalid(reason)),
    }
}

/// A solution of each puzzle (`None`: no solution), in input order.
///
/// ```
/// use simdoku::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let out = simdoku::batch::solve(&[g, Grid::EMPTY]);
/// assert!(out.iter().all(|r| matches!(r, Ok(Some(_)))));
/// ```
pub fn solve(puzzles: &[Grid]) -> Vec<Result<Option<Grid>, BatchError>> {
    run(best(Work::First), puzzles, |e, g| Ok(e.solve(g).0))
}

/// Each puzzle's [`Solution`] (none, unique, several), in input order.
///
/// ```
/// use simdoku::{Grid, Solution};
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let out = simdoku::batch::solve_unique(&[g, Grid::EMPTY]);
/// assert!(matches!(out[0], Ok(Solution::Unique(_))));
/// assert!(matches!(out[1], Ok(Solution::Multiple)));
/// ```
pub fn solve_unique(puzzles: &[Grid]) -> Vec<Result<Solution, BatchError>> {
    run(best(Work::Count), puzzles, |e, g| Ok(unique(e, g)))
}

/// Each puzzle's number of solutions, counting stops at `limit`, in input order (a `limit` of 0
/// counts nothing: every count 0).
///
/// ```
/// use simdoku::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
/// let out = simdoku::batch::count(&[g, Grid::EMPTY], 2);
/// assert_eq!((out[0].as_ref().ok(), out[1].as_ref().ok()), (Some(&1), Some(&2)));
/// ```
pub fn count(puzzles: &[Grid], limit: u64) -> Vec<Result<u64, BatchError>> {
    run(best(Work::Count), puzzles, |e, g| {
        Ok(e.count(g, limit).solutions)
    })
}

/// Classifies and solves each line ([`classify_text`]: 81 cells, anything after them
/// ignored, contradictory givens an error), in input order.
///
/// ```
/// let lines = [
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     "not a puzzle",
///     "11...............................................................................",
/// ];
/// let out = simdoku::batch::solve_lines(&lines);
/// assert!(matches!(out[0], Ok(Some(_))));
/// assert!(out[1].is_err() && out[2].is_err()); // one bad line never sinks the others
/// ```
pub fn solve_lines<S: AsRef<str> + Sync>(lines: &[S]) -> Vec<Result<Option<Grid>, BatchError>> {
    run(best(Work::First), lines, |e, l| {
        Ok(e.solve(&puzzle_of(l.as_ref())?).0)
    })
}

/// Classifies each line and counts its solutions up to `limit`, in input order.
///
/// ```
/// let lines = ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "bad"];
/// let out = simdoku::batch::count_lines(&lines, 2);
/// assert_eq!(out[0].as_ref().ok(), Some(&1));
/// assert!(out[1].is_err());
/// ```
pub fn count_lines<S: AsRef<str> + Sync>(lines: &[S], limit: u64) -> Vec<Result<u64, BatchError>> {
    run(best(Work::Count), lines, |e, l| {
        Ok(e.count(&puzzle_of(l.as_ref())?, limit).solutions)
    })
}
