//! What the solver tells the game: solution counts, the digits each cell can still take, the legal
//! moves, and enumeration of solutions. Every answer here is proven: a digit is called possible
//! only when a solution with it was found, impossible only when the solver found none.

use std::ops::ControlFlow;

use simdoku_core::{Engine, Grid};
use simdoku_dispatch::Work;

use crate::moves::{Move, clash};

/// Digit sets per cell: bit `d` (1..=9) set when some solution has `d` there.
pub type Candidates = [u16; 81];

/// The solver front end of the game, through the fastest engines dispatch offers.
pub struct Analyzer {
    counter: Box<dyn Engine>,
    enumerator: Box<dyn Engine>,
    /// Solutions seen by `enumerate` (for the solutions/s figure).
    pub enumerated: u64,
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyzer")
            .field("counter", &self.counter.name())
            .field("enumerator", &self.enumerator.name())
            .finish_non_exhaustive()
    }
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new()
    }
}

impl Analyzer {
    /// The analyzer, with the engines `auto` picks on this CPU for counting and enumerating.
    pub fn new() -> Analyzer {
        Analyzer {
            counter: simdoku_dispatch::best(Work::Count).engine(),
            enumerator: simdoku_dispatch::best(Work::Enumerate).engine(),
            enumerated: 0,
        }
    }

    /// Solutions of `grid`, counted up to `limit`.
    pub fn count(&mut self, grid: &Grid, limit: u64) -> u64 {
        if grid.conflict().is_some() {
            return 0;
        }
        self.counter.count(grid, limit).solutions
    }

    /// One solution, if any.
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        if grid.conflict().is_some() {
            return None;
        }
        self.counter.solve(grid).0
    }

    /// The digits each cell takes over all solutions (a filled cell: its own digit), or `None`
    /// when `grid` has no solution. Each (cell, digit) pair not yet seen in a solution found so
    /// far is tried once; every solution found marks all 81 of its pairs.
    pub fn candidates(&mut self, grid: &Grid) -> Option<Candidates> {
        let mut seen = [0u16; 81];
        let mark = |seen: &mut Candidates, s: &Grid| {
            for (c, &d) in s.cells().iter().enumerate() {
                seen[c] |= 1 << d;
            }
        };
        mark(&mut seen, &self.solve(grid)?);
        for c in 0..81 {
            if grid.get(c) != 0 {
                continue;
            }
            for d in 1..=9u8 {
                let m = Move::new(c, d);
                if seen[c] >> d & 1 != 0 || clash(grid, m).is_some() {
                    continue;
                }
                if let Some(s) = self.solve(&m.apply(grid)) {
                    mark(&mut seen, &s);
                }
            }
        }
        Some(seen)
    }

    /// Every legal move: an empty cell with at least two possible digits, and one of them.
    /// Empty when the grid has no solution or a unique one.
    pub fn legal_moves(&mut self, grid: &Grid) -> Vec<Move> {
        let Some(cand) = self.candidates(grid) else {
            return Vec::new();
        };
        legal_from_candidates(grid, &cand)
    }

    /// Up to `limit` solutions; `true` with them when that is all of them.
    pub fn enumerate(&mut self, grid: &Grid, limit: usize) -> (Vec<Grid>, bool) {
        let mut out = Vec::new();
        if grid.conflict().is_some() {
            return (out, true);
        }
        let mut complete = true;
        self.enumerator.visit(grid, &mut |s| {
            if out.len() == limit {
                complete = false;
                return ControlFlow::Break(());
            }
            out.push(*s);
            ControlFlow::Continue(())
        });
        self.enumerated += out.len() as u64;
        (out, complete)
    }
}

/// The legal moves given each cell's possible digits.
pub fn legal_from_candidates(grid: &Grid, cand: &Candidates) -> Vec<Move> {
    let mut moves = Vec::new();
    for c in 0..81 {
        if grid.get(c) == 0 && cand[c].count_ones() >= 2 {
            for d in 1..=9u8 {
                if cand[c] >> d & 1 != 0 {
                    moves.push(Move::new(c, d));
                }
            }
        }
    }
    moves
}

/// Why a placement is not a legal move, as the referee scores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The cell already holds a digit (0-2).
    Occupied,
    /// The digit repeats one in its row, column or box (0-2).
    Repeated,
    /// No solution is left (1-2).
    NoSolution,
    /// Every solution already has this digit here: the count does not decrease (1-2).
    NotDecreasing,
}

