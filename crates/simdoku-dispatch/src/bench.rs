//! Wall-clock throughput measurement shared by `simdoku bench` and the peer benchmark
//! (`cargo bench -p simdoku-dispatch --bench throughput`, which adds the crate `sudoku`).
//!
//! Method: every contender runs every set in every mode once per pass, passes interleaved (so
//! that drift on a shared machine hits all contenders alike); each run repeats the set until it
//! has taken at least `min_time`; the figure reported is the median over passes.

use std::fmt::Write as _;
use std::time::Instant;

use simdoku_core::Grid;

use crate::EngineSpec;
use crate::pipeline::map_chunk;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// What a benchmark run measures.
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count to 2 (a uniqueness check).
    Unique,
}

impl Mode {
    /// The name shown in tables.
    pub fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Unique => "unique",
        }
    }
}

/// Something to time: one of our engines or a peer.
pub trait Contender: Sync {
    /// The name shown in tables.
    fn name(&self) -> String;
    /// Runs every puzzle once; returns (puzzles with a solution, guesses if known).
    fn run(&self, puzzles: &[Grid], mode: Mode) -> (u64, Option<u64>);
}

/// One of our engines, on `threads` threads (1: the calling thread alone).
#[derive(Debug)]
pub struct EngineContender {
    /// The engine measured.
    pub spec: &'static EngineSpec,
    /// The thread pool it runs on (`None`: the global one).
    pub pool: Option<rayon::ThreadPool>,
}

impl EngineContender {
    /// An engine on `threads` threads (0: all cores).
    pub fn new(spec: &'static EngineSpec, threads: usize) -> Self {
        // 0 is every core, as `-j 0` is elsewhere (it measured one thread, under the same
        // name as `-j 1`).
        let threads = if threads == 0 {
            rayon::current_num_threads()
        } else {
            threads
        };
        let pool = (threads > 1).then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("thread pool")
        });
        EngineContender { spec, pool }
    }
}

impl Contender for EngineContender {
    fn name(&self) -> String {
        match &self.pool {
            None => self.spec.name.to_string(),
            Some(p) => format!("{} x{}", self.spec.name, p.current_num_threads()),
        }
    }

    fn run(&self, puzzles: &[Grid], mode: Mode) -> (u64, Option<u64>) {
        let one = |e: &mut Box<dyn simdoku_core::Engine>, p: &Grid| {
            let s = match mode {
                Mode::First => e.solve(p).1,
                Mode::Unique => e.count(p, 2),
            };
            (u64::from(s.solutions > 0), s.guesses)
        };
        let (solved, guesses) = match &self.pool {
            None => {
                let mut e = self.spec.engine();
                puzzles
                    .iter()
                    .map(|p| one(&mut e, p))
                    .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
            }
            // The pipeline's chunk: one engine per worker, a panic raised again here.
            Some(pool) => pool.install(|| {
                map_chunk(puzzles, &|| self.spec.engine(), &one)
                    .into_iter()
                    .map(|r| r.unwrap_or_else(|p| std::panic::panic_any(p.0)))
                    .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
            }),
        };
        (solved, Some(guesses))
    }
}

/// One measured figure.
#[derive(Clone, Debug)]
pub struct Row {
    /// The puzzle set.
    pub set: String,
    /// What was measured.
    pub mode: Mode,
    /// Who was measured.
    pub contender: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Median puzzles per second over the passes.
    pub rate: f64,
    /// Mean guesses a puzzle, where the contender counts them.
    pub guesses_per_puzzle: Option<f64>,
    /// Puzzles solved.
    pub solved: u64,
}

/// Measures every contender on every set and mode.
pub fn measure(
    sets: &[(String, Vec<Grid>)],
    contenders: &[&dyn Contender],
    modes: &[Mode],
    passes: usize,
    min_time: f64,
) -> Vec<Row> {
    measure_with_progress(sets, contenders, modes, passes, min_time, &|_, _| {})
}

/// [`measure`], telling `progress` the runs done and the runs in all after each run: every
/// row's untimed first run, then its timed run in each pass (a run over a large set, repeated
/// for `min_time`, can take minutes with nothing else to show).
pub fn measure_with_progress(
    sets: &[(String, Vec<Grid>)],
    contenders: &[&dyn Contender],
    modes: &[Mode],
    passes: usize,
    min_time: f64,
    progress: &dyn Fn(usize, usize),
) -> Vec<Row> {
    let total = sets.len() * modes.len() * contenders.len() * (1 + passes.max(1));
    let mut rows = Vec::new();
    let mut samples: Vec<Vec<f64>> = Vec::new();
    for (set, puzzles) in sets {
        for &mode in modes {
            for c in contenders {
                let (solved, guesses) = c.run(puzzles, mode); // warm-up and figures
                rows.push(Row {
                    set: set.clone(),
                    mode,
                    contender: c.name(),
                    puzzles: puzzles.len(),
                    rate: 0.0,
                    guesses_per_puzzle: guesses.map(|g| g as f64 / puzzles.len().max(1) as f64),
                    solved,
                });
                samples.push(Vec::new());
                progress(rows.len(), total);
            }
        }
    }
    let mut runs = rows.len();
    for _ in 0..passes.max(1) {
        let mut k = 0;
        for (_, puzzles) in sets {
            for &mode in modes {
                for c in contenders {
                    let start = Instant::now();
                    let mut done = 0usize;
                    loop {
                        c.run(puzzles, mode);
                        done += puzzles.len();
                        if start.elapsed().as_secs_f64() >= min_time || puzzles.is_empty() {
                            break;
                        }
                    }
                    samples[k].push(done as f64 / start.elapsed().as_secs_f64().max(1e-9));
                    k += 1;
                    runs += 1;
                    progress(runs, total);
                }
            }
        }
    }
    for (row, mut s) in rows.iter_mut().zip(samples) {
        s.sort_by(f64::total_cmp);
        row.rate = s[s.len() / 2];
    }
    rows
}

