//! Connected regions of squares: their sizes and the sides that border them.

use super::filters::filter_table;
use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{BorderFilter, Code, EMPTY, GHOST, Op, RegionQuery, RegionSpec, SideId};
use crate::run::position::Position;

/// Every region of a spec in a position, in the order of their first squares.
#[derive(Debug, Default, Clone)]
pub struct Regions {
    pub all: Vec<Facts>,
}

/// What one region is: its border, the named parts it is on, whether it has an empty
/// neighbour, its size, whether it holds a square of the spec's `containing` set.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// Bit `s` set: a piece of side `s` is next to the region.
    pub border: u32,
    /// The named parts of the board the region has a square on (bits of
    /// [`Geometry::area_bit`]).
    pub touches: u64,
    /// An empty square (not of the region) is next to the region.
    pub open: bool,
    pub size: u32,
    /// The region has a square of the spec's `containing` set (always, without one).
    pub contains: bool,
}

/// Whether a region is one the query takes: its border as asked, on every area asked, with
/// no empty neighbour when asked.
pub fn region_ok(q: &RegionQuery, f: Facts, side: SideId) -> bool {
    border_ok(q.border, f.border)
        && f.contains
        && !(q.no_liberty && f.open)
        && size_ok(q.size, f.size)
        && q.touching
            .iter()
            .all(|&a| f.touches & Geometry::area_bit(a, side) != 0)
}

/// Whether a region of `size` squares is of the size asked (`with size OP N`; any without).
pub fn size_ok(asked: Option<(Op, u32)>, size: u32) -> bool {
    asked.is_none_or(|(op, n)| {
        crate::run::eval::binary(op, i64::from(size), i64::from(n)).is_ok_and(|v| v == 1)
    })
}

/// Whether a region whose border is `sides` (bit `s`: a piece of side `s` is next to it)
/// is bordered as asked.
pub fn border_ok(f: BorderFilter, sides: u32) -> bool {
    match f {
        BorderFilter::All => true,
        BorderFilter::Only(s) => sides == 1 << s,
        BorderFilter::Touches(s) => sides & (1 << s) != 0,
        BorderFilter::Nothing => sides == 0,
    }
}

/// Scratch space for the flood fill, reused between positions.
#[derive(Debug, Default)]
pub struct Fill {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    /// The squares of the regions [`find_taken`] found.
    pub found: Vec<u32>,
    /// For each region spec and side, the cells its members may be, then the cells of its
    /// `containing` set (all cells without one), as tables: made on first use.
    tables: Vec<[bool; 256]>,
    /// For the breadth-first search of [`exists`]: the square each square was reached from.
    parent: Vec<u32>,
    /// The squares the searches of [`exists`] start from.
    starts: Vec<u32>,
    /// The last regions each question of [`exists`] found, oldest first: see [`Witness`].
    witnesses: Vec<Witness>,
    /// For each question of [`exists`], the cells of the last position where it found no
    /// region: see [`Absent`].
    absent: Vec<Absent>,
    /// For each region spec and side, the first side that sees the spec's regions as it
    /// does (the same members, seeds and parts of the board): the sides that ask one
    /// question share what [`exists`] keeps of it.
    alike: Vec<SideId>,
}

/// A question [`exists`] and [`find_taken`] keep answers of: the region spec, the first side
/// that sees its regions alike ([`Fill::alike`]), the areas asked (as bits), and what else is
/// asked of a region (its border, its liberties, its size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    spec: usize,
    side: SideId,
    need: u64,
    border: BorderFilter,
    no_liberty: bool,
    size: Option<(Op, u32)>,
}

impl Key {
    /// The key of `q` asked by `side` (`None` for a row counted from home, which has no
    /// area bit). `fill`'s tables must be made.
    fn of(e: &Engine, q: &RegionQuery, side: SideId, fill: &Fill) -> Option<Key> {
        let mut need = 0u64;
        for &a in &q.touching {
            let bit = Geometry::area_bit(a, side);
            if bit == 0 {
                return None;
            }
            need |= bit;
        }
        Some(Key {
            spec: q.spec,
            side: fill.alike[q.spec * e.t.class.len() + side as usize],
            need,
            border: q.border,
            no_liberty: q.no_liberty,
            size: q.size,
        })
    }

