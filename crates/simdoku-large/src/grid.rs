//! The N x N grid of any [`Shape`] (square or rectangular boxes, jigsaw regions) and the rules
//! checker.

use std::fmt;

pub use crate::shape::House;
use crate::shape::Shape;

/// The smallest and largest box size of the square grids the generators make
/// ([`crate::generate`], [`crate::mixed`]; `simdoku generate --size`): 4x4 .. 121x121 grids.
/// Grids themselves, the readers and the [`crate::Solver`] go further, to
/// [`crate::shape::MAX_SIDE`]: square boxes up to 20x20 ([`Shape::square`]), a 400x400 grid.
///
/// ```
/// use simdoku_large::grid::{MAX_BOX, box_size_of_side};
/// use simdoku_large::{LargeGrid, shape::MAX_SIDE};
/// assert_eq!((MAX_BOX, box_size_of_side(121)), (11, Some(11))); // the generators' largest
/// assert_eq!(box_size_of_side(400), None);                      // past the generators...
/// assert_eq!(LargeGrid::empty(20).side(), MAX_SIDE);            // ...a grid all the same
/// ```
pub const MIN_BOX: usize = 2;
/// See [`MIN_BOX`].
pub const MAX_BOX: usize = 11;

/// The square grids' sides the generators make: 4, 9, 16, ..., 121 (box sizes [`MIN_BOX`] to
/// [`MAX_BOX`]). Grids of other shapes and sides up to [`crate::shape::MAX_SIDE`] (400) are
/// read and solved too.
pub const SIDES: [usize; 10] = [4, 9, 16, 25, 36, 49, 64, 81, 100, 121];

/// The box size of a side the generators make (`Some(3)` for 9), or `None` for a side that
/// is not one of [`SIDES`] (144 .. 400 included: grids the solver takes, but no generator
/// makes).
pub fn box_size_of_side(side: usize) -> Option<usize> {
    (MIN_BOX..=MAX_BOX).find(|&n| n * n == side)
}

/// An N x N grid of some [`Shape`]: each cell holds 0 (empty) or a value 1..=N. Cells are
/// numbered row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LargeGrid {
    shape: Shape,
    cells: Vec<u16>,
}

impl LargeGrid {
    /// The empty grid of box size `n` (side `n * n`). Panics unless `n` is 2..=20.
    pub fn empty(n: usize) -> LargeGrid {
        let shape = Shape::square(n).unwrap_or_else(|| panic!("box size {n} is not 2..=20"));
        LargeGrid::empty_of(shape)
    }

    /// The empty grid of `shape`.
    pub fn empty_of(shape: Shape) -> LargeGrid {
        let side = shape.side();
        LargeGrid {
            shape,
            cells: vec![0; side * side],
        }
    }

    /// A grid of square boxes of size `box_size` from its cells (row by row), checking the
    /// count and the range of every value.
    pub fn from_cells(box_size: usize, cells: Vec<u8>) -> Result<LargeGrid, String> {
        let Some(shape) = Shape::square(box_size) else {
            return Err(format!("box size {box_size} is not 2..=20"));
        };
        LargeGrid::with_cells(shape, cells)
    }

    /// A grid of `shape` from its cells (row by row), checking the count and the range of
    /// every value.
    pub fn with_cells(shape: Shape, cells: Vec<u8>) -> Result<LargeGrid, String> {
        LargeGrid::with_values(shape, cells.into_iter().map(u16::from).collect())
    }

    /// [`LargeGrid::with_cells`] with values above 255 (sides above 255).
    pub fn with_values(shape: Shape, cells: Vec<u16>) -> Result<LargeGrid, String> {
        let side = shape.side();
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
        Ok(LargeGrid { shape, cells })
    }

    /// The geometry.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The box size n of a grid of square boxes, else `None`.
    pub fn box_size(&self) -> Option<usize> {
        self.shape.box_size()
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// All cells, row by row; 0 is empty.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The cells as bytes, for sides up to 255; `None` above.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        self.cells.iter().map(|&v| u8::try_from(v).ok()).collect()
    }

    /// The value at `row`, `col` (0-based); 0 is empty.
    ///
    /// # Panics
    /// When `row` or `col` is not below the side (a column past the end of a row is no cell
    /// of the next row).
    pub fn get(&self, row: usize, col: usize) -> u16 {
        self.cells[self.index(row, col)]
    }

    /// Sets the cell at `row`, `col`.
    ///
    /// # Panics
    /// When `value` is above N, or `row` or `col` is not below the side.
    pub fn set(&mut self, row: usize, col: usize, value: u16) {
        assert!(
            value as usize <= self.side(),
            "value {value} above {}",
            self.side()
        );
        let i = self.index(row, col);
        self.cells[i] = value;
    }

    /// The index of cell `row`, `col`, both checked against the side.
    fn index(&self, row: usize, col: usize) -> usize {
        let side = self.side();
        assert!(
            row < side && col < side,
            "cell ({row}, {col}) outside a {side}x{side} grid"
        );
        row * side + col
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
        conflict_in(&self.shape, &self.cells, x)
    }
}

