//! The ordered batch pipeline: the one way the workspace runs many items on all cores (the
//! facade `simdoku` re-exports it as `simdoku::pipeline`; the CLI, the tools' drivers, large
//! grids, Python, the cross-check and the throughput harness all run on it).
//!
//! Items are read from any iterator a chunk at a time (memory stays bounded on inputs of any
//! length), each chunk runs on the current rayon pool with one worker state (an engine) per
//! thread, and results come back in input order; with fixed chunks, the calling thread reads
//! the next chunk and emits the one before while the pool works (see [`Pipeline::run`]); with
//! growing tasks ([`Pipeline::grow`], items of unknown and widely varying cost) a worker takes
//! the next task as soon as it is free, so one slow item never holds the others back. A
//! panic on one item is caught and reported as that item's [`Panicked`] result; the worker's
//! state is rebuilt and the batch goes on. A progress callback hears the number of items done
//! after each chunk.
//!
//! ```
//! use simdoku_dispatch::pipeline::Pipeline;
//! let mut out = Vec::new();
//! Pipeline::new().chunk(4).run(
//!     0..10u64,
//!     || 0u64,
//!     |_state, &x| if x == 3 { panic!("boom") } else { x * x },
//!     |x, r| { out.push((x, r.ok())); std::ops::ControlFlow::<()>::Continue(()) },
//! );
//! assert_eq!(out[2], (2, Some(4)));
//! assert_eq!(out[3], (3, None));
//! assert_eq!(out.len(), 10);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

/// Items per chunk, the workspace's one chunk size: enough to keep every core busy, few enough
/// that memory stays bounded on files of tens of millions of lines.
pub const CHUNK: usize = 8192;

/// With growing chunks, tasks a worker thread that may be read ahead of the oldest one not yet
/// emitted (see [`Pipeline::grow`]).
const WINDOW: u64 = 8;

/// The work on one item panicked (a bug); the message, when it was a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panicked(pub String);

impl fmt::Display for Panicked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "panicked: {}", self.0)
    }
}

impl std::error::Error for Panicked {}

/// Settings of an ordered run: chunk size and a progress callback.
pub struct Pipeline<'p> {
    chunk: usize,
    grow: bool,
    in_turn: bool,
    progress: Option<&'p (dyn Fn(u64) + Sync)>,
    idle: Option<&'p (dyn Fn() + Sync)>,
}

impl fmt::Debug for Pipeline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pipeline")
            .field("chunk", &self.chunk)
            .field("grow", &self.grow)
            .field("in_turn", &self.in_turn)
            .field("progress", &self.progress.is_some())
            .field("idle", &self.idle.is_some())
            .finish()
    }
}

impl Default for Pipeline<'_> {
    fn default() -> Self {
        Pipeline::new()
    }
}