    /// Whether a region the question takes stays taken when it grows (it asks only which
    /// areas the region touches): then a region of unchanged squares lies inside one that
    /// was not taken, and only the squares that changed start a search.
    fn grows(&self) -> bool {
        self.border == BorderFilter::All && !self.no_liberty && self.size.is_none()
    }
}

/// A position where a question of [`exists`] found no region. A region of a later position
/// all of whose squares hold what they held there lies inside one of that position's
/// regions, which touched fewer areas (or held no square of the `containing` set), so it
/// is not taken either: only the regions around the squares whose contents changed need a
/// search. After a move, that is the region of the piece just placed.
///
/// While the positions asked about only add members to it (the moves of a game that only
/// places pieces), the regions of the position are kept as well ([`Joined`]): a new member
/// joins the regions next to it, and only its region can be one the question takes.
#[derive(Debug)]
struct Absent {
    key: Key,
    cells: Vec<Code>,
    /// The regions of the position of `cells`, when they have been made.
    joined: Joined,
}

impl Absent {
    /// Which of `absent` is the position kept for `key` on a board of `n` squares.
    fn of(absent: &[Absent], key: Key, n: usize) -> Option<usize> {
        absent
            .iter()
            .position(|a| a.key == key && a.cells.len() == n)
    }

    /// Keeps `cells` as the position where the question of `key` found no region, in place
    /// of `absent[before]` (its regions no longer made), or as a new one.
    fn keep(absent: &mut Vec<Absent>, before: Option<usize>, key: Key, cells: &[Code]) {
        match before {
            Some(i) => {
                absent[i].cells.clone_from_slice(cells);
                absent[i].joined.made = false;
            }
            None => absent.push(Absent {
                key,
                cells: cells.to_vec(),
                joined: Joined::default(),
            }),
        }
    }
}

/// The regions of the members of one position, as disjoint sets (a union-find): each
/// member's set, with the areas asked that each set touches and whether it holds a square
/// of the spec's `containing` set, kept at its root.
#[derive(Debug, Default)]
struct Joined {
    /// False until made for the position (after a position where a member was lost).
    made: bool,
    /// The square above each member in its set ([`NOT_MEMBER`] for other squares).
    up: Vec<u32>,
    /// At a root: the areas asked that its region touches.
    touches: Vec<u64>,
    /// At a root: whether its region has a square of the `containing` set.
    contains: Vec<bool>,
}

/// [`Joined::up`] of a square that is not a member.
const NOT_MEMBER: u32 = u32::MAX;

impl Joined {
    /// The root of the set of the member `sq`, halving the way up as it goes.
    fn root(&mut self, mut sq: u32) -> u32 {
        while self.up[sq as usize] != sq {
            let up = self.up[self.up[sq as usize] as usize];
            self.up[sq as usize] = up;
            sq = up;
        }
        sq
    }

    /// The member `sq` joins the sets of the members next to it (a member, or not yet one).
    fn add(&mut self, flood: &Flood, need: u64, sq: u32) {
        let i = sq as usize;
        self.up[i] = sq;
        self.touches[i] = flood.e.g.areas[i] & need;
        self.contains[i] = flood.seed(i);
        for &w in flood.next_to(sq) {
            if self.up[w as usize] == NOT_MEMBER {
                continue;
            }
            let (a, b) = (self.root(sq), self.root(w));
            if a != b {
                self.up[b as usize] = a;
                self.touches[a as usize] |= self.touches[b as usize];
                self.contains[a as usize] |= self.contains[b as usize];
            }
        }
    }

    /// The sets of every member of the position `flood` reads.
    fn make(&mut self, flood: &Flood, need: u64, n: usize) {
        self.up.clear();
        self.up.resize(n, NOT_MEMBER);
        self.touches.resize(n, 0);
        self.contains.resize(n, false);
        for sq in 0..n {
            if flood.member(sq) {
                self.add(flood, need, sq as u32);
            }
        }
        self.made = true;
    }

    /// Whether the region of the member `sq` touches every area asked and holds a square of
    /// the `containing` set.
    fn taken(&mut self, need: u64, sq: u32) -> bool {
        let r = self.root(sq) as usize;
        self.touches[r] == need && self.contains[r]
    }
}

