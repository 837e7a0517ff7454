//! A random ply of a whole game on the general generator: a uniformly random legal move,
//! played (a forced pass when the side to move must pass), or the end of the game.

use super::apply::{apply, finish};
use super::fold::{Acc, Fold};
use super::runner::Runner;
use crate::run::error::RunError;
use crate::run::generator::{Ply, Seen};
use crate::run::position::Position;
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

/// The most squares a board has on which a random game makes the position after every move
/// of several steps, to draw one: larger boards count the moves and walk to the one drawn.
const SMALL_BOARD: usize = 1024;

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
        // A turn that begins with a roll: the roll is drawn first (it is no ply).
        if self.waits_for_roll(pos)? {
            let n = self.roll_outcomes(pos).len();
            self.make_roll(pos, rng.below(n as u64) as usize);
        }
        let counted = match seen {
            Some(seen) => {
                let n = self.count_plies(pos)?;
                seen.add(n);
                Some(n)
            }
            None => None,
        };
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
        if self.e.g.n <= SMALL_BOARD {
            return self.random_successor(pos, rng);
        }
        // Moves of several steps on a large board: counted, then the one drawn is walked to
        // again, so that a random game holds one position after a move however many moves
        // there are (every position after a move would be moves x squares).
        let n = match counted {
            Some(n) => n,
            None => {
                let mut acc = Acc::default();
                self.walk(pos, &Fold::Count(None), &mut acc)?;
                acc.count
            }
        };
        let found = match n {
            0 => None,
            _ => self.nth_successor(pos, rng.below(n))?.0,
        };
        let Some(after) = found else {
            return self.random_pass(pos);
        };
        self.remember(pos);
        let before = std::mem::replace(pos, after);
        self.put_pos(before);
        Ok(Ply::Played)
    }

    /// [`Runner::play_random`] with moves of several steps on a small board: the positions
    /// after every move are made (at most moves x [`SMALL_BOARD`] cells), and one is drawn.
    fn random_successor(&mut self, pos: &mut Position, rng: &mut Rng) -> Result<Ply, RunError> {
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
