//! A random ply of a whole game on the general generator: a uniformly random legal move,
//! played (a forced pass when the side to move must pass), or the end of the game.

use std::rc::Rc;

use super::apply::{apply, finish};
use super::fold::{Acc, Fold};
use super::runner::Runner;
use super::trace::Off;
use crate::run::error::RunError;
use crate::run::generator::{Ply, Seen};
use crate::run::position::Position;
use crate::run::rng::Rng;
use crate::run::step::{NONE, Step};

/// The most squares a board has on which a random game makes the position after every move
/// of several steps, to draw one: larger boards count the moves and walk to the one drawn.
const SMALL_BOARD: usize = 1024;

/// How many candidates a random move of a game of placements draws before it lists every
/// move instead (a board with few legal placements left).
const SAMPLES: u32 = 24;

impl Runner<'_> {
    /// A uniformly random legal move from `pos` (whose moves are one step each), played,
    /// with the next side to move; `None` when there is none. When every move is a
    /// placement, candidates (an action and a square) are first drawn at random and the
    /// first legal one played; otherwise, or when [`SAMPLES`] draws find none, the steps
    /// are listed and tried in random order. Either way each legal move is as likely.
    /// With `listed`, `steps` holds the first steps already, and they are tried.
    fn random_move(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
        (steps, listed): (&mut Vec<Step>, bool),
    ) -> Result<Option<Position>, RunError> {
        self.tick()?;
        if self.over(pos)? {
            return Ok(None);
        }
        let remembers = self.e.p.no_repeat.is_some();
        if remembers {
            self.history.push(&pos.cells);
        }
        let mut found = match listed {
            true => Ok(None),
            false => self.sampled_move(pos, rng, steps),
        };
        if let Ok(None) = found {
            found = self.listed_move(pos, rng, (steps, listed));
        }
        if remembers {
            self.history.pop();
        }
        found
    }

    /// A random legal placement of a game whose moves are all placements, drawn as a
    /// candidate (rule, action, kind) and a square, [`SAMPLES`] times at most: `None` when
    /// no draw was legal (or the game's moves are not all placements). A game with a bit
    /// form draws from the list of moves, as its bit form does, so that both play the same
    /// games from one seed.
    fn sampled_move(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
        steps: &mut Vec<Step>,
    ) -> Result<Option<Position>, RunError> {
        // Called for moves of one step each: a placement is the whole move.
        let e = Rc::clone(&self.e);
        if e.t.placements.is_empty() || e.bits().is_some() {
            return Ok(None);
        }
        let mut tries = 0;
        while let Some(st) = self.draw_placement(pos, (rng, &e.t.placements), steps, &mut tries)? {
            if let Some(next) = self.legal_after(pos, &st)? {
                return Ok(Some(next));
            }
        }
        Ok(None)
    }

    /// A placement drawn as a candidate of `table` (rule, action, kind) and a square, the
    /// first that its clauses allow, [`SAMPLES`] draws at most (counted in `tries`), `None`
    /// when none is: each placement the clauses allow is as likely.
    pub(super) fn draw_placement(
        &mut self,
        pos: &Position,
        (rng, table): (&mut Rng, &[(u16, u8, u8)]),
        steps: &mut Vec<Step>,
        tries: &mut u32,
    ) -> Result<Option<Step>, RunError> {
        let n = pos.cells.len() as u64;
        let candidates = table.len() as u64 * n;
        // One generator for every draw: what it works out once for the position (its
        // conditions that ask no square, or only the block of one) serves them all.
        let mut off = Off;
        let mut generator = self.generator(&mut off);
        while *tries < SAMPLES {
            *tries += 1;
            let pick = rng.below(candidates);
            steps.clear();
            generator.placement(pos, table[(pick / n) as usize], (pick % n) as u32, steps)?;
            if let Some(st) = steps.pop() {
                return Ok(Some(st));
            }
        }
        Ok(None)
    }

    /// A random legal move from the list of every step, tried in random order.
    fn listed_move(
        &mut self,
        pos: &Position,
        rng: &mut Rng,
        (steps, listed): (&mut Vec<Step>, bool),
    ) -> Result<Option<Position>, RunError> {
        if !listed {
            self.first_steps(pos, steps)?;
        }
        while !steps.is_empty() {
            let st = steps.swap_remove(rng.below(steps.len() as u64) as usize);
            if let Some(next) = self.legal_after(pos, &st)? {
                return Ok(Some(next));
            }
        }
        Ok(None)
    }

    /// The position after step `st` from `pos` with the next side to move, or `None` when
    /// the rules do not allow the position it leads to.
    fn legal_after(&mut self, pos: &Position, st: &Step) -> Result<Option<Position>, RunError> {
        let mut next = self.take_pos(pos);
        apply(&self.e, &mut next, st, &mut self.scratch.work);
        let captured = st.over != NONE;
        if self.needs_finish(captured) {
            finish(&self.e, &mut next, st.to, captured);
        }
        let allowed = match self.e.t.legal {
            true => self.legal(&next),
            false => Ok(true),
        };
        match allowed.and_then(|ok| match ok {
            true => self.hand_over(&mut next).map(|()| true),
            false => Ok(false),
        }) {
            Ok(true) => Ok(Some(next)),
            Ok(false) => {
                self.put_pos(next);
                Ok(None)
            }
            Err(e) => {
                self.put_pos(next);
                Err(e)
            }
        }
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
        let single = {
            let (t, p) = (&self.e.t, self.e.p);
            !t.chains && !t.parts && !p.captures_most
        };
        if !single && self.one_each() {
            // Drawn part by part, unless every move is to be counted anyway.
            if seen.is_none()
                && let Some(after) = self.sampled_parts(pos, rng)?
            {
                return self.play_found(pos, Some(after));
            }
            return self.random_marked(pos, rng, seen);
        }
        let counted = match seen {
            Some(seen) => {
                let n = self.count_plies(pos)?;
                seen.add(n);
                Some(n)
            }
            None => None,
        };
        if single {
            let mut steps = std::mem::take(&mut self.scratch.random);
            let found = self.random_move(pos, rng, (&mut steps, false));
            self.scratch.random = steps;
            return self.play_found(pos, found?);
        }
        if let Some(ply) = self.random_plain(pos, rng)? {
            return Ok(ply);
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
        self.play_found(pos, found)
    }

    /// [`Runner::play_random`] with moves of several steps each of which counts as one move
    /// (see [`Runner::one_each`]): the moves are counted, with
    /// a mark after each first step, and the one drawn is walked to again, its first step
    /// found by the marks. Only its position is made.
    fn random_marked(
        &mut self,
        pos: &mut Position,
        rng: &mut Rng,
        seen: Option<&mut Seen>,
    ) -> Result<Ply, RunError> {
        let mut acc = Acc {
            marking: true,
            marks: std::mem::take(&mut self.scratch.marks),
            ..Acc::default()
        };
        acc.marks.clear();
        let counted = self.walk(pos, &Fold::Count(None), &mut acc);
        let Acc {
            count,
            moves,
            marks,
            ..
        } = acc;
        if let Err(e) = counted {
            self.scratch.marks = marks;
            return Err(e);
        }
        if let Some(seen) = seen {
            // A side with no move may pass: that is one ply too.
            seen.add(match moves {
                0 => self.count_plies(pos)?,
                _ => count,
            });
        }
        if count == 0 {
            self.scratch.marks = marks;
            return self.random_pass(pos);
        }
        let k = rng.below(count);
        let (found, _) = self.nth_marked(pos, k, marks)?;
        self.play_found(pos, found)
    }

    /// [`Runner::play_random`] with moves that may have several steps, in a position where
    /// none has: every first step ends its move and takes nothing (no jump, so no chain, and
    /// no later part), so each is one whole move, and they are tried one at a time in random
    /// order as moves of one step are, without making every position after them (a game of
    /// chains of jumps when no jump is on). `None` when some move goes on or takes a piece
    /// (a capture may be outweighed by a larger one, or folded with an identical one), or
    /// when steps take or move other pieces: the caller makes every move.
    fn random_plain(&mut self, pos: &mut Position, rng: &mut Rng) -> Result<Option<Ply>, RunError> {
        let p = self.e.p;
        // Where every statement has later parts, every first step goes on: nothing to list.
        if p.dice.is_some() || self.e.t.effects || p.moves.iter().all(|m| !m.then.is_empty()) {
            return Ok(None);
        }
        let mut steps = std::mem::take(&mut self.scratch.random);
        let found = match self.first_steps(pos, &mut steps) {
            Ok(()) => {
                let e = Rc::clone(&self.e);
                let class = &e.t.class[pos.mover as usize];
                let plain = !steps.is_empty()
                    && steps
                        .iter()
                        .all(|st| !self.continues(st) && !st.captures(class, &pos.cells));
                match plain {
                    true => self.random_move(pos, rng, (&mut steps, true)).map(Some),
                    false => Ok(None),
                }
            }
            Err(e) => Err(e),
        };
        self.scratch.random = steps;
        match found? {
            Some(found) => self.play_found(pos, found).map(Some),
            None => Ok(None),
        }
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
        let found = played.transpose()?;
        self.play_found(pos, found)
    }

    /// Plays the random move that leads to `found` on `pos`; with none, the side to move
    /// passes (see [`Runner::random_pass`]).
    fn play_found(&mut self, pos: &mut Position, found: Option<Position>) -> Result<Ply, RunError> {
        let Some(after) = found else {
            return self.random_pass(pos);
        };
        self.remember(pos);
        let before = std::mem::replace(pos, after);
        self.put_pos(before);
        Ok(Ply::Played)
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
