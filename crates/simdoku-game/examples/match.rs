//! A quick in-process match: `cargo run --release -p simdoku-game --example match -- GAMES
//! SECONDS [A B] [-v]` with A, B strategies (`full`, `random`; default full vs random).

use std::time::{Duration, Instant};

use simdoku_game::referee::{PlayerSpec, RefereeOptions, referee_with};
use simdoku_game::{PlayOptions, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let args: Vec<&String> = args.iter().filter(|a| *a != "-v").collect();
    let games: usize = args.first().map_or(10, |s| s.parse().unwrap());
    let secs: f64 = args.get(1).map_or(5.0, |s| s.parse().unwrap());
    let a: Strategy = args.get(2).map_or(Strategy::Full, |s| s.parse().unwrap());
    let b: Strategy = args.get(3).map_or(Strategy::Random, |s| s.parse().unwrap());
    let time = Duration::from_secs_f64(secs);
    let player = |strategy, seed| {
        PlayerSpec::builtin(PlayOptions {
            strategy,
            time,
            seed: Some(seed),
            verbose,
        })
    };
    let mut opts = RefereeOptions::new(player(a, 11), player(b, 22));
    opts.games = games;
    opts.time = time;
    let t = Instant::now();
    let report = referee_with(&opts, |i, g| {
        eprintln!(
            "game {}: winner {} ({}) after {} moves; time {:.2}/{:.2} s",
            i + 1,
            g.winner,
            g.reason.describe(),
            g.moves.len(),
            g.time[0].as_secs_f64(),
            g.time[1].as_secs_f64()
        );
    });
    println!("{report}");
    if verbose {
        print!("{}", report.log());
    }
    println!("match took {:.1} s", t.elapsed().as_secs_f64());
}
