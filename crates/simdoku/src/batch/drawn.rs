//! 9x9 puzzles drawn over nine lines, one row a line, as other tools write them: the bare
//! nine-line layout (`SadMan`'s `.sdk`, most puzzle sites' "copy"), and grids with `|` between
//! the boxes and rule lines (`-`, `=`, `+`, `.`) between the bands and around the grid
//! (Simple Sudoku's `.ss`, `HoDoKu`, printed grids):
//!
//! ```text
//! +-------+-------+-------+
//! | 5 3 . | . 7 . | . . . |
//! | 6 . . | 1 9 5 | . . . |
//! ...
//! ```
//!
//! A row may also list each cell's candidates (`4 1679 12679 | 139 ...`, nine groups of digits
//! as `HoDoKu` and Sudoku Explainer print pencilmark grids; `.` or `0` alone an empty cell, all
//! nine candidates): the drawing is then a pencilmark (Sukaku) puzzle.
//!
//! [`GridLines`] gathers them from a stream of lines; every other line is left to the one line
//! classifier ([`classify_line`]). [`classify_text`](super::classify_text) reads a whole
//! drawing given as one string.

use simdoku_tools::Pencilmarks;

use super::classify::{Entry, classify_line, is_cell, parse_cells, separated, starts_with_cells};

/// All nine candidates.
const ALL: u16 = 0x1FF;

/// The nine cells of a line drawn as one row of a 9x9 grid: `1`-`9` given, `0`, `.` or `_`
/// empty, with any white space and `|` around and between them (0 for an empty cell); or nine
/// fields separated by commas or semicolons, as a spreadsheet saves a row (an empty field is an
/// empty cell).
///
/// ```
/// use simdoku::batch::drawn_row;
/// assert_eq!(drawn_row(b"| 5 3 . | . 7 . | . . . |"), Some([5, 3, 0, 0, 7, 0, 0, 0, 0]));
/// assert_eq!(drawn_row(b"53..7...."), Some([5, 3, 0, 0, 7, 0, 0, 0, 0]));
/// assert_eq!(drawn_row(b"5,3,,,7,,,,"), Some([5, 3, 0, 0, 7, 0, 0, 0, 0]));
/// assert_eq!(drawn_row(b"  [5, 3, 0, 0, 7, 0, 0, 0, 0],"), Some([5, 3, 0, 0, 7, 0, 0, 0, 0]));
/// assert_eq!(drawn_row(b"53..7..."), None);
/// ```
pub fn drawn_row(line: &[u8]) -> Option<[u8; 9]> {
    // A row of a JSON array (`[5, 3, 0, ...],`, `"53..7....",`): brackets and quotes are
    // decoration, and so is a comma after them.
    let bare: Vec<u8>;
    let mut line = line;
    if line.iter().any(|b| b"[]\"".contains(b)) {
        bare = line
            .iter()
            .copied()
            .filter(|b| !b"[]\"".contains(b))
            .collect();
        let t = bare.trim_ascii();
        line = t.strip_suffix(b",").unwrap_or(t);
    }
    if line.contains(&b',') || line.contains(&b';') {
        // Nine fields, or ten when the line ends with a separator (an empty tenth).
        let mut v = separated(line)?;
        if v.len() == 10 && matches!(line.trim_ascii().last(), Some(b',' | b';')) {
            v.pop();
        }
        return v.try_into().ok();
    }
    let mut row = [0u8; 9];
    let mut n = 0;
    for &b in line {
        let v = match b {
            b'1'..=b'9' => b - b'0',
            b'0' | b'.' | b'_' => 0,
            b'|' | b' ' | b'\t' | b'\r' => continue,
            _ => return None,
        };
        *row.get_mut(n)? = v;
        n += 1;
    }
    (n == 9).then_some(row)
}

