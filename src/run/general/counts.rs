//! What expressions count on a position: squares of a set (from the piece counts, on a
//! named part of the board, or attacked) and rows of them.

use super::attack;
use super::filters::{board_bits, filter_bits, matches_filter};
use crate::compile::{Engine, Tables};
use crate::program::*;
use crate::run::error::RunError;
use crate::run::eval::Row;
use crate::run::position::Position;
use crate::run::step::NONE;

/// How many squares match a filter, from the piece counts (no board scan).
#[inline]
pub fn count_set(t: &Tables, pos: &Position, side: SideId, f: SetFilter, n: usize) -> u32 {
    match f {
        SetFilter::Empty => pos.cells.iter().filter(|&&c| c == EMPTY).count() as u32,
        SetFilter::Squares => n as u32,
        SetFilter::Union(_) => {
            let class = &t.class[side as usize];
            pos.cells
                .iter()
                .filter(|&&c| matches_filter(f, c, class, t))
                .count() as u32
        }
        _ => count_pieces(t, side, f, &pos.counts),
    }
}

/// How many pieces of a set are in hand, as `side` sees them (none when the game keeps no
/// hands).
pub fn count_hand(t: &Tables, pos: &Position, side: SideId, f: SetFilter) -> u32 {
    match pos.hand.is_empty() {
        true => 0,
        false => count_pieces(t, side, f, &pos.hand),
    }
}

/// The pieces of a set, from a count per piece code (`counts[code]`).
fn count_pieces<N: Copy + Into<u32>>(t: &Tables, side: SideId, f: SetFilter, counts: &[N]) -> u32 {
    let kinds = t.kinds as usize;
    let at = |i: usize| -> u32 { counts[i].into() };
    let side_total = |s: usize| -> u32 {
        match kinds {
            1 => at(1 + s),
            _ => (1 + s * kinds..1 + (s + 1) * kinds).map(at).sum(),
        }
    };
    let all = || -> u32 { (1..counts.len()).map(at).sum() };
    match f {
        SetFilter::Own => side_total(side as usize),
        SetFilter::Enemy => all() - side_total(side as usize),
        SetFilter::OwnKind(k) => at(1 + side as usize * kinds + k as usize),
        SetFilter::Kind(k) => (0..t.class.len())
            .map(|s| at(1 + s * kinds + k as usize))
            .sum(),
        SetFilter::EnemyKind(k) => (0..t.class.len())
            .filter(|&s| s != side as usize)
            .map(|s| at(1 + s * kinds + k as usize))
            .sum(),
        SetFilter::Pieces => all(),
        SetFilter::Empty | SetFilter::Squares => 0,
        SetFilter::Side(s) => side_total(s as usize),
        SetFilter::Piece(c) => at(c as usize),
        SetFilter::Union(_) => {
            let class = &t.class[side as usize];
            (1..counts.len())
                .filter(|&c| matches_filter(f, c as Code, class, t))
                .map(at)
                .sum()
        }
    }
}

/// How many squares of a set lie on a named part of the board, or are attacked (as `side`
/// sees them).
pub fn count_in(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    side: SideId,
    f: SetFilter,
    within: Within,
) -> Result<i64, RunError> {
    let Within {
        area,
        also,
        attacked,
        row,
    } = within;
    let (t, class) = (&*e.t, &e.t.class[side as usize]);
    // Named rows and edges are lists of squares; a row counted from home is looked up.
    let listed = area.and_then(|a| e.g.squares_of(a, side));
    if let (Some(list), None, None, None) = (listed, also, attacked, row) {
        return Ok(list
            .iter()
            .filter(|&&sq| matches_filter(f, pos.cells[sq as usize], class, t))
            .map(|&sq| i64::from(weight(pos, sq as usize)))
            .sum());
    }
    // Pieces of one code (`own king pieces`) are looked for only until all of them, as the
    // position counts them, have been found.
    let one_code = match f {
        SetFilter::OwnKind(k) => Some(e.p.code(side, k)),
        SetFilter::EnemyKind(k) if e.p.sides.len() == 2 => Some(e.p.code(1 - side, k)),
        SetFilter::Piece(c) if c != EMPTY => Some(c),
        _ => None,
    };
    let counted = one_code.and_then(|c| pos.counts.get(c as usize).copied());
    let mut left = counted.unwrap_or(u32::MAX);
    let mut n = 0;
    for sq in 0..e.g.n {
        if left == 0 {
            break;
        }
        let cell = pos.cells[sq];
        if !matches_filter(f, cell, class, t) {
            continue;
        }
        let w = weight(pos, sq);
        left = left.saturating_sub(w);
        if within_at(e, vars, pos, side, within, sq)? {
            n += i64::from(w);
        }
    }
    Ok(n)
}

