//! The grid of fuzzed bytes, shared by the targets that fuzz grids: `1`-`9` are givens (so the
//! bundled puzzles are seeds as they are), bytes from 0xF7 up are givens too, the rest empty.

use simdoku_core::Grid;

pub fn grid(data: &[u8]) -> Grid {
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(data) {
        *c = match b {
            b'1'..=b'9' => b - b'0',
            0xF7.. => b - 0xF6,
            _ => 0,
        };
    }
    Grid::from_cells(cells).expect("digits 0-9")
}