/// The groups of a drawn row: its words between white space and `|`.
fn groups(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b'|' || b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// A row of a drawn pencilmark grid: nine groups of distinct digits `1`-`9` (a cell's
/// candidates) between white space and `|`; the candidate masks (bit `d-1` for digit `d`). A
/// lone `.`, `0` or `_` is an empty cell, all nine candidates, as in a row of values of the
/// same grid.
fn marks_row(line: &[u8]) -> Option<[u16; 9]> {
    let mut row = [0u16; 9];
    let mut n = 0;
    for token in groups(line) {
        if matches!(token, b"." | b"0" | b"_") {
            *row.get_mut(n)? = ALL;
            n += 1;
            continue;
        }
        let mut mask = 0u16;
        for &b in token {
            let bit = 1u16 << b.checked_sub(b'1').filter(|&k| k < 9)?;
            if mask & bit != 0 {
                return None;
            }
            mask |= bit;
        }
        *row.get_mut(n)? = mask;
        n += 1;
    }
    (n == 9).then_some(row)
}

/// Why a line that looks like a row of a drawn pencilmark grid (6 to 12 groups of digits
/// between white space and `|`, some group of two or more) is none ([`row_fault`]); `None` for
/// any other line. The line on its own is then invalid with this reason, not "expected 81 cells".
pub(crate) fn marks_row_fault(line: &[u8]) -> Option<String> {
    let tokens: Vec<&[u8]> = groups(line).collect();
    if !(6..=12).contains(&tokens.len())
        || !tokens.iter().all(|t| t.iter().all(|&b| is_cell(b)))
        || !tokens.iter().any(|t| t.len() > 1)
    {
        return None;
    }
    if any_row(line).is_some() {
        return None;
    }
    Some(format!(
        "a row of a pencilmark grid: {}",
        row_fault(line, true)
    ))
}

/// What a pencilmark cell holds, for the messages about one.
const CANDIDATES: &str = "a cell lists its candidates 1-9; '.' or '0' alone is an empty cell";

/// Whether `b` may stand in a drawn row: a cell character, `|` or white space.
fn is_row_char(b: u8) -> bool {
    is_cell(b) || b == b'|' || b.is_ascii_whitespace()
}

/// Why a line that stands for a row of a drawn grid (a pencilmark grid's when `marks`) is
/// none: a character that is no cell, `|` or white space; in a pencilmark grid a cell that
/// mixes `0`, `.` or `_` with digits or lists a digit twice; or a count of cells other than
/// nine (groups in a pencilmark grid, cell characters in a grid of values).
fn row_fault(line: &[u8], marks: bool) -> String {
    if let Some(k) = line.iter().position(|&b| !is_row_char(b)) {
        let c = String::from_utf8_lossy(&line[k..])
            .chars()
            .next()
            .unwrap_or('?');
        let hint = if marks {
            CANDIDATES
        } else {
            "cells are 1-9, or 0, . or _ for empty"
        };
        return format!("column {}: unexpected {c:?} ({hint})", k + 1);
    }
    let tokens: Vec<&[u8]> = groups(line).collect();
    let count = |n: usize| format!("{n} cell{}, a row has 9", if n == 1 { "" } else { "s" });
    if !marks {
        return count(tokens.iter().map(|t| t.len()).sum());
    }
    for (k, t) in tokens.iter().enumerate() {
        let cell = String::from_utf8_lossy(t);
        if t.len() > 1 && t.iter().any(|b| b"0._".contains(b)) {
            return format!("cell {} is '{cell}' ({CANDIDATES})", k + 1);
        }
        if let Some(d) =
            (b'1'..=b'9').find(|d| t.iter().position(|b| b == d) != t.iter().rposition(|b| b == d))
        {
            return format!("cell {} ('{cell}') lists {} twice", k + 1, char::from(d));
        }
    }
    count(tokens.len())
}

/// Whether line `number`, which is no row, stands for one, broken, among or right above the
/// rows of a drawing: nine cells give or take one (8 to 10 groups between white space and `|`,
/// or 8 to 10 cell characters) with at most three characters besides (`37x9` for a cell's
/// candidates `3789`, `x...6...3` for a row of values; not a line of words or `1234`); and no
/// puzzle, comment or CSV header of its own ([`classify_line`] finds it invalid).
fn broken_row(number: u64, line: &[u8]) -> bool {
    let cells = line.iter().filter(|&&b| is_cell(b)).count();
    let others = line.iter().filter(|&&b| !is_row_char(b)).count();
    others <= 3
        && ((8..=10).contains(&groups(line).count()) || (8..=10).contains(&cells))
        && matches!(classify_line(number, line, false), Some(Entry::Invalid(_)))
}

/// A drawn row as candidate masks (an empty cell of a puzzle row has all nine), and whether it
/// lists some cell's candidates (several digits), which only a pencilmark grid does.
fn any_row(line: &[u8]) -> Option<([u16; 9], bool)> {
    if let Some(row) = drawn_row(line) {
        return Some((row.map(|v| if v == 0 { ALL } else { 1 << (v - 1) }), false));
    }
    let row = marks_row(line)?;
    Some((row, row.iter().any(|m| m.count_ones() > 1)))
}

/// Whether a line is a rule drawn between or around the rows of a grid: `-` or `=` with only
/// `+`, `|`, `.`, `*`, `:`, `'` and white space besides; or the bracket around the rows of a
/// JSON array (`[`, `],`).
///
/// ```
/// use simdoku::batch::is_rule;
/// assert!(is_rule(b"------+-------+------") && is_rule(b".-------.-------.-------."));
/// assert!(is_rule(b"[") && is_rule(b"  ],"));
/// assert!(!is_rule(b"") && !is_rule(b"|.......|") && !is_rule(b"-1-"));
/// ```
pub fn is_rule(line: &[u8]) -> bool {
    // (The look at every character first: it stops at the first digit of a puzzle line.)
    let drawn = line
        .iter()
        .all(|&b| b"-=+|.*:'".contains(&b) || b.is_ascii_whitespace())
        && line.iter().any(|&b| b == b'-' || b == b'=');
    drawn
        || line.iter().any(|&b| b == b'[' || b == b']')
            && line
                .iter()
                .all(|&b| b"[],".contains(&b) || b.is_ascii_whitespace())
}

/// Whether line `number` is a title over a puzzle, as collections name theirs (`Grid 01` in
/// Project Euler's file, `Puzzle 12`, `[Puzzle]`): a short line that starts with a word and
/// numbers it, or a word in brackets, with no run of nine cell characters (no puzzle cut
/// short) and no CSV header. Before a puzzle (one line or drawn) it is skipped; anywhere else
/// it stays the invalid line it is, and so does any other line (`bad` before a puzzle is
/// reported, not taken for its name).
///
/// ```
/// use simdoku::batch::is_title;
/// assert!(is_title(2, b"Grid 01") && is_title(5, b"[Puzzle]") && is_title(3, b"Sudoku #12:"));
/// assert!(!is_title(2, b"bad") && !is_title(2, b"53..7....6..19"));
/// assert!(!is_title(1, b"quizzes,solutions"));
/// ```
pub fn is_title(number: u64, line: &[u8]) -> bool {
    let t = line.trim_ascii();
    let numbered =
        t.first().is_some_and(u8::is_ascii_alphabetic) && t.iter().any(u8::is_ascii_digit);
    let bracketed =
        t.len() > 2 && t[0] == b'[' && t[t.len() - 1] == b']' && t[1].is_ascii_alphabetic();
    (numbered || bracketed)
        && t.len() <= 40
        && t.iter().all(|&b| b.is_ascii_graphic() || b == b' ')
        && !t.windows(9).any(|w| starts_with_cells(w, 9))
        && !super::is_header(number, t)
}

/// A puzzle read from a drawing of several lines, or a line given back by [`GridLines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The number of its first line (from 1); of its first broken row, a line that stands for
    /// a row and is none, when it has one (the drawing is then invalid).
    pub line: u64,
    /// Its cells as one line of text (`.` for empty, and every cell of a broken row; 729
    /// characters for a pencilmark grid), or the line given back as read.
    pub text: String,
    /// What it holds.
    pub entry: Entry,
    /// Its size in the input, its lines and their newlines.
    pub bytes: u64,
}

