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
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use crate::config::{Config, Stats};
use crate::shape::Shape;

/// The longest learned clause the searches share.
pub(crate) const SHARE_LEN: usize = 3;
/// The log holds at most this many words (clauses stop being shared beyond).
const LOG_CAP: usize = 1 << 24;

/// What the searches of one grid share.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    stop: AtomicBool,
    log: Mutex<Log>,
    /// No clause is shared (the searches of a [`Crew`] report only at their end, so none may
    /// take a clause that excludes a solution another has not reported yet).
    solo: bool,
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
        self.sharing = !self.pool.solo && *log.model.get_or_insert(model) == model;
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

/// Threads that join the searches of grids still running: at the end of a batch, the threads
/// left without a grid to start help the grids still searched instead of waiting for them.
///
/// A grid counted with [`crate::Solver::count_in`] is on the crew's board while it runs; a
/// thread that calls [`Crew::help`] takes the grid with the fewest helpers (the oldest first)
/// and runs another search of it, as the portfolio's search `k` does (another seed, another
/// restart unit), but with no clause shared and its solutions kept to its end. The first
/// search to end complete (its search space exhausted, or the limit reached) decides: it stops
/// the others, and the grid's answer is its solutions with those the first search already
/// passed on (all of them are solutions, and a complete search has all when it ran out of
/// space): counts stay exact; which solutions a count below the limit keeps may vary from run
/// to run. The board holds grids up to 128x128 counted with a limit of at most
/// [`Crew::MAX_LIMIT`].
///
/// ```
/// use simdoku_large::portfolio::Crew;
/// use simdoku_large::{Config, LargeGrid, Solver, Status};
/// let crew = Crew::default();
/// let grid = LargeGrid::empty(3);
/// let mut solver = Solver::new(3, false, Config::default());
/// let (status, solution, stats) = solver.count_in(&crew, &grid, 2, None);
/// assert_eq!((status, stats.solutions), (Status::Multiple, 2));
/// assert!(solution.unwrap().is_full());
/// assert_eq!(crew.help(), 0); // nothing running: returns at once
/// ```
#[derive(Clone, Debug, Default)]
pub struct Crew(Arc<Board>);

/// The grids running, and whether the whole crew was told to stop.
#[derive(Debug, Default)]
struct Board {
    running: Mutex<Vec<Arc<Running>>>,
    halted: AtomicBool,
}

/// A grid on the board: what a helper needs to search it, and what the searches left.
#[derive(Debug)]
pub(crate) struct Running {
    pub(crate) cells: Vec<u8>,
    pub(crate) shape: Shape,
    pub(crate) x: bool,
    pub(crate) cfg: Config,
    pub(crate) limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) pool: Arc<Pool>,
    /// Helpers that joined (their search indices are 1, 2, ...), helpers still searching.
    helpers: Mutex<(u32, u32)>,
    /// Told when a helper ends.
    ended: Condvar,
    /// The solutions and stats of the first helper to end complete.
    pub(crate) result: Mutex<Option<(Vec<Vec<u8>>, Stats)>>,
}

impl Crew {
    /// The largest count limit whose grids go on the board: a helper keeps its solutions to its
    /// end, so counting millions is left to one search.
    pub const MAX_LIMIT: u64 = 64;

    /// Puts a grid on the board for its time there; its first search runs on the caller.
    pub(crate) fn enter(
        &self,
        cells: &[u8],
        shape: &Shape,
        x: bool,
        cfg: Config,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Arc<Running> {
        let r = Arc::new(Running {
            cells: cells.to_vec(),
            shape: shape.clone(),
            x,
            cfg: Config { threads: 1, ..cfg },
            limit,
            deadline,
            pool: Arc::new(Pool {
                solo: true,
                ..Pool::default()
            }),
            helpers: Mutex::new((0, 0)),
            ended: Condvar::new(),
            result: Mutex::new(None),
        });
        let mut board = self.board();
        if self.0.halted.load(Ordering::Relaxed) {
            r.pool.stop();
        }
        board.push(Arc::clone(&r));
        r
    }

    /// Stops every grid on the board and every grid counted on this crew from now on: their
    /// searches end at their next check of the time limit, as timed out. For a batch whose
    /// output is gone (a closed pipe: `simdoku large HARD | head -1`), so that it ends now
    /// rather than when the grids in hand do.
    pub fn stop_all(&self) {
        let board = self.board();
        self.0.halted.store(true, Ordering::Relaxed);
        for r in board.iter() {
            r.pool.stop();
        }
    }

    /// Takes the grid off the board, stops its helpers and waits for them to end.
    pub(crate) fn leave(&self, r: &Arc<Running>) {
        self.board().retain(|g| !Arc::ptr_eq(g, r));
        r.pool.stop();
        let mut h = r.helpers.lock().unwrap_or_else(PoisonError::into_inner);
        while h.1 > 0 {
            h = r.ended.wait(h).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn board(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Running>>> {
        self.0
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Helps the grids on the board until none is left: each time, another search of the
    /// grid with the fewest helpers (the oldest first). Returns at once when the board is
    /// empty, with the number of searches it ran. For the threads of a batch that have no
    /// grid left to start.
    pub fn help(&self) -> usize {
        let mut searches = 0;
        loop {
            let picked = {
                let board = self.board();
                let Some(r) = board
                    .iter()
                    .filter(|r| !r.pool.stopped())
                    .min_by_key(|r| r.helpers.lock().unwrap_or_else(PoisonError::into_inner).0)
                else {
                    return searches;
                };
                // Joined under the board's lock: a grid that leaves waits for this helper.
                let mut h = r.helpers.lock().unwrap_or_else(PoisonError::into_inner);
                h.0 += 1;
                h.1 += 1;
                (Arc::clone(r), h.0)
            };
            let (r, index) = picked;
            crate::solver::Solver::help_search(&r, index);
            searches += 1;
            let mut h = r.helpers.lock().unwrap_or_else(PoisonError::into_inner);
            h.1 -= 1;
            r.ended.notify_all();
        }
    }
}
