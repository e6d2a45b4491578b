//! Unique rectangles and loops (Explainer's "Unique Loops", types 1 to 4), which assume the
//! puzzle has one solution.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - A loop starts at each bivalue cell `{v1, v2}` in cell order and grows depth first: from the
//!   last cell through its box, row and column (skipping the kind of house it came by), each
//!   house's cells in order, to cells holding both digits. A cell with more candidates may join
//!   while fewer than two such cells are in, or when all the extra digits so far are one digit.
//!   Back at the first cell with four cells or more, the loop is a candidate.
//! - A loop counts when each house any of its cells lies in is visited by exactly one cell at an
//!   even index and one at an odd index.
//! - Its cells with extra candidates decide the type: one (type 1: it loses `v1, v2`); more than
//!   two (type 2: cells seeing all of them lose the one extra digit); two whose extra digits are
//!   one digit (type 2), or more (type 3: a naked set in a house of both with the first of them
//!   standing for the extra digits, or a hidden set of `v1, v2` and other digits, the second cell
//!   left out), then for two in any case type 4 (one of `v1, v2` only in the two cells of a house
//!   they share: they lose the other; the last such house, `v1` before `v2`).
//! - Difficulty: 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3
//!   adds 0.1 for each naked digit past the first, or for each hidden-set cell past the first
//!   outside the loop. The sums are Java doubles (4.6 + 0.1 is just below 4.7, so a loop of six
//!   with a naked pair comes before a loop of eight), and the hint taken is the first found among
//!   those of least difficulty, then least type.
//! - Nothing checks that the puzzle has one solution (neither does Explainer): on a board with
//!   several, these steps can remove a solution's candidates. A deadly pattern with no extra
//!   candidate gives no step.
use crate::board::{Board, House, PEERS, bit, digits};
use crate::step::{Step, Technique};

/// The house of a kind (0 box, 1 row, 2 column) holding the cell.
fn house_of(kind: usize, cell: usize) -> House {
    match kind {
        0 => House::Box((cell / 27 * 3 + cell % 9 / 3) as u8),
        1 => House::Row((cell / 9) as u8),
        _ => House::Col((cell % 9) as u8),
    }
}

/// The position of a cell in a house that holds it.
fn index_in(house: House, cell: u8) -> usize {
    house
        .cells()
        .iter()
        .position(|&c| c == cell)
        .expect("in the house")
}

/// The houses of a cell as bits of [`House::ALL`].
fn houses_of(cell: u8) -> u32 {
    (0..3)
        .map(|k| 1u32 << house_of(k, cell as usize).index())
        .sum()
}

/// The search state: the path so far and, for the cells at even and at odd indexes, the houses
/// they lie in.
struct Path {
    cells: Vec<u8>,
    on: u128,
    seen: [u32; 2],
}

/// The loops from the bivalue cell at the path's start over `pair`, in Explainer's order. A
/// branch stops early when a cell's house already holds a cell of the same parity: no loop it
/// could close would count (the loops that count are found all the same, in the same order).
#[allow(clippy::too_many_arguments)]
fn grow(
    b: &Board,
    cell: u8,
    pair: u16,
    path: &mut Path,
    allowed: i32,
    extra: u16,
    last_kind: usize,
    out: &mut Vec<Vec<u8>>,
) {
    let parity = path.cells.len() % 2;
    let hs = houses_of(cell);
    path.cells.push(cell);
    path.on |= 1 << cell;
    path.seen[parity] |= hs;
    for kind in 0..3 {
        if kind == last_kind {
            continue;
        }
        for &next in house_of(kind, cell as usize).cells() {
            if next == path.cells[0] && path.cells.len() >= 4 {
                out.push(path.cells.clone());
            } else if path.on & (1 << next) == 0 {
                let p = b.candidates(next as usize);
                if p & pair != pair || path.seen[1 - parity] & houses_of(next) != 0 {
                    continue;
                }
                let more = (extra | p) & !pair;
                let n = p.count_ones();
                if n == 2 || more.is_power_of_two() || allowed > 0 {
                    let left = allowed - i32::from(n > 2);
                    grow(b, next, pair, path, left, more, kind, out);
                }
            }
        }
    }
    path.cells.pop();
    path.on &= !(1 << cell);
    path.seen[parity] &= !hs;
}

/// Each house of the loop's cells visited by one cell at an even index and one at an odd.
fn valid(path: &[u8]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, &c) in path.iter().enumerate() {
        let seen = if i % 2 == 0 { &mut even } else { &mut odd };
        for kind in 0..3 {
            let h = 1u32 << house_of(kind, c as usize).index();
            if *seen & h != 0 {
                return false;
            }
            *seen |= h;
        }
    }
    even == odd
}

