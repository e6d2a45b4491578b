//! `simdoku bench`: wall-clock throughput of engines on puzzle files.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use simdoku::engines::bench::{
    Contender, EngineContender, Mode, measure_with_progress, svg, table,
};

use crate::args::finish;
use crate::check::{engines_by_name, read_puzzles};
use crate::input::shown;
use crate::progress::Progress;
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

/// The name of the set read from `file` in the table: its file stem, else (a stem taken by an
/// earlier set) the file as named, numbered if need be. The table compares each row with the
/// reference row of the same set name: two files both called `set.txt` were one set, the
/// second's rows compared with the first's reference.
fn set_name<T>(file: &str, sets: &[(String, T)]) -> String {
    let taken = |n: &str| sets.iter().any(|(s, _)| s == n);
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or(file.to_string(), |s| s.to_string_lossy().into_owned());
    // `-` and a puzzle given in place of a file: `<stdin>`, `<argument>`.
    let name = if shown(file) == file {
        &stem
    } else {
        shown(file)
    };
    if !taken(name) {
        return name.to_string();
    }
    let whole = shown(file);
    let mut name = whole.to_string();
    let mut k = 1;
    while taken(&name) {
        k += 1;
        name = format!("{whole} ({k})");
    }
    name
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
        match m.to_ascii_lowercase().as_str() {
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
            eprintln!("simdoku: {}: no puzzles, nothing to measure", shown(f));
            ok = false;
            continue;
        }
        let name = set_name(f, &sets);
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
    // Runs of a large set, each repeated for --min-time, can take minutes: a bar over the runs
    // (on a terminal).
    let progress = Progress::items(0, "runs", false);
    let rows = measure_with_progress(
        &sets,
        &refs,
        &modes,
        a.passes as usize,
        a.min_time,
        &|done, total| {
            progress.set_total(total as u64);
            progress.set_position(done as u64);
        },
    );
    progress.finish();
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

#[cfg(test)]
mod tests {
    use super::set_name;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn sets_with_the_same_stem_get_different_names() {
        let mut sets: Vec<(String, ())> = Vec::new();
        for f in [
            "a/set.txt",
            "b/set.txt",
            "a/set.txt",
            "-",
            "b/set.txt",
            "top95.txt",
            P,
        ] {
            let name = set_name(f, &sets);
            sets.push((name, ()));
        }
        let names: Vec<&str> = sets.iter().map(|(n, ())| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "set",
                "b/set.txt",
                "a/set.txt",
                "<stdin>",
                "b/set.txt (2)",
                "top95",
                "<argument>"
            ]
        );
    }
}
