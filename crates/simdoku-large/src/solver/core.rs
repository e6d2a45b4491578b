//! The solver's state for one candidate word `D` and box size `K`: the geometry tables (each
//! house's cells, each cell's houses), the candidates and the per-house bookkeeping the rules
//! share, the GAC queue, and the entry point that loads a grid and runs the search. The rules
//! and the search add their methods to [`Core`] in the sibling modules; this one imports none
//! of them.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use simdoku_core::rng::Rng;

use super::queue::HouseQueue;
use crate::config::{Config, Stats};
use crate::dom::Dom;
use crate::matching::NONE;
use crate::portfolio::Link;
use crate::scc::Tarjan;
use crate::shape::Shape;

/// The solver on candidate sets of type `D`, for box size `K` when it is not 0 (plain Sudoku, no
/// diagonals: the box size, side and house count are then constants, so that house loops unroll
/// and index arithmetic folds; 9x9 only) and for any box size set at run time when it is 0.
#[derive(Clone, Debug)]
pub(super) struct Core<D: Dom, const K: usize> {
    pub(super) cfg: Config,
    /// The grid's houses and cells (fixed once built).
    pub(super) geo: Geometry<D>,

    // The candidates and what the rules read from them, all undone together (`domains`).
    pub(super) dom: Vec<D>,
    /// Undo log: (cell, candidates before a change).
    pub(super) trail: Vec<(u32, D)>,
    /// Cells left with one candidate, for naked singles.
    pub(super) queue: Vec<u32>,
    /// Per house and value (`h * side + v`): the cells of the house that still hold the value,
    /// one bit per position in the house (`house_cells` order). A removal clears a bit, and one
    /// bit left is a hidden single found at once; naked singles read their peers that hold the
    /// value from here (three words on 9x9, against a scan of 20 peers).
    pub(super) places: Vec<D>,
    /// Per house: the values held by a cell with one candidate (a hint: it may lack a value
    /// after undoing a contradictory state, which costs a needless check, never a wrong one).
    pub(super) fixed: Vec<D>,
    /// (house, value) pairs, as `h << 8 | v` (no division to take them apart), whose places
    /// dropped to one.
    pub(super) singles: Vec<u32>,
    /// Values given in each house (scratch for `load`).
    pub(super) house_used: Vec<D>,

    pub(super) gac_state: GacState<D>,
    pub(super) bands: Bands<D>,
    pub(super) branch: BranchState<D>,
    pub(super) run: Run<D>,
    pub(super) stats: Stats,
    /// The learning search, run after root propagation on most grids from 16x16 up.
    pub(super) cdcl: crate::cdcl::Cdcl,
}

/// The geometry: houses, their cells, and each cell's houses.
#[derive(Clone, Debug)]
pub(super) struct Geometry<D: Dom> {
    pub(super) shape: Shape,
    /// The box size of square boxes; 1 on other shapes (no bands: the rules on bands and
    /// stacks are off there).
    pub(super) n: usize,
    pub(super) side: usize,
    pub(super) x: bool,
    /// Every value of the side.
    pub(super) full: D,
    /// House `h`'s cells: `house_cells[h * side..][..side]`.
    pub(super) house_cells: Vec<u32>,
    pub(super) houses: usize,
    /// Per cell: its houses with its position in each, packed as `house | position << 9` (`[..5]`,
    /// the first `[5]` of them; see [`Core::cell_houses`] and [`house_pos`]), its band `[6]` and
    /// its stack `[7]`, in one bounds-checked load.
    pub(super) cell_meta: Vec<[u16; 8]>,
}

/// What GAC keeps between calls (`gac`): the houses waiting for it and each house's matching.
#[derive(Clone, Debug)]
pub(super) struct GacState<D: Dom> {
    /// Houses waiting for GAC, first in, first out (box size set at run time).
    pub(super) gac_list: HouseQueue,
    /// Houses waiting for GAC, one bit each, lowest first (constant box size).
    pub(super) gac_bits: u64,
    /// Matching per house: value index matched to the house's i-th cell, and the converse.
    pub(super) var_val: Vec<u8>,
    pub(super) val_var: Vec<u8>,
    pub(super) scratch: Scratch<D>,
}

