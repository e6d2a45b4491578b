//! The solver: the next step in Explainer's order, a whole explanation, the rating.
use std::fmt;

use crate::board::Board;
use crate::step::{Step, Technique, tenths};
use crate::{aligned, bug, chains, forcing, links4, strong, tech, unique, wings};

/// The next step a person would take: the first technique, in Explainer's order, that applies
/// (`None` when the board is solved or no implemented technique applies).
pub fn next_step(b: &Board) -> Option<Step> {
    tech::hidden_single(b)
        .or_else(|| tech::locking(b, true))
        .or_else(|| tech::hidden_set(b, 2, true))
        .or_else(|| tech::naked_single(b))
        .or_else(|| tech::hidden_set(b, 3, true))
        .or_else(|| tech::locking(b, false))
        .or_else(|| tech::naked_set(b, 2))
        .or_else(|| tech::fish(b, 2))
        .or_else(|| tech::hidden_set(b, 2, false))
        .or_else(|| tech::naked_set(b, 3))
        .or_else(|| tech::fish(b, 3))
        .or_else(|| tech::hidden_set(b, 3, false))
        .or_else(|| strong::two_strong_links(b))
        .or_else(|| tech::xy_wing(b, false))
        .or_else(|| tech::xy_wing(b, true))
        .or_else(|| unique::unique_loops(b))
        .or_else(|| tech::naked_set(b, 4))
        .or_else(|| tech::fish(b, 4))
        .or_else(|| tech::hidden_set(b, 4, false))
        .or_else(|| strong::three_strong_links(b))
        .or_else(|| wings::wxyz_wing(b))
        .or_else(|| bug::bug(b))
        // After the BUG, Explainer's rules before its chains.
        .or_else(|| links4::four_strong_links(b))
        .or_else(|| wings::vwxyz_wing(b))
        .or_else(|| aligned::aligned_pair_exclusion(b))
        .or_else(|| wings::uvwxyz_wing(b))
        // Chains and the rules among them, in Explainer's order.
        .or_else(|| chains::forcing_chains_and_cycles(b))
        .or_else(|| wings::tuvwxyz_wing(b))
        .or_else(|| aligned::aligned_triplet_exclusion(b))
        .or_else(|| forcing::nishio(b))
        .or_else(|| forcing::multiple(b))
        .or_else(|| forcing::dynamic(b))
        .or_else(|| forcing::dynamic_plus(b))
        // Explainer's nested forcing chains.
        .or_else(|| forcing::nested(b, 2))
        .or_else(|| forcing::nested(b, 3))
}

/// The steps from a board to its solution, or as far as the techniques go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub end: Board,
}

impl Explanation {
    /// Whether the steps solve the board.
    pub fn solved(&self) -> bool {
        self.end.is_solved()
    }
}

/// Applies [`next_step`] until the board is solved or no technique applies.
pub fn explain(board: &Board) -> Explanation {
    let mut b = board.clone();
    let mut steps = Vec::new();
    while !b.is_solved() {
        let Some(s) = next_step(&b) else { break };
        s.apply(&mut b);
        steps.push(s);
    }
    Explanation { steps, end: b }
}

/// Sudoku Explainer's three ratings, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// ER: the hardest step of the solving path.
    pub er: u8,
    /// EP ("pearl"): the hardest step up to and including the first that places a value.
    pub ep: u8,
    /// ED ("diamond"): the first step's difficulty.
    pub ed: u8,
}

impl fmt::Display for Rating {
    /// `ER/EP/ED` as `serate` prints them: `2.6/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}",
            tenths(self.er),
            tenths(self.ep),
            tenths(self.ed)
        )
    }
}

/// The ratings of a path of steps (the ER/EP/ED definitions of Explainer's `serate`).
pub fn rating_of(steps: &[Step]) -> Rating {
    let mut r = Rating {
        er: 0,
        ep: 0,
        ed: 0,
    };
    let mut placed = false;
    for (i, s) in steps.iter().enumerate() {
        r.er = r.er.max(s.difficulty);
        if i == 0 {
            r.ed = r.er;
        }
        if !placed && !s.placements.is_empty() {
            placed = true;
            r.ep = r.er;
        }
    }
    r
}

/// The board's Sudoku Explainer rating, when this crate's techniques solve it: they are
/// Explainer's default rules in its order up to its dynamic forcing chains (+), so the path is
/// Explainer's. `None` when they do not solve the board (it needs Explainer's nested forcing
/// chains, 9.5 and up). Never a guess.
pub fn rate(board: &Board) -> Option<Rating> {
    let e = explain(board);
    e.solved().then(|| rating_of(&e.steps))
}

/// The hardest technique of a path, if any.
pub fn hardest(steps: &[Step]) -> Option<Technique> {
    steps
        .iter()
        .max_by_key(|s| s.difficulty)
        .map(|s| s.technique)
}
