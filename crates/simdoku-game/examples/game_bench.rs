//! Figures for the game: solutions enumerated per second (ours and the peer `sudoku` crate, same
//! run, same positions) and endgame nodes per second.
//!
//! `cargo run --release -p simdoku-game --example game_bench -- [GAMES]`
//!
//! Positions come from seeded random games: for each game, the last position with more than
//! 100,000 solutions (middle game) and the first with at most 100,000 (endgame entry).

use std::time::{Duration, Instant};

use simdoku_core::Grid;
use simdoku_core::rng::Rng;
use simdoku_game::analysis::Analyzer;
use simdoku_game::endgame::{Endgame, SolutionSet, Value};

const LIMIT: usize = 100_000;

fn main() {
    let games: u64 = std::env::args().nth(1).map_or(8, |s| s.parse().unwrap());
    let cap: f64 = std::env::args().nth(2).map_or(10.0, |s| s.parse().unwrap());
    let mut an = Analyzer::new();
    let mut middle = Vec::new();
    let mut entry = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut g = Grid::EMPTY;
        loop {
            let moves = an.legal_moves(&g);
            let m = moves[rng.below(moves.len())];
            let next = m.apply(&g);
            if an.count(&next, LIMIT as u64 + 1) <= LIMIT as u64 {
                middle.push(g);
                entry.push(next);
                break;
            }
            g = next;
        }
    }
    println!("{} games; mean givens at endgame entry {:.1}", games, {
        entry.iter().map(Grid::givens).sum::<usize>() as f64 / entry.len() as f64
    });

    // Enumeration, middle-game positions (each has more than LIMIT solutions).
    let time = |f: &mut dyn FnMut() -> usize| {
        let t = Instant::now();
        let n = f();
        (n, t.elapsed())
    };
    let mut rows: Vec<(&str, usize, Duration)> = Vec::new();
    let mut add = |name, (n, t): (usize, Duration)| match rows.iter_mut().find(|r| r.0 == name) {
        Some(r) => {
            r.1 += n;
            r.2 += t;
        }
        None => rows.push((name, n, t)),
    };
    for g in &middle {
        let peer = sudoku::Sudoku::from_bytes(*g.cells()).unwrap();
        add(
            "simdoku visit (collect grids)",
            time(&mut || an.enumerate(g, LIMIT).0.len()),
        );
        add(
            "simdoku count",
            time(&mut || an.count(g, LIMIT as u64) as usize),
        );
        add(
            "sudoku 0.8 count",
            time(&mut || peer.solutions_count_up_to(LIMIT)),
        );
        let mut buf = vec![[0u8; 81]; LIMIT];
        add(
            "sudoku 0.8 collect",
            time(&mut || peer.solutions_up_to_buffer(&mut buf, LIMIT)),
        );
    }
    println!(
        "\nenumeration, {} positions x {LIMIT} solutions:",
        middle.len()
    );
    for (name, n, t) in &rows {
        println!(
            "  {name:<32} {:>10.0} solutions/s",
            *n as f64 / t.as_secs_f64()
        );
    }

    // Endgame at entry: full root analysis, 10 s cap each.
    println!("\nendgame at entry (side to move), {cap} s cap per position:");
    let (mut nodes, mut spent) = (0u64, Duration::ZERO);
    for (i, g) in entry.iter().enumerate() {
        let (sols, complete) = an.enumerate(g, LIMIT);
        assert!(complete);
        let t = Instant::now();
        let set = SolutionSet::new(&sols, &mut Rng::new(i as u64));
        let build = t.elapsed();
        let mut e = Endgame::new(set);
        e.set_deadline(Some(Instant::now() + Duration::from_secs_f64(cap)));
        let t = Instant::now();
        let root = e.analyze(&e.set().all());
        let dt = t.elapsed();
        let verdict = if root.iter().any(|r| r.value == Value::Win) {
            "win"
        } else if root.iter().all(|r| r.value == Value::Loss) {
            "loss"
        } else {
            "unknown (out of time)"
        };
        println!(
            "  {:>6} solutions, {:>3} moves: {verdict:<22} {:>9} nodes in {:>7.3} s ({:.0} nodes/s; set built in {:.1} ms)",
            sols.len(),
            root.len(),
            e.nodes,
            dt.as_secs_f64(),
            e.nodes as f64 / dt.as_secs_f64(),
            build.as_secs_f64() * 1e3
        );
        nodes += e.nodes;
        spent += dt;
    }
    println!(
        "  total {nodes} nodes in {:.2} s: {:.0} nodes/s",
        spent.as_secs_f64(),
        nodes as f64 / spent.as_secs_f64()
    );
}
