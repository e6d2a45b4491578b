//! Bidirectional cycles and forcing chains (Explainer's "Forcing Chains & Cycles", 6.5 to 7.x):
//! the static chains of one candidate, along house links (X), cell links (Y) or both.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - Three passes: X links only, Y links only, both. Each runs over the empty cells in order and
//!   their candidates in order. The Y pass starts only from cells of two candidates.
//! - Cycles: a breadth-first walk from a candidate "on", layer by layer (all "on" implications
//!   of a layer, then all "off" ones). An "off" implication is dropped when it repeats one of its
//!   own ancestors (an "off" is not otherwise kept once); an "on" is kept once. Reaching the start
//!   "on" again after four layers or more closes a cycle; every cycle found counts. A cycle
//!   removes the candidates that see one of its "on" and one of its "off" candidates of the same
//!   digit (cells of the cycle excepted). 6.5 with one kind of link, 7.0 with both.
//! - Forcing chains (X and XY passes): the same walk with both states kept once, from a
//!   candidate "on" until it reaches that candidate "off" (it is removed), and from it "off" until
//!   it reaches it "on" (it is placed); the first such end found counts. 6.6 on X links, 7.0
//!   with both.
//! - Length: the distinct implications of the chain (start included, a cycle's closing repeat
//!   not); the difficulty adds [`length_added`].
//! - All hints of the three passes are ranked by difficulty, length, then kind (X: 2, Y: 3,
//!   both: 4), the first found winning a tie ([`Rank`]).
use crate::board::Board;
use crate::links::{
    Arena, CELL_CAUSE, CELL_HOUSE, Grid, HOUSE_MASK, Inner, Links, PEER_MASK, Rank, cand,
    each_cell, hash_map_order, split, to_tenths,
};
use crate::step::{Step, Technique};

/// The search's buffers, kept across starts.
#[derive(Default)]
struct Walk {
    arena: Arena,
    /// The search that saw each candidate "on" / "off" (a stamp, not cleared between searches).
    on_seen: Vec<u32>,
    off_seen: Vec<u32>,
    stamp: u32,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    next: Vec<u32>,
    cycles: Vec<u32>,
}

struct Best {
    rank: Rank,
    step: Step,
}

/// Whether an "off" of this candidate is among the node's ancestors (the node excluded).
fn repeats(a: &Arena, n: u32, c: u16) -> bool {
    let mut x = n;
    while let Some(p) = a.first_parent(x) {
        let node = a.node(p);
        if node.cand == c && !node.on {
            return true;
        }
        x = p;
    }
    false
}

impl Walk {
    fn reset(&mut self) {
        self.arena.clear();
        if self.on_seen.is_empty() {
            self.on_seen = vec![0; 729];
            self.off_seen = vec![0; 729];
        }
        self.stamp += 1;
        self.pend_on.clear();
        self.pend_off.clear();
        self.cycles.clear();
    }

