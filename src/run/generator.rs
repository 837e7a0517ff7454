//! The one interface of a compiled game. The rules compile to one representation, picked
//! once for a board size (`compiled.rs`): the general square-by-square generator
//! (`general/`), or, where the rules fit one, a bit form (`bits/`). Every whole-game query
//! (perft, playouts, listing the moves of a game, the agents, the server's jobs) is written
//! once against [`Generator`] (`query/`, `play/`) and never asks which representation it
//! runs on; `tests/bitboards.rs` runs each query on both and compares.
//!
//! A position is a representation's [`Generator::State`]; [`Generator::state`] and
//! [`Generator::position`] go between it and the [`Position`] every representation shares
//! (boards to draw, inputs read, results to evaluate). Moves are made by copy: the positions
//! after each move are the children of a state, in the generator's order, and
//! [`Generator::moves`] names the same moves in the same order. A side with no move that
//! must pass has one move, the pass (its steps are none, written `pass`); a game that is
//! over has none.

use std::rc::Rc;

use super::error::{RunError, count_overflow};
use super::outcome::{Ending, Known};
use super::position::Position;
use super::rng::Rng;
use super::step::Step;
use crate::compile::Engine;
use crate::program::SideId;

/// One ply of a random game (see [`Generator::random_ply`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ply {
    /// A uniformly random legal move was played (a forced pass is the one move there is).
    Played,
    /// The game is over: no move was played. What is known of the end rule that holds.
    Over(Known),
}

/// The legal moves a random game saw, when asked (`ply playout --stats`): their sum over the
/// positions a move was played from (a forced pass is one move), and those positions.
#[derive(Debug, Default, Clone, Copy)]
pub struct Seen {
    pub moves: u64,
    pub positions: u64,
}

impl Seen {
    /// A position with `n` legal moves was played from (none: nothing to count).
    #[inline(always)]
    pub fn add(&mut self, n: u64) {
        if n > 0 {
            self.moves += n;
            self.positions += 1;
        }
    }
}

/// A legal move named by its squares, when every move is one step of one piece
/// ([`Generator::move_keys`]): the square the piece leaves (`NONE` for a placement or a
/// pass), the square it lands on or is placed on (`NONE` for a pass), and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveKey {
    pub from: u32,
    pub to: u32,
    pub kind: u8,
}

/// What a representation remembers of a game ([`Generator::remember`]) kept aside, as
/// plain data: the boards and their hashes (for rules against repeating a position), and
/// the positions' repetition keys.
#[derive(Debug, Default)]
pub struct Memory {
    pub boards: Vec<crate::program::Code>,
    pub hashes: Vec<u64>,
    pub seen: Vec<u64>,
}