/// What [`GridLines::feed`] made of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fed {
    /// Part of a drawing still open (a row, a rule): nothing to report yet.
    Taken,
    /// The ninth row: the drawing's puzzle.
    Grid(Drawn),
    /// The ninth row of a drawing under a line held for its first row (one that stands for a
    /// row, broken: see [`GridLines`]): that line, a line of its own after all, to report
    /// first, and the drawing's puzzle.
    LineThenGrid(Drawn, Drawn),
    /// Not part of a drawing: the caller classifies it as a line of its own, after reporting
    /// what it ended, if anything (an unfinished drawing, which is invalid, or a rule line
    /// with no rows after it, classified as the line it is).
    Other(Option<Drawn>),
}

/// Gathers 9x9 puzzles drawn over nine lines ([`drawn_row`], with [`is_rule`] lines between
/// and around the rows) from the lines of a file, in order. Rows must be consecutive but for
/// rules; a drawing cut short (a blank line, another line, the end of the input) is reported
/// as invalid, where it starts. A line that stands for a row but is none (a bad character, a
/// cell too many or too few, a digit twice in a cell's candidates) is one of the rows, and the
/// drawing one invalid entry at that line, which says what is wrong with it. Right above the
/// first row such a line is the first row unless nine rows follow it (it is then a line of its
/// own); under a top border or a title, it is the first row. A line of 81 cells and every
/// other line are not drawings: `feed` hands them back untouched.
///
/// ```
/// use simdoku::batch::{Entry, Fed, GridLines};
/// let text = "+-------+-------+-------+\n\
///             | 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n\
///             +-------+-------+-------+\n\
///             | 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n\
///             +-------+-------+-------+\n\
///             | . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n\
///             +-------+-------+-------+";
/// let mut grids = GridLines::default();
/// let mut found = Vec::new();
/// for (i, line) in text.lines().enumerate() {
///     if let Fed::Grid(d) = grids.feed(i as u64 + 1, line.as_bytes()) {
///         found.push(d);
///     }
/// }
/// assert_eq!(grids.finish(), None);
/// assert_eq!((found.len(), found[0].line), (1, 1));
/// assert!(found[0].text.starts_with("53..7....6..195..."));
/// assert!(matches!(found[0].entry, Entry::Puzzle(_)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GridLines {
    /// The candidate masks of the rows so far (9 a row; a given is its digit alone, an empty
    /// cell all nine).
    cells: Vec<u16>,
    /// Some row listed candidates: a pencilmark grid.
    marks: bool,
    /// The first line of the open drawing (its first rule or row) and the last row's.
    first: u64,
    last: u64,
    /// The open drawing's size in the input.
    bytes: u64,
    /// A rule line before any row: the drawing's top border, or a line of its own (its bytes)
    /// if no row follows.
    rule: Option<Vec<u8>>,
    /// What the held `rule` is (`Rule` when none is held).
    held: Held,
    /// The last line ended a drawing: rules after it are its bottom border.
    closed: bool,
    /// A `Held::Row` line once rows follow it (its number, size and bytes), not counted among
    /// them: the first row unless nine rows follow it, a line of its own then.
    lead: Option<(u64, u64, Vec<u8>)>,
    /// The first line of the open drawing that stands for a row, broken: its number, its row
    /// (from 1) and the line. The drawing is then invalid, reported at that line.
    broken: Option<(u64, usize, Vec<u8>)>,
}

/// What the line held before any row of a [`GridLines`] drawing is; each is a line of its own
/// if no row follows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Held {
    /// A rule: the drawing's top border.
    #[default]
    Rule,
    /// A title line (`Grid 01`, [`is_title`]): dropped when a puzzle follows it.
    Title,
    /// A line that stands for a row, broken ([`broken_row`]): the drawing's first row if rows
    /// follow it (unless they are nine).
    Row,
}

impl GridLines {
    /// Feeds line `number` (from 1; without its line end).
    pub fn feed(&mut self, number: u64, line: &[u8]) -> Fed {
        // The common line, a puzzle of 81 cells in a row, is told by its first ten characters:
        // no row of a drawing holds ten cells without a separator, and no rule holds a digit.
        if starts_with_cells(line, 10) {
            self.closed = false;
            if self.held == Held::Title {
                // A title over a puzzle line: the puzzle's name.
                (self.rule, self.held) = (None, Held::Rule);
            }
            return Fed::Other(self.finish());
        }
        let size = line.len() as u64 + 1;
        if let Some((row, marks)) = any_row(line) {
            return self.push(number, size, &row, marks);
        }
        if is_rule(line) {
            if self.closed {
                return Fed::Taken;
            }
            if self.cells.is_empty() && self.rule.is_none() {
                (self.first, self.bytes) = (number, 0);
                (self.rule, self.held) = (Some(line.to_vec()), Held::Rule);
            }
            self.bytes += size;
            return Fed::Taken;
        }
        self.closed = false;
        // A line that stands for a row, broken, is one of the drawing's rows (all nine
        // candidates in its cells), so that the drawing stays one entry. Before any row it is
        // held, as a title is, for the first row (a second such line gives it back).
        if self.held != Held::Row && broken_row(number, line) {
            if self.cells.is_empty() && self.rule.is_none() {
                (self.first, self.bytes) = (number, size);
                (self.rule, self.held) = (Some(line.to_vec()), Held::Row);
                return Fed::Taken;
            }
            let row = self.cells.len() / 9 + 1;
            self.broken.get_or_insert((number, row, line.to_vec()));
            return self.push(number, size, &[ALL; 9], false);
        }
        if is_title(number, line) && self.cells.is_empty() && self.rule.is_none() {
            (self.first, self.bytes) = (number, size);
            (self.rule, self.held) = (Some(line.to_vec()), Held::Title);
            return Fed::Taken;
        }
        Fed::Other(self.finish())
    }

