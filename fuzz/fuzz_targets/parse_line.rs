//! The 9x9 line parser on arbitrary bytes: never panics; what it accepts formats back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_core::Grid;

fuzz_target!(|data: &[u8]| {
    if let Ok(g) = Grid::parse_cells(data) {
        assert_eq!(Grid::parse_cells(g.to_string().as_bytes()), Ok(g));
        let conflict = g.conflict();
        if let Ok(text) = std::str::from_utf8(data) {
            assert_eq!(Grid::parse(text).is_ok(), conflict.is_none());
        }
        let _ = g.pretty();
    }
});
