//! Connected regions of squares: their sizes and the sides that border them.

use super::filters::matches_filter;
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
}

/// What one region is: its border, the named parts it is on, whether it has an empty
/// neighbour.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub border: u32,
    pub touches: u64,
    pub open: bool,
    pub size: u32,
}

/// Whether a region is one the query takes: its border as asked, on every area asked, with
/// no empty neighbour when asked.
pub fn region_ok(q: &RegionQuery, f: Facts, side: SideId) -> bool {
    border_ok(q.border, f.border)
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
}

impl Fill {
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
        };
        let mut i = first;
        while i < out.len() {
            let v = out[i];
            i += 1;
            facts.touches |= g.areas[v as usize];
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
        while let Some(v) = stack.pop() {
            size += 1;
            touches |= g.areas[v as usize];
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
    }
}
