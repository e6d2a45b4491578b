//! Where results go: stdout, or `--output FILE` written to a temporary file beside it and
//! renamed at the end, so that a crash never leaves a half-written result in place. A
//! destination that exists and is not a regular file (`/dev/null`, a pipe, a terminal) is
//! written to directly: renaming over it would replace the device or pipe with a file. A
//! symbolic link is followed: the file it names is replaced and the link kept, and a link into
//! `/proc` (`/dev/stdout`, `/dev/fd/1`: the file that stdout already has open) is written in
//! place, as a shell's `>>` may be appending to that file.

use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
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

/// `e` with `path` before its message (`PATH: No space left on device`).
pub(crate) fn named(path: &Path, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Whether `path` is a symbolic link.
fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Whether `path` is a link that leads through `/proc` (`/dev/stdout` is `/proc/self/fd/1`,
/// `/dev/fd/1` too): it names a file this process already has open.
fn leads_through_proc(path: &Path) -> bool {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        if p.starts_with("/proc") {
            return true;
        }
        if !is_link(&p) {
            return false;
        }
        let Ok(target) = fs::read_link(&p) else {
            return false;
        };
        p = match p.parent() {
            Some(dir) => dir.join(target),
            None => target,
        };
    }
    false
}

impl Output {
    /// Stdout (`None` or `-`), or the file `path`.
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        let Some(dest) = path.filter(|&p| p != Path::new("-")) else {
            // `-o -` is stdout, as `-` is stdin among the inputs.
            if io::stdout().is_terminal() {
                crate::progress::results_on_terminal();
            }
            return Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            )));
        };
        let path = dest.to_path_buf();
        let special = fs::metadata(dest).is_ok_and(|m| !m.is_file());
        // `/dev/stdout` where stdout is a file: appended to, as the shell may have opened it
        // with `>>` (with `>` it is empty); replacing it would also replace the link.
        let open_file = leads_through_proc(dest);
        if special || open_file {
            // An error opening it is named by the caller ("cannot write PATH: ...").
            let f = fs::OpenOptions::new()
                .write(true)
                .append(open_file && !special)
                .open(dest)?;
            return Ok(Output::Special(BufWriter::with_capacity(
                1 << 16,
                Named { f, path },
            )));
        }
        // A link: the file it names is replaced (renaming onto the link would replace the link).
        let real = if is_link(dest) {
            let Ok(real) = fs::canonicalize(dest) else {
                // A link to nothing yet: made through the link, in place.
                let f = File::create(dest)?;
                return Ok(Output::Special(BufWriter::with_capacity(
                    1 << 16,
                    Named { f, path },
                )));
            };
            real
        } else {
            path.clone()
        };
        let name = real
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = real.with_file_name(format!(".{name}.simdoku-{}.tmp", std::process::id()));
        let f = File::create(&tmp)?;
        Ok(Output::File {
            w: BufWriter::with_capacity(1 << 16, Named { f, path }),
            tmp,
            dest: real,
        })
    }

    /// The writer results go to.
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
