//! `simdoku large`: N x N grids (4x4 .. 400x400, square or rectangular boxes, jigsaw) and
//! Sudoku-X: the options, and the runner (`run`) over the library's solver and the shared
//! pipeline.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::args::{finish, init_threads, sources};
use crate::output::Output;
use crate::progress::Progress;
use run::{Input, LargeArgs, run};
use simdoku::large::mixed::Reduce;
use simdoku::large::text;

mod run;

/// The long help of `simdoku large`.
pub const LONG_ABOUT: &str = "\
Solve N x N Sudoku grids of many shapes, 4x4 to 400x400: square boxes (9x9, 16x16, ... 121x121, \
144x144, 400x400), rectangular boxes (6x6 with 2x3, 8x8 2x4, 12x12 3x4, 15x15 3x5, 20x20 4x5, ...), \
jigsaw regions, and Sudoku-X (both main diagonals all-different too) on each. Up to 128x128: \
all-different generalised arc consistency, box/line and per-band constraints (square boxes), then \
a clause-learning search (16x16 and up) or dom/wdeg search; grids cut from a shuffled pattern grid \
are recognised and that grid's values tried first (the search stays complete, counts stay exact). \
Above 128x128: singles and depth-first search, each guess trying a pattern grid's value first \
(so empty and sparse grids fill without backtracking). Several grids are solved at once on all cores (-j); \
output keeps input order; with -j N, threads left without a grid at the end of a batch join the grids \
still running. With -j N and fewer grids than N (one hard grid), each grid gets N / grids \
searches that race on it (seeds and restarts differ, short learned clauses are shared, the first to \
end stops the others): counts and statuses stay exact, but which solution is printed for a grid \
with several may change from run to run (-j 1 and no -j are deterministic).

Input, two forms (they may be mixed in one file):
  * one grid per line, one character per cell: 1-9 then A-Z (10-35), 0 or . empty; the side comes
    from the length (16, 36, 64, 81, ... 1225 cells: 4x4 to 35x35); text after a space, comma or
    tab is ignored. A grid in 0-9A-Z (a 16x16 in 0-F, `.` empty) or in letters alone (A = 1, a
    25x25 in A-Y) is told from its characters and written back in them;
  * N lines of N numbers separated by spaces, commas or semicolons, 0 or . empty (or an empty
    field between commas, as spreadsheets write them; fields in double quotes, `\"\"` empty; a
    comma after each row's last value), N from 4 to 400; `|`, brackets around rows (numpy's
    print(array)), border lines of `+ - |` and # comments are ignored; a blank line may separate
    grids, or follow every band of one grid (a row of its width after it). Lines that
    are not a grid's rows are read as one stream of N x N numbers up to a blank line, a shape
    line or the end, whatever the line breaks (rows wrapped over several lines, a grid on one
    line); one-line grids wrapped over lines (a 9x9 as 9 lines of 9) are read the same way, and
    written back one row a line when each line held a row. UTF-16 text (a byte-order mark
    first) is decoded.
An input that is JSON as a whole is searched for grids: N rows of N values (null or 0 empty,
as `json.dump(grid, f)` writes them; whole floats such as 5.0, as from a numpy float array), N x N values in one array, strings of N x N cells, in
arrays or objects (fields named like `solution` left out).
A side's boxes are the most nearly square R x C (R rows, C columns, R <= C). Lines before a grid
change that grid only: `Boxes RxC` (other boxes), `Jigsaw` then a region map (N x N labels, one
per cell, in either form, or N lines of N characters), `Sudoku X` or `X-Sudoku` (--x makes every grid one). A line `NxN`
alone (e.g. `16x16`) is an empty grid of that side. A line starting with # is a comment; so is
a title line of words before a grid (`Puzzle from the forum`; one naming `Sudoku X` or `X-Sudoku`
marks its grid so).

Output: each solution in the form its grid was read in (number grids are followed by a blank
line); with --minimize, a minimal puzzle with the same unique solution instead, after a `#` line;
with --generate, each grid is a template (shape, regions, X, givens; `25x25` alone is an empty one)
and a new minimal puzzle whose solution fits it is printed instead (as sigh's solver's `generate`;
--no-guesses: minimal for solving by propagation alone, one propagation a check: 0.5 s for an
empty 36x36, seconds for a 64x64, more than a minute for a 100x100; without it the uniqueness
checks of 25x25 and up may take the whole --timeout). A grid that is malformed, has no solution, several (with --limit 2 or more) or runs out of
time gets a `# FILE:LINE: what happened` comment line; --stats writes one for every grid (status,
guesses, milliseconds). Problems also go to stderr as FILE:LINE: reason.

