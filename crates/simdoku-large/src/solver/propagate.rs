//! The propagation loop and the singles: runs the rules to a fixpoint, cheapest first (naked
//! singles, hidden singles, box/line intersections, GAC), each only on what changed since it
//! last ran. The rules themselves live in `intersections` and `gac`.

use super::core::{Core, Prop, house_pos};
use crate::dom::Dom;

impl<D: Dom, const K: usize> Core<D, K> {
    pub(super) fn propagate(&mut self) -> Prop {
        loop {
            if let Some(c) = self.queue.pop() {
                self.naked(c as usize)?;
                continue;
            }
            if let Some(hv) = self.singles.pop() {
                if self.cfg.hidden_singles {
                    self.hidden(hv as usize)?;
                }
                continue;
            }
            // Box/line (and the diagonals' boxes) once the singles are done: on 9x9 before GAC,
            // the same fixpoint for less work (a pass costs about as much as GAC on one house,
            // and its removals spare later GAC calls: Gac9 3.0x -> 2.65x scalar); on larger grids
            // once no house waits for GAC, as the order decides which house fails first, and so
            // dom/wdeg's weights (box/line first took sigh_16x16_X_1 from 5017 to 33079 guesses
            // with `--config hi,bl,bm,gac,wdeg,rs`).
            if self.cfg.intersections
                && (self.bands.band_dirty | self.bands.stack_dirty) != 0
                && (K != 0 || !(self.cfg.gac && self.gac_pending()))
            {
                if self.x() {
                    self.diagbox()?;
                }
                self.boxline()?;
                continue;
            }
            if self.cfg.gac
                && let Some(h) = self.next_gac()
            {
                // Here every single has been propagated: a house's open cells hold two values
                // or more, none of them placed, and (with hidden singles) each value not placed
                // has two places or more. A Hall set then needs two cells, and its hidden
                // complement two more: a house with 3 open cells or fewer has nothing to prune.
                if !(self.cfg.hidden_singles
                    && self.side() < 16
                    && self.fixed[h].size() as usize + 3 >= self.side())
                {
                    self.gac(h)?;
                }
                continue;
            }
            if !self.cfg.gac {
                self.clear_gac();
            }
            return Ok(());
        }
    }

    pub(super) fn naked(&mut self, c: usize) -> Prop {
        let bit = self.dom[c];
        let v = bit.trailing_zeros() as usize;
        let meta = self.geo.cell_meta[c];
        // House by house, the other cells that hold the value, from its places there (a peer in
        // two of the cell's houses has lost it by the time the second is read): the same
        // removals in the same order as a walk over the peers.
        for &e in Self::cell_houses(&meta) {
            let (h, pos) = house_pos(e);
            let base = h * self.side();
            let at = D::bit(pos);
            let mut holders = self.places[base + v] & !at;
            while holders != D::ZERO {
                let i = holders.trailing_zeros() as usize;
                holders = holders.without_lowest();
                self.remove_value(self.geo.house_cells[base + i] as usize, bit, h)?;
            }
            // The value's one place in this house, set once all its holders have lost it (a
            // contradiction on the way leaves the places of those not reached, which undo
            // needs).
            self.places[base + v] = at;
        }
        Ok(())
    }

    /// [`Core::remove`] of one value `bit` that cell `c` holds, for the naked singles of house
    /// `h`: no loop over the values gone, and the value's places in `h` are left to the caller
    /// (one store, where a removal for each holder would find the value placed there).
    #[inline(always)]
    pub(super) fn remove_value(&mut self, c: usize, bit: D, h: usize) -> Prop {
        let old = self.dom[c];
        let new = old & !bit;
        let single = self.narrow(c, old, new, h)?;
        let v = bit.trailing_zeros() as usize;
        let skip = h;
        let (meta, empty) = self.in_houses(c, new, single, |s, h, pos, empty| {
            if h != skip {
                s.lose_place(h, pos, v, empty);
            }
        });
        self.removed(meta, bit, empty)
    }

    /// What a narrowing of cell `c` to `new` changes in each of its houses: the house is
    /// queued for GAC, gains a fixed value when the cell became `single`, and `lose` takes the
    /// places of the values gone (house, position of the cell, the house left with a value
    /// and no place). Returns the cell's packed entry and that house.
    #[inline(always)]
    pub(super) fn in_houses(
        &mut self,
        c: usize,
        new: D,
        single: bool,
        mut lose: impl FnMut(&mut Self, usize, usize, &mut Option<usize>),
    ) -> ([u16; 8], Option<usize>) {
        let meta = self.geo.cell_meta[c];
        let mut empty = None;
        for &e in Self::cell_houses(&meta) {
            let (h, pos) = house_pos(e);
            self.queue_gac(h);
            if single {
                self.fixed[h] |= new;
            }
            lose(self, h, pos, &mut empty);
        }
        (meta, empty)
    }

    /// Hidden single: value `v` has one place left in house `h` (`hv = h << 8 | v`), unless
    /// that changed since it was queued or the place already holds it alone.
    pub(super) fn hidden(&mut self, hv: usize) -> Prop {
        let (h, v) = (hv >> 8, hv & 0xFF);
        let base = h * self.side();
        let at = self.places[base + v];
        if !at.is_power_of_two() || self.fixed[h].has(v) {
            return Ok(());
        }
        let c = self.geo.house_cells[base + at.trailing_zeros() as usize] as usize;
        self.remove(c, !D::bit(v), h)
    }
}
