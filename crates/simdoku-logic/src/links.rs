//! The links every chain is made of, on a candidate grid kept as bitboards, and the arena of
//! implications ("potentials": a candidate assumed true or false, with the implications it came
//! from) shared by the static chains (`chains`) and the forcing chains (`forcing`).
//!
//! Facts about Explainer's links (learned from its sources, the code is ours):
//!
//! - A candidate "on" turns off the cell's other candidates (when cell links are allowed), then
//!   the digit's other places in its box, in its row less the box, in its column less the box,
//!   each in reading order.
//! - A candidate "off" turns on the cell's other candidate when the cell has two (cell links
//!   allowed), then, house by house (box, row, column), the digit's one other place in the house
//!   when there is exactly one (a cell found twice is kept once, from its first house).
//! - In dynamic chaining, a candidate turned off leaves the grid once its own implications are
//!   drawn; a candidate turned on then also has as parents the candidates of its cell (cell
//!   link) or of its house and digit (house link) that the chain removed before.
use crate::board::Board;

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// The bitboard of each house (boxes, rows, columns), bit `c` for cell `c`.
pub(crate) const HOUSE_MASK: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        t[r / 3 * 3 + k / 3] |= 1 << c;
        t[9 + r] |= 1 << c;
        t[18 + k] |= 1 << c;
        c += 1;
    }
    t
};

/// The three houses of each cell: box, row, column indices into [`HOUSE_MASK`].
pub(crate) const CELL_HOUSE: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        t[c] = [(r / 3 * 3 + k / 3) as u8, (9 + r) as u8, (18 + k) as u8];
        c += 1;
    }
    t
};

/// The peers of each cell as a bitboard.
pub(crate) const PEER_MASK: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let h = CELL_HOUSE[c];
        t[c] = (HOUSE_MASK[h[0] as usize] | HOUSE_MASK[h[1] as usize] | HOUSE_MASK[h[2] as usize])
            & !(1u128 << c);
        c += 1;
    }
    t
};

/// A candidate's index: `cell * 9 + digit - 1`.
#[inline]
pub(crate) fn cand(cell: usize, d: u8) -> u16 {
    (cell * 9 + d as usize - 1) as u16
}

/// The cell and digit of a candidate index.
#[inline]
pub(crate) fn split(c: u16) -> (usize, u8) {
    ((c / 9) as usize, (c % 9) as u8 + 1)
}

/// The cells of a bitboard, lowest first.
#[inline]
pub(crate) fn each_cell(mut m: u128, mut f: impl FnMut(usize)) {
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        f(c);
    }
}

/// Candidates as bitboards: the cells' masks and each digit's cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid {
    pub(crate) cands: [u16; 81],
    /// `dc[d - 1]`: the cells holding digit `d` as a candidate.
    pub(crate) dc: [u128; 9],
}

impl Grid {
    pub(crate) fn of(b: &Board) -> Grid {
        let mut g = Grid {
            cands: [0; 81],
            dc: [0; 9],
        };
        for c in 0..81 {
            let m = b.candidates(c);
            g.cands[c] = m;
            for d in 0..9 {
                if m & (1 << d) != 0 {
                    g.dc[d] |= 1 << c;
                }
            }
        }
        g
    }

    #[inline]
    pub(crate) fn remove(&mut self, cell: usize, d: u8) {
        self.cands[cell] &= !(1 << (d - 1));
        self.dc[d as usize - 1] &= !(1u128 << cell);
    }

    /// The candidates a candidate "on" turns off, in Explainer's order.
    pub(crate) fn on_to_off(&self, cell: usize, d: u8, cell_links: bool, out: &mut Vec<u16>) {
        out.clear();
        if cell_links {
            let mut m = self.cands[cell] & !(1 << (d - 1));
            while m != 0 {
                let v = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                out.push(cand(cell, v));
            }
        }
        let h = CELL_HOUSE[cell];
        let here = self.dc[d as usize - 1] & !(1u128 << cell);
        let bx = HOUSE_MASK[h[0] as usize];
        each_cell(here & bx, |o| {
            out.push(cand(o, d));
        });
        each_cell(here & HOUSE_MASK[h[1] as usize] & !bx, |o| {
            out.push(cand(o, d));
        });
        each_cell(here & HOUSE_MASK[h[2] as usize] & !bx, |o| {
            out.push(cand(o, d));
        });
    }

