//! The human-style commands: `explain` (every step), `hint` (the next step) and `rate --se`
//! (Sudoku Explainer's ER/EP/ED). The steps are the library's (`simdoku::logic`); this file
//! reads puzzle and pencilmark lines, runs them on the pipeline through the tools' line mapper
//! and writes one block or line per input line, in input order.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::value::RawValue;
use simdoku::batch::{Entry, board_of};
use simdoku::logic::{
    Board, Explanation, Hint, Solutions, Step, Technique, Unrated, explain, hint, rate,
};

use crate::render::{self, LineJson};
use crate::tools::{FileArgs, Item, RateArgs, RateFormat, Worker, map_lines_with};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// `# <puzzle>`, then one step a line (`1.2 r6c2=4 hidden single in box 4`: difficulty,
    /// then the step), then `# solved (N steps)` or `# stuck: why`; a puzzle with no solution
    /// or several gets no steps, only `# no solution` or `# multiple solutions`.
    Text,
    /// One JSON object a puzzle: `file`, `line`, `puzzle`, `status` (`solved`, `stuck`,
    /// `none`, `multiple`, `invalid`), `steps` (each: `technique`, `difficulty`, `text`,
    /// `placements` as `[cell, digit]`, `eliminations` as `[cell, [digits]]`, cells 0-80 row
    /// by row; empty for `none` and `multiple`), then `stuck` (why) or `error` (why a line is
    /// invalid).
    Json,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Output form.
    #[arg(short, long, value_enum, default_value = "text")]
    pub format: ExplainFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HintFormat {
    /// `puzzle,difficulty,step` (`puzzle,1.2,r6c2=4 hidden single in box 4`; the step is the
    /// rest of the line and may hold commas); `puzzle,solved`, `puzzle,stuck` (one solution,
    /// beyond the techniques), `puzzle,none` (no solution), `puzzle,multiple` (several
    /// solutions: no step is given), `puzzle,invalid`.
    Csv,
    /// One JSON object a line: `file`, `line`, `puzzle`, `status` (`hint`, `solved`, `stuck`,
    /// `none`, `multiple`, `invalid`), then `step` (as in `explain --format json`) or `error`.
    Json,
}

#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Output form.
    #[arg(short, long, value_enum, default_value = "csv")]
    pub format: HintFormat,
}

/// What the logic commands read: puzzle and pencilmark lines (invalid lines are reported).
fn accept(entry: Entry) -> Result<Entry, String> {
    match entry {
        Entry::Invalid(reason) => Err(reason),
        other => Ok(other),
    }
}

/// `f` on a line's board, or why there is none (a line that is no puzzle, or a pencilmark line
/// that the logic's reader rejects).
fn on_board<R>(item: &Item<Entry>, f: impl FnOnce(&Board) -> R) -> Result<R, String> {
    let entry = item.grid.as_ref().map_err(Clone::clone)?;
    Ok(f(&board_of(entry).map_err(|e| e.to_string())?))
}

/// Why the logic stopped on a board with one solution that it could not solve.
fn stuck_reason(b: &Board) -> String {
    let empty = (0..81).filter(|&c| b.value(c) == 0).count();
    let last = Technique::ALL[Technique::ALL.len() - 1];
    format!(
        "needs a technique beyond those implemented (up to {last}, {}), {empty} cells empty",
        tenths(last.difficulty())
    )
}

pub(crate) fn tenths(t: u8) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A step as JSON.
#[derive(Serialize)]
struct StepJson {
    technique: String,
    difficulty: Box<RawValue>,
    text: String,
    placements: Vec<(u8, u8)>,
    eliminations: Vec<(u8, Vec<u8>)>,
}

impl StepJson {
    fn of(s: &Step) -> StepJson {
        StepJson {
            technique: s.name().into_owned(),
            difficulty: render::fixed(f64::from(s.difficulty) / 10.0, 1),
            text: s.to_string(),
            placements: s.placements.clone(),
            eliminations: s
                .eliminations
                .iter()
                .map(|&(c, m)| (c, simdoku::logic::digits(m).collect()))
                .collect(),
        }
    }
}

/// One puzzle's explanation as JSON.
#[derive(Serialize)]
struct ExplainJson<'a> {
    file: &'a str,
    line: u64,
    puzzle: &'a str,
    status: &'a str,
    steps: Vec<StepJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stuck: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// One puzzle's hint as JSON.
#[derive(Serialize)]
struct HintJson<'a> {
    file: &'a str,
    line: u64,
    puzzle: &'a str,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// `simdoku explain`: every step of each puzzle.
