//! Throwaway speed check for the `sse` engine (issue 4): puzzles/second per set, single thread,
//! for `sse`, `scalar` and the peer crate `sudoku` 0.8 in the same run; first solution and
//! count-to-2; median of 3 passes; plus guesses/puzzle.
//!
//! The three are interleaved in small chunks of puzzles, so that on a shared, noisy machine they
//! see the same load and their ratio stays meaningful.
//!
//! `cargo run --release -p simdoku-dispatch --example sse_speed -- [--reps N] [--no-scalar] [sets...]`
//! (`--reps N`: each chunk timed N times per engine, the fastest kept; use 3 on a shared machine)
//! `... --example sse_speed --profile ENGINE|peer SET|PATH first|uniq` (one pass, for profilers)
#![allow(clippy::cast_precision_loss)] // rates and averages of counts far below 2^52

use std::time::Instant;

use simdoku_core::testkit::bench_set;
use simdoku_dispatch::{Grid, by_name};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn solve_peer(q: &sudoku::Sudoku, uniq: bool) -> u64 {
    if uniq {
        q.solutions_count_up_to(2) as u64
    } else {
        u64::from(q.some_solution().is_some())
    }
}

fn profile(args: &[String]) {
    let puzzles: Vec<Grid> = if args[1].contains('/') {
        let text = std::fs::read_to_string(&args[1]).unwrap();
        text.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| Grid::parse(l).unwrap())
            .collect()
    } else {
        bench_set(&args[1])
    };
    let uniq = args[2] == "uniq";
    let t = Instant::now();
    let found: u64 = if args[0] == "peer" {
        let peer: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
            .collect();
        peer.iter().map(|q| solve_peer(q, uniq)).sum()
    } else {
        let mut e = by_name(&args[0]).unwrap().engine();
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
    let rate = puzzles.len() as f64 / t.elapsed().as_secs_f64() / 1e3;
    eprintln!("{found} solutions, {rate:.1}k/s");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--profile") {
        return profile(&args[1..]);
    }
    // `--reps N`: time each chunk N times per engine and keep the fastest (default 1).
    // `--no-scalar`: leave the scalar engine out.
    let mut args = args;
    let mut reps = 1;
    if let Some(i) = args.iter().position(|a| a == "--reps") {
        reps = args[i + 1].parse().unwrap();
        args.drain(i..i + 2);
    }
    let skip_scalar = args.iter().any(|a| a == "--no-scalar");
    args.retain(|a| a != "--no-scalar");
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
        "{:<19} {:>6} {:>5} | {:>9} {:>9} {:>9} | {:>8} | {:>7} {:>8}",
        "set", "n", "mode", "sse", "scalar", "peer", "sse/peer", "sse g/p", "scal g/p"
    );
    for set in sets {
        let puzzles: Vec<Grid> = bench_set(set);
        let peer: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
            .collect();
        let n = puzzles.len();
        let mut sse = by_name("sse").unwrap().engine();
        let mut scalar = by_name("scalar").unwrap().engine();
        let g_sse: u64 = puzzles.iter().map(|p| sse.solve(p).1.guesses).sum();
        let g_scalar: u64 = puzzles.iter().map(|p| scalar.solve(p).1.guesses).sum();
        for uniq in [false, true] {
            let chunk = if set.contains("hardest") { 4 } else { 100 };
            let mut rates = [Vec::new(), Vec::new(), Vec::new()];
            for _ in 0..3 {
                let mut t = [0f64; 3];
                let mut check = [0u64; 3];
                for (ps, qs) in puzzles.chunks(chunk).zip(peer.chunks(chunk)) {
                    // Each chunk `reps` times per engine, the fastest kept: preemption by other
                    // processes only ever adds time.
                    let mut best = [f64::MAX; 3];
                    for rep in 0..reps {
                        for (i, e) in [&mut sse, &mut scalar].into_iter().enumerate() {
                            if i == 1 && skip_scalar {
                                continue;
                            }
                            let start = Instant::now();
                            let mut found = 0;
                            for p in ps {
                                found += if uniq {
                                    e.count(p, 2).solutions
                                } else {
                                    e.solve(p).1.solutions
                                };
                            }
                            best[i] = best[i].min(start.elapsed().as_secs_f64());
                            if rep == 0 {
                                check[i] += found;
                            }
                        }
                        let start = Instant::now();
                        let found = qs.iter().map(|q| solve_peer(q, uniq)).sum::<u64>();
                        best[2] = best[2].min(start.elapsed().as_secs_f64());
                        if rep == 0 {
                            check[2] += found;
                        }
                    }
                    for i in 0..3 {
                        t[i] += best[i];
                    }
                }
                assert!(skip_scalar || check[0] == check[1], "{set}: {check:?}");
                assert!(check[0] == check[2], "{set}: {check:?}");
                for i in 0..3 {
                    rates[i].push(n as f64 / t[i]);
                }
            }
            let [a, b, c] = rates.map(median);
            println!(
                "{set:<19} {n:>6} {:>5} | {:>8.1}k {:>8.1}k {:>8.1}k | {:>8.2} | {:>7.2} {:>8.2}",
                if uniq { "uniq" } else { "first" },
                a / 1e3,
                b / 1e3,
                c / 1e3,
                a / c,
                g_sse as f64 / n as f64,
                g_scalar as f64 / n as f64
            );
        }
    }
}
