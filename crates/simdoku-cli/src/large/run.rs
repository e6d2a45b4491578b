//! The runner of `simdoku large`: read texts, solve each grid on the shared pipeline (all cores,
//! one solver per shape and worker), write the results in input order, each in the form its
//! grid was read in, or as JSON lines.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use simdoku::large::mixed::{self, Minimized, Reduce};
use simdoku::large::portfolio::Crew;
use simdoku::large::text::{self, Form, Puzzle, TextError};
use simdoku::large::{Config, LargeGrid, Solver, Stats, Status};
use simdoku::pipeline::Pipeline;

use crate::render::{fixed, write_json};

/// Options of `simdoku large`.
#[derive(Clone, Debug)]
pub struct LargeArgs {
    /// Stop after this many solutions: 1 solves, 2 also proves uniqueness, more counts.
    pub limit: u64,
    /// Give up on a grid after this long.
    pub timeout: Option<Duration>,
    /// Treat every grid as Sudoku-X (a `Sudoku X` line does so for one grid).
    pub x: bool,
    /// Write a `# file:line: status, solutions, guesses, time` comment before each result.
    pub stats: bool,
    /// Propagation rules and branching.
    pub config: Config,
    /// One JSON object a line per grid instead of the text forms (see [`run`]).
    pub json: bool,
    /// Threads asked for with -j: when there are fewer grids, each grid gets `threads / grids`
    /// searches at once (`Config::threads`); `None`: one search per grid.
    pub threads: Option<usize>,
    /// Write a minimal puzzle of each unique grid instead of its solution (--minimize), or one
    /// made from each grid as a template (--generate); `limit` is then the one it needs.
    pub minimize: Option<Reduce>,
}

impl Default for LargeArgs {
    fn default() -> LargeArgs {
        LargeArgs {
            limit: 1,
            timeout: None,
            x: false,
            stats: false,
            config: Config::default(),
            json: false,
            threads: None,
            minimize: None,
        }
    }
}

/// One input text and the name used in messages (a file name, or `-` for standard input).
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Grids read (malformed ones included).
    pub grids: usize,
    /// Malformed grids.
    pub errors: usize,
    /// Grids with at least one solution found.
    pub solved: usize,
    /// Grids proved to have exactly one solution (limit 2 or more).
    pub unique: usize,
    /// Grids with two solutions or more.
    pub multiple: usize,
    /// Grids without a solution (contradictory givens included).
    pub no_solution: usize,
    /// Grids given up at the time limit.
    pub timed_out: usize,
    /// Grids `--minimize` could not minimize though solved: several solutions, or with
    /// `--no-guesses` one that needs a guess as given.
    pub not_minimized: usize,
    /// Guesses, all grids together.
    pub guesses: u64,
}

impl Summary {
    /// Whether every grid was read and solved (for the exit status).
    pub fn success(&self) -> bool {
        self.errors == 0 && self.no_solution == 0 && self.timed_out == 0 && self.not_minimized == 0
    }
}

