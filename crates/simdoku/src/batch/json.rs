//! Puzzles in a JSON document: an input that starts with `[` or `{` and is JSON as a whole (one
//! value, or several one after another as in JSON Lines) is read as JSON, whatever its line
//! breaks (`json.dump(puzzles, f, indent=2)` puts every number on a line of its own), and every
//! puzzle in it is a record. A puzzle is a string of 81 cells (729 for pencilmarks), an array of
//! 81 cell values, or nine rows of nine (arrays of values, or strings of nine cells); a cell
//! value is a number 0-9, `null`, or a one-character string (`"5"`, `"."`, `""`). Arrays and
//! objects holding anything else are searched for puzzles in order; the fields of an object
//! named like a solution or answer are left out. Numbers and other strings elsewhere (ids,
//! ratings, names) are no puzzles and are skipped. A comma before a closing bracket (left by
//! hand editing) is let pass. An input that is not JSON as a whole (a title line, a drawing, a
//! syntax error) is read line by line as before.

use simdoku_large::shape::MAX_SIDE;
use simdoku_large::text::MAX_LINE_SIDE;

use super::{Entry, Record, classify_text, echo_field, starts_with_cells};

/// The most bytes of an input held in memory to be read as one JSON document; a larger one is
/// read line by line.
pub(crate) const MAX_DOCUMENT: usize = 64 << 20;

/// Nesting deeper than this is not read as JSON (no puzzle needs more than four levels).
const MAX_DEPTH: usize = 64;

/// A JSON value with where it is: its first line (from 1) and its bytes.
struct Node {
    line: u64,
    start: usize,
    end: usize,
    kind: Kind,
}

/// The most values a document is read with (about 60 bytes each held); a document with more
/// is read line by line, as a larger one is (`[1,2,3]` eight million times is 62 MB of text
/// and was 3.6 GB held).
const MAX_VALUES: usize = 8 << 20;

/// A number's text as written, held in place (no allocation a number: documents of numbers
/// hold millions); past 22 characters its first 19 and `...`.
#[derive(Clone, Copy)]
struct NumText {
    len: u8,
    text: [u8; 22],
}

impl NumText {
    fn new(t: &[u8]) -> NumText {
        let mut n = NumText {
            len: t.len().min(22) as u8,
            text: [0; 22],
        };
        if t.len() <= 22 {
            n.text[..t.len()].copy_from_slice(t);
        } else {
            n.text[..19].copy_from_slice(&t[..19]);
            n.text[19..].copy_from_slice(b"...");
        }
        n
    }

    fn as_bytes(&self) -> &[u8] {
        &self.text[..usize::from(self.len)]
    }
}

enum Kind {
    Str(Vec<u8>),
    Num(NumText),
    Null,
    /// `true` or `false`.
    Bool,
    Arr(Vec<Node>),
    Obj(Vec<(Vec<u8>, Node)>),
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    line: u64,
}

