//! Box/line intersections (pointing and claiming), the per-band value permutations, and the
//! same where a Sudoku-X diagonal crosses a box. Square boxes only (off on other shapes).
//!
//! In a band of n rows and n boxes, each value lies once in each row and once in each box: a
//! permutation of rows to boxes. Pointing and claiming are the one-element cases of GAC on that
//! permutation; from box size 4 up the band matching ([`Core::band_matching`]) runs the whole
//! GAC, with the matching of [`crate::matching`].

use super::core::{Core, Fail, Prop};
use crate::dom::Dom;
use crate::matching::permutation_supports;

impl<D: Dom, const K: usize> Core<D, K> {
    /// Pointing and claiming on every box/row and box/column intersection.
    pub(super) fn boxline(&mut self) -> Prop {
        // The box size as a constant: the loops over a band's n lines and n boxes unroll (on
        // 9x9 this took a pass from about 8600 instructions to 4100, removals included).
        match self.n() {
            2 => self.boxline_n::<2>(),
            3 => self.boxline_n::<3>(),
            4 => self.boxline_n::<4>(),
            5 => self.boxline_n::<5>(),
            6 => self.boxline_n::<6>(),
            7 => self.boxline_n::<7>(),
            8 => self.boxline_n::<8>(),
            9 => self.boxline_n::<9>(),
            10 => self.boxline_n::<10>(),
            _ => self.boxline_n::<11>(),
        }
    }

    /// [`Core::boxline`] for box size `N`.
    pub(super) fn boxline_n<const N: usize>(&mut self) -> Prop {
        let (n, side) = (N, self.side());
        // Only bands (for rows) and stacks (for columns) with a change since the last pass: the
        // inferences of a band involve its cells only.
        let dirty = [self.bands.band_dirty, self.bands.stack_dirty];
        self.bands.band_dirty = 0;
        self.bands.stack_dirty = 0;
        let keep_segs = self.cfg.band_matching && n >= 4;
        // First every segment union of the dirty bands and stacks, as the candidates stand
        // (`self.bands.seg[dir * side * n + l * n + b]`: line l's cells in the b-th box of its band),
        // then the inferences: the order of the removals (and so where a contradiction shows,
        // which dom/wdeg weighs) does not depend on how the work is laid out.
        for dir in 0..2 {
            let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
            let mut band_bits = dirty[dir];
            while band_bits != 0 {
                let band = band_bits.trailing_zeros() as usize;
                band_bits &= band_bits - 1;
                for l in band * n..band * n + n {
                    for b in 0..n {
                        let mut m = D::ZERO;
                        for k in 0..n {
                            m |= self.dom[at(l, b * n + k)];
                        }
                        self.bands.seg[dir * side * n + l * n + b] = m;
                    }
                }
            }
        }
        for dir in 0..2 {
            // Cell at position p of line l (a row for dir 0, a column for dir 1).
            let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
            let mut band_bits = dirty[dir];
            while band_bits != 0 {
                let band = band_bits.trailing_zeros() as usize;
                band_bits &= band_bits - 1;
                // seg[i][b]: union of the band's i-th line's cells in its b-th box.
                let mut seg = [[D::ZERO; N]; N];
                for (i, line_segs) in seg.iter_mut().enumerate() {
                    let base = dir * side * n + (band * n + i) * n;
                    line_segs.copy_from_slice(&self.bands.seg[base..base + n]);
                }
                // A value in two segments or more of a box (of a line): `twice_box`,
                // `twice_line`. Then for segment s of a line and a box: s & !twice_line is
                // only there along the line (claiming), s & !twice_box only there within the
                // box (pointing).
                let mut twice_box = [D::ZERO; N];
                let mut open_vals = D::ZERO;
                for (b, twice) in twice_box.iter_mut().enumerate() {
                    let mut once = D::ZERO;
                    for line_segs in &seg {
                        *twice |= once & line_segs[b];
                        once |= line_segs[b];
                    }
                    open_vals |= *twice;
                }
                for (i, line_segs) in seg.iter().enumerate() {
                    let (mut once, mut twice_line) = (D::ZERO, D::ZERO);
                    for &m in line_segs {
                        twice_line |= once & m;
                        once |= m;
                    }
                    let line = band * n + i;
                    for (b, &s) in line_segs.iter().enumerate() {
                        let claim = s & !twice_line & twice_box[b];
                        if claim != D::ZERO {
                            let box_house = if dir == 0 {
                                2 * side + band * n + b
                            } else {
                                2 * side + b * n + band
                            };
                            for o in band * n..band * n + n {
                                if o != line {
                                    for k in 0..n {
                                        self.remove(at(o, b * n + k), claim, box_house)?;
                                    }
                                }
                            }
                        }
                        let point = s & !twice_box[b] & twice_line;
                        if point != D::ZERO {
                            for o in 0..n {
                                if o != b {
                                    for k in 0..n {
                                        self.remove(at(line, o * n + k), point, dir * side + line)?;
                                    }
                                }
                            }
                        }
                    }
                }
                // With n <= 3 boxes a band's Hall sets are the one-element ones or their
                // complements: pointing and claiming already reach the same fixpoint.
                if keep_segs {
                    let vals = open_vals & self.bands.band_vals[dir * n + band];
                    self.bands.band_vals[dir * n + band] = D::ZERO;
                    self.band_matching(dir, band, vals)?;
                }
            }
        }
        Ok(())
    }

