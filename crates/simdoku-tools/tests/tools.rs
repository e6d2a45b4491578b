//! The tools against the rules checker, the reference counter and brute force.

use std::collections::HashSet;
use std::ops::ControlFlow;

use simdoku_core::rules::{check_complete, check_solution};
use simdoku_core::scalar::Scalar;
use simdoku_core::testkit::{self, SOLUTION, TWO_SOLUTIONS, bench_set, bench_slice};
use simdoku_core::{Engine, Grid};
use simdoku_tools::{
    Canonicalizer, ClueSymmetry, GenerateOptions, NotUnique, Pencilmarks, Rng, Singles, Symmetry,
    automorphisms, canonical, generate, is_minimal, minimize, minlex, rate, singles_grade,
};

fn engine() -> Box<dyn Engine> {
    simdoku_dispatch::best(simdoku_dispatch::Work::Count).engine()
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_repeatable() {
    let mut e = engine();
    for (i, symmetry) in [
        ClueSymmetry::None,
        ClueSymmetry::Rot180,
        ClueSymmetry::Rot90,
        ClueSymmetry::Mirror,
        ClueSymmetry::Diagonal,
    ]
    .into_iter()
    .enumerate()
    {
        for clues in [0, 30] {
            let options = GenerateOptions {
                clues,
                symmetry,
                minimal: false,
            };
            let mut rng = Rng::new(100 + i as u64);
            let g = generate(e.as_mut(), &options, &mut rng);
            check_complete(&g.solution).unwrap();
            check_solution(&g.puzzle, &g.solution).unwrap();
            assert_eq!(e.count(&g.puzzle, 2).solutions, 1, "{symmetry:?}");
            assert_eq!(e.solve(&g.puzzle).0, Some(g.solution));
            if clues > 0 {
                assert!(g.puzzle.givens() <= clues + 3, "{symmetry:?} {}", g.puzzle);
            }
            for orbit in symmetry.orbits() {
                let filled: HashSet<bool> = orbit
                    .iter()
                    .map(|&c| g.puzzle.get(c as usize) != 0)
                    .collect();
                assert_eq!(filled.len(), 1, "{symmetry:?}: orbit {orbit:?} split");
            }
            let again = generate(e.as_mut(), &options, &mut Rng::new(100 + i as u64));
            assert_eq!(again, g, "same seed, same puzzle");
            if clues == 0 && symmetry == ClueSymmetry::None {
                assert!(is_minimal(e.as_mut(), &g.puzzle));
            }
        }
        let minimal = GenerateOptions {
            clues: 0,
            symmetry,
            minimal: true,
        };
        let g = generate(e.as_mut(), &minimal, &mut Rng::new(7 + i as u64));
        assert!(is_minimal(e.as_mut(), &g.puzzle), "{symmetry:?}");
    }
    let a = generate(e.as_mut(), &GenerateOptions::default(), &mut Rng::new(1));
    let b = generate(e.as_mut(), &GenerateOptions::default(), &mut Rng::new(2));
    assert_ne!(a.solution, b.solution, "different seeds, different grids");
}

#[test]
fn minimize_keeps_the_solution_and_needs_every_clue() {
    let mut e = engine();
    for p in bench_set("top95").iter().take(10) {
        let m = minimize(e.as_mut(), p).unwrap();
        assert!(is_minimal(e.as_mut(), &m), "{p} -> {m}");
        assert_eq!(e.solve(&m).0, e.solve(p).0);
        assert!((0..81).all(|c| m.get(c) == 0 || m.get(c) == p.get(c)));
    }
    let two = Grid::parse(TWO_SOLUTIONS).unwrap();
    assert_eq!(minimize(e.as_mut(), &two), Err(NotUnique::Multiple));
    let none = Grid::parse(testkit::NO_SOLUTION).unwrap();
    assert_eq!(minimize(e.as_mut(), &none), Err(NotUnique::NoSolution));
}

#[test]
fn rating_and_grades() {
    let mut e = engine();
    let sol = Grid::parse(SOLUTION).unwrap();
    let mut easy = sol;
    for c in [0, 10, 20, 30, 40] {
        easy.set(c, 0);
    }
    let r = rate(e.as_mut(), &easy, 16, &mut Rng::new(3));
    assert_eq!((r.solutions, r.guesses, r.grade), (1, 0.0, Singles::Naked));
    // A puzzle of the forum's hardest list needs more than singles, and the scalar engine
    // guesses on it (guess counts are each engine's own: stronger inference may need none).
    let hard = bench_set("forum_hardest_1106")[0];
    let r = rate(&mut Scalar::new(), &hard, 16, &mut Rng::new(3));
    assert_eq!((r.solutions, r.grade), (1, Singles::Beyond));
    assert!(r.guesses >= 1.0, "{r:?}");
    let r = rate(e.as_mut(), &hard, 16, &mut Rng::new(3));
    let r2 = rate(e.as_mut(), &hard, 16, &mut Rng::new(3));
    assert_eq!(r, r2, "repeatable with the same seed");
    // Hidden singles: every grade agrees with the solver (a graded puzzle is solved).
    let mut seen = HashSet::new();
    for p in bench_slice("17_clue", 200) {
        let g = singles_grade(&Pencilmarks::from_grid(&p));
        seen.insert(g);
        assert_ne!(g, Singles::Contradiction);
    }
    assert!(seen.contains(&Singles::Hidden), "{seen:?}");
    let two = Grid::parse(TWO_SOLUTIONS).unwrap();
    assert_eq!(rate(e.as_mut(), &two, 4, &mut Rng::new(1)).solutions, 2);
}

#[test]
fn pencilmarks_round_trip_and_match_the_engines() {
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let masks: [u16; 81] = std::array::from_fn(|_| (rng.next_u64() & 0x1FF) as u16);
        let m = Pencilmarks::from_masks(masks);
        let line = m.to_string();
        assert_eq!(line.len(), 729);
        assert_eq!(Pencilmarks::parse(&line).unwrap(), m);
        assert_eq!(Pencilmarks::parse(&line.replace('.', "0")).unwrap(), m);
    }
    assert!(
        Pencilmarks::parse(&"1".repeat(729)).is_err(),
        "1 only at k=0"
    );
    assert!(Pencilmarks::parse(&".".repeat(700)).is_err());

    let mut scalar = Scalar::new();
    for p in bench_set("top95")
        .iter()
        .chain(&bench_slice("17_clue", 100))
    {
        let marks = Pencilmarks::from_grid(p);
        assert_eq!(marks.solve(), scalar.solve(p).0, "{p}");
        assert_eq!(marks.count(2).solutions, 1);
    }
    for s in [SOLUTION, TWO_SOLUTIONS, testkit::NO_SOLUTION] {
        let g = Grid::parse(s).unwrap();
        assert_eq!(
            Pencilmarks::from_grid(&g).count(10).solutions,
            scalar.count(&g, 10).solutions
        );
    }
    assert_eq!(Pencilmarks::FULL.count(1000).solutions, 1000);
}