fn human(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2}M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1}k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    }
}

/// A Markdown table; ratios are against `reference` (a contender name) in the same set and mode.
pub fn table(rows: &[Row], reference: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| set | mode | engine | puzzles/s | us/puzzle | guesses/puzzle | vs {reference} |\n|---|---|---|---:|---:|---:|---:|"
    );
    for r in rows {
        let peer = rows
            .iter()
            .find(|o| o.set == r.set && o.mode == r.mode && o.contender == reference)
            .map(|o| o.rate);
        let ratio = peer.map_or("-".into(), |p| format!("{:.2}x", r.rate / p));
        let guesses = r
            .guesses_per_puzzle
            .map_or("-".into(), |g| format!("{g:.2}"));
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.2} | {} | {} |",
            // A `|` in a file's name would end the cell.
            r.set.replace('|', "\\|"),
            r.mode.name(),
            r.contender,
            human(r.rate),
            1e6 / r.rate.max(1e-9),
            guesses,
            ratio
        );
    }
    s
}

/// A bar chart of the rows as an SVG document: one group per (set, mode), one bar per
/// contender, bar length on a log scale of puzzles/s.
pub fn svg(rows: &[Row]) -> String {
    let names: Vec<String> = rows.iter().fold(Vec::new(), |mut v, r| {
        if !v.contains(&r.contender) {
            v.push(r.contender.clone());
        }
        v
    });
    let colors = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
    ];
    let max = rows
        .iter()
        .map(|r| r.rate)
        .fold(1.0f64, f64::max)
        .log10()
        .ceil()
        .max(1.0);
    let (bar, gap, left, width) = (14.0, 10.0, 230.0, 520.0);
    let mut y = 40.0;
    let mut body = String::new();
    let mut last_group = String::new();
    for r in rows {
        let group = xml_text(&format!("{} / {}", r.set, r.mode.name()));
        if group != last_group {
            y += gap;
            let _ = writeln!(
                body,
                r#"<text x="8" y="{:.0}" font-size="12">{group}</text>"#,
                y + bar
            );
            last_group = group;
        }
        let k = names.iter().position(|n| *n == r.contender).unwrap_or(0);
        let w = (r.rate.max(1.0).log10() / max * width).max(1.0);
        let _ = writeln!(
            body,
            r#"<rect x="{left}" y="{y:.0}" width="{w:.1}" height="{bar}" fill="{}"/><text x="{:.1}" y="{:.0}" font-size="11">{} {}</text>"#,
            colors[k % colors.len()],
            left + w + 4.0,
            y + bar - 3.0,
            xml_text(&r.contender),
            human(r.rate)
        );
        y += bar + 2.0;
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="8" y="20" font-size="14">puzzles/second (log scale, single run medians)</text>
{body}</svg>
"#,
        left + width + 160.0,
        y + 20.0
    )
}

/// `s` as XML character data: a set named after a file such as `a&b.txt` made the whole
/// document ill-formed (no viewer showed it).
fn xml_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_threads_is_every_core() {
        let spec = crate::by_name("scalar").unwrap();
        let all = rayon::current_num_threads();
        let zero = EngineContender::new(spec, 0);
        assert_eq!(zero.name(), EngineContender::new(spec, all).name());
        assert_eq!(
            zero.pool
                .as_ref()
                .map_or(1, rayon::ThreadPool::current_num_threads),
            all
        );
    }

    #[test]
    fn progress_counts_every_run_once() {
        let p: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let sets = vec![("a".to_string(), vec![p]), ("b".to_string(), vec![p, p])];
        let scalar = EngineContender::new(crate::by_name("scalar").unwrap(), 1);
        let bands = EngineContender::new(crate::by_name("bands").unwrap(), 1);
        let seen = std::cell::RefCell::new(Vec::new());
        let rows = measure_with_progress(
            &sets,
            &[&scalar, &bands],
            &[Mode::First, Mode::Unique],
            3,
            0.0,
            &|done, total| seen.borrow_mut().push((done, total)),
        );
        assert_eq!(rows.len(), 8);
        // 8 rows, each run once untimed and once in each of 3 passes.
        let expected: Vec<(usize, usize)> = (1..=32).map(|d| (d, 32)).collect();
        assert_eq!(seen.into_inner(), expected);
    }

    #[test]
    fn the_table_escapes_bars_in_set_names() {
        let row = Row {
            set: "a|b".into(),
            mode: Mode::First,
            contender: "scalar".into(),
            puzzles: 1,
            rate: 1000.0,
            guesses_per_puzzle: None,
            solved: 1,
        };
        let t = table(&[row], "scalar");
        let line = t.lines().nth(2).unwrap();
        assert!(line.starts_with("| a\\|b | first | scalar |"), "{t}");
        assert_eq!(line.matches(" | ").count(), 6, "{t}");
    }

    #[test]
    fn the_plot_escapes_set_names() {
        let row = Row {
            set: "a&<b>".into(),
            mode: Mode::First,
            contender: "scalar".into(),
            puzzles: 1,
            rate: 1000.0,
            guesses_per_puzzle: None,
            solved: 1,
        };
        let doc = svg(&[row]);
        assert!(doc.contains(">a&amp;&lt;b&gt; / first</text>"), "{doc}");
        assert!(!doc.contains("a&<"), "{doc}");
    }
}
