//! Conflict analysis: the first-UIP clause, its recursive minimisation and shrinking, its
//! literal block distance (LBD), adding it and asserting its first literal; the clause that blocks a
//! solution already visited (for counting).

use super::{Analysis, BIN_TAG, Cdcl, Conflict, HEADER, Lit, NO_REASON, VarInfo, var};

impl Cdcl {
    /// First-UIP learning into `self.analysis.learnt` (asserting literal first, then the literal of the
    /// highest other level); returns the level to go back to.
    ///
    /// Works on local borrows of the vectors it reads (see `propagate`); a clause's literals
    /// are seen in their order in the arena, a reason's without the variable it implies.
    pub(super) fn analyze(&mut self, confl: Conflict) -> usize {
        let current = self.trail_lim.len() as u32;
        let vinfo = &self.vinfo[..];
        let trail = &self.trail[..];
        let arena = &mut self.clauses.arena[..];
        let seen = &mut self.analysis.seen[..];
        let learnt = &mut self.analysis.learnt;
        let order = &mut self.order;
        learnt.clear();
        learnt.push(0);
        let mut path = 0usize;
        // A literal of the conflict or of a reason: marks its variable, counts it when it is
        // of the current level, else puts it into the clause.
        macro_rules! see {
            ($q:expr) => {{
                let q: Lit = $q;
                let v = var(q);
                if seen[v] == 0 && vinfo[v].level > 0 {
                    seen[v] = 1;
                    order.bump(v);
                    if vinfo[v].level >= current {
                        path += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }};
        }
        match confl {
            Conflict::Clause(c) => {
                bump_clause(arena, c);
                let c = c as usize + HEADER;
                for &q in &arena[c..c + arena[c - HEADER] as usize] {
                    see!(q);
                }
            }
            Conflict::Bin(a, b) => {
                see!(a);
                see!(b);
            }
        }
        let mut index = trail.len();
        let p = loop {
            // The latest seen literal on the trail.
            loop {
                index -= 1;
                if seen[var(trail[index])] != 0 {
                    break;
                }
            }
            let p = trail[index];
            let v = var(p);
            seen[v] = 0;
            path -= 1;
            if path == 0 {
                break p;
            }
            let r = vinfo[v].reason;
            if r & BIN_TAG != 0 {
                see!(r & !BIN_TAG);
            } else {
                bump_clause(arena, r);
                let c = r as usize + HEADER;
                for &q in &arena[c..c + arena[c - HEADER] as usize] {
                    if var(q) != v {
                        see!(q);
                    }
                }
            }
        };
        learnt[0] = p ^ 1;
        self.minimize();
        if self.cfg.shrink {
            self.shrink();
        }
        // Literal of the highest level other than the current one goes second.
        let vinfo = &self.vinfo[..];
        let learnt = &mut self.analysis.learnt;
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if vinfo[var(learnt[k])].level > vinfo[var(learnt[best])].level {
                    best = k;
                }
            }
            learnt.swap(1, best);
            back = vinfo[var(learnt[1])].level as usize;
        }
        back
    }

    /// Recursive minimisation: drops a literal whose reason's literals are all in the clause or
    /// implied by it.
    pub(super) fn minimize(&mut self) {
        let vinfo = &self.vinfo[..];
        let arena = &self.clauses.arena[..];
        let Analysis {
            seen,
            learnt,
            to_clear,
            dfs,
            ..
        } = &mut self.analysis;
        // seen marks the clause's literals; to_clear what the check marked.
        to_clear.clear();
        for &l in &learnt[1..] {
            let v = var(l);
            seen[v] = 1;
            to_clear.push(v as u32);
        }
        let mut j = 1;
        for k in 1..learnt.len() {
            let l = learnt[k];
            let v = var(l);
            if vinfo[v].reason == NO_REASON || !redundant(v, vinfo, arena, seen, to_clear, dfs) {
                learnt[j] = l;
                j += 1;
            }
        }
        learnt.truncate(j);
        for &v in to_clear.iter() {
            seen[v as usize] = 0;
        }
    }

