//! The batch driver shared by `solve` and `count`: the records of every source run on the
//! library's ordered pipeline (one engine per worker, a panic caught per line), the results
//! written in input order, bad lines reported on stderr as `FILE:LINE: reason`, and a summary.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use simdoku::batch::{Answer, Op, answer, answer_marks};
use simdoku::engines::EngineSpec;
use simdoku::pipeline::Pipeline;
use simdoku::{Engine, Grid};

use crate::input::{Entry, Record, Records};
use crate::progress::Progress;

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

impl From<Answer> for Outcome {
    fn from(a: Answer) -> Outcome {
        match a {
            Answer::Solved(s) => Outcome::Solved(s),
            Answer::None => Outcome::None,
            Answer::Multiple(_) => Outcome::Multiple,
            Answer::Count(n) => Outcome::Count(n),
        }
    }
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

    fn add(&mut self, outcome: &Outcome, guesses: u64) {
        self.guesses += guesses;
        match outcome {
            Outcome::Invalid => self.invalid += 1,
            Outcome::Failed => self.failed += 1,
            _ => {
                self.puzzles += 1;
                match outcome {
                    Outcome::Solved(_) => self.solved += 1,
                    Outcome::Multiple => self.multiple += 1,
                    Outcome::None | Outcome::Count(0) => self.none += 1,
                    Outcome::Count(1) => self.solved += 1,
                    Outcome::Count(_) => self.multiple += 1,
                    Outcome::Invalid | Outcome::Failed => unreachable!(),
                }
            }
        }
    }
}

/// Writes one output line (or block) for a record and its result.
pub type WriteFn = dyn Fn(&mut dyn Write, &Record, &Outcome) -> io::Result<()>;

pub struct Batch<'a> {
    pub spec: &'static EngineSpec,
    pub quiet: bool,
    /// What to do with each puzzle (and pencilmark puzzle).
    pub op: Op,
    /// Writes one output line (or block).
    pub write: &'a WriteFn,
}

impl Batch<'_> {
    /// Runs every source; I/O errors on the output are returned, everything else is tallied.
    pub fn run(&self, sources: &[String], out: &mut dyn Write) -> io::Result<Tally> {
        let start = Instant::now();
        let mut tally = Tally::default();
        let progress = Progress::for_sources(sources, self.quiet);
        let (engine, op) = (self.spec.name, self.op);
        let mut records = Records::new(sources);
        let read = records.by_ref().inspect(|r| {
            if let Entry::Invalid(reason) = &r.entry {
                eprintln!("{}:{}: {reason}", r.file, r.line);
            }
        });
        let stopped = Pipeline::new().run(
            read,
            || self.spec.engine(),
            |e: &mut Box<dyn Engine>, r: &Record| {
                let (a, search) = match &r.entry {
                    Entry::Invalid(_) => return (Outcome::Invalid, 0),
                    Entry::Puzzle(g) => answer(e.as_mut(), g, op),
                    Entry::Pencilmarks(m) => answer_marks(m, op),
                };
                (a.into(), search.guesses)
            },
            |r, result| {
                progress.done(r.bytes);
                let (outcome, guesses) = result.unwrap_or((Outcome::Failed, 0));
                if let Outcome::Failed = outcome {
                    eprintln!(
                        "{}:{}: engine {engine} failed on {} (a bug: please report it)",
                        r.file, r.line, r.echo
                    );
                }
                tally.add(&outcome, guesses);
                match (self.write)(out, &r, &outcome) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => ControlFlow::Break(e),
                }
            },
        );
        if let Some(e) = stopped {
            return Err(e);
        }
        tally.unreadable_sources = records.unreadable;
        out.flush()?;
        progress.finish();
        if !self.quiet {
            summary(&tally, self.spec.name, start.elapsed().as_secs_f64());
        }
        Ok(tally)
    }
}

fn summary(t: &Tally, engine: &str, secs: f64) {
    let n = t.puzzles.max(1) as f64;
    eprintln!(
        "simdoku: {}: {} solved, {} none, {} multiple, {} invalid{} in {:.3} s \
         ({} puzzles/s, {:.2} guesses/puzzle, engine {engine}, {})",
        crate::args::count_of(t.puzzles, "puzzle"),
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
        crate::args::per_second(t.puzzles, secs),
        t.guesses as f64 / n,
        crate::args::threads_used(),
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
        let write = |w: &mut dyn Write, r: &Record, o: &Outcome| writeln!(w, "{} {:?}", r.line, o);
        let batch = Batch {
            spec: &FAULTY,
            quiet: true,
            op: Op::Count(2),
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
