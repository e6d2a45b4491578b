//! Random solved grids, puzzles with a unique solution, and minimal puzzles.

use std::ops::ControlFlow;

use simdoku_core::scalar::Scalar;
use simdoku_core::{Engine, Grid, Search};

use crate::marks::{PEERS, Pencilmarks};
use crate::symmetry::Symmetry;
use simdoku_core::rng::Rng;

/// The symmetry a generated puzzle's givens keep: a clue is removed together with its images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ClueSymmetry {
    /// Any pattern of givens.
    #[default]
    None,
    /// Half-turn: cell (r, c) with (8-r, 8-c).
    Rot180,
    /// Quarter-turn: (r, c), (c, 8-r), (8-r, 8-c), (8-c, r).
    Rot90,
    /// Left-right mirror: (r, c) with (r, 8-c).
    Mirror,
    /// Main diagonal: (r, c) with (c, r).
    Diagonal,
}

impl ClueSymmetry {
    /// Every symmetry, in the order of their names.
    pub const ALL: [ClueSymmetry; 5] = [
        ClueSymmetry::None,
        ClueSymmetry::Rot180,
        ClueSymmetry::Rot90,
        ClueSymmetry::Mirror,
        ClueSymmetry::Diagonal,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ClueSymmetry::None => "none",
            ClueSymmetry::Rot180 => "rot180",
            ClueSymmetry::Rot90 => "rot90",
            ClueSymmetry::Mirror => "mirror",
            ClueSymmetry::Diagonal => "diagonal",
        }
    }

    /// The image of cell `i` under one step of the symmetry.
    fn step(self, i: usize) -> usize {
        let (r, c) = (i / 9, i % 9);
        match self {
            ClueSymmetry::None => i,
            ClueSymmetry::Rot180 => 80 - i,
            ClueSymmetry::Rot90 => 9 * c + (8 - r),
            ClueSymmetry::Mirror => 9 * r + (8 - c),
            ClueSymmetry::Diagonal => 9 * c + r,
        }
    }

    /// The cells, grouped into orbits (a set of cells the symmetry keeps together).
    pub fn orbits(self) -> Vec<Vec<u8>> {
        let mut seen = [false; 81];
        let mut out = Vec::new();
        for i in 0..81 {
            if seen[i] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                orbit.push(j as u8);
                j = self.step(j);
            }
            out.push(orbit);
        }
        out
    }
}

impl std::fmt::Display for ClueSymmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ClueSymmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<ClueSymmetry, String> {
        ClueSymmetry::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown symmetry {s:?} (none, rot180, rot90, mirror, diagonal)")
            })
    }
}

/// What [`generate`] makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Stop removing clues once at most this many remain (0: remove as many as possible).
    pub clues: usize,
    /// The symmetry the set of givens keeps.
    pub symmetry: ClueSymmetry,
    /// Make the puzzle minimal: after the symmetric pass (and past `clues`), remove every
    /// single clue whose removal keeps the solution unique (this may break the symmetry).
    pub minimal: bool,
}

/// A generated puzzle and its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle, with a unique solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
}

/// A random solved grid: the three diagonal boxes (which share no row or column) filled with
/// random permutations, completed by the portable scalar engine (the same grid on every CPU,
/// whatever engine `auto` picks elsewhere), then mapped by a random symmetry (so every
/// relabelling and arrangement is equally likely). Not uniform over all solved grids, but each
/// of the 9!^3 diagonal fillings leads to its own grid.
///
/// ```
/// use simdoku_tools::{Rng, random_solution};
/// let g = random_solution(&mut Rng::new(42));
/// assert!(simdoku_core::rules::check_complete(&g).is_ok());
/// assert_eq!(g, random_solution(&mut Rng::new(42)));
/// ```
pub fn random_solution(rng: &mut Rng) -> Grid {
    let mut g = Grid::EMPTY;
    for b in [0, 4, 8] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, &d) in digits.iter().enumerate() {
            g.set(27 * (b / 3) + 3 * (b % 3) + 9 * (k / 3) + k % 3, d);
        }
    }
    // Every filling of the diagonal boxes has a completion; the candidate search is the
    // fallback that keeps this function total should an engine ever disagree.
    let full = Scalar::new().solve(&g).0.unwrap_or_else(|| {
        Pencilmarks::FULL
            .solve_random(rng)
            .expect("the empty grid has solutions")
    });
    Symmetry::random(rng).apply(&full)
}

