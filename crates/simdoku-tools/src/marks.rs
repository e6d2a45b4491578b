//! Pencilmark (Sukaku) puzzles and a small candidate-based solver for them.
//!
//! Text form: 729 characters, nine per cell, cells row by row; cell `i`'s characters are at
//! `9i..9i+9`, and character `k` is the digit `k+1` when that digit is possible there, `0` or
//! `.` when it is not. A normal puzzle is the special case where a given is a single candidate
//! and an empty cell has all nine.
//!
//! The engines take a [`Grid`], so pencilmarks get their own search here: per-cell 9-bit
//! candidate masks, naked and hidden singles to a fixed point, then a branch on a cell with the
//! fewest candidates. It is the same method as the scalar engine in a plainer form: correct on
//! any marks (a contradiction is simply no solution) and fast enough for files of puzzles, but
//! not tuned like the engines.

use std::fmt;
use std::ops::ControlFlow;

use simdoku_core::{Grid, Search, Tally};

use simdoku_core::rng::Rng;

/// All nine candidates.
pub const ALL: u16 = 0x1FF;

/// The 27 units as cell lists: rows, columns, boxes.
const UNITS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = (9 * i + j) as u8;
            t[9 + i][j] = (9 * j + i) as u8;
            t[18 + i][j] = (27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    t
};

/// The 20 peers of each cell.
pub(crate) const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k, b) = (c / 9, c % 9, (c / 27) * 3 + (c % 9) / 3);
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            let same = o / 9 == r || o % 9 == k || (o / 27) * 3 + (o % 9) / 3 == b;
            if o != c && same {
                t[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
};

/// A pencilmark puzzle: the candidate digits of each cell (bit `d-1` for digit `d`).
///
/// ```
/// use simdoku_core::Grid;
/// use simdoku_tools::Pencilmarks;
///
/// let p: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let marks = Pencilmarks::from_grid(&p);
/// let line = marks.to_string();
/// assert_eq!(line.len(), 729);
/// assert_eq!(&line[..9], "...4....."); // cell 1 is the given 4
/// assert_eq!(Pencilmarks::parse(&line).unwrap(), marks);
/// let solution = marks.solve().unwrap();
/// assert!(simdoku_core::rules::check_solution(&p, &solution).is_ok());
/// assert_eq!(marks.count(2).solutions, 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pencilmarks {
    cells: [u16; 81],
}

/// Why a line is not a pencilmark puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksError {
    /// Fewer than 729 characters before the end or a separator.
    TooShort {
        /// Characters read.
        chars: usize,
    },
    /// A character other than the digit its position stands for, `0` or `.`.
    BadChar {
        /// 0-based character position.
        position: usize,
        /// The character found.
        ch: char,
    },
}

impl fmt::Display for MarksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MarksError::TooShort { chars } => {
                write!(f, "pencilmarks: expected 729 characters, found {chars}")
            }
            MarksError::BadChar { position, ch } => write!(
                f,
                "pencilmarks: column {}: unexpected {ch:?} (cell {} expects {} or 0 or . there)",
                position + 1,
                position / 9 + 1,
                position % 9 + 1
            ),
        }
    }
}

impl std::error::Error for MarksError {}

impl Pencilmarks {
    /// Every candidate everywhere (the empty puzzle).
    pub const FULL: Pencilmarks = Pencilmarks { cells: [ALL; 81] };

    /// The marks of a normal puzzle: a given is its digit alone, an empty cell has all nine.
    pub fn from_grid(g: &Grid) -> Pencilmarks {
        Pencilmarks {
            cells: std::array::from_fn(|i| match g.get(i) {
                0 => ALL,
                d => 1 << (d - 1),
            }),
        }
    }

    /// Marks from per-cell masks (bit `d-1` for digit `d`); bits above the ninth are dropped.
    pub fn from_masks(masks: [u16; 81]) -> Pencilmarks {
        Pencilmarks {
            cells: masks.map(|m| m & ALL),
        }
    }

    /// Parses the 729-character form; anything after it (a comma and a solution) is ignored.
    pub fn parse(line: &str) -> Result<Pencilmarks, MarksError> {
        Pencilmarks::parse_bytes(line.as_bytes())
    }