    /// The candidates a candidate "off" turns on, in Explainer's order, each with the house it
    /// came from (0..27) or `u8::MAX` for the cell link.
    pub(crate) fn off_to_on(
        &self,
        cell: usize,
        d: u8,
        cell_links: bool,
        house_links: bool,
        out: &mut Vec<(u16, u8)>,
    ) {
        out.clear();
        if cell_links {
            let m = self.cands[cell];
            if m.count_ones() == 2 {
                let v = (m & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
                out.push((cand(cell, v), u8::MAX));
            }
        }
        if house_links {
            let here = self.dc[d as usize - 1] & !(1u128 << cell);
            for &h in &CELL_HOUSE[cell] {
                let o = here & HOUSE_MASK[h as usize];
                if o.is_power_of_two() {
                    let k = cand(o.trailing_zeros() as usize, d);
                    if !out.iter().any(|&(x, _)| x == k) {
                        out.push((k, h));
                    }
                }
            }
        }
    }
}

/// Every candidate's links on a grid that does not change (static chains), drawn once:
/// the order of each list is [`Grid::on_to_off`]'s and [`Grid::off_to_on`]'s.
pub(crate) struct Links {
    /// Per candidate: the start of its lists in `items` (cell offs, house offs, cell on, house
    /// ons, in that order), and the list ends.
    spans: Vec<[u32; 5]>,
    items: Vec<u16>,
}

impl Links {
    pub(crate) fn of(g: &Grid) -> Links {
        let mut spans = vec![[0u32; 5]; 729];
        let mut items = Vec::with_capacity(729 * 8);
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        for cell in 0..81 {
            let mut m = g.cands[cell];
            while m != 0 {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                let c = cand(cell, d) as usize;
                let mut span = [0u32; 5];
                span[0] = items.len() as u32;
                g.on_to_off(cell, d, true, &mut offs);
                let cell_offs = (g.cands[cell].count_ones() - 1) as usize;
                items.extend_from_slice(&offs[..cell_offs]);
                span[1] = items.len() as u32;
                items.extend_from_slice(&offs[cell_offs..]);
                span[2] = items.len() as u32;
                g.off_to_on(cell, d, true, false, &mut ons);
                items.extend(ons.iter().map(|&(q, _)| q));
                span[3] = items.len() as u32;
                g.off_to_on(cell, d, false, true, &mut ons);
                items.extend(ons.iter().map(|&(q, _)| q));
                span[4] = items.len() as u32;
                spans[c] = span;
            }
        }
        Links { spans, items }
    }

    /// What a candidate "on" turns off.
    #[inline]
    pub(crate) fn offs(&self, c: u16, cell_links: bool) -> &[u16] {
        let s = &self.spans[c as usize];
        let from = if cell_links { s[0] } else { s[1] };
        &self.items[from as usize..s[2] as usize]
    }

    /// What a candidate "off" turns on through its cell, then through its houses.
    #[inline]
    pub(crate) fn ons(&self, c: u16, cell_links: bool, house_links: bool) -> (&[u16], &[u16]) {
        let s = &self.spans[c as usize];
        let cell: &[u16] = if cell_links {
            &self.items[s[2] as usize..s[3] as usize]
        } else {
            &[]
        };
        let house: &[u16] = if house_links {
            &self.items[s[3] as usize..s[4] as usize]
        } else {
            &[]
        };
        (cell, house)
    }
}

/// The cause of an implication "on" that came through its cell (the cell's last candidate).
pub(crate) const CELL_CAUSE: u8 = u8::MAX;
/// No cause recorded (an assumption, an implication "off").
pub(crate) const NO_CAUSE: u8 = u8::MAX - 1;

/// One implication: a candidate on or off, with its parents.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub(crate) cand: u16,
    pub(crate) on: bool,
    /// For an implication "on": [`CELL_CAUSE`] or the house (0..27) it is the digit's last
    /// place in; [`NO_CAUSE`] otherwise.
    pub(crate) cause: u8,
    start: u32,
    len: u32,
    /// The nested chain this implication "off" came from (an index into the search's list of
    /// them), or [`NONE`].
    pub(crate) nested: u32,
}