impl<'p> Pipeline<'p> {
    /// Chunks of [`CHUNK`], no progress callback.
    pub fn new() -> Pipeline<'p> {
        Pipeline {
            chunk: CHUNK,
            grow: false,
            in_turn: false,
            progress: None,
            idle: None,
        }
    }

    /// Items per chunk (at least 1).
    #[must_use]
    pub fn chunk(mut self, items: usize) -> Pipeline<'p> {
        self.chunk = items.max(1);
        self
    }

    /// Tasks that grow while they run fast, and no barrier between them: each worker takes
    /// the next task as soon as it is free (see [`run`](Self::run)). A task starts at
    /// [`chunk`](Self::chunk)'s share of a thread, is doubled after one that took under 20 ms
    /// (up to [`CHUNK`]'s share) and halved after one over 200 ms. For items whose cost is
    /// unknown ahead and spans orders of magnitude (large grids: microseconds for a bad line,
    /// minutes for a hard 64x64): a hard item holds one thread while the others go on, its
    /// result comes out as it finishes, and cheap items stop paying a hand-over each.
    #[must_use]
    pub fn grow(mut self) -> Pipeline<'p> {
        self.grow = true;
        self
    }

    /// Reads and emits in turn with the work, not while it runs (see [`run`](Self::run)):
    /// for costly items (generating rated puzzles), where a stop (a closed pipe) should not
    /// wait for a further chunk of them.
    #[must_use]
    pub fn in_turn(mut self) -> Pipeline<'p> {
        self.in_turn = true;
        self
    }

    /// Called after each chunk with the number of items done so far.
    #[must_use]
    pub fn progress(mut self, f: &'p (dyn Fn(u64) + Sync)) -> Pipeline<'p> {
        self.progress = Some(f);
        self
    }

    /// With [`grow`](Self::grow): called on each worker thread once no item is left to hand
    /// out, before the thread ends (the run waits for it). Large grids use it to send the
    /// threads at the end of a batch to the grids still running
    /// (`simdoku_large::portfolio::Crew::help`).
    #[must_use]
    pub fn idle(mut self, f: &'p (dyn Fn() + Sync)) -> Pipeline<'p> {
        self.idle = Some(f);
        self
    }

    /// Runs `work` on every item, a chunk at a time, and hands each item with its result to
    /// `emit` in input order; `emit` returning [`ControlFlow::Break`] stops the run (the
    /// break value is returned). `init` makes one worker state per thread (and a fresh one
    /// after a panic).
    ///
    /// This thread reads the next chunk and hands out the results of the one before while the
    /// pool works on the current one (reading and writing are serial, and would otherwise leave
    /// the other cores idle): a run reads one chunk ahead of what it has emitted.
    /// [`in_turn`](Self::in_turn) reads and emits in turn with the work, so that a stop after
    /// one result does not wait for more costly items. [`grow`](Self::grow) runs one worker
    /// thread a thread of the pool instead, which take tasks one after the other with no
    /// barrier; this thread reads and hands out tasks and emits the results in order, at most
    /// `8 x threads` tasks ahead of the oldest not yet emitted, and after a stop hands out
    /// nothing more (the tasks the workers hold run to their end).
    pub fn run<T, S, R, B>(
        &self,
        items: impl IntoIterator<Item = T>,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, &T) -> R + Sync,
        mut emit: impl FnMut(T, Result<R, Panicked>) -> ControlFlow<B>,
    ) -> Option<B>
    where
        T: Send + Sync,
        R: Send,
    {
        if self.grow {
            return self.run_streaming(items, init, work, emit);
        }
        let ahead = !self.in_turn;
        let mut done = 0u64;
        let mut items = items.into_iter();
        let size = self.chunk;
        let mut chunk: Vec<T> = items.by_ref().take(size).collect();
        // The chunk before `chunk`, with its results, not yet emitted (reading ahead only).
        let mut before = None;
        let mut hand_out = |chunk: Vec<T>, results: Vec<Result<R, Panicked>>| {
            self.hand_out(chunk, results, &mut done, &mut emit)
        };
        while !chunk.is_empty() {
            let mut results = Vec::new();
            let mut stopped = None;
            let mut next = Vec::new();
            rayon::in_place_scope(|s| {
                let (results, chunk, init, work) = (&mut results, &chunk, &init, &work);
                s.spawn(move |_| *results = map_chunk(chunk, init, work));
                if let Some((prev, prev_results)) = before.take() {
                    stopped = hand_out(prev, prev_results);
                }
                if ahead && stopped.is_none() {
                    next = items.by_ref().take(size).collect();
                }
            });
            if stopped.is_some() {
                return stopped;
            }
            if ahead {
                before = Some((std::mem::replace(&mut chunk, next), results));
            } else {
                if let Some(b) = hand_out(std::mem::take(&mut chunk), results) {
                    return Some(b);
                }
                chunk = items.by_ref().take(size).collect();
            }
        }
        before.and_then(|(prev, results)| hand_out(prev, results))
    }

    /// [`run`](Self::run) with growing chunks: no barrier between chunks. One worker thread a
    /// thread of the current rayon pool takes the next task (a few items) as soon as it is
    /// free, so that one slow item (a hard grid, minutes) holds one thread while the others go
    /// on: with a barrier after each chunk, a chunk of two grids on two threads kept a thread
    /// idle for as long as the slower grid took over the other. This thread reads the tasks,
    /// hands each to the first free worker, and emits the results in input order; it reads no
    /// further than [`WINDOW`] tasks a worker past the oldest not yet emitted (memory stays
    /// bounded behind a slow item). A task's size follows the time the last one took (see
    /// [`grow`](Self::grow)). After a stop, the tasks that workers hold run to their end and
    /// nothing more is handed out.
    fn run_streaming<T, S, R, B>(
        &self,
        items: impl IntoIterator<Item = T>,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, &T) -> R + Sync,
        mut emit: impl FnMut(T, Result<R, Panicked>) -> ControlFlow<B>,
    ) -> Option<B>
    where
        T: Send + Sync,
        R: Send,
    {
        use std::sync::mpsc;
        use std::time::{Duration, Instant};

        /// A finished task: its number, its items, their results, the time it took.
        type Done<T, R> = (u64, Vec<T>, Vec<Result<R, Panicked>>, Duration);
        let threads = rayon::current_num_threads().max(1);
        let mut items = items.into_iter();
        let mut size = (self.chunk / threads).max(1);
        let (task_tx, task_rx) = mpsc::sync_channel::<(u64, Vec<T>)>(0);
        // Held by the workers only: were they all to end (a panic outside the per-item catch),
        // the receiver goes with them and a send fails instead of waiting for ever.
        let task_rx = Arc::new(Mutex::new(task_rx));
        let (done_tx, done_rx) = mpsc::channel::<Done<T, R>>();
        let exhausted = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let (task_rx, done_tx, init, work) =
                    (Arc::clone(&task_rx), done_tx.clone(), &init, &work);
                let (idle, exhausted) = (self.idle, &exhausted);
                scope.spawn(move || {
                    let mut state = init();
                    loop {
                        // The lock is held only while waiting for a task, never while working.
                        let task = task_rx
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .recv();
                        let Ok((seq, chunk)) = task else {
                            // Nothing more to hand out: the input is done (then the idle
                            // work), or a stop.
                            if let Some(idle) = idle
                                && exhausted.load(std::sync::atomic::Ordering::Acquire)
                            {
                                idle();
                            }
                            break;
                        };
                        let start = Instant::now();
                        let results = chunk
                            .iter()
                            .map(|item| {
                                catch(|| work(&mut state, item)).inspect_err(|_| state = init())
                            })
                            .collect();
                        if done_tx
                            .send((seq, chunk, results, start.elapsed()))
                            .is_err()
                        {
                            break;
                        }
                    }
                });
            }
            drop((done_tx, task_rx));
            let mut task_tx = Some(task_tx);
            // Tasks read, and emitted; finished ones waiting for an older one.
            type Waiting<T, R> = HashMap<u64, (Vec<T>, Vec<Result<R, Panicked>>)>;
            let (mut read, mut emitted, mut done) = (0u64, 0u64, 0u64);
            let mut waiting = HashMap::new();
            let window = WINDOW * threads as u64;
            let finished = |(seq, chunk, results, took): Done<T, R>,
                            size: &mut usize,
                            waiting: &mut Waiting<T, R>| {
                *size = self.next_task_size(*size, took, threads);
                waiting.insert(seq, (chunk, results));
            };
            loop {
                // Hand out the next task when the window allows: the send waits for a free
                // worker (one that just freed itself has sent its result, taken below).
                if task_tx.is_some() && read - emitted < window {
                    let chunk: Vec<T> = items.by_ref().take(size).collect();
                    if chunk.is_empty() {
                        exhausted.store(true, std::sync::atomic::Ordering::Release);
                        task_tx = None;
                    } else if task_tx
                        .as_ref()
                        .is_some_and(|tx| tx.send((read, chunk)).is_ok())
                    {
                        read += 1;
                    } else {
                        // No worker left (each panicked): the scope passes the panic on.
                        task_tx = None;
                    }
                    while let Ok(d) = done_rx.try_recv() {
                        finished(d, &mut size, &mut waiting);
                    }
                } else if emitted < read {
                    let Ok(d) = done_rx.recv() else { break };
                    finished(d, &mut size, &mut waiting);
                } else {
                    break;
                }
                // Emit what is finished, in order.
                while let Some((chunk, results)) = waiting.remove(&emitted) {
                    emitted += 1;
                    if let Some(b) = self.hand_out(chunk, results, &mut done, &mut emit) {
                        // Workers end after the task they hold; nothing more is handed out.
                        return Some(b);
                    }
                }
            }
            None
        })
    }

    /// Emits a chunk's items with their results in order (until `emit` breaks), then tells
    /// the progress callback the items done in all.
    fn hand_out<T, R, B>(
        &self,
        chunk: Vec<T>,
        results: Vec<Result<R, Panicked>>,
        done: &mut u64,
        emit: &mut impl FnMut(T, Result<R, Panicked>) -> ControlFlow<B>,
    ) -> Option<B> {
        *done += chunk.len() as u64;
        for (item, r) in chunk.into_iter().zip(results) {
            if let ControlFlow::Break(b) = emit(item, r) {
                return Some(b);
            }
        }
        if let Some(p) = self.progress {
            p(*done);
        }
        None
    }

    /// The size of the next task of [`run_streaming`](Self::run_streaming) after one of `size`
    /// items took `took`: doubled under 20 ms, halved over 200 ms, between the chunk's share of
    /// a thread and [`CHUNK`]'s.
    fn next_task_size(&self, size: usize, took: std::time::Duration, threads: usize) -> usize {
        let least = (self.chunk / threads).max(1);
        let most = (CHUNK / threads).max(least);
        if took < std::time::Duration::from_millis(20) {
            (size * 2).min(most)
        } else if took > std::time::Duration::from_millis(200) {
            (size / 2).max(least)
        } else {
            size
        }
    }
}

