//! The WXYZ-Wing (Explainer's 5.5 and 5.6) and its larger forms: VWXYZ-Wing (four wing cells,
//! five digits; 6.2 to 6.4), UVWXYZ-Wing (five cells, six digits; 6.6) and TUVWXYZ-Wing (six
//! cells, seven digits; 7.5). One search serves all four: `n` wing cells that see one another's
//! way, with `n + 1` digits between them, and a bivalue cell `xz` whose digits both lie in the
//! wing.
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - Wing cells one after another: the first (two candidates up to the wing's digit count) in
//!   cell order, each next among the cells of higher index seeing every earlier one (at least
//!   two candidates, at most the digit count between the cells so far; exactly that count with
//!   the last); then the bivalue cell `xz` among the cells seeing any wing cell (cell order),
//!   both its digits among the wing's.
//! - With `x < z` its digits: a digit is *restricted* when every wing cell holding it sees the
//!   bivalue cell. `x` restricted, `z` not: cells seeing every cell holding `z` (bivalue cell
//!   included) lose `z`. `z` restricted, `x` not: the same with the two swapped. Both (doubly
//!   linked): both lose that way, and each other wing digit leaves the cells seeing every wing
//!   cell holding it; the hint is doubly linked only when a wing digit goes, or when both `x`
//!   and `z` go.
//! - Difficulty, for `s` the largest wing cell's size (as a Java double): WXYZ 5.5 + 0.1 x
//!   (1 - |3 - s|), VWXYZ 6.2 + 0.1 x (2 - |3 - s|), UVWXYZ 6.6, TUVWXYZ 7.5. The hint taken is
//!   the least difficult, then the one with the most eliminations, then the greatest suffix (`1`
//!   or `2` for doubly linked, the largest size, the wing cells' candidates counted together, as
//!   a string), then the first found.
use crate::board::{Board, PEER_MASKS, bit, cells_of, digits};
use crate::step::{Step, Technique};

/// Peers of higher index.
fn forward_mask(c: usize) -> u128 {
    PEER_MASKS[c] & !((1u128 << (c + 1)) - 1)
}

/// The WXYZ-Wing Explainer takes.
pub(crate) fn wxyz_wing(b: &Board) -> Option<Step> {
    wing(b, 3, Technique::WxyzWing)
}

/// The VWXYZ-Wing Explainer takes.
pub(crate) fn vwxyz_wing(b: &Board) -> Option<Step> {
    wing(b, 4, Technique::VwxyzWing)
}

/// The UVWXYZ-Wing Explainer takes.
pub(crate) fn uvwxyz_wing(b: &Board) -> Option<Step> {
    wing(b, 5, Technique::UvwxyzWing)
}

/// The TUVWXYZ-Wing Explainer takes.
pub(crate) fn tuvwxyz_wing(b: &Board) -> Option<Step> {
    wing(b, 6, Technique::TuvwxyzWing)
}

type Best = Option<((f64, i32, String), Step)>;

struct Search<'a> {
    b: &'a Board,
    /// Wing cells.
    n: usize,
    technique: Technique,
    best: Best,
}

fn wing(b: &Board, n: usize, technique: Technique) -> Option<Step> {
    let mut s = Search {
        b,
        n,
        technique,
        best: None,
    };
    let mut cells = Vec::with_capacity(n);
    let all = (1u128 << 81) - 1;
    s.extend(&mut cells, all, 0);
    s.best.map(|(_, st)| st)
}

