//! How puzzles and records are written: the character for empty cells (`--empty`), and JSON
//! lines (`--format json`), written by hand: the values are digits, words, numbers and error
//! reasons, so one escaping function is all JSON needs here, and the binary takes no serde.

use clap::ValueEnum;
use simdoku::Grid;

use crate::input::Entry;

/// The character printed for an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Empty {
    /// `0` (the Kaggle CSV form).
    #[value(name = "0")]
    Zero,
    /// `.`
    #[value(name = ".")]
    Dot,
}

impl Empty {
    fn byte(self) -> u8 {
        match self {
            Empty::Zero => b'0',
            Empty::Dot => b'.',
        }
    }
}

/// A grid as an 81-character line, empty cells as `empty` (`.` when none was asked).
pub fn grid(g: &Grid, empty: Option<Empty>) -> String {
    let line = g.to_line_with(empty.map_or(b'.', Empty::byte));
    line.iter().map(|&b| b as char).collect()
}

/// What the output shows for an input line: the line's own first field (`echo`) unless
/// `--empty` was given; then a puzzle is written again with that character, and the absent
/// candidates of a pencilmark line too. Invalid lines are always echoed as read.
pub fn echo(entry: &Entry, echo: &str, empty: Option<Empty>) -> String {
    match (entry, empty) {
        (_, None) | (Entry::Invalid(_), _) => echo.to_string(),
        (Entry::Puzzle(g), Some(_)) => grid(g, empty),
        (Entry::Pencilmarks(_), Some(e)) => echo
            .chars()
            .map(|c| {
                if c == '.' || c == '0' {
                    e.byte() as char
                } else {
                    c
                }
            })
            .collect(),
    }
}

pub use simdoku::json::string as json_str;

/// The start of a JSON line for an input line: `{"file":..,"line":..,"puzzle":..,"status":..`
/// (no closing brace: the caller adds its fields and `}`).
pub fn json_head(file: &str, line: u64, puzzle: &str, status: &str) -> String {
    format!(
        "{{\"file\":{},\"line\":{line},\"puzzle\":{},\"status\":{}",
        json_str(file),
        json_str(puzzle),
        json_str(status)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_json_strings() {
        assert_eq!(json_str("plain 1.2"), "\"plain 1.2\"");
        assert_eq!(
            json_str("a\"b\\c\nd\te\u{1}f\u{7f}é"),
            "\"a\\\"b\\\\c\\nd\\te\\u0001f\\u007fé\""
        );
        assert_eq!(
            json_head("x\"y", 3, "12.", "solved") + "}",
            r#"{"file":"x\"y","line":3,"puzzle":"12.","status":"solved"}"#
        );
    }

    #[test]
    fn writes_empty_cells_as_asked() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        let g = Grid::from_cells(cells).unwrap();
        let zeros = grid(&g, Some(Empty::Zero));
        assert!(zeros.starts_with("50") && zeros.len() == 81 && !zeros.contains('.'));
        assert_eq!(grid(&g, None), grid(&g, Some(Empty::Dot)));
        let raw = format!("5{}", "0".repeat(80));
        assert_eq!(echo(&Entry::Puzzle(g), &raw, None), raw);
        assert_eq!(
            echo(&Entry::Puzzle(g), &raw, Some(Empty::Dot)),
            g.to_string()
        );
        let bad = Entry::Invalid("x".into());
        assert_eq!(echo(&bad, "5.0", Some(Empty::Zero)), "5.0");
    }
}