Exit status: 0 when every grid was read and solved (with --minimize, minimized); 1 otherwise
(malformed, no solution, time out, unreadable input, --minimize on a grid of several solutions
or, with --no-guesses, on one that needs a guess as given).";

/// stderr for the `FILE:LINE: reason` lines, a failed write ignored (`2>/dev/full`, stderr
/// into a closed pipe): a message that cannot be shown does not end the run.
struct Stderr<'a>(&'a Progress);

impl Write for Stderr<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // (Above the bar, not on its line.)
        self.0.suspend(|| {
            let _ = io::stderr().write_all(buf);
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[derive(Args, Debug)]
#[allow(clippy::struct_excessive_bools)] // command-line switches
pub struct LargeCmd {
    /// Puzzle files; `-` or none reads stdin; a shape that is no file (`16x16`) is that empty
    /// grid (`simdoku large --generate 25x25`).
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Stop after this many solutions: 1 solves, 2 also proves uniqueness, more counts; 0 counts
    /// every solution (the first is printed, the count goes in the comment line).
    #[arg(short, long, default_value_t = 1)]
    pub limit: u64,
    /// Same as --limit 2.
    #[arg(short, long)]
    pub unique: bool,
    /// Give up on a grid after this many seconds (0: never). A grid that runs out of time is
    /// reported as timed out and the run goes on with the next one.
    #[arg(short, long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Treat every grid as Sudoku-X.
    #[arg(short, long)]
    pub x: bool,
    /// Print each grid as a minimal puzzle instead of its solution (in the grid's form, after a
    /// `#` line with its givens before and after): givens are taken away one at a time, in a
    /// fixed pseudo-random order, while the solution stays unique. A grid without exactly one
    /// solution is reported as with --unique and not printed. After its solve, a grid's
    /// removals get --timeout in all, each uniqueness check at most a quarter of the time left;
    /// a given whose check runs out, or is not reached in time, stays (the puzzle is then
    /// unique but perhaps not minimal, and the `#` line says so).
    #[arg(long, group = "reduce")]
    pub minimize: bool,
    /// Print a new puzzle for each grid, taken as a template (its shape, regions, X and givens,
    /// perhaps none: a `16x16` line is an empty one): the grid is solved, the values no given
    /// holds are relabelled at random, and givens are taken away from that full grid as with
    /// --minimize. The puzzle is minimal and unique, and its solution agrees with the template's
    /// givens (the puzzle need not keep them); the `#` line before it says so, and JSON lines
    /// carry it as `minimized`, its solution as `solution`. The solve gets --timeout, then the
    /// removals get --timeout in all, as with --minimize.
    #[arg(long, group = "reduce")]
    pub generate: bool,
    /// With --minimize or --generate: the seed of the order in which givens are tried, and of
    /// --generate's relabelling (default 1: the same input gives the same puzzle, with -j N too:
    /// --generate solves each template with one search, so that its solution does not depend
    /// on which of N searches ends first).
    #[arg(long, requires = "reduce")]
    pub seed: Option<u64>,
    /// With --minimize or --generate: take a given away only when the puzzle left is still
    /// solved by propagation alone (no guess), so that a puzzle solvable without guessing
    /// stays so (a full grid is).
    #[arg(long, requires = "reduce")]
    pub no_guesses: bool,
    /// A comment line per grid: status, solutions, guesses, time.
    #[arg(short, long)]
    pub stats: bool,
    /// Threads (default: all cores, one grid per thread). With several grids, that many grids
    /// at once, one search each, each thread taking the next grid as it frees; output stays
    /// in input order. At the end of the batch the threads with no grid left join the grids
    /// still running (another search of the grid, the first to end decides). With fewer grids
    /// than N (one grid), each grid gets N / grids searches that race on it and share short
    /// learned clauses, the first to end stops the others. Either way counts stay exact, the
    /// set of solutions is the same whenever the count is complete, but which solution a grid
    /// with several prints may vary between runs (-j 1 and no -j are deterministic). Above
    /// 128x128, one search. At most 1024.
    #[arg(short = 'j', long, value_parser = crate::args::parse_threads)]
    pub threads: Option<usize>,
    /// Write results to FILE (atomically, at the end) instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// No `FILE:LINE: reason` lines on stderr (the `#` comment lines of the output stay), no
    /// progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Output form: each solution in its grid's text form, or one JSON object a line per grid
    /// (`file`, `line`, `shape`, `x`, `status`: solved, unique, multiple, no solution, timed
    /// out, invalid; then `givens`, `solutions`, `guesses`, `ms`, `solution` as rows of
    /// numbers, or `error`).
    #[arg(short, long, value_enum, default_value = "text")]
    pub format: LargeFormat,
}

/// The output forms of `simdoku large`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LargeFormat {
    /// Each solution in the form its grid was read in.
    Text,
    /// One JSON object a line per grid.
    Json,
}

pub fn large(a: &LargeCmd) -> ExitCode {
    // Options first: a usage error must not wait for the input (stdin) to be read.
    let timeout = match a.timeout {
        0.0 => None,
        // Too many seconds for a Duration (1e30, inf) is no limit at all, not a panic.
        t if t > 0.0 => Duration::try_from_secs_f64(t).ok(),
        t => return crate::args::usage_error(format!("--timeout {t}: not a number of seconds")),
    };
    let names = sources(&a.files);
    let mut texts = Vec::with_capacity(names.len());
    let mut read_ok = true;
    for name in &names {
        // A shape in place of a file that does not exist (`simdoku large --generate 16x16`,
        // as sigh's solver takes it): that empty grid.
        if text::is_size_line(name) && !std::path::Path::new(name).exists() {
            texts.push((name.as_str(), format!("{name}\n")));
            continue;
        }
        match crate::input::read_all(name) {
            Ok(bytes) => {
                // The bytes become the text in place (no copy of a large file) unless they are
                // not UTF-8: UTF-16 after its byte-order mark is decoded, as in the 9x9
                // commands. (A UTF-8 byte-order mark is skipped by the parser, for Python too.)
                let text = simdoku::batch::decode_text(bytes);
                // Standard input is `<stdin>` in messages and `#` lines, as in the 9x9 commands.
                texts.push((crate::input::shown(name), text));
            }
            Err(e) => {
                eprintln!("simdoku: {}: {e}", crate::input::shown(name));
                read_ok = false;
            }
        }
    }
    let reduce = (a.minimize || a.generate).then_some(Reduce {
        from_template: a.generate,
        no_guesses: a.no_guesses,
        seed: a.seed.unwrap_or(1),
    });
    let args = LargeArgs {
        limit: match (reduce, a.limit, a.unique) {
            (Some(how), _, _) => how.limit(),
            (None, 0, _) => u64::MAX,
            (None, l, true) => l.max(2),
            (None, l, false) => l,
        },
        minimize: reduce,
        timeout,
        x: a.x,
        stats: a.stats,
        json: a.format == LargeFormat::Json,
        threads: a.threads.filter(|&n| n > 0),
        ..LargeArgs::default()
    };
    let inputs: Vec<Input<'_>> = texts
        .iter()
        .map(|(name, text)| Input { name, text })
        .collect();
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let path = a
                .output
                .as_deref()
                .map_or("-".into(), |p| p.display().to_string());
            eprintln!("simdoku: cannot write {path}: {e}");
            return ExitCode::from(1);
        }
    };
    init_threads(a.threads);
    let progress = Progress::items(0, "grids", a.quiet);
    let mut err: Box<dyn Write> = if a.quiet {
        Box::new(io::sink())
    } else {
        Box::new(Stderr(&progress))
    };
    let tick = |done, total| {
        progress.set_total(total);
        progress.set_position(done);
    };
    let shown = progress
        .shown()
        .then_some(&tick as &(dyn Fn(u64, u64) + Sync));
    let result = run(&args, &inputs, out.writer(), &mut err, shown);
    progress.finish();
    match result {
        Ok(sum) => {
            if sum.grids == 0 && read_ok {
                // Not an error (an empty pipe is a batch of none), but likely a wrong file:
                // said, as the 9x9 commands' summary says "0 puzzles".
                let _ = writeln!(err, "simdoku: no grid in the input");
            }
            finish(out.finish().map(|()| sum.success() && read_ok))
        }
        Err(e) => {
            out.abandon();
            finish(Err(e))
        }
    }
}