    /// Takes row line `number` (its candidate masks, and whether it lists some cell's), and the
    /// drawing's puzzle when it is the ninth row.
    fn push(&mut self, number: u64, size: u64, row: &[u16; 9], marks: bool) -> Fed {
        self.closed = false;
        if self.held == Held::Row
            && let Some(line) = self.rule.take()
        {
            self.lead = Some((self.first, self.bytes, line));
        }
        if self.cells.is_empty() && self.rule.is_none() {
            (self.first, self.bytes) = (number, 0);
        }
        (self.rule, self.held) = (None, Held::Rule);
        self.cells.extend_from_slice(row);
        self.marks |= marks;
        self.last = number;
        self.bytes += size;
        if self.cells.len() < 81 {
            return Fed::Taken;
        }
        self.closed = true;
        match self.lead.take() {
            Some((n, size, line)) => {
                let own = own_line(n, &line, size).expect("an invalid line");
                Fed::LineThenGrid(own, self.take())
            }
            None => Fed::Grid(self.take()),
        }
    }

    /// Takes a line that starts with ten cell characters, as [`Self::feed`] does, when no
    /// drawing is open (no [`Fed`] to build: it would be `Fed::Other(None)`); `false`, and
    /// nothing done, while one is open.
    pub(crate) fn pass_cells_line(&mut self) -> bool {
        if !self.cells.is_empty() || self.rule.is_some() {
            return false;
        }
        self.closed = false;
        true
    }

    /// Ends the input: what an open drawing leaves (as [`Fed::Other`] says), if anything.
    pub fn finish(&mut self) -> Option<Drawn> {
        (self.closed, self.held) = (false, Held::Rule);
        if let Some(rule) = self.rule.take() {
            // Rules only: the line stands alone (the ones after the first were rules too).
            return own_line(self.first, &rule, self.bytes);
        }
        (!self.cells.is_empty()).then(|| self.take())
    }

    /// The drawing gathered so far, complete or not, and a fresh start. A line held above its
    /// rows (`lead`) is its first row.
    fn take(&mut self) -> Drawn {
        if let Some((n, size, line)) = self.lead.take() {
            self.cells.splice(0..0, [ALL; 9]);
            (self.first, self.bytes) = (n, self.bytes + size);
            self.broken = Some((n, 1, line));
        }
        let rows = self.cells.len() / 9;
        let (text, entry) = if rows == 9 && self.marks {
            let m = Pencilmarks::from_masks(self.cells[..].try_into().expect("81 cells"));
            (m.to_string(), Entry::Pencilmarks(Box::new(m)))
        } else {
            let cells: Vec<u8> = self
                .cells
                .iter()
                .map(|&m| {
                    if m.is_power_of_two() {
                        m.trailing_zeros() as u8 + 1
                    } else {
                        0
                    }
                })
                .collect();
            let text = cells
                .iter()
                .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
                .collect();
            let entry = if rows == 9 {
                match parse_cells(&cells) {
                    Ok(g) => Entry::Puzzle(g),
                    Err(e) => Entry::Invalid(e),
                }
            } else if rows == 1 {
                Entry::Invalid(
                    "expected 81 cells, found 9 (a puzzle is one line of 81 cells, or 9 lines of 9)"
                        .to_string(),
                )
            } else {
                Entry::Invalid(format!(
                    "{rows} rows of 9 cells (lines {}-{}): a grid drawn over lines has 9",
                    self.first, self.last
                ))
            };
            (text, entry)
        };
        // A row that is none: the drawing's reason, at that row's line.
        let (line, entry) = match self.broken.take() {
            Some((number, row, bytes)) => {
                let kind = if self.marks {
                    "pencilmark grid"
                } else {
                    "grid"
                };
                let short = if rows < 9 {
                    format!(" (cut short, {rows} of 9 rows)")
                } else {
                    String::new()
                };
                let why = format!(
                    "row {row} of the {kind} drawn over lines {}-{}{short}: {}",
                    self.first,
                    self.last,
                    row_fault(&bytes, self.marks)
                );
                (number, Entry::Invalid(why))
            }
            None => (self.first, entry),
        };
        self.cells.clear();
        self.marks = false;
        Drawn {
            line,
            text,
            entry,
            bytes: self.bytes,
        }
    }
}

/// Line `number` (its `bytes` with what was held after it) as a line of its own: what
/// [`classify_line`] makes of it.
fn own_line(number: u64, line: &[u8], bytes: u64) -> Option<Drawn> {
    Some(Drawn {
        line: number,
        // (Byte for byte: a reader's echo shows each byte that is no ASCII as one `?`.)
        text: line
            .iter()
            .map(|&b| if b.is_ascii() { char::from(b) } else { '?' })
            .collect(),
        entry: classify_line(number, line, false)?,
        bytes,
    })
}