    /// The cycles closing on candidate `src` "on": their closing nodes in `self.cycles`.
    /// Cycles longer than `max` are not looked for.
    fn cycles(&mut self, l: &Links, src: u16, y: bool, x: bool, max: u32) {
        self.reset();
        let root = self.arena.push(src, true, &[]);
        self.on_seen[src as usize] = self.stamp;
        self.pend_on.push(root);
        let mut length = 0;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            if length + 2 > max {
                break;
            }
            length += 1;
            std::mem::swap(&mut self.pend_on, &mut self.next);
            for i in 0..self.next.len() {
                let p = self.next[i];
                for &q in l.offs(self.arena.node(p).cand, y) {
                    if !repeats(&self.arena, p, q) {
                        let n = self.arena.push(q, false, &[p]);
                        self.pend_off.push(n);
                    }
                }
            }
            self.next.clear();
            length += 1;
            std::mem::swap(&mut self.pend_off, &mut self.next);
            for i in 0..self.next.len() {
                let p = self.next[i];
                let (a, b) = l.ons(self.arena.node(p).cand, y, x);
                for &q in a.iter().chain(b) {
                    if length >= 4 && q == src {
                        let n = self.arena.push(q, true, &[p]);
                        self.cycles.push(n);
                    }
                    if self.on_seen[q as usize] != self.stamp {
                        let n = self.arena.push(q, true, &[p]);
                        self.on_seen[q as usize] = self.stamp;
                        self.pend_on.push(n);
                    }
                }
            }
            self.next.clear();
        }
    }

    /// The forcing chain from candidate `src` in state `on` to its opposite state: the end node.
    /// Chains longer than `max` are not looked for.
    fn forcing(&mut self, l: &Links, src: u16, on: bool, y: bool, max: u32) -> Option<u32> {
        self.reset();
        // The layer (the chain's length so far) of the pending "on" and "off" nodes.
        let (mut on_layer, mut off_layer) = if on { (1, 2) } else { (0, 1) };
        let root = self.arena.push(src, on, &[]);
        if on {
            self.on_seen[src as usize] = self.stamp;
            self.pend_on.push(root);
        } else {
            self.off_seen[src as usize] = self.stamp;
            self.pend_off.push(root);
        }
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            if !self.pend_on.is_empty() && on_layer + 1 > max {
                return None;
            }
            std::mem::swap(&mut self.pend_on, &mut self.next);
            for i in 0..self.next.len() {
                let p = self.next[i];
                for &q in l.offs(self.arena.node(p).cand, y) {
                    if on && q == src {
                        let n = self.arena.push(q, false, &[p]);
                        self.next.clear();
                        return Some(n);
                    }
                    if self.off_seen[q as usize] != self.stamp {
                        let n = self.arena.push(q, false, &[p]);
                        self.off_seen[q as usize] = self.stamp;
                        self.pend_off.push(n);
                    }
                }
            }
            self.next.clear();
            if !self.pend_off.is_empty() && off_layer + 1 > max {
                return None;
            }
            std::mem::swap(&mut self.pend_off, &mut self.next);
            for i in 0..self.next.len() {
                let p = self.next[i];
                let (a, b) = l.ons(self.arena.node(p).cand, y, true);
                for &q in a.iter().chain(b) {
                    if !on && q == src {
                        let n = self.arena.push(q, true, &[p]);
                        self.next.clear();
                        return Some(n);
                    }
                    if self.on_seen[q as usize] != self.stamp {
                        let n = self.arena.push(q, true, &[p]);
                        self.on_seen[q as usize] = self.stamp;
                        self.pend_on.push(n);
                    }
                }
            }
            self.next.clear();
            on_layer += 2;
            off_layer += 2;
        }
        None
    }

    /// The chain's cells from its start to its end (the node given), each once.
    fn path_cells(&self, end: u32) -> Vec<u8> {
        let mut cells = Vec::new();
        let mut x = Some(end);
        while let Some(n) = x {
            let (c, _) = split(self.arena.node(n).cand);
            cells.push(c as u8);
            x = self.arena.first_parent(n);
        }
        cells.reverse();
        cells.dedup();
        cells
    }
}

/// Which static chains exist on a grid along one kind of links (`y`: cell links, `x`: house
/// links "on"): whether a candidate's assumption "on" implies it "off", "off" implies "on", and
/// "on" comes back to itself. The walk of [`Walk::forcing`] keeps every implication once, so it
/// reaches its end exactly when the end is reachable in the graph of implications; the walk of
/// [`Walk::cycles`] closes a cycle only on a candidate whose "on" lies on a cycle of that graph,
/// that is in a strongly connected component of more than one node. A walk known to find nothing
/// is not run. The components come from Tarjan's algorithm; reachability (for the forcing
/// walks) from bitsets closed over the components in the order they complete (successors first).
#[derive(Default)]
struct Reach {
    /// Per candidate: its index among the grid's candidates, or `u32::MAX`.
    id: Vec<u32>,
    /// The graph: node `2k + on` for the `k`th candidate, its successors in
    /// `adj[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    adj: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
    /// Per component, the nodes it reaches (`words` words each), when closed.
    sets: Vec<u64>,
    /// Per component: the last component whose set took its set in (a stamp).
    taken: Vec<u32>,
    /// Per candidate: "on" reaches "off", "off" reaches "on", "on" lies on a cycle.
    on_off: Vec<bool>,
    off_on: Vec<bool>,
    on_cycle: Vec<bool>,
}

