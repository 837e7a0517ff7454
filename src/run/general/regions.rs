//! Connected regions of squares: their sizes and the sides that border them.

use super::filters::{filter_table, matches_filter};
use crate::compile::Engine;
use crate::compile::geometry::Geometry;
use crate::program::{BorderFilter, CellMask, EMPTY, GHOST, RegionQuery, RegionSpec, SideId};
use crate::run::position::Position;

#[derive(Debug, Default, Clone)]
pub struct Regions {
    pub sizes: Vec<u32>,
    /// Bit `s` set: a piece of side `s` is next to the region.
    pub borders: Vec<u32>,
    /// The named parts of the board the region has a square on (bits of
    /// [`crate::compile::geometry::Geometry::area_bit`]).
    pub touches: Vec<u64>,
    /// An empty square (not of the region) is next to the region.
    pub open: Vec<bool>,
    /// The region has a square of the spec's `containing` set (always, without one).
    pub contains: Vec<bool>,
}

/// What one region is: its border, the named parts it is on, whether it has an empty
/// neighbour.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub border: u32,
    pub touches: u64,
    pub open: bool,
    pub size: u32,
    pub contains: bool,
}

/// Whether a region is one the query takes: its border as asked, on every area asked, with
/// no empty neighbour when asked.
pub fn region_ok(q: &RegionQuery, f: Facts, side: SideId) -> bool {
    border_ok(q.border, f.border)
        && f.contains
        && !(q.no_liberty && f.open)
        && q.size.is_none_or(|(op, n)| {
            crate::run::eval::binary(op, f.size as i64, n as i64).is_ok_and(|v| v == 1)
        })
        && q.touching
            .iter()
            .all(|&a| f.touches & Geometry::area_bit(a, side) != 0)
}

fn border_ok(f: BorderFilter, sides: u32) -> bool {
    match f {
        BorderFilter::All => true,
        BorderFilter::Only(s) => sides == 1 << s,
        BorderFilter::Touches(s) => sides & (1 << s) != 0,
        BorderFilter::Nothing => sides == 0,
    }
}

