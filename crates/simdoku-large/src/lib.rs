//! Large grids (4x4 .. 121x121) and Sudoku-X. See the crate README.
#![forbid(unsafe_code)]
