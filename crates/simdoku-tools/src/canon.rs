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
//! The search builds the image row by row and keeps only the partial arrangements whose rows
//! so far equal the least rows so far. Column orders are fixed lazily: columns empty in every
//! row so far (and stacks empty so far) stay an unordered set until a row tells them apart, so
//! a sparse first row does not open all 1,296 column orders. A row places the unordered
//! columns of a stack greedily (digits already labelled in label order, then new digits, then
//! empty cells); only orders that give the same row are branched on (new digits among
//! themselves, stacks with the same content). Empty cells rank last so that givens gather at
//! the top left.
//!
//! A full row defeats that laziness: it is the least first row (digits rank before empty
//! cells), and it reads 1..9 under every column order, all 1,296 of which stay open. So a grid
//! with a full row or column (a solved grid, a nearly solved one) takes a search of its own
//! that orders the columns by the second row (`canonical_full_row`; the same forms, 100 times
//! faster and more).

use simdoku_core::Grid;

use crate::symmetry::transposed;

/// The rank of an empty cell: after every digit and after a digit not labelled yet.
const EMPTY: u8 = 11;
/// The rank of a digit without a label yet (after every label).
pub(crate) const NEW: u8 = 10;

/// Digits labelled in order of first appearance (1, 2, ...), an empty cell ranking
/// `EMPTY_RANK` (after every digit for the canonical form, before them for minlex).
#[derive(Clone, Copy)]
pub(crate) struct Labels<const EMPTY_RANK: u8> {
    /// Source digit -> label (0: not seen yet).
    map: [u8; 10],
    next: u8,
}

impl<const EMPTY_RANK: u8> Labels<EMPTY_RANK> {
    pub(crate) const NONE: Self = Labels {
        map: [0; 10],
        next: 0,
    };

    /// The rank of cell value `v`: its label, [`NEW`] without one, `EMPTY_RANK` if empty.
    pub(crate) fn rank(&self, v: u8) -> u8 {
        match v {
            0 => EMPTY_RANK,
            v if self.map[v as usize] == 0 => NEW,
            v => self.map[v as usize],
        }
    }

    /// The label of `v`, given now if it has none (`EMPTY_RANK` if empty).
    pub(crate) fn label(&mut self, v: u8) -> u8 {
        if v == 0 {
            return EMPTY_RANK;
        }
        let m = &mut self.map[v as usize];
        if *m == 0 {
            self.next += 1;
            *m = self.next;
        }
        *m
    }

    /// The sorted ranks of source stack `x`'s cells in `vals`: the key that orders stacks
    /// not placed yet.
    pub(crate) fn key(&self, vals: &[u8; 9], x: u8) -> [u8; 3] {
        let mut k = [0, 1, 2].map(|i| self.rank(vals[3 * x as usize + i]));
        k.sort_unstable();
        k
    }
}

/// The rows a partial arrangement has taken, in the grid or its transpose.
#[derive(Clone, Copy)]
pub(crate) struct RowsTaken {
    /// 0 for the grid, 1 for its transpose.
    pub(crate) t: u8,
    /// Source bands already used (bits 0..3).
    bands: u8,
    /// The source band of the band being built.
    band: u8,
    /// Source rows already used (bits 0..9).
    rows: u16,
}

impl RowsTaken {
    pub(crate) fn none(t: u8) -> RowsTaken {
        RowsTaken {
            t,
            bands: 0,
            band: 0,
            rows: 0,
        }
    }

    /// The source rows that can make image row `level` (a row of an unused band when a band
    /// starts, else an unused row of the band being built), each with the rows taken after it.
    pub(crate) fn next(self, level: usize) -> impl Iterator<Item = (usize, RowsTaken)> {
        (0..9u8).filter_map(move |r| {
            let b = r / 3;
            let fits = if level.is_multiple_of(3) {
                self.bands & (1 << b) == 0
            } else {
                b == self.band && self.rows & (1 << r) == 0
            };
            fits.then_some((
                r as usize,
                RowsTaken {
                    t: self.t,
                    bands: self.bands | 1 << b,
                    band: b,
                    rows: self.rows | 1 << r,
                },
            ))
        })
    }
}