impl Reach {
    /// Makes the graph of links of kind `(y, x)` on `g`; `close`: the forcing walks' answers
    /// too.
    fn of(&mut self, g: &Grid, l: &Links, y: bool, x: bool, close: bool) {
        let mut cands = Vec::new();
        self.id.clear();
        self.id.resize(729, u32::MAX);
        for (cell, &m) in g.cands.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let c = cand(cell, m.trailing_zeros() as u8 + 1);
                m &= m - 1;
                self.id[c as usize] = cands.len() as u32;
                cands.push(c);
            }
        }
        let n = 2 * cands.len();
        self.start.clear();
        self.adj.clear();
        for &c in &cands {
            self.start.push(self.adj.len() as u32);
            let (a, b) = l.ons(c, y, x);
            for &q in a.iter().chain(b) {
                self.adj.push(2 * self.id[q as usize] + 1);
            }
            self.start.push(self.adj.len() as u32);
            for &q in l.offs(c, y) {
                self.adj.push(2 * self.id[q as usize]);
            }
        }
        self.start.push(self.adj.len() as u32);
        let words = if close { n.div_ceil(64).max(1) } else { 0 };
        self.index.clear();
        self.index.resize(n, u32::MAX);
        self.low.clear();
        self.low.resize(n, 0);
        self.comp.clear();
        self.comp.resize(n, u32::MAX);
        self.sets.clear();
        self.taken.clear();
        self.on_cycle.clear();
        self.on_cycle.resize(729, false);
        let mut next = 0u32;
        let mut comps = 0u32;
        for root in 0..n as u32 {
            if self.index[root as usize] != u32::MAX {
                continue;
            }
            self.call.push((root, self.start[root as usize]));
            self.index[root as usize] = next;
            self.low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            while let Some(&mut (v, ref mut e)) = self.call.last_mut() {
                let vi = v as usize;
                if *e < self.start[vi + 1] {
                    let w = self.adj[*e as usize];
                    *e += 1;
                    let wi = w as usize;
                    if self.index[wi] == u32::MAX {
                        self.index[wi] = next;
                        self.low[wi] = next;
                        next += 1;
                        self.stack.push(w);
                        self.call.push((w, self.start[wi]));
                    } else if self.comp[wi] == u32::MAX {
                        self.low[vi] = self.low[vi].min(self.index[wi]);
                    }
                    continue;
                }
                self.call.pop();
                if let Some(&(u, _)) = self.call.last() {
                    self.low[u as usize] = self.low[u as usize].min(self.low[vi]);
                }
                if self.low[vi] != self.index[vi] {
                    continue;
                }
                // A component completes: every component it reaches outside itself is done.
                let k = comps;
                comps += 1;
                let from = self
                    .stack
                    .iter()
                    .rposition(|&x| x == v)
                    .expect("on the stack");
                let cyclic = self.stack.len() - from > 1;
                for &m in &self.stack[from..] {
                    self.comp[m as usize] = k;
                    if cyclic && m % 2 == 1 {
                        self.on_cycle[cands[m as usize / 2] as usize] = true;
                    }
                }
                if close {
                    let at = self.sets.len();
                    self.sets.resize(at + words, 0);
                    self.taken.push(k);
                    for i in from..self.stack.len() {
                        let m = self.stack[i] as usize;
                        self.sets[at + m / 64] |= 1 << (m % 64);
                        for j in self.start[m]..self.start[m + 1] {
                            let t = self.comp[self.adj[j as usize] as usize] as usize;
                            if self.taken[t] != k {
                                self.taken[t] = k;
                                let (done, here) = self.sets.split_at_mut(at);
                                for (h, d) in here.iter_mut().zip(&done[t * words..]) {
                                    *h |= d;
                                }
                            }
                        }
                    }
                }
                self.stack.truncate(from);
            }
        }
        self.on_off.clear();
        self.on_off.resize(729, false);
        self.off_on.clear();
        self.off_on.resize(729, false);
        if close {
            for (k, &c) in cands.iter().enumerate() {
                let has = |from: usize, to: usize| {
                    let t = self.comp[from] as usize * words;
                    self.sets[t + to / 64] & (1 << (to % 64)) != 0
                };
                self.on_off[c as usize] = has(2 * k + 1, 2 * k);
                self.off_on[c as usize] = has(2 * k, 2 * k + 1);
            }
        }
    }

    /// Whether the forcing walk from `src` in state `on` reaches its opposite.
    fn reaches(&self, src: u16, on: bool) -> bool {
        if on {
            self.on_off[src as usize]
        } else {
            self.off_on[src as usize]
        }
    }

    /// Whether the cycle walk from `src` "on" can come back to it.
    fn on_cycle(&self, src: u16) -> bool {
        self.on_cycle[src as usize]
    }
}

