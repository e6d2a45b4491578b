//! The puzzle tools: `solutions`, `generate`, `minimize`, `rate` and `canon`. The work is in
//! simdoku-tools (`rate --se`, `explain` and `hint` are in `logic.rs`, on this file's line
//! mapper); this file reads the inputs, runs the work on the rayon pool and writes the
//! results in input order.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use simdoku::engines::{EngineSpec, Work};
use simdoku::pipeline::{CHUNK, Panicked, Pipeline, catch};
use simdoku::rules::MIN_CLUES;
use simdoku::tools::{
    Canonicalizer, ClueSymmetry, GenerateOptions, NotUnique, Rng, Symmetry, generate_rated,
};
use simdoku::{Engine, Grid, Level, Rated, SeTarget, SeTargetError, Search, logic};

use crate::args::{RunOptions, finish, init_threads, sources};
use crate::input::{Entry, Records};
use crate::logic::tenths;
use crate::output::Output;
use crate::progress::Progress;
use crate::render::{self, Empty, LineJson};

#[derive(Args, Debug)]
pub struct SolutionsArgs {
    /// Puzzle files (81-character or 729-character pencilmark lines); `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// At most this many solutions per puzzle (default: all of them). At least 1: 0 is a
    /// usage error, as count's --limit 0 is.
    #[arg(short, long, value_parser = clap::value_parser!(u64).range(1..))]
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

/// `--level`: a named band of Sudoku Explainer's ER.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// ER 1.0-1.5: full houses and hidden singles.
    Easy,
    /// ER 1.6-2.9: direct pointing/claiming/hidden sets, naked singles, pointing, claiming.
    Medium,
    /// ER 3.0-4.4: naked/hidden pairs and triples, X-Wing, Swordfish, two strong links, XY-
    /// and XYZ-Wing.
    Hard,
    /// ER 4.5-6.0: unique rectangles and loops, quads, Jellyfish, three strong links,
    /// WXYZ-Wing, BUG.
    Expert,
    /// Above ER 6.0 (four strong links, larger wings, chains, nested forcing chains), or beyond
    /// the rater (`rate --se` says `beyond`: no rule of Explainer's applies).
    Extreme,
}

impl LevelArg {
    fn level(self) -> Level {
        match self {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Expert => Level::Expert,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

#[derive(Args, Debug)]
#[allow(clippy::struct_excessive_bools)] // command-line switches
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    pub count: u64,
    /// Stop removing clues at this many or fewer (default: as few as possible, which gives
    /// minimal puzzles when --symmetry is none); 17 to 81 (no puzzle with fewer than 17 clues
    /// has one solution: 1 to 16 are a usage error). A puzzle may stop above it, at a minimal
    /// one (random minimal puzzles have 22 to 28 clues; with --symmetry, at one that no
    /// symmetric group of clues can leave): the run then says how many did.
    #[arg(short = 'k', long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=81))]
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
    /// Only puzzles whose Sudoku Explainer rating ER (as `simdoku rate --se` gives it) is in
    /// LO..HI, e.g. `4.0..6.0` or `7.0..8.5`, or one ER (`5.5`). Ratings above 9.4 take
    /// Explainer's nested forcing chains (seconds a puzzle; random puzzles almost never need
    /// them), so HI is at most 9.4: a higher one is a usage error (exit 2); ask for
    /// `--level extreme` instead.
    /// Candidates are made with the other options and rated until one is in the band (ER 7.0
    /// and up is a few percent of minimal puzzles, 8.0 and up under 3%: allow for the time).
    #[arg(long, value_name = "LO..HI", value_parser = parse_se, conflicts_with = "level",
          group = "band")]
    pub se: Option<SeTarget>,
    /// Only puzzles of this level (a band of ER; extreme: above 6.0 or beyond the rater).
    #[arg(long, value_enum, value_name = "LEVEL", group = "band")]
    pub level: Option<LevelArg>,
    /// With --se or --level (a usage error without them): candidates made for one puzzle
    /// before it is given up (reported, exit status 1).
    #[arg(long, default_value_t = 10_000, value_name = "N", requires = "band",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub attempts: usize,
    /// Append Sudoku Explainer's rating, `,ER,EP,ED` as `rate --se` prints it (`,beyond` past
    /// the rater), after the puzzle (and the solution).
    #[arg(long)]
    pub with_rating: bool,
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
pub struct CanonArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Print the usual minlex form instead (an empty cell is the least symbol, so empty cells
    /// gather at the top left; the form most Sudoku tools publish). Without it, empty cells
    /// rank after every digit and givens gather at the top left. On solved grids the two agree.
    #[arg(long)]
    pub minlex: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// `puzzle,guesses,grade` (`puzzle,none`, `puzzle,multiple`, `puzzle,invalid`); with --se
    /// `puzzle,ER,EP,ED` (`puzzle,beyond` too).
    Csv,
    /// One JSON object a line: `file`, `line`, `puzzle`, `status` (`rated`, `none`,
    /// `multiple`, `invalid`; with --se `beyond` too), then `guesses` and `grade` (with --se:
    /// `er`, `ep`, `ed`), or `error` (why a line is invalid).
    Json,
}

#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Random symmetries each puzzle is solved in (guesses are averaged over them); 1 to
    /// 1,000,000 (a million solves a puzzle is already minutes of work a line).
    #[arg(long, default_value_t = 16,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub samples: usize,
    /// Output form.
    #[arg(short, long, value_enum, default_value = "csv")]
    pub format: RateFormat,
    /// Sudoku Explainer's ratings instead: `puzzle,ER,EP,ED` as serate prints them (`2.6,1.2,1.2`),
    /// from human-style steps in Explainer's order; `puzzle,beyond` when no rule of Explainer's
    /// applies (all its default rules are implemented, its nested forcing chains included;
    /// those are tried only on a puzzle with one solution; `simdoku explain` shows where a
    /// puzzle stops), never a guess. Reads pencilmark lines too.
    #[arg(long, conflicts_with = "samples")]
    pub se: bool,
}