/// The nodes of a search; parents are node indices.
#[derive(Default)]
pub(crate) struct Arena {
    pub(crate) nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Scratch of the ancestor count.
    seen: Vec<u64>,
    stack: Vec<u32>,
}

impl Arena {
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
    }

    pub(crate) fn push(&mut self, cand: u16, on: bool, parents: &[u32]) -> u32 {
        self.push_full(cand, on, parents, NO_CAUSE, NONE)
    }

    /// [`Arena::push`] with the implication's cause and nested chain.
    pub(crate) fn push_full(
        &mut self,
        cand: u16,
        on: bool,
        parents: &[u32],
        cause: u8,
        nested: u32,
    ) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cand,
            on,
            cause,
            start,
            len: parents.len() as u32,
            nested,
        });
        (self.nodes.len() - 1) as u32
    }

    #[inline]
    pub(crate) fn node(&self, n: u32) -> Node {
        self.nodes[n as usize]
    }

    #[inline]
    pub(crate) fn first_parent(&self, n: u32) -> Option<u32> {
        let x = self.nodes[n as usize];
        (x.len > 0).then(|| self.parents[x.start as usize])
    }

    /// How many distinct implications (candidate and state) lead to a node, itself included:
    /// Explainer's measure of a chain's length.
    pub(crate) fn ancestors(&mut self, n: u32) -> u32 {
        self.walk(n, |_| {})
    }

    /// Calls `f` on each distinct implication leading to a node (itself included), each
    /// candidate and state once; returns how many.
    pub(crate) fn walk(&mut self, n: u32, mut f: impl FnMut(Node)) -> u32 {
        self.seen.clear();
        self.seen.resize(23, 0);
        self.stack.clear();
        self.stack.push(n);
        let mut count = 0;
        while let Some(x) = self.stack.pop() {
            let node = self.nodes[x as usize];
            let key = node.cand as usize * 2 + usize::from(node.on);
            if self.seen[key / 64] & (1 << (key % 64)) != 0 {
                continue;
            }
            self.seen[key / 64] |= 1 << (key % 64);
            count += 1;
            f(node);
            let s = node.start as usize;
            for i in s..s + node.len as usize {
                let p = self.parents[i];
                self.stack.push(p);
            }
        }
        count
    }
}

