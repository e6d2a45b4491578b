//! Fitting the givens to a shuffled pattern grid, to try its completion first.
//!
//! Most large grids in circulation are cut from one valid grid, the pattern
//! `value(r, c) = (n * (r % n) + r / n + c) mod N`, shuffled by relabelling the values, permuting
//! bands, stacks and the lines inside them, and transposing (this crate's generator does so too).
//! Every such grid has the form `value(r, c) = σ((a_r + b_c) mod N)`: some number `a_r` per row,
//! `b_c` per column and a relabelling σ (rows, columns and values are each all different, so `a`,
//! `b` and σ are one-to-one). With half the cells given at random such grids are the hard region
//! of every complete search (for SAT solvers too), yet the form itself is easy to fit: each given
//! is one equation `t_v = a_r + b_c` (with `t = σ⁻¹`), and two known terms of an equation give the
//! third.
//!
//! [`fit`] looks for such numbers by propagation over the equations and a small bounded search,
//! and returns the completed grid only when it obeys every rule and every given. The solver uses it
//! as a first guess for each open cell's value (a phase), never as a fact: its search stays
//! complete, counts stay exact, and a grid of any other origin just costs the bounded fit.

const UNKNOWN: u8 = u8::MAX;

/// The fitted grid (row-major values 1..=N) of box size `n` that holds every nonzero value of
/// `fixed` and obeys the rules (the diagonals too when `x`), or `None` when no grid of the form
/// `σ((a_r + b_c) mod N)` is found within a bounded amount of work.
pub fn fit(n: usize, x: bool, fixed: &[u8]) -> Option<Vec<u8>> {
    let side = n * n;
    assert_eq!(
        fixed.len(),
        side * side,
        "cell count differs from the box size's"
    );
    let mut f = Fitter::new(side, fixed)?;
    let grid = f.solve(|a, b, t| complete(n, x, a, b, t))?;
    debug_assert!(fixed.iter().zip(&grid).all(|(&g, &v)| g == 0 || g == v));
    Some(grid)
}

/// The three kinds of unknowns: a number per row, per column and per value.
const ROW: usize = 0;
const COL: usize = 1;
const VAL: usize = 2;

struct Fitter {
    side: usize,
    /// Equations `(row, column, value)`, value 0-based.
    eqs: Vec<[u8; 3]>,
    /// Per kind and index, the equations it appears in: `eq_of[k][first[k][i]..first[k][i + 1]]`.
    first: [Vec<u32>; 3],
    eq_of: [Vec<u32>; 3],
    /// The unknowns (`UNKNOWN` until set) and, per kind, which numbers are taken.
    val: [Vec<u8>; 3],
    taken: [Vec<bool>; 3],
    /// Set unknowns `(kind, index)`, in order, for undoing; the queue is the trail's tail.
    trail: Vec<(u8, u8)>,
    /// Equations visited so far, against `budget`.
    work: usize,
    budget: usize,
}

impl Fitter {
    /// `None` when `fixed` has a value out of range.
    fn new(side: usize, fixed: &[u8]) -> Option<Fitter> {
        let mut eqs = Vec::new();
        for (i, &v) in fixed.iter().enumerate() {
            if v != 0 {
                if usize::from(v) > side {
                    return None;
                }
                eqs.push([(i / side) as u8, (i % side) as u8, v - 1]);
            }
        }
        let index = |k: usize| {
            let mut first = vec![0u32; side + 1];
            for e in &eqs {
                first[usize::from(e[k]) + 1] += 1;
            }
            for i in 0..side {
                first[i + 1] += first[i];
            }
            let mut at = first.clone();
            let mut of = vec![0u32; eqs.len()];
            for (j, e) in eqs.iter().enumerate() {
                let slot = &mut at[usize::from(e[k])];
                of[*slot as usize] = j as u32;
                *slot += 1;
            }
            (first, of)
        };
        let (r, c, v) = (index(ROW), index(COL), index(VAL));
        // A fit visits each equation about three times per number tried at a branch point, and
        // the first branch point tries a few. Shuffled patterns fitted within 25 equations a
        // given (10-50% givens, 16x16 to 121x121); other grids mostly fail at once, and the
        // budget caps the rest at a few milliseconds.
        let budget = 8 * side * (eqs.len() + side);
        Some(Fitter {
            side,
            eqs,
            first: [r.0, c.0, v.0],
            eq_of: [r.1, c.1, v.1],
            val: [
                vec![UNKNOWN; side],
                vec![UNKNOWN; side],
                vec![UNKNOWN; side],
            ],
            taken: [vec![false; side], vec![false; side], vec![false; side]],
            trail: Vec::new(),
            work: 0,
            budget,
        })
    }