/// The longest chain of this base and kind that would still go before the best so far.
fn limit(best: Option<&Best>, base: f64, sort_key: u8) -> u32 {
    let Some(b) = best else { return u32::MAX };
    let mut cx = 0;
    while Rank::new(base, cx + 1, sort_key).before(&b.rank) {
        cx += 1;
    }
    cx
}

fn offer(best: &mut Option<Best>, rank: Rank, make: impl FnOnce() -> Step) {
    if best.as_ref().is_none_or(|b| rank.before(&b.rank)) {
        best.replace(Best { rank, step: make() });
    }
}

/// Calls `f(reach, y, x, sort_key, cell, digit)` for every start of a cycle or forcing chain on
/// `g`, in Explainer's order: the link kinds X only, Y only, then both (sort keys 2, 3, 4), and
/// within each every candidate of a cell with two candidates (Y) or with two or more (X), cell by
/// cell. `reach` holds the graph of the kind's links (made at its first start; closed when the
/// kind has house links, for the forcing walks).
fn each_source(
    g: &Grid,
    l: &Links,
    reach: &mut Reach,
    mut f: impl FnMut(&Reach, bool, bool, u8, usize, u8),
) {
    for (y, x, sort_key) in [(false, true, 2), (true, false, 3), (true, true, 4)] {
        let mut made = false;
        for cell in 0..81 {
            let m = g.cands[cell];
            if m.count_ones() < 2 || (!x && m.count_ones() > 2) {
                continue;
            }
            if !made {
                reach.of(g, l, y, x, x);
                made = true;
            }
            for d in 1..=9u8 {
                if m & (1 << (d - 1)) != 0 {
                    f(reach, y, x, sort_key, cell, d);
                }
            }
        }
    }
}

/// The base difficulty of a forcing chain with Y links (and X links) or with X links only.
fn forcing_base(y: bool) -> f64 {
    if y { 7.0 } else { 6.6 }
}

/// The cycle or forcing chain Explainer takes, if any.
pub(crate) fn forcing_chains_and_cycles(b: &Board) -> Option<Step> {
    let g = Grid::of(b);
    let l = Links::of(&g);
    let mut w = Walk::default();
    let mut best: Option<Best> = None;
    each_source(
        &g,
        &l,
        &mut Reach::default(),
        |reach, y, x, sort_key, cell, d| {
            let src = cand(cell, d);
            let cycle_base = if y && x { 7.0 } else { 6.5 };
            if reach.on_cycle(src) {
                w.cycles(&l, src, y, x, limit(best.as_ref(), cycle_base, sort_key));
            } else {
                w.cycles.clear();
            }
            for i in 0..w.cycles.len() {
                let end = w.cycles[i];
                cycle_hint(&g, &w, end, y, x, sort_key, &mut best);
            }
            if x {
                let base = forcing_base(y);
                let tech = if y {
                    Technique::ForcingChain
                } else {
                    Technique::ForcingXChain
                };
                for on in [true, false] {
                    if !reach.reaches(src, on) {
                        continue;
                    }
                    if let Some(end) =
                        w.forcing(&l, src, on, y, limit(best.as_ref(), base, sort_key))
                    {
                        let complexity = w.arena.ancestors(end);
                        let rank = Rank::new(base, complexity, sort_key);
                        offer(&mut best, rank, || {
                            let mut s = chain_step(tech, rank, w.path_cells(end), 1 << (d - 1));
                            if on {
                                s.eliminations.push((cell as u8, 1 << (d - 1)));
                            } else {
                                s.placements.push((cell as u8, d));
                            }
                            s
                        });
                    }
                }
            }
        },
    );
    best.map(|b| b.step)
}

