//! Candidate state and its undo log: loading the givens, removing candidates (with the
//! per-house places of each value kept up to date, so that a hidden single shows the moment
//! its second-to-last place goes), and undoing back to a mark on backtracking.
//!
//! Every narrowing goes through [`Core::remove`] (or its one-value form in `propagate`), which
//! logs the cell's old candidates on the trail; [`Core::undo`] puts them back together with
//! the places and fixed values they imply.

use super::core::{Core, Fail, Prop, house_pos};
use crate::dom::Dom;

/// `SPREAD[b]` has byte `i` set to bit `i` of `b`.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

impl<D: Dom, const K: usize> Core<D, K> {
    /// Sets the candidates from the givens directly (each house's given values leave its empty
    /// cells), queues the cells left with one candidate and marks every house for the rules.
    /// False when two givens clash or an empty cell has no candidate left.
    pub(super) fn load(&mut self, cells: &[u8]) -> bool {
        self.queue.clear();
        self.singles.clear();
        self.clear_gac();
        self.house_used.fill(D::ZERO);
        let mut ok = true;
        let side = self.side();
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 && usize::from(v) <= side {
                let bit = D::bit(usize::from(v) - 1);
                let meta = self.geo.cell_meta[c];
                for &e in Self::cell_houses(&meta) {
                    let used = &mut self.house_used[house_pos(e).0];
                    ok &= *used & bit == D::ZERO;
                    *used |= bit;
                }
            }
        }
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 && usize::from(v) <= side {
                self.dom[c] = D::bit(usize::from(v) - 1);
                continue;
            }
            let meta = self.geo.cell_meta[c];
            let mut used = D::ZERO;
            for &e in Self::cell_houses(&meta) {
                used |= self.house_used[house_pos(e).0];
            }
            let d = self.geo.full & !used;
            self.dom[c] = d;
            ok &= d != D::ZERO;
            if d.is_power_of_two() {
                self.queue.push(c as u32);
            }
        }
        if !ok || !self.count_places(true) {
            return false;
        }
        for h in 0..self.houses() {
            self.queue_gac(h);
        }
        self.bands.band_dirty = (1 << self.n()) - 1;
        self.bands.band_vals.fill(self.geo.full);
        self.bands.stack_dirty = (1 << self.n()) - 1;
        true
    }

    /// Counts the places of every value in every house and the values of single cells.
    #[cfg(test)]
    pub(super) fn recount(&mut self) {
        self.count_places(false);
    }

    /// [`Core::recount`]; with `queue`, also queues the hidden singles (values of one place not
    /// yet placed) and returns false when a value has no place left in some house.
    pub(super) fn count_places(&mut self, queue: bool) -> bool {
        match self.side().div_ceil(8) {
            1 => self.count_places_with::<1>(queue),
            2 => self.count_places_with::<2>(queue),
            3..=4 => self.count_places_with::<4>(queue),
            5..=8 => self.count_places_with::<8>(queue),
            _ => self.count_places_with::<16>(queue),
        }
    }

    /// [`Core::count_places`] with `C` blocks of eight values (and of eight positions), enough
    /// for the side: the transposition of each house's candidates into its places without a
    /// branch per candidate, a byte per value and block of positions in `acc`.
    pub(super) fn count_places_with<const C: usize>(&mut self, queue: bool) -> bool {
        let side = self.side();
        for h in 0..self.houses() {
            let base = h * side;
            // acc[k][b], byte j: which of the positions 8 b .. 8 b + 8 hold value 8 k + j.
            let mut acc = [[0u64; C]; C];
            let mut fixed = D::ZERO;
            for (i, &c) in self.geo.house_cells[base..base + side].iter().enumerate() {
                let d = self.dom[c as usize];
                if d.is_power_of_two() {
                    fixed |= d;
                }
                let (b, shift) = (i / 8 % C, i % 8);
                for (k, a) in acc.iter_mut().enumerate() {
                    a[b] |= SPREAD[d.byte(k)] << shift;
                }
            }
            self.fixed[h] = fixed;
            // The values of no place and of one place, without a branch per value.
            let (mut zero, mut one) = (D::ZERO, D::ZERO);
            for (v, p) in self.places[base..base + side].iter_mut().enumerate() {
                let (k, j) = (v / 8 % C, v % 8);
                let mut m = D::ZERO;
                for (b, &a) in acc[k].iter().enumerate() {
                    m |= D::from_byte((a >> (8 * j)) as usize & 0xFF, b);
                }
                *p = m;
                zero |= D::bit_if(v, m == D::ZERO);
                one |= D::bit_if(v, m.is_power_of_two());
            }
            if queue {
                if zero != D::ZERO {
                    return false;
                }
                let mut one = one & !fixed;
                while one != D::ZERO {
                    let v = one.trailing_zeros() as usize;
                    one = one.without_lowest();
                    self.singles.push((h << 8 | v) as u32);
                }
            }
        }
        true
    }

    pub(super) fn clear_pending(&mut self) {
        self.queue.clear();
        self.singles.clear();
        self.clear_gac();
        self.bands.band_dirty = 0;
        self.bands.band_vals.fill(D::ZERO);
        self.bands.stack_dirty = 0;
    }

    /// Removes `mask` from cell `c`'s candidates; a wipe-out bumps house `h`'s weight.
    #[inline]
    pub(super) fn remove(&mut self, c: usize, mask: D, h: usize) -> Prop {
        let old = self.dom[c];
        let new = old & !mask;
        if new == old {
            return Ok(());
        }
        let single = self.narrow(c, old, new, h)?;
        let gone = old & !new;
        let (meta, empty) = self.in_houses(c, new, single, |s, h, pos, empty| {
            // Each value gone from the cell has one place fewer in the house.
            let mut g = gone;
            while g != D::ZERO {
                let v = g.trailing_zeros() as usize;
                g = g.without_lowest();
                s.lose_place(h, pos, v, empty);
            }
        });
        self.removed(meta, gone, empty)
    }

    /// Cell `c` goes from `old` to `new` candidates (fewer; logged for undo). None left fails
    /// and bumps house `h`; one left queues the cell for naked singles and returns true.
    #[inline(always)]
    pub(super) fn narrow(&mut self, c: usize, old: D, new: D, h: usize) -> Result<bool, Fail> {
        if new == D::ZERO {
            self.bump(h);
            return Err(Fail);
        }
        self.dom[c] = new;
        self.trail.push((c as u32, old));
        let single = new.is_power_of_two();
        if single {
            self.queue.push(c as u32);
        }
        Ok(single)
    }

    /// Value `v` leaves position `pos` of house `h`: no place left is a contradiction (noted
    /// in `empty`), one left (not yet placed) a hidden single to place.
    #[inline(always)]
    pub(super) fn lose_place(&mut self, h: usize, pos: usize, v: usize, empty: &mut Option<usize>) {
        let side = self.side();
        let p = &mut self.places[h * side + v];
        *p &= !D::bit(pos);
        if p.without_lowest() == D::ZERO {
            if *p == D::ZERO {
                *empty = Some(h);
            } else if !self.fixed[h].has(v) {
                self.singles.push((h << 8 | v) as u32);
            }
        }
    }

    /// The bookkeeping after values `gone` left the cell with packed entry `meta`: its band and
    /// stack changed, and a house left without a place for a value fails.
    #[inline(always)]
    pub(super) fn removed(&mut self, meta: [u16; 8], gone: D, empty: Option<usize>) -> Prop {
        let (band, stack) = (usize::from(meta[6]), usize::from(meta[7]));
        self.bands.band_dirty |= 1 << band;
        self.bands.stack_dirty |= 1 << stack;
        // (Never on 9x9: the band matching is for boxes of 4 and up.)
        if (K == 0 || K >= 4) && self.bands.keep_band_vals {
            self.bands.band_vals[band] |= gone;
            let n = self.n();
            self.bands.band_vals[n + stack] |= gone;
        }
        if let Some(h) = empty {
            self.bump(h);
            return Err(Fail);
        }
        Ok(())
    }

    /// Restores the candidates as they were when the trail was `mark` long.
    pub(super) fn undo(&mut self, mark: usize) {
        let side = self.side();
        while self.trail.len() > mark {
            let (c, old) = self.trail.pop().expect("trail");
            let c = c as usize;
            let cur = self.dom[c];
            let unfix = cur.is_power_of_two();
            if unfix {
                self.branch.phase[c] = cur;
            }
            for &e in Self::cell_houses(&self.geo.cell_meta[c]) {
                let (h, pos) = house_pos(e);
                if unfix {
                    self.fixed[h] &= !cur;
                }
                let bit = D::bit(pos);
                let mut back = old & !cur;
                while back != D::ZERO {
                    self.places[h * side + back.trailing_zeros() as usize] |= bit;
                    back = back.without_lowest();
                }
            }
            self.dom[c] = old;
        }
    }
}
