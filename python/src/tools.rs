//! Puzzle tools over batches (generate, rate, minimize, canonical forms, shuffles), the lazy
//! solution iterator, and large grids. Same shape as the solving calls: flat uint8 arrays in,
//! flat arrays and a status per row out, the GIL released around the whole batch.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use simdoku::batch::map;
use simdoku::engines::Work;
use simdoku::large::mixed;
use simdoku::large::{Config, LargeGrid, Shape, Solver};
use simdoku::tools::{
    ClueSymmetry, GenerateOptions, Generated, Pencilmarks, Rng, Singles, Symmetry, canonical,
    generate, generate_rated, minimize, minlex, rate, singles_grade,
};
use simdoku::{Grid, Level, NotUnique, SeTarget, SeTargetError};

use crate::{
    ERROR, INVALID, MULTIPLE, NO_SOLUTION, OK, Parsed, engine_spec, parse_cells, parse_line,
    run_batch,
};

/// Row results: status per row, 81 cells per row (zeros where none), reasons of bad rows.
type Rows<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray2<u8>>,
    Vec<(usize, String)>,
);

/// The rows as arrays, each bad row with its status (`INVALID`, `NO_SOLUTION`, ...) and reason.
fn rows_with_status(
    py: Python<'_>,
    rows: impl ExactSizeIterator<Item = Result<Grid, (i8, String)>>,
) -> PyResult<Rows<'_>> {
    let n = rows.len();
    let mut status = Vec::with_capacity(n);
    let mut cells = Vec::with_capacity(n * 81);
    let mut reasons = Vec::new();
    for (i, r) in rows.enumerate() {
        match r {
            Ok(g) => {
                status.push(OK);
                cells.extend_from_slice(g.cells());
            }
            Err((code, reason)) => {
                status.push(code);
                cells.extend_from_slice(&[0; 81]);
                reasons.push((i, reason));
            }
        }
    }
    Ok((
        PyArray1::from_vec(py, status),
        PyArray1::from_vec(py, cells).reshape([n, 81])?,
        reasons,
    ))
}

/// The flat cells of a `(N, 81)` array, copied (so the batch can run without the GIL).
fn flat(cells: &PyReadonlyArray2<'_, u8>) -> PyResult<Vec<u8>> {
    if cells.as_array().ncols() != 81 {
        return Err(PyValueError::new_err("expected 81 cells per row"));
    }
    Ok(cells.as_array().iter().copied().collect())
}

fn base_rng(seed: Option<u64>) -> Rng {
    Rng::new(seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        t ^ u64::from(std::process::id()).rotate_left(32)
    }))
}

/// Parses `n` lines joined by `\n` into a `(N, 81)` array, with a status per row.
#[pyfunction]
fn parse_lines<'py>(py: Python<'py>, lines: &Bound<'py, PyBytes>, n: usize) -> PyResult<Rows<'py>> {
    let data = lines.as_bytes();
    let parsed: Vec<Parsed> = if n == 0 {
        Vec::new()
    } else {
        data.split(|&b| b == b'\n').map(parse_line).collect()
    };
    if parsed.len() != n {
        return Err(PyValueError::new_err(
            "a puzzle string contains a line break",
        ));
    }
    let rows = parsed
        .into_iter()
        .map(|r| r.map_err(|reason| (INVALID, reason)));
    rows_with_status(py, rows)
}

fn symmetry_of(name: Option<&str>) -> PyResult<ClueSymmetry> {
    Ok(match name.unwrap_or("none") {
        "none" => ClueSymmetry::None,
        "rot180" => ClueSymmetry::Rot180,
        "rot90" => ClueSymmetry::Rot90,
        "mirror" => ClueSymmetry::Mirror,
        "diagonal" => ClueSymmetry::Diagonal,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown symmetry {other:?} (none, rot180, rot90, mirror, diagonal)"
            )));
        }
    })
}

fn grade_of(name: &str) -> PyResult<Singles> {
    [Singles::Naked, Singles::Hidden, Singles::Beyond]
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown grade {name:?} (naked-singles, hidden-singles, beyond-singles)"
            ))
        })
}

/// Two `(n, 81)` arrays: puzzles and their solutions.
type Pair<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>);

/// Tries per puzzle before a grade filter gives up.
const GRADE_TRIES: usize = 2000;

