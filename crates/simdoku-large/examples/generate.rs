//! Prints seeded puzzles in the number form:
//! `cargo run --release -p simdoku-large --example generate -- BOX_SIZE GIVENS_FRACTION [COUNT] [SEED]`
//! e.g. `... -- 6 0.45 3 1` prints three 36x36 puzzles with 45% of the cells given.

use simdoku_large::generate::generate;
use simdoku_large::text::{Form, format};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: generate BOX_SIZE GIVENS_FRACTION [COUNT] [SEED]");
        std::process::exit(2);
    }
    let n: usize = args[0].parse().expect("box size 2..=11");
    assert!((2..=11).contains(&n), "box size 2..=11");
    let frac: f64 = args[1].parse().expect("fraction 0..=1");
    let count: u64 = args.get(2).map_or(1, |s| s.parse().expect("count"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("seed"));
    let side = n * n;
    for k in 0..count {
        let g = generate(n, frac, seed + k);
        println!(
            "# {side}x{side}, {:.0}% givens, seed {} (simdoku-large generate)",
            frac * 100.0,
            seed + k
        );
        print!("{}", format(&g.puzzle, Form::Numbers, false));
        println!();
    }
}