impl Parser<'_> {
    fn space(&mut self) {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'\n' => self.line += 1,
                // A `\r` alone ends a line too (old Mac files), as in the line reader.
                b'\r' => self.line += u64::from(self.b.get(self.i + 1) != Some(&b'\n')),
                b' ' | b'\t' => {}
                _ => return,
            }
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.space();
        let yes = self.b.get(self.i) == Some(&c);
        self.i += usize::from(yes);
        yes
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        self.space();
        let (line, start) = (self.line, self.i);
        let kind = match *self.b.get(self.i)? {
            _ if depth > MAX_DEPTH => return None,
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                // (A comma before the closing bracket, as people leave them, is let pass.)
                while !self.eat(b']') {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']') {
                        break;
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
                // (A document holds millions of values: no doubling's spare room kept.)
                items.shrink_to_fit();
                Kind::Arr(items)
            }
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                while !self.eat(b'}') {
                    if self.b.get(self.i) != Some(&b'"') {
                        return None;
                    }
                    let key = self.string()?;
                    if !self.eat(b':') {
                        return None;
                    }
                    fields.push((key, self.value(depth + 1)?));
                    if self.eat(b'}') {
                        break;
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
                fields.shrink_to_fit();
                Kind::Obj(fields)
            }
            b'"' => Kind::Str(self.string()?),
            b'-' | b'0'..=b'9' => {
                self.number()?;
                Kind::Num(NumText::new(&self.b[start..self.i]))
            }
            _ => {
                let word = [&b"null"[..], b"true", b"false"]
                    .into_iter()
                    .find(|w| self.b[self.i..].starts_with(w))?;
                self.i += word.len();
                if word == b"null" {
                    Kind::Null
                } else {
                    Kind::Bool
                }
            }
        };
        Some(Node {
            line,
            start,
            end: self.i,
            kind,
        })
    }

    /// Past a number as JSON writes it: `-`, then `0` or digits from 1-9, then a fraction and
    /// an exponent, each optional.
    fn number(&mut self) -> Option<()> {
        let digits = |p: &mut Self| {
            let n = p.b[p.i..].iter().take_while(|c| c.is_ascii_digit()).count();
            p.i += n;
            n
        };
        self.i += usize::from(self.b[self.i] == b'-');
        match self.b.get(self.i)? {
            b'0' => self.i += 1,
            b'1'..=b'9' => _ = digits(self),
            _ => return None,
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if digits(self) == 0 {
                return None;
            }
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            self.i += usize::from(matches!(self.b.get(self.i), Some(b'+' | b'-')));
            if digits(self) == 0 {
                return None;
            }
        }
        Some(())
    }

    /// A string's contents, from its opening quote (escapes decoded; a character outside ASCII
    /// is kept as its UTF-8 bytes, an escaped one as `?`).
    fn string(&mut self) -> Option<Vec<u8>> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = *self.b.get(self.i)?;
            self.i += 1;
            match c {
                b'"' => return Some(out),
                b'\\' => {
                    let e = *self.b.get(self.i)?;
                    self.i += 1;
                    out.push(match e {
                        b'"' | b'\\' | b'/' => e,
                        b'b' | b'f' | b'n' | b'r' | b't' => b' ',
                        b'u' => {
                            let hex = self.b.get(self.i..self.i + 4)?;
                            self.i += 4;
                            let v = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                            u8::try_from(v).ok().filter(u8::is_ascii).unwrap_or(b'?')
                        }
                        _ => return None,
                    });
                }
                0..0x20 => return None,
                _ => out.push(c),
            }
        }
    }
}

/// The value of a cell in a JSON grid: `Some(Ok(0..=9))`, `Some(Err(text))` for a number out of
/// range, `None` when the node is no cell value at all.
fn cell(node: &Node) -> Option<Result<u8, String>> {
    match &node.kind {
        Kind::Null => Some(Ok(0)),
        // (`5.0` as `json.dump` writes an array of floats: see [`whole`].)
        Kind::Num(t) => Some(match whole(t.as_bytes()) {
            [d @ b'0'..=b'9'] => Ok(d - b'0'),
            _ => Err(String::from_utf8_lossy(t.as_bytes()).into_owned()),
        }),
        Kind::Str(s) => match s.as_slice() {
            [] | [b'.' | b'0'] => Some(Ok(0)),
            [d @ b'1'..=b'9'] => Some(Ok(d - b'0')),
            _ => None,
        },
        _ => None,
    }
}

/// A row of a JSON grid: its length, and its cells or the value out of range in it.
type Row = (usize, Result<Vec<u8>, String>);

/// The cells of values that are all cell values, or `None`.
fn cells(items: &[Node]) -> Option<Result<Vec<u8>, String>> {
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        match cell(it)? {
            Ok(0) => out.push(b'.'),
            Ok(d) => out.push(b'0' + d),
            Err(t) => return Some(Err(t)),
        }
    }
    Some(Ok(out))
}

