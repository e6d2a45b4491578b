//! Property tests over every engine this CPU runs: text forms round-trip, solutions keep their
//! givens, removing givens never lowers the count, and Sudoku symmetries keep the count.

use std::sync::OnceLock;

use proptest::prelude::*;
use simdoku_core::rules::check_solution;
use simdoku_core::testkit::bench_set;
use simdoku_core::{Engine, Grid};
use simdoku_dispatch::ENGINES;

fn engines() -> Vec<Box<dyn Engine>> {
    ENGINES
        .iter()
        .filter(|e| e.available())
        .map(simdoku_dispatch::EngineSpec::engine)
        .collect()
}

/// Solved grids to draw from: the solutions of the first puzzles of top95.
fn solved() -> &'static [Grid] {
    static SOLVED: OnceLock<Vec<Grid>> = OnceLock::new();
    SOLVED.get_or_init(|| {
        let mut e = ENGINES[0].engine();
        bench_set("top95")
            .iter()
            .take(20)
            .map(|p| e.solve(p).0.unwrap())
            .collect()
    })
}

/// A symmetry of the Sudoku grid: digit relabelling, band and stack order, row order within
/// bands, column order within stacks, and transposition.
#[derive(Clone, Debug)]
struct Symmetry {
    digits: [u8; 9],
    bands: [usize; 3],
    stacks: [usize; 3],
    rows: [[usize; 3]; 3],
    cols: [[usize; 3]; 3],
    transpose: bool,
}

fn perm3() -> impl Strategy<Value = [usize; 3]> {
    Just([0usize, 1, 2])
        .prop_shuffle()
        .prop_map(|v| [v[0], v[1], v[2]])
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    (
        Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        perm3(),
        perm3(),
        [perm3(), perm3(), perm3()],
        [perm3(), perm3(), perm3()],
        any::<bool>(),
    )
        .prop_map(|(d, bands, stacks, rows, cols, transpose)| Symmetry {
            digits: d.try_into().unwrap(),
            bands,
            stacks,
            rows,
            cols,
            transpose,
        })
}

impl Symmetry {
    fn apply(&self, g: &Grid) -> Grid {
        let mut out = Grid::EMPTY;
        for r in 0..9 {
            for c in 0..9 {
                let sr = 3 * self.bands[r / 3] + self.rows[r / 3][r % 3];
                let sc = 3 * self.stacks[c / 3] + self.cols[c / 3][c % 3];
                let (sr, sc) = if self.transpose { (sc, sr) } else { (sr, sc) };
                let v = g.get(9 * sr + sc);
                out.set(
                    9 * r + c,
                    if v == 0 {
                        0
                    } else {
                        self.digits[v as usize - 1]
                    },
                );
            }
        }
        out
    }
}

/// A puzzle: a solved grid with the cells of `mask` emptied.
fn puzzle(index: usize, mask: &[bool]) -> Grid {
    let s = solved();
    let mut g = s[index % s.len()];
    for (c, &empty) in mask.iter().enumerate() {
        if empty {
            g.set(c, 0);
        }
    }
    g
}

fn holes(p: f64) -> impl Strategy<Value = Vec<bool>> {
    prop::collection::vec(prop::bool::weighted(p), 81)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn parse_of_format_is_identity(cells in prop::collection::vec(0u8..=9, 81)) {
        let g = Grid::from_cells(cells.try_into().unwrap()).unwrap();
        prop_assert_eq!(Grid::parse_cells(g.to_string().as_bytes()).unwrap(), g);
        prop_assert_eq!(Grid::parse_cells(&g.to_line_with(b'0')).unwrap(), g);
    }

    #[test]
    fn solutions_keep_every_given(i in 0usize..20, mask in holes(0.7)) {
        let p = puzzle(i, &mask);
        for mut e in engines() {
            let (s, _) = e.solve(&p);
            let s = s.expect("a solved grid with holes is solvable");
            prop_assert!(check_solution(&p, &s).is_ok(), "{}: {} -> {}", e.name(), p, s);
        }
    }

    #[test]
    fn removing_givens_never_lowers_the_count(i in 0usize..20, mask in holes(0.6), extra in holes(0.1)) {
        let p = puzzle(i, &mask);
        let both: Vec<bool> = mask.iter().zip(&extra).map(|(a, b)| *a || *b).collect();
        let q = puzzle(i, &both);
        for mut e in engines() {
            let (a, b) = (e.count(&p, 200).solutions, e.count(&q, 200).solutions);
            prop_assert!(b >= a, "{}: {} has {} but {} has {}", e.name(), p, a, q, b);
        }
    }

    #[test]
    fn symmetries_keep_the_count(i in 0usize..20, mask in holes(0.72), sym in symmetry()) {
        let p = puzzle(i, &mask);
        let q = sym.apply(&p);
        prop_assert_eq!(q.givens(), p.givens());
        for mut e in engines() {
            prop_assert_eq!(e.count(&p, 300).solutions, e.count(&q, 300).solutions, "{}", e.name());
        }
    }
}
