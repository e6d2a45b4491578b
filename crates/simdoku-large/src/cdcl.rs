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
//! recursive minimisation (and, as an option, shrinking: each lower level's literals replaced
//! by their UIP there), EVSIDS branching (a binary heap) with phase saving, decisions set a
//! variable true first (a value placed in a cell), Luby restarts, and a learned-clause database
//! cut by literal block distance (LBD) at restarts.
//!
//! Until the first solution, decisions follow the *target phase* (Biere and Fleury, "Chasing
//! target phases", 2020): the values of the longest conflict-free assignment met so far, so
//! that the search keeps extending its best partial solution instead of wandering, and restarts
//! are five times rarer. On the hardness peak of mixed grids this is what makes the difference
//! (`docs/notes/2026-11-25-large-target-phase.md`). Once a solution is found the rest of the
//! search is mostly a proof that no other exists, where plain phase saving and frequent restarts
//! are faster, so the search switches to them.
//!
//! Counting past the first solution: each solution adds the clause that negates its decisions
//! (propagation from the decisions derived every other variable, so the clause excludes exactly
//! that solution) and the search goes back one level, where that clause flips the last
//! decision; a solution without decisions ends it. The search is complete, so counts are exact.
//!
//! # Modules (each imports only this file's types; this file imports only `order`)
//! * `cdcl` (this file): settings, stats, the state ([`Cdcl`]) and the main loop ([`Cdcl::run`]);
//! * `model`: variables, exactly-one groups and their clauses, from the candidates;
//! * `propagate`: watch lists (a binary clause propagates from its marked watch alone), unit
//!   propagation, assignment and backtracking;
//! * `analyze`: first-UIP learning, minimisation, shrinking, LBD, blocking a visited solution;
//! * `reduce`: the learned-clause database cut at restarts;
//! * `order`: EVSIDS activities and the variable heap;
//! * `tests`: binary clauses through their marked watches against the same clauses visited.
//! * `exchange`: the clauses and stop flag shared with the other searches of a portfolio
//!   ([`crate::portfolio`]).

use std::ops::ControlFlow;
use std::time::Instant;

use crate::restart::Restarts;
use order::VarOrder;

mod analyze;
mod exchange;
mod model;
mod order;
mod propagate;
mod reduce;
#[cfg(test)]
mod tests;

/// A literal: `2 * var` for "var true", `2 * var + 1` for "var false".
type Lit = u32;

const NO_REASON: u32 = u32::MAX;
/// Reason tag: an at-most-one group's binary clause `!x | !y`, whose other (false) literal is in
/// the low bits.
const BIN_TAG: u32 = 1 << 31;
/// Watch flag (high bit of `Watch::cref`): the clause is binary, its other literal is the
/// watch's blocker.
const BIN_WATCH: u32 = 1 << 31;
/// Clause header words: size, info (LBD << 1 | learnt), activity (f32 bits).
const HEADER: usize = 3;
/// Groups a variable can be in: its cell, row, column, box and both diagonals.
const GROUPS: usize = 6;

/// Search settings (the defaults are the measured best).
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, for measurements
pub struct CdclConfig {
    /// Conflicts per Luby unit between restarts until the first solution.
    pub restart_unit: u64,
    /// Conflicts per Luby unit between restarts after the first solution.
    pub count_restart_unit: u64,
    /// Until the first solution, decide each variable as in the longest conflict-free
    /// assignment seen (target phase) instead of its last value.
    pub target_phase: bool,
    /// Decide "true" for variables never assigned before (else "false").
    pub positive_phase: bool,
    /// Keep the last value of each variable as its next decision (phase saving).
    pub phase_saving: bool,
    /// Variable activity decay per conflict (EVSIDS).
    pub decay: f64,
    /// Restarts keep the decisions that would be made again first (trail reuse).
    pub reuse_trail: bool,
    /// Shrink each learned clause: a lower level's literals replaced by their UIP there (off:
    /// fewer literals, but through the command line it solved fewer held-out grids; see
    /// docs/notes/2026-11-26-large-threads.md).
    pub shrink: bool,
}

impl Default for CdclConfig {
    fn default() -> CdclConfig {
        CdclConfig {
            restart_unit: 500,
            count_restart_unit: 100,
            target_phase: true,
            positive_phase: true,
            phase_saving: true,
            decay: 0.95,
            reuse_trail: true,
            shrink: false,
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
    /// Literals propagated (taken from the queue): with `conflicts`, the work per conflict.
    pub propagations: u64,
    /// Whether the deadline stopped the search.
    pub timed_out: bool,
}

/// A watch of a clause: its start in the arena (with `BIN_WATCH` set when the
/// clause is binary) and a literal of it that, when true, satisfies it (the other literal of a
/// binary clause).
#[derive(Clone, Copy, Debug)]
struct Watch {
    cref: u32,
    blocker: Lit,
}

/// An assigned variable's decision level and reason (`NO_REASON` for a decision or a root
/// unit, `BIN_TAG | other literal` for an at-most-one group, else its clause).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VarInfo {
    level: u32,
    reason: u32,
}

/// A conflict: a clause whose literals are all false, or a binary one (its two literals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conflict {
    Clause(u32),
    Bin(Lit, Lit),
}

/// The solver state; its vectors are reused from one search to the next.
#[derive(Clone, Debug)]
pub struct Cdcl {
    cfg: CdclConfig,
    model: Model,

    // The assignment (`propagate`).
    /// Per literal: 1 true, -1 false, 0 unassigned.
    lval: Vec<i8>,
    /// Per variable: its level and reason, side by side (assignment writes both, analysis
    /// reads both).
    vinfo: Vec<VarInfo>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,

