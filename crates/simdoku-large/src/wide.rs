//! The search for grids above 128x128 (up to 400x400), any shape: candidate sets of several
//! 64-bit words, naked and hidden singles to a fixpoint, then depth-first search on the open
//! cell with the fewest candidates (binary branching: `cell = value`, then `cell != value`),
//! undoing changes from a trail.
//!
//! The large published grids (sigh's 144x144 and 400x400 examples) fall to singles with little
//! or no search; the GAC and clause learning of [`crate::solver`] stop at 128 values a word.
//! Each guess tries first the value of a phase grid ([`Wide::phase`]): the pattern fitted to
//! the givens ([`crate::pattern`]) when one fits, else a plain pattern of the boxes (one that
//! also holds the diagonals for Sudoku-X with square boxes). A phase
//! is only an order: the search stays complete and counts stay exact, but an empty or sparse
//! grid, which lowest-value-first search does not finish, is then filled without a failure.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::config::Stats;
use crate::shape::{Regions, Shape};

/// The value (0..N) of cell (`r`, `c`) in a grid of n x n boxes that also holds both diagonals.
/// Write `r = n R1 + R0` and `c = n C1 + C0`; the value is the pair `(R1 + C0, R0 + C0 + C1)`
/// mod n for even n, `(R1 + C0, R0 + 2 C1)` for odd n. Each rule's cells (a row, a column, a
/// box, a diagonal) map onto the pair by an invertible linear map mod n, so each holds all N
/// values; `x_pattern_holds_every_rule` checks it for every n up to 20.
fn x_pattern(n: usize, r: usize, c: usize) -> usize {
    let (r1, r0, c1, c0) = (r / n, r % n, c / n, c % n);
    let low = if n.is_multiple_of(2) {
        r0 + c0 + c1
    } else {
        r0 + 2 * c1
    };
    n * ((r1 + c0) % n) + low % n
}

/// A contradiction.
struct Fail;

/// Bits of a value in an undo-log entry: values are below 400 (the widest side), cells below
/// 160,000, so an entry fits in 27 bits.
const VALUE_BITS: u32 = 9;

/// The wide solver for one shape: its houses and scratch space, reused across puzzles.
#[derive(Clone, Debug)]
pub(crate) struct Wide {
    shape: Shape,
    x: bool,
    side: usize,
    /// Words per candidate set.
    w: usize,
    /// House `h`'s cells: `house_cells[h * side..][..side]`.
    house_cells: Vec<u32>,
    /// Cell `c`'s houses: `cell_houses[c * 5..][..cell_nhouses[c]]`.
    cell_houses: Vec<u32>,
    cell_nhouses: Vec<u8>,
    /// Candidates: cell `c`'s set is `dom[c * w..][..w]`, bit `v - 1` for value `v`.
    dom: Vec<u64>,
    /// Undo log: each value taken from a cell, as `cell << VALUE_BITS | value`. Four bytes a
    /// removal: a copy of the cell's set instead (`w` words) took 3.1 GB to fill an empty
    /// 400x400, whose removals (about 64 million) all stay on the log when nothing fails.
    trail: Vec<u32>,
    /// Cells left with one candidate, to remove from their peers.
    queue: Vec<u32>,
    /// Per house and value (`h * side + v`): the cells of the house that still hold it.
    places: Vec<u16>,
    /// (house, value) pairs whose places dropped to one: hidden singles to place.
    hidden: Vec<(u32, u32)>,
    houses: usize,
    stats: Stats,
    deadline: Option<Instant>,
}

