//! `simdoku play` and `simdoku referee`: the Code Cup 2024 Sudoku game (logic in `simdoku-game`).

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use simdoku::game::referee::{PlayerSpec, Reason, RefereeOptions, referee_with};
use simdoku::game::{PlayOptions, Strategy};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// `full` (opening, sampled middle game, exact endgame) or `random` (a random legal move).
    #[arg(short, long, default_value = "full")]
    pub strategy: Strategy,
    /// Thinking time for the whole game, in seconds (0 to 86400).
    #[arg(short, long, default_value_t = 30.0, allow_negative_numbers = true)]
    pub time: f64,
    /// Seed of the random choices (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Notes on each move to stderr.
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Args, Debug)]
pub struct RefereeArgs {
    /// Player A: a shell command, or `builtin:full` / `builtin:random` (in process).
    pub a: String,
    /// Player B, as A.
    pub b: String,
    /// Games to play (at least 1); the first player alternates, A starts game 1.
    #[arg(short = 'n', long, default_value_t = 2,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub games: usize,
    /// Each player's thinking time per game, in seconds (above 0, at most 86400).
    #[arg(short, long, default_value_t = 30.0, allow_negative_numbers = true)]
    pub time: f64,
    /// Print each game's moves.
    #[arg(long)]
    pub log: bool,
    /// Let the players' stderr through.
    #[arg(long)]
    pub stderr: bool,
    /// No line per game on stderr.
    #[arg(short, long)]
    pub quiet: bool,
}

/// The longest thinking time a game may be given: a day (a Code Cup game gives 30 s).
const MAX_SECONDS: f64 = 86_400.0;

/// `-t`, checked: a number of seconds from 0 (`least` words the command's lower bound, up to
/// the upper one) to [`MAX_SECONDS`]. `-t 1e30` said `bad time 1000000000000000000000000000000:
/// cannot convert float seconds to Duration: value is either too big or NaN`.
fn seconds(s: f64, least: &str) -> Result<Duration, String> {
    if s.is_finite() && (0.0..=MAX_SECONDS).contains(&s) {
        return Ok(Duration::from_secs_f64(s));
    }
    let shown = if s.is_finite() && s.abs() >= 1e6 {
        format!("{s:e}")
    } else {
        s.to_string()
    };
    Err(format!(
        "-t {shown}: the thinking time is a number of seconds {least} {MAX_SECONDS} (a day), \
         e.g. -t 30"
    ))
}

pub fn play(a: &PlayArgs) -> ExitCode {
    let time = match seconds(a.time, "from 0 to") {
        Ok(t) => t,
        Err(e) => return crate::args::usage_error(e),
    };
    let opts = PlayOptions {
        strategy: a.strategy,
        time,
        seed: a.seed,
        verbose: a.verbose,
    };
    let stdout = io::stdout();
    crate::args::finish(
        simdoku::game::play_with(&opts, io::stdin().lock(), stdout.lock()).map(|_| true),
    )
}

fn player(spec: &str, time: Duration) -> Result<PlayerSpec, String> {
    match spec.strip_prefix("builtin:") {
        Some(s) => {
            let strategy = s.parse()?;
            Ok(PlayerSpec::builtin(PlayOptions {
                strategy,
                time,
                seed: None,
                verbose: false,
            }))
        }
        None => Ok(PlayerSpec::command(spec)),
    }
}

pub fn referee(a: &RefereeArgs) -> ExitCode {
    let setup = seconds(a.time, "above 0 and at most")
        .and_then(|time| Ok((time, player(&a.a, time)?, player(&a.b, time)?)));
    let (time, pa, pb) = match setup {
        Ok(s) => s,
        Err(e) => return crate::args::usage_error(e),
    };
    if time.is_zero() {
        // Every game was lost on time before the first move, and the player blamed for it.
        return crate::args::usage_error(
            "-t 0: the first player of every game would lose on time before it could move; \
             give each player some time (seconds, e.g. -t 0.5)",
        );
    }
    let opts = RefereeOptions {
        games: a.games,
        time,
        log: a.log,
        stderr: a.stderr,
        ..RefereeOptions::new(pa, pb)
    };
    let report = referee_with(&opts, |i, g| {
        if !a.quiet {
            eprintln!(
                "game {}: {} wins {}-{} ({}), {} moves",
                i + 1,
                ["A", "B"][g.winner],
                g.points[g.winner],
                g.points[1 - g.winner],
                g.reason.describe(),
                g.moves.len()
            );
        }
    });
    print!("{report}");
    if a.log {
        print!("\n{}", report.log());
    }
    // A player that said nothing in any game most likely never ran (a mistyped
    // command, a missing binary): the table alone would pass that off as a match. Only a
    // player that was left waiting for is blamed (it lost a game by time or a crash, on its
    // own turn): one whose opponent lost every game before its first turn (no answer, an
    // illegal move) had nothing to say.
    let mut status = ExitCode::SUCCESS;
    for (p, spec) in [&a.a, &a.b].into_iter().enumerate() {
        let waited_for = report
            .games
            .iter()
            .any(|g| g.winner != p && matches!(g.reason, Reason::Time | Reason::Crash));
        if waited_for && report.games.iter().all(|g| g.turns[p] == 0) {
            eprintln!(
                "simdoku referee: player {} ({spec}) said nothing in any game: does the \
                 command run on its own? (--stderr shows what it prints)",
                ["A", "B"][p]
            );
            status = ExitCode::FAILURE;
        }
    }
    status
}
