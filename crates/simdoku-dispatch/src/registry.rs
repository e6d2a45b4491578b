//! The engine table and the ranking, backed by the figures in BENCHMARKS.md.

use simdoku_core::Engine;
use simdoku_core::bands::Bands;
use simdoku_core::scalar::Scalar;

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
        features: &["sse2", "ssse3", "sse4.1", "popcnt"],
        make: make_sse,
    },
    EngineSpec {
        name: "avx2",
        summary: "box a/h/v variables, 135 per box in one 256-bit vector, DPLL on sum equations",
        features: &["avx2", "bmi1", "bmi2", "popcnt"],
        make: make_avx2,
    },
    EngineSpec {
        name: "avx512",
        summary: "the avx2 engine's algorithm in AVX-512 F/BW/VL/BITALG instructions (three-input logic, rotations)",
        features: &[
            "avx2",
            "bmi1",
            "bmi2",
            "popcnt",
            "avx512f",
            "avx512bw",
            "avx512vl",
            "avx512bitalg",
        ],
        make: make_avx512,
    },
];

#[cfg(target_arch = "x86_64")]
fn make_sse() -> Option<Box<dyn Engine>> {
    simdoku_simd::sse::Sse::new().map(boxed)
}

#[cfg(target_arch = "x86_64")]
fn make_avx2() -> Option<Box<dyn Engine>> {
    simdoku_simd::avx2::Avx2::new().map(boxed)
}

#[cfg(target_arch = "x86_64")]
fn make_avx512() -> Option<Box<dyn Engine>> {
    simdoku_simd::avx2::Avx512::new().map(boxed)
}

#[cfg(not(target_arch = "x86_64"))]
fn make_avx512() -> Option<Box<dyn Engine>> {
    None
}

#[cfg(not(target_arch = "x86_64"))]
fn make_sse() -> Option<Box<dyn Engine>> {
    None
}

#[cfg(not(target_arch = "x86_64"))]
fn make_avx2() -> Option<Box<dyn Engine>> {
    None
}

/// Fastest first, per kind of work; `best` takes the first one this CPU runs.
pub static RANKING: &[(Work, &[&str])] = &[
    (Work::First, &["avx512", "avx2", "sse", "scalar", "bands"]),
    (Work::Count, &["avx512", "avx2", "sse", "scalar", "bands"]),
    (
        Work::Enumerate,
        &["avx512", "sse", "avx2", "bands", "scalar"],
    ),
];
