//! Two strong links on one digit (Explainer's "Scraper, Kite, Turbot" family): skyscraper
//! (4.0), two-string kite and turbot fish (4.1), and their grouped forms (4.3).
//!
//! Facts about Explainer's search (learned from its sources, the code is ours):
//!
//! - A strong link is a house with exactly two candidates of the digit (a box's two must not
//!   share a line), or a grouped one: a line whose three to six candidates lie in two of its
//!   box segments, or a box whose three to six candidates lie in one row and one column (the
//!   "cross" of a heart cell, the first heart in reading order that holds them all) or, with four
//!   or more, in two of its rows (or columns) only. A grouped side is up to three cells; a box
//!   cross side with one cell on its arm pairs with the other arm plus the heart cell.
//! - Link kinds pair in the order box+box, box+row, row+row, box+column, row+column,
//!   column+column; then digit, first house, second house (after the first when of the same
//!   kind), the house's orientations, and the four ways to join the links (one end of each must
//!   share a column, a row or a box, tried in that order).
//! - Eliminations: cells seeing every cell of both free ends, outside both link houses and the
//!   joining house. When the free ends share a house too (a loop), only the first orientation
//!   counts, and cells seeing both joined ends are added (outside the link houses only), each
//!   elimination counted once per end pair.
//! - Every hint of the family is collected, and the one taken is the least difficult, then the
//!   one with the most eliminations (counted as above), then the least "suffix" (the number of
//!   grouped links, then the kinds' code: `00` box+box, `01` box+line, `11` parallel lines, `12`
//!   row+column), then the first found.
use crate::board::{Board, House, PEER_MASKS, bit, cells_of};
use crate::links::HOUSE_MASK;
use crate::step::{Step, Technique};

/// One side of a strong link: its cell, then the cells grouped with it; the cells that see all
/// of them, and the houses that hold all of them (bit `h` for house index `h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Side {
    cells: [u8; 3],
    len: u8,
    houses: u32,
    seen: u128,
}

impl Side {
    fn new(cells: &[u8]) -> Side {
        let mut s = Side {
            cells: [0; 3],
            len: cells.len() as u8,
            houses: u32::MAX,
            seen: u128::MAX,
        };
        s.cells[..cells.len()].copy_from_slice(cells);
        for &c in cells {
            let c = c as usize;
            s.seen &= PEER_MASKS[c];
            s.houses &= 1 << (c / 27 * 3 + c % 9 / 3) | 1 << (9 + c / 9) | 1 << (18 + c % 9);
        }
        s
    }

    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// The cells holding digit `d`, as a bitboard.
pub(crate) fn digit_cells(b: &Board, d: u8) -> u128 {
    (0..9).fold(0u128, |m, r| {
        let pos = b.positions(House::Row(r as u8), d) as u128;
        m | pos << (9 * r)
    })
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub(crate) grouped: bool,
    pub(crate) sides: [Side; 2],
}

const fn row(r: usize) -> u16 {
    0b111 << (3 * r)
}

const fn col(c: usize) -> u16 {
    0b1001001 << c
}

/// The shapes of a grouped box link, in Explainer's order, as position masks `(empty, arm1,
/// arm2)`: for a heart `e` in 0..9, the four cells off the heart's row and column, then the
/// heart's column-mates, then its row-mates; for 9..15, one row of the box (then one column)
/// that must be empty, then the other two.
const BOX_SHAPES: [(u16, u16, u16); 15] = {
    let mut t = [(0u16, 0u16, 0u16); 15];
    let mut e = 0;
    while e < 9 {
        let (r, c) = (e / 3, e % 3);
        let mut k = 0;
        while k < 9 {
            let (kr, kc) = (k / 3, k % 3);
            if kr != r && kc != c {
                t[e].0 |= 1 << k;
            } else if kc == c && kr != r {
                t[e].1 |= 1 << k;
            } else if kr == r && kc != c {
                t[e].2 |= 1 << k;
            }
            k += 1;
        }
        e += 1;
    }
    // Rows: empty row 2, 1, 0 (arms the other two, top first); then columns likewise.
    t[9] = (row(2), row(0), row(1));
    t[10] = (row(1), row(0), row(2));
    t[11] = (row(0), row(1), row(2));
    t[12] = (col(2), col(0), col(1));
    t[13] = (col(1), col(0), col(2));
    t[14] = (col(0), col(1), col(2));
    t
};

fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |k| mask & (1 << k) != 0)
}

