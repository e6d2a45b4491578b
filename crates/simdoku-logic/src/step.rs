//! A solving step: the technique, its rating, what it looked at and what it changes.
use std::fmt::{self, Write as _};

use crate::board::{Board, House, cell_name, digits};

/// The techniques, in Sudoku Explainer's search order (its default options, as `serate` runs),
/// each with its difficulty on that scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a house (1.0).
    FullHouse,
    /// A digit with one place left in a box (1.2).
    HiddenSingleBox,
    /// A digit with one place left in a row or column (1.5).
    HiddenSingleLine,
    /// A box's candidates of a digit in one line leave a hidden single in another box (1.7).
    DirectPointing,
    /// A line's candidates of a digit in one box leave a hidden single in another line (1.9).
    DirectClaiming,
    /// A hidden pair leaves a hidden single in its house (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triple leaves a hidden single in its house (2.5).
    DirectHiddenTriple,
    /// A box's candidates of a digit lie in one line: the rest of the line loses it (2.6).
    Pointing,
    /// A line's candidates of a digit lie in one box: the rest of the box loses it (2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (3.0).
    NakedPair,
    /// Two lines whose candidates of a digit lie in two cross lines (3.2).
    XWing,
    /// Two digits confined to the same two cells of a house (3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (3.6).
    NakedTriple,
    /// The X-Wing on three lines (3.8).
    Swordfish,
    /// Three digits confined to three cells of a house (4.0).
    HiddenTriple,
    /// Two strong links on a digit along parallel lines, joined at one end (4.0).
    Skyscraper,
    /// Two strong links on a digit, in a row and a column, joined at one end (4.1).
    TwoStringKite,
    /// Two strong links on a digit, one of them (or both) in a box (4.1).
    TurbotFish,
    /// Two strong links on a digit, one of them (or both) grouped: a line's candidates in two
    /// box segments, a box's in a cross or in two lines (4.3).
    GroupedStrongLinks,
    /// A bivalue pivot `xy` seeing `xz` and `yz`: cells seeing both pincers lose `z` (4.2).
    XyWing,
    /// A trivalue pivot `xyz` seeing `xz` and `yz`: cells seeing all three lose `z` (4.4).
    XyzWing,
    /// A unique rectangle or loop (4.5 to 5.0 by its length) with one cell holding more
    /// candidates: that cell loses the loop's two digits.
    UniqueLoopType1,
    /// A unique rectangle or loop whose cells with more candidates have one more digit between
    /// them: the cells seeing them all lose it (4.5 to 5.0).
    UniqueLoopType2,
    /// A unique rectangle or loop whose two cells with more candidates act as one cell of a
    /// naked or hidden set (4.6 and up: 0.1 per naked digit, or hidden-set cell, past the first).
    UniqueLoopType3,
    /// A unique rectangle or loop with one of its digits locked in two of its cells in a house:
    /// they lose the other digit (4.5 to 5.0).
    UniqueLoopType4,
    /// Four cells of a house with four candidates between them (5.0).
    NakedQuad,
    /// The X-Wing on four lines (5.2).
    Jellyfish,
    /// Four digits confined to four cells of a house (5.4).
    HiddenQuad,
    /// Three strong links on a digit chained end to end: cells seeing both free ends lose it
    /// (5.4 on parallel lines, 5.5 or 5.6 with boxes or both line kinds, 5.7 grouped).
    ThreeStrongLinks,
    /// Three cells with four digits between them and a bivalue cell whose digits both lie in
    /// them, one of those digits seeing the bivalue cell wherever it lies: the other digit
    /// leaves the cells seeing all its places (5.5 or 5.6).
    WxyzWing,
    /// A bivalue universal grave with one cell holding extra candidates: it keeps only those
    /// (5.6).
    BugType1,
    /// A bivalue universal grave whose extra candidates are one digit: the cells seeing all of
    /// them lose it (5.7).
    BugType2,
    /// A bivalue universal grave whose extra digits form a naked set with other cells of a house
    /// (5.8 and up: 5.7 + 0.1 a digit past the first).
    BugType3,
    /// A bivalue universal grave with two cells of extras in a house and a base digit locked in
    /// them: each loses its other base digit (5.7).
    BugType4,
    // After the BUG, the rules Explainer tries before its chains (five and six strong links
    // are off in its default options).
    /// Four strong links on a digit chained end to end: cells seeing both free ends lose it
    /// (5.8 on parallel lines, 5.9 or 6.0 with boxes or both line kinds, 6.1 grouped).
    FourStrongLinks,
    /// The WXYZ-Wing on four cells with five digits between them (6.2 to 6.4 by the largest
    /// cell's size).
    VwxyzWing,
    /// Two cells each holding two or more candidates, seen by two or more bivalue cells: a
    /// candidate of one whose every combination with the other's is ruled out (a bivalue cell
    /// left empty, or the same digit twice in a house) leaves it (6.2).
    AlignedPairExclusion,
    /// The WXYZ-Wing on five cells with six digits between them (6.6).
    UvwxyzWing,
    // Chains (`chains`, `forcing`) and the rules Explainer tries among them.
    /// A loop of alternating links on one digit, house links only (6.5 and up by length): what
    /// sees both states of the loop loses the digit.
    XCycle,
    /// A loop of alternating links through bivalue cells (cell links, 6.5 and up).
    YCycle,
    /// A chain on house links from a candidate assumed true (or false) to its opposite: it is
    /// removed (or placed) (6.6 and up).
    ForcingXChain,
    /// A loop of alternating links of both kinds (7.0 and up).
    BidirectionalCycle,
    /// A chain on house and cell links from a candidate to its opposite (7.0 and up).
    ForcingChain,
    // Tried by Explainer after its forcing chains, before Nishio.
    /// The WXYZ-Wing on six cells with seven digits between them (7.5).
    TuvwxyzWing,
    /// Aligned exclusion on three cells (7.5).
    AlignedTripletExclusion,
    /// A candidate whose assumption (house links, removals kept) contradicts itself (7.5 and
    /// up).
    NishioForcingChains,
    /// Chains from every candidate of a cell that agree on a candidate (8.0 and up).
    CellForcingChains,
    /// Chains from every place of a digit in a house that agree on a candidate (8.0 and up).
    RegionForcingChains,
    /// A candidate whose assumption, true or false, leads to a contradiction (dynamic chains,
    /// removals kept; 8.5 and up).
    DynamicContradictionChains,
    /// A candidate that implies the same outcome true and false (dynamic, 8.5 and up).
    DynamicDoubleForcingChains,
    /// Cell forcing chains, dynamic (8.5 and up).
    DynamicCellForcingChains,
    /// Region forcing chains, dynamic (8.5 and up).
    DynamicRegionForcingChains,
    // Explainer's "Dynamic Forcing Chains (+)": the dynamic chains where, once the plain
    // implications run out, intersections, hidden and naked pairs and X-Wings on the partly
    // reduced grid give more (9.0 and up).
    /// Contradiction forcing chains with the basic rules inside (9.0 and up).
    DynamicContradictionChainsPlus,
    /// Double forcing chains with the basic rules inside (9.0 and up).
    DynamicDoubleForcingChainsPlus,
    /// Dynamic cell forcing chains with the basic rules inside (9.0 and up).
    DynamicCellForcingChainsPlus,
    /// Dynamic region forcing chains with the basic rules inside (9.0 and up).
    DynamicRegionForcingChainsPlus,
    // Explainer's nested forcing chains, level 2 ("+ Forcing Chains"): the dynamic chains
    // where, once the plain implications and the basic rules run out, the cycles and forcing
    // chains on the partly reduced grid give more (9.5 and up; a nested chain's length counts).
    /// Contradiction forcing chains with forcing chains inside (9.5 and up).
    DynamicContradictionChainsFc,
    /// Double forcing chains with forcing chains inside (9.5 and up).
    DynamicDoubleForcingChainsFc,
    /// Dynamic cell forcing chains with forcing chains inside (9.5 and up).
    DynamicCellForcingChainsFc,
    /// Dynamic region forcing chains with forcing chains inside (9.5 and up).
    DynamicRegionForcingChainsFc,
    // Level 3 ("+ Multiple Forcing Chains"): the cell and region forcing chains inside too
    // (10.0 and up).
    /// Contradiction forcing chains with multiple forcing chains inside (10.0 and up).
    DynamicContradictionChainsMfc,
    /// Double forcing chains with multiple forcing chains inside (10.0 and up).
    DynamicDoubleForcingChainsMfc,
    /// Dynamic cell forcing chains with multiple forcing chains inside (10.0 and up).
    DynamicCellForcingChainsMfc,
    /// Dynamic region forcing chains with multiple forcing chains inside (10.0 and up).
    DynamicRegionForcingChainsMfc,
    // Level 4 ("+ Dynamic Forcing Chains"): only dynamic forcing chains inside, of levels 0 to
    // 3 in turn (10.5 and up).
    /// Contradiction forcing chains with dynamic forcing chains inside (10.5 and up).
    DynamicContradictionChainsDfc,
    /// Double forcing chains with dynamic forcing chains inside (10.5 and up).
    DynamicDoubleForcingChainsDfc,
    /// Dynamic cell forcing chains with dynamic forcing chains inside (10.5 and up).
    DynamicCellForcingChainsDfc,
    /// Dynamic region forcing chains with dynamic forcing chains inside (10.5 and up).
    DynamicRegionForcingChainsDfc,
}

