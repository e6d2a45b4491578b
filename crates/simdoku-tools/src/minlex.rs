//! The usual minlex form, and the automorphism count.
//!
//! Minlex: among the 2 x 6^8 = 3,359,232 row/column arrangements of a grid (band, row-in-band,
//! stack, column-in-stack permutations and the transposition), each with its digits relabelled
//! in order of first appearance, the least 81-character string where an empty cell is `0`, the
//! smallest symbol. This is the form most Sudoku tools publish. [`canonical`](crate::canonical)
//! differs only on puzzles with empty cells: it ranks an empty cell *after* every digit (givens
//! gather at the top left), which lets its search prune much harder. On solved grids the two
//! agree.
//!
//! [`minlex`] finds the form by a pruned search, the mirror of the canonical form's (a few
//! microseconds a puzzle; 125k 17-clue puzzles a second on one core); solved grids take the
//! canonical form's search for them. [`automorphisms`] counts the arrangements that give the
//! canonical form (they are a coset of the automorphism group). Both fall back to a scan of
//! every arrangement (tens of milliseconds a grid) for grids with a conflict.

use std::sync::OnceLock;

use simdoku_core::Grid;

use crate::Canonicalizer;
use crate::symmetry::transposed;

mod search;

/// Every permutation of 0..9 that keeps bands (groups of three) together: 6 x 6^3 = 1296.
fn line_perms() -> &'static [[u8; 9]] {
    static PERMS: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    PERMS.get_or_init(|| {
        const P3: [[usize; 3]; 6] = simdoku_core::tables::ORDERS3;
        let mut out = Vec::with_capacity(1296);
        for bands in P3 {
            for a in P3 {
                for b in P3 {
                    for c in P3 {
                        let inner = [a, b, c];
                        let mut p = [0u8; 9];
                        for (k, &band) in bands.iter().enumerate() {
                            for (i, &r) in inner[k].iter().enumerate() {
                                p[3 * k + i] = (3 * band + r) as u8;
                            }
                        }
                        out.push(p);
                    }
                }
            }
        }
        out
    })
}

/// How one arrangement's relabelled string compares with the target, cell by cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cmp {
    Less,
    Equal,
    Greater,
}

/// Compares the relabelled image of `src` under (`rows`, `cols`) with `best`; when `write`
/// and it is less, `best` becomes the image.
#[inline]
fn compare(
    src: &[u8; 81],
    rows: &[u8; 9],
    cols: &[u8; 9],
    best: &mut [u8; 81],
    write: bool,
) -> Cmp {
    let mut map = [0u8; 10];
    let mut next = 1;
    let mut state = Cmp::Equal;
    for i in 0..81 {
        let v = src[9 * rows[i / 9] as usize + cols[i % 9] as usize];
        let l = if v == 0 {
            0
        } else {
            if map[v as usize] == 0 {
                map[v as usize] = next;
                next += 1;
            }
            map[v as usize]
        };
        if state == Cmp::Equal {
            if l > best[i] {
                return Cmp::Greater;
            }
            if l < best[i] {
                if !write {
                    return Cmp::Less;
                }
                state = Cmp::Less;
            }
        }
        if state == Cmp::Less {
            best[i] = l;
        }
    }
    state
}

/// The minlex form of `g` (empty cells are `0`, the least symbol). See the module docs for
/// how it differs from [`canonical`](crate::canonical).
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::{Rng, Symmetry, minlex};
/// let p: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let q = Symmetry::random(&mut Rng::new(5)).apply(&p);
/// assert_eq!(minlex(&p), minlex(&q));
/// assert!(minlex(&p).to_line_with(b'0').starts_with(b"0000000"));
/// ```
pub fn minlex(g: &Grid) -> Grid {
    if let Some((form, _)) = Canonicalizer::new().solved(g) {
        return form;
    }
    if g.conflict().is_none() {
        return search::minlex_search(g);
    }
    minlex_scan(g)
}