/// The Sudoku Explainer band of `se` (`"4.0..6.0"`, `"5.5"`) or `level` (`"hard"`), if any.
fn se_target_of(se: Option<&str>, level: Option<&str>) -> PyResult<Option<SeTarget>> {
    let err = |e: SeTargetError| PyValueError::new_err(e.to_string());
    match (se, level) {
        (Some(_), Some(_)) => Err(PyValueError::new_err("se and level: one or the other")),
        (Some(band), None) => band.parse().map(Some).map_err(err),
        (None, Some(name)) => name.parse::<Level>().map(|l| Some(l.target())).map_err(err),
        (None, None) => Ok(None),
    }
}

/// Generates `n` puzzles with unique solutions: `(puzzles, solutions)`, each `(n, 81)`.
/// Puzzle `i` depends only on the seed and `i` (not on the thread count). `se` (a band of ER,
/// `"4.0..6.0"`) or `level` keeps only puzzles of that Sudoku Explainer rating, up to
/// `attempts` candidates each.
#[pyfunction]
#[pyo3(signature = (n, clues=0, symmetry=None, minimal=false, grade=None, seed=None, threads=None,
                    se=None, level=None, attempts=10_000))]
fn generate_cells<'py>(
    py: Python<'py>,
    n: usize,
    clues: usize,
    symmetry: Option<&str>,
    minimal: bool,
    grade: Option<&str>,
    seed: Option<u64>,
    threads: Option<usize>,
    se: Option<&str>,
    level: Option<&str>,
    attempts: usize,
) -> PyResult<Pair<'py>> {
    let options = GenerateOptions {
        clues,
        symmetry: symmetry_of(symmetry)?,
        minimal,
    };
    let grade = grade.map(grade_of).transpose()?;
    let target = se_target_of(se, level)?;
    if grade.is_some() && target.is_some() {
        return Err(PyValueError::new_err(
            "grade and se/level: one or the other",
        ));
    }
    if target.is_some() && attempts == 0 {
        return Err(PyValueError::new_err("attempts must be >= 1"));
    }
    let spec = engine_spec(None, Work::Count)?;
    let base = base_rng(seed);
    // Room for the results first: a huge `n` is a MemoryError here, not a "capacity overflow"
    // panic or an allocation failure that aborts the interpreter.
    let too_many = || PyMemoryError::new_err(format!("cannot hold {n} puzzles"));
    let cells = n.checked_mul(81).ok_or_else(too_many)?;
    let (mut idx, mut puzzles, mut solutions) = (Vec::new(), Vec::new(), Vec::new());
    idx.try_reserve_exact(n).map_err(|_| too_many())?;
    puzzles.try_reserve_exact(cells).map_err(|_| too_many())?;
    solutions.try_reserve_exact(cells).map_err(|_| too_many())?;
    idx.extend(0..n as u64);
    let made = run_batch(py, threads, || {
        map(spec, &idx, |e, &i| {
            let mut rng = base.derive(i);
            if let Some(t) = target {
                return generate_rated(e, &options, t, attempts, &mut rng).map(|r| Generated {
                    puzzle: r.puzzle,
                    solution: r.solution,
                });
            }
            for _ in 0..GRADE_TRIES {
                let g = generate(e, &options, &mut rng);
                if grade
                    .is_none_or(|want| singles_grade(&Pencilmarks::from_grid(&g.puzzle)) == want)
                {
                    return Some(g);
                }
            }
            None
        })
    })?;
    for g in made {
        let g = g.map_err(|p| PyRuntimeError::new_err(format!("the engine {p}")))?;
        let g = g.ok_or_else(|| {
            PyValueError::new_err(match target {
                Some(SeTarget::Beyond) => format!(
                    "no puzzle beyond the rater in {attempts} candidates (try more attempts)"
                ),
                Some(t) => format!(
                    "no puzzle with ER {t} in {attempts} candidates (try a wider band, more \
                     attempts or fewer constraints)"
                ),
                None => format!(
                    "no puzzle of that grade in {GRADE_TRIES} tries (try fewer constraints)"
                ),
            })
        })?;
        puzzles.extend_from_slice(g.puzzle.cells());
        solutions.extend_from_slice(g.solution.cells());
    }
    Ok((
        PyArray1::from_vec(py, puzzles).reshape([n, 81])?,
        PyArray1::from_vec(py, solutions).reshape([n, 81])?,
    ))
}

/// One puzzle's rating: solutions (to 2), mean guesses, singles grade (0 naked, 1 hidden,
/// 2 beyond, 3 contradiction).
type RateRows<'py> = (
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<u8>>,
    Vec<(usize, String)>,
);

