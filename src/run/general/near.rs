//! Sets asked square by square ([`Near`]): pieces next to a square, pieces with no piece of
//! their side next to them (`isolated`), pieces stronger or weaker than another (kinds
//! ranked with `>`), pieces in a row with others of their side; and the comparison of two
//! squares' pieces.

use super::candidate::{Ends, square_of};
use super::filters::matches_filter;
use crate::compile::Engine;
use crate::program::*;
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::step::NONE;

/// The squares a [`Near`] set names, worked out for one step: the square its members are next
/// to, the square whose piece they are compared with (`NONE`: not asked, or off the board).
#[derive(Debug, Clone, Copy)]
pub struct Squares {
    pub next_to: u32,
    pub compared: u32,
    /// Where a run starts (`in a run from SQUARE`).
    pub run_from: u32,
    /// The square whose column or row the set is in (`in the column of SQUARE`).
    pub line_of: u32,
    /// The square the set's squares lead to (`behind SQUARE along DIR`).
    pub ahead: u32,
    /// The one square of the set (`on SQUARE`).
    pub on: u32,
}

impl Squares {
    /// The squares `near` names for a step of `side` from `from` to `to`.
    pub fn of(e: &Engine, near: &Near, ends: Ends, side: SideId) -> Squares {
        let at = |r: Option<&SquareRef>| r.map_or(NONE, |r| square_of(&e.g, r, ends, side));
        Squares {
            next_to: at(near.next_to.as_ref()),
            compared: at(near.strength.as_ref().map(|(_, r)| r)),
            run_from: at(near.run.as_ref().map(|(r, _)| r)),
            line_of: at(near.line.as_ref().map(|(_, r)| r)),
            ahead: at(near.behind.as_ref().map(|(r, _)| r)),
            on: at(near.on_square.as_ref()),
        }
    }
}

/// True if both squares hold pieces and the first's kind is ranked above the second's (the
/// kinds are declared strongest first).
#[inline]
pub fn outranks(e: &Engine, pos: &Position, a: u32, b: u32) -> bool {
    let piece = |sq: u32| {
        (sq != NONE)
            .then(|| pos.cells[sq as usize])
            .filter(|&c| c != EMPTY && c != GHOST)
    };
    match (piece(a), piece(b)) {
        (Some(x), Some(y)) => e.t.kind_of[x as usize] < e.t.kind_of[y as usize],
        _ => false,
    }
}

/// True if no piece of the side of the piece on `sq` stands next to it.
fn isolated(e: &Engine, pos: &Position, sq: usize) -> bool {
    let (g, t) = (&e.g, &*e.t);
    let side = t.side_of[pos.cells[sq] as usize];
    !e.p.adjacent.iter().any(|&d| {
        let n = g.next[d as usize * g.n + sq];
        n != NONE && {
            let c = pos.cells[n as usize];
            c != EMPTY && c != GHOST && t.side_of[c as usize] == side
        }
    })
}

/// Calls `visit` with every square of the set `near` (as `side` sees it), the squares it names
/// being `at`.
pub fn members(
    e: &Engine,
    pos: &Position,
    side: SideId,
    (near, at): (&Near, Squares),
    within: &mut dyn FnMut(usize) -> Result<bool, RunError>,
    mut visit: impl FnMut(u32),
) -> Result<(), RunError> {
    let (g, t) = (&e.g, &*e.t);
    let class = &t.class[side as usize];
    let mut one = |sq: usize| -> Result<bool, RunError> {
        let cell = pos.cells[sq];
        if !matches_filter(near.filter, cell, class, t)
            || near.holding.is_some_and(|h| !h.holds(cell as u32))
        {
            return Ok(false);
        }
        let piece = cell != EMPTY && cell != GHOST;
        if near.isolated && !(piece && isolated(e, pos, sq)) {
            return Ok(false);
        }
        if let Some((stronger, _)) = near.strength {
            let (a, b) = match stronger {
                true => (sq as u32, at.compared),
                false => (at.compared, sq as u32),
            };
            if !outranks(e, pos, a, b) {
                return Ok(false);
            }
        }
        let member = within(sq)?;
        if member {
            visit(sq as u32);
        }
        Ok(member)
    };
    if let Some((_, dirs)) = &near.run {
        let d = dirs[side as usize] as usize;
        let (mut sq, mut met) = (at.run_from, 0);
        // A run along a route stops before it comes round to where it started.
        while sq != NONE && met < g.n && one(sq as usize)? {
            sq = g.next[d * g.n + sq as usize];
            met += 1;
            if sq == at.run_from {
                break;
            }
        }
        return Ok(());
    }
    if near.on_square.is_some() {
        if at.on != NONE {
            one(at.on as usize)?;
        }
        return Ok(());
    }
    if let Some((_, dirs)) = &near.behind {
        if at.ahead == NONE {
            return Ok(());
        }
        // Back against the direction from that square, as far as the board (or once round
        // a route).
        let d = dirs[side as usize] as usize;
        let (mut sq, mut met) = (g.prev[d * g.n + at.ahead as usize], 0);
        while sq != NONE && sq != at.ahead && met < g.n {
            one(sq as usize)?;
            sq = g.prev[d * g.n + sq as usize];
            met += 1;
        }
        return Ok(());
    }
    if let Some((column, _)) = near.line {
        if at.line_of == NONE {
            return Ok(());
        }
        let (r, c) = g.coords[at.line_of as usize];
        for sq in 0..g.n {
            let (sr, sc) = g.coords[sq];
            if (column && sc == c) || (!column && sr == r) {
                one(sq)?;
            }
        }
        return Ok(());
    }
    if near.next_to.is_some() {
        if at.next_to == NONE {
            return Ok(());
        }
        for &d in &e.p.adjacent {
            let n = g.next[d as usize * g.n + at.next_to as usize];
            if n != NONE {
                one(n as usize)?;
            }
        }
        return Ok(());
    }
    for sq in 0..g.n {
        one(sq)?;
    }
    Ok(())
}

/// Whether `sq` is on the parts of the board `within` names and in its row, as `side` sees
/// it (`attacked` is asked by the caller, when it is allowed).
pub fn on_parts(e: &Engine, pos: &Position, side: SideId, within: Within, sq: usize) -> bool {
    if within.area.is_some_and(|a| !e.g.on_area(a, side, sq))
        || within.also.is_some_and(|a| !e.g.on_area(a, side, sq))
    {
        return false;
    }
    match within.row {
        Some(SquareClass::InRow { n, dirs }) => in_row_at(e, pos, sq, (n, dirs)),
        _ => true,
    }
}

/// Whether the piece on `sq` is one of at least `n` pieces of its side in a row along one of
/// the directions whose bits `dirs` sets (the run through `sq`, both ways).
pub fn in_row_at(e: &Engine, pos: &Position, sq: usize, (n, dirs): (u32, u64)) -> bool {
    let (g, t) = (&e.g, &*e.t);
    let cell = pos.cells[sq];
    if cell == EMPTY || cell == GHOST {
        return false;
    }
    let side = t.side_of[cell as usize];
    let same = |s: u32| {
        let c = pos.cells[s as usize];
        c != EMPTY && c != GHOST && t.side_of[c as usize] == side
    };
    let mut bits = dirs;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let mut run = 1;
        for table in [&g.next, &g.prev] {
            let mut s = table[d * g.n + sq];
            while s != u32::MAX && same(s) && run < n {
                run += 1;
                s = table[d * g.n + s as usize];
            }
        }
        if run >= n {
            return true;
        }
    }
    false
}