/// Every order of `n` new digits, for `n` from 0 to 3 (each order labels them differently).
pub(crate) const NEW_ORDERS: [&[&[usize]]; 4] = [
    &[&[]],
    &[&[0]],
    &[&[0, 1], &[1, 0]],
    &[
        &[0, 1, 2],
        &[0, 2, 1],
        &[1, 0, 2],
        &[1, 2, 0],
        &[2, 0, 1],
        &[2, 1, 0],
    ],
];

/// A partial arrangement: the rows chosen so far, the columns they have ordered, the digit map.
///
/// Output stack slots `0..assigned` hold a source stack each; the others are still open and
/// take the source stacks in `free_stacks` (empty in every row so far). In slot `s`, the first
/// `fixed[s]` output columns are ordered (`cols`); the source columns in `free[s]` (empty in
/// every row so far) come after them in an order still open.
#[derive(Clone, Copy)]
struct Partial {
    taken: RowsTaken,
    /// Output column -> source column (where fixed).
    cols: [u8; 9],
    fixed: [u8; 3],
    /// Source stack of each assigned slot.
    stack: [u8; 3],
    /// Source columns (bits 0..3 within the slot's stack) not ordered yet.
    free: [u8; 3],
    assigned: u8,
    free_stacks: u8,
    /// Source digit -> label (0: not seen yet).
    labels: Labels<EMPTY>,
}

impl Partial {
    fn root(t: u8) -> Partial {
        Partial {
            taken: RowsTaken::none(t),
            cols: [0; 9],
            fixed: [0; 3],
            stack: [0; 3],
            free: [0; 3],
            assigned: 0,
            free_stacks: 0b111,
            labels: Labels::NONE,
        }
    }
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
    orders: Vec<ColOrder>,
    next_orders: Vec<ColOrder>,
}

impl std::fmt::Debug for Canonicalizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canonicalizer").finish_non_exhaustive()
    }
}

/// The row a partial arrangement gives to source row values `vals`, placing open columns and
/// stacks greedily (every tie-breaking gives the same row).
fn least_row(p: &Partial, vals: &[u8; 9]) -> [u8; 9] {
    let mut q = *p;
    let mut row = [EMPTY; 9];
    for s in 0..3 {
        if s >= q.assigned as usize {
            let Some(x) = min_free_stack(&q, vals) else {
                break;
            };
            q.stack[s] = x;
            q.free[s] = 0b111;
            q.assigned += 1;
            q.free_stacks &= !(1 << x);
        }
        for k in 0..q.fixed[s] as usize {
            let j = 3 * s + k;
            row[j] = q.labels.label(vals[q.cols[j] as usize]);
        }
        let mut group = group_of(&q, vals, s);
        let n = group.len;
        group.sort_by_rank();
        for (i, &c) in group.cols[..n].iter().enumerate() {
            row[3 * s + q.fixed[s] as usize + i] = q.labels.label(vals[c as usize]);
        }
    }
    row
}

/// The open stack with the least key, or `None` when every open stack is empty in this row.
fn min_free_stack(q: &Partial, vals: &[u8; 9]) -> Option<u8> {
    let mut best: Option<(u8, [u8; 3])> = None;
    for x in 0..3u8 {
        if q.free_stacks & (1 << x) != 0 {
            let k = q.labels.key(vals, x);
            if best.is_none_or(|(_, b)| k < b) {
                best = Some((x, k));
            }
        }
    }
    best.filter(|(_, k)| k[0] != EMPTY).map(|(x, _)| x)
}

/// The open columns of slot `s` that hold a digit in this row, with their ranks.
struct Group {
    cols: [u8; 3],
    ranks: [u8; 3],
    len: usize,
}

impl Group {
    fn sort_by_rank(&mut self) {
        let n = self.len;
        let mut idx = [0usize, 1, 2];
        idx[..n].sort_by_key(|&i| self.ranks[i]);
        let (c, r) = (self.cols, self.ranks);
        for (k, &i) in idx[..n].iter().enumerate() {
            self.cols[k] = c[i];
            self.ranks[k] = r[i];
        }
    }
}

fn group_of(q: &Partial, vals: &[u8; 9], s: usize) -> Group {
    let mut g = Group {
        cols: [0; 3],
        ranks: [0; 3],
        len: 0,
    };
    for i in 0..3u8 {
        if q.free[s] & (1 << i) != 0 {
            let c = 3 * q.stack[s] + i;
            let v = vals[c as usize];
            if v != 0 {
                g.cols[g.len] = c;
                g.ranks[g.len] = q.labels.rank(v);
                g.len += 1;
            }
        }
    }
    g
}

