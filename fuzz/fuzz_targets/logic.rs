//! Human-style steps (`simdoku-logic`) on fuzzed grids: never panics; the grid made unique
//! (givens added from one of its solutions), every step is true of the solution (each placement
//! is its digit, no elimination removes it), and a path that ends solved ends at the solution.
//! Bytes map to cells as `cells.rs` says.
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use simdoku_core::Grid;
use simdoku_dispatch::ENGINES;
use simdoku_logic::{Board, next_step};

mod cells;

fuzz_target!(|data: &[u8]| {
    let g = cells::grid(data);
    if g.conflict().is_some() {
        return;
    }
    let mut e = ENGINES[0].engine();
    let _ = simdoku_logic::rate(&Board::from_grid(&g));
    // Made unique: while two solutions differ, the first one's digit is given where they do.
    let mut g = g;
    let sol = loop {
        let mut two = Vec::new();
        e.visit(&g, &mut |s: &Grid| {
            two.push(*s);
            if two.len() == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match two[..] {
            [] => return,
            [s] => break s,
            [s, t, ..] => {
                let mut cells = *g.cells();
                let at = (0..81).find(|&i| s.cells()[i] != t.cells()[i]).unwrap();
                cells[at] = s.cells()[at];
                g = Grid::from_cells(cells).unwrap();
            }
        }
    };
    let mut b = Board::from_grid(&g);
    let want = sol.cells();
    while !b.is_solved() {
        let Some(s) = next_step(&b) else { break };
        for &(cell, d) in &s.placements {
            assert_eq!(want[usize::from(cell)], d, "{g}: {s:?}");
        }
        for &(cell, mask) in &s.eliminations {
            let d = want[usize::from(cell)];
            assert_eq!(mask & 1 << (d - 1), 0, "{g}: {s:?}");
        }
        s.apply(&mut b);
    }
    if b.is_solved() {
        assert_eq!(b.grid(), sol, "{g}");
    }
});
