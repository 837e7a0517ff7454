//! How whole games end by position: the game section's end rules, checked before the side
//! to move moves. A position where one holds is finished: it has no moves.

use super::runner::Runner;
use crate::run::error::RunError;
use crate::run::position::Position;

impl Runner<'_> {
    /// The first of the game's end rules that holds in `pos`, if any.
    pub fn end_reached(&mut self, pos: &Position) -> Result<Option<usize>, RunError> {
        let p = self.e.p;
        let Some(game) = &p.game else {
            return Ok(None);
        };
        self.cache.rule_lets.fill(None);
        let kept = self.cache.block_lets.get_mut();
        kept.clear();
        kept.resize(p.lets.len() * self.e.g.blocks.len(), None);
        for (i, end) in game.ends.iter().enumerate() {
            if self.eval_rule(&end.condition, pos)? != 0 {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// True when an end rule holds in `pos`: the game is over and has no moves.
    #[inline]
    pub fn over(&mut self, pos: &Position) -> Result<bool, RunError> {
        if !self.e.t.has_ends {
            return Ok(false);
        }
        Ok(self.end_reached(pos)?.is_some())
    }
}
