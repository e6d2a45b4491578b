//! Tests of the solver internals: GAC and the band permutations against brute force, the
//! Hall-set skip, the constant box size.

use super::gac::may_hold_hall_set;
use super::*;
use crate::generate::Rng;
use crate::matching::permutation_supports;

/// The values of each cell that some all-different assignment of the house supports.
fn brute_supports(doms: &[u128]) -> Vec<u128> {
    fn go(doms: &[u128], i: usize, used: u128, pick: &mut Vec<usize>, sup: &mut [u128]) {
        if i == doms.len() {
            for (k, &v) in pick.iter().enumerate() {
                sup[k] |= 1 << v;
            }
            return;
        }
        let mut m = doms[i] & !used;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            pick.push(v);
            go(doms, i + 1, used | 1 << v, pick, sup);
            pick.pop();
        }
    }
    let mut sup = vec![0; doms.len()];
    go(doms, 0, 0, &mut Vec::new(), &mut sup);
    sup
}

#[test]
fn permutation_supports_matches_brute_force() {
    let mut rng = Rng::new(11);
    let mut pruned = 0;
    for round in 0..4000 {
        let k = 2 + rng.below(6);
        let doms: Vec<u16> = (0..k)
            .map(|_| {
                let mut d = 0u16;
                for _ in 0..=rng.below(if round % 2 == 0 { 3 } else { k }) {
                    d |= 1 << rng.below(k);
                }
                d
            })
            .collect();
        let sup: Vec<u16> =
            brute_supports(&doms.iter().map(|&d| u128::from(d)).collect::<Vec<_>>())
                .iter()
                .map(|&m| m as u16)
                .collect();
        let mut got = doms.clone();
        let ok = permutation_supports(&mut got, &mut Vec::new());
        if sup.contains(&0) {
            assert!(!ok, "round {round}: {doms:?} has no permutation");
        } else {
            assert!(ok, "round {round}: {doms:?} has a permutation");
            assert_eq!(got, sup, "round {round}: {doms:?}");
            pruned += usize::from(got != doms);
        }
    }
    assert!(pruned > 100, "the test exercises pruning ({pruned})");
}

#[test]
fn large_house_skips_only_what_prunes_nothing() {
    // 16x16, row 0: clean houses (distinct fixed values, open cells holding the values not
    // placed, each its value of one solution plus random others). GAC must leave exactly
    // the brute-force supports, whether the Hall-set count skips the house or not.
    let mut rng = Rng::new(5);
    let mut s = Core::<u16, 0>::new(&Shape::square(4).unwrap(), false, Config::default());
    let (mut skipped, mut pruned) = (0, 0);
    for round in 0..1500 {
        s.dom.fill(s.geo.full);
        let mut perm: Vec<usize> = (0..16).collect();
        for i in (1..16).rev() {
            perm.swap(i, rng.below(i + 1));
        }
        let fixed = 8 + rng.below(5);
        for (c, &v) in perm.iter().enumerate() {
            let mut d = 1u16 << v;
            if c >= fixed {
                // At least one other open value (never a placed one); every other round
                // many, so that no Hall set is left to find.
                let others = 16 - fixed;
                let extras = if round % 2 == 0 {
                    2 * others
                } else {
                    1 + rng.below(others - 1)
                };
                for _ in 0..extras {
                    let j = (c - fixed + 1 + rng.below(others - 1)) % others;
                    d |= 1 << perm[fixed + j];
                }
            }
            s.dom[c] = d;
        }
        let doms: Vec<u128> = (0..16).map(|c| u128::from(s.dom[c])).collect();
        let sup = brute_supports(&doms);
        let mut sizes = [0u8; 129];
        let open: Vec<u16> = (0..16)
            .map(|c| s.dom[c])
            .filter(|d| d.count_ones() > 1)
            .collect();
        for d in &open {
            sizes[d.count_ones() as usize] += 1;
        }
        if !open.is_empty() && !may_hold_hall_set(&sizes, open.len()) {
            assert_eq!(sup, doms, "round {round}: {doms:?} skipped but prunes");
            skipped += 1;
        }
        s.clear_pending();
        s.recount();
        assert!(s.gac(0).is_ok(), "round {round}: {doms:?}");
        let got: Vec<u128> = (0..16).map(|c| u128::from(s.dom[c])).collect();
        assert_eq!(got, sup, "round {round}: {doms:?}");
        pruned += usize::from(got != doms);
    }
    assert!(skipped > 100, "the test exercises the skip ({skipped})");
    assert!(pruned > 100, "the test exercises pruning ({pruned})");
}