/// A puzzle with a unique solution, made from a random solved grid by removing clues (whole
/// orbits of the symmetry, in random order) while the solution stays unique; `engine` does
/// the uniqueness checks (count to 2). The same `rng` state gives the same puzzle.
///
/// Removing clues never makes a puzzle with several solutions unique again, so one pass over
/// the orbits leaves every remaining orbit needed: without `clues` the puzzle is minimal among
/// puzzles with the symmetry (and minimal outright with [`ClueSymmetry::None`]).
///
/// ```
/// use simdoku_tools::{ClueSymmetry, GenerateOptions, Rng, generate, is_minimal};
/// let mut engine = simdoku_dispatch::best(simdoku_dispatch::Work::Count).engine();
/// let options = GenerateOptions { minimal: true, ..GenerateOptions::default() };
/// let g = generate(engine.as_mut(), &options, &mut Rng::new(7));
/// assert_eq!(engine.count(&g.puzzle, 2).solutions, 1);
/// assert!(is_minimal(engine.as_mut(), &g.puzzle));
/// ```
pub fn generate(engine: &mut dyn Engine, options: &GenerateOptions, rng: &mut Rng) -> Generated {
    let solution = random_solution(rng);
    cut(engine, solution, options, rng)
}

/// A puzzle cut from a given solved grid, as [`generate`] cuts one from a random grid; `None`
/// when `solution` is not a complete grid that keeps the rules.
///
/// ```
/// use simdoku_tools::{GenerateOptions, Rng, generate_from};
/// let mut engine = simdoku_core::scalar::Scalar::new();
/// let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// let g = generate_from(&mut engine, &solved.parse().unwrap(), &GenerateOptions::default(),
///                       &mut Rng::new(3)).unwrap();
/// assert_eq!(g.solution.to_string(), solved);
/// assert_eq!(simdoku_core::Engine::count(&mut engine, &g.puzzle, 2).solutions, 1);
/// ```
pub fn generate_from(
    engine: &mut dyn Engine,
    solution: &Grid,
    options: &GenerateOptions,
    rng: &mut Rng,
) -> Option<Generated> {
    if !solution.is_full() || solution.conflict().is_some() {
        return None;
    }
    Some(cut(engine, *solution, options, rng))
}

fn cut(
    engine: &mut dyn Engine,
    solution: Grid,
    options: &GenerateOptions,
    rng: &mut Rng,
) -> Generated {
    let mut puzzle = solution;
    let mut orbits = options.symmetry.orbits();
    rng.shuffle(&mut orbits);
    let stop = if options.minimal { 0 } else { options.clues };
    let mut givens = 81;
    for orbit in &orbits {
        if givens <= stop {
            break;
        }
        let mut trial = puzzle;
        for &c in orbit {
            trial.set(c as usize, 0);
        }
        if stays_unique(engine, &trial, &solution, orbit) {
            puzzle = trial;
            givens -= orbit.len();
        }
    }
    if options.minimal && options.symmetry != ClueSymmetry::None {
        let mut cells: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
        rng.shuffle(&mut cells);
        puzzle = remove_needless(engine, puzzle, &solution, &cells);
    }
    Generated { puzzle, solution }
}

/// True when `trial`, a puzzle whose only solution was `solution` before the `removed` cells
/// were emptied, still has no other solution.
///
/// Another solution would differ from `solution` in a removed cell (elsewhere it would solve
/// the puzzle before the removal), so it is enough to look for a solution with a removed cell
/// set to another digit that its peers allow: often there is none, and each try is a
/// first-solution search on a puzzle with one more clue. Measured faster than a count to 2
/// both when generating (removals mostly succeed) and when minimizing 17-clue puzzles (they
/// mostly fail).
fn stays_unique(engine: &mut dyn Engine, trial: &Grid, solution: &Grid, removed: &[u8]) -> bool {
    for &c in removed {
        let c = c as usize;
        let taken = PEERS[c]
            .iter()
            .fold(0u16, |m, &p| m | 1 << trial.get(p as usize));
        let mut others = !taken & 0b11_1111_1110 & !(1 << solution.get(c));
        let mut g = *trial;
        while others != 0 {
            g.set(c, others.trailing_zeros() as u8);
            others &= others - 1;
            if engine.count(&g, 1).solutions > 0 {
                return false;
            }
        }
    }
    true
}

