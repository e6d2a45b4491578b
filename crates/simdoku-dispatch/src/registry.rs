//! The engine table (each SIMD engine's CPU features as its module in `simdoku-simd` declares
//! them) and the static ranking, backed by the figures in BENCHMARKS.md.

use std::ops::ControlFlow;

use simdoku_core::bands::Bands;
use simdoku_core::rules::MIN_CLUES;
use simdoku_core::scalar::Scalar;
use simdoku_core::{Engine, Grid, Search};

use crate::{EngineSpec, Work};

fn boxed<E: Engine + 'static>(e: E) -> Box<dyn Engine> {
    Box::new(e)
}

/// Every engine, portable ones first.
pub static ENGINES: &[EngineSpec] = &[
    EngineSpec {
        name: "scalar",
        summary: "portable bitboards: one u128 per digit, naked/hidden singles, fewest-candidates branch",
        features: &[],
        make: || Some(boxed(Scalar::new())),
    },
    EngineSpec {
        name: "bands",
        summary: "portable exact cover of band patterns: whole-digit placements, fewest-placements digit first",
        features: &[],
        make: || Some(boxed(Bands::new())),
    },
    EngineSpec {
        name: "sse",
        summary: "one 128-bit vector per digit (3 band words), vector singles and locked candidates",
        features: simd::SSE_FEATURES,
        make: simd::sse,
    },
    EngineSpec {
        name: "avx2",
        summary: "box a/h/v variables, 135 per box in one 256-bit vector, DPLL on sum equations",
        features: simd::AVX2_FEATURES,
        make: simd::avx2,
    },
    EngineSpec {
        name: "avx512",
        summary: "the avx2 engine's algorithm in AVX-512 F/BW/VL/BITALG instructions (three-input logic, rotations)",
        features: simd::AVX512_FEATURES,
        make: simd::avx512,
    },
    EngineSpec {
        name: "avx512+sse",
        summary: "avx512, and sse from the cells avx512 decided on a puzzle of 17 givens that needs more than 8 guesses (hard minimal puzzles)",
        features: &simd::AVX512_SSE_FEATURES,
        make: simd::avx512_sse,
    },
    EngineSpec {
        name: "avx2+sse",
        summary: "avx2, and sse for puzzles of 17 givens (hard minimal puzzles: sse's cell search is faster there)",
        features: &simd::AVX2_SSE_FEATURES,
        make: simd::avx2_sse,
    },
    EngineSpec {
        name: "avx2+sse-cells",
        summary: "avx2's propagation, and sse from the cells it decided on a puzzle of 17 givens that it cannot finish without a guess",
        features: &simd::AVX2_SSE_FEATURES,
        make: simd::avx2_sse_cells,
    },
];

/// Puzzles with at most this many givens go to a routed engine's second engine.
pub const FEW_GIVENS: usize = 17;

/// Whether a grid is one an engine made of two may give to sse: a possible minimal puzzle, of
/// [`MIN_CLUES`] to [`FEW_GIVENS`] givens. A sparser grid has no single solution, so it is no
/// minimal puzzle, and it stays on the box engine, whose box rules refute at once a sparse
/// grid with no solution that sse's cell search only refutes once stalled (found by the
/// engines fuzz target: `......347...9.....347...9..........2.8........5...`, 4.6M guesses
/// before searches widened their choice once stalled, about 11,000 since).
fn for_sse(grid: &Grid) -> bool {
    (MIN_CLUES..=FEW_GIVENS).contains(&grid.givens())
}

/// Two engines in one, by the puzzle: `few` for those of at most [`FEW_GIVENS`] givens (and
/// at least [`MIN_CLUES`]), `main` for the others.
///
/// Measured on AMD Zen 3, one thread, each class of puzzles a file of its own
/// (`docs/notes/2026-11-27-minimal-puzzles.md`): on the hard minimal puzzles (17 givens) of
/// top95 and `magictour_top1465`, sse counts to two 2.2-2.3x and finds the first solution
/// 1.3-1.4x faster than avx2, which makes more guesses there; over the whole `17_clue` set
/// the two are even, and so with 18 givens; with more givens avx2 is 1.25-1.3x faster.
/// On AVX-512 machines avx512 is faster than sse on the easy minimal puzzles (most of
/// `17_clue`), so avx512 hands over by guesses instead ([`Handover`]); on AMD Zen 5 avx2 is
/// too (1.34x), and there `avx2+sse-cells`, a hand-over after avx2's first propagation, is as
/// fast as this engine or faster on every set measured (`17_clue` by a quarter). The
/// calibration picks between them.
pub(crate) struct Routed {
    name: &'static str,
    main: Box<dyn Engine>,
    few: Box<dyn Engine>,
}

