//! Text forms of large grids: reading a file's text into puzzles, writing grids back.
//!
//! Two forms of grid are read, and may be mixed in one file:
//!
//! * **line form**: one grid per line, one character per cell, `1`-`9` then `A`-`Z` (or
//!   `a`-`z`) for 10-35, `0` or `.` empty. The side comes from the number of cells: 16 (4x4),
//!   36 (6x6), 64 (8x8), 81 (9x9), ... up to 1225 (35x35). Anything after the cells that starts
//!   with a space, a comma or a tab (a solution, a comment) is ignored. Two other alphabets are
//!   told from the grid itself ([`Alphabet`]): `0`-`9` then `A`-`Z` for 1-36 with `.` empty (a
//!   16x16 "hexadoku" in `0`-`F`), and letters alone, `A` = 1 (a 25x25 in `A`-`Y`).
//! * **number form**: N lines of N numbers separated by white space (or by `,` or `;`, as in
//!   comma-separated rows, fields in double quotes or not), `0` or `.` empty, for any N from 4 to
//!   400. The first row sets N. `|` between numbers, brackets around rows (numpy's `print(array)`:
//!   `[[0 7 6 ...]`) and border lines made of `+`, `-` and `|` are ignored, and so is a `#` and
//!   what follows it on a row. A grid ends after its N-th row; a blank line may follow. A blank
//!   line before it (after every band of rows, as some tools print them) does not end it when a
//!   row of the same width follows. When the lines are not the rows of a grid, the numbers up to a
//!   blank line, a shape line or the end are read as one stream of N x N values, whatever the line
//!   breaks (a 144x144 posted as rows wrapped over 8 lines of 18, a 16x16 on one line of 256
//!   numbers, a 9x9 written 27 values a line); see `Streams`. Line-form cells wrapped over lines (a
//!   9x9 as 9 lines of 9 characters, bands of rows apart or not) are read the same way when the
//!   first line is no whole grid; when every line held one row, the grid's form is [`Form::Rows`]
//!   and it is written back so.
//!
//! The regions of a grid of side N are its boxes, by default the most nearly square R x C
//! boxes with R <= C (rows x columns of one box): 4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5,
//! 12: 3x4, 15: 3x5, 16: 4x4, 20: 4x5, ... A line before a grid changes that grid only:
//!
//! * `Boxes RxC` (any case, e.g. `Boxes 3x2`): boxes of R rows and C columns, R * C = N;
//! * `Jigsaw`: irregular regions, given by a region map read next, in either form, before the
//!   grid: N x N labels, one per cell (line form: any character but space, `,` and `#`, on
//!   one line or N lines of N; number form: any whitespace-separated word), N distinct labels
//!   of N cells each;
//! * `Sudoku X` (also `Sudoku-X`, `SudokuX`, `X`, `X-Sudoku`, `X Sudoku`): both main diagonals
//!   all-different too.
//!
//! A line that is only a size, `NxN` (`16x16`), is an empty grid of that side (with the lines
//! before it, like any grid). With these, every file sigh's Large-Sudoku-Solver reads is read.
//!
//! A line starting with `#` is a comment, and so is a title before a grid: a line of words
//! that are not all values and unlike the grid's first row (`Puzzle from the forum`); one that
//! names `Sudoku X` (or `X-Sudoku`, ...) among its words marks that grid so, as sigh's solver
//! reads it. Every problem is reported with the line it is on (and a number-form value with its
//! row and column in the grid).
use std::fmt::Write as _;

use crate::grid::LargeGrid;
use crate::shape::{MAX_SIDE, Regions, Shape};

/// Which of the two text forms a puzzle was read from (output uses the same one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// One grid per line, one character per cell.
    Line,
    /// One character per cell, one row a line (N lines of N characters).
    Rows,
    /// N lines of N numbers.
    Numbers,
}

/// How the characters of a grid written one character a cell stand for values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`-`9` then `A`-`Z` (or `a`-`z`) for 10-35; `0` or `.` empty.
    #[default]
    Standard,
    /// `0`-`9` then `A`-`Z` for 1-36; `.` empty (a 16x16 written in `0`-`F`). Told from a grid
    /// of side 10 or more with a `0` and no character for the value N in the standard reading
    /// (no `G` on a 16x16), whose empty cells are `.` or which has no more `0`s than one value
    /// has cells (a full grid): `0` is then a value, not the empty mark.
    ZeroBased,
    /// `A`-`Z` for 1-26; `.` or `0` empty (a 25x25 written in `A`-`Y`). Told from a grid with
    /// no digit 1-9 whose letters are all in range in this reading and either out of range in
    /// the standard one or at least N in number (a 16x16 in `A`-`P` whose givens are `A`-`F`).
    Letters,
}

impl Alphabet {
    /// The value of a cell character (0 for an empty cell); `None` for a character that is no
    /// cell.
    pub fn value(self, ch: u8) -> Option<u8> {
        let v = char_value(ch)?;
        match self {
            Alphabet::Standard => Some(v),
            Alphabet::ZeroBased => match ch {
                b'.' => Some(0),
                _ => Some(v + 1),
            },
            Alphabet::Letters => match ch {
                b'.' | b'0' => Some(0),
                b'1'..=b'9' => None,
                _ => Some(v - 9),
            },
        }
    }

    /// The character of a value (`.` for 0); `None` beyond the alphabet.
    pub fn char_of(self, v: u8) -> Option<char> {
        match (self, v) {
            (_, 0) => Some('.'),
            (Alphabet::Standard, _) => value_char(v),
            (Alphabet::ZeroBased, 1..=36) => {
                value_char(v - 1).map(|c| if c == '.' { '0' } else { c })
            }
            (Alphabet::Letters, 1..=26) => Some((b'A' + v - 1) as char),
            _ => None,
        }
    }

    /// The alphabet `cells` (characters of a grid of `side`) are written in.
    pub fn of(cells: &[u8], side: usize) -> Alphabet {
        let standard = cells
            .iter()
            .filter_map(|&c| char_value(c))
            .max()
            .unwrap_or(0);
        // `0` as a value: it appears, the value N never does in the standard reading, and
        // either `.` marks the empty cells or there are no more `0`s than one value has.
        let zeros: usize = cells.iter().map(|&c| usize::from(c == b'0')).sum();
        let zero_based = side >= 10
            && usize::from(standard) < side
            && zeros > 0
            && (cells.contains(&b'.') || zeros <= side);
        if zero_based {
            return Alphabet::ZeroBased;
        }
        // Letters: out of range in the standard reading, or a grid of at least N givens with
        // no digit at all (a 16x16 in A-P whose givens use only A-F: in the standard reading
        // every given would be 10 or more, which N givens out of 16 values almost never are).
        let givens = cells.iter().filter(|c| c.is_ascii_alphabetic()).count();
        let letters = side <= 26
            && (usize::from(standard) > side || givens >= side)
            && !cells.iter().any(|c| (b'1'..=b'9').contains(c))
            && cells.iter().all(|&c| {
                Alphabet::Letters
                    .value(c)
                    .is_some_and(|v| usize::from(v) <= side)
            });
        if letters {
            Alphabet::Letters
        } else {
            Alphabet::Standard
        }
    }
}

/// A puzzle read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The 1-based line of its first row.
    pub line: usize,
    /// The givens, with the grid's shape.
    pub grid: LargeGrid,
    /// Sudoku-X (a `Sudoku X` line came before it).
    pub x: bool,
    /// The text form it was written in (a solution is written back in the same one).
    pub form: Form,
    /// The characters of a grid in the line or rows form ([`Alphabet::Standard`] for numbers).
    pub alphabet: Alphabet,
}

/// A grid that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The 1-based line where the problem is.
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for TextError {}

/// The value of a line-form character: `0`/`.` 0, `1`-`9`, `A`-`Z`/`a`-`z` 10-35.
fn char_value(ch: u8) -> Option<u8> {
    match ch {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(ch - b'0'),
        b'A'..=b'Z' => Some(ch - b'A' + 10),
        b'a'..=b'z' => Some(ch - b'a' + 10),
        _ => None,
    }
}

/// The line-form character of a value (0 is `.`); `None` above 35.
pub fn value_char(v: u8) -> Option<char> {
    match v {
        0 => Some('.'),
        1..=9 => Some((b'0' + v) as char),
        10..=35 => Some((b'A' + v - 10) as char),
        _ => None,
    }
}

/// The largest side of the line form (values up to `Z` = 35).
pub const MAX_LINE_SIDE: usize = 35;

/// The side of a line-form grid of `len` cells: a square of 4..=35.
fn line_side(len: usize) -> Option<usize> {
    (4..=MAX_LINE_SIDE).find(|s| s * s == len)
}

/// A grid being read in the number form, row by row.
struct Block {
    start: usize,
    side: usize,
    /// A region map (labels kept as words), not a puzzle.
    map: bool,
    cells: Vec<u16>,
    labels: Vec<String>,
    rows: usize,
    error: Option<TextError>,
    /// Whether the block was tried as one stream of values (once, at its first problem), or
    /// is no stream: its rows went on past a blank line.
    streamed: bool,
    /// Why the stream did not read either, for the error that ends the block.
    hint: String,
    /// The blank lines (between bands) its rows went on past.
    apart: usize,
}

