//! The ratings against `serate`'s (`SukakuExplainer`, default options) on committed samples:
//! every puzzle we rate gets serate's ER/EP/ED exactly, and we rate every puzzle that serate
//! rates below 6.5 (the techniques up to its chains are all implemented, in Explainer's order:
//! 835 of the 1,000 of the first sample). `scripts/logic-agreement.sh` makes the table over
//! larger sets.
use simdoku_logic::{Board, Technique, explain, rate};

/// Checks every line `puzzle,ER,EP,ED` of a sample; returns (puzzles, rated).
fn check(text: &str) -> (usize, usize) {
    let (mut total, mut rated, mut easy) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(',').collect();
        let (puzzle, want) = (f[0], format!("{}/{}/{}", f[1], f[2], f[3]));
        total += 1;
        let er: f64 = f[1].parse().unwrap();
        if er < 6.5 {
            easy += 1;
        }
        match rate(&Board::parse(puzzle).unwrap()) {
            Some(r) => {
                assert_eq!(r.to_string(), want, "{puzzle}");
                rated += 1;
            }
            None => assert!(er >= 6.5, "{puzzle}: serate {want}, ours beyond"),
        }
    }
    assert!(rated >= easy, "rated {rated} of {easy} below 6.5");
    (total, rated)
}

#[test]
fn agrees_with_serate_on_the_sample() {
    let (total, rated) = check(include_str!("data/serate_gen1.csv"));
    assert_eq!(total, 1000);
    assert!(rated >= 835, "rated {rated}");
}

#[test]
fn agrees_with_serate_past_the_bug() {
    // Puzzles picked because their path takes four strong links (plain and grouped), the
    // VWXYZ- or UVWXYZ-Wing (some doubly linked): every one rated, as serate rates it.
    let text = include_str!("data/serate_past_bug.csv");
    let (total, rated) = check(text);
    assert_eq!((total, rated), (43, 43));
    let mut seen = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let b = Board::parse(line.split(',').next().unwrap()).unwrap();
        for s in explain(&b).steps {
            if !seen.contains(&s.technique) {
                seen.push(s.technique);
            }
        }
    }
    for t in [
        Technique::FourStrongLinks,
        Technique::VwxyzWing,
        Technique::UvwxyzWing,
    ] {
        assert!(seen.contains(&t), "{t} not reached");
    }
}
