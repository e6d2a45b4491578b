//! The game: the move parser on arbitrary lines (what parses prints back the same), and the
//! player's protocol loop fed arbitrary input: it may stop, but never panics.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use simdoku_game::{Action, PlayOptions, Strategy, play_with};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        if let Some(a) = Action::parse(line) {
            assert_eq!(Action::parse(&a.to_string()), Some(a));
        }
    }
    let opts = PlayOptions {
        strategy: Strategy::Random,
        time: Duration::from_millis(200),
        seed: Some(1),
        verbose: false,
    };
    let _ = play_with(&opts, data, std::io::sink());
});