fn same_line(a: u8, b: u8) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9
}

/// The strong links of digit `d` in a house, in Explainer's order of orientations.
pub(crate) fn links_in(b: &Board, house: House, d: u8, out: &mut Vec<Link>) {
    out.clear();
    let pos = b.positions(house, d);
    let count = pos.count_ones();
    if !(2..=6).contains(&count) {
        return;
    }
    let hc = house.cells();
    let at = |k: usize| hc[k];
    let is_box = matches!(house, House::Box(_));
    if count == 2 {
        let mut it = bits(pos);
        let (a, c) = (at(it.next().unwrap()), at(it.next().unwrap()));
        if is_box && same_line(a, c) {
            return;
        }
        out.push(Link {
            grouped: false,
            sides: [Side::new(&[a]), Side::new(&[c])],
        });
        return;
    }
    // The first shape whose empty part holds none of the candidates.
    let mut found = None;
    if is_box {
        for (e, &(empty, b1, b2)) in BOX_SHAPES.iter().enumerate() {
            if e > 8 && count < 4 {
                continue;
            }
            if pos & empty == 0 {
                found = Some((e, pos & b1, pos & b2));
                break;
            }
        }
    } else {
        for e in 0..3 {
            let seg = 0b111u16 << (3 * e);
            if pos & seg == 0 {
                let others: Vec<u16> = (0..3)
                    .filter(|&s| s != e)
                    .map(|s| pos & (0b111 << (3 * s)))
                    .collect();
                found = Some((e, others[0], others[1]));
                break;
            }
        }
    }
    let Some((e, blade1, blade2)) = found else {
        return;
    };
    if blade1 == 0 || blade2 == 0 {
        return;
    }
    let c1: Vec<u8> = bits(blade1).map(at).collect();
    let c2: Vec<u8> = bits(blade2).map(at).collect();
    let grouped = |s0: Side, s1: Side| Link {
        grouped: true,
        sides: [s0, s1],
    };
    if c1.len() == 1 || c2.len() == 1 {
        // A single cell against the other arm (with the heart, for a box); when both arms are
        // single cells, the second arm's cell against the first's with the heart.
        let arm = |one: &[u8], many: &[u8]| {
            let other = if is_box {
                let mut v = vec![many[0], at(e)];
                v.extend(many.get(1));
                v
            } else {
                many.to_vec()
            };
            grouped(Side::new(one), Side::new(&other))
        };
        if c1.len() == 1 && c2.len() > 1 {
            out.push(arm(&c1, &c2));
        } else {
            out.push(arm(&c2, &c1));
        }
        return;
    }
    let rect = e > 8 && count == 4 && same_line(c1[1], c2[1]) && same_line(c1[0], c2[0]);
    if rect {
        // Four cells in a rectangle: split by rows, then by columns (or the other way round).
        out.push(grouped(Side::new(&c1), Side::new(&c2)));
        out.push(grouped(
            Side::new(&[c1[0], c2[0]]),
            Side::new(&[c1[1], c2[1]]),
        ));
        return;
    }
    let mut s0 = c1.clone();
    let mut s1 = c2.clone();
    if is_box && e < 9 && pos & (1 << e) != 0 {
        // A box whose heart holds the digit: an arm of two takes the heart as well.
        if c1.len() == 2 {
            s0.push(at(e));
        }
        if c2.len() == 2 {
            s1.push(at(e));
        }
    }
    out.push(grouped(Side::new(&s0), Side::new(&s1)));
}

/// Each digit's strong links in each house (`links[d - 1][house index]`) and candidate cells in
/// each house, drawn once per search.
pub(crate) struct LinkTable {
    pub(crate) links: Vec<Vec<Vec<Link>>>,
    pub(crate) cands: [[u128; 27]; 9],
    pub(crate) dcells: [u128; 9],
}

