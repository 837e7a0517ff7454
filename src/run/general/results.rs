//! Which result a finished game has: the first end rule of the game section that holds, or
//! a side with no move that loses or draws, or else the first `result` line whose condition
//! holds. The texts are rendered here (a result text is fixed words and numbers).

use super::runner::Runner;
use crate::program::{LineCond, Stuck, TplPart};
use crate::run::error::RunError;
use crate::run::outcome::{Ending, Known, fixed_text, stuck_ending};
use crate::run::position::Position;

impl<'p> Runner<'p> {
    /// How the game ended, if it is over at `pos` (which has `move_count` legal moves): an
    /// end rule holds, or the side to move has no move and does not pass (or passes, but no
    /// side can move). `None` for a game that goes on, or a file without a `game` section.
    pub fn finished(
        &mut self,
        pos: &Position,
        move_count: u64,
    ) -> Result<Option<Ending>, RunError> {
        let Some(game) = &self.e.p.game else {
            return Ok(None);
        };
        if self.end_reached(pos)?.is_none() {
            if move_count > 0 {
                return Ok(None);
            }
            // With dice, a position before its roll has its moves to come, and a side that
            // cannot move passes whatever the others could do.
            if !self.e.t.outcomes.is_empty() && (!pos.rolled() || game.stuck == Stuck::Pass) {
                return Ok(None);
            }
            if game.stuck == Stuck::Pass {
                let mut other = pos.clone();
                other.mover = self.next_side(pos.mover);
                let mut ends = Vec::new();
                self.move_ends(&other, &mut ends)?;
                if !ends.is_empty() {
                    return Ok(None);
                }
            }
        }
        self.ending(pos, None).map(Some)
    }

    /// How the finished game at `pos` is reported: the first end rule of the game section
    /// that holds (as far as `known` tells, else asked), or else the first `result` line
    /// whose condition holds (an `otherwise` holds when no `if` right before it did).
    pub fn ending(&mut self, pos: &Position, known: Known) -> Result<Ending, RunError> {
        let p = self.e.p;
        let game = p
            .game
            .as_ref()
            .ok_or_else(|| RunError::new("the rules file has no `game` section"))?;
        self.new_position();
        let reached = match known {
            Some(rule) => rule,
            None => self.end_reached(pos)?,
        };
        if let Some(i) = reached {
            let end = &game.ends[i];
            return Ok(Ending {
                text: self.result_text(pos, &end.text)?,
                outcome: end.outcome,
                rule: Some(i),
            });
        }
        if matches!(game.stuck, Stuck::Lose | Stuck::Draw) {
            let mut ends = Vec::new();
            self.move_ends(pos, &mut ends)?;
            if ends.is_empty() {
                return Ok(stuck_ending(p, game.stuck, pos.mover));
            }
        }
        let mut group_held = false;
        for line in &game.results {
            let holds = match &line.cond {
                LineCond::Always => true,
                LineCond::If(c) => {
                    let yes = self.eval(c, pos, pos.mover)? != 0;
                    group_held |= yes;
                    yes
                }
                LineCond::Otherwise => !std::mem::replace(&mut group_held, false),
            };
            if holds {
                return Ok(Ending {
                    text: self.result_text(pos, &line.text)?,
                    outcome: line.outcome,
                    rule: None,
                });
            }
        }
        Err(RunError::new(
            "no `result` line of the game section holds for this finished game",
        ))
    }

    /// A result's text: its words, and the values of its `{...}` (a result has no move to
    /// write the squares of).
    fn result_text(&mut self, pos: &Position, parts: &'p [TplPart]) -> Result<String, RunError> {
        // The usual result text is fixed: copied, not rendered.
        if let Some(fixed) = fixed_text(parts) {
            return Ok(fixed.to_string());
        }
        let mut out = String::new();
        for part in parts {
            match part {
                TplPart::Text(s) => out.push_str(s),
                TplPart::Value(e) => out.push_str(&self.eval(e, pos, pos.mover)?.to_string()),
                TplPart::Move | TplPart::From | TplPart::To | TplPart::Position => {
                    return Err(RunError::new("a result's text has no move to write"));
                }
            }
        }
        Ok(out)
    }
}
