//! `simdoku large`: N x N grids (4x4 .. 121x121) and Sudoku-X, a thin layer over
//! `simdoku::large::run`.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use simdoku::large::{Input, LargeArgs};

use crate::{finish, sources};

/// The long help of `simdoku large`.
pub const LONG_ABOUT: &str = "\
Solve N x N Sudoku grids (box size 2..=11: 4x4, 9x9, 16x16, ... 121x121) and Sudoku-X (both main \
diagonals all-different too), with all-different generalised arc consistency, box/line and \
per-band constraints, then a clause-learning search (16x16 and up) or dom/wdeg search (4x4, 9x9, \
and grids with few givens, filled band by band). Grids cut from a shuffled pattern grid (the usual \
way large puzzles are made) are recognised from their givens, and the search tries that grid's \
values first: it stays complete, so counts stay exact. Several grids are solved at once on all cores \
(-j); output keeps input order.

Input, two forms (they may be mixed in one file):
  * one grid per line, one character per cell: 1-9 then A-Z (10-35), 0 or . empty; the size comes
    from the length: 16, 81, 256 or 625 cells (4x4 to 25x25); text after a space, comma or tab
    is ignored;
  * N lines of N whitespace-separated numbers, 0 or . empty, any size up to 121x121; `|` and
    border lines of `+ - |` are ignored; a blank line may separate grids.
A line starting with # is a comment. A line `Sudoku X` makes the next grid a Sudoku-X (--x makes
every grid one).

Output: each solution in the form its grid was read in (number grids are followed by a blank
line). A grid that is malformed, has no solution, several (with --limit 2 or more) or runs out of
time gets a `# FILE:LINE: what happened` comment line; --stats writes one for every grid (status,
guesses, milliseconds). Problems also go to stderr as FILE:LINE: reason.

Exit status: 0 when every grid was read and solved; 1 otherwise (malformed, no solution, time
out, unreadable input).";

#[derive(Args, Debug)]
pub struct LargeCmd {
    /// Puzzle files; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Stop after this many solutions: 1 solves, 2 also proves uniqueness, more counts.
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
    /// A comment line per grid: status, solutions, guesses, time.
    #[arg(short, long)]
    pub stats: bool,
    /// Grids solved at once, one per thread (default: all cores). Output stays in input order.
    #[arg(short = 'j', long)]
    pub threads: Option<usize>,
}

pub fn large(a: &LargeCmd) -> ExitCode {
    let names = sources(&a.files);
    let mut texts = Vec::with_capacity(names.len());
    let mut read_ok = true;
    for name in &names {
        match crate::input::read_all(name) {
            Ok(bytes) => texts.push((name.as_str(), String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) => {
                eprintln!("simdoku: {name}: {e}");
                read_ok = false;
            }
        }
    }
    let timeout = match a.timeout {
        0.0 => None,
        t if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        t => return crate::usage_error(format!("--timeout {t}: not a number of seconds")),
    };
    let args = LargeArgs {
        limit: if a.unique {
            a.limit.max(2)
        } else {
            a.limit.max(1)
        },
        timeout,
        x: a.x,
        stats: a.stats,
        threads: a.threads.filter(|&n| n > 0).unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        }),
        ..LargeArgs::default()
    };
    let inputs: Vec<Input<'_>> = texts
        .iter()
        .map(|(name, text)| Input { name, text })
        .collect();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = simdoku::large::run(&args, &inputs, &mut out, &mut io::stderr())
        .and_then(|sum| out.flush().map(|()| sum.success() && read_ok));
    finish(result)
}
