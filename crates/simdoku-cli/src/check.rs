//! `simdoku check`: every engine (or the named ones) on every puzzle, compared.

use std::process::ExitCode;

use clap::Args;
use simdoku::Grid;
use simdoku::engines::check::cross_check_with_progress;
use simdoku::engines::{ENGINES, EngineSpec};

use crate::args::{finish, init_threads, sources};
use crate::input::{Entry, LineReader, classify, shown};
use crate::progress::Progress;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Puzzle files; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Engines to compare, comma-separated (default: every engine this CPU runs). The first
    /// is the reference.
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
    /// Count solutions up to this limit (2 checks uniqueness); at least 1.
    #[arg(short, long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    pub threads: Option<usize>,
    /// Mismatches to print in full.
    #[arg(long, default_value_t = 20)]
    pub show: usize,
    /// No progress bar on stderr (a bar is shown only when stderr is a terminal).
    #[arg(short, long)]
    pub quiet: bool,
}

/// Reads the puzzles of a file, reporting bad lines: `Some(false)` if any line was bad, `None`
/// (reported) if the file could not be read.
pub fn read_puzzles(name: &str, out: &mut Vec<Grid>) -> Option<bool> {
    let data = crate::input::read_all(name);
    let name = shown(name);
    let data = match data {
        Ok(d) => d,
        Err(e) => {
            eprintln!("simdoku: {name}: {e}");
            return None;
        }
    };
    let mut ok = true;
    let mut r = LineReader::new(&data[..]);
    while let Ok(Some(line)) = r.next_line() {
        match classify(&line) {
            Some(Entry::Puzzle(g)) => out.push(g),
            Some(Entry::Pencilmarks(_)) => {
                eprintln!(
                    "{name}:{}: pencilmark lines are read by solve, count and solutions only",
                    line.number
                );
                ok = false;
            }
            Some(Entry::Invalid(reason)) => {
                eprintln!("{name}:{}: {reason}", line.number);
                ok = false;
            }
            None => {}
        }
    }
    Some(ok)
}

/// The named engines (all available ones when `names` is empty).
pub fn engines_by_name(names: &[String]) -> Result<Vec<&'static EngineSpec>, String> {
    if names.is_empty() {
        return Ok(ENGINES.iter().filter(|e| e.available()).collect());
    }
    names
        .iter()
        .map(|n| simdoku::engines::by_name(n).map_err(|e| e.to_string()))
        .collect()
}

pub fn check(a: &CheckArgs) -> ExitCode {
    init_threads(a.threads);
    let specs = match engines_by_name(&a.engines) {
        Ok(s) => s,
        Err(e) => return crate::args::usage_error(e),
    };
    let files = sources(&a.files);
    let mut all_ok = true;
    for name in &files {
        let mut puzzles = Vec::new();
        let Some(read_ok) = read_puzzles(name, &mut puzzles) else {
            all_ok = false;
            continue;
        };
        all_ok &= read_ok;
        let name = shown(name);
        let progress = Progress::items(puzzles.len() as u64, "puzzles", a.quiet);
        let tick = |done: u64| progress.set_position(done);
        let report = cross_check_with_progress(&puzzles, &specs, a.limit, &tick);
        progress.finish();
        println!("{name}: {} puzzles, count limit {}", puzzles.len(), a.limit);
        println!(
            "  {:<10} {:>9} {:>11} {:>11} {:>10}",
            "engine", "puzzles", "agreements", "mismatches", "time (s)"
        );
        for e in &report.engines {
            println!(
                "  {:<10} {:>9} {:>11} {:>11} {:>10.3}",
                e.name,
                e.puzzles,
                e.agreements,
                e.mismatches,
                e.time.as_secs_f64()
            );
        }
        for m in report.mismatches.iter().take(a.show) {
            println!(
                "  MISMATCH {} puzzle {} ({}): {}",
                m.engine,
                m.puzzle_index + 1,
                m.puzzle,
                m.reason
            );
        }
        if report.mismatches.len() > a.show {
            println!(
                "  ... and {} more mismatches",
                report.mismatches.len() - a.show
            );
        }
        all_ok &= report.ok();
    }
    finish(Ok(all_ok))
}