/// A found hint: Explainer's sort key (difficulty as its double, type) and the step.
struct Hint {
    difficulty: f64,
    kind: u8,
    step: Step,
}

fn base(len: usize) -> f64 {
    let mut r = 4.5;
    if len >= 10 {
        r += 0.3;
    }
    if len >= 8 {
        r += 0.2;
    } else if len >= 6 {
        r += 0.1;
    }
    r
}

fn hint(
    path: &[u8],
    pair: u16,
    kind: u8,
    difficulty: f64,
    mut elims: Vec<(u8, u16)>,
) -> Option<Hint> {
    if elims.is_empty() {
        return None;
    }
    elims.sort_unstable();
    let technique = match kind {
        1 => Technique::UniqueLoopType1,
        2 => Technique::UniqueLoopType2,
        3 => Technique::UniqueLoopType3,
        _ => Technique::UniqueLoopType4,
    };
    let step = Step {
        technique,
        difficulty: (difficulty * 10.0).round() as u8,
        houses: Vec::new(),
        cells: path.to_vec(),
        digits: pair,
        placements: Vec::new(),
        eliminations: elims,
    };
    Some(Hint {
        difficulty,
        kind,
        step,
    })
}

/// Cells seeing every cell of `cells` (outside them) that have a candidate of `d`.
fn seeing_all(b: &Board, cells: &[u8], d: u8) -> Vec<(u8, u16)> {
    PEERS[cells[0] as usize]
        .iter()
        .copied()
        .filter(|&x| {
            !cells.contains(&x)
                && b.has(x as usize, d)
                && cells[1..].iter().all(|&c| PEERS[c as usize].contains(&x))
        })
        .map(|x| (x, bit(d)))
        .collect()
}

fn type2(b: &Board, path: &[u8], pair: u16, extras: &[u8]) -> Option<Hint> {
    let d = (b.candidates(extras[0] as usize) & !pair).trailing_zeros() as u8 + 1;
    let elims = seeing_all(b, extras, d);
    let mut h = hint(path, pair, 2, base(path.len()), elims)?;
    h.step.houses.clear();
    Some(h)
}

/// The `k`-element subsets of `n` bits, ascending (none when `n` is 0).
fn subsets(k: u32, n: u32) -> impl Iterator<Item = u16> {
    (0u16..(1 << n)).filter(move |m| n > 0 && m.count_ones() == k)
}

