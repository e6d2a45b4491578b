//! The search loop: root propagation, then either the clause-learning search of
//! [`crate::cdcl`] or a binary dom/wdeg search (`cell = value`, then `cell != value`) with Luby
//! restarts until the first solution (band-local restarts on sparse grids) and a complete
//! search from the root for counting past it.

use std::ops::ControlFlow;
use std::time::Instant;

use super::core::{Core, house_pos};
use crate::config::Learn;
use crate::dom::Dom;
use crate::portfolio::Link;
use crate::restart::Restarts;

impl<D: Dom, const K: usize> Core<D, K> {
    pub(super) fn out_of_time(&mut self) -> bool {
        self.run.ticks = self.run.ticks.wrapping_add(1);
        if (self.run.deadline.is_some() || self.run.link.is_some())
            && (self.side() >= 25 || self.run.ticks.is_multiple_of(64))
            && (self.run.deadline.is_some_and(|t| Instant::now() >= t)
                || self.run.link.as_ref().is_some_and(Link::stopped))
        {
            self.stats.timed_out = true;
            return true;
        }
        false
    }

    /// A restart of the band-by-band fill: back to the start of the band being filled, and one
    /// band further back after every four restarts in the same band. The cells undone get
    /// fresh values (their saved phases are dropped). Returns how many guesses to keep and the
    /// trail length to undo to.
    pub(super) fn local_restart(
        &mut self,
        guesses: &[(u32, D, usize)],
        local: &mut (usize, u32),
    ) -> (usize, usize) {
        let band_cells = self.side() * self.n();
        let Some(&(c, _, _)) = guesses.last() else {
            return (0, 0);
        };
        let band = c as usize / band_cells;
        if local.0 == band {
            local.1 += 1;
        } else {
            *local = (band, 1);
        }
        let target = band.saturating_sub(local.1 as usize / 4);
        let keep = guesses
            .iter()
            .position(|g| g.0 as usize / band_cells >= target)
            .unwrap_or(0);
        for p in &mut self.branch.phase[target * band_cells..] {
            *p = D::ZERO;
        }
        (keep, guesses.get(keep).map_or(0, |g| g.2))
    }

    pub(super) fn search(
        &mut self,
        out: &mut [u8],
        guesses: &mut Vec<(u32, D, usize)>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) {
        // Open guesses: (cell, value bit, trail length before the guess).
        self.trail.clear();
        let mut ok = self.propagate().is_ok();
        if !ok {
            return;
        }
        self.trail.clear();
        // Open cells holding a third of the values or more on average: an under-constrained
        // grid (up to about 30% givens), where the learning search's model is huge (up to 1.8 M
        // variables on an empty 121x121) and dom/wdeg fills it band by band with few failures.
        // Sudoku-X grids count as sparse only when their open cells hold half the values, and
        // are filled band by band too, up to the first solution like the others (the
        // measurements behind both thresholds: docs/notes/2026-11-26-large-one-of-each.md).
        let (mut open, mut open_values) = (0usize, 0usize);
        for d in self.dom.iter().filter(|d| !d.is_power_of_two()) {
            open += 1;
            open_values += d.count_ones() as usize;
        }
        self.stats.open_at_root = open;
        let share = if self.x() { 2 } else { 3 };
        let sparse = open > 0 && share * open_values >= open * self.side();
        self.branch.band_first = self.n() >= 4 && sparse;
        let learn = match self.cfg.learn {
            Learn::Off => false,
            Learn::Large => self.side() >= 16 && !sparse,
            Learn::Always => true,
        };
        let hint = if self.cfg.pattern && self.n() >= 4 && open > 0 {
            self.fit_pattern()
        } else {
            None
        };
        if learn && self.stats.open_at_root > 0 {
            let mut dom = std::mem::take(&mut self.run.dom128);
            dom.clear();
            dom.extend(self.dom.iter().map(|d| d.to_u128()));
            let st = self.cdcl.run(
                &dom,
                &self.geo.house_cells,
                self.side(),
                self.run.deadline,
                hint.as_deref(),
                out,
                visitor,
            );
            self.stats.solutions = st.solutions;
            self.stats.guesses = st.decisions;
            self.stats.fails = st.conflicts;
            self.stats.timed_out = st.timed_out;
            self.run.dom128 = dom;
            return;
        }
        // Restarts (Luby sequence of failure budgets) until the first solution. If any restart
        // happened, the search for more solutions then starts over from the root without
        // restarts, and the first solution met again counts as a failure.
        let mut restarting = self.cfg.restarts;
        // A restart throws away a fill of every open cell: on grids with thousands open, a
        // budget of 64 failures cut each attempt short (an empty 121x121 never finished).
        let base = RESTART_BASE * (self.stats.open_at_root as u64 / 1024).max(1);
        let mut restarts = Restarts::new(base);
        // Band-by-band restarts: (band, restarts there so far).
        let mut local = (usize::MAX, 0u32);
        let mut known = std::mem::take(&mut self.run.known);
        known.clear();
        loop {
            if self.out_of_time() {
                break;
            }
            if restarting && restarts.due(self.stats.fails) {
                let (keep, mark) = if self.branch.band_first {
                    self.local_restart(guesses, &mut local)
                } else {
                    (0, 0)
                };
                guesses.truncate(keep);
                self.clear_pending();
                self.undo(mark);
                ok = true;
            }
            if ok {
                if let Some(c) = self.choose() {
                    let v = self.pick_value(c, restarting);
                    guesses.push((c as u32, v, self.trail.len()));
                    self.stats.guesses += 1;
                    let h = house_pos(self.geo.cell_meta[c][0]).0;
                    ok = self.remove(c, !v, h).is_ok() && self.propagate().is_ok();
                    continue;
                }
                for (o, &d) in out.iter_mut().zip(&self.dom) {
                    *o = d.trailing_zeros() as u8 + 1;
                }
                if known.iter().any(|k| k[..] == out[..]) {
                    ok = false;
                } else {
                    self.stats.solutions += 1;
                    // Band by band finds a first solution; counting on, it would walk the
                    // bands' dead ends again for each solution.
                    self.branch.band_first = false;
                    if visitor(out).is_break() {
                        break;
                    }
                    if restarting {
                        restarting = false;
                        // With no restart, this search goes on and meets no solution twice.
                        if restarts.done() > 0 {
                            known.push(out.to_vec());
                            guesses.clear();
                            self.clear_pending();
                            self.undo(0);
                            continue;
                        }
                    }
                }
            }
            if !ok {
                self.stats.fails += 1;
            }
            // Backtrack: undo the latest guess and take its other branch.
            self.clear_pending();
            let Some((c, v, mark)) = guesses.pop() else {
                break;
            };
            self.undo(mark);
            let h = house_pos(self.geo.cell_meta[c as usize][0]).0;
            ok = self.remove(c as usize, v, h).is_ok() && self.propagate().is_ok();
        }
        self.run.known = known;
    }
}

/// Failures allowed before the first restart; later budgets follow the Luby sequence.
const RESTART_BASE: u64 = 64;