/// Every way `p` can give the least row to `vals` (the same row each time), from slot `s` on.
fn children(mut q: Partial, vals: &[u8; 9], s: usize, out: &mut Vec<Partial>) {
    if s == 3 {
        out.push(q);
        return;
    }
    if s >= q.assigned as usize {
        // Open stacks: branch on every stack with the least key.
        let Some(x0) = min_free_stack(&q, vals) else {
            out.push(q);
            return;
        };
        let key = q.labels.key(vals, x0);
        for x in 0..3u8 {
            if q.free_stacks & (1 << x) != 0 && q.labels.key(vals, x) == key {
                let mut r = q;
                r.stack[s] = x;
                r.free[s] = 0b111;
                r.assigned += 1;
                r.free_stacks &= !(1 << x);
                place_slot_open(r, vals, s, out);
            }
        }
        return;
    }
    for k in 0..q.fixed[s] as usize {
        let j = 3 * s + k;
        q.labels.label(vals[q.cols[j] as usize]);
    }
    place_slot_open(q, vals, s, out);
}

/// Places the open columns of slot `s` that hold digits: labelled ones in label order, then
/// new digits in every order (each order labels them differently), empty ones stay open.
fn place_slot_open(mut q: Partial, vals: &[u8; 9], s: usize, out: &mut Vec<Partial>) {
    let mut g = group_of(&q, vals, s);
    g.sort_by_rank();
    let n = g.len;
    let old = g.ranks[..n].iter().filter(|&&r| r != NEW).count();
    for &c in &g.cols[..old] {
        let j = 3 * s + q.fixed[s] as usize;
        q.cols[j] = c;
        q.fixed[s] += 1;
        q.free[s] &= !(1 << (c - 3 * q.stack[s]));
    }
    let new = &g.cols[old..n];
    for order in NEW_ORDERS[new.len()] {
        let mut r = q;
        for &i in *order {
            let c = new[i];
            let j = 3 * s + r.fixed[s] as usize;
            r.cols[j] = c;
            r.fixed[s] += 1;
            r.free[s] &= !(1 << (c - 3 * r.stack[s]));
            r.labels.label(vals[c as usize]);
        }
        children(r, vals, s + 1, out);
    }
}

/// One arrangement of the full-row search: which pair of first rows (an index into the
/// search's pairs), the column order output -> source and back (`NONE` where not chosen
/// yet), output stack -> source stack, and how many columns of each output stack are chosen
/// (they fill in order).
#[derive(Clone, Copy)]
struct ColOrder {
    pair: u8,
    p: [u8; 9],
    pinv: [u8; 9],
    stack: [u8; 3],
    filled: [u8; 3],
}

const NONE: u8 = u8::MAX;

impl ColOrder {
    fn open(pair: u8) -> ColOrder {
        ColOrder {
            pair,
            p: [NONE; 9],
            pinv: [NONE; 9],
            stack: [NONE; 3],
            filled: [0; 3],
        }
    }

    /// Puts source column `c` at the next free place of output stack `s` (mapping `s` to
    /// `c`'s stack) and returns that place.
    fn place(&mut self, s: usize, c: u8) -> u8 {
        let j = 3 * s as u8 + self.filled[s];
        self.stack[s] = c / 3;
        self.filled[s] += 1;
        self.p[j as usize] = c;
        self.pinv[c as usize] = j;
        j
    }

    /// Places `c`, where the second row's digit of output column `j` lies in the first row,
    /// unless it is placed already, at the first free place it can take: in the output stack
    /// mapped to its stack, else in the first stack not mapped yet. Returns its place.
    fn image(&mut self, c: u8) -> u8 {
        if self.pinv[c as usize] != NONE {
            return self.pinv[c as usize];
        }
        let s = match self.stack.iter().position(|&x| x == c / 3) {
            Some(s) => s,
            None => self
                .stack
                .iter()
                .position(|&x| x == NONE)
                .expect("a stack is open"),
        };
        self.place(s, c)
    }
}

/// A first and second row of the full-row search, in the grid (`src` 0) or its transpose.
#[derive(Clone, Copy, Default)]
struct RowPair {
    src: u8,
    a: u8,
    b: u8,
    /// Source digit -> its column in row `a` (a full row).
    col_of: [u8; 10],
    /// Column -> the column where row `a` holds row `b`'s digit (`NONE` where row `b` is
    /// empty).
    sigma: [u8; 9],
}

