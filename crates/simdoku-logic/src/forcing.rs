//! Forcing chains from all the candidates of a cell or all the places of a digit in a house
//! (Explainer's "Multiple Forcing Chains", 8.0), and their dynamic forms, where each
//! implication "off" also leaves the grid for the implications after it (Nishio 7.5, "Dynamic
//! Forcing Chains" 8.5), and "Dynamic Forcing Chains (+)" (9.0), where a chain whose plain
//! implications run out goes on with the basic rules of [`crate::advanced`].
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - The implications of an assumption: every pending "on" first, else the oldest pending
//!   "off"; each candidate and state once. A candidate needed both on and off is a contradiction
//!   and stops the search there (what was found so far still counts below).
//! - Cells in order: with three candidates or more (multiple), two or more (dynamic, Nishio).
//!   For each candidate in order: the implications of it on, then (dynamic) of it off. Dynamic:
//!   on leading to a contradiction removes it, off leading to one places it (Nishio: the same on
//!   house links only); with three candidates or more, a candidate on after both or off after
//!   both is placed or removed (double forcing). Then (not Nishio) each house of the cell (box,
//!   row, column) where the digit has two places or more and this cell is the first: the
//!   implications of each other place on; what all of them imply is placed or removed (region
//!   forcing). After the cell's candidates (not Nishio): what all of its candidates "on" imply
//!   (cell forcing).
//! - Length: the distinct implications behind each chain of the hint, summed over its chains
//!   (a dynamic implication's parents include the removals that made its single). Difficulty:
//!   the base (7.5, 8.0, 8.5, 9.0) plus [`crate::links::length_added`]. Hints are ranked by
//!   difficulty, length, then kind (double forcing 1, cell 5, region 6, contradiction 7), the
//!   first found winning a tie.
use std::collections::VecDeque;

use crate::advanced::{Fixed, Found, plus_rules};
use crate::board::Board;
use crate::board::House;
use crate::chains::{all_hints, chain_step};
use crate::links::{
    Arena, CELL_CAUSE, Grid, HOUSE_MASK, Inner, NO_CAUSE, NONE, Rank, cand, each_cell, sort_inner,
    split,
};
use crate::step::{Step, Technique};

/// The implications of one assumption.
struct Imp {
    arena: Arena,
    on_of: Vec<u32>,
    off_of: Vec<u32>,
    on_list: Vec<u16>,
    off_list: Vec<u16>,
}

impl Imp {
    fn new() -> Imp {
        Imp {
            arena: Arena::default(),
            on_of: vec![NONE; 729],
            off_of: vec![NONE; 729],
            on_list: Vec::new(),
            off_list: Vec::new(),
        }
    }

    fn reset(&mut self) {
        self.arena.clear();
        for &q in &self.on_list {
            self.on_of[q as usize] = NONE;
        }
        for &q in &self.off_list {
            self.off_of[q as usize] = NONE;
        }
        self.on_list.clear();
        self.off_list.clear();
    }

    fn add(&mut self, q: u16, on: bool, parents: &[u32]) -> u32 {
        self.add_full(q, on, parents, NO_CAUSE, NONE)
    }

