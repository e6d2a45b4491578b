//! Puzzles of a chosen Sudoku Explainer difficulty: candidates from the generator, each rated
//! with [`logic::rate`](simdoku_logic::rate) until one falls in the band ([`SeTarget`],
//! [`Level`], [`generate_rated`]).

use std::fmt;
use std::str::FromStr;

use simdoku_core::rng::Rng;
use simdoku_core::{Engine, Grid};
use simdoku_logic::{Board, Rating as SeRating, Unrated, rate};
use simdoku_tools::{GenerateOptions, generate};

/// The Sudoku Explainer difficulty a generated puzzle must have.
///
/// ```
/// use simdoku::{Level, SeTarget};
/// let t: SeTarget = "4.0..6.0".parse().unwrap();
/// assert_eq!(t, SeTarget::Er { lo: 40, hi: 60 });
/// assert_eq!("hard".parse::<Level>().unwrap().target(), SeTarget::Er { lo: 30, hi: 44 });
/// assert_eq!("5.5".parse::<SeTarget>().unwrap(), SeTarget::Er { lo: 55, hi: 55 });
/// assert_eq!("6.6..8.5".parse(), Ok(SeTarget::Er { lo: 66, hi: 85 })); // through the chains
/// let e = "5.0..9.5".parse::<SeTarget>().unwrap_err();
/// assert!(e.to_string().contains("not reproduced"), "{e}");
/// let e = "4.05".parse::<SeTarget>().unwrap_err(); // ERs are tenths
/// assert!(e.to_string().contains("at most one decimal"), "{e}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeTarget {
    /// An exact ER in `lo..=hi`, in tenths (ER 4.5 is 45), with
    /// `MIN_ER <= lo <= hi <= MAX_EXACT_ER` ([`SeTarget::er`] checks it).
    Er {
        /// The least ER accepted, in tenths.
        lo: u8,
        /// The greatest ER accepted, in tenths.
        hi: u8,
    },
    /// Harder than the exact levels ([`Level::Extreme`]): rated above 6.0 (chains and harder),
    /// or beyond [`logic::rate`](simdoku_logic::rate)'s techniques ([`Unrated::Beyond`]).
    Beyond,
}

/// Why an ER band cannot be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeTargetError(String);

impl fmt::Display for SeTargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SeTargetError {}

impl SeTarget {
    /// The highest ER (in tenths) that an exact band may ask for: [`logic::rate`](simdoku_logic::rate)
    /// reproduces Sudoku Explainer's path, its nested forcing chains (9.5 and up) included, but
    /// those take seconds a puzzle and random puzzles almost never need them, so a band stops at
    /// 9.4 and what lies past it is asked for as [`SeTarget::Beyond`] ([`Level::Extreme`]).
    pub const MAX_EXACT_ER: u8 = 94;

    /// The top of the exact levels (in tenths; [`Level::Expert`] ends there): a rating above
    /// it is [`Level::Extreme`].
    pub const EXTREME_ABOVE: u8 = 60;

    /// The lowest ER there is (in tenths): a full house.
    pub const MIN_ER: u8 = 10;

    /// The band of ERs `lo..=hi` (tenths), checked: `MIN_ER <= lo <= hi <= MAX_EXACT_ER`.
    pub fn er(lo: u8, hi: u8) -> Result<SeTarget, SeTargetError> {
        let err = |s: String| Err(SeTargetError(s));
        if lo > hi {
            return err(format!(
                "ER {}..{}: the lower bound is above the upper",
                tenths(lo),
                tenths(hi)
            ));
        }
        if lo < SeTarget::MIN_ER {
            return err(format!(
                "ER {}: the least ER is 1.0 (a full house)",
                tenths(lo)
            ));
        }
        if hi > SeTarget::MAX_EXACT_ER {
            return err(format!(
                "ER {}..{}: ratings above {} are not reproduced as bands (past it Explainer's \
                 path takes its nested forcing chains, which random puzzles almost never \
                 need); ask for at most {} or for the level extreme",
                tenths(lo),
                tenths(hi),
                tenths(SeTarget::MAX_EXACT_ER),
                tenths(SeTarget::MAX_EXACT_ER)
            ));
        }
        Ok(SeTarget::Er { lo, hi })
    }