/// Every hint of the cycles and forcing chains on grid `g`, in the order Explainer finds them,
/// as a rule nested in a forcing chain: `gone` holds the candidates that chain removed, and each
/// hint's parents are those its implications "on" relied on (a chain's cell or its digit's
/// house, by the link that made it; a cycle counts its links both ways round).
pub(crate) fn all_hints(g: &Grid, gone: &[u128; 9], out: &mut Vec<Inner>) {
    let l = Links::of(g);
    thread_local! {
        static WALK: std::cell::RefCell<(Walk, Reach)> =
            std::cell::RefCell::new((Walk::default(), Reach::default()));
    }
    WALK.with_borrow_mut(|(w, reach)| {
        each_source(g, &l, reach, |reach, y, x, sort_key, cell, d| {
            let src = cand(cell, d);
            if reach.on_cycle(src) {
                w.cycles(&l, src, y, x, u32::MAX);
            } else {
                w.cycles.clear();
            }
            for i in 0..w.cycles.len() {
                let end = w.cycles[i];
                if let Some(h) = cycle_inner(g, gone, w, end, y, x, sort_key) {
                    out.push(h);
                }
            }
            if !x {
                return;
            }
            for on in [true, false] {
                if !reach.reaches(src, on) {
                    continue;
                }
                if let Some(end) = w.forcing(&l, src, on, y, u32::MAX) {
                    let rank = Rank::new(forcing_base(y), w.arena.ancestors(end), sort_key);
                    let removable = if on {
                        vec![src]
                    } else {
                        let mut v = Vec::new();
                        let mut o = g.cands[cell] & !(1 << (d - 1));
                        while o != 0 {
                            v.push(cand(cell, o.trailing_zeros() as u8 + 1));
                            o &= o - 1;
                        }
                        v
                    };
                    let mut parents = [0u128; 9];
                    each_link(g, &w.arena, end, |q, on, cause| {
                        if on {
                            Inner::add_parents(&mut parents, gone, q, cause);
                        }
                    });
                    out.push(Inner {
                        rank,
                        removable,
                        parents,
                    });
                }
            }
        });
    });
}

/// The house (box, row, column in that order) through which a candidate "off" of digit `d` in
/// cell `from` turned on its one other place `to` on grid `g`.
fn house_link(g: &Grid, from: usize, to: usize, d: u8) -> u8 {
    let here = g.dc[d as usize - 1] & !(1u128 << from);
    for &h in &CELL_HOUSE[from] {
        if here & HOUSE_MASK[h as usize] == 1u128 << to {
            return h;
        }
    }
    unreachable!("no house link")
}

/// The house through which a candidate "on" in cell `from` turned off the same digit in `to`
/// (box, then row, then column).
fn peer_link(from: usize, to: usize) -> u8 {
    for &h in &CELL_HOUSE[from] {
        if HOUSE_MASK[h as usize] & (1u128 << to) != 0 {
            return h;
        }
    }
    unreachable!("not peers")
}

/// Each link of a static chain from its end back to its start (the start excluded): the
/// candidate reached, its state and its cause ([`CELL_CAUSE`] or the house of the link).
fn each_link(g: &Grid, a: &Arena, end: u32, mut f: impl FnMut(u16, bool, u8)) {
    let mut n = end;
    while let Some(p) = a.first_parent(n) {
        let (x, y) = (a.node(n), a.node(p));
        let ((c, d), (pc, _)) = (split(x.cand), split(y.cand));
        let cause = if c == pc {
            CELL_CAUSE
        } else if x.on {
            house_link(g, pc, c, d)
        } else {
            peer_link(pc, c)
        };
        f(x.cand, x.on, cause);
        n = p;
    }
}

/// A cycle's cells (from `end` back to its start, the start excluded) and its length in links.
fn cycle_cells(a: &Arena, end: u32) -> (u128, u32) {
    let (mut cells, mut len) = (0u128, 0u32);
    let mut n = end;
    while let Some(p) = a.first_parent(n) {
        cells |= 1 << split(a.node(n).cand).0;
        len += 1;
        n = p;
    }
    (cells, len)
}

/// Per digit, the cells off the cycle (`cells`) that see a candidate of it the cycle reaches
/// "on" (`.0`) and "off" (`.1`): a cell in both loses that digit.
fn cycle_sides(g: &Grid, a: &Arena, end: u32, cells: u128) -> ([u128; 9], [u128; 9]) {
    let (mut forw, mut back) = ([0u128; 9], [0u128; 9]);
    let mut n = end;
    while let Some(p) = a.first_parent(n) {
        let node = a.node(n);
        let (c, d) = split(node.cand);
        let m = PEER_MASK[c] & g.dc[d as usize - 1] & !cells;
        if node.on {
            forw[d as usize - 1] |= m;
        } else {
            back[d as usize - 1] |= m;
        }
        n = p;
    }
    (forw, back)
}

