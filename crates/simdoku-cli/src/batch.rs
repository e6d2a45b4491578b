//! The batch driver shared by `solve` and `count`: reads every source in chunks, runs the
//! chunk on the rayon pool (one engine per worker), writes results in input order, reports bad
//! lines on stderr as `FILE:LINE: reason`, and tallies a summary.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use simdoku::engines::EngineSpec;
use simdoku::pipeline::map_chunk;
use simdoku::tools::Pencilmarks;
use simdoku::{Engine, Grid};

use crate::input::{self, Entry};

/// Lines per chunk: large enough to keep every core busy, small enough that memory stays
/// bounded on files of tens of millions of lines.
const CHUNK: usize = 8192;

/// The result for one line.
#[derive(Clone, Copy, Debug)]
pub enum Outcome {
    Solved(Grid),
    /// More than one solution (only when uniqueness was asked).
    Multiple,
    None,
    Count(u64),
    Invalid,
    /// The engine panicked on this puzzle (a bug); reported, never silent.
    Failed,
}

/// One line of work: where it came from, what the output echoes, what it holds.
pub struct Record {
    pub line: u64,
    pub echo: String,
    pub entry: Entry,
}

#[derive(Default, Debug)]
pub struct Tally {
    pub puzzles: u64,
    pub solved: u64,
    pub none: u64,
    pub multiple: u64,
    pub invalid: u64,
    pub failed: u64,
    pub guesses: u64,
    pub unreadable_sources: u64,
}

impl Tally {
    pub fn ok(&self) -> bool {
        self.invalid == 0 && self.failed == 0 && self.unreadable_sources == 0
    }
}

/// Writes one output line (or block): the source as errors name it, the line, its result.
pub type WriteFn = dyn Fn(&mut dyn Write, &str, &Record, &Outcome) -> io::Result<()>;

/// The work on one pencilmark line.
pub type MarksWork = dyn Fn(&Pencilmarks) -> (Outcome, u64) + Sync;

pub struct Batch<'a> {
    pub spec: &'static EngineSpec,
    pub quiet: bool,
    /// Solves (or counts) one puzzle: the outcome and the guesses it took.
    pub work: &'a (dyn Fn(&mut dyn Engine, &Grid) -> (Outcome, u64) + Sync),
    /// Solves (or counts) one pencilmark puzzle; `None`: such lines are invalid here.
    pub marks: Option<&'a MarksWork>,
    /// Writes one output line (or block).
    pub write: &'a WriteFn,
}

impl Batch<'_> {
    /// Runs every source; I/O errors on the output are returned, everything else is tallied.
    pub fn run(&self, sources: &[String], out: &mut dyn Write) -> io::Result<Tally> {
        let start = Instant::now();
        let mut tally = Tally::default();
        let progress = self.progress_bar(sources);
        let mut chunk: Vec<Record> = Vec::with_capacity(CHUNK);
        for name in sources {
            let mut src = match input::open(name) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("simdoku: {name}: {e}");
                    tally.unreadable_sources += 1;
                    continue;
                }
            };
            let shown = if name == "-" {
                "<stdin>"
            } else {
                name.as_str()
            };
            loop {
                let line = match src.reader.next_line() {
                    Ok(Some(l)) => l,
                    Ok(None) => break,
                    Err(e) => {
                        eprintln!("simdoku: {shown}: read error: {e}");
                        tally.unreadable_sources += 1;
                        break;
                    }
                };
                let Some(entry) = input::classify(&line) else {
                    continue;
                };
                let entry = match entry {
                    Entry::Pencilmarks(_) if self.marks.is_none() => {
                        Entry::Invalid("pencilmark lines are not read by this command".to_string())
                    }
                    e => e,
                };
                if let Entry::Invalid(reason) = &entry {
                    eprintln!("{shown}:{}: {reason}", line.number);
                }
                let echo = input::echo_field(line.bytes);
                chunk.push(Record {
                    line: line.number,
                    echo,
                    entry,
                });
                if chunk.len() == CHUNK {
                    self.flush(&mut chunk, shown, &mut tally, out)?;
                    if let Some(p) = &progress {
                        p.set_position(src.reader.bytes_read);
                    }
                }
            }
            self.flush(&mut chunk, shown, &mut tally, out)?;
            if let (Some(p), Some(len)) = (&progress, src.len) {
                p.inc(len.saturating_sub(p.position()));
            }
        }
        out.flush()?;
        if let Some(p) = progress {
            p.finish_and_clear();
        }
        if !self.quiet {
            summary(&tally, self.spec.name, start.elapsed().as_secs_f64());
        }
        Ok(tally)
    }

    fn flush(
        &self,
        chunk: &mut Vec<Record>,
        source: &str,
        tally: &mut Tally,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let engine = self.spec.name;
        let (work, marks) = (self.work, self.marks);
        // The library's ordered pipeline: one engine per worker, a panic (a bug) caught as
        // that line's result and the worker's engine made anew.
        let results: Vec<(Outcome, u64)> = map_chunk(
            chunk,
            &|| self.spec.engine(),
            &|e: &mut Box<dyn Engine>, r: &Record| match &r.entry {
                Entry::Invalid(_) => (Outcome::Invalid, 0),
                Entry::Puzzle(g) => work(e.as_mut(), g),
                Entry::Pencilmarks(m) => match marks {
                    Some(f) => f(m),
                    None => (Outcome::Invalid, 0),
                },
            },
        )
        .into_iter()
        .map(|r| r.unwrap_or((Outcome::Failed, 0)))
        .collect();
        for (r, (outcome, guesses)) in chunk.iter().zip(&results) {
            tally.guesses += guesses;
            match outcome {
                Outcome::Invalid => tally.invalid += 1,
                Outcome::Failed => {
                    tally.failed += 1;
                    eprintln!(
                        "{source}:{}: engine {engine} failed on {} (a bug: please report it)",
                        r.line, r.echo
                    );
                }
                _ => {
                    tally.puzzles += 1;
                    match outcome {
                        Outcome::Solved(_) => tally.solved += 1,
                        Outcome::Multiple => tally.multiple += 1,
                        Outcome::None | Outcome::Count(0) => tally.none += 1,
                        Outcome::Count(1) => tally.solved += 1,
                        Outcome::Count(_) => tally.multiple += 1,
                        Outcome::Invalid | Outcome::Failed => unreachable!(),
                    }
                }
            }
            (self.write)(out, source, r, outcome)?;
        }
        chunk.clear();
        Ok(())
    }

    fn progress_bar(&self, sources: &[String]) -> Option<ProgressBar> {
        if self.quiet || !io::stderr().is_terminal() {
            return None;
        }
        let total: u64 = sources
            .iter()
            .filter(|s| *s != "-")
            .filter_map(|s| std::fs::metadata(s).ok())
            .map(|m| m.len())
            .sum();
        // About a second of work at the slowest engines' pace.
        if total < 4 << 20 {
            return None;
        }
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {elapsed} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Some(bar)
    }
}

