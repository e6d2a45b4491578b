//! The large-grid parser on arbitrary text: never panics; every grid it reads formats back to
//! text that reads as the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_large::text::{format, parse};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for p in parse(&text).into_iter().flatten() {
        let again = format(&p.grid, p.form, p.x);
        let back: Vec<_> = parse(&again).into_iter().collect();
        assert_eq!(back.len(), 1, "{again}");
        let q = back[0].as_ref().expect("formatted text parses");
        assert_eq!(q.grid, p.grid);
        assert_eq!(q.x, p.x);
    }
});