#[derive(Args, Debug)]
pub struct ShuffleArgs {
    #[command(flatten)]
    pub files: FileArgs,
    /// Random seed (default: from the clock; the summary shows it). The same seed gives the
    /// same output whatever the thread count.
    #[arg(long)]
    pub seed: Option<u64>,
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
    common.engine(work).map_err(crate::args::usage_error)
}

/// `result`, once what was written is out of `out`'s buffer: the summary on stderr comes after
/// the results (on a terminal it came first), and a failed write is an error before it.
fn flushed<T>(out: &mut Output, result: io::Result<T>) -> io::Result<T> {
    result.and_then(|r| out.writer().flush().map(|()| r))
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
    let sources = sources(&a.files);
    let progress = Progress::for_sources(&sources, a.common.quiet);
    let result = write_solutions(
        spec,
        &sources,
        a.max,
        a.common.empty,
        &progress,
        out.writer(),
    );
    let result = flushed(&mut out, result);
    progress.finish();
    if !a.common.quiet
        && let Ok((_, puzzles, total)) = result
    {
        eprintln!(
            "simdoku: {}, {} in {:.3} s (engine {})",
            crate::args::count_of(puzzles, "puzzle"),
            crate::args::count_of(total, "solution"),
            start.elapsed().as_secs_f64(),
            spec.name
        );
    }
    close(out, result.map(|(ok, ..)| ok))
}

