//! A lazy iterator over every solution: an explicit-stack search (no thread, no callback), so
//! a caller can take a few solutions, pause, or drop it at any time.

use simdoku_core::Grid;
use simdoku_core::tables::{Cells, PEERS};

/// Candidate digits per cell (bit `d` for digit `d`); a solved cell keeps one bit.
#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
}

impl State {
    /// Places `d` in `cell` and propagates naked singles; false on a contradiction.
    fn assign(&mut self, cell: usize, d: u32) -> bool {
        let bit = 1u16 << d;
        if self.cand[cell] & bit == 0 {
            return false;
        }
        self.cand[cell] = bit;
        let mut queue = [0u8; 81];
        let (mut head, mut tail) = (0, 1);
        queue[0] = cell as u8;
        while head < tail {
            let c = queue[head] as usize;
            head += 1;
            let v = self.cand[c];
            for p in Cells(PEERS[c]) {
                if self.cand[p] & v != 0 {
                    self.cand[p] &= !v;
                    match self.cand[p].count_ones() {
                        0 => return false,
                        1 => {
                            queue[tail] = p as u8;
                            tail += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        true
    }

    /// The unsolved cell with the fewest candidates, or `None` when every cell is solved.
    fn pick(&self) -> Option<usize> {
        let mut best = None;
        let mut fewest = 10;
        for (c, &m) in self.cand.iter().enumerate() {
            let n = m.count_ones();
            if n > 1 && n < fewest {
                fewest = n;
                best = Some(c);
                if n == 2 {
                    break;
                }
            }
        }
        best
    }

    fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (o, &m) in cells.iter_mut().zip(&self.cand) {
            *o = m.trailing_zeros() as u8;
        }
        Grid::from_cells(cells).expect("digits 1..=9")
    }
}

/// A branch point: the state before it, the cell, the digits still to try.
struct Frame {
    state: State,
    cell: u8,
    left: u16,
}

/// Every solution of a grid, lazily, in increasing order of the digits tried at each branch
/// (the order depends only on the grid, not on the CPU). Made by [`solutions`](crate::solutions).
///
/// ```
/// let grid: simdoku::Grid = ".".repeat(81).parse().unwrap();
/// // The empty grid has 6.7e21 solutions: take three, lazily.
/// let first: Vec<_> = simdoku::solutions(&grid).take(3).collect();
/// assert_eq!(first.len(), 3);
/// assert!(first.iter().all(|s| simdoku::rules::check_solution(&grid, s).is_ok()));
/// ```
pub struct Solutions {
    stack: Vec<Frame>,
    pending: Option<Grid>,
}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("depth", &self.stack.len())
            .finish_non_exhaustive()
    }
}

impl Solutions {
    /// The solutions of `grid` (none when its givens contradict each other).
    pub fn new(grid: &Grid) -> Solutions {
        let mut out = Solutions {
            stack: Vec::new(),
            pending: None,
        };
        let mut s = State {
            cand: [0b11_1111_1110; 81],
        };
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 && !s.assign(c, u32::from(v)) {
                return out;
            }
        }
        out.branch(s);
        out
    }

    fn branch(&mut self, s: State) -> Option<Grid> {
        match s.pick() {
            None => {
                let g = s.grid();
                self.pending = Some(g);
                Some(g)
            }
            Some(c) => {
                self.stack.push(Frame {
                    state: s,
                    cell: c as u8,
                    left: s.cand[c],
                });
                None
            }
        }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if let Some(g) = self.pending.take() {
            return Some(g);
        }
        loop {
            let top = self.stack.last_mut()?;
            if top.left == 0 {
                self.stack.pop();
                continue;
            }
            let d = top.left.trailing_zeros();
            top.left &= top.left - 1;
            let mut s = top.state;
            if !s.assign(top.cell as usize, d) {
                continue;
            }
            if self.branch(s).is_some() {
                return self.pending.take();
            }
        }
    }
}

impl std::iter::FusedIterator for Solutions {}
