//! `simdoku._native`: the Rust half of the Python package `simdoku`.
//!
//! Kept thin on purpose: every function takes flat inputs (a `(N, 81)` uint8 array or one
//! bytes buffer of `\n`-separated lines), releases the GIL for the whole batch, runs the
//! workspace's engines over rayon, and hands back flat outputs plus a status per row. Shapes,
//! dtypes, error messages and the `errors=` policy live in the Python half (`simdoku/`).
//!
//! The engines come from today's crates (`simdoku-core`, `-dispatch`, `-tools`, `-large`); when
//! the facade crate `simdoku` lands, the `use` lines below and python/Cargo.toml are all that
//! change.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock};

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::{ThreadPool, ThreadPoolBuilder};
use simdoku::engines::{EngineSpec, Work, choose, par_map};
use simdoku::{Engine, Grid};

mod tools;

/// The row was solved (or counted).
pub const OK: i8 = 0;
/// The puzzle has no solution.
pub const NO_SOLUTION: i8 = 1;
/// The puzzle has more than one solution (only where uniqueness was asked for).
pub const MULTIPLE: i8 = 2;
/// The row is not a puzzle: wrong length, a bad character, a value out of range, or
/// contradictory givens.
pub const INVALID: i8 = 3;
/// The engine failed on the row (a bug: reported, never silently dropped).
pub const ERROR: i8 = 4;

/// One dedicated rayon pool per `threads=` value, made on first use and kept.
fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("simdoku-{i}"))
            .build()
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?,
    );
    pools.insert(threads, p.clone());
    Ok(p)
}

/// Runs `f` with the GIL released, on the pool for `threads` (`None` or 0: rayon's global pool,
/// one thread per core).
pub(crate) fn run_batch<R: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    f: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    match threads {
        None | Some(0) => Ok(py.detach(f)),
        Some(n) => {
            let p = pool(n)?;
            Ok(py.detach(|| p.install(f)))
        }
    }
}

/// The engine for `name` (`None`/"auto": `$SIMDOKU_ENGINE`, else the fastest for `work`).
pub(crate) fn engine_spec(name: Option<&str>, work: Work) -> PyResult<&'static EngineSpec> {
    choose(name, work).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What one batch call does to each puzzle.
#[derive(Clone, Copy)]
enum Op {
    /// The first solution.
    Solve,
    /// The solution, `MULTIPLE` when there are two.
    SolveUnique,
    /// Solutions up to a limit.
    Count(u64),
}

impl Op {
    fn parse(op: &str, limit: u64) -> PyResult<Op> {
        match op {
            "solve" => Ok(Op::Solve),
            "solve_unique" => Ok(Op::SolveUnique),
            "count" => Ok(Op::Count(limit.max(1))),
            _ => Err(PyValueError::new_err(format!("unknown operation {op:?}"))),
        }
    }
    fn work(self) -> Work {
        match self {
            Op::Solve => Work::First,
            Op::SolveUnique => Work::Count,
            Op::Count(l) if l <= 2 => Work::Count,
            Op::Count(_) => Work::Enumerate,
        }
    }
}

/// One row's outcome: status, solution (if any), count.
type Row = (i8, Option<Grid>, u64);

fn work_one(e: &mut dyn Engine, g: &Grid, op: Op) -> Row {
    let r = catch_unwind(AssertUnwindSafe(|| match op {
        Op::Solve => match e.solve(g).0 {
            Some(s) => (OK, Some(s), 1),
            None => (NO_SOLUTION, None, 0),
        },
        Op::SolveUnique => {
            let mut first = None;
            let n = e
                .visit(g, &mut |s| {
                    if first.is_some() {
                        return std::ops::ControlFlow::Break(());
                    }
                    first = Some(*s);
                    std::ops::ControlFlow::Continue(())
                })
                .solutions;
            match (n, first) {
                (1, Some(s)) => (OK, Some(s), 1),
                (0, _) | (_, None) => (NO_SOLUTION, None, 0),
                (n, Some(s)) => (MULTIPLE, Some(s), n),
            }
        }
        Op::Count(limit) => (OK, None, e.count(g, limit).solutions),
    }));
    r.unwrap_or((ERROR, None, 0))
}

/// A row as parsed: a grid, or why it is not one.
pub(crate) type Parsed = Result<Grid, String>;

/// Parses one line as the CLI does: surrounding white space trimmed, anything after the 81st
/// cell ignored, contradictory givens rejected; pencilmark lines are rejected.
pub(crate) fn parse_line(line: &[u8]) -> Parsed {
    let line = line.trim_ascii();
    let field = line
        .iter()
        .position(|&b| b == b',' || b == b';' || b.is_ascii_whitespace())
        .unwrap_or(line.len());
    if field == 729 {
        // Read by the CLI as a pencilmark (Sukaku) puzzle; its first 81 characters are not a
        // puzzle, so say so rather than solve them.
        return Err(
            "a 729-character pencilmark line (the CLI reads these; this API does not)".into(),
        );
    }
    let g = Grid::parse_cells(line).map_err(|e| e.to_string())?;
    match g.conflict() {
        Some(c) => Err(c.to_string()),
        None => Ok(g),
    }
}

