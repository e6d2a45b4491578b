//! The 9x9 grid and its text forms.
//!
//! Line form: 81 cells, `1`-`9` a given, `0`, `.` or `_` empty. Anything after the 81st cell (a
//! comma and a solution, a comment) is ignored. Cells are numbered 0..81 row by row.
//!
//! Block form ([`Grid::parse_block`]): nine rows of nine cells, one row a line; spaces and `|`
//! between cells, and separator lines of `-`, `+`, `=` and spaces, are ignored.
//!
//! ```
//! use simdoku_core::Grid;
//! let line: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let block = Grid::parse_block(&line.pretty()).unwrap();
//! assert_eq!(block, line);
//! let cells: [u8; 81] = *line.cells();
//! assert_eq!(Grid::try_from(cells).unwrap(), line);
//! let e = Grid::parse_block("1 2 3\n").unwrap_err();
//! assert_eq!(e.to_string(), "line 1: a row needs 9 cells, found 3");
//! ```

use std::fmt;

use crate::tables::{BOX, COL, ROW};

/// A 9x9 grid: each cell holds 0 (empty) or a digit 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

/// A row, column or box, counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row 0..9, top to bottom.
    Row(u8),
    /// Column 0..9, left to right.
    Column(u8),
    /// Box 0..9, row by row.
    Box(u8),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Two givens with the same digit in one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The digit given twice.
    pub digit: u8,
    /// The unit holding both.
    pub unit: Unit,
    /// The two cells (0..81), the first one first.
    pub cells: [u8; 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(
            f,
            "contradictory givens: digit {} twice in {} (r{}c{} and r{}c{})",
            self.digit,
            self.unit,
            a / 9 + 1,
            a % 9 + 1,
            b / 9 + 1,
            b % 9 + 1
        )
    }
}

/// Why a text or a cell array is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text ended (or hit a separator) after this many cells.
    TooShort {
        /// Cells read before the end.
        cells: usize,
    },
    /// A character that is not `1`-`9`, `0`, `.` or `_` where a cell was expected.
    BadChar {
        /// The character found.
        ch: char,
    },
    /// Two givens contradict each other.
    Conflict(Conflict),
    /// A cell value above 9 in a cell array ([`Grid::try_from`]).
    BadValue {
        /// The value found.
        value: u8,
    },
    /// A row of the block form with a number of cells other than 9.
    RowLength {
        /// Cells found on the line.
        cells: usize,
    },
    /// The block form has more than nine rows.
    TooManyRows,
    /// A cell slice ([`Grid::try_from`]) with more than 81 values.
    TooLong {
        /// Values in the slice.
        cells: usize,
    },
}

/// A parse error and where it was found.
///
/// Line form: `position` is the character (0-based) and `line` is `None`. Block form: `line`
/// is the 1-based text line and `position` the character on it (0-based). Cell arrays and
/// contradictory givens: `position` is the cell (0..81, row by row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// The character (or cell) where it was found, 0-based.
    pub position: usize,
    /// The 1-based text line, for the block form.
    pub line: Option<usize>,
}

