//! `simdoku engines`: the CPU, every engine, what `auto` picks per kind of work and why (the
//! calibration measured on this CPU, the static ranking, or `SIMDOKU_ENGINE`).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use simdoku::engines::calibrate::{self, Basis, Calibration, Origin};
use simdoku::engines::{ENGINES, RANKING, Work};

/// `simdoku engines` options.
#[derive(Args, Debug)]
pub struct EnginesArgs {
    /// Measure every engine on this CPU again now (a fraction of a second) and cache the result
    /// for `auto` (in `$SIMDOKU_CACHE_DIR`, else the user's cache directory)
    #[arg(long)]
    pub calibrate: bool,
}

/// `simdoku engines`.
pub fn engines(a: &EnginesArgs) -> ExitCode {
    let (cpu, brand) = calibrate::cpu_identity();
    println!(
        "CPU: {} ({cpu})",
        if brand.is_empty() { "?" } else { &brand }
    );
    let features = simdoku::engines::cpu_features();
    let names = |has: bool| -> Vec<&str> {
        features
            .iter()
            .filter(|(_, h)| *h == has)
            .map(|(n, _)| *n)
            .collect()
    };
    let has = names(true);
    println!(
        "CPU features: {}",
        if has.is_empty() {
            "(none detected)".into()
        } else {
            has.join(" ")
        }
    );
    let lacks = names(false);
    if !lacks.is_empty() {
        println!("CPU lacks:    {}", lacks.join(" "));
    }
    println!();
    let needs: Vec<String> = ENGINES
        .iter()
        .map(|e| {
            if e.features.is_empty() {
                "-".to_string()
            } else {
                e.features.join(",")
            }
        })
        .collect();
    // The name and needs columns as wide as their longest entries.
    let w = needs.iter().map(String::len).max().unwrap_or(0);
    let nw = ENGINES.iter().map(|e| e.name.len()).max().unwrap_or(0);
    println!(
        "{:<nw$} {:<10} {:<w$} summary",
        "engine", "available", "needs"
    );
    for (e, needs) in ENGINES.iter().zip(&needs) {
        let avail = if e.available() { "yes" } else { "no" };
        println!("{:<nw$} {:<10} {:<w$} {}", e.name, avail, needs, e.summary);
    }
    println!();
    let basis = if a.calibrate {
        &calibrate::recalibrate()
    } else {
        calibrate::basis()
    };
    let why = match basis {
        Basis::Calibrated(c, origin) => {
            print_rates(c);
            match origin {
                Origin::Cache(path) => {
                    format!("calibrated on this CPU (cached: {})", path.display())
                }
                Origin::Measured { saved, ignored } => {
                    let mut s = format!(
                        "calibrated on this CPU just now, in {:.2} s",
                        c.took.as_secs_f64()
                    );
                    if let Some(why) = ignored {
                        let _ = write!(s, "; the cache was not used: {why}");
                    }
                    let _ = match saved {
                        Ok(path) => write!(s, "; cached: {}", path.display()),
                        Err(e) => write!(s, "; not cached: {e}"),
                    };
                    s
                }
            }
        }
        Basis::Static(why) => format!("static ranking ({why})"),
    };
    println!("auto goes by: {why}");
    if let Some(note) = calibrate::setting_note() {
        println!("  ({note})");
    }
    for (work, names) in RANKING {
        let pick = simdoku::engines::best(*work).name;
        println!(
            "  {:<15} auto picks: {:<10} static ranking: {}",
            work.name(),
            pick,
            names.join(" > ")
        );
    }
    // What the variable does, as `-e auto` resolves it: "overrides auto" was said of a name
    // that is no engine (every command then stopped with a usage error) and of `auto` itself.
    if let Some(v) = simdoku::engines::engine_override() {
        match simdoku::engines::by_name(&v) {
            Ok(spec) => println!(
                "\nSIMDOKU_ENGINE={v} overrides auto: commands run {} for every kind of work",
                spec.name
            ),
            Err(e) => println!(
                "\nSIMDOKU_ENGINE={v}: {e}; commands without --engine stop with this error"
            ),
        }
    }
    ExitCode::SUCCESS
}

/// The measured rates: one row per kind of work, one column per engine.
fn print_rates(c: &Calibration) {
    let engines: Vec<&str> = ENGINES
        .iter()
        .map(|e| e.name)
        .filter(|n| {
            Work::ALL
                .iter()
                .any(|w| c.rates(*w).iter().any(|(m, _)| m == n))
        })
        .collect();
    println!(
        "Measured on this CPU (best of {} runs of a built-in sample, one thread; puzzles/s, enumerate: solutions/s):",
        calibrate::REPS
    );
    print!("  {:<15}", "");
    for n in &engines {
        print!(" {n:>10}");
    }
    println!();
    for work in Work::ALL {
        print!("  {:<15}", work.name());
        for n in &engines {
            match c.rates(work).iter().find(|(m, _)| m == n) {
                Some((_, r)) => print!(" {:>10}", thousands(*r)),
                None => print!(" {:>10}", "-"),
            }
        }
        println!();
    }
    println!();
}

/// `1234567.0` as `1,234,567`.
fn thousands(x: f64) -> String {
    let s = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