    /// Per value, the n lines of a band (`dir` 0: rows, 1: columns) and its n boxes form a
    /// permutation: the value lies once in each line and once in each box. A line-box segment
    /// that no such permutation uses loses the value (GAC on that permutation; pointing and
    /// claiming are its one-element cases). Reads the segment unions `seg` (a superset of the
    /// current candidates when earlier removals made them stale, which only weakens it).
    /// Only the values in `open_vals` (in two segments or more of some box) are looked at.
    pub(super) fn band_matching(&mut self, dir: usize, band: usize, open_vals: D) -> Prop {
        let (n, side) = (self.n(), self.side());
        let seg = dir * side * n;
        let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
        let mut vals = open_vals;
        while vals != D::ZERO {
            let v = vals.trailing_zeros() as usize;
            vals = vals.without_lowest();
            // lines[b]: the lines of the band whose segment in box b may hold v.
            let mut lines = [0u16; 11];
            let mut open = false;
            for (b, m) in lines.iter_mut().enumerate().take(n) {
                for i in 0..n {
                    if self.bands.seg[seg + (band * n + i) * n + b].has(v) {
                        *m |= 1 << i;
                    }
                }
                open |= !m.is_power_of_two();
            }
            if !open {
                continue;
            }
            let before = lines;
            let box_house = |b: usize| {
                if dir == 0 {
                    2 * side + band * n + b
                } else {
                    2 * side + b * n + band
                }
            };
            if !permutation_supports(&mut lines[..n], &mut self.gac_state.scratch.band_path) {
                self.bump(box_house(0));
                return Err(Fail);
            }
            for b in 0..n {
                let mut gone = before[b] & !lines[b];
                while gone != 0 {
                    let i = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    for k in 0..n {
                        self.remove(at(band * n + i, b * n + k), D::bit(v), box_house(b))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Sudoku-X: pointing and claiming where a diagonal crosses a box (n cells).
    pub(super) fn diagbox(&mut self) -> Prop {
        let (n, side) = (self.n(), self.side());
        for d in 0..2 {
            let dh = 3 * side + d;
            let on_diag = |c: usize| {
                if d == 0 {
                    c / side == c % side
                } else {
                    c / side + c % side == side - 1
                }
            };
            let mut segs = [D::ZERO; 11];
            let (mut once, mut twice) = (D::ZERO, D::ZERO);
            for (k, seg) in segs.iter_mut().enumerate().take(n) {
                for i in k * n..k * n + n {
                    *seg |= self.dom[self.geo.house_cells[dh * side + i] as usize];
                }
                twice |= once & *seg;
                once |= *seg;
            }
            for k in 0..n {
                let b = if d == 0 { k * n + k } else { k * n + n - 1 - k };
                let bh = 2 * side + b;
                let mut box_rest = D::ZERO;
                for i in 0..side {
                    let c = self.geo.house_cells[bh * side + i] as usize;
                    if !on_diag(c) {
                        box_rest |= self.dom[c];
                    }
                }
                // Only in this box along the diagonal: out of the rest of the box.
                let claim = segs[k] & !twice & box_rest;
                if claim != D::ZERO {
                    for i in 0..side {
                        let c = self.geo.house_cells[bh * side + i] as usize;
                        if !on_diag(c) {
                            self.remove(c, claim, bh)?;
                        }
                    }
                }
                // Only on the diagonal within the box: out of the rest of the diagonal.
                let point = segs[k] & !box_rest & twice;
                if point != D::ZERO {
                    for i in (0..side).filter(|i| i / n != k) {
                        let c = self.geo.house_cells[dh * side + i] as usize;
                        self.remove(c, point, dh)?;
                    }
                }
            }
        }
        Ok(())
    }
}
