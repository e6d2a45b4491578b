//! The endgame: exact play over the set of all remaining solutions.
//!
//! Once every solution of the grid is known, the game is a game on subsets: a move (cell, digit)
//! keeps the solutions with that digit there, and is legal when it keeps some but not all of them.
//! A move that keeps exactly one wins at once (the mover appends `!`); with two or more left the
//! opponent moves. With two or three solutions some move keeps exactly one, so the side to move
//! wins; a set of one means the side to move has already lost (the opponent claims).
//!
//! Each solution gets a random 64-bit id and a subset is named by the XOR of its ids; one scan of
//! a subset gives, for every move, how many solutions it keeps and the name of what it keeps. The
//! search is depth-first with a transposition table keyed by that name, moves that keep the fewest
//! solutions first, immediate wins first, moves that keep the same subset searched once, and the
//! transposition trick: if our move A loses to the reply B, then B loses to the reply A (same
//! subset, us to move), as long as A is still legal after B.

use std::collections::HashMap;
use std::time::Instant;

use simdoku_core::Grid;

use crate::moves::Move;
use simdoku_core::rng::Rng;

/// All the solutions of a position, reduced to the cells where they differ.
#[derive(Clone, Debug)]
pub struct SolutionSet {
    /// Cells (0..81) where not all solutions agree.
    cells: Vec<u8>,
    /// Row-major: solution `i`'s digit in `cells[j]` is `digits[i * k + j]`, `k = cells.len()`.
    digits: Vec<u8>,
    /// A random id per solution.
    ids: Vec<u64>,
}

/// What one move does to a subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveStat {
    /// `j * 9 + digit - 1`, `j` the index into the set's varying cells.
    pub slot: u16,
    /// Solutions kept.
    pub count: u32,
    /// XOR of the ids of the solutions kept.
    pub hash: u64,
}

impl SolutionSet {
    /// The set of `solutions` (distinct, all of one position), ids drawn from `rng`.
    pub fn new(solutions: &[Grid], rng: &mut Rng) -> SolutionSet {
        let cells: Vec<u8> = (0..81u8)
            .filter(|&c| {
                solutions
                    .iter()
                    .any(|s| s.get(c as usize) != solutions[0].get(c as usize))
            })
            .collect();
        let mut digits = Vec::with_capacity(solutions.len() * cells.len());
        for s in solutions {
            digits.extend(cells.iter().map(|&c| s.get(c as usize)));
        }
        let ids = solutions.iter().map(|_| rng.next_u64()).collect();
        SolutionSet { cells, digits, ids }
    }

    /// The number of solutions.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether there is no solution.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The name of the whole set.
    pub fn hash(&self) -> u64 {
        self.ids.iter().fold(0, |h, id| h ^ id)
    }

    /// The subset of every solution.
    pub fn all(&self) -> Vec<u32> {
        (0..self.len() as u32).collect()
    }

    /// The move a slot stands for.
    pub fn slot_move(&self, slot: u16) -> Move {
        Move::new(self.cells[slot as usize / 9] as usize, (slot % 9) as u8 + 1)
    }

    /// The slot of a move, if its cell varies in the set.
    pub fn move_slot(&self, m: Move) -> Option<u16> {
        let j = self.cells.iter().position(|&c| c == m.cell)?;
        Some((j * 9 + m.digit as usize - 1) as u16)
    }

    /// Every legal move on `subset` (keeps some but not all), with what it keeps, in slot order.
    pub fn scan(&self, subset: &[u32]) -> Vec<MoveStat> {
        let k = self.cells.len();
        let mut counts = vec![0u32; k * 9];
        let mut hashes = vec![0u64; k * 9];
        for &i in subset {
            let row = &self.digits[i as usize * k..(i as usize + 1) * k];
            let id = self.ids[i as usize];
            for (j, &d) in row.iter().enumerate() {
                let s = j * 9 + d as usize - 1;
                counts[s] += 1;
                hashes[s] ^= id;
            }
        }
        let n = subset.len() as u32;
        (0..k * 9)
            .filter(|&s| counts[s] > 0 && counts[s] < n)
            .map(|s| MoveStat {
                slot: s as u16,
                count: counts[s],
                hash: hashes[s],
            })
            .collect()
    }

    /// The solutions of `subset` that a move keeps.
    pub fn keep(&self, subset: &[u32], slot: u16) -> Vec<u32> {
        let k = self.cells.len();
        let (j, d) = (slot as usize / 9, (slot % 9) as u8 + 1);
        subset
            .iter()
            .copied()
            .filter(|&i| self.digits[i as usize * k + j] == d)
            .collect()
    }

    /// XOR of the ids of a subset.
    pub fn hash_of(&self, subset: &[u32]) -> u64 {
        subset.iter().fold(0, |h, &i| h ^ self.ids[i as usize])
    }
}

/// The outcome of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// The side to move wins by `slot`, which keeps `after` solutions.
    Win {
        slot: u16,
        after: u32,
    },
    Loss,
}

/// The value of a root move for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The mover wins with best play.
    Win,
    /// The mover loses against best play.
    Loss,
    /// The search ran out of time.
    Unknown,
}

impl Value {
    /// The value of a move for its mover, from whether the opponent, to move after it, wins
    /// (`None`: not known).
    pub fn of_move(opponent_wins: Option<bool>) -> Value {
        match opponent_wins {
            Some(true) => Value::Loss,
            Some(false) => Value::Win,
            None => Value::Unknown,
        }
    }
}

/// A root move and what is known of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub m: Move,
    /// Solutions left after it.
    pub count: u32,
    /// What the search proved of it, for the player who makes it.
    pub value: Value,
}

/// The depth-first solver over one solution set.
#[derive(Debug)]
pub struct Endgame {
    set: SolutionSet,
    table: Table,
    scratch: Vec<Scratch>,
    deadline: Option<Instant>,
    aborted: bool,
    /// Positions searched (table hits excluded).
    pub nodes: u64,
    /// The moves of the node where the search last turned to masks (see [`SMALL`]).
    small: SmallMoves,
    /// Their names (see [`Names`]).
    names: Names,
}

/// Positions of at most this many solutions are searched as bit masks over the solutions of
/// the first such node on the way down: a child is one AND, a move's count one population
/// count, and no rows are copied.
const SMALL: usize = 64;

/// Keeps the first of each run of sorted moves with the same name (what they keep), in
/// place; how many are left. The last name kept stays in a register (read back from the
/// array, each step would wait for the store before).
fn dedup_names(moves: &mut [NodeMove]) -> usize {
    let Some(&first) = moves.first() else {
        return 0;
    };
    let (mut len, mut last) = (1, first.hash());
    for i in 1..moves.len() {
        let m = moves[i];
        moves[len] = m;
        len += usize::from(m.hash() != last);
        last = m.hash();
    }
    len
}

/// Sorts `moves` (in slot order, as a scan lists them) into search order with keys of one
/// word (count, the name's top 30 bits, the index), about twice as fast as the moves' own
/// two-word order: the same order but where two names of one count share their top 30 bits
/// (about 2^-30 a pair), which then stay in slot order. `n`, the node's size, bounds every
/// count; `keys` and `sorted` are buffers.
fn sort_moves(moves: &mut [NodeMove], n: usize, keys: &mut Vec<u64>, sorted: &mut Vec<NodeMove>) {
    if moves.len() > 1 << 16 || n >= 1 << 18 {
        moves.sort_unstable();
        return;
    }
    keys.clear();
    keys.extend(
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| u64::from(m.count()) << 46 | m.hash() >> 34 << 16 | i as u64),
    );
    keys.sort_unstable();
    sorted.clear();
    sorted.extend(keys.iter().map(|&k| moves[k as usize & 0xffff]));
    moves.copy_from_slice(sorted);
}

