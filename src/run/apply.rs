//! Playing a step on a position: moving, capturing, promoting and flipping.

use super::position::Position;
use super::step::{NONE, Step};
use super::trace::{Event, Off, Trace};
use crate::compile::Tables;
use crate::compile::geometry::Geometry;
use crate::program::*;

/// Plays one step. `stack` is scratch space for cascading flips.
#[inline]
pub fn apply(
    p: &Program,
    t: &Tables,
    g: &Geometry,
    pos: &mut Position,
    step: &Step,
    stack: &mut Vec<u32>,
) {
    apply_traced(p, t, g, pos, step, stack, &mut Off);
}

/// [`apply`], telling `trace` which runs it flips, in order.
#[inline]
pub fn apply_traced<T: Trace>(
    p: &Program,
    t: &Tables,
    g: &Geometry,
    pos: &mut Position,
    step: &Step,
    stack: &mut Vec<u32>,
    trace: &mut T,
) {
    if step.is_pass() {
        return;
    }
    let rule = &p.moves[step.rule as usize];
    let to = step.to as usize;
    let mut piece = if step.from == NONE {
        p.code(pos.mover, step.kind)
    } else {
        let piece = pos.cells[step.from as usize];
        pos.set(step.from as usize, EMPTY);
        piece
    };
    if step.over != NONE {
        let over = step.over as usize;
        if rule.capture_at_once {
            pos.set(over, EMPTY);
        } else {
            pos.set(over, GHOST);
        }
    }
    if t.promote_at_once[piece as usize]
        && t.promote[piece as usize] != piece
        && g.far[pos.mover as usize * g.n + to]
    {
        piece = t.promote[piece as usize];
    }
    pos.set(to, piece);
    if let Some(flip) = &rule.flip {
        flip_runs(
            t,
            g,
            pos,
            to,
            &flip.dirs[pos.mover as usize],
            flip.cascading,
            stack,
            trace,
        );
    }
}

/// Ends a move: pieces captured "at end of move" leave, and a promotion that waits for
/// the end of the move happens on `last` (the moving piece's final square).
pub fn finish(t: &Tables, g: &Geometry, pos: &mut Position, last: u32, had_ghosts: bool) {
    if had_ghosts {
        for c in pos.cells.iter_mut() {
            if *c == GHOST {
                *c = EMPTY;
            }
        }
    }
    if t.promote_at_end && last != NONE {
        let sq = last as usize;
        let piece = pos.cells[sq];
        if piece != EMPTY
            && piece != GHOST
            && !t.promote_at_once[piece as usize]
            && t.promote[piece as usize] != piece
            && g.far[t.side_of[piece as usize] as usize * g.n + sq]
        {
            pos.set(sq, t.promote[piece as usize]);
        }
    }
}

/// Turns every enemy run that lies between `from` and another own piece along `dirs`;
/// with `cascading`, every turned piece does the same in turn.
#[allow(clippy::too_many_arguments)]
fn flip_runs<T: Trace>(
    t: &Tables,
    g: &Geometry,
    pos: &mut Position,
    from: usize,
    dirs: &[DirId],
    cascading: bool,
    stack: &mut Vec<u32>,
    trace: &mut T,
) {
    let side = pos.mover;
    let class = &t.class[side as usize];
    let own_base = 1 + side * t.kinds;
    let Position { cells, counts, .. } = pos;
    stack.clear();
    stack.push(from as u32);
    while let Some(v) = stack.pop() {
        let v = v as usize;
        for &d in dirs {
            let avail = g.steps(d, v);
            let stride = g.stride[d as usize];
            let first = v as isize + stride;
            // Most directions end at once: no enemy next to the square.
            if avail < 2 || class[cells[first as usize] as usize] != C_ENEMY {
                continue;
            }
            let mut k = 2;
            let mut s = first + stride;
            while k <= avail && class[cells[s as usize] as usize] == C_ENEMY {
                k += 1;
                s += stride;
            }
            if k > avail || class[cells[s as usize] as usize] != C_OWN {
                continue;
            }
            if T::ON {
                trace.note(Event::Flipped {
                    origin: v as u32,
                    dir: d,
                    first: first as u32,
                    count: k - 1,
                });
            }
            let mut f = first;
            for _ in 1..k {
                let old = cells[f as usize];
                let new = own_base + t.kind_of[old as usize];
                counts[old as usize] -= 1;
                counts[new as usize] += 1;
                cells[f as usize] = new;
                if cascading {
                    stack.push(f as u32);
                }
                f += stride;
            }
        }
    }
}