/// The puzzle `node` is by itself (see the module), or `None` when it is none (its parts may
/// hold puzzles). What is reported as a puzzle gone wrong: 81 values with one out of range, 17
/// or more values 0-9 but not 81, nine rows not all of nine values, rows of nine values but
/// not nine of them. Other lists of numbers (ids, pairs) are no puzzles.
fn puzzle(node: &Node) -> Option<Entry> {
    let bad = |t: &str| Entry::Invalid(format!("value {t} in a JSON grid: cells are 0-9"));
    let Kind::Arr(items) = &node.kind else {
        return None;
    };
    if items.len() >= 17
        && let Some(c) = cells(items)
    {
        return match c {
            Ok(c) if c.len() == 81 => Some(classify_text(&c)),
            Ok(c) => Some(Entry::Invalid(format!(
                "a JSON array of {} values: a puzzle has 81",
                c.len()
            ))),
            Err(t) if items.len() == 81 => Some(bad(&t)),
            Err(_) => None,
        };
    }
    // Rows: arrays of a few values each, or strings of cells as long; each with its length.
    let rows: Option<Vec<Row>> = items
        .iter()
        .map(|r| match &r.kind {
            Kind::Arr(values) if values.len() < 17 => cells(values).map(|c| (values.len(), c)),
            Kind::Str(s) if (1..17).contains(&s.len()) && starts_with_cells(s, s.len()) => {
                Some((s.len(), Ok(s.clone())))
            }
            _ => None,
        })
        .collect();
    let rows = rows?;
    let nines = rows.iter().all(|r| r.0 == 9);
    if rows.len() != 9 && !(nines && rows.len() >= 4) {
        return None;
    }
    if let Some(i) = rows.iter().position(|r| r.0 != 9) {
        return Some(Entry::Invalid(format!(
            "row {} of a JSON grid has {} cells: a row has 9",
            i + 1,
            rows[i].0
        )));
    }
    if rows.len() != 9 {
        return Some(Entry::Invalid(format!(
            "a JSON grid of {} rows: a puzzle has 9",
            rows.len()
        )));
    }
    let mut all = Vec::with_capacity(81);
    for (_, row) in &rows {
        match row {
            Ok(r) => all.extend_from_slice(r),
            Err(t) => return Some(bad(t)),
        }
    }
    Some(classify_text(&all))
}

/// Whether an object's field holds what is not to be solved (`solution`, `answers`, ...).
fn is_answer(key: &[u8]) -> bool {
    let key = key.to_ascii_lowercase();
    [&b"solution"[..], b"answer", b"solved"]
        .iter()
        .any(|w| key.windows(w.len()).any(|x| x == *w))
}

/// A puzzle of a document: where its value starts (line, byte), where it ends, the text an
/// invalid one is shown as (a string's contents, else the value as written), what it holds.
struct Found<'a> {
    line: u64,
    end: usize,
    text: &'a [u8],
    entry: Entry,
}

/// The puzzles in `node` (a value of `doc`), in order.
fn collect<'a>(doc: &'a [u8], node: &'a Node, out: &mut Vec<Found<'a>>) {
    let found = |text, entry| Found {
        line: node.line,
        end: node.end,
        text,
        entry,
    };
    if let Some(e) = puzzle(node) {
        out.push(found(&doc[node.start..node.end], e));
        return;
    }
    match &node.kind {
        Kind::Str(s) if s.len() >= 17 && starts_with_cells(s, s.len()) => {
            out.push(found(s, classify_text(s)));
        }
        Kind::Arr(items) => items.iter().for_each(|n| collect(doc, n, out)),
        Kind::Obj(fields) => {
            for (key, value) in fields {
                if !is_answer(key) {
                    collect(doc, value, out);
                }
            }
        }
        _ => {}
    }
}

