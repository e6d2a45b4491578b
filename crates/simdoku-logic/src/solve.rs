//! The solver: the next step in Explainer's order, a whole explanation, the rating.
use std::fmt;

use simdoku_core::Engine;
use simdoku_core::scalar::Scalar;

use crate::board::Board;
use crate::step::{Step, Technique, tenths};
use crate::{aligned, bug, chains, forcing, links4, strong, tech, unique, wings};

/// The next step a person would take: the first technique, in Explainer's order, that applies
/// (`None` when the board is solved or no implemented technique applies; the nested forcing
/// chains apply only on a board with one solution). It does not check that the board has a
/// solution, or one only: on one with none its steps lead nowhere, and on one with several it
/// may take a unique rectangle or a BUG, which assume one; [`hint`] checks first.
pub fn next_step(b: &Board) -> Option<Step> {
    tech::hidden_single(b)
        .or_else(|| tech::locking(b, true))
        .or_else(|| tech::hidden_set(b, 2, true))
        .or_else(|| tech::naked_single(b))
        .or_else(|| tech::hidden_set(b, 3, true))
        .or_else(|| tech::locking(b, false))
        .or_else(|| tech::naked_set(b, 2))
        .or_else(|| tech::fish(b, 2))
        .or_else(|| tech::hidden_set(b, 2, false))
        .or_else(|| tech::naked_set(b, 3))
        .or_else(|| tech::fish(b, 3))
        .or_else(|| tech::hidden_set(b, 3, false))
        .or_else(|| strong::two_strong_links(b))
        .or_else(|| tech::xy_wing(b, false))
        .or_else(|| tech::xy_wing(b, true))
        .or_else(|| unique::unique_loops(b))
        .or_else(|| tech::naked_set(b, 4))
        .or_else(|| tech::fish(b, 4))
        .or_else(|| tech::hidden_set(b, 4, false))
        .or_else(|| strong::three_strong_links(b))
        .or_else(|| wings::wxyz_wing(b))
        .or_else(|| bug::bug(b))
        // After the BUG, Explainer's rules before its chains.
        .or_else(|| links4::four_strong_links(b))
        .or_else(|| wings::vwxyz_wing(b))
        .or_else(|| aligned::aligned_pair_exclusion(b))
        .or_else(|| wings::uvwxyz_wing(b))
        // Chains and the rules among them, in Explainer's order.
        .or_else(|| chains::forcing_chains_and_cycles(b))
        .or_else(|| wings::tuvwxyz_wing(b))
        .or_else(|| aligned::aligned_triplet_exclusion(b))
        .or_else(|| forcing::nishio(b))
        .or_else(|| forcing::multiple(b))
        .or_else(|| forcing::dynamic(b))
        .or_else(|| forcing::dynamic_plus(b))
        .or_else(|| nested_step(b))
}

/// Explainer's nested forcing chains: level 2 (cycles and forcing chains inside), level 3
/// (multiple forcing chains inside), level 4 (dynamic forcing chains inside, their own level 0
/// to 3 in turn). Tried only on a board whose candidates leave one solution: on one with
/// several they could search for hours, and what they find there means nothing.
fn nested_step(b: &Board) -> Option<Step> {
    if count(&mut b.clone(), 2) != 1 {
        return None;
    }
    forcing::nested(b, 2, 0)
        .or_else(|| forcing::nested(b, 3, 0))
        .or_else(|| forcing::nested(b, 4, 0))
        .or_else(|| forcing::nested(b, 4, 1))
        .or_else(|| forcing::nested(b, 4, 2))
        .or_else(|| forcing::nested(b, 4, 3))
}

/// What [`hidden_single`] finds in the houses.
enum HiddenSingle {
    /// A digit with one place left in a house: that cell and digit.
    Place(usize, u8),
    /// A digit with no place left in a house where it is not placed: no solution.
    Dead,
    /// Neither.
    None,
}