/// Removes each of `cells` in turn when the solution stays unique without it.
fn remove_needless(
    engine: &mut dyn Engine,
    mut puzzle: Grid,
    solution: &Grid,
    cells: &[usize],
) -> Grid {
    for &c in cells {
        let v = puzzle.get(c);
        puzzle.set(c, 0);
        if !stays_unique(engine, &puzzle, solution, &[c as u8]) {
            puzzle.set(c, v);
        }
    }
    puzzle
}

/// Why a puzzle cannot be minimized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotUnique {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    Multiple,
}

impl std::fmt::Display for NotUnique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotUnique::NoSolution => "no solution",
            NotUnique::Multiple => "more than one solution",
        })
    }
}

impl std::error::Error for NotUnique {}

/// A minimal form of a puzzle with a unique solution: its clues, less every clue (tried in
/// cell order) whose removal keeps the solution unique. Each remaining clue is needed.
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::{is_minimal, minimize};
/// let mut engine = simdoku_dispatch::best(simdoku_dispatch::Work::Count).engine();
/// let full: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse().unwrap();
/// let m = minimize(engine.as_mut(), &full).unwrap();
/// assert!(m.givens() < 40);
/// assert!(is_minimal(engine.as_mut(), &m));
/// ```
pub fn minimize(engine: &mut dyn Engine, puzzle: &Grid) -> Result<Grid, NotUnique> {
    match solve_unique(engine, puzzle).solution {
        Solution::Unique(solution) => {
            let cells: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
            Ok(remove_needless(engine, *puzzle, &solution, &cells))
        }
        Solution::None => Err(NotUnique::NoSolution),
        Solution::Multiple => Err(NotUnique::Multiple),
    }
}

/// The answer to "solve only if unique": none, the one solution, or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Solution {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// More than one solution.
    Multiple,
}

impl Solution {
    /// The solution when it is unique.
    pub fn unique(self) -> Option<Grid> {
        match self {
            Solution::Unique(g) => Some(g),
            _ => None,
        }
    }
}

/// `none`, the solution's 81-character line, or `multiple`.
impl std::fmt::Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Solution::None => f.write_str("none"),
            Solution::Unique(g) => g.fmt(f),
            Solution::Multiple => f.write_str("multiple"),
        }
    }
}

/// What [`solve_unique`] found: the answer, the first solution found (also when there are
/// several), and the search (`solutions`: 0, 1 or 2; the guesses it took).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uniqueness {
    /// None, unique, or several.
    pub solution: Solution,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// The search for up to two solutions.
    pub search: Search,
}

/// Solve only if unique: visits up to two solutions of `puzzle` with `engine`. The one
/// uniqueness search of the workspace (the facade, the CLI, Python and [`minimize`] call it).
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::generate::{Solution, solve_unique};
/// let mut engine = simdoku_dispatch::best(simdoku_dispatch::Work::Count).engine();
/// assert_eq!(solve_unique(engine.as_mut(), &Grid::EMPTY).solution, Solution::Multiple);
/// ```
pub fn solve_unique(engine: &mut dyn Engine, puzzle: &Grid) -> Uniqueness {
    solve_unique_by(|visitor| engine.visit(puzzle, visitor))
}

/// [`solve_unique`] over any search that visits solutions (a pencilmark puzzle's own search,
/// for one): `visit` calls the visitor with each solution until it breaks.
pub fn solve_unique_by(
    visit: impl FnOnce(&mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search,
) -> Uniqueness {
    let mut first = None;
    let search = visit(&mut |s| {
        if first.is_some() {
            return ControlFlow::Break(());
        }
        first = Some(*s);
        ControlFlow::Continue(())
    });
    let solution = match (search.solutions, first) {
        (1, Some(s)) => Solution::Unique(s),
        (0, _) | (_, None) => Solution::None,
        _ => Solution::Multiple,
    };
    Uniqueness {
        solution,
        first,
        search,
    }
}

/// True when `puzzle` has a unique solution and loses it without any one of its clues.
pub fn is_minimal(engine: &mut dyn Engine, puzzle: &Grid) -> bool {
    if engine.count(puzzle, 2).solutions != 1 {
        return false;
    }
    (0..81).filter(|&c| puzzle.get(c) != 0).all(|c| {
        let mut g = *puzzle;
        g.set(c, 0);
        engine.count(&g, 2).solutions > 1
    })
}