/// Squares that made a region [`exists`] looks for, in some position: a square of the
/// `containing` set first, then squares joining it to a square on each area asked. Whatever
/// position they came from, where they are all still members (and the first is still in the
/// `containing` set) they are connected squares of one region that touches every area asked,
/// so the answer is yes without a search: after a move far from them, most are.
#[derive(Debug)]
struct Witness {
    key: Key,
    squares: Vec<u32>,
}

impl Fill {
    /// The member and seed tables of every region spec, for every side, made once.
    fn make_tables(&mut self, e: &Engine) {
        if !self.tables.is_empty() {
            return;
        }
        let t = &*e.t;
        for spec in &e.p.regions {
            for class in &t.class {
                self.tables.push(filter_table(spec.members, class, t));
                self.tables.push(match spec.containing {
                    Some(f) => filter_table(f, class, t),
                    None => [true; 256],
                });
            }
        }
        let sides = t.class.len();
        for (i, spec) in e.p.regions.iter().enumerate() {
            let at = |s: usize| (i * sides + s) * 2;
            let members = |s: usize| Members::new(spec, s as SideId, &self.tables[at(s)]);
            for side in 0..sides {
                let (m, mine) = (members(side), &self.tables[at(side)..at(side) + 2]);
                let first = (0..side).find(|&o| {
                    let theirs = members(o);
                    m.rows.is_none()
                        && theirs.rows.is_none()
                        && theirs.on == m.on
                        && self.tables[at(o)..at(o) + 2] == *mine
                });
                self.alike.push(first.unwrap_or(side) as SideId);
            }
        }
    }

    /// A new stamp for a fill of a board of `n` squares.
    fn start(&mut self, n: usize) -> u32 {
        if self.seen.len() != n || self.stamp == u32::MAX {
            self.seen.clear();
            self.seen.resize(n, 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}

/// What a flood fill of one region reads: the position, which squares are members of the
/// regions and which are in the `containing` set (as the side looking sees them), and how
/// squares neighbour each other.
struct Flood<'a> {
    e: &'a Engine<'a>,
    pos: &'a Position,
    members: Members<'a>,
    seeds: &'a [bool; 256],
    adjacency: &'a (Vec<u32>, Vec<u32>),
    side: SideId,
}

/// Which squares are members of a spec's regions, as a side sees them: the cells its set
/// accepts, as a table, and the parts of the board they must be on, as bits of
/// [`Geometry::area_bit`] (or asked one by one, for a row counted from home, which has none).
struct Members<'a> {
    cells: &'a [bool; 256],
    on: u64,
    rows: Option<&'a [crate::program::Area]>,
}

impl<'a> Members<'a> {
    fn new(spec: &'a RegionSpec, side: SideId, cells: &'a [bool; 256]) -> Self {
        let (mut on, mut rows) = (0, None);
        for &a in &spec.within {
            match Geometry::area_bit(a, side) {
                0 => rows = Some(spec.within.as_slice()),
                bit => on |= bit,
            }
        }
        Members { cells, on, rows }
    }
}

impl<'a> Flood<'a> {
    /// The fill of spec `spec`'s regions in `pos` as `side` sees them, reading the fill's
    /// tables ([`Fill::make_tables`]).
    fn new(
        e: &'a Engine<'a>,
        pos: &'a Position,
        (spec, side): (usize, SideId),
        tables: &'a [[bool; 256]],
    ) -> Self {
        let at = (spec * e.t.class.len() + side as usize) * 2;
        Flood {
            e,
            pos,
            members: Members::new(&e.p.regions[spec], side, &tables[at]),
            seeds: &tables[at + 1],
            adjacency: &e.g.adjacency[spec],
            side,
        }
    }

    /// Whether the square `sq` is a member of the regions.
    #[inline(always)]
    fn member(&self, sq: usize) -> bool {
        self.member_as(sq, self.pos.cells[sq])
    }

    /// Whether the square `sq` would be a member of the regions, holding `cell`.
    #[inline(always)]
    fn member_as(&self, sq: usize, cell: Code) -> bool {
        let m = &self.members;
        m.cells[cell as usize]
            && match m.rows {
                None => self.e.g.areas[sq] & m.on == m.on,
                Some(all) => all.iter().all(|&a| self.e.g.on_area(a, self.side, sq)),
            }
    }

