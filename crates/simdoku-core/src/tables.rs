//! Compile-time tables over the 81 cells. A field of cells is a `u128` whose bit
//! `9 * row + column` stands for the cell (`row`, `column`), both counted from 0.

/// The six orders of three things (rows of a band, bands of a grid, boxes of a band), in
/// lexicographic order.
pub const ORDERS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// All 81 cells.
pub const ALL: u128 = (1u128 << 81) - 1;

/// Row (0..9) of each cell.
pub const ROW: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = (c / 9) as u8;
        c += 1;
    }
    t
};

/// Column (0..9) of each cell.
pub const COL: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = (c % 9) as u8;
        c += 1;
    }
    t
};

/// Box (0..9, row-major) of each cell.
pub const BOX: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = ((c / 27) * 3 + (c % 9) / 3) as u8;
        c += 1;
    }
    t
};

/// The 27 units: rows 0..9, then columns 9..18, then boxes 18..27.
pub const UNITS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        t[ROW[c] as usize] |= 1 << c;
        t[9 + COL[c] as usize] |= 1 << c;
        t[18 + BOX[c] as usize] |= 1 << c;
        c += 1;
    }
    t
};

/// The 20 peers of each cell (same row, column or box), the cell itself excluded.
pub const PEERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = (UNITS[ROW[c] as usize] | UNITS[9 + COL[c] as usize] | UNITS[18 + BOX[c] as usize])
            & !(1 << c);
        c += 1;
    }
    t
};

/// The three units of each cell: row, column, box (indices into [`UNITS`]).
pub const UNITS_OF: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [ROW[c], 9 + COL[c], 18 + BOX[c]];
        c += 1;
    }
    t
};

/// Iterates over the set bits of a cell field, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Cells(pub u128);

// Copy on purpose: a field is a plain value, iterating a copy leaves the original intact.
#[allow(clippy::copy_iterator)]
impl Iterator for Cells {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_peers_have_the_right_sizes() {
        for u in UNITS {
            assert_eq!(u.count_ones(), 9);
        }
        for p in PEERS {
            assert_eq!(p.count_ones(), 20);
        }
        let rows = UNITS[..9].iter().fold(0, |a, u| a | u);
        let cols = UNITS[9..18].iter().fold(0, |a, u| a | u);
        let boxes = UNITS[18..].iter().fold(0, |a, u| a | u);
        assert_eq!((rows, cols, boxes), (ALL, ALL, ALL));
        assert_eq!(Cells(PEERS[40]).count(), 20);
    }
}
