//! No step ever removes a candidate of the solution or places a wrong value: on generated
//! puzzles and on every bundled hard set, each step of the explanation is checked against the
//! solution an engine finds.
use simdoku_core::testkit::bench_set;
use simdoku_core::{Engine, Grid, scalar::Scalar};
use simdoku_logic::{Board, explain, rate};
use simdoku_tools::{GenerateOptions, Rng, generate};

/// Checks every step of the board's explanation against the solution; returns the number of
/// steps and whether the steps solved it.
fn check(puzzle: &Grid, solution: &Grid) -> (usize, bool) {
    let board = Board::from_grid(puzzle);
    let e = explain(&board);
    let mut b = board.clone();
    for s in &e.steps {
        for &(c, d) in &s.placements {
            assert_eq!(solution.get(c as usize), d, "{puzzle}: {s}");
        }
        for &(c, m) in &s.eliminations {
            let sol = solution.get(c as usize);
            assert_eq!(
                m & (1 << (sol - 1)),
                0,
                "{puzzle}: {s} removes the solution's {sol}"
            );
            assert_ne!(
                m & b.candidates(c as usize),
                0,
                "{puzzle}: {s} removes nothing"
            );
        }
        s.apply(&mut b);
    }
    if e.solved() {
        assert_eq!(e.end.grid(), *solution);
    }
    (e.steps.len(), e.solved())
}

#[test]
fn generated_puzzles() {
    let mut engine = Scalar::new();
    let mut rng = Rng::new(7);
    let opts = GenerateOptions {
        minimal: true,
        ..GenerateOptions::default()
    };
    let (mut steps, mut solved, mut rated) = (0, 0, 0);
    for _ in 0..3000 {
        let g = generate(&mut engine, &opts, &mut rng);
        let (n, ok) = check(&g.puzzle, &g.solution);
        steps += n;
        solved += usize::from(ok);
        rated += usize::from(rate(&Board::from_grid(&g.puzzle)).is_some());
    }
    eprintln!("generated: {steps} steps, {solved} solved, {rated} rated of 3000");
    // Measured (seed 7): 136,051 steps, 1,931 solved, 1,786 rated. The bounds guard against a
    // finder going quiet.
    assert!(
        solved > 1800 && rated > 1700,
        "solved {solved}, rated {rated}"
    );
    assert!(steps > 120_000, "{steps} steps");
}

#[test]
fn bundled_hard_sets() {
    let mut engine = Scalar::new();
    let mut steps = 0;
    for set in [
        "top95",
        "hardest11",
        "forum_hardest_1106",
        "magictour_top1465",
    ] {
        for puzzle in bench_set(set) {
            let (solution, _) = engine.solve(&puzzle);
            let solution = solution.expect("bundled puzzles have a solution");
            steps += check(&puzzle, &solution).0;
        }
    }
    assert!(steps > 10_000, "{steps} steps");
}
