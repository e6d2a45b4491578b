//! Shared test support: the bundled puzzle sets, a deliberately simple reference counter, and
//! [`conformance`], the test every engine runs so that all engines are held to one standard.
//!
//! Not part of the solving API; it is public so that every crate's tests can use it.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::engine::{Engine, STALL};
use crate::grid::Grid;
pub use crate::rng::Rng;
use crate::rules::check_solution;
use crate::tables::{BOX, COL, ROW};

/// The workspace's `bench-data/` folder.
pub fn bench_data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench-data")
}

/// The puzzles of a bundled set (`top95`, `17_clue`, ...), comments and blank lines skipped.
pub fn bench_set(name: &str) -> Vec<Grid> {
    let path = bench_data_dir().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l).unwrap_or_else(|e| panic!("{}: {l}: {e}", path.display())))
        .collect()
}

/// Every `step`-th puzzle of a set, at most `n` of them.
pub fn bench_slice(name: &str, n: usize) -> Vec<Grid> {
    let all = bench_set(name);
    let step = (all.len() / n).max(1);
    all.into_iter().step_by(step).take(n).collect()
}

/// `grid` with cells emptied at random until `keep` givens remain.
pub fn remove_cells(grid: &Grid, keep: usize, rng: &mut Rng) -> Grid {
    let mut order: Vec<usize> = (0..81).filter(|&c| grid.get(c) != 0).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut g = *grid;
    for &c in order.iter().skip(keep) {
        g.set(c, 0);
    }
    g
}

/// Counts solutions up to `limit` by plain backtracking (fewest candidates first, no other
/// inference): slow, obviously correct, the reference the engines are compared against.
pub fn reference_count(grid: &Grid, limit: u64) -> u64 {
    fn used(g: &[u8; 81], c: usize) -> u16 {
        let mut m = 0u16;
        for o in 0..81 {
            if o != c && (ROW[o] == ROW[c] || COL[o] == COL[c] || BOX[o] == BOX[c]) {
                m |= 1 << g[o];
            }
        }
        m
    }
    fn go(g: &mut [u8; 81], n: &mut u64, limit: u64) {
        let mut best: Option<(usize, u16)> = None;
        for c in 0..81 {
            if g[c] == 0 {
                let free = !used(g, c) & 0b11_1111_1110;
                if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                    best = Some((c, free));
                }
            }
        }
        let Some((c, free)) = best else {
            *n += 1;
            return;
        };
        for d in 1..=9u8 {
            if free & (1 << d) != 0 {
                g[c] = d;
                go(g, n, limit);
                g[c] = 0;
                if *n >= limit {
                    return;
                }
            }
        }
    }
    if limit == 0 || grid.conflict().is_some() {
        return 0;
    }
    let mut g = *grid.cells();
    let mut n = 0;
    go(&mut g, &mut n, limit);
    n
}

/// A grid with exactly two solutions: `SOLUTION` with a deadly rectangle emptied.
pub const TWO_SOLUTIONS: &str =
    "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293";
/// A solved grid (the solution of top95's first puzzle).
pub const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Consistent givens (no digit twice in a unit) without any solution.
pub const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// Sparse grids without a solution whose contradiction only one view sees (the engines fuzz
/// target's, equivalent forms of them from `simdoku shuffle`, and hill climbs on one engine's
/// guesses): three digits of a row left with the same two cells, which a branch on cells does
/// not reach; three cells of a row left with the same two digits, which a branch on lines'
/// digits does not; three or four digits of a box left with two or three cells in different
/// rows and columns (the last three), which neither a box engine's lines nor its mini-rows see.
/// Each took one engine or another 0.04 to 6 s (up to 8M guesses) before a stalled search
/// ([`STALL`](crate::engine::STALL)) pruned a unit that cannot take its missing digits.
pub const ONE_VIEW_CONTRADICTIONS: [&str; 12] = [
    "......347...9.....347...9..9.....26.8..5.........................................",
    "......347...9.....347...9..........2.8........5..................................",
    "...................1......223....6........9........7..8.....26........9.5......7.",
    "..............................3...1.8.29..............9..546...546.............9.",
    "..........3..4..5..........6..7..8..7..8..9..8..9..6..9..6..7....................",
    ".........4..9...2..........9..4...3.3..2...4.2..3...9.....................1..5..6",
    "..59...7...37...5...73...9....................1..6.4.............95...3..........",
    "34....78..........78....34.......................................................",
    "7.....................1......2...18.4......9.....3........2....35......7..7...53.",
    "....8.....6......7.......1.....1.7...........7...4..8......3......5.....4.....1.8",
    "....8.5......5...6.......7.....1.3...8.......2...4.........6............4.....158",
    "9...8.5......5.8.6.......7.....1.2...........1...4....8....6............4.....158",
];