/// What the band and stack rules keep (`intersections`).
#[derive(Clone, Debug)]
pub(super) struct Bands<D: Dom> {
    /// Bands (rows) and stacks (columns) changed since the last box/line pass, one bit each.
    pub(super) band_dirty: u32,
    pub(super) stack_dirty: u32,
    /// Values removed somewhere in each band (`band`) and stack (`n + stack`) since the band
    /// matching last looked at it.
    pub(super) band_vals: Vec<D>,
    /// Whether the band matching runs (`band_vals` is kept up to date only then).
    pub(super) keep_band_vals: bool,
    /// Segment unions: line `l`'s cells in the `b`-th box of its band, rows then columns.
    pub(super) seg: Vec<D>,
}

/// The seed of the random value order of restarts: the same at every search, so runs repeat.
const SEED: u64 = 1;

/// What the branching heuristics keep (`branch`).
#[derive(Clone, Debug)]
pub(super) struct BranchState<D: Dom> {
    /// Per house, contradictions found in it (plus one).
    pub(super) weights: Vec<u32>,
    /// Sum of the weights of each cell's houses.
    pub(super) cell_wdeg: Vec<u32>,
    /// Per cell, the value it last held alone before a backtrack undid it (phase saving).
    pub(super) phase: Vec<D>,
    /// Branch in the first band with open cells only (sparse grids, see `choose`).
    pub(super) band_first: bool,
    /// Which value a restart tries first; reset to [`SEED`] at each search.
    pub(super) rng: Rng,
}

/// One run's limits and buffers (`search`).
#[derive(Clone, Debug)]
pub(super) struct Run<D: Dom> {
    pub(super) out: Vec<u8>,
    /// The solution found while restarting.
    pub(super) known: Vec<Vec<u8>>,
    /// Open guesses: (cell, value bit, trail length before the guess).
    pub(super) open: Vec<(u32, D, usize)>,
    pub(super) deadline: Option<Instant>,
    pub(super) ticks: u32,
    /// The candidates handed to the learning search.
    pub(super) dom128: Vec<u128>,
    /// The portfolio this search belongs to, if any ([`crate::portfolio`]).
    pub(super) link: Option<Link>,
}

#[derive(Clone, Debug)]
pub(super) struct Scratch<D: Dom> {
    pub(super) tarjan: Tarjan<D>,
    pub(super) comp: Vec<D>,
    /// The augmenting path of a house's matching (see [`crate::matching`]).
    pub(super) path: Vec<(u8, D)>,
    /// The augmenting path of a band's value permutation (at most 11 rows to 11 boxes).
    pub(super) band_path: Vec<(u8, u16)>,
}

/// A contradiction.
pub(super) struct Fail;
/// The outcome of a propagation step.
pub(super) type Prop = Result<(), Fail>;

