//! `auto` by measurement on the machine it runs on: a short timing of every engine this CPU
//! runs, per kind of [`Work`], on a built-in sample, cached per CPU model.
//!
//! An engine's speed is a property of the microarchitecture as much as of the code (on an
//! Intel Emerald Rapids `sse` counts top95 14% faster than `avx512`; on an AVX2-only Intel
//! `sse` beats `avx2` on five of eight set x mode rows, on AMD Zen 3 on one), so a ranking
//! measured elsewhere ([`RANKING`](crate::RANKING)) is only the fallback.
//!
//! # Method
//! The sample is built in: 100 puzzles, 20 each from five bundled sets (hard, easy, minimal,
//! many-solution) for first solution and count to 2, and four puzzles with 3,105 solutions in
//! all for enumerate. Each engine runs each set of the sample [`REPS`] times, the engines
//! interleaved (so that drift on a shared machine hits all of them alike), on the calling
//! thread; per set the fastest run counts (noise only adds time), and an engine's figure is
//! the geometric mean of its five sets' rates, so that each kind of puzzle weighs alike (timed
//! as a whole, the hardest set, whose puzzles take ten times as long, decided alone). About
//! 0.3 s of CPU time in all on a Zen 3 core (five engines), once per CPU model.
//!
//! # Cache
//! The result goes to `calibration-<vendor>-<family>-<model>-<stepping>.json` in the cache
//! directory (`$SIMDOKU_CACHE_DIR`, else the user's cache directory + `simdoku`, e.g.
//! `~/.cache/simdoku`), with the CPU's identity, the version of the code that measured it and
//! how it measured (`"method"`). A file for another CPU, another version or method, a corrupt
//! one, or one naming engines that do not exist is ignored and measured again (and rewritten); a directory that cannot be written
//! leaves the measurement in memory for this process only. Nothing here is an error: the worst
//! case is the static ranking.
//!
//! # When
//! At most once per process, lazily, the first time [`best`](crate::best) is asked (a
//! `OnceLock`: later calls read the pick). The library does not calibrate unless asked: a
//! library should not time things or write to the user's cache directory behind its caller's
//! back, and its choice stays the same from run to run. A program opts in with
//! [`enable_by_default`] (the `simdoku` command does); `SIMDOKU_CALIBRATE=0` turns it off and
//! `SIMDOKU_CALIBRATE=1` on, whatever the program says; `SIMDOKU_ENGINE` overrides `auto`
//! altogether (see [`choose`](crate::choose)).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use simdoku_core::{Engine, Grid};

use crate::{ENGINES, EngineSpec, Work, by_name};

/// First solution and count: 20 puzzles from each of five bundled sets.
const SOLVE_SAMPLE: &str = include_str!("../data/calibration-solve.txt");
/// Enumerate: four puzzles, 3,105 solutions.
const ENUMERATE_SAMPLE: &str = include_str!("../data/calibration-enumerate.txt");
/// Timed runs of each sample per engine; the fastest is kept.
pub const REPS: usize = 7;
/// How the rates were measured, kept in the cache file: a file measured another way is
/// measured again (raise it when the method, the list of engines or their relative speeds
/// change). 1 (a file without it): the whole solve sample timed at once; 2: its five sets one
/// by one, the rates' geometric mean, and the routed engine `avx2+sse` among those measured;
/// 3: `avx512+sse` among them too; 4: `avx2+sse-cells` too; 5: as 4, after avx512's and avx2's
/// box passes became 7-15% faster (a ranking measured before may no longer hold).
const METHOD: u64 = 5;

/// The key of a kind of work in the cache file.
fn key(work: Work) -> &'static str {
    match work {
        Work::First => "first",
        Work::Count => "count",
        Work::Enumerate => "enumerate",
    }
}