    clauses: ClauseDb,
    order: VarOrder,
    /// Per variable, the value of its next decision (saved phase, or the hint's).
    phase: Vec<bool>,
    /// The target phase: each variable's value in the longest conflict-free assignment seen,
    /// of `target_len` variables.
    target: Vec<bool>,
    target_len: usize,
    analysis: Analysis,
    stats: CdclStats,
    /// Stop (as if timed out) after this many conflicts: a fixed workload for measurements.
    conflict_limit: Option<u64>,
    /// The portfolio this search belongs to, if any (`exchange`).
    link: Option<crate::portfolio::Link>,
}

/// The variables and their exactly-one groups (`model`).
#[derive(Clone, Debug, Default)]
struct Model {
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
}

/// The clauses, original and learned, and their watch lists (`propagate`, `reduce`).
#[derive(Clone, Debug, Default)]
struct ClauseDb {
    arena: Vec<u32>,
    originals: Vec<u32>,
    learnts: Vec<u32>,
    watches: Vec<Vec<Watch>>,
    max_learnts: usize,
}

/// Scratch space of conflict analysis (`analyze`).
#[derive(Clone, Debug, Default)]
struct Analysis {
    seen: Vec<u8>,
    learnt: Vec<Lit>,
    to_clear: Vec<u32>,
    dfs: Vec<(u32, u32)>,
    /// The clause being shrunk (`analyze`).
    shrunk: Vec<Lit>,
    level_stamp: Vec<u64>,
    stamp: u64,
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
            model: Model::default(),
            lval: Vec::new(),
            vinfo: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            clauses: ClauseDb::default(),
            order: VarOrder::default(),
            phase: Vec::new(),
            target: Vec::new(),
            target_len: 0,
            analysis: Analysis::default(),
            stats: CdclStats::default(),
            conflict_limit: None,
            link: None,
        }
    }
}

impl Default for Cdcl {
    fn default() -> Cdcl {
        Cdcl::new(CdclConfig::default())
    }
}

impl Cdcl {
    /// Stops each later search after `limit` conflicts (reported as timed out), or never:
    /// a workload that does not depend on the machine's speed, for measurements.
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        self.conflict_limit = limit;
    }

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
        self.start_link();
        if let Some(h) = hint {
            for v in 0..self.model.ncell_vars {
                self.phase[v] = h[self.model.var_cell[v] as usize] == self.model.var_value[v] + 1;
            }
        }
        self.target.clone_from(&self.phase);
        self.target_len = 0;
        // Target phase and rare restarts until the first solution, then phase saving.
        let mut chasing = self.cfg.target_phase;
        let mut restarts = Restarts::new(self.cfg.restart_unit);
        let mut ticks = 0u32;
        loop {
            let confl = self.propagate();
            if let Some(confl) = confl {
                self.stats.conflicts += 1;
                if self.trail_lim.is_empty() {
                    return self.stats;
                }
                if chasing {
                    self.update_target();
                }
                let back = self.analyze(confl);
                self.cancel_until(back);
                self.add_learnt();
                self.offer_learnt();
                self.order.decay(self.cfg.decay);
                if self
                    .conflict_limit
                    .is_some_and(|m| self.stats.conflicts >= m)
                    || self.stats.conflicts.is_multiple_of(64) && self.halted(deadline)
                {
                    self.stats.timed_out = true;
                    return self.stats;
                }
                continue;
            }
            if restarts.due(self.stats.conflicts) {
                if self.clauses.learnts.len() >= self.clauses.max_learnts {
                    self.cancel_until(0);
                    self.reduce();
                } else {
                    let keep = self.reused_levels();
                    self.cancel_until(keep);
                }
                if !self.take_shared() {
                    return self.stats;
                }
            }
            ticks = ticks.wrapping_add(1);
            if ticks.is_multiple_of(1024) && self.halted(deadline) {
                self.stats.timed_out = true;
                return self.stats;
            }
            let Some(v) = self.pick() else {
                // Every variable assigned, no conflict: a solution.
                for v in 0..self.model.ncell_vars {
                    if self.lval[pos(v) as usize] == 1 {
                        out[self.model.var_cell[v] as usize] = self.model.var_value[v] + 1;
                    }
                }
                self.stats.solutions += 1;
                if visitor(out).is_break() || self.trail_lim.is_empty() {
                    return self.stats;
                }
                chasing = false;
                restarts.set_unit(self.cfg.count_restart_unit);
                self.block_solution();
                continue;
            };
            self.stats.decisions += 1;
            let value = if chasing {
                self.target[v]
            } else {
                self.phase[v]
            };
            let l = if value { pos(v) } else { pos(v) | 1 };
            self.trail_lim.push(self.trail.len());
            self.assign(l, NO_REASON);
        }
    }

    /// At a conflict: the levels below the current one propagated without conflict; when they
    /// hold more variables than the target, they become the target.
    fn update_target(&mut self) {
        let n = self.trail_lim.last().copied().unwrap_or(0);
        if n > self.target_len {
            self.target_len = n;
            for &l in &self.trail[..n] {
                self.target[var(l)] = l & 1 == 0;
            }
        }
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
        self.order.insert(next as u32);
        let top = self.order.activity(next);
        self.trail_lim
            .iter()
            .take_while(|&&start| self.order.activity(var(self.trail[start])) > top)
            .count()
    }

    /// The unassigned variable of highest activity.
    fn pick(&mut self) -> Option<usize> {
        loop {
            let v = self.order.pop()? as usize;
            if self.lval[pos(v) as usize] == 0 {
                return Some(v);
            }
        }
    }
}
