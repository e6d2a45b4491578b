//! Engine selection and batch work.
//!
//! The CPU is examined once; [`ENGINES`] lists every engine with the features it needs, and
//! [`best`] hands out the fastest one this CPU runs for a kind of [`Work`] (measured here by
//! [`calibrate`] when the program asks for it, else by the static [`RANKING`]). Each SIMD engine
//! declares its CPU features once, in `simdoku-simd` (`sse::FEATURES`, ...); [`cpu_features`]
//! is derived from those declarations.
//! [`pipeline`] is the ordered batch pipeline (bounded memory, panics caught per item,
//! progress).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod calibrate;
pub mod check;
pub mod pipeline;
mod registry;

use std::fmt;
use std::sync::OnceLock;

pub use registry::{ENGINES, RANKING};
pub use simdoku_core::{Engine, Grid, Search};

/// The kinds of work engines are ranked for (the ranking may differ between them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Work {
    /// The first solution.
    First,
    /// Counting to a small limit (uniqueness checks).
    Count,
    /// Visiting many solutions.
    Enumerate,
}

impl Work {
    /// Every kind of work.
    pub const ALL: [Work; 3] = [Work::First, Work::Count, Work::Enumerate];
    /// The name shown in `simdoku engines`.
    pub fn name(self) -> &'static str {
        match self {
            Work::First => "first solution",
            Work::Count => "count",
            Work::Enumerate => "enumerate",
        }
    }
}

/// One engine: its name, what it needs, and how to make one.
pub struct EngineSpec {
    /// The name `by_name` and `--engine` take.
    pub name: &'static str,
    /// One line on how it works.
    pub summary: &'static str,
    /// CPU features it needs (names as `is_x86_feature_detected!` spells them), as the engine
    /// declares them in `simdoku-simd`.
    pub features: &'static [&'static str],
    /// Makes the engine; `None` when this CPU (or target) cannot run it.
    pub make: fn() -> Option<Box<dyn Engine>>,
}

impl fmt::Debug for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineSpec")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl EngineSpec {
    /// True when this CPU runs the engine (checked once, then cached).
    pub fn available(&'static self) -> bool {
        static AVAILABLE: OnceLock<Vec<bool>> = OnceLock::new();
        let table =
            AVAILABLE.get_or_init(|| ENGINES.iter().map(|e| (e.make)().is_some()).collect());
        ENGINES
            .iter()
            .position(|e| std::ptr::eq(e, self))
            .is_some_and(|i| table[i])
    }

    /// A new engine. Panics if unavailable: check [`EngineSpec::available`] or use [`by_name`].
    pub fn engine(&self) -> Box<dyn Engine> {
        (self.make)().unwrap_or_else(|| panic!("engine {} is not available here", self.name))
    }

    /// The features it needs that this CPU lacks.
    pub fn missing_features(&self) -> Vec<&'static str> {
        let cpu = cpu_features();
        self.features
            .iter()
            .copied()
            .filter(|f| !cpu.iter().any(|(name, has)| name == f && *has))
            .collect()
    }
}

/// Why an engine cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DispatchError {
    /// No engine has this name.
    Unknown(String),
    /// The engine exists but this CPU (or target) cannot run it.
    Unavailable {
        /// The engine.
        name: &'static str,
        /// The CPU features it needs that this CPU lacks.
        missing: Vec<&'static str>,
    },
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DispatchError::Unknown(name) => {
                let names: Vec<_> = ENGINES.iter().map(|e| e.name).collect();
                write!(
                    f,
                    "unknown engine {name:?} (engines: auto, {})",
                    names.join(", ")
                )
            }
            DispatchError::Unavailable { name, missing } if missing.is_empty() => {
                write!(f, "engine {name} is not available on this target")
            }
            DispatchError::Unavailable { name, missing } => {
                write!(
                    f,
                    "engine {name} needs CPU features this CPU lacks: {}",
                    missing.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for DispatchError {}

/// The engine called `name`, if this CPU runs it.
pub fn by_name(name: &str) -> Result<&'static EngineSpec, DispatchError> {
    let spec = ENGINES
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| DispatchError::Unknown(name.to_string()))?;
    if spec.available() {
        Ok(spec)
    } else {
        Err(DispatchError::Unavailable {
            name: spec.name,
            missing: spec.missing_features(),
        })
    }
}

