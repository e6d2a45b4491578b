//! The referee: plays two players against each other, enforces every rule and each player's
//! clock, scores each game and sums up a match.
//!
//! Players are programs (run with `sh -c CMD` in a process group of their own, stdin/stdout
//! piped; a program still running after the game is killed with its group) or in-process
//! functions on a thread (fast tests). Every reply is awaited with a timeout set by the player's
//! clock, on a channel fed by a reader thread, so a silent, hung or crashed player loses and the
//! referee never hangs.
//!
//! Scores: the winner gets 2; the loser 1 after a correct claim of the winner, a move that
//! leaves no solution, a move that does not decrease the number of solutions or time exceeded,
//! and 0 after a wrong claim, an unparsable move, an occupied cell, a repeated digit or a crash
//! (exit, closed output). The rules write a loss from the loser's side (0-2, 1-2); reports
//! print the winner's points first (2-0, 2-1).

use std::fmt::{self, Write as _};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use simdoku_core::Grid;

use crate::analysis::{Analyzer, Illegal};
use crate::moves::Action;
use crate::player::{PlayOptions, play_with};

/// A function that plays one game over the protocol, run on its own thread.
pub type InProcessFn = dyn Fn(Box<dyn BufRead + Send>, Box<dyn Write + Send>) + Send + Sync;

/// One of the two players.
#[derive(Clone)]
pub enum PlayerSpec {
    /// A shell command line, started once per game.
    Command(String),
    /// A function run on a thread, once per game.
    InProcess {
        /// The player's name in reports.
        name: String,
        /// The player: reads the referee's lines from its input, writes its moves to its output.
        run: Arc<InProcessFn>,
    },
}

impl fmt::Debug for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl PlayerSpec {
    /// A program, run by `sh -c` with the command line as given.
    pub fn command(cmd: impl Into<String>) -> PlayerSpec {
        PlayerSpec::Command(cmd.into())
    }

    /// One of our strategies, in process. With a seed, game `i` of the match plays with
    /// seed `seed + i` (games differ, the match is reproducible).
    pub fn builtin(opts: PlayOptions) -> PlayerSpec {
        let name = format!("{:?}", opts.strategy).to_lowercase();
        let game = AtomicU64::new(0);
        PlayerSpec::InProcess {
            name,
            run: Arc::new(move |input, output| {
                let i = game.fetch_add(1, Ordering::Relaxed);
                let opts = PlayOptions {
                    seed: opts.seed.map(|s| s.wrapping_add(i)),
                    ..opts.clone()
                };
                let _ = play_with(&opts, input, output);
            }),
        }
    }

    /// Any function, in process.
    pub fn function(
        name: impl Into<String>,
        run: impl Fn(Box<dyn BufRead + Send>, Box<dyn Write + Send>) + Send + Sync + 'static,
    ) -> PlayerSpec {
        PlayerSpec::InProcess {
            name: name.into(),
            run: Arc::new(run),
        }
    }

    /// The name reports give the player: its command line, or the in-process player's name.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Command(c) => c.clone(),
            PlayerSpec::InProcess { name, .. } => name.clone(),
        }
    }
}

/// A match.
#[derive(Clone, Debug)]
pub struct RefereeOptions {
    /// Games to play; the first move alternates, player 0 moving first in game 0.
    pub games: usize,
    /// The two players.
    pub players: [PlayerSpec; 2],
    /// Each player's thinking time for a whole game.
    pub time: Duration,
    /// Keep each game's moves in the report.
    pub log: bool,
    /// Let program players' stderr through (otherwise discarded).
    pub stderr: bool,
}