/// [`minlex`] by a scan of every arrangement (any grid).
pub(crate) fn minlex_scan(g: &Grid) -> Grid {
    let perms = line_perms();
    let mut best = [u8::MAX; 81];
    for src in [*g.cells(), transposed(g.cells())] {
        for rows in perms {
            for cols in perms {
                compare(&src, rows, cols, &mut best, true);
            }
        }
    }
    Grid::from_cells(best).expect("labels are 0..=9")
}

/// The number of row/column arrangements (of the 3,359,232) that map `g` onto itself up to a
/// relabelling of its digits: the size of its automorphism group under the Sudoku symmetries.
/// The identity counts, so the answer is at least 1; the relabelling of each is the one the
/// arrangement forces (digits absent from `g` are not permuted on top).
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::automorphisms;
/// // The most symmetric solved grid has 648 automorphisms.
/// let g: Grid = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
///     .parse()
///     .unwrap();
/// assert_eq!(automorphisms(&g), 648);
/// ```
pub fn automorphisms(g: &Grid) -> u64 {
    let mut canon = Canonicalizer::new();
    if let Some((_, n)) = canon.solved(g) {
        return n;
    }
    if g.conflict().is_none() {
        return canon.search_counted(g).1;
    }
    automorphisms_scan(g)
}

/// [`automorphisms`] by a scan of every arrangement (any grid).
pub(crate) fn automorphisms_scan(g: &Grid) -> u64 {
    let perms = line_perms();
    let identity = &perms[0];
    let mut target = [0u8; 81];
    let mut blank = [u8::MAX; 81];
    compare(g.cells(), identity, identity, &mut blank, true);
    target.copy_from_slice(&blank);
    let mut n = 0;
    for src in [*g.cells(), transposed(g.cells())] {
        for rows in perms {
            for cols in perms {
                if compare(&src, rows, cols, &mut target, false) == Cmp::Equal {
                    n += 1;
                }
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, Symmetry, canonical};

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// The search gives the scan's form: on top95 and its images, and on random subsets of
    /// random solutions, from no givens to 80 (empty rows, stacks and bands included).
    #[test]
    fn search_gives_the_scans_form() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../bench-data/top95.txt"
        ))
        .expect("top95");
        let mut rng = Rng::new(3);
        for line in text.lines().filter(|l| !l.starts_with('#')).step_by(3) {
            let g: Grid = line[..81].parse().expect("a puzzle");
            let want = minlex_scan(&g);
            assert_eq!(search::minlex_search(&g), want, "{g}");
            let q = Symmetry::random(&mut rng).apply(&g);
            assert_eq!(search::minlex_search(&q), want, "{q}");
        }
        for k in 0..81 {
            let sol = crate::random_solution(&mut rng);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut g = Grid::EMPTY;
            for &i in &cells[..k] {
                g.set(i, sol.get(i));
            }
            assert_eq!(search::minlex_search(&g), minlex_scan(&g), "{g}");
            if k % 3 == 0 {
                assert_eq!(automorphisms(&g), automorphisms_scan(&g), "{g}");
            }
        }
        assert_eq!(automorphisms(&Grid::EMPTY), 3_359_232);
    }

    #[test]
    fn minlex_is_an_invariant_and_agrees_with_canonical_on_solved_grids() {
        let g: Grid = SOLVED.parse().unwrap();
        let m = minlex(&g);
        assert!(m.to_string().starts_with("123456789"));
        assert_eq!(m, canonical(&g));
        assert_eq!(minlex_scan(&g), m);
        assert_eq!(automorphisms_scan(&g), 1);
        let mut rng = Rng::new(9);
        for _ in 0..3 {
            assert_eq!(minlex(&Symmetry::random(&mut rng).apply(&g)), m);
        }
        assert_eq!(automorphisms(&g), automorphisms(&m));
        assert_eq!(automorphisms(&g), 1);
    }
}