/// A sparse grid with many solutions on which a search's own branches led it into a part
/// without solutions (`sse`: 113,411 guesses before its first solution, and still far more
/// once its choice widened there; scalar 27): a search stalled before any solution restarts
/// once from the root ([`crate::stall`]).
pub const STALLS_BEFORE_A_SOLUTION: &str =
    "....8........5.8.3.......9.....6.7...........6...4....8....6............4.....158";

/// The shared engine test: solutions verified against the rules and the givens, counts against
/// the reference counter and known counts, visiting complete and stoppable.
pub fn conformance<E: Engine>(make: impl Fn() -> E) {
    let mut e = make();
    let name = e.name();

    // Every puzzle of top95 and a slice of the 17-clue set: solved, verified, unique.
    for p in bench_set("top95")
        .iter()
        .chain(&bench_slice("17_clue", 300))
    {
        let (s, _) = e.solve(p);
        let s = s.unwrap_or_else(|| panic!("{name}: no solution for {p}"));
        check_solution(p, &s).unwrap_or_else(|v| panic!("{name}: {p} -> {s}: {v}"));
        assert_eq!(e.count(p, 2).solutions, 1, "{name}: {p} is unique");
    }

    // Known counts: 0, 1, 2 and many.
    let sol = Grid::parse(SOLUTION).unwrap();
    assert_eq!(e.count(&sol, 10).solutions, 1, "{name}: a full grid");
    for c in 0..81 {
        let mut g = sol;
        g.set(c, 0);
        assert_eq!(e.count(&g, 10).solutions, 1, "{name}: one cell removed");
    }
    assert_eq!(
        e.count(&Grid::parse(TWO_SOLUTIONS).unwrap(), 10).solutions,
        2,
        "{name}"
    );
    assert_eq!(
        e.count(&Grid::parse(NO_SOLUTION).unwrap(), 10).solutions,
        0,
        "{name}"
    );
    let mut conflict = Grid::EMPTY;
    conflict.set(0, 1);
    conflict.set(1, 1);
    assert_eq!(
        e.count(&conflict, 10).solutions,
        0,
        "{name}: contradictory givens"
    );
    assert!(
        e.solve(&conflict).0.is_none(),
        "{name}: contradictory givens"
    );
    assert_eq!(
        e.count(&Grid::EMPTY, 1000).solutions,
        1000,
        "{name}: empty grid"
    );
    assert_eq!(e.count(&Grid::EMPTY, 0).solutions, 0, "{name}: limit 0");

    // A contradiction one view misses costs a stall and a few guesses more, not millions.
    for text in ONE_VIEW_CONTRADICTIONS {
        let g = Grid::parse(text).unwrap();
        for limit in [1, 2] {
            let s = e.count(&g, limit);
            assert_eq!(s.solutions, 0, "{name}: {text}");
            assert!(
                s.guesses <= 2 * STALL + 5_000,
                "{name}: {text}: {} guesses",
                s.guesses
            );
        }
        assert!(e.solve(&g).0.is_none(), "{name}: {text}");
    }
    let g = Grid::parse(STALLS_BEFORE_A_SOLUTION).unwrap();
    let (s, search) = e.solve(&g);
    let s = s.unwrap_or_else(|| panic!("{name}: no solution for {g}"));
    check_solution(&g, &s).unwrap_or_else(|v| panic!("{name}: {g} -> {s}: {v}"));
    assert!(
        search.guesses <= 2 * STALL + 5_000,
        "{name}: {g}: {} guesses",
        search.guesses
    );

    // Exact counts below the limit, against the reference, on random holes in solved grids.
    let mut rng = Rng::new(7);
    let solved: Vec<Grid> = bench_set("top95")
        .iter()
        .take(12)
        .filter_map(|p| make().solve(p).0)
        .collect();
    for (i, s) in solved.iter().enumerate() {
        for keep in [40, 30, 26, 24] {
            let p = remove_cells(s, keep, &mut rng);
            let want = reference_count(&p, 500);
            let got = e.count(&p, 500).solutions;
            assert_eq!(got, want, "{name}: count of {p} (case {i}, {keep} givens)");
            if want < 500 {
                let mut seen = HashSet::new();
                let v = e.visit(&p, &mut |g| {
                    check_solution(&p, g).unwrap_or_else(|v| panic!("{name}: {p} -> {g}: {v}"));
                    assert!(seen.insert(*g), "{name}: {g} visited twice");
                    ControlFlow::Continue(())
                });
                assert_eq!(
                    (v.solutions, seen.len() as u64),
                    (want, want),
                    "{name}: visit {p}"
                );
            }
        }
    }

    // Visiting the empty grid stops when the visitor says so; each solution is valid, distinct.
    let mut seen = HashSet::new();
    let v = e.visit(&Grid::EMPTY, &mut |g| {
        check_solution(&Grid::EMPTY, g).unwrap_or_else(|v| panic!("{name}: {g}: {v}"));
        seen.insert(*g);
        if seen.len() == 5000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(
        (v.solutions, seen.len()),
        (5000, 5000),
        "{name}: visit the empty grid"
    );
}
