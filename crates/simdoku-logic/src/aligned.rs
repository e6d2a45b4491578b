//! Aligned exclusion: aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Base cells (two or three) and the cells seeing all of them that hold two candidates (up to
//! three for a triplet), the "excluders". A combination of one candidate per base cell is ruled
//! out when two base cells that see each other take the same digit, or when it holds every
//! candidate of an excluder (which would be left empty). A candidate of a base cell in no
//! allowed combination leaves that cell.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - Base cells: the cells (in cell order) with two or more candidates, at least one excluder
//!   among their peers and no peer holding a single candidate.
//! - Pairs of base cells `(i, j)`, `i < j` in that list, ordered by `j` then `i`. The base cells
//!   need not see each other; they need two common excluders.
//! - Triplets: for each pair, a third base cell among the excluders of the first (cell order),
//!   then those of the second not already taken, the pair's cells left out.
//! - The first hint found is taken.
use crate::board::{Board, PEERS, cells_of, sees};
use crate::step::{Step, Technique};

/// The aligned pair exclusion Explainer takes.
pub(crate) fn aligned_pair_exclusion(b: &Board) -> Option<Step> {
    aligned(b, 2)
}

/// The aligned triplet exclusion Explainer takes.
pub(crate) fn aligned_triplet_exclusion(b: &Board) -> Option<Step> {
    aligned(b, 3)
}

