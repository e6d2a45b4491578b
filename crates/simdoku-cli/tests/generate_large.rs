//! End-to-end tests of `simdoku generate --size N --givens F --mixed`: the grids read back in
//! `simdoku large`'s form, hold the asked givens, repeat with the seed and solve.

use simdoku::large::{LargeGrid, check_solution, text};

mod common;
use common::simdoku;

fn generate(args: &[&str]) -> Vec<LargeGrid> {
    let mut all = vec!["generate", "-q"];
    all.extend_from_slice(args);
    let out = simdoku(&all, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text::parse(&String::from_utf8(out.stdout).unwrap())
        .into_iter()
        .map(|p| p.expect("generated text reads back").grid)
        .collect()
}

#[test]
fn mixed_grids_read_back_repeat_and_solve() {
    let args = [
        "--size", "25", "--givens", "0.6", "--mixed", "--seed", "5", "-n", "3",
    ];
    let grids = generate(&args);
    assert_eq!(grids.len(), 3);
    assert_eq!(grids, generate(&args));
    assert_ne!(grids[0], grids[1]);
    for g in &grids {
        assert_eq!(g.side(), 25);
        assert_eq!(g.givens(), 375);
        assert!(g.conflict(false).is_none());
    }
    // The third grid alone from its own seed.
    assert_eq!(
        generate(&["--size", "25", "--givens", "0.6", "--mixed", "--seed", "7"]),
        vec![grids[2].clone()]
    );
    let dir = std::env::temp_dir().join(format!("simdoku-gen-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mixed.txt");
    let text: String = grids
        .iter()
        .map(|g| text::format(g, text::Form::Numbers, false) + "\n")
        .collect();
    std::fs::write(&file, text).unwrap();
    let out = simdoku(&["large", "-t", "120", file.to_str().unwrap()], b"");
    assert!(out.status.success());
    let solved: Vec<LargeGrid> = text::parse(&String::from_utf8(out.stdout).unwrap())
        .into_iter()
        .map(|p| p.unwrap().grid)
        .collect();
    assert_eq!(solved.len(), 3);
    for (p, s) in grids.iter().zip(&solved) {
        check_solution(p, s, false).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn minimal_and_bad_arguments() {
    let grids = generate(&["--size", "16", "--mixed", "--minimal", "--seed", "1"]);
    assert_eq!(grids.len(), 1);
    assert!(grids[0].givens() < 256 / 2);
    for bad in [
        &["generate", "--size", "20", "--mixed"][..],
        &["generate", "--size", "16", "--givens", "1.5"][..],
        &["generate", "--size", "16", "--minimal"][..],
        // Options of 9x9 puzzles, silently ignored on large grids before.
        &["generate", "--size", "16", "--symmetry", "rot180"][..],
        &["generate", "--size", "16", "--clues", "30"][..],
        &["generate", "--givens", "0.5", "-k", "30"][..],
        &[
            "generate",
            "--size",
            "16",
            "--mixed",
            "--symmetry",
            "mirror",
        ][..],
    ] {
        let out = simdoku(bad, b"");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty());
    }
}