/// Rates a `(N, 81)` batch: `samples` random symmetries counted to 2 each.
#[pyfunction]
#[pyo3(signature = (cells, samples=16, seed=None, threads=None))]
fn rate_cells<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u8>,
    samples: usize,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<RateRows<'py>> {
    let flat = flat(&cells)?;
    let spec = engine_spec(None, Work::Count)?;
    let base = base_rng(Some(seed.unwrap_or(1)));
    let rows = run_batch(py, threads, || {
        let parsed: Vec<(usize, Parsed)> =
            flat.chunks_exact(81).map(parse_cells).enumerate().collect();
        map(spec, &parsed, |e, (i, p)| {
            p.as_ref()
                .map(|g| rate(e, g, samples, &mut base.derive(*i as u64)))
                .map_err(Clone::clone)
        })
        .into_iter()
        .map(|r| r.unwrap_or_else(|p| Err(format!("engine {p}"))))
        .collect::<Vec<_>>()
    })?;
    let n = rows.len();
    let (mut status, mut sols, mut guesses, mut grades, mut reasons) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::new(),
    );
    for (i, r) in rows.into_iter().enumerate() {
        match r {
            Ok(r) => {
                status.push(OK);
                sols.push(r.solutions);
                guesses.push(r.guesses);
                grades.push(r.grade as u8);
            }
            Err(reason) => {
                status.push(if reason.starts_with("engine") {
                    ERROR
                } else {
                    INVALID
                });
                sols.push(0);
                guesses.push(f64::NAN);
                grades.push(Singles::Contradiction as u8);
                reasons.push((i, reason));
            }
        }
    }
    Ok((
        PyArray1::from_vec(py, status),
        PyArray1::from_vec(py, sols),
        PyArray1::from_vec(py, guesses),
        PyArray1::from_vec(py, grades),
        reasons,
    ))
}

/// What a per-grid tool does.
#[derive(Clone, Copy)]
enum Tool {
    Minimize,
    Canonical,
    Minlex,
    Shuffle,
}

/// Applies a per-grid tool to a `(N, 81)` batch.
#[pyfunction]
#[pyo3(signature = (cells, tool, seed=None, threads=None))]
fn map_cells<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u8>,
    tool: &str,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Rows<'py>> {
    let tool = match tool {
        "minimize" => Tool::Minimize,
        "canonical" => Tool::Canonical,
        "minlex" => Tool::Minlex,
        "shuffle" => Tool::Shuffle,
        _ => return Err(PyValueError::new_err(format!("unknown tool {tool:?}"))),
    };
    let flat = flat(&cells)?;
    let spec = engine_spec(None, Work::Count)?;
    let base = base_rng(seed);
    let rows = run_batch(py, threads, || {
        let parsed: Vec<(usize, Parsed)> =
            flat.chunks_exact(81).map(parse_cells).enumerate().collect();
        map(spec, &parsed, |e, (i, p)| {
            let g = p.as_ref().map_err(|reason| (INVALID, reason.clone()))?;
            match tool {
                // A puzzle without exactly one solution has no minimal form: its row says
                // which, as solve's and count's statuses do.
                Tool::Minimize => minimize(e, g).map_err(|err| {
                    let status = match err {
                        NotUnique::NoSolution => NO_SOLUTION,
                        NotUnique::Multiple => MULTIPLE,
                    };
                    (status, err.to_string())
                }),
                Tool::Canonical => Ok(canonical(g)),
                Tool::Minlex => Ok(minlex(g)),
                Tool::Shuffle => Ok(Symmetry::random(&mut base.derive(*i as u64)).apply(g)),
            }
        })
        .into_iter()
        .map(|r| r.unwrap_or_else(|p| Err((ERROR, format!("engine {p}")))))
        .collect::<Vec<_>>()
    })?;
    rows_with_status(py, rows.into_iter())
}

/// A lazy iterator over a puzzle's solutions: the engine runs on its own thread and waits
/// while the consumer has not taken the solutions found so far; dropping the iterator stops it.
#[pyclass(module = "simdoku._native")]
struct Solutions {
    rx: Mutex<Option<Receiver<Grid>>>,
    left: Option<u64>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyArray1<u8>>> {
        if self.left == Some(0) {
            self.rx = Mutex::new(None);
            return None;
        }
        let guard = self.rx.get_mut().unwrap_or_else(|e| e.into_inner());
        let rx = guard.take()?;
        let (next, rx) = py.detach(move || (rx.recv().ok(), rx));
        match next {
            Some(g) => {
                *guard = Some(rx);
                if let Some(l) = &mut self.left {
                    *l -= 1;
                }
                Some(PyArray1::from_slice(py, g.cells()))
            }
            None => None,
        }
    }
}