/// Solves every grid of `inputs` on the current rayon pool, a few grids at a time (one per
/// thread; with `args.threads` above the number of grids, each grid on `threads / grids`
/// searches at once), and writes the results in input order. For each grid `out` gets its solution in the
/// form it was read in (N lines of numbers, then a blank line; or one line of characters); a
/// grid that is malformed, has no solution, more than one or ran out of time gets a
/// `# name:line: what happened` comment line (before its first solution when there is one), and
/// `err` gets `name:line: what happened` for errors, no solution and time outs. A solver that
/// fails on one grid (a bug) makes that grid an error and the run goes on. `progress`, when
/// there is one (a bar to show), hears `(grids done, grids in all)`.
///
/// With `args.json` each grid gets one line instead: `{"file":..,"line":..,"status":..}` with
/// `"shape"` (e.g. `"16x16"`, `"12x12 (3x4 boxes)"`), `"x"`, `"givens"`, `"solutions"`,
/// `"guesses"`, `"ms"` and `"solution"` (rows of numbers) where they apply, or `"error"`;
/// status is one of `solved`, `unique`, `multiple`, `no solution`, `timed out`, `invalid`.
pub fn run(
    args: &LargeArgs,
    inputs: &[Input<'_>],
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: Option<&(dyn Fn(u64, u64) + Sync)>,
) -> io::Result<Summary> {
    // Nothing read is kept to the end (2 million junk lines were kept as 2 million errors,
    // 776 MB): each grid, as it is read, goes to the pipeline through a bounded channel, so a
    // run holds a few batches of grids whatever the texts hold. A bar's total needs the number
    // of grids: a first pass counts them, keeping nothing either (it doubles the reading time,
    // which counts on junk only).
    let (mut total, mut counted) = (0u64, None);
    if progress.is_some() {
        let mut grids = 0usize;
        for input in inputs {
            simdoku::batch::parse_large_each(input.text, &mut |p| {
                total += 1;
                grids += usize::from(p.is_ok());
            });
        }
        counted = Some(grids);
    }
    let tick = |done: u64| {
        if let Some(f) = progress {
            f(done, total);
        }
    };
    let crew = Crew::default();
    // Results of slow grids are seen as they come, and a closed pipe is found, within 200 ms.
    let mut flushed = Instant::now();
    let chunk = rayon::current_num_threads();
    let mut sum = Summary::default();
    let failed = std::thread::scope(|scope| {
        // Batches of grids, not one at a time: a hand-over per junk line cost 7 times the run.
        let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Item<'_>>>(2);
        scope.spawn(move || {
            let (mut batch, mut cells) = (Vec::new(), 0);
            for input in inputs {
                simdoku::batch::parse_large_each(input.text, &mut |p| {
                    cells += p.as_ref().map_or(0, |p| p.grid.cells().len());
                    batch.push((input.name, p));
                    if batch.len() == BATCH || cells >= BATCH_CELLS {
                        // A send fails only when the run stopped (an output error): the rest
                        // is read for nothing, but quickly, and dropped.
                        let _ = tx.send(std::mem::take(&mut batch));
                        cells = 0;
                    }
                });
            }
            let _ = tx.send(batch);
        });
        // -j N on fewer grids than N (a few hard grids): the threads left idle search the same
        // grids (a portfolio). The count comes from the bar's pass, else from the reader: an
        // input that ends within its first batch is counted there; one of more batches is
        // taken as more grids than threads (its last grids get the crew's helpers below).
        let mut head = Vec::new();
        let grids = match counted {
            Some(grids) => grids,
            None if args.threads.is_some_and(|j| j > 1) => {
                let first: Vec<Item<'_>> = rx.recv().unwrap_or_default();
                let grids = first.iter().filter(|(_, p)| p.is_ok()).count();
                head.push(first);
                match rx.recv() {
                    Ok(second) => {
                        head.push(second);
                        usize::MAX
                    }
                    Err(_) => grids,
                }
            }
            None => 0,
        };
        let args = &LargeArgs {
            config: Config {
                threads: args.threads.map_or(1, |j| (j / grids.max(1)).max(1)),
                ..args.config
            },
            ..args.clone()
        };
        // Every grid searched goes on a crew's board while it runs: so that a run whose output
        // is gone stops the grids in hand, and, with -j N on as many grids or more, so that the
        // threads left without a grid at the end of the batch join the grids still running (no
        // -j stays deterministic, as -j 1).
        let helpers = args.threads.is_some_and(|j| j > 1) && args.config.threads == 1;
        let help = || {
            if helpers {
                crew.help();
            }
        };
        Pipeline::new()
            .chunk(chunk)
            .grow()
            .progress(&tick)
            .idle(&help)
            .run(
                head.into_iter().chain(rx).flatten(),
                Vec::new,
                |solvers, (_, item)| solve_one(args, item, solvers, &crew),
                |(name, item), done| {
                    let done = done.unwrap_or_else(|p| Done::Failed(p.to_string()));
                    let mut written = report(args, name, &item, &done, &mut sum, out, err);
                    if written.is_ok() && flushed.elapsed() > Duration::from_millis(200) {
                        written = out.flush();
                        flushed = Instant::now();
                    }
                    match written {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(e) => {
                            crew.stop_all();
                            ControlFlow::Break(e)
                        }
                    }
                },
            )
    });
    failed.map_or(Ok(sum), Err)
}

/// Grids handed from the reading thread to the pipeline at a time, at most (three batches at
/// most are held: one being filled, two in the channel)...
const BATCH: usize = 1024;
/// ... and cells: a batch ends at the grid that takes it to a million cells (2 MB; six
/// 400x400 grids).
const BATCH_CELLS: usize = 1 << 20;

/// One grid as read, with the name of its input.
type Item<'a> = (&'a str, Result<Puzzle, TextError>);

/// One grid's JSON line: where it was, then the fields that apply (the others left out).
#[derive(serde::Serialize, Default)]
struct GridJson<'a> {
    file: &'a str,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<bool>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ms: Option<Box<serde_json::value::RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<&'a [u16]>>,
    /// With --minimize: the minimal puzzle (rows, 0 empty) and whether every given was shown
    /// needed.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimized: Option<Vec<&'a [u16]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The start of a grid's JSON line: file, line, shape, x, status.
