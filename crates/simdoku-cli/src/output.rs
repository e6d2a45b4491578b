//! Where results go: stdout, or `--output FILE` written to a temporary file beside it and
//! renamed at the end, so that a crash never leaves a half-written result in place. A
//! destination that exists and is not a regular file (`/dev/null`, a pipe, a terminal) is
//! written to directly: renaming over it would replace the device or pipe with a file.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub enum Output {
    Stdout(BufWriter<io::Stdout>),
    File {
        w: BufWriter<Named>,
        tmp: PathBuf,
        dest: PathBuf,
    },
    /// A device or pipe named with `--output`, written in place.
    Special(BufWriter<Named>),
}

/// A file whose write errors name it (as given with `--output`): "simdoku: out.txt: No space
/// left on device", not the bare reason. The kind is kept (a closed pipe still ends quietly).
pub struct Named {
    f: File,
    path: PathBuf,
}

impl Write for Named {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.f.write(buf).map_err(|e| named(&self.path, &e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.f.flush().map_err(|e| named(&self.path, &e))
    }
}

fn named(path: &Path, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

impl Output {
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        match path {
            // `-o -` is stdout, as `-` is stdin among the inputs.
            None => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(dest) if dest == Path::new("-") => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(dest) if fs::metadata(dest).is_ok_and(|m| !m.is_file()) => {
                // An error opening it is named by the caller ("cannot write PATH: ...").
                let f = fs::OpenOptions::new().write(true).open(dest)?;
                let path = dest.to_path_buf();
                Ok(Output::Special(BufWriter::with_capacity(
                    1 << 16,
                    Named { f, path },
                )))
            }
            Some(dest) => {
                let name = dest
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let tmp =
                    dest.with_file_name(format!(".{name}.simdoku-{}.tmp", std::process::id()));
                let f = File::create(&tmp)?;
                let path = dest.to_path_buf();
                Ok(Output::File {
                    w: BufWriter::with_capacity(1 << 16, Named { f, path }),
                    tmp,
                    dest: dest.to_path_buf(),
                })
            }
        }
    }

    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File { w, .. } | Output::Special(w) => w,
        }
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::Special(mut w) => w.flush(),
            Output::File { w, tmp, dest } => {
                let f = w.into_inner().map_err(io::IntoInnerError::into_error)?.f;
                f.sync_all().map_err(|e| named(&dest, &e))?;
                drop(f);
                fs::rename(&tmp, &dest).map_err(|e| named(&dest, &e))
            }
        }
    }

    /// Removes the temporary file after a failure.
    pub fn abandon(self) {
        if let Output::File { w, tmp, .. } = self {
            drop(w);
            let _ = fs::remove_file(tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;

    use super::*;

    #[test]
    fn a_pipe_named_as_output_is_written_in_place_not_replaced() {
        let dir = std::env::temp_dir().join(format!("simdoku-out-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut text = String::new();
                File::open(fifo).unwrap().read_to_string(&mut text).unwrap();
                text
            })
        };
        let mut out = Output::open(Some(&fifo)).unwrap();
        writeln!(out.writer(), "hello").unwrap();
        out.finish().unwrap();
        assert_eq!(reader.join().unwrap(), "hello\n");
        assert!(
            fs::metadata(&fifo).unwrap().file_type().is_fifo(),
            "still a pipe"
        );
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
