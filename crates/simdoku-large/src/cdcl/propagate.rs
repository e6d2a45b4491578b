//! Unit propagation: at-most-one groups natively (a variable set true sets the others of its
//! groups false), clauses by two watched literals with blockers (a binary clause's watch is
//! marked, and propagates from the watch alone, without visiting the clause); assignment and
//! backtracking (with phase saving).
//!
//! The loops work on local borrows of the vectors they touch (`Assign` for the assignment), so
//! that the compiler keeps their addresses and lengths in registers instead of reloading them
//! from `self` after every store.

use super::{BIN_TAG, BIN_WATCH, Cdcl, Conflict, GROUPS, HEADER, Lit, VarInfo, Watch, var};

/// The assignment, borrowed for one propagation.
struct Assign<'a> {
    lval: &'a mut [i8],
    vinfo: &'a mut [VarInfo],
    trail: &'a mut Vec<Lit>,
    at: u32,
}

impl Assign<'_> {
    #[inline(always)]
    fn set(&mut self, l: Lit, reason: u32) {
        self.lval[l as usize] = 1;
        self.lval[(l ^ 1) as usize] = -1;
        self.vinfo[var(l)] = VarInfo {
            level: self.at,
            reason,
        };
        self.trail.push(l);
    }
}

impl Cdcl {
    pub(super) fn watch_clause(&mut self, cref: u32) {
        debug_assert!(cref & BIN_WATCH == 0, "the arena outgrew the watch's flag");
        let c = cref as usize + HEADER;
        let (a, b) = (self.clauses.arena[c], self.clauses.arena[c + 1]);
        let flag = if self.clauses.arena[cref as usize] == 2 {
            BIN_WATCH
        } else {
            0
        };
        let cref = cref | flag;
        self.clauses.watches[a as usize].push(Watch { cref, blocker: b });
        self.clauses.watches[b as usize].push(Watch { cref, blocker: a });
    }

    #[inline]
    pub(super) fn assign(&mut self, l: Lit, reason: u32) {
        self.lval[l as usize] = 1;
        self.lval[(l ^ 1) as usize] = -1;
        self.vinfo[var(l)] = VarInfo {
            level: self.trail_lim.len() as u32,
            reason,
        };
        self.trail.push(l);
    }

    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        let mut a = Assign {
            at: self.trail_lim.len() as u32,
            lval: &mut self.lval,
            vinfo: &mut self.vinfo,
            trail: &mut self.trail,
        };
        let var_groups = &self.model.var_groups[..];
        let var_ngroups = &self.model.var_ngroups[..];
        let group_start = &self.model.group_start[..];
        let group_vars = &self.model.group_vars[..];
        let arena = &mut self.clauses.arena[..];
        let watches = &mut self.clauses.watches[..];
        let mut qhead = self.qhead;
        let mut confl = None;
        'queue: while qhead < a.trail.len() {
            let p = a.trail[qhead];
            qhead += 1;
            let x = var(p);
            if p & 1 == 0 {
                // At most one per group.
                let reason = BIN_TAG | (p | 1);
                let k = var_ngroups[x] as usize;
                for &g in &var_groups[x * GROUPS..x * GROUPS + k] {
                    let g = g as usize;
                    let (s, e) = (group_start[g] as usize, group_start[g + 1] as usize);
                    for &y in &group_vars[s..e] {
                        let ny = (y << 1) | 1;
                        match a.lval[ny as usize] {
                            0 => a.set(ny, reason),
                            -1 if y as usize != x => {
                                confl = Some(Conflict::Bin(p | 1, ny));
                                break 'queue;
                            }
                            _ => {}
                        }
                    }
                }
            }
            let fl = p ^ 1;
            if watches[fl as usize].is_empty() {
                continue;
            }
            let mut ws = std::mem::take(&mut watches[fl as usize]);
            let n = ws.len();
            let (mut i, mut j) = (0, 0);
            while i < n {
                let w = ws[i];
                i += 1;
                let bval = a.lval[w.blocker as usize];
                if bval == 1 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.cref & BIN_WATCH != 0 {
                    // Binary: the blocker is the other literal, unit or false.
                    ws[j] = w;
                    j += 1;
                    let cref = w.cref & !BIN_WATCH;
                    if bval == 0 {
                        a.set(w.blocker, cref);
                        continue;
                    }
                    // As a visit of the clause leaves it: the other literal first.
                    let c = cref as usize + HEADER;
                    if arena[c] == fl {
                        arena.swap(c, c + 1);
                    }
                    confl = Some(Conflict::Clause(cref));
                    break;
                }
                let c = w.cref as usize + HEADER;
                if arena[c] == fl {
                    arena.swap(c, c + 1);
                }
                let first = arena[c];
                if first != w.blocker && a.lval[first as usize] == 1 {
                    ws[j] = Watch {
                        cref: w.cref,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                let size = arena[c - HEADER] as usize;
                let lits = &mut arena[c..c + size];
                if let Some(k) = lits[2..].iter().position(|&l| a.lval[l as usize] != -1) {
                    let l = lits[k + 2];
                    lits[1] = l;
                    lits[k + 2] = fl;
                    watches[l as usize].push(Watch {
                        cref: w.cref,
                        blocker: first,
                    });
                    continue;
                }
                ws[j] = Watch {
                    cref: w.cref,
                    blocker: first,
                };
                j += 1;
                if a.lval[first as usize] == -1 {
                    confl = Some(Conflict::Clause(w.cref));
                    break;
                }
                a.set(first, w.cref);
            }
            if confl.is_some() {
                // Keep the watches not visited.
                ws.copy_within(i..n, j);
                j += n - i;
            }
            ws.truncate(j);
            watches[fl as usize] = ws;
            if confl.is_some() {
                break;
            }
        }
        self.stats.propagations += (qhead - self.qhead) as u64;
        self.qhead = qhead;
        confl
    }

    pub(super) fn cancel_until(&mut self, level: usize) {
        if self.trail_lim.len() <= level {
            return;
        }
        let start = self.trail_lim[level];
        let saving = self.cfg.phase_saving;
        let lval = &mut self.lval[..];
        let phase = &mut self.phase[..];
        for &l in self.trail[start..].iter().rev() {
            let v = var(l);
            lval[l as usize] = 0;
            lval[(l ^ 1) as usize] = 0;
            if saving {
                phase[v] = l & 1 == 0;
            }
            if !self.order.contains(v) {
                self.order.insert(v as u32);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level);
        self.qhead = start;
    }
}