impl Technique {
    /// Whether the technique assumes the puzzle has one solution (unique rectangles and loops,
    /// the BUG): on a board with several its steps can remove candidates of some of them.
    pub fn assumes_one_solution(self) -> bool {
        matches!(
            self,
            Technique::UniqueLoopType1
                | Technique::UniqueLoopType2
                | Technique::UniqueLoopType3
                | Technique::UniqueLoopType4
                | Technique::BugType1
                | Technique::BugType2
                | Technique::BugType3
                | Technique::BugType4
        )
    }

    /// Every technique, in search order.
    pub const ALL: [Technique; 69] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::GroupedStrongLinks,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueLoopType1,
        Technique::UniqueLoopType2,
        Technique::UniqueLoopType3,
        Technique::UniqueLoopType4,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::ThreeStrongLinks,
        Technique::WxyzWing,
        Technique::BugType1,
        Technique::BugType2,
        Technique::BugType3,
        Technique::BugType4,
        Technique::FourStrongLinks,
        Technique::VwxyzWing,
        Technique::AlignedPairExclusion,
        Technique::UvwxyzWing,
        Technique::XCycle,
        Technique::YCycle,
        Technique::ForcingXChain,
        Technique::BidirectionalCycle,
        Technique::ForcingChain,
        Technique::TuvwxyzWing,
        Technique::AlignedTripletExclusion,
        Technique::NishioForcingChains,
        Technique::CellForcingChains,
        Technique::RegionForcingChains,
        Technique::DynamicContradictionChains,
        Technique::DynamicDoubleForcingChains,
        Technique::DynamicCellForcingChains,
        Technique::DynamicRegionForcingChains,
        Technique::DynamicContradictionChainsPlus,
        Technique::DynamicDoubleForcingChainsPlus,
        Technique::DynamicCellForcingChainsPlus,
        Technique::DynamicRegionForcingChainsPlus,
        Technique::DynamicContradictionChainsFc,
        Technique::DynamicDoubleForcingChainsFc,
        Technique::DynamicCellForcingChainsFc,
        Technique::DynamicRegionForcingChainsFc,
        Technique::DynamicContradictionChainsMfc,
        Technique::DynamicDoubleForcingChainsMfc,
        Technique::DynamicCellForcingChainsMfc,
        Technique::DynamicRegionForcingChainsMfc,
        Technique::DynamicContradictionChainsDfc,
        Technique::DynamicDoubleForcingChainsDfc,
        Technique::DynamicCellForcingChainsDfc,
        Technique::DynamicRegionForcingChainsDfc,
    ];

    /// The difficulty in tenths (Sudoku Explainer's ER times ten); for unique loops, whose
    /// difficulty grows with the loop's length (see [`Step::difficulty`]), the least.
    pub fn difficulty(self) -> u8 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::Skyscraper => 40,
            Technique::TwoStringKite | Technique::TurbotFish => 41,
            Technique::GroupedStrongLinks => 43,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueLoopType1
            | Technique::UniqueLoopType2
            | Technique::UniqueLoopType3
            | Technique::UniqueLoopType4 => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::ThreeStrongLinks => 54,
            Technique::WxyzWing => 55,
            Technique::BugType1 => 56,
            Technique::BugType2 | Technique::BugType4 => 57,
            Technique::BugType3 => 58,
            Technique::FourStrongLinks => 58,
            Technique::VwxyzWing | Technique::AlignedPairExclusion => 62,
            Technique::UvwxyzWing => 66,
            Technique::TuvwxyzWing | Technique::AlignedTripletExclusion => 75,
            Technique::XCycle | Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::BidirectionalCycle | Technique::ForcingChain => 70,
            Technique::NishioForcingChains => 75,
            Technique::CellForcingChains | Technique::RegionForcingChains => 80,
            Technique::DynamicContradictionChains
            | Technique::DynamicDoubleForcingChains
            | Technique::DynamicCellForcingChains
            | Technique::DynamicRegionForcingChains => 85,
            Technique::DynamicContradictionChainsPlus
            | Technique::DynamicDoubleForcingChainsPlus
            | Technique::DynamicCellForcingChainsPlus
            | Technique::DynamicRegionForcingChainsPlus => 90,
            Technique::DynamicContradictionChainsFc
            | Technique::DynamicDoubleForcingChainsFc
            | Technique::DynamicCellForcingChainsFc
            | Technique::DynamicRegionForcingChainsFc => 95,
            Technique::DynamicContradictionChainsMfc
            | Technique::DynamicDoubleForcingChainsMfc
            | Technique::DynamicCellForcingChainsMfc
            | Technique::DynamicRegionForcingChainsMfc => 100,
            Technique::DynamicContradictionChainsDfc
            | Technique::DynamicDoubleForcingChainsDfc
            | Technique::DynamicCellForcingChainsDfc
            | Technique::DynamicRegionForcingChainsDfc => 105,
        }
    }

    /// The readable name, lower case (`hidden single`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "hidden single",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::GroupedStrongLinks => "grouped strong links",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueLoopType1 => "unique loop type 1",
            Technique::UniqueLoopType2 => "unique loop type 2",
            Technique::UniqueLoopType3 => "unique loop type 3",
            Technique::UniqueLoopType4 => "unique loop type 4",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::ThreeStrongLinks => "three strong links",
            Technique::WxyzWing => "wxyz-wing",
            Technique::BugType1 => "bug type 1",
            Technique::BugType2 => "bug type 2",
            Technique::BugType3 => "bug type 3",
            Technique::BugType4 => "bug type 4",
            Technique::FourStrongLinks => "four strong links",
            Technique::VwxyzWing => "vwxyz-wing",
            Technique::AlignedPairExclusion => "aligned pair exclusion",
            Technique::UvwxyzWing => "uvwxyz-wing",
            Technique::TuvwxyzWing => "tuvwxyz-wing",
            Technique::AlignedTripletExclusion => "aligned triplet exclusion",
            Technique::XCycle => "x-cycle",
            Technique::YCycle => "y-cycle",
            Technique::ForcingXChain => "forcing x-chain",
            Technique::BidirectionalCycle => "bidirectional cycle",
            Technique::ForcingChain => "forcing chain",
            Technique::NishioForcingChains => "nishio forcing chains",
            Technique::CellForcingChains => "cell forcing chains",
            Technique::RegionForcingChains => "region forcing chains",
            Technique::DynamicContradictionChains => "contradiction forcing chains",
            Technique::DynamicDoubleForcingChains => "double forcing chains",
            Technique::DynamicCellForcingChains => "dynamic cell forcing chains",
            Technique::DynamicRegionForcingChains => "dynamic region forcing chains",
            Technique::DynamicContradictionChainsPlus => "contradiction forcing chains (+)",
            Technique::DynamicDoubleForcingChainsPlus => "double forcing chains (+)",
            Technique::DynamicCellForcingChainsPlus => "dynamic cell forcing chains (+)",
            Technique::DynamicRegionForcingChainsPlus => "dynamic region forcing chains (+)",
            Technique::DynamicContradictionChainsFc => {
                "contradiction forcing chains (+ forcing chains)"
            }
            Technique::DynamicDoubleForcingChainsFc => "double forcing chains (+ forcing chains)",
            Technique::DynamicCellForcingChainsFc => {
                "dynamic cell forcing chains (+ forcing chains)"
            }
            Technique::DynamicRegionForcingChainsFc => {
                "dynamic region forcing chains (+ forcing chains)"
            }
            Technique::DynamicContradictionChainsMfc => {
                "contradiction forcing chains (+ multiple forcing chains)"
            }
            Technique::DynamicDoubleForcingChainsMfc => {
                "double forcing chains (+ multiple forcing chains)"
            }
            Technique::DynamicCellForcingChainsMfc => {
                "dynamic cell forcing chains (+ multiple forcing chains)"
            }
            Technique::DynamicRegionForcingChainsMfc => {
                "dynamic region forcing chains (+ multiple forcing chains)"
            }
            Technique::DynamicContradictionChainsDfc => {
                "contradiction forcing chains (+ dynamic forcing chains)"
            }
            Technique::DynamicDoubleForcingChainsDfc => {
                "double forcing chains (+ dynamic forcing chains)"
            }
            Technique::DynamicCellForcingChainsDfc => {
                "dynamic cell forcing chains (+ dynamic forcing chains)"
            }
            Technique::DynamicRegionForcingChainsDfc => {
                "dynamic region forcing chains (+ dynamic forcing chains)"
            }
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step: a technique found on the board and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty in tenths (ER x 10).
    pub difficulty: u8,
    /// The houses of the pattern (the house of a single or a subset; box and line of an
    /// intersection, then the house of the hidden single it leaves; base lines then cover lines
    /// of a fish).
    pub houses: Vec<House>,
    /// The cells of the pattern (a subset's cells, a fish's corners, a wing's pivot then pincers).
    pub cells: Vec<u8>,
    /// The digits of the pattern, a mask (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// Values placed: `(cell, digit)`.
    pub placements: Vec<(u8, u8)>,
    /// Candidates removed: `(cell, mask)`.
    pub eliminations: Vec<(u8, u16)>,
}

