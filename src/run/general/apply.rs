//! Playing a step on a position: moving, capturing, promoting and flipping.

use super::candidate::{Ends, square_of};
use super::near::{Squares, members, on_parts};
use super::regions::{self, Fill};
use super::runs::{advance, closed_run};
use super::trace::{Event, Off, Trace};
use crate::compile::Engine;
use crate::program::*;
use crate::run::position::Position;
use crate::run::step::{NO_DIE, NO_KIND, NONE, Step, rotation, second_piece};
use crate::syntax::ast::Turn;

/// Scratch space for playing steps: the stack of cascading flips, the flood fill of
/// regions taken.
#[derive(Debug, Default)]
pub struct Work {
    pub stack: Vec<u32>,
    pub fill: Fill,
}

/// Plays one step.
#[inline]
pub fn apply(e: &Engine, pos: &mut Position, step: &Step, work: &mut Work) {
    apply_traced(e, pos, step, work, &mut Off);
}

/// [`apply`], telling `trace` which runs it flips, in order.
#[inline]
pub fn apply_traced<T: Trace>(
    e: &Engine,
    pos: &mut Position,
    step: &Step,
    work: &mut Work,
    trace: &mut T,
) {
    let (p, t) = (e.p, &*e.t);
    if step.first {
        if t.marks {
            pos.clear_marks();
        }
        if t.quiet {
            pos.quiet = pos.quiet.saturating_add(1);
        }
        if t.passes {
            pos.passes = match step.is_pass() {
                true => pos.passes.saturating_add(1),
                false => 0,
            };
        }
    }
    if t.last {
        pos.last = (step.to, step.rule);
    }
    if step.is_pass() {
        return;
    }
    if step.die != NO_DIE {
        // The first die of that face not used yet.
        let unused = (0..MAX_DICE).find(|&i| pos.roll[i] == step.die && pos.dice & (1 << i) == 0);
        if let Some(i) = unused {
            pos.dice |= 1 << i;
        }
    }
    if let Some((block, turn)) = rotation(e, step) {
        rotate(e, pos, (block, turn), work);
        return;
    }
    if t.quiet
        && (step.over != NONE
            || step.from != NONE
                && t.class[pos.mover as usize][pos.cells[to_sq(step)] as usize] == C_ENEMY
            || step.from != NONE
                && p.quiet_kinds & (1 << t.kind_of[pos.cells[step.from as usize] as usize]) != 0)
    {
        pos.quiet = 0;
    }
    // A removal: the piece on the square leaves at once.
    if step.is_removal() {
        pos.set(step.over as usize, EMPTY);
        pos.set_moved(step.over as usize, true);
        return;
    }
    let rule = &p.moves[step.rule as usize];
    let to = step.to as usize;
    // Only a game that sows looks the step's action up.
    if t.sows
        && let Some(sowing) =
            super::sow::sowing_of(&p.part(step.rule, step.part)[step.action as usize].action)
    {
        super::sow::sow(e, pos, step, sowing, &mut work.stack);
        if t.effects {
            super::sow::take_counts(e, pos, step, &mut work.stack);
        }
        return;
    }
    // A push: the piece landed on goes first.
    if let Some((a, b, true)) = second_piece(e, step) {
        shift(pos, a, b);
    }
    if t.to_hand {
        // A placement onto an enemy takes it as a move onto it does.
        to_hand(e, pos, to);
    }
    let mut piece = if step.from == NONE {
        // A piece dropped from a hand came back into play: it counts as having moved.
        pos.set_moved(to, t.to_hand);
        let code = p.code(pos.mover, step.kind);
        if let Some(h) = pos.hand.get_mut(code as usize) {
            *h = h.saturating_sub(1);
        }
        code
    } else {
        let piece = pos.lift(step.from as usize);
        pos.set_moved(step.from as usize, true);
        pos.set_moved(to, true);
        piece
    };
    if step.over != NONE {
        let over = step.over as usize;
        if t.to_hand {
            to_hand(e, pos, over);
        }
        if rule.capture_at_once {
            pos.set(over, EMPTY);
        } else {
            pos.set(over, GHOST);
        }
    }
    if step.promo != NO_KIND {
        piece = p.code(pos.mover, step.promo);
    } else {
        piece = arrives_as(e, piece, pos.mover, step.from, step.to);
    }
    pos.put(to, piece);
    if t.marks || t.effects {
        effects(e, pos, step, work);
    }
    if let Some(flip) = &rule.flip {
        flip_runs(
            e,
            pos,
            to,
            &flip.dirs[pos.mover as usize],
            flip.cascading,
            &mut work.stack,
            trace,
        );
    }
}