    /// Sets unknown `(k, i)` to `x`; false when it already holds another number or `x` is taken.
    fn set(&mut self, k: usize, i: usize, x: u8) -> bool {
        let cur = self.val[k][i];
        if cur != UNKNOWN {
            return cur == x;
        }
        if self.taken[k][usize::from(x)] {
            return false;
        }
        self.val[k][i] = x;
        self.taken[k][usize::from(x)] = true;
        self.trail.push((k as u8, i as u8));
        true
    }

    /// Undoes every setting after the first `mark`.
    fn undo(&mut self, mark: usize) {
        for (k, i) in self.trail.drain(mark..) {
            let (k, i) = (usize::from(k), usize::from(i));
            let x = std::mem::replace(&mut self.val[k][i], UNKNOWN);
            self.taken[k][usize::from(x)] = false;
        }
    }

    /// Derives from the settings made since trail position `from` until nothing changes; false
    /// on a contradiction or when the budget is spent.
    fn propagate(&mut self, mut from: usize) -> bool {
        let m = self.side as u32;
        while from < self.trail.len() {
            let (k, i) = self.trail[from];
            from += 1;
            let (k, i) = (usize::from(k), usize::from(i));
            let (lo, hi) = (self.first[k][i] as usize, self.first[k][i + 1] as usize);
            self.work += hi - lo;
            if self.work > self.budget {
                return false;
            }
            for j in lo..hi {
                let [r, c, v] = self.eqs[self.eq_of[k][j] as usize];
                let (r, c, v) = (usize::from(r), usize::from(c), usize::from(v));
                let (a, b, t) = (self.val[ROW][r], self.val[COL][c], self.val[VAL][v]);
                let (a, b, t) = (u32::from(a), u32::from(b), u32::from(t));
                let unknown = u32::from(UNKNOWN);
                // Two known terms give the third (the sum is mod N).
                let ok = if a != unknown && b != unknown {
                    self.set(VAL, v, ((a + b) % m) as u8)
                } else if a != unknown && t != unknown {
                    self.set(COL, c, ((t + m - a) % m) as u8)
                } else if b != unknown && t != unknown {
                    self.set(ROW, r, ((t + m - b) % m) as u8)
                } else {
                    true
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// The unknown row or column number to branch on: the one whose setting derives the most
    /// (equations where one other term is known), then the one in the most equations.
    fn branch_on(&mut self) -> Option<(usize, usize)> {
        let side = self.side;
        let mut score = vec![0u32; 2 * side];
        self.work += self.eqs.len();
        for &[r, c, v] in &self.eqs {
            let (r, c, v) = (usize::from(r), usize::from(c), usize::from(v));
            let known = |k: usize, i: usize| self.val[k][i] != UNKNOWN;
            let (ka, kb, kt) = (known(ROW, r), known(COL, c), known(VAL, v));
            if ka as u8 + kb as u8 + kt as u8 == 1 {
                score[r] += u32::from(!ka);
                score[side + c] += u32::from(!kb);
            }
        }
        let mut best: Option<(u32, u32, usize, usize)> = None;
        for k in [ROW, COL] {
            for i in 0..side {
                if self.val[k][i] == UNKNOWN {
                    let w = (score[k * side + i], self.first[k][i + 1] - self.first[k][i]);
                    if best.is_none_or(|b| w > (b.0, b.1)) {
                        best = Some((w.0, w.1, k, i));
                    }
                }
            }
        }
        best.map(|(_, _, k, i)| (k, i))
    }

    /// Depth-first search over the row and column numbers; each full setting goes to `accept`,
    /// the first grid it returns is the answer.
    fn solve(
        &mut self,
        mut accept: impl FnMut(&[u8], &[u8], &[u8]) -> Option<Vec<u8>>,
    ) -> Option<Vec<u8>> {
        // Adding one number to every row's and subtracting it from every column's changes no
        // value, and so does adding one to every column and to every t: the row and the column
        // of the given whose lines hold the most givens can be 0.
        let size = |k: usize, i: usize| self.first[k][i + 1] - self.first[k][i];
        let [r0, c0, _] = *self
            .eqs
            .iter()
            .max_by_key(|e| size(ROW, usize::from(e[0])) + size(COL, usize::from(e[1])))?;
        let (r0, c0) = (usize::from(r0), usize::from(c0));
        if !(self.set(ROW, r0, 0) && self.set(COL, c0, 0) && self.propagate(0)) {
            return None;
        }
        // Multiplying every number by one prime to N changes no value either, and takes any
        // number x to gcd(x, N): the first branch point need only try the divisors of N.
        let divisors: Vec<usize> = (1..self.side)
            .filter(|&d| self.side.is_multiple_of(d))
            .collect();
        let every: Vec<usize> = (0..self.side).collect();
        // Open branch points: (kind, index, numbers to try, next of them, trail length before).
        let mut stack: Vec<(usize, usize, &[usize], usize, usize)> = Vec::new();
        let mut descend = true;
        loop {
            if descend {
                match self.branch_on() {
                    Some((k, i)) => {
                        let tries = if stack.is_empty() { &divisors } else { &every };
                        stack.push((k, i, tries, 0, self.trail.len()));
                    }
                    None => {
                        if let Some(g) = accept(&self.val[ROW], &self.val[COL], &self.val[VAL]) {
                            return Some(g);
                        }
                    }
                }
            }
            // Next number at the deepest open branch point.
            let (k, i, tries, next, mark) =
                stack.last_mut().map(|s| (s.0, s.1, s.2, &mut s.3, s.4))?;
            self.undo(mark);
            let Some(j) = (*next..tries.len()).find(|&j| !self.taken[k][tries[j]]) else {
                stack.pop();
                descend = false;
                continue;
            };
            *next = j + 1;
            let x = tries[j];
            descend = self.set(k, i, x as u8) && self.propagate(mark);
            if self.work > self.budget {
                return None;
            }
        }
    }
}

/// The grid `σ((a_r + b_c) mod N)` where `t = σ⁻¹` (numbers of values without an equation are
/// the ones left, in order), if it obeys the rules.
fn complete(n: usize, x: bool, a: &[u8], b: &[u8], t: &[u8]) -> Option<Vec<u8>> {
    let side = n * n;
    let mut sigma = vec![UNKNOWN; side];
    for (v, &tv) in t.iter().enumerate() {
        if tv != UNKNOWN {
            sigma[usize::from(tv)] = v as u8;
        }
    }
    let mut spare = (0..side).filter(|&v| t[v] == UNKNOWN);
    for s in &mut sigma {
        if *s == UNKNOWN {
            *s = spare.next()? as u8;
        }
    }
    let mut grid = vec![0u8; side * side];
    for r in 0..side {
        for c in 0..side {
            let k = (usize::from(a[r]) + usize::from(b[c])) % side;
            grid[r * side + c] = sigma[k] + 1;
        }
    }
    // Rows and columns are all different by construction (a, b and σ are one to one); boxes
    // and diagonals are not.
    let g = crate::grid::LargeGrid::from_cells(n, grid).ok()?;
    if g.conflict(x).is_some() {
        return None;
    }
    Some(g.cells().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate;

    #[test]
    fn fits_generated_grids_from_half_their_cells() {
        for n in 3..=7 {
            for seed in 0..3 {
                let g = generate::generate(n, 0.5, seed);
                let sol = fit(n, false, g.puzzle.cells()).expect("a shuffled pattern fits");
                let sol = crate::grid::LargeGrid::from_cells(n, sol).unwrap();
                crate::grid::check_solution(&g.puzzle, &sol, false).unwrap();
            }
        }
    }
}
