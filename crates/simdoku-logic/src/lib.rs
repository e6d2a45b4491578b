//! Human-style Sudoku solving on Sudoku Explainer's technique scale.
//!
//! [`next_step`] finds the step a person would take next (the first technique that applies, in
//! the order Sudoku Explainer tries them, with its difficulty), [`explain`] applies steps until
//! the board is solved, [`rate`] gives Explainer's three ratings (ER, EP, ED) when this crate's
//! techniques reproduce Explainer's solving path. [`hint`], [`explain`] and [`rate`] count the
//! board's solutions to two first ([`count_solutions`]) and take no step on a board with none
//! or several ([`Hint::NoSolution`], [`Hint::Multiple`], [`Explanation::solutions`]).
//!
//! ```
//! use simdoku_logic::{Board, explain, rate};
//! let b = Board::parse(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! ).unwrap();
//! let e = explain(&b);
//! assert!(e.solved());
//! assert_eq!(e.steps[0].to_string(), "r6c2=4 hidden single in box 4");
//! assert_eq!(rate(&b).unwrap().to_string(), "2.6/1.2/1.2");
//! ```
//!
//! The techniques and their difficulties are those of `serate` (`SukakuExplainer`, default
//! options), learned as facts from its sources; the code is ours. Implemented: singles,
//! direct intersections and hidden pairs/triples, intersections, naked and hidden subsets,
//! X-Wing, Swordfish, Jellyfish, two strong links (skyscraper, kite, turbot fish, grouped), XY-
//! and XYZ-Wing, unique rectangles and loops (types 1-4), three strong links, the WXYZ-Wing,
//! the BUG (types 1-4), four strong links, the VWXYZ-Wing, aligned pair exclusion, the
//! UVWXYZ-Wing, and the chains with the rules Explainer tries among them: X-, Y- and
//! bidirectional cycles, forcing X-chains and forcing chains, the TUVWXYZ-Wing, aligned triplet
//! exclusion, Nishio, cell and region forcing chains, dynamic forcing chains (contradiction,
//! double, cell, region), dynamic forcing chains (+) (the same with intersections, hidden
//! and naked pairs and X-Wings applied inside the chains) and the nested forcing chains (the
//! dynamic ones with, inside, the cycles and forcing chains: 9.5; the cell and region forcing
//! chains: 10.0; the dynamic forcing chains of each level in turn: 10.5). That is all of
//! Explainer's default rules, in its order, so every puzzle with one solution gets a rating;
//! the nested levels are tried only on a board with one solution. Unique loops and the BUG
//! assume the puzzle has one solution, as Explainer's do.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod advanced;
mod aligned;
mod board;
mod bug;
#[cfg(test)]
mod chain_tests;
mod chains;
mod forcing;
mod links;
mod links4;
mod solve;
mod step;
mod strong;
mod tech;
#[cfg(test)]
mod testboard;
mod unique;
mod wings;

pub use board::{Board, BoardError, House, cell_name, digits};
pub use solve::{
    Explanation, Hint, Rating, Solutions, Unrated, count_solutions, explain, hardest, hint,
    next_step, rate, rating_of,
};
pub use step::{Step, Technique};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