    /// Shrinking (all-UIP on the lower levels, after Feng and Bacchus 2020): the clause's
    /// literals of one lower level are replaced by the single literal of that level that
    /// implies them all (their UIP there), found by resolving them back along the trail, when
    /// none of the reasons met brings in a literal of another level that the clause lacks.
    /// Same levels (same LBD), fewer literals: a value placed in a cell puts dozens of
    /// variables false on its level, and a clause that held many of them holds the placement.
    pub(super) fn shrink(&mut self) {
        let vinfo = &self.vinfo[..];
        let trail = &self.trail[..];
        let trail_lim = &self.trail_lim[..];
        let arena = &self.clauses.arena[..];
        let Analysis {
            seen,
            learnt,
            to_clear,
            shrunk,
            ..
        } = &mut self.analysis;
        if learnt.len() <= 2 {
            return;
        }
        let level = |l: Lit| vinfo[var(l)].level;
        // Highest level first; seen = 1 marks the clause.
        learnt[1..].sort_unstable_by_key(|&l| std::cmp::Reverse(level(l)));
        for &l in &learnt[1..] {
            seen[var(l)] = 1;
        }
        shrunk.clear();
        shrunk.push(learnt[0]);
        let mut k = 1;
        while k < learnt.len() {
            let lv = level(learnt[k]);
            let mut end = k + 1;
            while end < learnt.len() && level(learnt[end]) == lv {
                end += 1;
            }
            let group = k..end;
            k = end;
            if group.len() == 1 {
                shrunk.push(learnt[group.start]);
                continue;
            }
            // Walk level lv's part of the trail down, resolving the marked literals (seen 1
            // in the clause, 3 met on the way) until one is left.
            to_clear.clear();
            let lo = trail_lim[lv as usize - 1];
            let mut idx = trail_lim.get(lv as usize).copied().unwrap_or(trail.len());
            let mut count = group.len();
            let mut uip = None;
            'walk: while idx > lo {
                idx -= 1;
                let p = trail[idx];
                let v = var(p);
                if seen[v] == 0 || vinfo[v].level != lv {
                    continue;
                }
                if count == 1 {
                    uip = Some(p);
                    break;
                }
                let r = vinfo[v].reason;
                if r == NO_REASON {
                    break;
                }
                let mut meet = |q: Lit| -> bool {
                    let w = var(q);
                    let lw = vinfo[w].level;
                    if lw == lv {
                        if seen[w] == 0 {
                            seen[w] = 3;
                            to_clear.push(w as u32);
                            count += 1;
                        }
                        true
                    } else {
                        lw == 0 || seen[w] == 1
                    }
                };
                if r & BIN_TAG != 0 {
                    if !meet(r & !BIN_TAG) {
                        break 'walk;
                    }
                } else {
                    let c = r as usize + HEADER;
                    for &q in &arena[c..c + arena[c - HEADER] as usize] {
                        if var(q) != v && !meet(q) {
                            break 'walk;
                        }
                    }
                }
                count -= 1;
            }
            for &w in to_clear.iter() {
                seen[w as usize] = 0;
            }
            match uip {
                Some(p) => shrunk.push(p ^ 1),
                None => shrunk.extend_from_slice(&learnt[group]),
            }
        }
        for &l in &learnt[1..] {
            seen[var(l)] = 0;
        }
        std::mem::swap(learnt, shrunk);
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
            let lv = self.vinfo[var(l)].level as usize;
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
        bump_clause(&mut self.clauses.arena, cref);
    }
}

/// A learned clause's activity (in its header) goes up by one.
fn bump_clause(arena: &mut [u32], cref: u32) {
    let c = cref as usize;
    if arena[c + 1] & 1 != 0 {
        let a = f32::from_bits(arena[c + 2]) + 1.0;
        arena[c + 2] = a.to_bits();
    }
}

/// Whether variable `v` (in the clause, with a reason) is implied by the clause's other
/// literals. Marks what it proves with seen = 1 and what it refutes with seen = 2, and lists
/// both in `to_clear`.
fn redundant(
    v: usize,
    vinfo: &[VarInfo],
    arena: &[u32],
    seen: &mut [u8],
    to_clear: &mut Vec<u32>,
    dfs: &mut Vec<(u32, u32)>,
) -> bool {
    // Explicit depth-first search: stack of (variable, next reason literal index).
    dfs.clear();
    dfs.push((v as u32, 0));
    while let Some(&(u, k)) = dfs.last() {
        let u = u as usize;
        let r = vinfo[u].reason;
        let mut k = k as usize;
        let q = if r & BIN_TAG != 0 {
            (k == 0).then_some(r & !BIN_TAG)
        } else {
            let c = r as usize + HEADER;
            let lits = &arena[c..c + arena[c - HEADER] as usize];
            while k < lits.len() && var(lits[k]) == u {
                k += 1;
            }
            lits.get(k).copied()
        };
        let top = dfs.len() - 1;
        dfs[top].1 = (k + 1) as u32;
        let Some(q) = q else {
            // All of u's reason is implied: u is too.
            dfs.pop();
            if !dfs.is_empty() {
                seen[u] = 1;
                to_clear.push(u as u32);
            }
            continue;
        };
        let w = var(q);
        if vinfo[w].level == 0 || seen[w] == 1 {
            continue;
        }
        if seen[w] == 2 || vinfo[w].reason == NO_REASON {
            // Not implied: everything on the path fails too.
            for &(x, _) in &dfs[1..] {
                seen[x as usize] = 2;
                to_clear.push(x);
            }
            return false;
        }
        dfs.push((w as u32, 0));
    }
    true
}