/// The lines before a grid that set its shape and variant.
#[derive(Default)]
struct Pending {
    x: bool,
    /// `Boxes RxC`: rows, columns, the line it was on.
    boxes: Option<(usize, usize, usize)>,
    jigsaw: Jigsaw,
    /// An `NxN` line between `Jigsaw` and its region map (side, line): the empty grid is
    /// that jigsaw's, made when the map has been read.
    empty: Option<(usize, usize)>,
}

/// Where a jigsaw stands.
#[derive(Default)]
enum Jigsaw {
    #[default]
    None,
    /// A `Jigsaw` line (its line number): the next grid is the region map.
    WantMap(usize),
    /// The map was read (its first line): the next grid is the puzzle.
    Map(usize, Result<Shape, TextError>),
}

impl Pending {
    /// The shape of a grid of side `side` that starts at line `ln`, from the lines before it;
    /// takes them.
    fn shape(&mut self, side: usize, ln: usize) -> Result<Shape, TextError> {
        let boxes = self.boxes.take();
        match std::mem::take(&mut self.jigsaw) {
            Jigsaw::Map(_, Err(e)) => return Err(e),
            Jigsaw::Map(at, Ok(shape)) => {
                if shape.side() != side {
                    return Err(TextError {
                        line: ln,
                        reason: format!(
                            "a {side}x{side} grid after the {0}x{0} region map at line {at}",
                            shape.side()
                        ),
                    });
                }
                return Ok(shape);
            }
            Jigsaw::WantMap(at) => {
                return Err(TextError {
                    line: ln,
                    reason: format!(
                        "a {side}x{side} grid after the `Jigsaw` line at line {at}, whose \
                         region map is missing"
                    ),
                });
            }
            Jigsaw::None => {}
        }
        if let Some((rows, cols, at)) = boxes {
            if rows.checked_mul(cols) != Some(side) {
                return Err(TextError {
                    line: ln,
                    reason: format!(
                        "a {side}x{side} grid with the boxes of {rows}x{cols} of line {at} \
                         (their side is {})",
                        rows.checked_mul(cols)
                            .map_or("too large".to_string(), |s| s.to_string())
                    ),
                });
            }
            return Shape::boxes(rows, cols).map_err(|reason| TextError { line: at, reason });
        }
        Shape::default_for_side(side).ok_or_else(|| TextError {
            line: ln,
            reason: format!(
                "a {side}x{side} grid has no boxes ({side} has no factors R, C of 2 or more); \
                 put a `Jigsaw` line and a region map before it"
            ),
        })
    }
}

/// The rows of one band (of boxes) of a grid of `side` with the shape the lines before it set;
/// `None` for a jigsaw (no bands) or boxes that do not fit `side`.
fn band_rows(pending: &Pending, side: usize) -> Option<usize> {
    if !matches!(pending.jigsaw, Jigsaw::None) {
        return None;
    }
    match pending.boxes {
        Some((rows, cols, _)) => (rows.checked_mul(cols) == Some(side)).then_some(rows),
        None => match Shape::default_for_side(side)?.regions() {
            Regions::Boxes { rows, .. } => Some(*rows),
            Regions::Jigsaw(_) => None,
        },
    }
}

/// Whether a grid of `side` with `rows` of its rows read, past `apart` blank lines so far,
/// goes on past the blank line(s) after them: it is short of rows, every band of them so far
/// ended with a blank line (this one ends the next: a grid cut short after three bands of a
/// file whose grids have no blank lines inside is no grid with the next one's first band),
/// and the next line that is not blank, a row of `cells` cells, is one more of its rows.
fn goes_on_past_blank(
    pending: &Pending,
    side: usize,
    rows: usize,
    apart: usize,
    cells: usize,
) -> bool {
    rows < side
        && cells == side
        && band_rows(pending, side).is_some_and(|band| rows == band * (apart + 1))
}

/// The index of the first line after index `i` that is not blank (`lines.len()` if none).
fn next_non_blank(lines: &[&str], i: usize) -> usize {
    (i + 1..lines.len())
        .find(|&j| !lines[j].trim().is_empty())
        .unwrap_or(lines.len())
}