/// The first of `masks` (moves in slot order) that keeps exactly one solution of `set`.
fn first_single_mask(masks: &[u64], set: u64) -> Option<usize> {
    masks.iter().position(|&m| (set & m).is_power_of_two())
}

/// Moves in the mask form, in slot order: what each keeps (of the solutions the masks range
/// over), its slot, and (scratch) how many of the position's solutions it keeps.
#[derive(Debug, Default)]
struct SmallMoves {
    masks: Vec<u64>,
    slots: Vec<u16>,
    counts: Vec<u32>,
    /// Scratch of [`Node::pairs_into`].
    by_digit: Vec<[u64; 16]>,
    /// Sort keys of the candidate moves, and the names of the live ones.
    keys: Vec<u64>,
    names: Vec<u64>,
}

/// Where a mask-form sort key holds its count; below it, the top bits of the name, and the
/// move's index in the low 16 bits.
const KEY_COUNT: u32 = 58;
const KEY_NAME_BITS: u32 = 42;

/// Names of masks over at most 64 solutions (the XOR of their ids) by table: per four
/// solutions, the XOR of each of their 16 subsets, so that a name is one lookup per four
/// (a loop over the mask's bits mispredicts its exit).
#[derive(Debug, Default)]
struct Names(Vec<[u64; 16]>);

impl Names {
    fn build(&mut self, ids: &[u64]) {
        self.0.clear();
        for four in ids.chunks(4) {
            let mut t = [0u64; 16];
            for b in 1..16usize {
                let low = b.trailing_zeros() as usize;
                t[b] = t[b & (b - 1)] ^ four.get(low).copied().unwrap_or(0);
            }
            self.0.push(t);
        }
    }

    /// The name of the solutions of `mask`.
    fn of(&self, mask: u64) -> u64 {
        let mut h = 0;
        for (i, t) in self.0.iter().enumerate() {
            h ^= t[(mask >> (4 * i)) as usize & 15];
        }
        h
    }
}

impl Endgame {
    /// A solver over `set`; its table lives as long as it does, so later positions (subsets)
    /// reuse what earlier searches proved.
    pub fn new(set: SolutionSet) -> Endgame {
        Endgame {
            set,
            table: Table::default(),
            scratch: Vec::new(),
            deadline: None,
            aborted: false,
            nodes: 0,
            small: SmallMoves::default(),
            names: Names::default(),
        }
    }

    /// The solution set this solver searches.
    pub fn set(&self) -> &SolutionSet {
        &self.set
    }

    /// Searches from now on stop (answering unknown) at `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// Whether the side to move wins `subset` (`None`: out of time). A subset of one solution
    /// is a loss (the opponent claims), an empty one is not a position.
    pub fn side_to_move_wins(&mut self, subset: &[u32]) -> Option<bool> {
        match subset.len() {
            0 => None,
            1 => Some(false),
            _ => {
                let hash = self.set.hash_of(subset);
                let node = self.set.node(subset);
                self.search(&node, hash, 0)
                    .map(|e| matches!(e, Entry::Win { .. }))
            }
        }
    }

    /// Whether the table (kept from earlier searches) knows the position a move leads to
    /// (`count` solutions named `hash`) lost for the side to move there, so that the move wins
    /// (sets of 2 or 3 are always won by the side to move: only larger ones are looked up).
    fn known_lost(&self, count: u32, hash: u64) -> bool {
        count > 3 && self.table.get(hash) == Some(Entry::Loss)
    }

    /// Every move on `subset` with its value for the mover, searched in order of fewest
    /// solutions kept; stops at the first win (the moves after it stay `Unknown`).
    pub fn analyze(&mut self, subset: &[u32]) -> Vec<RootMove> {
        self.analyze_within(subset, u32::MAX)
    }

    /// [`Endgame::analyze`] over the moves that keep at most `cap` solutions: the search stops
    /// at the first move that keeps more (it and the moves after it stay `Unknown`).
    pub fn analyze_within(&mut self, subset: &[u32], cap: u32) -> Vec<RootMove> {
        let all = subset;
        let mut stats = self.set.scan(all);
        stats.sort_by_key(|s| (s.count, s.slot));
        let mut out: Vec<RootMove> = stats
            .iter()
            .map(|s| RootMove {
                m: self.set.slot_move(s.slot),
                count: s.count,
                value: Value::Unknown,
            })
            .collect();
        let mut done: HashMap<u64, Value> = HashMap::new();
        // Unless a move wins at once, a move the table (kept from earlier turns) already knows
        // to win is played without searching the moves before it.
        if stats.first().is_none_or(|s| s.count > 1)
            && let Some(i) = stats.iter().position(|s| self.known_lost(s.count, s.hash))
        {
            out[i].value = Value::Win;
            return out;
        }
        for (r, s) in out.iter_mut().zip(&stats) {
            r.value = if s.count == 1 {
                Value::Win
            } else if s.count <= 3 {
                Value::Loss
            } else if let Some(&v) = done.get(&s.hash) {
                v
            } else if s.count > cap {
                break;
            } else {
                let child = self.set.node(&self.set.keep(all, s.slot));
                match self.search(&child, s.hash, 0) {
                    None => break,
                    Some(Entry::Loss) => Value::Win,
                    Some(Entry::Win { .. }) => Value::Loss,
                }
            };
            done.insert(s.hash, r.value);
            if r.value == Value::Win {
                break;
            }
        }
        out
    }

    /// The value for the mover of one move on `subset` (searched until the deadline; the table
    /// is kept). A move keeping one solution wins, two or three lose (the opponent claims next).
    pub fn move_value(&mut self, subset: &[u32], m: Move) -> Value {
        self.move_value_by(subset, m, Endgame::side_to_move_wins)
    }

    /// [`Endgame::move_value`] with the opponent's side decided by `wins` (whether the side to
    /// move on the set the move leaves, of four or more solutions, wins; `None` unknown): a
    /// bounded search instead of the full one. Not a move on `subset`: `Unknown`.
    pub fn move_value_by(
        &mut self,
        subset: &[u32],
        m: Move,
        wins: impl FnOnce(&mut Self, &[u32]) -> Option<bool>,
    ) -> Value {
        let Some(slot) = self.set.move_slot(m) else {
            return Value::Unknown;
        };
        let child = self.set.keep(subset, slot);
        match child.len() {
            0 => Value::Unknown,
            1 => Value::Win,
            2 | 3 => Value::Loss,
            _ => Value::of_move(wins(self, &child)),
        }
    }

