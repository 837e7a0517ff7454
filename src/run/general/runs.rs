//! Runs of enemy pieces closed by an own piece: what `flip` turns and what `must flip`
//! asks for, found by one scan.

use crate::compile::geometry::Geometry;
use crate::program::{C_ENEMY, C_OWN, DirId};
use crate::run::step::NONE;

/// One step along a line: by the stride on a full grid, by the neighbour table on a board
/// of points on lines (whose stride is 0).
#[inline(always)]
pub fn advance(t: usize, stride: isize, next_of: &[u32]) -> usize {
    if stride != 0 {
        (t as isize + stride) as usize
    } else {
        next_of[t] as usize
    }
}

/// The length of the run of enemy pieces that starts next to `sq` along `d` and is closed
/// by an own piece (as `class` sees the cells), or `None` if there is no such run.
#[inline(always)]
pub fn closed_run(
    g: &Geometry,
    class: &[u8; 256],
    cells: &[u8],
    sq: usize,
    d: DirId,
) -> Option<u32> {
    // Most directions end at once: no enemy next to the square (one look-up of the
    // neighbour).
    let next = g.next[d as usize * g.n + sq];
    if next == NONE || class[cells[next as usize] as usize] != C_ENEMY {
        return None;
    }
    let avail = g.steps(d, sq);
    if avail < 2 {
        return None;
    }
    let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
    let mut k = 2;
    let mut s = advance(next as usize, stride, next_of);
    while k < avail && class[cells[s] as usize] == C_ENEMY {
        k += 1;
        s = advance(s, stride, next_of);
    }
    (class[cells[s] as usize] == C_OWN).then_some(k - 1)
}