/// The first house (boxes, rows, columns) with a digit down to one place, or to none.
fn hidden_single(b: &Board) -> HiddenSingle {
    for kind in 0..3 {
        for i in 0..9 {
            let house = crate::board::House::of_kind(kind, i);
            let cells = house.cells();
            let mut placed = 0u16;
            for &c in cells {
                let v = b.value(c as usize);
                if v != 0 {
                    placed |= 1 << (v - 1);
                }
            }
            for d in 1..=9u8 {
                if placed & (1 << (d - 1)) != 0 {
                    continue;
                }
                let p = b.positions(house, d);
                if p == 0 {
                    return HiddenSingle::Dead;
                }
                if p.is_power_of_two() {
                    return HiddenSingle::Place(cells[p.trailing_zeros() as usize] as usize, d);
                }
            }
        }
    }
    HiddenSingle::None
}

/// How many solutions the board's candidates leave, counting up to `limit`: depth first on the
/// cell with the fewest candidates, naked and hidden singles placed on the way.
fn count(b: &mut Board, limit: u32) -> u32 {
    loop {
        let mut best = None;
        let mut fewest = 10;
        for c in 0..81 {
            if b.value(c) != 0 {
                continue;
            }
            let n = b.candidates(c).count_ones();
            if n == 0 {
                return 0;
            }
            if n < fewest {
                fewest = n;
                best = Some(c);
            }
        }
        // Each value was a candidate, and placing it removed it from its peers: a full board
        // is a solution.
        let Some(c) = best else { return 1 };
        let m = b.candidates(c);
        if fewest == 1 {
            b.place(c, m.trailing_zeros() as u8 + 1);
            continue;
        }
        match hidden_single(b) {
            HiddenSingle::Dead => return 0,
            HiddenSingle::Place(c, d) => {
                b.place(c, d);
                continue;
            }
            HiddenSingle::None => {}
        }
        let mut total = 0;
        for d in crate::board::digits(m) {
            let mut x = b.clone();
            x.place(c, d);
            total += count(&mut x, limit - total);
            if total >= limit {
                break;
            }
        }
        return total;
    }
}

/// How many solutions a board's candidates leave, counted to two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Solutions {
    /// None: the givens (or candidates) contradict each other.
    None,
    /// Exactly one.
    Unique,
    /// Two or more.
    Multiple,
}

/// Counts the solutions the board's candidates leave, to two. A board whose candidates are
/// those its values leave (a puzzle's, [`Board::from_grid`]) goes to core's `scalar` engine
/// (microseconds even on the hardest puzzles); any other (a pencilmark line's, or one with
/// candidates removed) to a small search on the candidates themselves.
///
/// ```
/// use simdoku_logic::{Board, Solutions, count_solutions};
/// let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// assert_eq!(count_solutions(&Board::parse(p).unwrap()), Solutions::Unique);
/// assert_eq!(count_solutions(&Board::parse(&".".repeat(81)).unwrap()), Solutions::Multiple);
/// let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)); // r1c9 needs r2c9's 9
/// assert_eq!(count_solutions(&Board::parse(&none).unwrap()), Solutions::None);
/// ```
pub fn count_solutions(b: &Board) -> Solutions {
    let grid = b.grid();
    let n = if grid.conflict().is_some() {
        0
    } else if *b == Board::from_grid(&grid) {
        Scalar::new().count(&grid, 2).solutions
    } else {
        u64::from(count(&mut b.clone(), 2))
    };
    match n {
        0 => Solutions::None,
        1 => Solutions::Unique,
        _ => Solutions::Multiple,
    }
}

/// What [`hint`] says about a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next step a person would take ([`next_step`]).
    Step(Step),
    /// Every cell holds a value already.
    Solved,
    /// The board has one solution, but no implemented technique applies.
    Stuck,
    /// The board has no solution: no step is given, since every step would lead nowhere.
    NoSolution,
    /// The board has several solutions: no step is given, since logic alone cannot finish it
    /// (and unique rectangles and the BUG, which assume one solution, would mislead).
    Multiple,
}

