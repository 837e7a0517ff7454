//! Whole games: random playouts from a position to the end.

use super::apply::{apply, finish};
use super::position::Position;
pub use super::rng::Rng;
use super::search::{RunError, Runner};
use super::step::{NONE, Step};

impl Runner<'_> {
    /// A uniformly random legal move from `pos` (whose moves are one step each), played,
    /// with the next side to move; `None` when there is none. The steps are tried in random
    /// order and the first legal one is played.
    pub fn random_move(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
        steps: &mut Vec<Step>,
    ) -> Result<Option<Position>, RunError> {
        self.tick()?;
        if self.over(pos)? {
            return Ok(None);
        }
        self.first_steps(pos, steps)?;
        let remembers = self.e.p.no_repeat.is_some();
        if remembers {
            self.history.push(&pos.cells);
        }
        let mut found = Ok(None);
        while !steps.is_empty() {
            let st = steps.swap_remove(rng.below(steps.len() as u64) as usize);
            let mut next = self.take_pos(pos);
            apply(&self.e, &mut next, &st, &mut self.scratch.work);
            let captured = st.over != NONE;
            if self.needs_finish(captured) {
                finish(&self.e, &mut next, st.to, captured);
            }
            if self.e.t.legal {
                match self.legal(&next) {
                    Ok(true) => {}
                    Ok(false) => {
                        self.put_pos(next);
                        continue;
                    }
                    Err(e) => {
                        self.put_pos(next);
                        found = Err(e);
                        break;
                    }
                }
            }
            next.mover = self.next_side(next.mover);
            found = Ok(Some(next));
            break;
        }
        if remembers {
            self.history.pop();
        }
        found
    }
}

/// How a playout ended.
pub struct Played {
    pub end: Position,
    pub plies: u32,
    /// The ply limit stopped a game that could have gone on.
    pub limited: bool,
    /// Which end rule of the game section holds at the end, when the playout found out on
    /// its way (`Some(None)`: none holds); `None` when it did not ask.
    pub end_rule: Option<Option<usize>>,
}

/// The legal moves a playout saw, when asked (`ply playout --stats`): their sum over the
/// positions where a move was played (a forced pass is one move), and those positions.
#[derive(Debug, Default, Clone, Copy)]
pub struct Seen {
    pub moves: u64,
    pub positions: u64,
}

/// Plays uniformly random legal moves from `start` until the game ends: the side to move
/// has no move (and may not or need not pass), or the game's ply limit is reached.
pub fn playout(
    runner: &mut Runner,
    start: &Position,
    rng: &mut Rng,
    scratch: &mut Vec<Position>,
) -> Result<Played, RunError> {
    playout_from(runner, start, 0, rng, scratch, None)
}

/// [`playout`] from a position `done` plies into the game (they count towards its ply
/// limit); `Played::plies` counts the plies played from `start`. With `seen`, it also counts
/// the legal moves of every position a move was played from, and whether the ply limit
/// stopped a game that could have gone on (`Played::limited`, else always false).
pub fn playout_from(
    runner: &mut Runner,
    start: &Position,
    done: u32,
    rng: &mut Rng,
    scratch: &mut Vec<Position>,
    mut seen: Option<&mut Seen>,
) -> Result<Played, RunError> {
    // Rules compiled to bits play the same game faster.
    if runner.bitboards && runner.engine().bits.is_some() {
        let e = runner.engine().clone();
        if let Some(form) = &e.bits {
            return super::bitplay::playout(runner, form, start, done, (rng, seen));
        }
    }
    let game = runner
        .engine()
        .p
        .game
        .as_ref()
        .ok_or_else(|| RunError::new("the rules file has no `game` section"))?;
    let (stuck_pass, limit) = (
        game.stuck == crate::program::Stuck::Pass,
        game.stop_after.unwrap_or(u32::MAX),
    );
    let mut pos = runner.take_pos(start);
    let mut plies = done;
    runner.forget_game();
    // Moves of one step each: try them in random order and play the first legal one, a
    // uniform choice among the legal moves without making every position after them.
    let one_step = {
        let (p, t) = (runner.engine().p, &runner.engine().t);
        !t.chains && !t.parts && !p.captures_most
    };
    let mut steps = Vec::new();
    let mut ended = false;
    while plies < limit {
        if let Some(seen) = seen.as_deref_mut() {
            let n = runner.perft(&pos, 1)?;
            if n > 0 {
                seen.moves += n;
                seen.positions += 1;
            }
        }
        if one_step {
            if let Some(next) = runner.random_move(&pos, rng, &mut steps)? {
                runner.remember(&pos);
                let before = std::mem::replace(&mut pos, next);
                runner.put_pos(before);
                plies += 1;
                continue;
            }
            scratch.clear();
        } else {
            runner.successors(&pos, scratch)?;
        }
        if scratch.is_empty() {
            if !stuck_pass || runner.end_reached(&pos)?.is_some() {
                ended = true;
                break;
            }
            let mut passed = pos.clone();
            passed.mover = runner.next_side(pos.mover);
            passed.passes = passed.passes.saturating_add(1);
            runner.remember(&pos);
            runner.successors(&passed, scratch)?;
            if scratch.is_empty() {
                ended = true;
                break;
            }
            pos = passed;
            plies += 1;
            continue;
        }
        let pick = rng.below(scratch.len() as u64) as usize;
        runner.remember(&pos);
        let before = std::mem::replace(&mut pos, scratch.swap_remove(pick));
        runner.put_pos(before);
        plies += 1;
    }
    // Stopped by the limit: did the game have a move left?
    let limited = !ended && seen.is_some() && runner.perft(&pos, 1)? > 0;
    runner.forget_game();
    Ok(Played {
        end: pos,
        plies: plies - done,
        limited,
        end_rule: None,
    })
}
