//! The engine table (each SIMD engine's CPU features as its module in `simdoku-simd` declares
//! them) and the static ranking, backed by the figures in BENCHMARKS.md.

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
];

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

    pub fn sse() -> Option<Box<dyn Engine>> {
        sse::Sse::new().map(boxed)
    }

    pub fn avx2() -> Option<Box<dyn Engine>> {
        avx2::Avx2::new().map(boxed)
    }

    pub fn avx512() -> Option<Box<dyn Engine>> {
        avx512::Avx512::new().map(boxed)
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod simd {
    use simdoku_core::Engine;

    pub const SSE_FEATURES: &[&str] = &[];
    pub const AVX2_FEATURES: &[&str] = &[];
    pub const AVX512_FEATURES: &[&str] = &[];

    pub fn sse() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx2() -> Option<Box<dyn Engine>> {
        None
    }

    pub fn avx512() -> Option<Box<dyn Engine>> {
        None
    }
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
