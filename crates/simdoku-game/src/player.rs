//! The players and the protocol loop.
//!
//! * [`Strategy::Random`]: a random legal move; claims uniqueness when it holds. The sparring
//!   partner for tests.
//! * [`Strategy::Full`]: random legal moves in the opening; in the middle game a sample of up to
//!   [`SAMPLE`] solutions, preferring the move that keeps most of it, with every move whose
//!   solutions can be counted completely searched exactly; in the endgame exact play over the set
//!   of all solutions ([`crate::endgame`]).
//!
//! Both claim exactly when the solution is unique: after our move (`Hd7!`) or after the
//! opponent's (`!`). Every move played is proven legal by witness solutions.

use std::io::{self, BufRead, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

use simdoku_core::Grid;

use crate::analysis::{Analyzer, legal_from_candidates};
use crate::endgame::{Endgame, RootMove, SolutionSet, Value};
use crate::moves::{Action, Clash, Move, clash};
use simdoku_core::rng::Rng;

/// How a player chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Opening, middle game and exact endgame.
    Full,
    /// A random legal move (claims when it can).
    Random,
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Strategy, String> {
        match s.to_ascii_lowercase().as_str() {
            "full" | "best" => Ok(Strategy::Full),
            "random" => Ok(Strategy::Random),
            _ => Err(format!("unknown strategy {s:?} (full, random)")),
        }
    }
}

/// A player's settings.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// How moves are chosen.
    pub strategy: Strategy,
    /// Thinking time for the whole game (`CodeCup`: 30 s).
    pub time: Duration,
    /// Seed of the move choice and solution ids; `None`: from the clock.
    pub seed: Option<u64>,
    /// Notes on each move to stderr.
    pub verbose: bool,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            strategy: Strategy::Full,
            time: Duration::from_secs(30),
            seed: None,
            verbose: false,
        }
    }
}

/// Below this many digits on the grid the full player opens with random legal moves.
pub const OPENING_GIVENS: usize = 18;
/// A `1 / RESERVE` share of the clock (and 50 ms) is never planned for: it covers what our own
/// clock cannot see (pipes, waiting for a CPU on a loaded machine).
pub const RESERVE: u32 = 20;
/// Solutions sampled in the middle game; at or below it a position is an endgame.
pub const SAMPLE: usize = 100_000;
/// In the middle game, a move whose solutions number below this is enumerated and solved.
pub const PROBE: u64 = 5_000;
/// Near the endgame, how many of the moves keeping most of the sample are counted exactly
/// (see `Player::recount`).
pub const RECOUNT: usize = 12;
/// The middle game stops probing after this many moves in a row leave [`PROBE`] or more.
pub const PROBE_RUN: usize = 24;
/// Before a middle-game move is played, the solutions after it are enumerated (up to
/// [`SAMPLE`]) and the endgame they make is searched, for at most a `1 / DEFENSE` share of the
/// plannable time from the start of the turn (half of it from [`LAST_SHOT`]: see
/// [`defense_share`]); a move proven lost is dropped for the next best ("panic mode"), until one
/// is not proven lost or the time is up.
pub const DEFENSE: u32 = 3;
/// In the endgame, when the search for a winning move (fewest solutions kept first; see
/// [`endgame_plan`]) ends without one, the moves keeping most are checked for a cheap
/// refutation ([`REFUTE_CAP`]) for up to a further `1 / ENDGAME_DEFENSE` share of the plannable
/// time left; a move found lost gives way to the next ("defense", as in panic mode).
pub const ENDGAME_DEFENSE: u32 = 3;
/// Below [`LAST_SHOT`], the endgame's search for a winning move tries the moves keeping at most
/// this many solutions: larger sets are rarely solved in such a move's time, which goes to the
/// defense instead.
pub const OFFENSE_CAP: u32 = 11_000;
/// A move checked in panic mode (middle game and endgame) counts as refuted when a reply keeping
/// at most this many solutions wins for the opponent; replies keeping more are not searched, so
/// the check is cheap and several moves can be checked in a move's time. Most refutations found
/// in play keep 2,000-6,000 solutions.
pub const REFUTE_CAP: u32 = 4_000;
/// The widest such check ([`wins_widening`]): a reply keeping more is rarely proven in a move's
/// time (by us or an opponent), and the check's time is better kept for the moves after.
pub const REFUTE_MAX: u32 = 16_000;

/// The endgame carried from move to move: the solver (its set and table) and the subset of its
/// solutions the grid still allows.
#[derive(Debug)]
struct Carried {
    endgame: Endgame,
    subset: Vec<u32>,
}

/// One player's state for one game.
#[derive(Debug)]
pub struct Player {
    opts: PlayOptions,
    grid: Grid,
    analyzer: Analyzer,
    rng: Rng,
    used: Duration,
    carried: Option<Carried>,
    /// The endgame after a middle-game move, searched before it was played: carried once the
    /// move is played.
    pending: Option<(Move, Carried)>,
    /// Endgame positions searched.
    pub endgame_nodes: u64,
    /// The time spent searching them.
    pub endgame_time: Duration,
    /// Solutions enumerated.
    pub enumerated: u64,
    /// The time spent enumerating them.
    pub enumerate_time: Duration,
}

impl Player {
    /// A player at the start of a game (empty grid, no time used).
    pub fn new(opts: PlayOptions) -> Player {
        let seed = opts.seed.unwrap_or_else(Rng::seed_from_time);
        Player {
            opts,
            grid: Grid::EMPTY,
            analyzer: Analyzer::new(),
            rng: Rng::new(seed),
            used: Duration::ZERO,
            carried: None,
            pending: None,
            endgame_nodes: 0,
            endgame_time: Duration::ZERO,
            enumerated: 0,
            enumerate_time: Duration::ZERO,
        }
    }