impl Wide {
    /// A solver for grids of `shape`, the X variant when `x`.
    pub(crate) fn new(shape: &Shape, x: bool) -> Wide {
        let side = shape.side();
        let cells = side * side;
        let hs = shape.houses(x);
        let mut house_cells = Vec::with_capacity(hs.len() * side);
        let mut cell_houses = vec![0u32; cells * 5];
        let mut cell_nhouses = vec![0u8; cells];
        for (h, (_, cs)) in hs.iter().enumerate() {
            for &c in cs {
                house_cells.push(c as u32);
                cell_houses[c * 5 + usize::from(cell_nhouses[c])] = h as u32;
                cell_nhouses[c] += 1;
            }
        }
        let w = side.div_ceil(64);
        Wide {
            shape: shape.clone(),
            x,
            side,
            w,
            house_cells,
            cell_houses,
            cell_nhouses,
            dom: vec![0; cells * w],
            trail: Vec::new(),
            queue: Vec::new(),
            places: vec![0; hs.len() * side],
            hidden: Vec::new(),
            houses: hs.len(),
            stats: Stats::default(),
            deadline: None,
        }
    }

    pub(crate) fn shape(&self) -> &Shape {
        &self.shape
    }

    pub(crate) fn x(&self) -> bool {
        self.x
    }

    /// The value (1..=N) each cell is tried with first: the completion of a shuffled pattern
    /// fitted to the givens (square boxes, sides up to 225, the diagonals with X), else a plain
    /// pattern: [`x_pattern`] for X with square boxes, `(C * (r % R) + r / R + c) mod N + 1` of
    /// R x C boxes otherwise (every rule but the diagonals), its values relabelled to agree with
    /// as many givens as a relabelling can; `None` for jigsaw regions.
    fn phase(&self, cells: &[u16]) -> Option<Vec<u16>> {
        let side = self.side;
        let Regions::Boxes { rows, cols } = *self.shape.regions() else {
            return None;
        };
        let square = self.shape.box_size();
        if let Some(n) = square
            && side < usize::from(u8::MAX)
        {
            let fixed: Vec<u8> = cells
                .iter()
                .map(|&v| {
                    u8::try_from(v)
                        .ok()
                        .filter(|&v| usize::from(v) <= side)
                        .unwrap_or(0)
                })
                .collect();
            if let Some(grid) = crate::pattern::fit(n, self.x, &fixed) {
                return Some(grid.into_iter().map(u16::from).collect());
            }
        }
        let plain: Vec<usize> = (0..side * side)
            .map(|c| {
                let (r, c) = (c / side, c % side);
                match square {
                    Some(n) if self.x => x_pattern(n, r, c),
                    _ => crate::pattern::plain_value(rows, cols, r, c),
                }
            })
            .collect();
        // Relabel the plain pattern's values to agree with the givens where they allow it (each
        // pattern value given at most one value, each value at most one pattern value); the
        // values left over keep their order.
        let mut label = vec![usize::MAX; side];
        let mut used = vec![false; side];
        for (&p, &g) in plain.iter().zip(cells) {
            let g = usize::from(g);
            if (1..=side).contains(&g) && label[p] == usize::MAX && !used[g - 1] {
                label[p] = g - 1;
                used[g - 1] = true;
            }
        }
        let mut free = (0..side).filter(|&v| !used[v]);
        for l in &mut label {
            if *l == usize::MAX {
                *l = free.next().expect("as many values as labels");
            }
        }
        Some(plain.iter().map(|&p| label[p] as u16 + 1).collect())
    }

    fn has(&self, c: usize, v: usize) -> bool {
        self.dom[c * self.w + v / 64] >> (v % 64) & 1 != 0
    }

    /// The candidates of cell `c`.
    fn size(&self, c: usize) -> u32 {
        self.dom[c * self.w..(c + 1) * self.w]
            .iter()
            .map(|d| d.count_ones())
            .sum()
    }

    /// Whether cell `c` has no candidate (0), one (1) or more (2), without counting them (the
    /// default target has no population count instruction).
    fn state(&self, c: usize) -> u8 {
        let mut seen = 0u8;
        for &d in &self.dom[c * self.w..(c + 1) * self.w] {
            if d != 0 {
                if seen != 0 || d & (d - 1) != 0 {
                    return 2;
                }
                seen = 1;
            }
        }
        seen
    }