/// The values of `doc` (a byte-order mark allowed), each an array or an object (a document,
/// or JSON Lines), and the bytes of the mark; `None` when it is no such JSON as a whole.
fn document(doc: &[u8]) -> Option<(Vec<Node>, usize)> {
    let skip = if doc.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    // Every value but the first follows a `,` or opens an array or object, or is a key's.
    let values = memchr::memchr3_iter(b',', b'[', b'{', doc).count();
    if values > MAX_VALUES {
        return None;
    }
    let mut p = Parser {
        b: doc,
        i: skip,
        line: 1,
    };
    let mut values = Vec::new();
    loop {
        p.space();
        if p.i == doc.len() {
            break;
        }
        let v = p.value(0)?;
        if !matches!(v.kind, Kind::Arr(_) | Kind::Obj(_)) {
            return None;
        }
        values.push(v);
    }
    (!values.is_empty()).then_some((values, skip))
}

/// A grid of any size in a JSON document, as text in a form the large grids' reader takes:
/// its lines, and the document's line each one came from.
pub(crate) struct LargeText {
    /// The text: rows of values (number form), or of cell characters.
    pub text: String,
    /// Per line of `text`, its line in the document.
    pub lines: Vec<u64>,
    /// Whether it must read as a grid (rows of values: a reader's error is the grid's), or is
    /// a grid only if it reads as one (a string, a flat array: ids and hashes are no grids).
    pub rows: bool,
}

/// A cell of a large grid in JSON, as the number form writes it: a number as written (a whole
/// one with a fraction of zeros, `5.0` as `json.dump` writes an array of floats, as `5`), `.`
/// for `null`, an empty string or `"."`; a string of up to three digits as its digits.
fn large_cell(node: &Node) -> Option<&[u8]> {
    match &node.kind {
        Kind::Null => Some(b"."),
        Kind::Num(t) => Some(whole(t.as_bytes())),
        Kind::Str(s) if s.is_empty() => Some(b"."),
        Kind::Str(s) if s == b"." || (s.len() <= 3 && s.iter().all(u8::is_ascii_digit)) => Some(s),
        _ => None,
    }
}

/// A JSON number whose fraction is all zeros (`15.0`) as its integer part (`15`); any other as
/// written (`2.5`, which the grid's reader refuses as no whole number, with its row and column).
fn whole(number: &[u8]) -> &[u8] {
    match number.iter().position(|&c| c == b'.') {
        Some(k) if number[k + 1..].iter().all(|&c| c == b'0') => &number[..k],
        _ => number,
    }
}

/// Values joined by spaces, when every one is a cell ([`large_cell`]).
fn large_row(items: &[Node]) -> Option<String> {
    let mut row = Vec::new();
    for it in items {
        if !row.is_empty() {
            row.push(b' ');
        }
        row.extend_from_slice(large_cell(it)?);
    }
    String::from_utf8(row).ok()
}

/// Whether `s` may be cells of a grid in the line form (digits, letters, `.`), as `simdoku
/// large` reads them.
pub(super) fn is_cell_text(s: &[u8]) -> bool {
    s.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'.')
}

