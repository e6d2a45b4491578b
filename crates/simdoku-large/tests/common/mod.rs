//! Test grids more than one test file needs.

use simdoku_large::LargeGrid;
use simdoku_large::generate::{self, Rng};

/// 16x16 puzzles (140 cells emptied, seed 5) with the first and last givens of a row swapped,
/// row `round` for rounds 0..8, with their round: the givens still differ in every house (the
/// rounds where they would not are left out), but most such grids have no completion.
pub fn swapped_row_grids() -> Vec<(usize, LargeGrid)> {
    let mut rng = Rng::new(5);
    let mut out = Vec::new();
    for round in 0..8 {
        let full = generate::solution_grid(4, &mut rng);
        let mut g = generate::remove_cells(&full, 140, &mut rng);
        let row = round % 16;
        let given: Vec<usize> = (0..16).filter(|&c| g.get(row, c) != 0).collect();
        let (a, b) = (given[0], given[given.len() - 1]);
        let (va, vb) = (g.get(row, a), g.get(row, b));
        g.set(row, a, vb);
        g.set(row, b, va);
        if g.conflict(false).is_none() {
            out.push((round, g));
        }
    }
    out
}