    /// The position: every digit placed so far, by either player.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Thinking time used so far (as charged by [`Player::charge`]).
    pub fn used(&self) -> Duration {
        self.used
    }

    /// Charges thinking time (the protocol loop measures each turn from read to flush).
    pub fn charge(&mut self, t: Duration) {
        self.used += t;
    }

    /// Our reply to the opponent's action (`None`: we start). `started` is when the turn
    /// began, for the clock.
    pub fn respond(&mut self, opponent: Option<Action>, started: Instant) -> Action {
        if let Some(m) = opponent.and_then(Action::placed) {
            self.play_move(m);
        }
        match self.analyzer.count(&self.grid, 2) {
            // Unique: claim. None (the opponent broke the rules): nothing we say matters.
            0 | 1 => return Action::Claim,
            _ => {}
        }
        let m = match self.opts.strategy {
            Strategy::Random => self
                .random_move()
                .expect("two solutions leave a legal move"),
            Strategy::Full => self.full_move(started),
        };
        self.play_move(m);
        if self.analyzer.count(&self.grid, 2) == 1 {
            Action::PlaceClaim(m)
        } else {
            Action::Place(m)
        }
    }

    /// Plays `m` on our grid and the carried endgame; the endgame searched for `m` before it
    /// was played (panic mode) becomes the carried one.
    fn play_move(&mut self, m: Move) {
        self.grid = m.apply(&self.grid);
        let pending = self.pending.take();
        if let Some(c) = &mut self.carried {
            match c.endgame.set().move_slot(m) {
                Some(slot) => c.subset = c.endgame.set().keep(&c.subset, slot),
                None => self.carried = None,
            }
        } else if let Some((pm, c)) = pending
            && pm == m
        {
            self.carried = Some(c);
        }
    }

    /// Notes to stderr here and below ignore a failed write (`2>/dev/full`, a closed pipe):
    /// eprintln! panicked there and lost the game.
    fn note(&self, msg: impl FnOnce() -> String) {
        if self.opts.verbose {
            let _ = writeln!(io::stderr(), "{}", msg());
        }
    }

