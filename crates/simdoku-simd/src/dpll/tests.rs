//! The tests every instantiation of the DPLL search runs (`engine_tests!`, invoked in each
//! engine's `tests` module), and the checks they share.

use simdoku_core::scalar::Scalar;
use simdoku_core::testkit;
use simdoku_core::{Engine, Grid};

/// Solvability, count to 2 and (when unique) the solution itself, against scalar.
pub(crate) fn cross_check<E: Engine>(e: &mut E, set: &str) {
    let mut scalar = Scalar::new();
    for p in &testkit::bench_set(set) {
        let want = scalar.count(p, 2).solutions;
        assert_eq!(e.count(p, 2).solutions, want, "{set}: count of {p}");
        let (s, _) = e.solve(p);
        assert_eq!(s.is_some(), want > 0, "{set}: solvability of {p}");
        if let Some(s) = s {
            simdoku_core::rules::check_solution(p, &s).unwrap();
            if want == 1 {
                assert_eq!(Some(s), scalar.solve(p).0, "{set}: solution of {p}");
            }
        }
    }
}

/// The solutions of top95's first `n` puzzles (by the scalar engine): grids to empty at will.
pub(crate) fn top95_solutions(n: usize) -> Vec<Grid> {
    let mut scalar = Scalar::new();
    testkit::bench_set("top95")
        .iter()
        .take(n)
        .filter_map(|p| scalar.solve(p).0)
        .collect()
}

/// The same tests for each instantiation; each skips (and says so) where the CPU lacks it.
macro_rules! engine_tests {
    ($ty:ident, $needs:literal) => {
        use std::ops::ControlFlow;

        use simdoku_core::scalar::Scalar;
        use simdoku_core::testkit::{self, Rng};
        use simdoku_core::{Engine, Grid};

        use super::$ty;
        use crate::dpll::tests;

        fn engine() -> Option<$ty> {
            let e = $ty::new();
            if e.is_none() {
                eprintln!(concat!("skipped: this CPU lacks ", $needs));
            }
            e
        }

        #[test]
        fn conformance() {
            if engine().is_some() {
                testkit::conformance(|| $ty::new().unwrap());
            }
        }

        /// Every puzzle of every bundled set (about 61,000, a few seconds at opt-level 3).
        #[test]
        fn cross_check_bundled_sets() {
            let Some(mut e) = engine() else { return };
            for set in [
                "top95",
                "hardest11",
                "forum_hardest_1106",
                "17_clue",
                "magictour_top1465",
                "serg_benchmark",
            ] {
                tests::cross_check(&mut e, set);
            }
        }

        #[test]
        fn enumerates_thousands_like_scalar() {
            let Some(mut e) = engine() else { return };
            let mut scalar = Scalar::new();
            let mut rng = Rng::new(11);
            let solved = tests::top95_solutions(4);
            let mut checked = 0;
            for s in &solved {
                // Empty cells one at a time until the count is in the thousands.
                let mut g = *s;
                let mut order: Vec<usize> = (0..81).collect();
                for i in (1..81).rev() {
                    order.swap(i, rng.below(i + 1));
                }
                for &c in &order {
                    g.set(c, 0);
                    let n = scalar.count(&g, 20_000).solutions;
                    if n >= 1000 {
                        assert!(n < 20_000, "{g}: too many to compare");
                        assert_eq!(e.count(&g, u64::MAX).solutions, n, "count of {g}");
                        let mut visited = 0u64;
                        let v = e.visit(&g, &mut |x| {
                            simdoku_core::rules::check_solution(&g, x).unwrap();
                            visited += 1;
                            ControlFlow::Continue(())
                        });
                        assert_eq!((v.solutions, visited), (n, n), "visit of {g}");
                        checked += 1;
                        break;
                    }
                }
            }
            assert_eq!(checked, solved.len());
        }

        #[test]
        fn contradictory_givens_have_no_solution() {
            let Some(mut e) = engine() else { return };
            for (a, b) in [(0, 8), (0, 72), (0, 10), (40, 44)] {
                let mut g = Grid::EMPTY;
                g.set(a, 5);
                g.set(b, 5);
                assert_eq!(e.count(&g, 2).solutions, 0, "{g}");
            }
        }

        #[test]
        fn counts_on_the_empty_grid_stop_at_the_limit() {
            let Some(mut e) = engine() else { return };
            for limit in [1, 2, 10, 100, 1000] {
                assert_eq!(e.count(&Grid::EMPTY, limit).solutions, limit);
            }
        }

        #[test]
        fn emptying_a_solution_step_by_step_agrees_with_scalar() {
            let Some(mut e) = engine() else { return };
            let mut scalar = Scalar::new();
            let mut g = Grid::parse(testkit::SOLUTION).unwrap();
            for c in (0..81).step_by(2) {
                g.set(c, 0);
                let (s, _) = e.solve(&g);
                simdoku_core::rules::check_solution(&g, &s.unwrap()).unwrap();
                assert_eq!(
                    e.count(&g, 50).solutions,
                    scalar.count(&g, 50).solutions,
                    "{g}"
                );
            }
        }

        /// With a budget of at least the guesses a search makes, `count_within` and
        /// `solve_within` answer as `count` and `solve`; with one fewer, they give up with a
        /// grid of the same solutions: the givens and more, as many solutions (counted by the
        /// scalar engine), and the puzzle itself once a solution was found.
        #[test]
        fn a_guess_budget_stops_the_search_just_past_it() {
            let Some(mut e) = engine() else { return };
            let mut scalar = Scalar::new();
            let mut puzzles = testkit::bench_set("top95");
            puzzles.extend(testkit::bench_set("17_clue").into_iter().step_by(1000));
            // Several solutions: three givens fewer than top95's fullest puzzle.
            let fullest = *puzzles.iter().max_by_key(|p| p.givens()).unwrap();
            let sparse = testkit::remove_cells(&fullest, fullest.givens() - 3, &mut Rng::new(3));
            puzzles.push(sparse);
            let (mut stopped, mut more) = (0, 0);
            let mut same = |p: &Grid, start: Grid| {
                assert!(
                    (0..81).all(|c| p.get(c) == 0 || start.get(c) == p.get(c)),
                    "givens: {p}"
                );
                let n = scalar.count(p, 10_000).solutions;
                assert!(n < 10_000, "too many: {p}");
                assert_eq!(scalar.count(&start, 10_000).solutions, n, "{p} -> {start}");
                start.givens() > p.givens()
            };
            for p in &puzzles {
                for limit in [1, 2, 10] {
                    let whole = e.count(p, limit);
                    let g = whole.guesses;
                    assert_eq!(e.count_within(p, limit, g), Ok(whole), "{p}");
                    if g > 0 {
                        let start = e.count_within(p, limit, g - 1).unwrap_err();
                        more += usize::from(same(p, start));
                        stopped += 1;
                    }
                }
                let whole = e.solve(p);
                let g = whole.1.guesses;
                assert_eq!(e.solve_within(p, g), Ok(whole), "{p}");
                if g > 0 {
                    let start = e.solve_within(p, g - 1).unwrap_err();
                    more += usize::from(same(p, start));
                }
            }
            assert!(stopped > 200 && more > 100, "{stopped} {more}");
        }

        /// The same on grids emptied at random from solutions (unique, many solutions, and
        /// some with contradictions), every budget below the guesses a count needs: the grid
        /// given back has as many solutions, and is the grid itself once one was counted.
        #[test]
        fn a_search_that_gives_up_gives_back_the_same_solutions() {
            let Some(mut e) = engine() else { return };
            let mut scalar = Scalar::new();
            let mut rng = Rng::new(17);
            let solved = tests::top95_solutions(12);
            let (mut checked, mut kept_puzzle) = (0, 0);
            for s in &solved {
                for empty in [50, 56, 60] {
                    let mut g = testkit::remove_cells(s, 81 - empty, &mut rng);
                    // A wrong digit now and then: no solution.
                    if rng.below(4) == 0 {
                        let c = (0..81).find(|&c| g.get(c) != 0).unwrap();
                        g.set(c, g.get(c) % 9 + 1);
                    }
                    let n = scalar.count(&g, 5_000).solutions;
                    if n == 5_000 {
                        continue;
                    }
                    for limit in [1, 2, 10] {
                        let whole = e.count(&g, limit);
                        for budget in 0..whole.guesses.min(12) {
                            let start = e.count_within(&g, limit, budget).unwrap_err();
                            assert!((0..81).all(|c| g.get(c) == 0 || start.get(c) == g.get(c)));
                            assert_eq!(scalar.count(&start, 5_000).solutions, n, "{g} -> {start}");
                            kept_puzzle += usize::from(start == g);
                            checked += 1;
                        }
                    }
                }
            }
            assert!(checked > 300 && kept_puzzle > 10, "{checked} {kept_puzzle}");
        }

        #[test]
        fn rectangles_count_as_second_solutions() {
            let Some(mut e) = engine() else { return };
            tests::rectangles_count_as_second_solutions(&mut e);
        }
    };
}
pub(crate) use engine_tests;

