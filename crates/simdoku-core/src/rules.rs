//! The rules checker: is a grid a valid complete Sudoku, and does it keep a puzzle's givens.

use std::fmt;

use crate::grid::Grid;
use crate::tables::{Cells, UNITS};

/// The fewest givens of a puzzle with one solution: no grid of 16 has one (shown by an
/// exhaustive search in 2012), so a sparser grid has none or several.
pub const MIN_CLUES: usize = 17;

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The cell (0..81) is empty.
    Empty(u8),
    /// A unit lacks a digit.
    Missing {
        /// The unit: an index into [`UNITS`] (rows 0-8, columns 9-17, boxes 18-26).
        unit: u8,
        /// The digit it lacks, 1-9.
        digit: u8,
    },
    /// The cell changes a given of the puzzle.
    ChangedGiven(u8),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Empty(c) => write!(f, "cell r{}c{} is empty", c / 9 + 1, c % 9 + 1),
            Violation::Missing { unit, digit } => {
                let kind = ["row", "column", "box"][unit as usize / 9];
                write!(f, "{kind} {} lacks digit {digit}", unit % 9 + 1)
            }
            Violation::ChangedGiven(c) => {
                write!(f, "cell r{}c{} changes a given", c / 9 + 1, c % 9 + 1)
            }
        }
    }
}

/// Checks that `grid` is full and every row, column and box holds each digit once.
pub fn check_complete(grid: &Grid) -> Result<(), Violation> {
    if let Some(c) = grid.cells().iter().position(|&v| v == 0) {
        return Err(Violation::Empty(c as u8));
    }
    for (u, &mask) in UNITS.iter().enumerate() {
        let seen = Cells(mask).fold(0u16, |acc, c| acc | 1 << grid.get(c));
        if seen != 0b11_1111_1110 {
            let digit = (1..=9).find(|d| seen & (1 << d) == 0).unwrap_or(0);
            return Err(Violation::Missing {
                unit: u as u8,
                digit,
            });
        }
    }
    Ok(())
}

/// Checks that `solution` is a valid complete grid that keeps every given of `puzzle`.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), Violation> {
    check_complete(solution)?;
    for c in 0..81 {
        let given = puzzle.get(c);
        if given != 0 && given != solution.get(c) {
            return Err(Violation::ChangedGiven(c as u8));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn accepts_a_solution_and_names_each_violation() {
        let s = Grid::parse(S).unwrap();
        let mut p = s;
        p.set(5, 0);
        assert_eq!(check_solution(&p, &s), Ok(()));
        assert_eq!(check_complete(&p), Err(Violation::Empty(5)));
        let mut other = s;
        other.set(0, 9);
        assert!(matches!(
            check_complete(&other),
            Err(Violation::Missing { .. })
        ));
        // Swap two rows' first cells' values would break columns; instead change a given.
        let mut q = Grid::EMPTY;
        q.set(0, 1);
        assert_eq!(check_solution(&q, &s), Err(Violation::ChangedGiven(0)));
    }
}
