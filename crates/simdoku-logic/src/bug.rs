//! The BUG, bivalue universal grave (Explainer's types 1 to 4): a board where every empty cell
//! would have two candidates and every digit two places in each house, but for a few extra
//! candidates, has (if the puzzle has one solution) one of those extras true.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - Houses are read boxes, rows, then columns, digits 1 to 9. A digit with other than zero or
//!   two places in a house whose places include no cell of three candidates or more rules out a
//!   BUG; if exactly one such cell, it is a BUG cell with that digit extra. The BUG cells' common
//!   peers (less the BUG cells) are kept as they come; two BUG cells or more with two extra
//!   digits or more and no common peer rule out types 1 to 3 at once.
//! - When all those digits are one digit and their cells of three candidates or more outnumber
//!   the BUG cells, the others join as BUG cells with that digit.
//! - With the extras removed, every empty cell must have two candidates and every digit zero or
//!   two places in each house.
//! - One BUG cell: type 1 (it keeps its extras only, 5.6). One extra digit: type 2 (the common
//!   peers lose it, 5.7), then type 4. Otherwise, with common peers: type 4 for two cells in a
//!   house (boxes first) with one common digit that is not extra (each loses its other non-extra
//!   digit, 5.7), then type 3 (a naked set of the extras with other cells of a
//!   house of all BUG cells, sets of 2 to 6 first by size, then house kind; 5.7 + 0.1 a digit
//!   past the first). The first hint found is taken.
use crate::board::{Board, House, PEER_MASKS, bit, cells_of, digits};
use crate::step::{Step, Technique};

fn house_of(kind: usize, cell: usize) -> House {
    match kind {
        0 => House::Box((cell / 27 * 3 + cell % 9 / 3) as u8),
        1 => House::Row((cell / 9) as u8),
        _ => House::Col((cell % 9) as u8),
    }
}

