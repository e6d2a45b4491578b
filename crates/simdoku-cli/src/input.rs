//! Reading puzzle files: sources (files, stdin, a puzzle given in place of a file) and the
//! records of every source in order. What a source holds, line by line, is the library's one
//! reader (`simdoku::batch::Reader`).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;

pub use simdoku::batch::Entry;
use simdoku::batch::Reader;

/// Whether a FILE argument is a puzzle given on the command line rather than a file: no file
/// of that name, and its first 81 characters cells (`1`-`9`, `0`, `.`, `_`), as a puzzle line
/// or a pencilmark line starts.
pub fn is_inline(name: &str) -> bool {
    simdoku::batch::starts_with_cells(name.as_bytes(), 81) && !std::path::Path::new(name).exists()
}

/// An input named on the command line.
type Source = Reader<Box<dyn BufRead + Send>>;

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
    Ok(Reader::new(reader))
}

/// A source as messages name it: `<stdin>` for `-`, `<argument>` for a puzzle given in place of
/// a file, `""` for an empty argument (`simdoku: "": No such file or directory`, not
/// `simdoku: : No such file or directory`).
pub fn shown(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else if name.is_empty() {
        "\"\""
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
    /// What the output shows in its place (`simdoku::batch::Record::echo`).
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
    /// Sources that could not be opened or read.
    pub unreadable: u64,
}

impl<'a> Records<'a> {
    pub fn new(sources: &'a [String]) -> Records<'a> {
        Records {
            sources: sources.iter(),
            current: None,
            index: 0,
            unreadable: 0,
        }
    }
}

impl Iterator for Records<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if self.current.is_none() {
                let name = self.sources.next()?;
                match open(name) {
                    Ok(s) => self.current = Some((Arc::from(shown(name)), s)),
                    Err(e) => {
                        eprintln!("simdoku: {}: {e}", shown(name));
                        self.unreadable += 1;
                        continue;
                    }
                }
            }
            let (file, src) = self.current.as_mut().expect("a source is open");
            match src.next() {
                Some(Ok(r)) => {
                    self.index += 1;
                    return Some(Record {
                        file: file.clone(),
                        line: r.line,
                        index: self.index - 1,
                        echo: r.echo,
                        entry: r.entry,
                        bytes: r.bytes,
                    });
                }
                Some(Err(e)) => {
                    eprintln!("simdoku: {file}: read error: {e}");
                    self.unreadable += 1;
                    self.current = None;
                }
                None => self.current = None,
            }
        }
    }
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