    fn random_move(&mut self) -> Option<Move> {
        let moves = self.analyzer.legal_moves(&self.grid);
        (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
    }

    /// The deadline for a middle-game move: a share of what is left, with safety margins: a
    /// [`RESERVE`] share of the whole budget is never planned for, and a tenth of what is left
    /// covers the work after the deadline (the claim check, the last probes).
    fn deadline(&self, started: Instant) -> Instant {
        started + middle_share(self.plannable(), self.grid.givens())
    }

    /// The time left that may be planned for (see [`Player::deadline`]).
    fn plannable(&self) -> Duration {
        plannable(self.opts.time, self.used)
    }

    fn full_move(&mut self, started: Instant) -> Move {
        let deadline = self.deadline(started);
        if self.grid.givens() < OPENING_GIVENS {
            let m = self
                .random_move()
                .expect("two solutions leave a legal move");
            // A random move that leaves few solutions is left to the middle-game logic.
            if self.analyzer.count(&m.apply(&self.grid), PROBE) >= PROBE {
                return m;
            }
        }
        if self.carried.is_none() {
            let t = Instant::now();
            let (sols, complete) = self
                .analyzer
                .enumerate(&self.grid, self.sample_size(deadline));
            self.enumerated += sols.len() as u64;
            self.enumerate_time += t.elapsed();
            if !complete {
                let defense = started + defense_share(self.plannable());
                return self.middle_move(&sols, deadline, defense.max(deadline));
            }
            let set = SolutionSet::new(&sols, &mut self.rng);
            let subset = set.all();
            self.carried = Some(Carried {
                endgame: Endgame::new(set),
                subset,
            });
        }
        let n = self.carried.as_ref().map_or(0, |c| c.subset.len());
        let (share, cap) = endgame_plan(self.plannable(), n);
        self.endgame_move(started, started + share, cap)
    }

    /// How many solutions to enumerate: [`SAMPLE`], or fewer when the time left for this move
    /// would not cover a third of it at the enumeration rate measured so far.
    fn sample_size(&self, deadline: Instant) -> usize {
        let rate = if self.enumerate_time > Duration::from_millis(20) {
            f64::from(u32::try_from(self.enumerated).unwrap_or(u32::MAX))
                / self.enumerate_time.as_secs_f64()
        } else {
            200_000.0 // a cautious guess until measured
        };
        let secs = deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        ((rate * secs / 3.0) as usize).clamp(2_000, SAMPLE)
    }

    /// Exact play over all solutions, or the best unproven move when time runs out.
    ///
    /// The moves keeping at most `cap` solutions are searched, fewest first, until `offense`;
    /// without a proven win by then the moves keeping most are checked for a cheap refutation
    /// ([`refutation_value`]) for a further [`ENDGAME_DEFENSE`] share of the time left, each
    /// found lost giving way to the next ([`defend_choice`]).
    fn endgame_move(&mut self, started: Instant, offense: Instant, cap: u32) -> Move {
        let t = Instant::now();
        let c = self.carried.as_mut().expect("an endgame");
        let nodes = c.endgame.nodes;
        c.endgame.set_deadline(Some(offense));
        let mut root = c.endgame.analyze_within(&c.subset, cap);
        let mut defended = 0;
        let m = if root.iter().any(|r| r.value == Value::Win) {
            choose(&root, &mut self.rng)
        } else {
            let left = plannable(self.opts.time, self.used + started.elapsed());
            let defense = Instant::now() + left / ENDGAME_DEFENSE;
            c.endgame.set_deadline(Some(defense));
            let checked = vec![false; root.len()];
            let (endgame, subset) = (&mut c.endgame, &c.subset);
            let verbose = self.opts.verbose;
            defend_choice(&mut root, checked, &mut self.rng, |m| {
                if Instant::now() >= defense {
                    return None;
                }
                defended += 1;
                let t = Instant::now();
                let v = refutation_value(endgame, subset, m, defense);
                if verbose {
                    let _ = writeln!(
                        io::stderr(),
                        "  check {m}: {v:?} in {:.2} s",
                        t.elapsed().as_secs_f64()
                    );
                }
                Some(v)
            })
        };
        self.endgame_nodes += c.endgame.nodes - nodes;
        self.endgame_time += t.elapsed();
        let n = c.subset.len();
        self.note(|| {
            let v = root.iter().find(|r| r.m == m).map(|r| r.value);
            format!(
                "endgame: {n} solutions, {} moves, {defended} defended, play {m} ({v:?}) after {:.2} s",
                root.len(),
                started.elapsed().as_secs_f64()
            )
        });
        m
    }

    /// The middle game: a sample of solutions (not all of them), the legal moves proven by the
    /// solver, and exact search of the moves that leave few enough solutions.
    fn middle_move(&mut self, sample: &[Grid], deadline: Instant, defense: Instant) -> Move {
        let t0 = Instant::now();
        let cand = self
            .analyzer
            .candidates(&self.grid)
            .expect("the grid has solutions");
        let moves = legal_from_candidates(&self.grid, &cand);
        // Sample solutions each move keeps.
        let mut kept = [[0u32; 10]; 81];
        for s in sample {
            for (c, &d) in s.cells().iter().enumerate() {
                kept[c][d as usize] += 1;
            }
        }
        let mut scored: Vec<RootMove> = moves
            .iter()
            .map(|&m| RootMove {
                m,
                count: kept[m.cell as usize][m.digit as usize],
                value: Value::Unknown,
            })
            .collect();
        // Probe the moves that keep the fewest sampled solutions first: they are the ones
        // likely to be countable.
        scored.sort_by_key(|r| r.count);
        // Stop after a run of moves that all leave too many solutions to count: the rest,
        // keeping more of the sample, most likely do too.
        let mut probed = vec![false; scored.len()];
        let mut too_many = 0;
        for (r, p) in scored.iter_mut().zip(&mut probed) {
            if Instant::now() >= deadline || too_many == PROBE_RUN {
                break;
            }
            let (value, countable) = self.probe(r.m, deadline);
            r.value = value;
            *p = true;
            too_many = if countable { 0 } else { too_many + 1 };
            if r.value == Value::Win {
                break;
            }
        }
        let n_probed = probed.iter().filter(|&&p| p).count();
        let mut checked: Vec<bool> = (0..scored.len())
            .map(|i| probed[i] && scored[i].value != Value::Unknown)
            .collect();
        let recounted = self.recount(&mut scored, &mut checked, SAMPLE as u32, deadline);
        // Panic mode: before committing to a move, enumerate what it leaves and search that
        // endgame; a move proven lost gives way to the next best, until one is not proven lost
        // or the defense time is up.
        self.pending = None;
        let mut rng = self.rng.clone();
        let mut defended = 0;
        let mut lost = Vec::new();
        let m = defend_choice(&mut scored, checked, &mut rng, |m| {
            if Instant::now() >= defense {
                return None;
            }
            defended += 1;
            let (value, carry) = self.defend(m, defense, &mut lost);
            self.pending = carry.map(|c| (m, c));
            Some(value)
        });
        self.rng = rng;
        self.note(|| {
            let v = scored.iter().find(|r| r.m == m).map(|r| r.value);
            format!(
                "middle: {} givens, {} sampled, {} legal moves, {n_probed} probed, {recounted} recounted, {defended} defended, play {m} ({v:?}) after {:.2} s",
                self.grid.givens(),
                sample.len(),
                moves.len(),
                t0.elapsed().as_secs_f64()
            )
        });
        m
    }

    /// Near the endgame, the moves keeping most of the sample counted exactly: the sample is the
    /// first solutions found (not a uniform draw), so it misjudges which moves keep most, and the
    /// move played may hand the opponent an endgame of a few tens of thousands of solutions when
    /// another keeps it in the middle game. When the move keeping most of the sample leaves
    /// fewer than `limit` solutions, it and the next ones (up to [`RECOUNT`], time allowing)
    /// are counted up to `limit` and ranked above the others by their exact counts (those
    /// reaching `limit` by their sample counts, which are at most `limit`). When it leaves
    /// `limit` or more, it is marked `checked`: panic mode's enumeration of it would stop at
    /// [`SAMPLE`] with nothing to search. Returns how many were counted.
    fn recount(
        &mut self,
        scored: &mut [RootMove],
        checked: &mut [bool],
        limit: u32,
        deadline: Instant,
    ) -> usize {
        let mut open: Vec<usize> = (0..scored.len())
            .filter(|&i| scored[i].value == Value::Unknown)
            .collect();
        open.sort_by_key(|&i| std::cmp::Reverse(scored[i].count));
        for (k, &i) in open.iter().take(RECOUNT).enumerate() {
            if k > 0 && Instant::now() >= deadline {
                return k;
            }
            let r = &mut scored[i];
            let n = self.analyzer.count(&r.m.apply(&self.grid), limit.into()) as u32;
            if k == 0 && n >= limit {
                // The best move by the sample stays in the middle game.
                checked[i] = limit as usize >= SAMPLE;
                return 0;
            }
            r.count = limit + 1 + if n >= limit { limit + r.count } else { n };
        }
        open.len().min(RECOUNT)
    }

    /// A move's value for us by the endgame it leads to: all solutions after it enumerated (up
    /// to [`SAMPLE`]) and checked for a refutation ([`wins_widening`]) until `deadline`.
    /// `Unknown` when they are more than that or neither side is proven to win; with the
    /// searched endgame (to carry if the move is played) unless lost. `lost`: the moves found
    /// lost so far this turn, with their solutions after; a move that keeps the same solutions
    /// as one of them is lost without a search, and one found lost joins them.
    fn defend(
        &mut self,
        m: Move,
        deadline: Instant,
        lost: &mut Vec<(Move, usize)>,
    ) -> (Value, Option<Carried>) {
        let after = m.apply(&self.grid);
        let t = Instant::now();
        let (sols, complete) = self.analyzer.enumerate(&after, SAMPLE);
        self.enumerated += sols.len() as u64;
        self.enumerate_time += t.elapsed();
        if !complete {
            return (Value::Unknown, None);
        }
        if sols.len() == 1 {
            return (Value::Win, None);
        }
        if let Some(twin) = same_solutions(&sols, lost) {
            self.note(|| format!("  defend {m}: the solutions of {twin}, Loss"));
            return (Value::Loss, None);
        }
        let t = Instant::now();
        let (value, endgame) = self.solve_endgame(&sols, deadline, |e, all| {
            wins_widening(e, all, REFUTE_CAP, deadline)
        });
        self.note(|| {
            format!(
                "  defend {m}: {} solutions, {value:?} in {:.2} s",
                sols.len(),
                t.elapsed().as_secs_f64()
            )
        });
        if value == Value::Loss {
            lost.push((m, sols.len()));
        }
        (value, (value != Value::Loss).then_some(endgame))
    }

    /// Our value after the move that left the solutions `sols` (the opponent to move), by
    /// `search` (whether the side to move wins the whole set) until `deadline`, and that search
    /// with its whole solution set.
    fn solve_endgame(
        &mut self,
        sols: &[Grid],
        deadline: Instant,
        search: impl FnOnce(&mut Endgame, &[u32]) -> Option<bool>,
    ) -> (Value, Carried) {
        let t = Instant::now();
        let mut endgame = Endgame::new(SolutionSet::new(sols, &mut self.rng));
        endgame.set_deadline(Some(deadline));
        let subset = endgame.set().all();
        let value = Value::of_move(search(&mut endgame, &subset));
        self.endgame_nodes += endgame.nodes;
        self.endgame_time += t.elapsed();
        (value, Carried { endgame, subset })
    }

    /// A move's value for us when the solutions after it number below [`PROBE`]: they are
    /// enumerated and the endgame solved (to `deadline`); `Unknown` otherwise. The flag says
    /// whether they were few enough to count.
    fn probe(&mut self, m: Move, deadline: Instant) -> (Value, bool) {
        let after = m.apply(&self.grid);
        let n = self.analyzer.count(&after, PROBE);
        if n >= PROBE {
            return (Value::Unknown, false);
        }
        if n == 1 {
            return (Value::Win, true);
        }
        let (sols, complete) = self.analyzer.enumerate(&after, PROBE as usize);
        debug_assert!(complete);
        let full = |e: &mut Endgame, all: &[u32]| e.side_to_move_wins(all);
        (self.solve_endgame(&sols, deadline, full).0, true)
    }
}

/// The move of `moves` (each with how many solutions it keeps, of the same position) that keeps
/// exactly the solutions `sols`, if any. Two moves often keep the same solutions (each forces
/// the other's digit): as many, and every one of `sols` with the other's digit, it is the
/// same set.
fn same_solutions(sols: &[Grid], moves: &[(Move, usize)]) -> Option<Move> {
    moves
        .iter()
        .find(|&&(m, n)| {
            n == sols.len()
                && sols
                    .iter()
                    .all(|s| s.cells()[usize::from(m.cell)] == m.digit)
        })
        .map(|&(m, _)| m)
}

/// The time left that may be planned for, of a `time` clock with `used` spent: a [`RESERVE`]
/// share of the clock and 50 ms are never planned for (they cover what our own clock cannot see:
/// pipes, waiting for a CPU on a loaded machine), and a tenth of the rest covers the work after a
/// deadline (the claim check, the last probes).
pub fn plannable(time: Duration, used: Duration) -> Duration {
    let reserve = time / RESERVE + Duration::from_millis(50);
    let left = time.saturating_sub(used + reserve);
    left.saturating_sub(left / 10)
}

/// A middle-game move's share of the plannable time with `givens` digits on the grid. Games
/// end around 28-37 digits and late moves are cheap (small sets, warm table): the time is
/// spread over somewhat fewer than our likely remaining moves.
pub fn middle_share(plannable: Duration, givens: usize) -> Duration {
    let moves_left = (32usize.saturating_sub(givens) / 2).max(2) as u32;
    plannable / moves_left
}

/// Plannable time from which an endgame move is played as our last chance ([`endgame_plan`]):
/// the wins that our lost games held took 4-25 s to prove (median about 8 s, AMD Zen 5).
pub const LAST_SHOT: Duration = Duration::from_secs(12);

/// A middle-game move's time for panic mode ([`DEFENSE`]), of `plannable`: half from
/// [`LAST_SHOT`], else a third. A middle-game move that panic mode could not clear is usually
/// proven lost by the opponent within a second or two, so with a long clock the time is better
/// spent clearing it (AMD Zen 5, 30 s clocks, 160 games each: with a third, 13 of 38 losses came
/// from such moves, with 15-20 s of the clock left unused; with half, beside the exact recount
/// of the middle game's leading moves, 7 of 32).
pub fn defense_share(plannable: Duration) -> Duration {
    if plannable >= LAST_SHOT {
        plannable / 2
    } else {
        plannable / DEFENSE
    }
}

/// An endgame move's search for a win, on a set of `n` solutions: its share of the plannable
/// time, and the most solutions a move it searches may keep. The first side to prove a won position wins the game, and the move we play
/// unproven keeps over half the set, which `NineDigits` at 30 s clocks proves in most games when
/// it keeps 30,000-60,000: so with time enough to prove a hard position ([`LAST_SHOT`]) the move
/// is likely our last chance: three quarters go to it, every move searched. With less, as at 10 s
/// clocks (where the opponent also proves less and the game goes on), the time is spread over
/// the moves to come: half on a set up to 30,000 solutions, a third up to 60,000, a sixth above,
/// for the moves keeping at most [`OFFENSE_CAP`] (measured at 10 s: three quarters there, every
/// move searched, starved the later moves; 47-33 against 52-28).
pub fn endgame_plan(plannable: Duration, n: usize) -> (Duration, u32) {
    if plannable >= LAST_SHOT {
        return (plannable * 3 / 4, u32::MAX);
    }
    let share = match n {
        0..=30_000 => 2,
        30_001..=60_000 => 3,
        _ => 6,
    };
    (plannable / share, OFFENSE_CAP)
}

/// Our value of playing `m` on `subset` by a bounded look for a refutation ([`wins_widening`]
/// until `deadline`): `Loss` when a reply wins for the opponent, `Win` when none does and every
/// reply was searched, else `Unknown`.
pub fn refutation_value(
    endgame: &mut Endgame,
    subset: &[u32],
    m: Move,
    deadline: Instant,
) -> Value {
    endgame.move_value_by(subset, m, |e, child| {
        wins_widening(e, child, REFUTE_CAP, deadline)
    })
}

/// Whether the side to move on `subset` wins, by searches of its moves keeping at most `cap`
/// solutions ([`REFUTE_CAP`] in play), then twice that, and so on up to [`REFUTE_MAX`] while
/// `deadline` (also the endgame's own, set by the caller) has not passed: the cheap
/// refutations first, and the time left for the costly ones. `None` when neither is proven.
pub fn wins_widening(
    endgame: &mut Endgame,
    subset: &[u32],
    mut cap: u32,
    deadline: Instant,
) -> Option<bool> {
    loop {
        let v = endgame.wins_within(subset, cap);
        let done = cap as usize >= subset.len() || cap >= REFUTE_MAX;
        if v.is_some() || Instant::now() >= deadline || done {
            return v;
        }
        cap = cap.saturating_mul(2).min(REFUTE_MAX);
    }
}

/// Panic mode: the move to play, chosen (as `choose` does) from `scored` and checked with
/// `check` (its value for us, or `None` when there is no time to check) unless `checked` already
/// or of known value; a move found lost gives way to the next choice, until one is not lost, is already checked, or `check` says
/// no time. Each move is checked at most once; `scored` gets the values found.
pub fn defend_choice(
    scored: &mut [RootMove],
    mut checked: Vec<bool>,
    rng: &mut Rng,
    mut check: impl FnMut(Move) -> Option<Value>,
) -> Move {
    loop {
        let m = choose(scored, rng);
        let i = scored
            .iter()
            .position(|r| r.m == m)
            .expect("chosen from the list");
        if checked[i] || scored[i].value != Value::Unknown {
            return m;
        }
        let Some(value) = check(m) else {
            return m;
        };
        scored[i].value = value;
        checked[i] = true;
        if value != Value::Loss {
            return m;
        }
    }
}

/// A proven win if any; else, among moves not proven lost, one keeping the most solutions
/// (ties at random); else (all lost) the one keeping the most, to make the opponent work.
fn choose(moves: &[RootMove], rng: &mut Rng) -> Move {
    if let Some(w) = moves.iter().find(|r| r.value == Value::Win) {
        return w.m;
    }
    let open: Vec<&RootMove> = moves.iter().filter(|r| r.value == Value::Unknown).collect();
    let pool: Vec<&RootMove> = if open.is_empty() {
        moves.iter().collect()
    } else {
        open
    };
    let best = pool.iter().map(|r| r.count).max().expect("a legal move");
    let top: Vec<&&RootMove> = pool.iter().filter(|r| r.count == best).collect();
    top[rng.below(top.len())].m
}

/// How a game ended for the protocol loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The referee said `Quit`.
    Quit,
    /// Input ended.
    Eof,
}

