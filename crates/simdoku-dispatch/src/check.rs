//! Cross-checking engines against each other: solvability, solution counts up to a limit, the
//! solution itself where it is unique, and every found solution checked by the rules.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use simdoku_core::rules::check_solution;
use simdoku_core::{Engine, Grid};

use crate::EngineSpec;

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
    let limit = limit.max(1);
    type PerPuzzle = Vec<(Answer, Duration)>;
    let per_puzzle: Vec<PerPuzzle> = puzzles
        .par_iter()
        .map_init(
            || specs.iter().map(|s| s.engine()).collect::<Vec<_>>(),
            |engines, p| {
                engines
                    .iter_mut()
                    .map(|e| {
                        let t = Instant::now();
                        let a = answer(e.as_mut(), p, limit);
                        (a, t.elapsed())
                    })
                    .collect()
            },
        )
        .collect();

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
    for (i, (p, answers)) in puzzles.iter().zip(&per_puzzle).enumerate() {
        let reference = answers[0].0;
        for (k, (a, time)) in answers.iter().enumerate() {
            let r = &mut report.engines[k];
            r.puzzles += 1;
            r.time += *time;
            let mut fail = |reason: String| {
                report.mismatches.push(Mismatch {
                    puzzle_index: i,
                    puzzle: *p,
                    engine: specs[k].name,
                    reason,
                });
            };
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
                    fail(reason);
                }
                None => report.engines[k].agreements += 1,
            }
        }
    }
    report
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
}
