//! The options and exits that the subcommands share: engine, threads, output file, quiet,
//! `--empty`; the inputs named on the command line; usage errors and exit codes. Subcommands
//! import them from here (nothing imports back from `main.rs`).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use simdoku::engines::{EngineSpec, Work};
use simdoku::pipeline::MAX_THREADS;

use crate::render;

/// Options shared by every command that runs an engine over puzzles.
#[derive(Args, Debug, Clone)]
pub struct RunOptions {
    /// Engine: `auto` (fastest available; the variable `SIMDOKU_ENGINE` overrides it) or a name from
    /// `simdoku engines`.
    #[arg(short, long, default_value = "auto")]
    pub engine: String,
    /// Worker threads (default: all cores); at most 1024.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Write results to FILE (atomically, at the end) instead of stdout (`-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No summary and no progress bar on stderr (a bar is shown only when stderr is a
    /// terminal).
    #[arg(short, long)]
    pub quiet: bool,
    /// Print empty cells of puzzles as `0` or `.` (default: a line that starts with the 81
    /// cells is echoed as written; other puzzles read, puzzles made with `.`; minimize's as
    /// its input wrote them).
    #[arg(long, value_enum, value_name = "0|.")]
    pub empty: Option<render::Empty>,
}

impl RunOptions {
    pub fn engine(&self, work: Work) -> Result<&'static EngineSpec, String> {
        choose_engine(&self.engine, work)
    }
}

/// The engine `name` (`auto`: `SIMDOKU_ENGINE` if set, else the calibrated or ranked pick),
/// or why not. An error that comes from the variable names it: with `SIMDOKU_ENGINE=avx9` and
/// no `--engine`, "unknown engine \"avx9\"" alone named nothing the user had typed.
pub fn choose_engine(name: &str, work: Work) -> Result<&'static EngineSpec, String> {
    simdoku::engines::choose(Some(name), work).map_err(
        |e| match simdoku::engines::engine_override() {
            Some(v) if name.eq_ignore_ascii_case("auto") => format!("SIMDOKU_ENGINE={v}: {e}"),
            _ => e.to_string(),
        },
    )
}

/// Files to read and how to run: the batch commands' arguments.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Puzzle files; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    #[command(flatten)]
    pub run: RunOptions,
}

/// The inputs named on the command line: stdin (`-`) when none.
pub fn sources(files: &[String]) -> Vec<String> {
    if files.is_empty() {
        vec!["-".to_string()]
    } else {
        files.to_vec()
    }
}

/// Parses a `-j` value: a thread count from 0 (all cores) to [`MAX_THREADS`] (above it, a
/// usage error).
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = s.trim().parse().map_err(|e| format!("{e}"))?;
    if n > MAX_THREADS {
        return Err(format!("{n} threads: at most {MAX_THREADS}"));
    }
    Ok(n)
}

/// Sets the size of rayon's global pool.
pub fn init_threads(threads: Option<usize>) {
    if let Some(n) = threads.filter(|&n| n > 0) {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
}

/// Items a second for the summaries: whole numbers from 100 up, else three significant digits
/// (`explain` at two seconds a puzzle reads `0.500 puzzles/s`, not `0`).
pub fn per_second(n: u64, secs: f64) -> String {
    let r = n as f64 / secs.max(1e-9);
    match r {
        _ if n == 0 || r >= 100.0 => format!("{r:.0}"),
        _ if r >= 10.0 => format!("{r:.1}"),
        _ if r >= 1.0 => format!("{r:.2}"),
        _ => format!("{r:.3}"),
    }
}

/// "1 puzzle" or "N puzzles", as the summaries count them (`N` and `noun` plus an s).
pub fn count_of(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// "1 thread" or "N threads": the thread count the summaries name.
pub fn threads_used() -> String {
    match rayon::current_num_threads() {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    }
}

/// A bad option or argument: the reason on stderr, exit status 2.
pub fn usage_error(reason: impl std::fmt::Display) -> ExitCode {
    eprintln!("simdoku: {reason}");
    ExitCode::from(2)
}

/// What `print!` and `println!` do (see `main.rs`): writes to stdout; when that fails, ends the
/// process as [`finish`] would end the run (status 0 on a closed pipe, else the reason and 1).
pub fn print_or_exit(args: std::fmt::Arguments<'_>) {
    if let Err(e) = io::Write::write_fmt(&mut io::stdout(), args) {
        let closed = e.kind() == io::ErrorKind::BrokenPipe;
        if !closed {
            eprintln!("simdoku: {e}");
        }
        std::process::exit(i32::from(!closed));
    }
}

/// Turns the end of a run into an exit code. Rust ignores SIGPIPE, so a write to a closed pipe
/// fails with `BrokenPipe`: that is a quiet success (`simdoku solve big.txt | head`).
pub fn finish(result: io::Result<bool>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("simdoku: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rates_keep_three_digits_below_a_hundred() {
        use super::per_second;
        assert_eq!(per_second(9, 18.668), "0.482");
        assert_eq!(per_second(3, 1.0), "3.00");
        assert_eq!(per_second(55, 2.0), "27.5");
        assert_eq!(per_second(1_000_000, 2.0), "500000");
        assert_eq!(per_second(0, 0.0), "0");
    }

    #[test]
    fn one_is_singular() {
        use super::count_of;
        assert_eq!(count_of(1, "puzzle"), "1 puzzle");
        assert_eq!(count_of(0, "puzzle"), "0 puzzles");
        assert_eq!(count_of(2, "16x16 puzzle"), "2 16x16 puzzles");
    }
}
