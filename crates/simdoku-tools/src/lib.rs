//! Puzzle tools over the simdoku engines: enumerate solutions, generate puzzles (unique or
//! minimal, with a clue symmetry), minimize and rate puzzles, canonical forms under the Sudoku
//! symmetries, and pencilmark (Sukaku) puzzles with their own small solver.
//!
//! The tools take any `&mut dyn Engine` for the heavy counting, so the fastest engine this CPU
//! runs does the work (`simdoku_dispatch::best(Work::Count)`).
//!
//! ```
//! use simdoku_tools::{GenerateOptions, Rng, canonical, generate};
//! let mut engine = simdoku_dispatch::best(simdoku_dispatch::Work::Count).engine();
//! let g = generate(engine.as_mut(), &GenerateOptions { clues: 30, ..Default::default() },
//!                  &mut Rng::new(1));
//! assert_eq!(engine.count(&g.puzzle, 2).solutions, 1);
//! let c = canonical(&g.puzzle);
//! assert_eq!(canonical(&c), c);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod canon;
pub mod generate;
pub mod marks;
pub mod minlex;
pub mod rate;
pub mod symmetry;

pub use canon::{Canonicalizer, canonical};
pub use generate::{
    ClueSymmetry, GenerateOptions, Generated, NotUnique, generate, generate_from, is_minimal,
    minimize, random_solution,
};
pub use marks::{MarksError, Pencilmarks, Singles, singles_grade};
pub use minlex::{automorphisms, minlex};
pub use rate::{Rating, rate};
pub use simdoku_core::rng::Rng;
pub use symmetry::Symmetry;

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