impl ParseError {
    fn at(kind: ParseErrorKind, position: usize) -> ParseError {
        ParseError {
            kind,
            position,
            line: None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.line) {
            (ParseErrorKind::TooShort { cells } | ParseErrorKind::TooLong { cells }, _) => {
                write!(f, "expected 81 cells, found {cells}")
            }
            (ParseErrorKind::BadChar { ch }, line) => {
                if let Some(line) = line {
                    write!(f, "line {line}, ")?;
                }
                write!(
                    f,
                    "column {}: unexpected {:?} (cells are 1-9, or 0, . or _ for empty)",
                    self.position + 1,
                    ch
                )
            }
            (ParseErrorKind::Conflict(c), _) => c.fmt(f),
            (ParseErrorKind::BadValue { value }, _) => write!(
                f,
                "cell {} (r{}c{}): value {value} out of range (0 empty, 1-9 digits)",
                self.position,
                self.position / 9 + 1,
                self.position % 9 + 1
            ),
            (ParseErrorKind::RowLength { cells }, line) => write!(
                f,
                "line {}: a row needs 9 cells, found {cells}",
                line.unwrap_or(1)
            ),
            (ParseErrorKind::TooManyRows, line) => {
                write!(f, "line {}: more than 9 rows of cells", line.unwrap_or(1))
            }
        }
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// The empty grid.
    pub const EMPTY: Grid = Grid { cells: [0; 81] };

    /// A grid from cell values (0 empty, 1..=9 digits); `None` if a value is above 9.
    /// Givens may contradict each other: engines answer such a grid with no solution.
    pub fn from_cells(cells: [u8; 81]) -> Option<Grid> {
        // The largest value, not `all`: without an early exit the check compiles into a few
        // vector operations (engines build a grid per solution).
        (cells.iter().fold(0, |m, &v| m.max(v)) <= 9).then_some(Grid { cells })
    }

    /// Parses the line form: the first 81 cells of `line`. Whatever follows the 81st cell (a
    /// comma and a solution, a comment, more cells) is ignored, not an error: a longer line
    /// is read as its first 81 cells. Rejects contradictory givens and lines of fewer than 81
    /// cells. White space (and a UTF-8 byte-order mark) before the first cell is skipped, as
    /// the batch readers skip it.
    ///
    /// ```
    /// use simdoku_core::Grid;
    /// let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// let g = Grid::parse(p).unwrap();
    /// assert_eq!((g.get(0), g.get(1), g.givens()), (4, 0, 17));
    /// // 81 cells and more: the rest is ignored, even a second grid.
    /// assert_eq!(Grid::parse(&format!("{p}{p}")), Ok(g));
    /// assert_eq!(Grid::parse(&format!("{p},1 # a comment")), Ok(g));
    /// let e = Grid::parse("44...............................................................................")
    ///     .unwrap_err();
    /// assert_eq!(e.to_string(), "contradictory givens: digit 4 twice in row 1 (r1c1 and r1c2)");
    /// assert!(Grid::parse("4.....8.5").is_err()); // too short
    /// assert_eq!(Grid::parse(&format!("\u{feff} {p}")), Ok(g));
    /// ```
    pub fn parse(line: &str) -> Result<Grid, ParseError> {
        let body = line.trim_start_matches('\u{feff}').trim_start();
        let skipped = line.len() - body.len();
        let grid = Grid::parse_cells(body.as_bytes()).map_err(|mut e| {
            e.position += skipped;
            e
        })?;
        match grid.conflict() {
            Some(c) => Err(ParseError::at(
                ParseErrorKind::Conflict(c),
                c.cells[1] as usize,
            )),
            None => Ok(grid),
        }
    }

    /// Parses the block form: nine lines of nine cells (`1`-`9`, `0`, `.` or `_`), with or
    /// without `|` between boxes and separator lines of `-`, `+` and `=`; spaces are ignored,
    /// blank lines too. Rejects contradictory givens. Errors carry the line and column.
    ///
    /// ```
    /// use simdoku_core::Grid;
    /// let g = Grid::parse_block(
    ///     "4 . . | . . . | 8 . 5
    ///      . 3 . | . . . | . . .
    ///      . . . | 7 . . | . . .
    ///      ------+-------+------
    ///      . 2 . | . . . | . 6 .
    ///      . . . | . 8 . | 4 . .
    ///      . . . | . 1 . | . . .
    ///      ------+-------+------
    ///      . . . | 6 . 3 | . 7 .
    ///      5 . . | 2 . . | . . .
    ///      1 . 4 | . . . | . . .",
    /// )
    /// .unwrap();
    /// assert_eq!(g.to_string(), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    /// assert_eq!(Grid::parse_block(&g.pretty()), Ok(g)); // `pretty` reads back
    /// ```
    pub fn parse_block(text: &str) -> Result<Grid, ParseError> {
        let mut cells = [0u8; 81];
        let mut rows = 0;
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let t = line.trim();
            if t.is_empty() || t.chars().all(|c| matches!(c, '-' | '+' | '=' | ' ' | '|')) {
                continue;
            }
            if rows == 9 {
                return Err(ParseError {
                    kind: ParseErrorKind::TooManyRows,
                    position: 0,
                    line: Some(line_no),
                });
            }
            let mut found = 0;
            for (col, ch) in line.chars().enumerate() {
                let v = match ch {
                    '1'..='9' => ch as u8 - b'0',
                    '0' | '.' | '_' => 0,
                    ' ' | '\t' | '|' | '\r' => continue,
                    _ => {
                        return Err(ParseError {
                            kind: ParseErrorKind::BadChar { ch },
                            position: col,
                            line: Some(line_no),
                        });
                    }
                };
                if found < 9 {
                    cells[9 * rows + found] = v;
                }
                found += 1;
            }
            if found != 9 {
                return Err(ParseError {
                    kind: ParseErrorKind::RowLength { cells: found },
                    position: 0,
                    line: Some(line_no),
                });
            }
            rows += 1;
        }
        if rows < 9 {
            return Err(ParseError::at(
                ParseErrorKind::TooShort { cells: 9 * rows },
                9 * rows,
            ));
        }
        let grid = Grid { cells };
        match grid.conflict() {
            Some(c) => Err(ParseError::at(
                ParseErrorKind::Conflict(c),
                c.cells[1] as usize,
            )),
            None => Ok(grid),
        }
    }

