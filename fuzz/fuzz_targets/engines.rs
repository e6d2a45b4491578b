//! Every engine against `scalar` on fuzzed grids: solvability and count(limit 2) agree, every
//! solution found is valid and keeps the givens. Bytes map to cells: `1`-`9` are givens (so the
//! bundled puzzles are seeds as they are), bytes from 0xF7 up are givens too, the rest empty.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_core::Grid;
use simdoku_core::rules::check_solution;
use simdoku_dispatch::ENGINES;

fuzz_target!(|data: &[u8]| {
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(data) {
        *c = match b {
            b'1'..=b'9' => b - b'0',
            0xF7.. => b - 0xF6,
            _ => 0,
        };
    }
    let g = Grid::from_cells(cells).unwrap();
    let mut reference = ENGINES[0].engine();
    let want = reference.count(&g, 2).solutions;
    for spec in ENGINES.iter().filter(|e| e.available()) {
        let mut e = spec.engine();
        assert_eq!(e.count(&g, 2).solutions, want, "{}: {g}", spec.name);
        let (s, _) = e.solve(&g);
        assert_eq!(s.is_some(), want > 0, "{}: {g}", spec.name);
        if let Some(s) = s {
            assert!(check_solution(&g, &s).is_ok(), "{}: {g} -> {s}", spec.name);
        }
    }
});
