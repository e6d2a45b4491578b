//! The large-grid parser on arbitrary text, and the facade's reader of large grids' files (the
//! text forms or JSON): never panic; every grid either reads formats back to text that reads
//! as the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simdoku_large::text::{format, parse};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let grids = parse(&text).into_iter().flatten();
    for p in grids.chain(simdoku::batch::parse_large(&text).into_iter().flatten()) {
        let again = format(&p.grid, p.form, p.x);
        let back: Vec<_> = parse(&again).into_iter().collect();
        assert_eq!(back.len(), 1, "{again}");
        let q = back[0].as_ref().expect("formatted text parses");
        assert_eq!(q.grid, p.grid);
        assert_eq!(q.x, p.x);
    }
});
