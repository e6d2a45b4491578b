//! Every engine against `scalar` on fuzzed grids: solvability and count(limit 2) agree, every
//! solution found is valid and keeps the givens. Bytes map to cells as `cells.rs` says.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_core::rules::check_solution;
use simdoku_dispatch::ENGINES;

mod cells;

fuzz_target!(|data: &[u8]| {
    let g = cells::grid(data);
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
