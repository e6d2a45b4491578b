//! The model: one variable per (open cell, candidate) pair, exactly-one groups for each cell and
//! for each (house, value not placed), their "at least one" clauses, and the initial variable
//! order (cells with fewer candidates first). Built afresh for each grid, reusing the vectors.

use super::{Cdcl, GROUPS, Lit, NO_REASON, VarInfo, pos};

impl Cdcl {
    /// Builds the variables, groups and clauses, and writes the fixed cells' values to `out`;
    /// false when the candidates admit no solution.
    pub(super) fn build(
        &mut self,
        dom: &[u128],
        house_cells: &[u32],
        side: usize,
        out: &mut [u8],
    ) -> bool {
        let cells = dom.len();
        // Variables: (cell, value) for open cells, numbered cell by cell.
        self.model.var_cell.clear();
        self.model.var_value.clear();
        // Naked singles to a fixpoint (a no-op after the solver's root propagation): the model
        // has no group for a value that a house has placed, so no open cell may still hold it.
        let mut clean = dom.to_vec();
        let mut blocked = vec![0u128; cells];
        loop {
            blocked.fill(0);
            for hc in house_cells.chunks_exact(side) {
                let mut fixed = 0u128;
                for &c in hc {
                    let d = clean[c as usize];
                    if d.is_power_of_two() {
                        if fixed & d != 0 {
                            return false;
                        }
                        fixed |= d;
                    }
                }
                for &c in hc {
                    blocked[c as usize] |= fixed;
                }
            }
            let mut changed = false;
            for (d, &b) in clean.iter_mut().zip(&blocked) {
                if !d.is_power_of_two() && *d & b != 0 {
                    *d &= !b;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let dom = &clean[..];
        for (o, &d) in out.iter_mut().zip(dom) {
            *o = d.trailing_zeros() as u8 + 1;
        }
        let mut cell_first = vec![u32::MAX; cells];
        for (c, &d) in dom.iter().enumerate() {
            if d == 0 {
                return false;
            }
            if d.is_power_of_two() {
                continue;
            }
            cell_first[c] = self.model.var_cell.len() as u32;
            let mut m = d;
            while m != 0 {
                self.model.var_cell.push(c as u32);
                self.model.var_value.push(m.trailing_zeros() as u8);
                m &= m - 1;
            }
        }
        self.model.ncell_vars = self.model.var_cell.len();
        let n = self.model.var_cell.len();
        self.model.nvars = n;
        self.model.var_groups.clear();
        self.model.var_groups.resize(n * GROUPS, 0);
        self.model.var_ngroups.clear();
        self.model.var_ngroups.resize(n, 0);
        self.model.group_vars.clear();
        self.model.group_start.clear();
        self.model.group_start.push(0);
        self.lval.clear();
        self.lval.resize(2 * n, 0);
        self.vinfo.clear();
        self.vinfo.resize(
            n,
            VarInfo {
                level: 0,
                reason: NO_REASON,
            },
        );
        self.trail.clear();
        self.trail.reserve(n);
        self.trail_lim.clear();
        self.qhead = 0;
        self.clauses.arena.clear();
        self.clauses.originals.clear();
        self.clauses.learnts.clear();
        for w in &mut self.clauses.watches {
            w.clear();
        }
        self.clauses.watches.resize_with(2 * n, Vec::new);
        self.phase.clear();
        self.phase.resize(n, self.cfg.positive_phase);
        self.analysis.seen.clear();
        self.analysis.seen.resize(n, 0);
        self.analysis.level_stamp.clear();
        self.analysis.level_stamp.resize(n + 1, 0);
        self.analysis.stamp = 0;
        let mut units: Vec<Lit> = Vec::new();

        // Cell groups.
        for c in 0..cells {
            if cell_first[c] == u32::MAX {
                continue;
            }
            let first = cell_first[c] as usize;
            let k = dom[c].count_ones() as usize;
            self.add_group(first..first + k, &mut units);
        }
        // (house, value) groups for values no fixed cell of the house holds.
        let houses = house_cells.len() / side;
        let mut members: Vec<u32> = Vec::with_capacity(side);
        for h in 0..houses {
            let hc = &house_cells[h * side..(h + 1) * side];
            let mut fixed = 0u128;
            for &c in hc {
                let d = dom[c as usize];
                if d.is_power_of_two() {
                    if fixed & d != 0 {
                        return false;
                    }
                    fixed |= d;
                }
            }
            for v in 0..side {
                let bit = 1u128 << v;
                if fixed & bit != 0 {
                    continue;
                }
                members.clear();
                for &c in hc {
                    let d = dom[c as usize];
                    if d & bit != 0 {
                        let below = (d & (bit - 1)).count_ones();
                        members.push(cell_first[c as usize] + below);
                    }
                }
                let start = self.model.group_vars.len();
                self.model.group_vars.extend_from_slice(&members);
                self.finish_group(start, &mut units);
            }
        }
        if units.contains(&u32::MAX) {
            return false;
        }
        // Initial order: variables of cells with fewer candidates first.
        let (ncell_vars, var_cell) = (self.model.ncell_vars, &self.model.var_cell);
        self.order.reset((0..n).map(|v| {
            if v < ncell_vars {
                1.0 / f64::from(dom[var_cell[v] as usize].count_ones())
            } else {
                0.0
            }
        }));
        self.clauses.max_learnts = (self.clauses.originals.len() / 3).max(2000);
        for l in units {
            match self.lval[l as usize] {
                1 => {}
                -1 => return false,
                _ => self.assign(l, NO_REASON),
            }
        }
        true
    }

    pub(super) fn add_group(&mut self, vars: std::ops::Range<usize>, units: &mut Vec<Lit>) {
        let start = self.model.group_vars.len();
        self.model.group_vars.extend(vars.map(|v| v as u32));
        self.finish_group(start, units);
    }

    /// Registers the group whose members were just appended from `start`: its variables learn
    /// their group, and its "at least one" clause is added (a unit when it has one member; a
    /// `u32::MAX` unit when it has none, i.e. no solution).
    pub(super) fn finish_group(&mut self, start: usize, units: &mut Vec<Lit>) {
        let end = self.model.group_vars.len();
        match end - start {
            0 => {
                units.push(u32::MAX);
                self.model.group_vars.truncate(start);
                return;
            }
            1 => {
                units.push(pos(self.model.group_vars[start] as usize));
                self.model.group_vars.truncate(start);
                return;
            }
            _ => {}
        }
        let g = self.model.group_start.len() as u32 - 1;
        self.model.group_start.push(end as u32);
        for i in start..end {
            let v = self.model.group_vars[i] as usize;
            let k = self.model.var_ngroups[v] as usize;
            self.model.var_groups[v * GROUPS + k] = g;
            self.model.var_ngroups[v] += 1;
        }
        let cref = self.clauses.arena.len() as u32;
        self.clauses.arena.push((end - start) as u32);
        self.clauses.arena.push(0);
        self.clauses.arena.push(0);
        for i in start..end {
            self.clauses
                .arena
                .push(pos(self.model.group_vars[i] as usize));
        }
        self.clauses.originals.push(cref);
        self.watch_clause(cref);
    }
}
