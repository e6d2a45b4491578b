//! Mixed grids: solved grids that are not a shuffled pattern, and puzzles cut from them.
//!
//! [`crate::generate`] shuffles one pattern grid, and the solver's [`crate::pattern`] fit
//! recognises every such grid, so puzzles cut from them are easy whatever their givens. Here a
//! solved grid is mixed by many small swaps that keep it valid:
//!
//! * pick two rows of one band and a column; the row-to-row value map (the value in the first
//!   row to the value below it in the second) has a cycle through that column's value; swap the
//!   two rows' cells in the columns of that cycle. Each row keeps its set of values, each column
//!   swaps two of its cells, each box keeps its cells' values (both rows cross the same boxes);
//! * the same for two columns of one stack.
//!
//! Then cells are emptied at random down to a fraction of givens ([`generate`]), or one at a time
//! while the solution stays unique ([`minimize`]). Near 50-60% givens such puzzles are where
//! all-different search, CP and SAT solvers meet a hardness peak (see `bench-data/large/`).

use std::time::{Duration, Instant};

use crate::generate::{Generated, Rng, remove_cells, solution_grid};
use crate::grid::LargeGrid;
use crate::solver::{Config, Solver, Status};

/// Swaps per cell of the grid that [`mixed_grid`] makes (with 4 per cell the pattern fit finds
/// no pattern in the mixed grids of the tests, 16x16..100x100, and the peak of
/// `bench-data/large/peak_*` appears).
pub const SWAPS_PER_CELL: usize = 4;

/// One swap on `grid` (full and valid): rows of one band when `rows`, else columns of one stack.
/// The pair of lines and the starting cell are random. Returns the number of cells moved per line
/// (the cycle's length); 0, with the grid left as it is, on a shape without square boxes.
pub fn swap_cycle(grid: &mut LargeGrid, rows: bool, rng: &mut Rng) -> usize {
    let Some(n) = grid.box_size() else {
        return 0;
    };
    let side = grid.side();
    let band = rng.below(n);
    let a = band * n + rng.below(n);
    let mut b = band * n + rng.below(n - 1);
    if b >= a {
        b += 1;
    }
    // Cell k of line a / line b.
    let at = |g: &LargeGrid, line: usize, k: usize| {
        if rows { g.get(line, k) } else { g.get(k, line) }
    };
    // Where each value sits along line a.
    let mut pos = vec![0usize; side + 1];
    for k in 0..side {
        pos[usize::from(at(grid, a, k))] = k;
    }
    let start = rng.below(side);
    let mut k = start;
    let mut len = 0;
    loop {
        let (va, vb) = (at(grid, a, k), at(grid, b, k));
        if rows {
            grid.set(a, k, vb);
            grid.set(b, k, va);
        } else {
            grid.set(k, a, vb);
            grid.set(k, b, va);
        }
        len += 1;
        // The next cell of the cycle: where line a held the value that line b had here.
        k = pos[usize::from(vb)];
        if k == start {
            break;
        }
    }
    len
}

/// `grid` (full and valid) mixed by `swaps` random row and column swaps ([`swap_cycle`]).
pub fn mix(grid: &mut LargeGrid, swaps: usize, rng: &mut Rng) {
    for _ in 0..swaps {
        let rows = rng.below(2) == 0;
        swap_cycle(grid, rows, rng);
    }
}

/// A random valid grid of box size `n` (2..=11): a shuffled pattern grid mixed by
/// [`SWAPS_PER_CELL`] swaps per cell.
pub fn mixed_grid(n: usize, rng: &mut Rng) -> LargeGrid {
    let mut g = solution_grid(n, rng);
    let cells = n.pow(4);
    mix(&mut g, SWAPS_PER_CELL * cells, rng);
    g
}

/// A puzzle of box size `n` (2..=11) with a fraction `givens` (0.0..=1.0) of its cells given at
/// random, cut from a [`mixed_grid`] made from `seed`. Solvable by construction, usually not
/// unique.
pub fn generate(n: usize, givens: f64, seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let solution = mixed_grid(n, &mut rng);
    let cells = n.pow(4) as f64;
    let keep = (givens.clamp(0.0, 1.0) * cells).round() as usize;
    Generated {
        puzzle: remove_cells(&solution, keep, &mut rng),
        solution,
    }
}

