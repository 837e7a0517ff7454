//! A turn played die by die (`roll N dice, one move a die [, doubles twice] [, first roll
//! one die each]`): which moves use as many dice as can be used (the higher die when only
//! one can), when the turn goes on, a double played a second time, and the first roll that
//! decides who begins.

use super::apply::apply;
use super::runner::Runner;
use crate::program::{Dice, Roll};
use crate::run::error::RunError;
use crate::run::position::{OPENING, Position, SECOND_PLAY, USED};
use crate::run::step::Step;

impl Runner<'_> {
    /// The rules' dice when each move uses one die.
    pub(super) fn per_die(&self) -> Option<&Dice> {
        self.e.p.dice.as_ref().filter(|d| d.per_die)
    }

    /// The dice of the roll `pos` has not used this turn.
    fn dice_left(&self, pos: &Position) -> u32 {
        self.per_die().map_or(0, |d| {
            (0..d.count).filter(|&i| pos.dice & (1 << i) == 0).count() as u32
        })
    }

    /// Keeps, of the first steps `out` found on `pos`, those the dice rule allows: the moves
    /// after which the turn can use as many dice as any turn from here can, and when that is
    /// one die, only the moves of the highest face.
    pub(super) fn use_most_dice(
        &mut self,
        pos: &Position,
        out: &mut Vec<Step>,
    ) -> Result<(), RunError> {
        let left = self.dice_left(pos);
        if left < 2 || out.is_empty() {
            return Ok(());
        }
        let mut used = Vec::with_capacity(out.len());
        let mut best = 0;
        for st in out.iter() {
            let n = 1 + self.most_dice_after(pos, st, left - 1)?;
            best = best.max(n);
            used.push(n);
        }
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            used[i - 1] == best
        });
        if best == 1 {
            let high = out.iter().map(|st| st.die).max().unwrap_or(0);
            out.retain(|st| st.die == high);
        }
        Ok(())
    }

    /// The most dice the turn can still use after `st` on `pos`, at most `left`.
    fn most_dice_after(&mut self, pos: &Position, st: &Step, left: u32) -> Result<u32, RunError> {
        if left == 0 {
            return Ok(0);
        }
        let mut next = self.take_pos(pos);
        apply(&self.e, &mut next, st, &mut self.scratch.work);
        let mut steps = self.take_steps();
        let found = self.raw_first_steps(&next, &mut steps);
        let mut most = 0;
        if found.is_ok() {
            for s in &steps {
                let n = 1 + self.most_dice_after(&next, s, left - 1)?;
                most = most.max(n);
                if most == left {
                    break;
                }
            }
        }
        self.put_pos(next);
        steps.clear();
        self.scratch.step_pool.push(steps);
        found.map(|_| most)
    }

    /// Under `one move a die`, after a move that led to `after` (its mover still the side
    /// that moved): true if the turn goes on, with a die left that a move can use, or with
    /// a double to play a second time (its dice unused again).
    pub(super) fn dice_go_on(&mut self, after: &mut Position) -> Result<bool, RunError> {
        let Some(dice) = self.per_die() else {
            return Ok(false);
        };
        let (count, twice, double) = (dice.count, dice.doubles_twice, dice.double(&after.roll));
        let all = (1u8 << count) - 1;
        if after.dice & USED != all {
            let mut steps = self.take_steps();
            let found = self.raw_first_steps(after, &mut steps);
            let more = !steps.is_empty();
            steps.clear();
            self.scratch.step_pool.push(steps);
            found?;
            if more {
                return Ok(true);
            }
            after.dice = 0;
            return Ok(false);
        }
        if twice && double && after.dice & SECOND_PLAY == 0 {
            after.dice = SECOND_PLAY;
            return Ok(true);
        }
        after.dice = 0;
        Ok(false)
    }

    /// The outcomes a roll at `pos` may have: under `first roll one die each`, before the
    /// first roll, the rolls with no two dice alike.
    pub fn roll_outcomes(&self, pos: &Position) -> &[Roll] {
        match pos.dice & OPENING != 0 {
            true => &self.e.t.opening_outcomes,
            false => &self.e.t.outcomes,
        }
    }

    /// Makes the roll at `pos` come out as its outcome `i`: before the first roll under
    /// `first roll one die each`, the side whose die is highest moves first.
    pub(super) fn make_roll(&self, pos: &mut Position, i: usize) {
        if pos.dice & OPENING != 0 {
            let roll = self.e.t.opening_outcomes[i];
            let sides = self.e.p.sides.len();
            let high = (0..sides).max_by_key(|&s| roll[s]).unwrap_or(0);
            pos.mover = high as u8;
            pos.dice = 0;
            pos.roll = roll;
            return;
        }
        pos.roll = self.e.t.outcomes[i];
    }
}
