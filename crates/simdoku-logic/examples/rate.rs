//! Rates each puzzle (or pencilmark) line of a file: `puzzle,ER,EP,ED` as `serate` prints them,
//! or `puzzle,beyond,,` when the path leaves the techniques that match Sudoku Explainer's.
//! `--steps` prints each step below its puzzle. Used by `scripts/logic-agreement.sh`.
//!
//! `cargo run --release -p simdoku-logic --example rate -- FILE [--steps]`
use std::io::{BufRead, BufReader, Write};

use simdoku_logic::{Board, explain, rate};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: rate FILE [--steps]");
    let steps = args.next().as_deref() == Some("--steps");
    let file = std::fs::File::open(&path).expect("open the file");
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for line in BufReader::new(file).lines() {
        let line = line.expect("read a line");
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let Ok(b) = Board::parse(t) else {
            writeln!(out, "{t},invalid,,").unwrap();
            continue;
        };
        match rate(&b) {
            Some(r) => {
                let s = r.to_string().replace('/', ",");
                writeln!(out, "{t},{s}").unwrap();
            }
            None => writeln!(out, "{t},beyond,,").unwrap(),
        }
        if steps {
            for s in explain(&b).steps {
                writeln!(out, "  {} {s}", s.rating()).unwrap();
            }
        }
    }
}