    fn add_full(&mut self, q: u16, on: bool, parents: &[u32], cause: u8, nested: u32) -> u32 {
        let n = self.arena.push_full(q, on, parents, cause, nested);
        if on {
            self.on_of[q as usize] = n;
            self.on_list.push(q);
        } else {
            self.off_of[q as usize] = n;
            self.off_list.push(q);
        }
        n
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Nishio,
    Multiple,
    Dynamic,
    /// Dynamic with the basic rules inside the chains (Explainer's chaining level 1).
    DynamicPlus,
    /// Dynamic with the basic rules, then (level 2) the cycles and forcing chains, then
    /// (level 3) the multiple forcing chains inside the chains; or (level 4) the dynamic forcing
    /// chains of the level given second.
    Nested(u8, u8),
}

struct Engine {
    base: Grid,
    cur: Grid,
    nishio: bool,
    dynamic: bool,
    /// The rules inside the chains, when they are on (level 1 and up).
    plus: Option<Fixed>,
    /// Explainer's chaining level: 0 (none inside), 1 (basic rules), 2 (and static chains), 3
    /// (and multiple forcing chains).
    level: u8,
    /// At level 4: the level of the dynamic chains inside.
    limit: u8,
    /// The complexity of each nested chain met in this search, by the index its implications
    /// carry.
    nested_cx: Vec<u32>,
    inner: Vec<Inner>,
    found: Found,
    offs: Vec<u16>,
    ons: Vec<(u16, u8)>,
    on_parents: Vec<u32>,
    on_spans: Vec<(u16, u32, u32, u8)>,
    pend_on: VecDeque<u32>,
    pend_off: VecDeque<u32>,
}

impl Engine {
    /// The implications of candidate `src` in state `on`; a contradiction as (its "on" node,
    /// its "off" node).
    #[inline(never)]
    fn chain(&mut self, imp: &mut Imp, src: u16, on: bool) -> Option<(u32, u32)> {
        imp.reset();
        self.pend_on.clear();
        self.pend_off.clear();
        let root = imp.add(src, on, &[]);
        if on {
            self.pend_on.push_back(root);
        } else {
            self.pend_off.push_back(root);
        }
        let y = !self.nishio;
        let found = loop {
            if let Some(p) = self.pend_on.pop_front() {
                let (cell, d) = split(imp.arena.node(p).cand);
                self.cur.on_to_off(cell, d, y, &mut self.offs);
                let mut hit = None;
                for &q in &self.offs {
                    if imp.on_of[q as usize] != NONE {
                        let n = imp.arena.push(q, false, &[p]);
                        hit = Some((imp.on_of[q as usize], n));
                        break;
                    } else if imp.off_of[q as usize] == NONE {
                        let n = imp.add(q, false, &[p]);
                        self.pend_off.push_back(n);
                    }
                }
                if hit.is_some() {
                    break hit;
                }
                continue;
            }
            if let Some(p) = self.pend_off.pop_front() {
                let (cell, d) = split(imp.arena.node(p).cand);
                self.cur.off_to_on(cell, d, y, true, &mut self.ons);
                self.on_parents.clear();
                self.on_spans.clear();
                for &(q, h) in &self.ons {
                    let start = self.on_parents.len() as u32;
                    self.on_parents.push(p);
                    if self.dynamic {
                        if h == u8::MAX {
                            let mut gone = self.base.cands[cell] & !self.cur.cands[cell];
                            while gone != 0 {
                                let v = gone.trailing_zeros() as u8 + 1;
                                gone &= gone - 1;
                                self.on_parents.push(imp.off_of[cand(cell, v) as usize]);
                            }
                        } else {
                            let di = d as usize - 1;
                            let gone = HOUSE_MASK[h as usize] & self.base.dc[di] & !self.cur.dc[di];
                            each_cell(gone, |o| {
                                self.on_parents.push(imp.off_of[cand(o, d) as usize]);
                            });
                        }
                    }
                    self.on_spans
                        .push((q, start, self.on_parents.len() as u32, h));
                }
                if self.dynamic {
                    self.cur.remove(cell, d);
                }
                let mut hit = None;
                for &(q, s, e, h) in &self.on_spans {
                    let parents = &self.on_parents[s as usize..e as usize];
                    let cause = if h == u8::MAX { CELL_CAUSE } else { h };
                    if imp.off_of[q as usize] != NONE {
                        let n = imp.arena.push_full(q, true, parents, cause, NONE);
                        hit = Some((n, imp.off_of[q as usize]));
                        break;
                    } else if imp.on_of[q as usize] == NONE {
                        let n = imp.add_full(q, true, parents, cause, NONE);
                        self.pend_on.push_back(n);
                    }
                }
                if hit.is_some() {
                    break hit;
                }
                continue;
            }
            if let Some(fixed) = &self.plus {
                // The plain implications ran out: the first basic rule that finds eliminations
                // the chain enabled adds them as implications "off".
                plus_rules(fixed, &self.cur, &mut self.found);
                let mut more = false;
                for &(q, s, e) in &self.found.items {
                    if imp.off_of[q as usize] != NONE {
                        continue;
                    }
                    self.on_parents.clear();
                    for &p in &self.found.parents[s as usize..e as usize] {
                        let n = imp.off_of[p as usize];
                        debug_assert!(n != NONE, "a removal that is no implication");
                        self.on_parents.push(n);
                    }
                    let n = imp.add(q, false, &self.on_parents);
                    self.pend_off.push_back(n);
                    more = true;
                }
                if more {
                    continue;
                }
                if self.found.items.is_empty() && self.level >= 2 && self.nest(imp) {
                    continue;
                }
            }
            break None;
        };
        if self.dynamic {
            self.cur = self.base;
        }
        found
    }
}

impl Engine {
    /// The nested rules (level 2 and up), once the basic ones found nothing: every hint of the
    /// first that has some relying on the chain's removals, in Explainer's order; each removal
    /// becomes an implication "off" whose parents are the removals the hint relied on. Whether
    /// any was new.
    fn nest(&mut self, imp: &mut Imp) -> bool {
        let mut gone = [0u128; 9];
        for (d, x) in gone.iter_mut().enumerate() {
            *x = self.base.dc[d] & !self.cur.dc[d];
        }
        let mut inner = std::mem::take(&mut self.inner);
        inner.clear();
        if self.level >= 4 {
            // Only the dynamic forcing chains (of level `limit`) inside, on the reduced grid.
            let fixed = self.plus.as_ref().map(|f| Fixed {
                base: self.cur,
                empty: f.empty,
                placed_count: f.placed_count,
            });
            let mode = match self.limit {
                0 => Mode::Dynamic,
                1 => Mode::DynamicPlus,
                l => Mode::Nested(l, 0),
            };
            let mut out = Out::All {
                gone: &gone,
                hints: &mut inner,
            };
            search(&self.cur, fixed.filter(|_| self.limit >= 1), mode, &mut out);
        } else {
            all_hints(&self.cur, &gone, &mut inner);
        }
        sort_inner(&mut inner);
        if self.level == 3 && !inner.iter().any(Inner::has_parents) {
            inner.clear();
            let mut out = Out::All {
                gone: &gone,
                hints: &mut inner,
            };
            search(&self.cur, None, Mode::Multiple, &mut out);
            sort_inner(&mut inner);
        }
        let mut more = false;
        for h in &inner {
            if !h.has_parents() {
                continue;
            }
            let id = self.nested_cx.len() as u32;
            self.nested_cx.push(h.rank.complexity);
            self.on_parents.clear();
            for (di, &m) in h.parents.iter().enumerate() {
                each_cell(m, |c| {
                    let n = imp.off_of[cand(c, di as u8 + 1) as usize];
                    debug_assert!(n != NONE, "a removal that is no implication");
                    self.on_parents.push(n);
                });
            }
            for &q in &h.removable {
                if imp.off_of[q as usize] != NONE {
                    continue;
                }
                let n = imp.add_full(q, false, &self.on_parents, NO_CAUSE, id);
                self.pend_off.push_back(n);
                more = true;
            }
        }
        self.inner = inner;
        more
    }
}

/// How many distinct implications lead to a node (Explainer's length), the nested chains met
/// on the way noted in `ids`.
fn length(arena: &mut Arena, n: u32, ids: &mut Vec<u32>) -> u32 {
    arena.walk(n, |node| {
        if node.nested != NONE {
            ids.push(node.nested);
        }
    })
}

/// The lengths of the distinct nested chains noted in `ids` (which it empties), summed.
fn nested_length(ids: &mut Vec<u32>, cx: &[u32]) -> u32 {
    if ids.is_empty() {
        return 0;
    }
    ids.sort_unstable();
    ids.dedup();
    let sum = ids.iter().map(|&i| cx[i as usize]).sum();
    ids.clear();
    sum
}

/// Where a search's hints go: the best one as a step, or (a rule nested in a chain) every one.
enum Out<'a> {
    Best(Option<Best>),
    All {
        /// The candidates the outer chain removed.
        gone: &'a [u128; 9],
        hints: &'a mut Vec<Inner>,
    },
}

