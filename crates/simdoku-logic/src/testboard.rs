//! Helpers of the hand-made positions in the technique tests.

use crate::board::Board;

/// Every candidate in every cell: a test narrows cells from here to draw a pattern.
pub(crate) fn open() -> Board {
    Board::from_pencilmarks(&"123456789".repeat(81)).unwrap()
}

/// The cell index of a name such as `r5c6`.
pub(crate) fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    ((b[1] - b'1') * 9 + (b[3] - b'1')) as usize
}
