//! `simdoku bench`: wall-clock throughput of engines on puzzle files.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use simdoku::engines::bench::{Contender, EngineContender, Mode, measure, svg, table};

use crate::args::finish;
use crate::check::{engines_by_name, read_puzzles};
use simdoku::engines::Work;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files (each one a set in the table).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// Engines to measure, comma-separated (default: every engine this CPU runs); `auto` is the
    /// one the other commands pick for first solutions.
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
    /// Thread counts to measure, comma-separated (e.g. `1,2,4` for a scaling table); each at
    /// most 1024.
    #[arg(short = 'j', long, value_delimiter = ',', default_value = "1", value_parser = crate::args::parse_threads)]
    pub threads: Vec<usize>,
    /// Passes (the median is reported); at least 1.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub passes: u64,
    /// Minimum seconds per timed run (a set is repeated until it has run this long); a number
    /// of seconds >= 0.
    #[arg(long, default_value_t = 0.3)]
    pub min_time: f64,
    /// Modes: first (first solution), unique (count to 2).
    #[arg(long, value_delimiter = ',', default_value = "first,unique")]
    pub modes: Vec<String>,
    /// Also write the figures as an SVG bar chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

pub fn bench(a: &BenchArgs) -> ExitCode {
    let specs = match engines_by_name(&a.engines, Work::First) {
        Ok(s) => s,
        Err(e) => return crate::args::usage_error(e),
    };
    // NaN never compares >= the time run, so a pass would repeat for ever.
    if !(a.min_time.is_finite() && a.min_time >= 0.0) {
        return crate::args::usage_error(format!(
            "--min-time {}: not a number of seconds >= 0",
            a.min_time
        ));
    }
    let mut modes = Vec::new();
    for m in &a.modes {
        match m.as_str() {
            "first" => modes.push(Mode::First),
            "unique" => modes.push(Mode::Unique),
            other => {
                return crate::args::usage_error(format!(
                    "unknown mode {other:?} (modes: first, unique)"
                ));
            }
        }
    }
    let mut ok = true;
    let mut sets = Vec::new();
    for f in &a.files {
        let mut puzzles = Vec::new();
        let Some(read_ok) = read_puzzles(f, &mut puzzles) else {
            ok = false;
            continue;
        };
        ok &= read_ok;
        if puzzles.is_empty() {
            eprintln!("simdoku: {f}: no puzzles, nothing to measure");
            ok = false;
            continue;
        }
        let name = std::path::Path::new(f)
            .file_stem()
            .map_or(f.clone(), |s| s.to_string_lossy().into_owned());
        sets.push((name, puzzles));
    }
    if sets.is_empty() {
        return finish(Ok(false));
    }
    // The plot's file is made before the measurement, which may take minutes, not after it.
    let plot = match &a.plot {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some((path, f)),
            Err(e) => {
                eprintln!("simdoku: cannot write {}: {e}", path.display());
                return finish(Ok(false));
            }
        },
        None => None,
    };
    let contenders: Vec<EngineContender> = a
        .threads
        .iter()
        .flat_map(|&t| specs.iter().map(move |s| EngineContender::new(s, t)))
        .collect();
    let refs: Vec<&dyn Contender> = contenders.iter().map(|c| c as &dyn Contender).collect();
    let rows = measure(&sets, &refs, &modes, a.passes as usize, a.min_time);
    let reference = refs[0].name();
    print!("{}", table(&rows, &reference));
    if let Some((path, mut f)) = plot
        && let Err(e) = std::io::Write::write_all(&mut f, svg(&rows).as_bytes())
    {
        eprintln!("simdoku: cannot write {}: {e}", path.display());
        ok = false;
    }
    finish(Ok(ok))
}