/// One chunk: `work` on every item on the rayon pool, one state per worker, results in order,
/// panics caught per item.
pub fn map_chunk<T, S, R>(
    items: &[T],
    init: &(impl Fn() -> S + Sync),
    work: &(impl Fn(&mut S, &T) -> R + Sync),
) -> Vec<Result<R, Panicked>>
where
    T: Sync,
    R: Send,
{
    items
        .par_iter()
        .map_init(init, |state, item| {
            catch(|| work(state, item)).inspect_err(|_| {
                // The state may be half-updated: start this worker afresh.
                *state = init();
            })
        })
        .collect()
}

/// Runs `f`, a panic caught as [`Panicked`]: the pipeline's per-item catch, for work that runs
/// one item at a time on the calling thread (a visit that writes each solution as it comes).
/// The caller rebuilds whatever state `f` may have left half-updated.
///
/// ```
/// use simdoku_dispatch::pipeline::catch;
/// assert_eq!(catch(|| 2 + 2), Ok(4));
/// assert_eq!(catch(|| -> u8 { panic!("boom") }).unwrap_err().0, "boom");
/// ```
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Panicked> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| Panicked(panic_message(p.as_ref())))
}

/// The most threads a caller should ask for (the CLI's `-j`, the Python package's `threads=`):
/// each is an OS thread with its own engine, so a mistyped count (`-j 100000`, `threads=10**6`)
/// would spend minutes or for ever starting threads instead of solving.
pub const MAX_THREADS: usize = 1024;