    /// The lowest candidate of cell `c` (0-based), if any.
    fn first(&self, c: usize) -> Option<usize> {
        self.dom[c * self.w..(c + 1) * self.w]
            .iter()
            .enumerate()
            .find(|(_, d)| **d != 0)
            .map(|(k, d)| 64 * k + d.trailing_zeros() as usize)
    }

    fn houses_of(&self, c: usize) -> std::ops::Range<usize> {
        c * 5..c * 5 + usize::from(self.cell_nhouses[c])
    }

    /// Takes value `v` from cell `c`'s set, on the undo log.
    fn remove(&mut self, c: usize, v: usize) {
        self.trail.push((c as u32) << VALUE_BITS | v as u32);
        self.dom[c * self.w + v / 64] &= !(1 << (v % 64));
    }

    /// Restores the sets (and the places of their houses) as they were when the trail was
    /// `mark` long.
    fn undo(&mut self, mark: usize) {
        let (w, side) = (self.w, self.side);
        while self.trail.len() > mark {
            let e = self.trail.pop().expect("trail") as usize;
            let (c, v) = (e >> VALUE_BITS, e & ((1 << VALUE_BITS) - 1));
            self.dom[c * w + v / 64] |= 1 << (v % 64);
            for e in self.houses_of(c) {
                self.places[self.cell_houses[e] as usize * side + v] += 1;
            }
        }
    }

    /// Value `v` left cell `c`: one place fewer in each of its houses; none left fails (after
    /// every house is counted, so that undo finds the counts consistent), one left is a hidden
    /// single.
    fn lose(&mut self, c: usize, v: usize) -> Result<(), Fail> {
        let mut ok = true;
        for e in self.houses_of(c) {
            let h = self.cell_houses[e] as usize;
            let p = &mut self.places[h * self.side + v];
            *p -= 1;
            match *p {
                0 => ok = false,
                1 => self.hidden.push((h as u32, v as u32)),
                _ => {}
            }
        }
        if ok { Ok(()) } else { Err(Fail) }
    }

    /// Removes value `v` from cell `c`.
    fn exclude(&mut self, c: usize, v: usize) -> Result<(), Fail> {
        if !self.has(c, v) {
            return Ok(());
        }
        self.remove(c, v);
        let lost = self.lose(c, v);
        match self.state(c) {
            0 => return Err(Fail),
            1 => self.queue.push(c as u32),
            _ => {}
        }
        lost
    }

    /// Sets cell `c` to value `v` (which it must hold).
    fn assign(&mut self, c: usize, v: usize) -> Result<(), Fail> {
        let w = self.w;
        let mut ok = true;
        for k in 0..w {
            let keep = if k == v / 64 { 1 << (v % 64) } else { 0 };
            let mut gone = self.dom[c * w + k] & !keep;
            while gone != 0 {
                let u = 64 * k + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.remove(c, u);
                ok &= self.lose(c, u).is_ok();
            }
        }
        self.queue.push(c as u32);
        if ok { Ok(()) } else { Err(Fail) }
    }

    /// Naked and hidden singles to a fixpoint; fails too when the deadline passes (looked at
    /// every 256 cells placed: a 400x400's root propagation takes a second), with
    /// `stats.timed_out` set.
    fn propagate(&mut self) -> Result<(), Fail> {
        let side = self.side;
        let mut placed = 0u32;
        loop {
            if let Some(c) = self.queue.pop() {
                placed = placed.wrapping_add(1);
                if placed.is_multiple_of(256) && self.out_of_time() {
                    return Err(Fail);
                }
                let c = c as usize;
                let Some(v) = self.first(c) else {
                    return Err(Fail);
                };
                for k in self.houses_of(c) {
                    let h = self.cell_houses[k] as usize;
                    for i in 0..side {
                        let o = self.house_cells[h * side + i] as usize;
                        if o != c {
                            self.exclude(o, v)?;
                        }
                    }
                }
                continue;
            }
            let Some((h, v)) = self.hidden.pop() else {
                return Ok(());
            };
            let (h, v) = (h as usize, v as usize);
            if self.places[h * side + v] != 1 {
                continue;
            }
            let at = (0..side)
                .map(|i| self.house_cells[h * side + i] as usize)
                .find(|&c| self.has(c, v))
                .expect("a value with one place");
            if self.state(at) > 1 {
                self.assign(at, v)?;
            }
        }
    }

