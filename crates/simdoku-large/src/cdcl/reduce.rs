//! The learned-clause database cut (`reduce`), every `CdclConfig::reduce_interval` conflicts
//! (not at restarts), wherever the search stands: the learned clauses are kept in tiers by
//! literal block distance (LBD), the rest halved by LBD and activity, and the arena compacted.
//!
//! Tiers (the scheme of Glucose and its successors, in our words): clauses of LBD 2 or less
//! ("glue") are kept for good; clauses of LBD up to [`TIER2_LBD`] are kept while conflict
//! analysis keeps using them (used since the last cut); of the others, and of the unused
//! middle tier, the worse half goes (highest LBD first, then the least active). A clause that
//! is the reason of an assigned variable stays.

use super::{BIN_TAG, Cdcl, HEADER, INFO_DEAD, INFO_LBD, INFO_USED, NO_REASON, var};

/// Learned clauses of this LBD or less are kept for good.
const CORE_LBD: u32 = 2;
/// Learned clauses of this LBD or less are kept while they are used.
const TIER2_LBD: u32 = 6;

impl Cdcl {
    /// Whether the next cut is due (called between propagation and the next decision).
    #[inline]
    pub(super) fn reduce_due(&self) -> bool {
        self.stats.conflicts >= self.clauses.next_reduce
    }

    /// Cuts the learned clauses (see the module), drops the clauses the root assignment
    /// satisfies and the root-false literals of the others, compacts the arena and rebuilds
    /// the watch lists. Runs with propagation done (no literal waiting), at any level: the
    /// reasons of assigned variables are kept and follow their clause to its new place.
    pub(super) fn reduce(&mut self) {
        self.clauses.next_reduce = self.stats.conflicts + self.cfg.reduce_interval;
        let root_end = self.trail_lim.first().copied().unwrap_or(self.trail.len());
        let arena = &mut self.clauses.arena;
        // Locked: the reasons above the root (those of the root are never read again).
        let mut locked = std::mem::take(&mut self.analysis.to_clear);
        locked.clear();
        for &l in &self.trail[root_end..] {
            let r = self.vinfo[var(l)].reason;
            if r != NO_REASON && r & BIN_TAG == 0 {
                arena[r as usize + 1] |= INFO_DEAD;
                locked.push(r);
            }
        }
        // Candidates: not glue, not locked, not a used middle-tier clause.
        let mut cand: Vec<u32> = Vec::with_capacity(self.clauses.learnts.len());
        for &c in &self.clauses.learnts {
            let info = arena[c as usize + 1];
            let lbd = info >> INFO_LBD;
            let keep = info & INFO_DEAD != 0
                || lbd <= CORE_LBD
                || lbd <= TIER2_LBD && info & INFO_USED != 0;
            arena[c as usize + 1] &= !INFO_USED;
            if !keep {
                cand.push(c);
            }
        }
        for &r in &locked {
            arena[r as usize + 1] &= !INFO_DEAD;
        }
        self.analysis.to_clear = locked;
        // Worst first: highest LBD, then least active.
        // (A non-negative f32's bits order as the number.)
        cand.sort_unstable_by_key(|&c| {
            let c = c as usize;
            (std::cmp::Reverse(arena[c + 1] >> INFO_LBD), arena[c + 2])
        });
        for &c in &cand[..cand.len() / 2] {
            arena[c as usize + 1] |= INFO_DEAD;
        }
        self.compact();
    }

    /// Rebuilds the arena without the clauses marked dead and those the root satisfies,
    /// without root-false literals (never one of the two watched: the root propagated), and
    /// the watch lists; moves the reasons with their clauses.
    fn compact(&mut self) {
        let old = std::mem::take(&mut self.clauses.arena);
        let mut arena = Vec::with_capacity(old.len());
        let (lval, vinfo) = (&self.lval[..], &self.vinfo[..]);
        let root = |l: u32| vinfo[var(l)].level == 0;
        // Each old clause's new place (or u32::MAX), written over its old activity word.
        let mut old = old;
        let mut originals = std::mem::take(&mut self.clauses.originals);
        let mut learnts = std::mem::take(&mut self.clauses.learnts);
        for list in [&mut originals, &mut learnts] {
            list.retain_mut(|c| {
                let at = *c as usize;
                let size = old[at] as usize;
                let lits = &old[at + HEADER..at + HEADER + size];
                if old[at + 1] & INFO_DEAD != 0
                    || lits.iter().any(|&l| lval[l as usize] == 1 && root(l))
                {
                    old[at + 2] = u32::MAX;
                    return false;
                }
                let cref = arena.len() as u32;
                arena.extend_from_slice(&old[at..at + HEADER]);
                let mut k = 0;
                for (i, &l) in lits.iter().enumerate() {
                    if i < 2 || lval[l as usize] != -1 || !root(l) {
                        arena.push(l);
                        k += 1;
                    }
                }
                debug_assert!(k >= 2, "root propagation left a unit");
                arena[cref as usize] = k;
                old[at + 2] = cref;
                *c = cref;
                true
            });
        }
        let root_end = self.trail_lim.first().copied().unwrap_or(self.trail.len());
        for &l in &self.trail[..root_end] {
            self.vinfo[var(l)].reason = NO_REASON;
        }
        for &l in &self.trail[root_end..] {
            let r = &mut self.vinfo[var(l)].reason;
            if *r != NO_REASON && *r & BIN_TAG == 0 {
                *r = old[*r as usize + 2];
                debug_assert!(*r != u32::MAX, "a reason was dropped");
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
    }
}
