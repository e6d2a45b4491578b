//! Grid geometry: the side, the regions (boxes of R x C cells or a jigsaw map) and the houses
//! that must each hold every value once.
//!
//! | shape | regions | example |
//! |---|---|---|
//! | square boxes | n x n boxes, side n * n (n 2..=20) | 9x9 (3x3), 16x16 (4x4), 121x121, 400x400 (20x20) |
//! | rectangular boxes | R rows x C columns, side R * C | 6x6 (2x3), 8x8 (2x4), 12x12 (3x4), 20x20 (4x5) |
//! | jigsaw | a region map: the region of each cell, side regions of side cells | 9x9 jigsaw |
//!
//! Sudoku-X (both main diagonals all-different too) is defined on every shape and is a flag
//! beside it (see [`Shape::houses`]).

use std::fmt;
use std::sync::Arc;

/// A row, column, box or diagonal, counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum House {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
    /// A box, row by row from the top-left.
    Box(usize),
    /// A jigsaw region.
    Region(usize),
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
            House::Region(i) => write!(f, "region {}", i + 1),
            House::Diagonal => f.write_str("the main diagonal"),
            House::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}

/// The largest side. Up to 128 the solver runs GAC and clause learning on one-word candidate
/// sets; above, singles and search on wider ones.
pub const MAX_SIDE: usize = 400;

/// The regions of a grid besides its rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Boxes of `rows` x `cols` cells (`rows * cols` = side), numbered row by row.
    Boxes {
        /// Rows of one box (its height).
        rows: usize,
        /// Columns of one box (its width).
        cols: usize,
    },
    /// Irregular regions: the region (0..side) of each cell, row by row.
    Jigsaw(Arc<[u16]>),
}

/// The geometry of an N x N grid: its side and its regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    side: usize,
    regions: Regions,
}

impl Shape {
    /// Square boxes of size `n` (side `n * n`); `None` unless `n` is 2..=20.
    pub fn square(n: usize) -> Option<Shape> {
        (2..=20).contains(&n).then(|| Shape {
            side: n * n,
            regions: Regions::Boxes { rows: n, cols: n },
        })
    }

    /// Boxes of `rows` x `cols` cells (side `rows * cols`, at most [`MAX_SIDE`], both 2 or more).
    pub fn boxes(rows: usize, cols: usize) -> Result<Shape, String> {
        if rows < 2 || cols < 2 {
            return Err(format!(
                "boxes of {rows}x{cols}: a box has 2 rows and 2 columns or more"
            ));
        }
        // (Checked: `Boxes 9223372036854775816x2` wrapped to a side of 16.)
        let side = match rows.checked_mul(cols) {
            Some(side) if side <= MAX_SIDE => side,
            _ => {
                return Err(format!(
                    "boxes of {rows}x{cols} make a grid above the largest side, {MAX_SIDE}"
                ));
            }
        };
        Ok(Shape {
            side,
            regions: Regions::Boxes { rows, cols },
        })
    }

    /// The usual boxes of a side: the most nearly square `R x C` with `R <= C` (4: 2x2,
    /// 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5, 12: 3x4, 15: 3x5, 20: 4x5); `None` when the side
    /// has no such factors (a prime side needs a jigsaw map) or is above [`MAX_SIDE`].
    pub fn default_for_side(side: usize) -> Option<Shape> {
        // (First: `r * r <= side` overflows, or never fails, on a side near `usize::MAX`.)
        if side > MAX_SIDE {
            return None;
        }
        let rows = (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side.is_multiple_of(*r))
            .last()?;
        Shape::boxes(rows, side / rows).ok()
    }

    /// Irregular regions from `map`, the region of each cell row by row, given as any `side`
    /// distinct labels (numbered in order of first appearance); each must cover `side` cells.
    pub fn jigsaw<T: Eq + fmt::Display>(side: usize, map: &[T]) -> Result<Shape, String> {
        if !(4..=MAX_SIDE).contains(&side) {
            return Err(format!("a jigsaw of side {side}; sides are 4..={MAX_SIDE}"));
        }
        if map.len() != side * side {
            return Err(format!(
                "a region map of {} cells for a {side}x{side} grid ({} cells)",
                map.len(),
                side * side
            ));
        }
        let mut labels: Vec<&T> = Vec::with_capacity(side);
        let mut sizes: Vec<usize> = Vec::with_capacity(side);
        let mut regions = Vec::with_capacity(side * side);
        for l in map {
            let r = if let Some(r) = labels.iter().position(|&k| k == l) {
                r
            } else {
                if labels.len() == side {
                    return Err(format!(
                        "the region map has more than {side} regions (`{l}` is region {})",
                        side + 1
                    ));
                }
                labels.push(l);
                sizes.push(0);
                labels.len() - 1
            };
            sizes[r] += 1;
            regions.push(r as u16);
        }
        if labels.len() < side {
            return Err(format!(
                "the region map has {} regions, a {side}x{side} grid needs {side}",
                labels.len()
            ));
        }
        if let Some(r) = sizes.iter().position(|&s| s != side) {
            return Err(format!(
                "region `{}` has {} cells, each region needs {side}",
                labels[r], sizes[r]
            ));
        }
        Ok(Shape {
            side,
            regions: Regions::Jigsaw(regions.into()),
        })
    }

