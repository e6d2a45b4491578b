//! The `CodeCup` 2024 Sudoku game: a player and a referee.
//!
//! Two players alternately place a digit on an initially empty grid; a move must leave the grid
//! solvable and must cut the number of solutions (a cell whose digit is forced cannot be played).
//! The first to claim, correctly, that the solution is unique wins.
//!
//! * [`moves`]: moves and their text forms (`Dg7`, `Hd7!`, `!`);
//! * [`analysis`]: what the solver proves: counts, each cell's possible digits, legal moves;
//! * [`endgame`]: exact play over the set of all remaining solutions (XOR-hashed subsets);
//! * [`player`]: the strategies and the stdin/stdout protocol loop ([`play`]);
//! * [`referee`](mod@referee): runs two players (programs or in-process), enforces rules and clocks, scores.
//!
//! A match of two games between two seeded random players, in process:
//!
//! ```
//! use std::time::Duration;
//! use simdoku_game::{PlayOptions, PlayerSpec, RefereeOptions, Strategy, referee};
//! let random = |seed| {
//!     PlayerSpec::builtin(PlayOptions {
//!         strategy: Strategy::Random,
//!         seed: Some(seed),
//!         ..PlayOptions::default()
//!     })
//! };
//! let opts = RefereeOptions {
//!     time: Duration::from_secs(10),
//!     ..RefereeOptions::new(random(1), random(2))
//! };
//! let report = referee(&opts);
//! assert_eq!(report.wins(0) + report.wins(1), 2);
//! for game in &report.games {
//!     assert_eq!(game.points[game.winner], 2); // the loser gets 1 or 0 by how it lost
//! }
//! ```
//!
//! The player alone, as a contest's referee runs it (`Start` when it moves first, then the
//! opponent's moves, `Quit` at the end):
//!
//! ```
//! use std::time::Duration;
//! use simdoku_game::{Action, Strategy, play};
//! let mut out = Vec::new();
//! play(Strategy::Full, Duration::from_secs(30), "Start\nQuit\n".as_bytes(), &mut out).unwrap();
//! let first = String::from_utf8(out).unwrap();
//! assert!(Action::parse(first.trim()).and_then(Action::placed).is_some()); // e.g. `Dg7`
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod endgame;
pub mod moves;
pub mod player;
pub mod referee;

pub use moves::{Action, Move};
pub use player::{PlayOptions, Strategy, play, play_with};
pub use referee::{Outcome, PlayerSpec, Reason, RefereeOptions, Report, referee};

#[cfg(test)]
pub(crate) mod fixtures {
    use simdoku_core::Grid;

    use crate::analysis::Analyzer;
    use simdoku_core::rng::Rng;

    /// A solved grid.
    pub const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// A puzzle with exactly `n` solutions, made from [`SOLUTION`] by emptying cells in a
    /// seeded random order (a cell whose removal overshoots `n` stays filled).
    pub fn with_solutions(n: u64, seed: u64) -> Grid {
        let mut a = Analyzer::new();
        for attempt in 0.. {
            let mut rng = Rng::new(seed * 1000 + attempt);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            let mut g = Grid::parse(SOLUTION).unwrap();
            for c in order {
                let d = g.get(c);
                g.set(c, 0);
                match a.count(&g, n + 1) {
                    k if k == n => return g,
                    k if k > n => g.set(c, d),
                    _ => {}
                }
            }
        }
        unreachable!()
    }
}
