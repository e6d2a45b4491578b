//! The search engine: candidate bitsets, all-different propagation, dom/wdeg branching.
//!
//! # State
//! One candidate set per cell, bit `v - 1` for value `v` (up to 121 bits: a `D`).
//!
//! # Propagation (to a fixpoint, cheapest rules first)
//! 1. naked singles: a cell with one candidate removes it from its peers;
//! 2. hidden singles: a value with one place left in a house goes there (and a value with no
//!    place left is a contradiction);
//! 3. generalised arc consistency of every house's all-different constraint (Régin): a perfect
//!    matching of cells to values (augmenting paths), then the strongly connected components
//!    of the graph that joins the value matched to a cell to the other candidates of that cell
//!    (a bitset closure tests the usual case of one component; Tarjan otherwise). A candidate
//!    survives only when its value lies in the component of the cell's matched value. A house
//!    of N cells and N values needs a perfect matching, so there are no free values. This
//!    subsumes naked and hidden pairs, triples, ... of every size. Each house keeps its
//!    matching between calls (across backtracking too: it is only a hint), and only the pairs
//!    whose value was removed are repaired. Below 16x16 a house is first tested for a possible
//!    Hall set (counts, then the sets of 2 or 3), which rules out most calls
//!    (`Core::gac_may_prune`);
//! 4. box/line intersections (pointing and claiming): a value whose places in a box all lie in
//!    one row (column) leaves the rest of that row (column), and the converse; for Sudoku-X the
//!    same where a diagonal crosses a box.
//!
//! A rule runs only when the ones before it are at their fixpoint, and only on the houses
//! (bands, stacks) that changed since it last ran.
//!
//! # Search
//! Binary branching: `cell = value` (a guess), then `cell != value`. The cell is the one with the
//! fewest candidates per weighted degree (dom/wdeg: each house carries a weight, bumped each time
//! a contradiction is found in it; a cell's degree is the sum of its houses' weights). Changes
//! are logged (cell, old candidates) and undone on backtracking: a state copy per guess costs
//! too much memory on 121x121 grids (234 kB per open guess). Until the first solution the search
//! restarts after 64 x Luby(i) failures, keeping the weights and trying values in random order;
//! counting past the first solution is a complete search from the root that skips it.
//!
//! From box size 4 up (see [`Learn`]), the search after root propagation is instead the
//! clause-learning one of [`crate::cdcl`], over the cells left open.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::dom::Dom;
use crate::grid::LargeGrid;
use crate::restart::luby;
use crate::scc::Tarjan;
use crate::shape::Shape;
use crate::wide::Wide;

/// What propagation does and how the search branches (the defaults are the measured best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, for measurements
pub struct Config {
    /// Hidden singles.
    pub hidden_singles: bool,
    /// Box/line intersections (pointing, claiming).
    pub intersections: bool,
    /// All-different GAC (matching + SCC) on every house.
    pub gac: bool,
    /// Per band (stack) and value, all-different GAC between its lines and its boxes (the
    /// value's line-box placements form a permutation); subsumes pointing and claiming.
    pub band_matching: bool,
    /// How the branching cell is chosen.
    pub branch: Branch,
    /// Restart the search (keeping the learned weights, trying random values first) after a
    /// growing number of failures, until the first solution.
    pub restarts: bool,
    /// When to search with clause learning ([`crate::cdcl`]) after root propagation, instead
    /// of the dom/wdeg search.
    pub learn: Learn,
    /// From 16x16 up, fit the cells fixed by root propagation to a shuffled pattern grid
    /// ([`crate::pattern`]) and try its values first (a phase, not a fact: the search stays
    /// complete).
    pub pattern: bool,
}

/// When the search learns clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learn {
    /// Never: dom/wdeg search with GAC at every node.
    Off,
    /// On grids of box size 4 (16x16) and more, unless root propagation left the open cells
    /// with a third of the values or more on average (grids with few givens, which dom/wdeg
    /// fills band by band); 4x4 and 9x9 keep the dom/wdeg search.
    Large,
    /// At every size.
    Always,
}

/// Branching heuristics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// The fewest candidates.
    MinDom,
    /// Fewest candidates per weighted degree: each house's weight counts the contradictions found
    /// in it, a cell's degree sums its houses' weights.
    HouseWdeg,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hidden_singles: true,
            intersections: true,
            band_matching: true,
            gac: true,
            branch: Branch::HouseWdeg,
            restarts: true,
            learn: Learn::Large,
            pattern: true,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Stopped at the first solution (limit 1).
    Solved,
    /// Searched everything: exactly one solution.
    Unique,
    /// Two solutions or more (the count is in [`Stats::solutions`]; capped at the limit).
    Multiple,
    /// Searched everything: no solution.
    NoSolution,
    /// The time limit came first (solutions found so far are in [`Stats::solutions`]).
    TimedOut,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "no solution",
            Status::TimedOut => "timed out",
        })
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found (capped at the limit).
    pub solutions: u64,
    /// Guesses: tentative placements at branch points.
    pub guesses: u64,
    /// Contradictions met (failed branches).
    pub fails: u64,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
    /// Cells still open (two candidates or more) after propagating the givens.
    pub open_at_root: usize,
    /// Whether the search tried first the values of a pattern grid fitted to the givens.
    pub pattern: bool,
}

const NONE: u8 = u8::MAX;

/// The solver for one box size and variant: its tables and scratch space, reused across puzzles.
/// It works on the narrowest candidate word that holds the grid's side (see `dom.rs`).
#[derive(Clone, Debug)]
pub struct Solver(Words);

#[derive(Clone, Debug)]
enum Words {
    /// Plain 9x9, with the box size a constant (see [`Core`]).
    W9(Core<u16, 3>),
    W16(Core<u16, 0>),
    W32(Core<u32, 0>),
    W64(Core<u64, 0>),
    W128(Core<u128, 0>),
    /// Sides above 128: singles and depth-first search on wider sets ([`crate::wide`]).
    Wide(Box<Wide>),
}

/// Runs `$e` with `$c` bound to the solver's core, whatever its word; `$w` on the wide one.
macro_rules! with_core {
    ($s:expr, $c:ident => $e:expr, $wc:ident => $w:expr) => {
        match $s {
            Words::W9($c) => $e,
            Words::W16($c) => $e,
            Words::W32($c) => $e,
            Words::W64($c) => $e,
            Words::W128($c) => $e,
            Words::Wide($wc) => $w,
        }
    };
}

impl Solver {
    /// A solver for grids of box size `n` (2..=11), the X variant when `x`.
    pub fn new(n: usize, x: bool, cfg: Config) -> Solver {
        let shape = Shape::square(n).unwrap_or_else(|| panic!("box size {n} is not 2..=11"));
        Solver::for_shape(&shape, x, cfg)
    }

    /// A solver for grids of `shape`, the X variant when `x`. Box/line rules, the per-band
    /// matching and the pattern fit need square boxes; other shapes propagate singles and GAC.
    pub fn for_shape(shape: &Shape, x: bool, cfg: Config) -> Solver {
        Solver(match shape.side() {
            9 if !x && shape.box_size() == Some(3) => Words::W9(Core::new(shape, x, cfg)),
            0..=16 => Words::W16(Core::new(shape, x, cfg)),
            17..=32 => Words::W32(Core::new(shape, x, cfg)),
            33..=64 => Words::W64(Core::new(shape, x, cfg)),
            65..=128 => Words::W128(Core::new(shape, x, cfg)),
            _ => Words::Wide(Box::new(Wide::new(shape, x))),
        })
    }

    /// The box size of square boxes, else `None`.
    pub fn box_size(&self) -> Option<usize> {
        self.shape().box_size()
    }

    /// The geometry this solver works on.
    pub fn shape(&self) -> &Shape {
        with_core!(&self.0, c => &c.shape, w => w.shape())
    }

    /// Whether this solver enforces the diagonals.
    pub fn is_x(&self) -> bool {
        with_core!(&self.0, c => c.x(), w => w.x())
    }

    /// Calls `visitor` with every solution (row-major values 1..=N) until it breaks, the search
    /// is exhausted or `timeout` passes. `grid` must have this solver's shape, of side 255 at
    /// most (values as bytes; [`Solver::visit_values`] takes any side).
    pub fn visit(
        &mut self,
        grid: &LargeGrid,
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        assert!(grid.side() <= 255, "Solver::visit: values above 255");
        let mut bytes = Vec::new();
        self.visit_values(grid, timeout, &mut |s| {
            bytes.clear();
            bytes.extend(s.iter().map(|&v| v as u8));
            visitor(&bytes)
        })
    }

