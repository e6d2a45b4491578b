//! A clause-learning search over the cells left open by root propagation.
//!
//! # Model
//! One boolean variable per (open cell, candidate value) pair left after propagating the givens
//! (singles, GAC, box/line). Exactly-one groups: each open cell takes one of its candidates, and
//! each value not yet placed in a house goes to one of its places there. "At most one" is
//! propagated natively (a variable set true sets the others of its groups false, the reason being
//! the binary clause `!x | !y`); "at least one" is an ordinary clause.
//!
//! # Search
//! Conflict-driven clause learning: two watched literals with blockers, first-UIP learning with
//! recursive minimisation, EVSIDS branching (a binary heap) with phase saving, decisions set a
//! variable true first (a value placed in a cell), Luby restarts, and a learned-clause database
//! cut by literal block distance (LBD) at restarts.
//!
//! Counting past the first solution: each solution adds the clause that negates its decisions
//! (propagation from the decisions derived every other variable, so the clause excludes exactly
//! that solution) and the search goes back one level, where that clause flips the last
//! decision; a solution without decisions ends it. The search is complete, so counts are exact.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::restart::luby;

/// A literal: `2 * var` for "var true", `2 * var + 1` for "var false".
type Lit = u32;

const NO_REASON: u32 = u32::MAX;
/// Reason tag: a binary clause, whose other (false) literal is in the low bits (an at-most-one
/// group: `!x | !y`, or an original binary clause).
const BIN_TAG: u32 = 1 << 31;
/// Clause header words: size, info (LBD << 1 | learnt), activity (f32 bits).
const HEADER: usize = 3;
/// Groups a variable can be in: its cell, row, column, box and both diagonals.
const GROUPS: usize = 6;

/// Search settings (the defaults are the measured best).
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, for measurements
pub struct CdclConfig {
    /// Conflicts per Luby unit between restarts.
    pub restart_unit: u64,
    /// Decide "true" for variables never assigned before (else "false").
    pub positive_phase: bool,
    /// Keep the last value of each variable as its next decision (phase saving).
    pub phase_saving: bool,
    /// Variable activity decay per conflict (EVSIDS).
    pub decay: f64,
    /// Restarts keep the decisions that would be made again first (trail reuse).
    pub reuse_trail: bool,
}

impl Default for CdclConfig {
    fn default() -> CdclConfig {
        CdclConfig {
            restart_unit: 100,
            positive_phase: true,
            phase_saving: true,
            decay: 0.95,
            reuse_trail: true,
        }
    }
}

/// What the search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CdclStats {
    /// Solutions passed to the visitor.
    pub solutions: u64,
    /// Decisions (branch points).
    pub decisions: u64,
    /// Conflicts (each one learns a clause).
    pub conflicts: u64,
    /// Whether the deadline stopped the search.
    pub timed_out: bool,
}

#[derive(Clone, Copy, Debug)]
struct Watch {
    cref: u32,
    blocker: Lit,
}

/// A conflict: a clause whose literals are all false, or a binary one (its two literals).
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Clause(u32),
    Bin(Lit, Lit),
}

/// The solver state; its vectors are reused from one search to the next.
#[derive(Clone, Debug)]
pub struct Cdcl {
    cfg: CdclConfig,
    nvars: usize,
    /// Variables `0..ncell_vars` are (cell, value) pairs (every variable, now that the model has
    /// no other kind).
    ncell_vars: usize,
    var_cell: Vec<u32>,
    var_value: Vec<u8>,
    /// Groups of each variable: `var_groups[v * GROUPS..][..var_ngroups[v]]`.
    var_groups: Vec<u32>,
    var_ngroups: Vec<u8>,
    /// Members of group `g`: `group_vars[group_start[g]..group_start[g + 1]]`.
    group_vars: Vec<u32>,
    group_start: Vec<u32>,

    /// Per literal: 1 true, -1 false, 0 unassigned.
    lval: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,

    arena: Vec<u32>,
    originals: Vec<u32>,
    learnts: Vec<u32>,
    watches: Vec<Vec<Watch>>,
    /// Original binary clauses: `bins[l]` lists the literals that `l` true implies.
    bins: Vec<Vec<Lit>>,

    activity: Vec<f64>,
    var_inc: f64,
    heap: Vec<u32>,
    heap_pos: Vec<u32>,
    phase: Vec<bool>,