impl LinkTable {
    pub(crate) fn new(b: &Board) -> LinkTable {
        let dcells: [u128; 9] = std::array::from_fn(|i| digit_cells(b, i as u8 + 1));
        let mut links = vec![vec![Vec::new(); 27]; 9];
        let mut cands = [[0u128; 27]; 9];
        for d in 1..=9u8 {
            let di = d as usize - 1;
            for (h, house) in House::ALL.iter().enumerate() {
                links_in(b, *house, d, &mut links[di][h]);
                cands[di][h] = HOUSE_MASK[h] & dcells[di];
            }
        }
        LinkTable {
            links,
            cands,
            dcells,
        }
    }
}

/// The house (column, then row, then box) holding every cell of two sides, if any.
#[inline]
pub(crate) fn common_house(a: Side, c: Side) -> Option<House> {
    let m = a.houses & c.houses;
    if m == 0 {
        return None;
    }
    // At most one house of each kind: the column's bit is the highest, then the row's.
    Some(House::ALL[31 - m.leading_zeros() as usize])
}

/// The houses of a link's two sides (bit `h` for house index `h`): links whose masks do not
/// meet cannot join.
pub(crate) fn link_houses(l: &Link) -> u32 {
    l.sides[0].houses | l.sides[1].houses
}

/// Cells with the digit (`dcells`, from [`digit_cells`]) that see every cell of both sides,
/// outside the given houses, in cell order.
pub(crate) fn victims(dcells: u128, a: Side, c: Side, outside: &[House], out: &mut Vec<u8>) {
    out.clear();
    let mut m = dcells & a.seen & c.seen;
    for h in outside {
        m &= !HOUSE_MASK[h.index()];
    }
    out.extend(cells_of(m).map(|x| x as u8));
}

/// How Explainer orders the family's hints: difficulty, then fewer eliminations last (the count
/// negated), then the suffix.
type Key = (u8, i32, [u8; 3]);

