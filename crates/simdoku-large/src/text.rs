//! Text forms of large grids: reading a file's text into puzzles, writing grids back.
//!
//! Two forms are read, and may be mixed in one file:
//!
//! * **line form**: one grid per line, one character per cell, `1`-`9` then `A`-`Z` (or
//!   `a`-`z`) for 10-35, `0` or `.` empty. The size comes from the number of cells: 16 (4x4),
//!   81 (9x9), 256 (16x16) or 625 (25x25). Anything after the cells that starts with a space,
//!   a comma or a tab (a solution, a comment) is ignored.
//! * **number form**: N lines of N whitespace-separated numbers, `0` or `.` empty, for any
//!   N = 4, 9, 16, ..., 121. The first row sets N. `|` between numbers and border lines made of
//!   `+`, `-` and `|` are ignored. A grid ends after its N-th row; a blank line may follow.
//!
//! A line starting with `#` is a comment. A line `Sudoku X` (any case; also `Sudoku-X`, `X`)
//! makes the next grid a Sudoku-X (both main diagonals all-different too).

use std::fmt::Write as _;

use crate::grid::{LargeGrid, SIDES, box_size_of_side};

/// Which of the two text forms a puzzle was read from (output uses the same one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// One grid per line, one character per cell.
    Line,
    /// N lines of N numbers.
    Numbers,
}

/// A puzzle read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The 1-based line of its first row.
    pub line: usize,
    pub grid: LargeGrid,
    /// Sudoku-X (a `Sudoku X` line came before it).
    pub x: bool,
    pub form: Form,
}

/// A grid that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The 1-based line where the problem is.
    pub line: usize,
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

struct Block {
    start: usize,
    side: usize,
    x: bool,
    cells: Vec<u8>,
    rows: usize,
    error: Option<TextError>,
}

fn is_border(line: &str) -> bool {
    line.contains(['+', '-'])
        && line
            .chars()
            .all(|c| matches!(c, '+' | '-' | '|' | '=' | ' ' | '\t'))
}

fn sides_list() -> String {
    let s: Vec<String> = SIDES.iter().map(ToString::to_string).collect();
    s.join(", ")
}

