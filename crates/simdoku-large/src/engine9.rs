//! The large engine on 9x9 grids behind the core [`Engine`] trait, so that it runs the shared
//! conformance test and can be compared with the 9x9 engines.

use std::ops::ControlFlow;

use simdoku_core::{Engine, Grid, Search, Tally};

use crate::solver::{Branch, Config, Solver};

/// The GAC engine on 9x9 (plain Sudoku, not X).
#[derive(Debug, Clone)]
pub struct Gac9 {
    solver: Solver,
}

impl Gac9 {
    /// Tuned for 9x9: fewest-candidates branching without restarts (measured faster on the
    /// 17-clue set than dom/wdeg with restarts, which pay on the larger grids).
    pub fn new() -> Gac9 {
        Gac9::with_config(Config {
            branch: Branch::MinDom,
            restarts: false,
            ..Config::default()
        })
    }

    /// With chosen propagation rules (for measurements).
    pub fn with_config(cfg: Config) -> Gac9 {
        Gac9 {
            solver: Solver::new(3, false, cfg),
        }
    }
}

impl Default for Gac9 {
    fn default() -> Gac9 {
        Gac9::new()
    }
}

impl Engine for Gac9 {
    fn name(&self) -> &'static str {
        "gac"
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        if limit == 0 {
            return Search::default();
        }
        let mut tally = Tally::new(limit);
        let s = self
            .solver
            .visit_cells(grid.cells(), None, &mut |_| tally.add());
        Search {
            solutions: s.solutions,
            guesses: s.guesses,
        }
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        let s = self.solver.visit_cells(grid.cells(), None, &mut |cells| {
            let mut a = [0u8; 81];
            a.copy_from_slice(cells);
            visitor(&Grid::from_cells(a).expect("a solution holds 1..=9"))
        });
        Search {
            solutions: s.solutions,
            guesses: s.guesses,
        }
    }
}
