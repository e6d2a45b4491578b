//! The techniques. Each finder returns the first instance in Sudoku Explainer's scan order (the
//! order of houses, digits and combinations it tries), because the step it takes decides the
//! path, and the path decides the rating.
//!
//! Scan orders (facts about Explainer's search, the code is ours): singles and subsets visit
//! boxes, then columns, then rows; subsets try combinations in increasing bit-mask order (Gosper
//! order) of digits (hidden) or positions (naked); fish take columns as base lines first, then
//! rows; intersections try box/column, box/row, column/box, row/box, digit by digit.
use crate::board::{Board, House, PEERS, bit, sees};
use crate::step::{Step, Technique};

/// Box, column, row: the house kinds in the order Explainer visits them (0 box, 1 row, 2 col).
const KINDS: [usize; 3] = [0, 2, 1];

/// The `K`-element subsets of 0..9 as masks, in increasing numeric order (Gosper order).
const fn subsets<const N: usize>(k: u32) -> [u16; N] {
    let mut t = [0u16; N];
    let (mut m, mut n) = (0u16, 0);
    while m < 512 {
        if m.count_ones() == k {
            t[n] = m;
            n += 1;
        }
        m += 1;
    }
    t
}

const PAIRS: [u16; 36] = subsets(2);
const TRIPLES: [u16; 84] = subsets(3);
const QUADS: [u16; 126] = subsets(4);

/// The `k`-element subsets of 0..9 as masks, in increasing numeric order.
fn combos(k: u32) -> &'static [u16] {
    match k {
        2 => &PAIRS,
        3 => &TRIPLES,
        _ => &QUADS,
    }
}

