use crate::avx2::Avx2;

// (The macro brings `Avx512`, `Engine` and `testkit` into scope.)
crate::dpll::tests::engine_tests!(Avx512, "AVX-512F/BW/VL/BITALG (or AVX2/BMI1/BMI2/POPCNT)");

/// The two instantiations find the same first solution with the same number of guesses: one
/// algorithm, two instruction sets.
#[test]
fn avx512_searches_as_avx2_does() {
    let (Some(mut a), Some(mut b)) = (Avx2::new(), Avx512::new()) else {
        eprintln!("skipped: this CPU lacks AVX-512F/BW/VL/BITALG");
        return;
    };
    for set in ["top95", "forum_hardest_1106", "magictour_top1465"] {
        for p in &testkit::bench_set(set) {
            assert_eq!(a.solve(p), b.solve(p), "{set}: solve {p}");
            assert_eq!(a.count(p, 2), b.count(p, 2), "{set}: count {p}");
        }
    }
}