/// Counting to two ends at the first solution when two digits lie crosswise in four free cells
/// of two rows of a band (or two columns of a stack): those puzzles count 2, counts to 3 stay
/// exact, and a given among the four cells leaves the solution unique.
pub(crate) fn rectangles_count_as_second_solutions(e: &mut dyn Engine) {
    let solution = Grid::parse(testkit::SOLUTION).unwrap();
    let at = |r: usize, c: usize| solution.get(9 * r + c);
    let mut scalar = Scalar::new();
    let mut seen = 0;
    for transpose in [false, true] {
        let cell = |r: usize, c: usize| if transpose { 9 * c + r } else { 9 * r + c };
        let get = |r: usize, c: usize| if transpose { at(c, r) } else { at(r, c) };
        for r1 in 0..9 {
            for r2 in r1 + 1..3 * (r1 / 3) + 3 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        if get(r1, c1) != get(r2, c2) || get(r1, c2) != get(r2, c1) {
                            continue;
                        }
                        seen += 1;
                        let four = [cell(r1, c1), cell(r1, c2), cell(r2, c1), cell(r2, c2)];
                        // The four cells and every third cell besides: the search branches.
                        let mut g = solution;
                        for i in (0..81).step_by(3).chain(four) {
                            g.set(i, 0);
                        }
                        let want = scalar.count(&g, 3).solutions;
                        assert!(want >= 2, "{g}");
                        let mut one_given = g;
                        one_given.set(four[0], solution.get(four[0]));
                        assert_eq!(e.count(&g, 2).solutions, 2, "{g}");
                        assert_eq!(e.count(&g, 3).solutions, want, "{g}");
                        assert_eq!(
                            e.count(&one_given, 2).solutions,
                            scalar.count(&one_given, 2).solutions,
                            "{one_given}"
                        );
                    }
                }
            }
        }
    }
    assert!(seen > 0, "the test grid has no rectangle");
}
