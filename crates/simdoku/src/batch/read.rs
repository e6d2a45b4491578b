//! Reading a puzzle file as the `simdoku` command does: lines of bounded length, a CSV header,
//! comments and blank lines skipped, puzzles drawn over nine lines gathered ([`GridLines`]),
//! every other line classified ([`classify_line`]); or, for an input that is JSON as a whole,
//! every puzzle in the document (`json.rs`). One [`Record`] per puzzle or invalid line, in
//! order, each with its line number, so that an error names where it is.

use std::io::{self, BufRead};

use super::classify::{is_commented_puzzle, is_plain_puzzle, plain_puzzle};
use super::json::{self, MAX_DOCUMENT};
use super::{Drawn, Entry, Fed, GridLines, MAX_LINE, classify_line, is_header, starts_with_cells};

/// The UTF-8 byte-order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A reader of lines with a bounded buffer. Lines end with `\n`, `\r\n` or a `\r` alone (old
/// Mac files); a UTF-8 byte-order mark at the start of the input is skipped, and an input that
/// starts with a UTF-16 one (Windows PowerShell 5's `>` writes files so) is decoded to UTF-8
/// as it is read ([`decode_text`] does the same for a whole text). A line longer than
/// [`MAX_LINE`] is cut (the rest skipped, `too_long` set): a 10 MB line without a newline costs
/// no more memory than that.
///
/// ```
/// use simdoku::batch::LineReader;
/// let mut r = LineReader::new(&b"a\r\nb"[..]);
/// assert_eq!(r.next_line().unwrap().unwrap().bytes, b"a");
/// let b = r.next_line().unwrap().unwrap();
/// assert_eq!((b.number, b.bytes), (2, &b"b"[..]));
/// assert!(r.next_line().unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    inner: Replay<Utf8<R>>,
    buf: Vec<u8>,
    line_no: u64,
    /// The last line ended with the last byte read, a `\r`: a `\n` next belongs to it.
    after_cr: bool,
    /// Bytes of `inner`'s buffer that the last line was lent from, consumed at the next call.
    lent: usize,
}

/// What [`LineReader::take_document`] found at the start of an input.
enum Ahead {
    /// The whole input, to be read as JSON.
    Document(Vec<u8>),
    /// Not JSON by its first character: lines.
    Lines,
    /// JSON by its first character, but larger than a document is held: lines.
    TooLarge,
}

/// A reader that gives back bytes read ahead (`head`, from `pos`) before the rest of `inner`.
#[derive(Debug)]
struct Replay<R> {
    head: Vec<u8>,
    pos: usize,
    inner: R,
}

/// `Read::read` for a reader whose buffer is its own (`BufRead`): what it holds, copied out.
fn read_buffered(r: &mut impl BufRead, out: &mut [u8]) -> io::Result<usize> {
    let n = {
        let avail = r.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        n
    };
    r.consume(n);
    Ok(n)
}

impl<R: BufRead> io::Read for Replay<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, out)
    }
}

impl<R: BufRead> BufRead for Replay<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos < self.head.len() {
            Ok(&self.head[self.pos..])
        } else {
            self.inner.fill_buf()
        }
    }

    fn consume(&mut self, n: usize) {
        if self.pos < self.head.len() {
            self.pos += n;
            if self.pos >= self.head.len() {
                // Read again in full: its memory goes.
                (self.head, self.pos) = (Vec::new(), 0);
            }
        } else {
            self.inner.consume(n);
        }
    }
}

/// An input as UTF-8: UTF-16 text (a byte-order mark first) decoded as it is read, anything
/// else passed on untouched. Which one is decided at the first read, by its first two bytes.
#[derive(Debug)]
struct Utf8<R> {
    inner: R,
    form: Form,
    /// UTF-16 only: decoded text, read from `pos`.
    out: Vec<u8>,
    pos: usize,
    /// UTF-16 only: bytes read but not decoded yet (an odd byte, a high surrogate).
    carry: Vec<u8>,
}

/// What an input's first bytes said it is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    /// Not read yet.
    Unknown,
    /// Anything but UTF-16: bytes as they are.
    Bytes,
    Utf16 {
        big_endian: bool,
    },
}

/// The UTF-16 byte-order mark's form, for bytes that start with one.
fn utf16_form(bytes: &[u8]) -> Option<Form> {
    match bytes {
        [0xFF, 0xFE, ..] => Some(Form::Utf16 { big_endian: false }),
        [0xFE, 0xFF, ..] => Some(Form::Utf16 { big_endian: true }),
        _ => None,
    }
}

/// The UTF-16 unit of two bytes, `big_endian` or not.
fn utf16_unit(b: &[u8], big_endian: bool) -> u16 {
    let b = [b[0], b[1]];
    if big_endian {
        u16::from_be_bytes(b)
    } else {
        u16::from_le_bytes(b)
    }
}