/// The canonical form of a grid without conflicts that has a full row or column.
///
/// The least first row is then a full one, 1..9 under every column order, so the general
/// search would keep all 1,296 column orders of each. Here the column orders come from the
/// second row. With first row `a` (full) and second row `b` of the same band, the second
/// row's cell at output column `j` is `pinv[sigma[p[j]]] + 1` (or empty, after every digit,
/// where row `b` is), where `p` is the column order (output -> source) and `pinv` its inverse.
/// Its least value is built column by column over all pairs at once: a column `p[j]` not
/// chosen yet branches over the source columns its output stack can take, and `sigma[p[j]]`,
/// when not placed yet, goes to the first free place it can take (any other gives a larger
/// value), so only ties branch.
///
/// The first stack needs little search. `sigma` moves each column to another stack, so a
/// stack whose three cells row `b` fills starts the row 4, 5 (two of its columns send their
/// digits to one stack), then 6 where the third does too (a *pure* stack: all six orders) and
/// 7 otherwise (the two orders with the odd column last); a stack with an empty cell in row
/// `b` is tried in its six orders.
///
/// Each column order left then fixes the rest: the band's third row, the least of the other
/// six rows, the two others of its band in order, the last band's three in order (two rows
/// of a grid without conflicts differ wherever both hold digits, so rows tie only when both
/// are empty, and then either order gives the same image).
///
/// Returns the form (0 for an empty cell) and, meaningful for a solved grid only, how many
/// arrangements give it: each column order left is one arrangement, and those that reach the
/// least image are a coset of the grid's automorphism group, so their number is its size.
/// `None` when no row or column is full, or the grid has a conflict (looked for only when
/// one is: puzzles seldom have a full line, and they take the general search).
fn canonical_full_row(
    g: &Grid,
    cur: &mut Vec<ColOrder>,
    next: &mut Vec<ColOrder>,
) -> Option<([u8; 81], u64)> {
    let cells = g.cells();
    let transposed = transposed(cells);
    let grids = [cells, &transposed];
    let mut pairs = [RowPair::default(); 36];
    let mut n = 0;
    for (src, grid) in grids.iter().enumerate() {
        for a in 0..9 {
            if grid[9 * a..9 * a + 9].contains(&0) {
                continue;
            }
            let mut col_of = [NONE; 10];
            for c in 0..9 {
                col_of[grid[9 * a + c] as usize] = c as u8;
            }
            for b in (3 * (a / 3)..3 * (a / 3) + 3).filter(|&b| b != a) {
                pairs[n] = RowPair {
                    src: src as u8,
                    a: a as u8,
                    b: b as u8,
                    col_of,
                    sigma: std::array::from_fn(|c| col_of[grid[9 * b + c] as usize]),
                };
                n += 1;
            }
        }
    }
    if n == 0 || g.conflict().is_some() {
        return None;
    }
    let pairs = &pairs[..n];
    // The second row's cell (a label, EMPTY after every digit) at output column j.
    let cell = |q: &mut ColOrder, j: usize| match pairs[q.pair as usize].sigma[q.p[j] as usize] {
        NONE => EMPTY,
        s => q.image(s) + 1,
    };
    // Seeds: the first stack's least orders over every pair and source stack.
    cur.clear();
    let mut least = [EMPTY + 1; 3];
    for (i, pair) in pairs.iter().enumerate() {
        for x in 0..3u8 {
            let cols = [3 * x, 3 * x + 1, 3 * x + 2];
            let d = cols.map(|c| pair.sigma[c as usize]);
            let orders: &[[usize; 3]] = if d.contains(&NONE) {
                &simdoku_core::tables::ORDERS3
            } else {
                let d = d.map(|c| c / 3);
                if d[0] == d[1] && d[1] == d[2] {
                    if [4, 5, 6] > least {
                        continue;
                    }
                    &simdoku_core::tables::ORDERS3
                } else {
                    if [4, 5, 7] > least {
                        continue;
                    }
                    // The odd column (its digit's stack differs from the other two) last.
                    let odd = if d[1] == d[2] {
                        0
                    } else if d[0] == d[2] {
                        1
                    } else {
                        2
                    };
                    let (u, v) = ((odd + 1) % 3, (odd + 2) % 3);
                    &[[u, v, odd], [v, u, odd]][..]
                }
            };
            for order in orders {
                let mut q = ColOrder::open(i as u8);
                let mut triple = [0u8; 3];
                for (j, &k) in order.iter().enumerate() {
                    q.place(0, cols[k]);
                    triple[j] = cell(&mut q, j);
                }
                if triple < least {
                    least = triple;
                    cur.clear();
                }
                if triple == least {
                    cur.push(q);
                }
            }
        }
    }
    for j in 3..9 {
        next.clear();
        let mut least = u8::MAX;
        for &o in cur.iter() {
            let mut take = |mut q: ColOrder| {
                let v = cell(&mut q, j);
                if v < least {
                    least = v;
                    next.clear();
                }
                if v == least {
                    next.push(q);
                }
            };
            if o.p[j] != NONE {
                take(o);
                continue;
            }
            let s = o.stack[j / 3];
            for c in 0..9u8 {
                let fits = if s == NONE {
                    !o.stack.contains(&(c / 3))
                } else {
                    c / 3 == s
                };
                if fits && o.pinv[c as usize] == NONE {
                    let mut q = o;
                    q.place(j / 3, c);
                    take(q);
                }
            }
        }
        std::mem::swap(cur, next);
    }
    let mut best = [u8::MAX; 81];
    let mut ties = 0;
    for q in cur.iter() {
        let pair = &pairs[q.pair as usize];
        let grid = grids[pair.src as usize];
        let row = |r: usize| -> [u8; 9] {
            std::array::from_fn(|j| match grid[9 * r + q.p[j] as usize] {
                0 => EMPTY,
                v => q.pinv[pair.col_of[v as usize] as usize] + 1,
            })
        };
        let (a, b) = (pair.a as usize, pair.b as usize);
        let band = a / 3 * 3;
        let mut img = [0u8; 81];
        for (i, r) in [a, b, band + 3 - a % 3 - b % 3].into_iter().enumerate() {
            img[9 * i..9 * i + 9].copy_from_slice(&row(r));
        }
        let others = (0..9).filter(|r| r / 3 * 3 != band);
        let rows: [[u8; 9]; 6] =
            std::array::from_fn(|k| row(others.clone().nth(k).expect("six rows")));
        let first = (0..6).min_by_key(|&k| rows[k]).expect("six rows");
        let mut second: [[u8; 9]; 3] = std::array::from_fn(|k| rows[first / 3 * 3 + k]);
        let mut third: [[u8; 9]; 3] = std::array::from_fn(|k| rows[3 - first / 3 * 3 + k]);
        second.sort_unstable();
        third.sort_unstable();
        for (k, r) in second.iter().chain(&third).enumerate() {
            img[27 + 9 * k..36 + 9 * k].copy_from_slice(r);
        }
        if img < best {
            best = img;
            ties = 0;
        }
        ties += u64::from(img == best);
    }
    Some((best.map(|v| if v == EMPTY { 0 } else { v }), ties))
}

