//! `simdoku`: solve, count, check and benchmark Sudoku puzzles with the fastest engine this CPU
//! runs. No solving logic lives here: it is a thin layer over the library crates.

// Output macros that never panic, defined before the modules so that every module's
// `eprintln!`, `print!` and `println!` are these. std's panic (exit status 101, a backtrace)
// when a write fails: stderr into a closed pipe or a full disk (`simdoku solve junk.txt 2>&1 |
// head`, `2>/dev/full`), stdout of `engines`, `check`, `bench` or `referee` into `| true` or
// `>/dev/full`.

/// `eprintln!` that ignores a failed write: a message that cannot be shown does not stop the
/// run or change its exit status.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `print!` that ends the run when stdout fails: quietly with status 0 on a closed pipe (as
/// `args::finish` does), with the reason and status 1 otherwise.
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::args::print_or_exit(format_args!($($arg)*))
    };
}

/// `println!` as [`print!`] above.
macro_rules! println {
    () => {
        print!("\n")
    };
    ($($arg:tt)*) => {
        print!("{}\n", format_args!($($arg)*))
    };
}

mod args;
mod batch;
mod bench;
mod check;
mod engines;
mod game;
mod input;
mod large;
mod logic;
mod output;
mod progress;
mod render;
mod solve;
mod tools;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::args::finish;