/// What Explainer adds to a chain's base difficulty for its length (ancestor count): 0.1 each
/// time the length minus two passes 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and
/// 4/3), summed in floating point as Explainer does.
pub(crate) fn length_added(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A difficulty computed in floating point as Explainer does, in tenths as it prints them.
pub(crate) fn to_tenths(x: f64) -> u8 {
    (x * 10.0).round() as u8
}

/// A hint of a rule that a nested forcing chain applies on its partly reduced grid: what it
/// removes (in the order Explainer adds the removals to the chain), its rank, and the
/// candidates the chain removed that it relies on (its "parents"; none: it holds without the
/// chain and is not used).
pub(crate) struct Inner {
    pub(crate) rank: Rank,
    pub(crate) removable: Vec<u16>,
    /// Per digit, the cells of the parents.
    pub(crate) parents: [u128; 9],
}

impl Inner {
    /// The rule parents of one implication "on" of an inner chain, added to `parents`: the
    /// candidates the outer chain removed (`gone`) from its cell ([`CELL_CAUSE`]) or from its
    /// digit's places in house `cause`.
    pub(crate) fn add_parents(parents: &mut [u128; 9], gone: &[u128; 9], cand: u16, cause: u8) {
        let (c, d) = split(cand);
        if cause == CELL_CAUSE {
            for (p, g) in parents.iter_mut().zip(gone) {
                *p |= g & (1u128 << c);
            }
        } else if (cause as usize) < 27 {
            let di = d as usize - 1;
            parents[di] |= gone[di] & HOUSE_MASK[cause as usize];
        }
    }

    pub(crate) fn has_parents(&self) -> bool {
        self.parents.iter().any(|&m| m != 0)
    }
}

/// Sorts inner hints as Explainer does (difficulty, length, kind; stable) and keeps the first of
/// those that remove the same candidates.
pub(crate) fn sort_inner(hints: &mut Vec<Inner>) {
    hints.sort_by(|a, b| {
        a.rank
            .difficulty
            .partial_cmp(&b.rank.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.rank.complexity.cmp(&b.rank.complexity))
            .then(a.rank.sort_key.cmp(&b.rank.sort_key))
    });
    let mut seen = std::collections::HashSet::new();
    hints.retain(|h| {
        let mut k = h.removable.clone();
        k.sort_unstable();
        seen.insert(k)
    });
}

/// The order of a Java `HashMap` keyed by cell index, iterated: buckets by the index modulo
/// the table's size (16 up to 12 entries, doubling past three quarters full), insertion order
/// within a bucket. Sorts `(cell, ...)` entries given in insertion order.
pub(crate) fn hash_map_order<T>(entries: &mut [(u8, T)]) {
    let cap: u8 = match entries.len() {
        0..=12 => 16,
        13..=24 => 32,
        25..=48 => 64,
        _ => 128,
    };
    entries.sort_by_key(|&(c, _)| c & (cap - 1));
}

/// The order in which Explainer keeps a rule's hints: difficulty, then length, then the kind's
/// sort key; the first found wins a tie.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub(crate) struct Rank {
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
}

impl Rank {
    pub(crate) fn new(base: f64, complexity: u32, sort_key: u8) -> Rank {
        Rank {
            difficulty: base + length_added(complexity),
            complexity,
            sort_key,
        }
    }

    /// Whether this rank goes strictly before another.
    pub(crate) fn before(&self, other: &Rank) -> bool {
        (self.difficulty, self.complexity, self.sort_key).partial_cmp(&(
            other.difficulty,
            other.complexity,
            other.sort_key,
        )) == Some(std::cmp::Ordering::Less)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_steps() {
        // length - 2 passing 4, 6, 8, 12, 16, 24, ...
        assert_eq!(to_tenths(length_added(6)), 0);
        assert_eq!(to_tenths(length_added(7)), 1);
        assert_eq!(to_tenths(length_added(8)), 1);
        assert_eq!(to_tenths(length_added(9)), 2);
        assert_eq!(to_tenths(length_added(10)), 2);
        assert_eq!(to_tenths(length_added(11)), 3);
        assert_eq!(to_tenths(length_added(15)), 4);
        assert_eq!(to_tenths(length_added(19)), 5);
        assert_eq!(to_tenths(6.6 + length_added(19)), 71);
    }

    /// Inner hints go by difficulty, length, then kind, the first found winning a tie; of two
    /// that remove the same candidates (in any order), the first is kept.
    #[test]
    fn inner_hints_sorted_and_deduplicated() {
        let h = |difficulty: f64, complexity: u32, sort_key: u8, removable: &[u16]| Inner {
            rank: Rank {
                difficulty,
                complexity,
                sort_key,
            },
            removable: removable.to_vec(),
            parents: [0; 9],
        };
        let mut v = vec![
            h(7.0, 5, 4, &[3]),
            h(6.5, 9, 2, &[1, 2]),
            h(6.5, 9, 2, &[2, 1]),
            h(6.6, 4, 2, &[5]),
            h(6.5, 9, 1, &[7]),
            h(6.5, 8, 4, &[1]),
        ];
        sort_inner(&mut v);
        let got: Vec<Vec<u16>> = v.iter().map(|x| x.removable.clone()).collect();
        assert_eq!(got, [vec![1], vec![7], vec![1, 2], vec![5], vec![3]]);
    }

    #[test]
    fn masks() {
        assert_eq!(PEER_MASK[0].count_ones(), 20);
        assert_eq!(HOUSE_MASK[4].count_ones(), 9);
        assert_eq!(split(cand(40, 5)), (40, 5));
    }
}