/// A cycle as a nested rule's hint, when it removes something.
fn cycle_inner(
    g: &Grid,
    gone: &[u128; 9],
    w: &Walk,
    end: u32,
    y: bool,
    x: bool,
    sort_key: u8,
) -> Option<Inner> {
    let a = &w.arena;
    let (cells, len) = cycle_cells(a, end);
    let (forw, back) = cycle_sides(g, a, end, cells);
    let mut both = [0u128; 9];
    let mut any = false;
    for d in 0..9 {
        both[d] = forw[d] & back[d];
        any |= both[d] != 0;
    }
    if !any {
        return None;
    }
    // The cells in the order of the removals found from the "on" links, end first.
    let mut entries: Vec<(u8, u16)> = Vec::new();
    let mut n = end;
    while let Some(p) = a.first_parent(n) {
        let node = a.node(n);
        if node.on {
            let (c, d) = split(node.cand);
            each_cell(PEER_MASK[c] & both[d as usize - 1], |o| {
                if !entries.iter().any(|e| e.0 as usize == o) {
                    let mut m = 0u16;
                    for (di, b) in both.iter().enumerate() {
                        if b & (1u128 << o) != 0 {
                            m |= 1 << di;
                        }
                    }
                    entries.push((o as u8, m));
                }
            });
        }
        n = p;
    }
    hash_map_order(&mut entries);
    let mut removable = Vec::new();
    for &(c, mut m) in &entries {
        while m != 0 {
            removable.push(cand(c as usize, m.trailing_zeros() as u8 + 1));
            m &= m - 1;
        }
    }
    let base = if y && x { 7.0 } else { 6.5 };
    let mut parents = [0u128; 9];
    // Both ways round: the "on" links as they are, the "off" links reversed (turned "on").
    each_link(g, a, end, |q, _, cause| {
        Inner::add_parents(&mut parents, gone, q, cause);
    });
    Some(Inner {
        rank: Rank::new(base, len, sort_key),
        removable,
        parents,
    })
}

