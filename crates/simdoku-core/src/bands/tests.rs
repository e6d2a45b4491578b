use super::tables::{
    BAND, BOX_ORDERS, CHOICE_COLUMNS, COMPATIBLE, DISJOINT, PATTERNS, PatternSet, contains,
};
use super::{Bands, Fit, band_cells, band_patterns};
use crate::scalar::Scalar;
use crate::tables::{ALL, BOX, ROW};
use crate::{Engine, testkit};

#[test]
fn conformance() {
    testkit::conformance(Bands::new);
}

/// The columns (9 bits) of a band mask.
fn columns(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & 0x1FF
}

fn set_of(f: impl Fn(usize) -> bool) -> PatternSet {
    let mut set = [0u32; 6];
    for p in 0..162 {
        if f(p) {
            set[p / 27] |= 1 << (p % 27);
        }
    }
    set
}

#[test]
fn the_162_band_patterns() {
    let mut seen = std::collections::HashSet::new();
    for (p, &m) in PATTERNS.iter().enumerate() {
        assert_eq!(m & !BAND, 0);
        assert_eq!(m.count_ones(), 3, "pattern {p}");
        let cells: Vec<usize> = (0..27).filter(|&c| m >> c & 1 != 0).collect();
        let rows: u32 = cells.iter().map(|&c| 1 << ROW[c]).sum();
        let boxes: u32 = cells.iter().map(|&c| 1 << BOX[c]).sum();
        assert_eq!(
            (rows, boxes),
            (0b111, 0b111),
            "pattern {p}: one cell per row and per box"
        );
        assert_eq!(columns(m), CHOICE_COLUMNS[p % 27]);
        assert!(seen.insert(m), "pattern {p} twice");
    }
    // Every set of three cells with one per row and per box is a pattern: 162 of them.
    let mut all = 0;
    for a in 0..9 {
        for b in 9..18 {
            for c in 18..27 {
                let boxes = 1 << BOX[a] | 1 << BOX[b] | 1 << BOX[c];
                if boxes == 0b111 {
                    all += 1;
                    assert!(seen.contains(&(1 << a | 1 << b | 1 << c)));
                }
            }
        }
    }
    assert_eq!((all, seen.len()), (162, 162));
    assert_eq!(BOX_ORDERS.len(), 6);
}

#[test]
fn compatibility_and_disjointness() {
    for p in 0..162 {
        let compatible = set_of(|q| columns(PATTERNS[p]) & columns(PATTERNS[q]) == 0);
        let disjoint = set_of(|q| PATTERNS[p] & PATTERNS[q] == 0);
        assert_eq!(COMPATIBLE[p], compatible, "pattern {p}");
        assert_eq!(DISJOINT[p], disjoint, "pattern {p}");
        assert!(!contains(&COMPATIBLE[p], p) && !contains(&DISJOINT[p], p));
        // Two offsets left in each of three stacks, any box order: 8 x 6.
        assert_eq!(
            COMPATIBLE[p].iter().map(|w| w.count_ones()).sum::<u32>(),
            48
        );
        for q in 0..162 {
            assert_eq!(
                contains(&COMPATIBLE[p], q),
                contains(&COMPATIBLE[q], p),
                "{p} {q}"
            );
            assert_eq!(
                contains(&DISJOINT[p], q),
                contains(&DISJOINT[q], p),
                "{p} {q}"
            );
        }
    }
    // A digit has 6^6 = 46,656 full placements: compatible triples, one pattern per band.
    let mut triples = 0u32;
    for p in 0..162 {
        for q in 0..162 {
            if contains(&COMPATIBLE[p], q) {
                triples += (0..162)
                    .filter(|&r| contains(&COMPATIBLE[p], r) && contains(&COMPATIBLE[q], r))
                    .count() as u32;
            }
        }
    }
    assert_eq!(triples, 46656);
    assert_eq!(Fit::new(ALL).count, 46656);
    assert_eq!(Fit::new(ALL).cover(), (ALL, 0));
}

/// Band patterns found by lookups = patterns inside the cells; removing a placed pattern's cells
/// from another digit is the same as keeping the patterns disjoint from it.
#[test]
fn band_patterns_match_the_definition() {
    let mut rng = testkit::Rng::new(3);
    for i in 0..3000 {
        let density = 1 + i % 4;
        let mut m = BAND;
        for _ in 0..density {
            m &= rng.next_u64() as u32;
        }
        if i % 2 == 0 {
            m |= rng.next_u64() as u32 & BAND;
        }
        let w = band_patterns(m);
        assert_eq!(w, set_of(|p| PATTERNS[p] & !m == 0), "mask {m:#x}");
        let p = rng.below(162);
        let narrowed = band_patterns(m & !PATTERNS[p]);
        let by_table: PatternSet = std::array::from_fn(|s| w[s] & DISJOINT[p][s]);
        assert_eq!(narrowed, by_table, "mask {m:#x} minus pattern {p}");
    }
}