/// UTF-16 units (`big_endian` or not) appended to `out` as UTF-8; a lone surrogate becomes
/// U+FFFD, as a bad byte does in lossy UTF-8.
fn push_utf16(out: &mut Vec<u8>, bytes: &[u8], big_endian: bool) {
    let units = bytes.chunks_exact(2).map(|b| utf16_unit(b, big_endian));
    let mut utf8 = [0; 4];
    for c in char::decode_utf16(units) {
        let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
        out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
    }
}

/// A whole input's bytes as text, as [`Reader`] reads them: UTF-16 after its byte-order mark
/// decoded, anything else read as UTF-8 with bad bytes replaced (U+FFFD); the bytes are
/// reused when they are UTF-8 already. For readers of whole files, such as the large grids'.
///
/// ```
/// let utf16: Vec<u8> = [0xFF, 0xFE].into_iter()
///     .chain("1234\n".encode_utf16().flat_map(u16::to_le_bytes))
///     .collect();
/// assert_eq!(simdoku::batch::decode_text(utf16), "1234\n");
/// assert_eq!(simdoku::batch::decode_text(b"12\xFF".to_vec()), "12\u{FFFD}");
/// ```
pub fn decode_text(bytes: Vec<u8>) -> String {
    match utf16_form(&bytes) {
        Some(Form::Utf16 { big_endian }) => {
            let mut out = Vec::with_capacity(bytes.len() / 2);
            push_utf16(&mut out, &bytes[2..], big_endian);
            if bytes.len() % 2 == 1 {
                out.extend_from_slice("\u{FFFD}".as_bytes());
            }
            String::from_utf8(out).expect("encoded as UTF-8")
        }
        _ => String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// `r`'s buffered bytes, the read retried when interrupted.
fn fill_retrying<R: BufRead>(r: &mut R) -> io::Result<&[u8]> {
    loop {
        match r.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
            // Asked again below: a borrow returned from the loop would outlive the retry.
            Ok(_) => break,
        }
    }
    r.fill_buf()
}

impl<R: BufRead> Utf8<R> {
    /// Decides the form by the first two bytes (the mark consumed, if any).
    fn detect(&mut self) -> io::Result<()> {
        let avail = fill_retrying(&mut self.inner)?;
        // A first read of one byte that may start a mark: take it, and look at the next.
        self.form = if let [first @ (0xFF | 0xFE)] = *avail {
            self.inner.consume(1);
            let next = fill_retrying(&mut self.inner)?.first().copied();
            if let Some(form) = next.and_then(|b| utf16_form(&[first, b])) {
                self.inner.consume(1);
                form
            } else {
                self.out.push(first);
                Form::Bytes
            }
        } else {
            let form = utf16_form(avail);
            if form.is_some() {
                self.inner.consume(2);
            }
            form.unwrap_or(Form::Bytes)
        };
        Ok(())
    }

    /// Decodes the next read of UTF-16 into `out`: false at the end of the input.
    fn decode_more(&mut self, big_endian: bool) -> io::Result<bool> {
        let n = {
            let avail = fill_retrying(&mut self.inner)?;
            self.carry
                .extend_from_slice(&avail[..avail.len().min(1 << 16)]);
            avail.len().min(1 << 16)
        };
        self.inner.consume(n);
        self.out.clear();
        self.pos = 0;
        if n == 0 {
            if self.carry.is_empty() {
                return Ok(false);
            }
            // An odd byte or a high surrogate at the very end.
            self.carry.clear();
            self.out.extend_from_slice("\u{FFFD}".as_bytes());
            return Ok(true);
        }
        // Keep an odd byte, and a high surrogate whose low half is not read yet.
        let mut keep = self.carry.len() % 2;
        let whole = self.carry.len() - keep;
        if whole >= 2
            && (0xD800..0xDC00).contains(&utf16_unit(&self.carry[whole - 2..], big_endian))
        {
            keep += 2;
        }
        let done = self.carry.len() - keep;
        push_utf16(&mut self.out, &self.carry[..done], big_endian);
        self.carry.drain(..done);
        Ok(true)
    }
}

impl<R: BufRead> io::Read for Utf8<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, out)
    }
}

impl<R: BufRead> BufRead for Utf8<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.form == Form::Unknown {
            self.detect()?;
        }
        match self.form {
            Form::Utf16 { big_endian } => {
                while self.pos == self.out.len() && self.decode_more(big_endian)? {}
                Ok(&self.out[self.pos..])
            }
            // A first byte taken to see the second (`out`), then the input itself.
            _ if self.pos < self.out.len() => Ok(&self.out[self.pos..]),
            _ => self.inner.fill_buf(),
        }
    }

    fn consume(&mut self, n: usize) {
        match self.form {
            Form::Utf16 { .. } => self.pos += n,
            _ if self.pos < self.out.len() => self.pos += n,
            _ => self.inner.consume(n),
        }
    }
}

