//! Unit propagation: at-most-one groups natively (a variable set true sets the others of its
//! groups false), original binary clauses from `bins`, longer clauses by two watched literals
//! with blockers; assignment and backtracking (with phase saving).

use super::{BIN_TAG, Cdcl, Conflict, GROUPS, HEADER, Lit, Watch, pos, var};

impl Cdcl {
    pub(super) fn watch_clause(&mut self, cref: u32) {
        let c = cref as usize + HEADER;
        let (a, b) = (self.clauses.arena[c], self.clauses.arena[c + 1]);
        self.clauses.watches[a as usize].push(Watch { cref, blocker: b });
        self.clauses.watches[b as usize].push(Watch { cref, blocker: a });
    }

    #[inline]
    pub(super) fn assign(&mut self, l: Lit, reason: u32) {
        self.lval[l as usize] = 1;
        self.lval[(l ^ 1) as usize] = -1;
        let v = var(l);
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let x = var(p);
            if p & 1 == 0 {
                // At most one per group.
                for k in 0..self.model.var_ngroups[x] as usize {
                    let g = self.model.var_groups[x * GROUPS + k] as usize;
                    let (s, e) = (
                        self.model.group_start[g] as usize,
                        self.model.group_start[g + 1] as usize,
                    );
                    for i in s..e {
                        let y = self.model.group_vars[i] as usize;
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
            for k in 0..self.clauses.bins[p as usize].len() {
                let q = self.clauses.bins[p as usize][k];
                match self.lval[q as usize] {
                    0 => self.assign(q, BIN_TAG | (p ^ 1)),
                    -1 => return Some(Conflict::Bin(p ^ 1, q)),
                    _ => {}
                }
            }
            let fl = p ^ 1;
            let mut ws = std::mem::take(&mut self.clauses.watches[fl as usize]);
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
                if self.clauses.arena[c] == fl {
                    self.clauses.arena.swap(c, c + 1);
                }
                let first = self.clauses.arena[c];
                if first != w.blocker && self.lval[first as usize] == 1 {
                    ws[j] = Watch {
                        cref: w.cref,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                let size = self.clauses.arena[c - HEADER] as usize;
                let mut moved = false;
                for k in 2..size {
                    let l = self.clauses.arena[c + k];
                    if self.lval[l as usize] != -1 {
                        self.clauses.arena[c + 1] = l;
                        self.clauses.arena[c + k] = fl;
                        self.clauses.watches[l as usize].push(Watch {
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
            self.clauses.watches[fl as usize] = ws;
            if confl.is_some() {
                return confl;
            }
        }
        None
    }

    pub(super) fn cancel_until(&mut self, level: usize) {
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
            if !self.order.contains(v) {
                self.order.insert(v as u32);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level);
        self.qhead = start;
    }
}
