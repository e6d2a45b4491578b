//! Cycle-count (instruction-count) benchmarks of each engine that valgrind can run, on a fixed,
//! named handful of puzzles per set: the first 8 puzzles of each file, each one counted to 2
//! (solution plus uniqueness proof).
//!
//! Needs `gungraun-runner` at the exact version of the `gungraun` dev-dependency:
//! `scripts/install-gungraun-runner.sh`, then `cargo bench -p simdoku-dispatch --bench cycles`.
//! Save a baseline with `-- --save-baseline=main` and compare with `-- --baseline=main`.
//! AVX-512 engines are left out: valgrind cannot run AVX-512 code.

use std::hint::black_box;

use gungraun::prelude::*;
use simdoku_core::{Engine, Grid};

fn setup(engine: &str, set: &str) -> (Box<dyn Engine>, Vec<Grid>) {
    let path = format!("{}/../../bench-data/{set}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(8)
        .map(|l| Grid::parse(l).expect("bundled puzzle"))
        .collect();
    (
        simdoku_dispatch::by_name(engine)
            .expect("engine available")
            .engine(),
        puzzles,
    )
}

#[library_benchmark]
#[benches::scalar(
    args = [("scalar", "hardest11"), ("scalar", "top95"), ("scalar", "17_clue"), ("scalar", "forum_hardest_1106"), ("scalar", "serg_benchmark")],
    setup = setup
)]
#[benches::sse(
    args = [("sse", "hardest11"), ("sse", "top95"), ("sse", "17_clue"), ("sse", "forum_hardest_1106"), ("sse", "serg_benchmark")],
    setup = setup
)]
#[benches::avx2(
    args = [("avx2", "hardest11"), ("avx2", "top95"), ("avx2", "17_clue"), ("avx2", "forum_hardest_1106"), ("avx2", "serg_benchmark")],
    setup = setup
)]
#[benches::bands(
    args = [("bands", "hardest11"), ("bands", "top95"), ("bands", "17_clue"), ("bands", "forum_hardest_1106"), ("bands", "serg_benchmark")],
    setup = setup
)]
fn count2((mut engine, puzzles): (Box<dyn Engine>, Vec<Grid>)) -> u64 {
    puzzles
        .iter()
        .map(|p| black_box(engine.count(black_box(p), 2)).solutions)
        .sum()
}

library_benchmark_group!(name = engines, benchmarks = [count2]);

main!(library_benchmark_groups = engines);