/// One calibration: the CPU it was measured on and each engine's rate per kind of work.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// The CPU model's key: `vendor-family-model-stepping` (`AuthenticAMD-25-1-1`).
    pub cpu: String,
    /// The CPU's brand string.
    pub brand: String,
    /// The version of the code that measured (a cache from another version is measured again).
    pub version: String,
    /// How long the measurement took.
    pub took: Duration,
    /// Per kind of work, each engine measured and its rate (puzzles a second; solutions a
    /// second for [`Work::Enumerate`]), fastest first.
    pub rates: Vec<(Work, Vec<(&'static str, f64)>)>,
}

impl Calibration {
    /// The measured rates for `work`, fastest first.
    pub fn rates(&self, work: Work) -> &[(&'static str, f64)] {
        self.rates
            .iter()
            .find(|(w, _)| *w == work)
            .map_or(&[], |(_, r)| r.as_slice())
    }

    /// The fastest measured engine for `work` that this CPU runs (never one it lacks).
    pub fn pick(&self, work: Work) -> Option<&'static EngineSpec> {
        self.rates(work).iter().find_map(|(n, _)| by_name(n).ok())
    }

    /// The cache file's contents.
    pub fn to_json(&self) -> String {
        let mut rates = Map::new();
        for (work, list) in &self.rates {
            let m: Map<String, Value> = list.iter().map(|(n, r)| ((*n).into(), json!(r))).collect();
            rates.insert(key(*work).into(), Value::Object(m));
        }
        let v = json!({
            "cpu": self.cpu,
            "brand": self.brand,
            "version": self.version,
            "method": METHOD,
            "took_ms": self.took.as_secs_f64() * 1e3,
            "rates": rates,
        });
        serde_json::to_string_pretty(&v).expect("a JSON value serialises") + "\n"
    }

    /// A calibration read back from `text`, if it is one for `cpu` measured by this version
    /// of the code, every engine it names exists, and every kind of work has a rate.
    pub fn from_json(text: &str, cpu: &str) -> Result<Calibration, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let field = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default();
        if field("cpu") != cpu {
            return Err(format!("measured on another CPU ({:?})", field("cpu")));
        }
        if field("version") != env!("CARGO_PKG_VERSION") {
            return Err(format!(
                "measured by another version ({:?})",
                field("version")
            ));
        }
        if v.get("method").and_then(Value::as_u64) != Some(METHOD) {
            return Err(format!(
                "measured another way (method {}, now {METHOD})",
                v.get("method").and_then(Value::as_u64).unwrap_or(1)
            ));
        }
        let mut rates = Vec::new();
        for work in Work::ALL {
            let m = v
                .get("rates")
                .and_then(|r| r.get(key(work)))
                .and_then(Value::as_object)
                .ok_or_else(|| format!("no rates for {}", key(work)))?;
            let mut list = Vec::new();
            for (name, rate) in m {
                let spec = ENGINES
                    .iter()
                    .find(|e| e.name == name)
                    .ok_or_else(|| format!("unknown engine {name:?}"))?;
                let rate = rate
                    .as_f64()
                    .filter(|r| r.is_finite() && *r >= 0.0)
                    .ok_or_else(|| format!("bad rate for {name}"))?;
                list.push((spec.name, rate));
            }
            if list.is_empty() {
                return Err(format!("no rates for {}", key(work)));
            }
            list.sort_by(|a, b| b.1.total_cmp(&a.1));
            rates.push((work, list));
        }
        Ok(Calibration {
            cpu: cpu.to_string(),
            brand: field("brand").to_string(),
            version: field("version").to_string(),
            took: Duration::from_secs_f64(
                v.get("took_ms")
                    .and_then(Value::as_f64)
                    .unwrap_or(0.0)
                    .max(0.0)
                    / 1e3,
            ),
            rates,
        })
    }
}

/// This CPU model's key (`vendor-family-model-stepping`) and brand string.
pub fn cpu_identity() -> (String, String) {
    #[cfg(target_arch = "x86_64")]
    {
        let m = simdoku_simd::cpu_model();
        let vendor: String = m
            .vendor
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        let key = format!("{vendor}-{}-{}-{}", m.family, m.model, m.stepping);
        (key, m.brand)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        (std::env::consts::ARCH.to_string(), String::new())
    }
}

/// The cache directory: `$SIMDOKU_CACHE_DIR`, else the user's cache directory + `simdoku`.
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os("SIMDOKU_CACHE_DIR") {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::cache_dir().map(|d| d.join("simdoku")),
    }
}

/// The cache file for the CPU `cpu` in `dir`.
pub fn cache_file(dir: &Path, cpu: &str) -> PathBuf {
    dir.join(format!("calibration-{cpu}.json"))
}

