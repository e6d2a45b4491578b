//! All-different GAC inside the clause-learning search, with explanations.
//!
//! After unit propagation reaches a fixpoint, each house changed since its last check gets
//! Régin's filtering over its open cells and the values it has not placed: a perfect matching
//! (kept between calls as a hint), then the strongly connected components of the value graph
//! (the value matched to a cell points to the cell's other candidates). Every removal and every
//! failure comes with a clause made of literals that are false now, so that conflict analysis
//! can learn through it:
//!
//! * removing `v` from cell `x` (matched to `u`, `v` outside `u`'s component): the values
//!   reachable from `v` form a set `R` whose matched cells `C` hold nothing outside `R` (a Hall
//!   set, `x` not in it). Clause: `!x=v`, or some cell of `C` takes a value outside `R`;
//! * no perfect matching: the failed augmenting search from a free cell visited the values `V`
//!   and the cells `C` (one more than `V`) whose candidates lie in `V`. Clause: some cell of `C`
//!   takes a value outside `V`.

use super::{BIN_TAG, Cdcl, Conflict, Lit, NO_REASON, pos};
use crate::scc::Tarjan;

const NONE: u8 = u8::MAX;

/// Per-house data.
#[derive(Clone, Debug, Default)]
pub(super) struct HouseGac {
    /// Open cells of house `h`: `cells[start[h]..start[h + 1]]`.
    start: Vec<u32>,
    cells: Vec<u32>,
    /// First variable and variable count of each cell (`u32::MAX` for fixed cells).
    pub(super) cell_first: Vec<u32>,
    cell_nvars: Vec<u8>,
    /// Houses of each cell: `cell_houses[c * 6..][..cell_nhouses[c]]`.
    cell_houses: Vec<u32>,
    cell_nhouses: Vec<u8>,
    /// Matching hints: house `h`'s k-th open cell takes value `cell_val[h * side + k]`, value
    /// `v` goes to the open cell `val_cell[h * side + v]`.
    cell_val: Vec<u8>,
    val_cell: Vec<u8>,
    /// Current candidates of each open cell (kept up to date by `assign` and `cancel_until`).
    pub(super) cur: Vec<u128>,
    /// Values each house has to place in its open cells.
    hvals: Vec<u128>,
    dirty: Vec<bool>,
    pub(super) dirty_list: Vec<u32>,
    side: usize,
    // Scratch for one house.
    dom: Vec<u128>,
    tarjan: Tarjan<u128>,
    comp: Vec<u128>,
    path: Vec<(u8, u128)>,
    lits: Vec<Lit>,
}

/// What a GAC pass did.
pub(super) enum Outcome {
    /// Every house is consistent; nothing changed.
    Fixpoint,
    /// Some literals were assigned: unit propagation goes first again.
    Pruned,
    /// A failure, as a clause whose literals are all false.
    Conflict(Conflict),
    /// No solution at all.
    Unsat,
}

impl HouseGac {
    /// Marks the houses of cell `c` for the next pass.
    #[inline]
    pub(super) fn touch(&mut self, c: usize) {
        for k in 0..self.cell_nhouses[c] as usize {
            let h = self.cell_houses[c * 6 + k] as usize;
            if !self.dirty[h] {
                self.dirty[h] = true;
                self.dirty_list.push(h as u32);
            }
        }
    }

    /// Forgets the pending houses (after backtracking to a state that was at the fixpoint).
    pub(super) fn clear_dirty(&mut self) {
        for &h in &self.dirty_list {
            self.dirty[h as usize] = false;
        }
        self.dirty_list.clear();
    }
}

