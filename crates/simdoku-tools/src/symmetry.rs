//! The symmetries of Sudoku: band and stack permutations, row and column permutations inside
//! them, transposition, and digit relabelling. Each maps a valid puzzle to an equivalent one
//! (same number of solutions, same difficulty to a human).

use simdoku_core::Grid;

use simdoku_core::rng::Rng;

/// One symmetry: cell (`r`, `c`) of the image is cell (`rows[r]`, `cols[c]`) of the source
/// (of its transpose when `transpose`), with digit `d` written as `digits[d]`.
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::{Rng, Symmetry};
///
/// let p: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let s = Symmetry::random(&mut Rng::new(1));
/// let q = s.apply(&p);
/// assert_eq!(q.givens(), p.givens());
/// assert!(q.conflict().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Image row -> source row.
    pub rows: [u8; 9],
    /// Image column -> source column.
    pub cols: [u8; 9],
    /// Transpose the source first.
    pub transpose: bool,
    /// `digits[0]` is 0 (empty stays empty); `digits[1..]` is a permutation of 1..=9.
    pub digits: [u8; 10],
}

/// A permutation of 0..9 that keeps bands (groups of three) together.
fn random_line_perm(rng: &mut Rng) -> [u8; 9] {
    let mut bands = [0u8, 1, 2];
    rng.shuffle(&mut bands);
    let mut out = [0u8; 9];
    for (b, &band) in bands.iter().enumerate() {
        let mut inner = [0u8, 1, 2];
        rng.shuffle(&mut inner);
        for (i, &r) in inner.iter().enumerate() {
            out[3 * b + i] = 3 * band + r;
        }
    }
    out
}

impl Symmetry {
    /// The symmetry that changes nothing.
    pub const IDENTITY: Symmetry = Symmetry {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A symmetry drawn uniformly from all 2 x 6^8 x 9! of them.
    pub fn random(rng: &mut Rng) -> Symmetry {
        let rows = random_line_perm(rng);
        let cols = random_line_perm(rng);
        let transpose = rng.next_u64() & 1 == 1;
        let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits[1..]);
        Symmetry {
            rows,
            cols,
            transpose,
            digits,
        }
    }

    /// A relabelling of the digits only.
    pub fn random_relabelling(rng: &mut Rng) -> Symmetry {
        let mut s = Symmetry::IDENTITY;
        rng.shuffle(&mut s.digits[1..]);
        s
    }

    /// The source cell of image cell `i`.
    #[inline]
    pub fn source(&self, i: usize) -> usize {
        let (r, c) = (self.rows[i / 9] as usize, self.cols[i % 9] as usize);
        if self.transpose { 9 * c + r } else { 9 * r + c }
    }

    /// The image of a grid.
    pub fn apply(&self, g: &Grid) -> Grid {
        let src = g.cells();
        let mut out = [0u8; 81];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.digits[src[self.source(i)] as usize];
        }
        Grid::from_cells(out).expect("digits stay in 0..=9")
    }
}

/// The cells of a grid's transpose (row-major), as the canonical and minlex searches read it.
pub(crate) fn transposed(cells: &[u8; 81]) -> [u8; 81] {
    std::array::from_fn(|i| cells[9 * (i % 9) + i / 9])
}
