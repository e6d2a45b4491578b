//! The candidate grid a person pencils in: a value or a set of candidates per cell.
//!
//! Digits are 1..=9; a candidate set is a 9-bit mask, bit `d - 1` for digit `d`. Houses are
//! numbered as Sudoku Explainer scans them: boxes 0..9 (row-major), rows 0..9, columns 0..9; the
//! cells of a house are listed in reading order (a box's row by row), so a position inside a
//! house is an index 0..9 into [`House::cells`].
use std::fmt;

use simdoku_core::Grid;

/// One of the 27 houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A 3x3 box, 0..9 in reading order.
    Box(u8),
    /// A row, 0..9 from the top.
    Row(u8),
    /// A column, 0..9 from the left.
    Col(u8),
}

/// The cells of each house in reading order: boxes, then rows, then columns (the numbering of
/// [`House::index`] and of `links::HOUSE_MASK`).
pub(crate) const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            t[i][k] = ((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3) as u8;
            t[9 + i][k] = (i * 9 + k) as u8;
            t[18 + i][k] = (k * 9 + i) as u8;
            k += 1;
        }
        i += 1;
    }
    t
};

/// `SHARED[a][b]`: the positions in house `a` of the cells it shares with house `b` (0 for
/// `a == b`).
const SHARED: [[u16; 27]; 27] = {
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut k = 0;
            while k < 9 {
                let mut j = 0;
                while j < 9 {
                    if a != b && HOUSE_CELLS[b][j] == HOUSE_CELLS[a][k] {
                        t[a][b] |= 1 << k;
                    }
                    j += 1;
                }
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// For each house, the houses that share cells with it (bit `i` for [`House::ALL`]`[i]`).
const CROSSES: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut k = 0;
            while k < 9 {
                let c = HOUSE_CELLS[a][k];
                let mut j = 0;
                while j < 9 {
                    if a != b && HOUSE_CELLS[b][j] == c {
                        t[a] |= 1 << b;
                    }
                    j += 1;
                }
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The 20 peers of each cell (cells sharing a house), in increasing order.
pub(crate) const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            if o != c && (o / 9 == c / 9 || o % 9 == c % 9 || box_of(o) == box_of(c)) {
                t[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
};

/// Each cell's peers as a cell mask (bit `p` for peer `p`).
pub(crate) const PEER_MASKS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 20 {
            t[c] |= 1 << PEERS[c][k];
            k += 1;
        }
        c += 1;
    }
    t
};

/// The cells of a cell mask, in cell order.
pub(crate) fn cells_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let c = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(c)
    })
}

const fn box_of(c: usize) -> usize {
    c / 27 * 3 + c % 9 / 3
}

/// Whether two distinct cells share a house.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || box_of(a) == box_of(b))
}

impl House {
    /// All 27 houses in Sudoku Explainer's numbering: boxes, rows, columns.
    pub const ALL: [House; 27] = {
        let mut t = [House::Box(0); 27];
        let mut i = 0;
        while i < 9 {
            t[i] = House::Box(i as u8);
            t[9 + i] = House::Row(i as u8);
            t[18 + i] = House::Col(i as u8);
            i += 1;
        }
        t
    };

    /// Index 0..27: boxes, rows, columns.
    pub fn index(self) -> usize {
        match self {
            House::Box(i) => i as usize,
            House::Row(i) => 9 + i as usize,
            House::Col(i) => 18 + i as usize,
        }
    }

    /// The house of a kind (0 box, 1 row, 2 column) and number.
    pub(crate) fn of_kind(kind: usize, i: usize) -> House {
        House::ALL[kind * 9 + i]
    }

    /// The nine cells, in reading order.
    pub fn cells(self) -> &'static [u8; 9] {
        &HOUSE_CELLS[self.index()]
    }

    /// Whether the house holds the cell.
    pub fn contains(self, cell: usize) -> bool {
        match self {
            House::Box(i) => box_of(cell) == i as usize,
            House::Row(i) => cell / 9 == i as usize,
            House::Col(i) => cell % 9 == i as usize,
        }
    }

    /// The positions (in this house) of the cells it shares with another house.
    #[inline]
    pub(crate) fn shared(self, other: House) -> u16 {
        SHARED[self.index()][other.index()]
    }

    /// Whether two houses share cells (and are different).
    #[inline]
    pub fn crosses(self, other: House) -> bool {
        CROSSES[self.index()] & (1 << other.index()) != 0
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
        }
    }
}

/// A cell's name, `r5c6`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The bit of a digit in a candidate mask.
#[inline]
pub(crate) const fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// The digits of a mask, lowest first.
pub fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & bit(d) != 0)
}