    /// Parses the line form from bytes (the first 81 cells, the rest ignored, as
    /// [`Grid::parse`]), without checking givens against each other.
    pub fn parse_cells(line: &[u8]) -> Result<Grid, ParseError> {
        // The common case in one pass without branches (batches read millions of lines); the
        // loop below finds what is wrong otherwise.
        if let Some(head) = line.first_chunk::<81>() {
            let mut cells = [0u8; 81];
            let mut ok = true;
            for (cell, &b) in cells.iter_mut().zip(head) {
                let digit = b.wrapping_sub(b'1') < 9;
                // (Bitwise on purpose: without branches the loop is vectorised, ten times
                // faster than with `||`.)
                #[allow(clippy::needless_bitwise_bool)]
                let cell_char = digit | (b == b'0') | (b == b'.') | (b == b'_');
                ok &= cell_char;
                *cell = if digit { b - b'0' } else { 0 };
            }
            if ok {
                return Ok(Grid { cells });
            }
        }
        let mut cells = [0u8; 81];
        for (i, cell) in cells.iter_mut().enumerate() {
            match line.get(i) {
                Some(&b @ b'1'..=b'9') => *cell = b - b'0',
                Some(b'0' | b'.' | b'_') => {}
                None | Some(b',' | b'\r' | b'\n' | b' ' | b'\t' | b';' | b'#') => {
                    return Err(ParseError::at(ParseErrorKind::TooShort { cells: i }, i));
                }
                Some(_) => {
                    let ch = utf8_char_at(line, i);
                    return Err(ParseError::at(ParseErrorKind::BadChar { ch }, i));
                }
            }
        }
        Ok(Grid { cells })
    }

