//! What the searches of one grid share when they run at once ([`crate::Config::threads`]):
//! a stop flag and a log of short learned clauses.
//!
//! # The portfolio
//! `threads` copies of the solver search the same grid, each its own way: search 0 is the
//! sequential one, the others differ in their seed (the learning search's initial variable
//! order, the dom/wdeg search's random value order) and their restart unit. Each one
//! reports every solution it meets to the calling thread, which passes on to the caller's
//! visitor the solutions it has not seen yet. The first search to end without being stopped
//! (its search space exhausted) ends them all: every solution is then known, so the count of
//! distinct solutions is exact, and the set the same as one search's. When the visitor stops
//! (a count reaches its limit) or a search fails, the others stop too: each checks the stop
//! flag where it checks its deadline (every 64 conflicts or 1,024 decisions, every node of
//! dom/wdeg).
//!
//! # Sharing clauses
//! The learning searches share the clauses they learn of at most 3 literals (`SHARE_LEN`: units,
//! binary and ternary clauses): each keeps the ones it learns in a buffer, and at each restart
//! appends them to the log (one lock) and takes the ones the others appended since its last
//! visit, which it adds at the root as learned clauses. Search 0 sends but takes nothing: it
//! walks the very tree of the search alone, so that with free cores the portfolio is never
//! slower than one search (apart from the cost of sending); taking clauses sends a search down
//! another path, which on these heavy-tailed searches is as often a loss as a gain (measured
//! in `docs/notes/2026-11-26-large-threads.md`). Every search builds the same model
//! from the same root propagation (a fingerprint of the variables checks it; a search whose
//! model differs neither sends nor takes), so a literal means the same in each.
//!
//! A clause learned after a search visited a solution may exclude that solution (it was
//! derived with the clause that blocks it), so another search that takes it may never meet that
//! solution. That search still ends with every solution accounted for: the solution was
//! reported to the calling thread before the clause went into the log, and a search that ends
//! has seen or been told to skip only solutions already reported. The calling thread reads
//! every report before it answers, so counts stay exact.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The longest learned clause the searches share.
pub(crate) const SHARE_LEN: usize = 3;
/// The log holds at most this many words (clauses stop being shared beyond).
const LOG_CAP: usize = 1 << 24;

/// What the searches of one grid share.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    stop: AtomicBool,
    log: Mutex<Log>,
}

/// The shared clauses: `[sender, len, literals...]` one after the other, and the fingerprint
/// of the model they speak of (set by the first search that looks).
#[derive(Debug, Default)]
struct Log {
    words: Vec<u32>,
    model: Option<u64>,
}

impl Pool {
    /// Tells every search to stop.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the searches were told to stop.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One search's handle on the pool: which search it is, what it has read of the log, what it
/// has learned and not yet sent.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    pool: Arc<Pool>,
    /// 0 for the sequential search, then 1, 2, ...
    pub(crate) index: u32,
    /// Words of the log read so far.
    cursor: usize,
    /// Clauses to send: `[len, literals...]`.
    outbox: Vec<u32>,
    /// Whether this search shares clauses (its model matches the log's).
    sharing: bool,
}

impl Link {
    /// Search `index`'s handle on `pool`.
    pub(crate) fn new(pool: Arc<Pool>, index: u32) -> Link {
        Link {
            pool,
            index,
            cursor: 0,
            outbox: Vec::new(),
            sharing: false,
        }
    }

    /// Whether the searches were told to stop.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.pool.stopped()
    }

    /// Starts a search on a model of fingerprint `model`: it shares clauses only when the log's
    /// model is the same (the first search to start sets it).
    pub(crate) fn start(&mut self, model: u64) {
        let mut log = self.pool.log.lock().unwrap_or_else(PoisonError::into_inner);
        self.sharing = *log.model.get_or_insert(model) == model;
        self.cursor = log.words.len();
        self.outbox.clear();
    }

    /// Keeps a learned clause to send at the next exchange.
    pub(crate) fn offer(&mut self, lits: &[u32]) {
        if self.sharing {
            self.outbox.push(lits.len() as u32);
            self.outbox.extend_from_slice(lits);
        }
    }

    /// Sends the clauses kept, then appends to `into` (`[len, literals...]` each) the clauses
    /// the other searches sent since the last exchange.
    pub(crate) fn exchange(&mut self, into: &mut Vec<u32>) {
        if !self.sharing {
            return;
        }
        let mut log = self.pool.log.lock().unwrap_or_else(PoisonError::into_inner);
        // Search 0 takes nothing: it searches as it would alone.
        let mut k = if self.index == 0 {
            log.words.len()
        } else {
            self.cursor
        };
        while k < log.words.len() {
            let (from, len) = (log.words[k], log.words[k + 1] as usize);
            if from != self.index {
                into.extend_from_slice(&log.words[k + 1..k + 2 + len]);
            }
            k += 2 + len;
        }
        let mut o = 0;
        while o < self.outbox.len() && log.words.len() + self.outbox.len() < LOG_CAP {
            let len = self.outbox[o] as usize;
            log.words.push(self.index);
            log.words.extend_from_slice(&self.outbox[o..o + 1 + len]);
            o += 1 + len;
        }
        self.cursor = log.words.len();
        self.outbox.clear();
    }
}
