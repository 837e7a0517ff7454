//! Random playouts of a game compiled to bits ([`crate::compile::bitboard`]): the pieces of
//! each side as one set of squares, the legal placements of a side as directional fills,
//! the runs a placement flips by walking the set. The game played is the one the general
//! playout plays with the same random numbers: the legal moves are numbered in square order,
//! as the generator lists them, and one number below their count picks the move.

use super::playout::{Played, Rng, Seen};
use super::position::Position;
use super::search::{RunError, Runner};
use crate::compile::bitboard::FlipGame;
use crate::compile::geometry::Geometry;
use crate::program::{DirId, EMPTY};

/// `set` moved one step along `d` (squares whose step leaves the board drop out).
#[inline(always)]
fn forward(g: &Geometry, set: u128, d: DirId) -> u128 {
    let m = set & g.step_bits[d as usize];
    let stride = g.stride[d as usize];
    if stride >= 0 {
        m << stride
    } else {
        m >> -stride
    }
}

/// The empty squares where a side with pieces `own` may place, against `enemy`: those from
/// which, along a direction, a run of enemy pieces is closed by an own piece.
fn placements(g: &Geometry, f: &FlipGame, dirs: &[DirId], own: u128, enemy: u128) -> u128 {
    let empty = all_squares(g) & !(own | enemy);
    let mut out = 0;
    for &d in dirs {
        // Enemy squares from which the way along `d` goes over enemies to an own piece.
        let mut closed = enemy & g.step_back(own, d);
        for _ in 2..f.longest {
            let more = closed | (enemy & g.step_back(closed, d));
            if more == closed {
                break;
            }
            closed = more;
        }
        out |= empty & g.step_back(closed, d);
    }
    out
}

/// Every square of the board, as bits.
#[inline(always)]
fn all_squares(g: &Geometry) -> u128 {
    if g.n == 128 {
        u128::MAX
    } else {
        (1u128 << g.n) - 1
    }
}

/// The enemy pieces a placement on `sq` turns.
fn flipped(g: &Geometry, dirs: &[DirId], sq: u32, own: u128, enemy: u128) -> u128 {
    let mut out = 0;
    for &d in dirs {
        let mut run = 0;
        let mut at = forward(g, 1u128 << sq, d);
        while at & enemy != 0 {
            run |= at;
            at = forward(g, at, d);
        }
        if at & own != 0 {
            out |= run;
        }
    }
    out
}

/// A random game from `start`, `done` plies into the game, as [`super::playout::playout_from`]
/// plays it.
pub fn playout(
    runner: &mut Runner,
    f: &FlipGame,
    start: &Position,
    done: u32,
    rng: &mut Rng,
    mut seen: Option<&mut Seen>,
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let (g, limit) = (&e.g, e.p.game.as_ref().and_then(|g| g.stop_after));
    let limit = limit.unwrap_or(u32::MAX);
    let mut sets = [0u128; 2];
    for (sq, &c) in start.cells.iter().enumerate() {
        if let Some(side) = f.code.iter().position(|&k| k == c) {
            sets[side] |= 1 << sq;
        }
    }
    let (mut mover, mut passes) = (start.mover as usize, start.passes);
    let mut plies = done;
    let mut ended = false;
    let moves_of =
        |side: usize, sets: &[u128; 2]| placements(g, f, &f.dirs[side], sets[side], sets[1 - side]);
    while plies < limit {
        runner.tick()?;
        let moves = moves_of(mover, &sets);
        if let Some(seen) = seen.as_deref_mut() {
            let n = match moves.count_ones() {
                0 => u32::from(moves_of(1 - mover, &sets) != 0),
                n => n,
            };
            if n > 0 {
                seen.moves += u64::from(n);
                seen.positions += 1;
            }
        }
        if moves != 0 {
            let mut m = moves;
            for _ in 0..rng.below(u64::from(moves.count_ones())) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros();
            let (own, enemy) = (sets[mover], sets[1 - mover]);
            let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
            sets[mover] = own | turned | 1 << sq;
            sets[1 - mover] = enemy & !turned;
        } else if moves_of(1 - mover, &sets) != 0 {
            passes = passes.saturating_add(1);
        } else {
            ended = true;
            break;
        }
        mover = 1 - mover;
        plies += 1;
    }
    let limited =
        !ended && seen.is_some() && (moves_of(mover, &sets) | moves_of(1 - mover, &sets)) != 0;
    let mut end = start.clone();
    for sq in 0..g.n {
        let code = match (sets[0] >> sq & 1, sets[1] >> sq & 1) {
            (1, _) => f.code[0],
            (_, 1) => f.code[1],
            _ => EMPTY,
        };
        if end.cells[sq] != code {
            end.set(sq, code);
        }
    }
    end.mover = mover as u8;
    end.passes = passes;
    Ok(Played {
        end,
        plies: plies - done,
        limited,
    })
}

/// The number of move sequences of exactly `depth` plies from `pos`, as
/// [`Runner::perft`] counts them (a pass is a ply when the other side can move; a game that
/// ends earlier counts nothing).
pub fn perft(
    runner: &mut Runner,
    f: &FlipGame,
    pos: &Position,
    depth: u32,
) -> Result<u64, RunError> {
    let e = runner.engine().clone();
    let mut sets = [0u128; 2];
    for (sq, &c) in pos.cells.iter().enumerate() {
        if let Some(side) = f.code.iter().position(|&k| k == c) {
            sets[side] |= 1 << sq;
        }
    }
    let mover = pos.mover as usize;
    count(
        runner,
        &e.g,
        f,
        [sets[mover], sets[1 - mover]],
        mover,
        depth,
    )
}

/// [`perft`] of the position where the side `mover` has the pieces `sets[0]` and the other
/// side `sets[1]`.
fn count(
    runner: &mut Runner,
    g: &Geometry,
    f: &FlipGame,
    sets: [u128; 2],
    mover: usize,
    depth: u32,
) -> Result<u64, RunError> {
    if depth == 0 {
        return Ok(1);
    }
    runner.tick()?;
    let [own, enemy] = sets;
    let moves = placements(g, f, &f.dirs[mover], own, enemy);
    if moves == 0 {
        let other = placements(g, f, &f.dirs[1 - mover], enemy, own);
        return match other {
            0 => Ok(0),
            _ if depth == 1 => Ok(1),
            _ => count(runner, g, f, [enemy, own], 1 - mover, depth - 1),
        };
    }
    if depth == 1 {
        return Ok(u64::from(moves.count_ones()));
    }
    let mut total = 0u64;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let turned = flipped(g, &f.dirs[mover], sq, own, enemy);
        let next = [enemy & !turned, own | turned | 1 << sq];
        total = total
            .checked_add(count(runner, g, f, next, 1 - mover, depth - 1)?)
            .ok_or_else(|| RunError::new("the count passed 64 bits"))?;
    }
    Ok(total)
}