impl Step {
    /// The technique as this step shows it: its [`Technique::name`], except that a unique loop
    /// names its shape, "unique rectangle type N" on four cells and "unique loop L type N" on L.
    pub fn name(&self) -> std::borrow::Cow<'static, str> {
        let name = self.technique.name();
        match self.technique {
            Technique::UniqueLoopType1
            | Technique::UniqueLoopType2
            | Technique::UniqueLoopType3
            | Technique::UniqueLoopType4 => {
                let kind = &name["unique loop ".len()..];
                match self.cells.len() {
                    4 => format!("unique rectangle {kind}").into(),
                    n => format!("unique loop {n} {kind}").into(),
                }
            }
            _ => name.into(),
        }
    }

    /// Applies the step to a board.
    pub fn apply(&self, board: &mut Board) {
        for &(c, m) in &self.eliminations {
            board.eliminate(c as usize, m);
        }
        for &(c, d) in &self.placements {
            board.place(c as usize, d);
        }
    }

    /// The difficulty as Sudoku Explainer prints it (`2.3`).
    pub fn rating(&self) -> String {
        tenths(self.difficulty)
    }
}

/// Tenths as a decimal (`23` -> `2.3`).
pub(crate) fn tenths(t: u8) -> String {
    format!("{}.{}", t / 10, t % 10)
}