fn step(technique: Technique) -> Step {
    Step {
        technique,
        difficulty: technique.difficulty(),
        houses: Vec::new(),
        cells: Vec::new(),
        digits: 0,
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

/// The cells of a house at the positions of a mask.
fn cells_at(house: House, positions: u16) -> Vec<u8> {
    house
        .cells()
        .iter()
        .enumerate()
        .filter(|(k, _)| positions & (1 << k) != 0)
        .map(|(_, &c)| c)
        .collect()
}

/// Full houses (boxes, columns, rows), then hidden singles (same order).
pub(crate) fn hidden_single(b: &Board) -> Option<Step> {
    for alone in [true, false] {
        for kind in KINDS {
            for i in 0..9 {
                let house = House::of_kind(kind, i);
                // A digit with one position in a house with one empty cell is a full house.
                let is_alone = b.empty_in(house) == 1;
                if is_alone != alone {
                    continue;
                }
                for d in 1..=9u8 {
                    let pos = b.positions(house, d);
                    if pos.count_ones() != 1 {
                        continue;
                    }
                    let technique = if is_alone {
                        Technique::FullHouse
                    } else if kind == 0 {
                        Technique::HiddenSingleBox
                    } else {
                        Technique::HiddenSingleLine
                    };
                    let cell = house.cells()[pos.trailing_zeros() as usize];
                    let mut s = step(technique);
                    s.houses.push(house);
                    s.cells.push(cell);
                    s.digits = bit(d);
                    s.placements.push((cell, d));
                    return Some(s);
                }
            }
        }
    }
    None
}

/// A cell with one candidate.
pub(crate) fn naked_single(b: &Board) -> Option<Step> {
    (0..81)
        .find(|&c| b.candidates(c).is_power_of_two())
        .map(|c| {
            let d = b.candidates(c).trailing_zeros() as u8 + 1;
            let mut s = step(Technique::NakedSingle);
            s.cells.push(c as u8);
            s.digits = bit(d);
            s.placements.push((c as u8, d));
            s
        })
}

/// The (first, second) house kinds of intersections, in Explainer's order.
const LOCKING_PAIRS: [(usize, usize); 4] = [(0, 2), (0, 1), (2, 0), (1, 0)];

/// Pointing and claiming. `direct`: only those that leave a hidden single in another house of
/// the first kind crossing the second house; the step then places that single and nothing else
/// (Explainer applies a direct hint as its placement alone).
pub(crate) fn locking(b: &Board, direct: bool) -> Option<Step> {
    for (k1, k2) in LOCKING_PAIRS {
        for d in 1..=9u8 {
            for i1 in 0..9 {
                let h1 = House::of_kind(k1, i1);
                let pos = b.positions(h1, d);
                if pos.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    let h2 = House::of_kind(k2, i2);
                    let shared = h1.shared(h2);
                    if shared == 0 || pos & !shared != 0 {
                        continue;
                    }
                    let cells = cells_at(h1, pos);
                    let pointing = k1 == 0;
                    if direct {
                        if let Some(s) = following_single(b, k1, i1, h1, h2, d, &cells, pointing) {
                            return Some(s);
                        }
                        continue;
                    }
                    let elims: Vec<(u8, u16)> = h2
                        .cells()
                        .iter()
                        .filter(|&&c| !h1.contains(c as usize) && b.has(c as usize, d))
                        .map(|&c| (c, bit(d)))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = step(if pointing {
                        Technique::Pointing
                    } else {
                        Technique::Claiming
                    });
                    s.houses = vec![h1, h2];
                    s.cells = cells;
                    s.digits = bit(d);
                    s.eliminations = elims;
                    return Some(s);
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn following_single(
    b: &Board,
    k1: usize,
    i1: usize,
    h1: House,
    h2: House,
    d: u8,
    cells: &[u8],
    pointing: bool,
) -> Option<Step> {
    for i3 in 0..9 {
        if i3 == i1 {
            continue;
        }
        let h3 = House::of_kind(k1, i3);
        let shared = h3.shared(h2);
        if shared == 0 {
            continue;
        }
        let pos3 = b.positions(h3, d);
        if pos3.count_ones() < 2 {
            continue;
        }
        let outside = cells_at(h3, pos3 & !shared);
        if outside.len() == 1 {
            let mut s = step(if pointing {
                Technique::DirectPointing
            } else {
                Technique::DirectClaiming
            });
            s.houses = vec![h1, h2, h3];
            s.cells = cells.to_vec();
            s.digits = bit(d);
            s.placements.push((outside[0], d));
            return Some(s);
        }
    }
    None
}

/// The union of the positions of the digits of `set` in a house, when each has at least two
/// positions and the union has `degree` of them.
fn common_positions(b: &Board, house: House, set: u16, degree: u32) -> Option<u16> {
    let mut union = 0;
    for d in crate::board::digits(set) {
        let p = b.positions(house, d);
        if p.count_ones() <= 1 {
            return None;
        }
        union |= p;
    }
    (union.count_ones() == degree).then_some(union)
}

/// Hidden pairs, triples and quads. `direct`: only those that leave a hidden single of another
/// digit in the house; the step places it (and removes nothing).
pub(crate) fn hidden_set(b: &Board, degree: u32, direct: bool) -> Option<Step> {
    for kind in KINDS {
        for i in 0..9 {
            let house = House::of_kind(kind, i);
            let empty = b.empty_in(house);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            // Digits with two positions or more: a set with any other digit fails.
            let usable: u16 = (1..=9u8)
                .filter(|&d| b.positions(house, d).count_ones() >= 2)
                .map(bit)
                .sum();
            if usable.count_ones() < degree {
                continue;
            }
            for &combo in combos(degree) {
                let set = combo; // digit d is bit d - 1, as position k is bit k
                if set & !usable != 0 {
                    continue;
                }
                let Some(union) = common_positions(b, house, set, degree) else {
                    continue;
                };
                let technique = match (degree, direct) {
                    (2, true) => Technique::DirectHiddenPair,
                    (3, true) => Technique::DirectHiddenTriple,
                    (2, false) => Technique::HiddenPair,
                    (3, false) => Technique::HiddenTriple,
                    _ => Technique::HiddenQuad,
                };
                let mut s = step(technique);
                s.houses.push(house);
                s.digits = set;
                if direct {
                    let single = (1..=9u8).filter(|&d| set & bit(d) == 0).find_map(|d| {
                        let p = b.positions(house, d);
                        let rest = p & !union;
                        (p.count_ones() > 1 && rest.is_power_of_two())
                            .then(|| (house.cells()[rest.trailing_zeros() as usize], d))
                    });
                    if let Some(placement) = single {
                        s.cells = cells_at(house, union);
                        s.placements.push(placement);
                        return Some(s);
                    }
                    continue;
                }
                let cells = cells_at(house, union);
                s.eliminations = cells
                    .iter()
                    .filter(|&&c| b.candidates(c as usize) & !set != 0)
                    .map(|&c| (c, b.candidates(c as usize) & !set))
                    .collect();
                s.cells = cells;
                if !s.eliminations.is_empty() {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Naked pairs, triples and quads.
pub(crate) fn naked_set(b: &Board, degree: u32) -> Option<Step> {
    for kind in KINDS {
        for i in 0..9 {
            let house = House::of_kind(kind, i);
            if b.empty_in(house) < degree * 2 {
                continue;
            }
            let hc = house.cells();
            'combo: for &combo in combos(degree) {
                let mut union = 0;
                for k in 0..9 {
                    if combo & (1 << k) != 0 {
                        let m = b.candidates(hc[k] as usize);
                        if m.count_ones() <= 1 {
                            continue 'combo;
                        }
                        union |= m;
                    }
                }
                if union.count_ones() != degree {
                    continue;
                }
                let elims: Vec<(u8, u16)> = (0..9)
                    .filter(|k| combo & (1 << k) == 0)
                    .map(|k| (hc[k], b.candidates(hc[k] as usize) & union))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let mut s = step(match degree {
                    2 => Technique::NakedPair,
                    3 => Technique::NakedTriple,
                    _ => Technique::NakedQuad,
                });
                s.houses.push(house);
                s.cells = cells_at(house, combo);
                s.digits = union;
                s.eliminations = elims;
                return Some(s);
            }
        }
    }
    None
}

/// X-Wing, Swordfish, Jellyfish: base columns first, then base rows.
pub(crate) fn fish(b: &Board, degree: u32) -> Option<Step> {
    let occurrences: Vec<u32> = (1..=9u8).map(|d| b.occurrences(d)).collect();
    for (base_kind, cover_kind) in [(2, 1), (1, 2)] {
        for &combo in combos(degree) {
            for d in 1..=9u8 {
                if occurrences[d as usize - 1] + degree * 2 > 9 {
                    continue;
                }
                let mut union = 0;
                let mut ok = true;
                for i in 0..9 {
                    if combo & (1 << i) != 0 {
                        let p = b.positions(House::of_kind(base_kind, i), d);
                        if p.count_ones() <= 1 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                }
                if !ok || union.count_ones() != degree {
                    continue;
                }
                // Base line i's position j is cover line j (a column's k-th cell is in row k).
                let mut elims = Vec::new();
                let mut corners = Vec::new();
                for j in 0..9 {
                    if union & (1 << j) == 0 {
                        continue;
                    }
                    let cover = House::of_kind(cover_kind, j);
                    for (k, &c) in cover.cells().iter().enumerate() {
                        if !b.has(c as usize, d) {
                            continue;
                        }
                        if combo & (1 << k) == 0 {
                            elims.push((c, bit(d)));
                        } else {
                            corners.push(c);
                        }
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort_unstable();
                corners.sort_unstable();
                let mut s = step(match degree {
                    2 => Technique::XWing,
                    3 => Technique::Swordfish,
                    _ => Technique::Jellyfish,
                });
                s.houses = (0..9)
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| House::of_kind(base_kind, i))
                    .chain(
                        (0..9)
                            .filter(|j| union & (1 << j) != 0)
                            .map(|j| House::of_kind(cover_kind, j)),
                    )
                    .collect();
                s.cells = corners;
                s.digits = bit(d);
                s.eliminations = elims;
                return Some(s);
            }
        }
    }
    None
}

/// XY-Wing (`xyz == false`) and XYZ-Wing.
pub(crate) fn xy_wing(b: &Board, xyz: bool) -> Option<Step> {
    let target = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = b.candidates(pivot);
        if xy.count_ones() != target {
            continue;
        }
        for &xz_cell in &PEERS[pivot] {
            let xz = b.candidates(xz_cell as usize);
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &yz_cell in &PEERS[pivot] {
                let yz = b.candidates(yz_cell as usize);
                if yz.count_ones() != 2 || (xy | xz | yz).count_ones() != 3 {
                    continue;
                }
                let common = (xy & xz & yz).count_ones();
                if common != u32::from(xyz) {
                    continue;
                }
                let z = xz & yz;
                let (xz_c, yz_c) = (xz_cell as usize, yz_cell as usize);
                let elims: Vec<(u8, u16)> = (0..81)
                    .filter(|&c| {
                        c != pivot
                            && c != xz_c
                            && c != yz_c
                            && sees(c, xz_c)
                            && sees(c, yz_c)
                            && (!xyz || sees(c, pivot))
                            && b.candidates(c) & z != 0
                    })
                    .map(|c| (c as u8, z))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let mut s = step(if xyz {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                });
                s.cells = vec![pivot as u8, xz_cell, yz_cell];
                s.digits = z;
                s.eliminations = elims;
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    //! Hand-made positions, one a technique: every candidate everywhere, then a few removed to
    //! draw the pattern. Each test checks the step the finder takes (and that no earlier
    //! technique in the order applies), and that its eliminations are exactly the pattern's.
    use super::*;
    use crate::board::cell_name;
    use crate::next_step;
    use crate::testboard::{cell, open};

    /// Leaves `d` only at `keep` among `cells`.
    fn confine(b: &mut Board, d: u8, cells: &[u8], keep: &[&str]) {
        for &c in cells {
            if !keep.iter().any(|k| cell(k) == c as usize) {
                b.eliminate(c as usize, bit(d));
            }
        }
    }

    fn set(b: &mut Board, name: &str, digits: &[u8]) {
        let keep: u16 = digits.iter().map(|&d| bit(d)).sum();
        b.eliminate(cell(name), !keep & 0x1ff);
    }

    fn elims(s: &Step) -> Vec<String> {
        s.eliminations
            .iter()
            .flat_map(|&(c, m)| {
                crate::board::digits(m).map(move |d| format!("{}-{d}", cell_name(c as usize)))
            })
            .collect()
    }

    /// The step `next_step` takes, which must be of `t`.
    fn first(b: &Board, t: Technique) -> Step {
        let s = next_step(b).expect("a step");
        assert_eq!(s.technique, t, "{s}");
        assert_eq!(s.difficulty, t.difficulty());
        s
    }

    #[test]
    fn full_house() {
        let b = Board::parse(&format!("12345678.{}", ".".repeat(72))).unwrap();
        let s = first(&b, Technique::FullHouse);
        assert_eq!(s.to_string(), "r1c9=9 full house in row 1");
    }

    #[test]
    fn hidden_single_in_a_box() {
        let mut g = ['.'; 81];
        for (name, d) in [("r2c4", '1'), ("r3c7", '1'), ("r5c2", '1'), ("r8c3", '1')] {
            g[cell(name)] = d;
        }
        let b = Board::parse(&g.iter().collect::<String>()).unwrap();
        let s = first(&b, Technique::HiddenSingleBox);
        assert_eq!(s.to_string(), "r1c1=1 hidden single in box 1");
    }

    #[test]
    fn hidden_single_in_a_row() {
        let mut b = open();
        confine(&mut b, 7, House::Row(3).cells(), &["r4c5"]);
        let s = first(&b, Technique::HiddenSingleLine);
        assert_eq!(s.to_string(), "r4c5=7 hidden single in row 4");
    }

    #[test]
    fn naked_single() {
        let mut b = open();
        set(&mut b, "r5c5", &[3]);
        let s = first(&b, Technique::NakedSingle);
        assert_eq!(s.to_string(), "r5c5=3 naked single");
    }

    #[test]
    fn direct_pointing() {
        let mut b = open();
        confine(&mut b, 4, House::Box(0).cells(), &["r1c1", "r2c1"]);
        confine(&mut b, 4, House::Box(3).cells(), &["r4c1", "r5c2"]);
        let s = first(&b, Technique::DirectPointing);
        assert_eq!(s.placements, vec![(cell("r5c2") as u8, 4)]);
        assert!(s.eliminations.is_empty());
        assert_eq!(
            s.to_string(),
            "r5c2=4 direct pointing 4 in box 1 and column 1, hidden single in box 4"
        );
    }

    #[test]
    fn direct_hidden_pair() {
        let mut b = open();
        confine(&mut b, 6, House::Row(0).cells(), &["r1c1", "r1c5"]);
        confine(&mut b, 7, House::Row(0).cells(), &["r1c1", "r1c5"]);
        confine(&mut b, 8, House::Row(0).cells(), &["r1c1", "r1c5", "r1c9"]);
        let s = first(&b, Technique::DirectHiddenPair);
        assert_eq!(s.placements, vec![(cell("r1c9") as u8, 8)]);
    }

    #[test]
    fn pointing() {
        let mut b = open();
        confine(&mut b, 4, House::Box(0).cells(), &["r1c1", "r1c2"]);
        let s = first(&b, Technique::Pointing);
        assert_eq!(
            elims(&s),
            ["r1c4-4", "r1c5-4", "r1c6-4", "r1c7-4", "r1c8-4", "r1c9-4"]
        );
        assert!(s.to_string().ends_with("pointing 4 in box 1 and row 1"));
    }

    #[test]
    fn claiming() {
        let mut b = open();
        confine(&mut b, 4, House::Row(0).cells(), &["r1c1", "r1c2"]);
        let s = first(&b, Technique::Claiming);
        assert_eq!(
            elims(&s),
            ["r2c1-4", "r2c2-4", "r2c3-4", "r3c1-4", "r3c2-4", "r3c3-4"]
        );
    }

    #[test]
    fn naked_pair() {
        let mut b = open();
        set(&mut b, "r1c1", &[1, 2]);
        set(&mut b, "r1c5", &[1, 2]);
        let s = first(&b, Technique::NakedPair);
        assert_eq!(s.houses, [House::Row(0)]);
        assert_eq!(s.eliminations.len(), 7);
        assert!(s.eliminations.iter().all(|&(_, m)| m == 0b11));
        assert!(
            s.to_string().ends_with("naked pair 1,2 r1c1 r1c5 in row 1"),
            "{s}"
        );
    }

    #[test]
    fn x_wing() {
        let mut b = open();
        confine(&mut b, 5, House::Col(0).cells(), &["r2c1", "r7c1"]);
        confine(&mut b, 5, House::Col(4).cells(), &["r2c5", "r7c5"]);
        let s = first(&b, Technique::XWing);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations.iter().all(|&(c, m)| m == bit(5)
                && (c / 9 == 1 || c / 9 == 6)
                && c % 9 != 0
                && c % 9 != 4)
        );
        assert!(
            s.to_string()
                .ends_with("x-wing 5 in columns 1,5 and rows 2,7")
        );
    }

    #[test]
    fn hidden_pair() {
        let mut b = open();
        confine(&mut b, 6, House::Row(0).cells(), &["r1c1", "r1c5"]);
        confine(&mut b, 7, House::Row(0).cells(), &["r1c1", "r1c5"]);
        let s = first(&b, Technique::HiddenPair);
        assert_eq!(
            s.eliminations,
            [(0, 0x1ff & !0b1100000), (4, 0x1ff & !0b1100000)]
        );
    }

    #[test]
    fn naked_triple() {
        let mut b = open();
        set(&mut b, "r1c1", &[1, 2]);
        set(&mut b, "r1c4", &[2, 3]);
        set(&mut b, "r1c7", &[1, 3]);
        let s = first(&b, Technique::NakedTriple);
        assert_eq!(s.eliminations.len(), 6);
        assert!(s.eliminations.iter().all(|&(c, m)| c < 9 && m == 0b111));
    }

    #[test]
    fn swordfish() {
        let mut b = open();
        confine(&mut b, 9, House::Col(0).cells(), &["r1c1", "r5c1"]);
        confine(&mut b, 9, House::Col(3).cells(), &["r5c4", "r9c4"]);
        confine(&mut b, 9, House::Col(6).cells(), &["r1c7", "r9c7"]);
        let s = first(&b, Technique::Swordfish);
        assert_eq!(s.eliminations.len(), 18);
        assert!(s.eliminations.iter().all(|&(c, m)| m == bit(9)
            && [0, 4, 8].contains(&(c / 9))
            && ![0, 3, 6].contains(&(c % 9))));
    }

    #[test]
    fn hidden_triple() {
        let mut b = open();
        confine(&mut b, 4, House::Row(0).cells(), &["r1c1", "r1c4"]);
        confine(&mut b, 5, House::Row(0).cells(), &["r1c4", "r1c7"]);
        confine(&mut b, 6, House::Row(0).cells(), &["r1c1", "r1c7"]);
        let s = first(&b, Technique::HiddenTriple);
        let keep = bit(4) | bit(5) | bit(6);
        assert_eq!(
            s.eliminations,
            [(0, 0x1ff & !keep), (3, 0x1ff & !keep), (6, 0x1ff & !keep)]
        );
    }

    #[test]
    fn xy_wing() {
        let mut b = open();
        set(&mut b, "r5c5", &[1, 2]);
        set(&mut b, "r5c1", &[1, 3]);
        set(&mut b, "r2c5", &[2, 3]);
        let s = first(&b, Technique::XyWing);
        assert_eq!(elims(&s), ["r2c1-3"]);
        assert_eq!(s.to_string(), "r2c1<>3 xy-wing r5c5 r2c5 r5c1 on 3");
    }

    #[test]
    fn xyz_wing() {
        let mut b = open();
        set(&mut b, "r5c5", &[1, 2, 3]);
        set(&mut b, "r4c4", &[1, 3]);
        set(&mut b, "r5c9", &[2, 3]);
        let s = first(&b, Technique::XyzWing);
        assert_eq!(elims(&s), ["r5c4-3", "r5c6-3"]);
    }

    #[test]
    fn naked_quad() {
        let mut b = open();
        set(&mut b, "r1c1", &[1, 2]);
        set(&mut b, "r1c3", &[2, 3]);
        set(&mut b, "r1c5", &[3, 4]);
        set(&mut b, "r1c8", &[4, 1]);
        let s = first(&b, Technique::NakedQuad);
        assert_eq!(s.eliminations.len(), 5);
        assert!(s.eliminations.iter().all(|&(c, m)| c < 9 && m == 0b1111));
    }

    #[test]
    fn jellyfish() {
        let mut b = open();
        for (col, rows) in [(0, [0, 4]), (1, [4, 7]), (3, [7, 5]), (6, [5, 0])] {
            let keep: Vec<String> = rows
                .iter()
                .map(|r| format!("r{}c{}", r + 1, col + 1))
                .collect();
            let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
            confine(&mut b, 2, House::Col(col).cells(), &keep);
        }
        // Each base column is a strong link too: the two-strong-link family (tried earlier)
        // finds skyscrapers here, so the fish finder is asked directly.
        assert_eq!(next_step(&b).unwrap().technique, Technique::Skyscraper);
        let s = fish(&b, 4).expect("a jellyfish");
        assert_eq!(s.technique, Technique::Jellyfish);
        assert_eq!(s.eliminations.len(), 4 * 5);
    }

    #[test]
    fn hidden_quad() {
        let mut b = open();
        let cells = ["r1c1", "r1c4", "r1c7", "r1c5"];
        for (d, pair) in [(5, [0, 1]), (6, [1, 2]), (7, [2, 3]), (8, [3, 0])] {
            confine(
                &mut b,
                d,
                House::Row(0).cells(),
                &[cells[pair[0]], cells[pair[1]]],
            );
        }
        let s = first(&b, Technique::HiddenQuad);
        let keep = bit(5) | bit(6) | bit(7) | bit(8);
        assert_eq!(s.eliminations.len(), 4);
        assert!(s.eliminations.iter().all(|&(_, m)| m == 0x1ff & !keep));
    }

    #[test]
    fn nothing_on_an_open_board() {
        assert_eq!(next_step(&open()), None);
    }
}
