//! The puzzle tools: `solutions`, `generate`, `minimize`, `rate` and `canon`. The work is in
//! simdoku-tools; this file reads the inputs, runs the work on the rayon pool and writes the
//! results in input order.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use simdoku_core::{Engine, Grid, Search};
use simdoku_dispatch::{EngineSpec, Work};
use simdoku_tools::{Canonicalizer, ClueSymmetry, GenerateOptions, NotUnique, Rng};

use crate::input::{self, Entry};
use crate::output::Output;
use crate::{RunOptions, finish, init_threads, sources};

/// Lines (or generated puzzles) per parallel chunk.
const CHUNK: usize = 4096;

#[derive(Args, Debug)]
pub struct SolutionsArgs {
    /// Puzzle files (81-character or 729-character pencilmark lines); `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// At most this many solutions per puzzle (default: all of them).
    #[arg(short, long)]
    pub max: Option<u64>,
    #[command(flatten)]
    pub common: RunOptions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    None,
    Rot180,
    Rot90,
    Mirror,
    Diagonal,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    pub count: u64,
    /// Stop removing clues at this many or fewer (default: as few as possible, which gives
    /// minimal puzzles when --symmetry is none).
    #[arg(short = 'k', long, default_value_t = 0)]
    pub clues: usize,
    /// The symmetry the pattern of givens keeps.
    #[arg(short, long, value_enum, default_value = "none")]
    pub symmetry: SymmetryArg,
    /// Minimal puzzles: every clue needed (ignores --clues; may break the symmetry in a few
    /// clues).
    #[arg(long)]
    pub minimal: bool,
    /// Random seed (default: from the clock; the summary shows it). The same seed gives the
    /// same puzzles whatever the thread count.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print `puzzle,solution` instead of the puzzle alone.
    #[arg(long)]
    pub with_solution: bool,
    /// Large grids: the side N (4, 9, 16, ..., 121), printed as N lines of N numbers that
    /// `simdoku large` reads.
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Large grids: the fraction of cells given (0..=1), emptied at random (not unique).
    #[arg(long, value_name = "F")]
    pub givens: Option<f64>,
    /// Large grids from a solved grid mixed by many small swaps (not a shuffled pattern);
    /// with --minimal, minimal unique puzzles.
    #[arg(long)]
    pub mixed: bool,
    #[command(flatten)]
    pub common: RunOptions,
}

#[derive(Args, Debug)]
pub struct FileArgs {
    /// Puzzle files; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    #[command(flatten)]
    pub common: RunOptions,
}

#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Random symmetries each puzzle is solved in (guesses are averaged over them).
    #[arg(long, default_value_t = 16)]
    pub samples: usize,
}

fn open_output(common: &RunOptions) -> Option<Output> {
    match Output::open(common.output.as_deref()) {
        Ok(o) => Some(o),
        Err(e) => {
            let path = common
                .output
                .as_deref()
                .unwrap_or_else(|| std::path::Path::new("-"));
            eprintln!("simdoku: cannot write {}: {e}", path.display());
            None
        }
    }
}

fn engine_for(common: &RunOptions, work: Work) -> Result<&'static EngineSpec, ExitCode> {
    common.engine(work).map_err(crate::usage_error)
}

/// Ends a run: the output moved into place on success, removed on an error.
fn close(out: Output, result: io::Result<bool>) -> ExitCode {
    match result {
        Ok(ok) => finish(out.finish().map(|()| ok)),
        Err(e) => {
            out.abandon();
            finish(Err(e))
        }
    }
}

