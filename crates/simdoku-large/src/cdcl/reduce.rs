//! The learned-clause database cut (`reduce`): when the learned clauses outgrow their budget
//! at a restart, the search goes back to the root and halves them by LBD and activity,
//! simplifying every clause by the root assignment.

use super::{Cdcl, HEADER, NO_REASON, var};

impl Cdcl {
    /// Drops half of the learned clauses (the highest LBD, then the least active; LBD 2 and
    /// below are kept), then simplifies every clause by the root assignment and rebuilds the
    /// watch lists. Runs at the root only, where no clause is the reason of a variable that
    /// analysis looks at.
    pub(super) fn reduce(&mut self) {
        debug_assert!(self.trail_lim.is_empty());
        let arena = &self.clauses.arena;
        let key = |c: &u32| {
            let c = *c as usize;
            (arena[c + 1] >> 1, std::cmp::Reverse(arena[c + 2]))
        };
        self.clauses.learnts.sort_unstable_by_key(key);
        let keep = self.clauses.learnts.len() / 2;
        let mut kept: Vec<u32> = Vec::with_capacity(self.clauses.learnts.len());
        for (k, &c) in self.clauses.learnts.iter().enumerate() {
            if k < keep || self.clauses.arena[c as usize + 1] >> 1 <= 2 {
                kept.push(c);
            }
        }
        self.clauses.max_learnts += self.clauses.max_learnts / 10;
        // Rebuild the arena: originals then the kept learnts, without root-false literals and
        // without root-satisfied clauses.
        let old = std::mem::take(&mut self.clauses.arena);
        let mut arena = Vec::with_capacity(old.len());
        let mut originals = Vec::with_capacity(self.clauses.originals.len());
        let mut learnts = Vec::with_capacity(kept.len());
        let lists = [std::mem::take(&mut self.clauses.originals), kept];
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
        self.clauses.arena = arena;
        self.clauses.originals = originals;
        self.clauses.learnts = learnts;
        for w in &mut self.clauses.watches {
            w.clear();
        }
        for k in 0..self.clauses.originals.len() {
            self.watch_clause(self.clauses.originals[k]);
        }
        for k in 0..self.clauses.learnts.len() {
            self.watch_clause(self.clauses.learnts[k]);
        }
        for &l in &self.trail {
            self.vinfo[var(l)].reason = NO_REASON;
        }
    }
}
