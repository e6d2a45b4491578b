//! Rates each puzzle (or pencilmark) line of a file: `puzzle,ER,EP,ED` as `serate` prints them,
//! or `puzzle,beyond,,` when the path leaves the techniques that match Sudoku Explainer's
//! (`none` or `multiple` for a puzzle with no solution or several).
//! `--steps` prints each step below its puzzle; `--marks N` prints instead the pencilmark line
//! after the first N steps (test input for the 729-character form). Used by
//! `scripts/logic-agreement.sh`.
//!
//! `cargo run --release -p simdoku-logic --example rate -- FILE [--steps]`
use std::io::{BufRead, BufReader, Write};

use simdoku_logic::{Board, Unrated, explain, rate};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: rate FILE [--steps]");
    let flag = args.next();
    let steps = flag.as_deref() == Some("--steps");
    let marks: Option<usize> = (flag.as_deref() == Some("--marks"))
        .then(|| args.next().and_then(|n| n.parse().ok()).expect("--marks N"));
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
        if let Some(n) = marks {
            let mut m = b.clone();
            for s in explain(&b).steps.iter().take(n) {
                s.apply(&mut m);
            }
            writeln!(out, "{}", m.pencilmarks()).unwrap();
            continue;
        }
        match rate(&b) {
            Ok(r) => {
                let s = r.to_string().replace('/', ",");
                writeln!(out, "{t},{s}").unwrap();
            }
            Err(Unrated::Beyond) => writeln!(out, "{t},beyond,,").unwrap(),
            Err(Unrated::NoSolution) => writeln!(out, "{t},none,,").unwrap(),
            Err(Unrated::Multiple) => writeln!(out, "{t},multiple,,").unwrap(),
        }
        if steps {
            for s in explain(&b).steps {
                writeln!(out, "  {} {s}", s.rating()).unwrap();
            }
        }
    }
}
