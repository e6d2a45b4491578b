//! The learning search as one of a portfolio ([`crate::portfolio`]): its own variant of the
//! search, the short clauses it sends, those it takes at restarts, and the stop flag.

use std::time::Instant;

use simdoku_core::rng::Rng;

use super::{Cdcl, NO_REASON};
use crate::portfolio::{Link, SHARE_LEN};

/// Restart units of the searches after the first (search 0 keeps its settings).
const RESTART_UNITS: [u64; 4] = [300, 800, 500, 1200];

impl Cdcl {
    /// Makes this search one of a portfolio through `link` (`None`: a search alone).
    pub(crate) fn set_link(&mut self, link: Option<Link>) {
        self.link = link;
    }

    /// After the model is built: tells the portfolio which model this search works on, and
    /// makes the searches after the first differ from it (initial activities scaled by a
    /// seeded random factor in [0.5, 1.5), so that cells with the same number of candidates
    /// come in another order; another restart unit).
    pub(super) fn start_link(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let mut fingerprint = 0xcbf2_9ce4_8422_2325u64 ^ self.model.nvars as u64;
        for (&c, &v) in self.model.var_cell.iter().zip(&self.model.var_value) {
            fingerprint =
                (fingerprint ^ u64::from(c << 8 | u32::from(v))).wrapping_mul(0x100_0000_01b3);
        }
        link.start(fingerprint);
        let index = link.index;
        if index == 0 {
            return;
        }
        self.cfg.restart_unit = RESTART_UNITS[(index as usize - 1) % RESTART_UNITS.len()];
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15 ^ u64::from(index));
        let scaled: Vec<f64> = (0..self.model.nvars)
            .map(|v| {
                self.order.activity(v) * (0.5 + (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
            })
            .collect();
        self.order.reset(scaled.into_iter());
    }

    /// After a conflict: offers the clause just learned to the other searches when it is short.
    pub(super) fn offer_learnt(&mut self) {
        if let Some(link) = self.link.as_mut()
            && self.analysis.learnt.len() <= SHARE_LEN
        {
            link.offer(&self.analysis.learnt);
        }
    }

    /// At a restart: sends the clauses offered, and adds at the root those the other searches
    /// sent (going back to the root when there are any). False when they leave no solution.
    pub(super) fn take_shared(&mut self) -> bool {
        let Some(mut link) = self.link.take() else {
            return true;
        };
        let mut inbox = Vec::new();
        link.exchange(&mut inbox);
        self.link = Some(link);
        if inbox.is_empty() {
            return true;
        }
        self.cancel_until(0);
        let mut k = 0;
        while k < inbox.len() {
            let len = inbox[k] as usize;
            let lits = &inbox[k + 1..k + 1 + len];
            k += 1 + len;
            if lits.iter().any(|&l| self.lval[l as usize] == 1) {
                continue;
            }
            self.analysis.learnt.clear();
            self.analysis
                .learnt
                .extend(lits.iter().copied().filter(|&l| self.lval[l as usize] == 0));
            match self.analysis.learnt.len() {
                0 => return false,
                1 => self.assign(self.analysis.learnt[0], NO_REASON),
                n => {
                    self.store_learnt(n as u32);
                }
            }
        }
        // The units taken propagate at the root, before the next decision opens a level.
        self.propagate().is_none()
    }

    /// Whether the search should stop: `deadline` passed, or the portfolio said so.
    pub(super) fn halted(&self, deadline: Option<Instant>) -> bool {
        self.link.as_ref().is_some_and(Link::stopped)
            || deadline.is_some_and(|t| Instant::now() >= t)
    }
}
