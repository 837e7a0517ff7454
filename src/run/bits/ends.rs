//! The end rules of a game in bit form, asked of the sets of pieces: only the rules that
//! read what the last move changed are asked again.

use crate::compile::bits::{BitEnds, BitExpr, READS_EMPTY, READS_MOVER, READS_SIDE};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all};
use crate::program::Op;
use crate::run::error::{RunError, overflow};
use crate::run::eval::binary;

/// The value of a bit-form expression for the sets `sets` (indexed by side), `mover` to move.
fn value<W: Word>(e: &BitExpr, g: &Geometry, sets: &[W; 2], mover: usize) -> Result<i64, RunError> {
    Ok(match e {
        BitExpr::Int(v) => *v,
        BitExpr::Not(x) => i64::from(value(x, g, sets, mover)? == 0),
        BitExpr::Neg(x) => value(x, g, sets, mover)?
            .checked_neg()
            .ok_or_else(overflow)?,
        BitExpr::ToMove(s) => i64::from(*s as usize == mover),
        BitExpr::Count(per_viewer) => i64::from(within(per_viewer, sets, mover).count()),
        BitExpr::Any(per_viewer) => i64::from(within(per_viewer, sets, mover) != W::ZERO),
        BitExpr::No(per_viewer) => i64::from(within(per_viewer, sets, mover) == W::ZERO),
        BitExpr::InARow(per_viewer, rows) => {
            let members = match per_viewer[mover] {
                Some(s) => sets[s],
                None => all::<W>(g) & !(sets[0] | sets[1]),
            };
            i64::from(rows.any(members))
        }
        BitExpr::Bin(op, a, b) => {
            let x = value(a, g, sets, mover)?;
            match op {
                Op::And if x == 0 => return Ok(0),
                Op::Or if x != 0 => return Ok(1),
                _ => {}
            }
            binary(*op, x, value(b, g, sets, mover)?)?
        }
    })
}

/// The squares of a counted set (as the side to move sees it) inside its mask.
#[inline(always)]
fn within<W: Word>(per_viewer: &[(Option<usize>, u128); 2], sets: &[W; 2], mover: usize) -> W {
    let (set, mask) = per_viewer[mover];
    let squares = match set {
        Some(s) => sets[s],
        None => !(sets[0] | sets[1]),
    };
    squares & W::of(mask)
}

/// Whether an end rule holds with `mover` to move, asking only the rules that read
/// something in `changed` (what the last move changed, as [`changes`] tells; the others were
/// found false before it).
#[inline(always)]
pub fn over<W: Word>(
    ends: &BitEnds,
    g: &Geometry,
    sets: &[W; 2],
    mover: usize,
    changed: u8,
) -> Result<Option<usize>, RunError> {
    for (i, end) in ends.iter().enumerate() {
        if end.reads & changed != 0 && holds(&end.rule, g, sets, mover)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Whether an end rule holds: the tests games end on most often answered in place, the
/// rest by [`value`].
#[inline(always)]
fn holds<W: Word>(
    e: &BitExpr,
    g: &Geometry,
    sets: &[W; 2],
    mover: usize,
) -> Result<bool, RunError> {
    Ok(match e {
        BitExpr::Any(per_viewer) => within(per_viewer, sets, mover) != W::ZERO,
        BitExpr::No(per_viewer) => within(per_viewer, sets, mover) == W::ZERO,
        BitExpr::InARow([Some(s), _], rows) if mover == 0 => rows.any(sets[*s]),
        BitExpr::InARow([_, Some(s)], rows) if mover == 1 => rows.any(sets[*s]),
        _ => value(e, g, sets, mover)? != 0,
    })
}

/// Everything an end rule can read: for a position not reached by a known move.
pub const EVERYTHING: u8 = READS_SIDE | READS_SIDE << 1 | READS_EMPTY | READS_MOVER;

/// What a move from `before` to `after` changed, as [`crate::compile::bits::BitEnd::reads`] names it (the side
/// to move always changes).
#[inline(always)]
pub fn changes<W: Word>(before: &[W; 2], after: &[W; 2]) -> u8 {
    let differs = |a: W, b: W, bit: u8| if a != b { bit } else { 0 };
    READS_MOVER
        | differs(before[0], after[0], READS_SIDE)
        | differs(before[1], after[1], READS_SIDE << 1)
        | differs(before[0] | before[1], after[0] | after[1], READS_EMPTY)
}
