//! `simdoku._native`: the Rust half of the Python package `simdoku`.
//!
//! Kept thin on purpose: every function takes flat inputs (a `(N, 81)` uint8 array or one
//! bytes buffer of `\n`-separated lines), releases the GIL for the whole batch, and calls the
//! facade's batch layer (`simdoku::batch`: the line classifier, the operations, the pipeline
//! with its per-item panic catch and its thread pools), then hands back flat outputs plus a
//! status per row. Shapes, dtypes, error messages and the `errors=` policy live in the Python
//! half (`simdoku/`).

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use simdoku::Grid;
use simdoku::batch::{Answer, Entry, Op, answer, classify_drawn, classify_text, map};
use simdoku::engines::{EngineSpec, Work, choose};
use simdoku::pipeline::{MAX_THREADS, on_threads};

mod logic;
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

/// Runs `f` with the GIL released, on the pipeline's pool for `threads` (`None` or 0: rayon's
/// global pool, one thread per core; above [`MAX_THREADS`]: `ValueError`).
pub(crate) fn run_batch<R: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    f: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    if let Some(n) = threads.filter(|&n| n > MAX_THREADS) {
        return Err(PyValueError::new_err(format!(
            "threads must be at most {MAX_THREADS}, got {n}"
        )));
    }
    py.detach(|| on_threads(threads, f)).map_err(|e| {
        let n = threads.unwrap_or(0);
        PyRuntimeError::new_err(format!("cannot start {n} threads: {e}"))
    })
}

/// The engine for `name` (`None`/"auto": `$SIMDOKU_ENGINE`, else the fastest for `work`).
pub(crate) fn engine_spec(name: Option<&str>, work: Work) -> PyResult<&'static EngineSpec> {
    choose(name, work).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The operation named `op` (`solve`, `solve_unique`, `count` up to `limit`).
fn parse_op(op: &str, limit: u64) -> PyResult<Op> {
    match op {
        "solve" => Ok(Op::Solve),
        "solve_unique" => Ok(Op::SolveUnique),
        "count" => Ok(Op::Count(limit.max(1))),
        _ => Err(PyValueError::new_err(format!("unknown operation {op:?}"))),
    }
}

/// One row's outcome: status, solution (if any), count.
type Row = (i8, Option<Grid>, u64);

fn row_of(a: Answer, solutions: u64) -> Row {
    match a {
        Answer::Solved(s) => (OK, Some(s), 1),
        Answer::None => (NO_SOLUTION, None, 0),
        Answer::Multiple(first) => (MULTIPLE, Some(first), solutions),
        Answer::Count(n) => (OK, None, n),
    }
}

/// A row as parsed: a grid, or why it is not one.
pub(crate) type Parsed = Result<Grid, String>;

/// Classifies one line with the library's line classifier (surrounding white space trimmed,
/// anything after the 81st cell ignored, contradictory givens rejected); pencilmark lines are
/// rejected.
pub(crate) fn parse_line(line: &[u8]) -> Parsed {
    match classify_text(line) {
        Entry::Puzzle(g) => Ok(g),
        // Read by the CLI as a pencilmark (Sukaku) puzzle; its first 81 characters are not a
        // puzzle, so say so rather than solve them.
        Entry::Pencilmarks(_) => {
            Err("a 729-character pencilmark line (the CLI reads these; this API does not)".into())
        }
        Entry::Invalid(reason) => Err(reason),
    }
}

/// A row of 81 cell values; values above 9 and contradictory givens are rejected.
pub(crate) use simdoku::batch::parse_cells;

/// Results of a batch, in input order: statuses, counts, solutions (81 values per row, zeros
/// where there is none) and the reasons of invalid rows.
struct Batch {
    status: Vec<i8>,
    counts: Vec<u64>,
    cells: Vec<u8>,
    reasons: Vec<(usize, String)>,
}

