//! The engine table (each SIMD engine's CPU features as its module in `simdoku-simd` declares
//! them) and the static ranking, backed by the figures in BENCHMARKS.md.

use std::ops::ControlFlow;

use simdoku_core::bands::Bands;
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
        name: "avx2+sse",
        summary: "avx2, and sse for puzzles of at most 17 givens (hard minimal puzzles: sse's cell search is faster there)",
        features: &simd::AVX2_SSE_FEATURES,
        make: simd::avx2_sse,
    },
];

/// Puzzles with at most this many givens go to a routed engine's second engine.
pub const FEW_GIVENS: usize = 17;

/// Two engines in one, by the puzzle: `few` for those of at most [`FEW_GIVENS`] givens,
/// `main` for the others.
///
/// Measured on AMD Zen 3, one thread, each class of puzzles a file of its own
/// (`docs/notes/2026-11-27-minimal-puzzles.md`): on the hard minimal puzzles (17 givens) of
/// top95 and `magictour_top1465`, sse counts to two 2.2-2.3x and finds the first solution
/// 1.3-1.4x faster than avx2, which makes more guesses there; over the whole `17_clue` set
/// the two are even, and so with 18 givens; with more givens avx2 is 1.25-1.3x faster.
/// On AVX-512 machines avx512 is much faster than sse on easy minimal puzzles (`17_clue`), so
/// there is no such pairing for it.
pub(crate) struct Routed {
    name: &'static str,
    main: Box<dyn Engine>,
    few: Box<dyn Engine>,
}

impl Routed {
    fn pick(&mut self, grid: &Grid) -> &mut dyn Engine {
        if grid.givens() <= FEW_GIVENS {
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
    use simdoku_core::Engine;
    use simdoku_simd::{avx2, avx512, sse};

    pub const SSE_FEATURES: &[&str] = sse::FEATURES;
    pub const AVX2_FEATURES: &[&str] = avx2::FEATURES;
    pub const AVX512_FEATURES: &[&str] = avx512::FEATURES;
    pub const AVX2_SSE_FEATURES: [&str; super::union_len(avx2::FEATURES, sse::FEATURES)] =
        super::union(avx2::FEATURES, sse::FEATURES);

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
}

#[cfg(not(target_arch = "x86_64"))]
mod simd {
    use simdoku_core::Engine;

    pub const SSE_FEATURES: &[&str] = &[];
    pub const AVX2_FEATURES: &[&str] = &[];
    pub const AVX512_FEATURES: &[&str] = &[];
    pub const AVX2_SSE_FEATURES: [&str; 0] = [];

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
        &["avx512", "avx2+sse", "avx2", "sse", "scalar", "bands"],
    ),
    (
        Work::Count,
        &["avx512", "avx2+sse", "avx2", "sse", "scalar", "bands"],
    ),
    (
        Work::Enumerate,
        &["avx512", "sse", "avx2", "avx2+sse", "bands", "scalar"],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use simdoku_core::testkit::bench_set;

    /// `avx2+sse` answers as the scalar engine does (solutions, counts, every solution in
    /// order of neither), and goes by the givens: a puzzle of at most 17 is searched by sse
    /// (the same guesses), any other by avx2.
    #[test]
    fn the_routed_engine_answers_right_and_goes_by_the_givens() {
        let Some(mut routed) = (simd::avx2_sse)() else {
            return; // no AVX2 here
        };
        let (mut avx2, mut sse) = ((simd::avx2)().unwrap(), (simd::sse)().unwrap());
        let mut scalar = Scalar::new();
        let mut puzzles: Vec<Grid> = bench_set("top95");
        puzzles.extend(bench_set("17_clue").into_iter().step_by(500));
        // Fewer givens than 17: many solutions.
        let mut sparse = puzzles[0];
        let given: Vec<usize> = (0..81).filter(|&i| sparse.get(i) != 0).take(3).collect();
        for i in given {
            sparse.set(i, 0);
        }
        puzzles.push(sparse);
        let (mut few, mut more) = (0, 0);
        for p in &puzzles {
            let r = routed.count(p, 2);
            assert_eq!(r.solutions, scalar.count(p, 2).solutions, "{p}");
            let by = if p.givens() <= FEW_GIVENS {
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
    }
}