/// Starts enumerating the solutions of one puzzle (81 cells), at most `max` of them.
#[pyfunction]
#[pyo3(signature = (cells, max=None, engine=None))]
fn solutions(cells: Vec<u8>, max: Option<u64>, engine: Option<&str>) -> PyResult<Solutions> {
    if cells.len() != 81 {
        return Err(PyValueError::new_err("expected 81 cells"));
    }
    let grid = parse_cells(&cells).map_err(|r| PyValueError::new_err(format!("row 0: {r}")))?;
    let spec = engine_spec(engine, Work::Enumerate)?;
    let (tx, rx): (SyncSender<Grid>, Receiver<Grid>) = sync_channel(256);
    std::thread::Builder::new()
        .name("simdoku-solutions".into())
        .spawn(move || {
            let mut e = spec.engine();
            e.visit(&grid, &mut |s| match tx.send(*s) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            });
        })
        .map_err(|e| PyValueError::new_err(format!("cannot start a thread: {e}")))?;
    Ok(Solutions {
        rx: Mutex::new(Some(rx)),
        left: max,
    })
}

/// The grid of `cells` in the shape of `regions` (else the boxes `simdoku large` picks for the
/// side), its givens checked for a clash under `x`.
fn large_grid(
    cells: &PyReadonlyArray2<'_, u16>,
    x: bool,
    regions: Option<PyReadonlyArray2<'_, u16>>,
) -> PyResult<LargeGrid> {
    let side = cells.as_array().nrows();
    if cells.as_array().ncols() != side {
        return Err(PyValueError::new_err("a large grid is square (N x N)"));
    }
    let shape = match regions {
        None => Shape::default_for_side(side)
            .ok_or_else(|| PyValueError::new_err(format!("no box shape for side {side}")))?,
        Some(r) => {
            if r.as_array().dim() != (side, side) {
                return Err(PyValueError::new_err(format!(
                    "regions of shape {:?} for a {side}x{side} grid",
                    r.as_array().dim()
                )));
            }
            shape_of_regions(side, &r.as_array().iter().copied().collect::<Vec<u16>>())
                .map_err(PyValueError::new_err)?
        }
    };
    let grid = LargeGrid::with_values(shape, cells.as_array().iter().copied().collect())
        .map_err(PyValueError::new_err)?;
    if let Some(v) = grid.conflict(x) {
        return Err(PyValueError::new_err(format!("contradictory givens: {v}")));
    }
    Ok(grid)
}

/// Seconds, as the CLI's --timeout: NaN or negative is an error (not a panic), and 0 or more
/// seconds than a Duration holds (inf, 1e30) is no limit.
fn large_timeout(timeout: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    match timeout {
        Some(t) if t.is_nan() || t < 0.0 => Err(PyValueError::new_err(format!(
            "timeout must be a number of seconds >= 0, got {t}"
        ))),
        None | Some(0.0) => Ok(None),
        Some(t) => Ok(std::time::Duration::try_from_secs_f64(t).ok()),
    }
}

/// A large grid's cells as an (N, N) array.
fn large_array<'py>(py: Python<'py>, g: &LargeGrid) -> PyResult<Bound<'py, PyArray2<u16>>> {
    PyArray1::from_slice(py, g.cells()).reshape([g.side(), g.side()])
}

/// Solves an N x N grid (N = 4..=400, boxes as `simdoku large` picks them for the side: square
/// where N is a square, else the most nearly square R x C; Sudoku-X when `x`): `(status,
/// solution or None)`, status one of "solved", "unique", "multiple", "no solution", "timed out".
#[pyfunction]
#[pyo3(signature = (cells, x=false, unique=false, timeout=None, regions=None))]
fn large_solve<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u16>,
    x: bool,
    unique: bool,
    timeout: Option<f64>,
    regions: Option<PyReadonlyArray2<'py, u16>>,
) -> PyResult<(String, Option<Bound<'py, PyArray2<u16>>>)> {
    let grid = large_grid(&cells, x, regions)?;
    let timeout = large_timeout(timeout)?;
    let (status, sol) = py.detach(|| {
        let mut solver = Solver::for_shape(grid.shape(), x, Config::default());
        let (status, sol, _) = solver.count(&grid, if unique { 2 } else { 1 }, timeout);
        (status, sol)
    });
    let sol = match sol {
        Some(s) => Some(large_array(py, &s)?),
        None => None,
    };
    Ok((status.to_string(), sol))
}