/// What a piece of `piece` moved by `side` from `from` (`NONE`: placed) to `to` is when it
/// lands, no promotion chosen: promoted at once where its promotion happens, else itself.
#[inline]
pub(super) fn arrives_as(e: &Engine, piece: Code, side: SideId, from: u32, to: u32) -> Code {
    let (t, g) = (&*e.t, &e.g);
    let promoted = t.promote[piece as usize];
    match promoted != piece
        && t.promote_at_once[piece as usize]
        && g.promotes_at(side, t.promo_rows[piece as usize], from, to)
    {
        true => promoted,
        false => piece,
    }
}

/// Under `captured pieces go to the captor's hand`: the piece on `sq`, about to be taken by
/// the side to move, joins its hand (as the kind it was promoted from, when the rules say
/// `unpromoted`); under `... to their owner's ZONE`, its owner's square of the zone (every
/// piece of a stack).
#[inline]
fn to_hand(e: &Engine, pos: &mut Position, sq: usize) {
    let t = &*e.t;
    let code = pos.cells[sq];
    if t.class[pos.mover as usize][code as usize] != C_ENEMY {
        return;
    }
    if let Some(at) = &t.capture_to {
        let cell = at[t.side_of[code as usize] as usize];
        let to = e.g.square_of.get(cell as usize).map_or(cell, |&s| s) as usize;
        for _ in 0..pos.height(sq) {
            pos.put(to, code);
        }
        return;
    }
    // To the captor's hand, or back to the hand of the side it is of.
    let whose = match e.p.hand_owners {
        true => t.side_of[code as usize],
        false => pos.mover,
    };
    let gained = e.p.code(whose, t.back[code as usize]);
    if let Some(h) = pos.hand.get_mut(gained as usize) {
        *h = h.saturating_add(1);
    }
}

/// Turns the block whose first square is `step.to` (`step.kind` is the turn): every piece
/// on it moves, and counts as moved.
fn rotate(e: &Engine, pos: &mut Position, (block, turn): (u32, Turn), work: &mut Work) {
    let g = &e.g;
    let squares = &g.blocks[block as usize];
    let from = &g.turn_from[turn as usize];
    work.stack.clear();
    work.stack
        .extend(squares.iter().map(|&sq| pos.cells[sq as usize] as u32));
    for (i, &sq) in squares.iter().enumerate() {
        let code = work.stack[from[i] as usize] as Code;
        if pos.cells[sq as usize] != code {
            pos.set(sq as usize, code);
        }
        if code != EMPTY {
            pos.set_moved(sq as usize, true);
        }
    }
}

/// The piece on `from` goes to `to`: a second piece a step moves, pushes or pulls.
fn shift(pos: &mut Position, from: u32, to: u32) {
    let piece = pos.cells[from as usize];
    pos.set(from as usize, EMPTY);
    pos.set(to as usize, piece);
    pos.set_moved(from as usize, true);
    pos.set_moved(to as usize, true);
}

/// The square a step lands on.
#[inline(always)]
fn to_sq(step: &Step) -> usize {
    step.to as usize
}