    /// The side N: N rows, N columns, N regions, values 1..=N.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The box size n of square boxes (`Some(3)` on 9x9), else `None`.
    pub fn box_size(&self) -> Option<usize> {
        match self.regions {
            Regions::Boxes { rows, cols } if rows == cols => Some(rows),
            _ => None,
        }
    }

    /// The region of cell `c` (row-major).
    pub fn region_of(&self, c: usize) -> usize {
        let side = self.side;
        match &self.regions {
            Regions::Boxes { rows, cols } => c / side / rows * (side / cols) + c % side / cols,
            Regions::Jigsaw(map) => usize::from(map[c]),
        }
    }

    /// Every house with its cells (row-major indices): rows, columns, regions (each region's
    /// cells row by row), then the diagonal and the anti-diagonal when `x`.
    pub fn houses(&self, x: bool) -> Vec<(House, Vec<usize>)> {
        let side = self.side;
        let mut out = Vec::with_capacity(3 * side + 2);
        for r in 0..side {
            out.push((House::Row(r), (0..side).map(|c| r * side + c).collect()));
        }
        for c in 0..side {
            out.push((House::Column(c), (0..side).map(|r| r * side + c).collect()));
        }
        match &self.regions {
            Regions::Boxes { rows, cols } => {
                let (rows, cols) = (*rows, *cols);
                let across = side / cols;
                for b in 0..side {
                    let (r0, c0) = (b / across * rows, b % across * cols);
                    out.push((
                        House::Box(b),
                        (0..side)
                            .map(|i| (r0 + i / cols) * side + c0 + i % cols)
                            .collect(),
                    ));
                }
            }
            Regions::Jigsaw(map) => {
                let mut regions = vec![Vec::with_capacity(side); side];
                for (c, &r) in map.iter().enumerate() {
                    regions[usize::from(r)].push(c);
                }
                for (r, cells) in regions.into_iter().enumerate() {
                    out.push((House::Region(r), cells));
                }
            }
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
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side;
        match self.regions {
            Regions::Boxes { rows, cols } if rows == cols => write!(f, "{side}x{side}"),
            Regions::Boxes { rows, cols } => write!(f, "{side}x{side} ({rows}x{cols} boxes)"),
            Regions::Jigsaw(_) => write!(f, "{side}x{side} jigsaw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes() {
        let dims = |s: usize| match Shape::default_for_side(s).map(|s| s.regions) {
            Some(Regions::Boxes { rows, cols }) => Some((rows, cols)),
            _ => None,
        };
        assert_eq!(dims(4), Some((2, 2)));
        assert_eq!(dims(6), Some((2, 3)));
        assert_eq!(dims(8), Some((2, 4)));
        assert_eq!(dims(10), Some((2, 5)));
        assert_eq!(dims(12), Some((3, 4)));
        assert_eq!(dims(15), Some((3, 5)));
        assert_eq!(dims(20), Some((4, 5)));
        assert_eq!(dims(121), Some((11, 11)));
        assert_eq!(dims(7), None);
        assert_eq!(dims(144), Some((12, 12)));
        assert_eq!(dims(400), Some((20, 20)));
        assert_eq!(dims(401), None);
    }

    #[test]
    fn every_house_has_side_distinct_cells_and_regions_cover_the_grid() {
        let jig: Vec<u8> = (0..36).map(|c| ((c / 6 + c % 6) % 6) as u8).collect();
        for shape in [
            Shape::boxes(2, 3).unwrap(),
            Shape::boxes(3, 2).unwrap(),
            Shape::boxes(3, 5).unwrap(),
            Shape::square(3).unwrap(),
            Shape::jigsaw(6, &jig).unwrap(),
        ] {
            let side = shape.side();
            let hs = shape.houses(true);
            assert_eq!(hs.len(), 3 * side + 2);
            let mut covered = vec![0; side * side];
            for (h, cells) in &hs {
                let mut s = cells.clone();
                s.sort_unstable();
                s.dedup();
                assert_eq!(s.len(), side, "{shape} {h}");
                if matches!(h, House::Box(_) | House::Region(_)) {
                    for &c in cells {
                        covered[c] += 1;
                        let r = match h {
                            House::Box(r) | House::Region(r) => *r,
                            _ => unreachable!(),
                        };
                        assert_eq!(shape.region_of(c), r);
                    }
                }
            }
            assert!(covered.iter().all(|&k| k == 1), "{shape}");
        }
    }

    #[test]
    fn bad_region_maps_say_why() {
        let e = Shape::jigsaw(4, &[0u8; 16]).unwrap_err();
        assert!(e.contains("1 regions"), "{e}");
        let mut m: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        m[0] = 1;
        let e = Shape::jigsaw(4, &m).unwrap_err();
        assert!(
            e.contains("has 3 cells") || e.contains("has 5 cells"),
            "{e}"
        );
        assert!(Shape::boxes(1, 9).is_err());
        assert!(Shape::boxes(20, 21).is_err());
    }
}