struct Best {
    rank: Rank,
    step: Step,
}

/// The implications "on" of the candidates met in one search, each drawn once.
struct Pool {
    imps: Vec<Imp>,
    /// The contradiction each met, as [`Engine::chain`] gives it.
    absurd: Vec<Option<(u32, u32)>>,
    /// Per candidate: its index in `imps`, or `u32::MAX`.
    slot: Vec<u32>,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            imps: Vec::new(),
            absurd: Vec::new(),
            slot: vec![u32::MAX; 729],
        }
    }

    /// Forgets the candidates met (keeps the buffers).
    fn clear(&mut self) {
        self.slot.fill(u32::MAX);
        self.absurd.clear();
    }

    /// The index of candidate `q`'s implications "on", drawn now if not yet.
    fn on_chain(&mut self, e: &mut Engine, q: u16) -> usize {
        let s = self.slot[q as usize];
        if s != u32::MAX {
            return s as usize;
        }
        let i = self.absurd.len();
        if self.imps.len() == i {
            self.imps.push(Imp::new());
        }
        let found = e.chain(&mut self.imps[i], q, true);
        self.absurd.push(found);
        self.slot[q as usize] = i as u32;
        i
    }
}

fn offer(best: &mut Option<Best>, rank: Rank, make: impl FnOnce() -> Step) {
    if best.as_ref().is_none_or(|b| rank.before(&b.rank)) {
        best.replace(Best { rank, step: make() });
    }
}