pub fn explain_cmd(a: &ExplainArgs) -> ExitCode {
    let format = a.format;
    map_lines_with(
        "explain",
        &a.files,
        None,
        &accept,
        &move |_: &mut Worker, item: &Item<Entry>| {
            // `explain` counts the solutions to two first, and takes no step on a puzzle with
            // none or several.
            let got = on_board(item, explain);
            let status = |e: &Explanation| match e.solutions {
                Solutions::None => "none",
                Solutions::Multiple => "multiple",
                Solutions::Unique if e.solved() => "solved",
                Solutions::Unique => "stuck",
            };
            match format {
                ExplainFormat::Text => {
                    let mut out = format!("# {}", item.echo);
                    match got {
                        Err(_) => out.push_str("\n# invalid"),
                        Ok(e) => {
                            for s in &e.steps {
                                let _ = write!(out, "\n{} {s}", s.rating());
                            }
                            let _ = match e.solutions {
                                Solutions::None => write!(out, "\n# no solution"),
                                Solutions::Multiple => write!(out, "\n# multiple solutions"),
                                Solutions::Unique if e.solved() => {
                                    write!(out, "\n# solved ({} steps)", e.steps.len())
                                }
                                Solutions::Unique => {
                                    write!(out, "\n# stuck: {}", stuck_reason(&e.end))
                                }
                            };
                        }
                    }
                    out
                }
                ExplainFormat::Json => {
                    let mut j = ExplainJson {
                        file: &item.file,
                        line: item.line,
                        puzzle: &item.echo,
                        status: "invalid",
                        steps: Vec::new(),
                        stuck: None,
                        error: None,
                    };
                    match &got {
                        Err(reason) => j.error = Some(reason),
                        Ok(e) => {
                            j.status = status(e);
                            j.steps = e.steps.iter().map(StepJson::of).collect();
                            if e.solutions == Solutions::Unique && !e.solved() {
                                j.stuck = Some(stuck_reason(&e.end));
                            }
                        }
                    }
                    render::json_text(&j)
                }
            }
        },
    )
}

/// `simdoku hint`: the next step of each puzzle.
pub fn hint_cmd(a: &HintArgs) -> ExitCode {
    let format = a.format;
    let answer = move |_: &mut Worker, item: &Item<Entry>| {
        // `hint` counts the solutions to two first: no step on a puzzle with none or
        // several.
        let got = on_board(item, hint);
        let status = match &got {
            Err(_) => "invalid",
            Ok(Hint::Step(_)) => "hint",
            Ok(Hint::Solved) => "solved",
            Ok(Hint::Stuck) => "stuck",
            Ok(Hint::NoSolution) => "none",
            Ok(Hint::Multiple) => "multiple",
        };
        match format {
            HintFormat::Csv => match got {
                Ok(Hint::Step(s)) => format!("{},{},{s}", item.echo, s.rating()),
                _ => format!("{},{status}", item.echo),
            },
            HintFormat::Json => {
                let (step, error) = match &got {
                    Err(reason) => (None, Some(reason.as_str())),
                    Ok(Hint::Step(s)) => (Some(StepJson::of(s)), None),
                    Ok(_) => (None, None),
                };
                render::json_text(&HintJson {
                    file: &item.file,
                    line: item.line,
                    puzzle: &item.echo,
                    status,
                    step,
                    error,
                })
            }
        }
    };
    map_lines_with("hint", &a.files, None, &accept, &answer)
}

/// `simdoku rate --se`: `puzzle,ER,EP,ED`, `puzzle,beyond` (a technique beyond those
/// implemented is needed), or JSON lines.
pub fn rate_se(a: &RateArgs) -> ExitCode {
    let format = a.format;
    let answer = move |_: &mut Worker, item: &Item<Entry>| {
        // `rate` counts the solutions to two first: a rating when its steps solve a puzzle
        // with one, else why not.
        let got = on_board(item, rate);
        let status = match &got {
            Err(_) => "invalid",
            Ok(Ok(_)) => "rated",
            Ok(Err(Unrated::NoSolution)) => "none",
            Ok(Err(Unrated::Beyond)) => "beyond",
            Ok(Err(Unrated::Multiple)) => "multiple",
        };
        match format {
            RateFormat::Csv => match got {
                Ok(Ok(r)) => format!(
                    "{},{},{},{}",
                    item.echo,
                    tenths(r.er),
                    tenths(r.ep),
                    tenths(r.ed)
                ),
                _ => format!("{},{status}", item.echo),
            },
            RateFormat::Json => {
                let mut line = LineJson {
                    file: &item.file,
                    line: item.line,
                    puzzle: &item.echo,
                    status,
                    ..LineJson::default()
                };
                match &got {
                    Err(reason) => line.error = Some(reason),
                    Ok(Ok(r)) => {
                        let one = |t: u8| render::fixed(f64::from(t) / 10.0, 1);
                        line.er = Some(one(r.er));
                        line.ep = Some(one(r.ep));
                        line.ed = Some(one(r.ed));
                    }
                    Ok(_) => {}
                }
                render::json_text(&line)
            }
        }
    };
    map_lines_with("rate", &a.files, None, &accept, &answer)
}