/// Why a line is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Neither 81 cells nor 729 pencilmark characters (or a malformed puzzle line).
    Malformed(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Malformed(why) => write!(f, "not a puzzle or pencilmark line: {why}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// The three houses of each cell (box, row, column indices into [`House::ALL`]) and the cell's
/// position in each.
const CELL_HOUSES: [[(u8, u8); 3]; 81] = {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        t[c] = [
            (box_of(c) as u8, (r % 3 * 3 + k % 3) as u8),
            ((9 + r) as u8, k as u8),
            ((18 + k) as u8, r as u8),
        ];
        c += 1;
    }
    t
};

/// Values and candidates of the 81 cells, with each digit's positions in each house kept in
/// step (the finders read those far more often than the cells change).
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    values: [u8; 81],
    cands: [u16; 81],
    /// `pos[d - 1][house]`: the positions of digit `d`'s candidates in the house.
    pos: [[u16; 27]; 9],
    /// Empty cells per house.
    empty: [u8; 27],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.pencilmarks())
    }
}

impl Board {
    /// The board of a puzzle: its givens placed, every other cell holding each digit that no
    /// given in its houses has.
    pub fn from_grid(grid: &Grid) -> Board {
        let mut b = Board {
            values: [0; 81],
            cands: [0x1ff; 81],
            pos: [[0; 27]; 9],
            empty: [0; 27],
        };
        b.index();
        for c in 0..81 {
            let v = grid.get(c);
            if v != 0 {
                b.place(c, v);
            }
        }
        b
    }

    /// A board from a pencilmark (Sukaku) line: 729 characters, nine per cell, character `k` of a
    /// cell the digit `k + 1` when it is a candidate there (anything else when not). As Sudoku
    /// Explainer reads one, a cell left with one candidate that none of its peers has is a given.
    pub fn from_pencilmarks(line: &str) -> Result<Board, BoardError> {
        let bytes = line.as_bytes();
        if bytes.len() < 729 {
            return Err(BoardError::Malformed(format!(
                "{} characters, a pencilmark line has 729",
                bytes.len()
            )));
        }
        let mut b = Board {
            values: [0; 81],
            cands: [0; 81],
            pos: [[0; 27]; 9],
            empty: [0; 27],
        };
        for (i, &ch) in bytes[..729].iter().enumerate() {
            let d = i % 9 + 1;
            if ch == b'0' + d as u8 {
                b.cands[i / 9] |= 1 << (d - 1);
            } else if ch.is_ascii_digit() && ch != b'0' {
                return Err(BoardError::Malformed(format!(
                    "character {} is '{}', expected '{d}' or a blank",
                    i + 1,
                    ch as char
                )));
            }
        }
        for c in 0..81 {
            let m = b.cands[c];
            if m.is_power_of_two() && PEERS[c].iter().all(|&p| b.cands[p as usize] & m == 0) {
                b.values[c] = m.trailing_zeros() as u8 + 1;
                b.cands[c] = 0;
            }
        }
        b.index();
        Ok(b)
    }

    /// A board from a puzzle line (81 cells, as [`Grid::parse`] reads them) or a pencilmark line
    /// (729 characters, [`Board::from_pencilmarks`]).
    pub fn parse(line: &str) -> Result<Board, BoardError> {
        let t = line.trim();
        let first = t.split([',', ' ', '\t']).next().unwrap_or("");
        if first.len() >= 729 {
            return Board::from_pencilmarks(first);
        }
        Grid::parse(t)
            .map(|g| Board::from_grid(&g))
            .map_err(|e| BoardError::Malformed(e.to_string()))
    }

    /// Builds the position and empty-cell tables from the cells.
    fn index(&mut self) {
        self.pos = [[0; 27]; 9];
        self.empty = [0; 27];
        for c in 0..81 {
            for &(h, k) in &CELL_HOUSES[c] {
                if self.values[c] == 0 {
                    self.empty[h as usize] += 1;
                }
                for d in 0..9 {
                    if self.cands[c] & (1 << d) != 0 {
                        self.pos[d][h as usize] |= 1 << k;
                    }
                }
            }
        }
    }

