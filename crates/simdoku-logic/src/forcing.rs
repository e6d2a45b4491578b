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
use crate::chains::chain_step;
use crate::links::{Arena, Grid, HOUSE_MASK, NONE, Rank, cand, each_cell, split};
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
        let n = self.arena.push(q, on, parents);
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
}

struct Engine {
    base: Grid,
    cur: Grid,
    nishio: bool,
    dynamic: bool,
    /// The rules inside the chains, when they are on (level 1).
    plus: Option<Fixed>,
    found: Found,
    offs: Vec<u16>,
    ons: Vec<(u16, u8)>,
    on_parents: Vec<u32>,
    on_spans: Vec<(u16, u32, u32)>,
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
                    self.on_spans.push((q, start, self.on_parents.len() as u32));
                }
                if self.dynamic {
                    self.cur.remove(cell, d);
                }
                let mut hit = None;
                for &(q, s, e) in &self.on_spans {
                    let parents = &self.on_parents[s as usize..e as usize];
                    if imp.off_of[q as usize] != NONE {
                        let n = imp.arena.push(q, true, parents);
                        hit = Some((n, imp.off_of[q as usize]));
                        break;
                    } else if imp.on_of[q as usize] == NONE {
                        let n = imp.add(q, true, parents);
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
            }
            break None;
        };
        if self.dynamic {
            self.cur = self.base;
        }
        found
    }
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

/// What a target implication does: place its candidate ("on") or remove it ("off").
fn target_effect(s: &mut Step, g: &Grid, q: u16, on: bool) {
    let (c, d) = split(q);
    if on {
        s.placements.push((c as u8, d));
    } else {
        let _ = g;
        s.eliminations.push((c as u8, 1 << (d - 1)));
    }
}

fn run(b: &Board, mode: Mode) -> Option<Step> {
    let g = Grid::of(b);
    let nishio = mode == Mode::Nishio;
    let dynamic = mode != Mode::Multiple;
    let base = match mode {
        Mode::Nishio => 7.5,
        Mode::Multiple => 8.0,
        Mode::Dynamic => 8.5,
        Mode::DynamicPlus => 9.0,
    };
    let plus = mode == Mode::DynamicPlus;
    // A candidate whose assumption contradicts itself.
    let t_absurd = if nishio {
        Technique::NishioForcingChains
    } else if plus {
        Technique::DynamicContradictionChainsPlus
    } else {
        Technique::DynamicContradictionChains
    };
    let t_double = if plus {
        Technique::DynamicDoubleForcingChainsPlus
    } else {
        Technique::DynamicDoubleForcingChains
    };
    let (t_cell, t_region) = if plus {
        (
            Technique::DynamicCellForcingChainsPlus,
            Technique::DynamicRegionForcingChainsPlus,
        )
    } else if dynamic {
        (
            Technique::DynamicCellForcingChains,
            Technique::DynamicRegionForcingChains,
        )
    } else {
        (Technique::CellForcingChains, Technique::RegionForcingChains)
    };
    let mut e = Engine {
        base: g,
        cur: g,
        nishio,
        dynamic,
        plus: plus.then(|| Fixed::of(b, &g)),
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
        // The buffers of the implications, kept from one search to the next.
        static POOL: std::cell::RefCell<Option<Pool>> = const { std::cell::RefCell::new(None) };
    }
    let mut pool = POOL.with_borrow_mut(Option::take).unwrap_or_else(Pool::new);
    pool.clear();
    let mut vals = [0usize; 9];
    let mut others = [0usize; 8];
    let mut off_imp = Imp::new();
    let mut best: Option<Best> = None;
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
                let cx = arena.ancestors(a) + arena.ancestors(z);
                let rank = Rank::new(base, cx, 7);
                offer(&mut best, rank, || {
                    let mut s = chain_step(t_absurd, rank, vec![cell as u8], 1 << (d - 1));
                    s.eliminations.push((cell as u8, 1 << (d - 1)));
                    s
                });
            }
            if dynamic {
                let absurd = e.chain(&mut off_imp, src, false);
                if let Some((a, z)) = absurd {
                    let cx = off_imp.arena.ancestors(a) + off_imp.arena.ancestors(z);
                    let rank = Rank::new(base, cx, 7);
                    offer(&mut best, rank, || {
                        let mut s = chain_step(t_absurd, rank, vec![cell as u8], 1 << (d - 1));
                        s.placements.push((cell as u8, d));
                        s
                    });
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
                            let cx = imp.arena.ancestors(x) + off_imp.arena.ancestors(y);
                            let rank = Rank::new(base, cx, 1);
                            offer(&mut best, rank, || {
                                let mut s =
                                    chain_step(t_double, rank, vec![cell as u8], 1 << (d - 1));
                                target_effect(&mut s, &g, q, on);
                                s
                            });
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
                                cx += pool.imps[j].arena.ancestors(t);
                            }
                            let rank = Rank::new(base, cx, 6);
                            offer(&mut best, rank, || {
                                let mut s =
                                    chain_step(t_region, rank, vec![cell as u8], 1 << (d - 1));
                                s.houses.push(house);
                                target_effect(&mut s, &g, q, on);
                                s
                            });
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
                        cx += pool.imps[j].arena.ancestors(t);
                    }
                    let rank = Rank::new(base, cx, 5);
                    offer(&mut best, rank, || {
                        let mut s = chain_step(t_cell, rank, vec![cell as u8], m);
                        target_effect(&mut s, &g, q, on);
                        s
                    });
                }
            }
        }
    }
    POOL.with_borrow_mut(|p| *p = Some(pool));
    best.map(|b| b.step)
}
