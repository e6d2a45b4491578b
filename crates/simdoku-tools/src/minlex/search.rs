//! The minlex form by a pruned search, the mirror of [`canonical`](crate::canonical)'s.
//!
//! The image is built row by row, keeping the partial arrangements whose rows so far equal
//! the least rows so far. An empty cell is the least symbol here, so columns empty in every
//! row so far go *first* in their stack and stay an unordered set, and stacks empty in every
//! row so far go first in the grid and stay unordered too. A row splits each such set: the
//! columns (or stacks) it leaves empty stay open at the front, the ones it fills are ordered
//! just after them, greedily (stacks by their sorted cells, then within a stack labelled
//! digits in label order, then new digits); only orders that give the same row are branched
//! on (new digits among themselves, stacks with the same content).
//!
//! Meant for grids without a conflict: a digit twice in a row would let one stack's labels
//! change another's rank within the row.

use simdoku_core::Grid;

use crate::canon::{Labels, NEW, NEW_ORDERS, RowsTaken};
use crate::symmetry::transposed;

const NONE: u8 = u8::MAX;

/// A partial arrangement. Output stack slots `0..open` are open (their source stacks are the
/// ones in `free_stacks`, all three columns unordered); an assigned slot `s` holds source stack
/// `stack[s]`, its columns in `free[s]` (bits within the stack) unordered at its first places
/// and its last `3 - |free[s]|` places ordered in `cols`.
#[derive(Clone, Copy)]
struct Lex {
    taken: RowsTaken,
    open: u8,
    free_stacks: u8,
    stack: [u8; 3],
    free: [u8; 3],
    cols: [u8; 9],
    labels: Labels<0>,
}

impl Lex {
    fn root(t: u8) -> Lex {
        Lex {
            taken: RowsTaken::none(t),
            open: 3,
            free_stacks: 0b111,
            stack: [NONE; 3],
            free: [0; 3],
            cols: [0; 9],
            labels: Labels::NONE,
        }
    }

    /// The row this arrangement (an outcome of [`expand`]) gives to `vals`.
    fn row(&mut self, vals: &[u8; 9]) -> [u8; 9] {
        let mut row = [0u8; 9];
        for s in self.open as usize..3 {
            for j in 3 * s + self.free[s].count_ones() as usize..3 * s + 3 {
                row[j] = self.labels.label(vals[self.cols[j] as usize]);
            }
        }
        row
    }
}

/// Orders the columns `digits` (of one stack, holding digits in `vals`) at places `at..`:
/// labelled digits in label order, then the new ones in each order (each labels them
/// differently; only the first unless `all`).
fn fix(q: Lex, vals: &[u8; 9], at: usize, digits: &[u8], all: bool, out: &mut Vec<Lex>) {
    let n = digits.len();
    let mut d = [0u8; 3];
    d[..n].copy_from_slice(digits);
    d[..n].sort_unstable_by_key(|&c| q.labels.rank(vals[c as usize]));
    let old = d[..n]
        .iter()
        .filter(|&&c| q.labels.rank(vals[c as usize]) != NEW)
        .count();
    let mut q = q;
    q.cols[at..at + old].copy_from_slice(&d[..old]);
    let new = &d[old..n];
    let perms = NEW_ORDERS[new.len()];
    let take = if all { perms.len() } else { 1 };
    for perm in &perms[..take] {
        let mut r = q;
        for (k, &i) in perm.iter().enumerate() {
            let c = new[i];
            r.cols[at + old + k] = c;
            r.labels.label(vals[c as usize]);
        }
        out.push(r);
    }
}

/// The columns of source stack `x` in `mask` (bits within the stack) that `vals` leaves
/// empty (as a mask) and those it fills (as source columns).
fn split(vals: &[u8; 9], x: u8, mask: u8) -> (u8, [u8; 3], usize) {
    let mut empty = 0;
    let mut digits = [0u8; 3];
    let mut n = 0;
    for i in 0..3u8 {
        if mask & (1 << i) != 0 {
            let c = 3 * x + i;
            if vals[c as usize] == 0 {
                empty |= 1 << i;
            } else {
                digits[n] = c;
                n += 1;
            }
        }
    }
    (empty, digits, n)
}

