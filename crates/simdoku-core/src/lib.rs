//! The portable core of simdoku.
//!
//! * [`Grid`]: a 9x9 puzzle or solution, its text forms and parse errors;
//! * [`rules`]: the rules checker every test uses;
//! * [`tables`]: cell, unit and peer masks over 81-bit fields (`u128`, bit = 9 * row + column);
//! * [`Engine`]: the one contract every solver implements (solve, count, visit, guesses);
//! * engines: [`scalar`] (bitboard singles + fewest-candidates branching) and [`bands`] (exact
//!   cover of band patterns: whole-digit placements, fewest-placements digit first); both share
//!   one candidate state and its singles (the private `candidates` module);
//! * [`bandwords`]: locked candidates and hidden singles of one digit on three band words,
//!   written once over a small trait (`scalar` uses it on `[u32; 3]`, the `sse` engine of
//!   simdoku-simd on a 128-bit vector).
//!
//! * [`stall`]: what a search branches on once stalled (pairs of cells and of digits' places);
//! * [`rng`]: the workspace's one seeded generator;
//!
//! No `unsafe`, no `std::arch`, no required dependencies: this crate builds on any target.
//! Features: `serde` (a [`Grid`] is its 81-character line), `rand_core` (`rng::Rng` implements
//! `RngCore`), `testkit` (the shared engine tests; they read the workspace's `bench-data/`, so
//! only the workspace's own tests turn it on).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bands;
pub mod bandwords;
mod candidates;
pub mod engine;
pub mod grid;
pub mod rng;
pub mod rules;
pub mod scalar;
pub mod stall;
pub mod tables;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

pub use engine::{Engine, Search, Sink, Solved, Tally, Visitor};
pub use grid::{Conflict, Grid, ParseError, ParseErrorKind, Unit};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
