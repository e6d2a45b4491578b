//! Moves and the protocol's text forms: `Dg7` (row `A`..`I`, column `a`..`i`, digit), `Hd7!`
//! (a move and a claim that it leaves a unique solution), `!` (a claim that the opponent's last
//! move did).

use std::fmt;

use simdoku_core::Grid;
use simdoku_core::tables::PEERS;

/// A digit placed in a cell (0..81, row by row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell, 0..81 row by row.
    pub cell: u8,
    /// The digit, 1..=9.
    pub digit: u8,
}

impl Move {
    /// The move placing `digit` (1..=9) in `cell` (0..81).
    ///
    /// # Panics
    /// When either is out of range.
    pub fn new(cell: usize, digit: u8) -> Move {
        assert!(
            cell < 81 && (1..=9).contains(&digit),
            "bad move {cell} {digit}"
        );
        Move {
            cell: cell as u8,
            digit,
        }
    }

    /// The grid with this move played (no check).
    pub fn apply(self, grid: &Grid) -> Grid {
        let mut g = *grid;
        g.set(self.cell as usize, self.digit);
        g
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = (b'A' + self.cell / 9) as char;
        let col = (b'a' + self.cell % 9) as char;
        write!(f, "{row}{col}{}", self.digit)
    }
}

/// What a player says on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move.
    Place(Move),
    /// A move and the claim that the solution is unique after it.
    PlaceClaim(Move),
    /// The claim that the solution is already unique.
    Claim,
}

impl Action {
    /// Parses one protocol line (surrounding whitespace ignored); `None` if it is not a move.
    pub fn parse(line: &str) -> Option<Action> {
        let s = line.trim().as_bytes();
        if s == b"!" {
            return Some(Action::Claim);
        }
        let (body, claim) = match s {
            [body @ .., b'!'] => (body, true),
            body => (body, false),
        };
        let &[r, c, d] = body else { return None };
        if !(b'A'..=b'I').contains(&r) || !(b'a'..=b'i').contains(&c) || !(b'1'..=b'9').contains(&d)
        {
            return None;
        }
        let m = Move::new(usize::from(r - b'A') * 9 + usize::from(c - b'a'), d - b'0');
        Some(if claim {
            Action::PlaceClaim(m)
        } else {
            Action::Place(m)
        })
    }

    /// The move it places, if any (a bare claim places none).
    pub fn placed(self) -> Option<Move> {
        match self {
            Action::Place(m) | Action::PlaceClaim(m) => Some(m),
            Action::Claim => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(m) => m.fmt(f),
            Action::PlaceClaim(m) => write!(f, "{m}!"),
            Action::Claim => f.write_str("!"),
        }
    }
}

/// Why a move breaks the plain Sudoku rules (the 0-2 faults): occupied cell or repeated digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// The cell already holds a digit.
    Occupied,
    /// Its row, column or box already holds the digit.
    Repeated,
}

/// Checks a move against the digits on the grid (no solver involved).
pub fn clash(grid: &Grid, m: Move) -> Option<Clash> {
    let c = m.cell as usize;
    if grid.get(c) != 0 {
        return Some(Clash::Occupied);
    }
    let peers = PEERS[c];
    (0..81)
        .any(|p| peers >> p & 1 != 0 && grid.get(p) == m.digit)
        .then_some(Clash::Repeated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        let m = Move::new(3 * 9 + 6, 7);
        assert_eq!(m.to_string(), "Dg7");
        assert_eq!(Action::parse("Dg7"), Some(Action::Place(m)));
        assert_eq!(
            Action::parse(" Hd7! \r"),
            Some(Action::PlaceClaim(Move::new(7 * 9 + 3, 7)))
        );
        assert_eq!(Action::parse("!"), Some(Action::Claim));
        assert_eq!(Action::PlaceClaim(m).to_string(), "Dg7!");
        assert_eq!(
            Action::parse("Ia1").unwrap().placed(),
            Some(Move::new(72, 1))
        );
        assert_eq!(
            Action::parse("Ii9").unwrap().placed(),
            Some(Move::new(80, 9))
        );
        for bad in [
            "", "Dg0", "Jg7", "dg7", "DG7", "Dg7!!", "Dg77", "Dg", "!!", "Start",
        ] {
            assert_eq!(Action::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn clashes() {
        let mut g = Grid::EMPTY;
        g.set(0, 5);
        assert_eq!(clash(&g, Move::new(0, 3)), Some(Clash::Occupied));
        assert_eq!(clash(&g, Move::new(8, 5)), Some(Clash::Repeated)); // row
        assert_eq!(clash(&g, Move::new(72, 5)), Some(Clash::Repeated)); // column
        assert_eq!(clash(&g, Move::new(20, 5)), Some(Clash::Repeated)); // box
        assert_eq!(clash(&g, Move::new(30, 5)), None);
        assert_eq!(clash(&g, Move::new(8, 4)), None);
    }
}
