//! Throughput of the tools against the peer crate `sudoku` 0.8, measured in the same run,
//! single thread: `cargo run --release -p simdoku-tools --example peer`.
//!
//! * generate: 180-degree symmetric puzzles, minimal under the symmetry (what the peer's
//!   `Sudoku::generate()` makes), and minimal puzzles without symmetry (ours only);
//! * canonical forms of solved grids (the peer canonicalizes solved grids only) and of
//!   17-clue puzzles (ours; the peer solves a puzzle and canonicalizes its solution);
//! * the usual minlex form and the automorphism count of 17-clue puzzles (ours only).

use std::time::Instant;

use simdoku_core::Grid;
use simdoku_core::testkit::bench_set;
use simdoku_tools::{
    Canonicalizer, ClueSymmetry, GenerateOptions, Rng, automorphisms, generate, minlex,
    random_solution,
};
use sudoku::Sudoku;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn rate(passes: usize, n: usize, mut f: impl FnMut(usize)) -> f64 {
    median(
        (0..passes)
            .map(|p| {
                let t = Instant::now();
                for i in 0..n {
                    f(p * n + i);
                }
                n as f64 / t.elapsed().as_secs_f64()
            })
            .collect(),
    )
}

fn main() {
    let spec = simdoku_dispatch::best(simdoku_dispatch::Work::Count);
    let mut e = spec.engine();
    println!(
        "engine {} (count), medians of 5 passes, 1 thread",
        spec.name
    );
    let sym = GenerateOptions {
        symmetry: ClueSymmetry::Rot180,
        ..GenerateOptions::default()
    };
    let root = Rng::new(1);
    let ours = rate(5, 200, |i| {
        std::hint::black_box(generate(e.as_mut(), &sym, &mut root.derive(i as u64)));
    });
    let peer = rate(5, 200, |_| {
        std::hint::black_box(Sudoku::generate());
    });
    println!(
        "generate rot180-minimal: simdoku {ours:.0}/s, peer {peer:.0}/s, ratio {:.2}",
        ours / peer
    );
    let minimal = GenerateOptions::default();
    let ours = rate(5, 200, |i| {
        std::hint::black_box(generate(e.as_mut(), &minimal, &mut root.derive(i as u64)));
    });
    println!("generate minimal (no symmetry): simdoku {ours:.0}/s");
    let unique = GenerateOptions {
        clues: 32,
        ..GenerateOptions::default()
    };
    let ours = rate(5, 500, |i| {
        std::hint::black_box(generate(e.as_mut(), &unique, &mut root.derive(i as u64)));
    });
    println!("generate unique, 32 clues: simdoku {ours:.0}/s");

    let mut rng = Rng::new(3);
    let ours = rate(5, 2000, |_| {
        std::hint::black_box(random_solution(&mut rng));
    });
    let peer = rate(5, 2000, |_| {
        std::hint::black_box(Sudoku::generate_solved());
    });
    println!(
        "random solved grid: simdoku {ours:.0}/s, peer {peer:.0}/s, ratio {:.2}",
        ours / peer
    );

    let mut rng = Rng::new(2);
    let solved: Vec<Grid> = (0..500).map(|_| random_solution(&mut rng)).collect();
    let peer_solved: Vec<Sudoku> = solved
        .iter()
        .map(|g| Sudoku::from_bytes(*g.cells()).unwrap())
        .collect();
    let mut canon = Canonicalizer::new();
    let ours = rate(5, solved.len(), |i| {
        std::hint::black_box(canon.canonical(&solved[i % solved.len()]));
    });
    let peer = rate(5, solved.len(), |i| {
        std::hint::black_box(peer_solved[i % solved.len()].canonicalized());
    });
    println!(
        "canonical form, solved grids: simdoku {ours:.0}/s, peer {peer:.0}/s, ratio {:.2}",
        ours / peer
    );
    let puzzles = bench_set("17_clue");
    let puzzles = &puzzles[..5000];
    let peer_puzzles: Vec<Sudoku> = puzzles
        .iter()
        .map(|g| Sudoku::from_bytes(*g.cells()).unwrap())
        .collect();
    let ours = rate(5, puzzles.len(), |i| {
        std::hint::black_box(canon.canonical(&puzzles[i % puzzles.len()]));
    });
    let peer = rate(5, puzzles.len(), |i| {
        std::hint::black_box(peer_puzzles[i % puzzles.len()].canonicalized());
    });
    println!(
        "canonical form, 17-clue puzzles: simdoku {ours:.0}/s, peer (solve + canonicalize the \
         solution) {peer:.0}/s"
    );
    let ours = rate(5, puzzles.len(), |i| {
        std::hint::black_box(minlex(&puzzles[i % puzzles.len()]));
    });
    println!("minlex form, 17-clue puzzles: simdoku {ours:.0}/s");
    let ours = rate(5, puzzles.len(), |i| {
        std::hint::black_box(automorphisms(&puzzles[i % puzzles.len()]));
    });
    println!("automorphisms, 17-clue puzzles: simdoku {ours:.0}/s");
}
