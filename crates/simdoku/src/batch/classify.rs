//! The one line classifier: what a line of a puzzle file holds (a puzzle, a pencilmark puzzle,
//! nothing: blank, `#` comment, CSV header; or why it is invalid: a bad character, a wrong
//! size, contradictory givens), and grids from rows of cell values.

use simdoku_core::Grid;
use simdoku_large::shape::MAX_SIDE;
use simdoku_large::text::MAX_LINE_SIDE;
use simdoku_tools::Pencilmarks;

use super::drawn::marks_row_fault;

/// Lines longer than this are cut by line readers (the rest is skipped) and reported as
/// invalid by [`classify_line`].
pub const MAX_LINE: usize = 64 * 1024;

/// What a line (or a puzzle string) holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A 9x9 puzzle (81 cells; anything after them ignored), givens without contradiction.
    Puzzle(Grid),
    /// A 729-character pencilmark (Sukaku) line: nine candidate characters per cell (boxed:
    /// rare, and twice a grid's size, which every entry of a batch would otherwise carry).
    Pencilmarks(Box<Pencilmarks>),
    /// Not a puzzle: the reason.
    Invalid(String),
}

/// Classifies one puzzle string (no file context): a pencilmark line when its first field
/// (up to a comma, `;` or white space) has 729 characters, else a 9x9 puzzle or the reason
/// it is not one. A string of several lines may hold one puzzle drawn as a grid, one row a
/// line ([`GridLines`](super::GridLines) says which layouts). A first field of more than 81
/// cells is a puzzle and what follows it, unless it is the size of another square grid (256,
/// 625, ... cells: a 16x16, a 25x25), which is no puzzle.
///
/// ```
/// use simdoku::batch::{Entry, classify_text};
/// assert!(matches!(classify_text(b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,x"),
///                  Entry::Puzzle(_)));
/// assert_eq!(classify_text(b"1234"), Entry::Invalid("expected 81 cells, found 4".into()));
/// ```
pub fn classify_text(text: &[u8]) -> Entry {
    let text = text.trim_ascii();
    if is_plain_puzzle(text) && !text.contains(&b'\n') {
        return plain_puzzle(text);
    }
    classify_general(text)
}

/// [`classify_text`] of a trimmed text, every form asked for in turn.
pub(crate) fn classify_general(text: &[u8]) -> Entry {
    if text.contains(&b'\n')
        && let Some(entry) = super::drawn::classify_drawn(text)
    {
        return entry;
    }
    let field = field_len(text);
    if field == 729 {
        return match Pencilmarks::parse_bytes(text) {
            Ok(m) => Entry::Pencilmarks(Box::new(m)),
            Err(e) => Entry::Invalid(e.to_string()),
        };
    }
    // A run of cells longer than 81 is read as a puzzle and what follows it (a solution),
    // but not when it is the size of another square grid: a 16x16 read as its first 81
    // cells would be solved as a different puzzle, without a word.
    if field > 81
        && let Some(hint) = large_grid_hint(field)
    {
        return Entry::Invalid(hint);
    }
    // Nor is a run of any other length but a puzzle's and its solution's (162): a line with a
    // cell too many (a `0` typed before the puzzle) is no puzzle to solve shifted by one.
    let run = text.iter().position(|&b| !is_cell(b)).unwrap_or(text.len());
    if run > 81 && run != 162 && run != 729 {
        // Past a puzzle and its solution, most likely a pencilmark line a character off.
        let marks = if run > 162 {
            ", a pencilmark line 729"
        } else {
            ""
        };
        return Entry::Invalid(format!(
            "{run} cells in a row: a puzzle has 81 (then a separator, or its solution's 81){marks}"
        ));
    }
    if field <= 1
        && let Some(read) = separated_line(text)
    {
        // 81 values with separators, as spreadsheets and number lists write a grid on one
        // line; a count that is no puzzle's is said only when no other reading finds one.
        return match read {
            Ok(entry) => entry,
            Err(reason) => elsewhere(text)
                .unwrap_or_else(|| Entry::Invalid(marks_row_fault(text).unwrap_or(reason))),
        };
    }
    match Grid::parse_cells(text) {
        Err(e) => elsewhere(text).unwrap_or_else(|| {
            Entry::Invalid(marks_row_fault(text).unwrap_or_else(|| e.to_string()))
        }),
        Ok(g) => checked(g),
    }
}

/// A parsed grid's entry: the puzzle, or why not when its givens contradict each other.
fn checked(g: Grid) -> Entry {
    match g.conflict() {
        Some(c) => Entry::Invalid(c.to_string()),
        None => Entry::Puzzle(g),
    }
}

