//! The general generator behind the interface every representation offers
//! ([`Generator`]): a state is a [`Position`], its children the positions after each move
//! the walk finds, with a pass for a side that must pass.

use std::rc::Rc;

use super::apply::{apply, finish};
use super::fold::{Acc, Fold};
use super::runner::Runner;
use crate::compile::Engine;
use crate::program::{EMPTY, MAX_DICE, SideId, Stuck};
use crate::run::error::RunError;
use crate::run::generator::{Generator, Ply, Seen};
use crate::run::outcome::{Ending, Known};
use crate::run::position::{Position, fold_past_empty_runs};
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

impl<'p> Runner<'p> {
    /// How many legal moves the side to move has, a forced pass counting as one.
    pub fn count_plies(&mut self, pos: &Position) -> Result<u64, RunError> {
        let mut acc = Acc::default();
        self.walk(pos, &Fold::Count(None), &mut acc)?;
        if acc.moves > 0 {
            return Ok(acc.count);
        }
        Ok(match self.pass(pos)? {
            Some(passed) => {
                self.put_pos(passed);
                1
            }
            None => 0,
        })
    }

    /// What a side with no legal move does: with `no moves: pass` and another side able to
    /// move, the position after its pass (that side to move); else the game is over.
    pub(super) fn pass(&mut self, pos: &Position) -> Result<Option<Position>, RunError> {
        let passes = self
            .e
            .p
            .game
            .as_ref()
            .is_some_and(|g| g.stuck == Stuck::Pass);
        if !passes || self.over(pos)? {
            return Ok(None);
        }
        let mut passed = self.take_pos(pos);
        passed.passes = passed.passes.saturating_add(1);
        passed.begin_turn();
        if let Some(dice) = &self.e.p.dice {
            // With dice a side that cannot move passes whatever the others could do: what
            // they can do waits for their own roll.
            passed.mover = match dice.again(&pos.roll) {
                true => pos.mover,
                false => self.next_side(pos.mover),
            };
            passed.roll = [0; MAX_DICE];
            passed.dice = 0;
            return Ok(Some(passed));
        }
        passed.mover = self.next_side(pos.mover);
        let mut acc = Acc::default();
        match self.walk(&passed, &Fold::Count(None), &mut acc) {
            Ok(()) if acc.moves > 0 => Ok(Some(passed)),
            found => {
                self.put_pos(passed);
                found.map(|_| None)
            }
        }
    }

    /// True if `pos` waits for the turn's roll: the rules roll dice, the roll is not made,
    /// and the game is not over.
    pub(super) fn waits_for_roll(&mut self, pos: &Position) -> Result<bool, RunError> {
        Ok(!self.e.t.outcomes.is_empty() && !pos.rolled() && !self.over(pos)?)
    }

    /// An error when `pos` waits for the turn's roll: no side moves before it is made.
    pub(super) fn not_waiting(&mut self, pos: &Position) -> Result<(), RunError> {
        if self.waits_for_roll(pos)? {
            return Err(RunError::new(
                "the side to move has not rolled yet: give the roll (a `roll` input item), or roll first",
            ));
        }
        Ok(())
    }

    /// The key of a position (see [`Generator::key`]).
    pub fn key(&self, pos: &Position) -> u64 {
        let t = &self.e.t;
        let mut k = self.repetition_key(pos);
        let mut extra = |x: u64, salt: u64| k ^= mix(x, salt);
        if t.passes {
            extra(u64::from(pos.passes), 1);
        }
        if !t.outcomes.is_empty() {
            extra(
                u64::from(u32::from_le_bytes(pos.roll)) | u64::from(pos.dice) << 32,
                6,
            );
        }
        if t.quiet {
            extra(u64::from(pos.quiet), 2);
        }
        if t.turns && pos.spent > 0 {
            // Within a turn, what is left of it and the board it began with.
            extra(u64::from(pos.spent), 4);
            let keys = &self.e.keys;
            let start = pos
                .turn_start
                .iter()
                .enumerate()
                .filter(|(_, c)| **c != EMPTY);
            extra(start.fold(0, |k, (sq, &c)| k ^ keys.of(c, sq)), 5);
        }
        k
    }

    /// The key of what makes a position come back (`position repeated N times`): the board,
    /// the side to move and what pieces remember (moved, marked), not the counters.
    pub fn repetition_key(&self, pos: &Position) -> u64 {
        let keys = &self.e.keys;
        // An empty square's key is 0, a ghost's none (0): runs of empty squares are passed
        // by, the other squares each read alike.
        let mut k = fold_past_empty_runs(&pos.cells, keys.mover[pos.mover as usize], |k, sq, c| {
            k ^ keys.of(c, sq)
        });
        // What else positions remember, when the rules read it.
        for (sq, &h) in pos.heights.iter().enumerate().filter(|(_, h)| **h > 1) {
            k ^= mix(u64::from(h), 2 << 32 | sq as u64);
        }
        for (code, &h) in pos.hand.iter().enumerate().filter(|(_, h)| **h != 0) {
            k ^= mix(u64::from(h), 1 << 32 | code as u64);
        }
        for (i, w) in pos.moved.iter().chain(&pos.marked).enumerate() {
            k ^= mix(*w, 3 + i as u64);
        }
        if self.e.t.last_to {
            // Where the last move landed decides where the next may go.
            k ^= mix(u64::from(pos.last.0), 7);
        }
        k
    }
}

