//! Cross-checking engines against each other: solvability, solution counts up to a limit, the
//! solution itself where it is unique, and every found solution checked by the rules.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use simdoku_core::rules::check_solution;
use simdoku_core::{Engine, Grid};

use crate::EngineSpec;
use crate::pipeline::Pipeline;

/// One engine's answer on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Answer {
    count: u64,
    solution: Option<Grid>,
}

/// A disagreement (or a solution that breaks the rules).
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Index of the puzzle in the input.
    pub puzzle_index: usize,
    /// The puzzle.
    pub puzzle: Grid,
    /// The engine that disagreed.
    pub engine: &'static str,
    /// What was wrong.
    pub reason: String,
}

/// Per-engine figures.
#[derive(Clone, Debug, Default)]
pub struct EngineReport {
    /// The engine.
    pub name: &'static str,
    /// Puzzles checked.
    pub puzzles: usize,
    /// Puzzles where it agreed with the reference.
    pub agreements: usize,
    /// Puzzles where it did not.
    pub mismatches: usize,
    /// Time spent in this engine, summed over threads.
    pub time: Duration,
}

#[derive(Clone, Debug, Default)]
/// What a cross-check found.
pub struct Report {
    /// One line per engine.
    pub engines: Vec<EngineReport>,
    /// Every disagreement.
    pub mismatches: Vec<Mismatch>,
}

impl Report {
    /// True when every engine agreed on every puzzle.
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }
}

fn answer(e: &mut dyn Engine, p: &Grid, limit: u64) -> Answer {
    let count = e.count(p, limit).solutions;
    let solution = e.solve(p).0;
    Answer { count, solution }
}