    /// Whether a puzzle rated `rating` ([`logic::rate`](simdoku_logic::rate)'s answer) is in
    /// the band: [`SeTarget::Beyond`] takes [`Unrated::Beyond`] and any rating above
    /// [`SeTarget::EXTREME_ABOVE`]; no band takes a puzzle with no solution or several.
    pub fn accepts(&self, rating: Result<SeRating, Unrated>) -> bool {
        match (self, rating) {
            (SeTarget::Er { lo, hi }, Ok(r)) => (*lo..=*hi).contains(&r.er),
            (SeTarget::Beyond, Err(Unrated::Beyond)) => true,
            (SeTarget::Beyond, Ok(r)) => r.er > SeTarget::EXTREME_ABOVE,
            _ => false,
        }
    }
}

impl From<Level> for SeTarget {
    fn from(level: Level) -> SeTarget {
        level.target()
    }
}

impl fmt::Display for SeTarget {
    /// `4.5..6.0`, or `beyond`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeTarget::Er { lo, hi } => write!(f, "{}..{}", tenths(*lo), tenths(*hi)),
            SeTarget::Beyond => f.write_str("beyond"),
        }
    }
}

impl FromStr for SeTarget {
    type Err = SeTargetError;

    /// `LO..HI` (`4.0..6.0`, `4..6`), or one ER (`5.5`), each a multiple of 0.1; or `beyond`.
    fn from_str(s: &str) -> Result<SeTarget, SeTargetError> {
        let s = s.trim();
        if s == "beyond" {
            return Ok(SeTarget::Beyond);
        }
        let (lo, hi) = s.split_once("..").unwrap_or((s, s));
        SeTarget::er(parse_er(lo)?, parse_er(hi)?)
    }
}

/// An ER as text (`4.5`, `4`) in tenths. Anything from 0 to 25 reads here, so that
/// [`SeTarget::er`] names what is wrong with an ER out of its band (below a full house, past
/// the exact bands); the message names the band a target may ask for.
fn parse_er(text: &str) -> Result<u8, SeTargetError> {
    let bad = || {
        SeTargetError(format!(
            "{text:?}: an ER is a number from {} to {} with at most one decimal, such as 4.5 \
             (a range is LO..HI, e.g. 4.0..6.0; harder: beyond)",
            tenths(SeTarget::MIN_ER),
            tenths(SeTarget::MAX_EXACT_ER)
        ))
    };
    let x: f64 = text.trim().parse().map_err(|_| bad())?;
    let t = (x * 10.0).round();
    if !x.is_finite() || (x * 10.0 - t).abs() > 1e-6 || !(0.0..=250.0).contains(&t) {
        return Err(bad());
    }
    Ok(t as u8)
}