fn summary(t: &Tally, engine: &str, secs: f64) {
    let n = t.puzzles.max(1) as f64;
    eprintln!(
        "simdoku: {} puzzles: {} solved, {} none, {} multiple, {} invalid{} in {:.3} s \
         ({:.0} puzzles/s, {:.2} guesses/puzzle, engine {engine}, {} threads)",
        t.puzzles,
        t.solved,
        t.none,
        t.multiple,
        t.invalid,
        if t.failed > 0 {
            format!(", {} FAILED", t.failed)
        } else {
            String::new()
        },
        secs,
        t.puzzles as f64 / secs.max(1e-9),
        t.guesses as f64 / n,
        rayon::current_num_threads(),
    );
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use simdoku::Search;

    use super::*;

    /// An engine with a bug: it panics on puzzles whose first cell is 9.
    struct Faulty;

    impl Engine for Faulty {
        fn name(&self) -> &'static str {
            "faulty"
        }
        fn count(&mut self, g: &Grid, _: u64) -> Search {
            assert!(g.get(0) != 9, "boom");
            Search {
                solutions: 1,
                guesses: 0,
            }
        }
        fn visit(&mut self, g: &Grid, _: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
            self.count(g, 1)
        }
    }

    static FAULTY: EngineSpec = EngineSpec {
        name: "faulty",
        summary: "test engine",
        features: &[],
        make: || Some(Box::new(Faulty)),
    };

    #[test]
    fn a_panicking_engine_is_reported_and_the_batch_goes_on() {
        let path = std::env::temp_dir().join(format!("simdoku-batch-{}.txt", std::process::id()));
        let ok = ".".repeat(81);
        let bad = format!("9{}", ".".repeat(80));
        std::fs::write(&path, format!("{ok}\n{bad}\n{ok}\n")).unwrap();
        let work = |e: &mut dyn Engine, g: &Grid| (Outcome::Count(e.count(g, 2).solutions), 0);
        let write =
            |w: &mut dyn Write, _: &str, r: &Record, o: &Outcome| writeln!(w, "{} {:?}", r.line, o);
        let batch = Batch {
            spec: &FAULTY,
            quiet: true,
            work: &work,
            marks: None,
            write: &write,
        };
        let mut out = Vec::new();
        let tally = batch
            .run(&[path.to_string_lossy().into_owned()], &mut out)
            .unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!((tally.failed, tally.puzzles), (1, 2));
        assert!(!tally.ok(), "a failure makes the exit status non-zero");
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "1 Count(1)\n2 Failed\n3 Count(1)\n");
    }
}
