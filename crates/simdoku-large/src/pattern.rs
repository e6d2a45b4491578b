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
//! The sum may be that of any abelian group of order N: `Z_N` is the pattern above, and `Z_n x Z_n`
//! the other common one, `value(r, c) = n * ((r % n + c / n) mod n) + (r / n + c % n) mod n`
//! (for a prime n these two are the only abelian groups of order n²). [`fit`] tries both.
//!
//! [`fit`] looks for such numbers by propagation over the equations and a small bounded search,
//! and returns the completed grid only when it obeys every rule and every given. The solver uses it
//! as a first guess for each open cell's value (a phase), never as a fact: its search stays
//! complete, counts stay exact, and a grid of any other origin just costs the bounded fit.

const UNKNOWN: u8 = u8::MAX;

/// The plain pattern of R x C boxes (`rows` x `cols`, side N = R C): the value (0..N) of cell
/// (`r`, `c`) is `(C (r mod R) + r div R + c) mod N`. Every row, column and box holds each value
/// once (not the diagonals). The generator shuffles it into puzzles; the wide solver tries it as a
/// phase.
pub(crate) fn plain_value(rows: usize, cols: usize, r: usize, c: usize) -> usize {
    (cols * (r % rows) + r / rows + c) % (rows * cols)
}

/// The fitted grid (row-major values 1..=N) of box size `n` that holds every nonzero value of
/// `fixed` and obeys the rules (the diagonals too when `x`), or `None` when no grid of the form
/// `σ(a_r + b_c)` over `Z_N` or `Z_n x Z_n` is found within a bounded amount of work.
///
/// # Panics
/// When `fixed` does not hold N x N cells.
pub fn fit(n: usize, x: bool, fixed: &[u8]) -> Option<Vec<u8>> {
    let side = n * n;
    assert_eq!(
        fixed.len(),
        side * side,
        "cell count differs from the box size's"
    );
    let grid = [Group::cyclic(side), Group::square(n)]
        .iter()
        .find_map(|g| Fitter::new(g, fixed)?.solve(|a, b, t| complete(n, x, g, a, b, t)))?;
    debug_assert!(fixed.iter().zip(&grid).all(|(&g, &v)| g == 0 || g == v));
    Some(grid)
}

/// The three kinds of unknowns: a number per row, per column and per value.
const ROW: usize = 0;
const COL: usize = 1;
const VAL: usize = 2;

/// An abelian group of order N on the numbers 0..N, by its tables.
struct Group {
    side: usize,
    /// `x + y` at `x * N + y`, and `x - y`.
    add: Vec<u8>,
    sub: Vec<u8>,
    /// One number of each orbit of the nonzero numbers under the automorphisms.
    orbits: Vec<usize>,
}

impl Group {
    fn with(side: usize, op: impl Fn(usize, usize) -> usize, orbits: Vec<usize>) -> Group {
        let mut add = vec![0u8; side * side];
        let mut sub = vec![0u8; side * side];
        for x in 0..side {
            for y in 0..side {
                let z = op(x, y);
                add[x * side + y] = z as u8;
                sub[z * side + y] = x as u8;
            }
        }
        Group {
            side,
            add,
            sub,
            orbits,
        }
    }

    /// `Z_N`. Multiplying by a unit takes any x to gcd(x, N): the orbits are the divisors.
    fn cyclic(side: usize) -> Group {
        let orbits = (1..side).filter(|&d| side.is_multiple_of(d)).collect();
        Group::with(side, |x, y| (x + y) % side, orbits)
    }

    /// `Z_n x Z_n`, `(x1, x2)` as `x1 * n + x2` (the pattern with
    /// `value(r, c) = n * ((r % n + c / n) mod n) + (r / n + c % n) mod n`). Invertible matrices
    /// take any `(x1, x2)` to `(gcd(x1, x2, n), 0)`.
    fn square(n: usize) -> Group {
        let orbits = (1..n)
            .filter(|&d| n.is_multiple_of(d))
            .map(|d| d * n)
            .collect();
        Group::with(
            n * n,
            |x, y| (x / n + y / n) % n * n + (x % n + y % n) % n,
            orbits,
        )
    }
}

struct Fitter<'g> {
    side: usize,
    group: &'g Group,
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

