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

/// Why a puzzle minimized for propagation alone kept every given ([`Minimized::needs_guess`]),
/// as the command and Python say it.
pub const NEEDS_GUESS: &str = "needs a guess as given (propagation alone does not solve it)";

/// What [`minimize`] made.
#[derive(Clone, Debug)]
pub struct Minimized {
    /// The puzzle: unique, and minimal when [`Minimized::minimal`].
    pub puzzle: LargeGrid,
    /// Whether every given was shown needed (false when a count ran out of time: that given
    /// was kept, so the puzzle is unique but perhaps not minimal).
    pub minimal: bool,
    /// Minimizing for propagation alone (`no_guesses`), the puzzle as given needs a guess:
    /// removing givens cannot make it solvable without one, so none was removed (and
    /// [`Minimized::minimal`] is false).
    pub needs_guess: bool,
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

/// A new puzzle made from `template` (a grid with its givens, perhaps none: its shape, regions
/// and variant are the solver's) and `solution`, one of its solutions: the values that no given
/// of the template holds are relabelled at random (any relabelling of those keeps a solution of
/// the template), then givens are taken away from the full grid as in [`minimize_with`]. The
/// puzzle's unique solution is the relabelled grid, returned with it; it agrees with every
/// given of the template, which the puzzle itself need not keep. sigh's Large-Sudoku-Solver
/// calls this "generate" (it prints the values its search guessed); here the puzzle is also
/// minimal, and with `no_guesses` solved by propagation alone.
///
/// ```
/// use simdoku_large::generate::Rng;
/// use simdoku_large::{Config, LargeGrid, Solver, Status, check_solution, mixed};
/// let template = LargeGrid::empty(3);
/// let mut solver = Solver::new(3, false, Config::default());
/// let (_, first, _) = solver.count(&template, 1, None);
/// let (solution, made) =
///     mixed::from_template(&mut solver, &template, &first.unwrap(), None, false, &mut Rng::new(7));
/// assert!(made.minimal);
/// assert_eq!(solver.count(&made.puzzle, 2, None).0, Status::Unique);
/// check_solution(&made.puzzle, &solution, false).unwrap();
/// ```
pub fn from_template(
    solver: &mut Solver,
    template: &LargeGrid,
    solution: &LargeGrid,
    budget: Option<Duration>,
    no_guesses: bool,
    rng: &mut Rng,
) -> (LargeGrid, Minimized) {
    let side = template.side();
    let mut given = vec![false; side + 1];
    for &v in template.cells() {
        given[usize::from(v)] = true;
    }
    let free: Vec<u16> = (1..=side as u16)
        .filter(|&v| !given[usize::from(v)])
        .collect();
    let mut label: Vec<u16> = (0..=side as u16).collect();
    for (k, &to) in rng.permutation(free.len()).iter().enumerate() {
        label[usize::from(free[k])] = free[to];
    }
    let cells = solution
        .cells()
        .iter()
        .map(|&v| label[usize::from(v)])
        .collect();
    let grid = LargeGrid::with_values(solution.shape().clone(), cells)
        .expect("values relabelled in range");
    let made = minimize_with(solver, &grid, budget, no_guesses, rng);
    (grid, made)
}

/// What [`reduce`] makes, as `simdoku large --minimize` and `--generate` take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduce {
    /// A new puzzle from the grid as a template ([`from_template`]) instead of a minimal one
    /// with the grid's own solution ([`minimize_with`]).
    pub from_template: bool,
    /// Keep only removals after which propagation alone solves the puzzle.
    pub no_guesses: bool,
    /// The seed of the order givens are tried in (and of the template's relabelling).
    pub seed: u64,
}

impl Reduce {
    /// The count the grid needs first: to 2 (a unique grid) to minimize, to 1 (any solution) to
    /// use it as a template.
    pub fn limit(&self) -> u64 {
        if self.from_template { 1 } else { 2 }
    }
}

