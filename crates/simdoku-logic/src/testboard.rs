//! Helpers of the hand-made positions in the technique tests.

use crate::board::{Board, cell_name, digits};
use crate::step::Step;

/// Every candidate in every cell: a test narrows cells from here to draw a pattern.
pub(crate) fn open() -> Board {
    Board::from_pencilmarks(&"123456789".repeat(81)).unwrap()
}

/// The cell index of a name such as `r5c6`.
pub(crate) fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    ((b[1] - b'1') * 9 + (b[3] - b'1')) as usize
}

/// Narrows each named cell to the candidates of its mask (bit `d - 1` for digit `d`).
pub(crate) fn narrow(b: &mut Board, cells: &[(&str, u16)]) {
    for &(name, ds) in cells {
        b.eliminate(cell(name), !ds & 0x1ff);
    }
}

/// A step's eliminations as `r2c1-4`, in its order.
pub(crate) fn eliminated(s: &Step) -> Vec<String> {
    s.eliminations
        .iter()
        .flat_map(|&(c, m)| digits(m).map(move |d| format!("{}-{d}", cell_name(c as usize))))
        .collect()
}