/// The puzzle of a text holding exactly one drawing ([`GridLines`]) and nothing else but blank
/// and `#` comment lines, or why it is not one; `None` when it holds no drawn row at all.
///
/// ```
/// use simdoku::batch::{Entry, classify_drawn};
/// let text = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
/// assert!(matches!(classify_drawn(text.as_bytes()), Some(Entry::Puzzle(_))));
/// assert!(matches!(classify_drawn(&text.as_bytes()[..30]), Some(Entry::Invalid(_))));
/// assert_eq!(classify_drawn(b"1234\n5678"), None);
/// ```
pub fn classify_drawn(text: &[u8]) -> Option<Entry> {
    let mut grids = GridLines::default();
    let mut found = None;
    let mut rows = false;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        let line = line.trim_ascii();
        rows |= any_row(line).is_some();
        // Blank and comment lines end a drawing, and are no part of the text's puzzle.
        let blank = line.is_empty() || line[0] == b'#';
        let fed = if blank {
            Fed::Other(grids.finish())
        } else {
            grids.feed(i as u64 + 1, line)
        };
        let done = match fed {
            Fed::Taken => continue,
            Fed::Grid(d) => Some(d),
            Fed::LineThenGrid(..) => return Some(not_one("a line that is not a row")),
            Fed::Other(d) if blank => d,
            Fed::Other(_) => return rows.then(|| not_one("a line that is not a row")),
        };
        if let Some(d) = done {
            if found.is_some() || matches!(d.entry, Entry::Invalid(_)) {
                return Some(match (found, d.entry) {
                    (None, e @ Entry::Invalid(_)) => e,
                    _ => not_one("more than one grid"),
                });
            }
            found = Some(d.entry);
        }
    }
    match (found, grids.finish()) {
        (Some(e), None) => Some(e),
        (None, Some(d)) if rows => Some(d.entry),
        (None, _) => None,
        (Some(_), Some(_)) => Some(not_one("more than one grid")),
    }
}

