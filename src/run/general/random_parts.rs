//! A random move of several parts (`... then ...`) drawn part by part, without counting
//! every move: a first step, then for each later part an index below the part's bound,
//! which makes every complete move as likely (see [`PartBounds`]).

use std::rc::Rc;

use super::apply::apply;
use super::movegen::chain_after;
use super::runner::Runner;
use super::trace::Off;
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
    /// The move ended: the position after it is a uniformly random move's.
    Ended,
    /// Turned down: an index drawn was past its part's steps.
    Failed,
    /// A part offered more steps than its bound: this position is not drawn from so.
    Unbounded,
}

impl Runner<'_> {
    /// A uniformly random move of a game whose moves have parts, drawn part by part, with
    /// the next side to move; `None` when none of [`DRAWS`] draws reached a move's end, the
    /// rules' moves cannot be drawn so, or the game is over: the caller then counts the
    /// moves and draws one. A game with a bit form is left to it too, so that both forms
    /// play the same games from one seed.
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
        let mut next = self.take_pos(pos);
        let (mut drawn, mut draws) = (Ok(Draw::Failed), 0);
        // The first steps, listed once a draw needs them (while placements are drawn as
        // squares, they are not).
        let (mut listed, mut tries) = (false, 0);
        while matches!(drawn, Ok(Draw::Failed)) && draws < DRAWS {
            let st = match self.first_drawn(pos, rng, &mut first, (&mut listed, &mut tries)) {
                Ok(Some(st)) => st,
                Ok(None) => break,
                Err(e) => {
                    drawn = Err(e);
                    break;
                }
            };
            if draws > 0 {
                // A draw turned down played some of its steps: the move starts again.
                next.copy_from(pos);
            }
            draws += 1;
            drawn = self.draw_rest(&mut next, st, bounds, rng, &mut later);
        }
        self.scratch.step_pool.push(first);
        self.scratch.step_pool.push(later);
        let handed = match drawn {
            Ok(Draw::Ended) => self.hand_over(&mut next).map(|()| true),
            Ok(Draw::Failed | Draw::Unbounded) => Ok(false),
            Err(err) => Err(err),
        };
        match handed {
            Ok(true) => Ok(Some(next)),
            other => {
                self.put_pos(next);
                other.map(|_| None)
            }
        }
    }

    /// A uniformly random first step of `pos`, `None` when it has none: in a game whose
    /// moves begin with a placement, a placement drawn as a square while the draws of
    /// [`Runner::draw_placement`] (counted in `tries`) find one; else (and after) one of the
    /// first steps, listed in `first` once (`listed`).
    fn first_drawn(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
        first: &mut Vec<Step>,
        (listed, tries): (&mut bool, &mut u32),
    ) -> Result<Option<Step>, RunError> {
        let e = Rc::clone(&self.e);
        if !*listed {
            if !e.t.placements.is_empty()
                && let Some(st) = self.draw_placement(pos, (rng, &e.t.placements), first, tries)?
            {
                return Ok(Some(st));
            }
            self.first_steps(pos, first)?;
            *listed = true;
        }
        Ok(match first.is_empty() {
            true => None,
            false => Some(first[rng.below(first.len() as u64) as usize]),
        })
    }

    /// Plays on `next` (the position the move starts from) the step `st` and, part by
    /// part, a step drawn of each later part, using `steps`' memory.
    fn draw_rest(
        &mut self,
        next: &mut Position,
        mut st: Step,
        bounds: &PartBounds,
        rng: &mut Rng,
        steps: &mut Vec<Step>,
    ) -> Result<Draw, RunError> {
        loop {
            if st.to == NONE && self.continues(&st) {
                // A later part with no square to go on from: left to the count.
                return Ok(Draw::Unbounded);
            }
            let before = (st.from != NONE).then(|| next.cells[st.from as usize]);
            apply(&self.e, next, &st, &mut self.scratch.work);
            if !self.continues(&st) {
                return Ok(Draw::Ended);
            }
            let moved = before.unwrap_or(next.cells[st.to as usize]);
            let at = chain_after(&st, moved, next);
            if self.stops_between(next, &at)? {
                // The game ends here, between parts: one move, kept by the weight of one
                // that goes on (see [`PartBounds`]).
                return Ok(match rng.below(bounds.rest(st.rule, st.part)) {
                    0 => Draw::Ended,
                    _ => Draw::Failed,
                });
            }
            // No part may be skipped (no `then, if`): the move goes on.
            let (rule, part) = (st.rule as usize, st.part as usize);
            let bound = bounds.parts[rule][part];
            let shares = &bounds.actions[rule][part];
            let chosen = if shares.is_empty() {
                self.chain_steps(next, at, steps)?;
                if steps.len() as u64 > bound {
                    return Ok(Draw::Unbounded);
                }
                steps.get(rng.below(bound) as usize).copied()
            } else {
                // The step numbered by the draw, found without listing the part.
                let index = rng.below(bound);
                self.generator(&mut Off)
                    .nth_step(next, at, (st.part + 1, shares), index, steps)?;
                steps.pop()
            };
            let Some(chosen) = chosen else {
                return Ok(Draw::Failed);
            };
            st = chosen;
        }
    }
}