fn parse(sample: &str) -> Vec<Grid> {
    sample
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l).expect("the built-in sample parses"))
        .collect()
}

/// The solve sample's groups: its lines come 20 from each of five sets, each group timed on
/// its own (see [`measure`]).
const GROUP: usize = 20;

/// Runs `work` over the sample once; the units done (puzzles, or solutions for enumerate).
fn run(e: &mut dyn Engine, work: Work, puzzles: &[Grid]) -> u64 {
    match work {
        Work::First => puzzles.iter().map(|p| e.solve(p).1.solutions).sum(),
        Work::Count => puzzles.iter().map(|p| e.count(p, 2).solutions).sum(),
        Work::Enumerate => puzzles
            .iter()
            .map(|p| {
                e.visit(p, &mut |_| std::ops::ControlFlow::Continue(()))
                    .solutions
            })
            .sum(),
    }
}

/// Times every engine this CPU runs on the built-in sample, now.
pub fn measure() -> Calibration {
    let start = Instant::now();
    let (cpu, brand) = cpu_identity();
    let solve = parse(SOLVE_SAMPLE);
    let enumerate = parse(ENUMERATE_SAMPLE);
    let specs: Vec<&'static EngineSpec> = ENGINES.iter().filter(|e| e.available()).collect();
    let mut engines: Vec<Box<dyn Engine>> = specs.iter().map(|s| s.engine()).collect();
    // The groups each kind of work is timed on: the solve sample's five sets one by one (so
    // that the hardest set, whose puzzles take ten times as long, does not decide alone), the
    // enumerate sample as one.
    let groups: [Vec<&[Grid]>; 3] = Work::ALL.map(|work| {
        if work == Work::Enumerate {
            vec![&enumerate[..]]
        } else {
            solve.chunks(GROUP).collect()
        }
    });
    // times[engine][work][group]: the fastest run so far; units[engine][work][group].
    let mut times = vec![groups.each_ref().map(|g| vec![Duration::MAX; g.len()]); specs.len()];
    let mut units = vec![groups.each_ref().map(|g| vec![0u64; g.len()]); specs.len()];
    // One untimed run each first: tables, stacks and caches warm.
    for e in &mut engines {
        run(e.as_mut(), Work::First, &solve[..10]);
    }
    for _ in 0..REPS {
        for (w, work) in Work::ALL.into_iter().enumerate() {
            for (g, &sample) in groups[w].iter().enumerate() {
                for (i, e) in engines.iter_mut().enumerate() {
                    let t = Instant::now();
                    let done = std::hint::black_box(run(e.as_mut(), work, sample));
                    // Puzzles, or solutions for enumerate (`run` counts solutions: two for a
                    // puzzle with several when counting to two).
                    units[i][w][g] = if work == Work::Enumerate {
                        done
                    } else {
                        sample.len() as u64
                    };
                    // The fastest run: on a busy machine the noise only ever adds time (a run
                    // that loses the core for a time slice), so the minimum is the estimate
                    // least hurt by it (the median moved engines past each other from run to
                    // run on a shared 2-core machine; the minimum did not).
                    times[i][w][g] = times[i][w][g].min(t.elapsed());
                }
            }
        }
    }
    let rates = Work::ALL
        .into_iter()
        .enumerate()
        .map(|(w, work)| {
            let mut list: Vec<(&'static str, f64)> = specs
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    // The geometric mean of the groups' rates: each set counts alike, as each
                    // row of a benchmark table does.
                    let logs: f64 = times[i][w]
                        .iter()
                        .zip(&units[i][w])
                        .map(|(t, &u)| (u.max(1) as f64 / t.as_secs_f64().max(1e-9)).ln())
                        .sum();
                    let rate = (logs / times[i][w].len() as f64).exp();
                    // Whole units a second: what the cache file keeps.
                    (s.name, rate.round())
                })
                .collect();
            list.sort_by(|a, b| b.1.total_cmp(&a.1));
            (work, list)
        })
        .collect();
    Calibration {
        cpu,
        brand,
        version: env!("CARGO_PKG_VERSION").to_string(),
        took: start.elapsed(),
        rates,
    }
}