/// `simdoku large --minimize` (`template` false: `cells` must have one solution) or
/// `--generate` (`template` true: a new puzzle whose solution fits `cells`):
/// `(status, puzzle, solution, minimal)`, status as [`large_solve`]'s (of the count to two, or
/// of the template's solve); the arrays are None unless the puzzle was made.
#[pyfunction]
#[pyo3(signature = (cells, template, x=false, seed=1, no_guesses=false, timeout=None, regions=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)] // Python keywords
fn large_reduce<'py>(
    py: Python<'py>,
    cells: PyReadonlyArray2<'py, u16>,
    template: bool,
    x: bool,
    seed: u64,
    no_guesses: bool,
    timeout: Option<f64>,
    regions: Option<PyReadonlyArray2<'py, u16>>,
) -> PyResult<(
    String,
    Option<Bound<'py, PyArray2<u16>>>,
    Option<Bound<'py, PyArray2<u16>>>,
    bool,
)> {
    let grid = large_grid(&cells, x, regions)?;
    let timeout = large_timeout(timeout)?;
    let how = mixed::Reduce {
        from_template: template,
        no_guesses,
        seed,
    };
    let (status, made) = py.detach(|| {
        let mut solver = Solver::for_shape(grid.shape(), x, Config::default());
        let (status, first, _) = solver.count(&grid, how.limit(), timeout);
        let made = mixed::reduce(&mut solver, &grid, status, first.as_ref(), how, timeout);
        (status, made)
    });
    Ok(match made {
        Some((_, m)) if m.needs_guess => {
            return Err(PyValueError::new_err(format!(
                "grid: {}: no_guesses removes nothing",
                mixed::NEEDS_GUESS
            )));
        }
        Some((sol, m)) => (
            status.to_string(),
            Some(large_array(py, &m.puzzle)?),
            Some(large_array(py, &sol)?),
            m.minimal,
        ),
        None => (status.to_string(), None, None, false),
    })
}

/// The shape whose regions are `map` (the region of each cell, row by row): boxes when the map
/// is the boxes of some R x C (so that the box rules apply), else a jigsaw.
fn shape_of_regions(side: usize, map: &[u16]) -> Result<Shape, String> {
    // Checked, and numbered in order of first appearance, as boxes are numbered row by row:
    // a map of boxes gets the boxes' own numbers.
    let jigsaw = Shape::jigsaw(side, map)?;
    let boxes = (2..side)
        .filter(|r| side.is_multiple_of(*r))
        .filter_map(|r| Shape::boxes(r, side / r).ok())
        .find(|b| (0..side * side).all(|c| b.region_of(c) == jigsaw.region_of(c)));
    Ok(boxes.unwrap_or(jigsaw))
}

/// The grids of a large-grid file's text, read as `simdoku large` reads one (every format it
/// takes: one grid a line, rows of characters, rows of numbers, streams of numbers with any line
/// breaks, jigsaw region maps, `Sudoku X` lines): per grid `(line, cells, regions, x, reason)`,
/// cells and the region of each cell row by row (`None` with the reason when it is not a grid).
type LargeRow = (
    usize,
    Option<Vec<u16>>,
    Option<Vec<u16>>,
    bool,
    Option<String>,
);

#[pyfunction]
fn large_read(py: Python<'_>, text: &str) -> Vec<LargeRow> {
    py.detach(|| {
        simdoku::batch::parse_large(text)
            .into_iter()
            .map(|r| match r {
                Ok(p) => {
                    let shape = p.grid.shape();
                    let regions = (0..shape.side() * shape.side())
                        .map(|c| shape.region_of(c) as u16)
                        .collect();
                    (
                        p.line,
                        Some(p.grid.cells().to_vec()),
                        Some(regions),
                        p.x,
                        None,
                    )
                }
                Err(e) => (e.line, None, None, false, Some(e.reason)),
            })
            .collect()
    })
}

/// Adds the tool functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_lines, m)?)?;
    m.add_function(wrap_pyfunction!(large_read, m)?)?;
    m.add_function(wrap_pyfunction!(generate_cells, m)?)?;
    m.add_function(wrap_pyfunction!(rate_cells, m)?)?;
    m.add_function(wrap_pyfunction!(map_cells, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(large_solve, m)?)?;
    m.add_function(wrap_pyfunction!(large_reduce, m)?)?;
    m.add_class::<Solutions>()?;
    Ok(())
}