impl RefereeOptions {
    /// A match of two games between `a` and `b`, 30 s each a game, no log, players' stderr
    /// discarded.
    pub fn new(a: PlayerSpec, b: PlayerSpec) -> RefereeOptions {
        RefereeOptions {
            games: 2,
            players: [a, b],
            time: Duration::from_secs(30),
            log: false,
            stderr: false,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The winner claimed uniqueness correctly (2-1).
    Claim,
    /// The loser claimed uniqueness wrongly (0-2).
    WrongClaim,
    /// The loser's move left no solution (1-2).
    NoSolution,
    /// The loser's move did not decrease the number of solutions (1-2).
    NotDecreasing,
    /// The loser's output was not a move (0-2).
    Unparsable,
    /// The loser played on an occupied cell (0-2).
    Occupied,
    /// The loser repeated a digit in a row, column or box (0-2).
    Repeated,
    /// The loser ran out of time (1-2).
    Time,
    /// The loser exited or closed its output (0-2).
    Crash,
}

impl Reason {
    /// Every reason, in the order reports list them.
    pub const ALL: [Reason; 9] = [
        Reason::Claim,
        Reason::WrongClaim,
        Reason::NoSolution,
        Reason::NotDecreasing,
        Reason::Unparsable,
        Reason::Occupied,
        Reason::Repeated,
        Reason::Time,
        Reason::Crash,
    ];

    /// (winner, loser) points.
    pub fn points(self) -> (u32, u32) {
        match self {
            Reason::Claim | Reason::NoSolution | Reason::NotDecreasing | Reason::Time => (2, 1),
            Reason::WrongClaim
            | Reason::Unparsable
            | Reason::Occupied
            | Reason::Repeated
            | Reason::Crash => (2, 0),
        }
    }

    /// A few words for reports (`"correct claim"`, `"time exceeded"`, ...).
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Claim => "correct claim",
            Reason::WrongClaim => "wrong claim",
            Reason::NoSolution => "no solution left",
            Reason::NotDecreasing => "solutions not decreased",
            Reason::Unparsable => "unparsable move",
            Reason::Occupied => "occupied cell",
            Reason::Repeated => "repeated digit",
            Reason::Time => "time exceeded",
            Reason::Crash => "crash",
        }
    }
}

/// One game's result. Players are numbered as in [`RefereeOptions::players`].
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Who moved first.
    pub first: usize,
    /// Who won.
    pub winner: usize,
    /// How the game ended.
    pub reason: Reason,
    /// Each player's points (see [`Reason::points`]).
    pub points: [u32; 2],
    /// Every line the players said, in order (the first player's first).
    pub moves: Vec<String>,
    /// Thinking time each player used, as the referee measured it.
    pub time: [Duration; 2],
    /// Moves each player made.
    pub turns: [u32; 2],
}

/// A match's results.
#[derive(Clone, Debug)]
pub struct Report {
    /// The players' names, as [`PlayerSpec::name`] gives them.
    pub names: [String; 2],
    /// Every game, in the order played.
    pub games: Vec<Outcome>,
}

impl Report {
    /// Games player `p` won.
    pub fn wins(&self, p: usize) -> usize {
        self.games.iter().filter(|g| g.winner == p).count()
    }

    /// Player `p`'s points over the match.
    pub fn points(&self, p: usize) -> u32 {
        self.games.iter().map(|g| g.points[p]).sum()
    }

    /// Games player `p` lost for `reason`.
    pub fn losses_by(&self, p: usize, reason: Reason) -> usize {
        self.games
            .iter()
            .filter(|g| g.winner != p && g.reason == reason)
            .count()
    }

    /// Games player `p` won as the first player (`first = true`) or as the second.
    pub fn wins_as(&self, p: usize, first: bool) -> usize {
        self.games
            .iter()
            .filter(|g| g.winner == p && (g.first == p) == first)
            .count()
    }

    /// Games player `p` played as the first player (`first = true`) or as the second.
    pub fn games_as(&self, p: usize, first: bool) -> usize {
        self.games
            .iter()
            .filter(|g| (g.first == p) == first)
            .count()
    }

    /// Mean time per move of player `p`.
    pub fn mean_move_time(&self, p: usize) -> Duration {
        let t: Duration = self.games.iter().map(|g| g.time[p]).sum();
        let n: u32 = self.games.iter().map(|g| g.turns[p]).sum();
        t.checked_div(n).unwrap_or_default()
    }

    /// Longest game clock player `p` used.
    pub fn max_game_time(&self, p: usize) -> Duration {
        self.games
            .iter()
            .map(|g| g.time[p])
            .max()
            .unwrap_or_default()
    }