/// The next step a person would take, once the board is known to have exactly one solution
/// ([`count_solutions`], a fast count to two first): [`Hint::NoSolution`] or
/// [`Hint::Multiple`] instead of a step on a board that has none or several.
///
/// ```
/// use simdoku_logic::{Board, Hint, hint};
/// let b = Board::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// ).unwrap();
/// let Hint::Step(s) = hint(&b) else { panic!() };
/// assert_eq!(s.to_string(), "r6c2=4 hidden single in box 4");
/// // The same with the last given gone: several solutions, no step.
/// let several = Board::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
/// ).unwrap();
/// assert_eq!(hint(&several), Hint::Multiple);
/// ```
pub fn hint(b: &Board) -> Hint {
    match count_solutions(b) {
        Solutions::None => Hint::NoSolution,
        Solutions::Multiple => Hint::Multiple,
        Solutions::Unique if b.is_solved() => Hint::Solved,
        Solutions::Unique => next_step(b).map_or(Hint::Stuck, Hint::Step),
    }
}

/// The steps from a board to its solution, or as far as the techniques go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Every step, in order (none when the board has no solution or several).
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub end: Board,
    /// How many solutions the board has, counted to two before any step: the steps are taken
    /// only on a board with one ([`Solutions::Unique`]).
    pub solutions: Solutions,
}

impl Explanation {
    /// Whether the steps solve the board: it has one solution, every cell is filled and no
    /// digit is twice in a house (a board from a full grid whose givens contradict each other is
    /// filled but not solved).
    pub fn solved(&self) -> bool {
        self.solutions == Solutions::Unique
            && self.end.is_solved()
            && self.end.grid().conflict().is_none()
    }

    /// The rating of the steps when they solve the board ([`rate`]'s answer), else why not.
    pub fn rating(&self) -> Result<Rating, Unrated> {
        match self.solutions {
            Solutions::None => Err(Unrated::NoSolution),
            Solutions::Multiple => Err(Unrated::Multiple),
            Solutions::Unique if self.solved() => Ok(rating_of(&self.steps)),
            Solutions::Unique => Err(Unrated::Beyond),
        }
    }
}

/// Why a board gets no Sudoku Explainer rating ([`rate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unrated {
    /// The givens (or candidates) contradict each other: no solution.
    NoSolution,
    /// Two or more solutions: Explainer rates only puzzles with one.
    Multiple,
    /// One solution, but the techniques stop short of it. Explainer's default rules are all
    /// implemented, so this is a board that Explainer would not finish either.
    Beyond,
}

impl std::fmt::Display for Unrated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unrated::NoSolution => "no solution",
            Unrated::Multiple => "more than one solution",
            Unrated::Beyond => "beyond the techniques",
        })
    }
}

impl std::error::Error for Unrated {}

/// Applies [`next_step`] until the board is solved or no technique applies, on a board with
/// one solution: the solutions are counted to two first ([`count_solutions`], fast), and a
/// board with none or several gets no steps ([`Explanation::solutions`] says which), where
/// the steps would lead nowhere or "solve" it through unique rectangles and the BUG, which
/// assume one solution.
pub fn explain(board: &Board) -> Explanation {
    let solutions = count_solutions(board);
    let mut b = board.clone();
    let mut steps = Vec::new();
    if solutions == Solutions::Unique {
        while !b.is_solved() {
            let Some(s) = next_step(&b) else { break };
            s.apply(&mut b);
            steps.push(s);
        }
    }
    Explanation {
        steps,
        end: b,
        solutions,
    }
}

/// Sudoku Explainer's three ratings, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// ER: the hardest step of the solving path.
    pub er: u8,
    /// EP ("pearl"): the hardest step up to and including the first that places a value.
    pub ep: u8,
    /// ED ("diamond"): the first step's difficulty.
    pub ed: u8,
}

impl fmt::Display for Rating {
    /// `ER/EP/ED` as `serate` prints them: `2.6/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}",
            tenths(self.er),
            tenths(self.ep),
            tenths(self.ed)
        )
    }
}

/// The ratings of a path of steps (the ER/EP/ED definitions of Explainer's `serate`).
pub fn rating_of(steps: &[Step]) -> Rating {
    let mut r = Rating {
        er: 0,
        ep: 0,
        ed: 0,
    };
    let mut placed = false;
    for (i, s) in steps.iter().enumerate() {
        r.er = r.er.max(s.difficulty);
        if i == 0 {
            r.ed = r.er;
        }
        if !placed && !s.placements.is_empty() {
            placed = true;
            r.ep = r.er;
        }
    }
    r
}