    /// Whether the square `sq` is in the spec's `containing` set (every square, without one).
    #[inline(always)]
    fn seed(&self, sq: usize) -> bool {
        self.seeds[self.pos.cells[sq] as usize]
    }

    /// The squares next to `v` along the spec's directions.
    #[inline(always)]
    fn next_to(&self, v: u32) -> &'a [u32] {
        let (start, list) = self.adjacency;
        &list[start[v as usize] as usize..start[v as usize + 1] as usize]
    }

    /// Fills the region of the members around `sq` (already marked seen with `stamp` in
    /// `seen`), pushing its squares onto `out`.
    #[inline]
    fn one(&self, (seen, stamp): (&mut [u32], u32), sq: u32, out: &mut Vec<u32>) -> Facts {
        let (t, g) = (&*self.e.t, &self.e.g);
        let first = out.len();
        out.push(sq);
        let mut facts = Facts {
            border: 0,
            touches: 0,
            open: false,
            size: 0,
            contains: false,
        };
        let mut i = first;
        while i < out.len() {
            let v = out[i];
            i += 1;
            facts.touches |= g.areas[v as usize];
            facts.contains |= self.seed(v as usize);
            for &w in self.next_to(v) {
                if seen[w as usize] == stamp {
                    continue;
                }
                let c = self.pos.cells[w as usize];
                if self.member(w as usize) {
                    seen[w as usize] = stamp;
                    out.push(w);
                } else if c == EMPTY {
                    facts.open = true;
                } else if c != GHOST {
                    facts.border |= 1 << t.side_of[c as usize];
                }
            }
        }
        facts.size = (out.len() - first) as u32;
        facts
    }
}

/// Whether the query takes some region of `pos` (as `side` sees it), found by filling
/// regions one at a time and stopping at the first that touches every area asked (and has a
/// square of the spec's `containing` set, only such squares starting a fill); `None` when the
/// query asks of a row counted from home. A question that asks more of a region than the
/// areas it touches (its border, its liberties, its size) is answered by
/// [`around_changes`] (`None` when that cannot answer it either).
pub fn exists(
    e: &Engine,
    pos: &Position,
    side: SideId,
    q: &RegionQuery,
    fill: &mut Fill,
) -> Option<bool> {
    fill.make_tables(e);
    let key = Key::of(e, q, side, fill)?;
    if !key.grows() {
        return around_changes(e, pos, (side, q, key), fill, false);
    }
    let need = key.need;
    let stamp = fill.start(e.g.n);
    if fill.parent.len() != e.g.n {
        fill.parent = vec![0; e.g.n];
    }
    let Fill {
        seen,
        stack: queue,
        tables,
        parent,
        witnesses,
        absent,
        starts,
        ..
    } = fill;
    let flood = Flood::new(e, pos, (q.spec, side), tables);
    // The squares a search starts from: members of the regions whose contents changed
    // since the last position without a region, or, without one, the seeds.
    let before = Absent::of(absent, key, e.g.n);
    starts.clear();
    // Whether a square stopped being a member (or a member changed whether it is in the
    // `containing` set).
    let mut lost = false;
    match before {
        Some(i) => {
            let was = &absent[i].cells;
            changed(was, &pos.cells, |sq| {
                let (then, now) = (flood.member_as(sq, was[sq]), flood.member(sq));
                if now {
                    starts.push(sq as u32);
                }
                lost |= then && (!now || flood.seeds[was[sq] as usize] != flood.seed(sq));
            })
        }
        None => starts.extend(
            (0..e.g.n as u32).filter(|&sq| flood.seed(sq as usize) && flood.member(sq as usize)),
        ),
    }
    // No member changed since a position without a region: none now either. This position
    // is kept in its place, so that the next one is compared with one nearer.
    if let (Some(i), true) = (before, starts.is_empty()) {
        let Absent { cells, joined, .. } = &mut absent[i];
        cells.clone_from(&pos.cells);
        joined.made &= !lost;
        return Some(false);
    }
    if let (Some(i), false) = (before, lost) {
        // Members were only gained: they join the regions kept (made first if need be), and
        // only theirs can be taken.
        let Absent { cells, joined, .. } = &mut absent[i];
        let gained = |sq: &&u32| !flood.member_as(**sq as usize, cells[**sq as usize]);
        match joined.made {
            true => {
                for &sq in starts.iter().filter(gained) {
                    joined.add(&flood, need, sq);
                }
            }
            false => joined.make(&flood, need, e.g.n),
        }
        if starts
            .iter()
            .filter(gained)
            .any(|&sq| joined.taken(need, sq))
        {
            // The regions kept are of a position with a region: made again when asked next.
            joined.made = false;
            return Some(true);
        }
        cells.clone_from(&pos.cells);
        return Some(false);
    }
    let holds = |w: &Witness| {
        w.key == key
            && flood.seed(w.squares[0] as usize)
            && w.squares.iter().all(|&sq| flood.member(sq as usize))
    };
    if let Some(i) = witnesses.iter().rposition(holds) {
        // The one that held is the newest now.
        let w = witnesses.remove(i);
        witnesses.push(w);
        return Some(true);
    }
    for &sq in starts.iter() {
        let sq = sq as usize;
        if seen[sq] == stamp {
            continue;
        }
        // Breadth first, so that the squares joining the start to each area are few.
        seen[sq] = stamp;
        parent[sq] = sq as u32;
        queue.clear();
        queue.push(sq as u32);
        let (mut head, mut touches) = (0, 0u64);
        // A seed of the region (the start, when the search starts from seeds).
        let mut seed = None;
        let mut ends = Vec::new();
        while let Some(&v) = queue.get(head) {
            head += 1;
            let more = e.g.areas[v as usize] & need & !touches;
            if more != 0 {
                touches |= more;
                ends.push(v);
            }
            if seed.is_none() && flood.seed(v as usize) {
                seed = Some(v);
            }
            if let (true, Some(seed)) = (touches == need, seed) {
                // The witness begins with the seed.
                ends.push(seed);
                let mut squares = joining(parent, sq as u32, &ends);
                let at = squares.iter().position(|&x| x == seed).unwrap_or(0);
                squares.swap(0, at);
                keep(witnesses, Witness { key, squares });
                // The other fills take the stack empty.
                queue.clear();
                return Some(true);
            }
            for &w in flood.next_to(v) {
                if seen[w as usize] != stamp && flood.member(w as usize) {
                    seen[w as usize] = stamp;
                    parent[w as usize] = v;
                    queue.push(w);
                }
            }
        }
    }
    queue.clear();
    Absent::keep(absent, before, key, &pos.cells);
    Some(false)
}