/// Whether a line is the common one: 81 cell characters from its first byte, then nothing or
/// a comma or space (`4.....8.5...`, `...,solution`). [`classify_line`] and [`classify_text`]
/// read such a line (of one line) as [`plain_puzzle`] does, and its echo is its first 81 bytes.
pub(crate) fn is_plain_puzzle(bytes: &[u8]) -> bool {
    starts_with_cells(bytes, 81) && matches!(bytes.get(81), None | Some(b',' | b' '))
}

/// The entry of a line that [`is_plain_puzzle`]: the general path's, for a fraction of its
/// cost (batches read millions of such lines).
pub(crate) fn plain_puzzle(bytes: &[u8]) -> Entry {
    checked(Grid::parse_cells(bytes).expect("81 cell characters"))
}

/// A line of cell values with separators (`5,3,0,0,7,...`, `5 3 . . 7 ...`, see [`separated`]):
/// the puzzle of its first 81 values, what follows them ignored as on any puzzle line (more
/// values: a solution; or, after exactly 81 values or a solution's 162, anything: a rating
/// column, `# 11.2`); `Ok` with the reason when it is the list of another square grid (a 16x16's
/// 256 numbers, whose first 81 would be solved as a different puzzle, without a word); `Err`
/// with the count of values when there are not 81 of them (the line's reason unless another
/// reading finds a puzzle in it); `None` when it does not start with two values.
fn separated_line(text: &[u8]) -> Option<Result<Entry, String>> {
    let puzzle = |values: &[u8]| match parse_cells(&values[..81]) {
        Ok(g) => Entry::Puzzle(g),
        Err(e) => Entry::Invalid(e),
    };
    if let Some(values) = separated(text) {
        if let Some(hint) = large_grid_hint(values.len()) {
            return Some(Ok(Entry::Invalid(hint)));
        }
        return match values.len() {
            81.. => Some(Ok(puzzle(&values))),
            2.. => Some(Err(format!("expected 81 cells, found {}", values.len()))),
            _ => None,
        };
    }
    // Values, then a field that is none. The separator is the first one of the line (a
    // comment after the values may hold others).
    let text = text.trim_ascii();
    let sep = text
        .iter()
        .copied()
        .find(|&b| b == b',' || b == b';' || b.is_ascii_whitespace())?;
    let fields: Vec<&[u8]> = if sep.is_ascii_whitespace() {
        text.split(u8::is_ascii_whitespace)
            .filter(|f| !f.is_empty())
            .collect()
    } else {
        text.split(|&b| b == sep).collect()
    };
    let blank = !sep.is_ascii_whitespace();
    let cell = |f: &[u8]| field_value(f, blank).is_some();
    let lead = fields.iter().take_while(|f| cell(f)).count();
    if lead < 2 {
        return None;
    }
    // Numbers of a larger grid (`12`, a letter `A`), or its cells before a comment: the list
    // of another size, not a 9x9.
    let number = |f: &&[u8]| {
        let f = f.trim_ascii();
        cell(f) || ((1..=3).contains(&f.len()) && f.iter().all(u8::is_ascii_alphanumeric))
    };
    let size = if fields.iter().all(number) {
        fields.len()
    } else {
        lead
    };
    if let Some(hint) = large_grid_hint(size) {
        return Some(Ok(Entry::Invalid(hint)));
    }
    if matches!(lead, 81 | 162) {
        let values: Vec<u8> = fields[..81]
            .iter()
            .map(|f| field_value(f, blank).unwrap_or(0))
            .collect();
        return Some(Ok(puzzle(&values)));
    }
    let next = String::from_utf8_lossy(fields[lead].trim_ascii());
    let next: String = next.chars().take(20).collect();
    Some(Err(format!(
        "expected 81 cells, found {lead}, then '{next}'"
    )))
}

