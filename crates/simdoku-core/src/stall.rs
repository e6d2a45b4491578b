//! What a stalled search does: prune the nodes no unit can complete, branch on the pairs of a
//! grid's two views.
//!
//! A search that has made [`STALL`](crate::engine::STALL) guesses since its last solution widens
//! to the view its usual choice leaves out (see there). This module holds what it widens to,
//! written once over digit fields in any cell layout (bit = the caller's cell
//! position; `units` the 27 rows, columns and boxes in the same layout), for every engine:
//! `scalar` and `bands` here, `sse` (its position layout) and the box engines of simdoku-simd
//! (their cells read into this form).
//!
//! A unit that can no longer take its missing digits (three cells left with the same two
//! digits, three digits left with the same two cells, or any larger such group) is a
//! contradiction a search on the other view can miss for millions of guesses on an open grid:
//! [`dead_end`] finds it, and a stalled search prunes the node. [`cell_pairs`] and
//! [`place_pair`] are the pairs of each view (a cell with two digits left, a digit with two
//! places left in a unit), for a stalled search that has none of its own view's pairs left.

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
    /// The widened search: a [`dead_end`] pruned, the other view's pairs branched on.
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

/// Whether some row, column or box can no longer take its missing digits: its open cells and
/// the digits not yet placed in it have no perfect matching (a cell to each digit, among the
/// digits each cell may hold). Then the node has no solution below. By Hall's theorem this is
/// every group of k cells left with fewer than k digits between them and every group of k
/// digits left with fewer than k cells (three cells with the same two digits; four digits of a
/// box with three cells in different rows and columns), whichever view the search branches on.
///
/// `fields[d]`: the cells where digit `d` may still go; `unsolved`: the cells not yet decided
/// (a decided cell keeps its digit's bit, so a digit is placed in a unit where its field holds
/// a decided cell of it).
#[inline(never)]
pub fn dead_end(fields: &[u128; 9], unsolved: u128, units: &[u128; 27]) -> bool {
    for &unit in units {
        let open = unsolved & unit;
        if open == 0 {
            continue;
        }
        // Per missing digit, its places as bits of the unit's open cells in order.
        let mut places = [0u16; 9];
        let mut digits = 0;
        for &f in fields {
            if f & unit & !unsolved != 0 {
                continue; // placed here
            }
            let mut local = 0u16;
            let (mut cells, mut i) = (open, 0);
            while cells != 0 {
                let c = cells.trailing_zeros();
                cells &= cells - 1;
                local |= ((f >> c & 1) as u16) << i;
                i += 1;
            }
            places[digits] = local;
            digits += 1;
        }
        if digits != open.count_ones() as usize || !matches(&places[..digits]) {
            return true;
        }
    }
    false
}

/// Whether each digit can have a cell of its own (`places[k]`: the cells digit `k` may take,
/// as bits): a maximum matching by augmenting paths (at most nine of each).
fn matches(places: &[u16]) -> bool {
    /// Tries to give digit `k` a cell, moving the digits already matched (`owner[cell]`).
    fn augment(k: usize, places: &[u16], owner: &mut [usize; 16], seen: &mut u16) -> bool {
        let mut free = places[k] & !*seen;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << c;
            if owner[c] == usize::MAX || augment(owner[c], places, owner, seen) {
                owner[c] = k;
                return true;
            }
        }
        false
    }
    let mut owner = [usize::MAX; 16];
    (0..places.len()).all(|k| augment(k, places, &mut owner, &mut 0))
}

/// The cells (among `unsolved`) with exactly two digits left. Fields as for [`dead_end`].
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

/// The first digit with exactly two places left in a unit (digits in order, then `units` in
/// order), as `(digit, places)`, or `None`. Fields as for [`dead_end`].
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
    use super::{dead_end, place_pair};
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
    fn groups_short_of_cells_or_digits_are_dead_ends() {
        for text in [
            // Row 6: 3, 5 and 7 can only go in (6,3) and (6,5).
            "7.....................1......2...18.4......9.....3........2....35......7..7...53.",
            // Row 1: (1,0), (1,3), (1,6) can only hold 1 or 2.
            "..........3..4..5..........6..7..8..7..8..9..8..9..6..9..6..7....................",
            // Box 7: 1, 4, 5 and 8 can only go in (6,3), (7,3) and (7,5).
            "....8.5......5...6.......7.....1.3...8.......2...4.........6............4.....158",
        ] {
            let (f, u) = fields(text);
            assert!(dead_end(&f, u, &UNITS), "{text}");
        }
    }

    #[test]
    fn a_grid_with_a_solution_is_no_dead_end() {
        let (f, u) = fields(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        assert!(!dead_end(&f, u, &UNITS));
        let (f, u) = fields(
            ".................................................................................",
        );
        assert_eq!(place_pair(&f, u, &UNITS), None);
    }
}