fn tenths(t: u8) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Named difficulty levels, each a band of Sudoku Explainer's ER. Together the exact levels
/// cover every ER from 1.0 to 6.0; [`Level::Extreme`] is everything harder.
///
/// | level | ER | what the hardest step is |
/// |---|---|---|
/// | easy | 1.0-1.5 | full houses and hidden singles |
/// | medium | 1.6-2.9 | direct pointing/claiming/hidden pairs and triples, naked singles, pointing, claiming |
/// | hard | 3.0-4.4 | naked and hidden pairs and triples, X-Wing, Swordfish, skyscraper, kites, XY- and XYZ-Wing |
/// | expert | 4.5-6.0 | unique rectangles and loops, quads, Jellyfish, three strong links, WXYZ-Wing, BUG |
/// | extreme | above 6.0, or beyond the rater | four strong links and larger wings, aligned exclusion, chains, nested forcing chains |
///
/// ```
/// use simdoku::Level;
/// use simdoku::logic::{Board, Unrated, rate};
/// let b = Board::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
///     .unwrap();
/// assert_eq!(Level::of(rate(&b)), Some(Level::Medium)); // ER 2.6
/// assert_eq!(Level::of(Err(Unrated::Beyond)), Some(Level::Extreme));
/// assert_eq!(Level::of(Err(Unrated::Multiple)), None);
/// assert_eq!(Level::Expert.to_string(), "expert");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// ER 1.0-1.5: singles (full house, hidden singles) only.
    Easy,
    /// ER 1.6-2.9: direct intersections and hidden sets, naked singles, pointing, claiming.
    Medium,
    /// ER 3.0-4.4: subsets, X-Wing, Swordfish, two strong links, XY- and XYZ-Wing.
    Hard,
    /// ER 4.5-6.0: uniqueness, quads, Jellyfish, three strong links, WXYZ-Wing, BUG.
    Expert,
    /// Above ER 6.0 (chains and harder), or beyond the rater.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level's name: `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level's band.
    pub fn target(self) -> SeTarget {
        match self {
            Level::Easy => SeTarget::Er { lo: 10, hi: 15 },
            Level::Medium => SeTarget::Er { lo: 16, hi: 29 },
            Level::Hard => SeTarget::Er { lo: 30, hi: 44 },
            Level::Expert => SeTarget::Er {
                lo: 45,
                hi: SeTarget::EXTREME_ABOVE,
            },
            Level::Extreme => SeTarget::Beyond,
        }
    }

    /// The level of a puzzle rated `rating` (a rating above 6.0 or [`Unrated::Beyond`]:
    /// [`Level::Extreme`]); `None` for a puzzle with no solution or several.
    pub fn of(rating: Result<SeRating, Unrated>) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.target().accepts(rating))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = SeTargetError;

    fn from_str(s: &str) -> Result<Level, SeTargetError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                SeTargetError(format!(
                    "unknown level {s:?} (easy, medium, hard, expert, extreme)"
                ))
            })
    }
}

/// A generated puzzle of the asked difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    /// The puzzle, with a unique solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its Sudoku Explainer rating (`None`: beyond the techniques, [`Unrated::Beyond`], which
    /// only [`SeTarget::Beyond`] takes).
    pub rating: Option<SeRating>,
    /// How many candidates were made to find it (this one included).
    pub candidates: usize,
}

/// A puzzle of `options` whose Sudoku Explainer rating is in `target`: candidates are made with
/// [`tools::generate`](simdoku_tools::generate()) from `rng` and rated with [`logic::rate`](simdoku_logic::rate),
/// up to `attempts` of them; `None` when none was in the band. The result depends only on the
/// options, the target and `rng`'s state (the same on every CPU), as the generator's do. At
/// engine level, for callers that manage their engines; [`Generator::generate_rated`](crate::Generator::generate_rated)
/// wraps it.
///
/// ```
/// use simdoku::tools::{GenerateOptions, Rng, generate_rated};
/// use simdoku::{Level, SeTarget};
/// let mut engine = simdoku::engines::Scalar::new();
/// let target = SeTarget::er(30, 44).unwrap();                 // hard: ER 3.0 to 4.4
/// let r = generate_rated(&mut engine, &GenerateOptions::default(), target, 1000, &mut Rng::new(1))
///     .unwrap();
/// let er = r.rating.unwrap().er;
/// assert!((30..=44).contains(&er));
/// assert_eq!(Level::of(r.rating.ok_or(simdoku::logic::Unrated::Beyond)), Some(Level::Hard));
/// ```
pub fn generate_rated(
    engine: &mut dyn Engine,
    options: &GenerateOptions,
    target: SeTarget,
    attempts: usize,
    rng: &mut Rng,
) -> Option<Rated> {
    (1..=attempts).find_map(|candidates| {
        let g = generate(engine, options, rng);
        let rating = rate(&Board::from_grid(&g.puzzle));
        target.accepts(rating).then_some(Rated {
            puzzle: g.puzzle,
            solution: g.solution,
            rating: rating.ok(),
            candidates,
        })
    })
}