impl Routed {
    fn pick(&mut self, grid: &Grid) -> &mut dyn Engine {
        if for_sse(grid) {
            self.few.as_mut()
        } else {
            self.main.as_mut()
        }
    }
}

impl Engine for Routed {
    fn name(&self) -> &'static str {
        self.name
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        self.pick(grid).count(grid, limit)
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        self.pick(grid).visit(grid, visitor)
    }

    fn solve(&mut self, grid: &Grid) -> (Option<Grid>, Search) {
        self.pick(grid).solve(grid)
    }
}

/// How many guesses avx512 may make on a puzzle of 17 to [`FEW_GIVENS`] givens before
/// `avx512+sse` gives the puzzle to sse.
pub const HARD_GUESSES: u64 = 8;

/// The same for avx2 in `avx2+sse-cells`: none. Measured on AMD Zen 5 (avx2 against sse,
/// one thread, 3 interleaved rounds, medians; `docs/notes/2026-11-28-zen5.md`): budgets 0, 1,
/// 2, 3 and 8 give `17_clue` 697k, 719k, 723k, 736k, 741k first solutions a second, and the
/// hardest 1,501 of its puzzles counted to two 228k, 218k, 203k, 190k, 191k; 0 trades 6% of the
/// first for 20% of the second. (avx512's first propagation is cheaper beside sse's search:
/// on Zen 5 budgets 1 and 3 gave the hard ones' count at most 7% and cost `17_clue` up to 4%,
/// so 8 stays there.)
pub const AVX2_HARD_GUESSES: u64 = 0;

/// A box engine whose search can stop after a number of guesses, with a grid of the same
/// solutions to go on from (`count_within`, `solve_within` in `simdoku-simd`).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) trait Budgeted: Engine {
    fn count_within(&mut self, grid: &Grid, limit: u64, budget: u64) -> Result<Search, Grid>;
    fn solve_within(&mut self, grid: &Grid, budget: u64) -> Result<(Option<Grid>, Search), Grid>;
}

/// Two engines in one, by how hard the puzzle turns out: `main` searches every puzzle, but
/// one of 17 to [`FEW_GIVENS`] givens ([`for_sse`]) where it needs more than `budget` guesses
/// ([`HARD_GUESSES`] for avx512, [`AVX2_HARD_GUESSES`] for avx2) goes to `few`, which
/// searches afresh from the givens and the cells `main` had decided
/// (about 35 on a hard 17-given puzzle, where sse is 15-22% faster from those than from the
/// 17 givens; the hand-over as a whole a few percent faster, measured with avx2 as `main`).
/// The guesses reported are both engines'. Enumeration (`visit`) is `main`'s alone:
/// solutions already visited could not be taken back.
///
/// Measured on an Intel Emerald Rapids, one thread, `main` = avx512 (issue 30;
/// `docs/notes/2026-11-27-avx512-handover.md`): sse counts the hard minimal puzzles 1.5-2.5x
/// faster than avx512, but avx512 solves the easy ones (most of Royle's `17_clue`) 1.15-1.3x
/// faster than sse, so routing by the givens alone (as [`Routed`] does for avx2) costs
/// `17_clue` 16-23% there. Handing over after a few guesses keeps the easy ones: top95 counted
/// to two 1.15-1.21x faster than avx512, `17_clue` even (budgets of 4 to 12 alike within the
/// noise). What it cannot keep is most of sse's lead on the hardest minimal puzzles (1.1x
/// over avx512 where sse is 1.45-1.55x): avx512's first propagation of a sparse grid, lost at
/// the hand-over, costs about as much as sse's whole search of an easy one.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Handover<M> {
    name: &'static str,
    budget: u64,
    main: M,
    few: Box<dyn Engine>,
}

