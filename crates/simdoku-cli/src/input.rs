//! Reading puzzle files: bounded line reading, sources (files or stdin), and the classification
//! of each line as a puzzle, a line to skip (blank, `#` comment, CSV header) or an invalid line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use simdoku::Grid;
use simdoku::tools::Pencilmarks;

/// Lines longer than this are cut (the rest is skipped) and reported as invalid: a 10 MB line
/// without a newline costs no more memory than this.
pub const MAX_LINE: usize = 64 * 1024;

/// The UTF-8 byte-order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A reader of lines with a bounded buffer. Strips `\n` and `\r\n`, and a UTF-8 byte-order
/// mark at the start of the input.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    line_no: u64,
    /// Bytes consumed so far (for progress).
    pub bytes_read: u64,
}

/// One line: its number (from 1), its bytes (at most [`MAX_LINE`]), and whether it was cut.
pub struct Line<'a> {
    pub number: u64,
    pub bytes: &'a [u8],
    pub too_long: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            buf: Vec::with_capacity(128),
            line_no: 0,
            bytes_read: 0,
        }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let avail = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (chunk, used, end) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (&avail[..i], i + 1, true),
                None => (avail, avail.len(), false),
            };
            let room = MAX_LINE - self.buf.len();
            if chunk.len() > room {
                too_long = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(used);
            self.bytes_read += used as u64;
            if end {
                break;
            }
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        // A UTF-8 byte-order mark (editors on Windows write one) is no part of line 1.
        if self.line_no == 0 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
        }
        self.line_no += 1;
        Ok(Some(Line {
            number: self.line_no,
            bytes: &self.buf,
            too_long,
        }))
    }
}

/// An input named on the command line: a file or `-` for stdin.
pub struct Source {
    pub reader: LineReader<Box<dyn BufRead + Send>>,
    /// Size in bytes when known (files), for the progress bar.
    pub len: Option<u64>,
}

/// Opens `name` (`-` is stdin).
pub fn open(name: &str) -> io::Result<Source> {
    let (reader, len): (Box<dyn BufRead + Send>, _) = if name == "-" {
        (
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            None,
        )
    } else {
        let f = File::open(name)?;
        let meta = f.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is a directory",
            ));
        }
        let len = Some(meta.len());
        (
            Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead + Send>,
            len,
        )
    };
    Ok(Source {
        reader: LineReader::new(reader),
        len,
    })
}

/// What a line holds.
#[derive(Debug)]
pub enum Entry {
    Puzzle(Grid),
    /// A 729-character pencilmark (Sukaku) line: nine candidate characters per cell.
    Pencilmarks(Pencilmarks),
    Invalid(String),
}

/// Classifies a line: `None` for lines that hold no puzzle (blank, `#` comment, or a CSV
/// header on line 1), else a puzzle or the reason it is invalid.
pub fn classify(line: &Line<'_>) -> Option<Entry> {
    let text = line.bytes.trim_ascii();
    if text.is_empty() || text[0] == b'#' {
        return None;
    }
    if line.number == 1 && is_csv_header(text) {
        return None;
    }
    if line.number == 1 && (text.starts_with(b"\xFF\xFE") || text.starts_with(b"\xFE\xFF")) {
        return Some(Entry::Invalid(
            "UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8 or ASCII"
                .to_string(),
        ));
    }
    if line.too_long {
        return Some(Entry::Invalid(format!("line longer than {MAX_LINE} bytes")));
    }
    if field_len(text) == 729 {
        return Some(match Pencilmarks::parse_bytes(text) {
            Ok(m) => Entry::Pencilmarks(m),
            Err(e) => Entry::Invalid(e.to_string()),
        });
    }
    if let Some(hint) = large_grid_hint(field_len(text)) {
        return Some(Entry::Invalid(hint));
    }
    Some(match Grid::parse_cells(text) {
        Err(e) => Entry::Invalid(e.to_string()),
        Ok(g) => match g.conflict() {
            Some(c) => Entry::Invalid(c.to_string()),
            None => Entry::Puzzle(g),
        },
    })
}

/// For a line of `cells` cells that would be a square grid other than 9x9 (16, 256, 625, ...
/// cells: `k`^4 for box size `k`), the reason to give: the size, and the command that reads it.
/// Such a line must not be cut to its first 81 cells and read as a 9x9 puzzle.
fn large_grid_hint(cells: usize) -> Option<String> {
    (2..=11usize)
        .filter(|&k| k != 3 && k.pow(4) == cells)
        .map(|k| format!("{cells} cells: a {0}x{0} grid; use 'simdoku large'", k * k))
        .next()
}

/// The length of the first field (up to a comma or white space).
fn field_len(text: &[u8]) -> usize {
    text.iter()
        .position(|&b| b == b',' || b == b';' || b.is_ascii_whitespace())
        .unwrap_or(text.len())
}

/// `quizzes,solutions`, `puzzle`, ...: words and commas only.
fn is_csv_header(text: &[u8]) -> bool {
    text.iter().any(u8::is_ascii_alphabetic)
        && text
            .iter()
            .all(|&b| b.is_ascii_alphabetic() || b"_, ".contains(&b))
}

