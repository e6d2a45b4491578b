//! Rectangular boxes, jigsaw regions and Sudoku-X on each: every solution checked against the
//! rules of its shape and the givens, counts against a brute-force counter, and the text forms.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::Duration;

use simdoku_large::generate::{Rng, remove_cells};
use simdoku_large::shape::Regions;
use simdoku_large::text::{self, Form};
use simdoku_large::{Config, LargeGrid, Learn, Shape, Solver, Status, check_solution};

/// Counts solutions up to `limit` by plain backtracking over the houses of the grid's shape.
fn brute_count(g: &LargeGrid, x: bool, limit: u64) -> u64 {
    fn go(cells: &mut Vec<u16>, peers: &[Vec<usize>], side: usize, found: &mut u64, limit: u64) {
        let Some(c) = cells.iter().position(|&v| v == 0) else {
            *found += 1;
            return;
        };
        for v in 1..=side as u16 {
            if peers[c].iter().all(|&o| cells[o] != v) {
                cells[c] = v;
                go(cells, peers, side, found, limit);
                cells[c] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
    }
    if g.conflict(x).is_some() {
        return 0;
    }
    let side = g.side();
    let mut peers = vec![Vec::new(); side * side];
    for (_, cells) in g.shape().houses(x) {
        for &c in &cells {
            peers[c].extend(cells.iter().copied().filter(|&o| o != c));
        }
    }
    let mut cells = g.cells().to_vec();
    let mut found = 0;
    go(&mut cells, &peers, side, &mut found, limit);
    found
}

/// Solves `p` (first solution) with `cfg`, checks it against the rules and the givens.
fn solve_checked(p: &LargeGrid, x: bool, cfg: Config) -> Option<LargeGrid> {
    let (status, sol, st) =
        Solver::for_shape(p.shape(), x, cfg).count(p, 1, Some(Duration::from_mins(2)));
    assert!(!st.timed_out, "{p:?} x {x}: timed out");
    match status {
        Status::Solved => {
            let s = sol.expect("a solution");
            check_solution(p, &s, x).unwrap_or_else(|v| panic!("{p:?} x {x}: {v}"));
            Some(s)
        }
        Status::NoSolution => None,
        s => panic!("{p:?}: {s}"),
    }
}

/// Every solution the solver visits (up to `limit`), each checked and distinct.
fn visit_count(p: &LargeGrid, x: bool, cfg: Config, limit: u64) -> u64 {
    let mut seen = HashSet::new();
    let st =
        Solver::for_shape(p.shape(), x, cfg).visit(p, Some(Duration::from_mins(2)), &mut |s| {
            let g = LargeGrid::with_values(p.shape().clone(), s.to_vec()).unwrap();
            check_solution(p, &g, x).unwrap_or_else(|v| panic!("{v}"));
            assert!(seen.insert(g), "a solution visited twice");
            if seen.len() as u64 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    assert!(!st.timed_out);
    seen.len() as u64
}

fn rect_shapes() -> Vec<Shape> {
    [
        (2, 3),
        (3, 2),
        (2, 4),
        (2, 5),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 5),
    ]
    .into_iter()
    .map(|(r, c)| Shape::boxes(r, c).unwrap())
    .collect()
}

/// A jigsaw map that some grid fills: for a prime side p, region `(r + 2 c) mod p` holds the
/// values of `(r + c) mod p` once each.
fn diagonal_jigsaw(p: usize) -> Shape {
    let map: Vec<usize> = (0..p * p).map(|c| (c / p + 2 * (c % p)) % p).collect();
    Shape::jigsaw(p, &map).unwrap()
}

/// A jigsaw map that `sol` (a solution of square boxes, of the X variant when `x`) fills:
/// its boxes with `swaps` pairs of cells of one value in two regions exchanged at random.
fn swapped_jigsaw(n: usize, x: bool, swaps: usize, rng: &mut Rng) -> (Shape, LargeGrid) {
    let side = n * n;
    let square = Shape::square(n).unwrap();
    let empty = LargeGrid::empty_of(square.clone());
    let mut sol = solve_checked(&empty, x, Config::default()).expect("square boxes fill");
    // Values relabelled at random, so that maps differ beyond their swaps.
    let relabel = rng.permutation(side);
    for r in 0..side {
        for c in 0..side {
            sol.set(r, c, relabel[usize::from(sol.get(r, c)) - 1] as u16 + 1);
        }
    }
    let mut map: Vec<usize> = (0..side * side).map(|c| square.region_of(c)).collect();
    for _ in 0..swaps {
        let c = rng.below(side * side);
        let o = rng.below(side * side);
        if sol.cells()[c] == sol.cells()[o] {
            map.swap(c, o);
        }
    }
    let shape = Shape::jigsaw(side, &map).unwrap();
    let sol = LargeGrid::with_values(shape.clone(), sol.cells().to_vec()).unwrap();
    check_solution(&LargeGrid::empty_of(shape.clone()), &sol, x).unwrap();
    (shape, sol)
}

#[test]
fn rectangular_boxes_solve_empty_and_cut_grids_with_and_without_x() {
    let mut rng = Rng::new(5);
    for shape in rect_shapes() {
        let side = shape.side();
        for x in [false, true] {
            let empty = LargeGrid::empty_of(shape.clone());
            let full = solve_checked(&empty, x, Config::default())
                .unwrap_or_else(|| panic!("{shape} x {x}: empty grid has a solution"));
            for frac in [0.3, 0.5, 0.7] {
                let keep = (frac * (side * side) as f64) as usize;
                let p = remove_cells(&full, keep, &mut rng);
                solve_checked(&p, x, Config::default())
                    .unwrap_or_else(|| panic!("{shape} x {x}: cut from a solution"));
                // Without learning too (dom/wdeg on every size).
                let plain = Config {
                    learn: Learn::Off,
                    ..Config::default()
                };
                solve_checked(&p, x, plain).expect("cut from a solution");
            }
        }
    }
}

#[test]
fn small_shapes_count_like_brute_force() {
    let mut rng = Rng::new(11);
    let mut shapes = vec![
        (Shape::boxes(2, 3).unwrap(), false),
        (Shape::boxes(3, 2).unwrap(), true),
        (Shape::boxes(2, 4).unwrap(), true),
        (diagonal_jigsaw(5), false),
        (diagonal_jigsaw(7), false),
    ];
    for x in [false, true] {
        shapes.extend((0..3).map(|_| (swapped_jigsaw(2, x, 20, &mut rng).0, x)));
        shapes.extend((0..2).map(|_| (swapped_jigsaw(3, x, 200, &mut rng).0, x)));
    }
    let configs = [
        Config::default(),
        Config {
            learn: Learn::Always,
            ..Config::default()
        },
        Config {
            learn: Learn::Off,
            restarts: false,
            ..Config::default()
        },
    ];
    let mut compared = 0;
    for (shape, with_x) in &shapes {
        let side = shape.side();
        for x in [false, *with_x] {
            let empty = LargeGrid::empty_of(shape.clone());
            let full = solve_checked(&empty, x, Config::default()).expect("fills");
            for frac in [0.4, 0.55, 0.7] {
                let keep = (frac * (side * side) as f64) as usize;
                let mut p = remove_cells(&full, keep, &mut rng);
                // Now and then a clash or a wrong given: no solution, or other ones.
                if rng.below(4) == 0 {
                    let c = rng.below(side * side);
                    p.set(c / side, c % side, (rng.below(side) + 1) as u16);
                }
                let want = brute_count(&p, x, 40);
                for cfg in configs {
                    assert_eq!(visit_count(&p, x, cfg, 40), want, "{shape} x {x} {cfg:?}");
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 40, "{compared}");
}

#[test]
fn jigsaw_grids_solve_with_and_without_x() {
    let mut rng = Rng::new(3);
    let mut solved = 0;
    let mut cases: Vec<(LargeGrid, bool)> = Vec::new();
    for p in [7, 11] {
        let shape = diagonal_jigsaw(p);
        let full = LargeGrid::with_cells(
            shape,
            (0..p * p)
                .map(|c| ((c / p + c % p) % p + 1) as u8)
                .collect(),
        )
        .unwrap();
        cases.push((full, false));
    }
    for (n, swaps) in [(3, 300), (4, 1000), (5, 3000), (6, 6000)] {
        for x in [false, true] {
            let (_, sol) = swapped_jigsaw(n, x, swaps, &mut rng);
            cases.push((sol, x));
        }
    }
    for (full, x) in cases {
        let side = full.side();
        // The empty grid on 9x9 (from 16x16 up an empty jigsaw is a hard search here: the
        // band-by-band fill of sparse grids needs boxes), and cut from a solution at three
        // fractions.
        if full.side() == 9 {
            solve_checked(
                &LargeGrid::empty_of(full.shape().clone()),
                x,
                Config::default(),
            )
            .expect("fills");
        }
        // (From 25x25 up, random holes near half the cells are the hard region for every
        // all-different search; these grids keep more givens.)
        let fracs = if side <= 16 {
            [0.35, 0.5, 0.65]
        } else {
            [0.6, 0.7, 0.8]
        };
        for frac in fracs {
            let keep = (frac * (side * side) as f64) as usize;
            let p = remove_cells(&full, keep, &mut rng);
            solve_checked(&p, x, Config::default()).expect("cut from a solution");
            solved += 1;
        }
    }
    assert_eq!(solved, 30);
}

#[test]
fn text_forms_of_every_shape_read_back() {
    let mut rng = Rng::new(9);
    let mut shapes = rect_shapes();
    shapes.push(Shape::square(4).unwrap());
    shapes.push(diagonal_jigsaw(7));
    shapes.push(swapped_jigsaw(3, true, 200, &mut rng).0);
    for shape in shapes {
        let side = shape.side();
        for x in [false, side != 7] {
            let full = solve_checked(&LargeGrid::empty_of(shape.clone()), x, Config::default())
                .expect("fills");
            let p = remove_cells(&full, side * side / 2, &mut rng);
            for form in [Form::Line, Form::Rows, Form::Numbers] {
                let t = text::format(&p, form, x);
                let back: Vec<_> = text::parse(&t);
                assert_eq!(back.len(), 1, "{t}");
                let back = back[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{t}"));
                assert_eq!(back.grid, p, "{t}");
                assert_eq!((back.x, back.form), (x, form));
            }
        }
    }
}

#[test]
fn shape_lines_are_read_and_bad_ones_say_why() {
    let errors = |t: &str| -> Vec<(usize, String)> {
        text::parse(t)
            .into_iter()
            .filter_map(Result::err)
            .map(|e| (e.line, e.reason))
            .collect()
    };
    // The default boxes of a 6x6 line are 2x3; `Boxes 3x2` turns them.
    let six = ".".repeat(36);
    let p = text::parse(&six).remove(0).unwrap();
    assert_eq!(p.grid.shape(), &Shape::boxes(2, 3).unwrap());
    let p = text::parse(&format!("Boxes 3x2\n{six}\n"))
        .remove(0)
        .unwrap();
    assert_eq!(p.grid.shape(), &Shape::boxes(3, 2).unwrap());
    // The Boxes line is for one grid only.
    let r = text::parse(&format!("boxes 3 x 2\n{six}\n{six}\n"));
    assert_ne!(
        r[0].as_ref().unwrap().grid.shape(),
        r[1].as_ref().unwrap().grid.shape()
    );
    // Boxes that do not make the side.
    let e = errors(&format!("# c\nBoxes 2x4\n{six}\n"));
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].0, 3);
    assert!(e[0].1.contains("2x4"), "{}", e[0].1);
    // Boxes whose product overflows: an error, not a side of 16 (2^63 + 8 times 2 wraps).
    let e = errors("Boxes 9223372036854775816x2\n16x16\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].1.contains("too large"), "{}", e[0].1);
    assert!(Shape::boxes(usize::MAX, 2).is_err());
    // Sides past the largest have no boxes, up to `usize::MAX` (whose `r * r` overflowed).
    assert_eq!(Shape::default_for_side(401), None);
    assert_eq!(Shape::default_for_side(usize::MAX), None);
    assert_eq!(
        Shape::default_for_side(400),
        Some(Shape::boxes(20, 20).unwrap())
    );
    let e = errors(&format!("Boxes two by three\n{six}\n"));
    assert_eq!(e[0].0, 1);
    assert!(e[0].1.contains("RxC"), "{}", e[0].1);
    // A prime side needs a region map.
    let e = errors(&".".repeat(49));
    assert!(e[0].1.contains("Jigsaw"), "{}", e[0].1);
    // A jigsaw: the map in the line form with any labels, the grid in the number form.
    let map: String = (0..25)
        .map(|c| b"abcde"[(c / 5 + 2 * (c % 5)) % 5] as char)
        .collect();
    let grid = "0 0 0 0 0\n".repeat(5);
    let p = text::parse(&format!("Jigsaw\n{map}\n{grid}"))
        .remove(0)
        .unwrap();
    assert_eq!(p.grid.shape(), &diagonal_jigsaw(5));
    assert_eq!(p.line, 3);
    // The map in the number form, labels as words.
    let words: String = (0..5)
        .map(|r| {
            (0..5)
                .map(|c| format!("r{}", (r + 2 * c) % 5))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let p = text::parse(&format!("Jigsaw\n{words}\n{grid}"))
        .remove(0)
        .unwrap();
    assert_eq!(p.grid.shape(), &diagonal_jigsaw(5));
    // Bad maps: a region too large, a map of the wrong side, a jigsaw with no grid. Each is one
    // error, and the grid after it is still read.
    let mut bad = map.clone().into_bytes();
    bad[0] = bad[1];
    let bad = String::from_utf8(bad).unwrap();
    let r = text::parse(&format!("Jigsaw\n{bad}\n{grid}\n{six}\n"));
    assert_eq!(r.len(), 2, "{r:?}");
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.reason.contains("cells, each region needs 5"),
        "{}",
        e.reason
    );
    assert!(r[1].is_ok());
    let e = errors(&format!("Jigsaw\n{map}\n{six}\n"));
    assert_eq!(e.len(), 1);
    assert!(e[0].1.contains("region map at line 2"), "{}", e[0].1);
    let e = errors(&format!("{six}\nJigsaw\n{map}\n"));
    assert_eq!(e, vec![(3, "a jigsaw with no grid after it".to_string())]);
    let e = errors(&format!("Jigsaw\n{}\n{grid}", "a b c d e\n".repeat(3)));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].1.contains("3 of its 5 rows"), "{}", e[0].1);
    // `Jigsaw`, an `NxN` line, then the map: the empty grid is that jigsaw's (it was solved
    // with plain boxes, the map read as a grid of its own).
    let r = text::parse(&format!("Jigsaw\n5x5\n{map}\n{six}\n"));
    assert_eq!(r.len(), 2, "{r:?}");
    let p = r[0].as_ref().unwrap();
    assert_eq!((p.line, p.grid.shape()), (2, &diagonal_jigsaw(5)));
    assert!(r[1].is_ok());
    // With no map after them, or a second size line, an error names the jigsaw's line.
    let e = errors("Jigsaw\n5x5\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 2);
    assert!(e[0].1.contains("`Jigsaw` line at line 1"), "{}", e[0].1);
    let e = errors(&format!("Jigsaw\n5x5\n4x4\n{map}\n"));
    assert!(e[0].1.contains("`Jigsaw` line at line 1"), "{}", e[0].1);
    // Size lines: `16 x 16` is one; sides out of 4..=400 and two sides say so, one error
    // each, and the grid after them is still read.
    let p = text::parse("16 x 16\n").remove(0).unwrap();
    assert_eq!(p.grid.side(), 16);
    for (line, want) in [
        ("401x401", "side is 4 to 400, not 401"),
        ("0x0", "side is 4 to 400, not 0"),
        ("3x3", "side is 4 to 400, not 3"),
        ("1X1", "side is 4 to 400, not 1"),
        ("16x9", "the same side twice"),
    ] {
        let r = text::parse(&format!("{line}\n{six}\n"));
        assert_eq!(r.len(), 2, "{line}: {r:?}");
        let e = r[0].as_ref().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.reason.contains(want), "{line}: {}", e.reason);
        assert!(r[1].is_ok(), "{line}: {r:?}");
    }
    // The map as N lines of N labels (as a grid in the rows form): each line was a one-line
    // map of 5 cells, an error, and the grid was solved with the default shape.
    let rows: String = map
        .as_bytes()
        .chunks(5)
        .map(|r| String::from_utf8(r.to_vec()).unwrap() + "\n")
        .collect();
    let r = text::parse(&format!("Jigsaw\n{rows}{grid}"));
    assert_eq!(r.len(), 1, "{r:?}");
    let p = r[0].as_ref().unwrap();
    assert_eq!((p.line, p.grid.shape()), (7, &diagonal_jigsaw(5)));
    // A bad map in that form is one error at its first line, and the grid after it has it.
    let mut bad_rows = rows.clone().into_bytes();
    bad_rows[0] = bad_rows[1];
    let r = text::parse(&format!(
        "Jigsaw\n{}{grid}",
        String::from_utf8(bad_rows).unwrap()
    ));
    assert_eq!(r.len(), 1, "{r:?}");
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.reason.contains("each region needs 5"), "{}", e.reason);
    // A one-line 4x4 map followed by one-line 4x4 grids stays a one-line map.
    let four = "aabbaabbccddccdd";
    let r = text::parse(&format!(
        "Jigsaw\n{four}\n{}",
        format!("{}\n", ".".repeat(16)).repeat(16)
    ));
    assert_eq!(r.len(), 16, "{r:?}");
    assert!(r.iter().all(Result::is_ok), "{r:?}");
    assert!(matches!(
        r[0].as_ref().unwrap().grid.shape().regions(),
        Regions::Jigsaw(_)
    ));
    assert!(!matches!(
        r[1].as_ref().unwrap().grid.shape().regions(),
        Regions::Jigsaw(_)
    ));
    // Shape lines with a `#` comment after them, as rows take one.
    let r = text::parse(&format!(
        "Boxes 3x2 # turned\n{six}\nSudoku X # diagonals\n4x4 # empty\n"
    ));
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(
        r[0].as_ref().unwrap().grid.shape(),
        &Shape::boxes(3, 2).unwrap()
    );
    let p = r[1].as_ref().unwrap();
    assert!(p.x && p.grid.side() == 4, "{p:?}");
    // A byte-order mark before the first grid (the Python reader passes it on).
    let r = text::parse(&format!("\u{feff}{six}\n"));
    assert!(r[0].is_ok(), "{r:?}");
    // A row of a million numbers is one error (it asked for a million-squared cells and
    // aborted), and the grid after it is still read.
    let r = text::parse(&format!("{}\n\n{six}\n", "1 ".repeat(1_000_000)));
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert!(e.reason.contains("a row of 1000000 values"), "{}", e.reason);
    assert!(r[1].is_ok());
}

/// Grids above 128x128: sigh's 144x144 and 400x400 examples (both fall to singles), solved and
/// checked against the rules and their givens.
#[test]
fn sigh_144x144_and_400x400_solve() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench-data/large");
    for (name, side) in [("sigh_144x144_1.txt", 144), ("sigh_400x400_1.txt", 400)] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let mut ps = text::parse(&text);
        assert_eq!(ps.len(), 1, "{name}");
        let p = ps.remove(0).unwrap();
        assert_eq!(p.grid.side(), side);
        let (status, sol, _) = Solver::for_shape(p.grid.shape(), p.x, Config::default()).count(
            &p.grid,
            2,
            Some(Duration::from_mins(5)),
        );
        assert_eq!(status, Status::Unique, "{name}");
        check_solution(&p.grid, &sol.unwrap(), p.x).unwrap();
    }
}

/// The text example of the crate README reads and solves as it says.
#[test]
fn readme_example_solves() {
    let readme = include_str!("../README.md");
    let start = readme.find("```text\n").expect("a text block") + 8;
    let example = &readme[start..start + readme[start..].find("```").unwrap()];
    let ps: Vec<_> = text::parse(example)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[0].grid.shape(), &Shape::boxes(3, 2).unwrap());
    assert!(ps[0].x && !ps[1].x && ps[1].grid.side() == 5);
    for p in &ps {
        solve_checked(&p.grid, p.x, Config::default()).expect("the README's grids solve");
    }
}

#[test]
fn a_cell_outside_the_grid_is_a_panic_not_another_cell() {
    let mut g = LargeGrid::empty(2);
    g.set(3, 3, 4);
    assert_eq!(g.get(3, 3), 4);
    // Column 5 of row 0 was row 1's column 1.
    assert!(std::panic::catch_unwind(|| g.get(0, 5)).is_err());
    assert!(std::panic::catch_unwind(|| LargeGrid::empty(2).set(4, 0, 1)).is_err());
}
