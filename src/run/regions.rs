//! Connected regions of squares: their sizes and the sides that border them.

use super::filters::matches_filter;
use super::position::Position;
use crate::compile::Engine;
use crate::program::{EMPTY, GHOST, RegionSpec, SideId};

#[derive(Debug, Default, Clone)]
pub struct Regions {
    pub sizes: Vec<u32>,
    /// Bit `s` set: a piece of side `s` is next to the region.
    pub borders: Vec<u32>,
    /// The named parts of the board the region has a square on (bits of
    /// [`crate::compile::geometry::Geometry::area_bit`]).
    pub touches: Vec<u64>,
}

/// Scratch space for the flood fill, reused between positions.
#[derive(Debug, Default)]
pub struct Fill {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
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
    if fill.seen.len() != g.n || fill.stamp == u32::MAX {
        fill.seen.clear();
        fill.seen.resize(g.n, 0);
        fill.stamp = 0;
    }
    fill.stamp += 1;
    let stamp = fill.stamp;
    let class = &t.class[side as usize];
    let (start, list) = adjacency;
    for sq in 0..g.n {
        if fill.seen[sq] == stamp || !matches_filter(spec.members, pos.cells[sq], class, t) {
            continue;
        }
        fill.seen[sq] = stamp;
        fill.stack.push(sq as u32);
        let mut size = 0;
        let mut border = 0u32;
        let mut touches = 0u64;
        while let Some(v) = fill.stack.pop() {
            size += 1;
            touches |= g.areas[v as usize];
            for &w in &list[start[v as usize] as usize..start[v as usize + 1] as usize] {
                let c = pos.cells[w as usize];
                if fill.seen[w as usize] == stamp {
                    continue;
                }
                if matches_filter(spec.members, c, class, t) {
                    fill.seen[w as usize] = stamp;
                    fill.stack.push(w);
                } else if c != EMPTY && c != GHOST {
                    border |= 1 << t.side_of[c as usize];
                }
            }
        }
        out.sizes.push(size);
        out.borders.push(border);
        out.touches.push(touches);
    }
}
