//! Generalised arc consistency of a house's all-different constraint (Régin): a perfect
//! matching of cells to values, kept per house between calls and repaired by augmenting paths
//! ([`crate::matching`]), then the strongly connected components of the value graph (a bitset
//! closure for the usual single component, Tarjan otherwise). A candidate survives only when
//! its value lies in the component of the cell's matched value.
//!
//! Most calls prune nothing; cheap tests skip them: below 16x16 counts and small Hall sets
//! ([`Core::gac_may_prune`]), from 16x16 up the candidate-count test of `may_hold_hall_set`.

use super::core::{Core, Fail, Prop};
use crate::dom::Dom;
use crate::matching::{NONE, augment};

/// Whether `k` (2 or 3) of `sets` have a union of `k` members or fewer (`size` counts them).
fn has_hall_set<T: Copy + Eq + std::ops::BitOr<Output = T>>(
    sets: &[T],
    k: usize,
    size: impl Fn(T) -> usize,
) -> bool {
    for (i, &a) in sets.iter().enumerate() {
        for (j, &b) in sets.iter().enumerate().skip(i + 1) {
            let ab = a | b;
            if k == 2 {
                if size(ab) <= 2 {
                    return true;
                }
            } else if size(ab) <= 3 && sets[j + 1..].iter().any(|&c| size(ab | c) <= 3) {
                return true;
            }
        }
    }
    false
}