/// The body of `simdoku solutions`: whether every line was a puzzle the engine took without
/// failing, how many puzzles, how many solutions. A panic of the engine (a bug) on one puzzle
/// is reported as `FILE:LINE`, written as `# error` after what was found, and the run goes on
/// with a new engine.
fn write_solutions(
    spec: &'static EngineSpec,
    sources: &[String],
    max: Option<u64>,
    empty: Option<Empty>,
    progress: &Progress,
    w: &mut dyn Write,
) -> io::Result<(bool, u64, u64)> {
    let mut engine = spec.engine();
    let (mut ok, mut puzzles, mut total) = (true, 0u64, 0u64);
    let mut records = Records::new(sources);
    for r in records.by_ref() {
        progress.done(r.bytes);
        writeln!(w, "# {}", render::echo(&r.entry, &r.echo, empty))?;
        let search = match r.entry {
            Entry::Invalid(reason) => {
                eprintln!("{}:{}: {reason}", r.file, r.line);
                ok = false;
                writeln!(w, "# invalid")?;
                continue;
            }
            Entry::Puzzle(g) => {
                let found = catch(|| stream(w, max, |v| engine.visit(&g, v)));
                let Ok(search) = found else {
                    eprintln!(
                        "{}:{}: engine {} failed on this puzzle (a bug: please report it)",
                        r.file, r.line, spec.name
                    );
                    engine = spec.engine();
                    ok = false;
                    writeln!(w, "# error")?;
                    continue;
                };
                search?
            }
            Entry::Pencilmarks(m) => stream(w, max, |v| m.visit(v))?,
        };
        puzzles += 1;
        total += search.solutions;
    }
    Ok((ok && records.unreadable == 0, puzzles, total))
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

/// `--se LO..HI`, checked (at most ER 9.0).
fn parse_se(text: &str) -> Result<SeTarget, SeTargetError> {
    text.parse()
}

/// The fewest clues of a puzzle solved by full houses alone (ER 1.0): each empty cell is
/// filled as the last empty cell of a house, and no house can serve twice (once it is used,
/// the empty cells filled later lie outside it), so at most 27 cells are empty.
const FULL_HOUSE_CLUES: usize = 81 - 27;

/// `--clues` of 1 to 16 (no such puzzle has one solution: the generator silently stopped at
/// its minimal puzzles, about 25 clues), and an ER band of full houses alone (`--se 1.0`)
/// with fewer clues than such puzzles have (each candidate rated for nothing: 10,000
/// candidates, about 10 s, then a failure).
fn check_clues(a: &GenerateArgs, target: Option<SeTarget>) -> Result<(), String> {
    if (1..MIN_CLUES).contains(&a.clues) {
        return Err(format!(
            "--clues {}: no 9x9 puzzle with fewer than {MIN_CLUES} clues has one solution; \
             ask for {MIN_CLUES} to 81, or leave --clues out for as few as each puzzle allows",
            a.clues
        ));
    }
    if a.clues == 81 && !a.minimal && target.is_some() {
        // It took every attempt to say so.
        return Err(
            "--clues 81 is a full grid: no step is left to rate (ER 0.0), so no --se band or \
             --level takes it; ask for 80 clues or fewer"
                .into(),
        );
    }
    let full_houses_only = matches!(target, Some(SeTarget::Er { hi, .. })
        if hi < logic::Technique::HiddenSingleBox.difficulty());
    let clues = if a.minimal { 0 } else { a.clues };
    if full_houses_only && clues < FULL_HOUSE_CLUES {
        let asked = if a.minimal {
            "--minimal asks for as few clues as possible".to_string()
        } else if clues == 0 {
            "without --clues the generator removes as many clues as it can".to_string()
        } else {
            format!("--clues {clues} asks for fewer")
        };
        return Err(format!(
            "--se {}: the only ER there is 1.0, a puzzle solved by full houses alone, which \
             has at least {FULL_HOUSE_CLUES} clues (each empty cell is the last of its own \
             row, column or box: 27 houses), and {asked}; ask for --clues 60 or more (at \
             --clues 65 most candidates qualify), or a band that reaches 1.2 (`--level easy`)",
            target.map_or_else(String::new, |t| t.to_string())
        ));
    }
    Ok(())
}

/// `simdoku generate`.
pub fn generate(a: &GenerateArgs) -> ExitCode {
    init_threads(a.common.threads);
    let target = a.se.or(a.level.map(|l| l.level().target()));
    if a.mixed || a.size.is_some_and(|s| s != 9) || a.givens.is_some() {
        if target.is_some() || a.with_rating {
            return crate::args::usage_error(
                "--se, --level and --with-rating are for 9x9 puzzles, not with --size, \
                 --givens or --mixed",
            );
        }
        if a.symmetry != SymmetryArg::None || a.clues != 0 {
            // Large grids are emptied at random to --givens: these would be silently ignored.
            return crate::args::usage_error(
                "--symmetry and --clues are for 9x9 puzzles, not with --size, --givens or \
                 --mixed (large grids take --givens)",
            );
        }
        return generate_large(a);
    }
    if let Err(why) = check_clues(a, target) {
        return crate::args::usage_error(why);
    }
    let spec = match engine_for(&a.common, Work::Count) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some(mut out) = open_output(&a.common) else {
        return ExitCode::from(1);
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
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
    let progress = if a.count > 1 {
        Progress::items(a.count, "puzzles", a.common.quiet)
    } else {
        Progress::items(0, "", true)
    };
    let empty = a.common.empty;
    let (mut made, mut candidates, mut missed) = (0u64, 0u64, Vec::new());
    // Puzzles that stopped above --clues, at a minimal puzzle.
    let mut above = 0u64;
    // A rated puzzle takes up to --attempts candidates (milliseconds to seconds each): chunks of
    // a few dozen a thread, so that the first lines come out soon and a stopped run loses little.
    let chunk = if target.is_some() {
        32 * rayon::current_num_threads()
    } else {
        CHUNK
    };
    let result = generate_each(
        a.count,
        chunk,
        || spec.engine(),
        |e, i| {
            let mut rng = root.derive(i);
            // Puzzle i comes from stream i alone: the output does not depend on threads.
            let made = if let Some(t) = target {
                generate_rated(e.as_mut(), &options, t, a.attempts, &mut rng)
            } else {
                let g = simdoku::tools::generate(e.as_mut(), &options, &mut rng);
                let rating = a
                    .with_rating
                    .then(|| logic::rate(&logic::Board::from_grid(&g.puzzle)).ok())
                    .flatten();
                Some(Rated {
                    puzzle: g.puzzle,
                    solution: g.solution,
                    rating,
                    candidates: 1,
                })
            };
            progress.done(1);
            (i, made)
        },
        |(i, r)| {
            let Some(g) = r else {
                candidates += a.attempts as u64;
                missed.push(i);
                return Ok(());
            };
            candidates += g.candidates as u64;
            clues += g.puzzle.givens() as u64;
            made += 1;
            if a.clues != 0 && !a.minimal && g.puzzle.givens() > a.clues {
                above += 1;
            }
            let mut line = render::grid(&g.puzzle, empty);
            if a.with_solution {
                line = format!("{line},{}", g.solution);
            }
            if a.with_rating {
                match g.rating {
                    Some(r) => {
                        let (er, ep, ed) = (tenths(r.er), tenths(r.ep), tenths(r.ed));
                        line = format!("{line},{er},{ep},{ed}");
                    }
                    None => line.push_str(",beyond"),
                }
            }
            writeln!(out.writer(), "{line}")?;
            if target.is_some() {
                // A few hundred lines a second at most: each is seen at once (`| head`, a tail).
                out.writer().flush()?;
            }
            Ok(())
        },
        |i, why| {
            eprintln!(
                "simdoku: puzzle {} of seed {seed}: engine {} failed ({why}; a bug: please \
                 report it)",
                i + 1,
                spec.name
            );
        },
    );
    let result = flushed(&mut out, result);
    progress.finish();
    let band = target.map(|t| match t {
        // Level extreme (`--se beyond`): mostly puzzles the rater rates, through its chains.
        SeTarget::Beyond => "ER above 6.0 or a rating beyond the rater".to_string(),
        SeTarget::Er { .. } => format!("ER {t}"),
    });
    if let Some(band) = &band {
        let none_had = if a.attempts == 1 {
            "its one candidate did not have".to_string()
        } else {
            format!("none of {} candidates had", a.attempts)
        };
        for i in &missed {
            eprintln!(
                "simdoku: puzzle {} of seed {seed}: {none_had} {band} (a wider band, more \
                 --attempts, or fewer constraints may help)",
                i + 1,
            );
        }
    }
    if above > 0 && result.is_ok() {
        // Clues leave by the symmetry's groups: a symmetric puzzle that stops is seldom minimal.
        let stop = if a.symmetry == SymmetryArg::None {
            "at a minimal puzzle (no clue could be removed with the solution staying unique)"
        } else {
            "where no symmetric group of clues could be removed with the solution staying \
             unique (--minimal removes single clues too)"
        };
        eprintln!(
            "simdoku: {above} of {} stopped above --clues {}, {stop}",
            crate::args::count_of(made, "puzzle"),
            a.clues
        );
    }
    if !a.common.quiet && result.is_ok() {
        let secs = start.elapsed().as_secs_f64();
        let band = match band {
            Some(band) => format!(
                ", {band}: {}, {:.1}% kept",
                crate::args::count_of(candidates, "candidate"),
                100.0 * made as f64 / candidates.max(1) as f64
            ),
            None => String::new(),
        };
        eprintln!(
            "simdoku: {}, {:.2} clues on average, in {secs:.3} s ({} puzzles/s, \
             engine {}, {}, seed {seed}{band})",
            crate::args::count_of(made, "puzzle"),
            clues as f64 / made.max(1) as f64,
            crate::args::per_second(made, secs),
            spec.name,
            crate::args::threads_used()
        );
    }
    close(out, result.map(|ok| ok && missed.is_empty()))
}

/// What a worker keeps between puzzles.
pub(crate) struct Worker {
    /// The engine, for the commands that run one (not the logic commands).
    engine: Option<Box<dyn Engine>>,
    canon: Canonicalizer,
}

impl Worker {
    /// The command's engine.
    ///
    /// # Panics
    /// In a command mapped without an engine (`map_lines_with` given no work): a bug.
    pub fn engine(&mut self) -> &mut dyn Engine {
        self.engine
            .as_deref_mut()
            .expect("the engine tools are mapped with an engine")
    }
}

/// One input line for the tools: where it was, what the output echoes, what it holds (`T`: a
/// grid for the engine tools, the entry itself for the logic commands, which read pencilmark
/// lines too).
#[derive(Clone)]
pub(crate) struct Item<T = Grid> {
    /// The source as errors name it.
    pub file: Arc<str>,
    pub line: u64,
    /// Its place among every puzzle line of the run, from 0 (for per-puzzle seeds).
    pub index: u64,
    /// The first field as read, or written again with `--empty`.
    pub echo: String,
    /// The puzzle, or why the line holds none.
    pub grid: Result<T, String>,
    /// Its size in the input, for the progress bar.
    bytes: u64,
}

/// Reads every source in chunks, maps each line to an output line on the rayon pool with `f`,
/// and writes the lines in input order. Invalid lines (and pencilmark lines, which these tools
/// do not read) are reported as `FILE:LINE: reason`, reach `f` as an `Err`, and make the exit
/// status 1.
fn map_lines(
    command: &str,
    files: &FileArgs,
    work: Work,
    f: &(dyn Fn(&mut Worker, &Item) -> String + Sync),
) -> ExitCode {
    let accept = |entry: Entry| match entry {
        Entry::Puzzle(g) => Ok(g),
        Entry::Invalid(reason) => Err(reason),
        Entry::Pencilmarks(_) => Err(format!(
            "pencilmark lines are read by solve, count, solutions, explain, hint and rate --se, \
             not by {command}"
        )),
    };
    map_lines_with(command, files, Some(work), &accept, f)
}

/// [`map_lines`] with the lines' contents taken by `accept` (a puzzle, or why the command
/// cannot read the line). With no `work`, the command runs no engine (the logic commands,
/// whose solution counts are the logic's own): none is built, an `-e` other than `auto` is
/// said to be unused, and the summary names none.
pub(crate) fn map_lines_with<T: Clone + Send + Sync>(
    command: &str,
    files: &FileArgs,
    work: Option<Work>,
    accept: &dyn Fn(Entry) -> Result<T, String>,
    f: &(dyn Fn(&mut Worker, &Item<T>) -> String + Sync),
) -> ExitCode {
    let common = &files.common;
    init_threads(common.threads);
    let spec = match work.map(|w| engine_for(common, w)).transpose() {
        Ok(s) => s,
        Err(code) => return code,
    };
    if spec.is_none() && !common.engine.eq_ignore_ascii_case("auto") {
        eprintln!(
            "simdoku: {command}: -e {} is not used: the steps and the solution count are the \
             logic's own",
            common.engine
        );
    }
    let Some(mut out) = open_output(common) else {
        return ExitCode::from(1);
    };
    let start = Instant::now();
    let sources = sources(&files.files);
    let progress = Progress::for_sources(&sources, common.quiet);
    let lines = Lines {
        command,
        spec,
        empty: common.empty,
        progress: &progress,
    };
    let result = lines.run(&sources, accept, f, out.writer());
    let result = flushed(&mut out, result);
    progress.finish();
    if !common.quiet
        && let Ok((_, puzzles)) = result
    {
        let secs = start.elapsed().as_secs_f64();
        let engine = spec.map(|s| format!("engine {}, ", s.name));
        eprintln!(
            "simdoku: {command}: {} in {secs:.3} s ({} puzzles/s, {}{})",
            crate::args::count_of(puzzles, "puzzle"),
            crate::args::per_second(puzzles, secs),
            engine.unwrap_or_default(),
            crate::args::threads_used()
        );
    }
    close(out, result.map(|(ok, _)| ok))
}

/// How [`map_lines`] runs: the command (for messages), the engine (if it runs one), the
/// empty-cell character.
struct Lines<'a> {
    command: &'a str,
    spec: Option<&'static EngineSpec>,
    empty: Option<Empty>,
    progress: &'a Progress,
}

impl Lines<'_> {
    fn worker(&self) -> Worker {
        Worker {
            engine: self.spec.map(EngineSpec::engine),
            canon: Canonicalizer::new(),
        }
    }

    /// The line of one item from the pipeline's result. A panic (a bug), caught by the
    /// pipeline, is reported on stderr and the item written as an invalid line by a new
    /// worker; the flag says whether `f` took the item without failing.
    fn one<T: Clone>(
        &self,
        result: Result<String, Panicked>,
        item: &Item<T>,
        f: &(dyn Fn(&mut Worker, &Item<T>) -> String + Sync),
    ) -> (String, bool) {
        if let Ok(line) = result {
            return (line, true);
        }
        let reason = format!(
            "{} failed on this puzzle (a bug: please report it)",
            self.command
        );
        eprintln!("{}:{}: {reason}", item.file, item.line);
        let failed = Item {
            grid: Err(reason),
            ..item.clone()
        };
        (f(&mut self.worker(), &failed), false)
    }

    /// Every line of `sources`, mapped with `f` on the library's pipeline and written to `w`
    /// in input order: whether every line was a puzzle that `f` took without failing, and how
    /// many puzzles there were.
    fn run<T: Clone + Send + Sync>(
        &self,
        sources: &[String],
        accept: &dyn Fn(Entry) -> Result<T, String>,
        f: &(dyn Fn(&mut Worker, &Item<T>) -> String + Sync),
        w: &mut dyn Write,
    ) -> io::Result<(bool, u64)> {
        let (mut read_ok, mut work_ok, mut puzzles) = (true, true, 0u64);
        let mut flushed = Instant::now();
        let mut records = Records::new(sources);
        let items = records.by_ref().map(|r| {
            let echo = render::echo(&r.entry, &r.echo, self.empty);
            let grid = accept(r.entry);
            match &grid {
                Ok(_) => puzzles += 1,
                Err(reason) => {
                    eprintln!("{}:{}: {reason}", r.file, r.line);
                    read_ok = false;
                }
            }
            Item {
                file: r.file,
                line: r.line,
                index: r.index,
                echo,
                grid,
                bytes: r.bytes,
            }
        });
        // Growing chunks from a few items a thread: a line can take microseconds (canon) or
        // seconds (`rate --se` of a hardest puzzle), and slow lines come out, and move the
        // progress bar, as they are done rather than 8,192 at a time.
        let stopped = Pipeline::new()
            .chunk(16 * rayon::current_num_threads())
            .grow()
            .run(
                items,
                || self.worker(),
                |wk, item| f(wk, item),
                |item, result| {
                    self.progress.done(item.bytes);
                    let (line, fine) = self.one(result, &item, f);
                    work_ok &= fine;
                    let mut written = writeln!(w, "{line}");
                    // Slow lines (a chunk a minute) are seen when done, not when a buffer fills.
                    if written.is_ok() && flushed.elapsed() > Duration::from_millis(200) {
                        written = w.flush();
                        flushed = Instant::now();
                    }
                    match written {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(e) => ControlFlow::Break(e),
                    }
                },
            );
        if let Some(e) = stopped {
            return Err(e);
        }
        Ok((read_ok && work_ok && records.unreadable == 0, puzzles))
    }
}

