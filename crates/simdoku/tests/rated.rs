//! Generation to a Sudoku Explainer band: every puzzle unique, rated in the band again, the
//! options kept, the same seed the same puzzles, whichever engine counts.

use simdoku::logic::{Board, Unrated, rate};
use simdoku::tools::{GenerateOptions, Rng, generate_rated};
use simdoku::{ClueSymmetry, Generator, Level, SeTarget};

#[test]
fn every_level_is_rated_in_its_band_again() {
    for level in Level::ALL {
        let mut maker = Generator::seeded(12);
        for _ in 0..5 {
            let r = maker.generate_rated(level, 5000).unwrap();
            assert!(simdoku::is_unique(&r.puzzle), "{level}: {}", r.puzzle);
            assert_eq!(simdoku::solve(&r.puzzle), Some(r.solution));
            let again = rate(&Board::from_grid(&r.puzzle));
            assert_eq!(again.ok(), r.rating, "{level}: {}", r.puzzle);
            assert_eq!(Level::of(again), Some(level), "{}", r.puzzle);
            assert!(level.target().accepts(again));
            assert!(r.candidates >= 1);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_every_engine() {
    let band = SeTarget::er(40, 60).unwrap();
    let a: Vec<_> = {
        let mut m = Generator::seeded(77).minimal(true);
        (0..4)
            .map(|_| m.generate_rated(band, 5000).unwrap())
            .collect()
    };
    let mut m = Generator::seeded(77).minimal(true);
    let b: Vec<_> = (0..4)
        .map(|_| m.generate_rated(band, 5000).unwrap())
        .collect();
    assert_eq!(a, b);
    // At engine level, with the portable engine and every engine this CPU runs.
    let options = GenerateOptions {
        minimal: true,
        ..GenerateOptions::default()
    };
    let want = generate_rated(
        &mut simdoku::engines::Scalar::new(),
        &options,
        band,
        5000,
        &mut Rng::new(5),
    );
    for spec in simdoku::engines::ENGINES.iter().filter(|s| s.available()) {
        let mut engine = spec.engine();
        let got = generate_rated(engine.as_mut(), &options, band, 5000, &mut Rng::new(5));
        assert_eq!(got, want, "{}", spec.name);
    }
    let r = want.unwrap();
    assert!((40..=60).contains(&r.rating.unwrap().er));
    assert!(simdoku::is_minimal(&r.puzzle));
}

#[test]
fn symmetry_and_clues_are_kept() {
    let mut m = Generator::seeded(3).symmetry(ClueSymmetry::Rot180);
    for _ in 0..4 {
        let r = m.generate_rated(Level::Hard, 5000).unwrap();
        let p = r.puzzle;
        assert!(
            (0..81).all(|c| (p.get(c) == 0) == (p.get(80 - c) == 0)),
            "{p}"
        );
        assert!((30..=44).contains(&r.rating.unwrap().er));
    }
    let mut m = Generator::seeded(3).clues(40);
    let r = m.generate_rated(Level::Easy, 5000).unwrap();
    assert!(r.puzzle.givens() >= 40 && r.puzzle.givens() <= 41);
    assert!(r.rating.unwrap().er <= 15);
}

#[test]
fn bands_parse_and_stop_at_the_rated_frontier() {
    assert_eq!("4.0..6.0".parse(), Ok(SeTarget::Er { lo: 40, hi: 60 }));
    assert_eq!("4..6".parse(), Ok(SeTarget::Er { lo: 40, hi: 60 }));
    assert_eq!(" 2.3 ".parse(), Ok(SeTarget::Er { lo: 23, hi: 23 }));
    assert_eq!("beyond".parse(), Ok(SeTarget::Beyond));
    assert_eq!(SeTarget::Er { lo: 45, hi: 60 }.to_string(), "4.5..6.0");
    for bad in [
        "9.5",
        "5..10",
        "3..2",
        "0.9..2",
        "4.55",
        "x",
        "4.0...6.0",
        "-1..2",
    ] {
        assert!(bad.parse::<SeTarget>().is_err(), "{bad}");
    }
    assert_eq!((SeTarget::EXTREME_ABOVE, SeTarget::MAX_EXACT_ER), (60, 94));
    assert_eq!("6.6..8.5".parse(), Ok(SeTarget::Er { lo: 66, hi: 85 }));
    assert!("8.0..9.5".parse::<SeTarget>().is_err());
    // The reader's message named 0 to 25, a range no target accepts: 0.5 and 12 are refused
    // too, for being below a full house or past the exact bands.
    for bad in ["30", "x", "4.05", "-1"] {
        let e = bad.parse::<SeTarget>().unwrap_err().to_string();
        assert!(
            e.contains("from 1.0 to 9.4 with at most one decimal"),
            "{bad}: {e}"
        );
    }
    for bad in ["0.5", "12"] {
        assert!(bad.parse::<SeTarget>().is_err(), "{bad}");
    }
    // The levels tile every rating and meet none twice.
    for er in SeTarget::MIN_ER..=120 {
        let r = simdoku::logic::Rating { er, ep: er, ed: er };
        let levels: Vec<_> = Level::ALL
            .into_iter()
            .filter(|l| l.target().accepts(Ok(r)))
            .collect();
        assert_eq!(levels.len(), 1, "ER {er}");
    }
    // Above 6.0 (rated through the chains) is extreme, as beyond the rater is.
    let r = simdoku::logic::Rating {
        er: 62,
        ep: 62,
        ed: 12,
    };
    assert_eq!(Level::of(Ok(r)), Some(Level::Extreme));
    assert_eq!(Level::of(Err(Unrated::Beyond)), Some(Level::Extreme));
    // A puzzle with no solution or several has no level, and no band takes it.
    for why in [Unrated::NoSolution, Unrated::Multiple] {
        assert_eq!(Level::of(Err(why)), None);
        assert!(!SeTarget::Beyond.accepts(Err(why)));
    }
    for l in Level::ALL {
        assert_eq!(l.name().parse::<Level>(), Ok(l));
        assert_eq!(SeTarget::from(l), l.target());
    }
    assert!("insane".parse::<Level>().is_err());
    // No candidate reaches a band: None after the attempts.
    assert!(
        Generator::seeded(1)
            .minimal(true)
            .generate_rated(SeTarget::er(10, 10).unwrap(), 5)
            .is_none()
    );
}