impl<'g> Fitter<'g> {
    /// `None` when `fixed` has a value out of range.
    fn new(group: &'g Group, fixed: &[u8]) -> Option<Fitter<'g>> {
        let side = group.side;
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
            group,
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
                let (side, g) = (self.side, self.group);
                let (ai, bi, ti) = (usize::from(a), usize::from(b), usize::from(t));
                // Two known terms give the third (t = a + b, a group's sum).
                let ok = if a != UNKNOWN && b != UNKNOWN {
                    self.set(VAL, v, g.add[ai * side + bi])
                } else if a != UNKNOWN && t != UNKNOWN {
                    // b = t - a (the group is abelian).
                    self.set(COL, c, g.sub[ti * side + ai])
                } else if b != UNKNOWN && t != UNKNOWN {
                    self.set(ROW, r, g.sub[ti * side + bi])
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
        // Applying an automorphism of the group to every number changes no value either: the
        // first branch point need only try one number of each orbit.
        let orbits = &self.group.orbits;
        let every: Vec<usize> = (0..self.side).collect();
        // Open branch points: (kind, index, numbers to try, next of them, trail length before).
        let mut stack: Vec<(usize, usize, &[usize], usize, usize)> = Vec::new();
        let mut descend = true;
        loop {
            if descend {
                if let Some((k, i)) = self.branch_on() {
                    let tries = if stack.is_empty() { orbits } else { &every };
                    stack.push((k, i, tries, 0, self.trail.len()));
                } else {
                    if let Some(g) = accept(&self.val[ROW], &self.val[COL], &self.val[VAL]) {
                        return Some(g);
                    }
                    // A completion writes and checks every cell: with few givens (few
                    // equations, many leaves) that, not the equations, is the work; the budget
                    // is checked after the next number is set.
                    self.work += self.side * self.side;
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

/// The grid `σ(a_r + b_c)` (the sum of `g`) where `t = σ⁻¹` (numbers of values without an equation are
/// the ones left, in order), if it obeys the rules.
fn complete(n: usize, x: bool, g: &Group, a: &[u8], b: &[u8], t: &[u8]) -> Option<Vec<u8>> {
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
            let k = usize::from(g.add[usize::from(a[r]) * side + usize::from(b[c])]);
            grid[r * side + c] = sigma[k] + 1;
        }
    }
    // Rows and columns are all different by construction (a, b and σ are one to one); boxes
    // and diagonals are not.
    let g = crate::grid::LargeGrid::from_cells(n, grid).ok()?;
    if g.conflict(x).is_some() {
        return None;
    }
    g.bytes()
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
                let sol =
                    fit(n, false, &g.puzzle.bytes().unwrap()).expect("a shuffled pattern fits");
                let sol = crate::grid::LargeGrid::from_cells(n, sol).unwrap();
                crate::grid::check_solution(&g.puzzle, &sol, false).unwrap();
            }
        }
    }

    #[test]
    fn fits_the_other_group_pattern() {
        // value(r, c) = n ((r % n + c / n) mod n) + (r / n + c % n) mod n: Z_n x Z_n, not Z_N;
        // relabelled, rows and columns permuted within bands and stacks, half the cells kept.
        let mut rng = generate::Rng::new(3);
        for n in 2..=7 {
            let side = n * n;
            // Lines permuted inside each band (stack): per band, a permutation of its n lines.
            let rows: Vec<Vec<usize>> = (0..n).map(|_| rng.permutation(n)).collect();
            let cols: Vec<Vec<usize>> = (0..n).map(|_| rng.permutation(n)).collect();
            let relabel = rng.permutation(side);
            let mut g = crate::grid::LargeGrid::empty(n);
            for r in 0..side {
                for c in 0..side {
                    let pr = r / n * n + rows[r / n][r % n];
                    let pc = c / n * n + cols[c / n][c % n];
                    let v = n * ((pr % n + pc / n) % n) + (pr / n + pc % n) % n;
                    g.set(r, c, relabel[v] as u16 + 1);
                }
            }
            assert!(g.conflict(false).is_none(), "n {n}: a valid grid");
            let puzzle = generate::remove_cells(&g, side * side / 2, &mut rng);
            let sol = fit(n, false, &puzzle.bytes().unwrap()).expect("Z_n x Z_n fits");
            let sol = crate::grid::LargeGrid::from_cells(n, sol).unwrap();
            crate::grid::check_solution(&puzzle, &sol, false).unwrap();
        }
    }
}