/// Every arrangement that gives `p`'s least row to `vals` (`all`), or one of them.
/// `scratch` holds the arrangements between steps (reused from call to call).
fn expand(p: &Lex, vals: &[u8; 9], all: bool, out: &mut Vec<Lex>, scratch: &mut [Vec<Lex>; 2]) {
    let open = p.open as usize;
    let filled = (0..3u8)
        .filter(|&x| p.free_stacks & (1 << x) != 0 && split(vals, x, 0b111).2 > 0)
        .fold(0u8, |m, x| m | 1 << x);
    let first = open - filled.count_ones() as usize;
    let [mut states, mut next] = scratch.each_mut();
    states.clear();
    states.push(*p);
    // Open stacks this row fills leave the open set: slots first..open, least key first.
    for slot in first..open {
        next.clear();
        for q in states.iter() {
            let left = filled & q.free_stacks;
            let keys = [0, 1, 2].map(|x| q.labels.key(vals, x));
            let least = (0..3u8)
                .filter(|&x| left & (1 << x) != 0)
                .map(|x| keys[x as usize])
                .min()
                .expect("a filled stack is left");
            for x in (0..3u8).filter(|&x| left & (1 << x) != 0 && keys[x as usize] == least) {
                let mut r = *q;
                r.stack[slot] = x;
                r.free_stacks &= !(1 << x);
                let (empty, digits, n) = split(vals, x, 0b111);
                r.free[slot] = empty;
                let at = 3 * slot + empty.count_ones() as usize;
                fix(r, vals, at, &digits[..n], all, next);
                if !all {
                    break;
                }
            }
        }
        std::mem::swap(&mut states, &mut next);
    }
    // Slots assigned before this row: the open columns it fills are ordered just after the
    // ones it leaves empty, before the columns ordered already (labelled after them).
    for s in open..3 {
        next.clear();
        let (empty, digits, n) = split(vals, p.stack[s], p.free[s]);
        let at = 3 * s + empty.count_ones() as usize;
        let ordered = 3 * s + p.free[s].count_ones() as usize;
        for q in states.iter() {
            let mut r = *q;
            r.free[s] = empty;
            let from = next.len();
            fix(r, vals, at, &digits[..n], all, next);
            for r in &mut next[from..] {
                for j in ordered..3 * s + 3 {
                    r.labels.label(vals[r.cols[j] as usize]);
                }
            }
        }
        std::mem::swap(&mut states, &mut next);
    }
    for mut r in states.drain(..) {
        r.open = first as u8;
        out.push(r);
    }
}

/// The minlex form of `g`, a grid without conflicts (see [`minlex`](crate::minlex)).
pub(crate) fn minlex_search(g: &Grid) -> Grid {
    let plain = *g.cells();
    let grids = [plain, transposed(&plain)];
    let mut out = [0u8; 81];
    let mut cur = vec![Lex::root(0), Lex::root(1)];
    let mut next = Vec::new();
    let mut one = Vec::new();
    let mut scratch = [Vec::new(), Vec::new()];
    for level in 0..9 {
        next.clear();
        let mut best = [u8::MAX; 9];
        for p in &cur {
            let src = &grids[p.taken.t as usize];
            let mut try_row = |r: usize, taken: RowsTaken| {
                let vals: &[u8; 9] = src[9 * r..9 * r + 9].try_into().expect("nine cells");
                one.clear();
                expand(p, vals, false, &mut one, &mut scratch);
                let row = one[0].row(vals);
                if row > best {
                    return;
                }
                if row < best {
                    best = row;
                    next.clear();
                }
                let mut q = *p;
                q.taken = taken;
                expand(&q, vals, true, &mut next, &mut scratch);
            };
            for (r, taken) in p.taken.next(level) {
                try_row(r, taken);
            }
        }
        out[9 * level..9 * level + 9].copy_from_slice(&best);
        std::mem::swap(&mut cur, &mut next);
    }
    Grid::from_cells(out).expect("labels are 0..=9")
}