/// `simdoku solutions`: every solution of each puzzle, written as the engine finds it.
pub fn solutions(a: &SolutionsArgs) -> ExitCode {
    let spec = match engine_for(&a.common, Work::Enumerate) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(mut out) = open_output(&a.common) else {
        return ExitCode::from(1);
    };
    let start = Instant::now();
    let mut engine = spec.engine();
    let (mut puzzles, mut total) = (0u64, 0u64);
    let result = (|| -> io::Result<bool> {
        let mut ok = true;
        let w = out.writer();
        let read_ok = input::each_entry(&sources(&a.files), |shown, line, entry| {
            writeln!(w, "# {}", input::echo_field(line.bytes))?;
            let search = match entry {
                Entry::Invalid(reason) => {
                    eprintln!("{shown}:{}: {reason}", line.number);
                    ok = false;
                    return writeln!(w, "# invalid");
                }
                Entry::Puzzle(g) => stream(w, a.max, |v| engine.visit(&g, v))?,
                Entry::Pencilmarks(m) => stream(w, a.max, |v| m.visit(v))?,
            };
            puzzles += 1;
            total += search.solutions;
            Ok(())
        })?;
        Ok(ok && read_ok)
    })();
    if !a.common.quiet && result.is_ok() {
        eprintln!(
            "simdoku: {puzzles} puzzles, {total} solutions in {:.3} s (engine {})",
            start.elapsed().as_secs_f64(),
            spec.name
        );
    }
    close(out, result)
}