/// The puzzle `how` makes of `grid`, counted first to `how.limit()` with `status` and first
/// solution `first`: its solution and the puzzle ([`from_template`] from a solved template,
/// [`minimize_with`] of a unique grid), within `budget`; `None` when the count allows neither.
pub fn reduce(
    solver: &mut Solver,
    grid: &LargeGrid,
    status: Status,
    first: Option<&LargeGrid>,
    how: Reduce,
    budget: Option<Duration>,
) -> Option<(LargeGrid, Minimized)> {
    let mut rng = Rng::new(how.seed);
    match (how.from_template, status, first) {
        (true, Status::Solved, Some(first)) => Some(from_template(
            solver,
            grid,
            first,
            budget,
            how.no_guesses,
            &mut rng,
        )),
        (false, Status::Unique, Some(solution)) => Some((
            solution.clone(),
            minimize_with(solver, grid, budget, how.no_guesses, &mut rng),
        )),
        _ => None,
    }
}

/// The removal loop of [`minimize`]: `limit` gives each count's time limit (`Some(None)`: none),
/// or `None` when no time is left (the given is kept, unchecked).
///
/// Two passes over the givens in one random order. The first takes away each given whose
/// removal leaves the puzzle solved by propagation alone (one propagation each, no search; such
/// a puzzle is unique); the second, unless `no_guesses`, tries each given left with a count to
/// two. Every given kept was needed by a puzzle holding the final one, so the end is minimal;
/// and a budget that runs out in the second pass still leaves a puzzle as sparse as
/// propagation alone allows (a full 25x25 Sudoku-X grid, one pass with counts only: 271
/// givens left in 60 s).
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
    let order: Vec<usize> = rng
        .permutation(filled.len())
        .into_iter()
        .map(|k| filled[k])
        .collect();
    // The houses of each cell, for the naked-single shortcut below.
    let houses = puzzle.shape().houses(solver.is_x());
    let mut cell_houses = vec![Vec::new(); side * side];
    for (h, (_, cells)) in houses.iter().enumerate() {
        for &c in cells {
            cell_houses[c].push(h);
        }
    }
    let mut seen = vec![0u32; side + 1];
    let mut left = Vec::with_capacity(order.len());
    let mut minimal = true;
    // Propagation that does not solve the puzzle solves none with fewer givens: then the
    // first pass has nothing to take.
    let needs_guess = !solver.solved_by_propagation(&g);
    let first_pass = if needs_guess {
        left.extend_from_slice(&order);
        &[]
    } else {
        &order[..]
    };
    for (k, &c) in first_pass.iter().enumerate() {
        if limit().is_none() {
            minimal = false;
            left.extend_from_slice(&order[k..]);
            break;
        }
        let v = g.cells()[c];
        g.set(c / side, c % side, 0);
        // When the other givens of the cell's houses hold every value but its own, propagation
        // puts it back first and goes on as before the removal: no need to propagate (the
        // dense start of a full grid, where a propagation costs the whole grid).
        let mark = k as u32 + 1;
        let mut distinct = 0;
        for &h in &cell_houses[c] {
            for &p in &houses[h].1 {
                let w = usize::from(g.cells()[p]);
                if w != 0 && seen[w] != mark {
                    seen[w] = mark;
                    distinct += 1;
                }
            }
        }
        if distinct + 1 != side && !solver.solved_by_propagation(&g) {
            g.set(c / side, c % side, v);
            left.push(c);
        }
    }
    if no_guesses {
        return Minimized {
            puzzle: g,
            minimal: minimal && !needs_guess,
            needs_guess,
        };
    }
    for c in left {
        let Some(per_count) = limit() else {
            minimal = false;
            break;
        };
        let v = g.cells()[c];
        g.set(c / side, c % side, 0);
        let (status, _, _) = solver.count(&g, 2, per_count);
        match status {
            Status::Unique => {}
            Status::TimedOut => {
                minimal = false;
                g.set(c / side, c % side, v);
            }
            _ => g.set(c / side, c % side, v),
        }
    }
    Minimized {
        puzzle: g,
        minimal,
        needs_guess: false,
    }
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
