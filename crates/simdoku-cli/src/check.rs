//! `simdoku check`: every engine (or the named ones) on every puzzle, compared.

use std::process::ExitCode;

use clap::Args;
use simdoku::Grid;
use simdoku::engines::check::{Report, cross_check_with_progress};
use simdoku::engines::{ENGINES, EngineSpec, Work};

use crate::args::{finish, init_threads, sources};
use crate::input::{Entry, Records, shown};
use crate::progress::Progress;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Puzzle files; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Engines to compare, comma-separated (default: every engine this CPU runs). The first
    /// is the reference; `auto` is the one the other commands pick for counting.
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
    /// Count solutions up to this limit (2 checks uniqueness); at least 1.
    #[arg(short, long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Worker threads (default: all cores); at most 1024.
    #[arg(short = 'j', long, value_parser = crate::args::parse_threads)]
    pub threads: Option<usize>,
    /// Mismatches to print in full.
    #[arg(long, default_value_t = 20)]
    pub show: usize,
    /// No progress bar on stderr (a bar is shown only when stderr is a terminal).
    #[arg(short, long)]
    pub quiet: bool,
}

/// Puzzles `check` cross-checks at a time: a 10-million-line file is checked in chunks of
/// this many (about 20 MB of grids) instead of being held whole (it took 1.6 GB).
const CHECK_CHUNK: usize = 1 << 18;

/// Reads the puzzles of a file, reporting bad lines: `Some(false)` if any line was bad, `None`
/// (reported) if the file could not be read.
pub fn read_puzzles(name: &str, out: &mut Vec<Grid>) -> Option<bool> {
    let sources = [name.to_string()];
    let mut records = Records::new(&sources);
    let (ok, _, _) = read_chunk(&mut records, out, usize::MAX);
    (records.unreadable == 0).then_some(ok)
}

/// Reads up to `max` puzzles from `records` into `out`, reporting bad lines (read errors are
/// reported by `records` and counted in its `unreadable`): whether every line was good,
/// whether the input ended, and the bytes of input the chunk took.
fn read_chunk(records: &mut Records<'_>, out: &mut Vec<Grid>, max: usize) -> (bool, bool, u64) {
    let (mut ok, mut bytes) = (true, 0);
    while out.len() < max {
        let Some(r) = records.next() else {
            return (ok, true, bytes);
        };
        bytes += r.bytes;
        match r.entry {
            Entry::Puzzle(g) => out.push(g),
            Entry::Pencilmarks(_) => {
                eprintln!(
                    "{}:{}: pencilmark lines are read by solve, count, solutions, explain, hint \
                     and rate --se, not by check or bench",
                    r.file, r.line
                );
                ok = false;
            }
            Entry::Invalid(reason) => {
                eprintln!("{}:{}: {reason}", r.file, r.line);
                ok = false;
            }
        }
    }
    (ok, false, bytes)
}

/// Adds the report of a later chunk, whose first puzzle is puzzle `offset` of the input.
fn merge(into: &mut Report, chunk: Report, offset: usize) {
    for (e, c) in into.engines.iter_mut().zip(chunk.engines) {
        e.puzzles += c.puzzles;
        e.agreements += c.agreements;
        e.mismatches += c.mismatches;
        e.time += c.time;
    }
    into.mismatches
        .extend(chunk.mismatches.into_iter().map(|mut m| {
            m.puzzle_index += offset;
            m
        }));
}

/// The named engines (all available ones when `names` is empty); `auto` is the engine the other
/// commands' `-e auto` takes for `work` (`SIMDOKU_ENGINE`, else the calibration or ranking).
pub fn engines_by_name(names: &[String], work: Work) -> Result<Vec<&'static EngineSpec>, String> {
    if names.is_empty() {
        return Ok(ENGINES.iter().filter(|e| e.available()).collect());
    }
    names
        .iter()
        .map(|n| crate::args::choose_engine(n, work))
        .collect()
}