/// Writes each solution a visit finds, one a line; a write error stops the visit and is
/// returned (a closed pipe ends the run quietly in [`finish`]).
fn stream(
    w: &mut dyn Write,
    max: Option<u64>,
    visit: impl FnOnce(&mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search,
) -> io::Result<Search> {
    let mut error = None;
    let mut n = 0u64;
    if max == Some(0) {
        return Ok(Search::default());
    }
    let search = visit(&mut |s| {
        if let Err(e) = writeln!(w, "{s}") {
            error = Some(e);
            return ControlFlow::Break(());
        }
        n += 1;
        if max.is_some_and(|m| n >= m) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(search),
    }
}

/// `simdoku generate`.
pub fn generate(a: &GenerateArgs) -> ExitCode {
    init_threads(a.common.threads);
    if a.mixed || a.size.is_some_and(|s| s != 9) || a.givens.is_some() {
        return generate_large(a);
    }
    let spec = match engine_for(&a.common, Work::Count) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(mut out) = open_output(&a.common) else {
        return ExitCode::from(1);
    };
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let options = GenerateOptions {
        clues: a.clues,
        symmetry: match a.symmetry {
            SymmetryArg::None => ClueSymmetry::None,
            SymmetryArg::Rot180 => ClueSymmetry::Rot180,
            SymmetryArg::Rot90 => ClueSymmetry::Rot90,
            SymmetryArg::Mirror => ClueSymmetry::Mirror,
            SymmetryArg::Diagonal => ClueSymmetry::Diagonal,
        },
        minimal: a.minimal,
    };
    let root = Rng::new(seed);
    let start = Instant::now();
    let mut clues = 0u64;
    let result = (|| -> io::Result<bool> {
        let w = out.writer();
        let mut next = 0u64;
        while next < a.count {
            let end = a.count.min(next + CHUNK as u64);
            let made: Vec<_> = (next..end)
                .into_par_iter()
                .map_init(
                    || spec.engine(),
                    |e, i| simdoku_tools::generate(e.as_mut(), &options, &mut root.derive(i)),
                )
                .collect();
            for g in &made {
                clues += g.puzzle.givens() as u64;
                if a.with_solution {
                    writeln!(w, "{},{}", g.puzzle, g.solution)?;
                } else {
                    writeln!(w, "{}", g.puzzle)?;
                }
            }
            next = end;
        }
        Ok(true)
    })();
    if !a.common.quiet && result.is_ok() {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "simdoku: {} puzzles, {:.2} clues on average, in {secs:.3} s ({:.0} puzzles/s, \
             engine {}, {} threads, seed {seed})",
            a.count,
            clues as f64 / a.count.max(1) as f64,
            a.count as f64 / secs.max(1e-9),
            spec.name,
            rayon::current_num_threads()
        );
    }
    close(out, result)
}

/// What a worker keeps between puzzles.
struct Worker {
    engine: Box<dyn Engine>,
    canon: Canonicalizer,
}

/// Reads every source in chunks, maps each puzzle to an output line on the rayon pool, and
/// writes the lines in input order. Invalid lines (and pencilmark lines, which these tools do
/// not read) print `invalid` in their place and make the exit status 1.
fn map_lines(
    command: &str,
    files: &FileArgs,
    work: Work,
    f: &(dyn Fn(&mut Worker, &Grid, &str) -> String + Sync),
    invalid: &(dyn Fn(&str) -> String + Sync),
) -> ExitCode {
    let common = &files.common;
    init_threads(common.threads);
    let spec = match engine_for(common, work) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(mut out) = open_output(common) else {
        return ExitCode::from(1);
    };
    let start = Instant::now();
    let mut puzzles = 0u64;
    let result = (|| -> io::Result<bool> {
        let mut ok = true;
        let w = out.writer();
        let mut chunk: Vec<(String, Option<Grid>)> = Vec::with_capacity(CHUNK);
        let run = |chunk: &mut Vec<(String, Option<Grid>)>, w: &mut dyn Write| {
            let lines: Vec<String> = chunk
                .par_iter()
                .map_init(
                    || Worker {
                        engine: spec.engine(),
                        canon: Canonicalizer::new(),
                    },
                    |wk, (echo, g)| match g {
                        Some(g) => f(wk, g, echo),
                        None => invalid(echo),
                    },
                )
                .collect();
            chunk.clear();
            lines.iter().try_for_each(|l| writeln!(w, "{l}"))
        };
        let read_ok = input::each_entry(&sources(&files.files), |shown, line, entry| {
            let echo = input::echo_field(line.bytes);
            let grid = match entry {
                Entry::Puzzle(g) => {
                    puzzles += 1;
                    Some(g)
                }
                Entry::Invalid(reason) => {
                    eprintln!("{shown}:{}: {reason}", line.number);
                    None
                }
                Entry::Pencilmarks(_) => {
                    eprintln!(
                        "{shown}:{}: pencilmark lines are not read by {command}",
                        line.number
                    );
                    None
                }
            };
            ok &= grid.is_some();
            chunk.push((echo, grid));
            if chunk.len() == CHUNK {
                run(&mut chunk, w)?;
            }
            Ok(())
        })?;
        run(&mut chunk, w)?;
        Ok(ok && read_ok)
    })();
    if !common.quiet && result.is_ok() {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "simdoku: {command}: {puzzles} puzzles in {secs:.3} s ({:.0} puzzles/s, engine {}, \
             {} threads)",
            puzzles as f64 / secs.max(1e-9),
            spec.name,
            rayon::current_num_threads()
        );
    }
    close(out, result)
}

/// `simdoku minimize`: `puzzle,minimal` (or `none` / `multiple` when the puzzle is not unique).
pub fn minimize(a: &FileArgs) -> ExitCode {
    map_lines(
        "minimize",
        a,
        Work::Count,
        &|wk, g, echo| match simdoku_tools::minimize(wk.engine.as_mut(), g) {
            Ok(m) => format!("{echo},{m}"),
            Err(NotUnique::NoSolution) => format!("{echo},none"),
            Err(NotUnique::Multiple) => format!("{echo},multiple"),
        },
        &|echo| format!("{echo},invalid"),
    )
}