fn not_one(what: &str) -> Entry {
    Entry::Invalid(format!(
        "a grid drawn over lines, and {what}: one puzzle is 9 rows of 9 cells"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SDK: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n\
                       .6....28.\n...419..5\n....8..79";
    const ONE_LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn feed_all(text: &str) -> Vec<(u64, String, Entry)> {
        let mut g = GridLines::default();
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            match g.feed(i as u64 + 1, line.as_bytes()) {
                Fed::Taken => {}
                Fed::Grid(d) => out.push((d.line, d.text, d.entry)),
                Fed::LineThenGrid(l, d) => {
                    out.push((l.line, l.text, l.entry));
                    out.push((d.line, d.text, d.entry));
                }
                Fed::Other(d) => {
                    out.extend(d.map(|d| (d.line, d.text, d.entry)));
                    let n = i as u64 + 1;
                    out.extend(
                        classify_line(n, line.as_bytes(), false).map(|e| (n, line.into(), e)),
                    );
                }
            }
        }
        out.extend(g.finish().map(|d| (d.line, d.text, d.entry)));
        out
    }

    fn puzzle(s: &str) -> Entry {
        Entry::Puzzle(s.parse().unwrap())
    }

    #[test]
    fn reads_the_layouts_other_tools_write() {
        let ss = "53.|.7.|...\n6..|195|...\n.98|...|.6.\n-----------\n8..|.6.|..3\n\
                  4..|8.3|..1\n7..|.2.|..6\n-----------\n.6.|...|28.\n...|419|..5\n...|.8.|.79";
        let hodoku = ".-------.-------.-------.\n| 5 3 0 | 0 7 0 | 0 0 0 |\n\
                      | 6 0 0 | 1 9 5 | 0 0 0 |\n| 0 9 8 | 0 0 0 | 0 6 0 |\n\
                      :-------+-------+-------:\n| 8 0 0 | 0 6 0 | 0 0 3 |\n\
                      | 4 0 0 | 8 0 3 | 0 0 1 |\n| 7 0 0 | 0 2 0 | 0 0 6 |\n\
                      :-------+-------+-------:\n| 0 6 0 | 0 0 0 | 2 8 0 |\n\
                      | 0 0 0 | 4 1 9 | 0 0 5 |\n| 0 0 0 | 0 8 0 | 0 7 9 |\n\
                      '-------'-------'-------'";
        let csv = SDK
            .lines()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c == '.' {
                            String::new()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("\n");
        // JSON as `json.dumps` with an indent, or `JSON.stringify(grid, null, 1)`, writes it:
        // one row a line, numbers or a string of cells, brackets around.
        let rows: Vec<&str> = SDK.lines().collect();
        let numbers: Vec<String> = rows
            .iter()
            .map(|r| {
                let v: Vec<String> = r.replace('.', "0").chars().map(String::from).collect();
                format!("  [{}]", v.join(", "))
            })
            .collect();
        let json_numbers = format!("[\n{}\n]", numbers.join(",\n"));
        let strings: Vec<String> = rows.iter().map(|r| format!("  \"{r}\"")).collect();
        let json_strings = format!("[\n{}\n]", strings.join(",\n"));
        for text in [SDK, ss, hodoku, &csv, &json_numbers, &json_strings] {
            let got = feed_all(text);
            assert_eq!(
                got,
                vec![(1, ONE_LINE.to_string(), puzzle(ONE_LINE))],
                "{text}"
            );
            assert_eq!(classify_drawn(text.as_bytes()), Some(puzzle(ONE_LINE)));
        }
    }

    #[test]
    fn titles_over_puzzles_are_their_names() {
        // Project Euler's file: `Grid 01` over nine rows of nine digits, 0 empty.
        let zeros = SDK.replace('.', "0");
        let text = format!("Grid 01\n{zeros}\nGrid 02\n{zeros}\n[Puzzle]\n{ONE_LINE}\n");
        let got = feed_all(&text);
        let lines: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(lines, vec![1, 11, 22]);
        assert!(got.iter().all(|g| g.2 == puzzle(ONE_LINE)), "{got:?}");
        assert_eq!(
            classify_drawn(format!("Grid 01\n{SDK}").as_bytes()),
            Some(puzzle(ONE_LINE))
        );
        // With no puzzle after it a title is the invalid line it was: at the end, before a
        // blank line or before another line.
        for text in [
            format!("{ONE_LINE}\nGrid 03"),
            format!("{ONE_LINE}\nGrid 03\n\n{ONE_LINE}"),
            format!("{ONE_LINE}\nGrid 03\nhello\n{ONE_LINE}"),
        ] {
            let got = feed_all(&text);
            assert!(
                got.iter()
                    .any(|g| g.0 == 2 && matches!(&g.2, Entry::Invalid(r) if r.contains("'G'"))),
                "{text}: {got:?}"
            );
        }
    }

    #[test]
    fn drawings_mix_with_puzzle_lines_in_order() {
        let text = format!("# two\n{ONE_LINE}\n\n{SDK}\n{ONE_LINE},x\n{SDK}\n");
        let got = feed_all(&text);
        let lines: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(lines, vec![2, 4, 13, 14]);
        assert!(got.iter().all(|g| g.2 == puzzle(ONE_LINE)));
    }

    #[test]
    fn a_drawing_cut_short_is_one_invalid_entry_where_it_starts() {
        let rows: Vec<&str> = SDK.lines().collect();
        let text = format!("{}\n\n{ONE_LINE}\n{}\n", rows[..4].join("\n"), rows[0]);
        let got = feed_all(&text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].0, 1);
        assert_eq!(
            got[0].2,
            Entry::Invalid("4 rows of 9 cells (lines 1-4): a grid drawn over lines has 9".into())
        );
        assert_eq!(got[1], (6, ONE_LINE.to_string(), puzzle(ONE_LINE)));
        assert_eq!(got[2].0, 7);
        assert!(
            matches!(&got[2].2, Entry::Invalid(r) if r.starts_with("expected 81 cells, found 9"))
        );
    }

    #[test]
    fn rules_alone_stay_lines_of_their_own() {
        let got = feed_all("------\n1234\n");
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, 1);
        assert!(matches!(&got[0].2, Entry::Invalid(r) if r.contains("unexpected '-'")));
        // A rule after a finished grid is its border, not a line of its own.
        assert_eq!(feed_all(&format!("{SDK}\n-----\n")).len(), 1);
    }

    #[test]
    fn pencilmark_grids_are_pencilmark_puzzles() {
        // The puzzle's own marks (a given alone, an empty cell all nine) drawn with candidate
        // lists, one cell narrowed to two candidates.
        let g: simdoku_core::Grid = ONE_LINE.parse().unwrap();
        let mut masks = *Pencilmarks::from_grid(&g).masks();
        masks[2] = 0b1_0000_0001; // r1c3: 1 or 9 (its solution digit is 4: no solution)
        masks[3] = 0b0_0010_0100; // r1c4: 3 or 6 (its solution digit is 6)
        let rows: Vec<String> = (0..9)
            .map(|r| {
                let cell = |c: usize| -> String {
                    (0..9)
                        .filter(|k| masks[9 * r + c] >> k & 1 == 1)
                        .map(|k| char::from(b'1' + k as u8))
                        .collect()
                };
                let third = |b: usize| (3 * b..3 * b + 3).map(cell).collect::<Vec<_>>().join(" ");
                format!("| {} | {} | {} |", third(0), third(1), third(2))
            })
            .collect();
        let text = format!(".---.---.---.\n{}\n'---'---'---'", rows.join("\n"));
        let want = Entry::Pencilmarks(Box::new(Pencilmarks::from_masks(masks)));
        let got = feed_all(&text);
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0, &got[0].2), (1, &want));
        assert_eq!(got[0].1, Pencilmarks::from_masks(masks).to_string());
        assert_eq!(classify_drawn(text.as_bytes()), Some(want));
        // A row that repeats a digit in a cell, or has ten cells, is no row.
        assert_eq!(marks_row(b"12 3 4 5 6 7 8 9 11"), None);
        assert_eq!(marks_row(b"1 2 3 4 5 6 7 8 9 1"), None);
        assert_eq!(
            marks_row(b"1 2 3 4 5 6 7 8 9"),
            Some([1, 2, 4, 8, 16, 32, 64, 128, 256])
        );
    }

    /// A pencilmark grid's row with a cell drawn `.` or `0` was no row (a row of values with
    /// the same `.` was read, all nine candidates), and a broken row gave "expected 81 cells,
    /// found 2": now `.` and `0` alone are empty cells, and a broken row says what is wrong.
    #[test]
    fn what_looks_like_a_pencilmark_row_and_is_none() {
        assert_eq!(
            marks_row_fault(b"4 1679 12679 | 139 2369 1269 | 8 1239"),
            Some("a row of a pencilmark grid: 8 cells, a row has 9".into())
        );
        assert!(
            marks_row_fault(b"4 1679 12779 | 139 2369 1269 | 8 1239 5")
                .unwrap()
                .contains("7 twice")
        );
        // A row; a line of words; too few groups to be taken for a row.
        assert_eq!(
            marks_row_fault(b"4 1679 12679 | 139 2369 1269 | 8 1239 5"),
            None
        );
        assert_eq!(marks_row_fault(b"expected 81 cells"), None);
        assert_eq!(marks_row_fault(b"12 34 56"), None);
    }

    #[test]
    fn pencilmark_rows_with_empty_cells_and_broken_rows() {
        assert_eq!(
            marks_row(b"12 . 3 | 0 5 _ | 7 8 9"),
            Some([3, ALL, 4, ALL, 16, ALL, 64, 128, 256])
        );
        let rows = [
            "4 1679 12679 | 139 2369 1269 | 8 1239 5",
            ". 2 3 | 4 5 6 | 7 8 9",
            "4 . 12679 | 139 0 1269 | 8 1239 5",
        ];
        let text = [
            rows[0], rows[1], rows[2], rows[0], rows[1], rows[2], rows[0], rows[1], rows[2],
        ]
        .join("\n");
        let Some(Entry::Pencilmarks(m)) = classify_drawn(text.as_bytes()) else {
            panic!("{text}")
        };
        assert_eq!(m.candidates(9), ALL); // row 2's `.`, a row of values
        assert_eq!(m.candidates(19), ALL); // row 3's `.`, a pencilmark row
        assert_eq!(m.candidates(22), ALL); // and its `0`
        assert_eq!(m.candidates(20), 0b1_0110_0011);
        for (row, why) in [
            (
                "4 1679 12679 | 139 2369 1269 | 8 1239",
                "8 cells, a row has 9",
            ),
            (
                "4 1679 12679 | 139 2369 1269 | 8 1239 5 6",
                "10 cells, a row has 9",
            ),
            (
                "4 1679 12779 | 139 2369 1269 | 8 1239 5",
                "cell 3 ('12779') lists 7 twice",
            ),
            (
                "4 1679 12670 | 139 2369 1269 | 8 1239 5",
                "cell 3 is '12670'",
            ),
            (
                "4 1.79 12679 | 139 2369 1269 | 8 1239 5",
                "cell 2 is '1.79'",
            ),
        ] {
            let got = classify_line(6, row.as_bytes(), false);
            assert!(
                matches!(&got, Some(Entry::Invalid(r)) if r.contains("a row of a pencilmark grid") && r.contains(why)),
                "{row}: {got:?}"
            );
        }
    }

    #[test]
    fn a_drawn_grid_with_contradictory_givens_says_where() {
        let bad = SDK.replacen("53..7....", "55..7....", 1);
        let got = feed_all(&bad);
        assert!(
            matches!(&got[0].2, Entry::Invalid(r) if r.contains("r1")),
            "{got:?}"
        );
    }

    #[test]
    fn text_of_one_drawing_only() {
        assert_eq!(classify_drawn(b"1234"), None);
        assert_eq!(classify_drawn(ONE_LINE.as_bytes()), None);
        assert!(matches!(
            classify_drawn(format!("{SDK}\n{SDK}").as_bytes()),
            Some(Entry::Invalid(r)) if r.contains("more than one")
        ));
        assert!(matches!(
            classify_drawn(format!("{SDK}\nhello").as_bytes()),
            Some(Entry::Invalid(_))
        ));
        assert_eq!(
            classify_drawn(format!("\n{SDK}\n\n").as_bytes()),
            Some(puzzle(ONE_LINE))
        );
    }

    /// A pencilmark grid as `HoDoKu` prints one (the candidates of a puzzle with one solution).
    const MARKS: &str = "4 1679 12679 | 139 2369 269 | 8 1239 5
