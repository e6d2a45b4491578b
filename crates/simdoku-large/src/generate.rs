//! A seeded puzzle generator: a valid grid from a pattern, shuffled with the symmetries that
//! keep it valid, then cells emptied at random down to a chosen fraction of givens.
//!
//! The puzzles are solvable by construction, not necessarily unique. Random holes near 40-50%
//! givens are the hard region for all-different search (quasigroup completion with holes); the
//! solver fits these grids' pattern ([`crate::pattern`]), so measure the search itself on them
//! with `Config::pattern` off.

use std::time::Duration;

use crate::grid::LargeGrid;
use crate::solver::{Config, Solver, Status};

/// The seeded generator of the puzzles (core's, so a seed gives the same puzzle everywhere).
pub use simdoku_core::rng::Rng;

/// A random valid (plain, not X) grid of box size `n`: the plain pattern
/// `value(r, c) = (n * (r % n) + r / n + c) % N + 1` ([`crate::pattern`]'s `plain_value`), then
/// values relabelled, bands and stacks
/// permuted, rows and columns permuted inside them, and transposed half of the time.
pub fn solution_grid(n: usize, rng: &mut Rng) -> LargeGrid {
    let side = n * n;
    let line_order = |rng: &mut Rng| -> Vec<usize> {
        let bands = rng.permutation(n);
        let mut order = Vec::with_capacity(side);
        for &b in &bands {
            for k in rng.permutation(n) {
                order.push(b * n + k);
            }
        }
        order
    };
    let rows = line_order(rng);
    let cols = line_order(rng);
    let relabel = rng.permutation(side);
    let transpose = rng.below(2) == 1;
    let mut g = LargeGrid::empty(n);
    for r in 0..side {
        for c in 0..side {
            let (pr, pc) = (rows[r], cols[c]);
            let v = crate::pattern::plain_value(n, n, pr, pc);
            let (rr, cc) = if transpose { (c, r) } else { (r, c) };
            g.set(rr, cc, relabel[v] as u16 + 1);
        }
    }
    g
}

/// A random valid Sudoku-X grid of box size `n`, found by the solver from a random first row
/// (then values relabelled). `None` when the solver does not finish within `timeout`.
pub fn solution_grid_x(n: usize, rng: &mut Rng, timeout: Duration) -> Option<LargeGrid> {
    let side = n * n;
    let mut start = LargeGrid::empty(n);
    for (c, v) in rng.permutation(side).into_iter().enumerate() {
        start.set(0, c, v as u16 + 1);
    }
    let mut solver = Solver::new(n, true, Config::default());
    let (status, sol, _) = solver.count(&start, 1, Some(timeout));
    if status != Status::Solved {
        return None;
    }
    let sol = sol?;
    let relabel = rng.permutation(side);
    let cells = sol
        .cells()
        .iter()
        .map(|&v| relabel[v as usize - 1] as u8 + 1)
        .collect();
    LargeGrid::from_cells(n, cells).ok()
}

/// `grid` with cells emptied at random until `keep` givens remain.
pub fn remove_cells(grid: &LargeGrid, keep: usize, rng: &mut Rng) -> LargeGrid {
    let side = grid.side();
    let filled: Vec<usize> = (0..side * side).filter(|&c| grid.cells()[c] != 0).collect();
    let order = rng.permutation(filled.len());
    let mut g = grid.clone();
    for &k in order.iter().skip(keep) {
        let c = filled[k];
        g.set(c / side, c % side, 0);
    }
    g
}

/// A puzzle and the solution it was cut from.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: the solution with cells emptied.
    pub puzzle: LargeGrid,
    /// The solved grid the puzzle was cut from (one of its solutions).
    pub solution: LargeGrid,
}

/// A puzzle of box size `n` (2..=11) with `givens` (0.0..=1.0) of its cells given, from `seed`.
///
/// ```
/// use simdoku_large::{check_solution, generate::generate};
/// let g = generate(4, 0.5, 7); // 16x16, half the cells given
/// assert_eq!((g.puzzle.side(), g.puzzle.givens()), (16, 128));
/// check_solution(&g.puzzle, &g.solution, false).unwrap();
/// assert_eq!(generate(4, 0.5, 7).puzzle, g.puzzle); // the same seed, the same puzzle
/// ```
pub fn generate(n: usize, givens: f64, seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let solution = solution_grid(n, &mut rng);
    let cells = (n * n * n * n) as f64;
    let keep = (givens.clamp(0.0, 1.0) * cells).round() as usize;
    Generated {
        puzzle: remove_cells(&solution, keep, &mut rng),
        solution,
    }
}