impl Canonicalizer {
    /// A canonicalizer with empty scratch space.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `g` (see the module documentation). Meant for grids without
    /// contradictory givens (a row with a digit twice has no defined least arrangement).
    pub fn canonical(&mut self, g: &Grid) -> Grid {
        if let Some((form, _)) = canonical_full_row(g, &mut self.orders, &mut self.next_orders) {
            return Grid::from_cells(form).expect("labels are 0..=9");
        }
        self.search(g)
    }

    /// A solved grid's canonical form (its minlex form too) and automorphism count; `None`
    /// unless `g` is full and without conflicts.
    pub(crate) fn solved(&mut self, g: &Grid) -> Option<(Grid, u64)> {
        if !g.is_full() {
            return None;
        }
        let (form, n) = canonical_full_row(g, &mut self.orders, &mut self.next_orders)?;
        Some((Grid::from_cells(form).expect("labels are 1..=9"), n))
    }

    /// The general search (any grid).
    fn search(&mut self, g: &Grid) -> Grid {
        self.search_counted(g).0
    }

    /// The general search's form of `g`, a grid without conflicts, and how many arrangements
    /// give it: the size of its automorphism group (those that give one image are a coset of
    /// it). Each partial arrangement left stands for every order of what it left open: the
    /// open columns of each stack (empty in every row) and the open stacks.
    pub(crate) fn search_counted(&mut self, g: &Grid) -> (Grid, u64) {
        let plain = *g.cells();
        let grids = [plain, transposed(&plain)];
        let mut out = [0u8; 81];
        self.cur.clear();
        self.cur.push(Partial::root(0));
        self.cur.push(Partial::root(1));
        for level in 0..9 {
            self.next.clear();
            let mut best = [u8::MAX; 9];
            for pi in 0..self.cur.len() {
                let p = self.cur[pi];
                let src = &grids[p.taken.t as usize];
                let mut try_row = |r: usize, taken: RowsTaken| {
                    let vals: &[u8; 9] = src[9 * r..9 * r + 9].try_into().expect("nine cells");
                    let row = least_row(&p, vals);
                    if row > best {
                        return;
                    }
                    if row < best {
                        best = row;
                        self.next.clear();
                    }
                    let mut q = p;
                    q.taken = taken;
                    children(q, vals, 0, &mut self.next);
                };
                for (r, taken) in p.taken.next(level) {
                    try_row(r, taken);
                }
            }
            for (o, &l) in out[9 * level..9 * level + 9].iter_mut().zip(&best) {
                *o = if l == EMPTY { 0 } else { l };
            }
            std::mem::swap(&mut self.cur, &mut self.next);
        }
        let fact = |n: u32| [1u64, 1, 2, 6][n as usize];
        let arrangements = self
            .cur
            .iter()
            .map(|p| {
                let open = 3 - u32::from(p.assigned);
                let columns: u64 = (0..p.assigned as usize)
                    .map(|s| fact(p.free[s].count_ones()))
                    .product();
                columns * fact(open) * 6u64.pow(open)
            })
            .sum();
        (
            Grid::from_cells(out).expect("labels are 0..=9"),
            arrangements,
        )
    }
}

