//! The 9x9 line parser on arbitrary bytes: never panics; what it accepts formats back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_core::Grid;

fuzz_target!(|data: &[u8]| {
    if let Ok(g) = Grid::parse_cells(data) {
        assert_eq!(Grid::parse_cells(g.to_string().as_bytes()), Ok(g));
        let conflict = g.conflict();
        // The branch-free test against the plain one: two equal givens sharing a unit.
        let c = g.cells();
        let unit = |i: usize| [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3];
        let plain = (0..81).any(|a| {
            (0..a).any(|b| {
                c[a] != 0 && c[a] == c[b] && unit(a).iter().zip(unit(b)).any(|(x, y)| *x == y)
            })
        });
        assert_eq!(conflict.is_some(), plain, "{g}");
        if let Ok(text) = std::str::from_utf8(data) {
            assert_eq!(Grid::parse(text).is_ok(), conflict.is_none());
        }
        let _ = g.pretty();
    }
});
