//! The basic rules Explainer's "Dynamic Forcing Chains (+)" apply inside a dynamic chain once
//! its plain implications run out: each finds eliminations on the partly reduced grid, and each
//! elimination becomes an implication "off" whose parents are the removals the rule needed.
//!
//! Facts about Explainer's rules here (learned from its sources, the code is ours):
//!
//! - The rules, in order: intersections (pointing then claiming: box and column, box and row,
//!   column and box, row and box; for each digit, each first house whose places of the digit
//!   (two or more) all lie in a second house, the second house's other places lose it), hidden
//!   pairs (boxes, columns, rows; houses with more than four empty cells), naked pairs (boxes,
//!   columns, rows; houses with four empty cells or more) and X-Wings (column bases then row
//!   bases; digits placed at most five times). Only the first rule that gives something is
//!   used; all its hints count.
//! - A hint's parents: the candidates of the pattern that were there at the chain's start and
//!   are gone now (the intersection's first house outside the second, the hidden pair's house,
//!   the naked pair's cells, the fish's base lines outside its cover lines). A hint with no
//!   parent holds without the chain and is not used.
//! - Each hint's eliminations go in the order of a Java `HashMap` keyed by cell index (buckets
//!   by the index modulo the table's size, insertion order within a bucket), digits ascending.
//! - Pairs of cells, digits or lines are tried in colexicographic order ({0,1}, {0,2}, {1,2},
//!   {0,3}, ...).
use crate::board::Board;
use crate::links::{Grid, HOUSE_MASK, cand, each_cell};

/// The cells of each house in reading order (boxes, rows, columns).
const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut n = 0;
        let mut c = 0;
        while c < 81 {
            if HOUSE_MASK[h] & (1 << c) != 0 {
                t[h][n] = c as u8;
                n += 1;
            }
            c += 1;
        }
        h += 1;
    }
    t
};

/// The pairs of 0..9 in colexicographic order.
const PAIRS: [(u8, u8); 36] = {
    let mut t = [(0u8, 0u8); 36];
    let mut n = 0;
    let mut hi = 1;
    while hi < 9 {
        let mut lo = 0;
        while lo < hi {
            t[n] = (lo, hi);
            n += 1;
            lo += 1;
        }
        hi += 1;
    }
    t
};

/// The implications the rules found: `removes[i]` with the parents `parents[spans[i]]`.
#[derive(Default)]
pub(crate) struct Found {
    /// Per implication: (candidate turned off, start and end of its parents).
    pub(crate) items: Vec<(u16, u32, u32)>,
    pub(crate) parents: Vec<u16>,
    /// Scratch: a hint's eliminations before ordering.
    elims: Vec<(u8, u16)>,
}

/// What stays fixed during a search: the grid at its start, the placed cells and how often
/// each digit is placed.
pub(crate) struct Fixed {
    pub(crate) base: Grid,
    pub(crate) empty: u128,
    pub(crate) placed_count: [u8; 9],
}

impl Fixed {
    pub(crate) fn of(b: &Board, base: &Grid) -> Fixed {
        let mut empty = 0u128;
        let mut placed_count = [0u8; 9];
        for c in 0..81 {
            match b.value(c) {
                0 => empty |= 1 << c,
                v => placed_count[v as usize - 1] += 1,
            }
        }
        Fixed {
            base: *base,
            empty,
            placed_count,
        }
    }
}

impl Found {
    fn clear(&mut self) {
        self.items.clear();
        self.parents.clear();
    }

    /// Records one hint: its parents are already pushed from `from`; its eliminations in
    /// `self.elims`, in insertion order.
    fn hint(&mut self, from: usize) {
        let n = self.elims.len();
        let cap: u8 = match n {
            0..=12 => 16,
            13..=24 => 32,
            25..=48 => 64,
            _ => 128,
        };
        self.elims.sort_by_key(|&(c, _)| c & (cap - 1));
        let end = self.parents.len() as u32;
        for i in 0..n {
            let (c, mut m) = self.elims[i];
            while m != 0 {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                self.items.push((cand(c as usize, d), from as u32, end));
            }
        }
        self.elims.clear();
    }
}

/// The candidates of digit `d` in house `h` that the chain removed, pushed as parents.
fn gone_in_house(f: &Fixed, g: &Grid, h: usize, d: u8, keep: u128, out: &mut Vec<u16>) {
    let di = d as usize - 1;
    each_cell(HOUSE_MASK[h] & f.base.dc[di] & !g.dc[di] & !keep, |c| {
        out.push(cand(c, d));
    });
}

/// The first rule's hints on grid `g`, in `out`.
pub(crate) fn plus_rules(f: &Fixed, g: &Grid, out: &mut Found) {
    out.clear();
    if intersections(f, g, out) || hidden_pairs(f, g, out) || naked_pairs(f, g, out) {
        return;
    }
    x_wings(f, g, out);
}

fn intersections(f: &Fixed, g: &Grid, out: &mut Found) -> bool {
    // (first house kind, second house kind) as offsets into HOUSE_MASK: box and column, box and
    // row, column and box, row and box.
    for (k1, k2) in [(0usize, 18usize), (0, 9), (18, 0), (9, 0)] {
        for d in 1..=9u8 {
            let di = d as usize - 1;
            for i1 in 0..9 {
                let h1 = k1 + i1;
                let pos = HOUSE_MASK[h1] & g.dc[di];
                if pos.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    let h2 = k2 + i2;
                    if HOUSE_MASK[h2] & pos != pos {
                        continue;
                    }
                    for &c in &HOUSE_CELLS[h2] {
                        if HOUSE_MASK[h1] & (1 << c) == 0 && g.dc[di] & (1 << c) != 0 {
                            out.elims.push((c, 1 << di));
                        }
                    }
                    if out.elims.is_empty() {
                        continue;
                    }
                    let from = out.parents.len();
                    gone_in_house(f, g, h1, d, HOUSE_MASK[h2], &mut out.parents);
                    if out.parents.len() == from {
                        out.elims.clear();
                        continue;
                    }
                    out.hint(from);
                }
            }
        }
    }
    !out.items.is_empty()
}