pub fn check(a: &CheckArgs) -> ExitCode {
    init_threads(a.threads);
    let specs = match engines_by_name(&a.engines, Work::Count) {
        Ok(s) => s,
        Err(e) => return crate::args::usage_error(e),
    };
    let files = sources(&a.files);
    let mut all_ok = true;
    for name in &files {
        let one = std::slice::from_ref(name);
        let mut records = Records::new(one);
        let shown_name = shown(name);
        let progress = Progress::for_sources(one, a.quiet);
        let mut report: Option<Report> = None;
        let mut total = 0;
        let (mut bytes_before, mut ended) = (0, false);
        while !ended {
            let mut puzzles = Vec::new();
            let (read_ok, bytes);
            (read_ok, ended, bytes) = read_chunk(&mut records, &mut puzzles, CHECK_CHUNK);
            all_ok &= read_ok;
            let n = puzzles.len().max(1) as u64;
            // Position in bytes (a file) or puzzles (stdin), as far as this chunk has come.
            let tick = |done: u64| {
                progress.set_position(if progress.counts_bytes() {
                    bytes_before + bytes * done / n
                } else {
                    total as u64 + done
                });
            };
            let chunk = cross_check_with_progress(&puzzles, &specs, a.limit, &tick);
            match &mut report {
                None => report = Some(chunk),
                Some(r) => merge(r, chunk, total),
            }
            total += puzzles.len();
            bytes_before += bytes;
        }
        progress.finish();
        if records.unreadable > 0 {
            // Reported by `records`; a file that could not be opened gets no table.
            all_ok = false;
            if total == 0 {
                continue;
            }
        }
        let report = report.unwrap_or_default();
        let name = shown_name;
        let total = crate::args::count_of(total as u64, "puzzle");
        println!("{name}: {total}, count limit {}", a.limit);
        // The engine column as wide as the longest name (at least 10).
        let nw = report
            .engines
            .iter()
            .map(|e| e.name.len())
            .fold(10, usize::max);
        println!(
            "  {:<nw$} {:>9} {:>11} {:>11} {:>10}",
            "engine", "puzzles", "agreements", "mismatches", "time (s)"
        );
        for e in &report.engines {
            println!(
                "  {:<nw$} {:>9} {:>11} {:>11} {:>10.3}",
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

#[cfg(test)]
mod tests {
    use super::*;
    use simdoku::engines::check::{Mismatch, cross_check};

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// `text` in a file of its own (removed when dropped).
    struct TempFile(String);

    impl TempFile {
        fn new(tag: &str, text: &str) -> TempFile {
            let p = std::env::temp_dir().join(format!("simdoku-{tag}-{}.txt", std::process::id()));
            std::fs::write(&p, text).unwrap();
            TempFile(p.to_string_lossy().into_owned())
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn chunks_add_up_to_the_whole_input() {
        // Six puzzles (one of them without a solution: every engine must agree on 0; one
        // drawn over nine lines) and a bad line, read two at a time: the merged report is the
        // one of the whole input.
        let none = format!("12345678.........9{}", ".".repeat(63));
        let drawn: Vec<&str> = (0..9).map(|r| &P[9 * r..9 * r + 9]).collect();
        let drawn = drawn.join("\n");
        let text = format!("{P}\n{none}\nbad\n{P}\n\n{drawn}\n{none}\n{P}\n");
        let file = TempFile::new("check-chunks", &text);
        let sources = [file.0.clone()];
        let specs = engines_by_name(&[], Work::Count).unwrap();
        let mut all = Vec::new();
        let (ok, ended, bytes) = read_chunk(&mut Records::new(&sources), &mut all, usize::MAX);
        assert!(!ok && ended);
        assert_eq!(bytes, text.len() as u64 - 1, "all but the blank line");
        assert_eq!(all.len(), 6);
        assert_eq!(all[3], all[0], "the drawn puzzle");
        let whole = cross_check(&all, &specs, 2);

        let mut src = Records::new(&sources);
        let (mut merged, mut total, mut ended, mut ok) = (None::<Report>, 0, false, true);
        while !ended {
            let mut chunk = Vec::new();
            let good;
            (good, ended, _) = read_chunk(&mut src, &mut chunk, 2);
            ok &= good;
            assert!(chunk.len() <= 2);
            assert_eq!(chunk[..], all[total..total + chunk.len()]);
            let r = cross_check(&chunk, &specs, 2);
            match &mut merged {
                None => merged = Some(r),
                Some(m) => merge(m, r, total),
            }
            total += chunk.len();
        }
        assert!(!ok);
        assert_eq!(total, 6);
        let merged = merged.unwrap();
        for (m, w) in merged.engines.iter().zip(&whole.engines) {
            assert_eq!(
                (m.name, m.puzzles, m.agreements, m.mismatches),
                (w.name, w.puzzles, w.agreements, w.mismatches)
            );
            assert_eq!(m.puzzles, 6);
        }
        assert_eq!(merged.mismatches.len(), whole.mismatches.len());
    }

    #[test]
    fn merged_mismatches_keep_their_place_in_the_input() {
        let g: Grid = P.parse().unwrap();
        let mut into = Report::default();
        let chunk = Report {
            engines: Vec::new(),
            mismatches: vec![Mismatch {
                puzzle_index: 1,
                puzzle: g,
                engine: "sse",
                reason: "test".into(),
            }],
        };
        merge(&mut into, chunk, 5);
        assert_eq!(into.mismatches[0].puzzle_index, 6);
    }
}