/// Where a calibration came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Read from this cache file.
    Cache(PathBuf),
    /// Measured in this process; saved to the file, or why not (the reason a cache found there
    /// was not used, if one was, comes first).
    Measured {
        /// The cache file written, or why none was.
        saved: Result<PathBuf, String>,
        /// Why the cache file that was there was not used (`None`: there was none).
        ignored: Option<String>,
    },
}

/// What `auto` goes by in this process.
#[derive(Clone, Debug, PartialEq)]
pub enum Basis {
    /// A measurement on this CPU.
    Calibrated(Calibration, Origin),
    /// The static ranking ([`RANKING`](crate::RANKING)), and why.
    Static(String),
}

static DEFAULT_ON: AtomicBool = AtomicBool::new(false);

/// Makes this process calibrate `auto` unless `SIMDOKU_CALIBRATE=0` (programs call it first
/// thing, before any engine is chosen; the `simdoku` command does). Without it a process
/// calibrates only when `SIMDOKU_CALIBRATE=1`.
pub fn enable_by_default() {
    DEFAULT_ON.store(true, Ordering::Relaxed);
}

/// The values of `SIMDOKU_CALIBRATE` that turn calibration off, and on.
const OFF: [&str; 4] = ["0", "off", "no", "false"];
const ON: [&str; 4] = ["1", "on", "yes", "true"];

/// A word on `SIMDOKU_CALIBRATE` when it is set to something that is neither on nor off (it
/// then does what it does unset), for `simdoku engines` to show; `None` otherwise.
pub fn setting_note() -> Option<String> {
    let v = std::env::var("SIMDOKU_CALIBRATE").ok()?;
    let t = v.trim();
    (!t.is_empty() && !OFF.contains(&t) && !ON.contains(&t)).then(|| {
        format!(
            "SIMDOKU_CALIBRATE={v:?} is neither {} (off) nor {} (on): taken as unset",
            OFF.join("/"),
            ON.join("/")
        )
    })
}

/// Whether this process calibrates, or why not.
fn enabled() -> Result<(), String> {
    let on = DEFAULT_ON.load(Ordering::Relaxed);
    match std::env::var("SIMDOKU_CALIBRATE")
        .ok()
        .as_deref()
        .map(str::trim)
    {
        Some(v) if OFF.contains(&v) => Err("calibration off: SIMDOKU_CALIBRATE=0".into()),
        Some(v) if ON.contains(&v) => Ok(()),
        _ if on => Ok(()),
        _ => Err(
            "calibration not asked for (the library's default; SIMDOKU_CALIBRATE=1 asks)".into(),
        ),
    }
}

/// The calibration for this CPU in `dir` (`None`: no cache directory): the cached one when it
/// fits, else `measure()`d and saved there. Never an error: a cache that cannot be read or
/// written only costs a measurement.
pub fn load_or_measure(dir: Option<&Path>, measure: impl FnOnce() -> Calibration) -> Basis {
    let (cpu, _) = cpu_identity();
    let file = dir.map(|d| cache_file(d, &cpu));
    let ignored = match file.as_deref().map(std::fs::read_to_string) {
        Some(Ok(text)) => match Calibration::from_json(&text, &cpu) {
            Ok(c) => return Basis::Calibrated(c, Origin::Cache(file.expect("read from it"))),
            Err(why) => Some(why),
        },
        Some(Err(e)) if e.kind() != std::io::ErrorKind::NotFound => Some(e.to_string()),
        _ => None,
    };
    let c = measure();
    let saved = save(dir, file, &c);
    Basis::Calibrated(c, Origin::Measured { saved, ignored })
}

/// Measures now, whatever the cache holds, and saves the result in `dir`.
pub fn remeasure(dir: Option<&Path>) -> Basis {
    let c = measure();
    let file = dir.map(|d| cache_file(d, &c.cpu));
    let saved = save(dir, file, &c);
    Basis::Calibrated(
        c,
        Origin::Measured {
            saved,
            ignored: None,
        },
    )
}