/// One line: its number (from 1), its bytes (at most [`MAX_LINE`]), and whether it was cut.
#[derive(Debug)]
pub struct Line<'a> {
    /// From 1.
    pub number: u64,
    /// Without the line end.
    pub bytes: &'a [u8],
    /// Longer than [`MAX_LINE`]: `bytes` holds the first [`MAX_LINE`].
    pub too_long: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `inner`, from line 1.
    pub fn new(inner: R) -> Self {
        LineReader {
            inner: Replay {
                head: Vec::new(),
                pos: 0,
                inner: Utf8 {
                    inner,
                    form: Form::Unknown,
                    out: Vec::new(),
                    pos: 0,
                    carry: Vec::new(),
                },
            },
            buf: Vec::with_capacity(128),
            line_no: 0,
            after_cr: false,
            lent: 0,
        }
    }

    /// The whole input, before any line is read, when it starts (after white space and a
    /// byte-order mark) with `[` or `{` and holds at most `max` bytes; otherwise what was read
    /// ahead is read again as lines. Give the bytes back with [`Self::unread`] to read them as
    /// lines after all.
    fn take_document(&mut self, max: usize) -> io::Result<Ahead> {
        debug_assert!(self.line_no == 0 && self.inner.head.is_empty());
        let mut head = Vec::new();
        let mut json = None;
        loop {
            if json.is_none() {
                let text = head.strip_prefix(BOM).unwrap_or(&head);
                json = text
                    .iter()
                    .find(|b| !b.is_ascii_whitespace())
                    .map(|b| matches!(b, b'[' | b'{'));
                if json == Some(false) || head.len() > MAX_LINE {
                    break;
                }
            }
            let avail = fill_retrying(&mut self.inner.inner)?;
            if avail.is_empty() {
                if json == Some(true) {
                    return Ok(Ahead::Document(head));
                }
                break;
            }
            let n = avail.len().min(max + 1 - head.len().min(max));
            head.extend_from_slice(&avail[..n]);
            self.inner.inner.consume(n);
            if head.len() > max {
                self.unread(head);
                return Ok(Ahead::TooLarge);
            }
        }
        self.unread(head);
        Ok(Ahead::Lines)
    }

    /// Bytes taken by [`Self::take_document`], to be read as lines.
    fn unread(&mut self, head: Vec<u8>) {
        (self.inner.head, self.inner.pos) = (head, 0);
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.inner.consume(std::mem::take(&mut self.lent));
        // The common case: a whole line (after line 1, which may start with a byte-order mark)
        // in the buffer, ended by `\n` or by `\r` and a byte after it: lent, not copied.
        if self.line_no > 0
            && !self.after_cr
            && let Ok(avail) = self.inner.fill_buf()
            && let Some(i) = memchr::memchr2(b'\n', b'\r', avail)
            && i <= MAX_LINE
            && (avail[i] == b'\n' || i + 1 < avail.len())
        {
            self.lent = i + 1 + usize::from(avail[i] == b'\r' && avail[i + 1] == b'\n');
            self.line_no += 1;
            // The same bytes again (nothing was consumed; the borrow checker cannot yet see
            // that the first borrow may be returned).
            let avail = self.inner.fill_buf()?;
            return Ok(Some(Line {
                number: self.line_no,
                bytes: &avail[..i],
                too_long: false,
            }));
        }
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let avail = fill_retrying(&mut self.inner)?;
            if avail.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            if self.after_cr {
                // A line ended by `\r` at the end of the last read: `\r\n` is one line end.
                self.after_cr = false;
                if avail[0] == b'\n' {
                    self.inner.consume(1);
                    continue;
                }
            }
            any = true;
            // `\n`, `\r\n`, or `\r` alone (old Mac files, Excel's "CSV (Macintosh)").
            let (chunk, used, end) = match memchr::memchr2(b'\n', b'\r', avail) {
                Some(i) if avail[i] == b'\n' => (&avail[..i], i + 1, true),
                Some(i) => match avail.get(i + 1) {
                    Some(b'\n') => (&avail[..i], i + 2, true),
                    Some(_) => (&avail[..i], i + 1, true),
                    None => {
                        self.after_cr = true;
                        (&avail[..i], i + 1, true)
                    }
                },
                None => (avail, avail.len(), false),
            };
            let room = MAX_LINE - self.buf.len();
            if chunk.len() > room {
                too_long = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(used);
            if end {
                break;
            }
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

/// A puzzle of an input, or a line that fails to be one, with where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Its (first) line, from 1.
    pub line: u64,
    /// What the output shows in its place: the first field as read ([`echo_field`]), or the
    /// puzzle as one line when it was drawn over lines or written as separated values.
    pub echo: String,
    /// What it holds.
    pub entry: Entry,
    /// Its size in the input (its lines and their newlines), for progress.
    pub bytes: u64,
}

/// The [`Record`]s of one input, in order (an iterator of `io::Result`: a read error ends it).
///
/// Skipped: blank lines, `#` comments, and a CSV header on line 1 or after nothing but blank
/// lines and comments (words and commas, such as `quizzes,solutions`) when a record follows it; an input that holds only such a line gives it
/// back as invalid, so that `echo hello | simdoku solve` says why nothing was solved. So does
/// an input whose only lines are comments, one of them holding a puzzle (`#1 4.....8.5...`):
/// its first such line comes back as invalid, saying that `#` lines are skipped.
///
/// ```
/// use simdoku::batch::{Entry, Reader};
/// let text = "quizzes,solutions\n# a comment\n\
///             4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......,x\n\
///             1234\n";
/// let records: Vec<_> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
/// assert_eq!(records.len(), 2);
/// assert!(matches!(records[0].entry, Entry::Puzzle(_)));
/// assert_eq!((records[1].line, &records[1].entry), (4, &Entry::Invalid("expected 81 cells, found 4".into())));
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    lines: LineReader<R>,
    /// The line skipped as a CSV header (its number, echo and size), until a record follows.
    header: Option<(u64, String, u64)>,
    /// The first comment line holding a puzzle, while no record was given.
    commented: Commented,
    /// Puzzles drawn over nine lines.
    grids: GridLines,
    /// A record to give before reading on (a line after the end of a drawing).
    queued: Option<Record>,
    /// The input has ended (or failed).
    done: bool,
    /// Whether the input was looked at for a JSON document yet.
    looked: bool,
    /// The input starts as JSON but is larger than a document is held (a line too long says so).
    large_json: bool,
    /// The records of an input that is one JSON document.
    json: Option<std::vec::IntoIter<Record>>,
}