/// Nishio forcing chains (7.5): a candidate whose assumption, on house links alone with
/// removals kept, contradicts itself.
pub(crate) fn nishio(b: &Board) -> Option<Step> {
    run(b, Mode::Nishio)
}

/// Multiple forcing chains (8.0): cell and region forcing chains.
pub(crate) fn multiple(b: &Board) -> Option<Step> {
    run(b, Mode::Multiple)
}

/// Dynamic forcing chains (8.5): contradiction, double, cell and region forcing, dynamic.
pub(crate) fn dynamic(b: &Board) -> Option<Step> {
    run(b, Mode::Dynamic)
}

/// Dynamic forcing chains (+) (9.0): the dynamic ones with the basic rules inside the chains.
pub(crate) fn dynamic_plus(b: &Board) -> Option<Step> {
    run(b, Mode::DynamicPlus)
}

/// Nested forcing chains: the dynamic ones with the basic rules inside the chains, then the
/// cycles and forcing chains (level 2, 9.5), then the multiple forcing chains (level 3, 10.0);
/// or (level 4, 10.5) the dynamic forcing chains of level `limit` (0 to 3) inside.
pub(crate) fn nested(b: &Board, level: u8, limit: u8) -> Option<Step> {
    run(b, Mode::Nested(level, limit))
}

/// What a target implication does: place its candidate ("on") or remove it ("off").
fn target_effect(s: &mut Step, q: u16, on: bool) {
    let (c, d) = split(q);
    if on {
        s.placements.push((c as u8, d));
    } else {
        s.eliminations.push((c as u8, 1 << (d - 1)));
    }
}

/// What a target implication removes as a nested rule's hint: its cell's other candidates
/// ("on") or itself ("off").
fn target_removes(g: &Grid, q: u16, on: bool) -> Vec<u16> {
    if !on {
        return vec![q];
    }
    let (c, d) = split(q);
    let mut m = g.cands[c] & !(1 << (d - 1));
    let mut v = Vec::new();
    while m != 0 {
        v.push(cand(c, m.trailing_zeros() as u8 + 1));
        m &= m - 1;
    }
    v
}

/// The rule parents of chain `n` in `arena` (its implications "on", its assumption with the
/// cause `root`), added to `parents`.
fn chain_parents(arena: &mut Arena, n: u32, root: u8, gone: &[u128; 9], parents: &mut [u128; 9]) {
    arena.walk(n, |node| {
        if node.on {
            let cause = if node.cause == NO_CAUSE {
                root
            } else {
                node.cause
            };
            Inner::add_parents(parents, gone, node.cand, cause);
        }
    });
}