fn save(dir: Option<&Path>, file: Option<PathBuf>, c: &Calibration) -> Result<PathBuf, String> {
    let (Some(dir), Some(file)) = (dir, file) else {
        return Err("no cache directory".into());
    };
    let write = || -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        // Written aside, then renamed: a reader never sees half a file.
        let tmp = file.with_extension(format!("json.{}", std::process::id()));
        std::fs::write(&tmp, c.to_json())?;
        std::fs::rename(&tmp, &file).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    };
    write()
        .map(|()| file.clone())
        .map_err(|e| format!("{}: {e}", file.display()))
}

static BASIS: OnceLock<Basis> = OnceLock::new();
static PICKS: OnceLock<[Option<&'static EngineSpec>; 3]> = OnceLock::new();

/// What `auto` goes by in this process: decided once (calibrating, or reading the cache,
/// the first time), then the same answer.
pub fn basis() -> &'static Basis {
    BASIS.get_or_init(|| match enabled() {
        Ok(()) => load_or_measure(cache_dir().as_deref(), measure),
        Err(why) => Basis::Static(why),
    })
}

/// Measures again now (`simdoku engines --calibrate`), saves the result in the cache
/// directory, and makes it this process's basis when none was decided yet.
pub fn recalibrate() -> Basis {
    let b = remeasure(cache_dir().as_deref());
    let _ = BASIS.set(b.clone());
    b
}

