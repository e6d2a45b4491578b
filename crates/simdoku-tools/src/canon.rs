//! Canonical forms: one representative per class of equivalent puzzles.
//!
//! Two puzzles are equivalent when one maps to the other by a Sudoku symmetry: a permutation
//! of the bands and of the rows inside each band (6^4), the same for stacks and columns (6^4),
//! a transposition (2), and a relabelling of the digits (9!). The canonical form of a puzzle is
//! the least 81-character string (compared position by position, an empty cell greater than
//! any digit, so that givens gather at the top left) among all 2 x 6^8 = 3,359,232 row/column arrangements, each with its digits relabelled in
//! order of first appearance (the relabelling that makes that arrangement's string least).
//! Equivalent puzzles share the same canonical form, and the canonical form of a canonical
//! form is itself.
//!
//! The search builds the image row by row and keeps only the arrangements whose rows so far
//! equal the least rows so far: the first row fixes the column order up to ties (a row's
//! digits are distinct, so only its pattern of empty cells matters), and each later row
//! prunes the column orders and the row choices that make it larger. Empty cells rank last
//! because a first row full of givens leaves few column orders to follow (an empty first row
//! would leave all 1296): on 17-clue puzzles this is several times faster than ranking them
//! first.

use simdoku_core::Grid;

/// A partial arrangement: the rows chosen so far fix `cols` and the digit map.
#[derive(Clone, Copy)]
struct Partial {
    /// 0 for the grid, 1 for its transpose.
    t: u8,
    /// Source bands already used (bits 0..3).
    bands: u8,
    /// The source band of the band being built.
    band: u8,
    /// Source rows already used (bits 0..9).
    rows: u16,
    /// Output column -> source column.
    cols: [u8; 9],
    /// Source digit -> label (0: not seen yet).
    map: [u8; 10],
    next: u8,
}

/// The rank of an empty cell: after every digit.
const EMPTY: u8 = 10;

/// The orders of three cells (a stack's columns) that put the givens first, for each pattern
/// of givens (bit `k` for cell `k`).
fn givens_first_orders(pattern: u8) -> Vec<[u8; 3]> {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    PERMS
        .iter()
        .filter(|p| {
            let filled = p.map(|k| pattern >> k & 1);
            filled[0] >= filled[1] && filled[1] >= filled[2]
        })
        .copied()
        .collect()
}

/// Computes canonical forms, reusing its buffers from one puzzle to the next.
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::{Canonicalizer, Rng, Symmetry};
///
/// let p: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let mut canon = Canonicalizer::new();
/// let c = canon.canonical(&p);
/// let q = Symmetry::random(&mut Rng::new(9)).apply(&p);
/// assert_eq!(canon.canonical(&q), c);
/// assert_eq!(canon.canonical(&c), c);
/// ```
#[derive(Default)]
pub struct Canonicalizer {
    cur: Vec<Partial>,
    next: Vec<Partial>,
}

impl std::fmt::Debug for Canonicalizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canonicalizer").finish_non_exhaustive()
    }
}

