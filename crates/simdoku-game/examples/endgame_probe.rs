//! Times the exact endgame search on given positions: `cargo run --release -p simdoku-game
//! --example endgame_probe -- GRID [GRID...]` (81 characters, `.` or `0` for empty).

use std::time::Instant;

use simdoku_core::Grid;
use simdoku_game::analysis::Analyzer;
use simdoku_game::endgame::{Endgame, SolutionSet, Value};
use simdoku_game::rng::Rng;

fn main() {
    let mut an = Analyzer::new();
    for arg in std::env::args().skip(1) {
        let g = Grid::parse(&arg).expect("a grid");
        let t = Instant::now();
        let (sols, complete) = an.enumerate(&g, 200_000);
        let te = t.elapsed();
        if !complete {
            println!("{arg}: more than 200,000 solutions");
            continue;
        }
        if std::env::var("ROOT").is_ok() {
            let set = SolutionSet::new(&sols, &mut Rng::new(1));
            let all = set.all();
            let mut stats = set.scan(&all);
            stats.sort_by_key(|s| (s.count, s.slot));
            let mut e = Endgame::new(set.clone());
            let t0 = Instant::now();
            for s in &stats {
                let t = Instant::now();
                let n0 = e.nodes;
                let child = set.keep(&all, s.slot);
                let w = e.side_to_move_wins(&child);
                println!(
                    "  {} keeps {:6}: opponent {:?} in {:.3} s, {} nodes (total {:.1} s)",
                    set.slot_move(s.slot),
                    s.count,
                    w,
                    t.elapsed().as_secs_f64(),
                    e.nodes - n0,
                    t0.elapsed().as_secs_f64()
                );
                if w == Some(false) {
                    break;
                }
            }
            continue;
        }
        let t = Instant::now();
        let mut e = Endgame::new(SolutionSet::new(&sols, &mut Rng::new(1)));
        let all = e.set().all();
        let root = e.analyze(&all);
        let win = root.iter().find(|r| r.value == Value::Win);
        println!(
            "{} solutions (enumerated in {:.3} s): {} in {:.3} s, {} nodes",
            sols.len(),
            te.as_secs_f64(),
            win.map_or("loss".to_string(), |r| format!("win by {}", r.m)),
            t.elapsed().as_secs_f64(),
            e.nodes
        );
    }
}
