//! End-to-end tests of `simdoku generate --se LO..HI` and `--level`: each puzzle unique, rated
//! in its band again by `simdoku rate --se`, the options kept, the same seed the same output.

use std::collections::HashSet;

use simdoku::Grid;
use simdoku::engines::Scalar;
use simdoku::rules::check_solution;
use simdoku_core::Engine;

mod common;
use common::{simdoku, text};

/// Runs `simdoku generate -q ARGS`, which must succeed.
fn generate(args: &[&str]) -> String {
    let out = simdoku(&[&["generate", "-q"], args].concat(), b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// `simdoku rate --se` of the first field of each line: `ER,EP,ED` or `beyond`.
fn rerate(lines: &str) -> Vec<String> {
    let puzzles: String = lines
        .lines()
        .flat_map(|l| [l.split(',').next().unwrap(), "\n"])
        .collect();
    let out = simdoku(&["rate", "--se", "-q"], puzzles.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| l.split_once(',').unwrap().1.to_string())
        .collect()
}

fn er_of(rating: &str) -> Option<u32> {
    let er = rating.split(',').next().unwrap();
    (er != "beyond").then(|| (er.parse::<f64>().unwrap() * 10.0).round() as u32)
}

/// Every puzzle: distinct, one solution; with `--with-solution` its solution checked.
fn check_puzzles(lines: &str, n: usize) -> Vec<Grid> {
    let mut e = Scalar::new();
    let puzzles: Vec<Grid> = lines
        .lines()
        .map(|l| Grid::parse(l.split(',').next().unwrap()).unwrap())
        .collect();
    assert_eq!(puzzles.len(), n, "{lines}");
    for p in &puzzles {
        assert_eq!(e.count(p, 2).solutions, 1, "{p}");
    }
    assert_eq!(puzzles.iter().collect::<HashSet<_>>().len(), n, "distinct");
    puzzles
}

#[test]
fn each_level_is_rated_in_its_band_again_and_repeats_for_a_seed() {
    for (level, lo, hi) in [
        ("easy", 10, 15),
        ("medium", 16, 29),
        ("hard", 30, 44),
        ("expert", 45, 60),
    ] {
        let args = ["-n", "6", "--seed", "3", "--level", level, "--with-rating"];
        let out = generate(&args);
        check_puzzles(&out, 6);
        let again = rerate(&out);
        for (line, rating) in out.lines().zip(&again) {
            // --with-rating prints what `rate --se` says.
            assert_eq!(line.split_once(',').unwrap().1, rating, "{level}");
            let er = er_of(rating).unwrap();
            assert!((lo..=hi).contains(&er), "{level}: {line}");
        }
        assert_eq!(
            generate(&[&args[..], &["-j", "1"]].concat()),
            out,
            "{level}"
        );
    }
    let out = generate(&["-n", "4", "--seed", "3", "--se", "4.0..6.0"]);
    check_puzzles(&out, 4);
    for r in rerate(&out) {
        assert!((40..=60).contains(&er_of(&r).unwrap()), "{r}");
    }
    let one = generate(&["-n", "3", "--seed", "8", "--se", "4.2"]);
    assert!(rerate(&one).iter().all(|r| r.starts_with("4.2,")), "{one}");
    assert_ne!(
        generate(&["-n", "4", "--seed", "4", "--se", "4.0..6.0"]),
        out
    );
}

#[test]
fn extreme_is_beyond_the_rater_and_unique() {
    let out = generate(&[
        "-n",
        "4",
        "--seed",
        "2",
        "--level",
        "extreme",
        "--with-solution",
    ]);
    let puzzles = check_puzzles(&out, 4);
    for (line, p) in out.lines().zip(&puzzles) {
        let s = Grid::parse(line.split(',').nth(1).unwrap()).unwrap();
        check_solution(p, &s).unwrap();
    }
    // Beyond the exact levels: rated above 6.0 (through the chains) or beyond the rater.
    assert!(
        rerate(&out)
            .iter()
            .all(|r| er_of(r).is_none_or(|er| er > 60)),
        "{out}"
    );
    let rated = generate(&[
        "-n",
        "4",
        "--seed",
        "2",
        "--level",
        "extreme",
        "--with-rating",
    ]);
    assert!(
        rated
            .lines()
            .all(|l| er_of(l.split_once(',').unwrap().1).is_none_or(|er| er > 60)),
        "{rated}"
    );
    // The summary names the band as the help does: it said "a rating beyond the rater" over
    // puzzles rated 6.6 to 7.8.
    let out = simdoku(
        &["generate", "-n", "2", "--seed", "2", "--level", "extreme"],
        b"",
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("ER above 6.0 or a rating beyond the rater: "),
        "{stderr}"
    );
}

#[test]
fn minimal_and_symmetry_still_apply() {
    let mut e = Scalar::new();
    let out = generate(&["-n", "4", "--seed", "6", "--minimal", "--level", "expert"]);
    for p in check_puzzles(&out, 4) {
        for c in (0..81).filter(|&c| p.get(c) != 0) {
            let mut q = p;
            q.set(c, 0);
            assert_eq!(e.count(&q, 2).solutions, 2, "{p}: clue {c} is needed");
        }
    }
    assert!(rerate(&out).iter().all(|r| er_of(r).unwrap() >= 45));
    let out = generate(&[
        "-n",
        "4",
        "--seed",
        "6",
        "--symmetry",
        "rot180",
        "--level",
        "hard",
    ]);
    for p in check_puzzles(&out, 4) {
        assert!(
            (0..81).all(|c| (p.get(c) == 0) == (p.get(80 - c) == 0)),
            "{p}"
        );
    }
    assert!(
        rerate(&out)
            .iter()
            .all(|r| (30..=44).contains(&er_of(r).unwrap()))
    );
}

#[test]
fn plain_generate_with_rating_rates_every_puzzle() {
    let plain = generate(&["-n", "20", "--seed", "9"]);
    let rated = generate(&["-n", "20", "--seed", "9", "--with-rating"]);
    let again = rerate(&plain);
    for ((p, r), want) in plain.lines().zip(rated.lines()).zip(&again) {
        assert_eq!(r, format!("{p},{want}"));
    }
}

#[test]
fn bands_past_the_rater_and_mixed_options_are_usage_errors() {
    for (args, says) in [
        (&["--se", "5.0..9.5"][..], "not reproduced"),
        (
            &["--se", "4..6", "--level", "hard"][..],
            "cannot be used with",
        ),
        (&["--se", "6..4"][..], "lower bound"),
        (&["--se", "0.5..2"][..], "least ER"),
        (&["--se", "4.55"][..], "an ER is a number"),
        (&["--level", "insane"][..], "invalid value"),
        (&["--level", "hard", "--size", "16"][..], "9x9 puzzles"),
        // --attempts alone did nothing (plain puzzles take one candidate each).
        (&["--attempts", "5"][..], "--se <LO..HI>|--level <LEVEL>"),
    ] {
        let out = simdoku(&[&["generate", "-q"], args].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
    // A band no candidate reaches within --attempts: reported, the others still written.
    let out = simdoku(
        &[
            "generate",
            "-q",
            "-n",
            "2",
            "--seed",
            "1",
            "--se",
            "9.0",
            "--attempts",
            "3",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("none of 3 candidates had ER 9.0..9.0"));
    // One attempt is one candidate, not "1 candidates".
    let out = simdoku(
        &["generate", "--seed", "1", "--se", "9.0", "--attempts", "1"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("its one candidate did not have ER 9.0..9.0"),
        "{stderr}"
    );
    assert!(stderr.contains(": 1 candidate, 0.0% kept"), "{stderr}");
    assert!(!stderr.contains("1 candidates"), "{stderr}");
}

#[test]
fn er_one_is_asked_for_with_the_clues_it_takes() {
    // ER 1.0 is full houses alone, which leaves at most 27 cells empty: minimal candidates never
    // were, and `--se 1.0` rated 10,000 of them (about 10 s) to fail. Now a usage error at once
    // that says why, whatever asks for few clues.
    for args in [
        &["--se", "1.0"][..],
        &["--se", "1.0..1.1"],
        &["--se", "1.0", "--clues", "53"],
        &["--se", "1.0", "--clues", "70", "--minimal"],
    ] {
        let out = simdoku(&[&["generate", "--seed", "1"], args].concat(), b"");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("full houses alone"), "{args:?}: {stderr}");
        assert!(stderr.contains("at least 54 clues"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    // With the clues it takes, it is made (and rated 1.0 again).
    let out = generate(&["-n", "3", "--seed", "1", "--se", "1.0", "--clues", "65"]);
    check_puzzles(&out, 3);
    assert!(rerate(&out).iter().all(|r| r.starts_with("1.0,")), "{out}");
    // A band that reaches past 1.0 is left alone.
    check_puzzles(&generate(&["--seed", "1", "--se", "1.0..1.2"]), 1);
}
