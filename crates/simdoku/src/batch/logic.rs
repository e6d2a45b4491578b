//! Human-style solving over batches: each line's board ([`board_of`]: a puzzle or a pencilmark
//! line), its explanation, next step or Sudoku Explainer rating, on the one pipeline (chunks on
//! all cores, input order kept, a panic caught per item). The logic needs no engine.

use simdoku_core::Grid;
use simdoku_dispatch::pipeline::{Panicked, map_chunk};
use simdoku_logic::{Board, Explanation, Hint, Rating, Unrated, explain, hint, rate};

use super::{BatchError, Entry, classify_text};

/// The board of an entry: a puzzle's givens with every candidate they leave, or a pencilmark
/// line's candidates (read as Sudoku Explainer reads one: a cell left with one candidate that
/// none of its peers has is a given).
///
/// ```
/// use simdoku::batch::{board_of, classify_text};
/// let p = "4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........";
/// let b = board_of(&classify_text(p.as_bytes())).unwrap();
/// let marks = board_of(&classify_text(b.pencilmarks().as_bytes())).unwrap();
/// assert_eq!(marks, b);
/// assert!(board_of(&classify_text(b"1234")).is_err());
/// ```
pub fn board_of(entry: &Entry) -> Result<Board, BatchError> {
    match entry {
        Entry::Puzzle(g) => Ok(Board::from_grid(g)),
        Entry::Pencilmarks(m) => {
            Board::from_pencilmarks(&m.to_string()).map_err(|e| BatchError::Invalid(e.to_string()))
        }
        Entry::Invalid(reason) => Err(BatchError::Invalid(reason.clone())),
    }
}

/// Runs `work` on every item on the current rayon pool, without an engine: the pipeline's
/// chunk for the logic (results in input order, a panic caught as that item's [`Panicked`]).
///
/// ```
/// use simdoku::batch::map_logic;
/// use simdoku::logic::{Board, next_step};
/// let b = Board::from_grid(&simdoku::Grid::EMPTY);
/// let out = map_logic(&[b], |b| next_step(b).is_some());
/// assert_eq!(out, vec![Ok(false)]); // an empty grid: no technique places or removes anything
/// ```
pub fn map_logic<T: Sync, R: Send>(
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
) -> Vec<Result<R, Panicked>> {
    map_chunk(items, &|| (), &|(), t: &T| work(t))
}

fn run_lines<S: AsRef<str> + Sync, R: Send>(
    lines: &[S],
    work: impl Fn(&Board) -> R + Sync,
) -> Vec<Result<R, BatchError>> {
    map_logic(lines, |l| {
        board_of(&classify_text(l.as_ref().as_bytes())).map(|b| work(&b))
    })
    .into_iter()
    .map(|r| r.map_err(BatchError::Panicked).and_then(|x| x))
    .collect()
}

/// Each line's [`Explanation`] (puzzle or pencilmark line): every step until the board is
/// solved or no implemented technique applies ([`Explanation::solved`] tells), in input order;
/// no step on a puzzle with no solution or several ([`Explanation::solutions`] says which).
///
/// ```
/// use simdoku::logic::Solutions;
/// let p = "4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........";
/// let two = "4...291..51..3.47..871....3..8....9..5......4.69.........346..5...9..7.6.........";
/// let out = simdoku::batch::explain_lines(&[p, "1234", two]);
/// let e = out[0].as_ref().unwrap();
/// assert!(e.solved());
/// assert_eq!(e.steps[0].to_string(), "r2c3=2 hidden single in box 1");
/// assert!(out[1].is_err());
/// let e = out[2].as_ref().unwrap();
/// assert_eq!(e.solutions, Solutions::Multiple);
/// assert!(e.steps.is_empty());
/// ```
pub fn explain_lines<S: AsRef<str> + Sync>(lines: &[S]) -> Vec<Result<Explanation, BatchError>> {
    run_lines(lines, explain)
}

/// Each line's [`Hint`]: the next step, or why there is none (solved, stuck, no solution,
/// several solutions; the solutions are counted to two first), in input order.
///
/// ```
/// use simdoku::logic::Hint;
/// let p = "4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........";
/// let out = simdoku::batch::hint_lines(&[p, &".".repeat(81)]);
/// let Ok(Hint::Step(s)) = &out[0] else { panic!() };
/// assert_eq!(s.to_string(), "r2c3=2 hidden single in box 1");
/// assert_eq!(out[1], Ok(Hint::Multiple));
/// ```
pub fn hint_lines<S: AsRef<str> + Sync>(lines: &[S]) -> Vec<Result<Hint, BatchError>> {
    run_lines(lines, hint)
}

/// Each line's Sudoku Explainer rating (ER/EP/ED), or why it has none ([`Unrated`]: no
/// solution, several, or beyond the techniques; see [`simdoku_logic::rate`]), in input order;
/// the outer error is the line's (not a puzzle, or a panic).
///
/// ```
/// use simdoku::logic::Unrated;
/// let lines = ["4...291..51..3.47..871....3..8....9..5......4269.........346..5...9..7.6.........",
///              "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........",
///              "not a puzzle"];
/// let out = simdoku::batch::rate_se_lines(&lines);
/// assert_eq!(out[0].as_ref().unwrap().unwrap().to_string(), "2.0/1.2/1.2"); // serate's too
/// assert_eq!(out[1], Ok(Err(Unrated::Multiple)));                          // two solutions
/// assert!(out[2].is_err());
/// ```
pub fn rate_se_lines<S: AsRef<str> + Sync>(
    lines: &[S],
) -> Vec<Result<Result<Rating, Unrated>, BatchError>> {
    run_lines(lines, rate)
}

/// Each puzzle's Sudoku Explainer rating, as [`rate_se_lines`], in input order.
pub fn rate_se(puzzles: &[Grid]) -> Vec<Result<Result<Rating, Unrated>, BatchError>> {
    map_logic(puzzles, |g| rate(&Board::from_grid(g)))
        .into_iter()
        .map(|r| r.map_err(BatchError::Panicked))
        .collect()
}
