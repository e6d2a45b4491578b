//! Wall-clock throughput of our engines beside the peer crate `sudoku` (a `JCZSolve` port), in
//! the same run, single-threaded, median of interleaved passes.
//!
//! `cargo bench -p simdoku-dispatch --bench throughput -- [--passes N] [--min-time S]
//!  [--engines a,b] [--md FILE] [--plot FILE.svg] [FILE ...]` (default: every bundled set).
//! The peer is a dev-dependency: it is never part of the shipped binary.

use simdoku_core::Grid;
use simdoku_dispatch::bench::{Contender, EngineContender, Mode, measure, svg, table};
use simdoku_dispatch::{ENGINES, by_name};

struct Peer;

impl Contender for Peer {
    fn name(&self) -> String {
        "sudoku".into()
    }
    fn run(&self, puzzles: &[Grid], mode: Mode) -> (u64, Option<u64>) {
        let mut solved = 0;
        for p in puzzles {
            let s = sudoku::Sudoku::from_bytes(*p.cells()).expect("valid cells");
            solved += u64::from(match mode {
                Mode::First => s.some_solution().is_some(),
                Mode::Unique => s.solutions_count_up_to(2) > 0,
            });
        }
        (solved, None)
    }
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let (mut passes, mut min_time, mut md, mut plot) = (5, 0.3, None, None);
    let mut engines: Option<Vec<String>> = None;
    let mut files = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--passes" => {
                passes = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--passes N");
            }
            "--min-time" => {
                min_time = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--min-time S");
            }
            "--engines" => {
                engines = args
                    .next()
                    .map(|v| v.split(',').map(String::from).collect());
            }
            "--md" => md = args.next(),
            "--plot" => plot = args.next(),
            _ => files.push(a),
        }
    }
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench-data/");
    if files.is_empty() {
        for s in [
            "top95",
            "hardest11",
            "17_clue",
            "magictour_top1465",
            "forum_hardest_1106",
            "serg_benchmark",
        ] {
            files.push(format!("{root}{s}.txt"));
        }
    }
    let sets: Vec<(String, Vec<Grid>)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
            let puzzles = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(|l| Grid::parse(l).unwrap_or_else(|e| panic!("{f}: {e}")))
                .collect();
            let name = std::path::Path::new(f)
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, puzzles)
        })
        .collect();
    let specs: Vec<_> = match engines {
        Some(names) => names.iter().map(|n| by_name(n).expect("engine")).collect(),
        None => ENGINES.iter().filter(|e| e.available()).collect(),
    };
    let ours: Vec<EngineContender> = specs.iter().map(|s| EngineContender::new(s, 1)).collect();
    let mut contenders: Vec<&dyn Contender> = vec![&Peer];
    contenders.extend(ours.iter().map(|c| c as &dyn Contender));
    let rows = measure(
        &sets,
        &contenders,
        &[Mode::First, Mode::Unique],
        passes,
        min_time,
    );
    let t = table(&rows, "sudoku");
    print!("{t}");
    if let Some(path) = md {
        std::fs::write(&path, &t).expect("write table");
    }
    if let Some(path) = plot {
        std::fs::write(&path, svg(&rows)).expect("write plot");
    }
}