/// The fit of a digit against brute force over pattern triples.
#[test]
fn fit_counts_and_covers_exactly() {
    let mut rng = testkit::Rng::new(11);
    for i in 0..400 {
        let mut field = ALL;
        for _ in 0..=(i % 3) {
            field &= (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
        }
        field |= (rng.next_u64() as u128 & rng.next_u64() as u128) << (i % 50);
        field &= ALL;
        let alive: Vec<Vec<usize>> = (0..3)
            .map(|b| {
                (0..162)
                    .filter(|&p| PATTERNS[p] & !band_cells(field, b) == 0)
                    .collect()
            })
            .collect();
        let (mut count, mut cover) = (0, 0u128);
        for &p in &alive[0] {
            for &q in &alive[1] {
                for &r in &alive[2] {
                    let cols = [p, q, r].map(|x| columns(PATTERNS[x]));
                    if cols[0] & cols[1] == 0 && cols[0] & cols[2] == 0 && cols[1] & cols[2] == 0 {
                        count += 1;
                        cover |= PATTERNS[p] as u128
                            | (PATTERNS[q] as u128) << 27
                            | (PATTERNS[r] as u128) << 54;
                    }
                }
            }
        }
        let (mut every, mut placements) = (ALL, 0);
        for &p in &alive[0] {
            for &q in &alive[1] {
                for &r in &alive[2] {
                    let cols = [p, q, r].map(|x| columns(PATTERNS[x]));
                    if cols[0] & cols[1] == 0 && cols[0] & cols[2] == 0 && cols[1] & cols[2] == 0 {
                        placements += 1;
                        every &= PATTERNS[p] as u128
                            | (PATTERNS[q] as u128) << 27
                            | (PATTERNS[r] as u128) << 54;
                    }
                }
            }
        }
        assert_eq!(placements, count);
        if count == 0 {
            every = 0;
        }
        let fit = Fit::new(field);
        assert_eq!(
            (fit.count, fit.cover()),
            (count, (cover, every)),
            "field {field:#x}"
        );
    }
    // On an empty field every column choice of every band extends to a full placement.
    assert_eq!(Fit::new(ALL).valid, [BAND; 3]);
}

/// `bands` and `scalar` agree on every bundled set: solvability, solutions checked, counts to 2.
#[test]
fn agrees_with_scalar_on_every_set() {
    let sets = [
        ("top95", 95),
        ("hardest11", 11),
        ("17_clue", 200),
        ("magictour_top1465", 200),
        ("forum_hardest_1106", 200),
        ("serg_benchmark", 200),
    ];
    let (mut bands, mut scalar) = (Bands::new(), Scalar::new());
    for (set, n) in sets {
        let puzzles = testkit::bench_slice(set, n);
        assert!(puzzles.len() >= n.min(95), "{set}");
        for p in &puzzles {
            let want = scalar.count(p, 2).solutions;
            assert_eq!(bands.count(p, 2).solutions, want, "{set}: {p}");
            let (s, _) = bands.solve(p);
            assert_eq!(s.is_some(), want > 0, "{set}: {p}");
            if let Some(s) = s {
                crate::rules::check_solution(p, &s).unwrap_or_else(|v| panic!("{p} -> {s}: {v}"));
            }
            if set == "serg_benchmark" {
                assert_eq!(want, 2, "{set}: {p} has two or more solutions");
            }
        }
    }
}

/// Grids of a few givens with no solution whose contradiction no digit's fit sees: in the first,
/// row 5's last three cells are left with the digits 2 and 8 alone (box 6 holds 3, 7 and 9).
/// The whole-digit search took 1,487,808 and 7,652,844 guesses to refute them (the fuzzer found
/// them: one and two seconds); trying cells of few candidates first refutes them in 6 and 85.
/// Sparse grids, with and without solutions, stay in agreement.
#[test]
fn a_wide_open_grid_short_of_digits_is_refuted_by_its_cells() {
    for (text, most) in [
        (
            "................................29731..654.......................................",
            20,
        ),
        (
            "......347...9.....347......89...........................26.8.....................",
            200,
        ),
    ] {
        let g: crate::Grid = text.parse().unwrap();
        let s = Bands::new().count(&g, 2);
        assert_eq!(s.solutions, 0, "{text}");
        assert!(s.guesses <= most, "{text}: {} guesses", s.guesses);
    }
    let mut scalar = Scalar::new();
    for text in [
        "..............................................................................123",
        "1...........................................................................2...3",
        "................................29731..65........................................",
    ] {
        let g: crate::Grid = text.parse().unwrap();
        let want = scalar.count(&g, 2).solutions;
        assert_eq!(Bands::new().count(&g, 2).solutions, want, "{text}");
    }
}