/// The fastest engine this CPU runs for `work`: measured on this CPU when this process
/// calibrates (see [`calibrate`]: once per process, cached per CPU model), else by the static
/// ranking ([`by_ranking`]). Cheap after the first call.
pub fn best(work: Work) -> &'static EngineSpec {
    calibrate::pick(work).unwrap_or_else(|| by_ranking(work))
}

/// The first engine this CPU runs in the static ranking [`RANKING`] for `work` (measured on
/// other machines: `auto`'s fallback).
pub fn by_ranking(work: Work) -> &'static EngineSpec {
    RANKING
        .iter()
        .filter(|(w, _)| *w == work)
        .flat_map(|(_, names)| names.iter())
        .find_map(|n| by_name(n).ok())
        .unwrap_or(&ENGINES[0])
}

/// `$SIMDOKU_ENGINE` when it names something other than `auto`: what [`choose`] takes for
/// `auto` (a name that is no engine included, which `choose` then refuses).
pub fn engine_override() -> Option<String> {
    std::env::var("SIMDOKU_ENGINE")
        .ok()
        .filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("auto"))
}

/// Resolves a user's choice: `auto` (or none) means `$SIMDOKU_ENGINE` if set, else [`best`].
pub fn choose(name: Option<&str>, work: Work) -> Result<&'static EngineSpec, DispatchError> {
    match name.filter(|n| !n.eq_ignore_ascii_case("auto")) {
        Some(n) => by_name(n),
        None => engine_override().map_or_else(|| Ok(best(work)), |v| by_name(&v)),
    }
}

/// The CPU features the engines need (the union of their [`EngineSpec::features`], in
/// [`ENGINES`] order), and whether this CPU has each (detected once).
pub fn cpu_features() -> &'static [(&'static str, bool)] {
    static FEATURES: OnceLock<Vec<(&'static str, bool)>> = OnceLock::new();
    FEATURES.get_or_init(|| {
        let mut out: Vec<(&'static str, bool)> = Vec::new();
        for &name in ENGINES.iter().flat_map(|e| e.features) {
            if out.iter().all(|(n, _)| *n != name) {
                out.push((name, simdoku_simd::cpu_has(name).unwrap_or(false)));
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_is_named_once_and_ranked_names_exist() {
        for (i, e) in ENGINES.iter().enumerate() {
            assert!(ENGINES[i + 1..].iter().all(|o| o.name != e.name));
        }
        for (_, names) in RANKING {
            for n in *names {
                assert!(ENGINES.iter().any(|e| e.name == *n), "{n}");
            }
        }
        assert!(by_name("scalar").is_ok());
        assert!(matches!(by_name("nope"), Err(DispatchError::Unknown(_))));
        for w in Work::ALL {
            assert!(best(w).available());
        }
    }

    #[test]
    fn the_feature_list_is_the_engines_declarations() {
        let names: Vec<&str> = cpu_features().iter().map(|(n, _)| *n).collect();
        for e in ENGINES {
            for f in e.features {
                assert!(names.contains(f), "{}: {f}", e.name);
            }
            // An engine that declares features is available exactly when the CPU has them all.
            if !e.features.is_empty() {
                assert_eq!(e.missing_features().is_empty(), e.available(), "{}", e.name);
            }
        }
        for (name, has) in cpu_features() {
            assert!(ENGINES.iter().any(|e| e.features.contains(name)), "{name}");
            assert_eq!(simdoku_simd::cpu_has(name), Some(*has), "{name}");
        }
    }
}