    /// Whether the deadline has passed (`stats.timed_out` then set).
    fn out_of_time(&mut self) -> bool {
        let out = self.deadline.is_some_and(|t| Instant::now() >= t);
        self.stats.timed_out |= out;
        out
    }

    fn clear_pending(&mut self) {
        self.queue.clear();
        self.hidden.clear();
    }

    /// The open cell with the fewest candidates, if any.
    fn choose(&self) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for c in 0..self.side * self.side {
            let s = self.size(c);
            if s > 1 && best.is_none_or(|(_, b)| s < b) {
                best = Some((c, s));
                if s == 2 {
                    break;
                }
            }
        }
        best.map(|(c, _)| c)
    }

    /// The first open cell from `from` on, then from 0: the order of a dive along a phase that
    /// holds every given, which needs no choice and so no scan of the grid.
    fn next_open(&self, from: usize) -> Option<usize> {
        let cells = self.side * self.side;
        (from..cells).chain(0..from).find(|&c| self.state(c) > 1)
    }

    /// Whether propagation alone solves `cells` (row-major, 0 empty, values 1..=N): every cell
    /// decided at the root, no contradiction. One propagation, never a search.
    pub(crate) fn solves_at_root(&mut self, cells: &[u16]) -> bool {
        self.deadline = None;
        let solved = self.root(cells) && (0..self.side * self.side).all(|c| self.size(c) == 1);
        self.clear_pending();
        solved
    }

    /// Loads `cells` (row-major, 0 empty, values 1..=N) and propagates them: false on a
    /// contradiction. [`Wide::visit`]'s search starts from here, with no trail: the root is
    /// never undone.
    fn root(&mut self, cells: &[u16]) -> bool {
        let (side, w) = (self.side, self.w);
        self.trail.clear();
        self.clear_pending();
        let mut full = vec![0u64; w];
        for (k, f) in full.iter_mut().enumerate() {
            *f = if 64 * (k + 1) <= side {
                u64::MAX
            } else {
                (1u64 << (side - 64 * k)) - 1
            };
        }
        for (c, &v) in cells.iter().enumerate() {
            let v = usize::from(v);
            if v != 0 && v <= side {
                self.dom[c * w..(c + 1) * w].fill(0);
                self.dom[c * w + (v - 1) / 64] = 1 << ((v - 1) % 64);
                self.queue.push(c as u32);
            } else {
                self.dom[c * w..(c + 1) * w].copy_from_slice(&full);
            }
        }
        // Places: every open cell of a house, plus the given cells of each value.
        let mut ok = true;
        for h in 0..self.houses {
            let hc = &self.house_cells[h * side..(h + 1) * side];
            let open = hc
                .iter()
                .filter(|&&c| !matches!(cells[c as usize], 1..))
                .count();
            let p = &mut self.places[h * side..(h + 1) * side];
            p.fill(open as u16);
            for &c in hc {
                let v = usize::from(cells[c as usize]);
                if v != 0 && v <= side {
                    p[v - 1] += 1;
                }
            }
            for (v, &k) in p.iter().enumerate() {
                ok &= k != 0;
                if k == 1 {
                    self.hidden.push((h as u32, v as u32));
                }
            }
        }
        let ok = ok && self.propagate().is_ok();
        self.trail.clear();
        ok
    }

    /// Calls `visitor` with every solution of `cells` (row-major, 0 empty, values 1..=N) until
    /// it breaks, the search is exhausted or `deadline` passes.
    pub(crate) fn visit(
        &mut self,
        cells: &[u16],
        deadline: Option<Instant>,
        visitor: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Stats {
        let side = self.side;
        self.stats = Stats::default();
        self.deadline = deadline;
        let mut ok = self.root(cells);
        self.stats.open_at_root = if ok {
            (0..side * side).filter(|&c| self.size(c) > 1).count()
        } else {
            0
        };
        let phase = if ok { self.phase(cells) } else { None };
        // A phase that holds the givens is dived along in cell order until the first failure,
        // then the search goes back to fewest candidates first.
        let dive = phase.as_ref().is_some_and(|p| {
            cells
                .iter()
                .zip(p)
                .all(|(&g, &v)| g == 0 || usize::from(g) > side || g == v)
        });
        let mut out = vec![0u16; side * side];
        let mut guesses: Vec<(u32, u32, usize)> = Vec::new();
        loop {
            if self.out_of_time() {
                break;
            }
            if ok {
                let open = if dive && self.stats.fails == 0 {
                    self.next_open(guesses.last().map_or(0, |g| g.0 as usize))
                } else {
                    self.choose()
                };
                if let Some(c) = open {
                    let v = phase
                        .as_ref()
                        .map(|p| usize::from(p[c]) - 1)
                        .filter(|&v| self.has(c, v))
                        .unwrap_or_else(|| self.first(c).expect("an open cell"));
                    guesses.push((c as u32, v as u32, self.trail.len()));
                    self.stats.guesses += 1;
                    ok = self.assign(c, v).is_ok() && self.propagate().is_ok();
                    continue;
                }
                for (c, o) in out.iter_mut().enumerate() {
                    *o = self.first(c).expect("a full grid") as u16 + 1;
                }
                self.stats.solutions += 1;
                if visitor(&out).is_break() {
                    break;
                }
            } else {
                self.stats.fails += 1;
            }
            self.clear_pending();
            let Some((c, v, mark)) = guesses.pop() else {
                break;
            };
            self.undo(mark);
            ok = self.exclude(c as usize, v as usize).is_ok() && self.propagate().is_ok();
        }
        self.clear_pending();
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Rng, remove_cells};
    use crate::grid::{LargeGrid, check_solution};
    use crate::solver::{Config, Solver};

    /// The wide search counts like the main solver on small grids of several shapes (with X),
    /// every solution checked against the rules.
    #[test]
    fn counts_like_the_main_solver() {
        let mut rng = Rng::new(4);
        for shape in [
            Shape::square(2).unwrap(),
            Shape::boxes(2, 3).unwrap(),
            Shape::square(3).unwrap(),
        ] {
            for x in [false, true] {
                let side = shape.side();
                let (_, full, _) = Solver::for_shape(&shape, x, Config::default()).count(
                    &LargeGrid::empty_of(shape.clone()),
                    1,
                    None,
                );
                let full = full.expect("fills");
                for keep in [side * side / 3, side * side / 2, side * side * 2 / 3] {
                    let mut p = remove_cells(&full, keep, &mut rng);
                    if rng.below(3) == 0 {
                        let c = rng.below(side * side);
                        p.set(c / side, c % side, (rng.below(side) + 1) as u16);
                    }
                    let (_, _, want) =
                        Solver::for_shape(&shape, x, Config::default()).count(&p, 30, None);
                    let mut wide = Wide::new(&shape, x);
                    let got = wide.visit(p.cells(), None, &mut |s| {
                        let g = LargeGrid::with_values(shape.clone(), s.to_vec()).unwrap();
                        check_solution(&p, &g, x).unwrap();
                        if 0 == 1 {
                            return ControlFlow::Break(());
                        }
                        ControlFlow::Continue(())
                    });
                    assert_eq!(got.solutions.min(30), want.solutions, "{shape} x {x}");
                    // The root test (the minimizer's, above 128x128) is the count's root.
                    let by_root = got.solutions == 1 && got.guesses == 0;
                    assert_eq!(wide.solves_at_root(p.cells()), by_root, "{shape} x {x}");
                }
            }
        }
    }

    #[test]
    fn x_pattern_holds_every_rule() {
        for n in 2..=20 {
            let side = n * n;
            let grid: Vec<u16> = (0..side * side)
                .map(|i| x_pattern(n, i / side, i % side) as u16 + 1)
                .collect();
            let shape = Shape::square(n).unwrap();
            let empty = LargeGrid::empty_of(shape.clone());
            let mut full = empty.clone();
            for (i, &v) in grid.iter().enumerate() {
                full.set(i / side, i % side, v);
            }
            check_solution(&empty, &full, true).unwrap_or_else(|e| panic!("n {n}: {e:?}"));
        }
    }

    /// Empty grids above 128 (square boxes with and without a fitted pattern, rectangular
    /// boxes, X) are filled by the dive along the phase; before it, lowest-value-first search
    /// ran out of 30 s on an empty 144x144. A guess that breaks the phase (a given against it)
    /// still gets a solution, and the count stays exact where it is known (a full grid: 1).
    #[test]
    fn fills_empty_grids_above_128_along_the_phase() {
        for (shape, x) in [
            (Shape::square(12).unwrap(), false),
            (Shape::boxes(10, 13).unwrap(), false),
            (Shape::square(12).unwrap(), true),
        ] {
            let side = shape.side();
            let empty = LargeGrid::empty_of(shape.clone());
            let mut solver = Solver::for_shape(&shape, x, Config::default());
            let deadline = Some(std::time::Duration::from_mins(1));
            let (status, full, stats) = solver.count(&empty, 1, deadline);
            assert_eq!(status, crate::solver::Status::Solved, "{shape} x {x}");
            let full = full.unwrap();
            check_solution(&empty, &full, x).unwrap();
            assert_eq!(
                stats.fails, 0,
                "{shape} x {x}: the dive needs no backtracking"
            );
            // A given against the plain pattern: the phase no longer holds, the search still
            // finds a solution holding the given.
            let mut moved = empty.clone();
            moved.set(0, 0, side as u16);
            let (status, sol, _) = solver.count(&moved, 1, deadline);
            assert_eq!(status, crate::solver::Status::Solved, "{shape} x {x} moved");
            check_solution(&moved, &sol.unwrap(), x).unwrap();
            let (status, _, stats) = solver.count(&full, 2, deadline);
            assert_eq!(
                (status, stats.solutions),
                (crate::solver::Status::Unique, 1)
            );
        }
    }

    /// The root propagation looks at the deadline: a 400x400's takes a second, which ran past
    /// `--timeout` before the search's first look at the clock. A 144x144 of a plain pattern
    /// with five in eight of its cells given: propagated without a deadline, stopped (timed
    /// out, no solution claimed) with one already passed.
    #[test]
    fn the_root_propagation_stops_at_the_deadline() {
        let shape = Shape::square(12).unwrap();
        let side = shape.side();
        let cells: Vec<u16> = (0..side * side)
            .map(|i| {
                let v = crate::pattern::plain_value(12, 12, i / side, i % side) as u16 + 1;
                if (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61 < 5 {
                    v
                } else {
                    0
                }
            })
            .collect();
        let mut wide = Wide::new(&shape, false);
        let by_root = wide.solves_at_root(&cells);
        wide.deadline = None;
        wide.stats = Stats::default();
        assert!(wide.root(&cells));
        assert!(!wide.stats.timed_out);
        let passed = Instant::now();
        wide.deadline = Some(passed);
        assert!(!wide.root(&cells));
        assert!(wide.stats.timed_out);
        let mut found = 0;
        let stats = wide.visit(&cells, Some(passed), &mut |_| {
            found += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((found, stats.solutions, stats.timed_out), (0, 0, true));
        assert_eq!(stats.open_at_root, 0, "the root failed on the clock");
        // A check of propagation alone keeps no deadline from an earlier search.
        assert_eq!(wide.solves_at_root(&cells), by_root);
    }
}