fn step(technique: Technique, difficulty: u8, cells: &[usize], digits: u16) -> Step {
    Step {
        technique,
        difficulty,
        houses: Vec::new(),
        cells: cells.iter().map(|&c| c as u8).collect(),
        digits,
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

/// The BUG hint Explainer takes, if any.
pub(crate) fn bug(b: &Board) -> Option<Step> {
    let mut temp = [0u16; 81];
    for (c, t) in temp.iter_mut().enumerate() {
        *t = b.candidates(c);
    }
    let mut cells: Vec<usize> = Vec::new();
    let mut extra = [0u16; 81];
    let mut all = 0u16;
    let mut common: Option<u128> = None;
    let mut extra_cells: Option<u128> = None;
    let (mut only, mut one_value) = (0u8, true);
    let on = |cells: &[usize]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
    for kind in 0..3 {
        for i in 0..9 {
            let house = House::of_kind(kind, i);
            for d in 1..=9u8 {
                let pos = b.positions(house, d);
                let n = pos.count_ones();
                if n == 0 || n == 2 {
                    continue;
                }
                let fresh: Vec<usize> = (0..9)
                    .filter(|k| pos & (1 << k) != 0)
                    .map(|k| house.cells()[k] as usize)
                    .filter(|&c| b.candidates(c).count_ones() >= 3)
                    .collect();
                match extra_cells {
                    None => {
                        extra_cells = Some(on(&fresh));
                        only = d;
                    }
                    Some(ref mut m) if one_value => {
                        if only == d {
                            *m |= on(&fresh);
                        } else {
                            one_value = false;
                        }
                    }
                    _ => {}
                }
                if let [c] = fresh[..] {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                    extra[c] |= bit(d);
                    all |= bit(d);
                    temp[c] &= !bit(d);
                    let p = PEER_MASKS[c];
                    let m = common.map_or(p, |x| x & p) & !on(&cells);
                    common = Some(m);
                    if cells.len() > 1 && all.count_ones() > 1 && m == 0 {
                        return None;
                    }
                }
                if fresh.is_empty() {
                    return None;
                }
            }
        }
    }
    if let Some(m) = extra_cells
        && one_value
        && m.count_ones() as usize > cells.len()
    {
        for c in cells_of(m & !on(&cells)) {
            cells.push(c);
            extra[c] = bit(only);
            temp[c] &= !bit(only);
            let p = PEER_MASKS[c];
            let m = common.map_or(p, |x| x & p) & !on(&cells);
            common = Some(m);
            if cells.len() > 1 && all.count_ones() > 1 && m == 0 {
                return None;
            }
        }
    }
    if (0..81).any(|c| b.value(c) == 0 && temp[c].count_ones() != 2) {
        return None;
    }
    for house in House::ALL {
        for d in 1..=9u8 {
            let n = house
                .cells()
                .iter()
                .filter(|&&c| temp[c as usize] & bit(d) != 0);
            if !matches!(n.count(), 0 | 2) {
                return None;
            }
        }
    }
    let common = common.unwrap_or(0);
    if cells.len() == 1 {
        let c = cells[0];
        let gone = b.candidates(c) & !all;
        if gone == 0 || gone == b.candidates(c) {
            return None;
        }
        let mut s = step(Technique::BugType1, 56, &cells, all);
        s.eliminations.push((c as u8, gone));
        return Some(s);
    }
    if all.is_power_of_two() {
        let d = all.trailing_zeros() as u8 + 1;
        let elims: Vec<(u8, u16)> = cells_of(common)
            .filter(|&c| b.has(c, d))
            .map(|c| (c as u8, all))
            .collect();
        if !elims.is_empty() {
            let mut s = step(Technique::BugType2, 57, &cells, all);
            s.eliminations = elims;
            return Some(s);
        }
        return if cells.len() == 2 {
            type4(b, &cells, &extra, all)
        } else {
            None
        };
    }
    if common == 0 {
        return None;
    }
    if cells.len() == 2
        && let Some(s) = type4(b, &cells, &extra, all)
    {
        return Some(s);
    }
    type3(b, &cells, all, common)
}

fn type4(b: &Board, cells: &[usize], extra: &[u16; 81], all: u16) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let shared = b.candidates(c1) & b.candidates(c2) & !all;
    if shared.count_ones() != 1 {
        return None;
    }
    let house = (0..3).map(|k| house_of(k, c1)).find(|h| h.contains(c2))?;
    let mut s = step(Technique::BugType4, 57, cells, shared);
    s.houses.push(house);
    for c in [c1, c2] {
        let gone = b.candidates(c) & !extra[c] & !shared;
        if gone != 0 {
            s.eliminations.push((c as u8, gone));
        }
    }
    s.eliminations.sort_unstable();
    Some(s)
}

fn type3(b: &Board, cells: &[usize], all: u16, common: u128) -> Option<Step> {
    for degree in 2..=6u32 {
        for kind in 0..3 {
            let house = house_of(kind, cells[0]);
            if !cells.iter().all(|&c| house.contains(c)) {
                continue;
            }
            let near: Vec<usize> = cells_of(common).filter(|&c| house.contains(c)).collect();
            if near.len() < degree as usize {
                continue;
            }
            let n = near.len() as u32;
            for combo in (0u32..(1 << n)).filter(|m| m.count_ones() == degree - 1) {
                let naked: Vec<usize> = (0..n as usize)
                    .filter(|k| combo & (1 << k) != 0)
                    .map(|k| near[k])
                    .collect();
                let other = naked.iter().fold(0u16, |m, &c| m | b.candidates(c));
                if other.count_ones() != degree
                    || naked.iter().any(|&c| b.candidates(c).count_ones() <= 1)
                    || all.count_ones() <= 1
                    || (other | all).count_ones() != degree
                {
                    continue;
                }
                let set = other | all;
                let mut elims: Vec<(u8, u16)> = Vec::new();
                for d in digits(set) {
                    let mut victims = u128::MAX >> 47;
                    for &c in naked.iter().chain(cells) {
                        if b.has(c, d) {
                            victims &= PEER_MASKS[c];
                        }
                    }
                    for v in cells_of(victims).filter(|&v| b.has(v, d)) {
                        match elims.iter_mut().find(|e| e.0 as usize == v) {
                            Some(e) => e.1 |= bit(d),
                            None => elims.push((v as u8, bit(d))),
                        }
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort_unstable();
                let mut s = step(Technique::BugType3, 57 + degree as u8 - 1, cells, set);
                s.houses.push(house);
                s.eliminations = elims;
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::next_step;

    /// A generated puzzle (`..4...6.....95.23..5.2.6.7..48...........8.6.1...63..9..37.2...8.....4..9.2......`,
    /// serate 5.6/1.2/1.2) after its first 35 steps: every empty cell bivalue but r4c5 (2, 7, 9),
    /// where 7 has three places in its row, column and box.
    const GRAVE: &str = ".2...............9...4.......3......1.....7..1.....7.......6.......5..8.....5..8.......7.........8......6...........9....5.......4......2.........3......1..........3..........5....1.........2..............8......6...........9......7.....4..........6......4............8.1.........2....7.9......7.9..3...7...2..5......3.5........5......3..............9...4......2....7.........8.1.............6....2....7..1.........2.............7......5.........6.....3.............8....4.............9...4.....1....6.....3............7..1.......9.2...........5...........89.....6.8........8.1.....7......5.........6.....3......1.......9...4......2......9.2....7..........9.....67...2..............8....4.........5......3...7..1..........3..6...";

    #[test]
    fn type_1() {
        let b = Board::from_pencilmarks(GRAVE).unwrap();
        let s = next_step(&b).unwrap();
        assert_eq!(
            (s.technique, s.difficulty),
            (Technique::BugType1, 56),
            "{s}"
        );
        assert_eq!(s.to_string(), "r4c5<>2,9 bug type 1 7 r4c5");
        // Removing 7 instead leaves a grave: two solutions or none, so 7 it is.
        assert_eq!(s.eliminations, [(3 * 9 + 4, bit(2) | bit(9))]);
    }

    #[test]
    fn no_grave_no_step() {
        // An open board: digits with nine places in every house, no cell of two candidates.
        let b = Board::from_pencilmarks(&"123456789".repeat(81)).unwrap();
        assert_eq!(bug(&b), None);
    }
}