/// Fast Sudoku solvers: scalar, band-pattern and SIMD engines, picked at run time.
///
/// Input: one puzzle a line, 81 cells, `1`-`9` given, `0` or `.` empty; anything after the
/// 81st cell (a comma and a solution, a comment) is ignored, but for more cells (a run of 82 is
/// invalid; 162 is a puzzle and its solution); blank lines, `#` comment lines, a
/// CSV header on the first line that is not blank or a comment (a header with no puzzle after
/// it is an invalid line), XML tag lines
/// without a puzzle (an `OpenSudoku` export's `<opensudoku>`, its games read from `<game
/// data="...">`) and a UTF-8 byte-order mark are skipped (UTF-16 text after its mark is decoded); a line may hold the 81 values with commas, semicolons or spaces
/// between them, its nine rows between spaces or `/` (`4.....8.5 .3....... ...`), or the puzzle in quotes, after an id (`0,4.....8.5...,...`) or as a JSON array
/// or object; a puzzle may also be drawn over nine lines, nine cells a line, with `|` between
/// boxes and `---+---` rules between bands (`.sdk`, Simple Sudoku's `.ss`, a spreadsheet's CSV
/// rows, a JSON array of nine rows); a short title line right before a puzzle (`Grid 01`, as in
/// Project Euler's file) is its name and skipped; a line of 16, 256 or 625 cells (a 4x4, 16x16 or 25x25 grid) is invalid with a pointer
/// to `simdoku large`, which reads those. An input that is JSON as a whole (whatever its line
/// breaks, as `json.dump(..., indent=2)` writes; or JSON Lines) gives every puzzle in it, each
/// at the line where it starts: strings of 81 cells, arrays of 81 values 0-9 (`null` empty) or of
/// nine rows, in lists or objects (fields named like `solution` or `answer` left out). FILE `-` (or none) reads stdin; a FILE that is no file
/// but a puzzle (81 cells) is read as that puzzle (`simdoku solve 53..7....6..195...`). solve,
/// count, solutions, explain, hint and rate --se also read pencilmark (Sukaku) lines: 729 characters, nine per cell, character k of a cell
/// being the digit k+1 when it is a candidate there, `0` or `.` when not; or pencilmark grids
/// drawn over nine lines, each cell's candidates a group of digits (`4 1679 12679 | ...`; `.` or
/// `0` alone: an empty cell, all nine candidates).
///
/// Exit status: 0 when every line was a valid puzzle; 1 when a line was invalid, an input could
/// not be read, an engine cross-check disagreed or output failed; 2 on a usage error.
#[derive(Parser, Debug)]
#[command(
    name = "simdoku",
    version,
    propagate_version = true,
    max_term_width = 100
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve each puzzle: one output line per puzzle, in input order.
    ///
    /// Output (csv): `puzzle,solution`; `none` when a puzzle has no solution, `multiple` with
    /// --unique when it has several, `invalid` for a malformed line (its reason goes to stderr
    /// as `FILE:LINE: reason`).
    #[command(after_help = "Examples:\n  simdoku solve bench-data/top95.txt\n  \
        simdoku solve --unique --format json -o out.jsonl bench-data/top95.txt\n  \
        cat bench-data/top95.txt | simdoku solve --format solution --empty 0")]
    Solve(solve::SolveArgs),
    /// Count the solutions of each puzzle, up to --limit.
    #[command(
        after_help = "Examples:\n  simdoku count --limit 2 bench-data/top95.txt   \
        # 1: unique, 2: at least two\n  simdoku count --format json bench-data/top95.txt"
    )]
    Count(solve::CountArgs),
    /// Run several engines on every puzzle and compare their answers.
    #[command(after_help = "Examples:\n  simdoku check bench-data/top95.txt\n  \
        simdoku check --engines scalar,auto --limit 10 bench-data/top95.txt")]
    Check(check::CheckArgs),
    /// Measure throughput of engines on puzzle files (single thread by default).
    #[command(after_help = "Examples:\n  simdoku bench bench-data/top95.txt\n  \
        simdoku bench --threads 1,2 --plot bench.svg bench-data/top95.txt")]
    Bench(bench::BenchArgs),
    /// Show the CPU's features, every engine, and which one `auto` picks and why.
    ///
    /// `auto` goes by a short measurement of every engine on this CPU (made the first time an
    /// engine is chosen, cached per CPU model; `SIMDOKU_CALIBRATE=0` turns it off), else by a
    /// static ranking; `SIMDOKU_ENGINE` overrides it.
    #[command(after_help = "Examples:\n  simdoku engines\n  simdoku engines --calibrate")]
    Engines(engines::EnginesArgs),
    /// Print the solutions of each puzzle (all, or the first --max), as they are found.
    ///
    /// Output: for each puzzle a `# <puzzle>` line, then one solution a line (none when the
    /// puzzle has no solution; `# invalid` after the header of a malformed line).
    #[command(
        after_help = "Examples:\n  simdoku solutions --max 10 bench-data/top95.txt\n  \
        simdoku solutions bench-data/top95.txt | head"
    )]
    Solutions(tools::SolutionsArgs),
    /// Generate random puzzles with a unique solution (one a line).
    ///
    /// With --se LO..HI or --level, only puzzles of that Sudoku Explainer difficulty: candidates
    /// are made with the other options (--minimal, --symmetry, --clues) and rated as `rate --se`
    /// rates until one falls in the band. Levels (ER): easy 1.0-1.5, medium 1.6-2.9, hard
    /// 3.0-4.4, expert 4.5-6.0, extreme above 6.0 or beyond the rater. Ratings are Explainer's, its
    /// nested forcing chains (9.5 and up, seconds a puzzle) included; --se bands stop at 9.4
    /// (random puzzles almost never go past it: ask for --level extreme).
    /// Among minimal puzzles about 24% are easy, 34% medium, 16% hard, 7% expert and 19%
    /// extreme; with --symmetry rot180 about 54%, 22%, 12%, 4% and 9%.
    #[command(after_help = "Examples:\n  simdoku generate -n 100 --seed 1\n  \
        simdoku generate -n 10 --symmetry rot180 --with-solution --empty 0\n  \
        simdoku generate -n 20 --se 4.0..6.0 --minimal --seed 1\n  \
        simdoku generate -n 20 --level expert --symmetry rot180 --with-rating\n  \
        simdoku generate -n 2 --se 7.0..8.5 --minimal   # through the chains\n  \
        simdoku generate -n 5 --level extreme   # above 6.0, or beyond the rater")]
    Generate(tools::GenerateArgs),
    /// Minimize puzzles: `puzzle,minimal` where every clue of `minimal` is needed (`none` or
    /// `multiple` for puzzles without a unique solution).
    #[command(after_help = "Example:\n  simdoku minimize bench-data/top95.txt")]
    Minimize(tools::FileArgs),
    /// Rate puzzles: `puzzle,guesses,grade`: the engine's guesses averaged over random
    /// symmetries, and how far singles go (naked-singles, hidden-singles, beyond-singles).
    /// With --se: Sudoku Explainer's `puzzle,ER,EP,ED`, or `puzzle,beyond`.
    #[command(after_help = "Examples:\n  simdoku rate bench-data/top95.txt\n  \
        simdoku rate --samples 64 --format json bench-data/top95.txt\n  \
        simdoku rate --se bench-data/top95.txt        # 4.....8.5.3..(...),2.6,1.2,1.2")]
    Rate(tools::RateArgs),
    /// Explain each puzzle as a person would solve it: the steps in Sudoku Explainer's order,
    /// one a line (difficulty, then the step: `1.2 r6c2=4 hidden single in box 4`).
    ///
    /// Output: for each puzzle a `# <puzzle>` line, its steps, then `# solved (N steps)`, or
    /// `# stuck: why` where the implemented techniques cannot go on (a technique beyond them is
    /// needed); a puzzle with no solution or several gets no steps, only `# no solution` or
    /// `# multiple solutions` (its solutions are counted first); `# invalid` after the header
    /// of a malformed line. Pencilmark lines start from their candidates.
    #[command(after_help = "Examples:\n  simdoku explain bench-data/top95.txt\n  \
        simdoku explain --format json bench-data/top95.txt | jq '.steps | length'")]
    Explain(logic::ExplainArgs),
    /// The next step of each puzzle (a hint): `puzzle,difficulty,step`, one line per input line
    /// (`puzzle,solved` when there is nothing left to do, `puzzle,stuck` when no implemented
    /// technique applies, `puzzle,none` or `puzzle,multiple` and no step when the puzzle has no
    /// solution or several).
    #[command(after_help = "Examples:\n  simdoku hint bench-data/top95.txt\n  \
        simdoku hint --format json bench-data/top95.txt")]
    Hint(logic::HintArgs),
    /// Canonical form of each puzzle under the Sudoku symmetries (one a line): equivalent
    /// puzzles give the same line.
    #[command(
        after_help = "Examples:\n  simdoku canon bench-data/top95.txt | sort -u | wc -l   \
        # different puzzles up to symmetry\n  \
        simdoku canon --minlex --empty 0 bench-data/top95.txt   # the minlex form other tools print"
    )]
    Canon(tools::CanonArgs),
    /// Shuffle each puzzle with a random validity-preserving symmetry (digits relabelled,
    /// rows within bands, bands, columns within stacks, stacks, transposition): an equivalent
    /// puzzle, one a line (`invalid` for a malformed line).
    #[command(
        after_help = "Examples:\n  simdoku shuffle --seed 7 bench-data/top95.txt\n  \
        simdoku shuffle bench-data/top95.txt | simdoku canon   # the same lines as canon of the file"
    )]
    Shuffle(tools::ShuffleArgs),
    /// Play the Code Cup 2024 Sudoku game over stdin/stdout (`Start` or the opponent's moves in,
    /// our moves out, `Quit` ends).
    #[command(after_help = "Example:\n  echo Start | simdoku play")]
    Play(game::PlayArgs),
    /// Run a match between two players (programs or built-in) and print the scores.
    #[command(
        after_help = "Example:\n  simdoku referee -n 10 -t 30 builtin:full builtin:full\n\n\
        Exit status: 0 when the match was played; 1 when a player said nothing in any game (its \
        command did not run); 2 on a usage error."
    )]
    Referee(game::RefereeArgs),
    /// Solve N x N grids (4x4 .. 400x400: square, rectangular or jigsaw regions) and Sudoku-X.
    #[command(
        long_about = large::LONG_ABOUT,
        after_help = "Example:\n  simdoku large bench-data/large/sigh_100x100_1.txt"
    )]
    Large(large::LargeCmd),
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  simdoku completions bash > ~/.local/share/bash-completion/completions/simdoku\n  \
        simdoku completions zsh > ~/.zfunc/_simdoku"
    )]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one page per command into a directory.
    #[command(
        after_help = "Examples:\n  simdoku man > simdoku.1 && man ./simdoku.1\n  \
        simdoku man --dir man/   # simdoku.1, simdoku-solve.1, ..."
    )]
    Man {
        /// Write `simdoku.1` and a `simdoku-COMMAND.1` for each command into this directory.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // `auto` goes by a measurement on this CPU (cached), unless SIMDOKU_CALIBRATE=0.
    simdoku::engines::calibrate::enable_by_default();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match cli.command {
        Command::Solve(a) => solve::solve(&a),
        Command::Count(a) => solve::count(&a),
        Command::Check(a) => check::check(&a),
        Command::Bench(a) => bench::bench(&a),
        Command::Engines(a) => engines::engines(&a),
        Command::Solutions(a) => tools::solutions(&a),
        Command::Generate(a) => tools::generate(&a),
        Command::Minimize(a) => tools::minimize(&a),
        Command::Rate(a) => tools::rate(&a),
        Command::Explain(a) => logic::explain_cmd(&a),
        Command::Hint(a) => logic::hint_cmd(&a),
        Command::Canon(a) => tools::canon(&a),
        Command::Play(a) => game::play(&a),
        Command::Referee(a) => game::referee(&a),
        Command::Shuffle(a) => tools::shuffle(&a),
        Command::Large(a) => large::large(&a),
        Command::Completions { shell } => {
            // Into a buffer first: `clap_complete::generate` panics when stdout fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "simdoku", &mut script);
            let mut out = io::stdout().lock();
            finish(
                io::Write::write_all(&mut out, &script)
                    .and_then(|()| io::Write::flush(&mut out))
                    .map(|()| true),
            )
        }
        Command::Man { dir } => man(dir.as_deref()),
    }
}