fn grid_json<'a>(name: &'a str, p: &Puzzle, x: bool, status: &'a str) -> GridJson<'a> {
    GridJson {
        file: name,
        line: p.line,
        shape: Some(p.grid.shape().to_string()),
        x: Some(x),
        status,
        ..GridJson::default()
    }
}

/// What solving one grid gave.
enum Done {
    /// Malformed: nothing to solve.
    Unread,
    /// Two givens clash: the clash, described.
    Conflict(String),
    /// The solver failed on this grid (a bug): what the panic said.
    Failed(String),
    Searched {
        status: Status,
        solution: Option<LargeGrid>,
        stats: Stats,
        ms: f64,
        /// With --minimize, a unique grid's minimal puzzle and the milliseconds it took.
        minimized: Option<(Minimized, f64)>,
    },
}

/// Solves one grid, with the solver for its size and variant from `solvers` (made when missing).
fn solve_one(
    args: &LargeArgs,
    item: &Result<Puzzle, TextError>,
    solvers: &mut Vec<Solver>,
    crew: &Crew,
) -> Done {
    let Ok(p) = item else {
        return Done::Unread;
    };
    let x = p.x || args.x;
    if let Some(v) = p.grid.conflict(x) {
        return Done::Conflict(v.to_string());
    }
    let shape = p.grid.shape();
    // A template's solution decides --generate's puzzle: found by one search (not the first
    // of N racing ones, nor a crew's helper), so that a seed gives one puzzle at any -j.
    let template = args.minimize.is_some_and(|how| how.from_template);
    let k = if let Some(k) = solvers
        .iter()
        .position(|s| s.shape() == shape && s.is_x() == x)
    {
        k
    } else {
        let config = if template {
            Config {
                threads: 1,
                ..args.config
            }
        } else {
            args.config
        };
        solvers.push(Solver::for_shape(shape, x, config));
        solvers.len() - 1
    };
    let t0 = Instant::now();
    let (status, mut solution, stats) = if template {
        solvers[k].count(&p.grid, args.limit.max(1), args.timeout)
    } else {
        solvers[k].count_in(crew, &p.grid, args.limit.max(1), args.timeout)
    };
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    let minimized = args.minimize.and_then(|how| {
        let t0 = Instant::now();
        let (puzzle_solution, m) = mixed::reduce(
            &mut solvers[k],
            &p.grid,
            status,
            solution.as_ref(),
            how,
            args.timeout,
        )?;
        // --generate's puzzle has its own solution (the template's, relabelled).
        solution = Some(puzzle_solution);
        Some((m, t0.elapsed().as_secs_f64() * 1e3))
    });
    Done::Searched {
        status,
        solution,
        stats,
        ms,
        minimized,
    }
}

