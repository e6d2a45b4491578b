//! Four strong links on one digit, chained (Explainer's "4 Strong-Linked Fishes", tried right
//! after the BUG): 5.8 on four parallel lines, 5.9 with boxes or both line kinds, 6.0 with
//! boxes and both line kinds, 6.1 grouped. Five and six links are off in Explainer's default
//! options.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours), those of the
//! three-link family (`strong.rs`) carried to any number of links:
//!
//! - Link kinds (0 box, 1 row, 2 column) as a non-decreasing tuple, the tuples in the order of
//!   their reversed tuples; then digit; then the houses of the links one after another (a house
//!   of the same kind as the previous one after it), each link's orientations; a house sharing a
//!   candidate cell with an earlier link's house is skipped.
//! - Chains take the links in the permutations of a countdown `QuickPerm` (swap at `s % 2 *
//!   r[s]`) that read no greater than their reverse, each with the `2^n` ways to turn the links
//!   (binary counting, the first link's turn most significant); consecutive links must join in
//!   a column, a row or a box.
//! - A loop (free ends sharing a house) counts only with the first link first and unturned; its
//!   eliminations are the cells seeing both free ends and those seeing both ends of each join,
//!   outside the link houses, each counted once per pair. Otherwise the cells seeing both free
//!   ends, outside the link and join houses.
//! - The hint taken is the least difficult, then the one with most eliminations, then least
//!   suffix, then the first found.
use crate::board::{Board, House, bit};
use crate::step::{Step, Technique};
use crate::strong::{
    Best, Link, LinkTable, chain_grade, common_house, kept_first, link_houses, victims,
};

/// The four strong links Explainer takes.
pub(crate) fn four_strong_links(b: &Board) -> Option<Step> {
    strong_links(b, 4, 5.8, Technique::FourStrongLinks)
}

/// The permutations of `0..n` in `QuickPerm`'s countdown order, those no greater than their
/// reverse (as digit strings).
fn chain_orders(n: usize) -> Vec<Vec<usize>> {
    let mut q: Vec<usize> = (0..n).collect();
    let mut r: Vec<usize> = (0..=n).collect();
    let lex = |q: &[usize]| q.iter().le(q.iter().rev());
    let mut out = Vec::new();
    if lex(&q) {
        out.push(q.clone());
    }
    let mut s = 1;
    while s < n {
        r[s] -= 1;
        let t = s % 2 * r[s];
        q.swap(t, s);
        if lex(&q) {
            out.push(q.clone());
        }
        s = 1;
        while r[s] == 0 {
            r[s] = s;
            s += 1;
        }
    }
    out
}