    /// Whether the side to move on `subset` wins with a move that keeps at most `cap`
    /// solutions: `Some(true)` when one is found, `Some(false)` when every move keeps at most
    /// `cap` and none wins, `None` when some move keeps more (not searched: a bounded look for
    /// a cheap refutation) or time ran out. What is proven goes to the table.
    pub fn wins_within(&mut self, subset: &[u32], cap: u32) -> Option<bool> {
        match subset.len() {
            0 => return None,
            1 => return Some(false),
            _ => {}
        }
        let hash = self.set.hash_of(subset);
        if let Some(e) = self.table.get(hash) {
            return Some(matches!(e, Entry::Win { .. }));
        }
        let mut stats = self.set.scan(subset);
        if let Some(s) = stats.iter().find(|s| s.count == 1) {
            self.table.insert(
                hash,
                Entry::Win {
                    slot: s.slot,
                    after: 1,
                },
                subset.len(),
            );
            return Some(true);
        }
        // Ties by name, then slot (as the search orders them): the same moves every run.
        stats.sort_unstable_by_key(|s| (s.count, s.hash, s.slot));
        stats.dedup_by_key(|s| s.hash);
        let mut beyond = false;
        for s in &stats {
            if s.count <= 3 {
                continue; // two or three left: the opponent keeps one and claims
            }
            if s.count > cap {
                beyond = true;
                break;
            }
            let won = self.known_lost(s.count, s.hash) || {
                let child = self.set.node(&self.set.keep(subset, s.slot));
                self.search(&child, s.hash, 0)? == Entry::Loss
            };
            if won {
                let e = Entry::Win {
                    slot: s.slot,
                    after: s.count,
                };
                self.table.insert(hash, e, subset.len());
                return Some(true);
            }
        }
        if beyond {
            return None;
        }
        self.table.insert(hash, Entry::Loss, subset.len());
        Some(false)
    }