/// What a square of a set counts for: the pieces on it (a stack's height), or 1 for an
/// empty square or a piece where pieces do not stack.
#[inline]
pub fn weight(pos: &Position, sq: usize) -> u32 {
    pos.height(sq).max(1)
}

/// Whether the square `sq` is where `within` asks (on its parts of the board, in a row,
/// attacked), as `side` sees it.
pub fn within_at(
    e: &Engine,
    vars: &[i64],
    pos: &Position,
    side: SideId,
    within: Within,
    sq: usize,
) -> Result<bool, RunError> {
    if !super::near::on_parts(e, pos, side, within, sq) {
        return Ok(false);
    }
    if let Some(who) = within.attacked {
        let by = attack::attackers(e, who, pos.cells[sq], side);
        if attack::attacker(e, vars, pos, sq as u32, by)?.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether some run of at least `n` squares of a set lies along one of `dirs` (with
/// `exactly`, of `n` squares with no member just before or after it: five where six do not
/// count).
pub fn in_a_row(e: &Engine, pos: &Position, side: SideId, row: Row) -> bool {
    if row.exactly || e.g.step_bits.is_empty() {
        return walk_rows(e, pos, side, row);
    }
    let (t, class) = (&*e.t, &e.t.class[side as usize]);
    runs_of_bits(e, row, board_bits(row.members, class, t, &pos.cells))
}

/// [`in_a_row`] square by square, walking from each member along each direction (boards of
/// any size; the bit form must agree with it).
pub fn in_a_row_walked(
    e: &Engine,
    pos: &Position,
    side: SideId,
    n: u32,
    f: SetFilter,
    dirs: &[DirId],
) -> bool {
    let row = Row {
        n,
        members: f,
        dirs,
        exactly: false,
    };
    walk_rows(e, pos, side, row)
}

/// [`in_a_row`] by walking from each member along each direction.
fn walk_rows(e: &Engine, pos: &Position, side: SideId, row: Row) -> bool {
    walk_rows_in(e, pos, side, row, (0..e.g.n as u32, |_| true))
}

/// [`in_a_row`] among some squares only (a block's): runs start at one of `squares` and
/// stay where `inside` holds (which holds on all of `squares`).
pub fn in_a_row_within(
    e: &Engine,
    pos: &Position,
    side: SideId,
    row: Row,
    (squares, inside): (&[u32], &dyn Fn(u32) -> bool),
) -> bool {
    if !row.exactly && !e.g.step_bits.is_empty() {
        // As bits, the squares' members only: their runs cannot leave them.
        let cells = squares.iter().map(|&sq| (sq, pos.cells[sq as usize]));
        return runs_among(e, side, row, cells);
    }
    walk_rows_in(e, pos, side, row, (squares.iter().copied(), inside))
}

/// Whether the members of the set among `cells` (square, cell) make a run, as bits (boards
/// of at most 128 squares): a square starts a run of k + 1 when it is a member and the next
/// square along the direction starts a run of k.
fn runs_among(
    e: &Engine,
    side: SideId,
    row: Row,
    cells: impl Iterator<Item = (u32, Code)>,
) -> bool {
    let (t, class) = (&*e.t, &e.t.class[side as usize]);
    runs_of_bits(e, row, filter_bits(row.members, class, t, cells))
}

/// Whether the squares of `members` make a run of `row`.
fn runs_of_bits(e: &Engine, row: Row, members: u128) -> bool {
    match e.g.n <= 64 {
        // One word's shifts where the board fits in one.
        true => crate::compile::word::runs_of(&e.g, members as u64, row.n, row.dirs),
        false => crate::compile::word::runs_of(&e.g, members, row.n, row.dirs),
    }
}

/// Walks rows from each member among `starts`, through squares where `inside` holds.
fn walk_rows_in(
    e: &Engine,
    pos: &Position,
    side: SideId,
    row: Row,
    (starts, inside): (impl Iterator<Item = u32>, impl Fn(u32) -> bool),
) -> bool {
    let (g, t, class) = (&e.g, &*e.t, &e.t.class[side as usize]);
    let member = |sq: u32| {
        sq != NONE && inside(sq) && matches_filter(row.members, pos.cells[sq as usize], class, t)
    };
    let step = |d: DirId, sq: u32, table: &[u32]| table[d as usize * g.n + sq as usize];
    starts.filter(|&sq| member(sq)).any(|sq| {
        row.dirs.iter().any(|&d| {
            if row.exactly && member(step(d, sq, &g.prev)) {
                return false;
            }
            let mut end = sq;
            for _ in 1..row.n {
                end = step(d, end, &g.next);
                if !member(end) {
                    return false;
                }
            }
            !row.exactly || !member(step(d, end, &g.next))
        })
    })
}