    /// Parses the 729-character form from bytes.
    pub fn parse_bytes(line: &[u8]) -> Result<Pencilmarks, MarksError> {
        let mut cells = [0u16; 81];
        for p in 0..729 {
            let k = (p % 9) as u8;
            match line.get(p) {
                Some(b'0' | b'.') => {}
                Some(&b) if b == b'1' + k => cells[p / 9] |= 1 << k,
                None | Some(b',' | b'\r' | b'\n' | b' ' | b'\t' | b';' | b'#') => {
                    return Err(MarksError::TooShort { chars: p });
                }
                Some(&b) => {
                    let ch = if b.is_ascii() {
                        b as char
                    } else {
                        char::REPLACEMENT_CHARACTER
                    };
                    return Err(MarksError::BadChar { position: p, ch });
                }
            }
        }
        Ok(Pencilmarks { cells })
    }

    /// The candidate mask of cell `i` (bit `d-1` for digit `d`).
    #[inline]
    pub fn candidates(&self, i: usize) -> u16 {
        self.cells[i]
    }

    /// Replaces the candidates of cell `i`.
    pub fn set_candidates(&mut self, i: usize, mask: u16) {
        self.cells[i] = mask & ALL;
    }

    /// The masks, cell by cell.
    pub fn masks(&self) -> &[u16; 81] {
        &self.cells
    }

    /// True when `solution` is a full grid whose every digit is a candidate of its cell (the
    /// Sudoku rules are checked separately, by `simdoku_core::rules::check_complete`).
    pub fn admits(&self, solution: &Grid) -> bool {
        (0..81).all(|i| {
            let d = solution.get(i);
            d != 0 && self.cells[i] & (1 << (d - 1)) != 0
        })
    }

    /// The number of solutions, stopping at `limit`; exact below it.
    pub fn count(&self, limit: u64) -> Search {
        if limit == 0 {
            return Search::default();
        }
        let mut tally = Tally::new(limit);
        self.visit(&mut |_| tally.add())
    }

    /// Calls `visitor` with every solution until it breaks; `solutions` is the number visited.
    pub fn visit(&self, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        let mut s = Solver {
            visitor,
            search: Search::default(),
            rng: None,
        };
        let mut state = State {
            cand: self.cells,
            placed: 0,
        };
        if state.propagate(true) {
            let _ = s.go(&mut state);
        }
        s.search
    }

    /// The first solution found, if any.
    pub fn solve(&self) -> Option<Grid> {
        let mut found = None;
        self.visit(&mut |g| {
            found = Some(*g);
            ControlFlow::Break(())
        });
        found
    }

    /// A solution found with randomly ordered branching (the same `rng` state gives the same
    /// grid): from [`Pencilmarks::FULL`] this draws a random solved grid.
    pub fn solve_random(&self, rng: &mut Rng) -> Option<Grid> {
        let mut found = None;
        let mut visitor = |g: &Grid| {
            found = Some(*g);
            ControlFlow::Break(())
        };
        let mut s = Solver {
            visitor: &mut visitor,
            search: Search::default(),
            rng: Some(rng),
        };
        let mut state = State {
            cand: self.cells,
            placed: 0,
        };
        if state.propagate(true) {
            let _ = s.go(&mut state);
        }
        found
    }
}

/// How far singles alone take a puzzle (a human-style grade).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Singles {
    /// Naked singles alone solve it (a cell with one candidate left).
    Naked,
    /// Naked and hidden singles solve it (a digit with one place left in a unit).
    Hidden,
    /// Singles get stuck: it needs stronger techniques or guessing.
    Beyond,
    /// Singles reach a contradiction: no solution.
    Contradiction,
}

impl Singles {
    /// The name printed by `simdoku rate`.
    pub fn name(self) -> &'static str {
        match self {
            Singles::Naked => "naked-singles",
            Singles::Hidden => "hidden-singles",
            Singles::Beyond => "beyond-singles",
            Singles::Contradiction => "contradiction",
        }
    }
}

/// How far singles take `marks`.
///
/// ```
/// use simdoku_tools::{Pencilmarks, Singles, singles_grade};
/// let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let marks = Pencilmarks::from_grid(&p.parse().unwrap());
/// assert_eq!(singles_grade(&marks), Singles::Beyond);
/// ```
pub fn singles_grade(marks: &Pencilmarks) -> Singles {
    let mut s = State {
        cand: marks.cells,
        placed: 0,
    };
    if !s.propagate(false) {
        return Singles::Contradiction;
    }
    if s.is_solved() {
        return Singles::Naked;
    }
    if !s.propagate(true) {
        return Singles::Contradiction;
    }
    if s.is_solved() {
        Singles::Hidden
    } else {
        Singles::Beyond
    }
}

