//! Random playouts of placement games in bit form ([`PlaceGame`]): every move puts a piece
//! of the side to move on an empty square where the `where` tests hold, and the game ends by
//! its end rules or when the side to move has nowhere to place.
//!
//! A placement game is the simplest game there is to play, so what costs in its playouts is
//! everything around the move: this loop keeps both sides' sets in registers, plays each
//! side's plies through code made for that side, and asks after a placement only the end
//! rules that read what a placement changes (the placing side's pieces and the empty
//! squares). It plays the game the general generator plays with the same random numbers:
//! the legal squares in square order, one number below their count picking one.

use super::bitplay::{EVERYTHING, landing, over, position_of, sets_of};
use super::playout::{Played, Rng, Seen};
use super::position::Position;
use super::search::{RunError, Runner};
use crate::compile::bitboard::{PlaceGame, READS_EMPTY, READS_MOVER, READS_SIDE};
use crate::compile::geometry::Geometry;
use crate::compile::word::{Word, all};
use crate::program::C_OWN;

/// The squares side `M` may place on: the empty ones where every `where` test holds.
#[inline(always)]
pub(super) fn targets<const M: usize, W: Word>(g: &Geometry, f: &PlaceGame, sets: &[W; 2]) -> W {
    let all = all::<W>(g);
    let (own, enemy) = (sets[M], sets[1 - M]);
    let empty = all & !(own | enemy);
    let mut out = empty & W::of(f.allowed[M]);
    for w in &f.wheres {
        let mine = if w.cells & C_OWN != 0 { own } else { W::ZERO };
        let hit = w.back[M].back(landing(w.cells & !C_OWN, empty, enemy) | mine);
        out &= if w.negated { !hit } else { hit };
    }
    out
}

/// What a placement by side `M` changes, as the end rules' `reads` name it: its pieces, the
/// empty squares and the side to move.
const fn placed(m: usize) -> u8 {
    READS_SIDE << m | READS_EMPTY | READS_MOVER
}

/// A game under way: the sets, the side to move, the plies played, and how it ended
/// (`Some(Some(rule))` by an end rule, `Some(None)` with no move for the side to move).
struct Game<W> {
    sets: [W; 2],
    mover: usize,
    plies: u32,
    limit: u32,
    over_by: Option<Option<usize>>,
}

impl<W: Word> Game<W> {
    fn going(&self) -> bool {
        self.over_by.is_none() && self.plies < self.limit
    }

    /// One ply with side `M` (the side to move) to move: its placement, then (unless the
    /// ply limit is reached with it) the end rules that can have turned true, counting the
    /// next position against the runner's budget first when it has one (`ticked`).
    #[inline(always)]
    fn ply<const M: usize>(
        &mut self,
        (runner, ticked): (&mut Runner, bool),
        (g, f): (&Geometry, &PlaceGame),
        (rng, seen): (&mut Rng, Option<&mut Seen>),
    ) -> Result<(), RunError> {
        let moves = targets::<M, W>(g, f, &self.sets);
        if moves == W::ZERO {
            self.over_by = Some(None);
            return Ok(());
        }
        let n = moves.count();
        if let Some(seen) = seen {
            seen.moves += u64::from(n);
            seen.positions += 1;
        }
        self.sets[M] |= moves.nth(rng.below(u64::from(n)) as u32);
        self.mover = 1 - M;
        self.plies += 1;
        if self.plies < self.limit {
            if ticked {
                runner.tick()?;
            }
            self.over_by = over(&f.ends, g, &self.sets, 1 - M, placed(M))?.map(Some);
        }
        Ok(())
    }
}

/// A random game from `start`, `done` plies into the game, as
/// [`super::playout::playout_from`] plays it.
pub(super) fn playout<W: Word>(
    runner: &mut Runner,
    f: &PlaceGame,
    start: &Position,
    done: u32,
    (rng, mut seen): (&mut Rng, Option<&mut Seen>),
) -> Result<Played, RunError> {
    let e = runner.engine().clone();
    let g = &e.g;
    let first: [W; 2] = sets_of(&f.code, start);
    let mut game = Game {
        sets: first,
        mover: start.mover as usize,
        plies: done,
        limit: e.ply_limit(),
        over_by: None,
    };
    let ticked = runner.budgeted();
    // The first position is asked every end rule; each later one only those its move can
    // have turned true.
    if game.plies < game.limit {
        if ticked {
            runner.tick()?;
        }
        game.over_by = over(&f.ends, g, &game.sets, game.mover, EVERYTHING)?.map(Some);
    }
    // Two plies a round, the first side's and the second's, so that which side moves is
    // known where the code is written, not asked.
    if game.mover == 1 && game.going() {
        game.ply::<1>((runner, ticked), (g, f), (rng, seen.as_deref_mut()))?;
    }
    while game.going() {
        game.ply::<0>((runner, ticked), (g, f), (rng, seen.as_deref_mut()))?;
        if !game.going() {
            break;
        }
        game.ply::<1>((runner, ticked), (g, f), (rng, seen.as_deref_mut()))?;
    }
    let Game {
        sets,
        mover,
        plies,
        over_by,
        ..
    } = game;
    let limited = over_by.is_none() && seen.is_some() && {
        let asked = over(&f.ends, g, &sets, mover, EVERYTHING)?;
        let moves = match mover {
            0 => targets::<0, W>(g, f, &sets),
            _ => targets::<1, W>(g, f, &sets),
        };
        asked.is_none() && moves != W::ZERO
    };
    let end = runner.take_pos(start);
    Ok(Played {
        end: position_of(&f.code, (&first, &sets), mover, end),
        plies: plies - done,
        limited,
        // A game stopped by the ply limit was not asked after its last move.
        end_rule: over_by,
    })
}