/// What [`minimize`] made.
#[derive(Clone, Debug)]
pub struct Minimized {
    /// The puzzle: unique, and minimal when [`Minimized::minimal`].
    pub puzzle: LargeGrid,
    /// Whether every given was shown needed (false when a count ran out of time: that given
    /// was kept, so the puzzle is unique but perhaps not minimal).
    pub minimal: bool,
}

/// Removes givens of `puzzle` (whose unique solution is `solution`) one at a time in a random
/// order, keeping each removal after which the solution stays unique (the solver counts up to
/// 2; a count that takes longer than `per_count` keeps the given). Starting from the full
/// `solution` gives a minimal unique puzzle. Plain Sudoku (not X).
pub fn minimize(
    puzzle: &LargeGrid,
    solution: &LargeGrid,
    per_count: Duration,
    rng: &mut Rng,
) -> Minimized {
    let mut solver = Solver::for_shape(puzzle.shape(), false, Config::default());
    let m = remove_givens(&mut solver, puzzle, false, rng, || Some(Some(per_count)));
    debug_assert!(
        solution
            .cells()
            .iter()
            .zip(m.puzzle.cells())
            .all(|(&s, &p)| p == 0 || p == s)
    );
    m
}

/// [`minimize`] with `solver`, made for the puzzle's shape and variant (Sudoku-X too), for a
/// puzzle with one solution, within `budget` in all (`None`: every count runs to its end).
/// Each uniqueness check gets at most a quarter of the time left, so that one hard check
/// leaves time for the others; once less than a millisecond is left the givens not tried yet
/// are kept. With `no_guesses`, a removal stays only when the solver's propagation alone
/// still solves the puzzle (no guess), so the puzzle stays solvable without guessing if it
/// was.
pub fn minimize_with(
    solver: &mut Solver,
    puzzle: &LargeGrid,
    budget: Option<Duration>,
    no_guesses: bool,
    rng: &mut Rng,
) -> Minimized {
    let end = budget.and_then(|b| Instant::now().checked_add(b));
    remove_givens(solver, puzzle, no_guesses, rng, || match end {
        None => Some(None),
        Some(end) => {
            let left = end.saturating_duration_since(Instant::now());
            (left >= Duration::from_millis(1)).then_some(Some(left / 4))
        }
    })
}

/// The removal loop of [`minimize`]: `limit` gives each count's time limit (`Some(None)`: none),
/// or `None` when no time is left (the given is kept, unchecked).
fn remove_givens(
    solver: &mut Solver,
    puzzle: &LargeGrid,
    no_guesses: bool,
    rng: &mut Rng,
    mut limit: impl FnMut() -> Option<Option<Duration>>,
) -> Minimized {
    let side = puzzle.side();
    let mut g = puzzle.clone();
    let filled: Vec<usize> = (0..side * side).filter(|&c| g.cells()[c] != 0).collect();
    let mut minimal = true;
    for k in rng.permutation(filled.len()) {
        let Some(per_count) = limit() else {
            minimal = false;
            break;
        };
        let c = filled[k];
        let v = g.cells()[c];
        g.set(c / side, c % side, 0);
        let (status, _, stats) = solver.count(&g, 2, per_count);
        match status {
            Status::Unique if !no_guesses || stats.guesses == 0 => {}
            Status::TimedOut => {
                minimal = false;
                g.set(c / side, c % side, v);
            }
            _ => g.set(c / side, c % side, v),
        }
    }
    Minimized { puzzle: g, minimal }
}

/// A minimal unique puzzle of box size `n` from a [`mixed_grid`] made from `seed`
/// ([`minimize`] from the full grid, `per_count` per uniqueness check).
pub fn generate_minimal(n: usize, seed: u64, per_count: Duration) -> (Minimized, LargeGrid) {
    let mut rng = Rng::new(seed);
    let solution = mixed_grid(n, &mut rng);
    (
        minimize(&solution, &solution, per_count, &mut rng),
        solution,
    )
}