    /// Each game's moves, one game a line.
    pub fn log(&self) -> String {
        let mut s = String::new();
        for (i, g) in self.games.iter().enumerate() {
            let _ = writeln!(
                s,
                "game {}: {} starts; {} wins {}-{} ({}): {}",
                i + 1,
                ["A", "B"][g.first],
                ["A", "B"][g.winner],
                g.points[g.winner],
                g.points[1 - g.winner],
                g.reason.describe(),
                g.moves.join(" ")
            );
        }
        s
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<32} {:>5} {:>5} {:>6} {:>7} {:>7} {:>6} {:>10} {:>9}  lost by",
            "player",
            "games",
            "wins",
            "losses",
            "1st won",
            "2nd won",
            "points",
            "ms/move",
            "max game"
        )?;
        for p in 0..2 {
            let faults: Vec<String> = Reason::ALL
                .iter()
                .filter(|&&r| r != Reason::Claim)
                .filter_map(|&r| {
                    let n = self.losses_by(p, r);
                    (n > 0).then(|| format!("{}: {n}", r.describe()))
                })
                .collect();
            let mut name = format!("{} {}", ["A", "B"][p], self.names[p]);
            if name.len() > 32 {
                name.truncate(29);
                name += "...";
            }
            writeln!(
                f,
                "{:<32} {:>5} {:>5} {:>6} {:>7} {:>7} {:>6} {:>10.2} {:>8.2}s  {}",
                name,
                self.games.len(),
                self.wins(p),
                self.games.len() - self.wins(p),
                format!("{}/{}", self.wins_as(p, true), self.games_as(p, true)),
                format!("{}/{}", self.wins_as(p, false), self.games_as(p, false)),
                self.points(p),
                self.mean_move_time(p).as_secs_f64() * 1e3,
                self.max_game_time(p).as_secs_f64(),
                if faults.is_empty() {
                    "-".to_string()
                } else {
                    faults.join(", ")
                }
            )?;
        }
        Ok(())
    }
}

/// What a player said, or why it said nothing.
enum Reply {
    Line(String),
    Timeout,
    Closed,
}

/// A running player: a way to write to it and a channel of its output lines (`None`: closed).
struct Conn {
    to: Option<Box<dyn Write + Send>>,
    from: Receiver<Option<String>>,
    child: Option<Child>,
}

impl Conn {
    fn start(spec: &PlayerSpec, stderr: bool) -> Conn {
        let (tx, rx) = mpsc::channel();
        match spec {
            PlayerSpec::Command(cmd) => {
                // Not `exec CMD`: that fails for `cd DIR && ./bot`, `VAR=1 ./bot` or `(...)`
                // (the player lost every game by crash). The shell stays as the player's
                // parent, so the game's end kills the player's process group, not only it.
                let mut command = Command::new("sh");
                command.arg("-c").arg(cmd);
                #[cfg(unix)]
                std::os::unix::process::CommandExt::process_group(&mut command, 0);
                let child = command
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(if stderr {
                        Stdio::inherit()
                    } else {
                        Stdio::null()
                    })
                    .spawn();
                let Ok(mut child) = child else {
                    let _ = tx.send(None);
                    return Conn {
                        to: None,
                        from: rx,
                        child: None,
                    };
                };
                let stdout = child.stdout.take().expect("piped");
                let stdin = child.stdin.take().expect("piped");
                thread::spawn(move || read_lines(BufReader::new(stdout), &tx));
                Conn {
                    to: Some(Box::new(stdin)),
                    from: rx,
                    child: Some(child),
                }
            }
            PlayerSpec::InProcess { run, .. } => {
                let (in_tx, in_rx) = mpsc::channel::<Vec<u8>>();
                let run = Arc::clone(run);
                let writer = ChanWriter {
                    buf: Vec::new(),
                    tx,
                };
                thread::spawn(move || {
                    let reader = BufReader::new(ChanReader {
                        rx: in_rx,
                        buf: Vec::new(),
                        pos: 0,
                    });
                    run(Box::new(reader), Box::new(writer));
                });
                Conn {
                    to: Some(Box::new(ChanSender(in_tx))),
                    from: rx,
                    child: None,
                }
            }
        }
    }

