//! What a stalled search branches on: the pairs of a grid's two views.
//!
//! A search that has made [`STALL`](crate::engine::STALL) guesses since its last solution widens
//! its branch choice to the view its usual choice leaves out (see there). These are the choices
//! it widens to, written once over digit fields in any cell layout (bit = the caller's cell
//! position; `units` the 27 rows, columns and boxes in the same layout), for every engine:
//! `scalar` and `bands` here, `sse` (its position layout) and the box engines of simdoku-simd
//! (their cells read into this form).
//!
//! A pair is a cell with two digits left or a digit with two places left in a unit. Three of one
//! unit sharing their two (three cells left with the same two digits, three digits left with
//! the same two cells) are a contradiction that either guess of any of them shows, which a
//! search on the other view can miss for millions of guesses on an open grid. [`pigeonhole`]
//! finds such a group; [`cell_pairs`] and [`place_pair`] the pairs of each view, for a search
//! that has none of its own view's pairs left.

/// Where a cell engine's search stands against [`STALL`](crate::engine::STALL): what its next
/// node does ([`Stall::check`]). A search stalled before any solution restarts once from the
/// root with the widened choice at every node (its own branches may have led it into a part
/// of the tree without solutions that the widened choice does not refute either: `sse` made
/// 113,411 guesses on a sparse grid with solutions it finds in 27 this way); a search that has
/// found solutions cannot restart (they would be found again) and widens its choice instead.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stall {
    /// The guess count at the last solution, if any.
    found_at: Option<u64>,
    /// A restart asked for and not yet taken.
    pending: bool,
    /// Restarted: the widened choice at every node.
    restarted: bool,
}

/// What a search node does, by [`Stall::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Its usual branch choice.
    Usual,
    /// The widened choice: [`pigeonhole`] first, then the other view's pairs.
    Widened,
    /// Stop: the search starts again from the root ([`Stall::restart`]).
    Restart,
}

impl Stall {
    /// A solution found after `guesses` guesses.
    pub fn found(&mut self, guesses: u64) {
        self.found_at = Some(guesses);
    }

    /// What the node after `guesses` guesses does.
    #[inline(always)]
    pub fn check(&mut self, guesses: u64) -> Next {
        if self.restarted {
            return Next::Widened;
        }
        if guesses - self.found_at.unwrap_or(0) <= crate::engine::STALL {
            return Next::Usual;
        }
        if self.found_at.is_none() {
            self.pending = true;
            return Next::Restart;
        }
        Next::Widened
    }

    /// Whether the search stopped to restart (then it is restarted: every later check says
    /// [`Next::Widened`]).
    pub fn restart(&mut self) -> bool {
        let pending = std::mem::take(&mut self.pending);
        self.restarted |= pending;
        pending
    }
}

/// A branch, in the caller's cell positions: what a cell engine's search node tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Each digit left in this cell.
    Cell(usize),
    /// The digit in each of its places: `(digit, places)`.
    Places(usize, u128),
}

/// A group of three pairs of one unit sharing their two cells or two digits (no solution
/// below): a guess on one of them, or `None`.
///
/// `fields[d]`: the cells where digit `d` may still go, among `unsolved` (the cells not yet
/// decided; a decided cell is left out, and so is a digit already decided in a unit).
pub fn pigeonhole(fields: &[u128; 9], unsolved: u128, units: &[u128; 27]) -> Option<Branch> {
    let pairs = cell_pairs(fields, unsolved);
    for &unit in units {
        // A unit's pairs by what they share (up to nine distinct), cells and digits apart.
        let (mut cell_pairs, mut place_pairs) = ([(0, 0); 9], [(0, 0); 9]);
        let mut cells = pairs & unit;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let digits = (0..9).fold(0u128, |m, d| m | (fields[d] >> c & 1) << d);
            if third(&mut cell_pairs, digits) {
                return Some(Branch::Cell(c));
            }
        }
        for (d, &f) in fields.iter().enumerate() {
            let places = f & unsolved & unit;
            if places.count_ones() == 2 && third(&mut place_pairs, places) {
                return Some(Branch::Places(d, places));
            }
        }
    }
    None
}

/// The cells (among `unsolved`) with exactly two digits left. Fields as for [`pigeonhole`].
pub fn cell_pairs(fields: &[u128; 9], unsolved: u128) -> u128 {
    // Bit-sliced counts: at least one, two, three digits.
    let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
    for &f in fields {
        let f = f & unsolved;
        three |= two & f;
        two |= one & f;
        one |= f;
    }
    two & !three
}

/// Counts one more pair sharing `key` among a unit's (`seen`: keys and counts, in the order
/// met); true when it is the third.
fn third(seen: &mut [(u128, u8); 9], key: u128) -> bool {
    let slot = seen
        .iter_mut()
        .find(|(k, n)| *n == 0 || *k == key)
        .expect("a slot for each of a unit's nine cells or digits");
    *slot = (key, slot.1 + 1);
    slot.1 == 3
}

/// The first digit with exactly two places left in a unit (digits in order, then `units` in
/// order), as `(digit, places)`, or `None`. Fields as for [`pigeonhole`].
pub fn place_pair(fields: &[u128; 9], unsolved: u128, units: &[u128; 27]) -> Option<(usize, u128)> {
    for (d, &f) in fields.iter().enumerate() {
        let f = f & unsolved;
        if f == 0 {
            continue;
        }
        for &unit in units {
            let places = f & unit;
            if places.count_ones() == 2 {
                return Some((d, places));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Branch, pigeonhole, place_pair};
    use crate::tables::UNITS;

    /// Digit fields of a grid's givens after the givens' eliminations (no propagation).
    fn fields(text: &str) -> ([u128; 9], u128) {
        let g: crate::Grid = text.parse().unwrap();
        let mut f = [crate::tables::ALL; 9];
        let mut unsolved = crate::tables::ALL;
        for (c, &v) in g.cells().iter().enumerate() {
            if v != 0 {
                let d = usize::from(v - 1);
                for (e, field) in f.iter_mut().enumerate() {
                    if e == d {
                        *field &= !crate::tables::PEERS[c];
                    } else {
                        *field &= !(1 << c);
                    }
                }
                unsolved &= !(1 << c);
            }
        }
        (f, unsolved)
    }

    #[test]
    fn three_digits_left_with_two_cells_are_found() {
        // Row 6: 3, 5 and 7 can only go in (6,3) and (6,5).
        let (f, u) = fields(
            "7.....................1......2...18.4......9.....3........2....35......7..7...53.",
        );
        let Some(Branch::Places(d, places)) = pigeonhole(&f, u, &UNITS) else {
            panic!("no group found");
        };
        assert!([2, 4, 6].contains(&d), "digit {}", d + 1);
        assert_eq!(places, 1 << (9 * 6 + 3) | 1 << (9 * 6 + 5));
    }

    #[test]
    fn three_cells_left_with_two_digits_are_found() {
        // Row 1: (1,0), (1,3), (1,6) can only hold 1 or 2.
        let (f, u) = fields(
            "..........3..4..5..........6..7..8..7..8..9..8..9..6..9..6..7....................",
        );
        let Some(Branch::Cell(c)) = pigeonhole(&f, u, &UNITS) else {
            panic!("no group found");
        };
        assert!([9, 12, 15].contains(&c), "cell {c}");
    }

    #[test]
    fn a_grid_with_a_solution_has_no_such_group() {
        let (f, u) = fields(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        assert_eq!(pigeonhole(&f, u, &UNITS), None);
        let (f, u) = fields(
            ".................................................................................",
        );
        assert_eq!(place_pair(&f, u, &UNITS), None);
    }
}
