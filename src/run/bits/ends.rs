//! The end rules of a game in bit form, asked of the sets of pieces: only the rules that
//! read what the last move changed are asked again.

use crate::compile::bits::{BitEnds, BitExpr, BitRegions, READS_EMPTY, READS_MOVER, READS_SIDE};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all};
use crate::program::{BorderFilter, Op};
use crate::run::error::{RunError, overflow};
use crate::run::eval::binary;
use crate::run::general::regions::{border_ok, size_ok};

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
        BitExpr::Regions(r) => regions(r, sets, mover)?,
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

/// Whether an end rule holds: the tests games end on most often answered in place, and
/// two of them joined by `and` or `or`; the rest by [`value`].
#[inline(always)]
fn holds<W: Word>(
    e: &BitExpr,
    g: &Geometry,
    sets: &[W; 2],
    mover: usize,
) -> Result<bool, RunError> {
    Ok(match e {
        BitExpr::Bin(Op::Or, a, b) => test(a, g, sets, mover)? || test(b, g, sets, mover)?,
        BitExpr::Bin(Op::And, a, b) => test(a, g, sets, mover)? && test(b, g, sets, mover)?,
        _ => test(e, g, sets, mover)?,
    })
}

/// [`holds`] of one test.
#[inline(always)]
fn test<W: Word>(e: &BitExpr, g: &Geometry, sets: &[W; 2], mover: usize) -> Result<bool, RunError> {
    Ok(match e {
        BitExpr::Any(per_viewer) => within(per_viewer, sets, mover) != W::ZERO,
        BitExpr::No(per_viewer) => within(per_viewer, sets, mover) == W::ZERO,
        BitExpr::InARow([Some(s), _], rows) if mover == 0 => rows.any(sets[*s]),
        BitExpr::InARow([_, Some(s)], rows) if mover == 1 => rows.any(sets[*s]),
        BitExpr::Regions(r) if r.exists => regions(r, sets, mover)? != 0,
        _ => value(e, g, sets, mover)? != 0,
    })
}

/// The squares next to `set`, one step along each of `r`'s directions.
#[inline(always)]
fn around<W: Word>(r: &BitRegions, set: W) -> W {
    let up = (r.up.iter()).fold(W::ZERO, |next, &(n, m)| {
        next | (set & W::of(m)).short_shl(n)
    });
    (r.down.iter()).fold(up, |next, &(n, m)| next | (set & W::of(m)).short_shr(n))
}

/// The region of `members` grown from `from` (members themselves), stopping early once it
/// has a square of `stop`.
#[inline(always)]
fn grow<W: Word>(r: &BitRegions, from: W, members: W, stop: W) -> W {
    let mut region = from;
    loop {
        let grown = (region | around(r, region)) & members;
        if grown == region || grown & stop != W::ZERO {
            return grown;
        }
        region = grown;
    }
}

/// How many regions `r` counts with `mover` to move (1 at most when it asks whether there
/// is one): the regions are grown one at a time from their members on the first area asked
/// (or from any member), and each is taken when it has what the query asks.
fn regions<W: Word>(r: &BitRegions, sets: &[W; 2], mover: usize) -> Result<i64, RunError> {
    let members = within(&r.members, sets, mover);
    let touching = &r.touching[mover];
    let mut starts = match touching.first() {
        Some(&first) => members & W::of(first),
        None => members,
    };
    if r.exists && r.by_areas() {
        // Some region touches every area when a member on the first one does, and, for
        // two areas, when the regions grown from all of them at once reach the second.
        match touching.get(1..).unwrap_or_default() {
            [] => return Ok(i64::from(starts != W::ZERO)),
            [second] => {
                let second = W::of(*second);
                if members & second == W::ZERO {
                    return Ok(0);
                }
                let grown = grow(r, starts, members, second);
                return Ok(i64::from(grown & second != W::ZERO));
            }
            _ => {}
        }
    }
    let seeds = r.containing.map(|c| within(&c, sets, mover));
    let mut count = 0;
    while starts != W::ZERO {
        let region = grow(r, starts.lowest(), members, W::ZERO);
        starts &= !region;
        let taken = touching.iter().all(|&a| region & W::of(a) != W::ZERO)
            && seeds.is_none_or(|s| region & s != W::ZERO)
            && size_ok(r.size, region.count())
            && (r.border == BorderFilter::All && !r.no_liberty || neighbours_ok(r, region, sets));
        if taken {
            count += 1;
            if r.exists {
                break;
            }
        }
    }
    Ok(count)
}

/// Whether the squares next to `region` (outside it) are as `r` asks: bordered as asked,
/// and none empty when it asks for no empty neighbour.
fn neighbours_ok<W: Word>(r: &BitRegions, region: W, sets: &[W; 2]) -> bool {
    let next = around(r, region) & !region;
    let border = |s: usize| next & sets[s] != W::ZERO;
    let sides = u32::from(border(0)) | u32::from(border(1)) << 1;
    let open = next & !(sets[0] | sets[1]) != W::ZERO;
    !(r.no_liberty && open) && border_ok(r.border, sides)
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
