use simdoku_core::rules::check_solution;
use simdoku_core::scalar::Scalar;
use simdoku_core::{Engine, testkit};

use super::Sse;

fn engine() -> Option<Sse> {
    let e = Sse::new();
    if e.is_none() {
        eprintln!("skipped: this CPU lacks SSE4.1 (or SSSE3, POPCNT)");
    }
    e
}

#[test]
fn conformance() {
    if engine().is_some() {
        testkit::conformance(|| Sse::new().unwrap());
    }
}

/// `sse` against `scalar`: solvability, counts to 2, and the same solution for unique puzzles.
fn cross_check(set: &str, n: Option<usize>) {
    let Some(mut sse) = engine() else { return };
    let mut scalar = Scalar::new();
    let puzzles = match n {
        Some(n) => testkit::bench_slice(set, n),
        None => testkit::bench_set(set),
    };
    for p in &puzzles {
        let (a, _) = sse.solve(p);
        let (b, _) = scalar.solve(p);
        assert_eq!(a.is_some(), b.is_some(), "{set}: {p} solvable");
        if let Some(a) = a {
            check_solution(p, &a).unwrap_or_else(|v| panic!("{set}: {p} -> {a}: {v}"));
        }
        let ca = sse.count(p, 2).solutions;
        let cb = scalar.count(p, 2).solutions;
        assert_eq!(ca, cb, "{set}: {p} count to 2");
        if ca == 1 {
            assert_eq!(a, b, "{set}: {p} the unique solution");
        }
    }
}

#[test]
fn cross_check_top95() {
    cross_check("top95", None);
}

#[test]
fn cross_check_hardest11() {
    cross_check("hardest11", None);
}

#[test]
fn cross_check_forum_hardest_1106() {
    cross_check("forum_hardest_1106", None);
}

#[test]
fn cross_check_17_clue() {
    cross_check("17_clue", Some(300));
}

#[test]
fn cross_check_magictour_top1465() {
    cross_check("magictour_top1465", Some(300));
}

#[test]
fn cross_check_serg_benchmark() {
    cross_check("serg_benchmark", Some(300));
}

/// Counts beyond 2 agree with scalar on puzzles with several solutions.
#[test]
fn counts_agree_on_serg_benchmark() {
    let Some(mut sse) = engine() else { return };
    let mut scalar = Scalar::new();
    for p in testkit::bench_slice("serg_benchmark", 100) {
        assert_eq!(
            sse.count(&p, 1000).solutions,
            scalar.count(&p, 1000).solutions,
            "{p}"
        );
    }
}

/// The engine refuses nothing: every cell of a solved grid set to each digit in turn.
#[test]
fn single_changes_to_a_solution() {
    let Some(mut sse) = engine() else { return };
    let mut scalar = Scalar::new();
    let sol = simdoku_core::Grid::parse(testkit::SOLUTION).unwrap();
    for c in 0..81 {
        for v in 0..=9 {
            let mut g = sol;
            g.set(c, v);
            assert_eq!(
                sse.count(&g, 3).solutions,
                scalar.count(&g, 3).solutions,
                "{g}"
            );
        }
    }
}