    /// [`Solver::visit`] for any side, solutions as 16-bit values.
    pub fn visit_values(
        &mut self,
        grid: &LargeGrid,
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Stats {
        assert!(
            grid.shape() == self.shape(),
            "the grid's shape ({}) differs from the solver's ({})",
            grid.shape(),
            self.shape()
        );
        if let Words::Wide(w) = &mut self.0 {
            return w.visit(grid.cells(), timeout.map(|t| Instant::now() + t), visitor);
        }
        let cells = grid.bytes().expect("sides up to 128 hold bytes");
        let mut values = Vec::new();
        self.visit_cells(&cells, timeout, &mut |s| {
            values.clear();
            values.extend(s.iter().map(|&v| u16::from(v)));
            visitor(&values)
        })
    }

    /// [`Solver::visit`] on row-major cells (0 empty, values 1..=N; larger values are treated
    /// as empty). Allocates nothing once the solver has run at this depth before.
    pub fn visit_cells(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        with_core!(&mut self.0, c => c.visit_cells(cells, timeout, visitor), w => {
            let cells: Vec<u16> = cells.iter().map(|&v| u16::from(v)).collect();
            let mut bytes = Vec::new();
            w.visit(&cells, timeout.map(|t| Instant::now() + t), &mut |s| {
                bytes.clear();
                bytes.extend(s.iter().map(|&v| v as u8));
                visitor(&bytes)
            })
        })
    }

    /// Counts solutions up to `limit` (0: none searched), within `timeout`; the first solution
    /// found is returned as well.
    pub fn count(
        &mut self,
        grid: &LargeGrid,
        limit: u64,
        timeout: Option<Duration>,
    ) -> (Status, Option<LargeGrid>, Stats) {
        let mut first = None;
        let mut tally = simdoku_core::Tally::new(limit);
        let stats = if limit == 0 {
            Stats::default()
        } else {
            self.visit_values(grid, timeout, &mut |s| {
                if first.is_none() {
                    first = Some(s.to_vec());
                }
                tally.add()
            })
        };
        let status = if stats.timed_out {
            Status::TimedOut
        } else if stats.solutions == 0 {
            Status::NoSolution
        } else if limit == 1 {
            Status::Solved
        } else if stats.solutions == 1 {
            Status::Unique
        } else {
            Status::Multiple
        };
        let shape = self.shape().clone();
        let first = first.map(|c| LargeGrid::with_values(shape, c).expect("solution in range"));
        (status, first, stats)
    }
}

/// The solver on candidate sets of type `D`, for box size `K` when it is not 0 (plain Sudoku, no
/// diagonals: the box size, side and house count are then constants, so that house loops unroll
/// and index arithmetic folds; 9x9 only) and for any box size set at run time when it is 0.
#[derive(Clone, Debug)]
struct Core<D: Dom, const K: usize> {
    shape: Shape,
    /// The box size of square boxes; 1 on other shapes (no bands: the rules on bands and
    /// stacks are off there).
    n: usize,
    side: usize,
    x: bool,
    cfg: Config,
    full: D,
    /// House `h`'s cells: `house_cells[h * side..][..side]`.
    house_cells: Vec<u32>,
    houses: usize,

    dom: Vec<D>,
    /// Undo log: (cell, candidates before a change).
    trail: Vec<(u32, D)>,
    queue: Vec<u32>,
    /// Per house and value (`h * side + v`): the cells of the house that still hold the value,
    /// one bit per position in the house (`house_cells` order). A removal clears a bit, and one
    /// bit left is a hidden single found at once; naked singles read their peers that hold the
    /// value from here (three words on 9x9, against a scan of 20 peers).
    places: Vec<D>,
    /// Per house: the values held by a cell with one candidate (a hint: it may lack a value
    /// after undoing a contradictory state, which costs a needless check, never a wrong one).
    fixed: Vec<D>,
    /// (house, value) pairs, as `h << 8 | v` (no division to take them apart), whose places
    /// dropped to one.
    singles: Vec<u32>,
    /// Houses waiting for GAC, first in, first out (box size set at run time).
    gac_list: HouseQueue,
    /// Houses waiting for GAC, one bit each, lowest first (constant box size).
    gac_bits: u64,
    /// Matching per house: value index matched to the house's i-th cell, and the converse.
    var_val: Vec<u8>,
    val_var: Vec<u8>,
    weights: Vec<u32>,
    /// Sum of the weights of each cell's houses.
    cell_wdeg: Vec<u32>,
    /// Bands (rows) and stacks (columns) changed since the last box/line pass, one bit each.
    band_dirty: u32,
    /// Values removed somewhere in each band (`band`) and stack (`n + stack`) since the band
    /// matching last looked at it.
    band_vals: Vec<D>,
    /// Whether the band matching runs (`band_vals` is kept up to date only then).
    keep_band_vals: bool,
    stack_dirty: u32,
    /// Per cell: its houses with its position in each, packed as `house | position << 9` (`[..5]`,
    /// the first `[5]` of them; see [`cell_houses`] and [`house_pos`]), its band `[6]` and its
    /// stack `[7]`, in one bounds-checked load.
    cell_meta: Vec<[u16; 8]>,
    seg: Vec<D>,
    /// Values given in each house (scratch for `load`).
    house_used: Vec<D>,
    scratch: Scratch<D>,