pub(crate) fn chain_step(technique: Technique, rank: Rank, cells: Vec<u8>, digits: u16) -> Step {
    Step {
        technique,
        difficulty: to_tenths(rank.difficulty),
        houses: Vec::new(),
        cells,
        digits,
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

fn cycle_hint(
    g: &Grid,
    w: &Walk,
    end: u32,
    y: bool,
    x: bool,
    sort_key: u8,
    best: &mut Option<Best>,
) {
    let a = &w.arena;
    let (cells, len) = cycle_cells(a, end);
    let base = if y && x { 7.0 } else { 6.5 };
    let rank = Rank::new(base, len, sort_key);
    if best.as_ref().is_some_and(|b| !rank.before(&b.rank)) {
        return;
    }
    let (forw, back) = cycle_sides(g, a, end, cells);
    let mut removable = [0u16; 81];
    let mut any = false;
    for d in 0..9 {
        each_cell(forw[d] & back[d], |c| {
            removable[c] |= 1 << d;
            any = true;
        });
    }
    if !any {
        return;
    }
    let tech = match (y, x) {
        (true, true) => Technique::BidirectionalCycle,
        (true, false) => Technique::YCycle,
        _ => Technique::XCycle,
    };
    let (_, d) = split(a.node(end).cand);
    offer(best, rank, || {
        let mut s = chain_step(tech, rank, w.path_cells(end), 1 << (d - 1));
        s.cells.pop();
        for (c, &m) in removable.iter().enumerate() {
            if m != 0 {
                s.eliminations.push((c as u8, m));
            }
        }
        let mut digits = 0;
        let mut n = end;
        while let Some(p) = a.first_parent(n) {
            digits |= 1 << (split(a.node(n).cand).1 - 1);
            n = p;
        }
        s.digits = digits;
        s
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testboard::open;

    /// Digit 1 left in two cells of rows 1, 4 and 7 (columns 1-5, 5-8, 8-1), anywhere in the
    /// other rows; every cell keeps all its digits (no bivalue cell, no Y link): the three row
    /// links close an X-cycle of six, which removes the 1s of columns 1, 5 and 8 off the loop.
    #[test]
    fn an_x_cycle_of_six() {
        let mut b = open();
        let keep = [(0, 0), (0, 4), (3, 4), (3, 7), (6, 7), (6, 0)];
        for r in [0, 3, 6] {
            for k in 0..9 {
                if !keep.contains(&(r, k)) {
                    b.eliminate(r * 9 + k, 1);
                }
            }
        }
        let s = forcing_chains_and_cycles(&b).unwrap();
        assert_eq!(s.technique, Technique::XCycle, "{s}");
        assert_eq!(s.difficulty, 65);
        let mut want = Vec::new();
        for c in 0..81usize {
            let (r, k) = (c / 9, c % 9);
            if [0, 4, 7].contains(&k) && ![0, 3, 6].contains(&r) {
                want.push((c as u8, 1u16));
            }
        }
        assert_eq!(s.eliminations, want, "{s}");
        assert_eq!(s.cells.len(), 6);
    }

    /// As a rule nested in a chain, the X-cycle of six relies on what the chain removed from
    /// its links' houses: with r1c2's 1 gone (row 1 links r1c1 and r1c5), the hints that use
    /// that link have it as their parent; with nothing gone, no hint has a parent.
    #[test]
    fn reach_says_where_the_forcing_walk_ends() {
        // On hard puzzles and on random candidate grids (each candidate dropped with odds of
        // 1/2 to 7/8, a cell keeping one at least): a forcing walk finds its end exactly when
        // `Reach` says it does, for every candidate, both states, every kind of links, and a
        // cycle walk closes only on a candidate `Reach` puts on a cycle.
        let mut boards: Vec<Board> = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3..6.8.4..1..2...9......4.7...8....35......9...3...5..9.4...7.....2.1....8..6..",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ]
        .iter()
        .map(|p| Board::parse(p).unwrap())
        .collect();
        let mut rng = simdoku_core::rng::Rng::new(7);
        for i in 0..120 {
            let mut b = open();
            for cell in 0..81 {
                for d in 1..=9u8 {
                    let left = b.candidates(cell);
                    if left.count_ones() > 1 && rng.below(8) < 4 + i % 4 {
                        b.eliminate(cell, 1 << (d - 1));
                    }
                }
            }
            boards.push(b);
        }
        let (mut w, mut reach) = (Walk::default(), Reach::default());
        let (mut found, mut cycles) = (0, 0);
        for b in &boards {
            let g = Grid::of(b);
            let l = Links::of(&g);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                reach.of(&g, &l, y, x, x);
                for cell in 0..81 {
                    for d in crate::board::digits(g.cands[cell]) {
                        let src = cand(cell, d);
                        w.cycles(&l, src, y, x, u32::MAX);
                        let closes = !w.cycles.is_empty();
                        assert!(reach.on_cycle(src) || !closes, "{b:?} {src} {y} {x}");
                        cycles += usize::from(closes);
                        if !x {
                            continue;
                        }
                        for on in [true, false] {
                            let walk = w.forcing(&l, src, on, y, u32::MAX).is_some();
                            assert_eq!(reach.reaches(src, on), walk, "{b:?} {src} {on} {y}");
                            found += usize::from(walk);
                        }
                    }
                }
            }
        }
        assert!(found > 100 && cycles > 100, "{found} {cycles}");
    }

    #[test]
    fn nested_hints_and_their_parents() {
        let mut b = open();
        let keep = [(0, 0), (0, 4), (3, 4), (3, 7), (6, 7), (6, 0)];
        for r in [0, 3, 6] {
            for k in 0..9 {
                if !keep.contains(&(r, k)) {
                    b.eliminate(r * 9 + k, 1);
                }
            }
        }
        let g = Grid::of(&b);
        let mut hints = Vec::new();
        all_hints(&g, &[0; 9], &mut hints);
        assert!(!hints.is_empty());
        assert!(hints.iter().all(|h| !h.has_parents()));
        let mut gone = [0u128; 9];
        gone[0] = 1 << 1;
        hints.clear();
        all_hints(&g, &gone, &mut hints);
        crate::links::sort_inner(&mut hints);
        let first = &hints[0];
        assert_eq!((first.rank.difficulty, first.rank.complexity), (6.5, 6));
        assert_eq!(first.removable.len(), 18);
        assert_eq!(first.parents, gone);
        for h in &hints {
            assert!(h.parents == gone || !h.has_parents());
        }
    }
}