    /// Clears the cell's candidates of `mask` (which it has) from the position tables.
    fn unindex(&mut self, cell: usize, mask: u16) {
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            for &(h, k) in &CELL_HOUSES[cell] {
                self.pos[d][h as usize] &= !(1 << k);
            }
        }
    }

    /// The value of a cell (0 when empty).
    ///
    /// # Panics
    /// If `cell` is 81 or more.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of a cell (bit `d - 1` for digit `d`; 0 when it holds a value).
    ///
    /// # Panics
    /// If `cell` is 81 or more.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// Whether the cell has the digit as a candidate: `false` for a digit outside 1..=9.
    ///
    /// # Panics
    /// If `cell` is 81 or more.
    #[inline]
    pub fn has(&self, cell: usize, d: u8) -> bool {
        // (`d - 1` would wrap for 0, and a shift past 15 is masked: 0 or 10 would read
        // another digit's candidate.)
        (1..=9).contains(&d) && self.cands[cell] & bit(d) != 0
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The values as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("values are 0..=9")
    }

    /// Places a value: the cell's candidates go, and the value leaves its peers' candidates.
    ///
    /// # Panics
    /// If `cell` is 81 or more, or `d` is not a digit 1..=9.
    pub fn place(&mut self, cell: usize, d: u8) {
        assert!((1..=9).contains(&d), "digit {d} is not 1..=9");
        if self.values[cell] == 0 {
            for &(h, _) in &CELL_HOUSES[cell] {
                self.empty[h as usize] -= 1;
            }
        }
        self.values[cell] = d;
        self.eliminate(cell, 0x1ff);
        for &p in &PEERS[cell] {
            self.eliminate(p as usize, bit(d));
        }
    }

    /// Removes candidates (a mask, bit `d - 1` for digit `d`) from a cell.
    ///
    /// # Panics
    /// If `cell` is 81 or more.
    pub fn eliminate(&mut self, cell: usize, mask: u16) {
        let gone = self.cands[cell] & mask;
        if gone != 0 {
            self.cands[cell] &= !mask;
            self.unindex(cell, gone);
        }
    }

    /// The positions (0..9 in [`House::cells`]) of a digit's candidates in a house.
    #[inline]
    pub fn positions(&self, house: House, d: u8) -> u16 {
        self.pos[d as usize - 1][house.index()]
    }

    /// How many cells of a house are empty.
    #[inline]
    pub fn empty_in(&self, house: House) -> u32 {
        u32::from(self.empty[house.index()])
    }

    /// How many cells hold the digit.
    pub fn occurrences(&self, d: u8) -> u32 {
        self.values.iter().map(|&v| u32::from(v == d)).sum()
    }

    /// The 729-character pencilmark line (placed cells show their value alone).
    pub fn pencilmarks(&self) -> String {
        let mut s = String::with_capacity(729);
        for c in 0..81 {
            let m = if self.values[c] != 0 {
                bit(self.values[c])
            } else {
                self.cands[c]
            };
            for d in 1..=9u8 {
                s.push(if m & bit(d) != 0 {
                    (b'0' + d) as char
                } else {
                    '.'
                });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_outside_one_to_nine_are_no_candidates_and_no_placement() {
        let b = Board::from_grid(&Grid::EMPTY);
        assert!((1..=9).all(|d| b.has(0, d)));
        assert!([0, 10, 16, 17, 255].iter().all(|&d| !b.has(0, d)));
        for d in [0, 10] {
            let r = std::panic::catch_unwind(|| Board::from_grid(&Grid::EMPTY).place(0, d));
            assert!(r.is_err(), "placing {d}");
        }
    }

    #[test]
    fn houses_and_peers() {
        assert_eq!(House::Box(4).cells(), &[30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(House::Col(2).cells()[8], 74);
        assert_eq!(PEERS[0].len(), 20);
        assert!(House::Box(0).crosses(House::Row(2)));
        assert!(!House::Box(0).crosses(House::Row(3)));
        assert!(sees(0, 20) && !sees(0, 30));
    }

    #[test]
    fn a_puzzle_and_its_pencilmarks_read_the_same() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let b = Board::parse(line).unwrap();
        assert_eq!(b.value(0), 4);
        assert!(!b.has(1, 4) && b.has(1, 1));
        let again = Board::parse(&b.pencilmarks()).unwrap();
        assert_eq!(again, b);
        // The position tables kept in step agree with tables built afresh.
        let mut fresh = b.clone();
        fresh.index();
        assert_eq!(fresh, b);
        for h in House::ALL {
            for d in 1..=9 {
                let want = h
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| b.has(**c as usize, d));
                assert_eq!(b.positions(h, d), want.map(|(k, _)| 1u16 << k).sum::<u16>());
            }
        }
        let mut walk = b.clone();
        for s in crate::explain(&b).steps {
            s.apply(&mut walk);
            let mut fresh = walk.clone();
            fresh.index();
            assert_eq!(fresh, walk, "{s}");
        }
        assert!(walk.is_solved());
    }
}