/// Reads every grid of `text`, in order: each a puzzle or the reason it is not one (with its
/// line). Never panics, whatever the text.
pub fn parse(text: &str) -> Vec<Result<Puzzle, TextError>> {
    let mut out = Vec::new();
    let mut block: Option<Block> = None;
    let mut pending_x = false;
    let finish = |b: Block, out: &mut Vec<Result<Puzzle, TextError>>| {
        out.push(match b.error {
            Some(e) => Err(e),
            None => Ok(Puzzle {
                line: b.start,
                grid: LargeGrid::from_cells(box_size_of_side(b.side).expect("valid side"), b.cells)
                    .expect("values checked"),
                x: b.x,
                form: Form::Numbers,
            }),
        });
    };
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            if let Some(b) = block.take() {
                out.push(Err(b.error.unwrap_or(TextError {
                    line: ln,
                    reason: format!(
                        "the {0}x{0} grid that starts at line {1} ends after {2} of its {0} rows",
                        b.side, b.start, b.rows
                    ),
                })));
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        if matches!(lower.as_str(), "sudoku x" | "sudoku-x" | "sudokux" | "x") {
            if let Some(b) = block.take() {
                out.push(Err(b.error.unwrap_or(TextError {
                    line: ln,
                    reason: format!(
                        "`Sudoku X` inside the grid that starts at line {} (after {} of {} rows)",
                        b.start, b.rows, b.side
                    ),
                })));
            }
            pending_x = true;
            continue;
        }
        if is_border(line) {
            continue;
        }
        let tokens: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == '|')
            .filter(|t| !t.is_empty())
            .collect();
        // Line form: a single run of cell characters (possibly followed by a separator).
        if block.is_none() {
            let bytes = line.as_bytes();
            let run = bytes
                .iter()
                .take_while(|&&b| char_value(b).is_some())
                .count();
            let rest = &bytes[run..];
            let line_form = run > 0
                && (tokens.len() == 1
                    || matches!(rest.first(), Some(b',' | b'\t'))
                    || (rest.first() == Some(&b' ') && [16, 81, 256, 625].contains(&run)))
                && (run > 3 || rest.first() == Some(&b','));
            if line_form {
                out.push(parse_line_grid(&bytes[..run], rest, ln, pending_x));
                pending_x = false;
                continue;
            }
        }
        let b = block.get_or_insert_with(|| {
            let side = tokens.len();
            let x = std::mem::take(&mut pending_x);
            let error = if box_size_of_side(side).is_none() {
                Some(TextError {
                    line: ln,
                    reason: format!(
                        "a row of {side} values; grid rows have {} values (or a whole grid of \
                         16, 81, 256 or 625 characters on one line)",
                        sides_list()
                    ),
                })
            } else {
                None
            };
            Block {
                start: ln,
                side,
                x,
                cells: Vec::with_capacity(side * side),
                rows: 0,
                error,
            }
        });
        if b.error.is_none() {
            if tokens.len() == b.side {
                for (k, t) in tokens.iter().enumerate() {
                    let v = if *t == "." {
                        Some(0)
                    } else {
                        t.parse::<u32>().ok()
                    };
                    match v {
                        Some(v) if v as usize <= b.side => b.cells.push(v as u8),
                        Some(v) => {
                            b.error = Some(TextError {
                                line: ln,
                                reason: format!(
                                    "value {v} (column {}) out of range: a {1}x{1} grid holds 1..={1}",
                                    k + 1,
                                    b.side
                                ),
                            });
                            break;
                        }
                        None => {
                            b.error = Some(TextError {
                                line: ln,
                                reason: format!(
                                    "`{}` (column {}) is not a number or `.`",
                                    t.chars().take(20).collect::<String>(),
                                    k + 1
                                ),
                            });
                            break;
                        }
                    }
                }
            } else {
                b.error = Some(TextError {
                    line: ln,
                    reason: format!(
                        "row {} has {} values, the {2}x{2} grid that starts at line {3} needs {2} \
                         (mixed sizes?)",
                        b.rows + 1,
                        tokens.len(),
                        b.side,
                        b.start
                    ),
                });
            }
        }
        b.rows += 1;
        // A bad first row (not a grid side) ends the block at once.
        if b.rows == b.side || box_size_of_side(b.side).is_none() {
            let b = block.take().expect("block");
            finish(b, &mut out);
        }
    }
    if let Some(b) = block.take() {
        let end = text.lines().count();
        out.push(Err(b.error.unwrap_or(TextError {
            line: end,
            reason: format!(
                "the text ends after {2} of the {0} rows of the {0}x{0} grid that starts at line {1}",
                b.side, b.start, b.rows
            ),
        })));
    }
    out
}

fn parse_line_grid(cells: &[u8], rest: &[u8], ln: usize, x: bool) -> Result<Puzzle, TextError> {
    let len = cells.len();
    let Some(side) = [4usize, 9, 16, 25].into_iter().find(|s| s * s == len) else {
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
                "a one-line grid of {len} cells{what}; one-line grids have 16, 81, 256 or 625 \
                 cells (4x4 to 25x25); larger grids need the number form"
            ),
        });
    };
    let mut values = Vec::with_capacity(len);
    for (k, &ch) in cells.iter().enumerate() {
        let v = char_value(ch).expect("cell character");
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
    let grid =
        LargeGrid::from_cells(box_size_of_side(side).expect("side"), values).expect("checked");
    Ok(Puzzle {
        line: ln,
        grid,
        x,
        form: Form::Line,
    })
}

/// Writes `grid` in `form`: one line of characters (line form; panics above 35x35), or N lines
/// of numbers right-aligned to the width of N, `.` for an empty cell. With `x` a `Sudoku X`
/// line comes first (so that the text reads back as the same puzzle). The text ends with a
/// newline.
pub fn format(grid: &LargeGrid, form: Form, x: bool) -> String {
    let side = grid.side();
    let mut s = String::new();
    if x {
        s.push_str("Sudoku X\n");
    }
    match form {
        Form::Line => {
            for &v in grid.cells() {
                s.push(value_char(v).expect("line form holds values up to 35"));
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
                    let v = grid.get(r, c);
                    if v == 0 {
                        let _ = write!(s, "{:>width$}", ".");
                    } else {
                        let _ = write!(s, "{v:>width$}");
                    }
                }
                s.push('\n');
            }
        }
    }
    s
}