/// The large grids in `node`, in order: an array of at least four arrays of values (its rows),
/// an array of at least 16 values (a grid's cells in a row), a string of at least 16 cell
/// characters (a grid on one line), an array of at least four such strings of at least four
/// (its rows); the fields of objects except answers, searched likewise.
fn collect_large(node: &Node, out: &mut Vec<LargeText>) {
    match &node.kind {
        Kind::Arr(items) => {
            let arrays = || {
                items
                    .iter()
                    .map(|r| match &r.kind {
                        Kind::Arr(values) if (1..=MAX_SIDE).contains(&values.len()) => {
                            large_row(values)
                        }
                        _ => None,
                    })
                    .collect::<Option<Vec<String>>>()
            };
            let strings = || {
                items
                    .iter()
                    .map(|r| match &r.kind {
                        Kind::Str(s)
                            if (4..=MAX_LINE_SIDE).contains(&s.len()) && is_cell_text(s) =>
                        {
                            String::from_utf8(s.clone()).ok()
                        }
                        _ => None,
                    })
                    .collect::<Option<Vec<String>>>()
            };
            let lines = || items.iter().map(|r| r.line).collect();
            // (At most 400 rows of 400, 400 x 400 values, 35 strings of 35: no larger grid
            // is read, and a long list of small arrays is no grid's rows.)
            if (4..=MAX_SIDE).contains(&items.len())
                && let Some(rows) = arrays()
            {
                out.push(LargeText {
                    text: rows.join("\n"),
                    lines: lines(),
                    rows: true,
                });
            } else if (16..=MAX_SIDE * MAX_SIDE).contains(&items.len())
                && let Some(row) = large_row(items)
            {
                out.push(LargeText {
                    text: row,
                    lines: vec![node.line],
                    rows: false,
                });
            } else if (4..=MAX_LINE_SIDE).contains(&items.len())
                && let Some(rows) = strings()
            {
                out.push(LargeText {
                    text: rows.join("\n"),
                    lines: lines(),
                    rows: false,
                });
            } else {
                for n in items {
                    collect_large(n, out);
                }
            }
        }
        Kind::Str(s)
            if (16..=MAX_LINE_SIDE * MAX_LINE_SIDE).contains(&s.len()) && is_cell_text(s) =>
        {
            out.push(LargeText {
                text: String::from_utf8_lossy(s).into_owned(),
                lines: vec![node.line],
                rows: false,
            });
        }
        Kind::Obj(fields) => {
            for (key, value) in fields {
                if !is_answer(key) {
                    collect_large(value, out);
                }
            }
        }
        _ => {}
    }
}

/// The large grids in a document's values ([`collect_large`]), as texts.
fn large_in(values: &[Node]) -> Vec<LargeText> {
    let mut out = Vec::new();
    for v in values {
        collect_large(v, &mut out);
    }
    out
}

/// The large grids of `doc` when it is JSON as a whole ([`large_in`]); `None` when it is not.
pub(crate) fn large_texts(doc: &[u8]) -> Option<Vec<LargeText>> {
    Some(large_in(&document(doc)?.0))
}