fn aligned(b: &Board, degree: usize) -> Option<Step> {
    let mut list = Vec::new();
    let mut excl = [0u128; 81];
    let mut in_list = 0u128;
    for c in 0..81 {
        if b.candidates(c).count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut ex = 0u128;
        for &p in &PEERS[c] {
            let n = b.candidates(p as usize).count_ones();
            if n == 1 {
                single = true;
            } else if n >= 2 && n as usize <= degree {
                ex |= 1 << p;
            }
        }
        if !single && ex != 0 {
            list.push(c);
            excl[c] = ex;
            in_list |= 1 << c;
        }
    }
    if list.len() < degree {
        return None;
    }
    let mut tails = Vec::with_capacity(40);
    for j in 1..list.len() {
        for i in 0..j {
            let (c0, c1) = (list[i], list[j]);
            let pair = excl[c0] & excl[c1];
            if degree == 2 {
                if pair.count_ones() >= 2
                    && let Some(s) = exclude(b, &[c0, c1], pair)
                {
                    return Some(s);
                }
                continue;
            }
            // A triplet's common excluders are among the pair's: fewer than two, no triplet.
            if pair.count_ones() < 2 {
                continue;
            }
            tails.clear();
            let skip = in_list & !(1u128 << c0 | 1u128 << c1);
            tails.extend(cells_of(excl[c0] & skip));
            tails.extend(cells_of(excl[c1] & !excl[c0] & skip));
            for &t in &tails {
                let common = pair & excl[t];
                if common.count_ones() < 2 {
                    continue;
                }
                if let Some(s) = exclude(b, &[c0, c1, t], common) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The step of base cells `cells` and their common excluders, if it removes anything.
fn exclude(b: &Board, cells: &[usize], common: u128) -> Option<Step> {
    let n = cells.len();
    let mut cands = [0u16; 3];
    for (m, &c) in cands.iter_mut().zip(cells) {
        *m = b.candidates(c);
    }
    let union = cands.iter().fold(0, |m, &c| m | c);
    // An excluder can only lock a combination when all its candidates lie in the base cells
    // (in cell order: the first that locks a combination is the one named).
    let mut excluders = [(0usize, 0u16); 20];
    let mut ne = 0;
    for e in cells_of(common) {
        let m = b.candidates(e);
        if m & !union == 0 {
            excluders[ne] = (e, m);
            ne += 1;
        }
    }
    let excluders = &excluders[..ne];
    let mut see = [[false; 3]; 3];
    for x in 0..n {
        for y in x + 1..n {
            see[x][y] = sees(cells[x], cells[y]);
        }
    }
    // With no excluder and no two base cells seeing each other, every combination is allowed.
    if excluders.is_empty() && !see.iter().flatten().any(|&s| s) {
        return None;
    }
    let (see01, see02, see12) = (see[0][1], see[0][2], see[1][2]);
    let mut allowed = [0u16; 3];
    let mut lockers = 0u128;
    // Every combination, one candidate per base cell (each a one-bit mask, in digit order). The
    // walk stops once every candidate is allowed: nothing can leave then.
    let full = |a: &[u16; 3]| a[0] == cands[0] && a[1] == cands[1] && a[2] == cands[2];
    let mut m0 = cands[0];
    while m0 != 0 {
        let b0 = m0 & m0.wrapping_neg();
        m0 &= m0 - 1;
        let mut m1 = cands[1];
        while m1 != 0 {
            let b1 = m1 & m1.wrapping_neg();
            m1 &= m1 - 1;
            if b0 == b1 && see01 {
                continue;
            }
            // A two-cell walk takes one pass with no third digit.
            let mut m2 = if n == 2 { 1 } else { cands[2] };
            while m2 != 0 {
                let b2 = if n == 2 { 0 } else { m2 & m2.wrapping_neg() };
                m2 &= m2 - 1;
                if n == 3 && ((b2 == b0 && see02) || (b2 == b1 && see12)) {
                    continue;
                }
                let set = b0 | b1 | b2;
                if let Some(&(e, _)) = excluders.iter().find(|&&(_, m)| m & !set == 0) {
                    lockers |= 1 << e;
                    continue;
                }
                allowed[0] |= b0;
                allowed[1] |= b1;
                allowed[2] |= b2;
                if full(&allowed) {
                    return None;
                }
            }
        }
    }
    if (0..n).all(|x| cands[x] & !allowed[x] == 0) {
        return None;
    }
    let mut elims: Vec<(u8, u16)> = cells
        .iter()
        .zip(&cands)
        .zip(&allowed)
        .filter(|&((_, &m), &a)| m & !a != 0)
        .map(|((&c, &m), &a)| (c as u8, m & !a))
        .collect();
    elims.sort_unstable();
    let technique = if n == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    Some(Step {
        technique,
        difficulty: technique.difficulty(),
        houses: Vec::new(),
        cells: cells
            .iter()
            .map(|&c| c as u8)
            .chain(cells_of(lockers).map(|c| c as u8))
            .collect(),
        digits: elims.iter().fold(0, |m, e| m | e.1),
        placements: Vec::new(),
        eliminations: elims,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testboard::{eliminated, narrow, open};

    #[test]
    fn a_pair() {
        // Row 1: r1c1 {1,2,3}, r1c2 {1,3}, r1c3 {2,3}, r1c5 {1,2}. The first pair, r1c1 and
        // r1c2, has the excluders r1c3 and r1c5: r1c1=2 leaves r1c2 1 (r1c5 {1,2} empty) or 3
        // (r1c3 {2,3} empty), so 2 leaves r1c1.
        let mut b = open();
        narrow(
            &mut b,
            &[
                ("r1c1", 0b111),
                ("r1c5", 0b11),
                ("r1c2", 0b101),
                ("r1c3", 0b110),
            ],
        );
        let s = aligned_pair_exclusion(&b).expect("an aligned pair exclusion");
        assert_eq!(
            (s.technique, s.difficulty),
            (Technique::AlignedPairExclusion, 62)
        );
        assert_eq!(eliminated(&s), ["r1c1-2"]);
        assert_eq!(
            s.to_string(),
            "r1c1<>2 aligned pair exclusion r1c1 r1c2 by r1c3 r1c5"
        );
    }

    #[test]
    fn a_triplet() {
        // Row 1: r1c1 {1,4}, r1c2 {1,2,3}, r1c4 {1,2}, r1c5 {2,4}, r1c9 {3,4}. The first
        // triplet, r1c1 r1c2 r1c4 with the excluders r1c5 and r1c9: with 4 in r1c1 every choice
        // of the other two empties an excluder ({1,2,4} holds r1c5's, {1,3,4} r1c9's, {2,3,4}
        // r1c5's), so only 1, 3, 2 is left.
        let mut b = open();
        narrow(
            &mut b,
            &[
                ("r1c1", 0b1001),
                ("r1c5", 0b1010),
                ("r1c9", 0b1100),
                ("r1c2", 0b111),
                ("r1c4", 0b11),
            ],
        );
        let s = aligned_triplet_exclusion(&b).expect("an aligned triplet exclusion");
        assert_eq!(
            (s.technique, s.difficulty),
            (Technique::AlignedTripletExclusion, 75)
        );
        assert_eq!(eliminated(&s), ["r1c1-4", "r1c2-1", "r1c2-2", "r1c4-1"]);
        assert_eq!(
            s.to_string(),
            "r1c1<>4 r1c2<>1,2 r1c4<>1 aligned triplet exclusion r1c1 r1c2 r1c4 by r1c5 r1c9"
        );
    }
}