/// Whether the query takes a region of `pos` (as `side` sees it), searched only among the
/// regions around the squares that changed since the last position where the same question
/// took none. A region none of whose squares or neighbours changed since then is one of that
/// position's regions, with the same border, liberties, size and areas: it was not taken,
/// and is not now. So only the regions with a square that changed, or next to one, are
/// filled; without such a position, every region is. After a placement, that is the
/// regions next to the square placed on.
///
/// With `all`, every region taken is filled into `fill.found` (for [`find_taken`]); else
/// the search stops at the first. `None` when the spec's squares do not neighbour each other
/// both ways ([`Geometry::both_ways`]: a region's neighbours could change unseen).
fn around_changes(
    e: &Engine,
    pos: &Position,
    (side, q, key): (SideId, &RegionQuery, Key),
    fill: &mut Fill,
    all: bool,
) -> Option<bool> {
    if !e.g.both_ways[q.spec] {
        return None;
    }
    let n = e.g.n;
    let stamp = fill.start(n);
    let Fill {
        seen,
        found,
        tables,
        absent,
        starts,
        ..
    } = fill;
    let flood = Flood::new(e, pos, (q.spec, side), tables);
    let before = Absent::of(absent, key, n);
    starts.clear();
    match before {
        Some(i) => changed(&absent[i].cells, &pos.cells, |sq| {
            starts.push(sq as u32);
            starts.extend_from_slice(flood.next_to(sq as u32));
        }),
        None => starts.extend(0..n as u32),
    }
    found.clear();
    let mut taken = false;
    for &sq in starts.iter() {
        if seen[sq as usize] == stamp || !flood.member(sq as usize) {
            continue;
        }
        seen[sq as usize] = stamp;
        let first = found.len();
        if region_ok(q, flood.one((seen, stamp), sq, found), side) {
            taken = true;
            if !all {
                break;
            }
        } else {
            found.truncate(first);
        }
    }
    if !all {
        found.clear();
    }
    if !taken {
        Absent::keep(absent, before, key, &pos.cells);
    }
    Some(taken)
}