/// The hint taken: Explainer's order over every hint of the family.
pub(crate) fn two_strong_links(b: &Board) -> Option<Step> {
    // (difficulty, -eliminations, suffix): the least wins, the first among equals.
    let mut best: Option<(Key, Step)> = None;
    let t = LinkTable::new(b);
    let (mut v1, mut v2) = (Vec::new(), Vec::new());
    for (k0, k1) in [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)] {
        for d in 1..=9u8 {
            let di = d as usize - 1;
            let dm = t.dcells[di];
            for i0 in 0..9 {
                let h0 = House::of_kind(k0, i0);
                let l0s = &t.links[di][h0.index()];
                if l0s.is_empty() {
                    continue;
                }
                let p0 = t.cands[di][h0.index()];
                let start1 = if k0 == k1 { i0 + 1 } else { 0 };
                for l0 in l0s {
                    for i1 in start1..9 {
                        let h1 = House::of_kind(k1, i1);
                        if t.cands[di][h1.index()] & p0 != 0 {
                            continue;
                        }
                        let l1s = &t.links[di][h1.index()];
                        for l1 in l1s {
                            for u in 0..4 {
                                let (u0, u1) = (u >> 1, u & 1);
                                let (bridge1, bridge2) = (l0.sides[1 - u0], l1.sides[u1]);
                                let Some(share) = common_house(bridge1, bridge2) else {
                                    continue;
                                };
                                let (start, end) = (l0.sides[u0], l1.sides[1 - u1]);
                                let ring = common_house(start, end);
                                let total;
                                let mut elims: Vec<u8>;
                                if ring.is_some() {
                                    if u0 != 0 {
                                        continue;
                                    }
                                    victims(dm, start, end, &[h0, h1], &mut v1);
                                    victims(dm, bridge1, bridge2, &[h0, h1], &mut v2);
                                    total = (v1.len() + v2.len()) as i32;
                                    elims = v1.iter().chain(&v2).copied().collect();
                                    elims.sort_unstable();
                                    elims.dedup();
                                } else {
                                    victims(dm, start, end, &[h0, h1, share], &mut v1);
                                    total = v1.len() as i32;
                                    elims = v1.clone();
                                }
                                if elims.is_empty() {
                                    continue;
                                }
                                let groups = u8::from(l0.grouped) + u8::from(l1.grouped);
                                let kinds = match (k0, k1) {
                                    (0, 0) => *b"00",
                                    (0, _) => *b"01",
                                    (1, 2) => *b"12",
                                    _ => *b"11",
                                };
                                let (technique, difficulty) = if groups > 0 {
                                    (Technique::GroupedStrongLinks, 43)
                                } else if kinds == *b"11" {
                                    (Technique::Skyscraper, 40)
                                } else if k0 == 0 {
                                    (Technique::TurbotFish, 41)
                                } else {
                                    (Technique::TwoStringKite, 41)
                                };
                                let key = (difficulty, -total, [b'0' + groups, kinds[0], kinds[1]]);
                                if best.as_ref().is_some_and(|(k, _)| *k <= key) {
                                    continue;
                                }
                                let mut s = Step {
                                    technique,
                                    difficulty: technique.difficulty(),
                                    houses: vec![h0, h1, share],
                                    cells: start
                                        .cells()
                                        .iter()
                                        .chain(end.cells())
                                        .copied()
                                        .collect(),
                                    digits: bit(d),
                                    placements: Vec::new(),
                                    eliminations: elims.iter().map(|&c| (c, bit(d))).collect(),
                                };
                                if let Some(r) = ring {
                                    s.houses.push(r);
                                }
                                best = Some((key, s));
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, s)| s)
}

/// What a chain of three or more strong links adds to its base difficulty, and its suffix (the
/// number of grouped links, then [`line_name`]): 0.3 with a grouped link or a kind named `3` or
/// more, 0.0 on one line kind alone, 0.2 with boxes and both line kinds, 0.1 otherwise.
pub(crate) fn chain_grade(groups: u8, chain_kinds: &[u8]) -> (f64, Vec<u8>) {
    let mut suffix = vec![b'0' + groups];
    suffix.extend(line_name(chain_kinds));
    let tail = &suffix[1..];
    let add = if groups > 0 || tail.iter().any(|&c| c >= b'3') {
        0.3
    } else if !tail.contains(&b'0') && !tail.contains(&b'2') {
        0.0
    } else if tail.contains(&b'0') && tail.contains(&b'2') {
        0.2
    } else {
        0.1
    };
    (add, suffix)
}

/// Explainer's suffix of a chain of link kinds (0 box, 1 row, 2 column): the kinds read from
/// the end that gives the smaller string, then rows and columns named so that the name is least
/// (`1` for the first line kind, `2` for the other), boxes `0`.
pub(crate) fn line_name(kinds: &[u8]) -> Vec<u8> {
    let fwd: Vec<u8> = kinds.iter().map(|k| b'0' + k).collect();
    let rev: Vec<u8> = fwd.iter().rev().copied().collect();
    let set = if fwd <= rev { fwd } else { rev };
    if !set.contains(&b'1') {
        return set
            .iter()
            .map(|&k| if k == b'2' { b'1' } else { k })
            .collect();
    }
    let swap: Vec<u8> = set
        .iter()
        .map(|&k| match k {
            b'1' => b'2',
            b'2' => b'1',
            k => k,
        })
        .collect();
    let swap_rev: Vec<u8> = swap.iter().rev().copied().collect();
    let least = swap.min(swap_rev);
    set.min(least)
}

/// The best hint so far of the three- and four-link searches: Explainer's sort key (difficulty
/// as its double, eliminations negated, suffix) and the step.
pub(crate) type Best = Option<((f64, i32, Vec<u8>), Step)>;

/// Whether the hint kept in `best` sorts at or before one with `key` (the new one then loses:
/// the first found wins a tie).
pub(crate) fn kept_first(best: &Best, key: &(f64, i32, Vec<u8>)) -> bool {
    best.as_ref().is_some_and(|(k, _)| {
        k.0.total_cmp(&key.0)
            .then(k.1.cmp(&key.1))
            .then(k.2.cmp(&key.2))
            .is_le()
    })
}

/// Three strong links on one digit, chained (Explainer's "3 Strong Links": 3 skyscrapers 5.4,
/// 3-string kites and turbot chains 5.5 or 5.6, grouped 5.7; X-loops when the free ends share
/// a house). Facts about its search, beyond those of the two-link family:
///
/// - Link kinds `(a, b, c)` with `a <= b <= c`, in the order of `(c, b, a)`; then digit; the
///   houses of the three links in that order (one kind after another of the same kind), each
///   link's orientations; a house that shares a candidate cell with an earlier link's house is
///   skipped.
/// - Chains take the links in the orders 0-1-2, 1-0-2, 0-2-1 (each chain once, not reversed),
///   each with the eight ways to turn the links (binary counting, the first link's turn most
///   significant); consecutive links must join in a column, a row or a box.
/// - Loops (free ends sharing a house) count only with the first link first and unturned.
/// - Difficulty: 5.4 for three parallel lines, +0.1 for boxes or both line kinds, +0.2 for
///   boxes and both line kinds, +0.3 when grouped (Java doubles); the hint taken is the least
///   difficult, then most eliminations, then least suffix, then first found.
pub(crate) fn three_strong_links(b: &Board) -> Option<Step> {
    let mut best: Best = None;
    let (mut v1, mut v2) = (Vec::new(), Vec::new());
    let mut triples = Vec::new();
    for c in 0..3usize {
        for bk in 0..=c {
            for a in 0..=bk {
                triples.push([a, bk, c]);
            }
        }
    }
    let t = LinkTable::new(b);
    for kinds in &triples {
        for d in 1..=9u8 {
            let links = &t.links[d as usize - 1];
            let cands = &t.cands[d as usize - 1];
            for i0 in 0..9 {
                let h0 = House::of_kind(kinds[0], i0);
                for l0 in &links[h0.index()] {
                    let p0 = cands[h0.index()];
                    let s1 = if kinds[1] == kinds[0] { i0 + 1 } else { 0 };
                    for i1 in s1..9 {
                        let h1 = House::of_kind(kinds[1], i1);
                        let p1 = cands[h1.index()];
                        if p1 & p0 != 0 {
                            continue;
                        }
                        for l1 in &links[h1.index()] {
                            let s2 = if kinds[2] == kinds[1] { i1 + 1 } else { 0 };
                            for i2 in s2..9 {
                                let h2 = House::of_kind(kinds[2], i2);
                                if cands[h2.index()] & (p0 | p1) != 0 {
                                    continue;
                                }
                                for l2 in &links[h2.index()] {
                                    chains(
                                        t.dcells[d as usize - 1],
                                        d,
                                        &[*l0, *l1, *l2],
                                        [h0, h1, h2],
                                        kinds,
                                        &mut v1,
                                        &mut v2,
                                        &mut best,
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, s)| s)
}

/// The chains of three given links, in Explainer's order, each kept in `best` when it sorts
/// before the best so far.
#[allow(clippy::too_many_arguments)]
fn chains(
    dm: u128,
    d: u8,
    links: &[Link; 3],
    houses: [House; 3],
    kinds: &[usize; 3],
    v1: &mut Vec<u8>,
    v2: &mut Vec<u8>,
    best: &mut Best,
) {
    // join[i][a][j][c]: the house joining side `a` of link `i` to side `c` of link `j`. Each
    // link of a chain joins another, so a link that joins none leaves no chain to try.
    let lh = links.map(|l| link_houses(&l));
    if lh[0] & (lh[1] | lh[2]) == 0 || lh[1] & (lh[0] | lh[2]) == 0 || lh[2] & (lh[0] | lh[1]) == 0
    {
        return;
    }
    let mut join = [[[[None; 2]; 3]; 2]; 3];
    for i in 0..3 {
        let mut any = false;
        for j in 0..3 {
            if i != j {
                for a in 0..2 {
                    for c in 0..2 {
                        let h = common_house(links[i].sides[a], links[j].sides[c]);
                        any |= h.is_some();
                        join[i][a][j][c] = h;
                    }
                }
            }
        }
        if !any {
            return;
        }
    }
    let groups = links.iter().filter(|l| l.grouped).count() as u8;
    for q in [[0, 1, 2], [1, 0, 2], [0, 2, 1]] {
        // The turns in binary counting order; a join that fails rules out every turn with the
        // same first `w + 2` turns, skipped at once.
        let mut next = 0u8;
        'turns: while next < 8 {
            let turns = next;
            next += 1;
            let u = [turns >> 2 & 1, turns >> 1 & 1, turns & 1].map(usize::from);
            let mut shares = [House::Box(0); 2];
            for w in 0..2 {
                let Some(h) = join[q[w]][1 - u[w]][q[w + 1]][u[w + 1]] else {
                    next = (turns | ((1 << (1 - w)) - 1)) + 1;
                    continue 'turns;
                };
                shares[w] = h;
            }
            let start = links[q[0]].sides[u[0]];
            let end = links[q[2]].sides[1 - u[2]];
            let ring = join[q[0]][u[0]][q[2]][1 - u[2]];
            let mut elims: Vec<u8>;
            let total;
            if ring.is_some() {
                if q[0] != 0 || u[0] != 0 {
                    continue;
                }
                victims(dm, start, end, &houses, v1);
                elims = v1.clone();
                let mut n = v1.len();
                for w in 0..2 {
                    let bridge1 = links[q[w]].sides[1 - u[w]];
                    let bridge2 = links[q[w + 1]].sides[u[w + 1]];
                    victims(dm, bridge1, bridge2, &houses, v2);
                    n += v2.len();
                    elims.extend_from_slice(v2);
                }
                elims.sort_unstable();
                elims.dedup();
                total = n as i32;
            } else {
                let outside = [houses[0], houses[1], houses[2], shares[0], shares[1]];
                victims(dm, start, end, &outside, v1);
                elims = v1.clone();
                total = elims.len() as i32;
            }
            if elims.is_empty() {
                continue;
            }
            let (add, suffix) = chain_grade(groups, &q.map(|i| kinds[i] as u8));
            let difficulty = 5.4 + add;
            let key = (difficulty, -total, suffix);
            if kept_first(best, &key) {
                continue;
            }
            let mut s = Step {
                technique: Technique::ThreeStrongLinks,
                difficulty: (difficulty * 10.0).round() as u8,
                houses: q.iter().map(|&i| houses[i]).chain(shares).collect(),
                cells: start.cells().iter().chain(end.cells()).copied().collect(),
                digits: bit(d),
                placements: Vec::new(),
                eliminations: elims.iter().map(|&c| (c, bit(d))).collect(),
            };
            if let Some(r) = ring {
                s.houses.push(r);
            }
            *best = Some((key, s));
        }
    }
}

#[cfg(test)]
mod tests {
    //! Hand-made positions: every candidate everywhere, then one digit confined to draw two
    //! strong links. Each checks the step `next_step` takes (no earlier technique applies) and
    //! that its eliminations are exactly the pattern's.
    use super::*;
    use crate::board::cell_name;
    use crate::next_step;

    use crate::testboard::open;

    fn cell(name: &str) -> u8 {
        crate::testboard::cell(name) as u8
    }

    /// Leaves 5 only at `keep` in the house.
    fn confine(b: &mut Board, house: House, keep: &[&str]) {
        for &c in house.cells() {
            if !keep.iter().any(|k| cell(k) == c) {
                b.eliminate(c as usize, bit(5));
            }
        }
    }

    fn take(b: &Board, t: Technique) -> Vec<String> {
        let s = next_step(b).expect("a step");
        assert_eq!(s.technique, t, "{s}");
        assert_eq!(s.difficulty, t.difficulty());
        assert!(s.placements.is_empty());
        s.eliminations
            .iter()
            .map(|&(c, m)| {
                assert_eq!(m, bit(5), "{s}");
                cell_name(c as usize)
            })
            .collect()
    }

    #[test]
    fn skyscraper() {
        let mut b = open();
        confine(&mut b, House::Col(0), &["r2c1", "r7c1"]);
        confine(&mut b, House::Col(4), &["r3c5", "r7c5"]);
        // Joined in row 7; the free ends r2c1 and r3c5.
        assert_eq!(
            take(&b, Technique::Skyscraper),
            ["r2c4", "r2c6", "r3c2", "r3c3"]
        );
        assert_eq!(
            next_step(&b).unwrap().to_string(),
            "r2c4<>5 r2c6<>5 r3c2<>5 r3c3<>5 skyscraper 5 in column 1 and column 5 joined in \
             row 7: r2c1 r3c5"
        );
    }

    #[test]
    fn two_string_kite() {
        let mut b = open();
        confine(&mut b, House::Row(0), &["r1c2", "r1c8"]);
        confine(&mut b, House::Col(0), &["r3c1", "r7c1"]);
        // Joined in box 1; the free ends r1c8 and r7c1.
        assert_eq!(take(&b, Technique::TwoStringKite), ["r7c8"]);
    }

    #[test]
    fn turbot_fish() {
        let mut b = open();
        confine(&mut b, House::Box(0), &["r1c3", "r3c1"]);
        confine(&mut b, House::Row(5), &["r6c1", "r6c8"]);
        // Box 1 and row 6 joined in column 1; the free ends r1c3 and r6c8.
        assert_eq!(take(&b, Technique::TurbotFish), ["r1c8"]);
    }

    #[test]
    fn grouped_strong_links() {
        let mut b = open();
        // Row 1: r1c1 or r1c2 (a group in box 1), or r1c7.
        confine(&mut b, House::Row(0), &["r1c1", "r1c2", "r1c7"]);
        confine(&mut b, House::Col(2), &["r3c3", "r8c3"]);
        // The group and r3c3 share box 1; the free ends r1c7 and r8c3.
        assert_eq!(take(&b, Technique::GroupedStrongLinks), ["r8c7"]);
    }

    #[test]
    fn three_strong_links() {
        let mut b = open();
        // Column 1 r1c1-r7c1, row 7 to column 4 r7c4-r4c4, row 4 to column 6 r4c6-r2c6: one of
        // the free ends r1c1, r2c6 holds 5.
        confine(&mut b, House::Col(0), &["r1c1", "r7c1"]);
        confine(&mut b, House::Col(3), &["r7c4", "r4c4"]);
        confine(&mut b, House::Col(5), &["r4c6", "r2c6"]);
        // Grouped two-link hints (box 2 holds 5 in four cells) come first in the order, so the
        // finder is asked directly.
        let s = super::three_strong_links(&b).expect("three strong links");
        assert_eq!(
            (s.technique, s.difficulty),
            (Technique::ThreeStrongLinks, 54)
        );
        let got: Vec<String> = s
            .eliminations
            .iter()
            .map(|&(c, _)| cell_name(c as usize))
            .collect();
        assert_eq!(got, ["r1c5", "r2c2", "r2c3"]);
    }

    #[test]
    fn line_names() {
        assert_eq!(line_name(&[0, 1]), b"01");
        assert_eq!(line_name(&[0, 2]), b"01");
        assert_eq!(line_name(&[1, 2]), b"12");
        assert_eq!(line_name(&[2, 2, 2]), b"111");
        assert_eq!(line_name(&[2, 0, 1]), b"102");
    }

    #[test]
    fn a_grouped_line_takes_no_heart() {
        // Column 3 with 5 in rows 1, 2 (box 1) and 7, 8 (box 7): two groups of two, nothing
        // more (a heart cell belongs to box links only).
        let mut b = open();
        confine(&mut b, House::Col(2), &["r1c3", "r2c3", "r7c3", "r8c3"]);
        let mut links = Vec::new();
        links_in(&b, House::Col(2), 5, &mut links);
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].sides[0].cells(), [cell("r1c3"), cell("r2c3")]);
        assert_eq!(links[0].sides[1].cells(), [cell("r7c3"), cell("r8c3")]);
    }

    #[test]
    fn box_shapes() {
        // Heart r1c1 of a box: arms r2c1 r3c1 and r1c2 r1c3, the other four cells empty.
        assert_eq!(BOX_SHAPES[0], (0b110_110_000, 0b001_001_000, 0b000_000_110));
        assert_eq!(BOX_SHAPES[4].0, 0b101_000_101);
        assert_eq!(BOX_SHAPES[9], (0b111_000_000, 0b000_000_111, 0b000_111_000));
    }

    #[test]
    fn a_box_with_its_heart() {
        // Box 9 with r7c7, r8c7, r8c9: heart r8c7, arms of one cell each. Explainer links r8c9
        // against r7c7 with the heart.
        let mut b = open();
        confine(&mut b, House::Box(8), &["r7c7", "r8c7", "r8c9"]);
        let mut links = Vec::new();
        links_in(&b, House::Box(8), 5, &mut links);
        assert_eq!(links.len(), 1);
        assert!(links[0].grouped);
        assert_eq!(links[0].sides[0].cells(), [cell("r8c9")]);
        assert_eq!(links[0].sides[1].cells(), [cell("r7c7"), cell("r8c7")]);
    }
}