/// A row of 81 cell values; values above 9 and contradictory givens are rejected.
pub(crate) fn parse_cells(row: &[u8]) -> Parsed {
    if let Some(i) = row.iter().position(|&v| v > 9) {
        return Err(format!(
            "r{}c{}: value {} is not 0-9",
            i / 9 + 1,
            i % 9 + 1,
            row[i]
        ));
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(row);
    let g = Grid::from_cells(cells).expect("values checked");
    match g.conflict() {
        Some(c) => Err(c.to_string()),
        None => Ok(g),
    }
}

/// Results of a batch, in input order: statuses, counts, solutions (81 values per row, zeros
/// where there is none) and the reasons of invalid rows.
struct Batch {
    status: Vec<i8>,
    counts: Vec<u64>,
    cells: Vec<u8>,
    reasons: Vec<(usize, String)>,
}

fn run_parsed(spec: &'static EngineSpec, parsed: &[Parsed], op: Op) -> Batch {
    let rows: Vec<Row> = par_map(spec, parsed, |e, p| match p {
        Ok(g) => work_one(e, g, op),
        Err(_) => (INVALID, None, 0),
    });
    let mut b = Batch {
        status: Vec::with_capacity(rows.len()),
        counts: Vec::with_capacity(rows.len()),
        cells: Vec::with_capacity(if matches!(op, Op::Count(_)) {
            0
        } else {
            rows.len() * 81
        }),
        reasons: Vec::new(),
    };
    for (i, ((status, sol, n), p)) in rows.into_iter().zip(parsed).enumerate() {
        b.status.push(status);
        b.counts.push(n);
        if !matches!(op, Op::Count(_)) {
            b.cells
                .extend_from_slice(sol.as_ref().map_or(&[0; 81], |g| g.cells()));
        }
        if let Err(reason) = p {
            b.reasons.push((i, reason.clone()));
        }
    }
    b
}

type BatchOut<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u64>>,
    Option<Bound<'py, PyArray2<u8>>>,
    Vec<(usize, String)>,
);

fn batch_out(py: Python<'_>, b: Batch, op: Op) -> PyResult<BatchOut<'_>> {
    let n = b.status.len();
    let cells = if matches!(op, Op::Count(_)) {
        None
    } else {
        Some(PyArray1::from_vec(py, b.cells).reshape([n, 81])?)
    };
    Ok((
        PyArray1::from_vec(py, b.status),
        PyArray1::from_vec(py, b.counts),
        cells,
        b.reasons,
    ))
}

/// Solves or counts a `(N, 81)` uint8 array of cell values (0 empty). Returns `(status,
/// counts, solutions or None, [(row, reason)])`.
#[pyfunction]
#[pyo3(signature = (cells, op, limit=2, threads=None, engine=None))]
fn batch_cells<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u8>,
    op: &str,
    limit: u64,
    threads: Option<usize>,
    engine: Option<&str>,
) -> PyResult<BatchOut<'py>> {
    let op = Op::parse(op, limit)?;
    let spec = engine_spec(engine, op.work())?;
    if cells.as_array().ncols() != 81 {
        return Err(PyValueError::new_err("expected 81 cells per row"));
    }
    let owned;
    let flat: &[u8] = if let Ok(s) = cells.as_slice() {
        s
    } else {
        owned = cells.as_array().iter().copied().collect::<Vec<u8>>();
        &owned
    };
    let b = run_batch(py, threads, || {
        let parsed: Vec<Parsed> = flat.chunks_exact(81).map(parse_cells).collect();
        run_parsed(spec, &parsed, op)
    })?;
    batch_out(py, b, op)
}

/// Solves or counts `n` puzzle lines joined by `\n` (the line form: 81 cells, `1`-`9`, `0` or
/// `.`; anything after the 81st cell ignored). Returns as [`batch_cells`] does.
#[pyfunction]
#[pyo3(signature = (lines, n, op, limit=2, threads=None, engine=None))]
fn batch_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyBytes>,
    n: usize,
    op: &str,
    limit: u64,
    threads: Option<usize>,
    engine: Option<&str>,
) -> PyResult<BatchOut<'py>> {
    let op = Op::parse(op, limit)?;
    let spec = engine_spec(engine, op.work())?;
    let data = lines.as_bytes();
    let b = run_batch(py, threads, || {
        let parsed: Vec<Parsed> = if n == 0 {
            Vec::new()
        } else {
            data.split(|&b| b == b'\n').map(parse_line).collect()
        };
        (parsed.len() == n).then(|| run_parsed(spec, &parsed, op))
    })?
    .ok_or_else(|| PyValueError::new_err("a puzzle string contains a line break"))?;
    batch_out(py, b, op)
}

/// `(name, summary, available, missing CPU features)` of one engine.
type EngineRow = (&'static str, &'static str, bool, Vec<&'static str>);

/// Every engine's [`EngineRow`], and the one picked for solving.
#[pyfunction]
fn engines() -> (Vec<EngineRow>, &'static str) {
    let list = simdoku::engines::ENGINES
        .iter()
        .map(|e| (e.name, e.summary, e.available(), e.missing_features()))
        .collect();
    (list, simdoku::engines::best(Work::First).name)
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(batch_cells, m)?)?;
    m.add_function(wrap_pyfunction!(batch_lines, m)?)?;
    m.add_function(wrap_pyfunction!(engines, m)?)?;
    tools::register(m)?;
    m.add("OK", OK)?;
    m.add("NO_SOLUTION", NO_SOLUTION)?;
    m.add("MULTIPLE", MULTIPLE)?;
    m.add("INVALID", INVALID)?;
    m.add("ERROR", ERROR)?;
    Ok(())
}