    /// Reads the clock every 256 nodes, and at every node of a large subset (a scan of one
    /// costs milliseconds).
    fn out_of_time(&mut self, size: usize) -> bool {
        if !self.aborted
            && (self.nodes.is_multiple_of(256) || size > 4096)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of `node` (two or more solutions) for the side to move; `depth` picks the
    /// scratch buffers.
    fn search(&mut self, node: &Node, hash: u64, depth: usize) -> Option<Entry> {
        debug_assert!(node.len() >= 2);
        if let Some(e) = self.table.get(hash) {
            return Some(e);
        }
        self.search_new(node, hash, depth, true)
    }

    /// [`Self::search`] of a position the table does not know; `singles`: whether a move
    /// may keep one solution (`false`: known not to).
    fn search_new(&mut self, node: &Node, hash: u64, depth: usize, singles: bool) -> Option<Entry> {
        self.nodes += 1;
        if self.out_of_time(node.len()) {
            return None;
        }
        let result = if node.len() <= SMALL {
            // From here down every position is a subset of this node's solutions: bit masks.
            let mut small = std::mem::take(&mut self.small);
            node.pairs_into(&mut small.by_digit, &mut small.masks, &mut small.slots);
            let mut names = std::mem::take(&mut self.names);
            names.build(&node.ids);
            let full = u64::MAX >> (64 - node.len());
            let (masks, slots) = (&small.masks[..], &small.slots[..]);
            let result = self.expand_small(masks, slots, &names, full, depth, singles);
            self.small = small;
            self.names = names;
            result
        } else {
            if self.scratch.len() <= depth {
                self.scratch.resize_with(depth + 1, Scratch::default);
            }
            let mut sc = std::mem::take(&mut self.scratch[depth]);
            let result = self.expand(node, &mut sc, depth, singles);
            self.scratch[depth] = sc;
            result
        };
        let result = result?;
        self.table.insert(hash, result, node.len());
        Some(result)
    }

    /// [`Self::search_new`] of the position `set` (two or more solutions, none kept alone by a
    /// move) below a node of at most [`SMALL`] solutions, as a mask over that node's
    /// solutions (`names` names their subsets): `masks` (what each keeps of that node) and
    /// `slots` are the moves that split the parent, among which are all that split `set`.
    fn search_small(
        &mut self,
        masks: &[u64],
        slots: &[u16],
        names: &Names,
        set: u64,
        hash: u64,
        depth: usize,
    ) -> Option<Entry> {
        self.nodes += 1;
        let n = set.count_ones() as usize;
        if self.out_of_time(n) {
            return None;
        }
        let result = self.expand_small(masks, slots, names, set, depth, false)?;
        self.table.insert(hash, result, n);
        Some(result)
    }

    /// [`Self::expand`] on a mask: the same moves in the same order, so the same search.
    fn expand_small(
        &mut self,
        masks: &[u64],
        slots: &[u16],
        names: &Names,
        set: u64,
        depth: usize,
        singles: bool,
    ) -> Option<Entry> {
        if singles && let Some(i) = first_single_mask(masks, set) {
            return Some(Entry::Win {
                slot: slots[i],
                after: 1,
            });
        }
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut sc = std::mem::take(&mut self.scratch[depth]);
        let result = self.expand_small_with(masks, slots, names, set, depth, &mut sc);
        self.scratch[depth] = sc;
        result
    }

    /// [`Self::expand_small`] past the look for a move that keeps one solution, with the
    /// buffers of its depth.
    fn expand_small_with(
        &mut self,
        masks: &[u64],
        slots: &[u16],
        names: &Names,
        set: u64,
        depth: usize,
        sc: &mut Scratch,
    ) -> Option<Entry> {
        let n = set.count_ones();
        let p = masks.len();
        let small = &mut sc.small;
        small.counts.resize(p, 0);
        simdoku_simd::kept_counts(masks, set, &mut small.counts);
        // The moves that split this position (for the children), and those that keep four
        // or more (the candidates; two or three left lose for the mover), each with its
        // index among the first.
        small.masks.resize(p, 0);
        small.slots.resize(p, 0);
        small.keys.resize(p, 0);
        small.names.resize(p, 0);
        let (mut live, mut len) = (0, 0);
        for i in 0..p {
            let c = small.counts[i];
            small.masks[live] = masks[i];
            small.slots[live] = slots[i];
            // The count, and the index among the live moves (named below).
            small.keys[len] = u64::from(c) << KEY_COUNT | live as u64;
            live += usize::from(c.wrapping_sub(1) < n - 1);
            len += usize::from(c > 3 && c < n);
        }
        small.masks.truncate(live);
        small.slots.truncate(live);
        // Sort keys of one word: count (under 64), the name's top bits, the index (in slot
        // order). The order is the other form's (count, name, slot) but where two names of
        // one count share their top 42 bits (about 2^-42 a pair): only ties move then.
        for key in &mut small.keys[..len] {
            let j = *key as usize & 0xffff;
            let h = names.of(set & small.masks[j]);
            small.names[j] = h;
            *key |= h >> (64 - KEY_NAME_BITS) << 16;
        }
        let keys = &mut small.keys[..len];
        keys.sort_unstable();
        if sc.moves.len() < len {
            sc.moves.resize(len, NodeMove(0));
        }
        for (m, &key) in sc.moves.iter_mut().zip(&*keys) {
            let j = key as usize & 0xffff;
            let c = (key >> KEY_COUNT) as u32;
            *m = NodeMove::new(c, small.names[j], small.slots[j], (j >> 8) as u8, j as u8);
        }
        // One move per kept subset (the same name: adjacent now), the first in slot order.
        let len = dedup_names(&mut sc.moves[..len]);
        let moves = &sc.moves[..len];
        let (masks, slots) = (&small.masks[..], &small.slots[..]);
        self.search_moves(moves, &mut sc.refuted, |this, s| {
            let kept = set & masks[s.index()];
            match first_single_mask(masks, kept) {
                Some(j) => this.won_by_single(s, slots[j]),
                None => this.search_small(masks, slots, names, kept, s.hash(), depth + 1),
            }
        })
    }

    fn expand(
        &mut self,
        node: &Node,
        sc: &mut Scratch,
        depth: usize,
        singles: bool,
    ) -> Option<Entry> {
        // Most nodes (73% on the probe) are won at once by a move that keeps one solution: a
        // digit seen once in a column, looked for before the full scan (by the parent, on its
        // own rows, unless this is where the search starts).
        if singles {
            sc.picked.clear();
            sc.picked.extend(0..node.len() as u32);
            if let Some(slot) = node.first_single(&sc.picked) {
                return Some(Entry::Win { slot, after: 1 });
            }
        }
        let mut len = 0;
        node.scan_into(&mut sc.stats, &mut sc.moves, &mut len, &mut sc.keep);
        let moves = &mut sc.moves[..len];
        sort_moves(moves, node.len(), &mut sc.keys, &mut sc.sorted);
        // Moves that keep the same subset, adjacent now: the first (lowest slot) stays.
        let len = dedup_names(moves);
        let moves = &sc.moves[..len];
        let (picked, keep, child) = (&mut sc.picked, &sc.keep, &mut sc.child);
        self.search_moves(moves, &mut sc.refuted, |this, s| {
            node.pick(&s, picked);
            let picked = &picked[..s.count() as usize];
            // Most children (70%) are won at once by a move that keeps one solution: that
            // is looked for on this node's rows, and only a child without one is built.
            if let Some(slot) = node.first_single(picked) {
                this.won_by_single(s, slot)
            } else {
                node.child_into(picked, keep, child);
                this.search_new(child, s.hash(), depth + 1, false)
            }
        })
    }

    /// The value of a node for the side to move from its moves (sorted, one per kept
    /// subset); `child` searches the position after a move the table does not know.
    fn search_moves(
        &mut self,
        moves: &[NodeMove],
        refuted: &mut Vec<(u16, u32, u16)>,
        mut child: impl FnMut(&mut Self, NodeMove) -> Option<Entry>,
    ) -> Option<Entry> {
        // A move to a position the table already knows lost for the opponent wins at once,
        // before any child is searched (enhanced transposition cutoff: 16-20% fewer nodes).
        // Each look is a cache miss in a large table: all are asked for first, to overlap.
        for s in moves {
            self.table.prefetch(s.hash());
        }
        if let Some(s) = moves.iter().find(|s| self.known_lost(s.count(), s.hash())) {
            return Some(Entry::Win {
                slot: s.slot(),
                after: s.count(),
            });
        }
        // Fewest solutions first (ties by name: the dedup above sorted them so; one sort).
        refuted.clear();
        for &s in moves {
            if let Some(&(_, after, a)) = refuted
                .iter()
                .find(|&&(slot, after, _)| slot == s.slot() && after < s.count())
            {
                // Our move A lost to this move B: B loses to A (A is legal after B, as it
                // keeps fewer); the table learns it.
                self.table
                    .insert(s.hash(), Entry::Win { slot: a, after }, s.count() as usize);
                continue;
            }
            // A known child is not built.
            let e = match self.table.get(s.hash()) {
                Some(e) => e,
                None => child(self, s)?,
            };
            match e {
                Entry::Loss => {
                    return Some(Entry::Win {
                        slot: s.slot(),
                        after: s.count(),
                    });
                }
                Entry::Win { slot, after } => refuted.push((slot, after, s.slot())),
            }
        }
        Some(Entry::Loss)
    }

    /// The position after `s`, won by the side to move there with `slot`, which keeps one
    /// solution: a node, in the table.
    fn won_by_single(&mut self, s: NodeMove, slot: u16) -> Option<Entry> {
        self.nodes += 1;
        if self.out_of_time(s.count() as usize) {
            return None;
        }
        let e = Entry::Win { slot, after: 1 };
        self.table.insert(s.hash(), e, s.count() as usize);
        Some(e)
    }
}

/// Per column `j..j + W` of the rows `picked` of `rows` (`k` digits a row), the digits that
/// occur exactly once, as bits (up to eight columns: a zero-filled `[u32; 8]`).
fn singles<const W: usize>(rows: &[u8], k: usize, picked: &[u32], j: usize) -> [u32; 8] {
    let (mut once, mut twice) = ([0u32; W], [0u32; W]);
    for &r in picked {
        let row: &[u8; W] = rows[r as usize * k + j..][..W]
            .try_into()
            .expect("W columns");
        for t in 0..W {
            let b = 1 << (row[t] & 15);
            twice[t] |= once[t] & b;
            once[t] |= b;
        }
    }
    let mut out = [0; 8];
    for t in 0..W {
        out[t] = once[t] & !twice[t];
    }
    out
}

/// Whether two columns of a scan (`n` solutions) split them into the same subsets.
fn same_partition(a: &ColStat, b: &ColStat, n: u32) -> bool {
    (1..10)
        .filter(|&d| b.count[d].wrapping_sub(1) < n - 1)
        .all(|d| (1..10).any(|e| a.count[e] == b.count[d] && a.hash[e] == b.hash[d]))
}

/// The buffers of one search depth, reused from node to node (no allocation once warm).
#[derive(Debug, Default)]
struct Scratch {
    /// Per column of the node; all zero between scans.
    stats: Vec<ColStat>,
    /// The node's moves (a prefix: the scan says how many), sorted, one per kept subset.
    moves: Vec<NodeMove>,
    /// Sort keys and the sorted moves ([`sort_moves`]).
    keys: Vec<u64>,
    sorted: Vec<NodeMove>,
    /// Our moves refuted so far: (the reply's slot, solutions left after both, our move's slot).
    refuted: Vec<(u16, u32, u16)>,
    /// The node's columns where its solutions differ (indices into its `cols`).
    keep: Vec<usize>,
    picked: Vec<u32>,
    child: Node,
    /// The moves that split the position (mask form only).
    small: SmallMoves,
}

/// One column of a scan: solutions and XOR of their ids per digit. Indexed by the digit itself
/// masked to 4 bits (`d & 15`, digits 1..=9), so the scan needs no bounds checks.
#[derive(Clone, Copy, Debug, Default)]
struct ColStat {
    count: [u32; 16],
    hash: [u64; 16],
}

/// A subset in the search's compact form: the columns where its parent's solutions differed
/// (a superset of those where its own differ: the scan finds those, and the children keep only
/// them, so no separate pass looks for constant columns).
#[derive(Debug, Default)]
struct Node {
    /// Column indices into the set's varying cells, increasing.
    cols: Vec<u8>,
    /// Row-major, `cols.len()` digits per solution.
    rows: Vec<u8>,
    ids: Vec<u64>,
}

/// A move on a [`Node`], packed so that plain integer order is the search order: solutions
/// kept, then the name of what is kept, then the slot (`count | hash | slot | local | digit`
/// from the high bits down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct NodeMove(u128);

impl NodeMove {
    fn new(count: u32, hash: u64, slot: u16, local: u8, digit: u8) -> NodeMove {
        NodeMove(
            u128::from(count) << 96
                | u128::from(hash) << 32
                | u128::from(slot) << 16
                | u128::from(local) << 8
                | u128::from(digit),
        )
    }
    fn count(self) -> u32 {
        (self.0 >> 96) as u32
    }
    fn hash(self) -> u64 {
        (self.0 >> 32) as u64
    }
    fn slot(self) -> u16 {
        (self.0 >> 16) as u16
    }
    /// The column, an index into the node's `cols`.
    fn local(self) -> usize {
        usize::from((self.0 >> 8) as u8)
    }
    fn digit(self) -> u8 {
        self.0 as u8
    }
    /// `local` and `digit` together: in the mask form, the move's index among the moves.
    fn index(self) -> usize {
        usize::from(self.0 as u16)
    }
}

impl SolutionSet {
    /// `subset` in compact form (every column of the set).
    fn node(&self, subset: &[u32]) -> Node {
        let k = self.cells.len();
        let mut out = Node {
            cols: (0..k as u8).collect(),
            ..Node::default()
        };
        for &i in subset {
            out.rows
                .extend_from_slice(&self.digits[i as usize * k..][..k]);
            out.ids.push(self.ids[i as usize]);
        }
        out
    }
}

impl Node {
    fn len(&self) -> usize {
        self.ids.len()
    }

