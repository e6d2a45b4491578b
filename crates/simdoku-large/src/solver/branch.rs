//! Branching heuristics: which cell to branch on (dom/wdeg, or band by band on sparse grids),
//! the house weights that dom/wdeg learns from contradictions, and which value to try first
//! (saved phase, a fitted pattern grid's value, the lowest, or a random one when restarting).

use super::core::Core;
use crate::config::Branch;
use crate::dom::Dom;

impl<D: Dom, const K: usize> Core<D, K> {
    /// A contradiction in house `h`: its weight, and the weighted degree of its cells, grow.
    pub(super) fn bump(&mut self, h: usize) {
        self.branch.weights[h] += 1;
        let side = self.side();
        for i in 0..side {
            self.branch.cell_wdeg[self.geo.house_cells[h * side + i] as usize] += 1;
        }
    }

    pub(super) fn choose(&self) -> Option<usize> {
        let mut best: Option<(usize, u64, u64)> = None; // cell, size, weight
        // Band by band on sparse grids: only the first band with open cells. Filled by fewest
        // candidates anywhere, a nearly empty grid ends with a few boxes in two bands whose rows
        // and columns cannot be completed any more, and the choices that caused it lie far up
        // the search; band by band, a dead end is nearly always within the band being filled.
        let cells = if self.branch.band_first {
            let band = self.side() * self.n();
            let first = self.dom.iter().position(|d| !d.is_power_of_two())?;
            let start = first / band * band;
            start..start + band
        } else {
            0..self.dom.len()
        };
        for c in cells {
            let d = self.dom[c];
            if d.is_power_of_two() {
                continue;
            }
            let size = u64::from(d.size());
            let w = match self.cfg.branch {
                Branch::MinDom => {
                    if size == 2 {
                        return Some(c);
                    }
                    1
                }
                Branch::HouseWdeg => u64::from(self.branch.cell_wdeg[c]),
            };
            // size / w < best_size / best_w
            if best.is_none_or(|(_, bs, bw)| size * bw < bs * w) {
                best = Some((c, size, w));
            }
        }
        best.map(|(c, _, _)| c)
    }

    /// The value bit to try first in cell `c`: the one it last held alone if still possible, else
    /// the lowest, or a random one when restarting.
    pub(super) fn pick_value(&mut self, c: usize, random: bool) -> D {
        let mut d = self.dom[c];
        // Phase saving: the value the cell last held, when it still may (restarts then resume
        // the fill they threw away instead of drawing it anew).
        if self.branch.phase[c] & d != D::ZERO {
            return self.branch.phase[c];
        }
        if random {
            let k = self.branch.rng.below(d.count_ones() as usize);
            for _ in 0..k {
                d = d.without_lowest();
            }
        }
        d.lowest()
    }

    /// The completion of a shuffled pattern grid that fits the cells fixed now (see
    /// [`crate::pattern`]), set as every cell's phase; `None` when none fits.
    pub(super) fn fit_pattern(&mut self) -> Option<Vec<u8>> {
        let fixed: Vec<u8> = self
            .dom
            .iter()
            .map(|d| {
                if d.is_power_of_two() {
                    d.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        let grid = crate::pattern::fit(self.n(), self.x(), &fixed)?;
        // A solution of the givens keeps every value root propagation left; check anyway.
        if grid
            .iter()
            .zip(&self.dom)
            .any(|(&v, &d)| !d.has(usize::from(v) - 1))
        {
            return None;
        }
        for (p, &v) in self.branch.phase.iter_mut().zip(&grid) {
            *p = D::bit(usize::from(v) - 1);
        }
        self.stats.pattern = true;
        Some(grid)
    }
}