/// The canonical form of `g` (a convenience over [`Canonicalizer`], which reuses buffers).
pub fn canonical(g: &Grid) -> Grid {
    Canonicalizer::new().canonical(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, Symmetry, random_solution};

    /// The solved-grid path gives the general search's form, on random grids, on their
    /// images and on grids with many automorphisms (where the column orders tie).
    #[test]
    fn solved_grids_take_the_general_searchs_form() {
        let mut canon = Canonicalizer::new();
        let mut rng = Rng::new(5);
        let mut grids: Vec<Grid> = (0..150).map(|_| random_solution(&mut rng)).collect();
        for line in [
            // 648 automorphisms: each row the one before it shifted by three, or by one at
            // a band's start.
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
            "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
            // No pair of rows of a band has a pure stack (44% of the 17_clue set's solutions).
            "534891672962437851718652934893714526271568349645923187157289463489376215326145798",
        ] {
            grids.push(line.parse().unwrap());
        }
        for (i, g) in grids.iter().enumerate() {
            assert!(g.is_full() && g.conflict().is_none(), "{g}");
            if i % 30 == 0 || i >= 150 {
                // The brute-force count (3,359,232 arrangements) on a few.
                let n = canon.solved(g).expect("solved").1;
                assert_eq!(n, crate::minlex::automorphisms_scan(g), "{g}");
            }
            let want = canon.search(g);
            assert_eq!(canon.canonical(g), want, "{g}");
            for _ in 0..3 {
                let q = Symmetry::random(&mut rng).apply(g);
                assert_eq!(canon.canonical(&q), want, "{q}");
            }
        }
        // Grids with empty cells and a full row or column take the full-row search: k cells
        // of a solution emptied, from 1 to 60 (most rows then have a gap, so many grids have
        // no full row, or only a full column, and take the general search).
        for k in 1..=60 {
            let sol = random_solution(&mut rng);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut g = sol;
            for &i in &cells[..k] {
                g.set(i, 0);
            }
            let want = canon.search(&g);
            assert_eq!(canon.canonical(&g), want, "{g}");
            let q = Symmetry::random(&mut rng).apply(&g);
            assert_eq!(canon.canonical(&q), want, "{q}");
        }
        // A full grid with a conflict (two cells of a row swapped) takes the general search.
        let mut bad = grids[0];
        let (x, y) = (bad.get(0), bad.get(1));
        bad.set(0, y);
        bad.set(1, x);
        assert!(bad.is_full() && bad.conflict().is_some());
        assert!(canon.solved(&bad).is_none());
        assert_eq!(canon.canonical(&bad), canon.search(&bad));
    }
}