impl Cdcl {
    /// Sets up the houses for GAC over the candidates `dom` (after the model's naked singles).
    pub(super) fn gac_setup(&mut self, dom: &[u128], house_cells: &[u32], side: usize) {
        let g = &mut self.gac;
        let cells = dom.len();
        let houses = house_cells.len() / side;
        g.side = side;
        g.start.clear();
        g.cells.clear();
        g.cell_first.clear();
        g.cell_first.resize(cells, u32::MAX);
        g.cell_nvars.clear();
        g.cell_nvars.resize(cells, 0);
        g.cell_houses.clear();
        g.cell_houses.resize(cells * 6, 0);
        g.cell_nhouses.clear();
        g.cell_nhouses.resize(cells, 0);
        let mut next = 0u32;
        for (c, &d) in dom.iter().enumerate() {
            if !d.is_power_of_two() {
                g.cell_first[c] = next;
                g.cell_nvars[c] = d.count_ones() as u8;
                next += d.count_ones();
            }
        }
        g.cur.clear();
        g.cur.extend_from_slice(dom);
        g.hvals.clear();
        g.start.push(0);
        for h in 0..houses {
            let mut hv = 0u128;
            for &c in &house_cells[h * side..(h + 1) * side] {
                let c = c as usize;
                if g.cell_first[c] != u32::MAX {
                    hv |= dom[c];
                    g.cells.push(c as u32);
                    g.cell_houses[c * 6 + g.cell_nhouses[c] as usize] = h as u32;
                    g.cell_nhouses[c] += 1;
                }
            }
            g.start.push(g.cells.len() as u32);
            g.hvals.push(hv);
        }
        g.cell_val.clear();
        g.cell_val.resize(houses * side, NONE);
        g.val_cell.clear();
        g.val_cell.resize(houses * side, NONE);
        g.dirty.clear();
        g.dirty.resize(houses, true);
        g.dirty_list.clear();
        g.dirty_list.extend((0..houses as u32).rev());
        g.lits.clear();
        g.dom.resize(side, 0);
        g.comp.resize(side, 0);
    }

    /// GAC on the changed houses until one prunes something, fails, or none is left.
    pub(super) fn gac_pass(&mut self) -> Outcome {
        while let Some(h) = self.gac.dirty_list.pop() {
            self.gac.dirty[h as usize] = false;
            match self.gac_house(h as usize) {
                Outcome::Fixpoint => {}
                other => return other,
            }
        }
        Outcome::Fixpoint
    }

    fn gac_house(&mut self, h: usize) -> Outcome {
        let side = self.gac.side;
        let (s, e) = (self.gac.start[h] as usize, self.gac.start[h + 1] as usize);
        let m = e - s;
        if m == 0 {
            return Outcome::Fixpoint;
        }
        let base = h * side;
        let mut open = false;
        let mut vals = 0u128;
        for k in 0..m {
            let c = self.gac.cells[s + k] as usize;
            let d = self.gac.cur[c];
            self.gac.dom[k] = d;
            open |= d & d.wrapping_sub(1) != 0;
            vals |= d;
        }
        if !open && vals.count_ones() as usize == m {
            return Outcome::Fixpoint;
        }
        // Repair the kept matching.
        let mut free_cells = 0u128;
        for k in 0..m {
            let v = self.gac.cell_val[base + k];
            if v == NONE || self.gac.dom[k] >> v & 1 == 0 {
                if v != NONE {
                    self.gac.val_cell[base + v as usize] = NONE;
                    self.gac.cell_val[base + k] = NONE;
                }
                free_cells |= 1 << k;
            }
        }
        // The values the house still has to place are those its open cells had at the root;
        // a free value is one of them with no cell.
        let mut free_vals = 0u128;
        for k in 0..m {
            let v = self.gac.cell_val[base + k];
            if v != NONE {
                free_vals |= 1 << v;
            }
        }
        free_vals = self.gac.hvals[h] & !free_vals;
        while free_cells != 0 {
            let k = free_cells.trailing_zeros() as usize;
            free_cells &= free_cells - 1;
            let d = self.gac.dom[k];
            if d & free_vals != 0 {
                let v = (d & free_vals).trailing_zeros() as usize;
                free_vals &= !(1 << v);
                self.gac.cell_val[base + k] = v as u8;
                self.gac.val_cell[base + v] = k as u8;
            } else {
                match self.augment(base, k, free_vals) {
                    Ok(v) => free_vals &= !(1 << v),
                    Err((cells, vals)) => return self.gac_fail(h, cells, vals),
                }
            }
        }
        if self.one_component(base, m) {
            return Outcome::Fixpoint;
        }
        self.scc(base, m);
        // Prune: candidates outside the component of the cell's matched value.
        let mut pruned = false;
        for k in 0..m {
            let u = self.gac.cell_val[base + k] as usize;
            let mut bad = self.gac.dom[k] & !self.gac.comp[u];
            let c = self.gac.cells[s + k] as usize;
            while bad != 0 {
                let v = bad.trailing_zeros() as usize;
                bad &= bad - 1;
                // Values reachable from v: closed under "the cell matched to a value and its
                // candidates"; their cells form a Hall set without this cell.
                let mut reach = 1u128 << v;
                let mut todo = reach;
                let mut hall = 0u128; // local cell indices
                while todo != 0 {
                    let w = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let kk = self.gac.val_cell[base + w] as usize;
                    hall |= 1 << kk;
                    let new = self.gac.dom[kk] & !reach;
                    reach |= new;
                    todo |= new;
                }
                debug_assert!(hall >> k & 1 == 0);
                let first = self.gac.cell_first[c] as usize;
                let below = (((1u128 << v) - 1) & self.root_dom(c)).count_ones() as usize;
                let xv = first + below;
                debug_assert_eq!(self.var_value[xv] as usize, v);
                self.gac.lits.clear();
                self.gac.lits.push(pos(xv) | 1);
                self.explain(s, hall, reach);
                pruned = true;
                if self.assert_explained() {
                    // A root fact: the search went back to the root.
                    return Outcome::Pruned;
                }
            }
        }
        if pruned {
            Outcome::Pruned
        } else {
            Outcome::Fixpoint
        }
    }