    /// The moves that keep four or more solutions but not all, with what they keep, into
    /// `moves` (two or three left lose for the mover: the opponent keeps one and claims), and
    /// the columns where the solutions differ into `keep`, of a node where no move keeps one
    /// solution ([`Node::first_single`] is `None`). Leaves `stats` all zero.
    fn scan_into(
        &self,
        stats: &mut Vec<ColStat>,
        moves: &mut Vec<NodeMove>,
        len: &mut usize,
        keep: &mut Vec<usize>,
    ) {
        let k = self.cols.len();
        debug_assert!(k > 0, "two or more distinct solutions differ somewhere");
        if stats.len() < k {
            stats.resize(k, ColStat::default());
        }
        let stats = &mut stats[..k];
        // Eight columns at a time (unrolled), then the rest.
        let (stats8, stats_rest) = stats.as_chunks_mut::<8>();
        for (row, &id) in self.rows.chunks_exact(k).zip(&self.ids) {
            let (row8, row_rest) = row.as_chunks::<8>();
            for (st, ds) in stats8.iter_mut().zip(row8) {
                for t in 0..8 {
                    let d = usize::from(ds[t]) & 15;
                    st[t].count[d] += 1;
                    st[t].hash[d] ^= id;
                }
            }
            for (st, &d) in stats_rest.iter_mut().zip(row_rest) {
                let d = usize::from(d) & 15;
                st.count[d] += 1;
                st.hash[d] ^= id;
            }
        }
        let n = self.len() as u32;
        // The digits that keep some but not all (1 <= c < n), without a branch per digit, as
        // 16-bit lanes (bit = digit), four columns to a word: one loop over the legal moves of
        // four columns instead of one per column (a mispredicted exit each).
        let mut words = [0u64; 81usize.div_ceil(4)];
        keep.clear();
        keep.resize(k, 0);
        let mut kept = 0;
        for (j, st) in stats.iter().enumerate() {
            let mut live = 0u64;
            for d in 1..10 {
                live |= u64::from(st.count[d].wrapping_sub(1) < n - 1) << d;
            }
            words[j / 4] |= live << (16 * (j % 4));
            keep[kept] = j;
            kept += usize::from(live != 0);
        }
        keep.truncate(kept);
        if moves.len() < 9 * k {
            moves.resize(9 * k, NodeMove(0));
        }
        let mut count = 0;
        // Per column, a fingerprint of the partition of the solutions it makes (a sum over its
        // digits of a mix of what each keeps), to find columns that split alike.
        let mut sigs = [0u64; 81];
        for (w, &word) in words[..k.div_ceil(4)].iter().enumerate() {
            let mut live = word;
            while live != 0 {
                let bit = live.trailing_zeros() as usize;
                live &= live - 1;
                let (j, d) = (w * 4 + bit / 16, bit % 16);
                let st = &stats[j];
                let c = st.count[d];
                let slot = u16::from(self.cols[j]) * 9 + d as u16 - 1;
                debug_assert!(c > 1, "the first pass finds moves that keep one");
                let h = st.hash[d];
                sigs[j] = sigs[j].wrapping_add((h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9));
                moves[count] = NodeMove::new(c, h, slot, j as u8, d as u8);
                count += usize::from(c > 3);
            }
        }
        {
            // A column that splits the solutions exactly as an earlier one does splits every
            // subset of them alike too: its moves keep what the earlier column's keep, and lose
            // to them in the order (same count and name, higher slot), here and in every
            // descendant. The children leave it out.
            // The kept columns by fingerprint, in a small open-addressing table (at most 81 of
            // 128 slots; `u8::MAX` empty): one look per column instead of one per pair.
            let mut seen = [u8::MAX; 128];
            let mut kept = 0;
            for i in 0..keep.len() {
                let b = keep[i];
                let mut h = (sigs[b] >> 57) as usize;
                let mut dup = false;
                while seen[h] != u8::MAX {
                    let a = usize::from(seen[h]);
                    if sigs[a] == sigs[b] && same_partition(&stats[a], &stats[b], n) {
                        dup = true;
                        break;
                    }
                    h = (h + 1) & 127;
                }
                if !dup {
                    seen[h] = b as u8;
                }
                keep[kept] = b;
                kept += usize::from(!dup);
            }
            keep.truncate(kept);
        }
        stats.fill(ColStat::default());
        *len = count;
    }

    /// Every move that splits this node (of at most [`SMALL`] solutions), in slot order, with the
    /// solutions it keeps as a mask over the rows.
    fn pairs_into(
        &self,
        by_digit: &mut Vec<[u64; 16]>,
        masks: &mut Vec<u64>,
        slots: &mut Vec<u16>,
    ) {
        let (n, k) = (self.len(), self.cols.len());
        debug_assert!(n <= SMALL);
        let full = u64::MAX >> (64 - n);
        // Row by row (in memory order; the columns' chains independent), per column and digit
        // the solutions with that digit there.
        by_digit.clear();
        by_digit.resize(k, [0; 16]);
        for (r, row) in self.rows.chunks_exact(k).enumerate() {
            for (b, &d) in by_digit.iter_mut().zip(row) {
                b[usize::from(d) & 15] |= 1 << r;
            }
        }
        masks.clear();
        slots.clear();
        for (b, &col) in by_digit.iter().zip(&self.cols) {
            for d in 1..10 {
                let m = b[d];
                if m != 0 && m != full {
                    masks.push(m);
                    slots.push(u16::from(col) * 9 + d as u16 - 1);
                }
            }
        }
    }

    /// The rows that `m` keeps, into `picked[..m.count()]`, without a branch per row.
    fn pick(&self, m: &NodeMove, picked: &mut Vec<u32>) {
        let k = self.cols.len();
        picked.clear();
        picked.resize(self.len() + 1, 0);
        let mut p = 0;
        for (r, &d) in self.rows[m.local()..].iter().step_by(k).enumerate() {
            picked[p] = r as u32;
            p += usize::from(d == m.digit());
        }
        debug_assert_eq!(p, m.count() as usize);
    }