/// Whether trimmed `line` is a row of a grid in the number form: not a comment, border or shape
/// line, and every word a number or `.`; its count of words (at most `MAX_SIDE + 1` counted).
fn number_row(line: &str) -> Option<usize> {
    if line.starts_with('#') || is_border(line) || is_header(line) {
        return None;
    }
    let mut count = 0;
    for w in value_words(line).take(MAX_SIDE + 1) {
        if !is_number_word(w) {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// A region map read (or why it is none), for the next grid; when an `NxN` line came between
/// the `Jigsaw` line and the map, that empty grid is made now, with it.
fn set_map(pending: &mut Pending, out: &mut Out<'_>, at: usize, shape: Result<Shape, TextError>) {
    pending.jigsaw = Jigsaw::Map(at, shape);
    if let Some((side, ln)) = pending.empty.take() {
        push_empty(pending, out, side, ln);
    }
}

/// The empty grid of an `NxN` line at line `ln`, with the lines before it; takes them.
fn push_empty(pending: &mut Pending, out: &mut Out<'_>, side: usize, ln: usize) {
    let x = pending.x;
    out.push(pending.shape(side, ln).map(|shape| Puzzle {
        line: ln,
        grid: LargeGrid::empty_of(shape),
        x,
        form: Form::Numbers,
        alphabet: Alphabet::Standard,
    }));
    *pending = Pending::default();
}

fn is_border(line: &str) -> bool {
    line.contains(['+', '-'])
        && line
            .chars()
            .all(|c| matches!(c, '+' | '-' | '|' | '=' | ' ' | '\t'))
}

/// `Boxes RxC` (any case, spaces around `x` allowed): rows and columns; `None` for any other
/// line; `Some(Err)` for a `Boxes` line that is malformed.
fn boxes_line(lower: &str) -> Option<Result<(usize, usize), String>> {
    let rest = lower.strip_prefix("boxes")?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let spec: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let parsed = spec
        .split_once(['x', '*'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
    Some(parsed.ok_or_else(|| {
        format!(
            "`Boxes {}`: write the box as RxC, e.g. `Boxes 2x3`",
            rest.trim()
        )
    }))
}

/// `Sudoku X` and its spellings (those of sigh's solver among them: `X-Sudoku`, `X Sudoku`).
fn is_x_line(lower: &str) -> bool {
    matches!(
        lower,
        "sudoku x" | "sudoku-x" | "sudokux" | "x" | "x-sudoku" | "x sudoku" | "xsudoku"
    )
}

/// Whether a title (`Sudoku X puzzle from the forum`) names the Sudoku X variant in one of the
/// spellings of a `Sudoku X` line ([`is_x_line`]), as words of it; `X` alone is no name.
fn names_x(title: &str) -> bool {
    let lower = before_comment(title).to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().any(|&w| w != "x" && is_x_line(w))
        || words.windows(2).any(|p| is_x_line(&p.join(" ")))
}

/// Whether a word is a number-form value: a number or `.`.
fn is_number_word(w: &str) -> bool {
    w == "." || w.parse::<u32>().is_ok()
}

/// Whether line `i` (no shape line, not in the line form) is a title before a grid rather than
/// its first row: two words or more, not all of them numbers or `.`, with letters and no
/// control characters (`Puzzle from the forum`, `a b c d e`), unlike the next line that is not blank: another count of words, or as many
/// but other characters in all when that line holds cell characters in groups (`.1F. GA.5 ...`;
/// a row of numbers after a row of as many words is a grid whose first row has a word that is
/// no value, an error). The caller still reads the line as the first row of cell characters
/// when it is one.
fn is_title(lines: &[&str], i: usize) -> bool {
    let line = lines[i].trim();
    let words: Vec<&str> = value_words(line).take(MAX_SIDE + 1).collect();
    // (Words with letters: junk of control and other bytes is no title.)
    if words.len() < 2
        || words.iter().all(|w| is_number_word(w))
        || !line.contains(|c: char| c.is_ascii_alphabetic())
        || line.contains(|c: char| c.is_control() && c != '\t')
    {
        return false;
    }
    let Some(next) = lines[i + 1..]
        .iter()
        .map(|l| l.trim())
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        // (No grid after it: junk, reported as before.)
        return false;
    };
    if is_header(next) {
        return true;
    }
    let after: Vec<&str> = value_words(next).take(MAX_SIDE + 1).collect();
    let chars = |w: &[&str]| w.iter().map(|w| w.len()).sum::<usize>();
    after.len() != words.len()
        || (!after.iter().all(|w| is_number_word(w)) && chars(&after) != chars(&words))
}

/// A line that is only a size, `NxN` (as sigh's solver reads it; spaces around the `x`
/// allowed): an empty grid of that side, or why it is none (`401x401`, `3x3`, `16x9`).
fn size_line(lower: &str) -> Option<Result<usize, String>> {
    let (a, b) = lower.split_once('x')?;
    let (a, b) = (a.trim_end(), b.trim_start());
    // Short numbers only: a 35x35 written one row a line may hold an `x` (33) between digits.
    let number = |t: &str| (1..=6).contains(&t.len()) && t.bytes().all(|c| c.is_ascii_digit());
    if !number(a) || !number(b) {
        return None;
    }
    let (rows, cols): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
    Some(if rows != cols {
        Err(format!(
            "`{rows}x{cols}`: an empty grid's size line is NxN, the same side twice (grids are \
             square; boxes are set by a `Boxes RxC` line)"
        ))
    } else if !(4..=MAX_SIDE).contains(&rows) {
        Err(format!(
            "`{rows}x{rows}`: an empty grid's side is 4 to {MAX_SIDE}, not {rows}"
        ))
    } else {
        Ok(rows)
    })
}

/// Whether `line` is a size line, `NxN` (`16x16`; a malformed one such as `16x9` too, which
/// the reader reports): what `simdoku large` takes for an empty grid in place of a file.
///
/// ```
/// use simdoku_large::text::is_size_line;
/// assert!(is_size_line("16x16") && is_size_line("25X25") && !is_size_line("grids.txt"));
/// ```
pub fn is_size_line(line: &str) -> bool {
    size_line(&header_lower(line.trim())).is_some()
}

/// A line up to a `#` that starts a comment after it (all of it without one).
fn before_comment(line: &str) -> &str {
    line.find('#').map_or(line, |k| &line[..k])
}

/// A trimmed line in lower case without a `#` comment after it, to be matched against the
/// shape lines (`Sudoku X  # diagonals`, as number-form rows take a comment); empty for a line
/// too long to be one (a grid's row, a 200 MB line of junk: no copy of it).
fn header_lower(line: &str) -> String {
    if line.len() <= 100 {
        before_comment(line).trim_end().to_ascii_lowercase()
    } else {
        String::new()
    }
}

/// A line that sets the next grid's shape or variant (`Sudoku X`, `Boxes RxC`, `Jigsaw`), or
/// is an empty grid's size (`NxN`); it ends any grid being read. `line` is trimmed.
fn is_header(line: &str) -> bool {
    let lower = header_lower(line);
    is_x_line(&lower)
        || boxes_line(&lower).is_some()
        || lower == "jigsaw"
        || size_line(&lower).is_some()
}

/// What separates the values of a number-form row: white space, `|`, the `,` or `;` of
/// comma-separated rows, and the brackets around rows that numpy's `print(array)` writes
/// (`[[0 7 6 ...]`, ` [0 0 2 ...]]`).
fn is_value_sep(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | ',' | ';' | '[' | ']')
}

/// The values of a number-form line: its words between separators ([`is_value_sep`]) before
/// any `#`. A comma- (or semicolon-) separated line that leaves a field empty, as spreadsheets
/// write an empty cell (`5,,3`), is read field by field with each empty field a `.`
/// ([`empty_field_sep`]). A word in double quotes is the word inside them, as a CSV file
/// quotes every field (`"5","","3"`): `""` is an empty field.
fn value_words(line: &str) -> impl Iterator<Item = &str> {
    let body = before_comment(line);
    let sep = empty_field_sep(body);
    let body = if sep.is_some() { body.trim() } else { body };
    body.split(move |c: char| sep.map_or_else(|| is_value_sep(c), |s| c == s))
        .filter_map(move |t| {
            let (t, quoted) = unquoted(t)?;
            match (t.is_empty(), sep.is_some() || quoted) {
                (false, _) => Some(t),
                (true, true) => Some("."),
                (true, false) => None,
            }
        })
}

/// A field without the white space and the brackets around it, and without the double quotes
/// around it when it has them (then `true`): `"5"` is `5`, `""` empty; `None` for brackets
/// alone (`]` after the last comma of `[1, 2],]`), no field.
fn unquoted(field: &str) -> Option<(&str, bool)> {
    let t = field.trim();
    let bare = t.trim_matches(['[', ']']).trim();
    if bare.is_empty() && !t.is_empty() {
        return None;
    }
    Some(
        match bare.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(inner) => (inner.trim(), true),
            None => (bare, false),
        },
    )
}

/// Whether a line's values end with a `,` or `;` (before any `#` comment).
fn ends_with_field_sep(line: &str) -> bool {
    before_comment(line).trim_end().ends_with([',', ';'])
}

/// The separator of a line of comma- (or, with no comma, semicolon-) separated fields that
/// leaves one empty (`,,`, a leading one), when it does; a lone trailing separator is no field
/// (`5,3,7,` is three values, as before), but beside an empty field it ends one more
/// (`5,,3,` is four: a spreadsheet's row whose last cell is empty).
fn empty_field_sep(body: &str) -> Option<char> {
    let sep = if body.contains(',') {
        ','
    } else if body.contains(';') {
        ';'
    } else {
        return None;
    };
    let t = body.trim();
    let inner = t.strip_suffix(sep).unwrap_or(t);
    (inner.contains(sep)
        && inner
            .split(sep)
            .any(|f| unquoted(f).is_some_and(|(t, _)| t.is_empty())))
    .then_some(sep)
}

/// The count of values of a row of a grid of `side` that ends with its separator (`count`
/// words read by [`value_words`]), that separator read the way that fits: as the row's end
/// (`1,2,3,` three values, and `1,,3,,` also three, a separator after every value) or as
/// opening its last field, empty (`1,2,` or `1,,3,` of a row of three). [`value_words`] reads it
/// as an empty field when the row has another one, and as the end otherwise.
fn fitted_count(line: &str, count: usize, side: usize) -> usize {
    if !ends_with_field_sep(line) {
        return count;
    }
    let last_field = empty_field_sep(before_comment(line)).is_some();
    if (last_field && count == side + 1) || (!last_field && count + 1 == side) {
        side
    } else {
        count
    }
}

/// The side of the grid whose first row (index `i`, `count` words) ends with its separator:
/// the count of the first row after it that does not (or of any other line that holds words),
/// or, when every row up to a shape line, the end or a blank line after `count - 1` rows or
/// more (one between bands comes sooner) ends with one, the number of rows (counted up to
/// `count + 2`).
fn first_row_side(lines: &[&str], i: usize, count: usize) -> usize {
    let mut rows = 1;
    for raw in &lines[i + 1..] {
        let l = raw.trim();
        if l.starts_with('#') || is_border(l) || (l.is_empty() && rows + 1 < count) {
            continue;
        }
        if l.is_empty() || is_header(l) || rows > count + 1 {
            break;
        }
        if !ends_with_field_sep(l) {
            return value_words(l).take(MAX_SIDE + 1).count();
        }
        rows += 1;
    }
    rows
}

/// A row of comma-separated numbers (`5,3,.,.,7`, or `5, 3, 0`): four or more words, each a
/// value (at most three digits) or `.`. Read in the number form, not as a line-form grid
/// followed by a comma.
fn is_comma_row(line: &str) -> bool {
    line.contains(',')
        && value_words(line).count() >= 4
        && value_words(line)
            .all(|w| w == "." || (w.len() <= 3 && w.bytes().all(|c| c.is_ascii_digit())))
}

/// A grid read as one stream of values: the lines from its first up to a blank line, a shape
/// line or the end, `N * N` whitespace-separated values (`.` or `0` empty) in row-major order,
/// whatever the line breaks (a 144x144 posted as rows wrapped over 8 lines of 18, a 16x16 on
/// one line of 256 numbers). Tried only on a number-form grid whose lines are not its rows, so
/// the files read row by row read as before. The tables are built at the first try, so each
/// try costs its own stream's length at most.
#[derive(Default)]
struct Streams {
    built: bool,
    /// Per line, the first line at or after it that ends a stream (blank or shape line).
    next_break: Vec<usize>,
    /// Per line, the first line at or after it with a word that is neither a number nor `.`.
    next_bad: Vec<usize>,
    /// Values on the lines before each line (prefix sums; comment and border lines hold none).
    before: Vec<usize>,
    /// Per line, the last line at or before it that holds values (`usize::MAX`: none).
    last_values: Vec<usize>,
    /// The same two for a stream of cell characters (line form wrapped over lines, such as a
    /// 9x9 written as 9 lines of 9): the first line with a character that is no cell, and the
    /// cell characters before each line.
    next_bad_char: Vec<usize>,
    chars_before: Vec<usize>,
}

impl Streams {
    fn build(&mut self, lines: &[&str]) {
        let n = lines.len();
        self.next_break = vec![n; n + 1];
        self.next_bad = vec![n; n + 1];
        self.before = vec![0; n + 1];
        self.last_values = vec![usize::MAX; n + 1];
        self.next_bad_char = vec![n; n + 1];
        self.chars_before = vec![0; n + 1];
        let mut last = usize::MAX;
        for (i, raw) in lines.iter().enumerate() {
            let line = raw.trim();
            let (mut count, mut bad) = (0, false);
            let (mut chars, mut bad_char) = (0, false);
            if !line.starts_with('#') && !is_border(line) && !is_header(line) {
                for w in value_words(line) {
                    count += 1;
                    bad |= !is_number_word(w);
                    chars += w.len();
                    bad_char |= w.bytes().any(|c| char_value(c).is_none());
                }
            }
            self.chars_before[i + 1] = self.chars_before[i] + chars;
            self.next_bad_char[i] = if bad_char { i } else { n };
            if count > 0 {
                last = i;
            }
            self.before[i + 1] = self.before[i] + count;
            self.last_values[i] = last;
            self.next_bad[i] = if bad { i } else { n };
            self.next_break[i] = if line.is_empty() || (!line.starts_with('#') && is_header(line)) {
                i
            } else {
                n
            };
        }
        for i in (0..n).rev() {
            self.next_bad[i] = self.next_bad[i].min(self.next_bad[i + 1]);
            self.next_bad_char[i] = self.next_bad_char[i].min(self.next_bad_char[i + 1]);
            self.next_break[i] = self.next_break[i].min(self.next_break[i + 1]);
        }
        self.built = true;
    }

    /// Tries block `b` (a grid, once) as a stream: the puzzle (or why its shape lines do not
    /// fit it), with the index of the line after the stream; `None` when its lines are no
    /// stream of N x N values in range, and then `b` carries why for its own error.
    fn try_block(
        &mut self,
        lines: &[&str],
        b: &mut Block,
        pending: &mut Pending,
    ) -> Option<(Result<Puzzle, TextError>, usize)> {
        if b.map || b.streamed {
            return None;
        }
        b.streamed = true;
        if !self.built {
            self.build(lines);
        }
        let start = b.start - 1;
        let end = self.next_break[start];
        if self.next_bad[start] < end {
            // Words that are no numbers: maybe cell characters wrapped over lines.
            return self.try_chars(lines, start, pending);
        }
        let count = self.before[end] - self.before[start];
        let side = count.isqrt();
        let last = self.last_values[end - 1];
        let hint = if side * side != count || !(4..=MAX_SIDE).contains(&side) {
            format!("not N x N for a side N of 4 to {MAX_SIDE}")
        } else {
            match Streams::read(lines, start, end, side) {
                Ok(cells) => {
                    let x = pending.x;
                    let r = pending.shape(side, b.start).map(|shape| Puzzle {
                        line: b.start,
                        grid: LargeGrid::with_values(shape, cells).expect("values checked"),
                        x,
                        form: Form::Numbers,
                        alphabet: Alphabet::Standard,
                    });
                    *pending = Pending::default();
                    return Some((r, end));
                }
                Err(why) => why,
            }
        };
        // Not a stream either: the row reading's error stands, with this reason added when
        // the lines could have been meant as one.
        if last != usize::MAX && last > start {
            b.hint = format!(
                "; read as one stream, lines {} to {} hold {count} values, {hint}",
                b.start,
                last + 1
            );
            if let Some(e) = &mut b.error {
                e.reason.push_str(&b.hint);
            }
        }
        None
    }

    /// Tries the lines from index `start` as one stream of line-form cell characters (spaces
    /// and line breaks ignored, as sigh's solver reads a short text): a puzzle in the line
    /// form when they hold N x N cells (N 4..=35) in range, with the index of the line after
    /// them; else `None`, and the caller's error stands.
    fn try_chars(
        &mut self,
        lines: &[&str],
        start: usize,
        pending: &mut Pending,
    ) -> Option<(Result<Puzzle, TextError>, usize)> {
        if !self.built {
            self.build(lines);
        }
        let end = self.rows_past_blanks(lines, start, pending);
        if self.next_bad_char[start] < end {
            return None;
        }
        let count = self.chars_before[end] - self.chars_before[start];
        let side = line_side(count)?;
        let mut chars = Vec::with_capacity(count);
        // Whether every line holds one row (it is then written back so).
        let mut rows = true;
        for raw in &lines[start..end] {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || is_border(line) {
                continue;
            }
            let before = chars.len();
            for w in value_words(line) {
                chars.extend(w.bytes());
            }
            rows &= chars.len() - before == side;
        }
        let alphabet = Alphabet::of(&chars, side);
        let mut cells = Vec::with_capacity(count);
        for &c in &chars {
            let v = alphabet.value(c).filter(|&v| usize::from(v) <= side)?;
            cells.push(v);
        }
        let x = pending.x;
        let r = pending.shape(side, start + 1).map(|shape| Puzzle {
            line: start + 1,
            grid: LargeGrid::with_cells(shape, cells).expect("values checked"),
            x,
            form: if rows { Form::Rows } else { Form::Line },
            alphabet,
        });
        *pending = Pending::default();
        Some((r, end))
    }

    /// The index of the line after a stream of cell characters from index `start`: the first
    /// blank or shape line, or, when the lines are rows of one width W (one character a cell)
    /// and a blank line comes after a band of them, short of W rows, with another such row
    /// after it, the end of the stream that goes on there (a 9x9 as three bands of three rows,
    /// a blank line between bands).
    fn rows_past_blanks(&self, lines: &[&str], start: usize, pending: &Pending) -> usize {
        let cells = |i: usize| self.chars_before[i + 1] - self.chars_before[i];
        let width = cells(start);
        let mut end = self.next_break[start];
        if !(4..=MAX_LINE_SIDE).contains(&width) {
            return end;
        }
        let mut apart = 0;
        while end < lines.len() && lines[end].trim().is_empty() {
            // Every line so far one row of `width` (or no cells: a comment or border line).
            if (start..end).any(|i| cells(i) != 0 && cells(i) != width) {
                break;
            }
            let rows = (self.chars_before[end] - self.chars_before[start]) / width;
            let j = next_non_blank(lines, end);
            let row = j < lines.len()
                && self.next_bad_char[j] > j
                && self.next_break[j] > j
                && !lines[j].trim_start().starts_with('#');
            if !row || !goes_on_past_blank(pending, width, rows, apart, cells(j)) {
                break;
            }
            apart += 1;
            end = self.next_break[j];
        }
        end
    }

    /// The `side * side` values of lines `start..end` (checked to be numbers or `.`), or why
    /// they are no grid: the first value out of range.
    fn read(lines: &[&str], start: usize, end: usize, side: usize) -> Result<Vec<u16>, String> {
        let mut cells = Vec::with_capacity(side * side);
        for (i, raw) in lines.iter().enumerate().take(end).skip(start) {
            let line = raw.trim();
            if line.starts_with('#') || is_border(line) {
                continue;
            }
            for (k, w) in value_words(line).enumerate() {
                let v = if w == "." {
                    0
                } else {
                    w.parse::<u32>().expect("checked")
                };
                if v as usize > side {
                    return Err(format!(
                        "a {side}x{side} grid but for value {v} (line {}, word {}), out of \
                         its range 1..={side}",
                        i + 1,
                        k + 1
                    ));
                }
                cells.push(v as u16);
            }
        }
        Ok(cells)
    }
}

/// Reads every grid of `text`, in order: each a puzzle or the reason it is not one (with its
/// line). Never panics, whatever the text.
///
/// The forms are those of the [module](self), with what other tools write (sigh's solver
/// reads any stream of values) read as they mean it:
///
/// * a blank line after every band of a grid's rows, in either form (a 16x16 with a blank
///   line after every fourth row): the grid goes on when the next line is a row of the same
///   width and every band so far ended with a blank line; a grid ends after its N-th row, so a
///   blank line between two grids still separates them, and one after a grid short of rows
///   otherwise ends it (an error on that line: a grid cut short after its third band, in a file
///   whose grids have no blank lines inside, does not take the next grid's rows);
/// * a title line of words before a grid (`Puzzle from the forum`, `Title: my puzzle`):
///   skipped when its words are not all values and it is unlike the line after it (another
///   count of words, or other characters when that line holds words of cell characters); one
///   naming `Sudoku X` in a spelling of that line (`Sudoku X puzzle`, `An X-Sudoku`; `X`
///   alone is no name there) marks its grid so. A first row with a word that is no value, as
///   many words as the next row, is still that grid's error;
/// * brackets around rows, as numpy's `print(array)` writes them (`[[0 7 6 ...]`,
///   ` [0 0 2 ...]]`) or Python's list of lists: ignored, as `|` is;
/// * comma- (or semicolon-) separated rows with a separator after every value, the last too
///   (`1,,3,,,,7,8,,`: nine values, the last empty): a row's trailing separator is read as
///   its end or as opening its last, empty field, whichever gives the grid's width (for a first
///   row, the width of the next row without one, or the count of rows when all have one);
/// * fields in double quotes, as CSV writers quote them (`"1","","3",...`): the value inside,
///   `""` an empty cell.
///
/// ```
/// use simdoku_large::{Form, text};
/// let text = "# two grids and a bad line\n\
///             1.3.....2.......\n\
///             Sudoku X\n\
///             1 0 0 0\n0 0 0 2\n0 3 0 0\n0 0 0 0\n\
///             1 2 3\n";
/// let grids = text::parse(text);
/// let first = grids[0].as_ref().unwrap();
/// assert_eq!((first.line, first.grid.side(), first.form), (2, 4, Form::Line));
/// let second = grids[1].as_ref().unwrap();
/// assert_eq!((second.line, second.x, second.form), (4, true, Form::Numbers));
/// assert_eq!(grids[2].as_ref().unwrap_err().line, 8);
/// ```
pub fn parse(text: &str) -> Vec<Result<Puzzle, TextError>> {
    let mut out = Vec::new();
    parse_each(text, &mut |r| out.push(r));
    out
}

/// Where [`parse_each`] hands each grid as it is read.
struct Out<'a>(&'a mut dyn FnMut(Result<Puzzle, TextError>));

impl Out<'_> {
    fn push(&mut self, r: Result<Puzzle, TextError>) {
        (self.0)(r);
    }
}

