//! A random ply of a whole game on the general generator: a uniformly random legal move,
//! played (a forced pass when the side to move must pass), or the end of the game.

use super::apply::{apply, finish};
use super::runner::Runner;
use crate::run::error::RunError;
use crate::run::generator::{Ply, Seen};
use crate::run::position::Position;
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

impl Runner<'_> {
    /// A uniformly random legal move from `pos` (whose moves are one step each), played,
    /// with the next side to move; `None` when there is none. The steps are tried in random
    /// order and the first legal one is played.
    fn random_move(
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
            match self.hand_over(&mut next) {
                Ok(()) => {
                    found = Ok(Some(next));
                }
                Err(e) => {
                    self.put_pos(next);
                    found = Err(e);
                }
            }
            break;
        }
        if remembers {
            self.history.pop();
        }
        found
    }

    /// One ply of a random game from `pos`, played on it (see
    /// [`crate::run::generator::Generator::random_ply`]). Moves of one step each are tried
    /// in random order until one is legal, without making every position after them; other
    /// moves are all made and one is picked. `pos` is remembered as a position of the game
    /// before the one its move leads to.
    pub(super) fn play_random(
        &mut self,
        pos: &mut Position,
        rng: &mut Rng,
        seen: Option<&mut Seen>,
    ) -> Result<Ply, RunError> {
        if let Some(seen) = seen {
            seen.add(self.count_plies(pos)?);
        }
        let (t, p) = (&self.e.t, self.e.p);
        if !t.chains && !t.parts && !p.captures_most {
            let mut steps = std::mem::take(&mut self.scratch.random);
            let found = self.random_move(pos, rng, &mut steps);
            self.scratch.random = steps;
            if let Some(next) = found? {
                self.remember(pos);
                let before = std::mem::replace(pos, next);
                self.put_pos(before);
                return Ok(Ply::Played);
            }
            return self.random_pass(pos);
        }
        let mut next = std::mem::take(&mut self.scratch.successors);
        let found = self.successors(pos, &mut next);
        let played = match found {
            Ok(()) if next.is_empty() => None,
            Ok(()) => {
                let pick = rng.below(next.len() as u64) as usize;
                Some(Ok(next.swap_remove(pick)))
            }
            Err(e) => Some(Err(e)),
        };
        self.scratch.successors = next;
        match played {
            None => self.random_pass(pos),
            Some(after) => {
                let after = after?;
                self.remember(pos);
                let before = std::mem::replace(pos, after);
                self.put_pos(before);
                Ok(Ply::Played)
            }
        }
    }

    /// [`Runner::play_random`] where the side to move has no move: it passes when the rules
    /// say so and another side can move, else the game is over.
    fn random_pass(&mut self, pos: &mut Position) -> Result<Ply, RunError> {
        match self.pass(pos)? {
            Some(passed) => {
                self.remember(pos);
                let before = std::mem::replace(pos, passed);
                self.put_pos(before);
                Ok(Ply::Played)
            }
            None => Ok(Ply::Over(None)),
        }
    }
}