/// The puzzle of a line that does not start with it, as other programs write one: with its
/// empty cells written `-`, `*` or `x` ([`other_empty`]), in quotes
/// (`"4.....8.5...",...`, a spreadsheet's CSV), in a later field of a row whose first field
/// is no puzzle (`0,1..5.37..6...,198543726...`: an id first; `HoDoKu`'s library lines
/// `:0000:x:4.....8.5...:::`; `Puzzle 12: 4.....8.5...`), or in brackets (a JSON
/// array: `[[5,3,0,...],[6,0,0,...],...]` or `["53..7....","6..195...",...]`). `None` when no
/// puzzle is found there, and the line's own error stands. Only lines that fail as they are
/// come here, so a line read before is read the same.
fn elsewhere(text: &[u8]) -> Option<Entry> {
    if let Some(entry) = other_empty(&text[..field_len(text)]) {
        return Some(entry);
    }
    let all_cells = |f: &[u8]| starts_with_cells(f, f.len());
    // A puzzle's or a pencilmark puzzle's cells, nothing else.
    let a_puzzle = |f: &[u8]| matches!(f.len(), 81 | 729) && all_cells(f);
    let unquote = |f: &[u8]| -> Vec<u8> {
        let f = f.trim_ascii();
        match f {
            [q @ (b'"' | b'\''), inner @ .., last] if last == q => inner.trim_ascii().to_vec(),
            _ => f.to_vec(),
        }
    };
    // Fields between commas, semicolons, colons (HoDoKu's library lines:
    // `:0000:x:4.....8.5...:::`) or white space (`Puzzle 12: 4.....8.5...`).
    let fields: Vec<Vec<u8>> = text
        .split(|&b| b",;:".contains(&b) || b.is_ascii_whitespace())
        .map(unquote)
        .collect();
    // A field of 81 (or 729) cell characters: the first one unless the first field is itself
    // a run of cells (a puzzle cut short, whose error is the one to give).
    let first_is_cells = fields[0].len() >= 17 && all_cells(&fields[0]);
    let found = fields
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || !first_is_cells)
        .map(|(_, f)| f)
        .find(|f| a_puzzle(f));
    if let Some(f) = found {
        return Some(classify_text(f));
    }
    // A quoted string anywhere (a JSON object: `{"puzzle": "4.....8.5...", ...}`).
    let quoted = text
        .split(|&b| b == b'"')
        .skip(1)
        .step_by(2)
        .find(|f| a_puzzle(f));
    if let Some(f) = quoted {
        return Some(classify_text(f));
    }
    // Brackets: the cells of every field between the first `[` and the last `]`, in order.
    if let (Some(a), Some(b)) = (
        text.iter().position(|&b| b == b'['),
        text.iter().rposition(|&b| b == b']'),
    ) && a < b
    {
        let mut cells = Vec::with_capacity(81);
        for f in text[a..=b].split(|&b| b == b',' || b.is_ascii_whitespace()) {
            let f: Vec<u8> = f
                .iter()
                .copied()
                .filter(|b| !b"[]\"'".contains(b))
                .collect();
            if !all_cells(&f) {
                return None;
            }
            cells.extend_from_slice(&f);
        }
        if cells.len() == 81 {
            return Some(classify_text(&cells));
        }
    }
    rows_in_words(text).map(|cells| classify_text(&cells))
}

