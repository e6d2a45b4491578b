//! Quick A/B timing of the `avx2` engine alone (the peer is measured by the dispatch bench):
//! `cargo run --release -p simdoku-simd --example avx2_speed -- [first|unique|enum] [set ...]`.
//! Prints puzzles/s (or solutions/s for `enum`), best of five passes. `AB_ENGINE=avx512` times
//! the AVX-512 instantiation instead.

#[cfg(target_arch = "x86_64")]
fn main() {
    use simdoku_core::testkit::{self, Rng};
    use simdoku_core::{Engine, Grid};
    use std::time::Instant;

    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "first".into());
    let mut sets: Vec<String> = args.collect();
    if sets.is_empty() {
        sets = ["17_clue", "hardest11", "serg_benchmark"]
            .map(String::from)
            .to_vec();
    }
    let passes: usize = std::env::var("AB_PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let engine = std::env::var("AB_ENGINE").unwrap_or_else(|_| "avx2".into());
    let e: Option<Box<dyn Engine>> = if engine == "avx512" {
        simdoku_simd::avx512::Avx512::new().map(|e| Box::new(e) as Box<dyn Engine>)
    } else {
        simdoku_simd::avx2::Avx2::new().map(|e| Box::new(e) as Box<dyn Engine>)
    };
    let Some(mut e) = e else {
        eprintln!("this CPU lacks the instructions of {engine}");
        return;
    };
    if mode == "enum" {
        // A solved hardest11 grid, 61 cells emptied (seeded; `AB_SEEDS` of them, default 1:
        // 218,843 solutions).
        let solved = e.solve(&testkit::bench_set("hardest11")[0]).0.unwrap();
        let seeds: u64 = std::env::var("AB_SEEDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let puzzles: Vec<Grid> = (1..=seeds)
            .map(|s| testkit::remove_cells(&solved, 20, &mut Rng::new(s)))
            .collect();
        let mut best = f64::MAX;
        let mut total = 0;
        for _ in 0..passes {
            let t = Instant::now();
            total = puzzles.iter().map(|p| e.count(p, u64::MAX).solutions).sum();
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!("enum {total} solutions {:.3}M/s", total as f64 / best / 1e6);
        return;
    }
    for set in &sets {
        let puzzles = testkit::bench_set(set);
        let mut best = f64::MAX;
        let mut guesses = 0;
        for _ in 0..passes {
            let t = Instant::now();
            guesses = 0;
            for p in puzzles.iter().cycle().take(puzzles.len().max(20_000)) {
                guesses += if mode == "first" {
                    e.solve(p).1.guesses
                } else {
                    e.count(p, 2).guesses
                };
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{set} {mode} {:.1}k/s guesses {:.2}",
            puzzles.len().max(20_000) as f64 / best / 1e3,
            guesses as f64 / puzzles.len().max(20_000) as f64
        );
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {}
