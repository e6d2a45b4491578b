//! The one augmenting-path matching behind every all-different rule: cells (or a band's rows)
//! matched to values, one each, repaired one unmatched cell at a time by a depth-first search
//! for an augmenting path over values. House GAC (`solver/gac.rs`) keeps a matching per house
//! across calls and repairs only the pairs whose value left; the per-band value permutations
//! (`solver/intersections.rs`) build one from scratch with [`permutation_supports`].
//!
//! A matching is two arrays of `u8` indexes, `cell_val` and `val_cell`, with [`NONE`] for
//! unmatched; candidate sets are any [`Dom`] word.

use crate::dom::Dom;

/// An unmatched cell or value.
pub(crate) const NONE: u8 = u8::MAX;

/// An augmenting path from unmatched cell `start` to a value of `free_vals` (unmatched
/// values), by depth-first search over values, each visited once (`dom(c)`: cell `c`'s
/// candidates); flips it into the matching and returns the free value it ended on. `None`
/// when there is none: no matching covers `start` with the cells matched now.
#[inline]
pub(crate) fn augment<D: Dom>(
    path: &mut Vec<(u8, D)>,
    start: usize,
    free_vals: D,
    dom: impl Fn(usize) -> D,
    cell_val: &mut [u8],
    val_cell: &mut [u8],
) -> Option<usize> {
    path.clear();
    let mut visited = D::ZERO;
    // Each path entry: (cell index, candidates not yet tried from it).
    path.push((start as u8, dom(start)));
    loop {
        let top = path.last_mut()?;
        let cand = top.1 & !visited;
        if cand == D::ZERO {
            path.pop();
            continue;
        }
        let v = cand.trailing_zeros() as usize;
        top.1 &= !(D::bit(v));
        visited |= D::bit(v);
        if free_vals.has(v) {
            flip_path(path, v, cell_val, val_cell);
            return Some(v);
        }
        let c = val_cell[v] as usize;
        path.push((c as u8, dom(c) & !visited));
    }
}

/// Flips an augmenting path that reached free value `v`: each cell on `path` (a stack of (cell,
/// untried values), the free cell at the bottom) takes the value the path reached from it.
fn flip_path<T>(path: &mut Vec<(u8, T)>, v: usize, cell_val: &mut [u8], val_cell: &mut [u8]) {
    let mut val = v;
    while let Some((c, _)) = path.pop() {
        let c = c as usize;
        let prev = cell_val[c];
        cell_val[c] = val as u8;
        val_cell[val] = c as u8;
        if prev == NONE {
            break;
        }
        val = prev as usize;
    }
}

/// Generalised arc consistency of one all-different over at most 16 variables and values:
/// `doms[x]` is the set of values variable `x` may take, with as many values as variables.
/// Keeps in each domain the values some perfect matching gives it; false when none exists.
/// `path` is scratch space for [`augment`].
pub(crate) fn permutation_supports(doms: &mut [u16], path: &mut Vec<(u8, u16)>) -> bool {
    let k = doms.len();
    debug_assert!(k <= 16);
    // A perfect matching: mate[x] is x's value, owner[v] the converse.
    let mut mate = [NONE; 16];
    let mut owner = [NONE; 16];
    let mut free_vals = u16::low(k);
    for x in 0..k {
        let Some(v) = augment(path, x, free_vals, |y| doms[y], &mut mate, &mut owner) else {
            return false;
        };
        free_vals &= !(1 << v);
    }
    // Value graph: v -> every other value of the variable matched to v. An edge x = w is kept
    // when w is x's own value or w and mate[x] reach each other (same component).
    let mut reach = [0u16; 16];
    for v in 0..k {
        reach[v] = doms[owner[v] as usize] | 1 << v;
    }
    for m in 0..k {
        for v in 0..k {
            if reach[v] >> m & 1 != 0 {
                reach[v] |= reach[m];
            }
        }
    }
    for x in 0..k {
        let u = mate[x] as usize;
        let mut keep = 0u16;
        let mut m = doms[x];
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            if reach[u] >> w & 1 != 0 && reach[w] >> u & 1 != 0 {
                keep |= 1 << w;
            }
        }
        doms[x] = keep;
    }
    true
}
