//! The restart schedule of both searches (dom/wdeg in `solver/search.rs`, clause learning in
//! `cdcl.rs`): Luby's sequence of failure (conflict) budgets, scaled by a unit.

/// When the next restart is due: after `unit * luby(i)` failures since the last one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Restarts {
    unit: u64,
    /// Restarts so far.
    done: u32,
    /// Failures allowed since the last restart.
    budget: u64,
    /// The failure count at the last restart.
    at: u64,
}

impl Restarts {
    /// The schedule of `unit` failures per Luby unit, from a failure count of 0.
    pub(crate) fn new(unit: u64) -> Restarts {
        Restarts {
            unit,
            done: 0,
            budget: unit * luby(1),
            at: 0,
        }
    }

    /// A new unit, from the budget after the next restart on.
    pub(crate) fn set_unit(&mut self, unit: u64) {
        self.unit = unit;
    }

    /// Restarts so far.
    pub(crate) fn done(&self) -> u32 {
        self.done
    }

    /// Whether a restart is due at `failures` (a running count); when it is, the restart is
    /// counted and the next budget starts.
    pub(crate) fn due(&mut self, failures: u64) -> bool {
        if failures - self.at < self.budget {
            return false;
        }
        self.done += 1;
        self.budget = self.unit * luby(self.done + 1);
        self.at = failures;
        true
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., from i = 1.
fn luby(i: u32) -> u64 {
    let mut i = u64::from(i);
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{Restarts, luby};

    #[test]
    fn luby_sequence() {
        let l: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(l, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn restarts_follow_the_budgets() {
        // Unit 10: restarts at 10, 20, 40, 50, 60, 80, 120 failures.
        let mut r = Restarts::new(10);
        let at: Vec<u64> = (0..=120).filter(|&f| r.due(f)).collect();
        assert_eq!(at, [10, 20, 40, 50, 60, 80, 120]);
        assert_eq!(r.done(), 7);
        // A new unit takes effect from the budget after the next restart.
        let mut r = Restarts::new(10);
        r.set_unit(1);
        let at: Vec<u64> = (0..=13).filter(|&f| r.due(f)).collect();
        assert_eq!(at, [10, 11, 13]);
    }
}