impl<M: Budgeted> Engine for Handover<M> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn count(&mut self, grid: &Grid, limit: u64) -> Search {
        if !for_sse(grid) {
            return self.main.count(grid, limit);
        }
        self.main
            .count_within(grid, limit, self.budget)
            .unwrap_or_else(|start| {
                let s = self.few.count(&start, limit);
                Search {
                    guesses: s.guesses + self.budget,
                    ..s
                }
            })
    }

    fn visit(&mut self, grid: &Grid, visitor: &mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Search {
        self.main.visit(grid, visitor)
    }

    fn solve(&mut self, grid: &Grid) -> (Option<Grid>, Search) {
        if !for_sse(grid) {
            return self.main.solve(grid);
        }
        self.main
            .solve_within(grid, self.budget)
            .unwrap_or_else(|start| {
                let (g, s) = self.few.solve(&start);
                let guesses = s.guesses + self.budget;
                (g, Search { guesses, ..s })
            })
    }
}

/// The routed engine `name` of `main` and `few`, when this CPU runs both.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn routed(
    name: &'static str,
    main: fn() -> Option<Box<dyn Engine>>,
    few: fn() -> Option<Box<dyn Engine>>,
) -> Option<Box<dyn Engine>> {
    Some(Box::new(Routed {
        name,
        main: main()?,
        few: few()?,
    }))
}

/// The SIMD engines: their constructors and the CPU features each declares (in
/// `simdoku-simd`, once per engine); on other targets none runs and none needs anything.
#[cfg(target_arch = "x86_64")]
mod simd {
    use super::boxed;
    use simdoku_core::{Engine, Grid, Search};
    use simdoku_simd::{avx2, avx512, sse};

    pub const SSE_FEATURES: &[&str] = sse::FEATURES;
    pub const AVX2_FEATURES: &[&str] = avx2::FEATURES;
    pub const AVX512_FEATURES: &[&str] = avx512::FEATURES;
    pub const AVX2_SSE_FEATURES: [&str; super::union_len(avx2::FEATURES, sse::FEATURES)] =
        super::union(avx2::FEATURES, sse::FEATURES);
    pub const AVX512_SSE_FEATURES: [&str; super::union_len(avx512::FEATURES, sse::FEATURES)] =
        super::union(avx512::FEATURES, sse::FEATURES);

    /// The box engines' budgeted searches, for [`super::Handover`].
    macro_rules! budgeted {
        ($($ty:ty),*) => {$(
            impl super::Budgeted for $ty {
                fn count_within(
                    &mut self,
                    grid: &Grid,
                    limit: u64,
                    budget: u64,
                ) -> Result<Search, Grid> {
                    <$ty>::count_within(self, grid, limit, budget)
                }

                fn solve_within(
                    &mut self,
                    grid: &Grid,
                    budget: u64,
                ) -> Result<(Option<Grid>, Search), Grid> {
                    <$ty>::solve_within(self, grid, budget)
                }
            }
        )*};
    }
    budgeted!(avx2::Avx2, avx512::Avx512);

