//! Times the large engine on files: `cargo run --release -p simdoku-large --example large_bench
//! -- [--limit N] [--timeout S] [--threads N] [--config hi,bl,gac,wdeg,rs,learn,pat] FILE...`.
//! Prints, per grid: <file:line>, size, givens fraction, status, solutions, guesses, milliseconds.

#![allow(clippy::cast_precision_loss)]

use std::time::{Duration, Instant};

use simdoku_large::{Branch, Config, Learn, Solver, text};

fn main() {
    let mut limit = 2;
    let mut repeat = 1;
    let mut threads = 1;
    let mut timeout = None;
    let mut cfg = Config::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().unwrap().parse().unwrap(),
            "--threads" => threads = args.next().unwrap().parse().unwrap(),
            "--repeat" => repeat = args.next().unwrap().parse().unwrap(),
            "--timeout" => {
                timeout = Some(Duration::from_secs_f64(
                    args.next().unwrap().parse().unwrap(),
                ));
            }
            "--config" => {
                let s = args.next().unwrap();
                cfg = Config {
                    hidden_singles: s.contains("hi"),
                    intersections: s.contains("bl"),
                    band_matching: s.contains("bm"),
                    gac: s.contains("gac"),
                    restarts: s.contains("rs"),
                    pattern: s.contains("pat"),
                    learn: if s.contains("always") {
                        Learn::Always
                    } else if s.contains("learn") {
                        Learn::Large
                    } else {
                        Learn::Off
                    },
                    branch: if s.contains("wdeg") {
                        Branch::HouseWdeg
                    } else {
                        Branch::MinDom
                    },
                    threads: 1,
                };
            }
            _ => files.push(a),
        }
    }
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for p in text::parse(&text) {
            let p = match p {
                Ok(p) => p,
                Err(e) => {
                    println!("{f}:{e}");
                    continue;
                }
            };
            let side = p.grid.side();
            let mut s = Solver::for_shape(p.grid.shape(), p.x, Config { threads, ..cfg });
            let mut runs = Vec::new();
            let mut last = None;
            for _ in 0..repeat {
                let t = Instant::now();
                let r = s.count(&p.grid, limit, timeout);
                runs.push(t.elapsed().as_secs_f64() * 1e3);
                last = Some(r);
            }
            runs.sort_by(f64::total_cmp);
            let ms = runs[runs.len() / 2];
            let (status, _, st) = last.unwrap();
            let frac = p.grid.givens() as f64 / (side * side) as f64;
            println!(
                "{f}:{} {side}x{side}{} givens {:.1}% {status} sols {} guesses {} fails {} open {}{} {ms:.2} ms",
                p.line,
                if p.x { " X" } else { "" },
                frac * 100.0,
                st.solutions,
                st.guesses,
                st.fails,
                st.open_at_root,
                if st.pattern { " pattern" } else { "" }
            );
        }
    }
}