fn run_parsed(spec: &'static EngineSpec, parsed: &[Parsed], op: Op) -> Batch {
    let rows: Vec<Row> = map(spec, parsed, |e, p| match p {
        Ok(g) => {
            let (a, search) = answer(e, g, op);
            row_of(a, search.solutions)
        }
        Err(_) => (INVALID, None, 0),
    })
    .into_iter()
    .map(|r| r.unwrap_or((ERROR, None, 0)))
    .collect();
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
    let op = parse_op(op, limit)?;
    let spec = engine_spec(engine, op.work())?;
    if cells.as_array().ncols() != 81 {
        return Err(PyValueError::new_err("expected 81 cells per row"));
    }
    let owned;
    // Row-major memory only: `PyReadonlyArray::as_slice` also hands out a Fortran-ordered
    // array's memory, whose rows are interleaved (a column-major `(N, 81)` array read that way
    // gives wrong puzzles); `ArrayView::as_slice` is `None` unless the layout is standard.
    let view = cells.as_array();
    let flat: &[u8] = if let Some(s) = view.as_slice() {
        s
    } else {
        owned = view.iter().copied().collect::<Vec<u8>>();
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
    let op = parse_op(op, limit)?;
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

/// A puzzle string of several lines (a grid drawn one row a line: nine lines of nine cells,
/// with `|` and rule lines as other tools print them) as one 81-cell line (729 characters for
/// a pencilmark grid), or why it is not one puzzle.
#[pyfunction]
fn drawn_line(text: &str) -> (Option<String>, Option<String>) {
    match classify_drawn(text.as_bytes()) {
        Some(Entry::Puzzle(g)) => (Some(g.to_string()), None),
        Some(Entry::Pencilmarks(m)) => (Some(m.to_string()), None),
        Some(Entry::Invalid(reason)) => (None, Some(reason)),
        None => (None, Some("no row of a drawn grid".into())),
    }
}

/// One record of a puzzle file: `(line, puzzle, reason)`; `puzzle` the cells as one line
/// (81 characters, `.` empty; 729 for a pencilmark grid) or `None` with the `reason`.
type RecordRow = (u64, Option<String>, Option<String>);

/// The records of a whole file's bytes, read as the `simdoku` command reads a file
/// (`simdoku::batch::Reader`: comments, blank lines and a CSV header skipped, puzzles drawn over
/// nine lines and values with separators read as one puzzle each). Each record is made a row
/// as it is read (no list of records beside the rows).
#[pyfunction]
fn read_text(py: Python<'_>, data: &[u8]) -> Vec<RecordRow> {
    py.detach(|| {
        simdoku::batch::Reader::new(data)
            .map(|r| {
                let r = r.expect("reading from memory does not fail");
                match r.entry {
                    Entry::Puzzle(g) => (r.line, Some(g.to_string()), None),
                    Entry::Pencilmarks(m) => (r.line, Some(m.to_string()), None),
                    Entry::Invalid(reason) => (r.line, None, Some(reason)),
                }
            })
            .collect()
    })
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
    // `auto` goes by a measurement on this CPU, cached per CPU model, as in the `simdoku` command
    // (so both pick the same engine); `SIMDOKU_CALIBRATE=0` keeps the static ranking.
    simdoku::engines::calibrate::enable_by_default();
    m.add_function(wrap_pyfunction!(batch_cells, m)?)?;
    m.add_function(wrap_pyfunction!(batch_lines, m)?)?;
    m.add_function(wrap_pyfunction!(engines, m)?)?;
    m.add_function(wrap_pyfunction!(drawn_line, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    tools::register(m)?;
    logic::register(m)?;
    m.add("OK", OK)?;
    m.add("NO_SOLUTION", NO_SOLUTION)?;
    m.add("MULTIPLE", MULTIPLE)?;
    m.add("INVALID", INVALID)?;
    m.add("ERROR", ERROR)?;
    Ok(())
}