/// The first pair of equal values in one house of `shape` among `cells`.
fn conflict_in(shape: &Shape, cells: &[u16], x: bool) -> Option<Violation> {
    // First whether there is one, in one pass with one allocation (every grid read is checked;
    // most have none); only then which pair, house by house in their order.
    if !any_twice(shape, cells, x) {
        return None;
    }
    for (house, hc) in shape.houses(x) {
        let mut seen = vec![usize::MAX; shape.side() + 1];
        for c in hc {
            let v = cells[c] as usize;
            if v != 0 {
                if seen[v] != usize::MAX {
                    return Some(Violation::Twice {
                        value: v,
                        house,
                        cells: [seen[v], c],
                        side: shape.side(),
                    });
                }
                seen[v] = c;
            }
        }
    }
    None
}

/// Whether some house of `shape` holds a value twice among `cells` (values 0..=side, 0 empty).
fn any_twice(shape: &Shape, cells: &[u16], x: bool) -> bool {
    let side = shape.side();
    let slot = |house: usize, v: usize| house * (side + 1) + v;
    let mut seen = vec![false; slot(3 * side + 2, 0)];
    let mut mark = |house: usize, v: usize| std::mem::replace(&mut seen[slot(house, v)], true);
    for (c, &v) in cells.iter().enumerate() {
        let v = usize::from(v);
        if v == 0 {
            continue;
        }
        let (r, col) = (c / side, c % side);
        if mark(r, v) | mark(side + col, v) | mark(2 * side + shape.region_of(c), v) {
            return true;
        }
        if x && ((r == col && mark(3 * side, v)) | (r + col == side - 1 && mark(3 * side + 1, v))) {
            return true;
        }
    }
    false
}

impl fmt::Debug for LargeGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LargeGrid({}, {} givens)", self.shape, self.givens())
    }
}

/// Every house of a grid of square boxes of size `n` with its cells (row-major indices): rows,
/// columns, boxes, then the diagonal and the anti-diagonal when `x` (see [`Shape::houses`]).
pub fn houses(n: usize, x: bool) -> Vec<(House, Vec<usize>)> {
    Shape::square(n)
        .unwrap_or_else(|| panic!("box size {n} is not 2..=20"))
        .houses(x)
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The two grids differ in size.
    Size {
        /// The puzzle's side.
        puzzle: usize,
        /// The solution's side.
        solution: usize,
    },
    /// An empty cell.
    Empty {
        /// The cell, row-major from 0.
        cell: usize,
        /// The grid's side (to name the cell's row and column).
        side: usize,
    },
    /// A given was changed.
    Given {
        /// The cell, row-major from 0.
        cell: usize,
        /// The grid's side.
        side: usize,
        /// The puzzle's value there.
        given: u16,
        /// The solution's value there.
        found: u16,
    },
    /// A value twice in one house.
    Twice {
        /// The value, from 1.
        value: usize,
        /// The house that holds it twice.
        house: House,
        /// Two of the cells that hold it, row-major from 0.
        cells: [usize; 2],
        /// The grid's side.
        side: usize,
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
                side,
            } => write!(
                f,
                "value {value} twice in {house} (r{}c{} and r{}c{})",
                a / side + 1,
                a % side + 1,
                b / side + 1,
                b % side + 1
            ),
        }
    }
}

/// Checks that `solution` is complete, follows the rules of `puzzle`'s shape (rows, columns,
/// boxes or regions, and both diagonals when `x`), and keeps every given of `puzzle`.
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
    match conflict_in(&puzzle.shape, &solution.cells, x) {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass test says what the house-by-house search finds, on every kind of shape,
    /// with and without diagonals, from few givens (rarely twice) to many (usually).
    #[test]
    fn any_twice_agrees_with_the_search_by_house() {
        let jig: Vec<u8> = (0..36).map(|c| ((c / 6 + c % 6) % 6) as u8).collect();
        let mut rng = simdoku_core::rng::Rng::new(32);
        let (mut with, mut without) = (0, 0);
        for shape in [
            Shape::boxes(2, 3).unwrap(),
            Shape::boxes(3, 5).unwrap(),
            Shape::square(3).unwrap(),
            Shape::square(4).unwrap(),
            Shape::jigsaw(6, &jig).unwrap(),
        ] {
            let side = shape.side();
            for round in 0..400 {
                let mut cells = vec![0u16; side * side];
                for _ in 0..round % 20 {
                    cells[rng.below(side * side)] = 1 + rng.below(side) as u16;
                }
                for x in [false, true] {
                    let by_house = shape.houses(x).iter().any(|(_, hc)| {
                        hc.iter().enumerate().any(|(i, &a)| {
                            cells[a] != 0 && hc[..i].iter().any(|&b| cells[b] == cells[a])
                        })
                    });
                    assert_eq!(
                        any_twice(&shape, &cells, x),
                        by_house,
                        "{shape} {cells:?} {x}"
                    );
                    assert_eq!(conflict_in(&shape, &cells, x).is_some(), by_house);
                    if by_house { with += 1 } else { without += 1 }
                }
            }
        }
        assert!(with > 500 && without > 500, "{with} {without}");
    }
}