/// A seed made from the puzzle itself, so a puzzle rates the same wherever it is in a file.
fn puzzle_seed(g: &Grid) -> u64 {
    g.cells().iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &v| {
        (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// `simdoku rate`: `puzzle,guesses,grade`.
pub fn rate(a: &RateArgs) -> ExitCode {
    let samples = a.samples;
    map_lines(
        "rate",
        &a.files,
        Work::Count,
        &move |wk, g, echo| {
            let r = simdoku_tools::rate(
                wk.engine.as_mut(),
                g,
                samples,
                &mut Rng::new(puzzle_seed(g)),
            );
            match r.solutions {
                0 => format!("{echo},none"),
                1 => format!("{echo},{:.2},{}", r.guesses, r.grade.name()),
                _ => format!("{echo},multiple"),
            }
        },
        &|echo| format!("{echo},invalid"),
    )
}

/// `simdoku canon`: the canonical form alone, one a line.
pub fn canon(a: &FileArgs) -> ExitCode {
    map_lines(
        "canon",
        a,
        Work::Count,
        &|wk, g, _| wk.canon.canonical(g).to_string(),
        &|_| "invalid".to_string(),
    )
}

/// `simdoku generate --size N --givens F [--mixed] [--minimal]`: large grids in the number form,
/// each after a `#` line naming its seed (puzzle `k` of a run uses seed `S + k`, so one puzzle
/// of a run can be made again alone). With `--with-solution` the solution follows as `#` lines.
fn generate_large(a: &GenerateArgs) -> ExitCode {
    use simdoku_large::text::{Form, format};
    use simdoku_large::{generate as pattern_gen, grid::box_size_of_side, mixed};
    let side = a.size.unwrap_or(9);
    let Some(n) = box_size_of_side(side) else {
        return crate::usage_error(format_args!(
            "--size {side}: the side of a large grid is 4, 9, 16, 25, ..., 121"
        ));
    };
    let givens = a.givens.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&givens) {
        return crate::usage_error(format_args!("--givens {givens}: a fraction 0..=1"));
    }
    if a.minimal && !a.mixed {
        return crate::usage_error("--minimal with --size needs --mixed");
    }
    let Some(mut out) = open_output(&a.common) else {
        return ExitCode::from(1);
    };
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let start = Instant::now();
    let made: Vec<(String, usize)> = (0..a.count)
        .into_par_iter()
        .map(|k| {
            let s = seed.wrapping_add(k);
            let (puzzle, solution, what) = if a.minimal {
                let per_count = std::time::Duration::from_secs(30);
                let (m, solution) = mixed::generate_minimal(n, s, per_count);
                let what = if m.minimal {
                    "minimal unique"
                } else {
                    "unique (a count timed out: perhaps not minimal)"
                };
                (m.puzzle, solution, what.to_string())
            } else {
                let g = if a.mixed {
                    mixed::generate(n, givens, s)
                } else {
                    pattern_gen::generate(n, givens, s)
                };
                let kind = if a.mixed { "mixed" } else { "pattern" };
                (
                    g.puzzle,
                    g.solution,
                    format!("{kind}, {:.0}% givens", givens * 100.0),
                )
            };
            let mut text = format!(
                "# {side}x{side}, {what}, {} givens, seed {s} (simdoku generate)\n",
                puzzle.givens()
            );
            text.push_str(&format(&puzzle, Form::Numbers, false));
            if a.with_solution {
                text.push_str("# solution:\n");
                for line in format(&solution, Form::Numbers, false).lines() {
                    text.push_str("# ");
                    text.push_str(line);
                    text.push('\n');
                }
            }
            text.push('\n');
            (text, puzzle.givens())
        })
        .collect();
    let result = (|| -> io::Result<bool> {
        let w = out.writer();
        for (text, _) in &made {
            w.write_all(text.as_bytes())?;
        }
        Ok(true)
    })();
    if !a.common.quiet && result.is_ok() {
        let clues: usize = made.iter().map(|m| m.1).sum();
        eprintln!(
            "simdoku: {} {side}x{side} puzzles, {:.1} givens on average, in {:.3} s ({} threads, \
             seed {seed})",
            a.count,
            clues as f64 / a.count.max(1) as f64,
            start.elapsed().as_secs_f64(),
            rayon::current_num_threads()
        );
    }
    close(out, result)
}
