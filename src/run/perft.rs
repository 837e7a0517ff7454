//! Perft: the number of move sequences of exactly N plies, in all or per first move.

use super::position::Position;
use super::search::{RunError, Runner};
use super::walk::{Acc, Fold};
use crate::compile::bitboard::BitForm;
use crate::program::Stuck;

impl Runner<'_> {
    /// The number of move sequences of exactly `depth` plies from `pos`. A side with no move
    /// passes (a ply) when the game says so and the other side can move; a game that ends
    /// before `depth` contributes nothing.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> Result<u64, RunError> {
        if depth == 0 {
            return Ok(1);
        }
        // Rules compiled to bits count the same sequences faster.
        if self.bitboards && self.e.bits.is_some() {
            let e = self.e.clone();
            return match &e.bits {
                Some(BitForm::Flip(f)) => super::bitplay::perft(self, f, pos, depth),
                Some(BitForm::Step(f)) => super::bitplay::ended_perft(self, f, pos, depth),
                Some(BitForm::Place(f)) => super::bitplay::ended_perft(self, f, pos, depth),
                Some(BitForm::Jump(f)) => super::bitjump::perft(self, f, pos, depth),
                None => unreachable!("checked above"),
            };
        }
        let mut acc = Acc::default();
        let fold = if depth == 1 {
            Fold::Count(None)
        } else {
            Fold::Perft(depth)
        };
        self.walk(pos, &fold, &mut acc)?;
        if acc.moves > 0 {
            return Ok(acc.count);
        }
        self.after_no_move(pos, |r, passed| r.perft(passed, depth - 1))
    }

    /// Perft per first move: each move written as its squares (`pass` for a pass).
    pub fn perft_divide(
        &mut self,
        pos: &Position,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, RunError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut acc = Acc::default();
        self.walk(pos, &Fold::Divide(depth), &mut acc)?;
        if acc.moves == 0 {
            let n = self.after_no_move(pos, |r, passed| r.perft(passed, depth - 1))?;
            if n > 0 {
                acc.divide.push(("pass".to_string(), n));
            }
        }
        Ok(acc.divide)
    }

    /// What a side with no legal move does: with `no moves: pass` and another side able to
    /// move, `then` continues from the position with that side to move; else the game is over.
    fn after_no_move(
        &mut self,
        pos: &Position,
        then: impl FnOnce(&mut Self, &Position) -> Result<u64, RunError>,
    ) -> Result<u64, RunError> {
        let passes = self
            .e
            .p
            .game
            .as_ref()
            .is_some_and(|g| g.stuck == Stuck::Pass);
        if !passes || self.over(pos)? {
            return Ok(0);
        }
        let mut passed = self.take_pos(pos);
        passed.mover = self.next_side(pos.mover);
        passed.passes = passed.passes.saturating_add(1);
        let mut acc = Acc::default();
        let r = self
            .walk(&passed, &Fold::Count(None), &mut acc)
            .and_then(|_| {
                if acc.moves > 0 {
                    then(self, &passed)
                } else {
                    Ok(0)
                }
            });
        self.put_pos(passed);
        r
    }
}
