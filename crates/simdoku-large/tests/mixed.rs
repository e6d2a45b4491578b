//! Mixed grids: valid after every swap, not a pattern grid, the asked fraction of givens, seeds
//! that repeat, puzzles the solver solves, and minimal unique puzzles.

use std::time::Duration;

use simdoku_large::generate::Rng;
use simdoku_large::mixed::{self, generate, generate_minimal, mixed_grid, swap_cycle};
use simdoku_large::text::{self, Form};
use simdoku_large::{Config, LargeGrid, Solver, Status, check_solution, pattern};

fn valid(g: &LargeGrid) -> bool {
    check_solution(&LargeGrid::empty_of(g.shape().clone()), g, false).is_ok()
}

#[test]
fn every_swap_keeps_the_grid_valid() {
    for n in 2..=6 {
        let mut rng = Rng::new(n as u64);
        let mut g = simdoku_large::generate::solution_grid(n, &mut rng);
        let before = g.clone();
        let mut moved = 0;
        for i in 0..500 {
            let len = swap_cycle(&mut g, i % 2 == 0, &mut rng);
            assert!((1..=n * n).contains(&len));
            if len < n * n {
                moved += 1;
            }
            assert!(valid(&g), "box size {n}, swap {i}: {:?}", g.conflict(false));
        }
        assert!(moved > 0, "box size {n}: every cycle was a whole line");
        assert_ne!(g, before, "box size {n}: nothing moved");
    }
}

#[test]
fn mixed_grids_are_valid_and_not_a_pattern() {
    for n in 2..=10 {
        let g = mixed_grid(n, &mut Rng::new(7 + n as u64));
        assert!(valid(&g), "box size {n}: {:?}", g.conflict(false));
        if n >= 4 {
            assert!(
                pattern::fit(n, false, &g.bytes().unwrap()).is_none(),
                "box size {n}: the mixed grid still fits a pattern"
            );
        }
    }
}

#[test]
fn givens_match_the_fraction_and_the_solution() {
    for (n, f) in [
        (4, 0.45),
        (5, 0.5),
        (6, 0.55),
        (7, 0.6),
        (8, 0.6),
        (10, 0.7),
    ] {
        let g = generate(n, f, 3);
        let cells = n.pow(4);
        assert_eq!(g.puzzle.givens(), (f * cells as f64).round() as usize);
        assert!(valid(&g.solution));
        assert!(
            g.puzzle
                .cells()
                .iter()
                .zip(g.solution.cells())
                .all(|(&p, &s)| p == 0 || p == s)
        );
    }
}

#[test]
fn seeds_repeat_and_differ() {
    let a = generate(5, 0.5, 11);
    let b = generate(5, 0.5, 11);
    let c = generate(5, 0.5, 12);
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.solution, b.solution);
    assert_ne!(a.solution, c.solution);
    assert_ne!(a.puzzle, c.puzzle);
}

#[test]
fn the_solver_solves_mixed_puzzles_and_text_reads_them_back() {
    // Outside the hardness peak (which bench-data/large/mixed_* and scripts/large-peak.sh
    // measure): every size solves in milliseconds.
    for (n, f) in [(3, 0.3), (4, 0.4), (5, 0.6), (6, 0.65), (7, 0.7), (8, 0.7)] {
        for seed in 1..=2 {
            let g = generate(n, f, seed);
            let printed = text::format(&g.puzzle, Form::Numbers, false);
            let read = text::parse(&printed);
            assert_eq!(read.len(), 1);
            let p = read.into_iter().next().unwrap().expect("reads back");
            assert_eq!(p.grid, g.puzzle);
            let mut s = Solver::new(n, false, Config::default());
            let (status, sol, _) = s.count(&g.puzzle, 1, Some(Duration::from_mins(2)));
            assert_eq!(status, Status::Solved, "box size {n}, seed {seed}");
            let sol = sol.expect("a solution");
            check_solution(&g.puzzle, &sol, false)
                .unwrap_or_else(|v| panic!("box size {n}, seed {seed}: {v}"));
        }
    }
}

#[test]
fn minimal_puzzles_are_unique_and_need_every_given() {
    for (n, seed) in [(3, 1), (3, 2), (4, 1)] {
        let (m, solution) = generate_minimal(n, seed, Duration::from_mins(1));
        assert!(m.minimal);
        let side = n * n;
        let mut s = Solver::new(n, false, Config::default());
        let (status, sol, _) = s.count(&m.puzzle, 2, Some(Duration::from_mins(1)));
        assert_eq!(status, Status::Unique);
        assert_eq!(sol.as_ref(), Some(&solution));
        check_solution(&m.puzzle, &solution, false).unwrap();
        for c in 0..side * side {
            if m.puzzle.cells()[c] == 0 {
                continue;
            }
            let mut less = m.puzzle.clone();
            less.set(c / side, c % side, 0);
            let (status, _, _) = s.count(&less, 2, Some(Duration::from_mins(1)));
            assert_eq!(
                status,
                Status::Multiple,
                "box size {n}: given {c} is not needed"
            );
        }
    }
    // minimize from a puzzle (not the full grid) keeps its givens' values.
    let g = generate(3, 0.6, 5);
    let mut s = Solver::new(3, false, Config::default());
    if s.count(&g.puzzle, 2, None).0 == Status::Unique {
        let m = mixed::minimize(
            &g.puzzle,
            &g.solution,
            Duration::from_mins(1),
            &mut Rng::new(1),
        );
        assert!(m.puzzle.givens() <= g.puzzle.givens());
        check_solution(&m.puzzle, &g.solution, false).unwrap();
    }
}