    /// `name`: `main`, handing minimal puzzles it needs more than `budget` guesses for to sse.
    pub fn handover<M: super::Budgeted + 'static>(
        name: &'static str,
        main: Option<M>,
        budget: u64,
    ) -> Option<Box<dyn Engine>> {
        Some(Box::new(super::Handover {
            name,
            budget,
            main: main?,
            few: sse()?,
        }))
    }

    pub fn sse() -> Option<Box<dyn Engine>> {
        sse::Sse::new().map(boxed)
    }

    pub fn avx2() -> Option<Box<dyn Engine>> {
        avx2::Avx2::new().map(boxed)
    }

    pub fn avx512() -> Option<Box<dyn Engine>> {
        avx512::Avx512::new().map(boxed)
    }

    pub fn avx2_sse() -> Option<Box<dyn Engine>> {
        super::routed("avx2+sse", avx2, sse)
    }

    pub fn avx512_sse() -> Option<Box<dyn Engine>> {
        handover("avx512+sse", avx512::Avx512::new(), super::HARD_GUESSES)
    }

    pub fn avx2_sse_cells() -> Option<Box<dyn Engine>> {
        handover(
            "avx2+sse-cells",
            avx2::Avx2::new(),
            super::AVX2_HARD_GUESSES,
        )
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod simd {
    use simdoku_core::Engine;

    pub const SSE_FEATURES: &[&str] = &[];
    pub const AVX2_FEATURES: &[&str] = &[];
    pub const AVX512_FEATURES: &[&str] = &[];
    pub const AVX2_SSE_FEATURES: [&str; 0] = [];
    pub const AVX512_SSE_FEATURES: [&str; 0] = [];

    pub fn sse() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx2() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx512() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx2_sse() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx512_sse() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx2_sse_cells() -> Option<Box<dyn Engine>> {
        None
    }
}

/// Whether two feature names are the same (`==` on strings is not `const`).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `list` holds `name`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn holds(list: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < list.len() {
        if same(list[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

/// How many names `a` and `b` hold together, each once (`a` and `b` each without repeats).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn union_len(a: &[&str], b: &[&str]) -> usize {
    let mut n = a.len();
    let mut i = 0;
    while i < b.len() {
        if !holds(a, b[i]) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// `a`, then the names of `b` that `a` lacks, as one array of [`union_len`] names (a routed
/// engine needs the features of both its engines).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn union<const N: usize>(a: &[&'static str], b: &[&'static str]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut n = 0;
    while n < a.len() {
        out[n] = a[n];
        n += 1;
    }
    let mut i = 0;
    while i < b.len() {
        if !holds(a, b[i]) {
            out[n] = b[i];
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "N is union_len(a, b)");
    out
}

/// Fastest first, per kind of work; `best` takes the first one this CPU runs.
pub static RANKING: &[(Work, &[&str])] = &[
    (
        Work::First,
        &[
            "avx512",
            "avx512+sse",
            "avx2+sse",
            "avx2+sse-cells",
            "avx2",
            "sse",
            "scalar",
            "bands",
        ],
    ),
    (
        Work::Count,
        &[
            "avx512+sse",
            "avx512",
            "avx2+sse",
            "avx2+sse-cells",
            "avx2",
            "sse",
            "scalar",
            "bands",
        ],
    ),
    (
        Work::Enumerate,
        &[
            "avx512",
            "sse",
            "avx2",
            "avx512+sse",
            "avx2+sse",
            "avx2+sse-cells",
            "bands",
            "scalar",
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use simdoku_core::testkit::{Rng, bench_set, remove_cells};

    /// top95, every `step`-th puzzle of `17_clue`, and top95's first puzzle with `fewer`
    /// of its givens taken away at random (several solutions, fewer givens than 17), which
    /// is also returned alone.
    fn minimal_and_sparse(step: usize, fewer: usize) -> (Vec<Grid>, Grid) {
        let mut puzzles: Vec<Grid> = bench_set("top95");
        puzzles.extend(bench_set("17_clue").into_iter().step_by(step));
        let sparse = remove_cells(&puzzles[0], puzzles[0].givens() - fewer, &mut Rng::new(5));
        puzzles.push(sparse);
        (puzzles, sparse)
    }

    /// `avx2+sse` answers as the scalar engine does (solutions, counts, every solution in
    /// order of neither), and goes by the givens: a puzzle of 17 is searched by sse (the same
    /// guesses), any other by avx2 (a sparse grid too).
    #[test]
    fn the_routed_engine_answers_right_and_goes_by_the_givens() {
        let Some(mut routed) = (simd::avx2_sse)() else {
            return; // no AVX2 here
        };
        let (mut avx2, mut sse) = ((simd::avx2)().unwrap(), (simd::sse)().unwrap());
        let mut scalar = Scalar::new();
        let (puzzles, _) = minimal_and_sparse(500, 3);
        let (mut few, mut more) = (0, 0);
        for p in &puzzles {
            let r = routed.count(p, 2);
            assert_eq!(r.solutions, scalar.count(p, 2).solutions, "{p}");
            let by = if for_sse(p) {
                few += 1;
                &mut sse
            } else {
                more += 1;
                &mut avx2
            };
            assert_eq!(r, by.count(p, 2), "{p}");
            let (s, search) = routed.solve(p);
            assert_eq!((s, search), by.solve(p), "{p}");
            let s = s.expect("these puzzles have solutions");
            assert!(s.is_full() && (0..81).all(|i| p.get(i) == 0 || p.get(i) == s.get(i)));
            assert_eq!(routed.count(p, 300), by.count(p, 300), "{p}");
        }
        assert!(few > 100 && more > 50, "{few} {more}");
        assert_eq!(routed.name(), "avx2+sse");
        // Sparse grids with no solution that sse refutes only after 308k and 4.6M guesses.
        for text in [
            "......347...9.....347...9..9.....26.8..5.........................................",
            "......347...9.....347...9..........2.8........5..................................",
        ] {
            let g: Grid = text.parse().unwrap();
            let r = routed.count(&g, 2);
            assert_eq!(r.solutions, 0, "{text}");
            assert!(r.guesses <= 10, "{text}: {} guesses", r.guesses);
        }
    }

    /// A handing-over engine answers as the scalar engine does, and gives a puzzle to sse
    /// exactly when it has 17 givens (no fewer: a sparser grid is no puzzle) and the box engine needs more than its budget of
    /// guesses to answer (the guesses reported are then sse's and those spent); enumeration is
    /// the box engine's. Over avx2 with avx512's budget (the same code as over avx512, which
    /// this CPU may lack), `avx2+sse-cells`, and `avx512+sse` itself where the CPU has it.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_handover_engine_gives_hard_minimal_puzzles_to_sse() {
        use simdoku_simd::{avx2::Avx2, avx512::Avx512};
        if Avx2::new().is_some() {
            let h = simd::handover("avx2 handover", Avx2::new(), HARD_GUESSES).unwrap();
            check_handover(h, Avx2::new().unwrap(), HARD_GUESSES);
            let h = (simd::avx2_sse_cells)().unwrap();
            assert_eq!(h.name(), "avx2+sse-cells");
            check_handover(h, Avx2::new().unwrap(), AVX2_HARD_GUESSES);
        }
        if let Some(h) = (simd::avx512_sse)() {
            assert_eq!(h.name(), "avx512+sse");
            check_handover(h, Avx512::new().unwrap(), HARD_GUESSES);
        }
    }

    #[cfg(target_arch = "x86_64")]
    fn check_handover<M: Budgeted>(mut h: Box<dyn Engine>, mut main: M, budget: u64) {
        let mut sse = (simd::sse)().unwrap();
        let mut scalar = Scalar::new();
        let (puzzles, sparse) = minimal_and_sparse(100, 2);
        let (mut handed, mut kept) = (0, 0);
        for p in &puzzles {
            let hard = |s: Search| for_sse(p) && s.guesses > budget;
            for limit in [1, 2, 10] {
                let (r, m) = (h.count(p, limit), main.count(p, limit));
                assert_eq!(r.solutions, scalar.count(p, limit).solutions, "{p}");
                if hard(m) {
                    // sse goes on from the grid the box engine gave up with.
                    let start = main.count_within(p, limit, budget).unwrap_err();
                    let s = sse.count(&start, limit);
                    let guesses = s.guesses + budget;
                    assert_eq!(r, Search { guesses, ..s }, "{p}");
                    handed += 1;
                } else {
                    assert_eq!(r, m, "{p}");
                    kept += 1;
                }
            }
            let (r, m) = (h.solve(p), main.solve(p));
            let g = r.0.expect("these puzzles have solutions");
            simdoku_core::rules::check_solution(p, &g).unwrap();
            if hard(m.1) {
                let start = main.solve_within(p, budget).unwrap_err();
                let (g, s) = sse.solve(&start);
                let guesses = s.guesses + budget;
                assert_eq!(r, (g, Search { guesses, ..s }), "{p}");
            } else {
                assert_eq!(r, m, "{p}");
            }
        }
        assert!(handed > 20 && kept > 500, "{handed} {kept}");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let ra = h.visit(&sparse, &mut |g| {
            a.push(*g);
            ControlFlow::Continue(())
        });
        let rb = main.visit(&sparse, &mut |g| {
            b.push(*g);
            ControlFlow::Continue(())
        });
        assert_eq!((ra, &a), (rb, &b));
        assert!(a.len() > 1);
    }
}
