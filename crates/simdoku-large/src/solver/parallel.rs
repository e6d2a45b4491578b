//! One grid on several threads ([`crate::Config::threads`]): a portfolio of searches that
//! differ in their seeds and restarts, share short learned clauses and a stop flag
//! ([`crate::portfolio`]), and report their solutions to the calling thread, which passes each
//! distinct one to the visitor once.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use super::Solver;
use crate::config::{Config, Stats};
use crate::portfolio::{Link, Pool};

/// What a search tells the calling thread.
enum Report {
    /// Search `index` met this solution.
    Found(usize, Vec<u8>),
    /// Search `index` ended; `complete` when it was neither stopped nor out of time (it has
    /// met, or been told to skip, every solution).
    Ended {
        index: usize,
        stats: Stats,
        complete: bool,
    },
}

/// Stops the searches when a thread unwinds (a panic in a search or in the visitor), so that
/// none runs on alone; the panic then reaches the caller when the threads are joined.
struct StopOnPanic<'a>(&'a Pool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

impl Solver {
    /// [`Solver::visit_cells`] on `threads` searches at once (2 or more): this solver's own
    /// (the sequential search) and `threads - 1` others, each made on its own thread.
    pub(super) fn visit_parallel(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        threads: usize,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        // One deadline for all: each search gets the time left when it starts (with many
        // more searches than cores, the last ones start late).
        let deadline = timeout.map(|t| Instant::now() + t);
        let pool = Arc::new(Pool::default());
        let cfg = Config {
            threads: 1,
            ..self.config()
        };
        let (shape, x) = (self.shape().clone(), self.is_x());
        self.set_link(Some(Link::new(Arc::clone(&pool), 0)));
        let (tx, rx) = channel();
        let search = |index: usize, solver: &mut Solver, tx: &Sender<Report>| {
            let _guard = StopOnPanic(&pool);
            let mut cut = false;
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            let stats = solver.visit_alone(cells, left, &mut |s| {
                if pool.stopped() {
                    cut = true;
                    return ControlFlow::Break(());
                }
                // The calling thread waits for every search to end: it is there.
                let _ = tx.send(Report::Found(index, s.to_vec()));
                ControlFlow::Continue(())
            });
            let complete = !cut && !stats.timed_out;
            let _ = tx.send(Report::Ended {
                index,
                stats,
                complete,
            });
        };
        let stats = std::thread::scope(|scope| {
            let (search, pool, shape) = (&search, &pool, &shape);
            let own = &mut *self;
            let first = tx.clone();
            scope.spawn(move || search(0, own, &first));
            for index in 1..threads {
                let tx = tx.clone();
                scope.spawn(move || {
                    // Each search is built on its own thread, in parallel, and not at all
                    // once the searches are stopped or out of time.
                    let late = deadline.is_some_and(|d| Instant::now() >= d);
                    if late || pool.stopped() {
                        let stats = Stats {
                            timed_out: late,
                            ..Stats::default()
                        };
                        let _ = tx.send(Report::Ended {
                            index,
                            stats,
                            complete: false,
                        });
                        return;
                    }
                    let mut solver = Solver::for_shape(shape, x, cfg);
                    solver.set_link(Some(Link::new(Arc::clone(pool), index as u32)));
                    search(index, &mut solver, &tx);
                });
            }
            drop(tx);
            gather(&rx, threads, pool, visitor)
        });
        self.set_link(None);
        stats
    }
}

/// The calling thread's side: passes each distinct solution to `visitor` until it breaks,
/// stops every search when one is complete or the visitor breaks, and reads the reports until
/// every search has ended. The stats are those of the search that decided (the complete one,
/// or the one whose solution made the visitor break; else search 0's), with the distinct
/// solutions counted.
fn gather(
    rx: &Receiver<Report>,
    threads: usize,
    pool: &Pool,
    visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> Stats {
    // A visitor that panics stops the searches too (the scope joins them before unwinding on).
    let _guard = StopOnPanic(pool);
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut solutions = 0u64;
    let mut broke = false;
    let mut decided: Option<usize> = None;
    let mut ended: Vec<Stats> = vec![Stats::default(); threads];
    // Every search holds a sender: the loop ends when all have ended (or unwound).
    while let Ok(report) = rx.recv() {
        match report {
            Report::Found(index, s) => {
                if broke || seen.contains(&s) {
                    continue;
                }
                solutions += 1;
                if visitor(&s).is_break() {
                    broke = true;
                    decided.get_or_insert(index);
                    pool.stop();
                }
                seen.insert(s);
            }
            Report::Ended {
                index,
                stats,
                complete,
            } => {
                ended[index] = stats;
                if complete && decided.is_none() {
                    decided = Some(index);
                    pool.stop();
                }
            }
        }
    }
    let mut stats = ended[decided.unwrap_or(0)];
    stats.solutions = solutions;
    stats.timed_out = decided.is_none();
    stats
}
