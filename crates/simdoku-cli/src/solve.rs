//! `simdoku solve` and `simdoku count`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use simdoku::engines::Work;
use simdoku::tools::Pencilmarks;
use simdoku::{Engine, Grid};

use crate::batch::{Batch, MarksWork, Outcome, Record};
use crate::input::Entry;
use crate::output::Output;
use crate::render::{self, Empty};
use crate::{Common, finish, init_threads, sources};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `puzzle,solution` (the Kaggle CSV shape).
    Csv,
    /// The solution alone.
    Solution,
    /// A 9x9 grid with box lines, a blank line after each.
    Pretty,
    /// One JSON object a line: `file`, `line`, `puzzle`, `status` (solve: `solved`, `none`,
    /// `multiple`, `invalid`, `error`; count: `none`, `unique`, `multiple`, `invalid`,
    /// `error`), then `solution` (solve) or `count` and `at_least` (count: true when the count
    /// reached --limit), or `error` (the reason a line is invalid).
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
    /// Output form: `puzzle,count` (csv), the count alone (solution) or JSON lines (json).
    #[arg(short, long, value_enum, default_value = "csv")]
    pub format: Format,
}

fn solve_one(e: &mut dyn Engine, g: &Grid, unique: bool) -> (Outcome, u64) {
    if !unique {
        let (s, search) = e.solve(g);
        return (s.map_or(Outcome::None, Outcome::Solved), search.guesses);
    }
    let mut first = None;
    let search = e.visit(g, &mut |s| {
        if first.is_some() {
            return ControlFlow::Break(());
        }
        first = Some(*s);
        ControlFlow::Continue(())
    });
    let outcome = match (search.solutions, first) {
        (1, Some(s)) => Outcome::Solved(s),
        (0, _) | (_, None) => Outcome::None,
        _ => Outcome::Multiple,
    };
    (outcome, search.guesses)
}

/// A pencilmark puzzle, solved by the tools crate's candidate search (the engines take grids).
fn solve_marks(m: &Pencilmarks, unique: bool) -> (Outcome, u64) {
    let mut first = None;
    let search = m.visit(&mut |s| {
        if first.is_some() || !unique {
            first.get_or_insert(*s);
            return ControlFlow::Break(());
        }
        first = Some(*s);
        ControlFlow::Continue(())
    });
    let outcome = match (search.solutions, first) {
        (_, None) => Outcome::None,
        (1, Some(s)) => Outcome::Solved(s),
        (_, Some(s)) if !unique => Outcome::Solved(s),
        _ => Outcome::Multiple,
    };
    (outcome, search.guesses)
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
fn json_line(file: &str, r: &Record, echo: &str, o: &Outcome, limit: Option<u64>) -> String {
    let status = match o {
        Outcome::Solved(_) => "solved",
        Outcome::Multiple | Outcome::Count(2..) => "multiple",
        Outcome::None | Outcome::Count(0) => "none",
        Outcome::Count(1) => "unique",
        Outcome::Invalid => "invalid",
        Outcome::Failed => "error",
    };
    let mut line = render::json_head(file, r.line, echo, status);
    match (o, &r.entry) {
        (Outcome::Solved(s), _) => {
            let _ = write!(line, ",\"solution\":\"{s}\"");
        }
        (Outcome::Count(n), _) => {
            let at_least = limit.is_some_and(|l| *n >= l);
            let _ = write!(line, ",\"count\":{n},\"at_least\":{at_least}");
        }
        (Outcome::Invalid, Entry::Invalid(reason)) => {
            let _ = write!(line, ",\"error\":{}", render::json_str(reason));
        }
        (Outcome::Failed, _) => {
            line += ",\"error\":\"the engine failed (a bug: please report it)\"";
        }
        _ => {}
    }
    line.push('}');
    line
}

fn write_line(
    w: &mut dyn Write,
    file: &str,
    r: &Record,
    o: &Outcome,
    show: Show,
) -> io::Result<()> {
    let echo = render::echo(&r.entry, &r.echo, show.empty);
    match (show.format, o) {
        (Format::Csv, _) => writeln!(w, "{echo},{}", word(o)),
        (Format::Solution, _) => writeln!(w, "{}", word(o)),
        (Format::Pretty, Outcome::Solved(s)) => writeln!(w, "{}", s.pretty()),
        (Format::Pretty, _) => writeln!(w, "{echo}\n{}\n", word(o)),
        (Format::Json, _) => writeln!(w, "{}", json_line(file, r, &echo, o, show.limit)),
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

fn run(
    common: &Common,
    work: Work,
    batch_work: &(dyn Fn(&mut dyn Engine, &Grid) -> (Outcome, u64) + Sync),
    marks: &MarksWork,
    show: Show,
) -> ExitCode {
    init_threads(common.run.threads);
    let spec = match common.run.engine(work) {
        Ok(s) => s,
        Err(e) => return crate::usage_error(e),
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
    let write = move |w: &mut dyn Write, file: &str, r: &Record, o: &Outcome| {
        write_line(w, file, r, o, show)
    };
    let batch = Batch {
        spec,
        quiet: common.run.quiet,
        work: batch_work,
        marks: Some(marks),
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
    let unique = a.unique;
    let work = if unique { Work::Count } else { Work::First };
    run(
        &a.common,
        work,
        &move |e, g| solve_one(e, g, unique),
        &move |m| solve_marks(m, unique),
        Show {
            format: a.format,
            empty: a.common.run.empty,
            limit: None,
        },
    )
}

pub fn count(a: &CountArgs) -> ExitCode {
    let limit = a.limit;
    let work = if limit > 2 {
        Work::Enumerate
    } else {
        Work::Count
    };
    run(
        &a.common,
        work,
        &move |e, g| {
            let s = e.count(g, limit);
            (Outcome::Count(s.solutions), s.guesses)
        },
        &move |m| {
            let s = m.count(limit);
            (Outcome::Count(s.solutions), s.guesses)
        },
        Show {
            format: a.format,
            empty: a.common.run.empty,
            limit: Some(limit),
        },
    )
}