/// `solved_by_propagation` (one propagation, no search) answers as a count to two that makes
/// no guess: on puzzles with one solution, several and none, 9x9 to 16x16, Sudoku-X too.
#[test]
fn the_propagation_test_agrees_with_a_count_without_guesses() {
    let (mut yes, mut no) = (0, 0);
    for (n, x) in [(3, false), (3, true), (4, false), (4, true)] {
        let mut s = Solver::new(n, x, Config::default());
        for seed in 0..60u64 {
            let fraction = 0.25 + 0.6 * (seed as f64 / 60.0);
            let mut puzzle = generate(n, fraction, seed).puzzle;
            if x {
                // A mixed grid is not Sudoku-X: its diagonals are emptied until they are.
                let side = n * n;
                let mut k = 0;
                while puzzle.conflict(true).is_some() {
                    puzzle.set(k % side, k % side, 0);
                    puzzle.set(k % side, side - 1 - k % side, 0);
                    k += 1;
                }
            }
            if seed % 7 == 3 {
                // One given changed to a clash-free wrong value: usually no solution.
                let side = n * n;
                let c = (0..side * side).find(|&c| puzzle.cells()[c] != 0).unwrap();
                for v in 1..=side as u16 {
                    let mut p = puzzle.clone();
                    p.set(c / side, c % side, v);
                    if p.conflict(x).is_none() && p != puzzle {
                        puzzle = p;
                        break;
                    }
                }
            }
            let (status, _, stats) = s.count(&puzzle, 2, None);
            let want = status == Status::Unique && stats.guesses == 0;
            assert_eq!(
                s.solved_by_propagation(&puzzle),
                want,
                "box size {n}, x {x}, seed {seed}: {status:?}, {} guesses",
                stats.guesses
            );
            if want { yes += 1 } else { no += 1 }
        }
    }
    assert!(yes > 20 && no > 20, "both answers met: {yes} yes, {no} no");
}

/// A puzzle made from a template: its unique solution agrees with the template's givens and
/// keeps its shape, regions and diagonals, and every given is needed (for propagation alone
/// with `no_guesses`). Templates: empty 9x9 and 16x16 Sudoku-X, a 9x9 with a few givens, a
/// 5x5 jigsaw.
#[test]
fn puzzles_from_templates_fit_the_template_and_are_minimal() {
    let map: String = (0..25)
        .map(|c| b"abcde"[(c / 5 + 2 * (c % 5)) % 5] as char)
        .collect();
    let jigsaw = format!("Jigsaw\n{map}\n{}", "0 0 0 0 0\n".repeat(5));
    let some = "1........\n....2....\n........3\n.4.......\n.........\n.....1...\n\
                ..2......\n.........\n......4..\n";
    let texts = ["9x9\n", "Sudoku X\n16x16\n", some, jigsaw.as_str()];
    for text in texts {
        let p = text::parse(text).remove(0).unwrap();
        let template = &p.grid;
        let mut s = Solver::for_shape(template.shape(), p.x, Config::default());
        let (_, first, _) = s.count(template, 1, None);
        let first = first.unwrap();
        let mut solutions = std::collections::HashSet::new();
        for (seed, no_guesses) in [(1, false), (2, false), (3, true)] {
            let (solution, made) = mixed::from_template(
                &mut s,
                template,
                &first,
                None,
                no_guesses,
                &mut Rng::new(seed),
            );
            assert!(made.minimal);
            check_solution(template, &solution, p.x).unwrap();
            check_solution(&made.puzzle, &solution, p.x).unwrap();
            let (status, got, _) = s.count(&made.puzzle, 2, None);
            assert_eq!((status, got.as_ref()), (Status::Unique, Some(&solution)));
            let side = template.side();
            for c in 0..side * side {
                let v = made.puzzle.cells()[c];
                if v == 0 {
                    continue;
                }
                let mut less = made.puzzle.clone();
                less.set(c / side, c % side, 0);
                if no_guesses {
                    assert!(
                        !s.solved_by_propagation(&less),
                        "{text}: given {c} is not needed"
                    );
                } else {
                    assert_eq!(
                        s.count(&less, 2, None).0,
                        Status::Multiple,
                        "{text}: given {c} is not needed"
                    );
                }
            }
            if no_guesses {
                assert!(s.solved_by_propagation(&made.puzzle), "{text}");
            }
            solutions.insert(solution);
        }
        // Relabelled by the seed (all but the template's given values, here at least two free).
        assert!(
            solutions.len() > 1,
            "{text}: the seed relabels the solution"
        );
    }
}