/// The calibrated pick for `work`, if this process calibrates (cheap after the first call).
pub(crate) fn pick(work: Work) -> Option<&'static EngineSpec> {
    let picks = PICKS.get_or_init(|| match basis() {
        Basis::Calibrated(c, _) => Work::ALL.map(|w| c.pick(w)),
        Basis::Static(_) => [None; 3],
    });
    picks[Work::ALL.iter().position(|w| *w == work).unwrap_or(0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary one (the user's cache is never touched:
    /// these tests pass directories explicitly).
    fn temp_dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("simdoku-calibrate-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A calibration for this CPU with made-up rates (`scalar` fastest), made in no time.
    fn fake() -> Calibration {
        let (cpu, brand) = cpu_identity();
        Calibration {
            cpu,
            brand,
            version: env!("CARGO_PKG_VERSION").into(),
            took: Duration::ZERO,
            rates: Work::ALL
                .map(|w| (w, vec![("scalar", 2.0), ("bands", 1.0)]))
                .to_vec(),
        }
    }

    fn measured(b: &Basis) -> (&Calibration, &Origin) {
        match b {
            Basis::Calibrated(c, o) => (c, o),
            Basis::Static(why) => panic!("static: {why}"),
        }
    }

    #[test]
    fn measures_every_available_engine_and_saves_then_reads_the_cache() {
        let dir = temp_dir("fresh");
        let first = load_or_measure(Some(&dir), measure);
        let (c, origin) = measured(&first);
        let file = cache_file(&dir, &c.cpu);
        assert_eq!(
            origin,
            &Origin::Measured {
                saved: Ok(file.clone()),
                ignored: None
            }
        );
        for work in Work::ALL {
            let names: Vec<&str> = c.rates(work).iter().map(|(n, _)| *n).collect();
            let available: Vec<&str> = ENGINES
                .iter()
                .filter(|e| e.available())
                .map(|e| e.name)
                .collect();
            assert_eq!(names.len(), available.len(), "{work:?}");
            assert!(names.iter().all(|n| available.contains(n)), "{work:?}");
            assert!(c.rates(work).windows(2).all(|p| p[0].1 >= p[1].1));
            assert!(c.pick(work).unwrap().available());
        }
        // Read back, not measured again.
        let again = load_or_measure(Some(&dir), || panic!("measured twice"));
        let (c2, origin) = measured(&again);
        assert_eq!(origin, &Origin::Cache(file));
        assert_eq!(c2.rates, c.rates);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cache_for_another_cpu_or_version_is_ignored_and_rewritten() {
        let dir = temp_dir("other-cpu");
        let mut other = fake();
        // Never this CPU's own key, whatever CPU runs the test (a fixed
        // Intel key failed on that Intel model).
        other.cpu = format!("{}-other", other.cpu);
        // Filed under this CPU's name (a copied cache directory), and under its own.
        std::fs::write(cache_file(&dir, &fake().cpu), other.to_json()).unwrap();
        std::fs::write(cache_file(&dir, &other.cpu), other.to_json()).unwrap();
        let b = load_or_measure(Some(&dir), fake);
        let (c, origin) = measured(&b);
        let Origin::Measured { saved, ignored } = origin else {
            panic!("{origin:?}")
        };
        assert!(
            ignored.as_deref().unwrap().contains("another CPU"),
            "{ignored:?}"
        );
        assert_eq!(saved.as_ref().unwrap(), &cache_file(&dir, &c.cpu));
        let text = std::fs::read_to_string(cache_file(&dir, &c.cpu)).unwrap();
        assert_eq!(
            Calibration::from_json(&text, &c.cpu).unwrap().rates,
            c.rates
        );

        let mut old = fake();
        old.version = "0.0.0-old".into();
        std::fs::write(cache_file(&dir, &old.cpu), old.to_json()).unwrap();
        let b = load_or_measure(Some(&dir), fake);
        let (_, Origin::Measured { ignored, .. }) = measured(&b) else {
            panic!("{b:?}")
        };
        assert!(ignored.as_deref().unwrap().contains("another version"));

        // A file of the same version measured the first way (no `method`: the whole sample
        // timed at once, before `avx2+sse`) is measured again.
        let mut v: Value = serde_json::from_str(&fake().to_json()).unwrap();
        v.as_object_mut().unwrap().remove("method");
        std::fs::write(cache_file(&dir, &fake().cpu), v.to_string()).unwrap();
        let b = load_or_measure(Some(&dir), fake);
        let (_, Origin::Measured { ignored, .. }) = measured(&b) else {
            panic!("{b:?}")
        };
        assert!(
            ignored
                .as_deref()
                .unwrap()
                .contains(&format!("method 1, now {METHOD}")),
            "{ignored:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_cache_is_ignored_and_rewritten() {
        let dir = temp_dir("corrupt");
        let file = cache_file(&dir, &fake().cpu);
        let good = fake().to_json();
        let corrupt = [
            "{not json".to_string(),
            String::new(),
            good.replace("\"scalar\"", "\"no-such-engine\""),
            good.replace("\"enumerate\"", "\"other\""),
            good.replace("2.0", "-2.0"),
        ];
        for text in corrupt {
            std::fs::write(&file, &text).unwrap();
            let b = load_or_measure(Some(&dir), fake);
            let (_, origin) = measured(&b);
            assert!(
                matches!(
                    origin,
                    Origin::Measured {
                        saved: Ok(_),
                        ignored: Some(_)
                    }
                ),
                "{text}: {origin:?}"
            );
            assert_eq!(std::fs::read_to_string(&file).unwrap(), good, "{text}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unwritable_cache_dir_keeps_the_measurement_without_error() {
        let dir = temp_dir("unwritable");
        // A file where the directory should be: nothing can be created below it.
        let blocked = dir.join("file");
        std::fs::write(&blocked, "x").unwrap();
        let sub = blocked.join("simdoku");
        let b = load_or_measure(Some(&sub), fake);
        let (c, origin) = measured(&b);
        assert!(
            matches!(origin, Origin::Measured { saved: Err(_), .. }),
            "{origin:?}"
        );
        assert_eq!(c.pick(Work::First).unwrap().name, "scalar");
        // No cache directory at all: the same.
        let b = load_or_measure(None, fake);
        assert!(matches!(
            b,
            Basis::Calibrated(_, Origin::Measured { saved: Err(_), .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn auto_never_picks_an_engine_the_cpu_lacks() {
        // Every engine at the top of the list in turn, unavailable ones included.
        for top in ENGINES {
            let mut c = fake();
            for (_, list) in &mut c.rates {
                list.insert(0, (top.name, 1e9));
            }
            for work in Work::ALL {
                let pick = c.pick(work).unwrap();
                assert!(pick.available(), "{}", pick.name);
                assert_eq!(pick.name == top.name, top.available());
            }
        }
        // Nothing available measured: no pick (the static ranking then decides).
        let mut c = fake();
        for (_, list) in &mut c.rates {
            list.retain(|(n, _)| by_name(n).is_err());
        }
        assert!(Work::ALL.iter().all(|w| c.pick(*w).is_none()));
        assert!(Work::ALL.iter().all(|w| crate::best(*w).available()));
    }
}
