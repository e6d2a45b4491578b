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
use crate::board::{Board, HOUSE_CELLS};
use crate::links::{Grid, HOUSE_MASK, cand, each_cell};

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

/// The cells of `m` as candidates of digit `d`, pushed in cell order.
fn push_cands(m: u128, d: u8, out: &mut Vec<u16>) {
    each_cell(m, |c| out.push(cand(c, d)));
}

/// The first rule's hints on grid `g`, in `out`.
pub(crate) fn plus_rules(f: &Fixed, g: &Grid, out: &mut Found) {
    out.clear();
    let mut gone = [0u128; 9];
    for (d, x) in gone.iter_mut().enumerate() {
        *x = f.base.dc[d] & !g.dc[d];
    }
    if intersections(g, &gone, out) || hidden_pairs(f, g, &gone, out) || naked_pairs(f, g, out) {
        return;
    }
    x_wings(f, g, &gone, out);
}

/// The house of kind `k` (0 box, 9 row, 18 column) holding cell `c`.
fn house_of(k: usize, c: usize) -> usize {
    match k {
        0 => c / 27 * 3 + c % 9 / 3,
        9 => 9 + c / 9,
        _ => 18 + c % 9,
    }
}

fn intersections(g: &Grid, gone: &[u128; 9], out: &mut Found) -> bool {
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
                let h2 = house_of(k2, pos.trailing_zeros() as usize);
                if HOUSE_MASK[h2] & pos != pos {
                    continue;
                }
                let victims = HOUSE_MASK[h2] & !HOUSE_MASK[h1] & g.dc[di];
                let parents = HOUSE_MASK[h1] & !HOUSE_MASK[h2] & gone[di];
                if victims == 0 || parents == 0 {
                    continue;
                }
                let from = out.parents.len();
                push_cands(parents, d, &mut out.parents);
                // The second house's cells in its order (a column's is the index order).
                each_cell(victims, |c| out.elims.push((c as u8, 1 << di)));
                out.hint(from);
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

fn hidden_pairs(f: &Fixed, g: &Grid, gone: &[u128; 9], out: &mut Found) -> bool {
    for &h in &BCR {
        if empty_in(f, h) <= 4 {
            continue;
        }
        let mut pos = [0u128; 9];
        let mut twos = 0u16;
        for d in 0..9 {
            pos[d] = HOUSE_MASK[h] & g.dc[d];
            if pos[d].count_ones() == 2 {
                twos |= 1 << d;
            }
        }
        if twos.count_ones() < 2 {
            continue;
        }
        for &(a, b) in &PAIRS {
            let (da, db) = (a as usize, b as usize);
            if twos & (1 << da) == 0 || twos & (1 << db) == 0 || pos[da] != pos[db] {
                continue;
            }
            let cells = pos[da];
            if HOUSE_MASK[h] & (gone[da] | gone[db]) == 0 {
                continue;
            }
            let pair = (1u16 << da) | (1 << db);
            each_cell(cells, |c| {
                let m = g.cands[c] & !pair;
                if m != 0 {
                    out.elims.push((c as u8, m));
                }
            });
            if out.elims.is_empty() {
                continue;
            }
            let from = out.parents.len();
            each_cell(HOUSE_MASK[h] & (gone[da] | gone[db]), |c| {
                for d in [da, db] {
                    if gone[d] & (1 << c) != 0 {
                        out.parents.push(cand(c, d as u8 + 1));
                    }
                }
            });
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
        let cells = &HOUSE_CELLS[h];
        let mut twos = 0u16;
        for (i, &c) in cells.iter().enumerate() {
            if g.cands[c as usize].count_ones() == 2 {
                twos |= 1 << i;
            }
        }
        if twos.count_ones() < 2 {
            continue;
        }
        for &(a, b) in &PAIRS {
            if twos & (1 << a) == 0 || twos & (1 << b) == 0 {
                continue;
            }
            let ca = cells[a as usize] as usize;
            let cb = cells[b as usize] as usize;
            let pair = g.cands[ca];
            if g.cands[cb] != pair {
                continue;
            }
            let lost = (f.base.cands[ca] | f.base.cands[cb]) & !pair;
            if lost == 0 {
                continue;
            }
            for &c in cells {
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
                let mut m = f.base.cands[c] & !pair;
                while m != 0 {
                    let d = m.trailing_zeros() as u8 + 1;
                    m &= m - 1;
                    out.parents.push(cand(c, d));
                }
            }
            out.hint(from);
        }
    }
    !out.items.is_empty()
}

fn x_wings(f: &Fixed, g: &Grid, gone: &[u128; 9], out: &mut Found) -> bool {
    // Column bases (row covers), then row bases (column covers).
    for (base_first, cover_first) in [(18usize, 9usize), (9, 18)] {
        // Each digit's places along each base line (bit i: the i-th cover line).
        let mut along = [[0u16; 9]; 9];
        for (di, lines) in along.iter_mut().enumerate() {
            if f.placed_count[di] as usize + 4 > 9 {
                continue;
            }
            for (i, x) in lines.iter_mut().enumerate() {
                each_cell(HOUSE_MASK[base_first + i] & g.dc[di], |c| {
                    *x |= 1 << if base_first == 18 { c / 9 } else { c % 9 };
                });
            }
        }
        for &(a, b) in &PAIRS {
            let (ha, hb) = (base_first + a as usize, base_first + b as usize);
            for d in 1..=9u8 {
                let di = d as usize - 1;
                if f.placed_count[di] as usize + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (along[di][a as usize], along[di][b as usize]);
                if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let covers = pa | pb;
                let bases = HOUSE_MASK[ha] | HOUSE_MASK[hb];
                let mut cover_cells = 0u128;
                for i in 0..9 {
                    if covers & (1 << i) != 0 {
                        cover_cells |= HOUSE_MASK[cover_first + i];
                    }
                }
                let parents = bases & !cover_cells & gone[di];
                if parents == 0 || cover_cells & !bases & g.dc[di] == 0 {
                    continue;
                }
                for i in 0..9 {
                    if covers & (1 << i) != 0 {
                        for &c in &HOUSE_CELLS[cover_first + i] {
                            if g.dc[di] & !bases & (1 << c) != 0 {
                                out.elims.push((c, 1 << di));
                            }
                        }
                    }
                }
                let from = out.parents.len();
                // Base line by base line, each in its order.
                push_cands(HOUSE_MASK[ha] & parents, d, &mut out.parents);
                push_cands(HOUSE_MASK[hb] & parents, d, &mut out.parents);
                out.hint(from);
            }
        }
    }
    !out.items.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::links::split;
    use crate::testboard::{cell, open};

    fn fixed() -> Fixed {
        let b = open();
        Fixed::of(&b, &Grid::of(&b))
    }

    fn names(cands: &[u16]) -> Vec<String> {
        cands
            .iter()
            .map(|&q| {
                let (c, d) = split(q);
                format!("{}-{d}", crate::board::cell_name(c))
            })
            .collect()
    }

    /// The chain removed the 1s of box 1 outside row 1: the box's 1s point along the row, and
    /// the row's other cells lose it, each with those six removals as parents.
    #[test]
    fn pointing_on_the_chains_removals() {
        let f = fixed();
        let mut g = f.base;
        for name in ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r1c3"] {
            g.remove(cell(name), 1);
        }
        let mut out = Found::default();
        plus_rules(&f, &g, &mut out);
        let offs: Vec<u16> = out.items.iter().map(|x| x.0).collect();
        assert_eq!(
            names(&offs),
            ["r1c4-1", "r1c5-1", "r1c6-1", "r1c7-1", "r1c8-1", "r1c9-1"]
        );
        for &(_, s, e) in &out.items {
            let parents = names(&out.parents[s as usize..e as usize]);
            assert_eq!(
                parents,
                ["r2c1-1", "r2c2-1", "r2c3-1", "r3c1-1", "r3c2-1", "r3c3-1"]
            );
        }
    }

    /// A pattern the grid had before the chain (no removal of the chain among its parents) is
    /// not used; an open grid has none anyway.
    #[test]
    fn nothing_without_the_chains_removals() {
        let f = fixed();
        let mut out = Found::default();
        plus_rules(&f, &f.base, &mut out);
        assert!(out.items.is_empty());
    }

    /// A naked pair made by the chain's removals: the house's other cells lose its digits, the
    /// parents are the removals from the pair's cells.
    #[test]
    fn naked_pair_on_the_chains_removals() {
        let f = fixed();
        let mut g = f.base;
        for name in ["r5c5", "r5c6"] {
            for d in 3..=9 {
                g.remove(cell(name), d);
            }
        }
        let mut out = Found::default();
        plus_rules(&f, &g, &mut out);
        // Intersections and hidden pairs find nothing; the naked pair is found in box 5 first.
        let offs: Vec<u16> = out.items.iter().map(|x| x.0).collect();
        let got = names(&offs);
        assert!(got.contains(&"r4c4-1".to_string()), "{got:?}");
        assert!(got.contains(&"r5c1-2".to_string()), "{got:?}");
        assert!(
            !got.iter()
                .any(|x| x.starts_with("r5c5") || x.starts_with("r5c6"))
        );
        let (_, s, e) = out.items[0];
        assert_eq!(out.parents[s as usize..e as usize].len(), 14);
    }

    /// Eliminations in a Java `HashMap`'s order: by the cell index modulo 16 (under 13
    /// entries), insertion order within a bucket.
    #[test]
    fn hash_map_order() {
        let mut out = Found {
            elims: vec![(20, 1), (4, 1), (2, 1), (17, 1)],
            ..Found::default()
        };
        out.hint(0);
        let cells: Vec<usize> = out.items.iter().map(|x| split(x.0).0).collect();
        assert_eq!(cells, [17, 2, 20, 4]);
    }
}