/// The board's Sudoku Explainer rating, when this crate's techniques solve it: they are
/// Explainer's default rules in its order, its nested forcing chains included, so the path is
/// Explainer's. Never a guess. An error says why there is none: no solution or several
/// ([`explain`] counts first, and takes no step then), or a step beyond the techniques.
///
/// ```
/// use simdoku_logic::{Board, Unrated, rate};
/// let one = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// assert_eq!(rate(&Board::parse(one).unwrap()).unwrap().to_string(), "2.6/1.2/1.2");
/// let two = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";
/// assert_eq!(rate(&Board::parse(two).unwrap()), Err(Unrated::Multiple));
/// let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)); // r1c9 must be a 9
/// assert_eq!(rate(&Board::parse(&none).unwrap()), Err(Unrated::NoSolution));
/// ```
pub fn rate(board: &Board) -> Result<Rating, Unrated> {
    explain(board).rating()
}

/// The hardest technique of a path, if any.
pub fn hardest(steps: &[Step]) -> Option<Technique> {
    steps
        .iter()
        .max_by_key(|s| s.difficulty)
        .map(|s| s.technique)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_grid_with_contradictory_givens_is_not_solved() {
        let solved =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let good = Board::parse(solved).unwrap();
        assert!(explain(&good).solved());
        // r1c1 made a 1, which r1c2 holds: full, no step to take, and no solution. It was
        // "solved" with the rating 0.0/0.0/0.0, where `rate` promises `None` without a solution.
        let mut cells = *good.grid().cells();
        cells[0] = 1;
        let bad = Board::from_grid(&simdoku_core::Grid::from_cells(cells).unwrap());
        assert!(!explain(&bad).solved());
        assert_eq!(rate(&bad), Err(Unrated::NoSolution));
    }

    #[test]
    fn counts_solutions_up_to_a_limit() {
        let open = Board::from_pencilmarks(&"123456789".repeat(81)).unwrap();
        assert_eq!(count(&mut open.clone(), 2), 2);
        let b = Board::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        assert_eq!(count(&mut b.clone(), 2), 1);
        // The same with one given gone: several solutions.
        let b = Board::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
        )
        .unwrap();
        assert_eq!(count(&mut b.clone(), 2), 2);
    }

    /// Puzzles with two solutions that the steps "solved" through a unique rectangle (4.5) or a
    /// BUG (5.6), which assume one solution: they were rated 7.2 and 5.6, where `rate` promises
    /// `None` for a board with several solutions (`rate --se` printed a rating, not `multiple`).
    /// `explain` and `hint` now count first and give no step on them.
    #[test]
    fn several_solutions_get_no_steps_and_no_rating() {
        for p in [
            "4...291..51..3.47..871....3..8....9..5......4.69.........346..5...9..7.6.........",
            "...5....353.....218....6...2.9....7.....851.....9.1...92.....6....1.3..4........7",
        ] {
            let b = Board::parse(p).unwrap();
            assert_eq!(count(&mut b.clone(), 2), 2, "{p}");
            // The raw steps still reach a full board through a uniqueness step.
            let mut raw = b.clone();
            let mut uniqueness = false;
            while let Some(s) = next_step(&raw) {
                uniqueness |= s.technique.assumes_one_solution();
                s.apply(&mut raw);
            }
            assert!(raw.is_solved() && uniqueness, "{p}");
            let e = explain(&b);
            assert_eq!(e.solutions, Solutions::Multiple, "{p}");
            assert!(e.steps.is_empty() && !e.solved() && e.end == b, "{p}");
            assert_eq!(hint(&b), Hint::Multiple, "{p}");
            assert_eq!(rate(&b), Err(Unrated::Multiple), "{p}");
            // As a pencilmark line: the candidates' own count, the same answer.
            let marks = Board::from_pencilmarks(&b.pencilmarks()).unwrap();
            assert_eq!(count_solutions(&marks), Solutions::Multiple, "{p}");
            assert_eq!(hint(&marks), Hint::Multiple, "{p}");
        }
        // One solution, a unique rectangle on the path: still rated.
        let b = Board::parse(
            "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...",
        )
        .unwrap();
        let e = explain(&b);
        assert!(
            e.steps
                .iter()
                .any(|s| s.technique == Technique::UniqueLoopType3)
        );
        assert_eq!(rate(&b).map(|r| r.er), Ok(45));
    }

    /// A puzzle with no solution got an ordinary step from the hint (and `explain` steps
    /// that led nowhere): now no step, and the status says why.
    #[test]
    fn no_solution_gets_no_steps() {
        // r1c9 needs the 9 that r2c9 holds; a hidden single elsewhere still applies.
        let p = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        let b = Board::parse(&p).unwrap();
        assert!(next_step(&b).is_some());
        assert_eq!(count_solutions(&b), Solutions::None);
        assert_eq!(hint(&b), Hint::NoSolution);
        let e = explain(&b);
        assert_eq!(e.solutions, Solutions::None);
        assert!(e.steps.is_empty() && !e.solved());
        // A pencilmark line with a cell that has no candidate left.
        let mut marks = "123456789".repeat(81);
        marks.replace_range(0..9, ".........");
        let b = Board::from_pencilmarks(&marks).unwrap();
        assert_eq!(count_solutions(&b), Solutions::None);
        assert_eq!(hint(&b), Hint::NoSolution);
        // Full grids: a solution is solved, one with a digit twice has none.
        let solved =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        assert_eq!(hint(&Board::parse(solved).unwrap()), Hint::Solved);
        let mut cells = *simdoku_core::Grid::parse(solved).unwrap().cells();
        cells[0] = 1;
        let twice = Board::from_grid(&simdoku_core::Grid::from_cells(cells).unwrap());
        assert_eq!(hint(&twice), Hint::NoSolution);
    }

    /// On puzzles with one solution, `hint` is `next_step` and `explain` the steps it always
    /// took (the outputs of `explain`, `hint` and `rate --se` must not change).
    #[test]
    fn one_solution_keeps_its_steps() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let b = Board::parse(p).unwrap();
        assert_eq!(count_solutions(&b), Solutions::Unique);
        assert_eq!(hint(&b), Hint::Step(next_step(&b).unwrap()));
        let e = explain(&b);
        assert_eq!(e.solutions, Solutions::Unique);
        let mut raw = b.clone();
        for s in &e.steps {
            assert_eq!(next_step(&raw).as_ref(), Some(s));
            s.apply(&mut raw);
        }
        assert!(e.solved() && raw == e.end);
        // Its pencilmark line, and the board after a step (candidates removed): the
        // candidates' own count.
        let marks = Board::from_pencilmarks(&b.pencilmarks()).unwrap();
        assert_eq!(count_solutions(&marks), Solutions::Unique);
        let mut later = b.clone();
        e.steps[..5].iter().for_each(|s| s.apply(&mut later));
        assert_eq!(count_solutions(&later), Solutions::Unique);
    }

    /// The two ways of counting agree: the engine on a puzzle's board, the candidates' own
    /// search on its pencilmark line, on puzzles with none, one and several solutions.
    #[test]
    fn both_counts_agree() {
        let solved = simdoku_core::Grid::parse(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        )
        .unwrap();
        let mut rng = simdoku_core::rng::Rng::new(5);
        let mut seen = [0; 3];
        for _ in 0..300 {
            let mut cells = *solved.cells();
            for c in rng.permutation(81).into_iter().take(40 + rng.below(20)) {
                cells[c] = 0;
            }
            if rng.below(3) == 0 {
                // A wrong given where no peer has that digit: usually no solution.
                let c = (0..81).find(|&c| cells[c] == 0).unwrap();
                let d = (1..=9).find(|&d| {
                    d != solved.get(c)
                        && (0..81)
                            .all(|p| simdoku_core::tables::PEERS[c] >> p & 1 == 0 || cells[p] != d)
                });
                cells[c] = d.unwrap_or(0);
            }
            let g = simdoku_core::Grid::from_cells(cells).unwrap();
            let b = Board::from_grid(&g);
            let want = count_solutions(&b);
            let marks = Board::from_pencilmarks(&b.pencilmarks()).unwrap();
            assert_eq!(count_solutions(&marks), want, "{g}");
            assert_eq!(count(&mut b.clone(), 2) as usize, want as usize, "{g}");
            seen[want as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
    }
}