/// A compiled game: what every query asks of a representation of the rules. Each method
/// counts the nodes it expands against the budget of the runner underneath and stops with
/// its error when the budget runs out.
pub trait Generator<'p> {
    /// A position as this representation holds it.
    type State: Clone + PartialEq + std::fmt::Debug;

    /// The rules compiled for this board size.
    fn engine(&self) -> &Rc<Engine<'p>>;

    /// The state of a position.
    fn state(&mut self, pos: &Position) -> Self::State;

    /// The position of a state.
    fn position(&mut self, s: &Self::State) -> Position;

    /// The bytes a state takes, its own size and what it holds on the heap: what a search
    /// that keeps many states counts against its memory.
    fn state_bytes(&self, _s: &Self::State) -> usize {
        size_of::<Self::State>()
    }

    /// The side to move.
    fn mover(&self, s: &Self::State) -> SideId;

    /// A key of the position: equal positions have equal keys, in every representation
    /// (the exclusive or of a random number per piece and square and one for the side to
    /// move, [`crate::compile::keys`]; the passes in a row too, when the rules count them).
    fn key(&self, s: &Self::State) -> u64;

    /// The first end rule of the game section that holds, if one does: the game is over.
    fn end(&mut self, s: &Self::State) -> Result<Option<usize>, RunError>;

    /// How many outcomes the roll `s` waits for has (each as likely as another, listed in
    /// [`crate::compile::Tables::outcomes`]): 0 when `s` waits for none (the rules roll no
    /// dice, the turn's roll is made, or the game is over). A state that waits for a roll is
    /// a chance node: no side moves there, and no query counts its outcomes as plies.
    fn outcomes(&mut self, _s: &Self::State) -> Result<usize, RunError> {
        Ok(0)
    }

    /// The state after outcome `i` of the roll `s` waits for.
    fn rolled(&mut self, s: &Self::State, _i: usize) -> Self::State {
        s.clone()
    }

    /// True if a new turn of the side to move begins at `s` although the same side moved last
    /// (a double played a second time, `doubles twice`): whole-turn counts start a turn here.
    fn turn_begins(&self, _s: &Self::State) -> bool {
        false
    }

    /// True if the turn of `mover`, whose move reached `c`, goes on there: the same side
    /// moves, no new turn of it begins ([`Generator::turn_begins`]) and the game is not over.
    fn turn_goes_on(&mut self, mover: SideId, c: &Self::State) -> Result<bool, RunError> {
        Ok(self.mover(c) == mover && !self.turn_begins(c) && self.end(c)?.is_none())
    }

    /// Gives back a state made by [`Generator::rolled`] once it is no longer needed.
    fn recycle_state(&mut self, _s: Self::State) {}

    /// How many legal moves the side to move has (0 when the game is over); at a chance
    /// node, their sum over the outcomes of the roll.
    fn count(&mut self, s: &Self::State) -> Result<u64, RunError>;

    /// The positions after each legal move in the generator's order, the next side to move,
    /// written over `out` (whose states are reused).
    fn children(&mut self, s: &Self::State, out: &mut Vec<Self::State>) -> Result<(), RunError>;

    /// [`Generator::children`] in any order, for what only counts them: a representation may
    /// find them faster so.
    fn children_unordered(
        &mut self,
        s: &Self::State,
        out: &mut Vec<Self::State>,
    ) -> Result<(), RunError> {
        self.children(s, out)
    }

    /// How many legal moves the children of `s` have in all (the move sequences of two
    /// plies), `scratch` holding the children if they are made: a representation may count
    /// them without making them.
    fn count_children(
        &mut self,
        s: &Self::State,
        scratch: &mut Vec<Self::State>,
    ) -> Result<u64, RunError> {
        self.children_unordered(s, scratch)?;
        self.remember(s);
        let mut total = Ok(0u64);
        for c in scratch.iter() {
            total = self.count(c).and_then(|n| {
                let t = total.as_ref().copied().unwrap_or(0);
                t.checked_add(n).ok_or_else(count_overflow)
            });
            if total.is_err() {
                break;
            }
        }
        self.forget_last();
        total
    }

    /// The first `limit` legal moves, in the order of [`Generator::children`], each as the
    /// steps it takes (a pass as none), into `out`; returns how many there are in all.
    fn moves(
        &mut self,
        s: &Self::State,
        limit: usize,
        out: &mut Vec<Vec<Step>>,
    ) -> Result<u64, RunError>;

    /// The position after the legal move `steps` of `s` (as [`Generator::moves`] writes it;
    /// none for a forced pass), the next side to move: the same as its child in
    /// [`Generator::children`], made alone.
    fn play(&mut self, s: &Self::State, steps: &[Step]) -> Result<Self::State, RunError> {
        let mut moves = Vec::new();
        self.moves(s, usize::MAX, &mut moves)?;
        let Some(i) = moves.iter().position(|m| m == steps) else {
            return Err(RunError::new("the move to play is not a legal move here"));
        };
        let mut children = Vec::new();
        self.children(s, &mut children)?;
        Ok(children.swap_remove(i))
    }

    /// The legal moves of `s` named by their squares, in the order of
    /// [`Generator::children`], written over `out`, when this representation can tell them
    /// so without listing their steps (every move one step of a side's one kind of piece):
    /// true then; false, `out` untouched, when the caller must list the moves. Each key is
    /// what the move's steps in [`Generator::moves`] say of its squares and kind.
    fn move_keys(&mut self, _s: &Self::State, _out: &mut Vec<MoveKey>) -> Result<bool, RunError> {
        Ok(false)
    }

    /// [`Generator::count`], with `s` marked so that the end rules it found not to hold are
    /// not asked of `s` again (by [`Generator::nth_keyed`]; a caller that keeps a state
    /// between asking how many moves it has and playing one asks once).
    fn count_settled(&mut self, s: &mut Self::State) -> Result<u64, RunError> {
        self.count(s)
    }

    /// The `k`-th legal move of `s` in the order of [`Generator::children`], named by its
    /// squares as [`Generator::move_keys`] names it, and the state after it, found without
    /// listing the other moves; `None` when this representation does not name its moves so
    /// (the caller lists them).
    fn nth_keyed(
        &mut self,
        _s: &Self::State,
        _k: usize,
    ) -> Result<Option<(MoveKey, Self::State)>, RunError> {
        Ok(None)
    }

    /// Gives back the lists of a move list made by [`Generator::moves`] once they are no
    /// longer needed, so that the next list reuses their memory; `moves` is left empty.
    fn recycle_moves(&mut self, moves: &mut Vec<Vec<Step>>) {
        moves.clear();
    }

    /// The position after the `k`-th legal move of `s` in the order of
    /// [`Generator::children`].
    fn play_nth(&mut self, s: &Self::State, k: usize) -> Result<Self::State, RunError> {
        let mut children = Vec::new();
        self.children(s, &mut children)?;
        match k < children.len() {
            true => Ok(children.swap_remove(k)),
            false => Err(RunError::new("there is no such legal move here")),
        }
    }

    /// One ply of a random game from `s`: a uniformly random legal move drawn from `rng`
    /// and played on `s`, or the end of the game. With `seen`, the legal moves of `s` are
    /// counted into it. Two representations of the same rules play the same move with the
    /// same numbers.
    fn random_ply(
        &mut self,
        s: &mut Self::State,
        rng: &mut Rng,
        seen: Option<&mut Seen>,
    ) -> Result<Ply, RunError>;

    /// How the finished game at `pos` is reported, given what is known of the end rule
    /// that holds.
    fn ending(&mut self, pos: &Position, known: Known) -> Result<Ending, RunError>;

    /// `s` is a position of the game played so far, before the positions its moves lead to
    /// (for rules that forbid bringing a position back): remembered until
    /// [`Generator::forget_last`].
    fn remember(&mut self, s: &Self::State);

    /// Forgets the position remembered last.
    fn forget_last(&mut self);

    /// Forgets the positions of the game played so far.
    fn forget_game(&mut self);

    /// Exchanges the positions of the game remembered with `other`'s (a caller that keeps
    /// several games swaps a game's memory in before asking about it, and out after);
    /// nothing to exchange for a representation that remembers nothing.
    fn swap_memory(&mut self, _other: &mut Memory) {}

    /// Gives back a position made by [`Generator::position`] once it is no longer needed,
    /// so that the next one reuses its memory.
    fn recycle(&mut self, pos: Position);
}