/// The records of `doc` (a whole input, a byte-order mark allowed) when it is JSON as a whole;
/// `None` when it is not, and is to be read line by line. A document without a puzzle is one
/// invalid record.
pub(crate) fn records(doc: &[u8]) -> Option<Vec<Record>> {
    let (values, skip) = document(doc)?;
    let mut found = Vec::new();
    for v in &values {
        collect(doc, v, &mut found);
    }
    if found.is_empty() {
        let reason = if large_in(&values).is_empty() {
            "JSON without a puzzle in it (a string of 81 cells, 81 values 0-9, or nine rows \
             of nine)"
        } else {
            "JSON without a 9x9 puzzle in it, but with a grid of another size: use 'simdoku \
             large'"
        };
        found.push(Found {
            line: 1,
            end: doc.len(),
            text: &doc[skip..],
            entry: Entry::Invalid(reason.to_string()),
        });
    }
    // Each record's size runs to the end of its value, the last one's to the end of the input.
    let last = found.len() - 1;
    let mut done = 0;
    let records = found
        .into_iter()
        .enumerate()
        .map(|(k, f)| {
            let end = if k == last { doc.len() } else { f.end };
            let bytes = (end - done) as u64;
            done = end;
            let echo = match &f.entry {
                Entry::Puzzle(g) => g.to_string(),
                Entry::Pencilmarks(m) => m.to_string(),
                Entry::Invalid(_) => echo_field(f.text),
            };
            Record {
                line: f.line,
                echo,
                entry: f.entry,
                bytes,
            }
        })
        .collect();
    Some(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const Q: &str =
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";

    fn puzzles(doc: &str) -> Option<Vec<(u64, String)>> {
        let r = records(doc.as_bytes())?;
        assert_eq!(r.iter().map(|r| r.bytes).sum::<u64>(), doc.len() as u64);
        Some(
            r.into_iter()
                .map(|r| match r.entry {
                    Entry::Puzzle(g) => (r.line, g.to_string()),
                    Entry::Pencilmarks(m) => (r.line, m.to_string()),
                    Entry::Invalid(e) => (r.line, format!("invalid: {e}")),
                })
                .collect(),
        )
    }

    fn numbers(p: &str) -> Vec<u8> {
        p.bytes()
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect()
    }

    /// The nine rows of a puzzle's numbers.
    fn number_rows(p: &str) -> Vec<Vec<u8>> {
        numbers(p).chunks(9).map(<[u8]>::to_vec).collect()
    }

    /// `json.dumps(value, indent=2)`: every number on a line of its own.
    fn indented(rows: &[Vec<u8>]) -> String {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| {
                let v: Vec<String> = r.iter().map(|d| format!("    {d}")).collect();
                format!("  [\n{}\n  ]", v.join(",\n"))
            })
            .collect();
        format!("[\n{}\n]\n", rows.join(",\n"))
    }

    #[test]
    fn lists_and_objects_give_every_puzzle() {
        let both = |line| vec![(line, P.to_string()), (line, Q.to_string())];
        assert_eq!(puzzles(&format!("[\"{P}\", \"{Q}\"]\n")), Some(both(1)));
        assert_eq!(
            puzzles(&format!("{{\"puzzles\": [\"{P}\", \"{Q}\"]}}")),
            Some(both(1))
        );
        let lines = format!("[\n  \"{P}\",\n  \"{Q}\"\n]\n");
        assert_eq!(puzzles(&lines), Some(vec![(2, P.into()), (3, Q.into())]));
        // JSON Lines, with a solution beside each puzzle and an id.
        let jsonl = format!(
            "{{\"id\": 7, \"puzzle\": \"{P}\", \"solution\": \"{Q}\"}}\n{{\"quiz\": \"{Q}\", \"answer\": \"{P}\"}}\n"
        );
        assert_eq!(puzzles(&jsonl), Some(vec![(1, P.into()), (2, Q.into())]));
    }

    #[test]
    fn grids_as_numbers_read_whatever_their_line_breaks() {
        let rows = number_rows(P);
        assert_eq!(puzzles(&indented(&rows)), Some(vec![(1, P.into())]));
        let flat = format!("{:?}", numbers(P));
        assert_eq!(puzzles(&flat), Some(vec![(1, P.into())]));
        let two = format!("[{flat},\n{flat}]");
        assert_eq!(puzzles(&two), Some(vec![(1, P.into()), (2, P.into())]));
        // Rows as strings, nulls and one-character strings as cells.
        let strings: Vec<String> = P
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{:?}", std::str::from_utf8(r).unwrap()))
            .collect();
        assert_eq!(
            puzzles(&format!("[{}]", strings.join(","))),
            Some(vec![(1, P.into())])
        );
        let mixed: Vec<String> = numbers(P)
            .iter()
            .enumerate()
            .map(|(i, &d)| match (d, i % 2) {
                (0, 0) => "null".into(),
                (0, _) => "\".\"".into(),
                (d, _) => format!("\"{d}\""),
            })
            .collect();
        assert_eq!(
            puzzles(&format!("[{}]", mixed.join(","))),
            Some(vec![(1, P.into())])
        );
        // Whole floats, as `json.dump` writes a numpy float array's `tolist()`.
        let floats: Vec<String> = numbers(P).iter().map(|d| format!("{d}.0")).collect();
        assert_eq!(
            puzzles(&format!("[{}]", floats.join(", "))),
            Some(vec![(1, P.into())])
        );
    }

    #[test]
    fn wrong_grids_are_invalid_records_where_they_start() {
        let mut short = numbers(P);
        short.pop();
        let got = puzzles(&format!("[\n{short:?}\n]")).unwrap();
        assert_eq!(
            got,
            [(
                2,
                "invalid: a JSON array of 80 values: a puzzle has 81".into()
            )]
        );
        let mut big = numbers(P);
        big[3] = 12;
        let got = puzzles(&format!("{big:?}")).unwrap();
        assert_eq!(
            got,
            [(1, "invalid: value 12 in a JSON grid: cells are 0-9".into())]
        );
        let mut rows = number_rows(P);
        rows[4].pop();
        let got = puzzles(&indented(&rows)).unwrap();
        assert_eq!(
            got,
            [(
                1,
                "invalid: row 5 of a JSON grid has 8 cells: a row has 9".into()
            )]
        );
        // Two 5s in a row: the classifier's own reason.
        let mut clash = numbers(P);
        clash[1] = 4;
        let got = puzzles(&format!("{clash:?}")).unwrap();
        assert!(got[0].1.starts_with("invalid: "), "{got:?}");
        // Lists of numbers that are no grid (ids, pairs) are skipped, not reported.
        let ids: Vec<u32> = (10..40).collect();
        let other = format!(
            "{{\"ids\": {ids:?}, \"moves\": [[1, 2], [3, 4], [5, 6], [7, 8]], \"p\": \"{P}\"}}"
        );
        assert_eq!(puzzles(&other), Some(vec![(1, P.into())]));
        let mut rows = number_rows(P);
        rows[2][4] = 10;
        let got = puzzles(&format!("{rows:?}")).unwrap();
        assert_eq!(
            got,
            [(1, "invalid: value 10 in a JSON grid: cells are 0-9".into())]
        );
        rows.truncate(8);
        rows[2][4] = 0;
        let got = puzzles(&format!("{rows:?}")).unwrap();
        assert_eq!(
            got,
            [(1, "invalid: a JSON grid of 8 rows: a puzzle has 9".into())]
        );
        let got = puzzles("{\"id\": 3, \"name\": \"x\"}").unwrap();
        assert!(
            got[0].1.starts_with("invalid: JSON without a puzzle"),
            "{got:?}"
        );
        // A grid of another size: the pointer to the command that reads it.
        let row = format!("[{}]", ["0"; 16].join(","));
        let got = puzzles(&format!("{{\"board\": [{}]}}", vec![row; 16].join(","))).unwrap();
        assert_eq!(
            got,
            [(
                1,
                "invalid: JSON without a 9x9 puzzle in it, but with a grid of another size: \
                 use 'simdoku large'"
                    .into()
            )]
        );
    }

    #[test]
    fn a_document_of_more_values_than_are_held_is_left_to_the_lines() {
        let row = format!("[{}]", ["0"; 81].join(","));
        let fits = format!("[{}]", vec![row.as_str(); MAX_VALUES / 82].join(","));
        assert_eq!(
            records(fits.as_bytes()).map(|r| r.len()),
            Some(MAX_VALUES / 82)
        );
        let over = format!("[{}]", vec![row.as_str(); MAX_VALUES / 81 + 1].join(","));
        assert!(records(over.as_bytes()).is_none());
        // Long numbers are shown cut.
        let t = NumText::new(b"12345678901234567890123456");
        assert_eq!(t.as_bytes(), b"1234567890123456789...");
        assert_eq!(NumText::new(b"-1.5e3").as_bytes(), b"-1.5e3");
    }

    #[test]
    fn what_is_not_json_as_a_whole_is_left_to_the_lines() {
        for text in [
            "[Puzzle 1]\n",
            &format!("[\"{P}\"\n"),
            &format!("[\"{P}\"]\n# a comment\n"),
            &format!("{P}\n"),
            "[1, 2,,]",
            "[,]",
            "{\"a\" 1}",
            &"[".repeat(100),
            "[\"tab\there\"]",
            "",
        ] {
            assert!(records(text.as_bytes()).is_none(), "{text}");
        }
        assert!(records(format!("\u{feff}[\"{P}\"]").as_bytes()).is_some());
        // A comma before a closing bracket, as people leave them in files they edit.
        let edited = format!("{{\"puzzles\": [\n  \"{P}\",\n  \"{Q}\",\n],\n}}\n");
        assert_eq!(puzzles(&edited), Some(vec![(2, P.into()), (3, Q.into())]));
        assert!(
            records(
                &[b'['; 60]
                    .iter()
                    .chain(&[b']'; 60])
                    .copied()
                    .collect::<Vec<u8>>()
            )
            .is_some()
        );
    }
}