    /// Cell `c`'s candidates when the model was built.
    fn root_dom(&self, c: usize) -> u128 {
        let first = self.gac.cell_first[c] as usize;
        let mut m = 0u128;
        for v in first..first + self.gac.cell_nvars[c] as usize {
            m |= 1 << self.var_value[v];
        }
        m
    }

    /// Appends to `gac.lits` the (false) literals "cell of `cells` takes a value outside
    /// `vals`", for the local cells `cells` of the house whose open cells start at `s`.
    fn explain(&mut self, s: usize, cells: u128, vals: u128) {
        let mut cm = cells;
        while cm != 0 {
            let k = cm.trailing_zeros() as usize;
            cm &= cm - 1;
            let c = self.gac.cells[s + k] as usize;
            let first = self.gac.cell_first[c] as usize;
            for v in first..first + self.gac.cell_nvars[c] as usize {
                if vals >> self.var_value[v] & 1 == 0 {
                    debug_assert_eq!(self.lval[pos(v) as usize], -1);
                    self.gac.lits.push(pos(v));
                }
            }
        }
    }

    /// Asserts `gac.lits[0]` with the rest of `gac.lits` (all false) as its reason; true when
    /// it had no reason (a fact, asserted at the root after going back there).
    fn assert_explained(&mut self) -> bool {
        let implied = self.gac.lits[0];
        if self.gac.lits.len() == 1 {
            self.cancel_until(0);
            if self.lval[implied as usize] == 0 {
                self.assign(implied, NO_REASON);
            }
            // A false fact at the root would have been found by the root propagation; if it
            // happens, unit propagation finds the conflict at the root.
            return true;
        }
        if self.gac.lits.len() == 2 {
            let other = self.gac.lits[1];
            self.assign(implied, BIN_TAG | other);
            return false;
        }
        // The highest-level false literal second, for the watches.
        let mut best = 1;
        for k in 2..self.gac.lits.len() {
            if self.level[(self.gac.lits[k] >> 1) as usize]
                > self.level[(self.gac.lits[best] >> 1) as usize]
            {
                best = k;
            }
        }
        self.gac.lits.swap(1, best);
        let cref = self.push_explanation();
        self.assign(implied, cref);
        false
    }

    /// Stores `gac.lits` as a learnt clause (deletable) and watches its first two literals.
    fn push_explanation(&mut self) -> u32 {
        let lits = std::mem::take(&mut self.gac.lits);
        let cref = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push((lits.len() as u32).min(1 << 20) << 1 | 1);
        self.arena.push(0f32.to_bits());
        self.arena.extend_from_slice(&lits);
        self.learnts.push(cref);
        self.watch_clause(cref);
        self.gac.lits = lits;
        cref
    }

