//! How puzzles and records are written: the character for empty cells (`--empty`), and JSON
//! lines (`--format json`): [`write_json`] is the one writer of every JSON line the CLI
//! prints (solve, count, rate, explain, hint, large), through `serde_json`.

use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter};
use serde_json::value::RawValue;
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

/// The empty-cell form of a puzzle as it was read (its echo): `0` when it writes empty cells
/// so (no `.` in it), else `.`. A puzzle made from it and written beside it takes the same
/// form (`minimize`), not a mix of both on one line.
pub fn empty_of(echo: &str) -> Empty {
    if echo.contains('0') && !echo.contains('.') {
        Empty::Zero
    } else {
        Empty::Dot
    }
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

/// Writes `value` as one line of JSON (compact, then a newline): the one writer of the JSON
/// lines. Strings are escaped as they always were here: control characters and DEL as
/// `\u00XX` (`serde_json`'s own `\b`, `\f` and raw DEL aside), so outputs keep their bytes.
pub fn write_json(w: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(&mut *w, Escapes);
    value.serialize(&mut ser)?;
    w.write_all(b"\n")
}

/// The line [`write_json`] writes, without its newline (for callers that collect lines).
pub fn json_text(value: &impl Serialize) -> String {
    let mut text = Vec::new();
    write_json(&mut text, value).expect("writing to memory");
    text.pop();
    String::from_utf8(text).expect("JSON is UTF-8")
}

/// A number written with exactly `decimals` decimals (`0.50`, not `0.5`).
pub fn fixed(x: f64, decimals: usize) -> Box<RawValue> {
    RawValue::from_string(format!("{x:.decimals$}")).expect("a finite number is JSON")
}

/// `serde_json`'s compact form, with `\b`, `\f` and DEL written as `\u0008`, `\u000c`, `\u007f`.
struct Escapes;

impl Formatter for Escapes {
    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        match escape {
            CharEscape::Backspace => writer.write_all(b"\\u0008"),
            CharEscape::FormFeed => writer.write_all(b"\\u000c"),
            other => serde_json::ser::CompactFormatter.write_char_escape(writer, other),
        }
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut parts = fragment.split('\u{7f}');
        writer.write_all(parts.next().unwrap_or("").as_bytes())?;
        for part in parts {
            writer.write_all(b"\\u007f")?;
            writer.write_all(part.as_bytes())?;
        }
        Ok(())
    }
}

/// One JSON line of an input line: `file`, `line`, `puzzle`, `status`, then the fields of its
/// result that apply (the others are left out).
#[derive(Serialize, Default)]
pub struct LineJson<'a> {
    pub file: &'a str,
    pub line: u64,
    pub puzzle: &'a str,
    pub status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub er: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ep: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ed: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &impl Serialize) -> String {
        let mut out = Vec::new();
        write_json(&mut out, value).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn writes_json_lines_with_the_old_escapes() {
        assert_eq!(json(&"plain 1.2"), "\"plain 1.2\"\n");
        assert_eq!(
            json(&"a\"b\\c\nd\te\u{1}f\u{7f}g\u{8}h\u{c}é"),
            "\"a\\\"b\\\\c\\nd\\te\\u0001f\\u007fg\\u0008h\\u000cé\"\n"
        );
        let line = LineJson {
            file: "x\"y",
            line: 3,
            puzzle: "12.",
            status: "rated",
            guesses: Some(fixed(0.5, 2)),
            ..LineJson::default()
        };
        assert_eq!(
            json(&line),
            "{\"file\":\"x\\\"y\",\"line\":3,\"puzzle\":\"12.\",\"status\":\"rated\",\"guesses\":0.50}\n"
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
