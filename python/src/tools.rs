//! Puzzle tools: generate, rate, minimize, canonical forms, shuffles, solution iterators and
//! large grids.

use pyo3::prelude::*;

#[allow(clippy::unnecessary_wraps)] // tool functions come next
/// Adds the tool functions to the module.
pub(crate) fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