    fn send(&mut self, line: &str) {
        if let Some(to) = &mut self.to {
            let ok = writeln!(to, "{line}").and_then(|()| to.flush()).is_ok();
            if !ok {
                self.to = None; // its input is gone: it will show up as a crash or a timeout
            }
        }
    }

    /// The next non-empty line, waiting at most `limit`.
    fn recv(&mut self, limit: Duration) -> Reply {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from.recv_timeout(left) {
                Ok(Some(line)) if line.trim().is_empty() => {}
                Ok(Some(line)) => return Reply::Line(line),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Reply::Closed,
                Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
            }
        }
    }

    /// Says `Quit`, closes its input, and ends a program that does not exit promptly.
    fn finish(mut self) {
        self.send("Quit");
        self.to = None;
        if let Some(mut child) = self.child.take() {
            let until = Instant::now() + Duration::from_millis(500);
            while Instant::now() < until {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
            kill_group(&child);
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Kills the process group a program player leads (the shell and whatever it started), while
/// the shell is not yet reaped (its id cannot have been reused). `kill -9 -PGID` through `sh`,
/// as the crate has no unsafe code to call `kill(2)` itself.
fn kill_group(child: &Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("sh")
            .arg("-c")
            .arg(format!("kill -9 -{}", child.id()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// The longest line a program player may write: the longest move is 4 characters, and a
/// player that writes without a newline would otherwise be buffered until its clock ran out
/// (`yes | tr -d '\n'` grew the referee by about 400 MB a second).
pub const MAX_LINE: usize = 4096;

/// Sends each line of a program player's output (without its `\n` or `\r\n`) to `tx`, then
/// `None` when the output ends. Bytes that are not UTF-8 are replaced (the line is then no
/// move: an unparsable move, not a crash); a line longer than [`MAX_LINE`] is sent cut there,
/// which is no move either.
fn read_lines(mut from: impl BufRead, tx: &Sender<Option<String>>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let Ok(n) = (&mut from)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
        else {
            break;
        };
        if n == 0 {
            break;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        if tx
            .send(Some(String::from_utf8_lossy(&buf).into_owned()))
            .is_err()
        {
            return;
        }
    }
    let _ = tx.send(None);
}

/// The referee's end of an in-process player's input.
struct ChanSender(Sender<Vec<u8>>);

impl Write for ChanSender {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0
            .send(b.to_vec())
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An in-process player's input: bytes from the referee; end of input when the referee drops
/// its end.
struct ChanReader {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for ChanReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.buf.len() {
            match self.rx.recv() {
                Ok(b) => {
                    self.buf = b;
                    self.pos = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// An in-process player's output, cut into lines; dropping it (the player returned or panicked)
/// closes the channel.
struct ChanWriter {
    buf: Vec<u8>,
    tx: Sender<Option<String>>,
}

impl Write for ChanWriter {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(b);
        while let Some(i) = self.buf.iter().position(|&c| c == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line[..i])
                .trim_end_matches('\r')
                .to_string();
            self.tx
                .send(Some(text))
                .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for ChanWriter {
    fn drop(&mut self) {
        let _ = self.tx.send(None);
    }
}

/// Plays one game; `first` moves first.
pub fn play_game(opts: &RefereeOptions, first: usize, analyzer: &mut Analyzer) -> Outcome {
    let mut conns: Vec<Conn> = opts
        .players
        .iter()
        .map(|p| Conn::start(p, opts.stderr))
        .collect();
    let mut grid = Grid::EMPTY;
    let mut clock = [opts.time; 2];
    let mut turns = [0u32; 2];
    let mut used = [Duration::ZERO; 2];
    let mut moves = Vec::new();
    let mut mover = first;
    let mut message = "Start".to_string();
    let (winner, reason) = loop {
        conns[mover].send(&message);
        let t = Instant::now();
        let reply = conns[mover].recv(clock[mover]);
        let spent = t.elapsed();
        clock[mover] = clock[mover].saturating_sub(spent);
        used[mover] += spent;
        let lose = |r: Reason| (1 - mover, r);
        let line = match reply {
            Reply::Timeout => break lose(Reason::Time),
            Reply::Closed => break lose(Reason::Crash),
            Reply::Line(_) if clock[mover].is_zero() => break lose(Reason::Time),
            Reply::Line(l) => l,
        };
        turns[mover] += 1;
        moves.push(line.trim().to_string());
        let Some(action) = Action::parse(&line) else {
            break lose(Reason::Unparsable);
        };
        if let Some(m) = action.placed() {
            match analyzer.check_move(&grid, m) {
                Ok(()) => grid = m.apply(&grid),
                Err(Illegal::Occupied) => break lose(Reason::Occupied),
                Err(Illegal::Repeated) => break lose(Reason::Repeated),
                Err(Illegal::NoSolution) => break lose(Reason::NoSolution),
                Err(Illegal::NotDecreasing) => break lose(Reason::NotDecreasing),
            }
        }
        if matches!(action, Action::Claim | Action::PlaceClaim(_)) {
            if analyzer.count(&grid, 2) == 1 {
                break (mover, Reason::Claim);
            }
            break lose(Reason::WrongClaim);
        }
        message = line.trim().to_string();
        mover = 1 - mover;
    };
    for c in conns {
        c.finish();
    }
    let (w, l) = reason.points();
    let mut points = [0; 2];
    points[winner] = w;
    points[1 - winner] = l;
    Outcome {
        first,
        winner,
        reason,
        points,
        moves,
        time: used,
        turns,
    }
}

/// Plays a match: `games` games, the first player alternating (player A starts game 1).
/// `progress` is called after each game.
pub fn referee_with(opts: &RefereeOptions, mut progress: impl FnMut(usize, &Outcome)) -> Report {
    let mut analyzer = Analyzer::new();
    let mut games = Vec::with_capacity(opts.games);
    for i in 0..opts.games {
        let g = play_game(opts, i % 2, &mut analyzer);
        progress(i, &g);
        games.push(g);
    }
    Report {
        names: [opts.players[0].name(), opts.players[1].name()],
        games,
    }
}

/// Plays a match (see [`referee_with`]).
pub fn referee(opts: &RefereeOptions) -> Report {
    referee_with(opts, |_, _| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Strategy;

    /// A player that answers each line with the next line of its script, then stops (exits).
    fn scripted(name: &str, script: &[&str]) -> PlayerSpec {
        let script: Vec<String> = script.iter().map(|s| (*s).to_string()).collect();
        PlayerSpec::function(name, move |input, mut output| {
            let mut next = script.iter();
            for line in input.lines() {
                let Ok(line) = line else { return };
                if line.trim() == "Quit" {
                    return;
                }
                let Some(reply) = next.next() else { return };
                if writeln!(output, "{reply}")
                    .and_then(|()| output.flush())
                    .is_err()
                {
                    return;
                }
            }
        })
    }

    fn opts(a: PlayerSpec, b: PlayerSpec) -> RefereeOptions {
        RefereeOptions {
            games: 1,
            time: Duration::from_secs(5),
            log: true,
            ..RefereeOptions::new(a, b)
        }
    }

    /// Plays one game with A first; the loser, the reason and the points (A, B).
    fn one(a: &[&str], b: &[&str]) -> (usize, Reason, [u32; 2]) {
        let o = play_game(
            &opts(scripted("a", a), scripted("b", b)),
            0,
            &mut Analyzer::new(),
        );
        (1 - o.winner, o.reason, o.points)
    }

    #[test]
    fn rule_breaking_moves_are_scored() {
        assert_eq!(one(&["Aa1"], &["Aa2"]), (1, Reason::Occupied, [2, 0]));
        assert_eq!(one(&["Aa1"], &["Ab1"]), (1, Reason::Repeated, [2, 0]));
        assert_eq!(one(&["Aa1"], &["Bb1"]), (1, Reason::Repeated, [2, 0]));
        assert_eq!(one(&["Aa1"], &["Ia1"]), (1, Reason::Repeated, [2, 0]));
        assert_eq!(one(&["Aa1"], &["hello"]), (1, Reason::Unparsable, [2, 0]));
        assert_eq!(one(&["Aa0"], &[]), (0, Reason::Unparsable, [0, 2]));
        assert_eq!(one(&["!"], &[]), (0, Reason::WrongClaim, [0, 2]));
        assert_eq!(one(&["Aa1"], &["Ab2!"]), (1, Reason::WrongClaim, [2, 0]));
        // Row 1 starts 1 2 3, row 2 holds 4 5 6 outside box 1: box 1's row 2 must be 7 8 9,
        // so a 7 in row 3 of box 1 leaves no solution (1-2).
        let a = ["Aa1", "Ac3", "Be5", "Ca7"];
        let b = ["Ab2", "Bd4", "Bf6"];
        assert_eq!(one(&a, &b), (0, Reason::NoSolution, [1, 2]));
        // Row 1 holds 1..8: its last cell is forced to 9, so playing it does not decrease the
        // number of solutions (1-2).
        let a = ["Aa1", "Ac3", "Ae5", "Ag7", "Ai9"];
        let b = ["Ab2", "Ad4", "Af6", "Ah8"];
        assert_eq!(one(&a, &b), (0, Reason::NotDecreasing, [1, 2]));
    }

    #[test]
    fn silent_hung_and_crashed_players_lose() {
        // Exits without a word: crash (0-2).
        assert_eq!(one(&[], &[]), (0, Reason::Crash, [0, 2]));
        assert_eq!(one(&["Aa1"], &[]), (1, Reason::Crash, [2, 0]));
        // Panics: crash.
        let panicky = PlayerSpec::function("panic", |_, _| panic!("boom"));
        let o = play_game(&opts(panicky, scripted("b", &[])), 0, &mut Analyzer::new());
        assert_eq!((o.winner, o.reason, o.points), (1, Reason::Crash, [0, 2]));
        // Says nothing for longer than its clock: time (1-2), and the referee goes on. The clock
        // is long enough that the scripted player's one move never runs out of it, even on a
        // loaded machine.
        let sleepy = PlayerSpec::function("sleepy", |_, _| thread::sleep(Duration::from_secs(20)));
        let mut o = opts(scripted("a", &["Aa1"]), sleepy);
        o.time = Duration::from_secs(2);
        let t = Instant::now();
        let g = play_game(&o, 0, &mut Analyzer::new());
        assert_eq!((g.winner, g.reason, g.points), (0, Reason::Time, [2, 1]));
        assert!(t.elapsed() < Duration::from_secs(15));
    }

    #[test]
    fn program_players() {
        // Programs through the shell: garbage, a crash, a hang (killed after the game).
        let hang = RefereeOptions {
            time: Duration::from_millis(300),
            ..opts(PlayerSpec::command("sleep 30"), PlayerSpec::command("cat"))
        };
        let t = Instant::now();
        let g = play_game(&hang, 0, &mut Analyzer::new());
        assert_eq!((g.winner, g.reason), (1, Reason::Time));
        assert!(t.elapsed() < Duration::from_secs(5));
        let garbage = opts(
            PlayerSpec::command("echo garbage; sleep 30"),
            PlayerSpec::command("cat"),
        );
        let g = play_game(&garbage, 0, &mut Analyzer::new());
        assert_eq!(
            (g.winner, g.reason, g.moves.clone()),
            (1, Reason::Unparsable, vec!["garbage".into()])
        );
        let crash = opts(PlayerSpec::command("exit 3"), PlayerSpec::command("cat"));
        assert_eq!(
            play_game(&crash, 0, &mut Analyzer::new()).reason,
            Reason::Crash
        );
        let missing = opts(
            PlayerSpec::command("/nonexistent/player"),
            PlayerSpec::command("cat"),
        );
        assert_eq!(
            play_game(&missing, 0, &mut Analyzer::new()).reason,
            Reason::Crash
        );
        // Bytes that are not UTF-8: an unparsable move (0-2) that is logged, not a crash.
        let latin1 = opts(
            PlayerSpec::command(r"printf 'Ee\3515\n'; sleep 30"),
            PlayerSpec::command("cat"),
        );
        let g = play_game(&latin1, 0, &mut Analyzer::new());
        assert_eq!(
            (g.winner, g.reason, g.turns, g.moves.clone()),
            (1, Reason::Unparsable, [1, 0], vec!["Ee\u{fffd}5".into()])
        );
        // Output without a newline is cut at MAX_LINE: an unparsable move, not a wait for
        // the clock while the referee buffers all of it.
        let babble = opts(
            PlayerSpec::command("yes | tr -d '\\n'"),
            PlayerSpec::command("cat"),
        );
        let g = play_game(&babble, 0, &mut Analyzer::new());
        assert_eq!((g.winner, g.reason), (1, Reason::Unparsable));
        assert_eq!(g.moves[0].len(), MAX_LINE);
        // `cat` as player B echoes A's move back: an occupied cell.
        let echo = opts(scripted("a", &["Ee5"]), PlayerSpec::command("cat"));
        let g = play_game(&echo, 0, &mut Analyzer::new());
        assert_eq!((g.winner, g.reason), (0, Reason::Occupied));
        // Command lines that `exec CMD` could not run (each lost by crash): they answer.
        for cmd in ["cd / && cat", "X=1 cat", "(cat)", "true; cat"] {
            let g = play_game(
                &opts(scripted("a", &["Ee5"]), PlayerSpec::command(cmd)),
                0,
                &mut Analyzer::new(),
            );
            assert_eq!(
                (g.winner, g.reason, g.turns),
                (0, Reason::Occupied, [1, 1]),
                "{cmd}"
            );
        }
    }

    /// Whether process `pid` is running (Linux: its `/proc` entry, a zombie counting as gone).
    #[cfg(target_os = "linux")]
    fn running(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|stat| !stat.rsplit(')').next().unwrap_or("").starts_with(" Z"))
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_hung_program_is_killed_with_what_it_started() {
        // A command line of two commands: the shell runs the hung one as its child, which
        // killing the shell alone left running.
        let file = std::env::temp_dir().join(format!("simdoku-hung-{}", std::process::id()));
        let cmd = format!(
            "cd / && sh -c 'echo $$ > {}; exec sleep 30'",
            file.display()
        );
        let o = RefereeOptions {
            time: Duration::from_secs(2),
            ..opts(PlayerSpec::command(cmd), PlayerSpec::command("cat"))
        };
        let g = play_game(&o, 0, &mut Analyzer::new());
        assert_eq!((g.winner, g.reason), (1, Reason::Time));
        let pid = std::fs::read_to_string(&file).expect("the player ran");
        let _ = std::fs::remove_file(&file);
        let pid = pid.trim();
        let t = Instant::now();
        while running(pid) && t.elapsed() < Duration::from_secs(10) {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(!running(pid), "sleep {pid} still runs");
    }

    #[test]
    fn full_games_between_builtin_players_end_in_correct_claims() {
        let player = |strategy, seed| {
            PlayerSpec::builtin(PlayOptions {
                strategy,
                time: Duration::from_secs(3),
                seed: Some(seed),
                verbose: false,
            })
        };
        let o = RefereeOptions {
            games: 4,
            time: Duration::from_secs(10),
            log: true,
            ..RefereeOptions::new(player(Strategy::Full, 1), player(Strategy::Random, 2))
        };
        let report = referee(&o);
        assert_eq!(report.games.len(), 4);
        let mut an = Analyzer::new();
        for (i, g) in report.games.iter().enumerate() {
            assert_eq!(g.first, i % 2);
            assert_eq!(g.reason, Reason::Claim, "{}", report.log());
            assert_eq!(g.points[g.winner], 2);
            // Replay the log: every move legal, the last line a claim that holds.
            let mut grid = Grid::EMPTY;
            for line in &g.moves {
                let a = Action::parse(line).unwrap();
                if let Some(m) = a.placed() {
                    assert_eq!(an.check_move(&grid, m), Ok(()));
                    grid = m.apply(&grid);
                }
            }
            assert_eq!(an.count(&grid, 2), 1);
        }
        for p in 0..2 {
            assert_eq!(
                report.wins_as(p, true) + report.wins_as(p, false),
                report.wins(p)
            );
            assert_eq!(
                report.games_as(p, true) + report.games_as(p, false),
                report.games.len()
            );
        }
        let table = report.to_string();
        assert!(
            table.contains("full") && table.contains("random"),
            "{table}"
        );
    }
}
