//! Many puzzles on all cores: results in input order, one [`Result`] per item, so one bad
//! line or one engine failure never sinks the batch. For inputs that do not fit in memory, use
//! [`pipeline::Pipeline`](crate::pipeline::Pipeline), which reads any iterator a chunk at a
//! time.
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

use std::fmt;

use simdoku_core::{Engine, Grid, ParseError};
use simdoku_dispatch::pipeline::{Panicked, map_chunk};
use simdoku_dispatch::{EngineSpec, Work, best};

use crate::solve::{Solution, unique};

/// Why one item of a batch has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// The line is not a puzzle.
    Parse(ParseError),
    /// The engine panicked on it (a bug; please report it).
    Panicked(Panicked),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Parse(e) => e.fmt(f),
            BatchError::Panicked(p) => p.fmt(f),
        }
    }
}

impl std::error::Error for BatchError {}

fn run<T: Sync, R: Send>(
    spec: &EngineSpec,
    items: &[T],
    work: impl Fn(&mut dyn Engine, &T) -> Result<R, BatchError> + Sync,
) -> Vec<Result<R, BatchError>> {
    map_chunk(
        items,
        &|| spec.engine(),
        &|e: &mut Box<dyn Engine>, t: &T| work(e.as_mut(), t),
    )
    .into_iter()
    .map(|r| r.map_err(BatchError::Panicked).and_then(|x| x))
    .collect()
}

/// A solution of each puzzle (`None`: no solution), in input order.
pub fn solve(puzzles: &[Grid]) -> Vec<Result<Option<Grid>, BatchError>> {
    run(best(Work::First), puzzles, |e, g| Ok(e.solve(g).0))
}

/// Each puzzle's [`Solution`] (none, unique, several), in input order.
pub fn solve_unique(puzzles: &[Grid]) -> Vec<Result<Solution, BatchError>> {
    run(best(Work::Count), puzzles, |e, g| Ok(unique(e, g)))
}

/// Each puzzle's number of solutions, counting stops at `limit`, in input order.
pub fn count(puzzles: &[Grid], limit: u64) -> Vec<Result<u64, BatchError>> {
    run(best(Work::Count), puzzles, |e, g| {
        Ok(e.count(g, limit).solutions)
    })
}

/// Parses and solves each line (the 81-character line form), in input order.
pub fn solve_lines<S: AsRef<str> + Sync>(lines: &[S]) -> Vec<Result<Option<Grid>, BatchError>> {
    run(best(Work::First), lines, |e, l| {
        let g = Grid::parse(l.as_ref()).map_err(BatchError::Parse)?;
        Ok(e.solve(&g).0)
    })
}

/// Parses each line and counts its solutions up to `limit`, in input order.
pub fn count_lines<S: AsRef<str> + Sync>(lines: &[S], limit: u64) -> Vec<Result<u64, BatchError>> {
    run(best(Work::Count), lines, |e, l| {
        let g = Grid::parse(l.as_ref()).map_err(BatchError::Parse)?;
        Ok(e.count(&g, limit).solutions)
    })
}
