//! The clause-learning search run straight on the givens (no root propagation), against the
//! dom/wdeg search and the rules.

use std::collections::HashSet;
use std::ops::ControlFlow;

use simdoku_large::cdcl::{Cdcl, CdclConfig};
use simdoku_large::generate::{self, Rng};
use simdoku_large::grid::{LargeGrid, check_solution, houses};
use simdoku_large::{Config, Learn, Solver};

/// Every solution of `p` (up to `limit`) by the learning search run straight on the givens
/// (no root propagation), each checked by the rules.
fn cdcl_solutions(p: &LargeGrid, x: bool, cfg: CdclConfig, limit: usize) -> HashSet<Vec<u8>> {
    let n = p.box_size().unwrap();
    let side = n * n;
    let full = if side == 128 {
        u128::MAX
    } else {
        (1u128 << side) - 1
    };
    let dom: Vec<u128> = p
        .cells()
        .iter()
        .map(|&v| if v == 0 { full } else { 1 << (v - 1) })
        .collect();
    let house_cells: Vec<u32> = houses(n, x)
        .into_iter()
        .flat_map(|(_, cs)| cs.into_iter().map(|c| c as u32))
        .collect();
    let mut out = vec![0; side * side];
    let mut seen = HashSet::new();
    let mut cdcl = Cdcl::new(cfg);
    let st = cdcl.run(&dom, &house_cells, side, None, None, &mut out, &mut |s| {
        let g = LargeGrid::from_cells(n, s.to_vec()).unwrap();
        check_solution(p, &g, x).unwrap_or_else(|v| panic!("{v}"));
        assert!(seen.insert(s.to_vec()), "a solution visited twice");
        if seen.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(st.solutions as usize, seen.len());
    seen
}

#[test]
fn counts_match_the_dom_wdeg_search_from_raw_givens() {
    // With and without trail reuse, phase saving, target phases and clause shrinking, plain
    // and X, 4x4 to 16x16: the same solution sets as the search without learning.
    let off = Config {
        learn: Learn::Off,
        ..Config::default()
    };
    let cfgs = [
        CdclConfig::default(),
        CdclConfig {
            reuse_trail: false,
            positive_phase: false,
            ..CdclConfig::default()
        },
        CdclConfig {
            phase_saving: false,
            restart_unit: 8,
            count_restart_unit: 8,
            ..CdclConfig::default()
        },
        CdclConfig {
            target_phase: false,
            restart_unit: 100,
            ..CdclConfig::default()
        },
        CdclConfig {
            shrink: true,
            ..CdclConfig::default()
        },
    ];
    let mut rng = Rng::new(21);
    let mut multi = 0;
    for (n, x, keep) in [
        (2, false, 4),
        (2, true, 3),
        (3, false, 26),
        (3, true, 22),
        (4, false, 120),
    ] {
        for round in 0..12 {
            let full = if x {
                generate::solution_grid_x(n, &mut rng, std::time::Duration::from_secs(10)).unwrap()
            } else {
                generate::solution_grid(n, &mut rng)
            };
            let p = generate::remove_cells(&full, keep + round % 3, &mut rng);
            let mut want = HashSet::new();
            Solver::new(n, x, off).visit(&p, None, &mut |s| {
                want.insert(s.iter().map(|&v| v as u8).collect());
                if want.len() >= 300 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            for cfg in cfgs {
                let got = cdcl_solutions(&p, x, cfg, 300);
                assert_eq!(got.len(), want.len(), "n {n} x {x} round {round} {cfg:?}");
                if want.len() < 300 {
                    assert_eq!(got, want, "n {n} x {x} round {round} {cfg:?}");
                }
            }
            multi += usize::from(want.len() > 1);
        }
    }
    assert!(
        multi > 10,
        "the test meets grids with several solutions ({multi})"
    );
}

#[test]
fn contradictory_givens_have_no_solution() {
    // Two 1s in row 0 of a 4x4; and a 9x9 whose givens force a cell empty.
    let mut g = LargeGrid::empty(2);
    g.set(0, 0, 1);
    g.set(0, 3, 1);
    assert!(cdcl_solutions(&g, false, CdclConfig::default(), 10).is_empty());
    let mut g = LargeGrid::empty(3);
    for (c, v) in [
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
    ] {
        g.set(1, c, v);
    }
    g.set(2, 0, 9);
    assert!(cdcl_solutions(&g, false, CdclConfig::default(), 10).is_empty());
}