    /// The first move in slot order that keeps one of the rows `picked` (two or more), if
    /// any: columns checked eight at a time (independent chains, an eighth of the loops),
    /// until one has a digit seen once (on average after 37% of the cells).
    fn first_single(&self, picked: &[u32]) -> Option<u16> {
        let k = self.cols.len();
        // 32 columns at a time where the CPU has AVX2.
        if let Ok(found) = simdoku_simd::first_single(&self.rows, k, picked) {
            return found.map(|(j, d)| u16::from(self.cols[j]) * 9 + u16::from(d) - 1);
        }
        let mut j = 0;
        while j < k {
            let (rows, p) = (&self.rows[..], picked);
            let singles = match k - j {
                1 => singles::<1>(rows, k, p, j),
                2 => singles::<2>(rows, k, p, j),
                3 => singles::<3>(rows, k, p, j),
                4 => singles::<4>(rows, k, p, j),
                5 => singles::<5>(rows, k, p, j),
                6 => singles::<6>(rows, k, p, j),
                7 => singles::<7>(rows, k, p, j),
                _ => singles::<8>(rows, k, p, j),
            };
            if let Some((t, &single)) = singles.iter().enumerate().find(|&(_, &s)| s != 0) {
                let col = u16::from(self.cols[j + t]);
                return Some(col * 9 + single.trailing_zeros() as u16 - 1);
            }
            j += 8;
        }
        None
    }

    /// The node of the rows `picked`, into `out`, over the columns `keep` (where this node's
    /// solutions differ).
    fn child_into(&self, picked: &[u32], keep: &[usize], out: &mut Node) {
        let k = self.cols.len();
        let p = picked.len();
        let k2 = keep.len();
        out.rows.clear();
        out.ids.clear();
        out.ids
            .extend(picked[..p].iter().map(|&r| self.ids[r as usize]));
        out.cols.clear();
        if k2 * 4 > k * 3 {
            // Few columns became constant: whole rows are cheaper to copy than to gather, and
            // the child's scan skips the constant ones when it builds its own children.
            out.cols.extend_from_slice(&self.cols);
            for &r in &picked[..p] {
                out.rows
                    .extend_from_slice(&self.rows[r as usize * k..][..k]);
            }
            return;
        }
        out.cols.extend(keep.iter().map(|&c| self.cols[c]));
        out.rows.resize(p * k2, 0);
        for (&r, orow) in picked[..p].iter().zip(out.rows.chunks_exact_mut(k2)) {
            let row = &self.rows[r as usize * k..][..k];
            for (o, &c) in orow.iter_mut().zip(keep) {
                *o = row[c];
            }
        }
    }
}

/// The transposition table: positions (named by the XOR of their solutions' ids, random
/// already, so the low bits index it as they are) and their values, in one array of
/// (key, packed entry) slots with linear probing, at most half full. It doubles up to
/// twice [`TABLE_CAP`]; holding that many entries, it keeps those of the largest positions.
#[derive(Debug)]
struct Table {
    /// `(key, data)`, data 0 for an empty slot (see [`Table::pack`]); a power of two long.
    slots: Vec<(u64, u64)>,
    len: usize,
    /// Entries at which it is pruned ([`TABLE_CAP`] but in tests).
    cap: usize,
}

/// The table is pruned when it holds this many entries (in at most twice as many slots of 16
/// bytes: 128 MiB).
const TABLE_CAP: usize = 1 << 22;
/// Its first size.
const TABLE_MIN_SLOTS: usize = 1 << 12;

impl Default for Table {
    fn default() -> Table {
        Table::with_cap(TABLE_CAP)
    }
}

impl Table {
    const USED: u64 = 1 << 63;
    const WIN: u64 = 1 << 62;

    /// `USED | WIN | size (24 bits, saturated) << 38 | after (27 bits) << 11 | slot (11 bits)`;
    /// `size`, the position's solutions, is kept for a replacement rule.
    fn pack(e: Entry, size: usize) -> u64 {
        let size = (size.min((1 << 24) - 1) as u64) << 38;
        match e {
            Entry::Loss => Self::USED | size,
            Entry::Win { slot, after } => {
                debug_assert!(slot < 1 << 11 && after < 1 << 27);
                Self::USED | Self::WIN | size | u64::from(after) << 11 | u64::from(slot)
            }
        }
    }

    fn unpack(data: u64) -> Entry {
        if data & Self::WIN == 0 {
            Entry::Loss
        } else {
            Entry::Win {
                slot: (data & 0x7ff) as u16,
                after: ((data >> 11) & ((1 << 27) - 1)) as u32,
            }
        }
    }

    fn with_cap(cap: usize) -> Table {
        Table {
            slots: vec![(0, 0); TABLE_MIN_SLOTS.min(cap * 2).next_power_of_two()],
            len: 0,
            cap,
        }
    }

