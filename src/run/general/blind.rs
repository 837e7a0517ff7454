//! Moves folded in without the position after them (a blind walk): listing and plain
//! counting need no position, the walk to the move of one index needs only that move's, and
//! a move known legal under a guard needs none to be asked about.

use super::fold::{Acc, Fold, MoveEnds};
use super::movegen::ChainAt;
use super::runner::Runner;
use super::trace::Off;
use crate::run::error::{RunError, count_overflow};
use crate::run::position::Position;
use crate::run::step::Step;

impl<'p> Runner<'p> {
    /// In a blind walk (see [`Runner::blind`]) that counts, or walks to a move of one
    /// index: when every one of `steps` ends its move and folds in as one more move
    /// whatever the position after it, and the move looked for is not among them, they are
    /// counted at once (and true returned).
    pub(super) fn passes_by(&self, steps: &[Step], fold: &Fold<'p>, acc: &mut Acc) -> bool {
        let n = steps.len() as u64;
        if !self.one_each()
            || !matches!(fold, Fold::Count(None) | Fold::Nth(_))
            || left_to(fold, acc) < n
            || steps.iter().any(|st| self.continues(st))
        {
            return false;
        }
        match acc.count.checked_add(n) {
            Some(count) => {
                acc.count = count;
                acc.moves += n;
                true
            }
            None => false,
        }
    }

    /// In a walk that only counts, from `at` where the next part is the move's last (its
    /// steps end the move, each one more move): the number of its steps, counted without
    /// listing them when the part allows it (see [`Gen::count_part`]).
    ///
    /// [`Gen::count_part`]: super::movegen::Gen::count_part
    pub(super) fn last_part_counted(
        &mut self,
        pos: &Position,
        at: ChainAt,
        fold: &Fold<'p>,
    ) -> Option<u64> {
        if !matches!(fold, Fold::Count(None))
            || at.part as usize + 1 != self.e.p.moves[at.rule as usize].then.len()
            || !self.blind(fold)
            || !self.one_each()
        {
            return None;
        }
        self.generator(&mut Off).count_part(pos, at, at.part + 1)
    }

    /// Whether the walk folds in a move that ends with its next step without making the
    /// position after it: listing and plain counting need none, and the walk to the move
    /// of one index needs only that move's (when no move is turned down, folded into another
    /// or finished at its end).
    pub(super) fn blind(&self, fold: &Fold<'p>) -> bool {
        match fold {
            Fold::Ends | Fold::Count(None) => !self.e.t.legal,
            Fold::Nth(_) => self.one_each(),
            _ => false,
        }
    }

    /// Whether a walk that lists or counts folds in each move of one step that is known
    /// legal (see [`Runner::known_legal`]) without making the position after it: nothing
    /// else is asked of that position. The same for every step of the walk.
    pub(super) fn folds_known_unmade(&self, fold: &Fold<'p>) -> bool {
        matches!(fold, Fold::Ends | Fold::Count(None))
            && self.e.t.king_guard.as_ref().is_some_and(|g| g.alone)
            && !self.needs_finish(true)
    }

    /// Folds in one more move where the fold needs no position: its ends listed, or it is
    /// counted.
    pub(super) fn fold_one(
        &self,
        ends: MoveEnds,
        fold: &Fold<'p>,
        acc: &mut Acc,
    ) -> Result<(), RunError> {
        acc.moves += 1;
        match fold {
            Fold::Ends => acc.ends.push(ends),
            _ => acc.count = acc.count.checked_add(1).ok_or_else(count_overflow)?,
        }
        Ok(())
    }

    /// Whether every complete move folds in as one move, whatever the position after it:
    /// no move is turned down, folded into another or finished at its end.
    pub(super) fn one_each(&self) -> bool {
        self.e.t.plain && !self.needs_finish(true)
    }
}

/// After a first step and the moves that begin with it: the number of moves folded in so
/// far, written down when the walk marks them.
pub(super) fn mark(acc: &mut Acc) {
    if acc.marking {
        acc.marks.push(acc.count);
    }
}

/// For the walk to the move of one index: how many moves come before it still (0: the next
/// move is the one); for other folds, as many as there can be.
pub(super) fn left_to(fold: &Fold, acc: &Acc) -> u64 {
    match fold {
        Fold::Nth(k) => k.saturating_sub(acc.count),
        _ => u64::MAX,
    }
}