impl Search<'_> {
    fn extend(&mut self, cells: &mut Vec<usize>, allowed: u128, set: u16) {
        let k = cells.len();
        let max = self.n as u32 + 1;
        if k == self.n {
            self.finish(cells, set);
            return;
        }
        for c in cells_of(allowed) {
            let m = self.b.candidates(c);
            let cnt = m.count_ones();
            if cnt < 2 || cnt > max {
                continue;
            }
            let u = set | m;
            let uc = u.count_ones();
            if uc > max || (k + 1 == self.n && uc != max) {
                continue;
            }
            cells.push(c);
            self.extend(cells, allowed & forward_mask(c), u);
            cells.pop();
        }
    }

    /// Every bivalue cell that completes the wing `cells` (digits `set`).
    fn finish(&mut self, wing: &[usize], set: u16) {
        let b = self.b;
        let big = wing
            .iter()
            .map(|&c| b.candidates(c).count_ones())
            .max()
            .unwrap_or(0);
        let size: u32 = wing.iter().map(|&c| b.candidates(c).count_ones()).sum();
        let wing_mask = wing.iter().fold(0u128, |m, &c| m | 1 << c);
        let range = wing.iter().fold(0u128, |m, &c| m | PEER_MASKS[c]) & !wing_mask;
        // Cells (outside the pattern) holding `d` that see `yz` (if given) and every wing cell
        // holding `d`.
        let seeing = |d: u8, yz: Option<usize>| -> Vec<usize> {
            let mut m: Option<u128> = yz.map(|y| PEER_MASKS[y]);
            for &c in wing {
                if b.has(c, d) {
                    let p = PEER_MASKS[c];
                    m = Some(m.map_or(p, |x| x & p));
                }
            }
            let Some(mut m) = m else { return Vec::new() };
            m &= !wing_mask;
            if let Some(y) = yz {
                m &= !(1u128 << y);
            }
            cells_of(m).filter(|&c| b.has(c, d)).collect()
        };
        for yz in cells_of(range) {
            let my = b.candidates(yz);
            if my.count_ones() != 2 || my & set != my {
                continue;
            }
            let x = my.trailing_zeros() as u8 + 1;
            let z = 16 - my.leading_zeros() as u8;
            let restricted = |d: u8| {
                wing.iter()
                    .all(|&c| !b.has(c, d) || PEER_MASKS[yz] & 1 << c != 0)
            };
            let (rx, rz) = (restricted(x), restricted(z));
            let mut elims: Vec<(u8, u16)> = Vec::new();
            let mut total = 0i32;
            let mut add = |cells: Vec<usize>, d: u8, elims: &mut Vec<(u8, u16)>| {
                total += cells.len() as i32;
                let any = !cells.is_empty();
                for c in cells {
                    match elims.iter_mut().find(|e| e.0 as usize == c) {
                        Some(e) => e.1 |= bit(d),
                        None => elims.push((c as u8, bit(d))),
                    }
                }
                any
            };
            let double;
            if rx && rz {
                let mut weak = false;
                for w in digits(set & !my) {
                    weak |= add(seeing(w, None), w, &mut elims);
                }
                let sx = add(seeing(x, Some(yz)), x, &mut elims);
                let sz = add(seeing(z, Some(yz)), z, &mut elims);
                double = weak || (sz && sx);
            } else if rx || rz {
                let gone = if rx { z } else { x };
                add(seeing(gone, Some(yz)), gone, &mut elims);
                double = false;
            } else {
                continue;
            }
            if elims.is_empty() {
                continue;
            }
            let difficulty = match self.technique {
                Technique::WxyzWing => 5.5 + f64::from(1 - (3 - big as i32).abs()) * 0.1,
                Technique::VwxyzWing => 6.2 + f64::from(2 - (3 - big as i32).abs()) * 0.1,
                Technique::UvwxyzWing => 6.6,
                _ => 7.5,
            };
            let suffix = format!("{}{big}{size}", if double { 2 } else { 1 });
            let key = (difficulty, -total, suffix);
            if self.best.as_ref().is_some_and(|(k, _)| {
                k.0.total_cmp(&key.0)
                    .then(k.1.cmp(&key.1))
                    .then(key.2.cmp(&k.2))
                    .is_le()
            }) {
                continue;
            }
            elims.sort_unstable();
            let gone = elims.iter().fold(0, |m, e| m | e.1);
            let mut cells: Vec<u8> = wing.iter().map(|&c| c as u8).collect();
            cells.push(yz as u8);
            let st = Step {
                technique: self.technique,
                difficulty: (difficulty * 10.0).round() as u8,
                houses: Vec::new(),
                cells,
                digits: gone,
                placements: Vec::new(),
                eliminations: elims,
            };
            self.best = Some((key, st));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testboard::{eliminated, narrow, open};

    #[test]
    fn a_wing_on_four_digits() {
        let mut b = open();
        narrow(
            &mut b,
            &[
                ("r1c1", 0b1001),
                ("r1c2", 0b1010),
                ("r1c3", 0b1100),
                ("r5c1", 0b1001),
            ],
        );
        // 1 (in the bivalue cell r5c1) lies in the wing only at r1c1, which sees r5c1: the 4s
        // of r5c1 and the wing cannot all be false, so cells seeing every one of them lose 4.
        // (The naked pair r1c1 r5c1, tried earlier, is why the finder is asked directly.)
        let s = super::wxyz_wing(&b).expect("a wxyz-wing");
        assert_eq!((s.technique, s.difficulty), (Technique::WxyzWing, 55));
        assert_eq!(eliminated(&s), ["r2c1-4", "r3c1-4"]);
        assert_eq!(
            s.to_string(),
            "r2c1<>4 r3c1<>4 wxyz-wing r1c1 r1c2 r1c3 r5c1 on 4"
        );
    }

    #[test]
    fn a_wing_on_five_digits() {
        // Row 1: r1c1 {1,4}, r1c2 {2,4}, r1c3 {3,4}, r1c4 {2,5}: five digits; bivalue r5c1
        // {1,4}. 1 lies in the wing only at r1c1, which sees r5c1: 4 leaves the cells seeing
        // r5c1 and every wing 4 (r1c1, r1c2, r1c3).
        let mut b = open();
        narrow(
            &mut b,
            &[
                ("r1c1", 0b1001),
                ("r1c2", 0b1010),
                ("r1c3", 0b1100),
                ("r1c4", 0b10010),
                ("r5c1", 0b1001),
            ],
        );
        let s = vwxyz_wing(&b).expect("a vwxyz-wing");
        // Largest wing cell of two candidates: 6.2 + 0.1.
        assert_eq!((s.technique, s.difficulty), (Technique::VwxyzWing, 63));
        assert_eq!(eliminated(&s), ["r2c1-4", "r3c1-4"]);
        assert_eq!(
            s.to_string(),
            "r2c1<>4 r3c1<>4 vwxyz-wing r1c1 r1c2 r1c3 r1c4 r5c1 on 4"
        );
    }

    #[test]
    fn a_wing_on_six_and_seven_digits() {
        // The same with one more cell ({5,6}, then {6,7}) in row 1.
        let mut b = open();
        narrow(
            &mut b,
            &[
                ("r1c1", 0b1001),
                ("r1c2", 0b1010),
                ("r1c3", 0b1100),
                ("r1c4", 0b10010),
                ("r1c5", 0b110000),
                ("r5c1", 0b1001),
            ],
        );
        let s = uvwxyz_wing(&b).expect("a uvwxyz-wing");
        assert_eq!((s.technique, s.difficulty), (Technique::UvwxyzWing, 66));
        assert_eq!(eliminated(&s), ["r2c1-4", "r3c1-4"]);
        narrow(&mut b, &[("r1c6", 0b1100000)]);
        let s = tuvwxyz_wing(&b).expect("a tuvwxyz-wing");
        assert_eq!((s.technique, s.difficulty), (Technique::TuvwxyzWing, 75));
        assert_eq!(eliminated(&s), ["r2c1-4", "r3c1-4"]);
    }
}