/// A comment line holding a puzzle, looked for until a record is given (an input of nothing
/// else gives it back as invalid).
#[derive(Debug)]
enum Commented {
    /// No record given yet; the first such line (number, echo, size), if any.
    Before(Option<(u64, String, u64)>),
    /// A record was given: comments are only skipped.
    After,
}

impl<R: BufRead> Reader<R> {
    /// The records of `inner`, from its line 1.
    pub fn new(inner: R) -> Self {
        Reader {
            lines: LineReader::new(inner),
            header: None,
            commented: Commented::Before(None),
            grids: GridLines::default(),
            queued: None,
            done: false,
            looked: false,
            large_json: false,
            json: None,
        }
    }

    fn record(&mut self, line: u64, echo: String, entry: Entry, bytes: u64) -> Record {
        self.header = None;
        self.commented = Commented::After;
        Record {
            line,
            echo,
            entry,
            bytes,
        }
    }

    /// The record of a puzzle drawn over lines (or of what a drawing cut short left).
    fn drawn(&mut self, d: Drawn) -> Record {
        let echo = echo_field(d.text.as_bytes());
        self.record(d.line, echo, d.entry, d.bytes)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if !self.looked {
            self.looked = true;
            match self.lines.take_document(MAX_DOCUMENT) {
                Ok(Ahead::Document(doc)) => match json::records(&doc) {
                    Some(records) => self.json = Some(records.into_iter()),
                    None => self.lines.unread(doc),
                },
                Ok(Ahead::Lines) => {}
                Ok(Ahead::TooLarge) => self.large_json = true,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        if let Some(records) = &mut self.json {
            return records.next().map(Ok);
        }
        loop {
            if let Some(r) = self.queued.take() {
                return Some(Ok(r));
            }
            if self.done {
                return None;
            }
            let line = match self.lines.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    if let Some(d) = self.grids.finish() {
                        return Some(Ok(self.drawn(d)));
                    }
                    self.done = true;
                    if let Some((number, echo, bytes)) = self.header.take() {
                        let entry = Entry::Invalid(
                            "read as a CSV header (words and commas), and no puzzle follows it"
                                .to_string(),
                        );
                        return Some(Ok(self.record(number, echo, entry, bytes)));
                    }
                    let Commented::Before(Some((number, echo, bytes))) =
                        std::mem::replace(&mut self.commented, Commented::After)
                    else {
                        return None;
                    };
                    let entry = Entry::Invalid(
                        "a comment: lines starting with # are skipped, and no puzzle is on any \
                         other line (remove the # to read it)"
                            .to_string(),
                    );
                    return Some(Ok(self.record(number, echo, entry, bytes)));
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if !line.too_long && is_plain_puzzle(line.bytes) && self.grids.pass_cells_line() {
                // What the general path below gives such a line, for a fraction of its cost.
                let entry = plain_puzzle(line.bytes);
                let echo = String::from_utf8(line.bytes[..81].to_vec()).expect("cell characters");
                let (number, bytes) = (line.number, line.bytes.len() as u64 + 1);
                return Some(Ok(self.record(number, echo, entry, bytes)));
            }
            let ended = match self.grids.feed(line.number, line.bytes) {
                Fed::Taken => continue,
                Fed::Grid(d) => return Some(Ok(self.drawn(d))),
                Fed::LineThenGrid(l, d) => {
                    let own = self.drawn(l);
                    self.queued = Some(self.drawn(d));
                    return Some(Ok(own));
                }
                Fed::Other(ended) => ended,
            };
            // A CSV header is looked for on line 1, or on the first line after nothing but blank
            // lines and comments (`# source: ...` above `quizzes,solutions`): not after what
            // this line ended (a record, given first: a rule line held as a top border).
            let place = if ended.is_none()
                && self.header.is_none()
                && matches!(self.commented, Commented::Before(_))
            {
                1
            } else {
                line.number
            };
            let mut entry = classify_line(place, line.bytes, line.too_long);
            if self.large_json && line.too_long {
                entry = Some(Entry::Invalid(format!(
                    "line longer than {MAX_LINE} bytes, in JSON over {} MiB (read as JSON up to \
                     that size; larger, write one puzzle a line: jq -c '.[]')",
                    MAX_DOCUMENT >> 20
                )));
            }
            let (number, mut echo) = (line.number, echo_field(line.bytes));
            // A puzzle not written as its first field (`5,3,0,...`, `"4.....8.5..."`, an id
            // first, a JSON array) is shown as the puzzle.
            match &entry {
                Some(Entry::Puzzle(g)) if !starts_with_cells(echo.as_bytes(), 81) => {
                    echo = g.to_string();
                }
                Some(Entry::Pencilmarks(m)) if !starts_with_cells(echo.as_bytes(), 729) => {
                    echo = m.to_string();
                }
                _ => {}
            }
            let bytes = line.bytes.len() as u64 + 1;
            if entry.is_none() && is_header(place, line.bytes) {
                self.header = Some((number, echo.clone(), bytes));
            }
            if entry.is_none()
                && matches!(self.commented, Commented::Before(None))
                && is_commented_puzzle(line.bytes)
            {
                self.commented = Commented::Before(Some((number, echo.clone(), bytes)));
            }
            // A drawing this line ended comes first, then the line itself.
            let first = ended.map(|d| self.drawn(d));
            let own = entry.map(|e| self.record(number, echo, e, bytes));
            match (first, own) {
                (Some(d), own) => {
                    self.queued = own;
                    return Some(Ok(d));
                }
                (None, Some(r)) => return Some(Ok(r)),
                (None, None) => {}
            }
        }
    }
}

/// The records of a whole input held in memory (no read can fail).
///
/// ```
/// let records = simdoku::batch::read_text(b"# nothing but a comment\n\n");
/// assert!(records.is_empty());
/// ```
pub fn read_text(text: &[u8]) -> Vec<Record> {
    Reader::new(text)
        .map(|r| r.expect("reading from memory does not fail"))
        .collect()
}

/// The first field of a line (up to a comma or space), at most 81 bytes (729 for a pencilmark
/// line), made printable: what the output shows in place of the puzzle.
///
/// ```
/// assert_eq!(simdoku::batch::echo_field(b" 12\x01,rest"), "12?");
/// ```
pub fn echo_field(bytes: &[u8]) -> String {
    let text = bytes.trim_ascii();
    let end = text
        .iter()
        .position(|&b| b == b',' || b == b' ')
        .unwrap_or(text.len());
    let end = if end == 729 { end } else { end.min(81) };
    let printable: Vec<u8> = text[..end]
        .iter()
        .map(|&b| if b.is_ascii_graphic() { b } else { b'?' })
        .collect();
    String::from_utf8(printable).expect("ASCII")
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
    fn a_carriage_return_alone_ends_a_line_and_one_before_a_newline_does_not_add_one() {
        let text = b"a\rb\r\nc\r\rd\r";
        let want: Vec<&[u8]> = vec![b"a", b"b", b"c", b"", b"d"];
        // Every buffer size, so that `\r` and `\n` fall in different reads.
        for cap in 1..=text.len() {
            let mut r = LineReader::new(io::BufReader::with_capacity(cap, &text[..]));
            let mut got = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                got.push(l.bytes.to_vec());
            }
            assert_eq!(got, want, "buffer of {cap}");
        }
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let lines: Vec<u64> = read_text(format!("{p}\r{p}\r\r{p}").as_bytes())
            .iter()
            .map(|r| r.line)
            .collect();
        assert_eq!(lines, [1, 2, 4]);
        let json: Vec<u64> = read_text(format!("[\r\"{p}\",\r\n\"{p}\"]").as_bytes())
            .iter()
            .map(|r| r.line)
            .collect();
        assert_eq!(json, [2, 3]);
    }

    /// UTF-16 text, either byte order, decoded whatever the reads: surrogate pairs and line
    /// ends split between reads, a lone surrogate and an odd last byte replaced (U+FFFD).
    #[test]
    fn utf16_text_reads_as_its_utf8() {
        let text = "a\r\n\u{1F600}b\rc\u{e9}\n\nd";
        let want: Vec<Vec<u8>> = ["a", "\u{1F600}b", "c\u{e9}", "", "d"]
            .iter()
            .map(|l| l.as_bytes().to_vec())
            .collect();
        for big_endian in [false, true] {
            let encode = |t: &str| -> Vec<u8> {
                let mark = if big_endian {
                    [0xFE, 0xFF]
                } else {
                    [0xFF, 0xFE]
                };
                mark.into_iter()
                    .chain(t.encode_utf16().flat_map(|u| {
                        if big_endian {
                            u.to_be_bytes()
                        } else {
                            u.to_le_bytes()
                        }
                    }))
                    .collect()
            };
            let data = encode(text);
            for cap in 1..=data.len() {
                let mut r = LineReader::new(io::BufReader::with_capacity(cap, &data[..]));
                let mut got = Vec::new();
                while let Some(l) = r.next_line().unwrap() {
                    got.push(l.bytes.to_vec());
                }
                assert_eq!(got, want, "big endian {big_endian}, buffer of {cap}");
            }
            assert_eq!(decode_text(data.clone()), text);
            let mut odd = data.clone();
            odd.push(b'x');
            assert_eq!(decode_text(odd.clone()), format!("{text}\u{FFFD}"));
            assert_eq!(lines(&odd).last().unwrap().1, "d\u{FFFD}".as_bytes());
            // A high surrogate with no low one after it.
            let mut lone = encode("x");
            lone.extend_from_slice(&encode("\u{1F600}")[2..4]);
            lone.extend_from_slice(&encode("y")[2..]);
            assert_eq!(decode_text(lone.clone()), "x\u{FFFD}y");
            assert_eq!(lines(&lone)[0].1, "x\u{FFFD}y".as_bytes());
        }
        // A puzzle file and a JSON document, as PowerShell writes them.
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let le = |t: String| -> Vec<u8> {
            [0xFF, 0xFE]
                .into_iter()
                .chain(t.encode_utf16().flat_map(u16::to_le_bytes))
                .collect()
        };
        for data in [
            le(format!("{p}\r\n{p}\r\n")),
            le(format!("[\r\n\"{p}\",\r\n\"{p}\"\r\n]")),
        ] {
            let records = read_text(&data);
            assert_eq!(records.len(), 2);
            assert!(records.iter().all(|r| matches!(r.entry, Entry::Puzzle(_))));
        }
        // One byte of 0xFF or 0xFE first, not a mark: read as it is.
        assert_eq!(lines(b"\xFF1\n2")[0].1, b"\xFF1");
        let mut r = LineReader::new(io::BufReader::with_capacity(1, &b"\xFE1\n2"[..]));
        assert_eq!(r.next_line().unwrap().unwrap().bytes, b"\xFE1");
        assert_eq!(r.next_line().unwrap().unwrap().bytes, b"2");
    }

    #[test]
    fn cuts_long_lines_with_bounded_memory() {
        let mut data = b"first\n".to_vec();
        data.resize(data.len() + MAX_LINE * 3, b'1');
        data.extend_from_slice(b"\nnext\n");
        // Read a little at a time, and with the long line whole in the buffer (not lent).
        for cap in [8192, MAX_LINE * 4] {
            let mut r = LineReader::new(io::BufReader::with_capacity(cap, &data[..]));
            let mut got = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                got.push((l.bytes.to_vec(), l.too_long));
            }
            assert_eq!(got.len(), 3);
            assert!(got[1].1 && got[1].0.len() == MAX_LINE);
            assert_eq!(got[2], (b"next".to_vec(), false));
        }
    }

