//! `simdoku solve` and `simdoku count`.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use simdoku::batch::Op;

use crate::args::{Common, finish, init_threads, sources};
use crate::batch::{Batch, Outcome};
use crate::input::{Entry, Record};
use crate::output::Output;
use crate::render::{self, Empty, LineJson};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `puzzle,solution` (the Kaggle CSV shape).
    Csv,
    /// The solution alone.
    Solution,
    /// A 9x9 grid with box lines, a blank line after each.
    Pretty,
    /// One JSON object a line: `file`, `line`, `puzzle`, `status` (`solved`, `none`,
    /// `multiple`, `invalid`, `error`), then `solution`, or `error` (the reason a line is
    /// invalid).
    Json,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub common: Common,
    /// Output form.
    #[arg(short, long, value_enum, default_value = "csv")]
    pub format: Format,
    /// Prove uniqueness: print `multiple` for puzzles with more than one solution.
    #[arg(short, long)]
    pub unique: bool,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: Common,
    /// Stop counting at this many solutions (a count equal to the limit means "at least").
    /// At least 1: 0 is a usage error.
    #[arg(short, long, default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Output form.
    #[arg(short, long, value_enum, default_value = "csv")]
    pub format: CountFormat,
}

/// `count`'s output forms: [`Format`]'s names, each with a count where solve has a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    /// `puzzle,count`.
    Csv,
    /// The count alone (`invalid` for a line that is no puzzle).
    Solution,
    /// The puzzle's line, then its count, then a blank line.
    Pretty,
    /// One JSON object a line: `file`, `line`, `puzzle`, `status` (`none`, `unique`,
    /// `multiple`, `invalid`, `error`; `solved` under --limit 1, which cannot tell `unique`),
    /// then `count` and `at_least` (true when the count reached --limit), or `error` (the
    /// reason a line is invalid).
    Json,
}

impl From<CountFormat> for Format {
    fn from(f: CountFormat) -> Format {
        match f {
            CountFormat::Csv => Format::Csv,
            CountFormat::Solution => Format::Solution,
            CountFormat::Pretty => Format::Pretty,
            CountFormat::Json => Format::Json,
        }
    }
}

fn word(o: &Outcome) -> String {
    match o {
        Outcome::Solved(s) => s.to_string(),
        Outcome::Multiple => "multiple".into(),
        Outcome::None => "none".into(),
        Outcome::Count(n) => n.to_string(),
        Outcome::Invalid => "invalid".into(),
        Outcome::Failed => "error".into(),
    }
}

/// One JSON line: the line's place, its puzzle, what came of it. `limit`: count's --limit
/// (`None` for solve).
fn json_line(
    w: &mut dyn Write,
    r: &Record,
    echo: &str,
    o: &Outcome,
    limit: Option<u64>,
) -> io::Result<()> {
    let status = match o {
        Outcome::Solved(_) => "solved",
        Outcome::Multiple | Outcome::Count(2..) => "multiple",
        Outcome::None | Outcome::Count(0) => "none",
        // Counting to one stops at the first solution: that says nothing of a second.
        Outcome::Count(1) if limit == Some(1) => "solved",
        Outcome::Count(1) => "unique",
        Outcome::Invalid => "invalid",
        Outcome::Failed => "error",
    };
    let mut line = LineJson {
        file: &r.file,
        line: r.line,
        puzzle: echo,
        status,
        ..LineJson::default()
    };
    match (o, &r.entry) {
        (Outcome::Solved(s), _) => line.solution = Some(s.to_string()),
        (Outcome::Count(n), _) => {
            line.count = Some(*n);
            line.at_least = Some(limit.is_some_and(|l| *n >= l));
        }
        (Outcome::Invalid, Entry::Invalid(reason)) => line.error = Some(reason),
        (Outcome::Failed, _) => line.error = Some("the engine failed (a bug: please report it)"),
        _ => {}
    }
    render::write_json(w, &line)
}

fn write_line(w: &mut dyn Write, r: &Record, o: &Outcome, show: Show) -> io::Result<()> {
    // The two line formats as bytes, without the formatting machinery or a string a line:
    // on batches of easy puzzles the writing is a good part of what one thread does.
    let word_line = |w: &mut dyn Write| match o {
        Outcome::Solved(s) => {
            let mut line = [b'\n'; 82];
            line[..81].copy_from_slice(&s.to_line_with(b'.'));
            w.write_all(&line)
        }
        _ => writeln!(w, "{}", word(o)),
    };
    match (show.format, o) {
        (Format::Csv, _) if show.empty.is_none() || matches!(r.entry, Entry::Invalid(_)) => {
            w.write_all(r.echo.as_bytes())?;
            w.write_all(b",")?;
            word_line(w)
        }
        (Format::Solution, _) => word_line(w),
        _ => write_formatted(w, r, o, show),
    }
}

/// [`write_line`]'s other cases: csv with `--empty`, pretty and JSON.
fn write_formatted(w: &mut dyn Write, r: &Record, o: &Outcome, show: Show) -> io::Result<()> {
    let echo = render::echo(&r.entry, &r.echo, show.empty);
    match (show.format, o) {
        (Format::Csv, _) => writeln!(w, "{echo},{}", word(o)),
        (Format::Solution, _) => writeln!(w, "{}", word(o)),
        (Format::Pretty, Outcome::Solved(s)) => writeln!(w, "{}", s.pretty()),
        (Format::Pretty, _) => writeln!(w, "{echo}\n{}\n", word(o)),
        (Format::Json, _) => json_line(w, r, &echo, o, show.limit),
    }
}

/// How results are written.
#[derive(Clone, Copy)]
struct Show {
    format: Format,
    empty: Option<Empty>,
    /// count's --limit.
    limit: Option<u64>,
}

fn run(common: &Common, op: Op, show: Show) -> ExitCode {
    init_threads(common.run.threads);
    let spec = match common.run.engine(op.work()) {
        Ok(s) => s,
        Err(e) => return crate::args::usage_error(e),
    };
    let mut out = match Output::open(common.run.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            let path = common
                .run
                .output
                .as_deref()
                .unwrap_or_else(|| std::path::Path::new("-"));
            eprintln!("simdoku: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
    };
    let write = move |w: &mut dyn Write, r: &Record, o: &Outcome| write_line(w, r, o, show);
    let batch = Batch {
        spec,
        quiet: common.run.quiet,
        op,
        write: &write,
    };
    let result = batch.run(&sources(&common.files), out.writer());
    match result {
        Ok(tally) => finish(out.finish().map(|()| tally.ok())),
        Err(e) => {
            out.abandon();
            finish(Err(e))
        }
    }
}

pub fn solve(a: &SolveArgs) -> ExitCode {
    run(
        &a.common,
        if a.unique { Op::SolveUnique } else { Op::Solve },
        Show {
            format: a.format,
            empty: a.common.run.empty,
            limit: None,
        },
    )
}

pub fn count(a: &CountArgs) -> ExitCode {
    run(
        &a.common,
        Op::Count(a.limit),
        Show {
            format: a.format.into(),
            empty: a.common.run.empty,
            limit: Some(a.limit),
        },
    )
}