/// The cells of a grid written on one line a row at a time: nine words of nine cells (or 27 of
/// three, a mini-row each) between spaces, `/` or `|` (`4.....8.5 .3....... ...`,
/// `4.....8.5/.3......./...`, `4..|...|8.5 ...`); what follows them is ignored, as on any
/// puzzle line.
fn rows_in_words(text: &[u8]) -> Option<Vec<u8>> {
    let mut words = text
        .split(|&b| b == b'/' || b == b'|' || b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    let width = words.clone().next()?.len();
    if width != 9 && width != 3 {
        return None;
    }
    let mut cells = Vec::with_capacity(81);
    for w in words.by_ref().take(81 / width) {
        if w.len() != width || !starts_with_cells(w, width) {
            return None;
        }
        cells.extend_from_slice(w);
    }
    (cells.len() == 81).then_some(cells)
}

/// A first field of 81 cells whose empty cells are written `-`, `*` or `x`/`X` (one of them, the
/// field's only character that is not a digit), as some programs write a puzzle line: that
/// puzzle. At least one digit: a rule of 81 dashes is no puzzle. Only the whole field is read
/// so, so a grid's border or a row drawn with `-` for empty cells (nine cells and `|`) never is.
fn other_empty(field: &[u8]) -> Option<Entry> {
    let empty = *field.iter().find(|b| !b.is_ascii_digit())?;
    let ok = field.len() == 81
        && b"-*xX".contains(&empty)
        && field.iter().all(|&b| b.is_ascii_digit() || b == empty)
        && field.iter().any(u8::is_ascii_digit);
    ok.then(|| {
        let cells: Vec<u8> = field
            .iter()
            .map(|&b| if b == empty { b'.' } else { b })
            .collect();
        classify_text(&cells)
    })
}

/// Classifies line `number` (from 1) of a puzzle file: `None` for lines that hold no puzzle
/// (blank, `#` comment, a CSV header on line 1, an XML tag without a puzzle in it), else what
/// [`classify_text`] says, after
/// the file's own cases: UTF-16 text, a line cut at [`MAX_LINE`] (`too_long`), and a square
/// grid of another size (16, 256, 625, ... cells), which points to `simdoku large`.
///
/// ```
/// use simdoku::batch::{Entry, classify_line};
/// assert_eq!(classify_line(1, b"quizzes,solutions", false), None);
/// assert_eq!(classify_line(2, b"# a comment", false), None);
/// assert_eq!(classify_line(2, b"<opensudoku>", false), None);
/// assert_eq!(classify_line(3, &[b'1'; 16], false),
///            Some(Entry::Invalid("16 cells: a 4x4 grid; use 'simdoku large'".into())));
/// ```
pub fn classify_line(number: u64, bytes: &[u8], too_long: bool) -> Option<Entry> {
    let text = bytes.trim_ascii();
    if text.is_empty() || text[0] == b'#' {
        return None;
    }
    if is_header(number, text) || is_markup(text) {
        return None;
    }
    if number == 1 && (text.starts_with(b"\xFF\xFE") || text.starts_with(b"\xFE\xFF")) {
        return Some(Entry::Invalid(
            "UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8 or ASCII"
                .to_string(),
        ));
    }
    if too_long {
        return Some(Entry::Invalid(format!("line longer than {MAX_LINE} bytes")));
    }
    if let Some(hint) = large_row_hint(text) {
        return Some(Entry::Invalid(hint));
    }
    match classify_text(text) {
        // A line that is no 9x9 puzzle but whose first field is the cells of another square
        // grid (a 6x6's 36, a 12x12's 144 with letters): say so. Only then: an id of 16 or 36
        // characters (a UUID) before a puzzle is no grid.
        Entry::Invalid(reason) => {
            let field = &text[..field_len(text)];
            // (Pencilmarks, 729 characters, keep their own reason.)
            let cells = field.len() != 729 && super::json::is_cell_text(field);
            let hint = cells.then(|| large_grid_hint(field.len())).flatten();
            Some(Entry::Invalid(hint.unwrap_or(reason)))
        }
        entry => Some(entry),
    }
}

/// For a line of 4 to 400 separated numbers with one above 9 (and none above the count), as a
/// larger grid's row is written (`1 2 ... 16`, `1,,3,...,16`), the reason to give: what it
/// looks like, and the command that reads it. A 9x9 puzzle's 81 values never have one above 9.
fn large_row_hint(text: &[u8]) -> Option<String> {
    let mut count = 0;
    let mut max = 0;
    // (Between commas an empty field is an empty cell: counted, value 0.)
    for f in fields(text).1 {
        if f.len() > 3 || !f.iter().all(u8::is_ascii_digit) {
            return None;
        }
        count += 1;
        max = max.max(f.iter().fold(0, |v, &d| 10 * v + usize::from(d - b'0')));
    }
    ((4..=MAX_SIDE).contains(&count) && max > 9 && max <= count).then(|| {
        format!("{count} numbers up to {max}: a row of a {count}x{count} grid? use 'simdoku large'")
    })
}

/// An XML (or HTML) tag line with nothing like a puzzle in it, such as the lines around the
/// puzzles of an `OpenSudoku` export (`<?xml ...?>`, `<opensudoku>`): no puzzle, skipped like a
/// comment. A tag holding a run of 17 or more cell characters (`<game data="0030..."/>`) is
/// read as a line.
fn is_markup(text: &[u8]) -> bool {
    text.starts_with(b"<")
        && text.ends_with(b">")
        && !text.split(|&b| !is_cell(b)).any(|run| run.len() >= 17)
}

/// A row of 81 cell values (0 empty): the grid, or why it is not a puzzle (a value above 9,
/// contradictory givens).
///
/// ```
/// let mut row = [0u8; 81];
/// row[1] = 10;
/// assert_eq!(simdoku::batch::parse_cells(&row).unwrap_err(), "r1c2: value 10 is not 0-9");
/// ```
pub fn parse_cells(row: &[u8]) -> Result<Grid, String> {
    if row.len() != 81 {
        return Err(format!("expected 81 cells, found {}", row.len()));
    }
    if let Some(i) = row.iter().position(|&v| v > 9) {
        return Err(format!(
            "r{}c{}: value {} is not 0-9",
            i / 9 + 1,
            i % 9 + 1,
            row[i]
        ));
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(row);
    let g = Grid::from_cells(cells).expect("values checked");
    match g.conflict() {
        Some(c) => Err(c.to_string()),
        None => Ok(g),
    }
}

/// For a line of `cells` cells that would be a square grid other than 9x9 (16, 36, 64, 100, ...
/// 1225 cells: 4x4 to 35x35, the grids `simdoku large` reads a line at a time; and the larger
/// ones of square boxes, 1296, 2401, ... cells), the reason to give: the size, and how
/// `simdoku large` reads it. Such a line must not be cut to its first 81 cells and read as a
/// 9x9 puzzle.
fn large_grid_hint(cells: usize) -> Option<String> {
    let side = cells.isqrt();
    if side * side != cells || side == 9 || !(4..=MAX_SIDE).contains(&side) {
        return None;
    }
    // "an 8x8", "an 11x11", "an 18x18", "an 81x81".
    let a = if side == 11 || side == 18 || side.to_string().starts_with('8') {
        "an"
    } else {
        "a"
    };
    if side <= MAX_LINE_SIDE {
        return Some(format!(
            "{cells} cells: {a} {side}x{side} grid; use 'simdoku large'"
        ));
    }
    let boxes = side.isqrt();
    (boxes * boxes == side).then(|| {
        format!(
            "{cells} cells: {a} {side}x{side} grid; 'simdoku large' reads it as numbers, a row a \
             line (grids of one character a cell go to {MAX_LINE_SIDE}x{MAX_LINE_SIDE})"
        )
    })
}

/// The cell values of a list of single-cell fields (`1`-`9`; `0`, `.`, `_` or, between commas
/// or semicolons, nothing for empty) separated by commas, semicolons or white space (one kind
/// in a line); `None` for anything else. (A comma at the end is an empty last field.)
///
/// ```text
/// 5,3,0,0,7,0,0,0,0   5;3;;;7;;;;   5 3 . . 7 . . . .
/// ```
pub(super) fn separated(text: &[u8]) -> Option<Vec<u8>> {
    let (blank, fields) = fields(text);
    fields.map(|field| field_value(field, blank)).collect()
}

/// The fields of a separated line, each trimmed: between commas (or, with none, semicolons)
/// every field, an empty one too; else the words between white space. The flag says which
/// (empty fields are cells between commas, not between spaces).
fn fields(text: &[u8]) -> (bool, impl Iterator<Item = &[u8]>) {
    let text = text.trim_ascii();
    let sep = [b',', b';'].into_iter().find(|s| text.contains(s));
    let fields = text
        .split(move |&b| sep.map_or(b.is_ascii_whitespace(), |s| b == s))
        .map(<[u8]>::trim_ascii)
        .filter(move |f| sep.is_some() || !f.is_empty());
    (sep.is_some(), fields)
}

/// A separated field's cell value (0 for an empty cell): `1`-`9`, or `0`, `.`, `_`, or nothing
/// where `blank` fields are cells (between two commas, not between spaces).
fn field_value(field: &[u8], blank: bool) -> Option<u8> {
    match field.trim_ascii() {
        [] if blank => Some(0),
        [b @ b'1'..=b'9'] => Some(b - b'0'),
        [b'0' | b'.' | b'_'] => Some(0),
        _ => None,
    }
}

/// Whether `text` starts with `n` cell characters in a row (`0`-`9`, `.`, `_`), as a puzzle
/// line or a pencilmark line does (and no drawn row or rule of ten characters or more).
///
/// ```
/// use simdoku::batch::starts_with_cells;
/// assert!(starts_with_cells(b"4.....8.5.3...,x", 10) && !starts_with_cells(b"4.....8.5", 10));
/// assert!(!starts_with_cells(b"| 5 3 . | . 7 .", 10));
/// ```
#[allow(clippy::needless_bitwise_bool)] // deliberate: no early exit (see below)
pub fn starts_with_cells(text: &[u8], n: usize) -> bool {
    // Without an early exit, so that it compiles to vector compares (it runs on every line
    // read: 81 bytes cost what 10 did).
    text.len() >= n && text[..n].iter().fold(true, |all, &b| all & is_cell(b))
}

/// A character a puzzle line writes a cell with: a digit, or `.` or `_` for an empty cell.
#[inline]
#[allow(clippy::needless_bitwise_bool)] // deliberate: no branch (see `starts_with_cells`)
pub(crate) fn is_cell(b: u8) -> bool {
    b.is_ascii_digit() | (b == b'.') | (b == b'_')
}

/// Whether a `#` comment line holds a puzzle: a run of 81 cell characters after the `#` (`#1
/// 4.....8.5...`). Such lines are skipped like any comment; an input of nothing else says so.
pub(crate) fn is_commented_puzzle(bytes: &[u8]) -> bool {
    let text = bytes.trim_ascii();
    text.first() == Some(&b'#') && text.split(|&b| !is_cell(b)).any(|run| run.len() >= 81)
}

/// The length of the first field (up to a comma, `;` or white space).
fn field_len(text: &[u8]) -> usize {
    text.iter()
        .position(|&b| b == b',' || b == b';' || b.is_ascii_whitespace())
        .unwrap_or(text.len())
}

/// Whether [`classify_line`] skips line `number` as a CSV header: line 1 of words and
/// separators only (`quizzes,solutions`, `puzzle`, `"id","puzzle"`, `puzzle;solution`, ...).
///
/// ```
/// use simdoku::batch::is_header;
/// assert!(is_header(1, b"quizzes,solutions") && !is_header(2, b"quizzes,solutions"));
/// assert!(is_header(1, b"\"\",\"puzzle\",\"solution\"") && is_header(1, b"puzzle;solution"));
/// assert!(!is_header(1, b"# a comment") && !is_header(1, b""));
/// ```
pub fn is_header(number: u64, bytes: &[u8]) -> bool {
    number == 1 && is_csv_header(bytes.trim_ascii())
}

/// `quizzes,solutions`, `puzzle`, ...: words, and the separators and quotes that the lines
/// after it may use (commas, semicolons, tabs, spaces; R's `write.csv` and Python's
/// `QUOTE_ALL` quote the names, spreadsheets in many locales separate them with `;`).
fn is_csv_header(text: &[u8]) -> bool {
    text.iter().any(u8::is_ascii_alphabetic)
        && text
            .iter()
            .all(|&b| b.is_ascii_alphabetic() || b"_,; \t\"'".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_puzzle_where_other_programs_put_it() {
        const P: &str =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        const S: &str =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let want = Entry::Puzzle(Grid::parse(P).unwrap());
        // P's cells in groups of `n` joined by `sep`.
        let groups = |n: usize, sep: &str| {
            let g: Vec<&str> = P
                .as_bytes()
                .chunks(n)
                .map(|r| std::str::from_utf8(r).unwrap())
                .collect();
            g.join(sep)
        };
        let zeros = P.replace('.', "0");
        let digits: Vec<String> = zeros.chars().map(String::from).collect();
        let rows: Vec<String> = digits
            .chunks(9)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        let strings: Vec<String> = P
            .as_bytes()
            .chunks(9)
            .map(|r| format!("\"{}\"", std::str::from_utf8(r).unwrap()))
            .collect();
        for line in [
            format!("\"{P}\",\"{S}\""),                    // quoted CSV fields
            format!("'{P}'"),                              // a quoted puzzle alone
            format!("0,{P},{S},27,2.2"),                   // an id first (Kaggle's 3 M set)
            format!("7\t\"{P}\"\t{S}"),                    // tab-separated, quoted
            format!("[{}]", rows.join(",")),               // JSON: nine arrays of nine numbers
            format!("[{}]", strings.join(", ")),           // JSON: nine strings of nine cells
            format!("{{\"grid\": [{}]}}", rows.join(",")), // JSON object, numbers
            format!("{{\"id\": 3, \"puzzle\": \"{P}\", \"solution\": \"{S}\"}}"),
            groups(9, " "),                      // rows between spaces
            groups(9, "/"),                      // rows between slashes
            format!("{} # 2.3", groups(3, "|")), // mini-rows
            format!("{P}{S}"),                   // a puzzle and its solution as one run
        ] {
            assert_eq!(classify_text(line.as_bytes()), want, "{line}");
        }
        // Empty cells written `-`, `*` or `x` (one kind a line), a solution after it or not.
        for empty in ["-", "*", "x"] {
            let line = P.replace('.', empty);
            assert_eq!(classify_text(line.as_bytes()), want, "{line}");
            assert_eq!(classify_text(format!("{line},{S}").as_bytes()), want);
        }
        // Not when mixed with another empty, cut short, or without a digit (a rule of dashes).
        let mixed = format!("4-{}", &P[2..]);
        for line in [mixed.as_str(), &P.replace('.', "-")[..80], &"-".repeat(81)] {
            assert!(
                matches!(classify_text(line.as_bytes()), Entry::Invalid(_)),
                "{line}"
            );
        }
        // Contradictory givens in a later field: that puzzle's own error.
        let clash = format!("1,11{}", &P[2..]);
        assert!(matches!(classify_text(clash.as_bytes()), Entry::Invalid(r) if r.contains("r1")));
        // A first field that is a puzzle cut short keeps its error: the solution after it is
        // not taken for the puzzle.
        assert_eq!(
            classify_text(format!("{},{S}", &P[..80]).as_bytes()),
            Entry::Invalid("expected 81 cells, found 80".into())
        );
        // A run of cells of another length is no puzzle (the first 81 of `0` and a puzzle
        // would be solved shifted by one), nor are rows of other widths.
        for (line, reason) in [
            (format!("0{P}"), "82 cells in a row"),
            (format!("{P}{}", &S[..80]), "161 cells in a row"),
        ] {
            assert!(
                matches!(classify_text(line.as_bytes()), Entry::Invalid(r) if r.starts_with(reason) && !r.contains("pencilmark")),
                "{line}"
            );
        }
        // A pencilmark line a character short or long was told only of puzzles' 81 cells.
        let marks = Pencilmarks::FULL.to_string();
        for (line, reason) in [
            (marks[1..].to_string(), "728 cells in a row"),
            (format!("{marks}."), "730 cells in a row"),
        ] {
            assert!(
                matches!(classify_text(line.as_bytes()), Entry::Invalid(r) if r.starts_with(reason) && r.ends_with("a pencilmark line 729")),
                "{line}"
            );
        }
        for line in [
            groups(9, " ")[..8 * 10 - 1].to_string(), // eight rows
            format!("{} {}", &P[..10], &P[10..]),
        ] {
            assert!(
                matches!(classify_text(line.as_bytes()), Entry::Invalid(_)),
                "{line}"
            );
        }
        // Junk stays junk, with its own reason.
        for junk in ["[1,2,3]", "\"abc\",\"def\"", "[[x]]", "0,1,2"] {
            assert!(
                matches!(classify_text(junk.as_bytes()), Entry::Invalid(_)),
                "{junk}"
            );
        }
        assert_eq!(
            classify_text(b"\"abc\""),
            Entry::Invalid(
                "column 1: unexpected '\"' (cells are 1-9, or 0, . or _ for empty)".into()
            )
        );
    }

    #[test]
    fn classifies_lines() {
        assert!(classify_line(1, b"quizzes,solutions", false).is_none());
        assert!(classify_line(2, b"   ", false).is_none());
        assert!(classify_line(2, b"# comment", false).is_none());
        assert!(matches!(
            classify_line(2, b"quizzes", false),
            Some(Entry::Invalid(_))
        ));
        let p =
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,x";
        assert!(matches!(classify_line(1, p, false), Some(Entry::Puzzle(_))));
        assert!(matches!(
            classify_line(1, p, true),
            Some(Entry::Invalid(r)) if r == "line longer than 65536 bytes"
        ));
    }

    #[test]
    fn other_grid_sizes_point_to_large() {
        let line = "1".repeat(256);
        assert_eq!(
            classify_line(1, line.as_bytes(), false),
            Some(Entry::Invalid(
                "256 cells: a 16x16 grid; use 'simdoku large'".into()
            ))
        );
        assert_eq!(
            large_grid_hint(16).unwrap(),
            "16 cells: a 4x4 grid; use 'simdoku large'"
        );
        assert!(large_grid_hint(81).is_none() && large_grid_hint(80).is_none());
        assert_eq!(
            large_grid_hint(64).unwrap(),
            "64 cells: an 8x8 grid; use 'simdoku large'"
        );
        assert!(
            large_grid_hint(1296)
                .unwrap()
                .contains("36x36 grid; 'simdoku large' reads it as numbers")
        );
        assert!(
            large_grid_hint(37 * 37).is_none(),
            "a 37x37 has no boxes and no one-line form"
        );
        // Lines of another grid's cells, digits or letters: 6x6, 12x12.
        let g12 = "1..78A..6B.3.3C.B..68..4648B3291C57A...5..32...C..B.....32.13...C8...A97B...5C.....8...37..8.......46..A.7B9...8974.....5..91B.C7.424.3C.6A5918B";
        for (line, hint) in [
            (
                "1.3...".repeat(6),
                "36 cells: a 6x6 grid; use 'simdoku large'",
            ),
            (
                g12.to_string(),
                "144 cells: a 12x12 grid; use 'simdoku large'",
            ),
        ] {
            assert_eq!(
                classify_line(1, line.as_bytes(), false),
                Some(Entry::Invalid(hint.into()))
            );
        }
        // An id of 16 or 36 characters before a puzzle is no grid.
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        for id in ["0123456789abcdef", "123e4567-e89b-12d3-a456-426614174000"] {
            assert!(
                matches!(
                    classify_line(2, format!("{id},{p}").as_bytes(), false),
                    Some(Entry::Puzzle(_))
                ),
                "{id}"
            );
        }
        assert_eq!(
            classify_text(&[b'1'; 16]),
            Entry::Invalid("expected 81 cells, found 16".into())
        );
        // A string of a larger grid's size is no 9x9 (its first 81 cells would be solved).
        assert_eq!(
            classify_text(".".repeat(256).as_bytes()),
            Entry::Invalid("256 cells: a 16x16 grid; use 'simdoku large'".into())
        );
        assert_eq!(
            classify_text(format!("{},x", ".".repeat(625)).as_bytes()),
            Entry::Invalid("625 cells: a 25x25 grid; use 'simdoku large'".into())
        );
        // A larger grid's row of numbers, spaced or a spreadsheet's (empty fields are cells).
        let row16 = "16 numbers up to 16: a row of a 16x16 grid? use 'simdoku large'";
        for line in [
            " 1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16",
            "1,,3,,,,,,,,,12,,,,16",
            "0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;16",
        ] {
            assert_eq!(
                classify_line(3, line.as_bytes(), false),
                Some(Entry::Invalid(row16.into())),
                "{line}"
            );
        }
        // Not such rows: values up to 9 (a 9x9's), a value above the count, ids, ratings.
        for line in [
            "5 3 0 0 7 0 0 0 0 6 0 0 1 9 5 0 0 0",
            "1,2,3,40",
            "5,3,0,0,7,0,0,0,0,11.2",
        ] {
            assert!(
                !matches!(classify_line(3, line.as_bytes(), false),
                          Some(Entry::Invalid(r)) if r.contains("use 'simdoku large'")),
                "{line}"
            );
        }
    }

    #[test]
    fn classifies_pencilmark_lines() {
        let marks = Pencilmarks::FULL.to_string();
        assert_eq!(
            classify_line(2, marks.as_bytes(), false),
            Some(Entry::Pencilmarks(Box::new(Pencilmarks::FULL)))
        );
        let bad = format!("x{}", &marks[1..]);
        assert!(matches!(
            classify_line(2, bad.as_bytes(), false),
            Some(Entry::Invalid(r)) if r.contains("pencilmarks")
        ));
    }

    #[test]
    fn values_with_separators_on_one_line() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let want = classify_text(p.as_bytes());
        assert!(matches!(want, Entry::Puzzle(_)));
        let values: Vec<String> = p.chars().map(|c| c.to_string()).collect();
        let zeros = p.replace('.', "0");
        let zeros: Vec<String> = zeros.chars().map(|c| c.to_string()).collect();
        let blanks: Vec<&str> = p
            .split("")
            .filter(|c| !c.is_empty())
            .map(|c| if c == "." { "" } else { c })
            .collect();
        for line in [
            zeros.join(","),
            format!("{},", zeros.join(",")),
            values.join(" "),
            blanks.join(";"),
            format!("{},{}", zeros.join(","), zeros.join(",")),
        ] {
            assert_eq!(classify_text(line.as_bytes()), want, "{line}");
        }
        // Not 81 values: the count found (not "found 1", the first value alone).
        assert_eq!(
            classify_text(zeros[..80].join(",").as_bytes()),
            Entry::Invalid("expected 81 cells, found 80".into())
        );
        assert_eq!(
            classify_text(format!("{},12", zeros[..80].join(",")).as_bytes()),
            Entry::Invalid("expected 81 cells, found 80, then '12'".into())
        );
        // A rating or comment after the 81 values (or after a solution's 81 more) is ignored,
        // as after a puzzle string; in any of the three separators, the comment holding others.
        for line in [
            format!("{} # 11.2", values.join(" ")),
            format!("{}\t11.9\t11.9\t11.3", zeros.join("\t")),
            format!("{} # ER 11.2, by hand", zeros.join(" ")),
            format!("{},11.2", zeros.join(",")),
            format!("{};hard", blanks.join(";")),
            format!("{},{},12", zeros.join(","), zeros.join(",")),
        ] {
            assert_eq!(classify_text(line.as_bytes()), want, "{line}");
        }
        // Another count of values, then something else: the count, and what came after it.
        assert_eq!(
            classify_text(format!("{},0,x", zeros.join(",")).as_bytes()),
            Entry::Invalid("expected 81 cells, found 82, then 'x'".into())
        );
        // A larger grid's numbers on one line are no 9x9 puzzle, even when its first 81 are
        // digits (they were solved as one), with a comment after them or a value above 9.
        let mut big = vec!["0"; 256];
        big[0] = "1";
        big[20] = "2";
        let sixteen = "256 cells: a 16x16 grid; use 'simdoku large'";
        for line in [big.join(" "), big.join(","), {
            big[200] = "12";
            big.join(" ")
        }] {
            assert_eq!(
                classify_text(line.as_bytes()),
                Entry::Invalid(sixteen.into())
            );
        }
        assert_eq!(
            classify_text(format!("{} # 16x16", big.join(" ")).as_bytes()),
            Entry::Invalid("expected 81 cells, found 200, then '12'".into())
        );
        big[200] = "0";
        assert_eq!(
            classify_text(format!("{} # 16x16", big.join(" ")).as_bytes()),
            Entry::Invalid(sixteen.into())
        );
        assert_eq!(separated(b"5, 3,,7"), Some(vec![5, 3, 0, 7]));
        assert_eq!(separated(b"5 3  7"), Some(vec![5, 3, 7]));
        assert_eq!(separated(b"5 3 77"), None);
    }

    #[test]
    fn rows_of_cells() {
        let mut row = [0u8; 81];
        assert_eq!(parse_cells(&row), Ok(Grid::EMPTY));
        row[0] = 5;
        row[1] = 5;
        assert!(parse_cells(&row).is_err());
        assert!(parse_cells(&row[..80]).is_err());
    }
}