impl Canonicalizer {
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `g` (see the module documentation). Meant for grids without
    /// contradictory givens (a row with a digit twice has no defined least arrangement).
    pub fn canonical(&mut self, g: &Grid) -> Grid {
        let plain = *g.cells();
        let transposed: [u8; 81] = std::array::from_fn(|i| plain[9 * (i % 9) + i / 9]);
        let grids = [plain, transposed];
        let mut out = [0u8; 81];

        // Row 0: only the pattern of empty cells matters, and the least pattern puts the
        // stacks with fewer empty cells first and the givens of each stack first.
        self.cur.clear();
        let mut best_counts = [u8::MAX; 3];
        for t in 0..2u8 {
            for r in 0..9usize {
                let row = &grids[t as usize][9 * r..9 * r + 9];
                let mut counts: [u8; 3] = std::array::from_fn(|s| {
                    row[3 * s..3 * s + 3]
                        .iter()
                        .map(|&v| u8::from(v == 0))
                        .sum()
                });
                counts.sort_unstable();
                if counts < best_counts {
                    best_counts = counts;
                    self.cur.clear();
                }
                if counts == best_counts {
                    self.push_first_rows(row, t, r);
                }
            }
        }
        // The least first row itself (every partial arrangement writes the same one).
        let first = self.cur[0];
        for j in 0..9 {
            let v = grids[first.t as usize]
                [9 * first.rows.trailing_zeros() as usize + first.cols[j] as usize];
            out[j] = first.map[v as usize];
        }

        for level in 1..9 {
            self.next.clear();
            let mut best = [u8::MAX; 9];
            let mut have = false;
            for pi in 0..self.cur.len() {
                let p = self.cur[pi];
                let src = &grids[p.t as usize];
                let mut try_row = |r: usize, band: u8, bands: u8| {
                    let mut q = p;
                    let mut row = [0u8; 9];
                    let mut less = !have;
                    for j in 0..9 {
                        let v = src[9 * r + q.cols[j] as usize] as usize;
                        let l = if v == 0 {
                            EMPTY
                        } else {
                            if q.map[v] == 0 {
                                q.next += 1;
                                q.map[v] = q.next;
                            }
                            q.map[v]
                        };
                        if !less {
                            if l > best[j] {
                                return;
                            }
                            less = l < best[j];
                        }
                        row[j] = l;
                    }
                    if less {
                        best = row;
                        have = true;
                        self.next.clear();
                    }
                    q.rows |= 1 << r;
                    q.band = band;
                    q.bands = bands;
                    self.next.push(q);
                };
                if level % 3 == 0 {
                    for b in 0..3u8 {
                        if p.bands & (1 << b) == 0 {
                            for r in 3 * b..3 * b + 3 {
                                try_row(r as usize, b, p.bands | 1 << b);
                            }
                        }
                    }
                } else {
                    let b = p.band;
                    for r in 3 * b..3 * b + 3 {
                        if p.rows & (1 << r) == 0 {
                            try_row(r as usize, b, p.bands);
                        }
                    }
                }
            }
            for (o, &l) in out[9 * level..9 * level + 9].iter_mut().zip(&best) {
                *o = if l == EMPTY { 0 } else { l };
            }
            std::mem::swap(&mut self.cur, &mut self.next);
        }
        Grid::from_cells(out).expect("labels are 0..=9")
    }

    /// Every column order that makes source row `r` of grid `t` the least first row.
    fn push_first_rows(&mut self, row: &[u8], t: u8, r: usize) {
        let patterns: [u8; 3] = std::array::from_fn(|s| {
            (0..3).fold(0u8, |acc, k| acc | u8::from(row[3 * s + k] != 0) << k)
        });
        let counts = patterns.map(|p| 3 - p.count_ones());
        let orders = patterns.map(givens_first_orders);
        let band = (r / 3) as u8;
        for stacks in [
            [0u8, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let c = stacks.map(|s| counts[s as usize]);
            if c[0] > c[1] || c[1] > c[2] {
                continue;
            }
            for o0 in &orders[stacks[0] as usize] {
                for o1 in &orders[stacks[1] as usize] {
                    for o2 in &orders[stacks[2] as usize] {
                        let mut cols = [0u8; 9];
                        for (slot, (s, o)) in stacks.iter().zip([o0, o1, o2]).enumerate() {
                            for k in 0..3 {
                                cols[3 * slot + k] = 3 * s + o[k];
                            }
                        }
                        let mut p = Partial {
                            t,
                            bands: 1 << band,
                            band,
                            rows: 1 << r,
                            cols,
                            map: [0; 10],
                            next: 0,
                        };
                        for &c in &cols {
                            let v = row[c as usize] as usize;
                            if v != 0 && p.map[v] == 0 {
                                p.next += 1;
                                p.map[v] = p.next;
                            }
                        }
                        self.cur.push(p);
                    }
                }
            }
        }
    }
}

/// The canonical form of `g` (a convenience over [`Canonicalizer`], which reuses buffers).
pub fn canonical(g: &Grid) -> Grid {
    Canonicalizer::new().canonical(g)
}
