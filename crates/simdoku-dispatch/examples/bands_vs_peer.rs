//! Throwaway speed check for the `bands` engine: puzzles/s per bundled set for `bands`, `scalar`
//! and the peer crate `sudoku` (dev-dependency), single thread, same run; median of 5 passes of
//! on-CPU thread time (the build machines are shared), each pass at least 0.3 s.
//! `cargo run --release -p simdoku-dispatch --example bands_vs_peer [max per set] [set]`
//! (with a set name: `bands` alone on that set, with its guesses per puzzle, for profiling).

// Rates and averages are approximate figures: precision loss in the casts does not matter.
#![allow(clippy::cast_precision_loss)]

use std::hint::black_box;

use simdoku_core::bands::Bands;
use simdoku_core::scalar::Scalar;
use simdoku_core::{Engine, Grid, testkit};

/// Nanoseconds this thread has spent on a CPU (the machine is shared: wall time would count the
/// other jobs' turns).
fn cpu_ns() -> u64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    s.split_whitespace().next().unwrap().parse().unwrap()
}

fn median(mut f: impl FnMut() -> u64, n: usize) -> f64 {
    let mut t: Vec<f64> = (0..5)
        .map(|_| {
            // Repeat until 0.3 s of CPU time: schedstat moves in scheduler ticks.
            let (s, mut done) = (cpu_ns(), 0);
            while cpu_ns() - s < 300_000_000 {
                black_box(f());
                done += n;
            }
            done as f64 * 1e9 / (cpu_ns() - s) as f64
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[2]
}

fn main() {
    let max: usize = std::env::args()
        .nth(1)
        .map_or(10_000, |a| a.parse().unwrap());
    if let Some(set) = std::env::args().nth(2) {
        // Profiling mode: bands alone, first solution, on one set.
        let puzzles = testkit::bench_slice(&set, max);
        let mut b = Bands::new();
        let rate = median(
            || puzzles.iter().map(|p| b.solve(p).1.guesses).sum(),
            puzzles.len(),
        );
        let g: u64 = puzzles.iter().map(|p| b.solve(p).1.guesses).sum();
        let g2: u64 = puzzles.iter().map(|p| b.count(p, 2).guesses).sum();
        let n = puzzles.len() as f64;
        println!(
            "{set}: bands first {rate:.0}/s, guesses/puzzle first {:.1} unique {:.1}",
            g as f64 / n,
            g2 as f64 / n
        );
        return;
    }
    let sets = [
        "top95",
        "hardest11",
        "17_clue",
        "magictour_top1465",
        "forum_hardest_1106",
        "serg_benchmark",
    ];
    println!(
        "set | n | bands first | scalar first | sudoku first | bands unique | scalar unique | sudoku unique | bands g/p first | scalar g/p first | bands g/p unique | scalar g/p unique"
    );
    for set in sets {
        let puzzles: Vec<Grid> = testkit::bench_slice(set, max);
        let lines: Vec<String> = puzzles.iter().map(ToString::to_string).collect();
        let peer: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let n = puzzles.len();
        let mut row = vec![set.to_string(), n.to_string()];
        let mut guesses = Vec::new();
        for unique in [false, true] {
            let mut b = Bands::new();
            let mut s = Scalar::new();
            let run = |e: &mut dyn Engine| -> u64 {
                puzzles
                    .iter()
                    .map(|p| {
                        if unique {
                            e.count(p, 2).guesses
                        } else {
                            e.solve(p).1.guesses
                        }
                    })
                    .sum()
            };
            let gb = run(&mut b);
            let gs = run(&mut s);
            guesses.push(format!("{:.1}", gb as f64 / n as f64));
            guesses.push(format!("{:.1}", gs as f64 / n as f64));
            row.push(format!("{:.0}", median(|| run(&mut b), n)));
            row.push(format!("{:.0}", median(|| run(&mut s), n)));
            row.push(format!(
                "{:.0}",
                median(
                    || {
                        peer.iter()
                            .map(|p| {
                                if unique {
                                    p.solutions_count_up_to(2) as u64
                                } else {
                                    p.some_solution().is_some() as u64
                                }
                            })
                            .sum()
                    },
                    n
                )
            ));
        }
        row.extend(guesses);
        println!("{}", row.join(" | "));
    }
}
