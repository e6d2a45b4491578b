//! Times the exact endgame search on given positions: `cargo run --release -p simdoku-game
//! --example endgame_probe -- GRID [GRID...]` (81 characters, `.` or `0` for empty; `CAP=SECONDS`
//! stops each search then, answering unknown; an argument that names a file stands for the
//! grids it holds, one a line, `#` lines skipped, e.g. `bench-data/game/decisive-30s.txt`), or on
//! generated ones: `GEN=GAMES CAP=SECONDS` (`SEEDS=12,16` keeps the positions of those games
//! only).

use std::time::Instant;

use simdoku_core::Grid;
use simdoku_core::rng::Rng;
use simdoku_game::analysis::Analyzer;
use simdoku_game::endgame::{Endgame, RootMove, SolutionSet, Value};

fn main() {
    let mut an = Analyzer::new();
    if let Ok(games) = std::env::var("GEN") {
        generated(&mut an, games.parse().expect("GEN=number of games"));
        return;
    }
    let mut grids = Vec::new();
    for arg in std::env::args().skip(1) {
        match std::fs::read_to_string(&arg) {
            Ok(text) => grids.extend(
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(|l| l.split_whitespace().next().unwrap_or("").to_string()),
            ),
            Err(_) => grids.push(arg),
        }
    }
    let mut outcomes = std::collections::BTreeMap::new();
    for arg in grids {
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
        if let Ok(cap) = std::env::var("CAP") {
            let cap: f64 = cap.parse().expect("CAP=seconds");
            e.set_deadline(Some(t + std::time::Duration::from_secs_f64(cap)));
        }
        let all = e.set().all();
        let root = e.analyze(&all);
        let win = root.iter().find(|r| r.value == Value::Win);
        let outcome = outcome(&root);
        *outcomes.entry(outcome).or_insert(0) += 1;
        println!(
            "{} solutions (enumerated in {:.3} s): {} in {:.3} s, {} nodes",
            sols.len(),
            te.as_secs_f64(),
            win.map_or_else(|| outcome.to_string(), |r| format!("win by {}", r.m)),
            t.elapsed().as_secs_f64(),
            e.nodes
        );
    }
    if outcomes.values().sum::<u32>() > 1 {
        println!("for the side to move: {outcomes:?}");
    }
}

/// The side to move's outcome by the root moves' values: "win", "loss" or "unknown".
fn outcome(root: &[RootMove]) -> &'static str {
    if root.iter().any(|r| r.value == Value::Win) {
        "win"
    } else if root.iter().all(|r| r.value == Value::Loss) {
        "loss"
    } else {
        "unknown"
    }
}

/// The probe over generated positions (see the module docs).
fn generated(an: &mut Analyzer, games: u64) {
    let cap: f64 = std::env::var("CAP").map_or(10.0, |s| s.parse().expect("CAP=seconds"));
    let (mut nodes, mut secs, mut solved, mut total) = (0u64, 0f64, 0, 0);
    let only: Option<Vec<u64>> = std::env::var("SEEDS").ok().map(|v| {
        v.split(',')
            .map(|x| x.parse().expect("SEEDS=n,n,..."))
            .collect()
    });
    for seed in 0..games {
        if only.as_ref().is_some_and(|o| !o.contains(&seed)) {
            continue;
        }
        let mut rng = Rng::new(seed);
        let mut g = Grid::EMPTY;
        let mut positions = Vec::new();
        loop {
            let moves = an.legal_moves(&g);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let next = m.apply(&g);
            let n = an.count(&next, 100_001);
            if n < 10_000 && !positions.is_empty() {
                break;
            }
            g = next;
            if (10_000..=100_000).contains(&n) {
                positions.push(g);
            }
        }
        for g in positions {
            let (sols, _) = an.enumerate(&g, 100_000);
            let mut e = Endgame::new(SolutionSet::new(&sols, &mut Rng::new(seed)));
            let all = e.set().all();
            let t = Instant::now();
            e.set_deadline(Some(t + std::time::Duration::from_secs_f64(cap)));
            let root = e.analyze(&all);
            let dt = t.elapsed().as_secs_f64();
            let outcome = outcome(&root);
            solved += usize::from(outcome != "unknown");
            total += 1;
            nodes += e.nodes;
            secs += dt;
            println!(
                "seed {seed} {} {:6} solutions: {outcome:7} {:6.2} s {:9} nodes {:7.0} nodes/s",
                g,
                sols.len(),
                dt,
                e.nodes,
                e.nodes as f64 / dt
            );
        }
    }
    println!(
        "{solved} of {total} solved within {cap} s; {nodes} nodes in {secs:.1} s ({:.0} nodes/s)",
        nodes as f64 / secs
    );
}
