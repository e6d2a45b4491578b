//! End-to-end tests of the puzzle tools: solutions, generate, minimize, rate, canon, and
//! pencilmark input.

use std::collections::HashSet;
use std::fmt::Write as _;

use simdoku::engines::Scalar;
use simdoku::rules::check_solution;
use simdoku::tools::{Pencilmarks, Rng, Symmetry, canonical};
use simdoku::{Engine, Grid};
use simdoku_core::testkit::{SOLUTION, TWO_SOLUTIONS, bench_data_dir, bench_set, reference_count};

mod common;
use common::{simdoku, text};

/// One item a line.
fn joined<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items.into_iter().fold(String::new(), |mut s, x| {
        let _ = writeln!(s, "{x}");
        s
    })
}

fn grids(stdout: &[u8]) -> Vec<Grid> {
    text(stdout)
        .lines()
        .map(|l| Grid::parse(l.split(',').next().unwrap()).unwrap())
        .collect()
}

#[test]
fn solutions_prints_each_distinct_solution_under_its_puzzle() {
    // Random holes in a solved grid: counts known from the reference counter.
    let sol = Grid::parse(SOLUTION).unwrap();
    let mut rng = simdoku_core::testkit::Rng::new(3);
    let puzzles: Vec<Grid> = (0..4)
        .map(|_| simdoku_core::testkit::remove_cells(&sol, 26, &mut rng))
        .chain([Grid::parse(TWO_SOLUTIONS).unwrap()])
        .collect();
    let input = joined(&puzzles);
    let out = simdoku(&["solutions", "-q"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut blocks = stdout.split("# ").skip(1);
    for p in &puzzles {
        let block = blocks.next().unwrap();
        let mut lines = block.lines();
        assert_eq!(lines.next().unwrap(), p.to_string());
        let found: Vec<Grid> = lines.map(|l| Grid::parse(l).unwrap()).collect();
        let distinct: HashSet<Grid> = found.iter().copied().collect();
        assert_eq!(distinct.len(), found.len(), "distinct");
        assert_eq!(found.len() as u64, reference_count(p, 100_000), "{p}");
        for s in &found {
            check_solution(p, s).unwrap();
        }
    }
    let out = simdoku(
        &["solutions", "-q", "--max", "7"],
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_eq!(text(&out.stdout).lines().count(), 8);
    // --max 0 printed each puzzle with no solution and exit 0, while count --limit 0 is a
    // usage error: both are now, with the same status.
    let empty = format!("{}\n", ".".repeat(81));
    for args in [&["solutions", "--max", "0"][..], &["count", "--limit", "0"]] {
        let out = simdoku(args, empty.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains("0 is not in 1.."),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn solutions_of_the_empty_grid_stop_at_a_closed_pipe() {
    let empty = format!("{}\n", ".".repeat(81));
    let out = common::close_pipe_after(&["solutions", "-"], empty.as_bytes(), 1000);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn generate_is_unique_minimal_and_repeatable() {
    let args = ["generate", "-q", "-n", "12", "--seed", "5", "--minimal"];
    let out = simdoku(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let puzzles = grids(&out.stdout);
    assert_eq!(puzzles.len(), 12);
    let mut e = Scalar::new();
    for p in &puzzles {
        assert_eq!(e.count(p, 2).solutions, 1, "{p}");
        for c in (0..81).filter(|&c| p.get(c) != 0) {
            let mut q = *p;
            q.set(c, 0);
            assert_eq!(e.count(&q, 2).solutions, 2, "{p}: clue {c} is needed");
        }
    }
    let one_thread = simdoku(&[&args[..], &["-j", "1"]].concat(), b"");
    assert_eq!(one_thread.stdout, out.stdout, "same seed, same output");
    let other = simdoku(&["generate", "-q", "-n", "12", "--seed", "6"], b"");
    assert_ne!(other.stdout, out.stdout);

    let out = simdoku(
        &[
            "generate",
            "-q",
            "-n",
            "5",
            "--clues",
            "32",
            "--symmetry",
            "rot180",
            "--with-solution",
        ],
        b"",
    );
    for line in text(&out.stdout).lines() {
        let (p, s) = line.split_once(',').unwrap();
        let (p, s) = (Grid::parse(p).unwrap(), Grid::parse(s).unwrap());
        check_solution(&p, &s).unwrap();
        assert_eq!(e.count(&p, 2).solutions, 1);
        assert!(p.givens() <= 33, "{p}");
        assert!(
            (0..81).all(|c| (p.get(c) == 0) == (p.get(80 - c) == 0)),
            "{p}"
        );
    }
}

#[test]
fn clues_below_seventeen_are_a_usage_error_and_a_stop_above_is_said() {
    // No puzzle with fewer than 17 clues has one solution: `--clues 5` made ~25-clue puzzles
    // and said nothing.
    for k in ["1", "5", "16"] {
        let out = simdoku(&["generate", "--seed", "1", "--clues", k], b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{k}: {stderr}");
        assert!(stderr.contains("fewer than 17 clues"), "{k}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    // A full grid has nothing to rate: no band takes it (it ran out of --attempts to say so).
    for rated in [&["--level", "easy"][..], &["--se", "1.0..9.4"]] {
        let mut args = vec!["generate", "--seed", "1", "--clues", "81"];
        args.extend_from_slice(rated);
        let out = simdoku(&args, b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{rated:?}: {stderr}");
        assert!(stderr.contains("--clues 81 is a full grid"), "{stderr}");
        assert!(
            stderr.contains("no --se band or --level takes it"),
            "{stderr}"
        );
    }
    // 17 and up are asked for; puzzles that stop above at a minimal one are counted, -q or not.
    let out = simdoku(
        &["generate", "-q", "-n", "3", "--seed", "1", "--clues", "17"],
        b"",
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).lines().count(), 3);
    assert!(
        text(&out.stderr).contains("3 of 3 puzzles stopped above --clues 17, at a minimal"),
        "{}",
        text(&out.stderr)
    );
    // With a symmetry clues leave in groups: the puzzles that stop are seldom minimal (rot90,
    // seed 5, --clues 25: none of 40 was), and the message said "at a minimal puzzle".
    let out = simdoku(
        &[
            "generate", "-q", "-n", "4", "--seed", "5", "-s", "rot90", "--clues", "25",
        ],
        b"",
    );
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("4 of 4 puzzles stopped above --clues 25, where no symmetric group"),
        "{stderr}"
    );
    assert!(!stderr.contains("minimal puzzle"), "{stderr}");
    // Reached: nothing to say.
    let out = simdoku(
        &["generate", "-q", "-n", "3", "--seed", "1", "--clues", "40"],
        b"",
    );
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn minimize_rate_and_canon() {
    let top = bench_data_dir().join("top95.txt");
    let top = top.to_str().unwrap();
    let set = bench_set("top95");
    let out = simdoku(&["minimize", "-q", top], b"");
    assert!(out.status.success());
    let mut e = Scalar::new();
    let lines = text(&out.stdout);
    assert_eq!(lines.lines().count(), set.len());
    for (line, p) in lines.lines().zip(&set).take(20) {
        let (echo, m) = line.split_once(',').unwrap();
        assert_eq!(echo, p.to_string());
        let m = Grid::parse(m).unwrap();
        assert_eq!(e.solve(&m).0, e.solve(p).0);
        assert!((0..81).all(|c| m.get(c) == 0 || m.get(c) == p.get(c)));
    }

    let input = format!("{SOLUTION}\n{TWO_SOLUTIONS}\n{}\nnot a puzzle\n", set[0]);
    let out = simdoku(&["rate", "-q"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "an invalid line");
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], format!("{SOLUTION},0.00,naked-singles"));
    assert_eq!(lines[1], format!("{TWO_SOLUTIONS},multiple"));
    assert!(lines[2].ends_with(",beyond-singles"), "{}", lines[2]);
    assert!(lines[3].ends_with(",invalid"));

    // canon: equivalent puzzles print the same line, and a canonical form is its own.
    let mut rng = Rng::new(4);
    let input = joined(
        set[..10]
            .iter()
            .flat_map(|p| [*p, Symmetry::random(&mut rng).apply(p)]),
    );
    let out = simdoku(&["canon", "-q"], input.as_bytes());
    let forms = grids(&out.stdout);
    assert_eq!(forms.len(), 20);
    for (i, pair) in forms.chunks(2).enumerate() {
        assert_eq!(pair[0], pair[1]);
        assert_eq!(pair[0], canonical(&set[i]));
    }
    let again = joined(&forms);
    let out = simdoku(&["canon", "-q"], again.as_bytes());
    assert_eq!(grids(&out.stdout), forms, "fixed points");

    // canon --minlex: the usual minlex form, the same for equivalent puzzles.
    let out = simdoku(
        &["canon", "-q", "--minlex", "--empty", "0"],
        input.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    for (i, pair) in lines.chunks(2).enumerate() {
        assert_eq!(pair[0], pair[1]);
        assert_eq!(
            pair[0].as_bytes(),
            simdoku::minlex(&set[i]).to_line_with(b'0')
        );
        assert!(pair[0].starts_with('0'), "empty cells first: {}", pair[0]);
    }
}

#[test]
fn pencilmark_lines_are_solved_and_counted() {
    let set = bench_set("top95");
    let input = joined(set[..10].iter().map(Pencilmarks::from_grid));
    let out = simdoku(&["solve", "-q"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut e = Scalar::new();
    for (line, p) in text(&out.stdout).lines().zip(&set) {
        let (echo, s) = line.split_once(',').unwrap();
        assert_eq!(echo.len(), 729);
        assert_eq!(Grid::parse(s).ok(), e.solve(p).0);
    }
    // Marks that admit both solutions of TWO_SOLUTIONS, then only one of them.
    let two = Grid::parse(TWO_SOLUTIONS).unwrap();
    let both = Pencilmarks::from_grid(&two);
    let mut one = both;
    one.set_candidates(1, 1 << 0); // r1c2 = 1: the first solution only
    let input = format!("{both}\n{one}\n");
    let out = simdoku(&["count", "-q", "--format", "solution"], input.as_bytes());
    assert_eq!(text(&out.stdout), "2\n1\n");
    let out = simdoku(&["solve", "-q", "--unique"], input.as_bytes());
    let words: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| l.rsplit(',').next().unwrap().to_string())
        .collect();
    assert_eq!(words, ["multiple", SOLUTION]);
    let out = simdoku(&["solutions", "-q"], input.as_bytes());
    let lines = text(&out.stdout);
    assert_eq!(lines.lines().filter(|l| !l.starts_with('#')).count(), 3);
    // A malformed pencilmark line is reported like any other.
    let bad = format!("x{}\n", &both.to_string()[1..]);
    let out = simdoku(&["solve"], bad.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("<stdin>:1: pencilmarks: column 1"));
}