    /// The first pair of givens that contradict each other, if any.
    pub fn conflict(&self) -> Option<Conflict> {
        // First whether there is one at all, without branches (batches check millions of
        // lines); only then which pair it is. A given counts 1 in its digit's four-bit field of
        // a u64 (an empty cell counts nothing); a unit's sum holds each digit's count there (at
        // most 9: no carry), and a count of 2 or more sets a field's upper three bits.
        const TWICE: u64 = 0xE_EEEE_EEEE;
        const ONE: [u64; 16] = {
            let mut t = [0u64; 16];
            let mut v = 1;
            while v <= 9 {
                t[v] = 1 << (4 * (v - 1));
                v += 1;
            }
            t
        };
        let (mut col, mut band_start) = ([0u64; 9], [0u64; 9]);
        let mut twice = 0u64;
        for r in 0..9 {
            let row: [u64; 9] =
                std::array::from_fn(|k| ONE[usize::from(self.cells[9 * r + k] & 15)]);
            twice |= row.iter().sum::<u64>() & TWICE;
            for k in 0..9 {
                col[k] += row[k];
            }
            if r % 3 == 2 {
                // The band's boxes: what its three rows added to each column, three columns a box.
                for b in 0..3 {
                    let k = 3 * b;
                    let bx = col[k] + col[k + 1] + col[k + 2]
                        - band_start[k]
                        - band_start[k + 1]
                        - band_start[k + 2];
                    twice |= bx & TWICE;
                }
                band_start = col;
            }
        }
        twice |= col.iter().fold(0, |t, &c| t | c) & TWICE;
        if twice == 0 {
            return None;
        }
        // seen[unit][digit] = 1 + cell where the digit was first seen.
        let mut seen = [[0u8; 10]; 27];
        for (c, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let units = [
                (ROW[c] as usize, Unit::Row(ROW[c])),
                (9 + COL[c] as usize, Unit::Column(COL[c])),
                (18 + BOX[c] as usize, Unit::Box(BOX[c])),
            ];
            for (u, unit) in units {
                let slot = &mut seen[u][v as usize];
                if *slot != 0 {
                    return Some(Conflict {
                        digit: v,
                        unit,
                        cells: [*slot - 1, c as u8],
                    });
                }
                *slot = c as u8 + 1;
            }
        }
        None
    }

    /// The cell values, row by row (0 empty).
    #[inline]
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The value of cell `i` (0..81): 0 empty, else the digit.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Sets cell `i` to `value` (0 empties it). Panics if `value > 9`.
    #[inline]
    pub fn set(&mut self, i: usize, value: u8) {
        assert!(value <= 9, "cell value {value} out of range");
        self.cells[i] = value;
    }

    /// Number of filled cells.
    #[inline]
    pub fn givens(&self) -> usize {
        // Summed in bytes (81 fit): a count into `usize` widens every byte to 64 bits, some
        // 350 instructions against about 40; the routed engines call this once a puzzle.
        usize::from(self.cells.iter().fold(0u8, |n, &v| n + u8::from(v != 0)))
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The 81-character line form with `empty` for empty cells.
    pub fn to_line_with(&self, empty: u8) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (o, &v) in out.iter_mut().zip(&self.cells) {
            *o = if v == 0 { empty } else { b'0' + v };
        }
        out
    }