#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
    /// Cells whose single candidate has been removed from their peers.
    placed: u128,
}

impl State {
    fn is_solved(&self) -> bool {
        self.cand.iter().all(|m| m.is_power_of_two())
    }

    /// Naked singles (and hidden singles when `hidden`) to a fixed point; false on a
    /// contradiction (a cell without candidates, a unit without a place for a digit).
    fn propagate(&mut self, hidden: bool) -> bool {
        loop {
            let mut changed = false;
            for c in 0..81 {
                let m = self.cand[c];
                if m == 0 {
                    return false;
                }
                if self.placed & (1 << c) != 0 || m & (m - 1) != 0 {
                    continue;
                }
                self.placed |= 1 << c;
                for &p in &PEERS[c] {
                    let p = p as usize;
                    if self.cand[p] & m != 0 {
                        self.cand[p] &= !m;
                        if self.cand[p] == 0 {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            if hidden {
                for unit in &UNITS {
                    let (mut once, mut twice) = (0u16, 0u16);
                    for &c in unit {
                        let m = self.cand[c as usize];
                        twice |= once & m;
                        once |= m;
                    }
                    if once != ALL {
                        return false;
                    }
                    let mut only = once & !twice;
                    while only != 0 {
                        let bit = only & only.wrapping_neg();
                        only &= only - 1;
                        for &c in unit {
                            let m = &mut self.cand[c as usize];
                            if *m & bit != 0 && *m != bit {
                                *m = bit;
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

struct Solver<'a, 'r> {
    visitor: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    search: Search,
    rng: Option<&'r mut Rng>,
}

impl Solver<'_, '_> {
    fn go(&mut self, s: &mut State) -> ControlFlow<()> {
        // A cell with the fewest candidates (more than one).
        let mut best = usize::MAX;
        let mut best_n = 10;
        for (c, m) in s.cand.iter().enumerate() {
            let n = m.count_ones();
            if n > 1 && n < best_n {
                best = c;
                best_n = n;
                if n == 2 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            let cells = s.cand.map(|m| m.trailing_zeros() as u8 + 1);
            let g = Grid::from_cells(cells).expect("digits 1..=9");
            self.search.solutions += 1;
            return (self.visitor)(&g);
        }
        let mut digits = [0u16; 9];
        let mut n = 0;
        let mut m = s.cand[best];
        while m != 0 {
            digits[n] = m & m.wrapping_neg();
            m &= m - 1;
            n += 1;
        }
        if let Some(rng) = self.rng.as_deref_mut() {
            rng.shuffle(&mut digits[..n]);
        }
        for &bit in &digits[..n] {
            self.search.guesses += 1;
            let mut next = *s;
            next.cand[best] = bit;
            if next.propagate(true) {
                self.go(&mut next)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl fmt::Display for Pencilmarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = [b'.'; 729];
        for (i, &m) in self.cells.iter().enumerate() {
            for k in 0..9 {
                if m & (1 << k) != 0 {
                    s[9 * i + k] = b'1' + k as u8;
                }
            }
        }
        f.write_str(std::str::from_utf8(&s).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Pencilmarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pencilmarks({self})")
    }
}

impl std::str::FromStr for Pencilmarks {
    type Err = MarksError;
    fn from_str(s: &str) -> Result<Pencilmarks, MarksError> {
        Pencilmarks::parse(s)
    }
}

/// The 729-character line.
#[cfg(feature = "serde")]
impl serde::Serialize for Pencilmarks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pencilmarks {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pencilmarks, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Pencilmarks::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// The name `simdoku rate` prints (`naked-singles`, ...).
impl fmt::Display for Singles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads the names [`Singles::name`] gives (also `naked`, `hidden`, `beyond`).
impl std::str::FromStr for Singles {
    type Err = String;
    fn from_str(s: &str) -> Result<Singles, String> {
        match s {
            "naked-singles" | "naked" => Ok(Singles::Naked),
            "hidden-singles" | "hidden" => Ok(Singles::Hidden),
            "beyond-singles" | "beyond" => Ok(Singles::Beyond),
            "contradiction" => Ok(Singles::Contradiction),
            _ => Err(format!(
                "unknown grade {s:?} (naked-singles, hidden-singles, beyond-singles)"
            )),
        }
    }
}