    /// Starts bringing the first slot `get(key)` reads into the cache.
    fn prefetch(&self, key: u64) {
        simdoku_simd::prefetch(&self.slots[key as usize & (self.slots.len() - 1)]);
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (k, data) = self.slots[i];
            if data == 0 {
                return None;
            }
            if k == key {
                return Some(Self::unpack(data));
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the entry of `key`, a position of `size` solutions.
    fn insert(&mut self, key: u64, e: Entry, size: usize) {
        if self.len >= self.cap {
            self.prune();
        }
        if self.put(key, Self::pack(e, size)) {
            self.len += 1;
            if self.len * 2 > self.slots.len() && self.slots.len() < self.cap * 2 {
                let grown = vec![(0, 0); self.slots.len() * 2];
                let old = std::mem::replace(&mut self.slots, grown);
                for (k, data) in old {
                    if data != 0 {
                        self.put(k, data);
                    }
                }
            }
        }
    }

    /// Stores `data` under `key`; whether the key is new.
    fn put(&mut self, key: u64, data: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.1 == 0 || slot.0 == key {
                let new = slot.1 == 0;
                *slot = (key, data);
                return new;
            }
            i = (i + 1) & mask;
        }
    }

    /// The size class of an entry: the bit length of its position's solution count.
    fn class(data: u64) -> usize {
        64 - ((data >> 38) & ((1 << 24) - 1)).leading_zeros() as usize
    }

    /// Makes room when full: keeps the entries of the largest positions (whole size classes,
    /// at most half the cap), the costliest to search again, and drops the rest.
    fn prune(&mut self) {
        let mut hist = [0usize; 25];
        for &(_, data) in &self.slots {
            if data != 0 {
                hist[Self::class(data)] += 1;
            }
        }
        let (mut from, mut kept) = (hist.len(), 0);
        while from > 0 && kept + hist[from - 1] <= self.cap / 2 {
            from -= 1;
            kept += hist[from];
        }
        // In place (no second table): the survivors aside, the slots emptied, then put back.
        let survivors: Vec<(u64, u64)> = self
            .slots
            .iter()
            .copied()
            .filter(|&(_, data)| data != 0 && Self::class(data) >= from)
            .collect();
        self.slots.fill((0, 0));
        for (k, data) in survivors {
            self.put(k, data);
        }
        self.len = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analyzer;
    use crate::fixtures::with_solutions;

    /// Plain minimax on subsets (memoised on the subset itself, no hashing, no tricks).
    fn brute(set: &SolutionSet, subset: &[u32]) -> bool {
        fn go(set: &SolutionSet, subset: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
            if let Some(&v) = memo.get(subset) {
                return v;
            }
            let v = set
                .scan(subset)
                .iter()
                .any(|s| s.count == 1 || !go(set, &set.keep(subset, s.slot), memo));
            memo.insert(subset.to_vec(), v);
            v
        }
        go(set, subset, &mut HashMap::new())
    }

    fn set_of(n: u64, seed: u64) -> (Grid, SolutionSet) {
        let g = with_solutions(n, seed);
        let (sols, complete) = Analyzer::new().enumerate(&g, 1000);
        assert!(complete);
        assert_eq!(sols.len() as u64, n);
        (g, SolutionSet::new(&sols, &mut Rng::new(seed)))
    }

    /// Every root move of `set`: its value from `e` is plain minimax's.
    fn assert_moves_as_minimax(e: &mut Endgame, set: &SolutionSet, seed: u64) {
        let all = set.all();
        for st in set.scan(&all) {
            let child = set.keep(&all, st.slot);
            let wins = child.len() == 1 || !brute(set, &child);
            let v = e.move_value(&all, set.slot_move(st.slot));
            assert_eq!(
                v,
                if wins { Value::Win } else { Value::Loss },
                "seed {seed}"
            );
        }
    }

    #[test]
    fn move_values_agree_with_plain_minimax() {
        for seed in 0..30 {
            let Some((_, set)) = mixed(seed + 500) else {
                continue;
            };
            let all = set.all();
            let mut e = Endgame::new(set.clone());
            assert_moves_as_minimax(&mut e, &set, seed);
            // A move outside the set's varying cells is not a move here.
            let fixed = (0..81).find(|&c| set.move_slot(Move::new(c, 1)).is_none());
            if let Some(c) = fixed {
                assert_eq!(e.move_value(&all, Move::new(c, 1)), Value::Unknown);
            }
        }
    }

    #[test]
    fn small_cases_are_known() {
        for n in [2, 3] {
            let (_, set) = set_of(n, n);
            assert_eq!(
                Endgame::new(set.clone()).side_to_move_wins(&set.all()),
                Some(true)
            );
            let root = Endgame::new(set).analyze(&(0..n as u32).collect::<Vec<_>>());
            assert_eq!(root[0].value, Value::Win);
            assert_eq!(root[0].count, 1);
        }
        let (_, one) = set_of(1, 1);
        assert_eq!(
            Endgame::new(one.clone()).side_to_move_wins(&one.all()),
            Some(false)
        );
        assert!(Endgame::new(one.clone()).analyze(&one.all()).is_empty());
    }

    /// A puzzle with as many cells emptied as keep at most `cap` solutions (seeded order).
    fn mixed(seed: u64) -> Option<(Grid, SolutionSet)> {
        mixed_capped(seed, 4 + seed % 40)
    }

    /// A position of at most `cap` solutions (2 or more), made by emptying cells of a
    /// solved grid in a seeded order while it keeps at most `cap`.
    fn mixed_capped(seed: u64, cap: u64) -> Option<(Grid, SolutionSet)> {
        let mut rng = Rng::new(seed);
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut g = Grid::parse(crate::fixtures::SOLUTION).unwrap();
        let mut a = Analyzer::new();
        for c in order {
            let d = g.get(c);
            g.set(c, 0);
            if a.count(&g, cap + 1) > cap {
                g.set(c, d);
            }
        }
        let (sols, complete) = a.enumerate(&g, cap as usize);
        (complete && sols.len() > 1).then(|| (g, SolutionSet::new(&sols, &mut rng)))
    }

    #[test]
    fn agrees_with_plain_minimax() {
        let mut wins = 0;
        let mut total = 0;
        for seed in 0..60 {
            let Some((g, set)) = mixed(seed) else {
                continue;
            };
            let n = set.len();
            let expect = brute(&set, &set.all());
            let mut e = Endgame::new(set.clone());
            assert_eq!(
                e.side_to_move_wins(&set.all()),
                Some(expect),
                "seed {seed}, {n} solutions"
            );
            // The root analysis agrees (fresh and with the warm table), and its winning move
            // really wins.
            let root = Endgame::new(set.clone()).analyze(&set.all());
            let win = root.iter().find(|r| r.value == Value::Win);
            assert_eq!(win.is_some(), expect);
            // With the warm table the win may be found by another move: it must be one.
            let warm = e.analyze(&set.all());
            let warm_win = warm.iter().find(|r| r.value == Value::Win);
            assert_eq!(warm_win.is_some(), expect);
            for r in warm.iter().filter(|r| r.value == Value::Win) {
                let child = set.keep(&set.all(), set.move_slot(r.m).unwrap());
                assert!(
                    child.len() == 1 || !brute(&set, &child),
                    "seed {seed}: warm {r:?}"
                );
            }
            for r in root.iter().filter(|r| r.value != Value::Unknown) {
                let child = set.keep(&set.all(), set.move_slot(r.m).unwrap());
                assert_eq!(child.len() as u32, r.count);
                let after = r.m.apply(&g);
                assert_eq!(Analyzer::new().count(&after, 1000), u64::from(r.count));
                let child_wins = r.count > 1 && brute(&set, &child);
                assert_eq!(r.value == Value::Win, !child_wins);
            }
            wins += u32::from(expect);
            total += 1;
        }
        // Both outcomes occur, so the comparison means something.
        assert!(wins > 0 && wins < total, "{wins} of {total}");
    }

    /// Sets above [`SMALL`]: the row form at the top, the mask form below it.
    #[test]
    fn both_forms_agree_with_plain_minimax() {
        let mut large = 0;
        for seed in 0..12 {
            let cap = 70 + seed * 7;
            let Some((_, set)) = mixed_capped(seed + 900, cap) else {
                continue;
            };
            if set.len() <= SMALL {
                continue;
            }
            large += 1;
            assert_moves_as_minimax(&mut Endgame::new(set.clone()), &set, seed);
        }
        assert!(large >= 4, "{large} sets above {SMALL}");
    }

    #[test]
    fn bounded_searches_agree_with_plain_minimax() {
        let (mut proven, mut open) = (0, 0);
        for seed in 0..40 {
            let Some((_, set)) = mixed(seed) else {
                continue;
            };
            let all = set.all();
            let n = set.len() as u32;
            let expect = brute(&set, &all);
            for cap in [4, 8, n / 2, n] {
                // Never wrong; complete once the cap covers every move.
                if let Some(v) = Endgame::new(set.clone()).wins_within(&all, cap) {
                    assert_eq!(v, expect, "seed {seed}, cap {cap}");
                    proven += 1;
                } else {
                    assert!(cap < n, "seed {seed}: unbounded search gave up");
                    open += 1;
                }
                // The root analysis: moves keeping more than the cap are not searched, the
                // others get their true values.
                for r in Endgame::new(set.clone()).analyze_within(&all, cap) {
                    if r.value == Value::Unknown {
                        continue;
                    }
                    assert!(
                        r.count <= cap || r.count <= 3,
                        "seed {seed}: {r:?} searched"
                    );
                    let child = set.keep(&all, set.move_slot(r.m).unwrap());
                    let child_wins = r.count > 1 && brute(&set, &child);
                    assert_eq!(r.value == Value::Win, !child_wins, "seed {seed}: {r:?}");
                }
            }
        }
        // Both bounded answers occur.
        assert!(proven > 0 && open > 0, "{proven} proven, {open} open");
    }

    #[test]
    fn moves_sort_as_their_own_order() {
        let mut rng = Rng::new(9);
        let (mut keys, mut sorted) = (Vec::new(), Vec::new());
        for len in [0, 1, 2, 7, 40, 300, 729] {
            // Counts from a small range (many ties), names random or shared (duplicates).
            let mut moves: Vec<NodeMove> = (0..len)
                .map(|i| {
                    let count = 4 + rng.below(20) as u32;
                    let hash = if rng.below(4) == 0 {
                        u64::from(count).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    } else {
                        rng.next_u64()
                    };
                    NodeMove::new(count, hash, i as u16, (i / 9) as u8, (i % 9 + 1) as u8)
                })
                .collect();
            let mut want = moves.clone();
            want.sort_unstable();
            sort_moves(&mut moves, 24, &mut keys, &mut sorted);
            assert_eq!(moves, want, "{len} moves");
        }
    }

    #[test]
    fn hash_is_the_xor_of_kept_ids() {
        let (_, set) = set_of(12, 5);
        let all = set.all();
        assert_eq!(set.hash_of(&all), set.hash());
        for s in set.scan(&all) {
            let kept = set.keep(&all, s.slot);
            assert_eq!(kept.len() as u32, s.count);
            assert_eq!(set.hash_of(&kept), s.hash);
            // Updating by XOR: the kept part and the dropped part make up the whole.
            let dropped: Vec<u32> = all.iter().copied().filter(|i| !kept.contains(i)).collect();
            assert_eq!(set.hash_of(&dropped) ^ s.hash, set.hash());
            // Two moves in either order keep the same subset and name it the same.
            for t in set.scan(&kept) {
                let both = set.keep(&kept, t.slot);
                let other = set.keep(&set.keep(&all, t.slot), s.slot);
                assert_eq!(both, other);
                assert_eq!(t.hash, set.hash_of(&other));
            }
        }
    }

    /// The scan keeps a column for the children exactly when it varies and splits the
    /// solutions unlike every earlier kept column (checked here pair by pair of solutions).
    #[test]
    fn scan_keeps_one_column_per_partition() {
        let mut dropped = 0;
        for seed in 0..60 {
            let Some((_, set)) = mixed(seed) else {
                continue;
            };
            let node = set.node(&set.all());
            let (k, n) = (node.cols.len(), node.len());
            let digit = |r: usize, j: usize| node.rows[r * k + j];
            let same = |a: usize, b: usize| {
                (0..n).all(|r| {
                    (0..n).all(|s| (digit(r, a) == digit(s, a)) == (digit(r, b) == digit(s, b)))
                })
            };
            let varies = |j: usize| (0..n).any(|r| digit(r, j) != digit(0, j));
            let (mut stats, mut moves, mut len, mut keep) = (Vec::new(), Vec::new(), 0, Vec::new());
            if node
                .first_single(&(0..n as u32).collect::<Vec<_>>())
                .is_some()
            {
                continue; // won at once: no children
            }
            node.scan_into(&mut stats, &mut moves, &mut len, &mut keep);
            assert!(
                stats
                    .iter()
                    .all(|s| s.count == [0; 16] && s.hash == [0; 16])
            );
            for j in 0..k {
                let earlier = keep.iter().any(|&a| a < j && same(a, j));
                assert_eq!(
                    keep.contains(&j),
                    varies(j) && !earlier,
                    "seed {seed} column {j}"
                );
                dropped += usize::from(varies(j) && earlier);
            }
        }
        assert!(dropped > 0, "some columns split alike");
    }

    /// A move that keeps one solution, looked for on the parent's rows, is the one the built
    /// child's own rows give (the child leaves out constant and repeated columns), and is one.
    #[test]
    fn singles_of_a_child_are_found_on_the_parent() {
        let (mut found, mut none) = (0, 0);
        for seed in 0..60 {
            let Some((_, set)) = mixed(seed) else {
                continue;
            };
            let node = set.node(&set.all());
            let all: Vec<u32> = (0..node.len() as u32).collect();
            if node.first_single(&all).is_some() {
                continue;
            }
            let (mut stats, mut moves, mut len, mut keep) = (Vec::new(), Vec::new(), 0, Vec::new());
            node.scan_into(&mut stats, &mut moves, &mut len, &mut keep);
            let (mut picked, mut child) = (Vec::new(), Node::default());
            for m in &moves[..len] {
                node.pick(m, &mut picked);
                let picked = &picked[..m.count() as usize];
                node.child_into(picked, &keep, &mut child);
                let rows: Vec<u32> = (0..child.len() as u32).collect();
                let single = node.first_single(picked);
                assert_eq!(single, child.first_single(&rows), "seed {seed}");
                let subset = set.keep(&set.all(), m.slot());
                let stats = set.scan(&subset);
                let first = stats.iter().find(|s| s.count == 1).map(|s| s.slot);
                assert_eq!(single, first, "seed {seed}");
                found += usize::from(single.is_some());
                none += usize::from(single.is_none());
            }
        }
        assert!(found > 0 && none > 0, "{found} found, {none} none");
    }

    #[test]
    fn table_agrees_with_a_map() {
        // Small cap: the table grows 8 -> 64 slots, is pruned at 32 entries, and keys that
        // share their low bits (one slot) probe past each other.
        let mut t = Table {
            slots: vec![(0, 0); 8],
            len: 0,
            cap: 32,
        };
        let mut model: HashMap<u64, (Entry, usize)> = HashMap::new();
        let mut rng = Rng::new(7);
        let (mut pruned, mut kept_some) = (0, false);
        for i in 0..2000u64 {
            let key = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() << 6 | 5, // all in one home slot
                _ => rng.below(40) as u64,    // repeats: overwrites
            };
            let e = match rng.below(3) {
                0 => Entry::Loss,
                _ => Entry::Win {
                    slot: rng.below(729) as u16,
                    after: rng.below(1 << 27) as u32,
                },
            };
            let bits = rng.below(26);
            let size = 4 + rng.below(1 << bits); // some past the 24 bits kept
            if model.len() == 32 {
                // Full: the largest positions stay, by whole classes of bit length (sizes
                // beyond 24 bits count as the largest), at most 16.
                let class = |s: usize| 64 - s.min((1 << 24) - 1).leading_zeros() as usize;
                let mut classes: Vec<usize> = model.values().map(|&(_, s)| class(s)).collect();
                classes.sort_unstable_by(|a, b| b.cmp(a));
                let mut from = 25;
                for &c in &classes {
                    if classes.iter().filter(|&&d| d >= c).count() > 16 {
                        break;
                    }
                    from = c;
                }
                model.retain(|_, &mut (_, s)| class(s) >= from);
                assert!(model.len() <= 16);
                pruned += 1;
                kept_some |= !model.is_empty();
            }
            t.insert(key, e, size);
            model.insert(key, (e, size));
            assert_eq!(t.len, model.len());
            for (&k, &(v, _)) in &model {
                assert_eq!(t.get(k), Some(v));
            }
            assert_eq!(t.get(rng.next_u64()), None);
        }
        assert_eq!(t.slots.len(), 64);
        assert!(pruned > 10 && kept_some);
    }

    #[test]
    fn out_of_time_is_unknown() {
        let (_, set) = set_of(24, 9);
        let all = set.all();
        let mut e = Endgame::new(set);
        e.set_deadline(Some(Instant::now()));
        e.nodes = 255; // the clock is read every 256 nodes
        assert_eq!(e.side_to_move_wins(&all), None);
    }
}