/// Writes one grid's result and counts it in `sum`.
fn report(
    args: &LargeArgs,
    name: &str,
    item: &Result<Puzzle, TextError>,
    done: &Done,
    sum: &mut Summary,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<()> {
    sum.grids += 1;
    let p = match item {
        Ok(p) => p,
        Err(e) => {
            sum.errors += 1;
            if args.json {
                let line = GridJson {
                    file: name,
                    line: e.line,
                    status: "invalid",
                    error: Some(e.reason.clone()),
                    ..GridJson::default()
                };
                write_json(out, &line)?;
            } else {
                writeln!(out, "# {name}:{}: {}", e.line, e.reason)?;
            }
            writeln!(err, "{name}:{}: {}", e.line, e.reason)?;
            return Ok(());
        }
    };
    let x = p.x || args.x;
    let side = p.grid.side();
    let here = format!("{name}:{}", p.line);
    let what = format!("{}{}", p.grid.shape(), if x { " X" } else { "" });
    let (status, sol, stats, ms, minimized) = match done {
        Done::Unread => unreachable!("a grid that was read is solved"),
        Done::Failed(why) => {
            sum.errors += 1;
            let reason = format!("the solver failed on this grid (a bug: please report it): {why}");
            if args.json {
                let mut line = grid_json(name, p, x, "invalid");
                line.error = Some(reason.clone());
                write_json(out, &line)?;
            } else {
                writeln!(out, "# {here}: {reason}")?;
            }
            writeln!(err, "{here}: {reason}")?;
            return Ok(());
        }
        Done::Conflict(v) => {
            sum.no_solution += 1;
            if args.json {
                let mut line = grid_json(name, p, x, "no solution");
                line.error = Some(format!("contradictory givens: {v}"));
                write_json(out, &line)?;
            } else {
                writeln!(
                    out,
                    "# {here}: {what}: no solution: contradictory givens: {v}"
                )?;
            }
            writeln!(err, "{here}: no solution: contradictory givens: {v}")?;
            return Ok(());
        }
        Done::Searched {
            status,
            solution,
            stats,
            ms,
            minimized,
        } => (*status, solution, stats, *ms, minimized),
    };
    sum.guesses += stats.guesses;
    match status {
        Status::Solved | Status::Unique => sum.solved += 1,
        Status::Multiple => {
            sum.solved += 1;
            sum.multiple += 1;
        }
        Status::NoSolution => sum.no_solution += 1,
        // Not met: the count's limit here is at least 1.
        Status::NotSearched => {}
        Status::TimedOut => {
            sum.timed_out += 1;
            if sol.is_some() {
                sum.solved += 1;
            }
        }
    }
    if status == Status::Unique {
        sum.unique += 1;
    }
    let mut note = status.to_string();
    if status == Status::Multiple {
        let plus = if stats.solutions >= args.limit {
            " or more"
        } else {
            ""
        };
        note = format!("{} solutions{plus}", stats.solutions);
    }
    if status == Status::TimedOut {
        let found = crate::args::count_of(stats.solutions, "solution");
        note = format!("timed out after {ms:.0} ms, {found} found");
    }
    if matches!(status, Status::NoSolution | Status::TimedOut) {
        writeln!(err, "{here}: {note}")?;
    }
    if let Some(how) = args.minimize {
        let why = match minimized {
            Some((m, _)) if m.needs_guess => Some(format!(
                "{}: --no-guesses removes nothing",
                mixed::NEEDS_GUESS
            )),
            None if status == Status::Multiple && !how.from_template => {
                Some("not minimized: a puzzle to minimize has one solution".to_string())
            }
            _ => None,
        };
        if let Some(why) = why {
            sum.not_minimized += 1;
            writeln!(err, "{here}: {note}: {why}")?;
        }
    }
    if args.json {
        let status = status.to_string();
        let mut line = grid_json(name, p, x, &status);
        line.givens = Some(p.grid.givens());
        line.solutions = Some(stats.solutions);
        line.guesses = Some(stats.guesses);
        line.ms = Some(fixed(ms, 3));
        line.solution = sol.as_ref().map(|s| s.cells().chunks(side).collect());
        if let Some((m, _)) = minimized {
            line.minimized = Some(m.puzzle.cells().chunks(side).collect());
            line.minimal = Some(m.minimal);
        }
        return write_json(out, &line);
    }
    // (Counting all, --limit 0, the count is the answer: said for one solution too.)
    let quiet =
        matches!(status, Status::Solved | Status::Unique) && !args.stats && args.limit != u64::MAX;
    if !quiet {
        writeln!(
            out,
            "# {here}: {what}, {} givens: {note}; {} guesses{}, {ms:.1} ms",
            p.grid.givens(),
            stats.guesses,
            if stats.pattern {
                " (values of a fitted pattern first)"
            } else {
                ""
            }
        )?;
    }
    // With --minimize, the minimal puzzle of a unique grid (with --generate, of a solved
    // template), and nothing for the others.
    let shown = match (args.minimize, minimized) {
        (None, _) => sol.as_ref(),
        (Some(_), None) => None,
        (Some(how), Some((m, ms))) => {
            let needs_guess = format!("not minimized: it {}", mixed::NEEDS_GUESS);
            let what = if m.needs_guess {
                &needs_guess
            } else if !m.minimal {
                "unique, perhaps not minimal (out of time: a given stayed unchecked)"
            } else if how.from_template && how.no_guesses {
                "a new puzzle, minimal for solving without a guess"
            } else if how.from_template {
                "a new puzzle, minimal"
            } else if how.no_guesses {
                "minimal for solving without a guess"
            } else {
                "minimal"
            };
            writeln!(
                out,
                "# {here}: {} givens -> {} givens, {what}, {ms:.1} ms",
                p.grid.givens(),
                m.puzzle.givens()
            )?;
            Some(&m.puzzle)
        }
    };
    if let Some(s) = shown {
        let form = if side > 35 { Form::Numbers } else { p.form };
        // The `Sudoku X` line as in the input; --x adds it to number grids and to puzzles
        // (--minimize, --generate: read back, they must be X again), so that line-form
        // solutions stay one line per grid.
        let marker = p.x || (x && (form == Form::Numbers || args.minimize.is_some()));
        out.write_all(text::format_in(s, form, p.alphabet, marker).as_bytes())?;
        if form == Form::Numbers {
            writeln!(out)?;
        }
    }
    Ok(())
}
