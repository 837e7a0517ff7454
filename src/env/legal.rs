//! The legal moves of a position as actions: each move's steps and the actions that play it,
//! the actions legal after the actions of a move begun, and the move an action completes
//! (going on by itself while only one action can follow).

use super::action_space::{ActionSpace, STOP};
use crate::compile::Engine;
use crate::run::step::move_text;
use crate::run::{MoveKey, RunError, Step};

/// An action that is not legal where it was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotLegal;

#[derive(Debug, Clone, Default)]
pub struct Moves {
    /// Every move's steps, one move after another (move `i`'s end at `step_ends[i]`); empty
    /// when the moves were named by their keys ([`crate::run::Generator::move_keys`]) and
    /// are played by their number. One list for all: the moves of the many games of a
    /// batch, each kept until its game goes on, are not a list of lists each.
    steps: Vec<Step>,
    step_ends: Vec<u32>,
    /// Every move's actions, one after another; move `i`'s are `tokens[ends[i-1]..ends[i]]`
    /// (`tokens[i]` alone when every move is one action: `ends` is then empty).
    tokens: Vec<u32>,
    ends: Vec<u32>,
    /// The first actions of the moves, in increasing order, each once.
    first: Vec<u32>,
    /// Every move is one action (so `first` lists them all).
    single: bool,
}

impl Moves {
    /// The moves `steps` of a position as actions, written over these (their lists
    /// reused; `steps` is only read, for its lists to go back to the generator at once); an
    /// error when a step has no action or two moves would be played by the same actions.
    pub fn set_steps(
        &mut self,
        space: &ActionSpace,
        e: &Engine,
        steps: &[Vec<Step>],
    ) -> Result<(), RunError> {
        self.clear();
        for m in steps {
            if space.tokens(e, m, &mut self.tokens).is_none() {
                return Err(RunError::new(format!(
                    "the move {} has a step outside the game's action space",
                    move_text(e, m)
                )));
            }
            self.ends.push(self.tokens.len() as u32);
            self.steps.extend_from_slice(m);
            self.step_ends.push(self.steps.len() as u32);
        }
        self.single = self.tokens.len() == steps.len();
        if self.single {
            self.ends.clear();
        }
        for i in 0..self.len() {
            let a = self.actions(i)[0];
            self.first.push(a);
        }
        self.first.sort_unstable();
        self.first.dedup();
        self.check_distinct(e)
    }

    /// The moves of a position named by their keys (each one step, or a pass), as actions,
    /// written over these (their lists reused).
    pub fn set_keys(&mut self, space: &ActionSpace, keys: &[MoveKey]) -> Result<(), RunError> {
        self.write_keys(space, keys)?;
        self.first.extend_from_slice(&self.tokens);
        // A placement's moves come in the order of their squares, their actions too.
        if !self.first.is_sorted_by(|a, b| a < b) {
            self.first.sort_unstable();
            self.first.dedup();
        }
        match self.first.len() == self.tokens.len() {
            true => Ok(()),
            false => Err(same_action()),
        }
    }

    /// [`Moves::set_keys`] without the first actions in increasing order: the moves' actions
    /// only, in the order of the keys ([`Moves::in_order`]; [`Moves::first`] is then empty),
    /// each told apart from the others by a bit of `seen` (one per action of the space, all
    /// clear before and after) instead of by sorting them, unless they are in increasing
    /// order already.
    pub fn name_keys(
        &mut self,
        space: &ActionSpace,
        keys: &[MoveKey],
        seen: &mut ActionBits,
    ) -> Result<(), RunError> {
        self.write_keys(space, keys)?;
        // A placement's moves come in the order of their squares: told apart as they stand.
        if self.tokens.is_sorted_by(|a, b| a < b) {
            return Ok(());
        }
        match seen.first_twice(&self.tokens) {
            None => Ok(()),
            Some(_) => {
                self.tokens.clear();
                Err(same_action())
            }
        }
    }

    /// Writes the actions of `keys` over these moves (each one action), `first` left empty.
    fn write_keys(&mut self, space: &ActionSpace, keys: &[MoveKey]) -> Result<(), RunError> {
        self.clear();
        self.single = true;
        // Written in one pass of known length (no check of room at every move); a key
        // with no action is reported after.
        let mut outside = None;
        self.tokens.extend(keys.iter().map(|k| {
            space.key_action(k).unwrap_or_else(|| {
                outside.get_or_insert(*k);
                0
            })
        }));
        match outside {
            None => Ok(()),
            Some(k) => {
                self.tokens.clear();
                Err(RunError::new(format!(
                    "a move ({k:?}) is outside the game's action space"
                )))
            }
        }
    }

    /// The actions a uniformly random action is drawn from, in the order it is drawn (the
    /// `k`-th for a number `k` below their count): when every move is one action, the
    /// moves' actions in the order the generator lists the moves (which the bit forms
    /// keep), else the legal actions after `prefix` in increasing order ([`Moves::legal`]).
    pub fn drawn_from<'a>(&'a self, prefix: &[u32], out: &'a mut Vec<u32>) -> &'a [u32] {
        match self.single && prefix.is_empty() {
            true => &self.tokens,
            false => {
                self.legal(prefix, out);
                out
            }
        }
    }

    /// The moves' actions in the order of their moves, when every move is one action.
    pub fn in_order(&self) -> Option<&[u32]> {
        self.single.then_some(&self.tokens[..])
    }

    /// No moves (the game is over).
    pub fn clear(&mut self) {
        self.steps.clear();
        self.step_ends.clear();
        self.tokens.clear();
        self.ends.clear();
        self.first.clear();
    }