/// What clap's own `Error::exit` does (help and version on stdout with status 0, a usage error
/// on stderr with status 2), but a failed write is an error (status 1): clap ignored it, so
/// `simdoku --help > /dev/full` printed nothing and exited 0. A closed pipe (`| head`) stays
/// quiet.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let written = e.print().and_then(|()| {
        io::Write::flush(&mut io::stdout())?;
        io::Write::flush(&mut io::stderr())
    });
    match written {
        // Help or version that did not reach stdout (a usage error keeps its status 2).
        Err(w) if w.kind() != io::ErrorKind::BrokenPipe && !e.use_stderr() => {
            eprintln!("simdoku: {w}");
            ExitCode::from(1)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}

/// `simdoku man`: the page on stdout, or every command's page into `dir`.
fn man(dir: Option<&std::path::Path>) -> ExitCode {
    let cmd = Cli::command();
    let result = if let Some(dir) = dir {
        // The error names the folder: `--dir FILE` said only "File exists (os error 17)".
        std::fs::create_dir_all(dir)
            .and_then(|()| clap_mangen::generate_to(cmd, dir))
            .map_err(|e| output::named(dir, &e))
    } else {
        let mut out = io::stdout().lock();
        clap_mangen::Man::new(cmd)
            .render(&mut out)
            .and_then(|()| io::Write::flush(&mut out))
    };
    finish(result.map(|()| true))
}
