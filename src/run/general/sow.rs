//! Boards of counts: sowing (the count on a square taken up and dropped one by one on the
//! squares after it along a route), the counts a move takes into a store, and the counts
//! asked (`seeds on to`, `seeds on own pits`).

use super::candidate::{Candidate, Ends, square_of};
use super::near::{Squares, members, on_parts};
use crate::compile::Engine;
use crate::program::*;
use crate::run::eval::eval;
use crate::run::position::Position;
use crate::run::step::{NONE, Step};

/// The sowing of a `sow` action (`None` for any other action).
#[inline]
pub fn sowing_of(action: &Action) -> Option<&Sowing> {
    match action {
        Action::Sow(s) => Some(s),
        _ => None,
    }
}

/// Sows the count on `from` as `side` sees the board: calls `drop` with each square that
/// gets one, in order, and gives the last (`None` when there is nothing to sow, the route
/// leaves the board first, or no square takes a drop).
pub fn walk(
    e: &Engine,
    pos: &Position,
    sowing: &Sowing,
    (side, from): (SideId, u32),
    mut drop: impl FnMut(u32),
) -> Option<u32> {
    let g = &e.g;
    let mut left = pos.cells[from as usize] as u32;
    let (mut at, mut idle, mut last) = (from, 0, None);
    while left > 0 {
        at = g.next[sowing.dir as usize * g.n + at as usize];
        if at == NONE {
            return None;
        }
        let skipped = (sowing.skip_from && at == from)
            || sowing.skip.iter().any(|&a| g.on_area(a, side, at as usize));
        if skipped {
            idle += 1;
            if idle > g.n {
                return None;
            }
            continue;
        }
        idle = 0;
        drop(at);
        last = Some(at);
        left -= 1;
    }
    last
}

/// Plays a sowing step: the count on `step.from` is taken up and dropped along the route.
pub fn sow(e: &Engine, pos: &mut Position, step: &Step, sowing: &Sowing, stack: &mut Vec<u32>) {
    stack.clear();
    walk(e, pos, sowing, (pos.mover, step.from), |sq| stack.push(sq));
    pos.set(step.from as usize, EMPTY);
    for &sq in stack.iter() {
        let held = pos.cells[sq as usize];
        // The checker keeps a board's total below GHOST: no count reaches it.
        pos.set(sq as usize, held.saturating_add(1).min(GHOST - 1));
    }
}

/// The counts a `taking` clause takes on a board of counts go into the mover's store, when
/// its `if` holds; its `unless that leaves` undoes the taking when it holds after.
pub fn take_counts(e: &Engine, pos: &mut Position, step: &Step, stack: &mut Vec<u32>) {
    let p = e.p;
    let fx = &p.part(step.rule, step.part)[step.action as usize].effects;
    let side = pos.mover;
    let ends = Ends::step(step.from, step.to);
    let holds = |pos: &Position, cond: &Option<Expr>| {
        cond.as_ref().is_none_or(|c| {
            let mut at = Candidate {
                e,
                vars: &[],
                pos,
                side,
                from: step.from,
                to: step.to,
                dir: step.dir,
                memo: None,
                die: 0,
            };
            // A condition that cannot be worked out here holds not.
            eval(c, &mut at).is_ok_and(|v| v != 0)
        })
    };
    if !holds(pos, &fx.take_if) {
        return;
    }
    let Some(store) = fx
        .into
        .and_then(|a| e.g.squares_of(a, side))
        .and_then(|s| s.first().copied())
    else {
        return;
    };
    stack.clear();
    match &fx.takes {
        Some(Taking::Squares(at)) => {
            stack.extend(at.iter().map(|at| square_of(&e.g, at, ends, side)));
        }
        Some(Taking::Set(near)) => {
            let at = Squares::of(e, near, ends, side);
            let mut within = |sq: usize| Ok(on_parts(e, pos, side, near.within, sq));
            let found = members(e, pos, side, (near, at), &mut within, |sq| stack.push(sq));
            debug_assert!(found.is_ok());
        }
        _ => {}
    }
    stack.retain(|&sq| sq != NONE && sq != store);
    stack.sort_unstable();
    stack.dedup();
    // Each square with its count, to put back if the taking is undone.
    let mut taken = 0u32;
    for entry in stack.iter_mut() {
        let sq = *entry as usize;
        let held = pos.cells[sq];
        taken += held as u32;
        *entry = (*entry << 8) | held as u32;
        pos.set(sq, EMPTY);
    }
    if taken == 0 {
        return;
    }
    let kept = pos.cells[store as usize];
    pos.set(
        store as usize,
        (kept as u32 + taken).min(GHOST as u32 - 1) as Code,
    );
    if fx.take_unless.is_some() && holds(pos, &fx.take_unless) {
        for &entry in stack.iter() {
            pos.set((entry >> 8) as usize, (entry & 0xff) as Code);
        }
        pos.set(store as usize, kept);
        return;
    }
    pos.quiet = 0;
}

/// The counts on the squares of `area`, as `side` sees it, added up.
pub fn held_on(e: &Engine, pos: &Position, side: SideId, area: Area) -> i64 {
    match e.g.squares_of(area, side) {
        Some(squares) => squares
            .iter()
            .map(|&sq| pos.cells[sq as usize] as i64)
            .sum(),
        None => (0..e.g.n)
            .filter(|&sq| e.g.on_area(area, side, sq))
            .map(|sq| pos.cells[sq] as i64)
            .sum(),
    }
}