fn type3(b: &Board, path: &[u8], pair: u16, c1: u8, c2: u8, out: &mut Vec<Hint>) {
    let (m1, m2) = (b.candidates(c1 as usize), b.candidates(c2 as usize));
    let extra = (m1 | m2) & !pair;
    let base = base(path.len());
    for degree in 2..=7u32 {
        for kind in 0..3 {
            let house = house_of(kind, c1 as usize);
            if !house.contains(c2 as usize) {
                continue;
            }
            let empty = b.empty_in(house);
            let (i1, i2) = (index_in(house, c1), index_in(house, c2));
            let hc = house.cells();
            if degree * 2 <= empty && degree >= extra.count_ones() {
                for combo in subsets(degree, 9) {
                    if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & m1 & m2;
                    let mut union = extra;
                    let mut others = Vec::new();
                    let mut ok = true;
                    for k in 0..9 {
                        if combo & (1 << k) == 0 || k == i1 {
                            continue;
                        }
                        let p = b.candidates(hc[k] as usize);
                        naked |= p;
                        union |= p;
                        ok &= p.count_ones() > 1;
                        others.push(hc[k]);
                    }
                    if naked.count_ones() != degree || !ok || union.count_ones() != degree {
                        continue;
                    }
                    let mut elims: Vec<(u8, u16)> = Vec::new();
                    for d in digits(union) {
                        let holders: Vec<u8> = others
                            .iter()
                            .chain([&c1, &c2])
                            .copied()
                            .filter(|&c| b.has(c as usize, d))
                            .collect();
                        for (x, m) in seeing_all(b, &holders, d) {
                            match elims.iter_mut().find(|e| e.0 == x) {
                                Some(e) => e.1 |= m,
                                None => elims.push((x, m)),
                            }
                        }
                    }
                    let add = f64::from(union.count_ones() - 1) * 0.1;
                    if let Some(mut h) = hint(path, pair, 3, base + add, elims) {
                        h.step.houses.push(house);
                        h.step.digits = union;
                        out.push(h);
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&d| (pair | extra) & bit(d) == 0)
                    .collect();
                if degree - 2 > rest.len() as u32 {
                    continue;
                }
                for pick in subsets(degree - 2, rest.len() as u32) {
                    let mut values = pair;
                    for (j, &d) in rest.iter().enumerate() {
                        if pick & (1 << j) != 0 {
                            values |= bit(d);
                        }
                    }
                    let mut union = 0u16;
                    let mut ok = true;
                    for d in digits(values) {
                        let p = b.positions(house, d) & !(1 << i2);
                        ok &= p != 0;
                        union |= p;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let cells = union & !(1 << i1) & !(1 << i2);
                    let elims: Vec<(u8, u16)> = (0..9)
                        .filter(|k| cells & (1 << k) != 0)
                        .map(|k| (hc[k], b.candidates(hc[k] as usize) & !values))
                        .filter(|&(_, m)| m != 0)
                        .collect();
                    let add = (f64::from(cells.count_ones()) - 1.0) * 0.1;
                    if let Some(mut h) = hint(path, pair, 3, base + add, elims) {
                        h.step.houses.push(house);
                        h.step.digits = values;
                        out.push(h);
                    }
                }
            }
        }
    }
}

fn type4(b: &Board, path: &[u8], pair: u16, c1: u8, c2: u8) -> Option<Hint> {
    let (v1, v2) = (
        pair.trailing_zeros() as u8 + 1,
        16 - pair.leading_zeros() as u8,
    );
    let (mut r1, mut r2) = (None, None);
    for kind in 0..3 {
        let house = house_of(kind, c1 as usize);
        if !house.contains(c2 as usize) {
            continue;
        }
        let others = house.cells().iter().filter(|&&c| c != c1 && c != c2);
        if !others.clone().any(|&c| b.has(c as usize, v1)) {
            r1 = Some(house);
        }
        if !others.clone().any(|&c| b.has(c as usize, v2)) {
            r2 = Some(house);
        }
    }
    let (house, lose) = match (r1, r2) {
        (Some(h), _) => (h, v2),
        (None, Some(h)) => (h, v1),
        _ => return None,
    };
    let elims = vec![(c1, bit(lose)), (c2, bit(lose))];
    let mut h = hint(path, pair, 4, base(path.len()), elims)?;
    h.step.houses.push(house);
    h.step.digits = pair;
    Some(h)
}

/// The unique rectangle or loop Explainer takes.
pub(crate) fn unique_loops(b: &Board) -> Option<Step> {
    let mut hints: Vec<Hint> = Vec::new();
    let mut loops = Vec::new();
    let mut path = Path {
        cells: Vec::new(),
        on: 0,
        seen: [0; 2],
    };
    for start in 0..81u8 {
        let pair = b.candidates(start as usize);
        if pair.count_ones() != 2 {
            continue;
        }
        loops.clear();
        grow(b, start, pair, &mut path, 2, 0, 3, &mut loops);
        for lp in &loops {
            if !valid(lp) {
                continue;
            }
            let extras: Vec<u8> = lp
                .iter()
                .copied()
                .filter(|&c| b.candidates(c as usize).count_ones() > 2)
                .collect();
            match extras.len() {
                0 => {}
                1 => {
                    let e = vec![(extras[0], pair)];
                    hints.extend(hint(lp, pair, 1, base(lp.len()), e));
                }
                2 => {
                    let (c1, c2) = (extras[0], extras[1]);
                    let r = (b.candidates(c1 as usize) | b.candidates(c2 as usize)) & !pair;
                    if r.is_power_of_two() {
                        hints.extend(type2(b, lp, pair, &extras));
                    } else if r.count_ones() >= 2 {
                        type3(b, lp, pair, c1, c2, &mut hints);
                    }
                    hints.extend(type4(b, lp, pair, c1, c2));
                }
                _ => hints.extend(type2(b, lp, pair, &extras)),
            }
        }
    }
    let mut best: Option<Hint> = None;
    for h in hints {
        let better = best.as_ref().is_none_or(|o| {
            h.difficulty
                .total_cmp(&o.difficulty)
                .then(h.kind.cmp(&o.kind))
                .is_lt()
        });
        if better {
            best = Some(h);
        }
    }
    best.map(|h| h.step)
}

#[cfg(test)]
mod tests {
    //! Hand-made positions: every candidate everywhere, then a few cells narrowed to draw a
    //! rectangle or loop. The finder is asked directly (its bivalue cells make naked pairs, which
    //! Explainer tries earlier), and its eliminations must be exactly the pattern's.
    use super::*;
    use crate::board::cell_name;
    use crate::testboard::{cell, open};

    fn set(b: &mut Board, name: &str, ds: &[u8]) {
        let keep: u16 = ds.iter().map(|&d| bit(d)).sum();
        b.eliminate(cell(name), !keep & 0x1ff);
    }

    fn elims(s: &Step) -> Vec<String> {
        s.eliminations
            .iter()
            .flat_map(|&(c, m)| digits(m).map(move |d| format!("{}-{d}", cell_name(c as usize))))
            .collect()
    }

    fn found(b: &Board, t: Technique, difficulty: u8) -> Step {
        let s = unique_loops(b).expect("a unique loop");
        assert_eq!((s.technique, s.difficulty), (t, difficulty), "{s}");
        s
    }

    /// Rows 1 and 2, columns 1 and 4: two cells `{1, 2}` in row 1.
    fn rectangle() -> Board {
        let mut b = open();
        for c in ["r1c1", "r1c4"] {
            set(&mut b, c, &[1, 2]);
        }
        b
    }

    #[test]
    fn type_1() {
        let mut b = rectangle();
        set(&mut b, "r2c1", &[1, 2]);
        let s = found(&b, Technique::UniqueLoopType1, 45);
        assert_eq!(elims(&s), ["r2c4-1", "r2c4-2"]);
        assert_eq!(
            s.to_string(),
            "r2c4<>1,2 unique rectangle type 1 r1c1 r2c1 r2c4 r1c4"
        );
    }

    #[test]
    fn type_2() {
        let mut b = rectangle();
        set(&mut b, "r2c1", &[1, 2, 3]);
        set(&mut b, "r2c4", &[1, 2, 3]);
        let s = found(&b, Technique::UniqueLoopType2, 45);
        let want: Vec<String> = [2, 3, 5, 6, 7, 8, 9]
            .iter()
            .map(|c| format!("r2c{c}-3"))
            .collect();
        assert_eq!(elims(&s), want);
    }

    #[test]
    fn type_3_naked_pair() {
        let mut b = rectangle();
        set(&mut b, "r2c1", &[1, 2, 3]);
        set(&mut b, "r2c4", &[1, 2, 4]);
        set(&mut b, "r2c7", &[3, 4]);
        let s = found(&b, Technique::UniqueLoopType3, 46);
        let want: Vec<String> = [2, 3, 5, 6, 8, 9]
            .iter()
            .flat_map(|c| [format!("r2c{c}-3"), format!("r2c{c}-4")])
            .collect();
        assert_eq!(elims(&s), want);
        assert_eq!(s.houses, [House::Row(1)]);
    }

    #[test]
    fn type_4() {
        let mut b = rectangle();
        // 1 in row 2 only in the rectangle's two cells.
        for c in House::Row(1).cells() {
            if ![cell("r2c1"), cell("r2c4")].contains(&(*c as usize)) {
                b.eliminate(*c as usize, bit(1));
            }
        }
        set(&mut b, "r2c1", &[1, 2, 5, 6]);
        let s = found(&b, Technique::UniqueLoopType4, 45);
        assert_eq!(elims(&s), ["r2c1-2", "r2c4-2"]);
    }

    #[test]
    fn a_loop_of_six() {
        let mut b = open();
        let lp = ["r1c1", "r1c4", "r2c4", "r2c7", "r3c7"];
        for c in lp {
            set(&mut b, c, &[1, 2]);
        }
        // No other cell of rows 1 to 3 holds 1 but r3c1, which closes the loop.
        for r in 0..3 {
            for &c in House::Row(r).cells() {
                let n = cell_name(c as usize);
                if !lp.contains(&n.as_str()) && n != "r3c1" {
                    b.eliminate(c as usize, bit(1));
                }
            }
        }
        let s = found(&b, Technique::UniqueLoopType1, 46);
        assert_eq!(elims(&s), ["r3c1-1", "r3c1-2"]);
        assert_eq!(s.cells.len(), 6);
        assert!(s.to_string().contains("unique loop 6 type 1"), "{s}");
    }

    #[test]
    fn difficulty_by_length_as_explainer_sums_it() {
        let tenths = |len| (base(len) * 10.0).round() as u8;
        assert_eq!([4, 6, 8, 10, 14].map(tenths), [45, 46, 47, 50, 50]);
        // A loop of six with a naked pair sorts before a loop of eight, as in Explainer.
        assert!(base(6) + 0.1 < base(8));
    }

    #[test]
    fn a_deadly_pattern_alone_gives_nothing() {
        // Four cells {1, 2} in two rows, two columns and two boxes: the board has two ways to
        // finish, and no cell rescues the pattern, so no step (Explainer does the same).
        let mut b = rectangle();
        set(&mut b, "r2c1", &[1, 2]);
        set(&mut b, "r2c4", &[1, 2]);
        assert_eq!(unique_loops(&b), None);
    }
}
