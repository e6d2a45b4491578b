//! The file reader (`simdoku::batch::Reader`, what the CLI and Python read with) on arbitrary
//! bytes: never panics; lines come in order; every puzzle it reads has no contradiction and reads
//! back from its own line; the records do not depend on how the input is buffered.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use simdoku::batch::{Entry, Reader, classify_text, read_text};

fuzz_target!(|data: &[u8]| {
    let records = read_text(data);
    let mut last = 0;
    for r in &records {
        assert!(
            r.line >= 1 && r.line >= last,
            "line {} after {last}",
            r.line
        );
        last = r.line;
        match &r.entry {
            Entry::Puzzle(g) => {
                assert!(g.conflict().is_none(), "{g}");
                assert_eq!(classify_text(g.to_string().as_bytes()), Entry::Puzzle(*g));
            }
            Entry::Pencilmarks(m) => {
                let again = classify_text(m.to_string().as_bytes());
                assert_eq!(again, Entry::Pencilmarks(m.clone()));
            }
            Entry::Invalid(reason) => assert!(!reason.is_empty()),
        }
    }
    let small: Vec<_> = Reader::new(BufReader::with_capacity(7, data))
        .map(|r| r.expect("reading from memory does not fail"))
        .collect();
    assert_eq!(small, records);
});
