//! Throwaway speed check for the `sse` engine (issue 4): puzzles/second per set, single thread,
//! for `sse`, `scalar` and the peer crate `sudoku` 0.8 in the same run, median of 3 passes,
//! first solution and count-to-2; plus guesses/puzzle.
//!
//! `cargo run --release -p simdoku-dispatch --example sse_speed [engine...] [-- sets...]`
use std::time::Instant;

use simdoku_core::testkit::bench_set;
use simdoku_dispatch::{Grid, by_name};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn rate(n: usize, f: &mut dyn FnMut() -> u64) -> (f64, u64) {
    let mut rates = Vec::new();
    let mut check = 0;
    for _ in 0..3 {
        let t = Instant::now();
        check = f();
        rates.push(n as f64 / t.elapsed().as_secs_f64());
    }
    (median(rates), check)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--profile ENGINE SET MODE`: one engine (or `peer`), one set, `first` or `uniq`, one pass.
    if args.first().map(String::as_str) == Some("--profile") {
        let puzzles: Vec<Grid> = if args[2].contains('/') {
            let text = std::fs::read_to_string(&args[2]).unwrap();
            text.lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .map(|l| Grid::parse(l).unwrap())
                .collect()
        } else {
            bench_set(&args[2])
        };
        let uniq = args[3] == "uniq";
        let t = Instant::now();
        let found: u64 = if args[1] == "peer" {
            let peer: Vec<sudoku::Sudoku> = puzzles
                .iter()
                .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
                .collect();
            let t = Instant::now();
            let f = peer
                .iter()
                .map(|s| {
                    if uniq {
                        s.solutions_count_up_to(2) as u64
                    } else {
                        u64::from(s.some_solution().is_some())
                    }
                })
                .sum();
            eprintln!(
                "{:.1}k/s",
                puzzles.len() as f64 / t.elapsed().as_secs_f64() / 1000.0
            );
            f
        } else {
            let mut e = by_name(&args[1]).unwrap().engine();
            puzzles
                .iter()
                .map(|p| {
                    if uniq {
                        e.count(p, 2).solutions
                    } else {
                        e.solve(p).1.solutions
                    }
                })
                .sum()
        };
        eprintln!(
            "{found} solutions, {:.1}k/s",
            puzzles.len() as f64 / t.elapsed().as_secs_f64() / 1000.0
        );
        return;
    }
    let sets: Vec<&str> = if args.is_empty() {
        vec![
            "top95",
            "hardest11",
            "17_clue",
            "magictour_top1465",
            "forum_hardest_1106",
            "serg_benchmark",
        ]
    } else {
        args.iter().map(String::as_str).collect()
    };
    println!(
        "{:<20} {:>8} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9}",
        "set",
        "n",
        "sse first",
        "sse uniq",
        "scal first",
        "scal uniq",
        "peer first",
        "peer uniq",
        "sse g/p",
        "scal g/p"
    );
    for set in sets {
        let puzzles: Vec<Grid> = bench_set(set);
        let peer: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
            .collect();
        let n = puzzles.len();
        let mut row = Vec::new();
        let mut guesses = Vec::new();
        for name in ["sse", "scalar"] {
            let mut e = by_name(name).unwrap().engine();
            let (first, c1) = rate(n, &mut || {
                puzzles.iter().map(|p| e.solve(p).1.solutions).sum()
            });
            let (uniq, c2) = rate(n, &mut || {
                puzzles.iter().map(|p| e.count(p, 2).solutions).sum()
            });
            let g: u64 = puzzles.iter().map(|p| e.solve(p).1.guesses).sum();
            row.extend([first, uniq]);
            guesses.push(g as f64 / n as f64);
            assert!(c1 as usize <= n && c2 >= c1);
        }
        let (pf, _) = rate(n, &mut || {
            peer.iter()
                .map(|s| u64::from(s.some_solution().is_some()))
                .sum()
        });
        let (pu, _) = rate(n, &mut || {
            peer.iter().map(|s| s.solutions_count_up_to(2) as u64).sum()
        });
        row.extend([pf, pu]);
        print!("{set:<20} {n:>8}");
        for r in row {
            print!(" {:>10.1}k", r / 1000.0);
        }
        println!(" {:>9.2} {:>9.2}", guesses[0], guesses[1]);
    }
}
