//! Conflict analysis: the first-UIP clause, its recursive minimisation, its literal block
//! distance (LBD), adding it and asserting its first literal; the clause that blocks a
//! solution already visited (for counting).

use super::{BIN_TAG, Cdcl, Conflict, HEADER, NO_REASON, var};

impl Cdcl {
    /// Pushes onto `self.analysis.stack` the false literals of the reason of variable `v` (or of a
    /// conflict), other than `v`'s own literal.
    pub(super) fn reason_lits(&mut self, reason: u32, skip: usize) {
        self.analysis.stack.clear();
        if reason & BIN_TAG != 0 {
            self.analysis.stack.push(reason & !BIN_TAG);
        } else {
            let c = reason as usize + HEADER;
            let size = self.clauses.arena[c - HEADER] as usize;
            for k in 0..size {
                let l = self.clauses.arena[c + k];
                if var(l) != skip {
                    self.analysis.stack.push(l);
                }
            }
        }
    }

    /// First-UIP learning into `self.analysis.learnt` (asserting literal first, then the literal of the
    /// highest other level); returns the level to go back to.
    pub(super) fn analyze(&mut self, confl: Conflict) -> usize {
        let current = self.trail_lim.len() as u32;
        self.analysis.learnt.clear();
        self.analysis.learnt.push(0);
        let mut path = 0usize;
        let mut index = self.trail.len();
        let mut lits = std::mem::take(&mut self.analysis.reason_buf);
        lits.clear();
        match confl {
            Conflict::Clause(c) => {
                self.bump_clause(c);
                self.reason_lits(c, usize::MAX);
                lits.extend_from_slice(&self.analysis.stack);
            }
            Conflict::Bin(a, b) => {
                lits.push(a);
                lits.push(b);
            }
        }
        let p = loop {
            for &q in &lits {
                let v = var(q);
                if self.analysis.seen[v] == 0 && self.level[v] > 0 {
                    self.analysis.seen[v] = 1;
                    self.order.bump(v);
                    if self.level[v] >= current {
                        path += 1;
                    } else {
                        self.analysis.learnt.push(q);
                    }
                }
            }
            // The latest seen literal on the trail.
            loop {
                index -= 1;
                if self.analysis.seen[var(self.trail[index])] != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            let v = var(p);
            self.analysis.seen[v] = 0;
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
            lits.extend_from_slice(&self.analysis.stack);
        };
        self.analysis.reason_buf = lits;
        self.analysis.learnt[0] = p ^ 1;
        self.minimize();
        // Literal of the highest level other than the current one goes second.
        let mut back = 0;
        if self.analysis.learnt.len() > 1 {
            let mut best = 1;
            for k in 2..self.analysis.learnt.len() {
                if self.level[var(self.analysis.learnt[k])]
                    > self.level[var(self.analysis.learnt[best])]
                {
                    best = k;
                }
            }
            self.analysis.learnt.swap(1, best);
            back = self.level[var(self.analysis.learnt[1])] as usize;
        }
        back
    }

    /// Recursive minimisation: drops a literal whose reason's literals are all in the clause or
    /// implied by it.
    pub(super) fn minimize(&mut self) {
        // seen marks the clause's literals; to_clear what the check marked.
        self.analysis.to_clear.clear();
        for k in 1..self.analysis.learnt.len() {
            let v = var(self.analysis.learnt[k]);
            self.analysis.seen[v] = 1;
            self.analysis.to_clear.push(v as u32);
        }
        let mut j = 1;
        for k in 1..self.analysis.learnt.len() {
            let l = self.analysis.learnt[k];
            let v = var(l);
            if self.reason[v] == NO_REASON || !self.redundant(v) {
                self.analysis.learnt[j] = l;
                j += 1;
            }
        }
        self.analysis.learnt.truncate(j);
        for &v in &self.analysis.to_clear {
            self.analysis.seen[v as usize] = 0;
        }
    }

    /// Whether variable `v` (in the clause, with a reason) is implied by the clause's other
    /// literals. Marks what it proves with seen = 1 and what it refutes with seen = 2.
    pub(super) fn redundant(&mut self, v: usize) -> bool {
        // Explicit depth-first search: stack of (variable, next reason literal index).
        let mut dfs = std::mem::take(&mut self.analysis.dfs);
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
                let size = self.clauses.arena[c - HEADER] as usize;
                while k < size && var(self.clauses.arena[c + k]) == u {
                    k += 1;
                }
                (k < size).then(|| self.clauses.arena[c + k])
            };
            let top = dfs.len() - 1;
            dfs[top].1 = (k + 1) as u32;
            let Some(q) = q else {
                // All of u's reason is implied: u is too.
                dfs.pop();
                if !dfs.is_empty() {
                    self.analysis.seen[u] = 1;
                    self.analysis.to_clear.push(u as u32);
                }
                continue;
            };
            let w = var(q);
            if self.level[w] == 0 || self.analysis.seen[w] == 1 {
                continue;
            }
            if self.analysis.seen[w] == 2 || self.reason[w] == NO_REASON {
                // Not implied: everything on the path fails too.
                for &(x, _) in &dfs[1..] {
                    self.analysis.seen[x as usize] = 2;
                    self.analysis.to_clear.push(x);
                }
                ok = false;
                break;
            }
            dfs.push((w as u32, 0));
        }
        self.analysis.dfs = dfs;
        ok
    }

    pub(super) fn lbd(&mut self, lits_from: usize, len: usize) -> u32 {
        self.analysis.stamp += 1;
        let mut count = 0;
        for k in 0..len {
            let l = if lits_from == usize::MAX {
                self.analysis.learnt[k]
            } else {
                self.clauses.arena[lits_from + k]
            };
            let lv = self.level[var(l)] as usize;
            if self.analysis.level_stamp[lv] != self.analysis.stamp {
                self.analysis.level_stamp[lv] = self.analysis.stamp;
                count += 1;
            }
        }
        count
    }

    /// Adds the learned clause (after backjumping) and asserts its first literal.
    pub(super) fn add_learnt(&mut self) {
        let first = self.analysis.learnt[0];
        if self.analysis.learnt.len() == 1 {
            self.assign(first, NO_REASON);
            return;
        }
        let lbd = self.lbd(usize::MAX, self.analysis.learnt.len());
        let cref = self.store_learnt(lbd);
        self.assign(first, cref);
    }

    /// Stores `self.analysis.learnt` (two literals or more, the first two watched) as a learned
    /// clause of LBD `lbd`; returns its reference.
    pub(super) fn store_learnt(&mut self, lbd: u32) -> u32 {
        let cref = self.clauses.arena.len() as u32;
        self.clauses.arena.push(self.analysis.learnt.len() as u32);
        self.clauses.arena.push(lbd << 1 | 1);
        self.clauses.arena.push(0f32.to_bits());
        self.clauses.arena.extend_from_slice(&self.analysis.learnt);
        self.clauses.learnts.push(cref);
        self.watch_clause(cref);
        self.bump_clause(cref);
        cref
    }

    /// After a solution: the clause negating its decisions `d1 .. dk`. The search goes back to
    /// level `k - 1`, where the clause asserts `!dk` (a depth-first walk over the solutions,
    /// not a restart per solution).
    pub(super) fn block_solution(&mut self) {
        self.analysis.learnt.clear();
        for &start in self.trail_lim.iter().rev() {
            self.analysis.learnt.push(self.trail[start] ^ 1);
        }
        let k = self.analysis.learnt.len();
        self.cancel_until(k - 1);
        let first = self.analysis.learnt[0];
        if k == 1 {
            self.assign(first, NO_REASON);
            return;
        }
        let cref = self.clauses.arena.len() as u32;
        self.clauses.arena.push(k as u32);
        self.clauses.arena.push(0);
        self.clauses.arena.push(0);
        self.clauses.arena.extend_from_slice(&self.analysis.learnt);
        self.clauses.originals.push(cref);
        self.watch_clause(cref);
        self.assign(first, cref);
    }

    pub(super) fn bump_clause(&mut self, cref: u32) {
        let c = cref as usize;
        if self.clauses.arena[c + 1] & 1 != 0 {
            let a = f32::from_bits(self.clauses.arena[c + 2]) + 1.0;
            self.clauses.arena[c + 2] = a.to_bits();
        }
    }
}
