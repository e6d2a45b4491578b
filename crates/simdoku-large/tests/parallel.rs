//! One grid on several threads (`Config::threads`): the portfolio visits the same set of
//! solutions as the one search (9x9, 16x16, jigsaw and X shapes; none, one or many solutions;
//! both searches), its counts and statuses agree, and it ends without a hang when a search
//! finds no solution, when the visitor stops early and at the time limit.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use simdoku_core::{Grid, testkit};
use simdoku_large::generate::{self, Rng, remove_cells};
use simdoku_large::text;
use simdoku_large::{Config, LargeGrid, Learn, Shape, Solver, Status, check_solution};

mod common;

fn with_threads(cfg: Config, threads: usize) -> Config {
    Config { threads, ..cfg }
}

/// Every solution (up to `limit`), each checked against the puzzle and the rules and seen once.
fn visit_all(p: &LargeGrid, x: bool, cfg: Config, limit: usize) -> (HashSet<Vec<u16>>, bool) {
    let mut seen = HashSet::new();
    let st =
        Solver::for_shape(p.shape(), x, cfg).visit(p, Some(Duration::from_mins(2)), &mut |s| {
            let g = LargeGrid::with_values(p.shape().clone(), s.to_vec()).unwrap();
            check_solution(p, &g, x).unwrap_or_else(|v| panic!("{v}"));
            assert!(seen.insert(s.to_vec()), "a solution visited twice");
            if seen.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    assert!(!st.timed_out);
    assert_eq!(st.solutions, seen.len() as u64);
    let complete = seen.len() < limit;
    (seen, complete)
}

/// One search and portfolios of 2 and 3 against each other on `p`: the same set when the
/// search went to the end (else as many), the same status and count to 2.
fn agree(p: &LargeGrid, x: bool, cfg: Config, limit: usize, what: &str) -> usize {
    let (one, complete) = visit_all(p, x, cfg, limit);
    for threads in [2, 3] {
        let (many, _) = visit_all(p, x, with_threads(cfg, threads), limit);
        assert_eq!(many.len(), one.len(), "{what}, {threads} threads");
        if complete {
            assert!(many == one, "{what}, {threads} threads: other solutions");
        }
        let seq = Solver::for_shape(p.shape(), x, cfg).count(p, 2, None);
        let par = Solver::for_shape(p.shape(), x, with_threads(cfg, threads)).count(p, 2, None);
        assert_eq!((seq.0, seq.2.solutions), (par.0, par.2.solutions), "{what}");
        if let Some(s) = par.1 {
            check_solution(p, &s, x).unwrap();
        }
    }
    one.len()
}

fn configs() -> [Config; 3] {
    [
        Config::default(),
        Config {
            learn: Learn::Always,
            ..Config::default()
        },
        Config {
            learn: Learn::Off,
            ..Config::default()
        },
    ]
}

#[test]
fn square_and_x_grids_visit_the_same_solutions() {
    let mut rng = Rng::new(21);
    let (mut none, mut one, mut many) = (0, 0, 0);
    for (n, x) in [(2, false), (2, true), (3, false), (3, true), (4, false)] {
        for round in 0..6 {
            let full = if x {
                generate::solution_grid_x(n, &mut rng, Duration::from_secs(10)).unwrap()
            } else {
                generate::solution_grid(n, &mut rng)
            };
            let cells = n.pow(4);
            let keep = match n {
                2 => 3 + round % 5,
                3 => 22 + 3 * round,
                _ => 150 + 8 * round,
            };
            let mut p = remove_cells(&full, keep.min(cells), &mut rng);
            // Now and then a wrong given: most often no solution.
            if round % 3 == 2 {
                let side = n * n;
                let c = rng.below(cells);
                p.set(c / side, c % side, (rng.below(side) + 1) as u16);
            }
            for cfg in configs() {
                match agree(&p, x, cfg, 300, &format!("{n} x {x} round {round} {cfg:?}")) {
                    0 => none += 1,
                    1 => one += 1,
                    _ => many += 1,
                }
            }
        }
    }
    assert!(none > 0 && one > 0 && many > 0, "{none} {one} {many}");
}

#[test]
fn jigsaw_and_boxes_visit_the_same_solutions() {
    let mut rng = Rng::new(22);
    let map: Vec<usize> = (0..49).map(|c| (c / 7 + 2 * (c % 7)) % 7).collect();
    let shapes = [
        (Shape::jigsaw(7, &map).unwrap(), false),
        (Shape::boxes(2, 3).unwrap(), true),
        (Shape::boxes(3, 4).unwrap(), false),
    ];
    for (shape, x) in shapes {
        let empty = LargeGrid::empty_of(shape.clone());
        let (_, full, _) = Solver::for_shape(&shape, x, Config::default()).count(&empty, 1, None);
        let full = full.expect("the empty grid fills");
        let cells = shape.side() * shape.side();
        for frac in [0.3, 0.5, 0.7] {
            let p = remove_cells(&full, (frac * cells as f64) as usize, &mut rng);
            for cfg in configs() {
                agree(&p, x, cfg, 200, &format!("{shape} x {x} {frac}"));
            }
        }
    }
}

#[test]
fn bundled_16x16_and_36x36_unique_on_several_threads() {
    let dir = testkit::bench_data_dir().join("large");
    for name in ["sigh_16x16_X_1.txt", "sigh_16x16_2.txt", "sigh_36x36_1.txt"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let p = text::parse(&text).remove(0).unwrap();
        let want = std::fs::read_to_string(dir.join(name.replace(".txt", ".solution.txt")))
            .map(|t| text::parse(&t).remove(0).unwrap().grid)
            .unwrap();
        for threads in [2, 4] {
            let cfg = with_threads(Config::default(), threads);
            let (status, sol, st) = Solver::for_shape(p.grid.shape(), p.x, cfg).count(
                &p.grid,
                2,
                Some(Duration::from_mins(2)),
            );
            assert_eq!((status, st.solutions), (Status::Unique, 1), "{name}");
            assert_eq!(sol.unwrap(), want, "{name}");
        }
    }
}

#[test]
fn no_solution_and_early_stops_end() {
    // 9x9 without a solution, on the learning search (sharing clauses) and dom/wdeg.
    let g = Grid::parse(testkit::NO_SOLUTION).unwrap();
    let g = LargeGrid::from_cells(3, g.cells().to_vec()).unwrap();
    for cfg in configs() {
        let (status, sol, _) = Solver::new(3, false, with_threads(cfg, 4)).count(&g, 2, None);
        assert_eq!((status, sol), (Status::NoSolution, None));
    }
    // 16x16 grids with two givens of a row swapped: most have no completion.
    let mut none = 0;
    for (round, g) in common::swapped_row_grids() {
        let want = Solver::new(4, false, Config::default()).count(&g, 2, None);
        let got = Solver::new(4, false, with_threads(Config::default(), 3)).count(&g, 2, None);
        assert_eq!(
            (got.0, got.2.solutions),
            (want.0, want.2.solutions),
            "{round}"
        );
        none += usize::from(got.0 == Status::NoSolution);
    }
    assert!(none > 0);
    // Empty grids: the visitor stops at once, with many searches still going.
    for n in [3, 4, 5] {
        let empty = LargeGrid::empty(n);
        let cfg = with_threads(Config::default(), 4);
        let (status, sol, st) = Solver::new(n, false, cfg).count(&empty, 1, None);
        assert_eq!((status, st.solutions), (Status::Solved, 1));
        check_solution(&empty, &sol.unwrap(), false).unwrap();
        let (status, _, st) = Solver::new(n, false, cfg).count(&empty, 5, None);
        assert_eq!((status, st.solutions), (Status::Multiple, 5));
    }
    // The 4x4 empty grid has 288 solutions: counted exactly by 4 searches.
    let (status, _, st) = Solver::new(2, false, with_threads(Config::default(), 4)).count(
        &LargeGrid::empty(2),
        1000,
        None,
    );
    assert_eq!((status, st.solutions), (Status::Multiple, 288));
}

#[test]
fn time_limit_stops_every_search() {
    // A grid on the hardness peak, out of reach in a quarter of a second.
    let dir = testkit::bench_data_dir().join("large");
    let text = std::fs::read_to_string(dir.join("peak_49x49_g55.txt")).unwrap();
    let p = text::parse(&text).remove(0).unwrap();
    let cfg = with_threads(Config::default(), 3);
    let t0 = Instant::now();
    let (status, _, st) = Solver::for_shape(p.grid.shape(), false, cfg).count(
        &p.grid,
        1,
        Some(Duration::from_millis(250)),
    );
    assert_eq!(status, Status::TimedOut);
    assert!(st.timed_out);
    // A guard against a hang, not a speed test.
    assert!(t0.elapsed() < Duration::from_mins(1));
    // Far more searches than cores, no time: one deadline for all, and the searches that
    // start after it are not built (each of 1,024 building a 49x49 model took seconds).
    let cfg = with_threads(Config::default(), usize::MAX);
    let (status, solution, st) =
        Solver::for_shape(p.grid.shape(), false, cfg).count(&p.grid, 1, Some(Duration::ZERO));
    assert_eq!(
        (status, solution, st.timed_out),
        (Status::TimedOut, None, true)
    );
}

#[test]
fn a_visitor_that_panics_stops_the_searches() {
    // The panic reaches the caller once every search has stopped (an empty 49x49 has more
    // solutions than any search would walk through).
    let empty = LargeGrid::empty(7);
    let cfg = with_threads(Config::default(), 3);
    let caught = std::panic::catch_unwind(|| {
        Solver::new(7, false, cfg).visit(&empty, None, &mut |_| panic!("enough"))
    });
    assert!(caught.is_err());
}

#[test]
fn a_huge_thread_count_is_capped_not_a_panic() {
    // `usize::MAX` searches made a vector of that many solvers ("capacity overflow"); counts
    // stay exact with the capped portfolio: every 4x4 Sudoku, every 4x4 Sudoku-X.
    assert_eq!(simdoku_large::MAX_THREADS, 1024);
    for (x, all) in [(false, 288), (true, 48)] {
        let cfg = with_threads(Config::default(), usize::MAX);
        let (status, solution, st) = Solver::new(2, x, cfg).count(&LargeGrid::empty(2), 1000, None);
        assert_eq!((status, st.solutions), (Status::Multiple, all));
        check_solution(&LargeGrid::empty(2), &solution.unwrap(), x).unwrap();
    }
}

/// A crew's helpers join grids counted with `count_in` (two threads calling `help` all along):
/// every status and count agrees with the one search's `count`, solutions are solutions, on
/// 9x9 to 16x16, X and jigsaw grids with none, one or many solutions, limits 1 to 64, every
/// search kind; and the helpers did run.
#[test]
fn crew_helpers_keep_counts_exact() {
    use simdoku_large::portfolio::Crew;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let crew = Crew::default();
    let done = AtomicBool::new(false);
    let helped = AtomicUsize::new(0);
    let mut rng = Rng::new(23);
    let map: Vec<usize> = (0..49).map(|c| (c / 7 + 2 * (c % 7)) % 7).collect();
    let mut puzzles = Vec::new();
    for (shape, x, keep) in [
        (Shape::square(3).unwrap(), false, [18, 24, 30]),
        (Shape::square(3).unwrap(), true, [14, 20, 26]),
        (Shape::jigsaw(7, &map).unwrap(), false, [10, 16, 22]),
        (Shape::square(4).unwrap(), false, [90, 120, 150]),
        (Shape::square(4).unwrap(), true, [60, 80, 100]),
    ] {
        let empty = LargeGrid::empty_of(shape.clone());
        let (_, full, _) = Solver::for_shape(&shape, x, Config::default()).count(&empty, 1, None);
        let full = full.unwrap();
        for (round, k) in keep.into_iter().enumerate() {
            let mut p = remove_cells(&full, k, &mut rng);
            if round == 2 {
                // A wrong given: most often no solution.
                let side = shape.side();
                let c = rng.below(side * side);
                p.set(c / side, c % side, (rng.below(side) + 1) as u16);
            }
            puzzles.push((p, x));
        }
    }
    let (mut none, mut many) = (0, 0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    helped.fetch_add(crew.help(), Ordering::Relaxed);
                    std::thread::yield_now();
                }
            });
        }
        for (p, x) in &puzzles {
            if p.conflict(*x).is_some() {
                continue;
            }
            for cfg in configs() {
                for limit in [1, 2, 5, 64] {
                    let want = Solver::for_shape(p.shape(), *x, cfg).count(p, limit, None);
                    let mut solver = Solver::for_shape(p.shape(), *x, cfg);
                    for _ in 0..3 {
                        let got = solver.count_in(&crew, p, limit, None);
                        assert_eq!(
                            (got.0, got.2.solutions),
                            (want.0, want.2.solutions),
                            "{} x {x} limit {limit} {cfg:?}",
                            p.shape()
                        );
                        if let Some(s) = &got.1 {
                            check_solution(p, s, *x).unwrap();
                        }
                    }
                    match want.2.solutions {
                        0 => none += 1,
                        2.. => many += 1,
                        _ => {}
                    }
                }
            }
        }
        done.store(true, Ordering::Relaxed);
    });
    assert!(none > 0 && many > 0, "{none} {many}");
    assert!(helped.load(Ordering::Relaxed) > 0, "no helper joined");
}

/// A crew told to stop ends the grids it holds and every grid counted on it afterwards, as
/// timed out (a run whose output is gone); a fresh crew counts them.
#[test]
fn a_stopped_crew_stops_its_grids() {
    use simdoku_large::portfolio::Crew;
    let crew = Crew::default();
    let empty = LargeGrid::empty(4);
    let mut solver = Solver::new(4, false, Config::default());
    crew.stop_all();
    let (status, _, stats) = solver.count_in(&crew, &empty, 2, None);
    assert_eq!(status, Status::TimedOut);
    assert!(stats.timed_out);
    let (status, _, _) = solver.count_in(&Crew::default(), &empty, 2, None);
    assert_eq!(status, Status::Multiple);
}