/// Marks that are not just givens: a solved grid's cells with random extra candidates, and some
/// cells left open. Solutions of the marks are exactly the solutions of the grid of its single
/// candidates that every candidate set admits (enumerated by the scalar engine and filtered).
#[test]
fn pencilmark_solutions_are_the_admitted_solutions() {
    let mut scalar = Scalar::new();
    let mut rng = Rng::new(5);
    let solved: Vec<Grid> = bench_set("top95")
        .iter()
        .take(20)
        .map(|p| scalar.solve(p).0.unwrap())
        .collect();
    for (i, s) in solved.iter().enumerate() {
        let masks: [u16; 81] = std::array::from_fn(|c| {
            let own = 1u16 << (s.get(c) - 1);
            match rng.below(8) {
                0..=4 => own,
                5 => 0x1FF,
                _ => own | (rng.next_u64() & 0x1FF) as u16,
            }
        });
        let mut marks = Pencilmarks::from_masks(masks);
        if i % 5 == 4 {
            // Remove the true digit somewhere: possibly no solution at all.
            let c = rng.below(81);
            marks.set_candidates(c, marks.candidates(c) & !(1 << (s.get(c) - 1)));
        }
        let forced = Grid::from_cells(std::array::from_fn(|c| {
            let m = marks.candidates(c);
            if m.is_power_of_two() {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        }))
        .unwrap();
        let mut want = HashSet::new();
        scalar.visit(&forced, &mut |g| {
            if marks.admits(g) {
                want.insert(*g);
            }
            ControlFlow::Continue(())
        });
        let mut got = HashSet::new();
        let v = marks.visit(&mut |g| {
            check_complete(g).unwrap();
            assert!(marks.admits(g));
            assert!(got.insert(*g), "visited twice");
            ControlFlow::Continue(())
        });
        assert_eq!(v.solutions as usize, got.len());
        assert_eq!(got, want, "case {i}");
        assert_eq!(marks.count(u64::MAX).solutions as usize, want.len());
    }
}

#[test]
fn canonical_forms_are_invariant_and_fixed() {
    let mut canon = Canonicalizer::new();
    let mut rng = Rng::new(21);
    let mut puzzles = bench_set("top95");
    puzzles.extend(bench_slice("17_clue", 100));
    puzzles.push(Grid::parse(SOLUTION).unwrap());
    puzzles.push(Grid::parse(TWO_SOLUTIONS).unwrap());
    let mut forms = std::collections::HashMap::new();
    for p in &puzzles {
        let c = canon.canonical(p);
        assert_eq!(c.givens(), p.givens());
        assert_eq!(canon.canonical(&c), c, "fixed point: {p}");
        for _ in 0..8 {
            let q = Symmetry::random(&mut rng).apply(p);
            assert_eq!(canon.canonical(&q), c, "{p} vs {q}");
        }
        if let Some(other) = forms.insert(c, *p) {
            // top95 holds one pair of equivalent puzzles: the second is the first with its
            // bands in the order 3, 1, 2.
            let bands = Symmetry {
                rows: [6, 7, 8, 0, 1, 2, 3, 4, 5],
                ..Symmetry::IDENTITY
            };
            assert_eq!(bands.apply(&other), *p, "{other} and {p} share {c}");
        }
    }
    assert_eq!(forms.len(), puzzles.len() - 1);
    let empty = canonical(&Grid::EMPTY);
    assert_eq!(empty, Grid::EMPTY);
}

/// Junk grids (random digits, most with conflicts) never make the forms or the count panic;
/// conflict-free ones get the same forms and count in any arrangement.
#[test]
fn forms_of_junk_grids() {
    let mut rng = Rng::new(404);
    let mut canon = Canonicalizer::new();
    let mut clean = 0;
    for k in 0..400u64 {
        let density = 1 + k % 9;
        let cells: [u8; 81] = std::array::from_fn(|_| {
            if rng.below(10) < density as usize {
                1 + rng.below(9) as u8
            } else {
                0
            }
        });
        let g = Grid::from_cells(cells).unwrap();
        let c = canon.canonical(&g);
        assert_eq!(c.givens(), g.givens());
        if g.conflict().is_none() {
            clean += 1;
            let q = Symmetry::random(&mut rng).apply(&g);
            assert_eq!(canon.canonical(&q), c, "{g}");
            assert_eq!(minlex(&q), minlex(&g), "{g}");
            assert_eq!(automorphisms(&q), automorphisms(&g), "{g}");
        } else if k % 50 == 0 {
            // The scans (tens of milliseconds): a few.
            let _ = (minlex(&g), automorphisms(&g));
        }
    }
    assert!(clean >= 20, "{clean} conflict-free grids");
}

/// The pruned search finds the least string of all 2 x 6^8 arrangements (brute force).
#[test]
fn canonical_form_is_the_least_arrangement() {
    // The six permutations of 0..3 (core's table of a band's box orders).
    fn perms3() -> [[usize; 3]; 6] {
        simdoku_core::bands::tables::BOX_ORDERS
    }
    fn line_perms() -> Vec<[usize; 9]> {
        let mut out = Vec::new();
        for b in perms3() {
            for i0 in perms3() {
                for i1 in perms3() {
                    for i2 in perms3() {
                        let inner = [i0, i1, i2];
                        out.push(std::array::from_fn(|k| 3 * b[k / 3] + inner[k / 3][k % 3]));
                    }
                }
            }
        }
        out
    }
    let lines = line_perms();
    for p in [
        bench_set("top95")[3],
        bench_slice("17_clue", 3)[1],
        Grid::parse(SOLUTION).unwrap(),
    ] {
        let mut best = [u8::MAX; 81];
        for t in 0..2 {
            let src: [u8; 81] = std::array::from_fn(|i| {
                if t == 0 {
                    p.get(i)
                } else {
                    p.get(9 * (i % 9) + i / 9)
                }
            });
            for rows in &lines {
                for cols in &lines {
                    let mut map = [0u8; 10];
                    let mut next = 0;
                    let mut img = [0u8; 81];
                    let mut less = false;
                    let mut worse = false;
                    for i in 0..81 {
                        let v = src[9 * rows[i / 9] + cols[i % 9]] as usize;
                        let l = if v == 0 {
                            10
                        } else {
                            if map[v] == 0 {
                                next += 1;
                                map[v] = next;
                            }
                            map[v]
                        };
                        img[i] = l;
                        if !less {
                            if l > best[i] {
                                worse = true;
                                break;
                            }
                            less = l < best[i];
                        }
                    }
                    if !worse && less {
                        best = img;
                    }
                }
            }
        }
        let got = canonical(&p).cells().map(|v| if v == 0 { 10 } else { v });
        assert_eq!(got, best, "{p}");
    }
}

#[test]
fn random_solutions_are_valid_and_essentially_different() {
    let mut rng = Rng::new(77);
    let mut scalar = Scalar::new();
    let mut forms = HashSet::new();
    for _ in 0..300 {
        let g = simdoku_tools::random_solution(&mut rng);
        check_complete(&g).unwrap();
        forms.insert(canonical(&g));
    }
    assert_eq!(forms.len(), 300, "no two grids equivalent");
    // Random fillings of the three diagonal boxes always have a completion (sampled here).
    for _ in 0..2000 {
        let mut diag = Grid::EMPTY;
        for b in [0, 4, 8] {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                diag.set(27 * (b / 3) + 3 * (b % 3) + 9 * (k / 3) + k % 3, d);
            }
        }
        let s = scalar.solve(&diag).0.unwrap();
        check_solution(&diag, &s).unwrap();
    }
}
