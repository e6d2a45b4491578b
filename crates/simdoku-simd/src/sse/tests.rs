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

/// The band-word rules written once (`simdoku_core::bandwords`) give the same answer on this
/// engine's vectors as on the portable `[u32; 3]` words of `scalar`: random fields of
/// every density, contradictions and hidden singles included.
#[test]
fn band_words_agree_with_the_portable_words() {
    use simdoku_core::bandwords::digit_rules;
    use simdoku_core::rng::Rng;
    use std::arch::x86_64::{__m128i, _mm_setr_epi32};

    // SAFETY: `__m128i` and `[u32; 4]` are both 16 plain bytes; every bit pattern is valid.
    let lanes = |v: __m128i| unsafe { std::mem::transmute::<__m128i, [u32; 4]>(v) };
    let mut rng = Rng::new(20);
    let (mut none, mut singles) = (0, 0);
    for i in 0..200_000 {
        // Density 1/2, 1/4 or 1/8 of the 81 cells (the AND of one to three random words).
        let mut w = [0u32; 3];
        for x in &mut w {
            *x = (1 << 27) - 1;
            for _ in 0..=i % 3 {
                *x &= rng.next_u64() as u32;
            }
        }
        // SAFETY: SSE2 is in x86-64's baseline.
        let v = unsafe { _mm_setr_epi32(w[0] as i32, w[1] as i32, w[2] as i32, 0) };
        let vector = digit_rules(super::Bands(v)).map(|(a, b)| (lanes(a.0), lanes(b.0)));
        let portable = digit_rules(w);
        match (portable, vector) {
            (None, None) => none += 1,
            (Some((f, h)), Some((vf, vh))) => {
                assert_eq!([f[0], f[1], f[2], 0], vf, "field {w:x?}");
                assert_eq!([h[0], h[1], h[2], 0], vh, "singles of {w:x?}");
                singles += u32::from(h != [0; 3]);
            }
            (p, v) => panic!("{w:x?}: portable {p:x?}, vector {v:x?}"),
        }
    }
    // Both outcomes were exercised.
    assert!(
        none > 1000 && singles > 1000,
        "{none} contradictions, {singles} with singles"
    );
}