    seen: Vec<u8>,
    learnt: Vec<Lit>,
    stack: Vec<Lit>,
    to_clear: Vec<u32>,
    reason_buf: Vec<Lit>,
    dfs: Vec<(u32, u32)>,
    level_stamp: Vec<u64>,
    stamp: u64,
    max_learnts: usize,
    stats: CdclStats,
}

#[inline]
fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

#[inline]
fn pos(v: usize) -> Lit {
    (v as u32) << 1
}

impl Cdcl {
    /// A solver with settings `cfg`.
    pub fn new(cfg: CdclConfig) -> Cdcl {
        Cdcl {
            cfg,
            nvars: 0,
            ncell_vars: 0,
            var_cell: Vec::new(),
            var_value: Vec::new(),
            var_groups: Vec::new(),
            var_ngroups: Vec::new(),
            group_vars: Vec::new(),
            group_start: Vec::new(),
            lval: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            arena: Vec::new(),
            originals: Vec::new(),
            learnts: Vec::new(),
            watches: Vec::new(),
            bins: Vec::new(),
            activity: Vec::new(),
            var_inc: 1.0,
            heap: Vec::new(),
            heap_pos: Vec::new(),
            phase: Vec::new(),
            seen: Vec::new(),
            learnt: Vec::new(),
            stack: Vec::new(),
            to_clear: Vec::new(),
            reason_buf: Vec::new(),
            dfs: Vec::new(),
            level_stamp: Vec::new(),
            stamp: 0,
            max_learnts: 0,
            stats: CdclStats::default(),
        }
    }
}

impl Default for Cdcl {
    fn default() -> Cdcl {
        Cdcl::new(CdclConfig::default())
    }
}

impl Cdcl {
    /// Searches the grid whose candidates are `dom` (one bitset per cell, after root
    /// propagation; every house of `house_cells` (`side` cells each) must be all-different), calls
    /// `visitor` with each solution (row-major values) until it breaks, and stops at `deadline`.
    /// With `hint` (row-major values, a solution), each cell variable's first decision agrees
    /// with it.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        dom: &[u128],
        house_cells: &[u32],
        side: usize,
        deadline: Option<Instant>,
        hint: Option<&[u8]>,
        out: &mut [u8],
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> CdclStats {
        self.stats = CdclStats::default();
        if !self.build(dom, house_cells, side, out) {
            return self.stats;
        }
        if let Some(h) = hint {
            for v in 0..self.ncell_vars {
                self.phase[v] = h[self.var_cell[v] as usize] == self.var_value[v] + 1;
            }
        }
        let mut restarts = 0u32;
        let mut budget = self.cfg.restart_unit * luby(1);
        let mut conflicts_at_restart = 0u64;
        let mut ticks = 0u32;
        loop {
            let confl = self.propagate();
            if let Some(confl) = confl {
                self.stats.conflicts += 1;
                if self.trail_lim.is_empty() {
                    return self.stats;
                }
                let back = self.analyze(confl);
                self.cancel_until(back);
                self.add_learnt();
                self.decay();
                if self.stats.conflicts.is_multiple_of(64)
                    && deadline.is_some_and(|t| Instant::now() >= t)
                {
                    self.stats.timed_out = true;
                    return self.stats;
                }
                continue;
            }
            if self.stats.conflicts - conflicts_at_restart >= budget {
                restarts += 1;
                budget = self.cfg.restart_unit * luby(restarts + 1);
                conflicts_at_restart = self.stats.conflicts;
                if self.learnts.len() >= self.max_learnts {
                    self.cancel_until(0);
                    self.reduce();
                } else {
                    let keep = self.reused_levels();
                    self.cancel_until(keep);
                }
            }
            ticks = ticks.wrapping_add(1);
            if ticks.is_multiple_of(1024) && deadline.is_some_and(|t| Instant::now() >= t) {
                self.stats.timed_out = true;
                return self.stats;
            }
            let Some(v) = self.pick() else {
                // Every variable assigned, no conflict: a solution.
                for v in 0..self.ncell_vars {
                    if self.lval[pos(v) as usize] == 1 {
                        out[self.var_cell[v] as usize] = self.var_value[v] + 1;
                    }
                }
                self.stats.solutions += 1;
                if visitor(out).is_break() || self.trail_lim.is_empty() {
                    return self.stats;
                }
                self.block_solution();
                continue;
            };
            self.stats.decisions += 1;
            let l = if self.phase[v] { pos(v) } else { pos(v) | 1 };
            self.trail_lim.push(self.trail.len());
            self.assign(l, NO_REASON);
        }
    }