/// The first 50 solutions in the order found, the guesses and the contradictions.
fn first_solutions<const K: usize>(
    core: &mut Core<u16, K>,
    cells: &[u8],
) -> (Vec<Vec<u8>>, u64, u64) {
    let mut sols = Vec::new();
    let stats = core.visit_cells(cells, None, &mut |s| {
        sols.push(s.to_vec());
        if sols.len() < 50 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    (sols, stats.guesses, stats.fails)
}

#[test]
fn constant_box_size_changes_no_search() {
    // Plain 9x9 on the constant box size (K = 3: box/line before GAC, GAC queue as bits,
    // lowest first) and on the box size read at run time (K = 0: GAC first, first in, first
    // out): the same fixpoints, so with fewest-candidates branching the same solutions in
    // the same order, the same guesses and contradictions. Puzzles from 20 to 40 givens, many with several solutions, and
    // some with clashing givens.
    let cfg = Config {
        branch: Branch::MinDom,
        restarts: false,
        ..Config::default()
    };
    let mut fast = Core::<u16, 3>::new(&Shape::square(3).unwrap(), false, cfg);
    let mut slow = Core::<u16, 0>::new(&Shape::square(3).unwrap(), false, cfg);
    let mut rng = Rng::new(23);
    let (mut several, mut none) = (0, 0);
    for round in 0..400 {
        let keep = 20 + rng.below(21);
        let grid = crate::generate::solution_grid(3, &mut rng);
        let mut cells = crate::generate::remove_cells(&grid, keep, &mut rng)
            .bytes()
            .unwrap();
        if round % 5 == 4 {
            cells[rng.below(81)] = 1 + rng.below(9) as u8;
        }
        let a = first_solutions(&mut fast, &cells);
        let b = first_solutions(&mut slow, &cells);
        assert_eq!(a, b, "round {round}: {cells:?}");
        several += usize::from(a.0.len() > 1);
        none += usize::from(a.0.is_empty());
    }
    assert!(
        several > 50 && none > 20,
        "{several} with several solutions, {none} with none"
    );
}

#[test]
fn gac_matches_brute_force_on_one_house() {
    let mut rng = Rng::new(3);
    let mut s = Core::<u16, 3>::new(&Shape::square(3).unwrap(), false, Config::default());
    let cells: Vec<usize> = (0..9).collect(); // row 0 is house 0
    let (mut pruned, mut skipped) = (0, 0);
    for round in 0..4500 {
        s.dom.fill(s.geo.full);
        if round % 3 == 2 {
            // A clean house (what the cheap test looks at): some cells fixed to distinct
            // values, the others holding their value of one solution and random other
            // values not fixed.
            let mut perm: Vec<usize> = (0..9).collect();
            for i in (1..9).rev() {
                perm.swap(i, rng.below(i + 1));
            }
            let fixed = rng.below(6);
            let fixed_vals: u16 = perm[..fixed].iter().map(|&v| 1u16 << v).sum();
            for (i, &c) in cells.iter().enumerate() {
                let mut d = 1u16 << perm[i];
                if i >= fixed {
                    for _ in 0..3 + rng.below(4) {
                        d |= 1 << rng.below(9);
                    }
                    d &= !fixed_vals;
                }
                s.dom[c] = d;
            }
        } else {
            for &c in &cells {
                let mut d = 0u16;
                let k = 1 + rng.below(if round % 3 == 0 { 4 } else { 9 });
                for _ in 0..k {
                    d |= 1 << rng.below(9);
                }
                s.dom[c] = d;
            }
        }
        let doms: Vec<u128> = cells.iter().map(|&c| u128::from(s.dom[c])).collect();
        let sup = brute_supports(&doms);
        s.clear_pending();
        s.recount();
        // The cheap test may only rule out calls that prune nothing and find a matching.
        if !s.gac_may_prune(0) {
            assert_eq!(sup, doms, "round {round}: {doms:?} ruled out but prunes");
            skipped += 1;
        }
        let r = s.gac(0);
        if sup.contains(&0) {
            assert!(r.is_err(), "round {round}: {doms:?} has no assignment");
        } else {
            assert!(r.is_ok(), "round {round}: {doms:?} has an assignment");
            let got: Vec<u128> = cells.iter().map(|&c| u128::from(s.dom[c])).collect();
            assert_eq!(got, sup, "round {round}: {doms:?}");
            pruned += usize::from(got != doms);
        }
    }
    assert!(pruned > 100, "the test exercises pruning ({pruned})");
    assert!(
        skipped > 100,
        "the test exercises the cheap test ({skipped})"
    );
}