    /// The pretty 9x9 form with box separators, one row a line, `.` empty.
    pub fn pretty(&self) -> String {
        let mut s = String::with_capacity(13 * 24);
        for r in 0..9 {
            if r == 3 || r == 6 {
                s.push_str("------+-------+------\n");
            }
            for c in 0..9 {
                if c == 3 || c == 6 {
                    s.push_str("| ");
                }
                let v = self.cells[9 * r + c];
                s.push(if v == 0 { '.' } else { (b'0' + v) as char });
                if c != 8 {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s
    }
}

/// The character starting at byte `i`, or U+FFFD for bytes that are not UTF-8.
fn utf8_char_at(line: &[u8], i: usize) -> char {
    let end = line.len().min(i + 4);
    (i + 1..=end)
        .find_map(|e| std::str::from_utf8(&line[i..e]).ok())
        .and_then(|s| s.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

/// The line form, `.` for empty cells.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line_with(b'.');
        // The line is ASCII by construction.
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// The line form ([`Grid::parse`]: the first 81 cells, the rest ignored); use
/// [`Grid::parse_block`] for nine lines.
impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse(s)
    }
}

/// Cell values row by row, 0 empty, 1..=9 digits; contradictory givens are accepted (such a
/// grid has no solution), values above 9 are an error naming the cell.
impl TryFrom<[u8; 81]> for Grid {
    type Error = ParseError;
    fn try_from(cells: [u8; 81]) -> Result<Grid, ParseError> {
        match cells.iter().position(|&v| v > 9) {
            Some(i) => Err(ParseError::at(
                ParseErrorKind::BadValue { value: cells[i] },
                i,
            )),
            None => Ok(Grid { cells }),
        }
    }
}

/// The same as the array form.
impl TryFrom<&[u8]> for Grid {
    type Error = ParseError;
    fn try_from(cells: &[u8]) -> Result<Grid, ParseError> {
        let arr: [u8; 81] = cells.try_into().map_err(|_| {
            let kind = if cells.len() < 81 {
                ParseErrorKind::TooShort { cells: cells.len() }
            } else {
                ParseErrorKind::TooLong { cells: cells.len() }
            };
            ParseError::at(kind, cells.len().min(81))
        })?;
        Grid::try_from(arr)
    }
}

/// A grid serializes as its 81-character line (`.` empty) and deserializes from the line form.
#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Grid::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn round_trips_and_ignores_trailing_text() {
        let g = Grid::parse(P).unwrap();
        assert_eq!(g.to_string(), P);
        assert_eq!(Grid::parse(&format!("{P},whatever")).unwrap(), g);
        let zeros = P.replace('.', "0");
        assert_eq!(Grid::parse(&zeros).unwrap(), g);
        assert_eq!(g.givens(), 17);
    }

    #[test]
    fn counts_givens_from_empty_to_full() {
        let mut g = Grid::default();
        assert_eq!(g.givens(), 0);
        for i in 0..81 {
            g.set(i, (i % 9) as u8 + 1);
            assert_eq!(g.givens(), i + 1);
        }
    }

    #[test]
    fn reports_short_lines_and_bad_characters() {
        let e = Grid::parse(&P[..80]).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooShort { cells: 80 });
        let e = Grid::parse(&format!("{},", &P[..40])).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooShort { cells: 40 });
        let bad = format!("{}x{}", &P[..10], &P[11..]);
        let e = Grid::parse(&bad).unwrap_err();
        assert_eq!(
            (e.kind, e.position),
            (ParseErrorKind::BadChar { ch: 'x' }, 10)
        );
        assert!(e.to_string().contains("column 11"));
        let e = Grid::parse_cells(b"12\xff").unwrap_err();
        assert_eq!(
            e.kind,
            ParseErrorKind::BadChar {
                ch: char::REPLACEMENT_CHARACTER
            }
        );
        let uni = format!("{}é{}", &P[..5], &P[6..]);
        let e = Grid::parse(&uni).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadChar { ch: 'é' });
    }

    #[test]
    fn contradictory_givens_are_their_own_error() {
        let mut line = P.to_string();
        line.replace_range(1..2, "4"); // r1c1 and r1c2 both 4
        let e = Grid::parse(&line).unwrap_err();
        let ParseErrorKind::Conflict(c) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!((c.digit, c.unit, c.cells), (4, Unit::Row(0), [0, 1]));
        assert!(e.to_string().contains("digit 4 twice in row 1"));
        // The unchecked form still builds the grid.
        assert!(
            Grid::parse_cells(line.as_bytes())
                .unwrap()
                .conflict()
                .is_some()
        );
    }

    /// The fast paths (one pass over the cells, masks per unit) answer as the cell-by-cell
    /// reading and a plain pairwise check do, on lines and grids of every kind.
    #[test]
    fn fast_paths_agree_with_plain_checks() {
        let mut rng = crate::rng::Rng::new(11);
        let chars = b"0123456789._.. ,x#";
        for round in 0..20_000 {
            // Lines: mostly cells, sometimes a stray character or a short line.
            let len = if round % 7 == 0 {
                rng.below(90)
            } else {
                81 + rng.below(5)
            };
            let bad = round % 3 == 0;
            let line: Vec<u8> = (0..len)
                .map(|_| {
                    if bad && rng.below(60) == 0 {
                        chars[rng.below(chars.len())]
                    } else {
                        chars[rng.below(12)]
                    }
                })
                .collect();
            let want = (|| {
                let mut cells = [0u8; 81];
                for (i, cell) in cells.iter_mut().enumerate() {
                    match line.get(i) {
                        Some(&b @ b'1'..=b'9') => *cell = b - b'0',
                        Some(b'0' | b'.' | b'_') => {}
                        _ => return None,
                    }
                }
                Some(cells)
            })();
            let got = Grid::parse_cells(&line).ok().map(|g| g.cells);
            assert_eq!(got, want, "{}", String::from_utf8_lossy(&line));
            // Grids: a few givens to many, so that some hold a digit twice.
            let mut cells = [0u8; 81];
            let givens = rng.below(40);
            for _ in 0..givens {
                cells[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            let g = Grid::from_cells(cells).unwrap();
            let plain = (0..81).any(|a| {
                (0..a).any(|b| {
                    cells[a] != 0
                        && cells[a] == cells[b]
                        && (ROW[a] == ROW[b] || COL[a] == COL[b] || BOX[a] == BOX[b])
                })
            });
            assert_eq!(g.conflict().is_some(), plain, "{g}");
        }
    }

    #[test]
    fn block_form_with_and_without_separators() {
        let g = Grid::parse(P).unwrap();
        assert_eq!(Grid::parse_block(&g.pretty()).unwrap(), g);
        let mut plain = String::new();
        for r in P.as_bytes().chunks(9) {
            plain.push_str(&std::str::from_utf8(r).unwrap().replace('.', "_"));
            plain.push('\n');
        }
        assert_eq!(Grid::parse_block(&plain).unwrap(), g);
        let mut bad = plain.clone();
        bad.replace_range(10..11, "x"); // line 2, column 1
        let e = Grid::parse_block(&bad).unwrap_err();
        assert_eq!((e.line, e.position), (Some(2), 0));
        assert!(e.to_string().starts_with("line 2, column 1"), "{e}");
        let e = Grid::parse_block(&plain[..55]).unwrap_err();
        assert_eq!(e.line, Some(6));
        let e = Grid::parse_block(&plain[..40]).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooShort { cells: 36 });
        let e = Grid::parse_block(&format!("{plain}123456789\n")).unwrap_err();
        assert_eq!((e.kind, e.line), (ParseErrorKind::TooManyRows, Some(10)));
        assert_eq!(Grid::parse(&P.replace('.', "_")).unwrap(), g);
    }

    #[test]
    fn cell_arrays_convert_and_name_the_bad_cell() {
        let g = Grid::parse(P).unwrap();
        assert_eq!(Grid::try_from(*g.cells()).unwrap(), g);
        assert_eq!(Grid::try_from(&g.cells()[..]).unwrap(), g);
        let mut cells = *g.cells();
        cells[10] = 12;
        let e = Grid::try_from(cells).unwrap_err();
        assert_eq!(
            (e.kind, e.position),
            (ParseErrorKind::BadValue { value: 12 }, 10)
        );
        assert!(e.to_string().contains("r2c2"), "{e}");
        assert!(Grid::try_from(&cells[..80]).is_err());
        // Too long: the message gives the length found (it said "found 81").
        let e = Grid::try_from(&[0u8; 82][..]).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooLong { cells: 82 });
        assert_eq!(e.to_string(), "expected 81 cells, found 82");
    }

    #[test]
    fn pretty_form_has_boxes() {
        let p = Grid::parse(P).unwrap().pretty();
        assert_eq!(p.lines().count(), 11);
        assert!(p.starts_with("4 . . | . . . | 8 . 5\n"));
    }
}
