//! x86-64 SIMD engines. The only crate of the workspace with `unsafe` and `std::arch`.
//!
//! One folder per instruction set, beside the algorithm they share:
//! * [`sse`]: the `sse` engine (its band-word rules are `simdoku_core::bandwords`, written once
//!   for it and for core's `scalar`);
//! * `dpll` (private): the box-variable DPLL search, written once over its `Vector` trait;
//! * [`avx2`] and [`avx512`]: that search's two instantiations, the engines `avx2` and
//!   `avx512`;
//! * `rows` (private, behind [`first_single`] and [`kept_counts`]): kernels of the game's
//!   endgame search.
//!
//! Each engine declares the CPU features it needs once, with `features!`: the list becomes
//! the engine module's `FEATURES` constant (which the dispatch crate's registry shows), the
//! check its safe constructor makes (it returns `None` when the CPU lacks one), and the
//! `#[target_feature]` attributes of its search functions. [`cpu_has`] answers for any feature
//! an engine declares. Every `unsafe` block carries a `// SAFETY:` line. On other targets this
//! crate is empty.
#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

/// Declares an engine's CPU features once, in the engine's module:
///
/// ```text
/// features!($ with_avx2 = ["avx2", "bmi1", "bmi2", "popcnt"]);
/// ```
///
/// makes
/// * `pub const FEATURES: &[&str]`, the names as `is_x86_feature_detected!` spells them;
/// * `fn detected() -> bool`, whether this CPU has them all (the constructor's check);
/// * `pub(crate) fn cpu_has(&str) -> Option<bool>`, the check of one of them by name;
/// * the macro `with_avx2! { items }`, which compiles the items with every feature enabled
///   (one `#[target_feature]` attribute a feature: attribute values must be literals, so
///   they are written out here from the same list).
///
/// The leading `$` is passed in because a macro cannot spell the `$` of the macro it defines
/// on stable Rust.
#[cfg(target_arch = "x86_64")]
macro_rules! features {
    ($d:tt $with:ident = [$($f:tt),+ $(,)?]) => {
        /// The CPU features this engine needs, as `is_x86_feature_detected!` spells them.
        pub const FEATURES: &[&str] = &[$($f),+];

        /// Whether this CPU has every one of [`FEATURES`].
        fn detected() -> bool {
            $(std::arch::is_x86_feature_detected!($f))&&+
        }

        /// Whether this CPU has `feature`, when it is one of [`FEATURES`].
        pub(crate) fn cpu_has(feature: &str) -> Option<bool> {
            match feature {
                $($f => Some(std::arch::is_x86_feature_detected!($f)),)+
                _ => None,
            }
        }

        /// Compiles the items with every one of [`FEATURES`] enabled.
        macro_rules! $with {
            ($d($d item:item)*) => {
                $d(
                    $(#[target_feature(enable = $f)])+
                    $d item
                )*
            };
        }
    };
}

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
mod cpuid;
#[cfg(target_arch = "x86_64")]
mod dpll;
#[cfg(target_arch = "x86_64")]
mod rows;
#[cfg(target_arch = "x86_64")]
pub mod sse;

#[cfg(target_arch = "x86_64")]
pub use cpuid::{CpuModel, cpu_model};

/// Asks the CPU to bring the cache line holding `*value` into its caches ahead of a read (a
/// hint: no effect on what any code computes; nothing on other targets). The game's endgame
/// issues one per candidate move before it probes its transposition table for them, so that
/// the table's cache misses overlap instead of following one another.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that reads nothing into the program and cannot fault; SSE
    // is part of the x86-64 baseline, and the pointer comes from a valid reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// In the rows `picked` of `rows` (`k` bytes a row, row `r` at `rows[r * k..]`), the first
/// column (`0..k`) where some value (a byte's low four bits) occurs in exactly one picked row,
/// with the smallest such value there; the game's endgame asks it of a position (a set of
/// solutions) for a move that keeps one solution. [`Unsupported`] where this CPU lacks AVX2
/// (or on other targets): the caller's own loop answers then. Bytes past the end of `rows`
/// read as zero.
///
/// # Errors
/// [`Unsupported`] without AVX2.
pub fn first_single(
    rows: &[u8],
    k: usize,
    picked: &[u32],
) -> Result<Option<(usize, u8)>, Unsupported> {
    #[cfg(target_arch = "x86_64")]
    {
        rows::first_single(rows, k, picked)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (rows, k, picked);
        Err(Unsupported)
    }
}

/// Per mask of `masks`, how many bits of `set` it keeps (`(set & mask).count_ones()`), into
/// `counts` (as many as both hold), with the `popcnt` instruction where the CPU has it: the
/// game's endgame asks it of a small position (a mask over at most 64 solutions) for every
/// move at once.
pub fn kept_counts(masks: &[u64], set: u64, counts: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    {
        rows::kept_counts(masks, set, counts);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        for (c, &m) in counts.iter_mut().zip(masks) {
            *c = (set & m).count_ones();
        }
    }
}

/// A kernel's answer where this CPU lacks the instructions it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported;

/// Whether this CPU has `feature`, for every feature some engine declares (its `FEATURES`);
/// `None` for any other name, and on targets without these engines.
pub fn cpu_has(feature: &str) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    {
        sse::cpu_has(feature)
            .or_else(|| avx2::cpu_has(feature))
            .or_else(|| avx512::cpu_has(feature))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        None
    }
}