/// A word of what a position remembers, salted by which word it is, for its key.
fn mix(x: u64, salt: u64) -> u64 {
    (x ^ salt)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

impl<'p> Generator<'p> for Runner<'p> {
    type State = Position;

    fn engine(&self) -> &Rc<Engine<'p>> {
        &self.e
    }

    fn state(&mut self, pos: &Position) -> Position {
        self.take_pos(pos)
    }

    fn position(&mut self, s: &Position) -> Position {
        self.take_pos(s)
    }

    fn state_bytes(&self, s: &Position) -> usize {
        size_of::<Position>() + s.heap_bytes()
    }

    fn mover(&self, s: &Position) -> SideId {
        s.mover
    }

    fn key(&self, s: &Position) -> u64 {
        Runner::key(self, s)
    }

    fn end(&mut self, s: &Position) -> Result<Option<usize>, RunError> {
        self.end_reached(s)
    }

    fn outcomes(&mut self, s: &Position) -> Result<usize, RunError> {
        match self.waits_for_roll(s)? {
            true => Ok(self.roll_outcomes(s).len()),
            false => Ok(0),
        }
    }

    fn turn_begins(&self, s: &Position) -> bool {
        s.dice == crate::run::position::SECOND_PLAY
    }

    fn recycle_state(&mut self, s: Position) {
        // Kept as a position given back is: a caller that makes its states elsewhere (a
        // playout's copy of its start) cannot grow the pool without bound.
        Runner::recycle(self, s);
    }

    fn rolled(&mut self, s: &Position, i: usize) -> Position {
        let mut next = self.take_pos(s);
        self.make_roll(&mut next, i);
        next
    }

    fn count(&mut self, s: &Position) -> Result<u64, RunError> {
        let n = self.outcomes(s)?;
        if n == 0 {
            return self.count_plies(s);
        }
        let mut total = 0u64;
        for i in 0..n {
            let r = self.rolled(s, i);
            let found = self.count_plies(&r);
            self.put_pos(r);
            total = total
                .checked_add(found?)
                .ok_or_else(crate::run::error::count_overflow)?;
        }
        Ok(total)
    }

    fn children(&mut self, s: &Position, out: &mut Vec<Position>) -> Result<(), RunError> {
        self.not_waiting(s)?;
        self.successors(s, out)?;
        if out.is_empty()
            && let Some(passed) = self.pass(s)?
        {
            out.push(passed);
        }
        Ok(())
    }

    /// The `k`-th child walked to alone: the moves before it are counted, not made.
    fn play_nth(&mut self, s: &Position, k: usize) -> Result<Position, RunError> {
        self.not_waiting(s)?;
        let (found, moves) = self.nth_successor(s, k as u64)?;
        if let Some(after) = found {
            return Ok(after);
        }
        let passed = match moves == 0 && k == 0 {
            true => self.pass(s)?,
            false => None,
        };
        passed.ok_or_else(|| RunError::new("there is no such legal move here"))
    }

    fn moves(
        &mut self,
        s: &Position,
        limit: usize,
        out: &mut Vec<Vec<Step>>,
    ) -> Result<u64, RunError> {
        self.not_waiting(s)?;
        let n = self.move_list_into(s, limit, out)?;
        if n > 0 {
            return Ok(n);
        }
        match self.pass(s)? {
            Some(passed) => {
                self.put_pos(passed);
                if limit > 0 {
                    out.push(Vec::new());
                }
                Ok(1)
            }
            None => Ok(0),
        }
    }

    fn recycle_moves(&mut self, moves: &mut Vec<Vec<Step>>) {
        Runner::recycle_steps(self, moves);
    }

    fn play(&mut self, s: &Position, steps: &[Step]) -> Result<Position, RunError> {
        if steps.is_empty() {
            return self
                .pass(s)?
                .ok_or_else(|| RunError::new("the side to move cannot pass here"));
        }
        let mut next = self.take_pos(s);
        for st in steps {
            apply(&self.e, &mut next, st, &mut self.scratch.work);
        }
        // As the walk finishes a move: a move of several steps, or one that jumped, may have
        // left captured pieces to take off at its end.
        let captured = steps.len() > 1 || steps[0].over != NONE;
        if self.needs_finish(captured) {
            finish(&self.e, &mut next, steps[steps.len() - 1].to, captured);
        }
        if let Err(e) = self.hand_over(&mut next) {
            self.put_pos(next);
            return Err(e);
        }
        Ok(next)
    }

    fn random_ply(
        &mut self,
        s: &mut Position,
        rng: &mut Rng,
        seen: Option<&mut Seen>,
    ) -> Result<Ply, RunError> {
        self.play_random(s, rng, seen)
    }

    fn ending(&mut self, pos: &Position, known: Known) -> Result<Ending, RunError> {
        Runner::ending(self, pos, known)
    }

    fn remember(&mut self, s: &Position) {
        Runner::remember(self, s);
    }

    fn forget_last(&mut self) {
        Runner::forget_last(self);
    }

    fn forget_game(&mut self) {
        Runner::forget_game(self);
    }

    fn swap_memory(&mut self, other: &mut crate::run::generator::Memory) {
        Runner::swap_memory(self, other);
    }

    fn recycle(&mut self, pos: Position) {
        Runner::recycle(self, pos);
    }
}
