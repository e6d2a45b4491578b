//! Propagation through the marked watches of binary clauses against the same clauses visited
//! in full (the watches unmarked), on random clauses over the model of an empty grid.

use simdoku_core::rng::Rng;

use super::{BIN_TAG, BIN_WATCH, Cdcl, Conflict, HEADER, Lit, NO_REASON, pos};

/// The houses of an empty `n^2 x n^2` grid (rows, columns, boxes), cell indices row-major.
fn house_cells(n: usize) -> Vec<u32> {
    let side = n * n;
    let mut out = Vec::new();
    for r in 0..side {
        out.extend((0..side).map(|c| (r * side + c) as u32));
    }
    for c in 0..side {
        out.extend((0..side).map(|r| (r * side + c) as u32));
    }
    for b in 0..side {
        let (r0, c0) = (b / n * n, b % n * n);
        for i in 0..side {
            out.push(((r0 + i / n) * side + c0 + i % n) as u32);
        }
    }
    out
}

/// A model of an empty grid of box size `n` with `extra` random learned clauses of 2 to 4
/// literals over unassigned variables.
fn random_model(n: usize, extra: usize, rng: &mut Rng) -> Cdcl {
    let side = n * n;
    let dom = vec![(1u128 << side) - 1; side * side];
    let mut out = vec![0; side * side];
    let mut cdcl = Cdcl::default();
    assert!(cdcl.build(&dom, &house_cells(n), side, &mut out));
    let nvars = cdcl.model.nvars;
    for _ in 0..extra {
        let len = 2 + rng.below(3);
        let mut lits: Vec<Lit> = Vec::new();
        while lits.len() < len {
            let l = pos(rng.below(nvars)) | rng.below(2) as u32;
            if lits.iter().all(|&m| m >> 1 != l >> 1) {
                lits.push(l);
            }
        }
        let cref = cdcl.clauses.arena.len() as u32;
        cdcl.clauses.arena.extend([len as u32, 2 << 1 | 1, 0]);
        cdcl.clauses.arena.extend_from_slice(&lits);
        cdcl.clauses.learnts.push(cref);
        cdcl.watch_clause(cref);
    }
    cdcl
}

/// The arena with each binary clause's two literals in increasing order.
fn binary_sorted(cdcl: &Cdcl) -> Vec<u32> {
    let mut arena = cdcl.clauses.arena.clone();
    for &c in cdcl.clauses.originals.iter().chain(&cdcl.clauses.learnts) {
        let c = c as usize;
        if arena[c] == 2 {
            arena[c + HEADER..c + HEADER + 2].sort_unstable();
        }
    }
    arena
}

#[test]
fn binary_watches_propagate_as_the_clauses() {
    let mut rng = Rng::new(32);
    let (mut conflicts, mut binary_units, mut binary_conflicts) = (0, 0, 0);
    for round in 0..40 {
        let n = 2 + round % 2;
        let mut fast = random_model(n, 10 + round * 3, &mut rng);
        // The same solver with every watch unmarked: binary clauses visited like the others.
        let mut full = fast.clone();
        for ws in &mut full.clauses.watches {
            for w in ws.iter_mut() {
                w.cref &= !BIN_WATCH;
            }
        }
        assert!(
            fast.clauses
                .watches
                .iter()
                .flatten()
                .any(|w| w.cref & BIN_WATCH != 0)
        );
        for _ in 0..200 {
            let a = fast.propagate();
            let b = full.propagate();
            assert_eq!(a, b, "round {round}");
            assert_eq!(fast.trail, full.trail, "round {round}");
            assert_eq!(fast.vinfo, full.vinfo, "round {round}");
            // The clauses' literal order too, but for binary clauses, whose order matters only
            // when one is the conflict (analysis reads it in order; a reason is read without
            // its implied literal, and a reduction copies the order without using it).
            assert_eq!(binary_sorted(&fast), binary_sorted(&full), "round {round}");
            if let Some(Conflict::Clause(c)) = a {
                let c = c as usize;
                binary_conflicts += usize::from(fast.clauses.arena[c] == 2);
                let end = c + HEADER + fast.clauses.arena[c] as usize;
                assert_eq!(fast.clauses.arena[c..end], full.clauses.arena[c..end]);
            }
            binary_units += fast
                .trail
                .iter()
                .filter(|&&l| {
                    let r = fast.vinfo[(l >> 1) as usize].reason;
                    r != NO_REASON && r & BIN_TAG == 0 && fast.clauses.arena[r as usize] == 2
                })
                .count();
            if a.is_some() {
                conflicts += 1;
                if fast.trail_lim.is_empty() {
                    break;
                }
                let back = rng.below(fast.trail_lim.len());
                fast.cancel_until(back);
                full.cancel_until(back);
                continue;
            }
            let free: Vec<usize> = (0..fast.model.nvars)
                .filter(|&v| fast.lval[pos(v) as usize] == 0)
                .collect();
            if free.is_empty() {
                let back = rng.below(fast.trail_lim.len() + 1);
                fast.cancel_until(back);
                full.cancel_until(back);
                continue;
            }
            let l = pos(free[rng.below(free.len())]) | rng.below(2) as u32;
            for s in [&mut fast, &mut full] {
                s.trail_lim.push(s.trail.len());
                s.assign(l, NO_REASON);
            }
        }
    }
    assert!(conflicts > 100, "the test meets conflicts ({conflicts})");
    assert!(
        binary_units > 100,
        "binary clauses propagate ({binary_units})"
    );
    assert!(
        binary_conflicts > 10,
        "binary clauses conflict ({binary_conflicts})"
    );
}
