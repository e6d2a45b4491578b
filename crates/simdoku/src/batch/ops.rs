//! The operations a batch runs on each puzzle: solve, solve only if unique, count; on a grid
//! with an engine, or on a pencilmark puzzle with its own candidate search.

use std::ops::ControlFlow;

use simdoku_core::{Engine, Grid, Search};
use simdoku_dispatch::Work;
use simdoku_tools::Pencilmarks;
use simdoku_tools::generate::{Solution, solve_unique, solve_unique_by};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// The first solution found.
    Solve,
    /// The solution only if it is unique.
    SolveUnique,
    /// The number of solutions, counting stops at the limit.
    Count(u64),
}

impl Op {
    /// The kind of work, for choosing the engine ([`engines::best`](crate::engines::best)).
    pub fn work(self) -> Work {
        match self {
            Op::Solve => Work::First,
            Op::SolveUnique => Work::Count,
            Op::Count(limit) if limit <= 2 => Work::Count,
            Op::Count(_) => Work::Enumerate,
        }
    }
}

/// What an [`Op`] found on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution: the first found ([`Op::Solve`]) or the only one ([`Op::SolveUnique`]).
    Solved(Grid),
    /// No solution.
    None,
    /// Several solutions ([`Op::SolveUnique`]); the first one found.
    Multiple(Grid),
    /// The number of solutions, up to the limit ([`Op::Count`]).
    Count(u64),
}

/// Runs `op` on `grid` with `engine`: the answer and the search (solutions seen, guesses).
///
/// ```
/// use simdoku::batch::{Answer, Op, answer};
/// let mut engine = simdoku::engines::best(Op::SolveUnique.work()).engine();
/// let (a, search) = answer(engine.as_mut(), &simdoku::Grid::EMPTY, Op::SolveUnique);
/// assert!(matches!(a, Answer::Multiple(_)));
/// assert_eq!(search.solutions, 2);
/// ```
pub fn answer(engine: &mut dyn Engine, grid: &Grid, op: Op) -> (Answer, Search) {
    match op {
        Op::Solve => {
            let (s, search) = engine.solve(grid);
            (s.map_or(Answer::None, Answer::Solved), search)
        }
        Op::SolveUnique => {
            let u = solve_unique(engine, grid);
            (unique_answer(u.solution, u.first), u.search)
        }
        Op::Count(limit) => {
            let search = engine.count(grid, limit);
            (Answer::Count(search.solutions), search)
        }
    }
}

/// Runs `op` on a pencilmark puzzle, with its own candidate search (engines take grids).
pub fn answer_marks(marks: &Pencilmarks, op: Op) -> (Answer, Search) {
    match op {
        Op::Solve => {
            let mut first = None;
            let search = marks.visit(&mut |s| {
                first = Some(*s);
                ControlFlow::Break(())
            });
            (first.map_or(Answer::None, Answer::Solved), search)
        }
        Op::SolveUnique => {
            let u = solve_unique_by(|v| marks.visit(v));
            (unique_answer(u.solution, u.first), u.search)
        }
        Op::Count(limit) => {
            let search = marks.count(limit);
            (Answer::Count(search.solutions), search)
        }
    }
}

fn unique_answer(solution: Solution, first: Option<Grid>) -> Answer {
    match (solution, first) {
        (Solution::Unique(s), _) => Answer::Solved(s),
        (Solution::Multiple, Some(s)) => Answer::Multiple(s),
        _ => Answer::None,
    }
}