    /// The first actions of the moves, in increasing order, each once: the legal actions
    /// before a move is begun.
    pub fn first(&self) -> &[u32] {
        &self.first
    }

    /// Two moves played by the same actions could not be told apart.
    fn check_distinct(&self, e: &Engine) -> Result<(), RunError> {
        if self.single && self.first.len() == self.len() {
            return Ok(());
        }
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by(|&a, &b| self.actions(a).cmp(self.actions(b)));
        match order
            .windows(2)
            .find(|w| self.actions(w[0]) == self.actions(w[1]))
        {
            None => Ok(()),
            Some(w) => Err(RunError::new(format!(
                "the moves {} and {} are played by the same actions: the action space cannot tell them apart",
                move_text(e, self.steps(w[0]).unwrap_or_default()),
                move_text(e, self.steps(w[1]).unwrap_or_default())
            ))),
        }
    }

    pub fn len(&self) -> usize {
        match self.single {
            true => self.tokens.len(),
            false => self.ends.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The actions that play move `i`.
    pub fn actions(&self, i: usize) -> &[u32] {
        if self.single {
            return &self.tokens[i..=i];
        }
        let start = match i {
            0 => 0,
            i => self.ends[i - 1] as usize,
        };
        &self.tokens[start..self.ends[i] as usize]
    }

    /// The steps of move `i`, if the moves were listed with their steps.
    pub fn steps(&self, i: usize) -> Option<&[Step]> {
        let end = *self.step_ends.get(i)? as usize;
        let start = match i {
            0 => 0,
            i => self.step_ends[i - 1] as usize,
        };
        Some(&self.steps[start..end])
    }

    /// The actions legal after `prefix` (the actions of the move begun), in increasing
    /// order: the next action of each move that begins so, and `stop` first when one such
    /// move ends here and another goes on.
    pub fn legal(&self, prefix: &[u32], out: &mut Vec<u32>) {
        out.clear();
        if prefix.is_empty() {
            out.extend_from_slice(&self.first);
            return;
        }
        let k = prefix.len();
        let mut complete = false;
        for i in 0..self.len() {
            let seq = self.actions(i);
            if seq.len() >= k && seq[..k] == *prefix {
                match seq.get(k) {
                    Some(&a) => out.push(a),
                    None => complete = true,
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        if complete && !out.is_empty() {
            out.insert(0, STOP);
        }
    }

    /// Action `a` after `prefix`: `prefix` becomes the actions of the move begun, gone on
    /// while only one action can follow; returns the move they complete, if they complete
    /// one. An action that is not legal leaves `prefix` as it was and says why not.
    pub fn advance(&self, prefix: &mut Vec<u32>, a: u32) -> Result<Option<usize>, NotLegal> {
        if self.single {
            return match prefix.is_empty() {
                true => (0..self.len())
                    .find(|&i| self.tokens[i] == a)
                    .map(Some)
                    .ok_or(NotLegal),
                false => Err(NotLegal),
            };
        }
        if a == STOP {
            let goes_on = (0..self.len()).any(|i| {
                let s = self.actions(i);
                s.len() > prefix.len() && s.starts_with(prefix)
            });
            return match (0..self.len()).find(|&i| self.actions(i) == prefix.as_slice()) {
                Some(i) if goes_on => Ok(Some(i)),
                _ => Err(NotLegal),
            };
        }
        prefix.push(a);
        loop {
            let (mut ends, mut next, mut nexts) = (None, None, 0);
            for i in 0..self.len() {
                let seq = self.actions(i);
                if !seq.starts_with(prefix) {
                    continue;
                }
                match seq.get(prefix.len()) {
                    None => ends = ends.or(Some(i)),
                    Some(&n) if next != Some(n) => {
                        next = Some(n);
                        nexts += 1;
                    }
                    Some(_) => {}
                }
            }
            match (ends, next) {
                (None, None) => {
                    prefix.pop();
                    return Err(NotLegal);
                }
                (Some(i), None) => return Ok(Some(i)),
                (None, Some(n)) if nexts == 1 => prefix.push(n),
                _ => return Ok(None),
            }
        }
    }
}

/// Two moves of one position named by one action.
fn same_action() -> RunError {
    RunError::new(
        "two moves are played by the same action: the action space cannot tell them apart",
    )
}

/// A bit for each action of a space, all clear between uses: tells a list's actions apart
/// in one pass (and one more to clear them), where sorting it would take several.
#[derive(Debug, Clone, Default)]
pub struct ActionBits {
    words: Vec<u64>,
}

impl ActionBits {
    /// Bits for the actions of `space`.
    pub fn new(space: &ActionSpace) -> ActionBits {
        ActionBits {
            words: vec![0; space.size().div_ceil(64)],
        }
    }

    /// The first action of `actions` that comes a second time, if one does; the bits are
    /// clear again after.
    pub fn first_twice(&mut self, actions: &[u32]) -> Option<u32> {
        let mut twice = None;
        for &a in actions {
            let (w, bit) = ((a / 64) as usize, 1u64 << (a % 64));
            match self.words.get_mut(w) {
                Some(word) if *word & bit != 0 => {
                    twice = Some(a);
                    break;
                }
                Some(word) => *word |= bit,
                None => {}
            }
        }
        for &a in actions {
            if let Some(word) = self.words.get_mut((a / 64) as usize) {
                *word &= !(1u64 << (a % 64));
            }
        }
        twice
    }
}
