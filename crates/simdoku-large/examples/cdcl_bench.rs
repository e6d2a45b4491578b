//! Runs the clause-learning search straight on the givens of each grid (no root propagation:
//! the search's own naked singles only), with a fixed conflict budget, so that the work does not
//! depend on the machine's speed: `cargo run --release -p simdoku-large --example cdcl_bench --
//! [--conflicts N] [--limit N] [--repeat R] FILE...`. Prints, per grid: <file:line>, size,
//! solutions, decisions, conflicts, propagations per conflict, milliseconds (median of the repeats), conflicts per second.

#![allow(clippy::cast_precision_loss)]

use std::ops::ControlFlow;
use std::time::Instant;

use simdoku_large::cdcl::Cdcl;
use simdoku_large::text;

fn main() {
    let mut conflicts = None;
    let mut limit = 1u64;
    let mut repeat = 1;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--conflicts" => conflicts = Some(args.next().unwrap().parse().unwrap()),
            "--limit" => limit = args.next().unwrap().parse().unwrap(),
            "--repeat" => repeat = args.next().unwrap().parse().unwrap(),
            _ => files.push(a),
        }
    }
    let mut cdcl = Cdcl::default();
    cdcl.set_conflict_limit(conflicts);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for p in text::parse(&text).into_iter().flatten() {
            let side = p.grid.side();
            let full = if side == 128 {
                u128::MAX
            } else {
                (1u128 << side) - 1
            };
            let dom: Vec<u128> = p
                .grid
                .cells()
                .iter()
                .map(|&v| if v == 0 { full } else { 1 << (v - 1) })
                .collect();
            let house_cells: Vec<u32> = p
                .grid
                .shape()
                .houses(p.x)
                .into_iter()
                .flat_map(|(_, cs)| cs.into_iter().map(|c| c as u32))
                .collect();
            let mut out = vec![0u8; side * side];
            let mut runs = Vec::new();
            let mut last = None;
            for _ in 0..repeat {
                let t = Instant::now();
                let mut found = 0;
                let st = cdcl.run(&dom, &house_cells, side, None, None, &mut out, &mut |_| {
                    found += 1;
                    if found >= limit {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                runs.push(t.elapsed().as_secs_f64());
                last = Some(st);
            }
            runs.sort_by(f64::total_cmp);
            let s = runs[runs.len() / 2];
            let st = last.unwrap();
            println!(
                "{f}:{} {side}x{side} sols {} decisions {} conflicts {}{} props/conflict {:.0} {:.1} ms {:.0} conflicts/s",
                p.line,
                st.solutions,
                st.decisions,
                st.conflicts,
                if st.timed_out { " (budget)" } else { "" },
                st.propagations as f64 / st.conflicts.max(1) as f64,
                s * 1e3,
                st.conflicts as f64 / s
            );
        }
    }
}