impl<D: Dom, const K: usize> Core<D, K> {
    /// Whether GAC on house `h` may prune a candidate or fail (side below 16). It cannot when
    /// the house is clean (its fixed cells hold distinct values that no open cell holds, and
    /// the open cells hold every other value) and has no Hall set: `k` open cells (`1 <= k <
    /// open`) whose candidates are `k` values or fewer. A pruning needs one (the values of a
    /// Hall set leave the other cells), and so does a house without a perfect matching (a
    /// smallest set of cells with fewer values, less one cell, is one).
    ///
    /// A Hall set of `k` cells leaves the other `open - k` values in the other `open - k`
    /// cells (a hidden set). So first, by counts: some `k` needs `k` cells of `k` candidates
    /// or fewer and `open - k` values of `open - k` places or fewer. Then, with 7 open cells
    /// or fewer, exactly: a Hall set or a hidden set of 3 or fewer (one side of every Hall
    /// set is), found among the cells of 3 candidates or fewer and the values of 3 places or
    /// fewer.
    pub(super) fn gac_may_prune(&self, h: usize) -> bool {
        let side = self.side();
        debug_assert!(side < 16);
        let cells = &self.geo.house_cells[h * side..(h + 1) * side];
        // by_size[s]: open cells with s candidates; by_places[p]: open values with p places.
        let (mut by_size, mut by_places) = ([0u8; 16], [0u8; 16]);
        let mut open_doms = [D::ZERO; 16];
        let (mut fixed, mut twice, mut union, mut open) = (D::ZERO, D::ZERO, D::ZERO, 0usize);
        // Without a branch per cell (whether a cell is fixed is data: it mispredicted 40% of
        // the time); a fixed cell counts in `by_size[1]`, cleared after.
        for &c in cells {
            let d = self.dom[c as usize];
            let single = d.is_power_of_two();
            let fixed_mask = D::bit_if(0, single).wrapping_neg();
            twice |= fixed & d & fixed_mask;
            fixed |= d & fixed_mask;
            union |= d & !fixed_mask;
            open_doms[open & 15] = d;
            open += usize::from(!single);
            by_size[d.size() as usize & 15] += 1;
        }
        by_size[1] = 0;
        if twice != D::ZERO || union & fixed != D::ZERO || union != self.geo.full & !fixed {
            return true;
        }
        let places = &self.places[h * side..(h + 1) * side];
        let mut m = union;
        while m != D::ZERO {
            by_places[places[m.trailing_zeros() as usize].size() as usize & 15] += 1;
            m = m.without_lowest();
        }
        if by_places[0] + by_places[1] > 0 {
            return true;
        }
        // For k = 1, 2, ..: cells of k candidates or fewer, and values of more than open - k
        // places (the others, open minus those, must be open - k at least).
        let (mut small_cells, mut many_places) = (0, 0);
        let mut sizes = 0u32; // the k that pass
        for k in 1..open {
            small_cells += usize::from(by_size[k]);
            many_places += usize::from(by_places[open - k + 1]);
            if small_cells >= k && many_places <= k {
                sizes |= 1 << k;
            }
        }
        if sizes == 0 {
            return false;
        }
        if open > 7 {
            return true;
        }
        // Every k here is 2..=open - 2 (no cell of one candidate, no value of one place), so
        // k or open - k is 3 at most.
        let open_doms = &open_doms[..open];
        while sizes != 0 {
            let k = sizes.trailing_zeros() as usize;
            sizes &= sizes - 1;
            let found = if k <= 3 {
                let mut sets = [D::ZERO; 16];
                let mut n = 0;
                for &d in open_doms {
                    if d.size() as usize <= k {
                        sets[n] = d;
                        n += 1;
                    }
                }
                has_hall_set(&sets[..n], k, |u: D| u.size() as usize)
            } else {
                // The values' places (positions in the house: only open cells hold them).
                let j = open - k;
                let mut sets = [D::ZERO; 16];
                let mut n = 0;
                let mut vals = union;
                while vals != D::ZERO {
                    let at = places[vals.trailing_zeros() as usize];
                    vals = vals.without_lowest();
                    if at.size() as usize <= j {
                        sets[n] = at;
                        n += 1;
                    }
                }
                has_hall_set(&sets[..n], j, |u: D| u.size() as usize)
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Generalised arc consistency of house `h`'s all-different constraint.
    pub(super) fn gac(&mut self, h: usize) -> Prop {
        let side = self.side();
        let base = h * side;
        // Every value placed (the hint holds only values of cells with one candidate): done.
        if self.fixed[h] == self.geo.full {
            return Ok(());
        }
        // On 4x4 and 9x9 a cheap count rules out 60% of the calls on the 17-clue set (it rules out
        // 15% on 16x16 and 1-4% on 36x36 to 81x81, where it would cost more than it saves).
        if side < 16 && !self.gac_may_prune(h) {
            return Ok(());
        }
        // Repair the kept matching: unmatch the pairs whose value is gone; skip fixed houses.
        let mut free_vars: D = D::ZERO;
        let mut fixed_vals = D::ZERO;
        // From 16x16 up, sizes[s]: open cells with s candidates, for the Hall-set test below
        // (smaller houses had the finer test above).
        let large = side >= 16;
        let mut sizes = [0u8; 129];
        let mut open = 0usize;
        let mut open_vals = D::ZERO;
        for i in 0..side {
            let d = self.dom[self.geo.house_cells[base + i] as usize];
            if d.is_power_of_two() {
                fixed_vals |= d;
            } else {
                if large {
                    sizes[d.count_ones() as usize] += 1;
                }
                open += 1;
                open_vals |= d;
            }
            let v = self.gac_state.var_val[base + i];
            if v == NONE || !d.has(usize::from(v)) {
                if v != NONE {
                    self.gac_state.val_var[base + v as usize] = NONE;
                    self.gac_state.var_val[base + i] = NONE;
                }
                free_vars |= D::bit(i);
            }
        }
        if open == 0 {
            return Ok(());
        }
        // The open cells share exactly the values not placed (as propagation leaves them) and
        // no Hall set can hide among them: nothing to prune.
        if large
            && open_vals & fixed_vals == D::ZERO
            && open_vals.count_ones() as usize == open
            && fixed_vals.count_ones() as usize + open == side
            && !may_hold_hall_set(&sizes, open)
        {
            return Ok(());
        }
        if free_vars != D::ZERO {
            let mut free_vals = D::ZERO;
            for v in 0..side {
                if self.gac_state.val_var[base + v] == NONE {
                    free_vals |= D::bit(v);
                }
            }
            while free_vars != D::ZERO {
                let i = free_vars.trailing_zeros() as usize;
                free_vars = free_vars.without_lowest();
                let d = self.dom[self.geo.house_cells[base + i] as usize];
                if d & free_vals != D::ZERO {
                    let v = (d & free_vals).trailing_zeros() as usize;
                    free_vals &= !(D::bit(v));
                    self.gac_state.var_val[base + i] = v as u8;
                    self.gac_state.val_var[base + v] = i as u8;
                } else if let Some(v) = augment(
                    &mut self.gac_state.scratch.path,
                    i,
                    free_vals,
                    |c| self.dom[self.geo.house_cells[base + c] as usize],
                    &mut self.gac_state.var_val[base..],
                    &mut self.gac_state.val_var[base..],
                ) {
                    free_vals &= !(D::bit(v));
                } else {
                    self.bump(h);
                    return Err(Fail);
                }
            }
        }
        // Values held by fixed cells are matched to them (a perfect matching has no choice
        // there): they are components of their own.
        self.scc(base, fixed_vals);
        for i in 0..side {
            let c = self.geo.house_cells[base + i] as usize;
            let allowed = self.gac_state.scratch.comp[self.gac_state.var_val[base + i] as usize];
            if self.dom[c] & !allowed != D::ZERO {
                self.remove(c, !allowed, h)?;
            }
        }
        Ok(())
    }

    /// Tarjan's strongly connected components over value nodes: value `u` -> every other
    /// candidate of the cell matched to `u`. Leaves each value's component mask in
    /// `scratch.comp`.
    pub(super) fn scc(&mut self, base: usize, fixed_vals: D) {
        let s = &mut self.gac_state.scratch;
        let mut m = fixed_vals;
        while m != D::ZERO {
            let v = m.trailing_zeros() as usize;
            m = m.without_lowest();
            s.comp[v] = D::bit(v);
        }
        let open = self.geo.full & !fixed_vals;
        // Fast path: the open values form one component (nothing to prune among them), found
        // by a forward and a backward closure over bitsets.
        if open != D::ZERO {
            let succ = |u: usize| {
                self.dom[self.geo.house_cells[base + self.gac_state.val_var[base + u] as usize]
                    as usize]
            };
            let start = open.lowest();
            let (mut reach, mut frontier) = (start, start);
            while frontier != D::ZERO {
                let mut next = D::ZERO;
                let mut f = frontier;
                while f != D::ZERO {
                    next |= succ(f.trailing_zeros() as usize);
                    f = f.without_lowest();
                }
                frontier = next & open & !reach;
                reach |= frontier;
            }
            if reach == open {
                let mut back = start;
                loop {
                    let before = back;
                    let mut rest = open & !back;
                    while rest != D::ZERO {
                        let u = rest.trailing_zeros() as usize;
                        rest = rest.without_lowest();
                        if succ(u) & back != D::ZERO {
                            back |= D::bit(u);
                        }
                    }
                    if back == before || back == open {
                        break;
                    }
                }
                if back == open {
                    let mut m = open;
                    while m != D::ZERO {
                        s.comp[m.trailing_zeros() as usize] = open;
                        m = m.without_lowest();
                    }
                    return;
                }
            }
        }
        let succ = |u: usize| {
            self.dom
                [self.geo.house_cells[base + self.gac_state.val_var[base + u] as usize] as usize]
                & !(D::bit(u))
        };
        s.tarjan.run(open, fixed_vals, succ, &mut s.comp);
    }
}

/// Whether a house whose `open` cells share `open` values and have the candidate counts `sizes`
/// (`sizes[s]`: open cells with `s` candidates) may hold a Hall set, the only thing GAC prunes
/// with. A set of `t < open` cells whose candidates number `t` in all needs `t` cells of `t`
/// candidates or fewer; when no `t` has that many, there is a perfect matching and every value
/// of every cell is in one, so the matching and components would remove nothing. This skips
/// nearly every house of a sparse grid. (`gac_may_prune` makes the same count on 4x4 and 9x9,
/// plus the values' side and small sets, in a pass of its own.)
pub(super) fn may_hold_hall_set(sizes: &[u8; 129], open: usize) -> bool {
    let mut at_most = 0usize;
    for (t, &k) in sizes.iter().enumerate().take(open).skip(2) {
        at_most += usize::from(k);
        if at_most >= t {
            return true;
        }
    }
    false
}
