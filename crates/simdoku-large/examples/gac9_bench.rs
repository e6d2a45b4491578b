//! The large engine on 9x9 against the core scalar engine, same run, same puzzles:
//! `cargo run --release -p simdoku-large --example gac9_bench -- [SET] [N] [ROUNDS]`
//! (defaults: `17_clue`, 10000 puzzles, 3 rounds; prints the median round per engine;
//! `GAC9_QUICK=1` runs scalar and `Gac9::new` only).

#![allow(clippy::cast_precision_loss, clippy::type_complexity)]

use std::time::Instant;

use simdoku_core::scalar::Scalar;
use simdoku_core::{Engine, testkit};
use simdoku_large::{Branch, Config, Gac9};

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "17_clue".into());
    let n: usize = args.next().map_or(10000, |s| s.parse().unwrap());
    let rounds: usize = args.next().map_or(3, |s| s.parse().unwrap());
    let puzzles = testkit::bench_slice(&set, n);
    let mut configs: Vec<(&str, Box<dyn Fn() -> Box<dyn Engine>>)> = vec![
        ("scalar", Box::new(|| Box::new(Scalar::new()))),
        ("gac (Gac9::new)", Box::new(|| Box::new(Gac9::new()))),
        (
            "gac, large-grid default",
            Box::new(|| Box::new(Gac9::with_config(Config::default()))),
        ),
        (
            "gac, min-dom, no hidden singles",
            Box::new(|| {
                Box::new(Gac9::with_config(Config {
                    hidden_singles: false,
                    branch: Branch::MinDom,
                    restarts: false,
                    ..Config::default()
                }))
            }),
        ),
        (
            "gac, no box/line",
            Box::new(|| {
                Box::new(Gac9::with_config(Config {
                    intersections: false,
                    ..Config::default()
                }))
            }),
        ),
        (
            "singles only, min-dom",
            Box::new(|| {
                Box::new(Gac9::with_config(Config {
                    gac: false,
                    intersections: false,
                    branch: Branch::MinDom,
                    restarts: false,
                    ..Config::default()
                }))
            }),
        ),
    ];
    if std::env::var_os("GAC9_QUICK").is_some() {
        configs.truncate(2);
    }
    let mut times = vec![Vec::new(); configs.len()];
    let mut guesses = vec![0u64; configs.len()];
    for _ in 0..rounds {
        for (k, (_, make)) in configs.iter().enumerate() {
            let mut e = make();
            let t = Instant::now();
            let mut g = 0;
            for p in &puzzles {
                let s = e.count(p, 2);
                assert_eq!(s.solutions, 1);
                g += s.guesses;
            }
            times[k].push(t.elapsed().as_secs_f64());
            guesses[k] = g;
        }
    }
    println!(
        "{set}: {} puzzles, count up to 2, median of {rounds} rounds (ratio: median of the \
         per-round ratios to scalar)",
        puzzles.len()
    );
    for (k, (name, _)) in configs.iter().enumerate() {
        let mut t = times[k].clone();
        t.sort_by(f64::total_cmp);
        let med = t[t.len() / 2];
        let mut ratios: Vec<f64> = times[k].iter().zip(&times[0]).map(|(a, b)| a / b).collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "{name:<34} {:>9.0} puzzles/s  {:>7.1} us/puzzle  {:>6.2} guesses/puzzle  {:>5.2}x scalar time",
            puzzles.len() as f64 / med,
            med * 1e6 / puzzles.len() as f64,
            guesses[k] as f64 / puzzles.len() as f64,
            ratios[ratios.len() / 2]
        );
    }
}