26789 3 1256789 | 14589 24569 245689 | 12679 1249 124679
2689 15689 125689 | 7 234569 245689 | 12369 12349 123469
------+-------+------
3789 2 15789 | 3459 34579 4579 | 13579 6 13789
3679 15679 15679 | 359 8 25679 | 4 12359 12379
36789 4 56789 | 359 1 25679 | 23579 23589 23789
------+-------+------
289 89 289 | 6 459 3 | 1259 7 12489
5 6789 3 | 2 479 1 | 69 489 4689
1 6789 4 | 589 579 5789 | 23569 23589 23689";

    /// `text` with the first `from` on line `n` (from 1) replaced by `to`.
    fn on_line(text: &str, n: usize, from: &str, to: &str) -> String {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[n - 1] = lines[n - 1].replacen(from, to, 1);
        lines.join("\n")
    }

    /// The line and entry of each record (the text of a broken drawing is its rows as read).
    fn records(text: &str) -> Vec<(u64, Entry)> {
        feed_all(text).into_iter().map(|(n, _, e)| (n, e)).collect()
    }

    fn invalid(n: u64, why: &str) -> (u64, Entry) {
        (n, Entry::Invalid(why.into()))
    }

    const MARKS_HINT: &str = "(a cell lists its candidates 1-9; '.' or '0' alone is an empty cell)";
    const VALUES_HINT: &str = "(cells are 1-9, or 0, . or _ for empty)";

    /// A row that was no row ended the drawing: the rows above it and the rows below it were
    /// two drawings cut short, and the row a line of its own: three invalid entries for one
    /// grid, none of them at its place in it.
    #[test]
    fn a_broken_row_is_one_invalid_entry_at_its_line() {
        assert!(matches!(records(MARKS)[..], [(1, Entry::Pencilmarks(_))]));
        let pm = |n: usize, from: &str, to: &str| records(&on_line(MARKS, n, from, to));
        assert_eq!(
            pm(5, "8", "x"),
            [invalid(
                5,
                &format!(
                    "row 4 of the pencilmark grid drawn over lines 1-11: column 3: unexpected \
                     'x' {MARKS_HINT}"
                )
            )]
        );
        assert_eq!(
            pm(2, "1256789", "12567889"),
            [invalid(
                2,
                "row 2 of the pencilmark grid drawn over lines 1-11: cell 3 ('12567889') lists \
                 8 twice"
            )]
        );
        assert_eq!(
            pm(6, " 4 ", " "),
            [invalid(
                6,
                "row 5 of the pencilmark grid drawn over lines 1-11: 8 cells, a row has 9"
            )]
        );
        // The first row and the last.
        assert_eq!(
            pm(1, "1679", "1x79"),
            [invalid(
                1,
                &format!(
                    "row 1 of the pencilmark grid drawn over lines 1-11: column 4: unexpected \
                     'x' {MARKS_HINT}"
                )
            )]
        );
        assert_eq!(
            pm(11, "5789", "57o9"),
            [invalid(
                11,
                &format!(
                    "row 9 of the pencilmark grid drawn over lines 1-11: column 22: unexpected \
                     'o' {MARKS_HINT}"
                )
            )]
        );
        // A grid of values, bare or drawn with borders, the same.
        let sdk = |n: usize, from: &str, to: &str| records(&on_line(SDK, n, from, to));
        assert_eq!(
            sdk(4, "8", "x"),
            [invalid(
                4,
                &format!(
                    "row 4 of the grid drawn over lines 1-9: column 1: unexpected 'x' {VALUES_HINT}"
                )
            )]
        );
        assert_eq!(
            sdk(1, "5", "x"),
            [invalid(
                1,
                &format!(
                    "row 1 of the grid drawn over lines 1-9: column 1: unexpected 'x' {VALUES_HINT}"
                )
            )]
        );
        assert_eq!(
            sdk(9, "8..", "8."),
            [invalid(
                9,
                "row 9 of the grid drawn over lines 1-9: 8 cells, a row has 9"
            )]
        );
        let rows: Vec<String> = SDK
            .lines()
            .map(|r| {
                let c: Vec<String> = r.chars().map(String::from).collect();
                format!(
                    "| {} | {} | {} |",
                    c[..3].join(" "),
                    c[3..6].join(" "),
                    c[6..].join(" ")
                )
            })
            .collect();
        let rule = "+-------+-------+-------+";
        let boxed = format!(
            "{rule}\n{}\n{rule}\n{}\n{rule}\n{}\n{rule}",
            rows[..3].join("\n"),
            rows[3..6].join("\n"),
            rows[6..].join("\n")
        );
        assert_eq!(records(&boxed), [(1, puzzle(ONE_LINE))]);
        for (n, from, to, row, why) in [
            (2, "5", "x", 1, "column 3: unexpected 'x'"),
            (7, "4", "*", 5, "column 3: unexpected '*'"),
            (12, "| . 7", "| 7", 9, "8 cells, a row has 9"),
        ] {
            let hint = if why.contains("unexpected") {
                VALUES_HINT
            } else {
                ""
            };
            let why = format!("row {row} of the grid drawn over lines 1-12: {why} {hint}");
            assert_eq!(
                records(&on_line(&boxed, n, from, to)),
                [invalid(n as u64, why.trim_end())],
                "line {n}"
            );
        }
    }

    #[test]
    fn around_a_broken_row() {
        // Cut short too: one entry, at the broken row, that says both.
        let short: Vec<&str> = MARKS.lines().take(6).collect();
        let text = on_line(&short.join("\n"), 6, "8", "x");
        assert_eq!(
            records(&format!("{text}\n\n{ONE_LINE}")),
            [
                invalid(
                    6,
                    &format!(
                        "row 5 of the pencilmark grid drawn over lines 1-6 (cut short, 5 of 9 \
                         rows): column 24: unexpected 'x' {MARKS_HINT}"
                    )
                ),
                (8, puzzle(ONE_LINE))
            ]
        );
        // A row missing: as it was, nothing broken.
        let missing: Vec<&str> = MARKS.lines().filter(|l| !l.starts_with("3679")).collect();
        assert_eq!(
            records(&missing.join("\n")),
            [invalid(
                1,
                "8 rows of 9 cells (lines 1-10): a grid drawn over lines has 9"
            )]
        );
        // Two grids, a blank line between, one broken: the other is read.
        let broken = on_line(MARKS, 9, "459", "45x");
        let got = records(&format!("{MARKS}\n\n{broken}\n\n{MARKS}"));
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(matches!(got[0], (1, Entry::Pencilmarks(_))));
        let why = format!(
            "row 7 of the pencilmark grid drawn over lines 13-23: column 18: unexpected 'x' \
             {MARKS_HINT}"
        );
        assert_eq!(got[1], invalid(21, &why));
        assert_eq!(got[2], (25, got[0].1.clone()));
        // A line that stands for a row right above nine rows is a line of its own, and the grid
        // is read; above eight, it is their first row.
        assert_eq!(
            records(&format!("12345678\n{SDK}")),
            [
                invalid(1, "expected 81 cells, found 8"),
                (2, puzzle(ONE_LINE))
            ]
        );
        let eight: Vec<&str> = SDK.lines().skip(1).collect();
        assert_eq!(
            records(&format!("12345678\n{}", eight.join("\n"))),
            [invalid(
                1,
                "row 1 of the grid drawn over lines 1-9: 8 cells, a row has 9"
            )]
        );
        // Lines that do not stand for rows still end a drawing: a line too short, words, a
        // title, a puzzle.
        let three: Vec<&str> = SDK.lines().take(3).collect();
        let three = three.join("\n");
        for (after, own) in [
            ("1234", "expected 81 cells, found 4"),
            (
                "hello world",
                "column 1: unexpected 'h' (cells are 1-9, or 0, . or _ for empty)",
            ),
            (
                "Grid 02",
                "column 1: unexpected 'G' (cells are 1-9, or 0, . or _ for empty)",
            ),
        ] {
            assert_eq!(
                records(&format!("{three}\n{after}")),
                [
                    invalid(
                        1,
                        "3 rows of 9 cells (lines 1-3): a grid drawn over lines has 9"
                    ),
                    invalid(4, own)
                ],
                "{after}"
            );
        }
        // A nine-row puzzle on one line is read as the puzzle it is.
        let spaced: Vec<&str> = SDK.lines().collect();
        assert_eq!(
            records(&format!("{three}\n{}", spaced.join(" "))),
            [
                invalid(
                    1,
                    "3 rows of 9 cells (lines 1-3): a grid drawn over lines has 9"
                ),
                (4, puzzle(ONE_LINE))
            ]
        );
        // Text of one drawing: its entry.
        assert_eq!(
            classify_drawn(on_line(SDK, 4, "8", "x").as_bytes()),
            Some(Entry::Invalid(format!(
                "row 4 of the grid drawn over lines 1-9: column 1: unexpected 'x' {VALUES_HINT}"
            )))
        );
    }
}