fn digit_list(mask: u16) -> String {
    let mut s = String::new();
    for d in digits(mask) {
        if !s.is_empty() {
            s.push(',');
        }
        s.push((b'0' + d) as char);
    }
    s
}

fn cell_list(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

fn line_numbers(houses: &[House]) -> String {
    houses
        .iter()
        .map(|h| match h {
            House::Box(i) | House::Row(i) | House::Col(i) => (i + 1).to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn lines_word(houses: &[House]) -> &'static str {
    match houses.first() {
        Some(House::Row(_)) => "rows",
        _ => "columns",
    }
}

impl fmt::Display for Step {
    /// One readable line: placements (`r5c6=7`), eliminations (`r2c3<>4,8`), the technique and
    /// its pattern: `r5c6=7 hidden single in box 5`, `r2c1<>4,8 naked pair 4,8 r2c3 r2c7 in
    /// row 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        for &(c, d) in &self.placements {
            let _ = write!(s, "{}={} ", cell_name(c as usize), d);
        }
        for &(c, m) in &self.eliminations {
            let _ = write!(s, "{}<>{} ", cell_name(c as usize), digit_list(m));
        }
        s.push_str(&self.name());
        let h = &self.houses;
        let ds = digit_list(self.digits);
        match self.technique {
            Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle => {
                if let Some(house) = h.first() {
                    let _ = write!(s, " in {house}");
                }
            }
            Technique::DirectPointing | Technique::DirectClaiming => {
                let _ = write!(
                    s,
                    " {ds} in {} and {}, hidden single in {}",
                    h[0], h[1], h[2]
                );
            }
            Technique::Pointing | Technique::Claiming => {
                let _ = write!(s, " {ds} in {} and {}", h[0], h[1]);
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let n = h.len() / 2;
                let _ = write!(
                    s,
                    " {ds} in {} {} and {} {}",
                    lines_word(&h[..n]),
                    line_numbers(&h[..n]),
                    lines_word(&h[n..]),
                    line_numbers(&h[n..])
                );
            }
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::GroupedStrongLinks => {
                let _ = write!(
                    s,
                    " {ds} in {} and {} joined in {}: {}",
                    h[0],
                    h[1],
                    h[2],
                    cell_list(&self.cells)
                );
            }
            Technique::UniqueLoopType1
            | Technique::UniqueLoopType2
            | Technique::UniqueLoopType3
            | Technique::UniqueLoopType4 => {
                let _ = write!(s, " {}", cell_list(&self.cells));
                if let Some(house) = h.first() {
                    let _ = write!(s, " with {ds} in {house}");
                }
            }
            Technique::ThreeStrongLinks => {
                let _ = write!(
                    s,
                    " {ds} in {}, {} and {}: {}",
                    h[0],
                    h[1],
                    h[2],
                    cell_list(&self.cells)
                );
            }
            Technique::FourStrongLinks => {
                let n = h.len().div_ceil(2);
                let _ = write!(
                    s,
                    " {ds} in {} and {}: {}",
                    h[..n - 1]
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    h[n - 1],
                    cell_list(&self.cells)
                );
            }
            Technique::AlignedPairExclusion | Technique::AlignedTripletExclusion => {
                // The base cells, then the bivalue cells that rule combinations out.
                let n = if self.technique == Technique::AlignedPairExclusion {
                    2
                } else {
                    3
                }
                .min(self.cells.len());
                let _ = write!(s, " {}", cell_list(&self.cells[..n]));
                if self.cells.len() > n {
                    let _ = write!(s, " by {}", cell_list(&self.cells[n..]));
                }
            }
            Technique::XyWing
            | Technique::XyzWing
            | Technique::WxyzWing
            | Technique::VwxyzWing
            | Technique::UvwxyzWing
            | Technique::TuvwxyzWing => {
                let _ = write!(s, " {} on {ds}", cell_list(&self.cells));
            }
            Technique::XCycle
            | Technique::YCycle
            | Technique::BidirectionalCycle
            | Technique::ForcingXChain
            | Technique::ForcingChain => {
                let _ = write!(s, " on {ds}: {}", cell_list(&self.cells));
            }
            Technique::NishioForcingChains
            | Technique::DynamicContradictionChains
            | Technique::DynamicDoubleForcingChains
            | Technique::DynamicContradictionChainsPlus
            | Technique::DynamicDoubleForcingChainsPlus
            | Technique::DynamicContradictionChainsFc
            | Technique::DynamicDoubleForcingChainsFc
            | Technique::DynamicContradictionChainsMfc
            | Technique::DynamicDoubleForcingChainsMfc
            | Technique::DynamicContradictionChainsDfc
            | Technique::DynamicDoubleForcingChainsDfc => {
                let _ = write!(s, " from {} {ds}", cell_list(&self.cells));
            }
            Technique::CellForcingChains
            | Technique::DynamicCellForcingChains
            | Technique::DynamicCellForcingChainsPlus
            | Technique::DynamicCellForcingChainsFc
            | Technique::DynamicCellForcingChainsMfc
            | Technique::DynamicCellForcingChainsDfc => {
                let _ = write!(s, " from {} {ds}", cell_list(&self.cells));
            }
            Technique::RegionForcingChains
            | Technique::DynamicRegionForcingChains
            | Technique::DynamicRegionForcingChainsPlus
            | Technique::DynamicRegionForcingChainsFc
            | Technique::DynamicRegionForcingChainsMfc
            | Technique::DynamicRegionForcingChainsDfc => {
                if let Some(house) = h.first() {
                    let _ = write!(s, " from {ds} in {house}");
                }
            }
            _ => {
                let _ = write!(s, " {ds} {}", cell_list(&self.cells));
                if let Some(house) = h.first() {
                    let _ = write!(s, " in {house}");
                }
            }
        }
        f.write_str(&s)
    }
}