/// Plays one game over the protocol: reads `Start` or the opponent's moves from `input`, writes
/// ours to `output` (flushed after each line), ends on `Quit` or end of input. An opponent's
/// move on a filled cell or of a repeated digit (the game is over under the rules) is not
/// played and not answered: a note on stderr says so.
pub fn play(
    strategy: Strategy,
    time: Duration,
    input: impl BufRead,
    output: impl Write,
) -> io::Result<End> {
    play_with(
        &PlayOptions {
            strategy,
            time,
            ..PlayOptions::default()
        },
        input,
        output,
    )
}

/// [`play`] with every setting.
pub fn play_with(
    opts: &PlayOptions,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<End> {
    let mut player = Player::new(opts.clone());
    let mut turns = 0u32;
    let mut bytes = Vec::new();
    loop {
        // Bytes, not `lines()`: a line that is not UTF-8 ended the game with an error (and
        // the moves after it unanswered); it is now unexpected input like any other.
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&bytes);
        let started = Instant::now();
        let text = line.trim();
        let opponent = match text {
            "" => continue,
            "Quit" => {
                if opts.verbose {
                    let _ = writeln!(
                        io::stderr(),
                        "used {:.3} s; enumerated {} solutions in {:.3} s; endgame {} nodes in {:.3} s",
                        player.used.as_secs_f64(),
                        player.enumerated,
                        player.enumerate_time.as_secs_f64(),
                        player.endgame_nodes,
                        player.endgame_time.as_secs_f64()
                    );
                }
                return Ok(End::Quit);
            }
            "Start" if turns == 0 => None,
            _ => {
                let Some(a) = Action::parse(text) else {
                    let _ = writeln!(io::stderr(), "ignoring unexpected input {text:?}");
                    continue;
                };
                // A move on a filled cell, or of a digit its row, column or box holds, ends the
                // game under the rules (the referee scores it 0-2 and sends no more moves):
                // played, it overwrote a digit or left a grid without solutions, and the
                // replies went on from there. It is not played and gets no reply, as input
                // that is no move.
                if let Some(why) = a.placed().and_then(|m| clash(&player.grid, m)) {
                    let why = match why {
                        Clash::Occupied => "its cell already holds a digit",
                        Clash::Repeated => "its row, column or box already holds the digit",
                    };
                    let _ = writeln!(
                        io::stderr(),
                        "ignoring illegal move {text:?}: {why} (under the rules the game is over, \
                         lost by its mover)"
                    );
                    continue;
                }
                Some(a)
            }
        };
        turns += 1;
        let reply = player.respond(opponent, started);
        writeln!(output, "{reply}")?;
        output.flush()?;
        player.charge(started.elapsed());
    }
    Ok(End::Eof)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::with_solutions;

    fn player(strategy: Strategy, seed: u64) -> Player {
        Player::new(PlayOptions {
            strategy,
            time: Duration::from_secs(30),
            seed: Some(seed),
            verbose: false,
        })
    }

    #[test]
    fn claims_exactly_when_unique() {
        // Two solutions: any legal move makes it unique, and the move carries the claim.
        for strategy in [Strategy::Full, Strategy::Random] {
            let mut p = player(strategy, 1);
            p.grid = with_solutions(2, 3);
            let a = p.respond(None, Instant::now());
            let Action::PlaceClaim(m) = a else {
                panic!("{a:?}")
            };
            let mut an = Analyzer::new();
            assert_eq!(an.count(&p.grid, 3), 1);
            assert_eq!(an.check_move(&with_solutions(2, 3), m), Ok(()));
            // A unique grid before our move: claim it.
            let mut q = player(strategy, 1);
            q.grid = with_solutions(1, 4);
            assert_eq!(q.respond(None, Instant::now()), Action::Claim);
        }
    }

    #[test]
    fn full_player_wins_won_endgames_and_never_claims_wrongly() {
        let mut an = Analyzer::new();
        for seed in 0..20 {
            let g = with_solutions(4 + seed % 30, seed + 7);
            let (sols, _) = an.enumerate(&g, 1000);
            let set = SolutionSet::new(&sols, &mut Rng::new(seed));
            let wins = Endgame::new(set.clone())
                .side_to_move_wins(&set.all())
                .unwrap();
            let mut p = player(Strategy::Full, seed);
            p.grid = g;
            let a = p.respond(None, Instant::now());
            let m = a.placed().unwrap();
            assert_eq!(an.check_move(&g, m), Ok(()));
            let after = m.apply(&g);
            let n = an.count(&after, 1000);
            assert_eq!(matches!(a, Action::PlaceClaim(_)), n == 1);
            if wins {
                // Our move leaves a lost position for the opponent (or a unique one).
                let (rest, _) = an.enumerate(&after, 1000);
                let child = SolutionSet::new(&rest, &mut Rng::new(1));
                let opp = Endgame::new(child.clone())
                    .side_to_move_wins(&child.all())
                    .unwrap();
                assert!(!opp, "seed {seed}: played {m} from a won position and lost");
            }
        }
    }

    #[test]
    fn moves_keeping_the_same_solutions_are_told() {
        let mut an = Analyzer::new();
        let mut twins = 0;
        for seed in 0..3 {
            let g = with_solutions(300 + seed * 200, seed + 300);
            let kept: Vec<(Move, Vec<Grid>)> = an
                .legal_moves(&g)
                .into_iter()
                .map(|m| {
                    let (mut sols, complete) = an.enumerate(&m.apply(&g), 100_000);
                    assert!(complete);
                    sols.sort_by(|a, b| a.cells().cmp(b.cells()));
                    (m, sols)
                })
                .collect();
            for (m, sols) in &kept {
                for (l, other) in &kept {
                    let found = same_solutions(sols, &[(*l, other.len())]);
                    assert_eq!(found.is_some(), sols == other, "seed {seed}: {m} and {l}");
                    twins += usize::from(l != m && sols == other);
                }
            }
        }
        assert!(
            twins > 0,
            "the positions hold moves that keep the same solutions"
        );
    }

    #[test]
    fn recount_ranks_the_leading_moves_by_exact_count() {
        let mut an = Analyzer::new();
        let far = Instant::now() + Duration::from_hours(1);
        let (mut changed, mut unchanged) = (0, 0);
        for seed in 0..3 {
            let g = with_solutions(600 + seed * 200, seed + 300);
            let moves = an.legal_moves(&g);
            let exact: Vec<u64> = moves
                .iter()
                .map(|m| an.count(&m.apply(&g), 4_000))
                .collect();
            let len = moves.len() as u32;
            // Sample counts (at most the number of moves) stay below the limit.
            for (limit, misleading) in [len + 1, 2 * len, 4 * len]
                .into_iter()
                .flat_map(|l| [(l, true), (l, false)])
            {
                // Sample counts that rank the moves in reverse of the exact ones (misleading),
                // or in the same order.
                let mut rank: Vec<usize> = (0..moves.len()).collect();
                rank.sort_by_key(|&i| exact[i]);
                if !misleading {
                    rank.reverse();
                }
                let mut scored: Vec<RootMove> = moves
                    .iter()
                    .map(|&m| RootMove {
                        m,
                        count: 0,
                        value: Value::Unknown,
                    })
                    .collect();
                for (k, &i) in rank.iter().enumerate() {
                    scored[i].count = (moves.len() - k) as u32;
                }
                let before = scored.clone();
                let mut p = player(Strategy::Full, seed);
                p.grid = g;
                let mut checked = vec![false; moves.len()];
                let counted = p.recount(&mut scored, &mut checked, limit, far);
                // Below SAMPLE, panic mode still searches what the best move leaves.
                assert!(checked.iter().all(|&c| !c));
                let top = rank[0]; // most by the sample
                if exact[top] >= u64::from(limit) {
                    // The best by the sample stays in the middle game: nothing changes.
                    assert_eq!(counted, 0);
                    assert_eq!(scored, before);
                    unchanged += 1;
                    continue;
                }
                assert_eq!(counted, RECOUNT.min(moves.len()));
                // The counted moves rank above the others, by their exact counts up to `limit`.
                let is_counted = |r: &RootMove| r.count > limit;
                assert_eq!(scored.iter().filter(|r| is_counted(r)).count(), counted);
                let best = choose(&scored, &mut Rng::new(seed));
                let i = moves.iter().position(|&m| m == best).unwrap();
                let counted_max = (0..moves.len())
                    .filter(|&i| is_counted(&scored[i]))
                    .map(|i| exact[i].min(u64::from(limit)))
                    .max()
                    .unwrap();
                assert!(is_counted(&scored[i]));
                assert_eq!(exact[i].min(u64::from(limit)), counted_max, "seed {seed}");
                changed += usize::from(exact[i] > exact[top]);
            }
        }
        assert!(changed > 0, "some recount found a move keeping more");
        assert!(
            unchanged > 0,
            "some best move by the sample kept at least the limit"
        );
    }

    #[test]
    fn time_plan_stays_within_the_clock() {
        for secs in [1u64, 3, 10, 30] {
            let time = Duration::from_secs(secs);
            let reserve = time / RESERVE + Duration::from_millis(50);
            for step in [1u64, 7, 40] {
                // A game where every move spends its whole share and then overruns its deadline
                // by the tenth held back: never past the clock less the reserve.
                let mut used = Duration::ZERO;
                for turn in 0..60usize {
                    let p = plannable(time, used);
                    let left = time.saturating_sub(used + reserve);
                    let share = match turn % 3 {
                        0 => middle_share(p, (turn * step as usize) % 82),
                        1 => {
                            // The defense gets its share of what the offense left.
                            let (offense, _) =
                                endgame_plan(p, [2, 30_000, 30_001, 60_001][turn % 4]);
                            offense + p.saturating_sub(offense) / ENDGAME_DEFENSE
                        }
                        _ => defense_share(p).max(middle_share(p, turn % 82)),
                    };
                    assert!(
                        share * 6 <= p * 5,
                        "{secs} s, used {used:?}: {share:?} of {p:?}"
                    );
                    used += share + left / 10;
                    assert!(used + reserve <= time, "{secs} s: used {used:?}");
                }
            }
        }
    }

    #[test]
    fn panic_mode_takes_half_only_with_a_long_clock() {
        let s = Duration::from_secs;
        assert_eq!(defense_share(s(24)), s(12));
        assert_eq!(defense_share(LAST_SHOT), LAST_SHOT / 2);
        let p = LAST_SHOT.saturating_sub(Duration::from_millis(3));
        assert_eq!(defense_share(p), p / DEFENSE);
    }

    #[test]
    fn endgame_plan_takes_the_last_shot_only_with_time_to_prove() {
        let s = Duration::from_secs;
        // With LAST_SHOT or more to plan for: three quarters, every move, whatever the set.
        for n in [2, 30_000, 60_001, 100_000] {
            assert_eq!(endgame_plan(s(24), n), (s(18), u32::MAX));
            assert_eq!(endgame_plan(LAST_SHOT, n), (LAST_SHOT * 3 / 4, u32::MAX));
        }
        // Below it, spread by the set's size, over the moves keeping few.
        let p = LAST_SHOT.saturating_sub(Duration::from_millis(1));
        assert_eq!(endgame_plan(p, 30_000), (p / 2, OFFENSE_CAP));
        assert_eq!(endgame_plan(p, 30_001), (p / 3, OFFENSE_CAP));
        assert_eq!(endgame_plan(p, 60_001), (p / 6, OFFENSE_CAP));
    }

    fn root(cell: usize, count: u32) -> RootMove {
        RootMove {
            m: Move::new(cell, 1),
            count,
            value: Value::Unknown,
        }
    }

    #[test]
    fn panic_mode_avoids_proven_losses() {
        let scored = [root(0, 10), root(1, 20), root(2, 30), root(3, 40)];
        // The three moves keeping most are lost: each is checked once, the fourth is played.
        let mut s = scored;
        let mut asked = Vec::new();
        let m = defend_choice(&mut s, vec![false; 4], &mut Rng::new(1), |m| {
            asked.push(m.cell);
            Some(if m.cell == 0 {
                Value::Unknown
            } else {
                Value::Loss
            })
        });
        assert_eq!((m.cell, asked), (0, vec![3, 2, 1, 0]));
        // All lost: still a move (the one keeping most), each checked once.
        let mut s = scored;
        let mut n = 0;
        let m = defend_choice(&mut s, vec![false; 4], &mut Rng::new(1), |_| {
            n += 1;
            Some(Value::Loss)
        });
        assert_eq!((m.cell, n), (3, 4));
        // A move proven won is played unchecked; a checked one too.
        let mut s = scored;
        s[1].value = Value::Win;
        let m = defend_choice(&mut s, vec![false; 4], &mut Rng::new(1), |_| unreachable!());
        assert_eq!(m.cell, 1);
        let mut s = scored;
        let m = defend_choice(
            &mut s,
            vec![false, false, false, true],
            &mut Rng::new(1),
            |_| unreachable!(),
        );
        assert_eq!(m.cell, 3);
        // A move found won by the check is played; no time: the first choice, unchecked.
        let mut s = scored;
        let m = defend_choice(&mut s, vec![false; 4], &mut Rng::new(1), |m| {
            Some(if m.cell == 2 { Value::Win } else { Value::Loss })
        });
        assert_eq!(m.cell, 2);
        let mut s = scored;
        let m = defend_choice(&mut s, vec![false; 4], &mut Rng::new(1), |_| None);
        assert_eq!((m.cell, s[3].value), (3, Value::Unknown));
    }

    #[test]
    fn defend_agrees_with_the_endgame_search_and_carries_it() {
        let mut an = Analyzer::new();
        let mut twins = 0;
        for seed in 0..5 {
            let g = with_solutions(12 + seed * 9, seed + 100);
            // The moves found lost on this grid, shared as in a turn: a move keeping the same
            // solutions as one of them is told lost without a search.
            let mut lost = Vec::new();
            for m in an.legal_moves(&g) {
                let mut p = player(Strategy::Full, seed);
                p.grid = g;
                let after = m.apply(&g);
                let (rest, _) = an.enumerate(&after, 1000);
                twins += usize::from(same_solutions(&rest, &lost).is_some());
                let far = Instant::now() + Duration::from_hours(1);
                let (value, carry) = p.defend(m, far, &mut lost);
                let expect = if rest.len() == 1 {
                    Value::Win
                } else {
                    let set = SolutionSet::new(&rest, &mut Rng::new(5));
                    match Endgame::new(set.clone()).side_to_move_wins(&set.all()) {
                        Some(true) => Value::Loss,
                        _ => Value::Win,
                    }
                };
                assert_eq!(value, expect, "seed {seed}, {m}");
                assert_eq!(carry.is_some(), value != Value::Loss && rest.len() > 1);
                // Played, the searched endgame is carried: the grid's solutions, all of them.
                if let Some(c) = carry {
                    p.pending = Some((m, c));
                    p.play_move(m);
                    let c = p.carried.as_ref().expect("carried");
                    assert_eq!(c.subset.len(), rest.len());
                    // And the opponent's reply is followed in it.
                    let reply = an.legal_moves(&after)[0];
                    p.play_move(reply);
                    let n = an.count(&reply.apply(&after), 1000);
                    assert_eq!(p.carried.as_ref().unwrap().subset.len() as u64, n);
                }
            }
        }
        assert!(
            twins > 0,
            "some move kept the solutions of one found lost before it"
        );
    }

    #[test]
    fn widening_and_refutation_agree_with_the_full_search() {
        let mut an = Analyzer::new();
        let far = Instant::now() + Duration::from_hours(1);
        for seed in 0..4 {
            let g = with_solutions(40 + seed * 30, seed + 200);
            let (sols, complete) = an.enumerate(&g, 1000);
            assert!(complete);
            let set = SolutionSet::new(&sols, &mut Rng::new(seed));
            let all = set.all();
            let expect = Endgame::new(set.clone()).side_to_move_wins(&all);
            let mut e = Endgame::new(set.clone());
            e.set_deadline(Some(far));
            // From a cap of 4 (several widenings) and from the cap used in play.
            for cap in [4, REFUTE_CAP] {
                let mut e = Endgame::new(set.clone());
                e.set_deadline(Some(far));
                assert_eq!(wins_widening(&mut e, &all, cap, far), expect, "seed {seed}");
            }
            // Each move's refutation value (warm table) is its exact value for the mover.
            for s in set.scan(&all) {
                let m = set.slot_move(s.slot);
                let child = set.keep(&all, s.slot);
                let exact = match child.len() {
                    1 => Value::Win,
                    _ => match Endgame::new(set.clone()).side_to_move_wins(&child) {
                        Some(true) => Value::Loss,
                        _ => Value::Win,
                    },
                };
                assert_eq!(
                    refutation_value(&mut e, &all, m, far),
                    exact,
                    "seed {seed}, {m}"
                );
            }
        }
    }

    /// Plays `input` through the protocol loop: how it ended, and each line written.
    fn protocol(strategy: Strategy, input: &[u8]) -> (End, Vec<String>) {
        let mut out = Vec::new();
        let end = play(strategy, Duration::from_secs(5), input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        (end, text.lines().map(str::to_string).collect())
    }

    #[test]
    fn protocol_loop() {
        let (end, lines) = protocol(Strategy::Random, b"\nStart\nQuit\n");
        assert_eq!(end, End::Quit);
        assert_eq!(lines.len(), 1);
        assert!(matches!(Action::parse(&lines[0]), Some(Action::Place(_))));
        // As second player: reply to a move, ignoring blank lines.
        let (_, lines) = protocol(Strategy::Full, b"Ee5\n\n");
        let reply = Action::parse(lines[0].trim()).unwrap();
        assert_ne!(reply.placed().unwrap().cell, 40);
        // Bytes that are not UTF-8 (the game ended there with an error), CRLF, spaces, a
        // move on an occupied cell: one reply per real move, and `Quit` is seen.
        let (end, lines) = protocol(
            Strategy::Random,
            b"\xff\xfe junk\r\nEe5 \r\n\r\nEe5\nQuit\r\n",
        );
        assert_eq!(end, End::Quit);
        assert_eq!(lines.len(), 1, "{lines:?}");
        let reply = Action::parse(&lines[0]).unwrap();
        assert_ne!(reply.placed().unwrap().cell, 40);
    }
}