/// `simdoku minimize`: `puzzle,minimal` (or `none` / `multiple` when the puzzle is not unique).
/// Without --empty the minimal puzzle keeps the input's empty cells (`0` or `.`): the line
/// held both forms when the input wrote `0`.
pub fn minimize(a: &FileArgs) -> ExitCode {
    let empty = a.common.empty;
    map_lines("minimize", a, Work::Count, &move |wk, item| {
        let echo = &item.echo;
        match &item.grid {
            Err(_) => format!("{echo},invalid"),
            Ok(g) => match simdoku::tools::minimize(wk.engine(), g) {
                Ok(m) => {
                    let empty = empty.unwrap_or_else(|| render::empty_of(echo));
                    format!("{echo},{}", render::grid(&m, Some(empty)))
                }
                Err(NotUnique::NoSolution) => format!("{echo},none"),
                Err(NotUnique::Multiple) => format!("{echo},multiple"),
            },
        }
    })
}

/// A seed made from the puzzle itself, so a puzzle rates the same wherever it is in a file.
fn puzzle_seed(g: &Grid) -> u64 {
    g.cells().iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &v| {
        (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// `simdoku rate`: `puzzle,guesses,grade`, or JSON lines.
pub fn rate(a: &RateArgs) -> ExitCode {
    if a.se {
        return crate::logic::rate_se(a);
    }
    let (samples, format) = (a.samples, a.format);
    map_lines("rate", &a.files, Work::Count, &move |wk, item| {
        let echo = &item.echo;
        let rating = item
            .grid
            .as_ref()
            .map(|g| simdoku::tools::rate(wk.engine(), g, samples, &mut Rng::new(puzzle_seed(g))));
        match format {
            RateFormat::Csv => match rating {
                Err(_) => format!("{echo},invalid"),
                Ok(r) => match r.solutions {
                    0 => format!("{echo},none"),
                    1 => format!("{echo},{:.2},{}", r.guesses, r.grade.name()),
                    _ => format!("{echo},multiple"),
                },
            },
            RateFormat::Json => {
                let mut line = LineJson {
                    file: &item.file,
                    line: item.line,
                    puzzle: echo,
                    ..LineJson::default()
                };
                match &rating {
                    Err(reason) => {
                        line.status = "invalid";
                        line.error = Some(reason);
                    }
                    Ok(r) => match r.solutions {
                        0 => line.status = "none",
                        1 => {
                            line.status = "rated";
                            line.guesses = Some(render::fixed(r.guesses, 2));
                            line.grade = Some(r.grade.name());
                        }
                        _ => line.status = "multiple",
                    },
                }
                render::json_text(&line)
            }
        }
    })
}

/// `simdoku canon`: the canonical form (or with `--minlex` the minlex form) alone, one a line.
pub fn canon(a: &CanonArgs) -> ExitCode {
    let empty = a.files.common.empty;
    let minlex = a.minlex;
    map_lines(
        "canon",
        &a.files,
        Work::Count,
        &move |wk, item| match &item.grid {
            Ok(g) if minlex => render::grid(&simdoku::minlex(g), empty),
            Ok(g) => render::grid(&wk.canon.canonical(g), empty),
            Err(_) => "invalid".to_string(),
        },
    )
}

/// `simdoku shuffle`: each puzzle under a random symmetry (relabelled digits, rows permuted
/// within bands, bands permuted, the same for columns and stacks, maybe transposed): an
/// equivalent puzzle with as many solutions. Puzzle `i` of the run uses the `i`-th stream of
/// the seed, so the output does not depend on the thread count.
pub fn shuffle(a: &ShuffleArgs) -> ExitCode {
    let seed = a.seed.unwrap_or_else(clock_seed);
    if !a.files.common.quiet {
        eprintln!("simdoku: shuffle seed {seed}");
    }
    let root = Rng::new(seed);
    let empty = a.files.common.empty;
    map_lines(
        "shuffle",
        &a.files,
        Work::Count,
        &move |_, item| match &item.grid {
            Ok(g) => render::grid(
                &Symmetry::random(&mut root.derive(item.index)).apply(g),
                empty,
            ),
            Err(_) => "invalid".to_string(),
        },
    )
}

/// `simdoku generate --size N --givens F [--mixed] [--minimal]`: large grids in the number form,
/// each after a `#` line naming its seed (puzzle `k` of a run uses seed `S + k`, so one puzzle
/// of a run can be made again alone). With `--with-solution` the solution follows as `#` lines.
fn generate_large(a: &GenerateArgs) -> ExitCode {
    use simdoku::large::text::{Form, format};
    use simdoku::large::{generate as pattern_gen, grid::box_size_of_side, mixed};
    let side = a.size.unwrap_or(9);
    let Some(n) = box_size_of_side(side) else {
        return crate::args::usage_error(format_args!(
            "--size {side}: the side of a generated large grid is 4, 9, 16, 25, ..., 121"
        ));
    };
    let givens = a.givens.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&givens) {
        return crate::args::usage_error(format_args!("--givens {givens}: a fraction 0..=1"));
    }
    if a.minimal && !a.mixed {
        return crate::args::usage_error("--minimal with --size needs --mixed");
    }
    let Some(mut out) = open_output(&a.common) else {
        return ExitCode::from(1);
    };
    let seed = a.seed.unwrap_or_else(clock_seed);
    let start = Instant::now();
    let progress = if a.count > 1 {
        Progress::items(a.count, "grids", a.common.quiet)
    } else {
        Progress::items(0, "", true)
    };
    let make = |k: u64| {
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
        progress.done(1);
        (text, puzzle.givens())
    };
    let (mut made, mut clues) = (0u64, 0usize);
    // Grids are large: a few per thread at a time keeps memory small.
    let result = generate_each(
        a.count,
        4 * rayon::current_num_threads(),
        || (),
        |(), k| make(k),
        |(text, givens)| {
            made += 1;
            clues += givens;
            out.writer().write_all(text.as_bytes())
        },
        |k, why| {
            eprintln!(
                "simdoku: grid seed {}: the generator failed ({why}; a bug: please report it)",
                seed.wrapping_add(k)
            );
        },
    );
    let result = flushed(&mut out, result);
    progress.finish();
    if !a.common.quiet && result.is_ok() {
        eprintln!(
            "simdoku: {}, {:.1} givens on average, in {:.3} s ({}, \
             seed {seed})",
            crate::args::count_of(made, &format!("{side}x{side} puzzle")),
            clues as f64 / made.max(1) as f64,
            start.elapsed().as_secs_f64(),
            crate::args::threads_used()
        );
    }
    close(out, result)
}

/// Makes items `0..count` with `work` on the shared pipeline and hands each to `write` in
/// order. A panic (a bug) loses only its item: `failed` reports it and the result is then
/// `Ok(false)`. A write error stops the run and is returned. (In turn: making an item is the
/// costly part, and a closed pipe should not wait for another chunk of them.)
fn generate_each<S, R: Send>(
    count: u64,
    chunk: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64) -> R + Sync,
    mut write: impl FnMut(R) -> io::Result<()>,
    failed: impl Fn(u64, &str),
) -> io::Result<bool> {
    let mut ok = true;
    let stopped = Pipeline::new().chunk(chunk).in_turn().run(
        0..count,
        init,
        |state, &i| work(state, i),
        |i, r| match r.map(&mut write) {
            Ok(Ok(())) => ControlFlow::Continue(()),
            Ok(Err(e)) => ControlFlow::Break(e),
            Err(Panicked(why)) => {
                failed(i, &why);
                ok = false;
                ControlFlow::Continue(())
            }
        },
    );
    match stopped {
        Some(e) => Err(e),
        None => Ok(ok),
    }
}

/// A seed from the clock, for runs given none.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_of_the_engine_in_solutions_is_reported_and_the_run_goes_on() {
        use simdoku_core::testkit::SOLUTION;

        /// The scalar engine with a bug: it panics on grids whose first cell is empty.
        struct Faulty(simdoku::engines::Scalar);
        impl Engine for Faulty {
            fn name(&self) -> &'static str {
                "faulty"
            }
            fn count(&mut self, g: &Grid, limit: u64) -> Search {
                self.0.count(g, limit)
            }
            fn visit(&mut self, g: &Grid, v: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
                assert!(g.get(0) != 0, "boom");
                self.0.visit(g, v)
            }
        }
        static FAULTY: EngineSpec = EngineSpec {
            name: "faulty",
            summary: "test engine",
            features: &[],
            make: || Some(Box::new(Faulty(simdoku::engines::Scalar::new()))),
        };
        let path = std::env::temp_dir().join(format!("simdoku-sols-{}.txt", std::process::id()));
        let holed = format!(".{}", &SOLUTION[1..]);
        std::fs::write(&path, format!("{SOLUTION}\n{holed}\n{SOLUTION}\n")).unwrap();
        let mut out = Vec::new();
        let progress = Progress::items(0, "", true);
        let sources = [path.to_string_lossy().into_owned()];
        let (fine, puzzles, total) =
            write_solutions(&FAULTY, &sources, None, None, &progress, &mut out).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(!fine, "a failure makes the exit status non-zero");
        assert_eq!((puzzles, total), (2, 2));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("# {SOLUTION}\n{SOLUTION}\n# {holed}\n# error\n# {SOLUTION}\n{SOLUTION}\n")
        );
    }

    #[test]
    fn a_panic_on_one_puzzle_is_reported_and_the_run_goes_on() {
        let path = std::env::temp_dir().join(format!("simdoku-tools-{}.txt", std::process::id()));
        let ok = ".".repeat(81);
        let bad = format!("9{}", ".".repeat(80));
        std::fs::write(&path, format!("{ok}\n{bad}\nxyz\n{ok}\n")).unwrap();
        let progress = Progress::items(0, "", true);
        let lines = Lines {
            command: "test",
            spec: Some(simdoku::engines::best(Work::Count)),
            empty: Some(Empty::Zero),
            progress: &progress,
        };
        // A tool with a bug: it panics on puzzles whose first cell is 9.
        let f = |_: &mut Worker, item: &Item| match &item.grid {
            Ok(g) => {
                assert!(g.get(0) != 9, "boom");
                format!("{},{}", item.line, item.echo)
            }
            Err(reason) => format!("{},invalid,{reason}", item.line),
        };
        let mut out = Vec::new();
        let accept = |e: Entry| match e {
            Entry::Puzzle(g) => Ok(g),
            Entry::Invalid(reason) => Err(reason),
            Entry::Pencilmarks(_) => Err("pencilmarks".to_string()),
        };
        let (fine, puzzles) = lines
            .run(
                &[path.to_string_lossy().into_owned()],
                &accept,
                &f,
                &mut out,
            )
            .unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(!fine, "a failure makes the exit status non-zero");
        assert_eq!(puzzles, 3);
        let zeros = "0".repeat(81);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!(
                "1,{zeros}\n2,invalid,test failed on this puzzle (a bug: please report it)\n\
                 3,invalid,column 1: unexpected 'x' (cells are 1-9, or 0, . or _ for empty)\n4,{zeros}\n"
            )
        );
    }
}