/// Reads every line of every source and calls `f(name, line, entry)` for each line that holds a
/// puzzle or fails to (blank, `#` and header lines are skipped); `name` is the source as errors
/// show it. A source that cannot be opened or read is reported on stderr and makes the result
/// `false`; an error returned by `f` (the output failing) stops the run and is returned.
pub fn each_entry(
    sources: &[String],
    mut f: impl FnMut(&str, &Line<'_>, Entry) -> io::Result<()>,
) -> io::Result<bool> {
    let mut ok = true;
    for name in sources {
        let shown = if name == "-" {
            "<stdin>"
        } else {
            name.as_str()
        };
        let mut src = match open(name) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("simdoku: {name}: {e}");
                ok = false;
                continue;
            }
        };
        loop {
            match src.reader.next_line() {
                Ok(Some(line)) => {
                    if let Some(entry) = classify(&line) {
                        f(shown, &line, entry)?;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    eprintln!("simdoku: {shown}: read error: {e}");
                    ok = false;
                    break;
                }
            }
        }
    }
    Ok(ok)
}

/// The first field of a line (up to a comma or space), at most 81 bytes (729 for a pencilmark
/// line), made printable: what the output shows in place of the puzzle.
pub fn echo_field(bytes: &[u8]) -> String {
    let text = bytes.trim_ascii();
    let end = text
        .iter()
        .position(|&b| b == b',' || b == b' ')
        .unwrap_or(text.len());
    let end = if end == 729 { end } else { end.min(81) };
    text[..end]
        .iter()
        .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
        .collect()
}

/// Reads the whole of a small input into memory (benchmarks and checks).
pub fn read_all(name: &str) -> io::Result<Vec<u8>> {
    let mut v = Vec::new();
    if name == "-" {
        io::stdin().read_to_end(&mut v)?;
    } else {
        File::open(name)?.read_to_end(&mut v)?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(data: &[u8]) -> Vec<(u64, Vec<u8>, bool)> {
        let mut r = LineReader::new(data);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push((l.number, l.bytes.to_vec(), l.too_long));
        }
        out
    }

    #[test]
    fn splits_lines_crlf_and_unterminated() {
        let got = lines(b"a\r\nb\n\nc");
        let want: Vec<(u64, Vec<u8>, bool)> = vec![
            (1, b"a".to_vec(), false),
            (2, b"b".to_vec(), false),
            (3, vec![], false),
            (4, b"c".to_vec(), false),
        ];
        assert_eq!(got, want);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn cuts_long_lines_with_bounded_memory() {
        let mut data = vec![b'1'; MAX_LINE * 3];
        data.extend_from_slice(b"\nnext\n");
        let got = lines(&data);
        assert_eq!(got.len(), 2);
        assert!(got[0].2 && got[0].1.len() == MAX_LINE);
        assert_eq!(got[1].1, b"next");
    }

    #[test]
    fn classifies_lines() {
        let line = |n, b: &'static [u8]| Line {
            number: n,
            bytes: b,
            too_long: false,
        };
        assert!(classify(&line(1, b"quizzes,solutions")).is_none());
        assert!(classify(&line(2, b"   ")).is_none());
        assert!(classify(&line(2, b"# comment")).is_none());
        assert!(matches!(
            classify(&line(2, b"quizzes")),
            Some(Entry::Invalid(_))
        ));
        let p =
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,x";
        assert!(matches!(classify(&line(1, p)), Some(Entry::Puzzle(_))));
        assert_eq!(echo_field(p).len(), 81);
    }

    #[test]
    fn skips_a_byte_order_mark_at_the_start_only() {
        let got = lines(b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb\n");
        assert_eq!(got[0].1, b"a");
        assert_eq!(got[1].1, b"\xEF\xBB\xBFb", "only at the start of the input");
        assert_eq!(lines(b"\xEF\xBB\xBF")[0].1, b"");
    }

    #[test]
    fn other_grid_sizes_point_to_large() {
        let line = "1".repeat(256);
        let got = classify(&Line {
            number: 1,
            bytes: line.as_bytes(),
            too_long: false,
        });
        assert!(
            matches!(&got, Some(Entry::Invalid(r)) if r == "256 cells: a 16x16 grid; use 'simdoku large'"),
            "{got:?}"
        );
        assert_eq!(
            large_grid_hint(16).unwrap(),
            "16 cells: a 4x4 grid; use 'simdoku large'"
        );
        assert!(large_grid_hint(81).is_none() && large_grid_hint(80).is_none());
    }

    #[test]
    fn classifies_pencilmark_lines() {
        let marks = Pencilmarks::FULL.to_string();
        assert!(matches!(
            classify(&Line {
                number: 2,
                bytes: marks.as_bytes(),
                too_long: false
            }),
            Some(Entry::Pencilmarks(m)) if m == Pencilmarks::FULL
        ));
        assert_eq!(echo_field(marks.as_bytes()).len(), 729);
        let bad = format!("x{}", &marks[1..]);
        assert!(matches!(
            classify(&Line {
                number: 2,
                bytes: bad.as_bytes(),
                too_long: false
            }),
            Some(Entry::Invalid(r)) if r.contains("pencilmarks")
        ));
    }
}