/// Keeps a nested rule's hint when it removes something (Explainer's `isWorth`).
fn push_inner(hints: &mut Vec<Inner>, rank: Rank, removable: Vec<u16>, parents: [u128; 9]) {
    if !removable.is_empty() {
        hints.push(Inner {
            rank,
            removable,
            parents,
        });
    }
}

fn run(b: &Board, mode: Mode) -> Option<Step> {
    let g = Grid::of(b);
    let plus = matches!(mode, Mode::DynamicPlus | Mode::Nested(..));
    let mut out = Out::Best(None);
    search(&g, plus.then(|| Fixed::of(b, &g)), mode, &mut out);
    match out {
        Out::Best(best) => best.map(|b| b.step),
        Out::All { .. } => None,
    }
}

fn search(g: &Grid, fixed: Option<Fixed>, mode: Mode, out: &mut Out) {
    let g = *g;
    let nishio = mode == Mode::Nishio;
    let dynamic = mode != Mode::Multiple;
    let (level, limit) = match mode {
        Mode::DynamicPlus => (1, 0),
        Mode::Nested(l, n) => (l, n),
        _ => (0, 0),
    };
    let base = match mode {
        Mode::Nishio => 7.5,
        Mode::Multiple => 8.0,
        Mode::Dynamic => 8.5,
        Mode::DynamicPlus | Mode::Nested(..) => 8.5 + 0.5 * f64::from(level),
    };
    // A candidate whose assumption contradicts itself.
    let t_absurd = match level {
        _ if nishio => Technique::NishioForcingChains,
        0 => Technique::DynamicContradictionChains,
        1 => Technique::DynamicContradictionChainsPlus,
        2 => Technique::DynamicContradictionChainsFc,
        3 => Technique::DynamicContradictionChainsMfc,
        _ => Technique::DynamicContradictionChainsDfc,
    };
    let t_double = match level {
        0 => Technique::DynamicDoubleForcingChains,
        1 => Technique::DynamicDoubleForcingChainsPlus,
        2 => Technique::DynamicDoubleForcingChainsFc,
        3 => Technique::DynamicDoubleForcingChainsMfc,
        _ => Technique::DynamicDoubleForcingChainsDfc,
    };
    let (t_cell, t_region) = match level {
        _ if !dynamic => (Technique::CellForcingChains, Technique::RegionForcingChains),
        0 => (
            Technique::DynamicCellForcingChains,
            Technique::DynamicRegionForcingChains,
        ),
        1 => (
            Technique::DynamicCellForcingChainsPlus,
            Technique::DynamicRegionForcingChainsPlus,
        ),
        2 => (
            Technique::DynamicCellForcingChainsFc,
            Technique::DynamicRegionForcingChainsFc,
        ),
        3 => (
            Technique::DynamicCellForcingChainsMfc,
            Technique::DynamicRegionForcingChainsMfc,
        ),
        _ => (
            Technique::DynamicCellForcingChainsDfc,
            Technique::DynamicRegionForcingChainsDfc,
        ),
    };
    let mut e = Engine {
        base: g,
        cur: g,
        nishio,
        dynamic,
        plus: fixed,
        level,
        limit,
        nested_cx: Vec::new(),
        inner: Vec::new(),
        found: Found::default(),
        offs: Vec::new(),
        ons: Vec::new(),
        on_parents: Vec::new(),
        on_spans: Vec::new(),
        pend_on: VecDeque::new(),
        pend_off: VecDeque::new(),
    };
    // Each candidate's implications "on" are drawn once per search: its own cell's chains and
    // the region chains of its houses share them (the same implications either way).
    thread_local! {
        // The buffers of the implications, kept from one search to the next (one set a level of
        // nesting: a chain may run a search inside).
        static POOL: std::cell::RefCell<Vec<(Pool, Imp)>> = const {
            std::cell::RefCell::new(Vec::new())
        };
    }
    let (mut pool, mut off_imp) = POOL
        .with_borrow_mut(Vec::pop)
        .unwrap_or_else(|| (Pool::new(), Imp::new()));
    pool.clear();
    let mut vals = [0usize; 9];
    let mut others = [0usize; 8];
    let mut ids = Vec::new();
    for cell in 0..81 {
        let m = g.cands[cell];
        let card = m.count_ones();
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let mut k = 0;
        for d in 1..=9u8 {
            if m & (1 << (d - 1)) == 0 {
                continue;
            }
            let src = cand(cell, d);
            let vi = pool.on_chain(&mut e, src);
            vals[k] = vi;
            if let Some((a, z)) = pool.absurd[vi] {
                let arena = &mut pool.imps[vi].arena;
                let mut cx = length(arena, a, &mut ids) + length(arena, z, &mut ids);
                cx += nested_length(&mut ids, &e.nested_cx);
                let rank = Rank::new(base, cx, 7);
                match &mut *out {
                    Out::Best(best) => offer(best, rank, || {
                        let mut s = chain_step(t_absurd, rank, vec![cell as u8], 1 << (d - 1));
                        s.eliminations.push((cell as u8, 1 << (d - 1)));
                        s
                    }),
                    Out::All { gone, hints } => {
                        let mut parents = [0u128; 9];
                        chain_parents(arena, a, NO_CAUSE, gone, &mut parents);
                        chain_parents(arena, z, NO_CAUSE, gone, &mut parents);
                        push_inner(hints, rank, vec![src], parents);
                    }
                }
            }
            if dynamic {
                let absurd = e.chain(&mut off_imp, src, false);
                if let Some((a, z)) = absurd {
                    let arena = &mut off_imp.arena;
                    let mut cx = length(arena, a, &mut ids) + length(arena, z, &mut ids);
                    cx += nested_length(&mut ids, &e.nested_cx);
                    let rank = Rank::new(base, cx, 7);
                    match &mut *out {
                        Out::Best(best) => offer(best, rank, || {
                            let mut s = chain_step(t_absurd, rank, vec![cell as u8], 1 << (d - 1));
                            s.placements.push((cell as u8, d));
                            s
                        }),
                        Out::All { gone, hints } => {
                            let mut parents = [0u128; 9];
                            chain_parents(arena, a, NO_CAUSE, gone, &mut parents);
                            chain_parents(arena, z, NO_CAUSE, gone, &mut parents);
                            push_inner(hints, rank, target_removes(&g, src, true), parents);
                        }
                    }
                }
                if card >= 3 && !nishio {
                    let imp = &mut pool.imps[vi];
                    for on in [true, false] {
                        let list = if on { &imp.on_list } else { &imp.off_list };
                        for i in 0..list.len() {
                            let q = if on { imp.on_list[i] } else { imp.off_list[i] };
                            let (x, y) = if on {
                                (imp.on_of[q as usize], off_imp.on_of[q as usize])
                            } else {
                                (imp.off_of[q as usize], off_imp.off_of[q as usize])
                            };
                            if y == NONE {
                                continue;
                            }
                            let mut cx = length(&mut imp.arena, x, &mut ids)
                                + length(&mut off_imp.arena, y, &mut ids);
                            cx += nested_length(&mut ids, &e.nested_cx);
                            let rank = Rank::new(base, cx, 1);
                            match &mut *out {
                                Out::Best(best) => offer(best, rank, || {
                                    let mut s =
                                        chain_step(t_double, rank, vec![cell as u8], 1 << (d - 1));
                                    target_effect(&mut s, q, on);
                                    s
                                }),
                                Out::All { gone, hints } => {
                                    let mut parents = [0u128; 9];
                                    chain_parents(&mut imp.arena, x, NO_CAUSE, gone, &mut parents);
                                    chain_parents(
                                        &mut off_imp.arena,
                                        y,
                                        NO_CAUSE,
                                        gone,
                                        &mut parents,
                                    );
                                    push_inner(hints, rank, target_removes(&g, q, on), parents);
                                }
                            }
                        }
                    }
                }
            }
            if !nishio {
                // Region forcing chains from the houses where this cell is the digit's first
                // place.
                for (kind, &h) in crate::links::CELL_HOUSE[cell].iter().enumerate() {
                    let pos = HOUSE_MASK[h as usize] & g.dc[d as usize - 1];
                    if pos.count_ones() < 2 || pos.trailing_zeros() as usize != cell {
                        continue;
                    }
                    let mut n = 0;
                    each_cell(pos & !(1u128 << cell), |o| {
                        others[n] = pool.on_chain(&mut e, cand(o, d));
                        n += 1;
                    });
                    let house = House::of_kind(kind, (h % 9) as usize);
                    for on in [true, false] {
                        let len = if on {
                            pool.imps[vi].on_list.len()
                        } else {
                            pool.imps[vi].off_list.len()
                        };
                        for i in 0..len {
                            let imp = &pool.imps[vi];
                            let q = if on { imp.on_list[i] } else { imp.off_list[i] };
                            let of = |x: &Imp| {
                                if on {
                                    x.on_of[q as usize]
                                } else {
                                    x.off_of[q as usize]
                                }
                            };
                            if others[..n].iter().any(|&j| of(&pool.imps[j]) == NONE) {
                                continue;
                            }
                            let mut cx = 0;
                            for &j in std::iter::once(&vi).chain(&others[..n]) {
                                let t = of(&pool.imps[j]);
                                cx += length(&mut pool.imps[j].arena, t, &mut ids);
                            }
                            cx += nested_length(&mut ids, &e.nested_cx);
                            let rank = Rank::new(base, cx, 6);
                            match &mut *out {
                                Out::Best(best) => offer(best, rank, || {
                                    let mut s =
                                        chain_step(t_region, rank, vec![cell as u8], 1 << (d - 1));
                                    s.houses.push(house);
                                    target_effect(&mut s, q, on);
                                    s
                                }),
                                Out::All { gone, hints } => {
                                    let mut parents = [0u128; 9];
                                    for &j in std::iter::once(&vi).chain(&others[..n]) {
                                        let t = of(&pool.imps[j]);
                                        let arena = &mut pool.imps[j].arena;
                                        chain_parents(arena, t, h, gone, &mut parents);
                                    }
                                    push_inner(hints, rank, target_removes(&g, q, on), parents);
                                }
                            }
                        }
                    }
                }
            }
            k += 1;
        }
        if !nishio {
            // Cell forcing chains: what every candidate of the cell implies.
            let (first, rest) = (vals[0], &vals[1..k]);
            for on in [true, false] {
                let len = if on {
                    pool.imps[first].on_list.len()
                } else {
                    pool.imps[first].off_list.len()
                };
                for i in 0..len {
                    let imp = &pool.imps[first];
                    let q = if on { imp.on_list[i] } else { imp.off_list[i] };
                    let of = |x: &Imp| {
                        if on {
                            x.on_of[q as usize]
                        } else {
                            x.off_of[q as usize]
                        }
                    };
                    if rest.iter().any(|&j| of(&pool.imps[j]) == NONE) {
                        continue;
                    }
                    let mut cx = 0;
                    for &j in std::iter::once(&first).chain(rest) {
                        let t = of(&pool.imps[j]);
                        cx += length(&mut pool.imps[j].arena, t, &mut ids);
                    }
                    cx += nested_length(&mut ids, &e.nested_cx);
                    let rank = Rank::new(base, cx, 5);
                    match &mut *out {
                        Out::Best(best) => offer(best, rank, || {
                            let mut s = chain_step(t_cell, rank, vec![cell as u8], m);
                            target_effect(&mut s, q, on);
                            s
                        }),
                        Out::All { gone, hints } => {
                            let mut parents = [0u128; 9];
                            for &j in std::iter::once(&first).chain(rest) {
                                let t = of(&pool.imps[j]);
                                let arena = &mut pool.imps[j].arena;
                                chain_parents(arena, t, CELL_CAUSE, gone, &mut parents);
                            }
                            push_inner(hints, rank, target_removes(&g, q, on), parents);
                        }
                    }
                }
            }
        }
    }
    POOL.with_borrow_mut(|p| p.push((pool, off_imp)));
}