/// [`parse`], each grid (or the reason it is not one) handed to `each` as soon as it is read,
/// in order, nothing kept: a caller that solves or reports each grid and lets it go holds one
/// grid at a time, however many lines of junk the text has.
///
/// ```
/// let mut lines = Vec::new();
/// simdoku_large::text::parse_each("hello\n................\n", &mut |r| {
///     lines.push(r.map_or_else(|e| e.line, |p| p.line));
/// });
/// assert_eq!(lines, [1, 2]);
/// ```
pub fn parse_each(text: &str, each: &mut dyn FnMut(Result<Puzzle, TextError>)) {
    // A UTF-8 byte-order mark (Notepad's) is no cell: Python's `simdoku.large.read` gets it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut streams = Streams::default();
    let mut out = Out(each);
    let mut block: Option<Block> = None;
    let mut pending = Pending::default();
    let mut next = 0;
    while next < lines.len() {
        let i = next;
        next += 1;
        let ln = i + 1;
        let line = lines[i].trim();
        // A blank line between two bands of a grid (rows of the same width on both sides of
        // it) does not end the grid: it goes on at the next line.
        if line.is_empty()
            && let Some(b) = &mut block
            && b.error.is_none()
            && !b.map
        {
            let j = next_non_blank(&lines, i);
            let cells = lines
                .get(j)
                .and_then(|l| Some(fitted_count(l, number_row(l.trim())?, b.side)))
                .unwrap_or(0);
            if goes_on_past_blank(&pending, b.side, b.rows, b.apart, cells) {
                // (Its lines are rows: no stream of values, which ends at a blank line.)
                b.streamed = true;
                b.apart += 1;
                next = j;
                continue;
            }
        }
        // A grid cut short by a blank or shape line: maybe its lines are one stream of values.
        if let Some(b) = &mut block
            && (line.is_empty() || (!line.starts_with('#') && is_header(line)))
            && let Some((r, _)) = streams.try_block(&lines, b, &mut pending)
        {
            block = None;
            out.push(r);
        }
        if line.is_empty() {
            if let Some(b) = block.take() {
                let e = b.error.unwrap_or(TextError {
                    line: ln,
                    reason: format!(
                        "the {0}x{0} {3} that starts at line {1} ends after {2} of its {0} rows{4}",
                        b.side,
                        b.start,
                        b.rows,
                        if b.map { "region map" } else { "grid" },
                        b.hint
                    ),
                });
                push_err(&mut out, &mut pending, b.map, e);
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let lower = header_lower(line);
        let is_x = is_x_line(&lower);
        let boxes = boxes_line(&lower);
        let size = size_line(&lower);
        if is_x || boxes.is_some() || lower == "jigsaw" || size.is_some() {
            if let Some(b) = block.take() {
                let e = b.error.unwrap_or(TextError {
                    line: ln,
                    reason: format!(
                        "`{line}` inside the {} that starts at line {} (after {} of {} rows){}",
                        if b.map { "region map" } else { "grid" },
                        b.start,
                        b.rows,
                        b.side,
                        b.hint
                    ),
                });
                push_err(&mut out, &mut pending, b.map, e);
            }
            if let Some(Err(reason)) = size {
                out.push(Err(TextError { line: ln, reason }));
                pending = Pending::default();
            } else if let Some(Ok(side)) = size {
                if matches!(pending.jigsaw, Jigsaw::WantMap(_)) && pending.empty.is_none() {
                    // `Jigsaw`, `NxN`, then the map: the empty grid waits for its map.
                    pending.empty = Some((side, ln));
                } else {
                    push_empty(&mut pending, &mut out, side, ln);
                }
            } else if is_x {
                pending.x = true;
            } else if let Some(boxes) = boxes {
                match boxes {
                    Ok((r, c)) => pending.boxes = Some((r, c, ln)),
                    Err(reason) => {
                        out.push(Err(TextError { line: ln, reason }));
                        pending = Pending::default();
                    }
                }
            } else {
                if let Jigsaw::WantMap(at) = pending.jigsaw {
                    out.push(Err(TextError {
                        line: ln,
                        reason: format!("a second `Jigsaw` line; the one at line {at} has no map"),
                    }));
                }
                pending.jigsaw = Jigsaw::WantMap(ln);
            }
            continue;
        }
        if is_border(line) {
            continue;
        }
        let want_map = matches!(pending.jigsaw, Jigsaw::WantMap(_));
        // Line form: a single run of cell characters (possibly followed by a separator).
        if block.is_none() && !is_comma_row(line) {
            let bytes = line.as_bytes();
            let run = if want_map {
                bytes
                    .iter()
                    .take_while(|&&b| !b.is_ascii_whitespace() && b != b',' && b != b'|')
                    .count()
            } else {
                bytes
                    .iter()
                    .take_while(|&&b| char_value(b).is_some())
                    .count()
            };
            let rest = &bytes[run..];
            let line_form = run > 0
                && (line
                    .split(|c: char| c.is_whitespace() || c == '|')
                    .filter(|t| !t.is_empty())
                    .count()
                    == 1
                    || matches!(rest.first(), Some(b',' | b'\t'))
                    || (rest.first() == Some(&b' ') && line_side(run).is_some()))
                && (run > 3 || rest.first() == Some(&b','));
            if line_form {
                if want_map {
                    let labels: Vec<char> = line[..run].chars().collect();
                    let mut shape = match line_side(labels.len()) {
                        Some(side) => Shape::jigsaw(side, &labels),
                        None => Err(format!(
                            "a one-line region map of {} cells; one-line maps have 16, 25, 36, \
                             ... 1225 cells (4x4 to 35x35)",
                            labels.len()
                        )),
                    };
                    // N lines of N labels, as a grid in the rows form: the map when they make
                    // a valid one, or when the first line is no one-line map (then why they
                    // are none is the map's error, and its lines are spent).
                    if let Some((rows, end)) = rows_map(&lines, i)
                        && (rows.is_ok() || shape.is_err())
                    {
                        shape = rows;
                        next = end;
                    }
                    let shape = shape.map_err(|reason| TextError { line: ln, reason });
                    set_map(&mut pending, &mut out, ln, shape);
                } else if !fits_one_line(&bytes[..run])
                    && let Some((r, end)) = streams.try_chars(&lines, i, &mut pending)
                {
                    // Cells wrapped over lines (a 9x9 as 9 lines of 9, a 16x16 as 16 lines
                    // of 16, whose first line would be a 4x4 with values out of range).
                    out.push(r);
                    next = end;
                } else {
                    out.push(parse_line_grid(&bytes[..run], rest, ln, &mut pending));
                }
                continue;
            }
        }
        // A title before a grid (`Puzzle from the forum`): skipped, a Sudoku X it names kept.
        if block.is_none() && !want_map && is_title(&lines, i) {
            if let Some((r, end)) = streams.try_chars(&lines, i, &mut pending) {
                // (Words of cell characters that start a grid of them: its first row.)
                out.push(r);
                next = end;
            } else {
                pending.x |= names_x(line);
            }
            continue;
        }
        // A `#` in a row starts a comment.
        // No more words kept than a row has (a 200 MB line of numbers is one error, not a
        // vector of 100 million words); `count` is how many the line holds.
        let mut tokens: Vec<&str> = value_words(line).take(MAX_SIDE + 1).collect();
        let mut count = if tokens.len() > MAX_SIDE {
            value_words(line).count()
        } else {
            tokens.len()
        };
        // A row that ends with its separator: a spreadsheet's whose last cell is empty
        // (`1,2,...,8,` in a 9x9), or one with a separator after every value (`1,,3,...,8,,`
        // as some tools write): read the way that fits the grid's rows (or, for a first row,
        // the rows after it).
        if !want_map && tokens.len() == count && ends_with_field_sep(line) {
            let side = match &block {
                Some(b) => b.side,
                None => first_row_side(&lines, i, count),
            };
            let fitted = fitted_count(line, count, side);
            if fitted == count + 1 {
                tokens.push(".");
            } else if fitted + 1 == count {
                tokens.pop();
            }
            count = fitted;
        }
        let b = block.get_or_insert_with(|| {
            let side = count;
            let error = if (4..=MAX_SIDE).contains(&side) {
                None
            } else {
                Some(TextError {
                    line: ln,
                    reason: format!(
                        "a row of {side} values; grid rows have 4 to {MAX_SIDE} values (or a \
                         whole grid of 16, 36, 64, 81, ... 1225 characters on one line)"
                    ),
                })
            };
            Block {
                start: ln,
                side,
                map: want_map,
                cells: Vec::with_capacity(if error.is_none() { side * side } else { 0 }),
                labels: Vec::new(),
                rows: 0,
                error,
                streamed: false,
                hint: String::new(),
                apart: 0,
            }
        });
        if b.error.is_none() {
            if count != b.side {
                b.error = Some(TextError {
                    line: ln,
                    reason: format!(
                        "row {} has {} values, the {2}x{2} {4} that starts at line {3} needs {2} \
                         (mixed sizes?)",
                        b.rows + 1,
                        count,
                        b.side,
                        b.start,
                        if b.map { "region map" } else { "grid" }
                    ),
                });
            } else if b.map {
                b.labels.extend(tokens.iter().map(ToString::to_string));
            } else {
                b.error = read_numbers(&tokens, b.side, ln, b.rows + 1, &mut b.cells).err();
            }
        }
        b.rows += 1;
        // A grid whose lines are not its rows: maybe they are one stream of values.
        if b.error.is_some()
            && let Some((r, end)) = streams.try_block(&lines, b, &mut pending)
        {
            block = None;
            out.push(r);
            next = end;
            continue;
        }
        // A bad first row (not a grid side) ends the block at once.
        if b.rows == b.side || !(4..=MAX_SIDE).contains(&b.side) {
            let b = block.take().expect("block");
            finish(b, &mut pending, &mut out);
        }
    }
    if let Some(b) = &mut block
        && let Some((r, _)) = streams.try_block(&lines, b, &mut pending)
    {
        block = None;
        out.push(r);
    }
    if let Some(b) = block.take() {
        let end = lines.len();
        let e = b.error.unwrap_or(TextError {
            line: end,
            reason: format!(
                "the text ends after {2} of the {0} rows of the {0}x{0} {3} that starts at line \
                 {1}{4}",
                b.side,
                b.start,
                b.rows,
                if b.map { "region map" } else { "grid" },
                b.hint
            ),
        });
        push_err(&mut out, &mut pending, b.map, e);
    }
    match (&pending.jigsaw, pending.empty) {
        (Jigsaw::WantMap(at), Some((side, ln))) => out.push(Err(TextError {
            line: ln,
            reason: format!(
                "a {side}x{side} grid after the `Jigsaw` line at line {at}, whose region map \
                 is missing"
            ),
        })),
        (Jigsaw::WantMap(at) | Jigsaw::Map(at, _), _) => out.push(Err(TextError {
            line: *at,
            reason: "a jigsaw with no grid after it".into(),
        })),
        (Jigsaw::None, _) => {}
    }
}

/// A grid (or region map, `map`) that could not be read: a map's error waits for its grid,
/// which it stands for; a grid's error is reported, and the lines before it are spent.
fn push_err(out: &mut Out<'_>, pending: &mut Pending, map: bool, e: TextError) {
    if map {
        set_map(pending, out, e.line, Err(e));
    } else {
        *pending = Pending::default();
        out.push(Err(e));
    }
}

/// One number-form row (the grid's `row`-th, from 1): each token a value 0..=`side` or `.`.
/// Errors name the value's row and column in the grid, as a document's line may hold several
/// rows (a grid in JSON on one line).
fn read_numbers(
    tokens: &[&str],
    side: usize,
    ln: usize,
    row: usize,
    cells: &mut Vec<u16>,
) -> Result<(), TextError> {
    for (k, t) in tokens.iter().enumerate() {
        let v = if *t == "." {
            Some(0)
        } else {
            t.parse::<u32>().ok()
        };
        let reason = match v {
            Some(v) if v as usize <= side => {
                cells.push(v as u16);
                continue;
            }
            Some(v) => format!(
                "value {v} (row {row}, column {}) out of range: a {side}x{side} grid holds \
                 1..={side}",
                k + 1
            ),
            // (A fraction, as from an array of floats: no cell value.)
            None if t
                .parse::<f64>()
                .is_ok_and(|f| f.is_finite() && f.fract() != 0.0) =>
            {
                format!("`{t}` (row {row}, column {}) is not a whole number", k + 1)
            }
            // (Digits past u32: a value out of range, not "no number".)
            None if t.bytes().all(|b| b.is_ascii_digit()) => format!(
                "value {}{} (row {row}, column {}) out of range: a {side}x{side} grid holds \
                 1..={side}",
                &t[..t.len().min(20)],
                if t.len() > 20 { "..." } else { "" },
                k + 1
            ),
            // (Shown without control characters: they could rewrite the terminal's screen.)
            None => format!(
                "`{}` (row {row}, column {}) is not a number or `.`",
                t.chars()
                    .take(20)
                    .map(|c| if c.is_control() { '?' } else { c })
                    .collect::<String>(),
                k + 1
            ),
        };
        return Err(TextError { line: ln, reason });
    }
    Ok(())
}

/// A number-form block read to its end: a puzzle, a region map for the next grid, or an error.
fn finish(b: Block, pending: &mut Pending, out: &mut Out<'_>) {
    if let Some(e) = b.error {
        push_err(out, pending, b.map, e);
        return;
    }
    if b.map {
        let shape = Shape::jigsaw(b.side, &b.labels).map_err(|reason| TextError {
            line: b.start,
            reason,
        });
        set_map(pending, out, b.start, shape);
        return;
    }
    let x = pending.x;
    let r = pending.shape(b.side, b.start).map(|shape| Puzzle {
        line: b.start,
        grid: LargeGrid::with_values(shape, b.cells).expect("values checked"),
        x,
        form: Form::Numbers,
        alphabet: Alphabet::Standard,
    });
    *pending = Pending::default();
    out.push(r);
}

/// A region map written as N lines of N labels (one character a label, as a grid in the rows
/// form) from line index `i`: its shape (or why the labels make none) and the index of the
/// line after it; `None` unless the N lines hold N labels each.
fn rows_map(lines: &[&str], i: usize) -> Option<(Result<Shape, String>, usize)> {
    let side = lines[i].trim().chars().count();
    if !(4..=MAX_SIDE).contains(&side) || lines.len() - i < side {
        return None;
    }
    let mut labels = Vec::with_capacity(side * side);
    for raw in &lines[i..i + side] {
        let row = raw.trim();
        if row.chars().count() != side
            || row.contains(|c: char| c.is_whitespace() || matches!(c, ',' | '#' | '|'))
        {
            return None;
        }
        labels.extend(row.chars());
    }
    Some((Shape::jigsaw(side, &labels), i + side))
}

/// Whether `cells` are a whole line-form grid: a square count, every value in range.
fn fits_one_line(cells: &[u8]) -> bool {
    line_side(cells.len()).is_some_and(|side| {
        let alphabet = Alphabet::of(cells, side);
        cells
            .iter()
            .all(|&c| alphabet.value(c).is_some_and(|v| usize::from(v) <= side))
    })
}

fn parse_line_grid(
    cells: &[u8],
    rest: &[u8],
    ln: usize,
    pending: &mut Pending,
) -> Result<Puzzle, TextError> {
    let x = pending.x;
    let shape = line_side(cells.len()).map(|side| pending.shape(side, ln));
    *pending = Pending::default();
    let len = cells.len();
    let shape = match shape {
        Some(Ok(s)) => s,
        Some(Err(e)) => return Err(e),
        None => {
            let what = match rest.first() {
                Some(&b) if !b.is_ascii_whitespace() && b != b',' => {
                    format!(
                        ", then `{}`, not a cell",
                        String::from_utf8_lossy(&rest[..rest.len().min(8)])
                            .chars()
                            .next()
                            .unwrap_or('?')
                    )
                }
                _ => String::new(),
            };
            return Err(TextError {
                line: ln,
                reason: format!(
                    "a one-line grid of {len} cells{what}; one-line grids have 16, 36, 64, 81, \
                     ... 1225 cells (4x4 to 35x35); larger grids need the number form"
                ),
            });
        }
    };
    let side = shape.side();
    let alphabet = Alphabet::of(cells, side);
    let mut values = Vec::with_capacity(len);
    for (k, &ch) in cells.iter().enumerate() {
        let v = alphabet
            .value(ch)
            .expect("a cell character of the alphabet chosen from these cells");
        if v as usize > side {
            return Err(TextError {
                line: ln,
                reason: format!(
                    "cell {} is `{}` = {v}, out of range for a {side}x{side} grid (1..={side})",
                    k + 1,
                    ch as char
                ),
            });
        }
        values.push(v);
    }
    let grid = LargeGrid::with_cells(shape, values).expect("checked");
    Ok(Puzzle {
        line: ln,
        grid,
        x,
        form: Form::Line,
        alphabet,
    })
}

/// The lines that give `shape` its regions before a grid (`Boxes RxC`, or `Jigsaw` and the
/// region map in `form`, regions numbered from 1), empty for the default boxes of its side.
fn shape_header(shape: &Shape, form: Form) -> String {
    let side = shape.side();
    let mut s = String::new();
    match shape.regions() {
        Regions::Boxes { rows, cols } => {
            if Shape::default_for_side(side).as_ref() != Some(shape) {
                let _ = writeln!(s, "Boxes {rows}x{cols}");
            }
        }
        Regions::Jigsaw(map) => {
            s.push_str("Jigsaw\n");
            let width = side.to_string().len();
            for (c, &r) in map.iter().enumerate() {
                match form {
                    // (Rows: the map stays on one line, as it is read.)
                    Form::Line | Form::Rows => s.push(
                        u8::try_from(r + 1)
                            .ok()
                            .and_then(value_char)
                            .expect("line form up to 35"),
                    ),
                    Form::Numbers => {
                        if c % side > 0 {
                            s.push(' ');
                        }
                        let _ = write!(s, "{:>width$}", r + 1);
                        if c % side == side - 1 {
                            s.push('\n');
                        }
                    }
                }
            }
            if form != Form::Numbers {
                s.push('\n');
            }
        }
    }
    s
}

/// Writes `grid` in `form`: one line of characters (line form; panics above 35x35), N lines of
/// N characters (rows form, the same characters), or N lines of numbers right-aligned to the
/// width of N, `.` for an empty cell. Its shape comes first when it is not the default of its
/// side (a `Boxes RxC` line, or `Jigsaw` and the region map
/// in the same form), and with `x` a `Sudoku X` line, so that the text reads back as the same
/// puzzle. The text ends with a newline.
///
/// The characters are the standard ones (`1`-`9`, then `A`-`Z` for 10-35), unless the reader
/// ([`Alphabet::of`]) would take them for letters (`A` = 1: a grid whose givens are all 10 or
/// more, at least N of them): such a grid is written in letters.
pub fn format(grid: &LargeGrid, form: Form, x: bool) -> String {
    let mut alphabet = Alphabet::Standard;
    if form != Form::Numbers {
        let chars: Vec<u8> = grid
            .cells()
            .iter()
            .filter_map(|&v| Alphabet::Standard.char_of(u8::try_from(v).ok()?))
            .map(|c| c as u8)
            .collect();
        if Alphabet::of(&chars, grid.side()) == Alphabet::Letters {
            alphabet = Alphabet::Letters;
        }
    }
    format_in(grid, form, alphabet, x)
}

/// Appends value `v` (`.` for 0) right-aligned in `width` columns, as `{v:>width$}` does, without
/// the formatting machinery (a 400x400 grid writes 160,000 of them; batches of small grids, a
/// few hundred each).
fn push_right(s: &mut String, v: u16, width: usize) {
    let mut digits = [b'.'; 5];
    let mut n = usize::from(v == 0);
    let mut rest = v;
    while rest > 0 {
        digits[n] = b'0' + (rest % 10) as u8;
        rest /= 10;
        n += 1;
    }
    for _ in n..width {
        s.push(' ');
    }
    for &d in digits[..n].iter().rev() {
        s.push(char::from(d));
    }
}

/// [`format()`] with the line and rows forms in `alphabet` (the one a puzzle was read in, so
/// that a 16x16 read in `0`-`F` is written back in `0`-`F`); panics beyond the alphabet.
pub fn format_in(grid: &LargeGrid, form: Form, alphabet: Alphabet, x: bool) -> String {
    let side = grid.side();
    let mut s = shape_header(grid.shape(), form);
    if x {
        s.push_str("Sudoku X\n");
    }
    match form {
        Form::Line | Form::Rows => {
            for (c, &v) in grid.cells().iter().enumerate() {
                s.push(
                    u8::try_from(v)
                        .ok()
                        .and_then(|v| alphabet.char_of(v))
                        .expect("the line form holds values its alphabet has"),
                );
                if form == Form::Rows && c % side == side - 1 && c + 1 < side * side {
                    s.push('\n');
                }
            }
            s.push('\n');
        }
        Form::Numbers => {
            let width = side.to_string().len();
            for r in 0..side {
                for c in 0..side {
                    if c > 0 {
                        s.push(' ');
                    }
                    push_right(&mut s, grid.get(r, c), width);
                }
                s.push('\n');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 16x16 puzzle (sigh's `16x16_1`) as 16 lines of numbers.
    const ROWS16: &str = "\
. 1 15 . 16 10 . 5 3 . . 8 . 11 . 13
. . . 7 . . 3 . 1 . . 15 10 . . 4
8 . . . 7 . . . . . . . 2 . 5 .
5 . 13 2 . . . 4 14 11 . . . . 6 .
. 3 . 1 . . 8 11 . . 16 9 . . 10 .
. . . . 4 12 . . 7 . 13 14 . . . 2
. 5 . . 14 . 2 . 11 . . . . 3 . .
14 11 6 . 15 . . . . 5 2 . 13 9 . .
. 7 . 10 . . . . 16 . . . 5 . . .
. . . . . . 1 . 6 12 . . 3 . . .
15 . . . 10 . . . . . . . 6 . . 1
3 . 2 . . 15 14 16 . . . 13 4 . 7 .
. 2 . . . . 15 . 12 . 3 . . . . .
. 14 . . 9 . 10 . 8 . . . 15 6 . .
. . 8 . . . . 1 5 . 7 . . . . .
. . . 13 . 6 7 . . . 15 . 9 10 . 11
";

    /// A 9x9 puzzle on one line, one character a cell.
    const LINE9: &str =
        "1.3...78..56789...78....5.....59.67..6..728...7.6.8.2...7...2.86.28.795....92..67";

    /// The grids of `text`, each read or with its error's line and reason.
    fn grids(text: &str) -> Vec<Result<LargeGrid, (usize, String)>> {
        parse(text)
            .into_iter()
            .map(|r| r.map(|p| p.grid).map_err(|e| (e.line, e.reason)))
            .collect()
    }

    /// The one grid of `text`, which must read.
    fn one(text: &str) -> Puzzle {
        let mut r = parse(text);
        assert_eq!(r.len(), 1, "{text}\n{r:?}");
        r.remove(0).unwrap_or_else(|e| panic!("{text}\n{e}"))
    }

    /// `rows` with a blank line after every `band` of them.
    fn banded(rows: &str, band: usize) -> String {
        let lines: Vec<&str> = rows.lines().collect();
        let bands: Vec<String> = lines.chunks(band).map(|b| b.join("\n")).collect();
        bands.join("\n\n") + "\n"
    }

    #[test]
    fn a_blank_line_between_bands_does_not_end_a_grid() {
        let plain = one(ROWS16);
        // sigh's solver reads any stream of values: a blank line after every band of four.
        let p = one(&banded(ROWS16, 4));
        assert_eq!((&p.grid, p.form, p.line), (&plain.grid, Form::Numbers, 1));
        // Two blank lines, and spaces on them, are one break.
        let p = one(&banded(ROWS16, 4).replace("\n\n", "\n  \n\t\n"));
        assert_eq!(p.grid, plain.grid);
        // One character a cell, a blank line after every band of three rows; read back as
        // the same grid as the one line, in rows.
        let rows9: Vec<&str> = (0..9).map(|r| &LINE9[r * 9..r * 9 + 9]).collect();
        let p = one(&banded(&rows9.join("\n"), 3));
        assert_eq!((&p.grid, p.form), (&one(LINE9).grid, Form::Rows));
        // Two complete grids with a blank line between them stay two grids, in both forms.
        let two = grids(&format!("{ROWS16}\n{ROWS16}"));
        assert_eq!(two, vec![Ok(plain.grid.clone()), Ok(plain.grid.clone())]);
        let rows = rows9.join("\n");
        let two = grids(&format!("{rows}\n\n{rows}\n"));
        assert_eq!(two.len(), 2, "{two:?}");
        assert!(two.iter().all(|g| g.as_ref() == Ok(&one(LINE9).grid)));
        // A blank line that is no band's end (after 2 rows of a 16x16) still ends the grid, as
        // does one before a row of another width; a band short of a row is an error on its
        // line.
        let lines: Vec<&str> = ROWS16.lines().collect();
        let e = grids(&format!("{}\n{}\n\n{}\n", lines[0], lines[1], lines[2]));
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(matches!(&e[0], Err((3, r)) if r.contains("ends after 2 of its 16 rows")));
        let e = grids(&format!("{}\n\n1 2 3 4\n", lines[..4].join("\n")));
        assert!(matches!(&e[0], Err((5, r)) if r.contains("ends after 4 of its 16 rows")));
        // A grid cut short after three bands in a file whose grids have no blank line inside
        // ends there, as before: the next grid's first band is not taken for its fourth.
        let cut: Vec<&str> = lines[..12].to_vec();
        let e = grids(&format!("{}\n\n{ROWS16}", cut.join("\n")));
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(matches!(&e[0], Err((13, r)) if r.contains("ends after 12 of its 16 rows")));
        assert_eq!(e[1], Ok(plain.grid.clone()));
        // Nor does a grid with a blank line only after its second band, or rows of characters
        // cut short after two bands (each of its lines an error, as before; the grid after
        // them whole).
        let e = grids(&format!("{}\n\n{rows}\n", rows9[..6].join("\n")));
        assert_eq!(e.len(), 7, "{e:?}");
        assert!(e[..6].iter().all(Result::is_err), "{e:?}");
        assert_eq!(e[6], Ok(one(LINE9).grid));
        let halves = format!("{}\n\n{}", lines[..8].join("\n"), lines[8..].join("\n"));
        assert!(grids(&halves)[0].is_err());
        let mut short = banded(ROWS16, 4);
        short = short.replacen(&format!("{}\n", lines[5]), "", 1);
        let e = grids(&short);
        assert_eq!(
            e[0],
            Err((
                9,
                "the 16x16 grid that starts at line 1 ends after 7 of its 16 rows".into()
            ))
        );
    }

    /// `LINE9` as nine rows of nine numbers.
    fn rows9() -> String {
        LINE9
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&c| (c as char).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_title_of_words_before_a_grid_is_skipped() {
        let plain16 = one(ROWS16);
        let plain9 = one(LINE9);
        for title in [
            "Puzzle from the forum",
            "a b c d e",
            "Title: my puzzle",
            "=== Puzzle 1 of 20 ===",
            "Puzzle X from the forum",
        ] {
            let p = one(&format!("{title}\n{ROWS16}"));
            assert_eq!((&p.grid, p.line, p.x), (&plain16.grid, 2, false), "{title}");
            let p = one(&format!("# c\n{title}\n\n{}\n", rows9()));
            assert_eq!((&p.grid, p.line, p.x), (&plain9.grid, 4, false), "{title}");
            // Before a grid of characters, one row a line, or on one line.
            let rows: Vec<&str> = (0..9).map(|r| &LINE9[r * 9..r * 9 + 9]).collect();
            let p = one(&format!("{title}\n{}\n", rows.join("\n")));
            assert_eq!((&p.grid, p.form), (&plain9.grid, Form::Rows), "{title}");
            assert_eq!(one(&format!("{title}\n{LINE9}\n")).grid, plain9.grid);
        }
        // A title naming Sudoku X in a spelling of the `Sudoku X` line marks its grid so, as
        // sigh's solver reads `sudoku x` anywhere; a lone `X` in a title does not (above).
        for title in [
            "Sudoku X puzzle from the forum",
            "An X-Sudoku (hard)",
            "sudoku-x #3",
        ] {
            let p = one(&format!("{title}\n{}\n", rows9()));
            assert_eq!((&p.grid, p.x), (&plain9.grid, true), "{title}");
        }
        // The lines before a grid still set its shape across a title.
        let p = one(&format!("Boxes 3x3\nSudoku X\nMy puzzle\n{}\n", rows9()));
        assert_eq!((&p.grid, p.x), (&plain9.grid, true));
        // Two titled grids.
        let two = grids(&format!("First one\n{}\n\nSecond one\n{ROWS16}", rows9()));
        assert_eq!(two, vec![Ok(plain9.grid.clone()), Ok(plain16.grid.clone())]);
        // Rows of cell characters in groups (words the length of a box) are rows, not titles:
        // each line has as many words as the next.
        let line16 = format(&plain16.grid, Form::Line, false);
        let grouped: Vec<String> = line16
            .trim_end()
            .as_bytes()
            .chunks(16)
            .map(|r| {
                r.chunks(4)
                    .map(|g| String::from_utf8(g.to_vec()).unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let p = one(&format!("Puzzle from the forum\n{}\n", grouped.join("\n")));
        assert_eq!((p.grid, p.line), (plain16.grid.clone(), 2));
        // A first row with a word that is no value, as many words as the next row, is still an
        // error on its line; so is a line of words with no grid after it.
        let typo = ROWS16.replacen(". 1 15", ". one 15", 1);
        let e = grids(&typo);
        assert!(
            matches!(&e[0], Err((1, r)) if r.contains("`one` (row 1, column 2)")),
            "{e:?}"
        );
        let e = grids("hello world\n");
        assert!(matches!(&e[..], [Err((1, _))]), "{e:?}");
    }

    #[test]
    fn brackets_around_rows_are_ignored() {
        // numpy's `print(array)` of a 9x9 (as in the audit's file) and of a 16x16 (values
        // right-aligned), and rows each in brackets; Python's list of lists on its lines.
        let numpy9 = "\
[[1 0 3 0 0 0 7 8 0]
 [0 5 6 7 8 9 0 0 0]
 [7 8 0 0 0 0 5 0 0]
 [0 0 0 5 9 0 6 7 0]
 [0 6 0 0 7 2 8 0 0]
 [0 7 0 6 0 8 0 2 0]
 [0 0 7 0 0 0 2 0 8]
 [6 0 2 8 0 7 9 5 0]
 [0 0 0 9 2 0 0 6 7]]
";
        let p = one(numpy9);
        assert_eq!((&p.grid, p.form), (&one(LINE9).grid, Form::Numbers));
        let rows: Vec<Vec<String>> = ROWS16
            .lines()
            .map(|r| {
                r.split(' ')
                    .map(|v| format!("{:>2}", v.replace('.', "0")))
                    .collect()
            })
            .collect();
        let numpy16: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let open = if k == 0 { "[[" } else { " [" };
                let close = if k == 15 { "]]" } else { "]" };
                format!("{open}{}{close}", r.join(" "))
            })
            .collect();
        assert!(numpy16[0].starts_with("[[ 0  1 15  0 16"), "{}", numpy16[0]);
        let plain16 = one(ROWS16);
        assert_eq!(one(&numpy16.join("\n")).grid, plain16.grid);
        let single: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(" "))).collect();
        assert_eq!(one(&single.join("\n")).grid, plain16.grid);
        let lists: Vec<String> = rows
            .iter()
            .map(|r| format!("[{}],", r.join(", ")))
            .collect();
        assert_eq!(one(&format!("[{}]", lists.join("\n"))).grid, plain16.grid);
        // Two printed arrays with a blank line between them are two grids.
        let two = grids(&format!("{numpy9}\n{numpy9}"));
        assert_eq!(two, vec![Ok(one(LINE9).grid), Ok(one(LINE9).grid)]);
    }

    #[test]
    fn csv_with_a_comma_after_every_value_or_quoted_fields_reads() {
        let plain9 = one(LINE9);
        // A comma after every row's last value (so `,,` ends a row whose last cell is empty):
        // as in the audit's file, once and as two grids with a blank line between them.
        let trailing = "\
1,,3,,,,7,8,,
,5,6,7,8,9,,,,
7,8,,,,,5,,,
,,,5,9,,6,7,,
,6,,,7,2,8,,,
,7,,6,,8,,2,,
,,7,,,,2,,8,
6,,2,8,,7,9,5,,
,,,9,2,,,6,7,
";
        let p = one(trailing);
        assert_eq!((&p.grid, p.form), (&plain9.grid, Form::Numbers));
        let two = grids(&format!("{trailing}\n{trailing}"));
        assert_eq!(two, vec![Ok(plain9.grid.clone()), Ok(plain9.grid.clone())]);
        assert_eq!(one(&trailing.replace(',', ";")).grid, plain9.grid);
        // With a blank line between bands too.
        let banded9 = banded(trailing, 3);
        assert_eq!(one(&banded9).grid, plain9.grid);
        // A spreadsheet's rows whose last cell is empty in every row (no comma after it): nine
        // fields each.
        let last_empty: Vec<String> = trailing
            .lines()
            .map(|r| r.split(',').take(8).collect::<Vec<_>>().join(",") + ",")
            .collect();
        let last_empty = last_empty.join("\n");
        assert!(last_empty.starts_with("1,,3,,,,7,8,\n,5,6,7,8,9,,,\n"));
        let mut want = plain9.grid.clone();
        for r in 0..9 {
            want.set(r, 8, 0);
        }
        assert_eq!(one(&last_empty).grid, want);
        // ... and with no other empty field in a row (`1,2,...,8,` of nine), in a solved grid
        // short of its last column.
        let value = |r: usize, c: usize| (r * 3 + r / 3 + c) % 9 + 1;
        let row = |r: usize, sep: &str| -> String {
            let values: Vec<String> = (0..8).map(|c| value(r, c).to_string()).collect();
            values.join(sep) + sep
        };
        let csv: Vec<String> = (0..9).map(|r| row(r, ",")).collect();
        let csv = csv.join("\n");
        let spaced: Vec<String> = (0..9).map(|r| row(r, " ") + ".").collect();
        let spaced = spaced.join("\n");
        assert!(csv.starts_with("1,2,3,4,5,6,7,8,\n4,5,6,"), "{csv}");
        assert_eq!(one(&csv).grid, one(&spaced).grid);
        // Every field in double quotes, `""` empty (CRLF line ends, as Excel writes them).
        let quoted = "\
\"1\",\"\",\"3\",\"\",\"\",\"\",\"7\",\"8\",\"\"\r
\"\",\"5\",\"6\",\"7\",\"8\",\"9\",\"\",\"\",\"\"\r
\"7\",\"8\",\"\",\"\",\"\",\"\",\"5\",\"\",\"\"\r
\"\",\"\",\"\",\"5\",\"9\",\"\",\"6\",\"7\",\"\"\r
\"\",\"6\",\"\",\"\",\"7\",\"2\",\"8\",\"\",\"\"\r
\"\",\"7\",\"\",\"6\",\"\",\"8\",\"\",\"2\",\"\"\r
\"\",\"\",\"7\",\"\",\"\",\"\",\"2\",\"\",\"8\"\r
\"6\",\"\",\"2\",\"8\",\"\",\"7\",\"9\",\"5\",\"\"\r
\"\",\"\",\"\",\"9\",\"2\",\"\",\"\",\"6\",\"7\"\r
";
        assert!(quoted.starts_with(r#""1","","3","#));
        let p = one(quoted);
        assert_eq!((&p.grid, p.form), (&plain9.grid, Form::Numbers));
        // Quoted values between spaces, and a quoted field that is no number, named as before.
        assert_eq!(one(&quoted.replace(',', " ")).grid, plain9.grid);
        let e = grids(&quoted.replacen("\"7\"", "\"x\"", 1));
        assert!(
            matches!(&e[0], Err((1, r)) if r.contains("`x` (row 1, column 7)")),
            "{e:?}"
        );
    }

    #[test]
    fn a_value_that_is_no_cell_is_named_with_its_row_and_column() {
        // Rows of a grid start past its first line: the row counts in the grid.
        let text = format!("# c\n{}", ROWS16.replacen(" 4 12 ", " 4 17 ", 1));
        let e = grids(&text);
        assert!(
            matches!(&e[0], Err((7, r)) if r.starts_with(
                "value 17 (row 6, column 6) out of range: a 16x16 grid holds 1..=16; read as \
                 one stream, lines 2 to 17"
            )),
            "{e:?}"
        );
        let e = grids(&ROWS16.replacen("14 11 6", "14 11 6.5", 1));
        assert_eq!(
            e[0],
            Err((8, "`6.5` (row 8, column 3) is not a whole number".into()))
        );
        let e = grids(&ROWS16.replacen("14 11 6", "14 11 six", 1));
        assert_eq!(
            e[0],
            Err((8, "`six` (row 8, column 3) is not a number or `.`".into()))
        );
        let e = grids(&ROWS16.replacen("14 11 6", "14 11 99999999999", 1));
        assert_eq!(
            e[0],
            Err((
                8,
                "value 99999999999 (row 8, column 3) out of range: a 16x16 grid holds 1..=16"
                    .into()
            ))
        );
        let e = grids(&ROWS16.replacen("14 11 6", "14 11 s\x07x", 1));
        assert_eq!(
            e[0],
            Err((8, "`s?x` (row 8, column 3) is not a number or `.`".into()))
        );
    }

    #[test]
    fn numbers_are_written_as_the_formatter_writes_them() {
        for width in 1..=3 {
            for v in 0..=400u16 {
                let mut s = String::from("x");
                push_right(&mut s, v, width);
                let want = if v == 0 {
                    format!("x{:>width$}", ".")
                } else {
                    format!("x{v:>width$}")
                };
                assert_eq!(s, want);
            }
        }
    }
}
