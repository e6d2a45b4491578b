//! The ratings against `serate`'s (`SukakuExplainer`, default options) on committed samples:
//! every puzzle serate rates below 6.0 gets its ER/EP/ED exactly (the techniques up to the BUG
//! are all implemented, in Explainer's order: 817 of the 1,000 of gen1), and so does a sample
//! rated 6.0 to 9.0, where the path goes through the chains. The whole of gen1 (ignored by
//! default: the chains take a while in a debug build) is rated, and agrees but where serate's
//! path uses a technique between the BUG and the chains that this crate lacks.
//! `scripts/logic-agreement.sh` makes the table over larger sets.
use simdoku_logic::{Board, rate};

fn rows(text: &str) -> impl Iterator<Item = (&str, String, f64)> {
    text.lines().filter(|l| !l.starts_with('#')).map(|line| {
        let f: Vec<&str> = line.split(',').collect();
        (
            f[0],
            format!("{}/{}/{}", f[1], f[2], f[3]),
            f[1].parse().unwrap(),
        )
    })
}

fn rating(puzzle: &str) -> Option<String> {
    rate(&Board::parse(puzzle).unwrap()).map(|r| r.to_string())
}

#[test]
fn agrees_with_serate_below_6() {
    let (mut total, mut easy) = (0, 0);
    for (puzzle, want, er) in rows(include_str!("data/serate_gen1.csv")) {
        total += 1;
        if er < 6.0 {
            easy += 1;
            assert_eq!(rating(puzzle).as_deref(), Some(want.as_str()), "{puzzle}");
        }
    }
    assert_eq!(total, 1000);
    assert_eq!(easy, 817);
}

#[test]
fn agrees_with_serate_through_the_chains() {
    let mut n = 0;
    for (puzzle, want, er) in rows(include_str!("data/serate_chains.csv")) {
        assert!(er >= 6.0);
        assert_eq!(rating(puzzle).as_deref(), Some(want.as_str()), "{puzzle}");
        n += 1;
    }
    assert_eq!(n, 28);
}

#[test]
#[ignore = "the chains of 183 puzzles: seconds in release, minutes in debug"]
fn agrees_with_serate_on_the_whole_sample() {
    let other: Vec<&str> = include_str!("data/serate_gen1_other.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    let (mut rated, mut same) = (0, 0);
    for (puzzle, want, _) in rows(include_str!("data/serate_gen1.csv")) {
        let got = rating(puzzle).unwrap_or_else(|| panic!("{puzzle}: serate {want}, ours beyond"));
        rated += 1;
        if got == want {
            same += 1;
        } else {
            assert!(
                other.contains(&puzzle),
                "{puzzle}: serate {want}, ours {got}"
            );
        }
    }
    assert_eq!(rated, 1000);
    // Measured: 977 (the 23 others are the exceptions listed).
    assert!(same >= 977, "{same}");
}