    out: Vec<u8>,
    /// The solution found while restarting.
    known: Vec<Vec<u8>>,
    rng: u64,
    open: Vec<(u32, D, usize)>,
    stats: Stats,
    deadline: Option<Instant>,
    ticks: u32,
    cdcl: crate::cdcl::Cdcl,
    /// The candidates handed to the learning search.
    dom128: Vec<u128>,
    /// Per cell, the value it last held alone before a backtrack undid it (phase saving).
    phase: Vec<D>,
    /// Branch in the first band with open cells only (sparse grids, see `choose`).
    band_first: bool,
}

#[derive(Clone, Debug)]
struct Scratch<D: Dom> {
    tarjan: Tarjan<D>,
    comp: Vec<D>,
    path: Vec<(u8, D)>,
}

/// Whether `k` (2 or 3) of `sets` have a union of `k` members or fewer (`size` counts them).
fn has_hall_set<T: Copy + Eq + std::ops::BitOr<Output = T>>(
    sets: &[T],
    k: usize,
    size: impl Fn(T) -> usize,
) -> bool {
    for (i, &a) in sets.iter().enumerate() {
        for (j, &b) in sets.iter().enumerate().skip(i + 1) {
            let ab = a | b;
            if k == 2 {
                if size(ab) <= 2 {
                    return true;
                }
            } else if size(ab) <= 3 && sets[j + 1..].iter().any(|&c| size(ab | c) <= 3) {
                return true;
            }
        }
    }
    false
}

/// `SPREAD[b]` has byte `i` set to bit `i` of `b`.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// Distinct houses waiting for a rule, first in, first out (a ring of `houses` slots: each house
/// is in it once at most).
#[derive(Clone, Debug)]
struct HouseQueue {
    queued: Vec<bool>,
    ring: Vec<u32>,
    head: usize,
    len: usize,
}

impl HouseQueue {
    fn new(houses: usize) -> HouseQueue {
        HouseQueue {
            queued: vec![false; houses],
            ring: vec![0; houses],
            head: 0,
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, h: usize) {
        if !self.queued[h] {
            self.queued[h] = true;
            let mut at = self.head + self.len;
            if at >= self.ring.len() {
                at -= self.ring.len();
            }
            self.ring[at] = h as u32;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let h = self.ring[self.head] as usize;
        self.queued[h] = false;
        self.head += 1;
        if self.head == self.ring.len() {
            self.head = 0;
        }
        self.len -= 1;
        Some(h)
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        while self.pop().is_some() {}
        self.head = 0;
    }
}

/// A contradiction.
struct Fail;
type Prop = Result<(), Fail>;

impl<D: Dom, const K: usize> Core<D, K> {
    /// A solver for grids of `shape`, the X variant when `x`.
    fn new(shape: &Shape, x: bool, mut cfg: Config) -> Core<D, K> {
        let n = shape.box_size().unwrap_or(1);
        if n == 1 {
            cfg.intersections = false;
            cfg.band_matching = false;
            cfg.pattern = false;
        }
        assert!(shape.side() <= D::BITS as usize, "side above the word");
        assert!(
            K == 0 || (K == n && !x),
            "box size {n} on a solver for box size {K}"
        );
        assert!(
            3 * K * K <= 64,
            "the houses of box size {K} do not fit a word"
        );
        let side = shape.side();
        let cells = side * side;
        let hs = shape.houses(x);
        let mut house_cells = Vec::with_capacity(hs.len() * side);
        // Per cell: houses, how many, band, stack (see the field).
        let mut cell_meta: Vec<[u16; 8]> = (0..cells)
            .map(|c| {
                let mut m = [0u16; 8];
                if n > 1 {
                    m[6] = (c / side / n) as u16;
                    m[7] = (c % side / n) as u16;
                }
                m
            })
            .collect();
        // 3 N + 2 houses fit 9 bits and N positions 7 bits (N <= 121).
        for (h, (_, cs)) in hs.iter().enumerate() {
            for (pos, &c) in cs.iter().enumerate() {
                house_cells.push(c as u32);
                let m = &mut cell_meta[c];
                m[usize::from(m[5])] = (h | pos << 9) as u16;
                m[5] += 1;
            }
        }
        let nh = hs.len();
        let cell_wdeg = cell_meta.iter().map(|m| u32::from(m[5])).collect();
        Core {
            shape: shape.clone(),
            n,
            side,
            x,
            cfg,
            full: D::low(side),
            house_cells,
            houses: nh,
            dom: vec![D::ZERO; cells],
            trail: Vec::new(),
            queue: Vec::with_capacity(cells),
            places: vec![D::ZERO; nh * side],
            fixed: vec![D::ZERO; nh],
            singles: Vec::new(),
            gac_list: HouseQueue::new(nh),
            gac_bits: 0,
            var_val: vec![NONE; nh * side],
            val_var: vec![NONE; nh * side],
            weights: vec![1; nh],
            cell_wdeg,
            band_dirty: 0,
            band_vals: vec![D::ZERO; 2 * n],
            keep_band_vals: cfg.band_matching && n >= 4,
            stack_dirty: 0,
            cell_meta,
            seg: vec![D::ZERO; 2 * side * n],
            house_used: vec![D::ZERO; nh],
            scratch: Scratch {
                tarjan: Tarjan::default(),
                comp: vec![D::ZERO; side],
                path: Vec::with_capacity(side),
            },
            out: vec![0; cells],
            known: Vec::new(),
            rng: 1,
            open: Vec::new(),
            stats: Stats::default(),
            deadline: None,
            ticks: 0,
            cdcl: crate::cdcl::Cdcl::default(),
            dom128: Vec::new(),
            phase: vec![D::ZERO; cells],
            band_first: false,
        }
    }

    fn visit_cells(
        &mut self,
        cells: &[u8],
        timeout: Option<Duration>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Stats {
        assert_eq!(
            cells.len(),
            self.side() * self.side(),
            "cell count differs from the solver's"
        );
        self.stats = Stats::default();
        self.deadline = timeout.map(|t| Instant::now() + t);
        self.ticks = 0;
        self.weights.fill(1);
        for (w, meta) in self.cell_wdeg.iter_mut().zip(&self.cell_meta) {
            *w = u32::from(meta[5]);
        }
        self.phase.fill(D::ZERO);
        self.rng = 0x9E37_79B9_7F4A_7C15;
        if !self.load(cells) {
            return self.stats;
        }
        let mut out = std::mem::take(&mut self.out);
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        self.search(&mut out, &mut open, visitor);
        self.out = out;
        self.open = open;
        self.stats
    }

    /// The box size.
    #[inline(always)]
    fn n(&self) -> usize {
        if K == 0 { self.n } else { K }
    }

    /// The side, `n * n`.
    #[inline(always)]
    fn side(&self) -> usize {
        if K == 0 { self.side } else { K * K }
    }

    /// Whether the diagonals are houses (never with a constant box size).
    #[inline(always)]
    fn x(&self) -> bool {
        K == 0 && self.x
    }

    /// Rows, columns, boxes (and diagonals).
    #[inline(always)]
    fn houses(&self) -> usize {
        if K == 0 { self.houses } else { 3 * K * K }
    }

    /// The houses of a cell, from its packed entry in `cell_meta` (the bound keeps the slice
    /// within the entry without a check; with a constant box size, a cell is in 3 houses).
    #[inline(always)]
    fn cell_houses(meta: &[u16; 8]) -> &[u16] {
        if K == 0 {
            &meta[..usize::from(meta[5]).min(5)]
        } else {
            &meta[..3]
        }
    }

    /// Queues house `h` for GAC. With a constant box size the houses are bits of one word: a
    /// push without a branch (a house is queued by nearly every removal), taken lowest first.
    #[inline(always)]
    fn queue_gac(&mut self, h: usize) {
        if K == 0 {
            self.gac_list.push(h);
        } else {
            self.gac_bits |= 1 << h;
        }
    }

    /// The next house queued for GAC.
    #[inline(always)]
    fn next_gac(&mut self) -> Option<usize> {
        if K == 0 {
            self.gac_list.pop()
        } else if self.gac_bits == 0 {
            None
        } else {
            let h = self.gac_bits.trailing_zeros() as usize;
            self.gac_bits &= self.gac_bits - 1;
            Some(h)
        }
    }

    fn gac_pending(&self) -> bool {
        !self.gac_list.is_empty() || self.gac_bits != 0
    }

    fn clear_gac(&mut self) {
        self.gac_list.clear();
        self.gac_bits = 0;
    }

    // ---------------------------------------------------------------- state and removal

    /// Sets the candidates from the givens directly (each house's given values leave its empty
    /// cells), queues the cells left with one candidate and marks every house for the rules.
    /// False when two givens clash or an empty cell has no candidate left.
    fn load(&mut self, cells: &[u8]) -> bool {
        self.queue.clear();
        self.singles.clear();
        self.clear_gac();
        self.house_used.fill(D::ZERO);
        let mut ok = true;
        let side = self.side();
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 && usize::from(v) <= side {
                let bit = D::bit(usize::from(v) - 1);
                let meta = self.cell_meta[c];
                for &e in Self::cell_houses(&meta) {
                    let used = &mut self.house_used[house_pos(e).0];
                    ok &= *used & bit == D::ZERO;
                    *used |= bit;
                }
            }
        }
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 && usize::from(v) <= side {
                self.dom[c] = D::bit(usize::from(v) - 1);
                continue;
            }
            let meta = self.cell_meta[c];
            let mut used = D::ZERO;
            for &e in Self::cell_houses(&meta) {
                used |= self.house_used[house_pos(e).0];
            }
            let d = self.full & !used;
            self.dom[c] = d;
            ok &= d != D::ZERO;
            if d.is_power_of_two() {
                self.queue.push(c as u32);
            }
        }
        if !ok || !self.count_places(true) {
            return false;
        }
        for h in 0..self.houses() {
            self.queue_gac(h);
        }
        self.band_dirty = (1 << self.n()) - 1;
        self.band_vals.fill(self.full);
        self.stack_dirty = (1 << self.n()) - 1;
        true
    }

    /// Counts the places of every value in every house and the values of single cells.
    #[cfg(test)]
    fn recount(&mut self) {
        self.count_places(false);
    }

    /// [`Core::recount`]; with `queue`, also queues the hidden singles (values of one place not
    /// yet placed) and returns false when a value has no place left in some house.
    fn count_places(&mut self, queue: bool) -> bool {
        match self.side().div_ceil(8) {
            1 => self.count_places_with::<1>(queue),
            2 => self.count_places_with::<2>(queue),
            3..=4 => self.count_places_with::<4>(queue),
            5..=8 => self.count_places_with::<8>(queue),
            _ => self.count_places_with::<16>(queue),
        }
    }

    /// [`Core::count_places`] with `C` blocks of eight values (and of eight positions), enough
    /// for the side: the transposition of each house's candidates into its places without a
    /// branch per candidate, a byte per value and block of positions in `acc`.
    fn count_places_with<const C: usize>(&mut self, queue: bool) -> bool {
        let side = self.side();
        for h in 0..self.houses() {
            let base = h * side;
            // acc[k][b], byte j: which of the positions 8 b .. 8 b + 8 hold value 8 k + j.
            let mut acc = [[0u64; C]; C];
            let mut fixed = D::ZERO;
            for (i, &c) in self.house_cells[base..base + side].iter().enumerate() {
                let d = self.dom[c as usize];
                if d.is_power_of_two() {
                    fixed |= d;
                }
                let (b, shift) = (i / 8 % C, i % 8);
                for (k, a) in acc.iter_mut().enumerate() {
                    a[b] |= SPREAD[d.byte(k)] << shift;
                }
            }
            self.fixed[h] = fixed;
            // The values of no place and of one place, without a branch per value.
            let (mut zero, mut one) = (D::ZERO, D::ZERO);
            for (v, p) in self.places[base..base + side].iter_mut().enumerate() {
                let (k, j) = (v / 8 % C, v % 8);
                let mut m = D::ZERO;
                for (b, &a) in acc[k].iter().enumerate() {
                    m |= D::from_byte((a >> (8 * j)) as usize & 0xFF, b);
                }
                *p = m;
                zero |= D::bit_if(v, m == D::ZERO);
                one |= D::bit_if(v, m.is_power_of_two());
            }
            if queue {
                if zero != D::ZERO {
                    return false;
                }
                let mut one = one & !fixed;
                while one != D::ZERO {
                    let v = one.trailing_zeros() as usize;
                    one = one.without_lowest();
                    self.singles.push((h << 8 | v) as u32);
                }
            }
        }
        true
    }

    fn clear_pending(&mut self) {
        self.queue.clear();
        self.singles.clear();
        self.clear_gac();
        self.band_dirty = 0;
        self.band_vals.fill(D::ZERO);
        self.stack_dirty = 0;
    }

    /// A contradiction in house `h`: its weight, and the weighted degree of its cells, grow.
    fn bump(&mut self, h: usize) {
        self.weights[h] += 1;
        let side = self.side();
        for i in 0..side {
            self.cell_wdeg[self.house_cells[h * side + i] as usize] += 1;
        }
    }

    /// Removes `mask` from cell `c`'s candidates; a wipe-out bumps house `h`'s weight.
    #[inline]
    fn remove(&mut self, c: usize, mask: D, h: usize) -> Prop {
        let old = self.dom[c];
        let new = old & !mask;
        if new == old {
            return Ok(());
        }
        let single = self.narrow(c, old, new, h)?;
        let gone = old & !new;
        let (meta, empty) = self.in_houses(c, new, single, |s, h, pos, empty| {
            // Each value gone from the cell has one place fewer in the house.
            let mut g = gone;
            while g != D::ZERO {
                let v = g.trailing_zeros() as usize;
                g = g.without_lowest();
                s.lose_place(h, pos, v, empty);
            }
        });
        self.removed(meta, gone, empty)
    }

    /// Cell `c` goes from `old` to `new` candidates (fewer; logged for undo). None left fails
    /// and bumps house `h`; one left queues the cell for naked singles and returns true.
    #[inline(always)]
    fn narrow(&mut self, c: usize, old: D, new: D, h: usize) -> Result<bool, Fail> {
        if new == D::ZERO {
            self.bump(h);
            return Err(Fail);
        }
        self.dom[c] = new;
        self.trail.push((c as u32, old));
        let single = new.is_power_of_two();
        if single {
            self.queue.push(c as u32);
        }
        Ok(single)
    }

    /// Value `v` leaves position `pos` of house `h`: no place left is a contradiction (noted
    /// in `empty`), one left (not yet placed) a hidden single to place.
    #[inline(always)]
    fn lose_place(&mut self, h: usize, pos: usize, v: usize, empty: &mut Option<usize>) {
        let side = self.side();
        let p = &mut self.places[h * side + v];
        *p &= !D::bit(pos);
        if p.without_lowest() == D::ZERO {
            if *p == D::ZERO {
                *empty = Some(h);
            } else if !self.fixed[h].has(v) {
                self.singles.push((h << 8 | v) as u32);
            }
        }
    }

    /// The bookkeeping after values `gone` left the cell with packed entry `meta`: its band and
    /// stack changed, and a house left without a place for a value fails.
    #[inline(always)]
    fn removed(&mut self, meta: [u16; 8], gone: D, empty: Option<usize>) -> Prop {
        let (band, stack) = (usize::from(meta[6]), usize::from(meta[7]));
        self.band_dirty |= 1 << band;
        self.stack_dirty |= 1 << stack;
        // (Never on 9x9: the band matching is for boxes of 4 and up.)
        if (K == 0 || K >= 4) && self.keep_band_vals {
            self.band_vals[band] |= gone;
            let n = self.n();
            self.band_vals[n + stack] |= gone;
        }
        if let Some(h) = empty {
            self.bump(h);
            return Err(Fail);
        }
        Ok(())
    }

    // ---------------------------------------------------------------- propagation

    fn propagate(&mut self) -> Prop {
        loop {
            if let Some(c) = self.queue.pop() {
                self.naked(c as usize)?;
                continue;
            }
            if let Some(hv) = self.singles.pop() {
                if self.cfg.hidden_singles {
                    self.hidden(hv as usize)?;
                }
                continue;
            }
            // Box/line (and the diagonals' boxes) once the singles are done: on 9x9 before GAC,
            // the same fixpoint for less work (a pass costs about as much as GAC on one house,
            // and its removals spare later GAC calls: Gac9 3.0x -> 2.65x scalar); on larger grids
            // once no house waits for GAC, as the order decides which house fails first, and so
            // dom/wdeg's weights (box/line first took sigh_16x16_X_1 from 5017 to 33079 guesses
            // with `--config hi,bl,bm,gac,wdeg,rs`).
            if self.cfg.intersections
                && (self.band_dirty | self.stack_dirty) != 0
                && (K != 0 || !(self.cfg.gac && self.gac_pending()))
            {
                if self.x() {
                    self.diagbox()?;
                }
                self.boxline()?;
                continue;
            }
            if self.cfg.gac
                && let Some(h) = self.next_gac()
            {
                // Here every single has been propagated: a house's open cells hold two values
                // or more, none of them placed, and (with hidden singles) each value not placed
                // has two places or more. A Hall set then needs two cells, and its hidden
                // complement two more: a house with 3 open cells or fewer has nothing to prune.
                if !(self.cfg.hidden_singles
                    && self.side() < 16
                    && self.fixed[h].size() as usize + 3 >= self.side())
                {
                    self.gac(h)?;
                }
                continue;
            }
            if !self.cfg.gac {
                self.clear_gac();
            }
            return Ok(());
        }
    }

    fn naked(&mut self, c: usize) -> Prop {
        let bit = self.dom[c];
        let v = bit.trailing_zeros() as usize;
        let meta = self.cell_meta[c];
        // House by house, the other cells that hold the value, from its places there (a peer in
        // two of the cell's houses has lost it by the time the second is read): the same
        // removals in the same order as a walk over the peers.
        for &e in Self::cell_houses(&meta) {
            let (h, pos) = house_pos(e);
            let base = h * self.side();
            let at = D::bit(pos);
            let mut holders = self.places[base + v] & !at;
            while holders != D::ZERO {
                let i = holders.trailing_zeros() as usize;
                holders = holders.without_lowest();
                self.remove_value(self.house_cells[base + i] as usize, bit, h)?;
            }
            // The value's one place in this house, set once all its holders have lost it (a
            // contradiction on the way leaves the places of those not reached, which undo
            // needs).
            self.places[base + v] = at;
        }
        Ok(())
    }

    /// [`Core::remove`] of one value `bit` that cell `c` holds, for the naked singles of house
    /// `h`: no loop over the values gone, and the value's places in `h` are left to the caller
    /// (one store, where a removal for each holder would find the value placed there).
    #[inline(always)]
    fn remove_value(&mut self, c: usize, bit: D, h: usize) -> Prop {
        let old = self.dom[c];
        let new = old & !bit;
        let single = self.narrow(c, old, new, h)?;
        let v = bit.trailing_zeros() as usize;
        let skip = h;
        let (meta, empty) = self.in_houses(c, new, single, |s, h, pos, empty| {
            if h != skip {
                s.lose_place(h, pos, v, empty);
            }
        });
        self.removed(meta, bit, empty)
    }

    /// What a narrowing of cell `c` to `new` changes in each of its houses: the house is
    /// queued for GAC, gains a fixed value when the cell became `single`, and `lose` takes the
    /// places of the values gone (house, position of the cell, the house left with a value
    /// and no place). Returns the cell's packed entry and that house.
    #[inline(always)]
    fn in_houses(
        &mut self,
        c: usize,
        new: D,
        single: bool,
        mut lose: impl FnMut(&mut Self, usize, usize, &mut Option<usize>),
    ) -> ([u16; 8], Option<usize>) {
        let meta = self.cell_meta[c];
        let mut empty = None;
        for &e in Self::cell_houses(&meta) {
            let (h, pos) = house_pos(e);
            self.queue_gac(h);
            if single {
                self.fixed[h] |= new;
            }
            lose(self, h, pos, &mut empty);
        }
        (meta, empty)
    }

    /// Hidden single: value `v` has one place left in house `h` (`hv = h << 8 | v`), unless
    /// that changed since it was queued or the place already holds it alone.
    fn hidden(&mut self, hv: usize) -> Prop {
        let (h, v) = (hv >> 8, hv & 0xFF);
        let base = h * self.side();
        let at = self.places[base + v];
        if !at.is_power_of_two() || self.fixed[h].has(v) {
            return Ok(());
        }
        let c = self.house_cells[base + at.trailing_zeros() as usize] as usize;
        self.remove(c, !D::bit(v), h)
    }

    /// Pointing and claiming on every box/row and box/column intersection.
    fn boxline(&mut self) -> Prop {
        // The box size as a constant: the loops over a band's n lines and n boxes unroll (on
        // 9x9 this took a pass from about 8600 instructions to 4100, removals included).
        match self.n() {
            2 => self.boxline_n::<2>(),
            3 => self.boxline_n::<3>(),
            4 => self.boxline_n::<4>(),
            5 => self.boxline_n::<5>(),
            6 => self.boxline_n::<6>(),
            7 => self.boxline_n::<7>(),
            8 => self.boxline_n::<8>(),
            9 => self.boxline_n::<9>(),
            10 => self.boxline_n::<10>(),
            _ => self.boxline_n::<11>(),
        }
    }

    /// [`Core::boxline`] for box size `N`.
    fn boxline_n<const N: usize>(&mut self) -> Prop {
        let (n, side) = (N, self.side());
        // Only bands (for rows) and stacks (for columns) with a change since the last pass: the
        // inferences of a band involve its cells only.
        let dirty = [self.band_dirty, self.stack_dirty];
        self.band_dirty = 0;
        self.stack_dirty = 0;
        let keep_segs = self.cfg.band_matching && n >= 4;
        // First every segment union of the dirty bands and stacks, as the candidates stand
        // (`self.seg[dir * side * n + l * n + b]`: line l's cells in the b-th box of its band),
        // then the inferences: the order of the removals (and so where a contradiction shows,
        // which dom/wdeg weighs) does not depend on how the work is laid out.
        for dir in 0..2 {
            let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
            let mut band_bits = dirty[dir];
            while band_bits != 0 {
                let band = band_bits.trailing_zeros() as usize;
                band_bits &= band_bits - 1;
                for l in band * n..band * n + n {
                    for b in 0..n {
                        let mut m = D::ZERO;
                        for k in 0..n {
                            m |= self.dom[at(l, b * n + k)];
                        }
                        self.seg[dir * side * n + l * n + b] = m;
                    }
                }
            }
        }
        for dir in 0..2 {
            // Cell at position p of line l (a row for dir 0, a column for dir 1).
            let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
            let mut band_bits = dirty[dir];
            while band_bits != 0 {
                let band = band_bits.trailing_zeros() as usize;
                band_bits &= band_bits - 1;
                // seg[i][b]: union of the band's i-th line's cells in its b-th box.
                let mut seg = [[D::ZERO; N]; N];
                for (i, line_segs) in seg.iter_mut().enumerate() {
                    let base = dir * side * n + (band * n + i) * n;
                    line_segs.copy_from_slice(&self.seg[base..base + n]);
                }
                // A value in two segments or more of a box (of a line): `twice_box`,
                // `twice_line`. Then for segment s of a line and a box: s & !twice_line is
                // only there along the line (claiming), s & !twice_box only there within the
                // box (pointing).
                let mut twice_box = [D::ZERO; N];
                let mut open_vals = D::ZERO;
                for (b, twice) in twice_box.iter_mut().enumerate() {
                    let mut once = D::ZERO;
                    for line_segs in &seg {
                        *twice |= once & line_segs[b];
                        once |= line_segs[b];
                    }
                    open_vals |= *twice;
                }
                for (i, line_segs) in seg.iter().enumerate() {
                    let (mut once, mut twice_line) = (D::ZERO, D::ZERO);
                    for &m in line_segs {
                        twice_line |= once & m;
                        once |= m;
                    }
                    let line = band * n + i;
                    for (b, &s) in line_segs.iter().enumerate() {
                        let claim = s & !twice_line & twice_box[b];
                        if claim != D::ZERO {
                            let box_house = if dir == 0 {
                                2 * side + band * n + b
                            } else {
                                2 * side + b * n + band
                            };
                            for o in band * n..band * n + n {
                                if o != line {
                                    for k in 0..n {
                                        self.remove(at(o, b * n + k), claim, box_house)?;
                                    }
                                }
                            }
                        }
                        let point = s & !twice_box[b] & twice_line;
                        if point != D::ZERO {
                            for o in 0..n {
                                if o != b {
                                    for k in 0..n {
                                        self.remove(at(line, o * n + k), point, dir * side + line)?;
                                    }
                                }
                            }
                        }
                    }
                }
                // With n <= 3 boxes a band's Hall sets are the one-element ones or their
                // complements: pointing and claiming already reach the same fixpoint.
                if keep_segs {
                    let vals = open_vals & self.band_vals[dir * n + band];
                    self.band_vals[dir * n + band] = D::ZERO;
                    self.band_matching(dir, band, vals)?;
                }
            }
        }
        Ok(())
    }

    /// Per value, the n lines of a band (`dir` 0: rows, 1: columns) and its n boxes form a
    /// permutation: the value lies once in each line and once in each box. A line-box segment
    /// that no such permutation uses loses the value (GAC on that permutation; pointing and
    /// claiming are its one-element cases). Reads the segment unions `seg` (a superset of the
    /// current candidates when earlier removals made them stale, which only weakens it).
    /// Only the values in `open_vals` (in two segments or more of some box) are looked at.
    fn band_matching(&mut self, dir: usize, band: usize, open_vals: D) -> Prop {
        let (n, side) = (self.n(), self.side());
        let seg = dir * side * n;
        let at = |l: usize, p: usize| if dir == 0 { l * side + p } else { p * side + l };
        let mut vals = open_vals;
        while vals != D::ZERO {
            let v = vals.trailing_zeros() as usize;
            vals = vals.without_lowest();
            // lines[b]: the lines of the band whose segment in box b may hold v.
            let mut lines = [0u16; 11];
            let mut open = false;
            for (b, m) in lines.iter_mut().enumerate().take(n) {
                for i in 0..n {
                    if self.seg[seg + (band * n + i) * n + b].has(v) {
                        *m |= 1 << i;
                    }
                }
                open |= !m.is_power_of_two();
            }
            if !open {
                continue;
            }
            let before = lines;
            let box_house = |b: usize| {
                if dir == 0 {
                    2 * side + band * n + b
                } else {
                    2 * side + b * n + band
                }
            };
            if !permutation_supports(&mut lines[..n]) {
                self.bump(box_house(0));
                return Err(Fail);
            }
            for b in 0..n {
                let mut gone = before[b] & !lines[b];
                while gone != 0 {
                    let i = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    for k in 0..n {
                        self.remove(at(band * n + i, b * n + k), D::bit(v), box_house(b))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Sudoku-X: pointing and claiming where a diagonal crosses a box (n cells).
    fn diagbox(&mut self) -> Prop {
        let (n, side) = (self.n(), self.side());
        for d in 0..2 {
            let dh = 3 * side + d;
            let on_diag = |c: usize| {
                if d == 0 {
                    c / side == c % side
                } else {
                    c / side + c % side == side - 1
                }
            };
            let mut segs = [D::ZERO; 11];
            let (mut once, mut twice) = (D::ZERO, D::ZERO);
            for (k, seg) in segs.iter_mut().enumerate().take(n) {
                for i in k * n..k * n + n {
                    *seg |= self.dom[self.house_cells[dh * side + i] as usize];
                }
                twice |= once & *seg;
                once |= *seg;
            }
            for k in 0..n {
                let b = if d == 0 { k * n + k } else { k * n + n - 1 - k };
                let bh = 2 * side + b;
                let mut box_rest = D::ZERO;
                for i in 0..side {
                    let c = self.house_cells[bh * side + i] as usize;
                    if !on_diag(c) {
                        box_rest |= self.dom[c];
                    }
                }
                // Only in this box along the diagonal: out of the rest of the box.
                let claim = segs[k] & !twice & box_rest;
                if claim != D::ZERO {
                    for i in 0..side {
                        let c = self.house_cells[bh * side + i] as usize;
                        if !on_diag(c) {
                            self.remove(c, claim, bh)?;
                        }
                    }
                }
                // Only on the diagonal within the box: out of the rest of the diagonal.
                let point = segs[k] & !box_rest & twice;
                if point != D::ZERO {
                    for i in (0..side).filter(|i| i / n != k) {
                        let c = self.house_cells[dh * side + i] as usize;
                        self.remove(c, point, dh)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether GAC on house `h` may prune a candidate or fail (side below 16). It cannot when
    /// the house is clean (its fixed cells hold distinct values that no open cell holds, and
    /// the open cells hold every other value) and has no Hall set: `k` open cells (`1 <= k <
    /// open`) whose candidates are `k` values or fewer. A pruning needs one (the values of a
    /// Hall set leave the other cells), and so does a house without a perfect matching (a
    /// smallest set of cells with fewer values, less one cell, is one).
    ///
    /// A Hall set of `k` cells leaves the other `open - k` values in the other `open - k`
    /// cells (a hidden set). So first, by counts: some `k` needs `k` cells of `k` candidates
    /// or fewer and `open - k` values of `open - k` places or fewer. Then, with 7 open cells
    /// or fewer, exactly: a Hall set or a hidden set of 3 or fewer (one side of every Hall
    /// set is), found among the cells of 3 candidates or fewer and the values of 3 places or
    /// fewer.
    fn gac_may_prune(&self, h: usize) -> bool {
        let side = self.side();
        debug_assert!(side < 16);
        let cells = &self.house_cells[h * side..(h + 1) * side];
        // by_size[s]: open cells with s candidates; by_places[p]: open values with p places.
        let (mut by_size, mut by_places) = ([0u8; 16], [0u8; 16]);
        let mut open_doms = [D::ZERO; 16];
        let (mut fixed, mut twice, mut union, mut open) = (D::ZERO, D::ZERO, D::ZERO, 0usize);
        // Without a branch per cell (whether a cell is fixed is data: it mispredicted 40% of
        // the time); a fixed cell counts in `by_size[1]`, cleared after.
        for &c in cells {
            let d = self.dom[c as usize];
            let single = d.is_power_of_two();
            let fixed_mask = D::bit_if(0, single).wrapping_neg();
            twice |= fixed & d & fixed_mask;
            fixed |= d & fixed_mask;
            union |= d & !fixed_mask;
            open_doms[open & 15] = d;
            open += usize::from(!single);
            by_size[d.size() as usize & 15] += 1;
        }
        by_size[1] = 0;
        if twice != D::ZERO || union & fixed != D::ZERO || union != self.full & !fixed {
            return true;
        }
        let places = &self.places[h * side..(h + 1) * side];
        let mut m = union;
        while m != D::ZERO {
            by_places[places[m.trailing_zeros() as usize].size() as usize & 15] += 1;
            m = m.without_lowest();
        }
        if by_places[0] + by_places[1] > 0 {
            return true;
        }
        // For k = 1, 2, ..: cells of k candidates or fewer, and values of more than open - k
        // places (the others, open minus those, must be open - k at least).
        let (mut small_cells, mut many_places) = (0, 0);
        let mut sizes = 0u32; // the k that pass
        for k in 1..open {
            small_cells += usize::from(by_size[k]);
            many_places += usize::from(by_places[open - k + 1]);
            if small_cells >= k && many_places <= k {
                sizes |= 1 << k;
            }
        }
        if sizes == 0 {
            return false;
        }
        if open > 7 {
            return true;
        }
        // Every k here is 2..=open - 2 (no cell of one candidate, no value of one place), so
        // k or open - k is 3 at most.
        let open_doms = &open_doms[..open];
        while sizes != 0 {
            let k = sizes.trailing_zeros() as usize;
            sizes &= sizes - 1;
            let found = if k <= 3 {
                let mut sets = [D::ZERO; 16];
                let mut n = 0;
                for &d in open_doms {
                    if d.size() as usize <= k {
                        sets[n] = d;
                        n += 1;
                    }
                }
                has_hall_set(&sets[..n], k, |u: D| u.size() as usize)
            } else {
                // The values' places (positions in the house: only open cells hold them).
                let j = open - k;
                let mut sets = [D::ZERO; 16];
                let mut n = 0;
                let mut vals = union;
                while vals != D::ZERO {
                    let at = places[vals.trailing_zeros() as usize];
                    vals = vals.without_lowest();
                    if at.size() as usize <= j {
                        sets[n] = at;
                        n += 1;
                    }
                }
                has_hall_set(&sets[..n], j, |u: D| u.size() as usize)
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Generalised arc consistency of house `h`'s all-different constraint.
    fn gac(&mut self, h: usize) -> Prop {
        let side = self.side();
        let base = h * side;
        // Every value placed (the hint holds only values of cells with one candidate): done.
        if self.fixed[h] == self.full {
            return Ok(());
        }
        // On 4x4 and 9x9 a cheap count rules out 60% of the calls on the 17-clue set (it rules out
        // 15% on 16x16 and 1-4% on 36x36 to 81x81, where it would cost more than it saves).
        if side < 16 && !self.gac_may_prune(h) {
            return Ok(());
        }
        // Repair the kept matching: unmatch the pairs whose value is gone; skip fixed houses.
        let mut free_vars: D = D::ZERO;
        let mut fixed_vals = D::ZERO;
        // From 16x16 up, sizes[s]: open cells with s candidates, for the Hall-set test below
        // (smaller houses had the finer test above).
        let large = side >= 16;
        let mut sizes = [0u8; 129];
        let mut open = 0usize;
        let mut open_vals = D::ZERO;
        for i in 0..side {
            let d = self.dom[self.house_cells[base + i] as usize];
            if d.is_power_of_two() {
                fixed_vals |= d;
            } else {
                if large {
                    sizes[d.count_ones() as usize] += 1;
                }
                open += 1;
                open_vals |= d;
            }
            let v = self.var_val[base + i];
            if v == NONE || !d.has(usize::from(v)) {
                if v != NONE {
                    self.val_var[base + v as usize] = NONE;
                    self.var_val[base + i] = NONE;
                }
                free_vars |= D::bit(i);
            }
        }
        if open == 0 {
            return Ok(());
        }
        // The open cells share exactly the values not placed (as propagation leaves them) and
        // no Hall set can hide among them: nothing to prune.
        if large
            && open_vals & fixed_vals == D::ZERO
            && open_vals.count_ones() as usize == open
            && fixed_vals.count_ones() as usize + open == side
            && !may_hold_hall_set(&sizes, open)
        {
            return Ok(());
        }
        if free_vars != D::ZERO {
            let mut free_vals = D::ZERO;
            for v in 0..side {
                if self.val_var[base + v] == NONE {
                    free_vals |= D::bit(v);
                }
            }
            while free_vars != D::ZERO {
                let i = free_vars.trailing_zeros() as usize;
                free_vars = free_vars.without_lowest();
                let d = self.dom[self.house_cells[base + i] as usize];
                if d & free_vals != D::ZERO {
                    let v = (d & free_vals).trailing_zeros() as usize;
                    free_vals &= !(D::bit(v));
                    self.var_val[base + i] = v as u8;
                    self.val_var[base + v] = i as u8;
                } else if let Some(v) = self.augment(base, i, free_vals) {
                    free_vals &= !(D::bit(v));
                } else {
                    self.bump(h);
                    return Err(Fail);
                }
            }
        }
        // Values held by fixed cells are matched to them (a perfect matching has no choice
        // there): they are components of their own.
        self.scc(base, fixed_vals);
        for i in 0..side {
            let c = self.house_cells[base + i] as usize;
            let allowed = self.scratch.comp[self.var_val[base + i] as usize];
            if self.dom[c] & !allowed != D::ZERO {
                self.remove(c, !allowed, h)?;
            }
        }
        Ok(())
    }

    /// An augmenting path from free cell `i` (house cells at `base`) to a free value, by depth
    /// first search over values; flips it and returns the free value it ended on.
    fn augment(&mut self, base: usize, i: usize, free_vals: D) -> Option<usize> {
        let path = &mut self.scratch.path;
        path.clear();
        let mut visited = D::ZERO;
        let mut var = i;
        // Each path entry: (cell index, candidates not yet tried from it).
        let d = self.dom[self.house_cells[base + var] as usize];
        path.push((var as u8, d));
        loop {
            let top = path.last_mut()?;
            let cand = top.1 & !visited;
            if cand == D::ZERO {
                path.pop();
                continue;
            }
            let v = cand.trailing_zeros() as usize;
            top.1 &= !(D::bit(v));
            visited |= D::bit(v);
            if free_vals.has(v) {
                flip_path(
                    path,
                    v,
                    &mut self.var_val[base..],
                    &mut self.val_var[base..],
                );
                return Some(v);
            }
            var = self.val_var[base + v] as usize;
            let d = self.dom[self.house_cells[base + var] as usize];
            path.push((var as u8, d & !visited));
        }
    }

    /// Tarjan's strongly connected components over value nodes: value `u` -> every other
    /// candidate of the cell matched to `u`. Leaves each value's component mask in
    /// `scratch.comp`.
    fn scc(&mut self, base: usize, fixed_vals: D) {
        let s = &mut self.scratch;
        let mut m = fixed_vals;
        while m != D::ZERO {
            let v = m.trailing_zeros() as usize;
            m = m.without_lowest();
            s.comp[v] = D::bit(v);
        }
        let open = self.full & !fixed_vals;
        // Fast path: the open values form one component (nothing to prune among them), found
        // by a forward and a backward closure over bitsets.
        if open != D::ZERO {
            let succ = |u: usize| {
                self.dom[self.house_cells[base + self.val_var[base + u] as usize] as usize]
            };
            let start = open.lowest();
            let (mut reach, mut frontier) = (start, start);
            while frontier != D::ZERO {
                let mut next = D::ZERO;
                let mut f = frontier;
                while f != D::ZERO {
                    next |= succ(f.trailing_zeros() as usize);
                    f = f.without_lowest();
                }
                frontier = next & open & !reach;
                reach |= frontier;
            }
            if reach == open {
                let mut back = start;
                loop {
                    let before = back;
                    let mut rest = open & !back;
                    while rest != D::ZERO {
                        let u = rest.trailing_zeros() as usize;
                        rest = rest.without_lowest();
                        if succ(u) & back != D::ZERO {
                            back |= D::bit(u);
                        }
                    }
                    if back == before || back == open {
                        break;
                    }
                }
                if back == open {
                    let mut m = open;
                    while m != D::ZERO {
                        s.comp[m.trailing_zeros() as usize] = open;
                        m = m.without_lowest();
                    }
                    return;
                }
            }
        }
        let succ = |u: usize| {
            self.dom[self.house_cells[base + self.val_var[base + u] as usize] as usize]
                & !(D::bit(u))
        };
        s.tarjan.run(open, fixed_vals, succ, &mut s.comp);
    }

    // ---------------------------------------------------------------- search

    fn choose(&self) -> Option<usize> {
        let mut best: Option<(usize, u64, u64)> = None; // cell, size, weight
        // Band by band on sparse grids: only the first band with open cells. Filled by fewest
        // candidates anywhere, a nearly empty grid ends with a few boxes in two bands whose rows
        // and columns cannot be completed any more, and the choices that caused it lie far up
        // the search; band by band, a dead end is nearly always within the band being filled.
        let cells = if self.band_first {
            let band = self.side() * self.n();
            let first = self.dom.iter().position(|d| !d.is_power_of_two())?;
            let start = first / band * band;
            start..start + band
        } else {
            0..self.dom.len()
        };
        for c in cells {
            let d = self.dom[c];
            if d.is_power_of_two() {
                continue;
            }
            let size = u64::from(d.size());
            let w = match self.cfg.branch {
                Branch::MinDom => {
                    if size == 2 {
                        return Some(c);
                    }
                    1
                }
                Branch::HouseWdeg => u64::from(self.cell_wdeg[c]),
            };
            // size / w < best_size / best_w
            if best.is_none_or(|(_, bs, bw)| size * bw < bs * w) {
                best = Some((c, size, w));
            }
        }
        best.map(|(c, _, _)| c)
    }

    fn out_of_time(&mut self) -> bool {
        self.ticks = self.ticks.wrapping_add(1);
        if let Some(t) = self.deadline
            && (self.side() >= 25 || self.ticks.is_multiple_of(64))
            && Instant::now() >= t
        {
            self.stats.timed_out = true;
            return true;
        }
        false
    }

    /// Restores the candidates as they were when the trail was `mark` long.
    fn undo(&mut self, mark: usize) {
        let side = self.side();
        while self.trail.len() > mark {
            let (c, old) = self.trail.pop().expect("trail");
            let c = c as usize;
            let cur = self.dom[c];
            let unfix = cur.is_power_of_two();
            if unfix {
                self.phase[c] = cur;
            }
            for &e in Self::cell_houses(&self.cell_meta[c]) {
                let (h, pos) = house_pos(e);
                if unfix {
                    self.fixed[h] &= !cur;
                }
                let bit = D::bit(pos);
                let mut back = old & !cur;
                while back != D::ZERO {
                    self.places[h * side + back.trailing_zeros() as usize] |= bit;
                    back = back.without_lowest();
                }
            }
            self.dom[c] = old;
        }
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// The value bit to try first in cell `c`: the one it last held alone if still possible, else
    /// the lowest, or a random one when restarting.
    fn pick_value(&mut self, c: usize, random: bool) -> D {
        let mut d = self.dom[c];
        // Phase saving: the value the cell last held, when it still may (restarts then resume
        // the fill they threw away instead of drawing it anew).
        if self.phase[c] & d != D::ZERO {
            return self.phase[c];
        }
        if random {
            let k = ((self.next_random() >> 32) * u64::from(d.count_ones())) >> 32;
            for _ in 0..k {
                d = d.without_lowest();
            }
        }
        d.lowest()
    }

    /// A restart of the band-by-band fill: back to the start of the band being filled, and one
    /// band further back after every four restarts in the same band. The cells undone get
    /// fresh values (their saved phases are dropped). Returns how many guesses to keep and the
    /// trail length to undo to.
    fn local_restart(
        &mut self,
        guesses: &[(u32, D, usize)],
        local: &mut (usize, u32),
    ) -> (usize, usize) {
        let band_cells = self.side() * self.n();
        let Some(&(c, _, _)) = guesses.last() else {
            return (0, 0);
        };
        let band = c as usize / band_cells;
        if local.0 == band {
            local.1 += 1;
        } else {
            *local = (band, 1);
        }
        let target = band.saturating_sub(local.1 as usize / 4);
        let keep = guesses
            .iter()
            .position(|g| g.0 as usize / band_cells >= target)
            .unwrap_or(0);
        for p in &mut self.phase[target * band_cells..] {
            *p = D::ZERO;
        }
        (keep, guesses.get(keep).map_or(0, |g| g.2))
    }

    /// The completion of a shuffled pattern grid that fits the cells fixed now (see
    /// [`crate::pattern`]), set as every cell's phase; `None` when none fits.
    fn fit_pattern(&mut self) -> Option<Vec<u8>> {
        let fixed: Vec<u8> = self
            .dom
            .iter()
            .map(|d| {
                if d.is_power_of_two() {
                    d.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        let grid = crate::pattern::fit(self.n(), self.x(), &fixed)?;
        // A solution of the givens keeps every value root propagation left; check anyway.
        if grid
            .iter()
            .zip(&self.dom)
            .any(|(&v, &d)| !d.has(usize::from(v) - 1))
        {
            return None;
        }
        for (p, &v) in self.phase.iter_mut().zip(&grid) {
            *p = D::bit(usize::from(v) - 1);
        }
        self.stats.pattern = true;
        Some(grid)
    }

    fn search(
        &mut self,
        out: &mut [u8],
        guesses: &mut Vec<(u32, D, usize)>,
        visitor: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) {
        // Open guesses: (cell, value bit, trail length before the guess).
        self.trail.clear();
        let mut ok = self.propagate().is_ok();
        if !ok {
            return;
        }
        self.trail.clear();
        // Open cells holding a third of the values or more on average: an under-constrained
        // grid (up to about 30% givens), where the learning search's model is huge (up to 1.8 M
        // variables on an empty 121x121) and dom/wdeg fills it band by band with few failures
        // (64x64 at 30% givens: 0.1-0.3 s against 3.8 s; 81x81 at 30%: 7 s against not in 8 s).
        // Sudoku-X grids count as sparse only when their open cells hold half the values, and
        // are filled band by band too, up to the first solution like the others (enumerating a
        // 16x16 X with 2433 solutions that way took 18 s): empty X grids went from 1.0 s to 0.2 s
        // on 64x64 and from not solved in 20 s to 0.8-3.7 s on 81x81 to 121x121, and 64x64 X
        // at 10-20% givens from 1-3.6 s or not in 10 s to 0.13-0.2 s, while the diagonals cross
        // every band.
        let (mut open, mut open_values) = (0usize, 0usize);
        for d in self.dom.iter().filter(|d| !d.is_power_of_two()) {
            open += 1;
            open_values += d.count_ones() as usize;
        }
        self.stats.open_at_root = open;
        let share = if self.x() { 2 } else { 3 };
        let sparse = open > 0 && share * open_values >= open * self.side();
        self.band_first = self.n() >= 4 && sparse;
        let learn = match self.cfg.learn {
            Learn::Off => false,
            Learn::Large => self.side() >= 16 && !sparse,
            Learn::Always => true,
        };
        let hint = if self.cfg.pattern && self.n() >= 4 && open > 0 {
            self.fit_pattern()
        } else {
            None
        };
        if learn && self.stats.open_at_root > 0 {
            let mut dom = std::mem::take(&mut self.dom128);
            dom.clear();
            dom.extend(self.dom.iter().map(|d| d.to_u128()));
            let st = self.cdcl.run(
                &dom,
                &self.house_cells,
                self.side(),
                self.deadline,
                hint.as_deref(),
                out,
                visitor,
            );
            self.stats.solutions = st.solutions;
            self.stats.guesses = st.decisions;
            self.stats.fails = st.conflicts;
            self.stats.timed_out = st.timed_out;
            self.dom128 = dom;
            return;
        }
        // Restarts (Luby sequence of failure budgets) until the first solution. If any restart
        // happened, the search for more solutions then starts over from the root without
        // restarts, and the first solution met again counts as a failure.
        let mut restarting = self.cfg.restarts;
        let mut restarts = 0u32;
        // A restart throws away a fill of every open cell: on grids with thousands open, a
        // budget of 64 failures cut each attempt short (an empty 121x121 never finished).
        let base = RESTART_BASE * (self.stats.open_at_root as u64 / 1024).max(1);
        let mut budget = base * luby(1);
        let mut fails_at_restart = 0u64;
        // Band-by-band restarts: (band, restarts there so far).
        let mut local = (usize::MAX, 0u32);
        let mut known = std::mem::take(&mut self.known);
        known.clear();
        loop {
            if self.out_of_time() {
                break;
            }
            if restarting && self.stats.fails - fails_at_restart >= budget {
                restarts += 1;
                budget = base * luby(restarts + 1);
                fails_at_restart = self.stats.fails;
                let (keep, mark) = if self.band_first {
                    self.local_restart(guesses, &mut local)
                } else {
                    (0, 0)
                };
                guesses.truncate(keep);
                self.clear_pending();
                self.undo(mark);
                ok = true;
            }
            if ok {
                if let Some(c) = self.choose() {
                    let v = self.pick_value(c, restarting);
                    guesses.push((c as u32, v, self.trail.len()));
                    self.stats.guesses += 1;
                    let h = house_pos(self.cell_meta[c][0]).0;
                    ok = self.remove(c, !v, h).is_ok() && self.propagate().is_ok();
                    continue;
                }
                for (o, &d) in out.iter_mut().zip(&self.dom) {
                    *o = d.trailing_zeros() as u8 + 1;
                }
                if known.iter().any(|k| k[..] == out[..]) {
                    ok = false;
                } else {
                    self.stats.solutions += 1;
                    // Band by band finds a first solution; counting on, it would walk the
                    // bands' dead ends again for each solution.
                    self.band_first = false;
                    if visitor(out).is_break() {
                        break;
                    }
                    if restarting {
                        restarting = false;
                        // With no restart, this search goes on and meets no solution twice.
                        if restarts > 0 {
                            known.push(out.to_vec());
                            guesses.clear();
                            self.clear_pending();
                            self.undo(0);
                            continue;
                        }
                    }
                }
            }
            if !ok {
                self.stats.fails += 1;
            }
            // Backtrack: undo the latest guess and take its other branch.
            self.clear_pending();
            let Some((c, v, mark)) = guesses.pop() else {
                break;
            };
            self.undo(mark);
            let h = house_pos(self.cell_meta[c as usize][0]).0;
            ok = self.remove(c as usize, v, h).is_ok() && self.propagate().is_ok();
        }
        self.known = known;
    }
}

/// A house of a cell and the cell's position in it, from an entry of [`Core::cell_houses`].
#[inline(always)]
fn house_pos(e: u16) -> (usize, usize) {
    (usize::from(e & 0x1FF), usize::from(e >> 9))
}

/// Whether a house whose `open` cells share `open` values and have the candidate counts `sizes`
/// (`sizes[s]`: open cells with `s` candidates) may hold a Hall set, the only thing GAC prunes
/// with. A set of `t < open` cells whose candidates number `t` in all needs `t` cells of `t`
/// candidates or fewer; when no `t` has that many, there is a perfect matching and every value
/// of every cell is in one, so the matching and components would remove nothing. This skips
/// nearly every house of a sparse grid. (`gac_may_prune` makes the same count on 4x4 and 9x9,
/// plus the values' side and small sets, in a pass of its own.)
fn may_hold_hall_set(sizes: &[u8; 129], open: usize) -> bool {
    let mut at_most = 0usize;
    for (t, &k) in sizes.iter().enumerate().take(open).skip(2) {
        at_most += usize::from(k);
        if at_most >= t {
            return true;
        }
    }
    false
}

/// Flips an augmenting path that reached free value `v`: each cell on `path` (a stack of (cell,
/// untried values), the free cell at the bottom) takes the value the path reached from it, in the
/// matching `cell_val` / `val_cell` of one house (`NONE`: unmatched).
pub(crate) fn flip_path<T>(
    path: &mut Vec<(u8, T)>,
    v: usize,
    cell_val: &mut [u8],
    val_cell: &mut [u8],
) {
    let mut val = v;
    while let Some((c, _)) = path.pop() {
        let c = c as usize;
        let prev = cell_val[c];
        cell_val[c] = val as u8;
        val_cell[val] = c as u8;
        if prev == NONE {
            break;
        }
        val = prev as usize;
    }
}

/// Generalised arc consistency of one all-different over at most 16 variables and values:
/// `doms[x]` is the set of values variable `x` may take, with as many values as variables.
/// Keeps in each domain the values some perfect matching gives it; false when none exists.
fn permutation_supports(doms: &mut [u16]) -> bool {
    let k = doms.len();
    // A perfect matching, by augmenting paths: mate[x] is x's value, owner[v] the converse.
    let mut mate = [u8::MAX; 16];
    let mut owner = [u8::MAX; 16];
    for x in 0..k {
        // Breadth-first search over values from x, `from[v]` the variable that reached v.
        let mut from = [u8::MAX; 16];
        let mut queue = [0u8; 16];
        let (mut head, mut tail) = (0, 1);
        queue[0] = x as u8;
        let mut seen = 0u16;
        let mut end = None;
        'search: while head < tail {
            let y = queue[head] as usize;
            head += 1;
            let mut m = doms[y] & !seen;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                seen |= 1 << v;
                from[v] = y as u8;
                if owner[v] == u8::MAX {
                    end = Some(v);
                    break 'search;
                }
                queue[tail] = owner[v];
                tail += 1;
            }
        }
        let Some(mut v) = end else {
            return false;
        };
        loop {
            let y = from[v] as usize;
            let prev = mate[y];
            mate[y] = v as u8;
            owner[v] = y as u8;
            if prev == u8::MAX {
                break;
            }
            v = prev as usize;
        }
    }
    // Value graph: v -> every other value of the variable matched to v. An edge x = w is kept
    // when w is x's own value or w and mate[x] reach each other (same component).
    let mut reach = [0u16; 16];
    for v in 0..k {
        reach[v] = doms[owner[v] as usize] | 1 << v;
    }
    for m in 0..k {
        for v in 0..k {
            if reach[v] >> m & 1 != 0 {
                reach[v] |= reach[m];
            }
        }
    }
    for x in 0..k {
        let u = mate[x] as usize;
        let mut keep = 0u16;
        let mut m = doms[x];
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            if reach[u] >> w & 1 != 0 && reach[w] >> u & 1 != 0 {
                keep |= 1 << w;
            }
        }
        doms[x] = keep;
    }
    true
}

/// Failures allowed before the first restart; later budgets follow the Luby sequence.
const RESTART_BASE: u64 = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    /// The values of each cell that some all-different assignment of the house supports.
    fn brute_supports(doms: &[u128]) -> Vec<u128> {
        fn go(doms: &[u128], i: usize, used: u128, pick: &mut Vec<usize>, sup: &mut [u128]) {
            if i == doms.len() {
                for (k, &v) in pick.iter().enumerate() {
                    sup[k] |= 1 << v;
                }
                return;
            }
            let mut m = doms[i] & !used;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                pick.push(v);
                go(doms, i + 1, used | 1 << v, pick, sup);
                pick.pop();
            }
        }
        let mut sup = vec![0; doms.len()];
        go(doms, 0, 0, &mut Vec::new(), &mut sup);
        sup
    }

    #[test]
    fn permutation_supports_matches_brute_force() {
        let mut rng = Rng::new(11);
        let mut pruned = 0;
        for round in 0..4000 {
            let k = 2 + rng.below(6);
            let doms: Vec<u16> = (0..k)
                .map(|_| {
                    let mut d = 0u16;
                    for _ in 0..=rng.below(if round % 2 == 0 { 3 } else { k }) {
                        d |= 1 << rng.below(k);
                    }
                    d
                })
                .collect();
            let sup: Vec<u16> =
                brute_supports(&doms.iter().map(|&d| u128::from(d)).collect::<Vec<_>>())
                    .iter()
                    .map(|&m| m as u16)
                    .collect();
            let mut got = doms.clone();
            let ok = permutation_supports(&mut got);
            if sup.contains(&0) {
                assert!(!ok, "round {round}: {doms:?} has no permutation");
            } else {
                assert!(ok, "round {round}: {doms:?} has a permutation");
                assert_eq!(got, sup, "round {round}: {doms:?}");
                pruned += usize::from(got != doms);
            }
        }
        assert!(pruned > 100, "the test exercises pruning ({pruned})");
    }

    #[test]
    fn large_house_skips_only_what_prunes_nothing() {
        // 16x16, row 0: clean houses (distinct fixed values, open cells holding the values not
        // placed, each its value of one solution plus random others). GAC must leave exactly
        // the brute-force supports, whether the Hall-set count skips the house or not.
        let mut rng = Rng::new(5);
        let mut s = Core::<u16, 0>::new(&Shape::square(4).unwrap(), false, Config::default());
        let (mut skipped, mut pruned) = (0, 0);
        for round in 0..1500 {
            s.dom.fill(s.full);
            let mut perm: Vec<usize> = (0..16).collect();
            for i in (1..16).rev() {
                perm.swap(i, rng.below(i + 1));
            }
            let fixed = 8 + rng.below(5);
            for (c, &v) in perm.iter().enumerate() {
                let mut d = 1u16 << v;
                if c >= fixed {
                    // At least one other open value (never a placed one); every other round
                    // many, so that no Hall set is left to find.
                    let others = 16 - fixed;
                    let extras = if round % 2 == 0 {
                        2 * others
                    } else {
                        1 + rng.below(others - 1)
                    };
                    for _ in 0..extras {
                        let j = (c - fixed + 1 + rng.below(others - 1)) % others;
                        d |= 1 << perm[fixed + j];
                    }
                }
                s.dom[c] = d;
            }
            let doms: Vec<u128> = (0..16).map(|c| u128::from(s.dom[c])).collect();
            let sup = brute_supports(&doms);
            let mut sizes = [0u8; 129];
            let open: Vec<u16> = (0..16)
                .map(|c| s.dom[c])
                .filter(|d| d.count_ones() > 1)
                .collect();
            for d in &open {
                sizes[d.count_ones() as usize] += 1;
            }
            if !open.is_empty() && !may_hold_hall_set(&sizes, open.len()) {
                assert_eq!(sup, doms, "round {round}: {doms:?} skipped but prunes");
                skipped += 1;
            }
            s.clear_pending();
            s.recount();
            assert!(s.gac(0).is_ok(), "round {round}: {doms:?}");
            let got: Vec<u128> = (0..16).map(|c| u128::from(s.dom[c])).collect();
            assert_eq!(got, sup, "round {round}: {doms:?}");
            pruned += usize::from(got != doms);
        }
        assert!(skipped > 100, "the test exercises the skip ({skipped})");
        assert!(pruned > 100, "the test exercises pruning ({pruned})");
    }

    /// The first 50 solutions in the order found, the guesses and the contradictions.
    fn first_solutions<const K: usize>(
        core: &mut Core<u16, K>,
        cells: &[u8],
    ) -> (Vec<Vec<u8>>, u64, u64) {
        let mut sols = Vec::new();
        let stats = core.visit_cells(cells, None, &mut |s| {
            sols.push(s.to_vec());
            if sols.len() < 50 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        (sols, stats.guesses, stats.fails)
    }

    #[test]
    fn constant_box_size_changes_no_search() {
        // Plain 9x9 on the constant box size (K = 3: box/line before GAC, GAC queue as bits,
        // lowest first) and on the box size read at run time (K = 0: GAC first, first in, first
        // out): the same fixpoints, so with fewest-candidates branching the same solutions in
        // the same order, the same guesses and contradictions. Puzzles from 20 to 40 givens, many with several solutions, and
        // some with clashing givens.
        let cfg = Config {
            branch: Branch::MinDom,
            restarts: false,
            ..Config::default()
        };
        let mut fast = Core::<u16, 3>::new(&Shape::square(3).unwrap(), false, cfg);
        let mut slow = Core::<u16, 0>::new(&Shape::square(3).unwrap(), false, cfg);
        let mut rng = Rng::new(23);
        let (mut several, mut none) = (0, 0);
        for round in 0..400 {
            let keep = 20 + rng.below(21);
            let grid = crate::generate::solution_grid(3, &mut rng);
            let mut cells = crate::generate::remove_cells(&grid, keep, &mut rng)
                .bytes()
                .unwrap();
            if round % 5 == 4 {
                cells[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            let a = first_solutions(&mut fast, &cells);
            let b = first_solutions(&mut slow, &cells);
            assert_eq!(a, b, "round {round}: {cells:?}");
            several += usize::from(a.0.len() > 1);
            none += usize::from(a.0.is_empty());
        }
        assert!(
            several > 50 && none > 20,
            "{several} with several solutions, {none} with none"
        );
    }

    #[test]
    fn luby_sequence() {
        let l: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(l, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn gac_matches_brute_force_on_one_house() {
        let mut rng = Rng::new(3);
        let mut s = Core::<u16, 3>::new(&Shape::square(3).unwrap(), false, Config::default());
        let cells: Vec<usize> = (0..9).collect(); // row 0 is house 0
        let (mut pruned, mut skipped) = (0, 0);
        for round in 0..4500 {
            s.dom.fill(s.full);
            if round % 3 == 2 {
                // A clean house (what the cheap test looks at): some cells fixed to distinct
                // values, the others holding their value of one solution and random other
                // values not fixed.
                let mut perm: Vec<usize> = (0..9).collect();
                for i in (1..9).rev() {
                    perm.swap(i, rng.below(i + 1));
                }
                let fixed = rng.below(6);
                let fixed_vals: u16 = perm[..fixed].iter().map(|&v| 1u16 << v).sum();
                for (i, &c) in cells.iter().enumerate() {
                    let mut d = 1u16 << perm[i];
                    if i >= fixed {
                        for _ in 0..3 + rng.below(4) {
                            d |= 1 << rng.below(9);
                        }
                        d &= !fixed_vals;
                    }
                    s.dom[c] = d;
                }
            } else {
                for &c in &cells {
                    let mut d = 0u16;
                    let k = 1 + rng.below(if round % 3 == 0 { 4 } else { 9 });
                    for _ in 0..k {
                        d |= 1 << rng.below(9);
                    }
                    s.dom[c] = d;
                }
            }
            let doms: Vec<u128> = cells.iter().map(|&c| u128::from(s.dom[c])).collect();
            let sup = brute_supports(&doms);
            s.clear_pending();
            s.recount();
            // The cheap test may only rule out calls that prune nothing and find a matching.
            if !s.gac_may_prune(0) {
                assert_eq!(sup, doms, "round {round}: {doms:?} ruled out but prunes");
                skipped += 1;
            }
            let r = s.gac(0);
            if sup.contains(&0) {
                assert!(r.is_err(), "round {round}: {doms:?} has no assignment");
            } else {
                assert!(r.is_ok(), "round {round}: {doms:?} has an assignment");
                let got: Vec<u128> = cells.iter().map(|&c| u128::from(s.dom[c])).collect();
                assert_eq!(got, sup, "round {round}: {doms:?}");
                pruned += usize::from(got != doms);
            }
        }
        assert!(pruned > 100, "the test exercises pruning ({pruned})");
        assert!(
            skipped > 100,
            "the test exercises the cheap test ({skipped})"
        );
    }
}
