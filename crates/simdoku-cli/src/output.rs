//! Where results go: stdout, or `--output FILE` written to a temporary file beside it and
//! renamed at the end, so that a crash never leaves a half-written result in place.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub enum Output {
    Stdout(BufWriter<io::Stdout>),
    File {
        w: BufWriter<File>,
        tmp: PathBuf,
        dest: PathBuf,
    },
}

impl Output {
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        match path {
            None => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(dest) => {
                let name = dest
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let tmp =
                    dest.with_file_name(format!(".{name}.simdoku-{}.tmp", std::process::id()));
                let f = File::create(&tmp)?;
                Ok(Output::File {
                    w: BufWriter::with_capacity(1 << 16, f),
                    tmp,
                    dest: dest.to_path_buf(),
                })
            }
        }
    }

    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File { w, .. } => w,
        }
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::File { w, tmp, dest } => {
                let f = w.into_inner().map_err(io::IntoInnerError::into_error)?;
                f.sync_all()?;
                drop(f);
                fs::rename(&tmp, &dest)
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