/// Runs every engine in `specs` on every puzzle; the first engine is the reference.
pub fn cross_check(puzzles: &[Grid], specs: &[&'static EngineSpec], limit: u64) -> Report {
    cross_check_with_progress(puzzles, specs, limit, &|_| {})
}

/// [`cross_check`] on the ordered pipeline, telling `progress` the number of puzzles done
/// after each chunk. A panic of an engine (a bug) is that puzzle's mismatch for every engine
/// (the run goes on with new engines).
pub fn cross_check_with_progress(
    puzzles: &[Grid],
    specs: &[&'static EngineSpec],
    limit: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let limit = limit.max(1);
    let mut report = Report {
        engines: specs
            .iter()
            .map(|s| EngineReport {
                name: s.name,
                ..Default::default()
            })
            .collect(),
        mismatches: Vec::new(),
    };
    Pipeline::new().progress(progress).run(
        puzzles.iter().enumerate(),
        || specs.iter().map(|s| s.engine()).collect::<Vec<_>>(),
        |engines, &(_, p)| -> Vec<(Answer, Duration)> {
            engines
                .iter_mut()
                .map(|e| {
                    let t = Instant::now();
                    let a = answer(e.as_mut(), p, limit);
                    (a, t.elapsed())
                })
                .collect()
        },
        |(i, p), answers| {
            match answers {
                Ok(answers) => compare(&mut report, specs, i, p, &answers),
                Err(panicked) => {
                    for (k, r) in report.engines.iter_mut().enumerate() {
                        r.puzzles += 1;
                        r.mismatches += 1;
                        report.mismatches.push(Mismatch {
                            puzzle_index: i,
                            puzzle: *p,
                            engine: specs[k].name,
                            reason: format!("an engine {panicked}"),
                        });
                    }
                }
            }
            ControlFlow::<()>::Continue(())
        },
    );
    report
}

/// Adds one puzzle's answers (one per engine, the first the reference) to `report`.
fn compare(
    report: &mut Report,
    specs: &[&'static EngineSpec],
    i: usize,
    p: &Grid,
    answers: &[(Answer, Duration)],
) {
    let reference = answers[0].0;
    for (k, (a, time)) in answers.iter().enumerate() {
        let r = &mut report.engines[k];
        r.puzzles += 1;
        r.time += *time;
        let problem = if let Some(s) = a.solution
            && let Err(v) = check_solution(p, &s)
        {
            Some(format!("invalid solution {s}: {v}"))
        } else if a.solution.is_some() != (a.count > 0) {
            Some(format!(
                "solve says {}, count says {}",
                a.solution.is_some(),
                a.count
            ))
        } else if a.count != reference.count {
            Some(format!(
                "count {} but {} counts {}",
                a.count, specs[0].name, reference.count
            ))
        } else if a.count == 1 && a.solution != reference.solution {
            Some(format!("unique solution differs from {}'s", specs[0].name))
        } else {
            None
        };
        match problem {
            Some(reason) => {
                report.engines[k].mismatches += 1;
                report.mismatches.push(Mismatch {
                    puzzle_index: i,
                    puzzle: *p,
                    engine: specs[k].name,
                    reason,
                });
            }
            None => report.engines[k].agreements += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ENGINES;
    use simdoku_core::testkit::{Rng, bench_slice, remove_cells};

    fn all_available() -> Vec<&'static EngineSpec> {
        ENGINES.iter().filter(|e| e.available()).collect()
    }

    #[test]
    fn engines_agree_on_a_slice_of_every_bundled_set() {
        let specs = all_available();
        for (set, n) in [
            ("top95", 95),
            ("hardest11", 11),
            ("17_clue", 400),
            ("magictour_top1465", 200),
            ("forum_hardest_1106", 100),
            ("serg_benchmark", 400),
        ] {
            let puzzles = bench_slice(set, n);
            let report = cross_check(&puzzles, &specs, 2);
            assert!(
                report.ok(),
                "{set}: {:?}",
                &report.mismatches[..report.mismatches.len().min(5)]
            );
            assert!(report.engines.iter().all(|e| e.agreements == puzzles.len()));
        }
    }

    #[test]
    fn engines_agree_on_random_and_contradictory_grids() {
        let specs = all_available();
        let mut rng = Rng::new(2024);
        let solved: Vec<Grid> = bench_slice("17_clue", 20)
            .iter()
            .map(|p| specs[0].engine().solve(p).0.unwrap())
            .collect();
        let mut puzzles = Vec::new();
        for s in &solved {
            for keep in [81, 60, 40, 30, 25, 22, 20, 17, 12, 5, 0] {
                puzzles.push(remove_cells(s, keep, &mut rng));
            }
            // Contradictory or unsolvable: change a few givens at random.
            for _ in 0..4 {
                let mut g = remove_cells(s, 30, &mut rng);
                for _ in 0..3 {
                    g.set(rng.below(81), 1 + rng.below(9) as u8);
                }
                puzzles.push(g);
            }
        }
        let report = cross_check(&puzzles, &specs, 50);
        assert!(
            report.ok(),
            "{:?}",
            &report.mismatches[..report.mismatches.len().min(5)]
        );
    }

    /// The scalar engine with a bug: one solution too many for grids whose last cell is empty.
    struct OffByOne(simdoku_core::scalar::Scalar);

    impl Engine for OffByOne {
        fn name(&self) -> &'static str {
            "off-by-one"
        }
        fn count(&mut self, g: &Grid, limit: u64) -> simdoku_core::Search {
            let mut s = self.0.count(g, limit);
            s.solutions += u64::from(g.get(80) == 0);
            s
        }
        fn visit(
            &mut self,
            g: &Grid,
            v: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
        ) -> simdoku_core::Search {
            self.0.visit(g, v)
        }
    }

    static OFF_BY_ONE: EngineSpec = EngineSpec {
        name: "off-by-one",
        summary: "test engine",
        features: &[],
        make: || Some(Box::new(OffByOne(simdoku_core::scalar::Scalar::new()))),
    };

    #[test]
    fn chunks_add_up_to_one_report_with_the_puzzles_own_indices_and_progress() {
        use crate::pipeline::CHUNK;
        use std::sync::atomic::{AtomicU64, Ordering};
        let solved: Grid = simdoku_core::testkit::SOLUTION.parse().unwrap();
        let mut cells = *solved.cells();
        cells[80] = 0;
        let holed = Grid::from_cells(cells).unwrap();
        let n = 2 * CHUNK + 100;
        let bad = [3, CHUNK + 7, 2 * CHUNK + 99];
        let puzzles: Vec<Grid> = (0..n)
            .map(|i| if bad.contains(&i) { holed } else { solved })
            .collect();
        let scalar = crate::by_name("scalar").unwrap();
        let specs = [scalar, &OFF_BY_ONE];
        let told = AtomicU64::new(0);
        let ticks = AtomicU64::new(0);
        let progress = |done: u64| {
            told.store(done, Ordering::Relaxed);
            ticks.fetch_add(1, Ordering::Relaxed);
        };
        let report = cross_check_with_progress(&puzzles, &specs, 2, &progress);
        assert_eq!(told.load(Ordering::Relaxed), n as u64);
        assert_eq!(ticks.load(Ordering::Relaxed), 3, "once a chunk");
        let indices: Vec<usize> = report.mismatches.iter().map(|m| m.puzzle_index).collect();
        assert_eq!(indices, bad);
        assert!(report.mismatches.iter().all(|m| m.puzzle == holed));
        assert_eq!(report.engines[1].mismatches, 3);
        assert_eq!(report.engines[0].agreements, n);
    }

    /// An engine that panics on every puzzle.
    struct Broken;

    impl Engine for Broken {
        fn name(&self) -> &'static str {
            "broken"
        }
        fn count(&mut self, _: &Grid, _: u64) -> simdoku_core::Search {
            panic!("boom")
        }
        fn visit(
            &mut self,
            _: &Grid,
            _: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
        ) -> simdoku_core::Search {
            panic!("boom")
        }
    }

    static BROKEN: EngineSpec = EngineSpec {
        name: "broken",
        summary: "test engine",
        features: &[],
        make: || Some(Box::new(Broken)),
    };

    #[test]
    fn a_panicking_engine_is_a_mismatch_not_a_crash() {
        let puzzles = bench_slice("top95", 3);
        let report = cross_check(&puzzles, &[crate::by_name("scalar").unwrap(), &BROKEN], 2);
        assert!(!report.ok());
        assert_eq!(report.engines[1].mismatches, 3);
        assert!(report.mismatches[0].reason.contains("panicked: boom"));
    }
}
