//! Human-style solving: one puzzle's explanation, and Sudoku Explainer ratings (ER/EP/ED) of a
//! batch on the facade's pipeline (`simdoku::batch::map`: input order, a panic caught per row),
//! the GIL released around the whole batch. Puzzle lines and 729-character pencilmark lines.

use numpy::{PyArray1, PyReadonlyArray2};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use simdoku::batch::{Entry, board_of, classify_text, map_logic};
use simdoku::logic::{Solutions, Unrated, digits, explain, rate};
use simdoku::pipeline::catch;

use crate::{ERROR, INVALID, MULTIPLE, NO_SOLUTION, OK, parse_cells, run_batch};

/// One step: technique, difficulty (ER), placements `(cell, digit)`, eliminations
/// `(cell, [digits])`, the readable text.
type StepRow = (String, f64, Vec<(u8, u8)>, Vec<(u8, Vec<u8>)>, String);

/// Every step of one puzzle (or pencilmark) line and its status: `OK` (one solution: the steps
/// solve it, or stop where the techniques do), `NO_SOLUTION` or `MULTIPLE` (the logic counts
/// the solutions to two first, and gives no step then). A line that is not a puzzle raises
/// `ValueError` with the reason.
#[pyfunction]
fn explain_line(py: Python<'_>, line: &str) -> PyResult<(Vec<StepRow>, i8)> {
    let entry = classify_text(line.as_bytes());
    let board = board_of(&entry).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let e = py
        .detach(|| catch(|| explain(&board)))
        .map_err(|p| PyRuntimeError::new_err(format!("the logic {p}")))?;
    let steps = e
        .steps
        .iter()
        .map(|s| {
            (
                s.name().into_owned(),
                f64::from(s.difficulty) / 10.0,
                s.placements.clone(),
                s.eliminations
                    .iter()
                    .map(|&(c, m)| (c, digits(m).collect()))
                    .collect(),
                s.to_string(),
            )
        })
        .collect();
    Ok((steps, status_of(e.solutions)))
}

/// The status of a board whose solutions were counted to two: `OK` for one.
fn status_of(solutions: Solutions) -> i8 {
    match solutions {
        Solutions::None => NO_SOLUTION,
        Solutions::Unique => OK,
        Solutions::Multiple => MULTIPLE,
    }
}

/// Ratings of a batch: status per row (`OK` rated or beyond the techniques: NaN; `NO_SOLUTION`,
/// `MULTIPLE`, `INVALID`, `ERROR`), ER, EP, ED (NaN where none), reasons of bad rows.
type SeRows<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
    Vec<(usize, String)>,
);

/// Rates each entry: the rating, or why there is none (`rate` counts the solutions to two
/// first).
fn rate_entries(
    py: Python<'_>,
    threads: Option<usize>,
    entries: Vec<Entry>,
) -> PyResult<SeRows<'_>> {
    let rows = run_batch(py, threads, || {
        map_logic(&entries, |entry| {
            Ok::<_, String>(rate(&board_of(entry).map_err(|err| err.to_string())?))
        })
    })?;
    let n = rows.len();
    let (mut status, mut er, mut ep, mut ed, mut reasons) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::new(),
    );
    let tenths = |t: u8| f64::from(t) / 10.0;
    for (i, r) in rows.into_iter().enumerate() {
        let (s, vals) = match r {
            Ok(Ok(Ok(r))) => (OK, [tenths(r.er), tenths(r.ep), tenths(r.ed)]),
            Ok(Ok(Err(why))) => (
                match why {
                    Unrated::NoSolution => NO_SOLUTION,
                    Unrated::Multiple => MULTIPLE,
                    Unrated::Beyond => OK,
                },
                [f64::NAN; 3],
            ),
            Ok(Err(reason)) => {
                reasons.push((i, reason));
                (INVALID, [f64::NAN; 3])
            }
            Err(p) => {
                reasons.push((i, format!("the logic {p}")));
                (ERROR, [f64::NAN; 3])
            }
        };
        status.push(s);
        er.push(vals[0]);
        ep.push(vals[1]);
        ed.push(vals[2]);
    }
    Ok((
        PyArray1::from_vec(py, status),
        PyArray1::from_vec(py, er),
        PyArray1::from_vec(py, ep),
        PyArray1::from_vec(py, ed),
        reasons,
    ))
}

/// Sudoku Explainer ratings of `n` lines joined by `\n` (puzzle or pencilmark lines).
#[pyfunction]
#[pyo3(signature = (lines, n, threads=None))]
fn rate_se_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyBytes>,
    n: usize,
    threads: Option<usize>,
) -> PyResult<SeRows<'py>> {
    let entries: Vec<Entry> = if n == 0 {
        Vec::new()
    } else {
        lines
            .as_bytes()
            .split(|&b| b == b'\n')
            .map(classify_text)
            .collect()
    };
    if entries.len() != n {
        return Err(PyValueError::new_err(
            "a puzzle string contains a line break",
        ));
    }
    rate_entries(py, threads, entries)
}

/// Sudoku Explainer ratings of a `(N, 81)` uint8 array of cell values (0 empty).
#[pyfunction]
#[pyo3(signature = (cells, threads=None))]
fn rate_se_cells<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u8>,
    threads: Option<usize>,
) -> PyResult<SeRows<'py>> {
    if cells.as_array().ncols() != 81 {
        return Err(PyValueError::new_err("expected 81 cells per row"));
    }
    let flat: Vec<u8> = cells.as_array().iter().copied().collect();
    let entries = flat
        .chunks_exact(81)
        .map(|row| match parse_cells(row) {
            Ok(g) => Entry::Puzzle(g),
            Err(reason) => Entry::Invalid(reason),
        })
        .collect();
    rate_entries(py, threads, entries)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(explain_line, m)?)?;
    m.add_function(wrap_pyfunction!(rate_se_lines, m)?)?;
    m.add_function(wrap_pyfunction!(rate_se_cells, m)?)?;
    Ok(())
}