    /// No perfect matching in house `h`: the cells `cells` (local) have their candidates in
    /// `vals`, one value too few.
    fn gac_fail(&mut self, h: usize, cells: u128, vals: u128) -> Outcome {
        let s = self.gac.start[h] as usize;
        self.gac.lits.clear();
        self.explain(s, cells, vals);
        if self.gac.lits.is_empty() || self.trail_lim.is_empty() {
            return Outcome::Unsat;
        }
        // Conflict analysis needs a literal of the current level; go back to the highest one.
        let top = self
            .gac
            .lits
            .iter()
            .map(|&l| self.level[(l >> 1) as usize])
            .max()
            .unwrap_or(0) as usize;
        if top == 0 {
            return Outcome::Unsat;
        }
        if top < self.trail_lim.len() {
            self.cancel_until(top);
        }
        if self.gac.lits.len() == 1 {
            // A unit clause all false: the literal is false at level `top` > 0.
            let l = self.gac.lits[0];
            self.cancel_until(0);
            self.assign(l, NO_REASON);
            return Outcome::Pruned;
        }
        if self.gac.lits.len() == 2 {
            let (a, b) = (self.gac.lits[0], self.gac.lits[1]);
            return Outcome::Conflict(Conflict::Bin(a, b));
        }
        let cref = self.push_explanation();
        Outcome::Conflict(Conflict::Clause(cref))
    }

    /// An augmenting path from free local cell `k` to a free value; flips it and returns the
    /// value, or the cells and values the failed search visited.
    fn augment(&mut self, base: usize, k: usize, free_vals: u128) -> Result<usize, (u128, u128)> {
        let g = &mut self.gac;
        g.path.clear();
        let mut visited = 0u128;
        let mut cells = 1u128 << k;
        g.path.push((k as u8, g.dom[k]));
        loop {
            let Some(top) = g.path.last_mut() else {
                return Err((cells, visited));
            };
            let cand = top.1 & !visited;
            if cand == 0 {
                g.path.pop();
                continue;
            }
            let v = cand.trailing_zeros() as usize;
            top.1 &= !(1 << v);
            visited |= 1 << v;
            if free_vals >> v & 1 != 0 {
                crate::solver::flip_path(
                    &mut g.path,
                    v,
                    &mut g.cell_val[base..],
                    &mut g.val_cell[base..],
                );
                return Ok(v);
            }
            let next = g.val_cell[base + v] as usize;
            cells |= 1 << next;
            let d = g.dom[next];
            g.path.push((next as u8, d & !visited));
        }
    }

    /// Whether the value graph is strongly connected (the usual case: nothing to prune), by a
    /// forward and a backward closure from one value.
    fn one_component(&self, base: usize, m: usize) -> bool {
        let g = &self.gac;
        let all = g.hvals[base / g.side];
        let r = all & all.wrapping_neg();
        let mut fwd = r;
        let mut todo = r;
        while todo != 0 {
            let u = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = g.dom[g.val_cell[base + u] as usize] & !fwd;
            fwd |= new;
            todo |= new;
        }
        if fwd != all {
            return false;
        }
        let mut back = r;
        loop {
            let mut grow = back;
            for k in 0..m {
                if g.dom[k] & back != 0 {
                    grow |= 1 << g.cell_val[base + k];
                }
            }
            if grow == back {
                return back == all;
            }
            back = grow;
        }
    }

    /// Tarjan's components of the value graph of the house at `base` with `m` open cells:
    /// `gac.comp[v]` is the component of matched value `v`.
    fn scc(&mut self, base: usize, m: usize) {
        let g = &mut self.gac;
        let mut matched = 0u128;
        for k in 0..m {
            matched |= 1 << g.cell_val[base + k];
        }
        let HouseGac {
            dom,
            val_cell,
            tarjan,
            comp,
            ..
        } = g;
        let succ = |u: usize| dom[val_cell[base + u] as usize] & !(1 << u);
        tarjan.run(matched, 0, succ, comp);
    }
}
