//! Throwaway speed check of the `avx2` engine against the peer crate `sudoku` (JCZSolve), same run,
//! single thread, median of 3 passes. `cargo run --release -p simdoku-dispatch --example
//! avx2_vs_peer [sets...]`.

#![allow(clippy::pedantic)] // a throwaway measurement, not library code

use std::time::Instant;

use simdoku_core::scalar::Scalar;
use simdoku_core::testkit::{self, Rng};
use simdoku_core::{Engine, Grid};
use simdoku_simd::avx2::Avx2;

fn median(mut f: impl FnMut() -> f64) -> f64 {
    let mut v: Vec<f64> = (0..3).map(|_| f()).collect();
    v.sort_by(f64::total_cmp);
    v[1]
}

/// CPU time of this thread in seconds (the machine is shared: wall time would count others' work).
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    s.split_whitespace().next().unwrap().parse::<f64>().unwrap() / 1e9
}

fn rate(n: usize, f: &mut dyn FnMut()) -> f64 {
    let t = cpu();
    let w = Instant::now();
    let mut reps = 0;
    while reps == 0 || w.elapsed().as_secs_f64() < 0.3 {
        f();
        reps += 1;
    }
    (n * reps) as f64 / (cpu() - t)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sets: Vec<&str> = if args.first().is_some_and(|a| a == "enum") {
        vec![]
    } else if args.is_empty() {
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
    let mut e = Avx2::new().expect("avx2");
    println!(
        "{:<20} {:>10} {:>10} {:>6} {:>10} {:>10} {:>6} {:>8} {:>8}",
        "set", "avx2 1st", "peer 1st", "x", "avx2 uniq", "peer uniq", "x", "g/p 1st", "g/p uniq"
    );
    for set in sets {
        let ours = testkit::bench_set(set);
        let peer: Vec<sudoku::Sudoku> = ours
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(*g.cells()).unwrap())
            .collect();
        let n = ours.len();
        let mut sink = 0u64;
        let a1 = median(|| {
            rate(n, &mut || {
                for g in &ours {
                    sink += e.solve(g).0.is_some() as u64
                }
            })
        });
        let p1 = median(|| {
            rate(n, &mut || {
                for s in &peer {
                    sink += s.some_solution().is_some() as u64
                }
            })
        });
        let a2 = median(|| {
            rate(n, &mut || {
                for g in &ours {
                    sink += e.count(g, 2).solutions
                }
            })
        });
        let p2 = median(|| {
            rate(n, &mut || {
                for s in &peer {
                    sink += s.solutions_count_up_to(2) as u64
                }
            })
        });
        let g1: u64 = ours.iter().map(|g| e.solve(g).1.guesses).sum();
        let g2: u64 = ours.iter().map(|g| e.count(g, 2).guesses).sum();
        println!(
            "{set:<20} {:>9.0}k {:>9.0}k {:>6.2} {:>9.0}k {:>9.0}k {:>6.2} {:>8.2} {:>8.2}  ({sink})",
            a1 / 1e3,
            p1 / 1e3,
            a1 / p1,
            a2 / 1e3,
            p2 / 1e3,
            a2 / p2,
            g1 as f64 / n as f64,
            g2 as f64 / n as f64
        );
    }
    // Enumeration: a solved grid with cells removed until about 100,000 solutions.
    let mut scalar = Scalar::new();
    let solved = scalar.solve(&testkit::bench_set("top95")[0]).0.unwrap();
    let mut rng = Rng::new(5);
    let mut order: Vec<usize> = (0..81).collect();
    for i in (1..81).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut g: Grid = solved;
    let mut count = 0;
    for &c in &order {
        let mut h = g;
        h.set(c, 0);
        let k = e.count(&h, 200_000).solutions;
        if k >= 200_000 {
            continue;
        }
        g = h;
        count = k;
        if count >= 80_000 {
            break;
        }
    }
    let peer = sudoku::Sudoku::from_bytes(*g.cells()).unwrap();
    let ea = median(|| {
        rate(count as usize, &mut || {
            assert_eq!(e.count(&g, u64::MAX).solutions, count)
        })
    });
    let ev = median(|| {
        rate(count as usize, &mut || {
            let mut k = 0u64;
            e.visit(&g, &mut |_| {
                k += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(k, count);
        })
    });
    let ep = median(|| {
        rate(count as usize, &mut || {
            assert_eq!(peer.solutions_count_up_to(usize::MAX) as u64, count)
        })
    });
    println!("guesses {}", e.count(&g, u64::MAX).guesses);
    println!(
        "enumerate {g} ({count} solutions): avx2 count {:.2}M/s, avx2 visit {:.2}M/s, peer count {:.2}M/s",
        ea / 1e6,
        ev / 1e6,
        ep / 1e6
    );
}