impl<D: Dom, const K: usize> Core<D, K> {
    /// A solver for grids of `shape`, the X variant when `x`.
    pub(super) fn new(shape: &Shape, x: bool, mut cfg: Config) -> Core<D, K> {
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
            cfg,
            geo: Geometry {
                shape: shape.clone(),
                n,
                side,
                x,
                full: D::low(side),
                house_cells,
                houses: nh,
                cell_meta,
            },
            dom: vec![D::ZERO; cells],
            trail: Vec::new(),
            queue: Vec::with_capacity(cells),
            places: vec![D::ZERO; nh * side],
            fixed: vec![D::ZERO; nh],
            singles: Vec::new(),
            house_used: vec![D::ZERO; nh],
            gac_state: GacState {
                gac_list: HouseQueue::new(nh),
                gac_bits: 0,
                var_val: vec![NONE; nh * side],
                val_var: vec![NONE; nh * side],
                scratch: Scratch {
                    tarjan: Tarjan::default(),
                    comp: vec![D::ZERO; side],
                    path: Vec::with_capacity(side),
                    band_path: Vec::with_capacity(11),
                },
            },
            bands: Bands {
                band_dirty: 0,
                stack_dirty: 0,
                band_vals: vec![D::ZERO; 2 * n],
                keep_band_vals: cfg.band_matching && n >= 4,
                seg: vec![D::ZERO; 2 * side * n],
            },
            branch: BranchState {
                weights: vec![1; nh],
                cell_wdeg,
                phase: vec![D::ZERO; cells],
                band_first: false,
                rng: Rng::new(SEED),
            },
            run: Run {
                out: vec![0; cells],
                known: Vec::new(),
                open: Vec::new(),
                deadline: None,
                ticks: 0,
                dom128: Vec::new(),
                link: None,
            },
            stats: Stats::default(),
            cdcl: crate::cdcl::Cdcl::default(),
        }
    }

    pub(super) fn visit_cells(
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
        self.run.deadline = timeout.map(|t| Instant::now() + t);
        self.run.ticks = 0;
        self.branch.weights.fill(1);
        for (w, meta) in self.branch.cell_wdeg.iter_mut().zip(&self.geo.cell_meta) {
            *w = u32::from(meta[5]);
        }
        self.branch.phase.fill(D::ZERO);
        let index = self.run.link.as_ref().map_or(0, |l| u64::from(l.index));
        self.branch.rng = Rng::new(SEED + index);
        if !self.load(cells) {
            return self.stats;
        }
        let mut out = std::mem::take(&mut self.run.out);
        let mut open = std::mem::take(&mut self.run.open);
        open.clear();
        self.search(&mut out, &mut open, visitor);
        self.run.out = out;
        self.run.open = open;
        self.stats
    }

    /// Whether root propagation alone fills every cell of `cells` (no guess): the grid then has
    /// exactly that one solution. No search, so a grid that needs guesses costs one propagation.
    pub(super) fn solves_at_root(&mut self, cells: &[u8]) -> bool {
        assert_eq!(
            cells.len(),
            self.side() * self.side(),
            "cell count differs from the solver's"
        );
        self.stats = Stats::default();
        self.run.deadline = None;
        self.branch.weights.fill(1);
        if !self.load(cells) {
            return false;
        }
        self.trail.clear();
        let solved = self.propagate().is_ok() && self.dom.iter().all(|d| d.is_power_of_two());
        self.trail.clear();
        solved
    }

    /// Makes this search one of a portfolio through `link` (`None`: a search alone): it stops
    /// when told to, and search `k` of it draws its random values from seed `SEED + k`.
    pub(super) fn set_link(&mut self, link: Option<Link>) {
        self.cdcl.set_link(link.clone());
        self.run.link = link;
    }

    /// The box size.
    #[inline(always)]
    pub(super) fn n(&self) -> usize {
        if K == 0 { self.geo.n } else { K }
    }

    /// The side, `n * n`.
    #[inline(always)]
    pub(super) fn side(&self) -> usize {
        if K == 0 { self.geo.side } else { K * K }
    }

    /// Whether the diagonals are houses (never with a constant box size).
    #[inline(always)]
    pub(super) fn x(&self) -> bool {
        K == 0 && self.geo.x
    }

    /// Rows, columns, boxes (and diagonals).
    #[inline(always)]
    pub(super) fn houses(&self) -> usize {
        if K == 0 { self.geo.houses } else { 3 * K * K }
    }

    /// The houses of a cell, from its packed entry in `cell_meta` (the bound keeps the slice
    /// within the entry without a check; with a constant box size, a cell is in 3 houses).
    #[inline(always)]
    pub(super) fn cell_houses(meta: &[u16; 8]) -> &[u16] {
        if K == 0 {
            &meta[..usize::from(meta[5]).min(5)]
        } else {
            &meta[..3]
        }
    }

    /// Queues house `h` for GAC. With a constant box size the houses are bits of one word: a
    /// push without a branch (a house is queued by nearly every removal), taken lowest first.
    #[inline(always)]
    pub(super) fn queue_gac(&mut self, h: usize) {
        if K == 0 {
            self.gac_state.gac_list.push(h);
        } else {
            self.gac_state.gac_bits |= 1 << h;
        }
    }

    /// The next house queued for GAC.
    #[inline(always)]
    pub(super) fn next_gac(&mut self) -> Option<usize> {
        if K == 0 {
            self.gac_state.gac_list.pop()
        } else if self.gac_state.gac_bits == 0 {
            None
        } else {
            let h = self.gac_state.gac_bits.trailing_zeros() as usize;
            self.gac_state.gac_bits &= self.gac_state.gac_bits - 1;
            Some(h)
        }
    }

    pub(super) fn gac_pending(&self) -> bool {
        !self.gac_state.gac_list.is_empty() || self.gac_state.gac_bits != 0
    }

    pub(super) fn clear_gac(&mut self) {
        self.gac_state.gac_list.clear();
        self.gac_state.gac_bits = 0;
    }
}

/// A house of a cell and the cell's position in it, from an entry of [`Core::cell_houses`].
#[inline(always)]
pub(super) fn house_pos(e: u16) -> (usize, usize) {
    (usize::from(e & 0x1FF), usize::from(e >> 9))
}