    /// Lines lent from the buffer and lines copied out of it (a line over two reads, a `\r`
    /// at the end of one, line 1) are the same lines: random text against a plain split, read
    /// through buffers of every size from 1 to 40 bytes.
    #[test]
    fn lines_are_the_same_whatever_the_reads() {
        let mut rng = simdoku_core::rng::Rng::new(5);
        let alphabet = b"12.\r\n\n,";
        for _ in 0..200 {
            let len = rng.below(60);
            let text: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            // The plain split: `\r\n`, `\n` or `\r` ends a line; a last line needs no end.
            let mut want = Vec::new();
            let mut line = Vec::new();
            let mut i = 0;
            while i < text.len() {
                match text[i] {
                    b'\r' | b'\n' => {
                        want.push(std::mem::take(&mut line));
                        i += usize::from(text[i] == b'\r' && text.get(i + 1) == Some(&b'\n'));
                    }
                    b => line.push(b),
                }
                i += 1;
            }
            if !line.is_empty() {
                want.push(line);
            }
            for cap in 1..=40 {
                let mut r = LineReader::new(io::BufReader::with_capacity(cap, &text[..]));
                let mut got = Vec::new();
                while let Some(l) = r.next_line().unwrap() {
                    assert_eq!(l.number, got.len() as u64 + 1);
                    got.push(l.bytes.to_vec());
                }
                assert_eq!(
                    got,
                    want,
                    "{:?}, buffer of {cap}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
    }

    /// The common line's short way gives what the general classifier and echo give, on lines
    /// that take it and on near misses (a tab, `;` or a cell after the 81st, a space before,
    /// givens that contradict).
    #[test]
    fn plain_puzzle_lines_read_as_the_general_path_reads_them() {
        let mut rng = simdoku_core::rng::Rng::new(6);
        let (mut plain, mut conflicts) = (0, 0);
        for round in 0..5_000 {
            let mut line: Vec<u8> = (0..81)
                .map(|_| match rng.below(12) {
                    0..=8 => b'1' + rng.below(9) as u8,
                    9 => b'0',
                    10 => b'_',
                    _ => b'.',
                })
                .collect();
            // Mostly empty cells, so that most lines hold no contradiction.
            for c in &mut line {
                if rng.below(4) != 0 {
                    *c = b'.';
                }
            }
            let tails: [&[u8]; 9] = [
                b"", b",x", b" 1", b"\t1", b";1", b"1", b"5,", b"  ", b"\x0c",
            ];
            line.extend_from_slice(tails[round % tails.len()]);
            if round % 17 == 0 {
                line.insert(0, b' ');
            }
            let general = super::super::classify::classify_general(line.trim_ascii());
            assert_eq!(classify_line(2, &line, false).as_ref(), Some(&general));
            if is_plain_puzzle(&line) {
                plain += 1;
                conflicts += usize::from(matches!(general, Entry::Invalid(_)));
                assert_eq!(
                    plain_puzzle(&line),
                    general,
                    "{}",
                    String::from_utf8_lossy(&line)
                );
                assert_eq!(echo_field(&line).as_bytes(), &line[..81]);
            }
            // And through the reader, after another line (line 1 is never lent).
            let mut text = format!("{P}\n").into_bytes();
            text.extend_from_slice(&line);
            text.push(b'\n');
            let r = read_text(&text).pop().expect("a record");
            assert_eq!((r.line, &r.entry), (2, &general));
            assert_eq!(r.echo, echo_field(&line));
        }
        assert!(plain > 2_000 && conflicts > 100, "{plain} {conflicts}");
    }

    #[test]
    fn skips_a_byte_order_mark_at_the_start_only() {
        let got = lines(b"\xEF\xBB\xBFa\n\xEF\xBB\xBFb\n");
        assert_eq!(got[0].1, b"a");
        assert_eq!(got[1].1, b"\xEF\xBB\xBFb", "only at the start of the input");
        assert_eq!(lines(b"\xEF\xBB\xBF")[0].1, b"");
    }

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// A file of `#1 <puzzle>` lines was read as nothing at all (0 puzzles, exit 0).
    #[test]
    fn comments_holding_puzzles_and_nothing_else_say_so() {
        let got = read_text(format!("# set 1\n#1 {P}\n#2 {P}\n").as_bytes());
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!((got[0].line, got[0].echo.as_str()), (2, "#1"));
        assert!(matches!(&got[0].entry, Entry::Invalid(r) if r.contains("starting with #")));
        // With a puzzle on another line, or comments without puzzles, comments are skipped.
        for text in [format!("#1 {P}\n{P}\n"), format!("{P}\n#1 {P}\n")] {
            let got = read_text(text.as_bytes());
            assert_eq!(got.len(), 1, "{text}");
            assert!(matches!(got[0].entry, Entry::Puzzle(_)), "{text}");
        }
        assert!(read_text(b"# a comment\n#\n").is_empty());
    }

    /// A header under a comment line was an invalid line ("column 1: unexpected 'q'").
    #[test]
    fn a_header_after_comments_is_skipped_and_one_after_a_puzzle_is_not() {
        let got = read_text(format!("# source: x\n\nquizzes,solutions\n{P},x\n").as_bytes());
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(matches!(got[0].entry, Entry::Puzzle(_)));
        let alone = read_text(b"# source: x\nquizzes,solutions\n");
        assert_eq!(alone.len(), 1);
        assert_eq!(alone[0].line, 2);
        assert!(matches!(&alone[0].entry, Entry::Invalid(r) if r.contains("CSV header")));
        let got = read_text(format!("{P}\nquizzes,solutions\n").as_bytes());
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(matches!(got[1].entry, Entry::Invalid(_)));
        let got = read_text(format!("quizzes\nsolutions\n{P}\n").as_bytes());
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].line, 2);
        assert!(matches!(got[0].entry, Entry::Invalid(_)));
        // After a rule line (held as a drawing's top border, then given back as invalid) a
        // header is no header either: it was skipped without a word.
        let got = read_text(format!("-----\nquizzes,solutions\n{P}\n").as_bytes());
        let lines: Vec<u64> = got.iter().map(|r| r.line).collect();
        assert_eq!(lines, [1, 2, 3], "{got:?}");
        assert!(matches!(got[1].entry, Entry::Invalid(_)));
    }

    #[test]
    fn a_header_alone_is_invalid_and_a_header_before_puzzles_is_skipped() {
        let alone = read_text(b"hello\n");
        assert_eq!(alone.len(), 1);
        assert_eq!((alone[0].line, alone[0].echo.as_str()), (1, "hello"));
        assert!(matches!(&alone[0].entry, Entry::Invalid(r) if r.contains("CSV header")));
        let skipped = read_text(format!("puzzle\n{P}\n").as_bytes());
        assert_eq!(skipped.len(), 1);
        assert_eq!((skipped[0].line, skipped[0].echo.as_str()), (2, P));
        // Headers as other programs write them: quoted (R's write.csv), tab- or
        // semicolon-separated. They were invalid lines (exit 1).
        for header in [
            "\"\",\"puzzle\",\"solution\"",
            "puzzle\tsolution",
            "puzzle;solution",
        ] {
            let got = read_text(format!("{header}\n\"{P}\";x\n").as_bytes());
            assert_eq!(got.len(), 1, "{header}");
            assert!(matches!(got[0].entry, Entry::Puzzle(_)), "{header}");
        }
    }

    #[test]
    fn drawings_separated_values_and_lines_after_a_drawing_keep_their_order() {
        let mut text = String::new();
        for r in 0..9 {
            for c in P[9 * r..9 * r + 9].chars() {
                text.push(c);
                text.push(' ');
            }
            text.push('\n');
        }
        // A line right after the ninth row: the drawing first, then the line.
        text.push_str("1234\n");
        let csv: Vec<String> = P
            .chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect();
        text.push_str(&csv.join(","));
        text.push('\n');
        let got = read_text(text.as_bytes());
        let shown: Vec<(u64, &str)> = got.iter().map(|r| (r.line, r.echo.as_str())).collect();
        assert_eq!(shown, [(1, P), (10, "1234"), (11, P)]);
        assert!(matches!(got[0].entry, Entry::Puzzle(_)));
        assert!(matches!(got[1].entry, Entry::Invalid(_)));
        assert!(matches!(got[2].entry, Entry::Puzzle(_)));
        // Sizes in the input add up to the whole.
        assert_eq!(got.iter().map(|r| r.bytes).sum::<u64>(), text.len() as u64);
    }

    #[test]
    fn what_is_read_ahead_for_json_is_read_again_as_lines() {
        let rest = |r: &mut LineReader<&[u8]>| {
            let mut out = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                out.push(String::from_utf8(l.bytes.to_vec()).unwrap());
            }
            out
        };
        let json = b" [1, 2,\n 3]\n";
        let mut r = LineReader::new(&json[..]);
        assert!(matches!(r.take_document(64), Ok(Ahead::Document(d)) if d == json));
        let mut r = LineReader::new(&json[..]);
        assert!(matches!(r.take_document(8), Ok(Ahead::TooLarge)));
        assert_eq!(rest(&mut r), [" [1, 2,", " 3]"]);
        let mut r = LineReader::new(&b"\xEF\xBB\xBF\n\n12\n[3]"[..]);
        assert!(matches!(r.take_document(64), Ok(Ahead::Lines)));
        assert_eq!(rest(&mut r), ["", "", "12", "[3]"]);
        // Through a 3-byte buffer, so that the look ahead takes several reads.
        let small = std::io::BufReader::with_capacity(3, &json[..]);
        let mut r = LineReader::new(small);
        assert!(matches!(r.take_document(8), Ok(Ahead::TooLarge)));
        let mut lines = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            lines.push(l.bytes.to_vec());
        }
        assert_eq!(lines, [b" [1, 2,".to_vec(), b" 3]".to_vec()]);
    }

    #[test]
    fn an_opensudoku_export_gives_its_games() {
        let z = P.replace('.', "0");
        let text = format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<opensudoku>\n<name>Easy</name>\n\
             <created>2009-08-03</created>\n<game data=\"{z}\" />\n<game data=\"{z}\" />\n\
             </opensudoku>\n"
        );
        let got: Vec<(u64, String)> = read_text(text.as_bytes())
            .into_iter()
            .map(|r| (r.line, r.echo))
            .collect();
        assert_eq!(got, [(5, P.to_string()), (6, P.to_string())]);
        // Empty cells written `_`, as on a puzzle line: the same game.
        let under = format!("<game data=\"{}\" />\n", P.replace('.', "_"));
        assert!(matches!(
            &read_text(under.as_bytes())[0].entry,
            Entry::Puzzle(_)
        ));
        // A tag with a puzzle cut short is no markup: it is reported.
        let cut = format!("<game data=\"{}\" />\n", &z[..80]);
        assert!(matches!(
            &read_text(cut.as_bytes())[0].entry,
            Entry::Invalid(_)
        ));
    }

    #[test]
    fn a_read_error_ends_the_records() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut r = Reader::new(io::BufReader::new(Failing));
        assert!(r.next().unwrap().is_err());
        assert!(r.next().is_none());
    }
}
