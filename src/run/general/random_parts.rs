//! A random move of several parts (`... then ...`) drawn part by part, without counting
//! every move: a first step, then for each later part an index below the part's bound,
//! which makes every complete move as likely (see [`PartBounds`]).

use std::rc::Rc;

use super::apply::apply;
use super::movegen::chain_after;
use super::runner::Runner;
use crate::compile::part_bounds::PartBounds;
use crate::run::error::RunError;
use crate::run::position::Position;
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

/// How many draws a random move of several parts makes before the moves are counted and
/// one drawn instead (a position where few draws are kept).
const DRAWS: u32 = 32;

/// What one draw of a move came to.
enum Draw {
    /// The position after the move drawn, with the next side to move.
    Kept(Position),
    /// Turned down: an index drawn was past its part's steps.
    Failed,
    /// A part offered more steps than its bound: this position is not drawn from so.
    Unbounded,
}

/// How the parts of a draw went: the move ended, or as in [`Draw`].
enum Parts {
    Ended,
    Failed,
    Unbounded,
}

impl Runner<'_> {
    /// A uniformly random move of a game whose moves have parts, drawn part by part, or
    /// `None` when none of [`DRAWS`] draws reached a move's end, the rules' moves cannot be drawn so, or the
    /// game is over: the caller then counts the moves and draws one. A game with a bit
    /// form is left to it too, so that both forms play the same games from one seed.
    pub(super) fn sampled_parts(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
    ) -> Result<Option<Position>, RunError> {
        let e = Rc::clone(&self.e);
        let Some(bounds) = &e.part_bounds else {
            return Ok(None);
        };
        if e.bits().is_some() || !self.one_each() {
            return Ok(None);
        }
        self.tick()?;
        if self.over(pos)? {
            return Ok(None);
        }
        let mut first = self.take_steps();
        let mut later = self.take_steps();
        let mut found = self.first_steps(pos, &mut first).map(|()| None);
        if matches!(found, Ok(None)) && !first.is_empty() {
            for _ in 0..DRAWS {
                let st = first[rng.below(first.len() as u64) as usize];
                match self.draw_rest(pos, st, bounds, rng, &mut later) {
                    Ok(Draw::Failed) => continue,
                    Ok(Draw::Kept(next)) => found = Ok(Some(next)),
                    Ok(Draw::Unbounded) => {}
                    Err(err) => found = Err(err),
                }
                break;
            }
        }
        self.scratch.step_pool.push(first);
        self.scratch.step_pool.push(later);
        found
    }

    /// The rest of a move that begins with the step `st` from `pos`, drawn part by part
    /// into `steps`' memory.
    fn draw_rest(
        &mut self,
        pos: &Position,
        mut st: Step,
        bounds: &PartBounds,
        rng: &mut Rng,
        steps: &mut Vec<Step>,
    ) -> Result<Draw, RunError> {
        let mut next = self.take_pos(pos);
        let drawn = loop {
            if st.to == NONE && self.continues(&st) {
                // A later part with no square to go on from: left to the count.
                break Ok(Parts::Unbounded);
            }
            let before = (st.from != NONE).then(|| next.cells[st.from as usize]);
            apply(&self.e, &mut next, &st, &mut self.scratch.work);
            if !self.continues(&st) {
                break Ok(Parts::Ended);
            }
            // No part may be skipped (no `then, if`): the move goes on.
            let moved = before.unwrap_or(next.cells[st.to as usize]);
            let at = chain_after(&st, moved, &next);
            if let Err(err) = self.chain_steps(&next, at, steps) {
                break Err(err);
            }
            let bound = bounds.parts[st.rule as usize][st.part as usize];
            if steps.len() as u64 > bound {
                break Ok(Parts::Unbounded);
            }
            let pick = rng.below(bound);
            let Some(&chosen) = steps.get(pick as usize) else {
                break Ok(Parts::Failed);
            };
            st = chosen;
        };
        let refused = match drawn {
            Ok(Parts::Ended) => None,
            Ok(Parts::Failed) => Some(Ok(Draw::Failed)),
            Ok(Parts::Unbounded) => Some(Ok(Draw::Unbounded)),
            Err(err) => Some(Err(err)),
        };
        if let Some(refused) = refused {
            self.put_pos(next);
            return refused;
        }
        match self.hand_over(&mut next) {
            Ok(()) => Ok(Draw::Kept(next)),
            Err(err) => {
                self.put_pos(next);
                Err(err)
            }
        }
    }
}
