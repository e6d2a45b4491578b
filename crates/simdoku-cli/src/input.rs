//! Reading puzzle files: bounded line reading, sources (files or stdin), and the records of
//! every source in order. What each line holds is the library's one line classifier
//! (`simdoku::batch::classify_line`).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;

pub use simdoku::batch::Entry;
/// Lines longer than this are cut (the rest is skipped) and reported as invalid: a 10 MB line
/// without a newline costs no more memory than this.
use simdoku::batch::MAX_LINE;
use simdoku::batch::{Drawn, Fed, GridLines};

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
}

/// Whether a FILE argument is a puzzle given on the command line rather than a file: no file
/// of that name, and its first 81 characters cells (`1`-`9`, `0`, `.`, `_`), as a puzzle line
/// or a pencilmark line starts.
pub fn is_inline(name: &str) -> bool {
    simdoku::batch::starts_with_cells(name.as_bytes(), 81) && !std::path::Path::new(name).exists()
}

/// Opens `name` (`-` is stdin; a puzzle given in its place is read as a one-line input).
pub fn open(name: &str) -> io::Result<Source> {
    let reader: Box<dyn BufRead + Send> = if name == "-" {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else if is_inline(name) {
        Box::new(io::Cursor::new(name.as_bytes().to_vec()))
    } else {
        let f = File::open(name)?;
        if f.metadata()?.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is a directory",
            ));
        }
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    Ok(Source {
        reader: LineReader::new(reader),
    })
}

/// Classifies a line read from a file (the library's one line classifier).
pub fn classify(line: &Line<'_>) -> Option<Entry> {
    simdoku::batch::classify_line(line.number, line.bytes, line.too_long)
}

/// A source as messages name it: `<stdin>` for `-`, `<argument>` for a puzzle given in place of
/// a file.
pub fn shown(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else if is_inline(name) {
        "<argument>"
    } else {
        name
    }
}

/// One line that holds a puzzle or fails to, with where it was.
#[derive(Clone, Debug)]
pub struct Record {
    /// The source as messages name it.
    pub file: Arc<str>,
    /// Its line number, from 1.
    pub line: u64,
    /// Its place among the records of the run, from 0.
    pub index: u64,
    /// The first field as read (see [`echo_field`]).
    pub echo: String,
    /// What it holds.
    pub entry: Entry,
    /// Its size in the input (the line and its newline), for progress bars.
    pub bytes: u64,
}

/// Every [`Record`] of every source, in order: the input of a batch. A source that cannot be
/// opened or read is reported on stderr (`simdoku: NAME: reason`) and counted in
/// `unreadable`; the records go on with the next source.
pub struct Records<'a> {
    sources: std::slice::Iter<'a, String>,
    current: Option<(Arc<str>, Source)>,
    index: u64,
    /// Line 1 of the current source when it was skipped as a CSV header (its echo and size),
    /// until a record follows it: a source with nothing else (`echo hello | simdoku solve`)
    /// gets it back as an invalid record, not a silent empty run.
    header: Option<(String, u64)>,
    /// Puzzles drawn over nine lines in the current source.
    grids: GridLines,
    /// A record to give before reading on (a line after the end of a drawing).
    queued: Option<Record>,
    /// Sources that could not be opened or read.
    pub unreadable: u64,
}

impl<'a> Records<'a> {
    pub fn new(sources: &'a [String]) -> Records<'a> {
        Records {
            sources: sources.iter(),
            current: None,
            index: 0,
            header: None,
            grids: GridLines::default(),
            queued: None,
            unreadable: 0,
        }
    }

    /// The next record, numbered in order.
    fn record(
        &mut self,
        file: Arc<str>,
        line: u64,
        echo: String,
        entry: Entry,
        bytes: u64,
    ) -> Record {
        self.header = None;
        self.index += 1;
        Record {
            file,
            line,
            index: self.index - 1,
            echo,
            entry,
            bytes,
        }
    }

    /// The record of a puzzle drawn over lines (or of what a drawing cut short left).
    fn drawn(&mut self, file: Arc<str>, d: Drawn) -> Record {
        let echo = echo_field(d.text.as_bytes());
        self.record(file, d.line, echo, d.entry, d.bytes)
    }
}

impl Iterator for Records<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(r) = self.queued.take() {
                return Some(r);
            }
            if self.current.is_none() {
                let name = self.sources.next()?;
                match open(name) {
                    Ok(s) => self.current = Some((Arc::from(shown(name)), s)),
                    Err(e) => {
                        eprintln!("simdoku: {name}: {e}");
                        self.unreadable += 1;
                        continue;
                    }
                }
            }
            let (file, src) = self.current.as_mut().expect("a source is open");
            let file = file.clone();
            match src.reader.next_line() {
                Ok(Some(line)) => {
                    let ended = match self.grids.feed(line.number, line.bytes) {
                        Fed::Taken => continue,
                        Fed::Grid(d) => return Some(self.drawn(file, d)),
                        Fed::Other(ended) => ended,
                    };
                    let entry = classify(&line);
                    let (number, mut echo) = (line.number, echo_field(line.bytes));
                    if let Some(Entry::Puzzle(g)) = &entry
                        && echo.len() != 81
                    {
                        // 81 values with separators (`5,3,0,...`): shown as the puzzle.
                        echo = g.to_string();
                    }
                    let bytes = line.bytes.len() as u64 + 1;
                    if entry.is_none() && simdoku::batch::is_header(number, line.bytes) {
                        self.header = Some((echo.clone(), bytes));
                    }
                    // A drawing this line ended comes first, then the line itself.
                    let first = ended.map(|d| self.drawn(file.clone(), d));
                    let own = entry.map(|e| self.record(file, number, echo, e, bytes));
                    match (first, own) {
                        (Some(d), own) => {
                            self.queued = own;
                            return Some(d);
                        }
                        (None, Some(r)) => return Some(r),
                        (None, None) => {}
                    }
                }
                Ok(None) => {
                    self.current = None;
                    if let Some(d) = self.grids.finish() {
                        return Some(self.drawn(file, d));
                    }
                    if let Some((echo, bytes)) = self.header.take() {
                        let entry = Entry::Invalid(
                            "read as a CSV header (words and commas), and no puzzle follows it"
                                .to_string(),
                        );
                        return Some(self.record(file, 1, echo, entry, bytes));
                    }
                }
                Err(e) => {
                    self.header = None;
                    self.grids = GridLines::default();
                    eprintln!("simdoku: {file}: read error: {e}");
                    self.unreadable += 1;
                    self.current = None;
                }
            }
        }
    }
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
    fn skips_a_byte_order_mark_at_the_start_only() {
        let got = lines(b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb\n");
        assert_eq!(got[0].1, b"a");
        assert_eq!(got[1].1, b"\xEF\xBB\xBFb", "only at the start of the input");
        assert_eq!(lines(b"\xEF\xBB\xBF")[0].1, b"");
    }
}
