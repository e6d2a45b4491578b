//! Progress bars for the runs that can be long. They go to stderr, only when stderr is a
//! terminal and `-q` was not given: never into a pipe, a file or a test's output. Nor when the
//! results themselves go to stdout on a terminal: the bar, drawn on the same screen, had the
//! results' lines written after it (the first glued to the bar) and was left among them.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting input bytes (when every input is a file of known size) or items; hidden when
/// there is nobody to see it. Cheap to update from many threads.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    bytes: bool,
}

/// Set when results go to stdout and stdout is a terminal ([`results_on_terminal`]).
static RESULTS_ON_TERMINAL: AtomicBool = AtomicBool::new(false);

/// Tells the bars made from now on that results are written to stdout, a terminal: none is
/// shown (the lines appearing are the progress there).
pub fn results_on_terminal() {
    RESULTS_ON_TERMINAL.store(true, Ordering::Relaxed);
}

fn shown(quiet: bool) -> bool {
    !quiet && io::stderr().is_terminal() && !RESULTS_ON_TERMINAL.load(Ordering::Relaxed)
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl Progress {
    /// For a run over the inputs `sources` (`-` is stdin): a bar over their bytes, or a
    /// counter of puzzles when one is stdin.
    pub fn for_sources(sources: &[String], quiet: bool) -> Progress {
        if !shown(quiet) {
            return Progress {
                bar: None,
                bytes: false,
            };
        }
        let sizes: Option<Vec<u64>> = sources
            .iter()
            .map(|s| {
                (s != "-")
                    .then(|| std::fs::metadata(s).ok().map(|m| m.len()))
                    .flatten()
            })
            .collect();
        match sizes {
            Some(sizes) => {
                let bar = ProgressBar::new(sizes.iter().sum());
                bar.set_style(style("{bar:40} {bytes}/{total_bytes} {elapsed} eta {eta}"));
                Progress {
                    bar: Some(bar),
                    bytes: true,
                }
            }
            None => Progress::counter("puzzles", quiet),
        }
    }

    /// A bar over `total` items (`what`: their name).
    pub fn items(total: u64, what: &str, quiet: bool) -> Progress {
        let bar = shown(quiet).then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(style(&format!(
                "{{bar:40}} {{pos}}/{{len}} {what} {{elapsed}} eta {{eta}}"
            )));
            bar
        });
        Progress { bar, bytes: false }
    }

    /// A counter of items of unknown total, with a spinner.
    pub fn counter(what: &str, quiet: bool) -> Progress {
        let bar = shown(quiet).then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(style(&format!("{{spinner}} {{pos}} {what} {{elapsed}}")));
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        });
        Progress { bar, bytes: false }
    }

    /// Sets the number of items in all (for a bar made before it was known).
    pub fn set_total(&self, total: u64) {
        if let Some(b) = &self.bar {
            b.set_length(total);
        }
    }

    /// Whether there is a bar to show (stderr a terminal, no -q).
    pub fn shown(&self) -> bool {
        self.bar.is_some()
    }

    /// Runs `f` (a write to stderr) with the bar cleared, then draws it again below what `f`
    /// wrote: a message never lands on the bar's line.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Whether the bar counts input bytes (else items).
    pub fn counts_bytes(&self) -> bool {
        self.bytes
    }

    /// `n` items done in all (a bar over items only).
    pub fn set_position(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.set_position(n);
        }
    }

    /// One item done; `bytes`: its size in the input (its line and newline).
    pub fn done(&self, bytes: u64) {
        if let Some(b) = &self.bar {
            b.inc(if self.bytes { bytes } else { 1 });
        }
    }

    /// Removes the bar, before the summary is written.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