/// Calls `each` with every square whose cell differs between `was` and `now` (of one
/// length), comparing a block of cells at a time: after a move, most blocks are as they were.
#[inline(always)]
fn changed(was: &[Code], now: &[Code], mut each: impl FnMut(usize)) {
    const BLOCK: usize = 16;
    let (a, b) = (was.chunks_exact(BLOCK), now.chunks_exact(BLOCK));
    let tail = a.remainder().iter().zip(b.remainder());
    let tail_start = was.len() - was.len() % BLOCK;
    for (k, (x, y)) in a.zip(b).enumerate() {
        let block = |c: &[Code]| u128::from_ne_bytes(c.try_into().unwrap());
        if block(x) != block(y) {
            for j in 0..BLOCK {
                if x[j] != y[j] {
                    each(k * BLOCK + j);
                }
            }
        }
    }
    for (j, (x, y)) in tail.enumerate() {
        if x != y {
            each(tail_start + j);
        }
    }
}

/// How many witnesses [`exists`] keeps for one question: a move that breaks the newest
/// often leaves an older one whole (a wall across the shortest way, and the way round it).
const WITNESSES: usize = 16;

/// Keeps `w` as the newest witness of its question, forgetting the oldest beyond
/// [`WITNESSES`].
fn keep(witnesses: &mut Vec<Witness>, w: Witness) {
    let same = witnesses.iter().filter(|x| x.key == w.key).count();
    if same >= WITNESSES
        && let Some(oldest) = witnesses.iter().position(|x| x.key == w.key)
    {
        witnesses.remove(oldest);
    }
    witnesses.push(w);
}

/// The seed, then the squares on the way back from each of `ends` to it.
fn joining(parent: &[u32], seed: u32, ends: &[u32]) -> Vec<u32> {
    let mut out = vec![seed];
    for &end in ends {
        let mut v = end;
        while v != seed && !out.contains(&v) {
            out.push(v);
            v = parent[v as usize];
        }
    }
    out
}

/// The squares of every region the query takes in `pos` (as `side` sees them), into
/// `fill.found`: all regions are found before any is taken.
pub fn find_taken(e: &Engine, pos: &Position, side: SideId, q: &RegionQuery, fill: &mut Fill) {
    fill.make_tables(e);
    if let Some(key) = Key::of(e, q, side, fill)
        && around_changes(e, pos, (side, q, key), fill, true).is_some()
    {
        return;
    }
    fill.found.clear();
    each_region(e, pos, (q.spec, side), fill, true, |facts, found, first| {
        if !region_ok(q, facts, side) {
            found.truncate(first);
        }
    });
}

/// Floods every region of spec `spec`'s members in `pos` (as `side` sees them), in square
/// order: `each` gets its facts, and the squares found so far with the index its own start
/// at. With `keep`, the squares gather in `fill.found` (what `each` leaves of them); else
/// each region's are forgotten after it.
fn each_region(
    e: &Engine,
    pos: &Position,
    (spec, side): (usize, SideId),
    fill: &mut Fill,
    keep: bool,
    mut each: impl FnMut(Facts, &mut Vec<u32>, usize),
) {
    let stamp = fill.start(e.g.n);
    fill.make_tables(e);
    let Fill {
        seen,
        stack,
        found,
        tables,
        ..
    } = fill;
    let flood = Flood::new(e, pos, (spec, side), tables);
    let squares = if keep { found } else { stack };
    for sq in 0..e.g.n {
        if seen[sq] == stamp || !flood.member(sq) {
            continue;
        }
        seen[sq] = stamp;
        if !keep {
            squares.clear();
        }
        let first = squares.len();
        let facts = flood.one((seen, stamp), sq as u32, squares);
        each(facts, squares, first);
    }
    if !keep {
        squares.clear();
    }
}

/// Every region of spec `spec`'s members in `pos` (as `side` sees them), in square order.
pub fn find(
    e: &Engine,
    pos: &Position,
    side: SideId,
    spec: usize,
    fill: &mut Fill,
    out: &mut Regions,
) {
    out.all.clear();
    each_region(e, pos, (spec, side), fill, false, |facts, _, _| {
        out.all.push(facts)
    });
}
