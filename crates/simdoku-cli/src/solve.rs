//! `simdoku solve` and `simdoku count`.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use simdoku_core::{Engine, Grid};
use simdoku_dispatch::Work;
use simdoku_tools::Pencilmarks;

use crate::batch::{Batch, MarksWork, Outcome, Record};
use crate::output::Output;
use crate::{Common, finish, init_threads, sources};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `puzzle,solution` (the Kaggle CSV shape).
    Csv,
    /// The solution alone.
    Solution,
    /// A 9x9 grid with box lines, a blank line after each.
    Pretty,
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
    #[arg(short, long, default_value_t = 1_000_000)]
    pub limit: u64,
    /// Output form: `puzzle,count` (csv) or the count alone (solution).
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

fn write_line(w: &mut dyn Write, r: &Record, o: &Outcome, format: Format) -> io::Result<()> {
    match (format, o) {
        (Format::Csv, _) => writeln!(w, "{},{}", r.echo, word(o)),
        (Format::Solution, _) => writeln!(w, "{}", word(o)),
        (Format::Pretty, Outcome::Solved(s)) => writeln!(w, "{}", s.pretty()),
        (Format::Pretty, _) => writeln!(w, "{}\n{}\n", r.echo, word(o)),
    }
}

fn run(
    common: &Common,
    work: Work,
    batch_work: &(dyn Fn(&mut dyn Engine, &Grid) -> (Outcome, u64) + Sync),
    marks: &MarksWork,
    format: Format,
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
    let write = move |w: &mut dyn Write, r: &Record, o: &Outcome| write_line(w, r, o, format);
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
        a.format,
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
        a.format,
    )
}