impl Analyzer {
    /// Checks a placement with the solver: `Ok` when it is a legal move on `grid`.
    pub fn check_move(&mut self, grid: &Grid, m: Move) -> Result<(), Illegal> {
        match clash(grid, m) {
            Some(crate::moves::Clash::Occupied) => return Err(Illegal::Occupied),
            Some(crate::moves::Clash::Repeated) => return Err(Illegal::Repeated),
            None => {}
        }
        let Some(s) = self.solve(&m.apply(grid)) else {
            return Err(Illegal::NoSolution);
        };
        debug_assert_eq!(s.get(m.cell as usize), m.digit);
        let c = m.cell as usize;
        for d in (1..=9u8).filter(|&d| d != m.digit) {
            let other = Move::new(c, d);
            if clash(grid, other).is_none() && self.count(&other.apply(grid), 1) > 0 {
                return Ok(());
            }
        }
        Err(Illegal::NotDecreasing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::fixtures::{SOLUTION, with_solutions};

    #[test]
    fn candidates_and_legal_moves_on_two_solutions() {
        let g = with_solutions(2, 1);
        let mut a = Analyzer::new();
        let (sols, complete) = a.enumerate(&g, 10);
        assert!(complete);
        assert_eq!(sols.len(), 2);
        let cand = a.candidates(&g).unwrap();
        let moves = legal_from_candidates(&g, &cand);
        // Legal: exactly the cells where the two solutions differ, with either digit.
        let differ: Vec<usize> = (0..81)
            .filter(|&c| sols[0].get(c) != sols[1].get(c))
            .collect();
        assert!(differ.len() >= 4);
        assert_eq!(moves.len(), 2 * differ.len());
        for m in &moves {
            assert!(differ.contains(&(m.cell as usize)));
            assert_eq!(a.check_move(&g, *m), Ok(()));
            assert_eq!(a.count(&m.apply(&g), 3), 1);
        }
        for c in (0..81).filter(|&c| g.get(c) == 0) {
            for d in 1..=9 {
                let m = Move::new(c, d);
                let verdict = a.check_move(&g, m);
                if moves.contains(&m) {
                    continue;
                }
                if sols[0].get(c) == d {
                    // Forced: both solutions have it.
                    assert_eq!(verdict, Err(Illegal::NotDecreasing));
                } else {
                    assert!(matches!(
                        verdict,
                        Err(Illegal::Repeated | Illegal::NoSolution)
                    ));
                }
            }
        }
    }

    #[test]
    fn forced_cells_are_not_playable() {
        // A solved grid with one cell emptied: that cell is forced, nothing is legal.
        let mut g = Grid::parse(SOLUTION).unwrap();
        g.set(40, 0);
        let mut a = Analyzer::new();
        assert!(a.legal_moves(&g).is_empty());
        assert_eq!(
            a.check_move(&g, Move::new(40, 5)),
            Err(Illegal::NotDecreasing)
        );
        assert_eq!(a.check_move(&g, Move::new(0, 5)), Err(Illegal::Occupied));
        // A puzzle with many solutions and a cell forced by the others around it.
        let mut p = Grid::parse(SOLUTION).unwrap();
        for c in [0, 1, 2, 3, 4, 5, 6, 7, 8] {
            p.set(c, 0);
        }
        // Row 1 empty: all of it forced by columns, so still unique: nothing legal.
        assert_eq!(a.count(&p, 2), 1);
        assert!(a.legal_moves(&p).is_empty());
    }

    #[test]
    fn contradictory_moves_are_rejected() {
        // The empty grid plus a row that forces a contradiction in a box.
        let mut g = Grid::EMPTY;
        for (c, d) in [(0, 1), (1, 2), (2, 3), (12, 4), (13, 5), (14, 6)] {
            g.set(c, d);
        }
        let mut a = Analyzer::new();
        // Oracle: a digit is a candidate exactly when the grid with it placed has a solution.
        let cand = a.candidates(&g).unwrap();
        for c in (0..81).filter(|&c| g.get(c) == 0) {
            for d in 1..=9u8 {
                let m = Move::new(c, d);
                let possible = clash(&g, m).is_none() && a.count(&m.apply(&g), 1) == 1;
                assert_eq!(cand[c] >> d & 1 != 0, possible, "cell {c} digit {d}");
            }
        }
        // Box 1 has 1,2,3 in row 1; row 2 holds 4,5,6 outside the box, so row 2's box cells
        // are 7,8,9 and row 3's are 4,5,6. A 7 in r3c1 clashes with nothing yet leaves no
        // solution; a 1 in r2c1 repeats the box's 1.
        assert_eq!(a.check_move(&g, Move::new(18, 7)), Err(Illegal::NoSolution));
        assert_eq!(a.check_move(&g, Move::new(9, 1)), Err(Illegal::Repeated));
        assert_eq!(a.check_move(&g, Move::new(9, 7)), Ok(()));
        assert_eq!(cand[9], 0b11 << 8 | 1 << 7);
    }
}