/// What the step's action does besides moving its piece: marking the squares it passed,
/// taking a piece off another square, claiming regions, moving a second piece.
fn effects(e: &Engine, pos: &mut Position, step: &Step, work: &mut Work) {
    let (p, g) = (e.p, &e.g);
    let fx = &p.part(step.rule, step.part)[step.action as usize].effects;
    let side = pos.mover;
    // A pull: the piece beside the square left follows into it.
    if let Some((a, b, false)) = second_piece(e, step) {
        shift(pos, a, b);
    }
    if fx.marks && step.from != NONE && step.dir != u16::MAX {
        let mut sq = g.next[step.dir as usize * g.n + step.from as usize];
        while sq != NONE && sq != step.to {
            pos.mark(sq as usize);
            sq = g.next[step.dir as usize * g.n + sq as usize];
        }
    }
    match &fx.takes {
        Some(Taking::Squares(at)) => {
            for at in at {
                let sq = square_of(g, at, Ends::step(step.from, step.to), side);
                if sq != NONE && !matches!(pos.cells[sq as usize], EMPTY | GHOST) {
                    if e.t.to_hand {
                        to_hand(e, pos, sq as usize);
                    }
                    pos.set(sq as usize, EMPTY);
                    pos.set_moved(sq as usize, true);
                    pos.quiet = 0;
                }
            }
        }
        Some(Taking::Set(near)) => {
            let at = Squares::of(e, near, Ends::step(step.from, step.to), side);
            work.stack.clear();
            let stack = &mut work.stack;
            // The checker keeps `attacked` out of these sets: nothing here can fail.
            let mut within = |sq: usize| Ok(on_parts(e, pos, side, near.within, sq));
            let found = members(e, pos, side, (near, at), &mut within, |sq| stack.push(sq));
            debug_assert!(found.is_ok());
            if !work.stack.is_empty() {
                pos.quiet = 0;
            }
            for &sq in &work.stack {
                if e.t.to_hand {
                    to_hand(e, pos, sq as usize);
                }
                pos.set(sq as usize, EMPTY);
                pos.set_moved(sq as usize, true);
            }
        }
        Some(Taking::Regions(q)) => {
            regions::find_taken(e, pos, side, q, &mut work.fill);
            if !work.fill.found.is_empty() {
                pos.quiet = 0;
            }
            for &sq in &work.fill.found {
                if e.t.to_hand {
                    to_hand(e, pos, sq as usize);
                }
                pos.set(sq as usize, EMPTY);
                pos.set_moved(sq as usize, true);
            }
        }
        None => {}
    }
    if let Some(q) = &fx.claims {
        regions::find_taken(e, pos, side, q, &mut work.fill);
        let piece = pos.cells[step.to as usize];
        if !matches!(piece, EMPTY | GHOST) {
            for &sq in &work.fill.found {
                pos.set(sq as usize, piece);
                pos.set_moved(sq as usize, false);
            }
        }
    }
    if let Some((a, b)) = &fx.moves {
        let (a, b) = (
            square_of(g, a, Ends::step(step.from, step.to), side),
            square_of(g, b, Ends::step(step.from, step.to), side),
        );
        if a != NONE && b != NONE && a != b && !matches!(pos.cells[a as usize], EMPTY | GHOST) {
            shift(pos, a, b);
        }
    }
}

/// Ends a move: pieces captured "at end of move" leave, and a promotion that waits for
/// the end of the move happens on `last` (the moving piece's final square).
pub fn finish(e: &Engine, pos: &mut Position, last: u32, had_ghosts: bool) {
    let (t, g) = (&*e.t, &e.g);
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
            && g.promotes_at(
                t.side_of[piece as usize],
                t.promo_rows[piece as usize],
                NONE,
                last,
            )
        {
            pos.set(sq, t.promote[piece as usize]);
        }
    }
}

/// Turns every enemy run that lies between `from` and another own piece along `dirs`;
/// with `cascading`, every turned piece does the same in turn.
fn flip_runs<T: Trace>(
    e: &Engine,
    pos: &mut Position,
    from: usize,
    dirs: &[DirId],
    cascading: bool,
    stack: &mut Vec<u32>,
    trace: &mut T,
) {
    let (t, g) = (&*e.t, &e.g);
    let side = pos.mover;
    let class = &t.class[side as usize];
    let own_base = 1 + side * t.kinds;
    let Position { cells, counts, .. } = pos;
    stack.clear();
    let mut v = from;
    loop {
        for &d in dirs {
            let Some(count) = closed_run(g, class, cells, v, d) else {
                continue;
            };
            let (stride, next_of) = (g.stride[d as usize], g.next_of(d));
            let first = advance(v, stride, next_of);
            if T::ON {
                trace.note(Event::Flipped {
                    origin: v as u32,
                    dir: d,
                    first: first as u32,
                    count,
                });
            }
            let mut f = first;
            for _ in 0..count {
                let old = cells[f];
                let new = own_base + t.kind_of[old as usize];
                counts[old as usize] -= 1;
                counts[new as usize] += 1;
                cells[f] = new;
                if cascading {
                    stack.push(f as u32);
                }
                f = advance(f, stride, next_of);
            }
        }
        match stack.pop() {
            Some(next) => v = next as usize,
            None => break,
        }
    }
}