/// The non-decreasing tuples of `n` link kinds, in the order of their reversed tuples.
fn kind_tuples(n: usize) -> Vec<Vec<usize>> {
    fn grow(n: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        let from = cur.last().copied().unwrap_or(0);
        for k in from..3 {
            cur.push(k);
            grow(n, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    grow(n, &mut Vec::new(), &mut out);
    out.sort_by(|a, b| a.iter().rev().cmp(b.iter().rev()));
    out
}

/// A link on the chain being built and its house.
#[derive(Clone, Copy)]
struct Chosen {
    link: Link,
    house: House,
}

/// What one search shares between its chains.
struct Search {
    n: usize,
    base: f64,
    technique: Technique,
    orders: Vec<[usize; MAX]>,
    /// Each digit's links and candidate cells.
    t: LinkTable,
    best: Best,
    v1: Vec<u8>,
    v2: Vec<u8>,
}

/// The most links a chain may have here.
const MAX: usize = 6;

fn strong_links(b: &Board, n: usize, base: f64, technique: Technique) -> Option<Step> {
    assert!(n <= MAX);
    let mut s = Search {
        n,
        base,
        technique,
        orders: chain_orders(n)
            .into_iter()
            .map(|q| {
                let mut a = [0; MAX];
                a[..n].copy_from_slice(&q);
                a
            })
            .collect(),
        t: LinkTable::new(b),
        best: None,
        v1: Vec::new(),
        v2: Vec::new(),
    };
    let mut chosen: Vec<Chosen> = Vec::with_capacity(n);
    // How many houses of each kind hold a link of each digit: a tuple asking for more houses of
    // a kind than that has no set of links (houses of one kind are distinct).
    let mut have = [[0usize; 3]; 9];
    for (di, links) in s.t.links.iter().enumerate() {
        for (h, l) in links.iter().enumerate() {
            have[di][h / 9] += usize::from(!l.is_empty());
        }
    }
    for kinds in kind_tuples(n) {
        let mut need = [0usize; 3];
        for &k in &kinds {
            need[k] += 1;
        }
        for d in 1..=9u8 {
            if (0..3).any(|k| need[k] > have[d as usize - 1][k]) {
                continue;
            }
            s.extend(d, &kinds, 0, 0, &mut chosen);
        }
    }
    s.best.map(|(_, st)| st)
}

impl Search {
    /// Adds the links of house after house, depth by depth, and tries the chains of each full
    /// set.
    fn extend(
        &mut self,
        d: u8,
        kinds: &[usize],
        used: u128,
        from: usize,
        chosen: &mut Vec<Chosen>,
    ) {
        let depth = chosen.len();
        if depth == self.n {
            self.chains(d, kinds, chosen);
            return;
        }
        let di = d as usize - 1;
        let start = if depth > 0 && kinds[depth] == kinds[depth - 1] {
            from + 1
        } else {
            0
        };
        for i in start..9 {
            let h = House::of_kind(kinds[depth], i);
            let p = self.t.cands[di][h.index()];
            if p & used != 0 {
                continue;
            }
            for k in 0..self.t.links[di][h.index()].len() {
                let link = self.t.links[di][h.index()][k];
                chosen.push(Chosen { link, house: h });
                self.extend(d, kinds, used | p, i, chosen);
                chosen.pop();
            }
        }
    }

    /// The chains of a full set of links, in Explainer's order, each kept when it sorts before
    /// the best so far.
    fn chains(&mut self, d: u8, kinds: &[usize], chosen: &[Chosen]) {
        let n = self.n;
        let dm = self.t.dcells[d as usize - 1];
        // join[i][a][j][c]: the house joining side `a` of link `i` to side `c` of link `j`.
        let mut join = [[[[None; 2]; MAX]; 2]; MAX];
        // Each link must join another, or there is no chain: first on the links' house masks.
        let mut lh = [0u32; MAX];
        for (m, c) in lh.iter_mut().zip(chosen) {
            *m = link_houses(&c.link);
        }
        for i in 0..n {
            let others = (0..n).filter(|&j| j != i).fold(0, |m, j| m | lh[j]);
            if lh[i] & others == 0 {
                return;
            }
        }
        for i in 0..n {
            let mut any = false;
            for j in 0..n {
                if i != j {
                    for a in 0..2 {
                        for c in 0..2 {
                            let h = common_house(chosen[i].link.sides[a], chosen[j].link.sides[c]);
                            any |= h.is_some();
                            join[i][a][j][c] = h;
                        }
                    }
                }
            }
            if !any {
                return;
            }
        }
        let mut houses = [House::Box(0); MAX];
        for (h, c) in houses.iter_mut().zip(chosen) {
            *h = c.house;
        }
        let houses = &houses[..n];
        let groups = chosen.iter().filter(|x| x.link.grouped).count() as u8;
        // Base houses then joins: the houses a plain chain's eliminations stay out of.
        let mut outside = [House::Box(0); 2 * MAX - 1];
        outside[..n].copy_from_slice(houses);
        let orders = std::mem::take(&mut self.orders);
        for q in &orders {
            // The turns in binary counting order; a join that fails rules out every turn with
            // the same first `w + 2` turns, skipped at once.
            let mut next = 0u32;
            'turns: while next < 1u32 << n {
                let turns = next;
                next += 1;
                let u = |i: usize| (turns >> (n - 1 - i) & 1) as usize;
                for w in 0..n - 1 {
                    let Some(h) = join[q[w]][1 - u(w)][q[w + 1]][u(w + 1)] else {
                        next = (turns | ((1 << (n - 2 - w)) - 1)) + 1;
                        continue 'turns;
                    };
                    outside[n + w] = h;
                }
                let start = chosen[q[0]].link.sides[u(0)];
                let end = chosen[q[n - 1]].link.sides[1 - u(n - 1)];
                let ring = join[q[0]][u(0)][q[n - 1]][1 - u(n - 1)];
                let mut elims: Vec<u8>;
                let total;
                if ring.is_some() {
                    if q[0] != 0 || u(0) != 0 {
                        continue;
                    }
                    victims(dm, start, end, houses, &mut self.v1);
                    elims = self.v1.clone();
                    let mut cnt = self.v1.len();
                    for w in 0..n - 1 {
                        let bridge1 = chosen[q[w]].link.sides[1 - u(w)];
                        let bridge2 = chosen[q[w + 1]].link.sides[u(w + 1)];
                        victims(dm, bridge1, bridge2, houses, &mut self.v2);
                        cnt += self.v2.len();
                        elims.extend_from_slice(&self.v2);
                    }
                    elims.sort_unstable();
                    elims.dedup();
                    total = cnt as i32;
                } else {
                    victims(dm, start, end, &outside[..2 * n - 1], &mut self.v1);
                    if self.v1.is_empty() {
                        continue;
                    }
                    elims = self.v1.clone();
                    total = elims.len() as i32;
                }
                if elims.is_empty() {
                    continue;
                }
                let chain_kinds: Vec<u8> = q[..n].iter().map(|&i| kinds[i] as u8).collect();
                let (add, suffix) = chain_grade(groups, &chain_kinds);
                let difficulty = self.base + add;
                let key = (difficulty, -total, suffix);
                if kept_first(&self.best, &key) {
                    continue;
                }
                let mut st = Step {
                    technique: self.technique,
                    difficulty: (difficulty * 10.0).round() as u8,
                    houses: q[..n]
                        .iter()
                        .map(|&i| houses[i])
                        .chain(outside[n..2 * n - 1].iter().copied())
                        .collect(),
                    cells: start.cells().iter().chain(end.cells()).copied().collect(),
                    digits: bit(d),
                    placements: Vec::new(),
                    eliminations: elims.iter().map(|&c| (c, bit(d))).collect(),
                };
                if let Some(r) = ring {
                    st.houses.push(r);
                }
                self.best = Some((key, st));
            }
        }
        self.orders = orders;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cell_name;
    use crate::testboard::{cell, open};

    /// Leaves 5 only at `keep` in the house.
    fn confine(b: &mut Board, house: House, keep: &[&str]) {
        for &c in house.cells() {
            if !keep.iter().any(|k| cell(k) == c as usize) {
                b.eliminate(c as usize, bit(5));
            }
        }
    }

    #[test]
    fn orders_and_kinds() {
        // Three links: Explainer's 0-1-2, 1-0-2, 0-2-1 (what `strong.rs` spells out).
        assert_eq!(chain_orders(3), [[0, 1, 2], [1, 0, 2], [0, 2, 1]]);
        // Four links: half of the 24 orders, each chain once.
        let o = chain_orders(4);
        assert_eq!(o.len(), 12);
        assert_eq!(o[0], [0, 1, 2, 3]);
        assert!(o.iter().all(|q| q.iter().le(q.iter().rev())));
        let k = kind_tuples(3);
        assert_eq!(k.len(), 10);
        assert_eq!(k[..4], [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]);
        assert_eq!(kind_tuples(4).len(), 15);
    }

    #[test]
    fn four_skyscrapers() {
        // Columns 1, 4, 6, 8 chained through rows 7, 4 and 8: r2c1-r7c1, r7c4-r4c4, r4c6-r8c6,
        // r8c8-r3c8. One of the free ends r2c1, r3c8 holds 5.
        let mut b = open();
        confine(&mut b, House::Col(0), &["r2c1", "r7c1"]);
        confine(&mut b, House::Col(3), &["r7c4", "r4c4"]);
        confine(&mut b, House::Col(5), &["r4c6", "r8c6"]);
        confine(&mut b, House::Col(7), &["r8c8", "r3c8"]);
        let s = four_strong_links(&b).expect("four strong links");
        assert_eq!(
            (s.technique, s.difficulty),
            (Technique::FourStrongLinks, 58)
        );
        let got: Vec<String> = s
            .eliminations
            .iter()
            .map(|&(c, m)| {
                assert_eq!(m, bit(5));
                cell_name(c as usize)
            })
            .collect();
        // The cells seeing both ends, outside the link columns (r2c8, r3c1 are in them).
        assert_eq!(got, ["r2c7", "r2c9", "r3c2", "r3c3"]);
        assert_eq!(
            s.to_string(),
            "r2c7<>5 r2c9<>5 r3c2<>5 r3c3<>5 four strong links 5 in column 1, column 4, \
             column 6 and column 8: r2c1 r3c8"
        );
    }
}