impl Regions {
    pub fn facts(&self, i: usize) -> Facts {
        Facts {
            border: self.borders[i],
            touches: self.touches[i],
            open: self.open[i],
            size: self.sizes[i],
            contains: self.contains[i],
        }
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
    /// The last regions each question of [`exists`] found, oldest first: see [`Witness`].
    witnesses: Vec<Witness>,
}

/// Squares that made a region [`exists`] looks for, in some position: a square of the
/// `containing` set first, then squares joining it to a square on each area asked. Whatever
/// position they came from, where they are all still members (and the first is still in the
/// `containing` set) they are connected squares of one region that touches every area asked,
/// so the answer is yes without a search: after a move far from them, most are.
#[derive(Debug)]
struct Witness {
    /// The region spec, the side that looks and the areas asked, as bits.
    key: (usize, SideId, u64),
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

/// What a flood fill of one region reads: the position as a side sees it, the members of
/// the regions and how squares neighbour each other.
struct Flood<'a> {
    e: &'a Engine<'a>,
    pos: &'a Position,
    class: &'a [CellMask; 256],
    spec: &'a RegionSpec,
    adjacency: &'a (Vec<u32>, Vec<u32>),
    side: SideId,
}

/// Whether the square `sq`, holding `cell`, is a member of `spec`'s regions as `side` sees
/// them.
#[inline(always)]
fn member(
    e: &Engine,
    spec: &RegionSpec,
    class: &[CellMask; 256],
    (sq, cell): (u32, u8),
    side: SideId,
) -> bool {
    matches_filter(spec.members, cell, class, &e.t)
        && (spec.within.is_empty()
            || spec
                .within
                .iter()
                .all(|&a| e.g.on_area(a, side, sq as usize)))
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
    fn new(_: &Engine, spec: &'a RegionSpec, side: SideId, cells: &'a [bool; 256]) -> Self {
        let (mut on, mut rows) = (0, None);
        for &a in &spec.within {
            match Geometry::area_bit(a, side) {
                0 => rows = Some(spec.within.as_slice()),
                bit => on |= bit,
            }
        }
        Members { cells, on, rows }
    }

    #[inline(always)]
    fn has(&self, e: &Engine, side: SideId, sq: usize, cell: u8) -> bool {
        self.cells[cell as usize]
            && match self.rows {
                None => e.g.areas[sq] & self.on == self.on,
                Some(all) => all.iter().all(|&a| e.g.on_area(a, side, sq)),
            }
    }
}

impl Flood<'_> {
    /// Fills the region of the members around `sq` (already marked seen with `stamp` in
    /// `seen`), pushing its squares onto `out`.
    #[inline]
    fn one(&self, (seen, stamp): (&mut [u32], u32), sq: u32, out: &mut Vec<u32>) -> Facts {
        let (t, g) = (&*self.e.t, &self.e.g);
        let (start, list) = self.adjacency;
        let first = out.len();
        out.push(sq);
        let mut facts = Facts {
            border: 0,
            touches: 0,
            open: false,
            size: 0,
            contains: self.spec.containing.is_none(),
        };
        let mut i = first;
        while i < out.len() {
            let v = out[i];
            i += 1;
            facts.touches |= g.areas[v as usize];
            if let Some(f) = self.spec.containing {
                facts.contains |= matches_filter(f, self.pos.cells[v as usize], self.class, t);
            }
            for &w in &list[start[v as usize] as usize..start[v as usize + 1] as usize] {
                let c = self.pos.cells[w as usize];
                if seen[w as usize] == stamp {
                    continue;
                }
                if member(self.e, self.spec, self.class, (w, c), self.side) {
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
/// query asks more of a region than this search knows before the fill ends (its border, its
/// liberties, its size, a row counted from home).
pub fn exists(
    e: &Engine,
    pos: &Position,
    side: SideId,
    q: &RegionQuery,
    fill: &mut Fill,
) -> Option<bool> {
    if q.border != BorderFilter::All || q.no_liberty || q.size.is_some() {
        return None;
    }
    let mut need = 0u64;
    for &a in &q.touching {
        let bit = Geometry::area_bit(a, side);
        if bit == 0 {
            return None;
        }
        need |= bit;
    }
    let spec = &e.p.regions[q.spec];
    let (start, list) = &e.g.adjacency[q.spec];
    let stamp = fill.start(e.g.n);
    fill.make_tables(e);
    if fill.parent.len() != e.g.n {
        fill.parent = vec![0; e.g.n];
    }
    let Fill {
        seen,
        stack: queue,
        tables,
        parent,
        witnesses,
        ..
    } = fill;
    let at = (q.spec * e.t.class.len() + side as usize) * 2;
    let members = Members::new(e, spec, side, &tables[at]);
    let seeds = &tables[at + 1];
    let key = (q.spec, side, need);
    let holds = |w: &Witness| {
        w.key == key
            && seeds[pos.cells[w.squares[0] as usize] as usize]
            && w.squares
                .iter()
                .all(|&sq| members.has(e, side, sq as usize, pos.cells[sq as usize]))
    };
    if let Some(i) = witnesses.iter().rposition(holds) {
        // The one that held is the newest now.
        let w = witnesses.remove(i);
        witnesses.push(w);
        return Some(true);
    }
    for sq in 0..e.g.n {
        let cell = pos.cells[sq];
        if seen[sq] == stamp || !seeds[cell as usize] || !members.has(e, side, sq, cell) {
            continue;
        }
        // Breadth first, so that the squares joining the seed to each area are few.
        seen[sq] = stamp;
        parent[sq] = sq as u32;
        queue.clear();
        queue.push(sq as u32);
        let (mut head, mut touches) = (0, 0u64);
        let mut ends = Vec::new();
        while let Some(&v) = queue.get(head) {
            head += 1;
            let more = e.g.areas[v as usize] & need & !touches;
            if more != 0 {
                touches |= more;
                ends.push(v);
            }
            if touches == need {
                let squares = joining(parent, sq as u32, &ends);
                keep(witnesses, Witness { key, squares });
                // The other fills take the stack empty.
                queue.clear();
                return Some(true);
            }
            for &w in &list[start[v as usize] as usize..start[v as usize + 1] as usize] {
                if seen[w as usize] != stamp
                    && members.has(e, side, w as usize, pos.cells[w as usize])
                {
                    seen[w as usize] = stamp;
                    parent[w as usize] = v;
                    queue.push(w);
                }
            }
        }
    }
    queue.clear();
    Some(false)
}

/// How many witnesses [`exists`] keeps for one question: a move that breaks the newest
/// often leaves an older one whole (a wall across the shortest way, and the way round it).
const WITNESSES: usize = 16;

/// Keeps `w` as the newest witness of its question, forgetting the oldest beyond
/// [`WITNESSES`].
fn keep(witnesses: &mut Vec<Witness>, w: Witness) {
    let same: Vec<usize> = (0..witnesses.len())
        .filter(|&i| witnesses[i].key == w.key)
        .collect();
    if same.len() >= WITNESSES {
        witnesses.remove(same[0]);
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
    let t = &*e.t;
    let flood = Flood {
        e,
        pos,
        class: &t.class[side as usize],
        spec: &e.p.regions[q.spec],
        adjacency: &e.g.adjacency[q.spec],
        side,
    };
    let stamp = fill.start(e.g.n);
    let Fill { seen, found, .. } = fill;
    found.clear();
    for sq in 0..e.g.n {
        if seen[sq] == stamp
            || !member(e, flood.spec, flood.class, (sq as u32, pos.cells[sq]), side)
        {
            continue;
        }
        seen[sq] = stamp;
        let first = found.len();
        let facts = flood.one((seen, stamp), sq as u32, found);
        if !region_ok(q, facts, side) {
            found.truncate(first);
        }
    }
}

/// Every region of `spec`'s members in `pos` (as `side` sees them), in square order.
pub fn find(
    e: &Engine,
    pos: &Position,
    side: SideId,
    spec: &RegionSpec,
    adjacency: &(Vec<u32>, Vec<u32>),
    fill: &mut Fill,
    out: &mut Regions,
) {
    let (t, g) = (&*e.t, &e.g);
    out.sizes.clear();
    out.borders.clear();
    out.touches.clear();
    out.open.clear();
    out.contains.clear();
    let stamp = fill.start(g.n);
    let class = &t.class[side as usize];
    let (start, list) = adjacency;
    let Fill { seen, stack, .. } = fill;
    for sq in 0..g.n {
        if seen[sq] == stamp || !member(e, spec, class, (sq as u32, pos.cells[sq]), side) {
            continue;
        }
        seen[sq] = stamp;
        stack.push(sq as u32);
        let mut size = 0;
        let mut border = 0u32;
        let mut touches = 0u64;
        let mut open = false;
        let mut contains = spec.containing.is_none();
        while let Some(v) = stack.pop() {
            size += 1;
            touches |= g.areas[v as usize];
            if let Some(f) = spec.containing {
                contains |= matches_filter(f, pos.cells[v as usize], class, t);
            }
            for &w in &list[start[v as usize] as usize..start[v as usize + 1] as usize] {
                let c = pos.cells[w as usize];
                if seen[w as usize] == stamp {
                    continue;
                }
                if member(e, spec, class, (w, c), side) {
                    seen[w as usize] = stamp;
                    stack.push(w);
                } else if c == EMPTY {
                    open = true;
                } else if c != GHOST {
                    border |= 1 << t.side_of[c as usize];
                }
            }
        }
        out.sizes.push(size);
        out.borders.push(border);
        out.touches.push(touches);
        out.open.push(open);
        out.contains.push(contains);
    }
}
