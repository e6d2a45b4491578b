//! The N x N grid (N = n * n, box size n = 2..=11) and the rules checker.

use std::fmt;

/// The smallest and largest box size: 4x4 .. 121x121 grids.
pub const MIN_BOX: usize = 2;
/// See [`MIN_BOX`].
pub const MAX_BOX: usize = 11;

/// The grid sides this crate handles: 4, 9, 16, ..., 121.
pub const SIDES: [usize; 10] = [4, 9, 16, 25, 36, 49, 64, 81, 100, 121];

/// The box size of a grid side (`Some(3)` for 9), or `None` for a side that is not one of
/// [`SIDES`].
pub fn box_size_of_side(side: usize) -> Option<usize> {
    (MIN_BOX..=MAX_BOX).find(|&n| n * n == side)
}

/// An N x N grid: each cell holds 0 (empty) or a value 1..=N. Cells are numbered row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LargeGrid {
    box_size: usize,
    cells: Vec<u8>,
}

impl LargeGrid {
    /// The empty grid of box size `n` (side `n * n`). Panics unless `n` is 2..=11.
    pub fn empty(n: usize) -> LargeGrid {
        assert!(
            (MIN_BOX..=MAX_BOX).contains(&n),
            "box size {n} is not 2..=11"
        );
        LargeGrid {
            box_size: n,
            cells: vec![0; n.pow(4)],
        }
    }

    /// A grid from its cells (row by row), checking the count and the range of every value.
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<LargeGrid, String> {
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) {
            return Err(format!("box size {box_size} is not 2..=11"));
        }
        let side = box_size * box_size;
        if cells.len() != side * side {
            return Err(format!(
                "{} cells, a {side}x{side} grid has {}",
                cells.len(),
                side * side
            ));
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > side) {
            return Err(format!(
                "cell r{}c{} holds {}, above {side}",
                i / side + 1,
                i % side + 1,
                cells[i]
            ));
        }
        Ok(LargeGrid { box_size, cells })
    }

    /// The box size n.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The side N = n * n.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// All cells, row by row; 0 is empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value at `row`, `col` (0-based); 0 is empty.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.side() + col]
    }

    /// Sets the cell at `row`, `col`; panics if `value` is above N.
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        assert!(
            value as usize <= self.side(),
            "value {value} above {}",
            self.side()
        );
        let side = self.side();
        self.cells[row * side + col] = value;
    }

    /// The number of givens (non-empty cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a value.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal values in one house (rows, columns, boxes, and the two diagonals
    /// when `x`), or `None` when the givens are consistent.
    pub fn conflict(&self, x: bool) -> Option<Violation> {
        for (house, cells) in houses(self.box_size, x) {
            let mut seen = vec![usize::MAX; self.side() + 1];
            for c in cells {
                let v = self.cells[c] as usize;
                if v != 0 {
                    if seen[v] != usize::MAX {
                        return Some(Violation::Twice {
                            value: v,
                            house,
                            cells: [seen[v], c],
                        });
                    }
                    seen[v] = c;
                }
            }
        }
        None
    }
}

impl fmt::Debug for LargeGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LargeGrid({0}x{0}, {1} givens)",
            self.side(),
            self.givens()
        )
    }
}

/// A row, column, box or diagonal, counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum House {
    Row(usize),
    Column(usize),
    Box(usize),
    /// Top-left to bottom-right.
    Diagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Column(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Diagonal => f.write_str("the main diagonal"),
            House::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}

/// Every house of a grid of box size `n` with its cells (row-major indices): rows, columns,
/// boxes, then the diagonal and the anti-diagonal when `x`.
pub fn houses(n: usize, x: bool) -> Vec<(House, Vec<usize>)> {
    let side = n * n;
    let mut out = Vec::with_capacity(3 * side + 2);
    for r in 0..side {
        out.push((House::Row(r), (0..side).map(|c| r * side + c).collect()));
    }
    for c in 0..side {
        out.push((House::Column(c), (0..side).map(|r| r * side + c).collect()));
    }
    for b in 0..side {
        let (r0, c0) = (b / n * n, b % n * n);
        out.push((
            House::Box(b),
            (0..side)
                .map(|i| (r0 + i / n) * side + c0 + i % n)
                .collect(),
        ));
    }
    if x {
        out.push((House::Diagonal, (0..side).map(|i| i * side + i).collect()));
        out.push((
            House::AntiDiagonal,
            (0..side).map(|i| i * side + side - 1 - i).collect(),
        ));
    }
    out
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The two grids differ in size.
    Size { puzzle: usize, solution: usize },
    /// An empty cell (row-major index).
    Empty { cell: usize, side: usize },
    /// A given was changed.
    Given {
        cell: usize,
        side: usize,
        given: u8,
        found: u8,
    },
    /// A value twice in one house.
    Twice {
        value: usize,
        house: House,
        cells: [usize; 2],
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Size { puzzle, solution } => {
                write!(
                    f,
                    "a {solution}x{solution} grid for a {puzzle}x{puzzle} puzzle"
                )
            }
            Violation::Empty { cell, side } => {
                write!(f, "cell r{}c{} is empty", cell / side + 1, cell % side + 1)
            }
            Violation::Given {
                cell,
                side,
                given,
                found,
            } => write!(
                f,
                "given {given} at r{}c{} changed to {found}",
                cell / side + 1,
                cell % side + 1
            ),
            Violation::Twice {
                value,
                house,
                cells: [a, b],
            } => {
                // The side is not stored here; cells are printed as indices.
                write!(f, "value {value} twice in {house} (cells {a} and {b})")
            }
        }
    }
}

/// Checks that `solution` is complete, follows the rules (rows, columns, boxes, and both
/// diagonals when `x`), and keeps every given of `puzzle`.
pub fn check_solution(puzzle: &LargeGrid, solution: &LargeGrid, x: bool) -> Result<(), Violation> {
    let side = puzzle.side();
    if solution.side() != side {
        return Err(Violation::Size {
            puzzle: side,
            solution: solution.side(),
        });
    }
    for (cell, (&g, &s)) in puzzle.cells.iter().zip(&solution.cells).enumerate() {
        if s == 0 {
            return Err(Violation::Empty { cell, side });
        }
        if g != 0 && g != s {
            return Err(Violation::Given {
                cell,
                side,
                given: g,
                found: s,
            });
        }
    }
    match solution.conflict(x) {
        Some(v) => Err(v),
        None => Ok(()),
    }
}
