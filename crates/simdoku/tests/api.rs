//! The facade against the engines: the lazy iterator finds exactly the solutions the engines
//! count, the batch keeps order and per-item errors, serde round-trips.

use std::collections::HashSet;

use simdoku::{Grid, GridExt, Rng, Solution, rules};
use simdoku_core::testkit::{bench_slice, remove_cells};

#[test]
fn the_lazy_iterator_agrees_with_every_engine() {
    let mut rng = Rng::new(5);
    for (i, p) in bench_slice("top95", 12).iter().enumerate() {
        let solved = simdoku::solve(p).expect("top95 puzzles are solvable");
        // Fewer givens: tens to thousands of solutions.
        let open = remove_cells(&solved, 26 + i % 4, &mut rng);
        let found: Vec<Grid> = open.solutions().collect();
        let distinct: HashSet<Grid> = found.iter().copied().collect();
        assert_eq!(distinct.len(), found.len(), "no solution twice");
        for s in &found {
            rules::check_solution(&open, s).unwrap();
        }
        for spec in simdoku::engines::ENGINES.iter().filter(|e| e.available()) {
            let n = simdoku::Solver::from_spec(spec).count(&open, u64::MAX);
            assert_eq!(n, found.len() as u64, "{} on {open}", spec.name);
        }
        assert_eq!(simdoku::count(&open, u64::MAX), found.len() as u64);
    }
    let mut clash = Grid::EMPTY;
    clash.set(0, 5);
    clash.set(1, 5);
    assert_eq!(simdoku::solutions(&clash).count(), 0);
    let full = simdoku::solve(&Grid::EMPTY).unwrap();
    assert_eq!(simdoku::solutions(&full).collect::<Vec<_>>(), vec![full]);
}

#[test]
fn unique_answers_tell_the_three_cases_apart() {
    let p = bench_slice("top95", 1)[0];
    let s = simdoku::solve(&p).unwrap();
    assert_eq!(simdoku::solve_unique(&p), Solution::Unique(s));
    assert_eq!(simdoku::solve_unique(&Grid::EMPTY), Solution::Multiple);
    let mut clash = p;
    let (a, b) = (0..81)
        .flat_map(|i| (0..81).map(move |j| (i, j)))
        .find(|&(i, j)| i / 9 == j / 9 && i != j && p.get(i) == 0 && p.get(j) != 0)
        .unwrap();
    clash.set(a, p.get(b));
    assert_eq!(simdoku::solve_unique(&clash), Solution::None);
    assert_eq!(Solution::None.to_string(), "none");
    assert_eq!(Solution::Unique(s).to_string(), s.to_string());
}

#[test]
fn batches_keep_order_and_report_bad_lines_in_place() {
    let puzzles = bench_slice("top95", 40);
    let mut lines: Vec<String> = puzzles.iter().map(ToString::to_string).collect();
    lines.insert(7, "x".repeat(81));
    let out = simdoku::batch::solve_lines(&lines);
    assert_eq!(out.len(), 41);
    assert!(
        out[7]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("column 1")
    );
    for (k, p) in puzzles.iter().enumerate() {
        let at = if k < 7 { k } else { k + 1 };
        let s = out[at].as_ref().unwrap().unwrap();
        rules::check_solution(p, &s).unwrap();
    }
    let counts = simdoku::batch::count(&puzzles, 2);
    assert!(counts.iter().all(|c| *c == Ok(1)));
    let uniq = simdoku::batch::solve_unique(&[Grid::EMPTY, puzzles[0]]);
    assert_eq!(uniq[0], Ok(Solution::Multiple));
}

#[cfg(feature = "serde")]
#[test]
fn grids_and_pencilmarks_serialize_as_their_lines() {
    let p = bench_slice("top95", 1)[0];
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{p}\""));
    assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Grid>("\"12\"").is_err());
    let marks = simdoku::Pencilmarks::from_grid(&p);
    let json = serde_json::to_string(&marks).unwrap();
    assert_eq!(json.len(), 729 + 2);
    assert_eq!(
        serde_json::from_str::<simdoku::Pencilmarks>(&json).unwrap(),
        marks
    );
}