    /// Builds the variables, groups and clauses, and writes the fixed cells' values to `out`;
    /// false when the candidates admit no solution.
    fn build(&mut self, dom: &[u128], house_cells: &[u32], side: usize, out: &mut [u8]) -> bool {
        let cells = dom.len();
        // Variables: (cell, value) for open cells, numbered cell by cell.
        self.var_cell.clear();
        self.var_value.clear();
        // Naked singles to a fixpoint (a no-op after the solver's root propagation): the model
        // has no group for a value that a house has placed, so no open cell may still hold it.
        let mut clean = dom.to_vec();
        let mut blocked = vec![0u128; cells];
        loop {
            blocked.fill(0);
            for hc in house_cells.chunks_exact(side) {
                let mut fixed = 0u128;
                for &c in hc {
                    let d = clean[c as usize];
                    if d.is_power_of_two() {
                        if fixed & d != 0 {
                            return false;
                        }
                        fixed |= d;
                    }
                }
                for &c in hc {
                    blocked[c as usize] |= fixed;
                }
            }
            let mut changed = false;
            for (d, &b) in clean.iter_mut().zip(&blocked) {
                if !d.is_power_of_two() && *d & b != 0 {
                    *d &= !b;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let dom = &clean[..];
        for (o, &d) in out.iter_mut().zip(dom) {
            *o = d.trailing_zeros() as u8 + 1;
        }
        let mut cell_first = vec![u32::MAX; cells];
        for (c, &d) in dom.iter().enumerate() {
            if d == 0 {
                return false;
            }
            if d.is_power_of_two() {
                continue;
            }
            cell_first[c] = self.var_cell.len() as u32;
            let mut m = d;
            while m != 0 {
                self.var_cell.push(c as u32);
                self.var_value.push(m.trailing_zeros() as u8);
                m &= m - 1;
            }
        }
        self.ncell_vars = self.var_cell.len();
        let n = self.var_cell.len();
        self.nvars = n;
        self.var_groups.clear();
        self.var_groups.resize(n * GROUPS, 0);
        self.var_ngroups.clear();
        self.var_ngroups.resize(n, 0);
        self.group_vars.clear();
        self.group_start.clear();
        self.group_start.push(0);
        self.lval.clear();
        self.lval.resize(2 * n, 0);
        self.level.clear();
        self.level.resize(n, 0);
        self.reason.clear();
        self.reason.resize(n, NO_REASON);
        self.trail.clear();
        self.trail_lim.clear();
        self.qhead = 0;
        self.arena.clear();
        self.originals.clear();
        self.learnts.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.watches.resize_with(2 * n, Vec::new);
        for b in &mut self.bins {
            b.clear();
        }
        self.bins.resize_with(2 * n, Vec::new);
        self.activity.clear();
        self.activity.resize(n, 0.0);
        self.var_inc = 1.0;
        self.phase.clear();
        self.phase.resize(n, self.cfg.positive_phase);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.level_stamp.clear();
        self.level_stamp.resize(n + 1, 0);
        self.stamp = 0;
        let mut units: Vec<Lit> = Vec::new();

        // Cell groups.
        for c in 0..cells {
            if cell_first[c] == u32::MAX {
                continue;
            }
            let first = cell_first[c] as usize;
            let k = dom[c].count_ones() as usize;
            self.add_group(first..first + k, &mut units);
        }
        // (house, value) groups for values no fixed cell of the house holds.
        let houses = house_cells.len() / side;
        let mut members: Vec<u32> = Vec::with_capacity(side);
        for h in 0..houses {
            let hc = &house_cells[h * side..(h + 1) * side];
            let mut fixed = 0u128;
            for &c in hc {
                let d = dom[c as usize];
                if d.is_power_of_two() {
                    if fixed & d != 0 {
                        return false;
                    }
                    fixed |= d;
                }
            }
            for v in 0..side {
                let bit = 1u128 << v;
                if fixed & bit != 0 {
                    continue;
                }
                members.clear();
                for &c in hc {
                    let d = dom[c as usize];
                    if d & bit != 0 {
                        let below = (d & (bit - 1)).count_ones();
                        members.push(cell_first[c as usize] + below);
                    }
                }
                let start = self.group_vars.len();
                self.group_vars.extend_from_slice(&members);
                self.finish_group(start, &mut units);
            }
        }
        if units.contains(&u32::MAX) {
            return false;
        }
        // Initial order: variables of cells with fewer candidates first.
        for v in 0..self.ncell_vars {
            let c = self.var_cell[v] as usize;
            self.activity[v] = 1.0 / f64::from(dom[c].count_ones());
        }
        self.heap.clear();
        self.heap_pos.clear();
        self.heap_pos.resize(n, u32::MAX);
        for v in 0..n {
            self.heap_insert(v as u32);
        }
        self.max_learnts = (self.originals.len() / 3).max(2000);
        for l in units {
            match self.lval[l as usize] {
                1 => {}
                -1 => return false,
                _ => self.assign(l, NO_REASON),
            }
        }
        true
    }

    fn add_group(&mut self, vars: std::ops::Range<usize>, units: &mut Vec<Lit>) {
        let start = self.group_vars.len();
        self.group_vars.extend(vars.map(|v| v as u32));
        self.finish_group(start, units);
    }

    /// Registers the group whose members were just appended from `start`: its variables learn
    /// their group, and its "at least one" clause is added (a unit when it has one member; a
    /// `u32::MAX` unit when it has none, i.e. no solution).
    fn finish_group(&mut self, start: usize, units: &mut Vec<Lit>) {
        let end = self.group_vars.len();
        match end - start {
            0 => {
                units.push(u32::MAX);
                self.group_vars.truncate(start);
                return;
            }
            1 => {
                units.push(pos(self.group_vars[start] as usize));
                self.group_vars.truncate(start);
                return;
            }
            _ => {}
        }
        let g = self.group_start.len() as u32 - 1;
        self.group_start.push(end as u32);
        for i in start..end {
            let v = self.group_vars[i] as usize;
            let k = self.var_ngroups[v] as usize;
            self.var_groups[v * GROUPS + k] = g;
            self.var_ngroups[v] += 1;
        }
        let cref = self.arena.len() as u32;
        self.arena.push((end - start) as u32);
        self.arena.push(0);
        self.arena.push(0);
        for i in start..end {
            self.arena.push(pos(self.group_vars[i] as usize));
        }
        self.originals.push(cref);
        self.watch_clause(cref);
    }

    fn watch_clause(&mut self, cref: u32) {
        let c = cref as usize + HEADER;
        let (a, b) = (self.arena[c], self.arena[c + 1]);
        self.watches[a as usize].push(Watch { cref, blocker: b });
        self.watches[b as usize].push(Watch { cref, blocker: a });
    }

    #[inline]
    fn assign(&mut self, l: Lit, reason: u32) {
        self.lval[l as usize] = 1;
        self.lval[(l ^ 1) as usize] = -1;
        let v = var(l);
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let x = var(p);
            if p & 1 == 0 {
                // At most one per group.
                for k in 0..self.var_ngroups[x] as usize {
                    let g = self.var_groups[x * GROUPS + k] as usize;
                    let (s, e) = (
                        self.group_start[g] as usize,
                        self.group_start[g + 1] as usize,
                    );
                    for i in s..e {
                        let y = self.group_vars[i] as usize;
                        if y == x {
                            continue;
                        }
                        match self.lval[pos(y) as usize] {
                            0 => self.assign(pos(y) | 1, BIN_TAG | (pos(x) | 1)),
                            1 => return Some(Conflict::Bin(pos(x) | 1, pos(y) | 1)),
                            _ => {}
                        }
                    }
                }
            }
            for k in 0..self.bins[p as usize].len() {
                let q = self.bins[p as usize][k];
                match self.lval[q as usize] {
                    0 => self.assign(q, BIN_TAG | (p ^ 1)),
                    -1 => return Some(Conflict::Bin(p ^ 1, q)),
                    _ => {}
                }
            }
            let fl = p ^ 1;
            let mut ws = std::mem::take(&mut self.watches[fl as usize]);
            let (mut i, mut j) = (0, 0);
            let mut confl = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.lval[w.blocker as usize] == 1 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let c = w.cref as usize + HEADER;
                if self.arena[c] == fl {
                    self.arena.swap(c, c + 1);
                }
                let first = self.arena[c];
                if first != w.blocker && self.lval[first as usize] == 1 {
                    ws[j] = Watch {
                        cref: w.cref,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                let size = self.arena[c - HEADER] as usize;
                let mut moved = false;
                for k in 2..size {
                    let l = self.arena[c + k];
                    if self.lval[l as usize] != -1 {
                        self.arena[c + 1] = l;
                        self.arena[c + k] = fl;
                        self.watches[l as usize].push(Watch {
                            cref: w.cref,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = Watch {
                    cref: w.cref,
                    blocker: first,
                };
                j += 1;
                if self.lval[first as usize] == -1 {
                    confl = Some(Conflict::Clause(w.cref));
                    while i < ws.len() {
                        ws[j] = ws[i];
                        j += 1;
                        i += 1;
                    }
                } else {
                    self.assign(first, w.cref);
                }
            }
            ws.truncate(j);
            self.watches[fl as usize] = ws;
            if confl.is_some() {
                return confl;
            }
        }
        None
    }

    /// Pushes onto `self.stack` the false literals of the reason of variable `v` (or of a
    /// conflict), other than `v`'s own literal.
    fn reason_lits(&mut self, reason: u32, skip: usize) {
        self.stack.clear();
        if reason & BIN_TAG != 0 {
            self.stack.push(reason & !BIN_TAG);
        } else {
            let c = reason as usize + HEADER;
            let size = self.arena[c - HEADER] as usize;
            for k in 0..size {
                let l = self.arena[c + k];
                if var(l) != skip {
                    self.stack.push(l);
                }
            }
        }
    }

    /// First-UIP learning into `self.learnt` (asserting literal first, then the literal of the
    /// highest other level); returns the level to go back to.
    fn analyze(&mut self, confl: Conflict) -> usize {
        let current = self.trail_lim.len() as u32;
        self.learnt.clear();
        self.learnt.push(0);
        let mut path = 0usize;
        let mut index = self.trail.len();
        let mut lits = std::mem::take(&mut self.reason_buf);
        lits.clear();
        match confl {
            Conflict::Clause(c) => {
                self.bump_clause(c);
                self.reason_lits(c, usize::MAX);
                lits.extend_from_slice(&self.stack);
            }
            Conflict::Bin(a, b) => {
                lits.push(a);
                lits.push(b);
            }
        }
        let p = loop {
            for &q in &lits {
                let v = var(q);
                if self.seen[v] == 0 && self.level[v] > 0 {
                    self.seen[v] = 1;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        path += 1;
                    } else {
                        self.learnt.push(q);
                    }
                }
            }
            // The latest seen literal on the trail.
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            let v = var(p);
            self.seen[v] = 0;
            path -= 1;
            if path == 0 {
                break p;
            }
            let r = self.reason[v];
            if r & BIN_TAG == 0 {
                self.bump_clause(r);
            }
            self.reason_lits(r, v);
            lits.clear();
            lits.extend_from_slice(&self.stack);
        };
        self.reason_buf = lits;
        self.learnt[0] = p ^ 1;
        self.minimize();
        // Literal of the highest level other than the current one goes second.
        let mut back = 0;
        if self.learnt.len() > 1 {
            let mut best = 1;
            for k in 2..self.learnt.len() {
                if self.level[var(self.learnt[k])] > self.level[var(self.learnt[best])] {
                    best = k;
                }
            }
            self.learnt.swap(1, best);
            back = self.level[var(self.learnt[1])] as usize;
        }
        back
    }

    /// Recursive minimisation: drops a literal whose reason's literals are all in the clause or
    /// implied by it.
    fn minimize(&mut self) {
        // seen marks the clause's literals; to_clear what the check marked.
        self.to_clear.clear();
        for k in 1..self.learnt.len() {
            let v = var(self.learnt[k]);
            self.seen[v] = 1;
            self.to_clear.push(v as u32);
        }
        let mut j = 1;
        for k in 1..self.learnt.len() {
            let l = self.learnt[k];
            let v = var(l);
            if self.reason[v] == NO_REASON || !self.redundant(v) {
                self.learnt[j] = l;
                j += 1;
            }
        }
        self.learnt.truncate(j);
        for &v in &self.to_clear {
            self.seen[v as usize] = 0;
        }
    }

    /// Whether variable `v` (in the clause, with a reason) is implied by the clause's other
    /// literals. Marks what it proves with seen = 1 and what it refutes with seen = 2.
    fn redundant(&mut self, v: usize) -> bool {
        // Explicit depth-first search: stack of (variable, next reason literal index).
        let mut dfs = std::mem::take(&mut self.dfs);
        dfs.clear();
        dfs.push((v as u32, 0));
        let mut ok = true;
        while let Some(&(u, k)) = dfs.last() {
            let u = u as usize;
            let r = self.reason[u];
            let mut k = k as usize;
            let q = if r & BIN_TAG != 0 {
                (k == 0).then_some(r & !BIN_TAG)
            } else {
                let c = r as usize + HEADER;
                let size = self.arena[c - HEADER] as usize;
                while k < size && var(self.arena[c + k]) == u {
                    k += 1;
                }
                (k < size).then(|| self.arena[c + k])
            };
            let top = dfs.len() - 1;
            dfs[top].1 = (k + 1) as u32;
            let Some(q) = q else {
                // All of u's reason is implied: u is too.
                dfs.pop();
                if !dfs.is_empty() {
                    self.seen[u] = 1;
                    self.to_clear.push(u as u32);
                }
                continue;
            };
            let w = var(q);
            if self.level[w] == 0 || self.seen[w] == 1 {
                continue;
            }
            if self.seen[w] == 2 || self.reason[w] == NO_REASON {
                // Not implied: everything on the path fails too.
                for &(x, _) in &dfs[1..] {
                    self.seen[x as usize] = 2;
                    self.to_clear.push(x);
                }
                ok = false;
                break;
            }
            dfs.push((w as u32, 0));
        }
        self.dfs = dfs;
        ok
    }

    fn lbd(&mut self, lits_from: usize, len: usize) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for k in 0..len {
            let l = if lits_from == usize::MAX {
                self.learnt[k]
            } else {
                self.arena[lits_from + k]
            };
            let lv = self.level[var(l)] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Adds the learned clause (after backjumping) and asserts its first literal.
    fn add_learnt(&mut self) {
        let first = self.learnt[0];
        if self.learnt.len() == 1 {
            self.assign(first, NO_REASON);
            return;
        }
        let lbd = self.lbd(usize::MAX, self.learnt.len());
        let cref = self.arena.len() as u32;
        self.arena.push(self.learnt.len() as u32);
        self.arena.push(lbd << 1 | 1);
        self.arena.push(0f32.to_bits());
        self.arena.extend_from_slice(&self.learnt);
        self.learnts.push(cref);
        self.watch_clause(cref);
        self.bump_clause(cref);
        self.assign(first, cref);
    }

    /// After a solution: the clause negating its decisions `d1 .. dk`. The search goes back to
    /// level `k - 1`, where the clause asserts `!dk` (a depth-first walk over the solutions,
    /// not a restart per solution).
    fn block_solution(&mut self) {
        self.learnt.clear();
        for &start in self.trail_lim.iter().rev() {
            self.learnt.push(self.trail[start] ^ 1);
        }
        let k = self.learnt.len();
        self.cancel_until(k - 1);
        let first = self.learnt[0];
        if k == 1 {
            self.assign(first, NO_REASON);
            return;
        }
        let cref = self.arena.len() as u32;
        self.arena.push(k as u32);
        self.arena.push(0);
        self.arena.push(0);
        self.arena.extend_from_slice(&self.learnt);
        self.originals.push(cref);
        self.watch_clause(cref);
        self.assign(first, cref);
    }

    fn cancel_until(&mut self, level: usize) {
        if self.trail_lim.len() <= level {
            return;
        }
        let start = self.trail_lim[level];
        for k in (start..self.trail.len()).rev() {
            let l = self.trail[k];
            let v = var(l);
            self.lval[l as usize] = 0;
            self.lval[(l ^ 1) as usize] = 0;
            if self.cfg.phase_saving {
                self.phase[v] = l & 1 == 0;
            }
            if self.heap_pos[v] == u32::MAX {
                self.heap_insert(v as u32);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level);
        self.qhead = start;
    }

    /// Drops half of the learned clauses (the highest LBD, then the least active; LBD 2 and
    /// below are kept), then simplifies every clause by the root assignment and rebuilds the
    /// watch lists. Runs at the root only, where no clause is the reason of a variable that
    /// analysis looks at.
    fn reduce(&mut self) {
        debug_assert!(self.trail_lim.is_empty());
        let arena = &self.arena;
        let key = |c: &u32| {
            let c = *c as usize;
            (arena[c + 1] >> 1, std::cmp::Reverse(arena[c + 2]))
        };
        self.learnts.sort_unstable_by_key(key);
        let keep = self.learnts.len() / 2;
        let mut kept: Vec<u32> = Vec::with_capacity(self.learnts.len());
        for (k, &c) in self.learnts.iter().enumerate() {
            if k < keep || self.arena[c as usize + 1] >> 1 <= 2 {
                kept.push(c);
            }
        }
        self.max_learnts += self.max_learnts / 10;
        // Rebuild the arena: originals then the kept learnts, without root-false literals and
        // without root-satisfied clauses.
        let old = std::mem::take(&mut self.arena);
        let mut arena = Vec::with_capacity(old.len());
        let mut originals = Vec::with_capacity(self.originals.len());
        let mut learnts = Vec::with_capacity(kept.len());
        let lists = [std::mem::take(&mut self.originals), kept];
        for (which, list) in lists.iter().enumerate() {
            for &c in list {
                let c = c as usize;
                let size = old[c] as usize;
                let lits = &old[c + HEADER..c + HEADER + size];
                if lits.iter().any(|&l| self.lval[l as usize] == 1) {
                    continue;
                }
                let cref = arena.len() as u32;
                arena.push(0);
                arena.push(old[c + 1]);
                arena.push(old[c + 2]);
                let mut k = 0;
                for &l in lits {
                    if self.lval[l as usize] == 0 {
                        arena.push(l);
                        k += 1;
                    }
                }
                arena[cref as usize] = k;
                debug_assert!(k >= 2, "root propagation left a unit");
                if which == 0 {
                    originals.push(cref);
                } else {
                    learnts.push(cref);
                }
            }
        }
        self.arena = arena;
        self.originals = originals;
        self.learnts = learnts;
        for w in &mut self.watches {
            w.clear();
        }
        for k in 0..self.originals.len() {
            self.watch_clause(self.originals[k]);
        }
        for k in 0..self.learnts.len() {
            self.watch_clause(self.learnts[k]);
        }
        for &l in &self.trail {
            self.reason[var(l)] = NO_REASON;
        }
    }

    // ------------------------------------------------------------ activity and the heap

    fn bump_clause(&mut self, cref: u32) {
        let c = cref as usize;
        if self.arena[c + 1] & 1 != 0 {
            let a = f32::from_bits(self.arena[c + 2]) + 1.0;
            self.arena[c + 2] = a.to_bits();
        }
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        if self.heap_pos[v] != u32::MAX {
            self.heap_up(self.heap_pos[v] as usize);
        }
    }

    fn decay(&mut self) {
        self.var_inc /= self.cfg.decay;
    }

    /// Partial restart (trail reuse): the decision levels that a restart would make again at
    /// once, those whose decision is more active than every unassigned variable.
    fn reused_levels(&mut self) -> usize {
        if !self.cfg.reuse_trail {
            return 0;
        }
        let Some(next) = self.pick() else {
            return 0;
        };
        self.heap_insert(next as u32);
        let top = self.activity[next];
        self.trail_lim
            .iter()
            .take_while(|&&start| self.activity[var(self.trail[start])] > top)
            .count()
    }

    /// The unassigned variable of highest activity.
    fn pick(&mut self) -> Option<usize> {
        loop {
            let v = self.heap_pop()? as usize;
            if self.lval[pos(v) as usize] == 0 {
                return Some(v);
            }
        }
    }

    fn heap_insert(&mut self, v: u32) {
        self.heap_pos[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.heap_up(self.heap.len() - 1);
    }

    fn heap_pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("heap");
        self.heap_pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.heap_pos[last as usize] = 0;
            self.heap_down(0);
        }
        Some(top)
    }

    fn heap_up(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.activity[v as usize];
        while i > 0 {
            let p = (i - 1) / 2;
            let pv = self.heap[p];
            if self.activity[pv as usize] >= a {
                break;
            }
            self.heap[i] = pv;
            self.heap_pos[pv as usize] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.heap_pos[v as usize] = i as u32;
    }

    fn heap_down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let a = self.activity[v as usize];
        let len = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= len {
                break;
            }
            let r = l + 1;
            let c = if r < len
                && self.activity[self.heap[r] as usize] > self.activity[self.heap[l] as usize]
            {
                r
            } else {
                l
            };
            let cv = self.heap[c];
            if self.activity[cv as usize] <= a {
                break;
            }
            self.heap[i] = cv;
            self.heap_pos[cv as usize] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.heap_pos[v as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, Rng};
    use crate::grid::{LargeGrid, check_solution, houses};
    use crate::solver::{Config, Learn, Solver};
    use std::collections::HashSet;

    /// Every solution of `p` (up to `limit`) by the learning search run straight on the givens
    /// (no root propagation), each checked by the rules.
    fn cdcl_solutions(p: &LargeGrid, x: bool, cfg: CdclConfig, limit: usize) -> HashSet<Vec<u8>> {
        let n = p.box_size().unwrap();
        let side = n * n;
        let full = if side == 128 {
            u128::MAX
        } else {
            (1u128 << side) - 1
        };
        let dom: Vec<u128> = p
            .cells()
            .iter()
            .map(|&v| if v == 0 { full } else { 1 << (v - 1) })
            .collect();
        let house_cells: Vec<u32> = houses(n, x)
            .into_iter()
            .flat_map(|(_, cs)| cs.into_iter().map(|c| c as u32))
            .collect();
        let mut out = vec![0; side * side];
        let mut seen = HashSet::new();
        let mut cdcl = Cdcl::new(cfg);
        let st = cdcl.run(&dom, &house_cells, side, None, None, &mut out, &mut |s| {
            let g = LargeGrid::from_cells(n, s.to_vec()).unwrap();
            check_solution(p, &g, x).unwrap_or_else(|v| panic!("{v}"));
            assert!(seen.insert(s.to_vec()), "a solution visited twice");
            if seen.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(st.solutions as usize, seen.len());
        seen
    }

    #[test]
    fn counts_match_the_dom_wdeg_search_from_raw_givens() {
        // With and without trail reuse and phase saving, plain and X, 4x4 to 16x16:
        // the same solution sets as the search without learning.
        let off = Config {
            learn: Learn::Off,
            ..Config::default()
        };
        let cfgs = [
            CdclConfig::default(),
            CdclConfig {
                reuse_trail: false,
                positive_phase: false,
                ..CdclConfig::default()
            },
            CdclConfig {
                phase_saving: false,
                restart_unit: 8,
                ..CdclConfig::default()
            },
        ];
        let mut rng = Rng::new(21);
        let mut multi = 0;
        for (n, x, keep) in [
            (2, false, 4),
            (2, true, 3),
            (3, false, 26),
            (3, true, 22),
            (4, false, 120),
        ] {
            for round in 0..12 {
                let full = if x {
                    generate::solution_grid_x(n, &mut rng, std::time::Duration::from_secs(10))
                        .unwrap()
                } else {
                    generate::solution_grid(n, &mut rng)
                };
                let p = generate::remove_cells(&full, keep + round % 3, &mut rng);
                let mut want = HashSet::new();
                Solver::new(n, x, off).visit(&p, None, &mut |s| {
                    want.insert(s.to_vec());
                    if want.len() >= 300 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                for cfg in cfgs {
                    let got = cdcl_solutions(&p, x, cfg, 300);
                    assert_eq!(got.len(), want.len(), "n {n} x {x} round {round} {cfg:?}");
                    if want.len() < 300 {
                        assert_eq!(got, want, "n {n} x {x} round {round} {cfg:?}");
                    }
                }
                multi += usize::from(want.len() > 1);
            }
        }
        assert!(
            multi > 10,
            "the test meets grids with several solutions ({multi})"
        );
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        // Two 1s in row 0 of a 4x4; and a 9x9 whose givens force a cell empty.
        let mut g = LargeGrid::empty(2);
        g.set(0, 0, 1);
        g.set(0, 3, 1);
        assert!(cdcl_solutions(&g, false, CdclConfig::default(), 10).is_empty());
        let mut g = LargeGrid::empty(3);
        for (c, v) in [
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
            (8, 8),
        ] {
            g.set(1, c, v);
        }
        g.set(2, 0, 9);
        assert!(cdcl_solutions(&g, false, CdclConfig::default(), 10).is_empty());
    }
}