/// Houses in the order box, column, row.
const BCR: [usize; 27] = {
    let mut t = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        t[i] = i;
        t[9 + i] = 18 + i;
        t[18 + i] = 9 + i;
        i += 1;
    }
    t
};

fn empty_in(f: &Fixed, h: usize) -> u32 {
    (HOUSE_MASK[h] & f.empty).count_ones()
}

fn hidden_pairs(f: &Fixed, g: &Grid, out: &mut Found) -> bool {
    for &h in &BCR {
        if empty_in(f, h) <= 4 {
            continue;
        }
        for &(a, b) in &PAIRS {
            let (da, db) = (a as usize, b as usize);
            let pa = HOUSE_MASK[h] & g.dc[da];
            let pb = HOUSE_MASK[h] & g.dc[db];
            if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let pair = (1u16 << da) | (1 << db);
            let cells = pa | pb;
            for &c in &HOUSE_CELLS[h] {
                if cells & (1 << c) != 0 {
                    let m = g.cands[c as usize] & !pair;
                    if m != 0 {
                        out.elims.push((c, m));
                    }
                }
            }
            if out.elims.is_empty() {
                continue;
            }
            let from = out.parents.len();
            for &c in &HOUSE_CELLS[h] {
                let c = c as usize;
                if cells & (1 << c) == 0 {
                    for d in [a, b] {
                        let m = 1u16 << d;
                        if f.base.cands[c] & m != 0 {
                            out.parents.push(cand(c, d + 1));
                        }
                    }
                }
            }
            if out.parents.len() == from {
                out.elims.clear();
                continue;
            }
            out.hint(from);
        }
    }
    !out.items.is_empty()
}

fn naked_pairs(f: &Fixed, g: &Grid, out: &mut Found) -> bool {
    for &h in &BCR {
        if empty_in(f, h) < 4 {
            continue;
        }
        for &(a, b) in &PAIRS {
            let ca = HOUSE_CELLS[h][a as usize] as usize;
            let cb = HOUSE_CELLS[h][b as usize] as usize;
            let (ma, mb) = (g.cands[ca], g.cands[cb]);
            if ma.count_ones() < 2 || mb.count_ones() < 2 || (ma | mb).count_ones() != 2 {
                continue;
            }
            let pair = ma | mb;
            for &c in &HOUSE_CELLS[h] {
                let c = c as usize;
                if c != ca && c != cb && g.cands[c] & pair != 0 {
                    out.elims.push((c as u8, g.cands[c] & pair));
                }
            }
            if out.elims.is_empty() {
                continue;
            }
            let from = out.parents.len();
            for c in [ca, cb] {
                let mut gone = f.base.cands[c] & !pair;
                while gone != 0 {
                    let d = gone.trailing_zeros() as u8 + 1;
                    gone &= gone - 1;
                    out.parents.push(cand(c, d));
                }
            }
            if out.parents.len() == from {
                out.elims.clear();
                continue;
            }
            out.hint(from);
        }
    }
    !out.items.is_empty()
}

fn x_wings(f: &Fixed, g: &Grid, out: &mut Found) -> bool {
    // Column bases (row covers), then row bases (column covers).
    for (base_first, cover_first) in [(18usize, 9usize), (9, 18)] {
        for &(a, b) in &PAIRS {
            let (ha, hb) = (base_first + a as usize, base_first + b as usize);
            for d in 1..=9u8 {
                let di = d as usize - 1;
                if f.placed_count[di] as usize + 4 > 9 {
                    continue;
                }
                let pa = HOUSE_MASK[ha] & g.dc[di];
                let pb = HOUSE_MASK[hb] & g.dc[di];
                if pa.count_ones() < 2 || pb.count_ones() < 2 {
                    continue;
                }
                // The cover lines: the positions' indices along the base lines.
                let along = |m: u128| {
                    let mut s = 0u16;
                    each_cell(m, |c| {
                        s |= 1 << if base_first == 18 { c / 9 } else { c % 9 };
                    });
                    s
                };
                let covers = along(pa) | along(pb);
                if covers.count_ones() != 2 {
                    continue;
                }
                let bases = HOUSE_MASK[ha] | HOUSE_MASK[hb];
                let mut cover_cells = 0u128;
                for i in 0..9 {
                    if covers & (1 << i) != 0 {
                        cover_cells |= HOUSE_MASK[cover_first + i];
                        for &c in &HOUSE_CELLS[cover_first + i] {
                            if g.dc[di] & !bases & (1 << c) != 0 {
                                out.elims.push((c, 1 << di));
                            }
                        }
                    }
                }
                if out.elims.is_empty() {
                    continue;
                }
                let from = out.parents.len();
                gone_in_house(f, g, ha, d, cover_cells, &mut out.parents);
                gone_in_house(f, g, hb, d, cover_cells, &mut out.parents);
                if out.parents.len() == from {
                    out.elims.clear();
                    continue;
                }
                out.hint(from);
            }
        }
    }
    !out.items.is_empty()
}
