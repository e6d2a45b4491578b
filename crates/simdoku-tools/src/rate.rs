//! Difficulty: the engine's guesses, averaged over random symmetries of the puzzle (an engine's
//! guess count depends on the order it meets cells and digits in; averaging over equivalent
//! puzzles removes most of that luck), and a human-style grade (how far singles go).

use simdoku_core::{Engine, Grid};

use crate::marks::{Pencilmarks, Singles, singles_grade};
use crate::symmetry::Symmetry;
use simdoku_core::rng::Rng;

/// A puzzle's difficulty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Solutions (counted to 2).
    pub solutions: u64,
    /// Mean guesses of a count to 2 over the symmetries tried.
    pub guesses: f64,
    /// How far naked and hidden singles go.
    pub grade: Singles,
}

/// Rates `puzzle`: `samples` random symmetries (at least one; the first is the puzzle itself),
/// each counted to 2 by `engine`.
///
/// ```
/// use simdoku_tools::{Rng, Singles, rate};
/// // Guess counts are each engine's own; the scalar engine is the portable reference.
/// let mut engine = simdoku_core::scalar::Scalar::new();
/// // The first puzzle of the forum's hardest list.
/// let p = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// let r = rate(&mut engine, &p.parse().unwrap(), 16, &mut Rng::new(1));
/// assert_eq!((r.solutions, r.grade), (1, Singles::Beyond));
/// assert!(r.guesses > 0.0);
/// ```
pub fn rate(engine: &mut dyn Engine, puzzle: &Grid, samples: usize, rng: &mut Rng) -> Rating {
    let samples = samples.max(1);
    let first = engine.count(puzzle, 2);
    let mut total = first.guesses;
    for _ in 1..samples {
        let g = Symmetry::random(rng).apply(puzzle);
        total += engine.count(&g, 2).guesses;
    }
    Rating {
        solutions: first.solutions,
        guesses: total as f64 / samples as f64,
        grade: singles_grade(&Pencilmarks::from_grid(puzzle)),
    }
}