/// Runs `f` on a pool of `threads` threads (made on first use and kept, one per thread count),
/// so that the pipeline inside `f` runs on that many; `None` or 0: the current pool; above
/// [`MAX_THREADS`], [`MAX_THREADS`] (`Some(usize::MAX)` started threads until the process ran
/// out). For callers that take a thread count per call (the Python package); the CLI sizes
/// rayon's global pool once instead.
///
/// ```
/// let n = simdoku_dispatch::pipeline::on_threads(Some(2), rayon::current_num_threads).unwrap();
/// assert_eq!(n, 2);
/// ```
pub fn on_threads<R: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> R + Send,
) -> Result<R, ThreadPoolBuildError> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<ThreadPool>>>> = OnceLock::new();
    let Some(n) = threads.filter(|&n| n > 0) else {
        return Ok(f());
    };
    let n = n.min(MAX_THREADS);
    let pool = {
        let mut pools = POOLS
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = pools.get(&n) {
            p.clone()
        } else {
            let p = Arc::new(
                ThreadPoolBuilder::new()
                    .num_threads(n)
                    .thread_name(|i| format!("simdoku-{i}"))
                    .build()?,
            );
            pools.insert(n, p.clone());
            p
        }
    };
    Ok(pool.install(f))
}

/// The text of a panic payload.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-string panic payload".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn thread_counts_above_the_most_run_on_the_most() {
        // `Some(usize::MAX)` started threads without end (hundreds a second, never returning).
        for asked in [MAX_THREADS + 1, usize::MAX] {
            let n = on_threads(Some(asked), rayon::current_num_threads).unwrap();
            assert_eq!(n, MAX_THREADS);
        }
        assert_eq!(on_threads(Some(3), rayon::current_num_threads).unwrap(), 3);
    }

    #[test]
    fn order_is_kept_panics_are_per_item_and_progress_is_told() {
        let seen = AtomicU64::new(0);
        let progress = |n: u64| seen.store(n, Ordering::Relaxed);
        let mut out = Vec::new();
        let stop = Pipeline::new().chunk(7).progress(&progress).run(
            0..100u32,
            || 0u32,
            |calls, &x| {
                *calls += 1;
                assert!(x % 10 != 5, "bad item {x}");
                x * 2
            },
            |x, r| {
                out.push((x, r));
                ControlFlow::<()>::Continue(())
            },
        );
        assert!(stop.is_none());
        assert_eq!(seen.load(Ordering::Relaxed), 100);
        for (i, (x, r)) in out.iter().enumerate() {
            assert_eq!(*x as usize, i);
            if x % 10 == 5 {
                assert_eq!(r.as_ref().unwrap_err().0, format!("bad item {x}"));
            } else {
                assert_eq!(*r.as_ref().unwrap(), x * 2);
            }
        }
    }

    #[test]
    fn emit_can_stop_the_run() {
        let mut n = 0;
        let stop = Pipeline::new().chunk(3).run(
            0..1_000_000u32,
            || (),
            |(), &x| x,
            |x, _| {
                n += 1;
                if x == 4 {
                    ControlFlow::Break("stopped")
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!((stop, n), (Some("stopped"), 5));
    }

    /// Fixed chunks: the next chunk is read while the current one runs, so an item is emitted
    /// when the chunk after its own has been read, never more. `in_turn` reads nothing ahead: a
    /// stop at the first result has read the first chunk only.
    #[test]
    fn fixed_chunks_read_one_ahead_and_in_turn_none() {
        let pulled = std::cell::Cell::new(0u32);
        let items = (0..95u32).inspect(|_| pulled.set(pulled.get() + 1));
        let stop = Pipeline::new().chunk(10).run(
            items,
            || (),
            |(), &x| x,
            |x, r| {
                assert_eq!(r, Ok(x));
                assert_eq!(pulled.get(), (10 * (x / 10 + 2)).min(95), "item {x}");
                ControlFlow::<()>::Continue(())
            },
        );
        assert!(stop.is_none());
        pulled.set(0);
        let items = (0..95u32).inspect(|_| pulled.set(pulled.get() + 1));
        let stop = Pipeline::new().chunk(3).in_turn().run(
            items,
            || (),
            |(), &x| x,
            |_, _| ControlFlow::Break(pulled.get()),
        );
        assert_eq!(stop, Some(3));
    }

    /// Growing tasks have no barrier: while the first item takes 300 ms on one thread, the
    /// other works through the rest (with chunks, it waited for the first); the reading stays
    /// within the window; a stop hands out nothing more.
    #[test]
    fn growing_tasks_let_a_slow_item_hold_one_thread_only() {
        on_threads(Some(2), || {
            let worked = AtomicU64::new(0);
            let pulled = AtomicU64::new(0);
            let items = (0..200u32).inspect(|_| {
                pulled.fetch_add(1, Ordering::Relaxed);
            });
            let mut first = None;
            let stop = Pipeline::new().chunk(2).grow().run(
                items,
                || (),
                |(), &x| {
                    if x == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(300));
                    }
                    worked.fetch_add(1, Ordering::Relaxed);
                    x
                },
                |x, r| {
                    assert_eq!(r, Ok(x));
                    first.get_or_insert(worked.load(Ordering::Relaxed));
                    ControlFlow::<()>::Continue(())
                },
            );
            assert!(stop.is_none());
            assert_eq!(first, Some(200), "the others were done while the first ran");
            // A stop at the first result: the tasks then held end, nothing more is read.
            pulled.store(0, Ordering::Relaxed);
            let items = (0..1_000_000u32).inspect(|_| {
                pulled.fetch_add(1, Ordering::Relaxed);
            });
            let stop = Pipeline::new().chunk(2).grow().run(
                items,
                || (),
                |(), &x| x,
                |_, _| ControlFlow::Break(()),
            );
            assert_eq!(stop, Some(()));
            let most = WINDOW as usize * 2 * (CHUNK / 2);
            assert!((pulled.load(Ordering::Relaxed) as usize) <= most);
        })
        .unwrap();
    }

    /// A worker state that cannot be rebuilt after a panic ends the run with a panic, not a
    /// hang waiting for a worker.
    #[test]
    fn growing_tasks_whose_state_cannot_be_rebuilt_panic() {
        let made = AtomicU64::new(0);
        let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
            on_threads(Some(2), || {
                Pipeline::new().chunk(2).grow().run(
                    0..100u32,
                    || assert!(made.fetch_add(1, Ordering::Relaxed) < 2, "no state"),
                    |(), &x| assert!(x == u32::MAX, "every item fails"),
                    |_, _| ControlFlow::<()>::Continue(()),
                )
            })
        }));
        assert!(run.is_err());
    }

    /// Growing chunks change how items are handed out, never what comes out or in what order.
    #[test]
    fn growing_chunks_keep_every_item_in_order() {
        let seen = AtomicU64::new(0);
        let progress = |n: u64| seen.store(n, Ordering::Relaxed);
        let mut next = 0u32;
        let stop = Pipeline::new().chunk(2).grow().progress(&progress).run(
            0..50_000u32,
            || (),
            |(), &x| x + 1,
            |x, r| {
                assert_eq!((x, r), (next, Ok(next + 1)));
                next += 1;
                ControlFlow::<()>::Continue(())
            },
        );
        assert!(stop.is_none());
        assert_eq!((next, seen.load(Ordering::Relaxed)), (50_000, 50_000));
    }
}
